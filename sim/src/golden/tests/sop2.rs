//! SOP2: arithmetic, shifts, logic, bit fields, multiplies, selects, packs.

use super::*;

/// `OP s0, s1, s2` with s1 = a, s2 = b.
fn op2(op: &str, a: u32, b: u32, c: bool) -> Vec<Write> {
    writes(&format!("{op} s0, s1, s2"), &[(1, a), (2, b)], c)
}

/// `OP s[0:1], s[2:3], s4` with s[2:3] = a, s4 = b (64-bit shifts and bit fields).
fn op64_32(op: &str, a: u64, b: u32) -> Vec<Write> {
    writes(&format!("{op} s[0:1], s[2:3], s4"), &[(2, a as u32), (3, (a >> 32) as u32), (4, b)], false)
}

/// `OP s[0:1], s[2:3], s[4:5]` with s[2:3] = a, s[4:5] = b.
fn op64(op: &str, a: u64, b: u64, c: bool) -> Vec<Write> {
    let regs = [(2, a as u32), (3, (a >> 32) as u32), (4, b as u32), (5, (b >> 32) as u32)];
    writes(&format!("{op} s[0:1], s[2:3], s[4:5]"), &regs, c)
}

#[test]
fn add_sub_unsigned_carry() {
    // tmp = S0 + S1; SCC = tmp >= 2^32; D = tmp (SCC is written first).
    assert_eq!(op2("s_add_u32", 0xffff_ffff, 1, false), [scc(true), sg(0, 0)]);
    assert_eq!(op2("s_add_u32", 0x7fff_ffff, 1, true), [scc(false), sg(0, 0x8000_0000)]);
    // SCC = S1 > S0.
    assert_eq!(op2("s_sub_u32", 1, 2, false), [scc(true), sg(0, 0xffff_ffff)]);
    assert_eq!(op2("s_sub_u32", 5, 5, true), [scc(false), sg(0, 0)]);
}

#[test]
fn add_sub_with_carry_in() {
    assert_eq!(op2("s_addc_u32", 0xffff_ffff, 0, true), [scc(true), sg(0, 0)]);
    assert_eq!(op2("s_addc_u32", 1, 2, true), [scc(false), sg(0, 4)]);
    assert_eq!(op2("s_addc_u32", 0xffff_ffff, 0xffff_ffff, true), [scc(true), sg(0, 0xffff_ffff)]);
    assert_eq!(op2("s_addc_u32", 0xffff_ffff, 0xffff_ffff, false), [scc(true), sg(0, 0xffff_fffe)]);
    // SCC = S1 + SCC > S0 (in 64 bits).
    assert_eq!(op2("s_subb_u32", 0, 0, true), [scc(true), sg(0, 0xffff_ffff)]);
    assert_eq!(op2("s_subb_u32", 5, 3, true), [scc(false), sg(0, 1)]);
    assert_eq!(op2("s_subb_u32", 3, 3, true), [scc(true), sg(0, 0xffff_ffff)]);
    assert_eq!(op2("s_subb_u32", 0, 0xffff_ffff, true), [scc(true), sg(0, 0)]);
}

#[test]
fn sixty_four_bit_add_and_sub_chains() {
    // 0x1_ffff_ffff + 0x2_0000_0001 = 0x4_0000_0000.
    let code = program("s_add_u32 s0, s2, s4\ns_addc_u32 s1, s3, s5\ns_endpgm");
    let mut w = wave(&[(2, 0xffff_ffff), (3, 1), (4, 1), (5, 2)]);
    run(&mut w, &code, 10);
    assert_eq!((w.sgpr[0], w.sgpr[1], w.scc), (0, 4, false));
    // 0x1_0000_0000 - 1 = 0xffff_ffff.
    let code = program("s_sub_u32 s0, s2, s4\ns_subb_u32 s1, s3, s5\ns_endpgm");
    let mut w = wave(&[(2, 0), (3, 1), (4, 1), (5, 0)]);
    run(&mut w, &code, 10);
    assert_eq!((w.sgpr[0], w.sgpr[1], w.scc), (0xffff_ffff, 0, false));
}

