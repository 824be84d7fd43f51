//! FLAT, GLOBAL and SCRATCH instructions (guide chapter 11, 16.20): addressing modes and
//! offsets, data widths and extension, the swizzled scratch layout, FLAT's aperture selection,
//! atomics, faults outside the allocations, inactive lanes, EXEC == 0 and the wait counters.
//! Expected values come from the guide's pseudocode and address equations (11.2), applied to
//! memory images the tests write.

use rdna3_isa::operand::APERTURES;

use super::*;

fn ok(src: &str, mem: &mut Memory, setup: impl FnOnce(&mut Wave)) -> Wave {
    let (w, f) = run_mem(src, mem, &mut [], setup);
    assert_eq!(f, None, "{src}");
    w
}

/// Sets the VGPR pair v[r:r+1] to the 64-bit address `f(lane)`.
fn pair(w: &mut Wave, r: usize, f: impl Fn(usize) -> u64) {
    for l in 0..32 {
        let a = f(l);
        w.vgpr[r][l] = a as u32;
        w.vgpr[r + 1][l] = (a >> 32) as u32;
    }
}

fn image(size: usize) -> Vec<u8> {
    (0..size).map(|i| (i * 0x9d + 0x31) as u8).collect()
}

fn le(b: &[u8], a: usize, n: usize) -> u64 {
    b[a..a + n].iter().rev().fold(0, |acc, &x| acc << 8 | u64::from(x))
}

fn read(mem: &Memory, a: u64, n: usize) -> u64 {
    let mut b = [0u8; 8];
    mem.read(a, &mut b[..n]).expect("inside the allocation");
    le(&b, 0, n)
}

#[test]
fn global_loads_of_every_width_with_a_negative_offset() {
    let img = image(8192);
    let mut mem = Memory::default();
    let base = mem.alloc_with(&img, 256, "buf");
    // GV: mem_addr = VGPR_U64 + INST_OFFSET_I13; offset -4096 is the most negative.
    let src = "global_load_u8 v4, v[2:3], off offset:-4096\nglobal_load_i8 v5, v[2:3], off offset:-4096\n\
               global_load_u16 v6, v[2:3], off offset:-4096\nglobal_load_i16 v7, v[2:3], off offset:-4096\n\
               global_load_b32 v8, v[2:3], off offset:-4096\nglobal_load_b64 v[10:11], v[2:3], off offset:-4096\n\
               global_load_b96 v[12:14], v[2:3], off offset:-4096\n\
               global_load_b128 v[16:19], v[2:3], off offset:-4096";
    let w = ok(src, &mut mem, |w| pair(w, 2, |l| base + 4096 + 12 * l as u64 + 3));
    let mut neg = [false; 2];
    for l in 0..32 {
        let a = 12 * l + 3;
        let (b, h) = (le(&img, a, 1) as u32, le(&img, a, 2) as u32);
        neg[0] |= b >= 0x80;
        neg[1] |= h >= 0x8000;
        assert_eq!(w.vgpr[4][l], b, "u8 lane {l}");
        assert_eq!(w.vgpr[5][l], b as u8 as i8 as i32 as u32, "i8 lane {l}");
        assert_eq!(w.vgpr[6][l], h, "u16 lane {l}");
        assert_eq!(w.vgpr[7][l], h as u16 as i16 as i32 as u32, "i16 lane {l}");
        let d = |k: usize| le(&img, a + 4 * k, 4) as u32;
        assert_eq!(w.vgpr[8][l], d(0));
        assert_eq!([w.vgpr[10][l], w.vgpr[11][l]], [d(0), d(1)]);
        assert_eq!([w.vgpr[12][l], w.vgpr[13][l], w.vgpr[14][l]], [d(0), d(1), d(2)]);
        assert_eq!([w.vgpr[16][l], w.vgpr[17][l], w.vgpr[18][l], w.vgpr[19][l]], [d(0), d(1), d(2), d(3)]);
    }
    assert_eq!(neg, [true, true]);
    assert_eq!(w.vgpr[15], [0; 32], "b96 writes three registers");
    assert_eq!(w.counters.vm, 8, "each load adds 1 to VMcnt");
    assert_eq!((w.counters.vs, w.counters.lgkm), (0, 0), "GLOBAL does not count on LGKMcnt");
}

