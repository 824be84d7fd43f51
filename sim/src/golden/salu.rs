//! Scalar execution (SOP1, SOP2, SOPK, SOPC, SOPP): fetch, dispatch through a table indexed by
//! the ISA table's instruction ids, and retirement.
//!
//! [`REGISTRY`] names the function that executes each row; the dispatch table is built from it
//! once. Rows without a function fault: `s_code_end` as illegal (guide 16.5), everything else
//! (messages, traps, exports) as not implemented.

use std::sync::LazyLock;

use rdna3_isa::{Inst, InstDef, table};

use super::alu::*;
use super::control::*;
use super::operands::{Exec, check_sources};
use super::state::{Code, Fault, Outcome, Status, Step, Wave, Write, Writes};

/// The semantics of one row.
pub(super) type ExecFn = fn(&mut Exec);

/// Which function executes each row, by mnemonic.
pub(super) const REGISTRY: &[(&str, ExecFn)] = &[
    // SOP2
    ("s_add_u32", add_u32),
    ("s_sub_u32", sub_u32),
    ("s_add_i32", add_i32),
    ("s_sub_i32", sub_i32),
    ("s_addc_u32", addc_u32),
    ("s_subb_u32", subb_u32),
    ("s_absdiff_i32", absdiff_i32),
    ("s_lshl_b32", lshl),
    ("s_lshl_b64", lshl),
    ("s_lshr_b32", lshr),
    ("s_lshr_b64", lshr),
    ("s_ashr_i32", ashr),
    ("s_ashr_i64", ashr),
    ("s_lshl1_add_u32", lshl_add::<1>),
    ("s_lshl2_add_u32", lshl_add::<2>),
    ("s_lshl3_add_u32", lshl_add::<3>),
    ("s_lshl4_add_u32", lshl_add::<4>),
    ("s_min_i32", min),
    ("s_min_u32", min),
    ("s_max_i32", max),
    ("s_max_u32", max),
    ("s_and_b32", and),
    ("s_and_b64", and),
    ("s_or_b32", or),
    ("s_or_b64", or),
    ("s_xor_b32", xor),
    ("s_xor_b64", xor),
    ("s_nand_b32", nand),
    ("s_nand_b64", nand),
    ("s_nor_b32", nor),
    ("s_nor_b64", nor),
    ("s_xnor_b32", xnor),
    ("s_xnor_b64", xnor),
    ("s_and_not1_b32", and_not1),
    ("s_and_not1_b64", and_not1),
    ("s_or_not1_b32", or_not1),
    ("s_or_not1_b64", or_not1),
    ("s_bfe_u32", bfe_u),
    ("s_bfe_i32", bfe_i),
    ("s_bfe_u64", bfe_u),
    ("s_bfe_i64", bfe_i),
    ("s_bfm_b32", bfm),
    ("s_bfm_b64", bfm),
    ("s_mul_i32", mul_i32),
    ("s_mul_hi_u32", mul_hi_u32),
    ("s_mul_hi_i32", mul_hi_i32),
    ("s_cselect_b32", cselect),
    ("s_cselect_b64", cselect),
    ("s_pack_ll_b32_b16", pack_ll),
    ("s_pack_lh_b32_b16", pack_lh),
    ("s_pack_hh_b32_b16", pack_hh),
    ("s_pack_hl_b32_b16", pack_hl),
    // SOPK
    ("s_movk_i32", movk),
    ("s_version", nop),
    ("s_cmovk_i32", cmovk),
    ("s_cmpk_eq_i32", cmp_eq),
    ("s_cmpk_lg_i32", cmp_lg),
    ("s_cmpk_gt_i32", cmp_gt),
    ("s_cmpk_ge_i32", cmp_ge),
    ("s_cmpk_lt_i32", cmp_lt),
    ("s_cmpk_le_i32", cmp_le),
    ("s_cmpk_eq_u32", cmp_eq),
    ("s_cmpk_lg_u32", cmp_lg),
    ("s_cmpk_gt_u32", cmp_gt),
    ("s_cmpk_ge_u32", cmp_ge),
    ("s_cmpk_lt_u32", cmp_lt),
    ("s_cmpk_le_u32", cmp_le),
    ("s_addk_i32", addk_i32),
    ("s_mulk_i32", mulk_i32),
    ("s_getreg_b32", getreg),
    ("s_setreg_b32", setreg),
    ("s_setreg_imm32_b32", setreg),
    ("s_call_b64", call),
    ("s_waitcnt_vscnt", waitcnt_vscnt),
    ("s_waitcnt_vmcnt", waitcnt_vmcnt),
    ("s_waitcnt_expcnt", waitcnt_expcnt),
    ("s_waitcnt_lgkmcnt", waitcnt_lgkmcnt),
    // SOP1
    ("s_mov_b32", mov),
    ("s_mov_b64", mov),
    ("s_cmov_b32", cmov),
    ("s_cmov_b64", cmov),
    ("s_brev_b32", brev),
    ("s_brev_b64", brev),
    ("s_ctz_i32_b32", ctz),
    ("s_ctz_i32_b64", ctz),
    ("s_clz_i32_u32", clz),
    ("s_clz_i32_u64", clz),
    ("s_cls_i32", cls),
    ("s_cls_i32_i64", cls),
    ("s_sext_i32_i8", sext_i8),
    ("s_sext_i32_i16", sext_i16),
    ("s_bitset0_b32", bitset0),
    ("s_bitset0_b64", bitset0),
    ("s_bitset1_b32", bitset1),
    ("s_bitset1_b64", bitset1),
    ("s_bitreplicate_b64_b32", bitreplicate),
    ("s_abs_i32", abs_i32),
    ("s_bcnt0_i32_b32", bcnt0),
    ("s_bcnt0_i32_b64", bcnt0),
    ("s_bcnt1_i32_b32", bcnt1),
    ("s_bcnt1_i32_b64", bcnt1),
    ("s_quadmask_b32", quadmask),
    ("s_quadmask_b64", quadmask),
    ("s_wqm_b32", wqm),
    ("s_wqm_b64", wqm),
    ("s_not_b32", not),
    ("s_not_b64", not),
    ("s_and_saveexec_b32", and_saveexec),
    ("s_and_saveexec_b64", and_saveexec),
    ("s_or_saveexec_b32", or_saveexec),
    ("s_or_saveexec_b64", or_saveexec),
    ("s_xor_saveexec_b32", xor_saveexec),
    ("s_xor_saveexec_b64", xor_saveexec),
    ("s_nand_saveexec_b32", nand_saveexec),
    ("s_nand_saveexec_b64", nand_saveexec),
    ("s_nor_saveexec_b32", nor_saveexec),
    ("s_nor_saveexec_b64", nor_saveexec),
    ("s_xnor_saveexec_b32", xnor_saveexec),
    ("s_xnor_saveexec_b64", xnor_saveexec),
    ("s_and_not0_saveexec_b32", and_not0_saveexec),
    ("s_and_not0_saveexec_b64", and_not0_saveexec),
    ("s_or_not0_saveexec_b32", or_not0_saveexec),
    ("s_or_not0_saveexec_b64", or_not0_saveexec),
    ("s_and_not1_saveexec_b32", and_not1_saveexec),
    ("s_and_not1_saveexec_b64", and_not1_saveexec),
    ("s_or_not1_saveexec_b32", or_not1_saveexec),
    ("s_or_not1_saveexec_b64", or_not1_saveexec),
    ("s_and_not0_wrexec_b32", and_not0_wrexec),
    ("s_and_not0_wrexec_b64", and_not0_wrexec),
    ("s_and_not1_wrexec_b32", and_not1_wrexec),
    ("s_and_not1_wrexec_b64", and_not1_wrexec),
    ("s_movrels_b32", movrels),
    ("s_movrels_b64", movrels),
    ("s_movreld_b32", movreld),
    ("s_movreld_b64", movreld),
    ("s_movrelsd_2_b32", movrelsd_2),
    ("s_getpc_b64", getpc),
    ("s_setpc_b64", setpc),
    ("s_swappc_b64", swappc),
    // SOPC
    ("s_cmp_eq_i32", cmp_eq),
    ("s_cmp_lg_i32", cmp_lg),
    ("s_cmp_gt_i32", cmp_gt),
    ("s_cmp_ge_i32", cmp_ge),
    ("s_cmp_lt_i32", cmp_lt),
    ("s_cmp_le_i32", cmp_le),
    ("s_cmp_eq_u32", cmp_eq),
    ("s_cmp_lg_u32", cmp_lg),
    ("s_cmp_gt_u32", cmp_gt),
    ("s_cmp_ge_u32", cmp_ge),
    ("s_cmp_lt_u32", cmp_lt),
    ("s_cmp_le_u32", cmp_le),
    ("s_bitcmp0_b32", bitcmp0),
    ("s_bitcmp1_b32", bitcmp1),
    ("s_bitcmp0_b64", bitcmp0),
    ("s_bitcmp1_b64", bitcmp1),
    ("s_cmp_eq_u64", cmp_eq),
    ("s_cmp_lg_u64", cmp_lg),
    // SOPP
    ("s_nop", nop),
    ("s_sleep", nop),
    ("s_set_inst_prefetch_distance", nop),
    ("s_clause", nop),
    ("s_delay_alu", nop),
    ("s_waitcnt", waitcnt),
    ("s_wait_idle", wait_idle),
    ("s_round_mode", round_mode),
    ("s_denorm_mode", denorm_mode),
    ("s_branch", branch),
    ("s_cbranch_scc0", cbranch_scc0),
    ("s_cbranch_scc1", cbranch_scc1),
    ("s_cbranch_vccz", cbranch_vccz),
    ("s_cbranch_vccnz", cbranch_vccnz),
    ("s_cbranch_execz", cbranch_execz),
    ("s_cbranch_execnz", cbranch_execnz),
    ("s_cbranch_cdbgsys", cbranch_cdbg),
    ("s_cbranch_cdbguser", cbranch_cdbg),
    ("s_cbranch_cdbgsys_or_user", cbranch_cdbg),
    ("s_cbranch_cdbgsys_and_user", cbranch_cdbg),
    ("s_endpgm", endpgm),
    ("s_wakeup", nop),
    ("s_setprio", nop),
    ("s_incperflevel", nop),
    ("s_decperflevel", nop),
    ("s_icache_inv", nop),
    ("s_barrier", barrier),
];

