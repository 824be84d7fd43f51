// Element-wise float addition: the simplest kernel, with a partial last wave.
#include "rdna3.h"

__kernel void vadd(__global const float *a, __global const float *b, __global float *c, uint n) {
    uint i = gid_x();
    if (i < n) c[i] = a[i] + b[i];
}
