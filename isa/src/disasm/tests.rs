//! Helpers for the disassembler's test modules.

use crate::decode;

/// The text of the instruction at the start of `words`, or the decode error as `error: ...`.
pub(super) fn text(words: &[u32]) -> String {
    decode(words).map(|i| i.to_string()).unwrap_or_else(|e| format!("error: {e}"))
}
