//! The DS unit (`rtl/cu_ds.sv` with `rtl/cu_lds.sv`, as checked in) against the golden model
//! (issue 10): random DS instructions of every row the unit executes (loads and stores of 1
//! to 16 bytes, d16 halves, sign extension, the addtid forms, the two-address forms with and
//! without stride64, `ds_nop`, the integer atomics of 4 and 8 bytes with and without return,
//! the float atomics, `ds_condxchg32_rtn_b64`, append and consume, swizzle and the
//! permutes), each
//! word through the generated decoder, with random offsets (and a sweep of the swizzle
//! patterns: every FFT mask, rotation and quad permute), M0, MODE (the float atomics' denormal
//! bits, and rounding bits they must ignore), EXEC
//! (all, partial, none) and lane addresses of every kind: consecutive elements, one address
//! for all lanes, strides that put every lane in one bank, unaligned elements, random ones,
//! and addresses past the allocation (the memory-violation fault and its lane). The golden
//! model executes the same instruction on the same registers and LDS; the test compares the
//! fault, every loaded dword (a d16 load's half, an atomic's pre-op value), and, by loading
//! the whole allocation back at the end, every byte stored. It also checks the cycles against
//! the lane-group rule of `cu_ds` (per group of lanes, the most distinct dwords one bank
//! serves; atomics in rounds of lanes on distinct dwords), `sim::ds_timing`, computed from
//! the lanes' addresses. Atomics get addresses that many lanes share (a few dwords, as a
//! histogram's), and small data half of the time, so that compare-stores match and the
//! increments wrap; the float atomics get mostly edge values (zeros, denormals, infinities,
//! quiet and signalling NaNs).
//!
//! Three allocations (64 KiB from dword 0, 8 KiB from dword 0x1000, 1 KiB at the top of the
//! LDS), each first filled by 16-byte stores (random dwords, small ones, or F32 edge values).
//! `RDNA3_DS_CASES=N` changes the number of random instructions per allocation (default
//! 1,500), `RDNA3_FUZZ_SEED=S` the seed. Needs Verilator.

use std::fmt::Write as _;

use conformance::testbench as tb;
use conformance::{F32_EDGES, F64_EDGES, env_u64};
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use rdna3_isa::{Field, Half, Inst, InstDef, table};
use sim::ds_timing::{Access, Lds, Shape, timing};
use sim::golden::memory::Memory;
use sim::golden::{Code, Env, Fault, Outcome, Program, Wave, step_in};

/// Registers the instructions name: ADDR, DATA0, DATA1 and VDST.
const ADDR: u32 = 0;
const DATA0: u32 = 4;
const DATA1: u32 = 8;
const VDST: u32 = 12;
/// LDS banks and dwords of the tested configuration (the default).
const BANKS: u32 = 32;
const LDS_DWORDS: u32 = 16384;

/// One DS instruction with its lanes' registers.
#[derive(Clone)]
struct Case {
    def: &'static InstDef,
    words: [u32; 4],
    offsets: [u32; 2],
    exec: u32,
    addr: [u32; 32],
    data0: [[u32; 4]; 32],
    data1: [[u32; 2]; 32],
    m0: u32,
    /// MODE (its FP_DENORM bits rule the float atomics; the rounding bits must not).
    mode: u32,
}

/// What the row does, from the table's access column.
fn shape(d: &InstDef) -> Shape {
    Shape::of(d).unwrap_or_else(|| panic!("{}: access {:?} is not one cu_ds executes", d.name, d.access))
}

/// The instruction's lanes as the timing rule (`sim::ds_timing`) takes them.
fn access(c: &Case) -> Access<'_> {
    Access { shape: shape(c.def), offsets: c.offsets, exec: c.exec, addr: &c.addr, m0: c.m0 }
}

/// The byte address of element `j` of lane `l`.
fn element(c: &Case, l: usize, j: usize) -> u32 {
    access(c).element(l, j)
}

fn has(def: &InstDef, f: Field) -> bool {
    def.operands.iter().any(|o| o.field == f)
}

