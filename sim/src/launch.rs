//! Runs a kernel of a code object on the golden model: memory for its arguments, the kernarg
//! segment with the hidden arguments the metadata asks for, and a grid of workgroups whose
//! waves are set up as the hardware dispatcher sets them up (AMDGPUUsage, "Initial Kernel
//! Execution State"). Waves of a workgroup run interleaved, one instruction each in turn,
//! which makes every run deterministic; barriers hold a wave until every running wave of its
//! workgroup has arrived.

use std::fmt;

use rdna3_isa::operand::{EXEC_HI, EXEC_LO};

use crate::golden::memory::Memory;
use crate::golden::{self, Env, Fault, Outcome, Program, Status, Wave};
use crate::loader::{ArgMeta, CodeObject, Kernel, UserSgpr};
use crate::progress::Progress;

/// A kernel argument as given on the command line (`sim run --arg SPEC`).
#[derive(Clone, Debug, PartialEq)]
pub enum ArgSpec {
    U32(u32),
    I32(i32),
    U64(u64),
    I64(i64),
    F32(f32),
    F64(f64),
    /// A global buffer initialised with these bytes.
    Buf(Vec<u8>),
    /// A zeroed global buffer of this many bytes (or, for a `__local` pointer argument, this
    /// many bytes of dynamic LDS).
    Zeros(u64),
}

impl ArgSpec {
    /// Parses `u32:N`, `i32:N`, `u64:N`, `i64:N`, `f32:X`, `f64:X`, `zeros:BYTES`; `buf:FILE`
    /// reads the file.
    pub fn parse(spec: &str) -> Result<ArgSpec, String> {
        let (kind, value) = spec.split_once(':').ok_or_else(|| format!("`{spec}`: expected KIND:VALUE"))?;
        let bad = |e: &dyn fmt::Display| format!("`{spec}`: {e}");
        let int = |v: &str| -> Result<i128, String> {
            let v = v.replace('_', "");
            let r = match v.strip_prefix("-") {
                Some(n) => parse_uint(n).map(|x| -x),
                None => parse_uint(&v),
            };
            r.ok_or_else(|| format!("`{spec}`: `{value}` is not an integer"))
        };
        let ranged = |lo: i128, hi: i128| -> Result<i128, String> {
            let v = int(value)?;
            if v < lo || v > hi { Err(format!("`{spec}`: {v} does not fit {kind}")) } else { Ok(v) }
        };
        Ok(match kind {
            "u32" => ArgSpec::U32(ranged(0, u32::MAX.into())? as u32),
            "i32" => ArgSpec::I32(ranged(i32::MIN.into(), i32::MAX.into())? as i32),
            "u64" => ArgSpec::U64(ranged(0, u64::MAX.into())? as u64),
            "i64" => ArgSpec::I64(ranged(i64::MIN.into(), i64::MAX.into())? as i64),
            "f32" => ArgSpec::F32(finite(value.parse::<f32>().map_err(|e| bad(&e))?, spec, value)?),
            "f64" => ArgSpec::F64(finite(value.parse::<f64>().map_err(|e| bad(&e))?, spec, value)?),
            "zeros" => ArgSpec::Zeros(ranged(0, 1 << 32)? as u64),
            "buf" => {
                ArgSpec::Buf(std::fs::read(value).map_err(|e| format!("`{spec}`: reading {value}: {e}"))?)
            }
            _ => return Err(format!("`{spec}`: unknown kind `{kind}` (u32 i32 u64 i64 f32 f64 buf zeros)")),
        })
    }

    /// Whether the value is a float (`f32:`, `f64:`).
    fn is_float(&self) -> bool {
        matches!(self, ArgSpec::F32(_) | ArgSpec::F64(_))
    }

    fn bytes(&self) -> Option<Vec<u8>> {
        Some(match self {
            ArgSpec::U32(v) => v.to_le_bytes().to_vec(),
            ArgSpec::I32(v) => v.to_le_bytes().to_vec(),
            ArgSpec::U64(v) => v.to_le_bytes().to_vec(),
            ArgSpec::I64(v) => v.to_le_bytes().to_vec(),
            ArgSpec::F32(v) => v.to_le_bytes().to_vec(),
            ArgSpec::F64(v) => v.to_le_bytes().to_vec(),
            ArgSpec::Buf(_) | ArgSpec::Zeros(_) => return None,
        })
    }
}

/// A float argument that overflowed to infinity is refused unless infinity was written.
fn finite<F: PartialEq + Copy + std::fmt::Display>(v: F, spec: &str, text: &str) -> Result<F, String> {
    let infinite = v.to_string().ends_with("inf");
    if infinite && !text.to_ascii_lowercase().contains("inf") {
        return Err(format!("`{spec}`: {text} is too large for {} (it would be infinity)", &spec[..3]));
    }
    Ok(v)
}

