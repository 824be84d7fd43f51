//! Operands of the scalar formats (SOP1, SOP2, SOPK, SOPC, SOPP) and their symbolic
//! immediates (`s_waitcnt`, `s_delay_alu`, `hwreg`, `sendmsg`).

use super::lex::Tok;
use super::parser::{Parser, ScalarText, encode_scalar, parse_scalar};
use super::{E, Pending, e};
use crate::syntax::{self, Waitcnt};
use crate::{Field, ImmKind, InstDef, Kind, Role, Ty};

pub(super) fn parse(def: &'static InstDef, p: &mut Parser) -> Result<Pending, E> {
    let mut out = Pending::new(def);
    let mut first = true;
    for op in &def.operands {
        if let Kind::Imm(kind) = op.kind
            && (matches!(kind, ImmKind::None) || (kind == ImmKind::Endpgm && p.at_end()))
        {
            continue;
        }
        if !first {
            p.expect(",")?;
        }
        first = false;
        let col = p.col();
        if p.at_end() {
            return e(col, "too few operands for instruction");
        }
        match op.kind {
            Kind::RegRule(r) => return e(col, format!("register rule @{r} is not a scalar operand")),
            Kind::Reg(ty) => {
                let s = parse_scalar(p)?;
                if op.field == Field::Lit {
                    // s_setreg_imm32_b32's immediate: LLVM keeps the low 32 bits of any
                    // 64-bit value, a float's f64 bit pattern included (1.5 is 0).
                    let v = match s {
                        ScalarText::Int(v) if (-(1i128 << 63)..(1i128 << 64)).contains(&v) => v as u32,
                        ScalarText::Float(f) => f.to_bits() as u32,
                        _ => return e(col, "expected a constant of at most 64 bits"),
                    };
                    out.literal = Some(v);
                    continue;
                }
                let is_source = op.role == Role::Src && op.field.is_scalar_source();
                let code = encode_scalar(s, ty, is_source, &mut out.literal, col)?;
                out.fields.push((op.field, code));
            }
            Kind::Imm(kind) => {
                let v = parse_imm(p, kind, op.field, def, &mut out.label)?;
                if let Some(v) = v {
                    out.fields.push((op.field, v));
                }
            }
        }
    }
    Ok(out)
}

/// Parses an immediate; `None` when it is a label to be resolved later.
fn parse_imm(
    p: &mut Parser,
    kind: ImmKind,
    field: Field,
    def: &InstDef,
    label: &mut Option<(Field, String, usize)>,
) -> Result<Option<u32>, E> {
    let col = p.col();
    let signed_ok = !def.operands.iter().any(|o| o.kind == Kind::Reg(Ty::U32) && o.field == Field::Sdst);
    let lo = if signed_ok { -32768 } else { 0 };
    Ok(Some(match kind {
        // LLVM keeps the low 16 bits of any value of SOPP's plain immediates; the others
        // must fit 16 bits.
        ImmKind::Imm16 => p.truncated16("immediate")?,
        ImmKind::Hex16 | ImmKind::Endpgm | ImmKind::Version => {
            p.int_in(lo, 65535, "immediate")? as u16 as u32
        }
        ImmKind::None => 0,
        ImmKind::Other("depctr") => parse_depctr(p)?,
        ImmKind::Other(k) => return e(col, format!("{k} is not a scalar immediate")),
        ImmKind::Label => {
            if let Some(Tok::Ident(name)) = p.peek() {
                p.pos += 1;
                *label = Some((field, name.clone(), col));
                return Ok(None);
            }
            p.int_in(-32768, 65535, "branch offset")? as u16 as u32
        }
        ImmKind::Waitcnt => parse_waitcnt(p)?,
        ImmKind::Delay => parse_delay(p)?,
        ImmKind::Hwreg => parse_hwreg(p)?,
        ImmKind::Sendmsg => {
            let max = if field == Field::Simm16 { 65535 } else { 255 };
            let v = parse_sendmsg(p)?;
            if v > max {
                return e(col, format!("message code {v} does not fit"));
            }
            v
        }
    }))
}

fn parse_waitcnt(p: &mut Parser) -> Result<u32, E> {
    if !matches!(p.peek(), Some(Tok::Ident(_))) {
        return p.truncated16("waitcnt");
    }
    let mut w = Waitcnt::no_wait();
    loop {
        let col = p.col();
        let name = p.ident()?.to_ascii_lowercase();
        p.expect("(")?;
        let vcol = p.col();
        let v = p.expr()?;
        p.expect(")")?;
        let (slot, max) = match name.as_str() {
            "vmcnt" => (&mut w.vm, 63),
            "expcnt" => (&mut w.exp, 7),
            "lgkmcnt" => (&mut w.lgkm, 63),
            _ => return e(col, format!("unknown counter `{name}`")),
        };
        if !(0..=max).contains(&v) {
            return e(vcol, format!("too large value for {name}"));
        }
        *slot = v as u32;
        if !(p.eat("&") || p.eat(",")) && p.at_end() {
            break;
        }
        if p.at_end() {
            return e(p.col(), "expected a counter");
        }
    }
    Ok(w.encode())
}

