//! Fetch, dispatch and retirement for every unit.
//!
//! Each table row is executed by one function, named in the registry of its unit (`salu`,
//! `smem`, `valu`, `vmem`, `ds`). Scalar rows run in an [`Exec`] that records their writes and
//! applies them when the instruction retires; vector rows run in a [`VExec`] that checks
//! everything that could fault first and then writes the wave directly, recording which
//! registers it wrote. Either way a fault leaves the wave as it was.

use std::sync::LazyLock;

use rdna3_isa::{Inst, InstDef, table};

use super::memory::Memory;
use super::operands::{Exec, check_sources};
use super::program::{self, Decoded, Program};
use super::state::{Code, Counters, Fault, Outcome, Status, Step, Wave, Write, Writes};
use super::vector::{VExec, VOperands};
use super::{ds, salu, smem, valu, valu_more, vmem};

/// What the wave touches outside itself: global memory, its workgroup's LDS, and facts about
/// the dispatch.
pub struct Env<'m> {
    pub mem: &'m mut Memory,
    /// The workgroup's LDS allocation (`group_segment_size` bytes).
    pub lds: &'m mut [u8],
    /// The dispatch id (`s_sendmsg_rtn` GET_DDID).
    pub dispatch_id: u64,
    /// Instructions the run has retired so far (the REALTIME clock of this model).
    pub retired: u64,
    /// MSG_INTERRUPT messages sent.
    pub interrupts: u64,
}

impl<'m> Env<'m> {
    pub fn new(mem: &'m mut Memory, lds: &'m mut [u8]) -> Env<'m> {
        Env { mem, lds, dispatch_id: 0, retired: 0, interrupts: 0 }
    }
}

/// How a decoded instruction runs.
#[derive(Clone, Debug)]
pub(super) enum Handler {
    /// A scalar row: deferred writes.
    Scalar(salu::ExecFn),
    /// A vector row: direct writes after all checks.
    Vector(VFn),
    /// The instruction cannot run: illegal, or not executed by this model.
    Fault(Fault),
}

/// The semantics of one vector row.
pub(super) type VFn = fn(&mut VExec);

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
    for (name, f) in valu::REGISTRY.iter().chain(valu_more::REGISTRY) {
        put(name, Handler::Vector(*f));
    }
    for name in valu::compare_rows() {
        put(name, Handler::Vector(valu::compare));
    }
    for (name, f) in vmem::rows().chain(ds::rows()) {
        put(name, Handler::Vector(f));
    }
    d
});

fn dispatch(def: &InstDef) -> Option<&'static Handler> {
    DISPATCH.get(def.id.0 as usize).and_then(Option::as_ref)
}

pub(super) fn implemented(def: &InstDef) -> bool {
    dispatch(def).is_some()
}

/// The fault of a row without a function.
fn unexecuted(def: &InstDef, pc: u64) -> Fault {
    if salu::ILLEGAL.contains(&def.name.as_str()) {
        Fault::Illegal { pc, why: format!("{} is an illegal instruction", def.name) }
    } else {
        Fault::NotImplemented { pc, what: format!("{} ({} unit)", def.name, def.unit.name()) }
    }
}

/// How the instruction at `pc` runs, and its resolved vector operands.
pub(super) fn resolve(inst: &Inst, pc: u64) -> (Handler, VOperands) {
    let def = inst.def();
    match dispatch(def) {
        None => (Handler::Fault(unexecuted(def, pc)), VOperands::default()),
        Some(Handler::Scalar(f)) => match check_sources(inst) {
            Ok(()) => (Handler::Scalar(*f), VOperands::default()),
            Err(why) => (Handler::Fault(Fault::Illegal { pc, why }), VOperands::default()),
        },
        Some(Handler::Vector(f)) => match VOperands::resolve(inst) {
            Ok(v) => (Handler::Vector(*f), v),
            Err(why) => (Handler::Fault(Fault::Illegal { pc, why }), VOperands::default()),
        },
        Some(Handler::Fault(f)) => (Handler::Fault(f.clone()), VOperands::default()),
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

/// Runs one instruction of `wave` from the pre-decoded `prog`, with memory and LDS in `env`.
pub fn step_in(wave: &mut Wave, prog: &Program, env: &mut Env) -> Step {
    if let Some(s) = idle(wave) {
        return s;
    }
    match prog.fetch(wave.pc) {
        Ok(d) => run(wave, d, env),
        Err(f) => stop(wave, None, f),
    }
}

/// Runs one instruction of `wave` from `code`, decoding it afresh, with no memory (every
/// access faults) and no LDS. For co-simulation of the scalar unit.
pub fn step(wave: &mut Wave, code: &Code) -> Step {
    if let Some(s) = idle(wave) {
        return s;
    }
    let mut mem = Memory::default();
    let mut env = Env::new(&mut mem, &mut []);
    match program::decode(code, wave.pc) {
        Ok(d) => run(wave, &d, &mut env),
        Err(f) => stop(wave, None, f),
    }
}

fn run(wave: &mut Wave, d: &Decoded, env: &mut Env) -> Step {
    let pc = wave.pc;
    let inst = d.inst;
    let (writes, next_pc, outcome, counters) = match &d.run {
        Handler::Fault(f) => return stop(wave, Some(inst), f.clone()),
        Handler::Scalar(f) => {
            let mut x = Exec::new(wave, env, inst, pc);
            f(&mut x);
            let Exec { writes, next_pc, outcome, counters, release_vgprs, .. } = x;
            if outcome == Outcome::Retired || outcome == Outcome::Ended || outcome == Outcome::Barrier {
                apply(wave, &writes);
                wave.vgprs_released |= release_vgprs;
            }
            (writes, next_pc, outcome, counters)
        }
        Handler::Vector(f) => {
            if wave.vgprs_released {
                let why =
                    format!("{} after the wave released its VGPRs (MSG_DEALLOC_VGPRS)", inst.def().name);
                return stop(wave, Some(inst), Fault::Illegal { pc, why });
            }
            let mut x = VExec::new(wave, env, d, pc);
            f(&mut x);
            let VExec { writes, next_pc, outcome, counters, .. } = x;
            (writes, next_pc, outcome, counters)
        }
    };
    let status = match &outcome {
        Outcome::Retired => Status::Running,
        Outcome::Barrier => Status::AtBarrier,
        Outcome::Ended => Status::Ended,
        Outcome::Waiting => {
            return Step { pc, inst: Some(inst), writes: Writes::default(), next_pc: pc, outcome };
        }
        Outcome::Fault(f) => return stop(wave, Some(inst), f.clone()),
    };
    wave.counters = counters;
    wave.pc = next_pc;
    wave.status = status;
    env.retired += 1;
    Step { pc, inst: Some(inst), writes, next_pc, outcome }
}

/// `counters` with `n` more operations on the counter `pick` selects, saturating at the
/// counter's maximum (the hardware would stall issue until the oldest completes; here it
/// completes at once).
pub(super) fn issue(counters: &mut Counters, pick: fn(&mut Counters) -> &mut u32, n: u32) {
    let c = pick(counters);
    *c = (*c + n).min(super::control::COUNTER_MAX);
}
