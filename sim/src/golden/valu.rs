//! Vector ALU semantics (VOP1, VOP2, VOPC, VOP3, VOP3SD), from the guide's pseudocode
//! (chapter 16). One function per row, named in [`REGISTRY`]; a mnemonic's 32-bit encoding
//! and its VOP3 promotion share the function (the operand accessors of [`VExec`] hide the
//! encoding).
//!
//! **Lanes.** Every function computes all 32 lanes from the sources (pure arithmetic, so the
//! loops vectorise) and writes the lanes of [`VExec::write_mask`]. Instructions that write an
//! SGPR (compares, carries, lane reads) write it even when EXEC is zero (guide 7.2); compare
//! and carry masks have zero bits for inactive lanes.
//!
//! **Transcendentals (`v_rcp`, `v_rsq`, `v_sqrt`, `v_exp`, `v_log`, `v_sin`, `v_cos`).** The
//! guide promises 1 ULP (F32) and leaves the bits open. This model returns the correctly
//! rounded (nearest-even) result of the exact function, computed in double precision (F32, F16)
//! or exactly (`v_rcp_f64`, `v_sqrt_*`); the F32 forms flush denormal inputs and outputs as
//! the guide's notes say ("denormals are flushed"). `v_sin`/`v_cos` take revolutions: the
//! fraction of the input is reduced exactly, so multiples of a quarter turn give exact 0 and
//! ±1 (a zero result is +0, except sin(±0) = ±0). The RTL must reproduce these bits.
//!
//! **Integer clamp.** With CLAMP, `v_add_nc`/`v_sub_nc`/`v_add_co`/`v_sub_co` saturate
//! (unsigned to [0, 2^32-1], signed to [-2^31, 2^31-1]); other integer rows ignore it.

use std::sync::LazyLock;

use rdna3_isa::table;

use super::fp::{self, Fp, Prec, Round};
use super::state::Fault;
use super::vector::{Lanes, VExec, VFn};

