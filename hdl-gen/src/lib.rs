//! The SystemVerilog generators of the compute unit, from the ISA table (crate `rdna3-isa`).

pub mod sv;
