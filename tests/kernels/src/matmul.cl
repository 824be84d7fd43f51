// C = A * B for N x N float matrices, 16 x 16 tiles staged in LDS.
#include "rdna3.h"

#define T 16

__kernel void matmul(__global const float *A, __global const float *B, __global float *C, uint N) {
    __local float As[T][T], Bs[T][T];
    uint tx = lid_x(), ty = lid_y();
    uint col = gid_x(), row = gid_y();
    float sum = 0.0f;
    for (uint t = 0; t < N; t += T) {
        As[ty][tx] = A[row * N + t + tx];
        Bs[ty][tx] = B[(t + ty) * N + col];
        barrier_local();
        for (uint k = 0; k < T; k++) sum = __builtin_fmaf(As[ty][k], Bs[k][tx], sum);
        barrier_local();
    }
    C[row * N + col] = sum;
}
