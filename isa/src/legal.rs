//! Which encodings are instructions: the rules LLVM 19's disassembler applies for gfx1100
//! (issue 11), derived from the table once: [`crate::decode_legal`], which the disassembler
//! and the golden interpreter use, refuses a word that breaks one. The generated RTL decoder
//! raises the illegal-instruction fault from the same rules: hdl-gen emits each row's
//! [`RowRules`] into `cu_decode`, and for the image rows the [`ImageRule`] its layout logic
//! computes the VGPR tuples from.
//!
//! Four kinds of rule:
//! - **Rows LLVM knows.** A row the table marks `nollvm` is no instruction.
//! - **Unused bits are zero.** LLVM's encodings fix every bit of a field that the instruction
//!   does not use to zero, and its decoder checks them: a bit of the format that none of the
//!   row's operands names (nor its pair's, for VOPD) must be clear. [`zero_mask`] gives these
//!   bits per row; the RTL decoder folds them into the row's match mask.
//! - **Operand codes.** A scalar register or source field holds only the codes of its
//!   operand's register class ([`CodeClass`]): reserved source codes (209-234, 249, 250) are
//!   no operand, and a 64-bit operand cannot be VCC_HI, M0, EXEC_HI or LDS_DIRECT.
//! - **VGPR tuples end at v255**, with the widths the printers read (the vector-ALU shape;
//!   for memory instructions [`memory_tuples`]: TFE, address modes, the
//!   image layout).

use crate::operand;
use crate::{Field, FieldClass, ImmKind, Inst, InstDef, Kind, table};

/// A set of legal codes of a register field (up to 9 bits: 512 codes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CodeClass {
    /// A 32-bit scalar source (SSRC, or SRC of a vector instruction, whose 256-511 are VGPRs).
    Src32,
    /// A 64-bit (or wider) source: also no VCC_HI, M0, EXEC_HI or LDS_DIRECT.
    Src64,
    /// A scalar register tuple of this many dwords (two or more; 7-bit field) that LLVM can
    /// name: SGPRs and TTMPs (aligned down), VCC and EXEC, NULL ([`operand::tuple_name`]).
    Sreg(u32),
    /// NULL only (FLAT's SADDR).
    Null,
    /// A tuple of this many dwords named by its SGPR pair (SMEM's SBASE: the code is twice
    /// the field).
    Spair(u32),
    /// A tuple of this many dwords named by its SGPR quad (the buffer and image formats'
    /// SRSRC and SSAMP: the code is four times the field).
    Squad(u32),
}

impl CodeClass {
    /// The class's name in the generated RTL.
    pub fn name(self) -> String {
        match self {
            CodeClass::Src32 => "Src32".into(),
            CodeClass::Src64 => "Src64".into(),
            CodeClass::Sreg(n) => format!("Sreg{}", 32 * n),
            CodeClass::Null => "Null".into(),
            CodeClass::Spair(n) => format!("Spair{}", 32 * n),
            CodeClass::Squad(n) => format!("Squad{}", 32 * n),
        }
    }

    /// Whether the class holds `code`.
    pub fn accepts(self, code: u32) -> bool {
        let pair_reg = |c: u32| !matches!(c, operand::VCC_HI | operand::M0 | operand::EXEC_HI);
        match self {
            CodeClass::Src32 => src_code(code),
            CodeClass::Src64 => src_code(code) && pair_reg(code) && code != operand::LDS_DIRECT,
            CodeClass::Sreg(n) => operand::tuple_name(code, n).is_some(),
            CodeClass::Null => code == operand::NULL,
            CodeClass::Spair(n) => operand::tuple_name(2 * code, n).is_some(),
            CodeClass::Squad(n) => operand::tuple_name(4 * code, n).is_some(),
        }
    }
}

/// The source codes LLVM decodes: registers, inline constants, the apertures and
/// `src_pops_exiting_wave_id`, `src_vccz`, `src_execz`, `src_scc`, LDS_DIRECT, the literal and
/// VGPRs (256-511); not the codes the guide reserves (209-234, 249, 250).
fn src_code(code: u32) -> bool {
    !matches!(code, 209..=234 | 249 | 250)
}