#[test]
fn global_d16_loads_keep_the_other_half() {
    let mut mem = Memory::default();
    let base = mem.alloc_with(&[0x85, 0xc3, 0, 0, 0x7f, 0x01], 256, "buf");
    let src = "global_load_d16_u8 v1, v[2:3], off\nglobal_load_d16_i8 v4, v[2:3], off\n\
               global_load_d16_b16 v5, v[2:3], off\nglobal_load_d16_hi_u8 v6, v[2:3], off\n\
               global_load_d16_hi_i8 v7, v[2:3], off\nglobal_load_d16_hi_b16 v8, v[2:3], off\n\
               global_load_d16_hi_i8 v9, v[2:3], off offset:4";
    let w = ok(src, &mut mem, |w| {
        pair(w, 2, |_| base);
        for r in [1, 4, 5, 6, 7, 8, 9] {
            w.vgpr[r] = [0x1234_5678; 32];
        }
    });
    // VDATA[15:0] = {8'0, u8} / signext(i8) / b16, VDATA[31:16] preserved; _HI the reverse.
    assert_eq!(w.vgpr[1][0], 0x1234_0085);
    assert_eq!(w.vgpr[4][0], 0x1234_ff85);
    assert_eq!(w.vgpr[5][0], 0x1234_c385);
    assert_eq!(w.vgpr[6][0], 0x0085_5678);
    assert_eq!(w.vgpr[7][0], 0xff85_5678);
    assert_eq!(w.vgpr[8][0], 0xc385_5678);
    assert_eq!(w.vgpr[9][0], 0x007f_5678);
}

#[test]
fn global_saddr_and_addtid_forms() {
    let img = image(16384);
    let mut mem = Memory::default();
    let base = mem.alloc_with(&img, 256, "buf");
    // GVS: SGPR_U64 + VGPR_U32 + INST_OFFSET_I13.
    let src = "global_load_b32 v1, v2, s[4:5] offset:4095\nglobal_load_b32 v3, v4, s[4:5] offset:-16\n\
               global_load_addtid_b32 v5, s[4:5] offset:8";
    let w = ok(src, &mut mem, |w| {
        w.sgpr[4] = base as u32;
        w.sgpr[5] = (base >> 32) as u32;
        w.vgpr[2] = lanes(|l| 4 * l as u32);
        w.vgpr[4] = lanes(|l| 16 + 8 * l as u32);
    });
    for l in 0..32 {
        assert_eq!(u64::from(w.vgpr[1][l]), le(&img, 4 * l + 4095, 4), "saddr +4095 lane {l}");
        assert_eq!(u64::from(w.vgpr[3][l]), le(&img, 8 * l, 4), "saddr -16 lane {l}");
        // GT: SGPR_U64 + INST_OFFSET + ThreadID * 4.
        assert_eq!(u64::from(w.vgpr[5][l]), le(&img, 8 + 4 * l, 4), "addtid lane {l}");
    }
    // The VGPR offset is unsigned: 0xfffffffc is 4 GiB - 4 past the SGPR base, not -4.
    let (_, f) = run_mem("global_load_b32 v1, v2, s[4:5]", &mut mem, &mut [], |w| {
        let b = base + 8;
        w.sgpr[4] = b as u32;
        w.sgpr[5] = (b >> 32) as u32;
        w.vgpr[2] = [0xffff_fffc; 32];
    });
    assert!(matches!(f, Some(Fault::Memory { .. })), "{f:?}");
    // global_store_addtid_b32 writes lane l's dword at SGPR + offset + 4 * l.
    let mut mem = Memory::default();
    let base = mem.alloc(256, 256, "out");
    ok("global_store_addtid_b32 v1, s[4:5] offset:4", &mut mem, |w| {
        w.sgpr[4] = base as u32;
        w.sgpr[5] = (base >> 32) as u32;
        w.sgpr[126] = 0x8000_0001;
        w.vgpr[1] = lanes(|l| 0x100 + l as u32);
    });
    assert_eq!(read(&mem, base + 4, 4), 0x100);
    assert_eq!(read(&mem, base + 8, 4), 0, "lane 1 is inactive");
    assert_eq!(read(&mem, base + 4 + 124, 4), 0x11f);
}

