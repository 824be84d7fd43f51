// Fused multiply-add, single and double precision.
#include "rdna3.h"

__kernel void fma_f32(__global const float *a, __global const float *b, __global float *c, uint n) {
    uint i = gid_x();
    if (i < n) c[i] = __builtin_fmaf(a[i], b[i], c[i]);
}

__kernel void fma_f64(__global const double *a, __global const double *b, __global double *c, uint n) {
    uint i = gid_x();
    if (i < n) c[i] = __builtin_fma(a[i], b[i], c[i]);
}
