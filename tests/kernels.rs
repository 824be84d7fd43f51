//! The kernel suite (tests/kernels): OpenCL C compiled by clang-19 for gfx1100, run unchanged
//! from their code objects on the golden engine, every result checked against the same
//! computation done here on the host. Integer and exactly rounded float results must match bit
//! for bit; the hardware's approximations (`v_rcp`, `v_rsq`, `v_sin`, `v_exp`) must be within
//! the 1 ULP the guide documents.

use sim::launch::{ArgSpec, Launch, RunResult, run};
use sim::loader::load;

fn code_object(name: &str) -> sim::loader::CodeObject {
    let path = format!("{}/kernels/bin/{name}.hsaco", env!("CARGO_MANIFEST_DIR"));
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    load(&bytes, 0x10_0000).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Runs `kernel` of `file` and returns each buffer argument's final bytes by argument index.
/// The same launch is co-simulated on the RTL (see [`on_the_rtl`]).
fn launch(file: &str, kernel: &str, grid: [u32; 3], block: [u32; 3], args: Vec<ArgSpec>) -> Vec<Vec<u8>> {
    launch_both(file, kernel, grid, block, args).0
}

/// An RTL model's name and the buffers it left after running a launch.
type ModelRun = (&'static str, Vec<Vec<u8>>);

/// [`launch`], returning the RTL's buffers too, for each model that ran the launch.
fn launch_both(
    file: &str,
    kernel: &str,
    grid: [u32; 3],
    block: [u32; 3],
    args: Vec<ArgSpec>,
) -> (Vec<Vec<u8>>, Vec<ModelRun>) {
    let co = code_object(file);
    let n = args.len();
    let l = Launch { grid, block, args, max_instructions: 50_000_000 };
    let RunResult { buffers, .. } = run(&co, kernel, &l).unwrap_or_else(|e| panic!("{kernel}: {e}"));
    let mut out = vec![Vec::new(); n];
    for (i, b) in buffers {
        out[i] = b;
    }
    let rtl = on_the_rtl(&co, kernel, &l, &out);
    (out, rtl)
}

/// The kernels of the suite that run on the RTL today: co-simulated against the golden model
/// (every instruction, every store, the memory at the end) under random memory
/// latency, with the golden run's buffers as the result, on both models (32 lanes and four
/// waves; 4 lanes, the smallest configuration, and eight waves). Every other kernel must get as far as its first
/// instruction the RTL does not execute, agreeing on everything before it. A launch whose
/// workgroups have more waves than a model holds is not run on that model (matmul's 16 x 16
/// blocks, eight waves, run on the 4-lane model only).
const RTL_KERNELS: &[&str] = &[
    "vadd",
    "int_ops",
    "bits",
    "fma_f32",
    "fma_f64",
    "lcg_fma",
    "collatz",
    "grid3d",
    "reduce_sum",
    "scan_inclusive",
    "global_atomics",
    "atomic_chain",
    "float_div",
    "int_div",
    "int64_ops",
    "sqrt_f32",
    "sqrt_f32_cr",
    "float_div_cr",
    "histogram",
    "lds_minmax",
    "float_ops",
    "matmul",
    "lanes",
    "compact",
    "lds_fatomics",
    "global_fadd",
    "private_sort",
    "private_bytes",
    "half2_fma",
    "half_ops",
    "half_round",
    "double_div",
    "sqrt_f64",
    "generic_ptrs",
    "generic_atomics",
    "transcendental",
    "wmma_f32_f16",
    "wmma_i32_iu8",
    "buffer_robust",
    "buffer_formats",
];

/// Kernels whose results depend on the order in which the waves' atomics reach memory: the
/// RTL's order is not the golden engine's (which runs a wave 64 instructions at a time), so
/// their buffers are checked by the test's own rule, not compared with the golden run's.
/// (Co-simulation compares them with the golden model in the RTL's order all the same.)
const ORDER_DEPENDENT: &[&str] = &["atomic_chain", "generic_atomics"];

/// Co-simulates the launch on each RTL model of `sim::rtl::VARIANTS` (the 32-lane `cu` and the
/// 8-lane `cu_l8` with four waves, the 4-lane `cu_l4` with eight) that holds its workgroups,
/// and runs it on the model alone too; `golden` is the golden run's buffers. Returns the
/// buffers of each model that ran the launch to the end, with its name.
fn on_the_rtl(co: &sim::loader::CodeObject, kernel: &str, l: &Launch, golden: &[Vec<u8>]) -> Vec<ModelRun> {
    if !conformance::require_verilator(kernel) {
        return Vec::new();
    }
    let mut ran = Vec::new();
    let mut fits = false;
    for model in sim::rtl::VARIANTS.iter().map(|v| v.name) {
        // Above the default limit of two million cycles, so that a kernel added with longer
        // workgroups is not cut short on the 4-lane model (eight passes an instruction).
        let opts = sim::cosim::Options {
            latency: (1, 20),
            model: model.into(),
            max_cycles: 20_000_000,
            ..sim::cosim::Options::default()
        };
        let start = std::time::Instant::now();
        match sim::cosim::run_kernel(co, kernel, l, &opts) {
            Ok(r) => {
                fits = true;
                for (i, b) in &r.buffers {
                    assert!(
                        ORDER_DEPENDENT.contains(&kernel) || golden[*i] == *b,
                        "{kernel} on the RTL ({model}): buffer {i} differs from the golden run's"
                    );
                }
                let st = &r.stats;
                assert_eq!(
                    st.by_unit.values().sum::<u64>(),
                    st.instructions,
                    "{kernel}: instructions by unit"
                );
                assert!(st.lds_conflict_cycles.is_some_and(|c| c <= st.lds_bank_cycles), "{kernel}: {st}");
                let secs = start.elapsed().as_secs_f64();
                eprintln!(
                    "RTL {kernel} ({model}): ok, {} waves, {} cycles, {} instructions, {secs:.2} s: {:.0} cycles/s, {:.0} instructions/s co-simulated",
                    r.waves,
                    st.cycles,
                    st.instructions,
                    st.cycles as f64 / secs,
                    st.instructions as f64 / secs
                );
                assert!(RTL_KERNELS.contains(&kernel), "{kernel} runs on the RTL now: add it to RTL_KERNELS");
                // The RTL alone (`sim run --engine rtl`): the same run, as the golden model
                // only watches it, so the same cycles and the same buffers (its memory is the
                // result now).
                let alone = sim::cosim::run_kernel(
                    co,
                    kernel,
                    l,
                    &sim::cosim::Options { rtl_only: true, ..opts.clone() },
                )
                .unwrap_or_else(|e| panic!("{kernel} on the RTL alone ({model}): {e}"));
                assert_eq!(
                    (alone.stats.cycles, alone.stats.instructions),
                    (st.cycles, st.instructions),
                    "{kernel} on the RTL alone ({model}): cycles and instructions"
                );
                assert_eq!(alone.buffers, r.buffers, "{kernel} on the RTL alone ({model}): buffers");
                let mut out = vec![Vec::new(); golden.len()];
                for (i, b) in r.buffers {
                    out[i] = b;
                }
                ran.push((model, out));
            }
            Err(sim::cosim::KernelError::Cosim { err: sim::cosim::CosimError::Mismatch(m), .. })
                if m.diffs.iter().any(|d| d.ends_with("vs not implemented (RTL)")) =>
            {
                fits = true;
                eprintln!("RTL {kernel} ({model}): not implemented: {}", m.text);
                assert!(!RTL_KERNELS.contains(&kernel), "{kernel} on the RTL ({model}): {m}");
            }
            Err(e @ sim::cosim::KernelError::TooManyWaves { .. }) => {
                eprintln!("RTL {kernel} ({model}): does not fit: {e}");
            }
            Err(e) => panic!("{kernel} on the RTL ({model}): {e}"),
        }
    }
    assert!(fits || !RTL_KERNELS.contains(&kernel), "{kernel} fits none of the RTL models");
    ran
}

/// Deterministic inputs.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 16) as u32
    }
    fn u64(&mut self) -> u64 {
        u64::from(self.next()) | u64::from(self.next()) << 32
    }
    /// A float in [-range, range).
    fn f32(&mut self, range: f32) -> f32 {
        (self.next() as f32 / 4_294_967_296.0 * 2.0 - 1.0) * range
    }
}

