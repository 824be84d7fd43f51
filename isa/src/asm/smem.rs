//! Operands of the scalar memory (SMEM) formats. (Not yet written: the table has no rows for them yet.)

use super::parser::Parser;
use super::{E, Pending, e};
use crate::InstDef;

pub(super) fn parse(rows: &[&'static InstDef], suffix: &str, p: &mut Parser) -> Result<Pending, E> {
    let _ = suffix;
    e(p.col(), format!("the assembler does not yet handle {} (scalar memory (SMEM))", rows[0].name))
}
