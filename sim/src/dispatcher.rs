//! The compute unit's dispatcher, on the harness side of `cu_top`'s `spi_*` port: which wave
//! slots, workgroup (barrier) IDs and LDS allocations the workgroups of a dispatch get as they
//! arrive, and the register writes, launches and start pulse that set their waves up, one a
//! cycle, while the waves already there run.
//!
//! A workgroup is placed when enough wave slots are vacant (their last waves ended, with
//! nothing of theirs left in flight), a workgroup ID is unused and an LDS range of its size is
//! free; its waves then start together. As on the hardware, a launch writes only the registers
//! it sets (a kernel's user and system SGPRs, its work-item IDs in v0, EXEC), and of those only
//! the ones whose value differs from what the slot holds; every other register keeps what the
//! slot's last wave left there (a new model's: zero), and co-simulation starts the golden
//! model's wave from the same values (the golden engine, `sim run --engine golden`, starts
//! them at zero: a kernel whose results depend on them reads registers it never set). Nor is
//! the LDS cleared: a workgroup finds in its range what earlier ones left there, and
//! co-simulation gives the golden model the same bytes.

use std::collections::VecDeque;

use rdna3_isa as isa;

use crate::golden::Wave;
use crate::rtl::Model;

/// Initial state of one wave.
#[derive(Clone, Debug)]
pub struct WaveInit {
    pub pc: u64,
    /// Scalar storage by operand code (see [`Wave::sgpr`]); entry 124 is ignored.
    /// SCC starts at zero (launch clears it).
    pub sgpr: [u32; 128],
    /// VGPRs v0..v255, 32 lanes each (those past the model's allocation are ignored).
    pub vgpr: Vec<[u32; 32]>,
    pub mode: u32,
    /// Workgroup, for barriers.
    pub wg: u8,
    /// The wave's private (scratch) segment: its address (below 2^48) and bytes per lane (a
    /// multiple of 4 below 2^18; 0: none), set up on both models (the RTL's dispatcher port
    /// takes them at launch).
    pub scratch_base: u64,
    pub scratch_lane_bytes: u32,
    /// VGPRs allocated to the wave (1..=256; a kernel's: its descriptor's count): reads past
    /// them see v0 and writes past them are dropped (guide 7.2.7), on both models (the
    /// dispatcher port takes it at launch; a model with fewer VGPRs a wave gives it its own).
    pub vgprs: usize,
    /// Which registers of `sgpr` and `vgpr` the launch sets; the others keep what the wave
    /// slot holds.
    pub given: Given,
}

/// The registers a launch sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Given {
    /// All of them: the wave starts from exactly [`WaveInit`]'s state.
    All,
    /// A kernel launch's: s0 up to `sgprs` (its user and system SGPRs), v0 up to `vgprs`
    /// (its work-item IDs) and EXEC.
    Launch { sgprs: usize, vgprs: usize },
}

impl Given {
    /// Whether the launch sets scalar register `idx` (an operand code).
    fn sgpr(self, idx: u8) -> bool {
        match self {
            Given::All => idx != isa::operand::NULL as u8,
            Given::Launch { sgprs, .. } => {
                usize::from(idx) < sgprs.min(106)
                    || u32::from(idx) == isa::operand::EXEC_LO
                    || u32::from(idx) == isa::operand::EXEC_LO + 1
            }
        }
    }

    /// Whether it sets VGPR `r`.
    fn vgpr(self, r: usize) -> bool {
        match self {
            Given::All => true,
            Given::Launch { vgprs, .. } => r < vgprs,
        }
    }
}

impl WaveInit {
    /// Everything zero but EXEC (all 32 lanes on).
    pub fn new(pc: u64) -> WaveInit {
        let w = Wave::new(pc);
        WaveInit {
            pc,
            sgpr: w.sgpr,
            vgpr: vec![[0; 32]; 256],
            mode: 0,
            wg: 0,
            scratch_base: 0,
            scratch_lane_bytes: 0,
            vgprs: 256,
            given: Given::All,
        }
    }