fn bytes_u32(v: &[u32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}
fn bytes_f32(v: &[f32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}
fn bytes_u64(v: &[u64]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}
fn bytes_f64(v: &[f64]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}
fn u32s(b: &[u8]) -> Vec<u32> {
    b.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect()
}
fn u64s(b: &[u8]) -> Vec<u64> {
    b.chunks_exact(8).map(|c| u64::from_le_bytes(c.try_into().expect("8 bytes"))).collect()
}

/// Asserts equal words, naming the first difference.
fn same<T: PartialEq + std::fmt::Debug>(what: &str, got: &[T], want: &[T]) {
    assert_eq!(got.len(), want.len(), "{what}: length");
    if let Some(i) = (0..got.len()).find(|&i| got[i] != want[i]) {
        panic!("{what}: element {i}: got {:?}, want {:?}", got[i], want[i]);
    }
}

/// Distance in units in the last place between two finite f32 of the same sign.
fn ulps32(a: f32, b: f32) -> u32 {
    if a == b {
        return 0;
    }
    let key = |x: f32| {
        let i = x.to_bits() as i32;
        if i < 0 { i32::MIN.wrapping_sub(i) } else { i }
    };
    key(a).abs_diff(key(b))
}

const N: u32 = 200; // work-items; blocks of 64 leave a partial wave and a partial workgroup

fn grid(n: u32, block: u32) -> [u32; 3] {
    [n.div_ceil(block), 1, 1]
}

/// MUBUF from clang's buffer builtins (`__builtin_amdgcn_make_buffer_rsrc` and the raw buffer
/// loads and stores): raw resources exactly over each buffer, so that what reaches past the
/// end reads 0 or is dropped (the grid's last wave reaches past all three), per dword for the
/// 128-bit load.
#[test]
fn buffer_robust() {
    let mut r = Rng(41);
    let input: Vec<u32> = (0..N).map(|_| r.next()).collect();
    let shift = 7i32;
    let out = launch(
        "buffer",
        "buffer_robust",
        grid(N, 64),
        [64, 1, 1],
        vec![
            ArgSpec::Zeros(4 * u64::from(N)),
            ArgSpec::Zeros(4 * u64::from(N)),
            ArgSpec::Buf(bytes_u32(&input)),
            ArgSpec::U32(N),
            ArgSpec::I32(shift),
        ],
    );
    let bytes = bytes_u32(&input);
    // A little-endian value of `len` bytes at byte `at` of the input, 0 unless all inside.
    let at = |at: i64, len: usize| -> u32 {
        if at < 0 || at as usize + len > bytes.len() {
            return 0;
        }
        (0..len).fold(0, |v, k| v | u32::from(bytes[at as usize + k]) << (8 * k))
    };
    let want: Vec<u32> = (0..i64::from(N))
        .map(|i| {
            let v = at(4 * (i + i64::from(shift)), 4);
            let (b, h) = (at(3 * i + 1, 1), at(2 * i + 4, 2));
            v.wrapping_mul(3).wrapping_add(1).wrapping_add(b << 8).wrapping_add(h << 16)
        })
        .collect();
    same("out", &u32s(&out[0]), &want);
    let want4: Vec<u32> = (0..i64::from(N))
        .map(|i| {
            let w: [u32; 4] = std::array::from_fn(|k| at(4 * (3 * i + i64::from(shift) + k as i64), 4));
            w[0] ^ w[1].wrapping_mul(5) ^ w[2].wrapping_mul(7) ^ w[3].wrapping_mul(11)
        })
        .collect();
    same("out4", &u32s(&out[1]), &want4);
}

/// MUBUF's and MTBUF's format conversions from a kernel clang compiled (from LLVM IR:
/// tests/kernels/src/buffer_format.ll), one launch per V# format: the format loads (32-bit and
/// D16) of an input in that format, MTBUF's 10_11_11 FLOAT load of the same bytes, and the
/// values stored back through MTBUF as 16_16_16_16 SNORM and (the D16 halves) 8_8_8_8 UNORM and
/// through MUBUF in the input's format. The last work-items' elements lie past the V#'s
/// num_records. Checked on the host with its own arithmetic and layouts (not the ISA crate's):
/// every in-range component loaded, every stored value from what was loaded, the round trip.
#[test]
fn buffer_formats() {
    const N: u32 = 100; // two workgroups of 64: the second's last wave has 4 work-items
    const LATE: u32 = 5; // the last five elements are out of range
    // (unified format, element bytes, numeric format is SNORM, components (first bit, bits)).
    type Layout = &'static [(u32, u32)];
    let formats: [(u32, u32, bool, Layout); 3] = [
        (42, 4, false, &[(0, 8), (8, 8), (16, 8), (24, 8)]), // BUF_FMT_8_8_8_8_UNORM
        (24, 4, true, &[(0, 16), (16, 16)]),                 // BUF_FMT_16_16_SNORM
        (37, 4, true, &[(0, 10), (10, 10), (20, 10), (30, 2)]), // BUF_FMT_2_10_10_10_SNORM
    ];
    let mut r = Rng(43);
    for (fmt, esz, snorm, comps) in formats {
        let mut input: Vec<u32> = (0..N * esz / 4).map(|_| r.next()).collect();
        // The most negative SNORM values (which read as -1.0 and store back one above), zero
        // and the largest.
        input[..4].copy_from_slice(&[0x8000_8000, 0x0000_7fff, 0xffff_ffff, 0x2010_0802]);
        let bytes = bytes_u32(&input);
        let nrec = (N - LATE) * esz;
        let n = u64::from(N);
        let out = launch(
            "buffer_format",
            "buffer_formats",
            grid(N, 64),
            [64, 1, 1],
            vec![
                ArgSpec::Zeros(16 * n),
                ArgSpec::Zeros(8 * n),
                ArgSpec::Zeros(16 * n),
                ArgSpec::Zeros(8 * n),
                ArgSpec::Zeros(4 * n),
                ArgSpec::Zeros(u64::from(esz) * n),
                ArgSpec::Buf(bytes.clone()),
                ArgSpec::U32(fmt),
                ArgSpec::U32(esz),
                ArgSpec::U32(nrec),
                ArgSpec::U32(N),
            ],
        );
        let (v, h, t) = (f32s(&out[0]), u16s(&out[1]), f32s(&out[2]));
        let (s, u, f) = (u16s(&out[3]), &out[4], u32s(&out[5]));
        let what = |i: usize| format!("format {fmt}, element {i}");
        for i in 0..N as usize {
            let elem = u64::from(input[i]); // every format here has 4-byte elements
            let inside = (i as u32 + 1) * esz <= nrec;
            let mut back = 0u64;
            for (k, &(at, bits)) in comps.iter().enumerate() {
                let raw = (elem >> at & ((1 << bits) - 1)) as i64;
                let (value, q) = if snorm {
                    let x = if raw >> (bits - 1) == 1 { raw - (1 << bits) } else { raw };
                    let top = (1i64 << (bits - 1)) - 1;
                    ((x as f32 / top as f32).max(-1.0), x.max(-top))
                } else {
                    (raw as f32 / ((1u32 << bits) - 1) as f32, raw)
                };
                back |= ((q as u64) & ((1 << bits) - 1)) << at;
                if inside {
                    assert_eq!(v[4 * i + k].to_bits(), value.to_bits(), "{}: component {k}", what(i));
                    let exact = if snorm {
                        let top = f64::from((1u32 << (bits - 1)) - 1);
                        (raw as f64 - if raw >> (bits - 1) == 1 { f64::from(1u32 << bits) } else { 0.0 })
                            / top
                    } else {
                        raw as f64 / f64::from((1u32 << bits) - 1)
                    };
                    assert_eq!(h[4 * i + k], f64_to_f16(exact.max(-1.0)), "{}: D16 component {k}", what(i));
                }
            }
            if inside {
                assert_eq!(u64::from(f[i]), back, "{}: stored back in its format", what(i));
            } else {
                assert_eq!(f[i], 0, "{}: a store past num_records", what(i));
            }
            // MTBUF's 10_11_11 FLOAT load of the same dword: X[10:0], Y[21:11] (5-bit
            // exponent, 6-bit mantissa), Z[31:22] (5-bit mantissa), no sign.
            if (i as u32 + 1) * 4 <= nrec {
                for (k, (at, mant)) in [(0u32, 6u32), (11, 6), (22, 5)].into_iter().enumerate() {
                    let c = (elem >> at) as u32 & ((1 << (5 + mant)) - 1);
                    let (e, m) = (c >> mant, c & ((1 << mant) - 1));
                    let want = match e {
                        0 => f64::from(m) * pow2(-14 - mant as i32),
                        31 if m == 0 => f64::INFINITY,
                        31 => f64::NAN,
                        _ => (1.0 + f64::from(m) * pow2(-(mant as i32))) * pow2(e as i32 - 15),
                    };
                    let got = f64::from(t[4 * i + k]);
                    assert!(
                        got == want || (got.is_nan() && want.is_nan()),
                        "{}: 10_11_11 component {k}: {got} vs {want}",
                        what(i)
                    );
                }
            }
            // What was loaded, stored as SNORM16 and (the halves) as UNORM8.
            for k in 0..4 {
                let x = f64::from(v[4 * i + k]);
                let want = if x.is_nan() {
                    0
                } else {
                    (x.clamp(-1.0, 1.0) * 32767.0).round_ties_even() as i16 as u16
                };
                assert_eq!(s[4 * i + k], want, "{}: SNORM16 store of component {k} ({x})", what(i));
                let y = f16_to_f64(h[4 * i + k]);
                let want = if y.is_nan() { 0 } else { (y.clamp(0.0, 1.0) * 255.0).round_ties_even() as u8 };
                assert_eq!(u[4 * i + k], want, "{}: UNORM8 store of D16 component {k} ({y})", what(i));
            }
        }
    }
}

#[test]
fn vadd() {
    let mut r = Rng(1);
    let a: Vec<f32> = (0..N).map(|_| r.f32(1000.0)).collect();
    let b: Vec<f32> = (0..N).map(|_| r.f32(1000.0)).collect();
    let out = launch(
        "vadd",
        "vadd",
        grid(N, 64),
        [64, 1, 1],
        vec![
            ArgSpec::Buf(bytes_f32(&a)),
            ArgSpec::Buf(bytes_f32(&b)),
            ArgSpec::Zeros(4 * u64::from(N)),
            ArgSpec::U32(N),
        ],
    );
    let want: Vec<u32> = (0..N as usize).map(|i| (a[i] + b[i]).to_bits()).collect();
    same("c", &u32s(&out[2]), &want);
}

#[test]
fn int_ops() {
    let mut r = Rng(2);
    let a: Vec<u32> = (0..N).map(|_| r.next()).collect();
    let b: Vec<u32> = (0..N).map(|_| r.next()).collect();
    let out = launch(
        "int_ops",
        "int_ops",
        grid(N, 64),
        [64, 1, 1],
        vec![
            ArgSpec::Buf(bytes_u32(&a)),
            ArgSpec::Buf(bytes_u32(&b)),
            ArgSpec::Zeros(48 * u64::from(N)),
            ArgSpec::U32(N),
        ],
    );
    let mut want = Vec::new();
    for i in 0..N as usize {
        let (x, y) = (a[i] as i32, b[i] as i32);
        let (ux, uy) = (a[i], b[i]);
        want.extend([
            x.wrapping_add(y) as u32,
            x.wrapping_sub(y) as u32,
            x.wrapping_mul(y) as u32,
            ((i64::from(x) * i64::from(y)) >> 32) as u32,
            ((u64::from(ux) * u64::from(uy)) >> 32) as u32,
            x.min(y) as u32,
            x.max(y) as u32,
            ux.min(uy),
            (x << (y & 31)) as u32,
            (x >> (y & 31)) as u32,
            ux >> (uy & 31),
            ((x & y) ^ (x | !y)) as u32,
        ]);
    }
    same("out", &u32s(&out[2]), &want);
}

/// v_perm_b32 as the guide defines it.
fn perm(s0: u32, s1: u32, sel: u32) -> u32 {
    let data = u64::from(s0) << 32 | u64::from(s1);
    let byte = |i: u32| (data >> (8 * i)) as u8 as u32;
    (0..4)
        .map(|k| {
            let s = sel >> (8 * k) & 0xff;
            let b = match s {
                13.. => 0xff,
                12 => 0,
                8..=11 => (byte(2 * (s - 8) + 1) >> 7) * 0xff,
                _ => byte(s),
            };
            b << (8 * k)
        })
        .sum()
}

#[test]
fn bits() {
    let mut r = Rng(3);
    let mut a: Vec<u32> = (0..N).map(|_| r.next()).collect();
    a[0] = 0;
    a[1] = 1 << 31;
    let b: Vec<u32> = (0..N).map(|_| r.next()).collect();
    let out = launch(
        "bits",
        "bits",
        grid(N, 64),
        [64, 1, 1],
        vec![
            ArgSpec::Buf(bytes_u32(&a)),
            ArgSpec::Buf(bytes_u32(&b)),
            ArgSpec::Zeros(32 * u64::from(N)),
            ArgSpec::U32(N),
        ],
    );
    let mut want = Vec::new();
    for i in 0..N as usize {
        let (x, y) = (a[i], b[i]);
        want.extend([
            x.count_ones(),
            x.leading_zeros(),
            x.trailing_zeros(),
            x.reverse_bits(),
            x.rotate_left(y & 31),
            (x >> (y & 15)) & ((1u32 << ((y >> 8) & 15)) - 1),
            (x & 0xffff_00ff) | ((y & 0xff) << 8),
            perm(x, y, 0x0706_0504 ^ (y & 0x0303_0303)),
        ]);
    }
    same("out", &u32s(&out[2]), &want);
}

#[test]
fn fma_f32_and_f64() {
    let mut r = Rng(4);
    let a: Vec<f32> = (0..N).map(|_| r.f32(100.0)).collect();
    let b: Vec<f32> = (0..N).map(|_| r.f32(100.0)).collect();
    let c: Vec<f32> = (0..N).map(|_| r.f32(100.0)).collect();
    let out = launch(
        "fma",
        "fma_f32",
        grid(N, 64),
        [64, 1, 1],
        vec![
            ArgSpec::Buf(bytes_f32(&a)),
            ArgSpec::Buf(bytes_f32(&b)),
            ArgSpec::Buf(bytes_f32(&c)),
            ArgSpec::U32(N),
        ],
    );
    let want: Vec<u32> = (0..N as usize).map(|i| a[i].mul_add(b[i], c[i]).to_bits()).collect();
    same("f32", &u32s(&out[2]), &want);

    let a: Vec<f64> = (0..N).map(|_| f64::from(r.f32(100.0)) / 3.0).collect();
    let b: Vec<f64> = (0..N).map(|_| f64::from(r.f32(100.0)) / 7.0).collect();
    let c: Vec<f64> = (0..N).map(|_| f64::from(r.f32(100.0)) / 11.0).collect();
    let out = launch(
        "fma",
        "fma_f64",
        grid(N, 64),
        [64, 1, 1],
        vec![
            ArgSpec::Buf(bytes_f64(&a)),
            ArgSpec::Buf(bytes_f64(&b)),
            ArgSpec::Buf(bytes_f64(&c)),
            ArgSpec::U32(N),
        ],
    );
    let want: Vec<u64> = (0..N as usize).map(|i| a[i].mul_add(b[i], c[i]).to_bits()).collect();
    same("f64", &u64s(&out[2]), &want);
}

/// A linear congruential generator per work-item, its states converted to float (as unsigned
/// and as signed) and accumulated with fma: v_mul_lo_u32, v_cvt_f32_u32, v_cvt_f32_i32 and
/// v_fma_f32/v_fmac_f32 with SGPR and inline-constant operands, every step rounded to nearest
/// even as the host's `as f32` and `mul_add` round.
#[test]
fn lcg_fma() {
    let mut r = Rng(23);
    let mut seed: Vec<u32> = (0..N).map(|_| r.next()).collect();
    seed[..4].copy_from_slice(&[0, u32::MAX, 0x8000_0000, 0x7fff_ffff]);
    let (mul, steps, scale) = (1_664_525u32, 37u32, 1.0e-9f32);
    let out = launch(
        "lcg_fma",
        "lcg_fma",
        grid(N, 64),
        [64, 1, 1],
        vec![
            ArgSpec::Buf(bytes_u32(&seed)),
            ArgSpec::Zeros(4 * u64::from(N)),
            ArgSpec::U32(N),
            ArgSpec::U32(mul),
            ArgSpec::U32(steps),
            ArgSpec::F32(scale),
        ],
    );
    let want: Vec<u32> = seed
        .iter()
        .map(|&s| {
            let (mut x, mut acc) = (s | 1, 0.0f32);
            for _ in 0..steps {
                x = x.wrapping_mul(mul);
                let u = (x as f32).mul_add(scale, 1.0);
                acc = u.mul_add(0.5, acc);
                acc = (x as i32 as f32).mul_add(scale, acc);
            }
            acc.to_bits()
        })
        .collect();
    same("acc", &u32s(&out[1]), &want);
}

#[test]
fn transcendentals_within_one_ulp() {
    let mut r = Rng(5);
    let a: Vec<f32> = (0..N).map(|_| r.f32(20.0)).collect();
    let out = launch(
        "sqrt",
        "transcendental",
        grid(N, 64),
        [64, 1, 1],
        vec![ArgSpec::Buf(bytes_f32(&a)), ArgSpec::Zeros(16 * u64::from(N)), ArgSpec::U32(N)],
    );
    let got: Vec<f32> = u32s(&out[1]).into_iter().map(f32::from_bits).collect();
    for i in 0..N as usize {
        let x = f64::from(a[i]);
        let want = [1.0 / x, 1.0 / x.abs().sqrt(), (x * std::f64::consts::TAU).sin(), x.exp2()];
        for (k, w) in want.iter().enumerate() {
            let g = got[4 * i + k];
            assert!(ulps32(g, *w as f32) <= 1, "x = {x}: function {k}: got {g}, want {w}");
        }
    }
}

#[test]
fn int_ops_64() {
    let mut r = Rng(6);
    let a: Vec<u64> = (0..N).map(|_| r.u64()).collect();
    let mut b: Vec<u64> = (0..N).map(|_| r.u64() >> (r.next() % 64)).collect();
    b[3] = 0;
    let out = launch(
        "int64",
        "int64_ops",
        grid(N, 64),
        [64, 1, 1],
        vec![
            ArgSpec::Buf(bytes_u64(&a)),
            ArgSpec::Buf(bytes_u64(&b)),
            ArgSpec::Zeros(64 * u64::from(N)),
            ArgSpec::U32(N),
        ],
    );
    let mut want = Vec::new();
    for i in 0..N as usize {
        let (x, y) = (a[i] as i64, b[i] as i64);
        want.extend([
            x.wrapping_add(y) as u64,
            x.wrapping_mul(y) as u64,
            (x << (y & 63)) as u64,
            (x >> (y & 63)) as u64,
            (x as u64) >> (y & 63),
            x.min(y) as u64,
            if y != 0 { x.wrapping_div(y) as u64 } else { 0 },
            if y != 0 { (x as u64) % (y as u64) } else { 0 },
        ]);
    }
    same("out", &u64s(&out[2]), &want);
}

/// Work-items for the tests whose random operands hunt for rare rounding cases.
const MANY: u32 = 2000;

// ---------------------------------------------------------------------------------------------
// Helpers for the kernels below: more element types, floats across the whole exponent range,
// NaN-aware comparison, f16 rounding, and the ulp error against an exact value.

fn bytes_i32(v: &[i32]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}
fn bytes_u16(v: &[u16]) -> Vec<u8> {
    v.iter().flat_map(|x| x.to_le_bytes()).collect()
}
fn i32s(b: &[u8]) -> Vec<i32> {
    u32s(b).into_iter().map(|x| x as i32).collect()
}
fn u16s(b: &[u8]) -> Vec<u16> {
    b.chunks_exact(2).map(|c| u16::from_le_bytes([c[0], c[1]])).collect()
}
fn f32s(b: &[u8]) -> Vec<f32> {
    u32s(b).into_iter().map(f32::from_bits).collect()
}
fn f64s(b: &[u8]) -> Vec<f64> {
    u64s(b).into_iter().map(f64::from_bits).collect()
}

/// 2^k for -1022 <= k <= 1023, exactly.
fn pow2(k: i32) -> f64 {
    f64::from_bits(((1023 + k) as u64) << 52)
}

impl Rng {
    /// A random sign and 23-bit mantissa with an exponent in [emin, emax] (normal numbers).
    fn f32_exp(&mut self, emin: i32, emax: i32) -> f32 {
        let e = emin + (self.next() % (emax - emin + 1) as u32) as i32;
        f32::from_bits(self.next() & 0x807f_ffff | ((e + 127) as u32) << 23)
    }
    /// The same for f64.
    fn f64_exp(&mut self, emin: i32, emax: i32) -> f64 {
        let e = emin + (self.next() % (emax - emin + 1) as u32) as i32;
        f64::from_bits(self.u64() & 0x800f_ffff_ffff_ffff | ((e + 1023) as u64) << 52)
    }
}

/// Special f32 operands: signed zeros, the smallest and largest denormals, the smallest normal,
/// the largest finite value, infinities, a quiet and a signalling NaN, and small integers.
const F32_EDGES: [u32; 16] = [
    0x0000_0000,
    0x8000_0000,
    0x0000_0001,
    0x8000_0003,
    0x007f_ffff,
    0x0080_0000,
    0x7f7f_ffff,
    0xff7f_ffff,
    0x7f80_0000,
    0xff80_0000,
    0x7fc0_0000,
    0x7f80_0001,
    0x3f80_0000,
    0xbf80_0000,
    0x4040_0000,
    0x3f00_0000,
];

/// The f64 counterparts of [`F32_EDGES`].
const F64_EDGES: [u64; 16] = [
    0x0000_0000_0000_0000,
    0x8000_0000_0000_0000,
    0x0000_0000_0000_0001,
    0x8000_0000_0000_0003,
    0x000f_ffff_ffff_ffff,
    0x0010_0000_0000_0000,
    0x7fef_ffff_ffff_ffff,
    0xffef_ffff_ffff_ffff,
    0x7ff0_0000_0000_0000,
    0xfff0_0000_0000_0000,
    0x7ff8_0000_0000_0000,
    0x7ff0_0000_0000_0001,
    0x3ff0_0000_0000_0000,
    0xbff0_0000_0000_0000,
    0x4008_0000_0000_0000,
    0x3fe0_0000_0000_0000,
];

/// Asserts equal floats bit for bit, except that where the reference is a NaN any quiet NaN
/// is accepted: in IEEE mode (which the kernels' descriptors set) an operation that returns a
/// NaN returns a quiet one, but neither IEEE-754 nor the guide says which payload (fp.rs
/// documents the engine's choice).
fn same_f32(what: &str, got: &[f32], want: &[f32], input: impl Fn(usize) -> String) {
    assert_eq!(got.len(), want.len(), "{what}: length");
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        let ok =
            if w.is_nan() { g.to_bits() & 0x7fc0_0000 == 0x7fc0_0000 } else { g.to_bits() == w.to_bits() };
        assert!(
            ok,
            "{what}: element {i} ({}): got {g:e} ({:#010x}), want {w:e} ({:#010x})",
            input(i),
            g.to_bits(),
            w.to_bits()
        );
    }
}

/// [`same_f32`] for f64.
fn same_f64(what: &str, got: &[f64], want: &[f64], input: impl Fn(usize) -> String) {
    assert_eq!(got.len(), want.len(), "{what}: length");
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        let quiet = 0x7ff8_0000_0000_0000;
        let ok = if w.is_nan() { g.to_bits() & quiet == quiet } else { g.to_bits() == w.to_bits() };
        assert!(
            ok,
            "{what}: element {i} ({}): got {g:e} ({:#018x}), want {w:e} ({:#018x})",
            input(i),
            g.to_bits(),
            w.to_bits()
        );
    }
}

