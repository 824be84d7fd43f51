use crate::asm::tests::{err, words};

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

#[test]
fn vop3p_forms() {
    // Expected words from llvm-mc-19 -mcpu=gfx1100 -show-encoding.
    assert_eq!(
        words("v_fma_mix_f32 v0, -|v1|, v2, 1.0 op_sel:[0,1,0] op_sel_hi:[0,1,1]"),
        [0xcc20_5100, 0x33ca_0501]
    );
    // A two-source packed instruction keeps OPSEL_HI's third bit set.
    assert_eq!(words("v_pk_add_f16 v0, v1, v2 op_sel:[1,0] op_sel_hi:[0,1]"), [0xcc0f_4800, 0x1002_0501]);
    assert_eq!(
        words("v_wmma_f32_16x16x16_f16 v[0:7], v[8:15], v[16:23], v[24:31]"),
        [0xcc40_4000, 0x1c62_2108]
    );
    assert_eq!(
        words("v_fma_mixlo_f16 v0, v1, v2, v3 op_sel_hi:[1,1,1] dpp8:[7,6,5,4,3,2,1,0]"),
        [0xcc21_4000, 0x1c0e_04e9, 0x0539_7701]
    );
}

#[test]
fn bf16_constants_round_as_llvm_does() {
    // A float rounds to bf16 before the inline-constant lookup (1.0000001 is 1.0) ...
    assert_eq!(words("v_dot2_f32_bf16 v0, 1.0000001, v1, v2"), [0xcc1a_4000, 0x1c0a_02f2]);
    // ... 1/(2*pi) rounds to 0x3e23, a literal, but LLVM's own spelling `0.15915494` is the
    // inline constant; src2 is an f32 operand.
    assert_eq!(
        words("v_dot2_f32_bf16 v0, 0.15915494309189532, v1, v2"),
        [0xcc1a_4000, 0x1c0a_02ff, 0x0000_3e23]
    );
    assert_eq!(words("v_dot2_f32_bf16 v0, 0.15915494, v1, 0.15915494309189532"), [0xcc1a_4000, 0x1be2_02f8]);
}

#[test]
fn vop3p_errors() {
    assert_eq!(
        err("v_wmma_f32_16x16x16_f16 v[0:7], v[8:15], v[16:23], v[24:31] op_sel_hi:[0,0,0]"),
        "t.s:1:61: error: this instruction takes no op_sel_hi"
    );
    assert_eq!(
        err("v_wmma_f32_16x16x16_f16 v[0:7], s[0:7], v[16:23], v[24:31]"),
        "t.s:1:33: error: expected a VGPR"
    );
    assert_eq!(
        err("v_fma_mix_f32_e64_dpp v0, v1, s2, v3 quad_perm:[1,0,3,2]"),
        "t.s:1:31: error: expected a VGPR: the DPP forms' second source is a VGPR"
    );
    assert_eq!(
        err("v_pk_add_f16 v0, 0x1234, 0x5678"),
        "t.s:1:26: error: only one unique literal operand is allowed"
    );
}

#[test]
fn vopd_pairs() {
    // Expected words from llvm-mc-19 -mcpu=gfx1100 -show-encoding.
    assert_eq!(words("v_dual_mul_f32 v0, v1, v2 :: v_dual_mov_b32 v3, 1.0"), [0xc8d0_0501, 0x0002_00f2]);
    assert_eq!(words("v_dual_mul_f32 v255, v1, v2 :: v_dual_mov_b32 v254, v2"), [0xc8d0_0501, 0xfffe_0102]);
    assert_eq!(words("v_dual_mov_b32 v0, v1 :: v_dual_add_nc_u32 v3, v4, v5"), [0xca20_0101, 0x0002_0b04]);
    // The two halves share the literal, K included.
    assert_eq!(
        words("v_dual_fmaak_f32 v0, v1, v2, 0x1234 :: v_dual_fmamk_f32 v3, v4, 0x1234, v5"),
        [0xc844_0501, 0x0002_0b04, 0x0000_1234]
    );
    assert_eq!(
        words("v_dual_mul_f32 v0, 0x1234, v2 :: v_dual_add_f32 v3, 0x1234, v5"),
        [0xc8c8_04ff, 0x0002_0aff, 0x0000_1234]
    );
    // With K, LLVM reads a packed f16 source's 0x3f800000 as the inline 1.0.
    assert_eq!(
        words("v_dual_fmaak_f32 v0, v1, v2, 0x1234 :: v_dual_dot2acc_f32_f16 v3, 0x3f800000, v7"),
        [0xc858_0501, 0x0002_0ef2, 0x0000_1234]
    );
}

