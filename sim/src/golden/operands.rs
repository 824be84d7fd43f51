//! The execution context of one scalar instruction: operand reads and writes, driven by the
//! row's operand list (role, field, type), with the rules of the module documentation for
//! register codes, constants, literals, NULL and TTMP destinations.
//!
//! Reads see the wave as it was before the instruction. Writes are recorded in order and
//! applied by the caller only when the instruction retires, so an instruction that waits or
//! faults leaves no trace.

use rdna3_isa::operand::{self, EXEC_LO, NULL, Scalar, TTMP0, literal_value};
use rdna3_isa::{Field, Inst, InstDef, Kind, Operand, Role, Ty};

use super::engine::Env;
use super::state::{Counters, Outcome, Wave, Write, Writes};

/// Last code of the TTMP block (TTMP15).
const TTMP_LAST: u32 = TTMP0 + 15;

/// Bits in a value of type `ty`.
pub(super) fn bits(ty: Ty) -> u32 {
    32 * ty.dwords()
}

/// All ones in the low `bits` bits (`bits` <= 64).
pub(super) fn ones(bits: u32) -> u64 {
    if bits >= 64 { u64::MAX } else { (1u64 << bits) - 1 }
}

/// `raw` as the integer that type `ty` makes of it: signed types sign-extend from their
/// width, unsigned and bit types zero-extend.
pub(super) fn int(ty: Ty, raw: u64) -> i128 {
    match ty {
        Ty::I32 => i128::from(raw as u32 as i32),
        Ty::I64 => i128::from(raw as i64),
        _ => i128::from(raw & ones(bits(ty))),
    }
}

/// Whether type `ty` is a signed integer.
pub(super) fn signed(ty: Ty) -> bool {
    matches!(ty, Ty::I32 | Ty::I64)
}

/// `raw` sign-extended from its low `bits` bits.
pub(super) fn sext(raw: u64, bits: u32) -> i64 {
    if bits >= 64 {
        raw as i64
    } else {
        let s = 64 - bits;
        ((raw << s) as i64) >> s
    }
}

fn is_ttmp(code: u32) -> bool {
    (TTMP0..=TTMP_LAST).contains(&code)
}

/// Why an instruction's source operands make it illegal: a reserved code in a scalar-source
/// field (guide Table 20).
pub(super) fn check_sources(inst: &Inst) -> Result<(), String> {
    let def = inst.def();
    for op in &def.operands {
        if matches!(op.role, Role::Src | Role::Modify)
            && matches!(op.kind, Kind::Reg(_))
            && op.field.is_scalar_source()
        {
            let code = inst.field(op.field);
            if let Scalar::Reserved(c) = Scalar::from_code(code) {
                return Err(format!("{}: reserved scalar source code {c} in {}", def.name, op.field.name()));
            }
        }
    }
    Ok(())
}

/// Where an M0-relative access lands (guide 3.3.1.4).
pub(super) enum Relative {
    /// In range: this register code.
    Reg(u32),
    /// Past the end of the base's region.
    Out,
    /// The base is not an SGPR, VCC or TTMP, so it is not indexed.
    NotIndexed,
}

/// The register `base + index` for an operand of `dwords` dwords. For 64-bit operands the
/// low bit of both is ignored. SGPRs with VCC may be indexed up to VCC_HI, TTMPs up to
/// TTMP15, each minus one for 64-bit operands.
pub(super) fn relative(base: u32, index: u32, dwords: u32) -> Relative {
    let (base, index) = if dwords == 2 { (base & !1, index & !1) } else { (base, index) };
    let last = match base {
        0..TTMP0 => TTMP0 - 1,
        TTMP0..=TTMP_LAST => TTMP_LAST,
        _ => return Relative::NotIndexed,
    } + 1
        - dwords;
    let addr = u64::from(base) + u64::from(index);
    if addr <= u64::from(last) { Relative::Reg(addr as u32) } else { Relative::Out }
}