/// [`same_f32`] for f16 bit patterns.
fn same_f16(what: &str, got: &[u16], want: &[u16], input: impl Fn(usize) -> String) {
    assert_eq!(got.len(), want.len(), "{what}: length");
    let nan = |h: u16| h & 0x7c00 == 0x7c00 && h & 0x3ff != 0;
    for (i, (&g, &w)) in got.iter().zip(want).enumerate() {
        let ok = if nan(w) { g & 0x7e00 == 0x7e00 } else { g == w };
        assert!(ok, "{what}: element {i} ({}): got {g:#06x}, want {w:#06x}", input(i));
    }
}

/// The value of an f16 bit pattern (exact in f64).
fn f16_to_f64(h: u16) -> f64 {
    let sign = if h & 0x8000 != 0 { -1.0 } else { 1.0 };
    let e = i32::from(h >> 10 & 31);
    let m = f64::from(h & 0x3ff);
    sign * match e {
        0 => m * pow2(-24),
        31 if m == 0.0 => f64::INFINITY,
        31 => f64::NAN,
        _ => (m + 1024.0) * pow2(e - 25),
    }
}

/// Rounds to the nearest f16, ties to even, keeping denormals: what every f16 result in these
/// kernels gets under the descriptors' MODE (FP_ROUND 0, FP_DENORM 3 for f16/f64).
fn f64_to_f16(x: f64) -> u16 {
    let sign = if x.is_sign_negative() { 0x8000 } else { 0 };
    if x.is_nan() {
        return sign | 0x7e00;
    }
    let a = x.abs();
    // 65520 is halfway between the largest f16 (65504, odd mantissa) and 2^16: it and
    // everything above round to infinity.
    if a >= 65520.0 {
        return sign | 0x7c00;
    }
    if a < pow2(-14) {
        // Zero or denormal: a count of 2^-24; rounding up to 2^-14 gives the smallest
        // normal's bits, 0x0400, by itself.
        return sign | (a * pow2(24)).round_ties_even() as u16;
    }
    let e = ((a.to_bits() >> 52) as i32) - 1023;
    // The significand as an integer in [1024, 2048]; 2048 carries into the exponent.
    let m = (a * pow2(10 - e)).round_ties_even() as u32;
    sign | ((((e + 15) as u32) << 10) + m - 1024) as u16
}

/// The error of `got` against the exact value `exact` (non-zero, finite, below 2^128), in
/// units in the last place of f32 at `exact` (2^-149 for denormal results).
fn ulp_err32(got: f32, exact: f64) -> f64 {
    let e = ((exact.abs().to_bits() >> 52) as i32) - 1023;
    (f64::from(got) - exact).abs() / pow2(e.max(-126) - 23)
}

#[test]
fn f16_rounding_helper() {
    // The helper the half tests depend on, against values worked out by hand.
    for (x, h) in [
        (0.0, 0x0000),
        (-0.0, 0x8000),
        (1.0, 0x3c00),
        (-2.0, 0xc000),
        (65504.0, 0x7bff),
        (65519.99, 0x7bff),
        (65520.0, 0x7c00),
        (f64::INFINITY, 0x7c00),
        (pow2(-24), 0x0001),
        (pow2(-25), 0x0000),             // a tie between 0 and 2^-24: to even, 0
        (pow2(-25) * 3.0, 0x0002),       // 1.5 * 2^-24: to even, 2 * 2^-24
        (pow2(-14) - pow2(-25), 0x0400), // rounds up into the smallest normal
        (1.0 + pow2(-11), 0x3c00),       // tie: to even
        (1.0 + 3.0 * pow2(-11), 0x3c02), // tie: to even (up)
        (2.0 - pow2(-12), 0x4000),       // carries into the exponent
        (1.0 / 3.0, 0x3555),
    ] {
        assert_eq!(f64_to_f16(x), h, "{x:e}");
        if h & 0x7c00 != 0x7c00 {
            assert_eq!(f64_to_f16(f16_to_f64(h)), h, "round trip of {h:#06x}");
        }
    }
    for h in 0..=u16::MAX {
        let nan = h & 0x7c00 == 0x7c00 && h & 0x3ff != 0;
        assert!(nan || f64_to_f16(f16_to_f64(h)) == h, "round trip of {h:#06x}");
    }
}

// ---------------------------------------------------------------------------------------------

/// Divergent loops: every lane runs its own number of Collatz steps (up to the kernel's cap of
/// 1000, which an input of 0 reaches), with 64-bit arithmetic for 3x + 1. Blocks of 48
/// work-items make the second wave of each workgroup half full. (The cap was 10000 and the
/// items 300: seven workgroups, each as long as its longest lane, cost 17 minutes of a core
/// on the three RTL models, most of CI's kernel suite, for the same loop run longer.)
#[test]
fn collatz() {
    let mut r = Rng(7);
    let n = 192u32;
    let mut a: Vec<u32> = (0..n).map(|_| r.next() >> (r.next() % 32)).collect();
    a[..8].copy_from_slice(&[0, 1, 2, 3, 27, 837_799, u32::MAX, 0x8000_0000]);
    let out = launch(
        "collatz",
        "collatz",
        grid(n, 48),
        [48, 1, 1],
        vec![ArgSpec::Buf(bytes_u32(&a)), ArgSpec::Zeros(4 * u64::from(n)), ArgSpec::U32(n)],
    );
    let want: Vec<u32> = a
        .iter()
        .map(|&v| {
            let (mut x, mut s) = (u64::from(v), 0u32);
            while x != 1 && s < 1000 {
                x = if x & 1 != 0 { 3 * x + 1 } else { x >> 1 };
                s += 1;
            }
            s
        })
        .collect();
    assert_eq!(&want[..6], [1000, 0, 1, 7, 111, 524]);
    same("steps", &u32s(&out[1]), &want);
}

