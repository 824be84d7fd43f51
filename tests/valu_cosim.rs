//! Property-based conformance of the vector unit: random programs over every vector row both
//! models execute and every DS row the DS unit executes, on the LDS (vector_programs.rs),
//! mixed with scalar items, with random initial SGPRs,
//! VGPR lanes, EXEC, MODE and VGPR count, co-simulated on the RTL and the golden model — on one wave and
//! on every wave of the compute unit at once, at 32 lanes (one pass an instruction), at 8 (four
//! passes, the FP units combinational) and at 4 (eight passes, eight waves), and as one-wave
//! workgroups launched into the slots earlier waves left, with what those left in the registers
//! the launch does not set. A failure shrinks to a minimal program, printed as assembly with the
//! co-simulation's report (cycle, wave, PC, the differing lanes).
//!
//! Cases per property: 256, or `RDNA3_PROPTEST_CASES`.

use std::sync::LazyLock;

use conformance::progress::TestProgress;
use conformance::scalar_programs::{Program, lay_out};
use conformance::vector_programs::{
    MEM_BASE, MEM_BYTES, SCRATCH_LANE, buffer_program, ds_ops, mem_ops, vector_ops, vector_program, vopd_ops,
};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use rdna3_isa::InstDef;
use sim::cosim::{Options, WaveEnd, WaveInit, cosim};

static OPS: LazyLock<Vec<&'static InstDef>> = LazyLock::new(vector_ops);

/// The properties' progress lines: one wave and every wave, at 32, 4 and 8 lanes.
static PROGRESS: LazyLock<[TestProgress; 10]> = LazyLock::new(|| {
    [
        "one_wave_32_lanes",
        "one_wave_4_lanes",
        "every_wave_at_once_32_lanes",
        "every_wave_at_once_4_lanes",
        "one_wave_8_lanes",
        "every_wave_at_once_8_lanes",
        "buffers_32_lanes",
        "buffers_4_lanes",
        "waves_launched_into_used_slots_32_lanes",
        "waves_launched_into_used_slots_4_lanes",
    ]
    .map(|n| TestProgress::new(&format!("valu_cosim {n}"), cases().into()))
});

