//! When each wave may issue: a reference for the compute unit's sequencing, written from the
//! guide's rules (16.5, SOPP) and the retire stream alone, that co-simulation holds the RTL's
//! issue cycles to. It shares no code or state with `cu_top`: it sees only which wave issues in
//! a cycle and which instruction each wave retires in a cycle.
//!
//! A wave has at most one instruction between issue and commit (RDNA3 checks dependencies in
//! hardware; this compute unit does it by issuing a wave's next instruction only after the
//! last one's wave state is committed, at the end of EX; the retire port shows it
//! `RETIRE_DELAY` cycles later). After a commit at cycle R, the wave's next instruction may
//! issue:
//!
//! - `s_nop N`: at R + 1 + N[3:0] or later (the guide: N wait states after the s_nop; counted
//!   here from its commit, which comes after its issue, so this is at least that);
//! - `s_sleep N`, N[6:0] > 0: at R + 1 + 64 N or later (the guide: 64 (N-1) to 64 N clocks),
//!   unless an `s_wakeup` of another wave of its workgroup is committed at W > R first: then
//!   at W + 1 or later. Only an `s_sleep` is woken: an `s_nop`'s wait never is, not even right
//!   after an `s_sleep` of the same wave ended;
//! - `s_barrier`: once every wave of its workgroup that has not ended has committed an
//!   `s_barrier` (the last at cycle B): at B + 1 or later. A wave that ends (`s_endpgm`, a
//!   fault) stops counting;
//! - the `s_waitcnt` family and `s_endpgm` (which waits for every counter to reach zero): as
//!   anything else, and they commit on their first issue, unless a request counted on VS_CNT
//!   (a store, an atomic without return: the instructions that retire when the vector memory
//!   port takes them), a scalar load (which retires when the scalar port takes it; its
//!   dwords are written later) or a late vector load (GLOBAL, SCRATCH: the same on the vector
//!   port, reported written as the scalar loads are, its VM_CNT returned `VS_SETTLE` cycles
//!   after, in the order the port took them: `s_waitcnt vmcnt(N)` may not commit before all
//!   of the wave's but the N latest are written) was outstanding then. Every other memory instruction's answer
//!   comes before it commits, so without those every counter of the wave is zero when a later
//!   instruction issues, every threshold is met, and no wait may hold the wave. (A wait that
//!   holds the wave leaves EX without retiring and issues again: a second issue.) The VS
//!   requests return their counters in the order the port took them, all waves' in one
//!   order; the scalar loads theirs when their dwords are written (the retire stream's
//!   report of them, `SM_SETTLE` cycles before), in any order, one answer at a time for all
//!   waves. So a wait may issue again while a request taken before its first issue was not
//!   done (answered `VS_SETTLE` cycles, reported `SM_SETTLE` cycles, before it), and its last
//!   issue is bounded from above as below from the last of those times. And it may not
//!   commit before what it waits for is done: `s_waitcnt_vscnt null, N` all but the wave's N
//!   latest stores answered, `s_waitcnt lgkmcnt(N)` at most N of the wave's scalar loads not
//!   yet reported, `s_endpgm` all of both;
//! - anything else: at R + 1 or later.
//!
//! Those are lower bounds: a wave never issues early. Every one of them also has an upper
//! bound, measured from the cycle the wave may issue again (the last instruction is committed,
//! an `s_nop`'s wait or a sleep ends, it is woken, its barrier releases) to the cycle it
//! issues. Another wave's instruction ahead of it
//! may hold the pipeline for as long as it likes (a vector memory instruction waits for every
//! lane's answer), so time during which another wave has an instruction between issue and
//! commit does not count; the rest is at most `slack` cycles (refetching the instruction twice
//! behind every other wave's fetch). And since both arbiters are round robin, other waves
//! issue at most `slack + 2 x waves` instructions in that time. A sleep is up to 8,128 cycles,
//! so a wakeup that is ignored, a sleep that lasts twice as long or a barrier released late
//! are caught whether the other waves are idle or busy. Every violation is reported when the
//! instruction that issued at the wrong time retires.

use std::collections::{BTreeMap, VecDeque};

/// Cycles from a VS request's answer on the port to its counter's return reaching a wait (the
/// ring's head moves one a cycle; generous).
pub const VS_SETTLE: u64 = 8;
/// Cycles from a scalar load's report on the retire stream to its counter's return reaching
/// a wait (the return is in the cycle the report is registered in; generous).
pub const SM_SETTLE: u64 = 2;

use hdl_gen::sv::ports::RETIRE_DELAY;
use rdna3_isa::{Field, Inst, Mnemonic as M, Unit};

/// One wave's sequencing state.
#[derive(Clone, Debug, Default)]
struct WaveState {
    wg: u32,
    ended: bool,
    /// The cycles instructions of the wave issued in, not yet seen retiring. The retire port
    /// shows an instruction `RETIRE_DELAY` cycles after it is committed, so the next one may
    /// issue before then; each issue is checked when its instruction retires.
    issues: VecDeque<u64>,
    /// The earliest cycle the next instruction may issue.
    earliest: u64,
    /// Why (for the report).
    why: String,
    /// When a rule bounds the next issue from above: the cycle from which the bound counts
    /// (the sleep's end, the wakeup, the barrier's release), and why.
    late_from: Option<(u64, String)>,
    /// The wave sleeps in an `s_sleep` that an `s_wakeup` may end: (committed at, sleep's end).
    wakeable: Option<(u64, u64)>,
    /// The wave waits at a barrier it reached at this cycle.
    barrier: Option<u64>,
}

