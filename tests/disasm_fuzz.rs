//! Random words of every encoding family: `hdl-gen disasm` against `llvm-objdump-19` (issue 11;
//! the harness is `llvm_fuzz.rs`). A CI-sized sample, seeded; `RDNA3_FUZZ_CASES=N` cases per
//! family and `RDNA3_FUZZ_SEED=S` change it. `RDNA3_FUZZ_DUMP=FILE` writes every differing
//! case to FILE. Needs LLVM 19 (`apt-get install -y llvm-19`); without it the test fails.

use std::path::Path;

use conformance::env_u64;
use conformance::llvm_fuzz::{FAMILIES, cases, compare, report};

/// The lowest agreement (percent) each family may reach, in `FAMILIES` order: every family
/// agrees on every case.
const FLOOR: [usize; 20] = [100; 20];

#[test]
fn random_words_of_every_family_match_llvm_objdump() {
    let per_family = env_u64("RDNA3_FUZZ_CASES", 2000) as usize;
    let seed = env_u64("RDNA3_FUZZ_SEED", 0x11_d15a);
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
    let agree: Vec<(usize, usize)> = results.iter().map(|r| (r.agree, r.cases)).collect();
    conformance::assert_floors("llvm-objdump-19", seed, &agree, &FLOOR, &dump);
}