/// Integer division and remainder, signed and unsigned, through the compiler's reciprocal
/// sequences (v_rcp_iflag_f32, v_mul_hi_u32 and the correction steps): exact. INT_MIN / -1
/// wraps to INT_MIN with remainder 0 (what the sequence computes; C leaves it undefined).
/// Divisors are never 0: OpenCL C leaves division by zero undefined, so no result is right.
#[test]
fn int_div() {
    let mut r = Rng(8);
    let edges: [(i32, i32); 16] = [
        (i32::MIN, -1),
        (i32::MIN, 1),
        (i32::MIN, i32::MIN),
        (i32::MAX, i32::MIN),
        (i32::MAX, -1),
        (-7, 2),
        (7, -2),
        (-7, -2),
        (0, -5),
        (5, 7),
        (-1, 0x7fff_ffff),
        (-1, 1), // unsigned: 0xffffffff / 1
        (-1, -1),
        (-2, -1), // unsigned: 0xfffffffe / 0xffffffff = 0 rem 0xfffffffe
        (123_456_789, 0x1_0000),
        (i32::MIN, 3),
    ];
    let n = MANY;
    let mut a: Vec<i32> = Vec::new();
    let mut b: Vec<i32> = Vec::new();
    for i in 0..n as usize {
        let (x, y) = match edges.get(i) {
            Some(&e) => e,
            None => {
                let x = r.next() as i32 >> (r.next() % 32);
                let y = (r.next() as i32 >> (r.next() % 32)).max(1) * if r.next() & 1 == 0 { 1 } else { -1 };
                (x, y)
            }
        };
        a.push(x);
        b.push(y);
    }
    let out = launch(
        "div",
        "int_div",
        grid(n, 64),
        [64, 1, 1],
        vec![
            ArgSpec::Buf(bytes_i32(&a)),
            ArgSpec::Buf(bytes_i32(&b)),
            ArgSpec::Zeros(16 * u64::from(n)),
            ArgSpec::U32(n),
        ],
    );
    let got = i32s(&out[2]);
    for i in 0..n as usize {
        let (x, y) = (a[i], b[i]);
        let (ux, uy) = (x as u32, y as u32);
        let want = [x.wrapping_div(y), x.wrapping_rem(y), (ux / uy) as i32, (ux % uy) as i32];
        assert_eq!(got[4 * i..4 * i + 4], want, "element {i}: {x} / {y} (unsigned {ux} / {uy})");
    }
}

/// f32 division as clang compiles OpenCL's `/` by default (v_frexp_mant, v_rcp_f32, v_mul,
/// v_ldexp: no -cl-fp32-correctly-rounded-divide-sqrt). OpenCL allows 2.5 ulp; the sequence
/// stays within it when v_rcp_f32 is within the 1 ulp the guide documents (mantissa quotient
/// off by at most 2 ulp, plus the final rounding). Checked: within 2.5 ulp of the exact
/// quotient for finite non-zero operands (normal and denormal, denormal results included);
/// exact for zeros, infinities and NaN, where every step is exact, and for quotients far
/// beyond the largest float (the operands here never come near the overflow threshold).
#[test]
fn float_div_within_2_5_ulp() {
    let mut r = Rng(9);
    let n = MANY;
    let mut a: Vec<f32> = (0..n).map(|_| r.f32_exp(-60, 60)).collect();
    let mut b: Vec<f32> = (0..n).map(|_| r.f32_exp(-60, 60)).collect();
    // Every pair of specials, then denormal numerators and denominators.
    for (k, &x) in F32_EDGES.iter().enumerate().take(12) {
        for (j, &y) in F32_EDGES.iter().enumerate().take(12).step_by(3) {
            a[4 * k + j / 3] = f32::from_bits(x);
            b[4 * k + j / 3] = f32::from_bits(y);
        }
    }
    for i in 48..56 {
        a[i] = f32::from_bits(r.next() & 0x807f_ffff);
        b[i + 8] = f32::from_bits(r.next() & 0x807f_ffff);
    }
    let out = launch(
        "div",
        "float_div",
        grid(n, 64),
        [64, 1, 1],
        vec![
            ArgSpec::Buf(bytes_f32(&a)),
            ArgSpec::Buf(bytes_f32(&b)),
            ArgSpec::Zeros(4 * u64::from(n)),
            ArgSpec::U32(n),
        ],
    );
    let got = f32s(&out[2]);
    for i in 0..n as usize {
        let (x, y, g) = (a[i], b[i], got[i]);
        let special = |v: f32| v == 0.0 || !v.is_finite();
        if special(x) || special(y) || (x / y).is_infinite() {
            same_f32("q", &[g], &[x / y], |_| format!("{x:e} / {y:e}"));
        } else {
            let exact = f64::from(x) / f64::from(y);
            let err = ulp_err32(g, exact);
            assert!(err <= 2.5, "element {i}: {x:e} / {y:e}: got {g:e}, exact {exact:e}: {err} ulp");
        }
    }
}

/// Inputs for the correctly rounded division tests: random operands over a wide exponent
/// range (quotients overflow, underflow into denormals and to zero), every pair of special
/// values, denormal operands, and ties of denormal results.
fn div_operands_f32(r: &mut Rng, n: u32) -> (Vec<f32>, Vec<f32>) {
    let mut a: Vec<f32> = (0..n).map(|_| r.f32_exp(-126, 127)).collect();
    let mut b: Vec<f32> = (0..n).map(|_| r.f32_exp(-126, 127)).collect();
    for (k, &x) in F32_EDGES.iter().enumerate() {
        for (j, &y) in F32_EDGES.iter().enumerate().step_by(2) {
            a[8 * k + j / 2] = f32::from_bits(x);
            b[8 * k + j / 2] = f32::from_bits(y);
        }
    }
    for i in 128..136 {
        a[i] = f32::from_bits(r.next() & 0x807f_ffff);
        b[i + 8] = f32::from_bits(r.next() & 0x807f_ffff);
    }
    // Denormal quotients exactly halfway between two denormals: ties to even.
    let ties = [(1, 2.0), (3, 2.0), (5, -2.0), (0x00ff_ffff, 4.0)];
    for (k, (bits, d)) in ties.into_iter().enumerate() {
        a[150 + k] = f32::from_bits(bits);
        b[150 + k] = d;
    }
    (a, b)
}

/// f32 division compiled with -cl-fp32-correctly-rounded-divide-sqrt (v_div_scale_f32,
/// v_rcp_f32, fma refinement, v_div_fmas_f32, v_div_fixup_f32): bit for bit IEEE division,
/// denormals, infinities and NaN included.
#[test]
fn float_div_correctly_rounded() {
    let mut r = Rng(10);
    let n = MANY;
    let (a, b) = div_operands_f32(&mut r, n);
    let out = launch(
        "correctly_rounded",
        "float_div_cr",
        grid(n, 64),
        [64, 1, 1],
        vec![
            ArgSpec::Buf(bytes_f32(&a)),
            ArgSpec::Buf(bytes_f32(&b)),
            ArgSpec::Zeros(4 * u64::from(n)),
            ArgSpec::U32(n),
        ],
    );
    let want: Vec<f32> = (0..n as usize).map(|i| a[i] / b[i]).collect();
    same_f32("q", &f32s(&out[2]), &want, |i| format!("{:e} / {:e}", a[i], b[i]));
}

/// f64 division (v_div_scale_f64, v_rcp_f64, fma refinement, v_div_fmas_f64,
/// v_div_fixup_f64): bit for bit IEEE division over the whole range, specials included.
#[test]
fn double_div() {
    let mut r = Rng(11);
    let n = MANY;
    let mut a: Vec<f64> = (0..n).map(|_| r.f64_exp(-1022, 1023)).collect();
    let mut b: Vec<f64> = (0..n).map(|_| r.f64_exp(-1022, 1023)).collect();
    // Half of the random ones with nearby exponents, so most quotients are normal.
    for i in (0..n as usize).step_by(2) {
        b[i] = r.f64_exp(-40, 40);
        a[i] = r.f64_exp(-40, 40);
    }
    for (k, &x) in F64_EDGES.iter().enumerate() {
        for (j, &y) in F64_EDGES.iter().enumerate().step_by(2) {
            a[8 * k + j / 2] = f64::from_bits(x);
            b[8 * k + j / 2] = f64::from_bits(y);
        }
    }
    for i in 128..136 {
        a[i] = f64::from_bits(r.u64() & 0x800f_ffff_ffff_ffff);
        b[i + 8] = f64::from_bits(r.u64() & 0x800f_ffff_ffff_ffff);
    }
    for (k, (bits, d)) in [(1u64, 2.0), (3, 2.0), (5, -2.0)].into_iter().enumerate() {
        a[150 + k] = f64::from_bits(bits);
        b[150 + k] = d;
    }
    let out = launch(
        "div",
        "double_div",
        grid(n, 64),
        [64, 1, 1],
        vec![
            ArgSpec::Buf(bytes_f64(&a)),
            ArgSpec::Buf(bytes_f64(&b)),
            ArgSpec::Zeros(8 * u64::from(n)),
            ArgSpec::U32(n),
        ],
    );
    let want: Vec<f64> = (0..n as usize).map(|i| a[i] / b[i]).collect();
    same_f64("q", &f64s(&out[2]), &want, |i| format!("{:e} / {:e}", a[i], b[i]));
}

/// v_min_f32 / v_max_f32 in IEEE mode as the guide's pseudocode defines them, after the
/// compiler's canonicalising max(x, x): a quiet NaN operand yields the other operand, and
/// -0 < +0.
fn min_ieee(x: f32, y: f32) -> f32 {
    if y.is_nan() {
        x
    } else if x.is_nan() || y < x || (x == 0.0 && y == 0.0 && y.is_sign_negative()) {
        y
    } else {
        x
    }
}
fn max_ieee(x: f32, y: f32) -> f32 {
    if y.is_nan() {
        x
    } else if x.is_nan() || y > x || (x == 0.0 && y == 0.0 && x.is_sign_negative()) {
        y
    } else {
        x
    }
}

/// Float element-wise math: add, sub, mul, fmin/fmax, fabs, floor/ceil/trunc/rint,
/// conversions to and from integers (saturating, NaN to 0) and x * 0.25 + 1 (contracted to
/// one fma by clang). All exactly rounded: bit for bit, on normal, denormal, infinite and NaN
/// inputs (NaN results: any quiet NaN).
#[test]
fn float_ops() {
    let mut r = Rng(12);
    let n = MANY;
    let mut a: Vec<f32> = (0..n).map(|_| r.f32(1000.0)).collect();
    let mut b: Vec<f32> = (0..n).map(|_| r.f32(1000.0)).collect();
    // Every pair of specials, values with halves (rint ties), huge values for the
    // conversions, and denormals.
    for (k, &x) in F32_EDGES.iter().enumerate() {
        for (j, &y) in F32_EDGES.iter().enumerate().step_by(2) {
            a[8 * k + j / 2] = f32::from_bits(x);
            b[8 * k + j / 2] = f32::from_bits(y);
        }
    }
    let halves = [0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 1.0e10, -3.0e9, 4.5e9, 5.0, -0.3, 0.3];
    for (k, h) in halves.into_iter().enumerate() {
        a[128 + k] = h;
        b[128 + k] = 2.0 * h;
    }
    for i in 140..150 {
        a[i] = f32::from_bits(r.next() & 0x807f_ffff);
        b[i] = f32::from_bits(r.next() & 0x807f_ffff);
    }
    let out = launch(
        "float_ops",
        "float_ops",
        grid(n, 64),
        [64, 1, 1],
        vec![
            ArgSpec::Buf(bytes_f32(&a)),
            ArgSpec::Buf(bytes_f32(&b)),
            ArgSpec::Zeros(48 * u64::from(n)),
            ArgSpec::U32(n),
        ],
    );
    let mut want = Vec::new();
    for i in 0..n as usize {
        let (x, y) = (a[i], b[i]);
        want.extend([
            x + y,
            x - y,
            x * y,
            min_ieee(x, y),
            max_ieee(x, y),
            x.abs() - y,
            x.floor(),
            y.ceil(),
            (x * 3.0).trunc(),
            (y * 0.5).round_ties_even(),
            (x as i32) as f32 + (y.abs() as u32) as f32,
            x.mul_add(0.25, 1.0),
        ]);
    }
    same_f32("out", &f32s(&out[2]), &want, |e| {
        format!("x = {:e}, y = {:e}, result {}", a[e / 12], b[e / 12], e % 12)
    });
}

