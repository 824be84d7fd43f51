//! WMMA (guide 7.9): D = A * B + C on 16x16 matrices, with the layout and the order of sums
//! documented in `valu/wmma.rs`. The matrices here are built row-major on the host and placed
//! in VGPRs by an independent copy of that layout; values are small integers and halves, so
//! every sum is exact and the expected results do not depend on rounding.

use super::*;

fn wrun(src: &str, setup: impl FnOnce(&mut Wave)) -> Wave {
    run_mode(src, 0, setup)
}

fn f16(x: f32) -> u32 {
    // Exact for the small values used here.
    let b = x.to_bits();
    if x == 0.0 {
        return (b >> 16) & 0x8000;
    }
    let sign = (b >> 16) & 0x8000;
    let exp = ((b >> 23) & 0xff) as i32 - 127 + 15;
    sign | (exp as u32) << 10 | (b >> 13) & 0x3ff
}

fn f16_to_f32(h: u32) -> f32 {
    let sign = if h & 0x8000 != 0 { -1.0 } else { 1.0 };
    let exp = (h >> 10 & 0x1f) as i32;
    let man = (h & 0x3ff) as f32;
    if exp == 0 {
        return sign * man * 2f32.powi(-24);
    }
    sign * (1.0 + man / 1024.0) * 2f32.powi(exp - 15)
}

/// Places 16-bit A (rows) or B (columns) elements: lane `r` holds vector `r`, element `k` in
/// half `k % 2` of register `base + k / 2`; lanes 16..31 copy lanes 0..15.
fn put16(w: &mut Wave, base: usize, vecs: &[[u32; 16]; 16]) {
    for lane in 0..32 {
        for k in 0..16 {
            let r = &mut w.vgpr[base + k / 2][lane];
            let sh = 16 * (k % 2);
            *r = *r & !(0xffff << sh) | vecs[lane % 16][k] << sh;
        }
    }
}

/// Places 8-bit A or B elements: element `k` in byte `k % 4` of register `base + k / 4`.
fn put8(w: &mut Wave, base: usize, vecs: &[[u32; 16]; 16]) {
    for lane in 0..32 {
        for k in 0..16 {
            let r = &mut w.vgpr[base + k / 4][lane];
            let sh = 8 * (k % 4);
            *r = *r & !(0xff << sh) | (vecs[lane % 16][k] & 0xff) << sh;
        }
    }
}

/// Element (i, j) of a C/D matrix: register `base + i / 2`, lane `j + 16 * (i % 2)`.
fn cd(w: &Wave, base: usize, i: usize, j: usize) -> u32 {
    w.vgpr[base + i / 2][j + 16 * (i % 2)]
}

fn set_cd(w: &mut Wave, base: usize, i: usize, j: usize, v: u32) {
    w.vgpr[base + i / 2][j + 16 * (i % 2)] = v;
}

/// A[i][k] and B[k][j] as small exact values.
fn a_val(i: usize, k: usize) -> f32 {
    ((i * 3 + k * 5) % 7) as f32 - 3.0
}
fn b_val(k: usize, j: usize) -> f32 {
    (((k * 11 + j * 2) % 5) as f32 - 2.0) * 0.5
}

fn rows(f: impl Fn(usize, usize) -> u32) -> [[u32; 16]; 16] {
    std::array::from_fn(|r| std::array::from_fn(|k| f(r, k)))
}

#[test]
fn f32_from_f16_is_a_times_b_plus_c() {
    let w = wrun("v_wmma_f32_16x16x16_f16 v[0:7], v[8:15], v[16:23], v[24:31]", |w| {
        put16(w, 8, &rows(|i, k| f16(a_val(i, k))));
        // B is given by columns: vector j holds B[k][j] for k = 0..15.
        put16(w, 16, &rows(|j, k| f16(b_val(k, j))));
        for i in 0..16 {
            for j in 0..16 {
                set_cd(w, 24, i, j, (i as f32 * 100.0 + j as f32).to_bits());
            }
        }
        w.sgpr[126] = 0x1; // EXEC does not mask WMMA
    });
    for i in 0..16 {
        for j in 0..16 {
            let want: f32 =
                (0..16).map(|k| a_val(i, k) * b_val(k, j)).sum::<f32>() + i as f32 * 100.0 + j as f32;
            assert_eq!(f32::from_bits(cd(&w, 0, i, j)), want, "D[{i}][{j}]");
        }
    }
}