/// How many times each rule decided an issue cycle (tests use them to show that a program
/// exercised the rules).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub nops: u64,
    pub sleeps: u64,
    pub wakeups: u64,
    pub barriers: u64,
    /// Waits (the s_waitcnt family, s_endpgm) held to committing on their first issue.
    pub waits: u64,
    /// ... and those outstanding stores or scalar loads held (issued more than once).
    pub mem_holds: u64,
}

impl std::fmt::Display for Counts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "decided by {} s_nop waits, {} sleeps, {} wakeups, {} barrier releases; {} counter waits \
             ({} held by outstanding stores or scalar loads)",
            self.nops, self.sleeps, self.wakeups, self.barriers, self.waits, self.mem_holds
        )
    }
}

/// The reference: feed it every issue and every retirement, in cycle order.
#[derive(Clone, Debug)]
pub struct IssueTiming {
    waves: Vec<WaveState>,
    slack: u64,
    /// Recent issues (cycle, wave), for the upper bounds.
    log: VecDeque<(u64, usize)>,
    /// Recent instructions' cycles between first issue and commit (from, to, wave).
    busy: VecDeque<(u64, u64, usize)>,
    /// The vector memory requests counted on VS_CNT, by number: when the port took each, when
    /// it was answered, and its wave.
    vs: BTreeMap<u64, (u64, Option<u64>, usize)>,
    vs_next: u64,
    /// The scalar loads, by number: when the port took each, when the retire stream reported
    /// its dwords written, and its wave.
    sm: BTreeMap<u64, (u64, Option<u64>, usize)>,
    sm_next: u64,
    /// The late vector loads (GLOBAL, SCRATCH), by number: when the port took each, when the
    /// retire stream reported its answer written, and its wave.
    vl: BTreeMap<u64, (u64, Option<u64>, usize)>,
    vl_next: u64,
    pub counts: Counts,
}

impl IssueTiming {
    /// Waves with their workgroups, started together at `start`; `slack` as in the module
    /// documentation.
    pub fn new(wgs: &[u32], start: u64, slack: u64) -> IssueTiming {
        let waves = wgs
            .iter()
            .map(|&wg| WaveState {
                wg,
                earliest: start,
                why: "the start".into(),
                late_from: Some((start, "the waves start".into())),
                ..WaveState::default()
            })
            .collect();
        IssueTiming {
            waves,
            slack,
            log: VecDeque::new(),
            busy: VecDeque::new(),
            vs: BTreeMap::new(),
            vs_next: 0,
            sm: BTreeMap::new(),
            sm_next: 0,
            vl: BTreeMap::new(),
            vl_next: 0,
            counts: Counts::default(),
        }
    }

    /// Slot `w` holds no wave (yet): it issues nothing and counts at no barrier.
    pub fn vacant(&mut self, w: usize) {
        if let Some(s) = self.waves.get_mut(w) {
            s.ended = true;
        }
    }

    /// A new wave of workgroup `wg` starts in slot `w` (vacant, or its last wave ended) at
    /// `start`: as the waves [`IssueTiming::new`] starts.
    pub fn launch(&mut self, w: usize, wg: u32, start: u64) {
        if let Some(s) = self.waves.get_mut(w) {
            *s = WaveState {
                wg,
                earliest: start,
                why: "its launch".into(),
                late_from: Some((start, "the wave starts".into())),
                ..WaveState::default()
            };
        }
    }

    /// The vector memory port took a request of wave `w` counted on VS_CNT at `cycle`;
    /// returns its number.
    pub fn vs_taken(&mut self, w: usize, cycle: u64) -> u64 {
        let id = self.vs_next;
        self.vs_next += 1;
        self.vs.insert(id, (cycle, None, w));
        id
    }

    /// Of wave `w`'s VS requests taken before `at`, all but the `n` latest: the cycle the
    /// first of those still without an answer at `commit` was taken (the counters return in
    /// the order the requests were taken, each only after its answer, so a wait for `n` may not
    /// pass before all of them are answered).
    fn vs_unanswered(&self, w: usize, at: u64, n: usize, commit: u64) -> Option<u64> {
        Self::unanswered(&self.vs, w, at, n, commit)
    }

    /// The same of wave `w`'s late vector loads and their writes (their VM_CNT returns in the
    /// order the port took them too).
    fn vl_unwritten(&self, w: usize, at: u64, n: usize, commit: u64) -> Option<u64> {
        Self::unanswered(&self.vl, w, at, n, commit)
    }

    fn unanswered(
        map: &BTreeMap<u64, (u64, Option<u64>, usize)>,
        w: usize,
        at: u64,
        n: usize,
        commit: u64,
    ) -> Option<u64> {
        let mine: Vec<&(u64, Option<u64>, usize)> =
            map.values().filter(|&&(t, _, v)| v == w && t < at).collect();
        let older = &mine[..mine.len().saturating_sub(n)];
        older.iter().find(|&&&(_, a, _)| a.is_none_or(|a| a >= commit)).map(|&&(t, _, _)| t)
    }

    /// Request `id` was answered at `cycle`.
    pub fn vs_answered(&mut self, id: u64, cycle: u64) {
        if let Some(e) = self.vs.get_mut(&id) {
            e.1 = Some(cycle);
        }
    }

    /// The scalar port took a load of wave `w` at `cycle`; returns its number.
    pub fn sm_taken(&mut self, w: usize, cycle: u64) -> u64 {
        let id = self.sm_next;
        self.sm_next += 1;
        self.sm.insert(id, (cycle, None, w));
        id
    }

