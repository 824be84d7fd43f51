//! How a VALU row's per-lane function is applied: sources read as 64-bit lanes or, for rows
//! whose operands and destination fit 32 bits (`lanes32`), as 32-bit lanes; float MODE,
//! output modifiers (OMOD, CLAMP); the result written to the instruction's lanes. And the
//! small lane-value helpers the parts share (sign extension, 16-bit fields).

use crate::golden::fp::{self, Fp, Prec};
use crate::golden::vector::{Lanes, VExec};

pub(super) fn each1(a: &Lanes, f: impl Fn(u64) -> u64) -> Lanes {
    let mut r = [0u64; 32];
    for l in 0..32 {
        r[l] = f(a[l]);
    }
    r
}

pub(super) fn each2(a: &Lanes, b: &Lanes, f: impl Fn(u64, u64) -> u64) -> Lanes {
    let mut r = [0u64; 32];
    for l in 0..32 {
        r[l] = f(a[l], b[l]);
    }
    r
}

pub(super) fn each3(a: &Lanes, b: &Lanes, c: &Lanes, f: impl Fn(u64, u64, u64) -> u64) -> Lanes {
    let mut r = [0u64; 32];
    for l in 0..32 {
        r[l] = f(a[l], b[l], c[l]);
    }
    r
}

/// Writes `r` to the destination in the instruction's lanes.
pub(super) fn put(x: &mut VExec, r: &Lanes) {
    let m = x.write_mask();
    x.write_dst(r, m);
}

/// Writes `r` to the destination, a whole 32-bit VGPR (the row's `lanes32`), in the
/// instruction's lanes: what [`put`] does with the low halves of 64-bit lanes.
#[inline]
pub(super) fn put32(x: &mut VExec, r: &[u32; 32]) {
    let m = x.write_mask();
    let reg = u32::from(x.ops().vdst);
    x.write_vgpr32(reg, r, m);
}

/// Writes `r` to the destination, a 64-bit VGPR pair, in the instruction's lanes: what
/// [`put`] does, as two dword writes without the general path's shifts.
pub(super) fn put64(x: &mut VExec, r: &Lanes) {
    let m = x.write_mask();
    let reg = u32::from(x.ops().vdst);
    let (mut lo, mut hi) = ([0u32; 32], [0u32; 32]);
    for l in 0..32 {
        lo[l] = r[l] as u32;
        hi[l] = (r[l] >> 32) as u32;
    }
    x.write_vgpr32(reg, &lo, m);
    x.write_vgpr32(reg + 1, &hi, m);
}

// The helpers below run rows whose operands and destination are all at most 32 bits wide
// (`lanes32`) on 32-bit lanes: the same function sees the same zero-extended values, and
// its result is cut to the 32 bits the destination keeps, so only the copies get cheaper.

/// D = f(S0).
pub(super) fn un(x: &mut VExec, f: impl Fn(u64) -> u64) {
    if x.ops().lanes32 {
        let a = x.src32(0);
        return put32(x, &std::array::from_fn(|l| f(u64::from(a[l])) as u32));
    }
    let r = each1(&x.src(0), f);
    put(x, &r);
}

/// D = f(S0, S1).
pub(super) fn bin(x: &mut VExec, f: impl Fn(u64, u64) -> u64) {
    if x.ops().lanes32 {
        let (a, b) = (x.src32(0), x.src32(1));
        return put32(x, &std::array::from_fn(|l| f(u64::from(a[l]), u64::from(b[l])) as u32));
    }
    let r = each2(&x.src(0), &x.src(1), f);
    put(x, &r);
}

/// D = f(S0, S1, S2).
pub(super) fn tri(x: &mut VExec, f: impl Fn(u64, u64, u64) -> u64) {
    if x.ops().lanes32 {
        let (a, b, c) = (x.src32(0), x.src32(1), x.src32(2));
        let r = std::array::from_fn(|l| f(u64::from(a[l]), u64::from(b[l]), u64::from(c[l])) as u32);
        return put32(x, &r);
    }
    let r = each3(&x.src(0), &x.src(1), &x.src(2), f);
    put(x, &r);
}

