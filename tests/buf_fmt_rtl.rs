//! The buffer-format converter (`cu_pkg`'s `bfmt_load`, `bfmt_store`, `bfmt_store16` and
//! `buf_fmt`, from `templates/cu_buf_fmt.sv`, as checked in to `rtl/`) on its own, against the
//! golden model's conversions (`sim::golden::format_load`/`format_store`, which MUBUF's and
//! MTBUF's format rows execute through): every (width, numeric format) pair a unified format
//! has, every memory component of up to 16 bits loaded (32-bit and D16), every D16 value
//! stored, and F32 stores biased toward the hard cases: each representable integer result's
//! value and the ties between two of them with their neighbouring floats (all of them for
//! widths up to 11 bits, a sample for 16), zeros, denormals, infinities, NaNs, values past
//! the range, integer edges for UINT and SINT, and random bit patterns. `buf_fmt` is checked
//! for every unified format against the ISA crate's table. The compute unit's format pass
//! (component selection, dst_sel, D16 packing) is the co-simulation's (tests/mem_cosim.rs).
//!
//! The vectors go to a binary file that the Verilator testbench `tests/rtl/tb_cu_buf_fmt.cpp`
//! evaluates one by one. `RDNA3_FUZZ_SEED=S` draws the random ones from another seed.
//! Needs Verilator.

use std::collections::BTreeSet;

use conformance::testbench as tb;
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use rdna3_isa::operand::{buf_data_layout, buf_format_parts};
use sim::golden::{format_load, format_store};

const UNORM: u32 = 0;
const SNORM: u32 = 1;
const USCALED: u32 = 2;
const SSCALED: u32 = 3;
const UINT: u32 = 4;
const SINT: u32 = 5;

/// Every (component width, numeric format code) a unified format has.
fn pairs() -> BTreeSet<(u32, u32)> {
    let mut out = BTreeSet::new();
    for v in 0..64 {
        if let Some((d, n)) = buf_format_parts(v) {
            let (_, fields) =
                buf_data_layout(d).unwrap_or_else(|| panic!("format {v}: data format {d} has no layout"));
            out.extend(fields.iter().map(|&(_, w)| (w, n)));
        }
    }
    out
}

/// `buf_fmt(v)` as cu_pkg's packed `buf_fmt_t` (valid, bytes, n, num, at[3:0], bits[3:0]).
fn packed_fmt(v: u32) -> u64 {
    let Some((d, n)) = buf_format_parts(v) else { return 0 };
    let (bytes, fields) = buf_data_layout(d).expect("a layout");
    let mut x = 1u64 << 63 | u64::from(bytes) << 58 | (fields.len() as u64) << 55 | u64::from(n) << 52;
    for (i, &(at, w)) in fields.iter().enumerate() {
        x |= u64::from(at) << (24 + 7 * i) | u64::from(w) << (6 * i);
    }
    x
}

struct Vectors(Vec<u8>, usize);

impl Vectors {
    fn push(&mut self, words: [u32; 4]) {
        for w in words {
            self.0.extend_from_slice(&w.to_le_bytes());
        }
        self.1 += 1;
    }
    fn conv(&mut self, op: u32, v: u32, bits: u32, num: u32) {
        let expected = match op {
            0 | 1 => format_load(v, bits, num as u8, op == 1),
            _ => format_store(v, bits, num as u8, op == 3),
        }
        .unwrap_or_else(|| panic!("numeric format {num} has no conversion"));
        self.push([op | bits << 8 | num << 16, v, expected, 0]);
    }
}

