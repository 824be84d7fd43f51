//! LDS instructions (guide chapter 12 and 16.15): every load and store width, the two-address
//! forms, the atomics with and without return, swizzle, permute, append/consume, addresses
//! outside the allocation, inactive lanes and EXEC == 0. Expected values are worked out from
//! the guide's pseudocode, from an LDS image the test writes itself.

use super::*;

/// Runs `src` (no `s_endpgm`) on a wave prepared by `setup`, with `lds` as the workgroup's
/// LDS, until the PC runs off the end or the wave faults. Returns the wave and the fault.
fn ds(src: &str, lds: &mut [u8], setup: impl FnOnce(&mut Wave)) -> (Wave, Option<Fault>) {
    run_mem(src, &mut Memory::default(), lds, setup)
}

/// Like [`ds`], for programs that must not fault.
fn ok(src: &str, lds: &mut [u8], setup: impl FnOnce(&mut Wave)) -> Wave {
    let (w, f) = ds(src, lds, setup);
    assert_eq!(f, None, "{src}");
    w
}

/// `n` little-endian bytes of `b` at `a`.
fn le(b: &[u8], a: usize, n: usize) -> u64 {
    b[a..a + n].iter().rev().fold(0, |acc, &x| acc << 8 | u64::from(x))
}

/// An LDS image whose bytes are all different in their low bits, half with the sign bit set.
fn image(size: usize) -> Vec<u8> {
    (0..size).map(|i| (i * 0x9d + 0x31) as u8).collect()
}

#[test]
fn loads_of_every_width_extend_as_the_guide_says() {
    let img = image(1024);
    let mut lds = img.clone();
    // Lane l reads at 12 * l + 3 + offset 16: unaligned, and each width sees sign bits set and
    // clear in different lanes.
    let src = "ds_load_u8 v1, v0 offset:16\nds_load_i8 v2, v0 offset:16\nds_load_u16 v3, v0 offset:16\n\
               ds_load_i16 v4, v0 offset:16\nds_load_b32 v5, v0 offset:16\nds_load_b64 v[6:7], v0 offset:16\n\
               ds_load_b96 v[8:10], v0 offset:16\nds_load_b128 v[12:15], v0 offset:16";
    let w = ok(src, &mut lds, |w| w.vgpr[0] = lanes(|l| 12 * l as u32 + 3));
    let mut saw_negative = [false; 2];
    for l in 0..32 {
        let a = 12 * l + 3 + 16;
        let (b, h) = (le(&img, a, 1) as u32, le(&img, a, 2) as u32);
        // DS_LOAD_I8: signext(MEM[ADDR][7:0]); DS_LOAD_U8: {24'0, MEM[ADDR][7:0]}.
        let sb = if b & 0x80 != 0 { b | 0xffff_ff00 } else { b };
        let sh = if h & 0x8000 != 0 { h | 0xffff_0000 } else { h };
        saw_negative[0] |= b & 0x80 != 0;
        saw_negative[1] |= h & 0x8000 != 0;
        assert_eq!(w.vgpr[1][l], b, "u8 lane {l}");
        assert_eq!(w.vgpr[2][l], sb, "i8 lane {l}");
        assert_eq!(w.vgpr[3][l], h, "u16 lane {l}");
        assert_eq!(w.vgpr[4][l], sh, "i16 lane {l}");
        for reg in [5, 6, 7, 8, 9, 10, 12, 13, 14, 15] {
            // The dword index within the access: b32 (5), b64 (6,7), b96 (8..10), b128 (12..15).
            let dw = match reg {
                5 | 6 | 8 | 12 => 0,
                7 | 9 | 13 => 1,
                10 | 14 => 2,
                _ => 3,
            };
            assert_eq!(w.vgpr[reg][l], le(&img, a + 4 * dw, 4) as u32, "v{reg} lane {l}");
        }
    }
    assert_eq!(saw_negative, [true, true], "the image exercises sign extension");
    assert_eq!(w.vgpr[11], [0; 32], "b96 writes three registers only");
}

#[test]
fn d16_loads_write_one_half_and_keep_the_other() {
    let mut lds = vec![0u8; 64];
    lds[0] = 0x85;
    lds[1] = 0xc3;
    lds[4] = 0x7f;
    lds[5] = 0x01;
    let src = "ds_load_u8_d16 v1, v0\nds_load_i8_d16 v2, v0\nds_load_u16_d16 v3, v0\n\
               ds_load_u8_d16_hi v4, v0\nds_load_i8_d16_hi v5, v0\nds_load_u16_d16_hi v6, v0\n\
               ds_load_i8_d16_hi v7, v0 offset:4";
    let w = ok(src, &mut lds, |w| {
        w.vgpr[0] = [0; 32];
        for r in 1..8 {
            w.vgpr[r] = [0x1234_5678; 32];
        }
    });
    // RETURN_DATA[15:0].u16 = {8'0, byte}; .i16 = signext(byte); RETURN_DATA[31:16] likewise.
    assert_eq!(w.vgpr[1][0], 0x1234_0085);
    assert_eq!(w.vgpr[2][0], 0x1234_ff85);
    assert_eq!(w.vgpr[3][0], 0x1234_c385);
    assert_eq!(w.vgpr[4][0], 0x0085_5678);
    assert_eq!(w.vgpr[5][0], 0xff85_5678);
    assert_eq!(w.vgpr[6][0], 0xc385_5678);
    assert_eq!(w.vgpr[7][0], 0x007f_5678, "a positive byte extends with zeros");
}

