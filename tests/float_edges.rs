//! Float operands at the edges of the guide's rules, for the F32 and F64 units' RTL tests
//! (`fp_rtl`, `fp64_rtl`): one generator over a format's fields and the rules' constants, so
//! that both widths get the same cases.

use rand::RngExt as _;
use rand::rngs::SmallRng;
use rdna3_isa::Mnemonic;

/// A binary float format, and the division helpers' constants for it.
#[derive(Clone, Copy, Debug)]
pub struct Format {
    /// Bits of the biased exponent field.
    pub exp_bits: u32,
    /// Bits of the fraction field.
    pub frac_bits: u32,
    /// `v_div_scale`'s exponent difference that scales (guide: 96 for F32, 768 for F64).
    pub scale_diff: i64,
    /// `v_div_scale`'s bound on the numerator's exponent (guide: 23 for F32, 53 for F64).
    pub num_exp: i64,
}

impl Format {
    pub const F32: Format = Format { exp_bits: 8, frac_bits: 23, scale_diff: 96, num_exp: 23 };
    pub const F64: Format = Format { exp_bits: 11, frac_bits: 52, scale_diff: 768, num_exp: 53 };

    /// The exponent bias (127, 1023).
    pub fn bias(self) -> i64 {
        (1 << (self.exp_bits - 1)) - 1
    }
    /// The largest finite exponent field (254, 2046).
    pub fn max_exp(self) -> i64 {
        (1 << self.exp_bits) - 2
    }
    /// The fraction field's mask.
    pub fn frac_mask(self) -> u64 {
        (1 << self.frac_bits) - 1
    }
    /// The value of sign `s`, exponent field `e` (clamped to the field) and fraction `f`.
    pub fn of(self, s: bool, e: i64, f: u64) -> u64 {
        let width = 1 + self.exp_bits + self.frac_bits;
        u64::from(s) << (width - 1)
            | (e.clamp(0, self.max_exp() + 1) as u64) << self.frac_bits
            | f & self.frac_mask()
    }
}

/// The division helpers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum DivHelper {
    Scale,
    Fixup,
    Fmas,
}

/// Operands of a division helper at the edges of its rules, for half of the sets (None: the
/// ordinary operands, and every set of other rows). For `v_div_scale` and
/// `v_div_fixup` (S1 the denominator d, S2 the numerator n, S0 the quotient for fixup):
/// quotients n/d at and next to the smallest denormal's half, the smallest denormal and the
/// smallest normal (with all-ones significands over a power of two: the nearest-even and
/// directed bounds of a denormal quotient), denominators at and next to the largest finite
/// binade's bottom (a denormal reciprocal's bound), exponent differences at `scale_diff`,
/// numerator exponents at `num_exp`, S0 equal to the denominator or the numerator; for
/// `v_div_fmas`, products at and next to the smallest denormal's half and the smallest
/// denormal (what rounds to zero unscaled), C zero or tiny. `operand` draws an ordinary
/// operand near another one.
pub fn division_operands(
    rng: &mut SmallRng,
    m: Mnemonic,
    operand: impl Fn(&mut SmallRng, u64) -> u64,
) -> Option<[u64; 3]> {
    let (f, h) = match m {
        Mnemonic::v_div_scale_f32 => (Format::F32, DivHelper::Scale),
        Mnemonic::v_div_fixup_f32 => (Format::F32, DivHelper::Fixup),
        Mnemonic::v_div_fmas_f32 => (Format::F32, DivHelper::Fmas),
        Mnemonic::v_div_scale_f64 => (Format::F64, DivHelper::Scale),
        Mnemonic::v_div_fixup_f64 => (Format::F64, DivHelper::Fixup),
        Mnemonic::v_div_fmas_f64 => (Format::F64, DivHelper::Fmas),
        _ => return None,
    };
    if rng.random_range(0..2) == 0 {
        return None;
    }
    let sign = |rng: &mut SmallRng| rng.random_range(0..4) == 0;
    let frac = |rng: &mut SmallRng, base: u64| -> u64 {
        match rng.random_range(0..6) {
            0 => base,
            1 => base.wrapping_add(1),
            2 => base.wrapping_sub(1),
            3 => f.frac_mask(),
            4 => f.frac_mask() - 1,
            _ => rng.random(),
        }
    };
    let (bias, max, p) = (f.bias(), f.max_exp(), i64::from(f.frac_bits));
    // The smallest denormal is 2^-(bias - 1 + p), half of it 2^-(bias + p).
    let tiny = bias + p;
    if h == DivHelper::Fmas {
        // a * b near 2^-tiny: exponent fields summing to bias - tiny + bias.
        let sum = bias - tiny + bias;
        let ea = rng.random_range(1..sum);
        let fa = if rng.random_range(0..2) == 0 { 0 } else { frac(rng, 0) };
        let a = f.of(sign(rng), ea, fa);
        let b = f.of(sign(rng), sum - ea + rng.random_range(-1..=1), frac(rng, 0));
        let c = match rng.random_range(0..4) {
            0 => 0,
            1 => f.of(sign(rng), 0, rng.random_range(0..4)),
            _ => operand(rng, a),
        };
        return Some([a, b, c]);
    }
    let (ed, en) = match rng.random_range(0..5) {
        // n/d near 2^t: exponent fields differ by t.
        0 | 1 => {
            let t = [-tiny, 1 - tiny, 2 - tiny, -bias, 1 - bias, 2 - bias][rng.random_range(0..6)];
            let ed = rng.random_range(tiny + 1..=max);
            (ed, ed + t)
        }
        2 => {
            let ed = rng.random_range(1..=max - f.scale_diff);
            (ed, ed + rng.random_range(f.scale_diff - 1..=f.scale_diff + 1))
        }
        // Denominators at the bound of a denormal reciprocal (2^(bias - 1) itself is not
        // beyond it).
        3 => (rng.random_range(max - 2..=max), rng.random_range(1..=max)),
        _ => (rng.random_range(1..=max), rng.random_range(0..=f.num_exp + 2)),
    };
    let fd = if rng.random_range(0..2) == 0 { 0 } else { rng.random() };
    let d = f.of(sign(rng), ed, fd);
    let n = f.of(sign(rng), en, frac(rng, fd));
    let a = match rng.random_range(0..3) {
        0 => d,
        1 => n,
        _ => operand(rng, n),
    };
    Some([a, d, n])
}
