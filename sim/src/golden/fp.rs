//! IEEE-754 arithmetic as the VALU does it, on bit patterns, under the MODE register.
//!
//! **MODE (guide 3.4, 7.1).** FP_ROUND[1:0] rounds F32 results, FP_ROUND[3:2] F64 and F16
//! (0 nearest-even, 1 toward +inf, 2 toward -inf, 3 toward zero). FP_DENORM[5:4] (F32) and
//! [7:6] (F64, F16): bit 0 allows denormal inputs (else they are read as zero of the same
//! sign), bit 1 allows denormal outputs (else a result that is denormal after rounding is
//! written as zero of the same sign).
//!
//! **Choices where the guide is silent.** A NaN result is the first NaN input (in operand
//! order) made quiet, with its payload; an operation that creates a NaN (inf - inf, 0 * inf,
//! sqrt(-1)) returns the negative quiet NaN 0xffc00000 (F32), 0xfe00 (F16),
//! 0xfff8000000000000 (F64), the value of the guide's functional examples. `v_min`/`v_max` follow the
//! guide's pseudocode ([`min_max`]): minNum/maxNum with -0 < +0, a signalling NaN winning
//! (quiet) in IEEE mode. Results are computed exactly and rounded once (round-to-nearest-even runs on
//! the host's IEEE arithmetic, the other modes on an exact software implementation), so every
//! basic operation is correctly rounded; the RTL must match these bits.

use rustc_apfloat::ieee::{Double, Half, Quad, Single};
use rustc_apfloat::{Float, FloatConvert, Status};

pub use rustc_apfloat::Round;

/// A floating-point format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Prec {
    H,
    S,
    D,
}

impl Prec {
    pub const fn bits(self) -> u32 {
        match self {
            Prec::H => 16,
            Prec::S => 32,
            Prec::D => 64,
        }
    }
    const fn mant_bits(self) -> u32 {
        match self {
            Prec::H => 10,
            Prec::S => 23,
            Prec::D => 52,
        }
    }
    pub const fn sign(self) -> u64 {
        1 << (self.bits() - 1)
    }
    /// +infinity's bits.
    pub const fn inf(self) -> u64 {
        self.exp_mask()
    }
    const fn exp_mask(self) -> u64 {
        (self.sign() - 1) & !self.mant_mask()
    }
    const fn mant_mask(self) -> u64 {
        (1 << self.mant_bits()) - 1
    }
    const fn quiet_bit(self) -> u64 {
        1 << (self.mant_bits() - 1)
    }
    /// The quiet NaN an operation creates: negative, as the guide's functional examples show
    /// (`V_SQRT_F32(-INF) = 0xffc00000`, `V_DIV_FIXUP` 0/0 = 0xffc00000).
    pub const fn default_nan(self) -> u64 {
        self.sign() | self.exp_mask() | self.quiet_bit()
    }
    pub fn mask(self) -> u64 {
        if self.bits() == 64 { u64::MAX } else { (1 << self.bits()) - 1 }
    }
}

pub fn is_nan(p: Prec, x: u64) -> bool {
    x & p.exp_mask() == p.exp_mask() && x & p.mant_mask() != 0
}
pub fn is_snan(p: Prec, x: u64) -> bool {
    is_nan(p, x) && x & p.quiet_bit() == 0
}
pub fn is_inf(p: Prec, x: u64) -> bool {
    x & !p.sign() & p.mask() == p.exp_mask()
}
pub fn is_zero(p: Prec, x: u64) -> bool {
    x & !p.sign() & p.mask() == 0
}
pub fn is_denorm(p: Prec, x: u64) -> bool {
    x & p.exp_mask() == 0 && x & p.mant_mask() != 0
}
pub fn is_neg(p: Prec, x: u64) -> bool {
    x & p.sign() != 0
}
pub fn quiet(p: Prec, x: u64) -> u64 {
    x | p.quiet_bit()
}

/// How MODE asks one precision to be computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fp {
    pub prec: Prec,
    pub round: Round,
    /// Denormal inputs are kept (else flushed to zero).
    pub denorm_in: bool,
    /// Denormal results are kept (else flushed to zero).
    pub denorm_out: bool,
    /// MODE.IEEE.
    pub ieee: bool,
    /// MODE.DX10_CLAMP: clamp turns NaN into 0.
    pub dx10_clamp: bool,
}

impl Fp {
    /// The F16, F32 or F64 settings of `mode`.
    #[inline]
    pub fn new(mode: u32, prec: Prec) -> Fp {
        let (round, denorm) = match prec {
            Prec::S => (mode & 3, mode >> 4 & 3),
            Prec::H | Prec::D => (mode >> 2 & 3, mode >> 6 & 3),
        };
        let round = match round {
            0 => Round::NearestTiesToEven,
            1 => Round::TowardPositive,
            2 => Round::TowardNegative,
            _ => Round::TowardZero,
        };
        Fp {
            prec,
            round,
            denorm_in: denorm & 1 != 0,
            denorm_out: denorm & 2 != 0,
            ieee: mode >> 9 & 1 != 0,
            dx10_clamp: mode >> 8 & 1 != 0,
        }
    }

