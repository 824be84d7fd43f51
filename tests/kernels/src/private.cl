// Private memory: arrays indexed by values known only at run time, which clang places in the
// wave's scratch (private) segment: scratch_store_* / scratch_load_* of dwords, bytes and shorts.
#include "rdna3.h"

#define LEN 48

// Each work-item sorts the m (at most LEN) values in[LEN i ..] in a private array (insertion
// sort), then writes them back in order and, to out2[i], the element at a position the data
// picks.
__kernel void private_sort(__global const uint *in, __global uint *out, __global uint *out2, uint n, uint m) {
    uint i = gid_x();
    if (i >= n || m > LEN) return;
    uint a[LEN];
    for (uint k = 0; k < m; k++) a[k] = in[LEN * i + k];
    for (uint k = 1; k < m; k++) {
        uint x = a[k];
        int j = (int)k - 1;
        while (j >= 0 && a[j] > x) {
            a[j + 1] = a[j];
            j--;
        }
        a[j + 1] = x;
    }
    for (uint k = 0; k < m; k++) out[LEN * i + k] = a[k];
    out2[i] = a[in[LEN * i] % m];
}

// Byte and short private arrays indexed by the data: a count of each byte value over the item's w
// words (bytes), and a running mix in shorts by the byte's low six bits; the result hashes both.
__kernel void private_bytes(__global const uint *in, __global uint *out, uint n, uint w) {
    uint i = gid_x();
    if (i >= n) return;
    uchar count[256];
    ushort run[64];
    for (uint k = 0; k < 256; k++) count[k] = 0;
    for (uint k = 0; k < 64; k++) run[k] = (ushort)k;
    for (uint k = 0; k < w; k++) {
        uint v = in[w * i + k];
        for (uint s = 0; s < 32; s += 8) {
            uint b = (v >> s) & 255;
            count[b]++;
            run[b & 63] = (ushort)(run[b & 63] * 3 + s + k);
        }
    }
    uint h = 0;
    for (uint k = 0; k < 256; k++) h = h * 31 + count[k] + ((uint)run[k & 63] << 8);
    out[i] = h;
}
