use crate::asm::assemble;

fn words(src: &str) -> Vec<u32> {
    assemble(src, "t.s").unwrap_or_else(|e| panic!("{e}")).dwords()
}

fn err(src: &str) -> String {
    assemble(src, "t.s").expect_err("should fail").to_string()
}

#[test]
fn first_encoding_that_fits() {
    // Expected words from llvm-mc-19 -mcpu=gfx1100 -show-encoding.
    assert_eq!(words("v_add_f32 v0, v1, v2"), [0x0600_0501]);
    assert_eq!(words("v_add_f32 v0, v1, s2"), [0xd503_0000, 0x0000_0501]);
    assert_eq!(words("v_add_f32 v0, 0x3fc00000, v1"), [0x0600_02ff, 0x3fc0_0000]);
    assert_eq!(words("v_cmp_eq_f32 s0, v0, v1"), [0xd412_0000, 0x0002_0300]);
    assert_eq!(words("v_cmpx_eq_f32_e64 v0, v1"), [0xd492_007e, 0x0002_0300]);
    assert_eq!(words("v_add_f16 v0, v1, s1"), [0xd532_0000, 0x0000_0301]);
}

#[test]
fn errors_name_the_operand() {
    assert_eq!(err("v_add_f32_e32 v0, v1, s2"), "t.s:1:23: error: expected a VGPR");
    assert_eq!(err("v_add_f32 v0, v1"), "t.s:1:17: error: too few operands for instruction");
}
