//! Text of the interpolation, LDS parameter load and export formats (VINTERP, LDSDIR, EXP), as
//! LLVM 19 prints it: `v_interp_p10_f16_f32 v0, -v1, v2, v3 clamp op_sel:[1,0,1,0] wait_exp:3`,
//! `lds_param_load v1, attr3.y wait_vdst:2`, `exp pos0 off, v1, off, v3 done row_en`.

use super::vop;
use crate::operand;
use crate::{Field, ImmKind, Inst, Kind};

/// Attribute channels, by ATTR_CHAN.
pub(crate) const CHANNELS: [char; 4] = ['x', 'y', 'z', 'w'];

/// Export targets LLVM names for gfx11, by TARGET.
pub(crate) fn exp_target_name(t: u32) -> String {
    match t {
        0..=7 => format!("mrt{t}"),
        8 => "mrtz".into(),
        12..=16 => format!("pos{}", t - 12),
        20 => "prim".into(),
        21 => "dual_src_blend0".into(),
        22 => "dual_src_blend1".into(),
        _ => format!("invalid_target_{t}"),
    }
}

pub(super) fn format(inst: &Inst) -> String {
    let def = inst.def();
    // LLVM's mnemonic for the guide's EXPORT.
    let mut out = if def.name == "export" { "exp".to_string() } else { def.name.clone() };
    let mut sep = " ";
    let mut push = |out: &mut String, text: &str| {
        out.push_str(sep);
        out.push_str(text);
        sep = ", ";
    };
    let neg = inst.field(Field::Neg);
    let en = inst.field(Field::En);
    for op in &def.operands {
        let v = inst.field(op.field);
        match op.kind {
            Kind::Reg(_) => {
                let text = match op.field {
                    Field::Src0 | Field::Src1 | Field::Src2 => {
                        let k = match op.field {
                            Field::Src0 => 0,
                            Field::Src1 => 1,
                            _ => 2,
                        };
                        vgpr_source(v, inst.literal, neg >> k & 1 != 0)
                    }
                    Field::Vsrc0 | Field::Vsrc1 | Field::Vsrc2 | Field::Vsrc3 => {
                        let k = match op.field {
                            Field::Vsrc0 => 0,
                            Field::Vsrc1 => 1,
                            Field::Vsrc2 => 2,
                            _ => 3,
                        };
                        if en >> k & 1 != 0 { operand::vgpr_name(v, 1) } else { "off".into() }
                    }
                    _ => operand::vgpr_name(v, 1),
                };
                push(&mut out, &text);
            }
            Kind::RegRule(r) => push(&mut out, &format!("@{r}")),
            Kind::Imm(ImmKind::Other(kind)) => match kind {
                "attr" if op.field == Field::Attr => {
                    let chan = CHANNELS[(inst.field(Field::AttrChan) & 3) as usize];
                    push(&mut out, &format!("attr{v}.{chan}"));
                }
                "exp_target" => {
                    // The target leads without a comma after it.
                    out.push(' ');
                    out.push_str(&exp_target_name(v));
                }
                "clamp" if v != 0 => out.push_str(" clamp"),
                "op_sel" if v != 0 => {
                    let bits: Vec<String> = (0..4).map(|i| (v >> i & 1).to_string()).collect();
                    out.push_str(&format!(" op_sel:[{}]", bits.join(",")));
                }
                "wait_exp" | "wait_vdst" => out.push_str(&format!(" {kind}:{v}")),
                "done" if v != 0 => out.push_str(" done"),
                "row_en" if v != 0 => out.push_str(" row_en"),
                _ => {}
            },
            Kind::Imm(_) => {}
        }
    }
    out
}

/// A VINTERP source: a VGPR (256 + its number). Anything else is no valid operand; LLVM prints
/// it with the comment its VOP3 printer gives a VGPR operand (none for NULL, SCC and the
/// apertures, which it counts as inline values), and a negated constant as `neg(c)`.
fn vgpr_source(code: u32, literal: Option<u32>, neg: bool) -> String {
    let text = if code >= 256 {
        operand::vgpr_name(code - 256, 1)
    } else if code == operand::LITERAL {
        format!("{:#x}", literal.unwrap_or(0))
    } else if code < 128 {
        operand::reg_name(code, 1).unwrap_or_default()
    } else {
        match operand::const_name(code, 1) {
            Some(c) => c,
            None => return format!("/*invalid operand {code}*/"),
        }
    };
    let text = text + &vop::invalid_comment(vop::shape::Rc::Vgpr, code, 1);
    match (neg, vop::is_constant(code)) {
        (false, _) => text,
        (true, true) => format!("neg({text})"),
        (true, false) => format!("-{text}"),
    }
}

#[cfg(test)]
mod tests {
    use crate::disasm::tests::text;

    #[test]
    fn prints_as_llvm_does() {
        // Bytes and text from llvm-mc-19 -disassemble -mcpu=gfx1100.
        assert_eq!(text(&[0xce03_0001]), "lds_param_load v1, attr0.x wait_vdst:3");
        assert_eq!(text(&[0xce0f_ff01]), "lds_param_load v1, attr63.w wait_vdst:15");
        assert_eq!(text(&[0xce10_0501]), "lds_direct_load v1 wait_vdst:0");
        assert_eq!(text(&[0xcd00_8700, 0xe40e_0501]), "v_interp_p10_f32 v0, -v1, -v2, -v3 clamp wait_exp:7");
        assert_eq!(
            text(&[0xcd02_2800, 0x040e_0501]),
            "v_interp_p10_f16_f32 v0, v1, v2, v3 op_sel:[1,0,1,0] wait_exp:0"
        );
        assert_eq!(
            text(&[0xcd00_0000, 0x000c_0401]),
            "v_interp_p10_f32 v0, s1/*Invalid register, operand has 'VGPR_32' register class*/, \
             s2/*Invalid register, operand has 'VGPR_32' register class*/, \
             s3/*Invalid register, operand has 'VGPR_32' register class*/ wait_exp:0"
        );
        assert_eq!(text(&[0xf800_080f, 0x0302_0100]), "exp mrt0 v0, v1, v2, v3 done");
        assert_eq!(text(&[0xf800_20ca, 0x0300_0100]), "exp pos0 off, v1, off, v3 row_en");
        assert_eq!(text(&[0xf800_009f, 0x0302_0100]), "exp invalid_target_9 v0, v1, v2, v3");
        assert_eq!(text(&[0xf800_016f, 0x0302_0100]), "exp dual_src_blend1 v0, v1, v2, v3");
    }
}
