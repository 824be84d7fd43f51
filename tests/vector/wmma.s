// WMMA (sim/src/golden/valu/wmma.rs): the six matrix forms on random registers (F16 and BF16
// bit patterns of every class: NaNs, infinities, denormals; random IU8 and IU4 elements),
// with the NEG and NEG_HI bits of every source (negated halves of A and B and NEG and ABS of
// C on the float forms, signed A and B on the IU forms), OPSEL's half of a 16-bit
// accumulator, inline-constant C, and C overlapping A while D is elsewhere; then the IU
// forms' CLAMP on accumulators chosen to overflow, where saturating each DOT step differs
// from saturating once; and a partial EXEC, which WMMA does not skip.
//
// (CLAMP on a float form is an unused bit, refused by both decoders as LLVM refuses it: the
// illegal-encoding tests cover that, and a faulting wave would end this program.)

  // Random registers: A in v[8:15], B in v[16:23], C = D in v[0:7] or v[24:31].
  v_wmma_f32_16x16x16_f16 v[0:7], v[8:15], v[16:23], v[0:7]
  v_wmma_f32_16x16x16_f16 v[24:31], v[8:15], v[16:23], v[24:31] neg_lo:[1,0,1] neg_hi:[0,1,0]
  v_wmma_f32_16x16x16_bf16 v[32:39], v[8:15], v[16:23], v[32:39] neg_lo:[0,1,0] neg_hi:[1,0,1]
  v_wmma_f32_16x16x16_bf16 v[40:47], v[8:15], v[16:23], v[40:47]
  v_wmma_f16_16x16x16_f16 v[48:55], v[8:15], v[16:23], v[48:55]
  v_wmma_f16_16x16x16_f16 v[56:63], v[8:15], v[16:23], v[56:63] op_sel:[0,0,1] neg_lo:[1,1,0] neg_hi:[0,0,1]
  v_wmma_bf16_16x16x16_bf16 v[64:71], v[8:15], v[16:23], v[64:71] op_sel:[0,0,1]
  v_wmma_bf16_16x16x16_bf16 v[72:79], v[8:15], v[16:23], v[72:79] neg_lo:[0,0,1] neg_hi:[1,1,1]
  v_wmma_i32_16x16x16_iu8 v[80:87], v[8:11], v[16:19], v[80:87]
  v_wmma_i32_16x16x16_iu8 v[88:95], v[12:15], v[20:23], v[88:95] neg_lo:[1,0,0] clamp
  v_wmma_i32_16x16x16_iu8 v[96:103], v[8:11], v[16:19], v[96:103] neg_lo:[0,1,0]
  v_wmma_i32_16x16x16_iu8 v[104:111], v[8:11], v[20:23], v[104:111] neg_lo:[1,1,0] clamp
  v_wmma_i32_16x16x16_iu4 v[112:119], v[8:9], v[16:17], v[112:119]
  v_wmma_i32_16x16x16_iu4 v[120:127], v[10:11], v[18:19], v[120:127] neg_lo:[1,0,0] clamp
  v_wmma_i32_16x16x16_iu4 v[128:135], v[12:13], v[20:21], v[128:135] neg_lo:[0,1,0] clamp
  v_wmma_i32_16x16x16_iu4 v[136:143], v[14:15], v[22:23], v[136:143] neg_lo:[1,1,0]
  // (NEG[2] and NEG_HI on the IU forms: unused bits LLVM accepts, which change nothing.)
  v_wmma_i32_16x16x16_iu8 v[80:87], v[12:15], v[16:19], v[80:87] neg_lo:[0,0,1] neg_hi:[1,1,1]
  v_wmma_i32_16x16x16_iu4 v[112:119], v[8:9], v[20:21], v[112:119] neg_lo:[1,0,1] neg_hi:[0,1,1] clamp

  // Inline-constant C (replicated into both halves of a 16-bit accumulator); C overlapping A
  // while D is elsewhere (the guide allows it).
  v_wmma_f32_16x16x16_f16 v[144:151], v[8:15], v[16:23], 1.0 neg_lo:[0,0,1]
  v_wmma_f16_16x16x16_f16 v[152:159], v[8:15], v[16:23], -4.0 op_sel:[0,0,1] neg_hi:[0,0,1]
  v_wmma_bf16_16x16x16_bf16 v[160:167], v[8:15], v[16:23], 0.5
  v_wmma_i32_16x16x16_iu8 v[168:175], v[8:11], v[16:19], -7 neg_lo:[0,1,0] clamp
  v_wmma_i32_16x16x16_iu4 v[176:183], v[8:9], v[16:17], 64
  v_wmma_f32_16x16x16_bf16 v[184:191], v[8:15], v[16:23], v[8:15] neg_hi:[1,1,1]
  v_wmma_i32_16x16x16_iu8 v[192:199], v[24:27], v[16:19], v[24:31] clamp

  // EXEC does not mask WMMA: every lane of D is written.
  s_mov_b32 s100, exec_lo
  s_mov_b32 exec_lo, 0x0000a5f0
  v_wmma_f32_16x16x16_f16 v[200:207], v[8:15], v[16:23], v[200:207]
  v_wmma_i32_16x16x16_iu4 v[208:215], v[8:9], v[16:17], v[208:215] clamp
  s_mov_b32 exec_lo, 0
  v_wmma_bf16_16x16x16_bf16 v[216:223], v[8:15], v[16:23], v[216:223] op_sel:[0,0,1]
  s_mov_b32 exec_lo, s100

  // CLAMP on overflowing accumulators. A's dwords alternate +127 and -127 bytes (signed) with
  // B all +127 (signed): each step adds +-64516, so C = 0x7ffffff0 saturates at the first
  // step and then falls, where a single final saturation would give 0x7ffffff0 again.
  v_mov_b32 v224, 0x7f7f7f7f
  v_mov_b32 v225, 0x81818181
  v_mov_b32 v226, 0x7f7f7f7f
  v_mov_b32 v227, 0x81818181
  v_mov_b32 v228, 0x7f7f7f7f
  v_mov_b32 v229, 0x7f7f7f7f
  v_mov_b32 v230, 0x7f7f7f7f
  v_mov_b32 v231, 0x7f7f7f7f
  v_mov_b32 v232, 0x7ffffff0
  v_mov_b32 v233, 0x7ffffff0
  v_mov_b32 v234, 0x80000010
  v_mov_b32 v235, 0x80000010
  v_mov_b32 v236, 0x7fffffff
  v_mov_b32 v237, 0x80000000
  v_mov_b32 v238, 0
  v_mov_b32 v239, -1
  v_mov_b32 v240, v232
  v_mov_b32 v241, v233
  v_mov_b32 v242, v234
  v_mov_b32 v243, v235
  v_mov_b32 v244, v236
  v_mov_b32 v245, v237
  v_mov_b32 v246, v238
  v_mov_b32 v247, v239
  v_wmma_i32_16x16x16_iu8 v[232:239], v[224:227], v[228:231], v[232:239] neg_lo:[1,1,0] clamp
  v_wmma_i32_16x16x16_iu8 v[240:247], v[224:227], v[228:231], v[240:247] neg_lo:[1,1,0]
  // Unsigned A (0x81 = 129) times signed B; then IU4 nibbles, signed (0x7 and 0x9 = -7) and
  // unsigned, on the same accumulators.
  v_wmma_i32_16x16x16_iu8 v[232:239], v[224:227], v[228:231], v[232:239] neg_lo:[0,1,0] clamp
  v_wmma_i32_16x16x16_iu8 v[240:247], v[224:227], v[228:231], v[240:247]
  v_mov_b32 v224, 0x79797979
  v_mov_b32 v225, 0x97979797
  v_wmma_i32_16x16x16_iu4 v[232:239], v[224:225], v[228:229], v[232:239] neg_lo:[1,1,0] clamp
  v_wmma_i32_16x16x16_iu4 v[240:247], v[224:225], v[228:229], v[240:247] neg_lo:[1,0,0] clamp
  v_wmma_i32_16x16x16_iu4 v[232:239], v[224:225], v[228:229], v[232:239] clamp
  v_wmma_i32_16x16x16_iu4 v[240:247], v[224:225], v[228:229], v[240:247] neg_lo:[1,1,0]

  // Plain values: A's halves 1.0 + lane / 16 and -0.5, B's the lane's F16 and BF16 halves of
  // 2^-3 * lane, so that the sums are mostly exact and the accumulator's rounding shows.
  v_cvt_f32_u32 v248, v0
  v_mul_f32 v249, 0x3d800000, v248
  v_add_f32 v249, 1.0, v249
  v_cvt_f16_f32 v250, v249
  v_pack_b32_f16 v250, v250, -0.5
  v_mul_f32 v251, 0x3e000000, v248
  v_cvt_f16_f32 v252, v251
  v_lshrrev_b32 v253, 16, v251
  v_pack_b32_f16 v252, v252, v252
  v_mov_b32 v8, v250
  v_mov_b32 v9, v250
  v_mov_b32 v10, v250
  v_mov_b32 v11, v250
  v_mov_b32 v12, v250
  v_mov_b32 v13, v250
  v_mov_b32 v14, v250
  v_mov_b32 v15, v250
  v_mov_b32 v16, v252
  v_mov_b32 v17, v252
  v_mov_b32 v18, v252
  v_mov_b32 v19, v252
  v_mov_b32 v20, v252
  v_mov_b32 v21, v252
  v_mov_b32 v22, v252
  v_mov_b32 v23, v252
  v_wmma_f32_16x16x16_f16 v[0:7], v[8:15], v[16:23], 0.5
  v_wmma_f16_16x16x16_f16 v[24:31], v[8:15], v[16:23], 1.0 op_sel:[0,0,1]
  v_wmma_f16_16x16x16_f16 v[24:31], v[8:15], v[16:23], v[24:31] neg_lo:[1,0,0]
  v_lshl_or_b32 v16, v253, 16, v253
  v_mov_b32 v17, v16
  v_mov_b32 v18, v16
  v_mov_b32 v19, v16
  v_mov_b32 v20, v16
  v_mov_b32 v21, v16
  v_mov_b32 v22, v16
  v_mov_b32 v23, v16
  v_wmma_f32_16x16x16_bf16 v[32:39], v[16:23], v[16:23], -1.0
  v_wmma_bf16_16x16x16_bf16 v[40:47], v[16:23], v[16:23], v[40:47] neg_hi:[0,0,1]
  s_endpgm
