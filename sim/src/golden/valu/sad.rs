//! Byte-wise arithmetic (guide 16.12): `v_lerp_u8` and the sums of absolute differences
//! (`v_sad_*`, `v_msad_u8`, the quad SADs).

use rdna3_isa::{Field, InstDef, Mnemonic as M};

use super::lanewise::{lo32, tri};
use crate::golden::vector::{VExec, VFn};

/// The function of each row of this part, by mnemonic (a VOP3 promotion shares its 32-bit
/// form's mnemonic; a VOPD half is `v_dual_` and the VOP1/VOP2 mnemonic it runs).
pub(super) fn bind(def: &InstDef) -> Option<VFn> {
    let f: VFn = match def.mnemonic {
        M::v_lerp_u8 => lerp_u8,
        M::v_sad_u8 => sad_u8,
        M::v_sad_hi_u8 => sad_hi_u8,
        M::v_sad_u16 => sad_u16,
        M::v_sad_u32 => sad_u32,
        M::v_msad_u8 => msad_u8,
        M::v_qsad_pk_u16_u8 => qsad_pk_u16_u8,
        M::v_mqsad_pk_u16_u8 => mqsad_pk_u16_u8,
        M::v_mqsad_u32_u8 => mqsad_u32_u8,
        _ => return None,
    };
    Some(f)
}

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
