//! The golden model's F32 reciprocal, reciprocal square root and square root (`v_rcp_f32`,
//! `v_rcp_iflag_f32`, `v_rsq_f32`, `v_sqrt_f32`, before the output modifiers) are correctly
//! rounded: checked against an exact integer reference written here, which shares no code with
//! the model (the model computes in double precision, `fp::sqrt` compares squares; the
//! reference takes integer quotients and integer square roots of the significand, then rounds
//! by hand).
//!
//! **What is covered.** Every one of the 2^23 significands, at exponents where the results
//! are ordinary and at the range's ends: for `v_rcp_f32` the smallest and largest exponents
//! (results near 2^126, and results below the smallest normal, flushed to zero), for the
//! square roots both exponent parities (the root's significand depends on the significand and
//! on the parity only). `v_sqrt_f32` in each of MODE's four rounding modes; `v_rcp_f32` and
//! `v_rsq_f32` round to nearest even whatever MODE says. Then random inputs over all 2^32 bit
//! patterns (every exponent, denormals, NaNs, infinities, zeros, negative inputs) and every
//! special input. The RTL's transcendental unit (`cu_fp32`) is held to the golden model by
//! `tests/fp_rtl.rs`, so these results are its accuracy too: 0.5 ULP, where the guide promises
//! 1 ULP.

use std::thread;

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use sim::golden::fp::{Fp, Prec};
use sim::golden::{rcp_f32_value, rsq_f32_value, sqrt_f32_value};

const DEFAULT_NAN: u32 = 0xffc0_0000;
const RANDOM_INPUTS: usize = 4_000_000;

/// The four rounding modes in MODE's encoding: nearest even, toward +inf, toward -inf, toward 0.
const MODES: [u32; 4] = [0, 1, 2, 3];

fn fp(mode: u32) -> Fp {
    Fp::new(mode, Prec::S)
}

/// Integer square root (floor).
fn isqrt(v: u128) -> u128 {
    let mut y = (v as f64).sqrt() as u128;
    while y * y > v {
        y -= 1;
    }
    while (y + 1) * (y + 1) <= v {
        y += 1;
    }
    y
}

/// The F32 nearest `y * 2^q` (y > 0 with at least 26 significant bits; `inexact` when the
/// exact value is above y * 2^q by less than 2^q) in rounding mode `rm`, with sign `neg`;
/// below the smallest normal it is a signed zero (the unit flushes), and the inputs here
/// never round past the largest finite value.
fn round(neg: bool, y: u128, inexact: bool, q: i32, rm: u32) -> u32 {
    let n = 128 - y.leading_zeros();
    assert!(n >= 26, "the reference needs 26 significant bits, has {n}");
    let drop = n - 24;
    let mut r = y >> drop;
    let rest = y & ((1u128 << drop) - 1);
    let half = 1u128 << (drop - 1);
    let g = rest & half != 0;
    let st = rest & (half - 1) != 0 || inexact;
    let up = match rm {
        0 => g && (st || r & 1 == 1),
        1 => !neg && (g || st),
        2 => neg && (g || st),
        _ => false,
    };
    r += u128::from(up);
    // The value's leading bit has exponent q + drop + 23.
    let mut e = q + drop as i32 + 23;
    if r == 1 << 24 {
        r >>= 1;
        e += 1;
    }
    let sign = u32::from(neg) << 31;
    let biased = e + 127;
    assert!(biased < 255, "the reference does not overflow");
    if biased < 1 {
        return sign;
    }
    sign | (biased as u32) << 23 | (r as u32 & 0x7f_ffff)
}

/// A positive normal F32 as an integer significand and the exponent of its last bit.
fn split(x: u32) -> (u128, i32) {
    (u128::from(x & 0x7f_ffff | 0x80_0000), (x >> 23 & 0xff) as i32 - 150)
}

fn is_nan(x: u32) -> bool {
    x & 0x7f80_0000 == 0x7f80_0000 && x & 0x7f_ffff != 0
}

/// Denormals flushed to a signed zero, as the unit reads its input.
fn flushed(x: u32) -> u32 {
    if x & 0x7f80_0000 == 0 { x & 0x8000_0000 } else { x }
}

/// 1/x correctly rounded to nearest even.
fn ref_rcp(x: u32) -> u32 {
    let x = flushed(x);
    let neg = x >> 31 == 1;
    let sign = x & 0x8000_0000;
    match x & 0x7fff_ffff {
        _ if is_nan(x) => x | 0x40_0000,
        0 => sign | 0x7f80_0000,
        0x7f80_0000 => sign,
        _ => {
            let (s, e) = split(x);
            // 1/x = 2^64/s * 2^(-64-e).
            let big = 1u128 << 64;
            round(neg, big / s, !big.is_multiple_of(s), -64 - e, 0)
        }
    }
}

/// A positive normal x as m * 2^(2j) with m of 24 or 25 bits.
fn even_split(x: u32) -> (u128, i32) {
    let (s, e) = split(x);
    if e & 1 == 0 { (s, e / 2) } else { (s << 1, (e - 1) / 2) }
}

