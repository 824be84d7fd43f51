//! The golden model's floating-point primitives (`sim::golden::fp`) against Berkeley SoftFloat 3
//! (`softfloat-sys`), an IEEE-754 implementation that shares none of their code.
//!
//! **What is compared.** For F16, F32 and F64: add, sub, mul, fused multiply-add, division,
//! square root, round to integral (trunc, floor, ceil, nearest-even: the four `round_integral`
//! modes), compares (less, equal, greater, unordered), conversions between the three formats,
//! and conversions to and from 32-bit signed and unsigned integers. Every operand set runs under
//! the four rounding modes; MODE gives F32 one mode and F16/F64 the opposite one (0 with 3, 1
//! with 2), so a swapped rounding field shows. Results are compared bit for bit. Besides the
//! random operand sets, every F16 pattern goes through the one-operand operations (square root,
//! round to integral, widening, truncation to integers) in the four modes.
//!
//! **Denormals are kept**, in and out, for every format (MODE.FP_DENORM, bits 7:4, = 0xf):
//! SoftFloat has no flush-to-zero mode, so the flushing modes are not tested here.
//!
//! **Where the ISA is not IEEE**, the test checks the ISA's rule, not SoftFloat's:
//! - A NaN result only has to be a NaN on both sides: the ISA's NaN (the first NaN operand made
//!   quiet, else the negative default NaN) is not SoftFloat's x86 default NaN.
//! - Float to integer (`V_CVT_I32_F32` and friends) truncates whatever MODE's rounding is, and
//!   where IEEE has no result (SoftFloat raises invalid) it saturates: NaN gives 0, a value
//!   below the range the minimum (0 for unsigned), above it the maximum. SoftFloat's own value
//!   there is x86's "integer indefinite".
//!
//! **Operands** come from a fixed seed and lean toward the hard cases: signed zeros, the
//! smallest and largest denormals and normals, infinities, quiet and signalling NaNs, 1.0,
//! values at and next to integers and ties (x.5), sums that cancel, products and quotients that
//! land in the denormal range or overflow, fma addends that cancel the product, near-perfect
//! squares, conversion inputs at and next to the narrower format's ties and limits, integers at
//! the formats' precision limits, and fully random bit patterns.
//!
//! `RDNA3_SOFTFLOAT_CASES` sets the number of operand sets per operation and format (default
//! [`DEFAULT_SETS`], about 74 million compared results in all; each set runs in four modes). SoftFloat's rounding mode and flags are
//! thread-local globals, and everything runs in the one test function, which sets the mode
//! before each call.

use std::time::Instant;

use rand::rngs::Xoshiro256PlusPlus;
use rand::{Rng, RngExt, SeedableRng};
use sim::golden::fp::{self, Fp, Prec, Round};
use softfloat_sys as sf;
use softfloat_sys::{float16_t, float32_t, float64_t};

/// Operand sets per operation and format when `RDNA3_SOFTFLOAT_CASES` is unset.
const DEFAULT_SETS: usize = 400_000;
/// Failures printed and listed before the test stops collecting them.
const MAX_REPORTED: usize = 20;
const SEED: u64 = 0x5eed_f10a_7000_0003;

const PRECS: [Prec; 3] = [Prec::H, Prec::S, Prec::D];

/// MODE's rounding field values in order: the golden model's rounding, SoftFloat's, a name.
const ROUNDS: [(Round, u8, &str); 4] = [
    (Round::NearestTiesToEven, sf::softfloat_round_near_even, "nearest-even"),
    (Round::TowardPositive, sf::softfloat_round_max, "toward +inf"),
    (Round::TowardNegative, sf::softfloat_round_min, "toward -inf"),
    (Round::TowardZero, sf::softfloat_round_minMag, "toward zero"),
];

/// The MODE value of mode set `k` (0..4): F32 rounds by field k, F16 and F64 by field 3 - k,
/// denormals kept in and out for every format, IEEE mode.
fn mode_of(k: usize) -> u32 {
    k as u32 | (3 - k as u32) << 2 | 0xf << 4 | 1 << 9
}