    /// The retire stream reported scalar load `id`'s dwords written at `cycle`.
    pub fn sm_done(&mut self, id: u64, cycle: u64) {
        if let Some(e) = self.sm.get_mut(&id) {
            e.1 = Some(cycle);
        }
    }

    /// The vector port took a late load of wave `w` at `cycle`; returns its number.
    pub fn vl_taken(&mut self, w: usize, cycle: u64) -> u64 {
        let id = self.vl_next;
        self.vl_next += 1;
        self.vl.insert(id, (cycle, None, w));
        id
    }

    /// The retire stream reported late load `id`'s answer written at `cycle`.
    pub fn vl_done(&mut self, id: u64, cycle: u64) {
        if let Some(e) = self.vl.get_mut(&id) {
            e.1 = Some(cycle);
        }
    }

    /// Of wave `w`'s scalar loads taken before `at`, how many were not reported done by
    /// `commit`, and when the first of those was taken.
    fn sm_pending(&self, w: usize, at: u64, commit: u64) -> (usize, Option<u64>) {
        let open: Vec<u64> = self
            .sm
            .values()
            .filter(|&&(t, d, v)| v == w && t < at && d.is_none_or(|d| d > commit))
            .map(|&(t, _, _)| t)
            .collect();
        (open.len(), open.first().copied())
    }

    /// For a wait first issued at `at`: whether a VS request or a scalar load taken before
    /// then may still hold it (not done the settling time before), and from when their
    /// counters have surely returned (the settling time after the last of them was done;
    /// None: one is not done).
    fn vs_hold(&self, at: u64) -> (bool, Option<u64>) {
        let before = || {
            let vs = self.vs.values().map(|e| (e, VS_SETTLE));
            vs.chain(self.sm.values().map(|e| (e, SM_SETTLE)))
                .chain(self.vl.values().map(|e| (e, VS_SETTLE)))
                .filter(|((t, _, _), _)| *t < at)
        };
        let holds = before().any(|((_, a, _), d)| a.is_none_or(|a| a + d > at));
        let from = before().try_fold(0u64, |m, ((_, a, _), d)| a.map(|a| m.max(a + d)));
        (holds, from)
    }

    /// The slack for a model of `waves` waves taking `passes` passes an instruction, whose
    /// instruction fetches take up to `fetch_latency` cycles.
    pub fn slack_for(waves: usize, passes: usize, fetch_latency: u64) -> u64 {
        // An instruction of three dwords takes two fetches, each of which may wait behind
        // every other wave's; a margin of 64 cycles a pass.
        2 * (fetch_latency + waves as u64 + 2) + 64 * passes as u64 + 64
    }

    /// Wave `w` issues an instruction at `cycle`.
    pub fn issue(&mut self, w: usize, cycle: u64) {
        if let Some(s) = self.waves.get_mut(w) {
            s.issues.push_back(cycle);
            self.log.push_back((cycle, w));
        }
    }

    /// What is wrong with wave `w` issuing at `at` when it may issue from `from` on: more
    /// than `slack` cycles in which no other wave had an instruction in flight, or more than
    /// `slack + 2 x waves` issues of other waves in between.
    fn late(&self, w: usize, from: u64, at: u64) -> Option<String> {
        if at <= from {
            return None;
        }
        let others = self.log.iter().filter(|&&(c, v)| v != w && (from..at).contains(&c)).count() as u64;
        let most = self.slack + 2 * self.waves.len() as u64;
        if others > most {
            return Some(format!("{others} instructions of other waves issued first, at most {most} may"));
        }
        // Other waves' instructions in flight: committed ones, and those still in the pipe.
        let mut spans: Vec<(u64, u64)> = self
            .busy
            .iter()
            .filter(|&&(_, _, v)| v != w)
            .map(|&(a, b, _)| (a, b))
            .chain(
                self.waves
                    .iter()
                    .enumerate()
                    .filter(|&(v, _)| v != w)
                    .filter_map(|(_, o)| o.issues.front().map(|&a| (a, u64::MAX))),
            )
            .map(|(a, b)| (a.max(from), b.saturating_add(1).min(at)))
            .filter(|(a, b)| a < b)
            .collect();
        spans.sort_unstable();
        let (mut excused, mut end) = (0, from);
        for (a, b) in spans {
            if b > end {
                excused += b - a.max(end);
                end = b;
            }
        }
        let idle = at - from - excused;
        (idle > self.slack).then(|| {
            format!("{idle} cycles with no other wave's instruction in flight, at most {} may", self.slack)
        })
    }

    /// Forgets the issues and spans no bound can reach any more (before `cycle`'s commit).
    fn prune(&mut self, cycle: u64) {
        let keep = self
            .waves
            .iter()
            .filter_map(|o| o.late_from.as_ref().map(|d| d.0))
            .chain(self.waves.iter().filter_map(|o| o.issues.front().copied()))
            .min()
            .unwrap_or(u64::MAX)
            .min(cycle.saturating_sub(RETIRE_DELAY + 1));
        while self.log.front().is_some_and(|&(c, _)| c < keep) {
            self.log.pop_front();
        }
        while self.busy.front().is_some_and(|&(_, b, _)| b < keep) {
            self.busy.pop_front();
        }
        // A VS request answered well before every issue still to retire holds none of them.
        self.vs.retain(|_, &mut (_, a, _)| a.is_none_or(|a| a + VS_SETTLE >= keep));
        self.sm.retain(|_, &mut (_, a, _)| a.is_none_or(|a| a + SM_SETTLE >= keep));
        self.vl.retain(|_, &mut (_, a, _)| a.is_none_or(|a| a + VS_SETTLE >= keep));
    }

