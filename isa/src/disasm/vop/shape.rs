//! The syntax a vector-ALU row of the table implies: its encoding, the operands LLVM prints
//! in order, which source modifiers each source takes, the output modifiers, `op_sel`
//! variants and DPP forms. Read from the row's operands alone; the disassembler
//! (`disasm::vop`) and the assembler (`asm::vop`, which includes this file) both use it, so
//! the two agree by construction.
//!
//! Immediate kinds of the vector rows (`I.FIELD:KIND`, see the headers of `table/vop*.isa`):
//! `abs_P`/`neg_P` (per-source modifiers, one letter per source: `a` abs, `n` neg, `s` sext,
//! `x` none), `clamp`, `omod`, `opsel_E` (the `op_sel:[...]` entries: the bit each entry
//! shows, `x` for an entry always printed as 0; `opsel_fake16` for bits the hardware reads but
//! LLVM 19's fake16 syntax cannot write), `opsel_hi` / `opsel_hi_mix` / `opsel_hi_ones`
//! (VOP3P: default all ones / default all zeros / always all ones and never printed),
//! `neg_lo`, `neg_hi`, `dpp` (the row has DPP16 and DPP8 forms; `dpp_sext`: whose NEG bits are
//! `sext()`), the DPP16 source modifiers
//! (`I.dpp_src0_neg:neg` ...), `fixed_exec_lo` (VOP3 `v_cmpx`: VDST holds EXEC_LO's code and
//! is not printed).

#![allow(dead_code)]

use crate::{Field, ImmKind, Implicit, InstDef, Kind, Role, Ty, table};

/// The encoding of a row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Enc {
    Vop1,
    Vop2,
    Vopc,
    Vop3,
    Vop3sd,
    Vop3p,
    VopdX,
    VopdY,
}

impl Enc {
    pub(crate) fn of(def: &InstDef) -> Option<Enc> {
        Some(match def.format().name.as_str() {
            "VOP1" => Enc::Vop1,
            "VOP2" => Enc::Vop2,
            "VOPC" => Enc::Vopc,
            "VOP3" => Enc::Vop3,
            "VOP3SD" => Enc::Vop3sd,
            "VOP3P" => Enc::Vop3p,
            "VOPD_X" => Enc::VopdX,
            "VOPD_Y" => Enc::VopdY,
            _ => return None,
        })
    }
    /// The 32-bit encodings (LLVM's `_e32`), whose sources take no modifiers outside DPP.
    pub(crate) fn is_e32(self) -> bool {
        matches!(self, Enc::Vop1 | Enc::Vop2 | Enc::Vopc)
    }
    pub(crate) fn is_vop3(self) -> bool {
        matches!(self, Enc::Vop3 | Enc::Vop3sd | Enc::Vop3p)
    }
}

/// What a source's NEG bit means.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum NegBit {
    #[default]
    None,
    /// Floating-point negation, written `-x` or `neg(x)`.
    Neg,
    /// Integer sign extension, written `sext(x)`.
    Sext,
}

/// How LLVM prints and parses the constants of a source (its operand classes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Class {
    /// Any 32-bit operand (integer and float constants share one printing).
    B32,
    F16,
    I16,
    Bf16,
    V2f16,
    V2bf16,
    F64,
    I64,
}

impl Class {
    pub(crate) fn of(ty: Ty) -> Class {
        match ty {
            Ty::F16 => Class::F16,
            Ty::I16 | Ty::U16 | Ty::B16 => Class::I16,
            Ty::BF16 => Class::Bf16,
            Ty::V2F16 => Class::V2f16,
            Ty::V2BF16 => Class::V2bf16,
            Ty::F64 => Class::F64,
            Ty::B64 | Ty::U64 | Ty::I64 => Class::I64,
            _ => Class::B32,
        }
    }
}

