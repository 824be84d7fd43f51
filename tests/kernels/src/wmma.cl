// WMMA through clang's builtins: one wave32 workgroup per 16x16 tile, in the register layout of
// AMD's published RDNA3 examples (A's row i in lane i, B's column j in lane j, both repeated
// in lanes 16-31; D's element (i, j) in register i / 2 of lane j + 16 (i % 2)).
//  - wmma_f32_f16: D = A * B + C, A and B in F16, C and D in F32;
//  - wmma_i32_iu8: the same with signed 8-bit A, unsigned 8-bit B, I32 C and D, saturating.
#pragma OPENCL EXTENSION cl_khr_fp16 : enable
#include "rdna3.h"

typedef half half16_t __attribute__((ext_vector_type(16)));
typedef float float8_t __attribute__((ext_vector_type(8)));
typedef int int4_t __attribute__((ext_vector_type(4)));
typedef int int8_t __attribute__((ext_vector_type(8)));

__kernel void wmma_f32_f16(__global const half *a, __global const half *b, __global const float *c,
                           __global float *d) {
    uint lane = lid_x(), t = group_x() * 256;
    half16_t av, bv;
    for (int k = 0; k < 16; k++) {
        av[k] = a[t + (lane % 16) * 16 + k];
        bv[k] = b[t + k * 16 + lane % 16];
    }
    float8_t cv;
    for (int r = 0; r < 8; r++) cv[r] = c[t + (2 * r + lane / 16) * 16 + lane % 16];
    float8_t dv = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32(av, bv, cv);
    for (int r = 0; r < 8; r++) d[t + (2 * r + lane / 16) * 16 + lane % 16] = dv[r];
}

__kernel void wmma_i32_iu8(__global const char *a, __global const uchar *b, __global const int *c,
                           __global int *d) {
    uint lane = lid_x(), t = group_x() * 256;
    int4_t av, bv;
    for (int w = 0; w < 4; w++) {
        uint x = 0, y = 0;
        for (int k = 0; k < 4; k++) {
            x |= (uint)(uchar)a[t + (lane % 16) * 16 + 4 * w + k] << (8 * k);
            y |= (uint)b[t + (4 * w + k) * 16 + lane % 16] << (8 * k);
        }
        av[w] = (int)x;
        bv[w] = (int)y;
    }
    int8_t cv;
    for (int r = 0; r < 8; r++) cv[r] = c[t + (2 * r + lane / 16) * 16 + lane % 16];
    int8_t dv = __builtin_amdgcn_wmma_i32_16x16x16_iu8_w32(true, av, false, bv, cv, true);
    for (int r = 0; r < 8; r++) d[t + (2 * r + lane / 16) * 16 + lane % 16] = dv[r];
}
