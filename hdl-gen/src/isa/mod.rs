//! The ISA table: formats, instructions and their operand signatures.
//!
//! The table is the text file `rdna3.isa` beside this module, compiled into the binary and
//! parsed once. Everything that both the hardware generators and the golden interpreter must
//! agree on is read from here; nothing in it is written a second time elsewhere.

pub mod operand;
mod parse;

use std::collections::HashMap;
use std::fmt;
use std::sync::LazyLock;

pub use operand::{Scalar, ScalarSrc};

/// The table text, as checked in.
pub const TABLE_SOURCE: &str = include_str!("rdna3.isa");
/// The table's path in the repository, for generated-file headers and error messages.
pub const TABLE_PATH: &str = "hdl-gen/src/isa/rdna3.isa";

/// Data type of a register or scalar-source operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ty {
    B32,
    U32,
    I32,
    F32,
    B64,
    U64,
    I64,
    F64,
}

impl Ty {
    pub fn dwords(self) -> u32 {
        match self {
            Ty::B32 | Ty::U32 | Ty::I32 | Ty::F32 => 1,
            Ty::B64 | Ty::U64 | Ty::I64 | Ty::F64 => 2,
        }
    }
    pub fn is64(self) -> bool {
        self.dwords() == 2
    }
    pub fn is_float(self) -> bool {
        matches!(self, Ty::F32 | Ty::F64)
    }
    pub fn name(self) -> &'static str {
        match self {
            Ty::B32 => "b32",
            Ty::U32 => "u32",
            Ty::I32 => "i32",
            Ty::F32 => "f32",
            Ty::B64 => "b64",
            Ty::U64 => "u64",
            Ty::I64 => "i64",
            Ty::F64 => "f64",
        }
    }
    fn parse(s: &str) -> Option<Ty> {
        Some(match s {
            "b32" => Ty::B32,
            "u32" => Ty::U32,
            "i32" => Ty::I32,
            "f32" => Ty::F32,
            "b64" => Ty::B64,
            "u64" => Ty::U64,
            "i64" => Ty::I64,
            "f64" => Ty::F64,
            _ => return None,
        })
    }
}

/// How an immediate field prints and parses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ImmKind {
    /// 16 bits, printed in hex (`0x1234`).
    Hex16,
    /// 16 bits, printed in decimal up to 64 and in hex above (LLVM's u16 immediates).
    Imm16,
    /// `s_version`: a `UC_VERSION_*` expression.
    Version,
    /// Signed branch offset in dwords, relative to the next instruction.
    Label,
    /// `s_waitcnt` counters.
    Waitcnt,
    /// `s_delay_alu` dependency descriptor.
    Delay,
    /// `hwreg(ID, OFFSET, SIZE)`.
    Hwreg,
    /// `sendmsg(...)`.
    Sendmsg,
    /// `s_endpgm`'s optional immediate: decimal, omitted when zero.
    Endpgm,
    /// No operand in assembly; the field must be zero for LLVM to accept the word.
    None,
}

impl ImmKind {
    fn parse(s: &str) -> Option<ImmKind> {
        Some(match s {
            "hex16" => ImmKind::Hex16,
            "imm16" => ImmKind::Imm16,
            "version" => ImmKind::Version,
            "label" => ImmKind::Label,
            "waitcnt" => ImmKind::Waitcnt,
            "delay" => ImmKind::Delay,
            "hwreg" => ImmKind::Hwreg,
            "sendmsg" => ImmKind::Sendmsg,
            "endpgm" => ImmKind::Endpgm,
            "none" => ImmKind::None,
            _ => return None,
        })
    }
}

/// What an operand is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A register or scalar source of the given type.
    Reg(Ty),
    /// An immediate that is not a register (simm16 forms, message ids).
    Imm(ImmKind),
}

/// How an instruction uses an operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Role {
    /// Written.
    Dst,
    /// Read.
    Src,
    /// Read and written (SOPK's `s_addk_i32`, `s_bitset*`).
    Modify,
    /// An immediate.
    Imm,
}

/// A field of an encoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Field {
    Op,
    Sdst,
    Ssrc0,
    Ssrc1,
    Simm16,
    /// The literal dword that follows the instruction (not a bit field).
    Lit,
}

