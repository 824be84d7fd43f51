//! VCD traces of the RTL and of the golden model, including a trace opened in the middle of a
//! run (what co-simulation does for the window before a mismatch).

use sim::cosim::{Options, WaveInit, cosim};
use sim::golden::Code;

fn code() -> Code {
    let src = "s_mov_b32 s1, 7\nloop:\n s_sub_u32 s1, s1, 1\n s_cmp_lg_u32 s1, 0\n s_cbranch_scc1 loop\n s_endpgm\n";
    Code::new(0x1000, rdna3_isa::asm::assemble(src, "t.s").expect("assembles").dwords())
}

fn tmp(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("{}-{name}", std::process::id()))
}

#[test]
fn rtl_and_golden_traces_are_written() {
    let (rtl, golden) = (tmp("rtl.vcd"), tmp("golden.vcd"));
    let opts = Options { vcd: Some(rtl.clone()), golden_vcd: Some(golden.clone()), ..Options::default() };
    let r = cosim(&code(), &[WaveInit::new(0x1000)], &opts).expect("agrees");
    let rtl_text = std::fs::read_to_string(&rtl).expect("RTL trace");
    let golden_text = std::fs::read_to_string(&golden).expect("golden trace");
    assert!(rtl_text.contains("$timescale 1ps $end") && rtl_text.contains("rt_valid_o"));
    assert!(golden_text.contains("$timescale 1 ps $end") && golden_text.contains(" s1 $end"));
    // The last golden change is at the rising edge of the cycle that retired s_endpgm,
    // 10 * cycle - 5, and the RTL trace covers it.
    let last_golden =
        golden_text.lines().filter_map(|l| l.strip_prefix('#')).filter_map(|t| t.parse::<u64>().ok()).max();
    let last_rtl =
        rtl_text.lines().filter_map(|l| l.strip_prefix('#')).filter_map(|t| t.parse::<u64>().ok()).max();
    let (g, t) = (last_golden.expect("timestamps"), last_rtl.expect("timestamps"));
    assert_eq!(g % 10, 5, "golden changes sit on rising edges");
    assert!(g <= t && t <= 10 * r.cycles, "golden {g}, RTL {t}, cycles {}", r.cycles);
    std::fs::remove_file(rtl).ok();
    std::fs::remove_file(golden).ok();
}

#[test]
fn a_trace_can_start_in_the_middle_of_a_run() {
    let mut m = sim::rtl::Model::new(sim::rtl::DEFAULT).expect("the default model");
    for _ in 0..50 {
        m.step();
    }
    let path = tmp("mid.vcd");
    m.open_vcd(&path).expect("opens");
    for _ in 0..10 {
        m.step();
    }
    m.close_vcd().expect("writes the trace");
    let text = std::fs::read_to_string(&path).expect("trace");
    let stamps: Vec<u64> =
        text.lines().filter_map(|l| l.strip_prefix('#')).filter_map(|t| t.parse().ok()).collect();
    assert_eq!(stamps.first(), Some(&520), "the first dump is at the cycle the trace opened");
    assert_eq!(stamps.len(), 20, "two dumps per cycle");
    assert!(m.open_vcd(std::path::Path::new("/nonexistent-dir/x.vcd")).is_err());
    std::fs::remove_file(path).ok();
}

/// Runs `f` on a thread and fails, rather than hangs, if it takes more than a minute (a write
/// error inside Verilator's trace writer used to deadlock).
fn within_a_minute<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || tx.send(f()));
    rx.recv_timeout(std::time::Duration::from_secs(60)).expect("finishes instead of hanging")
}

/// A program the RTL does not execute (a float add faults there as not implemented) and the
/// golden model does: a mismatch on the second instruction.
fn mismatching() -> Code {
    let src = "s_mov_b32 s1, 7\nv_add_f32 v0, v1, v2\ns_endpgm\n";
    Code::new(0x1000, rdna3_isa::asm::assemble(src, "t.s").expect("assembles").dwords())
}

/// A trace to a full device (/dev/full fails every write with ENOSPC, as a full disk does)
/// stops the run with an error that names the file, for each of the three traces.
#[test]
fn a_full_disk_stops_the_run_with_an_error_naming_the_file() {
    let full = std::path::PathBuf::from("/dev/full");
    let rtl = Options { vcd: Some(full.clone()), ..Options::default() };
    let golden = Options { golden_vcd: Some(full.clone()), ..Options::default() };
    for opts in [rtl, golden] {
        let e = within_a_minute(move || cosim(&code(), &[WaveInit::new(0x1000)], &opts).map(|_| ()));
        let text = e.expect_err("the trace cannot be written").to_string();
        assert!(text.contains("/dev/full") && text.contains("No space left on device"), "{text}");
    }
    // The window before a mismatch: the mismatch is still reported, with why there is no
    // waveform.
    let opts = Options { window_vcd: Some(full.clone()), ..Options::default() };
    let e = within_a_minute(move || cosim(&mismatching(), &[WaveInit::new(0x1000)], &opts).map(|_| ()));
    let Err(sim::cosim::CosimError::Mismatch(m)) = e else { panic!("a mismatch: {e:?}") };
    assert_eq!(m.window_vcd, None);
    let why = m.window_vcd_error.expect("says why there is no waveform");
    assert!(why.contains("/dev/full") && why.contains("No space left on device"), "{why}");
}

/// Stopping a run (what Ctrl-C does) leaves both traces whole: every line complete, the
/// golden trace's last change at a rising edge.
#[test]
fn an_interrupted_run_finishes_its_traces() {
    static STOP: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(true);
    let (rtl, golden) = (tmp("int-rtl.vcd"), tmp("int-golden.vcd"));
    let opts = Options {
        vcd: Some(rtl.clone()),
        golden_vcd: Some(golden.clone()),
        stop: Some(&STOP),
        ..Options::default()
    };
    let e = cosim(&code(), &[WaveInit::new(0x1000)], &opts).expect_err("stopped");
    assert!(matches!(e, sim::cosim::CosimError::Interrupted(_)), "{e}");
    for path in [&rtl, &golden] {
        let text = std::fs::read_to_string(path).expect("trace");
        assert!(text.contains("$enddefinitions $end") && text.ends_with('\n'), "{}", path.display());
        std::fs::remove_file(path).ok();
    }
}