/// Global atomics on contended words from every work-item of five workgroups of 96: add, sub,
/// and, or, xor (clang reduces each wave with v_readlane and issues one atomic), signed min
/// and max and unsigned min (the same reduction, then a global_atomic_cmpswap loop).
/// Atomicity makes the final values independent of the order the hardware serialises them
/// in, so they are exact; the exchange and compare-exchange go to a word per work-item, so
/// their returned values are exact too (exchange returns the initial word; compare-exchange
/// expecting 0 finds the exchanged value and stores v + 1 only when that was 0).
#[test]
fn global_atomics() {
    let mut r = Rng(13);
    let (block, groups) = (96u32, 5u32);
    let n = (block * groups) as usize;
    let mut v: Vec<i32> = (0..n).map(|_| r.next() as i32 >> (r.next() % 32)).collect();
    v[..6].copy_from_slice(&[0, -1, i32::MIN, i32::MAX, 0, 1]);
    v[200] = 0;
    let init: [i32; 8] = [5, 7, 1000, -1000, 0xffff_0000u32 as i32, -1, 0x100, 0x1234_5678];
    let words: Vec<i32> = (0..n).map(|_| r.next() as i32).collect();
    let acc: Vec<i32> = init.iter().chain(&words).copied().collect();
    let out = launch(
        "global_atomics",
        "global_atomics",
        [groups, 1, 1],
        [block, 1, 1],
        vec![ArgSpec::Buf(bytes_i32(&v)), ArgSpec::Buf(bytes_i32(&acc)), ArgSpec::Zeros(8 * n as u64)],
    );
    let got = i32s(&out[1]);
    let sum = v.iter().fold(0i32, |s, &x| s.wrapping_add(x));
    let want_acc = [
        init[0].wrapping_add(sum),
        init[1].wrapping_sub(sum),
        v.iter().fold(init[2], |m, &x| m.min(x)),
        v.iter().fold(init[3], |m, &x| m.max(x)),
        v.iter().fold(init[4] as u32, |m, &x| m.min(x as u32)) as i32,
        v.iter().fold(init[5], |m, &x| m & (x | 0x0f0f_0000)),
        v.iter().fold(init[6], |m, &x| m | (x & 0x00ff_00ff)),
        v.iter().fold(init[7], |m, &x| m ^ x),
    ];
    same("acc[0..8] (add sub min max umin and or xor)", &got[..8], &want_acc);
    let want_words: Vec<i32> = v.iter().map(|&x| if x == 0 { 1 } else { x }).collect();
    same("acc[8..] (exchanged, then compare-exchanged)", &got[8..], &want_words);
    let want_ret: Vec<i32> = (0..n).flat_map(|i| [words[i], v[i]]).collect();
    same("ret (exchange, compare-exchange)", &i32s(&out[2]), &want_ret);
}

/// Contended atomic adds that return the old value (clang: a wave-level prefix sum with
/// v_writelane, one global_atomic_add_u32 per wave, v_readfirstlane of its result). The order
/// of the adds is not defined (the hardware serialises them in any order), but atomicity is:
/// sorted, the returned values must form one chain from the initial value, each the previous
/// plus that work-item's addend, ending at the final counter.
#[test]
fn atomic_add_returns_form_a_chain() {
    let mut r = Rng(14);
    let n = 250u32;
    let v: Vec<u32> = (0..n).map(|_| 1 + r.next() % 1000).collect();
    let init = 1_000_000u32;
    let (out, rtl) = launch_both(
        "global_atomics",
        "atomic_chain",
        grid(n, 64),
        [64, 1, 1],
        vec![
            ArgSpec::Buf(bytes_u32(&v)),
            ArgSpec::Buf(bytes_u32(&[init])),
            ArgSpec::Zeros(4 * u64::from(n)),
            ArgSpec::U32(n),
        ],
    );
    // The golden engine's result, and the RTL's, whose order of the adds is its own.
    for (engine, out) in std::iter::once(("golden", out)).chain(rtl) {
        let old = u32s(&out[2]);
        let mut order: Vec<usize> = (0..n as usize).collect();
        order.sort_by_key(|&i| old[i]);
        let mut expect = init;
        for &i in &order {
            assert_eq!(
                old[i], expect,
                "{engine}: work-item {i} read {} where the chain needs {expect}",
                old[i]
            );
            expect += v[i];
        }
        assert_eq!(u32s(&out[1]), [expect], "{engine}: final counter");
        assert_eq!(expect, init + v.iter().sum::<u32>());
    }
}

/// Half precision, packed: c = fma(a, b, c) - (1.0, 0.5) on both halves (v_pk_fma_f16,
/// v_pk_add_f16 with a packed literal). Each operation rounds to f16 once; the host does it in
/// f64 (products of f16 are exact there, and a sum that is not exact either overflows f16 or
/// has an addend too small to matter) and rounds to f16 to nearest even, denormals kept.
#[test]
fn half2_fma() {
    let mut r = Rng(15);
    let n = 300u32;
    let halves = |r: &mut Rng| -> Vec<u16> { (0..2 * n).map(|_| half_operand(r)).collect() };
    let (mut a, mut b, mut c) = (halves(&mut r), halves(&mut r), halves(&mut r));
    // Every pair of specials: as the two halves of c, as a (high halves) times b (low halves).
    for (k, &e) in F16_EDGES.iter().enumerate() {
        for (j, &f) in F16_EDGES.iter().enumerate() {
            let i = 2 * (16 * k + j);
            (c[i], c[i + 1]) = (e, f);
            (a[i + 1], b[i]) = (e, f);
        }
    }
    let out = launch(
        "half",
        "half2_fma",
        grid(n, 64),
        [64, 1, 1],
        vec![
            ArgSpec::Buf(bytes_u16(&a)),
            ArgSpec::Buf(bytes_u16(&b)),
            ArgSpec::Buf(bytes_u16(&c)),
            ArgSpec::U32(n),
        ],
    );
    let want: Vec<u16> = (0..2 * n as usize)
        .map(|i| {
            let f = |h: u16| f16_to_f64(h);
            let fma = f64_to_f16(f(a[i]).mul_add(f(b[i]), f(c[i])));
            f64_to_f16(f(fma) - if i % 2 == 0 { 1.0 } else { 0.5 })
        })
        .collect();
    same_f16("c", &u16s(&out[2]), &want, |i| format!("a {:#06x} b {:#06x} c {:#06x}", a[i], b[i], c[i]));
}

/// Special f16 operands: signed zeros, smallest and largest denormals, smallest normal, largest
/// finite, infinities, quiet and signalling NaN, 1, -1, 3, 0.5 and 1/3.
const F16_EDGES: [u16; 16] = [
    0x0000, 0x8000, 0x0001, 0x83ff, 0x0400, 0x7bff, 0xfbff, 0x7c00, 0xfc00, 0x7e00, 0x7c01, 0x3c00, 0xbc00,
    0x4200, 0x3800, 0x3555,
];

/// An f16 operand: mostly moderate magnitudes (2^-8 .. 2^8, where sums and products stay
/// finite and round), a quarter any bit pattern (denormals, infinities, NaN, overflow).
fn half_operand(r: &mut Rng) -> u16 {
    let bits = r.next() as u16;
    if r.next().is_multiple_of(4) { bits } else { bits & 0x83ff | ((7 + r.next() % 17) as u16) << 10 }
}

/// Half precision, scalar: x + y and x * y (v_add_f16, v_mul_f16), and (half)((float)x / 3),
/// which clang turns into an f16 division: v_fma_mixlo_f16 by the f32 reciprocal of 3, then
/// v_div_fixup_f16. Bit for bit: the f32 product x * 0x3eaaaaab is within 2^-24 relative of
/// x / 3, which is never that close to an f16 rounding boundary, so the result is the correctly
/// rounded f16 quotient (and zeros, infinities and NaN go through v_div_fixup's rules, which
/// are IEEE's here).
#[test]
fn half_ops() {
    let mut r = Rng(16);
    let n = 300u32;
    let mut a: Vec<u16> = (0..n).map(|_| half_operand(&mut r)).collect();
    let mut b: Vec<u16> = (0..n).map(|_| half_operand(&mut r)).collect();
    for (k, &e) in F16_EDGES.iter().enumerate() {
        for (j, &f) in F16_EDGES.iter().enumerate() {
            a[16 * k + j] = e;
            b[16 * k + j] = f;
        }
    }
    // Every denormal and small normal numerator for the division.
    for x in &mut a[256..300] {
        *x = (r.next() & 0x87ff) as u16;
    }
    let out = launch(
        "half",
        "half_ops",
        grid(n, 96),
        [96, 1, 1],
        vec![
            ArgSpec::Buf(bytes_u16(&a)),
            ArgSpec::Buf(bytes_u16(&b)),
            ArgSpec::Zeros(6 * u64::from(n)),
            ArgSpec::U32(n),
        ],
    );
    let want: Vec<u16> = (0..n as usize)
        .flat_map(|i| {
            let (x, y) = (f16_to_f64(a[i]), f16_to_f64(b[i]));
            [f64_to_f16(x + y), f64_to_f16(x * y), f64_to_f16(x / 3.0)]
        })
        .collect();
    same_f16("out", &u16s(&out[2]), &want, |e| {
        format!("x {:#06x} y {:#06x}, result {}", a[e / 3], b[e / 3], e % 3)
    });
}

/// f16 rounding, fract and frexp, and the conversions between f16 and 16-bit integers (one
/// VOP1 instruction each: v_floor_f16 ... v_cvt_u16_f16, v_frexp_exp_i16_f16) on every edge
/// case and random operands, against the host's f64 arithmetic: rounding to an integral value,
/// x - floor(x) and frexp are exact there, and each conversion rounds once. The rules the guide
/// adds: fract of an infinity is NaN and a result that rounds to 1.0 is the largest f16 below
/// it; frexp of a zero, infinity or NaN gives the operand and exponent 0; a conversion to an
/// integer truncates and saturates, NaN giving 0.
#[test]
fn half_round() {
    let mut r = Rng(21);
    let n = 400u32;
    let mut a: Vec<u16> = (0..n).map(|_| half_operand(&mut r)).collect();
    let mut k: Vec<u16> = (0..n).map(|_| r.next() as u16).collect();
    for (j, &e) in F16_EDGES.iter().enumerate() {
        a[j] = e;
    }
    // Halves (ties for rndne), tiny negatives (fract rounds to 1.0), the saturation bounds.
    let extra: [u16; 12] =
        [0x3800, 0xb800, 0x3e00, 0x4100, 0xc100, 0x8001, 0x9000, 0x7800, 0xf800, 0x77ff, 0xf7ff, 0x6bff];
    a[16..16 + extra.len()].copy_from_slice(&extra);
    k[..8].copy_from_slice(&[0, 1, 0x7fff, 0x8000, 0xffff, 0xfff0, 2049, 0xffe0]);
    let out = launch(
        "half",
        "half_round",
        grid(n, 96),
        [96, 1, 1],
        vec![
            ArgSpec::Buf(bytes_u16(&a)),
            ArgSpec::Buf(bytes_u16(&k)),
            ArgSpec::Zeros(16 * u64::from(n)),
            ArgSpec::Zeros(8 * u64::from(n)),
            ArgSpec::U32(n),
        ],
    );
    // frexp: (mantissa in [0.5, 1) with x's sign, exponent); x itself and 0 when not finite
    // or zero.
    let frexp = |x: f64| -> (f64, i32) {
        if x == 0.0 || !x.is_finite() {
            return (x, 0);
        }
        let mut e = 0;
        let mut m = x;
        while m.abs() >= 1.0 {
            m /= 2.0;
            e += 1;
        }
        while m.abs() < 0.5 {
            m *= 2.0;
            e -= 1;
        }
        (m, e)
    };
    let to_int = |x: f64, lo: f64, hi: f64| -> u16 {
        if x.is_nan() { 0 } else { x.trunc().clamp(lo, hi) as i64 as u16 }
    };
    let mut want = Vec::new();
    let mut want_i = Vec::new();
    for i in 0..n as usize {
        let x = f16_to_f64(a[i]);
        let fract = match f64_to_f16(if x.is_infinite() { f64::NAN } else { x - x.floor() }) {
            0x3c00 => 0x3bff,
            f => f,
        };
        want.extend([
            f64_to_f16(x.floor()),
            f64_to_f16(x.ceil()),
            f64_to_f16(x.trunc()),
            f64_to_f16(x.round_ties_even()),
            fract,
            f64_to_f16(frexp(x).0),
            f64_to_f16(f64::from(k[i] as i16)),
            f64_to_f16(f64::from(k[i])),
        ]);
        let half = f16_to_f64(f64_to_f16(x * 0.5));
        want_i.extend([
            frexp(x).1 as i16 as u16,
            to_int(x, -32768.0, 32767.0),
            to_int(x, 0.0, 65535.0),
            to_int(half, -32768.0, 32767.0),
        ]);
    }
    same_f16("out", &u16s(&out[2]), &want, |e| {
        format!("x {:#06x} k {:#06x}, result {}", a[e / 8], k[e / 8], e % 8)
    });
    let got_i = u16s(&out[3]);
    for (e, (g, w)) in got_i.iter().zip(&want_i).enumerate() {
        assert_eq!(g, w, "iout element {e} (x {:#06x}, result {})", a[e / 4], e % 4);
    }
}

