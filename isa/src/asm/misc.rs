//! Operands of the interpolation, LDS parameter load and export formats (VINTERP, LDSDIR, EXP),
//! as llvm-mc-19 accepts them: `v_interp_p10_f16_f32 v0, -v1, v2, |v3| clamp op_sel:[1,0,1,0]
//! wait_exp:3`, `lds_param_load v1, attr3.y wait_vdst:2`, `exp pos0 off, v1, off, v3 done row_en`.
//! It also reads back what LLVM prints but rejects (attributes 33-63, `invalid_target_N`), so
//! that every disassembled instruction reassembles.

use super::lex::Tok;
use super::parser::{Parser, parse_vgpr};
use super::{E, Pending, e};
use crate::{Field, ImmKind, InstDef, Kind};

pub(super) fn parse(rows: &[&'static InstDef], suffix: &str, p: &mut Parser) -> Result<Pending, E> {
    let Some(def) = rows.first().copied() else {
        return e(p.col(), "unknown instruction");
    };
    // VINTERP instructions are VOP3-like: LLVM takes an `_e64` suffix on them.
    let vinterp = def.format().name == "VINTERP";
    if !(suffix.is_empty() || (vinterp && suffix == "_e64")) {
        return e(p.col(), format!("unknown instruction `{}{suffix}`", def.name));
    }
    let mut out = Pending::new(def);
    let mut first = true;
    let mut neg = 0;
    let mut en = 0;
    for op in &def.operands {
        let col = p.col();
        match op.kind {
            Kind::Reg(_) => {
                if !first {
                    // LLVM reads operands with or without the commas between them.
                    p.eat(",");
                }
                first = false;
                if p.at_end() {
                    return e(p.col(), "too few operands for instruction");
                }
                let code = match op.field {
                    Field::Src0 | Field::Src1 | Field::Src2 => {
                        let (n, minus) = source(p)?;
                        let k = match op.field {
                            Field::Src0 => 0,
                            Field::Src1 => 1,
                            _ => 2,
                        };
                        neg |= u32::from(minus) << k;
                        256 + n
                    }
                    Field::Vsrc0 | Field::Vsrc1 | Field::Vsrc2 | Field::Vsrc3 => {
                        if matches!(p.peek(), Some(Tok::Ident(n)) if n == "off") {
                            p.pos += 1;
                            0
                        } else {
                            let k = match op.field {
                                Field::Vsrc0 => 0,
                                Field::Vsrc1 => 1,
                                Field::Vsrc2 => 2,
                                _ => 3,
                            };
                            en |= 1 << k;
                            parse_vgpr(p, 1)?
                        }
                    }
                    _ => parse_vgpr(p, 1)?,
                };
                out.fields.push((op.field, code));
            }
            Kind::RegRule(r) => return e(col, format!("register rule @{r} is not an operand here")),
            Kind::Imm(ImmKind::Other(kind)) => match kind {
                "attr" if op.field == Field::Attr => {
                    p.eat(",");
                    let (attr, chan) = attribute(p)?;
                    out.fields.push((Field::Attr, attr));
                    out.fields.push((Field::AttrChan, chan));
                }
                "exp_target" => {
                    let t = target(p)?;
                    out.fields.push((op.field, t));
                    first = true;
                    p.eat(",");
                }
                // Set from the operands around them.
                "neg" | "exp_en" | "attr" => {}
                "clamp" | "done" | "row_en" => {
                    if flag(p, kind) {
                        out.fields.push((op.field, 1));
                    }
                }
                "op_sel" => {
                    if let Some(v) = named(p, "op_sel", op_sel)? {
                        out.fields.push((op.field, v));
                    }
                }
                "wait_exp" | "wait_vdst" => {
                    let max = if kind == "wait_exp" { 7 } else { 15 };
                    let what = format!("invalid {kind} value.");
                    if let Some(v) = named(p, kind, |p| bounded(p, max, &what))? {
                        out.fields.push((op.field, v));
                    }
                }
                _ => return e(col, format!("{kind} is not an operand here")),
            },
            Kind::Imm(k) => return e(col, format!("{k:?} is not an operand here")),
        }
    }
    if def.operand(Field::Neg).is_some() {
        out.fields.push((Field::Neg, neg));
    }
    if def.operand(Field::En).is_some() {
        out.fields.push((Field::En, en));
    }
    Ok(out)
}

/// A VINTERP source: a VGPR with optional `-`/`neg(...)` and `|...|`/`abs(...)` (VINTERP has no
/// ABS field: LLVM accepts the modifier and drops it). Gives the VGPR and whether it is negated.
fn source(p: &mut Parser) -> Result<(u32, bool), E> {
    let col = p.col();
    let word = |p: &Parser, w: &str| matches!(p.peek(), Some(Tok::Ident(n)) if n == w);
    let mut close = Vec::new();
    let mut minus = false;
    if p.eat("-") {
        minus = true;
        if matches!(p.peek(), Some(Tok::Punct("-"))) {
            return e(col, "invalid syntax, expected 'neg' modifier");
        }
    } else if word(p, "neg") {
        p.pos += 1;
        p.expect("(")?;
        minus = true;
        close.push(")");
    }
    if p.eat("|") {
        close.push("|");
    } else if word(p, "abs") {
        p.pos += 1;
        p.expect("(")?;
        close.push(")");
    }
    let n = parse_vgpr(p, 1)?;
    while let Some(c) = close.pop() {
        p.expect(c)?;
    }
    Ok((n, minus))
}

/// `attrN.c`: N in 0..=32, c one of x, y, z, w.
fn attribute(p: &mut Parser) -> Result<(u32, u32), E> {
    let col = p.col();
    let Some(Tok::Ident(text)) = p.peek() else {
        return e(col, "expected an interpolation attribute");
    };
    let Some(rest) = text.strip_prefix("attr") else {
        return e(col, "expected an interpolation attribute");
    };
    let (num, chan) = rest.split_once('.').unwrap_or((rest, ""));
    let chan = match chan {
        "x" => 0,
        "y" => 1,
        "z" => 2,
        "w" => 3,
        _ => return e(col, "invalid or missing interpolation attribute channel"),
    };
    // LLVM accepts attributes 0-32 and prints any of 0-63; this reads back what it prints.
    let attr = match num.parse::<u32>() {
        Ok(n) if n <= 63 && num.bytes().all(|b| b.is_ascii_digit()) => n,
        Ok(_) => return e(col, "out of bounds interpolation attribute number"),
        Err(_) => return e(col, "invalid or missing interpolation attribute number"),
    };
    p.pos += 1;
    Ok((attr, chan))
}

/// An export target as LLVM names it for gfx11.
fn target(p: &mut Parser) -> Result<u32, E> {
    let col = p.col();
    let Some(Tok::Ident(name)) = p.peek() else {
        return e(col, "invalid exp target");
    };
    let num = |prefix: &str, max: u32| -> Option<u32> {
        let digits = name.strip_prefix(prefix)?;
        let n = digits.parse::<u32>().ok()?;
        (n <= max && digits.bytes().all(|b| b.is_ascii_digit())).then_some(n)
    };
    let t = match name.as_str() {
        "mrtz" => 8,
        "prim" => 20,
        "dual_src_blend0" => 21,
        "dual_src_blend1" => 22,
        "null" => return e(col, "exp target is not supported on this GPU"),
        n if n.starts_with("param") && num("param", 31).is_some() => {
            return e(col, "exp target is not supported on this GPU");
        }
        // LLVM prints the targets it does not name so (and does not read them back).
        _ => match (num("mrt", 7), num("pos", 4), num("invalid_target_", 63)) {
            (Some(m), _, _) => m,
            (_, Some(q), _) => 12 + q,
            (_, _, Some(t)) => t,
            _ => return e(col, "invalid exp target"),
        },
    };
    p.pos += 1;
    Ok(t)
}

/// `op_sel:[a,b,c,d]` (one to four bits): source 0, 1, 2 and the destination.
fn op_sel(p: &mut Parser) -> Result<u32, E> {
    p.expect("[")?;
    let mut v = 0;
    for i in 0..4 {
        if i > 0 && !p.eat(",") {
            break;
        }
        v |= bounded(p, 1, "invalid op_sel value.")? << i;
    }
    if !p.eat("]") {
        return e(p.col(), "expected a closing square bracket");
    }
    Ok(v)
}

/// `NAME:VALUE` if the next token (after an optional comma) is NAME.
fn named(
    p: &mut Parser,
    name: &str,
    value: impl FnOnce(&mut Parser) -> Result<u32, E>,
) -> Result<Option<u32>, E> {
    let save = p.pos;
    p.eat(",");
    if !matches!(p.peek(), Some(Tok::Ident(n)) if n == name) {
        p.pos = save;
        return Ok(None);
    }
    p.pos += 1;
    p.expect(":")?;
    value(p).map(Some)
}

/// A flag word if it comes next (after an optional comma).
fn flag(p: &mut Parser, name: &str) -> bool {
    let save = p.pos;
    p.eat(",");
    if matches!(p.peek(), Some(Tok::Ident(n)) if n == name) {
        p.pos += 1;
        true
    } else {
        p.pos = save;
        false
    }
}

/// An integer expression in `0..=max`.
fn bounded(p: &mut Parser, max: u32, msg: &str) -> Result<u32, E> {
    let col = p.col();
    match p.expr() {
        Ok(v) if (0..=i128::from(max)).contains(&v) => Ok(v as u32),
        _ => e(col, msg),
    }
}

#[cfg(test)]
mod tests {
    use crate::asm::tests::{err, words};

    #[test]
    fn encodes_like_llvm() {
        // Encodings from llvm-mc-19 -mcpu=gfx1100 -show-encoding.
        assert_eq!(words("lds_param_load v1, attr0.x wait_vdst:3"), [0xce03_0001]);
        assert_eq!(words("lds_param_load v255, attr32.z wait_vdst:7"), [0xce07_82ff]);
        assert_eq!(words("lds_param_load v1, attr01.x"), [0xce00_0401]);
        assert_eq!(words("lds_direct_load v1 wait_vdst:3"), [0xce13_0001]);
        assert_eq!(words("v_interp_p10_f32 v0, v1, v2, v3 wait_exp:2"), [0xcd00_0200, 0x040e_0501]);
        assert_eq!(words("v_interp_p10_f32 v0, -v1, -v2, -v3 clamp wait_exp:7"), [0xcd00_8700, 0xe40e_0501]);
        assert_eq!(words("v_interp_p10_f32_e64 v0, -|v1|, abs(v2), neg(v3)"), [0xcd00_0000, 0xa40e_0501]);
        assert_eq!(
            words("v_interp_p2_rtz_f16_f32 v0, v1, v2, v3 clamp op_sel:[0,0,0,1]"),
            [0xcd05_c000, 0x040e_0501]
        );
        assert_eq!(words("v_interp_p10_f16_f32 v0, v1, v2, v3 op_sel:[1,1,1]"), [0xcd02_3800, 0x040e_0501]);
        assert_eq!(words("exp mrt0 v0, v1, v2, v3 done"), [0xf800_080f, 0x0302_0100]);
        assert_eq!(words("exp pos0 off, v1, off, v3 row_en"), [0xf800_20ca, 0x0300_0100]);
        assert_eq!(words("exp mrt0, v0 v1 v2 v3"), [0xf800_000f, 0x0302_0100]);
        assert_eq!(words("exp dual_src_blend1 v0, v1, v2, v3 done, row_en"), [0xf800_296f, 0x0302_0100]);
        // What LLVM prints but does not read: reads back all the same.
        assert_eq!(words("exp invalid_target_9 v0, v1, v2, v3"), [0xf800_009f, 0x0302_0100]);
        assert_eq!(words("lds_param_load v1, attr63.w wait_vdst:15"), [0xce0f_ff01]);
    }

    #[test]
    fn rejects_what_llvm_rejects() {
        assert_eq!(
            err("lds_param_load v1, attr64.x"),
            "t.s:1:20: error: out of bounds interpolation attribute number"
        );
        assert_eq!(
            err("lds_param_load v1, attr1.X"),
            "t.s:1:20: error: invalid or missing interpolation attribute channel"
        );
        assert_eq!(err("lds_direct_load v1 wait_vdst:16"), "t.s:1:30: error: invalid wait_vdst value.");
        assert_eq!(
            err("v_interp_p10_f32 v0, v1, v2, v3 wait_exp:8"),
            "t.s:1:42: error: invalid wait_exp value."
        );
        assert_eq!(
            err("v_interp_p10_f32 v0, v1, v2, v3 op_sel:[1,0,0,0]"),
            "t.s:1:33: error: unexpected text after the operands"
        );
        assert_eq!(
            err("v_interp_p10_f32 v0, v1, v2, v3 wait_exp:1 clamp"),
            "t.s:1:44: error: unexpected text after the operands"
        );
        assert_eq!(
            err("v_interp_p10_f32 v0, --v1, v2, v3"),
            "t.s:1:22: error: invalid syntax, expected 'neg' modifier"
        );
        assert_eq!(err("v_interp_p10_f32 v0, s1, v2, v3"), "t.s:1:22: error: expected a VGPR");
        assert_eq!(
            err("v_interp_p10_f32_e32 v0, v1, v2, v3"),
            "t.s:1:22: error: unknown instruction `v_interp_p10_f32_e32`"
        );
        assert_eq!(err("exp mrt8 v0, v1, v2, v3"), "t.s:1:5: error: invalid exp target");
        assert_eq!(err("exp null v0, v1, v2, v3"), "t.s:1:5: error: exp target is not supported on this GPU");
        assert_eq!(err("exp mrt0 v0, v1"), "t.s:1:16: error: too few operands for instruction");
        assert_eq!(
            err("exp mrt0 v0, v1, v2, v3 row_en done"),
            "t.s:1:32: error: unexpected text after the operands"
        );
    }
}
