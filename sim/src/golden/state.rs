//! Wave state, wait counters, faults, instruction memory, and what one step of a wave reports.

use std::fmt;

use rdna3_isa::{self as isa, Inst};

pub use rdna3_isa::syntax::MODE_WRITABLE;

/// PC bits: 48-bit byte address, dword aligned.
pub const PC_MASK: u64 = 0x0000_ffff_ffff_fffc;

/// Wait counters of a wave (guide Table 4).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counters {
    pub vm: u32,
    pub vs: u32,
    pub lgkm: u32,
    pub exp: u32,
}

/// Largest value of the 6-bit counters; an instruction that would pass it completes the
/// oldest operation first (the hardware stalls issue until one completes).
pub(super) const COUNTER_MAX: u32 = 63;

/// `counters` with `n` more operations on the counter `pick` selects, saturating at the
/// counter's maximum (the hardware would stall issue until the oldest completes; here it
/// completes at once).
pub(super) fn issue(counters: &mut Counters, pick: fn(&mut Counters) -> &mut u32, n: u32) {
    let c = pick(counters);
    *c = (*c + n).min(COUNTER_MAX);
}

/// Whether a wave can still run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    Running,
    /// Waiting at `s_barrier` for the other waves of its workgroup.
    AtBarrier,
    Ended,
    Faulted(Fault),
}

/// The architectural state of one wave.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wave {
    /// Scalar register storage by operand code: 0..=105 SGPRs, 106/107 VCC_LO/HI,
    /// 108..=123 TTMP0..15, 125 M0, 126/127 EXEC_LO/HI. Entry 124 (NULL) stays zero.
    pub sgpr: [u32; 128],
    pub scc: bool,
    /// Byte address of the next instruction.
    pub pc: u64,
    pub mode: u32,
    pub counters: Counters,
    pub status: Status,
    /// VGPRs v0..v255, 32 lanes each (wave32).
    pub vgpr: Vec<[u32; 32]>,
    /// The wave sent MSG_DEALLOC_VGPRS: its VGPRs are gone, and touching one is a fault.
    pub vgprs_released: bool,
    /// Address of the wave's private (scratch) segment, FLAT_SCRATCH: 32 lanes of
    /// `scratch_lane_bytes` each, swizzled by dword (guide 11.2).
    pub scratch_base: u64,
    /// Private bytes per work-item (0: the wave has no scratch).
    pub scratch_lane_bytes: u32,
}

impl Wave {
    /// A wave about to run its first instruction at `pc`, with EXEC all ones (wave32) and every
    /// other register zero.
    pub fn new(pc: u64) -> Wave {
        Wave::with_vgprs(pc, 256)
    }

    /// A wave with `vgprs` VGPRs allocated (1..=256): the others read as v0 and ignore writes
    /// (guide 7.2.7).
    pub fn with_vgprs(pc: u64, vgprs: usize) -> Wave {
        let mut sgpr = [0; 128];
        sgpr[isa::operand::EXEC_LO as usize] = u32::MAX;
        Wave {
            sgpr,
            scc: false,
            pc: pc & PC_MASK,
            mode: 0,
            counters: Counters::default(),
            status: Status::Running,
            vgpr: vec![[0; 32]; vgprs.clamp(1, 256)],
            vgprs_released: false,
            scratch_base: 0,
            scratch_lane_bytes: 0,
        }
    }
    pub fn exec(&self) -> u64 {
        u64::from(self.sgpr[126]) | u64::from(self.sgpr[127]) << 32
    }
    pub fn vcc(&self) -> u64 {
        u64::from(self.sgpr[106]) | u64::from(self.sgpr[107]) << 32
    }
    pub fn m0(&self) -> u32 {
        self.sgpr[125]
    }
}

