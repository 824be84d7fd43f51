//! Scalar ALU semantics (SOP2, SOPK, SOP1, SOPC), one small function per operation, written
//! from the pseudocode of guide chapter 16. Widths and signedness come from the row's operand
//! types, so one function serves the B32 and B64 (or I32 and U32) rows of an operation.
//! Writes are made in the order of the pseudocode.

use std::cmp::Ordering;

use rdna3_isa::{InstDef, Mnemonic as M};

use crate::golden::scalar::{Exec, ExecFn, Relative, bits, int, ones, relative, sext, signed};

/// The function of each scalar ALU row, by mnemonic.
pub(super) fn bind(def: &InstDef) -> Option<ExecFn> {
    let f: ExecFn = match def.mnemonic {
        // SOP2
        M::s_add_u32 => add_u32,
        M::s_sub_u32 => sub_u32,
        M::s_add_i32 => add_i32,
        M::s_sub_i32 => sub_i32,
        M::s_addc_u32 => addc_u32,
        M::s_subb_u32 => subb_u32,
        M::s_absdiff_i32 => absdiff_i32,
        M::s_lshl_b32 | M::s_lshl_b64 => lshl,
        M::s_lshr_b32 | M::s_lshr_b64 => lshr,
        M::s_ashr_i32 | M::s_ashr_i64 => ashr,
        M::s_lshl1_add_u32 => lshl_add::<1>,
        M::s_lshl2_add_u32 => lshl_add::<2>,
        M::s_lshl3_add_u32 => lshl_add::<3>,
        M::s_lshl4_add_u32 => lshl_add::<4>,
        M::s_min_i32 | M::s_min_u32 => min,
        M::s_max_i32 | M::s_max_u32 => max,
        M::s_and_b32 | M::s_and_b64 => and,
        M::s_or_b32 | M::s_or_b64 => or,
        M::s_xor_b32 | M::s_xor_b64 => xor,
        M::s_nand_b32 | M::s_nand_b64 => nand,
        M::s_nor_b32 | M::s_nor_b64 => nor,
        M::s_xnor_b32 | M::s_xnor_b64 => xnor,
        M::s_and_not1_b32 | M::s_and_not1_b64 => and_not1,
        M::s_or_not1_b32 | M::s_or_not1_b64 => or_not1,
        M::s_bfe_u32 | M::s_bfe_u64 => bfe_u,
        M::s_bfe_i32 | M::s_bfe_i64 => bfe_i,
        M::s_bfm_b32 | M::s_bfm_b64 => bfm,
        M::s_mul_i32 => mul_i32,
        M::s_mul_hi_u32 => mul_hi_u32,
        M::s_mul_hi_i32 => mul_hi_i32,
        M::s_cselect_b32 | M::s_cselect_b64 => cselect,
        M::s_pack_ll_b32_b16 => pack_ll,
        M::s_pack_lh_b32_b16 => pack_lh,
        M::s_pack_hh_b32_b16 => pack_hh,
        M::s_pack_hl_b32_b16 => pack_hl,
        // SOPK
        M::s_movk_i32 => movk,
        M::s_cmovk_i32 => cmovk,
        M::s_cmpk_eq_i32 | M::s_cmpk_eq_u32 => cmp_eq,
        M::s_cmpk_lg_i32 | M::s_cmpk_lg_u32 => cmp_lg,
        M::s_cmpk_gt_i32 | M::s_cmpk_gt_u32 => cmp_gt,
        M::s_cmpk_ge_i32 | M::s_cmpk_ge_u32 => cmp_ge,
        M::s_cmpk_lt_i32 | M::s_cmpk_lt_u32 => cmp_lt,
        M::s_cmpk_le_i32 | M::s_cmpk_le_u32 => cmp_le,
        M::s_addk_i32 => addk_i32,
        M::s_mulk_i32 => mulk_i32,
        // SOP1
        M::s_mov_b32 | M::s_mov_b64 => mov,
        M::s_cmov_b32 | M::s_cmov_b64 => cmov,
        M::s_brev_b32 | M::s_brev_b64 => brev,
        M::s_ctz_i32_b32 | M::s_ctz_i32_b64 => ctz,
        M::s_clz_i32_u32 | M::s_clz_i32_u64 => clz,
        M::s_cls_i32 | M::s_cls_i32_i64 => cls,
        M::s_sext_i32_i8 => sext_i8,
        M::s_sext_i32_i16 => sext_i16,
        M::s_bitset0_b32 | M::s_bitset0_b64 => bitset0,
        M::s_bitset1_b32 | M::s_bitset1_b64 => bitset1,
        M::s_bitreplicate_b64_b32 => bitreplicate,
        M::s_abs_i32 => abs_i32,
        M::s_bcnt0_i32_b32 | M::s_bcnt0_i32_b64 => bcnt0,
        M::s_bcnt1_i32_b32 | M::s_bcnt1_i32_b64 => bcnt1,
        M::s_quadmask_b32 | M::s_quadmask_b64 => quadmask,
        M::s_wqm_b32 | M::s_wqm_b64 => wqm,
        M::s_not_b32 | M::s_not_b64 => not,
        M::s_and_saveexec_b32 | M::s_and_saveexec_b64 => and_saveexec,
        M::s_or_saveexec_b32 | M::s_or_saveexec_b64 => or_saveexec,
        M::s_xor_saveexec_b32 | M::s_xor_saveexec_b64 => xor_saveexec,
        M::s_nand_saveexec_b32 | M::s_nand_saveexec_b64 => nand_saveexec,
        M::s_nor_saveexec_b32 | M::s_nor_saveexec_b64 => nor_saveexec,
        M::s_xnor_saveexec_b32 | M::s_xnor_saveexec_b64 => xnor_saveexec,
        M::s_and_not0_saveexec_b32 | M::s_and_not0_saveexec_b64 => and_not0_saveexec,
        M::s_or_not0_saveexec_b32 | M::s_or_not0_saveexec_b64 => or_not0_saveexec,
        M::s_and_not1_saveexec_b32 | M::s_and_not1_saveexec_b64 => and_not1_saveexec,
        M::s_or_not1_saveexec_b32 | M::s_or_not1_saveexec_b64 => or_not1_saveexec,
        M::s_and_not0_wrexec_b32 | M::s_and_not0_wrexec_b64 => and_not0_wrexec,
        M::s_and_not1_wrexec_b32 | M::s_and_not1_wrexec_b64 => and_not1_wrexec,
        M::s_movrels_b32 | M::s_movrels_b64 => movrels,
        M::s_movreld_b32 | M::s_movreld_b64 => movreld,
        M::s_movrelsd_2_b32 => movrelsd_2,
        // SOPC
        M::s_cmp_eq_i32 | M::s_cmp_eq_u32 | M::s_cmp_eq_u64 => cmp_eq,
        M::s_cmp_lg_i32 | M::s_cmp_lg_u32 | M::s_cmp_lg_u64 => cmp_lg,
        M::s_cmp_gt_i32 | M::s_cmp_gt_u32 => cmp_gt,
        M::s_cmp_ge_i32 | M::s_cmp_ge_u32 => cmp_ge,
        M::s_cmp_lt_i32 | M::s_cmp_lt_u32 => cmp_lt,
        M::s_cmp_le_i32 | M::s_cmp_le_u32 => cmp_le,
        M::s_bitcmp0_b32 | M::s_bitcmp0_b64 => bitcmp0,
        M::s_bitcmp1_b32 | M::s_bitcmp1_b64 => bitcmp1,
        _ => return None,
    };
    Some(f)
}

