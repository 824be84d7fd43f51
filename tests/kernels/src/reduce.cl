// Sum of each workgroup's elements through LDS, halving the active work-items each step,
// with a barrier between steps. One partial sum per workgroup.
#include "rdna3.h"

static void reduce_in(__global const uint *in, __global uint *partial, uint n, __local uint *tmp) {
    uint l = lid_x(), i = gid_x();
    tmp[l] = i < n ? in[i] : 0;
    barrier_local();
    for (uint s = size_x() / 2; s > 0; s >>= 1) {
        if (l < s) tmp[l] += tmp[l + s];
        barrier_local();
    }
    if (l == 0) partial[group_x()] = tmp[0];
}

__kernel void reduce_sum(__global const uint *in, __global uint *partial, uint n) {
    __local uint tmp[256];
    reduce_in(in, partial, n, tmp);
}

// The same with the LDS the launch gives (a `__local` pointer argument: dynamic LDS), so that
// a test can make a workgroup's LDS as large as it likes: the dispatcher then fits as many
// workgroups at once as the compute unit's LDS holds.
__kernel void reduce_sum_dyn(__global const uint *in, __global uint *partial, uint n,
                             __local uint *tmp) {
    reduce_in(in, partial, n, tmp);
}
