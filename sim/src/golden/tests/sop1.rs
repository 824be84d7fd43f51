//! SOP1: moves, bit operations, counts, masks, M0-relative moves.

use super::*;

/// `OP s0, s1` with s1 = a.
fn op1(op: &str, a: u32) -> Vec<Write> {
    writes(&format!("{op} s0, s1"), &[(1, a)], false)
}

/// `OP D, s[2:3]` with s[2:3] = a, where D is `s0` or `s[0:1]` as the row wants.
fn op1_64(op: &str, dst: &str, a: u64) -> Vec<Write> {
    writes(&format!("{op} {dst}, s[2:3]"), &[(2, a as u32), (3, (a >> 32) as u32)], false)
}

#[test]
fn moves() {
    assert_eq!(op1("s_mov_b32", 0x1234_5678), [sg(0, 0x1234_5678)]);
    assert_eq!(
        op1_64("s_mov_b64", "s[0:1]", 0x1111_2222_3333_4444),
        [sg(0, 0x3333_4444), sg(1, 0x1111_2222)]
    );
    assert_eq!(writes("s_cmov_b32 s0, s1", &[(1, 9)], true), [sg(0, 9)]);
    assert_eq!(writes("s_cmov_b32 s0, s1", &[(1, 9)], false), []);
    assert_eq!(writes("s_cmov_b64 s[0:1], s[2:3]", &[(2, 1), (3, 2)], true), [sg(0, 1), sg(1, 2)]);
    assert_eq!(writes("s_cmov_b64 s[0:1], s[2:3]", &[(2, 1), (3, 2)], false), []);
}

#[test]
fn bit_reverse() {
    assert_eq!(op1("s_brev_b32", 1), [sg(0, 0x8000_0000)]);
    assert_eq!(op1("s_brev_b32", 0x1234_5678), [sg(0, 0x1e6a_2c48)]);
    assert_eq!(op1_64("s_brev_b64", "s[0:1]", 3), [sg(0, 0), sg(1, 0xc000_0000)]);
    assert_eq!(
        op1_64("s_brev_b64", "s[0:1]", 0x8000_0000_0000_0001),
        [sg(0, 0x0000_0001), sg(1, 0x8000_0000)]
    );
    assert_eq!(op1_64("s_brev_b64", "s[0:1]", 0x1234_5678), [sg(0, 0), sg(1, 0x1e6a_2c48)]);
}

#[test]
fn ctz_guide_examples() {
    for (a, d) in [(0xaaaa_aaaa, 1), (0x5555_5555, 0), (0, 0xffff_ffff), (0xffff_ffff, 0), (0x0001_0000, 16)]
    {
        assert_eq!(op1("s_ctz_i32_b32", a), [sg(0, d)], "{a:#x}");
    }
    assert_eq!(op1_64("s_ctz_i32_b64", "s0", 0x1_0000_0000), [sg(0, 32)]);
    assert_eq!(op1_64("s_ctz_i32_b64", "s0", 0x8000_0000_0000_0000), [sg(0, 63)]);
    assert_eq!(op1_64("s_ctz_i32_b64", "s0", 0), [sg(0, 0xffff_ffff)]);
}

#[test]
fn clz_guide_examples() {
    for (a, d) in [
        (0, 0xffff_ffff),
        (0x0000_cccc, 16),
        (0xffff_3333, 0),
        (0x7fff_ffff, 1),
        (0x8000_0000, 0),
        (0xffff_ffff, 0),
    ] {
        assert_eq!(op1("s_clz_i32_u32", a), [sg(0, d)], "{a:#x}");
    }
    assert_eq!(op1_64("s_clz_i32_u64", "s0", 1), [sg(0, 63)]);
    assert_eq!(op1_64("s_clz_i32_u64", "s0", 0x8000_0000), [sg(0, 32)]);
    assert_eq!(op1_64("s_clz_i32_u64", "s0", 0), [sg(0, 0xffff_ffff)]);
}

