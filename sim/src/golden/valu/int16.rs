//! 16-bit integer VALU rows (guide 16.7, 16.8, 16.12): add and subtract (saturating with
//! CLAMP), multiply and multiply-add (also into 32 bits), logic, shifts, min/max/med3.

use rdna3_isa::{InstDef, Mnemonic as M};

use super::lanewise::{bin, lo32, m16, s16, sx32, tri, un};
use crate::golden::vector::{VExec, VFn};

/// The function of each row of this part, by mnemonic (a VOP3 promotion shares its 32-bit
/// form's mnemonic; a VOPD half is `v_dual_` and the VOP1/VOP2 mnemonic it runs).
pub(super) fn bind(def: &InstDef) -> Option<VFn> {
    let f: VFn = match def.mnemonic {
        M::v_add_nc_u16 => add_nc_u16,
        M::v_sub_nc_u16 => sub_nc_u16,
        M::v_add_nc_i16 => add_nc_i16,
        M::v_sub_nc_i16 => sub_nc_i16,
        M::v_mul_lo_u16 => mul_lo_u16,
        M::v_and_b16 => and16,
        M::v_or_b16 => or16,
        M::v_xor_b16 => xor16,
        M::v_not_b16 => not16,
        M::v_lshlrev_b16 => lshlrev_b16,
        M::v_lshrrev_b16 => lshrrev_b16,
        M::v_ashrrev_i16 => ashrrev_i16,
        M::v_min_i16 => min_i16,
        M::v_max_i16 => max_i16,
        M::v_min_u16 => min_u16,
        M::v_max_u16 => max_u16,
        M::v_min3_i16 => min3_i16,
        M::v_max3_i16 => max3_i16,
        M::v_med3_i16 => med3_i16,
        M::v_min3_u16 => min3_u16,
        M::v_max3_u16 => max3_u16,
        M::v_med3_u16 => med3_u16,
        M::v_mad_u16 => mad_u16,
        M::v_mad_i16 => mad_i16,
        M::v_mad_u32_u16 => mad_u32_u16,
        M::v_mad_i32_i16 => mad_i32_i16,
        _ => return None,
    };
    Some(f)
}

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
