//! Wave matrix multiply-accumulate (guide 7.9, VOP3P opcodes 64..=69): D = A * B + C on 16x16
//! matrices held across the wave.
//!
//! **Layout (wave32).** The guide's VGPR diagrams are pictures the text edition lost; this is
//! the layout of AMD's published WMMA examples for RDNA3, which the guide's prose matches ("A
//! is column-major while the others are row-major"; "lanes 0-15 data are replicated into lanes
//! 16-31"):
//! - A (SRC0): lane `i` (0..15) holds row `i`: element `k` is 16-bit half `k % 2` of VGPR
//!   `SRC0 + k / 2` (F16/BF16), byte `k % 4` of `SRC0 + k / 4` (IU8), nibble `k % 8` of
//!   `SRC0 + k / 8` (IU4).
//! - B (SRC1): lane `j` (0..15) holds column `j`, elements `k` as for A.
//! - C (SRC2) and D (VDST): element `(i, j)` in VGPR `+ i / 2`, lane `j + 16 * (i % 2)`; 32-bit
//!   for F32/I32, and for F16/BF16 the half that OPSEL[2] selects (the other half is kept).
//!
//! Lanes 16..31 of A and B must be copies of lanes 0..15 (the guide's requirement); this model
//! reads lanes 0..15. EXEC does not mask WMMA (the guide: "Does not skip WMMA"); every lane of
//! D is written.
//!
//! **Arithmetic.** The guide says the instructions "internally use the DOT instructions" and
//! support only round-to-nearest-even; it leaves the order of the sums open. The choice here:
//! each D element is C followed by eight `V_DOT2_F32_F16`/`BF16` steps in increasing K, each
//! step exactly as that instruction's pseudocode does it in F32 (two products, then
//! `(p0 + p1) + acc`), round-to-nearest-even, denormals kept whatever MODE says; F16/BF16
//! results accumulate in F32 and round once at the end. Integer forms sum exactly and wrap to
//! 32 bits, or saturate with CLAMP. NEG[1:0]/NEG_HI[1:0] negate the low/high 16-bit elements of
//! A and B (float forms) or mark A/B signed (IU forms); NEG[2] and NEG_HI[2] are NEG and ABS of
//! C. Inline constants are allowed for C only and are replicated into both halves for F16/BF16.

use rdna3_isa::operand::Scalar;
use rdna3_isa::{Field, InstDef, Mnemonic as M, Ty};

use crate::golden::fp::{self, Fp, Prec};
use crate::golden::state::Fault;
use crate::golden::vector::{self, Src, VExec, VFn};

/// The function of each WMMA row, by mnemonic.
pub(super) fn bind(def: &InstDef) -> Option<VFn> {
    let f: VFn = match def.mnemonic {
        M::v_wmma_f32_16x16x16_f16 => wmma_f32_f16,
        M::v_wmma_f32_16x16x16_bf16 => wmma_f32_bf16,
        M::v_wmma_f16_16x16x16_f16 => wmma_f16_f16,
        M::v_wmma_bf16_16x16x16_bf16 => wmma_bf16_bf16,
        M::v_wmma_i32_16x16x16_iu8 => wmma_i32_iu8,
        M::v_wmma_i32_16x16x16_iu4 => wmma_i32_iu4,
        _ => return None,
    };
    Some(f)
}

/// The element formats of A and B.
#[derive(Clone, Copy, PartialEq, Eq)]
enum In {
    F16,
    Bf16,
    Iu8,
    Iu4,
}

/// The format of C and D.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Acc {
    F32,
    F16,
    Bf16,
    I32,
}

/// VGPR lane that holds D/C element `(i, j)`, and its register offset.
fn cd_slot(i: usize, j: usize) -> (u32, usize) {
    ((i / 2) as u32, j + 16 * (i % 2))
}

/// Element `k` of the A row or B column that lane `lane` (0..15) holds, from the register
/// block at `base`.
fn element(x: &VExec, base: u32, lane: usize, k: usize, fmt: In) -> u32 {
    let (per, bits) = match fmt {
        In::F16 | In::Bf16 => (2, 16),
        In::Iu8 => (4, 8),
        In::Iu4 => (8, 4),
    };
    let w = x.vreg(base + (k / per) as u32, lane);
    (w >> (bits * (k % per))) & ((1u32 << bits) - 1)
}

/// A 16-bit float element as F32 bits.
fn widen(h: u32, fmt: In) -> u64 {
    match fmt {
        In::Bf16 => u64::from(h << 16),
        _ => fp::convert(Fp::exact(Prec::H), Fp::exact(Prec::S), u64::from(h)),
    }
}

/// C element `(i, j)` as a 32-bit pattern (F16/BF16: the selected half, in the low bits).
fn c_element(x: &VExec, i: usize, j: usize, acc: Acc, constant: Option<u32>) -> u32 {
    let hi = x.ops().opsel >> 2 & 1 == 1;
    let w = match (x.ops().src[2], constant) {
        (_, Some(c)) => c,
        (Src::Vgpr { reg, .. }, None) => {
            let (r, lane) = cd_slot(i, j);
            x.vreg(u32::from(reg) + r, lane)
        }
        _ => 0,
    };
    match acc {
        Acc::F16 | Acc::Bf16 if hi => w >> 16,
        Acc::F16 | Acc::Bf16 => w & 0xffff,
        _ => w,
    }
}