#[test]
fn global_stores_of_every_width() {
    let mut mem = Memory::default();
    let base = mem.alloc_with(&[0xee; 256], 256, "out");
    let src = "global_store_b8 v[2:3], v1, off\nglobal_store_b16 v[2:3], v1, off offset:2\n\
               global_store_b32 v[2:3], v1, off offset:4\nglobal_store_b64 v[2:3], v[4:5], off offset:8\n\
               global_store_b96 v[2:3], v[6:8], off offset:16\nglobal_store_b128 v[2:3], v[6:9], off offset:28\n\
               global_store_d16_hi_b8 v[2:3], v1, off offset:44\nglobal_store_d16_hi_b16 v[2:3], v1, off offset:46";
    let w = ok(src, &mut mem, |w| {
        w.sgpr[126] = 0b101;
        pair(w, 2, |l| base + 64 * l as u64);
        w.vgpr[1] = lanes(|l| 0xa1b2_c3d4 + l as u32);
        w.vgpr[4] = [0x0102_0304; 32];
        w.vgpr[5] = [0x0506_0708; 32];
        for (k, r) in (6..10).enumerate() {
            w.vgpr[r] = [0x1111_1111 * (k as u32 + 1); 32];
        }
    });
    for l in [0u64, 2] {
        let b = base + 64 * l;
        let v1 = 0xa1b2_c3d4 + l;
        assert_eq!(read(&mem, b, 2), 0xee00 | (v1 & 0xff), "b8 writes one byte");
        assert_eq!(read(&mem, b + 2, 2), v1 & 0xffff);
        assert_eq!(read(&mem, b + 4, 4), v1);
        assert_eq!(read(&mem, b + 8, 8), 0x0506_0708_0102_0304);
        for k in 0..3 {
            assert_eq!(read(&mem, b + 16 + 4 * k, 4), 0x1111_1111 * (k + 1));
        }
        for k in 0..4 {
            assert_eq!(read(&mem, b + 28 + 4 * k, 4), 0x1111_1111 * (k + 1));
        }
        // STORE_D16_HI_B8: MEM.b8 = VDATA[23:16]; _B16: VDATA[31:16].
        assert_eq!(read(&mem, b + 44, 2), 0xee00 | (v1 >> 16 & 0xff));
        assert_eq!(read(&mem, b + 46, 2), v1 >> 16);
        assert_eq!(read(&mem, b + 48, 1), 0xee);
    }
    assert_eq!(read(&mem, base + 64, 8), 0xeeee_eeee_eeee_eeee, "lane 1 is inactive");
    assert_eq!((w.counters.vs, w.counters.vm), (8, 0), "stores count on VScnt");
}

/// One atomic: mnemonic, memory before, DATA (and DATA[63:32]/[127:64], the compare value),
/// memory after.
struct Case {
    op: &'static str,
    mem: u64,
    data: u64,
    cmp: u64,
    want: u64,
}

const fn c(op: &'static str, mem: u64, data: u64, cmp: u64, want: u64) -> Case {
    Case { op, mem, data, cmp, want }
}