/// `s_waitcnt_depctr`: an integer, or `depctr_NAME(N)` fields (separated by spaces, `&` or
/// `,`); fields not named keep their no-wait (all ones) value, and bits 6:5 are zero.
fn parse_depctr(p: &mut Parser) -> Result<u32, E> {
    if !matches!(p.peek(), Some(Tok::Ident(_))) {
        return Ok(p.int_in(-32768, 65535, "depctr")? as u16 as u32);
    }
    let mut v = syntax::DEPCTR_MASK;
    let mut seen = Vec::new();
    loop {
        let col = p.col();
        let name = p.ident()?.to_ascii_lowercase();
        let Some(&(_, shift, width)) = syntax::DEPCTR.iter().find(|(n, _, _)| *n == name) else {
            return e(col, format!("unknown depctr field `{name}`"));
        };
        if seen.contains(&name) {
            return e(col, format!("duplicate counter name {name}"));
        }
        p.expect("(")?;
        let vcol = p.col();
        let f = p.expr()?;
        p.expect(")")?;
        if !(0..1 << width).contains(&f) {
            return e(vcol, format!("invalid value for {name}"));
        }
        v = v & !(((1 << width) - 1) << shift) | (f as u32) << shift;
        seen.push(name);
        p.eat("&");
        p.eat(",");
        if p.at_end() {
            break;
        }
    }
    Ok(v)
}

fn parse_delay(p: &mut Parser) -> Result<u32, E> {
    if !matches!(p.peek(), Some(Tok::Ident(_))) {
        return p.truncated16("delay");
    }
    let mut v = 0u32;
    loop {
        let col = p.col();
        let name = p.ident()?.to_ascii_lowercase();
        p.expect("(")?;
        let vcol = p.col();
        let arg = p.ident()?;
        p.expect(")")?;
        let (shift, value) = match name.as_str() {
            "instid0" | "instid1" => {
                let id = syntax::DELAY_INSTID.iter().position(|n| *n == Some(arg));
                let Some(id) = id else {
                    return e(vcol, format!("unknown instid `{arg}`"));
                };
                (if name == "instid0" { 0 } else { 7 }, id as u32)
            }
            "instskip" => {
                let Some(s) = syntax::DELAY_SKIP.iter().position(|n| *n == arg) else {
                    return e(vcol, format!("unknown instskip `{arg}`"));
                };
                (4, s as u32)
            }
            _ => return e(col, format!("unknown s_delay_alu field `{name}`")),
        };
        v |= value << shift;
        if !p.eat("|") {
            break;
        }
    }
    Ok(v)
}

fn parse_hwreg(p: &mut Parser) -> Result<u32, E> {
    if !matches!(p.peek(), Some(Tok::Ident(n)) if n == "hwreg") {
        return Ok(p.int_in(-32768, 65535, "hwreg")? as u16 as u32);
    }
    p.pos += 1;
    p.expect("(")?;
    let col = p.col();
    let id = match p.peek() {
        Some(Tok::Ident(n)) => {
            p.pos += 1;
            syntax::hwreg_id(n).ok_or(E { col, msg: format!("unknown hardware register `{n}`") })?
        }
        _ => p.int_in(0, 63, "hardware register id")? as u32,
    };
    let (offset, size) = if p.eat(",") {
        let off = p.int_in(0, 31, "bit offset")? as u32;
        p.expect(",")?;
        let size = p.int_in(1, 32, "bitfield width")? as u32;
        (off, size)
    } else {
        (0, 32)
    };
    p.expect(")")?;
    Ok(id | offset << 6 | (size - 1) << 11)
}

fn parse_sendmsg(p: &mut Parser) -> Result<u32, E> {
    if !matches!(p.peek(), Some(Tok::Ident(n)) if n == "sendmsg") {
        return Ok(p.int_in(0, 65535, "message")? as u32);
    }
    p.pos += 1;
    p.expect("(")?;
    let col = p.col();
    let (id, named) = match p.peek() {
        Some(Tok::Ident(n)) => {
            p.pos += 1;
            (syntax::msg_id(n).ok_or(E { col, msg: format!("unknown message `{n}`") })?, true)
        }
        _ => (p.int_in(0, 255, "message id")? as u32, false),
    };
    let mut extra = Vec::new();
    while p.eat(",") {
        let c = p.col();
        extra.push((c, p.expr()?));
    }
    p.expect(")")?;
    if let Some((c, _)) = extra.first()
        && named
    {
        return e(*c, "message does not support operations");
    }
    if let Some((c, v)) = extra.iter().find(|(_, v)| *v != 0) {
        return e(*c, format!("operation {v} is not supported on gfx11"));
    }
    Ok(id)
}
