//! Speed of the model and the co-simulation, on the example programs: the Verilator model
//! alone (cycles per second), and co-simulation (retired instructions per second, every one
//! compared). `cargo bench -p sim`; the figures go into the README. With `--verilator-build`,
//! also times a from-scratch Verilator build of the model. (Generation: `cargo bench -p hdl-gen`.)

use std::path::Path;
use std::time::Instant;

use sim::cosim::{Options, WaveInit, cosim};
use sim::golden::Code;
use sim::rtl::default_variant;

fn program(name: &str) -> Code {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../examples").join(name);
    let src = std::fs::read_to_string(&path).expect("example program");
    let prog = rdna3_isa::asm::assemble(&src, name).expect("assembles");
    Code::new(0x10000, prog.dwords())
}

fn waves() -> Vec<WaveInit> {
    (0..default_variant().num_waves as usize)
        .map(|k| {
            let mut w = WaveInit::new(0x10000);
            w.sgpr[0] = k as u32;
            w
        })
        .collect()
}

fn best_of<T>(runs: usize, mut f: impl FnMut() -> T) -> (f64, T) {
    let mut best = f64::MAX;
    let mut out = None;
    for _ in 0..runs {
        let t = Instant::now();
        let r = f();
        best = best.min(t.elapsed().as_secs_f64());
        out = Some(r);
    }
    (best, out.expect("at least one run"))
}

fn main() {
    for (name, model) in [("crc32.s", "cu"), ("sort.s", "cu"), ("hash.s", "cu"), ("hash.s", "cu_l4")] {
        if sim::rtl::variant(model).is_none() {
            println!("{name}: model {model} not built (RDNA3_MODELS)");
            continue;
        }
        let code = program(name);
        let w = waves();
        let base = Options { model: model.to_string(), ..Options::default() };
        let rtl_only = Options { rtl_only: true, ..base.clone() };
        let (t, r) = best_of(5, || cosim(&code, &w, &rtl_only).expect("runs"));
        println!(
            "{name}, {} waves, model {model}, RTL model alone: {} cycles in {:.3} s = {:.2} M cycles/s",
            w.len(),
            r.cycles,
            t,
            r.cycles as f64 / t / 1e6
        );
        let (t, r) = best_of(5, || cosim(&code, &w, &base).expect("agrees"));
        println!(
            "{name}, {} waves, model {model}, co-simulation: {} instructions retired and compared in {:.3} s = {:.0} k instructions/s ({:.2} M cycles/s)",
            w.len(),
            r.retired,
            t,
            r.retired as f64 / t / 1e3,
            r.cycles as f64 / t / 1e6
        );
        if r.valu > 0 {
            // Issue rate once the waves run: vector instructions per cycle after setup, with
            // the default fetch (1-8 cycles, 10% backpressure) and with a fast one.
            let fast = Options { latency: (1, 2), backpressure: 0, ..base.clone() };
            let f = cosim(&code, &w, &fast).expect("agrees");
            println!(
                "{name}, model {model}: {} vector instructions in {} cycles after setup: {:.3} per cycle ({:.3} with 1-2 cycle fetch)",
                r.valu,
                r.cycles - r.start,
                r.valu as f64 / (r.cycles - r.start) as f64,
                f.valu as f64 / (f.cycles - f.start) as f64
            );
        }
    }

    if std::env::args().any(|a| a == "--verilator-build") {
        let rtl = Path::new(env!("CARGO_MANIFEST_DIR")).join("../rtl");
        let dir = std::env::temp_dir().join(format!("rdna3-vl-bench-{}", std::process::id()));
        let mut srcs: Vec<_> = std::fs::read_dir(&rtl)
            .expect("rtl/")
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "sv"))
            .collect();
        srcs.sort_by_key(|p| !p.ends_with("cu_pkg.sv"));
        let t = Instant::now();
        let st = std::process::Command::new("verilator")
            .args(["--cc", "--build", "-O3", "--x-assign", "fast", "--x-initial", "0", "--trace", "-j", "2"])
            .args(["--top-module", "cu_top", "-CFLAGS", "-fPIC", "-Mdir"])
            .arg(&dir)
            .args(&srcs)
            .output()
            .expect("verilator");
        assert!(st.status.success(), "verilator failed");
        println!("verilator --build of the model: {:.1} s", t.elapsed().as_secs_f64());
        std::fs::remove_dir_all(&dir).ok();
    }
}