const ATOMICS: &[Case] = &[
    c("swap_b32", 1, 2, 0, 2),
    // CMPSWAP: src = DATA[31:0], cmp = DATA[63:32]; MEM = tmp == cmp ? src : tmp.
    c("cmpswap_b32", 7, 9, 7, 9),
    c("cmpswap_b32", 8, 9, 7, 8),
    c("add_u32", 0xffff_ffff, 2, 0, 1),
    c("sub_u32", 1, 2, 0, 0xffff_ffff),
    // CSUB: old < DATA ? 0 : old - DATA.
    c("csub_u32", 3, 5, 0, 0),
    c("csub_u32", 5, 3, 0, 2),
    c("min_i32", 0xffff_ffff, 1, 0, 0xffff_ffff),
    c("max_i32", 0xffff_ffff, 1, 0, 1),
    c("min_u32", 0xffff_ffff, 1, 0, 1),
    c("max_u32", 0xffff_ffff, 1, 0, 0xffff_ffff),
    c("and_b32", 0xf0f0, 0xff00, 0, 0xf000),
    c("or_b32", 0xf0f0, 0xff00, 0, 0xfff0),
    c("xor_b32", 0xf0f0, 0xff00, 0, 0x0ff0),
    c("inc_u32", 5, 5, 0, 0),
    c("inc_u32", 4, 5, 0, 5),
    c("dec_u32", 0, 7, 0, 7),
    c("dec_u32", 8, 7, 0, 7),
    c("dec_u32", 3, 7, 0, 2),
    c("add_f32", 0x3f80_0000, 0x4000_0000, 0, 0x4040_0000),
    c("add_f32", 0x7f80_0000, 0xff80_0000, 0, 0xffc0_0000),
    c("min_f32", 0x3f80_0000, 0xbf80_0000, 0, 0xbf80_0000),
    c("max_f32", 0x7fc0_0000, 0xbf80_0000, 0, 0xbf80_0000),
    c("max_f32", 0x0000_0000, 0x8000_0000, 0, 0x0000_0000),
    c("cmpswap_f32", 0x8000_0000, 0x4000_0000, 0x0000_0000, 0x4000_0000),
    c("swap_b64", 1, 0x1234_5678_9abc_def0, 0, 0x1234_5678_9abc_def0),
    c("cmpswap_b64", 0x1_0000_0007, 9, 0x1_0000_0007, 9),
    c("cmpswap_b64", 0x2_0000_0007, 9, 0x1_0000_0007, 0x2_0000_0007),
    c("add_u64", 0xffff_ffff, 1, 0, 0x1_0000_0000),
    c("sub_u64", 0, 1, 0, u64::MAX),
    c("min_i64", u64::MAX, 1, 0, u64::MAX),
    c("max_u64", u64::MAX, 1, 0, u64::MAX),
    c("max_i64", 0x1_0000_0000, 0xffff_ffff, 0, 0x1_0000_0000),
    c("and_b64", u64::MAX, 0xf000_0000_0000_000f, 0, 0xf000_0000_0000_000f),
    c("or_b64", 0x1_0000_0000, 1, 0, 0x1_0000_0001),
    c("xor_b64", u64::MAX, 0xffff_0000_0000_ffff, 0, 0x0000_ffff_ffff_0000),
    c("inc_u64", 0x1_0000_0000, 0x1_0000_0000, 0, 0),
    c("inc_u64", 0xffff_ffff, 0x1_0000_0000, 0, 0x1_0000_0000),
    c("dec_u64", 0x1_0000_0000, 0x1_0000_0005, 0, 0xffff_ffff),
    c("dec_u64", 0, 0x1_0000_0005, 0, 0x1_0000_0005),
];

