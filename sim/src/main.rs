//! `sim`: runs RDNA3 code on the golden interpreter and co-simulates it against the Verilator
//! model of the generated compute unit.

use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use clap::{Parser, Subcommand};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use sim::cosim::{CosimError, Options, WaveEnd, WaveInit, cosim};
use sim::golden::Code;
use sim::progress::Progress;
use sim::rtl::TraceDepth;

#[derive(Parser)]
#[command(name = "sim", version, about = "RDNA3 golden interpreter and RTL co-simulation")]
struct Cli {
    #[command(subcommand)]
    cmd: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Run a kernel of a code object over a grid of workgroups.
    Run(RunArgs),
    /// Run a program on the RTL model and the golden model in lockstep, comparing every
    /// retired instruction.
    Cosim(CosimArgs),
    /// List every instruction of the table: encoding, opcode, operands, and whether the golden
    /// interpreter and the generated RTL execute it, "illegal" for a row LLVM 19 does not know
    /// (Markdown, or CSV with --csv).
    Isa {
        #[arg(long)]
        csv: bool,
    },
}

#[derive(clap::Args)]
struct RunArgs {
    /// A code object linked by clang (`clang -target amdgcn-amd-amdhsa -mcpu=gfx1100 ... -o k.hsaco`).
    code_object: PathBuf,
    /// The kernel to run.
    #[arg(long)]
    kernel: String,
    /// Workgroups: X[,Y[,Z]].
    #[arg(long, value_parser = parse_dims)]
    grid: [u32; 3],
    /// Work-items per workgroup: X[,Y[,Z]].
    #[arg(long, value_parser = parse_dims)]
    block: [u32; 3],
    /// Kernel arguments in order: u32:N i32:N u64:N i64:N f32:X f64:X buf:FILE zeros:BYTES.
    #[arg(long = "arg")]
    args: Vec<String>,
    /// Directory for the buffers after the run (argN.bin for buffer argument N).
    #[arg(long)]
    out: PathBuf,
    /// golden (the interpreter), rtl (the Verilator model of the generated RTL, its workgroups
    /// launched as its wave slots and LDS free up) or cosim (the RTL in lockstep with the
    /// golden model, every retired instruction, store and the memory at the end compared).
    #[arg(long, default_value = "golden")]
    engine: String,
    /// Wave instructions the run may execute.
    #[arg(long, default_value_t = 100_000_000)]
    max_instructions: u64,
    /// Write a VCD trace of the whole dispatch (rtl and cosim engines).
    #[arg(long)]
    vcd: Option<PathBuf>,
    /// The RTL model (rtl and cosim engines): `cu` (the default configuration: 32 lanes, four
    /// waves, 128-byte lines), `cu_l4` (4 lanes, the smallest configuration, eight waves:
    /// workgroups of up to 256 work-items; 64-byte lines) or `cu_l8` (8 lanes, four waves,
    /// combinational FP units).
    #[arg(long, default_value = sim::rtl::DEFAULT)]
    model: String,
    /// Latency range of the RTL's instruction and memory ports in cycles, MIN..MAX, drawn
    /// for every request (rtl and cosim engines).
    #[arg(long, default_value = "1..8")]
    latency: String,
    /// Latency range of the memory ports alone (scalar and vector), MIN..MAX; --latency's
    /// when not given.
    #[arg(long)]
    mem_latency: Option<String>,
    /// Seed for the latencies and back-pressure (rtl and cosim engines).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// On a mismatch, write the RTL trace of the cycles before it here (cosim engine)
    /// [default: cosim-mismatch.vcd].
    #[arg(long)]
    mismatch_vcd: Option<PathBuf>,
    /// Write the run's performance counters here as JSON (rtl and cosim engines; they are
    /// printed either way).
    #[arg(long)]
    stats: Option<PathBuf>,
}

