//! More vector ALU semantics: 16-bit integer and float rows, packing and normalised
//! conversions, sums of absolute differences, cube-map helpers, DX9 multiplies, dot products,
//! lane permutes and M0-relative VGPR moves (guide chapter 16).
//!
//! **Choices.** `v_ldexp_f16` scales exactly like C's `ldexp` (the pseudocode's
//! `f32_to_f16(2.0 ** S1)` would overflow for exponents past 15). Normalised conversions round
//! to nearest even after clamping to [-1, 1] (snorm, times 32767) or [0, 1] (unorm, times
//! 65535); NaN converts to 0. `f32_to_u8` (`v_cvt_pk_u8_f32`) rounds to nearest even and
//! saturates to [0, 255]. `v_dot2_f16_f16`/`v_dot2_bf16_bf16` compute the sum exactly and
//! round once (bf16 with denormals flushed, as the guide says). `v_permlane16/x16` use
//! OPSEL[0] as FI and OPSEL[1] as BOUND_CTRL like DPP16: a source lane that is inactive reads
//! normally with FI, reads 0 with BOUND_CTRL, and otherwise disables the write.
//! `v_trig_preop_f64` returns the `S1[4:0]`-th 53-bit segment of 2/pi (truncated) scaled to
//! its place. M0-relative moves index the wave's 256 VGPRs; a source past v255 reads v0 and a
//! destination past v255 is not written (guide 7.2.7).

use rdna3_isa::Field;

use super::fp::{self, Fp, Prec, Round};
use super::valu::{
    bin, dst_now, fbin, fpm, ftri, fun, lo32, med3, out_mods, put, sx32, trans, tri, turn, un,
};
use super::vector::{Lanes, VExec, VFn};

