//! Dot products (guide 16.7, 16.10-16.12): `v_dot2acc_f32_f16`/`bf16` (VOP2, VOPD),
//! `v_dot2_f16_f16` and `v_dot2_bf16_bf16` (VOP3), and the VOP3P forms `v_dot2_f32_f16`/`bf16`,
//! `v_dot4`/`v_dot8`.
//!
//! **Choices.** `v_dot2_f16_f16`/`v_dot2_bf16_bf16` compute the sum exactly (in a 640-bit
//! fixed-point accumulator: a double could not hold it, 2^14 + 8 + 2^-48 rounded there first
//! and then to F16 gave 16384 for 16400) and round once to nearest even, whatever MODE says
//! (BF16 with denormal results flushed, as the guide says); a NaN source gives the first NaN
//! made quiet, an invalid sum the default NaN. `v_dot2_f32_f16`/`bf16` follow the
//! pseudocode step by step in F32 (each product is exact in F32; each addition rounds). The
//! VOP3P operands are read as packed.rs reads them; the integer `v_dot4`/`v_dot8` forms use
//! NEG[0] and NEG[1] as the signedness of S0 and S1 (IU forms).

use rdna3_isa::{InstDef, Mnemonic as M};

use super::lanewise::{dst_now, fpm, put, tri};
use super::packed::halves;
use crate::golden::fp::{self, Fp, Prec};
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

/// A 16-bit float format of the VOP3 dot products: F16 (denormals kept) or BF16 (denormal
/// results flushed, as the guide says).
#[derive(Clone, Copy)]
struct Half16 {
    frac: u32,
    bias: i32,
    flush: bool,
}

const F16_DOT: Half16 = Half16 { frac: 10, bias: 15, flush: false };
const BF16_DOT: Half16 = Half16 { frac: 7, bias: 127, flush: true };

impl Half16 {
    fn exp_mask(self) -> u64 {
        0x7fff & !((1 << self.frac) - 1)
    }
    fn is_nan(self, v: u64) -> bool {
        v & self.exp_mask() == self.exp_mask() && v & ((1 << self.frac) - 1) != 0
    }
    fn is_inf(self, v: u64) -> bool {
        v & 0x7fff == self.exp_mask()
    }
    /// (negative, significand, exponent of its LSB) of a finite value.
    fn parts(self, v: u64) -> (bool, u64, i32) {
        let e = (v & 0x7fff) >> self.frac;
        let m = v & ((1 << self.frac) - 1);
        let (sig, e) = if e == 0 { (m, 1) } else { (m | 1 << self.frac, e as i32) };
        (v & 0x8000 != 0, sig, e - self.bias - self.frac as i32)
    }
}

/// Bits of [`Exact`]: the smallest term of a BF16 dot product is 2^-266 (a product of two
/// smallest denormals) and the sum stays below 2^258.
const EXACT_LIMBS: usize = 10;
const EXACT_LSB: i32 = -300;

/// Two's-complement negation in place: -t = !t + 1.
fn negate(t: &mut [u64; EXACT_LIMBS]) {
    let mut carry = 1u64;
    for x in t.iter_mut() {
        let (v, c) = (!*x).overflowing_add(carry);
        *x = v;
        carry = u64::from(c);
    }
}

/// A two's-complement fixed-point number of EXACT_LIMBS * 64 bits, the LSB worth 2^EXACT_LSB:
/// holds every sum of the dot products' terms exactly.
struct Exact([u64; EXACT_LIMBS]);

impl Exact {
    /// Adds (or subtracts, `neg`) sig * 2^e.
    fn add(&mut self, neg: bool, sig: u64, e: i32) {
        let mut t = [0u64; EXACT_LIMBS];
        let at = (e - EXACT_LSB) as usize;
        let (w, b) = (at / 64, at % 64);
        t[w] = sig << b;
        if b != 0 && w + 1 < EXACT_LIMBS {
            t[w + 1] = sig >> (64 - b);
        }
        if neg {
            negate(&mut t);
        }
        let mut carry = false;
        for (x, y) in self.0.iter_mut().zip(t) {
            let (v, c1) = x.overflowing_add(y);
            let (v, c2) = v.overflowing_add(u64::from(carry));
            *x = v;
            carry = c1 || c2;
        }
    }

