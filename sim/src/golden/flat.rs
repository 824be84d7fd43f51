//! FLAT, GLOBAL and SCRATCH memory instructions (guide chapter 11). Their atomic operations
//! are those of atomic.rs, which DS and the buffer instructions share.
//!
//! **Addressing (11.2).** GLOBAL: with SADDR = NULL the 64-bit VGPR pair at ADDR plus the
//! signed 13-bit offset; otherwise the 64-bit SGPR pair at SADDR plus the 32-bit VGPR at ADDR
//! plus the offset; the ADDTID forms use SADDR + offset + 4 * lane. SCRATCH: the wave's private
//! segment, `base + swizzle(SADDR (32-bit SGPR, NULL = 0) + VGPR (when SVE) + offset, lane)`
//! with `swizzle(o, t) = (o / 4) * 4 * 32 + o % 4 + 4 * t`. FLAT: the 64-bit VGPR address
//! selects the aperture before the (unsigned 12-bit) offset is added: the shared aperture
//! [`APERTURES`] 0..1 goes to the workgroup's LDS (address minus the shared base), the private
//! aperture 2..3 to scratch (address minus the private base, swizzled), anything else to global
//! memory.
//!
//! **Errors (11.3).** An access outside every allocation, outside the LDS allocation, or past
//! the wave's private segment is a memory violation, and so is a FLAT 64-bit atomic whose
//! address falls in the private aperture (11.1.1): the hardware traps, and without a trap
//! handler this model stops the wave with a fault naming the lane and address. All lanes are
//! checked before anything is written. Misaligned addresses are allowed (gfx11's unaligned
//! access mode).
//!
//! **Data (11.4).** Loads of 8 and 16 bits zero- or sign-extend to 32; D16 loads write the low
//! (or, `_hi`, the high) half and keep the other; D16_HI stores take bits 31:16 (`b16`) or
//! 23:16 (`b8`). Atomics run lane by lane in lane order; with GLC set the pre-op value returns
//! to VDST. Counting: loads and returning atomics add 1 to VMcnt, stores and non-returning
//! atomics 1 to VScnt; FLAT instructions add 1 to LGKMcnt as well.

use rdna3_isa::operand::{APERTURES, NULL};
use rdna3_isa::{Family, Half, InstDef, MemAccess, Mnemonic as M};

use super::atomic::{AtomicUnit, atomic};
use super::handler::Handler;
use super::scalar::sext;
use super::state::{Counters, Fault, issue};
use super::vector::{VExec, VFn};

/// Which memory an instruction addresses: its row's format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Seg {
    Flat,
    Global,
    Scratch,
}

/// What a FLAT/GLOBAL/SCRATCH row does: its segment and its access (the table's `A:`
/// column: a load, a store or an atomic).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Spec {
    seg: Seg,
    access: MemAccess,
}

impl Spec {
    /// The ADDTID forms: no VGPR address, lane id * 4 added.
    fn addtid(self) -> bool {
        matches!(self.access, MemAccess::Load { addtid: true, .. } | MemAccess::Store { addtid: true, .. })
    }
}

/// The function of row `def`: [`exec`] for its segment, for every FLAT/GLOBAL/SCRATCH row
/// whose access this model executes (all but the loads into LDS).
pub(super) fn bind(def: &InstDef) -> Option<Handler> {
    let access = def.access.filter(|_| def.format().family() == Family::Flat)?;
    if matches!(access, MemAccess::Load { lds: true, .. }) {
        return None;
    }
    let f: VFn = match def.format().name.as_str() {
        "FLAT" => |x| exec(x, Seg::Flat),
        "GLOBAL" => |x| exec(x, Seg::Global),
        "SCRATCH" => |x| exec(x, Seg::Scratch),
        _ => return None,
    };
    Some(Handler::Vector(f))
}

/// The rows this model does not execute, on purpose: the loads into LDS, whose LDS address
/// the guide does not give.
pub(super) const NOT_EXECUTED: &[M] = &[
    M::global_load_lds_addtid_b32,
    M::global_load_lds_u8,
    M::global_load_lds_i8,
    M::global_load_lds_u16,
    M::global_load_lds_i16,
    M::global_load_lds_b32,
    M::scratch_load_lds_u8,
    M::scratch_load_lds_i8,
    M::scratch_load_lds_u16,
    M::scratch_load_lds_i16,
    M::scratch_load_lds_b32,
];

/// Where one lane's access goes.
#[derive(Clone, Copy, Debug)]
enum Target {
    Global(u64),
    Lds(u64),
    /// Offset within the lane's private segment (before swizzling).
    Scratch(u64),
}

