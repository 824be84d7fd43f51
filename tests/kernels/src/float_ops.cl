// Float element-wise math: add, sub, mul, min/max, fabs, negation, floor/ceil/trunc/rint,
// conversions to and from integers.
#include "rdna3.h"

__kernel void float_ops(__global const float *a, __global const float *b, __global float *out, uint n) {
    uint i = gid_x();
    if (i >= n) return;
    float x = a[i], y = b[i];
    __global float *o = out + 12 * i;
    o[0] = x + y;
    o[1] = x - y;
    o[2] = x * y;
    o[3] = __builtin_fminf(x, y);
    o[4] = __builtin_fmaxf(x, y);
    o[5] = __builtin_fabsf(x) - y;
    o[6] = __builtin_floorf(x);
    o[7] = __builtin_ceilf(y);
    o[8] = __builtin_truncf(x * 3.0f);
    o[9] = __builtin_rintf(y * 0.5f);
    o[10] = (float)(int)x + (float)(uint)__builtin_fabsf(y);
    o[11] = x * 0.25f + 1.0f;
}