/// A progress line on stderr while a run lasts (instructions retired, waves finished, rate),
/// drawn by a thread of its own from the run's counters; only on a terminal.
struct ProgressLine {
    stop: Arc<AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl ProgressLine {
    /// The counters to give the run, and the line showing them (None when stderr is not a
    /// terminal: then nothing is drawn). `waves`: how many the run has.
    fn start(waves: u64) -> (Arc<Progress>, Option<ProgressLine>) {
        let counters = Arc::new(Progress::default());
        if !std::io::stderr().is_terminal() {
            return (counters, None);
        }
        let stop = Arc::new(AtomicBool::new(false));
        let (c, s) = (counters.clone(), stop.clone());
        let thread = std::thread::spawn(move || {
            let bar = indicatif::ProgressBar::new(waves);
            if let Ok(st) = indicatif::ProgressStyle::with_template(
                "{spinner} {elapsed} {pos}/{len} waves finished, {msg}",
            ) {
                bar.set_style(st);
            }
            let start = Instant::now();
            while !s.load(Ordering::Relaxed) {
                let (retired, done) = c.get();
                let rate = retired as f64 / start.elapsed().as_secs_f64().max(1e-3);
                bar.set_position(done);
                bar.set_message(format!("{retired} instructions retired, {}", si_rate(rate)));
                // Woken early when the run ends.
                std::thread::park_timeout(Duration::from_millis(100));
            }
            bar.finish_and_clear();
        });
        (counters, Some(ProgressLine { stop, thread: Some(thread) }))
    }
}

impl Drop for ProgressLine {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            t.thread().unpark();
            let _ = t.join();
        }
    }
}

/// A rate per second, as `1.2 M/s`.
fn si_rate(r: f64) -> String {
    match r {
        r if r >= 1e6 => format!("{:.1} M/s", r / 1e6),
        r if r >= 1e3 => format!("{:.1} k/s", r / 1e3),
        r => format!("{r:.0}/s"),
    }
}

/// Whether files can be made in `dir`: a probe file is created and removed.
fn check_dir_writable(dir: &Path) -> Result<()> {
    if !dir.is_dir() {
        bail!("not a directory");
    }
    let probe = dir.join(format!(".sim-probe-{}", std::process::id()));
    std::fs::OpenOptions::new().write(true).create_new(true).open(&probe).context("cannot write there")?;
    std::fs::remove_file(&probe).context("removing the probe file")?;
    Ok(())
}

/// Checks, before a run, that `path` can be written: an existing file is opened for writing
/// (not truncated), a new one is created and removed again.
fn check_writable(option: &str, path: &Path) -> Result<()> {
    let what = || format!("{option} {}", path.display());
    if path.is_dir() {
        bail!("{}: is a directory", what());
    }
    if path.exists() {
        std::fs::OpenOptions::new().write(true).open(path).with_context(what)?;
    } else {
        std::fs::OpenOptions::new().write(true).create_new(true).open(path).with_context(what)?;
        std::fs::remove_file(path).with_context(what)?;
    }
    Ok(())
}

/// The output files of a run: each writable, and no two the same file (a device such as
/// /dev/null may take several).
fn check_outputs(outputs: &[(&str, &Path)]) -> Result<()> {
    use std::os::unix::fs::MetadataExt;
    for (option, path) in outputs {
        check_writable(option, path)?;
    }
    let id = |p: &Path| -> Option<(u64, u64)> {
        let m = std::fs::metadata(p).ok()?;
        m.is_file().then(|| (m.dev(), m.ino()))
    };
    for (i, (o1, p1)) in outputs.iter().enumerate() {
        for (o2, p2) in &outputs[i + 1..] {
            let same_file = id(p1).is_some() && id(p1) == id(p2);
            let same_name = !p1.exists() && p1 == p2;
            if same_file || same_name {
                bail!("{o1} and {o2} name the same file ({}); give each trace its own", p1.display());
            }
        }
    }
    Ok(())
}

fn parse_dims(s: &str) -> std::result::Result<[u32; 3], String> {
    let parts: Vec<&str> = s.split(',').collect();
    if parts.is_empty() || parts.len() > 3 {
        return Err(format!("`{s}`: expected X[,Y[,Z]]"));
    }
    let mut d = [1u32; 3];
    for (i, p) in parts.iter().enumerate() {
        d[i] = p.trim().parse().map_err(|_| format!("`{s}`: `{p}` is not a positive integer"))?;
        if d[i] == 0 {
            return Err(format!("`{s}`: dimensions are at least 1"));
        }
    }
    Ok(d)
}

