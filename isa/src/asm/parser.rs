//! The token cursor, integer expressions, and the operand syntax every family shares:
//! registers (scalar, vector, tuples), inline constants, literals.

use super::lex::{Tok, Token};
use super::vop::{Class, Const, Val, encode_const};
use super::{E, e};
use crate::Ty;
use crate::operand::{self, LITERAL};
use crate::syntax;

pub(crate) struct Parser<'a> {
    pub toks: &'a [Token],
    pub pos: usize,
    /// Column just past the end of the line, for "expected ..." at the end.
    pub end: usize,
}

impl<'a> Parser<'a> {
    pub fn peek(&self) -> Option<&'a Tok> {
        self.toks.get(self.pos).map(|t| &t.tok)
    }
    pub fn col(&self) -> usize {
        self.toks.get(self.pos).map_or(self.end, |t| t.col)
    }
    pub fn next(&mut self) -> Option<&'a Tok> {
        let t = self.toks.get(self.pos).map(|t| &t.tok);
        self.pos += 1;
        t
    }
    pub fn eat(&mut self, p: &str) -> bool {
        if matches!(self.peek(), Some(Tok::Punct(q)) if *q == p) {
            self.pos += 1;
            true
        } else {
            false
        }
    }
    pub fn expect(&mut self, p: &str) -> Result<(), E> {
        if self.eat(p) { Ok(()) } else { e(self.col(), format!("expected `{p}`")) }
    }
    pub fn ident(&mut self) -> Result<&'a str, E> {
        match self.peek() {
            Some(Tok::Ident(s)) => {
                self.pos += 1;
                Ok(s)
            }
            _ => e(self.col(), "expected a name"),
        }
    }
    pub fn done(&self) -> Result<(), E> {
        if self.pos < self.toks.len() { e(self.col(), "unexpected text after the operands") } else { Ok(()) }
    }
    pub fn at_end(&self) -> bool {
        self.pos >= self.toks.len()
    }

    /// An integer expression: `| ^ & + - * / % << >>`, unary `- ~ +`, parentheses. Parsed
    /// without recursion (operator precedence with explicit stacks), so that any depth of
    /// nesting (llvm-mc accepts 10,000 parentheses) or of unary operators costs heap, not stack.
    pub fn expr(&mut self) -> Result<i128, E> {
        /// An operator waiting for its right operand, or an open parenthesis.
        enum Op {
            Binary(&'static str, usize, usize),
            Neg,
            Not,
            Open,
        }
        /// Binding strength of a binary operator (higher binds tighter).
        fn level(p: &str) -> Option<usize> {
            Some(match p {
                "|" => 0,
                "^" => 1,
                "&" => 2,
                "+" | "-" => 3,
                "*" | "/" | "%" | "<<" | ">>" => 4,
                _ => return None,
            })
        }
        fn apply(vals: &mut Vec<i128>, p: &str, col: usize) -> Result<(), E> {
            let (Some(r), Some(v)) = (vals.pop(), vals.pop()) else { return e(col, "expected an integer") };
            vals.push(match p {
                "|" => v | r,
                "^" => v ^ r,
                "&" => v & r,
                "+" => v.wrapping_add(r),
                "-" => v.wrapping_sub(r),
                "*" => v.wrapping_mul(r),
                "/" | "%" if r == 0 => return e(col, "division by zero"),
                "/" => v.wrapping_div(r),
                "%" => v.wrapping_rem(r),
                "<<" => v.checked_shl(r as u32).unwrap_or(0),
                _ => v.checked_shr(r as u32).unwrap_or(0),
            });
            Ok(())
        }
        let mut vals: Vec<i128> = Vec::new();
        let mut ops: Vec<Op> = Vec::new();
        let mut open = 0usize;
        loop {
            // An operand: prefix operators and parentheses, then a number or a symbol.
            loop {
                let col = self.col();
                match self.next() {
                    Some(Tok::Int(v)) => {
                        vals.push(*v);
                        break;
                    }
                    // LLVM reads a floating-point number where it expects an integer as the
                    // double's bit pattern: `0.0` is 0, `1.0` is 0x3ff0000000000000, and
                    // `-0.0` the negation of 0.
                    Some(Tok::Float(f)) => {
                        vals.push(i128::from(f.to_bits() as i64));
                        break;
                    }
                    Some(Tok::Ident(name)) if syntax::constant_symbol(name).is_some() => {
                        vals.push(i128::from(syntax::constant_symbol(name).unwrap_or(0)));
                        break;
                    }
                    Some(Tok::Punct("-")) => ops.push(Op::Neg),
                    Some(Tok::Punct("+")) => {}
                    Some(Tok::Punct("~")) => ops.push(Op::Not),
                    Some(Tok::Punct("(")) => {
                        ops.push(Op::Open);
                        open += 1;
                    }
                    _ => return e(col, "expected an integer"),
                }
            }
            // After an operand: its prefix operators, closing parentheses, then a binary
            // operator (reducing those that bind at least as tightly) or the end.
            loop {
                while let Some(Op::Neg | Op::Not) = ops.last() {
                    let v = vals.pop().unwrap_or(0);
                    vals.push(if matches!(ops.pop(), Some(Op::Neg)) { v.wrapping_neg() } else { !v });
                }
                match self.peek() {
                    Some(Tok::Punct(")")) if open > 0 => {
                        self.pos += 1;
                        while let Some(Op::Binary(p, _, col)) = ops.last() {
                            apply(&mut vals, p, *col)?;
                            ops.pop();
                        }
                        ops.pop();
                        open -= 1;
                    }
                    Some(Tok::Punct(p)) if level(p).is_some() => {
                        let (l, col) = (level(p).unwrap_or(0), self.col());
                        while let Some(Op::Binary(q, ql, qcol)) = ops.last()
                            && *ql >= l
                        {
                            apply(&mut vals, q, *qcol)?;
                            ops.pop();
                        }
                        ops.push(Op::Binary(p, l, col));
                        self.pos += 1;
                        break;
                    }
                    _ => {
                        if open > 0 {
                            return e(self.col(), "expected `)`");
                        }
                        while let Some(Op::Binary(p, _, col)) = ops.pop() {
                            apply(&mut vals, p, col)?;
                        }
                        return vals.pop().map_or_else(|| e(self.col(), "expected an integer"), Ok);
                    }
                }
            }
        }
    }
    /// An integer expression that must fit `lo..=hi`.
    pub fn int_in(&mut self, lo: i128, hi: i128, what: &str) -> Result<i128, E> {
        let col = self.col();
        let v = self.expr()?;
        if v < lo || v > hi {
            return e(col, format!("{what} {v} is out of range ({lo}..={hi})"));
        }
        Ok(v)
    }

    /// A 16-bit immediate of a field LLVM truncates to 16 bits (SOPP's `imm16`, the
    /// integer forms of `s_waitcnt` and `s_delay_alu`): any 64-bit value, its low bits kept.
    pub fn truncated16(&mut self, what: &str) -> Result<u32, E> {
        let col = self.col();
        let v = self.expr()?;
        if !(-(1i128 << 63)..(1i128 << 64)).contains(&v) {
            return e(col, format!("{what} {v} does not fit 64 bits"));
        }
        Ok(v as u16 as u32)
    }
}

