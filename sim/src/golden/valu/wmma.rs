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
//! Lanes 16..31 of A and B must be copies of lanes 0..15 (the guide's requirement). This model
//! reads row `i` of A from lane `i` and column `j` of B from the lane D's element is in (`j`
//! or its copy `j + 16`): the RTL then needs no lane crossing for B. EXEC does not mask WMMA
//! (the guide: "Does not skip WMMA"); every lane of D is written.
//!
//! **Registers.** The guide allows A and B to overlap C when C is not D, and says "the typical
//! case is that C and D are the same". Other overlaps are illegal here (an illegal-instruction
//! fault): D overlapping A or B, or overlapping C without being C. The instruction works over
//! many cycles, and its result would depend on the order it wrote D in. A register past the
//! wave's VGPR count reads v0 (guide 7.2.7), so an A, B or C that reaches past it overlaps a
//! D that starts at v0, and is illegal the same way.
//!
//! **Arithmetic.** The guide says the instructions "work over multiple cycles ... and
//! internally use the DOT instructions", and support only round-to-nearest-even; it leaves
//! the order of the sums open. The choice here: each D element is C followed by one DOT
//! instruction per dword of the A row and B column, in increasing K, each exactly as that row
//! computes it (dot.rs), under MODE's reset value (nearest even, denormals kept):
//! - F32 from F16/BF16: eight `V_DOT2_F32_F16`/`BF16` (two products, then `(p0 + p1) + acc`,
//!   each step rounded in F32), no CLAMP;
//! - F16 from F16, BF16 from BF16: eight `V_DOT2_F16_F16`/`V_DOT2_BF16_BF16` (each an exact sum
//!   rounded once to the 16-bit format; BF16 flushes denormal results, as that row does);
//! - I32 from IU8/IU4: four `V_DOT4_I32_IU8` or two `V_DOT8_I32_IU4`, with CLAMP saturating each.
//!
//! NEG[1:0]/NEG_HI[1:0] negate the low/high 16-bit elements of A and B (float forms) or mark
//! A/B signed (IU forms); NEG[2] and NEG_HI[2] are NEG and ABS of C (float forms). Inline
//! constants are allowed for C only and are replicated into both halves for F16/BF16.

use rdna3_isa::operand::Scalar;
use rdna3_isa::{Field, InstDef, Mnemonic as M, Ty};

use super::dot;
use crate::golden::fp::{Fp, Prec};
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

/// Dwords of the A row and the B column: one DOT instruction each.
fn ab_dwords(fmt: In) -> u32 {
    match fmt {
        In::F16 | In::Bf16 => 8,
        In::Iu8 => 4,
        In::Iu4 => 2,
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

/// The registers' rules (module doc): A, B in VGPRs, C in VGPRs or an inline constant, D
/// overlapping nothing but a C it equals.
fn check(x: &VExec, fmt: In, acc: Acc) -> Result<(u32, u32, Option<u32>), String> {
    let v = x.ops();
    let (Src::Vgpr { reg: a, .. }, Src::Vgpr { reg: b, .. }) = (v.src[0], v.src[1]) else {
        return Err("the A and B matrices must be VGPRs".into());
    };
    let (a, b, d) = (u32::from(a), u32::from(b), u32::from(v.vdst));
    let constant = c_constant(x, acc)?;
    let n = ab_dwords(fmt);
    let hits = |r: u32, len: u32| r < d + 8 && d < r + len;
    // (Reaches past the wave's VGPRs, so reads v0 for some dwords, which D's first is.)
    let count = x.vgpr_count();
    let past = |r: u32, len: u32| d == 0 && r + len > count;
    if hits(a, n) || hits(b, n) {
        return Err(format!("D (v{d}..v{}) overlaps A or B", d + 7));
    }
    if past(a, n) || past(b, n) {
        return Err(format!(
            "A or B reaches past the wave's {count} VGPRs (read as v0, which D (v0..v7) is)"
        ));
    }
    if let Src::Vgpr { reg: c, .. } = v.src[2] {
        let c = u32::from(c);
        if c != d && hits(c, 8) {
            return Err(format!("D (v{d}..v{}) overlaps C without being C", d + 7));
        }
        if past(c, 8) {
            return Err(format!("C reaches past the wave's {count} VGPRs (read as v0, which D (v0..v7) is)"));
        }
    }
    Ok((a, b, constant))
}

fn wmma(x: &mut VExec, fmt: In, acc: Acc) {
    let v = *x.ops();
    let (a, b, constant) = match check(x, fmt, acc) {
        Ok(t) => t,
        Err(e) => return x.fault(Fault::Illegal { pc: x.pc, why: format!("{}: {e}", x.def.name) }),
    };
    // MODE's reset value: nearest even, denormals kept.
    let f = Fp::exact(Prec::S);
    let hi = v.opsel >> 2 & 1 == 1;
    let n = ab_dwords(fmt);
    let dst = u32::from(v.vdst);
    // NEG/NEG_HI of source `op` on a dword of 16-bit elements (float forms).
    let negs = |op: usize, w: u32| -> u32 {
        if matches!(fmt, In::Iu8 | In::Iu4) {
            return w;
        }
        w ^ u32::from(v.neg >> op & 1) << 15 ^ u32::from(v.neg_hi >> op & 1) << 31
    };
    let mut out = [[0u32; 32]; 8];
    for (r, vals) in out.iter_mut().enumerate() {
        for (lane, d) in vals.iter_mut().enumerate() {
            // Element (i, j) = (2r + lane / 16, lane % 16): A's row from lane i, B's column
            // from this lane.
            let i = 2 * r + lane / 16;
            let w = match (v.src[2], constant) {
                (_, Some(k)) => k,
                (Src::Vgpr { reg, .. }, None) => x.vreg(u32::from(reg) + r as u32, lane),
                _ => 0,
            };
            // C at its width, with NEG[2] and NEG_HI[2] (ABS) for the float forms.
            let sign = match acc {
                Acc::F32 => 1u32 << 31,
                Acc::F16 | Acc::Bf16 => 1 << 15,
                Acc::I32 => 0,
            };
            let mut t = match acc {
                Acc::F16 | Acc::Bf16 if hi => w >> 16,
                Acc::F16 | Acc::Bf16 => w & 0xffff,
                _ => w,
            };
            if v.neg_hi >> 2 & 1 == 1 {
                t &= !sign;
            }
            if v.neg >> 2 & 1 == 1 {
                t ^= sign;
            }
            for s in 0..n {
                let aw = u64::from(negs(0, x.vreg(a + s, i)));
                let bw = u64::from(negs(1, x.vreg(b + s, lane)));
                let halves = |w: u64| (w & 0xffff, w >> 16 & 0xffff);
                t = match (fmt, acc) {
                    (_, Acc::F32) => {
                        dot::dot2_f32_step(f, fmt == In::Bf16, halves(aw), halves(bw), u64::from(t)) as u32
                    }
                    (_, Acc::F16 | Acc::Bf16) => dot::dot2_16(acc == Acc::Bf16, aw, bw, u64::from(t)) as u32,
                    (In::Iu8, _) => dot::dot_int_step(4, 8, Some(signs(&v)), v.clamp, aw, bw, u64::from(t)),
                    (_, _) => dot::dot_int_step(8, 4, Some(signs(&v)), v.clamp, aw, bw, u64::from(t)),
                };
            }
            *d = t;
        }
    }
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

/// The IU forms' signedness of A and B: NEG[0] and NEG[1].
fn signs(v: &vector::VOperands) -> (bool, bool) {
    (v.neg & 1 == 1, v.neg & 2 == 2)
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
