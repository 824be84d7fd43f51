//! The golden model's F16 reciprocal, reciprocal square root and square root (`v_rcp_f16`,
//! `v_rsq_f16`, `v_sqrt_f16`, before the output modifiers) are correctly rounded, for every one
//! of the 65,536 inputs, under every F16 setting of MODE (the four rounding modes, denormal
//! inputs and outputs kept or flushed): checked against a reference written here that shares
//! no code with the model (which computes in double precision and rounds to F16, or compares
//! squares): it finds the two F16 values around the exact result by comparing exact integer
//! products (v * x with 1, v^2 * x with 1, v^2 with x), then rounds by comparing the midpoint
//! the same way. The RTL's transcendental unit (`cu_fp32`) is held to the golden model by
//! `tests/fp_rtl.rs`, so these results are its accuracy too: 0.5 ULP.

use std::cmp::Ordering;

use sim::golden::fp::{Fp, Prec};
use sim::golden::{rcp_f16_value, rsq_f16_value, sqrt_f16_value};

const INF: u16 = 0x7c00;
const DEFAULT_NAN: u16 = 0xfe00;

/// A non-negative finite F16 as an integer significand and the exponent of its last bit.
fn parts(h: u16) -> (u128, i32) {
    let (e, f) = (i32::from(h >> 10 & 0x1f), u128::from(h & 0x3ff));
    if e == 0 { (f, -24) } else { (f | 0x400, e - 25) }
}

/// a * 2^ea against b * 2^eb, exactly.
fn cmp(a: u128, ea: i32, b: u128, eb: i32) -> Ordering {
    let m = ea.min(eb);
    (a << (ea - m)).cmp(&(b << (eb - m)))
}

#[derive(Clone, Copy)]
enum Op {
    Rcp,
    Rsq,
    Sqrt,
}

/// The candidate v = s * 2^e against the exact result for the positive finite input x.
fn against(op: Op, (s, e): (u128, i32), (xs, xe): (u128, i32)) -> Ordering {
    match op {
        // v against 1/x: v * x against 1.
        Op::Rcp => cmp(s * xs, e + xe, 1, 0),
        // v against 1/sqrt(x): v^2 * x against 1.
        Op::Rsq => cmp(s * s * xs, 2 * e + xe, 1, 0),
        // v against sqrt(x): v^2 against x.
        Op::Sqrt => cmp(s * s, 2 * e, xs, xe),
    }
}

/// The exact result of op on the positive finite nonzero x rounded to F16 in rm (MODE's
/// encoding), with gradual underflow and IEEE overflow; the result is positive.
fn reference(op: Op, x: u16, rm: u32) -> u16 {
    let xp = parts(x);
    // The largest finite encoding at or below the exact result.
    let (mut lo, mut hi) = (0u16, INF - 1);
    while lo < hi {
        let mid = (lo + hi).div_ceil(2);
        if against(op, parts(mid), xp) != Ordering::Greater {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    let a = lo;
    if against(op, parts(a), xp) == Ordering::Equal {
        return a;
    }
    let b = a + 1;
    match rm {
        1 => b,
        2 | 3 => a,
        _ => {
            // The midpoint of a and b (b infinite: 2^16, one ULP above the largest value, so the
            // midpoint is 65520).
            let (sa, ea) = parts(a);
            let (sb, eb) = if b == INF { (0x800, 5) } else { parts(b) };
            let m = ea.min(eb);
            let mid = ((sa << (ea - m)) + (sb << (eb - m)), m - 1);
            match against(op, mid, xp) {
                Ordering::Greater => a,
                Ordering::Less => b,
                Ordering::Equal => {
                    if a & 1 == 0 {
                        a
                    } else {
                        b
                    }
                }
            }
        }
    }
}

/// The expected result of op on input x under the F16 fields of `mode`.
fn expected(op: Op, x: u16, mode: u32) -> u16 {
    let (rm, den_in, den_out) = (mode >> 2 & 3, mode >> 6 & 1 != 0, mode >> 7 & 1 != 0);
    let sign = x & 0x8000;
    let mag = x & 0x7fff;
    if mag > INF {
        return x | 0x200;
    }
    let mag = if mag < 0x400 && !den_in { 0 } else { mag };
    let r = match op {
        Op::Rcp if mag == 0 => return sign | INF,
        Op::Rcp if mag == INF => return sign,
        Op::Rcp => sign | reference(op, mag, 0),
        Op::Rsq if mag == 0 => return sign | INF,
        Op::Sqrt if mag == 0 => return sign,
        _ if sign != 0 => return DEFAULT_NAN,
        Op::Rsq if mag == INF => return 0,
        Op::Sqrt if mag == INF => return INF,
        Op::Rsq => reference(op, mag, 0),
        Op::Sqrt => reference(op, mag, rm),
    };
    if r & 0x7fff < 0x400 && !den_out { r & 0x8000 } else { r }
}

fn sweep(name: &str, op: Op, f: fn(Fp, u64) -> u64) {
    let mut bad = Vec::new();
    let mut checked = 0u64;
    for mode in (0..4u32).flat_map(|rm| (0..4u32).map(move |den| rm << 2 | den << 6)) {
        let fp = Fp::new(mode, Prec::H);
        for x in 0..=u16::MAX {
            let (got, want) = (f(fp, u64::from(x)) as u16, expected(op, x, mode));
            checked += 1;
            if got != want && bad.len() < 20 {
                bad.push(format!(
                    "{name} mode {mode:#05x} of {x:#06x}: {got:#06x} (golden) vs {want:#06x} (exact)"
                ));
            }
        }
    }
    assert!(bad.is_empty(), "{name} is not correctly rounded:\n{}", bad.join("\n"));
    println!("{name}: {checked} inputs and modes correctly rounded");
}

#[test]
fn rcp_f16_is_correctly_rounded_for_every_input() {
    sweep("v_rcp_f16", Op::Rcp, rcp_f16_value);
}

#[test]
fn rsq_f16_is_correctly_rounded_for_every_input() {
    sweep("v_rsq_f16", Op::Rsq, rsq_f16_value);
}

#[test]
fn sqrt_f16_is_correctly_rounded_for_every_input_in_every_mode() {
    sweep("v_sqrt_f16", Op::Sqrt, sqrt_f16_value);
}
