; MUBUF's format rows through every unified format (1..63, the V#'s): loads of one to four
; components, 32-bit and D16 (d16_hi too, into registers holding something), the V#'s
; dst_sel (the identity, reversed, the constants 0 and 1, the reserved selectors 2 and 3, a
; missing alpha), TFE, elements partly out of range (OOB_SELECT 3: dst_sel 1 still reads 1),
; unaligned offsets, a swizzled resource; stores of loaded values, of raw bit patterns (NaNs,
; infinities, denormals, huge and negative values: the clamps) and of halves of all kinds,
; each read back; an INVALID format with and without add_tid_enable; partial EXEC. The test
; appends MTBUF's part (tbuffer_* with every FORMAT) and s_endpgm.
; s0 = the wave, s[2:3] = the buffer (64 KiB), v0 = the lane. Wave k stores at 0x4000 + 0x1000 k.
  v_lshlrev_b32 v1, 2, v0
  v_lshlrev_b32 v3, 4, v0
  s_lshl_b32 s5, s0, 12
  ; values to store: (l - 16) / 2 (halves, ties for the scaled formats), (l - 16) / 16
  ; (around [-1, 1], the normalised ones), and the buffer's bytes as they are
  v_subrev_nc_u32 v44, 16, v0
  v_cvt_f32_i32 v44, v44
  v_mul_f32 v45, 0.5, v44
  v_mul_f32 v46, 0x3d800000, v44
  v_mov_b32 v47, v0
  v_add_nc_u32 v48, -20, v0
  ; the loads' resource: buffer + 0x100, num_records 0x1f8 (lane 31's element from 0x1f0 is
  ; out of range beyond 8 bytes), OOB_SELECT 3
  s_add_u32 s8, s2, 0x100
  s_addc_u32 s9, s3, 0
  s_mov_b32 s10, 0x1f8
  ; the stores': wave k's 0x800 bytes at buffer + 0x4000 + 0x1000 k, OOB_SELECT 3
  s_add_u32 s16, s2, 0x4000
  s_addc_u32 s17, s3, 0
  s_add_u32 s16, s16, s5
  s_addc_u32 s17, s17, 0
  s_mov_b32 s18, 0x7f8
  s_mov_b32 s20, 1
fmt_loop:
  s_lshl_b32 s21, s20, 12
  s_or_b32 s11, s21, 0x30000fac
  s_mov_b32 s19, s11
  buffer_load_b128 v[40:43], v3, s[8:11], 0 offen offset:0x40
  buffer_load_format_xyzw v[4:7], v3, s[8:11], 0 offen
  buffer_load_format_xyz v[8:10], v3, s[8:11], 0 offen offset:4
  buffer_load_format_xy v[11:12], v3, s[8:11], 0 offen offset:1
  buffer_load_format_x v13, v3, s[8:11], 0 offen offset:8
  v_lshl_or_b32 v17, v0, 20, 0x8f07
  v_mov_b32 v20, v17
  buffer_load_d16_format_xyzw v[14:15], v3, s[8:11], 0 offen
  buffer_load_d16_format_xyz v[16:17], v3, s[8:11], 0 offen offset:3
  buffer_load_d16_format_xy v18, v3, s[8:11], 0 offen offset:2
  buffer_load_d16_format_x v19, v3, s[8:11], 0 offen offset:12
  buffer_load_d16_hi_format_x v20, v3, s[8:11], 0 offen offset:6
  ; dst_sel: W Z Y X; 1 0 2 3 (with TFE); Y 1 W Z as D16
  s_or_b32 s11, s21, 0x30000977
  buffer_load_format_xyzw v[21:24], v3, s[8:11], 0 offen
  s_or_b32 s11, s21, 0x30000681
  buffer_load_format_xyzw v[25:29], v3, s[8:11], 0 offen tfe
  s_or_b32 s11, s21, 0x30000dcd
  buffer_load_d16_format_xyzw v[30:31], v3, s[8:11], 0 offen
  buffer_load_d16_format_xy v[32:33], v1, s[8:11], 0 offen tfe
  ; swizzled (element size 4, index stride 8, stride 12), an index and an offset
  s_or_b32 s9, s9, 0x400c0000
  buffer_load_format_xyzw v[34:37], v[47:48], s[8:11], 0 idxen offen offset:3
  s_and_b32 s9, s9, 0xffff
  s_waitcnt vmcnt(0)
  buffer_store_format_xyzw v[4:7], v3, s[16:19], 0 offen
  buffer_store_format_xyzw v[40:43], v3, s[16:19], 0 offen offset:0x200
  buffer_store_format_xyz v[44:46], v3, s[16:19], 0 offen offset:0x400
  buffer_store_format_xy v[45:46], v3, s[16:19], 0 offen offset:0x5fd
  buffer_store_format_x v46, v3, s[16:19], 0 offen offset:0x3f6
  buffer_store_d16_format_xyzw v[14:15], v3, s[16:19], 0 offen offset:0x600
  buffer_store_d16_format_xyz v[40:41], v3, s[16:19], 0 offen offset:0x401
  buffer_store_d16_format_xy v42, v3, s[16:19], 0 offen offset:0x202
  buffer_store_d16_format_x v43, v1, s[16:19], 0 offen offset:0x700
  buffer_store_d16_hi_format_x v41, v1, s[16:19], 0 offen offset:0x780
  s_waitcnt vmcnt(0)
  buffer_load_b128 v[50:53], v3, s[16:19], 0 offen
  buffer_load_b128 v[54:57], v3, s[16:19], 0 offen offset:0x200
  buffer_load_b128 v[58:61], v3, s[16:19], 0 offen offset:0x400
  buffer_load_b128 v[62:65], v3, s[16:19], 0 offen offset:0x600
  buffer_load_b32 v66, v1, s[16:19], 0 offen offset:0x700
  s_waitcnt vmcnt(0)
  s_add_u32 s20, s20, 1
  s_cmp_lt_u32 s20, 64
  s_cbranch_scc1 fmt_loop
  ; INVALID (0): with add_tid_enable nothing to convert with either (loads 0 everywhere,
  ; dst_sel 1 too; stores nothing)
  s_mov_b32 s11, 0x30000fac
  buffer_load_format_xyzw v[4:7], v3, s[8:11], 0 offen
  s_or_b32 s11, s11, 0x800000
  buffer_load_format_xyzw v[8:11], v3, s[8:11], 0 offen
  s_mov_b32 s19, s11
  buffer_store_format_xyzw v[44:47], v3, s[16:19], 0 offen
  ; partial EXEC, and none
  s_mov_b32 s11, 0x3002afac
  s_mov_b32 s19, s11
  s_mov_b32 exec_lo, 0x0ff0f00f
  buffer_load_format_xyzw v[4:7], v3, s[8:11], 0 offen
  buffer_store_format_xyzw v[44:47], v3, s[16:19], 0 offen offset:0x10
  s_mov_b32 exec_lo, 0
  buffer_load_format_xyzw v[4:7], v3, s[8:11], 0 offen
  buffer_store_format_xyzw v[44:47], v3, s[16:19], 0 offen
  s_mov_b32 exec_lo, -1
  s_waitcnt vmcnt(0)
  ; MTBUF (appended): the V# as the loads' with format 8_8_8_8_UNORM (MTBUF takes FORMAT)
  s_mov_b32 s11, 0x3002afac
  s_mov_b32 s19, s11