#[test]
fn neg_bits_negate_a_halves_and_c() {
    // neg_lo[0]: A's even elements negated; inline C = 1.0 with neg_lo[2]: -1.0.
    let w = wrun("v_wmma_f32_16x16x16_f16 v[0:7], v[8:15], v[16:23], 1.0 neg_lo:[1,0,1]", |w| {
        put16(w, 8, &rows(|i, k| f16(a_val(i, k))));
        put16(w, 16, &rows(|j, k| f16(b_val(k, j))));
    });
    for i in 0..16 {
        for j in 0..16 {
            let want: f32 = (0..16)
                .map(|k: usize| if k.is_multiple_of(2) { -a_val(i, k) } else { a_val(i, k) } * b_val(k, j))
                .sum::<f32>()
                - 1.0;
            assert_eq!(f32::from_bits(cd(&w, 0, i, j)), want, "D[{i}][{j}]");
        }
    }
}

#[test]
fn f16_result_goes_to_the_selected_half() {
    let w = wrun("v_wmma_f16_16x16x16_f16 v[0:7], v[8:15], v[16:23], v[0:7] op_sel:[0,0,1]", |w| {
        put16(w, 8, &rows(|i, k| f16(a_val(i, k))));
        put16(w, 16, &rows(|j, k| f16(b_val(k, j))));
        for i in 0..16 {
            for j in 0..16 {
                // C in the high halves; the low halves hold a marker that must survive.
                set_cd(w, 0, i, j, f16(2.0) << 16 | 0x1234);
            }
        }
    });
    for i in 0..16 {
        for j in 0..16 {
            let want: f32 = (0..16).map(|k| a_val(i, k) * b_val(k, j)).sum::<f32>() + 2.0;
            let got = cd(&w, 0, i, j);
            assert_eq!(got & 0xffff, 0x1234, "D[{i}][{j}] low half kept");
            assert_eq!(f16_to_f32(got >> 16), want, "D[{i}][{j}]");
        }
    }
}

#[test]
fn iu8_signedness_from_neg_and_clamp() {
    let a = rows(|i, k| ((i * 37 + k * 91) % 256) as u32);
    let b = rows(|j, k| ((j * 53 + k * 17 + 200) % 256) as u32);
    for (neg, clamp) in [(0u32, false), (1, false), (2, false), (3, false), (0, true)] {
        let mods = format!(
            "{}{}",
            if neg != 0 { format!(" neg_lo:[{},{},0]", neg & 1, neg >> 1) } else { String::new() },
            if clamp { " clamp" } else { "" }
        );
        let src = format!("v_wmma_i32_16x16x16_iu8 v[0:7], v[8:11], v[12:15], v[16:23]{mods}");
        let w = wrun(&src, |w| {
            put8(w, 8, &a);
            put8(w, 12, &b);
            for i in 0..16 {
                for j in 0..16 {
                    set_cd(w, 16, i, j, if i == 0 { i32::MAX as u32 } else { (j as u32).wrapping_sub(8) });
                }
            }
        });
        let ext = |v: u32, s: bool| if s { i64::from(v as u8 as i8) } else { i64::from(v) };
        for i in 0..16 {
            for j in 0..16 {
                let c =
                    if i == 0 { i64::from(i32::MAX) } else { i64::from((j as u32).wrapping_sub(8) as i32) };
                // Four v_dot4_i32_iu8 steps, CLAMP saturating each.
                let mut t = c;
                for s in 0..4 {
                    t += (4 * s..4 * s + 4)
                        .map(|k| ext(a[i][k], neg & 1 == 1) * ext(b[j][k], neg & 2 == 2))
                        .sum::<i64>();
                    t = if clamp { t.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) } else { t };
                }
                let want = t as u32;
                assert_eq!(cd(&w, 0, i, j), want, "{src}: D[{i}][{j}]");
            }
        }
    }
}

