//! Text of the scalar formats (SOP1, SOP2, SOPK, SOPC, SOPP) and their symbolic immediates.

use crate::operand::{self, LDS_DIRECT, LITERAL};
use crate::syntax;
use crate::{Field, ImmKind, Inst, Kind};

/// The text LLVM's instruction printer gives for a scalar instruction.
pub(super) fn format(inst: &Inst) -> String {
    let def = inst.def();
    let mut out = def.name.clone();
    let mut first = true;
    for op in &def.operands {
        let text = match op.kind {
            // Scalar rows use neither.
            Kind::RegRule(r) => format!("@{r}"),
            Kind::Reg(ty) => {
                let code = inst.field(op.field);
                if op.field == Field::Lit {
                    format_imm32(code)
                } else if op.field.is_scalar_source() && code >= 128 {
                    let text = if code == LITERAL {
                        format_literal(inst.literal.unwrap_or(0), ty.dwords())
                    } else {
                        // A register-only operand: LLVM prints 1/(2*pi) as the 32-bit constant.
                        let dwords = if def.sreg_only { 1 } else { ty.dwords() };
                        operand::const_name(code, dwords).unwrap_or_else(|| format!("{code}"))
                    };
                    // LLVM's printer flags what the operand's register class lacks (LDS_DIRECT
                    // in a 64-bit source is no instruction at all: legal.rs).
                    match code {
                        LDS_DIRECT => text + "/*Invalid register, operand has 'SReg_32' register class*/",
                        128..=208 | 240..=248 | LITERAL if def.sreg_only => text + "/*Invalid immediate*/",
                        _ => text,
                    }
                } else {
                    // A misaligned pair is aligned down, as LLVM prints it (with a warning).
                    operand::tuple_name(code, ty.dwords()).unwrap_or_else(|| format!("{code}"))
                }
            }
            Kind::Imm(kind) => {
                let v = inst.field(op.field);
                match format_imm(kind, v) {
                    Some(t) => t,
                    None => continue,
                }
            }
        };
        out.push_str(if first { " " } else { ", " });
        first = false;
        out.push_str(&text);
    }
    out
}

/// A source literal as LLVM's printer gives it: whatever the encoding, a value an inline
/// constant could name is printed as that constant (a linker's resolved relocation can leave
/// `s_addc_u32 s3, s3, 0` as a literal 0), else hex. A 32-bit operand's value in the inline
/// integer range is decimal and an inline float's is its name (the VOP rule); a 64-bit
/// operand's literal is decimal from 0 to 64 (the same value whether the type sign- or
/// zero-extends it), else hex.
fn format_literal(v: u32, dwords: u32) -> String {
    if dwords == 1 {
        super::vop::consts::literal_text(v, super::vop::shape::Class::B32)
    } else if v <= 64 {
        v.to_string()
    } else {
        format!("{v:#x}")
    }
}

/// A 32-bit immediate operand (not a source literal): decimal in the inline range, else hex.
fn format_imm32(v: u32) -> String {
    if (-16..=64).contains(&(v as i32)) { (v as i32).to_string() } else { format!("{v:#x}") }
}

/// LLVM's u16 immediates: decimal up to 64, hex above.
pub(crate) fn format_u16(v: u32) -> String {
    if v <= 64 { v.to_string() } else { format!("{v:#x}") }
}

/// `s_version`: the version byte (named when known) or'ed with the flag bits; a plain
/// immediate when other bits are set.
fn format_version(v: u32) -> String {
    if v & !(0xff | syntax::UC_VERSION_FLAGS.iter().map(|(b, _)| b).fold(0, |a, b| a | b)) != 0 {
        return format_u16(v);
    }
    let version = v & 0xff;
    let mut expr = syntax::uc_version_name(version).map_or_else(|| version.to_string(), str::to_string);
    let mut nested = false;
    for (bit, name) in syntax::UC_VERSION_FLAGS {
        if v & bit != 0 {
            expr = if nested { format!("({expr})|{name}") } else { format!("{expr}|{name}") };
            nested = true;
        }
    }
    expr
}