    /// The state a dispatcher gave `w` (registers, EXEC, MODE, PC, private segment, VGPR
    /// count), in workgroup 0.
    pub fn from_wave(w: &Wave) -> WaveInit {
        let vgprs = w.vgpr.len();
        let mut vgpr = w.vgpr.clone();
        vgpr.resize(256, [0; 32]);
        WaveInit {
            pc: w.pc,
            sgpr: w.sgpr,
            vgpr,
            mode: w.mode,
            wg: 0,
            scratch_base: w.scratch_base,
            scratch_lane_bytes: w.scratch_lane_bytes,
            vgprs,
            given: Given::All,
        }
    }

    /// The golden model's wave on a model of `vgprs` VGPRs a wave (for [`Given::All`]: the
    /// wave that [`setup_writes`] starts).
    pub fn golden(&self, vgprs: usize) -> Wave {
        self.starting(&SlotRegs { sgpr: self.sgpr, vgpr: self.vgpr.clone() }, vgprs)
    }

    /// The golden model's wave as it starts in a slot whose registers hold `regs` once its
    /// [`setup_writes`] are done, on a model of `vgprs` VGPRs a wave: the wave's own count,
    /// or the model's if that is smaller.
    pub fn starting(&self, regs: &SlotRegs, vgprs: usize) -> Wave {
        let mut w = Wave::with_vgprs(self.pc, self.vgprs.min(vgprs));
        w.sgpr = regs.sgpr;
        w.sgpr[isa::operand::NULL as usize] = 0;
        w.mode = self.mode;
        w.scratch_base = self.scratch_base;
        w.scratch_lane_bytes = self.scratch_lane_bytes;
        for (r, now) in w.vgpr.iter_mut().zip(&regs.vgpr) {
            *r = *now;
        }
        w
    }
}

/// What the registers of a wave slot hold on the RTL (as its retire port and the dispatcher's
/// own writes tell), so that a new wave's setup writes only what differs.
#[derive(Clone, Debug)]
pub struct SlotRegs {
    /// By operand code, as [`WaveInit::sgpr`].
    pub sgpr: [u32; 128],
    pub vgpr: Vec<[u32; 32]>,
}

impl SlotRegs {
    /// A new model's: every register zero (Verilator's `--x-initial 0`).
    pub fn zero(vgprs: usize) -> SlotRegs {
        SlotRegs { sgpr: [0; 128], vgpr: vec![[0; 32]; vgprs] }
    }
}

/// One cycle's work of the dispatcher port.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Op {
    /// Write a scalar register (an SGPR, VCC, a TTMP, M0 or EXEC) of a slot.
    Sgpr { wave: usize, idx: u8, value: u32 },
    /// Write one pass of a VGPR of a slot (`data`: that pass's lanes).
    Vgpr { wave: usize, reg: u8, pass: usize, data: Vec<u32> },
    /// Set a slot's wave up to start at `pc`.
    Launch {
        wave: usize,
        pc: u64,
        mode: u32,
        wg: u8,
        lds_base_dw: u32,
        lds_bytes: u32,
        scratch_base: u64,
        scratch_lane_bytes: u32,
        /// Its VGPR count (the model's at most).
        vgprs: u32,
    },
    /// Start the launched waves of `mask` together.
    Start { mask: u64 },
}

/// The writes that set slot `wave` up for `init`, its registers holding `regs` (`lanes` a
/// pass), updating `regs`: of the registers the launch sets (`init.given`), every SGPR, VCC
/// and TTMP that differs, M0 and EXEC always (flops that a launch does not reset; M0 is set
/// only by [`Given::All`]), and every pass of a VGPR that differs.
pub fn setup_writes(wave: usize, init: &WaveInit, regs: &mut SlotRegs, lanes: usize) -> Vec<Op> {
    let mut ops = Vec::new();
    let null = isa::operand::NULL as u8;
    for idx in 0..128u8 {
        let value = init.sgpr[usize::from(idx)];
        let always = idx > null;
        if !init.given.sgpr(idx) || (!always && regs.sgpr[usize::from(idx)] == value) {
            continue;
        }
        regs.sgpr[usize::from(idx)] = value;
        ops.push(Op::Sgpr { wave, idx, value });
    }
    for (r, (now, want)) in regs.vgpr.iter_mut().zip(&init.vgpr).enumerate() {
        if !init.given.vgpr(r) {
            continue;
        }
        for pass in 0..32 / lanes {
            let range = pass * lanes..(pass + 1) * lanes;
            if now[range.clone()] != want[range.clone()] {
                now[range.clone()].copy_from_slice(&want[range.clone()]);
                ops.push(Op::Vgpr { wave, reg: r as u8, pass, data: want[range].to_vec() });
            }
        }
    }
    ops
}

