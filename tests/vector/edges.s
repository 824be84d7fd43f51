// Boundary operands: every integer operation the lanes execute, on registers whose lanes
// hold edge values (2^k - 1, 2^k, -2^k, 2^k + 1 and the like for every k, so that the
// saturation bounds, carries, sign bits, zero widths and equal halves of every width come
// up), paired in many ways. Generated once (a seeded random choice of registers and
// modifiers per operation); edit freely.

  v_mbcnt_lo_u32_b32 v30, -1, 0
  v_mul_u32_u24 v31, v30, 7
  v_and_b32 v31, 31, v31
  v_mad_u32_u24 v32, v30, 13, 5
  v_and_b32 v32, 31, v32
  v_lshlrev_b32 v40, v30, 1              // 2^k, k = lane
  v_add_nc_u32 v41, -1, v40              // 2^k - 1
  v_not_b32 v42, v41                     // -2^k
  v_ashrrev_i32 v43, v30, 0x80000000     // -2^(31-k)
  v_add_nc_u32 v44, 1, v40               // 2^k + 1
  v_lshlrev_b32 v45, v31, 1              // 2^k, k = 7 * lane mod 32
  v_add_nc_u32 v46, -1, v45              // 2^k - 1
  v_not_b32 v47, v46                     // -2^k
  v_ashrrev_i32 v48, v31, 0x80000000     // -2^(31-k)
  v_add_nc_u32 v49, 1, v45               // 2^k + 1
  v_lshlrev_b32 v50, v32, 1              // 2^k, k = 13 * lane + 5 mod 32
  v_add_nc_u32 v51, -1, v50              // 2^k - 1
  v_not_b32 v52, v51                     // -2^k
  v_ashrrev_i32 v53, v32, 0x80000000     // -2^(31-k)
  v_add_nc_u32 v54, 1, v50               // 2^k + 1
  v_lshl_or_b32 v55, v41, 16, v47        // 16-bit edges in both halves

  v_cmp_lt_i16_e64 s10, v50, v44
  v_cmp_lt_i16_e64 s10, v52, v41
  v_cmp_lt_i16_e64 s10, v42, v43
  v_cmp_eq_i16_e64 s10, v51, v41
  v_cmp_eq_i16_e64 s10, v46, v41
  v_cmp_eq_i16_e64 s10, v42, v53
  v_cmp_le_i16_e64 s10, v53, v42
  v_cmp_le_i16_e64 s10, v47, v42
  v_cmp_le_i16_e64 s10, v53, v41
  v_cmp_gt_i16_e64 s10, v43, v47
  v_cmp_gt_i16_e64 s10, v41, v52
  v_cmp_gt_i16_e64 s10, v41, v47
  v_cmp_ne_i16_e64 s10, v41, v44
  v_cmp_ne_i16_e64 s10, v49, v53
  v_cmp_ne_i16_e64 s10, v44, v43
  v_cmp_ge_i16_e64 s10, v49, v45
  v_cmp_ge_i16_e64 s10, v43, v46
  v_cmp_ge_i16_e64 s10, v51, v43
  v_cmp_lt_u16_e64 s10, v42, v41
  v_cmp_lt_u16_e64 s10, v46, v55
  v_cmp_lt_u16_e64 s10, v53, v50
  v_cmp_eq_u16_e64 s10, v54, v54
  v_cmp_eq_u16_e64 s10, v51, v49
  v_cmp_eq_u16_e64 s10, v47, v45
  v_cmp_le_u16_e64 s10, v47, v42
  v_cmp_le_u16_e64 s10, v49, v55
  v_cmp_le_u16_e64 s10, v50, v54
  v_cmp_gt_u16_e64 s10, v49, v42
  v_cmp_gt_u16_e64 s10, v43, v53
  v_cmp_gt_u16_e64 s10, v45, v50
  v_cmp_ne_u16_e64 s10, v44, v55
  v_cmp_ne_u16_e64 s10, v53, v41
  v_cmp_ne_u16_e64 s10, v42, v50
  v_cmp_ge_u16_e64 s10, v50, v51
  v_cmp_ge_u16_e64 s10, v55, v54
  v_cmp_ge_u16_e64 s10, v42, v42
  v_cmp_f_i32_e64 s10, v48, v55
  v_cmp_f_i32_e64 s10, v42, v41
  v_cmp_f_i32_e64 s10, v49, v54
  v_cmp_lt_i32_e64 s10, v49, v52
  v_cmp_lt_i32_e64 s10, v51, v40
  v_cmp_lt_i32_e64 s10, v54, v51
  v_cmp_eq_i32_e64 s10, v45, v43
  v_cmp_eq_i32_e64 s10, v55, v41
  v_cmp_eq_i32_e64 s10, v46, v49
  v_cmp_le_i32_e64 s10, v44, v47
  v_cmp_le_i32_e64 s10, v52, v52
  v_cmp_le_i32_e64 s10, v55, v42
  v_cmp_gt_i32_e64 s10, v45, v54
  v_cmp_gt_i32_e64 s10, v52, v48
  v_cmp_gt_i32_e64 s10, v44, v53
  v_cmp_ne_i32_e64 s10, v48, v53
  v_cmp_ne_i32_e64 s10, v51, v52
  v_cmp_ne_i32_e64 s10, v47, v44
  v_cmp_ge_i32_e64 s10, v42, v45
  v_cmp_ge_i32_e64 s10, v44, v47
  v_cmp_ge_i32_e64 s10, v47, v40
  v_cmp_t_i32_e64 s10, v55, v45
  v_cmp_t_i32_e64 s10, v48, v49
  v_cmp_t_i32_e64 s10, v40, v44
  v_cmp_f_u32_e64 s10, v53, v51
  v_cmp_f_u32_e64 s10, v50, v44
  v_cmp_f_u32_e64 s10, v41, v54
  v_cmp_lt_u32_e64 s10, v52, v52
  v_cmp_lt_u32_e64 s10, v52, v52
  v_cmp_lt_u32_e64 s10, v43, v55
  v_cmp_eq_u32_e64 s10, v52, v41
  v_cmp_eq_u32_e64 s10, v46, v42
  v_cmp_eq_u32_e64 s10, v46, v54
  v_cmp_le_u32_e64 s10, v45, v43
  v_cmp_le_u32_e64 s10, v50, v41
  v_cmp_le_u32_e64 s10, v43, v40
  v_cmp_gt_u32_e64 s10, v44, v43
  v_cmp_gt_u32_e64 s10, v51, v40
  v_cmp_gt_u32_e64 s10, v42, v46
  v_cmp_ne_u32_e64 s10, v52, v44
  v_cmp_ne_u32_e64 s10, v48, v51
  v_cmp_ne_u32_e64 s10, v51, v55
  v_cmp_ge_u32_e64 s10, v43, v43
  v_cmp_ge_u32_e64 s10, v55, v54
  v_cmp_ge_u32_e64 s10, v55, v55
  v_cmp_t_u32_e64 s10, v49, v42
  v_cmp_t_u32_e64 s10, v44, v43
  v_cmp_t_u32_e64 s10, v50, v48
  v_cmp_f_i64_e64 s10, v[47:48], v[53:54]
  v_cmp_f_i64_e64 s10, v[51:52], v[42:43]
  v_cmp_f_i64_e64 s10, v[48:49], v[40:41]
  v_cmp_lt_i64_e64 s10, v[43:44], v[48:49]
  v_cmp_lt_i64_e64 s10, v[45:46], v[42:43]
  v_cmp_lt_i64_e64 s10, v[51:52], v[48:49]
  v_cmp_eq_i64_e64 s10, v[54:55], v[40:41]
  v_cmp_eq_i64_e64 s10, v[52:53], v[48:49]
  v_cmp_eq_i64_e64 s10, v[44:45], v[50:51]
  v_cmp_le_i64_e64 s10, v[53:54], v[41:42]
  v_cmp_le_i64_e64 s10, v[51:52], v[53:54]
  v_cmp_le_i64_e64 s10, v[44:45], v[48:49]
  v_cmp_gt_i64_e64 s10, v[45:46], v[54:55]
  v_cmp_gt_i64_e64 s10, v[42:43], v[45:46]
  v_cmp_gt_i64_e64 s10, v[52:53], v[43:44]
  v_cmp_ne_i64_e64 s10, v[48:49], v[48:49]
  v_cmp_ne_i64_e64 s10, v[52:53], v[48:49]
  v_cmp_ne_i64_e64 s10, v[45:46], v[50:51]
  v_cmp_ge_i64_e64 s10, v[43:44], v[49:50]
  v_cmp_ge_i64_e64 s10, v[52:53], v[52:53]
  v_cmp_ge_i64_e64 s10, v[52:53], v[53:54]
  v_cmp_t_i64_e64 s10, v[43:44], v[52:53]
  v_cmp_t_i64_e64 s10, v[43:44], v[53:54]
  v_cmp_t_i64_e64 s10, v[46:47], v[51:52]
  v_cmp_f_u64_e64 s10, v[52:53], v[43:44]
  v_cmp_f_u64_e64 s10, v[43:44], v[48:49]
  v_cmp_f_u64_e64 s10, v[47:48], v[45:46]
  v_cmp_lt_u64_e64 s10, v[51:52], v[40:41]
  v_cmp_lt_u64_e64 s10, v[40:41], v[52:53]
  v_cmp_lt_u64_e64 s10, v[44:45], v[47:48]
  v_cmp_eq_u64_e64 s10, v[44:45], v[43:44]
  v_cmp_eq_u64_e64 s10, v[51:52], v[49:50]
  v_cmp_eq_u64_e64 s10, v[45:46], v[47:48]
  v_cmp_le_u64_e64 s10, v[52:53], v[54:55]
  v_cmp_le_u64_e64 s10, v[51:52], v[45:46]
  v_cmp_le_u64_e64 s10, v[45:46], v[41:42]
  v_cmp_gt_u64_e64 s10, v[43:44], v[41:42]
  v_cmp_gt_u64_e64 s10, v[43:44], v[47:48]
  v_cmp_gt_u64_e64 s10, v[43:44], v[45:46]
  v_cmp_ne_u64_e64 s10, v[43:44], v[47:48]
  v_cmp_ne_u64_e64 s10, v[49:50], v[54:55]
  v_cmp_ne_u64_e64 s10, v[49:50], v[53:54]
  v_cmp_ge_u64_e64 s10, v[40:41], v[47:48]
  v_cmp_ge_u64_e64 s10, v[54:55], v[50:51]
  v_cmp_ge_u64_e64 s10, v[45:46], v[52:53]
  v_cmp_t_u64_e64 s10, v[50:51], v[41:42]
  v_cmp_t_u64_e64 s10, v[53:54], v[50:51]
  v_cmp_t_u64_e64 s10, v[41:42], v[54:55]
  v_cmpx_lt_i16_e64 v52, v46
  s_mov_b32 exec_lo, -1
  v_cmpx_lt_i16_e64 v55, v45
  s_mov_b32 exec_lo, -1
  v_cmpx_lt_i16_e64 v53, v50
  s_mov_b32 exec_lo, -1
  v_cmpx_eq_i16_e64 v42, v52
  s_mov_b32 exec_lo, -1
  v_cmpx_eq_i16_e64 v54, v52
  s_mov_b32 exec_lo, -1
  v_cmpx_eq_i16_e64 v42, v45
  s_mov_b32 exec_lo, -1
  v_cmpx_le_i16_e64 v45, v44
  s_mov_b32 exec_lo, -1
  v_cmpx_le_i16_e64 v40, v44
  s_mov_b32 exec_lo, -1
  v_cmpx_le_i16_e64 v54, v44
  s_mov_b32 exec_lo, -1
  v_cmpx_gt_i16_e64 v55, v51
  s_mov_b32 exec_lo, -1
  v_cmpx_gt_i16_e64 v44, v44
  s_mov_b32 exec_lo, -1
  v_cmpx_gt_i16_e64 v40, v40
  s_mov_b32 exec_lo, -1
  v_cmpx_ne_i16_e64 v43, v44
  s_mov_b32 exec_lo, -1
  v_cmpx_ne_i16_e64 v53, v46
  s_mov_b32 exec_lo, -1
  v_cmpx_ne_i16_e64 v46, v40
  s_mov_b32 exec_lo, -1
  v_cmpx_ge_i16_e64 v48, v46
  s_mov_b32 exec_lo, -1
  v_cmpx_ge_i16_e64 v49, v47
  s_mov_b32 exec_lo, -1
  v_cmpx_ge_i16_e64 v50, v48
  s_mov_b32 exec_lo, -1
  v_cmpx_lt_u16_e64 v53, v44
  s_mov_b32 exec_lo, -1
  v_cmpx_lt_u16_e64 v41, v51
  s_mov_b32 exec_lo, -1
  v_cmpx_lt_u16_e64 v54, v53
  s_mov_b32 exec_lo, -1
  v_cmpx_eq_u16_e64 v44, v44
  s_mov_b32 exec_lo, -1
  v_cmpx_eq_u16_e64 v40, v54
  s_mov_b32 exec_lo, -1
  v_cmpx_eq_u16_e64 v45, v40
  s_mov_b32 exec_lo, -1
  v_cmpx_le_u16_e64 v44, v45
  s_mov_b32 exec_lo, -1
  v_cmpx_le_u16_e64 v44, v55
  s_mov_b32 exec_lo, -1
  v_cmpx_le_u16_e64 v43, v41
  s_mov_b32 exec_lo, -1
  v_cmpx_gt_u16_e64 v50, v55
  s_mov_b32 exec_lo, -1
  v_cmpx_gt_u16_e64 v43, v41
  s_mov_b32 exec_lo, -1
  v_cmpx_gt_u16_e64 v47, v46
  s_mov_b32 exec_lo, -1
  v_cmpx_ne_u16_e64 v48, v41
  s_mov_b32 exec_lo, -1
  v_cmpx_ne_u16_e64 v43, v54
  s_mov_b32 exec_lo, -1
  v_cmpx_ne_u16_e64 v40, v42
  s_mov_b32 exec_lo, -1
  v_cmpx_ge_u16_e64 v54, v50
  s_mov_b32 exec_lo, -1
  v_cmpx_ge_u16_e64 v46, v48
  s_mov_b32 exec_lo, -1
  v_cmpx_ge_u16_e64 v54, v55
  s_mov_b32 exec_lo, -1
  v_cmpx_f_i32_e64 v47, v48
  s_mov_b32 exec_lo, -1
  v_cmpx_f_i32_e64 v46, v54
  s_mov_b32 exec_lo, -1
  v_cmpx_f_i32_e64 v44, v53
  s_mov_b32 exec_lo, -1
  v_cmpx_lt_i32_e64 v43, v52
  s_mov_b32 exec_lo, -1
  v_cmpx_lt_i32_e64 v54, v50
  s_mov_b32 exec_lo, -1
  v_cmpx_lt_i32_e64 v42, v47
  s_mov_b32 exec_lo, -1
  v_cmpx_eq_i32_e64 v53, v42
  s_mov_b32 exec_lo, -1
  v_cmpx_eq_i32_e64 v46, v49
  s_mov_b32 exec_lo, -1
  v_cmpx_eq_i32_e64 v43, v44
  s_mov_b32 exec_lo, -1
  v_cmpx_le_i32_e64 v51, v44
  s_mov_b32 exec_lo, -1
  v_cmpx_le_i32_e64 v48, v44
  s_mov_b32 exec_lo, -1
  v_cmpx_le_i32_e64 v54, v47
  s_mov_b32 exec_lo, -1
  v_cmpx_gt_i32_e64 v43, v52
  s_mov_b32 exec_lo, -1
  v_cmpx_gt_i32_e64 v55, v45
  s_mov_b32 exec_lo, -1
  v_cmpx_gt_i32_e64 v47, v45
  s_mov_b32 exec_lo, -1
  v_cmpx_ne_i32_e64 v53, v52
  s_mov_b32 exec_lo, -1
  v_cmpx_ne_i32_e64 v50, v53
  s_mov_b32 exec_lo, -1
  v_cmpx_ne_i32_e64 v46, v51
  s_mov_b32 exec_lo, -1
  v_cmpx_ge_i32_e64 v50, v42
  s_mov_b32 exec_lo, -1
  v_cmpx_ge_i32_e64 v51, v40
  s_mov_b32 exec_lo, -1
  v_cmpx_ge_i32_e64 v50, v54
  s_mov_b32 exec_lo, -1
  v_cmpx_t_i32_e64 v54, v40
  s_mov_b32 exec_lo, -1
  v_cmpx_t_i32_e64 v52, v50
  s_mov_b32 exec_lo, -1
  v_cmpx_t_i32_e64 v49, v42
  s_mov_b32 exec_lo, -1
  v_cmpx_f_u32_e64 v43, v47
  s_mov_b32 exec_lo, -1
  v_cmpx_f_u32_e64 v43, v42
  s_mov_b32 exec_lo, -1
  v_cmpx_f_u32_e64 v48, v48
  s_mov_b32 exec_lo, -1
  v_cmpx_lt_u32_e64 v41, v45
  s_mov_b32 exec_lo, -1
  v_cmpx_lt_u32_e64 v48, v44
  s_mov_b32 exec_lo, -1
  v_cmpx_lt_u32_e64 v53, v48
  s_mov_b32 exec_lo, -1
  v_cmpx_eq_u32_e64 v52, v44
  s_mov_b32 exec_lo, -1
  v_cmpx_eq_u32_e64 v55, v50
  s_mov_b32 exec_lo, -1
  v_cmpx_eq_u32_e64 v42, v48
  s_mov_b32 exec_lo, -1
  v_cmpx_le_u32_e64 v41, v45
  s_mov_b32 exec_lo, -1
  v_cmpx_le_u32_e64 v53, v42
  s_mov_b32 exec_lo, -1
  v_cmpx_le_u32_e64 v48, v40
  s_mov_b32 exec_lo, -1
  v_cmpx_gt_u32_e64 v42, v48
  s_mov_b32 exec_lo, -1
  v_cmpx_gt_u32_e64 v42, v47
  s_mov_b32 exec_lo, -1
  v_cmpx_gt_u32_e64 v42, v48
  s_mov_b32 exec_lo, -1
  v_cmpx_ne_u32_e64 v43, v54
  s_mov_b32 exec_lo, -1
  v_cmpx_ne_u32_e64 v40, v50
  s_mov_b32 exec_lo, -1
  v_cmpx_ne_u32_e64 v53, v48
  s_mov_b32 exec_lo, -1
  v_cmpx_ge_u32_e64 v44, v41
  s_mov_b32 exec_lo, -1
  v_cmpx_ge_u32_e64 v47, v43
  s_mov_b32 exec_lo, -1
  v_cmpx_ge_u32_e64 v45, v48
  s_mov_b32 exec_lo, -1
  v_cmpx_t_u32_e64 v41, v45
  s_mov_b32 exec_lo, -1
  v_cmpx_t_u32_e64 v46, v49
  s_mov_b32 exec_lo, -1
  v_cmpx_t_u32_e64 v49, v46
  s_mov_b32 exec_lo, -1
  v_cmpx_f_i64_e64 v[44:45], v[47:48]
  s_mov_b32 exec_lo, -1
  v_cmpx_f_i64_e64 v[48:49], v[50:51]
  s_mov_b32 exec_lo, -1
  v_cmpx_f_i64_e64 v[42:43], v[44:45]
  s_mov_b32 exec_lo, -1
  v_cmpx_lt_i64_e64 v[45:46], v[52:53]
  s_mov_b32 exec_lo, -1
  v_cmpx_lt_i64_e64 v[40:41], v[44:45]
  s_mov_b32 exec_lo, -1
  v_cmpx_lt_i64_e64 v[40:41], v[40:41]
  s_mov_b32 exec_lo, -1
  v_cmpx_eq_i64_e64 v[40:41], v[51:52]
  s_mov_b32 exec_lo, -1
  v_cmpx_eq_i64_e64 v[48:49], v[48:49]
  s_mov_b32 exec_lo, -1
  v_cmpx_eq_i64_e64 v[43:44], v[48:49]
  s_mov_b32 exec_lo, -1
  v_cmpx_le_i64_e64 v[47:48], v[43:44]
  s_mov_b32 exec_lo, -1
  v_cmpx_le_i64_e64 v[54:55], v[47:48]
  s_mov_b32 exec_lo, -1
  v_cmpx_le_i64_e64 v[41:42], v[50:51]
  s_mov_b32 exec_lo, -1
  v_cmpx_gt_i64_e64 v[53:54], v[50:51]
  s_mov_b32 exec_lo, -1
  v_cmpx_gt_i64_e64 v[46:47], v[50:51]
  s_mov_b32 exec_lo, -1
  v_cmpx_gt_i64_e64 v[47:48], v[48:49]
  s_mov_b32 exec_lo, -1
  v_cmpx_ne_i64_e64 v[53:54], v[54:55]
  s_mov_b32 exec_lo, -1
  v_cmpx_ne_i64_e64 v[46:47], v[48:49]
  s_mov_b32 exec_lo, -1
  v_cmpx_ne_i64_e64 v[44:45], v[51:52]
  s_mov_b32 exec_lo, -1
  v_cmpx_ge_i64_e64 v[43:44], v[43:44]
  s_mov_b32 exec_lo, -1
  v_cmpx_ge_i64_e64 v[45:46], v[43:44]
  s_mov_b32 exec_lo, -1
  v_cmpx_ge_i64_e64 v[53:54], v[54:55]
  s_mov_b32 exec_lo, -1
  v_cmpx_t_i64_e64 v[51:52], v[51:52]
  s_mov_b32 exec_lo, -1
  v_cmpx_t_i64_e64 v[50:51], v[42:43]
  s_mov_b32 exec_lo, -1
  v_cmpx_t_i64_e64 v[46:47], v[45:46]
  s_mov_b32 exec_lo, -1
  v_cmpx_f_u64_e64 v[40:41], v[53:54]
  s_mov_b32 exec_lo, -1
  v_cmpx_f_u64_e64 v[42:43], v[40:41]
  s_mov_b32 exec_lo, -1
  v_cmpx_f_u64_e64 v[41:42], v[50:51]
  s_mov_b32 exec_lo, -1
  v_cmpx_lt_u64_e64 v[51:52], v[54:55]
  s_mov_b32 exec_lo, -1
  v_cmpx_lt_u64_e64 v[44:45], v[46:47]
  s_mov_b32 exec_lo, -1
  v_cmpx_lt_u64_e64 v[42:43], v[40:41]
  s_mov_b32 exec_lo, -1
  v_cmpx_eq_u64_e64 v[41:42], v[50:51]
  s_mov_b32 exec_lo, -1
  v_cmpx_eq_u64_e64 v[53:54], v[46:47]
  s_mov_b32 exec_lo, -1
  v_cmpx_eq_u64_e64 v[53:54], v[48:49]
  s_mov_b32 exec_lo, -1
  v_cmpx_le_u64_e64 v[50:51], v[44:45]
  s_mov_b32 exec_lo, -1
  v_cmpx_le_u64_e64 v[49:50], v[43:44]
  s_mov_b32 exec_lo, -1
  v_cmpx_le_u64_e64 v[51:52], v[44:45]
  s_mov_b32 exec_lo, -1
  v_cmpx_gt_u64_e64 v[40:41], v[47:48]
  s_mov_b32 exec_lo, -1
  v_cmpx_gt_u64_e64 v[42:43], v[42:43]
  s_mov_b32 exec_lo, -1
  v_cmpx_gt_u64_e64 v[44:45], v[47:48]
  s_mov_b32 exec_lo, -1
  v_cmpx_ne_u64_e64 v[40:41], v[44:45]
  s_mov_b32 exec_lo, -1
  v_cmpx_ne_u64_e64 v[45:46], v[45:46]
  s_mov_b32 exec_lo, -1
  v_cmpx_ne_u64_e64 v[48:49], v[45:46]
  s_mov_b32 exec_lo, -1
  v_cmpx_ge_u64_e64 v[43:44], v[40:41]
  s_mov_b32 exec_lo, -1
  v_cmpx_ge_u64_e64 v[54:55], v[44:45]
  s_mov_b32 exec_lo, -1
  v_cmpx_ge_u64_e64 v[43:44], v[45:46]
  s_mov_b32 exec_lo, -1
  v_cmpx_t_u64_e64 v[42:43], v[40:41]
  s_mov_b32 exec_lo, -1
  v_cmpx_t_u64_e64 v[45:46], v[46:47]
  s_mov_b32 exec_lo, -1
  v_cmpx_t_u64_e64 v[41:42], v[47:48]
  s_mov_b32 exec_lo, -1
  v_mul_i32_i24_e64 v100, v48, v46
  v_mul_i32_i24_e64 v100, v47, v40 clamp
  v_mul_i32_i24_e64 v100, v42, v48 clamp
  v_mul_hi_i32_i24_e64 v100, v42, v44
  v_mul_hi_i32_i24_e64 v100, v52, v41
  v_mul_hi_i32_i24_e64 v100, v52, v40
  v_mul_u32_u24_e64 v100, v49, v49
  v_mul_u32_u24_e64 v100, v47, v42 clamp
  v_mul_u32_u24_e64 v100, v44, v52 clamp
  v_mul_hi_u32_u24_e64 v100, v50, v55
  v_mul_hi_u32_u24_e64 v100, v44, v49
  v_mul_hi_u32_u24_e64 v100, v44, v41
  v_min_i32_e64 v100, v53, v44
  v_min_i32_e64 v100, v40, v47
  v_min_i32_e64 v100, v42, v40
  v_max_i32_e64 v100, v41, v44
  v_max_i32_e64 v100, v51, v43
  v_max_i32_e64 v100, v52, v54
  v_min_u32_e64 v100, v41, v40
  v_min_u32_e64 v100, v47, v55
  v_min_u32_e64 v100, v48, v40
  v_max_u32_e64 v100, v54, v42
  v_max_u32_e64 v100, v42, v42
  v_max_u32_e64 v100, v55, v48
  v_lshlrev_b32_e64 v100, v42, v48
  v_lshlrev_b32_e64 v100, v47, v46
  v_lshlrev_b32_e64 v100, v47, v54
  v_lshrrev_b32_e64 v100, v55, v52
  v_lshrrev_b32_e64 v100, v42, v55
  v_lshrrev_b32_e64 v100, v49, v41
  v_ashrrev_i32_e64 v100, v46, v42
  v_ashrrev_i32_e64 v100, v44, v50
  v_ashrrev_i32_e64 v100, v48, v49
  v_and_b32_e64 v100, v44, v40
  v_and_b32_e64 v100, v55, v41
  v_and_b32_e64 v100, v55, v48
  v_or_b32_e64 v100, v43, v46
  v_or_b32_e64 v100, v55, v49
  v_or_b32_e64 v100, v49, v54
  v_xor_b32_e64 v100, v54, v54
  v_xor_b32_e64 v100, v43, v46
  v_xor_b32_e64 v100, v49, v42
  v_xnor_b32_e64 v100, v55, v40
  v_xnor_b32_e64 v100, v49, v54
  v_xnor_b32_e64 v100, v42, v54
  v_add_co_ci_u32_e64 v100, s11, v48, v52, s11
  v_add_co_ci_u32_e64 v100, s11, v46, v46, s11 clamp
  v_add_co_ci_u32_e64 v100, s11, v42, v42, s11 clamp
  v_sub_co_ci_u32_e64 v100, s11, v44, v48, s11
  v_sub_co_ci_u32_e64 v100, s11, v51, v44, s11 clamp
  v_sub_co_ci_u32_e64 v100, s11, v48, v43, s11 clamp
  v_subrev_co_ci_u32_e64 v100, s11, v51, v47, s11
  v_subrev_co_ci_u32_e64 v100, s11, v55, v55, s11 clamp
  v_subrev_co_ci_u32_e64 v100, s11, v52, v40, s11 clamp
  v_add_nc_u32_e64 v100, v45, v40
  v_add_nc_u32_e64 v100, v55, v54 clamp
  v_add_nc_u32_e64 v100, v52, v49 clamp
  v_sub_nc_u32_e64 v100, v44, v53
  v_sub_nc_u32_e64 v100, v51, v52 clamp
  v_sub_nc_u32_e64 v100, v50, v43 clamp
  v_subrev_nc_u32_e64 v100, v50, v40
  v_subrev_nc_u32_e64 v100, v50, v50 clamp
  v_subrev_nc_u32_e64 v100, v52, v43 clamp
  v_not_b32_e64 v100, v46
  v_not_b32_e64 v100, v40
  v_not_b32_e64 v100, v49
  v_bfrev_b32_e64 v100, v48
  v_bfrev_b32_e64 v100, v51
  v_bfrev_b32_e64 v100, v42
  v_clz_i32_u32_e64 v100, v52
  v_clz_i32_u32_e64 v100, v52
  v_clz_i32_u32_e64 v100, v42
  v_ctz_i32_b32_e64 v100, v51
  v_ctz_i32_b32_e64 v100, v53
  v_ctz_i32_b32_e64 v100, v48
  v_cls_i32_e64 v100, v41
  v_cls_i32_e64 v100, v48
  v_cls_i32_e64 v100, v43
  v_sat_pk_u8_i16_e64 v100, v41
  v_sat_pk_u8_i16_e64 v100, v49
  v_sat_pk_u8_i16_e64 v100, v44
  v_not_b16_e64 v100, v47
  v_not_b16_e64 v100, v48
  v_not_b16_e64 v100, v53
  v_cvt_i32_i16_e64 v100, v50
  v_cvt_i32_i16_e64 v100, v46
  v_cvt_i32_i16_e64 v100, v51
  v_cvt_u32_u16_e64 v100, v53
  v_cvt_u32_u16_e64 v100, v40
  v_cvt_u32_u16_e64 v100, v52
  v_mad_i32_i24 v100, v46, v42, v41
  v_mad_i32_i24 v100, v53, v54, v44 clamp
  v_mad_i32_i24 v100, v49, v55, v41 clamp
  v_mad_u32_u24 v100, v44, v45, v55
  v_mad_u32_u24 v100, v53, v50, v49 clamp
  v_mad_u32_u24 v100, v49, v48, v48 clamp
  v_bfe_u32 v100, v52, v47, v49
  v_bfe_u32 v100, v55, v52, v43
  v_bfe_u32 v100, v45, v45, v42
  v_bfe_i32 v100, v46, v55, v47
  v_bfe_i32 v100, v54, v50, v54
  v_bfe_i32 v100, v53, v44, v46
  v_bfi_b32 v100, v47, v42, v45
  v_bfi_b32 v100, v50, v42, v50
  v_bfi_b32 v100, v47, v51, v48
  v_lerp_u8 v100, v46, v40, v53
  v_lerp_u8 v100, v52, v53, v46
  v_lerp_u8 v100, v52, v48, v50
  v_alignbit_b32 v100, v41, v55, v48
  v_alignbit_b32 v100, v51, v44, v46
  v_alignbit_b32 v100, v42, v48, v47
  v_alignbyte_b32 v100, v52, v52, v54
  v_alignbyte_b32 v100, v53, v49, v40
  v_alignbyte_b32 v100, v44, v41, v53
  v_min3_i32 v100, v55, v55, v40
  v_min3_i32 v100, v42, v52, v54
  v_min3_i32 v100, v54, v47, v43
  v_min3_u32 v100, v47, v44, v44
  v_min3_u32 v100, v43, v54, v42
  v_min3_u32 v100, v41, v40, v44
  v_max3_i32 v100, v47, v41, v49
  v_max3_i32 v100, v44, v48, v53
  v_max3_i32 v100, v43, v43, v42
  v_max3_u32 v100, v49, v46, v52
  v_max3_u32 v100, v48, v47, v40
  v_max3_u32 v100, v40, v49, v54
  v_med3_i32 v100, v48, v50, v47
  v_med3_i32 v100, v55, v47, v47
  v_med3_i32 v100, v40, v53, v49
  v_med3_u32 v100, v41, v40, v46
  v_med3_u32 v100, v55, v53, v42
  v_med3_u32 v100, v48, v47, v53
  v_sad_u8 v100, v51, v47, v55
  v_sad_u8 v100, v41, v50, v53 clamp
  v_sad_u8 v100, v51, v52, v46 clamp
  v_sad_hi_u8 v100, v40, v49, v42
  v_sad_hi_u8 v100, v46, v55, v46 clamp
  v_sad_hi_u8 v100, v49, v46, v47 clamp
  v_sad_u16 v100, v54, v47, v48
  v_sad_u16 v100, v49, v43, v55 clamp
  v_sad_u16 v100, v45, v47, v55 clamp
  v_sad_u32 v100, v53, v41, v44
  v_sad_u32 v100, v52, v41, v46 clamp
  v_sad_u32 v100, v40, v44, v53 clamp
  v_msad_u8 v100, v41, v41, v45
  v_msad_u8 v100, v52, v54, v50 clamp
  v_msad_u8 v100, v43, v42, v45 clamp
  v_qsad_pk_u16_u8 v[100:101], v[45:46], v46, v[42:43]
  v_qsad_pk_u16_u8 v[100:101], v[50:51], v54, v[40:41] clamp
  v_qsad_pk_u16_u8 v[100:101], v[44:45], v52, v[53:54] clamp
  v_mqsad_pk_u16_u8 v[100:101], v[45:46], v50, v[47:48]
  v_mqsad_pk_u16_u8 v[100:101], v[42:43], v43, v[40:41] clamp
  v_mqsad_pk_u16_u8 v[100:101], v[41:42], v48, v[41:42] clamp
  v_mqsad_u32_u8 v[100:103], v[45:46], v53, v[43:46]
  v_mqsad_u32_u8 v[100:103], v[46:47], v51, v[41:44] clamp
  v_mqsad_u32_u8 v[100:103], v[40:41], v55, v[48:51] clamp
  v_xor3_b32 v100, v54, v46, v50
  v_xor3_b32 v100, v51, v55, v40
  v_xor3_b32 v100, v53, v47, v52
  v_mad_u16 v100, v41, v52, v41 op_sel:[1,0,0,1]
  v_mad_u16 v100, v46, v42, v50 op_sel:[1,1,1,0] clamp
  v_mad_u16 v100, v48, v50, v48 op_sel:[1,0,0,0] clamp
  v_perm_b32 v100, v47, v43, v55
  v_perm_b32 v100, v54, v52, v48
  v_perm_b32 v100, v53, v55, v44
  v_xad_u32 v100, v55, v45, v40
  v_xad_u32 v100, v49, v44, v47
  v_xad_u32 v100, v50, v50, v54
  v_lshl_add_u32 v100, v51, v42, v46
  v_lshl_add_u32 v100, v52, v45, v47
  v_lshl_add_u32 v100, v53, v42, v41
  v_add_lshl_u32 v100, v55, v50, v45
  v_add_lshl_u32 v100, v53, v43, v42
  v_add_lshl_u32 v100, v48, v42, v46
  v_min3_i16 v100, v43, v53, v55 op_sel:[1,0,0,0]
  v_min3_i16 v100, v53, v54, v47 op_sel:[0,1,1,1] clamp
  v_min3_i16 v100, v48, v51, v48 op_sel:[1,0,1,0] clamp
  v_min3_u16 v100, v45, v47, v47 op_sel:[0,1,0,1]
  v_min3_u16 v100, v42, v52, v48 op_sel:[0,0,0,1] clamp
  v_min3_u16 v100, v41, v43, v40 op_sel:[1,0,1,1] clamp
  v_max3_i16 v100, v41, v49, v47 op_sel:[0,0,0,0]
  v_max3_i16 v100, v42, v51, v45 op_sel:[1,1,0,0] clamp
  v_max3_i16 v100, v51, v46, v41 op_sel:[1,1,0,0] clamp
  v_max3_u16 v100, v46, v48, v41 op_sel:[0,0,1,1]
  v_max3_u16 v100, v51, v45, v49 op_sel:[0,0,0,1] clamp
  v_max3_u16 v100, v55, v42, v53 op_sel:[0,1,0,0] clamp
  v_med3_i16 v100, v45, v52, v48 op_sel:[1,1,1,1]
  v_med3_i16 v100, v41, v49, v51 op_sel:[1,1,0,1] clamp
  v_med3_i16 v100, v46, v52, v52 op_sel:[0,0,1,0] clamp
  v_med3_u16 v100, v53, v43, v42 op_sel:[1,1,1,0]
  v_med3_u16 v100, v44, v40, v41 op_sel:[0,1,0,1] clamp
  v_med3_u16 v100, v45, v44, v51 op_sel:[1,0,0,0] clamp
  v_mad_i16 v100, v43, v52, v55 op_sel:[0,1,0,0]
  v_mad_i16 v100, v55, v50, v41 op_sel:[1,0,0,0] clamp
  v_mad_i16 v100, v52, v46, v55 op_sel:[0,0,0,1] clamp
  v_add3_u32 v100, v45, v52, v51
  v_add3_u32 v100, v43, v44, v47
  v_add3_u32 v100, v46, v41, v41
  v_lshl_or_b32 v100, v50, v43, v52
  v_lshl_or_b32 v100, v54, v49, v53
  v_lshl_or_b32 v100, v49, v47, v53
  v_and_or_b32 v100, v52, v51, v54
  v_and_or_b32 v100, v54, v45, v40
  v_and_or_b32 v100, v40, v55, v54
  v_or3_b32 v100, v47, v54, v54
  v_or3_b32 v100, v45, v55, v52
  v_or3_b32 v100, v43, v42, v44
  v_mad_u32_u16 v100, v51, v53, v51 op_sel:[0,1,0,0]
  v_mad_u32_u16 v100, v44, v42, v50 op_sel:[0,0,1,0] clamp
  v_mad_u32_u16 v100, v40, v42, v43 op_sel:[0,0,1,1] clamp
  v_mad_i32_i16 v100, v45, v47, v42 op_sel:[1,1,0,1]
  v_mad_i32_i16 v100, v48, v54, v44 op_sel:[1,1,0,1] clamp
  v_mad_i32_i16 v100, v47, v50, v51 op_sel:[0,0,0,1] clamp
  v_maxmin_u32 v100, v45, v48, v50
  v_maxmin_u32 v100, v52, v45, v48
  v_maxmin_u32 v100, v43, v41, v51
  v_minmax_u32 v100, v54, v43, v48
  v_minmax_u32 v100, v52, v51, v48
  v_minmax_u32 v100, v52, v51, v44
  v_maxmin_i32 v100, v51, v50, v42
  v_maxmin_i32 v100, v54, v47, v45
  v_maxmin_i32 v100, v41, v49, v48
  v_minmax_i32 v100, v49, v50, v40
  v_minmax_i32 v100, v41, v47, v44
  v_minmax_i32 v100, v49, v53, v53
  v_mad_u64_u32 v[100:101], s11, v51, v41, v[42:43]
  v_mad_u64_u32 v[100:101], s11, v55, v47, v[49:50] clamp
  v_mad_u64_u32 v[100:101], s11, v41, v40, v[40:41] clamp
  v_mad_i64_i32 v[100:101], s11, v40, v51, v[44:45]
  v_mad_i64_i32 v[100:101], s11, v43, v51, v[48:49] clamp
  v_mad_i64_i32 v[100:101], s11, v47, v53, v[49:50] clamp
  v_add_co_u32 v100, s11, v49, v44
  v_add_co_u32 v100, s11, v46, v51 clamp
  v_add_co_u32 v100, s11, v55, v45 clamp
  v_sub_co_u32 v100, s11, v44, v40
  v_sub_co_u32 v100, s11, v47, v44 clamp
  v_sub_co_u32 v100, s11, v54, v43 clamp
  v_subrev_co_u32 v100, s11, v42, v44
  v_subrev_co_u32 v100, s11, v48, v52 clamp
  v_subrev_co_u32 v100, s11, v48, v40 clamp
  v_add_nc_u16 v100, v41, v51 op_sel:[1,1,0]
  v_add_nc_u16 v100, v45, v40 op_sel:[0,0,0] clamp
  v_add_nc_u16 v100, v52, v45 op_sel:[0,0,0] clamp
  v_sub_nc_u16 v100, v43, v40 op_sel:[0,0,1]
  v_sub_nc_u16 v100, v46, v53 op_sel:[0,1,0] clamp
  v_sub_nc_u16 v100, v49, v41 op_sel:[1,0,1] clamp
  v_mul_lo_u16 v100, v53, v54
  v_mul_lo_u16 v100, v42, v54
  v_mul_lo_u16 v100, v45, v47
  v_max_u16 v100, v43, v48
  v_max_u16 v100, v47, v41
  v_max_u16 v100, v43, v50
  v_max_i16 v100, v48, v41
  v_max_i16 v100, v48, v53
  v_max_i16 v100, v48, v49
  v_min_u16 v100, v46, v42
  v_min_u16 v100, v40, v45
  v_min_u16 v100, v48, v47
  v_min_i16 v100, v46, v45
  v_min_i16 v100, v50, v46
  v_min_i16 v100, v52, v50
  v_add_nc_i16 v100, v47, v52 op_sel:[1,1,0]
  v_add_nc_i16 v100, v40, v53 op_sel:[0,1,0] clamp
  v_add_nc_i16 v100, v52, v42 op_sel:[0,0,0] clamp
  v_sub_nc_i16 v100, v40, v43 op_sel:[0,0,1]
  v_sub_nc_i16 v100, v44, v40 op_sel:[0,0,0] clamp
  v_sub_nc_i16 v100, v41, v42 op_sel:[0,0,1] clamp
  v_bfm_b32 v100, v46, v42
  v_bfm_b32 v100, v52, v43
  v_bfm_b32 v100, v47, v46
  v_bcnt_u32_b32 v100, v46, v43
  v_bcnt_u32_b32 v100, v41, v41
  v_bcnt_u32_b32 v100, v42, v49
  v_mbcnt_lo_u32_b32 v100, v55, v43
  v_mbcnt_lo_u32_b32 v100, v44, v43
  v_mbcnt_lo_u32_b32 v100, v46, v49
  v_mbcnt_hi_u32_b32 v100, v50, v50
  v_mbcnt_hi_u32_b32 v100, v53, v48
  v_mbcnt_hi_u32_b32 v100, v40, v51
  v_cvt_pk_u16_u32 v100, v48, v49
  v_cvt_pk_u16_u32 v100, v41, v51
  v_cvt_pk_u16_u32 v100, v50, v55
  v_cvt_pk_i16_i32 v100, v49, v40
  v_cvt_pk_i16_i32 v100, v53, v40
  v_cvt_pk_i16_i32 v100, v53, v43
  v_sub_nc_i32 v100, v51, v55
  v_sub_nc_i32 v100, v41, v46 clamp
  v_sub_nc_i32 v100, v42, v49 clamp
  v_add_nc_i32 v100, v45, v53
  v_add_nc_i32 v100, v40, v46 clamp
  v_add_nc_i32 v100, v49, v41 clamp
  v_mul_lo_u32 v100, v40, v51
  v_mul_lo_u32 v100, v55, v43
  v_mul_lo_u32 v100, v55, v45
  v_mul_hi_u32 v100, v55, v51
  v_mul_hi_u32 v100, v48, v45
  v_mul_hi_u32 v100, v49, v46
  v_mul_hi_i32 v100, v47, v55
  v_mul_hi_i32 v100, v45, v43
  v_mul_hi_i32 v100, v42, v55
  v_lshlrev_b16 v100, v43, v50
  v_lshlrev_b16 v100, v51, v43
  v_lshlrev_b16 v100, v52, v52
  v_lshrrev_b16 v100, v42, v53
  v_lshrrev_b16 v100, v40, v51
  v_lshrrev_b16 v100, v46, v49
  v_ashrrev_i16 v100, v48, v53
  v_ashrrev_i16 v100, v45, v52
  v_ashrrev_i16 v100, v47, v54
  v_lshlrev_b64 v[100:101], v44, v[48:49]
  v_lshlrev_b64 v[100:101], v41, v[45:46]
  v_lshlrev_b64 v[100:101], v50, v[48:49]
  v_lshrrev_b64 v[100:101], v44, v[53:54]
  v_lshrrev_b64 v[100:101], v54, v[50:51]
  v_lshrrev_b64 v[100:101], v50, v[42:43]
  v_ashrrev_i64 v[100:101], v54, v[47:48]
  v_ashrrev_i64 v[100:101], v48, v[49:50]
  v_ashrrev_i64 v[100:101], v47, v[42:43]
  v_and_b16 v100, v50, v54
  v_and_b16 v100, v47, v46
  v_and_b16 v100, v48, v49
  v_or_b16 v100, v44, v44
  v_or_b16 v100, v47, v50
  v_or_b16 v100, v51, v45
  v_xor_b16 v100, v47, v50
  v_xor_b16 v100, v46, v48
  v_xor_b16 v100, v43, v45
  v_pk_mad_i16 v100, v43, v46, v52 op_sel:[0,0,1] op_sel_hi:[1,1,1]
  v_pk_mad_i16 v100, v46, v43, v43 op_sel:[1,0,1] op_sel_hi:[1,0,0] clamp
  v_pk_mad_i16 v100, v52, v53, v47 op_sel:[1,1,0] op_sel_hi:[0,1,1] clamp
  v_pk_mul_lo_u16 v100, v40, v47 op_sel:[1,1] op_sel_hi:[0,0]
  v_pk_mul_lo_u16 v100, v45, v43 op_sel:[1,1] op_sel_hi:[1,1] clamp
  v_pk_mul_lo_u16 v100, v43, v53 op_sel:[0,1] op_sel_hi:[0,1] clamp
  v_pk_add_i16 v100, v53, v55 op_sel:[1,0] op_sel_hi:[1,0]
  v_pk_add_i16 v100, v50, v40 op_sel:[1,1] op_sel_hi:[0,0] clamp
  v_pk_add_i16 v100, v48, v46 op_sel:[0,0] op_sel_hi:[1,0] clamp
  v_pk_sub_i16 v100, v54, v46 op_sel:[1,0] op_sel_hi:[1,1]
  v_pk_sub_i16 v100, v53, v54 op_sel:[0,0] op_sel_hi:[1,0] clamp
  v_pk_sub_i16 v100, v51, v41 op_sel:[1,1] op_sel_hi:[1,1] clamp
  v_pk_lshlrev_b16 v100, v41, v40 op_sel:[0,1] op_sel_hi:[1,1]
  v_pk_lshlrev_b16 v100, v48, v43 op_sel:[0,1] op_sel_hi:[1,0] clamp
  v_pk_lshlrev_b16 v100, v52, v54 op_sel:[0,0] op_sel_hi:[0,0] clamp
  v_pk_lshrrev_b16 v100, v46, v55 op_sel:[0,0] op_sel_hi:[1,1]
  v_pk_lshrrev_b16 v100, v54, v49 op_sel:[0,1] op_sel_hi:[1,0] clamp
  v_pk_lshrrev_b16 v100, v48, v52 op_sel:[1,1] op_sel_hi:[0,1] clamp
  v_pk_ashrrev_i16 v100, v40, v48 op_sel:[1,0] op_sel_hi:[1,1]
  v_pk_ashrrev_i16 v100, v55, v55 op_sel:[1,0] op_sel_hi:[1,0] clamp
  v_pk_ashrrev_i16 v100, v49, v52 op_sel:[0,0] op_sel_hi:[1,0] clamp
  v_pk_max_i16 v100, v51, v40 op_sel:[0,0] op_sel_hi:[0,1]
  v_pk_max_i16 v100, v48, v43 op_sel:[0,0] op_sel_hi:[0,1] clamp
  v_pk_max_i16 v100, v51, v44 op_sel:[0,1] op_sel_hi:[0,0] clamp
  v_pk_min_i16 v100, v49, v46 op_sel:[1,0] op_sel_hi:[0,1]
  v_pk_min_i16 v100, v43, v43 op_sel:[1,1] op_sel_hi:[0,0] clamp
  v_pk_min_i16 v100, v55, v55 op_sel:[0,1] op_sel_hi:[1,0] clamp
  v_pk_mad_u16 v100, v55, v47, v55 op_sel:[0,0,0] op_sel_hi:[1,1,1]
  v_pk_mad_u16 v100, v49, v54, v51 op_sel:[1,1,0] op_sel_hi:[0,1,0] clamp
  v_pk_mad_u16 v100, v40, v41, v50 op_sel:[0,1,1] op_sel_hi:[0,0,0] clamp
  v_pk_add_u16 v100, v53, v44 op_sel:[1,0] op_sel_hi:[1,1]
  v_pk_add_u16 v100, v55, v46 op_sel:[1,1] op_sel_hi:[1,1] clamp
  v_pk_add_u16 v100, v48, v41 op_sel:[1,1] op_sel_hi:[1,1] clamp
  v_pk_sub_u16 v100, v52, v50 op_sel:[1,1] op_sel_hi:[0,1]
  v_pk_sub_u16 v100, v43, v50 op_sel:[0,1] op_sel_hi:[1,0] clamp
  v_pk_sub_u16 v100, v42, v41 op_sel:[1,1] op_sel_hi:[0,1] clamp
  v_pk_max_u16 v100, v49, v43 op_sel:[0,0] op_sel_hi:[0,1]
  v_pk_max_u16 v100, v41, v52 op_sel:[0,0] op_sel_hi:[0,0] clamp
  v_pk_max_u16 v100, v54, v45 op_sel:[0,0] op_sel_hi:[0,1] clamp
  v_pk_min_u16 v100, v43, v40 op_sel:[1,0] op_sel_hi:[1,1]
  v_pk_min_u16 v100, v49, v45 op_sel:[1,0] op_sel_hi:[1,0] clamp
  v_pk_min_u16 v100, v53, v41 op_sel:[1,0] op_sel_hi:[0,1] clamp
  s_endpgm
