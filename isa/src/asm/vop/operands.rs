//! The operand syntax of the vector ALU: registers and constants with their source modifiers
//! (`-x`, `|x|`, `neg(x)`, `abs(x)`, `sext(x)`), true16 halves (`v1.l`), and the keywords
//! that follow the operands (`clamp`, `mul:2`, `op_sel:[...]`, DPP controls, ...).

use super::super::lex::Tok;
use super::super::parser::{Parser, ScalarText, parse_scalar};
use super::super::{E, e};

/// What an operand names.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Val {
    /// VGPRs: first register, width in dwords, and the 16-bit half if written (`v1.h`).
    Vgpr {
        n: u32,
        dwords: u32,
        half: Option<bool>,
    },
    /// Scalar register code and width.
    Sreg {
        code: u32,
        dwords: u32,
    },
    /// A named source code (null, src_scc, apertures).
    Code(u32),
    Int(i128),
    Float(f64),
}

/// One comma-separated operand.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Opnd {
    pub col: usize,
    pub val: Val,
    pub neg: bool,
    pub abs: bool,
    pub sext: bool,
}

impl Opnd {
    pub(crate) fn has_mods(&self) -> bool {
        self.neg || self.abs || self.sext
    }
}

/// DPP controls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Dpp {
    Dpp16 { ctrl: u32, row_mask: u32, bank_mask: u32, bound_ctrl: bool, fi: bool },
    Dpp8 { sel: u32, fi: bool },
}

/// The keywords after the operands, with the column of each for errors.
#[derive(Clone, Debug, Default)]
pub(crate) struct Keywords {
    pub clamp: Option<usize>,
    /// OMOD field value (1 mul:2, 2 mul:4, 3 div:2; 0 for mul:1/div:1).
    pub omod: Option<(u32, usize)>,
    pub op_sel: Option<(Vec<u32>, usize)>,
    pub op_sel_hi: Option<(Vec<u32>, usize)>,
    pub neg_lo: Option<(Vec<u32>, usize)>,
    pub neg_hi: Option<(Vec<u32>, usize)>,
    pub dpp: Option<(Dpp, usize)>,
}

/// Parses the operands and keywords up to the end of the line (or, for a VOPD half, up to
/// `::`).
pub(crate) fn parse_all(p: &mut Parser, stop_at_pair: bool) -> Result<(Vec<Opnd>, Keywords), E> {
    let mut ops = Vec::new();
    let at_end = |p: &Parser| p.at_end() || (stop_at_pair && super::at_pair_separator(p));
    if !at_end(p) && !is_keyword(p) {
        loop {
            ops.push(parse_operand(p)?);
            if !p.eat(",") {
                break;
            }
        }
    }
    let kw = parse_keywords(p, stop_at_pair)?;
    Ok((ops, kw))
}

const KEYWORDS: &[&str] = &[
    "clamp",
    "mul",
    "div",
    "op_sel",
    "op_sel_hi",
    "neg_lo",
    "neg_hi",
    "quad_perm",
    "row_shl",
    "row_shr",
    "row_ror",
    "row_mirror",
    "row_half_mirror",
    "row_share",
    "row_xmask",
    "row_mask",
    "bank_mask",
    "bound_ctrl",
    "fi",
    "dpp8",
];

fn is_keyword(p: &Parser) -> bool {
    matches!(p.peek(), Some(Tok::Ident(n)) if KEYWORDS.contains(&n.to_ascii_lowercase().as_str()))
}

/// One operand with its modifiers.
fn parse_operand(p: &mut Parser) -> Result<Opnd, E> {
    let col = p.col();
    let mut neg = false;
    let mut abs = false;
    let mut sext = false;
    // `-` followed by a register, `|` or a modifier function is the NEG modifier; followed by
    // a number it is part of the constant.
    if matches!(p.peek(), Some(Tok::Punct("-")))
        && matches!(p.toks.get(p.pos + 1).map(|t| &t.tok), Some(Tok::Ident(_) | Tok::Punct("|")))
        && !next_is_symbol_constant(p, p.pos + 1)
    {
        p.pos += 1;
        neg = true;
    }
    let val = if p.eat("|") {
        abs = true;
        let v = inner_value(p, "|")?;
        p.expect("|")?;
        v
    } else if let Some(f) = modifier_fn(p) {
        p.pos += 2;
        let inner_col = p.col();
        let inner = if f == "neg" || f == "sext" {
            // neg(|x|), neg(abs(x)) and sext(x).
            let o = parse_operand_no_neg(p)?;
            if f == "neg" {
                if neg {
                    return e(col, "NEG is given twice");
                }
                neg = true;
                abs |= o.abs;
            } else {
                if o.abs {
                    return e(inner_col, "sext cannot take |x|");
                }
                sext = true;
            }
            o.val
        } else {
            abs = true;
            inner_value(p, ")")?
        };
        p.expect(")")?;
        inner
    } else {
        inner_value(p, "")?
    };
    Ok(Opnd { col, val, neg, abs, sext })
}

