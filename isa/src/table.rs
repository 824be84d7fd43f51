//! The table itself: its types (operand kinds, fields, formats, units, implicit state,
//! counters) and [`Table`], parsed once from the text files of `table/` beside this module.

mod access;
mod compare;
mod parse;

use std::collections::HashMap;
use std::sync::LazyLock;

use crate::Mnemonic;

pub use access::{AtomicOp, AtomicReturn, Half, MemAccess};
pub use compare::{CmpOp, Compare};

/// The table's directory in the repository, for generated-file headers and error messages.
pub const TABLE_DIR: &str = "isa/src/table";

/// The table's files, in order: formats and counters first, then the instructions.
pub const TABLE_FILES: &[(&str, &str)] = &[
    ("formats.isa", include_str!("table/formats.isa")),
    ("sop.isa", include_str!("table/sop.isa")),
    ("smem.isa", include_str!("table/smem.isa")),
    ("vop2.isa", include_str!("table/vop2.isa")),
    ("vop1.isa", include_str!("table/vop1.isa")),
    ("vopc.isa", include_str!("table/vopc.isa")),
    ("vop3.isa", include_str!("table/vop3.isa")),
    ("vop3p.isa", include_str!("table/vop3p.isa")),
    ("vopd.isa", include_str!("table/vopd.isa")),
    ("vinterp.isa", include_str!("table/vinterp.isa")),
    ("ldsdir.isa", include_str!("table/ldsdir.isa")),
    ("ds.isa", include_str!("table/ds.isa")),
    ("mubuf.isa", include_str!("table/mubuf.isa")),
    ("mtbuf.isa", include_str!("table/mtbuf.isa")),
    ("mimg.isa", include_str!("table/mimg.isa")),
    ("flat.isa", include_str!("table/flat.isa")),
    ("exp.isa", include_str!("table/exp.isa")),
];

/// Data type of a register or source operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ty {
    B16,
    U16,
    I16,
    F16,
    BF16,
    /// Two 16-bit values in a dword (packed math).
    V2F16,
    V2I16,
    V2U16,
    V2BF16,
    B32,
    U32,
    I32,
    F32,
    B64,
    U64,
    I64,
    F64,
    /// A tuple of this many dwords (memory data, resource descriptors).
    Wide(u8),
}

impl Ty {
    /// Registers the operand occupies.
    pub fn dwords(self) -> u32 {
        match self {
            Ty::B64 | Ty::U64 | Ty::I64 | Ty::F64 => 2,
            Ty::Wide(n) => u32::from(n),
            _ => 1,
        }
    }
    pub fn is64(self) -> bool {
        matches!(self, Ty::B64 | Ty::U64 | Ty::I64 | Ty::F64)
    }
    /// A 16-bit scalar type (not packed).
    pub fn is16(self) -> bool {
        matches!(self, Ty::B16 | Ty::U16 | Ty::I16 | Ty::F16 | Ty::BF16)
    }
    pub fn is_packed(self) -> bool {
        matches!(self, Ty::V2F16 | Ty::V2I16 | Ty::V2U16 | Ty::V2BF16)
    }
    pub fn is_float(self) -> bool {
        matches!(self, Ty::F16 | Ty::BF16 | Ty::F32 | Ty::F64 | Ty::V2F16 | Ty::V2BF16)
    }
    pub fn name(self) -> String {
        match self {
            Ty::Wide(n) => format!("b{}", 32 * u32::from(n)),
            _ => TYPES.iter().find(|(t, _)| *t == self).map_or_else(String::new, |(_, n)| (*n).to_string()),
        }
    }
    fn parse(s: &str) -> Option<Ty> {
        if let Some((t, _)) = TYPES.iter().find(|(_, n)| *n == s) {
            return Some(*t);
        }
        let bits: u32 = s.strip_prefix('b')?.parse().ok()?;
        (bits > 64 && bits.is_multiple_of(32) && bits <= 32 * 16).then_some(Ty::Wide((bits / 32) as u8))
    }
}

