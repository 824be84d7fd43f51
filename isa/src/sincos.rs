//! The one algorithm of `v_sin_f32`, `v_cos_f32`, `v_sin_f16` and `v_cos_f16` (the sine and
//! cosine of an angle in revolutions: sin(2 pi x)), which the golden interpreter runs
//! (`sim::golden`) and the RTL's transcendental unit implements step for step
//! (`templates/cu_fp32.sv`, its tables generated from [`ANGLES`], [`GAIN`] and [`HALF_PI`] by
//! hdl-gen). Like `explog`, it uses only shifts and adds, takes the same 52 steps, and its result
//! rounds once, to nearest even.
//!
//! **Reduction** (exact): sin(-x) = -sin(x) and cos(-x) = cos(x), so the sign comes off; the
//! bits of |x| below 1, at 2^-62 (those below dropped), give the quarter `q` (the bits of
//! weight 1/2 and 1/4) and the position `w` within it (quarter turns, 60 fraction bits). Then
//! sin(2 pi x) is +-S(w) or +-S(1 - w) with S(u) = sin(pi u / 2), by the quarter (cos is sin a
//! quarter on); 1 - w is exact, so the result's relative accuracy holds near the zeros of
//! both. A zero `u` gives +0 (sin(+-0) = +-0).
//!
//! **S(u)** for u in (0, 1]: CORDIC in rotation mode with the angles counted in quarter
//! turns: from x = K (the gain's inverse), y = 0, z = u, each step i rotates (x, y) by
//! +-atan(2^-i) (`x -= d * y >> i`, `y += d * x >> i`, `z -= d * A_i`, d the sign of z), so y
//! ends at sin(pi u / 2) within 2^-50. Where |x| < 2^-18 (sin only: u = 4|x| < 2^-16), S(u) is
//! (pi / 2) u within a relative 2^-33 (the cubic term), computed as the significand times
//! pi / 2 (its 52 bits, one a step: `y += X >> i` where bit i is set), exact but for the
//! truncations: the relative accuracy that CORDIC's absolute error cannot give for tiny
//! results. The threshold balances the two errors (CORDIC's is a relative 2^-35 at u = 2^-16).
//!
//! **Accuracy** (`sim/tests/trans_approx.rs`): CORDIC's results are at least
//! sin(pi / 2 * 2^-23) (u's smallest nonzero value outside the small-|x| path, near the
//! multiples of a half turn), so its error is a relative 2^-27 at worst, 0.5 + 2^-4 ULP after
//! rounding; elsewhere far less.

/// Fraction bits of x, y, z and u.
pub const FRAC: u32 = 60;

/// Steps (the same as `explog::STEPS`: the unit runs both in the same cycles, on one table
/// index).
pub const STEPS: usize = 52;
const _: () = assert!(STEPS == crate::explog::STEPS && FRAC == crate::explog::FRAC);

/// `atan(2^-i) / (pi / 2)` for `i` in `0..STEPS` (quarter turns) at 2^-60, rounded to nearest
/// (`A_0` is exactly 1/2).
pub const ANGLES: [u64; STEPS] = angles();

/// `K = prod cos(atan(2^-i))` over the steps at 2^-60 (truncated): the start of x, so that the
/// rotations' growth leaves (x, y) on the unit circle.
pub const GAIN: u64 = gain();

/// pi / 2 truncated to 52 bits: bit `51 - i` has weight 2^-i.
pub const HALF_PI: u64 = (half_pi_124() >> (124 - 51)) as u64;

/// `sum (-1)^k / ((2k + 1) d^(2k+1))` = atan(1 / d) in units of 2^-124 (within 2^-118).
const fn atan_inv(d: u128) -> u128 {
    let mut pow = d; // d^(2k+1)
    let mut k = 0u128;
    let (mut pos, mut neg) = (0u128, 0u128);
    while let Some(den) = pow.checked_mul(2 * k + 1) {
        let term = (1u128 << 124) / den;
        if term == 0 {
            break;
        }
        if k & 1 == 0 {
            pos += term;
        } else {
            neg += term;
        }
        pow = match pow.checked_mul(d * d) {
            Some(v) => v,
            None => break,
        };
        k += 1;
    }
    pos - neg
}

/// pi / 2 at 2^-124 (Machin: pi / 4 = 4 atan(1/5) - atan(1/239)).
const fn half_pi_124() -> u128 {
    2 * (4 * atan_inv(5) - atan_inv(239))
}

const fn angles() -> [u64; STEPS] {
    let hp = half_pi_124();
    let mut t = [0u64; STEPS];
    t[0] = 1 << (FRAC - 1);
    let mut i = 1;
    while i < STEPS {
        // atan(2^-i) / (pi / 2) at 2^-61, then rounded to 2^-60.
        t[i] = ((crate::explog::div_fixed(atan_inv(1u128 << i), hp, FRAC + 1) + 1) >> 1) as u64;
        i += 1;
    }
    t
}

