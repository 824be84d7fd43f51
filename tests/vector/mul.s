// Multiplies and multiply-adds: 32x32 (low and high halves, signed and unsigned), 24-bit,
// 16-bit, and the 64-bit v_mad_u64_u32/v_mad_i64_i32 with their carry out and CLAMP.

  v_and_b32 v20, 0xffffff, v1
  v_or_b32 v21, 0xff800000, v2
  v_bfe_i32 v22, v3, 0, 4
  v_mov_b32 v23, -1
  v_mov_b32 v24, 0x80000000

  v_mul_lo_u32 v100, v1, v2
  v_mul_lo_u32 v100, s1, 0x10001
  v_mul_hi_u32 v101, v1, v2
  v_mul_hi_u32 v101, v23, v23
  v_mul_hi_u32 v101, -1, s2
  v_mul_hi_i32 v102, v1, v2
  v_mul_hi_i32 v102, v24, v24
  v_mul_hi_i32 v102, v22, -7
  v_mul_u32_u24 v103, v1, v2
  v_mul_u32_u24_e64 v103, v20, 0xffffff clamp
  v_mul_hi_u32_u24 v104, v1, v2
  v_mul_hi_u32_u24_e64 v104, v23, v23
  v_mul_i32_i24 v105, v1, v2
  v_mul_i32_i24_e64 v105, v21, -3 clamp
  v_mul_hi_i32_i24 v106, v1, v2
  v_mul_hi_i32_i24_e64 v106, v21, v21
  v_mul_hi_i32_i24 v106, s3, v1
  v_mad_u32_u24 v107, v1, v2, v3
  v_mad_u32_u24 v107, v20, v20, v23 clamp
  v_mad_i32_i24 v108, v1, v2, v3
  v_mad_i32_i24 v108, v21, v21, -1 clamp
  v_mad_i32_i24 v108, v21, 0x800000, s4

  v_mad_u64_u32 v[110:111], s10, v1, v2, v[3:4]
  v_mad_u64_u32 v[110:111], s10, v1, v2, v[3:4] clamp
  v_mad_u64_u32 v[110:111], vcc_lo, v23, v23, v[3:4] clamp
  v_mad_u64_u32 v[110:111], s11, v23, v1, -1
  v_mad_u64_u32 v[110:111], s11, s1, 7, s[4:5] clamp
  v_mad_u64_u32 v[112:113], s12, v1, v2, 0x80000000 clamp
  v_mad_i64_i32 v[114:115], s13, v1, v2, v[3:4]
  v_mad_i64_i32 v[114:115], s13, v1, v2, v[3:4] clamp
  v_mad_i64_i32 v[114:115], vcc_lo, v24, v24, v[3:4] clamp
  v_mad_i64_i32 v[114:115], s14, v24, v23, v[5:6] clamp
  v_mad_i64_i32 v[114:115], s14, v22, -3, -1 clamp
  v_mad_i64_i32 v[116:117], s15, v1, s2, 0x80000000 clamp
  v_mad_i64_i32 v[116:117], s15, v1, v2, s[6:7] clamp

  // Partial EXEC: carries only in active lanes.
  s_mov_b32 exec_lo, 0x3c3c5a5a
  v_mad_u64_u32 v[118:119], s16, v1, v2, v[3:4]
  v_mad_i64_i32 v[120:121], s17, v1, v2, v[3:4] clamp
  v_mul_hi_i32_i24_dpp v122, v1, v2 quad_perm:[2,3,0,1] row_mask:0xf bank_mask:0xf
  v_mad_u32_u24_e64_dpp v123, v1, v2, v3 row_shr:2 row_mask:0xf bank_mask:0xf
  s_mov_b32 exec_lo, -1
  v_mul_u32_u24_dpp v124, v1, v2 dpp8:[1,0,3,2,5,4,7,6]
  s_endpgm
