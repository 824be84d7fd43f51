//! VOP3P (guide 7.5 and 16.10): packed F16 and 16-bit integer math, OPSEL/OPSEL_HI/NEG/NEG_HI,
//! inline constants, clamp, the dot products and the mixed-precision FMAs, and F16 NaN,
//! infinity and denormals under MODE. Expected values are worked out by hand from the
//! pseudocode (F16 bit patterns written out).

use super::*;

/// MODE with every denormal allowed, nearest-even, IEEE and DX10_CLAMP set.
const MODE_ALL: u32 = 0x3f0;

/// Runs `src` on a wave prepared by `setup` (MODE = [`MODE_ALL`] unless `setup` changes it).
fn run(src: &str, setup: impl FnOnce(&mut Wave)) -> Wave {
    run_mode(src, MODE_ALL, setup)
}

/// Lane 0 of v0 after `src` with v1, v2, v3 set to `a`, `b`, `c` in every lane.
fn one(src: &str, a: u32, b: u32, c: u32) -> u32 {
    one_mode(src, MODE_ALL, a, b, c)
}

fn one_mode(src: &str, mode: u32, a: u32, b: u32, c: u32) -> u32 {
    run(src, |w| {
        w.mode = mode;
        w.vgpr[1] = [a; 32];
        w.vgpr[2] = [b; 32];
        w.vgpr[3] = [c; 32];
    })
    .vgpr[0][0]
}

/// Packs (low, high) F16 halves.
const fn pk(lo: u16, hi: u16) -> u32 {
    (hi as u32) << 16 | lo as u32
}

// F16 bit patterns.
const H0_25: u16 = 0x3400;
const H0_5: u16 = 0x3800;
const H0_75: u16 = 0x3a00;
const H1: u16 = 0x3c00;
const H1_25: u16 = 0x3d00;
const H1_5: u16 = 0x3e00;
const H2: u16 = 0x4000;
const H3: u16 = 0x4200;
const H4: u16 = 0x4400;
const H5: u16 = 0x4500;
const H6: u16 = 0x4600;
const HMAX: u16 = 0x7bff; // 65504
const HINF: u16 = 0x7c00;
const NEG: u16 = 0x8000;

#[test]
fn packed_f16_arithmetic_runs_on_both_halves() {
    let (a, b, c) = (pk(H1, H2), pk(H0_5, H3 | NEG), pk(H0_25, H1));
    assert_eq!(one("v_pk_add_f16 v0, v1, v2", a, b, 0), pk(H1_5, H1 | NEG), "1 + 0.5, 2 + -3");
    assert_eq!(one("v_pk_mul_f16 v0, v1, v2", a, b, 0), pk(H0_5, H6 | NEG), "1 * 0.5, 2 * -3");
    assert_eq!(one("v_pk_fma_f16 v0, v1, v2, v3", a, b, c), pk(H0_75, H5 | NEG), "0.5 + 0.25, -6 + 1");
    assert_eq!(one("v_pk_min_f16 v0, v1, v2", a, b, 0), pk(H0_5, H3 | NEG));
    assert_eq!(one("v_pk_max_f16 v0, v1, v2", a, b, 0), pk(H1, H2));
    // 65504 * 2 overflows to +inf (round to nearest); 65504 + 16 = 65520 is the tie between
    // 65504 and 65536 and rounds to even (65536 = inf); under round-toward-zero (FP_ROUND[3:2]
    // = 3, which also rules F16) it stays 65504.
    assert_eq!(one("v_pk_mul_f16 v0, v1, v2", pk(HMAX, HMAX), pk(H2, H1), 0), pk(HINF, HMAX));
    let sixteen = 0x4c00;
    assert_eq!(one("v_pk_add_f16 v0, v1, v2", pk(HMAX, 0), pk(sixteen, 0), 0), pk(HINF, 0));
    assert_eq!(
        one_mode("v_pk_add_f16 v0, v1, v2", MODE_ALL | 0xc, pk(HMAX, 0), pk(sixteen, 0), 0),
        pk(HMAX, 0)
    );
    // Round toward -inf makes 1 + 2^-11 * 0.5 ... a value between two F16s go down, +inf up.
    let tiny = 0x0c00; // 2^-12: 1 + 2^-12 lies between 1 and 1 + 2^-10
    assert_eq!(
        one_mode("v_pk_add_f16 v0, v1, v2", MODE_ALL | 0x4, pk(H1, H1), pk(tiny, tiny), 0),
        pk(0x3c01, 0x3c01)
    );
    assert_eq!(
        one_mode("v_pk_add_f16 v0, v1, v2", MODE_ALL | 0x8, pk(H1, H1), pk(tiny, tiny), 0),
        pk(H1, H1)
    );
    // FP_ROUND[1:0] (F32) does not touch F16.
    assert_eq!(
        one_mode("v_pk_add_f16 v0, v1, v2", MODE_ALL | 0x1, pk(H1, H1), pk(tiny, tiny), 0),
        pk(H1, H1)
    );
}

