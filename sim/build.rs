//! Builds the Verilator models of the generated compute unit and the C++ shim that
//! `src/rtl/mod.rs` drives through cxx.
//!
//! The models are built from the generator itself (hdl-gen, a build dependency), for each
//! configuration in [`VARIANTS`]: the default one is what `rtl/` holds (a test keeps `rtl/`
//! equal to the generator's output), the others let the tests run the same programs at other
//! lane counts. The port glue comes from the one port list (`hdl_gen::sv::ports`): a C++ class
//! per model that moves port values between the model and flat buffers of dwords, and the Rust
//! map of where each port sits in those buffers.
//!
//! The `verilator` crate (0.1.6) cannot drive Verilator 5, so this runs Verilator directly:
//! `verilator --cc --build` compiles each model into an archive (with `--prefix`, so that
//! several live in one binary), the generated makefile builds the runtime objects, and
//! cxx_build compiles the shim. Without the `rtl` feature nothing is built and only the golden
//! model is available.

use std::env;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use hdl_gen::sv::Config;
use hdl_gen::sv::ports::{Dir, Port, ports};

/// The models built: a name (the C++ prefix `V<name>`) and the configuration. The default
/// configuration comes first. `RDNA3_MODELS=cu` builds only the models named (the mutation
/// check rebuilds one model per mutant).
fn variants() -> Vec<(&'static str, Config)> {
    let all = vec![
        ("cu", Config::default()),
        // (With 64-byte lines: a wave's contiguous dwords take two beats of the vector port.)
        (
            "cu_l4",
            Config {
                num_waves: 8,
                lanes: 4,
                fp_stages: 1,
                trans_steps: 1,
                vmem_line_bytes: 64,
                ..Config::default()
            },
        ),
        // Issue 8's second lane count, with the FP units combinational and a 3-cycle
        // transcendental unit: the pipeline depths the other two do not run.
        ("cu_l8", Config { lanes: 8, fp_stages: 0, trans_steps: 13, ..Config::default() }),
    ];
    match env::var("RDNA3_MODELS") {
        Ok(names) if !names.trim().is_empty() => {
            let names: Vec<&str> = names.split(',').map(str::trim).collect();
            let chosen: Vec<_> = all.into_iter().filter(|(n, _)| names.contains(n)).collect();
            assert!(!chosen.is_empty(), "RDNA3_MODELS={names:?} names none of the models (cu, cu_l4, cu_l8)");
            chosen
        }
        _ => all,
    }
}

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

/// Offsets of the ports in the input and the output buffer, in port-list order.
fn layout(ps: &[Port]) -> (Vec<u32>, u32, u32) {
    let (mut inp, mut out) = (0u32, 0u32);
    let mut offs = Vec::new();
    for p in ps {
        let at = match p.dir {
            Dir::In => &mut inp,
            Dir::Out => &mut out,
        };
        offs.push(*at);
        *at += p.words();
    }
    (offs, inp, out)
}

