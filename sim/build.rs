//! Builds the Verilator model of the generated compute unit (`rtl/`) and the C++ shim that
//! `src/rtl/mod.rs` drives through cxx.
//!
//! The `verilator` crate (0.1.6) cannot drive Verilator 5, so this runs Verilator directly:
//! `verilator --cc --build` compiles the model into an archive, the generated makefile builds
//! the runtime objects, and cxx_build compiles the shim. Without the `rtl` feature nothing is
//! built and only the golden model is available.

use std::env;
use std::path::{Path, PathBuf};
use std::process::Command;

fn run(cmd: &mut Command, what: &str) {
    let out = cmd.output().unwrap_or_else(|e| panic!("{what}: cannot run {:?}: {e}", cmd.get_program()));
    if !out.status.success() {
        panic!(
            "{what} failed ({}):\n{}\n{}",
            out.status,
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

fn verilator_root() -> PathBuf {
    let out = Command::new("verilator").arg("--getenv").arg("VERILATOR_ROOT").output();
    match out {
        Ok(o) if o.status.success() => PathBuf::from(String::from_utf8_lossy(&o.stdout).trim()),
        _ => panic!(
            "Verilator is needed to build the RTL model of the compute unit but `verilator` was not \
             found on PATH. Install it (Debian/Ubuntu: `apt-get install -y verilator`, version 5), or \
             build without the model: `cargo build -p sim --no-default-features`."
        ),
    }
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=src/rtl/shim.h");
    println!("cargo:rerun-if-changed=src/rtl/shim.cpp");
    println!("cargo:rerun-if-changed=src/rtl/ffi.rs");
    println!("cargo:rerun-if-env-changed=PATH");
    if env::var_os("CARGO_FEATURE_RTL").is_none() {
        return;
    }
    let manifest = PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("CARGO_MANIFEST_DIR"));
    let rtl_dir = manifest.join("../rtl");
    let out = PathBuf::from(env::var("OUT_DIR").expect("OUT_DIR"));
    let mdir = out.join("verilated");
    // Every generated module, the package first.
    println!("cargo:rerun-if-changed={}", rtl_dir.display());
    let mut sources: Vec<PathBuf> = std::fs::read_dir(&rtl_dir)
        .unwrap_or_else(|e| {
            panic!("{}: {e}; run `cargo run -p hdl-gen -- generate --out rtl`", rtl_dir.display())
        })
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "sv"))
        .collect();
    sources.sort_by_key(|p| (!p.ends_with("cu_pkg.sv"), p.clone()));
    assert!(sources.first().is_some_and(|p| p.ends_with("cu_pkg.sv")), "rtl/cu_pkg.sv is missing");
    for s in &sources {
        println!("cargo:rerun-if-changed={}", s.display());
    }
    let root = verilator_root();
    let jobs = env::var("NUM_JOBS").unwrap_or_else(|_| "2".into());

    // The model.
    let mut v = Command::new("verilator");
    v.args(["--cc", "--build", "-O3", "--x-assign", "fast", "--x-initial", "fast", "--trace"])
        .args(["--top-module", "cu_top", "-Wno-fatal", "-j", &jobs])
        .args(["-CFLAGS", "-O2 -fPIC"])
        .arg("-Mdir")
        .arg(&mdir)
        .args(&sources);
    run(&mut v, "verilator");

    // The runtime, from the makefile Verilator wrote (VM_TRACE=1 there, as the model needs).
    let rt_objs = ["verilated.o", "verilated_vcd_c.o", "verilated_threads.o"];
    let mut make = Command::new("make");
    make.current_dir(&mdir).args([
        "-f",
        "Vcu_top.mk",
        "-j",
        &jobs,
        "OPT_FAST=-O2 -fPIC",
        "OPT_SLOW=-O2 -fPIC",
    ]);
    make.args(rt_objs);
    run(&mut make, "building the Verilator runtime");
    let lib = mdir.join("libverilated_rt.a");
    let _ = std::fs::remove_file(&lib);
    let mut ar = Command::new("ar");
    ar.current_dir(&mdir).arg("rcs").arg(&lib).args(rt_objs);
    run(&mut ar, "archiving the Verilator runtime");

    // The shim and the bridge.
    let include = root.join("include");
    cxx_build::bridge("src/rtl/ffi.rs")
        .file("src/rtl/shim.cpp")
        .include(&mdir)
        .include(&include)
        .include(include.join("vltstd"))
        .include(manifest.join("src/rtl"))
        .define("VM_TRACE", "1")
        .define("VM_TRACE_VCD", "1")
        .flag_if_supported("-std=c++17")
        .flag_if_supported("-faligned-new")
        .flag_if_supported("-Wno-unused-parameter")
        .opt_level(2)
        .compile("cu_shim");

    // The model's default wave count, for the harness.
    let top = std::fs::read_to_string(rtl_dir.join("cu_top.sv")).expect("reading cu_top.sv");
    let waves = top
        .lines()
        .find_map(|l| l.trim().strip_prefix("parameter int unsigned NumWaves = "))
        .and_then(|v| v.trim_end_matches(',').trim().parse::<u32>().ok())
        .expect("cu_top.sv declares `parameter int unsigned NumWaves = N`");
    println!("cargo:rustc-env=CU_NUM_WAVES={waves}");

    // rustc wants lib*.a.
    std::fs::copy(mdir.join("Vcu_top__ALL.a"), mdir.join("libcu_model.a"))
        .expect("copying the model archive");
    link_static(&mdir, "cu_model");
    link_static(&mdir, "verilated_rt");
    println!("cargo:rustc-link-lib=dylib=pthread");
    println!("cargo:rustc-link-lib=dylib=stdc++");
}

fn link_static(dir: &Path, name: &str) {
    println!("cargo:rustc-link-search=native={}", dir.display());
    println!("cargo:rustc-link-lib=static={name}");
}
