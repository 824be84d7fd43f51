//! Buffer memory (MUBUF, MTBUF; guide chapter 9, 16.16, 16.17): addressing, range checking
//! per OOB_SELECT (Table 46), swizzling, format conversions, D16, atomics, TFE, counting.
//! Expected values are worked out by hand from the guide's formulas; float constants were
//! computed from their exact values (e.g. 128/255 rounded to F32 is 0x3f008081).

use super::*;

/// A buffer resource (V#, guide Table 47).
#[derive(Clone, Copy)]
struct Rs {
    base: u64,
    stride: u32,
    swizzle: u32,
    records: u32,
    dst_sel: [u32; 4],
    format: u32,
    index_stride: u32,
    add_tid: bool,
    oob: u32,
    ty: u32,
}

impl Rs {
    /// A raw buffer (OOB_SELECT 3) of `records` bytes, format 32_FLOAT (22), as LLVM builds.
    fn raw(base: u64, records: u32) -> Rs {
        Rs {
            base,
            stride: 0,
            swizzle: 0,
            records,
            dst_sel: [4, 5, 6, 7],
            format: 22,
            index_stride: 0,
            add_tid: false,
            oob: 3,
            ty: 0,
        }
    }

    fn dwords(&self) -> [u32; 4] {
        let d = self.dst_sel;
        [
            self.base as u32,
            (self.base >> 32) as u32 & 0xffff | self.stride << 16 | self.swizzle << 30,
            self.records,
            d[0] | d[1] << 3
                | d[2] << 6
                | d[3] << 9
                | self.format << 12
                | self.index_stride << 21
                | u32::from(self.add_tid) << 23
                | self.oob << 28
                | self.ty << 30,
        ]
    }
}

/// Memory holding `bytes`; returns it and the base address.
fn mem(bytes: &[u8]) -> (Memory, u64) {
    let mut m = Memory::default();
    let base = m.alloc_with(bytes, 256, "buf");
    (m, base)
}

/// Memory of `n` dwords where dword i holds `0x1000 + i`.
fn dwords(n: u32) -> (Memory, u64) {
    mem(&(0..n).flat_map(|i| (0x1000 + i).to_le_bytes()).collect::<Vec<u8>>())
}

fn bytes_at(m: &Memory, base: u64, n: usize) -> Vec<u8> {
    let mut out = vec![0; n];
    m.read(base, &mut out).expect("inside the buffer");
    out
}

/// A wave with the V# in s[4:7].
fn wave_rs(rs: Rs) -> Wave {
    let mut w = Wave::new(BASE);
    w.sgpr[4..8].copy_from_slice(&rs.dwords());
    w
}

/// Runs the first instruction of `src`, which must retire.
fn ok(w: &mut Wave, m: &mut Memory, src: &str) {
    let s = step_mem(w, m, src);
    assert_eq!(s.outcome, Outcome::Retired, "{src}");
}

#[test]
fn raw_buffer_offen_with_soffset_from_an_sgpr_an_inline_constant_and_m0() {
    // 16 dwords: records = 64 bytes. ADDR = base + SOFFSET + OFFSET + VGPR offset (9.4.1.2).
    let (mut m, base) = dwords(16);
    let mut w = wave_rs(Rs::raw(base, 64));
    w.vgpr[0] = lanes(|l| 4 * l as u32);
    w.sgpr[2] = 8;
    ok(&mut w, &mut m, "buffer_load_b32 v1, v0, s[4:7], s2 offen offset:4");
    // Lane l reads byte 12 + 4l, dword 3 + l. OOB_SELECT 3 reduces num_records by SOFFSET:
    // lane 12 ends at offset 4 + 48 + 4 = 56 <= 64 - 8 (in range), lane 13 at 60 (out).
    for l in 0..32 {
        let want = if l <= 12 { 0x1003 + l as u32 } else { 0 };
        assert_eq!(w.vgpr[1][l], want, "lane {l}");
    }
    // An inline constant, M0, and no VGPR at all.
    ok(&mut w, &mut m, "buffer_load_b32 v2, v0, s[4:7], 4 offen");
    assert_eq!((w.vgpr[2][0], w.vgpr[2][14], w.vgpr[2][15]), (0x1001, 0x100f, 0));
    w.sgpr[125] = 12;
    ok(&mut w, &mut m, "buffer_load_b32 v3, off, s[4:7], m0 offset:8");
    assert_eq!(w.vgpr[3], [0x1005; 32]);
    ok(&mut w, &mut m, "buffer_load_b32 v3, off, s[4:7], null offset:60");
    assert_eq!(w.vgpr[3], [0x100f; 32]);
    assert_eq!(w.counters.vm, 4, "each load adds 1 to VMcnt");
    // A negative inline constant is a huge unsigned SOFFSET: num_records - SOFFSET < 0.
    ok(&mut w, &mut m, "buffer_load_b32 v3, off, s[4:7], -1");
    assert_eq!(w.vgpr[3], [0; 32]);
}