#[test]
fn vopd_rules_as_llvm_enforces_them() {
    let cases = [
        (
            "v_dual_mul_f32 v0, v1, v2 :: v_dual_mov_b32 v3, v5",
            "1:49: error: src0 operands must use different VGPR banks",
        ),
        (
            "v_dual_mul_f32 v0, v1, v2 :: v_dual_add_f32 v3, v4, v6",
            "1:53: error: src1 operands must use different VGPR banks",
        ),
        // v_dual_fmamk's VSRC1 is its third source, checked by parity.
        (
            "v_dual_fmamk_f32 v0, v1, 0x1234, v2 :: v_dual_fmamk_f32 v3, v4, 0x1234, v8",
            "1:73: error: src2 operands must use different VGPR banks",
        ),
        (
            "v_dual_mul_f32 v0, v1, v2 :: v_dual_add_f32 v2, v5, v6",
            "1:45: error: one dst register must be even and the other odd",
        ),
        // VCC (read by v_dual_cndmask_b32), the literal and SGPRs: at most two.
        (
            "v_dual_cndmask_b32 v0, s1, v2 :: v_dual_cndmask_b32 v3, s2, v5",
            "1:57: error: invalid operand (violates constant bus restrictions)",
        ),
        (
            "v_dual_mul_f32 v0, s1, v2 :: v_dual_fmamk_f32 v3, s2, 0x1234, v5",
            "1:51: error: invalid operand (violates constant bus restrictions)",
        ),
        (
            "v_dual_fmaak_f32 v0, v1, v2, 0x1234 :: v_dual_fmamk_f32 v3, v4, 0x1235, v5",
            "1:65: error: only one unique literal operand is allowed",
        ),
        (
            "v_dual_mul_f32 v0, -v1, v2 :: v_dual_mov_b32 v3, v4",
            "1:20: error: VOPD operands take no modifiers",
        ),
        (
            "v_dual_mul_f32 v0, v1, v2 clamp :: v_dual_mov_b32 v3, v4",
            "1:27: error: VOPD instructions take no modifiers",
        ),
        (
            "v_dual_add_nc_u32 v0, v1, v2 :: v_dual_mov_b32 v3, v4",
            "error: v_dual_add_nc_u32 cannot be the first instruction of a VOPD pair",
        ),
    ];
    for (src, want) in cases {
        let got = err(src);
        assert!(got.ends_with(want) || got.contains(want), "{src}: {got}");
    }
}

/// Constants as LLVM 19 encodes them (issue 11; expected words from llvm-mc-19 -mcpu=gfx1100
/// -show-encoding): a value that is an inline constant's pattern at the operand's width is that
/// constant, except at 16-bit integer operands.
#[test]
fn constants_take_the_inline_code_llvm_takes() {
    // 32-bit operands: the bit pattern decides (0xffffffff is -1, 0x3f800000 is 1.0, 0.0 is 0).
    assert_eq!(words("v_add_f32 v0, 0xffffffff, v1"), [0x0600_02c1]);
    assert_eq!(words("v_add_f32 v0, 0.0, v1"), [0x0600_0280]);
    assert_eq!(words("v_add_f32 v0, -0.0, v1"), [0x0600_02ff, 0x8000_0000]);
    assert_eq!(words("v_add_nc_u32 v0, 1.0, v1"), [0x4a00_02f2]);
    // 16-bit integer operands: 0xffff stays a literal, -1 is inline.
    assert_eq!(words("v_cmpx_ne_i16_e32 0xffff, v6"), [0x7d6a_0cff, 0x0000_ffff]);
    assert_eq!(words("v_cmpx_ne_i16_e32 -1, v6"), [0x7d6a_0cc1]);
    // f16 operands: the 16 bits decide (0xffff is -1, 0.0 is 0, -0.0 a literal).
    assert_eq!(words("v_add_f16 v0, 0xffff, v1"), [0x6400_02c1]);
    assert_eq!(words("v_add_f16 v0, 0.0, v1"), [0x6400_0280]);
    assert_eq!(words("v_add_f16 v0, -0.0, v1"), [0x6400_02ff, 0x0000_8000]);
    // 64-bit operands: the 64-bit value decides.
    assert_eq!(words("v_add_f64 v[0:1], 0.0, v[2:3]"), [0xd727_0000, 0x0002_0480]);
    assert_eq!(words("v_add_f64 v[0:1], 0x3ff0000000000000, v[2:3]"), [0xd727_0000, 0x0002_04f2]);
    assert_eq!(words("v_lshlrev_b64 v[0:1], v0, 0x3ff0000000000000"), [0xd73c_0000, 0x0001_e500]);
    assert_eq!(words("v_add_f64 v[0:1], 0xffffffff, v[2:3]"), [0xd727_0000, 0x0002_04ff, 0xffff_ffff]);
}