#[test]
fn global_and_flat_atomics_with_and_without_return() {
    for k in ATOMICS {
        let wide = k.op.ends_with("64");
        let (dw, d) = if wide { (8usize, "v[4:7]") } else { (4, "v[4:5]") };
        let single = if wide { "v[4:5]" } else { "v4" };
        let data = if k.op.starts_with("cmpswap") { d } else { single };
        let ret = if wide { "v[8:9]" } else { "v8" };
        // CSUB exists only as a GLOBAL instruction.
        let segs: &[&str] = if k.op.starts_with("csub") { &["global"] } else { &["global", "flat"] };
        for &seg in segs {
            for glc in [false, true] {
                let off = if seg == "global" { ", off" } else { "" };
                let src = if glc {
                    format!("{seg}_atomic_{} {ret}, v[2:3], {data}{off} glc", k.op)
                } else {
                    format!("{seg}_atomic_{} v[2:3], {data}{off}", k.op)
                };
                let mut mem = Memory::default();
                let mut init = vec![0u8; 24];
                for l in 0..3 {
                    init[8 * l..8 * l + 8].copy_from_slice(&k.mem.to_le_bytes());
                }
                let base = mem.alloc_with(&init, 256, "buf");
                let w = ok(&src, &mut mem, |w| {
                    w.sgpr[126] = 0b101;
                    pair(w, 2, |l| base + 8 * l as u64);
                    let (lo, hi) = if wide { (k.data, k.cmp) } else { (k.data | k.cmp << 32, 0) };
                    for (r, v) in [(4, lo), (5, lo >> 32), (6, hi), (7, hi >> 32)] {
                        w.vgpr[r] = [v as u32; 32];
                    }
                    w.vgpr[8] = [0xdddd_dddd; 32];
                    w.vgpr[9] = [0xdddd_dddd; 32];
                });
                let mask = if wide { u64::MAX } else { 0xffff_ffff };
                for l in [0u64, 2] {
                    assert_eq!(read(&mem, base + 8 * l, dw), k.want & mask, "{src}: memory lane {l}");
                    let got = u64::from(w.vgpr[8][l as usize]) | u64::from(w.vgpr[9][l as usize]) << 32;
                    let want = match (glc, wide) {
                        (false, _) => 0xdddd_dddd_dddd_dddd,
                        (true, true) => k.mem,
                        (true, false) => 0xdddd_dddd_0000_0000 | k.mem,
                    };
                    assert_eq!(got, want, "{src}: return lane {l}");
                }
                assert_eq!(read(&mem, base + 8, 8), k.mem, "{src}: inactive lane");
                assert_eq!((w.vgpr[8][1], w.vgpr[9][1]), (0xdddd_dddd, 0xdddd_dddd));
                // GLC atomics return data: VMcnt; the others VScnt; FLAT also LGKMcnt.
                let c = w.counters;
                assert_eq!((c.vm, c.vs), if glc { (1, 0) } else { (0, 1) }, "{src}");
                assert_eq!(c.lgkm, u32::from(seg == "flat"), "{src}");
            }
        }
    }
}

#[test]
fn atomics_of_all_lanes_on_one_address_run_in_lane_order() {
    let mut mem = Memory::default();
    let base = mem.alloc(8, 256, "ctr");
    let w = ok("global_atomic_add_u32 v1, v[2:3], v4, off glc", &mut mem, |w| {
        pair(w, 2, |_| base);
        w.vgpr[4] = [1; 32];
    });
    assert_eq!(read(&mem, base, 4), 32);
    assert_eq!(w.vgpr[1], lanes(|l| l as u32));
}

/// A wave with `lane_bytes` of scratch per lane, in `mem`.
fn with_scratch(mem: &mut Memory, lane_bytes: u32) -> u64 {
    mem.alloc(32 * u64::from(lane_bytes), 256, "scratch")
}

/// Guide 11.2: SCRATCH_BASE + (offset / 4) * 4 * 32 + offset % 4 + TID * 4 (wave32).
fn swizzle(base: u64, o: u64, lane: usize) -> u64 {
    base + (o / 4) * 128 + o % 4 + 4 * lane as u64
}

