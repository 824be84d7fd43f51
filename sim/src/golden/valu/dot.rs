//! Dot products (guide 16.7, 16.10-16.12): `v_dot2acc_f32_f16`/`bf16` (VOP2, VOPD),
//! `v_dot2_f16_f16` and `v_dot2_bf16_bf16` (VOP3), and the VOP3P forms `v_dot2_f32_f16`/`bf16`,
//! `v_dot4`/`v_dot8`.
//!
//! **Choices.** `v_dot2_f16_f16`/`v_dot2_bf16_bf16` compute the sum exactly and round once
//! (bf16 with denormals flushed, as the guide says). `v_dot2_f32_f16`/`bf16` follow the
//! pseudocode step by step in F32 (each product is exact in F32; each addition rounds). The
//! VOP3P operands are read as packed.rs reads them; the integer `v_dot4`/`v_dot8` forms use
//! NEG[0] and NEG[1] as the signedness of S0 and S1 (IU forms).

use rdna3_isa::{InstDef, Mnemonic as M};

use super::lanewise::{dst_now, fpm, put, tri};
use super::packed::halves;
use crate::golden::fp::{self, Fp, Prec, Round};
use crate::golden::vector::{Lanes, VExec, VFn};

/// The function of each row of this part, by mnemonic (a VOP3 promotion shares its 32-bit
/// form's mnemonic; a VOPD half is `v_dual_` and the VOP1/VOP2 mnemonic it runs).
pub(super) fn bind(def: &InstDef) -> Option<VFn> {
    let f: VFn = match def.mnemonic {
        // Dot products
        M::v_dot2acc_f32_f16 | M::v_dual_dot2acc_f32_f16 => dot2acc_f32_f16,
        M::v_dot2_f16_f16 => dot2_f16_f16,
        M::v_dot2_bf16_bf16 => dot2_bf16_bf16,
        // VOP3P
        M::v_dot2_f32_f16 => dot2_f32_f16,
        M::v_dot2_f32_bf16 => dot2_f32_bf16,
        M::v_dot4_i32_iu8 => dot4_i32_iu8,
        M::v_dot4_u32_u8 => dot4_u32_u8,
        M::v_dot8_i32_iu4 => dot8_i32_iu4,
        M::v_dot8_u32_u4 => dot8_u32_u4,
        // VOPD only: there is no VOP2 v_dot2acc_f32_bf16.
        M::v_dual_dot2acc_f32_bf16 => dot2acc_f32_bf16,
        _ => return None,
    };
    Some(f)
}

// --- 16-bit halves into F32 (VOP2, VOPD) ----------------------------------------------------

/// D.f32 += S0.lo * S1.lo; D.f32 += S0.hi * S1.hi, with F16 (or BF16) halves widened exactly
/// and each step rounded in F32.
fn dot2acc(x: &mut VExec, bf16: bool) {
    let f = fpm(x, Prec::S);
    let h = fpm(x, Prec::H);
    let d = dst_now(x);
    let (a, b) = (x.src(0), x.src(1));
    let w = |v: u64| {
        if bf16 {
            (v & 0xffff) << 16
        } else {
            fp::convert(Fp { denorm_in: true, ..h }, Fp::exact(Prec::S), v & 0xffff)
        }
    };
    let mut r = [0u64; 32];
    for l in 0..32 {
        let p0 = fp::mul(f, w(a[l]), w(b[l]));
        let acc = fp::add(f, d[l], p0);
        let p1 = fp::mul(f, w(a[l] >> 16), w(b[l] >> 16));
        r[l] = fp::add(f, acc, p1);
    }
    put(x, &r);
}

fn dot2acc_f32_f16(x: &mut VExec) {
    dot2acc(x, false);
}

pub(super) fn dot2acc_f32_bf16(x: &mut VExec) {
    dot2acc(x, true);
}

// --- 16-bit results (VOP3) ------------------------------------------------------------------

