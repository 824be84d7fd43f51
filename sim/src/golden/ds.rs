//! LDS instructions (DS, guide chapter 12 and 16.15).
//!
//! **Addressing.** LDS_ADDR = VGPR[ADDR] + {OFFSET1, OFFSET0} (16-bit unsigned); the two-address
//! forms use ADDR + OFFSETn * size (size 4 or 8; times 64 for `stride64`). The sum is 32 bits
//! wide (it wraps, as compiled code relies on). Addresses are byte offsets into the
//! workgroup's allocation. An access past the allocation is a memory
//! violation (the hardware traps; here the wave stops with a fault naming lane and address).
//! Every lane is checked before anything is written.
//!
//! **Order.** Lanes run in lane order, so atomics on one address in one instruction see each
//! other in that order; `ds_permute_b32` lets the highest source lane win, as the guide says.
//!
//! **Not executed.** GDS (the GDS bit, `ds_ordered_count`, `ds_*_gs_reg_rtn`) and the ray
//! tracing stack (`ds_bvh_stack_rtn_b32`) fault as not implemented.
//!
//! **Counting.** Every DS instruction adds 1 to LGKMcnt.

use rdna3_isa::{AtomicReturn, Family, Half, InstDef, MemAccess, Mnemonic as M};

use super::atomic::{AtomicUnit, atomic};
use super::handler::Handler;
use super::state::{Counters, Fault, issue};
use super::vector::{MemFields, VExec};

/// The function of row `def`: [`exec`] for every DS row whose access (the table's `A:`
/// column) this model executes.
pub(super) fn bind(def: &InstDef) -> Option<Handler> {
    let access = def.access.filter(|_| def.format().family() == Family::Ds)?;
    executed(access).then_some(Handler::Vector(exec))
}

/// Whether this model executes a DS row of `access`: all but GDS's and the ray-tracing
/// stack's.
fn executed(access: MemAccess) -> bool {
    !matches!(
        access,
        MemAccess::OrderedCount | MemAccess::GsRegAdd | MemAccess::GsRegSub | MemAccess::BvhStack
    )
}

/// The DS rows this model does not execute, on purpose: GDS (`ds_ordered_count`, the GS
/// register rows) and the ray-tracing stack.
pub(super) const NOT_EXECUTED: &[M] =
    &[M::ds_ordered_count, M::ds_add_gs_reg_rtn, M::ds_sub_gs_reg_rtn, M::ds_bvh_stack_rtn_b32];

fn fault(x: &mut VExec, why: String) {
    let what = format!("{}: {why}", x.def.name);
    x.fault(Fault::Memory { pc: x.pc, what });
}

/// Checks `len` bytes at `a` against the allocation.
fn in_lds(x: &VExec, a: u64, len: u32) -> Result<usize, String> {
    let size = x.env.lds.len();
    usize::try_from(a).ok().filter(|&s| s.checked_add(len as usize).is_some_and(|e| e <= size)).ok_or_else(
        || format!("LDS access of {len} bytes at {a:#x} is outside the workgroup's {size} bytes of LDS"),
    )
}

/// `len` bytes at `a` (checked by [`in_lds`] before): the common widths without a copy loop.
#[inline]
fn load(x: &VExec, a: u64, len: u32) -> u128 {
    let s = a as usize;
    let lds = &x.env.lds;
    match len {
        4 => u128::from(u32::from_le_bytes([lds[s], lds[s + 1], lds[s + 2], lds[s + 3]])),
        8 => {
            let w: [u8; 8] = std::array::from_fn(|i| lds[s + i]);
            u128::from(u64::from_le_bytes(w))
        }
        _ => {
            let mut b = [0u8; 16];
            b[..len as usize].copy_from_slice(&lds[s..s + len as usize]);
            u128::from_le_bytes(b)
        }
    }
}

