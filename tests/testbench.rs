//! Building and running the units' own Verilator testbenches (`tests/rtl/tb_*`): one place for
//! the Verilator call, the run, and the check of the testbench's verdict line, which every
//! unit test (decoder, DS, LDS, F32, F64, buffer formats, waitcnt) shares.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::Command;

/// A generated RTL file, `rtl/<name>`.
pub fn rtl(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../rtl").join(name)
}

/// A testbench source, `tests/rtl/<name>`.
pub fn tb(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("rtl").join(name)
}

/// Builds the testbench whose top module is `top` from `sources` (SystemVerilog and the C++
/// driver) into `obj`, with `flags` added to Verilator's (optimisation, parameters, X
/// handling), and returns the executable. A missing source or a failed build fails the test
/// with Verilator's output.
pub fn verilate(obj: &Path, top: &str, flags: &[String], sources: &[PathBuf]) -> PathBuf {
    for s in sources {
        assert!(s.is_file(), "the {top} testbench: missing source {}", s.display());
    }
    let build = Command::new("verilator")
        .args(["--cc", "--exe", "--build", "-j", "2", "--top-module", top, "--Mdir"])
        .arg(obj)
        .args(flags)
        .args(sources)
        .output()
        .unwrap_or_else(|e| panic!("running verilator for the {top} testbench: {e}"));
    assert!(
        build.status.success(),
        "building the {top} testbench with verilator failed ({}):\n{}",
        build.status,
        crate::output_text(&build)
    );
    obj.join(format!("V{top}"))
}

/// Runs the testbench `exe` with `args` and returns its verdict: the first output line that
/// starts with `verdict` (`PASS tb_cu_fp32:`, `DONE tb_cu_ds`). A run that exits with an
/// error, prints no verdict or prints any line starting with `FAIL` fails the test, saying
/// that `what` is wrong and how to rerun the testbench by hand.
pub fn run<S: AsRef<OsStr>>(exe: &Path, args: &[S], verdict: &str, what: &str) -> String {
    let run =
        Command::new(exe).args(args).output().unwrap_or_else(|e| panic!("running {}: {e}", exe.display()));
    let out = crate::output_text(&run);
    let line = out.lines().find(|l| l.starts_with(verdict));
    let failed = out.lines().any(|l| l.starts_with("FAIL"));
    assert!(
        run.status.success() && line.is_some() && !failed,
        "{what} ({}); rerun with `{} {}`:\n{out}",
        run.status,
        exe.display(),
        args.iter().map(|a| a.as_ref().to_string_lossy()).collect::<Vec<_>>().join(" ")
    );
    line.unwrap_or_default().to_string()
}