/// MIN..MAX with 1 <= MIN <= MAX, the value of option `flag`.
fn parse_latency(flag: &str, s: &str) -> Result<(u32, u32)> {
    s.split_once("..")
        .and_then(|(l, h)| Some((l.parse::<u32>().ok()?, h.parse::<u32>().ok()?)))
        .filter(|(l, h)| *l >= 1 && l <= h)
        .with_context(|| format!("{flag} `{s}`: expected MIN..MAX with 1 <= MIN <= MAX"))
}

fn cmd_run(a: RunArgs) -> Result<ExitCode> {
    if !matches!(a.engine.as_str(), "golden" | "rtl" | "cosim") {
        bail!("--engine {}: expected golden, rtl or cosim", a.engine);
    }
    if a.engine == "golden" && a.vcd.is_some() {
        bail!("--vcd needs the rtl or cosim engine");
    }
    if a.engine == "golden" && a.stats.is_some() {
        bail!("--stats needs the rtl or cosim engine (the golden engine counts no cycles)");
    }
    if a.engine != "golden" {
        return cmd_run_rtl(a);
    }
    // The output directory is made and checked before the run, which may be long.
    std::fs::create_dir_all(&a.out)
        .with_context(|| format!("--out {}: creating the directory", a.out.display()))?;
    check_dir_writable(&a.out).with_context(|| format!("--out {}", a.out.display()))?;
    let (co, launch) = load_launch(&a)?;
    let total = sim::launch::total_waves(&co, &a.kernel, &launch).unwrap_or(0);
    let start = Instant::now();
    let (counters, line) = ProgressLine::start(total);
    let result = sim::launch::run_with_progress(&co, &a.kernel, &launch, Some(&counters));
    let secs = start.elapsed().as_secs_f64();
    drop(line);
    match result {
        Ok(r) => {
            write_buffers(&a.out, &r.buffers)?;
            eprintln!(
                "{}: {} waves, {} wave instructions in {:.3} s ({:.1} M/s); {} buffers written to {}",
                a.kernel,
                r.waves,
                r.instructions,
                secs,
                r.instructions as f64 / secs / 1e6,
                r.buffers.len(),
                a.out.display()
            );
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            eprintln!("sim: {}: {e}", a.kernel);
            Ok(ExitCode::FAILURE)
        }
    }
}

/// The code object and the launch `sim run` names.
fn load_launch(a: &RunArgs) -> Result<(sim::loader::CodeObject, sim::launch::Launch)> {
    let bytes =
        std::fs::read(&a.code_object).with_context(|| format!("reading {}", a.code_object.display()))?;
    let co = sim::loader::load(&bytes, 0x10_0000)
        .with_context(|| format!("loading {}", a.code_object.display()))?;
    let args =
        a.args.iter().map(|s| sim::launch::ArgSpec::parse(s)).collect::<std::result::Result<Vec<_>, _>>();
    let args = args.map_err(|e| anyhow::anyhow!(e))?;
    let launch =
        sim::launch::Launch { grid: a.grid, block: a.block, args, max_instructions: a.max_instructions };
    Ok((co, launch))
}

/// Writes a run's performance counters as JSON.
fn write_stats(path: &Path, stats: &sim::cosim::Stats) -> Result<()> {
    let text = serde_json::to_string_pretty(stats).context("encoding the counters")?;
    std::fs::write(path, text + "\n").with_context(|| format!("--stats {}: writing", path.display()))
}

/// Writes every buffer argument N's final bytes to `DIR/argN.bin`.
fn write_buffers(dir: &Path, buffers: &[(usize, Vec<u8>)]) -> Result<()> {
    for (i, bytes) in buffers {
        let p = dir.join(format!("arg{i}.bin"));
        std::fs::write(&p, bytes).with_context(|| format!("writing {}", p.display()))?;
    }
    Ok(())
}

