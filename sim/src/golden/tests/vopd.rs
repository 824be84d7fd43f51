//! VOPD dual issue (guide 7.6 and 16.11): both halves read their sources before either
//! writes, a literal shared by the two halves, fmaak/fmamk/fmac, cndmask reading VCC,
//! dot2acc, the Y-only integer operations, inactive lanes and EXEC == 0. Expected values are
//! worked out from the VOP1/VOP2 pseudocode each half names.

use super::*;

fn run(src: &str, setup: impl FnOnce(&mut Wave)) -> Wave {
    run_mode(src, 0x3f0, setup)
}

#[test]
fn both_halves_compute_their_own_operation() {
    let w = run("v_dual_mul_f32 v0, v1, v2 :: v_dual_add_f32 v3, v4, v5", |w| {
        w.vgpr[1] = lanes(|l| f(l as f32));
        w.vgpr[2] = [f(2.0); 32];
        w.vgpr[4] = [f(0.5); 32];
        w.vgpr[5] = lanes(|l| f(l as f32));
    });
    for l in 0..32 {
        assert_eq!(w.vgpr[0][l], f(2.0 * l as f32), "X lane {l}");
        assert_eq!(w.vgpr[3][l], f(l as f32 + 0.5), "Y lane {l}");
    }
    let w = run(
        "v_dual_sub_f32 v0, v1, v2 :: v_dual_subrev_f32 v3, v4, v5\nv_dual_max_f32 v6, v1, v2 :: v_dual_min_f32 v7, v4, v5",
        |w| {
            w.vgpr[1] = [f(1.0); 32];
            w.vgpr[2] = [f(4.0); 32];
            w.vgpr[4] = [f(1.0); 32];
            w.vgpr[5] = [f(4.0); 32];
        },
    );
    assert_eq!((w.vgpr[0][0], w.vgpr[3][0]), (f(-3.0), f(3.0)), "sub: S0 - S1; subrev: S1 - S0");
    assert_eq!((w.vgpr[6][0], w.vgpr[7][0]), (f(4.0), f(1.0)));
}

#[test]
fn each_half_reads_the_registers_as_they_were_before_the_pair() {
    // "there are no races between them if one reads a VGPR and the other writes the same
    // VGPR. The 'read' gets the old value."
    // Swap through two moves: X writes v2 which Y reads, Y writes v1 which X reads.
    let w = run("v_dual_mov_b32 v2, v1 :: v_dual_mov_b32 v1, v2", |w| {
        w.vgpr[1] = [111; 32];
        w.vgpr[2] = [222; 32];
    });
    assert_eq!((w.vgpr[1][0], w.vgpr[2][0]), (222, 111));
    // X writes v4, which Y reads as a source.
    let w = run("v_dual_add_f32 v4, v1, v2 :: v_dual_mul_f32 v3, v4, v5", |w| {
        w.vgpr[1] = [f(1.0); 32];
        w.vgpr[2] = [f(2.0); 32];
        w.vgpr[4] = [f(10.0); 32];
        w.vgpr[5] = [f(3.0); 32];
    });
    assert_eq!((w.vgpr[4][0], w.vgpr[3][0]), (f(3.0), f(30.0)), "Y saw v4 = 10, not 3");
    // Y writes v3, which X reads.
    let w = run("v_dual_mul_f32 v0, v3, v2 :: v_dual_add_f32 v3, v4, v5", |w| {
        w.vgpr[2] = [f(2.0); 32];
        w.vgpr[3] = [f(5.0); 32];
        w.vgpr[4] = [f(1.0); 32];
        w.vgpr[5] = [f(1.0); 32];
    });
    assert_eq!((w.vgpr[0][0], w.vgpr[3][0]), (f(10.0), f(2.0)), "X saw v3 = 5, not 2");
    // fmac accumulates into its destination, which the other half reads unchanged.
    let w = run("v_dual_fmac_f32 v0, v1, v2 :: v_dual_mov_b32 v3, v0", |w| {
        w.vgpr[0] = [f(1.0); 32];
        w.vgpr[1] = [f(2.0); 32];
        w.vgpr[2] = [f(3.0); 32];
    });
    assert_eq!((w.vgpr[0][0], w.vgpr[3][0]), (f(7.0), f(1.0)));
}

#[test]
fn a_literal_is_shared_by_both_halves() {
    // FMAAK: S0 * S1 + K; FMAMK: S0 * K + S1 (the literal in the middle of the syntax).
    let w = run("v_dual_fmaak_f32 v0, v1, v2, 0x40400000 :: v_dual_fmamk_f32 v3, v4, 0x40400000, v5", |w| {
        w.vgpr[1] = [f(2.0); 32];
        w.vgpr[2] = [f(5.0); 32];
        w.vgpr[4] = [f(4.0); 32];
        w.vgpr[5] = [f(0.5); 32];
    });
    assert_eq!((w.vgpr[0][0], w.vgpr[3][0]), (f(13.0), f(12.5)));
    // A literal source 0 in both halves, and an SGPR with an inline constant.
    let w = run(
        "v_dual_mov_b32 v0, 0x12345678 :: v_dual_add_nc_u32 v1, 0x12345678, v2\nv_dual_mov_b32 v4, s6 :: v_dual_mov_b32 v5, -7",
        |w| {
            w.vgpr[2] = [2; 32];
            w.sgpr[6] = 0xabc;
        },
    );
    assert_eq!((w.vgpr[0][3], w.vgpr[1][3]), (0x1234_5678, 0x1234_567a));
    assert_eq!((w.vgpr[4][0], w.vgpr[5][0]), (0xabc, -7i32 as u32));
}

