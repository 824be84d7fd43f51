//! The kernel suite (tests/kernels): OpenCL C compiled by clang-19 for gfx1100, run unchanged
//! from their code objects on the golden engine, every result checked against the same
//! computation done here on the host. Integer and exactly rounded float results must match bit
//! for bit; the hardware's approximations (`v_rcp`, `v_rsq`, `v_sin`, `v_exp`) must be within
//! the 1 ULP the guide documents.

use sim::dispatch::{ArgSpec, Launch, RunResult, run};
use sim::loader::load;

fn code_object(name: &str) -> sim::loader::CodeObject {
    let path = format!("{}/kernels/bin/{name}.hsaco", env!("CARGO_MANIFEST_DIR"));
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    load(&bytes, 0x10_0000).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Runs `kernel` of `file` and returns each buffer argument's final bytes by argument index.
fn launch(file: &str, kernel: &str, grid: [u32; 3], block: [u32; 3], args: Vec<ArgSpec>) -> Vec<Vec<u8>> {
    let co = code_object(file);
    let n = args.len();
    let l = Launch { grid, block, args, max_instructions: 50_000_000 };
    let RunResult { buffers, .. } = run(&co, kernel, &l).unwrap_or_else(|e| panic!("{kernel}: {e}"));
    let mut out = vec![Vec::new(); n];
    for (i, b) in buffers {
        out[i] = b;
    }
    out
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