const TYPES: [(Ty, &str); 17] = [
    (Ty::B16, "b16"),
    (Ty::U16, "u16"),
    (Ty::I16, "i16"),
    (Ty::F16, "f16"),
    (Ty::BF16, "bf16"),
    (Ty::V2F16, "v2f16"),
    (Ty::V2I16, "v2i16"),
    (Ty::V2U16, "v2u16"),
    (Ty::V2BF16, "v2bf16"),
    (Ty::B32, "b32"),
    (Ty::U32, "u32"),
    (Ty::I32, "i32"),
    (Ty::F32, "f32"),
    (Ty::B64, "b64"),
    (Ty::U64, "u64"),
    (Ty::I64, "i64"),
    (Ty::F64, "f64"),
];

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
    /// A kind its family's assembler and disassembler know (modifiers, flags, offsets, DPP
    /// controls, ...), by its name in the table.
    Other(&'static str),
}

impl ImmKind {
    fn parse(s: &'static str) -> Option<ImmKind> {
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
            _ if !s.is_empty()
                && s.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_') =>
            {
                ImmKind::Other(s)
            }
            _ => return None,
        })
    }
}

/// What an operand is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A register or scalar source of the given type.
    Reg(Ty),
    /// A register tuple whose width other fields decide (an image's data by its DMASK), by
    /// the name of the rule its family applies (`@rule` in the table).
    RegRule(&'static str),
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

/// A field of an encoding (the names of the guide's chapter 15, in lower case), or the
/// literal dword.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Field {
    Op,
    Sdst,
    Ssrc0,
    Ssrc1,
    Simm16,
    Lit,
    Sbase,
    Sdata,
    Dlc,
    Glc,
    Slc,
    Offset,
    Soffset,
    Src0,
    Src1,
    Src2,
    Vsrc1,
    Vdst,
    Abs,
    Opsel,
    Clmp,
    Omod,
    Neg,
    NegHi,
    OpselHi,
    OpselHi2,
    Srcx0,
    Vsrcx1,
    Opx,
    Opy,
    Srcy0,
    Vsrcy1,
    Vdsty,
    Vdstx,
    DppSrc0,
    DppCtrl,
    DppFi,
    DppBc,
    DppSrc0Neg,
    DppSrc0Abs,
    DppSrc1Neg,
    DppSrc1Abs,
    DppBankMask,
    DppRowMask,
    Dpp8Sel,
    Waitexp,
    AttrChan,
    Attr,
    WaitVa,
    Offset0,
    Offset1,
    Gds,
    Addr,
    Data0,
    Data1,
    Format,
    Vaddr,
    Vdata,
    Srsrc,
    Tfe,
    Offen,
    Idxen,
    Nsa,
    Dim,
    Unrm,
    Dmask,
    R128,
    A16,
    D16,
    Lwe,
    Ssamp,
    Addr1,
    Addr2,
    Addr3,
    Addr4,
    Data,
    Saddr,
    Sve,
    En,
    Target,
    Done,
    Row,
    Vsrc0,
    Vsrc2,
    Vsrc3,
}

