// Global atomics: add, sub, min/max (signed and unsigned), and/or/xor, exchange and
// compare-exchange, with and without the returned value.
#include "rdna3.h"

__kernel void global_atomics(__global const int *in, __global int *acc, __global int *ret) {
    uint i = gid_x();
    int v = in[i];
    __atomic_fetch_add(&acc[0], v, __ATOMIC_RELAXED);
    __atomic_fetch_sub(&acc[1], v, __ATOMIC_RELAXED);
    __atomic_fetch_min(&acc[2], v, __ATOMIC_RELAXED);
    __atomic_fetch_max(&acc[3], v, __ATOMIC_RELAXED);
    __atomic_fetch_min((__global uint *)&acc[4], (uint)v, __ATOMIC_RELAXED);
    __atomic_fetch_and(&acc[5], v | 0x0f0f0000, __ATOMIC_RELAXED);
    __atomic_fetch_or(&acc[6], v & 0x00ff00ff, __ATOMIC_RELAXED);
    __atomic_fetch_xor(&acc[7], v, __ATOMIC_RELAXED);
    // Returned values, one slot per work-item: the exchange and compare-exchange results
    // depend on order, so every work-item uses its own word.
    ret[2 * i] = __atomic_exchange_n(&acc[8 + i], v, __ATOMIC_RELAXED);
    int expected = 0;
    __atomic_compare_exchange_n(&acc[8 + i], &expected, v + 1, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED);
    ret[2 * i + 1] = expected;
}

// Contended atomics with returned values: every work-item adds its value to one counter and
// keeps what it read. The order of the adds is not defined, but atomicity is: the values read
// form one chain, each the previous one plus the previous adder's value.
__kernel void atomic_chain(__global const uint *in, __global uint *counter, __global uint *old, uint n) {
    uint i = gid_x();
    if (i < n) old[i] = __atomic_fetch_add(counter, in[i], __ATOMIC_RELAXED);
}
