//! Operands of the vector ALU (VOP1, VOP2, VOPC, VOP3, VOP3SD, VOP3P, VOPD, DPP) formats. (Not yet written: the table has no rows for them yet.)

use super::parser::Parser;
use super::{E, Pending, e};
use crate::InstDef;

pub(super) fn parse(rows: &[&'static InstDef], suffix: &str, p: &mut Parser) -> Result<Pending, E> {
    let _ = suffix;
    e(
        p.col(),
        format!(
            "the assembler does not yet handle {} (vector ALU (VOP1, VOP2, VOPC, VOP3, VOP3SD, VOP3P, VOPD, DPP))",
            rows[0].name
        ),
    )
}
