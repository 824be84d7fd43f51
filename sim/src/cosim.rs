//! Co-simulation: the Verilator model and the golden interpreter run the same program; every
//! instruction the RTL retires is executed by the golden model for the same wave, and their
//! architectural writes, next PC and outcome must agree. The first difference stops the run
//! with a report, and the run is repeated deterministically to trace the cycles before it.

use std::collections::BTreeMap;
use std::fmt;
use std::fs::File;
use std::io::BufWriter;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use rdna3_isa::{self as isa, Inst};

use crate::dispatcher::{self, Dispatcher};
use crate::golden::memory::Memory;
use crate::golden::{self, Code, Fault, Outcome, Status, Wave, Write};
use crate::issue_timing::IssueTiming;
use crate::progress::Progress;
use crate::rtl::{self, Model, TraceDepth};
use crate::waves::{self, Fmt, RtlNotes, SaveFile, WaveNote};

pub use crate::dispatcher::{Groups, WaveInit};

/// How the run is driven.
#[derive(Clone, Debug)]
pub struct Options {
    /// Instruction-fetch latency in cycles, drawn uniformly from this range for every request.
    pub latency: (u32, u32),
    /// The memory ports' (scalar and vector), the same way; None: `latency`.
    pub mem_latency: Option<(u32, u32)>,
    /// Percentage of cycles in which the instruction memory refuses a request.
    pub backpressure: u32,
    pub seed: u64,
    /// The run fails when this many cycles pass.
    pub max_cycles: u64,
    /// Trace the whole run into this VCD file.
    pub vcd: Option<PathBuf>,
    /// On a mismatch, trace the cycles before it into this VCD file.
    pub window_vcd: Option<PathBuf>,
    /// Cycles the mismatch trace covers.
    pub window: u64,
    /// Write the golden model's architectural state as VCD, on the RTL trace's time axis.
    pub golden_vcd: Option<PathBuf>,
    /// Run the RTL alone, without the golden model (to measure the model's own speed).
    pub rtl_only: bool,
    /// The RTL model (see [`rtl::VARIANTS`]).
    pub model: String,
    /// Set (e.g. by a SIGINT handler) to stop the run at the next cycle: the traces are
    /// finished cleanly and the run ends with [`CosimError::Interrupted`].
    pub stop: Option<&'static AtomicBool>,
    /// How much of the model the RTL traces hold.
    pub trace_depth: TraceDepth,
    /// Counters of the run so far, for a progress display.
    pub progress: Option<Arc<Progress>>,
    /// Bytes of LDS each workgroup gets (a multiple of 4). Of [`cosim`]'s waves, the
    /// workgroups' allocations lie side by side from LDS address 0, in the order their first
    /// waves come (None: the model's whole LDS, which one workgroup then has alone); of
    /// [`cosim_groups`]', the dispatcher finds each workgroup a free range (None: 0 bytes).
    pub lds: Option<u32>,
    /// Global memory: the golden model executes scalar and vector memory instructions on it,
    /// and the RTL's memory ports are answered from a copy of it (after the fetch latency,
    /// drawn again for every request); the two must agree on every byte a store writes and,
    /// at the end, on everything. None: no memory (every access faults).
    pub memory: Option<Memory>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            latency: (1, 8),
            mem_latency: None,
            backpressure: 10,
            seed: 1,
            max_cycles: 2_000_000,
            vcd: None,
            window_vcd: None,
            window: 2_000,
            golden_vcd: None,
            rtl_only: false,
            model: rtl::DEFAULT.to_string(),
            stop: None,
            trace_depth: TraceDepth::DEFAULT,
            progress: None,
            lds: None,
            memory: None,
        }
    }
}

/// How a wave ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WaveEnd {
    Ended,
    Faulted(Fault),
}

/// What a run's performance counters add up to, from the RTL's retire, performance and memory
/// ports (`sim run --stats FILE` writes them as JSON).
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct Stats {
    /// Cycles from the waves' start to the end of the last.
    pub cycles: u64,
    /// Instructions retired (a VOPD pair counts once), and by the table's unit.
    pub instructions: u64,
    pub by_unit: BTreeMap<&'static str, u64>,
    /// Beats the vector lanes computed (a vector ALU instruction takes one a pass), and their
    /// share of the cycles.
    pub valu_beats: u64,
    pub valu_utilisation: f64,
    /// Cycles a wave was held by an `s_waitcnt`, summed over the waves.
    pub waitcnt_stall_cycles: u64,
    /// DS instructions the LDS served, and the cycles its banks took for them.
    pub lds_instructions: u64,
    pub lds_bank_cycles: u64,
    /// Of those, the cycles lost to bank conflicts (beyond one a request): checked against
    /// the bank rule computed from the lanes' addresses, so only co-simulation, which has the
    /// golden model's registers, gives them.
    pub lds_conflict_cycles: Option<u64>,
    /// Bytes the scalar data port loaded, and the vector memory port loaded and stored.
    pub smem_load_bytes: u64,
    pub vmem_load_bytes: u64,
    pub vmem_store_bytes: u64,
    /// Requests the vector memory port took, and the most that were outstanding at once
    /// (stores and atomics without return retire when taken; see cu_top's VS ring).
    pub vmem_requests: u64,
    /// The beats it took them in: one a cache line their lanes' addresses fall in (the
    /// coalescer's; a request with no lane, one), and the line's bytes.
    pub vmem_lines: u64,
    pub vmem_line_bytes: u32,
    pub vmem_peak_outstanding: u64,
    /// Loads the scalar data port took, and the most that were outstanding at once (a scalar
    /// load retires when taken; its dwords are written later).
    pub smem_requests: u64,
    pub smem_peak_outstanding: u64,
    /// Workgroups launched, and the most that ran at once (a kernel's: its workgroups start
    /// as wave slots, IDs and LDS free up).
    pub workgroups: u64,
    pub workgroups_peak: u64,
}

impl Stats {
    /// Adds another run's counts (the workgroups of a kernel).
    pub fn add(&mut self, o: &Stats) {
        self.cycles += o.cycles;
        self.instructions += o.instructions;
        for (u, n) in &o.by_unit {
            *self.by_unit.entry(u).or_insert(0) += n;
        }
        self.valu_beats += o.valu_beats;
        self.waitcnt_stall_cycles += o.waitcnt_stall_cycles;
        self.lds_instructions += o.lds_instructions;
        self.lds_bank_cycles += o.lds_bank_cycles;
        self.lds_conflict_cycles = match (self.lds_conflict_cycles, o.lds_conflict_cycles) {
            (Some(a), Some(b)) => Some(a + b),
            _ => None,
        };
        self.smem_load_bytes += o.smem_load_bytes;
        self.vmem_load_bytes += o.vmem_load_bytes;
        self.vmem_store_bytes += o.vmem_store_bytes;
        self.vmem_requests += o.vmem_requests;
        self.vmem_lines += o.vmem_lines;
        self.vmem_line_bytes = o.vmem_line_bytes;
        self.vmem_peak_outstanding = self.vmem_peak_outstanding.max(o.vmem_peak_outstanding);
        self.smem_requests += o.smem_requests;
        self.smem_peak_outstanding = self.smem_peak_outstanding.max(o.smem_peak_outstanding);
        self.workgroups += o.workgroups;
        self.workgroups_peak = self.workgroups_peak.max(o.workgroups_peak);
        self.finish();
    }

    fn finish(&mut self) {
        self.valu_utilisation =
            if self.cycles == 0 { 0.0 } else { self.valu_beats as f64 / self.cycles as f64 };
    }
}

impl fmt::Display for Stats {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let units: Vec<String> = self.by_unit.iter().map(|(u, n)| format!("{u} {n}")).collect();
        writeln!(f, "cycles {}, instructions {} ({})", self.cycles, self.instructions, units.join(", "))?;
        writeln!(
            f,
            "VALU beats {} ({:.1}% of the cycles), cycles held by s_waitcnt {} (all waves)",
            self.valu_beats,
            100.0 * self.valu_utilisation,
            self.waitcnt_stall_cycles
        )?;
        let conflicts = self.lds_conflict_cycles.map_or_else(
            || "not known without the golden model (--engine cosim)".to_string(),
            |c| c.to_string(),
        );
        writeln!(
            f,
            "LDS: {} instructions, {} bank cycles, {} lost to bank conflicts",
            self.lds_instructions, self.lds_bank_cycles, conflicts
        )?;
        writeln!(
            f,
            "bytes moved: scalar loads {}, vector loads {}, vector stores {}",
            self.smem_load_bytes, self.vmem_load_bytes, self.vmem_store_bytes
        )?;
        write!(
            f,
            "vector memory requests {} in {} beats of {}-byte lines, at most {} outstanding at once; scalar loads {}, \
             at most {} at once",
            self.vmem_requests,
            self.vmem_lines,
            self.vmem_line_bytes,
            self.vmem_peak_outstanding,
            self.smem_requests,
            self.smem_peak_outstanding
        )?;
        if self.workgroups > 0 {
            write!(f, "\nworkgroups {}, at most {} at once", self.workgroups, self.workgroups_peak)?;
        }
        Ok(())
    }
}

/// A run in which the models agreed throughout.
#[derive(Clone, Debug)]
pub struct Report {
    pub cycles: u64,
    pub retired: u64,
    /// Retired vector ALU instructions (a VOPD pair counts once).
    pub valu: u64,
    /// The cycle the waves started in (setup before it: registers, launch).
    pub start: u64,
    pub waves: Vec<WaveEnd>,
    /// Final golden state of every wave (the RTL agreed on every write that led to it); of
    /// [`cosim_groups`]' runs, of the last wave in each slot.
    pub state: Vec<Wave>,
    /// Of [`cosim_groups`]' runs: the workgroup (its index among the groups) and the wave of
    /// it that each slot held last (None: the slot held none).
    pub placed: Vec<Option<(u64, usize)>>,
    /// The slot whose wave faulted first, if one did.
    pub first_fault: Option<usize>,
    /// The GTKWave save files written beside the traces (RTL, then golden).
    pub save_files: Vec<PathBuf>,
    /// Global memory at the end (the RTL's copy agreed on every byte).
    pub memory: Memory,
    /// The performance counters of the run.
    pub stats: Stats,
    /// How often each sequencing rule of the issue-timing reference decided an issue cycle.
    pub timing: crate::issue_timing::Counts,
}

/// The first instruction on which the models disagree.
#[derive(Clone, Debug)]
pub struct Mismatch {
    pub cycle: u64,
    pub wave: usize,
    pub pc: u64,
    /// The instruction, as the golden model decoded it (or what the RTL retired).
    pub text: String,
    /// What differs, as "what: expected (golden) vs actual (RTL)" lines.
    pub diffs: Vec<String>,
    /// The VCD of the cycles before the mismatch, when one was written.
    pub window_vcd: Option<PathBuf>,
    /// Why that VCD could not be written, when it could not.
    pub window_vcd_error: Option<String>,
    /// The GTKWave save files that open the traces at the mismatch: the window's, and the
    /// golden trace's when one was written.
    pub save_files: Vec<PathBuf>,
    /// Of a run of workgroups: which workgroup and which of its waves the slot held.
    pub origin: Option<String>,
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "co-simulation mismatch at cycle {}, wave {}{}, pc {:#x}: {}",
            self.cycle,
            self.wave,
            self.origin.as_ref().map_or_else(String::new, |o| format!(" ({o})")),
            self.pc,
            self.text
        )?;
        for d in &self.diffs {
            writeln!(f, "  {d}")?;
        }
        if let Some(p) = &self.window_vcd {
            writeln!(f, "  waveform of the cycles before it: {}", p.display())?;
        }
        if let Some(e) = &self.window_vcd_error {
            writeln!(f, "  no waveform of the cycles before it: {e}")?;
        }
        if let Some(first) = self.save_files.first() {
            writeln!(f, "  open it at the mismatch: gtkwave {}", first.display())?;
            for p in &self.save_files[1..] {
                writeln!(f, "  also marked there: gtkwave {}", p.display())?;
            }
        }
        Ok(())
    }
}

/// Why a co-simulation failed.
#[derive(Debug, thiserror::Error)]
pub enum CosimError {
    #[error("{0}")]
    Mismatch(Box<Mismatch>),
    #[error(
        "the RTL retired nothing for {idle} cycles (cycle {cycle}); {} still running:\n{}",
        if stuck.len() == 1 { "one wave is" } else { "these waves are" },
        stuck.iter().map(|s| format!("  {s}")).collect::<Vec<_>>().join("\n")
    )]
    Hang { cycle: u64, idle: u64, stuck: Vec<Stuck> },
    #[error(
        "cycle {cycle}: no wave runs, yet the dispatcher has not launched {left} workgroup(s): it finds no room \
         for them (the slots' last waves: {})",
        slots.join(", ")
    )]
    Undispatched { cycle: u64, left: u64, slots: Vec<String> },
    #[error("cycle limit of {0} reached (raise it with --max-cycles)")]
    CycleLimit(u64),
    #[error("{waves} waves requested; the model `{model}` runs 1 to {max} at once")]
    TooManyWaves { waves: usize, max: usize, model: String },
    #[error("{0}")]
    Lds(String),
    #[error("wave {wave}: {what}")]
    BadWave { wave: usize, what: String },
    #[error("{0}")]
    NoModel(#[from] rtl::NoModel),
    #[error("the memory returned data for a counter that was zero (cu_top's cnt_error_o)")]
    CounterUnderflow,
    #[error("{0}")]
    Vcd(String),
    #[error("interrupted at cycle {0}; the traces written so far are complete up to it")]
    Interrupted(u64),
    #[error("after the run, global memory differs: {0}")]
    MemoryDiffers(String),
}

/// A wave that had not ended when the RTL stopped retiring, and what it is stuck on.
#[derive(Clone, Debug)]
pub struct Stuck {
    pub wave: usize,
    /// The PC of the next instruction the wave retires (every one before it agreed).
    pub pc: u64,
    /// That instruction's text, if it decodes.
    pub text: Option<String>,
    /// What the wave waits for, as far as the golden model and the memory ports tell.
    pub on: String,
    /// Of a run of workgroups: which workgroup and which of its waves the slot holds.
    pub origin: Option<String>,
}