/// The C++ that copies one port between the model `t` and the buffer `b` at `off`.
fn copy_port(p: &Port, off: u32) -> String {
    let (name, words) = (p.name, p.words());
    match (p.dir, p.bits) {
        (Dir::In, 1..=32) => {
            format!("  t.{name} = static_cast<std::remove_reference_t<decltype(t.{name})>>(in[{off}]);\n")
        }
        (Dir::In, 33..=64) => {
            format!("  t.{name} = uint64_t(in[{off}]) | uint64_t(in[{}]) << 32;\n", off + 1)
        }
        (Dir::In, _) => format!("  for (int i = 0; i < {words}; ++i) t.{name}[i] = in[{off} + i];\n"),
        (Dir::Out, 1..=32) => format!("  out[{off}] = t.{name};\n"),
        (Dir::Out, 33..=64) => {
            format!("  out[{off}] = uint32_t(t.{name});\n  out[{}] = uint32_t(t.{name} >> 32);\n", off + 1)
        }
        (Dir::Out, _) => format!("  for (int i = 0; i < {words}; ++i) out[{off} + i] = t.{name}[i];\n"),
    }
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=src/rtl/shim.h");
    println!("cargo:rerun-if-changed=src/rtl/shim.cpp");
    println!("cargo:rerun-if-changed=src/rtl/ffi.rs");
    println!("cargo:rerun-if-env-changed=PATH");
    println!("cargo:rerun-if-env-changed=RDNA3_MODELS");
    let out = PathBuf::from(env::var("OUT_DIR").expect("OUT_DIR"));
    let manifest = PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("CARGO_MANIFEST_DIR"));
    let vars = variants();

    // The Rust side of the port glue (needed with or without the model: the retire codes and
    // port names are part of the co-simulation's API).
    let mut rs = String::from("// Generated by sim/build.rs from hdl_gen::sv::ports. DO NOT EDIT.\n\n");
    let ps0 = ports(&vars[0].1);
    rs.push_str("/// Where every port of `cu_top` sits in the model's input or output buffer.\n");
    rs.push_str("#[derive(Clone, Copy, Debug)]\n#[allow(dead_code)]\npub struct Ports {\n");
    for p in &ps0 {
        let _ = writeln!(
            rs,
            "    /// `{}`{}",
            p.name,
            if p.doc.is_empty() { String::new() } else { format!(": {}", p.doc) }
        );
        let _ = writeln!(rs, "    pub {}: Port,", p.short());
    }
    rs.push_str("}\n\n/// The models built into this binary.\npub static VARIANTS: &[Variant] = &[\n");
    for (name, cfg) in &vars {
        let ps = ports(cfg);
        let (offs, nin, nout) = layout(&ps);
        let _ = writeln!(
            rs,
            "    Variant {{ name: {name:?}, num_waves: {}, lanes: {}, vgprs: {}, lds_bytes: {}, lds_banks: {}, vmem_line_bytes: {}, in_words: {nin}, out_words: {nout}, ports: Ports {{",
            cfg.num_waves, cfg.lanes, cfg.vgprs, cfg.lds_bytes, cfg.lds_banks, cfg.vmem_line_bytes
        );
        for (p, off) in ps.iter().zip(&offs) {
            let _ = writeln!(
                rs,
                "        {}: Port {{ off: {off}, words: {}, bits: {} }},",
                p.short(),
                p.words(),
                p.bits
            );
        }
        rs.push_str("    } },\n");
    }
    rs.push_str("];\n");
    std::fs::write(out.join("ports.rs"), rs).expect("writing ports.rs");

    if env::var_os("CARGO_FEATURE_RTL").is_none() {
        return;
    }
    let root = verilator_root();
    let jobs = env::var("NUM_JOBS").unwrap_or_else(|_| "2".into());

    // The models are built once per target directory, in `target/verilated/`, not per build
    // script output directory: `cargo clippy` and `cargo test` (and a change of features) give
    // the package different output directories, and a model takes minutes to build. A lock
    // file keeps two build scripts from writing there at once; the archives are linked from
    // this output directory (hard links), so a later rebuild cannot change them under a link.
    let shared = out.ancestors().nth(4).unwrap_or(&out).join("verilated");
    std::fs::create_dir_all(&shared).expect("creating target/verilated");
    let lock = std::fs::File::create(shared.join(".lock")).expect("creating target/verilated/.lock");
    lock.lock().expect("locking target/verilated");
    let mut cpp =
        String::from("// Generated by sim/build.rs from hdl_gen::sv::ports. DO NOT EDIT.\n#pragma once\n\n");
    let mut archives = Vec::new();
    let mut rt_dir = None;
    for (name, cfg) in &vars {
        let rtl = shared.join(format!("rtl-{name}"));
        let files =
            hdl_gen::sv::generate(cfg).unwrap_or_else(|e| panic!("generating the RTL for {name}: {e:#}"));
        let mdir = shared.join(format!("verilated-{name}"));
        let prefix = format!("V{name}");
        let lib = format!("{name}_model");
        hdl_gen::sv::write_dir(&rtl, &files).unwrap_or_else(|e| panic!("{e:#}"));
        let mut sources: Vec<PathBuf> = files.iter().map(|f| rtl.join(&f.name)).collect();
        sources.sort_by_key(|p| (!p.ends_with("cu_pkg.sv"), p.clone()));
        // `--x-initial 0`: a new model's registers and arrays (the SGPR and VGPR files
        // among them) hold zeros, as the golden model's do, so the co-simulation writes
        // only the nonzero ones through the dispatcher port (sim::cosim's setup).
        let mut v = Command::new("verilator");
        v.args(["--cc", "--build", "-O3", "--x-assign", "fast", "--x-initial", "0", "--trace"])
            .args(["--top-module", "cu_top", "--prefix", &prefix, "-Wno-fatal", "-j", &jobs])
            // No -O here: Verilator's makefile puts OPT_FAST (-Os) after these flags on the hot
            // code's files, so that code was always -Os, and a -O2 here only reached the
            // __Slow files (construction, reset, a trace's first full dump, run once), which
            // OPT_SLOW leaves unoptimised. That cut the build of the 4-lane model from 120 s
            // to 96 s, with the simulation code compiled exactly as before.
            .args(["-CFLAGS", "-fPIC"])
            .arg("-Mdir")
            .arg(&mdir)
            .args(&sources);
        // The build script reruns whenever the generator or the ISA crate changes, which
        // mostly leaves the RTL as it was: a model built from the same sources with the same
        // command is kept.
        let stamp = mdir.join("model.stamp");
        let key = format!("{v:?}\n{}", files.iter().map(|f| f.text.as_str()).collect::<String>());
        let unchanged = mdir.join(format!("lib{lib}.a")).exists()
            && std::fs::read_to_string(&stamp).is_ok_and(|k| k == key);
        if !unchanged {
            let _ = std::fs::remove_file(&stamp);
            run(&mut v, &format!("verilator ({name})"));
            let archive = mdir.join(format!("lib{lib}.a"));
            let _ = std::fs::remove_file(&archive);
            std::fs::copy(mdir.join(format!("{prefix}__ALL.a")), &archive)
                .expect("copying the model archive");
            std::fs::write(&stamp, key).expect("writing the model's stamp");
        }
        link_into(&out, &mdir.join(format!("lib{lib}.a")));
        archives.push((mdir.clone(), lib));
        rt_dir.get_or_insert((mdir, prefix.clone()));

        // The port glue of this model.
        let ps = ports(cfg);
        let (offs, _, _) = layout(&ps);
        let _ = writeln!(cpp, "#include \"{prefix}.h\"\n");
        let _ = writeln!(cpp, "inline void set_inputs({prefix}& t, const uint32_t* in) {{");
        for (p, off) in ps.iter().zip(&offs).filter(|(p, _)| p.dir == Dir::In && p.name != "clk_i") {
            cpp.push_str(&copy_port(p, *off));
        }
        let _ = writeln!(cpp, "}}\n\ninline void get_outputs(const {prefix}& t, uint32_t* out) {{");
        for (p, off) in ps.iter().zip(&offs).filter(|(p, _)| p.dir == Dir::Out) {
            cpp.push_str(&copy_port(p, *off));
        }
        cpp.push_str("}\n\n");
    }
    let names: Vec<String> = vars.iter().map(|(n, _)| format!("V{n}")).collect();
    let _ = writeln!(
        cpp,
        "#define RDNA3_FOR_EACH_MODEL(X) {}",
        names.iter().map(|n| format!("X({n})")).collect::<Vec<_>>().join(" ")
    );
    std::fs::write(out.join("ports_gen.h"), cpp).expect("writing ports_gen.h");

    // The runtime, from the makefile Verilator wrote (VM_TRACE=1 there, as the models need).
    let (mdir, prefix) = rt_dir.expect("at least one model");
    let rt_objs = ["verilated.o", "verilated_vcd_c.o", "verilated_threads.o"];
    let mut make = Command::new("make");
    make.current_dir(&mdir).args([
        "-f",
        &format!("{prefix}.mk"),
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
    let mut b = cxx_build::bridge("src/rtl/ffi.rs");
    b.file("src/rtl/shim.cpp")
        .include(&out)
        .include(&include)
        .include(include.join("vltstd"))
        .include(manifest.join("src/rtl"));
    for (d, _) in &archives {
        b.include(d);
    }
    b.define("VM_TRACE", "1")
        .define("VM_TRACE_VCD", "1")
        .flag_if_supported("-std=c++17")
        .flag_if_supported("-faligned-new")
        .flag_if_supported("-Wno-unused-parameter")
        .opt_level(2)
        .compile("cu_shim");

    link_into(&out, &lib);
    drop(lock);
    println!("cargo:rustc-link-search=native={}", out.display());
    for (_, lib) in &archives {
        println!("cargo:rustc-link-lib=static={lib}");
    }
    println!("cargo:rustc-link-lib=static=verilated_rt");
    println!("cargo:rustc-link-lib=dylib=pthread");
    println!("cargo:rustc-link-lib=dylib=stdc++");
}

/// Puts `file` into the output directory `out` for the linker: a hard link (a copy across
/// file systems), replacing what was there.
fn link_into(out: &Path, file: &Path) {
    let to = out.join(file.file_name().expect("a file name"));
    let _ = std::fs::remove_file(&to);
    if std::fs::hard_link(file, &to).is_err() {
        std::fs::copy(file, &to)
            .unwrap_or_else(|e| panic!("copying {} to {}: {e}", file.display(), to.display()));
    }
}
