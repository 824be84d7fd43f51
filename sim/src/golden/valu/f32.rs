//! F32 arithmetic (guide 16.7, 16.8, 16.12): add, multiply, fma and its accumulating forms,
//! min/max, med3 and their combinations, ldexp, the transcendentals, rounding to integral
//! values, fract and frexp. The add, subtract and multiply run on the host's FPU where MODE
//! makes that exact; fma runs 32 lanes on the FMA unit (`fp::fma_lanes_f32`).
//!
//! **Transcendentals (`v_rcp`, `v_rsq`, `v_sqrt`, `v_exp`, `v_log`, `v_sin`, `v_cos`).** The
//! guide promises 1 ULP (F32) and leaves the bits open. `v_exp_*` and `v_log_*` run the
//! shift-and-add recurrence of `rdna3_isa::explog`, `v_sin_*` and `v_cos_*` the CORDIC of
//! `rdna3_isa::sincos` (both also the RTL's), each rounded once to nearest even (`exp_value`,
//! `log_value`, `sincos_value`; within 0.5012 ULP, and correctly rounded for every F16 input,
//! `sim/tests/trans_approx.rs`). `v_rcp` and `v_rsq` return the correctly rounded
//! (nearest-even) result of the exact function, computed in double precision (F32, F16) or
//! exactly (`v_rcp_f64`); `v_sqrt_*` are correctly rounded in MODE's rounding mode (the
//! directed modes compare the square of the result with the input exactly, `fp::sqrt`). The
//! F32 forms but sin and cos flush denormal inputs and outputs as the guide's notes say
//! ("denormals are flushed"). `v_sin`/`v_cos` take revolutions, reduced exactly, so multiples
//! of a quarter turn give exact 0 and ±1 (a zero result is +0, except sin(±0) = ±0). The RTL
//! must reproduce these bits. The F16 forms (f16.rs) use the same rules without the flushing.

use rdna3_isa::{InstDef, Mnemonic as M};
use rdna3_isa::{explog, sincos};

use super::lanewise::{dst_now, each3, fbin, fpm, ftri, fun, lo32, mods32, out_mods, put, put32, un};
use crate::golden::fp::{self, Fp, Prec, Round};
use crate::golden::vector::{VExec, VFn};

/// The function of each row of this part, by mnemonic (a VOP3 promotion shares its 32-bit
/// form's mnemonic; a VOPD half is `v_dual_` and the VOP1/VOP2 mnemonic it runs).
pub(super) fn bind(def: &InstDef) -> Option<VFn> {
    let f: VFn = match def.mnemonic {
        // F32
        M::v_add_f32 | M::v_dual_add_f32 => add_f32,
        M::v_sub_f32 | M::v_dual_sub_f32 => sub_f32,
        M::v_subrev_f32 | M::v_dual_subrev_f32 => subrev_f32,
        M::v_mul_f32 | M::v_dual_mul_f32 => mul_f32,
        M::v_fma_f32 | M::v_fmaak_f32 | M::v_dual_fmaak_f32 | M::v_fmamk_f32 | M::v_dual_fmamk_f32 => fma_f32,
        M::v_fmac_f32 | M::v_dual_fmac_f32 => fmac_f32,
        M::v_min_f32 | M::v_dual_min_f32 => min_f32,
        M::v_max_f32 | M::v_dual_max_f32 => max_f32,
        M::v_min3_f32 => min3_f32,
        M::v_max3_f32 => max3_f32,
        M::v_med3_f32 => med3_f32,
        M::v_ldexp_f32 => ldexp_f32,
        M::v_rcp_f32 | M::v_rcp_iflag_f32 => rcp_f32,
        M::v_rsq_f32 => rsq_f32,
        M::v_sqrt_f32 => sqrt_f32,
        M::v_exp_f32 => exp_f32,
        M::v_log_f32 => log_f32,
        M::v_sin_f32 => sin_f32,
        M::v_cos_f32 => cos_f32,
        M::v_trunc_f32 => trunc_f32,
        M::v_ceil_f32 => ceil_f32,
        M::v_floor_f32 => floor_f32,
        M::v_rndne_f32 => rndne_f32,
        M::v_fract_f32 => fract_f32,
        M::v_frexp_mant_f32 => frexp_mant_f32,
        M::v_frexp_exp_i32_f32 => frexp_exp_f32,
        // min/max combinations
        M::v_maxmin_f32 => maxmin_f32,
        M::v_minmax_f32 => minmax_f32,
        _ => return None,
    };
    Some(f)
}

