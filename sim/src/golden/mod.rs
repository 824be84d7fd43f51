//! The golden interpreter: a functional, bit-exact model of RDNA3 wave32 execution.
//!
//! It is written from the ISA guide's pseudocode, independently of the RTL templates, so that
//! co-simulation compares two implementations of the same table. Where the guide leaves a
//! choice, the choice is made here, documented on the item that makes it, and the RTL makes
//! the same one. The choices for scalar execution are:
//!
//! **Scalar operand codes (guide 3.3.1, 4.1).** A 32-bit source code 0..=123 reads that SGPR
//! (s0..s105, VCC_LO/HI, TTMP0..15), 124 (NULL) reads 0, 125 M0, 126/127 EXEC_LO/HI. A 64-bit
//! source or destination register code has its LSB cleared (the guide: "hardware enforces
//! SGPR alignment by ignoring LSBs"); the pair 124/125 reads as NULL (0). Inline integers are
//! sign-extended to 64 bits; inline floats are the F32 bits for 32-bit operands and the F64
//! bits for 64-bit ones; a literal is zero-extended for u64/b64 operands, sign-extended for
//! i64 and placed in the high dword for f64; SCC (253) reads {63'b0, SCC}; the aperture codes
//! (235..=238) read [`rdna3_isa::operand::APERTURES`]. Reserved source codes (209..=234,
//! 239, 249..=252, 254) make the instruction illegal.
//!
//! **Destinations.** NULL: nothing is written, SCC is still updated (guide 3.4.4; section 6.2
//! says the opposite, and 3.4.4 is followed). TTMPs are writable only in a trap handler, so a
//! write to one is dropped *and* the instruction's SCC update is suppressed (3.3.1.4). The
//! SAVEEXEC/WREXEC family writes EXEC (and SCC, unless the destination is a TTMP) even when
//! its destination is not written. When an instruction writes both EXEC and its destination,
//! EXEC is written first and the destination second, so `s_and_saveexec_b64 exec, ...` leaves
//! the saved value in EXEC.
//!
//! **Control.** PC is 48 bits with bits 1:0 zero; `s_getpc`/`s_swappc`/`s_call` write it
//! sign-extended from bit 47, `s_setpc`/`s_swappc` take bits 47:2 of the source. Branch
//! targets are PC + 4 + 4*simm16. EXECZ and VCCZ look at bits 31:0 only (wave32). The
//! conditional-debug bits are zero, so `s_cbranch_cdbg*` never branch. A NULL destination of
//! `s_call_b64`/`s_swappc_b64` drops the return address; the jump still happens.
//!
//! **MODE.** `s_getreg_b32`/`s_setreg_b32`/`s_setreg_imm32_b32` access hardware register 1
//! (MODE) with `[offset+size-1:offset]` (the guide's pseudocode forgets to shift the setreg mask
//! by the offset; LLVM relies on the shifted meaning). Writable MODE bits: [`MODE_WRITABLE`].
//! Other hardware registers are not yet modelled and fault as not implemented.
//!
//! **M0-relative moves (3.3.1.4).** `s_movrels*`/`s_movreld*`/`s_movrelsd_2_b32` add M0 (for
//! B64, both the base and M0 with bit 0 cleared; `s_movrelsd_2_b32` adds M0[9:0] to the
//! source and M0[25:16] to the destination) to the register code. A base in 0..=107 may reach
//! 107 (106 for B64), a TTMP base may reach 123 (122); beyond that a source reads s0 (s[0:1])
//! and a destination is not written. A base outside SGPRs and TTMPs is not indexed.
//!
//! **Sequencing.** `s_nop`, `s_sleep`, `s_delay_alu`, `s_clause`, `s_set_inst_prefetch_distance`,
//! `s_setprio`, `s_incperflevel`, `s_decperflevel`, `s_icache_inv`, `s_version` and
//! `s_wakeup` change no architectural state. The `s_waitcnt` family waits until the wave's
//! counters are at or below the thresholds (`s_waitcnt_*cnt`: S0[5:0] + SIMM16[5:0], 6-bit
//! sum; EXPcnt 3 bits); `s_endpgm` waits for all counters to reach zero and ends the wave.
//! `s_code_end` is an illegal instruction (guide 16.5). Messages, traps, halts, kill and export
//! events are not yet executed: they fault as not implemented.
//!
//! **Where the pseudocode is loose.** Writes are recorded in the order the pseudocode makes
//! them (`s_add_u32` writes SCC before D, `s_and_b32` D before SCC). `s_bfe_*` with a width of
//! the operand's size or more (S1[22:16] reaches 127) extracts every bit above the offset, and
//! the signed forms shift arithmetically (`S0.i >> offset`) before masking, so a field running
//! past the top is filled with the sign. `s_wqm_*` sets each nibble that has any bit set (the
//! pseudocode's bit range is garbled; chapter 6 states this meaning). `s_quadmask_b64` writes
//! its 16-bit mask zero-extended to the whole 64-bit destination. `s_setreg*` records a MODE
//! write even when no writable bit changes.
//!
//! **Stopping.** A fault (fetch, illegal, not implemented) leaves every register and the PC as
//! they were and sets the wave's status to `Faulted`. A wave that waits (`Outcome::Waiting`)
//! keeps its PC and executes the same instruction at its next step. `s_endpgm` and `s_barrier`
//! report the sequential PC as `next_pc`; the wave's PC moves there too.
//!
//! ## Layers
//!
//! The modules form five layers, listed from the bottom up. A module uses only modules of its
//! own layer or of an earlier one, and the uses within a layer form no cycle (`tests/layers.rs`
//! reads every `super::` and `crate::golden::` path of every module and checks both):
//!
//! 1. Machine state: `state`, `memory`, `env`, `fp`.
//! 2. Execution contexts: `scalar`, `vector`, `handler`.
//! 3. Semantics the memory families share: `atomic`.
//! 4. Instruction families: `salu`, `smem`, `valu`, `flat`, `ds`, `buffer`.
//! 5. Driver: `registry`, `program`, `engine`.
//!
//! `state` holds the wave, its counters (and the `issue` helper that counts a memory
//! operation), faults, writes and code; `env` what a wave touches outside itself (memory,
//! LDS, dispatch facts); `fp` IEEE arithmetic under MODE. `scalar` and `vector` are the
//! contexts a row's function runs in (`Exec`, `VExec`), each with its operands resolved at
//! decode and its function type (`ExecFn`, `VFn`); `handler` says how a decoded instruction
//! runs. `atomic` is the read-modify-write arithmetic of DS, FLAT and buffer atomics. Each
//! family holds the semantics of one encoding family of the table and binds them to its rows
//! (`salu/`: SOP*, with the ALU in `salu/alu.rs` and program control in `salu/control.rs`;
//! `smem`; `valu/`: VOP*, one file per kind of operation; `flat`: FLAT, GLOBAL, SCRATCH;
//! `ds`; `buffer`: MUBUF, MTBUF). `registry` builds the dispatch table from the families,
//! `program` decodes and caches instructions, `engine` steps a wave.