pub(super) const REGISTRY: &[(&str, VFn)] = &[
    // 16-bit integer
    ("v_add_nc_u16", add_nc_u16),
    ("v_sub_nc_u16", sub_nc_u16),
    ("v_add_nc_i16", add_nc_i16),
    ("v_sub_nc_i16", sub_nc_i16),
    ("v_mul_lo_u16", mul_lo_u16),
    ("v_and_b16", and16),
    ("v_or_b16", or16),
    ("v_xor_b16", xor16),
    ("v_not_b16", not16),
    ("v_lshlrev_b16", lshlrev_b16),
    ("v_lshrrev_b16", lshrrev_b16),
    ("v_ashrrev_i16", ashrrev_i16),
    ("v_min_i16", min_i16),
    ("v_max_i16", max_i16),
    ("v_min_u16", min_u16),
    ("v_max_u16", max_u16),
    ("v_min3_i16", min3_i16),
    ("v_max3_i16", max3_i16),
    ("v_med3_i16", med3_i16),
    ("v_min3_u16", min3_u16),
    ("v_max3_u16", max3_u16),
    ("v_med3_u16", med3_u16),
    ("v_mad_u16", mad_u16),
    ("v_mad_i16", mad_i16),
    ("v_mad_u32_u16", mad_u32_u16),
    ("v_mad_i32_i16", mad_i32_i16),
    ("v_cvt_i32_i16", cvt_i32_i16),
    ("v_cvt_u32_u16", cvt_u32_u16),
    ("v_sat_pk_u8_i16", sat_pk_u8_i16),
    // F16
    ("v_fmaak_f16", fma_f16),
    ("v_fmamk_f16", fma_f16),
    ("v_min3_f16", min3_f16),
    ("v_max3_f16", max3_f16),
    ("v_med3_f16", med3_f16),
    ("v_ldexp_f16", ldexp_f16),
    ("v_rcp_f16", rcp_f16),
    ("v_rsq_f16", rsq_f16),
    ("v_sqrt_f16", sqrt_f16),
    ("v_exp_f16", exp_f16),
    ("v_log_f16", log_f16),
    ("v_sin_f16", sin_f16),
    ("v_cos_f16", cos_f16),
    ("v_trunc_f16", trunc_f16),
    ("v_ceil_f16", ceil_f16),
    ("v_floor_f16", floor_f16),
    ("v_rndne_f16", rndne_f16),
    ("v_fract_f16", fract_f16),
    ("v_frexp_mant_f16", frexp_mant_f16),
    ("v_frexp_exp_i16_f16", frexp_exp_i16_f16),
    ("v_cvt_f16_i16", cvt_f16_i16),
    ("v_cvt_f16_u16", cvt_f16_u16),
    ("v_cvt_i16_f16", cvt_i16_f16),
    ("v_cvt_u16_f16", cvt_u16_f16),
    ("v_cvt_norm_i16_f16", cvt_norm_i16_f16),
    ("v_cvt_norm_u16_f16", cvt_norm_u16_f16),
    ("v_pack_b32_f16", pack_b32_f16),
    ("v_pk_fmac_f16", pk_fmac_f16),
    // min/max combinations
    ("v_maxmin_f32", maxmin_f32),
    ("v_minmax_f32", minmax_f32),
    ("v_maxmin_f16", maxmin_f16),
    ("v_minmax_f16", minmax_f16),
    ("v_maxmin_i32", maxmin_i32),
    ("v_minmax_i32", minmax_i32),
    ("v_maxmin_u32", maxmin_u32),
    ("v_minmax_u32", minmax_u32),
    // Packing conversions
    ("v_cvt_pk_i16_f32", cvt_pk_i16_f32),
    ("v_cvt_pk_u16_f32", cvt_pk_u16_f32),
    ("v_cvt_pk_i16_i32", cvt_pk_i16_i32),
    ("v_cvt_pk_u16_u32", cvt_pk_u16_u32),
    ("v_cvt_pk_norm_i16_f32", cvt_pk_norm_i16_f32),
    ("v_cvt_pk_norm_u16_f32", cvt_pk_norm_u16_f32),
    ("v_cvt_pk_norm_i16_f16", cvt_pk_norm_i16_f16),
    ("v_cvt_pk_norm_u16_f16", cvt_pk_norm_u16_f16),
    ("v_cvt_pk_u8_f32", cvt_pk_u8_f32),
    ("v_cvt_off_f32_i4", cvt_off_f32_i4),
    // Byte and SAD arithmetic
    ("v_lerp_u8", lerp_u8),
    ("v_sad_u8", sad_u8),
    ("v_sad_hi_u8", sad_hi_u8),
    ("v_sad_u16", sad_u16),
    ("v_sad_u32", sad_u32),
    ("v_msad_u8", msad_u8),
    ("v_qsad_pk_u16_u8", qsad_pk_u16_u8),
    ("v_mqsad_pk_u16_u8", mqsad_pk_u16_u8),
    ("v_mqsad_u32_u8", mqsad_u32_u8),
    // Graphics helpers
    ("v_cubeid_f32", cubeid_f32),
    ("v_cubesc_f32", cubesc_f32),
    ("v_cubetc_f32", cubetc_f32),
    ("v_cubema_f32", cubema_f32),
    ("v_mul_dx9_zero_f32", mul_dx9_zero_f32),
    ("v_fma_dx9_zero_f32", fma_dx9_zero_f32),
    ("v_fmac_dx9_zero_f32", fmac_dx9_zero_f32),
    ("v_mullit_f32", mullit_f32),
    ("v_trig_preop_f64", trig_preop_f64),
    // Dot products
    ("v_dot2acc_f32_f16", dot2acc_f32_f16),
    ("v_dot2_f16_f16", dot2_f16_f16),
    ("v_dot2_bf16_bf16", dot2_bf16_bf16),
    // Lanes and indexing
    ("v_permlane16_b32", permlane16),
    ("v_permlanex16_b32", permlanex16),
    ("v_permlane64_b32", nop),
    ("v_pipeflush", nop),
    ("v_swap_b32", swap_b32),
    ("v_swap_b16", swap_b16),
    ("v_movrels_b32", movrels),
    ("v_movreld_b32", movreld),
    ("v_movrelsd_b32", movrelsd),
    ("v_movrelsd_2_b32", movrelsd_2),
    ("v_swaprel_b32", swaprel),
];

fn nop(_: &mut VExec) {}

fn s16(v: u64) -> i64 {
    i64::from(v as u16 as i16)
}
fn m16(v: i64) -> u64 {
    v as u64 & 0xffff
}

// --- 16-bit integer --------------------------------------------------------------------------