/// The dispatcher port's queue of work, one operation a cycle; a register write waits until
/// the RTL's ready for it is up (`spi_sgpr_ready_o`, or `spi_vgpr_ready_o`'s bit of the
/// VGPR's bank: both from registers, so what the last cycle left on them holds for the next).
#[derive(Debug, Default)]
pub struct Spi {
    ops: VecDeque<Op>,
}

impl Spi {
    pub fn push(&mut self, ops: impl IntoIterator<Item = Op>) {
        self.ops.extend(ops);
    }

    pub fn is_empty(&self) -> bool {
        self.ops.is_empty()
    }

    /// Drives the port for the next cycle with the first operation (or nothing); returns it if
    /// the model takes it in that cycle, which the caller then pops with [`Spi::taken`] after
    /// stepping.
    pub fn drive(&self, m: &mut Model) -> bool {
        let p = *m.p();
        m.set(p.spi_sgpr_we, 0);
        m.set(p.spi_vgpr_we, 0);
        m.set(p.spi_launch, 0);
        m.set(p.spi_start, 0);
        let Some(op) = self.ops.front() else { return false };
        match op {
            Op::Sgpr { wave, idx, value } => {
                m.set(p.spi_wave, *wave as u64);
                m.set(p.spi_sgpr_we, 1);
                m.set(p.spi_sgpr_idx, u64::from(*idx));
                m.set(p.spi_sgpr_data, u64::from(*value));
                m.get(p.spi_sgpr_ready) == 1
            }
            Op::Vgpr { wave, reg, pass, data } => {
                m.set(p.spi_wave, *wave as u64);
                m.set(p.spi_vgpr_we, 1);
                m.set(p.spi_vgpr_idx, u64::from(*reg));
                m.set(p.spi_vgpr_pass, *pass as u64);
                m.set_words(p.spi_vgpr_data, data);
                m.get(p.spi_vgpr_ready) >> (reg % 4) & 1 == 1
            }
            Op::Launch {
                wave,
                pc,
                mode,
                wg,
                lds_base_dw,
                lds_bytes,
                scratch_base,
                scratch_lane_bytes,
                vgprs,
            } => {
                m.set(p.spi_wave, *wave as u64);
                m.set(p.spi_launch, 1);
                m.set(p.spi_pc, *pc);
                m.set(p.spi_mode, u64::from(*mode));
                m.set(p.spi_wg, u64::from(*wg));
                m.set(p.spi_lds_base, u64::from(*lds_base_dw));
                m.set(p.spi_lds_size, u64::from(*lds_bytes));
                m.set(p.spi_scratch_base, *scratch_base);
                m.set(p.spi_scratch_size, u64::from(*scratch_lane_bytes));
                m.set(p.spi_vgprs, u64::from(*vgprs));
                true
            }
            Op::Start { mask } => {
                m.set(p.spi_start, 1);
                m.set(p.spi_start_mask, *mask);
                true
            }
        }
    }

    /// The first operation, taken in the cycle just stepped.
    pub fn taken(&mut self) -> Option<Op> {
        self.ops.pop_front()
    }
}

/// First-fit allocation of the LDS's dwords among the workgroups that run at once.
#[derive(Clone, Debug)]
pub struct LdsAlloc {
    dwords: u32,
    /// (first dword, dwords), by first dword.
    used: Vec<(u32, u32)>,
}

impl LdsAlloc {
    pub fn new(bytes: u32) -> LdsAlloc {
        LdsAlloc { dwords: bytes / 4, used: Vec::new() }
    }

    /// The first dword of a free range of `bytes` (a multiple of 4), which is now used; None
    /// if no range that long is free. An empty allocation is always at 0.
    pub fn alloc(&mut self, bytes: u32) -> Option<u32> {
        let n = bytes.div_ceil(4);
        if n == 0 {
            return Some(0);
        }
        let mut at = 0u32;
        for (i, &(b, len)) in self.used.iter().enumerate() {
            if b - at >= n {
                self.used.insert(i, (at, n));
                return Some(at);
            }
            at = b + len;
        }
        (self.dwords - at >= n).then(|| {
            self.used.push((at, n));
            at
        })
    }