impl fmt::Display for Stuck {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = self.text.as_deref().unwrap_or("(no instruction)");
        let origin = self.origin.as_ref().map_or_else(String::new, |o| format!(" ({o})"));
        write!(f, "wave {}{origin} at pc {:#x}: {text}: {}", self.wave, self.pc, self.on)
    }
}

/// Runs `waves` (at most the model's) over `code` on both models, all started together.
pub fn cosim(code: &Code, waves: &[WaveInit], opts: &Options) -> Result<Report, CosimError> {
    let v = rtl::variant(&opts.model).ok_or_else(|| {
        rtl::NoModel(opts.model.clone(), rtl::VARIANTS.iter().map(|v| v.name).collect::<Vec<_>>().join(", "))
    })?;
    if waves.len() > v.num_waves as usize || waves.is_empty() {
        let (waves, max, model) = (waves.len(), v.num_waves as usize, opts.model.clone());
        return Err(CosimError::TooManyWaves { waves, max, model });
    }
    lds_layout(waves, opts.lds, v.lds_bytes)?;
    for (wave, w) in waves.iter().enumerate() {
        dispatcher::check_wave(wave, w).map_err(|b| CosimError::BadWave { wave: b.wave, what: b.what })?;
    }
    run_traced(code, &Work::Waves(waves), opts)
}

/// What a run executes.
enum Work<'a> {
    /// These waves, started together in wave slots 0, 1, ..., with their workgroups and the
    /// LDS allocations [`lds_layout`] gives them.
    Waves(&'a [WaveInit]),
    /// Workgroups as the slots free up, in as many of the model's wave slots as they need.
    Groups(&'a dyn Groups),
}

/// Runs `groups` over `code` on both models: as many workgroups at once as the model's wave
/// slots, its workgroup IDs and its LDS hold, each launched as soon as the resources it needs
/// are free (a wave slot when its last wave has ended and nothing of it is in flight; an ID
/// and an LDS range when all of its workgroup's waves have). A fault stops further launches;
/// the waves running go on to their ends. [`Report::placed`] says which workgroup and wave
/// each slot held last.
pub fn cosim_groups(code: &Code, groups: &dyn Groups, opts: &Options) -> Result<Report, CosimError> {
    let v = rtl::variant(&opts.model).ok_or_else(|| {
        rtl::NoModel(opts.model.clone(), rtl::VARIANTS.iter().map(|v| v.name).collect::<Vec<_>>().join(", "))
    })?;
    let n = groups.waves_per_group();
    if n > v.num_waves as usize || n == 0 {
        return Err(CosimError::TooManyWaves {
            waves: n,
            max: v.num_waves as usize,
            model: opts.model.clone(),
        });
    }
    let lds = opts.lds.unwrap_or(0);
    if !lds.is_multiple_of(4) || lds > v.lds_bytes {
        return Err(CosimError::Lds(format!(
            "--lds {lds}: a workgroup's LDS is a whole number of dwords within the model's {} bytes",
            v.lds_bytes
        )));
    }
    run_traced(code, &Work::Groups(groups), opts)
}

/// [`run`] with the traces `opts` asks for; on a mismatch with `opts.window_vcd`, again with
/// the window before it traced.
fn run_traced(code: &Code, work: &Work<'_>, opts: &Options) -> Result<Report, CosimError> {
    match run(code, work, opts, opts.vcd.as_deref().map(|p| (p, 0)), opts.golden_vcd.as_deref()) {
        Err(CosimError::Mismatch(mut m)) => {
            if let Some(path) = &opts.window_vcd {
                let from = m.cycle.saturating_sub(opts.window);
                // The run is deterministic: it fails at the same cycle again, tracing this time.
                match run(code, work, opts, Some((path, from)), None) {
                    Err(CosimError::Mismatch(again)) => {
                        m.window_vcd = Some(path.clone());
                        // The window's save file first (it tells the whole story), then the
                        // golden trace's from the first run.
                        let golden = std::mem::take(&mut m.save_files);
                        m.save_files = again.save_files;
                        m.save_files.extend(golden);
                    }
                    Err(e) => m.window_vcd_error = Some(e.to_string()),
                    Ok(_) => m.window_vcd_error = Some("the traced rerun did not fail again".into()),
                }
            }
            Err(CosimError::Mismatch(m))
        }
        other => other,
    }
}

/// Each wave's workgroup as an index of allocations (in the order of the workgroups' first
/// waves), and the bytes of each allocation: `lds` (default: all `model_bytes`, for one
/// workgroup), all of which must fit the model's LDS.
fn lds_layout(
    inits: &[WaveInit],
    lds: Option<u32>,
    model_bytes: u32,
) -> Result<(Vec<usize>, u32), CosimError> {
    let mut groups: Vec<u8> = Vec::new();
    let index: Vec<usize> = inits
        .iter()
        .map(|w| match groups.iter().position(|&g| g == w.wg) {
            Some(i) => i,
            None => {
                groups.push(w.wg);
                groups.len() - 1
            }
        })
        .collect();
    let bytes = match lds {
        Some(b) => b,
        None if groups.len() == 1 => model_bytes,
        None => (model_bytes / groups.len() as u32) & !3,
    };
    if bytes % 4 != 0 {
        return Err(CosimError::Lds(format!("--lds {bytes}: an LDS allocation is a whole number of dwords")));
    }
    if u64::from(bytes) * groups.len() as u64 > u64::from(model_bytes) {
        return Err(CosimError::Lds(format!(
            "--lds {bytes}: {} workgroup(s) of {bytes} bytes do not fit the model's {model_bytes} bytes of LDS",
            groups.len()
        )));
    }
    Ok((index, bytes))
}

/// A fetch answer on its way.
struct Pending {
    due: u64,
    seq: u64,
    wave: u8,
    addr: u64,
}

/// A scalar load the port took, its answer on its way: read when taken.
struct SmemPending {
    due: u64,
    tag: u32,
    wave: usize,
    addr: u64,
    data: [u32; 16],
}

/// A scalar load taken and not yet reported written (rt_sl_*): its wave and the issue-timing
/// reference's number for it.
struct SmemLive {
    wave: usize,
    id: u64,
}

/// A retired load's writes, as the golden model made them, that the RTL makes later: a scalar
/// load's SGPR writes must come on rt_sl_* with its tag, a late vector load's VGPR writes
/// flagged rt_vl_o with its tag.
struct LateExpect<W> {
    wave: usize,
    pc: u64,
    text: String,
    writes: W,
}
type SmemExpect = LateExpect<BTreeMap<Reg, u32>>;

/// A late vector load (a GLOBAL or SCRATCH load) taken and not yet reported written
/// (rt_vl_last_o): its wave and the issue-timing reference's number for it.
struct VlLive {
    wave: usize,
    id: u64,
}

/// VGPR writes: per register, the lanes written and every lane's value.
type VgprWrites = BTreeMap<u8, (u32, [u32; 32])>;

type VlExpect = LateExpect<VgprWrites>;

/// A vector memory request: every lane's address and data.
#[derive(Clone)]
struct VmemReq {
    due: u64,
    /// Its tag (ports::VS_TAGS, VM_TAG_VL, VM_TAG_WAIT), which its answer carries.
    tag: u32,
    /// The issue-timing reference's number for a request counted on VS_CNT.
    vs_id: Option<u64>,
    wave: usize,
    store: bool,
    /// An atomic: its operation (the old values come back).
    atomic: Option<isa::AtomicOp>,
    /// ... MODE.FP_DENORM[0] of the wave (a float atomic's min, max and compare read it).
    denorm: bool,
    bytes: usize,
    /// The lanes whose bytes are swizzled (vmem_req_swz_o): they run in elements of `esz`
    /// bytes, `step` bytes apart (scratch: 4 and 128; a swizzled buffer: its element size and
    /// that times its index stride), the lane's first byte `skew[l]` bytes into its element.
    swz: u32,
    esz: u64,
    step: u64,
    skew: [u64; 32],
    /// Per lane, the dwords of its bytes accessed (a buffer's out-of-range ones are not).
    dmask: [u8; 32],
    mask: u32,
    addr: [u64; 32],
    data: [[u32; 4]; 32],
}

impl VmemReq {
    fn lanes(&self) -> impl Iterator<Item = usize> + '_ {
        (0..32).filter(|l| self.mask >> l & 1 == 1)
    }

    /// The address of byte `b` of lane `l`: consecutive, unless the lane is swizzled: then
    /// its bytes fill elements of `esz` bytes, each `step` bytes after the one before (guide
    /// 11.2 for scratch, 9.4.2 for buffers), the first from `skew[l]` on.
    fn byte_addr(&self, l: usize, b: usize) -> u64 {
        let a = self.addr[l];
        if self.swz >> l & 1 == 0 {
            return a.wrapping_add(b as u64);
        }
        let (esz, skew) = (self.esz.max(1), self.skew[l]);
        let pos = skew + b as u64;
        a.wrapping_sub(skew).wrapping_add(pos / esz * self.step).wrapping_add(pos % esz)
    }

    /// Lane `l`'s bytes as runs of consecutive addresses: (address, first byte, length), only
    /// the dwords of `dmask` (a dword of a narrower access: its bytes).
    fn runs(&self, l: usize) -> Vec<(u64, usize, usize)> {
        let mut out: Vec<(u64, usize, usize)> = Vec::new();
        for b in (0..self.bytes).filter(|b| self.dmask[l] >> (b / 4) & 1 == 1) {
            let a = self.byte_addr(l, b);
            match out.last_mut() {
                Some((at, first, n)) if *first + *n == b && at.wrapping_add(*n as u64) == a => *n += 1,
                _ => out.push((a, b, 1)),
            }
        }
        out
    }

    /// Whether lane `l`'s bytes all have memory.
    fn check(&self, mem: &Memory, l: usize, write: bool) -> bool {
        self.runs(l).iter().all(|&(a, _, n)| mem.check(a, n, write).is_ok())
    }

    /// Reads lane `l`'s bytes into `out` (at least `bytes` long).
    fn read(&self, mem: &Memory, l: usize, out: &mut [u8]) -> bool {
        self.runs(l).iter().all(|&(a, b, n)| mem.read(a, &mut out[b..b + n]).is_ok())
    }

    /// Writes lane `l`'s bytes from `bytes` (checked before).
    fn write(&self, mem: &mut Memory, l: usize, bytes: &[u8]) {
        for (a, b, n) in self.runs(l) {
            let _ = mem.write(a, &bytes[b..b + n]);
        }
    }
}

/// The beats of the vector port's request being taken, checked as they come against the
/// coalescing rule (the port's doc): each beat's lanes are the lanes left whose addresses are
/// in its line, that of the lowest lane left, so that no line comes twice.
#[derive(Default)]
struct Beats {
    /// The request's tag and wave, and the lanes and lines of its beats so far.
    tag: u32,
    wave: usize,
    masks: Vec<u32>,
    lines: Vec<u64>,
}

impl Beats {
    /// Checks a beat of `mask`'s lanes in the line at `line` (`addr`: every lane's address);
    /// on the `last`, returns the request's lanes and starts the next request.
    fn beat(
        &mut self,
        (tag, wave): (u32, usize),
        mask: u32,
        line: u64,
        last: bool,
        addr: &[u64; 32],
        line_bytes: u64,
    ) -> Result<Option<u32>, String> {
        let what = format!("the vector port's beat of wave {wave}'s request (tag {tag}, lanes {mask:#010x})");
        if !self.masks.is_empty() && (tag, wave) != (self.tag, self.wave) {
            return Err(format!("{what} came amid wave {}'s (tag {})", self.wave, self.tag));
        }
        let sent = self.masks.iter().fold(0, |a, m| a | m);
        if !line.is_multiple_of(line_bytes) {
            return Err(format!("{what}: its line address {line:#x} is no {line_bytes}-byte line's"));
        }
        if mask & sent != 0 {
            return Err(format!("{what}: lanes {:#010x} came in an earlier beat too", mask & sent));
        }
        if self.lines.contains(&line) {
            return Err(format!("{what}: line {line:#x} came in an earlier beat too"));
        }
        if let Some(l) = (0..32).find(|&l| mask >> l & 1 == 1 && addr[l] & !(line_bytes - 1) != line) {
            return Err(format!(
                "{what}: lane {l}'s address {:#x} is not in the beat's line {line:#x}",
                addr[l]
            ));
        }
        if mask == 0 && !(last && self.masks.is_empty()) {
            return Err(format!("{what} has no lane (only a request with none has an empty beat)"));
        }
        self.tag = tag;
        self.wave = wave;
        self.masks.push(mask);
        self.lines.push(line);
        if !last {
            return Ok(None);
        }
        // Each beat's lowest lane is below every lane of the beats after it.
        let masks = std::mem::take(&mut self.masks);
        self.lines.clear();
        for (k, m) in masks.iter().enumerate() {
            let later = masks[k + 1..].iter().fold(0u32, |a, m| a | m);
            if *m != 0 && later.trailing_zeros() < m.trailing_zeros() {
                return Err(format!(
                    "the vector port's beats of wave {wave}'s request (tag {tag}) do not follow the lowest lane \
                     left: beat {k} (lanes {m:#010x}) came before lane {}",
                    later.trailing_zeros()
                ));
            }
        }
        Ok(Some(sent | mask))
    }
}

/// Takes one of the answers of `pending` that are `due`, chosen at random (so that answers
/// overtake each other even when their latencies end together).
fn take_due<T>(pending: &mut Vec<T>, due: impl Fn(&T) -> bool, rng: &mut SmallRng) -> Option<T> {
    let ready: Vec<usize> = (0..pending.len()).filter(|&i| due(&pending[i])).collect();
    (!ready.is_empty()).then(|| pending.swap_remove(ready[rng.random_range(0..ready.len())]))
}