#[test]
fn signed_add_sub_overflow() {
    assert_eq!(op2("s_add_i32", 0x7fff_ffff, 1, false), [scc(true), sg(0, 0x8000_0000)]);
    assert_eq!(op2("s_add_i32", 0xffff_ffff, 1, true), [scc(false), sg(0, 0)]);
    assert_eq!(op2("s_add_i32", 0x8000_0000, 0x8000_0000, false), [scc(true), sg(0, 0)]);
    assert_eq!(op2("s_add_i32", 0x8000_0000, 0x7fff_ffff, false), [scc(false), sg(0, 0xffff_ffff)]);
    assert_eq!(op2("s_sub_i32", 0x8000_0000, 1, false), [scc(true), sg(0, 0x7fff_ffff)]);
    assert_eq!(op2("s_sub_i32", 0, 0x8000_0000, false), [scc(true), sg(0, 0x8000_0000)]);
    assert_eq!(op2("s_sub_i32", 5, 3, true), [scc(false), sg(0, 2)]);
    assert_eq!(op2("s_sub_i32", 0xffff_ffff, 0x7fff_ffff, false), [scc(false), sg(0, 0x8000_0000)]);
}

#[test]
fn absdiff_guide_examples() {
    for (a, b, d) in [
        (0x0000_0002, 0x0000_0005, 0x0000_0003),
        (0xffff_ffff, 0x0000_0000, 0x0000_0001),
        (0x8000_0000, 0x0000_0000, 0x8000_0000),
        (0x8000_0000, 0x0000_0001, 0x7fff_ffff),
        (0x8000_0000, 0xffff_ffff, 0x7fff_ffff),
        (0x8000_0000, 0xffff_fffe, 0x7fff_fffe),
    ] {
        assert_eq!(op2("s_absdiff_i32", a, b, false), [sg(0, d), scc(true)], "{a:#x} {b:#x}");
    }
    assert_eq!(op2("s_absdiff_i32", 7, 7, true), [sg(0, 0), scc(false)]);
}

#[test]
fn shift_left_and_add_carry() {
    assert_eq!(op2("s_lshl1_add_u32", 0x8000_0000, 1, false), [scc(true), sg(0, 1)]);
    assert_eq!(op2("s_lshl2_add_u32", 3, 1, true), [scc(false), sg(0, 13)]);
    assert_eq!(op2("s_lshl3_add_u32", 0x2000_0000, 0, false), [scc(true), sg(0, 0)]);
    assert_eq!(op2("s_lshl4_add_u32", 0x0fff_ffff, 0x10, false), [scc(true), sg(0, 0)]);
    assert_eq!(op2("s_lshl4_add_u32", 0x0fff_ffff, 0xf, false), [scc(false), sg(0, 0xffff_ffff)]);
}

#[test]
fn min_max_signedness_from_the_row() {
    assert_eq!(op2("s_min_i32", 0xffff_ffff, 1, false), [scc(true), sg(0, 0xffff_ffff)]);
    assert_eq!(op2("s_min_u32", 0xffff_ffff, 1, true), [scc(false), sg(0, 1)]);
    assert_eq!(op2("s_max_i32", 0xffff_ffff, 1, true), [scc(false), sg(0, 1)]);
    assert_eq!(op2("s_max_u32", 0xffff_ffff, 1, false), [scc(true), sg(0, 0xffff_ffff)]);
    assert_eq!(op2("s_min_i32", 5, 5, true), [scc(false), sg(0, 5)]);
    assert_eq!(op2("s_max_u32", 5, 5, true), [scc(false), sg(0, 5)]);
}

#[test]
fn shifts_mask_the_amount() {
    assert_eq!(op2("s_lshl_b32", 1, 31, false), [sg(0, 0x8000_0000), scc(true)]);
    assert_eq!(op2("s_lshl_b32", 1, 32, false), [sg(0, 1), scc(true)]);
    assert_eq!(op2("s_lshl_b32", 1, 33, false), [sg(0, 2), scc(true)]);
    assert_eq!(op2("s_lshl_b32", 0x8000_0000, 1, true), [sg(0, 0), scc(false)]);
    assert_eq!(op2("s_lshr_b32", 0x8000_0000, 31, false), [sg(0, 1), scc(true)]);
    assert_eq!(op2("s_lshr_b32", 0x8000_0000, 32, false), [sg(0, 0x8000_0000), scc(true)]);
    assert_eq!(op2("s_lshr_b32", 1, 1, true), [sg(0, 0), scc(false)]);
    assert_eq!(op2("s_ashr_i32", 0x8000_0000, 31, false), [sg(0, 0xffff_ffff), scc(true)]);
    assert_eq!(op2("s_ashr_i32", 0x8000_0000, 32, false), [sg(0, 0x8000_0000), scc(true)]);
    assert_eq!(op2("s_ashr_i32", 0x4000_0000, 30, false), [sg(0, 1), scc(true)]);
    assert_eq!(op2("s_ashr_i32", 0x4000_0000, 31, true), [sg(0, 0), scc(false)]);
}