    /// Frees the range that starts at dword `base` (nothing for an empty allocation).
    pub fn free(&mut self, base: u32) {
        self.used.retain(|&(b, _)| b != base);
    }
}

/// A workgroup placed on the compute unit and not yet finished.
#[derive(Clone, Debug)]
pub struct Placed {
    /// Its index in the dispatch.
    pub group: u64,
    pub wg: u8,
    pub slots: Vec<usize>,
    /// Its LDS range: first dword, and bytes.
    pub lds_base_dw: u32,
    pub lds_bytes: u32,
}

/// The compute unit's resources as the dispatcher hands them out.
#[derive(Clone, Debug)]
pub struct Resources {
    /// Per slot: the workgroup (index into `placed`'s `group`) whose wave holds it, if any.
    busy: Vec<Option<u64>>,
    wg_ids: usize,
    lds: LdsAlloc,
    pub placed: Vec<Placed>,
}

impl Resources {
    /// `slots` wave slots, `wg_ids` workgroup IDs, `lds_bytes` of LDS.
    pub fn new(slots: usize, wg_ids: usize, lds_bytes: u32) -> Resources {
        Resources { busy: vec![None; slots], wg_ids, lds: LdsAlloc::new(lds_bytes), placed: Vec::new() }
    }

    /// Places workgroup `group` of `waves` waves and `lds_bytes` of LDS in the lowest vacant
    /// slots that `vacant` allows, if everything it needs is free.
    pub fn place(
        &mut self,
        group: u64,
        waves: usize,
        lds_bytes: u32,
        vacant: impl Fn(usize) -> bool,
    ) -> Option<&Placed> {
        let slots: Vec<usize> =
            (0..self.busy.len()).filter(|&s| self.busy[s].is_none() && vacant(s)).take(waves).collect();
        if slots.len() < waves {
            return None;
        }
        let wg = (0..self.wg_ids).find(|&id| self.placed.iter().all(|p| usize::from(p.wg) != id))?;
        let lds_base_dw = self.lds.alloc(lds_bytes)?;
        for &s in &slots {
            self.busy[s] = Some(group);
        }
        self.placed.push(Placed { group, wg: wg as u8, slots, lds_base_dw, lds_bytes });
        self.placed.last()
    }

    /// The wave in `slot` has ended: the slot is vacant, and its workgroup's ID and LDS are
    /// free once every wave of it has ended. Returns the workgroup if it has.
    pub fn ended(&mut self, slot: usize) -> Option<Placed> {
        let group = self.busy.get_mut(slot)?.take()?;
        if self.busy.contains(&Some(group)) {
            return None;
        }
        let i = self.placed.iter().position(|p| p.group == group)?;
        let p = self.placed.remove(i);
        if p.lds_bytes > 0 {
            self.lds.free(p.lds_base_dw);
        }
        Some(p)
    }
}

/// Workgroups that a run launches one after another, each as soon as the wave slots, the
/// workgroup ID and the LDS it needs are free (a kernel's grid: `cosim::run_kernel`).
pub trait Groups {
    /// How many.
    fn count(&self) -> u64;
    /// Waves of each.
    fn waves_per_group(&self) -> usize;
    /// Workgroup `i`'s waves, the `n`th to run in wave slot `slots[n]` (their `wg` is
    /// ignored: the dispatcher gives each workgroup running an ID of its own).
    fn waves(&self, i: u64, slots: &[usize]) -> Vec<WaveInit>;
    /// Workgroup `i` for a report ("workgroup (1, 0, 0)").
    fn name(&self, i: u64) -> String;
    /// Whether the workgroups after a wave's fault are still launched (a kernel's are not, as
    /// the golden engine stops at the first fault; independent programs' may be).
    fn launch_after_faults(&self) -> bool {
        false
    }
}

/// Why a wave cannot be set up: its slot and what is wrong.
#[derive(Debug)]
pub struct BadWave {
    pub wave: usize,
    pub what: String,
}

