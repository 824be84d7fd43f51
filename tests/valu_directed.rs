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

/// A program whose operands lie past small VGPR counts: 32-bit reads and writes, 64-bit pairs
/// that straddle the end, M0-relative moves, a swap, lane reads and writes, a VOPD pair, a
/// carry-out multiply-add and DS accesses.
const PAST_THE_COUNT: &str = "
    v_mov_b32 v0, 0x10
    v_mov_b32 v20, 7
    v_add_nc_u32 v1, v20, 1
    v_mov_b32 v15, 0x55
    v_lshlrev_b64 v[2:3], 1, v[15:16]
    v_lshlrev_b64 v[15:16], 1, v[2:3]
    s_mov_b32 m0, 12
    v_movrels_b32 v4, v6
    v_movreld_b32 v1, v5
    s_mov_b32 m0, 3
    v_movreld_b32 v14, v5
    v_swap_b32 v5, v21
    v_readlane_b32 s2, v22, 3
    v_writelane_b32 v23, s2, 1
    v_dual_mov_b32 v24, v1 :: v_dual_mov_b32 v25, v2
    v_cndmask_b32 v6, v30, v31, vcc_lo
    v_mad_u64_u32 v[7:8], s4, v9, v10, v[17:18]
    v_and_b32 v9, 0xfc, v9
    ds_store_b32 v9, v20
    ds_load_b64 v[15:16], v9
    ds_load_b32 v26, v9 offset:4
    s_waitcnt lgkmcnt(0)
    v_add_nc_u32 v11, v26, v16
    s_endpgm
";

/// Each wave's VGPR count, which the dispatcher port gives the RTL at launch
/// (`spi_vgprs_i`), bounds that wave's VGPRs as it bounds the golden model's (reads past it
/// see v0, writes past it are dropped): waves of 8, 16, 24 and 256 VGPRs side by side run a
/// program whose operands lie past the smaller counts, on every model, and agree on every
/// retired instruction; the golden model's final state shows the rule was applied.
#[test]
fn each_wave_has_the_vgprs_its_launch_gives_it() {
    if !conformance::require_verilator("valu_directed") {
        return;
    }
    let dwords = rdna3_isa::asm::assemble(PAST_THE_COUNT, "past_the_count.s")
        .unwrap_or_else(|e| panic!("{e}"))
        .dwords();
    let code = Code::new(BASE, dwords);
    let counts = [16usize, 8, 24, 256];
    for v in VARIANTS {
        for seed in SEEDS {
            let mut waves = random_waves(v.num_waves as usize, seed);
            for (k, w) in waves.iter_mut().enumerate() {
                w.vgprs = counts[k % counts.len()];
            }
            let opts = Options { model: v.name.to_string(), seed, lds: Some(512), ..Options::default() };
            let r =
                cosim(&code, &waves, &opts).unwrap_or_else(|e| panic!("{} (seed {seed:#x}):\n{e}", v.name));
            assert!(r.waves.iter().all(|w| *w == WaveEnd::Ended), "{}: {:?}", v.name, r.waves);
            for (k, w) in r.state.iter().enumerate() {
                let n = counts[k % counts.len()];
                assert_eq!(w.vgpr.len(), n, "{}: wave {k}'s VGPRs", v.name);
                // v1 = v20 + 1: 8, or v0's 0x10 + 1 where v20 is past the count (the
                // v_movreld v1 with M0 12 writes v13, not v1).
                let want_v1 = if n > 20 { 8 } else { 0x10 + 1 };
                assert!(
                    w.vgpr[1].iter().all(|&x| x == want_v1),
                    "{} wave {k} ({n} VGPRs): v1 {:x?}",
                    v.name,
                    w.vgpr[1]
                );
            }
        }
    }
}
