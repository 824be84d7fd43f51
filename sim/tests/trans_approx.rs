//! The accuracy of `v_exp_*`, `v_log_*` (the recurrence of `rdna3_isa::explog`), `v_sin_*` and
//! `v_cos_*` (the CORDIC of `rdna3_isa::sincos`), which the golden model and the RTL share:
//! within 1 ULP of the exact value, as the guide promises, for every F16 input, and for a
//! sample of F32 inputs (every 97th bit pattern, every input within 2^-9 of 1.0, 2^17 spread
//! over the exponents, and random ones); `RDNA3_TRANS_ALL=1` checks every F32 input (about
//! twenty minutes on two cores; the README gives the result), `RDNA3_TRANS_ONLY=sin,cos` only
//! the rows named. The reference is the host's
//! double-precision `exp2`, `log2` and `sin` (sin of pi/2 times the exact position within
//! the quarter turn, reduced here in double precision), which shares no code with the
//! shift-and-add algorithms. Each sweep also counts the results that are not the correctly
//! rounded ones.
//!
//! The special inputs are checked exactly: NaNs stay NaNs (quietened), log of a zero is -inf,
//! of a negative value the default NaN, of +inf +inf; exp of -inf is +0, of +inf +inf; sin and
//! cos of an infinity the default NaN, sin(+-0) = +-0, cos(+-0) = 1, exact zeros +0. The F32
//! forms of exp and log flush denormal inputs and results; sin and cos keep them (MODE here
//! keeps them).

use std::thread;

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use sim::golden::fp::{Fp, Prec};
use sim::golden::{exp_value, log_value, sincos_value};

#[derive(Clone, Copy, Debug, PartialEq)]
enum Op {
    Exp,
    Log,
    Sin,
    Cos,
}

const OPS: [Op; 4] = [Op::Exp, Op::Log, Op::Sin, Op::Cos];

/// What a sweep found: inputs checked, worst error in ULPs, correctly rounded results.
#[derive(Default, Debug)]
struct Tally {
    inputs: u64,
    worst: f64,
    worst_at: u64,
    exact: u64,
}

impl Tally {
    fn merge(&mut self, o: Tally) {
        self.inputs += o.inputs;
        self.exact += o.exact;
        if o.worst > self.worst {
            self.worst = o.worst;
            self.worst_at = o.worst_at;
        }
    }
}

/// Fraction bits and smallest normal exponent of the format.
fn shape(p: Prec) -> (i32, i32) {
    if p == Prec::S { (23, -126) } else { (10, -14) }
}

fn to_f64(p: Prec, x: u64) -> f64 {
    if p == Prec::S { f64::from(f32::from_bits(x as u32)) } else { sim::golden::fp::to_f64(p, x) }
}

/// The exact function at `x`, in double precision.
fn exact(op: Op, x: f64) -> f64 {
    match op {
        Op::Exp => x.exp2(),
        Op::Log => x.log2(),
        Op::Sin | Op::Cos => {
            if !x.is_finite() {
                return f64::NAN;
            }
            // |x| mod 1, its quarter and the position within it: exact for F32 inputs.
            let a = x.abs();
            let r = a - a.floor();
            let q4 = r * 4.0;
            let q = q4.floor();
            let w = q4 - q;
            let qq = (q as u32 + u32::from(op == Op::Cos)) & 3;
            let u = if qq & 1 == 1 { 1.0 - w } else { w };
            let s = (u * std::f64::consts::FRAC_PI_2).sin();
            let neg = (x.is_sign_negative() && op == Op::Sin) != (qq >= 2);
            if s == 0.0 {
                0.0
            } else if neg {
                -s
            } else {
                s
            }
        }
    }
}

/// `v` rounded to nearest even to the format (gradual underflow; saturating to infinity).
fn round_ne(p: Prec, v: f64) -> f64 {
    let (man, emin) = shape(p);
    if v == 0.0 || !v.is_finite() {
        return v;
    }
    let e = (v.abs().log2().floor() as i32).max(emin);
    let ulp = 2f64.powi(e - man);
    let r = (v / ulp).round_ties_even() * ulp;
    let max = (2.0 - 2f64.powi(-man)) * 2f64.powi(if p == Prec::S { 127 } else { 15 });
    if r.abs() > max { f64::INFINITY.copysign(v) } else { r }
}

