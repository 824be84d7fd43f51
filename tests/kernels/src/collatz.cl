// Divergent loops: the number of Collatz steps of each element, a data-dependent trip count
// in every lane.
#include "rdna3.h"

__kernel void collatz(__global const uint *in, __global uint *steps, uint n) {
    uint i = gid_x();
    if (i >= n) return;
    ulong x = in[i];
    uint s = 0;
    while (x != 1 && s < 1000) {
        x = (x & 1) ? 3 * x + 1 : x >> 1;
        s++;
    }
    steps[i] = s;
}