/// Where LLVM 19's operand class differs from the guide's type of the source (the row keeps
/// the guide's type; only the syntax of constants follows LLVM): (mnemonic, source, class).
const LLVM_CLASS: &[(&str, usize, Class)] = &[
    // The guide reads S1 as a 16-bit integer exponent; LLVM types the operand f16.
    ("v_ldexp_f16", 1, Class::F16),
    // The mixed-precision FMAs read f32 or an f16 half (OPSEL_HI); LLVM types them f16.
    ("v_fma_mix_f32", 0, Class::F16),
    ("v_fma_mix_f32", 1, Class::F16),
    ("v_fma_mix_f32", 2, Class::F16),
    ("v_fma_mixlo_f16", 0, Class::F16),
    ("v_fma_mixlo_f16", 1, Class::F16),
    ("v_fma_mixlo_f16", 2, Class::F16),
    ("v_fma_mixhi_f16", 0, Class::F16),
    ("v_fma_mixhi_f16", 1, Class::F16),
    ("v_fma_mixhi_f16", 2, Class::F16),
    // WMMA's C matrix takes an inline constant, which LLVM prints as a double.
    ("v_wmma_f32_16x16x16_f16", 2, Class::F64),
    ("v_wmma_f32_16x16x16_bf16", 2, Class::F64),
    ("v_wmma_f16_16x16x16_f16", 2, Class::F64),
    ("v_wmma_bf16_16x16x16_bf16", 2, Class::F64),
    ("v_wmma_i32_16x16x16_iu8", 2, Class::F64),
    ("v_wmma_i32_16x16x16_iu4", 2, Class::F64),
    // The iu4 sources are VGPR pairs; LLVM prints a constant there (which it rejects) as a
    // 32-bit one.
    ("v_wmma_i32_16x16x16_iu4", 0, Class::B32),
    ("v_wmma_i32_16x16x16_iu4", 1, Class::B32),
];

/// Rows LLVM 19 prints in true16 syntax (`v1.l`, `v1.h`) in their 32-bit encodings; every
/// other 16-bit operand of gfx1100 uses the fake16 syntax (a plain VGPR below v128).
const TRUE16: &[&str] = &["v_mov_b16", "v_swap_b16"];

/// LLVM 19's register class of an operand that takes fewer kinds of operands than its field
/// can encode. The assembler rejects the others, as LLVM does; the disassembler flags them in
/// a comment, as LLVM does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rc {
    /// Any source the field encodes.
    Any,
    /// VGPRs only (`VGPR_32`, `VReg_128`).
    Vgpr,
    /// A VGPR or LDS_DIRECT (`VRegOrLds_32`).
    VgprOrLds,
    /// Scalar registers and constants (`SReg_32`).
    Sreg,
    /// Scalar registers, constants and LDS_DIRECT (`SRegOrLds_32`).
    SregOrLds,
    /// A lane mask: a scalar register other than EXEC (`SReg_1_XEXEC`).
    Mask,
    /// VGPRs or an inline constant (WMMA's C matrix, `VISrc_256`).
    VgprOrConst,
}

