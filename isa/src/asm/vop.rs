//! Operands of the vector ALU formats (VOP1, VOP2, VOPC, VOP3, VOP3SD, VOP3P, VOPD, with the
//! DPP16 and DPP8 extension dwords), in LLVM 19's syntax for gfx1100.
//!
//! The operands are parsed once into a neutral form (registers, constants, modifiers, the
//! trailing keywords), then encoded against each candidate row in turn: without an encoding
//! suffix LLVM takes the first encoding that can hold the operands (the 32-bit VOP1/VOP2/VOPC
//! form before its VOP3 promotion), `_e32`/`_e64`/`_dpp`/`_e64_dpp` select one. The syntax of
//! each row comes from `disasm/vop/shape.rs`, shared with the disassembler.

mod encode;
mod operands;
// The row shapes are the disassembler's: one file, compiled into both modules (its items are
// private to `disasm::vop`).
#[allow(clippy::duplicate_mod)]
#[path = "../disasm/vop/shape.rs"]
mod shape;

use super::lex::Tok;
use super::parser::Parser;
use super::{E, Pending, e};
use crate::InstDef;
pub(crate) use encode::{Const, encode_const};
pub(crate) use operands::Val;
pub(crate) use shape::Class;
use shape::{Enc, shape};

/// Which encodings a suffix allows, and whether the DPP form is wanted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Want {
    Any,
    E32,
    E64,
}

pub(super) fn parse(rows: &[&'static InstDef], suffix: &str, p: &mut Parser) -> Result<Pending, E> {
    let Some(first) = rows.first() else {
        return e(p.col(), "unknown instruction");
    };
    if matches!(Enc::of(first), Some(Enc::VopdX | Enc::VopdY)) {
        return encode::vopd(rows, p);
    }
    let start = p.col();
    let (ops, kw) = operands::parse_all(p, false)?;
    let (want, dpp_suffix) = match suffix {
        "_e32" => (Want::E32, false),
        "_e64" => (Want::E64, false),
        "_dpp" => (Want::E32, true),
        "_e64_dpp" => (Want::E64, true),
        _ => (Want::Any, false),
    };
    let dpp = kw.dpp.is_some();
    if dpp_suffix && !dpp {
        return e(p.end, "expected DPP controls (quad_perm, row_shl, ..., dpp8)");
    }
    let mut first_err: Option<E> = None;
    for def in rows {
        let Some(s) = shape(def) else { continue };
        let fits = match want {
            Want::Any => true,
            Want::E32 => s.enc.is_e32(),
            Want::E64 => s.enc.is_vop3(),
        };
        if !fits || (dpp && !s.dpp) {
            continue;
        }
        match encode::encode(def, &s, &ops, &kw, p.end) {
            Ok(pending) => return Ok(pending),
            Err(err) => {
                if first_err.is_none() {
                    first_err = Some(err);
                }
            }
        }
    }
    Err(first_err.unwrap_or(E {
        col: start,
        msg: format!(
            "{} has no {} form",
            first.name,
            match (want, dpp) {
                (Want::E32, false) => "32-bit (_e32)",
                (Want::E64, false) => "64-bit (_e64)",
                (_, true) => "DPP",
                (Want::Any, false) => "matching",
            }
        ),
    }))
}

/// Whether the next tokens are `::` (the separator of a VOPD pair).
pub(crate) fn at_pair_separator(p: &Parser) -> bool {
    matches!(p.peek(), Some(Tok::Punct(":")))
        && matches!(p.toks.get(p.pos + 1).map(|t| &t.tok), Some(Tok::Punct(":")))
}

#[cfg(test)]
mod tests;