/// Rows the guide makes illegal instructions.
pub(super) const ILLEGAL: &[&str] = &["s_code_end"];

/// The dispatch table: the function of each row, by instruction id.
static DISPATCH: LazyLock<Vec<Option<ExecFn>>> = LazyLock::new(|| {
    let t = table();
    let mut d = vec![None; t.insts.len()];
    for (name, f) in REGISTRY {
        // A name missing from the table is a defect that the unit tests report.
        if let Some(def) = t.by_name(name) {
            d[def.id.0 as usize] = Some(*f);
        }
    }
    d
});

pub(super) fn dispatch(def: &InstDef) -> Option<ExecFn> {
    DISPATCH.get(def.id.0 as usize).copied().flatten()
}

pub(super) fn implemented(def: &InstDef) -> bool {
    dispatch(def).is_some()
}

/// The fault of a row without a function.
fn unexecuted(def: &InstDef, pc: u64) -> Fault {
    if ILLEGAL.contains(&def.name.as_str()) {
        Fault::Illegal { pc, why: format!("{} is an illegal instruction", def.name) }
    } else {
        Fault::NotImplemented { pc, what: format!("{} ({} unit)", def.name, def.unit.name()) }
    }
}

/// Stops the wave with `fault`; nothing retires and no register changes.
fn stop(wave: &mut Wave, inst: Option<Inst>, fault: Fault) -> Step {
    let pc = wave.pc;
    wave.status = Status::Faulted(fault.clone());
    Step { pc, inst, writes: Writes::default(), next_pc: pc, outcome: Outcome::Fault(fault) }
}