/// 1/sqrt(x) correctly rounded to nearest even.
fn ref_rsq(x: u32) -> u32 {
    let x = flushed(x);
    match x {
        _ if is_nan(x) => x | 0x40_0000,
        0 => 0x7f80_0000,
        0x8000_0000 => 0xff80_0000,
        0x7f80_0000 => 0,
        _ if x >> 31 == 1 => DEFAULT_NAN,
        _ => {
            // x = m * 2^(2j): 1/sqrt(x) = sqrt(2^80/m) * 2^(-40-j).
            let (m, j) = even_split(x);
            let big = 1u128 << 80;
            let y = isqrt(big / m);
            round(false, y, y * y * m != big, -40 - j, 0)
        }
    }
}

/// sqrt(x) correctly rounded in rounding mode rm.
fn ref_sqrt(x: u32, rm: u32) -> u32 {
    let x = flushed(x);
    match x {
        _ if is_nan(x) => x | 0x40_0000,
        0 | 0x8000_0000 | 0x7f80_0000 => x,
        _ if x >> 31 == 1 => DEFAULT_NAN,
        _ => {
            // x = m * 2^(2j): sqrt(x) = sqrt(m * 2^28) * 2^(j-14).
            let (m, j) = even_split(x);
            let big = m << 28;
            let y = isqrt(big);
            round(false, y, y * y != big, j - 14, rm)
        }
    }
}

/// One operation's check of one input: the golden bits and the reference's, or None if equal.
type Check = fn(u32, u32) -> Option<(u32, u32)>;

fn check_rcp(x: u32, mode: u32) -> Option<(u32, u32)> {
    let (g, r) = (rcp_f32_value(fp(mode), u64::from(x)) as u32, ref_rcp(x));
    (g != r).then_some((g, r))
}

fn check_rsq(x: u32, mode: u32) -> Option<(u32, u32)> {
    let (g, r) = (rsq_f32_value(fp(mode), u64::from(x)) as u32, ref_rsq(x));
    (g != r).then_some((g, r))
}

fn check_sqrt(x: u32, mode: u32) -> Option<(u32, u32)> {
    let (g, r) = (sqrt_f32_value(fp(mode), u64::from(x)) as u32, ref_sqrt(x, mode & 3));
    (g != r).then_some((g, r))
}

/// Every significand at each biased exponent of `exps`, in each MODE of `modes`, on both
/// cores: the disagreements (input, MODE, golden, reference), at most 20.
fn sweep(name: &str, check: Check, exps: &[u32], modes: &[u32]) -> Vec<String> {
    let halves: Vec<(u32, u32)> = vec![(0, 1 << 22), (1 << 22, 1 << 23)];
    let found: Vec<String> = thread::scope(|s| {
        let handles: Vec<_> = halves
            .iter()
            .map(|&(lo, hi)| {
                s.spawn(move || {
                    let mut bad = Vec::new();
                    for &e in exps {
                        for &mode in modes {
                            for f in lo..hi {
                                let x = e << 23 | f;
                                if let Some((g, r)) = check(x, mode)
                                    && bad.len() < 20
                                {
                                    bad.push(format!("{name}({x:#010x}) MODE {mode}: {g:#010x} (golden) vs {r:#010x} (exact)"));
                                }
                            }
                        }
                    }
                    bad
                })
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().expect("a sweep thread panicked")).collect()
    });
    found.into_iter().take(20).collect()
}

#[test]
fn rcp_f32_is_correctly_rounded_for_every_significand() {
    // 1: results near 2^126; 127: near 1; 253 and 254: results below the smallest normal
    // (flushed) and at it. MODE's rounding bits must not matter.
    let bad = sweep("v_rcp_f32", check_rcp, &[1, 127, 200, 252, 253, 254], &[0, 3]);
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn rsq_f32_is_correctly_rounded_for_every_significand() {
    let bad = sweep("v_rsq_f32", check_rsq, &[1, 126, 127, 254], &[0]);
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn sqrt_f32_is_correctly_rounded_for_every_significand_in_every_mode() {
    let bad = sweep("v_sqrt_f32", check_sqrt, &[126, 127], &MODES);
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

#[test]
fn random_and_special_inputs() {
    const SPECIAL: [u32; 14] = [
        0,
        0x8000_0000,
        1,
        0x8000_0001,
        0x007f_ffff,
        0x0080_0000,
        0x8080_0000,
        0x7f7f_ffff,
        0x7f80_0000,
        0xff80_0000,
        0x7fc0_0000,
        0x7f80_0001,
        0xffbf_ffff,
        0x3f80_0000,
    ];
    let mut rng = SmallRng::seed_from_u64(0x7a5_f32);
    let mut bad = Vec::new();
    let inputs = SPECIAL.iter().copied().chain((0..RANDOM_INPUTS).map(|_| rng.random::<u32>()));
    for (i, x) in inputs.enumerate() {
        let mode = (i as u32).wrapping_mul(0x9e37_79b9) >> 22;
        for (name, check) in
            [("v_rcp_f32", check_rcp as Check), ("v_rsq_f32", check_rsq), ("v_sqrt_f32", check_sqrt)]
        {
            if let Some((g, r)) = check(x, mode)
                && bad.len() < 20
            {
                bad.push(format!(
                    "{name}({x:#010x}) MODE {mode:#x}: {g:#010x} (golden) vs {r:#010x} (exact)"
                ));
            }
        }
    }
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}
