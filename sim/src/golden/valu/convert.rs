//! Conversions (guide 16.7, 16.8, 16.12): between integers and floats of every width, between
//! float widths, to and from normalised 16-bit values, packing two results into one register,
//! and the integer widenings and saturations.
//!
//! **Choices.** Normalised conversions round to nearest even after clamping to [-1, 1] (snorm,
//! times 32767) or [0, 1] (unorm, times 65535); NaN converts to 0. `f32_to_u8`
//! (`v_cvt_pk_u8_f32`) rounds to nearest even and saturates to [0, 255].

use rdna3_isa::{InstDef, Mnemonic as M};

use super::lanewise::{bin, each1, fpm, fun, lo32, m16, mods32, out_mods, put, put32, s16, sx32, tri, un};
use crate::golden::fp::{self, Fp, Prec, Round};
use crate::golden::vector::{VExec, VFn};

/// The function of each row of this part, by mnemonic (a VOP3 promotion shares its 32-bit
/// form's mnemonic; a VOPD half is `v_dual_` and the VOP1/VOP2 mnemonic it runs).
pub(super) fn bind(def: &InstDef) -> Option<VFn> {
    let f: VFn = match def.mnemonic {
        // Conversions
        M::v_cvt_f32_i32 => cvt_f32_i32,
        M::v_cvt_f32_u32 => cvt_f32_u32,
        M::v_cvt_i32_f32 => cvt_i32_f32,
        M::v_cvt_u32_f32 => cvt_u32_f32,
        M::v_cvt_f64_i32 => cvt_f64_i32,
        M::v_cvt_f64_u32 => cvt_f64_u32,
        M::v_cvt_i32_f64 => cvt_i32_f64,
        M::v_cvt_u32_f64 => cvt_u32_f64,
        M::v_cvt_f32_f64 => cvt_f32_f64,
        M::v_cvt_f64_f32 => cvt_f64_f32,
        M::v_cvt_f16_f32 => cvt_f16_f32,
        M::v_cvt_f32_f16 => cvt_f32_f16,
        M::v_cvt_f32_ubyte0 => cvt_f32_ubyte::<0>,
        M::v_cvt_f32_ubyte1 => cvt_f32_ubyte::<1>,
        M::v_cvt_f32_ubyte2 => cvt_f32_ubyte::<2>,
        M::v_cvt_f32_ubyte3 => cvt_f32_ubyte::<3>,
        M::v_cvt_floor_i32_f32 => cvt_floor_i32_f32,
        M::v_cvt_nearest_i32_f32 => cvt_nearest_i32_f32,
        M::v_cvt_pk_rtz_f16_f32 => cvt_pk_rtz_f16_f32,
        // 16-bit integer
        M::v_cvt_i32_i16 => cvt_i32_i16,
        M::v_cvt_u32_u16 => cvt_u32_u16,
        M::v_sat_pk_u8_i16 => sat_pk_u8_i16,
        // F16
        M::v_cvt_f16_i16 => cvt_f16_i16,
        M::v_cvt_f16_u16 => cvt_f16_u16,
        M::v_cvt_i16_f16 => cvt_i16_f16,
        M::v_cvt_u16_f16 => cvt_u16_f16,
        M::v_cvt_norm_i16_f16 => cvt_norm_i16_f16,
        M::v_cvt_norm_u16_f16 => cvt_norm_u16_f16,
        M::v_pack_b32_f16 => pack_b32_f16,
        // Packing conversions
        M::v_cvt_pk_i16_f32 => cvt_pk_i16_f32,
        M::v_cvt_pk_u16_f32 => cvt_pk_u16_f32,
        M::v_cvt_pk_i16_i32 => cvt_pk_i16_i32,
        M::v_cvt_pk_u16_u32 => cvt_pk_u16_u32,
        M::v_cvt_pk_norm_i16_f32 => cvt_pk_norm_i16_f32,
        M::v_cvt_pk_norm_u16_f32 => cvt_pk_norm_u16_f32,
        M::v_cvt_pk_norm_i16_f16 => cvt_pk_norm_i16_f16,
        M::v_cvt_pk_norm_u16_f16 => cvt_pk_norm_u16_f16,
        M::v_cvt_pk_u8_f32 => cvt_pk_u8_f32,
        M::v_cvt_off_f32_i4 => cvt_off_f32_i4,
        _ => return None,
    };
    Some(f)
}

// --- integers and floats --------------------------------------------------------------------

/// A 32-bit integer to F32: with 32-bit lanes (`lanes32`) and MODE rounding to nearest even,
/// the host's conversion `host` on all lanes, which rounds the same way (an integer converts
/// to neither a NaN nor a denormal, so MODE's other bits change nothing); otherwise
/// `general`, the per-lane path.
fn int_to_f32(x: &mut VExec, host: fn(u32) -> f32, general: impl Fn(Fp, u64) -> u64) {
    let fp = fpm(x, Prec::S);
    if !(fp.nearest() && x.ops().lanes32) {
        return fun(x, Prec::S, general);
    }
    let a = x.src32(0);
    let mut r: [u32; 32] = std::array::from_fn(|l| host(a[l]).to_bits());
    let m = (x.ops().omod, x.ops().clamp);
    if m != (0, false) {
        r = r.map(|e| mods32(fp, m, u64::from(e)));
    }
    put32(x, &r);
}

fn cvt_f32_i32(x: &mut VExec) {
    int_to_f32(x, |a| a as i32 as f32, |f, a| fp::from_int(f, i128::from(sx32(a))));
}

fn cvt_f32_u32(x: &mut VExec) {
    int_to_f32(x, |a| a as f32, |f, a| fp::from_int(f, i128::from(a as u32)));
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

fn cvt_off_f32_i4(x: &mut VExec) {
    un(x, |a| {
        let n = ((a & 15) as i64 ^ 8) - 8; // -8..7
        u64::from((n as f32 * 0.0625).to_bits())
    });
}

// --- float widths ---------------------------------------------------------------------------

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

// --- normalised values and packing ----------------------------------------------------------

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

/// Two F32 to a packed F16 pair, rounding toward zero.
fn cvt_pk_rtz_f16_f32(x: &mut VExec) {
    let from = fpm(x, Prec::S);
    let to = Fp { round: Round::TowardZero, ..fpm(x, Prec::H) };
    bin(x, |a, b| fp::convert(from, to, a) | fp::convert(from, to, b) << 16);
}

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

// --- integer widths -------------------------------------------------------------------------

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