    /// The value rounded to nearest even into `f` (sign, and the exact zero's sign `zero_neg`).
    fn round(mut self, f: Half16, zero_neg: bool) -> u64 {
        let neg = self.0[EXACT_LIMBS - 1] >> 63 != 0;
        if neg {
            negate(&mut self.0);
        }
        let bit = |i: i32| i >= 0 && (self.0[i as usize / 64] >> (i % 64)) & 1 == 1;
        let Some(msb) = (0..(EXACT_LIMBS * 64) as i32).rev().find(|&i| bit(i)) else {
            return if zero_neg { 0x8000 } else { 0 };
        };
        let sign = if neg { 0x8000 } else { 0 };
        // The LSB's exponent: the precision's, never below the denormals'.
        let e_msb = msb + EXACT_LSB;
        let lsb_e = (e_msb - f.frac as i32).max(1 - f.bias - f.frac as i32);
        let k = lsb_e - EXACT_LSB; // the result's LSB is bit k
        let mut q: u64 = 0;
        for i in (k..=msb).rev() {
            q = q << 1 | u64::from(bit(i));
        }
        let guard = bit(k - 1);
        let sticky = (0..k - 1).any(bit);
        if guard && (sticky || q & 1 == 1) {
            q += 1;
        }
        // q's leading one at bit frac is a normal number of exponent lsb_e + frac (one more
        // if rounding carried out); below it a denormal.
        let mut e = lsb_e + f.frac as i32 + f.bias;
        if q >> (f.frac + 1) != 0 {
            q >>= 1;
            e += 1;
        }
        if q >> f.frac == 0 {
            // A denormal (or zero after rounding).
            return if f.flush { sign } else { sign | q };
        }
        if e >= (1 << (15 - f.frac)) - 1 {
            return sign | f.exp_mask(); // overflow: infinity
        }
        sign | (e as u64) << f.frac | q & ((1 << f.frac) - 1)
    }
}

/// a.lo * b.lo + a.hi * b.hi + c, exactly, rounded once to nearest even into `f` (guide:
/// `tmp = S0.lo * S1.lo; tmp += S0.hi * S1.hi; tmp += S2`, the type of tmp unsaid; the
/// golden model keeps it exact). A NaN source gives the first of S0.lo, S1.lo, S0.hi, S1.hi,
/// S2 made quiet; an infinity times zero or infinities of both signs the default NaN; an
/// exact zero is -0 only when every term is a negative zero.
fn dot2(f: Half16, a: u64, b: u64, c: u64) -> u64 {
    let ops = [a & 0xffff, b & 0xffff, a >> 16 & 0xffff, b >> 16 & 0xffff, c & 0xffff];
    let quiet = 1u64 << (f.frac - 1);
    if let Some(&n) = ops.iter().find(|&&v| f.is_nan(v)) {
        return n | quiet;
    }
    let default_nan = 0x8000 | f.exp_mask() | quiet;
    // The terms: two products and c, as (negative, significand, LSB exponent), or infinite.
    let mut inf: Option<bool> = None;
    let mut terms = Vec::with_capacity(3);
    for (x, y) in [(ops[0], ops[1]), (ops[2], ops[3])] {
        let neg = (x ^ y) & 0x8000 != 0;
        if f.is_inf(x) || f.is_inf(y) {
            let zero = |v: u64| v & 0x7fff == 0;
            if zero(x) || zero(y) {
                return default_nan;
            }
            if inf.is_some_and(|s| s != neg) {
                return default_nan;
            }
            inf = Some(neg);
            continue;
        }
        let ((_, sx, ex), (_, sy, ey)) = (f.parts(x), f.parts(y));
        terms.push((neg, sx * sy, ex + ey));
    }
    if f.is_inf(ops[4]) {
        let neg = ops[4] & 0x8000 != 0;
        if inf.is_some_and(|s| s != neg) {
            return default_nan;
        }
        inf = Some(neg);
    } else {
        terms.push(f.parts(ops[4]));
    }
    if let Some(neg) = inf {
        return if neg { 0x8000 } else { 0 } | f.exp_mask();
    }
    let zero_neg = terms.iter().all(|&(neg, _, _)| neg) && terms.iter().all(|&(_, s, _)| s == 0);
    let mut acc = Exact([0; EXACT_LIMBS]);
    for &(neg, sig, e) in &terms {
        if sig != 0 {
            acc.add(neg, sig, e);
        }
    }
    acc.round(f, zero_neg)
}

