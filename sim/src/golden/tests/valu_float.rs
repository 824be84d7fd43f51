//! F32, F64 and F16 arithmetic at the edges (guide 7.1 and 16.7-16.12): the division helpers,
//! transcendental special values and accuracy, frexp/ldexp/trig_preop, conversions with
//! rounding and saturation, min/max/med3 with NaNs under IEEE mode, fract and the rounding
//! instructions, MODE's round modes and its separate denormal controls. Expected values come
//! from the pseudocode and functional examples of chapter 16, or from the host's IEEE
//! arithmetic where the guide's rule is "the IEEE result".

use super::*;

/// MODE: nearest-even, every denormal allowed, DX10_CLAMP and IEEE (the compute default).
const MODE: u32 = 0x3f0;

fn run(src: &str, setup: impl FnOnce(&mut Wave)) -> Wave {
    run_mode(src, MODE, setup)
}

fn d(x: f64) -> u64 {
    x.to_bits()
}

/// `op v0, <srcs>` on lane 0 with 32-bit sources v1, v2, v3 = `s` and MODE `mode`.
fn op32(op: &str, mode: u32, s: &[u32]) -> u32 {
    let srcs = ["v1", "v2", "v3"][..s.len()].join(", ");
    run(&format!("{op} v0, {srcs}"), |w| {
        w.mode = mode;
        for (k, &v) in s.iter().enumerate() {
            w.vgpr[1 + k] = [v; 32];
        }
    })
    .vgpr[0][0]
}

fn set64(w: &mut Wave, r: usize, v: u64) {
    w.vgpr[r] = [v as u32; 32];
    w.vgpr[r + 1] = [(v >> 32) as u32; 32];
}
fn get64(w: &Wave, r: usize, l: usize) -> u64 {
    u64::from(w.vgpr[r][l]) | u64::from(w.vgpr[r + 1][l]) << 32
}

/// `op v[0:1], <srcs>` with 64-bit sources v[2:3], v[4:5], v[6:7].
fn op64(op: &str, mode: u32, s: &[u64]) -> u64 {
    let srcs = ["v[2:3]", "v[4:5]", "v[6:7]"][..s.len()].join(", ");
    let w = run(&format!("{op} v[0:1], {srcs}"), |w| {
        w.mode = mode;
        for (k, &v) in s.iter().enumerate() {
            set64(w, 2 + 2 * k, v);
        }
    });
    get64(&w, 0, 0)
}

#[test]
fn div_scale_follows_the_pseudocode_cases() {
    // (S0, S1 = denominator, S2 = numerator) -> (D0, VCC bit). Exponents are biased fields.
    let p = |e: i32| 2f32.powi(e);
    let cases: &[(&str, f32, f32, f32, f32, bool)] = &[
        ("ordinary: nothing to do", 3.0, 3.0, 1.0, 3.0, false),
        ("ordinary, numerator", 1.0, 3.0, 1.0, 1.0, false),
        // exponent(N) - exponent(D) >= 96: VCC; only the denominator is scaled up by 2^64.
        ("N/D near max, denominator", p(-1), p(-1), p(100), p(63), true),
        ("N/D near max, numerator", p(100), p(-1), p(100), p(100), true),
        // S1 denormal: ldexp(S0, 64), no VCC.
        ("denormal denominator", p(-140), p(-140), p(-120), p(-76), false),
        // S2 / S1 denormal (1/D is not): VCC; only the numerator is scaled up.
        ("denormal quotient, numerator", p(-120), p(20), p(-120), p(-56), true),
        ("denormal quotient, denominator", p(20), p(20), p(-120), p(20), true),
        // exponent(N) <= 23: the numerator is tiny, scaled up without VCC.
        ("tiny numerator", p(-110), 1.0, p(-110), p(-46), false),
        // 1/D denormal alone: ldexp(S0, -64). valu/div.rs tests "1/D is denormal" in F32 (the
        // pseudocode writes 1.0 / 64'F(S1), which is never denormal in F64: a contradiction
        // with the compiler's use, documented there).
        ("1/D denormal", p(127), p(127), p(10), p(63), false),
    ];
    for &(what, s0, s1, s2, want, vcc) in cases {
        let w = run("v_div_scale_f32 v0, vcc_lo, v1, v2, v3", |w| {
            w.sgpr[126] = 0b11;
            w.sgpr[106] = 0xffff_fff0;
            w.vgpr[1] = [f(s0); 32];
            w.vgpr[2] = [f(s1); 32];
            w.vgpr[3] = [f(s2); 32];
        });
        assert_eq!(w.vgpr[0][0], f(want), "{what}");
        // VCC = 0 first, then bit per active lane: inactive lanes' bits are 0.
        assert_eq!(w.sgpr[106], if vcc { 0b11 } else { 0 }, "{what}: VCC");
    }
    // Zero numerator or denominator: NaN.
    let w = run("v_div_scale_f32 v0, vcc_lo, v1, v2, v3", |w| w.vgpr[3] = [f(1.0); 32]);
    assert!(f32::from_bits(w.vgpr[0][0]).is_nan() && w.sgpr[106] == 0);
    // F64: the thresholds are 768 and 53, the scale 2^128.
    let p = |e: i32| 2f64.powi(e);
    let w = run("v_div_scale_f64 v[0:1], s4, v[2:3], v[4:5], v[6:7]", |w| {
        set64(w, 2, d(p(-1)));
        set64(w, 4, d(p(-1)));
        set64(w, 6, d(p(800)));
    });
    assert_eq!((get64(&w, 0, 0), w.sgpr[4]), (d(p(127)), u32::MAX), "N/D near max");
    let w = run("v_div_scale_f64 v[0:1], s4, v[2:3], v[4:5], v[6:7]", |w| {
        set64(w, 2, d(p(-1000)));
        set64(w, 4, d(p(30)));
        set64(w, 6, d(p(-1000)));
    });
    assert_eq!((get64(&w, 0, 0), w.sgpr[4]), (d(p(-872)), u32::MAX), "denormal quotient 2^-1030");
}

