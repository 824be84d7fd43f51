//! Cross-lane and indexed VALU instructions (guide 7.7, 7.8 and 16.8-16.12): lane reads and
//! writes, permlane16/permlanex16 with FI/BOUND_CTRL, swaps, M0-relative moves, DPP8,
//! v_cndmask with SGPR masks and float modifiers, v_cmpx leaving EXEC = 0, and v_cmp_class.
//! Expected values are worked out from the pseudocode and the guide's examples.

use super::*;

fn run(src: &str, setup: impl FnOnce(&mut Wave)) -> Wave {
    run_mode(src, 0x3f0, setup)
}

fn ids() -> [u32; 32] {
    lanes(|l| 0x100 + l as u32)
}

#[test]
fn readlane_and_writelane_ignore_exec() {
    // V_READLANE: lane = S1.u[4:0] (wave32), the VGPR read ignores EXEC; it writes its SGPR
    // even when EXEC == 0 (never skipped, 3.2.3).
    let w = run("v_readlane_b32 s4, v1, s5\nv_readlane_b32 s6, v1, 31\nv_readlane_b32 vcc_lo, v1, 3", |w| {
        w.sgpr[126] = 0;
        w.sgpr[5] = 37; // lane 5
        w.vgpr[1] = ids();
    });
    assert_eq!((w.sgpr[4], w.sgpr[6], w.sgpr[106]), (0x105, 0x11f, 0x103));
    // V_WRITELANE: VGPR[lane][VDST] = S0, whatever EXEC; the other lanes keep their values.
    let w = run("v_writelane_b32 v2, s6, s7\nv_writelane_b32 v2, 0x1234, 2", |w| {
        w.sgpr[126] = 0;
        w.sgpr[6] = 0xabcd;
        w.sgpr[7] = 0x29; // lane 9
        w.vgpr[2] = [7; 32];
    });
    let mut want = [7; 32];
    want[9] = 0xabcd;
    want[2] = 0x1234;
    assert_eq!(w.vgpr[2], want);
}

#[test]
fn readfirstlane_reads_the_lowest_active_lane_or_lane_0() {
    for (exec, lane) in [(u32::MAX, 0), (0x8000_0000, 31), (0x0001_0100, 8), (0, 0)] {
        let w = run("v_readfirstlane_b32 s4, v1\nv_readfirstlane_b32 m0, v1", |w| {
            w.sgpr[126] = exec;
            w.vgpr[1] = ids();
        });
        // "if EXEC_LO == 0 then lane = 0 // Force lane 0 if all lanes are disabled".
        assert_eq!((w.sgpr[4], w.sgpr[125]), (0x100 + lane, 0x100 + lane), "EXEC {exec:#x}");
    }
}