/// `sim run --engine rtl|cosim`: the kernel on the RTL model, its workgroups launched as wave
/// slots and LDS free up.
fn cmd_run_rtl(a: RunArgs) -> Result<ExitCode> {
    sim::rtl::variant(&a.model).with_context(|| {
        let names: Vec<&str> = sim::rtl::VARIANTS.iter().map(|v| v.name).collect();
        format!("--model {}: no such model (there are: {})", a.model, names.join(", "))
    })?;
    let latency = parse_latency("--latency", &a.latency)?;
    let mem_latency = a.mem_latency.as_deref().map(|s| parse_latency("--mem-latency", s)).transpose()?;
    let cosim = a.engine == "cosim";
    if !cosim && a.mismatch_vcd.is_some() {
        bail!("--mismatch-vcd needs the cosim engine (the rtl engine compares nothing)");
    }
    std::fs::create_dir_all(&a.out)
        .with_context(|| format!("--out {}: creating the directory", a.out.display()))?;
    check_dir_writable(&a.out).with_context(|| format!("--out {}", a.out.display()))?;
    let mismatch_vcd = a.mismatch_vcd.clone().unwrap_or_else(|| PathBuf::from("cosim-mismatch.vcd"));
    let mut outputs: Vec<(&str, &Path)> = Vec::new();
    if cosim {
        outputs.push(("--mismatch-vcd", mismatch_vcd.as_path()));
    }
    outputs.extend(a.vcd.as_deref().map(|p| ("--vcd", p)));
    outputs.extend(a.stats.as_deref().map(|p| ("--stats", p)));
    check_outputs(&outputs)?;
    let (co, launch) = load_launch(&a)?;
    let opts = Options {
        latency,
        mem_latency,
        seed: a.seed,
        vcd: a.vcd.clone(),
        window_vcd: cosim.then(|| mismatch_vcd.clone()),
        rtl_only: !cosim,
        model: a.model.clone(),
        stop: Some(stop_on_sigint()),
        max_cycles: u64::MAX,
        ..Options::default()
    };
    let start = Instant::now();
    let result = sim::cosim::run_kernel(&co, &a.kernel, &launch, &opts);
    let secs = start.elapsed().as_secs_f64();
    match result {
        Ok(r) => {
            write_buffers(&a.out, &r.buffers)?;
            eprintln!(
                "{} on the RTL ({}{}): {} waves, {} wave instructions, {} cycles in {:.3} s ({:.0} cycles/s, {:.0} instructions/s); {} buffers written to {}",
                a.kernel,
                a.model,
                if cosim { ", co-simulated" } else { "" },
                r.waves,
                r.stats.instructions,
                r.stats.cycles,
                secs,
                r.stats.cycles as f64 / secs,
                r.stats.instructions as f64 / secs,
                r.buffers.len(),
                a.out.display()
            );
            eprintln!("{}", r.stats);
            if let Some(p) = &a.stats {
                write_stats(p, &r.stats)?;
            }
            Ok(ExitCode::SUCCESS)
        }
        Err(e) => {
            eprintln!("sim: {}: {e}", a.kernel);
            let interrupted = matches!(
                e,
                sim::cosim::KernelError::Cosim { err: sim::cosim::CosimError::Interrupted(_), .. }
            );
            Ok(if interrupted { ExitCode::from(130) } else { ExitCode::FAILURE })
        }
    }
}