fn add_nc_u16(x: &mut VExec) {
    let c = x.ops().clamp;
    bin(x, |a, b| if c { (a + b).min(0xffff) } else { (a + b) & 0xffff });
}
fn sub_nc_u16(x: &mut VExec) {
    let c = x.ops().clamp;
    bin(x, |a, b| if c { a.saturating_sub(b) } else { a.wrapping_sub(b) & 0xffff });
}
fn add_nc_i16(x: &mut VExec) {
    let c = x.ops().clamp;
    bin(x, |a, b| {
        let r = s16(a) + s16(b);
        m16(if c { r.clamp(-32768, 32767) } else { r })
    });
}
fn sub_nc_i16(x: &mut VExec) {
    let c = x.ops().clamp;
    bin(x, |a, b| {
        let r = s16(a) - s16(b);
        m16(if c { r.clamp(-32768, 32767) } else { r })
    });
}
fn mul_lo_u16(x: &mut VExec) {
    bin(x, |a, b| (a * b) & 0xffff);
}
fn and16(x: &mut VExec) {
    bin(x, |a, b| a & b & 0xffff);
}
fn or16(x: &mut VExec) {
    bin(x, |a, b| (a | b) & 0xffff);
}
fn xor16(x: &mut VExec) {
    bin(x, |a, b| (a ^ b) & 0xffff);
}
fn not16(x: &mut VExec) {
    un(x, |a| !a & 0xffff);
}
fn lshlrev_b16(x: &mut VExec) {
    bin(x, |a, b| (b << (a & 15)) & 0xffff);
}
fn lshrrev_b16(x: &mut VExec) {
    bin(x, |a, b| (b & 0xffff) >> (a & 15));
}
fn ashrrev_i16(x: &mut VExec) {
    bin(x, |a, b| m16(s16(b) >> (a & 15)));
}
fn min_i16(x: &mut VExec) {
    bin(x, |a, b| m16(s16(a).min(s16(b))));
}
fn max_i16(x: &mut VExec) {
    bin(x, |a, b| m16(s16(a).max(s16(b))));
}
fn min_u16(x: &mut VExec) {
    bin(x, |a, b| (a & 0xffff).min(b & 0xffff));
}
fn max_u16(x: &mut VExec) {
    bin(x, |a, b| (a & 0xffff).max(b & 0xffff));
}
fn min3_i16(x: &mut VExec) {
    tri(x, |a, b, c| m16(s16(a).min(s16(b)).min(s16(c))));
}
fn max3_i16(x: &mut VExec) {
    tri(x, |a, b, c| m16(s16(a).max(s16(b)).max(s16(c))));
}
fn med3_i16(x: &mut VExec) {
    tri(x, |a, b, c| {
        let (a, b, c) = (s16(a), s16(b), s16(c));
        m16(a.max(b).min(a.min(b).max(c)))
    });
}
fn min3_u16(x: &mut VExec) {
    tri(x, |a, b, c| (a & 0xffff).min(b & 0xffff).min(c & 0xffff));
}
fn max3_u16(x: &mut VExec) {
    tri(x, |a, b, c| (a & 0xffff).max(b & 0xffff).max(c & 0xffff));
}
fn med3_u16(x: &mut VExec) {
    tri(x, |a, b, c| {
        let (a, b, c) = (a & 0xffff, b & 0xffff, c & 0xffff);
        a.max(b).min(a.min(b).max(c))
    });
}
fn mad_u16(x: &mut VExec) {
    let c = x.ops().clamp;
    tri(x, |a, b, d| {
        let r = (a & 0xffff) * (b & 0xffff) + (d & 0xffff);
        if c { r.min(0xffff) } else { r & 0xffff }
    });
}
fn mad_i16(x: &mut VExec) {
    let c = x.ops().clamp;
    tri(x, |a, b, d| {
        let r = s16(a) * s16(b) + s16(d);
        m16(if c { r.clamp(-32768, 32767) } else { r })
    });
}
fn mad_u32_u16(x: &mut VExec) {
    tri(x, |a, b, c| lo32((a & 0xffff) * (b & 0xffff) + c));
}
fn mad_i32_i16(x: &mut VExec) {
    tri(x, |a, b, c| lo32((s16(a) * s16(b) + sx32(c)) as u64));
}
fn cvt_i32_i16(x: &mut VExec) {
    un(x, |a| lo32(s16(a) as u64));
}
fn cvt_u32_u16(x: &mut VExec) {
    un(x, |a| a & 0xffff);
}
fn sat_pk_u8_i16(x: &mut VExec) {
    let sat = |n: i64| n.clamp(0, 255) as u64;
    un(x, |a| sat(s16(a)) | sat(s16(a >> 16)) << 8);
}

// --- F16 -------------------------------------------------------------------------------------

