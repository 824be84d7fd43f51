//! VOP3P: packed 16-bit math and the mixed-precision FMAs (guide 7.5, 16.10); the VOP3P dot
//! products are in dot.rs and WMMA in wmma.rs.
//!
//! **Operands.** Each source gives two 16-bit halves: the low half of the operation reads
//! `OPSEL[n] ? S[31:16] : S[15:0]`, the high half `OPSEL_HI[n] ? S[31:16] : S[15:0]`; NEG[n]
//! negates the low half and NEG_HI[n] the high half of float operands (integer operations ignore
//! them). An inline constant is a 32-bit value with the constant in its low half (see
//! [`inline_constant`]); a literal supplies all 32 bits. With CLAMP, integer
//! results saturate and float results are clamped to [0, 1].
//!
//! **`v_fma_mix*`.** OPSEL_HI[n] = 0 reads source n as F32; otherwise as the F16 half OPSEL[n]
//! selects, converted exactly to F32. NEG negates and NEG_HI takes the absolute value (guide).
//! The FMA is done in F32 (MODE's F32 rounding and denormals), then `mixlo`/`mixhi` convert to
//! F16 with the F16 mode and write one half, keeping the other.

use rdna3_isa::{Field, InstDef, Mnemonic as M};

use super::lanewise::{fpm, put, s16};
use crate::golden::fp::{self, Fp, Prec};
use crate::golden::vector::{Lanes, VExec, VFn};

/// The function of each row of this part, by mnemonic (a VOP3 promotion shares its 32-bit
/// form's mnemonic; a VOPD half is `v_dual_` and the VOP1/VOP2 mnemonic it runs).
pub(super) fn bind(def: &InstDef) -> Option<VFn> {
    let f: VFn = match def.mnemonic {
        M::v_pk_mad_i16 => pk_mad_i16,
        M::v_pk_mul_lo_u16 => pk_mul_lo_u16,
        M::v_pk_add_i16 => pk_add_i16,
        M::v_pk_sub_i16 => pk_sub_i16,
        M::v_pk_lshlrev_b16 => pk_lshlrev_b16,
        M::v_pk_lshrrev_b16 => pk_lshrrev_b16,
        M::v_pk_ashrrev_i16 => pk_ashrrev_i16,
        M::v_pk_max_i16 => pk_max_i16,
        M::v_pk_min_i16 => pk_min_i16,
        M::v_pk_mad_u16 => pk_mad_u16,
        M::v_pk_add_u16 => pk_add_u16,
        M::v_pk_sub_u16 => pk_sub_u16,
        M::v_pk_max_u16 => pk_max_u16,
        M::v_pk_min_u16 => pk_min_u16,
        M::v_pk_fma_f16 => pk_fma_f16,
        M::v_pk_add_f16 => pk_add_f16,
        M::v_pk_mul_f16 => pk_mul_f16,
        M::v_pk_min_f16 => pk_min_f16,
        M::v_pk_max_f16 => pk_max_f16,
        M::v_fma_mix_f32 => fma_mix_f32,
        M::v_fma_mixlo_f16 => fma_mixlo_f16,
        M::v_fma_mixhi_f16 => fma_mixhi_f16,
        _ => return None,
    };
    Some(f)
}

/// Source `n` as (low, high) 16-bit halves per lane, selected by OPSEL/OPSEL_HI; with
/// `float`, NEG/NEG_HI applied.
pub(super) fn halves(x: &VExec, n: usize, float: bool) -> [(u64, u64); 32] {
    let v = x.ops();
    let raw = inline_constant(x, n).map_or_else(|| x.raw(n), |c| [c; 32]);
    let (sel_lo, sel_hi) = (v.opsel >> n & 1 == 1, v.opsel_hi >> n & 1 == 1);
    let (neg_lo, neg_hi) = (float && v.neg >> n & 1 == 1, float && v.neg_hi >> n & 1 == 1);
    std::array::from_fn(|l| {
        let r = raw[l];
        let pick = |hi: bool| if hi { r >> 16 & 0xffff } else { r & 0xffff };
        let mut lo = pick(sel_lo);
        let mut hi = pick(sel_hi);
        if neg_lo {
            lo ^= 0x8000;
        }
        if neg_hi {
            hi ^= 0x8000;
        }
        (lo, hi)
    })
}