impl Field {
    pub fn name(self) -> &'static str {
        match self {
            Field::Op => "op",
            Field::Sdst => "sdst",
            Field::Ssrc0 => "ssrc0",
            Field::Ssrc1 => "ssrc1",
            Field::Simm16 => "simm16",
            Field::Lit => "lit",
        }
    }
    fn parse(s: &str) -> Option<Field> {
        Some(match s {
            "op" => Field::Op,
            "sdst" => Field::Sdst,
            "ssrc0" => Field::Ssrc0,
            "ssrc1" => Field::Ssrc1,
            "simm16" => Field::Simm16,
            "lit" => Field::Lit,
            _ => return None,
        })
    }
    /// A field holding a scalar source encoding, where 255 selects the literal dword.
    pub fn is_scalar_source(self) -> bool {
        matches!(self, Field::Ssrc0 | Field::Ssrc1)
    }
}

/// The unit that executes an instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Unit {
    /// Scalar ALU.
    Salu,
    /// Program-counter changes: branches, calls, `s_setpc`/`s_getpc`/`s_swappc`.
    Branch,
    /// The `s_waitcnt` family, executed by the waitcnt scoreboard.
    Wait,
    /// Sequencer control: `s_nop`, `s_sleep`, hints, `s_endpgm`, `s_barrier`, mode immediates.
    Control,
    /// Messages to the upstream control hardware.
    Message,
    /// Traps, trap returns, halting and kill.
    Trap,
    /// Export-buffer events (graphics).
    Export,
}

impl Unit {
    pub fn name(self) -> &'static str {
        match self {
            Unit::Salu => "salu",
            Unit::Branch => "branch",
            Unit::Wait => "wait",
            Unit::Control => "control",
            Unit::Message => "message",
            Unit::Trap => "trap",
            Unit::Export => "export",
        }
    }
    fn parse(s: &str) -> Option<Unit> {
        Some(match s {
            "salu" => Unit::Salu,
            "branch" => Unit::Branch,
            "wait" => Unit::Wait,
            "control" => Unit::Control,
            "message" => Unit::Message,
            "trap" => Unit::Trap,
            "export" => Unit::Export,
            _ => return None,
        })
    }
}

/// Implicit architectural state an instruction reads or writes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Implicit(u8);

impl Implicit {
    pub const SCC: Implicit = Implicit(1);
    pub const EXEC: Implicit = Implicit(2);
    pub const VCC: Implicit = Implicit(4);
    pub const M0: Implicit = Implicit(8);
    pub const MODE: Implicit = Implicit(16);
    pub const ALL: [(Implicit, &'static str); 5] = [
        (Implicit::SCC, "scc"),
        (Implicit::EXEC, "exec"),
        (Implicit::VCC, "vcc"),
        (Implicit::M0, "m0"),
        (Implicit::MODE, "mode"),
    ];
    pub fn contains(self, other: Implicit) -> bool {
        self.0 & other.0 == other.0
    }
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    fn insert(&mut self, other: Implicit) {
        self.0 |= other.0;
    }
    pub fn names(self) -> Vec<&'static str> {
        Self::ALL.iter().filter(|(f, _)| self.contains(*f)).map(|(_, n)| *n).collect()
    }
}

/// Wait counters an instruction increments when it issues.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Counters(u8);

impl Counters {
    pub const VM: Counters = Counters(1);
    pub const VS: Counters = Counters(2);
    pub const LGKM: Counters = Counters(4);
    pub const EXP: Counters = Counters(8);
    pub const ALL: [(Counters, &'static str); 4] =
        [(Counters::VM, "vm"), (Counters::VS, "vs"), (Counters::LGKM, "lgkm"), (Counters::EXP, "exp")];
    pub fn contains(self, other: Counters) -> bool {
        self.0 & other.0 == other.0
    }
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    fn insert(&mut self, other: Counters) {
        self.0 |= other.0;
    }
    pub fn names(self) -> Vec<&'static str> {
        Self::ALL.iter().filter(|(f, _)| self.contains(*f)).map(|(_, n)| *n).collect()
    }
}

/// Bit position of a field: `[hi:lo]` across the whole encoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BitRange {
    pub hi: u8,
    pub lo: u8,
}

impl BitRange {
    pub fn width(self) -> u32 {
        u32::from(self.hi - self.lo) + 1
    }
    pub fn mask(self) -> u64 {
        (u64::MAX >> (64 - self.width())) << self.lo
    }
    pub fn extract(self, word: u64) -> u32 {
        ((word & self.mask()) >> self.lo) as u32
    }
    pub fn insert(self, word: u64, value: u32) -> u64 {
        (word & !self.mask()) | ((u64::from(value) << self.lo) & self.mask())
    }
    pub fn max(self) -> u32 {
        (self.mask() >> self.lo) as u32
    }
}

/// A wait counter (guide Table 4).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CounterDef {
    pub name: String,
    pub bits: u32,
    /// Where `s_waitcnt`'s SIMM16 holds this counter's threshold, if it does.
    pub waitcnt_field: Option<BitRange>,
}

