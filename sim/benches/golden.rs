//! Speed of the golden interpreter on the kernel suite (tests/kernels): wave instructions per
//! second on one core, with the kernel already loaded and its inputs in memory (the figure
//! excludes reading and writing files). `cargo bench -p sim --bench golden`; the figures go into
//! the README.

use std::path::Path;
use std::time::Instant;

use sim::dispatch::{ArgSpec, Launch, run};
use sim::loader::{CodeObject, load};

fn code_object(name: &str) -> CodeObject {
    let path =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/kernels/bin").join(format!("{name}.hsaco"));
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    load(&bytes, 0x10_0000).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Deterministic pseudo-random bytes.
fn bytes(n: usize, seed: u64) -> Vec<u8> {
    let mut x = seed | 1;
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 32) as u8
        })
        .collect()
}

/// Floats in [-100, 100) as bytes.
fn floats(n: usize, seed: u64) -> Vec<u8> {
    bytes(4 * n, seed)
        .chunks_exact(4)
        .flat_map(|c| {
            let v = u32::from_le_bytes([c[0], c[1], c[2], c[3]]) as f32 / 4_294_967_296.0 * 200.0 - 100.0;
            v.to_le_bytes()
        })
        .collect()
}

struct Case {
    file: &'static str,
    kernel: &'static str,
    grid: [u32; 3],
    block: [u32; 3],
    args: Vec<ArgSpec>,
}

/// Work-items per kernel: 2^18, or 2^14 with `GOLDEN_BENCH_QUICK` set (for counting
/// instructions under `valgrind --tool=callgrind`, which is repeatable on a busy machine).
fn cases(quick: bool) -> Vec<Case> {
    let log = if quick { 14 } else { 18 };
    #[allow(non_snake_case)]
    let N: u32 = 1 << log;
    let n = N as usize;
    let c = |file, kernel, grid: u32, block: u32, args| Case {
        file,
        kernel,
        grid: [grid, 1, 1],
        block: [block, 1, 1],
        args,
    };
    vec![
        c(
            "vadd",
            "vadd",
            N / 256,
            256,
            vec![
                ArgSpec::Buf(floats(n, 1)),
                ArgSpec::Buf(floats(n, 2)),
                ArgSpec::Zeros(4 * N as u64),
                ArgSpec::U32(N),
            ],
        ),
        c(
            "int_ops",
            "int_ops",
            N / 256,
            256,
            vec![
                ArgSpec::Buf(bytes(4 * n, 3)),
                ArgSpec::Buf(bytes(4 * n, 4)),
                ArgSpec::Zeros(48 * N as u64),
                ArgSpec::U32(N),
            ],
        ),
        c(
            "bits",
            "bits",
            N / 256,
            256,
            vec![
                ArgSpec::Buf(bytes(4 * n, 5)),
                ArgSpec::Buf(bytes(4 * n, 6)),
                ArgSpec::Zeros(32 * N as u64),
                ArgSpec::U32(N),
            ],
        ),
        c(
            "fma",
            "fma_f32",
            N / 256,
            256,
            vec![
                ArgSpec::Buf(floats(n, 7)),
                ArgSpec::Buf(floats(n, 8)),
                ArgSpec::Buf(floats(n, 9)),
                ArgSpec::U32(N),
            ],
        ),
        c(
            "sqrt",
            "transcendental",
            N / 256,
            256,
            vec![ArgSpec::Buf(floats(n, 10)), ArgSpec::Zeros(16 * N as u64), ArgSpec::U32(N)],
        ),
    ]
}

fn main() {
    let mut total_inst = 0u64;
    let mut total_time = 0f64;
    let quick = std::env::var_os("GOLDEN_BENCH_QUICK").is_some();
    for case in cases(quick) {
        let co = code_object(case.file);
        let launch =
            Launch { grid: case.grid, block: case.block, args: case.args, max_instructions: u64::MAX };
        let mut best = f64::MAX;
        let mut inst = 0;
        for _ in 0..if quick { 1 } else { 5 } {
            let t = Instant::now();
            let r = run(&co, case.kernel, &launch).unwrap_or_else(|e| panic!("{}: {e}", case.kernel));
            best = best.min(t.elapsed().as_secs_f64());
            inst = r.instructions;
        }
        total_inst += inst;
        total_time += best;
        println!(
            "{:16} {:>9} wave instructions in {:.3} s = {:6.2} M wave-instructions/s",
            case.kernel,
            inst,
            best,
            inst as f64 / best / 1e6
        );
    }
    println!(
        "{:16} {:>9} wave instructions in {:.3} s = {:6.2} M wave-instructions/s",
        "all",
        total_inst,
        total_time,
        total_inst as f64 / total_time / 1e6
    );
}
