//! Constants that rows of the table compute with, which the golden interpreter and the RTL
//! generators must agree on: `v_trig_preop_f64`'s fraction bits of 2/pi.

/// The first 1201 fraction bits of 2/pi (0.a2f9836e4e44152...), most significant first, in
/// hex: 1204 bits, the first three zero.
pub const TWO_OVER_PI_HEX: &str = "145f306dc9c882a53f84eafa3ea69bb81b6c52b3278872083fca2c757bd778ac36e48dc74849ba5c00c925dd413a32439fc3bd63962534e7dd1046bea5d768909d338e04d68befc827323ac7306a673e93908bf177bf250763ff12fffbc0b301fde5e2316b414da3eda6cfd9e4f96136e9e8c7ecd3cbfd45aea4f758fd7cbe2f67a0e73ef14a525d4d7f6bf623f1aba10ac06608df8f6";

/// The number of fraction bits of 2/pi that [`TWO_OVER_PI_HEX`] holds.
pub const TWO_OVER_PI_BITS: i64 = 1201;

/// Bit `i` of [`TWO_OVER_PI_HEX`]'s 1201: 1200 is the first fraction bit (weight 1/2), 0 the
/// last; 0 outside them.
pub fn two_over_pi_bit(i: i64) -> u64 {
    if !(0..TWO_OVER_PI_BITS).contains(&i) {
        return 0;
    }
    let pos_from_top = (TWO_OVER_PI_BITS + 2 - i) as usize;
    let digit = TWO_OVER_PI_HEX.as_bytes()[pos_from_top / 4];
    let d = (digit as char).to_digit(16).unwrap_or(0);
    u64::from(d >> (3 - pos_from_top % 4) & 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A non-negative fixed-point number of 32-bit limbs, least significant first.
    #[derive(Clone)]
    struct Big(Vec<u32>);

    impl Big {
        fn add(&mut self, o: &Big) {
            let mut c = 0u64;
            for (a, b) in self.0.iter_mut().zip(&o.0) {
                let s = u64::from(*a) + u64::from(*b) + c;
                *a = s as u32;
                c = s >> 32;
            }
        }
        fn sub(&mut self, o: &Big) {
            let mut borrow = 0i64;
            for (a, b) in self.0.iter_mut().zip(&o.0) {
                let d = i64::from(*a) - i64::from(*b) - borrow;
                *a = d.rem_euclid(1 << 32) as u32;
                borrow = i64::from(d < 0);
            }
        }
        fn div_small(&mut self, d: u32) {
            let mut r = 0u64;
            for a in self.0.iter_mut().rev() {
                let v = r << 32 | u64::from(*a);
                *a = (v / u64::from(d)) as u32;
                r = v % u64::from(d);
            }
        }
        fn is_zero(&self) -> bool {
            self.0.iter().all(|&a| a == 0)
        }
        fn ge(&self, o: &Big) -> bool {
            for (a, b) in self.0.iter().zip(&o.0).rev() {
                if a != b {
                    return a > b;
                }
            }
            true
        }
        fn shl1(&mut self) {
            let mut c = 0u32;
            for a in self.0.iter_mut() {
                let n = *a >> 31;
                *a = *a << 1 | c;
                c = n;
            }
        }
    }

    /// atan(1/x) * 2^(32 * (LIMBS - 1)), truncated, by its series.
    fn atan_inv(x: u32, limbs: usize) -> Big {
        let mut one = Big(vec![0; limbs]);
        one.0[limbs - 1] = 1;
        let mut power = one.clone();
        power.div_small(x);
        let mut sum = Big(vec![0; limbs]);
        let mut k = 0u32;
        while !power.is_zero() {
            let mut term = power.clone();
            term.div_small(2 * k + 1);
            if k.is_multiple_of(2) {
                sum.add(&term);
            } else {
                sum.sub(&term);
            }
            power.div_small(x);
            power.div_small(x);
            k += 1;
        }
        sum
    }

    #[test]
    fn the_bits_are_two_over_pi() {
        // pi = 16 atan(1/5) - 4 atan(1/239) (Machin), with 40 integer and 1,408 fraction
        // bits, then 2/pi bit by bit by long division: far more precision than the 1201 bits
        // need, and nothing shared with the hex digits.
        const LIMBS: usize = 46;
        let (a5, a239) = (atan_inv(5, LIMBS), atan_inv(239, LIMBS));
        let mut pi = Big(vec![0; LIMBS]);
        for _ in 0..16 {
            pi.add(&a5);
        }
        for _ in 0..4 {
            pi.sub(&a239);
        }
        // 2/pi's fraction bits: r = 2 (in pi's fixed point); each bit doubles r and takes pi out.
        let mut r = Big(vec![0; LIMBS]);
        r.0[LIMBS - 1] = 2;
        for i in (0..TWO_OVER_PI_BITS).rev() {
            r.shl1();
            let bit = r.ge(&pi);
            if bit {
                r.sub(&pi);
            }
            assert_eq!(two_over_pi_bit(i), u64::from(bit), "fraction bit {} of 2/pi", TWO_OVER_PI_BITS - i);
        }
        assert_eq!(two_over_pi_bit(-1), 0);
        assert_eq!(two_over_pi_bit(TWO_OVER_PI_BITS), 0);
    }
}