/// An F32 operation on all lanes with the host's arithmetic where MODE makes it exact
/// (`Fp::plain_f32`: nearest even, denormals kept) and there are no output modifiers; lanes
/// whose result is NaN are redone by `general`, which follows the guide's NaN rule. Otherwise
/// `general` on every lane.
fn f32_host(x: &mut VExec, host: impl Fn(f32, f32) -> f32, general: impl Fn(Fp, u64, u64) -> u64) {
    let fp = fpm(x, Prec::S);
    let v = x.ops();
    if !(fp.plain_f32() && v.lanes32 && v.omod == 0 && !v.clamp) {
        return fbin(x, Prec::S, general);
    }
    let (a, b) = (x.src32(0), x.src32(1));
    let mut r = [0u32; 32];
    for l in 0..32 {
        r[l] = host(f32::from_bits(a[l]), f32::from_bits(b[l])).to_bits();
    }
    fp::fix_nan_lanes_f32(&mut r, |l| general(fp, u64::from(a[l]), u64::from(b[l])) as u32);
    put32(x, &r);
}

fn add_f32(x: &mut VExec) {
    f32_host(x, |a, b| a + b, fp::add);
}

fn sub_f32(x: &mut VExec) {
    f32_host(x, |a, b| a - b, fp::sub);
}

fn subrev_f32(x: &mut VExec) {
    f32_host(x, |a, b| b - a, |f, a, b| fp::sub(f, b, a));
}

fn mul_f32(x: &mut VExec) {
    f32_host(x, |a, b| a * b, fp::mul);
}

/// F32 fma on 32-bit lanes, with OMOD and CLAMP, written to the destination.
fn fma_f32_lanes(x: &mut VExec, a: &[u32; 32], b: &[u32; 32], c: &[u32; 32]) {
    let fp = fpm(x, Prec::S);
    let mut r = fp::fma_lanes_f32(fp, a, b, c);
    let m = (x.ops().omod, x.ops().clamp);
    if m != (0, false) {
        r = r.map(|e| mods32(fp, m, u64::from(e)));
    }
    put32(x, &r);
}

fn fma_f32(x: &mut VExec) {
    let a = x.src32(0);
    let b = x.src32(1);
    let c = x.src32(2);
    fma_f32_lanes(x, &a, &b, &c);
}

pub(super) fn fmac(x: &mut VExec, p: Prec) {
    if p == Prec::S {
        let a = x.src32(0);
        let b = x.src32(1);
        let d = *x.vlanes(u32::from(x.ops().vdst));
        return fma_f32_lanes(x, &a, &b, &d);
    }
    let fp = fpm(x, p);
    let d = dst_now(x);
    let mut r = each3(&x.src(0), &x.src(1), &d, |a, b, c| fp::fma(fp, a, b, c));
    out_mods(x, fp, &mut r);
    put(x, &r);
}

fn fmac_f32(x: &mut VExec) {
    fmac(x, Prec::S);
}

fn min_f32(x: &mut VExec) {
    fbin(x, Prec::S, |f, a, b| fp::min_max(f, a, b, false));
}

fn max_f32(x: &mut VExec) {
    fbin(x, Prec::S, |f, a, b| fp::min_max(f, a, b, true));
}

fn min3_f32(x: &mut VExec) {
    ftri(x, Prec::S, |f, a, b, c| fp::min_max(f, fp::min_max(f, a, b, false), c, false));
}

fn max3_f32(x: &mut VExec) {
    ftri(x, Prec::S, |f, a, b, c| fp::min_max(f, fp::min_max(f, a, b, true), c, true));
}

/// Median of three; with any NaN input, the minimum of the three (the guide's
/// `v_min3`-like fallback for NaNs).
pub(super) fn med3(f: Fp, a: u64, b: u64, c: u64) -> u64 {
    let p = f.prec;
    if fp::is_nan(p, a) || fp::is_nan(p, b) || fp::is_nan(p, c) {
        return fp::min_max(f, fp::min_max(f, a, b, false), c, false);
    }
    let lo = fp::min_max(f, a, b, false);
    let hi = fp::min_max(f, a, b, true);
    fp::min_max(f, hi, fp::min_max(f, lo, c, true), false)
}

fn med3_f32(x: &mut VExec) {
    ftri(x, Prec::S, med3);
}

fn maxmin_f32(x: &mut VExec) {
    ftri(x, Prec::S, |f, a, b, c| fp::min_max(f, fp::min_max(f, a, b, true), c, false));
}

fn minmax_f32(x: &mut VExec) {
    ftri(x, Prec::S, |f, a, b, c| fp::min_max(f, fp::min_max(f, a, b, false), c, true));
}

fn ldexp_f32(x: &mut VExec) {
    fbin(x, Prec::S, |f, a, b| fp::ldexp(f, a, b as u32 as i32));
}