    /// The retire port shows wave `w` retiring `inst` at `cycle` (None: a fetch fault);
    /// `ended` when the wave ends with it (`s_endpgm` or a fault). Returns what was wrong with
    /// the cycle the instruction issued in.
    pub fn retire(&mut self, w: usize, cycle: u64, inst: Option<&Inst>, ended: bool) -> Result<(), String> {
        if w >= self.waves.len() {
            return Ok(());
        }
        let commit = cycle.saturating_sub(RETIRE_DELAY);
        let (late, vs_late, vs_early) = {
            let s = &self.waves[w];
            let first = s.issues.front().copied().filter(|&i| i <= commit);
            let last = s.issues.iter().copied().take_while(|&i| i <= commit).last();
            let late = match (first, s.late_from.as_ref()) {
                (Some(at), Some((from, why))) => self
                    .late(w, *from, at)
                    .map(|e| format!("issued at cycle {at}, too late after cycle {from} ({why}): {e}")),
                _ => None,
            };
            // Whether VS requests may hold it (Some), and what is wrong with its last issue: too
            // late after their answers. (None inside: some store is unanswered still, a wait for
            // fewer than all of them.)
            let vs_late = first.zip(last).and_then(|(at, last)| {
                let (holds, from) = self.vs_hold(at);
                holds.then(|| {
                    from.and_then(|from| {
                        self.late(w, from, last).map(|e| {
                            format!(
                                "issued last at cycle {last}, too late after cycle {from} (the stores and \
                                 scalar loads it waited for were done): {e}"
                            )
                        })
                    })
                })
            });
            // A wait for at most N outstanding stores (s_waitcnt_vscnt null, N; s_endpgm: 0)
            // may not commit before every store of the wave taken before it but the N latest
            // is answered.
            let vs_limit = inst.and_then(|i| match i.def().mnemonic {
                M::s_endpgm => Some(0),
                M::s_waitcnt_vscnt if i.field(Field::Sdst) == rdna3_isa::operand::NULL => {
                    Some(i.field(Field::Simm16) as usize & 0x3f)
                }
                _ => None,
            });
            let vs_early = first.zip(vs_limit).and_then(|(at, n)| {
                self.vs_unanswered(w, at, n, commit).map(|t| {
                    format!(
                        "committed at cycle {commit} before the answer to the wave's store taken at cycle {t} \
                         (all but its {n} latest stores must be answered)"
                    )
                })
            });
            // A wait for at most N outstanding LGKM counts (s_waitcnt lgkmcnt(N),
            // s_waitcnt_lgkmcnt null, N; s_endpgm: 0) may not commit while more than N of the
            // wave's scalar loads taken before it are not done (the DS unit's and FLAT's
            // counts return before the next instruction issues).
            let sm_limit = inst.and_then(|i| match i.def().mnemonic {
                M::s_endpgm => Some(0),
                M::s_waitcnt => Some(i.field(Field::Simm16) as usize >> 4 & 0x3f),
                M::s_waitcnt_lgkmcnt if i.field(Field::Sdst) == rdna3_isa::operand::NULL => {
                    Some(i.field(Field::Simm16) as usize & 0x3f)
                }
                _ => None,
            });
            let sm_early = first.zip(sm_limit).and_then(|(at, n)| {
                let (open, t) = self.sm_pending(w, at, commit);
                (open > n).then(|| {
                    format!(
                        "committed at cycle {commit} with {open} of the wave's scalar loads not written (the \
                         first taken at cycle {}); it waits for at most {n}",
                        t.unwrap_or_default()
                    )
                })
            });
            // The same for VM_CNT and the wave's late vector loads (s_waitcnt vmcnt(N), its
            // bits 15:10; s_waitcnt_vmcnt null, N; s_endpgm: 0): every other VM-counted
            // instruction's count returns before it commits.
            let vm_limit = inst.and_then(|i| match i.def().mnemonic {
                M::s_endpgm => Some(0),
                M::s_waitcnt => Some(i.field(Field::Simm16) as usize >> 10 & 0x3f),
                M::s_waitcnt_vmcnt if i.field(Field::Sdst) == rdna3_isa::operand::NULL => {
                    Some(i.field(Field::Simm16) as usize & 0x3f)
                }
                _ => None,
            });
            let vl_early = first.zip(vm_limit).and_then(|(at, n)| {
                self.vl_unwritten(w, at, n, commit).map(|t| {
                    format!(
                        "committed at cycle {commit} before the wave's vector load taken at cycle {t} was written \
                         (all but its {n} latest must be: they return in order)"
                    )
                })
            });
            let vs_early = vs_early.or(sm_early).or(vl_early);
            (late, vs_late.map(|l| l.or(vs_early.clone())), vs_early)
        };
        let s = &mut self.waves[w];
        // The issues up to the commit are this instruction's (later ones are the next's). An
        // instruction that waits (the s_waitcnt family, s_endpgm for its counters, one that
        // finds a counter it increments full) leaves EX without retiring and issues again;
        // but with every counter at zero (see the module documentation) none may.
        let n = s.issues.iter().take_while(|&&i| i <= commit).count();
        let mine: Vec<u64> = s.issues.drain(..n).collect();
        let mnemonic = inst.map(|i| i.def().mnemonic);
        // (The table's `wait` unit is the s_waitcnt family, s_wait_idle and
        // s_waitcnt_depctr, which has nothing to wait for in this pipeline either.)
        let waits = inst.is_some_and(|i| !i.def().counters.is_empty() || i.def().unit == Unit::Wait)
            || mnemonic == Some(M::s_endpgm);
        if waits {
            self.counts.waits += 1;
        }
        let problem = match mine.first().copied() {
            None => Some(format!("retired at cycle {cycle} without having issued")),
            Some(_) if mine.len() > 1 && waits && vs_late.is_some() => {
                self.counts.mem_holds += 1;
                vs_late.flatten()
            }
            Some(_) if vs_early.is_some() => vs_early,
            Some(at) if mine.len() > 1 && waits => Some(format!(
                "issued again at cycle {} after its first issue at {at}: it waited, but every counter \
                 of the wave was zero (no store or scalar load was outstanding; every other memory \
                 instruction's counters return before it commits)",
                mine[1]
            )),
            Some(at) if mine.len() > 1 => Some(format!(
                "issued again at cycle {} while its instruction (issued at {at}) was in flight",
                mine[1]
            )),
            Some(at) if s.ended => Some(format!("issued at cycle {at} after the wave ended")),
            Some(at) if s.barrier.is_some() => Some(format!(
                "issued at cycle {at} while waiting at the barrier it reached at cycle {}",
                s.barrier.unwrap_or_default()
            )),
            Some(at) if at < s.earliest => {
                Some(format!("issued at cycle {at}, before cycle {} ({})", s.earliest, s.why))
            }
            Some(_) => late,
        };
        if let Some(&first) = mine.first() {
            self.busy.push_back((first, commit, w));
        }
        let s = &mut self.waves[w];
        // (A wave that went past its barrier, wrongly, is no longer at it.)
        s.barrier = None;
        s.earliest = commit + 1;
        s.why = format!("the cycle after the last instruction was committed, at {commit}");
        s.late_from =
            Some((commit + 1, format!("the wave's last instruction was committed at cycle {commit}")));
        s.wakeable = None;
        let simm16 = inst.map_or(0, |i| i.field(Field::Simm16));
        if ended {
            s.ended = true;
            s.late_from = None;
            let wg = s.wg;
            self.release(wg, commit);
        } else {
            match mnemonic {
                Some(M::s_nop) => {
                    let n = u64::from(simm16 & 0xf);
                    s.earliest = commit + 1 + n;
                    s.why = format!("s_nop {n} committed at cycle {commit}");
                    if n > 0 {
                        s.late_from = Some((
                            commit + 1 + n,
                            format!("the wait of s_nop {n} ends at cycle {}", commit + 1 + n),
                        ));
                    }
                    self.counts.nops += u64::from(n > 0);
                }
                Some(M::s_sleep) if simm16 & 0x7f != 0 => {
                    let end = commit + 1 + 64 * u64::from(simm16 & 0x7f);
                    s.earliest = end;
                    s.why = format!("s_sleep {} committed at cycle {commit}", simm16 & 0x7f);
                    s.late_from = Some((end, format!("the sleep ends at cycle {end}")));
                    s.wakeable = Some((commit, end));
                    self.counts.sleeps += 1;
                }
                Some(M::s_wakeup) => {
                    let wg = s.wg;
                    for (v, o) in self.waves.iter_mut().enumerate() {
                        if v == w || o.wg != wg || o.ended {
                            continue;
                        }
                        if let Some((at, end)) =
                            o.wakeable.filter(|&(at, end)| at < commit && commit + 1 < end)
                        {
                            o.earliest = commit + 1;
                            o.why = format!(
                                "woken by wave {w}'s s_wakeup, committed at cycle {commit} (s_sleep at {at})"
                            );
                            o.late_from = Some((
                                commit + 1,
                                format!(
                                    "wave {w}'s s_wakeup at cycle {commit} ends the sleep that would end at {end}"
                                ),
                            ));
                            o.wakeable = None;
                            self.counts.wakeups += 1;
                        }
                    }
                }
                Some(M::s_barrier) => {
                    s.barrier = Some(commit);
                    s.late_from = None;
                    let wg = s.wg;
                    self.release(wg, commit);
                }
                _ => {}
            }
        }
        self.prune(cycle);
        problem.map_or(Ok(()), Err)
    }