/// What the dispatcher port takes of a wave: 1 to 256 VGPRs (a wave is never created with
/// none, guide 3.3.2.1), and its private segment at a 48-bit address, fewer than 2^18 bytes
/// a lane (gfx11 allows 262,136), whole dwords.
pub fn check_wave(wave: usize, w: &WaveInit) -> Result<(), BadWave> {
    let what = if !(1..=256).contains(&w.vgprs) {
        format!("{} VGPRs: a wave has 1 to 256", w.vgprs)
    } else if w.scratch_base >> 48 != 0 {
        format!("the private segment's address {:#x} is not below 2^48", w.scratch_base)
    } else if w.scratch_lane_bytes >= 1 << 18 || !w.scratch_lane_bytes.is_multiple_of(4) {
        format!(
            "{} bytes of private memory a lane: a whole number of dwords below 2^18 is allowed",
            w.scratch_lane_bytes
        )
    } else {
        return Ok(());
    };
    Err(BadWave { wave, what })
}

/// The dispatcher of a run: the compute unit's wave slots with what each holds, the work it
/// launches (waves given at the start, or workgroups as the resources free up), and its
/// port's queue.
pub struct Dispatcher<'a> {
    groups: Option<&'a dyn Groups>,
    /// LDS bytes of every workgroup of `groups`.
    group_lds: u32,
    lanes: usize,
    vgprs: usize,
    res: Resources,
    spi: Spi,
    /// What each slot's registers hold on the RTL (its retire port and the port's own
    /// writes tell): a new wave's setup writes only what differs.
    pub regs: Vec<SlotRegs>,
    /// Per slot, of the wave it holds (or held last): its workgroup ID, its workgroup's LDS
    /// range (first byte, bytes), and for `groups`, which workgroup and which wave of it.
    pub wg: Vec<u8>,
    pub lds: Vec<(usize, usize)>,
    pub placed: Vec<Option<(u64, usize)>>,
    /// The golden model's waves that the start queued last launches.
    starting: Vec<(usize, Wave)>,
    /// The next workgroup of `groups`.
    next: u64,
    /// No more launches (a wave faulted).
    halted: bool,
    /// Workgroups launched, and the most placed at once.
    pub launched: u64,
    pub peak: u64,
    /// The slot whose wave faulted first.
    pub first_fault: Option<usize>,
}