#[test]
fn div_fmas_scales_only_where_vcc_is_set() {
    // VCC clear: a plain fma with one rounding. VCC set: the fma scaled back by what
    // v_div_scale applied (valu/div.rs documents why this is 2^+-64, not the pseudocode's 2^32):
    // up when the quotient estimate S2 is above 1 (N/D was huge), down when below.
    let w = run("v_div_fmas_f32 v0, v1, v2, v3", |w| {
        w.sgpr[106] = 0b110;
        w.vgpr[1] = [f(2.0); 32];
        w.vgpr[2] = [f(3.0); 32];
        w.vgpr[3] = [f(2.0), f(2.0), f(0.5), f(0.5)]
            .into_iter()
            .cycle()
            .take(32)
            .collect::<Vec<_>>()
            .try_into()
            .unwrap();
    });
    assert_eq!(w.vgpr[0][0], f(8.0));
    assert_eq!(w.vgpr[0][1], f(8.0 * 2f32.powi(64)));
    assert_eq!(w.vgpr[0][2], f(6.5 * 2f32.powi(-64)));
    assert_eq!(w.vgpr[0][3], f(6.5));
    // "Input denormals are not flushed": with MODE flushing F32 denormals, a denormal S0 still
    // counts (2^-140 * 2^20 = 2^-120).
    let r = op32("v_div_fmas_f32", 0x300, &[f(2f32.powi(-140)), f(2f32.powi(20)), 0]);
    assert_eq!(r, f(2f32.powi(-120)));
}

#[test]
fn div_fixup_special_cases() {
    let (inf, nan) = (f32::INFINITY, f32::NAN);
    // (quotient S0, denominator S1, numerator S2) -> result.
    let cases: &[(u32, u32, u32, u32)] = &[
        (f(9.0), f(1.0), 0x7f80_0001, 0x7fc0_0001), // NaN numerator, quieted
        (f(9.0), 0xff80_0002, f(1.0), 0xffc0_0002), // NaN denominator
        (f(9.0), 0, 0x8000_0000, 0xffc0_0000),      // 0/0
        (f(9.0), f(-inf), f(inf), 0xffc0_0000),     // inf/inf
        (f(9.0), 0x8000_0000, f(2.0), f(-inf)),     // x/-0
        (f(9.0), f(2.0), f(-inf), f(-inf)),         // inf/y
        (f(9.0), f(-inf), f(2.0), f(-0.0)),         // x/inf
        (f(9.0), f(-2.0), 0, f(-0.0)),              // 0/y
        // exponent(N) - exponent(D) < -150: underflow, a signed zero.
        (f(9.0), f(2f32.powi(100)), f(-(2f32.powi(-100))), f(-0.0)),
        // Otherwise the quotient's magnitude with sign(N) ^ sign(D).
        (f(-9.0), f(-2.0), f(-18.0), f(9.0)),
        (f(9.0), f(-2.0), f(18.0), f(-9.0)),
    ];
    for &(q, den, num, want) in cases {
        assert_eq!(op32("v_div_fixup_f32", MODE, &[q, den, num]), want, "{q:#x} {den:#x} {num:#x}");
    }
    let _ = nan;
    assert_eq!(op64("v_div_fixup_f64", MODE, &[d(3.0), 0, 0]), 0xfff8_0000_0000_0000, "0/0");
    assert_eq!(op64("v_div_fixup_f64", MODE, &[d(3.0), d(-0.0), d(1.0)]), d(f64::NEG_INFINITY));
    assert_eq!(op64("v_div_fixup_f64", MODE, &[d(-3.0), d(-1.0), d(3.0)]), d(-3.0));
}

/// The instruction sequence clang 19 emits for a correctly rounded F32 division on gfx1100
/// (`-cl-fp32-correctly-rounded-divide-sqrt`), numerator v4, denominator v0, quotient v0.
const FDIV32: &str = "v_div_scale_f32 v1, null, v0, v0, v4\nv_rcp_f32_e32 v5, v1\nv_fma_f32 v6, -v1, v5, 1.0\n\
v_fmac_f32_e32 v5, v6, v5\nv_div_scale_f32 v6, vcc_lo, v4, v0, v4\nv_mul_f32_e32 v7, v6, v5\n\
v_fma_f32 v8, -v1, v7, v6\nv_fmac_f32_e32 v7, v8, v5\nv_fma_f32 v1, -v1, v7, v6\n\
v_div_fmas_f32 v1, v1, v5, v7\nv_div_fixup_f32 v0, v1, v0, v4";

/// The same for F64 (numerator v[4:5], denominator v[0:1]).
const FDIV64: &str = "v_div_scale_f64 v[6:7], null, v[0:1], v[0:1], v[4:5]\nv_rcp_f64_e32 v[8:9], v[6:7]\n\
v_fma_f64 v[10:11], -v[6:7], v[8:9], 1.0\nv_fma_f64 v[8:9], v[8:9], v[10:11], v[8:9]\n\
v_fma_f64 v[10:11], -v[6:7], v[8:9], 1.0\nv_fma_f64 v[8:9], v[8:9], v[10:11], v[8:9]\n\
v_div_scale_f64 v[10:11], vcc_lo, v[4:5], v[0:1], v[4:5]\nv_mul_f64 v[12:13], v[10:11], v[8:9]\n\
v_fma_f64 v[6:7], -v[6:7], v[12:13], v[10:11]\nv_div_fmas_f64 v[6:7], v[6:7], v[8:9], v[12:13]\n\
v_div_fixup_f64 v[0:1], v[6:7], v[0:1], v[4:5]";

