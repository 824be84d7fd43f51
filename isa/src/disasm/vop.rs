//! Text of the vector ALU (VOP1, VOP2, VOPC, VOP3, VOP3SD, VOP3P, VOPD, DPP) formats. (Not yet written: the table has no rows for them yet.)

use crate::Inst;

pub(super) fn format(inst: &Inst) -> String {
    format!("{} /* operands not yet printed */", inst.def().name)
}
