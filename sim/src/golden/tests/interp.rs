//! VINTERP (valu/interp.rs): the two interpolation passes over a quad's packed parameters,
//! checked against the host's fused multiply-add (`f32::mul_add`, correctly rounded to
//! nearest even) and, for the 16-bit forms, against values every step holds exactly.

use super::*;

/// A quad's parameters in v0 (lane 0: P0, lane 1: P10, lane 2: P20, lane 3 unused), different
/// in every quad; I in v1 and J in v2, different in every lane.
fn params(w: &mut Wave, f: impl Fn(usize) -> u32) {
    w.sgpr[126] = u32::MAX;
    for l in 0..32 {
        w.vgpr[0][l] = f(l);
        w.vgpr[1][l] = (0.37 + l as f32 * 0.011).to_bits();
        w.vgpr[2][l] = (0.21 - l as f32 * 0.007).to_bits();
        w.vgpr[3][l] = 0xdead_beef;
    }
}

fn p(l: usize) -> f32 {
    [1.5, -0.75, 2.125, 99.0][l % 4] + (l / 4) as f32 * 0.3
}

#[test]
fn two_passes_interpolate_each_quads_parameters() {
    let w = run_mode("v_interp_p10_f32 v4, v0, v1, v0\nv_interp_p2_f32 v5, v0, v2, v4", 0, |w| {
        params(w, |l| p(l).to_bits())
    });
    for l in 0..32 {
        let q = l & !3;
        let (i, j) = (f32::from_bits(w.vgpr[1][l]), f32::from_bits(w.vgpr[2][l]));
        let tmp = p(q + 1).mul_add(i, p(q));
        assert_eq!(w.vgpr[4][l], tmp.to_bits(), "p10, lane {l}");
        assert_eq!(w.vgpr[5][l], p(q + 2).mul_add(j, tmp).to_bits(), "p2, lane {l}");
    }
}

/// NEG negates each source after the quad's lane is read; CLAMP clamps to [0, 1]. The
/// parameter lanes are read whatever EXEC says, and only EXEC's lanes are written.
#[test]
fn modifiers_and_exec() {
    let w = run_mode("v_interp_p10_f32 v4, -v0, v1, -v0\nv_interp_p2_f32 v5, v0, -v2, v4 clamp", 0, |w| {
        params(w, |l| p(l).to_bits());
        w.sgpr[126] = 0x8000_0001;
    });
    for l in 0..32 {
        let q = l & !3;
        let (i, j) = (f32::from_bits(w.vgpr[1][l]), f32::from_bits(w.vgpr[2][l]));
        if l != 0 && l != 31 {
            assert_eq!((w.vgpr[4][l], w.vgpr[5][l]), (0, 0), "lane {l} is not written");
            continue;
        }
        let tmp = (-p(q + 1)).mul_add(i, -p(q));
        assert_eq!(w.vgpr[4][l], tmp.to_bits(), "p10, lane {l}");
        assert_eq!(w.vgpr[5][l], p(q + 2).mul_add(-j, tmp).clamp(0.0, 1.0).to_bits(), "p2, lane {l}");
    }
}