/// The addresses of a GLOBAL instruction in every lane: VADDR (64 bits, or 32 bits added to
/// the SADDR pair; or the lane id times four with `addtid`) plus the signed 13-bit offset.
fn global_addrs(x: &VExec, spec: Spec) -> [u64; 32] {
    let m = x.ops().mem;
    let off = sext(u64::from(m.offset), 13) as u64;
    if spec.addtid() {
        let base = x.sreg_wide(m.saddr, 2);
        std::array::from_fn(|l| base.wrapping_add(4 * l as u64).wrapping_add(off))
    } else if m.saddr == NULL {
        let (lo, hi) = (x.vlanes(m.addr), x.vlanes(m.addr + 1));
        std::array::from_fn(|l| (u64::from(lo[l]) | u64::from(hi[l]) << 32).wrapping_add(off))
    } else {
        let (base, lo) = (x.sreg_wide(m.saddr, 2), x.vlanes(m.addr));
        std::array::from_fn(|l| base.wrapping_add(u64::from(lo[l])).wrapping_add(off))
    }
}

/// The lanes' targets.
fn targets(x: &VExec, spec: Spec) -> [Target; 32] {
    let m = x.ops().mem;
    let (addr, saddr, raw_off) = (m.addr, m.saddr, m.offset);
    let global = if spec.seg == Seg::Global { global_addrs(x, spec) } else { [0; 32] };
    let mut t = [Target::Global(0); 32];
    let v = |r: u32, l: usize| u64::from(x.vreg(r, l));
    for (l, tl) in t.iter_mut().enumerate() {
        *tl = match spec.seg {
            Seg::Global => Target::Global(global[l]),
            Seg::Scratch => {
                let mut o = sext(u64::from(raw_off), 13);
                if saddr != NULL {
                    o += i64::from(x.sreg(saddr));
                }
                if m.sve {
                    o += v(addr, l) as i64;
                }
                Target::Scratch(o as u64)
            }
            Seg::Flat => {
                let a = v(addr, l) | v(addr + 1, l) << 32;
                let off = u64::from(raw_off & 0xfff);
                if (APERTURES[0]..=APERTURES[1]).contains(&a) {
                    Target::Lds((a - APERTURES[0]).wrapping_add(off))
                } else if (APERTURES[2]..=APERTURES[3]).contains(&a) {
                    Target::Scratch((a - APERTURES[2]).wrapping_add(off))
                } else {
                    Target::Global(a.wrapping_add(off))
                }
            }
        };
    }
    t
}

/// Reads `out.len()` bytes of lane `lane`'s target.
fn read(x: &VExec, t: Target, lane: usize, out: &mut [u8]) -> Result<(), String> {
    match t {
        Target::Global(a) => x.env.mem.read(a, out).map_err(|e| e.to_string()),
        Target::Lds(a) => {
            let lds = &*x.env.lds;
            let s =
                usize::try_from(a).ok().filter(|&s| s.checked_add(out.len()).is_some_and(|e| e <= lds.len()));
            let s = s.ok_or_else(|| lds_range(a, out.len(), lds.len()))?;
            out.copy_from_slice(&lds[s..s + out.len()]);
            Ok(())
        }
        Target::Scratch(o) => {
            for (i, b) in out.iter_mut().enumerate() {
                *b = x.env.mem.read_u8(scratch_addr(x, o + i as u64, lane)?).map_err(|e| e.to_string())?;
            }
            Ok(())
        }
    }
}

fn write(x: &mut VExec, t: Target, lane: usize, data: &[u8]) -> Result<(), String> {
    match t {
        Target::Global(a) => x.env.mem.write(a, data).map_err(|e| e.to_string()),
        Target::Lds(a) => {
            let len = x.env.lds.len();
            let s = usize::try_from(a).ok().filter(|&s| s.checked_add(data.len()).is_some_and(|e| e <= len));
            let s = s.ok_or_else(|| lds_range(a, data.len(), len))?;
            x.env.lds[s..s + data.len()].copy_from_slice(data);
            Ok(())
        }
        Target::Scratch(o) => {
            for (i, &b) in data.iter().enumerate() {
                let a = scratch_addr(x, o + i as u64, lane)?;
                x.env.mem.write(a, &[b]).map_err(|e| e.to_string())?;
            }
            Ok(())
        }
    }
}

fn lds_range(a: u64, len: usize, size: usize) -> String {
    format!("LDS access of {len} bytes at {a:#x} is outside the workgroup's {size} bytes of LDS")
}

/// The swizzled address of byte `o` of `lane`'s private segment.
fn scratch_addr(x: &VExec, o: u64, lane: usize) -> Result<u64, String> {
    let size = u64::from(x.wave.scratch_lane_bytes);
    if o >= size {
        return Err(format!(
            "scratch offset {:#x} is outside the {size} bytes of private memory per work-item",
            o as i64
        ));
    }
    Ok(x.wave.scratch_base + (o / 4) * 4 * 32 + o % 4 + 4 * lane as u64)
}

