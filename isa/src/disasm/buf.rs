//! Text of the buffer formats (MUBUF, MTBUF), as LLVM 19 prints them for gfx1100:
//! `buffer_load_b32 v[1:2], v[2:3], s[4:7], s1 idxen offen offset:4095 glc tfe`,
//! `tbuffer_store_format_x v1, off, s[4:7], 0 format:[BUF_FMT_32_FLOAT]`.
//! The rules (`@bufaddr`, TFE's status dword, the format) are those of `table/mubuf.isa`.

use super::flat::{Text, modifier, sreg_tuple, vgpr_name};
use crate::operand;
use crate::{Field, ImmKind, Inst, Kind};

/// The scalar source code LLVM names `src_pops_exiting_wave_id` (graphics).
pub(crate) const SRC_POPS_EXITING_WAVE_ID: u32 = 239;

/// MTBUF's format when the instruction omits it (BUF_FMT_8_UNORM).
pub(crate) const DEFAULT_FORMAT: u32 = 1;

/// The text LLVM's instruction printer gives for a MUBUF or MTBUF instruction.
pub(super) fn format(inst: &Inst) -> String {
    let def = inst.def();
    let tfe = u32::from(def.operand(Field::Tfe).is_some() && inst.field(Field::Tfe) != 0);
    let mut out = Text::new(def);
    for op in &def.operands {
        let v = inst.field(op.field);
        match op.kind {
            Kind::Reg(ty) => out.reg(match op.field {
                Field::Srsrc => sreg_tuple(v * 4, ty.dwords()),
                Field::Soffset => soffset(v),
                _ => vgpr_name(v, ty.dwords() + tfe),
            }),
            Kind::RegRule(_) => {
                // `@bufaddr`: index and offset VGPRs as IDXEN and OFFEN say.
                let n = inst.field(Field::Idxen) + inst.field(Field::Offen);
                out.reg(if n == 0 { "off".into() } else { vgpr_name(v, n) });
            }
            Kind::Imm(ImmKind::Other("buf_format")) if v != DEFAULT_FORMAT => {
                out.modifier(match operand::buf_format_name(v) {
                    Some(name) => format!("format:[{name}]"),
                    None => format!("format:{v}"),
                });
            }
            Kind::Imm(kind) => modifier(&mut out, op, kind, v),
        }
    }
    out.finish()
}

/// SOFFSET: an SGPR, M0, NULL, or an inline constant.
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
