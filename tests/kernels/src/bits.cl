// Bit manipulation: population count, leading and trailing zeros, bit reversal, rotation,
// bit-field extract and insert, byte permutes.
#include "rdna3.h"

__kernel void bits(__global const uint *a, __global const uint *b, __global uint *out, uint n) {
    uint i = gid_x();
    if (i >= n) return;
    uint x = a[i], y = b[i];
    __global uint *o = out + 8 * i;
    o[0] = __builtin_popcount(x);
    o[1] = x ? __builtin_clz(x) : 32;
    o[2] = x ? __builtin_ctz(x) : 32;
    o[3] = __builtin_bitreverse32(x);
    o[4] = (x << (y & 31)) | (x >> ((32 - (y & 31)) & 31));
    o[5] = (x >> (y & 15)) & ((1u << ((y >> 8) & 15)) - 1);
    o[6] = (x & 0xffff00ff) | ((y & 0xff) << 8);
    o[7] = __builtin_amdgcn_perm(x, y, 0x07060504 ^ (y & 0x03030303));
}