const M32: u64 = 0xffff_ffff;

fn sign32(v: u64) -> bool {
    v & 0x8000_0000 != 0
}

// --- add and subtract ----------------------------------------------------------------------

fn add_u32(x: &mut Exec) {
    let tmp = (x.src(0) & M32) + (x.src(1) & M32);
    x.scc(tmp >= 1 << 32);
    x.dst(tmp);
}

fn sub_u32(x: &mut Exec) {
    let (a, b) = (x.src(0) & M32, x.src(1) & M32);
    x.scc(b > a);
    x.dst(a.wrapping_sub(b));
}

fn add_i32(x: &mut Exec) {
    let (a, b) = (x.src(0), x.src(1));
    let tmp = a.wrapping_add(b);
    x.scc(sign32(a) == sign32(b) && sign32(a) != sign32(tmp));
    x.dst(tmp);
}

fn sub_i32(x: &mut Exec) {
    let (a, b) = (x.src(0), x.src(1));
    let tmp = a.wrapping_sub(b);
    x.scc(sign32(a) != sign32(b) && sign32(a) != sign32(tmp));
    x.dst(tmp);
}

fn addc_u32(x: &mut Exec) {
    let tmp = (x.src(0) & M32) + (x.src(1) & M32) + u64::from(x.wave.scc);
    x.scc(tmp >= 1 << 32);
    x.dst(tmp);
}

