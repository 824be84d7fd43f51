use crate::decode;

fn text(words: &[u32]) -> String {
    decode(words).map(|i| i.to_string()).unwrap_or_else(|e| format!("error: {e}"))
}

#[test]
fn e32_and_e64_forms_print_as_llvm_does() {
    // Expected text from llvm-objdump-19 --mcpu=gfx1100.
    assert_eq!(text(&[0x7e00_0301]), "v_mov_b32_e32 v0, v1");
    assert_eq!(text(&[0x0600_0501]), "v_add_f32_e32 v0, v1, v2");
    assert_eq!(text(&[0x7c24_0300]), "v_cmp_eq_f32_e32 vcc_lo, v0, v1");
    assert_eq!(text(&[0x4000_0501]), "v_add_co_ci_u32_e32 v0, vcc_lo, v1, v2, vcc_lo");
    assert_eq!(text(&[0xd503_0300, 0x6002_0501]), "v_add_f32_e64 v0, -|v1|, -|v2|");
}

#[test]
fn literals_print_as_the_inline_value_they_hold() {
    // LLVM prints a literal that an inline constant could encode as that constant.
    assert_eq!(text(&[0x7e00_02ff, 0xffff_fff0]), "v_mov_b32_e32 v0, -16");
    assert_eq!(text(&[0x7e00_02ff, 0x3f80_0000]), "v_mov_b32_e32 v0, 1.0");
    // A 16-bit float operand reads the low half; an f64 operand the high dword.
    assert_eq!(text(&[0x7e00_16ff, 0x1234_5678]), "v_cvt_f32_f16_e32 v0, 0x5678");
    assert_eq!(text(&[0x7e00_68ff, 0x3ff0_0000]), "v_sqrt_f64_e32 v[0:1], 1.0");
    // 16-bit integer operands print inline floats as their f16 bits.
    assert_eq!(text(&[0x7e00_a2f0]), "v_cvt_f16_i16_e32 v0, 0x3800");
}
