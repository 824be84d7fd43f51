//! F64 arithmetic (guide 16.8, 16.12): add, multiply, fma, min/max, ldexp, reciprocal and
//! square roots, rounding, fract, frexp, and `v_trig_preop_f64`.
//!
//! **Choices.** `v_rcp_f64` and `v_rsq_f64` are correctly rounded (the guide allows 2^29 ULP).
//! `v_trig_preop_f64` returns the `S1[4:0]`-th 53-bit segment of 2/pi (truncated) scaled to its
//! place.

use rdna3_isa::{InstDef, Mnemonic as M};

use super::f32::fract;
use super::lanewise::{fbin, fpm, ftri, fun, lo32, un};
use crate::golden::fp::{self, Fp, Prec, Round};
use crate::golden::vector::{VExec, VFn};

/// The function of each row of this part, by mnemonic (a VOP3 promotion shares its 32-bit
/// form's mnemonic; a VOPD half is `v_dual_` and the VOP1/VOP2 mnemonic it runs).
pub(super) fn bind(def: &InstDef) -> Option<VFn> {
    let f: VFn = match def.mnemonic {
        // F64
        M::v_add_f64 => add_f64,
        M::v_mul_f64 => mul_f64,
        M::v_fma_f64 => fma_f64,
        M::v_min_f64 => min_f64,
        M::v_max_f64 => max_f64,
        M::v_ldexp_f64 => ldexp_f64,
        M::v_rcp_f64 => rcp_f64,
        M::v_rsq_f64 => rsq_f64,
        M::v_sqrt_f64 => sqrt_f64,
        M::v_trunc_f64 => trunc_f64,
        M::v_ceil_f64 => ceil_f64,
        M::v_floor_f64 => floor_f64,
        M::v_rndne_f64 => rndne_f64,
        M::v_fract_f64 => fract_f64,
        M::v_frexp_mant_f64 => frexp_mant_f64,
        M::v_frexp_exp_i32_f64 => frexp_exp_f64,
        // Graphics helpers
        M::v_trig_preop_f64 => trig_preop_f64,
        _ => return None,
    };
    Some(f)
}

fn add_f64(x: &mut VExec) {
    fbin(x, Prec::D, fp::add);
}

fn mul_f64(x: &mut VExec) {
    fbin(x, Prec::D, fp::mul);
}

fn fma_f64(x: &mut VExec) {
    ftri(x, Prec::D, fp::fma);
}

fn min_f64(x: &mut VExec) {
    fbin(x, Prec::D, |f, a, b| fp::min_max(f, a, b, false));
}

fn max_f64(x: &mut VExec) {
    fbin(x, Prec::D, |f, a, b| fp::min_max(f, a, b, true));
}

fn ldexp_f64(x: &mut VExec) {
    fbin(x, Prec::D, |f, a, b| fp::ldexp(f, a, b as u32 as i32));
}

/// 1/x, correctly rounded to nearest (the guide allows 2^29 ULP).
fn rcp_f64(x: &mut VExec) {
    fun(x, Prec::D, |f, a| fp::div(Fp { round: Round::NearestTiesToEven, ..f }, 0x3ff0_0000_0000_0000, a));
}

/// 1/sqrt(x): the square root correctly rounded, then its reciprocal correctly rounded.
fn rsq_f64(x: &mut VExec) {
    fun(x, Prec::D, |f, a| {
        let f = Fp { round: Round::NearestTiesToEven, ..f };
        fp::div(f, 0x3ff0_0000_0000_0000, fp::sqrt(f, a))
    });
}

fn sqrt_f64(x: &mut VExec) {
    fun(x, Prec::D, fp::sqrt);
}

fn trunc_f64(x: &mut VExec) {
    fun(x, Prec::D, |f, a| fp::round_integral(f, a, Round::TowardZero));
}

fn ceil_f64(x: &mut VExec) {
    fun(x, Prec::D, |f, a| fp::round_integral(f, a, Round::TowardPositive));
}

fn floor_f64(x: &mut VExec) {
    fun(x, Prec::D, |f, a| fp::round_integral(f, a, Round::TowardNegative));
}

fn rndne_f64(x: &mut VExec) {
    fun(x, Prec::D, |f, a| fp::round_integral(f, a, Round::NearestTiesToEven));
}

fn fract_f64(x: &mut VExec) {
    fun(x, Prec::D, fract);
}

fn frexp_mant_f64(x: &mut VExec) {
    fun(x, Prec::D, |f, a| fp::frexp(f, a).0);
}

fn frexp_exp_f64(x: &mut VExec) {
    let f = fpm(x, Prec::D);
    un(x, |a| lo32(fp::frexp(f, a).1 as i64 as u64));
}

// --- trig_preop -----------------------------------------------------------------------------

fn trig_preop_f64(x: &mut VExec) {
    fbin(x, Prec::D, |f, a, b| {
        let e = ((a >> 52) & 0x7ff) as i64;
        let mut shift = (b & 31) as i64 * 53;
        if e > 1077 {
            shift += e - 1077;
        }
        // The 53 bits after the first `shift` fraction bits, truncated.
        let top = 1200 - shift;
        let seg =
            (0..53).fold(0u64, |acc, k| acc | rdna3_isa::constants::two_over_pi_bit(top - k) << (52 - k));
        let mut scale = -53 - shift;
        if e >= 1968 {
            scale += 128;
        }
        let r = fp::from_int(Fp { round: Round::TowardZero, ..f }, i128::from(seg));
        fp::ldexp(Fp { round: Round::TowardZero, ..f }, r, scale as i32)
    });
}