fn subb_u32(x: &mut Exec) {
    let (a, b, c) = (x.src(0) & M32, x.src(1) & M32, u64::from(x.wave.scc));
    x.scc(b + c > a);
    x.dst(a.wrapping_sub(b).wrapping_sub(c));
}

fn absdiff_i32(x: &mut Exec) {
    let d = (x.src(0) as i32).wrapping_sub(x.src(1) as i32);
    let d = if d < 0 { d.wrapping_neg() } else { d };
    x.dst(u64::from(d as u32));
    x.scc(d != 0);
}

/// `s_lshl{N}_add_u32`: (S0 << N) + S1 with carry-out.
fn lshl_add<const N: u32>(x: &mut Exec) {
    let tmp = ((x.src(0) & M32) << N) + (x.src(1) & M32);
    x.scc(tmp >= 1 << 32);
    x.dst(tmp);
}

fn addk_i32(x: &mut Exec) {
    let (d, k) = (x.dst_in(), x.simm16());
    let r = d.wrapping_add(k);
    x.dst(r);
    x.scc(sign32(d) == sign32(k) && sign32(d) != sign32(r));
}

// --- multiply --------------------------------------------------------------------------------

fn mul_i32(x: &mut Exec) {
    let r = x.src(0).wrapping_mul(x.src(1));
    x.dst(r);
}

fn mul_hi_u32(x: &mut Exec) {
    let r = (x.src(0) & M32) * (x.src(1) & M32);
    x.dst(r >> 32);
}

fn mul_hi_i32(x: &mut Exec) {
    let r = i64::from(x.src(0) as i32) * i64::from(x.src(1) as i32);
    x.dst((r >> 32) as u64);
}

fn mulk_i32(x: &mut Exec) {
    let r = x.dst_in().wrapping_mul(x.simm16());
    x.dst(r);
}

// --- min and max (signedness from the row's types) -----------------------------------------

fn min_max(x: &mut Exec, take_s0: fn(Ordering) -> bool) {
    let ty = x.src_ty(0);
    let (a, b) = (x.src(0), x.src(1));
    let c = take_s0(int(ty, a).cmp(&int(ty, b)));
    x.scc(c);
    x.dst(if c { a } else { b });
}

fn min(x: &mut Exec) {
    min_max(x, Ordering::is_lt);
}

fn max(x: &mut Exec) {
    min_max(x, Ordering::is_gt);
}

// --- shifts (amount masked to the width) ---------------------------------------------------

fn lshl(x: &mut Exec) {
    let n = x.dst_bits();
    let r = (x.src(0) << (x.src(1) & u64::from(n - 1))) & ones(n);
    x.dst(r);
    x.scc(r != 0);
}