#[inline]
fn store(x: &mut VExec, a: u64, len: u32, v: u128) {
    let s = a as usize;
    let lds = &mut x.env.lds;
    match len {
        4 => lds[s..s + 4].copy_from_slice(&(v as u32).to_le_bytes()),
        8 => lds[s..s + 8].copy_from_slice(&(v as u64).to_le_bytes()),
        _ => lds[s..s + len as usize].copy_from_slice(&v.to_le_bytes()[..len as usize]),
    }
}

/// `len` bytes of data registers starting at `reg` in `lane`.
fn data(x: &VExec, reg: u32, lane: usize, len: u32) -> u128 {
    (0..len.div_ceil(4)).fold(0u128, |acc, k| acc | u128::from(x.vreg(reg + k, lane)) << (32 * k))
}

/// `ds_load_b32` and `ds_load_2addr_b32`/`_stride64_b32`, the reads of every tiled kernel,
/// without the general path's per-lane range lists: every address is computed and checked
/// once; `false` (nothing done) when a lane is out of range, so that the general path
/// reports it.
fn fast_load_b32(x: &mut VExec, op: MemAccess) -> bool {
    match (op, b32_offsets(op, &x.ops().mem)) {
        (MemAccess::Load { .. }, Some((offs, _))) => fast_load::<1>(x, offs),
        (MemAccess::Load2 { .. }, Some((offs, _))) => fast_load::<2>(x, offs),
        _ => false,
    }
}

/// The byte offsets from ADDR of the dword forms' accesses, and how many there are:
/// {OFFSET1, OFFSET0} for the one-address loads and stores, OFFSETn * 4 (* 256 with
/// stride64) for the two-address ones; `None` for other operations.
fn b32_offsets(op: MemAccess, m: &MemFields) -> Option<([u32; 2], usize)> {
    match op {
        MemAccess::Load { bytes: 4, d16: None, addtid: false, .. }
        | MemAccess::Store { bytes: 4, hi: false, addtid: false } => {
            Some(([m.offset1 << 8 | m.offset0, 0], 1))
        }
        MemAccess::Load2 { bytes: 4, stride64 } | MemAccess::Store2 { bytes: 4, stride64 } => {
            let k = if stride64 { 256 } else { 4 };
            Some(([m.offset0 * k, m.offset1 * k], 2))
        }
        _ => None,
    }
}

/// [`fast_load_b32`] of `N` dwords per lane at the byte offsets `offs`. Every active lane's
/// addresses are checked first (a vectorisable OR of compares); the reads then need no
/// check of their own, and an inactive lane reads byte 0, its value masked off by the write.
#[inline(always)]
fn fast_load<const N: usize>(x: &mut VExec, offs: [u32; 2]) -> bool {
    let m = x.ops().mem;
    let lds: &[u8] = x.env.lds;
    let exec = x.exec;
    let base = x.vlanes(m.addr);
    // The last address a dword read can start at (none: every active lane is out of range).
    let Some(last) = lds.len().checked_sub(4) else { return false };
    let last = u32::try_from(last).unwrap_or(u32::MAX);
    let mut addrs = [[0u32; 32]; N];
    let mut bad = false;
    for j in 0..N {
        for l in 0..32 {
            let on = exec & (1 << l) != 0;
            let a = base[l].wrapping_add(offs[j]);
            bad |= on & (a > last);
            addrs[j][l] = if on { a } else { 0 };
        }
    }
    if bad {
        return false;
    }
    let mut out = [[0u32; 32]; N];
    for j in 0..N {
        for l in 0..32 {
            let a = addrs[j][l] as usize;
            // SAFETY: a <= last = lds.len() - 4 (checked above for active lanes; inactive
            // lanes read at 0, and lds.len() >= 4), so the four bytes at a are in `lds`.
            let b = unsafe { lds.as_ptr().add(a).cast::<[u8; 4]>().read() };
            out[j][l] = u32::from_le_bytes(b);
        }
    }
    for (j, vals) in out.iter().enumerate() {
        x.write_vgpr32(m.vdst + j as u32, vals, exec);
    }
    issue(&mut x.counters, |c: &mut Counters| &mut c.lgkm, 1);
    true
}

