//! Speed of the golden interpreter on the kernel suite (tests/kernels): wave instructions per
//! second on one core, with the kernel already loaded and its inputs in memory (the figure
//! excludes reading and writing files). `cargo bench -p sim --bench golden`; the figures go into
//! the README.

use std::path::Path;
use std::time::Instant;

use sim::launch::{ArgSpec, Launch, run};
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
    let items: u32 = 1 << log;
    let n = items as usize;
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
            items / 256,
            256,
            vec![
                ArgSpec::Buf(floats(n, 1)),
                ArgSpec::Buf(floats(n, 2)),
                ArgSpec::Zeros(4 * items as u64),
                ArgSpec::U32(items),
            ],
        ),
        c(
            "int_ops",
            "int_ops",
            items / 256,
            256,
            vec![
                ArgSpec::Buf(bytes(4 * n, 3)),
                ArgSpec::Buf(bytes(4 * n, 4)),
                ArgSpec::Zeros(48 * items as u64),
                ArgSpec::U32(items),
            ],
        ),
        c(
            "bits",
            "bits",
            items / 256,
            256,
            vec![
                ArgSpec::Buf(bytes(4 * n, 5)),
                ArgSpec::Buf(bytes(4 * n, 6)),
                ArgSpec::Zeros(32 * items as u64),
                ArgSpec::U32(items),
            ],
        ),
        c(
            "fma",
            "fma_f32",
            items / 256,
            256,
            vec![
                ArgSpec::Buf(floats(n, 7)),
                ArgSpec::Buf(floats(n, 8)),
                ArgSpec::Buf(floats(n, 9)),
                ArgSpec::U32(items),
            ],
        ),
        // A 64-step loop of v_mul_lo_u32, integer-to-float conversions and F32 fma with SGPR
        // and inline-constant operands.
        c(
            "lcg_fma",
            "lcg_fma",
            items / 256,
            256,
            vec![
                ArgSpec::Buf(bytes(4 * n, 18)),
                ArgSpec::Zeros(4 * items as u64),
                ArgSpec::U32(items),
                ArgSpec::U32(1_664_525),
                ArgSpec::U32(64),
                ArgSpec::F32(1.0e-9),
            ],
        ),
        c(
            "sqrt",
            "transcendental",
            items / 256,
            256,
            vec![ArgSpec::Buf(floats(n, 10)), ArgSpec::Zeros(16 * items as u64), ArgSpec::U32(items)],
        ),
        c(
            "int64",
            "int64_ops",
            items / 256,
            256,
            vec![
                ArgSpec::Buf(bytes(8 * n, 11)),
                ArgSpec::Buf(bytes(8 * n, 12)),
                ArgSpec::Zeros(64 * items as u64),
                ArgSpec::U32(items),
            ],
        ),
        // Divergent loops: inputs below 2^16 (a few hundred steps at most).
        c(
            "collatz",
            "collatz",
            items / 256 / 8,
            256,
            vec![
                ArgSpec::Buf(
                    bytes(4 * n / 8, 13)
                        .chunks_exact(4)
                        .flat_map(|b| (u32::from(u16::from_le_bytes([b[0], b[1]])) | 1).to_le_bytes())
                        .collect(),
                ),
                ArgSpec::Zeros(4 * items as u64 / 8),
                ArgSpec::U32(items / 8),
            ],
        ),
        c(
            "reduce",
            "reduce_sum",
            items / 256,
            256,
            vec![ArgSpec::Buf(bytes(4 * n, 14)), ArgSpec::Zeros(4 * items as u64 / 256), ArgSpec::U32(items)],
        ),
        c(
            "scan",
            "scan_inclusive",
            items / 256,
            256,
            vec![ArgSpec::Buf(bytes(4 * n, 15)), ArgSpec::Zeros(4 * items as u64)],
        ),
        // Tiled 16x16 matrix multiply through LDS: 2^(log/2) square, one workgroup per tile.
        {
            let side = 1u32 << (log / 2);
            Case {
                file: "matmul",
                kernel: "matmul",
                grid: [side / 16, side / 16, 1],
                block: [16, 16, 1],
                args: vec![
                    ArgSpec::Buf(floats((side * side) as usize, 16)),
                    ArgSpec::Buf(floats((side * side) as usize, 17)),
                    ArgSpec::Zeros(4 * u64::from(side * side)),
                    ArgSpec::U32(side),
                ],
            }
        },
    ]
}

fn main() {
    let mut total_inst = 0u64;
    let mut total_time = 0f64;
    let quick = std::env::var_os("GOLDEN_BENCH_QUICK").is_some();
    // GOLDEN_BENCH_ONLY=NAME runs one kernel (for profiling).
    let only = std::env::var("GOLDEN_BENCH_ONLY").ok();
    for case in cases(quick).into_iter().filter(|c| only.as_deref().is_none_or(|k| k == c.kernel)) {
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