/// The rounding field that `mode_of(k)` gives `p`.
fn round_field(k: usize, p: Prec) -> usize {
    if p == Prec::S { k } else { 3 - k }
}

fn name(p: Prec) -> &'static str {
    match p {
        Prec::H => "f16",
        Prec::S => "f32",
        Prec::D => "f64",
    }
}

// ---- Format arithmetic on bit patterns, for building operands. ----

fn mant_bits(p: Prec) -> u32 {
    match p {
        Prec::H => 10,
        Prec::S => 23,
        Prec::D => 52,
    }
}
fn mant_mask(p: Prec) -> u64 {
    (1 << mant_bits(p)) - 1
}
/// The all-ones exponent field (infinities and NaNs).
fn exp_top(p: Prec) -> u64 {
    (1 << (p.bits() - mant_bits(p) - 1)) - 1
}
fn bias(p: Prec) -> i64 {
    (exp_top(p) / 2) as i64
}
fn make(p: Prec, neg: bool, exp: u64, mant: u64) -> u64 {
    (if neg { p.sign() } else { 0 }) | exp << mant_bits(p) | mant & mant_mask(p)
}
fn exp_field(p: Prec, x: u64) -> u64 {
    (x & p.mask() & !p.sign()) >> mant_bits(p)
}
fn with_exp(p: Prec, x: u64, exp: u64) -> u64 {
    x & (p.sign() | mant_mask(p)) | exp << mant_bits(p)
}
fn one(p: Prec) -> u64 {
    make(p, false, bias(p) as u64, 0)
}

// ---- SoftFloat, with the rounding mode set and the flags cleared before each call. ----

fn set_round(rm: u8) {
    // SAFETY: plain stores to SoftFloat's thread-local mode and flags.
    unsafe {
        sf::softfloat_roundingMode_write_helper(rm);
        sf::softfloat_exceptionFlags_write_helper(0);
    }
}

fn invalid_raised() -> bool {
    // SAFETY: a plain load of SoftFloat's thread-local flags.
    unsafe { sf::softfloat_exceptionFlags_read_helper() & sf::softfloat_flag_invalid != 0 }
}

/// Calls the SoftFloat function of `p`'s format on float operands, with rounding mode `rm`.
macro_rules! soft {
    ($rm:expr, $p:expr, $h:ident, $s:ident, $d:ident, $($x:expr),+) => {{
        set_round($rm);
        // SAFETY: SoftFloat's functions are pure apart from the thread-local mode and flags.
        unsafe {
            match $p {
                Prec::H => u64::from(sf::$h($(float16_t { v: $x as u16 }),+).v),
                Prec::S => u64::from(sf::$s($(float32_t { v: $x as u32 }),+).v),
                Prec::D => sf::$d($(float64_t { v: $x }),+).v,
            }
        }
    }};
}

fn soft_convert(rm: u8, from: Prec, to: Prec, x: u64) -> u64 {
    set_round(rm);
    let (h, s, d) = (float16_t { v: x as u16 }, float32_t { v: x as u32 }, float64_t { v: x });
    // SAFETY: as in `soft!`.
    unsafe {
        match (from, to) {
            (Prec::H, Prec::S) => u64::from(sf::f16_to_f32(h).v),
            (Prec::H, Prec::D) => sf::f16_to_f64(h).v,
            (Prec::S, Prec::H) => u64::from(sf::f32_to_f16(s).v),
            (Prec::S, Prec::D) => sf::f32_to_f64(s).v,
            (Prec::D, Prec::H) => u64::from(sf::f64_to_f16(d).v),
            (Prec::D, Prec::S) => u64::from(sf::f64_to_f32(d).v),
            _ => x,
        }
    }
}