/// LLVM folds NEG and ABS into a constant of an f16 operand and keeps the 32-bit encoding,
/// an integer's 16 bits included.
#[test]
fn modifiers_on_f16_constants_fold_into_them() {
    assert_eq!(words("v_rcp_f16 v23, abs(31)"), [0x7e2e_a89f]);
    assert_eq!(words("v_rcp_f16 v1, abs(-1)"), [0x7e02_a8ff, 0x0000_7fff]);
    assert_eq!(words("v_rcp_f16 v1, -|0x8001|"), [0x7e02_a8ff, 0x0000_8001]);
    assert_eq!(words("v_floor_f16_e32 v60, neg(65)"), [0x7e78_b6ff, 0x0000_8041]);
    assert_eq!(words("v_rcp_f16 v1, neg(1.0)"), [0x7e02_a8f3]);
}

/// Lines LLVM 19 accepts that name an entry or a modifier the encoding has no bit for.
#[test]
fn op_sel_of_an_absent_source_and_abs_on_vop3sd() {
    // v_fmac_f16's third op_sel entry (it has no third source) is accepted and ignored.
    assert_eq!(words("v_fmac_f16_e64 v14, vcc_lo, -2.0 op_sel:[1,1,1,1] mul:2"), [0xd536_580e, 0x0801_ea6a]);
    assert_eq!(words("v_fmac_f16 v21, v5, s12 op_sel:[1,0,1,0]"), [0xd536_0815, 0x0000_1905]);
    assert_eq!(words("v_fmac_f16 v1, v6, -v2 op_sel:[0,1,1,0] clamp mul:2"), [0xd536_9001, 0x4802_0506]);
    // ... but an entry of a source that has one must be 0 where the row has no bit.
    assert!(err("v_dot2_f16_f16 v1, v2, v3, v4 op_sel:[1,0,0,0]").contains("invalid op_sel operand"));
    // VOP3SD has no ABS field: |x| on a float source is accepted and dropped.
    assert_eq!(words("v_div_scale_f32 v0, vcc_lo, |v1|, v2, v3"), [0xd6fc_6a00, 0x040e_0501]);
    assert!(err("v_mad_u64_u32 v[0:1], vcc_lo, |v1|, v2, v[4:5]").contains("|x|"));
}

/// sext() as LLVM 19 reads it on the 16-bit integer rows and on v_ldexp_f16's exponent
/// (found by `cargo bench -p conformance --bench llvm_fuzz`).
#[test]
fn sext_where_llvm_reads_it() {
    // The DPP forms of the 16-bit integer VOP3 rows read NEG as sext() of each source.
    assert_eq!(
        words("v_mad_u32_u16_e64_dpp v5, v6, v7, sext(v8) quad_perm:[0,1,2,3]"),
        [0xd659_0005, 0x8422_0efa, 0xff00_e406]
    );
    assert_eq!(
        words("v_add_nc_u16_e64_dpp v5, v6, sext(v7) dpp8:[0,1,2,3,4,5,6,7]"),
        [0xd703_0005, 0x4002_0ee9, 0xfac6_8806]
    );
    // Not outside DPP, nor on a row without op_sel (v_max_i16 is fake16).
    assert!(err("v_add_nc_u16_e64 v5, sext(v6), v7").contains("sext"));
    assert!(err("v_max_i16_e64_dpp v5, v6, sext(v7) dpp8:[0,1,2,3,4,5,6,7]").contains("sext"));
    // On a constant of source 1 or 2, but not of source 0.
    assert_eq!(words("v_add_nc_u16_e64 v5, v6, sext(1)"), [0xd703_0005, 0x4001_0306]);
    assert!(err("v_add_nc_u16_e64 v5, sext(1), v7").contains("sext"));
    // v_ldexp_f16's exponent takes NEG (printed -v1) and reads sext(v1) as the same bit, on
    // registers only.
    assert_eq!(words("v_ldexp_f16_e64 v1, v2, sext(s1)"), [0xd53b_0001, 0x4000_0302]);
    assert_eq!(words("v_ldexp_f16_e64 v128, |v170|, sext(v106) mul:2"), [0xd53b_0180, 0x4802_d5aa]);
    assert!(err("v_ldexp_f16_e64 v1, v2, sext(1)").contains("sext"));
    assert!(err("v_ldexp_f16_e64 v1, sext(v2), v3").contains("sext"));
}
