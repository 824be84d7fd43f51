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
//! - anything else: at R + 1 or later.
//!
//! Those are lower bounds: a wave never issues early. The ends of sleeps and barriers also
//! have upper bounds: the wave issues at most `slack` cycles after its sleep ends, it is woken
//! or its barrier releases (`slack` covers refetching the instruction twice and every other
//! wave's longest instruction ahead of it; a sleep is up to 8,128 cycles, so a wakeup that
//! is ignored, a sleep that lasts twice as long or a barrier released late are caught). Every
//! violation is reported when the instruction that issued at the wrong time retires.

use std::collections::VecDeque;

use hdl_gen::sv::ports::RETIRE_DELAY;
use rdna3_isa::{Field, Inst, Mnemonic as M};

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
    /// The cycle by which the next instruction must issue, and why, when a rule bounds it.
    deadline: Option<(u64, String)>,
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
}

impl std::fmt::Display for Counts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "decided by {} s_nop waits, {} sleeps, {} wakeups, {} barrier releases",
            self.nops, self.sleeps, self.wakeups, self.barriers
        )
    }
}

/// The reference: feed it every issue and every retirement, in cycle order.
#[derive(Clone, Debug)]
pub struct IssueTiming {
    waves: Vec<WaveState>,
    slack: u64,
    pub counts: Counts,
}

impl IssueTiming {
    /// Waves with their workgroups, started together at `start`; `slack` as in the module
    /// documentation.
    pub fn new(wgs: &[u32], start: u64, slack: u64) -> IssueTiming {
        let waves = wgs
            .iter()
            .map(|&wg| WaveState { wg, earliest: start, why: "the start".into(), ..WaveState::default() })
            .collect();
        IssueTiming { waves, slack, counts: Counts::default() }
    }

    /// The slack for a model of `waves` waves taking `passes` passes an instruction, whose
    /// instruction fetches take up to `fetch_latency` cycles.
    pub fn slack_for(waves: usize, passes: usize, fetch_latency: u64) -> u64 {
        // A fetch may wait behind another; each other wave may issue one instruction first,
        // of up to 64 cycles a pass (a DS instruction with every lane on one bank).
        2 * (fetch_latency + 2) + 64 * (waves * passes) as u64 + 64
    }

    /// Wave `w` issues an instruction at `cycle`.
    pub fn issue(&mut self, w: usize, cycle: u64) {
        if let Some(s) = self.waves.get_mut(w) {
            s.issues.push_back(cycle);
        }
    }

    /// The retire port shows wave `w` retiring `inst` at `cycle` (None: a fetch fault);
    /// `ended` when the wave ends with it (`s_endpgm` or a fault). Returns what was wrong with
    /// the cycle the instruction issued in.
    pub fn retire(&mut self, w: usize, cycle: u64, inst: Option<&Inst>, ended: bool) -> Result<(), String> {
        let slack = self.slack;
        let Some(s) = self.waves.get_mut(w) else { return Ok(()) };
        let commit = cycle.saturating_sub(RETIRE_DELAY);
        // The issues up to the commit are this instruction's (later ones are the next's). An
        // instruction that may wait (the s_waitcnt family, s_endpgm for its counters, one that
        // finds a counter it increments full) leaves EX without retiring and issues again;
        // any other issues once.
        let n = s.issues.iter().take_while(|&&i| i <= commit).count();
        let mine: Vec<u64> = s.issues.drain(..n).collect();
        let mnemonic = inst.map(|i| i.def().mnemonic);
        let may_wait = inst.is_some_and(|i| !i.def().counters.is_empty())
            || matches!(
                mnemonic,
                Some(
                    M::s_waitcnt
                        | M::s_waitcnt_vscnt
                        | M::s_waitcnt_vmcnt
                        | M::s_waitcnt_expcnt
                        | M::s_waitcnt_lgkmcnt
                        | M::s_wait_idle
                        | M::s_endpgm
                )
            );
        let problem = match mine.first().copied() {
            None => Some(format!("retired at cycle {cycle} without having issued")),
            Some(at) if mine.len() > 1 && !may_wait => Some(format!(
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
            Some(at) => s.deadline.as_ref().filter(|(by, _)| at > *by).map(|(by, why)| {
                format!(
                    "issued at cycle {at}, {} cycles after cycle {by}, the latest it may ({why})",
                    at - by
                )
            }),
        };
        // (A wave that went past its barrier, wrongly, is no longer at it.)
        s.barrier = None;
        s.earliest = commit + 1;
        s.why = format!("the cycle after the last instruction was committed, at {commit}");
        s.deadline = None;
        s.wakeable = None;
        let simm16 = inst.map_or(0, |i| i.field(Field::Simm16));
        if ended {
            s.ended = true;
            let wg = s.wg;
            self.release(wg, commit);
        } else {
            match mnemonic {
                Some(M::s_nop) => {
                    let n = u64::from(simm16 & 0xf);
                    s.earliest = commit + 1 + n;
                    s.why = format!("s_nop {n} committed at cycle {commit}");
                    self.counts.nops += u64::from(n > 0);
                }
                Some(M::s_sleep) if simm16 & 0x7f != 0 => {
                    let end = commit + 1 + 64 * u64::from(simm16 & 0x7f);
                    s.earliest = end;
                    s.why = format!("s_sleep {} committed at cycle {commit}", simm16 & 0x7f);
                    s.deadline = Some((end + slack, format!("the sleep ends at cycle {end}")));
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
                            o.deadline = Some((
                                commit + 1 + slack,
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
                    let wg = s.wg;
                    self.release(wg, commit);
                }
                _ => {}
            }
        }
        problem.map_or(Ok(()), Err)
    }

    /// Releases workgroup `wg`'s barrier if every wave of it that has not ended is at it.
    fn release(&mut self, wg: u32, cycle: u64) {
        let members = || self.waves.iter().filter(|o| o.wg == wg && !o.ended);
        if members().count() == 0 || members().any(|o| o.barrier.is_none()) {
            return;
        }
        self.counts.barriers += 1;
        let slack = self.slack;
        for o in self.waves.iter_mut().filter(|o| o.wg == wg && !o.ended) {
            let at = o.barrier.take().unwrap_or(cycle);
            o.earliest = o.earliest.max(cycle + 1);
            o.why = format!("the barrier it reached at cycle {at} released at cycle {cycle}");
            o.deadline = Some((cycle + 1 + slack, format!("the barrier released at cycle {cycle}")));
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
        // An instruction that may wait issues again after leaving EX without retiring.
        t.issue(0, 13);
        t.issue(0, 16);
        retire(&mut t, 0, 18, Some(inst("s_waitcnt lgkmcnt(0)")), false).unwrap();
        t.issue(0, 19);
        retire(&mut t, 0, 21, Some(inst("s_nop 0")), false).unwrap();
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
        // Retired at 2: sleeps until 131. Early:
        t.issue(0, 130);
        assert!(retire(&mut t, 0, 132, None, false).unwrap_err().contains("before cycle 131"));
        // Late:
        run(&mut t, 0, 140, "s_sleep 2").unwrap();
        t.issue(0, 142 + 129 + 101);
        let e = retire(&mut t, 0, 400, None, false).unwrap_err();
        assert!(e.contains("the latest it may (the sleep ends at cycle 271)"), "{e}");
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
        t.issue(0, 33 + 51);
        assert!(retire(&mut t, 0, 90, None, false).unwrap_err().contains("the barrier released at cycle 32"));
        assert_eq!(t.counts.barriers, 2);
    }
}
