//! Compares (guide 16.9, VOPC, and its VOP3 promotions, 16.12): `v_cmp_*` writes the lane mask
//! to VCC or an SGPR, `v_cmpx_*` to EXEC; floats with every IEEE relation and `class`, integers
//! of 16, 32 and 64 bits. What a row compares is the table's: the condition of its `K:` column
//! and its S0 type ([`InstDef::compare`]), and whether it writes EXEC (`W:exec`).

use rdna3_isa::{CmpOp, Compare, Implicit, InstDef, Ty};

use super::lane::sdst_of_vdst;
use super::lanewise::fpm;
use crate::golden::fp::{self, Fp, Prec};
use crate::golden::scalar::sext;
use crate::golden::state::Fault;
use crate::golden::vector::{VExec, VFn};

/// The compare function for every `v_cmp*` row (what it compares is read from the row when
/// it runs).
pub(super) fn bind(def: &InstDef) -> Option<VFn> {
    def.compare.map(|_| compare as VFn)
}

/// How a compare takes its operands: as floats of a precision, or as integers of a width,
/// signed or unsigned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum CmpTy {
    F(Prec),
    I(u32),
    U(u32),
}

impl CmpTy {
    /// The operands of type `ty` (a compare's, one of the nine `Compare::ty` has).
    fn of(ty: Ty) -> CmpTy {
        match ty {
            Ty::F16 => CmpTy::F(Prec::H),
            Ty::F32 => CmpTy::F(Prec::S),
            Ty::F64 => CmpTy::F(Prec::D),
            Ty::I16 => CmpTy::I(16),
            Ty::I32 => CmpTy::I(32),
            Ty::I64 => CmpTy::I(64),
            Ty::U16 => CmpTy::U(16),
            Ty::U64 => CmpTy::U(64),
            // U32, and (the table gives a compare no other type) anything else.
            _ => CmpTy::U(32),
        }
    }
}

/// One lane of a float compare at precision `p`.
fn float_lane(op: CmpOp, p: Prec, f: Fp, a: u64, b: u64) -> bool {
    use std::cmp::Ordering::*;
    if op == CmpOp::Class {
        return b >> fp::class(p, a) & 1 == 1;
    }
    let o = fp::compare(Fp { prec: p, ..f }, a, b);
    match op {
        CmpOp::F => false,
        CmpOp::T => true,
        CmpOp::Lt => o == Some(Less),
        CmpOp::Eq => o == Some(Equal),
        CmpOp::Le => matches!(o, Some(Less | Equal)),
        CmpOp::Gt => o == Some(Greater),
        CmpOp::Lg | CmpOp::Ne => matches!(o, Some(Less | Greater)),
        CmpOp::Ge => matches!(o, Some(Greater | Equal)),
        CmpOp::O => o.is_some(),
        CmpOp::U => o.is_none(),
        CmpOp::Nge => !matches!(o, Some(Greater | Equal)),
        CmpOp::Nlg => !matches!(o, Some(Less | Greater)),
        CmpOp::Ngt => o != Some(Greater),
        CmpOp::Nle => !matches!(o, Some(Less | Equal)),
        CmpOp::Neq => o != Some(Equal),
        CmpOp::Nlt => o != Some(Less),
        CmpOp::Class => unreachable!(),
    }
}

/// The mask of an integer compare over all lanes, each lane's operands taken as integers by
/// `key`, the operation chosen once rather than per lane (operations integers lack compare
/// false). Generic over the comparison and the key, not function pointers or mapped copies,
/// so that each lane loop is straight-line code.
#[inline(always)]
fn int_mask<T: Copy, K: Ord>(op: CmpOp, a: &[T; 32], b: &[T; 32], key: impl Fn(T) -> K) -> u32 {
    #[inline(always)]
    fn mask<T: Copy, K>(a: &[T; 32], b: &[T; 32], key: impl Fn(T) -> K, f: impl Fn(K, K) -> bool) -> u32 {
        (0..32).fold(0u32, |m, l| m | u32::from(f(key(a[l]), key(b[l]))) << l)
    }
    match op {
        CmpOp::T => u32::MAX,
        CmpOp::Lt => mask(a, b, key, |p, q| p < q),
        CmpOp::Eq => mask(a, b, key, |p, q| p == q),
        CmpOp::Le => mask(a, b, key, |p, q| p <= q),
        CmpOp::Gt => mask(a, b, key, |p, q| p > q),
        CmpOp::Ne | CmpOp::Lg => mask(a, b, key, |p, q| p != q),
        CmpOp::Ge => mask(a, b, key, |p, q| p >= q),
        _ => 0,
    }
}

/// `v_cmp_*` and `v_cmpx_*`: the lane mask of the comparison, zero in inactive lanes (and, with
/// DPP16, in lanes its masks disable), to VCC / the SGPR in VDST (VOP3) / EXEC (`v_cmpx`).
fn compare(x: &mut VExec) {
    let Some(Compare { op, ty }) = x.def.compare else {
        let what = format!("{} is not a compare", x.def.name);
        return x.fault(Fault::NotImplemented { pc: x.pc, what });
    };
    let ty = CmpTy::of(ty);
    let lanes = x.write_mask();
    let m = match ty {
        // Integers of at most 32 bits on 32-bit lanes.
        CmpTy::I(bits) if bits <= 32 && x.ops().src32 => {
            let sext = |v: u32| if bits == 16 { i32::from(v as u16 as i16) } else { v as i32 };
            int_mask(op, &x.src32(0), &x.src32(1), sext)
        }
        CmpTy::U(bits) if bits <= 32 && x.ops().src32 => {
            let w = if bits == 32 { u32::MAX } else { (1u32 << bits) - 1 };
            int_mask(op, &x.src32(0), &x.src32(1), |v| v & w)
        }
        _ => compare_wide(x, op, ty),
    };
    let m = m & lanes;
    if x.def.writes.contains(Implicit::EXEC) {
        x.set_exec(m);
    } else {
        let code = sdst_of_vdst(x);
        x.write_mask_out(code, m);
    }
}

/// The mask of a compare on 64-bit lanes (floats, and 64-bit integers).
fn compare_wide(x: &VExec, op: CmpOp, ty: CmpTy) -> u32 {
    let (a, b) = (x.src(0), x.src(1));
    match ty {
        CmpTy::F(p) => {
            let f = fpm(x, p);
            (0..32).fold(0u32, |m, l| m | u32::from(float_lane(op, p, f, a[l], b[l])) << l)
        }
        CmpTy::I(bits) => int_mask(op, &a, &b, |v| sext(v, bits)),
        CmpTy::U(bits) => {
            let w = if bits == 64 { u64::MAX } else { (1u64 << bits) - 1 };
            int_mask(op, &a, &b, |v| v & w)
        }
    }
}