#[test]
fn structured_buffer_index_and_offset() {
    // Records of 16 bytes; dword i = 0x1000 + i. ADDR = base + stride * index + offset.
    let (mut m, base) = dwords(32);
    let rs = Rs { stride: 16, records: 4, oob: 0, ..Rs::raw(base, 0) };
    let mut w = wave_rs(rs);
    w.vgpr[0] = lanes(|l| l as u32 % 6); // index
    w.vgpr[1] = lanes(|l| 4 * (l as u32 / 6)); // offset: 0, 4, 8, 12, 16, 20
    ok(&mut w, &mut m, "buffer_load_b32 v2, v[0:1], s[4:7], 0 idxen offen");
    for l in 0..32 {
        let (i, o) = (l as u32 % 6, 4 * (l as u32 / 6));
        // OOB_SELECT 0: index >= 4 or offset + 4 > 16 is out of range.
        let want = if i < 4 && o + 4 <= 16 { 0x1000 + 4 * i + o / 4 } else { 0 };
        assert_eq!(w.vgpr[2][l], want, "lane {l}: index {i} offset {o}");
    }
    // IDXEN alone, with the instruction offset; the index is in VADDR.
    w.vgpr[0] = lanes(|l| l as u32);
    ok(&mut w, &mut m, "buffer_load_b32 v3, v0, s[4:7], 0 idxen offset:8");
    assert_eq!(&w.vgpr[3][..5], &[0x1002, 0x1006, 0x100a, 0x100e, 0]);
    // OOB_SELECT 1 checks the index only: offset 20 of record 1 is read (dword 9).
    w.sgpr[4..8].copy_from_slice(&Rs { oob: 1, ..rs }.dwords());
    ok(&mut w, &mut m, "buffer_load_b32 v3, v0, s[4:7], 0 idxen offset:20");
    assert_eq!(&w.vgpr[3][..5], &[0x1005, 0x1009, 0x100d, 0x1011, 0]);
    // OOB_SELECT 2: only an empty buffer is out of range (five lanes: the rest of the lanes
    // would run past the allocation).
    w.sgpr[126] = 0x1f;
    w.sgpr[4..8].copy_from_slice(&Rs { oob: 2, records: 1, ..rs }.dwords());
    ok(&mut w, &mut m, "buffer_load_b32 v3, v0, s[4:7], 0 idxen offset:4");
    assert_eq!(&w.vgpr[3][..5], &[0x1001, 0x1005, 0x1009, 0x100d, 0x1011]);
    w.sgpr[4..8].copy_from_slice(&Rs { oob: 2, records: 0, ..rs }.dwords());
    ok(&mut w, &mut m, "buffer_load_b32 v3, v0, s[4:7], 0 idxen offset:4");
    assert_eq!(w.vgpr[3], [0; 32]);
    // OOB_SELECT 3 without swizzling is a raw check in bytes (records 40): index 2 offset 4
    // ends at byte 40 (in), index 2 offset 8 at 44 (out).
    w.sgpr[4..8].copy_from_slice(&Rs { oob: 3, records: 40, ..rs }.dwords());
    ok(&mut w, &mut m, "buffer_load_b32 v3, v0, s[4:7], 0 idxen offset:4");
    assert_eq!(&w.vgpr[3][..4], &[0x1001, 0x1005, 0x1009, 0]);
}

#[test]
fn add_tid_adds_the_lane_to_the_index() {
    let (mut m, base) = dwords(80);
    let mut w = wave_rs(Rs { stride: 8, add_tid: true, records: 64, oob: 1, ..Rs::raw(base, 0) });
    w.vgpr[0] = [2; 32];
    ok(&mut w, &mut m, "buffer_load_b32 v1, v0, s[4:7], 0 idxen offset:4");
    // index = 2 + lane, ADDR = base + 8 * index + 4: dword 2 * (2 + l) + 1.
    assert_eq!(w.vgpr[1], lanes(|l| 0x1000 + 2 * (2 + l as u32) + 1));
}

#[test]
fn first_out_of_range_byte_and_partial_multi_dword_accesses() {
    let (mut m, base) = dwords(8);
    let mut w = wave_rs(Rs::raw(base, 10));
    w.sgpr[126] = 1;
    // Byte 9 is the last in range, byte 10 the first out.
    ok(&mut w, &mut m, "buffer_load_u8 v1, off, s[4:7], 0 offset:9");
    assert_eq!(w.vgpr[1][0], 0x10, "byte 9: byte 1 of dword 2 (0x1002)");
    ok(&mut w, &mut m, "buffer_load_u8 v1, off, s[4:7], 0 offset:8");
    assert_eq!(w.vgpr[1][0], 0x02);
    w.vgpr[1][0] = 0xdead;
    ok(&mut w, &mut m, "buffer_load_u8 v1, off, s[4:7], 0 offset:10");
    assert_eq!(w.vgpr[1][0], 0, "out of range loads return 0");
    ok(&mut w, &mut m, "buffer_load_u16 v1, off, s[4:7], 0 offset:8");
    assert_eq!(w.vgpr[1][0], 0x1002);
    ok(&mut w, &mut m, "buffer_load_u16 v1, off, s[4:7], 0 offset:9");
    assert_eq!(w.vgpr[1][0], 0, "bytes 9..11: partly out, so all out");
    // Multi-dword loads check each dword: [4,8) in, [8,12) out.
    ok(&mut w, &mut m, "buffer_load_b64 v[2:3], off, s[4:7], 0 offset:4");
    assert_eq!((w.vgpr[2][0], w.vgpr[3][0]), (0x1001, 0));
    ok(&mut w, &mut m, "buffer_load_b128 v[2:5], off, s[4:7], 0");
    assert_eq!([w.vgpr[2][0], w.vgpr[3][0], w.vgpr[4][0], w.vgpr[5][0]], [0x1000, 0x1001, 0, 0]);
    // Unaligned: [2,6) and [6,10) are both in range.
    ok(&mut w, &mut m, "buffer_load_b64 v[2:3], off, s[4:7], 0 offset:2");
    assert_eq!((w.vgpr[2][0], w.vgpr[3][0]), (0x1001_0000, 0x1002_0000));
    // Stores too: only the in-range dword is written.
    w.vgpr[6][0] = 0xaaaa_aaaa;
    w.vgpr[7][0] = 0xbbbb_bbbb;
    ok(&mut w, &mut m, "buffer_store_b64 v[6:7], off, s[4:7], 0 offset:4");
    assert_eq!(m.read_u32(base + 4), Ok(0xaaaa_aaaa));
    assert_eq!(m.read_u32(base + 8), Ok(0x1002), "out of range: dropped");
    assert_eq!(w.counters.vs, 1);
    // Format instructions are all or nothing: 32_32_UINT (48) at offset 4 needs [4,12).
    ok(&mut w, &mut m, "tbuffer_load_format_xy v[2:3], off, s[4:7], 0 format:48 offset:4");
    assert_eq!((w.vgpr[2][0], w.vgpr[3][0]), (0, 0));
    ok(&mut w, &mut m, "tbuffer_load_format_xy v[2:3], off, s[4:7], 0 format:48");
    assert_eq!((w.vgpr[2][0], w.vgpr[3][0]), (0x1000, 0xaaaa_aaaa));
    // 9.3.2: load_format_x of a 32_32_32_32 element reads all 16 bytes, so it is checked as
    // 16 bytes: at offset 0 of a 10-byte buffer it is out of range.
    ok(&mut w, &mut m, "tbuffer_load_format_x v2, off, s[4:7], 0 format:[BUF_FMT_32_32_32_32_UINT]");
    assert_eq!(w.vgpr[2][0], 0);
}