#[test]
fn permlane16_gathers_within_rows_and_permlanex16_across() {
    // The guide's example: s0 = 0x87654321, s1 = 0x0fedcba9 rotates each row by one lane:
    // lane i of a row reads lane lanesel[4i+3:4i] = i + 1 (mod 16) of the same row.
    let (lo, hi) = (0x8765_4321u32, 0x0fed_cba9u32);
    let run_p = |op: &str, mods: &str, exec: u32| {
        run(&format!("{op} v0, v1, s0, s1 {mods}"), |w| {
            w.sgpr[0] = lo;
            w.sgpr[1] = hi;
            w.sgpr[126] = exec;
            w.vgpr[0] = [0xdead; 32];
            w.vgpr[1] = ids();
        })
        .vgpr[0]
    };
    let rot = run_p("v_permlane16_b32", "", u32::MAX);
    for l in 0..32 {
        assert_eq!(rot[l], 0x100 + ((l & 16) + (l + 1) % 16) as u32, "lane {l}");
    }
    // PERMLANEX16 reads the other row: altrow = {row[1], ~row[0]}.
    let x = run_p("v_permlanex16_b32", "", u32::MAX);
    for l in 0..32 {
        assert_eq!(x[l], 0x100 + (((l & 16) ^ 16) + (l + 1) % 16) as u32, "lane {l}");
    }
    // Inactive lanes are not written. A source lane that is disabled: OPSEL[0] is DPP's FI,
    // OPSEL[1] its BOUND_CTRL (the pseudocode leaves the effect out; the DPP rules of 7.7.1,
    // Table 31, are applied): FI=0 BC=0 keeps the destination, BC=1 writes 0, FI=1 fetches.
    let exec = !(1u32 << 7); // lane 6 reads lane 7 (inactive); lane 7 is not written
    let v = run_p("v_permlane16_b32", "", exec);
    assert_eq!((v[5], v[6], v[7]), (0x106, 0xdead, 0xdead));
    let v = run_p("v_permlane16_b32", "op_sel:[0,1]", exec);
    assert_eq!((v[5], v[6], v[7]), (0x106, 0, 0xdead));
    let v = run_p("v_permlane16_b32", "op_sel:[1,0]", exec);
    assert_eq!((v[5], v[6], v[7]), (0x106, 0x107, 0xdead));
    let v = run_p("v_permlane16_b32", "op_sel:[1,1]", exec);
    assert_eq!(v[6], 0x107, "FI wins over BOUND_CTRL");
    // S1/S2 may be the same SGPR or inline constants: 0 selects lane 0 of the row everywhere.
    let w = run("v_permlane16_b32 v0, v1, 0, 0", |w| w.vgpr[1] = ids());
    assert_eq!((w.vgpr[0][15], w.vgpr[0][16], w.vgpr[0][31]), (0x100, 0x110, 0x110));
    // D == S0: the pseudocode copies S0 first.
    let w = run("v_permlane16_b32 v1, v1, s0, s1", |w| {
        w.sgpr[0] = lo;
        w.sgpr[1] = hi;
        w.vgpr[1] = ids();
    });
    assert_eq!((w.vgpr[1][0], w.vgpr[1][15]), (0x101, 0x100));
}

#[test]
fn swaps_and_relative_moves_follow_the_guide_examples() {
    // V_SWAP_B32: both registers change, in active lanes only.
    let w = run("v_swap_b32 v1, v2", |w| {
        w.sgpr[126] = 0xffff_fffe;
        w.vgpr[1] = [1; 32];
        w.vgpr[2] = [2; 32];
    });
    assert_eq!((w.vgpr[1][0], w.vgpr[2][0], w.vgpr[1][1], w.vgpr[2][1]), (1, 2, 2, 1));
    let regs = |w: &mut Wave| {
        for r in 0..40 {
            w.vgpr[r] = [0x1000 + r as u32; 32];
        }
    };
    // "s_mov_b32 m0, 10; v_movreld_b32 v5, v7" performs v15 <= v7.
    let w = run("s_mov_b32 m0, 10\nv_movreld_b32 v5, v7", regs);
    assert_eq!((w.vgpr[15][0], w.vgpr[5][0]), (0x1007, 0x1005));
    // v_movrels_b32 v5, v7 with M0 = 10: v5 <= v17.
    let w = run("s_mov_b32 m0, 10\nv_movrels_b32 v5, v7", regs);
    assert_eq!(w.vgpr[5][0], 0x1011);
    // v_movrelsd_b32 v5, v7: v15 <= v17.
    let w = run("s_mov_b32 m0, 10\nv_movrelsd_b32 v5, v7", regs);
    assert_eq!((w.vgpr[15][0], w.vgpr[5][0]), (0x1011, 0x1005));
    // M0 = (20 << 16) | 10: v_movrelsd_2_b32 v5, v7 is v25 <= v17; v_swaprel_b32 v5, v7
    // swaps v25 and v17.
    let w = run("s_mov_b32 m0, 0x14000a\nv_movrelsd_2_b32 v5, v7", regs);
    assert_eq!(w.vgpr[25][0], 0x1011);
    let w = run("s_mov_b32 m0, 0x14000a\nv_swaprel_b32 v5, v7", regs);
    assert_eq!((w.vgpr[25][0], w.vgpr[17][0]), (0x1011, 0x1019));
    // Only M0[9:0] and M0[25:16] count for the _2 and swaprel forms.
    let w = run("s_mov_b32 m0, 0xfc14fc0a\nv_movrelsd_2_b32 v5, v7", regs);
    assert_eq!(w.vgpr[25][0], 0x1011);
    // Indexing past v255 (7.2.7, vector.rs): a source reads v0, a destination is dropped.
    let w = run("s_mov_b32 m0, 300\nv_movrels_b32 v5, v7\nv_movreld_b32 v6, v7", regs);
    assert_eq!(w.vgpr[5][0], 0x1000);
    assert_eq!(w.vgpr[6][0], 0x1006);
    // Inactive lanes are not written.
    let w = run("s_mov_b32 m0, 10\nv_movrels_b32 v5, v7", |w| {
        regs(w);
        w.sgpr[126] = 1;
    });
    assert_eq!((w.vgpr[5][0], w.vgpr[5][1]), (0x1011, 0x1005));
}