#[test]
fn sixty_four_bit_shifts() {
    assert_eq!(op64_32("s_lshl_b64", 1, 63), [sg(0, 0), sg(1, 0x8000_0000), scc(true)]);
    assert_eq!(op64_32("s_lshl_b64", 1, 64), [sg(0, 1), sg(1, 0), scc(true)]);
    assert_eq!(op64_32("s_lshl_b64", 1, 32), [sg(0, 0), sg(1, 1), scc(true)]);
    assert_eq!(op64_32("s_lshl_b64", 0x8000_0000_0000_0000, 1), [sg(0, 0), sg(1, 0), scc(false)]);
    assert_eq!(op64_32("s_lshr_b64", 0x8000_0000_0000_0000, 63), [sg(0, 1), sg(1, 0), scc(true)]);
    assert_eq!(op64_32("s_lshr_b64", 0x8000_0000_0000_0000, 64), [sg(0, 0), sg(1, 0x8000_0000), scc(true)]);
    assert_eq!(
        op64_32("s_ashr_i64", 0x8000_0000_0000_0000, 32),
        [sg(0, 0x8000_0000), sg(1, 0xffff_ffff), scc(true)]
    );
    assert_eq!(
        op64_32("s_ashr_i64", 0x8000_0000_0000_0000, 63),
        [sg(0, 0xffff_ffff), sg(1, 0xffff_ffff), scc(true)]
    );
    assert_eq!(op64_32("s_ashr_i64", 0x8000_0000_0000_0000, 64), [sg(0, 0), sg(1, 0x8000_0000), scc(true)]);
}

#[test]
fn logic_32() {
    assert_eq!(op2("s_and_b32", 0xf0f0, 0xff00, false), [sg(0, 0xf000), scc(true)]);
    assert_eq!(op2("s_and_b32", 0x0f, 0xf0, true), [sg(0, 0), scc(false)]);
    assert_eq!(op2("s_or_b32", 0x0f, 0xf0, false), [sg(0, 0xff), scc(true)]);
    assert_eq!(op2("s_xor_b32", 0xff, 0x0f, false), [sg(0, 0xf0), scc(true)]);
    assert_eq!(op2("s_xor_b32", 0xff, 0xff, true), [sg(0, 0), scc(false)]);
    // The inverting operations are 32 bits wide: ~0xffffffff is zero.
    assert_eq!(op2("s_nand_b32", 0xffff_ffff, 0xffff_ffff, true), [sg(0, 0), scc(false)]);
    assert_eq!(op2("s_nand_b32", 0xffff_0000, 0x00ff_ff00, false), [sg(0, 0xff00_ffff), scc(true)]);
    assert_eq!(op2("s_nor_b32", 0, 0, false), [sg(0, 0xffff_ffff), scc(true)]);
    assert_eq!(op2("s_nor_b32", 0xffff_0000, 0x0000_ffff, true), [sg(0, 0), scc(false)]);
    assert_eq!(op2("s_xnor_b32", 0x1234_5678, 0x1234_5678, false), [sg(0, 0xffff_ffff), scc(true)]);
    assert_eq!(op2("s_xnor_b32", 0xffff_ffff, 0, true), [sg(0, 0), scc(false)]);
    assert_eq!(op2("s_and_not1_b32", 0xff, 0x0f, false), [sg(0, 0xf0), scc(true)]);
    assert_eq!(op2("s_or_not1_b32", 0, 0xffff_ffff, true), [sg(0, 0), scc(false)]);
    assert_eq!(op2("s_or_not1_b32", 1, 0xffff_fff0, false), [sg(0, 0xf), scc(true)]);
}

