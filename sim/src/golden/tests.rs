//! The golden model's unit tests, one file per family or topic (named after the module it
//! tests where there is one: `flat`, `ds`, `buffer`, `smem`, `scalar`, `registry`, `packed`,
//! `wmma`; the scalar ALU by encoding, `sop1` ... `sopk`), and the helpers they share. Every
//! expected value is worked out by hand from the guide's pseudocode (chapter 16) or copied
//! from its "Functional examples"; none is produced by the code under test.

use rdna3_isa::{Field, Inst, table};

use super::memory::Memory;
use super::*;

mod buffer;
mod control;
mod ds;
mod exec_mask;
mod faults;
mod flat;
mod interp;
mod kernels_regress;
mod lanes;
mod lanes32;
mod layers;
mod packed;
mod registry;
mod scalar;
mod smem;
mod sop1;
mod sop2;
mod sopc;
mod sopk;
mod valu;
mod valu_float;
mod vopd;
mod wmma;

const BASE: u64 = 0x1000;

/// A deterministic stream of bit patterns (xorshift64*).
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
}

fn assemble(src: &str) -> Vec<u32> {
    rdna3_isa::asm::assemble(src, "t.s").unwrap_or_else(|e| panic!("{e}")).dwords()
}

fn program(src: &str) -> Code {
    Code::new(BASE, assemble(src))
}

/// Steps `w` through `code` from its base, with global memory `mem` and LDS `lds`: at most
/// `limit` instructions, stopping early when the PC runs off the end of the code or an
/// instruction does not retire. Returns the last step (`None` if none ran).
fn run_in(w: &mut Wave, code: Code, mem: &mut Memory, lds: &mut [u8], limit: usize) -> Option<Step> {
    let end = code.base + 4 * code.dwords.len() as u64;
    w.pc = code.base;
    let prog = Program::new(code);
    let mut env = Env::new(mem, lds);
    let mut last = None;
    for _ in 0..limit {
        if w.pc >= end {
            break;
        }
        let s = step_in(w, &prog, &mut env);
        let retired = s.outcome == Outcome::Retired;
        last = Some(s);
        if !retired {
            break;
        }
    }
    last
}

/// Runs the straight-line program `src` on a wave with MODE `mode`, prepared by `setup`,
/// until the PC runs off its end, with no memory and no LDS; every instruction must retire.
fn run_mode(src: &str, mode: u32, setup: impl FnOnce(&mut Wave)) -> Wave {
    let mut w = Wave::new(BASE);
    w.mode = mode;
    setup(&mut w);
    let last = run_in(&mut w, program(src), &mut Memory::default(), &mut [], usize::MAX);
    assert_eq!(last.map_or(Outcome::Retired, |s| s.outcome), Outcome::Retired, "{src}");
    w
}

/// Runs the straight-line program `src` on a wave prepared by `setup`, with global memory
/// `mem` and LDS `lds`, until the PC runs off its end or the wave faults; returns the wave and
/// the fault. Any other outcome fails the test.
fn run_mem(
    src: &str,
    mem: &mut Memory,
    lds: &mut [u8],
    setup: impl FnOnce(&mut Wave),
) -> (Wave, Option<Fault>) {
    let mut w = Wave::new(BASE);
    setup(&mut w);
    match run_in(&mut w, program(src), mem, lds, usize::MAX).map(|s| s.outcome) {
        None | Some(Outcome::Retired) => (w, None),
        Some(Outcome::Fault(f)) => (w, Some(f)),
        Some(other) => panic!("{src}: {other:?}"),
    }
}

/// Runs the first instruction of `src` on `w` with global memory `mem` and no LDS.
fn step_mem(w: &mut Wave, mem: &mut Memory, src: &str) -> Step {
    run_in(w, program(src), mem, &mut [], 1).unwrap_or_else(|| panic!("{src}: no instruction"))
}

/// 32 lanes, lane `l` holding `f(l)`.
fn lanes(f: impl Fn(usize) -> u32) -> [u32; 32] {
    std::array::from_fn(f)
}

/// An F32 as its bit pattern.
fn f(x: f32) -> u32 {
    x.to_bits()
}

/// A running wave at [`BASE`] with the given dwords of scalar storage set.
fn wave(regs: &[(usize, u32)]) -> Wave {
    let mut w = Wave::new(BASE);
    for &(i, v) in regs {
        w.sgpr[i] = v;
    }
    w
}

/// The writes of the first instruction of `src`, on a wave with storage `regs` and SCC `scc`.
/// The instruction must retire.
fn writes(src: &str, regs: &[(usize, u32)], scc: bool) -> Vec<Write> {
    let mut w = wave(regs);
    w.scc = scc;
    let s = step(&mut w, &program(src));
    assert_eq!(s.outcome, Outcome::Retired, "{src}");
    s.writes.iter().collect()
}

/// The encoding of row `name` with the given fields (for encodings LLVM's syntax cannot
/// express, such as odd register pairs and reserved operand codes).
fn build(name: &str, fields: &[(Field, u32)], literal: Option<u32>) -> Vec<u32> {
    let def = table().by_name(name).unwrap_or_else(|| panic!("no row {name}"));
    Inst::build(def, fields, literal).encode()
}

/// Steps `w` until it stops retiring (or `limit` steps).
fn run(w: &mut Wave, code: &Code, limit: usize) -> Vec<Step> {
    let mut steps = Vec::new();
    for _ in 0..limit {
        let s = step(w, code);
        let more = s.outcome == Outcome::Retired;
        steps.push(s);
        if !more {
            break;
        }
    }
    steps
}

fn sg(idx: u8, value: u32) -> Write {
    Write::Sgpr { idx, value }
}

fn scc(v: bool) -> Write {
    Write::Scc(v)
}
