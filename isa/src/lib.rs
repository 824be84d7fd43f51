//! The RDNA3 (gfx11) ISA table: formats, instructions and their operand signatures; and,
//! derived from it, an assembler and a disassembler in LLVM's syntax.
//!
//! The table is the text files of `table/` (formats first, then one file per family of
//! instructions), compiled into the binary and parsed once by module `table`, which holds the
//! table's types; module `inst` holds decoded instructions ([`Inst`], [`decode`]). Everything
//! that both the hardware generators and the golden interpreter must agree on is read from
//! here; nothing in it is written a second time elsewhere. The public API is re-exported at
//! the crate root.

pub mod asm;
pub mod constants;
pub mod disasm;
pub mod explog;
mod inst;
pub mod legal;
mod mnemonic;
pub mod operand;
pub mod sincos;
pub mod syntax;
mod table;

pub use inst::{DecodeError, Inst, bytes_to_dwords, decode, decode_legal};
pub use mnemonic::Mnemonic;
pub use operand::{Scalar, ScalarSrc};
pub use table::{
    AtomicOp, AtomicReturn, BitRange, CmpOp, Compare, CounterDef, Counters, ExtRule, Family, Field,
    FieldClass, FormatDef, FormatId, Half, ImmKind, Implicit, InstDef, InstId, Kind, MemAccess, Operand,
    Role, TABLE_DIR, TABLE_FILES, Table, Ty, Unit, table,
};

#[cfg(test)]
mod tests;