/// `ds_store_b32` and `ds_store_2addr_b32`/`_stride64_b32`, the writes of every kernel that
/// shares data through LDS, the same way: every address is checked before anything is
/// written, and the stores are made in the general path's order (lane by lane, ADDR0 before
/// ADDR1), so that overlapping lanes leave the same bytes.
fn fast_store_b32(x: &mut VExec, op: MemAccess) -> bool {
    let m = x.ops().mem;
    let (MemAccess::Store { .. } | MemAccess::Store2 { .. }, Some((offs, n))) = (op, b32_offsets(op, &m))
    else {
        return false;
    };
    // A register past the allocation reads as v0, as in the general path.
    let vg = &x.wave.vgpr;
    let reg = |r: u32| vg.get(r as usize).unwrap_or(&vg[0]);
    let (addrs, d0, d1) = (reg(m.addr), reg(m.data0), reg(m.data1));
    let exec = x.exec;
    let lds: &mut [u8] = x.env.lds;
    let fits = |a: u32| (a as usize).checked_add(4).is_some_and(|e| e <= lds.len());
    let mut rest = exec;
    while rest != 0 {
        let l = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        if !offs[..n].iter().all(|off| fits(addrs[l].wrapping_add(*off))) {
            return false;
        }
    }
    let mut rest = exec;
    while rest != 0 {
        let l = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        for (j, off) in offs[..n].iter().enumerate() {
            let a = addrs[l].wrapping_add(*off) as usize;
            let v = if j == 0 { d0[l] } else { d1[l] };
            lds[a..a + 4].copy_from_slice(&v.to_le_bytes());
        }
    }
    issue(&mut x.counters, |c: &mut Counters| &mut c.lgkm, 1);
    true
}