/// The spec as the user wrote it, for messages (a buffer by its size, not its bytes).
impl fmt::Display for ArgSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArgSpec::U32(v) => write!(f, "u32:{v}"),
            ArgSpec::I32(v) => write!(f, "i32:{v}"),
            ArgSpec::U64(v) => write!(f, "u64:{v}"),
            ArgSpec::I64(v) => write!(f, "i64:{v}"),
            ArgSpec::F32(v) => write!(f, "f32:{v}"),
            ArgSpec::F64(v) => write!(f, "f64:{v}"),
            ArgSpec::Buf(b) => write!(f, "buf: ({} bytes)", b.len()),
            ArgSpec::Zeros(n) => write!(f, "zeros:{n}"),
        }
    }
}

fn parse_uint(s: &str) -> Option<i128> {
    match s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        Some(h) => i128::from_str_radix(h, 16).ok(),
        None => s.parse().ok(),
    }
}

/// A launch: grid (in workgroups) and block (work-items per workgroup) as HIP counts them.
#[derive(Clone, Debug)]
pub struct Launch {
    pub grid: [u32; 3],
    pub block: [u32; 3],
    pub args: Vec<ArgSpec>,
    /// Wave instructions the run may execute before it is stopped.
    pub max_instructions: u64,
}

/// Where a wave is: its workgroup and its index in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WaveId {
    pub group: [u32; 3],
    pub wave: u32,
}

impl fmt::Display for WaveId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [x, y, z] = self.group;
        write!(f, "workgroup ({x}, {y}, {z}) wave {}", self.wave)
    }
}

/// Why a run failed.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    #[error("kernel `{0}` is not in the code object (it has: {1})")]
    NoKernel(String, String),
    #[error("arguments: {0}")]
    Args(String),
    #[error("launch: {0}")]
    Launch(String),
    #[error("{wave}: {fault}; pc {pc:#x}: {text}")]
    Fault { wave: WaveId, pc: u64, text: String, fault: Fault },
}

/// What a successful run leaves behind.
#[derive(Clone, Debug)]
pub struct RunResult {
    /// Final contents of every buffer argument, by argument index.
    pub buffers: Vec<(usize, Vec<u8>)>,
    /// Wave instructions executed.
    pub instructions: u64,
    pub waves: u64,
}

/// A buffer argument's region.
struct BufArg {
    index: usize,
    base: u64,
}

/// Runs `kernel` of `co` over the launch's grid.
pub fn run(co: &CodeObject, kernel: &str, launch: &Launch) -> Result<RunResult, RunError> {
    run_with_progress(co, kernel, launch, None)
}

/// The waves a launch of `kernel` runs (None for a kernel the code object lacks).
pub fn total_waves(co: &CodeObject, kernel: &str, launch: &Launch) -> Option<u64> {
    co.kernel(kernel)?;
    let block_items: u64 = launch.block.iter().map(|&b| u64::from(b)).product();
    let groups: u64 = launch.grid.iter().map(|&g| u64::from(g)).product();
    Some(groups * block_items.div_ceil(32))
}

/// [`run`], counting retired instructions and finished waves in `progress` as it goes.
pub fn run_with_progress(
    co: &CodeObject,
    kernel: &str,
    launch: &Launch,
    progress: Option<&Progress>,
) -> Result<RunResult, RunError> {
    let prog = Program::new(co.code.clone());
    let mut instructions = 0u64;
    let mut waves_done = 0u64;
    dispatch(co, kernel, launch, |g: Workgroup<'_>| {
        let mut lds = vec![0u8; g.lds_bytes];
        run_workgroup(
            &prog,
            g.waves,
            g.mem,
            &mut lds,
            g.group,
            launch.max_instructions,
            &mut instructions,
            progress.map(|p| (p, waves_done)),
        )?;
        waves_done += g.waves.len() as u64;
        if let Some(p) = progress {
            p.update(instructions, waves_done);
        }
        Ok(())
    })
    .map(|(buffers, waves)| RunResult { buffers, instructions, waves })
}

/// The buffer arguments' contents, by argument index.
pub type Buffers = Vec<(usize, Vec<u8>)>;

/// One workgroup of a dispatch, for the engine that runs it.
pub struct Workgroup<'a> {
    pub group: [u32; 3],
    /// Its waves, set up as the dispatcher sets them up (registers, EXEC, MODE, scratch).
    pub waves: &'a mut Vec<Wave>,
    /// Global memory, as the workgroups before this one left it.
    pub mem: &'a mut Memory,
    /// Bytes of LDS the workgroup gets (static and dynamic).
    pub lds_bytes: usize,
}

/// A checked launch with its memory laid out (buffers, kernarg segment, dispatch packet, one
/// private segment per wave slot), handing out its workgroups in dispatch order (x fastest)
/// to an engine that runs them one after another ([`dispatch`], the golden engine) or as many
/// at once as its wave slots and LDS hold (the RTL's, `cosim::run_kernel`).
pub struct Dispatch<'a> {
    k: &'a Kernel,
    launch: &'a Launch,
    kernarg: u64,
    dispatch_ptr: u64,
    bufs: Vec<BufArg>,
    /// Global memory: the arguments, the kernarg segment, the dispatch packet, the private
    /// segments. The engine runs the workgroups on it (or on a copy it gives back).
    pub mem: Memory,
    /// Bytes of LDS every workgroup gets (static and dynamic).
    pub lds_bytes: usize,
    /// Waves of every workgroup.
    pub waves_per_group: usize,
    /// Each wave slot's private segment (none without private memory).
    scratch: Vec<u64>,
    lane_bytes: u32,
}