fn lshr(x: &mut Exec) {
    let n = x.dst_bits();
    let r = (x.src(0) & ones(n)) >> (x.src(1) & u64::from(n - 1));
    x.dst(r);
    x.scc(r != 0);
}

fn ashr(x: &mut Exec) {
    let n = x.dst_bits();
    let r = (sext(x.src(0), n) >> (x.src(1) & u64::from(n - 1))) as u64 & ones(n);
    x.dst(r);
    x.scc(r != 0);
}

// --- bitwise logic -------------------------------------------------------------------------

/// The two-input bitwise operations of SOP2 and of the SAVEEXEC/WREXEC family, as
/// `op(S0, other)`.
mod ops {
    pub fn and(a: u64, b: u64) -> u64 {
        a & b
    }
    pub fn or(a: u64, b: u64) -> u64 {
        a | b
    }
    pub fn xor(a: u64, b: u64) -> u64 {
        a ^ b
    }
    pub fn nand(a: u64, b: u64) -> u64 {
        !(a & b)
    }
    pub fn nor(a: u64, b: u64) -> u64 {
        !(a | b)
    }
    pub fn xnor(a: u64, b: u64) -> u64 {
        !(a ^ b)
    }
    pub fn and_not0(a: u64, b: u64) -> u64 {
        !a & b
    }
    pub fn or_not0(a: u64, b: u64) -> u64 {
        !a | b
    }
    pub fn and_not1(a: u64, b: u64) -> u64 {
        a & !b
    }
    pub fn or_not1(a: u64, b: u64) -> u64 {
        a | !b
    }
}

/// D = op(S0, S1); SCC = D != 0.
fn logic(x: &mut Exec, op: fn(u64, u64) -> u64) {
    let r = op(x.src(0), x.src(1)) & ones(x.dst_bits());
    x.dst(r);
    x.scc(r != 0);
}

fn and(x: &mut Exec) {
    logic(x, ops::and);
}
fn or(x: &mut Exec) {
    logic(x, ops::or);
}
fn xor(x: &mut Exec) {
    logic(x, ops::xor);
}
fn nand(x: &mut Exec) {
    logic(x, ops::nand);
}
fn nor(x: &mut Exec) {
    logic(x, ops::nor);
}
fn xnor(x: &mut Exec) {
    logic(x, ops::xnor);
}
fn and_not1(x: &mut Exec) {
    logic(x, ops::and_not1);
}
fn or_not1(x: &mut Exec) {
    logic(x, ops::or_not1);
}

fn not(x: &mut Exec) {
    let r = !x.src(0) & ones(x.dst_bits());
    x.dst(r);
    x.scc(r != 0);
}

// --- bit fields ----------------------------------------------------------------------------

/// Mask of a `width`-bit field in an `n`-bit value; widths of `n` and more select all bits.
fn field_mask(width: u32, n: u32) -> u64 {
    ones(width.min(n))
}

/// S1: offset in [4:0] ([5:0] for 64 bits), width in [22:16] (0..=127).
fn bfe_args(x: &Exec, n: u32) -> (u32, u32) {
    let s1 = x.src(1) as u32;
    (s1 & (n - 1), (s1 >> 16) & 0x7f)
}

fn bfe_u(x: &mut Exec) {
    let n = x.dst_bits();
    let (off, width) = bfe_args(x, n);
    let r = ((x.src(0) & ones(n)) >> off) & field_mask(width, n);
    x.dst(r);
    x.scc(r != 0);
}

/// Signed extract: the shift is arithmetic (`S0.i >> offset`), and a field narrower than the
/// value is sign-extended from its top bit.
fn bfe_i(x: &mut Exec) {
    let n = x.dst_bits();
    let (off, width) = bfe_args(x, n);
    let tmp = (sext(x.src(0), n) >> off) as u64 & field_mask(width, n);
    let r = match width {
        0 => 0,
        w if w < n => sext(tmp, w) as u64 & ones(n),
        _ => tmp,
    };
    x.dst(r);
    x.scc(r != 0);
}

