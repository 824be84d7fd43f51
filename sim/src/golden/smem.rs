//! Scalar memory (SMEM, guide chapter 8): `s_load_*`, `s_buffer_load_*` and the cache
//! invalidates.
//!
//! **Addressing (8.1.1).** `s_load`: ADDR = SGPR[SBASE*2 +: 2] + OFFSET + (SGPR[SOFFSET] or M0
//! or 0 for NULL), with the two low bits of every component ignored. OFFSET is a signed 21-bit
//! byte offset; when OFFSET + SOFFSET is negative (the guide: "illegal and undefined") the
//! instruction faults as illegal. An address outside every allocation faults with the
//! address. `s_buffer_load`: the base, stride and num_records of the buffer resource in
//! SGPR[SBASE*2 +: 4]; a negative OFFSET is a memory violation (fault); each dword whose
//! offset is at or past `(stride == 0 ? 1 : stride) * num_records` reads zero (8.4.1) and is
//! not fetched.
//!
//! **Registers (8.4).** A destination that runs past VCC_HI is not written at all; a source
//! SGPR out of range reads zero (a 4-dword SBASE at 104 reads VCC for its last two dwords, as
//! the register file continues there).
//!
//! **Counting (8.2).** LGKMcnt grows by 1 for a one-dword load or an invalidate, by 2 for
//! larger loads; the data is in the SGPRs when the instruction retires, and the count stays
//! until a wait completes it (see `control`).
//!
//! **Not executed.** `s_atc_probe` and `s_atc_probe_buffer`, which LLVM 19 encodes and the
//! guide neither lists nor defines: they fault as not implemented.

use rdna3_isa::operand::VCC_HI;
use rdna3_isa::{Family, Field, InstDef, MemAccess, Mnemonic as M};

use super::handler::Handler;
use super::scalar::{Exec, ExecFn, sext};
use super::state::{Counters, Fault, Outcome, issue};

/// The SMEM rows this model does not execute: the address translation cache probes, which the
/// guide does not define.
pub(super) const NOT_EXECUTED: &[M] = &[M::s_atc_probe, M::s_atc_probe_buffer];

/// The function of each SMEM row, by its access (the table's `A:` column).
pub(super) fn bind(def: &InstDef) -> Option<Handler> {
    let access = def.access.filter(|_| def.format().family() == Family::Smem)?;
    let f: ExecFn = match access {
        MemAccess::ScalarLoad { buffer: false, .. } => load,
        MemAccess::ScalarLoad { buffer: true, .. } => buffer_load,
        MemAccess::Invalidate => invalidate,
        _ => return None,
    };
    Some(Handler::Scalar(f))
}

/// Dwords the row loads.
fn dwords(x: &Exec) -> u32 {
    match x.def.access {
        Some(MemAccess::ScalarLoad { dwords, .. }) => dwords,
        _ => 1,
    }
}

/// SGPR `code` (0..=127), zero out of range.
fn sgpr(x: &Exec, code: u32) -> u32 {
    if code <= VCC_HI { x.wave.sgpr[code as usize] } else { 0 }
}

/// The signed instruction offset plus SOFFSET (M0, an SGPR, or 0 for NULL).
fn offset(x: &Exec) -> i64 {
    let inst = sext(u64::from(x.inst.field(Field::Offset)), 21);
    let soffset = x.read_code(x.inst.field(Field::Soffset), rdna3_isa::Ty::U32) as u32;
    inst + i64::from(soffset & !3)
}

fn fault(x: &mut Exec, f: Fault) {
    x.outcome = Outcome::Fault(f);
}

/// Writes the loaded dwords to SDATA, or nothing when SDATA runs past VCC_HI.
fn write_data(x: &mut Exec, data: &[u32]) {
    let sdata = x.inst.field(Field::Sdata);
    if sdata + data.len() as u32 - 1 > VCC_HI {
        return;
    }
    for (i, &v) in data.iter().enumerate() {
        x.write_reg(sdata + i as u32, 1, u64::from(v));
    }
}

fn count(x: &mut Exec, n: u32) {
    issue(&mut x.counters, |c: &mut Counters| &mut c.lgkm, if n == 1 { 1 } else { 2 });
}

pub fn load(x: &mut Exec) {
    let n = dwords(x);
    let base_code = 2 * x.inst.field(Field::Sbase);
    let base = u64::from(sgpr(x, base_code)) | u64::from(sgpr(x, base_code + 1)) << 32;
    let off = offset(x);
    if off < 0 {
        let why = format!("{}: OFFSET + SOFFSET is negative ({off})", x.def.name);
        return fault(x, Fault::Illegal { pc: x.pc, why });
    }
    let addr = (base & !3).wrapping_add((off as u64) & !3);
    let mut bytes = [0u8; 64];
    let bytes = &mut bytes[..4 * n as usize];
    if let Err(e) = x.env.mem.read(addr, bytes) {
        return fault(x, Fault::Memory { pc: x.pc, what: format!("{}: {e}", x.def.name) });
    }
    let data: Vec<u32> =
        bytes.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
    write_data(x, &data);
    count(x, n);
}

pub fn buffer_load(x: &mut Exec) {
    let n = dwords(x);
    let r = 2 * x.inst.field(Field::Sbase);
    let (w0, w1, w2) = (sgpr(x, r), sgpr(x, r + 1), sgpr(x, r + 2));
    let base = u64::from(w0) | u64::from(w1 & 0xffff) << 32;
    let stride = u64::from(w1 >> 16);
    let size = stride.max(1) * u64::from(w2);
    let inst_off = sext(u64::from(x.inst.field(Field::Offset)), 21);
    if inst_off < 0 {
        let what = format!("{}: negative OFFSET {inst_off} on a buffer load (memory violation)", x.def.name);
        return fault(x, Fault::Memory { pc: x.pc, what });
    }
    let off = offset(x) as u64 & !3;
    let mut data = vec![0u32; n as usize];
    for (i, d) in data.iter_mut().enumerate() {
        let o = off + 4 * i as u64;
        if o >= size {
            continue;
        }
        match x.env.mem.read_u32((base & !3).wrapping_add(o)) {
            Ok(v) => *d = v,
            Err(e) => return fault(x, Fault::Memory { pc: x.pc, what: format!("{}: {e}", x.def.name) }),
        }
    }
    write_data(x, &data);
    count(x, n);
}

/// The caches are not modelled: an invalidate only counts.
pub fn invalidate(x: &mut Exec) {
    count(x, 1);
}