    /// The settings MODE gives when every bit is the reset value: nearest-even, denormals
    /// allowed, IEEE.
    pub fn exact(prec: Prec) -> Fp {
        Fp::new(0x3f0 | 1 << 9, prec)
    }

    #[inline]
    pub fn nearest(self) -> bool {
        self.round == Round::NearestTiesToEven
    }

    /// F32, nearest-even, denormals kept both ways: input() and output() change nothing but
    /// NaNs, so the host's arithmetic gives the bits directly.
    #[inline]
    pub fn plain_f32(self) -> bool {
        self.prec == Prec::S && self.nearest() && self.denorm_in && self.denorm_out
    }

    /// An input as the operation reads it: denormals flushed unless allowed.
    pub fn input(self, x: u64) -> u64 {
        let p = self.prec;
        let x = x & p.mask();
        if !self.denorm_in && is_denorm(p, x) { x & p.sign() } else { x }
    }

    /// A result as it is written: NaNs by the NaN rule (`inputs` in operand order), denormals
    /// flushed unless allowed.
    fn output(self, r: u64, inputs: &[u64]) -> u64 {
        let p = self.prec;
        let r = r & p.mask();
        if is_nan(p, r) {
            return nan_of(p, inputs);
        }
        if !self.denorm_out && is_denorm(p, r) { r & p.sign() } else { r }
    }
}

/// The NaN an operation on `inputs` returns: the first NaN input made quiet, or the default.
pub fn nan_of(p: Prec, inputs: &[u64]) -> u64 {
    inputs.iter().map(|&x| x & p.mask()).find(|&x| is_nan(p, x)).map_or(p.default_nan(), |x| quiet(p, x))
}

/// Runs `f` on the apfloat value of the right format.
macro_rules! with_ap {
    ($p:expr, |$t:ident| $body:expr) => {
        match $p {
            Prec::H => {
                type $t = Half;
                $body
            }
            Prec::S => {
                type $t = Single;
                $body
            }
            Prec::D => {
                type $t = Double;
                $body
            }
        }
    };
}

fn ap<T: Float>(x: u64) -> T {
    T::from_bits(u128::from(x))
}

/// a + b.
pub fn add(fp: Fp, a: u64, b: u64) -> u64 {
    let (a, b) = (fp.input(a), fp.input(b));
    let r = match fp.prec {
        Prec::S if fp.nearest() => u64::from((f32::from_bits(a as u32) + f32::from_bits(b as u32)).to_bits()),
        Prec::D if fp.nearest() => (f64::from_bits(a) + f64::from_bits(b)).to_bits(),
        p => with_ap!(p, |T| ap::<T>(a).add_r(ap::<T>(b), fp.round).value.to_bits() as u64),
    };
    fp.output(r, &[a, b])
}

/// a - b.
pub fn sub(fp: Fp, a: u64, b: u64) -> u64 {
    let b = fp.input(b);
    let nb = if is_nan(fp.prec, b) { b } else { b ^ fp.prec.sign() };
    add(fp, a, nb)
}

/// a * b.
pub fn mul(fp: Fp, a: u64, b: u64) -> u64 {
    let (a, b) = (fp.input(a), fp.input(b));
    let r = match fp.prec {
        Prec::S if fp.nearest() => u64::from((f32::from_bits(a as u32) * f32::from_bits(b as u32)).to_bits()),
        Prec::D if fp.nearest() => (f64::from_bits(a) * f64::from_bits(b)).to_bits(),
        p => with_ap!(p, |T| ap::<T>(a).mul_r(ap::<T>(b), fp.round).value.to_bits() as u64),
    };
    fp.output(r, &[a, b])
}

/// a * b + c with one rounding.
#[inline]
pub fn fma(fp: Fp, a: u64, b: u64, c: u64) -> u64 {
    // The common case first: F32, nearest-even, denormals kept in and out, no NaN result
    // (input() and output() change nothing then).
    if fp.plain_f32() {
        let r = host_fma::f32(f32::from_bits(a as u32), f32::from_bits(b as u32), f32::from_bits(c as u32));
        if !r.is_nan() {
            return u64::from(r.to_bits());
        }
    }
    fma_general(fp, a, b, c)
}

/// [`fma`] on 32 lanes of F32 patterns.
#[inline]
pub fn fma_lanes_f32(fp: Fp, a: &[u32; 32], b: &[u32; 32], c: &[u32; 32]) -> [u32; 32] {
    let wide = |l: usize| (u64::from(a[l]), u64::from(b[l]), u64::from(c[l]));
    if fp.plain_f32() {
        let mut r = host_fma::lanes_f32(a, b, c);
        fix_nan_lanes_f32(&mut r, |l| {
            let (x, y, z) = wide(l);
            fma_general(fp, x, y, z) as u32
        });
        return r;
    }
    std::array::from_fn(|l| {
        let (x, y, z) = wide(l);
        fma(fp, x, y, z) as u32
    })
}