    /// Releases workgroup `wg`'s barrier if every wave of it that has not ended is at it.
    fn release(&mut self, wg: u32, cycle: u64) {
        let members = || self.waves.iter().filter(|o| o.wg == wg && !o.ended);
        if members().count() == 0 || members().any(|o| o.barrier.is_none()) {
            return;
        }
        self.counts.barriers += 1;
        for o in self.waves.iter_mut().filter(|o| o.wg == wg && !o.ended) {
            let at = o.barrier.take().unwrap_or(cycle);
            o.earliest = o.earliest.max(cycle + 1);
            o.why = format!("the barrier it reached at cycle {at} released at cycle {cycle}");
            o.late_from = Some((cycle + 1, format!("the barrier released at cycle {cycle}")));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rdna3_isa::asm::assemble;

    fn inst(text: &str) -> Inst {
        let words = assemble(text, "test").expect("assembles").dwords();
        rdna3_isa::decode(&words).expect("decodes")
    }

    /// The retire port shows an instruction committed at `commit`.
    fn retire(
        t: &mut IssueTiming,
        w: usize,
        commit: u64,
        i: Option<Inst>,
        ended: bool,
    ) -> Result<(), String> {
        t.retire(w, commit + RETIRE_DELAY, i.as_ref(), ended)
    }

    /// Issues `text` in wave `w` at `issue` and commits it at `issue + 2`.
    fn run(t: &mut IssueTiming, w: usize, issue: u64, text: &str) -> Result<(), String> {
        t.issue(w, issue);
        retire(t, w, issue + 2, Some(inst(text)), text == "s_endpgm")
    }

    #[test]
    fn the_next_instruction_waits_for_the_last_to_be_committed() {
        let mut t = IssueTiming::new(&[0], 0, 100);
        t.issue(0, 0);
        t.issue(0, 1);
        let e = retire(&mut t, 0, 2, Some(inst("s_add_u32 s0, s1, s2")), false).unwrap_err();
        assert!(
            e.contains("issued again at cycle 1 while its instruction (issued at 0) was in flight"),
            "{e}"
        );
        let e = retire(&mut t, 0, 5, Some(inst("s_add_u32 s0, s1, s2")), false).unwrap_err();
        assert!(e.contains("without having issued"), "{e}");
        // The next instruction may issue before the port shows this one retiring.
        t.issue(0, 6);
        t.issue(0, 9);
        retire(&mut t, 0, 8, Some(inst("s_add_u32 s0, s1, s2")), false).unwrap();
        retire(&mut t, 0, 11, Some(inst("s_add_u32 s0, s1, s2")), false).unwrap();
        // A wait that holds the wave leaves EX without retiring and issues again; with every
        // counter at zero, none may.
        t.issue(0, 13);
        t.issue(0, 16);
        let e = retire(&mut t, 0, 18, Some(inst("s_waitcnt lgkmcnt(0)")), false).unwrap_err();
        assert!(e.contains("issued again at cycle 16 after its first issue at 13: it waited"), "{e}");
        run(&mut t, 0, 19, "s_waitcnt_vscnt null, 0x0").unwrap();
        run(&mut t, 0, 22, "s_nop 0").unwrap();
        assert_eq!(t.counts.waits, 2);
        // Any instruction issues within the slack after the last one's commit.
        t.issue(0, 25 + 101);
        let e = retire(&mut t, 0, 128, Some(inst("s_nop 0")), false).unwrap_err();
        assert!(
            e.contains(
                "too late after cycle 25 (the wave's last instruction was committed at cycle 24): 101 cycles"
            ),
            "{e}"
        );
    }

    #[test]
    fn outstanding_stores_may_hold_a_wait_until_answered_and_no_longer() {
        let mut t = IssueTiming::new(&[0, 0], 0, 100);
        // Wave 0's store, taken at 1, retires; its wait is held until the answer (at 40) and
        // issues again soon after: fine.
        let st = t.vs_taken(0, 1);
        run(&mut t, 0, 0, "global_store_b32 v0, v1, s[2:3]").unwrap();
        t.issue(0, 10);
        t.vs_answered(st, 40);
        t.issue(0, 45);
        retire(&mut t, 0, 47, Some(inst("s_waitcnt_vscnt null, 0x0")), false).unwrap();
        assert_eq!(t.counts.mem_holds, 1);
        // Held past the answer for longer than the slack: too late.
        let st = t.vs_taken(0, 49);
        run(&mut t, 0, 48, "global_store_b32 v0, v1, s[2:3]").unwrap();
        t.issue(0, 55);
        t.vs_answered(st, 60);
        t.issue(0, 60 + VS_SETTLE + 101);
        let e = retire(&mut t, 0, 60 + VS_SETTLE + 103, Some(inst("s_waitcnt_vscnt null, 0x0")), false)
            .unwrap_err();
        assert!(
            e.contains("too late after cycle 68 (the stores and scalar loads it waited for were done)"),
            "{e}"
        );
        // Committing while a store of the wave has no answer: too early, held or not; one
        // allowed outstanding by the threshold is fine, and so is another wave's.
        let a = t.vs_taken(1, 200);
        let b = t.vs_taken(0, 201);
        run(&mut t, 0, 199, "global_store_b32 v0, v1, s[2:3]").unwrap();
        run(&mut t, 0, 204, "s_waitcnt_vscnt null, 0x1").unwrap();
        let e = run(&mut t, 0, 207, "s_waitcnt_vscnt null, 0x0").unwrap_err();
        assert!(
            e.contains("before the answer to the wave's store taken at cycle 201 (all but its 0 latest"),
            "{e}"
        );
        t.vs_answered(b, 210);
        run(&mut t, 0, 220, "s_endpgm").unwrap();
        t.vs_answered(a, 230);
        // In order: the latest answered does not let a wait for one pass before the older.
        let c = t.vs_taken(1, 231);
        let d = t.vs_taken(1, 235);
        t.vs_answered(d, 238);
        run(&mut t, 1, 240, "global_store_b32 v0, v1, s[2:3]").unwrap();
        let e = run(&mut t, 1, 243, "s_waitcnt_vscnt null, 0x1").unwrap_err();
        assert!(e.contains("before the answer to the wave's store taken at cycle 231"), "{e}");
        t.vs_answered(c, 250);
        // With no store outstanding, a held wait is wrong as before.
        t.issue(1, 270);
        t.issue(1, 280);
        let e = retire(&mut t, 1, 282, Some(inst("s_waitcnt_vscnt null, 0x0")), false).unwrap_err();
        assert!(e.contains("no store or scalar load was outstanding"), "{e}");
    }

    #[test]
    fn outstanding_scalar_loads_hold_lgkm_waits_in_any_order() {
        let mut t = IssueTiming::new(&[0, 0], 0, 100);
        // Two loads of wave 0; the later is written first. lgkmcnt(1) may commit once one is
        // done (whichever), after a hold; lgkmcnt(0) only once both are.
        let a = t.sm_taken(0, 1);
        run(&mut t, 0, 0, "s_load_b32 s4, s[2:3], 0x0").unwrap();
        let b = t.sm_taken(0, 5);
        run(&mut t, 0, 4, "s_load_b32 s5, s[2:3], 0x4").unwrap();
        t.issue(0, 10);
        t.sm_done(b, 30);
        t.issue(0, 33);
        retire(&mut t, 0, 35, Some(inst("s_waitcnt lgkmcnt(1)")), false).unwrap();
        assert_eq!(t.counts.mem_holds, 1);
        t.issue(0, 36);
        let e = retire(&mut t, 0, 38, Some(inst("s_waitcnt lgkmcnt(0)")), false).unwrap_err();
        assert!(e.contains("with 1 of the wave's scalar loads not written"), "{e}");
        // s_endpgm waits for them all as well; another wave's load does not count.
        let mut t = IssueTiming::new(&[0, 0], 0, 100);
        let a2 = t.sm_taken(0, 1);
        run(&mut t, 0, 0, "s_load_b32 s4, s[2:3], 0x0").unwrap();
        t.sm_taken(1, 2);
        t.issue(0, 10);
        let e = retire(&mut t, 0, 12, Some(inst("s_endpgm")), true).unwrap_err();
        assert!(e.contains("for at most 0"), "{e}");
        let _ = (a, a2);
    }

    #[test]
    fn outstanding_vector_loads_hold_vmcnt_waits() {
        let mut t = IssueTiming::new(&[0, 0], 0, 100);
        // Three late loads of wave 0: vmcnt(1) may commit once the two older are written, after
        // a hold, not when any two are (their counters return in order); vmcnt(0) only once
        // all are; lgkmcnt(0) does not wait for them (its vmcnt field is 63).
        let a = t.vl_taken(0, 1);
        run(&mut t, 0, 0, "global_load_b32 v1, v0, s[2:3]").unwrap();
        let b = t.vl_taken(0, 5);
        run(&mut t, 0, 4, "global_load_b32 v2, v0, s[2:3]").unwrap();
        let c = t.vl_taken(0, 9);
        run(&mut t, 0, 8, "global_load_b32 v3, v0, s[2:3]").unwrap();
        run(&mut t, 0, 12, "s_waitcnt lgkmcnt(0)").unwrap();
        t.issue(0, 16);
        t.vl_done(c, 20);
        t.vl_done(b, 30);
        t.issue(0, 33);
        let e = retire(&mut t, 0, 35, Some(inst("s_waitcnt vmcnt(1)")), false).unwrap_err();
        assert!(e.contains("before the wave's vector load taken at cycle 1 was written"), "{e}");
        t.vl_done(a, 40);
        t.issue(0, 41);
        t.issue(0, 50);
        retire(&mut t, 0, 52, Some(inst("s_waitcnt vmcnt(1)")), false).unwrap();
        assert_eq!(t.counts.mem_holds, 2);
        let d = t.vl_taken(0, 55);
        run(&mut t, 0, 54, "scratch_load_b32 v4, off, off").unwrap();
        let e = run(&mut t, 0, 60, "s_waitcnt_vmcnt null, 0x0").unwrap_err();
        assert!(e.contains("all but its 0 latest"), "{e}");
        t.vl_done(d, 70);
        // s_endpgm waits for them all as well; another wave's load does not count.
        let mut t = IssueTiming::new(&[0, 0], 0, 100);
        t.vl_taken(0, 1);
        run(&mut t, 0, 0, "scratch_load_b32 v1, off, off").unwrap();
        t.vl_taken(1, 2);
        t.issue(0, 10);
        let e = retire(&mut t, 0, 12, Some(inst("s_endpgm")), true).unwrap_err();
        assert!(e.contains("vector load taken at cycle 1 was written"), "{e}");
    }

    #[test]
    fn the_start_and_an_s_nop_have_upper_bounds_too() {
        let mut t = IssueTiming::new(&[0], 10, 100);
        t.issue(0, 111);
        let e = retire(&mut t, 0, 113, Some(inst("s_nop 3")), false).unwrap_err();
        assert!(e.contains("too late after cycle 10 (the waves start): 101 cycles"), "{e}");
        // Committed at 113: the wait ends at 117, and the next issue is due by 217.
        t.issue(0, 218);
        let e = retire(&mut t, 0, 220, Some(inst("s_endpgm")), true).unwrap_err();
        assert!(e.contains("too late after cycle 117 (the wait of s_nop 3 ends at cycle 117)"), "{e}");
    }

    #[test]
    fn s_nop_holds_the_wave_and_a_wakeup_does_not_end_it() {
        let mut t = IssueTiming::new(&[0, 0], 0, 100);
        run(&mut t, 0, 0, "s_nop 5").unwrap();
        // Retired at 2: the next may issue at 8.
        run(&mut t, 1, 3, "s_wakeup").unwrap();
        t.issue(0, 7);
        let e = retire(&mut t, 0, 9, Some(inst("s_mov_b32 s0, 1")), false).unwrap_err();
        assert!(e.contains("before cycle 8 (s_nop 5 committed at cycle 2)"), "{e}");
        run(&mut t, 0, 10, "s_nop 0").unwrap();
        run(&mut t, 0, 13, "s_endpgm").unwrap();
        assert_eq!(t.counts.nops, 1);
    }

    #[test]
    fn a_sleep_that_ended_is_not_woken_again() {
        // The hole the mutation check found: the "wakeable" flag outliving its sleep.
        let mut t = IssueTiming::new(&[0, 0], 0, 1000);
        run(&mut t, 0, 0, "s_sleep 1").unwrap();
        run(&mut t, 0, 67, "s_nop 15").unwrap();
        run(&mut t, 1, 70, "s_wakeup").unwrap();
        t.issue(0, 73);
        assert!(retire(&mut t, 0, 75, Some(inst("s_nop 0")), false).unwrap_err().contains("s_nop 15"));
        assert_eq!(t.counts.wakeups, 0);
    }

    #[test]
    fn s_sleep_lasts_64_cycles_a_unit_and_a_wakeup_ends_it() {
        let mut t = IssueTiming::new(&[0, 0, 1], 0, 100);
        run(&mut t, 0, 0, "s_sleep 2").unwrap();
        // Waves 1 and 2 sleep until 580 and 453 (every wave must issue within the slack of
        // when it may).
        run(&mut t, 1, 1, "s_sleep 9").unwrap();
        run(&mut t, 2, 2, "s_sleep 7").unwrap();
        // Retired at 2: sleeps until 131. Early:
        t.issue(0, 130);
        assert!(retire(&mut t, 0, 132, None, false).unwrap_err().contains("before cycle 131"));
        // Late:
        run(&mut t, 0, 140, "s_sleep 2").unwrap();
        t.issue(0, 142 + 129 + 101);
        let e = retire(&mut t, 0, 400, None, false).unwrap_err();
        assert!(
            e.contains("too late after cycle 271 (the sleep ends at cycle 271): 101 cycles with no other"),
            "{e}"
        );
        // A wakeup of another workgroup does nothing; one of the same workgroup ends it.
        run(&mut t, 0, 500, "s_sleep 100").unwrap();
        run(&mut t, 2, 510, "s_wakeup").unwrap();
        t.issue(0, 513);
        assert!(retire(&mut t, 0, 515, None, false).is_err());
        run(&mut t, 0, 600, "s_sleep 100").unwrap();
        run(&mut t, 1, 610, "s_wakeup").unwrap();
        run(&mut t, 0, 613, "s_nop 0").unwrap();
        assert_eq!(t.counts.wakeups, 1);
        // ... and must be noticed.
        run(&mut t, 0, 700, "s_sleep 100").unwrap();
        run(&mut t, 1, 710, "s_wakeup").unwrap();
        t.issue(0, 713 + 101);
        let e = retire(&mut t, 0, 816, None, false).unwrap_err();
        assert!(e.contains("ends the sleep that would end at 7103"), "{e}");
    }

    #[test]
    fn a_barrier_waits_for_every_running_wave_of_its_workgroup() {
        let mut t = IssueTiming::new(&[0, 0, 0, 1], 0, 50);
        run(&mut t, 0, 0, "s_barrier").unwrap();
        run(&mut t, 3, 1, "s_barrier").unwrap(); // alone in workgroup 1: released at once
        run(&mut t, 3, 4, "s_endpgm").unwrap();
        run(&mut t, 1, 5, "s_barrier").unwrap();
        t.issue(0, 10);
        assert!(
            retire(&mut t, 0, 12, None, false)
                .unwrap_err()
                .contains("waiting at the barrier it reached at cycle 2")
        );
        run(&mut t, 0, 20, "s_barrier").unwrap();
        // Wave 2 ends: the barrier of waves 0 and 1 releases at 32.
        run(&mut t, 2, 30, "s_endpgm").unwrap();
        run(&mut t, 1, 33, "s_nop 0").unwrap();
        // Wave 1's s_nop was in flight from 33 to 35: 51 cycles without are 3 more.
        t.issue(0, 33 + 51 + 3);
        let e = retire(&mut t, 0, 90, None, false).unwrap_err();
        assert!(e.contains("(the barrier released at cycle 32): 51 cycles"), "{e}");
        assert_eq!(t.counts.barriers, 2);
    }

    #[test]
    fn another_wave_in_flight_excuses_a_late_issue_but_not_starvation() {
        // Wave 1's instruction (a vector memory one, say) holds the pipeline from 100 to 600,
        // across the end of wave 0's sleep at 67: the 500 cycles do not count.
        let mut t = IssueTiming::new(&[0, 0], 0, 100);
        run(&mut t, 0, 0, "s_sleep 1").unwrap();
        t.issue(1, 100);
        retire(&mut t, 1, 600, Some(inst("s_mov_b32 s0, 1")), false).unwrap();
        t.issue(0, 601 + 67);
        retire(&mut t, 0, 670, Some(inst("s_nop 0")), false).unwrap();
        // One more cycle is one too many.
        run(&mut t, 0, 710, "s_sleep 1").unwrap();
        run(&mut t, 1, 650, "s_sleep 2").unwrap();
        t.issue(1, 800);
        retire(&mut t, 1, 900, Some(inst("s_mov_b32 s0, 1")), false).unwrap();
        // (Wave 1's sleep until 1051 is in flight from 920 to 922.)
        run(&mut t, 1, 920, "s_sleep 2").unwrap();
        t.issue(0, 777 + 23 + 101 + 78 + 3);
        let e = retire(&mut t, 0, 990, None, false).unwrap_err();
        assert!(e.contains("101 cycles with no other wave's instruction in flight, at most 100"), "{e}");
        // A wave that issues every cycle does not starve a woken one for long: the arbiter is
        // round robin.
        run(&mut t, 0, 1000, "s_sleep 1").unwrap();
        for c in (1067..1466).step_by(3) {
            run(&mut t, 1, c, "s_mov_b32 s0, 1").unwrap();
        }
        t.issue(0, 1466);
        let e = retire(&mut t, 0, 1468, None, false).unwrap_err();
        assert!(e.contains("133 instructions of other waves issued first, at most 104 may"), "{e}");
    }
}
