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

// Rounding to integral values, fract, frexp, and the conversions between f16 and 16-bit
// integers: one VOP1 instruction each (v_floor_f16 ... v_cvt_u16_f16), and v_pack_b32_f16.
__kernel void half_round(__global const half *a, __global const short *s, __global half *out,
                         __global short *iout, uint n) {
    uint i = gid_x();
    if (i >= n) return;
    half x = a[i];
    short k = s[i];
    out[8 * i] = __builtin_floorf16(x);
    out[8 * i + 1] = __builtin_ceilf16(x);
    out[8 * i + 2] = __builtin_truncf16(x);
    out[8 * i + 3] = __builtin_rintf16(x);
    out[8 * i + 4] = __builtin_amdgcn_fracth(x);
    out[8 * i + 5] = __builtin_amdgcn_frexp_manth(x);
    out[8 * i + 6] = (half)k;
    out[8 * i + 7] = (half)(ushort)k;
    iout[4 * i] = __builtin_amdgcn_frexp_exph(x);
    iout[4 * i + 1] = (short)x;
    iout[4 * i + 2] = (short)(ushort)x;
    iout[4 * i + 3] = (short)(x * (half)0.5h);
}
