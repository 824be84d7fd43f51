//! Instruction text in LLVM's syntax (`llvm-mc -mcpu=gfx1100`), derived from the table.

use std::fmt::Write;

use crate::isa::operand::{self, LITERAL};
use crate::isa::{Field, ImmKind, Inst, Kind};
use crate::syntax;

/// The text LLVM's instruction printer gives for `inst`, without the encoding comment.
pub fn format_inst(inst: &Inst) -> String {
    let def = inst.def();
    let mut out = def.name.clone();
    let mut first = true;
    for op in &def.operands {
        let text = match op.kind {
            Kind::Reg(ty) => {
                let code = inst.field(op.field);
                if op.field == Field::Lit {
                    format_imm32(code)
                } else if op.field.is_scalar_source() && code >= 128 {
                    if code == LITERAL {
                        format_literal(inst.literal.unwrap_or(0))
                    } else {
                        operand::const_name(code, ty.dwords()).unwrap_or_else(|| format!("{code}"))
                    }
                } else {
                    operand::reg_name(code, ty.dwords()).unwrap_or_else(|| format!("{code}"))
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

fn format_literal(v: u32) -> String {
    format!("{v:#x}")
}

/// A 32-bit immediate operand (not a source literal): decimal in the inline range, else hex.
fn format_imm32(v: u32) -> String {
    if (-16..=64).contains(&(v as i32)) { (v as i32).to_string() } else { format!("{v:#x}") }
}

/// LLVM's u16 immediates: decimal up to 64, hex above.
fn format_u16(v: u32) -> String {
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

/// One line as `llvm-objdump -d --mcpu=gfx1100` prints it: a tab, the instruction text padded
/// to a fixed column, `// `, the 12-digit byte offset and the dwords in upper-case hex.
pub fn objdump_line(text: &str, offset: u64, dwords: &[u32]) -> String {
    let mut line = String::with_capacity(96);
    line.push('\t');
    line.push_str(text);
    // LLVM pads the instruction text to 59 columns after the tab, and always leaves a space.
    let pad = 59usize.saturating_sub(text.len()).max(1);
    line.extend(std::iter::repeat_n(' ', pad));
    let _ = write!(line, "// {offset:012X}:");
    for d in dwords {
        let _ = write!(line, " {d:08X}");
    }
    line
}

/// Disassembles raw code: one line per instruction in llvm-objdump's format. Words that are
/// no instruction print as `.long` with a comment, as LLVM does, and decoding continues with
/// the next dword.
pub fn disassemble_raw(bytes: &[u8]) -> Vec<String> {
    let (dwords, rest) = crate::isa::bytes_to_dwords(bytes);
    let mut out = Vec::new();
    let mut i = 0;
    while i < dwords.len() {
        let offset = i as u64 * 4;
        match crate::isa::decode(&dwords[i..]) {
            Ok(inst) => {
                let n = inst.dwords() as usize;
                out.push(objdump_line(&format_inst(&inst), offset, &dwords[i..i + n]));
                i += n;
            }
            Err(_) => {
                out.push(objdump_line(&format!(".long {:#010x}", dwords[i]), offset, &dwords[i..i + 1]));
                i += 1;
            }
        }
    }
    if !rest.is_empty() {
        out.push(format!("\t// {} trailing bytes ignored", rest.len()));
    }
    out
}
