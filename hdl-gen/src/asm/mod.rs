//! Assembler for LLVM's AMDGPU syntax (`llvm-mc -arch=amdgcn -mcpu=gfx1100`), driven by the
//! ISA table: the row of a mnemonic says which operands follow and how each is encoded.

mod lex;

use std::collections::BTreeMap;
use std::fmt;

use lex::{Tok, Token, lex};

use crate::isa::operand::{self, FLOAT_CONSTS, LITERAL};
use crate::isa::{Field, ImmKind, Inst, InstDef, Kind, Role, Ty, table};
use crate::syntax::{self, Waitcnt};

/// An assembly error with its position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct AsmError {
    pub file: String,
    pub line: usize,
    pub col: usize,
    pub msg: String,
}

impl fmt::Display for AsmError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}: error: {}", self.file, self.line, self.col, self.msg)
    }
}

/// Assembled code: the bytes, the labels' byte offsets, and where each instruction starts.
#[derive(Clone, Debug, Default)]
pub struct Program {
    pub bytes: Vec<u8>,
    pub labels: BTreeMap<String, u32>,
    /// (byte offset, source line) of every instruction.
    pub insts: Vec<(u32, usize)>,
}

impl Program {
    pub fn dwords(&self) -> Vec<u32> {
        crate::isa::bytes_to_dwords(&self.bytes).0
    }
}

/// An error before the file and line are known.
struct E {
    col: usize,
    msg: String,
}

fn e<T>(col: usize, msg: impl Into<String>) -> Result<T, E> {
    Err(E { col, msg: msg.into() })
}

/// Mnemonics LLVM accepts as aliases of a table row (names from earlier generations).
const ALIASES: [(&str, &str); 22] = [
    ("s_andn2_b32", "s_and_not1_b32"),
    ("s_andn2_b64", "s_and_not1_b64"),
    ("s_orn2_b32", "s_or_not1_b32"),
    ("s_orn2_b64", "s_or_not1_b64"),
    ("s_andn1_saveexec_b32", "s_and_not0_saveexec_b32"),
    ("s_andn1_saveexec_b64", "s_and_not0_saveexec_b64"),
    ("s_orn1_saveexec_b32", "s_or_not0_saveexec_b32"),
    ("s_orn1_saveexec_b64", "s_or_not0_saveexec_b64"),
    ("s_andn2_saveexec_b32", "s_and_not1_saveexec_b32"),
    ("s_andn2_saveexec_b64", "s_and_not1_saveexec_b64"),
    ("s_orn2_saveexec_b32", "s_or_not1_saveexec_b32"),
    ("s_orn2_saveexec_b64", "s_or_not1_saveexec_b64"),
    ("s_andn1_wrexec_b32", "s_and_not0_wrexec_b32"),
    ("s_andn1_wrexec_b64", "s_and_not0_wrexec_b64"),
    ("s_andn2_wrexec_b32", "s_and_not1_wrexec_b32"),
    ("s_andn2_wrexec_b64", "s_and_not1_wrexec_b64"),
    ("s_ff1_i32_b32", "s_ctz_i32_b32"),
    ("s_ff1_i32_b64", "s_ctz_i32_b64"),
    ("s_flbit_i32_b32", "s_clz_i32_u32"),
    ("s_flbit_i32_b64", "s_clz_i32_u64"),
    ("s_flbit_i32", "s_cls_i32"),
    ("s_flbit_i32_i64", "s_cls_i32_i64"),
];

fn lookup(mnemonic: &str) -> Option<&'static InstDef> {
    let lower = mnemonic.to_ascii_lowercase();
    let name = ALIASES.iter().find(|(a, _)| *a == lower).map_or(lower.as_str(), |(_, n)| *n);
    table().by_name(name)
}

/// A parsed instruction whose branch target may still be a label.
struct Pending {
    def: &'static InstDef,
    fields: Vec<(Field, u32)>,
    literal: Option<u32>,
    label: Option<(Field, String, usize)>,
}

enum Item {
    Inst(Pending),
    Bytes(Vec<u8>),
    Align(u32),
}

/// Removes `;`, `//` and single-line `/* */` comments.
fn strip_comment(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut rest = line;
    loop {
        let cut = [rest.find(';'), rest.find("//"), rest.find("/*")].into_iter().flatten().min();
        match cut {
            None => {
                out.push_str(rest);
                return out;
            }
            Some(i) => {
                out.push_str(&rest[..i]);
                if rest[i..].starts_with("/*") {
                    match rest[i + 2..].find("*/") {
                        Some(j) => {
                            // Keep columns: replace the comment with spaces.
                            out.extend(std::iter::repeat_n(' ', j + 4));
                            rest = &rest[i + 2 + j + 2..];
                        }
                        None => return out,
                    }
                } else {
                    return out;
                }
            }
        }
    }
}