/// The F16 forms: parameters in the halves OPSEL picks, converted exactly; p2's F16 result
/// in the half OPSEL[3] picks, the other half kept. Every value here is exact in F16.
#[test]
fn f16_parameters_and_results() {
    let h = |x: f32| -> u32 {
        // Exact small values: sign, exponent and ten bits of fraction.
        let b = x.to_bits();
        let e = ((b >> 23) & 0xff) as i32 - 127 + 15;
        (b >> 16) & 0x8000 | (e as u32) << 10 | (b >> 13) & 0x3ff
    };
    let src = "v_interp_p10_f16_f32 v4, v0, v1, v0 op_sel:[1,0,0,0]\n\
               v_interp_p2_f16_f32 v3, v0, v2, v4 op_sel:[1,0,0,1]";
    let pv = |l: usize| [1.5f32, -0.75, 2.0, 4.0][l % 4] + (l / 4) as f32 * 0.5;
    let w = run_mode(src, 0, |w| {
        params(w, |l| h(pv(l)) << 16 | h(pv(l) * 2.0));
        for l in 0..32 {
            w.vgpr[1][l] = ((l % 8) as f32 * 0.25).to_bits();
            w.vgpr[2][l] = (1.0 - (l % 4) as f32 * 0.5).to_bits();
        }
    });
    for l in 0..32 {
        let q = l & !3;
        let (i, j) = ((l % 8) as f32 * 0.25, 1.0 - (l % 4) as f32 * 0.5);
        // S0 from the high halves (OPSEL[0]), S2 from the low halves (twice the value).
        let tmp = pv(q + 1).mul_add(i, 2.0 * pv(q));
        assert_eq!(w.vgpr[4][l], tmp.to_bits(), "p10, lane {l}");
        let d = pv(q + 2).mul_add(j, tmp);
        assert_eq!(w.vgpr[3][l], h(d) << 16 | 0xbeef, "p2, lane {l}: {d}");
    }
}

/// The `_rtz` forms round toward zero whatever MODE says; the others follow MODE.
#[test]
fn rtz_forms_round_toward_zero() {
    // 1 + 1.5 * 2^-24 lies between 1 and 1 + 2^-23, nearer the second.
    let setup = |w: &mut Wave| {
        params(w, |_| 0x3c00_3c00);
        for l in 0..32 {
            w.vgpr[1][l] = (1.5 * 2f32.powi(-24)).to_bits();
        }
    };
    let near = run_mode("v_interp_p10_f16_f32 v4, v0, v1, v0", 0, setup);
    let rtz = run_mode("v_interp_p10_rtz_f16_f32 v4, v0, v1, v0", 0, setup);
    let mode_rtz = run_mode("v_interp_p10_f16_f32 v4, v0, v1, v0", 3, setup);
    assert_eq!(near.vgpr[4][7], (1.0 + 2f32.powi(-23)).to_bits());
    assert_eq!(rtz.vgpr[4][7], 1f32.to_bits());
    assert_eq!(mode_rtz.vgpr[4][7], 1f32.to_bits());
    // p2's F16 result: 1 + 1.5 * 2^-11 rounds to 1 + 2^-10 to nearest, 1 toward zero.
    let setup = |w: &mut Wave| {
        params(w, |_| 0x3c00_3c00);
        for l in 0..32 {
            w.vgpr[2][l] = (1.5 * 2f32.powi(-11)).to_bits();
            w.vgpr[4][l] = 1f32.to_bits();
        }
    };
    let near = run_mode("v_interp_p2_f16_f32 v3, v0, v2, v4", 0, setup);
    let rtz = run_mode("v_interp_p2_rtz_f16_f32 v3, v0, v2, v4", 0, setup);
    assert_eq!(near.vgpr[3][9] & 0xffff, 0x3c01);
    assert_eq!(rtz.vgpr[3][9] & 0xffff, 0x3c00);
}

/// The sources are VGPRs: anything else is an illegal instruction that names the source.
#[test]
fn scalar_sources_are_illegal() {
    // v_interp_p10_f32 v3, s0, v1, v0 (src0 = 0; LLVM prints s0 with an "Invalid register"
    // comment).
    let word1 = (256 + 1) << 9 | 256 << 18;
    let src = format!(".long 0xcd000003, {word1:#x}");
    let (w, f) = run_mem(&src, &mut Memory::default(), &mut [], |w| w.vgpr[3][0] = 7);
    assert!(
        matches!(&f, Some(Fault::Illegal { why, .. }) if why.contains("VGPRs only; source 0 is s0")),
        "{f:?}"
    );
    assert_eq!(w.vgpr[3][0], 7, "nothing written");
}
