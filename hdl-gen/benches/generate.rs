//! Time to render the SystemVerilog from the ISA table. `cargo bench -p hdl-gen`.

use std::time::Instant;

fn main() {
    let mut best = f64::MAX;
    let mut files = Vec::new();
    for _ in 0..20 {
        let t = Instant::now();
        files = hdl_gen::sv::generate(&hdl_gen::sv::Config::default()).expect("generate");
        best = best.min(t.elapsed().as_secs_f64());
    }
    let lines: usize = files.iter().map(|f| f.text.lines().count()).sum();
    println!("generate: {} files, {lines} lines of SystemVerilog in {:.1} ms", files.len(), best * 1e3);
}
