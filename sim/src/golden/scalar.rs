//! The execution context of scalar instructions (SOP*, SMEM): operands resolved once at decode
//! ([`SOperands`]), and [`Exec`], through which a row's function ([`ExecFn`]) reads and writes,
//! driven by the row's operand list (role, field, type), with the rules of the module
//! documentation for register codes, constants, literals, NULL and TTMP destinations.
//!
//! Reads see the wave as it was before the instruction. Writes are recorded in order and
//! applied by the caller only when the instruction retires, so an instruction that waits or
//! faults leaves no trace.

use rdna3_isa::operand::{self, EXEC_LO, NULL, Scalar, TTMP0, literal_value};
use rdna3_isa::{Field, Inst, InstDef, Kind, Operand, Role, Ty};

use super::env::Env;
use super::state::{Counters, Outcome, PC_MASK, Wave, Write, Writes};

/// The semantics of one scalar row.
pub(super) type ExecFn = fn(&mut Exec);

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

/// `raw` sign-extended from its low `bits` bits (1..=64): the sign extension of every family,
/// scalar, vector and memory.
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

/// A scalar source as the instruction's encoding fixes it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) enum SSrc {
    /// No such operand: reads 0.
    #[default]
    None,
    /// One dword of register storage at this code (0..=127, not NULL).
    Reg(u8),
    /// Two dwords of register storage from this even code (not the pair NULL/M0).
    Pair(u8),
    /// A constant, the literal, an immediate field, or NULL, at the operand's type.
    Const(u64),
    Scc,
}

/// Most source operands (role S) of a scalar row.
const MAX_SRCS: usize = 3;

/// The operands of a scalar instruction, resolved once at decode from its row and encoding,
/// so that executing it reads no fields and looks nothing up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SOperands {
    /// The source operands (role S) in assembly order.
    src: [SSrc; MAX_SRCS],
    src_ty: [Ty; MAX_SRCS],
    /// The register field of each source, as encoded (None for immediates and rows without it).
    src_code: [Option<u8>; MAX_SRCS],
    /// The written operand (role D or M): its code as encoded and its type.
    dst: Option<(u8, Ty)>,
    /// The written operand is a register (it is written back).
    dst_reg: bool,
    /// The destination as a source, for read-modify-write rows (role M).
    dst_in: SSrc,
    /// The destination is a TTMP: its write is dropped and so is the SCC update (3.3.1.4).
    dst_ttmp: bool,
    /// The first immediate operand (SIMM16 of SOPK and SOPP rows; SMEM rows read their
    /// fields themselves).
    imm: u32,
}

impl Default for SOperands {
    fn default() -> SOperands {
        SOperands {
            src: [SSrc::None; MAX_SRCS],
            src_ty: [Ty::B32; MAX_SRCS],
            src_code: [None; MAX_SRCS],
            dst: None,
            dst_reg: false,
            dst_in: SSrc::None,
            dst_ttmp: false,
            imm: 0,
        }
    }
}

impl SOperands {
    /// Resolves the operands of `inst`, a scalar row (SOP*, SMEM).
    pub(super) fn resolve(inst: &Inst) -> SOperands {
        let def = inst.def();
        let mut s = SOperands::default();
        let mut n = 0;
        let mut imm_seen = false;
        for op in &def.operands {
            match op.role {
                Role::Src if n < MAX_SRCS => {
                    s.src[n] = source(inst, op);
                    s.src_ty[n] = op.ty().unwrap_or(Ty::B32);
                    s.src_code[n] = match op.kind {
                        Kind::Reg(_) if op.field != Field::Lit => u8::try_from(inst.field(op.field)).ok(),
                        _ => None,
                    };
                    n += 1;
                }
                Role::Dst | Role::Modify if s.dst.is_none() => {
                    let code = inst.field(op.field);
                    let ty = op.ty().unwrap_or(Ty::B32);
                    // Scalar destination fields are 7 bits.
                    s.dst = Some((code as u8, ty));
                    s.dst_in = source(inst, op);
                    if let Kind::Reg(ty) = op.kind {
                        s.dst_reg = true;
                        s.dst_ttmp = is_ttmp(if ty.is64() { code & !1 } else { code });
                    }
                }
                Role::Imm if !imm_seen => {
                    s.imm = inst.field(op.field);
                    imm_seen = true;
                }
                _ => {}
            }
        }
        s
    }
}

/// How operand `op` of `inst` reads.
fn source(inst: &Inst, op: &Operand) -> SSrc {
    let raw = inst.field(op.field);
    match op.kind {
        // Scalar rows have no register rules; the raw field is all there is.
        Kind::Imm(_) | Kind::RegRule(_) => SSrc::Const(u64::from(raw)),
        Kind::Reg(ty) if op.field == Field::Lit => SSrc::Const(literal_value(raw, ty)),
        Kind::Reg(ty) => code_source(raw, ty, inst.literal),
    }
}

