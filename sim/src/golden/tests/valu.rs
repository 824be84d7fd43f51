//! Vector ALU: lane masking, carries, compares, 64-bit pairs, 16-bit halves, MODE, DPP, lane
//! reads and the special values of the guide's functional examples. Expected values are worked
//! out from the guide's pseudocode.

use super::*;

/// Runs `src` (ending in s_endpgm) on a wave prepared by `setup`; returns the wave.
fn vrun(src: &str, setup: impl FnOnce(&mut Wave)) -> Wave {
    run_mode(src, 0, setup)
}

#[test]
fn inactive_lanes_are_untouched() {
    let w = vrun("v_add_f32 v0, v1, v2", |w| {
        w.sgpr[126] = 0x0000_ff0f;
        w.vgpr[0] = [0xdead; 32];
        w.vgpr[1] = lanes(|l| f(l as f32));
        w.vgpr[2] = [f(0.5); 32];
    });
    for l in 0..32 {
        let want = if 0x0000_ff0fu32 >> l & 1 == 1 { f(l as f32 + 0.5) } else { 0xdead };
        assert_eq!(w.vgpr[0][l], want, "lane {l}");
    }
}

#[test]
fn carries_chain_through_vcc_and_sgprs() {
    // 64-bit add of (2^32 - 1 + lane) and 1: the low half carries in every lane >= 1.
    let w = vrun(
        "v_add_co_u32 v0, s4, v1, v2\nv_add_co_ci_u32_e64 v3, s5, v4, v5, s4\nv_add_co_u32 v6, vcc_lo, v1, v2\nv_add_co_ci_u32_e32 v7, vcc_lo, v4, v5, vcc_lo",
        |w| {
            w.vgpr[1] = lanes(|l| u32::MAX.wrapping_add(l as u32));
            w.vgpr[2] = [0; 32];
            w.vgpr[2][0] = 1;
            w.vgpr[4] = [7; 32];
            w.vgpr[5] = [u32::MAX; 32];
        },
    );
    // Lane 0: MAX + 1 carries; lanes 1..: (lane - 1) + 0 does not... except none.
    assert_eq!(w.vgpr[0][0], 0);
    assert_eq!(w.vgpr[0][1], 0);
    assert_eq!(w.sgpr[4], 1, "carry out of lane 0 only");
    // High halves: 7 + MAX + carry: lane 0 gives 7 with carry, others 6 with carry.
    assert_eq!(w.vgpr[3][0], 7);
    assert_eq!(w.vgpr[3][1], 6);
    assert_eq!(w.sgpr[5], u32::MAX);
    assert_eq!(w.vgpr[7], w.vgpr[3]);
    assert_eq!(w.sgpr[106], u32::MAX);
}

#[test]
fn clamp_saturates_integer_adds() {
    let w = vrun("v_add_nc_u32_e64 v0, v1, v2 clamp\nv_sub_nc_u32_e64 v3, v2, v1 clamp", |w| {
        w.vgpr[1] = [0xffff_fff0; 32];
        w.vgpr[2] = [0x20; 32];
    });
    assert_eq!(w.vgpr[0][0], u32::MAX);
    assert_eq!(w.vgpr[3][0], 0);
}

#[test]
fn compares_write_whole_masks_even_with_exec_zero() {
    let w = vrun("v_cmp_lt_f32_e64 s4, v1, v2\nv_cmp_lt_f32_e32 vcc_lo, v1, v2", |w| {
        w.sgpr[126] = 0;
        w.sgpr[4] = 0x1234;
        w.sgpr[106] = 0x5678;
        w.vgpr[1] = [f(1.0); 32];
        w.vgpr[2] = [f(2.0); 32];
    });
    assert_eq!((w.sgpr[4], w.sgpr[106]), (0, 0), "inactive lanes compare as 0, the SGPR is written");
    // NaN is unordered: lt false, nge true.
    let w = vrun(
        "v_cmp_lt_f32_e64 s4, v1, v2\nv_cmp_nge_f32_e64 s5, v1, v2\nv_cmp_class_f32_e64 s6, v1, v3",
        |w| {
            w.vgpr[1] = lanes(|l| if l % 2 == 0 { 0x7fc0_0000 } else { f(-3.0) });
            w.vgpr[2] = [f(0.0); 32];
            // Classes: quiet NaN (bit 1) or negative normal (bit 3).
            w.vgpr[3] = [1 << 1; 32];
        },
    );
    assert_eq!(w.sgpr[4], 0xaaaa_aaaa);
    assert_eq!(w.sgpr[5], u32::MAX, "not(a >= b) holds for NaN and for -3 < 0");
    assert_eq!(w.sgpr[6], 0x5555_5555);
}

