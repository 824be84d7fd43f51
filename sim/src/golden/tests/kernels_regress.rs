//! Engine bugs the kernel suite (tests/kernels.rs) found, one test each, with values worked out
//! by hand: the division helpers where the guide's pseudocode contradicts itself (module docs
//! of `v_div_scale`, `v_div_fmas`, `v_div_fixup` in valu/div.rs say which reading is taken and
//! why), and LDS addresses that wrap at 32 bits.

use super::*;

/// Runs `src` (ending in s_endpgm) with 256 bytes of LDS on a wave prepared by `setup`, MODE
/// as the kernels' descriptors set it (round to nearest even, denormals kept, IEEE); returns
/// the wave and the LDS.
fn run_with_lds(src: &str, setup: impl FnOnce(&mut Wave)) -> (Wave, Vec<u8>) {
    let mut w = Wave::new(BASE);
    w.mode = 0x3f0;
    setup(&mut w);
    let mut lds = vec![0u8; 256];
    let code = program(&format!("{src}\ns_endpgm"));
    match run_in(&mut w, code, &mut Memory::default(), &mut lds, 100) {
        Some(Step { outcome: Outcome::Ended, .. }) => (w, lds),
        Some(Step { outcome: Outcome::Retired, .. }) | None => panic!("{src}: did not end"),
        Some(s) => panic!("{src}: {:?} at {:#x}", s.outcome, s.pc),
    }
}

fn set64(w: &mut Wave, v: usize, lane: usize, x: u64) {
    w.vgpr[v][lane] = x as u32;
    w.vgpr[v + 1][lane] = (x >> 32) as u32;
}
fn get64(w: &Wave, v: usize, lane: usize) -> u64 {
    u64::from(w.vgpr[v][lane]) | u64::from(w.vgpr[v + 1][lane]) << 32
}

#[test]
fn div_fmas_scales_the_way_div_scale_needs_in_one_rounding() {
    // (S0, S1, S2, VCC) -> D for F32. With VCC set, a quotient estimate S2 below 2^0 (biased
    // exponent <= 127) came from a numerator scaled up by 2^64: scaled down by 2^64; above, from
    // a denominator scaled up by 2^64: scaled up.
    let cases: [(u32, u32, u32, bool, u32); 5] = [
        // 0 * 1 + 2^-85, VCC: 2^-149, the smallest denormal.
        (0, 0x3f80_0000, 0x1500_0000, true, 0x0000_0001),
        // 2^-110 * 1 + 2.5 * 2^-85 = 2.5 * 2^-85 + 1/8 ulp: scaled, 2.5 * 2^-149 plus a little,
        // which rounds up to 3 * 2^-149. Rounding the fma first would land on the tie 2.5 and
        // round to even, 2.
        (0x0880_0000, 0x3f80_0000, 0x15a0_0000, true, 0x0000_0003),
        // 0 * 0 + 2^40, VCC: 2^104.
        (0, 0, 0x5380_0000, true, 0x7380_0000),
        // VCC clear: a plain fma, 2 * 3 + 1 = 7.
        (0x4000_0000, 0x4040_0000, 0x3f80_0000, false, 0x40e0_0000),
        // Infinity is unchanged by the scale.
        (0, 0, 0x7f80_0000, true, 0x7f80_0000),
    ];
    let (w, _) = run_with_lds("v_div_fmas_f32 v0, v1, v2, v3", |w| {
        for (l, &(a, b, c, vcc, _)) in cases.iter().enumerate() {
            w.vgpr[1][l] = a;
            w.vgpr[2][l] = b;
            w.vgpr[3][l] = c;
            w.sgpr[106] |= u32::from(vcc) << l;
        }
    });
    for (l, &(a, b, c, vcc, want)) in cases.iter().enumerate() {
        assert_eq!(w.vgpr[0][l], want, "v_div_fmas_f32({a:#x}, {b:#x}, {c:#x}), vcc {vcc}");
    }
    // F64: 2^-900 down by 2^128 is the denormal 2^-1028 = 2^46 * 2^-1074; 2^100 up is 2^228.
    let cases: [(u64, u64); 2] =
        [(0x07b0_0000_0000_0000, 0x0000_4000_0000_0000), (0x4630_0000_0000_0000, 0x4e30_0000_0000_0000)];
    let (w, _) = run_with_lds("v_div_fmas_f64 v[0:1], v[2:3], v[4:5], v[6:7]", |w| {
        w.sgpr[106] = 0b11;
        for (l, &(c, _)) in cases.iter().enumerate() {
            set64(w, 2, l, 0);
            set64(w, 4, l, 0);
            set64(w, 6, l, c);
        }
    });
    for (l, &(c, want)) in cases.iter().enumerate() {
        assert_eq!(get64(&w, 0, l), want, "v_div_fmas_f64(0, 0, {c:#x}), vcc");
    }
}

