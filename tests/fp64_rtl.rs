//! The F64 unit (`rtl/cu_fp64.sv` with `cu_pkg.sv`'s rounding functions, as checked in) on its
//! own, without the compute unit around it, against the golden model: for every row the unit
//! executes (VOP3, with OMOD and CLAMP), operand sets biased toward the hard cases (zeros,
//! denormals, the smallest and largest normals, infinities, quiet and signalling NaNs,
//! operands that cancel or tie, products that underflow or overflow, addends far above and
//! below the product) under random MODE settings go through one golden instruction per 32
//! sets; the golden results and the operands go to a file that the Verilator testbench
//! `tests/rtl/tb_cu_fp64.cpp` gives the unit 32 lanes at a time, checking every lane's result
//! when the unit's F64Cycles (its recurrence's rows: F64TransCycles, F64RsqCycles) are over.
//!
//! 100,000 operand sets in CI; `RDNA3_FP64_VECTORS=N` runs N.
//!
//! Needs Verilator; without it the test fails and says how to install it, unless
//! `RDNA3_SKIP_VERILATOR=1` is set.

use std::fmt::Write as _;

use conformance::testbench as tb;
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use rdna3_isa::{Field, InstDef, Kind, Role, Ty, table};
use sim::golden::memory::Memory;
use sim::golden::{Code, Env, Program, Status, Wave, exec_in};

const BASE: u64 = 0x1000;
const SEED: u64 = 0xf64_f64;
const DEFAULT_VECTORS: usize = 100_000;