fn build(def: &'static InstDef, offsets: [u32; 2]) -> [u32; 4] {
    let has = |f: Field| has(def, f);
    let mut fields = Vec::new();
    for (f, r) in [
        (Field::Addr, ADDR),
        (Field::Data0, DATA0),
        (Field::Data1, DATA1),
        (Field::Vdst, VDST),
        (Field::Offset0, offsets[0]),
        (Field::Offset1, offsets[1]),
    ] {
        if has(f) {
            fields.push((f, r));
        }
    }
    let enc = Inst::build(def, &fields, None).encode();
    let mut w = [0u32; 4];
    w[..enc.len()].copy_from_slice(&enc);
    w
}

/// A random instruction of the rows `rows` on an allocation of `size` bytes.
fn random_case(rng: &mut SmallRng, rows: &[&'static InstDef], size: u32) -> Case {
    let def = rows[rng.random_range(0..rows.len())];
    let s = shape(def);
    let offsets = match rng.random_range(0..4u32) {
        _ if !has(def, Field::Offset0) => [0, 0],
        // ds_swizzle_b32: each of its four modes (OFFSET1's high bits) as often.
        m if def.access == Some(rdna3_isa::MemAccess::Swizzle) => {
            let (lo, hi) = [(0, 0x80), (0x80, 0xc0), (0xc0, 0xe0), (0xe0, 0x100)][m as usize];
            [rng.random_range(0..256u32), rng.random_range(lo..hi)]
        }
        0 => [0, 0],
        1 => [rng.random_range(0..4u32), rng.random_range(0..4u32)],
        _ => [rng.random_range(0..256u32), rng.random_range(0..256u32)],
    };
    let exec = match rng.random_range(0..8u32) {
        0 => 0,
        1 => 1 << rng.random_range(0..32u32),
        2 | 3 => rng.random(),
        _ => u32::MAX,
    };
    let e = s.bytes.max(1);
    let base = rng.random_range(0..size) & !(e.next_power_of_two() - 1).min(15);
    let pattern = rng.random_range(0..if s.atomic { 10 } else { 8u32 });
    let bins = [1u32, 2, 4, 7][rng.random_range(0..4usize)];
    let stride = [1u32, 2, 4, 8, 16, 33, 64, 128, 256][rng.random_range(0..9usize)];
    let addr = std::array::from_fn(|l| {
        let l = l as u32;
        match pattern {
            0 => base.wrapping_add(l * e),
            1 => base,
            2 => base.wrapping_add(l * 4 * BANKS),
            3 => base.wrapping_add(l * e + rng.random_range(1..4u32)),
            4 => base.wrapping_add(l * stride),
            // Near the end: some lanes past it.
            5 => size.wrapping_sub(rng.random_range(0..64u32) + e),
            6 => rng.random(),
            // (Atomics:) a few elements that all the lanes share.
            8 | 9 => base.wrapping_add(e * rng.random_range(0..bins)),
            _ => rng.random_range(0..size),
        }
    });
    // M0 (the addtid forms, append and consume): mostly inside the allocation, sometimes
    // unaligned, sometimes anything (its high half is not looked at).
    let m0 = match rng.random_range(0..8u32) {
        0 => rng.random(),
        1 => rng.random_range(0..size),
        _ => rng.random_range(0..size.saturating_sub(128).max(1)) & !3,
    };
    let small = s.atomic && rng.random_bool(0.5);
    let value = |rng: &mut SmallRng| if small { rng.random_range(0..6u32) } else { rng.random() };
    let mut data0: [[u32; 4]; 32] = std::array::from_fn(|_| std::array::from_fn(|_| value(rng)));
    let mut data1: [[u32; 2]; 32] = std::array::from_fn(|_| std::array::from_fn(|_| value(rng)));
    if s.float {
        // Mostly the edge values (so that compare-stores match, NaNs meet and denormals are
        // flushed or kept), as F32 dwords or F64 pairs.
        for l in 0..32 {
            // (The compare value is a small integer half the time, as the fill's small dwords.)
            let x = float_value(rng, s.bytes == 8);
            let y =
                if rng.random_bool(0.5) { rng.random_range(0..6u64) } else { float_value(rng, s.bytes == 8) };
            data0[l][..2].copy_from_slice(&[x as u32, (x >> 32) as u32]);
            data1[l].copy_from_slice(&[y as u32, (y >> 32) as u32]);
        }
    }
    let c = Case {
        def,
        words: build(def, offsets),
        offsets,
        exec,
        addr,
        data0,
        data1,
        m0,
        mode: rng.random::<u32>() & 0x3ff,
    };
    // Mostly in range: an address past the allocation faults the whole instruction.
    if !s.xlane && pattern != 5 && pattern != 6 && rng.random_bool(0.9) {
        let mut c = c;
        for l in 0..32 {
            let elements = if s.two { 2 } else { 1 };
            if (0..elements).any(|j| u64::from(element(&c, l, j)) + u64::from(e) > u64::from(size)) {
                c.addr[l] = 0;
                if (0..elements).any(|j| u64::from(element(&c, l, j)) + u64::from(e) > u64::from(size)) {
                    c.exec &= !(1 << l);
                }
            }
        }
        return c;
    }
    c
}

/// An operand of a float atomic: an edge value of F32 (`f64` false) or F64 most of the time
/// (zeros, denormals, the smallest normal, the largest finite value, infinities, quiet and
/// signalling NaNs, ones), random bits otherwise.
fn float_value(rng: &mut SmallRng, f64: bool) -> u64 {
    let k = if f64 { F64_EDGES.len() } else { F32_EDGES.len() };
    let edge = |i: usize| if f64 { F64_EDGES[i] } else { u64::from(F32_EDGES[i]) };
    if rng.random_bool(0.7) {
        edge(rng.random_range(0..k))
    } else if f64 {
        rng.random()
    } else {
        u64::from(rng.random::<u32>())
    }
}

/// Float atomic row `def` on every pair of edge values (DATA0's, memory's): 16 instructions,
/// each after a `ds_store_b64` (`store`) that puts memory's values in place, lane l of
/// instruction k on its own element at `base` + 256k + 8l (each instruction's results stay
/// for the load-back at the end) holding edge value (2k + l / 16) mod n and adding edge
/// value l mod n (n edge values); under MODE's four F32/F64 denormal choices in turn (and directed rounding
/// bits, which the atomics ignore). A compare-store's compare value is memory's (a match) in
/// every other instruction, DATA0's otherwise.
fn float_sweep(def: &'static InstDef, store: &'static InstDef, base: u32, rng: &mut SmallRng) -> Vec<Case> {
    let f64 = shape(def).bytes == 8;
    let n = if f64 { F64_EDGES.len() } else { F32_EDGES.len() };
    let edge = |i: usize| if f64 { F64_EDGES[i % n] } else { u64::from(F32_EDGES[i % n]) };
    let pair = |v: u64| [v as u32, (v >> 32) as u32];
    let mut out = Vec::new();
    for k in 0..16usize {
        let mem = |l: usize| edge(2 * k + l / 16);
        let case = |def: &'static InstDef, data0: [[u32; 4]; 32], data1: [[u32; 2]; 32], mode: u32| Case {
            def,
            words: build(def, [0, 0]),
            offsets: [0, 0],
            exec: u32::MAX,
            addr: std::array::from_fn(|l| base + 0x100 * k as u32 + 8 * l as u32),
            data0,
            data1,
            m0: 0,
            mode,
        };
        let fill = std::array::from_fn(|l| {
            let [lo, hi] = pair(mem(l));
            [lo, hi, 0, 0]
        });
        out.push(case(store, fill, [[0; 2]; 32], 0));
        let data0 = std::array::from_fn(|l| {
            let [lo, hi] = pair(edge(l));
            [lo, hi, 0, 0]
        });
        let data1 = std::array::from_fn(|l| pair(if k % 2 == 0 { mem(l) } else { edge(l) }));
        let mode = [0x00, 0xf0, 0x50, 0xa0][k % 4] | rng.random_range(0..16u32);
        out.push(case(def, data0, data1, mode));
    }
    out
}

