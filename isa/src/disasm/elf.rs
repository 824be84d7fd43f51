//! ELF code objects (`clang -target amdgcn-amd-amdhsa -mcpu=gfx1100` shared objects, `clang -c`
//! and `llvm-mc -filetype=obj` relocatable objects) disassembled exactly as
//! `llvm-objdump-19 -d --mcpu=gfx1100 FILE` prints them.
//!
//! What llvm-objdump does, and this module does the same way:
//! - It disassembles every section with `SHF_EXECINSTR` that has contents (not `SHT_NOBITS`,
//!   not empty), in section-table order, under `Disassembly of section NAME:`.
//! - Symbols come from `.symtab` (named, not `STT_SECTION`/`STT_FILE`); when no symbol lies
//!   in any section, from `.dynsym`. Each section's symbols are sorted by (address, name,
//!   type). When no symbol sits at the section's start, a `<SECTION>` symbol is made up there.
//! - Each run of code from one symbol address to the next (or to the section's end) is printed
//!   under `ADDR16 <name>:`, the name being the last symbol at that address that is not
//!   `STT_OBJECT`/`STT_COMMON`. A run whose symbols are all data is dumped as hex and ASCII.
//! - Eight or more zero bytes (in a run) print as `\t\t...` and are skipped, in whole dwords.
//! - An instruction decodes from the bytes up to the section's end (it may run past the next
//!   symbol; the next run starts at that symbol again). Bytes that are no instruction print as
//!   `.long`; fewer than four at the section's end as `.byte`.
//! - A branch offset whose target is the address of an `STT_NOTYPE` symbol of the same section
//!   prints as that symbol's name (LLVM's AMDGPU symbolizer). Otherwise the SOPP branches and
//!   `s_subvector_loop_begin/end` (the instructions whose first MC operand is the branch
//!   target) are followed by ` <sym+0xOFF>`: the nearest preceding symbol of the target's
//!   section (of this section in a relocatable object), else of the absolute symbols.
//! - LLVM's decoder warns about scalar register tuples that are not aligned; objdump prints
//!   the warnings after the dwords as ` ; Warning: ...` ([`decoder_comment`]).
//! - Not supported (an error rather than a silently different listing): code object v2
//!   kernel symbols and kernel descriptors (`NAME.kd`) inside an executable section, which
//!   objdump decodes as directives.

use std::fmt::Write;

use object::LittleEndian as LE;
use object::elf;
use object::read::elf::{FileHeader, SectionHeader, SectionTable, Sym as _};

use crate::{FieldClass, ImmKind, Inst, Kind};

use super::{format_inst, objdump_line};

type Header = elf::FileHeader64<LE>;

/// Why an ELF file cannot be disassembled. The messages name the problem; the caller adds the
/// file's name.
#[derive(Debug, thiserror::Error)]
pub enum ElfError {
    #[error("not an ELF file (no \\x7fELF magic)")]
    NotElf,
    #[error("truncated ELF file: {0}")]
    Truncated(String),
    #[error("a 32-bit ELF file; AMDGPU code objects are 64-bit (elf64-amdgpu)")]
    Class32,
    #[error("a big-endian ELF file; AMDGPU code objects are little-endian")]
    BigEndian,
    #[error("ELF file for machine {machine} ({name}), not AMDGPU (e_machine {EM_AMDGPU})")]
    WrongMachine { machine: u16, name: &'static str },
    #[error("malformed ELF file: {0}")]
    Malformed(String),
    #[error("no executable section with contents (no .text) to disassemble")]
    NoText,
    #[error("{0}: not supported")]
    Unsupported(String),
    /// Writing the listing failed (see [`disassemble_elf_to`]).
    #[error("writing the listing: {0}")]
    Write(#[from] std::io::Error),
}

const EM_AMDGPU: u16 = elf::EM_AMDGPU;
/// Code object v2's kernel symbol type (`STT_AMDGPU_HSA_KERNEL`).
const STT_AMDGPU_HSA_KERNEL: u8 = 10;
/// The most bytes LLVM's gfx11 decoder looks at for one instruction.
const MAX_INST_BYTES: usize = 20;

/// Whether `bytes` start like an ELF file.
pub fn is_elf(bytes: &[u8]) -> bool {
    bytes.starts_with(&elf::ELFMAG)
}

/// A symbol as llvm-objdump keeps it: address, name, ELF type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
struct Sym<'a> {
    addr: u64,
    name: &'a [u8],
    ty: u8,
}

/// One section header, the fields used here.
struct Sect<'a> {
    name: &'a [u8],
    addr: u64,
    size: u64,
    text: bool,
    nobits: bool,
    offset: u64,
}