#[test]
fn cmpx_writes_exec_only() {
    let w = vrun("v_cmpx_gt_u32_e32 v1, v2", |w| {
        w.sgpr[126] = 0xffff_00ff;
        w.sgpr[106] = 0x77;
        w.vgpr[1] = lanes(|l| l as u32);
        w.vgpr[2] = [3; 32];
    });
    assert_eq!(w.sgpr[126], 0xffff_00f0);
    assert_eq!(w.sgpr[106], 0x77);
}

#[test]
fn shifts_use_the_low_bits_of_the_amount() {
    let w = vrun(
        "v_lshlrev_b32 v0, 33, v1\nv_lshlrev_b64 v[2:3], 33, v[4:5]\nv_ashrrev_i64 v[6:7], 63, v[4:5]",
        |w| {
            w.vgpr[1] = [3; 32];
            w.vgpr[4] = [0x8000_0001; 32];
            w.vgpr[5] = [0x8000_0000; 32];
        },
    );
    assert_eq!(w.vgpr[0][0], 6);
    assert_eq!((w.vgpr[2][0], w.vgpr[3][0]), (0, 2));
    assert_eq!((w.vgpr[6][0], w.vgpr[7][0]), (u32::MAX, u32::MAX));
}

#[test]
fn mad_u64_u32_carries_out() {
    let w = vrun("v_mad_u64_u32 v[0:1], s4, v2, v3, v[4:5]", |w| {
        w.vgpr[2] = [u32::MAX; 32];
        w.vgpr[3] = [u32::MAX; 32];
        w.vgpr[4] = lanes(|l| if l == 0 { u32::MAX } else { 0 });
        w.vgpr[5] = lanes(|l| if l == 0 { u32::MAX } else { 0 });
    });
    // (2^32-1)^2 = 0xfffffffe_00000001; plus 2^64-1 wraps with a carry in lane 0.
    assert_eq!((w.vgpr[0][1], w.vgpr[1][1]), (1, 0xffff_fffe));
    assert_eq!((w.vgpr[0][0], w.vgpr[1][0]), (0, 0xffff_fffe));
    assert_eq!(w.sgpr[4], 1);
}

/// D.i64 = S0.i32 * S1.i32 + S2.i64; the carry-out is signed overflow of the 64-bit sum.
#[test]
fn mad_i64_i32_overflows_only_in_the_sum() {
    let w = vrun("v_mad_i64_i32 v[0:1], s4, v2, v3, v[4:5]", |w| {
        // Lane 0: (-2^31) * (-2^31) = 2^62, plus i64::MAX overflows.
        // Lane 1: -1 * 5 + 10 = 5. Lane 2: -2^31 * 2^31-1 + i64::MIN overflows downwards.
        w.vgpr[2] = lanes(|l| [0x8000_0000, u32::MAX, 0x8000_0000][l.min(2)]);
        w.vgpr[3] = lanes(|l| [0x8000_0000, 5, 0x7fff_ffff][l.min(2)]);
        w.vgpr[4] = lanes(|l| [u32::MAX, 10, 0][l.min(2)]);
        w.vgpr[5] = lanes(|l| [0x7fff_ffff, 0, 0x8000_0000][l.min(2)]);
    });
    let d = |l: usize| u64::from(w.vgpr[0][l]) | u64::from(w.vgpr[1][l]) << 32;
    assert_eq!(d(0), (1u64 << 62).wrapping_add(i64::MAX as u64));
    assert_eq!(d(1), 5);
    assert_eq!(d(2), ((-(1i64 << 31)) * ((1i64 << 31) - 1)).wrapping_add(i64::MIN) as u64);
    assert_eq!(w.sgpr[4] & 0b111, 0b101);
}

#[test]
fn mode_rounding_and_denormals() {
    let tiny = f32::MIN_POSITIVE.to_bits(); // smallest normal
    // 1 + 2^-30 rounds up under round-toward-+inf (FP_ROUND[1:0] = 1).
    let w = vrun("s_round_mode 0x1\nv_add_f32 v0, v1, v2", |w| {
        w.mode = 0x3f0;
        w.vgpr[1] = [f(1.0); 32];
        w.vgpr[2] = [f(2f32.powi(-30)); 32];
    });
    assert_eq!(w.vgpr[0][0], f(1.0) + 1);
    // Flushed outputs: half the smallest normal is a denormal, written as +0.
    let w = vrun("s_denorm_mode 0x0\nv_mul_f32 v0, v1, 0.5", |w| w.vgpr[1] = [tiny; 32]);
    assert_eq!(w.vgpr[0][0], 0);
    let w = vrun("s_denorm_mode 0xf\nv_mul_f32 v0, v1, 0.5", |w| w.vgpr[1] = [tiny; 32]);
    assert_eq!(w.vgpr[0][0], tiny / 2);
}

