//! F16 arithmetic (guide 16.7, 16.8, 16.12): add, multiply, fma and its accumulating forms
//! (also the packed `v_pk_fmac_f16` of VOP2), min/max/med3 and their combinations, ldexp, the
//! transcendentals (the rules of f32.rs, without flushing), rounding, fract and frexp.
//!
//! **Choices.** `v_ldexp_f16` scales exactly like C's `ldexp` (the pseudocode's
//! `f32_to_f16(2.0 ** S1)` would overflow for exponents past 15).

use rdna3_isa::{InstDef, Mnemonic as M};

use super::f32::{exp_value, fmac, fract, log_value, med3, sincos_value, trans};
use super::lanewise::{dst_now, fbin, fpm, ftri, fun, m16, put, s16, un};
use crate::golden::fp::{self, Fp, Prec, Round};
use crate::golden::vector::{VExec, VFn};

/// The function of each row of this part, by mnemonic (a VOP3 promotion shares its 32-bit
/// form's mnemonic; a VOPD half is `v_dual_` and the VOP1/VOP2 mnemonic it runs).
pub(super) fn bind(def: &InstDef) -> Option<VFn> {
    let f: VFn = match def.mnemonic {
        // F16
        M::v_add_f16 => add_f16,
        M::v_sub_f16 => sub_f16,
        M::v_subrev_f16 => subrev_f16,
        M::v_mul_f16 => mul_f16,
        M::v_fma_f16 | M::v_fmaak_f16 | M::v_fmamk_f16 => fma_f16,
        M::v_fmac_f16 => fmac_f16,
        M::v_min_f16 => min_f16,
        M::v_max_f16 => max_f16,
        M::v_min3_f16 => min3_f16,
        M::v_max3_f16 => max3_f16,
        M::v_med3_f16 => med3_f16,
        M::v_ldexp_f16 => ldexp_f16,
        M::v_rcp_f16 => rcp_f16,
        M::v_rsq_f16 => rsq_f16,
        M::v_sqrt_f16 => sqrt_f16,
        M::v_exp_f16 => exp_f16,
        M::v_log_f16 => log_f16,
        M::v_sin_f16 => sin_f16,
        M::v_cos_f16 => cos_f16,
        M::v_trunc_f16 => trunc_f16,
        M::v_ceil_f16 => ceil_f16,
        M::v_floor_f16 => floor_f16,
        M::v_rndne_f16 => rndne_f16,
        M::v_fract_f16 => fract_f16,
        M::v_frexp_mant_f16 => frexp_mant_f16,
        M::v_frexp_exp_i16_f16 => frexp_exp_i16_f16,
        M::v_pk_fmac_f16 => pk_fmac_f16,
        // min/max combinations
        M::v_maxmin_f16 => maxmin_f16,
        M::v_minmax_f16 => minmax_f16,
        _ => return None,
    };
    Some(f)
}

fn add_f16(x: &mut VExec) {
    fbin(x, Prec::H, fp::add);
}

fn sub_f16(x: &mut VExec) {
    fbin(x, Prec::H, fp::sub);
}

fn subrev_f16(x: &mut VExec) {
    fbin(x, Prec::H, |f, a, b| fp::sub(f, b, a));
}

fn mul_f16(x: &mut VExec) {
    fbin(x, Prec::H, fp::mul);
}

fn fma_f16(x: &mut VExec) {
    ftri(x, Prec::H, fp::fma);
}

fn fmac_f16(x: &mut VExec) {
    fmac(x, Prec::H);
}

/// D.lo = fma(S0.lo, S1.lo, D.lo); D.hi likewise (VOP2 packed accumulate).
fn pk_fmac_f16(x: &mut VExec) {
    let f = fpm(x, Prec::H);
    let d = dst_now(x);
    let (a, b) = (x.src(0), x.src(1));
    let mut r = [0u64; 32];
    for l in 0..32 {
        let lo = fp::fma(f, a[l] & 0xffff, b[l] & 0xffff, d[l] & 0xffff);
        let hi = fp::fma(f, a[l] >> 16 & 0xffff, b[l] >> 16 & 0xffff, d[l] >> 16 & 0xffff);
        r[l] = lo | hi << 16;
    }
    put(x, &r);
}