/// One `v_dot2_f16_f16` (`bf16`: `v_dot2_bf16_bf16`) of a lane: the packed halves of `a` and
/// `b`, the 16-bit `c`. WMMA's 16-bit forms are eight of these (wmma.rs).
pub(super) fn dot2_16(bf16: bool, a: u64, b: u64, c: u64) -> u64 {
    dot2(if bf16 { BF16_DOT } else { F16_DOT }, a, b, c)
}

fn dot2_f16_f16(x: &mut VExec) {
    tri(x, |a, b, c| dot2(F16_DOT, a, b, c));
}

fn dot2_bf16_bf16(x: &mut VExec) {
    tri(x, |a, b, c| dot2(BF16_DOT, a, b, c));
}

// --- VOP3P ----------------------------------------------------------------------------------

/// F16 (or BF16) bits to F32 bits, exactly.
fn widen(v: u64, bf16: bool) -> u64 {
    if bf16 { (v & 0xffff) << 16 } else { fp::convert(Fp::exact(Prec::H), Fp::exact(Prec::S), v & 0xffff) }
}

/// One lane of `v_dot2_f32_f16` (`bf16`: `v_dot2_f32_bf16`) before CLAMP: `(a.lo * b.lo +
/// a.hi * b.hi) + c` in F32 under `f`, from the (low, high) halves. WMMA's F32 forms are eight
/// of these (wmma.rs).
pub(super) fn dot2_f32_step(f: Fp, bf16: bool, a: (u64, u64), b: (u64, u64), c: u64) -> u64 {
    let p0 = fp::mul(f, widen(a.0, bf16), widen(b.0, bf16));
    let p1 = fp::mul(f, widen(a.1, bf16), widen(b.1, bf16));
    fp::add(f, fp::add(f, p0, p1), c)
}

fn dot2_f32(x: &mut VExec, bf16: bool) {
    let f = fpm(x, Prec::S);
    let (a, b) = (halves(x, 0, true), halves(x, 1, true));
    let c = x.src(2);
    let clamp = x.ops().clamp;
    let mut r: Lanes = [0; 32];
    for l in 0..32 {
        let t = dot2_f32_step(f, bf16, a[l], b[l], c[l]);
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
    let mut r: Lanes = [0; 32];
    for l in 0..32 {
        r[l] = u64::from(dot_int_step(n, bits, iu.then_some((sa, sb)), v.clamp, a[l], b[l], c[l]));
    }
    put(x, &r);
}

/// One lane of an integer dot product: `n` fields of `bits` bits of `a` and `b` (`iu`: the IU
/// form, with the signedness of each; otherwise unsigned) plus `c`, saturated with `clamp`.
/// WMMA's integer forms are a few of these (wmma.rs).
pub(super) fn dot_int_step(
    n: u32,
    bits: u32,
    iu: Option<(bool, bool)>,
    clamp: bool,
    a: u64,
    b: u64,
    c: u64,
) -> u32 {
    let (sa, sb) = iu.unwrap_or((false, false));
    let field = |w: u64, i: u32, signed: bool| -> i64 {
        let f = (w >> (i * bits)) & ((1 << bits) - 1);
        if signed { ((f << (64 - bits)) as i64) >> (64 - bits) } else { f as i64 }
    };
    let mut acc: i64 = if iu.is_some() { i64::from(c as u32 as i32) } else { i64::from(c as u32) };
    for i in 0..n {
        acc += field(a, i, sa) * field(b, i, sb);
    }
    let r = if clamp {
        if iu.is_some() {
            acc.clamp(i64::from(i32::MIN), i64::from(i32::MAX))
        } else {
            acc.clamp(0, i64::from(u32::MAX))
        }
    } else {
        acc
    };
    r as u32
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
