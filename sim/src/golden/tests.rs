//! Scalar execution tests. Every expected value is worked out by hand from the guide's
//! pseudocode (chapter 16) or copied from its "Functional examples"; none is produced by the
//! code under test.

use rdna3_isa::{Field, Inst, table};

use super::*;

mod buffer;
mod control;
mod dispatch;
mod ds;
mod exec_mask;
mod faults;
mod kernels_regress;
mod lanes;
mod lanes32;
mod operands;
mod packed;
mod smem;
mod sop1;
mod sop2;
mod sopc;
mod sopk;
mod valu;
mod valu_float;
mod vmem;
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