/// The code class of an operand of `def`, if its field holds a checked register code.
pub fn code_class(def: &InstDef, field: Field, kind: Kind) -> Option<CodeClass> {
    let Kind::Reg(ty) = kind else { return None };
    let width = def.format().field(field)?.width();
    // VGPR tuples of more than two dwords (WMMA's matrices) exclude the same codes.
    let wide = ty.dwords() >= 2;
    match field.class(width) {
        FieldClass::Ssrc8 | FieldClass::Src9 if wide => Some(CodeClass::Src64),
        FieldClass::Ssrc8 | FieldClass::Src9 => Some(CodeClass::Src32),
        FieldClass::Sreg7 if ty.dwords() > 1 => Some(CodeClass::Sreg(ty.dwords())),
        FieldClass::Spair => Some(CodeClass::Spair(ty.dwords())),
        FieldClass::Squad => Some(CodeClass::Squad(ty.dwords())),
        _ => None,
    }
}

/// Bits of the row's main dwords (its format's, without extension dwords) that must be zero:
/// those of every field that neither the row's operands nor its pair's (`def2`) name, other
/// than the pair's opcode, the fields that select an extension dword and those the format or
/// the row marks `unchecked`.
pub fn zero_mask(def: &InstDef, def2: Option<&InstDef>) -> u64 {
    let f = def.format();
    let pair_op = def2.and_then(|d| d.format().op).map_or(0, |r| r.mask());
    let named = |field: Field| names(def, field) || def2.is_some_and(|d| names(d, field));
    let mut mask = f.zero;
    for (field, range) in &f.fields {
        if !named(*field)
            && !f.ext.iter().any(|r| r.field == *field)
            && !f.unchecked.contains(field)
            && !def.unchecked.contains(field)
            && range.mask() & pair_op == 0
        {
            mask |= range.mask();
        }
    }
    mask
}

/// Whether an operand of a register rule reads `field` (SCRATCH's address VGPR is present
/// when SVE is set).
fn reads(kind: Kind, field: Field) -> bool {
    matches!((kind, field), (Kind::RegRule("sve"), Field::Sve))
}

/// A set of field values (codes 0-511).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CodeSet([u64; 8]);

impl CodeSet {
    /// The values below `n`.
    fn below(n: u32) -> CodeSet {
        let mut s = CodeSet([0; 8]);
        for c in 0..n.min(512) {
            s.0[(c / 64) as usize] |= 1 << (c % 64);
        }
        s
    }
    pub fn contains(&self, code: u32) -> bool {
        code < 512 && self.0[(code / 64) as usize] >> (code % 64) & 1 != 0
    }
    /// Keeps the codes `keep` accepts.
    fn retain(&mut self, keep: impl Fn(u32) -> bool) {
        for c in 0..512 {
            if !keep(c) {
                self.0[(c / 64) as usize] &= !(1 << (c % 64));
            }
        }
    }
    /// The set as ranges of consecutive values below `n` (`n` = 2^field width).
    pub fn ranges(&self, n: u32) -> Vec<(u32, u32)> {
        let mut out: Vec<(u32, u32)> = Vec::new();
        for c in (0..n.min(512)).filter(|&c| self.contains(c)) {
            match out.last_mut() {
                Some((_, hi)) if *hi + 1 == c => *hi = c,
                _ => out.push((c, c)),
            }
        }
        out
    }
}

