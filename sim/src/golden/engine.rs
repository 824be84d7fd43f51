//! Fetch, execution and retirement: one step of a wave.
//!
//! Each instruction runs the function its row is bound to (see `registry`). Scalar rows run
//! in an [`Exec`] that records their writes and applies them when the instruction retires;
//! vector rows run in a [`VExec`] that checks everything that could fault first and then
//! writes the wave directly, recording which registers it wrote. Either way a fault leaves the
//! wave as it was.

use rdna3_isa::Inst;

use super::env::Env;
use super::handler::Handler;
use super::memory::Memory;
use super::program::{self, Decoded, Program};
use super::scalar::Exec;
use super::state::{Code, Fault, Outcome, PC_MASK, Status, Step, Wave, Write, Writes};
use super::vector::VExec;

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
            // Vector writes are made by the instruction itself.
            Write::Vgpr { .. } => {}
        }
    }
}

/// A step of a wave that is not running: nothing happens; it reports its fault, its end, or
/// that it waits at a barrier.
fn idle(wave: &Wave) -> Option<Step> {
    let pc = wave.pc;
    let outcome = match &wave.status {
        Status::Running => return None,
        Status::Faulted(f) => Outcome::Fault(f.clone()),
        Status::Ended => Outcome::Ended,
        Status::AtBarrier => Outcome::Waiting,
    };
    Some(Step { pc, inst: None, writes: Writes::default(), next_pc: pc, outcome })
}

/// Runs one instruction of `wave` from the pre-decoded `prog`, with memory and LDS in `env`,
/// and reports it with every write it made.
pub fn step_in(wave: &mut Wave, prog: &Program, env: &mut Env) -> Step {
    if let Some(s) = idle(wave) {
        return s;
    }
    match prog.fetch(wave.pc) {
        Ok(d) => step_decoded(wave, d, env),
        Err(f) => stop(wave, None, f),
    }
}

/// Runs one instruction like [`step_in`] without recording its writes: the fast path of
/// `sim run`. Returns the outcome (for a fault, the wave's status holds it too).
pub fn exec_in(wave: &mut Wave, prog: &Program, env: &mut Env) -> Outcome {
    if !matches!(wave.status, Status::Running) {
        return idle(wave).map_or(Outcome::Retired, |s| s.outcome);
    }
    match prog.fetch(wave.pc) {
        Ok(d) => {
            let mut writes = env.scratch.take().unwrap_or_default();
            writes.clear();
            let o = run(wave, d, env, false, &mut writes);
            env.scratch = Some(writes);
            o
        }
        Err(f) => stop(wave, None, f).outcome,
    }
}

/// Runs one instruction of `wave` from `code`, decoding it afresh, with no memory (every
/// access faults) and `lds` as its workgroup's LDS allocation. For co-simulation.
pub fn step_lds(wave: &mut Wave, code: &Code, lds: &mut [u8]) -> Step {
    step_mem(wave, code, &mut Memory::default(), lds)
}

/// [`step_lds`] with `mem` as global memory. For co-simulation.
pub fn step_mem(wave: &mut Wave, code: &Code, mem: &mut Memory, lds: &mut [u8]) -> Step {
    if let Some(s) = idle(wave) {
        return s;
    }
    let mut env = Env::new(mem, lds);
    match program::decode(code, wave.pc) {
        Ok(d) => step_decoded(wave, &d, &mut env),
        Err(f) => stop(wave, None, f),
    }
}

pub(super) fn step_decoded(wave: &mut Wave, d: &Decoded, env: &mut Env) -> Step {
    let pc = wave.pc;
    let mut writes = Writes::default();
    let outcome = run(wave, d, env, true, &mut writes);
    match &outcome {
        Outcome::Fault(_) => Step { pc, inst: Some(d.inst), writes: Writes::default(), next_pc: pc, outcome },
        Outcome::Waiting => Step { pc, inst: Some(d.inst), writes: Writes::default(), next_pc: pc, outcome },
        _ => Step { pc, inst: Some(d.inst), writes, next_pc: wave.pc, outcome },
    }
}

/// Executes `d` on `wave`; on retirement the wave moves on and `writes` holds what it wrote
/// (vector writes only when `record`).
fn run(wave: &mut Wave, d: &Decoded, env: &mut Env, record: bool, writes: &mut Writes) -> Outcome {
    let pc = wave.pc;
    // The instruction itself is only needed to report a fault.
    let inst = &d.inst;
    let next_pc = pc.wrapping_add(u64::from(d.bytes)) & PC_MASK;
    let (next_pc, outcome, counters) = match &d.run {
        Handler::Fault(f) => return stop(wave, Some(*inst), f.clone()).outcome,
        Handler::Scalar(f) => {
            let mut x = Exec::new(wave, env, inst, d.def, &d.s, pc, writes);
            f(&mut x);
            let Exec { target, outcome, counters, release_vgprs, .. } = x;
            if outcome == Outcome::Retired || outcome == Outcome::Ended || outcome == Outcome::Barrier {
                apply(wave, writes);
                wave.vgprs_released |= release_vgprs;
            }
            (target.unwrap_or(next_pc), outcome, counters)
        }
        Handler::Vopd(fx, fy) => {
            if wave.vgprs_released {
                let why =
                    format!("{} after the wave released its VGPRs (MSG_DEALLOC_VGPRS)", inst.def().name);
                return stop(wave, Some(*inst), Fault::Illegal { pc, why }).outcome;
            }
            let Some(y) = d.y.as_deref() else {
                let why = "a VOPD pair without its Y half".to_string();
                return stop(wave, Some(*inst), Fault::Illegal { pc, why }).outcome;
            };
            // Both halves read the wave as it was; their VGPR writes are applied afterwards.
            let mut pending = Vec::with_capacity(2);
            let counters = wave.counters;
            {
                let mut x = VExec::new(wave, env, inst, d.def, &d.v, pc, record.then_some(&mut *writes));
                x.deferred = Some(&mut pending);
                fx(&mut x);
            }
            {
                let mut x = VExec::new(wave, env, inst, y.0, &y.1, pc, record.then_some(&mut *writes));
                x.deferred = Some(&mut pending);
                fy(&mut x);
            }
            let mut x = VExec::new(wave, env, inst, d.def, &d.v, pc, record.then_some(&mut *writes));
            for (reg, vals, mask) in &pending {
                x.write_vgpr32(*reg, vals, *mask);
            }
            (next_pc, Outcome::Retired, counters)
        }
        Handler::Vector(f) => {
            if wave.vgprs_released {
                let why =
                    format!("{} after the wave released its VGPRs (MSG_DEALLOC_VGPRS)", inst.def().name);
                return stop(wave, Some(*inst), Fault::Illegal { pc, why }).outcome;
            }
            let mut x = VExec::new(wave, env, inst, d.def, &d.v, pc, record.then_some(&mut *writes));
            f(&mut x);
            let VExec { outcome, counters, .. } = x;
            (next_pc, outcome, counters)
        }
    };
    let status = match &outcome {
        // The common case: the wave was running and goes on running.
        Outcome::Retired => None,
        Outcome::Barrier => Some(Status::AtBarrier),
        Outcome::Ended => Some(Status::Ended),
        Outcome::Waiting => return outcome,
        Outcome::Fault(f) => return stop(wave, Some(*inst), f.clone()).outcome,
    };
    wave.counters = counters;
    wave.pc = next_pc;
    if let Some(status) = status {
        wave.status = status;
    }
    env.retired += 1;
    outcome
}
