// 32-bit integer adds, subtracts (with and without carry, with CLAMP), bitwise logic and
// the three-input forms, on random VGPR lanes (sim cosim --random-init), SGPRs, inline
// constants and literals, VOP2 and VOP3(SD) encodings, DPP, and partial EXEC.
// tests/valu_directed.rs co-simulates it on every RTL model with several seeds.

  // Small values, so that results tie, saturate and carry often.
  v_and_b32 v20, 7, v1
  v_and_b32 v21, 0x80000007, v2
  v_bfe_i32 v22, v3, 0, 3
  v_not_b32 v23, v20

  // Adds and subtracts without carry.
  v_add_nc_u32 v100, v1, v2
  v_add_nc_u32_e64 v101, v1, v2 clamp
  v_add_nc_u32_e64 v101, s1, -1 clamp
  v_sub_nc_u32 v102, v1, v2
  v_sub_nc_u32_e64 v103, v1, v2 clamp
  v_sub_nc_u32_e64 v103, v20, v21 clamp
  v_subrev_nc_u32 v104, s2, v2
  v_subrev_nc_u32_e64 v105, v1, v2 clamp
  v_subrev_nc_u32_e64 v105, 5, v20 clamp
  v_add_nc_i32 v106, v1, v2
  v_add_nc_i32 v107, v1, v2 clamp
  v_add_nc_i32 v107, v21, 0x7ffffffc clamp
  v_add_nc_i32 v107, v21, 0x80000002 clamp
  v_sub_nc_i32 v108, v1, v2
  v_sub_nc_i32 v109, v1, v2 clamp
  v_sub_nc_i32 v109, v22, 0x80000001 clamp
  v_sub_nc_i32 v109, 0x7ffffffe, v22 clamp

  // Carry out and carry in: VCC in VOP2, any SGPR in VOP3SD.
  v_add_co_u32 v110, vcc_lo, v1, v2
  v_add_co_ci_u32_e32 v111, vcc_lo, v3, v4, vcc_lo
  v_add_co_ci_u32_e32 v112, vcc_lo, -1, v111, vcc_lo
  v_add_co_u32 v113, s10, v1, v2 clamp
  v_add_co_ci_u32_e64 v114, s11, v3, v4, s10
  v_add_co_ci_u32_e64 v115, s12, v3, v4, s10 clamp
  v_add_co_ci_u32_e64 v115, s12, v20, -8, s11
  v_sub_co_u32 v116, vcc_lo, v1, v2
  v_sub_co_ci_u32_e32 v117, vcc_lo, v3, v4, vcc_lo
  v_sub_co_ci_u32_e32 v118, vcc_lo, v20, v21, vcc_lo
  v_sub_co_u32 v119, s13, v20, v21 clamp
  v_sub_co_ci_u32_e64 v120, s14, v20, v21, s13 clamp
  v_sub_co_ci_u32_e64 v120, s14, 0, v22, s13
  v_subrev_co_u32 v121, vcc_lo, v1, v2
  v_subrev_co_ci_u32_e32 v122, vcc_lo, v3, v4, vcc_lo
  v_subrev_co_u32 v123, s15, v20, v21 clamp
  v_subrev_co_ci_u32_e64 v124, s16, v20, v21, s15 clamp
  v_subrev_co_ci_u32_e64 v124, s16, s3, 0x1234, s15
  v_add_co_ci_u32_e64 v125, vcc_lo, v1, v2, s17
  v_sub_co_ci_u32_e64 v125, s18, v1, v2, vcc_lo

  // Three-input adds.
  v_add3_u32 v126, v1, v2, v3
  v_add3_u32 v126, s1, 64, v3
  v_xad_u32 v127, v1, v2, v3
  v_xad_u32 v127, v1, 0xdeadbeef, s4
  v_lshl_add_u32 v128, v1, v2, v3
  v_lshl_add_u32 v128, v1, 4, s5
  v_add_lshl_u32 v129, v1, v2, v3
  v_add_lshl_u32 v129, v1, s6, 31
  v_lshl_or_b32 v130, v1, v2, v3
  v_lshl_or_b32 v130, s7, 33, v3

  // Bitwise logic.
  v_and_b32 v131, v1, v2
  v_or_b32 v132, s1, v2
  v_xor_b32 v133, 0x0ff00ff0, v2
  v_xnor_b32 v134, v1, v2
  v_xnor_b32_e64 v134, v1, -5
  v_not_b32 v135, v1
  v_not_b32_e64 v135, s8
  v_and_or_b32 v136, v1, v2, v3
  v_and_or_b32 v136, v1, 0xff00, s9
  v_or3_b32 v137, v1, v2, v3
  v_or3_b32 v137, v1, 1, 0x100
  v_xor3_b32 v138, v1, v2, v3
  v_xor3_b32 v138, s1, v2, -1
  v_bfi_b32 v139, v1, v2, v3
  v_bfi_b32 v139, 0xffff, v2, s10

  // Min and max.
  v_min_i32 v140, v1, v2
  v_max_i32 v141, v22, v21
  v_min_u32 v142, v1, v2
  v_max_u32 v143, v20, v21
  v_min_i32_e64 v140, v22, -2
  v_max_i32_e64 v141, s1, v22
  v_min_u32_e64 v142, v20, 3
  v_max_u32_e64 v143, 0xfffffff0, v2
  v_min3_i32 v144, v1, v2, v3
  v_min3_i32 v144, v22, v21, v20
  v_max3_i32 v145, v1, v2, v3
  v_max3_i32 v145, v22, -1, v20
  v_med3_i32 v146, v1, v2, v3
  v_med3_i32 v146, v22, v21, v20
  v_med3_i32 v146, v22, 2, -2
  v_min3_u32 v147, v1, v2, v3
  v_min3_u32 v147, v20, v23, v21
  v_max3_u32 v148, v1, v2, v3
  v_max3_u32 v148, v20, 5, v21
  v_med3_u32 v149, v1, v2, v3
  v_med3_u32 v149, v20, v23, 4
  v_maxmin_i32 v150, v1, v2, v3
  v_maxmin_i32 v150, v22, -3, 2
  v_minmax_i32 v151, v1, v2, v3
  v_minmax_i32 v151, v22, v20, v21
  v_maxmin_u32 v152, v1, v2, v3
  v_maxmin_u32 v152, v20, 2, 5
  v_minmax_u32 v153, v1, v2, v3
  v_minmax_u32 v153, v20, 6, 1

  // Bit counts.
  v_bcnt_u32_b32 v154, v1, v2
  v_bcnt_u32_b32 v154, s1, 3
  v_mbcnt_lo_u32_b32 v155, -1, 0
  v_mbcnt_lo_u32_b32 v155, v1, v2
  v_mbcnt_hi_u32_b32 v156, -1, v155
  v_mbcnt_hi_u32_b32 v156, v1, v2

  // DPP: source 0 from another lane.
  v_add_nc_u32_dpp v157, v1, v2 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf
  v_sub_nc_u32_dpp v158, v1, v2 row_shl:1 row_mask:0xf bank_mask:0xf bound_ctrl:1
  v_min_i32_dpp v159, v1, v2 row_shr:3 row_mask:0xf bank_mask:0xf
  v_max_u32_dpp v160, v1, v2 row_mirror row_mask:0xa bank_mask:0x5
  v_xnor_b32_dpp v161, v1, v2 dpp8:[7,6,5,4,3,2,1,0]
  v_add_co_ci_u32_dpp v162, vcc_lo, v1, v2, vcc_lo quad_perm:[3,2,1,0] row_mask:0xf bank_mask:0xf
  v_add3_u32_e64_dpp v163, v1, v2, v3 row_ror:5 row_mask:0xf bank_mask:0xf
  v_med3_i32_e64_dpp v164, v1, v2, v3 row_share:2 row_mask:0xf bank_mask:0xf
  v_add_co_u32_e64_dpp v165, s20, v1, v2 quad_perm:[0,0,1,1] row_mask:0xf bank_mask:0xf
  v_bfi_b32_e64_dpp v166, v1, v2, v3 dpp8:[1,1,3,3,5,5,7,7]

  // VOPD: the Y half's integer operations beside X's select (both read VCC).
  v_dual_cndmask_b32 v175, v1, v2 :: v_dual_add_nc_u32 v176, v3, v4
  v_dual_mov_b32 v177, v1 :: v_dual_lshlrev_b32 v178, v3, v4
  v_dual_cndmask_b32 v179, s1, v2 :: v_dual_and_b32 v180, v3, v4
  v_dual_mov_b32 v181, 0x12345678 :: v_dual_add_nc_u32 v182, -1, v4

  // Partial EXEC: inactive lanes keep their values and carry nothing.
  s_mov_b32 exec_lo, 0x5a3cc3a5
  v_add_co_u32 v167, vcc_lo, v1, v2
  v_add_co_ci_u32_e32 v168, vcc_lo, v3, v4, vcc_lo
  v_sub_co_u32 v169, s21, v1, v2
  v_min3_u32 v170, v1, v2, v3
  v_xad_u32 v171, v1, v2, v3
  v_subrev_nc_u32_dpp v172, v1, v2 row_shl:2 row_mask:0xf bank_mask:0xf
  v_mbcnt_lo_u32_b32 v173, exec_lo, 0
  s_mov_b32 exec_lo, 0
  v_add_co_u32 v174, s22, v1, v2
  s_mov_b32 exec_lo, -1
  s_endpgm