fn fma_f16(x: &mut VExec) {
    ftri(x, Prec::H, fp::fma);
}
fn min3_f16(x: &mut VExec) {
    ftri(x, Prec::H, |f, a, b, c| fp::min_max(f, fp::min_max(f, a, b, false), c, false));
}
fn max3_f16(x: &mut VExec) {
    ftri(x, Prec::H, |f, a, b, c| fp::min_max(f, fp::min_max(f, a, b, true), c, true));
}
fn med3_f16(x: &mut VExec) {
    ftri(x, Prec::H, med3);
}
fn ldexp_f16(x: &mut VExec) {
    fbin(x, Prec::H, |f, a, b| fp::ldexp(f, a, s16(b) as i32));
}
fn rcp_f16(x: &mut VExec) {
    fun(x, Prec::H, |f, a| trans(f, a, false, |v| 1.0 / v));
}
fn rsq_f16(x: &mut VExec) {
    fun(x, Prec::H, |f, a| trans(f, a, false, |v| 1.0 / v.sqrt()));
}
fn sqrt_f16(x: &mut VExec) {
    fun(x, Prec::H, fp::sqrt);
}
fn exp_f16(x: &mut VExec) {
    fun(x, Prec::H, |f, a| trans(f, a, false, libm::exp2));
}
fn log_f16(x: &mut VExec) {
    fun(x, Prec::H, |f, a| trans(f, a, false, libm::log2));
}
fn sin_f16(x: &mut VExec) {
    fun(x, Prec::H, |f, a| {
        // sin(±0) = ±0; a denormal flushed by MODE is such a zero (not the denormal itself).
        let a = f.input(a);
        if fp::is_zero(Prec::H, a) {
            return a;
        }
        trans(f, a, false, |v| turn(v, false))
    });
}
fn cos_f16(x: &mut VExec) {
    fun(x, Prec::H, |f, a| trans(f, a, false, |v| turn(v, true)));
}
fn trunc_f16(x: &mut VExec) {
    fun(x, Prec::H, |f, a| fp::round_integral(f, a, Round::TowardZero));
}
fn ceil_f16(x: &mut VExec) {
    fun(x, Prec::H, |f, a| fp::round_integral(f, a, Round::TowardPositive));
}
fn floor_f16(x: &mut VExec) {
    fun(x, Prec::H, |f, a| fp::round_integral(f, a, Round::TowardNegative));
}
fn rndne_f16(x: &mut VExec) {
    fun(x, Prec::H, |f, a| fp::round_integral(f, a, Round::NearestTiesToEven));
}
fn fract_f16(x: &mut VExec) {
    fun(x, Prec::H, super::valu::fract);
}
fn frexp_mant_f16(x: &mut VExec) {
    fun(x, Prec::H, |f, a| fp::frexp(f, a).0);
}
fn frexp_exp_i16_f16(x: &mut VExec) {
    let f = fpm(x, Prec::H);
    un(x, |a| m16(i64::from(fp::frexp(f, a).1)));
}
fn cvt_f16_i16(x: &mut VExec) {
    fun(x, Prec::H, |f, a| fp::from_int(f, i128::from(s16(a))));
}
fn cvt_f16_u16(x: &mut VExec) {
    fun(x, Prec::H, |f, a| fp::from_int(f, i128::from(a & 0xffff)));
}
fn cvt_i16_f16(x: &mut VExec) {
    let f = fpm(x, Prec::H);
    un(x, |a| fp::to_int(f, a, true, 16));
}
fn cvt_u16_f16(x: &mut VExec) {
    let f = fpm(x, Prec::H);
    un(x, |a| fp::to_int(f, a, false, 16));
}

/// A float (of precision `p`) to a signed (`signed`) or unsigned normalised 16-bit value.
fn norm16(f: Fp, a: u64, signed: bool) -> u64 {
    let a = f.input(a);
    if fp::is_nan(f.prec, a) {
        return 0;
    }
    let v = fp::to_f64(f.prec, a);
    if signed {
        m16(((v.clamp(-1.0, 1.0) * 32767.0).round_ties_even()) as i64)
    } else {
        ((v.clamp(0.0, 1.0) * 65535.0).round_ties_even()) as u64
    }
}
fn cvt_norm_i16_f16(x: &mut VExec) {
    let f = fpm(x, Prec::H);
    un(x, |a| norm16(f, a, true));
}
fn cvt_norm_u16_f16(x: &mut VExec) {
    let f = fpm(x, Prec::H);
    un(x, |a| norm16(f, a, false));
}
fn pack_b32_f16(x: &mut VExec) {
    bin(x, |a, b| (a & 0xffff) | (b & 0xffff) << 16);
}
/// D.lo = fma(S0.lo, S1.lo, D.lo); D.hi likewise (VOP2 packed accumulate).
fn pk_fmac_f16(x: &mut VExec) {
    let f = fpm(x, Prec::H);
    let d = dst_now(x);
    let (a, b) = (x.src(0), x.src(1));
    let mut r = [0u64; 32];
    for l in 0..32 {
        let lo = fp::fma(f, a[l] & 0xffff, b[l] & 0xffff, d[l] & 0xffff);
        let hi = fp::fma(f, a[l] >> 16 & 0xffff, b[l] >> 16 & 0xffff, d[l] >> 16 & 0xffff);
        r[l] = lo | hi << 16;
    }
    put(x, &r);
}