#[test]
fn op_sel_and_op_sel_hi_pick_the_halves_and_neg_bits_negate_them() {
    let (a, b) = (pk(H1, H2), pk(H4, H0_5));
    // Low result: OPSEL[n] ? S[31:16] : S[15:0]; high result: OPSEL_HI[n].
    // op_sel:[1,0] op_sel_hi:[0,1] -> low = a.hi + b.lo = 2 + 4, high = a.lo + b.hi = 1 + 0.5.
    assert_eq!(one("v_pk_add_f16 v0, v1, v2 op_sel:[1,0] op_sel_hi:[0,1]", a, b, 0), pk(H6, H1_5));
    // op_sel_hi:[0,0]: both halves from the low halves.
    assert_eq!(one("v_pk_add_f16 v0, v1, v2 op_sel_hi:[0,0]", a, b, 0), pk(H5, H5));
    // neg_lo negates the operand of the low result, neg_hi that of the high result.
    // low = -1 + 4 = 3, high = 2 - 0.5 = 1.5.
    assert_eq!(one("v_pk_add_f16 v0, v1, v2 neg_lo:[1,0] neg_hi:[0,1]", a, b, 0), pk(H3, H1_5));
    // They apply to the selected half: op_sel:[1,0] neg_lo:[1,0] -> low = -2 + 4 = 2.
    assert_eq!(one("v_pk_add_f16 v0, v1, v2 op_sel:[1,0] neg_lo:[1,0]", a, b, 0) & 0xffff, u32::from(H2));
    // FMA's third source too: 1*4 + -(0.25), 2*0.5 + 1 (op_sel_hi default).
    let c = pk(H0_25, H1);
    assert_eq!(one("v_pk_fma_f16 v0, v1, v2, v3 neg_lo:[0,0,1]", a, b, c), pk(0x4380, H2), "3.75, 2");
    // Integer operations ignore NEG ("float inputs only").
    assert_eq!(one("v_pk_add_u16 v0, v1, v2 neg_lo:[1,1] neg_hi:[1,1]", pk(1, 2), pk(3, 4), 0), pk(4, 6));
    // OPSEL works on SGPR sources too.
    let w = run("v_pk_add_u16 v0, s4, v2 op_sel:[1,0] op_sel_hi:[0,1]", |w| {
        w.sgpr[4] = pk(10, 20);
        w.vgpr[2] = [pk(1, 2); 32];
    });
    assert_eq!(w.vgpr[0][0], pk(21, 12));
}