/// The 32-bit value of source `n` of a `v_pk_*`/`v_dot2_*` row when it is an inline constant
/// (codes 128..=248). Guide 7.5.1: "Inline constants produce a value in only the low 16-bits
/// of the 32-bit constant value. ... To use the inline constant in both halves, use OPSEL to
/// select the lower input for both low and high sources." LLVM reads it the same way: clang
/// emits `v_pk_add_f16 v1, s2, 1.0 op_sel_hi:[1,0]` for a splat 1.0, and llvm-mc folds the
/// literal 0x00003c00 (not 0x3c003c00) into 1.0 and 0xffffffff into -1. So an integer
/// constant is its sign-extended 32-bit value and a float constant its 16-bit pattern with
/// zeros above. (The operand decoder, vector.rs, puts a packed operand's constant in both
/// halves; this corrects that for the packed rows.) BF16 operands keep the decoder's value:
/// the guide has them select the high half of the F32 pattern. For `v_dot2_f32_f16` the
/// guide's table in 7.5.1 says "use FP32 inline"; LLVM (which folds 0x00003c00 into 1.0 there
/// too) is followed.
fn inline_constant(x: &VExec, n: usize) -> Option<u64> {
    use rdna3_isa::Ty;
    if matches!(x.ops().ty[n], Ty::BF16 | Ty::V2BF16) {
        return None;
    }
    let code = x.inst.field([Field::Src0, Field::Src1, Field::Src2][n]);
    match code {
        128..=208 => Some(x.raw(n)[0] as u16 as i16 as i32 as u32 as u64),
        // The F16 constant, whatever the row's source type: v_fma_mix*'s sources are typed
        // F32, whose constant (0x3f800000 for 1.0) has nothing in its low half.
        240..=248 => Some(u64::from(rdna3_isa::operand::F16_CONSTS[code as usize - 240])),
        _ => None,
    }
}

/// Applies `f` to each half of two or three sources and writes the packed result.
fn pk(x: &mut VExec, nsrc: usize, float: bool, f: impl Fn(u64, u64, u64) -> u64) {
    let a = halves(x, 0, float);
    let b = halves(x, 1, float);
    let c = if nsrc > 2 { halves(x, 2, float) } else { [(0, 0); 32] };
    let mut r: Lanes = [0; 32];
    for l in 0..32 {
        let lo = f(a[l].0, b[l].0, c[l].0) & 0xffff;
        let hi = f(a[l].1, b[l].1, c[l].1) & 0xffff;
        r[l] = lo | hi << 16;
    }
    put(x, &r);
}

fn pk_mad_i16(x: &mut VExec) {
    let c = x.ops().clamp;
    pk(x, 3, false, |a, b, d| {
        let v = s16(a) * s16(b) + s16(d);
        (if c { v.clamp(-32768, 32767) } else { v }) as u64
    });
}

fn pk_mul_lo_u16(x: &mut VExec) {
    pk(x, 2, false, |a, b, _| a * b);
}

fn pk_add_i16(x: &mut VExec) {
    let c = x.ops().clamp;
    pk(x, 2, false, |a, b, _| {
        let v = s16(a) + s16(b);
        (if c { v.clamp(-32768, 32767) } else { v }) as u64
    });
}

fn pk_sub_i16(x: &mut VExec) {
    let c = x.ops().clamp;
    pk(x, 2, false, |a, b, _| {
        let v = s16(a) - s16(b);
        (if c { v.clamp(-32768, 32767) } else { v }) as u64
    });
}

fn pk_lshlrev_b16(x: &mut VExec) {
    pk(x, 2, false, |a, b, _| b << (a & 15));
}

fn pk_lshrrev_b16(x: &mut VExec) {
    pk(x, 2, false, |a, b, _| b >> (a & 15));
}

fn pk_ashrrev_i16(x: &mut VExec) {
    pk(x, 2, false, |a, b, _| (s16(b) >> (a & 15)) as u64);
}

fn pk_max_i16(x: &mut VExec) {
    pk(x, 2, false, |a, b, _| s16(a).max(s16(b)) as u64);
}

fn pk_min_i16(x: &mut VExec) {
    pk(x, 2, false, |a, b, _| s16(a).min(s16(b)) as u64);
}

fn pk_mad_u16(x: &mut VExec) {
    let c = x.ops().clamp;
    pk(x, 3, false, |a, b, d| {
        let v = a * b + d;
        if c { v.min(0xffff) } else { v }
    });
}

fn pk_add_u16(x: &mut VExec) {
    let c = x.ops().clamp;
    pk(x, 2, false, |a, b, _| if c { (a + b).min(0xffff) } else { a + b });
}

fn pk_sub_u16(x: &mut VExec) {
    let c = x.ops().clamp;
    pk(x, 2, false, |a, b, _| if c { a.saturating_sub(b) } else { a.wrapping_sub(b) });
}