/// The rows the F64 unit executes (the mnemonics `cu_fp64.sv` names in its case labels), in
/// their VOP3 form, with their `valu_op_e` values.
fn rows() -> Vec<(&'static InstDef, u32)> {
    let files = hdl_gen::sv::generate(&hdl_gen::sv::Config::default()).expect("generating the RTL");
    let fp: Vec<hdl_gen::sv::File> = files.into_iter().filter(|f| f.name == "cu_fp64.sv").collect();
    assert_eq!(fp.len(), 1, "hdl-gen generates cu_fp64.sv");
    let names = hdl_gen::sv::valu::vop_names();
    let out: Vec<(&'static InstDef, u32)> = hdl_gen::sv::rtl_ops(&fp)
        .into_iter()
        .map(|name| {
            let d = table()
                .all_by_name(&name)
                .find(|d| matches!(d.format().name.as_str(), "VOP3" | "VOP3SD"))
                .unwrap_or_else(|| panic!("{name} has no VOP3 or VOP3SD form"));
            let vop = hdl_gen::sv::valu::vop_name(d);
            let index = names.iter().position(|n| *n == vop).expect("every VALU row has a valu_op_e member");
            (d, index as u32 + 1)
        })
        .collect();
    assert!(out.len() >= 3, "only {} rows of the F64 unit found", out.len());
    out
}

/// An F64 of sign `s`, biased exponent field `e` (0 to 2047, clamped) and fraction `f`.
fn f64_of(s: bool, e: i64, f: u64) -> u64 {
    conformance::float_edges::Format::F64.of(s, e, f)
}

/// An F64 operand biased toward the hard cases; `near` is another operand of the same set.
fn operand(rng: &mut SmallRng, near: u64) -> u64 {
    const SPECIAL: [u64; 18] = [
        0,
        0x8000_0000_0000_0000,
        1,
        0x8000_0000_0000_0001,
        0x000f_ffff_ffff_ffff,
        0x0010_0000_0000_0000,
        0x8010_0000_0000_0000,
        0x7fef_ffff_ffff_ffff,
        0xffef_ffff_ffff_ffff,
        0x7ff0_0000_0000_0000,
        0xfff0_0000_0000_0000,
        0x7ff8_0000_0000_0000,
        0xfff8_0000_0000_0000,
        0x7ff0_0000_0000_0001,
        0x7ff7_ffff_ffff_ffff,
        0x3ff0_0000_0000_0000,
        0xbff0_0000_0000_0000,
        0x3fe0_0000_0000_0000,
    ];
    let r: u64 = rng.random();
    let ne = (near >> 52 & 0x7ff) as i64;
    match rng.random_range(0..15) {
        0 => SPECIAL[rng.random_range(0..SPECIAL.len())],
        // Denormals.
        1 => r & 0x800f_ffff_ffff_ffff,
        // Near `near`: the same exponent (cancellation), or some binades apart (ties, sticky,
        // an addend far above or below the product).
        2 => (r & 0x800f_ffff_ffff_ffff) | (near & 0x7ff0_0000_0000_0000),
        3 => f64_of(r >> 63 != 0, ne - rng.random_range(-2..60), r),
        4 => f64_of(r >> 63 != 0, ne + rng.random_range(-120..120), r),
        // Few significant bits: exact products, ties.
        5 => r & 0xffff_f000_0000_0000,
        // Tiny and huge magnitudes: underflowing and overflowing products.
        6 => f64_of(r >> 63 != 0, rng.random_range(1..600), r),
        7 => f64_of(r >> 63 != 0, rng.random_range(1500..2047), r),
        // Products near the denormal range: exponents that sum to about the bias.
        8 => f64_of(r >> 63 != 0, 1023 - ne + rng.random_range(-60..8), r),
        // Integers and halves up to 32: the rounding rows' ties (1.5, 2.5, ...).
        9 => {
            let v = f64::from(rng.random_range(0..64u32)) * 0.5;
            (if r >> 63 != 0 { -v } else { v }).to_bits()
        }
        // Near the 32-bit integers' bounds (v_cvt_i32_f64 and v_cvt_u32_f64 saturate there).
        10 => {
            let k = [2f64.powi(31), 2f64.powi(32), 1.0][rng.random_range(0..3)];
            let v = k + f64::from(rng.random_range(-8..8i32)) * 0.25;
            (if r >> 63 != 0 { -v } else { v }).to_bits()
        }
        // In F32's range with the bits below F32's precision at a tie, just off it, or zero
        // (v_cvt_f32_f64's rounding, its denormals and its overflow).
        11 => {
            let low = [0x1000_0000, 0x0fff_ffff, 0x1000_0001, 0][rng.random_range(0..4)];
            f64_of(r >> 63 != 0, 1023 + rng.random_range(-155..130), (r & !0x1fff_ffff) | low)
        }
        _ => r,
    }
}

/// A 32-bit source's operand: an F32 biased as [`operand`] biases F64 ones, or an integer
/// (signed or not) biased toward zero, small values and the bounds.
fn operand32(rng: &mut SmallRng, ty: Ty) -> u32 {
    let r: u32 = rng.random();
    if ty == Ty::F32 {
        const SPECIAL: [u32; 12] = [
            0,
            0x8000_0000,
            1,
            0x807f_ffff,
            0x0080_0000,
            0x7f7f_ffff,
            0x7f80_0000,
            0xff80_0000,
            0x7fc0_0000,
            0x7f80_0001,
            0xffbf_ffff,
            0x3f80_0000,
        ];
        return match rng.random_range(0..4) {
            0 => SPECIAL[rng.random_range(0..SPECIAL.len())],
            1 => r & 0x807f_ffff,
            _ => r,
        };
    }
    match rng.random_range(0..4) {
        0 => [0, 1, 0xffff_ffff, 0x8000_0000, 0x7fff_ffff][rng.random_range(0..5)],
        1 => (rng.random_range(-64..64i32)) as u32,
        _ => r >> rng.random_range(0..32),
    }
}

/// Operands of the recurrence's rows at the edges of their rules, for half of the sets (None:
/// the ordinary operands): squares of values of few significant bits (exact roots, no sticky
/// bit: the directed modes' bound), powers of two and their neighbours (exact and nearly exact
/// reciprocals), values at and next to 2^1022 (a denormal reciprocal's bound, and the
/// largest values whose reciprocals are normal), and denormals with odd and even exponents of
/// their least significant bit; for `v_trig_preop_f64`, source 0's exponent field at and next
/// to its bounds, 1077 (the segments' shift grows beyond it) and 1968 (the scale by 2^128), and
/// at 0 and 2047.
fn trans_operand(rng: &mut SmallRng, m: rdna3_isa::Mnemonic) -> Option<u64> {
    use rdna3_isa::Mnemonic as M;
    if !matches!(m, M::v_rcp_f64 | M::v_rsq_f64 | M::v_sqrt_f64 | M::v_trig_preop_f64)
        || rng.random_range(0..2) == 0
    {
        return None;
    }
    let sign = rng.random_range(0..8) == 0;
    if m == M::v_trig_preop_f64 {
        let e = [0, 1076, 1077, 1078, 1967, 1968, 1969, 2047][rng.random_range(0..8)];
        return Some(f64_of(sign, e + rng.random_range(-1..=1) * rng.random_range(0..2), rng.random()));
    }
    Some(match rng.random_range(0..5) {
        0 => {
            let s = f64::from(rng.random_range(1..1u32 << 26)) * 2f64.powi(rng.random_range(-560..480));
            let sq = (s * s).to_bits();
            if sign { sq | 1 << 63 } else { sq }
        }
        1 => f64_of(sign, rng.random_range(1..=2046), [0, 1, 0xf_ffff_ffff_ffff][rng.random_range(0..3)]),
        2 => f64_of(sign, rng.random_range(2043..=2046), rng.random::<u64>() >> rng.random_range(0..53)),
        3 => f64_of(sign, 0, rng.random::<u64>() >> rng.random_range(0..53)),
        _ => f64_of(sign, rng.random_range(0..=2047), rng.random()),
    })
}

/// v[n:n+1] for a 64-bit operand, vn for a 32-bit one (v_ldexp_f64's exponent,
/// v_frexp_exp_i32_f64's result).
fn reg(ty: Option<Ty>, n: usize) -> String {
    if ty.is_some_and(|t| t.dwords() == 1) { format!("v{n}") } else { format!("v[{n}:{}]", n + 1) }
}

/// The assembly of `d` (VOP3 or VOP3SD) reading v[0:1], v[2:3], v[4:5] and writing v[6:7] (the
/// low dwords of each for 32-bit operands) and VOP3SD's SDST s10, or a compare's mask, with OMOD
/// and CLAMP.
fn line(d: &InstDef, omod: u32, clamp: bool) -> String {
    let dst = d.operands.iter().find(|o| o.role == Role::Dst).and_then(|o| o.ty());
    // A compare writes its mask to s10 (v_cmpx: EXEC only).
    let mut ops = match d.compare {
        None if d.operands.iter().any(|o| o.field == Field::Sdst) => vec![reg(dst, 6), "s10".to_string()],
        None => vec![reg(dst, 6)],
        Some(_) if d.name.starts_with("v_cmpx") => vec![],
        Some(_) => vec!["s10".to_string()],
    };
    ops.extend(
        d.operands
            .iter()
            .filter(|o| o.role == Role::Src && !matches!(o.kind, Kind::Imm(_)))
            .enumerate()
            .map(|(i, o)| reg(o.ty(), 2 * i)),
    );
    let mut s = format!("{}_e64 {}", d.name, ops.join(", "));
    if clamp {
        s.push_str(" clamp");
    }
    match omod {
        1 => s.push_str(" mul:2"),
        2 => s.push_str(" mul:4"),
        3 => s.push_str(" div:2"),
        _ => {}
    }
    s
}

/// Cycles from the start until every lane's result of `d` is on the unit's outputs: cu_top's
/// F64Cycles, or for the recurrence's rows F64TransCycles (F64RsqCycles for v_rsq_f64).
fn cycles(d: &InstDef) -> u32 {
    let cfg = hdl_gen::sv::Config::default();
    if d.unit == rdna3_isa::Unit::Trans {
        let passes = if hdl_gen::sv::valu::twice(d) { 2 } else { 1 };
        passes * 32 * cfg.trans64_lane() + 1
    } else {
        32 + 1
    }
}

/// The vectors file: every row, `per_row` operand sets each.
fn vectors(rows: &[(&'static InstDef, u32)], per_row: usize) -> String {
    let mut rng = SmallRng::seed_from_u64(SEED);
    let mut out = String::new();
    for &(d, op) in rows {
        let cycles = cycles(d);
        let has = |f: Field| d.operands.iter().any(|o| o.field == f);
        let mut done = 0;
        while done < per_row {
            let omod = if has(Field::Omod) { rng.random_range(0..4) } else { 0 };
            let clamp = has(Field::Clmp) && d.compare.is_none() && rng.random_range(0..4) == 0;
            let src = line(d, omod, clamp);
            let dwords = rdna3_isa::asm::assemble(&format!("{src}\n"), "fp64_rtl.s")
                .unwrap_or_else(|e| panic!("assembling `{src}`: {e}"))
                .dwords();
            let prog = Program::new(Code::new(BASE, dwords));
            let mut wave = Wave::new(BASE);
            // MODE's F64 fields and its F32 ones (v_cvt_f32_f64, v_cvt_f64_f32), random.
            wave.mode = rng.random_range(0..1024);
            // v_ldexp_f64's i32 exponent: half of them within the range where results differ.
            let int_b = d.operands.iter().filter(|o| o.role == Role::Src).nth(1).and_then(|o| o.ty())
                == Some(Ty::I32);
            // A 32-bit source 0 (the conversions from F32 and the integers).
            let src0 = d.operands.iter().find(|o| o.role == Role::Src).and_then(|o| o.ty());
            let sets: Vec<[u64; 3]> = (0..32)
                .map(|_| {
                    if let Some(set) =
                        conformance::float_edges::division_operands(&mut rng, d.mnemonic, operand)
                    {
                        return set;
                    }
                    if let Some(a) = trans_operand(&mut rng, d.mnemonic) {
                        return [a, operand(&mut rng, a), operand(&mut rng, a)];
                    }
                    let mut a = operand(&mut rng, 0x3ff0_0000_0000_0000);
                    if let Some(t) = src0.filter(|t| t.dwords() == 1) {
                        a = (a & !0xffff_ffff) | u64::from(operand32(&mut rng, t));
                    }
                    let mut b = operand(&mut rng, a);
                    if int_b && rng.random_range(0..2) == 0 {
                        b = (b & !0xffff_ffff) | u64::from(rng.random_range(-2300i32..=2300) as u32);
                    }
                    [a, b, operand(&mut rng, a)]
                })
                .collect();
            for (l, set) in sets.iter().enumerate() {
                for (s, v) in set.iter().enumerate() {
                    wave.vgpr[2 * s][l] = *v as u32;
                    wave.vgpr[2 * s + 1][l] = (*v >> 32) as u32;
                }
            }
            // VCC: v_div_fmas_f64's lane bits.
            let vcc: u32 = rng.random();
            wave.sgpr[rdna3_isa::operand::VCC_LO as usize] = vcc;
            let mut mem = Memory::default();
            let mut env = Env::new(&mut mem, &mut []);
            exec_in(&mut wave, &prog, &mut env);
            assert!(matches!(wave.status, Status::Running), "golden model on `{src}`: {:?}", wave.status);
            let mode = wave.mode & 0x3ff;
            // A compare's lane bit, from its mask (every lane starts active).
            let mask = match d.compare {
                None => None,
                Some(_) if d.name.starts_with("v_cmpx") => {
                    Some(wave.sgpr[rdna3_isa::operand::EXEC_LO as usize])
                }
                Some(_) => Some(wave.sgpr[10]),
            };
            // VOP3SD's SDST (v_div_scale_f64's flag), checked beside the result.
            let sdst = d.operands.iter().any(|o| o.field == Field::Sdst);
            for (l, [a, b, c]) in sets.iter().enumerate() {
                let d64 = u64::from(wave.vgpr[6][l]) | u64::from(wave.vgpr[7][l]) << 32;
                let (check, r, rm) = match mask {
                    Some(m) => (1, 0, m >> l & 1),
                    None if sdst => (2, d64, wave.sgpr[10] >> l & 1),
                    None => (0, d64, 0),
                };
                let m = vcc >> l & 1;
                writeln!(
                    out,
                    "{cycles:x} {op:x} {mode:x} {omod:x} {:x} {check} {m:x} {a:x} {b:x} {c:x} {r:x} {rm:x}",
                    u32::from(clamp)
                )
                .expect("writing to a string");
            }
            done += 32;
        }
    }
    out
}

#[test]
fn f64_unit_matches_the_golden_model() {
    if !conformance::require_verilator("fp64_rtl") {
        return;
    }
    let total = match std::env::var("RDNA3_FP64_VECTORS") {
        Ok(v) => v.parse::<usize>().unwrap_or_else(|_| panic!("RDNA3_FP64_VECTORS={v} is not a number")),
        Err(_) => DEFAULT_VECTORS,
    };
    let rows = rows();
    let per_row = total.div_ceil(rows.len()).div_ceil(32) * 32;
    let dir = conformance::fresh_dir(env!("CARGO_TARGET_TMPDIR"), "fp64_tb");
    let file = dir.join("vectors.txt");
    std::fs::write(&file, vectors(&rows, per_row)).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    let sources = [tb::rtl("cu_pkg.sv"), tb::rtl("cu_fp64.sv"), tb::tb("tb_cu_fp64.cpp")];
    let exe = tb::verilate(&dir.join("obj"), "cu_fp64", &["-O3".into(), "-GNumLanes=32".into()], &sources);
    let pass = tb::run(&exe, &[&file], "PASS tb_cu_fp64:", "the F64 unit differs from the golden model");
    println!("{pass} ({} rows)", rows.len());
    // Only a passing run's files are removed; a failing one's stay for debugging.
    let _ = std::fs::remove_dir_all(&dir);
}
