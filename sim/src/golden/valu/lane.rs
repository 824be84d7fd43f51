//! Moves, lane access and VGPR indexing (guide 16.7, 16.8, 16.12): `v_mov`, `v_cndmask`, lane
//! reads and writes, `v_permlane16`/`v_permlanex16`, swaps and the M0-relative moves.
//!
//! **Choices.** `v_permlane16/x16` use OPSEL[0] as FI and OPSEL[1] as BOUND_CTRL like DPP16:
//! a source lane that is inactive reads normally with FI, reads 0 with BOUND_CTRL, and
//! otherwise disables the write. M0-relative moves index the wave's 256 VGPRs; a source past
//! v255 reads v0 and a destination past v255 is not written (guide 7.2.7); with DPP, the
//! extension dword's source register is the base, and the lanes read and written follow DPP
//! as source 0's do in any other instruction. `v_permlane64_b32` does nothing in wave32.

use rdna3_isa::{Field, InstDef, Mnemonic as M};

use super::lanewise::{lo32, put, put32, un};
use crate::golden::vector::{Lanes, VExec, VFn};

/// The function of each row of this part, by mnemonic (a VOP3 promotion shares its 32-bit
/// form's mnemonic; a VOPD half is `v_dual_` and the VOP1/VOP2 mnemonic it runs).
pub(super) fn bind(def: &InstDef) -> Option<VFn> {
    let f: VFn = match def.mnemonic {
        // Moves and lane access
        M::v_nop => nop,
        M::v_mov_b32 | M::v_dual_mov_b32 | M::v_mov_b16 => mov,
        M::v_readfirstlane_b32 => readfirstlane,
        M::v_readlane_b32 => readlane,
        M::v_writelane_b32 => writelane,
        M::v_cndmask_b32 | M::v_dual_cndmask_b32 | M::v_cndmask_b16 => cndmask,
        // Lanes and indexing
        M::v_permlane16_b32 => permlane16,
        M::v_permlanex16_b32 => permlanex16,
        M::v_permlane64_b32 | M::v_pipeflush => nop,
        M::v_swap_b32 => swap_b32,
        M::v_swap_b16 => swap_b16,
        M::v_movrels_b32 => movrels,
        M::v_movreld_b32 => movreld,
        M::v_movrelsd_b32 => movrelsd,
        M::v_movrelsd_2_b32 => movrelsd_2,
        M::v_swaprel_b32 => swaprel,
        _ => return None,
    };
    Some(f)
}

pub(super) fn nop(_: &mut VExec) {}

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

// --- permutes, swaps and M0-relative moves --------------------------------------------------

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
    if x.inst.ext.is_some() {
        // DPP: the extension dword names the source register.
        return x.inst.field(Field::DppSrc0);
    }
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
    // SRC0 is read and written (not a source the operand resolver sees): a VGPR in the
    // 32-bit encoding names its half with bit 7, as any 16-bit VGPR operand there does (and
    // as the disassembler prints it); another code counts as a VGPR number.
    let raw = x.inst.field(Field::Src0);
    let (s, s_hi) = if raw >= 256 { (raw & 0x7f, raw & 0x80 != 0) } else { (src0_vgpr(x), false) };
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
    // With DPP, the lanes of the register read are selected as source 0's are.
    let vals: Lanes = x.dpp_gather(&std::array::from_fn(|l| u64::from(x.vreg(s, l))));
    if dst <= 255 {
        let m = x.write_mask();
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
        let m = x.write_mask();
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