#[test]
fn stores_of_every_width_including_the_high_halves() {
    let mut lds = vec![0xeeu8; 256];
    let src = "ds_store_b8 v0, v1\nds_store_b16 v0, v1 offset:2\nds_store_b32 v0, v1 offset:4\n\
               ds_store_b64 v0, v[2:3] offset:8\nds_store_b96 v0, v[4:6] offset:16\n\
               ds_store_b128 v0, v[4:7] offset:28\nds_store_b8_d16_hi v0, v1 offset:44\n\
               ds_store_b16_d16_hi v0, v1 offset:46";
    // Lane 0 at 0, lane 1 at 64: the lanes write separate blocks.
    ok(src, &mut lds, |w| {
        w.sgpr[126] = 0b11;
        w.vgpr[0] = lanes(|l| 64 * l as u32);
        w.vgpr[1] = lanes(|l| 0xa1b2_c3d4 + l as u32);
        w.vgpr[2] = [0x0102_0304; 32];
        w.vgpr[3] = [0x0506_0708; 32];
        for (k, r) in (4..8).enumerate() {
            w.vgpr[r] = [0x1111_1111 * (k as u32 + 1); 32];
        }
    });
    for l in 0..2usize {
        let b = 64 * l;
        let v1 = 0xa1b2_c3d4u64 + l as u64;
        assert_eq!(le(&lds, b, 1), v1 & 0xff, "b8 lane {l}");
        assert_eq!(lds[b + 1], 0xee, "b8 writes one byte");
        assert_eq!(le(&lds, b + 2, 2), v1 & 0xffff, "b16");
        assert_eq!(le(&lds, b + 4, 4), v1, "b32");
        assert_eq!(le(&lds, b + 8, 8), 0x0506_0708_0102_0304, "b64: DATA[31:0] at the lower address");
        for k in 0..3 {
            assert_eq!(le(&lds, b + 16 + 4 * k, 4), 0x1111_1111 * (k as u64 + 1), "b96 dword {k}");
        }
        for k in 0..4 {
            assert_eq!(le(&lds, b + 28 + 4 * k, 4), 0x1111_1111 * (k as u64 + 1), "b128 dword {k}");
        }
        // DS_STORE_B8_D16_HI: MEM[ADDR].b8 = DATA[23:16]; B16_D16_HI: DATA[31:16].
        assert_eq!(le(&lds, b + 44, 1), v1 >> 16 & 0xff, "b8_d16_hi");
        assert_eq!(lds[b + 45], 0xee);
        assert_eq!(le(&lds, b + 46, 2), v1 >> 16, "b16_d16_hi");
        assert_eq!(lds[b + 48], 0xee, "nothing past the last store");
    }
    assert!(lds[128..].iter().all(|&x| x == 0xee), "inactive lanes store nothing");
}

#[test]
fn two_address_forms_scale_each_offset() {
    let img = image(65536);
    let mut lds = img.clone();
    // ADDR_BASE + OFFSETn * 4 (b32), * 8 (b64), and * 64 more for stride64.
    let src = "ds_load_2addr_b32 v[2:3], v0 offset0:1 offset1:255\n\
               ds_load_2addr_b64 v[4:7], v0 offset0:3 offset1:200\n\
               ds_load_2addr_stride64_b32 v[8:9], v0 offset0:2 offset1:250\n\
               ds_load_2addr_stride64_b64 v[10:13], v0 offset0:1 offset1:100";
    let w = ok(src, &mut lds, |w| w.vgpr[0] = lanes(|l| 4 * l as u32));
    for l in [0usize, 7, 31] {
        let a = 4 * l;
        let d = |x: usize| le(&img, x, 4) as u32;
        assert_eq!((w.vgpr[2][l], w.vgpr[3][l]), (d(a + 4), d(a + 1020)), "2addr_b32 lane {l}");
        assert_eq!(
            [w.vgpr[4][l], w.vgpr[5][l], w.vgpr[6][l], w.vgpr[7][l]],
            [d(a + 24), d(a + 28), d(a + 1600), d(a + 1604)],
            "2addr_b64 lane {l}"
        );
        assert_eq!((w.vgpr[8][l], w.vgpr[9][l]), (d(a + 512), d(a + 64000)), "stride64_b32 lane {l}");
        assert_eq!(
            [w.vgpr[10][l], w.vgpr[11][l], w.vgpr[12][l], w.vgpr[13][l]],
            [d(a + 512), d(a + 516), d(a + 51200), d(a + 51204)],
            "stride64_b64 lane {l}"
        );
    }
    // Stores, and the exchange that returns both old values.
    let mut lds = vec![0u8; 65536];
    let src = "ds_store_2addr_b32 v0, v1, v2 offset0:1 offset1:3\n\
               ds_store_2addr_stride64_b32 v0, v1, v2 offset0:1 offset1:2\n\
               ds_store_2addr_b64 v0, v[4:5], v[6:7] offset0:10 offset1:11\n\
               ds_store_2addr_stride64_b64 v0, v[4:5], v[6:7] offset0:3 offset1:4\n\
               ds_storexchg_2addr_rtn_b32 v[8:9], v0, v2, v1 offset0:1 offset1:3";
    let w = ok(src, &mut lds, |w| {
        w.sgpr[126] = 1;
        w.vgpr[1] = [0xaaaa_0001; 32];
        w.vgpr[2] = [0xbbbb_0002; 32];
        w.vgpr[4] = [0x4444_4444; 32];
        w.vgpr[5] = [0x5555_5555; 32];
        w.vgpr[6] = [0x6666_6666; 32];
        w.vgpr[7] = [0x7777_7777; 32];
    });
    assert_eq!(le(&lds, 4, 4), 0xbbbb_0002, "the exchange stored DATA at OFFSET0 * 4");
    assert_eq!(le(&lds, 12, 4), 0xaaaa_0001, "and DATA2 at OFFSET1 * 4");
    assert_eq!((w.vgpr[8][0], w.vgpr[9][0]), (0xaaaa_0001, 0xbbbb_0002), "it returned the old values");
    assert_eq!((le(&lds, 256, 4), le(&lds, 512, 4)), (0xaaaa_0001, 0xbbbb_0002), "stride64_b32");
    assert_eq!((le(&lds, 80, 8), le(&lds, 88, 8)), (0x5555_5555_4444_4444, 0x7777_7777_6666_6666));
    assert_eq!((le(&lds, 1536, 8), le(&lds, 2048, 8)), (0x5555_5555_4444_4444, 0x7777_7777_6666_6666));
    assert_eq!(le(&lds, 0, 4), 0, "nothing at the base address itself");
}

