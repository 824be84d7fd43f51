// clang-flags: -cl-fp32-correctly-rounded-divide-sqrt
// Correctly rounded f32 division and square root: with this flag clang expands `/` into
// v_div_scale / v_rcp / fma refinement / v_div_fmas / v_div_fixup, and sqrt into v_sqrt with
// a one-ulp correction by fma residuals (without it, div.cl and sqrt.cl get the 2.5 ulp and
// 1 ulp versions).
#include "rdna3.h"

__kernel void float_div_cr(__global const float *a, __global const float *b, __global float *out, uint n) {
    uint i = gid_x();
    if (i < n) out[i] = a[i] / b[i];
}

__kernel void sqrt_f32_cr(__global const float *a, __global float *out, uint n) {
    uint i = gid_x();
    if (i < n) out[i] = __builtin_sqrtf(a[i]);
}