#[test]
fn packed_integer_operations_wrap_or_clamp() {
    let t = |src: &str, a: u32, b: u32, c: u32| one(src, a, b, c);
    assert_eq!(t("v_pk_add_u16 v0, v1, v2", pk(0xffff, 1), pk(2, 2), 0), pk(1, 3), "wraps");
    assert_eq!(t("v_pk_add_u16 v0, v1, v2 clamp", pk(0xffff, 1), pk(2, 2), 0), pk(0xffff, 3), "saturates");
    assert_eq!(t("v_pk_sub_u16 v0, v1, v2", pk(1, 5), pk(2, 2), 0), pk(0xffff, 3));
    assert_eq!(t("v_pk_sub_u16 v0, v1, v2 clamp", pk(1, 5), pk(2, 2), 0), pk(0, 3));
    // Signed: 0x7fff + 1 wraps to -32768, or clamps to 0x7fff; -32768 - 1 clamps to -32768.
    assert_eq!(t("v_pk_add_i16 v0, v1, v2", pk(0x7fff, 0xfffe), pk(1, 1), 0), pk(0x8000, 0xffff));
    assert_eq!(t("v_pk_add_i16 v0, v1, v2 clamp", pk(0x7fff, 0xfffe), pk(1, 1), 0), pk(0x7fff, 0xffff));
    assert_eq!(t("v_pk_sub_i16 v0, v1, v2 clamp", pk(0x8000, 5), pk(1, 7), 0), pk(0x8000, 0xfffe));
    assert_eq!(t("v_pk_sub_i16 v0, v1, v2", pk(0x8000, 5), pk(1, 7), 0), pk(0x7fff, 0xfffe));
    // MAD: 16-bit product plus addend, wrapping; signed clamp.
    assert_eq!(
        t("v_pk_mad_u16 v0, v1, v2, v3", pk(300, 3), pk(300, 4), pk(1, 5)),
        pk((90001 % 65536) as u16, 17)
    );
    assert_eq!(t("v_pk_mad_u16 v0, v1, v2, v3 clamp", pk(300, 3), pk(300, 4), pk(1, 5)), pk(0xffff, 17));
    assert_eq!(t("v_pk_mad_i16 v0, v1, v2, v3", pk(0xfffd, 200), pk(7, 200), pk(1, 0)), pk(0xffec, 40000));
    assert_eq!(
        t("v_pk_mad_i16 v0, v1, v2, v3 clamp", pk(0xfffd, 200), pk(7, 200), pk(1, 0)),
        pk(0xffec, 0x7fff)
    );
    assert_eq!(t("v_pk_mul_lo_u16 v0, v1, v2", pk(300, 0xffff), pk(300, 0xffff), 0), pk(0x5f90, 1));
    // Shifts take S1 >> S0[3:0]: 17 shifts by 1, 16 by 0.
    assert_eq!(t("v_pk_lshlrev_b16 v0, v1, v2", pk(17, 16), pk(0x4001, 0x1234), 0), pk(0x8002, 0x1234));
    assert_eq!(t("v_pk_lshrrev_b16 v0, v1, v2", pk(4, 15), pk(0x8000, 0x8000), 0), pk(0x0800, 1));
    assert_eq!(t("v_pk_ashrrev_i16 v0, v1, v2", pk(4, 15), pk(0x8000, 0x7000), 0), pk(0xf800, 0));
    assert_eq!(t("v_pk_min_i16 v0, v1, v2", pk(0xffff, 1), pk(1, 0xffff), 0), pk(0xffff, 0xffff));
    assert_eq!(t("v_pk_max_i16 v0, v1, v2", pk(0xffff, 1), pk(1, 0xffff), 0), pk(1, 1));
    assert_eq!(t("v_pk_min_u16 v0, v1, v2", pk(0xffff, 1), pk(1, 0xffff), 0), pk(1, 1));
    assert_eq!(t("v_pk_max_u16 v0, v1, v2", pk(0xffff, 1), pk(1, 0xffff), 0), pk(0xffff, 0xffff));
}