/// The scalar memory port's answer: the dwords asked for, and whether one has no memory. The
/// dwords not asked for (a buffer load's past the resource's size) come back as a pattern, so
/// that the RTL must not use them.
fn serve_smem(mem: &Memory, addr: u64, mask: u16) -> ([u32; 16], bool) {
    let mut data: [u32; 16] = std::array::from_fn(|k| 0xbad0_0000 | (addr as u32 & 0xfff0) | k as u32);
    let mut err = false;
    for (k, d) in data.iter_mut().enumerate().filter(|(k, _)| mask >> k & 1 == 1) {
        match mem.read_u32(addr.wrapping_add(4 * k as u64)) {
            Ok(v) => *d = v,
            Err(_) => err = true,
        }
    }
    (data, err)
}

/// The vector memory port's answer, as one GLOBAL instruction's accesses: a store writes every
/// active lane's bytes in lane order (the highest lane wins where they overlap), unless a lane
/// has no memory, when nothing is written; a load reads them. Returns the loaded dwords (lane
/// l's at 4l..4l+4) and whether a lane had no memory.
fn serve_vmem(mem: &mut Memory, q: &VmemReq) -> (Vec<u32>, bool) {
    let mut out = vec![0u32; 128];
    let n = q.bytes;
    if let Some(op) = q.atomic {
        // Every lane's read-modify-write in lane order, the old value back; a lane without
        // memory: nothing done. MODE matters to the float ones alone: the F32 input denormal
        // bit that the request carries.
        // (A FLAT atomic's lane in the private aperture is swizzled.)
        if q.lanes().any(|l| !q.check(mem, l, true)) {
            return (out, true);
        }
        for l in q.lanes() {
            let mut b = [0u8; 8];
            let _ = q.read(mem, l, &mut b[..n]);
            let tmp = u64::from_le_bytes(b);
            let d = &q.data[l];
            let (data, data2) = if n == 8 {
                (u64::from(d[0]) | u64::from(d[1]) << 32, u64::from(d[2]) | u64::from(d[3]) << 32)
            } else {
                (u64::from(d[0]), u64::from(d[1]))
            };
            let new = golden::memory_atomic(op, n as u32, tmp, data, data2, u32::from(q.denorm) << 4);
            q.write(mem, l, &new.to_le_bytes()[..n]);
            out[4 * l] = tmp as u32;
            out[4 * l + 1] = (tmp >> 32) as u32;
        }
        return (out, false);
    }
    if q.store {
        if q.lanes().any(|l| !q.check(mem, l, true)) {
            return (out, true);
        }
        for l in q.lanes() {
            let bytes: Vec<u8> = q.data[l].iter().flat_map(|d| d.to_le_bytes()).take(n).collect();
            q.write(mem, l, &bytes);
        }
        return (out, false);
    }
    // Bytes not asked for (other lanes, a narrow access's others, a buffer's dwords out of
    // range) come back as anything: here a pattern, so that the RTL must not use them.
    let mut out: Vec<u32> = (0..128u32).map(|i| 0xdead_0000 | i.wrapping_mul(0x9e37) & 0xffff).collect();
    let mut err = false;
    for l in q.lanes() {
        let mut buf: [u8; 16] = std::array::from_fn(|i| 0xa5 ^ (i as u8) ^ (l as u8) << 4);
        if !q.read(mem, l, &mut buf) {
            err = true;
            continue;
        }
        for k in 0..4 {
            out[4 * l + k] = u32::from_le_bytes([buf[4 * k], buf[4 * k + 1], buf[4 * k + 2], buf[4 * k + 3]]);
        }
    }
    (out, err)
}

/// Per active lane: the lane, whether its bytes all have memory, and the bytes.
type LaneBytes = Vec<(usize, bool, Vec<u8>)>;

/// Every active lane's bytes in `mem`, for [`store_diffs`].
fn lane_bytes(mem: &Memory, q: &VmemReq) -> LaneBytes {
    q.lanes()
        .map(|l| {
            let mut b = vec![0u8; q.bytes];
            let ok = q.read(mem, l, &mut b);
            (l, ok, b)
        })
        .collect()
}

/// Where a store's bytes differ between the golden model's memory and the RTL's as the
/// store left it (`rtl`: [`lane_bytes`] right after the memory side did it, since another
/// wave's store may reach the same bytes before this one's instruction retires), lane by lane.
fn store_diffs(golden: &Memory, rtl: &LaneBytes, q: &VmemReq) -> Vec<String> {
    let mut out = Vec::new();
    for (l, rb, b) in rtl {
        let mut a = vec![0u8; q.bytes];
        let ra = q.read(golden, *l, &mut a);
        if ra != *rb || a != *b {
            out.push(format!("lane {l}: memory at {:#x}: {a:02x?} (golden) vs {b:02x?} (RTL)", q.addr[*l]));
        }
    }
    out
}

/// The first byte in which two memories differ, as a message.
fn memory_diff(golden: &Memory, rtl: &Memory) -> Option<String> {
    for (g, r) in golden.regions().iter().zip(rtl.regions()) {
        if let Some(i) = g.bytes.iter().zip(&r.bytes).position(|(a, b)| a != b) {
            return Some(format!(
                "{} at {:#x}: {:#04x} (golden) vs {:#04x} (RTL)",
                g.name,
                g.base + i as u64,
                g.bytes[i],
                r.bytes[i]
            ));
        }
    }
    (golden != rtl).then(|| "the regions differ".to_string())
}

/// The bank rule's timing of the DS instruction wave `g` is at (before the golden model
/// executes it), from the golden model's registers; None when it is no DS instruction the DS
/// unit executes.
fn ds_reference(g: &Wave, code: &Code, lds: crate::ds_timing::Lds) -> Option<crate::ds_timing::Timing> {
    let inst = code.fetch(g.pc).ok()?;
    let field = |f| if inst.def().operands.iter().any(|o| o.field == f) { inst.field(f) } else { 0 };
    // (A VGPR past the wave's count reads v0, as the golden model's reads do.)
    let vreg = |r: u32| g.vgpr.get(r as usize).or(g.vgpr.first()).copied().unwrap_or([0; 32]);
    if let Some(shape) = crate::ds_timing::Shape::of_flat(inst.def(), field(isa::Field::Glc) != 0) {
        // A FLAT instruction's lanes in the shared aperture, at their LDS offsets (the
        // address's low dword plus the unsigned 12-bit offset).
        let (lo, hi) = (vreg(field(isa::Field::Addr)), vreg(field(isa::Field::Addr) + 1));
        let shared = (isa::operand::APERTURES[0] >> 32) as u32;
        let exec =
            (0..32).filter(|&l| g.exec() >> l & 1 == 1 && hi[l] == shared).fold(0u32, |m, l| m | 1 << l);
        let off = field(isa::Field::Offset) & 0xfff;
        let addr = lo.map(|a| a.wrapping_add(off));
        let access = crate::ds_timing::Access { shape, offsets: [0, 0], exec, addr: &addr, m0: g.m0() };
        return Some(crate::ds_timing::timing(&access, lds));
    }
    let shape = crate::ds_timing::Shape::of(inst.def())?;
    let addr = vreg(field(isa::Field::Addr));
    let access = crate::ds_timing::Access {
        shape,
        offsets: [field(isa::Field::Offset0), field(isa::Field::Offset1)],
        exec: g.exec() as u32,
        addr: &addr,
        m0: g.m0(),
    };
    Some(crate::ds_timing::timing(&access, lds))
}

/// Instruction memory as the RTL sees it: four dwords and a per-dword error flag.
fn fetch(code: &Code, addr: u64) -> ([u32; 4], u64) {
    let mut data = [0u32; 4];
    let mut err = 0u64;
    for (k, d) in data.iter_mut().enumerate() {
        match code.at(addr.wrapping_add(4 * k as u64)).and_then(|s| s.first().copied()) {
            Some(w) => *d = w,
            None => err |= 1 << k,
        }
    }
    (data, err)
}

/// Cycles an RTL trace goes on past a mismatch.
const AFTER_MISMATCH: u64 = 20;

/// Cycles without a retirement after which the RTL is considered hung (an s_sleep can last
/// 127 * 64 cycles).
const HANG_CYCLES: u64 = 20_000;

fn run(
    code: &Code,
    work: &Work<'_>,
    opts: &Options,
    trace: Option<(&Path, u64)>,
    golden_vcd: Option<&Path>,
) -> Result<Report, CosimError> {
    let v = rtl::variant(&opts.model).ok_or_else(|| {
        rtl::NoModel(opts.model.clone(), rtl::VARIANTS.iter().map(|v| v.name).collect::<Vec<_>>().join(", "))
    })?;
    let model = (v.lanes as usize, v.vgprs as usize, v.lds_bytes);
    let mut d = match work {
        Work::Waves(inits) => {
            let (wg_index, bytes) = lds_layout(inits, opts.lds, v.lds_bytes)?;
            let mut d = Dispatcher::new(inits.len(), model, None, 0);
            let lds: Vec<(usize, usize)> =
                wg_index.iter().map(|&i| (i * bytes as usize, bytes as usize)).collect();
            d.start_waves(inits, &lds);
            d
        }
        Work::Groups(g) => Dispatcher::new(v.num_waves as usize, model, Some(*g), opts.lds.unwrap_or(0)),
    };
    let r = run_slots(code, opts, trace, golden_vcd, &mut d);
    let Work::Groups(gs) = work else { return r };
    // Which workgroup's wave each slot named in the error held.
    let origin = |w: usize| {
        d.placed.get(w).copied().flatten().map(|(i, n): (u64, usize)| format!("{}, its wave {n}", gs.name(i)))
    };
    r.map_err(|e| match e {
        CosimError::Mismatch(mut mm) => {
            mm.origin = origin(mm.wave);
            CosimError::Mismatch(mm)
        }
        CosimError::Hang { cycle, idle, mut stuck } => {
            for s in &mut stuck {
                s.origin = origin(s.wave);
            }
            CosimError::Hang { cycle, idle, stuck }
        }
        e => e,
    })
}

