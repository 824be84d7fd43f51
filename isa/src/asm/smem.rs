//! Operands of the scalar memory (SMEM) format, as llvm-mc-19 accepts them:
//! `s_load_b64 s[0:1], s[2:3], s5 offset:0x20 glc dlc`, `s_buffer_load_b32 s0, s[4:7], 0x10`.
//! It also reads back the few things LLVM prints but rejects (NULL as any register operand,
//! a negative s_buffer_load offset), so that every disassembled instruction reassembles.

use super::lex::Tok;
use super::parser::{Parser, ScalarText, parse_scalar};
use super::{E, Pending, e};
use crate::operand::{self, NULL};
use crate::{Field, ImmKind, InstDef, Kind};

/// Which scalar registers an SMEM operand accepts (LLVM's register classes).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Slot {
    Sdata,
    Sbase,
    Soffset,
}

/// Encodes a scalar register operand of `dwords` dwords for `slot`, or says why not.
fn sreg(s: ScalarText, dwords: u32, slot: Slot, col: usize) -> Result<u32, E> {
    let invalid = || e(col, "invalid operand for instruction");
    let (code, width) = match s {
        ScalarText::Reg(code, width) => (code, width),
        // LLVM accepts NULL as a destination of one or two dwords and as an s_load base, and
        // prints it at any width; this reads back all it prints.
        ScalarText::Code(NULL) => return Ok(NULL),
        _ => return invalid(),
    };
    if width != dwords {
        return e(col, format!("expected a {}-bit register", dwords * 32));
    }
    let ok = match (slot, dwords) {
        // SReg_32_XM0_XEXEC.
        (Slot::Sdata, 1) => !matches!(code, operand::M0 | operand::EXEC_LO | operand::EXEC_HI),
        // SReg_64_XEXEC.
        (Slot::Sdata, 2) => code != operand::EXEC_LO,
        (Slot::Sbase, 2) | (Slot::Soffset, 1) => true,
        // SGPR or TTMP tuples only.
        _ => code < operand::NUM_SGPRS || (operand::TTMP0..operand::NULL).contains(&code),
    };
    if ok { Ok(code) } else { invalid() }
}

/// The 21-bit signed immediate offset. LLVM wants s_buffer_load's non-negative (a negative
/// one faults, guide 8.1.2) but prints negative ones; this reads back what it prints.
fn offset(p: &mut Parser) -> Result<u32, E> {
    let col = p.col();
    match p.expr() {
        Ok(v) if (-0x10_0000..=0xf_ffff).contains(&v) => Ok((v as u32) & 0x1f_ffff),
        _ => e(col, "expected a 21-bit signed offset"),
    }
}

