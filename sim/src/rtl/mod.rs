//! The Verilator models of the generated compute unit, driven cycle by cycle.
//!
//! build.rs builds a model for each configuration in its list (the default one, which is what
//! `rtl/` holds, and others at other lane counts); [`Model::new`] picks one by name. Ports are
//! read and written through [`Ports`], the map build.rs generates from hdl-gen's port list.

#[cfg(feature = "rtl")]
mod ffi;

mod ports {
    /// A port's place in a model's input or output buffer.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub struct Port {
        /// The first dword.
        pub off: u32,
        pub words: u32,
        pub bits: u32,
    }

    /// A model built into this binary.
    #[derive(Debug)]
    pub struct Variant {
        pub name: &'static str,
        pub num_waves: u32,
        /// Physical vector lanes (passes = 32 / lanes).
        pub lanes: u32,
        /// VGPRs of each wave.
        pub vgprs: u32,
        /// Bytes of LDS.
        pub lds_bytes: u32,
        /// LDS banks.
        pub lds_banks: u32,
        /// Bytes of the vector memory port's cache line (a beat of a request).
        pub vmem_line_bytes: u32,
        pub in_words: u32,
        pub out_words: u32,
        pub ports: Ports,
    }

    include!(concat!(env!("OUT_DIR"), "/ports.rs"));
}

pub use ports::{Port, Ports, VARIANTS, Variant};

/// Retire status and fault codes of the retire port (cu_pkg's RtRetired ... FaultMemory).
pub use hdl_gen::sv::ports::{
    FAULT_FETCH, FAULT_ILLEGAL, FAULT_MEMORY, FAULT_NOT_IMPLEMENTED, RT_BARRIER, RT_ENDPGM, RT_FAULT,
    RT_RETIRED,
};

/// The model of the default configuration (what `rtl/` holds).
pub const DEFAULT: &str = "cu";

/// The model of the default configuration (build.rs lists it first).
pub fn default_variant() -> &'static Variant {
    &VARIANTS[0]
}

/// The model built with this name.
pub fn variant(name: &str) -> Option<&'static Variant> {
    VARIANTS.iter().find(|v| v.name == name)
}

/// A model with its current inputs and the outputs of the last cycle.
#[cfg(feature = "rtl")]
pub struct Model {
    inner: cxx::UniquePtr<ffi::bridge::CuModel>,
    /// The model's configuration and port map.
    pub v: &'static Variant,
    /// Inputs applied at the next [`Model::step`].
    inp: Vec<u32>,
    /// Outputs after the last rising edge.
    out: Vec<u32>,
    /// The VCD trace last opened, for its errors.
    vcd_path: Option<std::path::PathBuf>,
}

/// The scope of the model's top level in its traces (the name shim.cpp gives every model):
/// `cu.rt_valid_o` is a port, `cu.cu_top.pc_q` a signal of `cu_top`.
pub const TOP_SCOPE: &str = "cu";

/// How much of the model an RTL trace holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TraceDepth {
    /// The signals this many levels of hierarchy below [`TOP_SCOPE`]: 1 is `cu_top`'s ports,
    /// 2 adds `cu_top`'s own signals (every wave's state and the wires between the units), 3
    /// the signals inside each unit, and so on.
    Levels(u32),
    /// Every signal of every module.
    All,
}

impl TraceDepth {
    /// The default: the CU's ports, the per-wave state and the unit boundaries.
    pub const DEFAULT: TraceDepth = TraceDepth::Levels(2);
}

impl Default for TraceDepth {
    fn default() -> TraceDepth {
        TraceDepth::DEFAULT
    }
}

impl std::str::FromStr for TraceDepth {
    type Err = String;
    fn from_str(s: &str) -> Result<TraceDepth, String> {
        if s == "all" {
            return Ok(TraceDepth::All);
        }
        match s.parse::<u32>() {
            Ok(n) if (1..=64).contains(&n) => Ok(TraceDepth::Levels(n)),
            _ => Err(format!(
                "`{s}`: expected `all` or a depth from 1 (the CU's ports) to 64; 2 (the default) adds the per-wave state and the unit boundaries"
            )),
        }
    }
}

impl std::fmt::Display for TraceDepth {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TraceDepth::Levels(n) => write!(f, "{n}"),
            TraceDepth::All => f.write_str("all"),
        }
    }
}

/// Why a VCD trace could not be written: the file and the system's error.
#[derive(Debug, thiserror::Error)]
#[error("writing the VCD trace {}: {err}", path.display())]
pub struct VcdError {
    pub path: std::path::PathBuf,
    pub err: std::io::Error,
}