const FIELDS: [(Field, &str); 85] = [
    (Field::Op, "op"),
    (Field::Sdst, "sdst"),
    (Field::Ssrc0, "ssrc0"),
    (Field::Ssrc1, "ssrc1"),
    (Field::Simm16, "simm16"),
    (Field::Lit, "lit"),
    (Field::Sbase, "sbase"),
    (Field::Sdata, "sdata"),
    (Field::Dlc, "dlc"),
    (Field::Glc, "glc"),
    (Field::Slc, "slc"),
    (Field::Offset, "offset"),
    (Field::Soffset, "soffset"),
    (Field::Src0, "src0"),
    (Field::Src1, "src1"),
    (Field::Src2, "src2"),
    (Field::Vsrc1, "vsrc1"),
    (Field::Vdst, "vdst"),
    (Field::Abs, "abs"),
    (Field::Opsel, "opsel"),
    (Field::Clmp, "clmp"),
    (Field::Omod, "omod"),
    (Field::Neg, "neg"),
    (Field::NegHi, "neg_hi"),
    (Field::OpselHi, "opsel_hi"),
    (Field::OpselHi2, "opsel_hi2"),
    (Field::Srcx0, "srcx0"),
    (Field::Vsrcx1, "vsrcx1"),
    (Field::Opx, "opx"),
    (Field::Opy, "opy"),
    (Field::Srcy0, "srcy0"),
    (Field::Vsrcy1, "vsrcy1"),
    (Field::Vdsty, "vdsty"),
    (Field::Vdstx, "vdstx"),
    (Field::DppSrc0, "dpp_src0"),
    (Field::DppCtrl, "dpp_ctrl"),
    (Field::DppFi, "dpp_fi"),
    (Field::DppBc, "dpp_bc"),
    (Field::DppSrc0Neg, "dpp_src0_neg"),
    (Field::DppSrc0Abs, "dpp_src0_abs"),
    (Field::DppSrc1Neg, "dpp_src1_neg"),
    (Field::DppSrc1Abs, "dpp_src1_abs"),
    (Field::DppBankMask, "dpp_bank_mask"),
    (Field::DppRowMask, "dpp_row_mask"),
    (Field::Dpp8Sel, "dpp8_sel"),
    (Field::Waitexp, "waitexp"),
    (Field::AttrChan, "attr_chan"),
    (Field::Attr, "attr"),
    (Field::WaitVa, "wait_va"),
    (Field::Offset0, "offset0"),
    (Field::Offset1, "offset1"),
    (Field::Gds, "gds"),
    (Field::Addr, "addr"),
    (Field::Data0, "data0"),
    (Field::Data1, "data1"),
    (Field::Format, "format"),
    (Field::Vaddr, "vaddr"),
    (Field::Vdata, "vdata"),
    (Field::Srsrc, "srsrc"),
    (Field::Tfe, "tfe"),
    (Field::Offen, "offen"),
    (Field::Idxen, "idxen"),
    (Field::Nsa, "nsa"),
    (Field::Dim, "dim"),
    (Field::Unrm, "unrm"),
    (Field::Dmask, "dmask"),
    (Field::R128, "r128"),
    (Field::A16, "a16"),
    (Field::D16, "d16"),
    (Field::Lwe, "lwe"),
    (Field::Ssamp, "ssamp"),
    (Field::Addr1, "addr1"),
    (Field::Addr2, "addr2"),
    (Field::Addr3, "addr3"),
    (Field::Addr4, "addr4"),
    (Field::Data, "data"),
    (Field::Saddr, "saddr"),
    (Field::Sve, "sve"),
    (Field::En, "en"),
    (Field::Target, "target"),
    (Field::Done, "done"),
    (Field::Row, "row"),
    (Field::Vsrc0, "vsrc0"),
    (Field::Vsrc2, "vsrc2"),
    (Field::Vsrc3, "vsrc3"),
];

/// How a register field encodes its operand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FieldClass {
    /// 7-bit scalar register code (SGPR, VCC, TTMP, NULL, M0, EXEC).
    Sreg7,
    /// 8-bit scalar source: a register code or a constant (inline, SCC, literal).
    Ssrc8,
    /// 9-bit source: a scalar source, or VGPR 0..255 as 256..511.
    Src9,
    /// 8-bit VGPR number.
    Vgpr8,
    /// VOPD's Y destination: VGPR bits 7:1, bit 0 the opposite of VDSTX's.
    VdstY,
    /// SGPR pair number (the code is twice the field).
    Spair,
    /// SGPR quad number (the code is four times the field).
    Squad,
    /// Not a register: an immediate, a flag or a modifier.
    Imm,
}

