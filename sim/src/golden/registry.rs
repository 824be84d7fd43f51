//! The dispatch table: which function executes each row of the ISA table, built once from
//! the registries of the instruction families (`salu`, `smem`, `valu`, `vmem`, `ds`,
//! `buffer`), and the fault of a row that none of them executes.

use std::sync::LazyLock;

use rdna3_isa::{InstDef, table};

use super::handler::Handler;
use super::state::Fault;
use super::vector::VFn;
use super::{buffer, ds, salu, smem, valu, valu_more, valu_packed, valu_wmma, vmem};

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
    for (name, f) in salu::REGISTRY.iter().chain(smem::REGISTRY) {
        put(name, Handler::Scalar(*f));
    }
    for (name, f) in valu::REGISTRY
        .iter()
        .chain(valu_more::REGISTRY)
        .chain(valu_packed::REGISTRY)
        .chain(valu_wmma::REGISTRY)
    {
        put(name, Handler::Vector(*f));
    }
    // VOPD halves run the function of the VOP1/VOP2 instruction they name.
    let single: Vec<(&str, VFn)> =
        valu::REGISTRY.iter().chain(valu_more::REGISTRY).map(|(n, f)| (*n, *f)).collect();
    for def in t.insts.iter().filter(|d| d.format().name.starts_with("VOPD")) {
        let base = def.name.replacen("v_dual_", "v_", 1);
        let f = single.iter().find(|(n, _)| *n == base).map(|(_, f)| *f);
        let f =
            f.or(if base == "v_dot2acc_f32_bf16" { Some(valu_more::dot2acc_f32_bf16 as VFn) } else { None });
        if let Some(f) = f {
            put(&def.name, Handler::Vector(f));
        }
    }
    for name in valu::compare_rows() {
        put(name, Handler::Vector(valu::compare));
    }
    for (name, f) in vmem::rows().chain(ds::rows()).chain(buffer::rows()) {
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