/// Why a wave stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// No instruction could be fetched at this address.
    Fetch { pc: u64 },
    /// The bytes are not an instruction, or an instruction the guide makes illegal
    /// (a reserved operand code, `s_code_end`).
    Illegal { pc: u64, why: String },
    /// A valid instruction that this model does not execute (yet): messages, traps, ...
    NotImplemented { pc: u64, what: String },
    /// The run reached its instruction limit.
    Limit { pc: u64, limit: u64 },
    /// A memory access outside every allocation (global), or outside the workgroup's LDS.
    Memory { pc: u64, what: String },
    /// `s_trap`, or another event that would enter a trap handler; none is installed.
    Trap { pc: u64, what: String },
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::Fetch { pc } => write!(f, "instruction fetch fault at {pc:#x}"),
            Fault::Illegal { pc, why } => write!(f, "illegal instruction at {pc:#x}: {why}"),
            Fault::NotImplemented { pc, what } => write!(f, "not implemented at {pc:#x}: {what}"),
            Fault::Limit { pc, limit } => write!(f, "instruction limit of {limit} reached at {pc:#x}"),
            Fault::Memory { pc, what } => write!(f, "memory fault at {pc:#x}: {what}"),
            Fault::Trap { pc, what } => write!(f, "trap at {pc:#x}: {what} (no trap handler is installed)"),
        }
    }
}

/// One architectural write of a retired instruction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Write {
    /// A dword of scalar storage, by operand code (VCC 106/107, M0 125, EXEC 126/127).
    Sgpr {
        idx: u8,
        value: u32,
    },
    Scc(bool),
    Mode(u32),
    /// The lanes of a VGPR that the instruction wrote (set bits of `lanes`); the values are
    /// in the wave after the step.
    Vgpr {
        idx: u8,
        lanes: u32,
    },
}

/// The writes of one instruction, in the order the instruction makes them.
#[derive(Clone, Copy, Default, PartialEq, Eq)]
pub struct Writes {
    items: [Option<Write>; MAX_WRITES],
    len: u8,
}

/// Most writes one instruction makes: `s_load_b512` writes sixteen SGPRs; a VALU op with a
/// 64-bit vector and a 64-bit scalar destination four.
pub const MAX_WRITES: usize = 20;

impl Writes {
    pub fn push(&mut self, w: Write) {
        // MAX_WRITES is more than any instruction makes; one more is a defect of the model.
        assert!((self.len as usize) < self.items.len(), "more than {MAX_WRITES} writes in one instruction");
        self.items[self.len as usize] = Some(w);
        self.len += 1;
    }
    pub fn iter(&self) -> impl Iterator<Item = Write> + '_ {
        self.items[..self.len as usize].iter().flatten().copied()
    }
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    pub fn clear(&mut self) {
        self.len = 0;
    }
}

impl fmt::Debug for Writes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// What happened when a wave took a step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The instruction retired; the wave continues at `next_pc`.
    Retired,
    /// `s_barrier` retired; the wave waits for its workgroup.
    Barrier,
    /// `s_endpgm` retired; the wave is done.
    Ended,
    /// A wait instruction whose condition does not hold: nothing retired, the wave must wait
    /// and then execute the same instruction again.
    Waiting,
    /// The wave stopped with a fault; nothing retired.
    Fault(Fault),
}

/// One step of a wave: the instruction, its writes, and where the wave goes next.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub pc: u64,
    /// The instruction, when one could be decoded.
    pub inst: Option<Inst>,
    pub writes: Writes,
    pub next_pc: u64,
    pub outcome: Outcome,
}

/// Instruction memory: a contiguous block of dwords at a base address.
#[derive(Clone, Debug, Default)]
pub struct Code {
    pub base: u64,
    pub dwords: Vec<u32>,
}

impl Code {
    pub fn new(base: u64, dwords: Vec<u32>) -> Code {
        Code { base: base & PC_MASK, dwords }
    }
    /// The dwords from `pc` to the end of the block, or `None` outside it.
    pub fn at(&self, pc: u64) -> Option<&[u32]> {
        let off = pc.checked_sub(self.base)?;
        if off % 4 != 0 {
            return None;
        }
        self.dwords.get(usize::try_from(off / 4).ok()?..).filter(|s| !s.is_empty())
    }
    /// Decodes the instruction at `pc`.
    pub fn fetch(&self, pc: u64) -> Result<Inst, Fault> {
        let words = self.at(pc).ok_or(Fault::Fetch { pc })?;
        isa::decode(words).map_err(|e| match e {
            isa::DecodeError::Truncated { .. } => Fault::Fetch { pc },
            other => Fault::Illegal { pc, why: other.to_string() },
        })
    }
}