/// [`run`], launching what `d` holds.
fn run_slots(
    code: &Code,
    opts: &Options,
    trace: Option<(&Path, u64)>,
    golden_vcd: Option<&Path>,
    d: &mut Dispatcher<'_>,
) -> Result<Report, CosimError> {
    let mut m = Model::new(&opts.model)?;
    let p = *m.p();
    let (lanes, vgprs) = (m.v.lanes as usize, m.v.vgprs as usize);
    let passes = 32 / lanes;
    let mut rng = SmallRng::seed_from_u64(opts.seed);
    // Wave slots: each one's golden wave (the one it holds, or held last; a slot that never
    // held one has an ended wave).
    let slots = d.wg.len();
    let mut golden: Vec<Wave> = vec![Wave::new(0); slots];
    for g in &mut golden {
        g.status = Status::Ended;
    }
    // The whole LDS as the golden model sees it (the RTL's starts at zero too); each
    // workgroup's range of it is what the golden model's waves of that workgroup address.
    let mut lds = vec![0u8; m.v.lds_bytes as usize];
    let mut waves_done = 0u64;
    d.place(&|_| true).map_err(|b| CosimError::BadWave { wave: b.wave, what: b.what })?;
    // What the RTL has written to its VGPRs, and which lanes of which registers the
    // instruction retiring next in each wave has written so far.
    let mut vwrites: Vec<BTreeMap<u8, u32>> = vec![BTreeMap::new(); slots];
    let mut gvcd = match golden_vcd {
        Some(path) => Some(GoldenVcd::create(path, slots, vgprs)?),
        None => None,
    };
    // The instruction each wave retired last (for the notes of a trace opened mid-run).
    let mut last_inst: Vec<Option<Inst>> = vec![None; slots];
    let mut notes = RtlNotes::new(slots, !opts.rtl_only);
    let mut tracing = false;
    let mut start_trace = |m: &mut Model,
                           notes: &mut RtlNotes,
                           golden: &[Wave],
                           last_inst: &[Option<Inst>],
                           cycle: u64|
     -> Result<bool, CosimError> {
        if let Some((path, from)) = trace
            && !tracing
            && cycle >= from
        {
            m.open_vcd(path, opts.trace_depth, &notes.decls())?;
            tracing = true;
            let mut lines = String::new();
            notes.retire(&mut lines, 0, None);
            for (k, g) in golden.iter().enumerate() {
                let inst = last_inst[k].map_or_else(|| "-".to_string(), |i| i.to_string());
                notes.wave(&mut lines, k, &wave_note(g, inst, "-".into()));
            }
            m.annotate(&lines);
        }
        // A failed write (a full disk) stops the run, naming the file.
        m.vcd_error()?;
        Ok(tracing)
    };

    // Setup of the first waves: their registers, their launch, their start, one a cycle,
    // before anything runs (later workgroups are set up the same way while others run). The
    // model is new, so its SGPR file (s0..s105, VCC, the TTMPs: the codes below NULL) and
    // its VGPR file hold zeros (build.rs: `--x-initial 0`), as the golden model's start: only
    // nonzero values are written there, which takes a kernel's dispatch from 384 cycles a
    // wave (2,176 at 4 lanes) to a few dozen. M0 and EXEC are flops with a reset value,
    // always written.
    start_trace(&mut m, &mut notes, &golden, &last_inst, 0)?;
    while d.busy() {
        let take = d.drive(&mut m);
        m.step();
        if take {
            for (w, g) in d.taken() {
                golden[w] = g;
            }
        }
    }
    d.drive(&mut m);
    let mut pending: Vec<Pending> = Vec::new();
    // Global memory: the golden model's, and the copy the RTL's memory ports reach. The scalar
    // port's loads, each read when taken, wait a random latency for the write engine to take
    // their answers, in any order; each is live from then until rt_sl_* reports its dwords
    // written, which are compared with the golden model's writes of the load (saved when it
    // retired: the report may come first, and waits in sm_early then). sm_tags: per wave, the
    // tags of its loads taken and not yet retired, in order.
    let mut gmem = opts.memory.clone().unwrap_or_default();
    let mut rmem = gmem.clone();
    let mut mrng = SmallRng::seed_from_u64(opts.seed ^ 0x6d65_6d6f_7279);
    let mut spend: Vec<SmemPending> = Vec::new();
    let mut sm_live: BTreeMap<u32, SmemLive> = BTreeMap::new();
    let mut sm_tags: Vec<std::collections::VecDeque<u32>> = vec![Default::default(); slots];
    let mut sm_expect: BTreeMap<u32, SmemExpect> = BTreeMap::new();
    let mut sm_early: BTreeMap<u32, BTreeMap<Reg, u32>> = BTreeMap::new();
    // The vector port's requests taken and not yet answered, each done when it was taken:
    // the answer's data and error with it. Several may be outstanding (stores and atomics
    // without return, up to ports::VS_TAGS, and the one the compute unit waits for); each
    // waits a random latency, so they are answered out of order.
    let mut vpend: Vec<(VmemReq, Vec<u32>)> = Vec::new();
    // The answer on the port: held there until the compute unit takes it (a late load's, when
    // the write engine has written its last pass: rt_vl_last_o with its tag; any other's at
    // once). The late loads, as the scalar ones: live from when the port takes each until
    // rt_vl_last_o reports it written; the lanes each register has been written in so far
    // (vl_acc); the golden model's writes saved when it retired (vl_expect), or what the RTL
    // wrote if that came first (vl_early); per wave, the tags taken and not yet retired.
    let mut vcur: Option<(VmemReq, Vec<u32>)> = None;
    let mut vbeats = Beats::default();
    let mut vl_live: BTreeMap<u32, VlLive> = BTreeMap::new();
    let mut vl_acc: BTreeMap<u32, BTreeMap<u8, u32>> = BTreeMap::new();
    let mut vl_expect: BTreeMap<u32, VlExpect> = BTreeMap::new();
    let mut vl_early: BTreeMap<u32, VgprWrites> = BTreeMap::new();
    let mut vl_tags: Vec<std::collections::VecDeque<u32>> = vec![Default::default(); slots];
    let (tag_wait, tag_vl) = (hdl_gen::sv::ports::VM_TAG_WAIT, hdl_gen::sv::ports::VM_TAG_VL);
    // The stores the vector port made (their bytes just after), each checked when its
    // instruction retires.
    let mut stores: Vec<(VmemReq, LaneBytes)> = Vec::new();
    let mut stats = Stats {
        lds_conflict_cycles: (!opts.rtl_only).then_some(0),
        vmem_line_bytes: m.v.vmem_line_bytes,
        ..Stats::default()
    };
    let mut seq = 0u64;
    let mut retired = 0u64;
    let mut valu = 0u64;
    let start = m.cycle();
    // When each wave may issue, from the retire stream alone.
    let wgs: Vec<u32> = d.wg.iter().map(|&g| u32::from(g)).collect();
    let slack = IssueTiming::slack_for(slots, passes, u64::from(opts.latency.1.max(opts.latency.0)));
    let mut timing = IssueTiming::new(&wgs, start, slack);
    for (w, g) in golden.iter().enumerate() {
        if g.status == Status::Ended {
            timing.vacant(w);
        }
    }
    // The last cycle anything happened: a retirement or a fetch answer (a wave may wait as
    // long as the fetch latency allows).
    let mut last_retire = m.cycle();
    if let Some(g) = gvcd.as_mut() {
        g.dump(m.cycle(), &golden, None)?;
    }
    let mut lines = String::new();
    loop {
        let cycle = m.cycle();
        let traced = start_trace(&mut m, &mut notes, &golden, &last_inst, cycle)?;
        if opts.stop.as_ref().is_some_and(|s| s.load(Ordering::Relaxed)) {
            m.close_vcd()?;
            if let Some(g) = gvcd.take() {
                g.finish(None)?;
            }
            return Err(CosimError::Interrupted(cycle));
        }
        if cycle >= opts.max_cycles {
            return Err(CosimError::CycleLimit(opts.max_cycles));
        }
        // Instruction memory: answer the earliest due request, accept a new one.
        m.set(p.imem_rsp_valid, 0);
        if let Some(i) = pending
            .iter()
            .enumerate()
            .filter(|(_, q)| q.due <= cycle)
            .min_by_key(|(_, q)| (q.due, q.seq))
            .map(|(i, _)| i)
        {
            let q = pending.swap_remove(i);
            let (data, err) = fetch(code, q.addr);
            m.set(p.imem_rsp_valid, 1);
            m.set(p.imem_rsp_wave, u64::from(q.wave));
            m.set_words(p.imem_rsp_data, &data);
            m.set(p.imem_rsp_err, err);
            last_retire = last_retire.max(cycle);
        }
        let ready = rng.random_range(0..100) >= opts.backpressure;
        m.set(p.imem_req_ready, u64::from(ready));
        // Memory ports: answer a request that is due, take a new one.
        let ml = opts.mem_latency.unwrap_or(opts.latency);
        let lat_range = ml.0.max(1)..=ml.1.max(ml.0.max(1));
        // The scalar port: one of the due answers at random, when the write engine takes one
        // (its ready comes from registers, so it is read first); a new request, checked and
        // read when taken (an error says so with the ready, and no answer follows).
        m.set(p.smem_rsp_valid, 0);
        if m.get(p.smem_rsp_ready) == 1
            && let Some(q) = take_due(&mut spend, |q| q.due <= cycle, &mut mrng)
        {
            m.set(p.smem_rsp_valid, 1);
            m.set(p.smem_rsp_tag, u64::from(q.tag));
            m.set_words(p.smem_rsp_data, &q.data);
            last_retire = last_retire.max(cycle);
        }
        let sready = mrng.random_range(0..100) >= opts.backpressure;
        m.set(p.smem_req_ready, u64::from(sready));
        m.set(p.smem_req_err, 0);
        if m.get(p.smem_req_valid) == 1 && sready {
            let (wave, tag) = (m.get(p.smem_req_wave) as usize, m.get(p.smem_req_tag) as u32);
            let (addr, mask) = (m.get(p.smem_req_addr), m.get(p.smem_req_mask) as u16);
            let (data, err) = serve_smem(&rmem, addr, mask);
            m.set(p.smem_req_err, u64::from(err));
            if !err {
                if sm_live.contains_key(&tag) {
                    return Err(port_mismatch(
                        m.cycle(),
                        wave,
                        &golden,
                        format!(
                            "the scalar port's tag {tag} was given to a second load while the first was outstanding"
                        ),
                    ));
                }
                stats.smem_load_bytes += 4 * u64::from(mask.count_ones());
                stats.smem_requests += 1;
                let id = timing.sm_taken(wave, cycle);
                sm_live.insert(tag, SmemLive { wave, id });
                stats.smem_peak_outstanding = stats.smem_peak_outstanding.max(sm_live.len() as u64);
                if let Some(t) = sm_tags.get_mut(wave) {
                    t.push_back(tag);
                }
                spend.push(SmemPending {
                    due: cycle + u64::from(mrng.random_range(lat_range.clone())),
                    tag,
                    wave,
                    addr,
                    data,
                });
            }
        }
        // One of the due answers, chosen at random, held on the port until taken.
        m.set(p.vmem_rsp_valid, 0);
        if vcur.is_none()
            && let Some((q, data)) = take_due(&mut vpend, |(q, _)| q.due <= cycle, &mut mrng)
        {
            if let Some(id) = q.vs_id {
                timing.vs_answered(id, cycle);
            }
            vcur = Some((q, data));
        }
        if let Some((q, data)) = &vcur {
            m.set(p.vmem_rsp_valid, 1);
            m.set(p.vmem_rsp_tag, u64::from(q.tag));
            m.set_words(p.vmem_rsp_data, data);
            last_retire = last_retire.max(cycle);
        }
        // A request is done when it is taken: its lanes checked (an error says so with the
        // ready), stores written, atomics' read-modify-writes made, loads read.
        let vready = mrng.random_range(0..100) >= opts.backpressure;
        m.set(p.vmem_req_ready, u64::from(vready));
        m.set(p.vmem_req_err, 0);
        // A beat of a request: its lanes checked against the coalescing rule; with the last,
        // the request's.
        let vtaken = if m.get(p.vmem_req_valid) == 1 && vready {
            let (tag, wave) = (m.get(p.vmem_req_tag) as u32, m.get(p.vmem_req_wave) as usize);
            let aw = m.words(p.vmem_req_addr);
            let addr: [u64; 32] =
                std::array::from_fn(|l| u64::from(aw[2 * l]) | u64::from(aw[2 * l + 1]) << 32);
            let (mask, line, last) =
                (m.get(p.vmem_req_mask) as u32, m.get(p.vmem_req_line), m.get(p.vmem_req_last) == 1);
            stats.vmem_lines += 1;
            match vbeats.beat((tag, wave), mask, line, last, &addr, u64::from(m.v.vmem_line_bytes)) {
                Ok(lanes) => lanes.map(|lanes| (tag, wave, addr, lanes)),
                Err(e) => return Err(port_mismatch(m.cycle(), wave, &golden, e)),
            }
        } else {
            None
        };
        if let Some((tag, wave, addr, mask)) = vtaken {
            let dw = m.words(p.vmem_req_data);
            let (skw, dmw) = (m.words(p.vmem_req_skew), m.words(p.vmem_req_dmask));
            let q = VmemReq {
                due: cycle + u64::from(mrng.random_range(lat_range)),
                tag,
                vs_id: (tag & (tag_wait | tag_vl) == 0).then(|| timing.vs_taken(wave, cycle)),
                wave,
                store: m.get(p.vmem_req_store) == 1,
                atomic: (m.get(p.vmem_req_atomic) == 1)
                    .then(|| hdl_gen::sv::ports::atomic_op(m.get(p.vmem_req_op) as u32))
                    .flatten(),
                denorm: m.get(p.vmem_req_denorm) == 1,
                bytes: (m.get(p.vmem_req_bytes) as usize).clamp(1, 16),
                swz: m.get(p.vmem_req_swz) as u32,
                esz: m.get(p.vmem_req_esz),
                step: m.get(p.vmem_req_step),
                skew: std::array::from_fn(|l| u64::from(skw[l / 8] >> (4 * (l % 8)) & 0xf)),
                dmask: std::array::from_fn(|l| (dmw[l / 8] >> (4 * (l % 8)) & 0xf) as u8),
                mask,
                addr,
                data: std::array::from_fn(|l| std::array::from_fn(|k| dw[4 * l + k])),
            };
            let (data, err) = serve_vmem(&mut rmem, &q);
            let moved: u64 = q.lanes().map(|l| q.runs(l).iter().map(|r| r.2 as u64).sum::<u64>()).sum();
            if q.store || q.atomic.is_some() {
                stats.vmem_store_bytes += moved;
                stores.retain(|(o, _)| o.wave != q.wave);
                stores.push((q.clone(), lane_bytes(&rmem, &q)));
            } else {
                stats.vmem_load_bytes += moved;
            }
            m.set(p.vmem_req_err, u64::from(err));
            if tag & tag_vl != 0 && tag & tag_wait == 0 {
                let t = tag & !tag_vl;
                if vl_live.contains_key(&t) {
                    return Err(port_mismatch(
                        m.cycle(),
                        wave,
                        &golden,
                        format!(
                            "the vector port's late-load tag {t} was given to a second load while the first was \
                             outstanding"
                        ),
                    ));
                }
                let id = timing.vl_taken(wave, cycle);
                vl_live.insert(t, VlLive { wave, id });
                vl_acc.insert(t, BTreeMap::new());
                if let Some(v) = vl_tags.get_mut(wave) {
                    v.push_back(t);
                }
            }
            vpend.push((q, data));
            stats.vmem_requests += 1;
            stats.vmem_peak_outstanding = stats.vmem_peak_outstanding.max(vpend.len() as u64);
        }
        if m.get(p.imem_req_valid) == 1 && ready {
            let lat = rng.random_range(opts.latency.0.max(1)..=opts.latency.1.max(opts.latency.0.max(1)));
            pending.push(Pending {
                due: cycle + u64::from(lat),
                seq,
                wave: m.get(p.imem_req_wave) as u8,
                addr: m.get(p.imem_req_addr),
            });
            seq += 1;
        }
        // The dispatcher: the next workgroups, as soon as wave slots (vacant: their waves
        // ended, nothing of theirs in flight), a workgroup ID and LDS are free for them; then
        // its port's next operation.
        if !d.finished() {
            let running = m.get(p.wave_running);
            let vacant = |s: usize| {
                matches!(golden[s].status, Status::Ended | Status::Faulted(_))
                    && running >> s & 1 == 0
                    && sm_tags[s].is_empty()
                    && vl_tags[s].is_empty()
                    && !sm_live.values().any(|l| l.wave == s)
                    && !vl_live.values().any(|l| l.wave == s)
                    && !vpend.iter().any(|(q, _)| q.wave == s)
                    && vcur.as_ref().is_none_or(|(q, _)| q.wave != s)
            };
            d.place(&vacant).map_err(|b| CosimError::BadWave { wave: b.wave, what: b.what })?;
        }
        let spi_take = d.drive(&mut m);
        m.step();
        if spi_take {
            last_retire = m.cycle();
            for (w, g) in d.taken() {
                timing.launch(w, u32::from(d.wg[w]), m.cycle());
                golden[w] = g;
                last_inst[w] = None;
                vwrites[w].clear();
            }
        }
        if m.get(p.cnt_error) != 0 {
            return Err(CosimError::CounterUnderflow);
        }
        stats.waitcnt_stall_cycles += u64::from(m.get(p.perf_wait).count_ones());
        if m.get(p.issue_valid) == 1 {
            timing.issue(m.get(p.issue_wave) as usize, m.cycle());
        }
        if m.get(p.perf_ds_valid) == 1 {
            let (w, cycles) = (m.get(p.perf_ds_wave) as usize, m.get(p.perf_ds_cycles) as u32);
            stats.lds_instructions += 1;
            stats.lds_bank_cycles += u64::from(cycles);
            if !opts.rtl_only
                && let Some(g) = golden.get(w)
            {
                let (base, size) = d.lds[w];
                let lds = crate::ds_timing::Lds {
                    dwords: m.v.lds_bytes / 4,
                    banks: m.v.lds_banks,
                    base: (base / 4) as u32,
                    size: size as u32,
                };
                match ds_reference(g, code, lds) {
                    Some(t) if t.fault.is_none() && t.cycles != cycles => {
                        return Err(CosimError::Mismatch(Box::new(Mismatch {
                            cycle: m.cycle(),
                            wave: w,
                            pc: g.pc,
                            text: code.fetch(g.pc).map_or_else(|_| "?".into(), |i| i.to_string()),
                            diffs: vec![format!(
                                "LDS bank cycles: {} (the bank rule, from the lanes' addresses) vs {cycles} (RTL)",
                                t.cycles
                            )],
                            window_vcd: None,
                            window_vcd_error: None,
                            save_files: Vec::new(),
                            origin: None,
                        })));
                    }
                    Some(t) => {
                        if let Some(c) = stats.lds_conflict_cycles.as_mut() {
                            *c += u64::from(t.conflict_cycles());
                        }
                    }
                    None => {}
                }
            }
        }

        // VGPR writes of this cycle (a beat per pass of a vector instruction, or of a late
        // load's answer).
        let vl_beat = (m.get(p.rt_vl) == 1).then(|| m.get(p.rt_vl_tag) as u32);
        {
            let lanes = match vl_beat {
                Some(t) => vl_acc.get_mut(&t),
                None => vwrites.get_mut(m.get(p.rt_vwave) as usize),
            };
            vector_beat(&m, &mut d.regs, lanes);
        }
        // The answer on the port was taken: at once, or a late load's with its last pass.
        let taken = vcur.as_ref().is_some_and(|(q, _)| {
            q.tag & tag_wait != 0
                || q.tag & tag_vl == 0
                || (m.get(p.rt_vl_last) == 1 && vl_beat == Some(q.tag & !tag_vl))
        });
        if taken {
            vcur = None;
        }
        // A late load's answer, written.
        if m.get(p.rt_vl_last) == 1 {
            last_retire = m.cycle();
            let (tag, w) = (m.get(p.rt_vl_tag) as u32, m.get(p.rt_vwave) as usize);
            let Some(live) = vl_live.remove(&tag) else {
                return Err(port_mismatch(
                    m.cycle(),
                    w,
                    &golden,
                    format!(
                        "the RTL reported a late vector load's writes with tag {tag}, which no load held"
                    ),
                ));
            };
            timing.vl_done(live.id, m.cycle());
            if live.wave != w {
                return Err(port_mismatch(
                    m.cycle(),
                    w,
                    &golden,
                    format!(
                        "the RTL reported wave {w}'s late vector load writes for tag {tag}, which wave {} held",
                        live.wave
                    ),
                ));
            }
            let lanes = vl_acc.remove(&tag).unwrap_or_default();
            if !opts.rtl_only {
                let sh = d.regs.get(w).map_or(&[][..], |r| r.vgpr.as_slice());
                let got: VgprWrites = lanes
                    .iter()
                    .map(|(&r, &mask)| (r, (mask, sh.get(usize::from(r)).copied().unwrap_or([0; 32]))))
                    .collect();
                match vl_expect.remove(&tag) {
                    Some(e) => vl_check(m.cycle(), &e, &got)?,
                    None => {
                        vl_early.insert(tag, got);
                    }
                }
            }
        }
        // A scalar load's dwords, written after it retired.
        if m.get(p.rt_sl_valid) == 1 {
            last_retire = m.cycle();
            let (tag, w) = (m.get(p.rt_sl_tag) as u32, m.get(p.rt_sl_wave) as usize);
            let Some(live) = sm_live.remove(&tag) else {
                return Err(port_mismatch(
                    m.cycle(),
                    w,
                    &golden,
                    format!("the RTL reported a scalar load's writes with tag {tag}, which no load held"),
                ));
            };
            timing.sm_done(live.id, m.cycle());
            if let Some(r) = d.regs.get_mut(w) {
                for (reg, v) in sl_writes(&m) {
                    if let Reg::Sgpr(i) = reg
                        && let Some(x) = r.sgpr.get_mut(usize::from(i))
                    {
                        *x = v;
                    }
                }
            }
            if live.wave != w {
                return Err(port_mismatch(
                    m.cycle(),
                    w,
                    &golden,
                    format!(
                        "the RTL reported wave {w}'s scalar load writes for tag {tag}, which wave {} held",
                        live.wave
                    ),
                ));
            }
            if !opts.rtl_only {
                let got = sl_writes(&m);
                match sm_expect.remove(&tag) {
                    Some(e) => sl_check(m.cycle(), &e, &got)?,
                    None => {
                        sm_early.insert(tag, got);
                    }
                }
            }
        }
        lines.clear();
        if m.get(p.rt_valid) == 1 {
            retired += 1;
            last_retire = m.cycle();
            let words = &m.words(p.rt_inst)[..m.get(p.rt_dwords) as usize];
            let decoded = isa::decode(words);
            if decoded.as_ref().is_ok_and(|i| hdl_gen::sv::valu::is_valu(i.def())) {
                valu += 1;
            }
            if let Ok(i) = &decoded {
                *stats.by_unit.entry(i.def().unit.name()).or_insert(0) += 1;
            }
            let w = m.get(p.rt_wave) as usize;
            let status = m.get(p.rt_status) as u32;
            let ended = status == rtl::RT_ENDPGM || status == rtl::RT_FAULT;
            if ended {
                waves_done += 1;
                // A fault stops further launches; the workgroup's slots, ID and LDS are free
                // once all of its waves have ended.
                d.ended(w, status == rtl::RT_FAULT);
            }
            // What the wave's scalar registers hold now.
            if let Some(r) = d.regs.get_mut(w) {
                for (reg, v) in rtl_writes(&m) {
                    if let Reg::Sgpr(i) = reg
                        && let Some(x) = r.sgpr.get_mut(usize::from(i))
                    {
                        *x = v;
                    }
                }
            }
            // A wrong issue cycle is reported as a difference of the instruction that issued.
            let timing_err = timing
                .retire(w, m.cycle(), decoded.as_ref().ok(), ended)
                .err()
                .map(|e| retire_mismatch(&m, w, vec![format!("issue timing: {e}")]));
            let vw = vwrites.get_mut(w).map(std::mem::take).unwrap_or_default();
            // A scalar load that retired (not faulting) had its request taken: its tag.
            let sl_tag = if decoded.as_ref().is_ok_and(is_scalar_load) && status == rtl::RT_RETIRED {
                match sm_tags.get_mut(w).and_then(|t| t.pop_front()) {
                    Some(t) => Some(t),
                    None => {
                        return Err(retire_mismatch(
                            &m,
                            w,
                            vec!["a scalar load retired whose request the scalar port never took".into()],
                        ));
                    }
                }
            } else {
                None
            };
            // So did a late vector load (a fault too, if the port took it: with an error).
            let vl_tag = if decoded.as_ref().is_ok_and(|i| hdl_gen::sv::mem_late(i.def())) {
                match vl_tags.get_mut(w).and_then(|t| t.pop_front()) {
                    Some(t) => Some(t),
                    None if status == rtl::RT_RETIRED => {
                        return Err(retire_mismatch(
                            &m,
                            w,
                            vec!["a vector load retired whose request the vector port never took".into()],
                        ));
                    }
                    None => None,
                }
            } else {
                None
            };
            if traced {
                let text = inst_text(decoded, words);
                let writes = writes_text(&rtl_writes(&m), &vw);
                notes.retire(&mut lines, 10 * m.cycle() - 5, Some((&text, &writes)));
            }
            if opts.rtl_only {
                if let Some(e) = timing_err {
                    return Err(e);
                }
                // Only track which waves are done, and how.
                if status == rtl::RT_ENDPGM {
                    golden[w].status = Status::Ended;
                } else if status == rtl::RT_FAULT {
                    golden[w].status = Status::Faulted(rtl_fault(&m));
                }
            } else {
                let sh = d.regs.get(w).map_or(&[][..], |r| r.vgpr.as_slice());
                let mut seen = None;
                let want = (traced || gvcd.is_some()).then_some(&mut seen);
                let mut late = sl_tag.map(|_| BTreeMap::new());
                let mut vlate = vl_tag.map(|_| BTreeMap::new());
                let mut r = compare(
                    &mut golden,
                    code,
                    w,
                    &m,
                    &vw,
                    sh,
                    &d.wg,
                    (&mut gmem, &mut lds[d.lds_range(w)]),
                    m.cycle(),
                    want,
                    late.as_mut(),
                    vlate.as_mut(),
                );
                // A scalar load's writes: checked when rt_sl_* reports them (or now, if it did).
                if r.is_ok()
                    && let (Some(tag), Some(writes)) = (sl_tag, late)
                {
                    // (The load's own PC: the golden wave has moved past it.)
                    let pc = m.get(p.rt_pc);
                    let text = code.fetch(pc).map_or_else(|_| "?".into(), |i| i.to_string());
                    let e = SmemExpect { wave: w, pc, text, writes };
                    match sm_early.remove(&tag) {
                        Some(got) => r = sl_check(m.cycle(), &e, &got),
                        None => {
                            sm_expect.insert(tag, e);
                        }
                    }
                }
                // A late vector load's writes: checked when rt_vl_last_o reports them (or now).
                if r.is_ok()
                    && let (Some(tag), Some(writes)) = (vl_tag, vlate)
                {
                    let pc = m.get(p.rt_pc);
                    let text = code.fetch(pc).map_or_else(|_| "?".into(), |i| i.to_string());
                    let e = VlExpect { wave: w, pc, text, writes };
                    match vl_early.remove(&tag) {
                        Some(got) => r = vl_check(m.cycle(), &e, &got),
                        None => {
                            vl_expect.insert(tag, e);
                        }
                    }
                }
                if let Err(CosimError::Mismatch(mm)) = &mut r
                    && vl_expect.values().any(|e| e.wave == w)
                {
                    let regs: Vec<String> = vl_expect
                        .values()
                        .filter(|e| e.wave == w)
                        .flat_map(|e| e.writes.keys().map(|&k| format!("v{k}")))
                        .collect();
                    mm.diffs.push(format!(
                        "(vector loads of this wave are outstanding, to {}: an instruction that reads or writes \
                         them before s_waitcnt vmcnt(0) sees the old values, or is overwritten)",
                        regs.join(" ")
                    ));
                }
                // A wave that reads a scalar load's SGPRs before its s_waitcnt lgkmcnt(0) sees
                // the old values, as on the hardware: say so with a mismatch.
                if let Err(CosimError::Mismatch(mm)) = &mut r
                    && sm_expect.values().any(|e| e.wave == w)
                {
                    let regs: Vec<String> = sm_expect
                        .values()
                        .filter(|e| e.wave == w)
                        .flat_map(|e| e.writes.keys().map(|&k| reg_name(k)))
                        .collect();
                    mm.diffs.push(format!(
                        "(scalar loads of this wave are outstanding, to {}: an instruction that reads them \
                         before s_waitcnt lgkmcnt(0) sees the old values)",
                        regs.join(" ")
                    ));
                }
                // A store's bytes, once its instruction retires.
                if r.is_ok()
                    && let Some(i) = stores.iter().position(|(q, _)| q.wave == w)
                {
                    let (q, after) = stores.swap_remove(i);
                    let diffs = store_diffs(&gmem, &after, &q);
                    if !diffs.is_empty() {
                        r = Err(retire_mismatch(&m, w, diffs));
                    }
                }
                if r.is_ok()
                    && let Some(e) = timing_err
                {
                    r = Err(e);
                }
                // The golden side of the instruction, also when the models disagree on it.
                let (inst, writes) = seen.unwrap_or_default();
                if let Some(i) = inst {
                    last_inst[w] = Some(i);
                }
                let text = inst.map_or_else(|| "-".to_string(), |i| i.to_string());
                if traced && let Some(g) = golden.get(w) {
                    notes.wave(&mut lines, w, &wave_note(g, text.clone(), writes.clone()));
                }
                if let Some(g) = gvcd.as_mut() {
                    g.dump(m.cycle(), &golden, Some((w, &text, &writes)))?;
                }
                if let Err(CosimError::Mismatch(mut mm)) = r {
                    // Finish the traces, marked at the instruction, before reporting it.
                    m.annotate(&lines);
                    let at = (10 * mm.cycle - 5, mm.wave, mm.diffs.as_slice());
                    if let Some((path, _)) = trace {
                        // Some cycles past it, so that the viewer can show the marker inside
                        // the window (GTKWave shows nothing past a trace's end).
                        for _ in 0..AFTER_MISMATCH {
                            m.step();
                            lines.clear();
                            let retired = (m.get(p.rt_valid) == 1).then(|| {
                                let words = &m.words(p.rt_inst)[..m.get(p.rt_dwords) as usize];
                                let text = inst_text(isa::decode(words), words);
                                (text, writes_text(&rtl_writes(&m), &BTreeMap::new()))
                            });
                            let t = 10 * m.cycle() - 5;
                            notes.retire(
                                &mut lines,
                                t,
                                retired.as_ref().map(|(a, b)| (a.as_str(), b.as_str())),
                            );
                            m.annotate(&lines);
                        }
                        m.close_vcd()?;
                        mm.save_files.extend(write_save_file(
                            path,
                            &notes.save_file(path, rtl::TOP_SCOPE, &port_list(&m), Some(at)),
                        )?);
                    }
                    if let Some(g) = gvcd.take() {
                        mm.save_files.extend(g.finish(Some(at))?);
                    }
                    return Err(CosimError::Mismatch(mm));
                }
                r?;
            }
        } else if traced {
            notes.retire(&mut lines, 0, None);
        }
        if traced && !lines.is_empty() {
            m.annotate(&lines);
        }
        if let Some(pr) = &opts.progress {
            pr.update(retired, waves_done);
        }

        let golden_done = golden.iter().all(|g| matches!(g.status, Status::Ended | Status::Faulted(_)));
        let running = m.get(p.wave_running);
        if d.finished()
            && golden_done
            && running == 0
            && m.get(p.rt_valid) == 0
            && sm_live.is_empty()
            && vl_live.is_empty()
        {
            break;
        }
        // A fetch may take up to the longest latency (twice, for one queued behind another).
        let idle_limit = HANG_CYCLES + 2 * u64::from(opts.latency.1.max(opts.mem_latency.map_or(0, |l| l.1)));
        if m.cycle() - last_retire > idle_limit {
            let stuck = (0..slots)
                .filter(|&w| running >> w & 1 == 1)
                .map(|w| {
                    let mut s = stuck(&golden, &d.wg, w, code, &pending, &lds[d.lds_range(w)]);
                    if let Some(q) = spend.iter().filter(|q| q.wave == w).min_by_key(|q| q.due) {
                        s.on = format!(
                            "a scalar load (of {:#x}, tag {}, due at cycle {})",
                            q.addr, q.tag, q.due
                        );
                    }
                    if let Some((q, _)) = vpend.iter().filter(|(q, _)| q.wave == w).min_by_key(|(q, _)| q.due)
                    {
                        s.on = format!("a vector memory access (tag {}, due at cycle {})", q.tag, q.due);
                    }
                    s
                })
                .collect::<Vec<Stuck>>();
            if stuck.is_empty()
                && let Some(left) = d.left()
            {
                // No wave runs, yet workgroups are left: the dispatcher cannot place them.
                let (cycle, slots) = (m.cycle(), golden.iter().map(|g| format!("{:?}", g.status)).collect());
                return Err(CosimError::Undispatched { cycle, left, slots });
            }
            return Err(CosimError::Hang { cycle: m.cycle(), idle: idle_limit, stuck });
        }
    }
    m.close_vcd()?;
    let mut save_files = Vec::new();
    if let Some((path, _)) = trace {
        save_files
            .extend(write_save_file(path, &notes.save_file(path, rtl::TOP_SCOPE, &port_list(&m), None))?);
    }
    if let Some(g) = gvcd.take() {
        save_files.extend(g.finish(None)?);
    }
    let waves = golden
        .iter()
        .map(|g| match &g.status {
            Status::Faulted(f) => WaveEnd::Faulted(f.clone()),
            _ => WaveEnd::Ended,
        })
        .collect();
    if !opts.rtl_only
        && let Some(d) = memory_diff(&gmem, &rmem)
    {
        return Err(CosimError::MemoryDiffers(d));
    }
    // Run alone, the RTL's memory is the result.
    let memory = if opts.rtl_only { rmem } else { gmem };
    stats.cycles = m.cycle() - start;
    (stats.workgroups, stats.workgroups_peak) = (d.launched, d.peak);
    stats.instructions = retired;
    stats.valu_beats = valu * passes as u64;
    stats.finish();
    Ok(Report {
        cycles: m.cycle(),
        retired,
        valu,
        start,
        waves,
        state: golden,
        placed: d.placed.clone(),
        first_fault: d.first_fault,
        save_files,
        memory,
        stats,
        timing: timing.counts,
    })
}

