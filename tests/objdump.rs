//! `hdl-gen disasm` on ELF code objects against `llvm-objdump-19 -d --mcpu=gfx1100`, byte for
//! byte: every code object of tests/kernels (as clang links them and stripped), an object that
//! llvm-mc-19 assembles from every line of the LLVM corpus (every instruction length, so the
//! padding rule, and thousands of branch annotations), a hand-written object for symbols,
//! labels, data, zero runs and odd trailing bytes; and broken ELF files, which must be errors,
//! never panics.
//!
//! The comparisons need LLVM 19 (`apt-get install -y llvm-19`); without it they fail, never skip.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use rdna3_isa::disasm::elf::{ElfError, disassemble_elf, disassemble_elf_to};

const OBJDUMP: &str = "llvm-objdump-19";
const MC: &str = "llvm-mc-19";
const STRIP: &str = "llvm-strip-19";

fn dir(sub: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(sub)
}

/// Runs an LLVM 19 tool; a missing tool fails the test with how to install it.
fn llvm(tool: &str, args: &[&str]) -> Vec<u8> {
    conformance::llvm_tool(tool, args)
}

fn objdump(path: &str) -> String {
    String::from_utf8_lossy(&llvm(OBJDUMP, &["-d", "--mcpu=gfx1100", path])).into_owned()
}

/// Our listing as `hdl-gen disasm` makes it: written out in pieces as it grows (the corpus
/// object's listing spans many), which must equal the listing made whole.
fn ours(path: &str) -> String {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let mut streamed = Vec::new();
    disassemble_elf_to(&bytes, path, &mut streamed).unwrap_or_else(|e| panic!("{path}: {e}"));
    let whole = disassemble_elf(&bytes, path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let streamed = String::from_utf8(streamed).expect("UTF-8");
    assert!(streamed == whole, "{path}: the streamed listing differs from the whole one");
    streamed
}

/// A sink that fails (a closed pipe, a full disk) stops the listing with its error.
#[test]
fn a_failing_sink_stops_the_listing() {
    struct Closed;
    impl std::io::Write for Closed {
        fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
            Err(std::io::ErrorKind::BrokenPipe.into())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    match disassemble_elf_to(&sample(), "x", &mut Closed) {
        Err(ElfError::Write(e)) => assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe),
        other => panic!("expected the write error, got {other:?}"),
    }
}

/// The first line where the two texts differ, as `FILE:LINE`, ours and objdump's; or the
/// number of lines.
fn first_difference(path: &str, ours: &str, theirs: &str) -> Result<usize, String> {
    let (a, b): (Vec<&str>, Vec<&str>) = (ours.split('\n').collect(), theirs.split('\n').collect());
    for i in 0..a.len().max(b.len()) {
        let (x, y) = (a.get(i), b.get(i));
        if x != y {
            let show = |l: Option<&&str>| l.map_or("<end of output>".to_string(), |l| format!("{l:?}"));
            return Err(format!("{path}:{}:\n  ours:    {}\n  objdump: {}", i + 1, show(x), show(y)));
        }
    }
    Ok(a.len())
}

/// Compares every file, reporting the first difference of each.
fn compare_all(paths: &[String]) -> usize {
    let mut lines = 0;
    let mut failures = Vec::new();
    for p in paths {
        match first_difference(p, &ours(p), &objdump(p)) {
            Ok(n) => lines += n,
            Err(e) => failures.push(e),
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} objects differ from llvm-objdump-19:\n{}",
        failures.len(),
        paths.len(),
        failures.join("\n")
    );
    lines
}

fn kernel_objects() -> Vec<String> {
    let bin = dir("kernels/bin");
    let mut paths: Vec<String> = std::fs::read_dir(&bin)
        .unwrap_or_else(|e| panic!("{}: {e}", bin.display()))
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "hsaco" || x == "o"))
        .map(|p| p.display().to_string())
        .collect();
    paths.sort();
    assert!(paths.len() >= 10, "expected the kernel suite's code objects in {}", bin.display());
    assert!(paths.iter().any(|p| p.ends_with(".o")), "expected a relocatable object in {}", bin.display());
    paths
}

fn scratch(name: &str) -> String {
    Path::new(env!("CARGO_TARGET_TMPDIR")).join(name).display().to_string()
}

#[test]
fn kernel_objects_match_llvm_objdump() {
    let paths = kernel_objects();
    let lines = compare_all(&paths);
    eprintln!("{} kernel objects, {lines} lines identical to llvm-objdump-19", paths.len());
}

