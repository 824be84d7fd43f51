//! Pre-decoded instruction memory: each dword address is decoded once, on first fetch, into the
//! instruction, the function that executes it, and the operands resolved from the table, so
//! that a loop runs without decoding or table look-ups.

use std::cell::OnceCell;

use rdna3_isa::Inst;

use super::engine::{self, Handler};
use super::operands::SOperands;
use super::state::{Code, Fault};
use super::vector::VOperands;

/// One decoded instruction.
#[derive(Clone, Debug)]
pub struct Decoded {
    pub inst: Inst,
    /// The instruction's row.
    pub def: &'static rdna3_isa::InstDef,
    /// Size in bytes.
    pub bytes: u32,
    pub(super) run: Handler,
    /// Resolved operands of vector instructions.
    pub(super) v: VOperands,
    /// Resolved operands of scalar instructions.
    pub(super) s: SOperands,
    /// VOPD's Y half: its row and operands.
    pub(super) y: Option<Box<(&'static rdna3_isa::InstDef, VOperands)>>,
}

/// Instruction memory with a decode cache.
#[derive(Debug)]
pub struct Program {
    code: Code,
    slots: Vec<OnceCell<Result<Decoded, Fault>>>,
}

impl Program {
    pub fn new(code: Code) -> Program {
        let slots = (0..code.dwords.len()).map(|_| OnceCell::new()).collect();
        Program { code, slots }
    }

    pub fn code(&self) -> &Code {
        &self.code
    }

    /// The instruction at `pc`, decoded on first use.
    #[inline]
    pub fn fetch(&self, pc: u64) -> Result<&Decoded, Fault> {
        // An address below the base wraps to a huge offset and misses like one past the end.
        let off = pc.wrapping_sub(self.code.base);
        let slot = if off.is_multiple_of(4) {
            usize::try_from(off / 4).ok().and_then(|i| self.slots.get(i))
        } else {
            None
        };
        match slot.map(|s| s.get_or_init(|| decode(&self.code, pc))) {
            Some(Ok(d)) => Ok(d),
            Some(Err(f)) => Err(f.clone()),
            None => Err(Fault::Fetch { pc }),
        }
    }
}

/// Decodes the instruction at `pc` and resolves how it runs.
pub fn decode(code: &Code, pc: u64) -> Result<Decoded, Fault> {
    let inst = code.fetch(pc)?;
    let (run, v, s, y) = engine::resolve(&inst, pc);
    Ok(Decoded { inst, def: inst.def(), bytes: inst.bytes(), run, v, s, y })
}
