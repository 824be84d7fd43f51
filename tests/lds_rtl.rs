//! The LDS and its bank-conflict arbiter (`rtl/cu_lds.sv`, as checked in) against a reference
//! written here from the rule the module implements (issue 10): each bank serves one dword a
//! cycle; slots that read one dword share the read; stores to one dword are merged byte by
//! byte with the highest slot winning; a request takes as many cycles as the most distinct
//! dwords any one bank must serve, and answers two cycles after the last.
//!
//! The Verilator testbench `tests/rtl/tb_cu_lds.cpp` first fills the whole LDS with stores,
//! then runs random requests of every conflict pattern: broadcasts (every slot one dword),
//! strides of 1 to 65 dwords (the bank count and one more among them), every slot in one bank,
//! a small window (many shared dwords), 64-bit and 128-bit lane shapes (a lane's dwords
//! side by side), and addresses anywhere; with every slot, none, one, or a random subset in
//! use, and random byte enables. Three configurations: the default (64 KiB, 32 banks, 32
//! slots), 4 KiB in 8 banks with 16 slots, and 1 KiB in 2 banks with 8 slots. (64 banks by
//! 32 slots took over 8 minutes of C++ compilation: too long for every CI run; the lint test
//! covers 64 banks.)
//! `RDNA3_LDS_REQUESTS=N` changes the number of random requests (default 3,000 a
//! configuration), `RDNA3_FUZZ_SEED=S` the seed. Needs Verilator.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use conformance::env_u64;
use conformance::testbench as tb;
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};

#[derive(Clone, Copy, Debug)]
struct Cfg {
    lds_bytes: u32,
    banks: u32,
    slots: usize,
}

#[derive(Clone, Debug)]
struct Request {
    we: bool,
    /// (in use, dword address, byte enables, data) per slot.
    slots: Vec<(bool, u32, u8, u32)>,
}

/// What the module must answer: the cycles the banks serve, the load data.
struct Answer {
    cycles: u32,
    data: Vec<u32>,
}

/// The reference: the LDS as bytes, and the cycle rule.
fn reference(lds: &mut [u8], banks: u32, r: &Request) -> Answer {
    let mut rows: Vec<Vec<u32>> = vec![Vec::new(); banks as usize];
    for &(on, a, _, _) in &r.slots {
        let bank = &mut rows[(a % banks) as usize];
        if on && !bank.contains(&a) {
            bank.push(a);
        }
    }
    let cycles = rows.iter().map(Vec::len).max().unwrap_or(0) as u32;
    let mut data = vec![0; r.slots.len()];
    for (s, &(on, a, be, d)) in r.slots.iter().enumerate() {
        if !on {
            continue;
        }
        let at = 4 * a as usize;
        if r.we {
            for k in 0..4 {
                if be >> k & 1 == 1 {
                    lds[at + k] = (d >> (8 * k)) as u8;
                }
            }
        } else {
            data[s] = u32::from_le_bytes([lds[at], lds[at + 1], lds[at + 2], lds[at + 3]]);
        }
    }
    Answer { cycles, data }
}

/// Random requests of the patterns the module doc names.
fn random_request(rng: &mut SmallRng, cfg: Cfg) -> Request {
    let dwords = cfg.lds_bytes / 4;
    let we = rng.random_bool(0.5);
    let base = rng.random_range(0..dwords);
    let pattern = rng.random_range(0..7u32);
    let stride = [1, 2, 3, 4, 8, 16, 17, 31, 32, 33, 64, 65][rng.random_range(0..12usize)];
    let window = rng.random_range(1..=64u32);
    let lane_dwords = [2u32, 4][rng.random_range(0..2usize)];
    let use_mode = rng.random_range(0..8u32);
    let one = rng.random_range(0..cfg.slots);
    let slots = (0..cfg.slots)
        .map(|s| {
            let s32 = s as u32;
            let a = match pattern {
                0 => base,
                1 => base + s32 * stride,
                2 => base + s32 * cfg.banks * rng.random_range(1..4u32),
                3 => base + rng.random_range(0..window),
                4 => base + (s32 / lane_dwords) * lane_dwords * stride + s32 % lane_dwords,
                5 => base + (s32 % lane_dwords) * cfg.banks + s32 / lane_dwords,
                _ => rng.random_range(0..dwords),
            } % dwords;
            let on = match use_mode {
                0 => false,
                1 => s == one,
                2 | 3 => rng.random_bool(0.5),
                4 => rng.random_bool(0.1),
                _ => true,
            };
            let be = if rng.random_bool(0.6) { 0xf } else { rng.random_range(0..16u8) };
            (on, a, be, rng.random())
        })
        .collect();
    Request { we, slots }
}

/// Builds the testbench for `cfg` (the parameters through -G) in `dir`.
fn build(dir: &Path, cfg: Cfg) -> PathBuf {
    // The generated C++ unoptimised: it compiles in a minute, where -Os took several on two
    // cores, and runs the few thousand requests fast enough.
    let mut flags =
        ["-O1", "--x-assign", "unique", "--x-initial", "unique", "-MAKEFLAGS", "OPT_FAST=-O0 OPT_SLOW=-O0"]
            .map(String::from)
            .to_vec();
    flags.extend([
        format!("-GLdsBytes={}", cfg.lds_bytes),
        format!("-GBanks={}", cfg.banks),
        format!("-GSlots={}", cfg.slots),
    ]);
    tb::verilate(&dir.join("obj"), "cu_lds", &flags, &[tb::rtl("cu_lds.sv"), tb::tb("tb_cu_lds.cpp")])
}

