//! Assembler for LLVM's AMDGPU syntax (`llvm-mc -arch=amdgcn -mcpu=gfx1100`), driven by the
//! ISA table: the row of a mnemonic says which operands follow and how each is encoded.

mod buf;
mod ds;
mod flat;
mod lex;
mod mimg;
mod misc;
mod parser;
mod scalar;
mod smem;
mod vop;

use std::collections::BTreeMap;
use std::fmt;

use lex::{Tok, Token, lex};
use parser::Parser;

use crate::{Family, Field, Inst, InstDef, table};

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
        crate::bytes_to_dwords(&self.bytes).0
    }
}

/// An error before the file and line are known.
pub(crate) struct E {
    pub col: usize,
    pub msg: String,
}

pub(crate) fn e<T>(col: usize, msg: impl Into<String>) -> Result<T, E> {
    Err(E { col, msg: msg.into() })
}

/// Mnemonics LLVM accepts as aliases of a table row (names from earlier generations).
const ALIASES: &[(&str, &str)] = &[
    // The guide's EXPORT is LLVM's `exp`.
    ("exp", "export"),
    // gfx10 names of the DS and SMEM instructions gfx11 renamed (LLVM's MnemonicAlias).
    ("ds_write_b32", "ds_store_b32"),
    ("ds_write2_b32", "ds_store_2addr_b32"),
    ("ds_write2st64_b32", "ds_store_2addr_stride64_b32"),
    ("ds_write_b8", "ds_store_b8"),
    ("ds_write_b16", "ds_store_b16"),
    ("ds_wrxchg_rtn_b32", "ds_storexchg_rtn_b32"),
    ("ds_wrxchg2_rtn_b32", "ds_storexchg_2addr_rtn_b32"),
    ("ds_wrxchg2st64_rtn_b32", "ds_storexchg_2addr_stride64_rtn_b32"),
    ("ds_read_b32", "ds_load_b32"),
    ("ds_read2_b32", "ds_load_2addr_b32"),
    ("ds_read2st64_b32", "ds_load_2addr_stride64_b32"),
    ("ds_read_i8", "ds_load_i8"),
    ("ds_read_u8", "ds_load_u8"),
    ("ds_read_i16", "ds_load_i16"),
    ("ds_read_u16", "ds_load_u16"),
    ("ds_write_b64", "ds_store_b64"),
    ("ds_write2_b64", "ds_store_2addr_b64"),
    ("ds_write2st64_b64", "ds_store_2addr_stride64_b64"),
    ("ds_wrxchg_rtn_b64", "ds_storexchg_rtn_b64"),
    ("ds_wrxchg2_rtn_b64", "ds_storexchg_2addr_rtn_b64"),
    ("ds_wrxchg2st64_rtn_b64", "ds_storexchg_2addr_stride64_rtn_b64"),
    ("ds_read_b64", "ds_load_b64"),
    ("ds_read2_b64", "ds_load_2addr_b64"),
    ("ds_read2st64_b64", "ds_load_2addr_stride64_b64"),
    ("ds_write_b8_d16_hi", "ds_store_b8_d16_hi"),
    ("ds_write_b16_d16_hi", "ds_store_b16_d16_hi"),
    ("ds_read_u8_d16", "ds_load_u8_d16"),
    ("ds_read_u8_d16_hi", "ds_load_u8_d16_hi"),
    ("ds_read_i8_d16", "ds_load_i8_d16"),
    ("ds_read_i8_d16_hi", "ds_load_i8_d16_hi"),
    ("ds_read_u16_d16", "ds_load_u16_d16"),
    ("ds_read_u16_d16_hi", "ds_load_u16_d16_hi"),
    ("ds_write_addtid_b32", "ds_store_addtid_b32"),
    ("ds_read_addtid_b32", "ds_load_addtid_b32"),
    ("ds_write_b96", "ds_store_b96"),
    ("ds_write_b128", "ds_store_b128"),
    ("ds_read_b96", "ds_load_b96"),
    ("ds_read_b128", "ds_load_b128"),
    ("s_load_dword", "s_load_b32"),
    ("s_load_dwordx2", "s_load_b64"),
    ("s_load_dwordx4", "s_load_b128"),
    ("s_load_dwordx8", "s_load_b256"),
    ("s_load_dwordx16", "s_load_b512"),
    ("s_buffer_load_dword", "s_buffer_load_b32"),
    ("s_buffer_load_dwordx2", "s_buffer_load_b64"),
    ("s_buffer_load_dwordx4", "s_buffer_load_b128"),
    ("s_buffer_load_dwordx8", "s_buffer_load_b256"),
    ("s_buffer_load_dwordx16", "s_buffer_load_b512"),
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

/// Encoding suffixes LLVM appends to a mnemonic to choose among its encodings, longest first.
pub(crate) const SUFFIXES: [&str; 4] = ["_e64_dpp", "_e32", "_e64", "_dpp"];

/// The rows an LLVM mnemonic can name, and the encoding suffix it carries: the rows of that
/// name or alias, or, with a suffix, of the name without it.
pub(crate) fn candidates(mnemonic: &str) -> (Vec<&'static InstDef>, &'static str) {
    let lower = mnemonic.to_ascii_lowercase();
    let resolve = |n: &str| -> Vec<&'static InstDef> {
        let name = ALIASES.iter().find(|(a, _)| *a == n).map_or(n, |(_, m)| *m);
        table().all_by_name(name).collect()
    };
    let direct = resolve(&lower);
    if !direct.is_empty() {
        return (direct, "");
    }
    for suffix in SUFFIXES {
        if let Some(base) = lower.strip_suffix(suffix) {
            let rows = resolve(base);
            if !rows.is_empty() {
                return (rows, suffix);
            }
        }
    }
    (Vec::new(), "")
}