/// Assembles a whole source file.
pub fn assemble(src: &str, file: &str) -> Result<Program, AsmError> {
    let err = |line: usize, E { col, msg }: E| AsmError { file: file.to_string(), line, col, msg };
    let mut items: Vec<(usize, Item)> = Vec::new();
    let mut labels = BTreeMap::new();
    let mut offset: u32 = 0;
    for (i, raw) in src.lines().enumerate() {
        let line_no = i + 1;
        let text = strip_comment(raw);
        let toks = lex(&text).map_err(|(col, msg)| err(line_no, E { col, msg }))?;
        let mut toks = &toks[..];
        // Labels: `name:` at the start of the line, possibly several.
        while let [Token { tok: Tok::Ident(name), col }, Token { tok: Tok::Punct(":"), .. }, rest @ ..] = toks
        {
            if labels.insert(name.clone(), offset).is_some() {
                return Err(err(line_no, E { col: *col, msg: format!("label `{name}` is defined twice") }));
            }
            toks = rest;
        }
        let Some(first) = toks.first() else { continue };
        let Tok::Ident(word) = &first.tok else {
            return Err(err(
                line_no,
                E { col: first.col, msg: "expected an instruction or a directive".into() },
            ));
        };
        let item = if word.starts_with('.') {
            directive(word, first.col, &toks[1..]).map_err(|x| err(line_no, x))?
        } else {
            let def = lookup(word).ok_or_else(|| {
                err(line_no, E { col: first.col, msg: format!("unknown instruction `{word}`") })
            })?;
            let end = text.len() + 1;
            Item::Inst(parse_operands(def, &toks[1..], end).map_err(|x| err(line_no, x))?)
        };
        match &item {
            Item::Inst(p) => {
                let inst = Inst::build(p.def, &p.fields, p.literal);
                offset += inst.bytes();
            }
            Item::Bytes(b) => offset += b.len() as u32,
            Item::Align(a) => offset = offset.next_multiple_of(*a),
        }
        items.push((line_no, item));
    }
    let mut prog = Program { labels, ..Program::default() };
    for (line_no, item) in items {
        match item {
            Item::Bytes(b) => prog.bytes.extend(b),
            Item::Align(a) => {
                // Code alignment pads with s_nop 0, as LLVM does.
                while !prog.bytes.len().is_multiple_of(a as usize) {
                    let pad = if prog.bytes.len().is_multiple_of(4) && a >= 4 {
                        0xbf80_0000u32.to_le_bytes().to_vec()
                    } else {
                        vec![0]
                    };
                    prog.bytes.extend(pad);
                }
            }
            Item::Inst(mut p) => {
                let here = prog.bytes.len() as u32;
                if let Some((field, name, col)) = p.label.take() {
                    let target = *prog
                        .labels
                        .get(&name)
                        .ok_or_else(|| err(line_no, E { col, msg: format!("undefined label `{name}`") }))?;
                    let delta = (i64::from(target) - i64::from(here) - 4) / 4;
                    if !(-32768..=32767).contains(&delta) {
                        return Err(err(
                            line_no,
                            E { col, msg: format!("branch to `{name}` is out of range") },
                        ));
                    }
                    p.fields.push((field, delta as u16 as u32));
                }
                let inst = Inst::build(p.def, &p.fields, p.literal);
                prog.insts.push((here, line_no));
                for d in inst.encode() {
                    prog.bytes.extend(d.to_le_bytes());
                }
            }
        }
    }
    Ok(prog)
}

/// Assembles one instruction (branch targets must be numeric).
pub fn assemble_inst(text: &str) -> Result<Inst, AsmError> {
    let prog = assemble(text, "<inst>")?;
    let dwords = prog.dwords();
    if prog.insts.len() != 1 {
        return Err(AsmError {
            file: "<inst>".into(),
            line: 1,
            col: 1,
            msg: "expected one instruction".into(),
        });
    }
    crate::isa::decode(&dwords).map_err(|x| AsmError {
        file: "<inst>".into(),
        line: 1,
        col: 1,
        msg: x.to_string(),
    })
}

