// Square root (correctly rounded, with the compiler's scaling and correction steps) and the
// hardware's approximate transcendentals.
#include "rdna3.h"

__kernel void sqrt_f32(__global const float *a, __global float *out, uint n) {
    uint i = gid_x();
    if (i < n) out[i] = __builtin_sqrtf(a[i]);
}

__kernel void sqrt_f64(__global const double *a, __global double *out, uint n) {
    uint i = gid_x();
    if (i < n) out[i] = __builtin_sqrt(a[i]);
}

__kernel void transcendental(__global const float *a, __global float *out, uint n) {
    uint i = gid_x();
    if (i >= n) return;
    float x = a[i];
    out[4 * i] = __builtin_amdgcn_rcpf(x);
    out[4 * i + 1] = __builtin_amdgcn_rsqf(__builtin_fabsf(x));
    out[4 * i + 2] = __builtin_amdgcn_sinf(x);
    out[4 * i + 3] = __builtin_amdgcn_exp2f(x);
}