const fn gain() -> u64 {
    // K^2 = prod 1 / (1 + 4^-i) at 2^-120, then its integer square root at 2^-60.
    let mut r = 1u128 << 120;
    let mut i = 0;
    while i < STEPS {
        r -= r / ((1u128 << (2 * i)) + 1);
        i += 1;
    }
    let mut k = 0u128;
    let mut b = 61;
    while b > 0 {
        b -= 1;
        let c = k | 1 << b;
        if c * c <= r {
            k = c;
        }
    }
    k as u64
}

/// The reduction of x (its F32 fields: biased exponent `be`, 24-bit significand `sig` with
/// its leading one, sign `neg_x`): `(u, neg, small)`, the argument of S (quarter turns at
/// 2^-60, in [0, 1]), the result's sign, and whether the small-|x| path applies (sin only:
/// `be < 109`, |x| < 2^-18).
pub const fn reduce(be: u32, sig: u32, neg_x: bool, cos: bool) -> (u64, bool, bool) {
    // |x| mod 1 at 2^-62 = sig * 2^(be - 88), its bits from 2^0 up dropped.
    let sh = be as i32 - 88;
    let a = if sh >= 62 {
        0
    } else if sh >= 0 {
        ((sig as u64) << sh) & ((1 << 62) - 1)
    } else if sh > -32 {
        (sig >> -sh) as u64
    } else {
        0
    };
    let q = (a >> FRAC) as u32 + cos as u32;
    let w = a & ((1 << FRAC) - 1);
    let odd = q & 1 == 1;
    let neg = (neg_x && !cos) ^ (q & 2 != 0);
    let u = if odd { (1 << FRAC) - w } else { w };
    let small = !odd && be < 109;
    (u, neg, small)
}

/// One CORDIC step: `(x, y, z)` after step `i`.
pub const fn cordic_step(x: i64, y: i64, z: i64, i: usize) -> (i64, i64, i64) {
    let (xs, ys) = (x >> i, y >> i);
    if z >= 0 { (x - ys, y + xs, z - ANGLES[i] as i64) } else { (x + ys, y - xs, z + ANGLES[i] as i64) }
}

/// S(u) = sin(pi u / 2) for u in (0, 1] at 2^-60 (u at 2^-60): CORDIC's y.
pub const fn sin_quarter(u: u64) -> i64 {
    let (mut x, mut y, mut z) = (GAIN as i64, 0i64, u as i64);
    let mut i = 0;
    while i < STEPS {
        (x, y, z) = cordic_step(x, y, z, i);
        i += 1;
    }
    y
}

/// `sig * 2^38 * pi / 2` (sig below 2^24), one truncated shifted addend a set bit of
/// [`HALF_PI`]: the small-|x| path's significand, of weight 2^(be - 186).
pub const fn half_pi_times(sig: u32) -> u64 {
    let x = (sig as u64) << 38;
    let mut y = 0u64;
    let mut i = 0;
    while i < STEPS {
        if HALF_PI >> (51 - i) & 1 == 1 {
            y += x >> i;
        }
        i += 1;
    }
    y
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_match_the_host() {
        let one = (1u64 << FRAC) as f64;
        for (i, &a) in ANGLES.iter().enumerate() {
            let host = (-(i as f64)).exp2().atan() / std::f64::consts::FRAC_PI_2 * one;
            assert!((a as f64 - host).abs() <= host * 2f64.powi(-51) + 1.0, "A_{i} = {a:#x}, host {host}");
        }
        let k: f64 = (0..STEPS).map(|i| (-(i as f64)).exp2().atan().cos()).product();
        assert!((GAIN as f64 / one - k).abs() < 1e-15, "K = {GAIN:#x}, host {k}");
        let hp = HALF_PI as f64 * 2f64.powi(-51);
        assert!((hp - std::f64::consts::FRAC_PI_2).abs() < 2e-15);
        // pi/2 = 1.1001001000011111101101010100010001000010110100011000...
        assert_eq!(HALF_PI >> 40, 0b1100_1001_0000);
    }

    #[test]
    fn quarter_sine() {
        let one = (1u64 << FRAC) as f64;
        for k in 1..=1000u64 {
            let u = k as f64 / 1000.0;
            let y = sin_quarter((u * one) as u64) as f64 / one;
            assert!((y - (u * std::f64::consts::FRAC_PI_2).sin()).abs() < 1e-15, "S({u}) = {y}");
        }
    }

    #[test]
    fn reduction() {
        // x = 0.25 + 2^-10: quarter 1, w = 2^-8; sin gives S(1 - w), cos -S(w).
        let (be, sig) = (125, 0x80_0000 | 1 << 15);
        assert_eq!(reduce(be, sig, false, false), ((1 << 60) - (1 << 52), false, false));
        assert_eq!(reduce(be, sig, false, true), (1 << 52, true, false));
        assert_eq!(reduce(be, sig, true, false), ((1 << 60) - (1 << 52), true, false));
        // Integers: u = 0 (sin) and 1 (cos).
        assert_eq!(reduce(130, 0x80_0000, false, false).0, 0);
        assert_eq!(reduce(130, 0x80_0000, false, true).0, 1 << 60);
    }
}