/// The operands with a narrower register class than their field: (mnemonic, field, class).
const LLVM_RC: &[(&str, Field, Rc)] = &[
    ("v_movrels_b32", Field::Src0, Rc::Vgpr),
    ("v_movrelsd_b32", Field::Src0, Rc::Vgpr),
    ("v_movrelsd_2_b32", Field::Src0, Rc::Vgpr),
    ("v_swap_b32", Field::Src0, Rc::Vgpr),
    ("v_swap_b16", Field::Src0, Rc::Vgpr),
    ("v_swaprel_b32", Field::Src0, Rc::Vgpr),
    ("v_permlane64_b32", Field::Src0, Rc::Vgpr),
    ("v_permlane16_b32", Field::Src0, Rc::Vgpr),
    ("v_permlanex16_b32", Field::Src0, Rc::Vgpr),
    ("v_mqsad_u32_u8", Field::Src2, Rc::Vgpr),
    ("v_readfirstlane_b32", Field::Src0, Rc::VgprOrLds),
    ("v_readlane_b32", Field::Src0, Rc::VgprOrLds),
    ("v_readlane_b32", Field::Src1, Rc::Sreg),
    ("v_writelane_b32", Field::Src0, Rc::SregOrLds),
    ("v_writelane_b32", Field::Src1, Rc::Sreg),
    ("v_permlane16_b32", Field::Src1, Rc::Sreg),
    ("v_permlane16_b32", Field::Src2, Rc::Sreg),
    ("v_permlanex16_b32", Field::Src1, Rc::Sreg),
    ("v_permlanex16_b32", Field::Src2, Rc::Sreg),
    ("v_wmma_f32_16x16x16_f16", Field::Src0, Rc::Vgpr),
    ("v_wmma_f32_16x16x16_f16", Field::Src1, Rc::Vgpr),
    ("v_wmma_f32_16x16x16_f16", Field::Src2, Rc::VgprOrConst),
    ("v_wmma_f32_16x16x16_bf16", Field::Src0, Rc::Vgpr),
    ("v_wmma_f32_16x16x16_bf16", Field::Src1, Rc::Vgpr),
    ("v_wmma_f32_16x16x16_bf16", Field::Src2, Rc::VgprOrConst),
    ("v_wmma_f16_16x16x16_f16", Field::Src0, Rc::Vgpr),
    ("v_wmma_f16_16x16x16_f16", Field::Src1, Rc::Vgpr),
    ("v_wmma_f16_16x16x16_f16", Field::Src2, Rc::VgprOrConst),
    ("v_wmma_bf16_16x16x16_bf16", Field::Src0, Rc::Vgpr),
    ("v_wmma_bf16_16x16x16_bf16", Field::Src1, Rc::Vgpr),
    ("v_wmma_bf16_16x16x16_bf16", Field::Src2, Rc::VgprOrConst),
    ("v_wmma_i32_16x16x16_iu8", Field::Src0, Rc::Vgpr),
    ("v_wmma_i32_16x16x16_iu8", Field::Src1, Rc::Vgpr),
    ("v_wmma_i32_16x16x16_iu8", Field::Src2, Rc::VgprOrConst),
    ("v_wmma_i32_16x16x16_iu4", Field::Src0, Rc::Vgpr),
    ("v_wmma_i32_16x16x16_iu4", Field::Src1, Rc::Vgpr),
    ("v_wmma_i32_16x16x16_iu4", Field::Src2, Rc::VgprOrConst),
];

/// VOP3P rows whose DPP forms LLVM types with a VGPR-only second source (it comments on
/// anything else); v_dot2_f32_f16's DPP forms take any source there.
const DPP_SRC1_VGPR: &[&str] = &["v_fma_mix_f32", "v_fma_mixlo_f16", "v_fma_mixhi_f16"];

pub(crate) fn dpp_src1_vgpr(def: &InstDef) -> bool {
    DPP_SRC1_VGPR.contains(&def.name.as_str())
}

/// The register class of an operand of a row.
pub(crate) fn rc(def: &InstDef, op: &Opnd) -> Rc {
    if matches!(op.kind, Kind::RegRule("mask")) && op.src.is_some() {
        return Rc::Mask;
    }
    LLVM_RC.iter().find(|(n, f, _)| *n == def.name && *f == op.field).map_or(Rc::Any, |(_, _, rc)| *rc)
}

/// One printed operand of a row.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Opnd {
    pub role: Role,
    pub field: Field,
    pub kind: Kind,
    /// The source index (0..3) that modifiers and `op_sel` refer to; `None` for
    /// destinations and the literal K.
    pub src: Option<usize>,
}

impl Opnd {
    pub(crate) fn is_dst(&self) -> bool {
        self.src.is_none() && self.field != Field::Lit
    }
    pub(crate) fn ty(&self) -> Option<Ty> {
        match self.kind {
            Kind::Reg(t) => Some(t),
            _ => None,
        }
    }
    /// A scalar register operand (lane mask, `v_readlane`'s SGPR destination).
    pub(crate) fn is_sreg(&self) -> bool {
        matches!(self.kind, Kind::RegRule("mask" | "sgpr"))
    }
    /// Registers the operand spans (lane masks are one SGPR in wave32).
    pub(crate) fn dwords(&self) -> u32 {
        self.ty().map_or(1, Ty::dwords)
    }
}

/// VOP3P `op_sel_hi` default and printing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum OpselHi {
    /// Packed math: all ones unless printed.
    Ones,
    /// `v_fma_mix*`: all zeros unless printed.
    Zeros,
    /// Ignored by the instruction (WMMA with a 32-bit result): all ones, never printed.
    Fixed,
}

