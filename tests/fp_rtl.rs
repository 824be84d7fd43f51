//! The lanes' F32 unit (`rtl/cu_fp32.sv` with `cu_pkg.sv`'s rounding functions, as checked in) on its own,
//! without the compute unit around it, against the golden model: for every row the unit
//! executes (in its VOP3 form, so that OMOD and CLAMP are exercised where the row has them),
//! operand sets biased toward the hard cases (zeros, denormals, the smallest and largest
//! normals, infinities, quiet and signalling NaNs, operands that cancel or tie, products that
//! underflow or overflow, values around the integers' range) under random MODE settings go
//! through one golden instruction per 32 sets; the golden results and the operands go to a
//! file that the Verilator testbench `tests/rtl/tb_cu_fp32.cpp` streams into the unit, one set
//! per clock, at each pipeline depth (`Stages` 2, 1 and 0, one model each). The transcendental
//! unit's rows (`v_rcp_f32`, `v_rsq_f32`, `v_sqrt_f32`, `v_exp_f32`, `v_log_f32`, `v_sin_f32`,
//! `v_cos_f32` and their F16 forms) run one set at a time instead: started,
//! held, and checked exactly `TransCycles` cycles later; so do the dot products that make
//! several passes through the FMA (`v_dot2acc_f32_f16`, `v_dot2_f32_bf16` and VOPD's
//! accumulating dots), checked passes * (Stages + 1) - 1 cycles later.
//!
//! The F16 rows run here too: their F16 operands (biased to F16's hard cases) in the low half
//! with a random high half the unit must ignore, their F16 results checked in the low 16 bits.
//! A packed row (VOP3P `v_pk_*_f16`) gives two checks per set, one per half, each presented
//! in the low half (the compute unit runs the high half on the lane's second unit, the one
//! built with `Dual`, which the VOPD test below also gives them). `v_fma_mix*` draw OPSEL,
//! OPSEL_HI, NEG and NEG_HI at random, and each source as an F32 or a pair of F16 halves.
//!
//! VOPD's F32 halves run on the same unit (the X half) and on a second one built with `Dual`
//! set (the Y half, the VOPD operations only): both are built and given every F32 VOPD
//! operation (`v_dual_add_f32`, ..., the literal K of fmaak/fmamk random per instruction),
//! checked against the golden model's X half of a VOPD pair.
//!
//! 400,000 operand sets in CI; `RDNA3_FP_VECTORS=N` runs N (the README gives a larger run's
//! figure), and `RDNA3_FP_SEED=N` draws them from another seed than CI's fixed one. `v_fmaak_*`/`v_fmamk_*` have no VOP3 form: they are the unit's fma with the
//! literal routed by the operand collector, which the co-simulation tests cover.
//!
//! Needs Verilator; without it the test fails and says how to install it, unless
//! `RDNA3_SKIP_VERILATOR=1` is set.

use std::fmt::Write as _;
use std::path::Path;

use conformance::testbench as tb;
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use rdna3_isa::{Field, InstDef, Kind, Role, Ty, Unit, table};
use sim::golden::memory::Memory;
use sim::golden::{Code, Env, Program, Status, Wave, exec_in};

const BASE: u64 = 0x1000;
const SEED: u64 = 0xf32_f32;

/// The operand sets' seed: CI's fixed one, or `RDNA3_FP_SEED`.
fn seed() -> u64 {
    match std::env::var("RDNA3_FP_SEED") {
        Ok(v) => v.parse().unwrap_or_else(|_| panic!("RDNA3_FP_SEED={v} is not a number")),
        Err(_) => SEED,
    }
}
const DEFAULT_VECTORS: usize = 400_000;

/// The one instruction `src` as a golden program at BASE.
fn program(src: &str) -> Program {
    let dwords = rdna3_isa::asm::assemble(&format!("{src}\n"), "fp_rtl.s")
        .unwrap_or_else(|e| panic!("assembling `{src}`: {e}"))
        .dwords();
    Program::new(Code::new(BASE, dwords))
}

/// The mnemonics `cu_fp32.sv` names in its case labels.
fn fp32_ops() -> std::collections::BTreeSet<String> {
    let files = hdl_gen::sv::generate(&hdl_gen::sv::Config::default()).expect("generating the RTL");
    let fp: Vec<hdl_gen::sv::File> = files.into_iter().filter(|f| f.name == "cu_fp32.sv").collect();
    assert_eq!(fp.len(), 1, "hdl-gen generates cu_fp32.sv");
    hdl_gen::sv::rtl_ops(&fp)
}

/// The rows the F32 unit executes, in their VOP3 form, with their `valu_op_e` values.
fn rows() -> Vec<(&'static InstDef, u32)> {
    let names = hdl_gen::sv::valu::vop_names();
    let mut out = Vec::new();
    // VOPD's halves (v_dual_*) run as the rows they pair, which are here.
    for name in fp32_ops().into_iter().filter(|n| !n.starts_with("v_dual_")) {
        // v_dot2acc_f32_f16 has no VOP3 form (nor output modifiers): its VOP2 one.
        let Some(d) = table().all_by_name(&name).find(|d| {
            matches!(d.format().name.as_str(), "VOP3" | "VOP3SD" | "VOP3P")
                || (d.mnemonic == rdna3_isa::Mnemonic::v_dot2acc_f32_f16 && d.format().name == "VOP2")
        }) else {
            assert!(
                // v_pk_fmac_f16 (VOP2 only) runs as v_pk_fma_f16, its accumulator as source 2.
                matches!(
                    name.as_str(),
                    "v_fmaak_f32" | "v_fmamk_f32" | "v_fmaak_f16" | "v_fmamk_f16" | "v_pk_fmac_f16"
                ),
                "{name} has no VOP3 form"
            );
            continue;
        };
        let vop = hdl_gen::sv::valu::vop_name(d);
        let index = names.iter().position(|n| *n == vop).expect("every VALU row has a valu_op_e member");
        out.push((d, index as u32 + 1));
    }
    assert!(out.len() >= 60, "only {} rows of the F32 unit found", out.len());
    out
}

