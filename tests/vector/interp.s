// VINTERP (sim/src/golden/valu/interp.rs): the six interpolation FMAs on random registers
// (their F32 and F16 bit patterns: NaNs, infinities, denormals), then on plain values; every
// OPSEL half, NEG, CLAMP and WAITEXP; under the rounding and denormal modes; the _rtz forms;
// with a partial EXEC, whose inactive lanes still supply the quad's parameters.

  v_interp_p10_f32 v100, v1, v2, v3
  v_interp_p2_f32 v101, v4, v5, v100
  v_interp_p10_f16_f32 v102, v6, v7, v8
  v_interp_p2_f16_f32 v103, v9, v10, v102
  v_interp_p10_rtz_f16_f32 v104, v11, v12, v13
  v_interp_p2_rtz_f16_f32 v105, v14, v15, v104
  v_interp_p10_f32 v106, -v1, v2, -v3 clamp wait_exp:7
  v_interp_p2_f32 v107, v4, -v5, v106 clamp
  v_interp_p10_f16_f32 v108, v6, v7, v8 op_sel:[1,0,1,0]
  v_interp_p10_f16_f32 v108, -v6, -v7, v8 clamp op_sel:[0,0,1,0]
  v_interp_p2_f16_f32 v109, v9, v10, v108 op_sel:[1,0,0,1]
  v_interp_p2_f16_f32 v109, -v9, v10, -v108 clamp wait_exp:2
  v_interp_p10_rtz_f16_f32 v110, v11, v12, v13 op_sel:[1,0,0,0]
  v_interp_p2_rtz_f16_f32 v111, v14, v15, v110 op_sel:[0,0,0,1]

  // Plain values: parameters 0.5 + lane / 8 (F32) and their F16 halves, I and J in [0, 1).
  v_cvt_f32_u32 v20, v0
  v_mul_f32 v21, 0x3e000000, v20
  v_add_f32 v21, 0.5, v21
  v_cvt_f16_f32 v22, v21
  v_cvt_f16_f32_e64 v25, -v21
  v_pack_b32_f16 v22, v22, v25
  v_mul_f32 v23, 0x3d000000, v20
  v_sub_f32 v24, 1.0, v23
  v_interp_p10_f32 v112, v21, v23, v21
  v_interp_p2_f32 v113, v21, v24, v112
  v_interp_p10_f16_f32 v114, v22, v23, v22 op_sel:[1,0,0,0]
  v_interp_p2_f16_f32 v115, v22, v24, v114 op_sel:[0,0,0,1]
  v_interp_p2_rtz_f16_f32 v115, v22, v24, v114

  // Rounding toward +inf, -inf and zero, and denormals flushed.
  s_round_mode 0x5
  v_interp_p10_f32 v116, v1, v2, v3
  v_interp_p2_f16_f32 v117, v9, v10, v3
  s_round_mode 0xa
  v_interp_p10_f16_f32 v118, v6, v7, v8 op_sel:[1,0,1,0]
  v_interp_p2_f32 v119, v4, v5, v100
  s_round_mode 0xf
  v_interp_p10_f32 v120, v1, v2, v3
  v_interp_p2_f16_f32 v121, v9, v10, v3
  s_round_mode 0x0
  s_denorm_mode 0x0
  v_interp_p10_f32 v122, v1, v2, v3
  v_interp_p10_f16_f32 v123, v6, v7, v8
  v_interp_p2_f16_f32 v124, v9, v10, v102
  s_denorm_mode 0xf

  // A partial EXEC: lanes 0, 5, 10, ... are written; their quads' other lanes still supply S0
  // and S2.
  s_mov_b32 exec_lo, 0x21084210
  v_interp_p10_f32 v125, v1, v2, v3
  v_interp_p2_f16_f32 v126, v9, v10, v125 op_sel:[0,0,0,1]
  s_mov_b32 exec_lo, -1
  s_endpgm