/// F32 results of the host's FPU with the NaN rule restored: every NaN lane becomes
/// `general(lane)`, the software path's result (the host's NaNs need not follow the guide's
/// rule). An OR over all lanes comes first: it vectorises, and NaNs are rare.
#[inline(always)]
pub fn fix_nan_lanes_f32(r: &mut [u32; 32], general: impl Fn(usize) -> u32) {
    // is_nan for F32 as one compare (exponent all ones and a nonzero fraction), which the
    // reduction vectorises.
    let nan = |v: u32| v & 0x7fff_ffff > 0x7f80_0000;
    if r.iter().fold(false, |any, &v| any | nan(v)) {
        for l in 0..32 {
            if nan(r[l]) {
                r[l] = general(l);
            }
        }
    }
}

fn fma_general(fp: Fp, a: u64, b: u64, c: u64) -> u64 {
    let (a, b, c) = (fp.input(a), fp.input(b), fp.input(c));
    let r = match fp.prec {
        Prec::S if fp.nearest() => u64::from(
            host_fma::f32(f32::from_bits(a as u32), f32::from_bits(b as u32), f32::from_bits(c as u32))
                .to_bits(),
        ),
        Prec::D if fp.nearest() => {
            host_fma::f64(f64::from_bits(a), f64::from_bits(b), f64::from_bits(c)).to_bits()
        }
        p => with_ap!(p, |T| ap::<T>(a).mul_add_r(ap::<T>(b), ap::<T>(c), fp.round).value.to_bits() as u64),
    };
    fp.output(r, &[a, b, c])
}

/// The host's fused multiply-add: the FMA instruction where the CPU has one (found at run
/// time), otherwise the C library's `fma`/`fmaf`. Both round once to nearest even; the
/// library's is a slow software routine on x86-64 builds without the `fma` target feature,
/// which made `v_fma`/`v_fmac` the most expensive ALU operations.
mod host_fma {
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "fma")]
    fn f32_hw(a: f32, b: f32, c: f32) -> f32 {
        a.mul_add(b, c)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "fma")]
    fn f64_hw(a: f64, b: f64, c: f64) -> f64 {
        a.mul_add(b, c)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "fma")]
    fn lanes_f32_hw(a: &[u32; 32], b: &[u32; 32], c: &[u32; 32]) -> [u32; 32] {
        std::array::from_fn(|l| {
            f32::from_bits(a[l]).mul_add(f32::from_bits(b[l]), f32::from_bits(c[l])).to_bits()
        })
    }

    /// 32 lanes of F32 fma, one rounding each.
    pub fn lanes_f32(a: &[u32; 32], b: &[u32; 32], c: &[u32; 32]) -> [u32; 32] {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("fma") {
            // SAFETY: the CPU has the FMA extension (checked just above).
            return unsafe { lanes_f32_hw(a, b, c) };
        }
        std::array::from_fn(|l| {
            f32::from_bits(a[l]).mul_add(f32::from_bits(b[l]), f32::from_bits(c[l])).to_bits()
        })
    }

    #[inline]
    pub fn f32(a: f32, b: f32, c: f32) -> f32 {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("fma") {
            // SAFETY: the CPU has the FMA extension (checked just above).
            return unsafe { f32_hw(a, b, c) };
        }
        a.mul_add(b, c)
    }

    #[inline]
    pub fn f64(a: f64, b: f64, c: f64) -> f64 {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("fma") {
            // SAFETY: the CPU has the FMA extension (checked just above).
            return unsafe { f64_hw(a, b, c) };
        }
        a.mul_add(b, c)
    }
}

/// (a * b + c) * 2^k with one rounding, as `v_div_fmas` fuses its scale into the fma (a
/// separate `ldexp` would round a second time where the scaled result is denormal, and the
/// compiler's division is only correctly rounded with one). The exact a * b + c is taken to
/// IEEE quad precision rounded to odd (toward zero, then the sticky bit ORed into the last
/// place), which holds it exactly enough for one final rounding to F32 or F64 (113 >= 53 + 2
/// bits); the scale is exact in quad's exponent range. With an infinite or NaN operand, or an
/// exact zero sum, the result is [`fma`]'s (the scale does not change it). F32 and F64 only.
pub fn fma_scaled(fp: Fp, a: u64, b: u64, c: u64, k: i32) -> u64 {
    let p = fp.prec;
    let (a, b, c) = (fp.input(a), fp.input(b), fp.input(c));
    let unscaled = fma(Fp { denorm_out: true, ..fp }, a, b, c);
    if [a, b, c].iter().any(|&x| is_nan(p, x) || is_inf(p, x)) || is_zero(p, unscaled) {
        return unscaled;
    }
    let quad = |x: u64| -> Quad {
        let mut lost = false;
        with_ap!(p, |T| ap::<T>(x).convert_r(Round::NearestTiesToEven, &mut lost).value)
    };
    let sum = quad(a).mul_add_r(quad(b), quad(c), Round::TowardZero);
    let odd = sum.value.to_bits() | u128::from(sum.status.contains(Status::INEXACT));
    let scaled = Quad::from_bits(odd).scalbn(k.clamp(-100_000, 100_000) as _);
    let mut lost = false;
    let r = with_ap!(p, |T| {
        let v: rustc_apfloat::StatusAnd<T> = scaled.convert_r(fp.round, &mut lost);
        v.value.to_bits() as u64
    });
    fp.output(r, &[a, b, c])
}