fn directive(word: &str, col: usize, args: &[Token]) -> Result<Item, E> {
    match word {
        ".text" | ".globl" | ".global" | ".amdgcn_target" | ".amdgpu_hsa_kernel" | ".type" | ".size" => {
            Ok(Item::Bytes(Vec::new()))
        }
        ".p2align" | ".align" | ".balign" => {
            let mut p = Parser { toks: args, pos: 0, end: col };
            let n = p.expr()?;
            let a = if word == ".p2align" { 1i128.checked_shl(n as u32).unwrap_or(0) } else { n };
            if !(1..=65536).contains(&a) || a & (a - 1) != 0 {
                return e(col, format!("bad alignment {n}"));
            }
            Ok(Item::Align(a as u32))
        }
        ".long" | ".word" | ".int" | ".short" | ".byte" | ".quad" => {
            let size = match word {
                ".byte" => 1,
                ".short" => 2,
                ".quad" => 8,
                _ => 4,
            };
            let mut p = Parser { toks: args, pos: 0, end: col };
            let mut out = Vec::new();
            loop {
                let c = p.col();
                let v = p.expr()?;
                let bits = size * 8;
                if bits < 128 && (v >= 1i128 << bits || v < -(1i128 << (bits - 1))) {
                    return e(c, format!("value {v} does not fit in {size} bytes"));
                }
                out.extend(&(v as u64).to_le_bytes()[..size]);
                if !p.eat(",") {
                    break;
                }
            }
            p.done()?;
            Ok(Item::Bytes(out))
        }
        _ => e(col, format!("unknown directive `{word}`")),
    }
}

struct Parser<'a> {
    toks: &'a [Token],
    pos: usize,
    /// Column just past the end of the line, for "expected ..." at the end.
    end: usize,
}

impl<'a> Parser<'a> {
    fn peek(&self) -> Option<&'a Tok> {
        self.toks.get(self.pos).map(|t| &t.tok)
    }
    fn col(&self) -> usize {
        self.toks.get(self.pos).map_or(self.end, |t| t.col)
    }
    fn next(&mut self) -> Option<&'a Tok> {
        let t = self.toks.get(self.pos).map(|t| &t.tok);
        self.pos += 1;
        t
    }
    fn eat(&mut self, p: &str) -> bool {
        if matches!(self.peek(), Some(Tok::Punct(q)) if *q == p) {
            self.pos += 1;
            true
        } else {
            false
        }
    }
    fn expect(&mut self, p: &str) -> Result<(), E> {
        if self.eat(p) { Ok(()) } else { e(self.col(), format!("expected `{p}`")) }
    }
    fn ident(&mut self) -> Result<&'a str, E> {
        match self.peek() {
            Some(Tok::Ident(s)) => {
                self.pos += 1;
                Ok(s)
            }
            _ => e(self.col(), "expected a name"),
        }
    }
    fn done(&self) -> Result<(), E> {
        if self.pos < self.toks.len() { e(self.col(), "unexpected text after the operands") } else { Ok(()) }
    }
    fn at_end(&self) -> bool {
        self.pos >= self.toks.len()
    }

    /// An integer expression: `| ^ & + - * / % << >>`, unary `- ~ +`, parentheses.
    fn expr(&mut self) -> Result<i128, E> {
        self.binary(0)
    }
    fn binary(&mut self, level: usize) -> Result<i128, E> {
        const LEVELS: [&[&str]; 5] = [&["|"], &["^"], &["&"], &["+", "-"], &["*", "/", "%", "<<", ">>"]];
        if level == LEVELS.len() {
            return self.unary();
        }
        let mut v = self.binary(level + 1)?;
        while let Some(Tok::Punct(p)) = self.peek() {
            if !LEVELS[level].contains(p) {
                break;
            }
            let col = self.col();
            self.pos += 1;
            let r = self.binary(level + 1)?;
            v = match *p {
                "|" => v | r,
                "^" => v ^ r,
                "&" => v & r,
                "+" => v.wrapping_add(r),
                "-" => v.wrapping_sub(r),
                "*" => v.wrapping_mul(r),
                "/" | "%" if r == 0 => return e(col, "division by zero"),
                "/" => v / r,
                "%" => v % r,
                "<<" => v.checked_shl(r as u32).unwrap_or(0),
                _ => v.checked_shr(r as u32).unwrap_or(0),
            };
        }
        Ok(v)
    }
    fn unary(&mut self) -> Result<i128, E> {
        let col = self.col();
        match self.next() {
            Some(Tok::Int(v)) => Ok(*v),
            Some(Tok::Ident(name)) if syntax::constant_symbol(name).is_some() => {
                Ok(i128::from(syntax::constant_symbol(name).unwrap_or(0)))
            }
            Some(Tok::Punct("-")) => Ok(self.unary()?.wrapping_neg()),
            Some(Tok::Punct("+")) => self.unary(),
            Some(Tok::Punct("~")) => Ok(!self.unary()?),
            Some(Tok::Punct("(")) => {
                let v = self.expr()?;
                self.expect(")")?;
                Ok(v)
            }
            _ => e(col, "expected an integer"),
        }
    }
    /// An integer expression that must fit `lo..=hi`.
    fn int_in(&mut self, lo: i128, hi: i128, what: &str) -> Result<i128, E> {
        let col = self.col();
        let v = self.expr()?;
        if v < lo || v > hi {
            return e(col, format!("{what} {v} is out of range ({lo}..={hi})"));
        }
        Ok(v)
    }
}

