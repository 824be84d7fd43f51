// Buffer resources (V#s) made with clang's builtins, read and written through MUBUF with
// robust buffer access: a raw resource (stride 0, OOB_SELECT 3) covers exactly the buffer, so
// loads past its end read 0 and stores past it are dropped (the grid's last work-items reach
// past both); a 128-bit load whose dwords are partly out of range keeps the ones inside; a
// byte and a short load; a soffset.
#include "rdna3.h"

// Dword 3 of the V#: format 4 (bound), OOB_SELECT 3 (raw).
#define RAW 0x30004000

__kernel void buffer_robust(__global uint *out, __global uint *out4, __global const uint *in, uint n, int shift) {
    __amdgpu_buffer_rsrc_t src = __builtin_amdgcn_make_buffer_rsrc((__global void *)in, 0, (int)(n * 4), RAW);
    __amdgpu_buffer_rsrc_t dst = __builtin_amdgcn_make_buffer_rsrc(out, 0, (int)(n * 4), RAW);
    __amdgpu_buffer_rsrc_t dst4 = __builtin_amdgcn_make_buffer_rsrc(out4, 0, (int)(n * 4), RAW);
    uint i = gid_x();
    uint v = __builtin_amdgcn_raw_buffer_load_b32(src, (int)(i + shift) * 4, 0, 0);
    uint b = __builtin_amdgcn_raw_buffer_load_b8(src, (int)i * 3 + 1, 0, 0);
    uint h = __builtin_amdgcn_raw_buffer_load_b16(src, (int)i * 2, 4, 0);
    __builtin_amdgcn_raw_buffer_store_b32(v * 3 + 1 + (b << 8) + (h << 16), dst, (int)i * 4, 0, 0);
    // Four dwords from dword 3i + shift: past the end, only the dwords inside are read.
    uint4 w = __builtin_amdgcn_raw_buffer_load_b128(src, (int)(3 * i + shift) * 4, 0, 0);
    __builtin_amdgcn_raw_buffer_store_b32(w.x ^ w.y * 5 ^ w.z * 7 ^ w.w * 11, dst4, (int)i * 4, 0, 0);
}