// --- min/max combinations ------------------------------------------------------------------

fn maxmin_f32(x: &mut VExec) {
    ftri(x, Prec::S, |f, a, b, c| fp::min_max(f, fp::min_max(f, a, b, true), c, false));
}
fn minmax_f32(x: &mut VExec) {
    ftri(x, Prec::S, |f, a, b, c| fp::min_max(f, fp::min_max(f, a, b, false), c, true));
}
fn maxmin_f16(x: &mut VExec) {
    ftri(x, Prec::H, |f, a, b, c| fp::min_max(f, fp::min_max(f, a, b, true), c, false));
}
fn minmax_f16(x: &mut VExec) {
    ftri(x, Prec::H, |f, a, b, c| fp::min_max(f, fp::min_max(f, a, b, false), c, true));
}
fn maxmin_i32(x: &mut VExec) {
    tri(x, |a, b, c| lo32(sx32(a).max(sx32(b)).min(sx32(c)) as u64));
}
fn minmax_i32(x: &mut VExec) {
    tri(x, |a, b, c| lo32(sx32(a).min(sx32(b)).max(sx32(c)) as u64));
}
fn maxmin_u32(x: &mut VExec) {
    tri(x, |a, b, c| a.max(b).min(c));
}
fn minmax_u32(x: &mut VExec) {
    tri(x, |a, b, c| a.min(b).max(c));
}

// --- packing conversions -----------------------------------------------------------------

fn cvt_pk_i16_f32(x: &mut VExec) {
    let f = fpm(x, Prec::S);
    bin(x, |a, b| fp::to_int(f, a, true, 16) | fp::to_int(f, b, true, 16) << 16);
}
fn cvt_pk_u16_f32(x: &mut VExec) {
    let f = fpm(x, Prec::S);
    bin(x, |a, b| fp::to_int(f, a, false, 16) | fp::to_int(f, b, false, 16) << 16);
}
fn cvt_pk_i16_i32(x: &mut VExec) {
    let s = |v: u64| m16(sx32(v).clamp(-32768, 32767));
    bin(x, |a, b| s(a) | s(b) << 16);
}
fn cvt_pk_u16_u32(x: &mut VExec) {
    bin(x, |a, b| (a & 0xffff_ffff).min(0xffff) | (b & 0xffff_ffff).min(0xffff) << 16);
}
fn cvt_pk_norm_i16_f32(x: &mut VExec) {
    let f = fpm(x, Prec::S);
    bin(x, |a, b| norm16(f, a, true) | norm16(f, b, true) << 16);
}
fn cvt_pk_norm_u16_f32(x: &mut VExec) {
    let f = fpm(x, Prec::S);
    bin(x, |a, b| norm16(f, a, false) | norm16(f, b, false) << 16);
}
fn cvt_pk_norm_i16_f16(x: &mut VExec) {
    let f = fpm(x, Prec::H);
    bin(x, |a, b| norm16(f, a, true) | norm16(f, b, true) << 16);
}
fn cvt_pk_norm_u16_f16(x: &mut VExec) {
    let f = fpm(x, Prec::H);
    bin(x, |a, b| norm16(f, a, false) | norm16(f, b, false) << 16);
}
fn cvt_pk_u8_f32(x: &mut VExec) {
    let f = fpm(x, Prec::S);
    tri(x, |a, b, c| {
        let a = f.input(a);
        let v = if fp::is_nan(Prec::S, a) {
            0
        } else {
            fp::to_f64(Prec::S, a).round_ties_even().clamp(0.0, 255.0) as u64
        };
        let sh = 8 * (b & 3);
        (c & !(0xff << sh) & 0xffff_ffff) | v << sh
    });
}
fn cvt_off_f32_i4(x: &mut VExec) {
    un(x, |a| {
        let n = ((a & 15) as i64 ^ 8) - 8; // -8..7
        u64::from((n as f32 * 0.0625).to_bits())
    });
}

// --- byte and SAD arithmetic ---------------------------------------------------------------