/// The rules of one row that depend on nothing but the row and the values of single fields:
/// everything [`check`] applies but the memory formats' VGPR tuples (whose widths other
/// fields decide) and the composition of a VOPD pair. The disassembler's [`check`] evaluates
/// them, and hdl-gen emits them into the RTL decoder, so both refuse the same words.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RowRules {
    /// Bits of the main dwords of fields the row does not use ([`zero_mask`] without a pair).
    pub unused: u64,
    /// Bits of the fields the row names no operand in (a VOPD Y row's contribution: a bit of
    /// the pair's words must be zero when neither half uses it).
    pub unnamed: u64,
    /// Modifier bits of the main dwords that the row's sources do not take (ABS, NEG, NEG_HI,
    /// OP_SEL of a source that takes none, or that the row lacks).
    pub mods: u64,
    /// The row has no DPP form: no extension dword may follow.
    pub no_ext: bool,
    /// Bits of a DPP16 dword that must be zero when one follows (its ABS/NEG bits, for the
    /// 32-bit encodings).
    pub dpp16_zero: u32,
    /// Fields of the main dwords and the values each may hold.
    pub fields: Vec<(Field, CodeSet)>,
    /// Fields of a DPP dword (DPP16 or DPP8: the source VGPR) and the values each may hold.
    pub ext_fields: Vec<(Field, CodeSet)>,
    /// The VGPR tuples of a DS, FLAT or buffer row, which must end at v255.
    pub tuples: Vec<TupleRule>,
}

/// A VGPR tuple of a memory row whose width may depend on other fields: its first register
/// is `field`'s value; it spans `dwords`, plus the value of each bit field of `plus` (TFE,
/// IDXEN, OFFEN), plus `if_null.1` when the field `if_null.0` holds NULL (FLAT's address is
/// 64-bit without SADDR); it exists only while the bit `only_if` is set (an atomic's return
/// VGPR, with GLC). The disassembler prints the widths these give.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TupleRule {
    pub field: Field,
    pub dwords: u32,
    pub plus: Vec<Field>,
    pub if_null: Option<(Field, u32)>,
    pub only_if: Option<Field>,
}

impl TupleRule {
    fn fixed(field: Field, dwords: u32) -> TupleRule {
        TupleRule { field, dwords, plus: Vec::new(), if_null: None, only_if: None }
    }

    /// The tuple of `inst` (first VGPR, dwords), if it has one.
    pub fn of(&self, inst: &Inst) -> Option<(u32, u32)> {
        if self.only_if.is_some_and(|f| inst.field(f) == 0) {
            return None;
        }
        let null = self.if_null.filter(|(f, _)| inst.field(*f) == operand::NULL).map_or(0, |(_, n)| n);
        let width = self.dwords + self.plus.iter().map(|f| inst.field(*f)).sum::<u32>() + null;
        (width != 0).then_some((inst.field(self.field), width))
    }
}

/// The VGPR tuples of a DS, FLAT/GLOBAL/SCRATCH or MUBUF/MTBUF row (for the image formats,
/// whose widths follow the image layout, [`memory_tuples`]).
pub fn tuple_rules(def: &InstDef) -> Vec<TupleRule> {
    use crate::Family;
    let family = def.format().family();
    let mut out = Vec::new();
    for op in &def.operands {
        let rule = match (family, op.kind) {
            (Family::Ds, Kind::Reg(ty)) => TupleRule::fixed(op.field, ty.dwords()),
            (Family::Flat, Kind::Reg(_)) if op.field == Field::Saddr => continue,
            (Family::Flat, Kind::Reg(ty)) => TupleRule {
                only_if: (op.field == Field::Vdst && crate::disasm::flat_has_rtn(def)).then_some(Field::Glc),
                ..TupleRule::fixed(op.field, ty.dwords())
            },
            // `@gaddr`: a 64-bit address without SADDR, a 32-bit offset with it.
            (Family::Flat, Kind::RegRule("gaddr")) => {
                TupleRule { if_null: Some((Field::Saddr, 1)), ..TupleRule::fixed(op.field, 1) }
            }
            // `@sve`: one offset VGPR when SVE is set.
            (Family::Flat, Kind::RegRule(_)) => {
                TupleRule { only_if: Some(Field::Sve), ..TupleRule::fixed(op.field, 1) }
            }
            (Family::Buf, Kind::Reg(_)) if matches!(op.field, Field::Srsrc | Field::Soffset) => continue,
            (Family::Buf, Kind::Reg(ty)) => TupleRule {
                plus: if def.operand(Field::Tfe).is_some() { vec![Field::Tfe] } else { Vec::new() },
                ..TupleRule::fixed(op.field, ty.dwords())
            },
            // The address: an index and an offset VGPR, as IDXEN and OFFEN say.
            (Family::Buf, Kind::RegRule(_)) => {
                TupleRule { plus: vec![Field::Idxen, Field::Offen], ..TupleRule::fixed(op.field, 0) }
            }
            _ => continue,
        };
        out.push(rule);
    }
    out
}