#[test]
fn cls_guide_examples() {
    for (a, d) in [
        (0, 0xffff_ffff),
        (0x0000_cccc, 16),
        (0xffff_3333, 16),
        (0x7fff_ffff, 1),
        (0x8000_0000, 1),
        (0xffff_ffff, 0xffff_ffff),
    ] {
        assert_eq!(op1("s_cls_i32", a), [sg(0, d)], "{a:#x}");
    }
    assert_eq!(op1("s_cls_i32", 1), [sg(0, 31)]);
    assert_eq!(op1("s_cls_i32", 0xffff_fffe), [sg(0, 31)]);
    assert_eq!(op1_64("s_cls_i32_i64", "s0", 0xffff_ffff_0000_0000), [sg(0, 32)]);
    assert_eq!(op1_64("s_cls_i32_i64", "s0", 1), [sg(0, 63)]);
    assert_eq!(op1_64("s_cls_i32_i64", "s0", 0x4000_0000_0000_0000), [sg(0, 1)]);
    assert_eq!(op1_64("s_cls_i32_i64", "s0", 0), [sg(0, 0xffff_ffff)]);
    assert_eq!(op1_64("s_cls_i32_i64", "s0", u64::MAX), [sg(0, 0xffff_ffff)]);
}

#[test]
fn sign_extensions() {
    assert_eq!(op1("s_sext_i32_i8", 0x80), [sg(0, 0xffff_ff80)]);
    assert_eq!(op1("s_sext_i32_i8", 0x1234_567f), [sg(0, 0x7f)]);
    assert_eq!(op1("s_sext_i32_i16", 0x8000), [sg(0, 0xffff_8000)]);
    assert_eq!(op1("s_sext_i32_i16", 0xabcd_7fff), [sg(0, 0x7fff)]);
}

#[test]
fn bitset() {
    // The bit number is S0[4:0] ([5:0] for 64 bits); the destination is read and written.
    assert_eq!(writes("s_bitset0_b32 s0, s1", &[(0, 0xffff_ffff), (1, 35)], false), [sg(0, 0xffff_fff7)]);
    assert_eq!(writes("s_bitset1_b32 s0, s1", &[(0, 0x10), (1, 31)], false), [sg(0, 0x8000_0010)]);
    assert_eq!(writes("s_bitset1_b64 s[0:1], s2", &[(2, 40)], false), [sg(0, 0), sg(1, 0x100)]);
    assert_eq!(writes("s_bitset1_b64 s[0:1], s2", &[(2, 64 + 1)], false), [sg(0, 2), sg(1, 0)]);
    assert_eq!(
        writes("s_bitset0_b64 s[0:1], s2", &[(0, 0xffff_ffff), (1, 0xffff_ffff), (2, 63)], false),
        [sg(0, 0xffff_ffff), sg(1, 0x7fff_ffff)]
    );
}

#[test]
fn bitreplicate() {
    // Bit i of S0 becomes bits 2i and 2i+1; no SCC.
    let op1 = |_: &str, a: u32| writes("s_bitreplicate_b64_b32 s[0:1], s2", &[(2, a)], true);
    assert_eq!(op1("s_bitreplicate_b64_b32", 5), [sg(0, 0x33), sg(1, 0)]);
    assert_eq!(op1("s_bitreplicate_b64_b32", 0x8000_0001), [sg(0, 3), sg(1, 0xc000_0000)]);
    assert_eq!(op1("s_bitreplicate_b64_b32", 0x0000_ffff), [sg(0, 0xffff_ffff), sg(1, 0)]);
    assert_eq!(op1("s_bitreplicate_b64_b32", 0xffff_0000), [sg(0, 0), sg(1, 0xffff_ffff)]);
}

#[test]
fn abs_guide_examples() {
    for (a, d) in [
        (0x0000_0001, 0x0000_0001),
        (0x7fff_ffff, 0x7fff_ffff),
        (0x8000_0000, 0x8000_0000),
        (0x8000_0001, 0x7fff_ffff),
        (0x8000_0002, 0x7fff_fffe),
        (0xffff_ffff, 0x0000_0001),
    ] {
        assert_eq!(op1("s_abs_i32", a), [sg(0, d), scc(true)], "{a:#x}");
    }
    assert_eq!(op1("s_abs_i32", 0), [sg(0, 0), scc(false)]);
}