fn byte(v: u64, i: u32) -> u64 {
    v >> (8 * i) & 0xff
}
fn lerp_u8(x: &mut VExec) {
    tri(x, |a, b, c| (0..4).map(|i| ((byte(a, i) + byte(b, i) + (byte(c, i) & 1)) >> 1) << (8 * i)).sum());
}
fn sad8(a: u64, b: u64, c: u64) -> u64 {
    (0..4).fold(c, |acc, i| acc + byte(a, i).abs_diff(byte(b, i)))
}
fn msad8(a: u64, b: u64, c: u64) -> u64 {
    (0..4).fold(c, |acc, i| if byte(b, i) == 0 { acc } else { acc + byte(a, i).abs_diff(byte(b, i)) })
}
fn sad_u8(x: &mut VExec) {
    tri(x, |a, b, c| lo32(sad8(a, b, c)));
}
fn sad_hi_u8(x: &mut VExec) {
    tri(x, |a, b, c| lo32((sad8(a, b, 0) << 16) + c));
}
fn sad_u16(x: &mut VExec) {
    tri(x, |a, b, c| {
        lo32(c + (a & 0xffff).abs_diff(b & 0xffff) + (a >> 16 & 0xffff).abs_diff(b >> 16 & 0xffff))
    });
}
fn sad_u32(x: &mut VExec) {
    tri(x, |a, b, c| lo32((a & 0xffff_ffff).abs_diff(b & 0xffff_ffff) + c));
}
fn msad_u8(x: &mut VExec) {
    tri(x, |a, b, c| lo32(msad8(a, b, c)));
}
/// The four SADs of S0's bytes at offsets 0..3 against S1, each accumulating into a 16-bit
/// (or 32-bit) field of S2.
fn quad_sad(a: u64, b: u64, c: u128, masked: bool, field: u32) -> u128 {
    let mask = (1u128 << field) - 1;
    (0..4).fold(0u128, |acc, k| {
        let win = a >> (8 * k) & 0xffff_ffff;
        let prev = (c >> (field * k)) & mask;
        let s = if masked { msad8(win, b, prev as u64) } else { sad8(win, b, prev as u64) };
        acc | (u128::from(s) & mask) << (field * k)
    })
}
fn qsad_pk_u16_u8(x: &mut VExec) {
    tri(x, |a, b, c| quad_sad(a, b, u128::from(c), false, 16) as u64);
}
fn mqsad_pk_u16_u8(x: &mut VExec) {
    tri(x, |a, b, c| quad_sad(a, b, u128::from(c), true, 16) as u64);
}
/// 128-bit accumulator and result: S2 and D are VGPR quads.
fn mqsad_u32_u8(x: &mut VExec) {
    let (a, b) = (x.src(0), x.src(1));
    let v = x.ops();
    let (s2, vdst) = (x.inst.field(Field::Src2), u32::from(v.vdst));
    let mut out = [[0u32; 32]; 4];
    for l in 0..32 {
        let c = if s2 >= 256 {
            (0..4).fold(0u128, |acc, k| acc | u128::from(x.vreg(s2 - 256 + k, l)) << (32 * k))
        } else {
            0
        };
        let r = quad_sad(a[l], b[l], c, true, 32);
        for (k, o) in out.iter_mut().enumerate() {
            o[l] = (r >> (32 * k)) as u32;
        }
    }
    let m = x.write_mask();
    for (k, o) in out.iter().enumerate() {
        x.write_vgpr32(vdst + k as u32, o, m);
    }
}

// --- graphics helpers ----------------------------------------------------------------------