/// Checks that every active lane's access is valid, without changing anything; `write` says
/// whether the access writes (a store or an atomic), for the message.
fn check(x: &VExec, t: &[Target; 32], bytes: usize, write: bool) -> Result<(), String> {
    let mut buf = [0u8; 16];
    for l in 0..32 {
        if x.exec >> l & 1 == 1 {
            let r = match t[l] {
                Target::Global(a) => x.env.mem.check(a, bytes, write).map_err(|e| e.to_string()),
                other => read(x, other, l, &mut buf[..bytes]),
            };
            r.map_err(|e| format!("lane {l}: {e}"))?;
        }
    }
    Ok(())
}

/// Global loads and stores of whole dwords whose lanes all fall in one allocation: the common
/// case, done on the allocation's bytes directly. Returns false (having done nothing) when the
/// instruction needs the general path.
fn fast_global(x: &mut VExec, spec: Spec, t: &[Target; 32]) -> bool {
    let mut addrs = [0u64; 32];
    for l in 0..32 {
        if x.exec >> l & 1 == 1 {
            let Target::Global(a) = t[l] else { return false };
            addrs[l] = a;
        }
    }
    fast_global_at(x, spec, &addrs)
}

/// [`fast_global`] with the active lanes' global addresses.
fn fast_global_at(x: &mut VExec, spec: Spec, addrs: &[u64; 32]) -> bool {
    let (bytes, load) = match spec.access {
        MemAccess::Load { bytes, d16: None, .. } if bytes >= 4 => (bytes as u64, true),
        MemAccess::Store { bytes, .. } if bytes >= 4 => (bytes as u64, false),
        _ => return false,
    };
    let exec = x.exec;
    if exec == 0 {
        return false;
    }
    let (mut lo, mut hi) = (u64::MAX, 0u64);
    for l in 0..32 {
        if exec >> l & 1 == 1 {
            lo = lo.min(addrs[l]);
            hi = hi.max(addrs[l].saturating_add(bytes));
        }
    }
    let m = x.ops().mem;
    let dwords = (bytes / 4) as usize;
    if load {
        let mut out = [[0u32; 32]; 4];
        {
            let Some(span) = x.env.mem.span_mut(lo, hi) else { return false };
            for l in 0..32 {
                if exec >> l & 1 == 1 {
                    let o = (addrs[l] - lo) as usize;
                    for (k, o2) in out.iter_mut().enumerate().take(dwords) {
                        let b = &span[o + 4 * k..o + 4 * k + 4];
                        o2[l] = u32::from_le_bytes([b[0], b[1], b[2], b[3]]);
                    }
                }
            }
        }
        for (k, o) in out.iter().enumerate().take(dwords) {
            x.write_vgpr32(m.vdst + k as u32, o, exec);
        }
        issue(&mut x.counters, |c: &mut Counters| &mut c.vm, 1);
    } else {
        let data: [[u32; 32]; 4] = std::array::from_fn(|k| {
            if k < dwords { std::array::from_fn(|l| x.vreg(m.data0 + k as u32, l)) } else { [0; 32] }
        });
        let Some(span) = x.env.mem.span_mut(lo, hi) else { return false };
        for l in 0..32 {
            if exec >> l & 1 == 1 {
                let o = (addrs[l] - lo) as usize;
                for (k, d) in data.iter().enumerate().take(dwords) {
                    span[o + 4 * k..o + 4 * k + 4].copy_from_slice(&d[l].to_le_bytes());
                }
            }
        }
        issue(&mut x.counters, |c: &mut Counters| &mut c.vs, 1);
    }
    if spec.seg == Seg::Flat {
        issue(&mut x.counters, |c: &mut Counters| &mut c.lgkm, 1);
    }
    true
}