#[test]
fn special_values_of_the_guide() {
    // (instruction, input, output) from the functional examples of chapter 16.8.
    let cases = [
        ("v_rcp_f32", 0xff80_0000, 0x8000_0000),
        ("v_rcp_f32", 0xc000_0000, 0xbf00_0000),
        ("v_rcp_f32", 0x8000_0000, 0xff80_0000),
        ("v_rcp_f32", 0x7f80_0000, 0x0000_0000),
        ("v_rsq_f32", 0xff80_0000, 0xffc0_0000),
        ("v_rsq_f32", 0x8000_0000, 0xff80_0000),
        ("v_rsq_f32", 0x4080_0000, 0x3f00_0000),
        ("v_sqrt_f32", 0xff80_0000, 0xffc0_0000),
        ("v_sqrt_f32", 0x8000_0000, 0x8000_0000),
        ("v_sqrt_f32", 0x4080_0000, 0x4000_0000),
        ("v_sqrt_f32", 0x7f80_0000, 0x7f80_0000),
        ("v_sin_f32", 0xff80_0000, 0xffc0_0000),
        ("v_sin_f32", 0xff7f_ffff, 0x0000_0000),
        ("v_sin_f32", 0x8000_0000, 0x8000_0000),
        ("v_sin_f32", 0x3e80_0000, 0x3f80_0000),
        ("v_cos_f32", 0xff7f_ffff, 0x3f80_0000),
        ("v_cos_f32", 0x8000_0000, 0x3f80_0000),
        ("v_cos_f32", 0x3e80_0000, 0x0000_0000),
        ("v_exp_f32", 0xff80_0000, 0x0000_0000),
        ("v_exp_f32", 0x8000_0000, 0x3f80_0000),
        ("v_exp_f32", 0x7f80_0000, 0x7f80_0000),
        ("v_log_f32", 0xbf80_0000, 0xffc0_0000),
        ("v_log_f32", 0x8000_0000, 0xff80_0000),
        ("v_log_f32", 0x3f80_0000, 0x0000_0000),
        ("v_log_f32", 0x7f80_0000, 0x7f80_0000),
        ("v_cvt_i32_f32", 0x7fc0_0000, 0),
        ("v_cvt_i32_f32", 0x7f80_0000, 0x7fff_ffff),
        ("v_cvt_i32_f32", 0xcf80_0000, 0x8000_0000),
        ("v_cvt_u32_f32", 0xbf80_0000, 0),
        ("v_frexp_mant_f32", 0x4140_0000, 0x3f40_0000),
        ("v_frexp_exp_i32_f32", 0x4140_0000, 4),
        ("v_fract_f32", 0xbf99_999a, 0x3f4c_cccc),
        ("v_clz_i32_u32", 0, u32::MAX),
        ("v_clz_i32_u32", 0x8000_00ff, 0),
        ("v_clz_i32_u32", 0x1000_00ff, 3),
        ("v_clz_i32_u32", 0x0000_ffff, 16),
        ("v_clz_i32_u32", 0x0000_0001, 31),
        ("v_ctz_i32_b32", 0, u32::MAX),
        ("v_ctz_i32_b32", 0xff00_0008, 3),
        ("v_ctz_i32_b32", 0x8000_0000, 31),
        ("v_cls_i32", 0, u32::MAX),
        ("v_cls_i32", 0x4000_0000, 1),
        ("v_cls_i32", 0x8000_0000, 1),
        ("v_cls_i32", 0x0fff_ffff, 4),
        ("v_cls_i32", 0xffff_0000, 16),
        ("v_cls_i32", 0xffff_fffe, 31),
        ("v_cls_i32", 0xffff_ffff, u32::MAX),
    ];
    for (op, input, want) in cases {
        let w = vrun(&format!("{op} v0, v1"), |w| {
            w.mode = 0x3f0;
            w.vgpr[1] = [input; 32];
        });
        assert_eq!(w.vgpr[0][0], want, "{op}({input:#x})");
    }
}

