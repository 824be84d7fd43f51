//! The DS unit's timing rule, written from the bank rule alone (no RTL): the reference the
//! tests and co-simulation hold `cu_ds`'s cycle counts to.
//!
//! An element touches E dwords (1 to 5, the most any active lane's does: 1 to 16 bytes at any
//! alignment), a lane P = E or 2E (the two-address forms); the lanes go in groups of 32, 16, 8
//! or 4 (the most whose dwords fit the LDS's 32 request slots), one request per group in lane
//! order. Each request takes as many cycles as the most distinct dwords one bank serves in it
//! (lanes reading one dword share the access), and answers 3 cycles after its last; a dword's
//! bank is its address (the wave's allocation base plus the element's offset, in dwords,
//! wrapping at the LDS size) modulo the bank count. An instruction with a lane past the
//! allocation does nothing and answers in one cycle.
//!
//! Read-modify-writes (the integer atomics of 4 and 8 bytes, the two-address exchanges) go in
//! rounds: a round takes, in lane order, every active lane not done yet none of whose dwords
//! (every dword each of its elements touches) lies in a bank that a dword of an earlier lane
//! not done yet lies in; then, group by group (the
//! groups as above, from every active lane's element), a load request and a store request of
//! the round's lanes, each taking the most distinct dwords one bank serves among them. So N
//! lanes on one dword, or on N dwords of one bank, take N rounds, and that bank 2N cycles (a
//! read and a write each). `ds_condxchg32_rtn_b64` is one of 8 bytes at an aligned qword;
//! append and consume one of 4 bytes at M0[15:0] + offset by the lowest active lane alone.
//! The float atomics (add, min, max and cmpstore of F32, min, max and cmpstore of F64) share
//! one float unit: a round is one lane, the lowest not done yet.
//!
//! The addtid forms address M0[15:0] + offset + 4 * lane. The lane exchanges (swizzle and
//! the permutes) use no bank: the unit takes 32 cycles, one lane a cycle, and answers in
//! cycle 33.

use rdna3_isa::{Half, InstDef, MemAccess};

/// What a DS row does with the LDS, from the table's access column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    pub load: bool,
    /// The two-address forms (`ds_load_2addr_*`, `ds_store_2addr_*`).
    pub two: bool,
    /// Bytes of an element.
    pub bytes: u32,
    pub stride64: bool,
    pub d16: Option<Half>,
    /// `ds_nop`.
    pub nop: bool,
    /// A read-modify-write: an integer atomic (of `bytes`, 4 or 8), or with `two` a
    /// two-address exchange (`ds_storexchg_2addr_*`). Its lanes go in rounds.
    pub atomic: bool,
    /// ... that returns the pre-op value to VDST (the `_rtn` forms, the exchanges, condxchg,
    /// append and consume), or a lane exchange's result.
    pub rtn: bool,
    /// The `addtid` forms: lane l's element is at M0[15:0] + offset + 4l (no ADDR).
    pub addtid: bool,
    /// Append and consume: one read-modify-write of 4 bytes at M0[15:0] + offset, by the
    /// lowest active lane.
    pub append: bool,
    /// `ds_condxchg32_rtn_b64`: the element is at the address's bits 15:3 (an aligned qword).
    pub condx: bool,
    /// The lane exchanges (`ds_swizzle_b32`, `ds_permute_b32`, `ds_bpermute_b32`): no LDS
    /// memory; one dword returned.
    pub xlane: bool,
    /// A float atomic (add, min, max, cmpstore): its rounds are one lane each.
    pub float: bool,
}