/// Truncation to a 32-bit integer: the result's bit pattern, and whether SoftFloat raised
/// invalid (NaN or out of range).
fn soft_to_int(p: Prec, x: u64, signed: bool) -> (u64, bool) {
    set_round(sf::softfloat_round_near_even);
    let (h, s, d) = (float16_t { v: x as u16 }, float32_t { v: x as u32 }, float64_t { v: x });
    // SAFETY: as in `soft!`.
    let r = unsafe {
        match (p, signed) {
            (Prec::H, true) => sf::f16_to_i32_r_minMag(h, false) as i32 as u32,
            (Prec::S, true) => sf::f32_to_i32_r_minMag(s, false) as i32 as u32,
            (Prec::D, true) => sf::f64_to_i32_r_minMag(d, false) as i32 as u32,
            (Prec::H, false) => sf::f16_to_ui32_r_minMag(h, false) as u32,
            (Prec::S, false) => sf::f32_to_ui32_r_minMag(s, false) as u32,
            (Prec::D, false) => sf::f64_to_ui32_r_minMag(d, false) as u32,
        }
    };
    (u64::from(r), invalid_raised())
}

fn soft_from_int(rm: u8, p: Prec, v: u32, signed: bool) -> u64 {
    set_round(rm);
    let i = v as i32;
    // SAFETY: as in `soft!`.
    unsafe {
        match (p, signed) {
            (Prec::H, true) => u64::from(sf::i32_to_f16(i).v),
            (Prec::S, true) => u64::from(sf::i32_to_f32(i).v),
            (Prec::D, true) => sf::i32_to_f64(i).v,
            (Prec::H, false) => u64::from(sf::ui32_to_f16(v).v),
            (Prec::S, false) => u64::from(sf::ui32_to_f32(v).v),
            (Prec::D, false) => sf::ui32_to_f64(v).v,
        }
    }
}

fn soft_round_int(rm: u8, p: Prec, x: u64) -> u64 {
    set_round(rm);
    // SAFETY: as in `soft!`.
    unsafe {
        match p {
            Prec::H => u64::from(sf::f16_roundToInt(float16_t { v: x as u16 }, rm, false).v),
            Prec::S => u64::from(sf::f32_roundToInt(float32_t { v: x as u32 }, rm, false).v),
            Prec::D => sf::f64_roundToInt(float64_t { v: x }, rm, false).v,
        }
    }
}

fn soft_compare(p: Prec, a: u64, b: u64) -> Option<std::cmp::Ordering> {
    set_round(sf::softfloat_round_near_even);
    let (ha, sa, da) = (float16_t { v: a as u16 }, float32_t { v: a as u32 }, float64_t { v: a });
    let (hb, sb, db) = (float16_t { v: b as u16 }, float32_t { v: b as u32 }, float64_t { v: b });
    // SAFETY: as in `soft!`.
    let (eq, lt, gt) = unsafe {
        match p {
            Prec::H => (sf::f16_eq(ha, hb), sf::f16_lt_quiet(ha, hb), sf::f16_lt_quiet(hb, ha)),
            Prec::S => (sf::f32_eq(sa, sb), sf::f32_lt_quiet(sa, sb), sf::f32_lt_quiet(sb, sa)),
            Prec::D => (sf::f64_eq(da, db), sf::f64_lt_quiet(da, db), sf::f64_lt_quiet(db, da)),
        }
    };
    match (eq, lt, gt) {
        (true, _, _) => Some(std::cmp::Ordering::Equal),
        (_, true, _) => Some(std::cmp::Ordering::Less),
        (_, _, true) => Some(std::cmp::Ordering::Greater),
        _ => None,
    }
}

// ---- Operands. ----

struct Gen {
    rng: Xoshiro256PlusPlus,
}

impl Gen {
    fn bits(&mut self, p: Prec) -> u64 {
        self.rng.next_u64() & p.mask()
    }

    fn sign(&mut self, p: Prec, x: u64) -> u64 {
        if self.rng.random_bool(0.5) { x ^ p.sign() } else { x }
    }

    /// `x`'s pattern moved by a few units in the last place (toward larger or smaller
    /// magnitude), staying in the format.
    fn jitter(&mut self, p: Prec, x: u64, by: i64) -> u64 {
        let d = self.rng.random_range(-by..=by);
        let sign = x & p.sign();
        let mag = (x & !p.sign() & p.mask()) as i64;
        sign | mag.saturating_add(d).clamp(0, (p.sign() - 1) as i64) as u64
    }

