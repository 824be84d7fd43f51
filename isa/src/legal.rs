//! Which encodings are instructions: the rules LLVM 19's disassembler applies for gfx1100
//! (issue 11), derived from the table once: [`crate::decode_legal`], which the disassembler
//! uses, refuses a word that breaks one. (The generated RTL decoder does not apply them yet;
//! it is to raise the illegal-instruction fault from the same masks and code classes.)
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
//!   for memory instructions [`crate::disasm::memory_vgpr_tuples`]: TFE, address modes, the
//!   image layout).

use crate::operand;
use crate::{Field, FieldClass, ImmKind, Inst, InstDef, Kind};

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
    // An operand of kind `none` stands for a field that must be zero.
    let named = |field: Field| {
        def.operands
            .iter()
            .chain(def2.iter().flat_map(|d| d.operands.iter()))
            .any(|o| o.field == field && o.kind != Kind::Imm(ImmKind::None) || reads(o.kind, field))
    };
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
    #[error("{name}: {field} holds {code}, which is no {class:?} operand")]
    Code { name: String, field: &'static str, code: u32, class: CodeClass },
}

/// Checks a decoded instruction against the rules.
pub fn check(inst: &Inst) -> Result<(), Illegal> {
    let def = inst.def();
    let def2 = inst.def2();
    if let Some(d) = std::iter::once(def).chain(def2).find(|d| !d.in_llvm) {
        return Err(Illegal::NotInLlvm { name: d.name.clone() });
    }
    let zero = zero_mask(def, def2);
    if inst.main_word() & zero != 0 {
        let field = def.format().fields.iter().find(|(_, r)| r.mask() & zero & inst.main_word() != 0);
        return Err(Illegal::UnusedBits {
            name: def.name.clone(),
            field: field.map_or("(no field)", |(f, _)| f.name()),
        });
    }
    for d in std::iter::once(def).chain(def2) {
        for o in &d.operands {
            // FLAT's SADDR is always NULL (LLVM's `off`).
            if o.kind == Kind::Imm(ImmKind::Other("off")) && inst.field(o.field) != operand::NULL {
                return Err(Illegal::Code {
                    name: d.name.clone(),
                    field: o.field.name(),
                    code: inst.field(o.field),
                    class: CodeClass::Null,
                });
            }
            let Some(class) = code_class(d, o.field, o.kind) else { continue };
            let code = inst.field(o.field);
            // DPP selectors of a VOP source 0 are no operand code.
            if def.format().ext.iter().any(|r| r.field == o.field && r.value == code) {
                continue;
            }
            if !class.accepts(code) {
                return Err(Illegal::Code { name: d.name.clone(), field: o.field.name(), code, class });
            }
        }
    }
    if let Some(&(first, dwords)) = crate::disasm::memory_vgpr_tuples(inst).iter().find(|(n, w)| n + w > 256)
    {
        return Err(Illegal::PastV255 { name: def.name.clone(), first, dwords });
    }
    vop(inst)
}

/// The vector-ALU rules, from the row's shape (the one that the assembler and the
/// disassembler share): a DPP dword only where the row has a DPP form; source modifiers (and
/// OP_SEL bits where the row prints `op_sel`) only where the row has them; the 16-bit destinations of the 32-bit encodings (fake16) only in
/// v0..v127, and so the VSRC1 of the rows marked `lo128`; a scalar destination no reserved
/// code; no VGPR tuple past v255.
fn vop(inst: &Inst) -> Result<(), Illegal> {
    use crate::disasm::vop::shape::{Enc, NegBit, shape};
    for def in std::iter::once(inst.def()).chain(inst.def2()) {
        let Some(s) = shape(def) else { return Ok(()) };
        let illegal = |why: &'static str| Err(Illegal::Vop { name: def.name.clone(), why });
        if inst.ext.is_some() && !s.dpp {
            return illegal("no DPP form");
        }
        // The ABS/NEG bits (and VOP3P's OP_SEL) of a source that takes no such modifier: the
        // VOP3 fields when the row names them (rows that leave them unnamed have them zero or
        // `unchecked`), the DPP16 dword's of the 32-bit encodings.
        let named = |f: Field| def.operands.iter().any(|o| o.field == f);
        let bits = |f: Field, has: &dyn Fn(usize) -> bool| {
            let v = inst.field(f);
            (0..3).any(|i| (v >> i) & 1 != 0 && !(i < s.nsrc && has(i)))
        };
        // An integer source's modifiers hold SEXT only: LLVM ignores its ABS bit.
        let (abs, neg) =
            (|i: usize| s.abs[i] || s.neg[i] == NegBit::Sext, |i: usize| s.neg[i] != NegBit::None);
        let any = |_: usize| true;
        let bad_mods = match s.enc {
            Enc::Vop3 | Enc::Vop3sd => {
                (named(Field::Abs) && bits(Field::Abs, &abs))
                    || (named(Field::Neg) && bits(Field::Neg, &neg))
                    || (!s.opsel.is_empty() && bits(Field::Opsel, &any))
            }
            Enc::Vop3p => {
                bits(Field::Neg, &any)
                    || bits(Field::NegHi, &any)
                    || (!s.opsel.is_empty() && bits(Field::Opsel, &any))
            }
            Enc::Vop1 | Enc::Vop2 | Enc::Vopc if inst.ext.is_some() => {
                let dpp = |a: Field, n: Field, i: usize| {
                    (inst.field(a) != 0 && !(i < s.nsrc && s.abs[i]))
                        || (inst.field(n) != 0 && !(i < s.nsrc && s.neg[i] != NegBit::None))
                };
                dpp(Field::DppSrc0Abs, Field::DppSrc0Neg, 0) || dpp(Field::DppSrc1Abs, Field::DppSrc1Neg, 1)
            }
            _ => false,
        };
        if bad_mods {
            return illegal("a source modifier the source does not take");
        }
        for op in &s.ops {
            // A lane mask or scalar destination (an 8- or 9-bit field): the reserved source
            // codes are nothing.
            if op.is_sreg() && !src_code(inst.field(op.field)) {
                return illegal("a reserved code in a scalar register operand");
            }
            if op.is_sreg() || op.field == Field::Lit {
                continue;
            }
            let code = inst.field(op.field);
            // A VGPR tuple operand given SGPRs: LLVM aligns them down, but decodes nothing
            // from a tuple it cannot name (s[100:107]).
            if op.field.class(32) == FieldClass::Src9
                && code < 128
                && op.dwords() > 2
                && operand::tuple_name(code, op.dwords()).is_none()
            {
                return illegal("a scalar register tuple LLVM cannot name");
            }
            let vgpr = match op.field.class(32) {
                FieldClass::Src9 if inst.ext.is_some() && op.src == Some(0) => {
                    Some(inst.field(Field::DppSrc0))
                }
                FieldClass::Src9 => code.checked_sub(256),
                FieldClass::Vgpr8 => Some(code),
                _ => None,
            };
            let Some(n) = vgpr else { continue };
            // LLVM prints a fake16 source above v127 with a comment, but decodes no
            // instruction for such a destination.
            if s.lo128(op) && op.is_dst() && n >= 128 {
                return illegal("a 16-bit destination of a 32-bit encoding above v127");
            }
            if s.lo128(op) && def.vsrc1_lo128 && op.field == Field::Vsrc1 && n >= 128 {
                return illegal("VSRC1 of this row is v0..v127 for LLVM");
            }
            if n + op.dwords() > 256 {
                return illegal("a register tuple past v255");
            }
        }
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
