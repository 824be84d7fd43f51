//! The scalar family (SOP1, SOP2, SOPK, SOPC, SOPP): the scalar ALU's semantics (alu.rs), program
//! control, waits, MODE access and messages (control.rs), and [`bind`], which gives each row
//! its function.
//!
//! Rows without a function ([`NOT_EXECUTED`]) fault: `s_code_end` as illegal (guide 16.5),
//! the graphics-only rows (`s_setkill`, `s_wait_event`, `s_endpgm_saved`,
//! `s_endpgm_ordered_ps_done`) and the rows LLVM encodes that the guide does not define
//! (`s_subvector_loop_begin/end`, `s_ttracedata_imm`: no semantics to follow) as not
//! implemented.

mod alu;
mod control;

use rdna3_isa::{InstDef, Mnemonic as M};

use crate::golden::handler::Handler;

/// The function of row `def`, if it is a scalar row this model executes.
pub(super) fn bind(def: &InstDef) -> Option<Handler> {
    alu::bind(def).or_else(|| control::bind(def)).map(Handler::Scalar)
}

/// Rows the guide makes illegal instructions.
pub(super) const ILLEGAL: &[M] = &[M::s_code_end];

/// The scalar rows this model does not execute, on purpose: the illegal ones, the
/// graphics-only events, and the rows the guide does not define.
pub(super) const NOT_EXECUTED: &[M] = &[
    M::s_setkill,
    M::s_wait_event,
    M::s_endpgm_saved,
    M::s_endpgm_ordered_ps_done,
    M::s_code_end,
    M::s_subvector_loop_begin,
    M::s_subvector_loop_end,
    M::s_ttracedata_imm,
];

#[cfg(test)]
mod tests {
    use rdna3_isa::table;

    use super::*;

    /// A row both parts bind would run the first one's function without anyone noticing.
    #[test]
    fn no_row_is_bound_by_both_parts() {
        for def in &table().insts {
            assert!(alu::bind(def).is_none() || control::bind(def).is_none(), "{} is bound twice", def.name);
        }
    }
}