/// F32 values that a store of (bits, num) must get right: the special values, each
/// representable result's value and the ties between neighbours, with the floats next to
/// them (all results up to 11 bits, a sample above), and random patterns.
fn store_values(bits: u32, num: u32, rng: &mut SmallRng) -> Vec<u32> {
    let mut out: Vec<u32> = vec![
        0,
        0x8000_0000,
        1,
        0x8000_0001,
        0x007f_ffff,
        0x807f_ffff,
        0x0080_0000,
        0x8080_0000,
        0x3f80_0000,
        0xbf80_0000,
        0x3f00_0000,
        0xbf00_0000,
        0x7f80_0000,
        0xff80_0000,
        0x7fc0_0000,
        0xffc0_0000,
        0x7f80_0001,
        0xff80_0001,
        0x7fbf_ffff,
        0x7f7f_ffff,
        0xff7f_ffff,
        0x4f80_0000,
        0xcf00_0000,
        0x4f00_0000,
    ];
    let m = if bits >= 32 { u32::MAX } else { (1u32 << bits) - 1 };
    let hi = (1u32 << (bits.min(32) - 1)) - 1;
    match num {
        UINT | SINT => {
            for x in [
                0u32,
                1,
                2,
                hi - 1,
                hi,
                hi + 1,
                hi + 2,
                m - 1,
                m,
                m.wrapping_add(1),
                i32::MAX as u32,
                1 << 31,
            ] {
                for d in [0u32, 1, 2] {
                    out.extend([x.wrapping_add(d), x.wrapping_sub(d), x.wrapping_neg().wrapping_sub(d)]);
                }
            }
            out.extend((0..4096).map(|_| rng.random::<u32>() >> rng.random_range(0..32)));
            out.extend((0..2048).map(|_| (rng.random::<u32>() >> rng.random_range(0..32)).wrapping_neg()));
        }
        UNORM | SNORM | USCALED | SSCALED => {
            let scale = match num {
                UNORM => f64::from(m),
                SNORM => f64::from(hi),
                _ => 1.0,
            };
            let (lo, top) = match num {
                UNORM | USCALED => (-2i64, i64::from(m) + 2),
                _ => (-i64::from(hi) - 3, i64::from(hi) + 2),
            };
            let qs: Vec<i64> = if top - lo <= 4200 {
                (lo..=top).collect()
            } else {
                let mut q: Vec<i64> = (lo..lo + 64).chain(top - 64..=top).chain(-64..64).collect();
                q.extend((0..2048).map(|_| rng.random_range(lo..=top)));
                q
            };
            for q in qs {
                for x in [q as f64 / scale, (q as f64 + 0.5) / scale] {
                    let b = (x as f32).to_bits();
                    out.extend([
                        b,
                        b.wrapping_add(1),
                        b.wrapping_sub(1),
                        b.wrapping_add(2),
                        b.wrapping_sub(2),
                    ]);
                }
            }
        }
        _ => {
            // FLOAT: every exponent from the targets' denormals to past their range, with
            // mantissas whose dropped bits are all zeros, all ones, or random.
            for e in 90u32..=150 {
                for s in [0u32, 1 << 31] {
                    for mant in [0u32, 0x7f_ffff, 0x40_0000, 0x00_0001, rng.random::<u32>() & 0x7f_ffff] {
                        out.push(s | e << 23 | mant);
                    }
                }
            }
        }
    }
    out.extend((0..4096).map(|_| rng.random::<u32>()));
    out.extend((0..4096).map(|_| rng.random_range(100u32..=150) << 23 | rng.random::<u32>() & 0x807f_ffff));
    out
}

fn vectors(seed: u64) -> Vectors {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut vs = Vectors(Vec::new(), 0);
    for v in 0..64 {
        vs.push([1 << 24, v, packed_fmt(v) as u32, (packed_fmt(v) >> 32) as u32]);
    }
    let pairs = pairs();
    assert!(pairs.len() >= 15, "only {} (width, numeric format) pairs", pairs.len());
    for &(bits, num) in &pairs {
        // Loads: every component below 32 bits, 32-bit ones' edges and random ones.
        let raws: Vec<u32> = if bits < 32 {
            (0..1u32 << bits).collect()
        } else {
            let mut r =
                vec![0, 1, 0x7f7f_ffff, 0x7f80_0000, 0x7f80_0001, 0x7fc0_0000, 0xffff_ffff, 0x8000_0000];
            r.extend([
                0x3380_0000u32,
                0x3300_0000,
                0x3880_0000,
                0x477f_e000,
                0x477f_f000,
                0x4780_0000,
                0x0000_ffff,
            ]);
            r.extend((0..8192).map(|_| rng.random::<u32>()));
            r
        };
        for op in [0, 1] {
            for &raw in &raws {
                vs.conv(op, raw, bits, num);
            }
        }
        for v in store_values(bits, num, &mut rng) {
            vs.conv(2, v, bits, num);
        }
        for h in 0..0x1_0000 {
            vs.conv(3, h, bits, num);
        }
    }
    vs
}

#[test]
fn buffer_format_converter_matches_the_golden_model() {
    if !conformance::require_verilator("buf_fmt_rtl") {
        return;
    }
    let seed = match std::env::var("RDNA3_FUZZ_SEED") {
        Ok(v) => v.parse().unwrap_or_else(|_| panic!("RDNA3_FUZZ_SEED={v} is not a number")),
        Err(_) => 0xbf,
    };
    let dir = conformance::fresh_dir(env!("CARGO_TARGET_TMPDIR"), "buf_fmt_tb");
    let file = dir.join("vectors.bin");
    let vs = vectors(seed);
    std::fs::write(&file, &vs.0).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    let sources = [tb::rtl("cu_pkg.sv"), tb::tb("tb_cu_buf_fmt.sv"), tb::tb("tb_cu_buf_fmt.cpp")];
    let exe = tb::verilate(&dir.join("obj"), "tb_cu_buf_fmt", &["-O1".into()], &sources);
    let what = format!("the buffer-format converter differs from the golden model (seed {seed})");
    let pass = tb::run(&exe, &[&file], "PASS tb_cu_buf_fmt:", &what);
    println!("{pass} ({} width and numeric format pairs)", pairs().len());
    // Only a passing run's files are removed; a failing one's stay for debugging.
    let _ = std::fs::remove_dir_all(&dir);
}
