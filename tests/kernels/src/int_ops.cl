// Integer element-wise math: add, sub, mul and its high half, min/max, shifts, logic.
#include "rdna3.h"

__kernel void int_ops(__global const int *a, __global const int *b, __global int *out, uint n) {
    uint i = gid_x();
    if (i >= n) return;
    int x = a[i], y = b[i];
    uint ux = (uint)x, uy = (uint)y;
    __global int *o = out + 12 * i;
    o[0] = x + y;
    o[1] = x - y;
    o[2] = x * y;
    o[3] = (int)(((long)x * (long)y) >> 32);
    o[4] = (int)(((ulong)ux * (ulong)uy) >> 32);
    o[5] = x < y ? x : y;
    o[6] = x > y ? x : y;
    o[7] = (int)(ux < uy ? ux : uy);
    o[8] = x << (y & 31);
    o[9] = x >> (y & 31);
    o[10] = (int)(ux >> (uy & 31));
    o[11] = (x & y) ^ (x | ~y);
}