#[test]
fn cndmask_reads_vcc_in_either_half() {
    let w = run("v_dual_cndmask_b32 v0, v1, v2 :: v_dual_cndmask_b32 v3, s4, v5", |w| {
        w.sgpr[106] = 0x0000_00f0;
        w.sgpr[4] = 0x77;
        w.vgpr[1] = [1; 32];
        w.vgpr[2] = [2; 32];
        w.vgpr[5] = [5; 32];
    });
    // D = VCC[lane] ? S1 : S0.
    assert_eq!((w.vgpr[0][0], w.vgpr[0][4]), (1, 2));
    assert_eq!((w.vgpr[3][0], w.vgpr[3][7]), (0x77, 5));
    // The pair reads VCC as it was, even when the other half is a compare-free write.
    let w = run("v_dual_cndmask_b32 v0, v1, v2 :: v_dual_mov_b32 v1, v2", |w| {
        w.sgpr[106] = 0b10;
        w.vgpr[1] = [1; 32];
        w.vgpr[2] = [2; 32];
    });
    assert_eq!((w.vgpr[0][0], w.vgpr[0][1], w.vgpr[1][0]), (1, 2, 2));
}

#[test]
fn dot2acc_accumulates_into_its_destination() {
    // D += f32(S0.lo) * f32(S1.lo); D += f32(S0.hi) * f32(S1.hi).
    let pk = |lo: u16, hi: u16| u32::from(hi) << 16 | u32::from(lo);
    let w = run("v_dual_dot2acc_f32_f16 v0, v1, v2 :: v_dual_mov_b32 v3, v0", |w| {
        w.vgpr[0] = [f(0.5); 32];
        w.vgpr[1] = [pk(0x3c00, 0x4000); 32]; // (1, 2)
        w.vgpr[2] = [pk(0x4200, 0x4400); 32]; // (3, 4)
    });
    assert_eq!((w.vgpr[0][0], w.vgpr[3][0]), (f(11.5), f(0.5)));
    // An inline constant source: "for ... VOPD DOT2_F32_F16, hardware automatically selects
    // the low 16 bits of the constant" (7.5.1) for both halves: 1.0 * 3 + 1.0 * 4.
    let w = run("v_dual_dot2acc_f32_f16 v0, 1.0, v2 :: v_dual_mov_b32 v3, v0", |w| {
        w.vgpr[0] = [0; 32];
        w.vgpr[2] = [pk(0x4200, 0x4400); 32];
    });
    assert_eq!(w.vgpr[0][0], f(7.0));
}

#[test]
fn y_only_integer_operations() {
    let w = run(
        "v_dual_mul_f32 v0, v1, v2 :: v_dual_add_nc_u32 v1, v4, v5\nv_dual_mov_b32 v6, v2 :: v_dual_lshlrev_b32 v7, v4, v5\n\
         v_dual_mov_b32 v8, v2 :: v_dual_and_b32 v9, v4, v5",
        |w| {
            w.vgpr[1] = [f(3.0); 32];
            w.vgpr[2] = [f(2.0); 32];
            w.vgpr[4] = [33; 32];
            w.vgpr[5] = [0xffff_ffff; 32];
        },
    );
    assert_eq!(w.vgpr[0][0], f(6.0), "X read v1 before Y overwrote it");
    assert_eq!(w.vgpr[1][0], 32, "33 + 0xffffffff wraps");
    assert_eq!(w.vgpr[7][0], 0xffff_fffe, "shift by S0[4:0] = 1");
    assert_eq!(w.vgpr[9][0], 33);
}

#[test]
fn inactive_lanes_and_exec_zero() {
    let w = run("v_dual_mov_b32 v0, 1 :: v_dual_mov_b32 v1, 2", |w| {
        w.sgpr[126] = 0x8000_0001;
        w.vgpr[0] = [9; 32];
        w.vgpr[1] = [9; 32];
    });
    assert_eq!((w.vgpr[0][0], w.vgpr[0][1], w.vgpr[0][31]), (1, 9, 1));
    assert_eq!((w.vgpr[1][0], w.vgpr[1][1], w.vgpr[1][31]), (2, 9, 2));
    let w = run("v_dual_fmac_f32 v0, v1, v2 :: v_dual_mov_b32 v1, 2", |w| {
        w.sgpr[126] = 0;
        w.vgpr[0] = [9; 32];
        w.vgpr[1] = [9; 32];
    });
    assert_eq!((w.vgpr[0], w.vgpr[1]), ([9; 32], [9; 32]));
}

#[test]
fn mode_governs_both_halves() {
    // F32 denormals flushed (FP_DENORM[5:4] = 0): 2^-149 * 1 is 0 in both halves; rounding
    // toward +inf (FP_ROUND[1:0] = 1) rounds both sums up.
    let w = run("v_dual_mul_f32 v0, v1, v2 :: v_dual_mul_f32 v3, v2, v1", |w| {
        w.mode = 0x300;
        w.vgpr[1] = [1; 32];
        w.vgpr[2] = [f(1.0); 32];
    });
    assert_eq!((w.vgpr[0][0], w.vgpr[3][0]), (0, 0));
    let w = run("v_dual_add_f32 v0, v1, v2 :: v_dual_add_f32 v3, v2, v1", |w| {
        w.mode = 0x3f1;
        w.vgpr[1] = [f(1.0); 32];
        w.vgpr[2] = [f(2f32.powi(-30)); 32];
    });
    assert_eq!((w.vgpr[0][0], w.vgpr[3][0]), (f(1.0) + 1, f(1.0) + 1));
}