    fn special(&mut self, p: Prec) -> u64 {
        let (top, m) = (exp_top(p), mant_mask(p));
        let list = [
            0,
            1,
            m,
            m + 1,
            make(p, false, top - 1, m),
            make(p, false, top, 0),
            make(p, false, top, 1 << (mant_bits(p) - 1)),
            make(p, false, top, 1),
            make(p, false, top, self.rng.next_u64()) | 1,
            one(p),
            make(p, false, bias(p) as u64 - 1, 0),
            make(p, false, bias(p) as u64 + 1, 1 << (mant_bits(p) - 1)),
        ];
        let x = list[self.rng.random_range(0..list.len())];
        self.sign(p, x)
    }

    /// A value at or next to an integer or a tie (x.5), up to a few times the format's
    /// integer precision.
    fn near_integer(&mut self, p: Prec) -> u64 {
        let shift = self.rng.random_range(0..mant_bits(p) + 4);
        let n = (self.rng.next_u64() >> (63 - shift)) as f64;
        let v = match self.rng.random_range(0..4) {
            0 => n + 0.5,
            1 => n + 0.25,
            _ => n,
        };
        let x = match p {
            Prec::D => v.to_bits(),
            _ => soft_convert(sf::softfloat_round_near_even, Prec::D, p, v.to_bits()),
        };
        let x = if self.rng.random_bool(0.5) { x } else { self.jitter(p, x, 2) };
        self.sign(p, x)
    }

    /// A pattern at the ends of the exponent range, with a telling significand.
    fn extreme(&mut self, p: Prec) -> u64 {
        let (top, b) = (exp_top(p), bias(p) as u64);
        let exps = [0, 0, 1, 2, top - 1, top - 1, top - 2, top - 3, b - 1, b, b + 1];
        let m = mant_mask(p);
        let r = self.rng.next_u64();
        let mants =
            [0, m, 1, m - 1, 1 << (mant_bits(p) - 1), r, r & self.rng.next_u64(), r | self.rng.next_u64()];
        let e = exps[self.rng.random_range(0..exps.len())];
        let mant = mants[self.rng.random_range(0..mants.len())];
        let neg = self.rng.random_bool(0.5);
        make(p, neg, e, mant)
    }

    /// Any finite value, the exponent uniform.
    fn finite(&mut self, p: Prec) -> u64 {
        let e = self.rng.random_range(0..exp_top(p));
        let neg = self.rng.random_bool(0.5);
        make(p, neg, e, self.rng.next_u64())
    }

    fn value(&mut self, p: Prec) -> u64 {
        match self.rng.random_range(0..16) {
            0..=3 => self.special(p),
            4..=6 => self.near_integer(p),
            7..=9 => self.extreme(p),
            10..=12 => self.finite(p),
            _ => self.bits(p),
        }
    }

    /// `b` for `a + b`: often `-a` a few units away, so that the sum cancels.
    fn addend(&mut self, p: Prec, a: u64) -> u64 {
        match self.rng.random_range(0..3) {
            0 => {
                let b = self.jitter(p, a ^ p.sign(), 3);
                // Sometimes one binade away: 2^k against 2^k - ulp and the like.
                if self.rng.random_bool(0.25) && exp_field(p, b) > 1 && exp_field(p, b) < exp_top(p) {
                    with_exp(p, b, exp_field(p, b) - 1) | mant_mask(p)
                } else {
                    b
                }
            }
            _ => self.value(p),
        }
    }

    /// `b` for `a * b` (or `a / b` when `div`): often with the exponent that puts the result
    /// in or next to the denormal range, or at the overflow threshold.
    fn factor(&mut self, p: Prec, a: u64, div: bool) -> u64 {
        let b = self.value(p);
        if self.rng.random_bool(0.6) {
            return b;
        }
        let (emin, emax) = (1 - bias(p), bias(p));
        let target = if self.rng.random_bool(0.6) {
            self.rng.random_range(emin - mant_bits(p) as i64 - 2..=emin + 1)
        } else {
            self.rng.random_range(emax - 1..=emax + 1)
        };
        let ea = exp_field(p, a).max(1) as i64 - bias(p);
        let eb = if div { ea - target } else { target - ea };
        let field = eb + bias(p);
        if field >= 1 && field < exp_top(p) as i64 { with_exp(p, b, field as u64) } else { b }
    }

