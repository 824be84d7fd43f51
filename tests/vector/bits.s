// Shifts (32 and 64 bits), bitfields, align, byte permute, bit reverse and counts.

  v_and_b32 v20, 31, v1
  v_and_b32 v21, 63, v2
  v_mov_b32 v22, 0

  v_lshlrev_b32 v100, v1, v2
  v_lshlrev_b32 v100, 31, s1
  v_lshlrev_b32_e64 v100, 32, v2
  v_lshrrev_b32 v101, v1, v2
  v_lshrrev_b32 v101, s2, 0x80000000
  v_ashrrev_i32 v102, v1, v2
  v_ashrrev_i32 v102, 33, v2
  v_ashrrev_i32_e64 v102, v20, -2
  v_lshlrev_b64 v[104:105], v1, v[2:3]
  v_lshlrev_b64 v[104:105], 32, s[2:3]
  v_lshlrev_b64 v[104:105], v21, 1
  v_lshrrev_b64 v[106:107], v1, v[2:3]
  v_lshrrev_b64 v[106:107], 63, v[2:3]
  v_lshrrev_b64 v[106:107], s4, -1
  v_lshrrev_b64 v[106:107], v21, 0x80000000
  v_ashrrev_i64 v[108:109], v1, v[2:3]
  v_ashrrev_i64 v[108:109], 40, v[2:3]
  v_ashrrev_i64 v[108:109], v21, s[4:5]
  v_ashrrev_i64 v[108:109], v20, 0x80000000

  v_bfe_u32 v110, v1, v2, v3
  v_bfe_u32 v110, v1, v20, 0
  v_bfe_u32 v110, v1, 28, 8
  v_bfe_u32 v110, s1, 0, 32
  v_bfe_i32 v111, v1, v2, v3
  v_bfe_i32 v111, v1, v20, 0
  v_bfe_i32 v111, v1, 24, 12
  v_bfe_i32 v111, -1, v2, 1
  v_bfe_i32 v111, 0x80000000, 31, v3
  v_bfi_b32 v112, v1, v2, v3
  v_bfm_b32 v113, v1, v2
  v_bfm_b32 v113, 0, v2
  v_bfm_b32 v113, s1, 20
  v_bfm_b32 v113, 31, v20
  v_alignbit_b32 v114, v1, v2, v3
  v_alignbit_b32 v114, v1, v2, 0
  v_alignbit_b32 v114, s1, 0x12345678, v20
  v_alignbyte_b32 v115, v1, v2, v3
  v_alignbyte_b32 v115, v1, s2, 3
  v_perm_b32 v116, v1, v2, v3
  v_perm_b32 v116, v1, v2, 0x0c0d0e0f
  v_perm_b32 v116, v1, v2, 0x08090a0b
  v_perm_b32 v116, v1, v2, 0x07050301
  v_perm_b32 v116, s1, v2, 0x10ff0c04
  v_and_b32 v23, 0x0f0f0f0f, v3
  v_perm_b32 v116, v1, v2, v23

  v_bfrev_b32 v117, v1
  v_bfrev_b32_e64 v117, 0x80000001
  v_clz_i32_u32 v118, v1
  v_clz_i32_u32 v118, v22
  v_clz_i32_u32 v118, v20
  v_clz_i32_u32_e64 v118, 1
  v_ctz_i32_b32 v119, v1
  v_ctz_i32_b32 v119, v22
  v_ctz_i32_b32_e64 v119, 0x80000000
  v_cls_i32 v120, v1
  v_cls_i32 v120, v22
  v_cls_i32 v120, -1
  v_cls_i32 v120, 0x80000000
  v_not_b32 v24, v20
  v_cls_i32_e64 v120, v24

  v_lshrrev_b32_dpp v121, v1, v2 row_shl:3 row_mask:0xf bank_mask:0xf
  v_ashrrev_i32_dpp v122, v1, v2 quad_perm:[0,1,0,1] row_mask:0xf bank_mask:0xf
  v_clz_i32_u32_dpp v123, v1 row_mirror row_mask:0xf bank_mask:0xf
  v_bfe_i32_e64_dpp v124, v1, v2, v3 row_half_mirror row_mask:0xf bank_mask:0xf
  v_perm_b32_e64_dpp v125, v1, v2, v3 dpp8:[3,2,1,0,7,6,5,4]
  s_mov_b32 exec_lo, 0x0ff0f00f
  v_lshlrev_b64 v[126:127], v1, v[2:3]
  v_ashrrev_i64 v[128:129], v1, v[2:3]
  v_alignbit_b32 v130, v1, v2, v3
  v_ctz_i32_b32 v131, v1
  s_mov_b32 exec_lo, -1
  v_pipeflush
  v_pipeflush_e64
  s_endpgm