/// An operand without a leading `-`: `|x|`, `abs(x)` or a plain value (inside `neg(...)`).
fn parse_operand_no_neg(p: &mut Parser) -> Result<Opnd, E> {
    let col = p.col();
    if p.eat("|") {
        let v = inner_value(p, "|")?;
        p.expect("|")?;
        return Ok(Opnd { col, val: v, neg: false, abs: true, sext: false });
    }
    if modifier_fn(p) == Some("abs") {
        p.pos += 2;
        let v = inner_value(p, ")")?;
        p.expect(")")?;
        return Ok(Opnd { col, val: v, neg: false, abs: true, sext: false });
    }
    Ok(Opnd { col, val: inner_value(p, "")?, neg: false, abs: false, sext: false })
}

/// `neg(`, `abs(` or `sext(` ahead.
fn modifier_fn(p: &Parser) -> Option<&'static str> {
    let f = match p.peek() {
        Some(Tok::Ident(n)) => match n.to_ascii_lowercase().as_str() {
            "neg" => "neg",
            "abs" => "abs",
            "sext" => "sext",
            _ => return None,
        },
        _ => return None,
    };
    matches!(p.toks.get(p.pos + 1).map(|t| &t.tok), Some(Tok::Punct("("))).then_some(f)
}

fn next_is_symbol_constant(p: &Parser, i: usize) -> bool {
    matches!(p.toks.get(i).map(|t| &t.tok), Some(Tok::Ident(n)) if crate::syntax::constant_symbol(n).is_some())
}

/// A register or constant. Inside `|...|` the closing bar ends the value (the expression
/// parser would read it as OR).
fn inner_value(p: &mut Parser, close: &str) -> Result<Val, E> {
    let col = p.col();
    if let Some(Tok::Ident(name)) = p.peek() {
        let lower = name.to_ascii_lowercase();
        // Sources LLVM 19 prints but does not accept for gfx11 (read back all the same).
        let special = match lower.as_str() {
            "src_pops_exiting_wave_id" => Some(239),
            "src_vccz" => Some(251),
            "src_execz" => Some(252),
            "src_lds_direct" => Some(254),
            _ => None,
        };
        if let Some(c) = special {
            p.pos += 1;
            return Ok(Val::Code(c));
        }
        if let Some(v) = half_vgpr(&lower) {
            let v = v.map_err(|m| E { col, msg: m })?;
            p.pos += 1;
            return Ok(v);
        }
    }
    let scalar = if close == "|" {
        let stop =
            p.toks[p.pos..].iter().position(|t| t.tok == Tok::Punct("|")).map_or(p.toks.len(), |i| p.pos + i);
        let mut sub =
            Parser { toks: &p.toks[..stop], pos: p.pos, end: p.toks.get(stop).map_or(p.end, |t| t.col) };
        let v = parse_scalar(&mut sub)?;
        if sub.pos < stop {
            return e(sub.col(), "expected `|`");
        }
        p.pos = sub.pos;
        v
    } else {
        parse_scalar(p)?
    };
    Ok(match scalar {
        ScalarText::Reg(code, dwords) => Val::Sreg { code, dwords },
        ScalarText::Vgpr(n, dwords) => Val::Vgpr { n, dwords, half: None },
        ScalarText::Code(c) => Val::Code(c),
        ScalarText::Int(v) => Val::Int(v),
        ScalarText::Float(f) => Val::Float(f),
    })
}

/// `v5.l` / `v5.h`: a true16 half.
fn half_vgpr(name: &str) -> Option<Result<Val, String>> {
    let (reg, half) = name.rsplit_once('.')?;
    let hi = match half {
        "l" => false,
        "h" => true,
        _ => return None,
    };
    let n: u32 = reg.strip_prefix('v')?.parse().ok()?;
    if n >= 256 {
        return Some(Err("register index is out of range".into()));
    }
    Some(Ok(Val::Vgpr { n, dwords: 1, half: Some(hi) }))
}

fn list(p: &mut Parser, max: i128) -> Result<Vec<u32>, E> {
    p.expect("[")?;
    let mut out = Vec::new();
    loop {
        out.push(p.int_in(0, max, "list value")? as u32);
        if !p.eat(",") {
            break;
        }
    }
    p.expect("]")?;
    Ok(out)
}

fn value(p: &mut Parser, lo: i128, hi: i128, what: &str) -> Result<u32, E> {
    p.expect(":")?;
    Ok(p.int_in(lo, hi, what)? as u32)
}