    /// An integer for conversion to float: small, at the formats' precision limits
    /// (2^11, 2^24), at the F16 overflow threshold, or anywhere in 32 bits.
    fn integer(&mut self) -> u32 {
        let base: u32 = match self.rng.random_range(0..6) {
            0 => 1 << 11,
            1 => 1 << 24,
            2 => 65504 + 16,
            3 => self.rng.next_u32() >> self.rng.random_range(0..32),
            _ => self.rng.next_u32(),
        };
        let v = base.wrapping_add_signed(self.rng.random_range(-3..=3));
        if self.rng.random_bool(0.3) { v.wrapping_neg() } else { v }
    }
}

// ---- Comparison and failure collection. ----

/// Equal bit patterns, or both NaN (whatever their sign and payload).
fn same(p: Prec, golden: u64, soft: u64) -> bool {
    let g = golden & p.mask();
    if fp::is_nan(p, g) || fp::is_nan(p, soft) { fp::is_nan(p, g) && fp::is_nan(p, soft) } else { g == soft }
}

struct Report {
    cases: u64,
    failures: u64,
    listed: Vec<String>,
}

impl Report {
    fn check(&mut self, ok: bool, describe: impl FnOnce() -> String) {
        self.cases += 1;
        if !ok {
            self.failures += 1;
            if self.listed.len() < MAX_REPORTED {
                let line = describe();
                eprintln!("MISMATCH {line}");
                self.listed.push(line);
            }
        }
    }
}

fn hex(ops: &[u64]) -> String {
    ops.iter().map(|x| format!("{x:#x}")).collect::<Vec<_>>().join(", ")
}

/// One failure line: operation, format, rounding, MODE, operands, both results.
fn line(op: &str, p: Prec, k: usize, ops: &[u64], golden: u64, soft: u64) -> String {
    let round = ROUNDS[round_field(k, p)].2;
    format!(
        "{op} {} {round} (MODE {:#x}): operands [{}]: golden {golden:#x}, softfloat {soft:#x}",
        name(p),
        mode_of(k),
        hex(ops)
    )
}

/// The arithmetic operations of one format, on `sets` operand sets, in the four modes.
fn arithmetic(g: &mut Gen, r: &mut Report, p: Prec, sets: usize) {
    for _ in 0..sets {
        let a = g.value(p);
        let b = g.addend(p, a);
        let (m, d) = (g.factor(p, a, false), g.factor(p, a, true));
        let c = if g.rng.random_bool(0.4) {
            // The addend cancels the rounded product, give or take a few units.
            let prod = soft!(sf::softfloat_round_near_even, p, f16_mul, f32_mul, f64_mul, a, m);
            g.jitter(p, prod ^ p.sign(), 3)
        } else {
            g.value(p)
        };
        // sqrt: often of a square, a unit or two off.
        let s = if g.rng.random_bool(0.3) {
            let x = g.finite(p) & !p.sign();
            let sq = soft!(sf::softfloat_round_near_even, p, f16_mul, f32_mul, f64_mul, x, x);
            g.jitter(p, sq, 1)
        } else if g.rng.random_bool(0.7) {
            g.value(p) & !p.sign()
        } else {
            g.value(p)
        };
        let x = g.value(p);
        for k in 0..4 {
            let fp = Fp::new(mode_of(k), p);
            let rm = ROUNDS[round_field(k, p)].1;
            let mut cmp = |op: &str, ops: &[u64], golden: u64, soft: u64| {
                r.check(same(p, golden, soft), || line(op, p, k, ops, golden, soft));
            };
            cmp("add", &[a, b], fp::add(fp, a, b), soft!(rm, p, f16_add, f32_add, f64_add, a, b));
            cmp("sub", &[a, b], fp::sub(fp, a, b), soft!(rm, p, f16_sub, f32_sub, f64_sub, a, b));
            cmp("sub", &[a, a], fp::sub(fp, a, a), soft!(rm, p, f16_sub, f32_sub, f64_sub, a, a));
            cmp("mul", &[a, m], fp::mul(fp, a, m), soft!(rm, p, f16_mul, f32_mul, f64_mul, a, m));
            let want = soft!(rm, p, f16_mulAdd, f32_mulAdd, f64_mulAdd, a, m, c);
            cmp("fma", &[a, m, c], fp::fma(fp, a, m, c), want);
            cmp("div", &[a, d], fp::div(fp, a, d), soft!(rm, p, f16_div, f32_div, f64_div, a, d));
        }
        for k in 0..4 {
            sqrt_case(r, p, k, s);
            round_integral_case(r, p, k, x);
        }
    }
}