/// a / b (used by the division helpers' reference and by conversions).
pub fn div(fp: Fp, a: u64, b: u64) -> u64 {
    let (a, b) = (fp.input(a), fp.input(b));
    let r = with_ap!(fp.prec, |T| ap::<T>(a).div_r(ap::<T>(b), fp.round).value.to_bits() as u64);
    fp.output(r, &[a, b])
}

/// Square root, correctly rounded in the current mode.
pub fn sqrt(fp: Fp, a: u64) -> u64 {
    let p = fp.prec;
    let a = fp.input(a);
    if is_nan(p, a) {
        return quiet(p, a);
    }
    if is_zero(p, a) {
        return a;
    }
    if is_neg(p, a) {
        return p.default_nan();
    }
    if is_inf(p, a) {
        return a;
    }
    // The host's square root is correctly rounded to nearest; the other modes step from it.
    let r = match p {
        Prec::D => f64::from_bits(a).sqrt().to_bits(),
        Prec::S => u64::from(f32::from_bits(a as u32).sqrt().to_bits()),
        Prec::H => {
            to_prec(Fp { round: Round::NearestTiesToEven, ..fp }, f64::from(f16_to_f32(a as u16)).sqrt())
        }
    };
    let r = if fp.nearest() { r } else { directed_sqrt(fp, a, r) };
    fp.output(r, &[a])
}

/// Adjusts the nearest square root `r` of `a` to the directed rounding mode of `fp` by
/// comparing r*r with a exactly, in integers: a residual computed in the format itself
/// (`fma(-r, r, a)`) underflows to zero for small inputs and would hide which side r is on.
fn directed_sqrt(fp: Fp, a: u64, r: u64) -> u64 {
    let p = fp.prec;
    let up = matches!(fp.round, Round::TowardPositive);
    match cmp_square(p, r, a) {
        std::cmp::Ordering::Equal => r,
        std::cmp::Ordering::Less if up => r + 1,
        std::cmp::Ordering::Greater if !up => r - 1,
        _ => r,
    }
}

/// Positive finite `x` as an integer significand and a power of two: x = m * 2^e.
fn significand(p: Prec, x: u64) -> (u128, i32) {
    let field = ((x & p.exp_mask()) >> p.mant_bits()) as i32;
    let bias = (1 << (p.bits() - p.mant_bits() - 2)) - 1;
    let frac = u128::from(x & p.mant_mask());
    if field == 0 {
        (frac, 1 - bias - p.mant_bits() as i32)
    } else {
        (frac | 1 << p.mant_bits(), field - bias - p.mant_bits() as i32)
    }
}

/// r*r compared with a, exactly (r and a positive and finite).
fn cmp_square(p: Prec, r: u64, a: u64) -> std::cmp::Ordering {
    let (mr, er) = significand(p, r);
    let (ma, ea) = significand(p, a);
    // r*r = mr^2 * 2^(2er) (at most 106 bits); bring both sides to the smaller exponent. A side
    // that would need more than 127 bits is the larger one: the other is below 2^106.
    let sq = mr * mr;
    let d = 2 * er - ea;
    let shifted = |m: u128, by: i32| -> Option<u128> {
        if m == 0 {
            Some(0)
        } else if u32::try_from(by).is_ok_and(|b| m.leading_zeros() > b) {
            Some(m << by)
        } else {
            None
        }
    };
    if d >= 0 {
        shifted(sq, d).map_or(std::cmp::Ordering::Greater, |s| s.cmp(&ma))
    } else {
        shifted(ma, -d).map_or(std::cmp::Ordering::Less, |s| sq.cmp(&s))
    }
}

/// `x` (a host double holding an exact or nearest value) rounded to `fp`'s precision.
pub fn to_prec(fp: Fp, x: f64) -> u64 {
    match fp.prec {
        Prec::D => return x.to_bits(),
        // The host's conversion rounds to nearest even, denormals included.
        Prec::S if fp.nearest() && !x.is_nan() => return u64::from((x as f32).to_bits()),
        _ => {}
    }
    let mut lost = false;
    let v = Double::from_bits(u128::from(x.to_bits()));
    with_ap!(fp.prec, |T| {
        let r: rustc_apfloat::StatusAnd<T> = v.convert_r(fp.round, &mut lost);
        r.value.to_bits() as u64
    })
}

/// Converts between precisions with the destination's rounding and denormal settings
/// (`from`'s settings flush the input).
pub fn convert(from: Fp, to: Fp, x: u64) -> u64 {
    let x = from.input(x);
    if is_nan(from.prec, x) {
        // Keep the top of the payload, quiet.
        let p = from.prec;
        let payload = (x & p.mant_mask()) >> (p.mant_bits().saturating_sub(to.prec.mant_bits()));
        let payload = if to.prec.mant_bits() > p.mant_bits() {
            (x & p.mant_mask()) << (to.prec.mant_bits() - p.mant_bits())
        } else {
            payload
        };
        let sign = if is_neg(p, x) { to.prec.sign() } else { 0 };
        return sign | to.prec.exp_mask() | to.prec.quiet_bit() | payload;
    }
    let mut lost = false;
    let r = with_ap!(from.prec, |F| {
        let v = ap::<F>(x);
        with_ap!(to.prec, |T| {
            let r: rustc_apfloat::StatusAnd<T> = v.convert_r(to.round, &mut lost);
            r.value.to_bits() as u64
        })
    });
    to.output(r, &[])
}