/// Everything the syntax of a row depends on.
#[derive(Clone, Debug)]
pub(crate) struct Shape {
    pub enc: Enc,
    /// Printed operands in assembly order.
    pub ops: Vec<Opnd>,
    /// Number of sources.
    pub nsrc: usize,
    /// Per-source ABS capability (VOP3 ABS field; DPP16 abs bits for the 32-bit encodings;
    /// VOP3P `v_fma_mix` NEG_HI).
    pub abs: [bool; 3],
    pub neg: [NegBit; 3],
    pub clamp: bool,
    pub omod: bool,
    /// `op_sel` entries (bit index per entry, `None` for an entry printed as 0); empty when
    /// the row prints no `op_sel`.
    pub opsel: Vec<Option<u32>>,
    /// The hardware reads OPSEL but LLVM's fake16 syntax has no way to write it.
    pub opsel_fake16: bool,
    pub opsel_hi: Option<OpselHi>,
    /// VOP3P `neg_lo:[...]` / `neg_hi:[...]` (packed math; not `v_fma_mix`).
    pub neg_lo: bool,
    pub neg_hi: bool,
    pub dpp: bool,
    /// VOP3 `v_cmpx`: VDST holds EXEC_LO, not printed.
    pub fixed_exec: bool,
    /// The 32-bit encodings print the implicit VCC: after the destinations (written) and
    /// after the sources (read).
    pub vcc_dst: bool,
    pub vcc_src: bool,
    pub true16: bool,
    /// LLVM's operand class of each source's constants.
    pub class: [Class; 3],
    /// The DPP forms read NEG as `sext()` of each source (`dpp_sext`: the 16-bit integer VOP3
    /// rows, whose VOP3 form ignores NEG).
    pub dpp_sext: bool,
}

fn pattern(kind: &str, prefix: &str) -> Option<Vec<char>> {
    kind.strip_prefix(prefix).map(|p| p.chars().collect())
}

/// The shape of a vector-ALU row; `None` for rows of other families.
pub(crate) fn shape(def: &InstDef) -> Option<Shape> {
    let enc = Enc::of(def)?;
    let mut s = Shape {
        enc,
        ops: Vec::new(),
        nsrc: 0,
        abs: [false; 3],
        neg: [NegBit::None; 3],
        dpp_sext: false,
        clamp: false,
        omod: false,
        opsel: Vec::new(),
        opsel_fake16: false,
        opsel_hi: None,
        neg_lo: false,
        neg_hi: false,
        dpp: false,
        fixed_exec: false,
        vcc_dst: false,
        vcc_src: false,
        true16: enc.is_e32() && TRUE16.contains(&def.name.as_str()),
        class: [Class::B32; 3],
    };
    for op in &def.operands {
        match op.kind {
            Kind::Imm(ImmKind::Other(k)) => apply_imm(&mut s, op.field, k),
            Kind::Imm(_) => {}
            _ => {
                let src = match op.field {
                    Field::Src0 | Field::Srcx0 | Field::Srcy0 => Some(0),
                    Field::Src1 | Field::Vsrc1 | Field::Vsrcx1 | Field::Vsrcy1 => Some(1),
                    Field::Src2 => Some(2),
                    _ => None,
                };
                // v_swap's source is also written (role M): it stays a source.
                let src = if op.role == Role::Dst && src.is_some() { None } else { src };
                if let (Some(i), Kind::Reg(t)) = (src, op.kind)
                    && i < 3
                {
                    s.class[i] = Class::of(t);
                }
                if let Some(i) = src {
                    s.nsrc = s.nsrc.max(i + 1);
                }
                s.ops.push(Opnd { role: op.role, field: op.field, kind: op.kind, src });
            }
        }
    }
    for (name, i, c) in LLVM_CLASS {
        if *name == def.name {
            s.class[*i] = *c;
        }
    }
    if enc.is_e32() {
        s.vcc_dst = def.writes.contains(Implicit::VCC);
        s.vcc_src = def.reads.contains(Implicit::VCC);
    }
    Some(s)
}