#[test]
fn inline_constants_hold_their_value_in_the_low_half_only() {
    // Guide 7.5.1: "Inline constants produce a value in only the low 16-bits of the 32-bit
    // constant value ... To use the inline constant in both halves, use OPSEL to select the
    // lower input for both low and high sources." LLVM agrees: clang emits
    // `v_pk_add_f16 v1, s2, 1.0 op_sel_hi:[1,0]` for half2 x + 1.0, and llvm-mc folds the
    // literal 0x00003c00 (not 0x3c003c00) into the inline 1.0, and 0xffffffff into -1.
    let a = pk(H1, H2);
    assert_eq!(
        one("v_pk_add_f16 v0, v1, 1.0 op_sel_hi:[1,0]", a, 0, 0),
        pk(H2, H3),
        "replicated by OPSEL_HI"
    );
    assert_eq!(one("v_pk_add_f16 v0, v1, 1.0", a, 0, 0), pk(H2, H2), "the high half of 1.0 is +0");
    assert_eq!(one("v_pk_mul_f16 v0, v1, 0.5", a, 0, 0), pk(H0_5, 0), "2 * +0");
    assert_eq!(one("v_pk_add_u16 v0, v1, 5", pk(1, 2), 0, 0), pk(6, 2));
    assert_eq!(one("v_pk_add_u16 v0, v1, 5 op_sel_hi:[1,0]", pk(1, 2), 0, 0), pk(6, 7));
    // A negative integer constant is its 32-bit value, 0xffffffff (LLVM's reading; the guide
    // does not say how the 16-bit value extends).
    assert_eq!(one("v_pk_add_u16 v0, v1, -1", pk(1, 2), 0, 0), pk(0, 1));
    // A literal supplies all 32 bits.
    assert_eq!(one("v_pk_add_u16 v0, v1, 0x50003", pk(1, 2), 0, 0), pk(4, 7));
    // DOT4/DOT8 use the 32-bit inline value (7.5.1): 1 is byte 0 = 1, the others 0.
    assert_eq!(one("v_dot4_u32_u8 v0, 1, v2, v3", 0, 0x0403_0207, 10), 17);
}

#[test]
fn float_clamp_and_dx10_clamp() {
    // CLMP: [0, 1.0]; -0 clamps to +0.
    let (a, b) = (pk(H0_75, H1 | NEG), pk(H0_5, H0_25));
    assert_eq!(one("v_pk_add_f16 v0, v1, v2 clamp", a, b, 0), pk(H1, 0));
    assert_eq!(one("v_pk_mul_f16 v0, v1, v2 clamp", pk(NEG, H1), pk(H1, H0_5), 0), pk(0, H0_5));
    // A NaN result clamps to 0 with DX10_CLAMP (MODE[8]) set.
    let nan = 0x7e00;
    assert_eq!(one("v_pk_add_f16 v0, v1, v2 clamp", pk(nan, H1_25), pk(H1, H1), 0), pk(0, H1));
}

#[test]
fn f16_nan_inf_and_denormals_under_mode() {
    // Quieting: a signalling NaN input returns quiet with its payload.
    assert_eq!(one("v_pk_add_f16 v0, v1, v2", pk(0x7c01, H1), pk(H1, 0xfc02), 0), pk(0x7e01, 0xfe02));
    // inf - inf creates the default NaN (fp.rs: 0xfe00), inf + x stays inf.
    assert_eq!(one("v_pk_add_f16 v0, v1, v2", pk(HINF, HINF), pk(HINF | NEG, H1), 0), pk(0xfe00, HINF));
    // 0 * inf is a NaN too.
    assert_eq!(one("v_pk_mul_f16 v0, v1, v2", pk(0, H1), pk(HINF, HINF | NEG), 0), pk(0xfe00, HINF | NEG));
    // Denormal inputs: 2^-24 * 2 = 2^-23 with FP_DENORM[7:6] (F16/F64) = 3; 0 when inputs are
    // flushed ([6] = 0). FP_DENORM[5:4] (F32) does not matter.
    let d1 = 0x0001;
    assert_eq!(one_mode("v_pk_mul_f16 v0, v1, v2", 0x0c0, pk(d1, H1), pk(H2, H1), 0), pk(0x0002, H1));
    assert_eq!(one_mode("v_pk_mul_f16 v0, v1, v2", 0x030, pk(d1, H1), pk(H2, H1), 0), pk(0, H1));
    // Denormal outputs: the smallest normal (0x0400) halved is 0x0200, kept with [7] = 1,
    // flushed to +0 (same sign) without.
    assert_eq!(
        one_mode("v_pk_mul_f16 v0, v1, v2", 0x0c0, pk(0x0400, 0x8400), pk(H0_5, H0_5), 0),
        pk(0x0200, 0x8200)
    );
    assert_eq!(one_mode("v_pk_mul_f16 v0, v1, v2", 0x040, pk(0x0400, 0x8400), pk(H0_5, H0_5), 0), pk(0, NEG));
    // Min/max: -0 < +0; in IEEE mode (MODE[9]) a quiet NaN loses, a signalling NaN wins quiet.
    assert_eq!(one("v_pk_min_f16 v0, v1, v2", pk(0, NEG), pk(NEG, 0), 0), pk(NEG, NEG));
    assert_eq!(one("v_pk_max_f16 v0, v1, v2", pk(0, NEG), pk(NEG, 0), 0), pk(0, 0));
    assert_eq!(one("v_pk_max_f16 v0, v1, v2", pk(0x7e00, 0x7c01), pk(H1, H1), 0), pk(H1, 0x7e01));
    // Without IEEE mode any NaN loses: V_MAX_F16 returns the other operand.
    assert_eq!(one_mode("v_pk_max_f16 v0, v1, v2", 0x1f0, pk(0x7e00, 0x7c01), pk(H1, H1), 0), pk(H1, H1));
}