#[test]
fn scratch_uses_the_swizzled_per_lane_layout_in_every_mode() {
    let mut mem = Memory::default();
    let sb = with_scratch(&mut mem, 64);
    let setup = |w: &mut Wave| {
        w.scratch_base = sb;
        w.scratch_lane_bytes = 64;
    };
    // SV (VGPR offset), SS (SGPR offset), ST (offset only), SVS (both).
    let src = "scratch_store_b32 v2, v1, off offset:4\nscratch_store_b32 off, v3, s4 offset:-4\n\
               scratch_store_b32 off, v5, off offset:40\nscratch_store_b32 v6, v7, s4 offset:20";
    let w = ok(src, &mut mem, |w| {
        setup(w);
        w.sgpr[4] = 24;
        w.vgpr[1] = lanes(|l| 0x100 + l as u32);
        w.vgpr[2] = [0; 32];
        w.vgpr[3] = lanes(|l| 0x200 + l as u32);
        w.vgpr[5] = lanes(|l| 0x300 + l as u32);
        w.vgpr[6] = lanes(|l| 4 * (l as u32 % 2));
        w.vgpr[7] = lanes(|l| 0x400 + l as u32);
    });
    for l in 0..32usize {
        let lu = l as u64;
        assert_eq!(read(&mem, swizzle(sb, 4, l), 4), 0x100 + lu, "SV lane {l}");
        assert_eq!(read(&mem, swizzle(sb, 20, l), 4), 0x200 + lu, "SS lane {l}");
        assert_eq!(read(&mem, swizzle(sb, 40, l), 4), 0x300 + lu, "ST lane {l}");
        assert_eq!(read(&mem, swizzle(sb, 44 + 4 * (lu % 2), l), 4), 0x400 + lu, "SVS lane {l}");
    }
    // Lane 1's dword 1 sits 4 bytes after lane 0's: the layout interleaves lanes by dword.
    assert_eq!(read(&mem, sb + 128 + 4, 4), 0x101);
    assert_eq!((w.counters.vs, w.counters.lgkm), (4, 0));
    // Loads read back through the same layout, and a multi-dword access that is not aligned
    // swizzles every byte: bytes 6..14 of the lane's segment span three dwords.
    for l in 0..32usize {
        for i in 0..16u64 {
            let a = swizzle(sb, 48 + i, l);
            mem.write(a, &[(0x10 * l as u64 + i) as u8]).expect("scratch");
        }
    }
    let w = ok(
        "scratch_load_b64 v[8:9], off, off offset:54\nscratch_load_i8 v10, off, off offset:49",
        &mut mem,
        setup,
    );
    for l in 0..32 {
        let b = |i: u64| (0x10 * l as u64 + i) as u8 as u64;
        let lo = (0..4).fold(0, |acc, k| acc | b(6 + k) << (8 * k));
        let hi = (0..4).fold(0, |acc, k| acc | b(10 + k) << (8 * k));
        assert_eq!((u64::from(w.vgpr[8][l]), u64::from(w.vgpr[9][l])), (lo, hi), "lane {l}");
        assert_eq!(w.vgpr[10][l], b(1) as u8 as i8 as i32 as u32);
    }
}

#[test]
fn scratch_outside_the_private_segment_faults() {
    let mut mem = Memory::default();
    let sb = with_scratch(&mut mem, 16);
    let setup = |w: &mut Wave| {
        w.scratch_base = sb;
        w.scratch_lane_bytes = 16;
    };
    // The last dword of the segment is fine; one byte more is not.
    let (_, f) = run_mem("scratch_load_b32 v1, off, off offset:12", &mut mem, &mut [], setup);
    assert_eq!(f, None);
    let (w, f) = run_mem("scratch_load_b32 v1, off, off offset:13", &mut mem, &mut [], |w| {
        setup(w);
        w.vgpr[1] = [0xdead; 32];
    });
    assert!(matches!(&f, Some(Fault::Memory { what, .. }) if what.contains("lane 0")), "{f:?}");
    assert_eq!(w.vgpr[1], [0xdead; 32]);
    // A negative combined offset is outside too (the guide requires it to be non-negative).
    let (_, f) = run_mem("scratch_store_b32 v2, v1, off offset:-4", &mut mem, &mut [], setup);
    assert!(matches!(f, Some(Fault::Memory { .. })));
    // A wave without scratch faults on any scratch access.
    let (_, f) = run_mem("scratch_load_b32 v1, off, off", &mut mem, &mut [], |_| {});
    assert!(matches!(f, Some(Fault::Memory { .. })));
}