#[test]
fn out_of_range_stores_and_atomics_are_dropped_not_faults() {
    // num_records past the allocation would fault; out of range never touches memory.
    let (mut m, base) = dwords(4);
    let mut w = wave_rs(Rs::raw(base, 16));
    w.vgpr[0] = lanes(|l| 4 * l as u32);
    w.vgpr[1] = lanes(|l| 0x100 + l as u32);
    ok(&mut w, &mut m, "buffer_store_b32 v1, v0, s[4:7], 0 offen");
    assert_eq!(bytes_at(&m, base, 16), [0x00, 1, 0, 0, 0x01, 1, 0, 0, 0x02, 1, 0, 0, 0x03, 1, 0, 0]);
    ok(&mut w, &mut m, "buffer_atomic_add_u32 v1, v0, s[4:7], 0 offen glc");
    assert_eq!(&w.vgpr[1][..6], &[0x100, 0x101, 0x102, 0x103, 0, 0], "out of range returns 0");
    assert_eq!(m.read_u32(base), Ok(0x200));
    // An in-range access to memory that is not allocated is a fault, with lane and address.
    w.sgpr[4..8].copy_from_slice(&Rs::raw(base, 64).dwords());
    let s = step_mem(&mut w, &mut m, "buffer_load_b32 v2, v0, s[4:7], 0 offen");
    let Outcome::Fault(Fault::Memory { what, .. }) = &s.outcome else { panic!("{:?}", s.outcome) };
    assert!(what.contains("lane 4") && what.contains(&format!("{:#x}", base + 16)), "{what}");
    // A faulting store writes nothing, not even the lanes before the faulting one.
    let before = bytes_at(&m, base, 16);
    w.vgpr[0][3] = 16;
    w.sgpr[126] = 0b1001;
    let s = step_mem(&mut w, &mut m, "buffer_store_b32 v1, v0, s[4:7], 0 offen");
    assert!(matches!(s.outcome, Outcome::Fault(Fault::Memory { .. })), "{:?}", s.outcome);
    assert_eq!(bytes_at(&m, base, 16), before);
}

#[test]
fn swizzled_addressing() {
    // 9.4.2 with element size 4, index_stride 8, stride 8:
    // buffer_offset = (index / 8 * 8 + offset / 4 * 4) * 8 + index % 8 * 4 + offset % 4.
    let (mut m, base) = dwords(64);
    let rs = Rs { stride: 8, swizzle: 1, records: 32, oob: 0, ..Rs::raw(base, 0) };
    let mut w = wave_rs(rs);
    w.vgpr[0] = lanes(|l| l as u32);
    ok(&mut w, &mut m, "buffer_load_b32 v1, v0, s[4:7], 0 idxen offset:4");
    // Lane 0: (0 + 4) * 8 = 32; lane 3: 32 + 12 = 44; lane 9: (8 + 4) * 8 + 4 = 100.
    assert_eq!((w.vgpr[1][0], w.vgpr[1][3], w.vgpr[1][9]), (0x1008, 0x100b, 0x1019));
    // Each dword of a B64 goes through the swizzle: offsets 0 and 4 of index 1 are at 4, 36.
    ok(&mut w, &mut m, "buffer_load_b64 v[2:3], v0, s[4:7], 0 idxen");
    assert_eq!((w.vgpr[2][1], w.vgpr[3][1]), (0x1001, 0x1009));
    // SOFFSET is added to the base, outside the swizzle.
    w.sgpr[126] = 1;
    ok(&mut w, &mut m, "buffer_load_b32 v1, v0, s[4:7], 8 idxen offset:4");
    assert_eq!(w.vgpr[1][0], 0x100a);
    // Element size 16 (swizzle_enable 3), index_stride 16 (code 1), stride 32: index 17,
    // offset 20: (1 * 32 + 16) * 16 + 1 * 16 + 4 = 788 = dword 197.
    let (mut m2, base2) = dwords(256);
    let rs = Rs { stride: 32, swizzle: 3, index_stride: 1, records: 32, oob: 0, ..Rs::raw(base2, 0) };
    let mut w = wave_rs(rs);
    w.vgpr[0] = [17; 32];
    w.vgpr[1] = [20; 32];
    ok(&mut w, &mut m2, "buffer_load_b32 v2, v[0:1], s[4:7], 0 idxen offen");
    assert_eq!(w.vgpr[2][0], 0x1000 + 197);
    // OOB_SELECT 3 with swizzling and a stride: index >= num_records or offset past stride.
    w.sgpr[4..8].copy_from_slice(&Rs { oob: 3, records: 17, ..rs }.dwords());
    ok(&mut w, &mut m2, "buffer_load_b32 v2, v[0:1], s[4:7], 0 idxen offen");
    assert_eq!(w.vgpr[2][0], 0);
    w.sgpr[4..8].copy_from_slice(&Rs { oob: 3, records: 18, ..rs }.dwords());
    // Offset 28: 28 + 4 <= 32 is in range, (32 + 16) * 16 + 16 + 12 = 796 = dword 199.
    ok(&mut w, &mut m2, "buffer_load_b32 v2, v[0:1], s[4:7], 0 idxen offen offset:8");
    assert_eq!(w.vgpr[2][0], 0x1000 + 199);
    ok(&mut w, &mut m2, "buffer_load_b32 v2, v[0:1], s[4:7], 0 idxen offen offset:12");
    assert_eq!(w.vgpr[2][0], 0, "offset 32 + 4 > stride 32");
}