/// D = ((1 << S0[4:0]) - 1) << S1[4:0] ([5:0] for 64 bits).
fn bfm(x: &mut Exec) {
    let n = x.dst_bits();
    let size = x.src(0) & u64::from(n - 1);
    let shift = x.src(1) & u64::from(n - 1);
    x.dst((((1u64 << size) - 1) << shift) & ones(n));
}

fn bitset0(x: &mut Exec) {
    let bit = x.src(0) & u64::from(x.dst_bits() - 1);
    let r = x.dst_in() & !(1u64 << bit);
    x.dst(r);
}

fn bitset1(x: &mut Exec) {
    let bit = x.src(0) & u64::from(x.dst_bits() - 1);
    let r = x.dst_in() | 1u64 << bit;
    x.dst(r);
}

// --- bit counts and searches (width of the source) ------------------------------------------

/// Position of the first one from the LSB, or -1.
fn ctz(x: &mut Exec) {
    let v = x.src(0) & ones(bits(x.src_ty(0)));
    x.dst(if v == 0 { M32 } else { u64::from(v.trailing_zeros()) });
}

/// Number of zeros before the first one from the MSB, or -1.
fn clz(x: &mut Exec) {
    let n = bits(x.src_ty(0));
    let v = x.src(0) & ones(n);
    x.dst(if v == 0 { M32 } else { u64::from(v.leading_zeros() - (64 - n)) });
}

/// The first `i` in 1..n whose bit `n-1-i` differs from the sign bit, or -1: the number of
/// leading bits equal to the sign bit.
fn cls(x: &mut Exec) {
    let n = bits(x.src_ty(0));
    let v = x.src(0) & ones(n);
    let sign = v >> (n - 1) & 1 == 1;
    let differ = if sign { !v & ones(n) } else { v };
    x.dst(if differ == 0 { M32 } else { u64::from(differ.leading_zeros() - (64 - n)) });
}

fn bcnt0(x: &mut Exec) {
    let n = bits(x.src_ty(0));
    let c = n - (x.src(0) & ones(n)).count_ones();
    x.dst(u64::from(c));
    x.scc(c != 0);
}

fn bcnt1(x: &mut Exec) {
    let n = bits(x.src_ty(0));
    let c = (x.src(0) & ones(n)).count_ones();
    x.dst(u64::from(c));
    x.scc(c != 0);
}

// --- moves, selects, extensions ------------------------------------------------------------

fn mov(x: &mut Exec) {
    let v = x.src(0);
    x.dst(v);
}

fn cmov(x: &mut Exec) {
    if x.wave.scc {
        let v = x.src(0);
        x.dst(v);
    }
}

fn movk(x: &mut Exec) {
    let v = x.simm16();
    x.dst(v);
}

fn cmovk(x: &mut Exec) {
    if x.wave.scc {
        let v = x.simm16();
        x.dst(v);
    }
}

fn cselect(x: &mut Exec) {
    let v = if x.wave.scc { x.src(0) } else { x.src(1) };
    x.dst(v);
}

fn sext_i8(x: &mut Exec) {
    x.dst(u64::from(x.src(0) as i8 as i32 as u32));
}

fn sext_i16(x: &mut Exec) {
    x.dst(u64::from(x.src(0) as i16 as i32 as u32));
}

fn abs_i32(x: &mut Exec) {
    let v = x.src(0) as i32;
    let r = if v < 0 { v.wrapping_neg() } else { v };
    x.dst(u64::from(r as u32));
    x.scc(r != 0);
}

fn brev(x: &mut Exec) {
    let n = x.dst_bits();
    x.dst(x.src(0).reverse_bits() >> (64 - n));
}

/// D = {S1[15:0], S0[15:0]}.
fn pack_ll(x: &mut Exec) {
    x.dst((x.src(1) & 0xffff) << 16 | x.src(0) & 0xffff);
}