/// The disassembly of an ELF code object, as `llvm-objdump-19 -d --mcpu=gfx1100` prints it;
/// `file_name` is the name printed in the header line (objdump prints the path it was given).
pub fn disassemble_elf(bytes: &[u8], file_name: &str) -> Result<String, ElfError> {
    listing(bytes, file_name, None)
}

/// [`disassemble_elf`] written to `out` as it goes (in pieces of about 64 KiB), so that the
/// listing of a large object is never held whole.
pub fn disassemble_elf_to(
    bytes: &[u8],
    file_name: &str,
    out: &mut dyn std::io::Write,
) -> Result<(), ElfError> {
    listing(bytes, file_name, Some(out)).map(|_| ())
}

/// The listing, returned whole (`sink` None) or written to `sink` (what is left is returned).
fn listing(bytes: &[u8], file_name: &str, sink: Option<&mut dyn std::io::Write>) -> Result<String, ElfError> {
    let (sects, syms, absolute, relocatable) = read(bytes)?;
    if !sects.iter().any(|s| s.text && !s.nobits && s.size > 0) {
        return Err(ElfError::NoText);
    }
    let mut by_addr: Vec<(u64, u64, usize)> =
        sects.iter().enumerate().map(|(i, s)| (s.addr, s.size, i)).collect();
    by_addr.sort_by_key(|&(a, s, _)| (a, s));
    let mut d = Disasm { sects: &sects, syms, absolute, relocatable, by_addr, out: String::new(), sink };
    let _ = write!(d.out, "\n{file_name}:\tfile format elf64-amdgpu\n");
    for (i, s) in sects.iter().enumerate() {
        if !s.text || s.nobits || s.size == 0 {
            continue;
        }
        // `read` checked that every section with contents lies inside the file.
        let start = usize::try_from(s.offset).map_err(|_| malformed("section offset"))?;
        let len = usize::try_from(s.size).map_err(|_| malformed("section size"))?;
        let end = start.checked_add(len).ok_or_else(|| malformed("section size"))?;
        let contents = bytes.get(start..end).ok_or_else(|| malformed("section contents"))?;
        d.section(i, contents)?;
    }
    d.spill(0)?;
    Ok(d.out)
}

fn malformed(what: &str) -> ElfError {
    ElfError::Malformed(what.to_string())
}

type Parsed<'a> = (Vec<Sect<'a>>, Vec<Vec<Sym<'a>>>, Vec<Sym<'a>>, bool);