/// A mismatch at the instruction wave `w` retires on the retire port this cycle.
fn retire_mismatch(m: &Model, w: usize, diffs: Vec<String>) -> CosimError {
    let p = m.p();
    let words = &m.words(p.rt_inst)[..m.get(p.rt_dwords) as usize];
    CosimError::Mismatch(Box::new(Mismatch {
        cycle: m.cycle(),
        wave: w,
        pc: m.get(p.rt_pc),
        text: inst_text(isa::decode(words), words),
        diffs,
        window_vcd: None,
        window_vcd_error: None,
        save_files: Vec::new(),
        origin: None,
    }))
}

/// The model's ports with their widths, and whether each is declared a vector.
fn port_list(m: &Model) -> Vec<(&'static str, u32, bool)> {
    let cfg = hdl_gen::sv::Config {
        num_waves: m.v.num_waves,
        lanes: m.v.lanes,
        vgprs: m.v.vgprs,
        ..hdl_gen::sv::Config::default()
    };
    hdl_gen::sv::ports::ports(&cfg).iter().map(|p| (p.name, p.bits, p.sv_type != "logic")).collect()
}

/// Writes the save file of `trace` (where [`waves::save_file_for`] puts it), if it has one.
fn write_save_file(trace: &Path, s: &SaveFile) -> Result<Option<PathBuf>, CosimError> {
    let Some(path) = waves::save_file_for(trace) else { return Ok(None) };
    s.write(&path)
        .map_err(|e| CosimError::Vcd(format!("writing the GTKWave save file {}: {e}", path.display())))?;
    Ok(Some(path))
}