#[test]
fn the_compilers_division_sequences_are_correctly_rounded() {
    // The helpers exist so that this sequence gives the IEEE quotient (guide 16.12 and the
    // v_rcp note "converges to < 0.5ULP ... with Newton-Raphson and 2 FMA operations"): the
    // host's division is the reference, over every exponent range, denormals and specials.
    let mut rng = Rng(0x1234_5678_9abc_def1);
    let specials = [0, 0x8000_0000, 0x7f80_0000, 0xff80_0000, 1, 0x807f_ffff, 0x7f7f_ffff, 0x0080_0000];
    for round in 0..40 {
        let (mut n, mut dn) = ([0u32; 32], [0u32; 32]);
        for l in 0..32 {
            n[l] = rng.next() as u32;
            dn[l] = rng.next() as u32;
            if round < 8 {
                n[l] = specials[(l + round) % 8] ^ (rng.next() as u32 & 0x8000_0000);
                dn[l] = if l % 2 == 0 { specials[l % 8] } else { dn[l] };
            }
            // Pull both towards the same magnitude in some lanes, so that most quotients are
            // ordinary and rounding (not only range) is exercised.
            if l % 3 == 0 {
                dn[l] = dn[l] & 0x807f_ffff | n[l] & 0x7f80_0000;
            }
        }
        let w = run(FDIV32, |w| {
            w.vgpr[4] = n;
            w.vgpr[0] = dn;
        });
        for l in 0..32 {
            let want = f32::from_bits(n[l]) / f32::from_bits(dn[l]);
            let got = f32::from_bits(w.vgpr[0][l]);
            if want.is_nan() {
                assert!(got.is_nan(), "{:#x} / {:#x}: {got}", n[l], dn[l]);
            } else {
                assert_eq!(got.to_bits(), want.to_bits(), "{:#x} / {:#x}", n[l], dn[l]);
            }
        }
    }
    let mut rng = Rng(0x0fed_cba9_8765_4321);
    for round in 0..20 {
        let vals: Vec<(u64, u64)> = (0..32)
            .map(|l| {
                let (mut a, mut b) = (rng.next(), rng.next());
                if l % 3 == 0 {
                    b = b & 0x800f_ffff_ffff_ffff | a & 0x7ff0_0000_0000_0000;
                }
                if round == 0 && l < 8 {
                    a = [
                        0,
                        1,
                        0x7ff0_0000_0000_0000,
                        0x8000_0000_0000_0001,
                        0x7fef_ffff_ffff_ffff,
                        3,
                        d(1e300),
                        d(1e-300),
                    ][l];
                }
                (a, b)
            })
            .collect();
        let w = run(FDIV64, |w| {
            for (l, &(a, b)) in vals.iter().enumerate() {
                w.vgpr[4][l] = a as u32;
                w.vgpr[5][l] = (a >> 32) as u32;
                w.vgpr[0][l] = b as u32;
                w.vgpr[1][l] = (b >> 32) as u32;
            }
        });
        for (l, &(a, b)) in vals.iter().enumerate() {
            let want = f64::from_bits(a) / f64::from_bits(b);
            let got = f64::from_bits(get64(&w, 0, l));
            if want.is_nan() {
                assert!(got.is_nan(), "{a:#x} / {b:#x}");
            } else {
                assert_eq!(got.to_bits(), want.to_bits(), "{a:#x} / {b:#x}");
            }
        }
    }
}

#[test]
fn transcendental_special_values() {
    // The functional examples of 16.8 (F32 ones are in valu.rs) and the F16 ones; MODE
    // allows denormals.
    let f16_cases: &[(&str, u32, u32)] = &[
        ("v_rcp_f16", 0xfc00, 0x8000),
        ("v_rcp_f16", 0xc000, 0xb800),
        ("v_rcp_f16", 0x8000, 0xfc00),
        ("v_rcp_f16", 0x0000, 0x7c00),
        ("v_rcp_f16", 0x7c00, 0x0000),
        ("v_sqrt_f16", 0xfc00, 0xfe00),
        ("v_sqrt_f16", 0x8000, 0x8000),
        ("v_sqrt_f16", 0x4400, 0x4000),
        ("v_sqrt_f16", 0x7c00, 0x7c00),
        ("v_sin_f16", 0xfc00, 0xfe00),
        ("v_sin_f16", 0xfbff, 0x0000),
        ("v_sin_f16", 0x8000, 0x8000),
        ("v_sin_f16", 0x3400, 0x3c00),
        ("v_sin_f16", 0x7bff, 0x0000),
        ("v_sin_f16", 0x7c00, 0xfe00),
    ];
    for &(op, a, want) in f16_cases {
        assert_eq!(op32(op, MODE, &[a]) & 0xffff, want, "{op}({a:#x})");
    }
    let f32_cases: &[(&str, u32, u32)] = &[
        ("v_rcp_f32", 0x0000_0000, 0x7f80_0000),
        ("v_rsq_f32", 0x0000_0000, 0x7f80_0000),
        ("v_rsq_f32", 0x7f80_0000, 0x0000_0000),
        ("v_sqrt_f32", 0x0000_0000, 0x0000_0000),
        ("v_sin_f32", 0x7f80_0000, 0xffc0_0000),
        ("v_cos_f32", 0xff80_0000, 0xffc0_0000),
        ("v_cos_f32", 0x7f80_0000, 0xffc0_0000),
        // A NaN input returns quiet with its payload.
        ("v_rcp_f32", 0x7f80_0001, 0x7fc0_0001),
        ("v_exp_f32", 0xffc0_0002, 0xffc0_0002),
        // exp overflows to +inf and underflows to +0.
        ("v_exp_f32", f(200.0), 0x7f80_0000),
        ("v_exp_f32", f(-200.0), 0),
    ];
    for &(op, a, want) in f32_cases {
        assert_eq!(op32(op, MODE, &[a]), want, "{op}({a:#x})");
    }
    // F32 rcp/rsq/sqrt/exp/log flush denormals whatever MODE says ("Denormals are flushed"):
    // rcp(+denormal) = rcp(+0) = +inf, sqrt(-denormal) = -0, log(denormal) = -inf, and
    // exp(-126.5) (a denormal result) is 0.
    for mode in [MODE, 0x300] {
        assert_eq!(op32("v_rcp_f32", mode, &[1]), 0x7f80_0000);
        assert_eq!(op32("v_sqrt_f32", mode, &[0x8000_0001]), 0x8000_0000);
        assert_eq!(op32("v_log_f32", mode, &[0x0000_0010]), 0xff80_0000);
        assert_eq!(op32("v_exp_f32", mode, &[f(-126.5)]), 0);
    }
    // sin/cos support denormals: sin of a denormal turn is tiny but not zero with denormals
    // allowed (2 pi * 2^-140 is a denormal F32), and the input is flushed (sin(+0) = +0)
    // when F32 denormals are off.
    let tiny = op32("v_sin_f32", MODE, &[f(2f32.powi(-140))]);
    assert_eq!(tiny, f((2f64.powi(-140) * std::f64::consts::TAU) as f32));
    assert_eq!(op32("v_sin_f32", 0x300, &[f(2f32.powi(-140))]), 0);
    // F64: rcp/rsq/sqrt support denormals.
    assert_eq!(op64("v_rcp_f64", MODE, &[d(f64::INFINITY)]), 0);
    assert_eq!(op64("v_rcp_f64", MODE, &[d(-0.0)]), d(f64::NEG_INFINITY));
    assert_eq!(op64("v_sqrt_f64", MODE, &[d(-0.0)]), d(-0.0));
    assert_eq!(op64("v_sqrt_f64", MODE, &[d(-1.0)]), 0xfff8_0000_0000_0000);
    assert_eq!(op64("v_rsq_f64", MODE, &[d(4.0)]), d(0.5));
    let den = 1u64 << 51; // 2^-1023
    assert_eq!(op64("v_sqrt_f64", MODE, &[den << 1]), d(2f64.powi(-511)));
    assert_eq!(op64("v_rcp_f64", MODE, &[d(2f64.powi(1023))]), d(2f64.powi(-1023)), "a denormal result");
    // With F64 denormals flushed (FP_DENORM[7:6] = 0) the input is zero: rcp = +inf.
    assert_eq!(op64("v_rcp_f64", 0x330, &[den]), d(f64::INFINITY));
}