/// One atomic case: the instruction (with `v1` the return, `v0` the address, data in
/// `v[2:3]`/`v[4:5]`), memory before, DATA, DATA2, memory after.
struct Case {
    op: &'static str,
    mem: u64,
    data: u64,
    data2: u64,
    want: u64,
}

const fn c(op: &'static str, mem: u64, data: u64, data2: u64, want: u64) -> Case {
    Case { op, mem, data, data2, want }
}

const NEG_ONE: u64 = 0xffff_ffff;

/// Every LDS atomic, against the pseudocode of 16.15 (`tmp` = memory, `src` = DATA,
/// `cmp` = DATA2).
const ATOMICS_32: &[Case] = &[
    c("add", 0xffff_fff0, 0x20, 0, 0x10),
    c("sub", 5, 7, 0, 0xffff_fffe),
    // DS_RSUB: MEM = DATA - MEM.
    c("rsub", 5, 7, 0, 2),
    // DS_INC: tmp >= src ? 0 : tmp + 1.
    c("inc", 4, 5, 0, 5),
    c("inc", 5, 5, 0, 0),
    c("inc", 9, 5, 0, 0),
    c("inc", NEG_ONE, NEG_ONE, 0, 0),
    // DS_DEC: (tmp == 0 || tmp > src) ? src : tmp - 1.
    c("dec", 3, 7, 0, 2),
    c("dec", 0, 7, 0, 7),
    c("dec", 9, 7, 0, 7),
    c("dec", 7, 7, 0, 6),
    c("min_i32", NEG_ONE, 1, 0, NEG_ONE),
    c("max_i32", NEG_ONE, 1, 0, 1),
    c("min_u32", NEG_ONE, 1, 0, 1),
    c("max_u32", NEG_ONE, 1, 0, NEG_ONE),
    c("min_i32", 0x8000_0000, 0x7fff_ffff, 0, 0x8000_0000),
    c("and_b32", 0xff00_ff00, 0x0ff0_0ff0, 0, 0x0f00_0f00),
    c("or_b32", 0xff00_ff00, 0x0ff0_0ff0, 0, 0xfff0_fff0),
    c("xor_b32", 0xff00_ff00, 0x0ff0_0ff0, 0, 0xf0f0_f0f0),
    // DS_MSKOR: (tmp & ~DATA) | DATA2.
    c("mskor_b32", 0xff, 0x0f, 0x100, 0x1f0),
    // DS_CMPSTORE: tmp == cmp (DATA2) ? src (DATA) : tmp. The order of the gfx11 operands
    // follows BUFFER_ATOMIC_CMPSWAP (the guide's note), the reverse of GCN's ds_cmpst.
    c("cmpstore_b32", 7, 9, 7, 9),
    c("cmpstore_b32", 9, 9, 7, 9),
    c("cmpstore_b32", 8, 9, 7, 8),
    // DS_WRAP: tmp >= DATA ? tmp - DATA : tmp + DATA2.
    c("wrap", 7, 5, 2, 2),
    c("wrap", 3, 5, 2, 5),
    c("storexchg", 0x1234, 0x5678, 0, 0x5678),
];

/// Float atomics (chapter 13.3). MODE is the reset value: denormals kept, so 13.2's flushing
/// does not apply.
const ATOMICS_F32: &[Case] = &[
    c("add_f32", 0x3f80_0000, 0x4000_0000, 0, 0x4040_0000),
    // Rule 3: INF - INF = -QNaN (0xffc00000).
    c("add_f32", 0x7f80_0000, 0xff80_0000, 0, 0xffc0_0000),
    // Rule 2 and 6: a NaN input is copied, made quiet; two NaNs give SRC0's. The pseudocode
    // computes src + tmp, so DATA is SRC0.
    c("add_f32", 0x7f80_0001, 0x3f80_0000, 0, 0x7fc0_0001),
    c("add_f32", 0x7fc0_0002, 0x7f80_0003, 0, 0x7fc0_0003),
    // Rule 4: -0 + +0 = +0.
    c("add_f32", 0x8000_0000, 0x0000_0000, 0, 0),
    // Denormals pass through when MODE allows them.
    c("add_f32", 0x0000_0001, 0x0000_0001, 0, 0x0000_0002),
    // Max: QNaN is the smallest; min: the largest; -0 < +0. A signalling NaN returns quiet.
    c("max_f32", 0x7fc0_0000, 0x3f80_0000, 0, 0x3f80_0000),
    c("min_f32", 0x7fc0_0000, 0x3f80_0000, 0, 0x3f80_0000),
    c("max_f32", 0x8000_0000, 0x0000_0000, 0, 0x0000_0000),
    c("min_f32", 0x0000_0000, 0x8000_0000, 0, 0x8000_0000),
    c("min_f32", 0x3f80_0000, 0x7f80_0001, 0, 0x7fc0_0001),
    c("max_f32", 0xff80_0000, 0xc2c8_0000, 0, 0xc2c8_0000),
    // "if (src0 == SNaN) QNaN(src0) else if (src1 == SNaN) QNaN(src1)", src0 = DATA: a
    // signalling NaN in memory wins over a quiet one in DATA, and two give DATA's.
    c("max_f32", 0x7f80_0005, 0x7fc0_0001, 0, 0x7fc0_0005),
    c("min_f32", 0x7f80_0005, 0x7f80_0006, 0, 0x7fc0_0006),
    // Compare-store treats +0 and -0 as equal, and never swaps on NaN.
    c("cmpstore_f32", 0x0000_0000, 0x40a0_0000, 0x8000_0000, 0x40a0_0000),
    c("cmpstore_f32", 0x7fc0_0000, 0x40a0_0000, 0x7fc0_0000, 0x7fc0_0000),
    c("cmpstore_f32", 0x3f80_0000, 0x40a0_0000, 0x3f80_0000, 0x40a0_0000),
];