#[test]
fn div_scale_scales_huge_denominators_down() {
    // F32, max / max: 1/max is an F32 denormal (v_rcp_f32 would flush it to 0), so both
    // operands are scaled down by 2^64 and VCC stays clear: max * 2^-64 = 0x5f7fffff.
    let max32 = 0x7f7f_ffffu32;
    let (w, _) = run_with_lds("v_div_scale_f32 v0, vcc_lo, v1, v1, v1", |w| {
        w.vgpr[1] = [max32; 32];
        w.sgpr[106] = 0xdead_beef;
    });
    assert_eq!(w.vgpr[0][0], 0x5f7f_ffff);
    assert_eq!(w.sgpr[106], 0);
    // F64, 1 / max: 1/max and the quotient are both denormal. The denominator (S0 = S1) is
    // scaled down by 2^128 (biased exponent 2046 - 128 = 1918 = 0x77e) and VCC set; the
    // numerator (S0 = S2) is left alone.
    let max64 = 0x7fef_ffff_ffff_ffffu64;
    let one = 0x3ff0_0000_0000_0000u64;
    let (w, _) = run_with_lds(
        "v_div_scale_f64 v[0:1], vcc_lo, v[2:3], v[2:3], v[4:5]\nv_div_scale_f64 v[6:7], s8, v[4:5], v[2:3], v[4:5]",
        |w| {
            for l in 0..32 {
                set64(w, 2, l, max64);
                set64(w, 4, l, one);
            }
        },
    );
    assert_eq!(get64(&w, 0, 0), 0x77ef_ffff_ffff_ffff);
    assert_eq!(w.sgpr[106], u32::MAX);
    assert_eq!(get64(&w, 6, 0), one);
    assert_eq!(w.sgpr[8], u32::MAX);
}

#[test]
fn div_fixup_turns_an_overflowed_quotient_into_infinity() {
    // 1 / -2^-149 and -max / 2^-149 overflow the scaled quotient (inf - inf = NaN in the
    // refinement): finite non-zero operands with a NaN quotient give the signed infinity.
    // A NaN numerator still gives its quiet NaN.
    let cases: [(u32, u32, u32, u32); 3] = [
        (0x7fc0_0000, 0x8000_0001, 0x3f80_0000, 0xff80_0000),
        (0xffc0_0000, 0x0000_0001, 0xff7f_ffff, 0xff80_0000),
        (0x3f80_0000, 0x4000_0000, 0x7f80_0001, 0x7fc0_0001),
    ];
    let (w, _) = run_with_lds("v_div_fixup_f32 v0, v1, v2, v3", |w| {
        for (l, &(q, d, n, _)) in cases.iter().enumerate() {
            w.vgpr[1][l] = q;
            w.vgpr[2][l] = d;
            w.vgpr[3][l] = n;
        }
    });
    for (l, &(q, d, n, want)) in cases.iter().enumerate() {
        assert_eq!(w.vgpr[0][l], want, "v_div_fixup_f32({q:#x}, {d:#x}, {n:#x})");
    }
}

#[test]
fn lds_addresses_wrap_at_32_bits() {
    // VGPR address 4 * lane - 1024 with offset 1024 is 4 * lane: the sum wraps (what clang's
    // scan kernel relies on). The load reads it back without the wrap.
    let (w, lds) =
        run_with_lds("ds_store_b32 v1, v2 offset:1024\ns_waitcnt lgkmcnt(0)\nds_load_b32 v3, v4", |w| {
            for l in 0..32 {
                w.vgpr[1][l] = (4 * l as u32).wrapping_sub(1024);
                w.vgpr[2][l] = 100 + l as u32;
                w.vgpr[4][l] = 4 * l as u32;
            }
        });
    for l in 0..32 {
        assert_eq!(u32::from_le_bytes(lds[4 * l..4 * l + 4].try_into().expect("4 bytes")), 100 + l as u32);
        assert_eq!(w.vgpr[3][l], 100 + l as u32);
    }
}