pub(super) const REGISTRY: &[(&str, VFn)] = &[
    // Moves and lane access
    ("v_nop", nop),
    ("v_mov_b32", mov),
    ("v_mov_b16", mov),
    ("v_readfirstlane_b32", readfirstlane),
    ("v_readlane_b32", readlane),
    ("v_writelane_b32", writelane),
    ("v_cndmask_b32", cndmask),
    ("v_cndmask_b16", cndmask),
    // 32-bit integer
    ("v_add_nc_u32", add_nc_u32),
    ("v_sub_nc_u32", sub_nc_u32),
    ("v_subrev_nc_u32", subrev_nc_u32),
    ("v_add_nc_i32", add_nc_i32),
    ("v_sub_nc_i32", sub_nc_i32),
    ("v_add_co_u32", add_co_u32),
    ("v_sub_co_u32", sub_co_u32),
    ("v_subrev_co_u32", subrev_co_u32),
    ("v_add_co_ci_u32", add_co_ci_u32),
    ("v_sub_co_ci_u32", sub_co_ci_u32),
    ("v_subrev_co_ci_u32", subrev_co_ci_u32),
    ("v_and_b32", and),
    ("v_or_b32", or),
    ("v_xor_b32", xor),
    ("v_xnor_b32", xnor),
    ("v_not_b32", not),
    ("v_lshlrev_b32", lshlrev_b32),
    ("v_lshrrev_b32", lshrrev_b32),
    ("v_ashrrev_i32", ashrrev_i32),
    ("v_lshlrev_b64", lshlrev_b64),
    ("v_lshrrev_b64", lshrrev_b64),
    ("v_ashrrev_i64", ashrrev_i64),
    ("v_min_i32", min_i32),
    ("v_max_i32", max_i32),
    ("v_min_u32", min_u32),
    ("v_max_u32", max_u32),
    ("v_mul_lo_u32", mul_lo_u32),
    ("v_mul_hi_u32", mul_hi_u32),
    ("v_mul_hi_i32", mul_hi_i32),
    ("v_mul_u32_u24", mul_u32_u24),
    ("v_mul_hi_u32_u24", mul_hi_u32_u24),
    ("v_mul_i32_i24", mul_i32_i24),
    ("v_mul_hi_i32_i24", mul_hi_i32_i24),
    ("v_mad_u32_u24", mad_u32_u24),
    ("v_mad_i32_i24", mad_i32_i24),
    ("v_mad_u64_u32", mad_u64_u32),
    ("v_mad_i64_i32", mad_i64_i32),
    ("v_add3_u32", add3_u32),
    ("v_lshl_add_u32", lshl_add_u32),
    ("v_add_lshl_u32", add_lshl_u32),
    ("v_lshl_or_b32", lshl_or_b32),
    ("v_and_or_b32", and_or_b32),
    ("v_or3_b32", or3_b32),
    ("v_xor3_b32", xor3_b32),
    ("v_xad_u32", xad_u32),
    ("v_bfe_u32", bfe_u32),
    ("v_bfe_i32", bfe_i32),
    ("v_bfi_b32", bfi_b32),
    ("v_bfm_b32", bfm_b32),
    ("v_alignbit_b32", alignbit_b32),
    ("v_alignbyte_b32", alignbyte_b32),
    ("v_perm_b32", perm_b32),
    ("v_bcnt_u32_b32", bcnt_u32_b32),
    ("v_mbcnt_lo_u32_b32", mbcnt_lo),
    ("v_mbcnt_hi_u32_b32", mbcnt_hi),
    ("v_bfrev_b32", bfrev_b32),
    ("v_clz_i32_u32", clz_i32_u32),
    ("v_ctz_i32_b32", ctz_i32_b32),
    ("v_cls_i32", cls_i32),
    ("v_min3_i32", min3_i32),
    ("v_max3_i32", max3_i32),
    ("v_med3_i32", med3_i32),
    ("v_min3_u32", min3_u32),
    ("v_max3_u32", max3_u32),
    ("v_med3_u32", med3_u32),
    // F32
    ("v_add_f32", add_f32),
    ("v_sub_f32", sub_f32),
    ("v_subrev_f32", subrev_f32),
    ("v_mul_f32", mul_f32),
    ("v_fma_f32", fma_f32),
    ("v_fmac_f32", fmac_f32),
    ("v_fmaak_f32", fma_f32),
    ("v_fmamk_f32", fma_f32),
    ("v_min_f32", min_f32),
    ("v_max_f32", max_f32),
    ("v_min3_f32", min3_f32),
    ("v_max3_f32", max3_f32),
    ("v_med3_f32", med3_f32),
    ("v_ldexp_f32", ldexp_f32),
    ("v_rcp_f32", rcp_f32),
    ("v_rcp_iflag_f32", rcp_f32),
    ("v_rsq_f32", rsq_f32),
    ("v_sqrt_f32", sqrt_f32),
    ("v_exp_f32", exp_f32),
    ("v_log_f32", log_f32),
    ("v_sin_f32", sin_f32),
    ("v_cos_f32", cos_f32),
    ("v_trunc_f32", trunc_f32),
    ("v_ceil_f32", ceil_f32),
    ("v_floor_f32", floor_f32),
    ("v_rndne_f32", rndne_f32),
    ("v_fract_f32", fract_f32),
    ("v_frexp_mant_f32", frexp_mant_f32),
    ("v_frexp_exp_i32_f32", frexp_exp_f32),
    ("v_div_scale_f32", div_scale_f32),
    ("v_div_fmas_f32", div_fmas_f32),
    ("v_div_fixup_f32", div_fixup_f32),
    // F64
    ("v_add_f64", add_f64),
    ("v_mul_f64", mul_f64),
    ("v_fma_f64", fma_f64),
    ("v_min_f64", min_f64),
    ("v_max_f64", max_f64),
    ("v_ldexp_f64", ldexp_f64),
    ("v_rcp_f64", rcp_f64),
    ("v_rsq_f64", rsq_f64),
    ("v_sqrt_f64", sqrt_f64),
    ("v_trunc_f64", trunc_f64),
    ("v_ceil_f64", ceil_f64),
    ("v_floor_f64", floor_f64),
    ("v_rndne_f64", rndne_f64),
    ("v_fract_f64", fract_f64),
    ("v_frexp_mant_f64", frexp_mant_f64),
    ("v_frexp_exp_i32_f64", frexp_exp_f64),
    ("v_div_scale_f64", div_scale_f64),
    ("v_div_fmas_f64", div_fmas_f64),
    ("v_div_fixup_f64", div_fixup_f64),
    // F16
    ("v_add_f16", add_f16),
    ("v_sub_f16", sub_f16),
    ("v_subrev_f16", subrev_f16),
    ("v_mul_f16", mul_f16),
    ("v_fma_f16", fma_f16),
    ("v_fmac_f16", fmac_f16),
    ("v_min_f16", min_f16),
    ("v_max_f16", max_f16),
    ("v_div_fixup_f16", div_fixup_f16),
    // Conversions
    ("v_cvt_f32_i32", cvt_f32_i32),
    ("v_cvt_f32_u32", cvt_f32_u32),
    ("v_cvt_i32_f32", cvt_i32_f32),
    ("v_cvt_u32_f32", cvt_u32_f32),
    ("v_cvt_f64_i32", cvt_f64_i32),
    ("v_cvt_f64_u32", cvt_f64_u32),
    ("v_cvt_i32_f64", cvt_i32_f64),
    ("v_cvt_u32_f64", cvt_u32_f64),
    ("v_cvt_f32_f64", cvt_f32_f64),
    ("v_cvt_f64_f32", cvt_f64_f32),
    ("v_cvt_f16_f32", cvt_f16_f32),
    ("v_cvt_f32_f16", cvt_f32_f16),
    ("v_cvt_f32_ubyte0", cvt_f32_ubyte::<0>),
    ("v_cvt_f32_ubyte1", cvt_f32_ubyte::<1>),
    ("v_cvt_f32_ubyte2", cvt_f32_ubyte::<2>),
    ("v_cvt_f32_ubyte3", cvt_f32_ubyte::<3>),
    ("v_cvt_floor_i32_f32", cvt_floor_i32_f32),
    ("v_cvt_nearest_i32_f32", cvt_nearest_i32_f32),
    ("v_cvt_pk_rtz_f16_f32", cvt_pk_rtz_f16_f32),
];