/// The error of `r` (bits) against the exact `v`, in ULPs of `v`'s binade.
fn ulps(p: Prec, r: u64, v: f64) -> f64 {
    let (man, emin) = shape(p);
    let rv = to_f64(p, r);
    if rv.is_infinite() || v.is_infinite() {
        return if rv == round_ne(p, v) { 0.0 } else { f64::INFINITY };
    }
    if v == 0.0 {
        return if rv == 0.0 { 0.0 } else { f64::INFINITY };
    }
    let e = (v.abs().log2().floor() as i32).max(emin);
    (rv - v).abs() / 2f64.powi(e - man)
}

/// One input: the special cases exactly, the rest within 1 ULP. F32's exp and log flush.
fn check(op: Op, p: Prec, x: u64, t: &mut Tally) {
    let f = Fp::new(0x3f0, p); // nearest even, denormals kept (but where the row flushes)
    let flush = p == Prec::S && matches!(op, Op::Exp | Op::Log);
    let r = match op {
        Op::Exp => exp_value(f, x),
        Op::Log => log_value(f, x),
        Op::Sin => sincos_value(f, x, false),
        Op::Cos => sincos_value(f, x, true),
    };
    let sign = 1u64 << (p.bits() - 1);
    let (man, _) = shape(p);
    let exp_mask = (sign - 1) & !((1u64 << man) - 1);
    let xv = to_f64(p, x);
    let denorm = x & exp_mask == 0 && x & ((1 << man) - 1) != 0;
    let xv = if flush && denorm { 0.0f64.copysign(xv) } else { xv };
    if xv.is_nan() {
        assert_eq!(r, x | 1 << (man - 1), "{op:?} of NaN {x:#x}");
        return;
    }
    t.inputs += 1;
    let v = exact(op, xv);
    if v.is_nan() {
        assert_eq!(r, p.default_nan(), "{op:?} of {x:#x}");
        t.exact += 1;
        return;
    }
    if op == Op::Sin && xv == 0.0 {
        assert_eq!(r, x, "sin of a zero");
        t.exact += 1;
        return;
    }
    // F32 exp and log flush results below the smallest normal (exp's never are: x >= -126 is
    // computed, below gives +0).
    let mut want = round_ne(p, v);
    let e = if flush && want != 0.0 && want.abs() < 2f64.powi(-126) {
        want = 0.0;
        if r == 0 { 0.0 } else { f64::INFINITY }
    } else {
        ulps(p, r, v)
    };
    assert!(e < 1.0, "{op:?}({x:#x} = {xv:e}) = {r:#x}: {e} ULP from {v:e}");
    if to_f64(p, r) == want && (want != 0.0 || r & sign == 0) {
        t.exact += 1;
    }
    if e > t.worst {
        t.worst = e;
        t.worst_at = x;
    }
}

/// The inputs `first + k * stride` below 2^32, on two threads.
fn sweep32(op: Op, first: u64, stride: u64) -> Tally {
    let n = (1u64 << 32).saturating_sub(first).div_ceil(stride);
    thread::scope(|s| {
        let hs: Vec<_> = (0..2u64)
            .map(|h| {
                s.spawn(move || {
                    let mut t = Tally::default();
                    let mut k = h;
                    while k < n {
                        check(op, Prec::S, first + k * stride, &mut t);
                        k += 2;
                    }
                    t
                })
            })
            .collect();
        let mut t = Tally::default();
        for h in hs {
            t.merge(h.join().expect("a sweep thread panicked"));
        }
        t
    })
}

fn report(name: &str, t: &Tally) {
    println!(
        "{name}: {} inputs, worst {:.6} ULP (at {:#x}), {} not correctly rounded",
        t.inputs,
        t.worst,
        t.worst_at,
        t.inputs - t.exact
    );
}

#[test]
fn f16_every_input() {
    for op in OPS {
        let mut t = Tally::default();
        for x in 0..=0xffffu64 {
            check(op, Prec::H, x, &mut t);
        }
        report(&format!("v_{op:?}_f16").to_lowercase(), &t);
        assert!(t.worst < 0.6);
    }
}

