// Transposes a 32 x 32 matrix of words through the LDS. Lane l writes row l, element by
// element (value l * 32 + j + (s0 << 16) at column j), into rows padded to 33 words, so that
// the 32 lanes' stores of one column fall in 32 different banks; then lane l reads column l
// back, two elements an instruction (ds_load_2addr_b32), into v4..v35. s0 holds the wave
// index (sim cosim sets it): each wave has its own 8 KiB of the workgroup's LDS.
//
// Result: v[4 + j] of lane l = j * 32 + l + (s0 << 16), for j = 0..31.
//
//   cargo run --release -p sim -- cosim examples/lds_transpose.s --waves 4

  v_mbcnt_lo_u32_b32 v0, -1, 0       // v0 = lane
  s_lshl_b32 s1, s0, 13              // the wave's region: s0 * 8192
  s_lshl_b32 s3, s0, 16              // the values' high half: s0
  v_mul_u32_u24 v1, 0x84, v0         // row l starts at l * 33 * 4
  v_add_nc_u32 v1, s1, v1
  s_mov_b32 s2, 0                    // j
store:
  v_lshl_add_u32 v2, v0, 5, s2       // l * 32 + j
  v_add_nc_u32 v2, s3, v2
  ds_store_b32 v1, v2                // row l, column j
  v_add_nc_u32 v1, 4, v1
  s_add_u32 s2, s2, 1
  s_cmp_lt_u32 s2, 32
  s_cbranch_scc1 store
  s_waitcnt lgkmcnt(0)

  v_lshl_add_u32 v3, v0, 2, s1       // column l of row 0
  ds_load_2addr_b32 v[4:5], v3 offset0:0 offset1:33
  ds_load_2addr_b32 v[6:7], v3 offset0:66 offset1:99
  ds_load_2addr_b32 v[8:9], v3 offset0:132 offset1:165
  ds_load_2addr_b32 v[10:11], v3 offset0:198 offset1:231
  v_add_nc_u32 v3, 0x420, v3         // eight rows on: 8 * 33 * 4
  ds_load_2addr_b32 v[12:13], v3 offset0:0 offset1:33
  ds_load_2addr_b32 v[14:15], v3 offset0:66 offset1:99
  ds_load_2addr_b32 v[16:17], v3 offset0:132 offset1:165
  ds_load_2addr_b32 v[18:19], v3 offset0:198 offset1:231
  v_add_nc_u32 v3, 0x420, v3         // eight rows on: 8 * 33 * 4
  ds_load_2addr_b32 v[20:21], v3 offset0:0 offset1:33
  ds_load_2addr_b32 v[22:23], v3 offset0:66 offset1:99
  ds_load_2addr_b32 v[24:25], v3 offset0:132 offset1:165
  ds_load_2addr_b32 v[26:27], v3 offset0:198 offset1:231
  v_add_nc_u32 v3, 0x420, v3         // eight rows on: 8 * 33 * 4
  ds_load_2addr_b32 v[28:29], v3 offset0:0 offset1:33
  ds_load_2addr_b32 v[30:31], v3 offset0:66 offset1:99
  ds_load_2addr_b32 v[32:33], v3 offset0:132 offset1:165
  ds_load_2addr_b32 v[34:35], v3 offset0:198 offset1:231
  s_waitcnt lgkmcnt(0)
  s_endpgm
