use crate::disasm::tests::text;

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

#[test]
fn vop3p_modifiers_print_as_llvm_does() {
    // v_fma_mix: op_sel_hi defaults to zeros, NEG_HI is the abs modifier.
    assert_eq!(
        text(&[0xcc20_5100, 0x33ca_0501]),
        "v_fma_mix_f32 v0, -|v1|, v2, 1.0 op_sel:[0,1,0] op_sel_hi:[0,1,1]"
    );
    // Packed math: op_sel_hi defaults to ones.
    assert_eq!(text(&[0xcc0f_4800, 0x1002_0501]), "v_pk_add_f16 v0, v1, v2 op_sel:[1,0] op_sel_hi:[0,1]");
    assert_eq!(text(&[0xcc16_4000, 0x7c0e_0501]), "v_dot4_i32_iu8 v0, v1, v2, v3 neg_lo:[1,1,0]");
    // WMMA with a 32-bit result ignores OPSEL_HI (never printed); its C matrix prints an
    // inline constant as a double.
    assert_eq!(
        text(&[0xcc40_4000, 0x0462_2108]),
        "v_wmma_f32_16x16x16_f16 v[0:7], v[8:15], v[16:23], v[24:31]"
    );
    assert_eq!(
        text(&[0xcc40_4000, 0x1be2_2108]),
        "v_wmma_f32_16x16x16_f16 v[0:7], v[8:15], v[16:23], 0.15915494309189532"
    );
    // A VGPR tuple given SGPRs: aligned down, with LLVM's comment.
    assert_eq!(
        text(&[0xcc40_4000, 0x1c62_1205]),
        "v_wmma_f32_16x16x16_f16 v[0:7], s[4:11]/*Invalid register, operand has 'VReg_256' register class*/, \
         v[9:16], v[24:31]"
    );
}

#[test]
fn vop3p_dpp_second_source() {
    assert_eq!(
        text(&[0xcc13_4000, 0x1c0e_04fa, 0xff00_b101]),
        "v_dot2_f32_f16_e64_dpp v0, v1, v2, v3 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf"
    );
    // LLVM prints an SGPR there plainly for v_dot2_f32_f16, with a comment for v_fma_mix.
    assert_eq!(
        text(&[0xcc13_4000, 0x1c0c_04fa, 0xff00_b101]),
        "v_dot2_f32_f16_e64_dpp v0, v1, s2, v3 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf"
    );
    assert_eq!(
        text(&[0xcc20_0000, 0x040c_04fa, 0xff00_b101]),
        "v_fma_mix_f32_e64_dpp v0, v1, s2/*Invalid register, operand has 'VGPR_32' register class*/, v3 \
         quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf"
    );
}

#[test]
fn vopd_pairs_print_as_llvm_does() {
    assert_eq!(text(&[0xc8d0_0501, 0x0002_00f2]), "v_dual_mul_f32 v0, v1, v2 :: v_dual_mov_b32 v3, 1.0");
    // VDSTY holds bits 7:1; bit 0 is the complement of VDSTX's.
    assert_eq!(text(&[0xc8d0_0501, 0xfffe_0102]), "v_dual_mul_f32 v255, v1, v2 :: v_dual_mov_b32 v254, v2");
    // v_dual_cndmask_b32 reads VCC without naming it.
    assert_eq!(
        text(&[0xca52_0501, 0x0002_0b04]),
        "v_dual_cndmask_b32 v0, v1, v2 :: v_dual_cndmask_b32 v3, v4, v5"
    );
    // One literal for both halves; with v_dual_fmaak's K, a packed f16 source's literal
    // prints as a 32-bit one (0x3c00, not 1.0).
    assert_eq!(
        text(&[0xc858_0401, 0x0002_0eff, 0x0000_3c00]),
        "v_dual_fmaak_f32 v0, s1, v2, 0x3c00 :: v_dual_dot2acc_f32_f16 v3, 0x3c00, v7"
    );
    assert_eq!(
        text(&[0xc844_0501, 0x0002_0b04, 0x0000_1234]),
        "v_dual_fmaak_f32 v0, v1, v2, 0x1234 :: v_dual_fmamk_f32 v3, v4, 0x1234, v5"
    );
}