// --- lane helpers ------------------------------------------------------------------------

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
fn mods32(fp: Fp, (omod, clamp): (u8, bool), e: u64) -> u32 {
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

pub(super) fn lo32(v: u64) -> u64 {
    v & 0xffff_ffff
}

pub(super) fn sx32(v: u64) -> i64 {
    i64::from(v as u32 as i32)
}

fn sx24(v: u64) -> i64 {
    i64::from(((v as u32) << 8) as i32 >> 8)
}

// --- moves and lanes -----------------------------------------------------------------------

fn nop(_: &mut VExec) {}

fn mov(x: &mut VExec) {
    un(x, |a| a);
}

/// The SGPR code a lane read writes: the VDST field.
pub(super) fn sdst_of_vdst(x: &VExec) -> u32 {
    u32::from(x.ops().vdst_field)
}

fn readfirstlane(x: &mut VExec) {
    let lane = if x.exec == 0 { 0 } else { x.exec.trailing_zeros() as usize };
    let v = x.raw(0)[lane];
    let code = sdst_of_vdst(x);
    x.write_sreg(code, 1, lo32(v));
}

fn readlane(x: &mut VExec) {
    let lane = (x.raw(1)[0] & 31) as usize;
    let v = x.raw(0)[lane];
    let code = sdst_of_vdst(x);
    x.write_sreg(code, 1, lo32(v));
}

fn writelane(x: &mut VExec) {
    let lane = (x.raw(1)[0] & 31) as usize;
    let mut r = [0u64; 32];
    r[lane] = x.raw(0)[lane];
    let reg = u32::from(x.ops().vdst);
    x.write_vgprs(reg, 1, &r, 1 << lane);
}

fn cndmask(x: &mut VExec) {
    let m = x.mask_in();
    // "Floating-point modifiers are valid for this instruction if S0.u and S1.u are 32-bit
    // floating point values ... suitable for negating or taking the absolute value" (16.7):
    // ABS then NEG act on the sign bit although the operands are untyped, which `src` leaves
    // alone; the compiler folds fneg/fabs of a select into them.
    let v = *x.ops();
    let sign: u64 = if v.dst_ty.is16() { 0x8000 } else { 0x8000_0000 };
    let modify = |n: usize, s: u64| {
        let (abs, neg) = (v.abs >> n & 1 == 1, v.neg >> n & 1 == 1);
        let s = if abs { s & !sign } else { s };
        if neg { s ^ sign } else { s }
    };
    if v.lanes32 {
        // B32 operands: src32 reads them as raw does, without modifiers.
        let (a, b) = (x.src32(0), x.src32(1));
        let r = std::array::from_fn(|l| {
            let (p, q) = (modify(0, u64::from(a[l])), modify(1, u64::from(b[l])));
            (if m >> l & 1 == 1 { q } else { p }) as u32
        });
        return put32(x, &r);
    }
    let (a, b) = (x.raw(0).map(|s| modify(0, s)), x.raw(1).map(|s| modify(1, s)));
    let mut r = [0u64; 32];
    for l in 0..32 {
        r[l] = if m >> l & 1 == 1 { b[l] } else { a[l] };
    }
    put(x, &r);
}

// --- integer ---------------------------------------------------------------------------------

pub(super) fn clamp_i32(x: &VExec, v: i64) -> u64 {
    if x.ops().clamp { lo32(v.clamp(i32::MIN as i64, i32::MAX as i64) as u64) } else { lo32(v as u64) }
}

fn add_nc_u32(x: &mut VExec) {
    let c = x.ops().clamp;
    bin(x, |a, b| if c { (a + b).min(u64::from(u32::MAX)) } else { lo32(a + b) });
}
fn sub_nc_u32(x: &mut VExec) {
    let c = x.ops().clamp;
    bin(x, |a, b| if c { a.saturating_sub(b) } else { lo32(a.wrapping_sub(b)) });
}
fn subrev_nc_u32(x: &mut VExec) {
    let c = x.ops().clamp;
    bin(x, |a, b| if c { b.saturating_sub(a) } else { lo32(b.wrapping_sub(a)) });
}
fn add_nc_i32(x: &mut VExec) {
    let (a, b) = (x.src(0), x.src(1));
    let r = each2(&a, &b, |a, b| clamp_i32(x, sx32(a) + sx32(b)));
    put(x, &r);
}
fn sub_nc_i32(x: &mut VExec) {
    let (a, b) = (x.src(0), x.src(1));
    let r = each2(&a, &b, |a, b| clamp_i32(x, sx32(a) - sx32(b)));
    put(x, &r);
}

/// The carry/borrow mask of `wide` results (bit 32 set, or negative), active lanes only.
fn carry_mask(x: &VExec, wide: &[i64; 32]) -> u32 {
    // Outside 0..2^32 exactly when a bit above bit 31 is set (negative values included).
    let m = (0..32).fold(0u32, |m, l| m | u32::from(wide[l] as u64 >> 32 != 0) << l);
    m & x.exec
}

/// D = S0 + S1 (+ carry-in), writing the carry mask; `SUB`, `REV` and `CIN` pick the variant
/// (constants, so that each variant's lane loop is straight-line code).
fn addsub_carry<const SUB: bool, const REV: bool, const CIN: bool>(x: &mut VExec) {
    // The operands are U32 (src32 holds): 32-bit lanes.
    let (a, b) = if REV { (x.src32(1), x.src32(0)) } else { (x.src32(0), x.src32(1)) };
    let cin = if CIN { x.mask_in() } else { 0 };
    let wide: [i64; 32] = std::array::from_fn(|l| {
        let c = i64::from(cin >> l & 1);
        let (p, q) = (i64::from(a[l]), i64::from(b[l]));
        if SUB { p - q - c } else { p + q + c }
    });
    let mask = carry_mask(x, &wide);
    let r: [u32; 32] = if x.ops().clamp {
        std::array::from_fn(|l| wide[l].clamp(0, u32::MAX as i64) as u32)
    } else {
        std::array::from_fn(|l| wide[l] as u32)
    };
    put32(x, &r);
    let sdst = u32::from(x.ops().sdst);
    x.write_mask_out(sdst, mask);
}

fn add_co_u32(x: &mut VExec) {
    addsub_carry::<false, false, false>(x);
}
fn sub_co_u32(x: &mut VExec) {
    addsub_carry::<true, false, false>(x);
}
fn subrev_co_u32(x: &mut VExec) {
    addsub_carry::<true, true, false>(x);
}
fn add_co_ci_u32(x: &mut VExec) {
    addsub_carry::<false, false, true>(x);
}
fn sub_co_ci_u32(x: &mut VExec) {
    addsub_carry::<true, false, true>(x);
}
fn subrev_co_ci_u32(x: &mut VExec) {
    addsub_carry::<true, true, true>(x);
}

fn and(x: &mut VExec) {
    bin(x, |a, b| a & b);
}
fn or(x: &mut VExec) {
    bin(x, |a, b| a | b);
}
fn xor(x: &mut VExec) {
    bin(x, |a, b| a ^ b);
}
fn xnor(x: &mut VExec) {
    bin(x, |a, b| lo32(!(a ^ b)));
}
fn not(x: &mut VExec) {
    let m = if x.ops().dst_ty.is16() { 0xffff } else { 0xffff_ffff };
    un(x, |a| !a & m);
}
fn lshlrev_b32(x: &mut VExec) {
    bin(x, |a, b| lo32(b << (a & 31)));
}
fn lshrrev_b32(x: &mut VExec) {
    bin(x, |a, b| b >> (a & 31));
}
fn ashrrev_i32(x: &mut VExec) {
    bin(x, |a, b| lo32((sx32(b) >> (a & 31)) as u64));
}
fn lshlrev_b64(x: &mut VExec) {
    bin(x, |a, b| b << (a & 63));
}
fn lshrrev_b64(x: &mut VExec) {
    bin(x, |a, b| b >> (a & 63));
}
fn ashrrev_i64(x: &mut VExec) {
    bin(x, |a, b| ((b as i64) >> (a & 63)) as u64);
}
fn min_i32(x: &mut VExec) {
    bin(x, |a, b| lo32(sx32(a).min(sx32(b)) as u64));
}
fn max_i32(x: &mut VExec) {
    bin(x, |a, b| lo32(sx32(a).max(sx32(b)) as u64));
}
fn min_u32(x: &mut VExec) {
    bin(x, u64::min);
}
fn max_u32(x: &mut VExec) {
    bin(x, u64::max);
}
fn mul_lo_u32(x: &mut VExec) {
    bin(x, |a, b| lo32(a * b));
}
fn mul_hi_u32(x: &mut VExec) {
    bin(x, |a, b| (a * b) >> 32);
}
fn mul_hi_i32(x: &mut VExec) {
    bin(x, |a, b| lo32(((sx32(a) * sx32(b)) >> 32) as u64));
}
fn mul_u32_u24(x: &mut VExec) {
    bin(x, |a, b| lo32((a & 0xff_ffff) * (b & 0xff_ffff)));
}
fn mul_hi_u32_u24(x: &mut VExec) {
    bin(x, |a, b| ((a & 0xff_ffff) * (b & 0xff_ffff)) >> 32);
}
fn mul_i32_i24(x: &mut VExec) {
    bin(x, |a, b| lo32((sx24(a) * sx24(b)) as u64));
}
fn mul_hi_i32_i24(x: &mut VExec) {
    bin(x, |a, b| lo32(((sx24(a) * sx24(b)) >> 32) as u64));
}
fn mad_u32_u24(x: &mut VExec) {
    tri(x, |a, b, c| lo32((a & 0xff_ffff) * (b & 0xff_ffff) + c));
}
fn mad_i32_i24(x: &mut VExec) {
    tri(x, |a, b, c| lo32((sx24(a) * sx24(b) + sx32(c)) as u64));
}

/// D.u64 = S0.u32 * S1.u32 + S2.u64, carry out to SDST (`signed`: the i64/i32 form).
fn mad64(x: &mut VExec, signed: bool) {
    // S0 and S1 are 32-bit (src32 holds for them), S2 64-bit.
    let (a, b, c) = (x.src32(0), x.src32(1), x.src(2));
    let mut r = [0u64; 32];
    let mut carry = 0u32;
    // The 32x32-bit product fits in 64 bits, so the only overflow is the addition's.
    if signed {
        for l in 0..32 {
            let (v, over) = (i64::from(a[l] as i32) * i64::from(b[l] as i32)).overflowing_add(c[l] as i64);
            r[l] = v as u64;
            carry |= u32::from(over) << l;
        }
    } else {
        for l in 0..32 {
            let (v, over) = (u64::from(a[l]) * u64::from(b[l])).overflowing_add(c[l]);
            r[l] = v;
            carry |= u32::from(over) << l;
        }
    }
    if x.ops().clamp {
        for l in 0..32 {
            if carry >> l & 1 == 1 {
                r[l] = if signed {
                    if ((a[l] ^ b[l]) as i32) < 0 { i64::MIN as u64 } else { i64::MAX as u64 }
                } else {
                    u64::MAX
                };
            }
        }
    }
    put64(x, &r);
    let sdst = u32::from(x.ops().sdst);
    let mask = carry & x.exec;
    x.write_mask_out(sdst, mask);
}
fn mad_u64_u32(x: &mut VExec) {
    mad64(x, false);
}
fn mad_i64_i32(x: &mut VExec) {
    mad64(x, true);
}

fn add3_u32(x: &mut VExec) {
    tri(x, |a, b, c| lo32(a + b + c));
}
fn lshl_add_u32(x: &mut VExec) {
    tri(x, |a, b, c| lo32((a << (b & 31)) + c));
}
fn add_lshl_u32(x: &mut VExec) {
    tri(x, |a, b, c| lo32(lo32(a + b) << (c & 31)));
}
fn lshl_or_b32(x: &mut VExec) {
    tri(x, |a, b, c| lo32(a << (b & 31)) | c);
}
fn and_or_b32(x: &mut VExec) {
    tri(x, |a, b, c| (a & b) | c);
}
fn or3_b32(x: &mut VExec) {
    tri(x, |a, b, c| a | b | c);
}
fn xor3_b32(x: &mut VExec) {
    tri(x, |a, b, c| a ^ b ^ c);
}
fn xad_u32(x: &mut VExec) {
    tri(x, |a, b, c| lo32((a ^ b) + c));
}
fn bfe_u32(x: &mut VExec) {
    tri(x, |a, b, c| (a >> (b & 31)) & ((1u64 << (c & 31)) - 1));
}
fn bfe_i32(x: &mut VExec) {
    tri(x, |a, b, c| {
        let w = (c & 31) as u32;
        if w == 0 {
            return 0;
        }
        let f = (sx32(a) >> (b & 31)) as u64 & ((1u64 << w) - 1);
        lo32(fp_sext(f, w) as u64)
    });
}
pub(super) fn fp_sext(v: u64, bits: u32) -> i64 {
    let s = 64 - bits;
    ((v << s) as i64) >> s
}
fn bfi_b32(x: &mut VExec) {
    tri(x, |a, b, c| (a & b) | (!a & c & 0xffff_ffff));
}
fn bfm_b32(x: &mut VExec) {
    bin(x, |a, b| lo32(((1u64 << (a & 31)) - 1) << (b & 31)));
}
fn alignbit_b32(x: &mut VExec) {
    tri(x, |a, b, c| lo32((a << 32 | b) >> (c & 31)));
}
fn alignbyte_b32(x: &mut VExec) {
    tri(x, |a, b, c| lo32((a << 32 | b) >> (8 * (c & 3))));
}
fn perm_b32(x: &mut VExec) {
    tri(x, |a, b, c| {
        let data = a << 32 | b;
        let byte = |i: u64| (data >> (8 * i)) & 0xff;
        let sel = |s: u64| match s {
            13.. => 0xff,
            12 => 0,
            11 => (byte(7) >> 7) * 0xff,
            10 => (byte(5) >> 7) * 0xff,
            9 => (byte(3) >> 7) * 0xff,
            8 => (byte(1) >> 7) * 0xff,
            s => byte(s),
        };
        (0..4).map(|i| sel(c >> (8 * i) & 0xff) << (8 * i)).sum()
    });
}
fn bcnt_u32_b32(x: &mut VExec) {
    bin(x, |a, b| lo32(u64::from(a.count_ones()) + b));
}
fn mbcnt_lo(x: &mut VExec) {
    let (a, b) = (x.src(0), x.src(1));
    let mut r = [0u64; 32];
    for l in 0..32 {
        let below = (a[l] as u32) & ((1u64 << l) - 1) as u32;
        r[l] = lo32(u64::from(below.count_ones()) + b[l]);
    }
    put(x, &r);
}
/// Wave32: ThreadMask[63:32] is zero, so D = S1.
fn mbcnt_hi(x: &mut VExec) {
    bin(x, |_, b| b);
}
fn bfrev_b32(x: &mut VExec) {
    un(x, |a| u64::from((a as u32).reverse_bits()));
}
/// Position of the first 1 from the MSB, or -1.
fn clz_i32_u32(x: &mut VExec) {
    un(x, |a| if a as u32 == 0 { 0xffff_ffff } else { u64::from((a as u32).leading_zeros()) });
}
/// Position of the first 1 from the LSB, or -1.
fn ctz_i32_b32(x: &mut VExec) {
    un(x, |a| if a as u32 == 0 { 0xffff_ffff } else { u64::from((a as u32).trailing_zeros()) });
}
/// Position of the first bit from the MSB that differs from the sign, or -1.
fn cls_i32(x: &mut VExec) {
    un(x, |a| {
        let v = a as u32;
        let v = if v >> 31 == 1 { !v } else { v };
        if v == 0 { 0xffff_ffff } else { u64::from(v.leading_zeros()) }
    });
}
fn min3_i32(x: &mut VExec) {
    tri(x, |a, b, c| lo32(sx32(a).min(sx32(b)).min(sx32(c)) as u64));
}
fn max3_i32(x: &mut VExec) {
    tri(x, |a, b, c| lo32(sx32(a).max(sx32(b)).max(sx32(c)) as u64));
}
fn med3_i32(x: &mut VExec) {
    tri(x, |a, b, c| {
        let (a, b, c) = (sx32(a), sx32(b), sx32(c));
        lo32(a.max(b).min(a.min(b).max(c)) as u64)
    });
}
fn min3_u32(x: &mut VExec) {
    tri(x, |a, b, c| a.min(b).min(c));
}
fn max3_u32(x: &mut VExec) {
    tri(x, |a, b, c| a.max(b).max(c));
}
fn med3_u32(x: &mut VExec) {
    tri(x, |a, b, c| a.max(b).min(a.min(b).max(c)));
}

// --- F32 -------------------------------------------------------------------------------------

/// An F32 operation on all lanes with the host's arithmetic where MODE makes it exact
/// (`Fp::plain_f32`: nearest even, denormals kept) and there are no output modifiers; lanes
/// whose result is NaN are redone by `general`, which follows the guide's NaN rule. Otherwise
/// `general` on every lane.
fn f32_host(x: &mut VExec, host: impl Fn(f32, f32) -> f32, general: impl Fn(Fp, u64, u64) -> u64) {
    let fp = fpm(x, Prec::S);
    let v = x.ops();
    if !(fp.plain_f32() && v.lanes32 && v.omod == 0 && !v.clamp) {
        return fbin(x, Prec::S, general);
    }
    let (a, b) = (x.src32(0), x.src32(1));
    let mut r = [0u32; 32];
    for l in 0..32 {
        r[l] = host(f32::from_bits(a[l]), f32::from_bits(b[l])).to_bits();
    }
    fp::fix_nan_lanes_f32(&mut r, |l| general(fp, u64::from(a[l]), u64::from(b[l])) as u32);
    put32(x, &r);
}
fn add_f32(x: &mut VExec) {
    f32_host(x, |a, b| a + b, fp::add);
}
fn sub_f32(x: &mut VExec) {
    f32_host(x, |a, b| a - b, fp::sub);
}
fn subrev_f32(x: &mut VExec) {
    f32_host(x, |a, b| b - a, |f, a, b| fp::sub(f, b, a));
}
fn mul_f32(x: &mut VExec) {
    f32_host(x, |a, b| a * b, fp::mul);
}
/// F32 fma on 32-bit lanes, with OMOD and CLAMP, written to the destination.
fn fma_f32_lanes(x: &mut VExec, a: &[u32; 32], b: &[u32; 32], c: &[u32; 32]) {
    let fp = fpm(x, Prec::S);
    let mut r = fp::fma_lanes_f32(fp, a, b, c);
    let m = (x.ops().omod, x.ops().clamp);
    if m != (0, false) {
        r = r.map(|e| mods32(fp, m, u64::from(e)));
    }
    put32(x, &r);
}
fn fma_f32(x: &mut VExec) {
    let (a, b, c) = (x.src32(0), x.src32(1), x.src32(2));
    fma_f32_lanes(x, &a, &b, &c);
}
fn fmac(x: &mut VExec, p: Prec) {
    if p == Prec::S {
        let (a, b, d) = (x.src32(0), x.src32(1), *x.vlanes(u32::from(x.ops().vdst)));
        return fma_f32_lanes(x, &a, &b, &d);
    }
    let fp = fpm(x, p);
    let d = dst_now(x);
    let mut r = each3(&x.src(0), &x.src(1), &d, |a, b, c| fp::fma(fp, a, b, c));
    out_mods(x, fp, &mut r);
    put(x, &r);
}
fn fmac_f32(x: &mut VExec) {
    fmac(x, Prec::S);
}
fn min_f32(x: &mut VExec) {
    fbin(x, Prec::S, |f, a, b| fp::min_max(f, a, b, false));
}
fn max_f32(x: &mut VExec) {
    fbin(x, Prec::S, |f, a, b| fp::min_max(f, a, b, true));
}
fn min3_f32(x: &mut VExec) {
    ftri(x, Prec::S, |f, a, b, c| fp::min_max(f, fp::min_max(f, a, b, false), c, false));
}
fn max3_f32(x: &mut VExec) {
    ftri(x, Prec::S, |f, a, b, c| fp::min_max(f, fp::min_max(f, a, b, true), c, true));
}
/// Median of three; with any NaN input, the minimum of the three (the guide's
/// `v_min3`-like fallback for NaNs).
pub(super) fn med3(f: Fp, a: u64, b: u64, c: u64) -> u64 {
    let p = f.prec;
    if fp::is_nan(p, a) || fp::is_nan(p, b) || fp::is_nan(p, c) {
        return fp::min_max(f, fp::min_max(f, a, b, false), c, false);
    }
    let lo = fp::min_max(f, a, b, false);
    let hi = fp::min_max(f, a, b, true);
    fp::min_max(f, hi, fp::min_max(f, lo, c, true), false)
}
fn med3_f32(x: &mut VExec) {
    ftri(x, Prec::S, med3);
}
fn ldexp_f32(x: &mut VExec) {
    fbin(x, Prec::S, |f, a, b| fp::ldexp(f, a, b as u32 as i32));
}

/// A transcendental: the exact function `g` in double precision, rounded to nearest in
/// precision `p`; `flush` flushes denormal inputs and outputs whatever MODE says.
pub(super) fn trans(f: Fp, a: u64, flush: bool, g: impl Fn(f64) -> f64) -> u64 {
    let p = f.prec;
    let f = if flush { Fp { denorm_in: false, denorm_out: false, ..f } } else { f };
    let a = f.input(a);
    if fp::is_nan(p, a) {
        return fp::quiet(p, a);
    }
    let v = g(fp::to_f64(p, a));
    let r = fp::to_prec(Fp { round: Round::NearestTiesToEven, ..f }, v);
    if fp::is_nan(p, r) {
        return p.default_nan();
    }
    if !f.denorm_out && fp::is_denorm(p, r) { r & p.sign() } else { r }
}

fn rcp_f32(x: &mut VExec) {
    fun(x, Prec::S, |f, a| trans(f, a, true, |v| 1.0 / v));
}
fn rsq_f32(x: &mut VExec) {
    fun(x, Prec::S, |f, a| trans(f, a, true, |v| 1.0 / v.sqrt()));
}
fn sqrt_f32(x: &mut VExec) {
    fun(x, Prec::S, |f, a| fp::sqrt(Fp { denorm_in: false, denorm_out: false, ..f }, a));
}
fn exp_f32(x: &mut VExec) {
    fun(x, Prec::S, |f, a| trans(f, a, true, libm::exp2));
}
fn log_f32(x: &mut VExec) {
    fun(x, Prec::S, |f, a| trans(f, a, true, libm::log2));
}

/// sin or cos of `v` revolutions, with exact quarter turns (see the module documentation).
pub(super) fn turn(v: f64, cos: bool) -> f64 {
    if !v.is_finite() {
        return f64::NAN;
    }
    let frac = v - v.floor(); // exact for F32/F16 inputs
    let q4 = frac * 4.0; // exact
    let quadrant = q4.floor();
    let within = q4 - quadrant; // exact, in [0, 1)
    let q = (quadrant as i64 + i64::from(cos)) & 3;
    let (s, c) = if within == 0.0 {
        (0.0, 1.0)
    } else {
        let t = within * std::f64::consts::FRAC_PI_2;
        (libm::sin(t), libm::cos(t))
    };
    let r = match q {
        0 => s,
        1 => c,
        2 => -s,
        _ => -c,
    };
    if r == 0.0 { 0.0 } else { r }
}
fn sin_f32(x: &mut VExec) {
    fun(x, Prec::S, |f, a| {
        // sin(±0) = ±0; a denormal flushed by MODE is such a zero (not the denormal itself).
        let a = f.input(a);
        if fp::is_zero(Prec::S, a) {
            return a;
        }
        trans(f, a, false, |v| turn(v, false))
    });
}
fn cos_f32(x: &mut VExec) {
    fun(x, Prec::S, |f, a| trans(f, a, false, |v| turn(v, true)));
}
fn trunc_f32(x: &mut VExec) {
    fun(x, Prec::S, |f, a| fp::round_integral(f, a, Round::TowardZero));
}
fn ceil_f32(x: &mut VExec) {
    fun(x, Prec::S, |f, a| fp::round_integral(f, a, Round::TowardPositive));
}
fn floor_f32(x: &mut VExec) {
    fun(x, Prec::S, |f, a| fp::round_integral(f, a, Round::TowardNegative));
}
fn rndne_f32(x: &mut VExec) {
    fun(x, Prec::S, |f, a| fp::round_integral(f, a, Round::NearestTiesToEven));
}
/// x - floor(x), clamped below 1.0 (guide: "result clamped to 0x3f7fffff"); NaN stays NaN,
/// infinities give NaN.
pub(super) fn fract(f: Fp, a: u64) -> u64 {
    let p = f.prec;
    let a = f.input(a);
    if fp::is_nan(p, a) {
        return fp::quiet(p, a);
    }
    if fp::is_inf(p, a) {
        return p.default_nan();
    }
    let fl = fp::round_integral(f, a, Round::TowardNegative);
    let r = fp::sub(f, a, fl);
    let below_one = match p {
        Prec::H => 0x3bff,
        Prec::S => 0x3f7f_ffff,
        Prec::D => 0x3fef_ffff_ffff_ffff,
    };
    if fp::to_f64(p, r) >= 1.0 { below_one } else { r }
}
fn fract_f32(x: &mut VExec) {
    fun(x, Prec::S, fract);
}
fn frexp_mant_f32(x: &mut VExec) {
    fun(x, Prec::S, |f, a| fp::frexp(f, a).0);
}
fn frexp_exp_f32(x: &mut VExec) {
    let f = fpm(x, Prec::S);
    un(x, |a| lo32(fp::frexp(f, a).1 as i64 as u64));
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

// --- F64 -------------------------------------------------------------------------------------

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

// --- F16 -------------------------------------------------------------------------------------

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
fn min_f16(x: &mut VExec) {
    fbin(x, Prec::H, |f, a, b| fp::min_max(f, a, b, false));
}
fn max_f16(x: &mut VExec) {
    fbin(x, Prec::H, |f, a, b| fp::min_max(f, a, b, true));
}

// --- conversions -----------------------------------------------------------------------------

fn cvt_f32_i32(x: &mut VExec) {
    fun(x, Prec::S, |f, a| fp::from_int(f, i128::from(sx32(a))));
}
fn cvt_f32_u32(x: &mut VExec) {
    fun(x, Prec::S, |f, a| fp::from_int(f, i128::from(a as u32)));
}
fn cvt_i32_f32(x: &mut VExec) {
    let f = fpm(x, Prec::S);
    un(x, |a| fp::to_int(f, a, true, 32));
}
fn cvt_u32_f32(x: &mut VExec) {
    let f = fpm(x, Prec::S);
    un(x, |a| fp::to_int(f, a, false, 32));
}
fn cvt_f64_i32(x: &mut VExec) {
    fun(x, Prec::D, |f, a| fp::from_int(f, i128::from(sx32(a))));
}
fn cvt_f64_u32(x: &mut VExec) {
    fun(x, Prec::D, |f, a| fp::from_int(f, i128::from(a as u32)));
}
fn cvt_i32_f64(x: &mut VExec) {
    let f = fpm(x, Prec::D);
    un(x, |a| fp::to_int(f, a, true, 32));
}
fn cvt_u32_f64(x: &mut VExec) {
    let f = fpm(x, Prec::D);
    un(x, |a| fp::to_int(f, a, false, 32));
}
/// F64 -> F32 rounds by the F32 mode (the destination's precision).
fn cvt_f32_f64(x: &mut VExec) {
    let (from, to) = (fpm(x, Prec::D), fpm(x, Prec::S));
    let mut r = each1(&x.src(0), |a| fp::convert(from, to, a));
    out_mods(x, to, &mut r);
    put(x, &r);
}
fn cvt_f64_f32(x: &mut VExec) {
    let (from, to) = (fpm(x, Prec::S), fpm(x, Prec::D));
    let mut r = each1(&x.src(0), |a| fp::convert(from, to, a));
    out_mods(x, to, &mut r);
    put(x, &r);
}
/// F32 -> F16: rounding and output denormals by the F16/F64 mode (guide note).
fn cvt_f16_f32(x: &mut VExec) {
    let (from, to) = (fpm(x, Prec::S), fpm(x, Prec::H));
    let mut r = each1(&x.src(0), |a| fp::convert(from, to, a));
    out_mods(x, to, &mut r);
    put(x, &r);
}
fn cvt_f32_f16(x: &mut VExec) {
    let (from, to) = (fpm(x, Prec::H), fpm(x, Prec::S));
    let mut r = each1(&x.src(0), |a| fp::convert(from, to, a));
    out_mods(x, to, &mut r);
    put(x, &r);
}
fn cvt_f32_ubyte<const B: u32>(x: &mut VExec) {
    fun(x, Prec::S, |f, a| fp::from_int(f, i128::from((a >> (8 * B)) & 0xff)));
}
fn cvt_floor_i32_f32(x: &mut VExec) {
    let f = fpm(x, Prec::S);
    un(x, |a| fp::to_int(f, fp::round_integral(f, a, Round::TowardNegative), true, 32));
}
fn cvt_nearest_i32_f32(x: &mut VExec) {
    let f = fpm(x, Prec::S);
    // floor(x + 0.5), as the guide's pseudocode.
    un(x, |a| {
        fp::to_int(f, fp::round_integral(f, fp::add(f, a, 0x3f00_0000), Round::TowardNegative), true, 32)
    });
}
/// Two F32 to a packed F16 pair, rounding toward zero.
fn cvt_pk_rtz_f16_f32(x: &mut VExec) {
    let from = fpm(x, Prec::S);
    let to = Fp { round: Round::TowardZero, ..fpm(x, Prec::H) };
    bin(x, |a, b| fp::convert(from, to, a) | fp::convert(from, to, b) << 16);
}

// --- compares ----------------------------------------------------------------------------

/// What a `v_cmp*` row compares.
#[derive(Clone, Copy, Debug)]
struct CmpSpec {
    op: CmpOp,
    ty: CmpTy,
    /// `v_cmpx`: writes EXEC instead of VCC/SDST.
    exec: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum CmpOp {
    F,
    Lt,
    Eq,
    Le,
    Gt,
    Lg,
    Ge,
    O,
    U,
    Nge,
    Nlg,
    Ngt,
    Nle,
    Neq,
    Nlt,
    T,
    Ne,
    Class,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum CmpTy {
    F(Prec),
    I(u32),
    U(u32),
}

/// Parses `v_cmp[x]_<op>_<type>`.
fn cmp_spec(name: &str) -> Option<CmpSpec> {
    let (exec, rest) = if let Some(r) = name.strip_prefix("v_cmpx_") {
        (true, r)
    } else {
        (false, name.strip_prefix("v_cmp_")?)
    };
    let (op, ty) = rest.rsplit_once('_')?;
    let op = match op {
        "f" => CmpOp::F,
        "lt" => CmpOp::Lt,
        "eq" => CmpOp::Eq,
        "le" => CmpOp::Le,
        "gt" => CmpOp::Gt,
        "lg" => CmpOp::Lg,
        "ge" => CmpOp::Ge,
        "o" => CmpOp::O,
        "u" => CmpOp::U,
        "nge" => CmpOp::Nge,
        "nlg" => CmpOp::Nlg,
        "ngt" => CmpOp::Ngt,
        "nle" => CmpOp::Nle,
        "neq" => CmpOp::Neq,
        "nlt" => CmpOp::Nlt,
        "t" | "tru" => CmpOp::T,
        "ne" => CmpOp::Ne,
        "class" => CmpOp::Class,
        _ => return None,
    };
    let ty = match ty {
        "f16" => CmpTy::F(Prec::H),
        "f32" => CmpTy::F(Prec::S),
        "f64" => CmpTy::F(Prec::D),
        "i16" => CmpTy::I(16),
        "i32" => CmpTy::I(32),
        "i64" => CmpTy::I(64),
        "u16" => CmpTy::U(16),
        "u32" => CmpTy::U(32),
        "u64" => CmpTy::U(64),
        _ => return None,
    };
    Some(CmpSpec { op, ty, exec })
}

/// Compare specs by instruction id.
static CMP: LazyLock<Vec<Option<CmpSpec>>> =
    LazyLock::new(|| table().insts.iter().map(|d| cmp_spec(&d.name)).collect());

/// Names of every compare row of the table (registered by [`compare_rows`]).
pub(super) fn compare_rows() -> impl Iterator<Item = &'static str> {
    table().insts.iter().filter(|d| cmp_spec(&d.name).is_some()).map(|d| d.name.as_str())
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
pub(super) fn compare(x: &mut VExec) {
    let Some(spec) = CMP.get(x.inst.id.0 as usize).copied().flatten() else {
        let what = format!("{} is not a compare", x.def.name);
        return x.fault(Fault::NotImplemented { pc: x.pc, what });
    };
    let lanes = x.write_mask();
    let m = match spec.ty {
        // Integers of at most 32 bits on 32-bit lanes.
        CmpTy::I(bits) if bits <= 32 && x.ops().src32 => {
            let sext = |v: u32| if bits == 16 { i32::from(v as u16 as i16) } else { v as i32 };
            int_mask(spec.op, &x.src32(0), &x.src32(1), sext)
        }
        CmpTy::U(bits) if bits <= 32 && x.ops().src32 => {
            let w = if bits == 32 { u32::MAX } else { (1u32 << bits) - 1 };
            int_mask(spec.op, &x.src32(0), &x.src32(1), |v| v & w)
        }
        _ => compare_wide(x, spec),
    };
    let m = m & lanes;
    if spec.exec {
        x.set_exec(m);
    } else {
        let code = sdst_of_vdst(x);
        x.write_mask_out(code, m);
    }
}

/// The mask of a compare on 64-bit lanes (floats, and 64-bit integers).
fn compare_wide(x: &VExec, spec: CmpSpec) -> u32 {
    let (a, b) = (x.src(0), x.src(1));
    match spec.ty {
        CmpTy::F(p) => {
            let f = fpm(x, p);
            (0..32).fold(0u32, |m, l| m | u32::from(float_lane(spec.op, p, f, a[l], b[l])) << l)
        }
        CmpTy::I(bits) => int_mask(spec.op, &a, &b, |v| fp_sext(v, bits)),
        CmpTy::U(bits) => {
            let w = if bits == 64 { u64::MAX } else { (1u64 << bits) - 1 };
            int_mask(spec.op, &a, &b, |v| v & w)
        }
    }
}