/// The section headers, each section's symbols, the symbols of no section, and whether the
/// object is relocatable.
fn read(bytes: &[u8]) -> Result<Parsed<'_>, ElfError> {
    if !is_elf(bytes) {
        return Err(ElfError::NotElf);
    }
    if bytes.len() < 64 {
        return Err(ElfError::Truncated(format!(
            "{} bytes, shorter than the 64-byte ELF64 header",
            bytes.len()
        )));
    }
    match bytes[4] {
        elf::ELFCLASS64 => {}
        elf::ELFCLASS32 => return Err(ElfError::Class32),
        c => return Err(ElfError::Malformed(format!("unknown ELF class {c}"))),
    }
    match bytes[5] {
        elf::ELFDATA2LSB => {}
        elf::ELFDATA2MSB => return Err(ElfError::BigEndian),
        d => return Err(ElfError::Malformed(format!("unknown ELF data encoding {d}"))),
    }
    let header = Header::parse(bytes).map_err(|e| ElfError::Malformed(e.to_string()))?;
    let endian = LE;
    let machine = header.e_machine(endian);
    if machine != EM_AMDGPU {
        return Err(ElfError::WrongMachine { machine, name: machine_name(machine) });
    }
    let shoff = header.e_shoff(endian);
    let shentsize = u64::from(header.e_shentsize(endian));
    if shoff != 0 && shoff.checked_add(shentsize).is_none_or(|end| end > bytes.len() as u64) {
        return Err(ElfError::Truncated(format!(
            "the section header table starts at byte {shoff}, the file has {} bytes",
            bytes.len()
        )));
    }
    let sections = header.sections(endian, bytes).map_err(|e| section_table_error(e, header, bytes))?;
    if sections.is_empty() {
        return Err(ElfError::Malformed("no section headers".into()));
    }
    let relocatable = header.e_type(endian) == elf::ET_REL;

    let mut sects = Vec::with_capacity(sections.len());
    for (i, s) in sections.enumerate() {
        let name = sections
            .section_name(endian, s)
            .map_err(|e| ElfError::Malformed(format!("section {}: name: {e}", i.0)))?;
        let sect = Sect {
            name,
            addr: s.sh_addr(endian),
            size: s.sh_size(endian),
            text: s.sh_flags(endian) & u64::from(elf::SHF_EXECINSTR) != 0,
            nobits: s.sh_type(endian) == elf::SHT_NOBITS,
            offset: s.sh_offset(endian),
        };
        if sect.text && !sect.nobits && sect.size > 0 {
            let end = sect.offset.checked_add(sect.size);
            if end.is_none_or(|end| end > bytes.len() as u64) {
                return Err(ElfError::Truncated(format!(
                    "section {} ({}) holds bytes {}..{} but the file has {} bytes",
                    i.0,
                    String::from_utf8_lossy(name),
                    sect.offset,
                    sect.offset.saturating_add(sect.size),
                    bytes.len()
                )));
            }
        }
        sects.push(sect);
    }

    let mut syms: Vec<Vec<Sym>> = vec![Vec::new(); sects.len()];
    let mut absolute = Vec::new();
    symbols(&sections, bytes, &sects, relocatable, elf::SHT_SYMTAB, &mut syms, &mut absolute)?;
    if syms.iter().all(Vec::is_empty) {
        // llvm-objdump falls back on the dynamic symbols (only those of a section).
        let mut ignored = Vec::new();
        symbols(&sections, bytes, &sects, relocatable, elf::SHT_DYNSYM, &mut syms, &mut ignored)?;
    }
    for list in &mut syms {
        list.sort();
    }
    absolute.sort();
    Ok((sects, syms, absolute, relocatable))
}

fn section_table_error(e: object::read::Error, header: &Header, bytes: &[u8]) -> ElfError {
    let endian = LE;
    let n = u64::from(header.e_shnum(endian));
    let end = header.e_shoff(endian).saturating_add(n.saturating_mul(u64::from(header.e_shentsize(endian))));
    if end > bytes.len() as u64 {
        ElfError::Truncated(format!(
            "the section header table ends at byte {end}, the file has {} bytes",
            bytes.len()
        ))
    } else {
        ElfError::Malformed(format!("section headers: {e}"))
    }
}

/// Reads the symbols of the first table of type `sh_type` into `syms` (per section) and
/// `absolute` (undefined, absolute and common symbols), as llvm-objdump selects them.
fn symbols<'a>(
    sections: &SectionTable<'a, Header>,
    bytes: &'a [u8],
    sects: &[Sect<'a>],
    relocatable: bool,
    sh_type: u32,
    syms: &mut [Vec<Sym<'a>>],
    absolute: &mut Vec<Sym<'a>>,
) -> Result<(), ElfError> {
    let endian = LE;
    let table = sections
        .symbols(endian, bytes, sh_type)
        .map_err(|e| ElfError::Malformed(format!("symbol table: {e}")))?;
    // Index 0 is the null symbol, never shown.
    for (index, sym) in table.enumerate().skip(1) {
        let ty = sym.st_type();
        if ty == elf::STT_SECTION || (sh_type == elf::SHT_SYMTAB && ty == elf::STT_FILE) {
            continue;
        }
        // llvm-objdump warns about a name it cannot read and goes on.
        let Ok(name) = table.symbol_name(endian, sym) else { continue };
        if name.is_empty() {
            continue;
        }
        let section = table
            .symbol_section(endian, sym, index)
            .map_err(|e| ElfError::Malformed(format!("symbol {}: {e}", index.0)))?;
        let mut addr = sym.st_value(endian);
        match section {
            Some(s) => {
                let sect = sects.get(s.0).ok_or_else(|| {
                    ElfError::Malformed(format!(
                        "symbol {} ({}) is in section {}, there are {}",
                        index.0,
                        String::from_utf8_lossy(name),
                        s.0,
                        sects.len()
                    ))
                })?;
                if relocatable {
                    addr = addr.wrapping_add(sect.addr);
                }
                syms[s.0].push(Sym { addr, name, ty });
            }
            None => absolute.push(Sym { addr, name, ty }),
        }
    }
    Ok(())
}

fn machine_name(m: u16) -> &'static str {
    match m {
        elf::EM_NONE => "none",
        elf::EM_386 => "i386",
        elf::EM_X86_64 => "x86-64",
        elf::EM_ARM => "ARM",
        elf::EM_AARCH64 => "AArch64",
        elf::EM_RISCV => "RISC-V",
        elf::EM_PPC64 => "PowerPC64",
        elf::EM_CUDA => "NVIDIA CUDA",
        elf::EM_BPF => "BPF",
        _ => "unknown",
    }
}

