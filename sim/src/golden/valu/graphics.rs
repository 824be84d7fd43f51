//! F32 helpers of graphics shaders (guide 16.7, 16.12): the cube-map coordinates (`v_cube*`),
//! the DX9 multiplies where a zero factor wins (`v_mul_dx9_zero`, `v_fma_dx9_zero`,
//! `v_fmac_dx9_zero`) and `v_mullit_f32`.

use rdna3_isa::{InstDef, Mnemonic as M};

use super::lanewise::{dst_now, fbin, fpm, ftri, out_mods, put};
use crate::golden::fp::{self, Fp, Prec};
use crate::golden::vector::{VExec, VFn};

/// The function of each row of this part, by mnemonic (a VOP3 promotion shares its 32-bit
/// form's mnemonic; a VOPD half is `v_dual_` and the VOP1/VOP2 mnemonic it runs).
pub(super) fn bind(def: &InstDef) -> Option<VFn> {
    let f: VFn = match def.mnemonic {
        M::v_cubeid_f32 => cubeid_f32,
        M::v_cubesc_f32 => cubesc_f32,
        M::v_cubetc_f32 => cubetc_f32,
        M::v_cubema_f32 => cubema_f32,
        M::v_mul_dx9_zero_f32 | M::v_dual_mul_dx9_zero_f32 => mul_dx9_zero_f32,
        M::v_fma_dx9_zero_f32 => fma_dx9_zero_f32,
        M::v_fmac_dx9_zero_f32 => fmac_dx9_zero_f32,
        M::v_mullit_f32 => mullit_f32,
        _ => return None,
    };
    Some(f)
}

fn f32v(v: u64) -> f32 {
    f32::from_bits(v as u32)
}

fn bits(v: f32) -> u64 {
    u64::from(v.to_bits())
}

/// Which face: 2 (z major), 1 (y), 0 (x).
fn major(a: u64, b: u64, c: u64) -> u8 {
    let (x, y, z) = (f32v(a).abs(), f32v(b).abs(), f32v(c).abs());
    if z >= x && z >= y {
        2
    } else if y >= x {
        1
    } else {
        0
    }
}

fn cubeid_f32(x: &mut VExec) {
    ftri(x, Prec::S, |_, a, b, c| {
        let neg = |v: u64| f32v(v) < 0.0;
        bits(match major(a, b, c) {
            2 => {
                if neg(c) {
                    5.0
                } else {
                    4.0
                }
            }
            1 => {
                if neg(b) {
                    3.0
                } else {
                    2.0
                }
            }
            _ => {
                if neg(a) {
                    1.0
                } else {
                    0.0
                }
            }
        })
    });
}

fn cubesc_f32(x: &mut VExec) {
    ftri(x, Prec::S, |_, a, b, c| {
        let n = |v: u64| v ^ 0x8000_0000;
        match major(a, b, c) {
            2 => {
                if f32v(c) < 0.0 {
                    n(a)
                } else {
                    a
                }
            }
            1 => a,
            _ => {
                if f32v(a) < 0.0 {
                    c
                } else {
                    n(c)
                }
            }
        }
    });
}

fn cubetc_f32(x: &mut VExec) {
    ftri(x, Prec::S, |_, a, b, c| {
        let n = |v: u64| v ^ 0x8000_0000;
        match major(a, b, c) {
            1 => {
                if f32v(b) < 0.0 {
                    n(c)
                } else {
                    c
                }
            }
            _ => n(b),
        }
    });
}

fn cubema_f32(x: &mut VExec) {
    ftri(x, Prec::S, |f, a, b, c| {
        let v = match major(a, b, c) {
            2 => c,
            1 => b,
            _ => a,
        };
        fp::mul(f, v, 0x4000_0000)
    });
}

/// DX9 rule: a zero factor (either sign, after input flushing) makes the product +0.
fn dx9_zero(f: Fp, a: u64, b: u64) -> bool {
    fp::is_zero(Prec::S, f.input(a)) || fp::is_zero(Prec::S, f.input(b))
}

fn mul_dx9_zero_f32(x: &mut VExec) {
    fbin(x, Prec::S, |f, a, b| if dx9_zero(f, a, b) { 0 } else { fp::mul(f, a, b) });
}

fn fma_dx9_zero_f32(x: &mut VExec) {
    ftri(x, Prec::S, |f, a, b, c| if dx9_zero(f, a, b) { f.input(c) } else { fp::fma(f, a, b, c) });
}

fn fmac_dx9_zero_f32(x: &mut VExec) {
    let f = fpm(x, Prec::S);
    let d = dst_now(x);
    let (a, b) = (x.src(0), x.src(1));
    let mut r = [0u64; 32];
    for l in 0..32 {
        r[l] = if dx9_zero(f, a[l], b[l]) { f.input(d[l]) } else { fp::fma(f, a[l], b[l], d[l]) };
    }
    out_mods(x, f, &mut r);
    put(x, &r);
}

fn mullit_f32(x: &mut VExec) {
    ftri(x, Prec::S, |f, a, b, c| {
        let (vb, vc) = (f32v(b), f32v(c));
        if vb == -f32::MAX || vb == f32::NEG_INFINITY || vb.is_nan() || vc <= 0.0 || vc.is_nan() {
            bits(-f32::MAX)
        } else if dx9_zero(f, a, b) {
            0
        } else {
            fp::mul(f, a, b)
        }
    });
}