#[test]
fn logic_64() {
    let all = u64::MAX;
    assert_eq!(
        op64("s_and_b64", 0xff00_0000_0000_00ff, 0xf000_0000_0000_000f, false),
        [sg(0, 0xf), sg(1, 0xf000_0000), scc(true)]
    );
    assert_eq!(op64("s_or_b64", 0x1_0000_0000, 1, false), [sg(0, 1), sg(1, 1), scc(true)]);
    assert_eq!(op64("s_xor_b64", 0x1_0000_0001, 0x1_0000_0001, true), [sg(0, 0), sg(1, 0), scc(false)]);
    assert_eq!(op64("s_nand_b64", all, all, true), [sg(0, 0), sg(1, 0), scc(false)]);
    assert_eq!(op64("s_nor_b64", 0xffff_ffff, 0, false), [sg(0, 0), sg(1, 0xffff_ffff), scc(true)]);
    assert_eq!(op64("s_xnor_b64", 0, all, true), [sg(0, 0), sg(1, 0), scc(false)]);
    assert_eq!(op64("s_and_not1_b64", all, 0xffff_ffff, false), [sg(0, 0), sg(1, 0xffff_ffff), scc(true)]);
    assert_eq!(op64("s_or_not1_b64", 0, all, true), [sg(0, 0), sg(1, 0), scc(false)]);
}

#[test]
fn bfe_u32() {
    let f = |off: u32, width: u32| width << 16 | off;
    assert_eq!(op2("s_bfe_u32", 0x1234_5678, f(4, 8), false), [sg(0, 0x67), scc(true)]);
    // Offset is S1[4:0]: 36 acts as 4.
    assert_eq!(op2("s_bfe_u32", 0x1234_5678, f(36, 8), false), [sg(0, 0x67), scc(true)]);
    assert_eq!(op2("s_bfe_u32", 0x1234_5678, f(4, 0), true), [sg(0, 0), scc(false)]);
    // Widths of 32 and more take every remaining bit.
    assert_eq!(op2("s_bfe_u32", 0x1234_5678, f(4, 32), false), [sg(0, 0x0123_4567), scc(true)]);
    assert_eq!(op2("s_bfe_u32", 0x1234_5678, f(0, 127), false), [sg(0, 0x1234_5678), scc(true)]);
    assert_eq!(op2("s_bfe_u32", 0x8000_0000, f(28, 8), false), [sg(0, 0x8), scc(true)]);
}

#[test]
fn bfe_i32() {
    let f = |off: u32, width: u32| width << 16 | off;
    assert_eq!(op2("s_bfe_i32", 0xf0, f(4, 4), false), [sg(0, 0xffff_ffff), scc(true)]);
    assert_eq!(op2("s_bfe_i32", 0xf0, f(4, 5), false), [sg(0, 0xf), scc(true)]);
    assert_eq!(op2("s_bfe_i32", 0xf0, f(4, 0), true), [sg(0, 0), scc(false)]);
    assert_eq!(op2("s_bfe_i32", 0x0000_8000, f(15, 1), false), [sg(0, 0xffff_ffff), scc(true)]);
    // S0.i >> offset is arithmetic: the field above bit 31 is filled with the sign.
    assert_eq!(op2("s_bfe_i32", 0x8000_0000, f(28, 8), false), [sg(0, 0xffff_fff8), scc(true)]);
    assert_eq!(op2("s_bfe_i32", 0x8000_0000, f(4, 32), false), [sg(0, 0xf800_0000), scc(true)]);
    assert_eq!(op2("s_bfe_i32", 0x7000_0000, f(28, 100), false), [sg(0, 0x7), scc(true)]);
}

