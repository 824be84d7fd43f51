// Sum of each workgroup's elements through LDS, halving the active work-items each step,
// with a barrier between steps. One partial sum per workgroup.
#include "rdna3.h"

__kernel void reduce_sum(__global const uint *in, __global uint *partial, uint n) {
    __local uint tmp[256];
    uint l = lid_x(), i = gid_x();
    tmp[l] = i < n ? in[i] : 0;
    barrier_local();
    for (uint s = size_x() / 2; s > 0; s >>= 1) {
        if (l < s) tmp[l] += tmp[l + s];
        barrier_local();
    }
    if (l == 0) partial[group_x()] = tmp[0];
}
