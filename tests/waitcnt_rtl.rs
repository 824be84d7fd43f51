//! The waitcnt scoreboard (`rtl/cu_waitcnt.sv`, as checked in) against the reference model of
//! its Verilator testbench `tests/rtl/tb_cu_waitcnt.sv`: random issues, out-of-order returns,
//! deliberate underflows, queries and registered waits, checked every cycle.
//!
//! Needs Verilator (Debian 12's 5.006 works), make and a C++ compiler. Without Verilator the
//! test fails and says how to install it, unless `RDNA3_SKIP_VERILATOR=1` is set.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Seeds of the runs, each of CYCLES cycles. Fixed, so that a failure reproduces; the failure
/// message gives the command.
const SEEDS: [u32; 3] = [1, 0x5eed, 20_240_611];
const CYCLES: u32 = 200_000;

fn text(out: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr))
}

/// A fresh build directory inside the target directory, one per process so that concurrent
/// test runs do not share it.
fn build_dir() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("waitcnt_tb-{}", std::process::id()));
    if dir.exists() {
        std::fs::remove_dir_all(&dir).unwrap_or_else(|e| panic!("removing {}: {e}", dir.display()));
    }
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("creating {}: {e}", dir.display()));
    dir
}

#[test]
fn waitcnt_scoreboard_matches_reference_model() {
    if !conformance::require_verilator("waitcnt_rtl") {
        return;
    }

    let tests = Path::new(env!("CARGO_MANIFEST_DIR"));
    let rtl = tests.join("../rtl");
    let sources = [
        rtl.join("cu_pkg.sv"),
        rtl.join("cu_waitcnt.sv"),
        tests.join("rtl/tb_cu_waitcnt.sv"),
        tests.join("rtl/tb_cu_waitcnt.cpp"),
    ];
    for s in &sources {
        assert!(s.is_file(), "missing source {}", s.display());
    }
    let dir = build_dir();
    let obj = dir.join("obj");

    // X-valued state starts random (--x-initial unique with +verilator+rand+reset+2 below), so
    // the model only passes if reset really initialises every flop of the scoreboard.
    let build = Command::new("verilator")
        .args(["--cc", "--exe", "--build", "-O1", "-j", "2", "--x-assign", "unique"])
        .args(["--x-initial", "unique", "--top-module", "tb_cu_waitcnt", "--Mdir"])
        .arg(&obj)
        .args(&sources)
        .output()
        .expect("running verilator");
    assert!(
        build.status.success(),
        "building the testbench with verilator failed ({}):\n{}",
        build.status,
        text(&build)
    );

    let exe = obj.join("Vtb_cu_waitcnt");
    for seed in SEEDS {
        let args = [
            format!("+seed={seed}"),
            format!("+cycles={CYCLES}"),
            "+verilator+rand+reset+2".to_string(),
            format!("+verilator+seed+{seed}"),
        ];
        let run = Command::new(&exe)
            .args(&args)
            .output()
            .unwrap_or_else(|e| panic!("running {}: {e}", exe.display()));
        let out = text(&run);
        let pass = out.lines().find(|l| l.starts_with("PASS tb_cu_waitcnt:"));
        assert!(
            run.status.success() && pass.is_some() && !out.contains("FAIL"),
            "cu_waitcnt testbench failed (seed {seed}, {}); rerun with `{} {}`:\n{out}",
            run.status,
            exe.display(),
            args.join(" ")
        );
        let pass = pass.unwrap_or_default();
        assert!(
            pass.contains(&format!("seed {seed}, {CYCLES} cycles")),
            "testbench ran something else than asked (seed {seed}, {CYCLES} cycles): {pass}"
        );
        println!("{pass}");
    }
    // Only a passing build is removed; a failing one stays for debugging.
    let _ = std::fs::remove_dir_all(&dir);
}