/// How scalar source code `code` reads at type `ty`, `literal` being the instruction's.
fn code_source(code: u32, ty: Ty, literal: Option<u32>) -> SSrc {
    match Scalar::from_code(code) {
        Scalar::Reg(r) if ty.is64() && r & !1 == NULL => SSrc::Const(0),
        Scalar::Reg(r) if ty.is64() => SSrc::Pair((r & !1) as u8),
        Scalar::Reg(r) => SSrc::Reg(r as u8),
        Scalar::Literal => SSrc::Const(literal_value(literal.unwrap_or(0), ty)),
        Scalar::Scc => SSrc::Scc,
        // Reserved codes were refused before execution; they would read 0.
        other => SSrc::Const(other.constant(ty, false).unwrap_or(0)),
    }
}

/// One scalar instruction being executed: reads see the wave as it was, writes are recorded
/// and applied when the instruction retires.
pub(super) struct Exec<'a, 'm> {
    pub wave: &'a Wave,
    /// Memory and the rest of the machine outside the wave.
    pub env: &'a mut Env<'m>,
    pub inst: &'a Inst,
    pub def: &'static InstDef,
    s: &'a SOperands,
    /// Address of the instruction.
    pub pc: u64,
    /// Where the wave continues when the instruction jumps (else at the next instruction).
    pub target: Option<u64>,
    pub writes: &'a mut Writes,
    pub outcome: Outcome,
    /// The wave's counters after the instruction (memory operations issued or completed).
    pub counters: Counters,
    /// The instruction released the wave's VGPRs (MSG_DEALLOC_VGPRS).
    pub release_vgprs: bool,
}

impl<'a, 'm> Exec<'a, 'm> {
    /// The context of `inst` (row `def`, operands `s`) at `pc` on `wave`, recording its writes
    /// in `writes`.
    pub fn new(
        wave: &'a Wave,
        env: &'a mut Env<'m>,
        inst: &'a Inst,
        def: &'static InstDef,
        s: &'a SOperands,
        pc: u64,
        writes: &'a mut Writes,
    ) -> Exec<'a, 'm> {
        Exec {
            wave,
            env,
            counters: wave.counters,
            release_vgprs: false,
            inst,
            def,
            s,
            pc,
            target: None,
            writes,
            outcome: Outcome::Retired,
        }
    }

    // --- reads ---------------------------------------------------------------------------

    #[inline(always)]
    fn read(&self, s: SSrc) -> u64 {
        match s {
            SSrc::None => 0,
            SSrc::Reg(r) => u64::from(self.wave.sgpr[usize::from(r & 127)]),
            SSrc::Pair(r) => {
                let r = usize::from(r & 126);
                u64::from(self.wave.sgpr[r]) | u64::from(self.wave.sgpr[r + 1]) << 32
            }
            SSrc::Const(v) => v,
            SSrc::Scc => u64::from(self.wave.scc),
        }
    }

    /// Value of the `n`th source operand at its type (zero-extended to 64 bits for 32-bit
    /// types). A row without that operand reads 0; the registry never pairs such a row with
    /// a function that reads it (tests check every row).
    #[inline]
    pub fn src(&self, n: usize) -> u64 {
        self.s.src.get(n).map_or(0, |&s| self.read(s))
    }

    /// Type of the `n`th source operand.
    pub fn src_ty(&self, n: usize) -> Ty {
        self.s.src_ty.get(n).copied().unwrap_or(Ty::B32)
    }

    /// Whether the row has an `n`th source operand.
    pub fn has_src(&self, n: usize) -> bool {
        self.s.src.get(n).is_some_and(|s| *s != SSrc::None)
    }

    /// The register field of the `n`th source operand, as encoded.
    pub fn src_code(&self, n: usize) -> Option<u32> {
        self.s.src_code.get(n).copied().flatten().map(u32::from)
    }

    /// Current value of the destination, for read-modify-write rows (role M).
    pub fn dst_in(&self) -> u64 {
        self.read(self.s.dst_in)
    }

    /// Type of the destination (B32 when the row has none).
    pub fn dst_ty(&self) -> Ty {
        self.s.dst.map_or(Ty::B32, |(_, ty)| ty)
    }

    /// Width of the destination in bits.
    pub fn dst_bits(&self) -> u32 {
        bits(self.dst_ty())
    }

    /// The destination field, as encoded.
    pub fn dst_code(&self) -> Option<u32> {
        self.s.dst.map(|(code, _)| u32::from(code))
    }

    /// The immediate operand (SIMM16 of SOPK and SOPP rows).
    pub fn imm(&self) -> u32 {
        self.s.imm
    }

    /// SIMM16 sign-extended to 64 bits.
    pub fn simm16(&self) -> u64 {
        i64::from(self.imm() as u16 as i16) as u64
    }

    /// Value of scalar source code `code` at type `ty`.
    pub fn read_code(&self, code: u32, ty: Ty) -> u64 {
        self.read(code_source(code, ty, self.inst.literal))
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
        if let Some((code, ty)) = self.s.dst
            && self.s.dst_reg
        {
            self.write_reg(u32::from(code), ty.dwords(), value);
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
        if !self.s.dst_ttmp {
            self.writes.push(Write::Scc(value));
        }
    }

    pub fn write_mode(&mut self, value: u32) {
        self.writes.push(Write::Mode(value));
    }

    /// Continues at `target` instead of the next instruction.
    pub fn jump(&mut self, target: u64) {
        self.target = Some(target & PC_MASK);
    }
}