#[test]
fn sixteen_bit_halves() {
    // VOP3 OPSEL[3] writes the high half and keeps the low; OPSEL[0] reads S0's high half.
    let def = table().all_by_name("v_add_f16").find(|d| d.format().name == "VOP3").expect("v_add_f16 VOP3");
    let words = Inst::build(
        def,
        &[(Field::Vdst, 0), (Field::Src0, 257), (Field::Src1, 258), (Field::Opsel, 0b1001)],
        None,
    )
    .encode();
    let mut w = Wave::new(BASE);
    w.vgpr[0] = [0x0000_1234; 32];
    w.vgpr[1] = [0x3c00_0000; 32]; // high half 1.0
    w.vgpr[2] = [0x0000_4000; 32]; // low half 2.0
    let mut mem = Memory::default();
    let s = run_in(&mut w, Code::new(BASE, words), &mut mem, &mut [], 1);
    assert_eq!(s.map(|s| s.outcome), Some(Outcome::Retired));
    assert_eq!(w.vgpr[0][0], 0x4200_1234, "3.0 in the high half, the low half kept");
    // VOP2: bit 7 of a source VGPR field selects the high half. (Of the destination too, in
    // the guide; LLVM 19 decodes no instruction from such a word, and the model follows it.)
    let def = table().all_by_name("v_add_f16").find(|d| d.format().name == "VOP2").expect("v_add_f16 VOP2");
    let words =
        Inst::build(def, &[(Field::Vdst, 0), (Field::Src0, 256 + 0x81), (Field::Vsrc1, 2)], None).encode();
    let mut w2 = Wave::new(BASE);
    w2.vgpr = w.vgpr.clone();
    w2.vgpr[0] = [0x5678_1234; 32];
    let s = run_in(&mut w2, Code::new(BASE, words), &mut mem, &mut [], 1);
    assert_eq!(s.map(|s| s.outcome), Some(Outcome::Retired));
    assert_eq!(w2.vgpr[0][0], 0x5678_4200, "3.0 in the low half, the high half kept");
    let words =
        Inst::build(def, &[(Field::Vdst, 0x80), (Field::Src0, 256 + 0x81), (Field::Vsrc1, 2)], None).encode();
    let s = run_in(&mut w2, Code::new(BASE, words), &mut mem, &mut [], 1);
    assert!(matches!(s.map(|s| s.outcome), Some(Outcome::Fault(Fault::Illegal { .. }))));
}

#[test]
fn lane_reads_and_writes() {
    let w = vrun("v_readlane_b32 s4, v1, 5\nv_readfirstlane_b32 s5, v1\nv_writelane_b32 v2, s6, 9", |w| {
        w.sgpr[126] = 0xffff_ff00;
        w.sgpr[6] = 0xabcd;
        w.vgpr[1] = lanes(|l| 100 + l as u32);
    });
    assert_eq!(w.sgpr[4], 105, "readlane ignores EXEC");
    assert_eq!(w.sgpr[5], 108, "the lowest active lane");
    assert_eq!(w.vgpr[2][9], 0xabcd);
    assert_eq!(w.vgpr[2][10], 0);
    let w = vrun("v_readfirstlane_b32 s5, v1", |w| {
        w.sgpr[126] = 0;
        w.vgpr[1] = lanes(|l| 100 + l as u32);
    });
    assert_eq!(w.sgpr[5], 100, "lane 0 when EXEC is zero");
}

#[test]
fn cndmask_selects_by_vcc_or_sgpr() {
    let w = vrun("v_cndmask_b32_e32 v0, v1, v2, vcc_lo\nv_cndmask_b32_e64 v3, v1, v2, s4", |w| {
        w.sgpr[106] = 0x0000_000f;
        w.sgpr[4] = 0xf000_0000;
        w.vgpr[1] = [1; 32];
        w.vgpr[2] = [2; 32];
    });
    assert_eq!((w.vgpr[0][0], w.vgpr[0][4]), (2, 1));
    assert_eq!((w.vgpr[3][0], w.vgpr[3][31]), (1, 2));
}

