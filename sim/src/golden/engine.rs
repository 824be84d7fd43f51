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
use super::operands::{Exec, SOperands, check_sources};
use super::program::{self, Decoded, Program};
use super::state::{Code, Counters, Fault, Outcome, Status, Step, Wave, Write, Writes};
use super::vector::{VExec, VOperands};
use super::{ds, salu, smem, valu, valu_more, valu_packed, valu_wmma, vmem};

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
    /// Scratch space for the writes of an instruction on the fast path (boxed, so that taking
    /// it moves a pointer, not the array).
    scratch: Option<Box<Writes>>,
}

impl<'m> Env<'m> {
    pub fn new(mem: &'m mut Memory, lds: &'m mut [u8]) -> Env<'m> {
        Env { mem, lds, dispatch_id: 0, retired: 0, interrupts: 0, scratch: None }
    }
}

/// How a decoded instruction runs.
#[derive(Clone, Debug)]
pub(super) enum Handler {
    /// A scalar row: deferred writes.
    Scalar(salu::ExecFn),
    /// A vector row: direct writes after all checks.
    Vector(VFn),
    /// A VOPD pair: the X and Y functions, both reading before either writes.
    Vopd(VFn, VFn),
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
    for (name, f) in vmem::rows().chain(ds::rows()).chain(super::buffer::rows()) {
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

/// What the instruction at `pc` resolves to: how it runs, its vector operands, and VOPD's
/// Y half.
pub(super) type Resolved = (Handler, VOperands, SOperands, Option<Box<(&'static InstDef, VOperands)>>);

/// How the instruction at `pc` runs, and its resolved vector operands.
pub(super) fn resolve(inst: &Inst, pc: u64) -> Resolved {
    let def = inst.def();
    let none = |h: Handler| (h, VOperands::default(), SOperands::default(), None);
    let illegal = |why: String| none(Handler::Fault(Fault::Illegal { pc, why }));
    match dispatch(def) {
        None => none(Handler::Fault(unexecuted(def, pc))),
        Some(Handler::Scalar(f)) => match check_sources(inst) {
            Ok(()) => (Handler::Scalar(*f), VOperands::default(), SOperands::resolve(inst), None),
            Err(why) => illegal(why),
        },
        Some(Handler::Vector(fx)) => {
            let v = match VOperands::resolve(inst) {
                Ok(v) => v,
                Err(why) => return illegal(why),
            };
            let Some(def2) = inst.def2() else {
                return (Handler::Vector(*fx), v, SOperands::default(), None);
            };
            // A VOPD pair: the Y half as an instruction of its own row.
            let Some(Handler::Vector(fy)) = dispatch(def2) else {
                return none(Handler::Fault(unexecuted(def2, pc)));
            };
            let mut y = *inst;
            y.id = def2.id;
            y.id2 = None;
            match VOperands::resolve(&y) {
                Ok(vy) => (Handler::Vopd(*fx, *fy), v, SOperands::default(), Some(Box::new((def2, vy)))),
                Err(why) => illegal(why),
            }
        }
        Some(h) => none(h.clone()),
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
/// access faults) and no LDS. For co-simulation of the scalar unit.
pub fn step(wave: &mut Wave, code: &Code) -> Step {
    if let Some(s) = idle(wave) {
        return s;
    }
    let mut mem = Memory::default();
    let mut env = Env::new(&mut mem, &mut []);
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
    let (next_pc, outcome, counters) = match &d.run {
        Handler::Fault(f) => return stop(wave, Some(*inst), f.clone()).outcome,
        Handler::Scalar(f) => {
            let mut x = Exec::new(wave, env, d, pc, writes);
            f(&mut x);
            let Exec { next_pc, outcome, counters, release_vgprs, .. } = x;
            if outcome == Outcome::Retired || outcome == Outcome::Ended || outcome == Outcome::Barrier {
                apply(wave, writes);
                wave.vgprs_released |= release_vgprs;
            }
            (next_pc, outcome, counters)
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
                let mut x = VExec::new(wave, env, d, pc, record, writes);
                x.deferred = Some(&mut pending);
                fx(&mut x);
            }
            {
                let mut x = VExec::new(wave, env, d, pc, record, writes);
                x.v = &y.1;
                x.def = y.0;
                x.deferred = Some(&mut pending);
                fy(&mut x);
            }
            let mut x = VExec::new(wave, env, d, pc, record, writes);
            for (reg, vals, mask) in &pending {
                x.write_vgpr32(*reg, vals, *mask);
            }
            let next_pc = x.next_pc;
            (next_pc, Outcome::Retired, counters)
        }
        Handler::Vector(f) => {
            if wave.vgprs_released {
                let why =
                    format!("{} after the wave released its VGPRs (MSG_DEALLOC_VGPRS)", inst.def().name);
                return stop(wave, Some(*inst), Fault::Illegal { pc, why }).outcome;
            }
            let mut x = VExec::new(wave, env, d, pc, record, writes);
            f(&mut x);
            let VExec { next_pc, outcome, counters, .. } = x;
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

/// `counters` with `n` more operations on the counter `pick` selects, saturating at the
/// counter's maximum (the hardware would stall issue until the oldest completes; here it
/// completes at once).
pub(super) fn issue(counters: &mut Counters, pick: fn(&mut Counters) -> &mut u32, n: u32) {
    let c = pick(counters);
    *c = (*c + n).min(super::control::COUNTER_MAX);
}
