// Float atomics in LDS, a wave32 workgroup (32 work-items, one wave) each, so that the lanes
// meet in lane order and the sums are exact to predict:
//  - per work-item, the value it found in one of four F32 accumulators before adding its own
//    (ds_add_rtn_f32), and the accumulators' sums;
//  - a sum of halves whose result nobody reads (ds_add_f32);
//  - the wave's F32 minimum (ds_min_f32, -0 below +0) and the maxima of its even and odd
//    lanes as F64 (ds_max_f64).
// The kernels use no F64 arithmetic or conversion, which the RTL does not execute yet.
#include "rdna3.h"

// v as an F64, by integer operations (the RTL has no F64 conversion yet): exact for zeros and
// normal values, the only ones the test gives.
static double widen(float v) {
    uint u = as_uint(v);
    ulong sign = (ulong)(u & 0x80000000u) << 32;
    if ((u & 0x7fffffffu) == 0) return as_double(sign);
    return as_double(sign | (ulong)(((u >> 23) & 0xffu) + 896u) << 52 | (ulong)(u & 0x7fffffu) << 29);
}

__kernel void lds_fatomics(__global const float *in, __global float *old, __global uint *out) {
    __local float acc[4];
    __local float half_sum;
    __local float lo;
    __local double hi[2];
    uint l = lid_x(), i = gid_x();
    if (l < 4) acc[l] = 0.0f;
    if (l == 0) {
        half_sum = 0.0f;
        lo = INFINITY;
        hi[0] = -INFINITY;
        hi[1] = -INFINITY;
    }
    barrier_local();
    float v = in[i];
    old[i] = __atomic_fetch_add(&acc[l & 3], v, __ATOMIC_RELAXED);
    __atomic_fetch_add(&half_sum, 0.5f * v, __ATOMIC_RELAXED);
    __atomic_fetch_min(&lo, v, __ATOMIC_RELAXED);
    // (Two maxima, of the even and the odd lanes: a divergent address keeps the compiler from
    // reducing across lanes with v_max_f64 first.)
    __atomic_fetch_max(&hi[l & 1], widen(v), __ATOMIC_RELAXED);
    barrier_local();
    if (l < 4) out[10 * group_x() + l] = as_uint(acc[l]);
    if (l == 0) {
        out[10 * group_x() + 4] = as_uint(half_sum);
        out[10 * group_x() + 5] = as_uint(lo);
        ulong h0 = as_ulong(hi[0]), h1 = as_ulong(hi[1]);
        out[10 * group_x() + 6] = (uint)h0;
        out[10 * group_x() + 7] = (uint)(h0 >> 32);
        out[10 * group_x() + 8] = (uint)h1;
        out[10 * group_x() + 9] = (uint)(h1 >> 32);
    }
}

// F32 atomic adds in global memory (global_atomic_add_f32 with GLC, through the builtin: clang
// turns a plain atomic add into a compare-swap loop): one wave, eight accumulators, each lane
// gets the value before its add, the lanes adding in lane order.
__kernel void global_fadd(__global const float *in, __global float *acc, __global float *old) {
    uint i = gid_x();
    old[i] = __builtin_amdgcn_global_atomic_fadd_f32(&acc[i & 7], in[i]);
}
