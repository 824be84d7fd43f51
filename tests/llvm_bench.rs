//! The fuzz comparisons with LLVM at a size CI cannot afford (issue 11): random words of every
//! encoding family through `hdl-gen disasm` and llvm-objdump-19 (`llvm_fuzz.rs`), and random
//! lines of every row through our assembler and llvm-mc-19 (`asm_lines.rs`), for several
//! seeds. `cargo bench -p conformance --bench llvm_fuzz`; `RDNA3_BENCH_SEEDS=1,2,3` (the
//! default), `RDNA3_FUZZ_CASES` (words a family, default 20,000) and `RDNA3_FUZZ_LINES`
//! (lines a row, default 256) change it. Prints each family's agreement and the time, and
//! exits with status 1 when any word or line differs. Needs LLVM 19.

use std::path::PathBuf;
use std::time::Instant;

use conformance::{asm_lines, env_u64, llvm_fuzz};

fn main() {
    let seeds: Vec<u64> = std::env::var("RDNA3_BENCH_SEEDS")
        .unwrap_or_else(|_| "1,2,3".into())
        .split(',')
        .map(|s| s.trim().parse().unwrap_or_else(|_| panic!("RDNA3_BENCH_SEEDS: `{s}` is no number")))
        .collect();
    let per_family = env_u64("RDNA3_FUZZ_CASES", 20_000) as usize;
    let per_row = env_u64("RDNA3_FUZZ_LINES", 256) as usize;
    let dir = std::env::temp_dir().join(format!("rdna3-llvm-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("creating {}: {e}", dir.display()));
    let mut differ = 0;
    for seed in seeds {
        let t = Instant::now();
        let results = llvm_fuzz::compare(&llvm_fuzz::cases(seed, per_family), &dir, "bench_disasm");
        println!(
            "llvm-objdump-19, {per_family} words a family, seed {seed}: {:.1} s",
            t.elapsed().as_secs_f64()
        );
        print!("{}", llvm_fuzz::report(&results));
        differ += results.iter().map(|r| r.cases - r.agree).sum::<usize>();
        for (w, ours, theirs) in results.iter().flat_map(|r| &r.differ).take(20) {
            println!(
                "{:08x} {:08x} {:08x} {:08x}\n  ours:    {ours}\n  objdump: {theirs}",
                w[0], w[1], w[2], w[3]
            );
        }

        let t = Instant::now();
        let results = asm_lines::compare(&asm_lines::lines(seed, per_row), &dir, "bench_asm");
        println!("llvm-mc-19, {per_row} lines a row, seed {seed}: {:.1} s", t.elapsed().as_secs_f64());
        print!("{}", asm_lines::report(&results));
        differ += results.iter().map(|r| r.differ.len()).sum::<usize>();
        for (text, ours, theirs) in results.iter().flat_map(|r| &r.differ).take(20) {
            println!("{text}\n  ours: {ours}\n  llvm: {theirs}");
        }
    }
    let _ = std::fs::remove_dir_all(PathBuf::from(&dir));
    if differ > 0 {
        println!("{differ} words or lines differ from LLVM");
        std::process::exit(1);
    }
}