/// VOPD's F32 operations the unit executes (their X rows), with their `valu_op_e` values.
fn dual_rows() -> Vec<(&'static InstDef, u32)> {
    let names = hdl_gen::sv::valu::vop_names();
    let out: Vec<(&'static InstDef, u32)> = fp32_ops()
        .into_iter()
        .filter(|n| n.starts_with("v_dual_"))
        .map(|name| {
            let d = table()
                .all_by_name(&name)
                .find(|d| d.format().name == "VOPD_X")
                .unwrap_or_else(|| panic!("{name} has no VOPD_X row"));
            let vop = hdl_gen::sv::valu::vop_name(d);
            let index = names.iter().position(|n| *n == vop).expect("every VALU row has a valu_op_e member");
            (d, index as u32 + 1)
        })
        .collect();
    assert!(out.len() >= 10, "only {} VOPD rows of the F32 unit found", out.len());
    out
}

/// The vectors file of VOPD's F32 halves: `per_row` sets of each of `rows`, each 32 sets one
/// golden VOPD pair `X v3, v0, v1 :: v_dual_mov_b32 v4, v2` (fmac and the dot products add v3;
/// fmaak and fmamk take a random K, which the unit sees as source 2 or 1 as the operand
/// collector routes it).
fn dual_vectors(rows: &[(&'static InstDef, u32)], per_row: usize) -> String {
    use rdna3_isa::Mnemonic as M;
    let mut rng = SmallRng::seed_from_u64(seed() ^ 0xd0a1);
    let mut out = String::new();
    for &(d, op) in rows {
        let mut done = 0;
        while done < per_row {
            let k = operand(&mut rng, 0x3f80_0000);
            let x = match d.mnemonic {
                M::v_dual_fmaak_f32 => format!("{} v3, v0, v1, 0x{k:x}", d.name),
                M::v_dual_fmamk_f32 => format!("{} v3, v0, 0x{k:x}, v1", d.name),
                _ => format!("{} v3, v0, v1", d.name),
            };
            let src = format!("{x} :: v_dual_mov_b32 v4, v2");
            let prog = program(&src);
            let mut wave = Wave::new(BASE);
            wave.mode = rng.random_range(0..1024);
            // The dot products' halves as the VOP3P rows' (F16 or BF16 pairs, an F32 addend).
            let dot = hdl_gen::sv::valu::passes(d) > 1;
            let sets: Vec<[u32; 3]> = (0..32)
                .map(|_| {
                    if dot {
                        return operand_set(&mut rng, d, Shape::Dot);
                    }
                    let a = operand(&mut rng, 0x3f80_0000);
                    [a, operand(&mut rng, a), operand(&mut rng, a)]
                })
                .collect();
            let check = if dot { passes_check(d) } else { 'd' };
            for (l, set) in sets.iter().enumerate() {
                wave.vgpr[0][l] = set[0];
                wave.vgpr[1][l] = set[1];
                wave.vgpr[3][l] = set[2];
            }
            let mut mem = Memory::default();
            let mut env = Env::new(&mut mem, &mut []);
            exec_in(&mut wave, &prog, &mut env);
            assert!(matches!(wave.status, Status::Running), "golden model on `{src}`: {:?}", wave.status);
            let mode = wave.mode & 0x3ff;
            for (l, &[a, b, c]) in sets.iter().enumerate() {
                let (b, c) = match d.mnemonic {
                    M::v_dual_fmaak_f32 => (b, k),
                    M::v_dual_fmamk_f32 => (k, b),
                    _ => (b, c),
                };
                writeln!(out, "{op:x} {mode:x} 0 0 {a:x} {b:x} {c:x} 0 0 {check} {:x}", wave.vgpr[3][l])
                    .expect("writing to a string");
            }
            done += 32;
        }
    }
    out
}

/// An F32 operand biased toward the hard cases; `near` is another operand of the same set.
fn operand(rng: &mut SmallRng, near: u32) -> u32 {
    const SPECIAL: [u32; 20] = [
        0,
        0x8000_0000,
        1,
        0x8000_0001,
        0x007f_ffff,
        0x807f_ffff,
        0x0080_0000,
        0x8080_0000,
        0x7f7f_ffff,
        0xff7f_ffff,
        0x7f80_0000,
        0xff80_0000,
        0x7fc0_0000,
        0xffc0_0000,
        0x7f80_0001,
        0x7fbf_ffff,
        0x3f80_0000,
        0xbf80_0000,
        0x3f00_0000,
        0x4b00_0000,
    ];
    let r: u32 = rng.random();
    match rng.random_range(0..13) {
        0 => SPECIAL[rng.random_range(0..SPECIAL.len())],
        // Denormals.
        1 => r & 0x807f_ffff,
        // Near `near`: the same exponent (cancellation), or a few binades apart (ties, sticky).
        2 => (r & 0x807f_ffff) | (near & 0x7f80_0000),
        3 => {
            let e = (near >> 23 & 0xff) as i32 - rng.random_range(-2..28);
            (r & 0x8007_ffff) | (e.clamp(0, 254) as u32) << 23
        }
        // Few significant bits: exact products, ties.
        4 => r & 0xfff8_0000,
        // Tiny and huge magnitudes: underflowing and overflowing products.
        5 => (r & 0x8fff_ffff) | 0x0080_0000,
        6 => r | 0x7000_0000,
        // Around the integers' range: exponents 110..170.
        7 => (r & 0x807f_ffff) | (rng.random_range(110u32..170)) << 23,
        // Small integers, for the conversions from integers and ldexp's exponent.
        8 => rng.random_range(0u32..512).wrapping_sub(256),
        // Integers and halves up to 32: the rounding rows' ties (1.5, 2.5, ...).
        9 => {
            let v = rng.random_range(0..64u16) as f32 * 0.5;
            (if r >> 31 != 0 { -v } else { v }).to_bits()
        }
        _ => r,
    }
}

/// How a row's operands and result sit in the unit's 32-bit ports.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Shape {
    F32,
    /// F16 sources in the low half (and F32 ones of a conversion), an F16 result in the low
    /// half (or an F32 one, or a compare bit).
    F16,
    /// A packed F16 row (VOP3P): one check per half.
    Packed,
    /// `v_fma_mix*`.
    Mix,
    /// The dot products of 16-bit halves: two F16 or BF16 pairs and an F32 or 16-bit addend (the
    /// accumulator of `v_dot2acc_f32_f16`), one result.
    Dot,
}

fn shape(d: &InstDef) -> Shape {
    let has_ty = |t: Ty| d.operands.iter().any(|o| o.kind == Kind::Reg(t));
    // A packed F16 source (a packed destination alone, v_cvt_pk_rtz_f16_f32's, is one result).
    let packed_src = d.operands.iter().any(|o| o.role == Role::Src && matches!(o.kind, Kind::Reg(Ty::V2F16)));
    if d.name.starts_with("v_fma_mix") {
        Shape::Mix
    } else if d.name.starts_with("v_dot2") {
        Shape::Dot
    } else if packed_src {
        Shape::Packed
    } else if has_ty(Ty::F16) {
        Shape::F16
    } else {
        Shape::F32
    }
}

/// An F16 operand biased toward the hard cases (as [`operand`]); `near` is another one of the
/// same set.
fn operand16(rng: &mut SmallRng, near: u32) -> u32 {
    const SPECIAL: [u32; 20] = [
        0, 0x8000, 1, 0x8001, 0x03ff, 0x83ff, 0x0400, 0x8400, 0x7bff, 0xfbff, 0x7c00, 0xfc00, 0x7e00, 0xfe00,
        0x7c01, 0x7dff, 0x3c00, 0xbc00, 0x3800, 0x6400,
    ];
    let r: u32 = rng.random::<u32>() & 0xffff;
    match rng.random_range(0..11) {
        0 => SPECIAL[rng.random_range(0..SPECIAL.len())],
        1 => r & 0x83ff,
        2 => (r & 0x83ff) | (near & 0x7c00),
        3 => {
            let e = (near >> 10 & 0x1f) as i32 - rng.random_range(-2..14);
            (r & 0x80ff) | (e.clamp(0, 30) as u32) << 10
        }
        4 => r & 0xffc0,
        5 => (r & 0x83ff) | rng.random_range(1u32..4) << 10,
        6 => (r & 0x83ff) | rng.random_range(27u32..31) << 10,
        // Integers and halves up to 32 (k / 2 for k below 64): the rounding rows' ties.
        7 => {
            let k = rng.random_range(0..64u32);
            let lead = 31 - k.max(1).leading_zeros();
            let v = if k == 0 { 0 } else { (lead + 14) << 10 | (k << (10 - lead)) & 0x3ff };
            v | (r & 0x8000)
        }
        _ => r,
    }
}

/// A BF16 operand (the top half of an F32 one, biased as [`operand`]), or, for a third of
/// them, one within 2^+-40 of `near` (a BF16 too): the terms of the BF16 dot products then
/// land around the width of the RTL's window of their sum (45 bits), above and below it.
fn operand_bf16(rng: &mut SmallRng, near: u32) -> u32 {
    if rng.random_range(0..3) == 0 {
        let e = (near >> 7 & 0xff) as i32 + rng.random_range(-40..=40);
        (rng.random::<u32>() & 0x807f) | (e.clamp(0, 254) as u32) << 7
    } else {
        operand(rng, (near & 0xffff) << 16) >> 16
    }
}

/// A pair of BF16 operands.
fn pair_bf16(rng: &mut SmallRng, near: u32) -> u32 {
    operand_bf16(rng, near >> 16) << 16 | operand_bf16(rng, near & 0xffff)
}

/// An F16 operand in the low half of a random word.
fn low16(rng: &mut SmallRng, near: u32) -> u32 {
    (rng.random::<u32>() & 0xffff_0000) | operand16(rng, near)
}

/// A pair of F16 operands.
fn pair16(rng: &mut SmallRng, near: u32) -> u32 {
    operand16(rng, near >> 16) << 16 | operand16(rng, near)
}

/// An operand set of `d` (of shape `sh`): a, then b and c near a.
fn operand_set(rng: &mut SmallRng, d: &InstDef, sh: Shape) -> [u32; 3] {
    let srcs: Vec<Ty> = d
        .operands
        .iter()
        .filter(|o| matches!(o.role, Role::Src | Role::Modify))
        .filter_map(|o| if let Kind::Reg(t) = o.kind { Some(t) } else { None })
        .collect();
    match sh {
        Shape::F32 => match division_operands(rng, d.mnemonic)
            .or_else(|| dx9_operands(rng, d.mnemonic))
            .or_else(|| cube_operands(rng, d.mnemonic))
            .or_else(|| norm_operands(rng, d.mnemonic, false))
            .or_else(|| pack16_operands(rng, d.mnemonic))
            .or_else(|| explog_operands(rng, d.mnemonic))
        {
            Some(set) => set,
            None => {
                let a = operand(rng, 0x3f80_0000);
                [a, operand(rng, a), operand(rng, a)]
            }
        },
        Shape::F16 => {
            let one = |rng: &mut SmallRng, i: usize, near: u32| match srcs.get(i) {
                Some(Ty::F32) => operand(rng, 0x3f80_0000),
                // An i16 (v_ldexp_f16's exponent, a conversion's integer): half of them small.
                Some(Ty::I16) if rng.random_range(0..2) == 0 => {
                    (rng.random::<u32>() & 0xffff_0000) | (rng.random_range(-40i32..=40) as u32 & 0xffff)
                }
                _ => low16(rng, near),
            };
            if let Some([a, b, c]) = norm_operands(rng, d.mnemonic, true) {
                let hi = |rng: &mut SmallRng| rng.random::<u32>() & 0xffff_0000;
                return [hi(rng) | a, hi(rng) | b, c];
            }
            let a = one(rng, 0, 0x3c00);
            [a, one(rng, 1, a), one(rng, 2, a)]
        }
        Shape::Packed => {
            let a = pair16(rng, 0x3c00_3c00);
            [a, pair16(rng, a), pair16(rng, a)]
        }
        // Half of the sets with products that cancel ((x, y) . (y, -x) = 0, then nearly so), for
        // the exact zero's sign in every rounding mode and the first sum's cancellation; a
        // fifth with every half a zero, an infinity, a NaN or one (inf * 0 in either product,
        // infinities of both signs, the NaNs' order). A 16-bit addend (v_dot2_f16_f16,
        // v_dot2_bf16_bf16) is drawn from the same specials in those sets, and in a quarter of
        // the others cancels the first product exactly (b.lo = 1, c.lo = -a.lo) or nearly,
        // leaving the second to be rounded alone.
        Shape::Dot => {
            use rdna3_isa::Mnemonic as M;
            let bf = matches!(d.mnemonic, M::v_dot2_bf16_bf16 | M::v_dot2_f32_bf16);
            let half = matches!(d.mnemonic, M::v_dot2_f16_f16 | M::v_dot2_bf16_bf16);
            let special_set: [u32; 8] = if bf {
                [0, 0x8000, 0x7f80, 0xff80, 0x7fc0, 0x7fa0, 0xffc1, 0x3f80]
            } else {
                [0, 0x8000, 0x7c00, 0xfc00, 0x7e00, 0x7d00, 0xfe01, 0x3c00]
            };
            let one = special_set[7];
            let special = |rng: &mut SmallRng| {
                special_set[rng.random_range(0..8)] << 16 | special_set[rng.random_range(0..8)]
            };
            let hi = |rng: &mut SmallRng| rng.random::<u32>() & 0xffff_0000;
            let pair =
                |rng: &mut SmallRng, near: u32| if bf { pair_bf16(rng, near) } else { pair16(rng, near) };
            let low = |rng: &mut SmallRng, near: u32| {
                if bf { hi(rng) | operand_bf16(rng, near) } else { low16(rng, near) }
            };
            // A tenth with every half a signed zero or one: products that are zeros of both
            // signs or cancel, whose sum's zero sign depends on the rounding mode (+0 + +0 is
            // +0 even toward -inf).
            if rng.random_range(0..10) == 0 {
                let zo = |rng: &mut SmallRng| {
                    let h = |rng: &mut SmallRng| [0, 0x8000, one, one | 0x8000][rng.random_range(0..4)];
                    h(rng) << 16 | h(rng)
                };
                let c = if half {
                    hi(rng) | [0, 0x8000][rng.random_range(0..2)]
                } else {
                    rng.random::<u32>() & 0x8000_0000
                };
                return [zo(rng), zo(rng), c];
            }
            if rng.random_range(0..5) == 0 {
                let c = if half {
                    hi(rng) | special_set[rng.random_range(0..8)]
                } else {
                    operand(rng, 0x3f80_0000)
                };
                return [special(rng), special(rng), c];
            }
            let a = pair(rng, one << 16 | one);
            // A large product, c at half its unit in the last place (a tie at the result's
            // precision) or not, and a smaller product, as small as two denormals' and up to
            // the tie's bit, in random halves: the third term decides the rounding (F16:
            // 128 * 128 + 8 + small; BF16: 128 * 128 + 64 + small; a sum rounded twice gives
            // 16384), from any distance below the others (BF16: across the window's width).
            if half && rng.random_range(0..8) == 0 {
                let (big, tie, emax) = if bf { (0x4300, 0x4280, 130) } else { (0x5800, 0x4800, 17) };
                let small = |rng: &mut SmallRng| {
                    let e = rng.random_range(0..=emax);
                    let m = rng.random::<u32>() & if bf { 0x7f } else { 0x3ff };
                    let sign = rng.random_range(0..2u32) << 15;
                    let v = if bf { e << 7 | m } else { e << 10 | m };
                    sign | if v == 0 { 1 } else { v }
                };
                let c = hi(rng) | tie | rng.random_range(0..2u32) << 15;
                // BF16, half of them: the small product within a few bits of the window's
                // edge, 82 bits below the tie's term (2^6): 2^(e - 127) * 1.m times 1.m'.
                if bf && rng.random_range(0..2) == 0 {
                    let e = (127 - 76 + rng.random_range(-3..=3i32)) as u32;
                    let m = |rng: &mut SmallRng| rng.random::<u32>() & 0x7f;
                    let sa = rng.random_range(0..2u32) << 15;
                    let sb = rng.random_range(0..2u32) << 15;
                    return [(sa | e << 7 | m(rng)) << 16 | big, (sb | 127 << 7 | m(rng)) << 16 | big, c];
                }
                return [small(rng) << 16 | big, small(rng) << 16 | big, c];
            }
            if half && rng.random_range(0..4) == 0 {
                let b = pair(rng, a) & 0xffff_0000 | one;
                let c = hi(rng)
                    | ((a & 0xffff) ^ 0x8000 ^ (rng.random_range(0..2u32) * rng.random_range(0..4u32)));
                return [a, b, c];
            }
            let b = match rng.random_range(0..4) {
                0 => a.rotate_right(16) ^ 0x8000,
                1 => {
                    (a.rotate_right(16) ^ 0x8000) ^ rng.random_range(0..4u32) << (16 * rng.random_range(0..2))
                }
                _ => pair(rng, a),
            };
            [a, b, if half { low(rng, a) } else { operand(rng, 0x3f80_0000) }]
        }
        Shape::Mix => std::array::from_fn(|_| {
            if rng.random_range(0..2) == 0 { operand(rng, 0x3f80_0000) } else { pair16(rng, 0x3c00_3c00) }
        }),
    }
}

/// Operands of the F32 division helpers at the edges of their rules, for half of the sets
/// (`conformance::float_edges::division_operands`; None: the ordinary operands).
fn division_operands(rng: &mut SmallRng, m: rdna3_isa::Mnemonic) -> Option<[u32; 3]> {
    let near = |rng: &mut SmallRng, x: u64| u64::from(operand(rng, x as u32));
    conformance::float_edges::division_operands(rng, m, near).map(|set| set.map(|x| x as u32))
}

/// Operands of the DX9 rows at the edges of their rules, for half of the sets (None: the
/// ordinary operands): for `v_fma_dx9_zero_f32` and `v_fmac_dx9_zero_f32`, a factor that is
/// zero (either sign, or a denormal that MODE's input flush may make one) and source 2 a signed
/// zero, a denormal, a signalling or quiet NaN or an infinity, where the rule's `D = S2`
/// differs from the rounded +0 + S2; for `v_mullit_f32`, S1 at -MAX_FLOAT, -infinity, NaN and
/// their neighbours, S2 at and around zero and NaN, S0 zero or not.
fn dx9_operands(rng: &mut SmallRng, m: rdna3_isa::Mnemonic) -> Option<[u32; 3]> {
    use rdna3_isa::Mnemonic as M;
    const ZERO: [u32; 6] = [0, 0x8000_0000, 1, 0x8000_0001, 0x007f_ffff, 0x807f_ffff];
    const EDGE: [u32; 10] = [
        0,
        0x8000_0000,
        1,
        0x8000_0001,
        0x807f_ffff,
        0x7f80_0001,
        0xffbf_ffff,
        0x7fc0_0000,
        0x7f80_0000,
        0xff80_0000,
    ];
    let pick = |rng: &mut SmallRng, set: &[u32]| set[rng.random_range(0..set.len())];
    if !matches!(m, M::v_fma_dx9_zero_f32 | M::v_fmac_dx9_zero_f32 | M::v_mullit_f32)
        || rng.random_range(0..2) == 0
    {
        return None;
    }
    if m == M::v_mullit_f32 {
        const S1: [u32; 8] = [
            0xff7f_ffff,
            0xff80_0000,
            0x7fc0_0000,
            0xffc0_0000,
            0x7f80_0001,
            0xff7f_fffe,
            0x7f7f_ffff,
            0x7f80_0000,
        ];
        let a = if rng.random_range(0..2) == 0 { pick(rng, &ZERO) } else { operand(rng, 0x3f80_0000) };
        let b = if rng.random_range(0..3) == 0 { operand(rng, a) } else { pick(rng, &S1) };
        let c = if rng.random_range(0..3) == 0 { operand(rng, a) } else { pick(rng, &EDGE) };
        return Some([a, b, c]);
    }
    let other = operand(rng, 0x3f80_0000);
    let (a, b) =
        if rng.random_range(0..2) == 0 { (pick(rng, &ZERO), other) } else { (other, pick(rng, &ZERO)) };
    let c = if rng.random_range(0..3) == 0 { operand(rng, other) } else { pick(rng, &EDGE) };
    Some([a, b, c])
}

/// Operands of the cube-map rows for half of the sets (None: the ordinary operands): the
/// three coordinates' magnitudes drawn from a few values, so that the major axis ties (z wins
/// over y over x), with random signs, signed zeros, denormals (compared unflushed), NaNs and
/// infinities among them.
fn cube_operands(rng: &mut SmallRng, m: rdna3_isa::Mnemonic) -> Option<[u32; 3]> {
    use rdna3_isa::Mnemonic as M;
    const MAG: [u32; 8] =
        [0, 1, 0x007f_ffff, 0x3f80_0000, 0x3f80_0001, 0x7f7f_ffff, 0x7f80_0000, 0x7fc0_0000];
    if !matches!(m, M::v_cubeid_f32 | M::v_cubesc_f32 | M::v_cubetc_f32 | M::v_cubema_f32)
        || rng.random_range(0..2) == 0
    {
        return None;
    }
    Some(std::array::from_fn(|_| {
        let mag = if rng.random_range(0..4) == 0 {
            operand(rng, 0x3f80_0000) & 0x7fff_ffff
        } else {
            MAG[rng.random_range(0..MAG.len())]
        };
        mag | rng.random::<u32>() & 0x8000_0000
    }))
}

/// Operands of the normalised conversions (`v_cvt_norm_*`, `v_cvt_pk_norm_*`) for half of the
/// sets (None: the ordinary operands): sources within and around [-1, 1], from the smallest
/// magnitudes that round to a nonzero result up to and past 1 (exponents 2^-18 to 2^1), in
/// F16 (`f16`, in the low half) or F32.
fn norm_operands(rng: &mut SmallRng, m: rdna3_isa::Mnemonic, f16: bool) -> Option<[u32; 3]> {
    use rdna3_isa::Mnemonic as M;
    if !matches!(
        m,
        M::v_cvt_norm_i16_f16
            | M::v_cvt_norm_u16_f16
            | M::v_cvt_pk_norm_i16_f16
            | M::v_cvt_pk_norm_u16_f16
            | M::v_cvt_pk_norm_i16_f32
            | M::v_cvt_pk_norm_u16_f32
    ) || rng.random_range(0..2) == 0
    {
        return None;
    }
    Some(std::array::from_fn(|_| {
        let r: u32 = rng.random();
        let pick = rng.random_range(0..6);
        if pick == 0 {
            if f16 { operand16(rng, 0x3c00) } else { operand(rng, 0x3f80_0000) }
        } else if pick == 1 && !f16 {
            norm_near_tie(rng).unwrap_or(r)
        } else if f16 {
            (r & 0x83ff) | rng.random_range(0u32..17) << 10
        } else {
            (r & 0x807f_ffff) | rng.random_range(109u32..129) << 23
        }
    }))
}

/// An F32 whose product with K = 32767 or 65535 lies one unit of the exact product's last
/// bit from a tie (or on one, at 1/2), at a random shift of 24 to 40 bits to the units' bit:
/// the significand s with s * K = 2^(sh-1) + t (mod 2^sh), t in -1..=1, when it is 24 bits
/// long (None when not).
fn norm_near_tie(rng: &mut SmallRng) -> Option<u32> {
    let k: u64 = if rng.random_range(0..2) == 0 { 32767 } else { 65535 };
    let sh = rng.random_range(24u32..=40);
    let m = (1u64 << sh) - 1;
    // K's inverse modulo 2^64 (Newton's iteration), then modulo 2^sh.
    let mut inv: u64 = k;
    for _ in 0..6 {
        inv = inv.wrapping_mul(2u64.wrapping_sub(k.wrapping_mul(inv)));
    }
    let t = rng.random_range(0..3u64);
    let sig = ((1u64 << (sh - 1)) + t).wrapping_sub(1).wrapping_mul(inv) & m;
    (sig >> 23 == 1).then(|| rng.random::<u32>() & 0x8000_0000 | (150 - sh) << 23 | (sig as u32 & 0x7f_ffff))
}

/// Operands of `v_exp_f32`, `v_log_f32`, `v_sin_f32` and `v_cos_f32` for half of the sets
/// (None: the ordinary operands): exp's over its whole range [-126, 128) and just outside it,
/// log's near 1 (the results that need the recurrence's relative accuracy), sin's and cos's
/// over a few turns, near the quarter turns, and around the small-|x| path's edge (2^-18).
fn explog_operands(rng: &mut SmallRng, m: rdna3_isa::Mnemonic) -> Option<[u32; 3]> {
    use rdna3_isa::Mnemonic as M;
    if !matches!(m, M::v_exp_f32 | M::v_log_f32 | M::v_sin_f32 | M::v_cos_f32) || rng.random_range(0..2) == 0
    {
        return None;
    }
    let a = if matches!(m, M::v_sin_f32 | M::v_cos_f32) {
        let r: u32 = rng.random();
        match rng.random_range(0..4) {
            // A few turns; near a multiple of a quarter turn; the small-|x| path's edge.
            0 => rng.random_range(-4.0f32..4.0).to_bits(),
            1 => (rng.random_range(-16i32..16) as f32 * 0.25).to_bits() ^ (r & 0x3f),
            2 => (r & 0x807f_ffff) | rng.random_range(100u32..115) << 23,
            _ => (r & 0x807f_ffff) | rng.random_range(115u32..150) << 23,
        }
    } else if m == M::v_exp_f32 {
        let v: f32 = rng.random_range(-130.0f32..130.0);
        let r = v.to_bits();
        // Sometimes at the range's ends exactly, or a tiny magnitude.
        match rng.random_range(0..8) {
            0 => [0xc2fc_0000u32, 0xc2fc_0001, 0x42ff_ffff, 0x4300_0000][rng.random_range(0..4)],
            1 => (r & 0x807f_ffff) | rng.random_range(60u32..127) << 23,
            _ => r,
        }
    } else {
        let k = rng.random_range(0..24);
        let d = rng.random_range(0u32..1 << k);
        if rng.random() { 0x3f80_0000 + d } else { 0x3f80_0000 - d }
    };
    Some([a, rng.random(), rng.random()])
}

/// Operands of the truncating packing conversions (`v_cvt_pk_i16_f32`, `v_cvt_pk_u16_f32`)
/// for half of the sets (None: the ordinary operands): values at and around the 16-bit
/// bounds, where they saturate.
fn pack16_operands(rng: &mut SmallRng, m: rdna3_isa::Mnemonic) -> Option<[u32; 3]> {
    use rdna3_isa::Mnemonic as M;
    const EDGE: [f32; 12] = [
        32767.0, 32767.5, 32768.0, 32768.5, 32769.0, -32768.0, -32768.5, -32769.0, 65535.0, 65535.5, 65536.0,
        -0.5,
    ];
    if !matches!(m, M::v_cvt_pk_i16_f32 | M::v_cvt_pk_u16_f32) || rng.random_range(0..2) == 0 {
        return None;
    }
    Some(std::array::from_fn(|_| {
        if rng.random_range(0..4) == 0 {
            operand(rng, 0x4700_0000)
        } else {
            EDGE[rng.random_range(0..12)].to_bits()
        }
    }))
}

/// The assembly of `d` in VOP3 (or VOP3SD, or VOP3P) form, reading v0, v1, v2 and writing v3
/// (and s10 for VOP3SD's SDST, or s10 alone for a compare; `v_cmpx` writes EXEC), with OMOD
/// and CLAMP where the row has them, and a mix's `mix` ({NEG_HI, NEG, OPSEL_HI, OPSEL}, three
/// bits each).
fn line(d: &InstDef, omod: u32, clamp: bool, mix: u32) -> String {
    let srcs = d.operands.iter().filter(|o| o.role == Role::Src && !matches!(o.kind, Kind::Imm(_))).count();
    let mut ops: Vec<String> = Vec::new();
    if d.compare.is_none() {
        ops.push("v3".into());
        if has(d, Field::Sdst) {
            ops.push("s10".into());
        }
    } else if !d.name.starts_with("v_cmpx") {
        ops.push("s10".into());
    }
    let is_mix = shape(d) == Shape::Mix;
    let bit = |k: u32, i: u32| mix >> (3 * k + i) & 1 == 1;
    // A mix's NEG_HI is the absolute value and NEG the negation, in LLVM's syntax.
    ops.extend((0..srcs as u32).map(|i| match (is_mix && bit(2, i), is_mix && bit(3, i)) {
        (false, false) => format!("v{i}"),
        (true, false) => format!("-v{i}"),
        (false, true) => format!("|v{i}|"),
        (true, true) => format!("-|v{i}|"),
    }));
    let bare = matches!(d.format().name.as_str(), "VOP3P" | "VOP2");
    let mut s = format!("{}{} {}", d.name, if bare { "" } else { "_e64" }, ops.join(", "));
    if is_mix {
        let bits = |k: u32| (0..3).map(|i| u32::from(bit(k, i)).to_string()).collect::<Vec<_>>().join(",");
        write!(s, " op_sel:[{}] op_sel_hi:[{}]", bits(0), bits(1)).expect("writing to a string");
    }
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

/// The testbench's check of a row of several passes through the FMA: `c` (two) or `f` (four).
fn passes_check(d: &InstDef) -> char {
    if hdl_gen::sv::valu::passes(d) == 2 { 'c' } else { 'f' }
}

fn has(d: &InstDef, f: Field) -> bool {
    d.operands.iter().any(|o| o.field == f)
}

/// The vectors file: every row, `per_row` operand sets each.
fn vectors(rows: &[(&'static InstDef, u32)], per_row: usize) -> String {
    let mut rng = SmallRng::seed_from_u64(seed());
    let mut out = String::new();
    for &(d, op) in rows {
        let mut done = 0;
        while done < per_row {
            let sh = shape(d);
            let omod = if has(d, Field::Omod) { rng.random_range(0..4) } else { 0 };
            let clamp = has(d, Field::Clmp) && rng.random_range(0..4) == 0;
            let mix = if sh == Shape::Mix { rng.random_range(0..4096) } else { 0 };
            let src = line(d, omod, clamp, mix);
            let prog = program(&src);
            let mut wave = Wave::new(BASE);
            // MODE's F32 fields (and the F16/F64 ones, which the unit must ignore), random.
            wave.mode = rng.random_range(0..1024);
            // Lane by lane: a, then b and c near a.
            let sets: Vec<[u32; 3]> = (0..32).map(|_| operand_set(&mut rng, d, sh)).collect();
            let abc: [[u32; 32]; 3] = std::array::from_fn(|s| std::array::from_fn(|l| sets[l][s]));
            wave.vgpr[0] = abc[0];
            wave.vgpr[1] = abc[1];
            wave.vgpr[2] = abc[2];
            // v_fmac's accumulator is its destination; VCC is v_div_fmas's mask-in.
            wave.vgpr[3] = abc[2];
            let vcc: u32 = rng.random();
            wave.sgpr[rdna3_isa::operand::VCC_LO as usize] = vcc;
            let mut mem = Memory::default();
            let mut env = Env::new(&mut mem, &mut []);
            exec_in(&mut wave, &prog, &mut env);
            assert!(matches!(wave.status, Status::Running), "golden model on `{src}`: {:?}", wave.status);
            // The unit sees v_fmac's accumulator as source 2.
            let mask = if d.compare.is_none() {
                None
            } else if d.name.starts_with("v_cmpx") {
                Some(wave.sgpr[rdna3_isa::operand::EXEC_LO as usize])
            } else {
                Some(wave.sgpr[10])
            };
            // A 16-bit destination (an F16, or v_frexp_exp_i16_f16's i16) is checked in the low half.
            let dst16 = d
                .operands
                .iter()
                .any(|o| o.field == Field::Vdst && matches!(o.kind, Kind::Reg(t) if t.is16()));
            for (l, &[a, b, c]) in sets.iter().enumerate() {
                let v3 = wave.vgpr[3][l];
                // (a, b, c, check, expected) for each check of the set.
                let mut checks = vec![match mask {
                    Some(m) => (a, b, c, 'm', m >> l & 1),
                    None if d.unit == Unit::Trans && dst16 => (a, b, c, 'u', v3 & 0xffff),
                    None if d.unit == Unit::Trans => (a, b, c, 't', v3),
                    // Several passes through the FMA (the dots that round in turn), likewise held.
                    None if hdl_gen::sv::valu::passes(d) > 1 => (a, b, c, passes_check(d), v3),
                    None if d.mnemonic == rdna3_isa::Mnemonic::v_fma_mixhi_f16 => (a, b, c, 'h', v3 >> 16),
                    None if dst16 || sh == Shape::Packed => (a, b, c, 'h', v3 & 0xffff),
                    None => (a, b, c, 'd', v3),
                }];
                // A packed row's high half, presented in the low half.
                if sh == Shape::Packed {
                    checks.push((a >> 16, b >> 16, c >> 16, 'h', v3 >> 16));
                }
                // VOP3SD's SDST (v_div_scale's flag) too.
                if mask.is_none() && has(d, Field::Sdst) {
                    checks.push((a, b, c, 'm', wave.sgpr[10] >> l & 1));
                }
                let mode = wave.mode & 0x3ff;
                let m = vcc >> l & 1;
                for (a, b, c, check, expected) in checks {
                    writeln!(
                        out,
                        "{op:x} {mode:x} {omod:x} {:x} {a:x} {b:x} {c:x} {m:x} {mix:x} {check} {expected:x}",
                        u32::from(clamp)
                    )
                    .expect("writing to a string");
                }
            }
            done += 32;
        }
    }
    out
}

/// Builds the testbench around `rtl/cu_fp32.sv` with `stages` and `dual` into `obj` and runs
/// it over `file`; returns its PASS line, or fails the test with `what` and how to rerun.
fn build_and_run(obj: &Path, stages: u32, dual: bool, file: &Path, what: &str) -> String {
    let flags = ["-O3".into(), format!("-GStages={stages}"), format!("-GDual=1'b{}", u8::from(dual))];
    let sources = [tb::rtl("cu_pkg.sv"), tb::rtl("cu_fp32.sv"), tb::tb("tb_cu_fp32.cpp")];
    let exe = tb::verilate(obj, "cu_fp32", &flags, &sources);
    let trans = hdl_gen::sv::Config::default().trans_cycles();
    let args = [file.as_os_str().to_owned(), stages.to_string().into(), trans.to_string().into()];
    tb::run(&exe, &args, "PASS tb_cu_fp32:", &format!("{what} differs from the golden model"))
}

#[test]
fn f32_unit_matches_the_golden_model() {
    if !conformance::require_verilator("fp_rtl") {
        return;
    }
    let total = match std::env::var("RDNA3_FP_VECTORS") {
        Ok(v) => v.parse::<usize>().unwrap_or_else(|_| panic!("RDNA3_FP_VECTORS={v} is not a number")),
        Err(_) => DEFAULT_VECTORS,
    };
    let rows = rows();
    let per_row = total.div_ceil(rows.len()).div_ceil(32) * 32;
    let dir = conformance::fresh_dir(env!("CARGO_TARGET_TMPDIR"), "fp32_tb");
    let file = dir.join("vectors.txt");
    std::fs::write(&file, vectors(&rows, per_row)).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    // Every pipeline depth the configuration allows (fp_stages), the default first.
    for stages in [2, 1, 0] {
        let what = format!("the F32 unit ({stages} stages)");
        let pass = build_and_run(&dir.join(format!("obj{stages}")), stages, false, &file, &what);
        println!("{pass} ({} rows)", rows.len());
    }
    // Only a passing run's files are removed; a failing one's stay for debugging.
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn vopd_f32_halves_match_the_golden_model() {
    if !conformance::require_verilator("fp_rtl") {
        return;
    }
    let rows = dual_rows();
    let dir = conformance::fresh_dir(env!("CARGO_TARGET_TMPDIR"), "fp32_dual_tb");
    let file = dir.join("vectors.txt");
    // The packed F16 rows too: the Y half's unit runs their high halves.
    let packed: Vec<(&'static InstDef, u32)> =
        self::rows().into_iter().filter(|&(d, _)| shape(d) == Shape::Packed).collect();
    assert!(packed.len() >= 5, "only {} packed F16 rows in the F32 unit", packed.len());
    let text = dual_vectors(&rows, 3_200) + &vectors(&packed, 1_600);
    std::fs::write(&file, text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    // The Y half's unit (Dual) and the X half's (the full unit), at the default depth.
    for dual in [true, false] {
        let what = format!("VOPD's F32 halves on the unit with Dual = {dual}");
        let pass = build_and_run(&dir.join(format!("obj_dual{}", u8::from(dual))), 2, dual, &file, &what);
        println!("{pass} ({} VOPD rows, Dual = {dual})", rows.len());
    }
    let _ = std::fs::remove_dir_all(&dir);
}