impl CounterDef {
    pub fn max(&self) -> u32 {
        (1 << self.bits) - 1
    }
}

/// Index of a format in [`Table::formats`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FormatId(pub u16);

/// An encoding format.
#[derive(Clone, Debug)]
pub struct FormatDef {
    pub id: FormatId,
    pub name: String,
    /// Length without literal, in dwords.
    pub dwords: u32,
    /// Bits that identify the format, and their values.
    pub fixed_mask: u64,
    pub fixed_bits: u64,
    /// The opcode field.
    pub op: BitRange,
    /// All fields other than the opcode, in the order the table lists them.
    pub fields: Vec<(Field, BitRange)>,
}

impl FormatDef {
    pub fn field(&self, f: Field) -> Option<BitRange> {
        if f == Field::Op {
            return Some(self.op);
        }
        self.fields.iter().find(|(g, _)| *g == f).map(|(_, r)| *r)
    }
}

/// Index of an instruction in [`Table::insts`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct InstId(pub u16);

/// One operand of an instruction, in assembly order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Operand {
    pub role: Role,
    pub field: Field,
    pub kind: Kind,
}

impl Operand {
    pub fn ty(&self) -> Option<Ty> {
        match self.kind {
            Kind::Reg(t) => Some(t),
            Kind::Imm(_) => None,
        }
    }
}

/// One instruction of the table.
#[derive(Clone, Debug)]
pub struct InstDef {
    pub id: InstId,
    pub format: FormatId,
    pub opcode: u32,
    /// Mnemonic as LLVM spells it.
    pub name: String,
    pub unit: Unit,
    pub operands: Vec<Operand>,
    pub reads: Implicit,
    pub writes: Implicit,
    pub counters: Counters,
    /// False for the few rows that the guide lists but LLVM 19 does not accept for gfx1100.
    pub in_llvm: bool,
    /// Line of the row in the table, for messages.
    pub line: u32,
}

impl InstDef {
    pub fn format(&self) -> &'static FormatDef {
        &table().formats[self.format.0 as usize]
    }
    /// The bits that identify this instruction, and their values.
    pub fn match_mask(&self) -> (u64, u64) {
        let f = self.format();
        let mask = f.fixed_mask | f.op.mask();
        let bits = f.fixed_bits | f.op.insert(0, self.opcode);
        (bits, mask)
    }
    pub fn operand(&self, field: Field) -> Option<&Operand> {
        self.operands.iter().find(|o| o.field == field)
    }
    /// True when the instruction always carries a literal dword (`s_setreg_imm32_b32`).
    pub fn always_literal(&self) -> bool {
        self.operands.iter().any(|o| o.field == Field::Lit)
    }
    /// Name in upper case, as the guide and the generated RTL spell it.
    pub fn upper_name(&self) -> String {
        self.name.to_ascii_uppercase()
    }
}

/// The whole table.
#[derive(Debug)]
pub struct Table {
    pub counters: Vec<CounterDef>,
    pub formats: Vec<FormatDef>,
    pub insts: Vec<InstDef>,
    by_name: HashMap<String, InstId>,
    by_opcode: HashMap<(FormatId, u32), InstId>,
    /// Format ids in decode priority order (most fixed bits first).
    decode_order: Vec<FormatId>,
}

impl Table {
    pub fn inst(&self, id: InstId) -> &InstDef {
        &self.insts[id.0 as usize]
    }
    pub fn by_name(&self, name: &str) -> Option<&InstDef> {
        self.by_name.get(name).map(|id| self.inst(*id))
    }
    pub fn by_opcode(&self, format: FormatId, opcode: u32) -> Option<&InstDef> {
        self.by_opcode.get(&(format, opcode)).map(|id| self.inst(*id))
    }
    pub fn counter(&self, name: &str) -> Option<&CounterDef> {
        self.counters.iter().find(|c| c.name == name)
    }
    pub fn format_by_name(&self, name: &str) -> Option<&FormatDef> {
        self.formats.iter().find(|f| f.name == name)
    }
    /// The format a word belongs to: the most specific whose fixed bits match.
    pub fn format_of(&self, word: u64) -> Option<&FormatDef> {
        self.decode_order
            .iter()
            .map(|id| &self.formats[id.0 as usize])
            .find(|f| word & f.fixed_mask == f.fixed_bits)
    }
}

