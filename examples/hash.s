// An ALU-bound vector program: every lane hashes its lane number and its wave's index
// (s0) through 48 rounds of a multiply-xorshift mix in four interleaved chains (v1..v4),
// 44 vector instructions a round against three scalar ones for the loop. Each chain's
// temporary is in another VGPR bank than the chain (v10..v13), so that no instruction
// reads two registers of one bank. The final hashes stay in v1..v4; the co-simulation
// checks every lane of every write on the way.
  v_mbcnt_lo_u32_b32 v0, -1, 0
  v_lshlrev_b32 v10, 5, s0
  v_add_nc_u32 v0, v0, v10
  v_mov_b32 v1, v0
  v_xor_b32 v2, 0x9e3779b9, v0
  v_add_nc_u32 v3, 0x7f4a7c15, v0
  v_not_b32 v4, v0
  s_mov_b32 s4, 0x85ebca6b
  s_mov_b32 s5, 0xc2b2ae35
  s_mov_b32 s6, 0x27d4eb2f
  s_movk_i32 s1, 48
loop:
  v_xor_b32 v1, s4, v1
  v_xor_b32 v2, s5, v2
  v_xor_b32 v3, s6, v3
  v_xor_b32 v4, s4, v4
  v_lshrrev_b32 v10, 15, v1
  v_lshrrev_b32 v11, 13, v2
  v_lshrrev_b32 v12, 16, v3
  v_lshrrev_b32 v13, 11, v4
  v_xor_b32 v1, v1, v10
  v_xor_b32 v2, v2, v11
  v_xor_b32 v3, v3, v12
  v_xor_b32 v4, v4, v13
  v_mul_u32_u24 v10, s5, v1
  v_mul_u32_u24 v11, s6, v2
  v_mul_u32_u24 v12, s4, v3
  v_mul_u32_u24 v13, s5, v4
  v_add_nc_u32 v1, v1, v10
  v_add_nc_u32 v2, v2, v11
  v_add_nc_u32 v3, v3, v12
  v_add_nc_u32 v4, v4, v13
  v_lshlrev_b32 v10, 7, v1
  v_lshlrev_b32 v11, 9, v2
  v_lshlrev_b32 v12, 5, v3
  v_lshlrev_b32 v13, 3, v4
  v_sub_nc_u32 v1, v1, v10
  v_sub_nc_u32 v2, v2, v11
  v_sub_nc_u32 v3, v3, v12
  v_sub_nc_u32 v4, v4, v13
  v_xor_b32 v1, v1, v4
  v_xor_b32 v2, v2, v1
  v_xor_b32 v3, v3, v2
  v_xor_b32 v4, v4, v3
  v_max_u32 v11, v1, v2
  v_min_u32 v10, v3, v4
  v_add_nc_u32 v1, v1, v10
  v_add_nc_u32 v2, v2, v11
  v_and_b32 v13, 0x55555555, v3
  v_or_b32 v12, 0x10001, v4
  v_add_nc_u32 v3, v3, v12
  v_xor_b32 v4, v4, v13
  v_mul_hi_u32_u24 v11, s6, v1
  v_mul_hi_u32_u24 v10, s4, v2
  v_xor_b32 v1, v1, v10
  v_xor_b32 v2, v2, v11
  s_sub_u32 s1, s1, 1
  s_cmp_lg_u32 s1, 0
  s_cbranch_scc1 loop
  s_endpgm