/// What decides the VGPR tuples of an image (MIMG) row, for a decoder that computes its
/// layout as the disassembler does (`Shape::layout` in `disasm/mimg/shape.rs`: LLVM widens
/// the registers of the variant it decodes first to the widths DMASK, D16, TFE, DIM and A16
/// imply when it has such a variant and the widened tuples end by v255).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ImageRule {
    Image {
        /// The address dwords by DIM * 2 + A16.
        addr_dwords: [u32; 16],
        /// Bit n: LLVM has a variant with one address tuple of n VGPRs.
        tuple_variants: u32,
        /// Bit n: LLVM has an NSA variant of n addresses.
        nsa_variants: u32,
        /// The data VGPRs printed for n data dwords (0: no such variant).
        data_widths: [u32; 8],
        /// The data dwords of a row whose data does not follow DMASK (0: it does).
        fixed: u32,
        /// The data is four dwords before D16 and TFE (gather4, image_msaa_load).
        base4: bool,
        /// The row has a D16 form (D16 halves the data dwords).
        d16: bool,
        /// gather4's VDATA is first decoded as four dwords, which must end by v255 too.
        gather4: bool,
        /// The data dwords of the variant LLVM decodes first.
        data0: u32,
        /// The address dwords of that variant without NSA and with.
        addr0_tuple: u32,
        addr0_nsa: u32,
    },
    /// A BVH ray: fixed data dwords; without NSA one address tuple (by A16), with NSA the
    /// node pointer (two VGPRs with `node64`), the extent and three 3-VGPR vectors (two with
    /// A16).
    Bvh { data: u32, node64: bool, addr_dwords: [u32; 2] },
}

/// The VGPR tuples of a memory instruction (DS, FLAT, buffer, image) as the rules check them:
/// the field holding the first register, the first register, the dwords.
pub fn memory_tuples(inst: &Inst) -> Vec<(Field, u32, u32)> {
    if inst.def().format().family() == crate::Family::Mimg {
        return crate::disasm::image_tuple_fields(inst);
    }
    row_rules(inst.def()).tuples.iter().filter_map(|t| t.of(inst).map(|(r, n)| (t.field, r, n))).collect()
}

/// The [`ImageRule`] of a MIMG row; `None` for other rows.
pub fn image_rule(def: &InstDef) -> Option<ImageRule> {
    (def.format().family() == crate::Family::Mimg).then(|| crate::disasm::image_rule(def)).flatten()
}

/// The bits of the fields of `def`'s format that none of its operands names.
fn unnamed_mask(def: &InstDef) -> u64 {
    def.format().fields.iter().filter(|(f, _)| !names(def, *f)).fold(0, |m, (_, r)| m | r.mask())
}

/// Whether an operand of `def` uses `field` (an operand of kind `none` stands for a field that
/// must be zero).
fn names(def: &InstDef, field: Field) -> bool {
    def.operands
        .iter()
        .any(|o| o.field == field && o.kind != Kind::Imm(ImmKind::None) || reads(o.kind, field))
}

/// The [`RowRules`] of `def`: computed once for every row of the table (the disassembler
/// checks each word it decodes against them), and on the spot for a row from elsewhere.
pub fn row_rules(def: &InstDef) -> std::borrow::Cow<'static, RowRules> {
    static RULES: std::sync::OnceLock<Vec<RowRules>> = std::sync::OnceLock::new();
    let t = table();
    match t.insts.get(usize::from(def.id.0)) {
        Some(row) if std::ptr::eq(row, def) => {
            let all = RULES.get_or_init(|| t.insts.iter().map(compute_row_rules).collect());
            std::borrow::Cow::Borrowed(&all[usize::from(def.id.0)])
        }
        _ => std::borrow::Cow::Owned(compute_row_rules(def)),
    }
}