const ATOMICS_64: &[Case] = &[
    // The carry crosses the dword boundary.
    c("add_u64", 0x0000_0000_ffff_ffff, 1, 0, 0x0000_0001_0000_0000),
    c("sub_u64", 0x0000_0001_0000_0000, 1, 0, 0x0000_0000_ffff_ffff),
    c("rsub_u64", 1, 0x0000_0001_0000_0000, 0, 0x0000_0000_ffff_ffff),
    c("inc_u64", 0x0000_0001_0000_0000, 0x0000_0001_0000_0000, 0, 0),
    c("inc_u64", 0x0000_0000_ffff_ffff, 0x0000_0001_0000_0000, 0, 0x0000_0001_0000_0000),
    c("dec_u64", 0, 0x1_0000_0005, 0, 0x1_0000_0005),
    c("dec_u64", 0x1_0000_0000, 0x1_0000_0005, 0, 0xffff_ffff),
    c("min_i64", u64::MAX, 1, 0, u64::MAX),
    c("min_u64", u64::MAX, 1, 0, 1),
    // Only the high dword decides: a 32-bit compare would pick the other.
    c("max_i64", 0x0000_0001_0000_0000, 0xffff_ffff, 0, 0x0000_0001_0000_0000),
    c("max_u64", 0x8000_0000_0000_0000, 0x7fff_ffff_ffff_ffff, 0, 0x8000_0000_0000_0000),
    c("max_i64", 0x8000_0000_0000_0000, 0x7fff_ffff_ffff_ffff, 0, 0x7fff_ffff_ffff_ffff),
    c("and_b64", 0xff00_0000_0000_00ff, 0x0f00_0000_0000_000f, 0, 0x0f00_0000_0000_000f),
    c("or_b64", 0xff00_0000_0000_0000, 0xff, 0, 0xff00_0000_0000_00ff),
    c("xor_b64", u64::MAX, 0xffff_0000_0000_ffff, 0, 0x0000_ffff_ffff_0000),
    c("mskor_b64", 0xffff_ffff_0000_00ff, 0xffff_0000_0000_000f, 0x1_0000_0100, 0x0000_ffff_0000_01f0),
    c("cmpstore_b64", 0x1_0000_0007, 9, 0x1_0000_0007, 9),
    c("cmpstore_b64", 0x2_0000_0007, 9, 0x1_0000_0007, 0x2_0000_0007),
    c("storexchg_rtn_b64", 1, 0xdead_beef_0000_0001, 0, 0xdead_beef_0000_0001),
    // F64: max with a QNaN in memory selects DATA; cmpstore with +0 == -0.
    c("max_f64", 0x7ff8_0000_0000_0000, 0x3ff0_0000_0000_0000, 0, 0x3ff0_0000_0000_0000),
    c("min_f64", 0xbff0_0000_0000_0000, 0x3ff0_0000_0000_0000, 0, 0xbff0_0000_0000_0000),
    c("cmpstore_f64", 0x8000_0000_0000_0000, 0x4014_0000_0000_0000, 0, 0x4014_0000_0000_0000),
];

/// Runs `ds_<op>` and `ds_<op-with-rtn>` for one case on lanes 0 and 2 (lane 1 inactive, its
/// memory and destination must stay), and checks memory, return value and the untouched lane.
fn atomic_case(k: &Case, wide: bool) {
    let stride = 8usize;
    // The returning form: `ds_add_u32` -> `ds_add_rtn_u32`; the stems without a type suffix
    // (`add`, `inc`, `wrap`, `storexchg`) get `_u32`/`_b32`.
    let (name, rtn) = {
        let full = match k.op {
            "add" | "sub" | "rsub" | "inc" | "dec" => format!("{}_u32", k.op),
            "wrap" => "wrap_b32".to_string(),
            "storexchg" => "storexchg_b32".to_string(),
            other => other.to_string(),
        };
        let (stem, ty) = full.rsplit_once('_').expect("typed");
        let stem = stem.trim_end_matches("_rtn");
        (format!("ds_{stem}_{ty}"), format!("ds_{stem}_rtn_{ty}"))
    };
    let (d, d2, dst) = if wide { ("v[2:3]", "v[4:5]", "v[6:7]") } else { ("v2", "v4", "v6") };
    let two = matches!(name.split('_').nth(1), Some("mskor" | "cmpstore" | "wrap"));
    let operands = if two { format!("{d}, {d2}") } else { d.to_string() };
    // ds_wrap and ds_storexchg exist only with return.
    let forms: Vec<(String, bool)> = if name.contains("wrap") || name.contains("storexchg") {
        vec![(rtn.clone(), true)]
    } else {
        vec![(name.clone(), false), (rtn.clone(), true)]
    };
    for (form, returns) in forms {
        let src =
            if returns { format!("{form} {dst}, v0, {operands}") } else { format!("{form} v0, {operands}") };
        let mut lds = vec![0u8; 64];
        for l in 0..3 {
            lds[stride * l..stride * l + 8].copy_from_slice(&k.mem.to_le_bytes());
        }
        let w = ok(&src, &mut lds, |w| {
            // Denormals kept (MODE.FP_DENORM = 3 for F32 and F64): the flushing rules have
            // their own test below.
            w.mode = 0xf0;
            w.sgpr[126] = 0b101;
            w.vgpr[0] = lanes(|l| (stride * l) as u32);
            w.vgpr[2] = [k.data as u32; 32];
            w.vgpr[3] = [(k.data >> 32) as u32; 32];
            w.vgpr[4] = [k.data2 as u32; 32];
            w.vgpr[5] = [(k.data2 >> 32) as u32; 32];
            w.vgpr[6] = [0xdddd_dddd; 32];
            w.vgpr[7] = [0xdddd_dddd; 32];
        });
        let width = if wide { 8 } else { 4 };
        let mask = if wide { u64::MAX } else { 0xffff_ffff };
        for l in [0usize, 2] {
            assert_eq!(le(&lds, stride * l, width), k.want & mask, "{src}: memory, lane {l}");
            let got = u64::from(w.vgpr[6][l]) | if wide { u64::from(w.vgpr[7][l]) << 32 } else { 0 };
            let want = if returns { k.mem & mask } else { 0xdddd_dddd_dddd_dddd & mask };
            assert_eq!(got, want, "{src}: return register, lane {l}");
        }
        assert_eq!(le(&lds, stride, 8), k.mem, "{src}: the inactive lane's memory");
        assert_eq!((w.vgpr[6][1], w.vgpr[7][1]), (0xdddd_dddd, 0xdddd_dddd), "{src}: inactive lane");
        if !wide {
            assert_eq!(w.vgpr[7][0], 0xdddd_dddd, "{src}: a 32-bit return writes one register");
        }
        assert_eq!(w.counters.lgkm, 1, "{src}: every DS instruction counts on LGKMcnt");
    }
}