/// A host reference function.
type Func = fn(f64) -> f64;

#[test]
fn transcendental_accuracy_against_the_host() {
    // 1 ULP (F32 rcp/rsq/sqrt/exp/log, guide notes); 2^29 ULP for F64 rcp/rsq/sqrt. Inputs
    // are normal and in the functions' domains; the reference is computed in double.
    fn ulps32(a: f32, b: f32) -> u32 {
        (a.to_bits() as i64 - b.to_bits() as i64).unsigned_abs() as u32
    }
    let mut rng = Rng(42);
    let ops: [(&str, Func); 5] = [
        ("v_rcp_f32", |v| 1.0 / v),
        ("v_rsq_f32", |v| 1.0 / v.sqrt()),
        ("v_sqrt_f32", f64::sqrt),
        ("v_exp_f32", f64::exp2),
        ("v_log_f32", f64::log2),
    ];
    for (op, g) in ops {
        for _ in 0..8 {
            let xs: [u32; 32] = std::array::from_fn(|_| {
                let r = rng.next() as u32;
                if op == "v_exp_f32" {
                    // |x| < 64: results stay normal.
                    f(f32::from_bits(r & 0x807f_ffff | 0x3f80_0000) * 32.0)
                } else {
                    r & 0x3fff_ffff | 0x0100_0000 // positive, normal
                }
            });
            let w = run(&format!("{op} v0, v1"), |w| w.vgpr[1] = xs);
            for l in 0..32 {
                let want = g(f64::from(f32::from_bits(xs[l]))) as f32;
                let got = f32::from_bits(w.vgpr[0][l]);
                assert!(ulps32(got, want) <= 1, "{op}({}) = {got}, host {want}", f32::from_bits(xs[l]));
            }
        }
    }
    let ops64: [(&str, Func); 3] =
        [("v_rcp_f64", |v| 1.0 / v), ("v_rsq_f64", |v| 1.0 / v.sqrt()), ("v_sqrt_f64", f64::sqrt)];
    for (op, g) in ops64 {
        for _ in 0..64 {
            let x = rng.next() & 0x3fff_ffff_ffff_ffff | 0x0010_0000_0000_0000;
            let got = op64(op, MODE, &[x]);
            let want = g(f64::from_bits(x)).to_bits();
            assert!(got.abs_diff(want) <= 1 << 29, "{op}({})", f64::from_bits(x));
        }
    }
}