/// A scalar operand as written.
pub(crate) enum ScalarText {
    /// Scalar register code and width in dwords.
    Reg(u32, u32),
    /// VGPR number and width in dwords.
    #[allow(dead_code)]
    Vgpr(u32, u32),
    Code(u32),
    Int(i128),
    Float(f64),
}

pub(crate) fn parse_scalar(p: &mut Parser) -> Result<ScalarText, E> {
    let col = p.col();
    match p.peek() {
        Some(Tok::Ident(name)) => {
            let lower = name.to_ascii_lowercase();
            p.pos += 1;
            if let Some(r) = named_scalar(&lower) {
                return Ok(r);
            }
            // s, ttmp and v registers, single (s5) or tuples (s[4:7], v[0:2], v[3]).
            for (prefix, base, count) in
                [("s", 0u32, operand::NUM_SGPRS), ("ttmp", operand::TTMP0, 16), ("v", 0, 256)]
            {
                let vector = prefix == "v";
                let (lo, hi) = if lower == prefix && p.eat("[") {
                    let lo = p.int_in(0, i128::from(count) - 1, "register index")? as u32;
                    let hi = if p.eat(":") {
                        p.int_in(0, i128::from(count) - 1, "register index")? as u32
                    } else {
                        lo
                    };
                    p.expect("]")?;
                    if hi < lo || hi - lo >= 16 {
                        return e(col, "invalid register range");
                    }
                    (lo, hi)
                } else if let Some(n) = lower.strip_prefix(prefix).and_then(|d| d.parse::<u32>().ok()) {
                    if n >= count {
                        return e(col, "register index is out of range");
                    }
                    (n, n)
                } else {
                    continue;
                };
                let width = hi - lo + 1;
                if vector {
                    return Ok(ScalarText::Vgpr(lo, width));
                }
                // Scalar pairs are even-aligned, larger tuples quad-aligned (guide 3.3.1.3).
                if (width == 2 && !lo.is_multiple_of(2)) || (width > 2 && !lo.is_multiple_of(4)) {
                    return e(col, "invalid register alignment");
                }
                return Ok(ScalarText::Reg(base + lo, width));
            }
            e(col, format!("unknown operand `{name}`"))
        }
        Some(Tok::Float(_)) | Some(Tok::Punct("-")) if is_float_ahead(p) => {
            let neg = p.eat("-");
            let Some(Tok::Float(f)) = p.next() else {
                return e(col, "expected a number");
            };
            Ok(ScalarText::Float(if neg { -f } else { *f }))
        }
        _ => Ok(ScalarText::Int(p.expr()?)),
    }
}