fn f32v(v: u64) -> f32 {
    f32::from_bits(v as u32)
}
fn bits(v: f32) -> u64 {
    u64::from(v.to_bits())
}
/// Which face: 2 (z major), 1 (y), 0 (x).
fn major(a: u64, b: u64, c: u64) -> u8 {
    let (x, y, z) = (f32v(a).abs(), f32v(b).abs(), f32v(c).abs());
    if z >= x && z >= y {
        2
    } else if y >= x {
        1
    } else {
        0
    }
}
fn cubeid_f32(x: &mut VExec) {
    ftri(x, Prec::S, |_, a, b, c| {
        let neg = |v: u64| f32v(v) < 0.0;
        bits(match major(a, b, c) {
            2 => {
                if neg(c) {
                    5.0
                } else {
                    4.0
                }
            }
            1 => {
                if neg(b) {
                    3.0
                } else {
                    2.0
                }
            }
            _ => {
                if neg(a) {
                    1.0
                } else {
                    0.0
                }
            }
        })
    });
}
fn cubesc_f32(x: &mut VExec) {
    ftri(x, Prec::S, |_, a, b, c| {
        let n = |v: u64| v ^ 0x8000_0000;
        match major(a, b, c) {
            2 => {
                if f32v(c) < 0.0 {
                    n(a)
                } else {
                    a
                }
            }
            1 => a,
            _ => {
                if f32v(a) < 0.0 {
                    c
                } else {
                    n(c)
                }
            }
        }
    });
}
fn cubetc_f32(x: &mut VExec) {
    ftri(x, Prec::S, |_, a, b, c| {
        let n = |v: u64| v ^ 0x8000_0000;
        match major(a, b, c) {
            1 => {
                if f32v(b) < 0.0 {
                    n(c)
                } else {
                    c
                }
            }
            _ => n(b),
        }
    });
}
fn cubema_f32(x: &mut VExec) {
    ftri(x, Prec::S, |f, a, b, c| {
        let v = match major(a, b, c) {
            2 => c,
            1 => b,
            _ => a,
        };
        fp::mul(f, v, 0x4000_0000)
    });
}
/// DX9 rule: a zero factor (either sign, after input flushing) makes the product +0.
fn dx9_zero(f: Fp, a: u64, b: u64) -> bool {
    fp::is_zero(Prec::S, f.input(a)) || fp::is_zero(Prec::S, f.input(b))
}
fn mul_dx9_zero_f32(x: &mut VExec) {
    fbin(x, Prec::S, |f, a, b| if dx9_zero(f, a, b) { 0 } else { fp::mul(f, a, b) });
}
fn fma_dx9_zero_f32(x: &mut VExec) {
    ftri(x, Prec::S, |f, a, b, c| if dx9_zero(f, a, b) { f.input(c) } else { fp::fma(f, a, b, c) });
}
fn fmac_dx9_zero_f32(x: &mut VExec) {
    let f = fpm(x, Prec::S);
    let d = dst_now(x);
    let (a, b) = (x.src(0), x.src(1));
    let mut r = [0u64; 32];
    for l in 0..32 {
        r[l] = if dx9_zero(f, a[l], b[l]) { f.input(d[l]) } else { fp::fma(f, a[l], b[l], d[l]) };
    }
    out_mods(x, f, &mut r);
    put(x, &r);
}
fn mullit_f32(x: &mut VExec) {
    ftri(x, Prec::S, |f, a, b, c| {
        let (vb, vc) = (f32v(b), f32v(c));
        if vb == -f32::MAX || vb == f32::NEG_INFINITY || vb.is_nan() || vc <= 0.0 || vc.is_nan() {
            bits(-f32::MAX)
        } else if dx9_zero(f, a, b) {
            0
        } else {
            fp::mul(f, a, b)
        }
    });
}

/// The 1201 fraction bits of 2/pi, most significant first (b_1200 ... b_0).
const TWO_OVER_PI: &str = "145f306dc9c882a53f84eafa3ea69bb81b6c52b3278872083fca2c757bd778ac36e48dc74849ba5c00c925dd413a32439fc3bd63962534e7dd1046bea5d768909d338e04d68befc827323ac7306a673e93908bf177bf250763ff12fffbc0b301fde5e2316b414da3eda6cfd9e4f96136e9e8c7ecd3cbfd45aea4f758fd7cbe2f67a0e73ef14a525d4d7f6bf623f1aba10ac06608df8f6";

/// Bit `i` (0 = b_0, the least significant of the 1201) of 2/pi.
fn two_over_pi_bit(i: i64) -> u64 {
    if !(0..1201).contains(&i) {
        return 0;
    }
    // The hex string holds 1204 bits with three leading zeros.
    let pos_from_top = 1203 - i as usize;
    let digit = TWO_OVER_PI.as_bytes()[pos_from_top / 4];
    let d = (digit as char).to_digit(16).unwrap_or(0);
    u64::from(d >> (3 - pos_from_top % 4) & 1)
}

fn trig_preop_f64(x: &mut VExec) {
    fbin(x, Prec::D, |f, a, b| {
        let e = ((a >> 52) & 0x7ff) as i64;
        let mut shift = (b & 31) as i64 * 53;
        if e > 1077 {
            shift += e - 1077;
        }
        // The 53 bits after the first `shift` fraction bits, truncated.
        let top = 1200 - shift;
        let seg = (0..53).fold(0u64, |acc, k| acc | two_over_pi_bit(top - k) << (52 - k));
        let mut scale = -53 - shift;
        if e >= 1968 {
            scale += 128;
        }
        let r = fp::from_int(Fp { round: Round::TowardZero, ..f }, i128::from(seg));
        fp::ldexp(Fp { round: Round::TowardZero, ..f }, r, scale as i32)
    });
}

// --- dot products ----------------------------------------------------------------------------

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

// --- lanes and indexing ----------------------------------------------------------------------