#[derive(clap::Args)]
struct CosimArgs {
    /// LLVM-syntax assembly (`.s`, `.asm`) or raw little-endian code bytes (anything else).
    program: PathBuf,
    /// Waves that run the program at once (each starts with s0 = its index).
    #[arg(long, default_value_t = 1)]
    waves: usize,
    /// Byte address the code is loaded at.
    #[arg(long, default_value = "0x10000", value_parser = parse_u64)]
    base: u64,
    /// Fill every wave's SGPRs, VCC, M0, TTMPs and the lanes of its VGPRs with random values
    /// from this seed (s0 still holds the wave index); otherwise they start at zero.
    #[arg(long, value_parser = parse_u64)]
    random_init: Option<u64>,
    /// The RTL model: `cu` (the default configuration, as rtl/ holds it), `cu_l4` (4 lanes,
    /// eight passes per instruction, eight waves, one register stage in the floating-point
    /// units, 64-byte lines on the vector memory port) or `cu_l8` (8 lanes, four passes, no register stage in the floating-point units,
    /// a 3-cycle transcendental unit).
    #[arg(long, default_value = sim::rtl::DEFAULT)]
    model: String,
    /// Latency range of the instruction and memory ports in cycles, MIN..MAX.
    #[arg(long, default_value = "1..8")]
    latency: String,
    /// Latency range of the memory ports alone (scalar and vector), MIN..MAX; --latency's
    /// when not given.
    #[arg(long)]
    mem_latency: Option<String>,
    /// Percentage of cycles in which instruction memory refuses a request.
    #[arg(long, default_value_t = 10)]
    backpressure: u32,
    /// Seed for latencies and back-pressure.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[arg(long, default_value_t = 2_000_000)]
    max_cycles: u64,
    /// Write the RTL's VCD trace of the whole run.
    #[arg(long)]
    vcd: Option<PathBuf>,
    /// Write the golden model's architectural state as VCD on the same time axis.
    #[arg(long)]
    golden_vcd: Option<PathBuf>,
    /// On a mismatch, write the RTL trace of the cycles before it here [default:
    /// cosim-mismatch.vcd].
    #[arg(long)]
    mismatch_vcd: Option<PathBuf>,
    /// Cycles before a mismatch that its trace covers.
    #[arg(long, default_value_t = 2_000)]
    window: u64,
    /// What the RTL traces hold: 1 the CU's ports, 2 also every wave's state and the signals
    /// between the units, 3 also the signals inside the units, ..., `all` everything.
    #[arg(long, default_value_t = TraceDepth::DEFAULT)]
    trace_depth: TraceDepth,
    /// Bytes of LDS the waves' workgroup gets for DS instructions (a multiple of 4), from LDS
    /// address 0 [default: all of the model's LDS, 65536 bytes].
    #[arg(long)]
    lds: Option<u32>,
    /// Bytes of private memory each lane of each wave gets for SCRATCH instructions (a
    /// multiple of 4, at most 262,136), zeroed [default: none, so every SCRATCH access faults].
    #[arg(long, default_value_t = 0)]
    scratch: u32,
    /// VGPRs each wave has (1 to 256; the model's `vgprs` at most): a VGPR past them reads as
    /// v0 and is not written, on both models, as a kernel's past its descriptor's count.
    #[arg(long, default_value_t = 256, value_parser = clap::value_parser!(u16).range(1..=256))]
    vgprs: u16,
    /// Write the run's performance counters here as JSON.
    #[arg(long)]
    stats: Option<PathBuf>,
}

fn parse_u64(s: &str) -> std::result::Result<u64, String> {
    let r = match s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        Some(h) => u64::from_str_radix(&h.replace('_', ""), 16),
        None => s.replace('_', "").parse(),
    };
    r.map_err(|e| format!("`{s}`: {e}"))
}

fn load_program(path: &Path) -> Result<Vec<u32>> {
    let ext = path.extension().and_then(|e| e.to_str()).unwrap_or("");
    if matches!(ext, "s" | "asm" | "S") {
        let src = std::fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
        let prog = rdna3_isa::asm::assemble(&src, &path.display().to_string())?;
        return Ok(prog.dwords());
    }
    let bytes = std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
    if bytes.starts_with(b"\x7fELF") {
        bail!(
            "{}: an ELF code object; run its kernels on the golden model with `sim run {} --kernel NAME --grid X --block X ...` or on the RTL with `--engine rtl` or `--engine cosim`; cosim takes assembly (.s) or raw code bytes",
            path.display(),
            path.display()
        );
    }
    // Raw code is binary; text is assembly with another name.
    if !bytes.is_empty()
        && std::str::from_utf8(&bytes).is_ok_and(|t| t.chars().all(|c| !c.is_control() || c.is_whitespace()))
    {
        bail!(
            "{}: looks like text, not raw code bytes; name assembly `.s` (or `.asm`, `.S`) to assemble it",
            path.display()
        );
    }
    let (dwords, rest) = rdna3_isa::bytes_to_dwords(&bytes);
    if !rest.is_empty() {
        bail!("{}: {} bytes is not a whole number of dwords", path.display(), bytes.len());
    }
    eprintln!(
        "sim: {}: not named .s, .asm or .S: running it as raw code ({} dwords)",
        path.display(),
        dwords.len()
    );
    Ok(dwords)
}