fn apply(wave: &mut Wave, writes: &Writes) {
    for w in writes.iter() {
        match w {
            Write::Sgpr { idx, value } => {
                if let Some(r) = wave.sgpr.get_mut(usize::from(idx)) {
                    *r = value;
                }
            }
            Write::Scc(v) => wave.scc = v,
            Write::Mode(v) => wave.mode = v,
        }
    }
}

/// Runs one instruction of a running wave. A wave that is not running reports, without
/// doing anything: its fault if it faulted, `Ended` if it ended, `Waiting` at a barrier.
pub(super) fn step(wave: &mut Wave, code: &Code) -> Step {
    let pc = wave.pc;
    let idle = |outcome| Step { pc, inst: None, writes: Writes::default(), next_pc: pc, outcome };
    match &wave.status {
        Status::Running => {}
        Status::Faulted(f) => return idle(Outcome::Fault(f.clone())),
        Status::Ended => return idle(Outcome::Ended),
        Status::AtBarrier => return idle(Outcome::Waiting),
    }
    let inst = match code.fetch(pc) {
        Ok(inst) => inst,
        Err(f) => return stop(wave, None, f),
    };
    let def = inst.def();
    let Some(run) = dispatch(def) else {
        return stop(wave, Some(inst), unexecuted(def, pc));
    };
    if let Err(why) = check_sources(&inst) {
        return stop(wave, Some(inst), Fault::Illegal { pc, why });
    }
    let mut x = Exec::new(wave, inst, pc);
    run(&mut x);
    let Exec { writes, next_pc, outcome, .. } = x;
    let status = match &outcome {
        Outcome::Retired => Status::Running,
        Outcome::Barrier => Status::AtBarrier,
        Outcome::Ended => Status::Ended,
        Outcome::Waiting => {
            return Step { pc, inst: Some(inst), writes: Writes::default(), next_pc: pc, outcome };
        }
        Outcome::Fault(f) => return stop(wave, Some(inst), f.clone()),
    };
    apply(wave, &writes);
    wave.pc = next_pc;
    wave.status = status;
    Step { pc, inst: Some(inst), writes, next_pc, outcome }
}