/// A histogram of bytes (their low 6 bits) built with LDS atomics (ds_add_u32) per workgroup
/// between barriers, merged with global atomics: exact counts. Blocks of 128 over 1000 bytes
/// leave a partial last workgroup; a run of one value contends on one bin.
#[test]
fn histogram() {
    let mut r = Rng(17);
    let n = 1000u32;
    let mut bytes: Vec<u8> = (0..n).map(|_| r.next() as u8).collect();
    bytes[300..400].fill(0x2a);
    let out = launch(
        "lds_atomics",
        "histogram",
        grid(n, 128),
        [128, 1, 1],
        vec![ArgSpec::Buf(bytes.clone()), ArgSpec::Zeros(64 * 4), ArgSpec::U32(n)],
    );
    let mut want = vec![0u32; 64];
    for b in &bytes {
        want[usize::from(b & 63)] += 1;
    }
    same("hist", &u32s(&out[1]), &want);
}

/// LDS atomics: signed min and max of each workgroup's values (ds_min_i32, ds_max_i32 after a
/// wave-level reduction), read after a barrier, and an exchange with return
/// (ds_storexchg_rtn_b32) by the last work-item, which returns the initial -1. Blocks of 80:
/// three waves, the last with 16 lanes.
#[test]
fn lds_minmax() {
    let mut r = Rng(18);
    let (block, groups) = (80u32, 4u32);
    let n = (block * groups) as usize;
    let mut v: Vec<i32> = (0..n).map(|_| r.next() as i32 >> (r.next() % 32)).collect();
    v[5] = i32::MIN;
    v[block as usize + 7] = i32::MAX;
    let out = launch(
        "lds_atomics",
        "lds_minmax",
        [groups, 1, 1],
        [block, 1, 1],
        vec![ArgSpec::Buf(bytes_i32(&v)), ArgSpec::Zeros(12 * u64::from(groups))],
    );
    let want: Vec<i32> = v
        .chunks(block as usize)
        .flat_map(|g| [*g.iter().min().expect("values"), *g.iter().max().expect("values"), -1])
        .collect();
    same("out (min, max, exchanged) per workgroup", &i32s(&out[1]), &want);
}

/// The LDS unit's lane exchanges in a clang-compiled kernel (`lanes.cl`, one wave a
/// workgroup): a wave sum by a butterfly of `ds_bpermute_b32`, a rotation by `ds_permute_b32`,
/// and `ds_swizzle_b32` reversing quads, broadcasting lane 0 of each group of eight, and
/// rotating by one lane.
#[test]
fn lane_exchanges() {
    let mut r = Rng(21);
    let n = 256usize;
    let v: Vec<u32> = (0..n).map(|_| r.next()).collect();
    let out = launch(
        "lanes",
        "lanes",
        grid(n as u32, 32),
        [32, 1, 1],
        vec![ArgSpec::Buf(bytes_u32(&v)), ArgSpec::Zeros(20 * n as u64)],
    );
    let mut want = Vec::new();
    for i in 0..n {
        let (base, l) = (i & !31, i & 31);
        let lane = |j: usize| v[base + (j & 31)];
        want.extend([
            v[base..base + 32].iter().fold(0u32, |a, &x| a.wrapping_add(x)),
            lane(l.wrapping_sub(5)),
            lane(l & !3 | (3 - (l & 3))),
            lane(l & 0x18),
            lane(l + 1),
        ]);
    }
    same("out (sum, permuted, quad-reversed, broadcast, rotated) per work-item", &u32s(&out[1]), &want);
}

/// Stream compaction with `ds_append` (`lanes.cl`): each wave's odd values, in lane order, at
/// consecutive places from a counter in LDS, and each wave's count.
#[test]
fn append_compaction() {
    let mut r = Rng(22);
    let n = 256usize;
    let mut v: Vec<u32> = (0..n).map(|_| r.next()).collect();
    // A wave with no odd value and one with only odd values.
    v[32..64].iter_mut().for_each(|x| *x &= !1);
    v[64..96].iter_mut().for_each(|x| *x |= 1);
    let out = launch(
        "lanes",
        "compact",
        grid(n as u32, 32),
        [32, 1, 1],
        vec![ArgSpec::Buf(bytes_u32(&v)), ArgSpec::Zeros(4 * n as u64), ArgSpec::Zeros(4 * (n / 32) as u64)],
    );
    let mut want = vec![0u32; n];
    let mut counts = Vec::new();
    for (g, wave) in v.chunks(32).enumerate() {
        let odd: Vec<u32> = wave.iter().copied().filter(|x| x & 1 == 1).collect();
        want[32 * g..32 * g + odd.len()].copy_from_slice(&odd);
        counts.push(odd.len() as u32);
    }
    same("out", &u32s(&out[1]), &want);
    same("counts", &u32s(&out[2]), &counts);
}

/// Float atomics in LDS (`lds_float.cl`, one wave a workgroup, so lanes meet in lane order):
/// `ds_add_rtn_f32` into four accumulators (each lane gets the partial sum before its own
/// value, rounded at every step as the lanes add in order), `ds_add_f32` of a wave sum of
/// halves (the compiler's atomic optimizer sums the lanes in order from -0, one lane adds it),
/// `ds_min_f32` with -0 below +0, and `ds_max_f64` on a divergent address (the even and odd
/// lanes' maxima).
#[test]
fn lds_float_atomics() {
    let mut r = Rng(23);
    let n = 128usize;
    let mut v: Vec<f32> = (0..n).map(|_| r.f32_exp(-20, 20)).collect();
    // A wave of signed zeros and positive values only: its minimum is -0, whose sign counts.
    for (k, x) in v[64..96].iter_mut().enumerate() {
        *x = match k % 3 {
            0 => 0.0,
            1 => -0.0,
            _ => x.abs(),
        };
    }
    let out = launch(
        "lds_float",
        "lds_fatomics",
        grid(n as u32, 32),
        [32, 1, 1],
        vec![ArgSpec::Buf(bytes_f32(&v)), ArgSpec::Zeros(4 * n as u64), ArgSpec::Zeros(40 * (n / 32) as u64)],
    );
    let less =
        |a: f32, b: f32| a < b || (a == 0.0 && b == 0.0 && a.is_sign_negative() && b.is_sign_positive());
    let (mut old, mut sums) = (Vec::new(), Vec::new());
    for wave in v.chunks(32) {
        let mut acc = [0.0f32; 4];
        for (l, &x) in wave.iter().enumerate() {
            old.push(acc[l & 3]);
            acc[l & 3] += x;
        }
        let half = wave.iter().fold(-0.0f32, |s, &x| s + 0.5 * x);
        let lo = wave.iter().fold(f32::INFINITY, |m, &x| if less(x, m) { x } else { m });
        let hi = |p: usize| {
            let h = wave.iter().skip(p).step_by(2).fold(f64::NEG_INFINITY, |m, &x| m.max(f64::from(x)));
            [h.to_bits() as u32, (h.to_bits() >> 32) as u32]
        };
        sums.extend(acc.map(f32::to_bits));
        sums.extend([(0.0 + half).to_bits(), lo.to_bits()]);
        sums.extend(hi(0).into_iter().chain(hi(1)));
    }
    let old: Vec<u32> = old.iter().map(|x| x.to_bits()).collect();
    same("old (each lane's accumulator before its add)", &u32s(&out[1]), &old);
    same("out (sums, half sum, min, even and odd lanes' max as F64) per wave", &u32s(&out[2]), &sums);
}

/// F32 atomic adds in global memory (`lds_float.cl`'s `global_fadd`: `global_atomic_add_f32`
/// with GLC): one wave, eight accumulators with random starting values; each lane gets the
/// value before its add, rounded at every step as the lanes add in lane order, and the
/// memory's atomic unit flushes denormal inputs (none here: the values are normal and
/// their sums stay far from the denormal range).
#[test]
fn global_float_atomics() {
    let mut r = Rng(24);
    let v: Vec<f32> = (0..32).map(|_| r.f32_exp(-10, 10)).collect();
    let start: Vec<f32> = (0..8).map(|_| r.f32_exp(-4, 4)).collect();
    let out = launch(
        "lds_float",
        "global_fadd",
        [1, 1, 1],
        [32, 1, 1],
        vec![ArgSpec::Buf(bytes_f32(&v)), ArgSpec::Buf(bytes_f32(&start)), ArgSpec::Zeros(4 * 32)],
    );
    let mut acc = start.clone();
    let mut old = Vec::new();
    for (l, &x) in v.iter().enumerate() {
        old.push(acc[l & 7].to_bits());
        acc[l & 7] += x;
    }
    let acc: Vec<u32> = acc.iter().map(|x| x.to_bits()).collect();
    same("acc", &u32s(&out[1]), &acc);
    same("old (each lane's accumulator before its add)", &u32s(&out[2]), &old);
}

/// Tiled matrix multiply on a 2D grid: 16 x 16 tiles of A and B staged in LDS between
/// barriers, 3 x 3 workgroups of 256 work-items (8 waves each). The kernel accumulates with
/// v_fmac_f32 in k order from 0, so the host does the same fused chain: bit for bit.
#[test]
fn matmul() {
    let mut r = Rng(19);
    let n = 48usize;
    let mut a: Vec<f32> = (0..n * n).map(|_| r.f32(2.0)).collect();
    let b: Vec<f32> = (0..n * n).map(|_| r.f32(2.0)).collect();
    a[5] = 0.0;
    a[77] = f32::from_bits(0x0000_1234);
    a[78] = -1.0e30;
    let t = (n / 16) as u32;
    let out = launch(
        "matmul",
        "matmul",
        [t, t, 1],
        [16, 16, 1],
        vec![
            ArgSpec::Buf(bytes_f32(&a)),
            ArgSpec::Buf(bytes_f32(&b)),
            ArgSpec::Zeros(4 * (n * n) as u64),
            ArgSpec::U32(n as u32),
        ],
    );
    let mut want = vec![0f32; n * n];
    for row in 0..n {
        for col in 0..n {
            want[row * n + col] = (0..n).fold(0.0f32, |s, k| a[row * n + k].mul_add(b[k * n + col], s));
        }
    }
    same_f32("C", &f32s(&out[2]), &want, |i| format!("row {}, column {}", i / n, i % n));
}

/// WMMA through clang's builtins (wmma.cl): four 16x16 tiles, one wave each. The host follows
/// the order the golden model documents (sim/src/golden/valu/wmma.rs): C, then for each pair
/// k = 2s, 2s + 1, `(A[i][k] B[k][j] + A[i][k+1] B[k+1][j]) + acc` in f32 (a product of two
/// f16 is exact in f32), so the F32 form is checked bit for bit; the integer form saturates
/// after each group of four k (v_dot4_i32_iu8 with CLAMP). This checks the register layout
/// against the compiler's, not only against the golden model.
#[test]
fn wmma() {
    let mut r = Rng(41);
    let tiles = 4usize;
    let n = 256 * tiles;
    let mut a: Vec<u16> = (0..n).map(|_| f64_to_f16(f64::from(r.f32(4.0)))).collect();
    let b: Vec<u16> = (0..n).map(|_| f64_to_f16(f64::from(r.f32(4.0)))).collect();
    let c: Vec<f32> = (0..n).map(|_| r.f32(64.0)).collect();
    a[3] = 0x8000;
    a[20] = 0x7bff; // 65504
    a[21] = 0x0001; // the smallest denormal
    let args = |x: Vec<u8>, y: Vec<u8>, z: Vec<u8>| {
        vec![ArgSpec::Buf(x), ArgSpec::Buf(y), ArgSpec::Buf(z), ArgSpec::Zeros(4 * n as u64)]
    };
    let bytes16 = |v: &[u16]| v.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>();
    let out = launch(
        "wmma",
        "wmma_f32_f16",
        [tiles as u32, 1, 1],
        [32, 1, 1],
        args(bytes16(&a), bytes16(&b), bytes_f32(&c)),
    );
    let f = |h: u16| f16_to_f64(h) as f32;
    let mut want = vec![0f32; n];
    for t in (0..n).step_by(256) {
        for i in 0..16 {
            for j in 0..16 {
                let mut acc = c[t + 16 * i + j];
                for k in (0..16).step_by(2) {
                    let p0 = f(a[t + 16 * i + k]) * f(b[t + 16 * k + j]);
                    let p1 = f(a[t + 16 * i + k + 1]) * f(b[t + 16 * (k + 1) + j]);
                    acc += p0 + p1;
                }
                want[t + 16 * i + j] = acc;
            }
        }
    }
    same_f32("D (f32 from f16)", &f32s(&out[3]), &want, |e| {
        format!("tile {}, row {}, column {}", e / 256, e / 16 % 16, e % 16)
    });

    let a8: Vec<u8> = (0..n).map(|_| r.next() as u8).collect();
    let b8: Vec<u8> = (0..n).map(|_| r.next() as u8).collect();
    let mut c32: Vec<i32> = (0..n).map(|_| r.next() as i32 >> (r.next() % 32)).collect();
    // Near the limits, where the steps saturate.
    for e in (0..n).step_by(7) {
        c32[e] = if e % 2 == 0 { i32::MAX - (e as i32 % 5000) } else { i32::MIN + (e as i32 % 5000) };
    }
    let out = launch(
        "wmma",
        "wmma_i32_iu8",
        [tiles as u32, 1, 1],
        [32, 1, 1],
        args(a8.clone(), b8.clone(), bytes_i32(&c32)),
    );
    let mut want = vec![0i32; n];
    for t in (0..n).step_by(256) {
        for i in 0..16 {
            for j in 0..16 {
                let mut acc = i64::from(c32[t + 16 * i + j]);
                for s in 0..4 {
                    for k in 4 * s..4 * s + 4 {
                        acc += i64::from(a8[t + 16 * i + k] as i8) * i64::from(b8[t + 16 * k + j]);
                    }
                    acc = acc.clamp(i64::from(i32::MIN), i64::from(i32::MAX));
                }
                want[t + 16 * i + j] = acc as i32;
            }
        }
    }
    assert_eq!(i32s(&out[3]), want, "D (i32 from iu8, saturating)");
}

