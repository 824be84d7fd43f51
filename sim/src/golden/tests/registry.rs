//! The dispatch table against the ISA table: how the families bind rows, and the scalar rows
//! run as their rows say.

use std::collections::BTreeSet;

use rdna3_isa::{Family, ImmKind, InstDef, Kind, Mnemonic as M, Role, Unit};

use super::super::registry::{FAMILIES, dispatch};
use super::super::salu::{ILLEGAL, NOT_EXECUTED};
use super::*;

const SCALAR_FORMATS: [&str; 5] = ["SOP1", "SOP2", "SOPK", "SOPC", "SOPP"];

fn scalar_rows() -> Vec<&'static InstDef> {
    table().insts.iter().filter(|d| SCALAR_FORMATS.contains(&d.format().name.as_str())).collect()
}

fn deliberately_faulting(def: &InstDef) -> bool {
    NOT_EXECUTED.contains(&def.mnemonic)
}

/// Executed rows that always stop the wave (a trap, a halt, a trap-handler return).
const STOPPING: [M; 4] = [M::s_trap, M::s_sethalt, M::s_sendmsghalt, M::s_rfe_b64];

/// Every family's `bind` asked about every row of the table: no row is bound by two families,
/// and the rows bound are exactly the rows the dispatch table executes (so no family binds a
/// row of another family's encoding).
#[test]
fn the_families_bind_each_executed_row_once_and_nothing_else() {
    let mut bound = 0;
    for def in &table().insts {
        let by: Vec<&str> = FAMILIES.iter().filter(|f| (f.bind)(def).is_some()).map(|f| f.name).collect();
        assert!(by.len() <= 1, "{} is bound by {by:?}", def.name);
        assert_eq!(!by.is_empty(), dispatch(def).is_some(), "{}: bound by {by:?}", def.name);
        assert_eq!(implemented(def), dispatch(def).is_some(), "{}", def.name);
        bound += by.len();
    }
    assert_eq!(bound, table().insts.iter().filter(|d| implemented(d)).count());
}

/// Each family binds every row of its encoding family except the ones it lists as not
/// executed on purpose; each listed name is a row of that encoding that stays unbound. A
/// misspelt mnemonic in a family's `bind` leaves its row unbound, and fails here.
#[test]
fn each_family_binds_all_its_rows_but_the_ones_it_does_not_execute() {
    for family in &FAMILIES {
        let rows: Vec<&InstDef> =
            table().insts.iter().filter(|d| d.format().family() == family.encoding).collect();
        assert!(!rows.is_empty(), "{}: no rows", family.name);
        let mnemonics: BTreeSet<M> = rows.iter().map(|d| d.mnemonic).collect();
        for m in family.not_executed {
            assert!(mnemonics.contains(m), "{}: {m} is not one of its rows", family.name);
        }
        for def in rows {
            let skipped = family.not_executed.contains(&def.mnemonic);
            let bound = (family.bind)(def).is_some();
            assert_ne!(bound, skipped, "{}: {} ({})", family.name, def.name, def.format().name);
        }
    }
}

/// The encoding no family covers (images) does not run.
#[test]
fn rows_of_other_encodings_are_not_executed() {
    let covered: Vec<Family> = FAMILIES.iter().map(|f| f.encoding).collect();
    let others: Vec<&InstDef> =
        table().insts.iter().filter(|d| !covered.contains(&d.format().family())).collect();
    assert_eq!(others.len(), 84, "MIMG");
    for def in others {
        assert!(!implemented(def), "{} ({})", def.name, def.format().name);
    }
}

#[test]
fn every_illegal_row_is_a_row_that_does_not_run() {
    for m in ILLEGAL {
        let def = table().by_name(m.name()).unwrap_or_else(|| panic!("{m} is not in the table"));
        assert!(!implemented(def), "{m} is both illegal and executed");
    }
}

#[test]
fn every_scalar_row_is_executed_or_deliberately_faults() {
    let rows = scalar_rows();
    // 196 of the guide and four noguide rows (s_waitcnt_depctr, s_subvector_loop_begin/end,
    // s_ttracedata_imm).
    assert_eq!(rows.len(), 200);
    for def in &rows {
        assert_ne!(implemented(def), deliberately_faulting(def), "{} ({})", def.name, def.unit.name());
    }
    assert_eq!(rows.iter().filter(|d| implemented(d)).count(), 192);
    assert!(rows.iter().all(|d| d.unit != Unit::Export || !implemented(d)));
}

/// Every executed row runs on an encoding with register operands, retiring (or waiting, or
/// faulting for a hardware register it does not model), and touches only what its row says.
#[test]
fn every_executed_row_runs_and_writes_what_the_table_says() {
    for def in scalar_rows().into_iter().filter(|d| implemented(d) && !STOPPING.contains(&d.mnemonic)) {
        let fields: Vec<(Field, u32)> = def
            .operands
            .iter()
            .map(|o| match (o.role, o.kind) {
                (Role::Dst | Role::Modify, _) => (o.field, 10),
                // A field the row does not use must be zero (LLVM's rule).
                (_, Kind::Imm(ImmKind::None)) => (o.field, 0),
                (Role::Src, Kind::Reg(_)) => (o.field, if o.field == Field::Ssrc1 { 4 } else { 2 }),
                // MODE for s_getreg/s_setreg, REALTIME for s_sendmsg_rtn, small values
                // elsewhere (MSG_INTERRUPT for s_sendmsg).
                _ if matches!(def.mnemonic, M::s_getreg_b32 | M::s_setreg_b32 | M::s_setreg_imm32_b32) => {
                    (o.field, 0xf801)
                }
                _ if matches!(def.mnemonic, M::s_sendmsg_rtn_b32 | M::s_sendmsg_rtn_b64) => (o.field, 0x83),
                _ => (o.field, 1),
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
                Write::Vgpr { idx, .. } => panic!("{} writes v{idx}", def.name),
                Write::Sgpr { idx, .. } => {
                    let dst = def.operands.iter().find(|o| matches!(o.role, Role::Dst | Role::Modify));
                    let movrel = matches!(
                        def.mnemonic,
                        M::s_movrels_b32
                            | M::s_movrels_b64
                            | M::s_movreld_b32
                            | M::s_movreld_b64
                            | M::s_movrelsd_2_b32
                    );
                    assert!(dst.is_some(), "{} writes s{idx} without a destination", def.name);
                    assert!(movrel || (10..=11).contains(&idx), "{} writes s{idx}", def.name);
                }
            }
        }
    }
}

/// The pre-decoded scalar operands hold every source and the one written operand of each row
/// the scalar handlers run (SOP*, SMEM), and the one immediate of each SOP* row.
#[test]
fn every_scalar_row_fits_the_predecoded_operands() {
    for def in table().insts.iter().filter(|d| matches!(d.format().family(), Family::Scalar | Family::Smem)) {
        let srcs = def.operands.iter().filter(|o| o.role == Role::Src).count();
        let dsts = def.operands.iter().filter(|o| matches!(o.role, Role::Dst | Role::Modify)).count();
        let imms = def.operands.iter().filter(|o| o.role == Role::Imm).count();
        assert!(srcs <= 3, "{}: {srcs} sources", def.name);
        assert!(dsts <= 1, "{}: {dsts} destinations", def.name);
        let sop = def.format().family() == Family::Scalar;
        assert!(!sop || imms <= 1, "{}: {imms} immediates", def.name);
    }
}
