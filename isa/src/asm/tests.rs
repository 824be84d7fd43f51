//! The assembler's tests, and the helpers every test module under `asm` uses.

use super::*;

/// The dwords `src` assembles to (as file `t.s`); panics with the error otherwise.
pub(super) fn words(src: &str) -> Vec<u32> {
    assemble(src, "t.s").unwrap_or_else(|e| panic!("{e}")).dwords()
}

/// The error `src` gives (as file `t.s`); panics if it assembles.
pub(super) fn err(src: &str) -> String {
    assemble(src, "t.s").expect_err("should fail").to_string()
}

#[test]
fn encodes_like_llvm() {
    // Expected words from llvm-mc-19 -mcpu=gfx1100 -show-encoding.
    assert_eq!(words("s_add_u32 s0, s1, s2"), [0x8000_0201]);
    assert_eq!(words("s_add_u32 s0, s1, 0x12345678"), [0x8000_ff01, 0x1234_5678]);
    assert_eq!(words("s_mov_b64 s[0:1], 1.0"), [0xbe80_01f2]);
    assert_eq!(words("s_mov_b64 s[0:1], -100"), [0xbe80_01ff, 0xffff_ff9c]);
    assert_eq!(words("s_mov_b32 s0, 1.5"), [0xbe80_00ff, 0x3fc0_0000]);
    assert_eq!(words("s_movk_i32 s0, -32768"), [0xb000_8000]);
    assert_eq!(words("s_waitcnt vmcnt(0) & lgkmcnt(0)"), [0xbf89_0007]);
    assert_eq!(words("s_getreg_b32 s0, hwreg(HW_REG_MODE, 0, 4)"), [0xb880_1801]);
    assert_eq!(words("s_setreg_imm32_b32 hwreg(HW_REG_MODE), 3"), [0xb980_f801, 3]);
    assert_eq!(
        words("s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(SALU_CYCLE_1)"),
        [0xbf87_04a1]
    );
    assert_eq!(words("s_andn2_b32 s0, s1, s2"), [0x9100_0201]);
    assert_eq!(words("s_sendmsg sendmsg(MSG_DEALLOC_VGPRS)"), [0xbfb6_0003]);
    assert_eq!(words("s_endpgm"), [0xbfb0_0000]);
}

#[test]
fn labels_resolve_to_dword_offsets() {
    let w = words("top:\n  s_nop 0\n  s_cbranch_scc0 top\n  s_branch end\n  s_nop 0\nend: s_endpgm\n");
    assert_eq!(w, [0xbf80_0000, 0xbfa1_fffe, 0xbfa0_0001, 0xbf80_0000, 0xbfb0_0000]);
}

#[test]
fn errors_name_line_and_column() {
    assert_eq!(err("s_nop 0\ns_add_u32 s0, s1"), "t.s:2:17: error: expected `,`");
    assert_eq!(err("s_frobnicate s0"), "t.s:1:1: error: unknown instruction `s_frobnicate`");
    assert_eq!(err("s_mov_b64 s[0:1], s2"), "t.s:1:19: error: expected a 64-bit register");
    assert_eq!(
        err("s_add_u32 s0, 0x1234, 0x1235"),
        "t.s:1:23: error: only one unique literal operand is allowed"
    );
    assert_eq!(err("s_branch nowhere"), "t.s:1:10: error: undefined label `nowhere`");
    assert_eq!(err("s_mov_b32 s106, 0"), "t.s:1:11: error: register index is out of range");
    assert_eq!(err("s_waitcnt lgkmcnt(64)"), "t.s:1:19: error: too large value for lgkmcnt");
    assert_eq!(err("s_mov_b32 s0, s1 s2"), "t.s:1:18: error: unexpected text after the operands");
}

#[test]
fn comments_keep_lines_and_columns() {
    // A comment across lines: the error after it is on its own line and column.
    assert_eq!(
        err("/* one\n two\n three */ s_nop 0\ns_frob"),
        "t.s:4:1: error: unknown instruction `s_frob`"
    );
    assert_eq!(
        err("s_nop /* a */ 0 /* b\n*/ s_mov_b32 s0,"),
        "t.s:2:17: error: too few operands for instruction"
    );
    assert_eq!(
        words("s_nop 0 ; s_frob\ns_endpgm // s_frob /*\n/* ; */ s_nop 1"),
        [0xbf80_0000, 0xbfb0_0000, 0xbf80_0001]
    );
    // Unterminated: an error at the `/*`, as llvm-mc gives.
    assert_eq!(err("s_nop 0\n  s_nop 0 /* never closed\ns_endpgm"), "t.s:2:11: error: unterminated comment");
    assert_eq!(err("/*/"), "t.s:1:1: error: unterminated comment");
}

#[test]
fn deep_expressions_need_no_stack() {
    // llvm-mc accepts any depth; so does the assembler, without recursion: 10,000 parentheses
    // and 100,000 unary minuses (an even count: the value is unchanged).
    let parens = format!("s_mov_b32 s0, {}5{}", "(".repeat(10_000), ")".repeat(10_000));
    assert_eq!(words(&parens), [0xbe80_0085]);
    let minus = format!("s_mov_b32 s0, {}7", "-".repeat(100_000));
    assert_eq!(words(&minus), [0xbe80_0087]);
    let tilde = format!(".long {}", "~-".repeat(50_000) + "50000");
    assert_eq!(words(&tilde), [0]);
    assert_eq!(err(&format!("s_mov_b32 s0, {}5", "(".repeat(10_000))), "t.s:1:10016: error: expected `)`");
}

