// F32 arithmetic (cu_fp32) under every F32 setting of MODE: the four rounding modes, the
// four denormal controls, DX10_CLAMP and IEEE (64 settings, one loop iteration each). Besides
// the random operands, each iteration derives the cases random bits rarely give: denormals,
// tiny and huge magnitudes, near-equal operands that cancel, short mantissas whose sums tie,
// and the special values (zeros, infinities, quiet and signalling NaNs); and operands around
// the integers' range for the conversions and roundings to integral values.

  v_and_b32 v10, 0x807fffff, v1       // denormals (and zeros) of either sign
  v_and_b32 v11, 0x80ffffff, v2       // denormals and the smallest normals
  v_bfi_b32 v12, 0x807fffff, v3, v4   // v4's exponent, v3's sign and mantissa: cancels with v4
  v_and_b32 v13, 0x9fffffff, v5       // magnitudes below 2^-64: products underflow
  v_or_b32 v14, 0x7f000000, v6        // exponents 254 and 255: overflow, infinities, NaNs
  v_and_b32 v15, 0xfff80000, v7       // five significant bits: exact products, and ...
  v_and_b32 v19, 0x807c0000, v8
  v_bfi_b32 v19, 0x807fffff, v19, v15
  v_subrev_nc_u32 v18, 0x0b800000, v19 // ... 23 binades below v15: v15 + v18 often ties
  v_and_b32 v16, 0x1ff, v9
  v_subrev_nc_u32 v16, 0x100, v16     // exponents in [-256, 255]
  v_and_b32 v17, 0xffc00001, v8       // NaNs (quiet and signalling) once v18's exponent is set
  v_or_b32 v17, 0x7f800000, v17
  v_and_b32 v34, 0x0f800000, v2
  v_add_nc_u32 v34, 0x3c000000, v34   // exponents 120..151: around the integers' range
  v_bfi_b32 v35, 0x807fffff, v1, v34
  v_bfi_b32 v36, 0x807fffff, v15, v34 // ... with short mantissas: halves and ties
  s_mov_b32 s20, 0