/// Exact a.lo*b.lo + a.hi*b.hi + c in double precision (f16 and bf16 products and sums of
/// three fit), rounded once to nearest.
fn dot2(p: Prec, bf16: bool, a: u64, b: u64, c: u64) -> u64 {
    let val = |v: u64| -> f64 {
        if bf16 {
            f64::from(f32::from_bits(((v & 0xffff) as u32) << 16))
        } else {
            fp::to_f64(Prec::H, v & 0xffff)
        }
    };
    let sum = val(a) * val(b) + val(a >> 16) * val(b >> 16) + val(c);
    if bf16 {
        if sum.is_nan() {
            return 0xffc0;
        }
        // Round to odd into F32 (toward zero, sticky bit in the LSB), then to nearest even
        // into BF16: exact double rounding, since F32 keeps two more bits than BF16 needs.
        let mut t = fp::to_prec(Fp { round: Round::TowardZero, ..Fp::exact(Prec::S) }, sum) as u32;
        if f64::from(f32::from_bits(t)) != sum {
            t |= 1;
        }
        let r = if f32::from_bits(t).is_infinite() { t >> 16 } else { (t + 0x7fff + (t >> 16 & 1)) >> 16 };
        let r = u64::from(r & 0xffff);
        // Denormal results are flushed.
        if r & 0x7f80 == 0 { r & 0x8000 } else { r }
    } else {
        fp::to_prec(Fp::exact(p), sum)
    }
}

fn dot2_f16_f16(x: &mut VExec) {
    tri(x, |a, b, c| dot2(Prec::H, false, a, b, c));
}

fn dot2_bf16_bf16(x: &mut VExec) {
    tri(x, |a, b, c| dot2(Prec::H, true, a, b, c));
}

// --- VOP3P ----------------------------------------------------------------------------------

/// F16 (or BF16) bits to F32 bits, exactly.
fn widen(v: u64, bf16: bool) -> u64 {
    if bf16 { (v & 0xffff) << 16 } else { fp::convert(Fp::exact(Prec::H), Fp::exact(Prec::S), v & 0xffff) }
}

fn dot2_f32(x: &mut VExec, bf16: bool) {
    let f = fpm(x, Prec::S);
    let (a, b) = (halves(x, 0, true), halves(x, 1, true));
    let c = x.src(2);
    let clamp = x.ops().clamp;
    let mut r: Lanes = [0; 32];
    for l in 0..32 {
        let p0 = fp::mul(f, widen(a[l].0, bf16), widen(b[l].0, bf16));
        let p1 = fp::mul(f, widen(a[l].1, bf16), widen(b[l].1, bf16));
        let t = fp::add(f, fp::add(f, p0, p1), c[l]);
        r[l] = fp::omod_clamp(f, t, 0, clamp);
    }
    put(x, &r);
}

fn dot2_f32_f16(x: &mut VExec) {
    dot2_f32(x, false);
}

fn dot2_f32_bf16(x: &mut VExec) {
    dot2_f32(x, true);
}

/// Integer dot product of `n` fields of `bits` bits; `signed_a`/`signed_b` from NEG[0]/NEG[1]
/// for the IU forms.
fn dot_int(x: &mut VExec, n: u32, bits: u32, iu: bool) {
    let v = *x.ops();
    let (sa, sb) = (iu && v.neg & 1 == 1, iu && v.neg & 2 == 2);
    let (a, b, c) = (x.raw(0), x.raw(1), x.raw(2));
    let field = |w: u64, i: u32, signed: bool| -> i64 {
        let f = (w >> (i * bits)) & ((1 << bits) - 1);
        if signed { ((f << (64 - bits)) as i64) >> (64 - bits) } else { f as i64 }
    };
    let mut r: Lanes = [0; 32];
    for l in 0..32 {
        let mut acc: i64 = if iu { i64::from(c[l] as u32 as i32) } else { i64::from(c[l] as u32) };
        for i in 0..n {
            acc += field(a[l], i, sa) * field(b[l], i, sb);
        }
        r[l] = if v.clamp {
            if iu {
                acc.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as u64
            } else {
                acc.clamp(0, u32::MAX as i64) as u64
            }
        } else {
            acc as u64
        } & 0xffff_ffff;
    }
    put(x, &r);
}

fn dot4_i32_iu8(x: &mut VExec) {
    dot_int(x, 4, 8, true);
}

fn dot4_u32_u8(x: &mut VExec) {
    dot_int(x, 4, 8, false);
}

fn dot8_i32_iu4(x: &mut VExec) {
    dot_int(x, 8, 4, true);
}

fn dot8_u32_u4(x: &mut VExec) {
    dot_int(x, 8, 4, false);
}