/// The retire port's instruction as the traces show it: its disassembly, or its dwords when
/// it does not decode.
fn inst_text<E>(decoded: Result<Inst, E>, words: &[u32]) -> String {
    decoded.map_or_else(|_| format!("{words:08x?}"), |i| i.to_string())
}

/// A wave's golden state for the RTL trace's notes.
fn wave_note(g: &Wave, inst: String, writes: String) -> WaveNote {
    WaveNote {
        pc: g.pc,
        status: status_text(&g.status),
        scc: g.scc,
        exec: g.exec(),
        vcc: g.vcc(),
        m0: g.m0(),
        inst,
        writes,
    }
}

fn status_text(s: &Status) -> String {
    match s {
        Status::Running => "running".into(),
        Status::AtBarrier => "at barrier".into(),
        Status::Ended => "ended".into(),
        Status::Faulted(f) => format!("fault: {f}"),
    }
}

/// Writes as the traces show them: `s1=0x00000007 scc=1 v0[0-15]` (a VGPR's lanes when not all
/// 32), `-` for none.
fn writes_text(scalar: &BTreeMap<Reg, u32>, vector: &BTreeMap<u8, u32>) -> String {
    let mut parts: Vec<String> = scalar
        .iter()
        .map(|(r, v)| match r {
            Reg::Scc => format!("scc={v}"),
            r => format!("{}={v:#010x}", reg_name(*r)),
        })
        .collect();
    for (r, lanes) in vector {
        parts.push(if *lanes == u32::MAX { format!("v{r}") } else { format!("v{r}[{}]", lane_list(*lanes)) });
    }
    if parts.is_empty() { "-".into() } else { parts.join(" ") }
}

/// What wave `w`, still running on the RTL, is stuck on: the golden model is at the instruction
/// the RTL has not retired (every earlier one agreed); it says whether that instruction waits
/// (on counters, or at a barrier), and the memory port whether a fetch is outstanding.
fn stuck(golden: &[Wave], wg: &[u8], w: usize, code: &Code, pending: &[Pending], lds: &[u8]) -> Stuck {
    let Some(g) = golden.get(w) else {
        return Stuck {
            wave: w,
            pc: 0,
            text: None,
            on: "a wave the golden model never started".into(),
            origin: None,
        };
    };
    let inst = code.fetch(g.pc).ok();
    let text = inst.map(|i| i.to_string());
    let on = match &g.status {
        Status::AtBarrier => {
            let missing: Vec<usize> = (0..golden.len())
                .filter(|&v| wg[v] == wg[w] && golden[v].status == Status::Running)
                .collect();
            format!("a barrier (waves of its workgroup not there yet: {missing:?})")
        }
        Status::Ended | Status::Faulted(_) => {
            format!("nothing: the golden model has it {:?}, the RTL still runs it", g.status)
        }
        Status::Running => match pending.iter().filter(|q| usize::from(q.wave) == w).min_by_key(|q| q.due) {
            Some(q) => format!("a fetch (of {:#x}, due at cycle {})", q.addr, q.due),
            None if text.is_none() => "a fetch: its PC is outside the program".into(),
            None if inst.is_some_and(|i| i.def().unit == isa::Unit::Wait) => {
                let c = &g.counters;
                format!(
                    "a wait on the counters (the golden model's: vm {}, vs {}, lgkm {}, exp {})",
                    c.vm, c.vs, c.lgkm, c.exp
                )
            }
            None => {
                let mut probe = g.clone();
                match golden::step_lds(&mut probe, code, &mut lds.to_vec()).outcome {
                    Outcome::Waiting => "a wait: the golden model waits here too".into(),
                    o => format!("nothing the golden model sees (it would give: {o:?})"),
                }
            }
        },
    };
    Stuck { wave: w, pc: g.pc, text, on, origin: None }
}

/// Applies the RTL's VGPR writes of the last cycle to the shadow register file of their wave,
/// noting in `vw` (if there is one) for each register the lanes written (bit 0: lane 0).
fn vector_beat(m: &Model, slots: &mut [dispatcher::SlotRegs], mut vw: Option<&mut BTreeMap<u8, u32>>) {
    let p = m.p();
    let lanes = m.v.lanes;
    let en = m.words(p.rt_vwe);
    if en.iter().all(|&e| e == 0) {
        return;
    }
    let w = m.get(p.rt_vwave) as usize;
    let pass = m.get(p.rt_vpass) as u32;
    let regs = m.get(p.rt_vreg);
    let data = m.words(p.rt_vdata);
    let Some(sh) = slots.get_mut(w).map(|r| &mut r.vgpr) else { return };
    for b in 0..4u32 {
        let reg = (regs >> (8 * b)) as u8;
        for i in 0..lanes {
            let bit = b * 2 * lanes + 2 * i;
            let (lo, hi) = (
                en[(bit / 32) as usize] >> (bit % 32) & 1,
                en[((bit + 1) / 32) as usize] >> ((bit + 1) % 32) & 1,
            );
            if lo == 0 && hi == 0 {
                continue;
            }
            let lane = (pass * lanes + i) as usize;
            let d = data[(b * lanes + i) as usize];
            if let Some(r) = sh.get_mut(usize::from(reg)) {
                let keep = (if lo == 1 { 0 } else { 0xffff }) | (if hi == 1 { 0 } else { 0xffff_0000 });
                r[lane] = r[lane] & keep | d & !keep;
            }
            if let Some(vw) = vw.as_deref_mut() {
                *vw.entry(reg).or_insert(0) |= 1 << lane;
            }
        }
    }
}

/// A register of the canonical write map.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Reg {
    Sgpr(u8),
    Scc,
    Mode,
}

fn reg_name(r: Reg) -> String {
    match r {
        Reg::Sgpr(i) => isa::operand::reg_name(u32::from(i), 1).unwrap_or_else(|| format!("sgpr code {i}")),
        Reg::Scc => "scc".into(),
        Reg::Mode => "mode".into(),
    }
}

/// The final value each written scalar register gets (writes applied in order), and the lanes
/// of each VGPR written.
fn golden_writes(writes: impl Iterator<Item = Write>) -> (BTreeMap<Reg, u32>, BTreeMap<u8, u32>) {
    let mut out = BTreeMap::new();
    let mut v = BTreeMap::new();
    for w in writes {
        match w {
            Write::Sgpr { idx, value } => {
                out.insert(Reg::Sgpr(idx), value);
            }
            Write::Scc(x) => {
                out.insert(Reg::Scc, u32::from(x));
            }
            Write::Mode(x) => {
                out.insert(Reg::Mode, x);
            }
            Write::Vgpr { idx, lanes } => {
                *v.entry(idx).or_insert(0) |= lanes;
            }
        }
    }
    (out, v)
}

/// The RTL's scalar writes in the same form: EXEC first, then the destination, SCC and MODE.
fn rtl_writes(m: &Model) -> BTreeMap<Reg, u32> {
    let p = m.p();
    let mut out = BTreeMap::new();
    let (exec_we, exec) = (m.get(p.rt_exec_we), m.get(p.rt_exec));
    for k in 0..2u8 {
        if exec_we >> k & 1 == 1 {
            out.insert(Reg::Sgpr(isa::operand::EXEC_LO as u8 + k), (exec >> (32 * k)) as u32);
        }
    }
    let (we, sdst, data) = (m.get(p.rt_sdst_we), m.get(p.rt_sdst) as u8, m.words(p.rt_sdst_data));
    for k in 0..2u8 {
        if we >> k & 1 == 1 {
            out.insert(Reg::Sgpr(sdst.wrapping_add(k)), data[usize::from(k)]);
        }
    }
    if m.get(p.rt_scc_we) == 1 {
        out.insert(Reg::Scc, m.get(p.rt_scc) as u32);
    }
    if m.get(p.rt_mode_we) == 1 {
        out.insert(Reg::Mode, m.get(p.rt_mode) as u32);
    }
    out
}

/// A scalar load's SGPR writes as rt_sl_* reports them.
fn sl_writes(m: &Model) -> BTreeMap<Reg, u32> {
    let p = m.p();
    let (we, sdst, data) = (m.get(p.rt_sl_we), m.get(p.rt_sl_sdst) as u8, m.words(p.rt_sl_data));
    (0..16u8)
        .filter(|k| we >> k & 1 == 1)
        .map(|k| (Reg::Sgpr(sdst.wrapping_add(k)), data[usize::from(k)]))
        .collect()
}

/// The differences between the golden model's scalar writes and the RTL's.
fn scalar_diffs(golden: &BTreeMap<Reg, u32>, rtl: &BTreeMap<Reg, u32>) -> Vec<String> {
    let keys: std::collections::BTreeSet<Reg> = golden.keys().chain(rtl.keys()).copied().collect();
    keys.into_iter()
        .filter_map(|k| match (golden.get(&k), rtl.get(&k)) {
            (Some(a), Some(b)) if a == b => None,
            (Some(a), Some(b)) => Some(format!("{}: {a:#010x} (golden) vs {b:#010x} (RTL)", reg_name(k))),
            (Some(a), None) => Some(format!("{}: {a:#010x} (golden) vs not written (RTL)", reg_name(k))),
            (None, Some(b)) => Some(format!("{}: not written (golden) vs {b:#010x} (RTL)", reg_name(k))),
            (None, None) => None,
        })
        .collect()
}