/// Ordering of a and b (None when unordered), after input flushing.
pub fn compare(fp: Fp, a: u64, b: u64) -> Option<std::cmp::Ordering> {
    let (a, b) = (fp.input(a), fp.input(b));
    match fp.prec {
        Prec::S => f32::from_bits(a as u32).partial_cmp(&f32::from_bits(b as u32)),
        Prec::D => f64::from_bits(a).partial_cmp(&f64::from_bits(b)),
        Prec::H => f16_to_f32(a as u16).partial_cmp(&f16_to_f32(b as u16)),
    }
}

/// `v_min_*`/`v_max_*`, as the guide's V_MIN_F32/V_MAX_F32 pseudocode (16.7) reads, with
/// -0 < +0. IEEE mode: a signalling NaN in S0, else in S1, returns quiet; otherwise a quiet NaN
/// in S1 returns S0 and one in S0 returns S1. Without IEEE mode any NaN in S1 returns S0 as it
/// is, else a NaN in S0 returns S1. Inputs are flushed when MODE says so, but the result is
/// never flushed on output (the guide's note: with input denormals allowed "this operation
/// outputs as a denorm regardless of output denorm mode").
pub fn min_max(fp: Fp, a: u64, b: u64, max: bool) -> u64 {
    let p = fp.prec;
    let (a, b) = (fp.input(a), fp.input(b));
    if fp.ieee {
        if is_snan(p, a) {
            return quiet(p, a);
        }
        if is_snan(p, b) {
            return quiet(p, b);
        }
    }
    if is_nan(p, b) {
        return a;
    }
    if is_nan(p, a) {
        return b;
    }
    if max == less(p, a, b) { b } else { a }
}

/// a < b for non-NaN values, with -0 < +0 (the order of the min/max operations).
pub fn less(p: Prec, a: u64, b: u64) -> bool {
    if is_zero(p, a) && is_zero(p, b) { is_neg(p, a) && !is_neg(p, b) } else { to_f64(p, a) < to_f64(p, b) }
}

/// The value of `x` as a host double (exact for every precision).
pub fn to_f64(p: Prec, x: u64) -> f64 {
    match p {
        Prec::D => f64::from_bits(x),
        Prec::S => f64::from(f32::from_bits(x as u32)),
        Prec::H => f64::from(f16_to_f32(x as u16)),
    }
}

/// An F16 bit pattern as an f32 (exact).
pub fn f16_to_f32(h: u16) -> f32 {
    let mut lost = false;
    let r: rustc_apfloat::StatusAnd<Single> =
        Half::from_bits(u128::from(h)).convert_r(Round::NearestTiesToEven, &mut lost);
    f32::from_bits(r.value.to_bits() as u32)
}

/// `v * 2^q` (v > 0) with sign `neg`, rounded to nearest even to precision `p`, with gradual
/// underflow (the caller flushes a denormal result) and overflow to infinity: one exact
/// rounding of a fixed-point value (`v_exp_*`, `v_log_*`).
pub fn round_fixed_ne(p: Prec, neg: bool, v: u128, q: i32) -> u64 {
    debug_assert!(v != 0);
    let man = p.mant_bits() as i32;
    let bias = (1i32 << (p.bits() as i32 - man - 2)) - 1;
    let emin = 1 - bias;
    let e = q + (127 - v.leading_zeros() as i32); // the leading one's exponent
    let ql = (e - man).max(emin - man); // the result's least significant bit's
    let shift = ql - q;
    let m = if shift <= 0 {
        v << -shift
    } else if shift >= 128 {
        0 // v < 2^127 <= half of 2^shift: rounds down
    } else {
        let m = v >> shift;
        let rest = v & ((1u128 << shift) - 1);
        let half = 1u128 << (shift - 1);
        m + u128::from(rest > half || (rest == half && m & 1 == 1))
    };
    // A normal result's leading one adds one to its exponent field (so does a carry out).
    let enc = if e >= emin { (((e + bias - 1) as u128) << man) + m } else { m };
    let inf = p.exp_mask() as u128;
    let mag = if enc >= inf { inf } else { enc } as u64;
    if neg { mag | p.sign() } else { mag }
}

/// Float to integer, rounding toward zero, saturating; NaN gives 0 (guide: V_CVT_I32_F32
/// and friends).
pub fn to_int(fp: Fp, x: u64, signed: bool, bits: usize) -> u64 {
    let p = fp.prec;
    let x = fp.input(x);
    if is_nan(p, x) {
        return 0;
    }
    let v = to_f64(p, x).trunc();
    let (lo, hi) = if signed {
        (-(2f64.powi(bits as i32 - 1)), 2f64.powi(bits as i32 - 1) - 1.0)
    } else {
        (0.0, 2f64.powi(bits as i32) - 1.0)
    };
    let v = v.clamp(lo, hi);
    let mask = if bits == 64 { u64::MAX } else { (1u64 << bits) - 1 };
    if signed { (v as i64 as u64) & mask } else { (v as u64) & mask }
}