/// One scalar instruction being executed: reads see the wave as it was, writes are recorded
/// and applied when the instruction retires.
pub(super) struct Exec<'a, 'm> {
    pub wave: &'a Wave,
    /// Memory and the rest of the machine outside the wave.
    pub env: &'a mut Env<'m>,
    pub inst: Inst,
    pub def: &'static InstDef,
    /// Address of the instruction.
    pub pc: u64,
    /// Where the wave continues; sequential unless the instruction jumps.
    pub next_pc: u64,
    pub writes: &'a mut Writes,
    pub outcome: Outcome,
    /// The destination is a TTMP: its write is dropped and so is the SCC update (3.3.1.4).
    dst_ttmp: bool,
    /// The wave's counters after the instruction (memory operations issued or completed).
    pub counters: Counters,
    /// The instruction released the wave's VGPRs (MSG_DEALLOC_VGPRS).
    pub release_vgprs: bool,
}

impl<'a, 'm> Exec<'a, 'm> {
    pub fn new(
        wave: &'a Wave,
        env: &'a mut Env<'m>,
        inst: Inst,
        pc: u64,
        writes: &'a mut Writes,
    ) -> Exec<'a, 'm> {
        let def = inst.def();
        let mut x = Exec {
            wave,
            env,
            counters: wave.counters,
            release_vgprs: false,
            inst,
            def,
            pc,
            next_pc: pc.wrapping_add(u64::from(inst.bytes())) & super::state::PC_MASK,
            writes,
            outcome: Outcome::Retired,
            dst_ttmp: false,
        };
        if let Some(op) = x.dst_operand()
            && let Kind::Reg(ty) = op.kind
        {
            let code = x.inst.field(op.field);
            let code = if ty.is64() { code & !1 } else { code };
            x.dst_ttmp = is_ttmp(code);
        }
        x
    }

    // --- reads ---------------------------------------------------------------------------

