// 16-bit integer rows: adds and subtracts with CLAMP, multiply-adds, shifts, logic,
// min/max/median, conversions. VOP3 reads the halves OPSEL names and writes the half
// OPSEL[3] names; the VOP1 forms read the high half of v128 and above (VGPR bit 7).

  v_and_b32 v20, 0x00070007, v1
  v_and_b32 v21, 0x80078007, v2
  v_or_b32 v22, 0x7ff87ff8, v3
  v_bfe_i32 v23, v4, 0, 3

  v_add_nc_u16 v100, v1, v2
  v_add_nc_u16 v100, v1, v2 op_sel:[1,1,1] clamp
  v_add_nc_u16 v100, v22, v22 op_sel:[0,1,0] clamp
  v_add_nc_u16 v100, s1, 7 op_sel:[0,0,1]
  v_sub_nc_u16 v101, v1, v2 op_sel:[1,0,0]
  v_sub_nc_u16 v101, v20, v21 clamp
  v_sub_nc_u16 v101, 0x1234, v2 op_sel:[0,1,1] clamp
  v_add_nc_i16 v102, v1, v2 op_sel:[0,1,0]
  v_add_nc_i16 v102, v1, v2 clamp
  v_add_nc_i16 v102, v22, v21 op_sel:[1,1,1] clamp
  v_add_nc_i16 v102, v23, -16 clamp
  v_sub_nc_i16 v103, v1, v2
  v_sub_nc_i16 v103, v21, v22 op_sel:[1,0,1] clamp
  v_sub_nc_i16 v103, v22, v21 clamp
  v_mul_lo_u16 v104, v1, v2
  v_mul_lo_u16 v104, v1, v2
  v_mul_lo_u16 v104, s2, 0x101

  v_mad_u16 v105, v1, v2, v3
  v_mad_u16 v105, v1, v2, v3 op_sel:[1,0,1,1] clamp
  v_mad_u16 v105, v20, v20, v22 clamp
  v_mad_u16 v105, v20, 3, -1 clamp
  v_mad_i16 v106, v1, v2, v3
  v_mad_i16 v106, v1, v2, v3 op_sel:[0,1,1,0] clamp
  v_mad_i16 v106, v21, v22, v23 op_sel:[1,1,1,1] clamp
  v_mad_i16 v106, v23, -7, v22 clamp
  v_mad_u32_u16 v107, v1, v2, v3
  v_mad_u32_u16 v107, v1, v2, v3 op_sel:[1,1,0,0]
  v_mad_u32_u16 v107, v1, 0xffff, s3 op_sel:[1,0,0,0] clamp
  v_mad_i32_i16 v108, v1, v2, v3
  v_mad_i32_i16 v108, v1, v2, v3 op_sel:[0,1,0,0] clamp
  v_mad_i32_i16 v108, v21, -2, -5 op_sel:[1,0,0,0]

  v_lshlrev_b16 v109, v1, v2
  v_lshlrev_b16 v109, v1, v2
  v_lshlrev_b16 v109, 17, s2
  v_lshrrev_b16 v110, v1, v2
  v_lshrrev_b16 v110, 4, v22
  v_ashrrev_i16 v111, v1, v2
  v_ashrrev_i16 v111, v1, v21
  v_ashrrev_i16 v111, 15, 0x8000

  v_and_b16 v112, v1, v2
  v_and_b16 v112, v1, v2
  v_or_b16 v113, v1, 0xf0f0
  v_xor_b16 v114, s1, v2
  v_not_b16 v115, v1
  v_not_b16_e64 v115, v1
  v_not_b16_e64 v115, -2

  v_min_i16 v116, v1, v2
  v_min_i16 v116, v21, v22
  v_max_i16 v117, v21, v23
  v_max_i16 v117, v21, v21
  v_min_u16 v118, v1, v2
  v_min_u16 v118, v20, 5
  v_max_u16 v119, v20, v21
  v_max_u16 v119, v1, v2
  v_min3_i16 v120, v1, v2, v3
  v_min3_i16 v120, v21, v22, v23 op_sel:[1,0,1,1]
  v_max3_i16 v121, v1, v2, v3 op_sel:[0,1,0,0]
  v_max3_i16 v121, v21, v23, -1
  v_med3_i16 v122, v1, v2, v3
  v_med3_i16 v122, v21, v22, v23 op_sel:[1,1,0,1] clamp
  v_med3_i16 v122, v23, 2, -2
  v_min3_u16 v123, v1, v2, v3 op_sel:[1,1,1,0]
  v_min3_u16 v123, v20, v21, 3
  v_max3_u16 v124, v1, v2, v3
  v_max3_u16 v124, v20, v20, v21 op_sel:[0,1,1,1]
  v_med3_u16 v125, v1, v2, v3
  v_med3_u16 v125, v20, v21, v22 op_sel:[1,0,0,0]
  v_med3_u16 v125, v20, 2, 6

  v_cvt_i32_i16 v126, v1
  v_cvt_i32_i16_e64 v126, v21
  v_cvt_i32_i16 v126, 0x8001
  v_cvt_u32_u16 v127, v1
  v_cvt_u32_u16_e64 v127, s1
  v_cvt_u32_u16_e64 v127, -3
  v_sat_pk_u8_i16 v128, v1
  v_sat_pk_u8_i16 v128, v23
  v_sat_pk_u8_i16_e64 v128, v21
  v_sat_pk_u8_i16 v128, 0x00ff8000
  v_cvt_pk_i16_i32 v129, v1, v2
  v_cvt_pk_i16_i32 v129, v23, 0xffff8000
  v_cvt_pk_i16_i32 v129, 0x7fff, v22
  v_cvt_pk_u16_u32 v130, v1, v2
  v_cvt_pk_u16_u32 v130, v20, 0xffff

  // VOP3 OPSEL on the rows LLVM's fake16 syntax gives no op_sel: encoded by hand.
  .long 0xd7625870, 0x00020501   // v_and_b16 v112.h, v1.h, v2.h
  .long 0xd7054868, 0x00020501   // v_mul_lo_u16 v104.h, v1.h, v2
  .long 0xd739106e, 0x00020501   // v_lshrrev_b16 v110, v1, v2.h
  .long 0xd73a706f, 0x00022b01   // v_ashrrev_i16 v111.h, v1, v21.h (OPSEL[2] unused)
  .long 0xd70a1875, 0x00022f15   // v_max_i16 v117, v21.h, v23.h
  .long 0xd70b4076, 0x00020501   // v_min_u16 v118.h, v1, v2
  .long 0xd5ea087e, 0x00000115   // v_cvt_i32_i16_e64 v126, v21.h
  .long 0xd5e24080, 0x00000115   // v_sat_pk_u8_i16_e64 v128.h, v21
  .long 0xd738186d, 0x00020501   // v_lshlrev_b16 v109, v1.h, v2.h
  .long 0xd7646072, 0x00020501   // v_xor_b16 v114.h, v1, v2.h (OPSEL[2] unused)
  .long 0xd5e94873, 0x00000101   // v_not_b16_e64 v115.h, v1.h
  // VOP1: bit 7 of a 16-bit source VGPR selects the high half. (Of a destination too, in the
  // guide, but LLVM 19 decodes no instruction from such a word, nor from v_mul_lo_u16 with
  // CLAMP: both models fault on them as illegal, as on every word LLVM refuses.)
  .long 0x7efcd582               // v_cvt_i32_i16_e32 v126, v2.h
  .long 0x7efed783               // v_cvt_u32_u16_e32 v127, v3.h

  // DPP (source 0 from the low half) and partial EXEC.
  v_not_b16_dpp v31, v1 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf
  v_cvt_i32_i16_dpp v132, v1 row_shl:1 row_mask:0xf bank_mask:0xf bound_ctrl:1
  v_add_nc_u16_e64_dpp v133, v1, v2 clamp quad_perm:[3,2,1,0] row_mask:0xf bank_mask:0xf
  v_med3_i16_e64_dpp v134, v1, v2, v3 op_sel:[0,1,1,1] row_ror:7 row_mask:0xf bank_mask:0xf
  s_mov_b32 exec_lo, 0xf0f00ff1
  v_mad_i16 v135, v1, v2, v3 op_sel:[0,0,0,1] clamp
  v_sub_nc_i16 v136, v1, v2 op_sel:[0,0,1]
  v_ashrrev_i16 v137, v1, v2
  v_sat_pk_u8_i16 v138, v1
  s_mov_b32 exec_lo, -1
  s_endpgm