static TABLE: LazyLock<Table> = LazyLock::new(|| match parse::parse(TABLE_SOURCE) {
    Ok(t) => t,
    // The table is compiled in and every test parses it; a failure here is a defect in the
    // checked-in table, never a consequence of user input.
    Err(e) => panic!("{TABLE_PATH}:{e}"),
});

/// The ISA table.
pub fn table() -> &'static Table {
    &TABLE
}

/// Why bytes are not an instruction.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DecodeError {
    #[error("no instruction format matches {word:#010x}")]
    UnknownFormat { word: u32 },
    #[error("{format} has no opcode {opcode}")]
    UnknownOpcode { format: String, opcode: u32 },
    #[error("{name} needs {needed} dwords but only {available} remain")]
    Truncated { name: String, needed: usize, available: usize },
}

/// A decoded instruction: the table row and the raw encoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Inst {
    pub id: InstId,
    /// The format's dwords (first in the low half).
    pub word: u64,
    pub literal: Option<u32>,
}

impl Inst {
    pub fn def(&self) -> &'static InstDef {
        table().inst(self.id)
    }
    /// Value of a field; `Field::Lit` gives the literal (0 when absent).
    pub fn field(&self, f: Field) -> u32 {
        if f == Field::Lit {
            return self.literal.unwrap_or(0);
        }
        self.def().format().field(f).map_or(0, |r| r.extract(self.word))
    }
    /// Length in dwords, literal included.
    pub fn dwords(&self) -> u32 {
        self.def().format().dwords + u32::from(self.literal.is_some())
    }
    pub fn bytes(&self) -> u32 {
        self.dwords() * 4
    }
    /// The encoding as little-endian dwords.
    pub fn encode(&self) -> Vec<u32> {
        let mut out = vec![self.word as u32];
        if self.def().format().dwords == 2 {
            out.push((self.word >> 32) as u32);
        }
        if let Some(l) = self.literal {
            out.push(l);
        }
        out
    }

    /// Builds an instruction from field values. Fields the format lacks are ignored; a
    /// literal is kept only when some source field selects it (or the row always has one).
    pub fn build(def: &InstDef, fields: &[(Field, u32)], literal: Option<u32>) -> Inst {
        let f = def.format();
        let (bits, _) = def.match_mask();
        let mut word = bits;
        for (field, value) in fields {
            if let Some(r) = f.field(*field)
                && *field != Field::Op
            {
                word = r.insert(word, *value);
            }
        }
        let mut inst = Inst { id: def.id, word, literal: None };
        if inst.needs_literal() {
            inst.literal = Some(literal.unwrap_or(0));
        }
        inst
    }

    /// Whether the encoding is followed by a literal dword.
    pub fn needs_literal(&self) -> bool {
        let def = self.def();
        def.always_literal()
            || def.operands.iter().any(|o| {
                o.field.is_scalar_source()
                    && matches!(o.kind, Kind::Reg(_))
                    && self.field(o.field) == operand::LITERAL
            })
    }
}

/// Decodes the instruction at the start of `dwords`.
pub fn decode(dwords: &[u32]) -> Result<Inst, DecodeError> {
    let t = table();
    let Some(&first) = dwords.first() else {
        return Err(DecodeError::Truncated { name: "instruction".into(), needed: 1, available: 0 });
    };
    let lo = u64::from(first);
    // Formats are identified by their first dword.
    let fmt = t.format_of(lo).ok_or(DecodeError::UnknownFormat { word: first })?;
    let opcode = fmt.op.extract(lo);
    let def = t
        .by_opcode(fmt.id, opcode)
        .ok_or_else(|| DecodeError::UnknownOpcode { format: fmt.name.clone(), opcode })?;
    let base = fmt.dwords as usize;
    if dwords.len() < base {
        return Err(DecodeError::Truncated { name: def.name.clone(), needed: base, available: dwords.len() });
    }
    let word = if base == 2 { lo | (u64::from(dwords[1]) << 32) } else { lo };
    let mut inst = Inst { id: def.id, word, literal: None };
    if inst.needs_literal() {
        let lit = dwords.get(base).copied().ok_or_else(|| DecodeError::Truncated {
            name: def.name.clone(),
            needed: base + 1,
            available: dwords.len(),
        })?;
        inst.literal = Some(lit);
    }
    Ok(inst)
}

/// Little-endian bytes to dwords; a trailing partial dword is returned separately.
pub fn bytes_to_dwords(bytes: &[u8]) -> (Vec<u32>, &[u8]) {
    let chunks = bytes.chunks_exact(4);
    let rest = chunks.remainder();
    (chunks.map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect(), rest)
}

impl fmt::Display for Inst {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::disasm::format_inst(self))
    }
}

#[cfg(test)]
mod tests;