#[test]
fn frexp_ldexp_and_trig_preop() {
    // frexp: S0 = mantissa * 2^exp, mantissa in [0.5, 1); inf/NaN give (S0, 0).
    assert_eq!(op32("v_frexp_mant_f32", MODE, &[f(-12.0)]), f(-0.75));
    assert_eq!(op32("v_frexp_exp_i32_f32", MODE, &[f(-12.0)]), 4);
    assert_eq!(op32("v_frexp_exp_i32_f32", MODE, &[f(0.5)]), 0);
    assert_eq!(op32("v_frexp_mant_f32", MODE, &[0xff80_0000]), 0xff80_0000);
    assert_eq!(op32("v_frexp_exp_i32_f32", MODE, &[0xff80_0000]), 0);
    assert_eq!(op32("v_frexp_exp_i32_f32", MODE, &[0x7fc0_0000]), 0);
    assert_eq!(op32("v_frexp_mant_f32", MODE, &[0]), 0);
    // A denormal: the guide's "exponent(S0) - 127 + 1" would give -126 with a mantissa below
    // 0.5, breaking its own invariant and range; the C frexp() the guide refers to (and
    // fp.rs) normalises: 2^-140 = 0.5 * 2^-139. With F32 denormals flushed it is zero.
    assert_eq!(op32("v_frexp_mant_f32", MODE, &[f(2f32.powi(-140))]), f(0.5));
    assert_eq!(op32("v_frexp_exp_i32_f32", MODE, &[f(2f32.powi(-140))]), -139i32 as u32);
    assert_eq!(op32("v_frexp_exp_i32_f32", 0x300, &[f(2f32.powi(-140))]), 0);
    assert_eq!(op64("v_frexp_mant_f64", MODE, &[d(-3.0)]), d(-0.75));
    let w = run("v_frexp_exp_i32_f64 v0, v[2:3]", |w| set64(w, 2, d(1e300)));
    assert_eq!(w.vgpr[0][0], 997, "1e300 = 0.7466 * 2^997");
    // ldexp: D = S0 * 2^S1.i, rounded once; overflow to inf, underflow through denormals to 0.
    assert_eq!(op32("v_ldexp_f32", MODE, &[f(1.5), 3]), f(12.0));
    assert_eq!(op32("v_ldexp_f32", MODE, &[f(1.5), -3i32 as u32]), f(0.1875));
    assert_eq!(op32("v_ldexp_f32", MODE, &[f(1.0), 128]), 0x7f80_0000);
    assert_eq!(op32("v_ldexp_f32", MODE, &[f(-1.0), -149i32 as u32]), 0x8000_0001);
    assert_eq!(op32("v_ldexp_f32", MODE, &[f(1.5), -149i32 as u32]), 2, "1.5 * 2^-149 rounds to even");
    assert_eq!(op32("v_ldexp_f32", MODE, &[f(1.0), -150i32 as u32]), 0, "the tie rounds to even (0)");
    assert_eq!(op32("v_ldexp_f32", 0x300, &[f(1.0), -140i32 as u32]), 0, "flushed output");
    assert_eq!(op32("v_ldexp_f32", MODE, &[f(1.0), i32::MIN as u32]), 0);
    assert_eq!(op32("v_ldexp_f32", MODE, &[0x7f80_0001, 1]), 0x7fc0_0001);
    let w = run("v_ldexp_f64 v[0:1], v[2:3], v4", |w| {
        set64(w, 2, d(1.0));
        w.vgpr[4] = [-1074i32 as u32; 32];
    });
    assert_eq!(get64(&w, 0, 0), 1);
    // trig_preop: 53-bit segments of 2/pi, truncated, scaled by 2^(-53 - shift), shift =
    // 53 * S1[4:0] (+ exponent(S0) - 1077 when that is positive; scale + 128 from exponent
    // 1968). The pseudocode's "<< shift ... only whole part" is one segment off (segment 0
    // would be 0); the values below are the segments of 2/pi = 0.a2f9836e4e44152...,
    // computed from pi with exact integer arithmetic.
    let tp = |x: f64, s: u32| {
        let w = run("v_trig_preop_f64 v[0:1], v[2:3], v4", |w| {
            set64(w, 2, d(x));
            w.vgpr[4] = [s; 32];
        });
        get64(&w, 0, 0)
    };
    assert_eq!(tp(1.0, 0), 0x3fe4_5f30_6dc9_c882, "2/pi truncated to 53 bits");
    assert_eq!(tp(1.0, 1), 0x3c94_a7f0_9d5f_47d4);
    assert_eq!(tp(1.0, 2), 0x394a_6ee0_6db1_4acc);
    assert_eq!(tp(1.0, 0x21), 0x3c94_a7f0_9d5f_47d4, "S1[4:0] only");
    assert_eq!(tp(2f64.powi(77), 0), 0x3e76_e4e4_4152_9fc2, "exponent 1100: 23 more bits shifted out");
    assert_eq!(tp(2f64.powi(947), 0), 0x101d_3d18_fd9a_797f, "exponent 1970: scaled by 2^128");
}