#[test]
fn bcnt_guide_examples() {
    for (a, d) in [(0, 32), (0xcccc_cccc, 16), (0xffff_ffff, 0)] {
        assert_eq!(op1("s_bcnt0_i32_b32", a), [sg(0, d), scc(d != 0)], "{a:#x}");
    }
    for (a, d) in [(0, 0), (0xcccc_cccc, 16), (0xffff_ffff, 32)] {
        assert_eq!(op1("s_bcnt1_i32_b32", a), [sg(0, d), scc(d != 0)], "{a:#x}");
    }
    assert_eq!(op1_64("s_bcnt0_i32_b64", "s0", 0), [sg(0, 64), scc(true)]);
    assert_eq!(op1_64("s_bcnt0_i32_b64", "s0", u64::MAX), [sg(0, 0), scc(false)]);
    assert_eq!(op1_64("s_bcnt1_i32_b64", "s0", u64::MAX), [sg(0, 64), scc(true)]);
    assert_eq!(op1_64("s_bcnt1_i32_b64", "s0", 0x1_0000_0001), [sg(0, 2), scc(true)]);
}

#[test]
fn quadmask_and_wqm() {
    // Nibbles 0, 1 and 3 of 0x0000_f021 are non-zero.
    assert_eq!(op1("s_quadmask_b32", 0x0000_f021), [sg(0, 0b1011), scc(true)]);
    assert_eq!(op1("s_quadmask_b32", 0xf000_0000), [sg(0, 0x80), scc(true)]);
    assert_eq!(op1("s_quadmask_b32", 0), [sg(0, 0), scc(false)]);
    assert_eq!(
        op1_64("s_quadmask_b64", "s[0:1]", 0x1000_0000_0000_0001),
        [sg(0, 0x8001), sg(1, 0), scc(true)]
    );
    assert_eq!(op1("s_wqm_b32", 0x0010_2001), [sg(0, 0x00f0_f00f), scc(true)]);
    assert_eq!(op1("s_wqm_b32", 0), [sg(0, 0), scc(false)]);
    assert_eq!(
        op1_64("s_wqm_b64", "s[0:1]", 0x8000_0000_0000_0001),
        [sg(0, 0xf), sg(1, 0xf000_0000), scc(true)]
    );
}

#[test]
fn not() {
    assert_eq!(op1("s_not_b32", 0xffff_ffff), [sg(0, 0), scc(false)]);
    assert_eq!(op1("s_not_b32", 0x0f0f_0f0f), [sg(0, 0xf0f0_f0f0), scc(true)]);
    assert_eq!(op1_64("s_not_b64", "s[0:1]", 0), [sg(0, 0xffff_ffff), sg(1, 0xffff_ffff), scc(true)]);
    assert_eq!(op1_64("s_not_b64", "s[0:1]", u64::MAX), [sg(0, 0), sg(1, 0), scc(false)]);
}

#[test]
fn movrel_guide_examples() {
    // s_movrels_b32 s5, s7 with M0 = 10 moves s17 to s5.
    let m0 = 125;
    assert_eq!(writes("s_movrels_b32 s5, s7", &[(m0, 10), (17, 0xabc)], false), [sg(5, 0xabc)]);
    // s_movreld_b32 s5, s7 with M0 = 10 moves s7 to s15.
    assert_eq!(writes("s_movreld_b32 s5, s7", &[(m0, 10), (7, 0xdef)], false), [sg(15, 0xdef)]);
    // s_movrelsd_2_b32 s5, s7 with M0 = (20 << 16) | 10 moves s17 to s25.
    assert_eq!(
        writes("s_movrelsd_2_b32 s5, s7", &[(m0, 20 << 16 | 10), (17, 0x123)], false),
        [sg(25, 0x123)]
    );
    // M0[15:10] and M0[31:26] play no part in s_movrelsd_2_b32.
    assert_eq!(
        writes("s_movrelsd_2_b32 s5, s7", &[(m0, 0xfc00_fc00 | 20 << 16 | 10), (17, 0x456)], false),
        [sg(25, 0x456)]
    );
}