/// A mismatch in a load's late writes, `diffs` between the golden model's (`e`) and the RTL's
/// (`what`: which writes, where reported).
fn late_check<W>(cycle: u64, e: &LateExpect<W>, diffs: Vec<String>, what: &str) -> Result<(), CosimError> {
    if diffs.is_empty() {
        return Ok(());
    }
    let mut diffs: Vec<String> =
        diffs.into_iter().map(|d| format!("{d}, written after the load retired")).collect();
    diffs.insert(0, format!("{what} differ:"));
    Err(CosimError::Mismatch(Box::new(Mismatch {
        cycle,
        wave: e.wave,
        pc: e.pc,
        text: e.text.clone(),
        diffs,
        window_vcd: None,
        window_vcd_error: None,
        save_files: Vec::new(),
        origin: None,
    })))
}

/// The differences between two models' VGPR writes: the lanes each wrote of every register
/// either wrote, and the values of every lane either wrote (a register one side lacks reads
/// as the other's values, its lanes as none).
fn vgpr_diffs(golden: &VgprWrites, rtl: &VgprWrites) -> Vec<String> {
    let mut diffs = Vec::new();
    let regs: std::collections::BTreeSet<u8> = golden.keys().chain(rtl.keys()).copied().collect();
    for r in regs {
        let (g, t) = (golden.get(&r), rtl.get(&r));
        let (gl, rl) = (g.map_or(0, |e| e.0), t.map_or(0, |e| e.0));
        let (gv, rv) = (g.or(t).map_or([0; 32], |e| e.1), t.or(g).map_or([0; 32], |e| e.1));
        if gl != rl {
            diffs.push(format!(
                "v{r}: lanes written: [{}] (golden) vs [{}] (RTL)",
                lane_list(gl),
                lane_list(rl)
            ));
        }
        let bad: Vec<String> = (0..32)
            .filter(|l| (gl | rl) >> l & 1 == 1 && gv[*l] != rv[*l])
            .map(|l| format!("lane {l}: {:#010x} vs {:#010x}", gv[l], rv[l]))
            .collect();
        if !bad.is_empty() {
            let n = bad.len();
            diffs.push(format!(
                "v{r} (golden vs RTL), {n} lane(s) differ: {}{}",
                bad[..n.min(8)].join(", "),
                if n > 8 { ", ..." } else { "" }
            ));
        }
    }
    diffs
}

/// Checks a scalar load's writes (`got`, from rt_sl_*) against the golden model's.
fn sl_check(cycle: u64, e: &SmemExpect, got: &BTreeMap<Reg, u32>) -> Result<(), CosimError> {
    late_check(cycle, e, scalar_diffs(&e.writes, got), "the scalar load's SGPR writes (rt_sl_*)")
}

/// Checks a late vector load's VGPR writes (`got`, from the writes flagged rt_vl_o) against
/// the golden model's.
fn vl_check(cycle: u64, e: &VlExpect, got: &VgprWrites) -> Result<(), CosimError> {
    late_check(cycle, e, vgpr_diffs(&e.writes, got), "the vector load's VGPR writes (rt_vl_*)")
}

/// A protocol error on a memory port, reported at wave `w`'s current instruction.
fn port_mismatch(cycle: u64, w: usize, golden: &[Wave], what: String) -> CosimError {
    let pc = golden.get(w).map_or(0, |g| g.pc);
    CosimError::Mismatch(Box::new(Mismatch {
        cycle,
        wave: w,
        pc,
        text: "-".into(),
        diffs: vec![what],
        window_vcd: None,
        window_vcd_error: None,
        save_files: Vec::new(),
        origin: None,
    }))
}

/// Whether `i` is a scalar load (SMEM, not an invalidate): it retires when the port takes it.
fn is_scalar_load(i: &Inst) -> bool {
    matches!(i.def().access, Some(isa::MemAccess::ScalarLoad { .. }))
}

/// The fault the RTL retired, as the golden model names it (with what the RTL tells: the PC,
/// the code and the instruction).
fn rtl_fault(m: &Model) -> Fault {
    let p = m.p();
    let pc = m.get(p.rt_pc);
    let words = &m.words(p.rt_inst)[..m.get(p.rt_dwords) as usize];
    let text = inst_text(isa::decode(words), words);
    match m.get(p.rt_fault) as u32 {
        rtl::FAULT_FETCH => Fault::Fetch { pc },
        rtl::FAULT_ILLEGAL => Fault::Illegal { pc, why: format!("{text} (the RTL's decoder)") },
        rtl::FAULT_MEMORY => Fault::Memory { pc, what: format!("{text}: an access outside the allocations") },
        _ => Fault::NotImplemented { pc, what: format!("{text}: the RTL does not execute it") },
    }
}

fn outcome_name(status: u32, fault: u32) -> String {
    match (status, fault) {
        (rtl::RT_RETIRED, _) => "retired".into(),
        (rtl::RT_ENDPGM, _) => "ended".into(),
        (rtl::RT_BARRIER, _) => "at barrier".into(),
        (rtl::RT_FAULT, rtl::FAULT_FETCH) => "fetch fault".into(),
        (rtl::RT_FAULT, rtl::FAULT_ILLEGAL) => "illegal instruction".into(),
        (rtl::RT_FAULT, rtl::FAULT_NOT_IMPLEMENTED) => "not implemented".into(),
        (rtl::RT_FAULT, rtl::FAULT_MEMORY) => "memory fault".into(),
        _ => format!("status {status} fault {fault}"),
    }
}

fn golden_outcome(o: &Outcome) -> (u32, u32) {
    match o {
        Outcome::Retired | Outcome::Waiting => (rtl::RT_RETIRED, 0),
        Outcome::Barrier => (rtl::RT_BARRIER, 0),
        Outcome::Ended => (rtl::RT_ENDPGM, 0),
        Outcome::Fault(Fault::Fetch { .. }) => (rtl::RT_FAULT, rtl::FAULT_FETCH),
        Outcome::Fault(Fault::Illegal { .. }) => (rtl::RT_FAULT, rtl::FAULT_ILLEGAL),
        Outcome::Fault(Fault::Memory { .. }) => (rtl::RT_FAULT, rtl::FAULT_MEMORY),
        Outcome::Fault(_) => (rtl::RT_FAULT, rtl::FAULT_NOT_IMPLEMENTED),
    }
}

/// Lanes of `mask` as a short list (`0-3,7`).
fn lane_list(mask: u32) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut l = 0;
    while l < 32 {
        if mask >> l & 1 == 1 {
            let start = l;
            while l + 1 < 32 && mask >> (l + 1) & 1 == 1 {
                l += 1;
            }
            out.push(if start == l { format!("{l}") } else { format!("{start}-{l}") });
        }
        l += 1;
    }
    out.join(",")
}

#[allow(clippy::too_many_arguments)]
fn compare(
    golden: &mut [Wave],
    code: &Code,
    w: usize,
    m: &Model,
    rtl_vwrites: &BTreeMap<u8, u32>,
    shadow: &[[u32; 32]],
    wgs: &[u8],
    (mem, lds): (&mut Memory, &mut [u8]),
    cycle: u64,
    seen: Option<&mut Option<(Option<Inst>, String)>>,
    late: Option<&mut BTreeMap<Reg, u32>>,
    vlate: Option<&mut VgprWrites>,
) -> Result<(), CosimError> {
    let p = m.p();
    let rtl_inst: Vec<u32> = m.words(p.rt_inst)[..m.get(p.rt_dwords) as usize].to_vec();
    let rtl_text =
        isa::decode(&rtl_inst).map_or_else(|_| format!("{rtl_inst:08x?}"), |i: Inst| i.to_string());
    let rt_pc = m.get(p.rt_pc);
    let fail = |pc: u64, text: String, diffs: Vec<String>| {
        CosimError::Mismatch(Box::new(Mismatch {
            cycle,
            wave: w,
            pc,
            text,
            diffs,
            window_vcd: None,
            window_vcd_error: None,
            save_files: Vec::new(),
            origin: None,
        }))
    };
    let Some(g) = golden.get_mut(w) else {
        return Err(fail(
            rt_pc,
            rtl_text,
            vec![format!("the RTL retired an instruction of wave {w}, which was never started")],
        ));
    };
    match &g.status {
        Status::Running => {}
        Status::AtBarrier => {
            // The RTL let this wave past its barrier: every other running wave of the
            // workgroup must have arrived.
            let wg = wgs[w];
            let early: Vec<usize> =
                (0..golden.len()).filter(|&v| wgs[v] == wg && golden[v].status == Status::Running).collect();
            if !early.is_empty() {
                return Err(fail(
                    rt_pc,
                    rtl_text,
                    vec![format!(
                        "wave {w} left s_barrier while waves {early:?} of its workgroup had not reached it"
                    )],
                ));
            }
            for (v, gw) in golden.iter_mut().enumerate() {
                if wgs[v] == wg && gw.status == Status::AtBarrier {
                    gw.status = Status::Running;
                }
            }
        }
        other => {
            return Err(fail(
                rt_pc,
                rtl_text,
                vec![format!("the RTL retired an instruction of wave {w}, whose golden status is {other:?}")],
            ));
        }
    }
    let g = &mut golden[w];
    let step = golden::step_mem(g, code, mem, lds);
    let text = step.inst.map_or_else(|| rtl_text.clone(), |i| i.to_string());
    let mut diffs = Vec::new();
    if step.pc != rt_pc {
        diffs.push(format!("pc: {:#x} (golden) vs {:#x} (RTL)", step.pc, rt_pc));
    }
    let golden_inst = step.inst.map(|i| i.encode()).unwrap_or_default();
    if golden_inst != rtl_inst {
        diffs.push(format!("instruction: {golden_inst:08x?} (golden) vs {rtl_inst:08x?} (RTL `{rtl_text}`)"));
    }
    if step.outcome == Outcome::Waiting {
        diffs.push("the golden model waits here, but the RTL retired the instruction".into());
    }
    let (gs, gf) = golden_outcome(&step.outcome);
    let status = m.get(p.rt_status) as u32;
    let (rs, rf) = (status, if status == rtl::RT_FAULT { m.get(p.rt_fault) as u32 } else { 0 });
    if (gs, gf) != (rs, rf) {
        let why = match &step.outcome {
            Outcome::Fault(f) => format!(" ({f})"),
            _ => String::new(),
        };
        diffs.push(format!(
            "outcome: {}{why} (golden) vs {} (RTL)",
            outcome_name(gs, gf),
            outcome_name(rs, rf)
        ));
    }
    let (mut gw, gv) = golden_writes(step.writes.iter());
    if let Some(seen) = seen {
        *seen = Some((step.inst, writes_text(&gw, &gv)));
    }
    // A scalar load's SGPR writes come later (rt_sl_*): the caller checks them then.
    if let Some(late) = late {
        gw.retain(|&k, &mut v| {
            let sgpr = matches!(k, Reg::Sgpr(_));
            if sgpr {
                late.insert(k, v);
            }
            !sgpr
        });
    }
    diffs.extend(scalar_diffs(&gw, &rtl_writes(m)));
    // A late vector load's VGPR writes come later (rt_vl_*): the caller checks them then.
    let mut gv = gv;
    if let Some(vlate) = vlate {
        for (r, mask) in std::mem::take(&mut gv) {
            vlate.insert(r, (mask, g.vgpr.get(usize::from(r)).copied().unwrap_or([0; 32])));
        }
    }
    // VGPRs: the lanes each model wrote, and the values of every lane either wrote.
    let vregs: std::collections::BTreeSet<u8> = gv.keys().chain(rtl_vwrites.keys()).copied().collect();
    let both = |r: u8| {
        (
            g.vgpr.get(usize::from(r)).copied().unwrap_or([0; 32]),
            shadow.get(usize::from(r)).copied().unwrap_or([0; 32]),
        )
    };
    let golden_side: VgprWrites =
        vregs.iter().map(|&r| (r, (gv.get(&r).copied().unwrap_or(0), both(r).0))).collect();
    let rtl_side: VgprWrites =
        vregs.iter().map(|&r| (r, (rtl_vwrites.get(&r).copied().unwrap_or(0), both(r).1))).collect();
    diffs.extend(vgpr_diffs(&golden_side, &rtl_side));
    if matches!(step.outcome, Outcome::Retired | Outcome::Barrier) && step.next_pc != m.get(p.rt_next_pc) {
        diffs.push(format!("next pc: {:#x} (golden) vs {:#x} (RTL)", step.next_pc, m.get(p.rt_next_pc)));
    }
    if diffs.is_empty() { Ok(()) } else { Err(fail(step.pc, text, diffs)) }
}

/// The golden model's architectural state as VCD, on the RTL trace's time axis.
struct GoldenVcd {
    w: vcd::Writer<BufWriter<File>>,
    path: PathBuf,
    vars: Vec<WaveVars>,
    /// What was last written, so that only changes are dumped.
    last: Vec<Option<Wave>>,
    /// Per wave, the SGPRs and VGPRs that changed during the run (for the save file).
    changed: Vec<(std::collections::BTreeSet<usize>, std::collections::BTreeSet<usize>)>,
    /// The time of the first instruction retired, where the save file's view starts.
    first: Option<u64>,
}

/// The golden trace's scope.
const GOLDEN_SCOPE: &str = "golden";

/// A traced value: its VCD id, width, and how to read it off a wave.
type WaveField = (vcd::IdCode, u32, fn(&Wave) -> u64);

struct WaveVars {
    pc: vcd::IdCode,
    scc: vcd::IdCode,
    exec: vcd::IdCode,
    vcc: vcd::IdCode,
    m0: vcd::IdCode,
    mode: vcd::IdCode,
    /// running, at barrier, ended, or the fault (a string).
    status: vcd::IdCode,
    /// The instruction it retired last and what that wrote (strings).
    inst: vcd::IdCode,
    writes: vcd::IdCode,
    sgpr: Vec<vcd::IdCode>,
    /// VGPRs, all 32 lanes in one value (lane 31 in the top bits).
    vgpr: Vec<vcd::IdCode>,
}

