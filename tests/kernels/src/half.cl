// Half precision with packed math: two f16 values per register.
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#include "rdna3.h"

__kernel void half2_fma(__global const half2 *a, __global const half2 *b, __global half2 *c, uint n) {
    uint i = gid_x();
    if (i >= n) return;
    half2 x = a[i], y = b[i];
    c[i] = x * y + c[i] - (half2)(1.0h, 0.5h);
}

__kernel void half_ops(__global const half *a, __global const half *b, __global half *out, uint n) {
    uint i = gid_x();
    if (i >= n) return;
    half x = a[i], y = b[i];
    out[3 * i] = x + y;
    out[3 * i + 1] = x * y;
    out[3 * i + 2] = (half)((float)x / 3.0f);
}