#[test]
fn movrel_range() {
    let m0 = 125;
    // From s100, M0 = 7 reaches VCC_HI (107); M0 = 8 is out of range and reads s0.
    assert_eq!(writes("s_movrels_b32 s1, s100", &[(m0, 7), (107, 0x77), (0, 0xaa)], false), [sg(1, 0x77)]);
    assert_eq!(writes("s_movrels_b32 s1, s100", &[(m0, 8), (108, 0x88), (0, 0xaa)], false), [sg(1, 0xaa)]);
    // A huge M0 does not wrap around.
    assert_eq!(writes("s_movrels_b32 s1, s2", &[(m0, 0xffff_fffe), (0, 0xaa)], false), [sg(1, 0xaa)]);
    // Out-of-range destinations are not written.
    assert_eq!(writes("s_movreld_b32 s100, s1", &[(m0, 7), (1, 5)], false), [sg(107, 5)]);
    assert_eq!(writes("s_movreld_b32 s100, s1", &[(m0, 8), (1, 5)], false), []);
    // TTMP bases stay among the TTMPs: ttmp0 + 15 is ttmp15, + 16 is out of range.
    assert_eq!(writes("s_movrels_b32 s1, ttmp0", &[(m0, 15), (123, 0x15)], false), [sg(1, 0x15)]);
    assert_eq!(writes("s_movrels_b32 s1, ttmp0", &[(m0, 16), (0, 0xaa)], false), [sg(1, 0xaa)]);
    // TTMPs are not writable outside a trap handler.
    assert_eq!(writes("s_movreld_b32 ttmp0, s1", &[(m0, 1), (1, 5)], false), []);
    // Bases other than SGPRs and TTMPs are not indexed.
    assert_eq!(writes("s_movrels_b32 s1, m0", &[(m0, 3)], false), [sg(1, 3)]);
    assert_eq!(writes("s_movrels_b32 s1, 42", &[(m0, 3)], false), [sg(1, 42)]);
    assert_eq!(writes("s_movreld_b32 exec_lo, s1", &[(m0, 3), (1, 5)], false), [sg(126, 5)]);
    assert_eq!(writes("s_movreld_b32 null, s1", &[(m0, 3), (1, 5)], false), []);
}

#[test]
fn movrel_64_ignores_low_bits() {
    let m0 = 125;
    // M0 = 5 acts as 4: s[2:3] + 4 is s[6:7].
    assert_eq!(
        writes("s_movrels_b64 s[0:1], s[2:3]", &[(m0, 5), (6, 6), (7, 7)], false),
        [sg(0, 6), sg(1, 7)]
    );
    // s[104:105] + 2 is VCC (106), in range; + 4 is out of range and reads s[0:1].
    assert_eq!(
        writes("s_movrels_b64 s[2:3], s[104:105]", &[(m0, 2), (106, 1), (107, 2)], false),
        [sg(2, 1), sg(3, 2)]
    );
    assert_eq!(
        writes("s_movrels_b64 s[2:3], s[104:105]", &[(m0, 4), (0, 9), (1, 8)], false),
        [sg(2, 9), sg(3, 8)]
    );
    assert_eq!(
        writes("s_movreld_b64 s[104:105], s[0:1]", &[(m0, 3), (0, 9), (1, 8)], false),
        [sg(106, 9), sg(107, 8)]
    );
    assert_eq!(writes("s_movreld_b64 s[104:105], s[0:1]", &[(m0, 4), (0, 9), (1, 8)], false), []);
    // ttmp[14:15] is the last TTMP pair.
    assert_eq!(
        writes("s_movrels_b64 s[0:1], ttmp[0:1]", &[(m0, 14), (122, 1), (123, 2)], false),
        [sg(0, 1), sg(1, 2)]
    );
    assert_eq!(
        writes("s_movrels_b64 s[0:1], ttmp[0:1]", &[(m0, 16), (0, 3), (1, 4)], false),
        [sg(0, 3), sg(1, 4)]
    );
}
