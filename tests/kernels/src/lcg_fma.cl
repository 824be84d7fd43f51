// A linear congruential generator per work-item whose states are converted to float and
// accumulated with fma: the loop is v_mul_lo_u32, v_cvt_f32_u32, v_cvt_f32_i32, v_fma_f32 and
// two v_fmac_f32, with SGPR (kernel argument) and inline-constant operands, the mix the
// interpreter's benchmark found slow.
#include "rdna3.h"

__kernel void lcg_fma(__global const uint *seed, __global float *out, uint n, uint mul, uint steps,
                      float scale) {
    uint i = gid_x();
    if (i >= n) return;
    uint x = seed[i] | 1;
    float acc = 0.0f;
    for (uint k = 0; k < steps; k++) {
        x *= mul;
        float u = __builtin_fmaf((float)x, scale, 1.0f);
        acc = __builtin_fmaf(u, 0.5f, acc);
        acc = __builtin_fmaf((float)(int)x, scale, acc);
    }
    out[i] = acc;
}