#[test]
fn dpp8_reads_zero_from_inactive_lanes_unless_fi() {
    // DPP8 "reads zero from lanes whose EXEC mask bit is zero"; DPP8FI fetches them.
    let sel = "dpp8:[1,0,3,2,5,4,7,6]";
    let exec = !(1u32 << 3);
    let go = |fi: &str| {
        run(&format!("v_mov_b32_dpp v0, v1 {sel}{fi}"), |w| {
            w.sgpr[126] = exec;
            w.vgpr[0] = [0xdead; 32];
            w.vgpr[1] = ids();
        })
        .vgpr[0]
    };
    let v = go("");
    assert_eq!((v[0], v[1], v[2], v[3], v[9]), (0x101, 0x100, 0, 0xdead, 0x108));
    let v = go(" fi:1");
    assert_eq!((v[2], v[3]), (0x103, 0xdead));
    // DPP8 on a VOP2 source 0.
    let w = run("v_add_nc_u32_dpp v0, v1, v2 dpp8:[7,7,7,7,7,7,7,7]", |w| {
        w.vgpr[1] = ids();
        w.vgpr[2] = [1; 32];
    });
    assert_eq!((w.vgpr[0][0], w.vgpr[0][8], w.vgpr[0][31]), (0x108, 0x110, 0x120));
}

#[test]
fn cndmask_with_sgpr_masks_and_float_modifiers() {
    // D = mask[lane] ? S1 : S0, the mask from VCC or (VOP3) any SGPR pair's low half.
    let w = run(
        "v_cndmask_b32_e64 v0, v1, v2, s4\nv_cndmask_b32_e64 v3, v1, v2, s6\nv_cndmask_b32_e64 v5, v1, v2, vcc_lo",
        |w| {
            w.sgpr[4] = 0x0000_ffff;
            w.sgpr[6] = 0;
            w.sgpr[106] = u32::MAX;
            w.sgpr[126] = 0x7fff_fffe;
            w.vgpr[0] = [0xdead; 32];
            w.vgpr[1] = [1; 32];
            w.vgpr[2] = [2; 32];
        },
    );
    assert_eq!((w.vgpr[0][0], w.vgpr[0][1], w.vgpr[0][16], w.vgpr[0][31]), (0xdead, 2, 1, 0xdead));
    assert_eq!((w.vgpr[3][1], w.vgpr[5][1]), (1, 2));
    // "Floating-point modifiers are valid for this instruction ... suitable for negating or
    // taking the absolute value": ABS then NEG on bit 31.
    let w = run("v_cndmask_b32_e64 v0, -v1, |v2|, s4\nv_cndmask_b32_e64 v3, -|v1|, -v2, s4", |w| {
        w.sgpr[4] = 0b10;
        w.vgpr[1] = [(-1.5f32).to_bits(); 32];
        w.vgpr[2] = [(-2.5f32).to_bits(); 32];
    });
    assert_eq!((w.vgpr[0][0], w.vgpr[0][1]), (1.5f32.to_bits(), 2.5f32.to_bits()));
    assert_eq!((w.vgpr[3][0], w.vgpr[3][1]), ((-1.5f32).to_bits(), 2.5f32.to_bits()));
}