// --- transcendentals ------------------------------------------------------------------------

/// A transcendental: the exact function `g` in double precision, rounded to nearest in
/// precision `p`; `flush` flushes denormal inputs and outputs whatever MODE says.
pub(super) fn trans(f: Fp, a: u64, flush: bool, g: impl Fn(f64) -> f64) -> u64 {
    let p = f.prec;
    let f = if flush { Fp { denorm_in: false, denorm_out: false, ..f } } else { f };
    let a = f.input(a);
    if fp::is_nan(p, a) {
        return fp::quiet(p, a);
    }
    let v = g(fp::to_f64(p, a));
    let r = fp::to_prec(Fp { round: Round::NearestTiesToEven, ..f }, v);
    if fp::is_nan(p, r) {
        return p.default_nan();
    }
    if !f.denorm_out && fp::is_denorm(p, r) { r & p.sign() } else { r }
}

fn rcp_f32(x: &mut VExec) {
    fun(x, Prec::S, rcp_f32_value);
}

fn rsq_f32(x: &mut VExec) {
    fun(x, Prec::S, rsq_f32_value);
}

fn sqrt_f32(x: &mut VExec) {
    fun(x, Prec::S, sqrt_f32_value);
}

/// `v_rcp_f32` and `v_rcp_iflag_f32` of one lane before the output modifiers: 1/a rounded to
/// nearest even whatever MODE's rounding, denormals flushed in and out (`sim/tests/trans_f32.rs`
/// proves it correctly rounded for every significand).
pub fn rcp_f32_value(f: Fp, a: u64) -> u64 {
    trans(f, a, true, |v| 1.0 / v)
}

/// `v_rsq_f32` of one lane before the output modifiers: 1/sqrt(a) rounded to nearest even,
/// denormals flushed in and out.
pub fn rsq_f32_value(f: Fp, a: u64) -> u64 {
    trans(f, a, true, |v| 1.0 / v.sqrt())
}

/// `v_sqrt_f32` of one lane before the output modifiers: correctly rounded in MODE's rounding
/// mode, denormals flushed in and out.
pub fn sqrt_f32_value(f: Fp, a: u64) -> u64 {
    fp::sqrt(Fp { denorm_in: false, denorm_out: false, ..f }, a)
}

fn exp_f32(x: &mut VExec) {
    fun(x, Prec::S, exp_value);
}

fn log_f32(x: &mut VExec) {
    fun(x, Prec::S, log_value);
}

/// `v_exp_f32` (`f.prec` S) or `v_exp_f16` (H) of one lane before the output modifiers: 2^a by
/// the recurrence of `rdna3_isa::explog` (the RTL's), rounded once to nearest even whatever
/// MODE's rounding. F32 flushes denormal inputs and results; F16 keeps them as MODE says.
pub fn exp_value(f: Fp, a: u64) -> u64 {
    let p = f.prec;
    let f = if p == Prec::S { Fp { denorm_in: false, denorm_out: false, ..f } } else { f };
    let a = f.input(a);
    if fp::is_nan(p, a) {
        return fp::quiet(p, a);
    }
    let v = fp::to_f64(p, a);
    if v >= 128.0 {
        return p.inf();
    }
    if v < -126.0 {
        return 0;
    }
    // x in fixed point, the bits below 2^-60 dropped toward -inf (exact: a power-of-two scaling
    // and a floor of a double below 2^67).
    let xf = (v * (explog::ONE as f64)).floor() as i128;
    let n = (xf >> explog::FRAC) as i32;
    let frac = (xf & i128::from(explog::ONE - 1)) as u64;
    let y = explog::exp2_frac(frac);
    let r = fp::round_fixed_ne(p, false, u128::from(y), n - explog::FRAC as i32);
    if !f.denorm_out && fp::is_denorm(p, r) { 0 } else { r }
}

/// `v_log_f32` (S) or `v_log_f16` (H) of one lane before the output modifiers: log2(a) by the
/// recurrence of `rdna3_isa::explog`, rounded once to nearest even; denormal inputs as
/// `exp_value`'s.
pub fn log_value(f: Fp, a: u64) -> u64 {
    let p = f.prec;
    let f = if p == Prec::S { Fp { denorm_in: false, denorm_out: false, ..f } } else { f };
    let a = f.input(a);
    if fp::is_nan(p, a) {
        return fp::quiet(p, a);
    }
    if fp::is_zero(p, a) {
        return p.sign() | p.inf();
    }
    if fp::is_neg(p, a) {
        return p.default_nan();
    }
    if fp::is_inf(p, a) {
        return a;
    }
    // a = (m / 2) * 2^(e + 1) with m / 2 in [1/2, 1): exact in fixed point (24 bits at most).
    let (half_m, e1) = libm::frexp(fp::to_f64(p, a));
    let l = explog::log2_parts((half_m * explog::ONE as f64) as u64, e1);
    if l == 0 { 0 } else { fp::round_fixed_ne(p, l < 0, l.unsigned_abs(), -(explog::FRAC as i32)) }
}

