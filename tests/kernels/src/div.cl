// Integer division and remainder (expanded by the compiler into reciprocal sequences); f32
// division as OpenCL allows it by default (2.5 ulp: v_frexp, v_rcp, v_mul, v_ldexp; see
// correctly_rounded.cl for the exact one); correctly rounded f64 division (v_div_scale,
// v_rcp_f64, fma refinement, v_div_fmas, v_div_fixup).
#include "rdna3.h"

__kernel void int_div(__global const int *a, __global const int *b, __global int *out, uint n) {
    uint i = gid_x();
    if (i >= n) return;
    int x = a[i], y = b[i];
    out[4 * i] = x / y;
    out[4 * i + 1] = x % y;
    out[4 * i + 2] = (int)((uint)x / (uint)y);
    out[4 * i + 3] = (int)((uint)x % (uint)y);
}

__kernel void float_div(__global const float *a, __global const float *b, __global float *out, uint n) {
    uint i = gid_x();
    if (i < n) out[i] = a[i] / b[i];
}

__kernel void double_div(__global const double *a, __global const double *b, __global double *out, uint n) {
    uint i = gid_x();
    if (i < n) out[i] = a[i] / b[i];
}