impl Field {
    pub fn name(self) -> &'static str {
        FIELDS.iter().find(|(f, _)| *f == self).map_or("?", |(_, n)| n)
    }
    fn parse(s: &str) -> Option<Field> {
        FIELDS.iter().find(|(_, n)| *n == s).map(|(f, _)| *f)
    }
    /// How the field encodes a register operand, given its width in the format.
    pub fn class(self, width: u32) -> FieldClass {
        use Field::*;
        match self {
            Ssrc0 | Ssrc1 => FieldClass::Ssrc8,
            Soffset if width == 8 => FieldClass::Ssrc8,
            Sdst | Sdata | Saddr | Soffset => FieldClass::Sreg7,
            Src0 | Src1 | Src2 | Srcx0 | Srcy0 => FieldClass::Src9,
            Vdst | Vsrc1 | Vsrcx1 | Vsrcy1 | Vdstx | DppSrc0 | Addr | Data0 | Data1 | Data | Vaddr
            | Vdata | Vsrc0 | Vsrc2 | Vsrc3 | Addr1 | Addr2 | Addr3 | Addr4 => FieldClass::Vgpr8,
            Vdsty => FieldClass::VdstY,
            Sbase => FieldClass::Spair,
            Srsrc | Ssamp => FieldClass::Squad,
            _ => FieldClass::Imm,
        }
    }
    /// A field holding a source encoding, where 255 selects the literal dword.
    pub fn is_scalar_source(self) -> bool {
        matches!(
            self,
            Field::Ssrc0
                | Field::Ssrc1
                | Field::Src0
                | Field::Src1
                | Field::Src2
                | Field::Srcx0
                | Field::Srcy0
        )
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
    /// Export-buffer events and exports (graphics).
    Export,
    /// Vector ALU.
    Valu,
    /// Transcendental unit (v_exp, v_log, v_rcp, v_rsq, v_sqrt, v_sin, v_cos).
    Trans,
    /// Scalar memory.
    Smem,
    /// Vector memory: buffer, global, flat, scratch and image instructions.
    Vmem,
    /// LDS and GDS, and LDS parameter loads.
    Ds,
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
            Unit::Valu => "valu",
            Unit::Trans => "trans",
            Unit::Smem => "smem",
            Unit::Vmem => "vmem",
            Unit::Ds => "ds",
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
            "valu" => Unit::Valu,
            "trans" => Unit::Trans,
            "smem" => Unit::Smem,
            "vmem" => Unit::Vmem,
            "ds" => Unit::Ds,
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

/// The guide's groups of formats (chapter 15's sections); the assembler and the disassembler
/// have one module per group.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// SOP1, SOP2, SOPK, SOPC, SOPP.
    Scalar,
    Smem,
    /// VOP1, VOP2, VOPC, VOP3, VOP3SD, VOP3P, VOPD (and the DPP extension dwords).
    Vop,
    Ds,
    /// FLAT, SCRATCH, GLOBAL.
    Flat,
    /// MUBUF, MTBUF.
    Buf,
    Mimg,
    /// VINTERP, LDSDIR, EXP.
    Misc,
}

/// An extension dword that follows a format's dwords when a field has a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExtRule {
    pub ext: FormatId,
    pub field: Field,
    pub value: u32,
}

/// An encoding format.
#[derive(Clone, Debug)]
pub struct FormatDef {
    pub id: FormatId,
    pub name: String,
    /// Length without extension dwords and literal, in dwords.
    pub dwords: u32,
    /// The identifying bit ranges and their values.
    pub fixed: Vec<(BitRange, u64)>,
    /// The same as one mask and value.
    pub fixed_mask: u64,
    pub fixed_bits: u64,
    /// The opcode field; a format without one holds a single instruction (opcode 0).
    pub op: Option<BitRange>,
    /// All fields other than the opcode, in the order the table lists them.
    pub fields: Vec<(Field, BitRange)>,
    /// Extension dwords and when they follow.
    pub ext: Vec<ExtRule>,
    /// The format of the second instruction the words hold (VOPD's Y).
    pub pair: Option<FormatId>,
    /// An extension dword (DPP, MIMG's NSA addresses), not an instruction format.
    pub extension: bool,
    /// The second half of a pair: found through its primary, not on its own.
    pub secondary: bool,
    /// Fields LLVM's decoder ignores when a row leaves them unused (`unchecked=`); the other
    /// unused fields must be zero ([`crate::legal`]).
    pub unchecked: Vec<Field>,
    /// Bits of no field that LLVM's decoder requires to be zero (`zero=`).
    pub zero: u64,
    /// `fields` indexed by field (the interpreter reads fields on every instruction).
    pub(crate) lut: Vec<Option<BitRange>>,
}