fn apply_imm(s: &mut Shape, field: Field, kind: &str) {
    let dpp_src = match field {
        Field::DppSrc0Abs | Field::DppSrc0Neg => Some(0),
        Field::DppSrc1Abs | Field::DppSrc1Neg => Some(1),
        _ => None,
    };
    if let Some(i) = dpp_src {
        match kind {
            "abs" => s.abs[i] = true,
            "neg" => s.neg[i] = NegBit::Neg,
            "sext" => s.neg[i] = NegBit::Sext,
            _ => {}
        }
        return;
    }
    match kind {
        "clamp" => s.clamp = true,
        "omod" => s.omod = true,
        "dpp" => s.dpp = true,
        "dpp_sext" => {
            s.dpp = true;
            s.dpp_sext = true;
        }
        "fixed_exec_lo" => s.fixed_exec = true,
        "opsel_fake16" => s.opsel_fake16 = true,
        "opsel_hi" => s.opsel_hi = Some(OpselHi::Ones),
        "opsel_hi_mix" => s.opsel_hi = Some(OpselHi::Zeros),
        "opsel_hi_ones" => s.opsel_hi = Some(OpselHi::Fixed),
        "neg_lo" => s.neg_lo = true,
        "neg_hi" => s.neg_hi = true,
        _ => {
            if let Some(p) = pattern(kind, "abs_") {
                for (i, c) in p.iter().enumerate().take(3) {
                    s.abs[i] = *c == 'a';
                }
            } else if let Some(p) = pattern(kind, "neg_") {
                for (i, c) in p.iter().enumerate().take(3) {
                    s.neg[i] = match c {
                        'n' => NegBit::Neg,
                        's' => NegBit::Sext,
                        _ => NegBit::None,
                    };
                }
            } else if let Some(p) = pattern(kind, "opsel_") {
                s.opsel = p.iter().map(|c| c.to_digit(10)).collect();
            }
        }
    }
}

impl Shape {
    /// A VGPR of this operand must be v0..v127: the 32-bit encodings' fake16 operands (bit 7
    /// of the field selects the high half). LLVM extends the limit to every VGPR of a 16-bit
    /// compare (v_cmp_class_f16's class mask).
    pub(crate) fn lo128(&self, op: &Opnd) -> bool {
        let is16 = |o: &Opnd| o.ty().is_some_and(Ty::is16);
        self.enc.is_e32()
            && !self.true16
            && (is16(op) || (self.enc == Enc::Vopc && op.src.is_some() && self.ops.iter().any(is16)))
    }
}

/// The source modifiers of the row's VOP3 form (the 32-bit encodings take them only under
/// DPP16, but LLVM's assembler accepts the VOP3 set there, and folds them into constants).
pub(crate) fn vop3_mods(def: &InstDef) -> ([bool; 3], [NegBit; 3]) {
    table()
        .all_by_name(&def.name)
        .filter(|d| Enc::of(d).is_some_and(Enc::is_vop3))
        .find_map(shape)
        .map_or(([false; 3], [NegBit::None; 3]), |s| (s.abs, s.neg))
}

/// The encoding-suffix LLVM prints after the mnemonic (`_e32`, `_e64`, `_dpp`, `_e64_dpp` or
/// nothing), for the row and whether the instruction carries a DPP dword.
pub(crate) fn suffix(def: &InstDef, s: &Shape, dpp: bool) -> &'static str {
    let twins = || table().all_by_name(&def.name).filter(move |d| d.id != def.id);
    match s.enc {
        // LLVM 19 prints the DPP forms of VOPC without a suffix.
        Enc::Vopc if dpp => "",
        Enc::Vop1 | Enc::Vop2 if dpp => "_dpp",
        Enc::Vop1 | Enc::Vop2 | Enc::Vopc => {
            let promoted = twins().any(|d| Enc::of(d).is_some_and(Enc::is_vop3) && (d.in_llvm || s.true16));
            if promoted && !s.ops.is_empty() { "_e32" } else { "" }
        }
        Enc::Vop3 | Enc::Vop3sd | Enc::Vop3p if dpp => "_e64_dpp",
        Enc::Vop3 | Enc::Vop3sd => {
            let e32 = twins().any(|d| Enc::of(d).is_some_and(Enc::is_e32));
            if e32 && !s.ops.is_empty() { "_e64" } else { "" }
        }
        _ => "",
    }
}