fn is_float_ahead(p: &Parser) -> bool {
    match p.peek() {
        Some(Tok::Float(_)) => true,
        Some(Tok::Punct("-")) => {
            matches!(p.toks.get(p.pos + 1).map(|t| &t.tok), Some(Tok::Float(_)))
        }
        _ => false,
    }
}

fn named_scalar(name: &str) -> Option<ScalarText> {
    use operand::*;
    Some(match name {
        "vcc" => ScalarText::Reg(VCC_LO, 2),
        "vcc_lo" => ScalarText::Reg(VCC_LO, 1),
        "vcc_hi" => ScalarText::Reg(VCC_HI, 1),
        "exec" => ScalarText::Reg(EXEC_LO, 2),
        "exec_lo" => ScalarText::Reg(EXEC_LO, 1),
        "exec_hi" => ScalarText::Reg(EXEC_HI, 1),
        "m0" => ScalarText::Reg(M0, 1),
        "null" => ScalarText::Code(NULL),
        "scc" | "src_scc" => ScalarText::Code(SCC),
        "src_shared_base" | "shared_base" => ScalarText::Code(SHARED_BASE),
        "src_shared_limit" | "shared_limit" => ScalarText::Code(SHARED_LIMIT),
        "src_private_base" | "private_base" => ScalarText::Code(PRIVATE_BASE),
        "src_private_limit" | "private_limit" => ScalarText::Code(PRIVATE_LIMIT),
        "src_pops_exiting_wave_id" | "pops_exiting_wave_id" => ScalarText::Code(239),
        "src_vccz" => ScalarText::Code(251),
        "src_execz" => ScalarText::Code(252),
        _ => return None,
    })
}

/// Encodes a scalar operand of type `ty` into its field code, possibly using the literal.
pub(crate) fn encode_scalar(
    s: ScalarText,
    ty: Ty,
    is_source: bool,
    literal: &mut Option<u32>,
    col: usize,
) -> Result<u32, E> {
    let want = ty.dwords();
    let mut use_literal = |v: u32| -> Result<u32, E> {
        if !is_source {
            return e(col, "a constant cannot be a destination");
        }
        match literal {
            Some(l) if *l != v => e(col, "only one unique literal operand is allowed"),
            _ => {
                *literal = Some(v);
                Ok(LITERAL)
            }
        }
    };
    match s {
        ScalarText::Reg(code, dw) => {
            if dw != want {
                return e(col, format!("expected a {}-bit register", want * 32));
            }
            Ok(code)
        }
        ScalarText::Vgpr(..) => e(col, "invalid operand for instruction"),
        ScalarText::Code(c) => {
            if c != operand::NULL && !is_source {
                return e(col, "invalid operand for instruction");
            }
            Ok(c)
        }
        // Constants are encoded as LLVM encodes them at an operand of this type, the same
        // rules as the vector sources': an inline constant when the value (or its bit
        // pattern at the operand's width) is one, else the literal.
        ScalarText::Int(v) => constant(Val::Int(v), ty, &mut use_literal, col),
        ScalarText::Float(f) => constant(Val::Float(f), ty, &mut use_literal, col),
    }
}

fn constant(
    v: Val,
    ty: Ty,
    use_literal: &mut impl FnMut(u32) -> Result<u32, E>,
    col: usize,
) -> Result<u32, E> {
    match encode_const(Class::of(ty), v) {
        Some(Const::Inline(code)) => Ok(code),
        Some(Const::Literal(lit)) => use_literal(lit),
        None => e(col, "invalid operand for instruction"),
    }
}

// Used by the vector families' operand parsers as they are written.
#[allow(dead_code)]
/// Encodes an operand of a 9-bit source field: a VGPR is 256 + its number, anything else as
/// [`encode_scalar`] does.
pub(crate) fn encode_src9(
    s: ScalarText,
    ty: Ty,
    is_source: bool,
    literal: &mut Option<u32>,
    col: usize,
) -> Result<u32, E> {
    match s {
        ScalarText::Vgpr(n, dw) => {
            if dw != ty.dwords() {
                return e(col, format!("expected a {}-bit register", ty.dwords() * 32));
            }
            Ok(256 + n)
        }
        other => encode_scalar(other, ty, is_source, literal, col),
    }
}

#[allow(dead_code)]
/// A VGPR or VGPR tuple of `dwords` registers; its number.
pub(crate) fn parse_vgpr(p: &mut Parser, dwords: u32) -> Result<u32, E> {
    let col = p.col();
    match parse_scalar(p)? {
        ScalarText::Vgpr(n, dw) if dw == dwords => Ok(n),
        ScalarText::Vgpr(..) => e(col, format!("expected a {}-bit register", dwords * 32)),
        _ => e(col, "expected a VGPR"),
    }
}
