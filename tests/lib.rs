//! Shared pieces of the cross-crate tests: random program generators for property-based
//! co-simulation, and the check that Verilator is present.

pub mod llvm_fuzz;
pub mod scalar_programs;
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