fn exec(x: &mut VExec) {
    let Some(op) = x.def.access else { return };
    let m = x.ops().mem;
    if m.gds {
        let what = format!("{} on GDS (not modelled)", x.def.name);
        return x.fault(Fault::NotImplemented { pc: x.pc, what });
    }
    let (addr, d0, d1, vdst) = (m.addr, m.data0, m.data1, m.vdst);
    let (o0, o1) = (m.offset0, m.offset1);
    let offset = u64::from(o1 << 8 | o0);
    let exec = x.exec;
    if fast_load_b32(x, op) || fast_store_b32(x, op) {
        return;
    }
    // The active lanes, without allocating (this runs for every LDS instruction).
    let mut lane_buf = [0usize; 32];
    let mut n_lanes = 0;
    let mut rest = exec;
    while rest != 0 {
        lane_buf[n_lanes] = rest.trailing_zeros() as usize;
        n_lanes += 1;
        rest &= rest - 1;
    }
    let lanes: &[usize] = &lane_buf[..n_lanes];
    // VGPR address + offset in 32 bits: the compiler folds constant offsets into the
    // instruction even when the VGPR part is "negative" (scan.cl addresses buf[1 - src][l] as
    // l * 4 - 1024 * src with offset 1024), which works on hardware because the sum wraps.
    let base = |x: &VExec, l: usize, off: u64| u64::from(x.vreg(addr, l).wrapping_add(off as u32));
    // The byte ranges every active lane touches, checked first.
    let ranges = |x: &VExec, l: usize| -> ([(u64, u32); 2], usize) {
        let a = base(x, l, offset);
        let one = |r: (u64, u32)| ([r, (0, 0)], 1);
        match op {
            MemAccess::Load { bytes, addtid: false, .. }
            | MemAccess::Store { bytes, addtid: false, .. }
            | MemAccess::Atomic { bytes, .. } => one((a, bytes)),
            MemAccess::Load2 { bytes, stride64 }
            | MemAccess::Store2 { bytes, stride64 }
            | MemAccess::Xchg2 { bytes, stride64 } => {
                let k = u64::from(bytes) * if stride64 { 64 } else { 1 };
                ([(base(x, l, u64::from(o0) * k), bytes), (base(x, l, u64::from(o1) * k), bytes)], 2)
            }
            MemAccess::CondXchg32 => one((a & 0xfff8, 8)),
            MemAccess::Load { addtid: true, .. } | MemAccess::Store { addtid: true, .. } => {
                one((u64::from(x.wave.m0() & 0xffff) + offset + 4 * l as u64, 4))
            }
            MemAccess::Append | MemAccess::Consume => one((u64::from(x.wave.m0() & 0xffff) + offset, 4)),
            // Nop, Swizzle, Permute, Bpermute: no LDS memory.
            _ => ([(0, 0); 2], 0),
        }
    };
    for &l in lanes {
        let (rs, n) = ranges(x, l);
        for &(a, len) in &rs[..n] {
            if let Err(e) = in_lds(x, a, len) {
                return fault(x, format!("lane {l}: {e}"));
            }
        }
    }
    let mut out = [[0u32; 32]; 4];
    let mut out_dwords = 0u32;
    match op {
        MemAccess::Load { bytes, signed, d16, addtid: false, .. } => {
            for &l in lanes {
                let v = load(x, base(x, l, offset), bytes);
                let v = match (bytes, signed) {
                    (1, true) => v as u8 as i8 as i32 as u32 as u128,
                    (2, true) => v as u16 as i16 as i32 as u32 as u128,
                    _ => v,
                };
                for k in 0..bytes.div_ceil(4) as usize {
                    out[k][l] = (v >> (32 * k)) as u32;
                }
            }
            if let Some(half) = d16 {
                let vals = out[0].map(|v| u64::from(v & 0xffff));
                x.write_half(vdst, half == Half::Hi, &vals, exec);
            } else {
                out_dwords = bytes.div_ceil(4);
            }
        }
        MemAccess::Store { bytes, hi, addtid: false } => {
            for &l in lanes {
                let v = data(x, d0, l, bytes.max(4));
                let v = if hi { v >> 16 } else { v };
                store(x, base(x, l, offset), bytes, v);
            }
        }
        MemAccess::Load2 { bytes, .. } => {
            for &l in lanes {
                let (r, _) = ranges(x, l);
                let (a, b) = (load(x, r[0].0, bytes), load(x, r[1].0, bytes));
                let v = a | b << (8 * bytes);
                for k in 0..(2 * bytes / 4) as usize {
                    out[k][l] = (v >> (32 * k)) as u32;
                }
            }
            out_dwords = 2 * bytes / 4;
        }
        MemAccess::Store2 { bytes, .. } => {
            for &l in lanes {
                let (r, _) = ranges(x, l);
                let (a, b) = (data(x, d0, l, bytes), data(x, d1, l, bytes));
                store(x, r[0].0, bytes, a);
                store(x, r[1].0, bytes, b);
            }
        }
        MemAccess::Xchg2 { bytes, .. } => {
            for &l in lanes {
                let (r, _) = ranges(x, l);
                let (old0, old1) = (load(x, r[0].0, bytes), load(x, r[1].0, bytes));
                store(x, r[0].0, bytes, data(x, d0, l, bytes));
                store(x, r[1].0, bytes, data(x, d1, l, bytes));
                let v = old0 | old1 << (8 * bytes);
                for k in 0..(2 * bytes / 4) as usize {
                    out[k][l] = (v >> (32 * k)) as u32;
                }
            }
            out_dwords = 2 * bytes / 4;
        }
        MemAccess::Atomic { op, bytes: width, rtn } => {
            for &l in lanes {
                let a = base(x, l, offset);
                let tmp = load(x, a, width) as u64;
                let (d, d2) = (data(x, d0, l, width) as u64, data(x, d1, l, width) as u64);
                let new = atomic(op, width, tmp, d, d2, x.mode(), AtomicUnit::Lds);
                store(x, a, width, u128::from(new));
                out[0][l] = tmp as u32;
                out[1][l] = (tmp >> 32) as u32;
            }
            if rtn == AtomicReturn::Always {
                out_dwords = width / 4;
            }
        }
        MemAccess::CondXchg32 => {
            for &l in lanes {
                let a0 = base(x, l, offset) & 0xfff8;
                let d = data(x, d0, l, 8) as u64;
                let (old0, old1) = (load(x, a0, 4) as u32, load(x, a0 + 4, 4) as u32);
                if d >> 31 & 1 == 1 {
                    store(x, a0, 4, u128::from(d as u32 & 0x7fff_ffff));
                }
                if d >> 63 == 1 {
                    store(x, a0 + 4, 4, u128::from((d >> 32) as u32 & 0x7fff_ffff));
                }
                out[0][l] = old0;
                out[1][l] = old1;
            }
            out_dwords = 2;
        }
        MemAccess::Swizzle => {
            let src: [u32; 32] = std::array::from_fn(|l| x.vreg(addr, l));
            let off = offset as u32;
            for &l in lanes {
                let i = l as u32;
                let j = if off >= 0xe000 {
                    let mask = off & 0x1f;
                    ((i & 0x1f).reverse_bits() >> 27 >> mask.count_ones()) | (i & mask)
                } else if off >= 0xc000 {
                    let mut rot = (off >> 5) & 0x1f;
                    let mask = off & 0x1f;
                    if off >> 10 & 1 == 1 {
                        rot = rot.wrapping_neg();
                    }
                    ((i & mask) | (i.wrapping_add(rot) & !mask)) & 0x1f
                } else if off >> 15 & 1 == 1 {
                    (i & !3) | (off >> (2 * (i & 3)) & 3)
                } else {
                    let (xor, or, and) = (off >> 10 & 0x1f, off >> 5 & 0x1f, off & 0x1f);
                    (((i & 0x1f) & and) | or) ^ xor
                } as usize;
                out[0][l] = if exec >> j & 1 == 1 { src[j] } else { 0 };
            }
            out_dwords = 1;
        }
        MemAccess::Permute => {
            let mut tmp = [0u32; 32];
            for &l in lanes {
                let dst = (base(x, l, offset) as u32 / 4 % 32) as usize;
                tmp[dst] = x.vreg(d0, l);
            }
            out[0] = tmp;
            out_dwords = 1;
        }
        MemAccess::Bpermute => {
            for &l in lanes {
                let s = (base(x, l, offset) as u32 / 4 % 32) as usize;
                out[0][l] = if exec >> s & 1 == 1 { x.vreg(d0, s) } else { 0 };
            }
            out_dwords = 1;
        }
        MemAccess::Append | MemAccess::Consume => {
            if let Some(&first) = lanes.first() {
                let a = ranges(x, first).0[0].0;
                let old = load(x, a, 4) as u32;
                let n = exec.count_ones();
                let new = if op == MemAccess::Append { old.wrapping_add(n) } else { old.wrapping_sub(n) };
                store(x, a, 4, u128::from(new));
                out[0] = [old; 32];
                out_dwords = 1;
            }
        }
        MemAccess::Load { addtid: true, .. } => {
            for &l in lanes {
                out[0][l] = load(x, ranges(x, l).0[0].0, 4) as u32;
            }
            out_dwords = 1;
        }
        MemAccess::Store { addtid: true, .. } => {
            for &l in lanes {
                let v = u128::from(x.vreg(d0, l));
                store(x, ranges(x, l).0[0].0, 4, v);
            }
        }
        // Nop; the accesses of other families and the ones not executed are never bound here.
        _ => {}
    }
    for k in 0..out_dwords {
        x.write_vgpr32(vdst + k, &out[k as usize], exec);
    }
    issue(&mut x.counters, |c: &mut Counters| &mut c.lgkm, 1);
}
