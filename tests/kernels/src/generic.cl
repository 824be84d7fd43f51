// Generic address space: pointers whose address space the compiler cannot know, so that the
// loads, stores and atomics through them are FLAT instructions, which send each lane to global
// memory, the workgroup's LDS or the lane's private segment by its address (the apertures).
// The helpers are real calls (s_swappc_b64), their generic pointer arguments in VGPR pairs.
#include "rdna3.h"

#define PRIV 16

// Through a generic pointer: p[k] = p[k] * 3 + v; returns the old value.
__attribute__((noinline)) static uint bump(uint *p, uint k, uint v) {
    uint old = p[k];
    p[k] = old * 3u + v;
    return old;
}

// A hash of the n dwords at p (generic), read as dwords, bytes and shorts.
__attribute__((noinline)) static uint mix(const uint *p, uint n) {
    uint h = 0;
    const uchar *b = (const uchar *)p;
    const ushort *s = (const ushort *)p;
    for (uint k = 0; k < n; k++) h = h * 33u + p[k] + b[3 * k + 1] + ((uint)s[k] << 4);
    return h;
}

// Each work-item bumps a value in global memory (g, a copy of in), in LDS and in a private
// array through the same generic function, then through a pointer that picks one of the
// three by the item's id, so one FLAT load and one store address all three at once; hashes of
// the private array and of LDS go to out. Workgroups of 64.
__kernel void generic_ptrs(__global const uint *in, __global uint *g, __global uint *out, uint n) {
    __local uint l[64];
    uint priv[PRIV];
    uint t = lid_x();
    uint i = gid_x();
    for (uint k = 0; k < PRIV; k++) priv[k] = in[(i + k) % n] ^ k;
    l[t] = in[i] + 7u;
    barrier_local();
    uint r = bump((uint *)g, i, t);
    r += bump((uint *)l, t ^ 1, i);
    r += bump(priv, in[i] % PRIV, r);
    barrier_local();
    uint *p;
    switch (i % 3) {
    case 0: p = (uint *)&g[i]; break;
    case 1: p = (uint *)&l[t]; break;
    default: p = &priv[i % PRIV]; break;
    }
    r += bump(p, 0, i);
    barrier_local();
    r += mix(priv, PRIV);
    r += mix((uint *)l, 8);
    out[i] = r + l[t] + priv[(r >> 3) % PRIV];
}

// A returning atomic add through a generic pointer that is global (counts[i % 16]) for odd
// items and LDS (hist[i % 16]) for even ones; LDS's totals are then added to counts[16 ..].
// The old values go to out (their order is the machine's; each address's form a chain).
__kernel void generic_atomics(__global uint *counts, __global uint *out) {
    __local uint hist[16];
    uint t = lid_x();
    uint i = gid_x();
    if (t < 16) hist[t] = 0;
    barrier_local();
    __generic uint *gp = (i & 1) ? (__generic uint *)&counts[i % 16] : (__generic uint *)&hist[i % 16];
    out[i] = __atomic_fetch_add(gp, i, __ATOMIC_RELAXED);
    barrier_local();
    if (t < 16) __atomic_fetch_add(&counts[16 + t], hist[t], __ATOMIC_RELAXED);
}