/// Integer to float in the current rounding mode.
pub fn from_int(fp: Fp, v: i128) -> u64 {
    // The host's integer-to-float conversion rounds to nearest even, as this does; from an
    // i64 it is one instruction, from an i128 a library call.
    let r = match (fp.prec, i64::try_from(v)) {
        (Prec::S, Ok(v)) if fp.nearest() => u64::from((v as f32).to_bits()),
        (Prec::D, Ok(v)) if fp.nearest() => (v as f64).to_bits(),
        (Prec::S, Err(_)) if fp.nearest() => u64::from((v as f32).to_bits()),
        (Prec::D, Err(_)) if fp.nearest() => (v as f64).to_bits(),
        (p, _) => with_ap!(p, |T| T::from_i128_r(v, fp.round).value.to_bits() as u64),
    };
    fp.output(r, &[])
}

/// Rounds to an integral value in `round` (trunc, floor, ceil, rndne).
pub fn round_integral(fp: Fp, x: u64, round: Round) -> u64 {
    let x = fp.input(x);
    if is_nan(fp.prec, x) {
        return quiet(fp.prec, x);
    }
    // Rounding to an integral value is exact; the host's functions give the same bits
    // (signed zeros included) without the software float.
    let host32 = |f: fn(f32) -> f32| u64::from(f(f32::from_bits(x as u32)).to_bits());
    let host64 = |f: fn(f64) -> f64| f(f64::from_bits(x)).to_bits();
    let r = match (fp.prec, round) {
        (Prec::S, Round::TowardZero) => host32(f32::trunc),
        (Prec::S, Round::TowardNegative) => host32(f32::floor),
        (Prec::S, Round::TowardPositive) => host32(f32::ceil),
        (Prec::S, Round::NearestTiesToEven) => host32(f32::round_ties_even),
        (Prec::D, Round::TowardZero) => host64(f64::trunc),
        (Prec::D, Round::TowardNegative) => host64(f64::floor),
        (Prec::D, Round::TowardPositive) => host64(f64::ceil),
        (Prec::D, Round::NearestTiesToEven) => host64(f64::round_ties_even),
        (p, _) => with_ap!(p, |T| ap::<T>(x).round_to_integral(round).value.to_bits() as u64),
    };
    fp.output(r, &[x])
}

/// x * 2^e, rounded in the current mode.
pub fn ldexp(fp: Fp, x: u64, e: i32) -> u64 {
    let x = fp.input(x);
    if is_nan(fp.prec, x) {
        return quiet(fp.prec, x);
    }
    let r = with_ap!(fp.prec, |T| ap::<T>(x).scalbn_r(e.clamp(-100_000, 100_000) as _, fp.round).to_bits()
        as u64);
    fp.output(r, &[x])
}

/// (mantissa in [0.5, 1), exponent) of `x`: `v_frexp_mant`/`v_frexp_exp`. Infinities and NaN
/// give the input (quiet) and exponent 0; zero gives zero and 0.
pub fn frexp(fp: Fp, x: u64) -> (u64, i32) {
    let p = fp.prec;
    let x = fp.input(x);
    if is_nan(p, x) {
        return (quiet(p, x), 0);
    }
    if is_inf(p, x) || is_zero(p, x) {
        return (x, 0);
    }
    let mut e = 0;
    let r = with_ap!(p, |T| ap::<T>(x).frexp_r(&mut e, Round::NearestTiesToEven).to_bits() as u64);
    (fp.output(r, &[x]), e)
}

/// The index of `x`'s class bit in `v_cmp_class`'s mask (guide: [0] sNaN, [1] qNaN, [2] -inf,
/// [3] -normal, [4] -denormal, [5] -0, [6] +0, [7] +denormal, [8] +normal, [9] +inf).
/// Denormals count as denormals whatever MODE says.
pub fn class(p: Prec, x: u64) -> u32 {
    let x = x & p.mask();
    let neg = is_neg(p, x);
    if is_nan(p, x) {
        return if is_snan(p, x) { 0 } else { 1 };
    }
    if is_inf(p, x) {
        if neg { 2 } else { 9 }
    } else if is_zero(p, x) {
        if neg { 5 } else { 6 }
    } else if is_denorm(p, x) {
        if neg { 4 } else { 7 }
    } else if neg {
        3
    } else {
        8
    }
}