    /// The `n`th source operand (role S, in assembly order).
    fn src_operand(&self, n: usize) -> Option<&'static Operand> {
        self.def.operands.iter().filter(|o| o.role == Role::Src).nth(n)
    }

    /// The written register operand (role D or M).
    fn dst_operand(&self) -> Option<&'static Operand> {
        self.def.operands.iter().find(|o| matches!(o.role, Role::Dst | Role::Modify))
    }

    /// Value of the `n`th source operand at its type (zero-extended to 64 bits for 32-bit
    /// types). A row without that operand reads 0; the registry never pairs such a row with
    /// a function that reads it (tests check every row).
    pub fn src(&self, n: usize) -> u64 {
        self.src_operand(n).map_or(0, |op| self.read_operand(op))
    }

    /// Type of the `n`th source operand.
    pub fn src_ty(&self, n: usize) -> Ty {
        self.src_operand(n).and_then(Operand::ty).unwrap_or(Ty::B32)
    }

    /// Whether the row has an `n`th source operand.
    pub fn has_src(&self, n: usize) -> bool {
        self.src_operand(n).is_some()
    }

    /// The register field of the `n`th source operand, as encoded.
    pub fn src_code(&self, n: usize) -> Option<u32> {
        self.src_operand(n).map(|op| self.inst.field(op.field))
    }

    /// Current value of the destination, for read-modify-write rows (role M).
    pub fn dst_in(&self) -> u64 {
        self.dst_operand().map_or(0, |op| self.read_operand(op))
    }

    /// Type of the destination (B32 when the row has none).
    pub fn dst_ty(&self) -> Ty {
        self.dst_operand().and_then(Operand::ty).unwrap_or(Ty::B32)
    }

    /// Width of the destination in bits.
    pub fn dst_bits(&self) -> u32 {
        bits(self.dst_ty())
    }

    /// The destination field, as encoded.
    pub fn dst_code(&self) -> Option<u32> {
        self.dst_operand().map(|op| self.inst.field(op.field))
    }

    /// The immediate operand (SIMM16 of SOPK and SOPP rows).
    pub fn imm(&self) -> u32 {
        self.def.operands.iter().find(|o| o.role == Role::Imm).map_or(0, |op| self.inst.field(op.field))
    }

    /// SIMM16 sign-extended to 64 bits.
    pub fn simm16(&self) -> u64 {
        i64::from(self.imm() as u16 as i16) as u64
    }

    fn read_operand(&self, op: &Operand) -> u64 {
        let raw = self.inst.field(op.field);
        match op.kind {
            // Scalar rows have no register rules; the raw field is all there is.
            Kind::Imm(_) | Kind::RegRule(_) => u64::from(raw),
            Kind::Reg(ty) if op.field == Field::Lit => literal_value(raw, ty),
            Kind::Reg(ty) => self.read_code(raw, ty),
        }
    }

    /// Value of scalar source code `code` at type `ty`.
    pub fn read_code(&self, code: u32, ty: Ty) -> u64 {
        match Scalar::from_code(code) {
            Scalar::Reg(r) => self.read_reg(r, ty.dwords()),
            Scalar::Literal => literal_value(self.inst.literal.unwrap_or(0), ty),
            // Reserved codes were refused before execution; they would read 0.
            other => other.constant(ty, self.wave.scc).unwrap_or(0),
        }
    }

    /// Register storage at `code` (0..=127), one or two dwords. A 64-bit access ignores the
    /// low bit of the code; the pair NULL/M0 reads as NULL.
    pub fn read_reg(&self, code: u32, dwords: u32) -> u64 {
        let dword = |c: u32| match c {
            NULL => 0,
            c => self.wave.sgpr.get(c as usize).copied().map_or(0, u64::from),
        };
        if dwords == 2 {
            let base = code & !1;
            if base == NULL { 0 } else { dword(base) | dword(base + 1) << 32 }
        } else {
            dword(code)
        }
    }

    /// EXEC at the width of a `dwords`-dword operand: EXEC_LO alone for 32-bit forms.
    pub fn exec(&self, dwords: u32) -> u64 {
        self.read_reg(EXEC_LO, dwords)
    }

    // --- writes --------------------------------------------------------------------------

    /// Writes the destination operand (dropped for NULL and TTMP destinations).
    pub fn dst(&mut self, value: u64) {
        if let Some(op) = self.dst_operand()
            && let Kind::Reg(ty) = op.kind
        {
            let code = self.inst.field(op.field);
            self.write_reg(code, ty.dwords(), value);
        }
    }

    /// Writes `dwords` dwords of register storage at `code`, low dword first. A 64-bit write
    /// ignores the low bit of the code. NULL (and the pair NULL/M0) is not written; TTMPs are
    /// not written outside a trap handler.
    pub fn write_reg(&mut self, code: u32, dwords: u32, value: u64) {
        let base = if dwords == 2 { code & !1 } else { code };
        if base == NULL {
            return;
        }
        for i in 0..dwords {
            let idx = base + i;
            if idx <= operand::EXEC_HI && idx != NULL && !is_ttmp(idx) {
                self.writes.push(Write::Sgpr { idx: idx as u8, value: (value >> (32 * i)) as u32 });
            }
        }
    }

    /// Writes EXEC at the width of a `dwords`-dword operand (EXEC_LO alone for 32 bits).
    pub fn write_exec(&mut self, dwords: u32, value: u64) {
        self.write_reg(EXEC_LO, dwords, value);
    }

    /// Writes SCC, unless the destination is a TTMP (the failed write suppresses it).
    pub fn scc(&mut self, value: bool) {
        if !self.dst_ttmp {
            self.writes.push(Write::Scc(value));
        }
    }

    pub fn write_mode(&mut self, value: u32) {
        self.writes.push(Write::Mode(value));
    }

    /// Continues at `target` instead of the next instruction.
    pub fn jump(&mut self, target: u64) {
        self.next_pc = target & super::state::PC_MASK;
    }
}