impl FormatDef {
    #[inline]
    pub fn field(&self, f: Field) -> Option<BitRange> {
        if f == Field::Op {
            return self.op;
        }
        self.lut.get(f as usize).copied().flatten()
    }
    pub fn family(&self) -> Family {
        match self.name.as_str() {
            "SOP1" | "SOP2" | "SOPK" | "SOPC" | "SOPP" => Family::Scalar,
            "SMEM" => Family::Smem,
            "DS" => Family::Ds,
            "FLAT" | "SCRATCH" | "GLOBAL" => Family::Flat,
            "MUBUF" | "MTBUF" => Family::Buf,
            "MIMG" | "MIMG_NSA" => Family::Mimg,
            "VINTERP" | "LDSDIR" | "EXP" => Family::Misc,
            _ => Family::Vop,
        }
    }
    /// Whether `word` (the first dwords) has this format's identifying bits.
    pub fn matches(&self, word: u64) -> bool {
        !self.extension && word & self.fixed_mask == self.fixed_bits
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
            Kind::RegRule(_) | Kind::Imm(_) => None,
        }
    }
}

/// One instruction of the table.
#[derive(Clone, Debug)]
pub struct InstDef {
    pub id: InstId,
    pub format: FormatId,
    pub opcode: u32,
    /// Mnemonic as LLVM spells it (without encoding suffixes such as `_e32`).
    pub name: String,
    /// The same mnemonic as a value the compiler checks: bind behaviour to rows with
    /// `match def.mnemonic { Mnemonic::v_add_f32 => ..., }`, never by comparing `name`.
    pub mnemonic: Mnemonic,
    pub unit: Unit,
    pub operands: Vec<Operand>,
    pub reads: Implicit,
    pub writes: Implicit,
    pub counters: Counters,
    /// What a memory instruction (DS, FLAT, GLOBAL, SCRATCH, MUBUF, MTBUF, SMEM) reads and
    /// writes: the table's `A:` column. `None` for every other row.
    pub access: Option<MemAccess>,
    /// What a vector compare (`v_cmp*`, `v_cmpx*`, in VOPC and VOP3) compares: the table's
    /// `K:` column with the row's S0 type. `None` for every other row.
    pub compare: Option<Compare>,
    /// False for the few rows that the guide lists but LLVM 19 does not accept for gfx1100.
    pub in_llvm: bool,
    /// False for the few rows that LLVM 19 encodes for gfx1100 but the guide's opcode tables
    /// leave out (`noguide`): s_waitcnt_depctr, s_subvector_loop_begin/end, s_ttracedata_imm.
    pub in_guide: bool,
    /// Fields LLVM's decoder ignores when this row leaves them unused, besides its format's
    /// (`unchecked=FIELD,...`; `unchecked` alone: every field of the format).
    pub unchecked: Vec<Field>,
    /// The scalar sources take registers only, not constants (`sreg`: LLVM's SReg_32/SReg_64
    /// operands of s_movrels, s_setpc_b64 and s_rfe_b64; its printer flags a constant there).
    pub sreg_only: bool,
    /// LLVM 19 decodes VSRC1 of this fake16 row from its register class, v0..v127 (`lo128`:
    /// v_fmaak_f16, v_fmamk_f16, v_ldexp_f16); other rows print a higher VGPR with a comment.
    pub vsrc1_lo128: bool,
    /// Table file and line of the row, for messages.
    pub file: &'static str,
    pub line: u32,
}