#[test]
fn expressions_keep_precedence_and_associativity() {
    let v = |x: &str| words(&format!(".long {x}"))[0] as i32;
    assert_eq!(v("1 + 2 * 3"), 7);
    assert_eq!(v("(1 + 2) * 3"), 9);
    assert_eq!(v("10 - 3 - 2"), 5);
    assert_eq!(v("64 / 4 / 2"), 8);
    assert_eq!(v("1 << 4 + 1"), 17);
    assert_eq!(v("-2 * -3"), 6);
    assert_eq!(v("-(1 + 2) * 2"), -6);
    assert_eq!(v("~0 & 0xff | 0x100"), 0x1ff);
    assert_eq!(v("6 ^ 3 & 1"), 7);
    assert_eq!(v("1 | 2 ^ 3"), 1);
    assert_eq!(v("7 % 4 + +1"), 4);
    assert!(err(".long 1 / (2 - 2)").ends_with("error: division by zero"));
    assert!(err(".long 1 +").ends_with("error: expected an integer"));
    assert!(err(".long ()").ends_with("error: expected an integer"));
}

/// Scalar constants as LLVM 19 encodes them (issue 11; expected words from llvm-mc-19
/// -mcpu=gfx1100 -show-encoding): the same rules as the vector sources'.
#[test]
fn scalar_constants_take_the_inline_code_llvm_takes() {
    assert_eq!(words("s_mov_b32 exec_lo, 0xffffffff"), [0xbefe_00c1]);
    assert_eq!(words("s_addc_u32 s16, 0xfffffffe, s96"), [0x8210_60c2]);
    assert_eq!(words("s_mov_b32 s17, 0x3f800000"), [0xbe91_00f2]);
    assert_eq!(words("s_mov_b32 s0, 0x3e22f983"), [0xbe80_00f8]);
    assert_eq!(words("s_mov_b32 s0, 0.0"), [0xbe80_0080]);
    assert_eq!(words("s_mov_b32 s0, -0.0"), [0xbe80_00ff, 0x8000_0000]);
    assert_eq!(words("s_mov_b32 s0, 0xffffffffffffffff"), [0xbe80_00c1]);
    // Two spellings of one inline constant need no literal; a literal beside one is fine.
    assert_eq!(words("s_and_not1_b32 s60, 3212836864, 0xffff"), [0x913c_fff3, 0xffff]);
    // 64-bit operands: the 64-bit value decides; 0xffffffff is a literal there.
    assert_eq!(words("s_mov_b64 s[0:1], 0xffffffff"), [0xbe80_01ff, 0xffff_ffff]);
    assert_eq!(words("s_mov_b64 s[0:1], 0x3ff0000000000000"), [0xbe80_01f2]);
    assert_eq!(words("s_mov_b64 s[0:1], 0x3fc45f306dc9c882"), [0xbe80_01f8]);
    assert!(err("s_mov_b64 s[0:1], 1.5").contains("invalid operand"));
    // MUBUF's SOFFSET takes inline constants by the same rules.
    assert_eq!(
        words("buffer_atomic_add_u32 v210, off, ttmp[4:7], 4294967280 offset:3668 dlc"),
        [0xe0d4_2e54, 0xd01c_d200]
    );
}

/// Immediates LLVM reads as numbers: SOPP's plain immediates keep the low 16 bits of any
/// value, a float standing for its f64 bits; the others must fit.
#[test]
fn scalar_immediates_as_llvm_reads_them() {
    assert_eq!(words("s_nop 0x796509db"), [0xbf80_09db]);
    assert_eq!(words("s_setkill 0.1"), [0xbf81_999a]);
    assert_eq!(words("s_sleep 3.0"), [0xbf83_0000]);
    assert_eq!(words("s_waitcnt 0x12345"), [0xbf89_2345]);
    assert_eq!(words("s_cmpk_gt_i32 s65, 0.0"), [0xb2c1_0000]);
    assert!(err("s_cmpk_gt_i32 s65, 1.0").contains("out of range"));
    assert!(err("s_movk_i32 s0, 0x12345").contains("out of range"));
    assert_eq!(words("s_setreg_imm32_b32 hwreg(HW_REG_MODE), -3.25"), [0xb980_f801, 0]);
    assert_eq!(words("s_setreg_imm32_b32 hwreg(HW_REG_MODE), 0x123456789"), [0xb980_f801, 0x2345_6789]);
}

/// The rows LLVM 19 has that the guide's opcode tables lack (`noguide`), both ways.
#[test]
fn llvm_only_rows_assemble_and_disassemble() {
    for (src, w) in [
        ("s_subvector_loop_begin s1, 16", 0xbb01_0010u32),
        ("s_subvector_loop_end s105, 65535", 0xbbe9_ffff),
        ("s_subvector_loop_end null, 32768", 0xbbfc_8000),
        ("s_ttracedata_imm 0x5", 0xbfbb_0005),
    ] {
        assert_eq!(words(src), [w], "{src}");
        assert_eq!(crate::decode(&[w]).map(|i| i.to_string()).as_deref(), Ok(src));
    }
    assert_eq!(words("s_ttracedata_imm -1"), [0xbfbb_ffff]);
    assert_eq!(words("a:\ns_subvector_loop_begin s1, a"), [0xbb01_ffff]);
}
