//! RDNA3 wave32 golden interpreter, the Verilator model of the generated compute unit, and the
//! co-simulation that compares them instruction by instruction.

#[cfg(feature = "rtl")]
pub mod cosim;
#[cfg(feature = "rtl")]
pub mod dispatcher;
pub mod ds_timing;
pub mod golden;
pub mod issue_timing;
pub mod launch;
pub mod loader;
pub mod progress;
#[cfg(feature = "rtl")]
pub mod rtl;
pub mod waves;
