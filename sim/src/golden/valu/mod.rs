//! The vector ALU family (VOP1, VOP2, VOPC, VOP3, VOP3SD, VOP3P, VOPD, and VINTERP's
//! interpolation FMAs): the semantics of every
//! VALU row, from the guide's pseudocode (chapter 16), in one module per kind of operation,
//! and [`bind`], which gives each row its function.
//!
//! **Lanes.** Every function computes all 32 lanes from the sources (pure arithmetic, so the
//! loops vectorise) and writes the lanes of `VExec::write_mask` (lanewise.rs). Instructions
//! that write an SGPR (compares, carries, lane reads) write it even when EXEC is zero (guide
//! 7.2); compare and carry masks have zero bits for inactive lanes.
//!
//! **Encodings.** A mnemonic's 32-bit encoding and its VOP3 promotion share one row name and
//! one function (the operand accessors of `VExec` hide the encoding); so does a VOPD half
//! (`v_dual_*`) with the VOP1/VOP2 instruction it names.

mod compare;
mod convert;
mod div;
mod dot;
pub(super) mod f16;
pub(super) mod f32;
mod f64;
mod graphics;
mod int;
mod int16;
mod interp;
mod lane;
mod lanewise;
mod packed;
mod sad;
mod wmma;

use rdna3_isa::InstDef;

use crate::golden::handler::Handler;
use crate::golden::vector::VFn;

/// The parts of the family, each binding its rows by mnemonic (compares by their condition).
const PARTS: [fn(&InstDef) -> Option<VFn>; 14] = [
    lane::bind,
    int::bind,
    int16::bind,
    sad::bind,
    f32::bind,
    f16::bind,
    f64::bind,
    div::bind,
    convert::bind,
    compare::bind,
    graphics::bind,
    dot::bind,
    packed::bind,
    wmma::bind,
];

/// The function of row `def`, if it is a VALU row this model executes.
pub(super) fn bind(def: &InstDef) -> Option<Handler> {
    PARTS.iter().find_map(|part| part(def)).map(Handler::Vector)
}

/// The function of VINTERP row `def` (an encoding of its own family, with the LDS parameter
/// loads and the export).
pub(super) fn bind_vinterp(def: &InstDef) -> Option<Handler> {
    interp::bind(def).map(Handler::Vector)
}

#[cfg(test)]
mod tests {
    use rdna3_isa::table;

    use super::*;

    /// A row two parts bind would run the first one's function without anyone noticing.
    #[test]
    fn no_row_is_bound_by_two_parts() {
        for def in &table().insts {
            let n = PARTS.iter().filter(|part| part(def).is_some()).count();
            assert!(n <= 1, "{} is bound by {n} parts", def.name);
        }
    }
}
