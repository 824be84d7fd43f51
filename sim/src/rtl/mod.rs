//! The Verilator model of the generated compute unit, driven cycle by cycle.

mod ffi;

pub use ffi::bridge::{CuIn, CuOut};

use std::path::Path;

/// Waves the model holds (cu_top's NumWaves as generated into `rtl/`).
pub const NUM_WAVES: usize = {
    let s = env!("CU_NUM_WAVES").as_bytes();
    let mut v = 0;
    let mut i = 0;
    while i < s.len() {
        v = v * 10 + (s[i] - b'0') as usize;
        i += 1;
    }
    v
};

/// Retire status codes of the retire port (cu_top's RtRetired ... RtFault).
pub const RT_RETIRED: u8 = 0;
pub const RT_ENDPGM: u8 = 1;
pub const RT_BARRIER: u8 = 2;
pub const RT_FAULT: u8 = 3;
/// Fault codes (cu_top's FaultFetch ... FaultNotImpl).
pub const FAULT_FETCH: u8 = 1;
pub const FAULT_ILLEGAL: u8 = 2;
pub const FAULT_NOT_IMPLEMENTED: u8 = 3;

/// The model with its current inputs and the outputs of the last cycle.
pub struct Model {
    inner: cxx::UniquePtr<ffi::bridge::CuModel>,
    /// Inputs applied at the next [`Model::step`].
    pub inp: CuIn,
    /// Outputs after the last rising edge.
    pub out: CuOut,
}

/// Why a VCD trace could not be started.
#[derive(Debug, thiserror::Error)]
#[error("cannot write a VCD trace to {0}")]
pub struct VcdError(pub String);

impl Model {
    /// A model held in reset for a few cycles.
    pub fn new() -> Model {
        let mut m = Model { inner: ffi::bridge::new_cu_model(), inp: CuIn::default(), out: CuOut::default() };
        for _ in 0..2 {
            m.step();
        }
        m.inp.rst_n = true;
        m
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
    pub fn open_vcd(&mut self, path: &Path) -> Result<(), VcdError> {
        let p = path.to_string_lossy();
        if self.inner.pin_mut().open_vcd(&p) { Ok(()) } else { Err(VcdError(p.into_owned())) }
    }

    pub fn close_vcd(&mut self) {
        self.inner.pin_mut().close_vcd();
    }
}

impl Default for Model {
    fn default() -> Model {
        Model::new()
    }
}