fn compute_row_rules(def: &InstDef) -> RowRules {
    let f = def.format();
    let mut r = RowRules {
        unused: zero_mask(def, None),
        unnamed: unnamed_mask(def),
        mods: 0,
        no_ext: false,
        dpp16_zero: 0,
        fields: Vec::new(),
        ext_fields: Vec::new(),
        tuples: tuple_rules(def),
    };
    let set_of = |fields: &mut Vec<(Field, CodeSet)>, field: Field, width: u32| -> usize {
        match fields.iter().position(|(x, _)| *x == field) {
            Some(i) => i,
            None => {
                fields.push((field, CodeSet::below(1 << width)));
                fields.len() - 1
            }
        }
    };
    let width = |field: Field| f.field(field).map_or(0, |r| r.width());
    for o in &def.operands {
        // FLAT's SADDR is always NULL (LLVM's `off`).
        if o.kind == Kind::Imm(ImmKind::Other("off")) {
            let i = set_of(&mut r.fields, o.field, width(o.field));
            r.fields[i].1.retain(|c| c == operand::NULL);
        }
        let Some(class) = code_class(def, o.field, o.kind) else { continue };
        // DPP selectors of a VOP source 0 are no operand code.
        let selects = |c: u32| f.ext.iter().any(|e| e.field == o.field && e.value == c);
        let i = set_of(&mut r.fields, o.field, width(o.field));
        r.fields[i].1.retain(|c| selects(c) || class.accepts(c));
    }
    use crate::disasm::vop::shape::{Enc, NegBit, shape};
    let Some(s) = shape(def) else { return r };
    r.no_ext = !s.dpp;
    let named = |fd: Field| def.operands.iter().any(|o| o.field == fd);
    // The bits (sources 0-2) of a modifier field that `has` refuses.
    let mut mods = |fd: Field, has: &dyn Fn(usize) -> bool| {
        if let Some(range) = f.field(fd) {
            for i in (0..3).filter(|&i| !(i < s.nsrc && has(i)) && i < range.width() as usize) {
                r.mods |= 1 << (u32::from(range.lo) + i as u32);
            }
        }
    };
    // An integer source's modifiers hold SEXT only: LLVM ignores its ABS bit.
    let abs = |i: usize| s.abs[i] || s.neg[i] == NegBit::Sext;
    let neg = |i: usize| s.neg[i] != NegBit::None;
    let any = |_: usize| true;
    match s.enc {
        Enc::Vop3 | Enc::Vop3sd => {
            if named(Field::Abs) {
                mods(Field::Abs, &abs);
            }
            if named(Field::Neg) {
                mods(Field::Neg, &neg);
            }
            // ABS and NEG of a row that leaves them unchecked (the 16-bit integer rows): LLVM
            // ignores the bits of the sources the row has, not those of the others.
            for fd in [Field::Abs, Field::Neg] {
                if !named(fd) && def.unchecked.contains(&fd) {
                    mods(fd, &any);
                }
            }
            if !s.opsel.is_empty() {
                mods(Field::Opsel, &any);
            }
        }
        Enc::Vop3p => {
            mods(Field::Neg, &any);
            mods(Field::NegHi, &any);
            if !s.opsel.is_empty() {
                mods(Field::Opsel, &any);
            }
        }
        Enc::Vop1 | Enc::Vop2 | Enc::Vopc => {
            let dpp16 = table().formats.iter().find(|e| e.name == "DPP16").expect("the DPP16 format");
            for (fd, i, ok) in [
                (Field::DppSrc0Abs, 0, s.abs[0]),
                (Field::DppSrc0Neg, 0, s.neg[0] != NegBit::None),
                (Field::DppSrc1Abs, 1, s.abs[1]),
                (Field::DppSrc1Neg, 1, s.neg[1] != NegBit::None),
            ] {
                if !(i < s.nsrc && ok) {
                    r.dpp16_zero |= dpp16.field(fd).map_or(0, |b| b.mask() as u32);
                }
            }
        }
        _ => {}
    }
    let dpp_src0 = table().formats.iter().find(|e| e.name == "DPP16").and_then(|e| e.field(Field::DppSrc0));
    for op in &s.ops {
        // A lane mask or scalar destination (an 8- or 9-bit field): the reserved source codes
        // are nothing.
        if op.is_sreg() {
            let i = set_of(&mut r.fields, op.field, width(op.field));
            r.fields[i].1.retain(src_code);
        }
        if op.is_sreg() || op.field == Field::Lit {
            continue;
        }
        let dwords = op.dwords();
        let class = op.field.class(32);
        // A VGPR tuple operand given SGPRs: LLVM aligns them down, but decodes nothing from a
        // tuple it cannot name (s[100:107]).
        if class == FieldClass::Src9 && dwords > 2 {
            let i = set_of(&mut r.fields, op.field, width(op.field));
            r.fields[i].1.retain(|c| c >= 128 || operand::tuple_name(c, dwords).is_some());
        }
        // The VGPR number a code names, and the rules on it: a 16-bit destination of a 32-bit
        // encoding (fake16), and the VSRC1 of `lo128` rows, in v0..v127 (LLVM prints a fake16
        // source above v127 with a comment, but decodes no instruction for such a
        // destination); no tuple past v255.
        let lo128 = s.lo128(op) && (op.is_dst() || (def.vsrc1_lo128 && op.field == Field::Vsrc1));
        let vgpr_ok = |n: u32| !(lo128 && n >= 128) && n + dwords <= 256;
        match class {
            FieldClass::Src9 => {
                let i = set_of(&mut r.fields, op.field, width(op.field));
                r.fields[i].1.retain(|c| c < 256 || vgpr_ok(c - 256));
                // With a DPP dword, source 0's VGPR is the dword's.
                if op.src == Some(0) && s.dpp {
                    let w = dpp_src0.map_or(8, |b| b.width());
                    let i = set_of(&mut r.ext_fields, Field::DppSrc0, w);
                    r.ext_fields[i].1.retain(vgpr_ok);
                }
            }
            FieldClass::Vgpr8 => {
                let i = set_of(&mut r.fields, op.field, width(op.field));
                r.fields[i].1.retain(vgpr_ok);
            }
            _ => {}
        }
    }
    r
}