struct Disasm<'a, 's, 'w> {
    sects: &'s [Sect<'a>],
    syms: Vec<Vec<Sym<'a>>>,
    absolute: Vec<Sym<'a>>,
    relocatable: bool,
    /// (address, size, index) of every section, by address, empty ones first among those at
    /// one address (as llvm-objdump looks up a branch target's section).
    by_addr: Vec<(u64, u64, usize)>,
    out: String,
    /// Where the listing goes as it grows; without one it stays in `out`.
    sink: Option<&'w mut dyn std::io::Write>,
}

/// Bytes of listing kept before they are written to the sink.
const SPILL: usize = 1 << 16;

impl<'a> Disasm<'a, '_, '_> {
    /// Writes the listing so far to the sink once it holds at least `min` bytes.
    fn spill(&mut self, min: usize) -> Result<(), ElfError> {
        if let Some(sink) = self.sink.as_mut()
            && self.out.len() >= min
        {
            sink.write_all(self.out.as_bytes())?;
            self.out.clear();
        }
        Ok(())
    }

    /// One executable section: its symbols' runs of code, in address order.
    fn section(&mut self, index: usize, bytes: &[u8]) -> Result<(), ElfError> {
        let sects = self.sects;
        let sect = &sects[index];
        let base = sect.addr;
        let size = bytes.len() as u64;
        // A symbol at the section's start, made up from the section's name if need be.
        let needs_dummy = self.syms[index].first().is_none_or(|s| s.addr != base);
        if needs_dummy {
            let dummy = Sym { addr: base, name: sect.name, ty: elf::STT_FUNC };
            let list = &mut self.syms[index];
            let at = list.partition_point(|s| *s < dummy);
            list.insert(at, dummy);
        }
        let mut printed_section = false;
        let n = self.syms[index].len();
        let mut si = 0;
        while si < n {
            let first = si;
            let start_addr = self.syms[index][si].addr;
            while si < n && self.syms[index][si].addr == start_addr {
                si += 1;
            }
            let here = &self.syms[index][first..si];
            // The symbol shown: the last one that is not data; all data: dump as data.
            let data = |s: &Sym| s.ty == elf::STT_OBJECT || s.ty == elf::STT_COMMON;
            let as_data = here.iter().all(data);
            let shown = here.iter().rposition(|s| !data(s)).unwrap_or(here.len() - 1);
            if start_addr < base {
                continue;
            }
            let mut end_addr = base.wrapping_add(size);
            if si < n {
                end_addr = end_addr.min(self.syms[index][si].addr);
            }
            if start_addr >= end_addr {
                continue;
            }
            if !printed_section {
                printed_section = true;
                let _ =
                    write!(self.out, "\nDisassembly of section {}:\n", String::from_utf8_lossy(sect.name));
            }
            let name = here[shown].name;
            let _ = write!(self.out, "\n{start_addr:016x} <{}>:\n", String::from_utf8_lossy(name));
            for s in here {
                if s.ty == STT_AMDGPU_HSA_KERNEL {
                    return Err(ElfError::Unsupported(format!(
                        "code object v2 kernel symbol {} (STT_AMDGPU_HSA_KERNEL)",
                        String::from_utf8_lossy(s.name)
                    )));
                }
                if s.ty == elf::STT_OBJECT && s.name.ends_with(b".kd") {
                    return Err(ElfError::Unsupported(format!(
                        "kernel descriptor {} inside an executable section",
                        String::from_utf8_lossy(s.name)
                    )));
                }
            }
            // Offsets in the section; `end` never exceeds the contents.
            let start = (start_addr - base) as usize;
            let end = (end_addr - base).min(size) as usize;
            if as_data {
                self.dump_data(base, &bytes[start..end], start)?;
            } else {
                self.code(index, bytes, start, end)?;
            }
        }
        Ok(())
    }