pub(super) fn parse(rows: &[&'static InstDef], suffix: &str, p: &mut Parser) -> Result<Pending, E> {
    let Some(def) = rows.first().copied() else {
        return e(p.col(), "unknown instruction");
    };
    if !suffix.is_empty() {
        return e(p.col(), format!("unknown instruction `{}{suffix}`", def.name));
    }
    let mut out = Pending::new(def);
    let mut first = true;
    for op in &def.operands {
        if op.kind == Kind::Imm(ImmKind::Imm16) {
            // s_atc_probe's immediate: LLVM keeps the low 7 bits of any value.
            first = false;
            let v = p.truncated16("immediate")?;
            out.fields.push((op.field, v & 0x7f));
            continue;
        }
        let Kind::Reg(ty) = op.kind else { continue };
        if !first {
            // LLVM reads operands with or without the commas between them.
            p.eat(",");
        }
        first = false;
        let col = p.col();
        match op.field {
            Field::Sdata | Field::Sbase => {
                if p.at_end() {
                    return e(col, "too few operands for instruction");
                }
                let slot = if op.field == Field::Sdata { Slot::Sdata } else { Slot::Sbase };
                let code = sreg(parse_scalar(p)?, ty.dwords(), slot, col)?;
                // SBASE holds the pair number.
                out.fields.push((op.field, if slot == Slot::Sbase { code / 2 } else { code }));
            }
            Field::Soffset => {
                // `sN [offset:X]`, `X` (SOFFSET = NULL), or nothing (offset 0).
                let (soffset, off) = match p.peek() {
                    None => (NULL, 0),
                    Some(Tok::Ident(name)) if matches!(name.as_str(), "glc" | "dlc" | "noglc" | "nodlc") => {
                        (NULL, 0)
                    }
                    Some(Tok::Ident(name)) if name != "offset" => {
                        let code = sreg(parse_scalar(p)?, 1, Slot::Soffset, col)?;
                        let save = p.pos;
                        p.eat(",");
                        let off = if matches!(p.peek(), Some(Tok::Ident(n)) if n == "offset") {
                            p.pos += 1;
                            p.expect(":")?;
                            offset(p)?
                        } else {
                            p.pos = save;
                            0
                        };
                        (code, off)
                    }
                    Some(Tok::Ident(_)) => return e(col, "not a valid operand."),
                    Some(_) => (NULL, offset(p)?),
                };
                out.fields.push((Field::Soffset, soffset));
                out.fields.push((Field::Offset, off));
            }
            _ => return e(col, format!("unexpected register operand {}", op.field.name())),
        }
    }
    parse_cache_policy(def, p, &mut out)?;
    Ok(out)
}

/// `glc`, `dlc` (and `noglc`, `nodlc`), in any order, each at most once.
fn parse_cache_policy(def: &InstDef, p: &mut Parser, out: &mut Pending) -> Result<(), E> {
    let mut seen: Vec<Field> = Vec::new();
    loop {
        let save = p.pos;
        p.eat(",");
        let col = p.col();
        let Some(Tok::Ident(name)) = p.peek() else {
            p.pos = save;
            return Ok(());
        };
        let (field, value) = match name.as_str() {
            "glc" => (Field::Glc, 1),
            "dlc" => (Field::Dlc, 1),
            "noglc" => (Field::Glc, 0),
            "nodlc" => (Field::Dlc, 0),
            "slc" | "noslc" => return e(col, "invalid cache policy for SMEM instruction"),
            _ => {
                p.pos = save;
                return Ok(());
            }
        };
        if def.operand(field).is_none() {
            return e(col, "invalid operand for instruction");
        }
        if seen.contains(&field) {
            return e(col, "duplicate cache policy modifier");
        }
        seen.push(field);
        p.pos += 1;
        out.fields.push((field, value));
    }
}

#[cfg(test)]
mod tests {
    use crate::asm::tests::{err, words};

    #[test]
    fn encodes_like_llvm() {
        // Encodings from llvm-mc-19 -mcpu=gfx1100 -show-encoding.
        assert_eq!(words("s_load_b32 s0, s[2:3], 0x10"), [0xf400_0001, 0xf800_0010]);
        assert_eq!(words("s_load_b64 s[0:1], s[2:3], s4 offset:0x20"), [0xf404_0001, 0x0800_0020]);
        assert_eq!(words("s_load_b128 s[0:3], s[2:3], null glc dlc"), [0xf408_6001, 0xf800_0000]);
        assert_eq!(words("s_load_b512 s[0:15], s[2:3], -0x100000"), [0xf410_0001, 0xf810_0000]);
        assert_eq!(words("s_buffer_load_b512 s[0:15], ttmp[4:7], s1 offset:4"), [0xf430_0038, 0x0200_0004]);
        assert_eq!(words("s_load_b32 s0, s[2:3], m0 offset:4 dlc"), [0xf400_2001, 0xfa00_0004]);
        assert_eq!(words("s_load_b32 s0, s[2:3], 0x10 dlc glc"), [0xf400_6001, 0xf800_0010]);
        assert_eq!(words("s_load_b32 s0, s[2:3], 0x10 noglc"), [0xf400_0001, 0xf800_0010]);
        assert_eq!(words("s_load_b32 s0, s[2:3]"), [0xf400_0001, 0xf800_0000]);
        assert_eq!(words("s_load_b32 s0 s[2:3] 16+4"), [0xf400_0001, 0xf800_0014]);
        assert_eq!(words("s_load_b32 null, s[0:1], 0"), [0xf400_1f00, 0xf800_0000]);
        assert_eq!(words("s_load_b32 s0, exec, 0"), [0xf400_003f, 0xf800_0000]);
        assert_eq!(words("s_gl1_inv"), [0xf480_0000, 0]);
        // What LLVM prints but does not read: reads back all the same.
        assert_eq!(words("s_buffer_load_b32 s0, s[4:7], -0x1"), [0xf420_0002, 0xf81f_ffff]);
        assert_eq!(words("s_load_b256 null, s[2:3], null"), [0xf40c_1f01, 0xf800_0000]);
        assert_eq!(words("s_buffer_load_b32 s0, s[4:7] glc"), [0xf420_4002, 0xf800_0000]);
    }

    #[test]
    fn rejects_what_llvm_rejects() {
        assert_eq!(
            err("s_load_b32 s0, s[2:3], 0x100000"),
            "t.s:1:24: error: expected a 21-bit signed offset"
        );
        assert_eq!(
            err("s_buffer_load_b32 s0, s[4:7], s1 offset:-0x100001"),
            "t.s:1:41: error: expected a 21-bit signed offset"
        );
        assert_eq!(err("s_load_b32 m0, s[2:3], 4"), "t.s:1:12: error: invalid operand for instruction");
        assert_eq!(err("s_load_b128 vcc, s[0:1], 0"), "t.s:1:13: error: expected a 128-bit register");
        assert_eq!(err("s_load_b64 exec, s[0:1], 0"), "t.s:1:12: error: invalid operand for instruction");
        assert_eq!(err("s_load_b128 s[2:5], s[0:1], 0"), "t.s:1:13: error: invalid register alignment");
        assert_eq!(
            err("s_load_b32 s0, s[2:3], 0x10 glc glc"),
            "t.s:1:33: error: duplicate cache policy modifier"
        );
        assert_eq!(
            err("s_load_b32 s0, s[2:3], 0x10 slc"),
            "t.s:1:29: error: invalid cache policy for SMEM instruction"
        );
        assert_eq!(
            err("s_load_b32 s0, s[2:3], 0 offset:4"),
            "t.s:1:26: error: unexpected text after the operands"
        );
        assert_eq!(err("s_gl1_inv glc"), "t.s:1:11: error: invalid operand for instruction");
        assert_eq!(
            err("s_load_b32 s0, s[2:3], s1 glc offset:4"),
            "t.s:1:31: error: unexpected text after the operands"
        );
    }
}