#[test]
fn bfe_64() {
    let f = |off: u32, width: u32| width << 16 | off;
    let v = 0x1234_5678_9abc_def0;
    // Offset is S1[5:0] for 64 bits.
    assert_eq!(op64_32("s_bfe_u64", v, f(40, 16)), [sg(0, 0x3456), sg(1, 0), scc(true)]);
    assert_eq!(op64_32("s_bfe_u64", v, f(32, 64)), [sg(0, 0x1234_5678), sg(1, 0), scc(true)]);
    assert_eq!(op64_32("s_bfe_u64", v, f(0, 127)), [sg(0, 0x9abc_def0), sg(1, 0x1234_5678), scc(true)]);
    assert_eq!(op64_32("s_bfe_u64", v, f(0, 0)), [sg(0, 0), sg(1, 0), scc(false)]);
    assert_eq!(
        op64_32("s_bfe_i64", 0x8000_0000, f(16, 16)),
        [sg(0, 0xffff_8000), sg(1, 0xffff_ffff), scc(true)]
    );
    assert_eq!(op64_32("s_bfe_i64", 0x80_0000_0000, f(0, 40)), [sg(0, 0), sg(1, 0xffff_ff80), scc(true)]);
    assert_eq!(op64_32("s_bfe_i64", 0x80_0000_0000, f(0, 41)), [sg(0, 0), sg(1, 0x80), scc(true)]);
    assert_eq!(op64_32("s_bfe_i64", v, f(64 + 4, 0)), [sg(0, 0), sg(1, 0), scc(false)]);
}

#[test]
fn bfm() {
    // No SCC.
    assert_eq!(op2("s_bfm_b32", 4, 8, true), [sg(0, 0xf00)]);
    assert_eq!(op2("s_bfm_b32", 0, 8, true), [sg(0, 0)]);
    assert_eq!(op2("s_bfm_b32", 33, 3, true), [sg(0, 0x8)]);
    assert_eq!(op2("s_bfm_b32", 31, 1, true), [sg(0, 0xffff_fffe)]);
    assert_eq!(op2("s_bfm_b32", 4, 30, true), [sg(0, 0xc000_0000)]);
    assert_eq!(
        writes("s_bfm_b64 s[0:1], s1, s2", &[(1, 40), (2, 8)], false),
        [sg(0, 0xffff_ff00), sg(1, 0xffff)]
    );
    assert_eq!(
        writes("s_bfm_b64 s[0:1], s2, s3", &[(2, 63), (3, 1)], false),
        [sg(0, 0xffff_fffe), sg(1, 0xffff_ffff)]
    );
}

#[test]
fn multiplies() {
    assert_eq!(op2("s_mul_i32", 0x10000, 0x10000, true), [sg(0, 0)]);
    assert_eq!(op2("s_mul_i32", 0xffff_fffd, 7, true), [sg(0, 0xffff_ffeb)]);
    assert_eq!(op2("s_mul_hi_u32", 0xffff_ffff, 0xffff_ffff, false), [sg(0, 0xffff_fffe)]);
    assert_eq!(op2("s_mul_hi_u32", 0x10000, 0x10000, false), [sg(0, 1)]);
    assert_eq!(op2("s_mul_hi_i32", 0xffff_ffff, 0xffff_ffff, false), [sg(0, 0)]);
    assert_eq!(op2("s_mul_hi_i32", 0xffff_ffff, 2, false), [sg(0, 0xffff_ffff)]);
    assert_eq!(op2("s_mul_hi_i32", 0x8000_0000, 0x8000_0000, false), [sg(0, 0x4000_0000)]);
}

#[test]
fn cselect() {
    assert_eq!(op2("s_cselect_b32", 1, 2, true), [sg(0, 1)]);
    assert_eq!(op2("s_cselect_b32", 1, 2, false), [sg(0, 2)]);
    assert_eq!(op64("s_cselect_b64", 0x1_0000_0002, 0x3_0000_0004, true), [sg(0, 2), sg(1, 1)]);
    assert_eq!(op64("s_cselect_b64", 0x1_0000_0002, 0x3_0000_0004, false), [sg(0, 4), sg(1, 3)]);
}

#[test]
fn packs() {
    let (a, b) = (0x1111_2222, 0x3333_4444);
    assert_eq!(op2("s_pack_ll_b32_b16", a, b, false), [sg(0, 0x4444_2222)]);
    assert_eq!(op2("s_pack_lh_b32_b16", a, b, false), [sg(0, 0x3333_2222)]);
    assert_eq!(op2("s_pack_hh_b32_b16", a, b, false), [sg(0, 0x3333_1111)]);
    assert_eq!(op2("s_pack_hl_b32_b16", a, b, false), [sg(0, 0x4444_1111)]);
}