/// `v_permlane16` (`cross` false) and `v_permlanex16` (`cross` true).
fn permlane(x: &mut VExec, cross: bool) {
    let src = x.raw(0);
    let sel = x.raw(1)[0] & 0xffff_ffff | (x.raw(2)[0] & 0xffff_ffff) << 32;
    let opsel = x.ops().opsel;
    let (fi, bc) = (opsel & 1 != 0, opsel & 2 != 0);
    let mut r = [0u64; 32];
    let mut mask = x.exec;
    for l in 0..32 {
        let row = l / 16;
        let src_row = if cross { row ^ 1 } else { row };
        let s = src_row * 16 + (sel >> (4 * (l % 16)) & 15) as usize;
        if fi || x.exec >> s & 1 == 1 {
            r[l] = src[s];
        } else if bc {
            r[l] = 0;
        } else {
            mask &= !(1 << l);
        }
    }
    let vdst = u32::from(x.ops().vdst);
    x.write_vgprs(vdst, 1, &r, mask);
}
fn permlane16(x: &mut VExec) {
    permlane(x, false);
}
fn permlanex16(x: &mut VExec) {
    permlane(x, true);
}

/// The VGPR number of source 0 (its raw field).
fn src0_vgpr(x: &VExec) -> u32 {
    let f = x.inst.field(Field::Src0);
    if f >= 256 { f - 256 } else { f }
}

fn swap_b32(x: &mut VExec) {
    let (d, s) = (u32::from(x.ops().vdst), src0_vgpr(x));
    let old_d: Lanes = std::array::from_fn(|l| u64::from(x.vreg(d, l)));
    let old_s: Lanes = std::array::from_fn(|l| u64::from(x.vreg(s, l)));
    let m = x.exec;
    x.write_vgprs(d, 1, &old_s, m);
    x.write_vgprs(s, 1, &old_d, m);
}
fn swap_b16(x: &mut VExec) {
    let v = *x.ops();
    let d = u32::from(v.vdst);
    let (s, s_hi) = match v.src[0] {
        super::vector::Src::Vgpr { reg, hi } => (u32::from(reg), hi),
        _ => (src0_vgpr(x), false),
    };
    let half = |reg: u32, hi: bool, l: usize| {
        u64::from(if hi { x.vreg(reg, l) >> 16 } else { x.vreg(reg, l) & 0xffff })
    };
    let old_d: Lanes = std::array::from_fn(|l| half(d, v.dst_hi, l));
    let old_s: Lanes = std::array::from_fn(|l| half(s, s_hi, l));
    let m = x.exec;
    x.write_half(d, v.dst_hi, &old_s, m);
    x.write_half(s, s_hi, &old_d, m);
}

/// Moves VGPR `src` to VGPR `dst` in the active lanes (a source past v255 reads v0; a
/// destination past v255 is not written).
fn move_rel(x: &mut VExec, src: u64, dst: u64) {
    let s = if src > 255 { 0 } else { src as u32 };
    let vals: Lanes = std::array::from_fn(|l| u64::from(x.vreg(s, l)));
    if dst <= 255 {
        let m = x.exec;
        x.write_vgprs(dst as u32, 1, &vals, m);
    }
}
fn m0(x: &VExec) -> u64 {
    u64::from(x.wave.m0())
}
fn movrels(x: &mut VExec) {
    let (s, d) = (u64::from(src0_vgpr(x)) + m0(x), u64::from(x.ops().vdst));
    move_rel(x, s, d);
}
fn movreld(x: &mut VExec) {
    // The source may be any operand (a constant or SGPR): read it as source 0.
    let vals = x.src(0);
    let d = u64::from(x.ops().vdst) + m0(x);
    if d <= 255 {
        let m = x.exec;
        x.write_vgprs(d as u32, 1, &vals, m);
    }
}
fn movrelsd(x: &mut VExec) {
    let (s, d) = (u64::from(src0_vgpr(x)) + m0(x), u64::from(x.ops().vdst) + m0(x));
    move_rel(x, s, d);
}
fn movrelsd_2(x: &mut VExec) {
    let m = m0(x);
    let (s, d) = (u64::from(src0_vgpr(x)) + (m & 0x3ff), u64::from(x.ops().vdst) + (m >> 16 & 0x3ff));
    move_rel(x, s, d);
}
fn swaprel(x: &mut VExec) {
    let m = m0(x);
    let (s, d) = (u64::from(src0_vgpr(x)) + (m & 0x3ff), u64::from(x.ops().vdst) + (m >> 16 & 0x3ff));
    let rd = |x: &VExec, r: u64| -> Lanes {
        std::array::from_fn(|l| u64::from(x.vreg(if r > 255 { 0 } else { r as u32 }, l)))
    };
    let (vs, vd) = (rd(x, s), rd(x, d));
    let mask = x.exec;
    if d <= 255 {
        x.write_vgprs(d as u32, 1, &vs, mask);
    }
    if s <= 255 {
        x.write_vgprs(s as u32, 1, &vd, mask);
    }
}
