//! The dispatch table: which function executes each row of the ISA table.
//!
//! Every instruction family binds the rows of one encoding family of the table the same way:
//! `bind(def) -> Option<Handler>`, and a list of the rows it leaves unbound on purpose
//! ([`FAMILIES`]). The table is built once from that list. Rows of the encodings no family
//! covers (MIMG) and the unbound rows (LDSDIR and EXP among them) fault as not implemented (or,
//! for `s_code_end`, as illegal).
//!
//! A family binds a row by what the table says of it, never by spelling: the ALU families
//! match the row's [`Mnemonic`] (`M::v_add_f32`, with `use rdna3_isa::Mnemonic as M`: a
//! qualified path, so that a misspelt arm does not compile, where under a glob import it
//! would be a binding that matches everything), the compares their `K:` column
//! ([`InstDef::compare`]), the memory families their `A:` column ([`InstDef::access`]).

use std::sync::LazyLock;

use rdna3_isa::{InstDef, Mnemonic, table};

use super::handler::Handler;
use super::state::Fault;
use super::{buffer, ds, flat, salu, smem, valu};

/// An instruction family: the encoding family of the table whose rows it executes, how it
/// binds each row to its function, and the rows it does not execute on purpose.
pub(super) struct InstFamily {
    /// The family's module (for the binding tests' messages).
    #[cfg_attr(not(test), allow(dead_code))]
    pub name: &'static str,
    pub encoding: rdna3_isa::Family,
    pub bind: fn(&InstDef) -> Option<Handler>,
    /// The rows of `encoding` that `bind` leaves unbound, on purpose (the binding tests check
    /// that it binds every other row).
    #[cfg_attr(not(test), allow(dead_code))]
    pub not_executed: &'static [Mnemonic],
}

/// The families, one per encoding family the model executes.
pub(super) const FAMILIES: [InstFamily; 7] = [
    InstFamily {
        name: "salu",
        encoding: rdna3_isa::Family::Scalar,
        bind: salu::bind,
        not_executed: salu::NOT_EXECUTED,
    },
    InstFamily {
        name: "smem",
        encoding: rdna3_isa::Family::Smem,
        bind: smem::bind,
        not_executed: smem::NOT_EXECUTED,
    },
    InstFamily { name: "valu", encoding: rdna3_isa::Family::Vop, bind: valu::bind, not_executed: &[] },
    // VINTERP's rows are VALU arithmetic; the LDS parameter and direct loads and the export
    // of the same encoding family are not executed.
    InstFamily {
        name: "valu (VINTERP)",
        encoding: rdna3_isa::Family::Misc,
        bind: valu::bind_vinterp,
        not_executed: &[Mnemonic::lds_param_load, Mnemonic::lds_direct_load, Mnemonic::export],
    },
    InstFamily {
        name: "flat",
        encoding: rdna3_isa::Family::Flat,
        bind: flat::bind,
        not_executed: flat::NOT_EXECUTED,
    },
    InstFamily {
        name: "ds",
        encoding: rdna3_isa::Family::Ds,
        bind: ds::bind,
        not_executed: ds::NOT_EXECUTED,
    },
    InstFamily {
        name: "buffer",
        encoding: rdna3_isa::Family::Buf,
        bind: buffer::bind,
        not_executed: buffer::NOT_EXECUTED,
    },
];

/// The dispatch table, by instruction id: each row bound by the family of its encoding.
static DISPATCH: LazyLock<Vec<Option<Handler>>> = LazyLock::new(|| {
    table()
        .insts
        .iter()
        .map(|def| {
            let encoding = def.format().family();
            FAMILIES.iter().find(|f| f.encoding == encoding).and_then(|f| (f.bind)(def))
        })
        .collect()
});

/// How row `def` runs, if this model executes it.
pub(super) fn dispatch(def: &InstDef) -> Option<&'static Handler> {
    DISPATCH.get(def.id.0 as usize).and_then(Option::as_ref)
}

pub(super) fn implemented(def: &InstDef) -> bool {
    dispatch(def).is_some()
}

/// The fault of a row without a function, at `pc`.
pub(super) fn unexecuted(def: &InstDef, pc: u64) -> Fault {
    if salu::ILLEGAL.contains(&def.mnemonic) {
        Fault::Illegal { pc, why: format!("{} is an illegal instruction", def.name) }
    } else {
        Fault::NotImplemented { pc, what: format!("{} ({} unit)", def.name, def.unit.name()) }
    }
}