fn run(cfg: Cfg, seed: u64, n: usize) {
    let name = format!("lds_rtl-{}-{}-{}", cfg.lds_bytes, cfg.banks, cfg.slots);
    let dir = conformance::fresh_dir(env!("CARGO_TARGET_TMPDIR"), &name);
    let exe = build(&dir, cfg);

    // Fill every dword, then the random requests.
    let dwords = cfg.lds_bytes / 4;
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut reqs: Vec<Request> = (0..dwords.div_ceil(cfg.slots as u32))
        .map(|i| Request {
            we: true,
            slots: (0..cfg.slots as u32)
                .map(|s| {
                    let a = i * cfg.slots as u32 + s;
                    (a < dwords, a % dwords, 0xf, a.wrapping_mul(0x9e37_79b9) ^ 0x5a5a_0000)
                })
                .collect(),
        })
        .collect();
    let fill = reqs.len();
    reqs.extend((0..n).map(|_| random_request(&mut rng, cfg)));

    let mut src = String::new();
    for r in &reqs {
        src.push(if r.we { 'W' } else { 'R' });
        for &(on, a, be, d) in &r.slots {
            let _ = write!(src, " {} {a:x} {be:x} {d:x}", u8::from(on));
        }
        src.push('\n');
    }
    let (req_file, ans_file) = (dir.join("requests.txt"), dir.join("answers.txt"));
    std::fs::write(&req_file, src).unwrap_or_else(|e| panic!("{}: {e}", req_file.display()));
    let addr_bits = dwords.trailing_zeros();
    let args = [
        req_file.as_os_str().to_owned(),
        ans_file.clone().into(),
        cfg.slots.to_string().into(),
        addr_bits.to_string().into(),
    ];
    tb::run(&exe, &args, "DONE tb_cu_lds", &format!("the LDS testbench failed ({cfg:?})"));
    let answers =
        std::fs::read_to_string(&ans_file).unwrap_or_else(|e| panic!("{}: {e}", ans_file.display()));
    let lines: Vec<&str> = answers.lines().collect();
    assert_eq!(
        lines.len(),
        reqs.len(),
        "{cfg:?}: the testbench answered {} of {} requests",
        lines.len(),
        reqs.len()
    );

    let mut lds = vec![0u8; cfg.lds_bytes as usize];
    let mut conflicts = [0usize; 3]; // requests served in 1 cycle, 2-4, more
    for (i, (r, line)) in reqs.iter().zip(&lines).enumerate() {
        let want = reference(&mut lds, cfg.banks, r);
        let v: Vec<u64> = line
            .split_whitespace()
            .enumerate()
            .map(|(k, x)| {
                if k < 2 { x.parse() } else { u64::from_str_radix(x, 16) }.expect("testbench output")
            })
            .collect();
        assert_eq!(v.len(), 2 + cfg.slots, "{cfg:?}: answer line `{line}`");
        let what = || {
            let on: Vec<String> = r
                .slots
                .iter()
                .enumerate()
                .filter(|(_, s)| s.0)
                .map(|(k, s)| format!("{k}:{:#x}/{:x}", s.1, s.2))
                .collect();
            format!(
                "{cfg:?}, seed {seed}, request {i} ({}, {} after the fill), slots in use (slot:dword/bytes): {}",
                if r.we { "stores" } else { "loads" },
                i.saturating_sub(fill),
                on.join(" ")
            )
        };
        assert_eq!(v[0], u64::from(want.cycles), "cycles served: {}", what());
        assert_eq!(v[1], u64::from(want.cycles) + 2, "cycles to the answer: {}", what());
        for (s, (&got, &exp)) in v[2..].iter().zip(&want.data).enumerate() {
            assert_eq!(got, u64::from(exp), "slot {s}'s load data: {}", what());
        }
        if i >= fill {
            conflicts[match want.cycles {
                0 | 1 => 0,
                2..=4 => 1,
                _ => 2,
            }] += 1;
        }
    }
    eprintln!(
        "{cfg:?}: {n} random requests agree (served in one cycle: {}, 2-4 cycles: {}, more: {})",
        conflicts[0], conflicts[1], conflicts[2]
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_lds_serves_every_conflict_pattern_as_the_rule_says() {
    if !conformance::require_verilator("lds_rtl") {
        return;
    }
    let n = env_u64("RDNA3_LDS_REQUESTS", 3000) as usize;
    let seed = env_u64("RDNA3_FUZZ_SEED", 0x1d5);
    let default = hdl_gen::sv::Config::default();
    let configs = [
        Cfg { lds_bytes: default.lds_bytes, banks: default.lds_banks, slots: 32 },
        Cfg { lds_bytes: 4096, banks: 8, slots: 16 },
        Cfg { lds_bytes: 1024, banks: 2, slots: 8 },
    ];
    for cfg in configs {
        run(cfg, seed, n);
    }
}
