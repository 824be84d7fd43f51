//! The dispatch table against the ISA table.

use std::collections::HashSet;

use rdna3_isa::{InstDef, Kind, Role, Unit};

use super::super::salu::{ILLEGAL, REGISTRY, dispatch};
use super::*;

const SCALAR_FORMATS: [&str; 5] = ["SOP1", "SOP2", "SOPK", "SOPC", "SOPP"];

fn scalar_rows() -> Vec<&'static InstDef> {
    table().insts.iter().filter(|d| SCALAR_FORMATS.contains(&d.format().name.as_str())).collect()
}

/// Rows that fault on purpose: the units this model does not have yet.
fn deliberately_faulting(def: &InstDef) -> bool {
    matches!(def.unit, Unit::Message | Unit::Trap | Unit::Export)
}

#[test]
fn every_registered_name_is_a_row_once() {
    let mut seen = HashSet::new();
    for (name, _) in REGISTRY {
        assert!(table().by_name(name).is_some(), "{name} is not in the table");
        assert!(seen.insert(*name), "{name} is registered twice");
    }
    for name in ILLEGAL {
        let def = table().by_name(name).unwrap_or_else(|| panic!("{name} is not in the table"));
        assert!(dispatch(def).is_none(), "{name} is both illegal and executed");
    }
}

#[test]
fn every_scalar_row_is_executed_or_deliberately_faults() {
    let rows = scalar_rows();
    assert_eq!(rows.len(), 196);
    for def in &rows {
        assert_ne!(implemented(def), deliberately_faulting(def), "{} ({})", def.name, def.unit.name());
    }
    assert_eq!(rows.iter().filter(|d| implemented(d)).count(), 184);
}

/// Every executed row runs on an encoding with register operands, retiring (or waiting, or
/// faulting for a hardware register it does not model), and touches only what its row says.
#[test]
fn every_executed_row_runs_and_writes_what_the_table_says() {
    for def in scalar_rows().into_iter().filter(|d| implemented(d)) {
        let fields: Vec<(Field, u32)> = def
            .operands
            .iter()
            .map(|o| match (o.role, o.kind) {
                (Role::Dst | Role::Modify, _) => (o.field, 10),
                (Role::Src, Kind::Reg(_)) => (o.field, if o.field == Field::Ssrc1 { 4 } else { 2 }),
                // MODE for s_getreg/s_setreg, small offsets elsewhere.
                _ => (o.field, if def.name.contains("etreg") { 0xf801 } else { 1 }),
            })
            .collect();
        let words = Inst::build(def, &fields, Some(0x55)).encode();
        let mut w = wave(&[(2, 0x0f0f), (3, 0xf0f0), (4, 3), (5, 1), (10, 0x1111), (11, 0x2222)]);
        let s = step(&mut w, &Code::new(BASE, words));
        assert!(
            matches!(s.outcome, Outcome::Retired | Outcome::Barrier | Outcome::Ended),
            "{}: {:?}",
            def.name,
            s.outcome
        );
        for wr in s.writes.iter() {
            match wr {
                Write::Scc(_) => {
                    assert!(def.writes.contains(rdna3_isa::Implicit::SCC), "{} writes SCC", def.name)
                }
                Write::Mode(_) => {
                    assert!(def.writes.contains(rdna3_isa::Implicit::MODE), "{} writes MODE", def.name)
                }
                Write::Sgpr { idx: 126 | 127, .. } if def.writes.contains(rdna3_isa::Implicit::EXEC) => {}
                Write::Sgpr { idx, .. } => {
                    let dst = def.operands.iter().find(|o| matches!(o.role, Role::Dst | Role::Modify));
                    let movrel = def.name.starts_with("s_movrel");
                    assert!(dst.is_some(), "{} writes s{idx} without a destination", def.name);
                    assert!(movrel || (10..=11).contains(&idx), "{} writes s{idx}", def.name);
                }
            }
        }
    }
}