/// The float settings of MODE for `p`.
#[inline]
pub(super) fn fpm(x: &VExec, p: Prec) -> Fp {
    Fp::new(x.mode(), p)
}

/// Applies OMOD and CLAMP (VOP3) to float results.
pub(super) fn out_mods(x: &VExec, fp: Fp, r: &mut Lanes) {
    let v = x.ops();
    if v.omod != 0 || v.clamp {
        for e in r.iter_mut() {
            *e = fp::omod_clamp(fp, *e, v.omod, v.clamp);
        }
    }
}

/// A float result with OMOD and CLAMP (VOP3) applied as [`out_mods`] does, cut to the 32
/// bits a `lanes32` destination keeps.
#[inline(always)]
pub(super) fn mods32(fp: Fp, (omod, clamp): (u8, bool), e: u64) -> u32 {
    (if omod != 0 || clamp { fp::omod_clamp(fp, e, omod, clamp) } else { e }) as u32
}

/// D = f(S0) for floats at precision `p`, with OMOD and CLAMP.
pub(super) fn fun(x: &mut VExec, p: Prec, f: impl Fn(Fp, u64) -> u64) {
    let fp = fpm(x, p);
    if x.ops().lanes32 {
        let (a, m) = (x.src32(0), (x.ops().omod, x.ops().clamp));
        return put32(x, &std::array::from_fn(|l| mods32(fp, m, f(fp, u64::from(a[l])))));
    }
    let mut r = each1(&x.src(0), |a| f(fp, a));
    out_mods(x, fp, &mut r);
    put(x, &r);
}

pub(super) fn fbin(x: &mut VExec, p: Prec, f: impl Fn(Fp, u64, u64) -> u64) {
    let fp = fpm(x, p);
    if x.ops().lanes32 {
        let (a, b, m) = (x.src32(0), x.src32(1), (x.ops().omod, x.ops().clamp));
        return put32(x, &std::array::from_fn(|l| mods32(fp, m, f(fp, u64::from(a[l]), u64::from(b[l])))));
    }
    let mut r = each2(&x.src(0), &x.src(1), |a, b| f(fp, a, b));
    out_mods(x, fp, &mut r);
    put(x, &r);
}

pub(super) fn ftri(x: &mut VExec, p: Prec, f: impl Fn(Fp, u64, u64, u64) -> u64) {
    let fp = fpm(x, p);
    if x.ops().lanes32 {
        let (a, b, c, m) = (x.src32(0), x.src32(1), x.src32(2), (x.ops().omod, x.ops().clamp));
        let r =
            std::array::from_fn(|l| mods32(fp, m, f(fp, u64::from(a[l]), u64::from(b[l]), u64::from(c[l]))));
        return put32(x, &r);
    }
    let mut r = each3(&x.src(0), &x.src(1), &x.src(2), |a, b, c| f(fp, a, b, c));
    out_mods(x, fp, &mut r);
    put(x, &r);
}

/// The destination's current lanes (for accumulating rows: `v_fmac`).
pub(super) fn dst_now(x: &VExec) -> Lanes {
    let v = x.ops();
    let reg = u32::from(v.vdst);
    if v.dst_ty.is16() {
        let sh = if v.dst_hi { 16 } else { 0 };
        std::array::from_fn(|l| u64::from(x.vreg(reg, l) >> sh & 0xffff))
    } else if v.dst_ty.dwords() == 2 {
        std::array::from_fn(|l| u64::from(x.vreg(reg, l)) | u64::from(x.vreg(reg + 1, l)) << 32)
    } else {
        std::array::from_fn(|l| u64::from(x.vreg(reg, l)))
    }
}

// --- lane values ----------------------------------------------------------------------------

pub(super) fn lo32(v: u64) -> u64 {
    v & 0xffff_ffff
}

pub(super) fn sx32(v: u64) -> i64 {
    i64::from(v as u32 as i32)
}

pub(super) fn s16(v: u64) -> i64 {
    i64::from(v as u16 as i16)
}

pub(super) fn m16(v: i64) -> u64 {
    v as u64 & 0xffff
}