/// A scalar operand as written.
enum ScalarText {
    /// Register code and width in dwords.
    Reg(u32, u32),
    Code(u32),
    Int(i128),
    Float(f64),
}

fn parse_scalar(p: &mut Parser) -> Result<ScalarText, E> {
    let col = p.col();
    match p.peek() {
        Some(Tok::Ident(name)) => {
            let lower = name.to_ascii_lowercase();
            p.pos += 1;
            if let Some(r) = named_scalar(&lower) {
                return Ok(r);
            }
            for (prefix, base, count) in [("s", 0u32, operand::NUM_SGPRS), ("ttmp", operand::TTMP0, 16)] {
                if lower == prefix && p.eat("[") {
                    let lo = p.int_in(0, i128::from(count) - 1, "register index")? as u32;
                    let hi = if p.eat(":") {
                        p.int_in(0, i128::from(count) - 1, "register index")? as u32
                    } else {
                        lo
                    };
                    p.expect("]")?;
                    if hi < lo || hi - lo > 1 {
                        return e(col, "only 32- and 64-bit scalar registers are supported here");
                    }
                    if hi > lo && !lo.is_multiple_of(2) {
                        return e(col, "invalid register alignment");
                    }
                    return Ok(ScalarText::Reg(base + lo, hi - lo + 1));
                }
                if let Some(n) = lower.strip_prefix(prefix).and_then(|d| d.parse::<u32>().ok()) {
                    if n >= count {
                        return e(col, "register index is out of range");
                    }
                    return Ok(ScalarText::Reg(base + n, 1));
                }
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
        _ => return None,
    })
}

/// Encodes a scalar operand of type `ty` into its field code, possibly using the literal.
fn encode_scalar(
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
        ScalarText::Code(c) => {
            if c != operand::NULL && !is_source {
                return e(col, "invalid operand for instruction");
            }
            Ok(c)
        }
        ScalarText::Int(v) => {
            if (-16..=64).contains(&v) {
                return Ok(if v >= 0 { 128 + v as u32 } else { (192 - v) as u32 });
            }
            if !(-(1i128 << 31)..(1i128 << 32)).contains(&v) {
                return e(col, "invalid operand for instruction");
            }
            use_literal(v as u32)
        }
        ScalarText::Float(f) => {
            // Inline float constants match at the operand's precision.
            let code = FLOAT_CONSTS.iter().position(|(b32, b64, _)| {
                if ty.is64() { f.to_bits() == *b64 } else { (f as f32).to_bits() == *b32 }
            });
            if let Some(k) = code {
                return Ok(240 + k as u32);
            }
            if ty.is64() {
                if ty != Ty::F64 {
                    return e(col, "invalid operand for instruction");
                }
                let bits = f.to_bits();
                if bits & 0xffff_ffff != 0 {
                    return e(col, "a 64-bit float literal must have a zero low dword");
                }
                use_literal((bits >> 32) as u32)
            } else {
                use_literal((f as f32).to_bits())
            }
        }
    }
}

fn parse_operands(def: &'static InstDef, toks: &[Token], end: usize) -> Result<Pending, E> {
    let mut p = Parser { toks, pos: 0, end };
    let mut out = Pending { def, fields: Vec::new(), literal: None, label: None };
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
            Kind::Reg(ty) => {
                let s = parse_scalar(&mut p)?;
                if op.field == Field::Lit {
                    let v = match s {
                        ScalarText::Int(v) if (-(1i128 << 31)..(1i128 << 32)).contains(&v) => v as u32,
                        ScalarText::Float(f) if !ty.is64() => (f as f32).to_bits(),
                        _ => return e(col, "expected a 32-bit constant"),
                    };
                    out.literal = Some(v);
                    continue;
                }
                let is_source = op.role == Role::Src && op.field.is_scalar_source();
                let code = encode_scalar(s, ty, is_source, &mut out.literal, col)?;
                out.fields.push((op.field, code));
            }
            Kind::Imm(kind) => {
                let v = parse_imm(&mut p, kind, op.field, def, &mut out.label)?;
                if let Some(v) = v {
                    out.fields.push((op.field, v));
                }
            }
        }
    }
    p.done()?;
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
        ImmKind::Hex16 | ImmKind::Imm16 | ImmKind::Endpgm | ImmKind::Version => {
            p.int_in(lo, 65535, "immediate")? as u16 as u32
        }
        ImmKind::None => 0,
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
        return Ok(p.int_in(-32768, 65535, "waitcnt")? as u16 as u32);
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

fn parse_delay(p: &mut Parser) -> Result<u32, E> {
    if !matches!(p.peek(), Some(Tok::Ident(_))) {
        return Ok(p.int_in(-32768, 65535, "delay")? as u16 as u32);
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

#[cfg(test)]
mod tests;
