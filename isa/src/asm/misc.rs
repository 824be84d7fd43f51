//! Operands of the interpolation, LDS parameter load and export (VINTERP, LDSDIR, EXP) formats. (Not yet written: the table has no rows for them yet.)

use super::parser::Parser;
use super::{E, Pending, e};
use crate::InstDef;

pub(super) fn parse(rows: &[&'static InstDef], suffix: &str, p: &mut Parser) -> Result<Pending, E> {
    let _ = suffix;
    e(
        p.col(),
        format!(
            "the assembler does not yet handle {} (interpolation, LDS parameter load and export (VINTERP, LDSDIR, EXP))",
            rows[0].name
        ),
    )
}