/// A sum per workgroup through LDS, halving the active work-items each step with a barrier
/// between steps: exact (wrapping u32). Blocks of 128 over 1000 elements; the last workgroup
/// pads with zeros.
#[test]
fn reduce_sum() {
    let mut r = Rng(20);
    let (n, block) = (1000u32, 128u32);
    let v: Vec<u32> = (0..n).map(|_| r.next()).collect();
    let groups = n.div_ceil(block);
    let out = launch(
        "reduce",
        "reduce_sum",
        [groups, 1, 1],
        [block, 1, 1],
        vec![ArgSpec::Buf(bytes_u32(&v)), ArgSpec::Zeros(4 * u64::from(groups)), ArgSpec::U32(n)],
    );
    let want: Vec<u32> =
        v.chunks(block as usize).map(|c| c.iter().fold(0u32, |s, &x| s.wrapping_add(x))).collect();
    same("partial sums", &u32s(&out[1]), &want);
}

/// The RTL's dispatcher runs as many workgroups at once as the compute unit's wave slots and
/// LDS hold, each launched as soon as they free up: `reduce_sum_dyn` (the sum above, its LDS a
/// `__local` argument that the launch sizes) in twelve blocks of 64 work-items (two waves) on
/// every model, with 256 bytes of LDS a workgroup (the slots limit), 20,000 (three fit the 64
/// KiB) and 40,000 (one at a time). Each run is co-simulated and its partial sums checked by
/// the host; the counters say how many workgroups ran at once.
#[test]
fn workgroups_run_at_once_as_wave_slots_and_lds_allow() {
    if !conformance::require_verilator("workgroups_run_at_once_as_wave_slots_and_lds_allow") {
        return;
    }
    let co = code_object("reduce");
    let mut r = Rng(22);
    let (groups, block) = (12u32, 64u32);
    let n = groups * block - 5;
    let v: Vec<u32> = (0..n).map(|_| r.next()).collect();
    let want: Vec<u32> =
        v.chunks(block as usize).map(|c| c.iter().fold(0u32, |s, &x| s.wrapping_add(x))).collect();
    for lds in [256u32, 20_000, 40_000] {
        let l = Launch {
            grid: [groups, 1, 1],
            block: [block, 1, 1],
            args: vec![
                ArgSpec::Buf(bytes_u32(&v)),
                ArgSpec::Zeros(4 * u64::from(groups)),
                ArgSpec::U32(n),
                ArgSpec::Zeros(u64::from(lds)),
            ],
            max_instructions: 1_000_000,
        };
        let RunResult { buffers, .. } = run(&co, "reduce_sum_dyn", &l).expect("the golden engine runs it");
        assert_eq!(u32s(&buffers[1].1), want, "golden engine, {lds} bytes of LDS");
        for m in sim::rtl::VARIANTS {
            let opts = sim::cosim::Options { latency: (1, 20), model: m.name.into(), ..Default::default() };
            let k = sim::cosim::run_kernel(&co, "reduce_sum_dyn", &l, &opts)
                .unwrap_or_else(|e| panic!("{} with {lds} bytes of LDS: {e}", m.name));
            let (_, sums) = k.buffers.iter().find(|(i, _)| *i == 1).expect("the partial sums");
            same(&format!("{} with {lds} bytes of LDS", m.name), &u32s(sums), &want);
            // At the start as many as the slots and the LDS hold; later a workgroup may start
            // in the slots of two that each have a wave left (so up to one less than the
            // slots), but never beyond the LDS.
            let lds_fit = m.lds_bytes / lds;
            let (least, most) = ((m.num_waves / 2).min(lds_fit), (m.num_waves - 1).min(lds_fit));
            let peak = k.stats.workgroups_peak;
            assert_eq!(k.stats.workgroups, u64::from(groups), "{}", m.name);
            assert!(
                (u64::from(least)..=u64::from(most)).contains(&peak),
                "{} with {lds} bytes of LDS: {peak} workgroups at once, not {least} to {most}",
                m.name
            );
            eprintln!(
                "{} with {lds} bytes of LDS: {} cycles, {peak} workgroups at once",
                m.name, k.stats.cycles
            );
        }
    }
}

/// Inclusive prefix sums within each workgroup (Hillis-Steele, two LDS buffers, a barrier
/// per step): exact. Blocks of 200 work-items: seven waves, the last with 8 lanes, and a block
/// size that is not a power of two.
#[test]
fn scan_inclusive() {
    // Also in blocks of 100 (four waves, the last with 4 lanes), which the RTL model holds.
    for (block, groups) in [(200u32, 3u32), (100, 4)] {
        scan_in_blocks(block, groups);
    }
}

fn scan_in_blocks(block: u32, groups: u32) {
    let mut r = Rng(21);
    let v: Vec<i32> = (0..block * groups).map(|_| (r.next() % 2_000_001) as i32 - 1_000_000).collect();
    let out = launch(
        "scan",
        "scan_inclusive",
        [groups, 1, 1],
        [block, 1, 1],
        vec![ArgSpec::Buf(bytes_i32(&v)), ArgSpec::Zeros(4 * u64::from(block * groups))],
    );
    let want: Vec<i32> = v
        .chunks(block as usize)
        .flat_map(|c| {
            c.iter().scan(0i32, |s, &x| {
                *s += x;
                Some(*s)
            })
        })
        .collect();
    same("prefix sums", &i32s(&out[1]), &want);
}

/// Square-root operands: random magnitudes over the whole exponent range, denormals, and the
/// special values (negative ones give NaN).
fn sqrt_operands_f32(r: &mut Rng, n: u32) -> Vec<f32> {
    let mut a: Vec<f32> = (0..n).map(|_| r.f32_exp(-126, 127).abs()).collect();
    for (i, &e) in F32_EDGES.iter().enumerate() {
        a[i] = f32::from_bits(e);
    }
    for x in &mut a[16..40] {
        *x = f32::from_bits(r.next() & 0x007f_ffff);
    }
    a[40] = 4.0;
    a[41] = 2.0;
    a[42] = -1.0e-40;
    a
}

/// f32 square root as clang compiles OpenCL's sqrt by default: v_sqrt_f32, with inputs below
/// 2^-126 scaled by 2^32 first (the instruction flushes denormals) and the result by 2^-16.
/// The guide documents v_sqrt_f32 as 1 ulp and the scalings are exact, so: within 1 ulp of the
/// exact root for positive finite inputs; exact for zeros (sqrt(-0) = -0), +inf, negative
/// numbers and NaN (NaN).
#[test]
fn sqrt_f32_within_1_ulp() {
    let mut r = Rng(22);
    let n = MANY;
    let a = sqrt_operands_f32(&mut r, n);
    let out = launch(
        "sqrt",
        "sqrt_f32",
        grid(n, 64),
        [64, 1, 1],
        vec![ArgSpec::Buf(bytes_f32(&a)), ArgSpec::Zeros(4 * u64::from(n)), ArgSpec::U32(n)],
    );
    let got = f32s(&out[1]);
    for i in 0..n as usize {
        let (x, g) = (a[i], got[i]);
        if x > 0.0 && x.is_finite() {
            let exact = f64::from(x).sqrt();
            let err = ulp_err32(g, exact);
            assert!(err <= 1.0, "element {i}: sqrt({x:e}): got {g:e}, exact {exact:e}: {err} ulp");
        } else {
            same_f32("sqrt", &[g], &[x.sqrt()], |_| format!("element {i}: sqrt({x:e})"));
        }
    }
}

/// f32 square root compiled with -cl-fp32-correctly-rounded-divide-sqrt: v_sqrt_f32 then a
/// correction by one ulp either way, decided by fma residuals: bit for bit IEEE sqrt.
#[test]
fn sqrt_f32_correctly_rounded() {
    let mut r = Rng(23);
    let n = MANY;
    let a = sqrt_operands_f32(&mut r, n);
    let out = launch(
        "correctly_rounded",
        "sqrt_f32_cr",
        grid(n, 64),
        [64, 1, 1],
        vec![ArgSpec::Buf(bytes_f32(&a)), ArgSpec::Zeros(4 * u64::from(n)), ArgSpec::U32(n)],
    );
    let want: Vec<f32> = a.iter().map(|x| x.sqrt()).collect();
    same_f32("sqrt", &f32s(&out[1]), &want, |i| format!("sqrt({:e})", a[i]));
}

/// f64 square root: v_rsq_f64 (2^29 ulp, the guide says) refined by Newton steps with
/// v_fma_f64, inputs below 2^-767 scaled by 2^256: correctly rounded, so bit for bit IEEE
/// sqrt over the whole range, denormals and specials included.
#[test]
fn sqrt_f64() {
    let mut r = Rng(24);
    let n = MANY;
    let mut a: Vec<f64> = (0..n).map(|_| r.f64_exp(-1022, 1023).abs()).collect();
    for (i, &e) in F64_EDGES.iter().enumerate() {
        a[i] = f64::from_bits(e);
    }
    for x in &mut a[16..40] {
        *x = f64::from_bits(r.u64() & 0x000f_ffff_ffff_ffff);
    }
    a[40] = 4.0;
    a[41] = 2.0;
    // Squares of doubles, whose roots are exact.
    for x in &mut a[42..50] {
        let s = r.f64_exp(-500, 500).abs();
        *x = s * s;
    }
    let out = launch(
        "sqrt",
        "sqrt_f64",
        grid(n, 64),
        [64, 1, 1],
        vec![ArgSpec::Buf(bytes_f64(&a)), ArgSpec::Zeros(8 * u64::from(n)), ArgSpec::U32(n)],
    );
    let want: Vec<f64> = a.iter().map(|x| x.sqrt()).collect();
    same_f64("sqrt", &f64s(&out[1]), &want, |i| format!("sqrt({:e})", a[i]));
}

/// A 3D launch whose extent (17 x 10 x 5 work-items) is not a multiple of the workgroup
/// (6 x 4 x 3, 72 work-items: three waves, the last with 8 lanes) in any dimension: 3 x 3 x 2
/// workgroups, each work-item bounds-checked in x, y and z. Every work-item inside records its
/// local IDs (packed in v0), its workgroup IDs (three system SGPRs) and, from the HSA
/// dispatch packet, the workgroup size and the grid size in work-items; every element of the
/// output is written by exactly the work-item it belongs to.
#[test]
fn grid_3d_with_partial_workgroups() {
    let (w, h, d) = (17u32, 10u32, 5u32);
    let block = [6u32, 4, 3];
    let groups = [w.div_ceil(block[0]), h.div_ceil(block[1]), d.div_ceil(block[2])];
    assert_eq!(groups, [3, 3, 2]);
    let out = launch(
        "grid3d",
        "grid3d",
        groups,
        block,
        vec![ArgSpec::Zeros(16 * u64::from(w * h * d)), ArgSpec::U32(w), ArgSpec::U32(h), ArgSpec::U32(d)],
    );
    let pack = |v: [u32; 3]| v[0] | v[1] << 10 | v[2] << 20;
    let grid_items = [0, 1, 2].map(|k| groups[k] * block[k]);
    let mut want = Vec::new();
    for z in 0..d {
        for y in 0..h {
            for x in 0..w {
                let g = [x, y, z];
                want.extend([
                    pack([0, 1, 2].map(|k| g[k] % block[k])),
                    pack([0, 1, 2].map(|k| g[k] / block[k])),
                    pack(block),
                    grid_items[0] ^ grid_items[1] << 10 ^ grid_items[2] << 20,
                ]);
            }
        }
    }
    same("ids (local, group, group size, grid size)", &u32s(&out[0]), &want);
}