fn pk_max_u16(x: &mut VExec) {
    pk(x, 2, false, |a, b, _| a.max(b));
}

fn pk_min_u16(x: &mut VExec) {
    pk(x, 2, false, |a, b, _| a.min(b));
}

/// A packed F16 operation, with CLAMP applied to each half.
fn pkf(x: &mut VExec, nsrc: usize, f: impl Fn(Fp, u64, u64, u64) -> u64) {
    let fp16 = fpm(x, Prec::H);
    let clamp = x.ops().clamp;
    pk(x, nsrc, true, |a, b, c| fp::omod_clamp(fp16, f(fp16, a, b, c), 0, clamp));
}

fn pk_fma_f16(x: &mut VExec) {
    pkf(x, 3, fp::fma);
}

fn pk_add_f16(x: &mut VExec) {
    pkf(x, 2, |f, a, b, _| fp::add(f, a, b));
}

fn pk_mul_f16(x: &mut VExec) {
    pkf(x, 2, |f, a, b, _| fp::mul(f, a, b));
}

fn pk_min_f16(x: &mut VExec) {
    pkf(x, 2, |f, a, b, _| fp::min_max(f, a, b, false));
}

fn pk_max_f16(x: &mut VExec) {
    pkf(x, 2, |f, a, b, _| fp::min_max(f, a, b, true));
}

// --- mixed-precision fma --------------------------------------------------------------------

/// The F32 inputs of `v_fma_mix*` (see the module documentation).
fn mix_inputs(x: &VExec) -> [[u64; 3]; 32] {
    let v = *x.ops();
    // Inline constants as for every VOP3P row (guide 7.5.1): the F16 constant in the low 16
    // bits, which is also how LLVM encodes and prints them for v_fma_mix*; read as F32
    // (OPSEL_HI clear) that is the 32-bit pattern with zeros above.
    let raws: [Lanes; 3] =
        std::array::from_fn(|n| inline_constant(x, n).map_or_else(|| x.raw(n), |c| [c; 32]));
    let h = fpm(x, Prec::H);
    let s = fpm(x, Prec::S);
    std::array::from_fn(|l| {
        std::array::from_fn(|n| {
            let r = raws[n][l];
            let mut f32v = if v.opsel_hi >> n & 1 == 0 {
                r & 0xffff_ffff
            } else {
                let half = if v.opsel >> n & 1 == 1 { r >> 16 & 0xffff } else { r & 0xffff };
                fp::convert(h, Fp { denorm_out: true, ..s }, half)
            };
            if v.neg_hi >> n & 1 == 1 {
                f32v &= 0x7fff_ffff;
            }
            if v.neg >> n & 1 == 1 {
                f32v ^= 0x8000_0000;
            }
            f32v
        })
    })
}

/// The F32 results of the mixed FMA of each lane's F32 inputs, under the F32 settings `f`
/// (shared with VINTERP's F32-result forms).
pub(super) fn mix_f32(f: Fp, ins: &[[u64; 3]; 32], clamp: bool) -> Lanes {
    std::array::from_fn(|l| fp::omod_clamp(f, fp::fma(f, ins[l][0], ins[l][1], ins[l][2]), 0, clamp))
}

/// The F16 results of the mixed FMA: the FMA under the F32 settings `f` (denormal results
/// kept), converted under the F16 settings `h` (shared with VINTERP's `p2` F16 forms).
pub(super) fn mix_f16(f: Fp, h: Fp, ins: &[[u64; 3]; 32], clamp: bool) -> Lanes {
    std::array::from_fn(|l| {
        let wide = fp::fma(Fp { denorm_out: true, ..f }, ins[l][0], ins[l][1], ins[l][2]);
        fp::omod_clamp(h, fp::convert(Fp { denorm_in: true, ..f }, h, wide), 0, clamp)
    })
}

fn fma_mix_f32(x: &mut VExec) {
    let r = mix_f32(fpm(x, Prec::S), &mix_inputs(x), x.ops().clamp);
    let m = x.write_mask();
    let vdst = u32::from(x.ops().vdst);
    x.write_vgprs(vdst, 1, &r, m);
}

fn fma_mix16(x: &mut VExec, hi: bool) {
    let r = mix_f16(fpm(x, Prec::S), fpm(x, Prec::H), &mix_inputs(x), x.ops().clamp);
    let m = x.write_mask();
    let vdst = u32::from(x.ops().vdst);
    x.write_half(vdst, hi, &r, m);
}

fn fma_mixlo_f16(x: &mut VExec) {
    fma_mix16(x, false);
}

fn fma_mixhi_f16(x: &mut VExec) {
    fma_mix16(x, true);
}