/// Why a model could not be made.
#[derive(Debug, thiserror::Error)]
#[error("no RTL model named `{0}` is built into this binary (there are: {1})")]
pub struct NoModel(pub String, pub String);

#[cfg(feature = "rtl")]
impl Model {
    /// The model named `name` (see [`VARIANTS`]), held in reset for a few cycles.
    pub fn new(name: &str) -> Result<Model, NoModel> {
        let names = || VARIANTS.iter().map(|v| v.name).collect::<Vec<_>>().join(", ");
        let v = variant(name).ok_or_else(|| NoModel(name.to_string(), names()))?;
        let inner = ffi::bridge::new_cu_model(name);
        if inner.is_null() {
            return Err(NoModel(name.to_string(), names()));
        }
        let (inp, out) = (vec![0; v.in_words as usize], vec![0; v.out_words as usize]);
        let mut m = Model { inner, v, inp, out, vcd_path: None };
        for _ in 0..2 {
            m.step();
        }
        m.set(v.ports.rst_ni, 1);
        Ok(m)
    }

    /// The port map.
    pub fn p(&self) -> &'static Ports {
        &self.v.ports
    }

    /// Sets an input port of at most 64 bits.
    pub fn set(&mut self, p: Port, value: u64) {
        let o = p.off as usize;
        self.inp[o] = value as u32;
        if p.words > 1 {
            self.inp[o + 1] = (value >> 32) as u32;
        }
    }

    /// Sets a wide input port from dwords (least significant first).
    pub fn set_words(&mut self, p: Port, words: &[u32]) {
        let o = p.off as usize;
        let n = (p.words as usize).min(words.len());
        self.inp[o..o + n].copy_from_slice(&words[..n]);
    }

    /// An output port of at most 64 bits.
    pub fn get(&self, p: Port) -> u64 {
        let o = p.off as usize;
        let lo = u64::from(self.out[o]);
        if p.words > 1 { lo | u64::from(self.out[o + 1]) << 32 } else { lo }
    }

    /// An output port's dwords (least significant first).
    pub fn words(&self, p: Port) -> &[u32] {
        &self.out[p.off as usize..(p.off + p.words) as usize]
    }

    /// Bit `i` of an output port.
    pub fn bit(&self, p: Port, i: u32) -> bool {
        self.out[(p.off + i / 32) as usize] >> (i % 32) & 1 == 1
    }

    /// One clock cycle.
    pub fn step(&mut self) {
        self.inner.pin_mut().step(&self.inp, &mut self.out);
    }

    /// Cycles since construction.
    pub fn cycle(&self) -> u64 {
        self.inner.cycle()
    }

    /// Writes a VCD trace from now on, of the signals down to `depth`, with `decls` (VCD
    /// `$scope`/`$var` declarations, empty for none) declaring signals of the caller's own
    /// whose changes [`Model::annotate`] writes. Verilator's time advances 10 units per cycle;
    /// the rising edge of cycle n (counting from 0) is at time 10n + 5.
    pub fn open_vcd(
        &mut self,
        path: &std::path::Path,
        depth: TraceDepth,
        decls: &str,
    ) -> Result<(), VcdError> {
        let levels = match depth {
            TraceDepth::Levels(n) => i32::try_from(n).unwrap_or(i32::MAX),
            TraceDepth::All => 0,
        };
        let errno = self.inner.pin_mut().open_vcd(&path.to_string_lossy(), levels, decls);
        self.vcd_path = Some(path.to_path_buf());
        self.vcd_result(errno)
    }

    /// Value changes (VCD lines, each ending in a newline) of the signals declared at
    /// [`Model::open_vcd`], at the rising edge of the last cycle (or of the first traced one,
    /// before the trace has one). Nothing without an open trace.
    pub fn annotate(&mut self, lines: &str) {
        self.inner.pin_mut().annotate(lines);
    }

    /// Finishes the trace (if one is open), with the first error in writing it.
    pub fn close_vcd(&mut self) -> Result<(), VcdError> {
        let errno = self.inner.pin_mut().close_vcd();
        self.vcd_result(errno)
    }

    /// The first error in writing the open trace so far (a write that failed, e.g. on a full
    /// disk; what follows it is dropped).
    pub fn vcd_error(&self) -> Result<(), VcdError> {
        self.vcd_result(self.inner.vcd_error())
    }

    fn vcd_result(&self, errno: i32) -> Result<(), VcdError> {
        match (errno, &self.vcd_path) {
            (0, _) | (_, None) => Ok(()),
            (e, Some(path)) => {
                Err(VcdError { path: path.clone(), err: std::io::Error::from_raw_os_error(e) })
            }
        }
    }
}