#[test]
fn atomics_32_bit() {
    for k in ATOMICS_32 {
        atomic_case(k, false);
    }
}

#[test]
fn atomics_f32() {
    for k in ATOMICS_F32 {
        atomic_case(k, false);
    }
}

#[test]
fn atomics_64_bit() {
    for k in ATOMICS_64 {
        atomic_case(k, true);
    }
}

#[test]
fn atomics_of_all_lanes_on_one_address_see_each_other() {
    // 32 lanes add their lane number + 1 at one address: 1 + 2 + ... + 32 = 528. The guide
    // leaves the lane order open (12.5.1); ds.rs documents lane order, so lane l returns the
    // sum of the lanes before it.
    let mut lds = vec![0u8; 16];
    let w = ok("ds_add_rtn_u32 v1, v0, v2 offset:4", &mut lds, |w| w.vgpr[2] = lanes(|l| l as u32 + 1));
    assert_eq!(le(&lds, 4, 4), 528);
    for l in 0..32u32 {
        assert_eq!(w.vgpr[1][l as usize], l * (l + 1) / 2, "lane {l}");
    }
    // ds_inc_u32 with limit 3 wraps through 0, 1, 2, 3, 0, ... as lanes arrive.
    let mut lds = vec![0u8; 16];
    let w = ok("ds_inc_rtn_u32 v1, v0, v2", &mut lds, |w| w.vgpr[2] = [3; 32]);
    assert_eq!(&w.vgpr[1][..6], &[0, 1, 2, 3, 0, 1]);
    assert_eq!(le(&lds, 0, 4), 0, "32 increments modulo 4");
}

#[test]
fn the_address_sum_wraps_at_32_bits() {
    // ds.rs: VGPR[ADDR] + offset is a 32-bit sum (compiled code folds a constant offset into
    // the instruction and leaves a "negative" VGPR part).
    let mut lds = vec![0u8; 16];
    lds[8] = 0x5a;
    let w = ok("ds_load_u8 v1, v0 offset:1032\nds_load_u8 v2, v3 offset:8", &mut lds, |w| {
        w.vgpr[0] = [0xffff_fc00; 32];
        w.vgpr[3] = [0; 32];
    });
    assert_eq!(w.vgpr[1][0], 0x5a);
    assert_eq!(w.vgpr[2][0], 0x5a);
}

#[test]
fn condxchg32_writes_each_dword_whose_flag_is_set() {
    // ADDR0 = (ADDR + offset) & 0xfff8; DATA[31] and DATA[63] enable the two writes of the
    // low 31 bits; both old dwords return.
    let mut lds = vec![0u8; 64];
    lds[16..20].copy_from_slice(&0x1111_1111u32.to_le_bytes());
    lds[20..24].copy_from_slice(&0x2222_2222u32.to_le_bytes());
    let w = ok("ds_condxchg32_rtn_b64 v[4:5], v0, v[2:3] offset:2", &mut lds, |w| {
        w.sgpr[126] = 1;
        w.vgpr[0] = [0x13; 32];
        w.vgpr[2] = [0x8000_0abc; 32];
        w.vgpr[3] = [0x7fff_0def; 32];
    });
    assert_eq!((w.vgpr[4][0], w.vgpr[5][0]), (0x1111_1111, 0x2222_2222));
    assert_eq!(le(&lds, 16, 4), 0x0000_0abc, "flag set: written without it");
    assert_eq!(le(&lds, 20, 4), 0x2222_2222, "flag clear: kept");
}

#[test]
fn swizzle_quad_perm_and_bit_masks() {
    let data = lanes(|l| 0x100 + l as u32);
    let run = |off: &str, exec: u32| {
        let mut lds = [];
        ok(&format!("ds_swizzle_b32 v1, v0 offset:{off}"), &mut lds, |w| {
            w.sgpr[126] = exec;
            w.vgpr[0] = data;
            w.vgpr[1] = [0xdead; 32];
        })
        .vgpr[1]
    };
    // offset[15] = 1: quad mode, lane 4q+k takes lane 4q + offset[2k+1:2k]. 0x80b1 = [1,0,3,2].
    let v = run("0x80b1", u32::MAX);
    for l in 0..32 {
        assert_eq!(v[l], data[l ^ 1], "quad perm lane {l}");
    }
    // 0x801b = [3,2,1,0]: each quad reversed.
    let v = run("0x801b", u32::MAX);
    assert_eq!(&v[..8], &[0x103, 0x102, 0x101, 0x100, 0x107, 0x106, 0x105, 0x104]);
    // offset[15] = 0: j = ((i & and_mask) | or_mask) ^ xor_mask, fields [4:0], [9:5], [14:10].
    // SWAPX16: xor 0x10, and 0x1f.
    let v = run("0x401f", u32::MAX);
    for l in 0..32 {
        assert_eq!(v[l], data[l ^ 16], "swapx16 lane {l}");
    }
    // REVERSEX8: xor 0x07.
    let v = run("0x1c1f", u32::MAX);
    assert_eq!(&v[8..16], &[0x10f, 0x10e, 0x10d, 0x10c, 0x10b, 0x10a, 0x109, 0x108]);
    // BCASTX4 of thread 2: and 0x1c, or 2.
    let v = run("0x005c", u32::MAX);
    for l in 0..32 {
        assert_eq!(v[l], data[(l & 0x1c) | 2], "bcastx4 lane {l}");
    }
    // BCASTX32 of thread 5: and 0, or 5.
    assert_eq!(run("0x00a0", u32::MAX), [0x105; 32]);
    // Reading an inactive lane gives 0; inactive lanes are not written. EXEC = all but lane 1
    // and lane 6: with SWAPX1, lane 0 reads lane 1 (inactive) -> 0; lane 6 keeps 0xdead.
    let exec = !(1u32 << 1 | 1 << 6);
    let v = run("0x041f", exec);
    assert_eq!((v[0], v[1], v[6], v[7], v[2]), (0, 0xdead, 0xdead, 0, 0x103));
    // EXEC == 0 writes nothing.
    assert_eq!(run("0x041f", 0), [0xdead; 32]);
}

