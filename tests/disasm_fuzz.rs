//! Random words of every encoding family: `hdl-gen disasm` against `llvm-objdump-19` (issue 11;
//! the harness is `llvm_fuzz.rs`). A CI-sized sample, seeded; `RDNA3_FUZZ_CASES=N` cases per
//! family and `RDNA3_FUZZ_SEED=S` change it. `RDNA3_FUZZ_DUMP=FILE` writes every differing
//! case to FILE. Needs LLVM 19 (`apt-get install -y llvm-19`); without it the test fails.

use std::path::Path;

use conformance::llvm_fuzz::{FAMILIES, cases, compare, report};

/// The lowest agreement (percent) each family may reach, in `FAMILIES` order.
const FLOOR: [usize; 20] =
    [100, 98, 96, 100, 98, 100, 96, 97, 100, 100, 98, 88, 85, 100, 100, 96, 96, 90, 88, 100];

fn env(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

#[test]
fn random_words_of_every_family_match_llvm_objdump() {
    let per_family = env("RDNA3_FUZZ_CASES", 300) as usize;
    let seed = env("RDNA3_FUZZ_SEED", 0x11_d15a);
    let results = compare(&cases(seed, per_family), Path::new(env!("CARGO_TARGET_TMPDIR")), "disasm_fuzz");
    eprint!("{}", report(&results));
    let mut dump = String::new();
    for ((name, _), r) in FAMILIES.iter().zip(&results) {
        for (w, ours, theirs) in &r.differ {
            let why =
                rdna3_isa::decode_legal(w).err().map_or(String::new(), |e| format!("  ours rejects: {e}\n"));
            dump.push_str(&format!(
                "{name} {:08x} {:08x} {:08x} {:08x}\n  ours:    {ours}\n  objdump: {theirs}\n{why}",
                w[0], w[1], w[2], w[3]
            ));
        }
    }
    if let Ok(path) = std::env::var("RDNA3_FUZZ_DUMP") {
        std::fs::write(&path, &dump).unwrap_or_else(|e| panic!("{path}: {e}"));
    }
    // A family below its floor fails; the floors rise as the decoders learn LLVM's rules, and
    // a family that reaches 100% must stay there.
    let below: Vec<String> = FAMILIES
        .iter()
        .zip(&results)
        .zip(FLOOR)
        .filter(|((_, r), floor)| r.agree * 100 < floor * r.cases)
        .map(|(((name, _), r), floor)| format!("{name}: {}/{} agree, below {floor}%", r.agree, r.cases))
        .collect();
    assert!(
        below.is_empty(),
        "families below their agreement floor with llvm-objdump-19 (seed {seed:#x}): {}\nthe first differences:\n{}",
        below.join(", "),
        dump.lines().take(60).collect::<Vec<_>>().join("\n")
    );
}
