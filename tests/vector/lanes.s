// Lane operations and register moves: lane reads and writes, permutes, swaps (two
// destinations, in one bank or in two), M0-relative moves with and without DPP,
// v_permlane64_b32 (nothing in wave32). (v_swap_b16 is the guide's, but LLVM 19 decodes no
// instruction from its words for gfx1100, so both models fault on it as illegal.)

  v_readlane_b32 s10, v1, 7
  v_readlane_b32 s11, v2, s3
  v_readfirstlane_b32 s12, v3
  v_writelane_b32 v4, s10, 5
  v_writelane_b32 v5, 0x1234, s11
  v_permlane16_b32 v6, v1, s4, s5
  v_permlanex16_b32 v7, v2, s6, s7 op_sel:[1,0]
  v_permlane16_b32 v8, v3, -1, 0x76543210 op_sel:[0,1]
  v_swap_b32 v4, v8
  v_swap_b32 v5, v6
  v_swap_b32 v9, v9
  v_permlane64_b32 v10, v11
  s_mov_b32 m0, 5
  v_movrels_b32 v12, v1
  v_movreld_b32 v2, v13
  v_movrelsd_b32 v14, v3
  v_movrelsd_2_b32 v15, v4
  v_swaprel_b32 v16, v5
  v_movrels_b32_dpp v17, v2 quad_perm:[3,2,1,0] row_mask:0xf bank_mask:0xf
  v_movreld_b32_dpp v1, v18 row_shr:1 row_mask:0xf bank_mask:0xf bound_ctrl:1
  s_mov_b32 m0, 300
  v_movrels_b32 v19, v1
  v_movreld_b32 v2, v20
  s_mov_b32 exec_lo, 0x0f0f00ff
  v_swap_b32 v21, v22
  v_readfirstlane_b32 s13, v21
  s_mov_b32 exec_lo, 0
  v_readfirstlane_b32 s14, v21
  v_writelane_b32 v22, s13, 31
  s_mov_b32 exec_lo, -1
  s_endpgm
