// Packed 16-bit integer rows (VOP3P): both halves, OPSEL/OPSEL_HI picking the halves, CLAMP,
// inline constants (their 32-bit value: the constant in the low half), literals, SGPRs.

  v_and_b32 v20, 0x00070007, v1
  v_and_b32 v21, 0x80078007, v2
  v_or_b32 v22, 0x7ff87ff8, v3
  v_and_b32 v23, 0x000f001f, v4

  v_pk_add_u16 v100, v1, v2
  v_pk_add_u16 v100, v1, v2 clamp
  v_pk_add_u16 v100, v22, v22 op_sel:[1,0] op_sel_hi:[0,1] clamp
  v_pk_add_u16 v100, v1, -1 clamp
  v_pk_add_i16 v101, v1, v2
  v_pk_add_i16 v101, v22, v22 clamp
  v_pk_add_i16 v101, v21, v21 op_sel:[0,1] op_sel_hi:[1,0] clamp
  v_pk_add_i16 v101, s1, 0x80007fff clamp
  v_pk_sub_u16 v102, v1, v2
  v_pk_sub_u16 v102, v20, v21 clamp
  v_pk_sub_u16 v102, 5, v20 op_sel_hi:[0,1] clamp
  v_pk_sub_i16 v103, v1, v2 op_sel:[1,1]
  v_pk_sub_i16 v103, v21, v22 clamp
  v_pk_sub_i16 v103, v22, v21 op_sel:[0,1] clamp
  v_pk_mul_lo_u16 v104, v1, v2
  v_pk_mul_lo_u16 v104, v1, v2 op_sel:[1,0] op_sel_hi:[0,1]
  v_pk_mul_lo_u16 v104, v1, 3
  v_pk_mad_u16 v105, v1, v2, v3
  v_pk_mad_u16 v105, v1, v2, v3 clamp
  v_pk_mad_u16 v105, v20, v20, v22 op_sel:[1,0,1] op_sel_hi:[0,1,1] clamp
  v_pk_mad_u16 v105, v1, 64, s3 clamp
  v_pk_mad_i16 v106, v1, v2, v3
  v_pk_mad_i16 v106, v1, v2, v3 clamp
  v_pk_mad_i16 v106, v21, v22, v21 op_sel:[0,1,1] clamp
  v_pk_mad_i16 v106, v21, -16, 0x7fff8000 clamp

  v_pk_lshlrev_b16 v107, v1, v2
  v_pk_lshlrev_b16 v107, v23, v2 op_sel:[0,1] op_sel_hi:[1,0]
  v_pk_lshlrev_b16 v107, 3, v2
  v_pk_lshrrev_b16 v108, v1, v2
  v_pk_lshrrev_b16 v108, v23, 0x8000ffff
  v_pk_ashrrev_i16 v109, v1, v2
  v_pk_ashrrev_i16 v109, v23, v21 op_sel:[1,1]
  v_pk_ashrrev_i16 v109, 15, s2

  v_pk_max_i16 v110, v1, v2
  v_pk_max_i16 v110, v21, v22 op_sel_hi:[0,0]
  v_pk_max_i16 v110, v21, -3
  v_pk_min_i16 v111, v1, v2
  v_pk_min_i16 v111, v21, v21 op_sel:[1,0]
  v_pk_max_u16 v112, v1, v2
  v_pk_max_u16 v112, v20, v21 op_sel:[0,1] op_sel_hi:[1,0]
  v_pk_min_u16 v113, v1, v2
  v_pk_min_u16 v113, v20, 4
  v_pk_min_u16 v113, s1, 0x00050009

  s_mov_b32 exec_lo, 0x33cc55aa
  v_pk_mad_i16 v114, v1, v2, v3 op_sel:[1,1,1] op_sel_hi:[0,0,0] clamp
  v_pk_add_u16 v115, v1, v2 clamp
  v_pk_ashrrev_i16 v116, v1, v2
  v_pk_min_i16 v117, v1, v2
  s_mov_b32 exec_lo, -1
  s_endpgm