impl<'a> Dispatch<'a> {
    /// Checks the launch of `kernel` and lays out its memory, with private segments for
    /// `slots` waves at once (at least a workgroup's waves; 0 gives exactly those).
    pub fn new(
        co: &'a CodeObject,
        kernel: &str,
        launch: &'a Launch,
        slots: usize,
    ) -> Result<Dispatch<'a>, RunError> {
        let k = co.kernel(kernel).ok_or_else(|| {
            RunError::NoKernel(
                kernel.to_string(),
                co.kernels.iter().map(|k| k.name.as_str()).collect::<Vec<_>>().join(", "),
            )
        })?;
        let block_items: u64 = launch.block.iter().map(|&b| u64::from(b)).product();
        if launch.grid.contains(&0) || launch.block.contains(&0) {
            return Err(RunError::Launch("grid and block dimensions must be at least 1".into()));
        }
        if block_items > u64::from(k.max_workgroup_size.max(1)) || block_items > 1024 {
            return Err(RunError::Launch(format!(
                "a block of {block_items} work-items exceeds the kernel's maximum workgroup size {}",
                k.max_workgroup_size
            )));
        }
        if launch.block[0] > 1023 || launch.block[1] > 1023 || launch.block[2] > 1023 {
            return Err(RunError::Launch(
                "block dimensions are at most 1023 (work-item IDs are 10 bits)".into(),
            ));
        }
        let waves_per_group = block_items.div_ceil(32);
        if k.private_segment_size > MAX_SCRATCH_PER_LANE {
            return Err(RunError::Launch(format!(
                "the kernel asks for {} bytes of private memory per work-item; gfx11 allows at most {MAX_SCRATCH_PER_LANE} (COMPUTE_TMPRING_SIZE.WAVESIZE: 32767 units of 256 bytes per wave32 wave)",
                k.private_segment_size
            )));
        }
        // A multiple of 4 at most (a dword-aligned limit).
        let lane_bytes = k.private_segment_size.next_multiple_of(4);
        let slots = (slots as u64).max(waves_per_group);
        check_memory(k, launch, slots * 32 * u64::from(lane_bytes))?;
        let mut mem = Memory::default();
        let (kernarg, bufs, dynamic_lds) = kernarg_segment(k, launch, &mut mem)?;
        let dispatch_ptr = dispatch_packet(k, launch, kernarg, &mut mem);
        let lds_size = u64::from(k.group_segment_size) + dynamic_lds;
        if lds_size > MAX_LDS {
            return Err(RunError::Launch(format!(
                "the kernel needs {lds_size} bytes of LDS; a workgroup has at most 64 KiB"
            )));
        }
        // Private segments: one per wave slot, reused by every wave that runs in it, 32 lanes
        // of the kernel's private size each.
        let scratch: Vec<u64> = (0..slots)
            .map(|w| {
                if lane_bytes == 0 {
                    0
                } else {
                    mem.alloc(32 * u64::from(lane_bytes), 256, &format!("scratch of wave slot {w}"))
                }
            })
            .collect();
        Ok(Dispatch {
            k,
            launch,
            kernarg,
            dispatch_ptr,
            bufs,
            mem,
            lds_bytes: lds_size as usize,
            waves_per_group: waves_per_group as usize,
            scratch,
            lane_bytes,
        })
    }

    /// The SGPRs from s0 that a launch sets: the kernel's user SGPRs, then its system SGPRs
    /// (workgroup IDs, workgroup info); its work-item IDs are in v0, and EXEC is set too.
    pub fn launch_sgprs(&self) -> usize {
        let d = &self.k.descriptor;
        d.user_sgpr_count() as usize
            + d.workgroup_id_enabled().iter().filter(|&&on| on).count()
            + usize::from(d.workgroup_info_enabled())
    }

    /// Workgroups in the grid.
    pub fn groups(&self) -> u64 {
        self.launch.grid.iter().map(|&g| u64::from(g)).product()
    }

    /// Workgroup `i`'s coordinates in dispatch order (x fastest, then y, then z).
    pub fn group_id(&self, i: u64) -> [u32; 3] {
        let [gx, gy, _] = self.launch.grid.map(u64::from);
        [(i % gx) as u32, (i / gx % gy) as u32, (i / (gx * gy)) as u32]
    }

    /// Workgroup `i`'s waves as the dispatcher sets them up, the `n`th in wave slot
    /// `slots[n]` (whose private segment it gets).
    pub fn waves(&self, i: u64, slots: &[usize]) -> Vec<Wave> {
        let mut ws = workgroup_waves(self.k, self.launch, self.group_id(i), self.kernarg, self.dispatch_ptr);
        for (w, &slot) in ws.iter_mut().zip(slots) {
            w.scratch_base = self.scratch.get(slot).copied().unwrap_or(0);
            w.scratch_lane_bytes = self.lane_bytes;
        }
        ws
    }

    /// The buffer arguments' contents in `mem` (by argument index).
    pub fn buffers(&self, mem: &mut Memory) -> Buffers {
        self.bufs.iter().filter_map(|b| mem.take_region(b.base).map(|bytes| (b.index, bytes))).collect()
    }
}