#[test]
fn dot2_f32_f16_and_bf16_round_each_step_in_f32() {
    let f = |x: f32| x.to_bits();
    // (1, 2) . (3, 4) + 0.5 = 11.5.
    assert_eq!(one("v_dot2_f32_f16 v0, v1, v2, v3", pk(H1, H2), pk(H3, H4), f(0.5)), f(11.5));
    // NEG on the low half of S0: -3 + 8 + 0.5.
    assert_eq!(one("v_dot2_f32_f16 v0, v1, v2, v3 neg_lo:[1,0,0]", pk(H1, H2), pk(H3, H4), f(0.5)), f(5.5));
    // OPSEL: the low product uses S0's high half: 2*3 + 2*4.
    assert_eq!(one("v_dot2_f32_f16 v0, v1, v2, v3 op_sel:[1,0,0]", pk(H1, H2), pk(H3, H4), 0), f(14.0));
    // tmp = 4096 * 4096 = 2^24; tmp += 1 * 1 rounds to 2^24 (a tie, to even); tmp += 1 again:
    // the pseudocode's step-by-step F32 sums give 2^24, an exact sum would give 2^24 + 2.
    let h4096 = 0x6c00;
    assert_eq!(one("v_dot2_f32_f16 v0, v1, v2, v3", pk(h4096, H1), pk(h4096, H1), f(1.0)), f(16_777_216.0));
    // BF16 halves are the high halves of F32 patterns.
    let bf = |x: f32| (x.to_bits() >> 16) as u16;
    let (a, b) = (pk(bf(1.0), bf(2.0)), pk(bf(3.0), bf(-4.0)));
    assert_eq!(one("v_dot2_f32_bf16 v0, v1, v2, v3", a, b, f(0.25)), f(-4.75));
    // Clamp to [0, 1].
    assert_eq!(one("v_dot2_f32_f16 v0, v1, v2, v3 clamp", pk(H1, H2), pk(H3, H4), 0), f(1.0));
}