fn cases() -> u32 {
    std::env::var("RDNA3_PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(256)
}

fn config() -> ProptestConfig {
    ProptestConfig { cases: cases(), failure_persistence: None, ..ProptestConfig::default() }
}

const BASE: u64 = 0x1_0000;

/// Lays the programs out one after another and co-simulates one wave per program on `model`.
fn run(
    programs: &[Program],
    model: &str,
    seed: u64,
    init: u64,
    progress: &TestProgress,
) -> Result<Vec<WaveEnd>, TestCaseError> {
    if !conformance::require_verilator("valu_cosim") {
        return Ok(Vec::new());
    }
    let (code, starts) = lay_out(programs, BASE);
    let mut rng = SmallRng::seed_from_u64(init);
    let mut waves: Vec<WaveInit> = starts
        .iter()
        .map(|&pc| {
            let mut w = WaveInit::new(pc);
            for v in w.sgpr.iter_mut().take(126) {
                *v = rng.random();
            }
            // EXEC: all lanes mostly, a random part of them now and then.
            if rng.random_range(0..4) == 0 {
                w.sgpr[126] = rng.random();
            }
            for lanes in w.vgpr.iter_mut() {
                for x in lanes.iter_mut() {
                    *x = rng.random();
                }
            }
            w.mode = rng.random::<u32>() & sim::golden::MODE_WRITABLE;
            w.wg = rng.random_range(0..2);
            w.vgprs = vgpr_count(&mut rng);
            w
        })
        .collect();
    // The global buffer the memory items reach, with random contents.
    let mut mem = sim::golden::memory::Memory::default();
    let bytes: Vec<u8> = (0..MEM_BYTES).map(|_| rng.random()).collect();
    let base = mem.alloc_with(&bytes, 4096, "buffer");
    assert_eq!(base, MEM_BASE, "the buffer is where the programs look for it");
    // Each wave's private segment (SCRATCH), after it.
    for (k, w) in waves.iter_mut().enumerate() {
        w.scratch_base = mem.alloc(32 * u64::from(SCRATCH_LANE), 256, &format!("scratch of wave {k}"));
        w.scratch_lane_bytes = SCRATCH_LANE;
    }
    let opts = Options {
        latency: (1, 6),
        backpressure: 15,
        seed,
        max_cycles: 2_000_000,
        model: model.to_string(),
        memory: Some(mem),
        ..Options::default()
    };
    let r = cosim(&code, &waves, &opts).map_err(|e| TestCaseError::fail(e.to_string()))?;
    progress.case_done(r.retired);
    Ok(r.waves)
}

/// A wave's VGPR count: all 256 mostly, now and then 8, 16 or 24, so that some operands of
/// the programs (which name v0..v27) lie past it: reads of them see v0, writes to them are
/// dropped, on both models.
fn vgpr_count(rng: &mut SmallRng) -> usize {
    if rng.random_range(0..4) == 0 { 8 * rng.random_range(1..=3) } else { 256 }
}

fn waves(model: &str) -> usize {
    sim::rtl::variant(model).map_or(1, |v| v.num_waves as usize)
}

/// One-wave workgroups, one a program, each launched into a wave slot as soon as one is
/// vacant: most start in a slot another program's wave has just left.
struct Relaunched {
    inits: Vec<WaveInit>,
    /// Each slot's private segment.
    scratch: Vec<u64>,
}

impl sim::cosim::Groups for Relaunched {
    fn count(&self) -> u64 {
        self.inits.len() as u64
    }
    fn waves_per_group(&self) -> usize {
        1
    }
    fn waves(&self, i: u64, slots: &[usize]) -> Vec<WaveInit> {
        let mut w = self.inits[i as usize].clone();
        w.scratch_base = self.scratch[slots[0]];
        vec![w]
    }
    fn name(&self, i: u64) -> String {
        format!("program {i}")
    }
    /// The programs fault on purpose now and then (illegal words, accesses out of range): the
    /// next ones still start.
    fn launch_after_faults(&self) -> bool {
        true
    }
}

/// The programs as one-wave workgroups on `model` (`cosim_groups`): as a kernel launch does,
/// each launch sets only some registers (a random number of SGPRs from s0, of VGPRs from v0,
/// EXEC, MODE), so every other register, VCC and M0 included, is what the slot's last wave
/// left there; the golden model starts each wave from those values, and the two must agree
/// throughout (a slot's state that the RTL does not carry over or reset as the dispatcher
/// says shows as a mismatch).
fn run_relaunched(
    programs: &[Program],
    model: &str,
    seed: u64,
    init: u64,
    progress: &TestProgress,
) -> Result<(), TestCaseError> {
    if !conformance::require_verilator("valu_cosim") {
        return Ok(());
    }
    let (code, starts) = lay_out(programs, BASE);
    let mut rng = SmallRng::seed_from_u64(init);
    let inits: Vec<WaveInit> = starts
        .iter()
        .map(|&pc| {
            let mut w = WaveInit::new(pc);
            let (sgprs, vgprs) = (rng.random_range(0..=106), rng.random_range(0..4));
            for v in w.sgpr.iter_mut().take(sgprs) {
                *v = rng.random();
            }
            if rng.random_range(0..4) == 0 {
                w.sgpr[126] = rng.random();
            }
            for lanes in w.vgpr.iter_mut().take(vgprs) {
                for x in lanes.iter_mut() {
                    *x = rng.random();
                }
            }
            w.mode = rng.random::<u32>() & sim::golden::MODE_WRITABLE;
            w.scratch_lane_bytes = SCRATCH_LANE;
            w.vgprs = vgpr_count(&mut rng);
            w.given = sim::dispatcher::Given::Launch { sgprs, vgprs };
            w
        })
        .collect();
    let mut mem = sim::golden::memory::Memory::default();
    let bytes: Vec<u8> = (0..MEM_BYTES).map(|_| rng.random()).collect();
    let base = mem.alloc_with(&bytes, 4096, "buffer");
    assert_eq!(base, MEM_BASE, "the buffer is where the programs look for it");
    let scratch = (0..waves(model))
        .map(|k| mem.alloc(32 * u64::from(SCRATCH_LANE), 256, &format!("scratch of slot {k}")))
        .collect();
    // Fetches as slow as 50 cycles (memory as fast as before): a wave may then end with a
    // fetch still out, past its s_endpgm, and its slot be launched again before the answer
    // comes, which the new wave must not take for its own.
    let opts = Options {
        latency: (1, 50),
        mem_latency: Some((1, 6)),
        backpressure: 15,
        seed,
        max_cycles: 4_000_000,
        model: model.to_string(),
        memory: Some(mem),
        lds: Some(16 * 1024),
        ..Options::default()
    };
    let r = sim::cosim::cosim_groups(&code, &Relaunched { inits, scratch }, &opts)
        .map_err(|e| TestCaseError::fail(e.to_string()))?;
    prop_assert_eq!(r.stats.workgroups, programs.len() as u64, "every program is launched");
    progress.case_done(r.retired);
    Ok(())
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn one_wave_32_lanes(p in vector_program(&OPS, 1..40), seed in any::<u64>(), init in any::<u64>()) {
        run(&[p], "cu", seed, init, &PROGRESS[0])?;
    }

    #[test]
    fn one_wave_4_lanes(p in vector_program(&OPS, 1..40), seed in any::<u64>(), init in any::<u64>()) {
        run(&[p], "cu_l4", seed, init, &PROGRESS[1])?;
    }

    #[test]
    fn one_wave_8_lanes(p in vector_program(&OPS, 1..40), seed in any::<u64>(), init in any::<u64>()) {
        run(&[p], "cu_l8", seed, init, &PROGRESS[4])?;
    }

    #[test]
    fn every_wave_at_once_8_lanes(
        ps in prop::collection::vec(vector_program(&OPS, 1..24), waves("cu_l8")),
        seed in any::<u64>(),
        init in any::<u64>(),
    ) {
        run(&ps, "cu_l8", seed, init, &PROGRESS[5])?;
    }

    #[test]
    fn every_wave_at_once_32_lanes(
        ps in prop::collection::vec(vector_program(&OPS, 1..24), waves("cu")),
        seed in any::<u64>(),
        init in any::<u64>(),
    ) {
        run(&ps, "cu", seed, init, &PROGRESS[2])?;
    }

    /// Programs mostly of MUBUF accesses (the random memory programs for buffers:
    /// resources of every kind, accesses in and out of range, mixed with ALU work).
    #[test]
    fn buffers_32_lanes(p in buffer_program(&OPS, 8..40), seed in any::<u64>(), init in any::<u64>()) {
        run(&[p], "cu", seed, init, &PROGRESS[6])?;
    }

    #[test]
    fn buffers_4_lanes(p in buffer_program(&OPS, 8..40), seed in any::<u64>(), init in any::<u64>()) {
        run(&[p], "cu_l4", seed, init, &PROGRESS[7])?;
    }

    #[test]
    fn every_wave_at_once_4_lanes(
        ps in prop::collection::vec(vector_program(&OPS, 1..24), waves("cu_l4")),
        seed in any::<u64>(),
        init in any::<u64>(),
    ) {
        run(&ps, "cu_l4", seed, init, &PROGRESS[3])?;
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn waves_launched_into_used_slots_32_lanes(
        ps in prop::collection::vec(vector_program(&OPS, 1..16), 2 * waves("cu") + 1),
        seed in any::<u64>(),
        init in any::<u64>(),
    ) {
        run_relaunched(&ps, "cu", seed, init, &PROGRESS[8])?;
    }

    #[test]
    fn waves_launched_into_used_slots_4_lanes(
        ps in prop::collection::vec(vector_program(&OPS, 1..16), 2 * waves("cu_l4") + 1),
        seed in any::<u64>(),
        init in any::<u64>(),
    ) {
        run_relaunched(&ps, "cu_l4", seed, init, &PROGRESS[9])?;
    }
}

/// The generator reaches every vector row it is given, with DPP16, DPP8 and VOPD among them
/// (the properties above would otherwise pass vacuously for what it misses).
#[test]
fn generator_covers_every_executable_vector_row() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let strat = vector_program(&OPS, 40..48);
    let mut seen = std::collections::BTreeSet::new();
    let (mut dpp16, mut dpp8) = (false, false);
    // MUBUF and MTBUF accesses: how many, how many LLVM would refuse, and of which addressing.
    let (mut mubuf, mut mubuf_illegal, mut idxen_offen) = (0, 0, 0);
    for _ in 0..600 {
        let p = strat.new_tree(&mut runner).expect("a program").current();
        for (_, i) in p.lower() {
            if matches!(i.def().format().name.as_str(), "MUBUF" | "MTBUF")
                && i.def().access != Some(rdna3_isa::MemAccess::Invalidate)
            {
                mubuf += 1;
                mubuf_illegal += usize::from(rdna3_isa::legal::check(&i).is_err());
                idxen_offen += usize::from(
                    i.field(rdna3_isa::Field::Idxen) == 1 && i.field(rdna3_isa::Field::Offen) == 1,
                );
            }
            seen.insert(i.def().id);
            if let Some(y) = i.def2() {
                seen.insert(y.id);
            }
            let ext = i.ext.map(|e| rdna3_isa::table().format(e).name.as_str());
            dpp16 |= ext == Some("DPP16");
            dpp8 |= ext == Some("DPP8");
        }
    }
    let (xs, ys) = vopd_ops();
    let ds = ds_ops();
    assert!(ds.len() >= 116, "the DS rows both models execute: {}", ds.len());
    let mem = mem_ops();
    assert!(mem.len() >= 27, "the memory rows both models execute: {}", mem.len());
    let missing: Vec<String> = OPS
        .iter()
        .chain(&xs)
        .chain(&ys)
        .chain(&ds)
        .chain(&mem)
        .filter(|d| !seen.contains(&d.id))
        .map(|d| format!("{} ({})", d.name, d.format().name))
        .collect();
    assert!(missing.is_empty(), "never generated: {missing:?}");
    assert!(dpp16 && dpp8, "DPP16 and DPP8 forms are generated");
    assert!(
        mubuf >= 200 && mubuf_illegal == 0 && idxen_offen * 8 > mubuf,
        "MUBUF accesses: {mubuf}, {mubuf_illegal} illegal, {idxen_offen} with IDXEN and OFFEN"
    );
}
