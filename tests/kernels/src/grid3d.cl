// A 3D grid whose extent is not a multiple of the workgroup in any dimension: every
// work-item checks its own bounds, and records its local and group IDs (from v0 and the
// workgroup-ID SGPRs) and what the HSA dispatch packet says about the launch.
#include "rdna3.h"

__kernel void grid3d(__global uint *out, uint w, uint h, uint d) {
    uint x = gid_x(), y = gid_y(), z = gid_z();
    if (x >= w || y >= h || z >= d) return;
    // hsa_kernel_dispatch_packet_t: workgroup_size_{x,y,z} (u16) at bytes 4..10,
    // grid_size_{x,y,z} (u32, in work-items) at bytes 12..24.
    __constant ushort *p16 = (__constant ushort *)__builtin_amdgcn_dispatch_ptr();
    __constant uint *p32 = (__constant uint *)__builtin_amdgcn_dispatch_ptr();
    __global uint *o = out + 4 * ((z * h + y) * w + x);
    o[0] = lid_x() | lid_y() << 10 | lid_z() << 20;
    o[1] = group_x() | group_y() << 10 | group_z() << 20;
    o[2] = p16[2] | p16[3] << 10 | p16[4] << 20;
    o[3] = p32[3] ^ p32[4] << 10 ^ p32[5] << 20;
}