#[test]
fn f32_sample() {
    let all = std::env::var("RDNA3_TRANS_ALL").is_ok_and(|v| v == "1");
    // RDNA3_TRANS_ONLY=sin,cos: those rows only.
    let only = std::env::var("RDNA3_TRANS_ONLY").unwrap_or_default().to_lowercase();
    for op in OPS.into_iter().filter(|op| only.is_empty() || only.contains(&format!("{op:?}").to_lowercase()))
    {
        let mut t = sweep32(op, 0, if all { 1 } else { 97 });
        if !all {
            let mut rng = SmallRng::seed_from_u64(0xe7_10c);
            for _ in 0..1_000_000 {
                check(op, Prec::S, u64::from(rng.random::<u32>()), &mut t);
            }
            // log near 1 (the results that need relative accuracy), exp near 0.
            let one = 0x3f80_0000u64;
            for x in one - (1 << 14)..one + (1 << 14) {
                check(op, Prec::S, x, &mut t);
            }
            for x in 0..1 << 16 {
                check(op, Prec::S, x << 14, &mut t);
                check(op, Prec::S, x << 14 | 1 << 31, &mut t);
            }
        }
        report(&format!("v_{op:?}_f32").to_lowercase(), &t);
        assert!(t.worst < 0.6);
    }
}

/// The special inputs, exactly.
#[test]
fn special_inputs() {
    let f = Fp::new(0x3f0, Prec::S);
    let e = |x: u32| exp_value(f, u64::from(x)) as u32;
    let l = |x: u32| log_value(f, u64::from(x)) as u32;
    assert_eq!(e(0xff80_0000), 0); // exp(-inf)
    assert_eq!(e(0x7f80_0000), 0x7f80_0000);
    assert_eq!(e(0x4300_0000), 0x7f80_0000); // 2^128
    assert_eq!(e(0xc2fc_0000), 0x0080_0000); // 2^-126
    assert_eq!(e(0xc2fc_0001), 0); // below 2^-126: flushed
    assert_eq!(e(0x0000_0001), 0x3f80_0000); // a denormal, flushed: 2^0
    assert_eq!(e(0x7fa0_0000), 0x7fe0_0000); // a signalling NaN, quietened
    assert_eq!(l(0), 0xff80_0000);
    assert_eq!(l(0x8000_0000), 0xff80_0000);
    assert_eq!(l(0x0000_0001), 0xff80_0000); // a denormal, flushed: log of 0
    assert_eq!(l(0xbf80_0000), 0xffc0_0000);
    assert_eq!(l(0x7f80_0000), 0x7f80_0000);
    assert_eq!(l(0x3f80_0000), 0);
    for k in -126..128 {
        let x = ((k + 127) as u32) << 23;
        assert_eq!(l(x), (k as f32).to_bits(), "log2(2^{k})");
        assert_eq!(e((k as f32).to_bits()), x, "exp2({k})");
    }
    let sn = |x: u32| sincos_value(f, u64::from(x), false) as u32;
    let cs = |x: u32| sincos_value(f, u64::from(x), true) as u32;
    assert_eq!(sn(0x8000_0000), 0x8000_0000);
    assert_eq!(cs(0x8000_0000), 0x3f80_0000);
    assert_eq!(sn(0x7f80_0000), 0xffc0_0000);
    assert_eq!(cs(0xff80_0000), 0xffc0_0000);
    assert_eq!(sn(0x7fa0_0000), 0x7fe0_0000);
    for (x, s, c) in [
        (0.25f32, 1.0f32, 0.0f32),
        (0.5, 0.0, -1.0),
        (-0.5, 0.0, -1.0),
        (0.75, -1.0, 0.0),
        (-0.25, -1.0, 0.0),
        (3.0, 0.0, 1.0),
        (1e9, 0.0, 1.0),
    ] {
        assert_eq!(sn(x.to_bits()), s.to_bits(), "sin of {x} turns");
        assert_eq!(cs(x.to_bits()), c.to_bits(), "cos of {x} turns");
    }
    // sin of a tiny negative angle is tiny and negative (not 0: the reduction takes |x|).
    assert_eq!(sn((-1e-30f32).to_bits()), (-2.0 * std::f32::consts::PI * 1e-30).to_bits());
    // A denormal (MODE keeps it here): 2 pi times it.
    assert_eq!(sn(0x0000_0100), 0x0000_0648);
    let h = Fp::new(0x3f0, Prec::H);
    assert_eq!(exp_value(h, 0xce00), 0x0001); // 2^-24, the smallest denormal
    assert_eq!(log_value(h, 0x0001), 0xce00); // log2(2^-24) = -24
}