/// Set by the first SIGINT; the co-simulation stops at the next cycle and finishes its traces.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

extern "C" fn on_sigint(_: libc::c_int) {
    INTERRUPTED.store(true, Ordering::Relaxed);
    // A second Ctrl-C kills the program at once.
    // SAFETY: signal() is async-signal-safe; SIG_DFL is a valid disposition.
    unsafe { libc::signal(libc::SIGINT, libc::SIG_DFL) };
}

/// Stops co-simulation cleanly on Ctrl-C: the run polls the flag every cycle.
fn stop_on_sigint() -> &'static AtomicBool {
    let handler: extern "C" fn(libc::c_int) = on_sigint;
    // SAFETY: the handler only stores to an atomic and calls signal(), both async-signal-safe.
    unsafe { libc::signal(libc::SIGINT, handler as libc::sighandler_t) };
    &INTERRUPTED
}

fn cmd_cosim(a: CosimArgs) -> Result<ExitCode> {
    let variant = sim::rtl::variant(&a.model).with_context(|| {
        let names: Vec<&str> = sim::rtl::VARIANTS.iter().map(|v| v.name).collect();
        format!("--model {}: no such model (there are: {})", a.model, names.join(", "))
    })?;
    if a.waves == 0 || a.waves > variant.num_waves as usize {
        bail!("--waves {}: the model `{}` runs 1 to {} waves", a.waves, a.model, variant.num_waves);
    }
    if !a.base.is_multiple_of(4) {
        bail!("--base {:#x}: code starts at a multiple of 4 (instructions are dword-aligned)", a.base);
    }
    let (lo, hi) = parse_latency("--latency", &a.latency)?;
    let mem_latency = a.mem_latency.as_deref().map(|s| parse_latency("--mem-latency", s)).transpose()?;
    if a.backpressure >= 100 {
        bail!("--backpressure must be below 100");
    }
    if !a.scratch.is_multiple_of(4) || a.scratch > sim::launch::MAX_SCRATCH_PER_LANE {
        bail!(
            "--scratch {}: bytes of private memory a lane are a multiple of 4, at most {} (gfx11's limit)",
            a.scratch,
            sim::launch::MAX_SCRATCH_PER_LANE
        );
    }
    // Every output is checked before the run, which may be long.
    let default_mismatch = PathBuf::from("cosim-mismatch.vcd");
    let mismatch_vcd = a.mismatch_vcd.clone().unwrap_or_else(|| default_mismatch.clone());
    let mut outputs: Vec<(&str, &Path)> = vec![("--mismatch-vcd", mismatch_vcd.as_path())];
    if a.mismatch_vcd.is_none()
        && let Err(e) = check_writable("--mismatch-vcd", &default_mismatch)
    {
        // Only the default, in a directory that may be read-only: a run without a mismatch
        // needs no trace, so say it and go on.
        eprintln!("sim: warning: {e:#}: a mismatch would have no waveform");
        outputs.clear();
    }
    outputs.extend(a.vcd.as_deref().map(|p| ("--vcd", p)));
    outputs.extend(a.golden_vcd.as_deref().map(|p| ("--golden-vcd", p)));
    // Every trace gets a GTKWave save file beside it.
    let saves: Vec<(String, PathBuf)> = outputs
        .iter()
        .filter_map(|(o, p)| Some((format!("the save file of {o}"), sim::waves::save_file_for(p)?)))
        .collect();
    outputs.extend(saves.iter().map(|(o, p)| (o.as_str(), p.as_path())));
    outputs.extend(a.stats.as_deref().map(|p| ("--stats", p)));
    check_outputs(&outputs)?;
    let dwords = load_program(&a.program)?;
    if dwords.is_empty() {
        bail!("{}: no code", a.program.display());
    }
    let end = a.base.checked_add(4 * dwords.len() as u64).filter(|&e| e <= 1 << 48);
    if end.is_none() {
        bail!("--base {:#x}: the code must lie below 2^48 (the PC has 48 bits)", a.base);
    }
    let code = Code::new(a.base, dwords);
    let mut rng = a.random_init.map(SmallRng::seed_from_u64);
    // Each wave's private segment, when --scratch asks for one.
    let mut memory = (a.scratch > 0).then(sim::golden::memory::Memory::default);
    let waves: Vec<WaveInit> = (0..a.waves)
        .map(|k| {
            let mut w = WaveInit::new(a.base);
            if let Some(m) = memory.as_mut() {
                w.scratch_base = m.alloc(32 * u64::from(a.scratch), 256, &format!("scratch of wave {k}"));
                w.scratch_lane_bytes = a.scratch;
            }
            if let Some(r) = rng.as_mut() {
                for (i, v) in w.sgpr.iter_mut().enumerate() {
                    if i < 126 {
                        *v = r.random();
                    }
                }
                for lanes in w.vgpr.iter_mut() {
                    for x in lanes.iter_mut() {
                        *x = r.random();
                    }
                }
            }
            w.sgpr[0] = k as u32;
            w.vgprs = usize::from(a.vgprs);
            w
        })
        .collect();
    let opts = Options {
        latency: (lo, hi),
        mem_latency,
        backpressure: a.backpressure,
        seed: a.seed,
        max_cycles: a.max_cycles,
        vcd: a.vcd.clone(),
        window_vcd: Some(mismatch_vcd.clone()),
        window: a.window,
        golden_vcd: a.golden_vcd.clone(),
        rtl_only: false,
        model: a.model.clone(),
        stop: Some(stop_on_sigint()),
        trace_depth: a.trace_depth,
        progress: None,
        lds: a.lds,
        memory,
    };
    let (counters, line) = ProgressLine::start(a.waves as u64);
    let opts = Options { progress: Some(counters), ..opts };
    let start = Instant::now();
    let result = cosim(&code, &waves, &opts);
    let secs = start.elapsed().as_secs_f64();
    drop(line);
    let report = match result {
        Ok(r) => r,
        Err(CosimError::Mismatch(m)) => {
            eprint!("{m}");
            return Ok(ExitCode::from(1));
        }
        Err(e @ CosimError::Interrupted(_)) => {
            eprintln!("sim: {e}");
            return Ok(ExitCode::from(130));
        }
        Err(e) => {
            eprintln!("sim: co-simulation failed: {e}");
            return Ok(ExitCode::from(1));
        }
    };
    // Written with errors returned, so that a reader that stops early (`| head`) ends the
    // program quietly instead of panicking in println!.
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "co-simulation passed: {} instructions retired in {} cycles, RTL and golden model agree on every write",
        report.retired, report.cycles
    )?;
    writeln!(
        out,
        "  {:.0} cycles/s, {:.0} retired instructions/s ({:.3} s)",
        report.cycles as f64 / secs,
        report.retired as f64 / secs,
        secs
    )?;
    writeln!(out, "  every issue cycle kept the sequencing rules ({})", report.timing)?;
    if let Some(p) = &a.stats {
        write_stats(p, &report.stats)?;
        for line in report.stats.to_string().lines() {
            writeln!(out, "  {line}")?;
        }
    }
    let mut faulted = false;
    for (k, (end, state)) in report.waves.iter().zip(&report.state).enumerate() {
        match end {
            WaveEnd::Ended => writeln!(out, "wave {k}: ended")?,
            WaveEnd::Faulted(f) => {
                faulted = true;
                let text = code.fetch(state.pc).map_or_else(|_| "?".to_string(), |i| i.to_string());
                writeln!(out, "wave {k}: fault: {f}: {text}")?;
            }
        }
        let regs: Vec<String> = (0..rdna3_isa::operand::NUM_SGPRS as usize)
            .filter(|&i| state.sgpr[i] != 0)
            .map(|i| format!("s{i}={:#x}", state.sgpr[i]))
            .collect();
        writeln!(
            out,
            "  scc={} exec={:#x} vcc={:#x} m0={:#x} {}",
            u8::from(state.scc),
            state.exec(),
            state.vcc(),
            state.m0(),
            regs.join(" ")
        )?;
    }
    if let Some(p) = &a.vcd {
        writeln!(out, "RTL trace: {}", p.display())?;
    }
    if let Some(p) = &a.golden_vcd {
        writeln!(out, "golden trace: {}", p.display())?;
    }
    for p in &report.save_files {
        writeln!(out, "open it: gtkwave {}", p.display())?;
    }
    Ok(if faulted { ExitCode::from(2) } else { ExitCode::SUCCESS })
}

