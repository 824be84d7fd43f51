// Byte arithmetic: sums of absolute differences (byte, high, 16-bit, 32-bit, masked), the
// quad SADs with 16- and 32-bit accumulators, and v_lerp_u8.

  v_and_b32 v20, 0x00ff00ff, v2      // reference bytes, half of them zero
  v_and_b32 v21, 0xff00ff00, v3

  v_sad_u8 v100, v1, v2, v3
  v_sad_u8 v100, v1, s2, 0x7fff0000
  v_sad_u8 v100, -1, v20, 0 clamp
  v_sad_hi_u8 v101, v1, v2, v3
  v_sad_hi_u8 v101, v1, 0x01020304, s3
  v_sad_u16 v102, v1, v2, v3
  v_sad_u16 v102, v1, -1, v3
  v_sad_u16 v102, v1, v2, 0xffffffff clamp
  v_sad_u32 v103, v1, v2, v3
  v_sad_u32 v103, v1, v2, -1 clamp
  v_sad_u32 v103, s1, 64, v3
  v_msad_u8 v104, v1, v2, v3
  v_msad_u8 v104, v1, v20, v3
  v_msad_u8 v104, v1, v21, 5 clamp
  v_msad_u8 v104, v1, 0, v3

  v_qsad_pk_u16_u8 v[106:107], v[1:2], v3, v[4:5]
  v_qsad_pk_u16_u8 v[106:107], v[1:2], v20, -1
  v_qsad_pk_u16_u8 v[106:107], s[2:3], v3, v[4:5] clamp
  v_mqsad_pk_u16_u8 v[108:109], v[1:2], v3, v[4:5]
  v_mqsad_pk_u16_u8 v[108:109], v[1:2], v20, v[4:5]
  v_mqsad_pk_u16_u8 v[108:109], v[1:2], v21, 0x12345678
  v_mqsad_u32_u8 v[110:113], v[1:2], v3, v[4:7]
  v_mqsad_u32_u8 v[110:113], v[1:2], v20, v[4:7]
  v_mqsad_u32_u8 v[110:113], s[2:3], v21, v[4:7] clamp

  v_lerp_u8 v114, v1, v2, v3
  v_lerp_u8 v114, v1, v2, 0x01000100
  v_lerp_u8 v114, -1, -1, s1

  v_sad_u8_e64_dpp v115, v1, v2, v3 quad_perm:[1,1,2,2] row_mask:0xf bank_mask:0xf
  v_msad_u8_e64_dpp v116, v1, v20, v3 dpp8:[7,7,7,7,0,0,0,0]
  s_mov_b32 exec_lo, 0xa5a5ff00
  v_qsad_pk_u16_u8 v[118:119], v[1:2], v3, v[4:5]
  v_mqsad_u32_u8 v[120:123], v[1:2], v20, v[4:7]
  v_lerp_u8 v124, v1, v2, v3
  s_mov_b32 exec_lo, -1
  s_endpgm