impl Shape {
    /// The shape of a DS row the DS unit executes (loads and stores, the addtid forms too, the
    /// two-address forms, `ds_nop`, the integer atomics of 4 and 8 bytes, the two-address
    /// exchanges, condxchg, append and consume, the lane exchanges, the float atomics); None for
    /// the others (GDS, the ray-tracing stack).
    pub fn of(d: &InstDef) -> Option<Shape> {
        use rdna3_isa::AtomicReturn;
        let base = Shape::of_any();
        if d.format().family() != rdna3_isa::Family::Ds {
            return None;
        }
        Some(match d.access? {
            MemAccess::Load { bytes, d16, addtid, lds: false, .. } => {
                Shape { load: true, bytes, d16, addtid, ..base }
            }
            MemAccess::Store { bytes, addtid, .. } => Shape { bytes, addtid, ..base },
            MemAccess::Swizzle | MemAccess::Permute | MemAccess::Bpermute => {
                Shape { bytes: 4, rtn: true, xlane: true, ..base }
            }
            MemAccess::Append | MemAccess::Consume => {
                Shape { bytes: 4, atomic: true, rtn: true, append: true, ..base }
            }
            MemAccess::CondXchg32 => Shape { bytes: 8, atomic: true, rtn: true, condx: true, ..base },
            MemAccess::Load2 { bytes, stride64 } => Shape { load: true, two: true, bytes, stride64, ..base },
            MemAccess::Store2 { bytes, stride64 } => Shape { two: true, bytes, stride64, ..base },
            MemAccess::Nop => Shape { nop: true, ..base },
            MemAccess::Xchg2 { bytes, stride64 } => {
                Shape { two: true, bytes, stride64, atomic: true, rtn: true, ..base }
            }
            MemAccess::Atomic { op, bytes: bytes @ (4 | 8), rtn } => {
                Shape { bytes, atomic: true, rtn: rtn == AtomicReturn::Always, float: op.is_float(), ..base }
            }
            _ => return None,
        })
    }

    /// The shape of the DS access a FLAT row's lanes in the shared aperture make (the
    /// compute unit gives them to its DS unit: a load, a store or an atomic of the row's size,
    /// `glc` saying whether an atomic returns); None for the rows of other formats.
    pub fn of_flat(d: &InstDef, glc: bool) -> Option<Shape> {
        if d.format().name != "FLAT" {
            return None;
        }
        let base = Shape::of_any();
        Some(match d.access? {
            MemAccess::Load { bytes, lds: false, .. } => Shape { load: true, bytes, ..base },
            MemAccess::Store { bytes, .. } => Shape { bytes, ..base },
            MemAccess::Atomic { op, bytes, .. } => {
                Shape { bytes, atomic: true, rtn: glc, float: op.is_float(), ..base }
            }
            _ => return None,
        })
    }

    /// Every flag clear, no bytes.
    fn of_any() -> Shape {
        Shape {
            load: false,
            two: false,
            bytes: 0,
            stride64: false,
            d16: None,
            nop: false,
            atomic: false,
            rtn: false,
            addtid: false,
            append: false,
            condx: false,
            xlane: false,
            float: false,
        }
    }
}

/// One DS instruction's lanes: the row's shape, OFFSET0 and OFFSET1, EXEC, every lane's
/// ADDR and M0.
#[derive(Clone, Copy, Debug)]
pub struct Access<'a> {
    pub shape: Shape,
    pub offsets: [u32; 2],
    pub exec: u32,
    pub addr: &'a [u32; 32],
    pub m0: u32,
}

impl Access<'_> {
    /// Elements a lane accesses (2 for the two-address forms).
    pub fn elements(&self) -> usize {
        if self.shape.two { 2 } else { 1 }
    }

    /// The byte offset in the allocation of element `j` of lane `l`.
    pub fn element(&self, l: usize, j: usize) -> u32 {
        let s = self.shape;
        let off = if s.two {
            self.offsets[j] * s.bytes * if s.stride64 { 64 } else { 1 }
        } else {
            self.offsets[1] << 8 | self.offsets[0]
        };
        let base = if s.addtid {
            (self.m0 & 0xffff) + 4 * l as u32
        } else if s.append {
            self.m0 & 0xffff
        } else {
            self.addr[l]
        };
        let a = base.wrapping_add(off);
        if s.condx { a & 0xfff8 } else { a }
    }
}

/// The LDS the instruction runs on: its size and banks, and the wave's allocation.
#[derive(Clone, Copy, Debug)]
pub struct Lds {
    /// Dwords of the whole LDS.
    pub dwords: u32,
    pub banks: u32,
    /// The allocation's first dword, and its size in bytes.
    pub base: u32,
    pub size: u32,
}

