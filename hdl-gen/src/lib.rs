//! RDNA3 (gfx11) ISA table and everything derived from it: an assembler and a disassembler in
//! LLVM's syntax, and the SystemVerilog generators for the compute unit.

pub mod asm;
pub mod disasm;
pub mod isa;
pub mod sv;
pub mod syntax;