#[test]
fn sign_and_zero_extension_and_d16_halves() {
    let (mut m, base) = mem(&[0x80, 0xff, 0x7f, 0x01, 0, 0, 0, 0]);
    let mut w = wave_rs(Rs::raw(base, 8));
    ok(&mut w, &mut m, "buffer_load_u8 v1, off, s[4:7], 0");
    ok(&mut w, &mut m, "buffer_load_i8 v2, off, s[4:7], 0");
    ok(&mut w, &mut m, "buffer_load_u16 v3, off, s[4:7], 0");
    ok(&mut w, &mut m, "buffer_load_i16 v4, off, s[4:7], 0");
    assert_eq!(
        [w.vgpr[1][0], w.vgpr[2][0], w.vgpr[3][0], w.vgpr[4][0]],
        [0x80, 0xffff_ff80, 0xff80, 0xffff_ff80]
    );
    w.vgpr[5] = [0x1234_5678; 32];
    ok(&mut w, &mut m, "buffer_load_d16_i8 v5, off, s[4:7], 0");
    assert_eq!(w.vgpr[5][0], 0x1234_ff80, "low half written, high kept");
    ok(&mut w, &mut m, "buffer_load_d16_hi_u8 v5, off, s[4:7], 0 offset:2");
    assert_eq!(w.vgpr[5][0], 0x007f_ff80);
    ok(&mut w, &mut m, "buffer_load_d16_hi_i8 v5, off, s[4:7], 0 offset:1");
    assert_eq!(w.vgpr[5][0], 0xffff_ff80);
    ok(&mut w, &mut m, "buffer_load_d16_u8 v5, off, s[4:7], 0 offset:1");
    assert_eq!(w.vgpr[5][0], 0xffff_00ff);
    ok(&mut w, &mut m, "buffer_load_d16_b16 v5, off, s[4:7], 0 offset:2");
    assert_eq!(w.vgpr[5][0], 0xffff_017f);
    ok(&mut w, &mut m, "buffer_load_d16_hi_b16 v5, off, s[4:7], 0");
    assert_eq!(w.vgpr[5][0], 0xff80_017f);
    // Stores: b8 bits 7:0, d16_hi_b8 bits 23:16, b16 bits 15:0, d16_hi_b16 bits 31:16.
    w.vgpr[6] = [0xa1b2_c3d4; 32];
    w.sgpr[126] = 1;
    ok(&mut w, &mut m, "buffer_store_b8 v6, off, s[4:7], 0 offset:4");
    ok(&mut w, &mut m, "buffer_store_d16_hi_b8 v6, off, s[4:7], 0 offset:5");
    ok(&mut w, &mut m, "buffer_store_b16 v6, off, s[4:7], 0 offset:6");
    assert_eq!(bytes_at(&m, base + 4, 4), [0xd4, 0xb2, 0xd4, 0xc3]);
    ok(&mut w, &mut m, "buffer_store_d16_hi_b16 v6, off, s[4:7], 0 offset:6");
    assert_eq!(bytes_at(&m, base + 4, 4), [0xd4, 0xb2, 0xb2, 0xa1]);
}

#[test]
fn inactive_lanes_are_untouched_and_exec_zero_changes_nothing_but_counts() {
    let (mut m, base) = dwords(32);
    let mut w = wave_rs(Rs::raw(base, 128));
    w.sgpr[126] = 0x0000_00f0;
    w.vgpr[0] = lanes(|l| 4 * l as u32);
    w.vgpr[1] = [0xdead; 32];
    ok(&mut w, &mut m, "buffer_load_b32 v1, v0, s[4:7], 0 offen");
    assert_eq!(w.vgpr[1], lanes(|l| if (4..8).contains(&l) { 0x1000 + l as u32 } else { 0xdead }));
    ok(&mut w, &mut m, "buffer_store_b32 v1, v0, s[4:7], 0 offen offset:64");
    assert_eq!(m.read_u32(base + 64 + 16), Ok(0x1004));
    assert_eq!(m.read_u32(base + 64 + 12), Ok(0x1013), "lane 3 is inactive");
    // EXEC == 0: not skipped (guide 3.2.3), so counted; no register or memory changes, and
    // no access is made (this V# points at nothing).
    w.sgpr[126] = 0;
    w.sgpr[4..8].copy_from_slice(&Rs::raw(0x10, 1 << 20).dwords());
    let before = w.clone();
    let s = step_mem(&mut w, &mut m, "buffer_load_b32 v1, v0, s[4:7], 0 offen");
    assert_eq!(s.outcome, Outcome::Retired);
    assert_eq!(s.writes.iter().count(), 0);
    ok(&mut w, &mut m, "buffer_atomic_add_u32 v1, v0, s[4:7], 0 offen");
    assert_eq!(w.vgpr, before.vgpr);
    assert_eq!((w.counters.vm, w.counters.vs), (before.counters.vm + 1, before.counters.vs + 1));
}

#[test]
fn tfe_writes_a_zero_status_after_the_data() {
    let (mut m, base) = dwords(8);
    let mut w = wave_rs(Rs::raw(base, 32));
    w.sgpr[126] = 0b11;
    w.vgpr[0] = lanes(|l| 32 * l as u32); // lane 1 is out of range
    for r in 1..8 {
        w.vgpr[r] = [0xdead; 32];
    }
    ok(&mut w, &mut m, "buffer_load_b32 v[1:2], v0, s[4:7], 0 offen tfe");
    assert_eq!(
        (w.vgpr[1][0], w.vgpr[2][0], w.vgpr[1][1], w.vgpr[2][1], w.vgpr[2][2]),
        (0x1000, 0, 0, 0, 0xdead)
    );
    ok(&mut w, &mut m, "buffer_load_b64 v[3:5], v0, s[4:7], 0 offen tfe");
    assert_eq!((w.vgpr[3][0], w.vgpr[4][0], w.vgpr[5][0], w.vgpr[6][0]), (0x1000, 0x1001, 0, 0xdead));
    w.vgpr[5] = [0xdead; 32];
    ok(&mut w, &mut m, "buffer_load_d16_b16 v[5:6], v0, s[4:7], 0 offen tfe");
    assert_eq!((w.vgpr[5][0], w.vgpr[6][0], w.vgpr[7][0]), (0x0000_1000, 0, 0xdead));
    // D16 XYZ uses two VGPRs: the status is the third.
    w.sgpr[4..8].copy_from_slice(&Rs { format: 42, ..Rs::raw(base, 32) }.dwords());
    ok(&mut w, &mut m, "buffer_load_d16_format_xyz v[1:3], v0, s[4:7], 0 offen tfe");
    assert_eq!(w.vgpr[3][0], 0);
}

#[test]
fn cache_invalidations_count_and_run_with_exec_zero() {
    let mut w = Wave::new(BASE);
    let mut m = Memory::default();
    w.sgpr[126] = 0;
    let s = step_mem(&mut w, &mut m, "buffer_gl0_inv");
    assert_eq!(s.outcome, Outcome::Retired);
    assert_eq!(s.writes.iter().count(), 0);
    assert_eq!(w.counters.vm, 1, "returns an acknowledgement on VMcnt");
    ok(&mut w, &mut m, "buffer_gl1_inv");
    assert_eq!((w.counters.vm, w.counters.vs), (2, 0));
    assert_eq!(w.pc, BASE + 8);
}

