; MUBUF's untyped loads, stores and atomics through buffer resources (V#s) of every kind:
; raw (stride 0) and structured buffers, OOB_SELECT 0-3, swizzled ones with 4- and 16-byte
; elements and every index stride, add_tid_enable, an unbound V# (format 0) and one whose type
; is not 0; IDXEN, OFFEN, both and neither; SOFFSET an SGPR, M0, NULL and inline constants;
; TFE; B64-B128 accesses whose dwords are partly out of range; partial and empty EXEC.
; s0 = the wave, s[2:3] = the buffer (64 KiB), v0 = the lane. Wave k stores at 0x1000 k.
  v_lshlrev_b32 v1, 2, v0
  v_lshlrev_b32 v3, 4, v0
  s_lshl_b32 s5, s0, 12
  s_mov_b32 m0, 8
  s_mov_b32 s12, 0x10
  ; raw, OOB_SELECT 3: base = buffer + 0x100, num_records 0x1f4, format 4
  s_add_u32 s8, s2, 0x100
  s_addc_u32 s9, s3, 0
  s_mov_b32 s10, 0x1f4
  s_mov_b32 s11, 0x30004000
  buffer_load_b32 v2, v1, s[8:11], 0 offen
  buffer_load_b128 v[4:7], v3, s[8:11], 0 offen offset:4
  buffer_load_b64 v[8:9], v3, s[8:11], s12 offen
  buffer_load_b96 v[10:12], v3, s[8:11], m0 offen offset:2
  buffer_load_u8 v13, v0, s[8:11], 3 offen offset:0x1e0
  buffer_load_i8 v14, v0, s[8:11], null offen offset:0x1e3
  buffer_load_u16 v15, v1, s[8:11], 1 offen offset:0x181
  buffer_load_i16 v16, v1, s[8:11], -1 offen offset:0x17f
  buffer_load_b32 v17, off, s[8:11], 0 offset:0x1f0
  buffer_load_b32 v18, off, s[8:11], 0 offset:0x1f1
  s_waitcnt vmcnt(0)
  ; d16 halves into registers holding something
  v_lshl_or_b32 v20, v0, 20, 0x8f07
  v_mov_b32 v21, v20
  v_mov_b32 v22, v20
  v_mov_b32 v23, v20
  buffer_load_d16_u8 v20, v0, s[8:11], 0 offen offset:0x1e8
  buffer_load_d16_i8 v21, v0, s[8:11], 0 offen offset:0x1e9
  buffer_load_d16_hi_b16 v22, v1, s[8:11], 0 offen offset:0x17a
  buffer_load_d16_hi_i8 v23, v0, s[8:11], 0 offen offset:0x1ea
  ; TFE: a status dword (0) after the data; B128's is in VDATA's bank
  buffer_load_b32 v[24:25], v1, s[8:11], 0 offen tfe
  buffer_load_b128 v[26:30], v3, s[8:11], 0 offen offset:8 tfe
  buffer_load_d16_b16 v[31:32], v1, s[8:11], 0 offen tfe
  buffer_load_b96 v[33:36], v3, s[8:11], 0 offen tfe
  s_waitcnt vmcnt(0)
  ; stores: raw, wave k's 0x800 bytes at buffer + 0x2000 + 0x1000 k (SOFFSET s5), num_records
  ; 0x1f8 beyond SOFFSET... with OOB_SELECT 3 num_records is reduced by SOFFSET: 0x1f8 + s5
  s_add_u32 s16, s2, 0x2000
  s_addc_u32 s17, s3, 0
  s_add_u32 s18, s5, 0x1f8
  s_mov_b32 s19, 0x30004000
  buffer_store_b32 v2, v1, s[16:19], s5 offen
  buffer_store_b128 v[4:7], v3, s[16:19], s5 offen offset:0x10
  buffer_store_b64 v[8:9], v3, s[16:19], s5 offen offset:0x5
  buffer_store_b96 v[10:12], v3, s[16:19], s5 offen offset:0x3
  buffer_store_b8 v13, v0, s[16:19], s5 offen offset:0x1f0
  buffer_store_b16 v14, v1, s[16:19], s5 offen offset:0x180
  buffer_store_d16_hi_b8 v23, v0, s[16:19], s5 offen offset:0x1d0
  buffer_store_d16_hi_b16 v22, v1, s[16:19], s5 offen offset:0x101
  ; partial EXEC: the highest lane of those storing to one dword wins
  s_mov_b32 exec_lo, 0xf0f0
  v_mov_b32 v40, 0
  buffer_store_b32 v0, v40, s[16:19], s5 offen offset:0x1f4
  buffer_load_b32 v41, v1, s[16:19], s5 offen
  s_mov_b32 exec_lo, 0
  buffer_store_b32 v0, v1, s[16:19], s5 offen
  buffer_load_b32 v41, v1, s[16:19], scc offen
  s_mov_b32 exec_lo, -1
  s_waitcnt vmcnt(0)
  s_waitcnt_vscnt null, 0
  ; structured, stride 12, OOB_SELECT 0 (index < num_records and offset + bytes <= stride),
  ; num_records 20: index in VADDR (IDXEN), with both the offset after it
  s_add_u32 s20, s2, 0x400
  s_addc_u32 s21, s3, 0xc0000
  s_mov_b32 s22, 20
  s_mov_b32 s23, 0x4000
  v_and_b32 v42, 7, v0
  buffer_load_b32 v43, v0, s[20:23], 0 idxen offset:4
  buffer_load_b64 v[44:45], v0, s[20:23], 0 idxen offset:4
  buffer_load_b128 v[46:49], v0, s[20:23], 0 idxen
  v_lshrrev_b32 v50, 1, v0
  v_mov_b32 v51, v42
  buffer_load_b32 v52, v[50:51], s[20:23], 0 idxen offen
  buffer_load_u16 v53, v[50:51], s[20:23], 0 idxen offen offset:3
  ; OOB_SELECT 1: the index alone; 2: num_records 0 is all out; add_tid_enable adds the lane
  s_mov_b32 s23, 0x10004000
  buffer_load_b64 v[54:55], v0, s[20:23], 0 idxen offset:8
  s_mov_b32 s23, 0x20004000
  buffer_load_b32 v56, v0, s[20:23], 0 idxen
  s_mov_b32 s22, 0
  buffer_load_b32 v57, v0, s[20:23], 0 idxen
  s_mov_b32 s22, 40
  s_mov_b32 s23, 0x10804000
  buffer_load_b32 v58, off, s[20:23], 0 offset:8
  buffer_load_b32 v59, v0, s[20:23], 0 idxen
  ; OOB_SELECT 3 with a stride: the buffer offset + bytes against num_records (less SOFFSET)
  s_mov_b32 s22, 0x100
  s_mov_b32 s23, 0x30004000
  buffer_load_b96 v[60:62], v0, s[20:23], s12 idxen offset:0x4
  s_waitcnt vmcnt(0)
  ; swizzled, element size 4, index_stride 8, stride 16, OOB_SELECT 3 (with a stride: index
  ; and offset as for 0, num_records less SOFFSET)
  s_add_u32 s24, s2, 0x3002
  s_addc_u32 s25, s3, 0x40100000
  s_mov_b32 s26, 30
  s_mov_b32 s27, 0x30004000
  v_and_b32 v63, 12, v1
  buffer_load_b32 v64, v[0:1], s[24:27], 0 idxen offen
  buffer_load_b128 v[65:68], v0, s[24:27], 0 idxen
  buffer_load_b64 v[69:70], v[0:1], s[24:27], 4 idxen offen offset:1
  buffer_load_u16 v71, v0, s[24:27], 0 idxen offset:3
  ; element size 16, index_stride 32, stride 40, raw OOB (stride 0 swizzled: num_records)
  s_add_u32 s28, s2, 0x4000
  s_addc_u32 s29, s3, 0xc0280000
  s_mov_b32 s30, 64
  s_mov_b32 s31, 0x30404000
  buffer_load_b128 v[72:75], v[0:1], s[28:31], 0 idxen offen offset:4
  buffer_load_b96 v[76:78], v0, s[28:31], 0 idxen offset:13
  s_addc_u32 s29, s3, 0xc0000000
  s_mov_b32 s30, 0x1a0
  buffer_load_b128 v[79:82], v[0:1], s[28:31], 0 idxen offen offset:6
  ; index_stride 64 and 16, element size 4, stride 8; add_tid_enable
  s_addc_u32 s29, s3, 0x40080000
  s_mov_b32 s30, 0x1000
  s_mov_b32 s31, 0x30604000
  buffer_load_b64 v[83:84], v[0:1], s[28:31], 0 idxen offen
  s_mov_b32 s31, 0x30a04000
  buffer_load_b32 v85, v1, s[28:31], 0 offen offset:2
  s_waitcnt vmcnt(0)
  ; swizzled stores into wave k's area (element size 16, index_stride 8, stride 20)
  s_add_u32 s28, s2, 0x2000
  s_addc_u32 s29, s3, 0xc0140000
  s_mov_b32 s30, 24
  s_mov_b32 s31, 0x30004000
  buffer_store_b128 v[72:75], v[0:1], s[28:31], s5 idxen offen offset:2
  buffer_store_b32 v64, v0, s[28:31], s5 idxen offset:0x11
  buffer_store_b16 v71, v[0:1], s[28:31], s5 idxen offen
  s_waitcnt_vscnt null, 0
  ; an unbound V# (format 0): loads return 0 (TFE's status too), stores are dropped
  s_mov_b32 s23, 0x30000000
  v_mov_b32 v86, -1
  v_mov_b32 v87, -1
  buffer_load_b32 v[86:87], v0, s[20:23], 0 idxen tfe
  buffer_store_b32 v0, v0, s[20:23], s5 idxen
  ; a V# whose type is not 0: ignored, no VGPR written
  s_mov_b32 s23, 0x70004000
  v_mov_b32 v88, 0x1234
  buffer_load_b32 v88, v0, s[20:23], 0 idxen
  buffer_atomic_add_u32 v88, v0, s[20:23], s5 idxen glc
  s_waitcnt vmcnt(0)
  ; atomics on wave k's area: raw, num_records 0x40 + SOFFSET, 8 lanes to a dword; lanes
  ; past the end are out of range (nothing done, 0 returned)
  s_add_u32 s18, s5, 0x40
  v_and_b32 v89, 0x3c, v1
  v_lshrrev_b32 v90, 1, v1
  v_mov_b32 v91, 5
  buffer_atomic_add_u32 v0, v89, s[16:19], s5 offen glc
  buffer_atomic_max_i32 v91, v90, s[16:19], s5 offen offset:0x10 glc
  buffer_atomic_xor_b32 v1, v90, s[16:19], s5 offen
  v_mov_b32 v92, v0
  v_mov_b32 v93, v1
  buffer_atomic_cmpswap_b32 v[92:93], v89, s[16:19], s5 offen glc
  v_lshlrev_b32 v94, 3, v0
  v_mov_b32 v95, 0
  buffer_atomic_add_u64 v[94:95], v94, s[16:19], s5 offen glc
  v_mov_b32 v96, 0x3f800000
  buffer_atomic_add_f32 v96, v89, s[16:19], s5 offen offset:0x20
  buffer_atomic_cmpswap_b64 v[100:103], v89, s[16:19], s5 offen offset:0x4 glc
  s_waitcnt vmcnt(0)
  s_waitcnt_vscnt null, 0
  s_sendmsg sendmsg(MSG_DEALLOC_VGPRS)
  s_endpgm
