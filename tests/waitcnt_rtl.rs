//! The waitcnt scoreboard (`rtl/cu_waitcnt.sv`, as checked in) against the reference model of
//! its Verilator testbench `tests/rtl/tb_cu_waitcnt.sv`: random issues, out-of-order returns,
//! deliberate underflows, queries and registered waits, checked every cycle.
//!
//! Needs Verilator (Debian 12's 5.006 works), make and a C++ compiler. Without Verilator the
//! test fails and says how to install it, unless `RDNA3_SKIP_VERILATOR=1` is set.

use conformance::testbench as tb;

/// Seeds of the runs, each of CYCLES cycles. Fixed, so that a failure reproduces; the failure
/// message gives the command.
const SEEDS: [u32; 3] = [1, 0x5eed, 20_240_611];
const CYCLES: u32 = 200_000;

#[test]
fn waitcnt_scoreboard_matches_reference_model() {
    if !conformance::require_verilator("waitcnt_rtl") {
        return;
    }

    let sources = [
        tb::rtl("cu_pkg.sv"),
        tb::rtl("cu_waitcnt.sv"),
        tb::tb("tb_cu_waitcnt.sv"),
        tb::tb("tb_cu_waitcnt.cpp"),
    ];
    let dir = conformance::fresh_dir(env!("CARGO_TARGET_TMPDIR"), "waitcnt_tb");
    // X-valued state starts random (--x-initial unique with +verilator+rand+reset+2 below), so
    // the model only passes if reset really initialises every flop of the scoreboard.
    let flags = ["-O1", "--x-assign", "unique", "--x-initial", "unique"].map(String::from);
    let exe = tb::verilate(&dir.join("obj"), "tb_cu_waitcnt", &flags, &sources);
    for seed in SEEDS {
        let args = [
            format!("+seed={seed}"),
            format!("+cycles={CYCLES}"),
            "+verilator+rand+reset+2".to_string(),
            format!("+verilator+seed+{seed}"),
        ];
        let what = format!("the cu_waitcnt testbench failed (seed {seed})");
        let pass = tb::run(&exe, &args, "PASS tb_cu_waitcnt:", &what);
        assert!(
            pass.contains(&format!("seed {seed}, {CYCLES} cycles")),
            "testbench ran something else than asked (seed {seed}, {CYCLES} cycles): {pass}"
        );
        println!("{pass}");
    }
    // Only a passing build is removed; a failing one stays for debugging.
    let _ = std::fs::remove_dir_all(&dir);
}