#[test]
fn conversions_round_and_saturate() {
    let cvt = |op: &str, a: u32| op32(op, MODE, &[a]);
    // f32 -> i32/u32: truncate; NaN -> 0; out of range and infinities saturate.
    assert_eq!(cvt("v_cvt_i32_f32", f(-2.9)), -2i32 as u32);
    assert_eq!(cvt("v_cvt_i32_f32", f(3e9)), 0x7fff_ffff);
    assert_eq!(cvt("v_cvt_i32_f32", f(-3e9)), 0x8000_0000);
    assert_eq!(cvt("v_cvt_i32_f32", 0xffc0_0000), 0);
    assert_eq!(cvt("v_cvt_i32_f32", f(-2147483648.0)), 0x8000_0000, "exactly i32::MIN");
    assert_eq!(cvt("v_cvt_u32_f32", f(4.3e9)), u32::MAX);
    assert_eq!(cvt("v_cvt_u32_f32", f(-0.9)), 0);
    assert_eq!(cvt("v_cvt_u32_f32", 0x7f80_0000), u32::MAX);
    assert_eq!(cvt("v_cvt_u32_f32", 0x7fc0_0000), 0);
    // floor and nearest (floor(x + 0.5)): -1.5 -> -2 and -1; 2.5 -> 2 and 3.
    assert_eq!(cvt("v_cvt_floor_i32_f32", f(-1.5)), -2i32 as u32);
    assert_eq!(cvt("v_cvt_nearest_i32_f32", f(-1.5)), -1i32 as u32);
    assert_eq!(cvt("v_cvt_nearest_i32_f32", f(2.5)), 3);
    // i32 -> f32 rounds in MODE: 2^24 + 1 is a tie.
    assert_eq!(op32("v_cvt_f32_i32", MODE, &[16_777_217]), f(16_777_216.0));
    assert_eq!(op32("v_cvt_f32_i32", MODE | 1, &[16_777_217]), f(16_777_218.0));
    assert_eq!(op32("v_cvt_f32_u32", MODE | 3, &[u32::MAX]), f(4_294_967_040.0), "toward zero");
    // f64 -> i32 saturates, NaN -> 0; f64 -> f32 rounds in the F32 mode, overflows to inf.
    let w = run("v_cvt_i32_f64 v0, v[2:3]\nv_cvt_u32_f64 v1, v[4:5]\nv_cvt_f32_f64 v6, v[2:3]", |w| {
        set64(w, 2, d(3e10));
        set64(w, 4, 0x7ff8_0000_0000_0000);
    });
    assert_eq!((w.vgpr[0][0], w.vgpr[1][0], w.vgpr[6][0]), (0x7fff_ffff, 0, f(3e10)));
    let third = d(1.0 / 3.0);
    let f32_of = |mode: u32| {
        run("v_cvt_f32_f64 v0, v[2:3]", |w| {
            w.mode = mode;
            set64(w, 2, third);
        })
        .vgpr[0][0]
    };
    let up = f(1.0 / 3.0); // 0x3eaaaaab: the nearest F32 is above 1/3
    assert_eq!(
        (f32_of(MODE), f32_of(MODE | 1), f32_of(MODE | 2), f32_of(MODE | 3)),
        (up, up, up - 1, up - 1)
    );
    assert_eq!(f32_of(MODE | 0xc), up, "FP_ROUND[3:2] does not govern an F32 result");
    let big = run("v_cvt_f32_f64 v0, v[2:3]", |w| set64(w, 2, d(1e300))).vgpr[0][0];
    assert_eq!(big, 0x7f80_0000);
    // f32 -> f16 uses the F16 ("DP") round and denormal mode: 65520 ties to inf, RTZ 65504;
    // 2^-25 is half the smallest F16 denormal (a tie, to 0), 3 * 2^-26 rounds up to 2^-24.
    assert_eq!(op32("v_cvt_f16_f32", MODE, &[f(65520.0)]) & 0xffff, 0x7c00);
    assert_eq!(op32("v_cvt_f16_f32", MODE | 0xc, &[f(65520.0)]) & 0xffff, 0x7bff);
    assert_eq!(op32("v_cvt_f16_f32", MODE, &[f(2f32.powi(-25))]) & 0xffff, 0);
    assert_eq!(op32("v_cvt_f16_f32", MODE, &[f(3.0 * 2f32.powi(-26))]) & 0xffff, 1);
    assert_eq!(op32("v_cvt_f16_f32", 0x330, &[f(3.0 * 2f32.powi(-26))]) & 0xffff, 0, "F16 output flushed");
    // Packed conversions. RTZ ignores MODE; i16/u16 saturate; norm scales by 32767/65535.
    assert_eq!(
        op32("v_cvt_pk_rtz_f16_f32", MODE | 0x5, &[f(65520.0), f(-1.0 - 2f32.powi(-12))]),
        0xbc00_7bff
    );
    assert_eq!(op32("v_cvt_pk_i16_f32", MODE, &[f(-40000.0), f(123.9)]), 0x007b_8000);
    assert_eq!(op32("v_cvt_pk_u16_f32", MODE, &[f(-5.0), f(70000.0)]), 0xffff_0000);
    assert_eq!(op32("v_cvt_pk_i16_i32", MODE, &[-40000i32 as u32, 40000]), 0x7fff_8000);
    assert_eq!(op32("v_cvt_pk_u16_u32", MODE, &[70000, 65535]), 0xffff_ffff);
    assert_eq!(op32("v_cvt_pk_norm_i16_f32", MODE, &[f(-1.0), f(2.0)]), 0x7fff_8001);
    assert_eq!(op32("v_cvt_pk_norm_u16_f32", MODE, &[f(0.5), f(-0.5)]), 0x0000_8000, "32767.5 to even");
    assert_eq!(op32("v_cvt_pk_norm_i16_f32", MODE, &[0x7fc0_0000, f(0.0)]), 0, "NaN gives 0");
}

#[test]
fn min_max_and_med3_with_nans_under_ieee_mode() {
    let (qnan, snan) = (0x7fc0_0000, 0x7f80_0001);
    let ieee = MODE;
    let non_ieee = MODE & !(1 << 9);
    // V_MIN_F32 pseudocode. IEEE: sNaN in S0 -> quiet(S0); else sNaN in S1 -> quiet(S1); a
    // quiet NaN loses; -0 < +0.
    assert_eq!(op32("v_min_f32", ieee, &[snan, f(1.0)]), 0x7fc0_0001);
    assert_eq!(op32("v_min_f32", ieee, &[qnan, snan]), 0x7fc0_0001, "S1's sNaN beats S0's qNaN");
    assert_eq!(op32("v_min_f32", ieee, &[qnan, f(1.0)]), f(1.0));
    assert_eq!(op32("v_max_f32", ieee, &[f(1.0), qnan]), f(1.0));
    assert_eq!(op32("v_min_f32", ieee, &[f(0.0), f(-0.0)]), f(-0.0));
    assert_eq!(op32("v_max_f32", ieee, &[f(-0.0), f(0.0)]), f(0.0));
    // Not IEEE: any NaN loses, signalling or not; two NaNs give S0 as it is.
    assert_eq!(op32("v_min_f32", non_ieee, &[snan, f(1.0)]), f(1.0));
    assert_eq!(op32("v_max_f32", non_ieee, &[f(2.0), snan]), f(2.0));
    assert_eq!(op32("v_max_f32", non_ieee, &[snan, qnan]), snan);
    // Min/max of a denormal keeps it when input denormals are allowed, whatever the output
    // setting ("outputs as a denorm regardless of output denorm mode"): FP_DENORM[5:4] = 1.
    assert_eq!(op32("v_max_f32", 0x310, &[1, 0x8000_0005]), 1);
    // With inputs flushed, the denormal is a zero: max(+denorm, -0) is +0.
    assert_eq!(op32("v_max_f32", 0x300, &[1, 0x8000_0000]), 0);
    // min3/max3 chain min/max; med3 is the median, or min3 when any input is a NaN.
    assert_eq!(op32("v_min3_f32", ieee, &[f(3.0), qnan, f(2.0)]), f(2.0));
    assert_eq!(op32("v_max3_f32", ieee, &[f(3.0), f(5.0), snan]), 0x7fc0_0001);
    assert_eq!(op32("v_med3_f32", ieee, &[f(3.0), f(-1.0), f(2.0)]), f(2.0));
    assert_eq!(op32("v_med3_f32", ieee, &[f(-0.0), f(0.0), f(0.0)]), f(0.0));
    assert_eq!(op32("v_med3_f32", ieee, &[f(3.0), qnan, f(2.0)]), f(2.0), "min3 with a NaN");
    assert_eq!(op32("v_med3_f32", ieee, &[f(3.0), f(1.0), snan]), 0x7fc0_0001, "min3 with an sNaN");
    assert_eq!(op32("v_med3_f16", ieee, &[0x4200, 0x7e00, 0x4000]) & 0xffff, 0x4000);
    assert_eq!(op64("v_max_f64", ieee, &[0x7ff8_0000_0000_0000, d(-7.0)]), d(-7.0));
    assert_eq!(op64("v_min_f64", ieee, &[d(1.0), 0x7ff0_0000_0000_0001]), 0x7ff8_0000_0000_0001);
}