#[test]
fn swizzle_fft_and_rotate_modes_match_the_guide_examples() {
    // The guide's examples use input {1, 2, ..., 0x20}.
    let data = lanes(|l| l as u32 + 1);
    let run = |off: u32| {
        let mut lds = [];
        ok(&format!("ds_swizzle_b32 v1, v0 offset:{off:#x}"), &mut lds, |w| w.vgpr[0] = data).vgpr[1]
    };
    // FFT mode, offset >= 0xe000, offset[4:0] = 0x00 and 0x10; 0x1f: no swizzle.
    let fft00 = [
        0x1, 0x11, 0x9, 0x19, 0x5, 0x15, 0xd, 0x1d, 0x3, 0x13, 0xb, 0x1b, 0x7, 0x17, 0xf, 0x1f, 0x2, 0x12,
        0xa, 0x1a, 0x6, 0x16, 0xe, 0x1e, 0x4, 0x14, 0xc, 0x1c, 0x8, 0x18, 0x10, 0x20,
    ];
    let fft10 = [
        0x1, 0x9, 0x5, 0xd, 0x3, 0xb, 0x7, 0xf, 0x2, 0xa, 0x6, 0xe, 0x4, 0xc, 0x8, 0x10, 0x11, 0x19, 0x15,
        0x1d, 0x13, 0x1b, 0x17, 0x1f, 0x12, 0x1a, 0x16, 0x1e, 0x14, 0x1c, 0x18, 0x20,
    ];
    assert_eq!(run(0xe000), fft00);
    assert_eq!(run(0xe010), fft10);
    assert_eq!(run(0xe01f), data);
    // Rotate mode (0xc000..0xe000): offset[9:5] = 1, mask 0; left (offset[10] = 0) and right.
    let left: [u32; 32] = std::array::from_fn(|l| data[(l + 1) % 32]);
    let right: [u32; 32] = std::array::from_fn(|l| data[(l + 31) % 32]);
    assert_eq!(run(0xc020), left);
    assert_eq!(run(0xc420), right);
    // With mask = 1 the guide's examples ({2,1,4,7,...} left, {1e,1,4,3,...} right) do not
    // follow its own pseudocode, j = (i & mask) | ((i + rotate) & ~mask): the pseudocode is
    // tested (lane 0 keeps bit 0 = 0 and takes bits 4:1 of 0 + 1 = 0, so reads lane 0; lane 1
    // reads (1 & 1) | (2 & ~1) = 3).
    let v = run(0xc021);
    assert_eq!(&v[..4], &[data[0], data[3], data[2], data[5]]);
}

#[test]
fn permute_and_bpermute_follow_the_guide_examples() {
    let data = lanes(|l| 0xa0 + l as u32);
    let run = |op: &str, exec: u32, idx: [u32; 32], off: u32| {
        let mut lds = [];
        ok(&format!("{op} v1, v0, v2 offset:{off}"), &mut lds, |w| {
            w.sgpr[126] = exec;
            w.vgpr[0] = idx;
            w.vgpr[1] = [0xdead; 32];
            w.vgpr[2] = data;
        })
        .vgpr[1]
    };
    // The guide's 4-lane example: ADDR = {0, 0, 12, 4}; the other lanes point at themselves.
    let idx = lanes(|l| match l {
        0 | 1 => 0,
        2 => 12,
        3 => 4,
        _ => 4 * l as u32,
    });
    // ds_permute: Dst[index[i]] = src[i]; lanes 0 and 1 both write lane 0 and the highest
    // source lane wins; no lane writes lane 2, which gets 0.
    let v = run("ds_permute_b32", u32::MAX, idx, 0);
    assert_eq!(&v[..4], &[data[1], data[3], 0, data[2]], "{{B, D, 0, C}}");
    assert_eq!(v[4], data[4]);
    // EXEC = 0xA (lanes 1, 3 and 4..): {-, D, -, 0}.
    let v = run("ds_permute_b32", !0x5, idx, 0);
    assert_eq!(&v[..4], &[0xdead, data[3], 0xdead, 0]);
    // ds_bpermute: Dst[i] = src[index[i]]: {A, A, D, B}; with EXEC = 0xA: {-, 0, -, B}.
    let v = run("ds_bpermute_b32", u32::MAX, idx, 0);
    assert_eq!(&v[..4], &[data[0], data[0], data[3], data[1]]);
    let v = run("ds_bpermute_b32", !0x5, idx, 0);
    assert_eq!(&v[..4], &[0xdead, 0, 0xdead, data[1]]);
    // Only index bits [6:2] count: 0x84 and 0xffff_ff80 + 4 both name lane 1; the offset is
    // added before: lane (idx + 8) / 4 % 32.
    let wrap = lanes(|l| if l % 2 == 0 { 0x84 } else { 0xffff_ff84 });
    assert_eq!(run("ds_bpermute_b32", u32::MAX, wrap, 0), [data[1]; 32]);
    assert_eq!(run("ds_bpermute_b32", u32::MAX, wrap, 8), [data[3]; 32]);
    // Rotation by one lane (the common use), with byte index 4 * (l + 1) wrapping at lane 31.
    let rot = lanes(|l| 4 * (l as u32 + 1));
    let v = run("ds_bpermute_b32", u32::MAX, rot, 0);
    assert_eq!((v[0], v[30], v[31]), (data[1], data[31], data[0]));
    // EXEC == 0: nothing is written.
    assert_eq!(run("ds_bpermute_b32", 0, rot, 0), [0xdead; 32]);
    assert_eq!(run("ds_permute_b32", 0, rot, 0), [0xdead; 32]);
}

