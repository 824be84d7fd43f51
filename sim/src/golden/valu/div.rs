//! The division helpers (guide 16.12): `v_div_scale`, `v_div_fmas` and `v_div_fixup` in F32
//! and F64 (and `v_div_fixup_f16`), as the compiler's correctly rounded division uses them.
//! Where the guide's pseudocode contradicts itself, the documentation of each function says
//! which reading is taken and why.

use rdna3_isa::{InstDef, Mnemonic as M};

use super::lanewise::{fpm, ftri, out_mods, put};
use crate::golden::fp::{self, Fp, Prec};
use crate::golden::vector::{VExec, VFn};

/// The function of each row of this part, by mnemonic (a VOP3 promotion shares its 32-bit
/// form's mnemonic; a VOPD half is `v_dual_` and the VOP1/VOP2 mnemonic it runs).
pub(super) fn bind(def: &InstDef) -> Option<VFn> {
    let f: VFn = match def.mnemonic {
        // F32
        M::v_div_scale_f32 => div_scale_f32,
        M::v_div_fmas_f32 => div_fmas_f32,
        M::v_div_fixup_f32 => div_fixup_f32,
        // F64
        M::v_div_scale_f64 => div_scale_f64,
        M::v_div_fmas_f64 => div_fmas_f64,
        M::v_div_fixup_f64 => div_fixup_f64,
        // F16
        M::v_div_fixup_f16 => div_fixup_f16,
        _ => return None,
    };
    Some(f)
}

/// Exponent field of `x` (biased), as the division helpers use it.
fn exponent(p: Prec, x: u64) -> i64 {
    let bits = p.bits();
    let mant = match p {
        Prec::H => 10,
        Prec::S => 23,
        Prec::D => 52,
    };
    ((x & p.mask()) >> mant & ((1u64 << (bits - 1 - mant)) - 1)) as i64
}

/// `v_div_scale_f32/f64` (guide 16.12 pseudocode), writing VCC (SDST) per lane.
///
/// **Where the guide contradicts itself**, two readings make the compiler's division work:
/// - "1/D is denormal" is tested in the operand's own format. The F32 pseudocode computes
///   1.0 / 64'F(S1) in double, where it is never denormal; but `v_rcp_f32` flushes a denormal
///   reciprocal to 0, so a denominator above 2^126 must be scaled down (max/max would be 0).
/// - When 1/D and N/D are both denormal, the denominator is scaled *down* by 2^64 (2^128),
///   as in the case of 1/D alone. The pseudocode scales it up, which overflows every such
///   denominator (it is at least 2^126, 2^1022 for F64) to infinity; scaled down, the
///   quotient comes out 2^64 (2^128) too large and VCC has `v_div_fmas` scale it back.
fn div_scale(x: &mut VExec, p: Prec) {
    let f = Fp { denorm_in: true, denorm_out: true, ..fpm(x, p) };
    let (s0, s1, s2) = (x.src(0), x.src(1), x.src(2));
    let (big, tiny_exp, scale) = match p {
        Prec::D => (768, 53, 128),
        _ => (96, 23, 64),
    };
    let mut r = [0u64; 32];
    let mut vcc = 0u32;
    for l in 0..32 {
        let (a, d, n) = (s0[l] & p.mask(), s1[l] & p.mask(), s2[l] & p.mask());
        let (dv, nv) = (fp::to_f64(p, d), fp::to_f64(p, n));
        let mut out = a;
        let mut flag = false;
        let quotient_denorm = {
            let q = fp::div(f, n, d);
            fp::is_denorm(p, q)
        };
        let rcp_denorm = {
            let one = match p {
                Prec::D => 0x3ff0_0000_0000_0000,
                _ => 0x3f80_0000,
            };
            // 1.0 / S1 rounded in S1's format (see above).
            fp::is_denorm(p, fp::div(Fp::exact(p), one, d))
        };
        if nv == 0.0 || dv == 0.0 {
            out = p.default_nan();
        } else if exponent(p, n) - exponent(p, d) >= big {
            flag = true;
            if a == d {
                out = fp::ldexp(f, a, scale);
            }
        } else if fp::is_denorm(p, d) {
            out = fp::ldexp(f, a, scale);
        } else if rcp_denorm && quotient_denorm {
            flag = true;
            if a == d {
                out = fp::ldexp(f, a, -scale);
            }
        } else if rcp_denorm {
            out = fp::ldexp(f, a, -scale);
        } else if quotient_denorm {
            flag = true;
            if a == n {
                out = fp::ldexp(f, a, scale);
            }
        } else if exponent(p, n) <= tiny_exp {
            out = fp::ldexp(f, a, scale);
        }
        r[l] = out;
        if flag {
            vcc |= 1 << l;
        }
    }
    put(x, &r);
    let sdst = u32::from(x.ops().sdst);
    let mask = vcc & x.exec;
    x.write_mask_out(sdst, mask);
}

