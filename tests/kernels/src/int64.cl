// 64-bit integers: add, sub, mul, shifts, compares, and 64-bit division and remainder.
#include "rdna3.h"

__kernel void int64_ops(__global const long *a, __global const long *b, __global long *out, uint n) {
    uint i = gid_x();
    if (i >= n) return;
    long x = a[i], y = b[i];
    __global long *o = out + 8 * i;
    o[0] = x + y;
    o[1] = x * y;
    o[2] = x << (y & 63);
    o[3] = x >> (y & 63);
    o[4] = (long)((ulong)x >> (y & 63));
    o[5] = x < y ? x : y;
    o[6] = y != 0 ? x / y : 0;
    o[7] = y != 0 ? (long)((ulong)x % (ulong)y) : 0;
}