#[test]
fn integer_dots_take_signedness_from_neg() {
    // Bytes from the low end: S0 = (0xff, 2, 3, 4), S1 = (1, 0xfe, 3, 4).
    let (a, b) = (0x0403_02ff, 0x0403_fe01);
    let c = -5i32 as u32;
    // NEG[0]/NEG[1] = signed S0/S1 (7.5): unsigned 255 + 508 + 9 + 16 = 788.
    assert_eq!(one("v_dot4_i32_iu8 v0, v1, v2, v3", a, b, c), 783);
    assert_eq!(
        one("v_dot4_i32_iu8 v0, v1, v2, v3 neg_lo:[1,0,0]", a, b, c),
        (532 - 5) as u32,
        "-1 + 508 + 25"
    );
    assert_eq!(
        one("v_dot4_i32_iu8 v0, v1, v2, v3 neg_lo:[0,1,0]", a, b, c),
        (276 - 5) as u32,
        "255 - 4 + 25"
    );
    assert_eq!(one("v_dot4_i32_iu8 v0, v1, v2, v3 neg_lo:[1,1,0]", a, b, c), 15, "-1 - 4 + 25 - 5");
    // The unsigned form ignores NEG; C is unsigned, the sum wraps unless clamped.
    assert_eq!(one("v_dot4_u32_u8 v0, v1, v2, v3", a, b, 0xffff_fff0), 788 - 16);
    assert_eq!(one("v_dot4_u32_u8 v0, v1, v2, v3 clamp", a, b, 0xffff_fff0), u32::MAX);
    assert_eq!(one("v_dot4_i32_iu8 v0, v1, v2, v3 clamp neg_lo:[1,1,0]", a, b, 0x7fff_fff0), 0x7fff_ffff);
    assert_eq!(
        one("v_dot4_i32_iu8 v0, v1, v2, v3 clamp neg_lo:[1,1,0]", 0x7f, 0x80, 0x8000_0000),
        0x8000_0000
    );
    // Nibbles from the low end: S0 = (7, 6, 5, 4, 3, 2, 1, 0xf), S1 = all 1.
    let (a, b) = (0xf123_4567, 0x1111_1111);
    assert_eq!(one("v_dot8_i32_iu4 v0, v1, v2, v3", a, b, 0), 43);
    assert_eq!(one("v_dot8_i32_iu4 v0, v1, v2, v3 neg_lo:[1,0,0]", a, b, 0), 27, "0xf is -1");
    assert_eq!(one("v_dot8_i32_iu4 v0, v1, v2, v3 neg_lo:[1,1,0]", a, 0xffff_ffff, 0), -27i32 as u32);
    assert_eq!(one("v_dot8_u32_u4 v0, v1, v2, v3", a, 0xffff_ffff, 1), 43 * 15 + 1);
}

#[test]
fn fma_mix_reads_f32_or_a_selected_f16_half() {
    let f = |x: f32| x.to_bits();
    // {OPSEL_HI[n], OPSEL[n]}: 0x = S as F32, 10 = S[15:0] as F16, 11 = S[31:16] as F16.
    assert_eq!(one("v_fma_mix_f32 v0, v1, v2, v3", f(1.5), f(2.0), f(0.25)), f(3.25));
    // src0 = high half (3.0), src1 = low half (0.5), src2 = F32 1.0.
    let w = one(
        "v_fma_mix_f32 v0, v1, v2, v3 op_sel:[1,0,0] op_sel_hi:[1,1,0]",
        pk(H1, H3),
        pk(H0_5, H2),
        f(1.0),
    );
    assert_eq!(w, f(2.5));
    // NEG negates, NEG_HI takes the absolute value: -(3) * |-2| + 1 = -5.
    let w = one(
        "v_fma_mix_f32 v0, -v1, |v2|, v3 op_sel:[1,1,0] op_sel_hi:[1,1,0]",
        pk(H1, H3),
        pk(H0_5, H2 | NEG),
        f(1.0),
    );
    assert_eq!(w, f(-5.0));
    // F16 denormal inputs are converted exactly (they are normal F32 values).
    assert_eq!(one("v_fma_mix_f32 v0, v1, v2, v3 op_sel_hi:[1,0,0]", 0x0001, f(1.0), 0), f(2f32.powi(-24)));
    // MIXLO/MIXHI convert the F32 result to F16 and write one half, keeping the other.
    let w = run("v_fma_mixlo_f16 v0, v1, v2, v3\nv_fma_mixhi_f16 v4, v1, v2, v3", |w| {
        w.mode = MODE_ALL;
        w.vgpr[0] = [0x1234_5678; 32];
        w.vgpr[4] = [0x1234_5678; 32];
        w.vgpr[1] = [f(1.5); 32];
        w.vgpr[2] = [f(2.0); 32];
        w.vgpr[3] = [f(0.25); 32];
    });
    assert_eq!(w.vgpr[0][0], 0x1234_0000 | 0x4280, "3.25 in the low half");
    assert_eq!(w.vgpr[4][0], 0x4280_5678, "3.25 in the high half");
    // 65520 is the F16 tie between 65504 and 65536 (inf): nearest-even gives inf, the F16
    // round mode toward zero 65504.
    assert_eq!(one("v_fma_mixlo_f16 v0, v1, v2, v3", f(65520.0), f(1.0), 0) & 0xffff, u32::from(HINF));
    assert_eq!(
        one_mode("v_fma_mixlo_f16 v0, v1, v2, v3", MODE_ALL | 0xc, f(65520.0), f(1.0), 0) & 0xffff,
        u32::from(HMAX)
    );
    // An inline float constant is the F16 constant in the low half, as on every VOP3P row
    // (not the low half of the F32 constant, which is zero): 1.0 read as F16 is 1.0, and
    // read as F32 the pattern 0x00003c00.
    assert_eq!(one("v_fma_mix_f32 v0, 1.0, v2, v3 op_sel_hi:[1,0,0]", 0, f(2.0), f(0.25)), f(2.25));
    let tiny = f32::from_bits(0x3c00);
    assert_eq!(one("v_fma_mix_f32 v0, 1.0, v2, v3", 0, f(2.0f32.powi(100)), 0), f(tiny * 2.0f32.powi(100)));
}

