//! Pre-decoded instruction memory: each dword address is decoded once, on first fetch, into the
//! instruction, the function that executes it, and the operands resolved from the table, so
//! that a loop runs without decoding or table look-ups.

use std::cell::OnceCell;

use rdna3_isa::{Inst, InstDef};

use super::handler::Handler;
use super::registry::{dispatch, unexecuted};
use super::scalar::{SOperands, check_sources};
use super::state::{Code, Fault};
use super::vector::VOperands;

/// One decoded instruction.
#[derive(Clone, Debug)]
pub struct Decoded {
    pub inst: Inst,
    /// The instruction's row.
    pub def: &'static InstDef,
    /// Size in bytes.
    pub bytes: u32,
    pub(super) run: Handler,
    /// Resolved operands of vector instructions.
    pub(super) v: VOperands,
    /// Resolved operands of scalar instructions.
    pub(super) s: SOperands,
    /// VOPD's Y half: its row and operands.
    pub(super) y: Option<Box<(&'static InstDef, VOperands)>>,
}

/// A decoded instruction, or why there is none, once fetched.
type Slot = OnceCell<Result<Decoded, Fault>>;

/// Dwords per chunk of the decode cache.
const CHUNK: usize = 256;

/// Instruction memory with a decode cache. The cache is made a chunk at a time, on the first
/// fetch in it: a slot is some 300 bytes, and a code object's image may hold megabytes that
/// are never run (data, a large zero-filled segment).
#[derive(Debug)]
pub struct Program {
    code: Code,
    chunks: Vec<OnceCell<Box<[Slot; CHUNK]>>>,
}

impl Program {
    pub fn new(code: Code) -> Program {
        let chunks = (0..code.dwords.len().div_ceil(CHUNK)).map(|_| OnceCell::new()).collect();
        Program { code, chunks }
    }

    pub fn code(&self) -> &Code {
        &self.code
    }

    /// The instruction at `pc`, decoded on first use.
    #[inline]
    pub fn fetch(&self, pc: u64) -> Result<&Decoded, Fault> {
        // An address below the base wraps to a huge offset and misses like one past the end.
        let off = pc.wrapping_sub(self.code.base);
        let slot = if off.is_multiple_of(4) && off / 4 < self.code.dwords.len() as u64 {
            let i = (off / 4) as usize;
            self.chunks
                .get(i / CHUNK)
                .map(|c| &c.get_or_init(|| Box::new(std::array::from_fn(|_| OnceCell::new())))[i % CHUNK])
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
    let (run, v, s, y) = resolve(&inst, pc);
    Ok(Decoded { inst, def: inst.def(), bytes: inst.bytes(), run, v, s, y })
}

/// What the instruction at `pc` resolves to: how it runs, its vector operands, and VOPD's
/// Y half.
type Resolved = (Handler, VOperands, SOperands, Option<Box<(&'static InstDef, VOperands)>>);

/// How the instruction at `pc` runs, and its resolved vector operands.
fn resolve(inst: &Inst, pc: u64) -> Resolved {
    let def = inst.def();
    let none = |h: Handler| (h, VOperands::default(), SOperands::default(), None);
    let illegal = |why: String| none(Handler::Fault(Fault::Illegal { pc, why }));
    // LLVM 19's rules decide what is an instruction (isa/src/legal.rs), as in the RTL's
    // decoder: a word they refuse is decoded, so that its length and words are known, and
    // faults as illegal.
    if let Err(e) = rdna3_isa::legal::check(inst) {
        return illegal(e.to_string());
    }
    match dispatch(def) {
        None => none(Handler::Fault(unexecuted(def, pc))),
        Some(Handler::Scalar(f)) => match check_sources(inst) {
            Ok(()) => (Handler::Scalar(*f), VOperands::default(), SOperands::resolve(inst), None),
            Err(why) => illegal(why),
        },
        Some(Handler::Vector(fx)) => {
            let v = match VOperands::resolve(inst) {
                Ok(v) => v,
                Err(why) => return illegal(why),
            };
            let Some(def2) = inst.def2() else {
                return (Handler::Vector(*fx), v, SOperands::default(), None);
            };
            // A VOPD pair: the Y half as an instruction of its own row.
            let Some(Handler::Vector(fy)) = dispatch(def2) else {
                return none(Handler::Fault(unexecuted(def2, pc)));
            };
            let mut y = *inst;
            y.id = def2.id;
            y.id2 = None;
            match VOperands::resolve(&y) {
                Ok(vy) => (Handler::Vopd(*fx, *fy), v, SOperands::default(), Some(Box::new((def2, vy)))),
                Err(why) => illegal(why),
            }
        }
        Some(h) => none(h.clone()),
    }
}