/// Parses an instruction's operands with the module of its family.
fn parse_inst(word: &str, col: usize, toks: &[Token], end: usize) -> Result<Pending, E> {
    let (rows, suffix) = candidates(word);
    let Some(first) = rows.first() else {
        return e(col, format!("unknown instruction `{word}`"));
    };
    let mut p = Parser { toks, pos: 0, end };
    let pending = match first.format().family() {
        Family::Scalar if suffix.is_empty() => scalar::parse(first, &mut p)?,
        Family::Scalar => return e(col, format!("unknown instruction `{word}`")),
        Family::Smem => smem::parse(&rows, suffix, &mut p)?,
        Family::Vop => vop::parse(&rows, suffix, &mut p)?,
        Family::Ds => ds::parse(&rows, suffix, &mut p)?,
        Family::Flat => flat::parse(&rows, suffix, &mut p)?,
        Family::Buf => buf::parse(&rows, suffix, &mut p)?,
        Family::Mimg => mimg::parse(&rows, suffix, &mut p)?,
        Family::Misc => misc::parse(&rows, suffix, &mut p)?,
    };
    p.done()?;
    Ok(pending)
}

/// A parsed instruction whose branch target may still be a label.
pub(crate) struct Pending {
    pub def: &'static InstDef,
    /// The second instruction of a pair (VOPD).
    pub def2: Option<&'static InstDef>,
    pub fields: Vec<(Field, u32)>,
    pub literal: Option<u32>,
    pub label: Option<(Field, String, usize)>,
}

impl Pending {
    pub fn new(def: &'static InstDef) -> Pending {
        Pending { def, def2: None, fields: Vec::new(), literal: None, label: None }
    }
    fn build(&self) -> Inst {
        Inst::build_pair(self.def, self.def2, &self.fields, self.literal)
    }
}

enum Item {
    Inst(Pending),
    Bytes(Vec<u8>),
    Align(u32),
}

/// The source with its comments (`;` and `//` to the end of the line, `/* */` across lines)
/// replaced by spaces of the same length, so that every line and column stays where it was.
/// An unterminated `/*` is an error at its line and column, as in llvm-mc.
fn strip_comments(src: &str) -> Result<String, (usize, E)> {
    let mut out = String::with_capacity(src.len());
    let (mut line, mut line_start) = (1, 0);
    // Where the open `/*` is: its line and column.
    let mut block: Option<(usize, usize)> = None;
    let mut to_eol = false;
    let mut chars = src.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        let next = chars.peek().map(|&(_, n)| n);
        if c == '\n' {
            out.push('\n');
            line += 1;
            line_start = i + 1;
            to_eol = false;
        } else if block.is_some() {
            if c == '*' && next == Some('/') {
                chars.next();
                out.push_str("  ");
                block = None;
            } else {
                out.extend(std::iter::repeat_n(' ', c.len_utf8()));
            }
        } else if to_eol {
            out.extend(std::iter::repeat_n(' ', c.len_utf8()));
        } else if c == '/' && next == Some('*') {
            chars.next();
            out.push_str("  ");
            block = Some((line, i - line_start + 1));
        } else if c == ';' || (c == '/' && next == Some('/')) {
            out.push(' ');
            to_eol = true;
        } else {
            out.push(c);
        }
    }
    match block {
        Some((line, col)) => Err((line, E { col, msg: "unterminated comment".into() })),
        None => Ok(out),
    }
}

/// Assembles a whole source file.
pub fn assemble(src: &str, file: &str) -> Result<Program, AsmError> {
    let err = |line: usize, E { col, msg }: E| AsmError { file: file.to_string(), line, col, msg };
    let mut items: Vec<(usize, Item)> = Vec::new();
    let mut labels = BTreeMap::new();
    let mut offset: u32 = 0;
    let src = strip_comments(src).map_err(|(line, x)| err(line, x))?;
    for (i, text) in src.lines().enumerate() {
        let line_no = i + 1;
        let toks = lex(text).map_err(|(col, msg)| err(line_no, E { col, msg }))?;
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
            let end = text.trim_end().len() + 1;
            Item::Inst(parse_inst(word, first.col, &toks[1..], end).map_err(|x| err(line_no, x))?)
        };
        match &item {
            Item::Inst(p) => offset += p.build().bytes(),
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
                let inst = p.build();
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
    crate::decode(&dwords).map_err(|x| AsmError {
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

#[cfg(test)]
mod tests;