#[test]
fn fract_and_integral_rounding() {
    // V_FRACT: S0 + -floor(S0), clamped to 0x3f7fffff; fract(-1.2) = 0.8 (DX).
    assert_eq!(op32("v_fract_f32", MODE, &[f(-1.25)]), f(0.75));
    assert_eq!(op32("v_fract_f32", MODE, &[f(-1e-10)]), 0x3f7f_ffff, "1 - 1e-10 rounds to 1: clamped");
    assert_eq!(op32("v_fract_f32", MODE, &[f(-0.0)]), 0, "-0 + -floor(-0) = -0 + +0 = +0");
    assert_eq!(op32("v_fract_f32", MODE, &[0x7f80_0001]), 0x7fc0_0001);
    assert!(f32::from_bits(op32("v_fract_f32", MODE, &[0xff80_0000])).is_nan(), "fract(-inf)");
    assert_eq!(op64("v_fract_f64", MODE, &[d(-1e-20)]), 0x3fef_ffff_ffff_ffff);
    assert_eq!(op64("v_fract_f64", MODE, &[d(5.375)]), d(0.375));
    // F64 rndne/trunc/floor/ceil: ties to even, signed zeros kept.
    let r = |op: &str, x: f64| f64::from_bits(op64(op, MODE, &[d(x)]));
    for (x, ne, tr, fl, ce) in [
        (2.5f64, 2.0f64, 2.0f64, 2.0f64, 3.0f64),
        (3.5, 4.0, 3.0, 3.0, 4.0),
        (-2.5, -2.0, -2.0, -3.0, -2.0),
        (-0.5, -0.0, -0.0, -1.0, -0.0),
        (0.49999999999999994, 0.0, 0.0, 0.0, 1.0),
        (4503599627370497.0, 4503599627370497.0, 4503599627370497.0, 4503599627370497.0, 4503599627370497.0),
    ] {
        assert_eq!(r("v_rndne_f64", x).to_bits(), ne.to_bits(), "rndne({x})");
        assert_eq!(r("v_trunc_f64", x).to_bits(), tr.to_bits(), "trunc({x})");
        assert_eq!(r("v_floor_f64", x).to_bits(), fl.to_bits(), "floor({x})");
        assert_eq!(r("v_ceil_f64", x).to_bits(), ce.to_bits(), "ceil({x})");
    }
    assert_eq!(op64("v_floor_f64", MODE, &[0xfff0_0000_0000_0000]), 0xfff0_0000_0000_0000);
}

#[test]
fn mode_round_modes_for_f32_and_f64() {
    // FP_ROUND[1:0] rounds F32, [3:2] F64 (0 nearest-even, 1 +inf, 2 -inf, 3 zero).
    let one = f(1.0);
    let t32 = f(2f32.powi(-30));
    let next32 = one + 1;
    for (rm, add_pos, add_neg) in [
        (0, one, one | 1 << 31),
        (1, next32, one | 1 << 31),
        (2, one, next32 | 1 << 31),
        (3, one, one | 1 << 31),
    ] {
        assert_eq!(op32("v_add_f32", MODE | rm, &[one, t32]), add_pos, "add, mode {rm}");
        assert_eq!(
            op32("v_add_f32", MODE | rm, &[one | 1 << 31, t32 | 1 << 31]),
            add_neg,
            "add -, mode {rm}"
        );
        // (1 + 2^-12)^2 = 1 + 2^-11 + 2^-24: exact in neither; the 2^-24 tail is below half an ULP.
        let a = f(1.0 + 2f32.powi(-12));
        let sq = f(1.0 + 2f32.powi(-11));
        assert_eq!(
            op32("v_mul_f32", MODE | rm, &[a, a]),
            if rm == 1 { sq + 1 } else { sq },
            "mul, mode {rm}"
        );
        // fma(1 + 2^-12, 1 + 2^-12, -1) = 2^-11 + 2^-24 is exact: every mode agrees.
        assert_eq!(op32("v_fma_f32", MODE | rm, &[a, a, f(-1.0)]), f(2f32.powi(-11) + 2f32.powi(-24)));
        // fma(1 + 2^-23, 1 + 2^-23, 0) = 1 + 2^-22 + 2^-46: rounds up only toward +inf.
        let b = f(1.0 + 2f32.powi(-23));
        let want = f(1.0 + 2f32.powi(-22)) + u32::from(rm == 1);
        assert_eq!(op32("v_fma_f32", MODE | rm, &[b, b, 0]), want, "fma, mode {rm}");
        // The F32 mode leaves F64 alone.
        assert_eq!(op64("v_add_f64", MODE | rm, &[d(1.0), d(2f64.powi(-60))]), d(1.0));
    }
    let one = d(1.0);
    let t64 = d(2f64.powi(-60));
    for (rm, want) in [(0u32, one), (1, one + 1), (2, one), (3, one)] {
        assert_eq!(op64("v_add_f64", MODE | rm << 2, &[one, t64]), want, "f64 add, mode {rm}");
        assert_eq!(
            op64("v_add_f64", MODE | rm << 2, &[one, t64 | 1 << 63]),
            if rm >= 2 { one - 1 } else { one }
        );
        let a = d(1.0 + 2f64.powi(-52));
        let want = d(1.0 + 2f64.powi(-51)) + u64::from(rm == 1);
        assert_eq!(op64("v_mul_f64", MODE | rm << 2, &[a, a]), want, "f64 mul, mode {rm}");
        assert_eq!(op64("v_fma_f64", MODE | rm << 2, &[a, a, 0]), want, "f64 fma, mode {rm}");
        assert_eq!(op32("v_add_f32", MODE | rm << 2, &[f(1.0), t32]), f(1.0), "F64 mode leaves F32 alone");
    }
    // Overflow: round to nearest gives inf, toward zero the largest finite.
    assert_eq!(op32("v_mul_f32", MODE, &[f(f32::MAX), f(2.0)]), 0x7f80_0000);
    assert_eq!(op32("v_mul_f32", MODE | 3, &[f(f32::MAX), f(2.0)]), f(f32::MAX));
    assert_eq!(op32("v_mul_f32", MODE | 2, &[f(f32::MAX), f(2.0)]), f(f32::MAX));
    assert_eq!(op64("v_mul_f64", MODE | 0x8, &[d(-f64::MAX), d(2.0)]), d(f64::NEG_INFINITY));
}

