//! Operands of the FLAT, GLOBAL and SCRATCH formats, as llvm-mc-19 accepts them for gfx1100:
//! `global_load_b32 v1, v2, s[4:5] offset:-8 glc slc dlc`, `scratch_store_b32 off, v1, s2`,
//! `flat_atomic_add_u32 v1, v[2:3], v4 glc` (an atomic's destination comes with GLC).
//!
//! The helpers at the end (positional operands, `off`, modifiers) are shared with the buffer
//! and image parsers.

use super::lex::Tok;
use super::parser::{Parser, ScalarText, parse_scalar};
use super::{E, Pending, e};
use crate::operand::{self, NULL};
use crate::{Field, ImmKind, InstDef, Kind, Role};

pub(super) fn parse(rows: &[&'static InstDef], suffix: &str, p: &mut Parser) -> Result<Pending, E> {
    let def = single_row(rows, suffix, p)?;
    let start = p.col();
    let regs = positionals(p, false)?;
    let mods = modifiers(p)?;
    let mut out = Pending::new(def);
    let mut glc = None;
    for m in &mods {
        match m.name.as_str() {
            "offset" => {
                let kind = imm_kind(def, Field::Offset);
                out.fields.push((Field::Offset, offset(m, kind)?));
            }
            _ => {
                let (field, on) = flag(def, m)?;
                if field == Field::Glc {
                    glc = Some(on);
                }
                out.fields.push((field, u32::from(on)));
            }
        }
    }
    check_duplicates(&mods)?;
    let glc = glc.unwrap_or(false);
    // The register operands the row has, without an atomic's destination when GLC is clear.
    let rtn = def.operands.iter().any(|o| o.kind == Kind::Imm(ImmKind::Other("rtn")));
    let wanted: Vec<_> = def.operands.iter().filter(|o| o.role != Role::Imm).collect();
    let wanted: Vec<_> = if rtn && regs.len() + 1 == wanted.len() {
        if glc {
            return e(start, "instruction must not use glc");
        }
        wanted.into_iter().filter(|o| o.field != Field::Vdst).collect()
    } else {
        if rtn && !glc && regs.len() == wanted.len() {
            return e(start, "instruction must use glc");
        }
        wanted
    };
    check_count(&regs, wanted.len(), p)?;
    // GLOBAL's address width follows SADDR: a pair with `off`, one VGPR with an SGPR base.
    let saddr_off =
        regs.iter().zip(&wanted).any(|(r, o)| o.field == Field::Saddr && matches!(r.item, Item::Off));
    if imm_kind(def, Field::Saddr) == Some("off") {
        // FLAT has no SADDR operand; the field holds NULL.
        out.fields.push((Field::Saddr, NULL));
    }
    for (r, op) in regs.into_iter().zip(wanted) {
        let col = r.col;
        match (op.field, op.kind) {
            (Field::Saddr, Kind::Reg(ty)) => {
                let code = match r.item {
                    Item::Off => NULL,
                    Item::Scalar(s) => saddr(s, ty.dwords(), col)?,
                    Item::List(_) => return invalid(col),
                };
                out.fields.push((Field::Saddr, code));
            }
            (Field::Addr, Kind::RegRule("gaddr")) => {
                let n = vgpr(r, if saddr_off { 2 } else { 1 })?;
                out.fields.push((Field::Addr, n));
            }
            (Field::Addr, Kind::RegRule(_)) => {
                // `@sve`: an offset VGPR, or `off`.
                if matches!(r.item, Item::Off) {
                    continue;
                }
                out.fields.push((Field::Addr, vgpr(r, 1)?));
                out.fields.push((Field::Sve, 1));
            }
            (field, Kind::Reg(ty)) => out.fields.push((field, vgpr(r, ty.dwords())?)),
            _ => return invalid(col),
        }
    }
    Ok(out)
}

/// GLOBAL's SGPR-pair base or SCRATCH's SGPR offset (LLVM's SReg_64 / SReg_32_XEXEC_HI).
fn saddr(s: ScalarText, dwords: u32, col: usize) -> Result<u32, E> {
    match s {
        ScalarText::Code(NULL) => Ok(NULL),
        ScalarText::Reg(code, w) if w == dwords && !(w == 1 && code == operand::EXEC_HI) => Ok(code),
        _ => invalid(col),
    }
}

/// The row of a format whose mnemonics are unique and take no encoding suffix.
pub(super) fn single_row(rows: &[&'static InstDef], suffix: &str, p: &Parser) -> Result<&'static InstDef, E> {
    match rows.first() {
        Some(def) if suffix.is_empty() => Ok(def),
        Some(def) => e(p.col(), format!("unknown instruction `{}{suffix}`", def.name)),
        None => e(p.col(), "unknown instruction"),
    }
}

pub(super) fn invalid<T>(col: usize) -> Result<T, E> {
    e(col, "invalid operand for instruction")
}

/// The kind of a row's immediate operand in `field`.
pub(super) fn imm_kind(def: &InstDef, field: Field) -> Option<&'static str> {
    match def.operand(field).map(|o| o.kind) {
        Some(Kind::Imm(ImmKind::Other(k))) => Some(k),
        _ => None,
    }
}

/// A register operand as written: `off`, a register or constant, or an address list.
pub(super) enum Item {
    Off,
    Scalar(ScalarText),
    /// `[v1, v[2:3], ...]`: (first VGPR, dwords, column) of each element.
    #[allow(dead_code)] // read by the image parser
    List(Vec<(u32, u32, usize)>),
}

pub(super) struct Positional {
    pub col: usize,
    pub item: Item,
}

/// Names that start the modifiers after the register operands.
const MODIFIERS: [&str; 27] = [
    "offset", "glc", "slc", "dlc", "noglc", "noslc", "nodlc", "offen", "idxen", "tfe", "notfe", "format",
    "dmask", "dim", "unorm", "nounorm", "r128", "nor128", "a16", "noa16", "lwe", "nolwe", "d16", "nod16",
    "lds", "addr64", "nv",
];

fn at_modifier(p: &Parser) -> bool {
    matches!(p.peek(), Some(Tok::Ident(n)) if MODIFIERS.contains(&n.to_ascii_lowercase().as_str()))
}

/// The comma-separated register operands, up to the modifiers. With `lists`, an operand may
/// be a bracketed address list (MIMG's NSA form).
pub(super) fn positionals(p: &mut Parser, lists: bool) -> Result<Vec<Positional>, E> {
    let mut out = Vec::new();
    while !p.at_end() && !at_modifier(p) {
        let col = p.col();
        let item = match p.peek() {
            Some(Tok::Ident(n)) if n.eq_ignore_ascii_case("off") => {
                p.pos += 1;
                Item::Off
            }
            // A scalar source LLVM names for buffers' SOFFSET (code 239).
            Some(Tok::Ident(n)) if n.eq_ignore_ascii_case("src_pops_exiting_wave_id") => {
                p.pos += 1;
                Item::Scalar(ScalarText::Code(239))
            }
            Some(Tok::Punct("[")) if lists => {
                p.pos += 1;
                let mut regs = Vec::new();
                loop {
                    let c = p.col();
                    match parse_scalar(p)? {
                        ScalarText::Vgpr(n, w) => regs.push((n, w, c)),
                        _ => return e(c, "expected a VGPR"),
                    }
                    if !p.eat(",") {
                        break;
                    }
                }
                p.expect("]")?;
                Item::List(regs)
            }
            _ => Item::Scalar(parse_scalar(p)?),
        };
        out.push(Positional { col, item });
        if !p.eat(",") {
            break;
        }
    }
    Ok(out)
}

/// Checks the number of register operands.
pub(super) fn check_count(regs: &[Positional], wanted: usize, p: &Parser) -> Result<(), E> {
    if regs.len() < wanted {
        return e(p.col(), "too few operands for instruction");
    }
    if let Some(extra) = regs.get(wanted) {
        return e(extra.col, "invalid operand for instruction");
    }
    Ok(())
}

/// A VGPR (tuple) of `dwords` registers; its number.
pub(super) fn vgpr(r: Positional, dwords: u32) -> Result<u32, E> {
    match r.item {
        Item::Scalar(ScalarText::Vgpr(n, w)) if w == dwords => Ok(n),
        Item::Scalar(ScalarText::Vgpr(..)) => e(r.col, format!("expected a {}-bit register", dwords * 32)),
        _ => invalid(r.col),
    }
}

/// A modifier's value after `:`.
pub(super) enum Value {
    Int(i128),
    /// A symbolic name (`dim:SQ_RSRC_IMG_2D`).
    #[allow(dead_code)] // read by the image parser
    Name(String),
    /// A bracketed list of names (`format:[BUF_FMT_32_FLOAT]`).
    #[allow(dead_code)] // read by the buffer parser
    Names(Vec<(String, usize)>),
}

pub(super) struct Modifier {
    /// In lower case.
    pub name: String,
    pub col: usize,
    pub value: Option<(Value, usize)>,
}

/// The modifiers after the register operands: names, optionally with `:VALUE`, separated by
/// spaces (LLVM also reads commas between them).
pub(super) fn modifiers(p: &mut Parser) -> Result<Vec<Modifier>, E> {
    let mut out = Vec::new();
    while !p.at_end() {
        let col = p.col();
        let name = match p.peek() {
            Some(Tok::Ident(n)) => n.to_ascii_lowercase(),
            _ => return e(col, "expected a modifier"),
        };
        p.pos += 1;
        let value = if p.eat(":") {
            let vcol = p.col();
            let v = match p.peek() {
                Some(Tok::Punct("[")) => {
                    p.pos += 1;
                    let mut names = Vec::new();
                    loop {
                        let c = p.col();
                        names.push((
                            p.ident()
                                .map_err(|_| E { col: c, msg: "expected a format string".into() })?
                                .to_string(),
                            c,
                        ));
                        if !p.eat(",") {
                            break;
                        }
                    }
                    p.expect("]")?;
                    Value::Names(names)
                }
                Some(Tok::Ident(n)) if crate::syntax::constant_symbol(n).is_none() => {
                    let n = n.clone();
                    p.pos += 1;
                    Value::Name(n)
                }
                _ => Value::Int(p.expr()?),
            };
            Some((v, vcol))
        } else {
            None
        };
        out.push(Modifier { name, col, value });
        p.eat(",");
    }
    Ok(out)
}

/// A modifier may appear once (`glc` and `noglc` count as the same).
pub(super) fn check_duplicates(mods: &[Modifier]) -> Result<(), E> {
    for (i, m) in mods.iter().enumerate() {
        let base = |n: &str| n.strip_prefix("no").filter(|b| MODIFIERS.contains(b)).unwrap_or(n).to_string();
        if mods[..i].iter().any(|o| base(&o.name) == base(&m.name)) {
            return e(m.col, format!("duplicate {} modifier", base(&m.name)));
        }
    }
    Ok(())
}

/// A flag modifier (`glc`, `noglc`, `unorm`, ...) of the row: its field and value.
pub(super) fn flag(def: &InstDef, m: &Modifier) -> Result<(Field, bool), E> {
    let (name, on) = match m.name.strip_prefix("no") {
        Some(base) if MODIFIERS.contains(&base) => (base, false),
        _ => (m.name.as_str(), true),
    };
    let field = def
        .operands
        .iter()
        .find(|o| matches!(o.kind, Kind::Imm(ImmKind::Other("flag" | "rtn"))) && flag_name(o.field) == name)
        .map(|o| o.field);
    match field {
        Some(f) if m.value.is_none() => Ok((f, on)),
        _ => invalid(m.col),
    }
}

/// A flag's assembly name: the field's, except UNRM (`unorm`).
pub(super) fn flag_name(field: Field) -> &'static str {
    match field {
        Field::Unrm => "unorm",
        f => f.name(),
    }
}

/// `offset:N` of the memory formats: FLAT's 12-bit unsigned, GLOBAL and SCRATCH's 13-bit
/// signed, and the buffers' 12 bits (LLVM reads up to 16 bits there and keeps the low 12).
pub(super) fn offset(m: &Modifier, kind: Option<&str>) -> Result<u32, E> {
    let Some((Value::Int(v), vcol)) = &m.value else {
        return e(m.col, "expected `offset:N`");
    };
    let (v, vcol) = (*v, *vcol);
    let (lo, hi, bits, what) = match kind {
        // LLVM reads 0..=4095; the field has 13 bits, and LLVM prints the ones above 4095
        // (the hardware ignores bit 12), so the assembler reads them back.
        Some("uoffset12") => (0, 8191, 13, "expected a 12-bit unsigned offset"),
        Some("ioffset13") => (-4096, 4095, 13, "expected a 13-bit signed offset"),
        Some("buf_offset") => (0, 65535, 12, "expected a 16-bit unsigned offset"),
        _ => return invalid(m.col),
    };
    if v < lo || v > hi {
        return e(vcol, what);
    }
    Ok((v as u32) & ((1 << bits) - 1))
}

#[cfg(test)]
mod tests {
    use crate::asm::tests::{err, words};

    #[test]
    fn encodes_like_llvm() {
        // Expected words from llvm-mc-19 -mcpu=gfx1100 -show-encoding.
        assert_eq!(words("global_load_b32 v1, v[2:3], off"), [0xdc52_0000, 0x017c_0002]);
        assert_eq!(
            words("global_load_b32 v1, v2, s[4:5] offset:-4096 glc slc dlc"),
            [0xdc52_f000, 0x0104_0002]
        );
        assert_eq!(words("global_store_b32 v2, v1, s[4:5] offset:12"), [0xdc6a_000c, 0x0004_0102]);
        assert_eq!(words("global_atomic_add_u32 v1, v[2:3], v4, off glc"), [0xdcd6_4000, 0x017c_0402]);
        assert_eq!(words("global_atomic_add_u32 v[2:3], v4, off"), [0xdcd6_0000, 0x007c_0402]);
        assert_eq!(words("global_load_addtid_b32 v1, s[2:3]"), [0xdca2_0000, 0x0102_0000]);
        assert_eq!(words("flat_load_b32 v1, v[2:3] offset:4095"), [0xdc50_0fff, 0x017c_0002]);
        assert_eq!(words("scratch_load_b32 v1, off, off offset:-4"), [0xdc51_1ffc, 0x017c_0000]);
        assert_eq!(words("scratch_load_b32 v1, v2, s5"), [0xdc51_0000, 0x0185_0002]);
        assert_eq!(words("scratch_store_b32 off, v1, s2 offset:8 glc slc dlc"), [0xdc69_e008, 0x0002_0100]);
        // noglc, commas between modifiers.
        assert_eq!(words("global_load_b32 v1, v[2:3], off offset:4, noglc"), [0xdc52_0004, 0x017c_0002]);
    }

    #[test]
    fn errors_say_what_is_wrong() {
        assert_eq!(err("flat_atomic_add_u32 v1, v[2:3], v4"), "t.s:1:21: error: instruction must use glc");
        assert_eq!(
            err("flat_atomic_add_u32 v[2:3], v4 glc"),
            "t.s:1:21: error: instruction must not use glc"
        );
        assert_eq!(
            err("flat_load_b32 v1, v[2:3] offset:8192"),
            "t.s:1:33: error: expected a 12-bit unsigned offset"
        );
        assert_eq!(
            err("global_load_b32 v1, v[2:3], off offset:-4097"),
            "t.s:1:40: error: expected a 13-bit signed offset"
        );
        assert_eq!(err("global_load_b32 v1, v2, off"), "t.s:1:21: error: expected a 64-bit register");
        assert_eq!(err("global_load_b32 v1, v[2:3], off glc glc"), "t.s:1:37: error: duplicate glc modifier");
        assert_eq!(
            err("global_load_b32 v1, v[2:3], off tfe"),
            "t.s:1:33: error: invalid operand for instruction"
        );
        assert_eq!(err("global_load_b32 v1, v[2:3]"), "t.s:1:27: error: too few operands for instruction");
        assert_eq!(
            err("scratch_load_b32 v1, v2, exec_hi"),
            "t.s:1:26: error: invalid operand for instruction"
        );
    }
}
