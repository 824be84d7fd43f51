// Square root: f32 as OpenCL allows it by default (v_sqrt_f32, 1 ulp, with denormal inputs
// scaled; see correctly_rounded.cl for the exact one), f64 correctly rounded (v_rsq_f64 and
// fma refinement); and the hardware's approximate transcendentals.
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