/// Why a word is no instruction for LLVM.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Illegal {
    #[error("{name}: LLVM 19 has no such instruction for gfx1100 (the table marks it nollvm)")]
    NotInLlvm { name: String },
    #[error("{name}: {why}")]
    Vop { name: String, why: &'static str },
    #[error("{name}: the VGPR tuple v{first} of {dwords} dwords runs past v255")]
    PastV255 { name: String, first: u32, dwords: u32 },
    #[error("{name}: bits of {field} are unused and must be zero")]
    UnusedBits { name: String, field: &'static str },
    #[error("{name}: {field} holds {code}, which is no operand there")]
    Code { name: String, field: &'static str, code: u32 },
}

/// Checks a decoded instruction against the rules: the [`RowRules`] of its row (and of its
/// pair's, for VOPD), then the memory formats' VGPR tuples.
pub fn check(inst: &Inst) -> Result<(), Illegal> {
    let def = inst.def();
    let def2 = inst.def2();
    if let Some(d) = std::iter::once(def).chain(def2).find(|d| !d.in_llvm) {
        return Err(Illegal::NotInLlvm { name: d.name.clone() });
    }
    let rules = row_rules(def);
    let rules2 = def2.map(row_rules);
    // Unused bits: of a pair, those neither half uses.
    let zero = match &rules2 {
        Some(r2) => (rules.unused & r2.unnamed) | def.format().zero,
        None => rules.unused,
    };
    let word = inst.main_word();
    if word & zero != 0 {
        let field = def.format().fields.iter().find(|(_, r)| r.mask() & zero & word != 0);
        return Err(Illegal::UnusedBits {
            name: def.name.clone(),
            field: field.map_or("(no field)", |(f, _)| f.name()),
        });
    }
    for (d, r) in std::iter::once((def, &rules)).chain(def2.zip(rules2.as_ref())) {
        let illegal = |why: &'static str| Err(Illegal::Vop { name: d.name.clone(), why });
        if inst.ext.is_some() && r.no_ext {
            return illegal("no DPP form");
        }
        let dpp16 = inst.ext.is_some_and(|e| table().format(e).name == "DPP16");
        if word & r.mods != 0 || (dpp16 && inst.ext_word() & r.dpp16_zero != 0) {
            return illegal("a source modifier the source does not take");
        }
        let ext_fields = r.ext_fields.iter().filter(|_| inst.ext.is_some());
        for (field, set) in r.fields.iter().chain(ext_fields) {
            let code = inst.field(*field);
            if !set.contains(code) {
                return Err(Illegal::Code { name: d.name.clone(), field: field.name(), code });
            }
        }
    }
    if let Some((_, first, dwords)) = memory_tuples(inst).into_iter().find(|(_, n, w)| n + w > 256) {
        return Err(Illegal::PastV255 { name: def.name.clone(), first, dwords });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::decode_legal;

    /// The text of the instruction at the start of `words`, or `.long` when the rules refuse it.
    fn llvm(words: &[u32]) -> String {
        decode_legal(words).map_or_else(|_| ".long".into(), |i| i.to_string())
    }

    #[test]
    fn words_decode_as_llvm_19_does() {
        // Text from llvm-objdump-19 -d --mcpu=gfx1100 (`.long`: no instruction).
        let cases: &[(&[u32], &str)] = &[
            // buffer_gl0/gl1_inv ignore OFFSET, SLC, VADDR, VDATA, SRSRC, SOFFSET; not GLC, TFE.
            (&[0xe0ac_1000, 0], "buffer_gl0_inv"),
            (&[0xe0b0_0fff, 0xff1f_ffff], "buffer_gl1_inv"),
            (&[0xe0ac_4000, 0], ".long"),
            (&[0xe0ac_0000, 0x0080_0000], ".long"),
            // MTBUF has no TFE for LLVM 19 (the guide's Table 101 lists it at bit 53).
            (&[0xe808_0000, 0x8000_0100], "tbuffer_load_format_x v1, off, s[0:3], 0"),
            (&[0xe808_0000, 0x8020_0100], ".long"),
            // global_*_addtid ignore ADDR, not SVE.
            (&[0xdca2_0000, 0x0100_00ff], "global_load_addtid_b32 v1, s[0:1]"),
            (&[0xdca2_0000, 0x0180_0000], ".long"),
            // VOP3 ABS/NEG: ignored by v_mad_u32_u16, refused for an absent source or an `x`.
            (&[0xd659_0700, 0xe406_0501], "v_mad_u32_u16 v0, v1, v2, v1"),
            (&[0xd503_0400, 0x0002_0501], ".long"),
            (&[0xd47e_0200, 0x0002_0501], ".long"),
            (&[0xd47e_0100, 0x2002_0501], "v_cmp_class_f32_e64 s0, -|v1|, v2"),
            // VOP3P: OPSEL_HI2 is ignored, OP_SEL of an absent source is not.
            (&[0xcc12_4000, 0x1802_0501], "v_pk_max_f16 v0, v1, v2"),
            (&[0xcc12_2000, 0x1802_0501], ".long"),
            // VOP3 OP_SEL of an absent source where the row prints op_sel; a reserved mask code.
            (&[0xd703_2000, 0x0002_0501], ".long"),
            (&[0xd703_4000, 0x0002_0501], "v_add_nc_u16 v0, v1, v2 op_sel:[0,0,1]"),
            (&[0xd520_96af, 0x0371_17da], ".long"),
            // gather4's VDATA is decoded as four dwords before D16 narrows it.
            (
                &[0xf0ca_6fc6, 0x5355_fc34],
                "image_gather4_lz v[252:253], v[52:53], s[84:91], s[80:83] dmask:0xf dim:SQ_RSRC_IMG_2D unorm glc dlc lwe d16",
            ),
            (&[0xf0ca_6fc6, 0x5315_fd34], ".long"),
            // Fake16 VSRC1 above v127: refused for v_ldexp_f16 (lo128), commented elsewhere.
            (&[0x7601_0501], ".long"),
            (
                &[0x6401_0501],
                "v_add_f16_e32 v0, v1, v130/*Invalid register, operand has 'VGPR_32_Lo128' register class*/",
            ),
            // DPP16 modifiers on an integer operation; a reserved scalar destination.
            (&[0x2848_44fa, 0x87bc_6944], ".long"),
            (&[0x7fba_05c7], ".long"),
            (
                &[0x7d36_2afa, 0xf1e7_34c7],
                "v_cmpx_ngt_f32 |v199|, -|v21| /* wave_rol is not supported starting from GFX10 */ \
                 row_mask:0xf bank_mask:0x1 fi:1",
            ),
            (
                &[0xd521_04e6, 0x0155_0ce9, 0x673b_2d19],
                "v_sub_co_ci_u32_e64_dpp v230, s4, v25, 6, s85 dpp8:[5,5,4,5,3,6,1,3]",
            ),
            // A WMMA matrix in SGPRs LLVM cannot name, or in LDS_DIRECT.
            (&[0xcc43_0864, 0xfec9_4a65], ".long"),
            (&[0xcc43_2852, 0xbfdf_e4fe], ".long"),
            // The DPP forms of the 16-bit integer VOP3 rows print NEG as sext() and refuse
            // the NEG bit of an absent source.
            (
                &[0xd64b_0d6f, 0x26f2_ceea, 0x89b0_577d],
                "v_min3_u16_e64_dpp v111, sext(v125), v103, v188 op_sel:[1,0,0,0] dpp8:[7,2,1,0,3,3,2,4] fi:1",
            ),
            (
                &[0xd703_0005, 0x4002_0efa, 0xff00_e406],
                "v_add_nc_u16_e64_dpp v5, v6, sext(v7) quad_perm:[0,1,2,3] row_mask:0xf bank_mask:0xf",
            ),
            (&[0xd703_0005, 0x8002_0efa, 0xff00_e406], ".long"),
            // Their VOP3 form ignores ABS and NEG of the sources they have, not of the others.
            (&[0xd703_0005, 0x6002_0f06], "v_add_nc_u16 v5, v6, v7"),
            (&[0xd70e_0129, 0x0002_0f06], "v_sub_nc_i16 v41, v6, v7"),
            (&[0xd703_0005, 0x8002_0f06], ".long"),
            (&[0xd70e_0429, 0x0002_0f06], ".long"),
            // An integer source ignores ABS.
            (&[0xd626_0400, 0x040e_0501], "v_cvt_pk_u8_f32 v0, v1, v2, v3"),
            // VINTERP: neg(c) around a constant; no comment on an inline value.
            (
                &[0xcd03_8f60, 0xaff9_9699],
                "v_interp_p2_f16_f32 v96, neg(25/*Invalid immediate*/), -11/*Invalid immediate*/, -v254 \
                 clamp op_sel:[1,0,0,0] wait_exp:7",
            ),
            (
                &[0xcd82_df8f, 0xd18f_06ef],
                "v_interp_p10_f16_f32 v143, src_pops_exiting_wave_id, -v131, \
                 -s99/*Invalid register, operand has 'VGPR_32' register class*/ clamp op_sel:[1,1,0,1] wait_exp:7",
            ),
            // Scalar sources: register-only (sreg), LDS_DIRECT.
            (&[0xbefc_4896], "s_setpc_b64 22/*Invalid immediate*/"),
            (&[0xbefe_48f8], "s_setpc_b64 0.15915494/*Invalid immediate*/"),
            (
                &[0x860e_c7fe],
                "s_ashr_i32 s14, src_lds_direct/*Invalid register, operand has 'SReg_32' register class*/, -7",
            ),
            // A literal SOFFSET.
            (
                &[0xe00c_ea9e, 0xff6c_119d, 0x85e1_6fed],
                "buffer_load_format_xyzw v[17:21], v157, s[48:51], 0x85e16fed offen offset:2718 glc dlc tfe",
            ),
            // nollvm rows; SRSRC quads LLVM cannot name; memory tuples past v255.
            (&[0xcb5b_533f, 0x293a_cf23], ".long"),
            (&[0xf0e0_9c10, 0xb959_e930], ".long"),
            (&[0xe059_35e4, 0x9d81_ffdf], ".long"),
        ];
        for (words, want) in cases {
            assert_eq!(llvm(words), *want, "{words:08x?}");
        }
    }
}