/// The keywords after the operands, in any order.
fn parse_keywords(p: &mut Parser, stop_at_pair: bool) -> Result<Keywords, E> {
    let mut kw = Keywords::default();
    let mut ctrl: Option<(u32, usize)> = None;
    let mut dpp8: Option<(u32, usize)> = None;
    let (mut row_mask, mut bank_mask, mut bound_ctrl, mut fi) = (0xf, 0xf, false, false);
    let mut dpp16_only: Option<usize> = None;
    let mut fi_seen = false;
    while !(p.at_end() || stop_at_pair && super::at_pair_separator(p)) {
        let col = p.col();
        let Some(Tok::Ident(word)) = p.peek() else {
            return e(col, "expected a modifier (clamp, mul:2, op_sel:[...], DPP controls, ...)");
        };
        let word = word.to_ascii_lowercase();
        p.pos += 1;
        let mut set_ctrl = |v: u32| -> Result<(), E> {
            if ctrl.is_some() || dpp8.is_some() {
                return e(col, "a DPP control is given twice");
            }
            ctrl = Some((v, col));
            Ok(())
        };
        match word.as_str() {
            "clamp" => kw.clamp = Some(col),
            "mul" | "div" => {
                let v = value(p, 1, 4, "output modifier")?;
                let omod = match (word.as_str(), v) {
                    (_, 1) => 0,
                    ("mul", 2) => 1,
                    ("mul", 4) => 2,
                    ("div", 2) => 3,
                    _ => return e(col, format!("invalid {word}:{v} (mul:2, mul:4, div:2)")),
                };
                kw.omod = Some((omod, col));
            }
            "op_sel" | "op_sel_hi" | "neg_lo" | "neg_hi" => {
                p.expect(":")?;
                let l = list(p, 1)?;
                let slot = match word.as_str() {
                    "op_sel" => &mut kw.op_sel,
                    "op_sel_hi" => &mut kw.op_sel_hi,
                    "neg_lo" => &mut kw.neg_lo,
                    _ => &mut kw.neg_hi,
                };
                *slot = Some((l, col));
            }
            "quad_perm" => {
                p.expect(":")?;
                let l = list(p, 3)?;
                if l.len() != 4 {
                    return e(col, "quad_perm needs 4 lanes");
                }
                set_ctrl(l.iter().enumerate().fold(0, |a, (i, v)| a | v << (2 * i)))?;
            }
            "row_shl" | "row_shr" | "row_ror" | "row_share" | "row_xmask" => {
                let (lo, base) = match word.as_str() {
                    "row_shl" => (1, 0x100),
                    "row_shr" => (1, 0x110),
                    "row_ror" => (1, 0x120),
                    "row_share" => (0, 0x150),
                    _ => (0, 0x160),
                };
                let vcol = p.col();
                p.expect(":")?;
                let v = p.expr()?;
                if !(lo..=15).contains(&v) {
                    return e(vcol, format!("invalid {word} value"));
                }
                set_ctrl(base | v as u32)?;
            }
            "row_mirror" => set_ctrl(0x140)?,
            "row_half_mirror" => set_ctrl(0x141)?,
            "row_mask" => {
                row_mask = value(p, 0, 15, "row_mask")?;
                dpp16_only = Some(col);
            }
            "bank_mask" => {
                bank_mask = value(p, 0, 15, "bank_mask")?;
                dpp16_only = Some(col);
            }
            "bound_ctrl" => {
                bound_ctrl = value(p, 0, 1, "bound_ctrl")? != 0;
                dpp16_only = Some(col);
            }
            "fi" => {
                fi = value(p, 0, 1, "fi")? != 0;
                fi_seen = true;
            }
            "dpp8" => {
                p.expect(":")?;
                let l = list(p, 7)?;
                if l.len() != 8 {
                    return e(col, "dpp8 needs 8 lanes");
                }
                if ctrl.is_some() || dpp8.is_some() {
                    return e(col, "a DPP control is given twice");
                }
                dpp8 = Some((l.iter().enumerate().fold(0, |a, (i, v)| a | v << (3 * i)), col));
            }
            _ => return e(col, format!("unknown modifier `{word}`")),
        }
    }
    if let Some((ctrl, col)) = ctrl {
        kw.dpp = Some((Dpp::Dpp16 { ctrl, row_mask, bank_mask, bound_ctrl, fi }, col));
    } else if let Some((sel, col)) = dpp8 {
        if let Some(c) = dpp16_only {
            return e(c, "dpp8 takes no row_mask, bank_mask or bound_ctrl");
        }
        kw.dpp = Some((Dpp::Dpp8 { sel, fi }, col));
    } else if let Some(c) = dpp16_only {
        return e(c, "DPP masks need a DPP control (quad_perm, row_shl, ...)");
    } else if fi_seen {
        return e(p.end, "fi needs a DPP control");
    }
    Ok(kw)
}