#[test]
fn lds_loads_are_not_implemented() {
    let (mut m, base) = dwords(8);
    let mut w = wave_rs(Rs::raw(base, 32));
    let s = step_mem(&mut w, &mut m, "buffer_load_lds_b32 off, s[4:7], 0");
    assert!(matches!(s.outcome, Outcome::Fault(Fault::NotImplemented { .. })), "{:?}", s.outcome);
}

#[test]
fn unbound_mismatched_and_bad_resources() {
    // Format INVALID without add_tid: unbound. Loads return 0, stores are dropped, no fault
    // even though the base points nowhere.
    let mut m = Memory::default();
    let mut w = wave_rs(Rs { format: 0, ..Rs::raw(0x40, 64) });
    w.vgpr[1] = [7; 32];
    ok(&mut w, &mut m, "buffer_load_b32 v1, off, s[4:7], 0");
    assert_eq!(w.vgpr[1], [0; 32]);
    ok(&mut w, &mut m, "buffer_store_b32 v1, off, s[4:7], 0");
    // With add_tid set, format INVALID is not unbound for MUBUF: the access happens.
    let (mut m2, base) = dwords(40);
    let mut w2 = wave_rs(Rs { format: 0, add_tid: true, stride: 4, ..Rs::raw(base, 128) });
    ok(&mut w2, &mut m2, "buffer_load_b32 v1, off, s[4:7], 0");
    assert_eq!(w2.vgpr[1], lanes(|l| 0x1000 + l as u32));
    // Type != 0: not a buffer; the instruction is ignored (no VGPR written).
    let mut w = wave_rs(Rs { ty: 2, ..Rs::raw(base, 64) });
    w.vgpr[1] = [7; 32];
    ok(&mut w, &mut m2, "buffer_load_b32 v1, off, s[4:7], 0");
    assert_eq!(w.vgpr[1], [7; 32]);
    // A reserved swizzle_enable is a fault.
    let mut w = wave_rs(Rs { swizzle: 2, ..Rs::raw(base, 64) });
    let s = step_mem(&mut w, &mut m2, "buffer_load_b32 v1, off, s[4:7], 0");
    assert!(matches!(s.outcome, Outcome::Fault(Fault::Memory { .. })), "{:?}", s.outcome);
}

/// Loads `n` components of the element at offset 0 through `src` (which loads into v[1:..]),
/// with the V# format `format` (MUBUF) and memory `bytes`.
fn load_fmt(src: &str, format: u32, dst_sel: [u32; 4], bytes: &[u8]) -> Wave {
    let (mut m, base) = mem(bytes);
    let mut w = wave_rs(Rs { format, dst_sel, ..Rs::raw(base, bytes.len() as u32) });
    w.sgpr[126] = 1;
    for r in 1..6 {
        w.vgpr[r] = [0xdead_beef; 32];
    }
    ok(&mut w, &mut m, src);
    w
}

fn v(w: &Wave, regs: std::ops::Range<usize>) -> Vec<u32> {
    regs.map(|r| w.vgpr[r][0]).collect()
}

const ID: [u32; 4] = [4, 5, 6, 7];

#[test]
fn format_loads_convert_each_numeric_format() {
    let xyzw = "buffer_load_format_xyzw v[1:4], off, s[4:7], 0";
    // 8_8_8_8_UNORM (42): v / 255.
    let w = load_fmt(xyzw, 42, ID, &[0, 255, 128, 1]);
    assert_eq!(v(&w, 1..5), [0, f(1.0), 0x3f00_8081, 0x3b80_8081]);
    // 8_8_8_8_SNORM (43): v / 127, and -128 clamps to -1.0.
    let w = load_fmt(xyzw, 43, ID, &[0x80, 0x81, 0x7f, 0]);
    assert_eq!(v(&w, 1..5), [f(-1.0), f(-1.0), f(1.0), 0]);
    // 8_8_USCALED (16), 8_8_SSCALED (17): the integer as a float; missing Z reads 0, W 1.0.
    let w = load_fmt(xyzw, 16, ID, &[200, 3]);
    assert_eq!(v(&w, 1..5), [f(200.0), f(3.0), 0, f(1.0)]);
    let w = load_fmt(xyzw, 17, ID, &[0xff, 0x80]);
    assert_eq!(v(&w, 1..5), [f(-1.0), f(-128.0), 0, f(1.0)]);
    // 16_16_UINT (27), 16_16_SINT (28): integers; the missing alpha is integer 1.
    let w = load_fmt(xyzw, 27, ID, &[0xff, 0xff, 7, 0]);
    assert_eq!(v(&w, 1..5), [0xffff, 7, 0, 1]);
    let w = load_fmt(xyzw, 28, ID, &[0x00, 0x80, 0xff, 0xff]);
    assert_eq!(v(&w, 1..5), [0xffff_8000, 0xffff_ffff, 0, 1]);
    // 16_16_FLOAT (29): F16 widened.
    let w = load_fmt(xyzw, 29, ID, &[0x00, 0x3c, 0x00, 0xc0]);
    assert_eq!(v(&w, 1..5), [f(1.0), f(-2.0), 0, f(1.0)]);
    // 10_11_11_FLOAT (30): X[10:0] 11-bit 1.0 (15 << 6), Y[21:11] 2.0 (16 << 6), Z[31:22]
    // 10-bit 0.5 (14 << 5).
    let d: u32 = 15 << 6 | (16 << 6) << 11 | (14 << 5) << 22;
    let w = load_fmt(xyzw, 30, ID, &d.to_le_bytes());
    assert_eq!(v(&w, 1..5), [f(1.0), f(2.0), f(0.5), f(1.0)]);
    // 11_11_10_FLOAT (31): X[9:0] 10-bit 4.0 (17 << 5), Y[20:10] 0.25 (13 << 6), Z[31:21]
    // the smallest 11-bit denormal, 2^-20.
    let d: u32 = 17 << 5 | (13 << 6) << 10 | 1 << 21;
    let w = load_fmt(xyzw, 31, ID, &d.to_le_bytes());
    assert_eq!(v(&w, 1..5), [f(4.0), f(0.25), f(2f32.powi(-20)), f(1.0)]);
    // 2_10_10_10_UNORM (36): X[9:0] = 1023, Y = 0, Z = 512, W[31:30] = 3.
    let d: u32 = 1023 | 512 << 20 | 3 << 30;
    let w = load_fmt(xyzw, 36, ID, &d.to_le_bytes());
    assert_eq!(v(&w, 1..5), [f(1.0), 0, 0x3f00_2008, f(1.0)]);
    // 2_10_10_10_SNORM (37): X = -512 clamps to -1, Y = 511 is 1.0, W = -2 clamps to -1.
    let d: u32 = 0x200 | 0x1ff << 10 | 2 << 30;
    let w = load_fmt(xyzw, 37, ID, &d.to_le_bytes());
    assert_eq!(v(&w, 1..5), [f(-1.0), f(1.0), 0, f(-1.0)]);
    // 10_10_10_2_UINT (34): X[1:0] = 3, Y[11:2] = 1000, Z[21:12] = 5, W[31:22] = 1023.
    let d: u32 = 3 | 1000 << 2 | 5 << 12 | 1023 << 22;
    let w = load_fmt(xyzw, 34, ID, &d.to_le_bytes());
    assert_eq!(v(&w, 1..5), [3, 1000, 5, 1023]);
    // 32_32_32_32_FLOAT (63): no conversion, NaN payloads and all.
    let raw = [0x7f80_0001u32, 0x8000_0000, 1, 0x3f80_0000];
    let w = load_fmt(xyzw, 63, ID, &raw.iter().flat_map(|d| d.to_le_bytes()).collect::<Vec<_>>());
    assert_eq!(v(&w, 1..5), raw);
}