#[test]
fn cmpx_can_leave_exec_zero() {
    // EXEC[lane] = S0 == S1 for the active lanes; with no match EXEC becomes 0, later VALU
    // instructions write nothing and s_cbranch_execz is taken.
    let w = run(
        "v_cmpx_eq_u32_e32 v1, v2\nv_mov_b32 v3, 7\ns_cbranch_execz 1\ns_mov_b32 s4, 1\ns_mov_b32 s5, 2",
        |w| {
            w.sgpr[126] = 0x0000_00ff;
            w.sgpr[106] = 0x55;
            w.vgpr[1] = ids();
            w.vgpr[2] = [0; 32];
            w.vgpr[3] = [9; 32];
        },
    );
    assert_eq!(w.sgpr[126], 0);
    assert_eq!(w.sgpr[106], 0x55, "VCC untouched");
    assert_eq!(w.vgpr[3], [9; 32]);
    assert_eq!((w.sgpr[4], w.sgpr[5]), (0, 2), "the branch skipped s_mov_b32 s4");
    // An inactive lane's equal operands do not enable it.
    let w = run("v_cmpx_eq_u32_e64 v1, v2", |w| {
        w.sgpr[126] = 0b01;
        w.vgpr[1] = [5; 32];
        w.vgpr[2] = [5; 32];
    });
    assert_eq!(w.sgpr[126], 0b01);
    // With EXEC already 0 it stays 0 (and the instruction is harmless).
    let w = run("v_cmpx_le_u32_e32 v1, v2", |w| {
        w.sgpr[126] = 0;
        w.vgpr[2] = [1; 32];
    });
    assert_eq!(w.sgpr[126], 0);
}

#[test]
fn cmp_class_tests_each_class_bit() {
    // S1 bits: [0] sNaN, [1] qNaN, [2] -inf, [3] -normal, [4] -denormal, [5] -0, [6] +0,
    // [7] +denormal, [8] +normal, [9] +inf. Lane k holds a value of class k (k < 10).
    let f32s: [u32; 10] = [
        0x7f80_0001,
        0x7fc0_0000,
        0xff80_0000,
        0xbf80_0000,
        0x8000_0001,
        0x8000_0000,
        0,
        1,
        0x3f80_0000,
        0x7f80_0000,
    ];
    let f16s: [u32; 10] = [0x7c01, 0x7e00, 0xfc00, 0xbc00, 0x8001, 0x8000, 0, 1, 0x3c00, 0x7c00];
    let f64s: [u64; 10] = [
        0x7ff0_0000_0000_0001,
        0x7ff8_0000_0000_0000,
        0xfff0_0000_0000_0000,
        0xbff0_0000_0000_0000,
        0x8000_0000_0000_0001,
        0x8000_0000_0000_0000,
        0,
        1,
        0x3ff0_0000_0000_0000,
        0x7ff0_0000_0000_0000,
    ];
    for bit in 0..10 {
        // Every lane k < 10 is true exactly when k == bit; lanes 10.. hold +0 (class 6).
        let want = 1u32 << bit | if bit == 6 { !0x3ff } else { 0 };
        let w = run(
            "v_cmp_class_f32_e64 s4, v1, v4\nv_cmp_class_f16_e64 s5, v2, v4\nv_cmp_class_f64_e64 s6, v[6:7], v4",
            |w| {
                // Denormals count as denormals whatever MODE says: flush everything.
                w.mode = 0;
                w.vgpr[1] = lanes(|l| if l < 10 { f32s[l] } else { 0 });
                w.vgpr[2] = lanes(|l| if l < 10 { f16s[l] } else { 0 });
                w.vgpr[6] = lanes(|l| if l < 10 { f64s[l] as u32 } else { 0 });
                w.vgpr[7] = lanes(|l| if l < 10 { (f64s[l] >> 32) as u32 } else { 0 });
                w.vgpr[4] = [1 << bit; 32];
            },
        );
        assert_eq!((w.sgpr[4], w.sgpr[5], w.sgpr[6]), (want, want, want), "class bit {bit}");
    }
    // VOPC form writes VCC; several bits at once; the mask comes from S1 per lane.
    let w = run("v_cmp_class_f32_e32 vcc_lo, v1, v4", |w| {
        w.vgpr[1] = lanes(|l| if l < 10 { f32s[l] } else { 0 });
        w.vgpr[4] = lanes(|l| if l == 12 { 0 } else { 0b11_0000_0011 });
    });
    assert_eq!(w.sgpr[106], 0b11_0000_0011);
}