#[test]
fn append_and_consume_count_active_lanes_at_m0_plus_offset() {
    // addr = M0.base + offset (M0[15:0] is the LDS byte address, the value LLVM puts there);
    // the pre-op value returns to every active lane.
    let mut lds = vec![0u8; 64];
    lds[0x14..0x18].copy_from_slice(&100u32.to_le_bytes());
    let w = ok("ds_append v1 offset:4\nds_consume v2 offset:4\nds_consume v3 offset:4", &mut lds, |w| {
        w.sgpr[125] = 0x10;
        w.sgpr[126] = 0x8000_0f01; // 6 lanes
        w.vgpr[1] = [0xdead; 32];
    });
    assert_eq!(w.vgpr[1][0], 100);
    assert_eq!(w.vgpr[1][31], 100);
    assert_eq!(w.vgpr[1][1], 0xdead, "inactive lanes get nothing");
    assert_eq!(w.vgpr[2][8], 106);
    assert_eq!(w.vgpr[3][8], 100);
    assert_eq!(le(&lds, 0x14, 4), 94);
    assert_eq!(le(&lds, 0x10, 4), 0, "M0 alone is not the address");
    // Consume below zero wraps (a plain 32-bit subtraction).
    let mut lds = vec![0u8; 8];
    ok("ds_consume v1", &mut lds, |w| w.sgpr[126] = 0b111);
    assert_eq!(le(&lds, 0, 4), 0xffff_fffd);
    // EXEC == 0 adds nothing and writes no lane.
    let mut lds = vec![0u8; 8];
    lds[0] = 5;
    let w = ok("ds_append v1", &mut lds, |w| {
        w.sgpr[126] = 0;
        w.vgpr[1] = [0xdead; 32];
    });
    assert_eq!(le(&lds, 0, 4), 5);
    assert_eq!(w.vgpr[1], [0xdead; 32]);
}

#[test]
fn addtid_forms_use_m0_and_the_lane_id() {
    // MEM[{OFFSET1, OFFSET0} + M0[15:0] + laneID * 4].
    let mut lds = vec![0u8; 256];
    let w = ok("ds_store_addtid_b32 v1 offset:8\nds_load_addtid_b32 v2 offset:4", &mut lds, |w| {
        w.sgpr[125] = 0xffff_0010; // only M0[15:0] counts
        w.sgpr[126] = 0xffff_fffe;
        w.vgpr[1] = lanes(|l| 0x500 + l as u32);
    });
    assert_eq!(le(&lds, 0x18, 4), 0, "lane 0 is inactive");
    assert_eq!(le(&lds, 0x18 + 4, 4), 0x501);
    assert_eq!(le(&lds, 0x18 + 124, 4), 0x51f);
    // The load starts 4 bytes lower: lane l reads what lane l - 1 stored.
    assert_eq!(w.vgpr[2][2], 0x501);
    assert_eq!(w.vgpr[2][31], 0x51e);
}

#[test]
fn addresses_outside_the_allocation_fault_before_anything_is_written() {
    // The guide (11.3, 12.7) lets out-of-range accesses trap (MEMVIOL) when range reporting
    // is on, or drop writes and read 0; ds.rs documents the trap: the wave stops with a fault
    // naming the lane and the address, and no lane's access happens.
    let mut lds = vec![0u8; 64];
    let (w, f) = ds("ds_store_b32 v0, v1", &mut lds, |w| {
        w.vgpr[0] = lanes(|l| if l == 3 { 64 } else { 4 * l as u32 % 64 });
        w.vgpr[1] = [0x77; 32];
    });
    let Some(Fault::Memory { pc, what }) = f else { panic!("{f:?}") };
    assert_eq!(pc, BASE);
    assert!(what.contains("lane 3") && what.contains("0x40"), "{what}");
    assert!(lds.iter().all(|&b| b == 0), "no lane stored");
    assert_eq!(w.pc, BASE, "the faulting instruction did not retire");
    // A load straddling the end faults too, and leaves its destination alone.
    let (w, f) = ds("ds_load_b64 v[2:3], v0", &mut lds, |w| {
        w.vgpr[0] = lanes(|l| if l == 5 { 60 } else { 0 });
        w.vgpr[2] = [0xdead; 32];
    });
    assert!(
        matches!(&f, Some(Fault::Memory { what, .. }) if what.contains("lane 5") && what.contains("0x3c"))
    );
    assert_eq!(w.vgpr[2], [0xdead; 32]);
    // The 16-bit offset is added first: 60 + offset 8.
    let (_, f) = ds("ds_load_b32 v2, v0 offset:8", &mut lds, |w| w.vgpr[0] = [60; 32]);
    assert!(matches!(f, Some(Fault::Memory { .. })));
    // Atomics and the second address of the two-address forms are checked too.
    let (_, f) = ds("ds_add_u32 v0, v1 offset:64", &mut lds, |_| {});
    assert!(matches!(f, Some(Fault::Memory { .. })));
    let (_, f) = ds("ds_store_2addr_b32 v0, v1, v2 offset0:0 offset1:16", &mut lds, |_| {});
    assert!(matches!(f, Some(Fault::Memory { .. })), "OFFSET1 * 4 = 64 is out of range");
    // An inactive lane's address is not checked.
    let (_, f) = ds("ds_store_b32 v0, v1", &mut lds, |w| {
        w.sgpr[126] = !(1 << 3);
        w.vgpr[0] = lanes(|l| if l == 3 { 0x1_0000 } else { 0 });
    });
    assert_eq!(f, None);
    // Permute and swizzle touch no LDS memory: they run with no allocation at all.
    let mut none = [];
    ok("ds_bpermute_b32 v1, v0, v2\nds_swizzle_b32 v1, v0 offset:0x80b1", &mut none, |_| {});
}

