//! The dispatch table: which function executes each row of the ISA table, built once from
//! the registries of the instruction families (`salu`, `smem`, `valu`, `vmem`, `ds`,
//! `buffer`), and the fault of a row that none of them executes.

use std::sync::LazyLock;

use rdna3_isa::{Family, InstDef, table};

use super::handler::Handler;
use super::state::Fault;
use super::{buffer, ds, flat, salu, smem, valu};

/// The dispatch table, by instruction id.
static DISPATCH: LazyLock<Vec<Option<Handler>>> = LazyLock::new(|| {
    let t = table();
    let mut d = vec![None; t.insts.len()];
    let mut put = |name: &str, h: Handler| {
        // A name missing from the table is a defect that the unit tests report.
        for def in t.all_by_name(name) {
            d[def.id.0 as usize] = Some(h.clone());
        }
    };
    for def in t.insts.iter().filter(|d| d.format().family() == Family::Scalar) {
        if let Some(h) = salu::bind(def) {
            put(&def.name, h);
        }
    }
    for (name, f) in smem::REGISTRY {
        put(name, Handler::Scalar(*f));
    }
    for def in t.insts.iter().filter(|d| d.format().family() == Family::Vop) {
        if let Some(h) = valu::bind(def) {
            put(&def.name, h);
        }
    }
    for (name, f) in flat::rows().chain(ds::rows()).chain(buffer::rows()) {
        put(name, Handler::Vector(f));
    }
    d
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
    if salu::ILLEGAL.contains(&def.name.as_str()) {
        Fault::Illegal { pc, why: format!("{} is an illegal instruction", def.name) }
    } else {
        Fault::NotImplemented { pc, what: format!("{} ({} unit)", def.name, def.unit.name()) }
    }
}