/// Applies output modifier OMOD (1: *2, 2: *4, 3: /2) and CLAMP ([0, 1]; NaN becomes 0 when
/// DX10_CLAMP is set, else stays NaN) to a float result.
pub fn omod_clamp(fp: Fp, r: u64, omod: u8, clamp: bool) -> u64 {
    let p = fp.prec;
    let mut r = r & p.mask();
    if omod != 0 && !is_nan(p, r) {
        let k = match omod {
            1 => 1,
            2 => 2,
            _ => -1,
        };
        r = ldexp(fp, r, k);
    }
    if clamp {
        if is_nan(p, r) {
            if fp.dx10_clamp {
                r = 0;
            }
        } else if is_neg(p, r) {
            r = 0;
        } else if to_f64(p, r) > 1.0 {
            r = match p {
                Prec::H => 0x3c00,
                Prec::S => 0x3f80_0000,
                Prec::D => 0x3ff0_0000_0000_0000,
            };
        }
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    const RNE: u32 = 0x3f0 | 1 << 9;

    /// The host fast paths (fma, integral rounding, integer conversion) agree with the
    /// software float on a spread of patterns, specials and denormals included.
    #[test]
    fn host_fast_paths_agree_with_the_software_float() {
        let mut x = 0x1234_5678_9abc_def0u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let specials32 =
            [0u32, 0x8000_0000, 1, 0x8000_0001, 0x7f80_0000, 0xff80_0000, 0x7fc0_0000, 0x3f00_0000];
        for i in 0..20_000 {
            let w = if i < specials32.len() { specials32[i] } else { next() as u32 };
            let v = next();
            for round in
                [Round::TowardZero, Round::TowardNegative, Round::TowardPositive, Round::NearestTiesToEven]
            {
                let f = Fp::exact(Prec::S);
                let soft = ap::<Single>(u64::from(w)).round_to_integral(round).value.to_bits() as u64;
                if !is_nan(Prec::S, soft) {
                    assert_eq!(round_integral(f, u64::from(w), round), soft, "{w:#x} {round:?}");
                }
                let fd = Fp::exact(Prec::D);
                let soft = ap::<Double>(v).round_to_integral(round).value.to_bits() as u64;
                if !is_nan(Prec::D, soft) {
                    assert_eq!(round_integral(fd, v, round), soft, "{v:#x} {round:?}");
                }
            }
            let n = (v as i64 >> (v % 64)) as i128;
            for p in [Prec::S, Prec::D] {
                let soft =
                    with_ap!(p, |T| T::from_i128_r(n, Round::NearestTiesToEven).value.to_bits() as u64);
                assert_eq!(from_int(Fp::exact(p), n), soft, "{n} {p:?}");
            }
            let (a, b, c) = (w, next() as u32, next() as u32);
            let soft = ap::<Single>(u64::from(a))
                .mul_add_r(ap::<Single>(u64::from(b)), ap::<Single>(u64::from(c)), Round::NearestTiesToEven)
                .value
                .to_bits() as u64;
            let got = fma(Fp::exact(Prec::S), u64::from(a), u64::from(b), u64::from(c));
            if !is_nan(Prec::S, soft) {
                assert_eq!(got, soft, "fma {a:#x} {b:#x} {c:#x}");
            }
        }
    }

    fn s(x: f32) -> u64 {
        u64::from(x.to_bits())
    }

    #[test]
    fn round_modes_of_an_inexact_sum() {
        // 1 + 2^-30 is between 1 and 1 + 2^-23.
        let (one, tiny) = (s(1.0), s(2f32.powi(-30)));
        let next = s(1.0 + 2f32.powi(-23));
        assert_eq!(add(Fp::new(RNE, Prec::S), one, tiny), one);
        assert_eq!(add(Fp::new(RNE | 1, Prec::S), one, tiny), next);
        assert_eq!(add(Fp::new(RNE | 2, Prec::S), one, tiny), one);
        assert_eq!(add(Fp::new(RNE | 2, Prec::S), s(-1.0), s(-(2f32.powi(-30)))), next | 1 << 31);
        assert_eq!(add(Fp::new(RNE | 3, Prec::S), s(-1.0), s(-(2f32.powi(-30)))), s(-1.0));
    }

    #[test]
    fn denormals_flush_by_mode() {
        let d = s(f32::from_bits(1));
        let fp = Fp::new(RNE, Prec::S);
        assert_eq!(add(fp, d, 0), d);
        // Inputs flushed.
        assert_eq!(add(Fp::new(RNE & !0x10, Prec::S), d, 0), 0);
        // Outputs flushed: MIN_POSITIVE / 2 is denormal.
        let half_min = mul(Fp::new(RNE & !0x20, Prec::S), s(f32::MIN_POSITIVE), s(0.5));
        assert_eq!(half_min, 0);
        assert_eq!(mul(fp, s(-f32::MIN_POSITIVE), s(0.5)), s(-f32::MIN_POSITIVE / 2.0));
        assert_eq!(mul(Fp::new(RNE & !0x20, Prec::S), s(-f32::MIN_POSITIVE), s(0.5)), 1 << 31);
    }

    #[test]
    fn nans() {
        let fp = Fp::new(RNE, Prec::S);
        assert_eq!(add(fp, s(f32::INFINITY), s(f32::NEG_INFINITY)), 0xffc0_0000);
        assert_eq!(mul(fp, 0x7f80_0001, s(1.0)), 0x7fc0_0001);
        assert_eq!(mul(fp, s(1.0), 0xffc0_0002), 0xffc0_0002);
        assert_eq!(fma(fp, s(1.0), 0x7fc0_0003, 0x7fc0_0004), 0x7fc0_0003);
        assert_eq!(sqrt(fp, s(-1.0)), 0xffc0_0000);
        assert_eq!(min_max(fp, 0x7fc0_0000, s(3.0), false), s(3.0));
        assert_eq!(min_max(fp, 0x7f80_0001, s(3.0), false), 0x7fc0_0001);
        assert_eq!(min_max(fp, s(-0.0), s(0.0), false), s(-0.0));
        assert_eq!(min_max(fp, s(0.0), s(-0.0), true), s(0.0));
    }

    #[test]
    fn directed_sqrt_of_small_inputs() {
        // Correctly rounded results (Berkeley SoftFloat) where a residual in the format itself
        // underflows. MODE's round field: 1 toward +inf, 2 toward -inf, 3 toward zero (bits
        // 1:0 for F32, 3:2 for F16 and F64).
        assert_eq!(sqrt(Fp::new(RNE | 3, Prec::S), 0x0080_0040), 0x2000_001f);
        assert_eq!(sqrt(Fp::new(RNE | 3 << 2, Prec::H), 0x03ff), 0x1ffe);
        assert_eq!(sqrt(Fp::new(RNE | 2 << 2, Prec::D), 0x000f_ffff_ffff_ffff), 0x1fff_ffff_ffff_fffe);
        assert_eq!(sqrt(Fp::new(RNE | 1 << 2, Prec::D), 0x000a_ca6a_13f7_c853), 0x1ffa_4782_ad84_e0ea);
        // Exact roots of denormals stay exact in every mode: 2^-1072 and 2^-148.
        for m in 0..4 {
            assert_eq!(sqrt(Fp::new(RNE | m << 2, Prec::D), 4), 487 << 52);
            assert_eq!(sqrt(Fp::new(RNE | m, Prec::S), 2), 53 << 23);
        }
    }

    #[test]
    fn directed_sqrt_f16_exhaustive() {
        // Every positive finite F16 input in the three directed modes, checked in host doubles
        // (an F16 squared is exact there): the result brackets the root from the mode's side
        // and is one ULP from the other bracket.
        for a in 1u64..0x7c00 {
            let x = f64::from(f16_to_f32(a as u16));
            for m in 1..4 {
                let r = sqrt(Fp::new(RNE | m << 2, Prec::H), a);
                let v = f64::from(f16_to_f32(r as u16));
                let next = f64::from(f16_to_f32(r as u16 + 1));
                if m == 1 {
                    let prev = f64::from(f16_to_f32(r as u16 - 1));
                    assert!(v * v >= x && prev * prev < x, "up: sqrt({a:#x}) = {r:#x}");
                } else {
                    assert!(v * v <= x && next * next > x, "down: sqrt({a:#x}) = {r:#x}");
                }
            }
        }
    }

    #[test]
    fn directed_sqrt_f32_sampled() {
        // Every 4099th positive finite F32 input, denormals included, checked the same way (an
        // F32 squared is exact in a host double).
        let f = |b: u64| f64::from(f32::from_bits(b as u32));
        for a in (1u64..0x7f80_0000).step_by(4099) {
            for m in 1..4 {
                let r = sqrt(Fp::new(RNE | m, Prec::S), a);
                let (v, x) = (f(r), f(a));
                if m == 1 {
                    assert!(v * v >= x && f(r - 1) * f(r - 1) < x, "up: sqrt({a:#x}) = {r:#x}");
                } else {
                    assert!(v * v <= x && f(r + 1) * f(r + 1) > x, "down: sqrt({a:#x}) = {r:#x}");
                }
            }
        }
    }

    #[test]
    fn directed_sqrt_brackets_the_root() {
        let two = s(2.0);
        let up = sqrt(Fp::new(RNE | 1, Prec::S), two);
        let down = sqrt(Fp::new(RNE | 2, Prec::S), two);
        assert_eq!(up, down + 1);
        assert!((f64::from(f32::from_bits(down as u32))) < 2f64.sqrt());
        assert!((f64::from(f32::from_bits(up as u32))) > 2f64.sqrt());
        assert_eq!(sqrt(Fp::new(RNE | 3, Prec::S), s(4.0)), s(2.0));
    }

    #[test]
    fn conversions() {
        let f = Fp::new(RNE, Prec::S);
        let h = Fp::new(RNE, Prec::H);
        assert_eq!(convert(f, h, s(1.0)), 0x3c00);
        assert_eq!(convert(f, h, s(65520.0)), 0x7c00);
        assert_eq!(convert(h, f, 0x0001), s(2f32.powi(-24)));
        assert_eq!(convert(f, h, 0x7fc0_2000), 0x7e01, "the top of the payload is kept");
        assert_eq!(to_int(f, s(-3.7), true, 32), (-3i64) as u64 & 0xffff_ffff);
        assert_eq!(to_int(f, s(3e10), true, 32), 0x7fff_ffff);
        assert_eq!(to_int(f, s(-1.0), false, 32), 0);
        assert_eq!(to_int(f, 0x7fc0_0000, true, 32), 0);
        assert_eq!(from_int(f, 16_777_217), s(16_777_216.0));
        assert_eq!(from_int(Fp::new(RNE | 1, Prec::S), 16_777_217), s(16_777_218.0));
        assert_eq!(class(Prec::S, s(-0.0)), 5);
        assert_eq!(class(Prec::S, 1), 7);
    }
}