    /// A run of data symbols: eight bytes a line, in hex and ASCII.
    fn dump_data(&mut self, base: u64, data: &[u8], start: usize) -> Result<(), ElfError> {
        for (k, chunk) in data.chunks(8).enumerate() {
            let addr = base.wrapping_add((start + 8 * k) as u64);
            let _ = write!(self.out, "{addr:8x}:");
            for b in chunk {
                let _ = write!(self.out, " {b:02x}");
            }
            let pad = 3 * (8 - chunk.len()) + 9;
            self.out.extend(std::iter::repeat_n(' ', pad));
            for &b in chunk {
                self.out.push(if (0x20..0x7f).contains(&b) { b as char } else { '.' });
            }
            self.out.push('\n');
            self.spill(SPILL)?;
        }
        Ok(())
    }

    /// A run of code from `start` to `end` (offsets in `bytes`, the section's contents).
    fn code(&mut self, index: usize, bytes: &[u8], start: usize, end: usize) -> Result<(), ElfError> {
        let base = self.sects[index].addr;
        let mut i = start;
        while i < end {
            let zeros = bytes[i..end].iter().take_while(|&&b| b == 0).count();
            if zeros >= 8 {
                self.out.push_str("\t\t...\n");
                i += zeros & !3;
                continue;
            }
            let addr = base.wrapping_add(i as u64);
            let rest = &bytes[i..];
            if rest.len() < 4 {
                let list: Vec<String> = rest.iter().map(|b| format!("{b:#04x}")).collect();
                let _ = write!(self.out, "\t.byte {}", list.join(", "));
                self.out.extend(std::iter::repeat_n(' ', 55 - 6 * rest.len()));
                let _ = write!(self.out, "// {addr:012X}:");
                for b in rest {
                    let _ = write!(self.out, " {b:02X}");
                }
                self.out.push('\n');
                break;
            }
            let (dwords, _) = crate::bytes_to_dwords(&rest[..rest.len().min(MAX_INST_BYTES)]);
            match crate::decode_legal(&dwords) {
                Ok(inst) => {
                    let n = (inst.dwords() as usize).min(dwords.len());
                    let (text, target) = self.branch(index, &inst, addr);
                    let mut line = objdump_line(&text, addr, &dwords[..n]);
                    if let Some(t) = target {
                        line.push_str(&t);
                    }
                    let comment = decoder_comment(&inst);
                    if !comment.is_empty() {
                        // objdump pads comments to column 56, or leaves one space past it.
                        line.push_str(" ; ");
                        line.push_str(&comment);
                    }
                    self.out.push_str(&line);
                    i += 4 * n;
                }
                Err(_) => {
                    self.out.push_str(&objdump_line(
                        &format!(".long {:#010x}", dwords[0]),
                        addr,
                        &dwords[..1],
                    ));
                    i += 4;
                }
            }
            self.out.push('\n');
            self.spill(SPILL)?;
        }
        Ok(())
    }