#[test]
fn component_selection_and_count_mismatches() {
    // MUBUF uses the V#'s dst_sel: (B, 1, 0, R) of 8_8_8_8_UINT (46).
    let w = load_fmt("buffer_load_format_xyzw v[1:4], off, s[4:7], 0", 46, [6, 1, 0, 4], &[1, 2, 3, 4]);
    assert_eq!(v(&w, 1..5), [3, 1, 0, 1]);
    // One component of a four-component format: only X is written.
    let w = load_fmt("buffer_load_format_x v1, off, s[4:7], 0", 46, ID, &[1, 2, 3, 4]);
    assert_eq!(v(&w, 1..3), [1, 0xdead_beef]);
    // MTBUF's identity selection: a 32_FLOAT element gives X000 (alpha 0, not 1).
    let (mut m, base) = mem(&f(2.5).to_le_bytes());
    let mut w = wave_rs(Rs { format: 42, ..Rs::raw(base, 4) });
    w.sgpr[126] = 1;
    ok(&mut w, &mut m, "tbuffer_load_format_xyzw v[1:4], off, s[4:7], 0 format:[BUF_FMT_32_FLOAT]");
    assert_eq!(v(&w, 1..5), [f(2.5), 0, 0, 0]);
    // Out of range: 0, except components whose dst_sel is SEL_1.
    let w = load_fmt("buffer_load_format_xyzw v[1:4], off, s[4:7], 0 offset:4", 42, [4, 1, 5, 1], &[9; 4]);
    assert_eq!(v(&w, 1..5), [0, f(1.0), 0, f(1.0)]);
}

#[test]
fn d16_format_loads() {
    // 8_8_8_8_UNORM to F16, nearest even: 1.0 = 0x3c00, 128/255 = 0x3804, 1/255 = 0x1c04.
    let w = load_fmt("buffer_load_d16_format_xyzw v[1:2], off, s[4:7], 0", 42, ID, &[0, 255, 128, 1]);
    assert_eq!(v(&w, 1..4), [0x3c00_0000, 0x1c04_3804, 0xdead_beef]);
    // XYZ: the high half of the second VGPR is kept.
    let w = load_fmt("buffer_load_d16_format_xyz v[1:2], off, s[4:7], 0", 42, ID, &[0, 255, 128, 1]);
    assert_eq!(v(&w, 1..3), [0x3c00_0000, 0xdead_3804]);
    // X and HI_X write one half.
    let w = load_fmt("buffer_load_d16_format_x v1, off, s[4:7], 0", 42, ID, &[255, 0, 0, 0]);
    assert_eq!(v(&w, 1..2), [0xdead_3c00]);
    let w = load_fmt("buffer_load_d16_hi_format_x v1, off, s[4:7], 0", 42, ID, &[255, 0, 0, 0]);
    assert_eq!(v(&w, 1..2), [0x3c00_beef]);
    // 32_FLOAT to F16 truncates (9.3.1): 1 + 2^-11 + 2^-12 (0x3f801800) gives 0x3c00, where
    // nearest even would give 0x3c01.
    let w = load_fmt("buffer_load_d16_format_x v1, off, s[4:7], 0", 22, ID, &0x3f80_1800u32.to_le_bytes());
    assert_eq!(v(&w, 1..2), [0xdead_3c00]);
    // 32_SINT (21) saturates to 16 bits; 16_16_UINT keeps its values; the missing alpha is 1.
    let w = load_fmt("buffer_load_d16_format_x v1, off, s[4:7], 0", 21, ID, &0xffff_0000u32.to_le_bytes());
    assert_eq!(v(&w, 1..2), [0xdead_8000]);
    let w = load_fmt("buffer_load_d16_format_xyzw v[1:2], off, s[4:7], 0", 27, ID, &[0xff, 0xff, 7, 0]);
    assert_eq!(v(&w, 1..3), [0x0007_ffff, 0x0001_0000]);
    // MTBUF D16 with the instruction's format.
    let (mut m, base) = mem(&[0x80, 0x7f, 0, 0]);
    let mut w = wave_rs(Rs::raw(base, 4));
    w.sgpr[126] = 1;
    ok(&mut w, &mut m, "tbuffer_load_d16_format_xy v1, off, s[4:7], 0 format:[BUF_FMT_8_8_SNORM]");
    assert_eq!(w.vgpr[1][0], 0x3c00_bc00, "-128 clamps to -1.0 (0xbc00), 127 is 1.0");
}

/// Stores through `src` (data in v[1:4]) into a zeroed buffer of `len` bytes with the V#
/// format `format`; returns the bytes.
fn store_fmt(src: &str, format: u32, data: [u32; 4], len: usize) -> Vec<u8> {
    let (mut m, base) = mem(&vec![0xee; len]);
    let mut w = wave_rs(Rs { format, ..Rs::raw(base, len as u32) });
    w.sgpr[126] = 1;
    for (r, d) in data.iter().enumerate() {
        w.vgpr[r + 1] = [*d; 32];
    }
    ok(&mut w, &mut m, src);
    bytes_at(&m, base, len)
}

