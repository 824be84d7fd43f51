//! Text of the buffer formats (MUBUF, MTBUF), as LLVM 19 prints them for gfx1100:
//! `buffer_load_b32 v[1:2], v[2:3], s[4:7], s1 idxen offen offset:4095 glc tfe`,
//! `tbuffer_store_format_x v1, off, s[4:7], 0 format:[BUF_FMT_32_FLOAT]`.
//! The rules (`@bufaddr`, TFE's status dword, the format) are those of `table/mubuf.isa`.

use super::flat::{Text, modifier, sreg_tuple, vgpr_name};
use crate::operand;
use crate::{Field, ImmKind, Inst, Kind, Operand};

/// The scalar source code LLVM names `src_pops_exiting_wave_id` (graphics).
pub(crate) const SRC_POPS_EXITING_WAVE_ID: u32 = 239;

/// MTBUF's format when the instruction omits it (BUF_FMT_8_UNORM).
pub(crate) const DEFAULT_FORMAT: u32 = 1;

/// The text LLVM's instruction printer gives for a MUBUF or MTBUF instruction.
pub(super) fn format(inst: &Inst) -> String {
    let def = inst.def();
    let mut out = Text::new(def);
    for op in &def.operands {
        let v = inst.field(op.field);
        match (op.kind, op.field) {
            (Kind::Reg(ty), Field::Srsrc) => out.reg(sreg_tuple(v * 4, ty.dwords())),
            (Kind::Reg(_), Field::Soffset) if v == operand::LITERAL => {
                out.reg(format!("{:#x}", inst.literal.unwrap_or(0)))
            }
            (Kind::Reg(_), Field::Soffset) => out.reg(soffset(v)),
            (Kind::Reg(_) | Kind::RegRule(_), _) => {
                out.reg(vgpr_operand(inst, op).map_or("off".into(), |(n, w)| vgpr_name(n, w)))
            }
            (Kind::Imm(ImmKind::Other("buf_format")), _) if v != DEFAULT_FORMAT => {
                out.modifier(match operand::buf_format_name(v) {
                    Some(name) => format!("format:[{name}]"),
                    None => format!("format:{v}"),
                });
            }
            (Kind::Imm(kind), _) => modifier(&mut out, op, kind, v),
        }
    }
    out.finish()
}

/// The VGPR tuple (first register, dwords) a MUBUF or MTBUF operand prints as: VDATA with
/// TFE's status dword; `@bufaddr` the index and offset VGPRs IDXEN and OFFEN ask for (none:
/// `off`). None for SRSRC, SOFFSET and modifiers.
pub(crate) fn vgpr_operand(inst: &Inst, op: &Operand) -> Option<(u32, u32)> {
    // The widths are the legality rules' (isa/src/legal.rs), which the RTL decoder applies too.
    crate::legal::row_rules(inst.def()).tuples.iter().find(|t| t.field == op.field)?.of(inst)
}

/// SOFFSET: an SGPR, M0, NULL, or an inline constant (the literal is printed by the caller).
fn soffset(code: u32) -> String {
    match code {
        SRC_POPS_EXITING_WAVE_ID => return "src_pops_exiting_wave_id".into(),
        254 => return "src_lds_direct/*Invalid register, operand has 'SReg_32' register class*/".into(),
        _ => {}
    }
    operand::reg_name(code, 1)
        .or_else(|| operand::const_name(code, 1))
        .unwrap_or_else(|| format!("/*invalid soffset {code}*/"))
}

#[cfg(test)]
mod tests {
    use crate::disasm::tests::text;

    #[test]
    fn prints_like_llvm() {
        // Expected text from llvm-mc-19 -mcpu=gfx1100 -disassemble.
        assert_eq!(text(&[0xe050_0123, 0x0101_0402]), "buffer_load_b32 v4, off, s[4:7], s1 offset:291");
        assert_eq!(
            text(&[0xe050_7123, 0x01e1_0402]),
            "buffer_load_b32 v[4:5], v[2:3], s[4:7], s1 idxen offen offset:291 glc slc dlc tfe"
        );
        assert_eq!(text(&[0xe068_0000, 0x0121_0402]), "buffer_store_b32 v[4:5], off, s[4:7], s1 tfe");
        assert_eq!(text(&[0xe0c4_0000, 0x0141_0402]), "buffer_load_lds_b32 v2, s[4:7], s1 offen");
        assert_eq!(text(&[0xe0ac_0000, 0x0000_0000]), "buffer_gl0_inv");
        assert_eq!(
            text(&[0xe8b0_0123, 0x0181_0402]),
            "tbuffer_load_format_x v4, v2, s[4:7], s1 format:[BUF_FMT_32_FLOAT] idxen offset:291"
        );
        // The default format is not printed; formats above 63 print as numbers.
        assert_eq!(text(&[0xe808_0000, 0x0101_0402]), "tbuffer_load_format_x v4, off, s[4:7], s1");
        assert_eq!(text(&[0xebf8_0000, 0xc101_0402]), "tbuffer_load_format_x v4, off, s[4:7], -1 format:127");
    }
}