/// Checks the launch, lays out memory (buffers, kernarg segment, dispatch packet, scratch)
/// and hands every workgroup, in order, to `run_group`, which runs it to the end. Returns the
/// buffer arguments' final contents (by argument index) and the number of waves run.
pub fn dispatch<E: From<RunError>>(
    co: &CodeObject,
    kernel: &str,
    launch: &Launch,
    mut run_group: impl FnMut(Workgroup<'_>) -> Result<(), E>,
) -> Result<(Buffers, u64), E> {
    let mut d = Dispatch::new(co, kernel, launch, 0)?;
    let slots: Vec<usize> = (0..d.waves_per_group).collect();
    let mut waves = 0u64;
    for i in 0..d.groups() {
        let mut ws = d.waves(i, &slots);
        let group = d.group_id(i);
        run_group(Workgroup { group, waves: &mut ws, mem: &mut d.mem, lds_bytes: d.lds_bytes })?;
        waves += ws.len() as u64;
    }
    let mut mem = std::mem::take(&mut d.mem);
    Ok((d.buffers(&mut mem), waves))
}

/// LDS of a workgroup (guide: 64 KiB per workgroup in CU mode).
const MAX_LDS: u64 = 64 * 1024;

/// Private memory per work-item: gfx11's COMPUTE_TMPRING_SIZE.WAVESIZE has 15 bits in units of
/// 64 dwords per wave (LLVM's `getMaxWaveScratchSize`), shared by 32 lanes.
pub const MAX_SCRATCH_PER_LANE: u32 = 256 * ((1 << 15) - 1) / 32;

/// Refuses a launch whose memory (buffers, kernarg segment, scratch) exceeds the machine's
/// physical memory, rather than failing an allocation halfway (which aborts).
fn check_memory(k: &Kernel, launch: &Launch, scratch: u64) -> Result<(), RunError> {
    let buffers: u64 = launch
        .args
        .iter()
        .map(|a| match a {
            ArgSpec::Buf(b) => b.len() as u64,
            ArgSpec::Zeros(n) => *n,
            _ => 0,
        })
        .sum();
    let total = buffers + u64::from(k.kernarg_size) + scratch;
    // SAFETY: sysconf has no preconditions.
    let (pages, page) = unsafe { (libc::sysconf(libc::_SC_PHYS_PAGES), libc::sysconf(libc::_SC_PAGESIZE)) };
    let physical = (pages.max(0) as u64).saturating_mul(page.max(0) as u64);
    if physical > 0 && total > physical {
        return Err(RunError::Launch(format!(
            "the launch needs {total} bytes of memory (buffers {buffers}, kernarg segment {}, scratch {scratch}); this machine has {physical}",
            k.kernarg_size
        )));
    }
    Ok(())
}

/// The kernarg segment: the visible arguments in order, then the hidden ones the metadata
/// lists. Returns its address, the buffer arguments, and the dynamic LDS bytes requested.
fn kernarg_segment(
    k: &Kernel,
    launch: &Launch,
    mem: &mut Memory,
) -> Result<(u64, Vec<BufArg>, u64), RunError> {
    let visible: Vec<&ArgMeta> = k.args.iter().filter(|a| !a.hidden()).collect();
    if visible.len() != launch.args.len() {
        return Err(RunError::Args(format!(
            "kernel {} takes {} arguments ({}), {} given",
            k.name,
            visible.len(),
            visible.iter().map(|a| describe(a)).collect::<Vec<_>>().join(", "),
            launch.args.len()
        )));
    }
    // What goes where; the segment itself is allocated at the end (zeroed lazily, so that a
    // large segment costs only the pages written).
    let mut seg: Vec<(u32, Vec<u8>)> = Vec::new();
    let size = k.kernarg_size;
    let put = |seg: &mut Vec<(u32, Vec<u8>)>, off: u32, bytes: &[u8]| -> Result<(), RunError> {
        if u64::from(off) + bytes.len() as u64 > u64::from(size) {
            return Err(RunError::Args(format!(
                "argument at offset {off} lies outside the kernarg segment of {size} bytes"
            )));
        }
        seg.push((off, bytes.to_vec()));
        Ok(())
    };
    let mut bufs = Vec::new();
    let mut dynamic_lds = 0u64;
    for (i, (meta, spec)) in visible.iter().zip(&launch.args).enumerate() {
        let wrong =
            || RunError::Args(format!("argument {i} is {}, which `{spec}` cannot fill", describe(meta)));
        match meta.value_kind.as_str() {
            "global_buffer" => {
                let base = match spec {
                    ArgSpec::Buf(data) => mem.alloc_with(data, 4096, &format!("arg{i}")),
                    ArgSpec::Zeros(n) => mem.alloc(*n, 4096, &format!("arg{i}")),
                    _ => return Err(wrong()),
                };
                bufs.push(BufArg { index: i, base });
                put(&mut seg, meta.offset, &base.to_le_bytes()[..meta.size.min(8) as usize])?;
            }
            "dynamic_shared_pointer" => {
                let ArgSpec::Zeros(n) = spec else { return Err(wrong()) };
                // Dynamic LDS follows the kernel's static LDS; the pointer is its LDS offset.
                // Sizes add up in 64 bits: 4294967280 + 32 bytes is no 16.
                let offset = u64::from(k.group_segment_size).next_multiple_of(16) + dynamic_lds;
                let end = offset + n.next_multiple_of(16);
                if end > MAX_LDS {
                    return Err(RunError::Launch(format!(
                        "argument {i}: {n} bytes of dynamic LDS bring the kernel's LDS to {end} bytes; a workgroup has at most 64 KiB"
                    )));
                }
                dynamic_lds = end - u64::from(k.group_segment_size).next_multiple_of(16);
                put(&mut seg, meta.offset, &(offset as u32).to_le_bytes()[..meta.size.min(4) as usize])?;
            }
            "by_value" => {
                let bytes = spec.bytes().ok_or_else(wrong)?;
                // A float for an integer parameter (or an integer for a float one) is a
                // mistake, not a bit pattern: say so.
                if let Some(float_param) = meta.type_name.as_deref().map(is_float_type)
                    && float_param != spec.is_float()
                {
                    return Err(wrong());
                }
                if bytes.len() != meta.size as usize {
                    return Err(RunError::Args(format!(
                        "argument {i} ({}) has {} bytes, `{spec}` gives {}",
                        describe(meta),
                        meta.size,
                        bytes.len()
                    )));
                }
                put(&mut seg, meta.offset, &bytes)?;
            }
            other => {
                return Err(RunError::Args(format!("argument {i}: value kind {other} is not supported")));
            }
        }
    }
    let grid_items = |d: usize| u64::from(launch.grid[d]) * u64::from(launch.block[d]);
    for meta in k.args.iter().filter(|a| a.hidden()) {
        let v: u64 = match meta.value_kind.as_str() {
            "hidden_block_count_x" => launch.grid[0].into(),
            "hidden_block_count_y" => launch.grid[1].into(),
            "hidden_block_count_z" => launch.grid[2].into(),
            "hidden_group_size_x" => launch.block[0].into(),
            "hidden_group_size_y" => launch.block[1].into(),
            "hidden_group_size_z" => launch.block[2].into(),
            // Work-items of the last, partial workgroup of each dimension (0: none partial);
            // the grid here is always whole workgroups.
            "hidden_remainder_x" => grid_items(0) % u64::from(launch.block[0]),
            "hidden_remainder_y" => grid_items(1) % u64::from(launch.block[1]),
            "hidden_remainder_z" => grid_items(2) % u64::from(launch.block[2]),
            "hidden_global_offset_x" | "hidden_global_offset_y" | "hidden_global_offset_z" => 0,
            "hidden_grid_dims" => {
                if launch.grid[2] > 1 || launch.block[2] > 1 {
                    3
                } else if launch.grid[1] > 1 || launch.block[1] > 1 {
                    2
                } else {
                    1
                }
            }
            "hidden_dynamic_lds_size" => dynamic_lds,
            "hidden_shared_base" => rdna3_isa::operand::APERTURES[0],
            "hidden_private_base" => rdna3_isa::operand::APERTURES[2],
            // No host services, queues or printf: null pointers the kernel must not use.
            "hidden_printf_buffer"
            | "hidden_hostcall_buffer"
            | "hidden_multigrid_sync_arg"
            | "hidden_heap_v1"
            | "hidden_default_queue"
            | "hidden_completion_action"
            | "hidden_queue_ptr"
            | "hidden_none" => 0,
            other => return Err(RunError::Args(format!("hidden argument {other} is not supported"))),
        };
        put(&mut seg, meta.offset, &v.to_le_bytes()[..meta.size.min(8) as usize])?;
    }
    let base = mem.alloc(u64::from(size), u64::from(k.kernarg_align.clamp(16, 1 << 16)), "kernarg segment");
    for (off, bytes) in seg {
        // Checked by `put`.
        if let Some(dst) = mem.span_mut(base + u64::from(off), base + u64::from(off) + bytes.len() as u64) {
            dst.copy_from_slice(&bytes);
        }
    }
    Ok((base, bufs, dynamic_lds))
}

/// Whether an OpenCL C parameter type is a floating-point scalar or vector.
fn is_float_type(t: &str) -> bool {
    let base = t.trim_end_matches(|c: char| c.is_ascii_digit());
    matches!(base, "float" | "double" | "half")
}

fn describe(a: &ArgMeta) -> String {
    let name = a.name.as_deref().unwrap_or("?");
    match &a.type_name {
        Some(t) => format!("{name}: {t} ({})", a.value_kind),
        None => format!("{name} ({})", a.value_kind),
    }
}

/// The HSA kernel dispatch packet, when the kernel asks for a pointer to it.
fn dispatch_packet(k: &Kernel, launch: &Launch, kernarg: u64, mem: &mut Memory) -> u64 {
    if !k.descriptor.user_sgprs().contains(&UserSgpr::DispatchPtr) {
        return 0;
    }
    let dims: u16 = if launch.grid[2] > 1 || launch.block[2] > 1 {
        3
    } else if launch.grid[1] > 1 || launch.block[1] > 1 {
        2
    } else {
        1
    };
    let mut p = vec![0u8; 64];
    p[2..4].copy_from_slice(&dims.to_le_bytes());
    for d in 0..3 {
        p[4 + 2 * d..6 + 2 * d].copy_from_slice(&(launch.block[d] as u16).to_le_bytes());
        let items = launch.grid[d].wrapping_mul(launch.block[d]);
        p[12 + 4 * d..16 + 4 * d].copy_from_slice(&items.to_le_bytes());
    }
    p[24..28].copy_from_slice(&k.private_segment_size.to_le_bytes());
    p[28..32].copy_from_slice(&k.group_segment_size.to_le_bytes());
    p[40..48].copy_from_slice(&kernarg.to_le_bytes());
    mem.alloc_with(&p, 64, "dispatch packet")
}

/// The waves of one workgroup, with their registers as the dispatcher initialises them.
fn workgroup_waves(
    k: &Kernel,
    launch: &Launch,
    group: [u32; 3],
    kernarg: u64,
    dispatch_ptr: u64,
) -> Vec<Wave> {
    let [bx, by, bz] = launch.block;
    let items = bx * by * bz;
    let d = &k.descriptor;
    let mode = d.initial_mode();
    (0..items.div_ceil(32))
        .map(|w| {
            // The VGPRs the descriptor allocates (blocks of 8); an access past them reads v0
            // or is dropped, as the hardware does for out-of-range VGPRs (guide 7.2.7).
            let mut wave = Wave::with_vgprs(k.entry, d.vgpr_count() as usize);
            wave.mode = mode;
            // User SGPRs from s0, in the fixed order, then the system SGPRs.
            let mut s = 0usize;
            let put = |wave: &mut Wave, s: &mut usize, v: u64, dwords: u32| {
                for i in 0..dwords {
                    if let Some(r) = wave.sgpr.get_mut(*s) {
                        *r = (v >> (32 * i)) as u32;
                    }
                    *s += 1;
                }
            };
            for u in d.user_sgprs() {
                let v = match u {
                    UserSgpr::DispatchPtr => dispatch_ptr,
                    UserSgpr::KernargSegmentPtr => kernarg,
                    UserSgpr::PrivateSegmentSize => u64::from(k.private_segment_size),
                    // No queue, dispatch id, private segment buffer or flat scratch yet: zero.
                    _ => 0,
                };
                put(&mut wave, &mut s, v, u.dwords());
            }
            let mut s = d.user_sgpr_count() as usize;
            for (dim, on) in d.workgroup_id_enabled().into_iter().enumerate() {
                if on {
                    put(&mut wave, &mut s, u64::from(group[dim]), 1);
                }
            }
            if d.workgroup_info_enabled() {
                put(&mut wave, &mut s, 0, 1);
            }
            // Lanes: work-item IDs packed into v0 (x | y << 10 | z << 20); EXEC covers the
            // work-items this wave holds.
            let mut exec = 0u32;
            for lane in 0..32u32 {
                let item = 32 * w + lane;
                if item >= items {
                    continue;
                }
                exec |= 1 << lane;
                let (x, y, z) = (item % bx, (item / bx) % by, item / (bx * by));
                wave.vgpr[0][lane as usize] = x | y << 10 | z << 20;
            }
            wave.sgpr[EXEC_LO as usize] = exec;
            wave.sgpr[EXEC_HI as usize] = 0;
            wave
        })
        .collect()
}

/// Instructions a wave runs before the next wave of its workgroup gets a turn (unless it
/// stops first at a barrier or its end). Fixed, so every run schedules the same way.
const SLICE: u32 = 64;

/// Runs a workgroup's waves to the end: each in turn runs a slice of instructions, in wave
/// order; a barrier releases when every live wave has reached it. `progress` (with the waves
/// finished before this workgroup) is updated after every round.
#[allow(clippy::too_many_arguments)]
fn run_workgroup(
    prog: &Program,
    waves: &mut [Wave],
    mem: &mut Memory,
    lds: &mut [u8],
    group: [u32; 3],
    limit: u64,
    executed: &mut u64,
    progress: Option<(&Progress, u64)>,
) -> Result<(), RunError> {
    let mut env = Env::new(mem, lds);
    env.retired = *executed;
    loop {
        for (w, wave) in waves.iter_mut().enumerate() {
            for _ in 0..SLICE {
                if wave.status != Status::Running {
                    break;
                }
                if *executed >= limit {
                    let text = prog.fetch(wave.pc).map_or_else(|_| "?".into(), |d| d.inst.to_string());
                    return Err(RunError::Fault {
                        wave: WaveId { group, wave: w as u32 },
                        pc: wave.pc,
                        text,
                        fault: Fault::Limit { pc: wave.pc, limit },
                    });
                }
                match golden::exec_in(wave, prog, &mut env) {
                    Outcome::Retired | Outcome::Barrier | Outcome::Ended => *executed += 1,
                    // Only a wave that is not running waits; the check above stops the slice.
                    Outcome::Waiting => break,
                    Outcome::Fault(fault) => {
                        // A faulting instruction leaves the PC on itself.
                        let text = prog
                            .fetch(wave.pc)
                            .map_or_else(|_| "(no instruction)".into(), |d| d.inst.to_string());
                        return Err(RunError::Fault {
                            wave: WaveId { group, wave: w as u32 },
                            pc: wave.pc,
                            text,
                            fault,
                        });
                    }
                }
            }
        }
        if let Some((p, before)) = progress {
            let done =
                waves.iter().filter(|w| matches!(w.status, Status::Ended | Status::Faulted(_))).count();
            p.update(*executed, before + done as u64);
        }
        if waves.iter().any(|w| w.status == Status::Running) {
            continue;
        }
        // No wave runs: every live one waits at the barrier; release them all.
        let mut released = false;
        for w in waves.iter_mut().filter(|w| w.status == Status::AtBarrier) {
            w.status = Status::Running;
            released = true;
        }
        if !released {
            return Ok(());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vadd() -> CodeObject {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/kernels/bin/vadd.hsaco");
        let bytes = std::fs::read(path).expect("vadd.hsaco");
        crate::loader::load(&bytes, 0x10_0000).expect("loads")
    }

    fn launch(block: u32, args: Vec<ArgSpec>) -> Launch {
        Launch { grid: [3, 1, 1], block: [block, 1, 1], args, max_instructions: 1000 }
    }

    #[test]
    fn kernarg_segment_holds_arguments_and_hidden_values() {
        let co = vadd();
        let k = co.kernel("vadd").expect("vadd");
        let l = launch(
            40,
            vec![ArgSpec::Zeros(64), ArgSpec::Buf(vec![7; 8]), ArgSpec::Zeros(64), ArgSpec::U32(100)],
        );
        let mut mem = Memory::default();
        let (base, bufs, dynamic) = kernarg_segment(k, &l, &mut mem).expect("fills");
        assert_eq!(dynamic, 0);
        assert_eq!(bufs.len(), 3);
        let seg = mem.region_at(base).expect("kernarg region").bytes.clone();
        assert_eq!(seg.len(), 288);
        let u64_at = |o: usize| u64::from_le_bytes(seg[o..o + 8].try_into().expect("8 bytes"));
        let u32_at = |o: usize| u32::from_le_bytes(seg[o..o + 4].try_into().expect("4 bytes"));
        let u16_at = |o: usize| u16::from_le_bytes(seg[o..o + 2].try_into().expect("2 bytes"));
        assert_eq!(u64_at(0), bufs[0].base);
        assert_eq!(mem.region_at(u64_at(8)).map(|r| r.bytes.clone()), Some(vec![7; 8]));
        assert_eq!(u32_at(24), 100);
        // hidden_block_count_x at 32, hidden_group_size_x at 44, hidden_grid_dims at 96.
        assert_eq!(u32_at(32), 3);
        assert_eq!(u16_at(44), 40);
        assert_eq!(u16_at(96), 1);
    }

    #[test]
    fn arguments_are_checked() {
        let co = vadd();
        let run_with = |args| run(&co, "vadd", &launch(32, args)).expect_err("refused").to_string();
        assert!(run_with(vec![]).contains("takes 4 arguments"));
        let e = run_with(vec![ArgSpec::U32(1), ArgSpec::Zeros(4), ArgSpec::Zeros(4), ArgSpec::U32(1)]);
        assert!(e.contains("argument 0"), "{e}");
        let e = run_with(vec![ArgSpec::Zeros(4), ArgSpec::Zeros(4), ArgSpec::Zeros(4), ArgSpec::U64(1)]);
        assert!(e.contains("4 bytes"), "{e}");
        assert!(run(&co, "nope", &launch(32, vec![])).expect_err("refused").to_string().contains("vadd"));
        assert!(ArgSpec::parse("u32:-1").is_err());
        assert!(ArgSpec::parse("i32:-0x10").is_ok_and(|a| a == ArgSpec::I32(-16)));
        assert!(ArgSpec::parse("f32:1.5").is_ok_and(|a| a == ArgSpec::F32(1.5)));
        assert!(ArgSpec::parse("zeros:16").is_ok_and(|a| a == ArgSpec::Zeros(16)));
        assert!(ArgSpec::parse("buf:/nonexistent").is_err());
        assert!(ArgSpec::parse("x:1").is_err());
    }

    /// Sizes a code object may ask for that no hardware gives are refused with a message;
    /// a huge kernarg segment costs only the pages written.
    #[test]
    fn huge_sizes_are_refused_or_cost_nothing() {
        let args = || vec![ArgSpec::Zeros(128), ArgSpec::Zeros(128), ArgSpec::Zeros(128), ArgSpec::U32(32)];
        let mut co = vadd();
        co.kernels[0].private_segment_size = u32::MAX;
        let e = run(&co, "vadd", &launch(32, args())).expect_err("4 GiB per lane").to_string();
        assert!(
            e.contains("4294967295 bytes of private memory per work-item; gfx11 allows at most 262136"),
            "{e}"
        );
        let mut co = vadd();
        co.kernels[0].kernarg_size = u32::MAX;
        match run(&co, "vadd", &launch(32, args())) {
            // Allocated lazily: the run is as quick as with the real size.
            Ok(r) => assert_eq!(r.buffers.len(), 3),
            // A machine with less than 4 GiB says so instead of aborting.
            Err(e) => assert!(e.to_string().contains("this machine has"), "{e}"),
        }
        // More than the machine's memory: refused before anything is allocated.
        let co = vadd();
        let e = check_memory(&co.kernels[0], &launch(32, args()), 1 << 62).expect_err("too much").to_string();
        assert!(
            e.contains("(buffers 384, kernarg segment 288, scratch 4611686018427387904); this machine has"),
            "{e}"
        );
    }

    /// Two dynamic LDS sizes that wrap in 32 bits (4294967280 + 32) are refused, not taken as
    /// 16 bytes.
    #[test]
    fn dynamic_lds_sizes_do_not_wrap() {
        let mut co = vadd();
        for a in co.kernels[0].args.iter_mut().skip(1).take(2) {
            a.value_kind = "dynamic_shared_pointer".into();
        }
        let args =
            vec![ArgSpec::Zeros(64), ArgSpec::Zeros(4_294_967_280), ArgSpec::Zeros(32), ArgSpec::U32(1)];
        let e = run(&co, "vadd", &launch(32, args)).expect_err("too much LDS").to_string();
        assert!(e.contains("4294967280 bytes of dynamic LDS") && e.contains("64 KiB"), "{e}");
    }

    /// Messages about arguments name them as written: a buffer by its size, never its bytes;
    /// a float is refused for an integer parameter and an overflowing one for any.
    #[test]
    fn argument_messages_are_short_and_exact() {
        let co = vadd();
        let big = ArgSpec::Buf(vec![0x5a; 1 << 20]);
        let args = vec![ArgSpec::Zeros(4), ArgSpec::Zeros(4), ArgSpec::Zeros(4), big];
        let e = run(&co, "vadd", &launch(32, args)).expect_err("a buffer for n").to_string();
        assert!(e.contains("`buf: (1048576 bytes)` cannot fill") && e.len() < 300, "{e}");
        let args = vec![ArgSpec::Zeros(4), ArgSpec::Zeros(4), ArgSpec::Zeros(4), ArgSpec::F32(1.0)];
        let e = run(&co, "vadd", &launch(32, args)).expect_err("a float for n").to_string();
        assert!(e.contains("argument 3 is ?: uint (by_value)") && e.contains("`f32:1` cannot fill"), "{e}");
        let e = ArgSpec::parse("f32:1e39").expect_err("overflows");
        assert!(e.contains("too large for f32"), "{e}");
        assert!(ArgSpec::parse("f64:1e309").is_err());
        assert_eq!(ArgSpec::parse("f32:inf"), Ok(ArgSpec::F32(f32::INFINITY)));
        assert_eq!(ArgSpec::parse("f32:-1e38"), Ok(ArgSpec::F32(-1e38)));
    }

    #[test]
    fn waves_start_as_the_dispatcher_sets_them_up() {
        let co = vadd();
        let k = co.kernel("vadd").expect("vadd");
        let l = launch(40, vec![]);
        let ws = workgroup_waves(k, &l, [2, 0, 0], 0x1234_5678_0000, 0);
        assert_eq!(ws.len(), 2);
        // Kernarg pointer in s[0:1]; the workgroup ID x after the 15 user SGPRs.
        assert_eq!((ws[0].sgpr[0], ws[0].sgpr[1]), (0x5678_0000, 0x1234));
        assert_eq!(ws[1].sgpr[15], 2);
        // 40 work-items: the second wave holds 8.
        assert_eq!(ws[0].exec(), 0xffff_ffff);
        assert_eq!(ws[1].exec(), 0xff);
        assert_eq!(ws[0].vgpr[0][5], 5);
        assert_eq!(ws[1].vgpr[0][7], 39);
        assert_eq!(ws[0].pc, k.entry);
        assert_eq!(ws[0].mode, k.descriptor.initial_mode());
        // Three dimensions pack into v0 as x | y << 10 | z << 20.
        let l3 = Launch { grid: [1, 1, 1], block: [4, 3, 2], args: vec![], max_instructions: 10 };
        let ws = workgroup_waves(k, &l3, [0, 0, 0], 0, 0);
        assert_eq!(ws[0].vgpr[0][23], 3 | 2 << 10 | 1 << 20);
        assert_eq!(ws[0].exec(), 0xff_ffff);
    }
}