#[test]
fn denormal_controls_are_separate_for_f32_and_for_f64_f16() {
    let d32 = 1u32; // the smallest F32 denormal
    let d64 = 1u64;
    let d16 = 1u32;
    // FP_DENORM[5:4] = 3, [7:6] = 0: F32 keeps denormals, F64 and F16 flush.
    let m = 0x330;
    assert_eq!(op32("v_add_f32", m, &[d32, d32]), 2);
    assert_eq!(op64("v_add_f64", m, &[d64, d64]), 0);
    assert_eq!(op32("v_add_f16", m, &[d16, d16]) & 0xffff, 0);
    // [5:4] = 0, [7:6] = 3: the reverse.
    let m = 0x3c0;
    assert_eq!(op32("v_add_f32", m, &[d32, d32]), 0);
    assert_eq!(op64("v_add_f64", m, &[d64, d64]), 2);
    assert_eq!(op32("v_add_f16", m, &[d16, d16]) & 0xffff, 2);
    // Input and output bits act separately: [4] = 1 (inputs kept), [5] = 0 (outputs
    // flushed): a denormal input that gives a normal result survives, a denormal result is
    // flushed to a zero of its sign.
    let m = 0x3d0;
    assert_eq!(op32("v_mul_f32", m, &[0x0040_0000, f(4.0)]), 0x0100_0000, "2^-127 * 4 = 2^-125");
    assert_eq!(op32("v_mul_f32", m, &[0x8080_0000, f(0.5)]), 0x8000_0000);
    // [4] = 0, [5] = 1: the input is read as zero.
    let m = 0x3e0;
    assert_eq!(op32("v_mul_f32", m, &[0x0040_0000, f(4.0)]), 0);
    assert_eq!(op32("v_mul_f32", m, &[0x0080_0000, f(0.5)]), 0x0040_0000, "a denormal output is kept");
    // F64 with [6] = 1, [7] = 0.
    let m = 0x370;
    assert_eq!(op64("v_mul_f64", m, &[1 << 51, d(4.0)]), 1 << 53);
    assert_eq!(op64("v_mul_f64", m, &[1 << 52, d(0.5)]), 0);
}

/// F32 arithmetic on the host's FPU (the reset MODE) still follows the NaN rule of fp.rs: the
/// first NaN operand in operand order, quieted, or the default NaN 0xffc00000 when the
/// operation makes one. On x86-64 the host's NaNs happen to agree in these cases; the fix-up
/// of NaN lanes is what keeps them right on hosts whose rules differ (AArch64's default NaN
/// is positive, and an FMA form may put the addend first).
#[test]
fn f32_nan_results_follow_the_guide_on_the_fast_path() {
    let mode = 0x3f0;
    let (inf, snan, qnan) = (f(f32::INFINITY), 0x7f80_0123, 0xffc0_0456);
    let q2 = 0x7fc0_0789;
    let cases: [(&str, &[u32], u32); 12] = [
        // Two NaNs: the first in operand order, whichever operand the host's FMA form puts first.
        ("v_fma_f32", &[qnan, f(1.0), q2], qnan),
        ("v_fma_f32", &[f(1.0), q2, qnan], q2),
        ("v_fma_f32", &[q2, qnan, f(1.0)], q2),
        ("v_add_f32", &[q2, qnan], q2),
        ("v_fma_f32", &[inf, 0, f(1.0)], 0xffc0_0000),
        ("v_fma_f32", &[f(2.0), f(3.0), snan], 0x7fc0_0123),
        ("v_fma_f32", &[qnan, snan, f(1.0)], qnan),
        ("v_mul_f32", &[inf, 0], 0xffc0_0000),
        ("v_add_f32", &[inf, f(f32::NEG_INFINITY)], 0xffc0_0000),
        ("v_sub_f32", &[f(1.0), snan], 0x7fc0_0123),
        ("v_subrev_f32", &[snan, qnan], qnan),
        ("v_mul_f32", &[f(1.5), f(2.0)], f(3.0)),
    ];
    for (op, s, want) in cases {
        assert_eq!(op32(op, mode, s), want, "{op} {s:#x?}");
    }
}