fn div_scale_f32(x: &mut VExec) {
    div_scale(x, Prec::S);
}

fn div_scale_f64(x: &mut VExec) {
    div_scale(x, Prec::D);
}

/// fma, in lanes where VCC is set scaled back by what `v_div_scale` applied, in the same
/// rounding; input denormals are not flushed (guide note).
///
/// **Where the guide contradicts itself.** Its pseudocode scales by 2^32 (F32) or 2^64 (F64)
/// upward, but `v_div_scale` sets VCC in two cases that need opposite corrections of a
/// different size: N/D near the largest float scales the denominator up by 2^64 (2^128 for
/// F64), so the quotient must be scaled up by as much; a denormal quotient scales the
/// numerator up by 2^64 (2^128), so it must be scaled down. The compiler's correctly rounded
/// division (v_div_scale, v_rcp, fma refinement, v_div_fmas, v_div_fixup) is only right with
/// those corrections, fused into the fma's single rounding; the scaled quotient estimate S2
/// tells the cases apart (exponent above the bias: N/D was huge; below: the quotient is tiny).
fn div_fmas(x: &mut VExec, p: Prec) {
    let f = Fp { denorm_in: true, ..fpm(x, p) };
    let vcc = x.vcc();
    let (a, b, c) = (x.src(0), x.src(1), x.src(2));
    let (k, bias) = if p == Prec::D { (128, 1023) } else { (64, 127) };
    let mut r = [0u64; 32];
    for l in 0..32 {
        let exact = Fp { denorm_out: true, ..f };
        let v = if vcc >> l & 1 == 1 {
            let k = if exponent(p, c[l]) > bias { k } else { -k };
            fp::fma_scaled(exact, a[l], b[l], c[l], k)
        } else {
            fp::fma(exact, a[l], b[l], c[l])
        };
        r[l] = if !f.denorm_out && fp::is_denorm(p, v) { v & p.sign() } else { v };
    }
    out_mods(x, f, &mut r);
    put(x, &r);
}

fn div_fmas_f32(x: &mut VExec) {
    div_fmas(x, Prec::S);
}

fn div_fmas_f64(x: &mut VExec) {
    div_fmas(x, Prec::D);
}

/// `v_div_fixup`: S0 quotient, S1 denominator, S2 numerator (guide 16.12). The guide's
/// UNDERFLOW and OVERFLOW constants are taken as a signed zero and a signed infinity; F16 has
/// no underflow/overflow cases.
///
/// **Where the guide leaves a gap.** Its overflow test (`exponent(S1) == 255`) can never hold
/// there (an infinite or NaN denominator was handled above), so nothing catches a quotient
/// beyond what `v_div_scale` can scale (|N/D| >= 2^192 for F32, 2^896 for F64): the
/// refinement then overflows to inf and makes a NaN of inf - inf. With a finite non-zero
/// numerator and denominator a NaN quotient can only come from that overflow, so it gives
/// the signed infinity the division must return.
fn div_fixup(f: Fp, q: u64, d: u64, n: u64) -> u64 {
    let p = f.prec;
    let (q, d, n) = (q & p.mask(), d & p.mask(), n & p.mask());
    let sign = (d ^ n) & p.sign();
    let inf = fp_exp_mask(p);
    let neg_nan = p.sign() | p.default_nan();
    let (under, over) = match p {
        Prec::H => (None, None),
        Prec::S => (Some(-150), Some(255)),
        Prec::D => (Some(-1075), Some(2047)),
    };
    if fp::is_nan(p, n) {
        fp::quiet(p, n)
    } else if fp::is_nan(p, d) {
        fp::quiet(p, d)
    } else if (fp::is_zero(p, d) && fp::is_zero(p, n)) || (fp::is_inf(p, d) && fp::is_inf(p, n)) {
        neg_nan
    } else if fp::is_zero(p, d) || fp::is_inf(p, n) {
        sign | inf
    } else if fp::is_inf(p, d)
        || fp::is_zero(p, n)
        || under.is_some_and(|u| exponent(p, n) - exponent(p, d) < u)
    {
        sign
    } else if over.is_some_and(|o| exponent(p, d) == o) || fp::is_nan(p, q) {
        sign | inf
    } else {
        q & !p.sign() | sign
    }
}

fn fp_exp_mask(p: Prec) -> u64 {
    match p {
        Prec::H => 0x7c00,
        Prec::S => 0x7f80_0000,
        Prec::D => 0x7ff0_0000_0000_0000,
    }
}

fn div_fixup_f32(x: &mut VExec) {
    ftri(x, Prec::S, div_fixup);
}

fn div_fixup_f64(x: &mut VExec) {
    ftri(x, Prec::D, div_fixup);
}

fn div_fixup_f16(x: &mut VExec) {
    ftri(x, Prec::H, div_fixup);
}
