//! VINTERP: parameter interpolation (guide 15.4, 16.13), the FMAs a pixel shader runs on the
//! packed parameters `lds_param_load` leaves in each quad's VGPRs. Nothing in them needs a
//! pixel: they are VALU arithmetic on VGPRs, and a compute wave runs them on whatever its
//! registers hold.
//!
//! **Lanes.** Source 0 and, in the first pass, source 2 are read across the quad with the
//! fixed DPP8 selects the guide's notes give: `v_interp_p10_*` reads S0 from the quad's lane 1
//! ({1,1,1,1,5,5,5,5}) and S2 from its lane 0 ({0,0,0,0,4,4,4,4}); `v_interp_p2_*` reads S0
//! from the quad's lane 2 ({2,2,2,2,6,6,6,6}). The pseudocode's `lane.i % 4 + 1` is read as
//! those selects (the quad's base plus 1), which it contradicts for every lane but 0 to 3.
//! The lanes are read whatever their EXEC bit (VINTERP has no FI or bound-control bits; the
//! quad's parameter lanes are the data, not results of the lanes).
//!
//! **Arithmetic.** The F32 forms are `v_fma_f32`. The F16 forms are `v_fma_mix`'s: the 16-bit
//! parameters (the half OPSEL picks) converted exactly to F32, one F32 FMA under MODE's F32
//! rounding and denormals, and for `p2` a conversion to F16 under its F16 mode, written to the
//! half OPSEL[3] picks (the other half kept). The `_rtz` forms round toward zero in both steps
//! whatever MODE says. NEG negates each source; CLAMP clamps to [0, 1]. WAITEXP waits for
//! exports and parameter loads, of which a compute wave has none: it does not stall.
//!
//! The sources must be VGPRs (vector.rs refuses anything else as an illegal instruction).

use rdna3_isa::{InstDef, Mnemonic as M};

use super::lanewise::fpm;
use super::packed::{mix_f16, mix_f32};
use crate::golden::fp::{self, Fp, Prec, Round};
use crate::golden::vector::{Lanes, VExec, VFn};

pub(super) fn bind(def: &InstDef) -> Option<VFn> {
    let f: VFn = match def.mnemonic {
        M::v_interp_p10_f32 | M::v_interp_p10_f16_f32 => p10,
        M::v_interp_p2_f32 => p2,
        M::v_interp_p2_f16_f32 => p2_f16,
        M::v_interp_p10_rtz_f16_f32 => p10_rtz,
        M::v_interp_p2_rtz_f16_f32 => p2_rtz_f16,
        _ => return None,
    };
    Some(f)
}

/// The F32 settings and the F16 ones, toward zero for the `_rtz` forms.
fn modes(x: &VExec, rtz: bool) -> (Fp, Fp) {
    let (mut s, mut h) = (fpm(x, Prec::S), fpm(x, Prec::H));
    if rtz {
        s.round = Round::TowardZero;
        h.round = Round::TowardZero;
    }
    (s, h)
}

/// Each lane's three F32 inputs: S0 from the quad's lane `k0`, S1 from the lane itself, S2
/// from the quad's lane 0 (`p10`) or the lane itself (`p2`); F16 sources converted exactly,
/// then NEG.
fn inputs(x: &VExec, s: Fp, h: Fp, k0: usize, quad2: bool) -> [[u64; 3]; 32] {
    let v = *x.ops();
    let raws: [Lanes; 3] = std::array::from_fn(|n| x.raw(n));
    std::array::from_fn(|l| {
        let quad = l & !3;
        let lanes = [quad + k0, l, if quad2 { quad } else { l }];
        std::array::from_fn(|n| {
            let r = raws[n][lanes[n]];
            let f32v = if v.ty[n].is16() {
                fp::convert(h, Fp { denorm_out: true, ..s }, r & 0xffff)
            } else {
                r & 0xffff_ffff
            };
            if v.neg >> n & 1 == 1 { f32v ^ 0x8000_0000 } else { f32v }
        })
    })
}

/// The first pass (`k0` = 1, S2 across the quad) and the second (`k0` = 2) with an F32 result.
fn fma32(x: &mut VExec, rtz: bool, k0: usize, quad2: bool) {
    let (s, h) = modes(x, rtz);
    let r = mix_f32(s, &inputs(x, s, h, k0, quad2), x.ops().clamp);
    let m = x.write_mask();
    let vdst = u32::from(x.ops().vdst);
    x.write_vgprs(vdst, 1, &r, m);
}

/// The second pass with an F16 result, as `v_fma_mixlo_f16`/`mixhi` compute it.
fn fma16(x: &mut VExec, rtz: bool) {
    let (s, h) = modes(x, rtz);
    let r = mix_f16(s, h, &inputs(x, s, h, 2, false), x.ops().clamp);
    let m = x.write_mask();
    let (vdst, hi) = (u32::from(x.ops().vdst), x.ops().dst_hi);
    x.write_half(vdst, hi, &r, m);
}

fn p10(x: &mut VExec) {
    fma32(x, false, 1, true);
}

fn p10_rtz(x: &mut VExec) {
    fma32(x, true, 1, true);
}

fn p2(x: &mut VExec) {
    fma32(x, false, 2, false);
}

fn p2_f16(x: &mut VExec) {
    fma16(x, false);
}

fn p2_rtz_f16(x: &mut VExec) {
    fma16(x, true);
}
