//! Operands of the buffer formats (MUBUF, MTBUF), as llvm-mc-19 accepts them for gfx1100:
//! `buffer_load_b32 v[1:2], v[2:3], s[4:7], s1 idxen offen offset:4095 glc tfe`,
//! `tbuffer_store_format_x v1, off, s[4:7], 0 format:[BUF_FMT_32_FLOAT]` (also
//! `format:[BUF_DATA_FORMAT_32, BUF_NUM_FORMAT_FLOAT]`, `format:22`, and a numeric format
//! before SOFFSET: `tbuffer_load_format_x v4, off, s[4:7], format:22, s1`).

use super::flat::{
    Item, Modifier, Positional, Value, check_count, check_duplicates, flag, imm_kind, invalid, modifiers,
    offset, positionals, single_row, vgpr,
};
use super::lex::Tok;
use super::parser::{Parser, ScalarText, encode_scalar};
use super::{E, Pending, e};
use crate::operand::{self, LITERAL};
use crate::{Field, InstDef, Kind, Role, Ty};

/// MTBUF's format when the instruction omits it (BUF_FMT_8_UNORM).
const DEFAULT_FORMAT: u32 = 1;

pub(super) fn parse(rows: &[&'static InstDef], suffix: &str, p: &mut Parser) -> Result<Pending, E> {
    let def = single_row(rows, suffix, p)?;
    let mut regs = positionals(p, false)?;
    let mut mods = Vec::new();
    // LLVM reads a numeric format between SRSRC and SOFFSET.
    if matches!(p.peek(), Some(Tok::Ident(n)) if n.eq_ignore_ascii_case("format"))
        && matches!(p.toks.get(p.pos + 1).map(|t| &t.tok), Some(Tok::Punct(":")))
        && regs.len() + 1 == def.operands.iter().filter(|o| o.role != Role::Imm).count()
    {
        let col = p.col();
        p.pos += 2;
        let vcol = p.col();
        let v = p.expr()?;
        p.expect(",")?;
        mods.push(Modifier { name: "format".into(), col, value: Some((Value::Int(v), vcol)) });
        regs.extend(positionals(p, false)?);
    }
    mods.extend(modifiers(p)?);
    check_duplicates(&mods)?;
    let mut out = Pending::new(def);
    let (mut idxen, mut offen, mut tfe) = (false, false, false);
    let mut format = None;
    for m in &mods {
        match m.name.as_str() {
            "offset" => out.fields.push((Field::Offset, offset(m, imm_kind(def, Field::Offset))?)),
            "format" if imm_kind(def, Field::Format) == Some("buf_format") => format = Some(buf_format(m)?),
            _ => {
                let (field, on) = flag(def, m)?;
                match field {
                    Field::Idxen => idxen = on,
                    Field::Offen => offen = on,
                    Field::Tfe => tfe = on,
                    _ => {}
                }
                out.fields.push((field, u32::from(on)));
            }
        }
    }
    if imm_kind(def, Field::Format) == Some("buf_format") {
        out.fields.push((Field::Format, format.unwrap_or(DEFAULT_FORMAT)));
    }
    let wanted: Vec<_> = def.operands.iter().filter(|o| o.role != Role::Imm).collect();
    check_count(&regs, wanted.len(), p)?;
    for (r, op) in regs.into_iter().zip(wanted) {
        let col = r.col;
        let value = match (op.field, op.kind) {
            (Field::Vaddr, Kind::RegRule(_)) => match u32::from(idxen) + u32::from(offen) {
                0 if matches!(r.item, Item::Off) => continue,
                0 => return e(col, "expected `off` without idxen and offen"),
                n => vgpr(r, n)?,
            },
            (Field::Srsrc, Kind::Reg(ty)) => srsrc(r, ty.dwords())?,
            (Field::Soffset, Kind::Reg(_)) => soffset(r)?,
            (_, Kind::Reg(ty)) => vgpr(r, ty.dwords() + u32::from(tfe))?,
            _ => return invalid(col),
        };
        out.fields.push((op.field, value));
    }
    Ok(out)
}

/// A resource or sampler descriptor: an SGPR or TTMP tuple; the field holds the quad number.
pub(super) fn srsrc(r: Positional, dwords: u32) -> Result<u32, E> {
    match r.item {
        Item::Scalar(ScalarText::Reg(code, w))
            if w == dwords && !(operand::NUM_SGPRS..operand::TTMP0).contains(&code) =>
        {
            Ok(code / 4)
        }
        Item::Scalar(ScalarText::Reg(..)) => e(r.col, format!("expected a {}-bit register", dwords * 32)),
        // LLVM prints quad 31 as `null` (and does not read it back); this assembler does.
        Item::Scalar(ScalarText::Code(operand::NULL)) => Ok(operand::NULL / 4),
        _ => invalid(r.col),
    }
}

/// SOFFSET: an SGPR, M0, NULL, or an inline constant. No literal: LLVM 19 decodes and prints
/// one (SOFFSET 255 and a literal dword) but does not assemble it.
fn soffset(r: Positional) -> Result<u32, E> {
    let Item::Scalar(s) = r.item else { return invalid(r.col) };
    if matches!(s, ScalarText::Vgpr(..)) {
        return invalid(r.col);
    }
    let mut literal = None;
    match encode_scalar(s, Ty::U32, true, &mut literal, r.col)? {
        LITERAL => e(r.col, "invalid operand for instruction: SOFFSET takes no literal"),
        code => Ok(code),
    }
}

/// `format:N`, `format:[BUF_FMT_...]`, or `format:[BUF_DATA_FORMAT_..., BUF_NUM_FORMAT_...]`.
fn buf_format(m: &Modifier) -> Result<u32, E> {
    let Some((value, vcol)) = &m.value else {
        return e(m.col, "expected `format:`");
    };
    match value {
        Value::Int(v) if (0..=127).contains(v) => Ok(*v as u32),
        Value::Int(_) => e(*vcol, "out of range format"),
        Value::Names(names) => {
            if let [(name, _)] = names.as_slice()
                && let Some(v) = operand::buf_format_by_name(name)
            {
                return Ok(v);
            }
            let (mut data, mut num) = (None, None);
            for (name, col) in names {
                let find = |prefix: &str, list: &[&str]| {
                    name.strip_prefix(prefix)
                        .and_then(|n| list.iter().position(|x| *x == n))
                        .map(|v| v as u32)
                };
                if let Some(d) = find("BUF_DATA_FORMAT_", &operand::BUF_DATA_FORMATS)
                    && data.is_none()
                {
                    data = Some(d);
                } else if let Some(n) = find("BUF_NUM_FORMAT_", &operand::BUF_NUM_FORMATS)
                    && num.is_none()
                {
                    num = Some(n);
                } else {
                    return e(*col, format!("unknown or duplicate format `{name}`"));
                }
            }
            operand::buf_format_split(data, num).ok_or(E { col: *vcol, msg: "unsupported format".into() })
        }
        Value::Name(_) => e(*vcol, "expected a format string"),
    }
}

#[cfg(test)]
mod tests {
    use crate::asm::tests::{err, words};

    #[test]
    fn encodes_like_llvm() {
        // Expected words from llvm-mc-19 -mcpu=gfx1100 -show-encoding.
        assert_eq!(words("buffer_load_b32 v1, off, s[4:7], s1"), [0xe050_0000, 0x0101_0100]);
        assert_eq!(words("buffer_load_b32 v1, off, s[4:7], -1"), [0xe050_0000, 0xc101_0100]);
        assert_eq!(
            words("buffer_load_b32 v[4:5], v1, s[4:7], s1 offen offset:4 glc slc dlc tfe"),
            [0xe050_7004, 0x0161_0401]
        );
        assert_eq!(words("buffer_load_b32 v1, v[2:3], s[4:7], s1 idxen offen"), [0xe050_0000, 0x01c1_0102]);
        // LLVM keeps the low 12 bits of a 16-bit offset.
        assert_eq!(words("buffer_load_b32 v1, off, s[4:7], s1 offset:4097"), [0xe050_0001, 0x0101_0100]);
        assert_eq!(words("buffer_load_lds_b32 off, s[4:7], s1"), [0xe0c4_0000, 0x0101_0000]);
        assert_eq!(words("buffer_gl0_inv"), [0xe0ac_0000, 0x0000_0000]);
        assert_eq!(
            words("tbuffer_load_format_x v4, off, s[4:7], s1 format:[BUF_FMT_32_FLOAT]"),
            [0xe8b0_0000, 0x0101_0400]
        );
        assert_eq!(
            words(
                "tbuffer_load_format_x v4, off, s[4:7], s1 format:[BUF_NUM_FORMAT_FLOAT, BUF_DATA_FORMAT_32]"
            ),
            [0xe8b0_0000, 0x0101_0400]
        );
        assert_eq!(words("tbuffer_load_format_x v4, off, s[4:7], format:22, s1"), [0xe8b0_0000, 0x0101_0400]);
        assert_eq!(words("tbuffer_load_format_x v4, off, s[4:7], s1"), [0xe808_0000, 0x0101_0400]);
    }

    #[test]
    fn errors_say_what_is_wrong() {
        assert_eq!(
            err("buffer_load_b32 v1, off, s[4:7], 0x1234"),
            "t.s:1:34: error: invalid operand for instruction: SOFFSET takes no literal"
        );
        assert_eq!(
            err("buffer_load_b32 v1, v2, s[4:7], s1"),
            "t.s:1:21: error: expected `off` without idxen and offen"
        );
        assert_eq!(
            err("buffer_load_b32 v1, v2, s[4:7], s1 offen tfe"),
            "t.s:1:17: error: expected a 64-bit register"
        );
        assert_eq!(
            err("tbuffer_load_format_x v4, off, s[4:7], s1 format:[BUF_DATA_FORMAT_32]"),
            "t.s:1:50: error: unsupported format"
        );
        assert_eq!(
            err("tbuffer_load_format_x v4, off, s[4:7], s1 format:128"),
            "t.s:1:50: error: out of range format"
        );
        assert_eq!(
            err("buffer_load_b32 v1, off, s[4:7], s1 offset:65536"),
            "t.s:1:44: error: expected a 16-bit unsigned offset"
        );
    }
}
