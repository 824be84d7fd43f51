//! Text of the FLAT, GLOBAL and SCRATCH formats, as LLVM 19 prints them for gfx1100:
//! `global_load_b32 v1, v2, s[4:5] offset:-8 glc slc dlc`. Register operands are separated by
//! commas, the offset and the cache-policy flags by spaces. The table's rows give the operands;
//! the rules (`@gaddr`, `@sve`, atomics' `rtn`) are interpreted here (see `table/flat.isa`).
//!
//! The helpers at the end are shared with the buffer and image printers.

use crate::operand;
use crate::{Field, ImmKind, Inst, InstDef, Kind, Operand};

/// The text LLVM's instruction printer gives for a FLAT, GLOBAL or SCRATCH instruction.
pub(super) fn format(inst: &Inst) -> String {
    let def = inst.def();
    let mut out = Text::new(def);
    for op in &def.operands {
        let v = inst.field(op.field);
        match (op.kind, op.field) {
            (Kind::Imm(kind), _) => modifier(&mut out, op, kind, v),
            (Kind::Reg(ty), Field::Saddr) => out.reg(match v {
                operand::NULL => "off".into(),
                // SCRATCH's SADDR is LLVM's SReg_32_XEXEC_HI: its printer flags EXEC_HI.
                operand::EXEC_HI => {
                    "exec_hi/*Invalid register, operand has 'SReg_32_XEXEC_HI' register class*/".into()
                }
                _ => sreg_tuple(v, ty.dwords()),
            }),
            // An atomic's destination without GLC is not printed.
            (Kind::Reg(_), Field::Vdst) if vgpr_operand(inst, op).is_none() => {}
            // `@sve` without SVE: no offset VGPR.
            _ => out.reg(vgpr_operand(inst, op).map_or("off".into(), |(n, w)| vgpr_name(n, w))),
        }
    }
    out.finish()
}

/// The VGPR tuple (first register, dwords) a FLAT, GLOBAL or SCRATCH operand prints as; none
/// for SADDR, modifiers, an atomic's destination without GLC and SCRATCH's address without SVE.
pub(crate) fn vgpr_operand(inst: &Inst, op: &Operand) -> Option<(u32, u32)> {
    // The widths are the legality rules' (isa/src/legal.rs), which the RTL decoder applies too.
    crate::legal::row_rules(inst.def()).tuples.iter().find(|t| t.field == op.field)?.of(inst)
}

/// Whether an atomic's destination depends on GLC (the row's GLC operand is `rtn`).
pub(crate) fn has_rtn(def: &InstDef) -> bool {
    def.operands.iter().any(|o| o.kind == Kind::Imm(ImmKind::Other("rtn")))
}

/// Prints the modifiers the memory formats share: offsets and flags.
pub(super) fn modifier(out: &mut Text, op: &Operand, kind: ImmKind, v: u32) {
    match kind {
        ImmKind::Other("uoffset12" | "buf_offset") if v != 0 => {
            out.modifier(format!("offset:{v}"));
        }
        ImmKind::Other("ioffset13") if v != 0 => {
            out.modifier(format!("offset:{}", sign_extend(v, 13)));
        }
        ImmKind::Other("flag" | "rtn") if v != 0 => out.modifier(flag_name(op.field).into()),
        _ => {}
    }
}

/// A flag's assembly name: the field's, except UNRM (`unorm`).
pub(super) fn flag_name(field: Field) -> &'static str {
    match field {
        Field::Unrm => "unorm",
        f => f.name(),
    }
}

/// A VGPR tuple as LLVM prints it. LLVM decodes no instruction whose tuple runs past v255;
/// such a tuple prints with a comment, which no assembler reads.
pub(super) fn vgpr_name(n: u32, dwords: u32) -> String {
    let name = operand::vgpr_name(n, dwords);
    if n + dwords > 256 { format!("{name}/*invalid: past v255*/") } else { name }
}

/// Sign-extends the low `bits` bits of `v`.
pub(super) fn sign_extend(v: u32, bits: u32) -> i32 {
    let shift = 32 - bits;
    ((v << shift) as i32) >> shift
}

/// A scalar register tuple as LLVM's disassembler prints it (misaligned tuples are aligned
/// down); LLVM decodes no instruction with a code it cannot name, which prints as a comment.
pub(super) fn sreg_tuple(code: u32, dwords: u32) -> String {
    operand::tuple_name(code, dwords).unwrap_or_else(|| format!("/*invalid sgpr {code}*/"))
}

/// An instruction's text as it is built: registers separated by commas, then modifiers
/// separated by spaces.
pub(super) struct Text {
    out: String,
    regs: usize,
}

impl Text {
    pub fn new(def: &InstDef) -> Text {
        Text::with_mnemonic(def.name.clone())
    }
    /// Starts from a mnemonic with any padding LLVM puts after it.
    pub fn with_mnemonic(mnemonic: String) -> Text {
        Text { out: mnemonic, regs: 0 }
    }
    pub fn reg(&mut self, text: String) {
        self.out.push_str(if self.regs == 0 { " " } else { ", " });
        self.out.push_str(&text);
        self.regs += 1;
    }
    pub fn modifier(&mut self, text: String) {
        self.out.push(' ');
        self.out.push_str(&text);
    }
    pub fn finish(self) -> String {
        self.out
    }
}

#[cfg(test)]
mod tests {
    use crate::disasm::tests::text;

    #[test]
    fn prints_like_llvm() {
        // Expected text from llvm-mc-19 -mcpu=gfx1100 -disassemble.
        assert_eq!(text(&[0xdc52_0000, 0x017c_0402]), "global_load_b32 v1, v[2:3], off");
        assert_eq!(
            text(&[0xdc52_f000, 0x0100_0402]),
            "global_load_b32 v1, v2, s[0:1] offset:-4096 glc slc dlc"
        );
        // An odd SGPR in SADDR prints as the aligned pair.
        assert_eq!(text(&[0xdc52_0000, 0x0101_0402]), "global_load_b32 v1, v2, s[0:1]");
        assert_eq!(text(&[0xdc50_1fff, 0x017c_0402]), "flat_load_b32 v1, v[2:3] offset:8191");
        assert_eq!(text(&[0xdc51_0000, 0x017c_0402]), "scratch_load_b32 v1, off, off");
        assert_eq!(text(&[0xdc51_1fff, 0x01ea_0402]), "scratch_load_b32 v1, v2, vcc_lo offset:-1");
        // Atomics: the destination only with GLC.
        assert_eq!(text(&[0xdcd6_0000, 0x007c_0402]), "global_atomic_add_u32 v[2:3], v4, off");
        assert_eq!(text(&[0xdcd6_4000, 0x017c_0402]), "global_atomic_add_u32 v1, v[2:3], v4, off glc");
        assert_eq!(
            text(&[0xdd0a_4000, 0x007c_0402]),
            "global_atomic_cmpswap_b64 v[0:1], v[2:3], v[4:7], off glc"
        );
        assert_eq!(text(&[0xdca2_0000, 0x0102_0000]), "global_load_addtid_b32 v1, s[2:3]");
    }
}