fn sqrt_case(r: &mut Report, p: Prec, k: usize, x: u64) {
    let rm = ROUNDS[round_field(k, p)].1;
    let (golden, soft) = (fp::sqrt(Fp::new(mode_of(k), p), x), soft!(rm, p, f16_sqrt, f32_sqrt, f64_sqrt, x));
    r.check(same(p, golden, soft), || line("sqrt", p, k, &[x], golden, soft));
}

/// Round to integral takes its rounding from the instruction (trunc, floor, ceil, rndne), not
/// from MODE: mode set `k` tries the one of its rounding field.
fn round_integral_case(r: &mut Report, p: Prec, k: usize, x: u64) {
    let (round, rm, _) = ROUNDS[round_field(k, p)];
    let (golden, soft) = (fp::round_integral(Fp::new(mode_of(k), p), x, round), soft_round_int(rm, p, x));
    r.check(same(p, golden, soft), || line(&format!("round_integral({round:?})"), p, k, &[x], golden, soft));
}

fn compares(g: &mut Gen, r: &mut Report, p: Prec, sets: usize) {
    for _ in 0..sets {
        let a = g.value(p);
        let b = match g.rng.random_range(0..4) {
            0 => a,
            1 => a ^ p.sign(),
            2 => g.jitter(p, a, 1),
            _ => g.value(p),
        };
        for k in 0..4 {
            let (golden, soft) = (fp::compare(Fp::new(mode_of(k), p), a, b), soft_compare(p, a, b));
            r.check(golden == soft, || {
                format!(
                    "compare {} (MODE {:#x}): [{}]: golden {golden:?}, softfloat {soft:?}",
                    name(p),
                    mode_of(k),
                    hex(&[a, b])
                )
            });
        }
    }
}

/// Conversions from `from` to `to`. Narrowing ones often get an input that is a value of the
/// narrower format plus half its unit in the last place, give or take a few units of the
/// wider one: ties and near-ties, at the overflow threshold and in the denormal range too.
fn conversions(g: &mut Gen, r: &mut Report, from: Prec, to: Prec, sets: usize) {
    let narrowing = mant_bits(to) < mant_bits(from);
    for _ in 0..sets {
        let x = if narrowing && g.rng.random_bool(0.5) {
            let y = soft_convert(sf::softfloat_round_near_even, to, from, g.value(to));
            if fp::is_nan(from, y) || fp::is_inf(from, y) {
                y
            } else {
                let half = 1u64 << (mant_bits(from) - mant_bits(to) - 1);
                let t = if g.rng.random_bool(0.7) { y + half } else { y };
                g.jitter(from, t, 2)
            }
        } else {
            g.value(from)
        };
        for k in 0..4 {
            convert_case(r, from, to, k, x);
        }
    }
}

fn convert_case(r: &mut Report, from: Prec, to: Prec, k: usize, x: u64) {
    let (mode, rm) = (mode_of(k), ROUNDS[round_field(k, to)].1);
    let golden = fp::convert(Fp::new(mode, from), Fp::new(mode, to), x);
    let soft = soft_convert(rm, from, to, x);
    r.check(same(to, golden, soft), || {
        line(&format!("convert {}->{}", name(from), name(to)), to, k, &[x], golden, soft)
    });
}

