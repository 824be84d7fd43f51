// The integer dot products (VOP3P): v_dot4 of bytes and v_dot8 of nibbles, unsigned and IU
// (NEG_LO's bits 0 and 1 make S0's and S1's fields signed, and S2 is signed), with and
// without CLAMP, on random operands, on extreme fields (0x80, 0x7f, 0xff; 0x8, 0x7, 0xf), on
// accumulators near the bounds CLAMP saturates at, and with SGPR, inline-constant and literal
// sources.

  v_or_b32 v20, 0x80808080, v1
  v_and_b32 v21, 0x7f7f7f7f, v2
  v_or_b32 v22, 0x88888888, v3
  v_mov_b32 v23, 0x7fffff00
  v_mov_b32 v24, 0x80000100
  v_mov_b32 v25, 0xffffff00

  v_dot4_u32_u8 v100, v1, v2, v3
  v_dot4_u32_u8 v100, v1, v2, v25 clamp
  v_dot4_u32_u8 v100, v20, v20, v25 clamp
  v_dot4_u32_u8 v100, v20, v20, v25
  v_dot4_u32_u8 v100, s1, 0x01ff7f80, 7 clamp
  v_dot4_i32_iu8 v101, v1, v2, v3
  v_dot4_i32_iu8 v101, v1, v2, v3 neg_lo:[1,0,0]
  v_dot4_i32_iu8 v101, v1, v2, v3 neg_lo:[0,1,0]
  v_dot4_i32_iu8 v101, v1, v2, v3 neg_lo:[1,1,0]
  v_dot4_i32_iu8 v101, v20, v20, v23 neg_lo:[1,1,0] clamp
  v_dot4_i32_iu8 v101, v20, v20, v23 neg_lo:[1,1,0]
  v_dot4_i32_iu8 v101, v20, v21, v24 neg_lo:[1,0,0] clamp
  v_dot4_i32_iu8 v101, v20, v21, v24 neg_lo:[1,0,0]
  v_dot4_i32_iu8 v101, v20, v20, v25 clamp
  v_dot4_i32_iu8 v101, s1, 0x80ff7f01, v3 neg_lo:[1,1,0]
  v_dot8_u32_u4 v102, v1, v2, v3
  v_dot8_u32_u4 v102, v22, v22, v25 clamp
  v_dot8_u32_u4 v102, v22, v22, v25
  v_dot8_u32_u4 v102, v1, s2, 7
  v_dot8_i32_iu4 v103, v1, v2, v3
  v_dot8_i32_iu4 v103, v1, v2, v3 neg_lo:[1,0,0]
  v_dot8_i32_iu4 v103, v1, v2, v3 neg_lo:[0,1,0]
  v_dot8_i32_iu4 v103, v22, v22, v23 neg_lo:[1,1,0] clamp
  v_dot8_i32_iu4 v103, v22, v21, v24 neg_lo:[1,0,0] clamp
  v_dot8_i32_iu4 v103, v22, v21, v24 neg_lo:[1,0,0]
  v_dot8_i32_iu4 v103, 0x8f7f0f81, v2, s3 neg_lo:[1,1,0] clamp
  s_endpgm