/// Text of an immediate operand; `None` when LLVM prints nothing for it.
pub fn format_imm(kind: ImmKind, v: u32) -> Option<String> {
    Some(match kind {
        ImmKind::Hex16 => format!("{v:#x}"),
        ImmKind::Imm16 => format_u16(v),
        ImmKind::Label => v.to_string(),
        ImmKind::Version => format_version(v),
        ImmKind::Endpgm => {
            if v == 0 {
                return None;
            }
            v.to_string()
        }
        ImmKind::None => return None,
        ImmKind::Other("depctr") => format_depctr(v),
        ImmKind::Other(k) => format!("{k}:{v}"),
        ImmKind::Waitcnt => format_waitcnt(v),
        ImmKind::Delay => format_delay(v),
        ImmKind::Hwreg => format_hwreg(v),
        ImmKind::Sendmsg => format_sendmsg(v),
    })
}

fn format_waitcnt(v: u32) -> String {
    let w = syntax::Waitcnt::decode(v);
    let all = [("vmcnt", w.vm, 63), ("expcnt", w.exp, 7), ("lgkmcnt", w.lgkm, 63)];
    let mut parts: Vec<String> =
        all.iter().filter(|(_, c, max)| c != max).map(|(n, c, _)| format!("{n}({c})")).collect();
    if parts.is_empty() {
        parts = all.iter().map(|(n, c, _)| format!("{n}({c})")).collect();
    }
    parts.join(" ")
}

/// `s_waitcnt_depctr`: the fields that differ from their no-wait value, or all of them when
/// none does; a value with bits outside the fields prints as hex (as LLVM does).
fn format_depctr(v: u32) -> String {
    if v & !syntax::DEPCTR_MASK != 0 {
        return format!("{v:#x}");
    }
    let fields: Vec<(&str, u32, u32)> = syntax::DEPCTR
        .iter()
        .map(|&(name, shift, width)| (name, v >> shift & ((1 << width) - 1), (1 << width) - 1))
        .collect();
    let mut parts: Vec<String> =
        fields.iter().filter(|(_, f, max)| f != max).map(|(n, f, _)| format!("{n}({f})")).collect();
    if parts.is_empty() {
        parts = fields.iter().map(|(n, f, _)| format!("{n}({f})")).collect();
    }
    parts.join(" ")
}

fn format_delay(v: u32) -> String {
    let id0 = v & 0xf;
    let skip = (v >> 4) & 0x7;
    let id1 = (v >> 7) & 0xf;
    let mut parts = Vec::new();
    let id_name = |id: u32| {
        syntax::DELAY_INSTID.get(id as usize).copied().flatten().unwrap_or("/* invalid instid value */")
    };
    if id0 != 0 {
        parts.push(format!("instid0({})", id_name(id0)));
    }
    if skip != 0 {
        let n = syntax::DELAY_SKIP.get(skip as usize).copied().unwrap_or("/* invalid instskip value */");
        parts.push(format!("instskip({n})"));
    }
    if id1 != 0 {
        parts.push(format!("instid1({})", id_name(id1)));
    }
    if parts.is_empty() {
        return "0".into();
    }
    parts.join(" | ")
}

fn format_hwreg(v: u32) -> String {
    let id = v & 0x3f;
    let offset = (v >> 6) & 0x1f;
    let size = ((v >> 11) & 0x1f) + 1;
    let name = syntax::hwreg_name(id).map_or_else(|| id.to_string(), str::to_string);
    if offset == 0 && size == 32 {
        format!("hwreg({name})")
    } else {
        format!("hwreg({name}, {offset}, {size})")
    }
}

fn format_sendmsg(v: u32) -> String {
    let id = v & 0xff;
    if let Some(name) = syntax::msg_name(id) {
        return format!("sendmsg({name})");
    }
    if v == id {
        return format!("sendmsg({id}, 0, 0)");
    }
    v.to_string()
}

#[cfg(test)]
mod tests {
    use crate::disasm::tests::text;

    /// A literal whose value an inline constant could name prints as that constant, as
    /// llvm-objdump-19 prints the linked relocation in generic.hsaco (`8203FF03 00000000`).
    #[test]
    fn literals_print_as_llvm_prints_them() {
        assert_eq!(text(&[0x8203_ff03, 0]), "s_addc_u32 s3, s3, 0");
        assert_eq!(text(&[0x8203_ff03, 0xffff_fff0]), "s_addc_u32 s3, s3, -16");
        assert_eq!(text(&[0x8203_ff03, 0x3f80_0000]), "s_addc_u32 s3, s3, 1.0");
        assert_eq!(text(&[0x8203_ff03, 0x1234]), "s_addc_u32 s3, s3, 0x1234");
    }
}