/// The ISA's result of a float to 32-bit integer conversion that IEEE calls invalid: NaN gives
/// 0, anything else saturates toward its sign.
fn isa_invalid_int(p: Prec, x: u64, signed: bool) -> u64 {
    if fp::is_nan(p, x) {
        0
    } else if fp::is_neg(p, x) {
        if signed { 0x8000_0000 } else { 0 }
    } else if signed {
        0x7fff_ffff
    } else {
        0xffff_ffff
    }
}

fn integers(g: &mut Gen, r: &mut Report, p: Prec, sets: usize) {
    // Floats next to the ends of the 32-bit ranges: +-2^31 and 2^32.
    let edges: Vec<u64> = [2f64.powi(31), -(2f64.powi(31)), 2f64.powi(32)]
        .iter()
        .map(|v| soft_convert(sf::softfloat_round_near_even, Prec::D, p, v.to_bits()))
        .collect();
    for _ in 0..sets {
        let x = if g.rng.random_bool(0.2) {
            let e = edges[g.rng.random_range(0..edges.len())];
            g.jitter(p, e, 2)
        } else {
            g.value(p)
        };
        let n = g.integer();
        for k in 0..4 {
            let fp = Fp::new(mode_of(k), p);
            let rm = ROUNDS[round_field(k, p)].1;
            to_int_cases(r, p, k, x);
            for signed in [true, false] {
                let kind = if signed { "i32" } else { "u32" };
                let v = if signed { i128::from(n as i32) } else { i128::from(n) };
                let golden = fp::from_int(fp, v);
                let soft = soft_from_int(rm, p, n, signed);
                r.check(same(p, golden, soft), || {
                    line(&format!("from_{kind}"), p, k, &[u64::from(n)], golden, soft)
                });
            }
        }
    }
}

/// Truncation to i32 and u32 (MODE's rounding must not matter).
fn to_int_cases(r: &mut Report, p: Prec, k: usize, x: u64) {
    for signed in [true, false] {
        let golden = fp::to_int(Fp::new(mode_of(k), p), x, signed, 32);
        let (soft, invalid) = soft_to_int(p, x, signed);
        let want = if invalid { isa_invalid_int(p, x, signed) } else { soft };
        r.check(golden == want, || {
            let kind = if signed { "i32" } else { "u32" };
            let rule = if invalid {
                " (IEEE invalid: the reference is the ISA rule, saturate, NaN -> 0)"
            } else {
                ""
            };
            line(&format!("to_{kind}{rule}"), p, k, &[x], golden, want)
        });
    }
}

/// Every F16 pattern through the one-operand operations, in the four modes: square root,
/// round to integral, conversion to F32 and F64, truncation to i32 and u32.
fn f16_exhaustive(r: &mut Report) {
    for x in 0..=u64::from(u16::MAX) {
        for k in 0..4 {
            sqrt_case(r, Prec::H, k, x);
            round_integral_case(r, Prec::H, k, x);
            to_int_cases(r, Prec::H, k, x);
            convert_case(r, Prec::H, Prec::S, k, x);
            convert_case(r, Prec::H, Prec::D, k, x);
        }
    }
}

#[test]
fn golden_fp_matches_softfloat() {
    let sets =
        std::env::var("RDNA3_SOFTFLOAT_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(DEFAULT_SETS);
    let start = Instant::now();
    let mut g = Gen { rng: Xoshiro256PlusPlus::seed_from_u64(SEED) };
    let mut r = Report { cases: 0, failures: 0, listed: Vec::new() };
    f16_exhaustive(&mut r);
    for p in PRECS {
        arithmetic(&mut g, &mut r, p, sets);
        compares(&mut g, &mut r, p, sets);
        integers(&mut g, &mut r, p, sets);
        for to in PRECS {
            if to != p {
                conversions(&mut g, &mut r, p, to, sets);
            }
        }
    }
    println!(
        "softfloat: {} cases ({sets} operand sets per operation and format) in {:.1} s, {} mismatches",
        r.cases,
        start.elapsed().as_secs_f64(),
        r.failures
    );
    assert!(
        r.failures == 0,
        "{} of {} cases disagree with SoftFloat; the first {}:\n{}",
        r.failures,
        r.cases,
        r.listed.len(),
        r.listed.join("\n")
    );
}
