//! The one algorithm of `v_exp_f32`, `v_log_f32`, `v_exp_f16` and `v_log_f16` (base-2
//! exponential and logarithm), which the golden interpreter runs (`sim::golden`) and the RTL's
//! transcendental unit implements step for step (`templates/cu_fp32.sv`, its table generated
//! from [`LOG2_STEPS`] by hdl-gen). The guide promises 1 ULP for these and leaves the bits
//! open; hardware cannot afford a correctly rounded result, so both models compute this
//! approximation and round it once, to nearest even.
//!
//! **The recurrence** (multiplicative normalisation, only shifts and adds): a fixed-point
//! significand `y` and a fixed-point logarithm `a`, both with [`FRAC`] fraction bits; for each
//! step `i` in `0..STEPS`, with `L_i = log2(1 + 2^-i)` rounded to nearest at 2^-60:
//!
//! - `t = y + (y >> i)` (y times 1 + 2^-i, truncated) and `d = a - L_i`;
//! - the step is taken (`y = t`, `a = d`) when, for exp, `d >= 0`; for log, `t <= 1`.
//!
//! Every step keeps `y * 2^a` (in exact arithmetic) unchanged, up to the truncations.
//!
//! - **exp**: `x = n + f` with `n = floor(x)` and `f` in `[0, 1)` (x in fixed point, the bits
//!   below 2^-60 dropped toward -inf); from `y = 1`, `a = f` the steps drive `a` toward 0, so
//!   `y` approaches `2^f` from below: `2^x = y * 2^n`.
//! - **log**: `x = m * 2^e` with `m` in `[1, 2)`; from `y = m / 2`, `a = e + 1` the steps drive
//!   `y` toward 1 from below, so `a` approaches `e + 1 + log2(m / 2) = log2(x)`. Step 0
//!   (`L_0 = 1`) is taken only for `m = 1`, so powers of two give their exact logarithms.
//!
//! **Accuracy** (`sim/tests/trans_approx.rs` checks it for every F16 input and a sample of F32
//! inputs, and, on request, every F32 input): after the 52 steps the residual is below
//! `L_51 < 1.5 * 2^-51`, and the truncations and the table's rounding add less than 2^-54.
//! exp's result is then within a relative 2^-50 of 2^x; log's within 2^-50 absolutely, which
//! is a relative 2^-26 at the smallest nonzero F32 logarithm (log2(1 - 2^-24)). Rounded once,
//! both are within 0.52 ULP of the exact value.

/// Fraction bits of `y` and `a`.
pub const FRAC: u32 = 60;

/// Steps of the recurrence.
pub const STEPS: usize = 52;

/// 1.0 in fixed point.
pub const ONE: u64 = 1 << FRAC;

/// `log2(1 + 2^-i)` for `i` in `0..STEPS`, rounded to nearest at 2^-60 (`L_0` is exactly 1).
pub const LOG2_STEPS: [u64; STEPS] = log2_steps();

/// `ln(1 + 2^-i)` in units of 2^-124 (truncated; low by fewer than 2^-119):
/// `2 atanh(z)` with `z = 1 / (2^(i+1) + 1)`, the series summed while its terms are nonzero.
const fn ln1p_pow2(i: u32) -> u128 {
    let d = (1u128 << (i + 1)) + 1;
    let mut pow = d; // d^(2k+1)
    let mut k = 0u128;
    let mut sum = 0u128;
    while let Some(den) = pow.checked_mul(2 * k + 1) {
        let term = (1u128 << 124) / den;
        if term == 0 {
            break;
        }
        sum += term;
        pow = match pow.checked_mul(d * d) {
            Some(v) => v,
            None => break,
        };
        k += 1;
    }
    2 * sum
}

