//! SOPC: compares and bit tests.

use super::*;

fn cmp(op: &str, a: u32, b: u32) -> Vec<Write> {
    writes(&format!("{op} s1, s2"), &[(1, a), (2, b)], false)
}

#[test]
fn compares_32_signedness_from_the_row() {
    let t = [scc(true)];
    let f = [scc(false)];
    assert_eq!(cmp("s_cmp_eq_i32", 5, 5), t);
    assert_eq!(cmp("s_cmp_eq_u32", 0xffff_ffff, 0xffff_ffff), t);
    assert_eq!(cmp("s_cmp_eq_u32", 1, 2), f);
    assert_eq!(cmp("s_cmp_lg_i32", 1, 2), t);
    assert_eq!(cmp("s_cmp_lg_u32", 2, 2), f);
    assert_eq!(cmp("s_cmp_gt_i32", 0xffff_ffff, 1), f);
    assert_eq!(cmp("s_cmp_gt_u32", 0xffff_ffff, 1), t);
    assert_eq!(cmp("s_cmp_ge_i32", 0x8000_0000, 0x7fff_ffff), f);
    assert_eq!(cmp("s_cmp_ge_u32", 0x8000_0000, 0x7fff_ffff), t);
    assert_eq!(cmp("s_cmp_ge_i32", 3, 3), t);
    assert_eq!(cmp("s_cmp_lt_i32", 0xffff_ffff, 0), t);
    assert_eq!(cmp("s_cmp_lt_u32", 0xffff_ffff, 0), f);
    assert_eq!(cmp("s_cmp_le_i32", 0x8000_0000, 0x8000_0000), t);
    assert_eq!(cmp("s_cmp_le_u32", 1, 0), f);
}

#[test]
fn compares_64() {
    let regs = [(0, 5), (1, 1), (2, 5), (3, 2)];
    assert_eq!(writes("s_cmp_eq_u64 s[0:1], s[2:3]", &regs, true), [scc(false)]);
    assert_eq!(writes("s_cmp_lg_u64 s[0:1], s[2:3]", &regs, false), [scc(true)]);
    assert_eq!(writes("s_cmp_eq_u64 s[0:1], s[0:1]", &regs, false), [scc(true)]);
    // A literal is zero-extended for u64.
    assert_eq!(writes("s_cmp_eq_u64 s[0:1], 0xffffffff", &[(0, 0xffff_ffff)], false), [scc(true)]);
    assert_eq!(
        writes("s_cmp_eq_u64 s[0:1], 0xffffffff", &[(0, 0xffff_ffff), (1, 0xffff_ffff)], true),
        [scc(false)]
    );
    // An inline constant is sign-extended: -1 is all ones at 64 bits.
    assert_eq!(writes("s_cmp_eq_u64 s[0:1], -1", &[(0, 0xffff_ffff), (1, 0xffff_ffff)], false), [scc(true)]);
}

#[test]
fn bit_compares() {
    assert_eq!(cmp("s_bitcmp0_b32", 8, 3), [scc(false)]);
    assert_eq!(cmp("s_bitcmp1_b32", 8, 3), [scc(true)]);
    // The bit number is S1[4:0].
    assert_eq!(cmp("s_bitcmp1_b32", 8, 35), [scc(true)]);
    assert_eq!(cmp("s_bitcmp0_b32", 8, 4), [scc(true)]);
    let regs = [(0, 1), (1, 0x8000_0000)];
    assert_eq!(writes("s_bitcmp1_b64 s[0:1], 63", &regs, false), [scc(true)]);
    assert_eq!(writes("s_bitcmp0_b64 s[0:1], 63", &regs, true), [scc(false)]);
    assert_eq!(writes("s_bitcmp1_b64 s[0:1], 32", &regs, true), [scc(false)]);
    // S1[5:0]: 64 is bit 0.
    assert_eq!(writes("s_bitcmp1_b64 s[0:1], 64", &regs, false), [scc(true)]);
}