#[test]
fn flat_selects_global_lds_or_scratch_per_lane() {
    let mut mem = Memory::default();
    let gb = mem.alloc_with(&image(256), 256, "buf");
    let sb = with_scratch(&mut mem, 64);
    let mut lds = image(128);
    lds.reverse();
    let lds0 = lds.clone();
    // Lane 0: global; lane 1: the shared aperture (LDS byte 8); lane 2: the private aperture
    // (scratch offset 4 of lane 2). The aperture is chosen before the offset is added.
    for l in 0..32 {
        mem.write_u32(swizzle(sb, 4 + 8, l), 0x5000 + l as u32).expect("scratch");
    }
    let addr = move |l: usize| match l % 3 {
        0 => gb + 16,
        1 => APERTURES[0] + 8,
        _ => APERTURES[2] + 4,
    };
    let (w, f) = run_mem("flat_load_b32 v1, v[2:3] offset:8", &mut mem, &mut lds, |w| {
        w.scratch_base = sb;
        w.scratch_lane_bytes = 64;
        pair(w, 2, addr);
    });
    assert_eq!(f, None);
    let gimg = image(256);
    for l in 0..32 {
        let want = match l % 3 {
            0 => le(&gimg, 24, 4) as u32,
            1 => le(&lds0, 16, 4) as u32,
            _ => 0x5000 + l as u32,
        };
        assert_eq!(w.vgpr[1][l], want, "lane {l}");
    }
    assert_eq!((w.counters.vm, w.counters.lgkm), (1, 1), "FLAT counts on VMcnt and LGKMcnt");
    // Stores and atomics go the same way.
    let (w, f) = run_mem(
        "flat_store_b32 v[2:3], v4 offset:8\nflat_atomic_add_u32 v5, v[2:3], v6 glc",
        &mut mem,
        &mut lds,
        |w| {
            w.sgpr[126] = 0b111;
            w.scratch_base = sb;
            w.scratch_lane_bytes = 64;
            pair(w, 2, addr);
            w.vgpr[4] = [0x0a0b_0c0d; 32];
            w.vgpr[6] = [3; 32];
        },
    );
    assert_eq!(f, None);
    assert_eq!(read(&mem, gb + 24, 4), 0x0a0b_0c0d);
    assert_eq!(le(&lds, 16, 4), 0x0a0b_0c0d);
    assert_eq!(read(&mem, swizzle(sb, 12, 2), 4), 0x0a0b_0c0d);
    // The atomic has no offset: it hits bytes 16 (global), 8 (LDS) and 4 (scratch).
    assert_eq!((u64::from(w.vgpr[5][0]), read(&mem, gb + 16, 4)), (le(&gimg, 16, 4), le(&gimg, 16, 4) + 3));
    assert_eq!((u64::from(w.vgpr[5][1]), le(&lds, 8, 4)), (le(&lds0, 8, 4), le(&lds0, 8, 4) + 3));
    assert_eq!(read(&mem, swizzle(sb, 4, 2), 4), u64::from(w.vgpr[5][2]) + 3);
    assert_eq!((w.counters.vs, w.counters.vm, w.counters.lgkm), (1, 1, 2));
    // An LDS address past the allocation faults.
    let (_, f) =
        run_mem("flat_load_b32 v1, v[2:3]", &mut mem, &mut lds, |w| pair(w, 2, |_| APERTURES[0] + 128));
    assert!(matches!(&f, Some(Fault::Memory { what, .. }) if what.contains("LDS")), "{f:?}");
}

#[test]
fn flat_64_bit_atomics_into_scratch_fault() {
    // Guide 11.1.1: "Flat atomics which map into scratch: 4-byte atomics are supported, and
    // 8-byte atomics return MEMVIOL."
    let mut mem = Memory::default();
    let sb = with_scratch(&mut mem, 64);
    let setup = |w: &mut Wave| {
        w.scratch_base = sb;
        w.scratch_lane_bytes = 64;
        pair(w, 2, |_| APERTURES[2] + 8);
    };
    let (_, f) = run_mem("flat_atomic_add_u32 v[2:3], v4", &mut mem, &mut [], setup);
    assert_eq!(f, None);
    let (_, f) = run_mem("flat_atomic_add_u64 v[2:3], v[4:5]", &mut mem, &mut [], setup);
    assert!(matches!(f, Some(Fault::Memory { .. })), "{f:?}");
    assert_eq!(read(&mem, swizzle(sb, 8, 0), 4), 0, "the faulting atomic wrote nothing");
}