/// Without `.symtab` llvm-objdump names the code after the dynamic symbols.
#[test]
fn stripped_kernel_objects_match_llvm_objdump() {
    let mut stripped = Vec::new();
    for p in kernel_objects().iter().filter(|p| p.ends_with(".hsaco")) {
        let name = Path::new(p).file_name().expect("file name").to_string_lossy();
        let out = scratch(&format!("stripped-{name}"));
        llvm(STRIP, &["-o", &out, p]);
        stripped.push(out);
    }
    let lines = compare_all(&stripped);
    eprintln!("{} stripped objects, {lines} lines identical to llvm-objdump-19", stripped.len());
}

/// Symbols, labels and the branches that name them, data symbols in code, runs of zeros,
/// bytes that are no instruction, an odd tail, a section without a symbol at its start,
/// quoted and `$` names, and instruction texts of 56 to 64 characters around the padding
/// boundary.
const HANDWRITTEN: &str = r#"
.text
.globl start
.type start,@function
start:
  s_nop 0
loop:
  s_branch loop
  s_cbranch_scc0 start
  s_cbranch_execz 3
  s_cbranch_vccnz 0
  s_call_b64 s[30:31], loop
  s_call_b64 s[30:31], 5
  .long 0, 0, 0
  s_branch 0x7fff
  s_branch -300
  .long 0xffffffff
  .long 0, 0
  .long 0xbf800000
"$odd name":
  s_cbranch_scc1 "$odd name"
"plain@at":
  s_cbranch_vccz "plain@at"
"q\"uote":
  s_branch "q\"uote"
$dollar:
  s_branch $dollar
  v_fma_f16 v1, -|v1|, -|v1|, -|v1| op_sel:[1,1,1,1] div:2
  v_fma_f16 v1, -|v1|, -|v1|, -|v10| op_sel:[1,1,1,1] div:2
  v_fma_f16 v1, -|v1|, -|v1|, -|v100| op_sel:[1,1,1,1] div:2
  v_fma_f16 v1, -|v1|, -|v10|, -|v100| op_sel:[1,1,1,1] div:2
  v_fma_f16 v1, -|v1|, -|v100|, -|v100| op_sel:[1,1,1,1] div:2
  v_fma_f16 v1, -|v10|, -|v100|, -|v100| op_sel:[1,1,1,1] div:2
  v_fma_f16 v1, -|v100|, -|v100|, -|v100| op_sel:[1,1,1,1] div:2
  v_fma_f16 v10, -|v100|, -|v100|, -|v100| op_sel:[1,1,1,1] div:2
  v_fma_f16 v100, -|v100|, -|v100|, -|v100| op_sel:[1,1,1,1] div:2
  s_delay_alu instid0(VALU_DEP_1) | instskip(SKIP_1) | instid1(VALU_DEP_1)
.type table,@object
table:
  .long 0x12345678, 0x41424344, 0x0a0b7e7f
  .byte 1, 2, 3
unaligned:
  s_endpgm
  s_branch table
  s_branch unaligned
.type table2,@object
table2:
  .long 1, 2
.globl alias
.type alias,@function
alias:
after_data:
  s_branch after_data
  s_branch alias
  s_endpgm
  .byte 0xbf, 0x80
.section .text.second,"ax",@progbits
  s_nop 0
second:
  s_branch second
  s_branch -2
  .long 0, 0, 0, 0, 0x80000000
.section .text.third,"ax",@progbits
  .byte 7
.section .rodata,"a",@progbits
  .long 0xbfb00000
"#;

#[test]
fn handwritten_object_matches_llvm_objdump() {
    let src = scratch("handwritten.s");
    let obj = scratch("handwritten.o");
    std::fs::write(&src, HANDWRITTEN).expect("writing the assembly");
    llvm(MC, &["-arch=amdgcn", "-mcpu=gfx1100", "-filetype=obj", &src, "-o", &obj]);
    let lines = compare_all(std::slice::from_ref(&obj));
    assert!(lines > 60);
}

const BRANCHES: [&str; 11] = [
    "s_branch",
    "s_cbranch_scc0",
    "s_cbranch_scc1",
    "s_cbranch_vccz",
    "s_cbranch_vccnz",
    "s_cbranch_execz",
    "s_cbranch_execnz",
    "s_cbranch_cdbgsys",
    "s_cbranch_cdbguser",
    "s_cbranch_cdbgsys_or_user",
    "s_cbranch_cdbgsys_and_user",
];