impl InstDef {
    pub fn format(&self) -> &'static FormatDef {
        &table().formats[self.format.0 as usize]
    }
    /// The bits that identify this instruction, and their values.
    pub fn match_mask(&self) -> (u64, u64) {
        let f = self.format();
        match f.op {
            Some(op) => (f.fixed_bits | op.insert(0, self.opcode), f.fixed_mask | op.mask()),
            None => (f.fixed_bits, f.fixed_mask),
        }
    }
    pub fn operand(&self, field: Field) -> Option<&Operand> {
        self.operands.iter().find(|o| o.field == field)
    }
    /// True when the instruction always carries a literal dword (`s_setreg_imm32_b32`,
    /// `v_fmaak_f32`).
    pub fn always_literal(&self) -> bool {
        self.operands.iter().any(|o| o.field == Field::Lit)
    }
    /// The fields whose code 255 selects a literal dword after the encoding (LLVM 19's
    /// reading, which the decoders, the assembler and the RTL's length logic share): a source
    /// field (SSRC, SRC, the buffer formats' 8-bit SOFFSET) of a register operand, and a
    /// scalar register operand of a vector row (a lane mask or `v_readlane`'s SGPR, even as
    /// the 8-bit destination, where LLVM then prints the literal as an invalid immediate).
    pub fn literal_fields(&self) -> impl Iterator<Item = Field> + '_ {
        self.operands
            .iter()
            .filter(|o| {
                let source = o.field.is_scalar_source()
                    || self
                        .format()
                        .field(o.field)
                        .is_some_and(|r| o.field.class(r.width()) == FieldClass::Ssrc8);
                (source && matches!(o.kind, Kind::Reg(_))) || matches!(o.kind, Kind::RegRule("mask" | "sgpr"))
            })
            .map(|o| o.field)
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
    by_name: HashMap<String, Vec<InstId>>,
    by_opcode: HashMap<(FormatId, u32), InstId>,
    /// Primary instruction formats, most identifying bits first; formats with the same bits
    /// (VOP3 and VOP3SD) are adjacent.
    decode_order: Vec<FormatId>,
}

impl Table {
    pub fn inst(&self, id: InstId) -> &InstDef {
        &self.insts[id.0 as usize]
    }
    pub fn format(&self, id: FormatId) -> &FormatDef {
        &self.formats[id.0 as usize]
    }
    /// The first row with this mnemonic (for a mnemonic with several encodings, the one the
    /// table lists first: the 32-bit VOP form before its VOP3 promotion).
    pub fn by_name(&self, name: &str) -> Option<&InstDef> {
        self.by_name.get(name).and_then(|ids| ids.first()).map(|id| self.inst(*id))
    }
    /// Every row with this mnemonic.
    pub fn all_by_name(&self, name: &str) -> impl Iterator<Item = &InstDef> {
        self.by_name.get(name).into_iter().flatten().map(|id| self.inst(*id))
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
    /// The most specific primary formats whose identifying bits `word` has (several when
    /// they share them).
    pub fn formats_of(&self, word: u64) -> Vec<&FormatDef> {
        let mut out: Vec<&FormatDef> = Vec::new();
        for f in self.decode_order.iter().map(|id| self.format(*id)) {
            if let Some(first) = out.first()
                && (f.fixed_mask != first.fixed_mask || f.fixed_bits != first.fixed_bits)
            {
                break;
            }
            if f.matches(word) {
                out.push(f);
            }
        }
        out
    }
    /// The most specific primary format of `word`.
    pub fn format_of(&self, word: u64) -> Option<&FormatDef> {
        self.formats_of(word).into_iter().next()
    }
}

static TABLE: LazyLock<Table> = LazyLock::new(|| match parse::parse(TABLE_FILES) {
    Ok(t) => t,
    // The table is compiled in and every test parses it; a failure here is a defect in the
    // checked-in table, never a consequence of user input.
    Err(e) => panic!("{TABLE_DIR}/{e}"),
});

/// The ISA table.
pub fn table() -> &'static Table {
    &TABLE
}