/// The value of an inline-constant C, as a 32-bit pattern (16-bit forms: both halves).
fn c_constant(x: &VExec, acc: Acc) -> Result<Option<u32>, String> {
    if let Src::Vgpr { .. } = x.ops().src[2] {
        return Ok(None);
    }
    let code = x.inst.field(Field::Src2);
    if !matches!(Scalar::from_code(code), Scalar::Int(_) | Scalar::Float(_)) {
        return Err(format!("source code {code}: WMMA's C matrix takes VGPRs or inline constants"));
    }
    // The decoder's constants at C's element type; packed types replicate into both halves.
    let ty = match acc {
        Acc::F32 => Ty::F32,
        Acc::I32 => Ty::I32,
        Acc::F16 => Ty::V2F16,
        Acc::Bf16 => Ty::V2BF16,
    };
    Ok(Some(vector::constant(code, ty, None)? as u32))
}

fn wmma(x: &mut VExec, fmt: In, acc: Acc) {
    let v = *x.ops();
    let (Src::Vgpr { reg: a, .. }, Src::Vgpr { reg: b, .. }) = (v.src[0], v.src[1]) else {
        let why = format!("{}: the A and B matrices must be VGPRs", x.def.name);
        return x.fault(Fault::Illegal { pc: x.pc, why });
    };
    let (a, b) = (u32::from(a), u32::from(b));
    let constant = match c_constant(x, acc) {
        Ok(c) => c,
        Err(e) => return x.fault(Fault::Illegal { pc: x.pc, why: format!("{}: {e}", x.def.name) }),
    };
    let f = Fp::exact(Prec::S);
    let mut out = [[0u32; 32]; 8];
    for i in 0..16 {
        for j in 0..16 {
            let c = c_element(x, i, j, acc, constant);
            let d = match fmt {
                In::F16 | In::Bf16 => {
                    // Element k of A (operand 0) or B (operand 1), F32 bits, NEG/NEG_HI applied.
                    let e = |op: usize, base: u32, lane: usize, k: usize| {
                        let mut h = element(x, base, lane, k, fmt);
                        let bits = if k.is_multiple_of(2) { v.neg } else { v.neg_hi };
                        if bits >> op & 1 == 1 {
                            h ^= 0x8000;
                        }
                        widen(h, fmt)
                    };
                    let mut c32 = match acc {
                        Acc::F32 => u64::from(c),
                        Acc::F16 => fp::convert(Fp::exact(Prec::H), f, u64::from(c)),
                        _ => u64::from(c) << 16,
                    };
                    if v.neg_hi >> 2 & 1 == 1 {
                        c32 &= !(1 << 31);
                    }
                    if v.neg >> 2 & 1 == 1 {
                        c32 ^= 1 << 31;
                    }
                    let mut t = c32;
                    for k in (0..16).step_by(2) {
                        let p0 = fp::mul(f, e(0, a, i, k), e(1, b, j, k));
                        let p1 = fp::mul(f, e(0, a, i, k + 1), e(1, b, j, k + 1));
                        t = fp::add(f, fp::add(f, p0, p1), t);
                    }
                    match acc {
                        Acc::F32 => t as u32,
                        Acc::F16 => fp::convert(f, Fp::exact(Prec::H), t) as u32,
                        // BF16: round-to-nearest-even of the F32 pattern (NaN stays quiet).
                        _ => bf16_of(t as u32),
                    }
                }
                In::Iu8 | In::Iu4 => {
                    let bits = if fmt == In::Iu8 { 8 } else { 4 };
                    let ext = |w: u32, signed: bool| -> i64 {
                        if signed {
                            i64::from(((w << (32 - bits)) as i32) >> (32 - bits))
                        } else {
                            i64::from(w)
                        }
                    };
                    let mut s = i64::from(c as i32);
                    for k in 0..16 {
                        s += ext(element(x, a, i, k, fmt), v.neg & 1 == 1)
                            * ext(element(x, b, j, k, fmt), v.neg & 2 == 2);
                    }
                    if v.clamp { s.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as u32 } else { s as u32 }
                }
            };
            let (r, lane) = cd_slot(i, j);
            out[r as usize][lane] = d;
        }
    }
    let dst = u32::from(v.vdst);
    let hi = v.opsel >> 2 & 1 == 1;
    for (r, vals) in out.iter().enumerate() {
        let reg = dst + r as u32;
        let vals = match acc {
            Acc::F16 | Acc::Bf16 => std::array::from_fn(|l| {
                let old = x.vreg(reg, l);
                if hi { old & 0xffff | vals[l] << 16 } else { old & 0xffff_0000 | vals[l] & 0xffff }
            }),
            _ => *vals,
        };
        x.write_vgpr32(reg, &vals, u32::MAX);
    }
}

/// F32 bits rounded to BF16 (nearest even), NaN kept quiet.
fn bf16_of(w: u32) -> u32 {
    if fp::is_nan(Prec::S, u64::from(w)) {
        return (w >> 16) | 0x40;
    }
    let round = 0x7fff + (w >> 16 & 1);
    (w.wrapping_add(round)) >> 16
}

fn wmma_f32_f16(x: &mut VExec) {
    wmma(x, In::F16, Acc::F32);
}
fn wmma_f32_bf16(x: &mut VExec) {
    wmma(x, In::Bf16, Acc::F32);
}
fn wmma_f16_f16(x: &mut VExec) {
    wmma(x, In::F16, Acc::F16);
}
fn wmma_bf16_bf16(x: &mut VExec) {
    wmma(x, In::Bf16, Acc::Bf16);
}
fn wmma_i32_iu8(x: &mut VExec) {
    wmma(x, In::Iu8, Acc::I32);
}
fn wmma_i32_iu4(x: &mut VExec) {
    wmma(x, In::Iu4, Acc::I32);
}