/// `ds_swizzle_b32` over its patterns: every FFT mask, every rotation (OFFSET[10:0]), every
/// quad permute, and 512 random bit-mask patterns, each under a full or random EXEC, on
/// random lane values.
fn swizzle_sweep(def: &'static InstDef, rng: &mut SmallRng) -> Vec<Case> {
    let patterns = (0xe000..0xe020u32)
        .chain(0xc000..0xc800)
        .chain(0x8000..0x8100)
        .chain((0..512).map(|_| rng.random_range(0..0x8000u32)))
        .collect::<Vec<_>>();
    patterns
        .into_iter()
        .map(|p| {
            let offsets = [p & 0xff, p >> 8];
            Case {
                def,
                words: build(def, offsets),
                offsets,
                exec: if rng.random_bool(0.5) { u32::MAX } else { rng.random() },
                addr: std::array::from_fn(|_| rng.random()),
                data0: [[0; 4]; 32],
                data1: [[0; 2]; 32],
                m0: 0,
                mode: 0,
            }
        })
        .collect()
}

/// Stores of 16 bytes a lane over the whole allocation (the fill), or loads of it back (the
/// sweep).
fn sweep(def: &'static InstDef, size: u32, rng: &mut SmallRng) -> Vec<Case> {
    (0..size.div_ceil(512))
        .map(|i| {
            // Small dwords, random ones, or F32 edge values (so that the float atomics meet
            // signalling NaNs, denormals and zeros in memory too).
            let kind = rng.random_range(0..3u32);
            Case {
                def,
                words: build(def, [0, 0]),
                offsets: [0, 0],
                exec: u32::MAX,
                addr: std::array::from_fn(|l| (i * 512 + 16 * l as u32).min(size - 16)),
                data0: std::array::from_fn(|_| {
                    std::array::from_fn(|_| match kind {
                        0 => rng.random_range(0..6u32),
                        1 => F32_EDGES[rng.random_range(0..F32_EDGES.len())],
                        _ => rng.random(),
                    })
                }),
                data1: [[0; 2]; 32],
                m0: 0,
                mode: 0,
            }
        })
        .collect()
}

