//! The assembler and disassembler against LLVM's, on the committed corpus that
//! `tests/llvm/gen_corpus.py` builds with llvm-mc-19: both directions, every line.

use rdna3_isa::asm::assemble;
use rdna3_isa::{bytes_to_dwords, decode};

struct Case {
    line: usize,
    bytes: Vec<u8>,
    llvm_text: String,
    source: String,
    /// LLVM reads its own text back to the same bytes.
    roundtrips: bool,
}

fn corpus(name: &str) -> Vec<Case> {
    let path = format!("{}/llvm/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#') && !l.trim().is_empty())
        .map(|(i, l)| {
            let mut cols = l.split('\t');
            let hex = cols.next().expect("bytes column");
            let bytes =
                hex.split_whitespace().map(|b| u8::from_str_radix(b, 16).expect("hex byte")).collect();
            Case {
                line: i + 1,
                bytes,
                llvm_text: cols.next().expect("text column").to_string(),
                source: cols.next().expect("source column").to_string(),
                roundtrips: cols.next() == Some("1"),
            }
        })
        .collect()
}

fn check(name: &str) -> usize {
    let cases = corpus(name);
    let mut failures = Vec::new();
    for c in &cases {
        let (dwords, rest) = bytes_to_dwords(&c.bytes);
        assert!(rest.is_empty());
        match decode(&dwords) {
            Ok(inst) => {
                let ours = inst.to_string();
                if ours != c.llvm_text {
                    failures.push(format!("{name}:{}: disassembly `{ours}`, LLVM `{}`", c.line, c.llvm_text));
                }
            }
            Err(e) => failures.push(format!("{name}:{}: {e} (LLVM `{}`)", c.line, c.llvm_text)),
        }
        let mut sources = Vec::new();
        if c.roundtrips {
            sources.push(&c.llvm_text);
        }
        if c.source != "-" {
            sources.push(&c.source);
        }
        for src in sources {
            match assemble(src, name) {
                Ok(p) if p.bytes == c.bytes => {}
                Ok(p) => failures.push(format!(
                    "{name}:{}: `{src}` assembles to {:02x?}, LLVM {:02x?}",
                    c.line, p.bytes, c.bytes
                )),
                Err(e) => failures.push(format!("{name}:{}: `{src}`: {e}", c.line)),
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} lines differ from LLVM:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
    cases.len()
}

/// Every corpus file of tests/llvm (one per family of formats, and sweeps of symbolic
/// immediates).
#[test]
fn every_corpus_matches_llvm_both_ways() {
    let dir = format!("{}/llvm", env!("CARGO_MANIFEST_DIR"));
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .filter_map(|e| e.ok().map(|e| e.file_name().to_string_lossy().into_owned()))
        .filter(|n| n.ends_with(".corpus"))
        .collect();
    names.sort();
    assert!(names.contains(&"scalar.corpus".to_string()) && names.contains(&"simm16.corpus".to_string()));
    for name in names {
        let n = check(&name);
        assert!(n > 0, "{name} is empty");
        eprintln!("{name}: {n} lines agree with LLVM");
    }
}