/// The timing of one DS instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timing {
    /// Cycles the banks serve it (the sum over its requests).
    pub cycles: u32,
    /// Requests with at least one access: each takes at least one cycle, so `cycles - busy`
    /// are the cycles lost to bank conflicts.
    pub busy: u32,
    /// Cycles from the request to the answer.
    pub latency: u32,
    /// The lowest active lane with an element past the allocation (then nothing is done).
    pub fault: Option<usize>,
}

impl Timing {
    /// Cycles lost to bank conflicts.
    pub fn conflict_cycles(&self) -> u32 {
        self.cycles - self.busy
    }
}

/// The timing the bank rule gives `a` on `lds`.
pub fn timing(a: &Access, lds: Lds) -> Timing {
    let s = a.shape;
    if s.xlane {
        return Timing { cycles: 0, busy: 0, latency: 33, fault: None };
    }
    let elements = a.elements();
    let mut active: Vec<usize> = (0..32).filter(|l| !s.nop && a.exec >> l & 1 == 1).collect();
    if s.append {
        active.truncate(1);
    }
    let fault = active.iter().copied().find(|&l| {
        (0..elements).any(|j| u64::from(a.element(l, j)) + u64::from(s.bytes) > u64::from(lds.size))
    });
    if fault.is_some() {
        return Timing { cycles: 0, busy: 0, latency: 1, fault };
    }
    let touched = |l: usize, j: usize| ((a.element(l, j) & 3) + s.bytes).div_ceil(4);
    let e = active.iter().flat_map(|&l| (0..elements).map(move |j| (l, j))).map(|(l, j)| touched(l, j)).max();
    let p = e.unwrap_or(1).max(1) * elements as u32;
    let group = match p {
        1 => 32,
        2 => 16,
        3 | 4 => 8,
        _ => 4,
    };
    // The lanes of each request, in order: every group once, or for an atomic, round by
    // round, every group twice (its load, then its store).
    let mut requests: Vec<Vec<usize>> = Vec::new();
    if s.atomic {
        // The banks of every dword lane l's elements touch.
        let banks_of = |l: usize| -> Vec<u32> {
            (0..elements)
                .flat_map(|j| {
                    let first = a.element(l, j) >> 2;
                    (0..touched(l, j)).map(move |d| (lds.base + first + d) % lds.dwords % lds.banks)
                })
                .collect()
        };
        let overlap = |x: usize, y: usize| {
            let bx = banks_of(x);
            banks_of(y).iter().any(|b| bx.contains(b))
        };
        let mut pending = active.clone();
        loop {
            let round: Vec<usize> = if s.float {
                pending.iter().copied().take(1).collect()
            } else {
                pending
                    .iter()
                    .copied()
                    .filter(|&l| !pending.iter().any(|&e| e < l && overlap(e, l)))
                    .collect()
            };
            for g in 0..32 / group {
                let lanes: Vec<usize> = round.iter().copied().filter(|&l| l / group == g).collect();
                requests.push(lanes.clone());
                requests.push(lanes);
            }
            pending.retain(|l| !round.contains(l));
            if pending.is_empty() {
                break;
            }
        }
    } else {
        for g in 0..32 / group {
            requests.push(active.iter().copied().filter(|&l| l / group == g).collect());
        }
    }
    let (mut cycles, mut busy, mut latency) = (0, 0, 1);
    for lanes in &requests {
        let mut banks: Vec<Vec<u32>> = vec![Vec::new(); lds.banks as usize];
        for &l in lanes {
            for j in 0..elements {
                let addr = a.element(l, j);
                for d in 0..touched(l, j) {
                    let dw = (lds.base + (addr >> 2) + d) % lds.dwords;
                    let b = &mut banks[(dw % lds.banks) as usize];
                    if !b.contains(&dw) {
                        b.push(dw);
                    }
                }
            }
        }
        let n = banks.iter().map(Vec::len).max().unwrap_or(0) as u32;
        cycles += n;
        busy += u32::from(n > 0);
        latency += n + 3;
    }
    Timing { cycles, busy, latency, fault }
}