/// Inline constants for C: F16 forms replicate the F16 constant into both halves (guide
/// 7.9), integer forms take the 32-bit integer.
#[test]
fn inline_constants_for_c() {
    let w = wrun("v_wmma_f16_16x16x16_f16 v[0:7], v[8:15], v[16:23], 1.0", |w| {
        put16(w, 8, &rows(|i, k| f16(a_val(i, k))));
        put16(w, 16, &rows(|j, k| f16(b_val(k, j))));
    });
    let w2 = wrun("v_wmma_i32_16x16x16_iu8 v[0:7], v[8:11], v[12:15], -3", |w| {
        put8(w, 8, &rows(|_, _| 1));
        put8(w, 12, &rows(|_, _| 2));
    });
    for i in 0..16 {
        for j in 0..16 {
            let want: f32 = (0..16).map(|k| a_val(i, k) * b_val(k, j)).sum::<f32>() + 1.0;
            assert_eq!(f16_to_f32(cd(&w, 0, i, j) & 0xffff), want, "f16 D[{i}][{j}]");
            assert_eq!(cd(&w2, 0, i, j), 16 * 2 - 3, "i32 D[{i}][{j}]");
        }
    }
}

/// D may equal C or be apart from every source; any other overlap is an illegal instruction
/// (valu/wmma.rs), and nothing is written.
#[test]
fn overlapping_registers_are_illegal() {
    for (src, ok) in [
        ("v_wmma_f32_16x16x16_f16 v[0:7], v[8:15], v[16:23], v[0:7]", true),
        ("v_wmma_f32_16x16x16_f16 v[24:31], v[8:15], v[16:23], v[0:7]", true),
        // A and B may overlap C when C is not D.
        ("v_wmma_f32_16x16x16_f16 v[24:31], v[8:15], v[16:23], v[8:15]", true),
        ("v_wmma_f32_16x16x16_f16 v[0:7], v[4:11], v[16:23], v[0:7]", false),
        ("v_wmma_f32_16x16x16_f16 v[8:15], v[0:7], v[15:22], v[30:37]", false),
        ("v_wmma_f32_16x16x16_f16 v[0:7], v[8:15], v[16:23], v[1:8]", false),
        ("v_wmma_i32_16x16x16_iu4 v[0:7], v[8:9], v[10:11], v[0:7]", true),
        ("v_wmma_i32_16x16x16_iu4 v[0:7], v[6:7], v[10:11], v[0:7]", false),
    ] {
        let (w, f) = run_mem(src, &mut Memory::default(), &mut [], |w| w.vgpr[0][0] = 0x5a5a);
        assert_eq!(f.is_none(), ok, "{src}: {f:?}");
        if !ok {
            assert!(
                matches!(&f, Some(Fault::Illegal { why, .. }) if why.contains("overlaps")),
                "{src}: {f:?}"
            );
            assert_eq!(w.vgpr[0][0], 0x5a5a, "{src}: nothing written");
        }
    }
}

/// B's column is read from the lane D's element is in: lanes 16..31 hold copies of lanes
/// 0..15 in a program that follows the guide; here they differ, and the odd rows of D (lanes
/// 16..31) see the copies.
#[test]
fn b_is_read_from_the_lane_of_the_result() {
    let w = wrun("v_wmma_i32_16x16x16_iu8 v[0:7], v[8:11], v[12:15], 0", |w| {
        put8(w, 8, &rows(|_, _| 1));
        put8(w, 12, &rows(|_, _| 1));
        for lane in 16..32 {
            w.vgpr[12][lane] = 0x0202_0202;
        }
    });
    for i in 0..16 {
        for j in 0..16 {
            let want = if i % 2 == 1 { 4 * 2 + 12 } else { 16 };
            assert_eq!(cd(&w, 0, i, j), want, "D[{i}][{j}]");
        }
    }
}
