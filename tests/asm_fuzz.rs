//! Random lines of every row of the table: `rdna3_isa::asm` against `llvm-mc-19` (issue 11;
//! the generator and harness are `asm_lines.rs`). A CI-sized sample, seeded;
//! `RDNA3_FUZZ_LINES=N` lines per row and `RDNA3_FUZZ_SEED=S` change it. `RDNA3_FUZZ_DUMP=FILE`
//! writes every differing line to FILE. Needs LLVM 19 (`apt-get install -y llvm-19`); without
//! it the test fails.

use std::path::Path;

use conformance::asm_lines::{compare, lines, report};
use conformance::env_u64;
use conformance::llvm_fuzz::FAMILIES;

/// The lowest agreement (percent) each family may reach, in `FAMILIES` order: every family
/// agrees on every line of the CI sample, and must stay there.
const FLOOR: [usize; 20] = [100; 20];

#[test]
fn random_lines_of_every_row_match_llvm_mc() {
    let per_row = env_u64("RDNA3_FUZZ_LINES", 32) as usize;
    let seed = env_u64("RDNA3_FUZZ_SEED", 0x11_a5e3);
    let results = compare(&lines(seed, per_row), Path::new(env!("CARGO_TARGET_TMPDIR")), "asm_fuzz");
    eprint!("{}", report(&results));
    let mut dump = String::new();
    for ((name, _), r) in FAMILIES.iter().zip(&results) {
        for (text, ours, theirs) in &r.differ {
            dump.push_str(&format!("{name} {text}\n  ours: {ours}\n  llvm: {theirs}\n"));
        }
    }
    let agree: Vec<(usize, usize)> = results.iter().map(|r| (r.agree, r.cases)).collect();
    conformance::assert_floors("llvm-mc-19", seed, &agree, &FLOOR, &dump);
}