fn sin_f32(x: &mut VExec) {
    fun(x, Prec::S, |f, a| sincos_value(f, a, false));
}

fn cos_f32(x: &mut VExec) {
    fun(x, Prec::S, |f, a| sincos_value(f, a, true));
}

/// `v_sin_*` (`cos` false) or `v_cos_*` of one lane before the output modifiers, for F32 (`f.prec`
/// S) or F16 (H): sin or cos of 2 pi a by the CORDIC of `rdna3_isa::sincos` (the RTL's), rounded
/// once to nearest even whatever MODE's rounding; denormal inputs and results as MODE says.
/// NaN gives NaN (quiet), an infinity the default NaN, sin(+-0) = +-0, an exact zero result +0.
pub fn sincos_value(f: Fp, a: u64, cos: bool) -> u64 {
    let p = f.prec;
    let a = f.input(a);
    if fp::is_nan(p, a) {
        return fp::quiet(p, a);
    }
    if fp::is_inf(p, a) {
        return p.default_nan();
    }
    if fp::is_zero(p, a) {
        return if cos { fp::to_prec(f, 1.0) } else { a };
    }
    // The F32 fields (an F16 widens exactly; a denormal F32 has exponent field 1 and no
    // leading one).
    let x = if p == Prec::S { a as u32 } else { fp::f16_to_f32(a as u16).to_bits() };
    let be = (x >> 23 & 0xff).max(1);
    let sig = x & 0x7f_ffff | if x >> 23 & 0xff != 0 { 0x80_0000 } else { 0 };
    let (u, neg, small) = sincos::reduce(be, sig, x >> 31 != 0, cos);
    // An exact zero (a multiple of a half turn; the small path's u may underflow, its
    // result not).
    if u == 0 && !small {
        return 0;
    }
    let r = if small {
        let y = sincos::half_pi_times(sig);
        fp::round_fixed_ne(p, neg, u128::from(y), be as i32 - 186)
    } else {
        // S(u) >= sin(pi / 2 * 2^-23): CORDIC's y is positive.
        let y = sincos::sin_quarter(u);
        fp::round_fixed_ne(p, neg, y as u128, -(sincos::FRAC as i32))
    };
    if !f.denorm_out && fp::is_denorm(p, r) { r & p.sign() } else { r }
}

// --- rounding, fract, frexp -----------------------------------------------------------------

fn trunc_f32(x: &mut VExec) {
    fun(x, Prec::S, |f, a| fp::round_integral(f, a, Round::TowardZero));
}

fn ceil_f32(x: &mut VExec) {
    fun(x, Prec::S, |f, a| fp::round_integral(f, a, Round::TowardPositive));
}

fn floor_f32(x: &mut VExec) {
    fun(x, Prec::S, |f, a| fp::round_integral(f, a, Round::TowardNegative));
}

fn rndne_f32(x: &mut VExec) {
    fun(x, Prec::S, |f, a| fp::round_integral(f, a, Round::NearestTiesToEven));
}

/// x - floor(x), clamped below 1.0 (guide: "result clamped to 0x3f7fffff"); NaN stays NaN,
/// infinities give NaN.
pub(super) fn fract(f: Fp, a: u64) -> u64 {
    let p = f.prec;
    let a = f.input(a);
    if fp::is_nan(p, a) {
        return fp::quiet(p, a);
    }
    if fp::is_inf(p, a) {
        return p.default_nan();
    }
    let fl = fp::round_integral(f, a, Round::TowardNegative);
    let r = fp::sub(f, a, fl);
    let below_one = match p {
        Prec::H => 0x3bff,
        Prec::S => 0x3f7f_ffff,
        Prec::D => 0x3fef_ffff_ffff_ffff,
    };
    if fp::to_f64(p, r) >= 1.0 { below_one } else { r }
}

fn fract_f32(x: &mut VExec) {
    fun(x, Prec::S, fract);
}

fn frexp_mant_f32(x: &mut VExec) {
    fun(x, Prec::S, |f, a| fp::frexp(f, a).0);
}

fn frexp_exp_f32(x: &mut VExec) {
    let f = fpm(x, Prec::S);
    un(x, |a| lo32(fp::frexp(f, a).1 as i64 as u64));
}
