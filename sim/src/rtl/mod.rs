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
        pub in_words: u32,
        pub out_words: u32,
        pub ports: Ports,
    }

    include!(concat!(env!("OUT_DIR"), "/ports.rs"));
}

pub use ports::{Port, Ports, VARIANTS, Variant};

/// Retire status and fault codes of the retire port (cu_pkg's RtRetired ... FaultNotImpl).
pub use hdl_gen::sv::ports::{
    FAULT_FETCH, FAULT_ILLEGAL, FAULT_NOT_IMPLEMENTED, RT_BARRIER, RT_ENDPGM, RT_FAULT, RT_RETIRED,
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
}

/// Why a VCD trace could not be started.
#[derive(Debug, thiserror::Error)]
#[error("cannot write a VCD trace to {0}")]
pub struct VcdError(pub String);

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
        let mut m = Model { inner, v, inp: vec![0; v.in_words as usize], out: vec![0; v.out_words as usize] };
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

    /// Writes a VCD trace from now on. Verilator's time advances 10 units per cycle; the
    /// rising edge of cycle n (counting from 0) is at time 10n + 5.
    pub fn open_vcd(&mut self, path: &std::path::Path) -> Result<(), VcdError> {
        let p = path.to_string_lossy();
        if self.inner.pin_mut().open_vcd(&p) { Ok(()) } else { Err(VcdError(p.into_owned())) }
    }

    pub fn close_vcd(&mut self) {
        self.inner.pin_mut().close_vcd();
    }
}