/// Every instruction of every corpus file in one `.text`, one function per corpus, and every
/// 61 instructions a local label followed by branches: to the previous label (printed by
/// name), to the corpus's function symbol and to fixed offsets (annotated `<sym+0xOFF>`,
/// some past the section's end), and a call to the label.
#[test]
fn corpus_object_matches_llvm_objdump() {
    let llvm_dir = dir("llvm");
    let mut corpora: Vec<PathBuf> = std::fs::read_dir(&llvm_dir)
        .unwrap_or_else(|e| panic!("{}: {e}", llvm_dir.display()))
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "corpus"))
        .collect();
    corpora.sort();
    assert!(corpora.len() >= 5, "expected the LLVM corpus in {}", llvm_dir.display());

    // Where each instruction came from, by byte offset in .text.
    let mut origin: Vec<(u64, String)> = Vec::new();
    let mut src = String::from(".text\n");
    let mut offset = 0u64;
    for c in &corpora {
        let name = c.file_stem().expect("file stem").to_string_lossy().replace('.', "_");
        let text = std::fs::read_to_string(c).unwrap_or_else(|e| panic!("{}: {e}", c.display()));
        // Local, so that llvm-mc resolves branches to it (a global one gets a relocation).
        let _ = writeln!(src, ".type corpus_{name},@function\ncorpus_{name}:");
        let start = offset;
        let mut count = 0;
        for (i, line) in text.lines().enumerate() {
            if line.starts_with('#') || line.trim().is_empty() {
                continue;
            }
            let hex = line.split('\t').next().unwrap_or_default();
            let bytes: Vec<u8> =
                hex.split_whitespace().map(|b| u8::from_str_radix(b, 16).expect("hex byte")).collect();
            assert!(bytes.len().is_multiple_of(4) && !bytes.is_empty(), "{}:{}: bytes", c.display(), i + 1);
            if count % 61 == 60 {
                let label = format!("{name}_{count}");
                let previous = if count > 60 { format!("{name}_{}", count - 61) } else { label.clone() };
                let k = count / 61;
                let fixed = [-32768, -4000, -61, -1, 0, 1, 2, 60, 999, 32767][k % 10];
                let _ = writeln!(src, "{label}:");
                let _ = writeln!(src, "{} {previous}", BRANCHES[k % 11]);
                // The function's start while a simm16 reaches it, then the label.
                let to =
                    if offset + 8 - start <= 4 * 32768 { format!("corpus_{name}") } else { label.clone() };
                let _ = writeln!(src, "{} {to}", BRANCHES[(k + 3) % 11]);
                let _ = writeln!(src, "{} {fixed}", BRANCHES[(k + 7) % 11]);
                let _ = writeln!(src, "s_call_b64 s[30:31], {previous}");
                for j in 0..4 {
                    origin.push((offset + 4 * j, format!("the branches after label {label}")));
                }
                offset += 16;
            }
            count += 1;
            let dwords: Vec<String> = bytes
                .chunks(4)
                .map(|w| format!("{:#010x}", u32::from_le_bytes([w[0], w[1], w[2], w[3]])))
                .collect();
            let _ = writeln!(src, ".long {}", dwords.join(", "));
            origin.push((offset, format!("{}:{}", c.file_name().expect("name").to_string_lossy(), i + 1)));
            offset += bytes.len() as u64;
        }
    }
    let src_path = scratch("corpus.s");
    let obj = scratch("corpus.o");
    std::fs::write(&src_path, &src).expect("writing the assembly");
    llvm(MC, &["-arch=amdgcn", "-mcpu=gfx1100", "-filetype=obj", &src_path, "-o", &obj]);

    let theirs = objdump(&obj);
    let ours = ours(&obj);
    let (a, b): (Vec<&str>, Vec<&str>) = (ours.split('\n').collect(), theirs.split('\n').collect());
    assert_eq!(a.len(), b.len(), "{obj}: {} lines, llvm-objdump-19 prints {}", a.len(), b.len());
    let mut failures = Vec::new();
    let mut annotated = 0;
    for (i, (x, y)) in a.iter().zip(&b).enumerate() {
        annotated += usize::from(y.contains("> ") || y.ends_with('>'));
        if x != y {
            // The instruction's address names its corpus line.
            let from = y
                .split("// ")
                .nth(1)
                .and_then(|t| u64::from_str_radix(t.split(':').next()?, 16).ok())
                .and_then(|addr| origin.iter().find(|(o, _)| *o == addr))
                .map_or(String::new(), |(_, at)| format!(" ({at})"));
            failures.push(format!("{obj}:{}{from}:\n  ours:    {x:?}\n  objdump: {y:?}", i + 1));
        }
    }
    let shown = failures.iter().take(30).cloned().collect::<Vec<_>>().join("\n");
    assert!(
        failures.is_empty(),
        "{} of {} lines differ from llvm-objdump-19 (first 30):\n{shown}",
        failures.len(),
        b.len()
    );
    assert!(annotated > 1000, "expected many branch annotations, saw {annotated}");
    eprintln!(
        "{} corpus instructions, {} lines identical, {annotated} branch annotations",
        origin.len(),
        b.len()
    );
}