impl<'a> Dispatcher<'a> {
    /// A dispatcher of `slots` wave slots of a model of `lanes` lanes, `vgprs` VGPRs a wave
    /// and `lds_bytes` of LDS, whose registers hold zeros; `groups` (if any) get `group_lds`
    /// bytes of LDS each.
    pub fn new(
        slots: usize,
        (lanes, vgprs, lds_bytes): (usize, usize, u32),
        groups: Option<&'a dyn Groups>,
        group_lds: u32,
    ) -> Dispatcher<'a> {
        Dispatcher {
            groups,
            group_lds,
            lanes,
            vgprs,
            res: Resources::new(slots, 1 << hdl_gen::sv::ports::WG_BITS, lds_bytes),
            spi: Spi::default(),
            regs: vec![SlotRegs::zero(vgprs); slots],
            wg: vec![0; slots],
            lds: vec![(0, 0); slots],
            placed: vec![None; slots],
            starting: Vec::new(),
            next: 0,
            halted: false,
            launched: 0,
            peak: 0,
            first_fault: None,
        }
    }

    /// Queues the setup of `inits` in slots 0, 1, ... with their workgroups and the LDS
    /// ranges `lds` (first byte, bytes), all started together.
    pub fn start_waves(&mut self, inits: &[WaveInit], lds: &[(usize, usize)]) {
        let mut launches = Vec::new();
        for (w, (init, &range)) in inits.iter().zip(lds).enumerate() {
            (self.wg[w], self.lds[w]) = (init.wg, range);
            self.spi.push(setup_writes(w, init, &mut self.regs[w], self.lanes));
            self.starting.push((w, init.golden(self.vgprs)));
            launches.push(self.launch(w, init));
        }
        self.spi.push(launches);
        self.spi.push([Op::Start { mask: (1u64 << inits.len()) - 1 }]);
    }

    /// The port's launch of slot `w` for `init`, with the slot's workgroup ID and LDS range.
    fn launch(&self, w: usize, init: &WaveInit) -> Op {
        Op::Launch {
            wave: w,
            pc: init.pc,
            mode: init.mode,
            wg: self.wg[w],
            lds_base_dw: (self.lds[w].0 / 4) as u32,
            lds_bytes: self.lds[w].1 as u32,
            scratch_base: init.scratch_base,
            scratch_lane_bytes: init.scratch_lane_bytes,
            vgprs: init.vgprs.min(self.vgprs) as u32,
        }
    }

    /// Places the next workgroups of `groups` for which the resources are free (of the slots,
    /// only those `vacant` allows), queueing their setup on the port, one start for all of
    /// them. Nothing while the port is busy or after a fault.
    pub fn place(&mut self, vacant: &dyn Fn(usize) -> bool) -> Result<(), BadWave> {
        let Some(gs) = self.groups else { return Ok(()) };
        if self.halted || !self.spi.is_empty() {
            return Ok(());
        }
        let mut mask = 0u64;
        let mut launches = Vec::new();
        while self.next < gs.count() {
            let Some(pl) = self.res.place(self.next, gs.waves_per_group(), self.group_lds, vacant).cloned()
            else {
                break;
            };
            let inits = gs.waves(self.next, &pl.slots);
            for (n, (&w, init)) in pl.slots.iter().zip(&inits).enumerate() {
                check_wave(w, init)?;
                self.wg[w] = pl.wg;
                self.lds[w] = (4 * pl.lds_base_dw as usize, pl.lds_bytes as usize);
                self.placed[w] = Some((self.next, n));
                self.spi.push(setup_writes(w, init, &mut self.regs[w], self.lanes));
                self.starting.push((w, init.starting(&self.regs[w], self.vgprs)));
                launches.push(self.launch(w, init));
                mask |= 1 << w;
            }
            self.next += 1;
            self.launched += 1;
            self.peak = self.peak.max(self.res.placed.len() as u64);
        }
        if mask != 0 {
            self.spi.push(launches);
            self.spi.push([Op::Start { mask }]);
        }
        Ok(())
    }

    /// Drives the port for the next cycle; true if the model takes the operation then.
    pub fn drive(&self, m: &mut Model) -> bool {
        self.spi.drive(m)
    }

    /// The cycle just stepped took the port's operation: the waves that started with it (a
    /// start), with their golden state.
    pub fn taken(&mut self) -> Vec<(usize, Wave)> {
        match self.spi.taken() {
            Some(Op::Start { .. }) => std::mem::take(&mut self.starting),
            _ => Vec::new(),
        }
    }

    /// Whether the port has work queued.
    pub fn busy(&self) -> bool {
        !self.spi.is_empty()
    }

    /// The wave in `slot` ended (`fault`: with a fault, which stops further launches unless
    /// the groups say otherwise).
    pub fn ended(&mut self, slot: usize, fault: bool) {
        self.halted |= fault && !self.groups.is_some_and(|g| g.launch_after_faults());
        if fault && self.first_fault.is_none() {
            self.first_fault = Some(slot);
        }
        self.res.ended(slot);
    }

    /// Whether everything has been launched (or nothing more will be).
    pub fn finished(&self) -> bool {
        self.spi.is_empty() && self.groups.is_none_or(|g| self.halted || self.next >= g.count())
    }

    /// The workgroups not launched yet, if any are left to launch.
    pub fn left(&self) -> Option<u64> {
        let g = self.groups?;
        (!self.halted && self.next < g.count()).then(|| g.count() - self.next)
    }

    /// Slot `w`'s LDS range.
    pub fn lds_range(&self, w: usize) -> std::ops::Range<usize> {
        let (base, n) = self.lds.get(w).copied().unwrap_or((0, 0));
        base..base + n
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lds_ranges_are_first_fit_and_reused() {
        let mut a = LdsAlloc::new(1024);
        assert_eq!(a.alloc(400), Some(0));
        assert_eq!(a.alloc(400), Some(100));
        assert_eq!(a.alloc(400), None, "only 224 bytes are left");
        assert_eq!(a.alloc(0), Some(0), "an empty range always fits");
        a.free(0);
        assert_eq!(a.alloc(200), Some(0), "the first gap that fits");
        assert_eq!(a.alloc(200), Some(50));
        assert_eq!(a.alloc(224), Some(200), "the tail");
        assert_eq!(a.alloc(4), None);
        a.free(100);
        assert_eq!(a.alloc(401), None, "a gap of 400 bytes does not hold 401");
        assert_eq!(a.alloc(6), Some(100), "sizes round up to dwords");
        assert_eq!(a.alloc(4), Some(102));
    }

    #[test]
    fn workgroups_take_slots_ids_and_lds_until_they_end() {
        let mut r = Resources::new(4, 2, 1000);
        let p = r.place(0, 2, 600, |_| true).cloned().expect("fits");
        assert_eq!((p.slots.clone(), p.wg, p.lds_base_dw), (vec![0, 1], 0, 0));
        assert!(r.place(1, 2, 600, |_| true).is_none(), "the LDS is short");
        let q = r.place(1, 1, 400, |s| s != 2).cloned().expect("fits");
        assert_eq!((q.slots.clone(), q.wg, q.lds_base_dw), (vec![3], 1, 150));
        assert!(r.place(2, 1, 0, |_| true).is_none(), "both workgroup IDs are taken");
        assert!(r.ended(0).is_none(), "wave 1 of workgroup 0 still runs");
        assert!(r.ended(0).is_none(), "slot 0 is vacant already");
        assert!(r.place(2, 1, 0, |_| true).is_none(), "its ID is still taken");
        assert_eq!(r.ended(1).map(|p| p.group), Some(0));
        let s = r.place(2, 2, 600, |_| true).cloned().expect("fits now");
        assert_eq!((s.slots, s.wg, s.lds_base_dw), (vec![0, 1], 0, 0));
        assert!(r.ended(2).is_none(), "a vacant slot ends nothing");
    }

    #[test]
    fn setup_writes_only_what_differs() {
        let mut init = WaveInit::new(0x100);
        init.sgpr[0] = 7;
        init.vgpr[0][5] = 9;
        let mut regs = SlotRegs::zero(4);
        regs.sgpr[3] = 1;
        regs.vgpr[2][31] = 4;
        let ops = setup_writes(2, &init, &mut regs, 16);
        let exec = isa::operand::EXEC_LO as u8;
        let m0 = isa::operand::M0 as u8;
        assert_eq!(
            ops,
            vec![
                Op::Sgpr { wave: 2, idx: 0, value: 7 },
                Op::Sgpr { wave: 2, idx: 3, value: 0 },
                Op::Sgpr { wave: 2, idx: m0, value: 0 },
                Op::Sgpr { wave: 2, idx: exec, value: u32::MAX },
                Op::Sgpr { wave: 2, idx: exec + 1, value: 0 },
                Op::Vgpr { wave: 2, reg: 0, pass: 0, data: init.vgpr[0][..16].to_vec() },
                Op::Vgpr { wave: 2, reg: 2, pass: 1, data: vec![0; 16] },
            ]
        );
        assert_eq!(setup_writes(2, &init, &mut regs, 16).len(), 3, "then only M0 and EXEC");
    }

    #[test]
    fn a_kernel_launch_sets_only_its_registers_and_the_rest_is_inherited() {
        let mut init = WaveInit::new(0x100);
        init.given = Given::Launch { sgprs: 3, vgprs: 1 };
        init.sgpr[1] = 5;
        init.sgpr[4] = 6;
        init.sgpr[isa::operand::EXEC_LO as usize] = 0xff;
        init.vgpr[0][1] = 2;
        init.vgpr[1][1] = 3;
        let mut regs = SlotRegs::zero(4);
        regs.sgpr[0] = 9;
        regs.sgpr[7] = 8;
        regs.sgpr[isa::operand::M0 as usize] = 4;
        regs.vgpr[0][0] = 1;
        regs.vgpr[3][3] = 7;
        let exec = isa::operand::EXEC_LO as u8;
        assert_eq!(
            setup_writes(1, &init, &mut regs, 32),
            vec![
                Op::Sgpr { wave: 1, idx: 0, value: 0 },
                Op::Sgpr { wave: 1, idx: 1, value: 5 },
                Op::Sgpr { wave: 1, idx: exec, value: 0xff },
                Op::Sgpr { wave: 1, idx: exec + 1, value: 0 },
                Op::Vgpr { wave: 1, reg: 0, pass: 0, data: init.vgpr[0].to_vec() },
            ]
        );
        let g = init.starting(&regs, 4);
        assert_eq!((g.sgpr[0], g.sgpr[1], g.sgpr[4], g.sgpr[7]), (0, 5, 0, 8), "s4 is past the launch's");
        assert_eq!(g.sgpr[isa::operand::M0 as usize], 4, "M0 is inherited");
        assert_eq!(g.sgpr[exec as usize], 0xff);
        assert_eq!((g.vgpr[0], g.vgpr[1][1], g.vgpr[3][3]), (init.vgpr[0], 0, 7));
    }
}