#[test]
fn dpp_selects_lanes_and_masks_writes() {
    let src = lanes(|l| l as u32);
    // quad_perm [1,0,3,2] swaps neighbours.
    let w = vrun("v_mov_b32_dpp v0, v1 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf", |w| w.vgpr[1] = src);
    assert_eq!(&w.vgpr[0][..4], &[1, 0, 3, 2]);
    // row_shr:1: lane 0 of each row has no source; without bound_ctrl it is not written.
    let w = vrun("v_mov_b32_dpp v0, v1 row_shr:1 row_mask:0xf bank_mask:0xf", |w| {
        w.vgpr[0] = [99; 32];
        w.vgpr[1] = src;
    });
    assert_eq!((w.vgpr[0][0], w.vgpr[0][1], w.vgpr[0][16], w.vgpr[0][17]), (99, 0, 99, 16));
    let w = vrun("v_mov_b32_dpp v0, v1 row_shr:1 row_mask:0xf bank_mask:0xf bound_ctrl:1", |w| {
        w.vgpr[0] = [99; 32];
        w.vgpr[1] = src;
    });
    assert_eq!(w.vgpr[0][16], 0);
    // row_mask 0x1 writes only lanes 0..15; bank_mask 0x1 only lanes 0..3 of each row.
    let w = vrun("v_mov_b32_dpp v0, v1 row_mirror row_mask:0x1 bank_mask:0x1", |w| {
        w.vgpr[0] = [99; 32];
        w.vgpr[1] = src;
    });
    assert_eq!((w.vgpr[0][0], w.vgpr[0][3], w.vgpr[0][4], w.vgpr[0][16]), (15, 12, 99, 99));
    // DPP8 within groups of 8.
    let w = vrun("v_mov_b32_dpp v0, v1 dpp8:[7,6,5,4,3,2,1,0]", |w| w.vgpr[1] = src);
    assert_eq!((w.vgpr[0][0], w.vgpr[0][8], w.vgpr[0][15]), (7, 15, 8));
}

#[test]
fn bit_operations() {
    let w = vrun(
        "v_perm_b32 v0, v1, v2, v3\nv_bfe_i32 v4, v1, 4, 8\nv_alignbit_b32 v5, v1, v2, 8\nv_mbcnt_lo_u32_b32 v6, -1, 0\nv_bfi_b32 v7, v3, v1, v2",
        |w| {
            w.vgpr[1] = [0x8765_4321; 32];
            w.vgpr[2] = [0x0fed_cba9; 32];
            // Bytes: 0 (S1 byte 0), 7 (S0 byte 3), 12 (zero), 11 (sign of S0 = 1 -> 0xff).
            w.vgpr[3] = [0x0b0c_0700; 32];
        },
    );
    assert_eq!(w.vgpr[0][0], 0xff00_87a9);
    assert_eq!(w.vgpr[4][0], 0x32);
    assert_eq!(w.vgpr[5][0], 0x210f_edcb);
    assert_eq!(&w.vgpr[6][..4], &[0, 1, 2, 3]);
    assert_eq!(w.vgpr[7][0], (0x0b0c_0700 & 0x8765_4321) | (!0x0b0c_0700u32 & 0x0fed_cba9));
}

/// With CLAMP, a sum that overflows saturates: unsigned to all ones, signed toward the
/// product's sign (the only way S0 * S1 + S2 can overflow is S2 pushing it past the end
/// the product points to).
#[test]
fn mad64_clamp_saturates_overflowing_lanes_only() {
    let w = vrun("v_mad_u64_u32 v[0:1], s4, v2, v3, v[4:5] clamp", |w| {
        w.vgpr[2] = [u32::MAX; 32];
        w.vgpr[3] = [u32::MAX; 32];
        w.vgpr[4] = lanes(|l| if l == 0 { u32::MAX } else { 0 });
        w.vgpr[5] = lanes(|l| if l == 0 { u32::MAX } else { 0 });
    });
    assert_eq!((w.vgpr[0][0], w.vgpr[1][0]), (u32::MAX, u32::MAX), "lane 0 saturates");
    assert_eq!((w.vgpr[0][1], w.vgpr[1][1]), (1, 0xffff_fffe), "lane 1 is exact");
    let w = vrun("v_mad_i64_i32 v[0:1], s4, v2, v3, v[4:5] clamp", |w| {
        w.vgpr[2] = lanes(|l| [0x8000_0000, u32::MAX, 0x8000_0000][l.min(2)]);
        w.vgpr[3] = lanes(|l| [0x8000_0000, 5, 0x7fff_ffff][l.min(2)]);
        w.vgpr[4] = lanes(|l| [u32::MAX, 10, 0][l.min(2)]);
        w.vgpr[5] = lanes(|l| [0x7fff_ffff, 0, 0x8000_0000][l.min(2)]);
    });
    let d = |l: usize| u64::from(w.vgpr[0][l]) | u64::from(w.vgpr[1][l]) << 32;
    assert_eq!(d(0), i64::MAX as u64, "a positive product overflows upwards");
    assert_eq!(d(1), 5);
    assert_eq!(d(2), i64::MIN as u64, "a negative product overflows downwards");
    assert_eq!(w.sgpr[4] & 0b111, 0b101, "the carry-out is written as without CLAMP");
}
