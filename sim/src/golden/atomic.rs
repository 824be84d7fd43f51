//! The atomic read-modify-write operations that DS, FLAT/GLOBAL/SCRATCH and the buffer
//! instructions share (guide 12, 11.4, 9.2, 13). Which operation a row performs, and on how
//! many bytes, is the table's `A:` column ([`rdna3_isa::MemAccess::Atomic`]).

use rdna3_isa::AtomicOp;

use super::fp::{self, Fp, Prec};

/// Which denormal rules of guide 13.2 a float atomic follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum AtomicUnit {
    /// DS instructions: MODE's input and output denormal bits for every float atomic.
    Lds,
    /// Buffer, FLAT (even into LDS: "LDS uses all bits for DS ops (but not for FLAT)"),
    /// GLOBAL and SCRATCH: only MODE's input bit, for min/max/compare-store; the F32 add
    /// always flushes denormal inputs.
    Memory,
}

/// The new memory value of atomic `op` on `width`-byte data: `tmp` the old value, `data` and
/// `data2` the operands (DATA and DATA2; for the global compare-swaps the caller passes the
/// swap value in `data` and the compare value in `data2`). Float atomics round to nearest
/// even whatever MODE says (13.1) and flush denormals as MODE and `unit` say (13.2): min and
/// max flush only for the comparison and return an unmodified source; compare-store
/// flushes its result when inputs are flushed.
pub(super) fn atomic(
    op: AtomicOp,
    width: u32,
    tmp: u64,
    data: u64,
    data2: u64,
    mode: u32,
    unit: AtomicUnit,
) -> u64 {
    let bits = 8 * width;
    let mask = if bits == 64 { u64::MAX } else { (1u64 << bits) - 1 };
    let (tmp, data, data2) = (tmp & mask, data & mask, data2 & mask);
    let sx = |v: u64| -> i64 { if bits == 64 { v as i64 } else { i64::from(v as u32 as i32) } };
    let p = if width == 8 { Prec::D } else { Prec::S };
    let m = Fp::new(mode, p);
    let f = match unit {
        AtomicUnit::Lds => Fp { round: fp::Round::NearestTiesToEven, ..m },
        AtomicUnit::Memory => Fp { round: fp::Round::NearestTiesToEven, denorm_out: true, ..m },
    };
    let f_add = match unit {
        AtomicUnit::Lds => f,
        AtomicUnit::Memory => Fp { denorm_in: false, ..f },
    };
    let r = match op {
        AtomicOp::Swap => data,
        AtomicOp::CmpSwap => {
            if tmp == data2 {
                data
            } else {
                tmp
            }
        }
        AtomicOp::CmpSwapF => {
            let r = if fp::compare(f, tmp, data2) == Some(std::cmp::Ordering::Equal) { data } else { tmp };
            f.input(r)
        }
        AtomicOp::Add => tmp.wrapping_add(data),
        AtomicOp::Sub => tmp.wrapping_sub(data),
        AtomicOp::Rsub => data.wrapping_sub(tmp),
        AtomicOp::Csub => tmp.saturating_sub(data),
        AtomicOp::MinI => sx(tmp).min(sx(data)) as u64,
        AtomicOp::MaxI => sx(tmp).max(sx(data)) as u64,
        AtomicOp::MinU => tmp.min(data),
        AtomicOp::MaxU => tmp.max(data),
        AtomicOp::And => tmp & data,
        AtomicOp::Or => tmp | data,
        AtomicOp::Xor => tmp ^ data,
        AtomicOp::Inc => {
            if tmp >= data {
                0
            } else {
                tmp + 1
            }
        }
        AtomicOp::Dec => {
            if tmp == 0 || tmp > data {
                data
            } else {
                tmp - 1
            }
        }
        // The pseudocode computes `src + tmp` and `src < tmp ? src : tmp`: DATA is SRC0, so
        // NaN + NaN returns DATA's NaN (guide 13.3, rule 6), and min/max return a signalling
        // NaN of SRC0 (DATA), else of SRC1 (memory), made quiet, before any quiet NaN.
        AtomicOp::AddF => fp::add(f_add, data, tmp),
        AtomicOp::MinF | AtomicOp::MaxF => {
            if fp::is_snan(p, data) {
                fp::quiet(p, data)
            } else if fp::is_snan(p, tmp) {
                fp::quiet(p, tmp)
            } else {
                // The comparison sees flushed inputs; the result is the source unmodified.
                let (a, b) = (f.input(data), f.input(tmp));
                if fp::is_nan(p, b) {
                    data
                } else if fp::is_nan(p, a) {
                    tmp
                } else {
                    if (op == AtomicOp::MaxF) == fp::less(p, a, b) { tmp } else { data }
                }
            }
        }
        AtomicOp::Mskor => (tmp & !data) | data2,
        AtomicOp::Wrap => {
            if tmp >= data {
                tmp - data
            } else {
                tmp.wrapping_add(data2)
            }
        }
    };
    r & mask
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atomics() {
        assert_eq!(atomic(AtomicOp::Inc, 4, 5, 5, 0, 0x3f0, AtomicUnit::Memory), 0);
        assert_eq!(atomic(AtomicOp::Inc, 4, 4, 5, 0, 0x3f0, AtomicUnit::Memory), 5);
        assert_eq!(atomic(AtomicOp::Dec, 4, 0, 7, 0, 0x3f0, AtomicUnit::Memory), 7);
        assert_eq!(atomic(AtomicOp::Dec, 4, 9, 7, 0, 0x3f0, AtomicUnit::Memory), 7);
        assert_eq!(atomic(AtomicOp::Dec, 4, 3, 7, 0, 0x3f0, AtomicUnit::Memory), 2);
        assert_eq!(atomic(AtomicOp::MinI, 4, 0xffff_ffff, 1, 0, 0x3f0, AtomicUnit::Memory), 0xffff_ffff);
        assert_eq!(atomic(AtomicOp::MinU, 4, 0xffff_ffff, 1, 0, 0x3f0, AtomicUnit::Memory), 1);
        assert_eq!(atomic(AtomicOp::CmpSwap, 4, 7, 9, 7, 0x3f0, AtomicUnit::Memory), 9);
        assert_eq!(atomic(AtomicOp::CmpSwap, 4, 8, 9, 7, 0x3f0, AtomicUnit::Memory), 8);
        assert_eq!(atomic(AtomicOp::Csub, 4, 3, 5, 0, 0x3f0, AtomicUnit::Memory), 0);
        assert_eq!(atomic(AtomicOp::Add, 8, u64::MAX, 2, 0, 0x3f0, AtomicUnit::Memory), 1);
        assert_eq!(
            atomic(AtomicOp::AddF, 4, 0x3f80_0000, 0x4000_0000, 0, 0x3f0, AtomicUnit::Memory),
            0x4040_0000
        );
        assert_eq!(atomic(AtomicOp::Mskor, 4, 0xff, 0x0f, 0x100, 0x3f0, AtomicUnit::Memory), 0x1f0);
        assert_eq!(atomic(AtomicOp::Wrap, 4, 3, 5, 2, 0x3f0, AtomicUnit::Memory), 5);
        assert_eq!(atomic(AtomicOp::Wrap, 4, 7, 5, 2, 0x3f0, AtomicUnit::Memory), 2);
    }
}