impl GoldenVcd {
    fn create(path: &Path, waves: usize, vgprs: usize) -> Result<GoldenVcd, CosimError> {
        let err =
            |e: std::io::Error| CosimError::Vcd(format!("writing the golden VCD {}: {e}", path.display()));
        let f = File::create(path).map_err(err)?;
        let mut w = vcd::Writer::new(BufWriter::new(f));
        w.timescale(1, vcd::TimescaleUnit::PS).map_err(err)?;
        w.add_module(GOLDEN_SCOPE).map_err(err)?;
        let mut vars = Vec::new();
        for k in 0..waves {
            w.add_module(&format!("wave{k}")).map_err(err)?;
            let inst = w.add_var(vcd::VarType::String, 1, "inst", None).map_err(err)?;
            let pc = w.add_wire(48, "pc").map_err(err)?;
            let scc = w.add_wire(1, "scc").map_err(err)?;
            let exec = w.add_wire(64, "exec").map_err(err)?;
            let vcc = w.add_wire(64, "vcc").map_err(err)?;
            let m0 = w.add_wire(32, "m0").map_err(err)?;
            let mode = w.add_wire(32, "mode").map_err(err)?;
            let status = w.add_var(vcd::VarType::String, 1, "status", None).map_err(err)?;
            let writes = w.add_var(vcd::VarType::String, 1, "writes", None).map_err(err)?;
            let mut sgpr = Vec::new();
            for i in 0..isa::operand::NUM_SGPRS {
                sgpr.push(w.add_wire(32, &format!("s{i}")).map_err(err)?);
            }
            let mut vgpr = Vec::new();
            for i in 0..vgprs {
                vgpr.push(w.add_wire(1024, &format!("v{i}")).map_err(err)?);
            }
            w.upscope().map_err(err)?;
            vars.push(WaveVars { pc, scc, exec, vcc, m0, mode, status, inst, writes, sgpr, vgpr });
        }
        w.upscope().map_err(err)?;
        w.enddefinitions().map_err(err)?;
        Ok(GoldenVcd {
            w,
            path: path.to_path_buf(),
            vars,
            last: vec![None; waves],
            changed: vec![Default::default(); waves],
            first: None,
        })
    }

    /// Writes out what is buffered, with the first error (dropping the writer would lose it),
    /// and the save file (marked at `mismatch`: time, wave, what differs); the save file's
    /// path, if the trace has one.
    fn finish(mut self, mismatch: Option<(u64, usize, &[String])>) -> Result<Option<PathBuf>, CosimError> {
        let path = &self.path;
        if let Some((t, ..)) = mismatch {
            // A last time step past the mismatch, as the RTL trace has (see AFTER_MISMATCH).
            self.w
                .timestamp(t + 10 * AFTER_MISMATCH)
                .map_err(|e| CosimError::Vcd(format!("writing the golden VCD {}: {e}", path.display())))?;
        }
        self.w
            .flush()
            .map_err(|e| CosimError::Vcd(format!("writing the golden VCD {}: {e}", path.display())))?;
        let mut s = SaveFile::new(path);
        s.start(self.first.unwrap_or(0).saturating_sub(20));
        if let Some((t, w, what)) = mismatch {
            s.mismatch(t, w, what);
        }
        for k in waves::wave_order(self.vars.len(), mismatch.map(|(_, w, _)| w)) {
            let scope = format!("{GOLDEN_SCOPE}.wave{k}");
            let name = format!("wave {k}: golden state after each instruction it retired");
            s.begin_group(&name, mismatch.is_none_or(|(_, w, _)| w == k));
            for (var, bits) in
                [("inst", 1), ("pc", 48), ("status", 1), ("scc", 1), ("exec", 64), ("vcc", 64), ("m0", 32)]
            {
                s.signal(&waves::vector_name(&scope, var, bits), if bits > 1 { Fmt::Hex } else { Fmt::Bin });
            }
            s.signal(&format!("{scope}.writes"), Fmt::Bin);
            let (sg, vg) = &self.changed[k];
            if !sg.is_empty() || !vg.is_empty() {
                let regs = format!("wave {k}: registers written");
                s.begin_group(&regs, true);
                for i in sg {
                    s.signal(&waves::vector_name(&scope, &format!("s{i}"), 32), Fmt::Hex);
                }
                for i in vg {
                    s.signal(&waves::vector_name(&scope, &format!("v{i}"), 1024), Fmt::Hex);
                }
                s.end_group(&regs);
            }
            s.end_group(&name);
        }
        write_save_file(path, &s)
    }

    /// Dumps what changed in every wave's state as of the end of `cycle` (the RTL's rising
    /// edge of that cycle is at 10 * cycle - 5 in its own trace), with the text and writes of
    /// the instruction a wave retired in it.
    fn dump(
        &mut self,
        cycle: u64,
        waves: &[Wave],
        retired: Option<(usize, &str, &str)>,
    ) -> Result<(), CosimError> {
        let path = &self.path;
        let err =
            |e: std::io::Error| CosimError::Vcd(format!("writing the golden VCD {}: {e}", path.display()));
        let t = cycle * 10 - 5;
        self.w.timestamp(t).map_err(err)?;
        if let Some((k, text, writes)) = retired
            && let Some(v) = self.vars.get(k)
        {
            self.first.get_or_insert(t);
            self.w.change_string(v.inst, &waves::escape(text)).map_err(err)?;
            self.w.change_string(v.writes, &waves::escape(writes)).map_err(err)?;
        }
        fn vec(x: u64, bits: u32) -> impl Iterator<Item = vcd::Value> {
            (0..bits).rev().map(move |b| vcd::Value::from(x >> b & 1 == 1))
        }
        for (((v, g), last), touched) in
            self.vars.iter().zip(waves).zip(self.last.iter_mut()).zip(self.changed.iter_mut())
        {
            let old = last.as_ref();
            if old.is_none() {
                self.w.change_string(v.inst, "-").map_err(err)?;
                self.w.change_string(v.writes, "-").map_err(err)?;
            }
            if old.is_none_or(|o| o.status != g.status) {
                self.w.change_string(v.status, &waves::escape(&status_text(&g.status))).map_err(err)?;
            }
            let changed = |f: fn(&Wave) -> u64| old.is_none_or(|o| f(o) != f(g));
            let w = &mut self.w;
            let fields: [WaveField; 6] = [
                (v.pc, 48, |w| w.pc),
                (v.scc, 1, |w| u64::from(w.scc)),
                (v.exec, 64, |w| w.exec()),
                (v.vcc, 64, |w| w.vcc()),
                (v.m0, 32, |w| u64::from(w.m0())),
                (v.mode, 32, |w| u64::from(w.mode)),
            ];
            for (id, bits, f) in fields {
                if changed(f) {
                    w.change_vector(id, vec(f(g), bits)).map_err(err)?;
                }
            }
            for (i, id) in v.sgpr.iter().enumerate() {
                if old.is_none_or(|o| o.sgpr[i] != g.sgpr[i]) {
                    if old.is_some() {
                        touched.0.insert(i);
                    }
                    w.change_vector(*id, vec(u64::from(g.sgpr[i]), 32)).map_err(err)?;
                }
            }
            for (i, id) in v.vgpr.iter().enumerate() {
                if old.is_none_or(|o| o.vgpr.get(i) != g.vgpr.get(i)) {
                    if old.is_some() {
                        touched.1.insert(i);
                    }
                    let lanes = g.vgpr.get(i).copied().unwrap_or([0; 32]);
                    let bits = lanes.iter().rev().flat_map(|x| vec(u64::from(*x), 32)).collect::<Vec<_>>();
                    w.change_vector(*id, bits).map_err(err)?;
                }
            }
            *last = Some(g.clone());
        }
        Ok(())
    }
}

impl From<rtl::VcdError> for CosimError {
    fn from(e: rtl::VcdError) -> CosimError {
        CosimError::Vcd(e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The hang report says, for each stuck wave, where it is and what it waits on.
    #[test]
    fn a_hang_names_each_wave_its_pc_and_what_it_waits_on() {
        let src = "s_waitcnt vmcnt(0)\ns_barrier\ns_endpgm\n";
        let code = Code::new(0x1000, rdna3_isa::asm::assemble(src, "t.s").expect("assembles").dwords());
        let inits: Vec<WaveInit> = (0..4).map(|_| WaveInit::new(0x1000)).collect();
        let mut golden: Vec<Wave> = inits.iter().map(|w| w.golden(256)).collect();
        // Wave 0 waits on a counter, wave 1 at the barrier, wave 2 for a fetch, wave 3 ran
        // off the program.
        golden[0].counters.vm = 1;
        golden[1].pc = 0x1004;
        golden[1].status = Status::AtBarrier;
        golden[3].pc = 0x2000;
        let pending = [Pending { due: 900, seq: 0, wave: 2, addr: 0x1000 }];
        let s: Vec<String> =
            (0..4).map(|w| stuck(&golden, &[0; 4], w, &code, &pending, &[]).to_string()).collect();
        assert_eq!(
            s[0],
            "wave 0 at pc 0x1000: s_waitcnt vmcnt(0): a wait on the counters (the golden model's: vm 1, vs 0, lgkm 0, exp 0)"
        );
        assert_eq!(
            s[1],
            "wave 1 at pc 0x1004: s_barrier: a barrier (waves of its workgroup not there yet: [0, 2, 3])"
        );
        assert_eq!(s[2], "wave 2 at pc 0x1000: s_waitcnt vmcnt(0): a fetch (of 0x1000, due at cycle 900)");
        assert_eq!(s[3], "wave 3 at pc 0x2000: (no instruction): a fetch: its PC is outside the program");
        let e = CosimError::Hang {
            cycle: 5000,
            idle: 20_000,
            stuck: vec![stuck(&golden, &[0; 4], 1, &code, &pending, &[])],
        };
        assert!(e.to_string().starts_with("the RTL retired nothing for 20000 cycles (cycle 5000); one wave is still running:\n  wave 1 at pc 0x1004"), "{e}");
    }
}

/// What a kernel's run on the RTL measured.
#[derive(Clone, Debug)]
pub struct KernelReport {
    /// Final contents of every buffer argument, by argument index.
    pub buffers: Vec<(usize, Vec<u8>)>,
    pub waves: u64,
    /// The performance counters of the whole dispatch (cycles from the first waves' start to
    /// the last one's end, the instructions the RTL retired, ...).
    pub stats: Stats,
}

/// Why a kernel's run on the RTL failed.
#[derive(Debug, thiserror::Error)]
pub enum KernelError {
    #[error("{0}")]
    Launch(#[from] crate::launch::RunError),
    #[error("{err}")]
    Cosim { err: CosimError },
    #[error(
        "a workgroup of {waves} waves; the model `{model}` runs at most {max} at once (a smaller --block fits)"
    )]
    TooManyWaves { waves: usize, max: u32, model: String },
    #[error("workgroup ({}, {}, {}) wave {wave}: {fault}", group[0], group[1], group[2])]
    Fault { group: [u32; 3], wave: usize, fault: Fault },
}

impl Groups for crate::launch::Dispatch<'_> {
    fn count(&self) -> u64 {
        self.groups()
    }
    fn waves_per_group(&self) -> usize {
        self.waves_per_group
    }
    fn waves(&self, i: u64, slots: &[usize]) -> Vec<WaveInit> {
        let given = dispatcher::Given::Launch { sgprs: self.launch_sgprs(), vgprs: 1 };
        crate::launch::Dispatch::waves(self, i, slots)
            .iter()
            .map(|w| WaveInit { given, ..WaveInit::from_wave(w) })
            .collect()
    }
    fn name(&self, i: u64) -> String {
        let [x, y, z] = self.group_id(i);
        format!("workgroup ({x}, {y}, {z})")
    }
}

/// Runs `kernel` of `co` on the RTL model of `opts.model`: its workgroups in dispatch order,
/// as many at once as the model's wave slots and LDS hold, each launched as soon as the
/// resources it needs are free ([`cosim_groups`]), its waves set up through the dispatcher
/// port as the golden dispatcher sets them up (see [`crate::launch::Dispatch`]), with the
/// kernel's LDS size and the dispatch's global memory on the memory ports. With
/// `opts.rtl_only` the RTL runs alone; otherwise every retired instruction, every store and
/// the memory at the end are compared with the golden model. Traces (`opts.vcd`,
/// `opts.golden_vcd`) cover the whole dispatch.
pub fn run_kernel(
    co: &crate::loader::CodeObject,
    kernel: &str,
    launch: &crate::launch::Launch,
    opts: &Options,
) -> Result<KernelReport, KernelError> {
    let v = rtl::variant(&opts.model).ok_or_else(|| KernelError::Cosim {
        err: CosimError::NoModel(rtl::NoModel(
            opts.model.clone(),
            rtl::VARIANTS.iter().map(|v| v.name).collect::<Vec<_>>().join(", "),
        )),
    })?;
    let mut d = crate::launch::Dispatch::new(co, kernel, launch, v.num_waves as usize)?;
    if d.waves_per_group > v.num_waves as usize {
        return Err(KernelError::TooManyWaves {
            waves: d.waves_per_group,
            max: v.num_waves,
            model: opts.model.clone(),
        });
    }
    let o = Options {
        memory: Some(std::mem::take(&mut d.mem)),
        lds: Some(d.lds_bytes.next_multiple_of(4) as u32),
        ..opts.clone()
    };
    let mut r = cosim_groups(&co.code, &d, &o).map_err(|err| KernelError::Cosim { err })?;
    // The first wave that faulted (the others ran on until they ended; no workgroup was
    // launched after it).
    if let Some(w) = r.first_fault
        && let Some(WaveEnd::Faulted(fault)) = r.waves.get(w)
    {
        let (i, wave) = r.placed.get(w).copied().flatten().unwrap_or((0, w));
        return Err(KernelError::Fault { group: d.group_id(i), wave, fault: fault.clone() });
    }
    let waves = d.groups() * d.waves_per_group as u64;
    Ok(KernelReport { buffers: d.buffers(&mut r.memory), waves, stats: r.stats })
}