/// D = {S1[31:16], S0[15:0]}.
fn pack_lh(x: &mut Exec) {
    x.dst((x.src(1) >> 16 & 0xffff) << 16 | x.src(0) & 0xffff);
}

/// D = {S1[31:16], S0[31:16]}.
fn pack_hh(x: &mut Exec) {
    x.dst((x.src(1) >> 16 & 0xffff) << 16 | x.src(0) >> 16 & 0xffff);
}

/// D = {S1[15:0], S0[31:16]}.
fn pack_hl(x: &mut Exec) {
    x.dst((x.src(1) & 0xffff) << 16 | x.src(0) >> 16 & 0xffff);
}

// --- masks ---------------------------------------------------------------------------------

/// Each bit of S0[31:0] twice: D[2i+1:2i] = {S0[i], S0[i]}.
fn bitreplicate(x: &mut Exec) {
    let s = x.src(0);
    let r = (0..32).filter(|i| s >> i & 1 == 1).fold(0u64, |r, i| r | 3 << (2 * i));
    x.dst(r);
}

/// D[i] = S0[4i+3:4i] != 0, for each nibble of the source.
fn quadmask(x: &mut Exec) {
    let n = bits(x.src_ty(0));
    let s = x.src(0);
    let r = (0..n / 4).filter(|i| s >> (4 * i) & 0xf != 0).fold(0u64, |r, i| r | 1 << i);
    x.dst(r);
    x.scc(r != 0);
}

/// Every nibble with a bit set becomes 0xF (whole quad mode). The pseudocode's bit range
/// `S0[i | 3 : i & 60]` is a typo for the nibble holding bit i; the guide's chapter 6 table
/// states the intended meaning.
fn wqm(x: &mut Exec) {
    let n = bits(x.src_ty(0));
    let s = x.src(0);
    let r = (0..n / 4).filter(|i| s >> (4 * i) & 0xf != 0).fold(0u64, |r, i| r | 0xf << (4 * i));
    x.dst(r);
    x.scc(r != 0);
}

// --- EXEC masking --------------------------------------------------------------------------

/// SAVEEXEC: saved = EXEC; EXEC = op(S0, EXEC); D = saved; SCC = EXEC != 0. The 32-bit
/// forms read and write EXEC_LO only.
fn saveexec(x: &mut Exec, op: fn(u64, u64) -> u64) {
    let dwords = x.dst_ty().dwords();
    let saved = x.exec(dwords);
    let exec = op(x.src(0), saved) & ones(32 * dwords);
    x.write_exec(dwords, exec);
    x.dst(saved);
    x.scc(exec != 0);
}

/// WREXEC: EXEC = op(S0, EXEC); D = EXEC; SCC = EXEC != 0.
fn wrexec(x: &mut Exec, op: fn(u64, u64) -> u64) {
    let dwords = x.dst_ty().dwords();
    let exec = op(x.src(0), x.exec(dwords)) & ones(32 * dwords);
    x.write_exec(dwords, exec);
    x.dst(exec);
    x.scc(exec != 0);
}

fn and_saveexec(x: &mut Exec) {
    saveexec(x, ops::and);
}
fn or_saveexec(x: &mut Exec) {
    saveexec(x, ops::or);
}
fn xor_saveexec(x: &mut Exec) {
    saveexec(x, ops::xor);
}
fn nand_saveexec(x: &mut Exec) {
    saveexec(x, ops::nand);
}
fn nor_saveexec(x: &mut Exec) {
    saveexec(x, ops::nor);
}
fn xnor_saveexec(x: &mut Exec) {
    saveexec(x, ops::xnor);
}
fn and_not0_saveexec(x: &mut Exec) {
    saveexec(x, ops::and_not0);
}
fn or_not0_saveexec(x: &mut Exec) {
    saveexec(x, ops::or_not0);
}
fn and_not1_saveexec(x: &mut Exec) {
    saveexec(x, ops::and_not1);
}
fn or_not1_saveexec(x: &mut Exec) {
    saveexec(x, ops::or_not1);
}
fn and_not0_wrexec(x: &mut Exec) {
    wrexec(x, ops::and_not0);
}
fn and_not1_wrexec(x: &mut Exec) {
    wrexec(x, ops::and_not1);
}

