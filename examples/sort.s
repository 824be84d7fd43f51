// Sorts 24 pseudo-random words held in the SGPRs s16..s39, indexing them through M0 with
// s_movrels_b32 / s_movreld_b32 (insertion sort). s0 holds the wave index (sim cosim sets
// it); the words come from a 32-bit linear congruential generator seeded with s0 * 977 + 1.
//
// Result: s16..s39 in ascending unsigned order; s2 = number of moves.
//
//   cargo run --release -p sim -- cosim examples/sort.s --waves 4

  s_mul_i32 s1, s0, 977
  s_add_u32 s1, s1, 1                // generator state
  s_mov_b32 s2, 0                    // moves
  s_mov_b32 m0, 0
fill:
  s_mul_i32 s1, s1, 1664525
  s_add_u32 s1, s1, 1013904223
  s_movreld_b32 s16, s1              // s[16 + m0] = s1
  s_add_u32 m0, m0, 1
  s_cmpk_lt_u32 m0, 24
  s_cbranch_scc1 fill

  s_movk_i32 s3, 1                   // i
outer:
  s_mov_b32 m0, s3
  s_movrels_b32 s4, s16              // key = a[i]
  s_mov_b32 s5, s3                   // j = i
inner:
  s_cmp_eq_u32 s5, 0
  s_cbranch_scc1 place
  s_sub_u32 m0, s5, 1
  s_movrels_b32 s6, s16              // a[j - 1]
  s_cmp_le_u32 s6, s4
  s_cbranch_scc1 place
  s_mov_b32 m0, s5
  s_movreld_b32 s16, s6              // a[j] = a[j - 1]
  s_add_u32 s2, s2, 1
  s_sub_u32 s5, s5, 1
  s_branch inner
place:
  s_mov_b32 m0, s5
  s_movreld_b32 s16, s4              // a[j] = key
  s_add_u32 s3, s3, 1
  s_cmpk_lt_u32 s3, 24
  s_cbranch_scc1 outer
  s_endpgm
