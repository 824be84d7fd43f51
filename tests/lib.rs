//! Shared pieces of the cross-crate tests: random program generators for property-based
//! co-simulation, the check that Verilator is present, building and running the units'
//! Verilator testbenches, and the long tests' progress line.

pub mod asm_lines;
pub mod float_edges;
pub mod llvm_fuzz;
pub mod progress;
pub mod scalar_programs;
pub mod testbench;
pub mod vector_programs;

/// Whether Verilator is on PATH. Without it a test that needs it fails with a message saying
/// how to install it, unless `RDNA3_SKIP_VERILATOR=1` asks to skip explicitly (then this
/// returns false and the caller returns early).
pub fn require_verilator(test: &str) -> bool {
    let present =
        std::process::Command::new("verilator").arg("--version").output().is_ok_and(|o| o.status.success());
    if present {
        return true;
    }
    if std::env::var("RDNA3_SKIP_VERILATOR").as_deref() == Ok("1") {
        eprintln!("{test}: verilator not on PATH; skipped because RDNA3_SKIP_VERILATOR=1");
        return false;
    }
    panic!(
        "{test}: verilator is not on PATH.\nInstall it with `apt-get install -y verilator` (Debian 12 \
         ships 5.006, which works), or set RDNA3_SKIP_VERILATOR=1 to skip Verilator tests explicitly."
    );
}

/// Whether the RTL model `name` (`cu`, `cu_l4`, `cu_l8`) is in this build of sim. Every model
/// is unless `RDNA3_MODELS` named a subset (the mutation check rebuilds `cu` alone): a model
/// left out that way is skipped with a notice, so that a test's runs on the models that are
/// there decide whether it passes; a model missing while `RDNA3_MODELS` does not narrow the
/// build fails the test.
pub fn model_built(name: &str) -> bool {
    if sim::rtl::variant(name).is_some() {
        return true;
    }
    match std::env::var("RDNA3_MODELS") {
        Ok(names) if !names.split(',').any(|n| n.trim() == name) => {
            eprintln!("model {name} skipped: RDNA3_MODELS={names} leaves it out of this build");
            false
        }
        _ => panic!(
            "the RTL model {name} is not built (sim's build script builds every model unless RDNA3_MODELS names some)"
        ),
    }
}

/// Runs an LLVM 19 tool and returns its standard output; a missing tool or a failure fails
/// the test, saying how to install LLVM 19.
pub fn llvm_tool(tool: &str, args: &[&str]) -> Vec<u8> {
    let out = std::process::Command::new(tool).args(args).output().unwrap_or_else(|e| {
        panic!("{tool}: {e}. These tests compare with LLVM 19: install it (`apt-get install -y llvm-19`)")
    });
    assert!(
        out.status.success(),
        "{tool} {}: {}\n{}",
        args.join(" "),
        out.status,
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

/// Writes `src` to `DIR/TAG.s`, assembles it into `DIR/TAG.o` with llvm-mc-19 and lists that
/// object with `llvm-objdump-19 -d --mcpu=gfx1100`: the object's path and the listing.
pub fn llvm_object(dir: &std::path::Path, tag: &str, src: &str) -> (String, String) {
    let s = dir.join(format!("{tag}.s")).display().to_string();
    let obj = dir.join(format!("{tag}.o")).display().to_string();
    std::fs::write(&s, src).unwrap_or_else(|e| panic!("{s}: {e}"));
    llvm_tool("llvm-mc-19", &["-arch=amdgcn", "-mcpu=gfx1100", "-filetype=obj", &s, "-o", &obj]);
    let listing =
        String::from_utf8_lossy(&llvm_tool("llvm-objdump-19", &["-d", "--mcpu=gfx1100", &obj])).into_owned();
    (obj, listing)
}

/// The per-family check of the fuzz tests against LLVM: writes `dump` (the differing cases)
/// to `$RDNA3_FUZZ_DUMP` when set, then fails naming every family whose agreement (`agree`
/// of `cases`) is below its floor (percent, in `llvm_fuzz::FAMILIES` order), with the first
/// differences. The floors rise as the tools learn LLVM's rules; a family at 100% stays there.
pub fn assert_floors(tool: &str, seed: u64, results: &[(usize, usize)], floor: &[usize], dump: &str) {
    if let Ok(path) = std::env::var("RDNA3_FUZZ_DUMP") {
        std::fs::write(&path, dump).unwrap_or_else(|e| panic!("{path}: {e}"));
    }
    let below: Vec<String> = llvm_fuzz::FAMILIES
        .iter()
        .zip(results)
        .zip(floor)
        .filter(|((_, (agree, cases)), floor)| agree * 100 < *floor * cases)
        .map(|(((name, _), (agree, cases)), floor)| format!("{name}: {agree}/{cases} agree, below {floor}%"))
        .collect();
    assert!(
        below.is_empty(),
        "families below their agreement floor with {tool} (seed {seed:#x}): {}\nthe first differences:\n{}",
        below.join(", "),
        dump.lines().take(60).collect::<Vec<_>>().join("\n")
    );
}

/// `a` of `b` in percent (100 when `b` is 0).
pub fn pct(a: usize, b: usize) -> f64 {
    if b == 0 { 100.0 } else { 100.0 * a as f64 / b as f64 }
}

/// A number from the environment variable `name` (a test's size or seed), or `default`.
pub fn env_u64(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// Edge values of F32 for the float tests: signed zeros, denormals (the smallest of each sign,
/// the largest), the smallest normal, the largest finite value, infinities, a quiet and a
/// signalling NaN of each sign, +1, -1 and 2^-23.
pub const F32_EDGES: [u32; 16] = [
    0,
    0x8000_0000,
    1,
    0x8000_0001,
    0x007f_ffff,
    0x0080_0000,
    0x7f7f_ffff,
    0x7f80_0000,
    0xff80_0000,
    0x7fc0_0000,
    0xffc0_0001,
    0x7f80_0001,
    0xffa0_0000,
    0x3f80_0000,
    0xbf80_0000,
    0x3400_0000,
];

/// The same for F64 (without 2^-52).
pub const F64_EDGES: [u64; 14] = [
    0,
    0x8000_0000_0000_0000,
    1,
    0x800f_ffff_ffff_ffff,
    0x0010_0000_0000_0000,
    0x7fef_ffff_ffff_ffff,
    0x7ff0_0000_0000_0000,
    0xfff0_0000_0000_0000,
    0x7ff8_0000_0000_0000,
    0xfff8_0000_0000_0001,
    0x7ff0_0000_0000_0001,
    0xfff4_0000_0000_0000,
    0x3ff0_0000_0000_0000,
    0xbff0_0000_0000_0000,
];

/// A command's standard output and error, for a failure message.
pub fn output_text(out: &std::process::Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr))
}

/// A fresh directory `name` inside `tmp` (a test's `CARGO_TARGET_TMPDIR`), one per process.
pub fn fresh_dir(tmp: &str, name: &str) -> std::path::PathBuf {
    let dir = std::path::Path::new(tmp).join(format!("{name}-{}", std::process::id()));
    if dir.exists() {
        std::fs::remove_dir_all(&dir).unwrap_or_else(|e| panic!("removing {}: {e}", dir.display()));
    }
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("creating {}: {e}", dir.display()));
    dir
}