#[test]
fn inactive_lanes_and_exec_zero() {
    let w =
        run("v_pk_add_u16 v0, v1, v2\nv_dot2_f32_f16 v3, v1, v2, v4\nv_fma_mixlo_f16 v5, v1, v2, v4", |w| {
            w.sgpr[126] = 0x0000_0005;
            w.vgpr[0] = [0xdead; 32];
            w.vgpr[3] = [0xdead; 32];
            w.vgpr[5] = [0xdead_beef; 32];
            w.vgpr[1] = [pk(1, 2); 32];
            w.vgpr[2] = [pk(3, 4); 32];
        });
    assert_eq!((w.vgpr[0][0], w.vgpr[0][1], w.vgpr[0][2]), (pk(4, 6), 0xdead, pk(4, 6)));
    assert_eq!(w.vgpr[3][1], 0xdead);
    assert_eq!(w.vgpr[5][1], 0xdead_beef);
    let w = run("v_pk_fma_f16 v0, v1, v2, v3", |w| {
        w.sgpr[126] = 0;
        w.vgpr[0] = [0xdead; 32];
    });
    assert_eq!(w.vgpr[0], [0xdead; 32]);
}

#[test]
fn dot2_16_bit_results_round_the_exact_sum_once() {
    // 128 * 128 + 2^-24 * 2^-24 + 8 = 16384 + 8 + 2^-48: above the tie between 16384 and
    // 16400 (F16's ULP there is 16), so 16400 = 0x7401. A double rounds 2^-48 away first and
    // the tie then goes to the even 16384.
    let (h128, tiny, h8) = (0x5800u16, 0x0001u16, 0x4800u16);
    assert_eq!(
        one("v_dot2_f16_f16 v0, v1, v2, v3", pk(h128, tiny), pk(h128, tiny), u32::from(h8)) & 0xffff,
        0x7401
    );
    // BF16: 128 = 0x4300, 2^-133 = 0x0001, 64 = 0x4280; 16384 + 64 + 2^-266 rounds up to
    // 16512 = 0x4681 (BF16's ULP at 2^14 is 128).
    assert_eq!(one("v_dot2_bf16_bf16 v0, v1, v2, v3", pk(0x4300, 1), pk(0x4300, 1), 0x4280) & 0xffff, 0x4681);
    // Every term a negative zero: -0; otherwise an exact zero is +0.
    assert_eq!(one("v_dot2_f16_f16 v0, v1, v2, v3", pk(0x8000, 0x8000), pk(H1, H1), 0x8000) & 0xffff, 0x8000);
    assert_eq!(one("v_dot2_f16_f16 v0, v1, v2, v3", pk(0x8000, 0x8000), pk(H1, H1), 0) & 0xffff, 0);
    assert_eq!(one("v_dot2_f16_f16 v0, v1, v2, v3", pk(H1, 0xbc00), pk(H1, H1), 0) & 0xffff, 0);
    // Infinity times zero: the default NaN; a NaN source: the first, made quiet.
    assert_eq!(one("v_dot2_f16_f16 v0, v1, v2, v3", pk(0x7c00, 0), pk(0, 0), 0) & 0xffff, 0xfe00);
    assert_eq!(one("v_dot2_f16_f16 v0, v1, v2, v3", pk(H1, 0x7d00), pk(H1, 0x7e01), 0) & 0xffff, 0x7f00);
    assert_eq!(one("v_dot2_bf16_bf16 v0, v1, v2, v3", pk(0x7f81, 0), pk(0, 0), 0) & 0xffff, 0x7fc1);
    // Infinities of both signs: the default NaN; of one sign: that infinity.
    assert_eq!(one("v_dot2_f16_f16 v0, v1, v2, v3", pk(0x7c00, H1), pk(H1, H1), 0xfc00) & 0xffff, 0xfe00);
    assert_eq!(one("v_dot2_f16_f16 v0, v1, v2, v3", pk(0x7c00, H1), pk(H1, H1), 0x3c00) & 0xffff, 0x7c00);
    // Overflow to infinity; F16 keeps a denormal result, BF16 flushes it (sign kept).
    assert_eq!(one("v_dot2_f16_f16 v0, v1, v2, v3", pk(0x7bff, 0), pk(0x7bff, 0), 0) & 0xffff, 0x7c00);
    assert_eq!(one("v_dot2_f16_f16 v0, v1, v2, v3", pk(0x0001, 0), pk(H1, 0), 0x0001) & 0xffff, 0x0002);
    assert_eq!(one("v_dot2_bf16_bf16 v0, v1, v2, v3", pk(0x8001, 0), pk(0x3f80, 0), 0x8001) & 0xffff, 0x8000);
}