// Lane loops index several 32-lane arrays by lane number (`for l in 0..32`), which is how the
// guide's pseudocode reads; iterator chains over zipped arrays would hide that.
#![allow(clippy::needless_range_loop)]

mod atomic;
mod buffer;
mod ds;
mod engine;
mod env;
mod flat;
pub mod fp;
mod handler;
pub mod memory;
mod program;
mod registry;
mod salu;
mod scalar;
mod smem;
mod state;
mod valu;
mod vector;

pub use buffer::{format_load, format_store};
pub use engine::{exec_in, step_in};
pub use env::Env;
pub use program::{Decoded, Program};
pub use state::*;
pub use valu::f16::{rcp_f16_value, rsq_f16_value, sqrt_f16_value};
pub use valu::f32::{exp_value, log_value, rcp_f32_value, rsq_f32_value, sincos_value, sqrt_f32_value};

#[cfg(test)]
mod tests;

/// Runs one instruction of `wave` from `code`: fetches at `wave.pc`, executes (with no
/// memory and no LDS: every access faults), updates the wave, and reports what retired. A
/// wave that is not running does nothing and reports, with no instruction and no writes, its
/// status: `Fault` if it faulted, `Ended` if it ended, `Waiting` at a barrier.
pub fn step(wave: &mut Wave, code: &Code) -> Step {
    engine::step_lds(wave, code, &mut [])
}

/// [`step`] with `lds` as the LDS of the wave's workgroup (its allocation: offset 0 is the
/// allocation's first byte).
pub fn step_lds(wave: &mut Wave, code: &Code, lds: &mut [u8]) -> Step {
    engine::step_lds(wave, code, lds)
}

/// [`step_lds`] with `mem` as global memory (scalar and vector memory instructions read and
/// write it; an access outside its regions faults).
pub fn step_mem(wave: &mut Wave, code: &Code, mem: &mut memory::Memory, lds: &mut [u8]) -> Step {
    engine::step_mem(wave, code, mem, lds)
}

/// The new memory value of a global atomic (FLAT, GLOBAL, buffer) `op` on `width` bytes, as
/// the memory computes it: `tmp` the old value, `data` and `data2` the operands (a
/// compare-swap's swap value in `data`, its compare value in `data2`), `mode` the wave's MODE
/// (the float atomics' denormal rules). For co-simulation, whose memory answers the RTL's
/// atomics as the golden model's memory does.
pub fn memory_atomic(op: rdna3_isa::AtomicOp, width: u32, tmp: u64, data: u64, data2: u64, mode: u32) -> u64 {
    atomic::atomic(op, width, tmp, data, data2, mode, atomic::AtomicUnit::Memory)
}

/// Whether this model executes the table row `def` (everything else faults as not implemented
/// or illegal). Derived from the model's dispatch table, never kept by hand.
pub fn implemented(def: &rdna3_isa::InstDef) -> bool {
    registry::implemented(def)
}
