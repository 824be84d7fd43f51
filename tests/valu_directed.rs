//! The directed programs of the vector integer lanes (`tests/vector/*.s`): each is assembled
//! and co-simulated on every RTL model (`sim::rtl::VARIANTS`, a test each) with all of the model's waves,
//! from several random initial states (every SGPR but EXEC and every lane of every VGPR
//! random), so that one program runs each operation on a few hundred random operands per
//! seed. Any difference between the RTL and the golden model fails the test with the
//! co-simulation's report; so does a wave that faults (an operation the RTL does not
//! execute, for instance).

use std::path::{Path, PathBuf};

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use sim::cosim::{Options, WaveEnd, WaveInit, cosim};
use sim::golden::Code;
use sim::rtl::VARIANTS;

const BASE: u64 = 0x1_0000;
const SEEDS: [u64; 3] = [1, 0x5eed, 0xdead_beef];

/// The programs, in name order.
fn programs() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("vector");
    let mut out: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "s"))
        .collect();
    out.sort();
    out
}

/// `n` waves starting at BASE with random SGPRs (EXEC left all ones) and VGPR lanes; s0 holds
/// the wave's index.
fn random_waves(n: usize, seed: u64) -> Vec<WaveInit> {
    let mut rng = SmallRng::seed_from_u64(seed);
    (0..n)
        .map(|k| {
            let mut w = WaveInit::new(BASE);
            for v in w.sgpr.iter_mut().take(126) {
                *v = rng.random();
            }
            for lanes in w.vgpr.iter_mut() {
                for x in lanes.iter_mut() {
                    *x = rng.random();
                }
            }
            w.sgpr[0] = k as u32;
            w
        })
        .collect()
}

/// Every program on the model `model`, from each seed. One test per model, so that the
/// three (some 200 s of a core together) run side by side.
fn directed_programs_on(model: &str) {
    if !conformance::require_verilator("valu_directed") || !conformance::model_built(model) {
        return;
    }
    let v = sim::rtl::variant(model).expect("model_built said it is there");
    let programs = programs();
    assert!(!programs.is_empty(), "no programs in tests/vector");
    let mut failures = Vec::new();
    let progress = conformance::progress::TestProgress::new(
        &format!("valu_directed {model}"),
        (programs.len() * SEEDS.len()) as u64,
    );
    for path in &programs {
        let src = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let name = path.display().to_string();
        let dwords = rdna3_isa::asm::assemble(&src, &name).unwrap_or_else(|e| panic!("{e}")).dwords();
        let code = Code::new(BASE, dwords);
        for seed in SEEDS {
            let waves = random_waves(v.num_waves as usize, seed);
            let opts = Options { model: v.name.to_string(), seed, ..Options::default() };
            let r = cosim(&code, &waves, &opts);
            progress.case_done(r.as_ref().map_or(0, |r| r.retired));
            match r {
                Ok(r) if r.waves.iter().all(|w| *w == WaveEnd::Ended) => {}
                Ok(r) => failures.push(format!("{name} on {} (seed {seed:#x}): waves {:?}", v.name, r.waves)),
                Err(e) => failures.push(format!("{name} on {} (seed {seed:#x}):\n{e}", v.name)),
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn directed_vector_programs_agree_with_the_golden_model_32_lanes() {
    directed_programs_on("cu");
}

#[test]
fn directed_vector_programs_agree_with_the_golden_model_8_lanes() {
    directed_programs_on("cu_l8");
}

#[test]
fn directed_vector_programs_agree_with_the_golden_model_4_lanes() {
    directed_programs_on("cu_l4");
}

/// Every model built is one of the three above.
#[test]
fn the_directed_programs_cover_every_model() {
    for v in VARIANTS {
        assert!(["cu", "cu_l8", "cu_l4"].contains(&v.name), "model {} has no directed-program test", v.name);
    }
}
