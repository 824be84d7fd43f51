// Histogram of bytes with atomic increments in LDS, merged into global memory with global
// atomics; plus LDS min/max/exchange.
#include "rdna3.h"

__kernel void histogram(__global const uchar *in, __global uint *hist, uint n) {
    __local uint bins[64];
    uint l = lid_x(), i = gid_x();
    if (l < 64) bins[l] = 0;
    barrier_local();
    if (i < n) __atomic_fetch_add(&bins[in[i] & 63], 1u, __ATOMIC_RELAXED);
    barrier_local();
    if (l < 64) __atomic_fetch_add(&hist[l], bins[l], __ATOMIC_RELAXED);
}

__kernel void lds_minmax(__global const int *in, __global int *out) {
    __local int lo, hi, last;
    uint l = lid_x();
    if (l == 0) { lo = 0x7fffffff; hi = (int)0x80000000; last = -1; }
    barrier_local();
    int v = in[gid_x()];
    __atomic_fetch_min(&lo, v, __ATOMIC_RELAXED);
    __atomic_fetch_max(&hi, v, __ATOMIC_RELAXED);
    barrier_local();
    if (l == 0) { out[3 * group_x()] = lo; out[3 * group_x() + 1] = hi; }
    if (l == size_x() - 1) out[3 * group_x() + 2] = __atomic_exchange_n(&last, v, __ATOMIC_RELAXED);
}