fn min_f16(x: &mut VExec) {
    fbin(x, Prec::H, |f, a, b| fp::min_max(f, a, b, false));
}

fn max_f16(x: &mut VExec) {
    fbin(x, Prec::H, |f, a, b| fp::min_max(f, a, b, true));
}

fn min3_f16(x: &mut VExec) {
    ftri(x, Prec::H, |f, a, b, c| fp::min_max(f, fp::min_max(f, a, b, false), c, false));
}

fn max3_f16(x: &mut VExec) {
    ftri(x, Prec::H, |f, a, b, c| fp::min_max(f, fp::min_max(f, a, b, true), c, true));
}

fn med3_f16(x: &mut VExec) {
    ftri(x, Prec::H, med3);
}

fn maxmin_f16(x: &mut VExec) {
    ftri(x, Prec::H, |f, a, b, c| fp::min_max(f, fp::min_max(f, a, b, true), c, false));
}

fn minmax_f16(x: &mut VExec) {
    ftri(x, Prec::H, |f, a, b, c| fp::min_max(f, fp::min_max(f, a, b, false), c, true));
}

fn ldexp_f16(x: &mut VExec) {
    fbin(x, Prec::H, |f, a, b| fp::ldexp(f, a, s16(b) as i32));
}

// --- transcendentals ------------------------------------------------------------------------

fn rcp_f16(x: &mut VExec) {
    fun(x, Prec::H, rcp_f16_value);
}

fn rsq_f16(x: &mut VExec) {
    fun(x, Prec::H, rsq_f16_value);
}

fn sqrt_f16(x: &mut VExec) {
    fun(x, Prec::H, sqrt_f16_value);
}

/// `v_rcp_f16` of one lane before the output modifiers: 1/a in double precision rounded to
/// F16 to nearest even whatever MODE's rounding, denormals as MODE says
/// (`sim/tests/trans_f16.rs` proves it correctly rounded for every input).
pub fn rcp_f16_value(f: Fp, a: u64) -> u64 {
    trans(f, a, false, |v| 1.0 / v)
}

/// `v_rsq_f16` of one lane before the output modifiers: 1/sqrt(a) likewise.
pub fn rsq_f16_value(f: Fp, a: u64) -> u64 {
    trans(f, a, false, |v| 1.0 / v.sqrt())
}

/// `v_sqrt_f16` of one lane before the output modifiers: correctly rounded in MODE's F16
/// rounding mode, denormals as MODE says.
pub fn sqrt_f16_value(f: Fp, a: u64) -> u64 {
    fp::sqrt(f, a)
}

fn exp_f16(x: &mut VExec) {
    fun(x, Prec::H, exp_value);
}

fn log_f16(x: &mut VExec) {
    fun(x, Prec::H, log_value);
}

fn sin_f16(x: &mut VExec) {
    fun(x, Prec::H, |f, a| sincos_value(f, a, false));
}

fn cos_f16(x: &mut VExec) {
    fun(x, Prec::H, |f, a| sincos_value(f, a, true));
}

// --- rounding, fract, frexp -----------------------------------------------------------------

fn trunc_f16(x: &mut VExec) {
    fun(x, Prec::H, |f, a| fp::round_integral(f, a, Round::TowardZero));
}

fn ceil_f16(x: &mut VExec) {
    fun(x, Prec::H, |f, a| fp::round_integral(f, a, Round::TowardPositive));
}

fn floor_f16(x: &mut VExec) {
    fun(x, Prec::H, |f, a| fp::round_integral(f, a, Round::TowardNegative));
}

fn rndne_f16(x: &mut VExec) {
    fun(x, Prec::H, |f, a| fp::round_integral(f, a, Round::NearestTiesToEven));
}

fn fract_f16(x: &mut VExec) {
    fun(x, Prec::H, fract);
}

fn frexp_mant_f16(x: &mut VExec) {
    fun(x, Prec::H, |f, a| fp::frexp(f, a).0);
}

fn frexp_exp_i16_f16(x: &mut VExec) {
    let f = fpm(x, Prec::H);
    un(x, |a| m16(i64::from(fp::frexp(f, a).1)));
}