/// A real code object to break.
fn sample() -> Vec<u8> {
    let p = dir("kernels/bin/vadd.hsaco");
    std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

fn err(bytes: &[u8]) -> String {
    match disassemble_elf(bytes, "broken") {
        Ok(text) => panic!("expected an error, got:\n{text}"),
        Err(e) => e.to_string(),
    }
}

#[test]
fn truncated_objects_are_errors() {
    for path in [dir("kernels/bin/vadd.hsaco"), dir("kernels/bin/vadd.o")] {
        let full = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(disassemble_elf(&full, "x").is_ok());
        // The section headers come last: every shorter prefix misses some of them.
        for len in 0..full.len() {
            let msg = match disassemble_elf(&full[..len], "x") {
                Ok(_) => panic!("{}: the first {len} bytes disassembled", path.display()),
                Err(e) => e.to_string(),
            };
            if len >= 4 {
                assert!(msg.contains("truncated"), "{}: {len} bytes: {msg}", path.display());
            }
        }
    }
}

#[test]
fn elf_for_another_machine_is_an_error() {
    let mut b = sample();
    b[18..20].copy_from_slice(&62u16.to_le_bytes());
    let msg = err(&b);
    assert!(msg.contains("machine 62") && msg.contains("x86-64") && msg.contains("not AMDGPU"), "{msg}");
}

#[test]
fn wrong_class_and_byte_order_are_errors() {
    let mut b = sample();
    b[4] = 1;
    assert!(err(&b).contains("32-bit"));
    let mut b = sample();
    b[5] = 2;
    assert!(err(&b).contains("big-endian"));
    let mut b = sample();
    b[4] = 9;
    assert!(err(&b).contains("class"));
    assert!(matches!(disassemble_elf(b"MZ\x90\x00", "x"), Err(ElfError::NotElf)));
}

#[test]
fn object_without_text_is_an_error() {
    let mut b = sample();
    // Clear SHF_EXECINSTR on every section header.
    let shoff = u64::from_le_bytes(b[40..48].try_into().expect("e_shoff")) as usize;
    let shnum = u16::from_le_bytes([b[60], b[61]]) as usize;
    for i in 0..shnum {
        let flags = shoff + 64 * i + 8;
        b[flags] &= !4;
    }
    let msg = err(&b);
    assert!(msg.contains("no executable section"), "{msg}");
}

#[test]
fn garbage_after_the_magic_is_an_error() {
    let mut rng = SmallRng::seed_from_u64(0x0bd_0001);
    for len in [4usize, 16, 63, 64, 65, 200, 4096] {
        for _ in 0..50 {
            let mut b: Vec<u8> = (0..len).map(|_| rng.random()).collect();
            b[..4].copy_from_slice(b"\x7fELF");
            assert!(disassemble_elf(&b, "garbage").is_err());
        }
    }
}

/// Random byte changes anywhere in real objects: an error or some text, never a panic.
#[test]
fn mutated_objects_never_panic() {
    let mut rng = SmallRng::seed_from_u64(0x0bd_0002);
    let objects: Vec<Vec<u8>> =
        kernel_objects().iter().map(|p| std::fs::read(p).unwrap_or_else(|e| panic!("{p}: {e}"))).collect();
    let (mut ok, mut failed) = (0, 0);
    for round in 0..3000 {
        let mut b = objects[round % objects.len()].clone();
        // Hit the headers often: they are where the structure is.
        let region = if rng.random_range(0..2) == 0 { 64 } else { b.len() };
        for _ in 0..rng.random_range(1..8) {
            let at = rng.random_range(0..region);
            b[at] = rng.random();
        }
        if rng.random_range(0..4) == 0 {
            // Section header table fields in the ELF header.
            let at = rng.random_range(40..64);
            b[at] = rng.random();
        }
        match disassemble_elf(&b, "mutated") {
            Ok(_) => ok += 1,
            Err(_) => failed += 1,
        }
    }
    assert!(ok > 0 && failed > 0, "{ok} mutated objects disassembled, {failed} were errors");
}
