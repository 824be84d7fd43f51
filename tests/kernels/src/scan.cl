// Inclusive prefix sum within each workgroup (Hillis-Steele through LDS, two buffers).
#include "rdna3.h"

__kernel void scan_inclusive(__global const int *in, __global int *out) {
    __local int buf[2][256];
    uint l = lid_x(), i = gid_x();
    int src = 0;
    buf[0][l] = in[i];
    barrier_local();
    for (uint off = 1; off < size_x(); off <<= 1) {
        int v = buf[src][l];
        if (l >= off) v += buf[src][l - off];
        buf[1 - src][l] = v;
        src = 1 - src;
        barrier_local();
    }
    out[i] = buf[src][l];
}