mode:
  // MODE[1:0] = s20[1:0], MODE[5:4] = s20[3:2], MODE[9:8] = s20[5:4]
  s_and_b32 s21, s20, 3
  s_bfe_u32 s22, s20, 0x20002
  s_lshl_b32 s22, s22, 4
  s_or_b32 s21, s21, s22
  s_bfe_u32 s22, s20, 0x20004
  s_lshl_b32 s22, s22, 8
  s_or_b32 s21, s21, s22
  s_setreg_b32 hwreg(HW_REG_MODE, 0, 10), s21

  v_add_f32 v20, v1, v2
  v_add_f32 v20, v4, v12
  v_add_f32 v20, v15, v7
  v_add_f32 v20, v15, v18
  v_sub_f32 v21, v18, v15
  v_fma_f32 v24, v15, v15, v18
  v_fma_f32 v24, v15, -v18, v15
  v_add_f32 v20, v10, v11
  v_add_f32_e64 v20, -v14, |v17|
  v_add_f32 v20, 0x7f800000, v14
  v_add_f32 v20, 0x80000000, v10
  v_sub_f32 v21, v4, v12
  v_sub_f32 v21, v10, v10
  v_sub_f32 v21, v17, v1
  v_sub_f32_e64 v21, v13, -v13 mul:4
  v_subrev_f32 v22, v10, v11
  v_subrev_f32 v22, 1.0, v15
  v_mul_f32 v23, v13, v13
  v_mul_f32 v23, v14, v2
  v_mul_f32 v23, v10, v14
  v_mul_f32 v23, 0, v14
  v_mul_f32 v23, 0x80000000, v1
  v_mul_f32_e64 v23, -v1, |v2| mul:2
  v_mul_f32_e64 v23, v1, v2 div:2 clamp
  v_mul_f32_e64 v23, v11, 0.5 div:2
  v_mul_f32_e64 v23, v15, v1 clamp
  v_fma_f32 v24, v1, v2, v3
  v_fma_f32 v24, v4, 1.0, -v12
  v_fma_f32 v24, v4, v15, -v12
  v_fma_f32 v24, v13, v13, v10
  v_fma_f32 v24, v13, v5, v11
  v_fma_f32 v24, v14, v14, v14
  v_fma_f32 v24, v14, v13, -v14
  v_fma_f32 v24, v15, v15, v7
  v_fma_f32 v24, v10, v10, -v10
  v_fma_f32 v24, 0, v14, v17
  v_fma_f32 v24, s1, v2, s1
  v_fma_f32 v24, -v1, v2, |v3| mul:2 clamp
  v_fmac_f32 v25, v1, v2
  v_fmac_f32 v25, v4, v12
  v_fmac_f32_e64 v25, -v10, v11 clamp
  v_fmac_f32_e64 v25, v13, |v13| div:2
  v_fmamk_f32 v26, v1, 0x3e800001, v3
  v_fmaak_f32 v26, v4, v12, 0xbf800000
  v_fmaak_f32 v26, v13, v13, 0x00000001
  v_add_f32_dpp v20, -v1, |v2| quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf
  v_mul_f32_dpp v23, v10, v14 row_shr:1 row_mask:0xf bank_mask:0xf bound_ctrl:1

  v_min_f32 v27, v1, v10
  v_min_f32 v27, v17, v2
  v_min_f32 v27, v2, v17
  v_max_f32 v27, v17, v10
  v_max_f32 v27, 0x7fc00000, v2
  v_max_f32 v27, v2, 0x7f800001
  v_max_f32_e64 v27, -v10, v10
  v_min_f32_e64 v27, v10, -v10 mul:2
  v_min3_f32 v28, v1, v2, v3
  v_min3_f32 v28, v17, v10, v11
  v_max3_f32 v28, v1, v17, v3
  v_max3_f32 v28, -v10, v10, 0
  v_med3_f32 v29, v1, v2, v3
  v_med3_f32 v29, v10, v11, v13
  v_med3_f32 v29, v1, v17, v3
  v_med3_f32 v29, v1, v2, 0x7fc00000
  v_minmax_f32 v29, v1, v2, v3
  v_minmax_f32 v29, v17, v10, v2
  v_maxmin_f32 v29, v1, v2, v3
  v_maxmin_f32 v29, v10, v17, v11
  v_ldexp_f32 v30, v1, v16
  v_ldexp_f32 v30, v10, 3
  v_ldexp_f32 v30, v11, -1
  v_ldexp_f32 v30, v13, v16
  v_ldexp_f32 v30, v14, v9
  v_ldexp_f32 v30, v17, v16
  v_ldexp_f32_e64 v30, v15, -2 div:2

  v_cvt_f32_i32 v31, v1
  v_cvt_f32_i32 v31, v16
  v_cvt_f32_i32 v31, 0x80000000
  v_cvt_f32_u32 v31, v2
  v_cvt_f32_u32 v31, 0
  v_cvt_f32_u32_e64 v31, v3 div:2 clamp
  v_cvt_f32_ubyte0 v31, v1
  v_cvt_f32_ubyte1 v31, v2
  v_cvt_f32_ubyte2 v31, v3
  v_cvt_f32_ubyte3_e64 v31, v4 mul:4
  v_cvt_i32_f32 v32, v35
  v_cvt_i32_f32 v32, v36
  v_cvt_i32_f32 v32, v1
  v_cvt_i32_f32 v32, v17
  v_cvt_i32_f32_e64 v32, -|v36|
  v_cvt_u32_f32 v32, v35
  v_cvt_u32_f32 v32, v36
  v_cvt_u32_f32 v32, v14
  v_cvt_floor_i32_f32 v32, v36
  v_cvt_floor_i32_f32 v32, v10
  v_cvt_nearest_i32_f32 v32, v36
  v_cvt_nearest_i32_f32 v32, v35
  v_cvt_nearest_i32_f32 v32, v10
  v_cvt_nearest_i32_f32_e64 v32, -|v14|
  v_trunc_f32 v37, v36
  v_trunc_f32_e64 v37, -v35 mul:2
  v_ceil_f32 v37, v36
  v_ceil_f32 v37, v10
  v_ceil_f32 v37, v17
  v_floor_f32 v37, v36
  v_floor_f32 v37, v10
  v_rndne_f32 v37, v36
  v_rndne_f32 v37, v35
  v_rndne_f32 v37, v14
  v_fract_f32 v40, v1
  v_fract_f32 v40, v10
  v_fract_f32 v40, v14
  v_fract_f32 v40, v17
  v_fract_f32 v40, v35
  v_fract_f32 v40, v36
  v_fract_f32_e64 v40, -v36
  v_fract_f32_e64 v40, -v10 mul:2 clamp
  v_frexp_mant_f32 v38, v1
  v_frexp_mant_f32 v38, v10
  v_frexp_mant_f32 v38, v17
  v_frexp_mant_f32_e64 v38, -v14 clamp
  v_frexp_exp_i32_f32 v39, v1
  v_frexp_exp_i32_f32 v39, v10
  v_frexp_exp_i32_f32 v39, v14

  v_cmp_lt_f32 vcc_lo, v1, v2
  v_cmp_eq_f32 vcc_lo, v10, v11
  v_cmp_f_f32_e64 s30, v1, v2
  v_cmp_lt_f32_e64 s30, v10, -v11
  v_cmp_eq_f32_e64 s30, v10, v11
  v_cmp_le_f32_e64 s30, v17, v11
  v_cmp_gt_f32_e64 s30, v1, v17
  v_cmp_lg_f32_e64 s30, v10, v11
  v_cmp_ge_f32_e64 s30, |v1|, v2
  v_cmp_o_f32_e64 s30, v17, v1
  v_cmp_u_f32_e64 s30, v17, v1
  v_cmp_nge_f32_e64 s30, v10, v11
  v_cmp_nlg_f32_e64 s30, v10, v17
  v_cmp_ngt_f32_e64 s30, v1, v2
  v_cmp_nle_f32_e64 s30, v4, v12
  v_cmp_neq_f32_e64 s30, v10, 0
  v_cmp_nlt_f32_e64 s30, v17, v17
  v_cmp_t_f32_e64 s30, v1, v2
  v_cmp_class_f32 vcc_lo, v1, v9
  v_cmp_class_f32_e64 s31, v17, 0x3ff
  v_cmp_class_f32_e64 s31, -v10, 0x2a8
  v_cmpx_gt_f32 v1, v2
  v_add_f32 v20, v1, v2
  v_cmpx_neq_f32_e64 v10, v11
  v_add_f32 v20, v10, v11
  s_mov_b32 exec_lo, -1

  s_add_u32 s20, s20, 1
  s_cmp_lt_u32 s20, 64
  s_cbranch_scc1 mode
  s_endpgm