    /// The instruction's text with its branch target named after an `STT_NOTYPE` symbol at
    /// that address, and the ` <sym+0xOFF>` annotation llvm-objdump adds to branches.
    fn branch(&self, index: usize, inst: &Inst, addr: u64) -> (String, Option<String>) {
        let text = format_inst(inst);
        let def = inst.def();
        let Some(op) = def.operands.iter().find(|o| o.kind == Kind::Imm(ImmKind::Label)) else {
            return (text, None);
        };
        let v = inst.field(op.field);
        let offset = i64::from(v as u16 as i16) * 4;
        // Branch offsets count from the next instruction (all of them are one dword).
        let target = addr.wrapping_add(4).wrapping_add(offset as u64);
        if let Some(sym) = self.syms[index].iter().find(|s| s.addr == target && s.ty == elf::STT_NOTYPE)
            && let Some(label) = super::format_imm(ImmKind::Label, v)
            && let Some(head) = text.strip_suffix(&label)
        {
            return (format!("{head}{}", symbol_operand(sym.name)), None);
        }
        // LLVM evaluates a branch when the target is its first MC operand: the SOPP branches
        // and SOPK_32_BR (`s_subvector_loop_begin/end`, which list simm16 before sdst), not
        // `s_call_b64` (sdst first).
        let first_operand = def.format().name == "SOPP" || def.name.starts_with("s_subvector_loop_");
        if !first_operand {
            return (text, None);
        }
        let sym = self.target_symbol(index, target);
        let note = sym.map(|s| {
            let name = String::from_utf8_lossy(s.name);
            match target.wrapping_sub(s.addr) {
                0 => format!(" <{name}>"),
                d => format!(" <{name}+{d:#x}>"),
            }
        });
        (text, note)
    }

    /// The symbol llvm-objdump names a branch target after: the last symbol at or below the
    /// target in the target's section(s) (this section in a relocatable object), else among
    /// the symbols of no section.
    fn target_symbol(&self, index: usize, target: u64) -> Option<&Sym<'a>> {
        let mut lists: Vec<&[Sym<'a>]> = Vec::new();
        if self.relocatable {
            lists.push(&self.syms[index]);
        } else {
            let by_addr = &self.by_addr;
            let mut k = by_addr.partition_point(|&(a, _, _)| a <= target);
            let mut at = 0;
            while k > 0 {
                k -= 1;
                let (a, _, i) = by_addr[k];
                if at == 0 {
                    at = a;
                }
                if a != at {
                    break;
                }
                lists.push(&self.syms[i]);
            }
        }
        lists.push(&self.absolute);
        lists.into_iter().find_map(|l| {
            let k = l.partition_point(|s| s.addr <= target);
            k.checked_sub(1).map(|k| &l[k])
        })
    }
}

/// The comment LLVM's decoder writes beside an instruction: a warning for each scalar register
/// tuple that is not aligned (2 registers to an even SGPR, 3 or more to a multiple of four;
/// the text names the aligned tuple below it), run together in operand order.
pub fn decoder_comment(inst: &Inst) -> String {
    let def = inst.def();
    let format = def.format();
    let mut out = String::new();
    for op in &def.operands {
        let Kind::Reg(ty) = op.kind else { continue };
        let n = ty.dwords();
        let Some(range) = format.field(op.field) else { continue };
        if n < 2 {
            continue;
        }
        let v = inst.field(op.field);
        let code = match op.field.class(range.width()) {
            FieldClass::Sreg7 | FieldClass::Ssrc8 | FieldClass::Src9 => v,
            FieldClass::Spair => 2 * v,
            FieldClass::Squad => 4 * v,
            _ => continue,
        };
        let (class, index) = match code {
            0..=105 => ("SGPR", code),
            108..=123 => ("TTMP", code - 108),
            _ => continue,
        };
        let align = if n == 2 { 2 } else { 4 };
        if index % align != 0 {
            let _ = write!(out, "Warning: {class}_{}: scalar reg isn't aligned {index}", 32 * n);
        }
    }
    out
}

/// A symbol as LLVM's expression printer writes it: quoted unless every character is a
/// letter, digit, `_`, `$` or `.`; in parentheses when it starts with `$`.
fn symbol_operand(name: &[u8]) -> String {
    let plain = name.iter().all(|&c| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'$' | b'.'));
    let text = if plain {
        String::from_utf8_lossy(name).into_owned()
    } else {
        let mut q = Vec::with_capacity(name.len() + 2);
        q.push(b'"');
        for &c in name {
            match c {
                b'\n' => q.extend_from_slice(b"\\n"),
                b'"' => q.extend_from_slice(b"\\\""),
                _ => q.push(c),
            }
        }
        q.push(b'"');
        String::from_utf8_lossy(&q).into_owned()
    };
    if name.first() == Some(&b'$') { format!("({text})") } else { text }
}