#[test]
fn format_stores_convert_clamp_and_round() {
    let xyzw = "buffer_store_format_xyzw v[1:4], off, s[4:7], 0";
    // UNORM: 0.5 * 255 = 127.5 rounds to even 128; -1 clamps to 0; 2 to 255; NaN is 0.
    assert_eq!(store_fmt(xyzw, 42, [f(0.5), f(-1.0), f(2.0), 0x7fc0_0000], 4), [128, 0, 255, 0]);
    // SNORM: -1 is -127; 0.5 * 127 = 63.5 rounds to 64; -2 clamps to -127; 1 is 127.
    assert_eq!(store_fmt(xyzw, 43, [f(-1.0), f(0.5), f(-2.0), f(1.0)], 4), [0x81, 0x40, 0x81, 0x7f]);
    // USCALED 8_8 (16): 2.5 rounds to 2, 300 clamps to 255. SSCALED (17): -3.5 to -4.
    assert_eq!(store_fmt(xyzw, 16, [f(2.5), f(300.0), 0, 0], 4), [2, 255, 0xee, 0xee]);
    assert_eq!(store_fmt(xyzw, 17, [f(-3.5), f(127.5), 0, 0], 4), [0xfc, 0x7f, 0xee, 0xee]);
    // UINT and SINT saturate: 8_8_UINT (18), 8_8_SINT (19).
    assert_eq!(store_fmt(xyzw, 18, [300, 5, 0, 0], 2), [255, 5]);
    assert_eq!(store_fmt(xyzw, 19, [(-300i32) as u32, 100, 0, 0], 2), [0x80, 100]);
    // 16_16_FLOAT (29): F32 to F16 truncates; 65520 rounds toward zero to 65504 (0x7bff).
    assert_eq!(store_fmt(xyzw, 29, [0x3f80_1800, f(65520.0), 0, 0], 4), [0x00, 0x3c, 0xff, 0x7b]);
    // 10_11_11_FLOAT (30): 1.0, -3.0 (no sign: 0), 0.5.
    let d: u32 = 15 << 6 | (14 << 5) << 22;
    assert_eq!(store_fmt(xyzw, 30, [f(1.0), f(-3.0), f(0.5), 0], 4), d.to_le_bytes());
    // 2_10_10_10_UINT (40) saturates per component: W has 2 bits.
    let d: u32 = 1023 | 7 << 10 | 3 << 30;
    assert_eq!(store_fmt(xyzw, 40, [5000, 7, 0, 9], 4), d.to_le_bytes());
    // Fewer components than the format: the rest are written as 0 (the whole element).
    assert_eq!(
        store_fmt("buffer_store_format_x v1, off, s[4:7], 0", 42, [f(1.0), 0, 0, 0], 4),
        [255, 0, 0, 0]
    );
    // More components than the format: only the format's are stored (9.3.2).
    assert_eq!(store_fmt(xyzw, 22, [f(3.0), 1, 2, 3], 8), [0, 0, 0x40, 0x40, 0xee, 0xee, 0xee, 0xee]);
    // MTBUF takes the instruction's format.
    let src = "tbuffer_store_format_xy v[1:2], off, s[4:7], 0 format:[BUF_FMT_16_16_SINT]";
    assert_eq!(store_fmt(src, 22, [(-40000i32) as u32, 5, 0, 0], 4), [0x00, 0x80, 5, 0]);
}

#[test]
fn d16_format_stores() {
    // XY from one VGPR: 0.5 (0x3800) and 1.0 (0x3c00) into 8_8_8_8_UNORM; Z and W get 0.
    let src = "buffer_store_d16_format_xy v1, off, s[4:7], 0";
    assert_eq!(store_fmt(src, 42, [0x3c00_3800, 0, 0, 0], 4), [128, 255, 0, 0]);
    // XYZW from two VGPRs into 16_16_16_16_UINT (55): the halves as unsigned shorts.
    let src = "buffer_store_d16_format_xyzw v[1:2], off, s[4:7], 0";
    assert_eq!(store_fmt(src, 55, [0x0002_0001, 0x0004_0003, 0, 0], 8), [1, 0, 2, 0, 3, 0, 4, 0]);
    // HI_X takes bits 31:16; 16_FLOAT (13) keeps the half's bits.
    let src = "buffer_store_d16_hi_format_x v1, off, s[4:7], 0";
    assert_eq!(store_fmt(src, 13, [0x7c01_1234, 0, 0, 0], 2), [0x01, 0x7c]);
    // 8_SINT (6) from a signed short: -200 saturates to -128.
    let src = "tbuffer_store_d16_format_x v1, off, s[4:7], 0 format:[BUF_FMT_8_SINT]";
    assert_eq!(store_fmt(src, 22, [0xffff_ff38, 0, 0, 0], 1), [0x80]);
}

/// Runs one atomic on dword(s) at offset 0 holding `old` (lanes active per `exec`, data in
/// v[2..]); returns the wave and the memory's new dwords.
fn atomic(src: &str, old: &[u32], data: &[[u32; 32]], exec: u32) -> (Wave, Vec<u32>) {
    let (mut m, base) = mem(&old.iter().flat_map(|d| d.to_le_bytes()).collect::<Vec<_>>());
    let mut w = wave_rs(Rs::raw(base, 4 * old.len() as u32));
    w.sgpr[126] = exec;
    for (k, d) in data.iter().enumerate() {
        w.vgpr[2 + k] = *d;
    }
    ok(&mut w, &mut m, src);
    let new = (0..old.len()).map(|i| m.read_u32(base + 4 * i as u64).expect("in the buffer")).collect();
    (w, new)
}

