// Every integer compare and v_cmpx (16, 32, 64 bits, signed and unsigned, and the f/t forms
// of 32 and 64 bits): VOPC writing VCC, VOP3 writing an SGPR, v_cmpx writing EXEC, on random
// lanes and on small values that tie, with SGPR, constant and literal operands, DPP and
// partial EXEC. (Generated once by a loop; edit freely.)

  v_and_b32 v20, 0x00070007, v1          // small, equal often
  v_and_b32 v21, 0x00070007, v2
  v_bfe_i32 v22, v3, 0, 3                 // -4..3
  v_bfe_i32 v23, v4, 0, 3
  v_or_b32 v21, v21, 0x80000000
  v_and_b32 v24, 3, v5                    // 64-bit pairs whose halves tie
  v_bfe_i32 v25, v6, 0, 2
  v_and_b32 v26, 3, v7
  v_bfe_i32 v27, v8, 0, 2
  v_and_b32 v28, 0x80078007, v9          // 16-bit: small of both signs
  v_and_b32 v29, 0x80078007, v10

  v_cmp_lt_i16_e32 vcc_lo, v1, v2
  v_cmp_lt_i16_e32 vcc_lo, v28, v29
  v_cmp_lt_i16_e32 vcc_lo, -2, v29
  v_cmp_lt_i16_e64 s10, v28, v29
  v_cmp_lt_i16_e64 s11, v28, 0x8004
  v_cmpx_lt_i16_e32 v28, v29
  v_cmpx_lt_i16_e64 v1, v2
  s_mov_b32 exec_lo, 0x6b5a3ce1
  v_cmp_lt_i16_e32 vcc_lo, v28, v29
  v_cmpx_lt_i16_e64 -2, v29
  s_mov_b32 exec_lo, -1
  v_cmp_eq_i16_e32 vcc_lo, v1, v2
  v_cmp_eq_i16_e32 vcc_lo, v28, v29
  v_cmp_eq_i16_e32 vcc_lo, -2, v29
  v_cmp_eq_i16_e64 s10, v28, v29
  v_cmp_eq_i16_e64 s11, v28, 0x8004
  v_cmpx_eq_i16_e32 v28, v29
  v_cmpx_eq_i16_e64 v1, v2
  s_mov_b32 exec_lo, 0x6b5a3ce1
  v_cmp_eq_i16_e32 vcc_lo, v28, v29
  v_cmpx_eq_i16_e64 -2, v29
  s_mov_b32 exec_lo, -1
  v_cmp_le_i16_e32 vcc_lo, v1, v2
  v_cmp_le_i16_e32 vcc_lo, v28, v29
  v_cmp_le_i16_e32 vcc_lo, -2, v29
  v_cmp_le_i16_e64 s10, v28, v29
  v_cmp_le_i16_e64 s11, v28, 0x8004
  v_cmpx_le_i16_e32 v28, v29
  v_cmpx_le_i16_e64 v1, v2
  s_mov_b32 exec_lo, 0x6b5a3ce1
  v_cmp_le_i16_e32 vcc_lo, v28, v29
  v_cmpx_le_i16_e64 -2, v29
  s_mov_b32 exec_lo, -1
  v_cmp_gt_i16_e32 vcc_lo, v1, v2
  v_cmp_gt_i16_e32 vcc_lo, v28, v29
  v_cmp_gt_i16_e32 vcc_lo, -2, v29
  v_cmp_gt_i16_e64 s10, v28, v29
  v_cmp_gt_i16_e64 s11, v28, 0x8004
  v_cmpx_gt_i16_e32 v28, v29
  v_cmpx_gt_i16_e64 v1, v2
  s_mov_b32 exec_lo, 0x6b5a3ce1
  v_cmp_gt_i16_e32 vcc_lo, v28, v29
  v_cmpx_gt_i16_e64 -2, v29
  s_mov_b32 exec_lo, -1
  v_cmp_ne_i16_e32 vcc_lo, v1, v2
  v_cmp_ne_i16_e32 vcc_lo, v28, v29
  v_cmp_ne_i16_e32 vcc_lo, -2, v29
  v_cmp_ne_i16_e64 s10, v28, v29
  v_cmp_ne_i16_e64 s11, v28, 0x8004
  v_cmpx_ne_i16_e32 v28, v29
  v_cmpx_ne_i16_e64 v1, v2
  s_mov_b32 exec_lo, 0x6b5a3ce1
  v_cmp_ne_i16_e32 vcc_lo, v28, v29
  v_cmpx_ne_i16_e64 -2, v29
  s_mov_b32 exec_lo, -1
  v_cmp_ge_i16_e32 vcc_lo, v1, v2
  v_cmp_ge_i16_e32 vcc_lo, v28, v29
  v_cmp_ge_i16_e32 vcc_lo, -2, v29
  v_cmp_ge_i16_e64 s10, v28, v29
  v_cmp_ge_i16_e64 s11, v28, 0x8004
  v_cmpx_ge_i16_e32 v28, v29
  v_cmpx_ge_i16_e64 v1, v2
  s_mov_b32 exec_lo, 0x6b5a3ce1
  v_cmp_ge_i16_e32 vcc_lo, v28, v29
  v_cmpx_ge_i16_e64 -2, v29
  s_mov_b32 exec_lo, -1

  v_cmp_lt_u16_e32 vcc_lo, v1, v2
  v_cmp_lt_u16_e32 vcc_lo, v20, v21
  v_cmp_lt_u16_e32 vcc_lo, -2, v29
  v_cmp_lt_u16_e64 s10, v20, v21
  v_cmp_lt_u16_e64 s11, v28, 0x8004
  v_cmpx_lt_u16_e32 v20, v21
  v_cmpx_lt_u16_e64 v1, v2
  s_mov_b32 exec_lo, 0x6b5a3ce1
  v_cmp_lt_u16_e32 vcc_lo, v20, v21
  v_cmpx_lt_u16_e64 -2, v29
  s_mov_b32 exec_lo, -1
  v_cmp_eq_u16_e32 vcc_lo, v1, v2
  v_cmp_eq_u16_e32 vcc_lo, v20, v21
  v_cmp_eq_u16_e32 vcc_lo, -2, v29
  v_cmp_eq_u16_e64 s10, v20, v21
  v_cmp_eq_u16_e64 s11, v28, 0x8004
  v_cmpx_eq_u16_e32 v20, v21
  v_cmpx_eq_u16_e64 v1, v2
  s_mov_b32 exec_lo, 0x6b5a3ce1
  v_cmp_eq_u16_e32 vcc_lo, v20, v21
  v_cmpx_eq_u16_e64 -2, v29
  s_mov_b32 exec_lo, -1
  v_cmp_le_u16_e32 vcc_lo, v1, v2
  v_cmp_le_u16_e32 vcc_lo, v20, v21
  v_cmp_le_u16_e32 vcc_lo, -2, v29
  v_cmp_le_u16_e64 s10, v20, v21
  v_cmp_le_u16_e64 s11, v28, 0x8004
  v_cmpx_le_u16_e32 v20, v21
  v_cmpx_le_u16_e64 v1, v2
  s_mov_b32 exec_lo, 0x6b5a3ce1
  v_cmp_le_u16_e32 vcc_lo, v20, v21
  v_cmpx_le_u16_e64 -2, v29
  s_mov_b32 exec_lo, -1
  v_cmp_gt_u16_e32 vcc_lo, v1, v2
  v_cmp_gt_u16_e32 vcc_lo, v20, v21
  v_cmp_gt_u16_e32 vcc_lo, -2, v29
  v_cmp_gt_u16_e64 s10, v20, v21
  v_cmp_gt_u16_e64 s11, v28, 0x8004
  v_cmpx_gt_u16_e32 v20, v21
  v_cmpx_gt_u16_e64 v1, v2
  s_mov_b32 exec_lo, 0x6b5a3ce1
  v_cmp_gt_u16_e32 vcc_lo, v20, v21
  v_cmpx_gt_u16_e64 -2, v29
  s_mov_b32 exec_lo, -1
  v_cmp_ne_u16_e32 vcc_lo, v1, v2
  v_cmp_ne_u16_e32 vcc_lo, v20, v21
  v_cmp_ne_u16_e32 vcc_lo, -2, v29
  v_cmp_ne_u16_e64 s10, v20, v21
  v_cmp_ne_u16_e64 s11, v28, 0x8004
  v_cmpx_ne_u16_e32 v20, v21
  v_cmpx_ne_u16_e64 v1, v2
  s_mov_b32 exec_lo, 0x6b5a3ce1
  v_cmp_ne_u16_e32 vcc_lo, v20, v21
  v_cmpx_ne_u16_e64 -2, v29
  s_mov_b32 exec_lo, -1
  v_cmp_ge_u16_e32 vcc_lo, v1, v2
  v_cmp_ge_u16_e32 vcc_lo, v20, v21
  v_cmp_ge_u16_e32 vcc_lo, -2, v29
  v_cmp_ge_u16_e64 s10, v20, v21
  v_cmp_ge_u16_e64 s11, v28, 0x8004
  v_cmpx_ge_u16_e32 v20, v21
  v_cmpx_ge_u16_e64 v1, v2
  s_mov_b32 exec_lo, 0x6b5a3ce1
  v_cmp_ge_u16_e32 vcc_lo, v20, v21
  v_cmpx_ge_u16_e64 -2, v29
  s_mov_b32 exec_lo, -1

  v_cmp_f_i32_e32 vcc_lo, v1, v2
  v_cmp_f_i32_e32 vcc_lo, v22, v23
  v_cmp_f_i32_e32 vcc_lo, 3, v20
  v_cmp_f_i32_e64 s10, v22, v23
  v_cmp_f_i32_e64 s11, v21, 0x80000003
  v_cmpx_f_i32_e32 v22, v23
  v_cmpx_f_i32_e64 v1, v2
  s_mov_b32 exec_lo, 0x6b5a3ce1
  v_cmp_f_i32_e32 vcc_lo, v22, v23
  v_cmpx_f_i32_e64 3, v20
  s_mov_b32 exec_lo, -1
  v_cmp_lt_i32_e32 vcc_lo, v1, v2
  v_cmp_lt_i32_e32 vcc_lo, v22, v23
  v_cmp_lt_i32_e32 vcc_lo, 3, v20
  v_cmp_lt_i32_e64 s10, v22, v23
  v_cmp_lt_i32_e64 s11, v21, 0x80000003
  v_cmpx_lt_i32_e32 v22, v23
  v_cmpx_lt_i32_e64 v1, v2
  s_mov_b32 exec_lo, 0x6b5a3ce1
  v_cmp_lt_i32_e32 vcc_lo, v22, v23
  v_cmpx_lt_i32_e64 3, v20
  s_mov_b32 exec_lo, -1
  v_cmp_eq_i32_e32 vcc_lo, v1, v2
  v_cmp_eq_i32_e32 vcc_lo, v22, v23
  v_cmp_eq_i32_e32 vcc_lo, 3, v20
  v_cmp_eq_i32_e64 s10, v22, v23
  v_cmp_eq_i32_e64 s11, v21, 0x80000003
  v_cmpx_eq_i32_e32 v22, v23
  v_cmpx_eq_i32_e64 v1, v2
  s_mov_b32 exec_lo, 0x6b5a3ce1
  v_cmp_eq_i32_e32 vcc_lo, v22, v23
  v_cmpx_eq_i32_e64 3, v20
  s_mov_b32 exec_lo, -1
  v_cmp_le_i32_e32 vcc_lo, v1, v2
  v_cmp_le_i32_e32 vcc_lo, v22, v23
  v_cmp_le_i32_e32 vcc_lo, 3, v20
  v_cmp_le_i32_e64 s10, v22, v23
  v_cmp_le_i32_e64 s11, v21, 0x80000003
  v_cmpx_le_i32_e32 v22, v23
  v_cmpx_le_i32_e64 v1, v2
  s_mov_b32 exec_lo, 0x6b5a3ce1
  v_cmp_le_i32_e32 vcc_lo, v22, v23
  v_cmpx_le_i32_e64 3, v20
  s_mov_b32 exec_lo, -1
  v_cmp_gt_i32_e32 vcc_lo, v1, v2
  v_cmp_gt_i32_e32 vcc_lo, v22, v23
  v_cmp_gt_i32_e32 vcc_lo, 3, v20
  v_cmp_gt_i32_e64 s10, v22, v23
  v_cmp_gt_i32_e64 s11, v21, 0x80000003
  v_cmpx_gt_i32_e32 v22, v23
  v_cmpx_gt_i32_e64 v1, v2
  s_mov_b32 exec_lo, 0x6b5a3ce1
  v_cmp_gt_i32_e32 vcc_lo, v22, v23
  v_cmpx_gt_i32_e64 3, v20
  s_mov_b32 exec_lo, -1
  v_cmp_ne_i32_e32 vcc_lo, v1, v2
  v_cmp_ne_i32_e32 vcc_lo, v22, v23
  v_cmp_ne_i32_e32 vcc_lo, 3, v20
  v_cmp_ne_i32_e64 s10, v22, v23
  v_cmp_ne_i32_e64 s11, v21, 0x80000003
  v_cmpx_ne_i32_e32 v22, v23
  v_cmpx_ne_i32_e64 v1, v2
  s_mov_b32 exec_lo, 0x6b5a3ce1
  v_cmp_ne_i32_e32 vcc_lo, v22, v23
  v_cmpx_ne_i32_e64 3, v20
  s_mov_b32 exec_lo, -1
  v_cmp_ge_i32_e32 vcc_lo, v1, v2
  v_cmp_ge_i32_e32 vcc_lo, v22, v23
  v_cmp_ge_i32_e32 vcc_lo, 3, v20
  v_cmp_ge_i32_e64 s10, v22, v23
  v_cmp_ge_i32_e64 s11, v21, 0x80000003
  v_cmpx_ge_i32_e32 v22, v23
  v_cmpx_ge_i32_e64 v1, v2
  s_mov_b32 exec_lo, 0x6b5a3ce1
  v_cmp_ge_i32_e32 vcc_lo, v22, v23
  v_cmpx_ge_i32_e64 3, v20
  s_mov_b32 exec_lo, -1
  v_cmp_t_i32_e32 vcc_lo, v1, v2
  v_cmp_t_i32_e32 vcc_lo, v22, v23
  v_cmp_t_i32_e32 vcc_lo, 3, v20
  v_cmp_t_i32_e64 s10, v22, v23
  v_cmp_t_i32_e64 s11, v21, 0x80000003
  v_cmpx_t_i32_e32 v22, v23
  v_cmpx_t_i32_e64 v1, v2
  s_mov_b32 exec_lo, 0x6b5a3ce1
  v_cmp_t_i32_e32 vcc_lo, v22, v23
  v_cmpx_t_i32_e64 3, v20
  s_mov_b32 exec_lo, -1

  v_cmp_f_u32_e32 vcc_lo, v1, v2
  v_cmp_f_u32_e32 vcc_lo, v22, v23
  v_cmp_f_u32_e32 vcc_lo, 3, v20
  v_cmp_f_u32_e64 s10, v22, v23
  v_cmp_f_u32_e64 s11, v21, 0x80000003
  v_cmpx_f_u32_e32 v22, v23
  v_cmpx_f_u32_e64 v1, v2
  s_mov_b32 exec_lo, 0x6b5a3ce1
  v_cmp_f_u32_e32 vcc_lo, v22, v23
  v_cmpx_f_u32_e64 3, v20
  s_mov_b32 exec_lo, -1
  v_cmp_lt_u32_e32 vcc_lo, v1, v2
  v_cmp_lt_u32_e32 vcc_lo, v22, v23
  v_cmp_lt_u32_e32 vcc_lo, 3, v20
  v_cmp_lt_u32_e64 s10, v22, v23
  v_cmp_lt_u32_e64 s11, v21, 0x80000003
  v_cmpx_lt_u32_e32 v22, v23
  v_cmpx_lt_u32_e64 v1, v2
  s_mov_b32 exec_lo, 0x6b5a3ce1
  v_cmp_lt_u32_e32 vcc_lo, v22, v23
  v_cmpx_lt_u32_e64 3, v20
  s_mov_b32 exec_lo, -1
  v_cmp_eq_u32_e32 vcc_lo, v1, v2
  v_cmp_eq_u32_e32 vcc_lo, v22, v23
  v_cmp_eq_u32_e32 vcc_lo, 3, v20
  v_cmp_eq_u32_e64 s10, v22, v23
  v_cmp_eq_u32_e64 s11, v21, 0x80000003
  v_cmpx_eq_u32_e32 v22, v23
  v_cmpx_eq_u32_e64 v1, v2
  s_mov_b32 exec_lo, 0x6b5a3ce1
  v_cmp_eq_u32_e32 vcc_lo, v22, v23
  v_cmpx_eq_u32_e64 3, v20
  s_mov_b32 exec_lo, -1
  v_cmp_le_u32_e32 vcc_lo, v1, v2
  v_cmp_le_u32_e32 vcc_lo, v22, v23
  v_cmp_le_u32_e32 vcc_lo, 3, v20
  v_cmp_le_u32_e64 s10, v22, v23
  v_cmp_le_u32_e64 s11, v21, 0x80000003
  v_cmpx_le_u32_e32 v22, v23
  v_cmpx_le_u32_e64 v1, v2
  s_mov_b32 exec_lo, 0x6b5a3ce1
  v_cmp_le_u32_e32 vcc_lo, v22, v23
  v_cmpx_le_u32_e64 3, v20
  s_mov_b32 exec_lo, -1
  v_cmp_gt_u32_e32 vcc_lo, v1, v2
  v_cmp_gt_u32_e32 vcc_lo, v22, v23
  v_cmp_gt_u32_e32 vcc_lo, 3, v20
  v_cmp_gt_u32_e64 s10, v22, v23
  v_cmp_gt_u32_e64 s11, v21, 0x80000003
  v_cmpx_gt_u32_e32 v22, v23
  v_cmpx_gt_u32_e64 v1, v2
  s_mov_b32 exec_lo, 0x6b5a3ce1
  v_cmp_gt_u32_e32 vcc_lo, v22, v23
  v_cmpx_gt_u32_e64 3, v20
  s_mov_b32 exec_lo, -1
  v_cmp_ne_u32_e32 vcc_lo, v1, v2
  v_cmp_ne_u32_e32 vcc_lo, v22, v23
  v_cmp_ne_u32_e32 vcc_lo, 3, v20
  v_cmp_ne_u32_e64 s10, v22, v23
  v_cmp_ne_u32_e64 s11, v21, 0x80000003
  v_cmpx_ne_u32_e32 v22, v23
  v_cmpx_ne_u32_e64 v1, v2
  s_mov_b32 exec_lo, 0x6b5a3ce1
  v_cmp_ne_u32_e32 vcc_lo, v22, v23
  v_cmpx_ne_u32_e64 3, v20
  s_mov_b32 exec_lo, -1
  v_cmp_ge_u32_e32 vcc_lo, v1, v2
  v_cmp_ge_u32_e32 vcc_lo, v22, v23
  v_cmp_ge_u32_e32 vcc_lo, 3, v20
  v_cmp_ge_u32_e64 s10, v22, v23
  v_cmp_ge_u32_e64 s11, v21, 0x80000003
  v_cmpx_ge_u32_e32 v22, v23
  v_cmpx_ge_u32_e64 v1, v2
  s_mov_b32 exec_lo, 0x6b5a3ce1
  v_cmp_ge_u32_e32 vcc_lo, v22, v23
  v_cmpx_ge_u32_e64 3, v20
  s_mov_b32 exec_lo, -1
  v_cmp_t_u32_e32 vcc_lo, v1, v2
  v_cmp_t_u32_e32 vcc_lo, v22, v23
  v_cmp_t_u32_e32 vcc_lo, 3, v20
  v_cmp_t_u32_e64 s10, v22, v23
  v_cmp_t_u32_e64 s11, v21, 0x80000003
  v_cmpx_t_u32_e32 v22, v23
  v_cmpx_t_u32_e64 v1, v2
  s_mov_b32 exec_lo, 0x6b5a3ce1
  v_cmp_t_u32_e32 vcc_lo, v22, v23
  v_cmpx_t_u32_e64 3, v20
  s_mov_b32 exec_lo, -1

  v_cmp_f_i64_e32 vcc_lo, v[1:2], v[3:4]
  v_cmp_f_i64_e32 vcc_lo, v[24:25], v[26:27]
  v_cmp_f_i64_e32 vcc_lo, -1, v[26:27]
  v_cmp_f_i64_e64 s10, v[24:25], v[26:27]
  v_cmp_f_i64_e64 s11, v[24:25], s[2:3]
  v_cmpx_f_i64_e32 v[24:25], v[26:27]
  v_cmpx_f_i64_e64 v[1:2], v[3:4]
  s_mov_b32 exec_lo, 0x6b5a3ce1
  v_cmp_f_i64_e32 vcc_lo, v[24:25], v[26:27]
  v_cmpx_f_i64_e64 -1, v[26:27]
  s_mov_b32 exec_lo, -1
  v_cmp_lt_i64_e32 vcc_lo, v[1:2], v[3:4]
  v_cmp_lt_i64_e32 vcc_lo, v[24:25], v[26:27]
  v_cmp_lt_i64_e32 vcc_lo, -1, v[26:27]
  v_cmp_lt_i64_e64 s10, v[24:25], v[26:27]
  v_cmp_lt_i64_e64 s11, v[24:25], s[2:3]
  v_cmpx_lt_i64_e32 v[24:25], v[26:27]
  v_cmpx_lt_i64_e64 v[1:2], v[3:4]
  s_mov_b32 exec_lo, 0x6b5a3ce1
  v_cmp_lt_i64_e32 vcc_lo, v[24:25], v[26:27]
  v_cmpx_lt_i64_e64 -1, v[26:27]
  s_mov_b32 exec_lo, -1
  v_cmp_eq_i64_e32 vcc_lo, v[1:2], v[3:4]
  v_cmp_eq_i64_e32 vcc_lo, v[24:25], v[26:27]
  v_cmp_eq_i64_e32 vcc_lo, -1, v[26:27]
  v_cmp_eq_i64_e64 s10, v[24:25], v[26:27]
  v_cmp_eq_i64_e64 s11, v[24:25], s[2:3]
  v_cmpx_eq_i64_e32 v[24:25], v[26:27]
  v_cmpx_eq_i64_e64 v[1:2], v[3:4]
  s_mov_b32 exec_lo, 0x6b5a3ce1
  v_cmp_eq_i64_e32 vcc_lo, v[24:25], v[26:27]
  v_cmpx_eq_i64_e64 -1, v[26:27]
  s_mov_b32 exec_lo, -1
  v_cmp_le_i64_e32 vcc_lo, v[1:2], v[3:4]
  v_cmp_le_i64_e32 vcc_lo, v[24:25], v[26:27]
  v_cmp_le_i64_e32 vcc_lo, -1, v[26:27]
  v_cmp_le_i64_e64 s10, v[24:25], v[26:27]
  v_cmp_le_i64_e64 s11, v[24:25], s[2:3]
  v_cmpx_le_i64_e32 v[24:25], v[26:27]
  v_cmpx_le_i64_e64 v[1:2], v[3:4]
  s_mov_b32 exec_lo, 0x6b5a3ce1
  v_cmp_le_i64_e32 vcc_lo, v[24:25], v[26:27]
  v_cmpx_le_i64_e64 -1, v[26:27]
  s_mov_b32 exec_lo, -1
  v_cmp_gt_i64_e32 vcc_lo, v[1:2], v[3:4]
  v_cmp_gt_i64_e32 vcc_lo, v[24:25], v[26:27]
  v_cmp_gt_i64_e32 vcc_lo, -1, v[26:27]
  v_cmp_gt_i64_e64 s10, v[24:25], v[26:27]
  v_cmp_gt_i64_e64 s11, v[24:25], s[2:3]
  v_cmpx_gt_i64_e32 v[24:25], v[26:27]
  v_cmpx_gt_i64_e64 v[1:2], v[3:4]
  s_mov_b32 exec_lo, 0x6b5a3ce1
  v_cmp_gt_i64_e32 vcc_lo, v[24:25], v[26:27]
  v_cmpx_gt_i64_e64 -1, v[26:27]
  s_mov_b32 exec_lo, -1
  v_cmp_ne_i64_e32 vcc_lo, v[1:2], v[3:4]
  v_cmp_ne_i64_e32 vcc_lo, v[24:25], v[26:27]
  v_cmp_ne_i64_e32 vcc_lo, -1, v[26:27]
  v_cmp_ne_i64_e64 s10, v[24:25], v[26:27]
  v_cmp_ne_i64_e64 s11, v[24:25], s[2:3]
  v_cmpx_ne_i64_e32 v[24:25], v[26:27]
  v_cmpx_ne_i64_e64 v[1:2], v[3:4]
  s_mov_b32 exec_lo, 0x6b5a3ce1
  v_cmp_ne_i64_e32 vcc_lo, v[24:25], v[26:27]
  v_cmpx_ne_i64_e64 -1, v[26:27]
  s_mov_b32 exec_lo, -1
  v_cmp_ge_i64_e32 vcc_lo, v[1:2], v[3:4]
  v_cmp_ge_i64_e32 vcc_lo, v[24:25], v[26:27]
  v_cmp_ge_i64_e32 vcc_lo, -1, v[26:27]
  v_cmp_ge_i64_e64 s10, v[24:25], v[26:27]
  v_cmp_ge_i64_e64 s11, v[24:25], s[2:3]
  v_cmpx_ge_i64_e32 v[24:25], v[26:27]
  v_cmpx_ge_i64_e64 v[1:2], v[3:4]
  s_mov_b32 exec_lo, 0x6b5a3ce1
  v_cmp_ge_i64_e32 vcc_lo, v[24:25], v[26:27]
  v_cmpx_ge_i64_e64 -1, v[26:27]
  s_mov_b32 exec_lo, -1
  v_cmp_t_i64_e32 vcc_lo, v[1:2], v[3:4]
  v_cmp_t_i64_e32 vcc_lo, v[24:25], v[26:27]
  v_cmp_t_i64_e32 vcc_lo, -1, v[26:27]
  v_cmp_t_i64_e64 s10, v[24:25], v[26:27]
  v_cmp_t_i64_e64 s11, v[24:25], s[2:3]
  v_cmpx_t_i64_e32 v[24:25], v[26:27]
  v_cmpx_t_i64_e64 v[1:2], v[3:4]
  s_mov_b32 exec_lo, 0x6b5a3ce1
  v_cmp_t_i64_e32 vcc_lo, v[24:25], v[26:27]
  v_cmpx_t_i64_e64 -1, v[26:27]
  s_mov_b32 exec_lo, -1

  v_cmp_f_u64_e32 vcc_lo, v[1:2], v[3:4]
  v_cmp_f_u64_e32 vcc_lo, v[24:25], v[26:27]
  v_cmp_f_u64_e32 vcc_lo, -1, v[26:27]
  v_cmp_f_u64_e64 s10, v[24:25], v[26:27]
  v_cmp_f_u64_e64 s11, v[24:25], s[2:3]
  v_cmpx_f_u64_e32 v[24:25], v[26:27]
  v_cmpx_f_u64_e64 v[1:2], v[3:4]
  s_mov_b32 exec_lo, 0x6b5a3ce1
  v_cmp_f_u64_e32 vcc_lo, v[24:25], v[26:27]
  v_cmpx_f_u64_e64 -1, v[26:27]
  s_mov_b32 exec_lo, -1
  v_cmp_lt_u64_e32 vcc_lo, v[1:2], v[3:4]
  v_cmp_lt_u64_e32 vcc_lo, v[24:25], v[26:27]
  v_cmp_lt_u64_e32 vcc_lo, -1, v[26:27]
  v_cmp_lt_u64_e64 s10, v[24:25], v[26:27]
  v_cmp_lt_u64_e64 s11, v[24:25], s[2:3]
  v_cmpx_lt_u64_e32 v[24:25], v[26:27]
  v_cmpx_lt_u64_e64 v[1:2], v[3:4]
  s_mov_b32 exec_lo, 0x6b5a3ce1
  v_cmp_lt_u64_e32 vcc_lo, v[24:25], v[26:27]
  v_cmpx_lt_u64_e64 -1, v[26:27]
  s_mov_b32 exec_lo, -1
  v_cmp_eq_u64_e32 vcc_lo, v[1:2], v[3:4]
  v_cmp_eq_u64_e32 vcc_lo, v[24:25], v[26:27]
  v_cmp_eq_u64_e32 vcc_lo, -1, v[26:27]
  v_cmp_eq_u64_e64 s10, v[24:25], v[26:27]
  v_cmp_eq_u64_e64 s11, v[24:25], s[2:3]
  v_cmpx_eq_u64_e32 v[24:25], v[26:27]
  v_cmpx_eq_u64_e64 v[1:2], v[3:4]
  s_mov_b32 exec_lo, 0x6b5a3ce1
  v_cmp_eq_u64_e32 vcc_lo, v[24:25], v[26:27]
  v_cmpx_eq_u64_e64 -1, v[26:27]
  s_mov_b32 exec_lo, -1
  v_cmp_le_u64_e32 vcc_lo, v[1:2], v[3:4]
  v_cmp_le_u64_e32 vcc_lo, v[24:25], v[26:27]
  v_cmp_le_u64_e32 vcc_lo, -1, v[26:27]
  v_cmp_le_u64_e64 s10, v[24:25], v[26:27]
  v_cmp_le_u64_e64 s11, v[24:25], s[2:3]
  v_cmpx_le_u64_e32 v[24:25], v[26:27]
  v_cmpx_le_u64_e64 v[1:2], v[3:4]
  s_mov_b32 exec_lo, 0x6b5a3ce1
  v_cmp_le_u64_e32 vcc_lo, v[24:25], v[26:27]
  v_cmpx_le_u64_e64 -1, v[26:27]
  s_mov_b32 exec_lo, -1
  v_cmp_gt_u64_e32 vcc_lo, v[1:2], v[3:4]
  v_cmp_gt_u64_e32 vcc_lo, v[24:25], v[26:27]
  v_cmp_gt_u64_e32 vcc_lo, -1, v[26:27]
  v_cmp_gt_u64_e64 s10, v[24:25], v[26:27]
  v_cmp_gt_u64_e64 s11, v[24:25], s[2:3]
  v_cmpx_gt_u64_e32 v[24:25], v[26:27]
  v_cmpx_gt_u64_e64 v[1:2], v[3:4]
  s_mov_b32 exec_lo, 0x6b5a3ce1
  v_cmp_gt_u64_e32 vcc_lo, v[24:25], v[26:27]
  v_cmpx_gt_u64_e64 -1, v[26:27]
  s_mov_b32 exec_lo, -1
  v_cmp_ne_u64_e32 vcc_lo, v[1:2], v[3:4]
  v_cmp_ne_u64_e32 vcc_lo, v[24:25], v[26:27]
  v_cmp_ne_u64_e32 vcc_lo, -1, v[26:27]
  v_cmp_ne_u64_e64 s10, v[24:25], v[26:27]
  v_cmp_ne_u64_e64 s11, v[24:25], s[2:3]
  v_cmpx_ne_u64_e32 v[24:25], v[26:27]
  v_cmpx_ne_u64_e64 v[1:2], v[3:4]
  s_mov_b32 exec_lo, 0x6b5a3ce1
  v_cmp_ne_u64_e32 vcc_lo, v[24:25], v[26:27]
  v_cmpx_ne_u64_e64 -1, v[26:27]
  s_mov_b32 exec_lo, -1
  v_cmp_ge_u64_e32 vcc_lo, v[1:2], v[3:4]
  v_cmp_ge_u64_e32 vcc_lo, v[24:25], v[26:27]
  v_cmp_ge_u64_e32 vcc_lo, -1, v[26:27]
  v_cmp_ge_u64_e64 s10, v[24:25], v[26:27]
  v_cmp_ge_u64_e64 s11, v[24:25], s[2:3]
  v_cmpx_ge_u64_e32 v[24:25], v[26:27]
  v_cmpx_ge_u64_e64 v[1:2], v[3:4]
  s_mov_b32 exec_lo, 0x6b5a3ce1
  v_cmp_ge_u64_e32 vcc_lo, v[24:25], v[26:27]
  v_cmpx_ge_u64_e64 -1, v[26:27]
  s_mov_b32 exec_lo, -1
  v_cmp_t_u64_e32 vcc_lo, v[1:2], v[3:4]
  v_cmp_t_u64_e32 vcc_lo, v[24:25], v[26:27]
  v_cmp_t_u64_e32 vcc_lo, -1, v[26:27]
  v_cmp_t_u64_e64 s10, v[24:25], v[26:27]
  v_cmp_t_u64_e64 s11, v[24:25], s[2:3]
  v_cmpx_t_u64_e32 v[24:25], v[26:27]
  v_cmpx_t_u64_e64 v[1:2], v[3:4]
  s_mov_b32 exec_lo, 0x6b5a3ce1
  v_cmp_t_u64_e32 vcc_lo, v[24:25], v[26:27]
  v_cmpx_t_u64_e64 -1, v[26:27]
  s_mov_b32 exec_lo, -1

  // DPP (VOPC and VOP3): source 0 from another lane; row and bank masks limit the lanes.
  v_cmp_lt_i32_dpp vcc_lo, v22, v23 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf
  v_cmp_ge_u32_dpp vcc_lo, v1, v2 row_shl:1 row_mask:0xf bank_mask:0xf
  v_cmp_ne_i32_dpp vcc_lo, v22, v23 row_shr:2 row_mask:0x5 bank_mask:0xa bound_ctrl:1
  v_cmp_eq_u16_dpp vcc_lo, v20, v21 dpp8:[1,0,3,2,5,4,7,6]
  v_cmp_le_i16_dpp vcc_lo, v28, v29 row_mirror row_mask:0xf bank_mask:0x3
  v_cmp_gt_u32_e64_dpp s12, v1, v2 quad_perm:[3,3,0,0] row_mask:0xf bank_mask:0xf
  v_cmp_lt_i16_e64_dpp s13, v28, v29 row_ror:3 row_mask:0xf bank_mask:0xf
  v_cmpx_lt_u32_dpp v20, v21 row_shl:1 row_mask:0xf bank_mask:0xf
  s_mov_b32 exec_lo, -1
  v_cmpx_ge_i32_e64_dpp v22, v23 dpp8:[7,6,5,4,3,2,1,0]
  s_mov_b32 exec_lo, -1

  // High halves of 16-bit operands: VGPR bit 7 (VOPC) and OPSEL (VOP3), encoded by hand.
  .long 0x7c630581               // v_cmp_lt_i16_e32 vcc_lo, v1.h, v2.h
  .long 0xd431080a, 0x00020501   // v_cmp_lt_i16_e64 s10, v1.h, v2
  .long 0xd43e100b, 0x00022d15   // v_cmp_ge_u16_e64 s11, v21, v22.h
  s_endpgm