/// The instruction listing; the two execution columns are what the interpreter's dispatch and
/// the generated RTL say.
fn cmd_isa(csv: bool) -> Result<ExitCode> {
    let files = hdl_gen::sv::generate(&hdl_gen::sv::Config::default())?;
    let rtl = hdl_gen::sv::rtl_ops(&files);
    let t = rdna3_isa::table();
    let mut out = std::io::stdout().lock();
    let yes = |b: bool| if b { "yes" } else { "no" };
    if csv {
        writeln!(out, "encoding,opcode,mnemonic,unit,operands,golden,rtl")?;
    } else {
        writeln!(out, "| encoding | opcode | mnemonic | unit | operands | golden | RTL |")?;
        writeln!(out, "|---|---:|---|---|---|---|---|")?;
    }
    let (mut golden_n, mut rtl_n, mut illegal_n) = (0, 0, 0);
    for d in &t.insts {
        let ops: Vec<String> = d
            .operands
            .iter()
            .map(|o| {
                let kind = match o.kind {
                    rdna3_isa::Kind::Reg(ty) => ty.name(),
                    rdna3_isa::Kind::RegRule(r) => format!("@{r}"),
                    rdna3_isa::Kind::Imm(rdna3_isa::ImmKind::Other(k)) => k.to_string(),
                    rdna3_isa::Kind::Imm(k) => format!("{k:?}").to_ascii_lowercase(),
                };
                format!("{}:{kind}", o.field.name())
            })
            .collect();
        // A row LLVM does not know is no instruction: both models fault it as illegal.
        let (g, r) = if d.in_llvm {
            let (g, r) = (sim::golden::implemented(d), hdl_gen::sv::rtl_implements(d, &rtl));
            golden_n += usize::from(g);
            rtl_n += usize::from(r);
            (yes(g), yes(r))
        } else {
            illegal_n += 1;
            ("illegal", "illegal")
        };
        if csv {
            writeln!(
                out,
                "{},{},{},{},{},{},{}",
                d.format().name,
                d.opcode,
                d.name,
                d.unit.name(),
                ops.join(" "),
                g,
                r
            )?;
        } else {
            writeln!(
                out,
                "| {} | {} | `{}` | {} | {} | {} | {} |",
                d.format().name,
                d.opcode,
                d.name,
                d.unit.name(),
                ops.join(", "),
                g,
                r
            )?;
        }
    }
    if !csv {
        writeln!(
            out,
            "\n{} instructions; the golden interpreter executes {golden_n}, the RTL {rtl_n}; \
             {illegal_n} rows LLVM 19 does not know for gfx1100 are illegal in both.",
            t.insts.len()
        )?;
    }
    Ok(ExitCode::SUCCESS)
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let r = match cli.cmd {
        Cmd::Cosim(a) => cmd_cosim(a),
        Cmd::Run(a) => cmd_run(a),
        Cmd::Isa { csv } => cmd_isa(csv),
    };
    match r {
        Ok(c) => c,
        // A reader that stops early (`sim isa | head`) is not an error.
        Err(e)
            if e.downcast_ref::<std::io::Error>()
                .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe) =>
        {
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("sim: error: {e:#}");
            ExitCode::FAILURE
        }
    }
}