#[test]
fn exec_zero_changes_nothing_but_the_counter() {
    let mut lds = image(256);
    let before = lds.clone();
    let src = "ds_store_b32 v0, v1\nds_add_rtn_u32 v2, v0, v1\nds_load_b128 v[4:7], v0\n\
               ds_store_2addr_b64 v0, v[4:5], v[6:7] offset0:1 offset1:2";
    let w = ok(src, &mut lds, |w| {
        w.sgpr[126] = 0;
        w.vgpr[0] = [0x1000; 32]; // out of range, but no lane is active
        for r in 1..8 {
            w.vgpr[r] = [0xdead; 32];
        }
    });
    assert_eq!(lds, before);
    for r in 1..8 {
        assert_eq!(w.vgpr[r], [0xdead; 32], "v{r}");
    }
    // LDS instructions are not skipped when EXEC == 0 (guide 3.2.3): each still counts.
    assert_eq!(w.counters.lgkm, 4);
}

/// Guide 13.2: LDS float atomics follow MODE's denormal bits; min/max flush only for the
/// comparison and store an unmodified source; compare-store flushes its result.
#[test]
fn float_atomics_flush_denormals_as_mode_says() {
    let tiny = 0x0000_0001u32; // the smallest F32 denormal
    let run = |src: &str, mode: u32, mem: u32, data: u32, data2: u32| -> u32 {
        let mut lds = vec![0u8; 64];
        lds[..4].copy_from_slice(&mem.to_le_bytes());
        ok(src, &mut lds, |w| {
            w.mode = mode;
            w.sgpr[126] = 1;
            w.vgpr[0] = [0; 32];
            w.vgpr[2] = [data; 32];
            w.vgpr[4] = [data2; 32];
        });
        u32::from_le_bytes([lds[0], lds[1], lds[2], lds[3]])
    };
    // Add: denormals kept with FP_DENORM = 3, flushed (inputs and result) with 0.
    assert_eq!(run("ds_add_f32 v0, v2", 0xf0, tiny, tiny, 0), 2);
    assert_eq!(run("ds_add_f32 v0, v2", 0x00, tiny, tiny, 0), 0);
    // Min: 0 vs a flushed denormal compare equal; the result is a source as it was.
    assert_eq!(run("ds_min_f32 v0, v2", 0xf0, 0, tiny, 0), 0);
    assert_eq!(run("ds_min_f32 v0, v2", 0x00, 0x8000_0000, tiny, 0), 0x8000_0000);
    assert_eq!(run("ds_max_f32 v0, v2", 0xf0, 0, tiny, 0), tiny);
    // Compare-store: the stored value is flushed when inputs are.
    assert_eq!(run("ds_cmpstore_f32 v0, v2, v4", 0xf0, 5, tiny, 5), tiny);
    assert_eq!(run("ds_cmpstore_f32 v0, v2, v4", 0x00, 5, tiny, 5), 0);
}

#[test]
fn overlapping_stores_leave_the_highest_lanes_data() {
    // Lanes store in order, ADDR0 before ADDR1 within a lane, so the last store wins.
    let mut lds = vec![0u8; 256];
    ok("ds_store_b32 v0, v1", &mut lds, |w| {
        w.vgpr[0] = [8; 32];
        w.vgpr[1] = lanes(|l| 0x100 + l as u32);
    });
    assert_eq!(le(&lds, 8, 4), 0x11f, "lane 31 stored last");
    // Lane l writes DATA0 at 4l and DATA1 at 4l + 4, where lane l + 1 then writes DATA0.
    let mut lds = vec![0u8; 256];
    ok("ds_store_2addr_b32 v0, v1, v2 offset1:1", &mut lds, |w| {
        w.vgpr[0] = lanes(|l| 4 * l as u32);
        w.vgpr[1] = lanes(|l| 0xa00 + l as u32);
        w.vgpr[2] = lanes(|l| 0xb00 + l as u32);
    });
    for l in 0..32 {
        assert_eq!(le(&lds, 4 * l, 4), 0xa00 + l as u64, "lane {l}'s DATA0 overwrote lane {l} - 1's DATA1");
    }
    assert_eq!(le(&lds, 128, 4), 0xb1f, "lane 31's DATA1");
}

#[test]
fn dword_loads_check_active_lanes_only_and_up_to_the_last_byte() {
    // The fast dword path checks every active lane's address before reading any.
    let mut lds = image(64);
    let img = lds.clone();
    // The last dword of the allocation is in range for both forms.
    let w = ok("ds_load_b32 v2, v0\nds_load_2addr_b32 v[3:4], v1 offset1:15", &mut lds, |w| {
        w.vgpr[0] = [60; 32];
        w.vgpr[1] = [0; 32];
    });
    assert_eq!(w.vgpr[2][7], le(&img, 60, 4) as u32);
    assert_eq!((w.vgpr[3][0], w.vgpr[4][31]), (le(&img, 0, 4) as u32, le(&img, 60, 4) as u32));
    // One byte further faults, naming the lane, and writes nothing.
    let (w, f) = ds("ds_load_2addr_b32 v[3:4], v1 offset1:15", &mut lds, |w| {
        w.vgpr[1] = lanes(|l| if l == 9 { 1 } else { 0 });
        w.vgpr[3] = [0xdead; 32];
    });
    assert!(matches!(&f, Some(Fault::Memory { what, .. }) if what.contains("lane 9")), "{f:?}");
    assert_eq!(w.vgpr[3], [0xdead; 32]);
    // An inactive lane's address is not checked, and its destination lane is kept.
    let w = ok("ds_load_2addr_b32 v[3:4], v1 offset1:1", &mut lds, |w| {
        w.sgpr[126] = !(1 << 4);
        w.vgpr[1] = lanes(|l| if l == 4 { 0xffff_fff0 } else { 8 });
        w.vgpr[3] = [0xdead; 32];
    });
    assert_eq!((w.vgpr[3][4], w.vgpr[3][5]), (0xdead, le(&img, 8, 4) as u32));
    // With no LDS at all, EXEC == 0 still runs (and reads nothing).
    let mut none = [];
    let w = ok("ds_load_b32 v2, v0", &mut none, |w| {
        w.sgpr[126] = 0;
        w.vgpr[2] = [5; 32];
    });
    assert_eq!(w.vgpr[2], [5; 32]);
}
