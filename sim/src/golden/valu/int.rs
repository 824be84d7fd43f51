//! Integer VALU rows (guide 16.7, 16.8, 16.12): 32-bit add and subtract with and without
//! carries, logic, shifts (also 64-bit), min/max/med3 and their combinations, multiplies and
//! multiply-adds (24-, 32- and 64-bit), bit-field and byte operations, counts; the 16-bit forms
//! are in int16.rs.
//!
//! **Integer clamp.** With CLAMP, `v_add_nc`/`v_sub_nc`/`v_add_co`/`v_sub_co` saturate
//! (unsigned to [0, 2^32-1], signed to [-2^31, 2^31-1]), as do the 16-bit add, subtract and
//! multiply-add forms at 16 bits; other integer rows ignore it. Carry and borrow masks have
//! zero bits for inactive lanes and are written even when EXEC is zero (guide 7.2).

use rdna3_isa::{InstDef, Mnemonic as M};

use super::lanewise::{bin, each2, lo32, put, put32, put64, sx32, tri, un};
use crate::golden::scalar::sext;
use crate::golden::vector::{VExec, VFn};

/// The function of each row of this part, by mnemonic (a VOP3 promotion shares its 32-bit
/// form's mnemonic; a VOPD half is `v_dual_` and the VOP1/VOP2 mnemonic it runs).
pub(super) fn bind(def: &InstDef) -> Option<VFn> {
    let f: VFn = match def.mnemonic {
        // 32-bit integer
        M::v_add_nc_u32 | M::v_dual_add_nc_u32 => add_nc_u32,
        M::v_sub_nc_u32 => sub_nc_u32,
        M::v_subrev_nc_u32 => subrev_nc_u32,
        M::v_add_nc_i32 => add_nc_i32,
        M::v_sub_nc_i32 => sub_nc_i32,
        M::v_add_co_u32 => add_co_u32,
        M::v_sub_co_u32 => sub_co_u32,
        M::v_subrev_co_u32 => subrev_co_u32,
        M::v_add_co_ci_u32 => add_co_ci_u32,
        M::v_sub_co_ci_u32 => sub_co_ci_u32,
        M::v_subrev_co_ci_u32 => subrev_co_ci_u32,
        M::v_and_b32 | M::v_dual_and_b32 => and,
        M::v_or_b32 => or,
        M::v_xor_b32 => xor,
        M::v_xnor_b32 => xnor,
        M::v_not_b32 => not,
        M::v_lshlrev_b32 | M::v_dual_lshlrev_b32 => lshlrev_b32,
        M::v_lshrrev_b32 => lshrrev_b32,
        M::v_ashrrev_i32 => ashrrev_i32,
        M::v_lshlrev_b64 => lshlrev_b64,
        M::v_lshrrev_b64 => lshrrev_b64,
        M::v_ashrrev_i64 => ashrrev_i64,
        M::v_min_i32 => min_i32,
        M::v_max_i32 => max_i32,
        M::v_min_u32 => min_u32,
        M::v_max_u32 => max_u32,
        M::v_mul_lo_u32 => mul_lo_u32,
        M::v_mul_hi_u32 => mul_hi_u32,
        M::v_mul_hi_i32 => mul_hi_i32,
        M::v_mul_u32_u24 => mul_u32_u24,
        M::v_mul_hi_u32_u24 => mul_hi_u32_u24,
        M::v_mul_i32_i24 => mul_i32_i24,
        M::v_mul_hi_i32_i24 => mul_hi_i32_i24,
        M::v_mad_u32_u24 => mad_u32_u24,
        M::v_mad_i32_i24 => mad_i32_i24,
        M::v_mad_u64_u32 => mad_u64_u32,
        M::v_mad_i64_i32 => mad_i64_i32,
        M::v_add3_u32 => add3_u32,
        M::v_lshl_add_u32 => lshl_add_u32,
        M::v_add_lshl_u32 => add_lshl_u32,
        M::v_lshl_or_b32 => lshl_or_b32,
        M::v_and_or_b32 => and_or_b32,
        M::v_or3_b32 => or3_b32,
        M::v_xor3_b32 => xor3_b32,
        M::v_xad_u32 => xad_u32,
        M::v_bfe_u32 => bfe_u32,
        M::v_bfe_i32 => bfe_i32,
        M::v_bfi_b32 => bfi_b32,
        M::v_bfm_b32 => bfm_b32,
        M::v_alignbit_b32 => alignbit_b32,
        M::v_alignbyte_b32 => alignbyte_b32,
        M::v_perm_b32 => perm_b32,
        M::v_bcnt_u32_b32 => bcnt_u32_b32,
        M::v_mbcnt_lo_u32_b32 => mbcnt_lo,
        M::v_mbcnt_hi_u32_b32 => mbcnt_hi,
        M::v_bfrev_b32 => bfrev_b32,
        M::v_clz_i32_u32 => clz_i32_u32,
        M::v_ctz_i32_b32 => ctz_i32_b32,
        M::v_cls_i32 => cls_i32,
        M::v_min3_i32 => min3_i32,
        M::v_max3_i32 => max3_i32,
        M::v_med3_i32 => med3_i32,
        M::v_min3_u32 => min3_u32,
        M::v_max3_u32 => max3_u32,
        M::v_med3_u32 => med3_u32,
        // min/max combinations
        M::v_maxmin_i32 => maxmin_i32,
        M::v_minmax_i32 => minmax_i32,
        M::v_maxmin_u32 => maxmin_u32,
        M::v_minmax_u32 => minmax_u32,
        _ => return None,
    };
    Some(f)
}

fn sx24(v: u64) -> i64 {
    i64::from(((v as u32) << 8) as i32 >> 8)
}

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
        lo32(sext(f, w) as u64)
    });
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