#[test]
fn the_ds_unit_executes_as_the_golden_model_does() {
    if !conformance::require_verilator("ds_rtl") {
        return;
    }
    let n = env_u64("RDNA3_DS_CASES", 1500) as usize;
    let seed = env_u64("RDNA3_FUZZ_SEED", 0xd5);
    let t = table();
    let rows: Vec<&'static InstDef> = t.insts.iter().filter(|d| hdl_gen::sv::ds_executes(d)).collect();
    assert!(rows.len() >= 30, "cu_ds executes {} rows", rows.len());
    let by_name = |n: &str| t.by_name(n).unwrap_or_else(|| panic!("row {n}"));
    let (store128, load128) = (by_name("ds_store_b128"), by_name("ds_load_b128"));

    let mut rng = SmallRng::seed_from_u64(seed);
    // (first dword, bytes) of each allocation.
    let allocations = [(0u32, 65536u32), (0x1000, 8192), (LDS_DWORDS - 256, 1024)];
    let mut cases: Vec<(usize, Case)> = Vec::new();
    for (k, &(_, size)) in allocations.iter().enumerate() {
        cases.extend(sweep(store128, size, &mut rng).into_iter().map(|c| (k, c)));
        cases.extend((0..n).map(|_| (k, random_case(&mut rng, &rows, size))));
        if k == 0 {
            let store64 = by_name("ds_store_b64");
            for (i, d) in rows.iter().filter(|d| shape(d).float).enumerate() {
                let base = 0x400 + 0x1000 * i as u32;
                cases.extend(float_sweep(d, store64, base, &mut rng).into_iter().map(|c| (k, c)));
            }
        }
        cases.extend(sweep(load128, size, &mut rng).into_iter().map(|c| (k, c)));
        if k == 0 {
            cases.extend(swizzle_sweep(by_name("ds_swizzle_b32"), &mut rng).into_iter().map(|c| (k, c)));
        }
    }
    for (_, c) in &cases {
        rdna3_isa::decode_legal(&c.words)
            .unwrap_or_else(|e| panic!("{}: {:08x?} is refused: {e}", c.def.name, c.words));
    }

    let dir = conformance::fresh_dir(env!("CARGO_TARGET_TMPDIR"), "ds_rtl");
    let mut src = String::new();
    for (k, c) in &cases {
        let (base, size) = allocations[*k];
        for w in c.words {
            let _ = write!(src, "{w:x} ");
        }
        let _ = write!(src, "{:x} {base:x} {size:x} {:x} {:x}", c.exec, c.m0, c.mode);
        for l in 0..32 {
            let _ = write!(src, " {:x}", c.addr[l]);
            for d in c.data0[l].iter().chain(&c.data1[l]) {
                let _ = write!(src, " {d:x}");
            }
        }
        src.push('\n');
    }
    let (req, ans) = (dir.join("instructions.txt"), dir.join("answers.txt"));
    std::fs::write(&req, src).unwrap_or_else(|e| panic!("{}: {e}", req.display()));

    // The generated C++ unoptimised: it compiles in a minute or two, where -Os took several on
    // two cores, and runs the few thousand instructions fast enough.
    let flags =
        ["-O1", "--x-assign", "unique", "--x-initial", "unique", "-MAKEFLAGS", "OPT_FAST=-O0 OPT_SLOW=-O0"];
    let mut sources: Vec<_> =
        ["cu_pkg.sv", "cu_decode.sv", "cu_fp32.sv", "cu_lds.sv", "cu_ds.sv"].map(tb::rtl).into();
    sources.extend([tb::tb("tb_cu_ds.sv"), tb::tb("tb_cu_ds.cpp")]);
    let exe = tb::verilate(&dir.join("obj"), "tb_cu_ds", &flags.map(String::from), &sources);
    tb::run(&exe, &[&req, &ans], "DONE tb_cu_ds", "the DS testbench failed");
    let answers = std::fs::read_to_string(&ans).unwrap_or_else(|e| panic!("{}: {e}", ans.display()));
    let lines: Vec<&str> = answers.lines().collect();
    assert_eq!(
        lines.len(),
        cases.len(),
        "the testbench answered {} of {} instructions",
        lines.len(),
        cases.len()
    );

    let mut mem = Memory::default();
    let mut lds: Vec<Vec<u8>> = allocations.iter().map(|&(_, size)| vec![0; size as usize]).collect();
    let (mut faults, mut conflicted, mut loads, mut atomics, mut serialised) = (0, 0, 0, 0, 0);
    // Float compare-stores whose old value equalled the compare value bit for bit.
    let mut cmp_hits = 0;
    let mut atomic_rows = std::collections::BTreeSet::new();
    for (i, ((k, c), line)) in cases.iter().zip(&lines).enumerate() {
        let (base, size) = allocations[*k];
        let s = shape(c.def);
        let v: Vec<&str> = line.split_whitespace().collect();
        assert_eq!(v.len(), 5 + 128, "answer line {i}: `{line}`");
        let num = |x: &str| x.parse::<u32>().expect("testbench output");
        let (kind, fault, fault_lane, cycles, latency) =
            (num(v[0]), num(v[1]), num(v[2]), num(v[3]), num(v[4]));
        let data: Vec<u32> =
            v[5..].iter().map(|x| u32::from_str_radix(x, 16).expect("testbench output")).collect();
        let what = || {
            format!(
                "instruction {i} ({} offsets {:?}, allocation {k}: dword {base:#x}, {size} bytes), EXEC {:#010x}, M0 {:#x}, MODE {:#x}, addresses {:x?}",
                c.def.name, c.offsets, c.exec, c.m0, c.mode, c.addr
            )
        };
        assert_eq!(kind, 1, "the decoder gives no DS kind: {}", what());

        // The golden model on the same registers and LDS.
        let mut w = Wave::new(0x1000);
        w.sgpr[rdna3_isa::operand::EXEC_LO as usize] = c.exec;
        w.sgpr[rdna3_isa::operand::M0 as usize] = c.m0;
        w.mode = c.mode;
        for l in 0..32 {
            w.vgpr[ADDR as usize][l] = c.addr[l];
            for d in 0..4 {
                w.vgpr[(DATA0 + d) as usize][l] = c.data0[l][d as usize];
                w.vgpr[(VDST + d) as usize][l] = 0xdead_0000 | l as u32;
            }
            for d in 0..2 {
                w.vgpr[(DATA1 + d) as usize][l] = c.data1[l][d as usize];
            }
        }
        let prog = Program::new(Code::new(0x1000, c.words.to_vec()));
        let mut env = Env::new(&mut mem, &mut lds[*k]);
        let step = step_in(&mut w, &prog, &mut env);
        let t = timing(&access(c), Lds { dwords: LDS_DWORDS, banks: BANKS, base, size });
        let (want_cycles, want_latency, want_fault) = (t.cycles, t.latency, t.fault);
        let golden_fault = matches!(step.outcome, Outcome::Fault(Fault::Memory { .. }));
        assert!(
            matches!(step.outcome, Outcome::Retired) || golden_fault,
            "golden outcome {:?}: {}",
            step.outcome,
            what()
        );
        assert_eq!(
            golden_fault,
            want_fault.is_some(),
            "the golden model and the test's range rule differ: {}",
            what()
        );
        assert_eq!(fault == 1, golden_fault, "fault: {}", what());
        if let Some(l) = want_fault {
            faults += 1;
            assert_eq!(fault_lane as usize, l, "faulting lane: {}", what());
            assert_eq!(latency, 1, "cycles to a fault's answer: {}", what());
            continue;
        }
        assert_eq!(cycles, want_cycles, "cycles served (the bank rule in each lane group): {}", what());
        assert_eq!(latency, want_latency, "cycles to the answer: {}", what());
        if want_cycles > 1 {
            conflicted += 1;
        }
        if s.atomic {
            atomics += 1;
            atomic_rows.insert(c.def.name.as_str());
            // Lanes sharing a dword: more than one round.
            let active: Vec<usize> = (0..32).filter(|l| c.exec >> l & 1 == 1).collect();
            if active
                .iter()
                .any(|&l| active.iter().any(|&m| m < l && element(c, m, 0) >> 2 == element(c, l, 0) >> 2))
            {
                serialised += 1;
            }
        }
        if !s.load && !s.rtn {
            continue;
        }
        loads += 1;
        let dwords = if s.atomic && !s.two {
            s.bytes / 4
        } else if s.d16.is_some() {
            1
        } else if s.two {
            2 * s.bytes / 4
        } else {
            s.bytes.div_ceil(4)
        };
        for l in (0..32).filter(|l| c.exec >> l & 1 == 1) {
            for d in 0..dwords {
                // (Append's and consume's answer is lane 0's, which the caller writes to every
                // active lane.)
                let got = data[4 * if s.append { 0 } else { l } + d as usize];
                let want = w.vgpr[(VDST + d) as usize][l];
                let (got, want) = match s.d16 {
                    Some(Half::Hi) => (got >> 16, want >> 16),
                    Some(Half::Lo) => (got & 0xffff, want & 0xffff),
                    None => (got, want),
                };
                assert_eq!(got, want, "lane {l}, dword {d} of the result: {}", what());
            }
            if s.float && c.def.name.starts_with("ds_cmpstore_rtn") && data[4 * l] == c.data1[l][0] {
                cmp_hits += 1;
            }
        }
    }
    eprintln!(
        "{} DS instructions agree ({} rows; {faults} memory-violation faults, {conflicted} with bank \
         conflicts, {loads} loads and returning atomics compared, {atomics} atomics of {} rows, \
         {serialised} with lanes on one dword, {cmp_hits} float compare-store lanes that matched)",
        cases.len(),
        rows.len(),
        atomic_rows.len()
    );
    let atomic_rows_all = rows.iter().filter(|d| shape(d).atomic).count();
    assert!(atomic_rows_all >= 50, "cu_ds executes {atomic_rows_all} atomic rows");
    assert_eq!(atomic_rows.len(), atomic_rows_all, "every atomic row ran without a fault");
    assert!(serialised > 100, "{serialised} atomics with lanes on one dword");
    // (668 with the default seed, most of them the float sweep's.)
    assert!(cmp_hits > 300, "{cmp_hits} float compare-store lanes matched");
    let _ = std::fs::remove_dir_all(&dir);
}