#[test]
fn atomics_with_and_without_return() {
    // Lanes run in order: every lane adds lane + 1 to 100; GLC returns the running values.
    let data = lanes(|l| l as u32 + 1);
    let (w, new) = atomic("buffer_atomic_add_u32 v2, off, s[4:7], 0 glc", &[100], &[data], 0b1111);
    assert_eq!(new, [110]);
    assert_eq!(&w.vgpr[2][..5], &[100, 101, 103, 106, 5], "pre-op values; lane 4 inactive");
    assert_eq!((w.counters.vm, w.counters.vs), (1, 0));
    // Without GLC nothing is returned and VScnt counts.
    let (w, new) = atomic("buffer_atomic_add_u32 v2, off, s[4:7], 0", &[100], &[data], 0b1111);
    assert_eq!((new[0], w.vgpr[2][0]), (110, 1));
    assert_eq!((w.counters.vm, w.counters.vs), (0, 1));
    let one = |src: &str, old: u32, d: u32| atomic(src, &[old], &[[d; 32]], 1).1[0];
    assert_eq!(one("buffer_atomic_sub_u32 v2, off, s[4:7], 0", 5, 7), 0xffff_fffe);
    assert_eq!(one("buffer_atomic_csub_u32 v2, off, s[4:7], 0 glc", 5, 7), 0, "clamps to 0");
    assert_eq!(one("buffer_atomic_swap_b32 v2, off, s[4:7], 0", 5, 7), 7);
    assert_eq!(one("buffer_atomic_min_i32 v2, off, s[4:7], 0", 5, 0xffff_fff0), 0xffff_fff0);
    assert_eq!(one("buffer_atomic_min_u32 v2, off, s[4:7], 0", 5, 0xffff_fff0), 5);
    assert_eq!(one("buffer_atomic_max_i32 v2, off, s[4:7], 0", 5, 0xffff_fff0), 5);
    assert_eq!(one("buffer_atomic_max_u32 v2, off, s[4:7], 0", 5, 0xffff_fff0), 0xffff_fff0);
    assert_eq!(one("buffer_atomic_and_b32 v2, off, s[4:7], 0", 0b1100, 0b1010), 0b1000);
    assert_eq!(one("buffer_atomic_or_b32 v2, off, s[4:7], 0", 0b1100, 0b1010), 0b1110);
    assert_eq!(one("buffer_atomic_xor_b32 v2, off, s[4:7], 0", 0b1100, 0b1010), 0b0110);
    // inc: tmp >= src ? 0 : tmp + 1; dec: tmp == 0 || tmp > src ? src : tmp - 1.
    assert_eq!(one("buffer_atomic_inc_u32 v2, off, s[4:7], 0", 7, 7), 0);
    assert_eq!(one("buffer_atomic_inc_u32 v2, off, s[4:7], 0", 6, 7), 7);
    assert_eq!(one("buffer_atomic_dec_u32 v2, off, s[4:7], 0", 0, 7), 7);
    assert_eq!(one("buffer_atomic_dec_u32 v2, off, s[4:7], 0", 9, 7), 7);
    assert_eq!(one("buffer_atomic_dec_u32 v2, off, s[4:7], 0", 3, 7), 2);
    // Float atomics.
    assert_eq!(one("buffer_atomic_add_f32 v2, off, s[4:7], 0", f(1.5), f(2.25)), f(3.75));
    assert_eq!(one("buffer_atomic_min_f32 v2, off, s[4:7], 0", f(1.5), f(-2.0)), f(-2.0));
    assert_eq!(one("buffer_atomic_max_f32 v2, off, s[4:7], 0", f(1.5), f(-2.0)), f(1.5));
}

#[test]
fn compare_swap_and_64_bit_atomics() {
    // cmpswap: src in VDATA, cmp in VDATA+1; returns one dword.
    let (w, new) =
        atomic("buffer_atomic_cmpswap_b32 v[2:3], off, s[4:7], 0 glc", &[7], &[[9; 32], [7; 32]], 1);
    assert_eq!((new[0], w.vgpr[2][0], w.vgpr[3][0]), (9, 7, 7));
    let (_, new) = atomic("buffer_atomic_cmpswap_b32 v[2:3], off, s[4:7], 0", &[8], &[[9; 32], [7; 32]], 1);
    assert_eq!(new, [8], "no match: unchanged");
    // cmpswap_f32 compares as floats: -0.0 equals +0.0.
    let (_, new) = atomic(
        "buffer_atomic_cmpswap_f32 v[2:3], off, s[4:7], 0",
        &[0x8000_0000],
        &[[0x3f80_0000; 32], [0; 32]],
        1,
    );
    assert_eq!(new, [0x3f80_0000]);
    // 64-bit add carries into the high dword and returns two dwords.
    let (w, new) =
        atomic("buffer_atomic_add_u64 v[2:3], off, s[4:7], 0 glc", &[0xffff_ffff, 1], &[[1; 32], [0; 32]], 1);
    assert_eq!(new, [0, 2]);
    assert_eq!((w.vgpr[2][0], w.vgpr[3][0]), (0xffff_ffff, 1));
    // cmpswap_b64: src in v[2:3], cmp in v[4:5].
    let data = [[0x1111; 32], [0x2222; 32], [0xffff_ffff; 32], [1; 32]];
    let (w, new) =
        atomic("buffer_atomic_cmpswap_b64 v[2:5], off, s[4:7], 0 glc", &[0xffff_ffff, 1], &data, 1);
    assert_eq!(new, [0x1111, 0x2222]);
    assert_eq!((w.vgpr[2][0], w.vgpr[3][0], w.vgpr[4][0]), (0xffff_ffff, 1, 0xffff_ffff));
    let (_, new) = atomic("buffer_atomic_cmpswap_b64 v[2:5], off, s[4:7], 0", &[0xffff_ffff, 2], &data, 1);
    assert_eq!(new, [0xffff_ffff, 2]);
    // Signed 64-bit min, swap, dec.
    let (_, new) =
        atomic("buffer_atomic_min_i64 v[2:3], off, s[4:7], 0", &[5, 0], &[[0; 32], [0x8000_0000; 32]], 1);
    assert_eq!(new, [0, 0x8000_0000]);
    let (_, new) = atomic("buffer_atomic_swap_b64 v[2:3], off, s[4:7], 0", &[5, 6], &[[7; 32], [8; 32]], 1);
    assert_eq!(new, [7, 8]);
    let (_, new) = atomic("buffer_atomic_dec_u64 v[2:3], off, s[4:7], 0", &[0, 0], &[[7; 32], [1; 32]], 1);
    assert_eq!(new, [7, 1]);
    // A 64-bit atomic is checked as a whole: 8 bytes at offset 4 of a 8-byte buffer are out.
    let (mut m, base) = dwords(2);
    let mut w = wave_rs(Rs::raw(base, 8));
    w.sgpr[126] = 1;
    w.vgpr[2][0] = 0xabc;
    ok(&mut w, &mut m, "buffer_atomic_swap_b64 v[2:3], off, s[4:7], 0 offset:4 glc");
    assert_eq!((m.read_u32(base + 4), w.vgpr[2][0]), (Ok(0x1001), 0));
}
