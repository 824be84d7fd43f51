//! Text of the LDS and GDS (DS) formats. (Not yet written: the table has no rows for them yet.)

use crate::Inst;

pub(super) fn format(inst: &Inst) -> String {
    format!("{} /* operands not yet printed */", inst.def().name)
}