const fn log2_steps() -> [u64; STEPS] {
    let ln2 = ln1p_pow2(0);
    let mut t = [0u64; STEPS];
    let mut i = 0;
    while i < STEPS {
        // ln(1 + 2^-i) / ln 2 at 2^-61, then rounded to 2^-60.
        t[i] = ((div_fixed(ln1p_pow2(i as u32), ln2, FRAC + 1) + 1) >> 1) as u64;
        i += 1;
    }
    // The two series for i = 0 are the same number, so L_0 comes out exactly 1.
    t
}

/// `floor(n / d * 2^bits)` for `n <= d < 2^126`, by long division (shared with `sincos`'s
/// tables).
pub(crate) const fn div_fixed(mut n: u128, d: u128, bits: u32) -> u128 {
    let mut q = 0u128;
    if n >= d {
        q = 1;
        n -= d;
    }
    let mut b = 0;
    while b < bits {
        n <<= 1;
        q <<= 1;
        if n >= d {
            q |= 1;
            n -= d;
        }
        b += 1;
    }
    q
}

/// One step of the recurrence (see the module documentation): `(y, a)` after step `i`.
pub const fn step(y: u64, a: i128, i: usize, exp: bool) -> (u64, i128) {
    let t = y + (y >> i);
    let d = a - LOG2_STEPS[i] as i128;
    let take = if exp { d >= 0 } else { t <= ONE };
    if take { (t, d) } else { (y, a) }
}

/// The recurrence from `(y, a)`.
pub const fn run(mut y: u64, mut a: i128, exp: bool) -> (u64, i128) {
    let mut i = 0;
    while i < STEPS {
        (y, a) = step(y, a, i, exp);
        i += 1;
    }
    (y, a)
}

/// `2^f` for `f` in `[0, 1)` in fixed point (below 2^60): in `[1, 2)`, in fixed point.
pub const fn exp2_frac(f: u64) -> u64 {
    run(ONE, f as i128, true).0
}

/// `log2(m * 2^e)` for `m / 2` (`half_m`, in `[1/2, 1)` in fixed point) and `e + 1` (`e1`),
/// in fixed point (signed).
pub const fn log2_parts(half_m: u64, e1: i32) -> i128 {
    run(half_m, (e1 as i128) << FRAC, false).1
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table against the host's double-precision log2 (good to 2^-52 relatively) and a
    /// second, independent series: ln(1 + u) = u - u^2/2 + u^3/3 - ... for the small steps.
    #[test]
    fn table_matches_the_host() {
        assert_eq!(LOG2_STEPS[0], ONE);
        for (i, &l) in LOG2_STEPS.iter().enumerate() {
            let host = (1.0 + (-(i as f64)).exp2()).log2() * (ONE as f64);
            let tol = host * 2f64.powi(-51) + 1.0;
            assert!((l as f64 - host).abs() <= tol, "L_{i} = {l:#x}, host {host}");
        }
        // Decreasing.
        for w in LOG2_STEPS.windows(2) {
            assert!(w[1] < w[0], "{w:?}");
        }
    }

    /// The greedy recurrence converges: each L_i is at most the sum of the later ones plus
    /// the last (so a residual below L_i after step i - 1 ends below L_51 after the last).
    #[test]
    fn steps_cover_the_range() {
        for i in 1..STEPS {
            let later: u64 = LOG2_STEPS[i + 1..].iter().sum();
            assert!(LOG2_STEPS[i] <= later + LOG2_STEPS[STEPS - 1], "step {i}");
        }
    }

    #[test]
    fn exact_points() {
        assert_eq!(exp2_frac(0), ONE);
        for e in -130..130 {
            assert_eq!(log2_parts(ONE / 2, e + 1), (e as i128) << FRAC);
        }
        // 2^(1/2) and log2(3/2), to 2^-50.
        let r = exp2_frac(ONE / 2) as f64 / ONE as f64;
        assert!((r - std::f64::consts::SQRT_2).abs() < 1e-15);
        let l = log2_parts(3 * ONE / 4, 1) as f64 / ONE as f64;
        assert!((l - 1.5f64.log2()).abs() < 1e-15);
    }
}
