//! Text of the scalar memory (SMEM) format, as LLVM 19 prints it:
//! `s_load_b64 s[0:1], s[2:3], s5 offset:0x20 glc dlc`.

use crate::operand::{self, NULL};
use crate::{Field, ImmKind, Inst, Kind};

/// LLVM's register classes of the SMEM operands: which registers it flags in a comment.
fn class_comment(field: Field, dwords: u32, code: u32) -> Option<&'static str> {
    let (class, bad): (&str, &[u32]) = match (field, dwords) {
        (Field::Sdata, 1) => ("SReg_32_XM0_XEXEC", &[operand::M0, operand::EXEC_LO, operand::EXEC_HI]),
        (Field::Sdata, 2) => ("SReg_64_XEXEC", &[operand::EXEC_LO]),
        (Field::Sdata | Field::Sbase, 4) => ("SReg_128", &[operand::VCC_LO, operand::EXEC_LO]),
        (Field::Sdata, 8) => ("SReg_256", &[operand::VCC_LO, operand::EXEC_LO]),
        (Field::Sdata, 16) => ("SReg_512", &[operand::VCC_LO, operand::EXEC_LO]),
        _ => return None,
    };
    bad.contains(&code).then_some(class)
}

/// A scalar register operand as LLVM prints it, with its invalid-register comment if any.
fn sreg(field: Field, code: u32, dwords: u32) -> String {
    let name = operand::tuple_name(code, dwords).unwrap_or_else(|| format!("/*invalid sgpr {code}*/"));
    match class_comment(field, dwords, code) {
        Some(class) => format!("{name}/*Invalid register, operand has '{class}' register class*/"),
        None => name,
    }
}

/// The 21-bit signed offset as LLVM prints it: signed hex.
pub(crate) fn signed_hex(v: u32, bits: u32) -> String {
    let x = (i64::from(v) << (64 - bits)) >> (64 - bits);
    if x < 0 { format!("-{:#x}", -x) } else { format!("{x:#x}") }
}

pub(super) fn format(inst: &Inst) -> String {
    let def = inst.def();
    let mut out = def.name.clone();
    let mut sep = " ";
    let mut flags = String::new();
    for op in &def.operands {
        let v = inst.field(op.field);
        let text = match (op.kind, op.field) {
            (Kind::Reg(ty), Field::Soffset) => {
                let offset = inst.field(Field::Offset);
                let _ = ty;
                match (v, offset) {
                    (NULL, 0) => "null".to_string(),
                    (NULL, off) => signed_hex(off, 21),
                    (reg, 0) => sreg(op.field, reg, 1),
                    (reg, off) => format!("{} offset:{}", sreg(op.field, reg, 1), signed_hex(off, 21)),
                }
            }
            (Kind::Reg(ty), Field::Sbase) => sreg(op.field, v * 2, ty.dwords()),
            (Kind::Reg(ty), _) => sreg(op.field, v, ty.dwords()),
            // s_atc_probe's immediate.
            (Kind::Imm(ImmKind::Imm16), _) => super::scalar::format_u16(v),
            (Kind::Imm(ImmKind::Other("glc" | "dlc")), _) => {
                if v != 0 {
                    flags.push(' ');
                    flags.push_str(op.field.name());
                }
                continue;
            }
            // The offset prints with SOFFSET.
            (Kind::Imm(_), _) | (Kind::RegRule(_), _) => continue,
        };
        out.push_str(sep);
        out.push_str(&text);
        sep = ", ";
    }
    out.push_str(&flags);
    out
}

#[cfg(test)]
mod tests {
    use crate::disasm::tests::text;

    #[test]
    fn offsets_and_soffset_print_as_llvm_does() {
        // Bytes and text from llvm-mc-19 -disassemble -mcpu=gfx1100.
        assert_eq!(text(&[0xf400_0001, 0xf800_0010]), "s_load_b32 s0, s[2:3], 0x10");
        assert_eq!(text(&[0xf400_0001, 0xf81f_ffff]), "s_load_b32 s0, s[2:3], -0x1");
        assert_eq!(text(&[0xf400_0001, 0xf800_0000]), "s_load_b32 s0, s[2:3], null");
        assert_eq!(text(&[0xf400_0001, 0x0810_0000]), "s_load_b32 s0, s[2:3], s4 offset:-0x100000");
        assert_eq!(text(&[0xf400_0001, 0xd400_0000]), "s_load_b32 s0, s[2:3], vcc_lo");
        assert_eq!(text(&[0xf408_6001, 0xf800_0000]), "s_load_b128 s[0:3], s[2:3], null glc dlc");
    }

    #[test]
    fn tuples_align_down_and_flag_invalid_classes() {
        // s_buffer_load_b128 with SDATA 1 and SBASE 3: LLVM aligns both down.
        assert_eq!(text(&[0xf428_4043, 0x0000_0004]), "s_buffer_load_b128 s[0:3], s[4:7], s0 offset:0x4 glc");
        assert_eq!(
            text(&[0xf400_1f41, 0xf800_0000]),
            "s_load_b32 m0/*Invalid register, operand has 'SReg_32_XM0_XEXEC' register class*/, s[2:3], null"
        );
        assert_eq!(
            text(&[0xf420_003f, 0xf800_0000]),
            "s_buffer_load_b32 s0, exec/*Invalid register, operand has 'SReg_128' register class*/, null"
        );
        assert_eq!(text(&[0xf410_1b01, 0xf800_0000]), "s_load_b512 ttmp[0:15], s[2:3], null");
    }

    #[test]
    fn cache_invalidates_have_no_operands() {
        assert_eq!(text(&[0xf480_0000, 0]), "s_gl1_inv");
        assert_eq!(text(&[0xf484_0000, 0]), "s_dcache_inv");
    }
}
