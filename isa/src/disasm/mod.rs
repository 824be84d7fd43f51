//! Instruction text in LLVM's syntax (`llvm-mc -mcpu=gfx1100`, `llvm-objdump -d`), derived from
//! the table: one module per family of formats.

mod buf;
mod ds;
pub mod elf;
mod flat;
mod mimg;
mod misc;
mod scalar;
mod smem;
pub(crate) mod vop;

use std::fmt::Write;

use crate::{Family, Inst};

pub use scalar::format_imm;

/// The text LLVM's instruction printer gives for `inst`, without the encoding comment.
pub fn format_inst(inst: &Inst) -> String {
    match inst.def().format().family() {
        Family::Scalar => scalar::format(inst),
        Family::Smem => smem::format(inst),
        Family::Vop => vop::format(inst),
        Family::Ds => ds::format(inst),
        Family::Flat => flat::format(inst),
        Family::Buf => buf::format(inst),
        Family::Mimg => mimg::format(inst),
        Family::Misc => misc::format(inst),
    }
}

pub(crate) use flat::has_rtn as flat_has_rtn;
pub(crate) use mimg::{image_rule, vgpr_tuple_fields as image_tuple_fields};

/// One line as `llvm-objdump -d --mcpu=gfx1100` prints it: a tab, the instruction text padded
/// to a fixed width, `// `, the 12-digit byte offset and the dwords in upper-case hex.
pub fn objdump_line(text: &str, offset: u64, dwords: &[u32]) -> String {
    let mut line = String::with_capacity(96);
    line.push('\t');
    line.push_str(text);
    // llvm-objdump left-justifies "\t" + text to 60 characters (the tab counts as one, not as
    // eight columns): 59 - len spaces, none at all from 59 characters on, so a long text runs
    // straight into the `//`.
    let pad = 59usize.saturating_sub(text.len());
    line.extend(std::iter::repeat_n(' ', pad));
    let _ = write!(line, "// {offset:012X}:");
    for d in dwords {
        let _ = write!(line, " {d:08X}");
    }
    line
}

/// Disassembles raw code: one line per instruction in llvm-objdump's format. Words that are
/// no instruction print as `.long` with a comment, as LLVM does, and decoding continues with
/// the next dword.
pub fn disassemble_raw(bytes: &[u8]) -> Vec<String> {
    let mut out = Vec::new();
    let _ = disassemble_raw_each(bytes, |line| {
        out.push(line);
        Ok::<(), ()>(())
    });
    out
}

/// [`disassemble_raw`], handing each line to `f` as it is made (so that a large listing is
/// never held whole); stops at `f`'s first error.
pub fn disassemble_raw_each<E>(bytes: &[u8], mut f: impl FnMut(String) -> Result<(), E>) -> Result<(), E> {
    let (dwords, rest) = crate::bytes_to_dwords(bytes);
    let mut i = 0;
    while i < dwords.len() {
        let offset = i as u64 * 4;
        match crate::decode_legal(&dwords[i..]) {
            Ok(inst) => {
                let n = inst.dwords() as usize;
                f(objdump_line(&format_inst(&inst), offset, &dwords[i..i + n]))?;
                i += n;
            }
            Err(_) => {
                f(objdump_line(&format!(".long {:#010x}", dwords[i]), offset, &dwords[i..i + 1]))?;
                i += 1;
            }
        }
    }
    if !rest.is_empty() {
        f(format!("\t// {} trailing bytes ignored", rest.len()))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests;