// --- compares (signedness and width from the row's types) ----------------------------------

/// SCC = rel(S0, S1). SOPK rows compare with SIMM16, sign-extended for a signed S0 and
/// zero-extended for an unsigned one.
fn compare(x: &mut Exec, rel: fn(Ordering) -> bool) {
    let ty = x.src_ty(0);
    let a = int(ty, x.src(0));
    let b = if x.has_src(1) {
        int(x.src_ty(1), x.src(1))
    } else if signed(ty) {
        i128::from(x.imm() as u16 as i16)
    } else {
        i128::from(x.imm() as u16)
    };
    x.scc(rel(a.cmp(&b)));
}

fn cmp_eq(x: &mut Exec) {
    compare(x, Ordering::is_eq);
}
fn cmp_lg(x: &mut Exec) {
    compare(x, Ordering::is_ne);
}
fn cmp_gt(x: &mut Exec) {
    compare(x, Ordering::is_gt);
}
fn cmp_ge(x: &mut Exec) {
    compare(x, Ordering::is_ge);
}
fn cmp_lt(x: &mut Exec) {
    compare(x, Ordering::is_lt);
}
fn cmp_le(x: &mut Exec) {
    compare(x, Ordering::is_le);
}

/// SCC = S0[S1[4:0]] (S1[5:0] for 64 bits) == value.
fn bitcmp(x: &mut Exec, value: u64) {
    let n = bits(x.src_ty(0));
    let bit = x.src(0) >> (x.src(1) & u64::from(n - 1)) & 1;
    x.scc(bit == value);
}

fn bitcmp0(x: &mut Exec) {
    bitcmp(x, 0);
}
fn bitcmp1(x: &mut Exec) {
    bitcmp(x, 1);
}

// --- M0-relative moves ---------------------------------------------------------------------

/// Reads source operand 0 indexed by `index`: out of range reads s0 (s[0:1]); a base that is
/// not an SGPR, VCC or TTMP is read as it stands.
fn read_relative(x: &Exec, index: u32) -> u64 {
    let dwords = x.src_ty(0).dwords();
    match x.src_code(0).map(|base| (base, relative(base, index, dwords))) {
        Some((_, Relative::Reg(r))) => x.read_reg(r, dwords),
        Some((_, Relative::Out)) => x.read_reg(0, dwords),
        _ => x.src(0),
    }
}

/// Writes the destination indexed by `index`: out of range writes nothing; a base that is
/// not an SGPR, VCC or TTMP is written as it stands.
fn write_relative(x: &mut Exec, index: u32, value: u64) {
    let dwords = x.dst_ty().dwords();
    match x.dst_code().map(|base| relative(base, index, dwords)) {
        Some(Relative::Reg(r)) => x.write_reg(r, dwords, value),
        Some(Relative::Out) => {}
        _ => x.dst(value),
    }
}

/// D = SGPR[S0 + M0].
fn movrels(x: &mut Exec) {
    let v = read_relative(x, x.wave.m0());
    x.dst(v);
}

/// SGPR[D + M0] = S0.
fn movreld(x: &mut Exec) {
    let v = x.src(0);
    write_relative(x, x.wave.m0(), v);
}

/// SGPR[D + M0[25:16]] = SGPR[S0 + M0[9:0]].
fn movrelsd_2(x: &mut Exec) {
    let m0 = x.wave.m0();
    let v = read_relative(x, m0 & 0x3ff);
    write_relative(x, m0 >> 16 & 0x3ff, v);
}