/// The VOP3 dot products against an independent reference: rustc_apfloat's IEEE quad, which
/// holds the exact sum when the terms span at most 113 bits (every F16 sum does: products
/// from 2^-48 to 2^32; BF16 sources here within 2^-20..2^21), rounded once to F16 or BF16.
#[test]
fn dot2_16_bit_results_match_a_quad_precision_reference() {
    use rand::rngs::SmallRng;
    use rand::{RngExt, SeedableRng};
    use rustc_apfloat::ieee::{BFloat, Half, Quad};
    use rustc_apfloat::{Float, FloatConvert};
    let mut rng = SmallRng::seed_from_u64(0xd072);
    for bf16 in [false, true] {
        let src = if bf16 { "v_dot2_bf16_bf16 v0, v1, v2, v3" } else { "v_dot2_f16_f16 v0, v1, v2, v3" };
        for _ in 0..3000 {
            let mut h = || -> u16 {
                let r: u16 = rng.random();
                if bf16 {
                    // exponent field 107..=148, any sign and fraction
                    (r & 0x807f) | (rng.random_range(107u16..=148) << 7)
                } else {
                    r & 0xfbff | if rng.random_range(0..8) == 0 { 0 } else { r & 0x0400 }
                }
            };
            let (a, b, c) = (pk(h(), h()), pk(h(), h()), u32::from(h()));
            let q = |v: u32| -> Quad {
                let v = (v & 0xffff) as u128;
                let mut lost = false;
                if bf16 {
                    BFloat::from_bits(v).convert(&mut lost).value
                } else {
                    Half::from_bits(v).convert(&mut lost).value
                }
            };
            let sum = ((q(a) * q(b)).value + (q(a >> 16) * q(b >> 16)).value).value;
            let sum = (sum + q(c)).value;
            let mut lost = false;
            let want = if bf16 {
                let r: BFloat = sum.convert(&mut lost).value;
                let r = r.to_bits() as u32;
                if r & 0x7f80 == 0 { r & 0x8000 } else { r }
            } else {
                let r: Half = sum.convert(&mut lost).value;
                r.to_bits() as u32
            };
            if sum.is_nan() {
                continue;
            }
            let got = one(src, a, b, c) & 0xffff;
            assert_eq!(got, want, "{src} with v1 = {a:#x}, v2 = {b:#x}, v3 = {c:#x}");
        }
    }
}
