// Cross-lane operations of the LDS unit that touch no LDS memory, and LDS append: a wave32
// workgroup (32 work-items, one wave) each.
//  - lanes: per work-item, the sum over its wave by a butterfly of ds_bpermute_b32 (lane ^ k),
//    the value of lane l - 5 sent by ds_permute_b32, and three ds_swizzle_b32 patterns: the
//    quads reversed, lane 0 of each group of eight broadcast, and a rotation by one lane.
//  - compact: the odd values of each wave, in lane order, at consecutive places from a
//    counter in LDS that ds_append advances, and each wave's count.
#include "rdna3.h"

__kernel void lanes(__global const uint *in, __global uint *out) {
    uint l = lid_x(), i = gid_x();
    int v = (int)in[i];
    int s = v;
    for (uint k = 1; k < 32; k <<= 1) s += __builtin_amdgcn_ds_bpermute((int)((l ^ k) << 2), s);
    out[5 * i] = (uint)s;
    out[5 * i + 1] = (uint)__builtin_amdgcn_ds_permute((int)(((l + 5) & 31) << 2), v);
    out[5 * i + 2] = (uint)__builtin_amdgcn_ds_swizzle(v, 0x801b);
    out[5 * i + 3] = (uint)__builtin_amdgcn_ds_swizzle(v, 0x0018);
    out[5 * i + 4] = (uint)__builtin_amdgcn_ds_swizzle(v, 0xc020);
}

__kernel void compact(__global const uint *in, __global uint *out, __global uint *counts) {
    __local int counter;
    uint l = lid_x(), i = gid_x();
    if (l == 0) counter = 0;
    barrier_local();
    uint v = in[i];
    if (v & 1) {
        int base = __builtin_amdgcn_ds_append(&counter);
        uint rank = __builtin_amdgcn_mbcnt_lo(__builtin_amdgcn_ballot_w32(true), 0);
        out[32 * group_x() + (uint)base + rank] = v;
    }
    barrier_local();
    if (l == 0) counts[group_x()] = (uint)counter;
}