/// A FLAT, GLOBAL (`seg`) or SCRATCH row.
fn exec(x: &mut VExec, seg: Seg) {
    let Some(access) = x.def.access else { return };
    let spec = Spec { seg, access };
    // GLOBAL addresses are global in every lane: the fast path needs no per-lane targets.
    if spec.seg == Seg::Global && fast_global_at(x, spec, &global_addrs(x, spec)) {
        return;
    }
    let t = targets(x, spec);
    if spec.seg == Seg::Flat && fast_global(x, spec, &t) {
        return;
    }
    let m = x.ops().mem;
    let (vdst, data) = (m.vdst, m.data0);
    let bytes = match access {
        MemAccess::Load { bytes, .. } | MemAccess::Store { bytes, .. } | MemAccess::Atomic { bytes, .. } => {
            bytes
        }
        _ => return,
    } as usize;
    if let Err(e) = check(x, &t, bytes, !matches!(access, MemAccess::Load { .. })) {
        let what = format!("{}: {e}", x.def.name);
        return x.fault(Fault::Memory { pc: x.pc, what });
    }
    // Guide 11.1.1: "Flat atomics which map into scratch: 4-byte atomics are supported, and
    // 8-byte atomics return MEMVIOL."
    if let MemAccess::Atomic { bytes: 8, .. } = access {
        let exec = x.exec;
        if let Some(l) = (0..32).find(|&l| exec >> l & 1 == 1 && matches!(t[l], Target::Scratch(_))) {
            let what = format!("{}: lane {l}: a 64-bit atomic in the private aperture", x.def.name);
            return x.fault(Fault::Memory { pc: x.pc, what });
        }
    }
    let exec = x.exec;
    let mut counters = x.counters;
    match access {
        MemAccess::Load { bytes, signed, d16, .. } => {
            let dwords = bytes.div_ceil(4).max(1);
            let mut out = [[0u32; 32]; 4];
            for l in (0..32).filter(|l| exec >> l & 1 == 1) {
                let mut b = [0u8; 16];
                // Checked above.
                let _ = read(x, t[l], l, &mut b[..bytes as usize]);
                let v = match (bytes, signed) {
                    (1, false) => u32::from(b[0]),
                    (1, true) => b[0] as i8 as i32 as u32,
                    (2, false) => u32::from(u16::from_le_bytes([b[0], b[1]])),
                    (2, true) => i16::from_le_bytes([b[0], b[1]]) as i32 as u32,
                    _ => 0,
                };
                if bytes <= 2 {
                    out[0][l] = v;
                } else {
                    for k in 0..dwords as usize {
                        out[k][l] = u32::from_le_bytes([b[4 * k], b[4 * k + 1], b[4 * k + 2], b[4 * k + 3]]);
                    }
                }
            }
            match d16 {
                Some(half) => {
                    let vals = out[0].map(|v| u64::from(v & 0xffff));
                    x.write_half(vdst, half == Half::Hi, &vals, exec);
                }
                None => {
                    for k in 0..dwords {
                        x.write_vgpr32(vdst + k, &out[k as usize], exec);
                    }
                }
            }
            issue(&mut counters, |c: &mut Counters| &mut c.vm, 1);
        }
        MemAccess::Store { bytes, hi, .. } => {
            for l in (0..32).filter(|l| exec >> l & 1 == 1) {
                let mut b = [0u8; 16];
                for k in 0..bytes.div_ceil(4) {
                    b[4 * k as usize..4 * k as usize + 4].copy_from_slice(&x.vreg(data + k, l).to_le_bytes());
                }
                if hi {
                    b[0] = b[2];
                    b[1] = b[3];
                }
                if let Err(e) = write(x, t[l], l, &b[..bytes as usize]) {
                    let what = format!("{}: lane {l}: {e}", x.def.name);
                    return x.fault(Fault::Memory { pc: x.pc, what });
                }
            }
            issue(&mut counters, |c: &mut Counters| &mut c.vs, 1);
        }
        MemAccess::Atomic { op, bytes: width, .. } => {
            let glc = m.glc;
            let dw = width / 4;
            let mut ret = [[0u32; 32]; 2];
            for l in (0..32).filter(|l| exec >> l & 1 == 1) {
                let reg = |k: u32| u64::from(x.vreg(data + k, l));
                let (d, d2) =
                    if dw == 2 { (reg(0) | reg(1) << 32, reg(2) | reg(3) << 32) } else { (reg(0), reg(1)) };
                let mut b = [0u8; 8];
                let _ = read(x, t[l], l, &mut b[..width as usize]);
                let tmp = u64::from_le_bytes(b);
                let new = atomic(op, width, tmp, d, d2, x.mode(), AtomicUnit::Memory);
                if let Err(e) = write(x, t[l], l, &new.to_le_bytes()[..width as usize]) {
                    let what = format!("{}: lane {l}: {e}", x.def.name);
                    return x.fault(Fault::Memory { pc: x.pc, what });
                }
                ret[0][l] = tmp as u32;
                ret[1][l] = (tmp >> 32) as u32;
            }
            if glc {
                for k in 0..dw {
                    x.write_vgpr32(vdst + k, &ret[k as usize], exec);
                }
                issue(&mut counters, |c: &mut Counters| &mut c.vm, 1);
            } else {
                issue(&mut counters, |c: &mut Counters| &mut c.vs, 1);
            }
        }
        // Not a FLAT access (returned above).
        _ => {}
    }
    if spec.seg == Seg::Flat {
        issue(&mut counters, |c: &mut Counters| &mut c.lgkm, 1);
    }
    x.counters = counters;
}