#[test]
fn accesses_outside_every_allocation_fault_naming_lane_and_address() {
    let mut mem = Memory::default();
    let base = mem.alloc(64, 256, "buf");
    // Lane 6's store runs 4 bytes past the end; no lane may store.
    let bad = base + 64;
    let (w, f) = run_mem("global_store_b32 v[2:3], v1, off", &mut mem, &mut [], |w| {
        pair(w, 2, |l| if l == 6 { bad } else { base + 4 * (l as u64 % 16) });
        w.vgpr[1] = [0x77; 32];
    });
    let Some(Fault::Memory { pc, what }) = f else { panic!("{f:?}") };
    assert_eq!(pc, BASE);
    assert!(what.contains("lane 6") && what.contains(&format!("{bad:#x}")), "{what}");
    assert_eq!(w.pc, BASE);
    assert_eq!((0..16).map(|k| read(&mem, base + 4 * k, 4)).sum::<u64>(), 0, "nothing stored");
    // Loads: the destination keeps its value. A straddling b64 faults too.
    let (w, f) = run_mem("global_load_b64 v[4:5], v[2:3], off", &mut mem, &mut [], |w| {
        pair(w, 2, |l| if l == 31 { base + 60 } else { base });
        w.vgpr[4] = [0xdead; 32];
    });
    assert!(matches!(&f, Some(Fault::Memory { what, .. }) if what.contains("lane 31")), "{f:?}");
    assert_eq!(w.vgpr[4], [0xdead; 32]);
    // Atomics, and an address that is null.
    let (_, f) = run_mem("global_atomic_add_u32 v[2:3], v1, off", &mut mem, &mut [], |w| pair(w, 2, |_| 0));
    assert!(matches!(f, Some(Fault::Memory { .. })));
    // An inactive lane's address is never checked.
    let (_, f) = run_mem("global_store_b32 v[2:3], v1, off", &mut mem, &mut [], |w| {
        w.sgpr[126] = !(1 << 6);
        pair(w, 2, |l| if l == 6 { bad } else { base });
    });
    assert_eq!(f, None);
}

#[test]
fn exec_zero_touches_nothing() {
    let mut mem = Memory::default();
    let base = mem.alloc_with(&[0x11; 64], 256, "buf");
    let sb = with_scratch(&mut mem, 16);
    let src = "global_store_b32 v[2:3], v1, off\nglobal_load_b32 v4, v[2:3], off\n\
               global_atomic_add_u32 v5, v[2:3], v1, off glc\nscratch_store_b32 off, v1, off offset:64\n\
               flat_load_b32 v6, v[2:3]";
    let (w, f) = run_mem(src, &mut mem, &mut [], |w| {
        w.sgpr[126] = 0;
        w.scratch_base = sb;
        w.scratch_lane_bytes = 16;
        pair(w, 2, |_| 0); // invalid, but no lane is active
        for r in 4..7 {
            w.vgpr[r] = [0xdead; 32];
        }
        w.vgpr[1] = [0x99; 32];
    });
    assert_eq!(f, None);
    assert_eq!(read(&mem, base, 4), 0x1111_1111);
    for r in 4..7 {
        assert_eq!(w.vgpr[r], [0xdead; 32], "v{r}");
    }
    // Memory instructions are not skipped when EXEC == 0 (guide 3.2.3 "do not skip"): the
    // counters still count them.
    assert_eq!((w.counters.vm, w.counters.vs, w.counters.lgkm), (3, 2, 1));
}

#[test]
fn waitcnt_clears_what_the_memory_instructions_counted() {
    let mut mem = Memory::default();
    let base = mem.alloc(64, 256, "buf");
    let src = "global_load_b32 v1, v[2:3], off\nglobal_load_b32 v1, v[2:3], off\nglobal_store_b32 v[2:3], v1, off\n\
               flat_load_b32 v1, v[2:3]\ns_waitcnt vmcnt(1)";
    let w = ok(src, &mut mem, |w| pair(w, 2, |_| base));
    assert_eq!((w.counters.vm, w.counters.vs, w.counters.lgkm), (1, 1, 1));
    let w = ok(&format!("{src}\ns_waitcnt_vscnt null, 0x0\ns_waitcnt lgkmcnt(0)"), &mut mem, |w| {
        pair(w, 2, |_| base)
    });
    assert_eq!((w.counters.vm, w.counters.vs, w.counters.lgkm), (1, 0, 0));
}