/// A kernel that reads past its buffer stops with a fault that says where: the workgroup and
/// wave, the PC and the instruction's text. vadd with n beyond its 200-element buffers: the
/// first access out of bounds is the load of a[200] by workgroup 3's first wave (workgroups
/// run in order; work-items 192..223).
#[test]
fn out_of_bounds_access_faults_with_wave_pc_and_instruction() {
    let co = code_object("vadd");
    let entry = co.kernel("vadd").expect("vadd").entry;
    let l = Launch {
        grid: [20, 1, 1],
        block: [64, 1, 1],
        args: vec![
            ArgSpec::Zeros(4 * 200),
            ArgSpec::Zeros(4 * 200),
            ArgSpec::Zeros(4 * 200),
            ArgSpec::U32(1200),
        ],
        max_instructions: 1_000_000,
    };
    let err = run(&co, "vadd", &l).expect_err("reads past the buffers");
    let text = err.to_string();
    let sim::launch::RunError::Fault { wave, pc, text: inst, fault } = err else {
        panic!("not a fault: {text}");
    };
    assert_eq!((wave.group, wave.wave), ([3, 0, 0], 0), "{text}");
    assert!(inst.starts_with("global_load_b32 "), "{text}");
    assert!((entry..entry + 0x100).contains(&pc), "pc {pc:#x} outside vadd: {text}");
    assert!(matches!(fault, sim::golden::Fault::Memory { pc: p, .. } if p == pc), "{fault:?}");
    assert!(text.contains("workgroup (3, 0, 0) wave 0") && text.contains(&format!("{pc:#x}")), "{text}");
    // The RTL reports the same load of the same workgroup (its waves 0 and 1 both fault there;
    // the first in time is reported), co-simulated and alone, and launches nothing after it.
    if !conformance::require_verilator("out_of_bounds_access_faults_with_wave_pc_and_instruction") {
        return;
    }
    for rtl_only in [false, true] {
        let opts = sim::cosim::Options { latency: (1, 20), rtl_only, ..Default::default() };
        let err = sim::cosim::run_kernel(&co, "vadd", &l, &opts).expect_err("reads past the buffers");
        let text = err.to_string();
        let sim::cosim::KernelError::Fault { group, fault, .. } = err else {
            panic!("not a fault: {text}");
        };
        assert_eq!(group, [3, 0, 0], "{text}");
        assert!(matches!(fault, sim::golden::Fault::Memory { pc: p, .. } if p == pc), "{fault:?}: {text}");
        assert!(text.starts_with("workgroup (3, 0, 0) wave "), "{text}");
    }
}

/// A runaway kernel stops at the instruction limit with the same report: collatz of 0 loops
/// until the kernel's cap of 1000 steps (some 25,000 instructions), well past a limit of 5000.
#[test]
fn instruction_limit_faults_with_wave_pc_and_instruction() {
    let co = code_object("collatz");
    let l = Launch {
        grid: [1, 1, 1],
        block: [32, 1, 1],
        args: vec![ArgSpec::Zeros(4 * 32), ArgSpec::Zeros(4 * 32), ArgSpec::U32(32)],
        max_instructions: 5000,
    };
    let err = run(&co, "collatz", &l).expect_err("runs past the limit");
    let text = err.to_string();
    let sim::launch::RunError::Fault { wave, pc, text: inst, fault } = err else {
        panic!("not a fault: {text}");
    };
    assert_eq!((wave.group, wave.wave), ([0, 0, 0], 0), "{text}");
    assert!(matches!(fault, sim::golden::Fault::Limit { pc: p, limit: 5000 } if p == pc), "{fault:?}");
    assert!(!inst.is_empty() && text.contains(&inst) && text.contains("limit of 5000"), "{text}");
}

/// A store out of bounds says it is a write: vadd with c shorter than a and b faults on the
/// store of c[32] by the second wave.
#[test]
fn out_of_bounds_store_says_write() {
    let co = code_object("vadd");
    let l = Launch {
        grid: [2, 1, 1],
        block: [32, 1, 1],
        args: vec![ArgSpec::Zeros(4 * 64), ArgSpec::Zeros(4 * 64), ArgSpec::Zeros(4 * 32), ArgSpec::U32(64)],
        max_instructions: 10_000,
    };
    let text = run(&co, "vadd", &l).expect_err("stores past c").to_string();
    assert!(text.contains("global_store_b32") && text.contains("write of 4 bytes"), "{text}");
    assert!(!text.contains("read of"), "{text}");
}

/// Private memory: clang puts arrays indexed by run-time values in the wave's scratch segment
/// (`.private_segment_fixed_size` 196 and 388 bytes), so these run `scratch_store_b128`,
/// `scratch_load_b32` with a VGPR, with an SGPR (SADDR) and with a negative offset,
/// `scratch_load_u8`/`u16` and `scratch_store_b8`/`b16` on the lanes' swizzled private
/// segments (guide 11.2). `private_sort` insertion-sorts 45 values a work-item in a private
/// array of 48; `private_bytes` counts byte values in a private `uchar[256]` and mixes a
/// private `ushort[64]`. Work-groups of 64 with a partial last wave.
#[test]
fn private_arrays() {
    const LEN: usize = 48;
    let mut r = Rng(13);
    let (n, m) = (100u32, 45usize);
    let a: Vec<u32> = (0..n as usize * LEN).map(|_| r.next() % 1000).collect();
    let out = launch(
        "private",
        "private_sort",
        grid(n, 64),
        [64, 1, 1],
        vec![
            ArgSpec::Buf(bytes_u32(&a)),
            ArgSpec::Zeros(4 * (LEN as u64) * u64::from(n)),
            ArgSpec::Zeros(4 * u64::from(n)),
            ArgSpec::U32(n),
            ArgSpec::U32(m as u32),
        ],
    );
    let mut sorted = vec![0u32; n as usize * LEN];
    let mut picked = vec![0u32; n as usize];
    for i in 0..n as usize {
        let mut s = a[LEN * i..LEN * i + m].to_vec();
        s.sort_unstable();
        picked[i] = s[a[LEN * i] as usize % m];
        sorted[LEN * i..LEN * i + m].copy_from_slice(&s);
    }
    same("sorted", &u32s(&out[1]), &sorted);
    same("picked", &u32s(&out[2]), &picked);

    let w = 5usize;
    let v: Vec<u32> = (0..n as usize * w).map(|k| if k % 7 == 0 { 0x4141_4141 } else { r.next() }).collect();
    let out = launch(
        "private",
        "private_bytes",
        grid(n, 64),
        [64, 1, 1],
        vec![
            ArgSpec::Buf(bytes_u32(&v)),
            ArgSpec::Zeros(4 * u64::from(n)),
            ArgSpec::U32(n),
            ArgSpec::U32(w as u32),
        ],
    );
    let want: Vec<u32> = (0..n as usize)
        .map(|i| {
            let mut count = [0u8; 256];
            let mut run: [u16; 64] = std::array::from_fn(|k| k as u16);
            for k in 0..w {
                let x = v[w * i + k];
                for s in (0..32).step_by(8) {
                    let b = (x >> s) as usize & 255;
                    count[b] = count[b].wrapping_add(1);
                    run[b & 63] = run[b & 63].wrapping_mul(3).wrapping_add((s + k) as u16);
                }
            }
            (0..256).fold(0u32, |h, k| {
                h.wrapping_mul(31).wrapping_add(u32::from(count[k])).wrapping_add(u32::from(run[k & 63]) << 8)
            })
        })
        .collect();
    same("hashes", &u32s(&out[1]), &want);
}

/// The host's `mix` of generic.cl: a hash of `p`'s dwords, read as dwords, bytes and shorts.
fn generic_mix(p: &[u32]) -> u32 {
    let bytes: Vec<u8> = p.iter().flat_map(|v| v.to_le_bytes()).collect();
    (0..p.len()).fold(0u32, |h, k| {
        let s = u32::from(u16::from_le_bytes([bytes[2 * k], bytes[2 * k + 1]]));
        h.wrapping_mul(33).wrapping_add(p[k]).wrapping_add(u32::from(bytes[3 * k + 1])).wrapping_add(s << 4)
    })
}

/// Generic pointers (generic.cl): FLAT loads, stores and a returning atomic whose lanes address
/// global memory, the workgroup's LDS and their private segments, through called functions.
#[test]
fn generic_pointers() {
    const PRIV: usize = 16;
    let mut r = Rng(15);
    let n = 256u32;
    let a: Vec<u32> = (0..n).map(|_| r.next()).collect();
    let out = launch(
        "generic",
        "generic_ptrs",
        grid(n, 64),
        [64, 1, 1],
        vec![
            ArgSpec::Buf(bytes_u32(&a)),
            ArgSpec::Buf(bytes_u32(&a)),
            ArgSpec::Zeros(4 * u64::from(n)),
            ArgSpec::U32(n),
        ],
    );
    let n = n as usize;
    let mut g = a.clone();
    let mut want = vec![0u32; n];
    for base in (0..n).step_by(64) {
        let mut l: Vec<u32> = (0..64).map(|t| a[base + t].wrapping_add(7)).collect();
        let mut privs: Vec<Vec<u32>> =
            (0..64).map(|t| (0..PRIV).map(|k| a[(base + t + k) % n] ^ k as u32).collect()).collect();
        let bump = |p: &mut u32, v: u32| {
            let old = *p;
            *p = old.wrapping_mul(3).wrapping_add(v);
            old
        };
        let mut rs = vec![0u32; 64];
        // Before the second barrier: each item's own g[i], l[t ^ 1], priv[in[i] % 16].
        for t in 0..64 {
            let i = base + t;
            let mut r = bump(&mut g[i], t as u32);
            r = r.wrapping_add(bump(&mut l[t ^ 1], i as u32));
            let k = a[i] as usize % PRIV;
            r = r.wrapping_add(bump(&mut privs[t][k], r));
            rs[t] = r;
        }
        // The pointer each item picks.
        for t in 0..64 {
            let i = base + t;
            let p = match i % 3 {
                0 => &mut g[i],
                1 => &mut l[t],
                _ => &mut privs[t][i % PRIV],
            };
            rs[t] = rs[t].wrapping_add(bump(p, i as u32));
        }
        for t in 0..64 {
            let r = rs[t].wrapping_add(generic_mix(&privs[t])).wrapping_add(generic_mix(&l[..8]));
            want[base + t] = r.wrapping_add(l[t]).wrapping_add(privs[t][(r >> 3) as usize % PRIV]);
        }
    }
    same("global values", &u32s(&out[1]), &g);
    same("results", &u32s(&out[2]), &want);

    let n = 192u32;
    let (out, rtl) = launch_both(
        "generic",
        "generic_atomics",
        grid(n, 64),
        [64, 1, 1],
        vec![ArgSpec::Zeros(4 * 32), ArgSpec::Zeros(4 * u64::from(n))],
    );
    for (engine, out) in std::iter::once(("golden", out)).chain(rtl) {
        let counts = u32s(&out[0]);
        let old = u32s(&out[1]);
        // Each address's returns are the running sums of its adds in some order: sorted by
        // (old value, addend), each is the one before plus that one's addend.
        let mut totals = [0u32; 32];
        // LDS (even slots): a chain per workgroup, whose total goes to counts[16 + slot].
        for group in 0..n / 64 {
            for slot in (0..16u32).step_by(2) {
                let mut chain: Vec<(u32, u32)> = (group * 64..group * 64 + 64)
                    .filter(|i| i % 16 == slot)
                    .map(|i| (old[i as usize], i))
                    .collect();
                chain.sort_unstable();
                let mut sum = 0;
                for &(o, i) in &chain {
                    assert_eq!(o, sum, "{engine}: item {i}'s LDS atomic returned {o}, the chain needs {sum}");
                    sum += i;
                }
                totals[16 + slot as usize] += sum;
            }
        }
        // Global memory (odd slots): one chain across the workgroups.
        for slot in (1..16u32).step_by(2) {
            let mut chain: Vec<(u32, u32)> =
                (0..n).filter(|i| i % 16 == slot).map(|i| (old[i as usize], i)).collect();
            chain.sort_unstable();
            let mut sum = 0;
            for &(o, i) in &chain {
                assert_eq!(o, sum, "{engine}: item {i}'s global atomic returned {o}, the chain needs {sum}");
                sum += i;
            }
            totals[slot as usize] = sum;
        }
        same(&format!("{engine}: counters"), &counts, &totals);
    }
}
