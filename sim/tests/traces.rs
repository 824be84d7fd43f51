//! VCD traces of the RTL and of the golden model, including a trace opened in the middle of a
//! run (what co-simulation does for the window before a mismatch), and the GTKWave save files
//! written beside them: every signal a save file names is in its trace, the instruction text
//! in both traces is what retired, and GTKWave itself opens every save file.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use sim::cosim::{Options, WaveInit, cosim};
use sim::golden::Code;
use sim::rtl::TraceDepth;

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
    m.open_vcd(&path, TraceDepth::DEFAULT, "").expect("opens");
    for _ in 0..10 {
        m.step();
    }
    m.close_vcd().expect("writes the trace");
    let text = std::fs::read_to_string(&path).expect("trace");
    let stamps: Vec<u64> =
        text.lines().filter_map(|l| l.strip_prefix('#')).filter_map(|t| t.parse().ok()).collect();
    assert_eq!(stamps.first(), Some(&520), "the first dump is at the cycle the trace opened");
    assert_eq!(stamps.len(), 20, "two dumps per cycle");
    assert!(m.open_vcd(std::path::Path::new("/nonexistent-dir/x.vcd"), TraceDepth::All, "").is_err());
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
/// An instruction the golden model executes and the RTL does not yet, the first of a few
/// candidates that is still so.
fn diverging() -> &'static str {
    // (The RTL executes every row of the table the golden model does but the message
    // unit's returning messages, the last candidate.)
    const CANDIDATES: [&str; 9] = [
        "v_add_f16 v0, v1, v2",
        "v_add_f64 v[0:1], v[2:3], v[4:5]",
        "v_sqrt_f32 v0, v1",
        "v_exp_f32 v0, v1",
        "v_wmma_f32_16x16x16_f16 v[0:7], v[8:15], v[16:23], v[0:7]",
        "buffer_load_b32 v0, v1, s[4:7], 0 offen",
        "buffer_load_format_x v0, v1, s[4:7], 0 offen",
        "tbuffer_load_format_x v0, v1, s[4:7], 0 format:[BUF_FMT_32_FLOAT] offen",
        "s_sendmsg_rtn_b32 s0, sendmsg(MSG_RTN_GET_DOORBELL)",
    ];
    let files = hdl_gen::sv::generate(&hdl_gen::sv::Config::default()).expect("generating the RTL");
    let rtl = hdl_gen::sv::rtl_ops(&files);
    CANDIDATES
        .iter()
        .find(|l| {
            let inst = rdna3_isa::asm::assemble_inst(l).expect("a candidate assembles");
            !hdl_gen::sv::rtl_implements(inst.def(), &rtl)
        })
        .expect("the RTL executes every candidate: give these tests another instruction it does not")
}

/// A program on which the models differ: its second instruction is [`diverging`] (it faults
/// as not implemented on the RTL).
fn mismatching() -> Code {
    let src = format!("s_mov_b32 s1, 7\n{}\ns_endpgm\n", diverging());
    Code::new(0x1000, rdna3_isa::asm::assemble(&src, "t.s").expect("assembles").dwords())
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

/// A VCD's header: every variable by the name GTKWave gives it (scopes joined by `.`, a vector
/// with its range, `[width-1:0]` when the VCD gives none, `[n]` for `[n:n]`), with its
/// identifier.
fn vcd_vars(text: &str) -> BTreeMap<String, String> {
    let end = text.find("$enddefinitions").expect("a VCD header");
    let mut t = text[..end].split_whitespace();
    let (mut scopes, mut vars) = (Vec::<String>::new(), BTreeMap::new());
    while let Some(tok) = t.next() {
        match tok {
            "$scope" => {
                let _kind = t.next();
                scopes.push(t.next().expect("scope name").to_string());
            }
            "$upscope" => {
                scopes.pop();
            }
            "$var" => {
                let kind = t.next().expect("var type");
                let width: u32 = t.next().expect("width").parse().expect("a width");
                let id = t.next().expect("id").to_string();
                let name = t.next().expect("name");
                let rest: Vec<&str> = t.by_ref().take_while(|x| *x != "$end").collect();
                let range = match rest.first() {
                    Some(r) => match r.trim_matches(['[', ']']).split_once(':') {
                        Some((a, b)) if a == b => format!("[{a}]"),
                        _ => r.to_string(),
                    },
                    None if width > 1 && kind != "string" => format!("[{}:0]", width - 1),
                    None => String::new(),
                };
                vars.insert(format!("{}.{name}{range}", scopes.join(".")), id);
            }
            _ => {}
        }
    }
    vars
}

/// A GTKWave save file as the viewer reads it.
#[derive(Debug)]
struct SaveFile {
    dumpfile: PathBuf,
    marker: Option<i64>,
    signals: Vec<String>,
    comments: Vec<String>,
}

fn parse_gtkw(path: &Path) -> SaveFile {
    let text = std::fs::read_to_string(path).expect("save file");
    let (mut dumpfile, mut marker, mut signals, mut comments) = (None, None, Vec::new(), Vec::new());
    for line in text.lines() {
        if let Some(d) = line.strip_prefix("[dumpfile] ") {
            // Relative to the save file, as GTKWave resolves it.
            let d = d.trim_matches('"');
            dumpfile = Some(path.parent().expect("a directory").join(d));
        } else if let Some(m) = line.strip_prefix('*') {
            let m: i64 = m.split_whitespace().nth(1).expect("a marker field").parse().expect("a number");
            marker = (m >= 0).then_some(m);
        } else if let Some(c) = line.strip_prefix('-') {
            comments.push(c.to_string());
        } else if !(line.is_empty() || line.starts_with('[') || line.starts_with('@')) {
            signals.push(line.to_string());
        }
    }
    SaveFile { dumpfile: dumpfile.expect("[dumpfile]"), marker, signals, comments }
}

/// The values a string variable takes, in order, with their times (escapes decoded).
fn string_values(text: &str, id: &str) -> Vec<(u64, String)> {
    let mut t = 0;
    let mut out = Vec::new();
    for line in text.lines() {
        if let Some(ts) = line.strip_prefix('#') {
            t = ts.parse().expect("a time");
        } else if let Some(v) = line.strip_prefix('s')
            && let Some((v, i)) = v.rsplit_once(' ')
            && i == id
        {
            out.push((t, v.replace("\\x20", " ")));
        }
    }
    out
}

/// Checks a save file against its trace: the trace it names is the one expected, and every
/// signal it names is there. Returns the trace's text.
fn check_save_file(save: &Path, trace: &Path) -> (SaveFile, String) {
    let s = parse_gtkw(save);
    assert_eq!(s.dumpfile.canonicalize().ok(), trace.canonicalize().ok(), "{}", save.display());
    let text = std::fs::read_to_string(trace).expect("trace");
    let vars = vcd_vars(&text);
    assert!(s.signals.len() >= 8, "{}: {:?}", save.display(), s.signals);
    for sig in &s.signals {
        assert!(vars.contains_key(sig), "{} names {sig}, which {} lacks", save.display(), trace.display());
    }
    (s, text)
}

/// The instructions the loop of [`code`] retires, in order.
fn loop_retires() -> Vec<String> {
    let mut v = vec!["s_mov_b32 s1, 7".to_string()];
    for _ in 0..7 {
        v.extend(["s_sub_u32 s1, s1, 1", "s_cmp_lg_u32 s1, 0", "s_cbranch_scc1 65533"].map(String::from));
    }
    v.push("s_endpgm".into());
    v
}

/// A save file beside each trace names only signals the trace holds, groups them per wave, and
/// both traces carry the text of every retired instruction at the same times.
#[test]
fn save_files_open_their_traces_with_the_instruction_text() {
    let (rtl, golden) = (tmp("s-rtl.vcd"), tmp("s-golden.vcd"));
    let opts = Options {
        vcd: Some(rtl.clone()),
        golden_vcd: Some(golden.clone()),
        trace_depth: TraceDepth::Levels(1),
        ..Options::default()
    };
    let r = cosim(&code(), &[WaveInit::new(0x1000), WaveInit::new(0x1000)], &opts).expect("agrees");
    let (rs, gs) = (rtl.with_extension("gtkw"), golden.with_extension("gtkw"));
    assert_eq!(r.save_files, [rs.clone(), gs.clone()]);
    let (rsave, rtext) = check_save_file(&rs, &rtl);
    let (gsave, gtext) = check_save_file(&gs, &golden);
    for k in 0..2 {
        for sig in ["inst", "pc[47:0]", "status", "scc", "exec[63:0]", "vcc[63:0]", "m0[31:0]", "writes"] {
            assert!(rsave.signals.contains(&format!("cosim.wave{k}.{sig}")), "{sig}: {:?}", rsave.signals);
            assert!(gsave.signals.contains(&format!("golden.wave{k}.{sig}")), "{sig}: {:?}", gsave.signals);
        }
        assert!(rsave.comments.iter().any(|c| c.starts_with(&format!("wave {k}: golden state"))));
    }
    for sig in ["cu.rt_valid_o", "cu.rt_pc_o[47:0]", "cosim.retire.inst", "cosim.retire.writes"] {
        assert!(rsave.signals.iter().any(|s| s == sig), "{sig}");
    }
    // s1 is written, so the golden save file lists it among the registers written.
    assert!(gsave.signals.contains(&"golden.wave1.s1[31:0]".to_string()), "{:?}", gsave.signals);
    assert_eq!(rsave.marker, None);

    // Each wave's text in each trace is the program's retire order, and the two agree in time.
    let (rvars, gvars) = (vcd_vars(&rtext), vcd_vars(&gtext));
    for k in 0..2 {
        let rv = string_values(&rtext, &rvars[&format!("cosim.wave{k}.inst")]);
        let gv = string_values(&gtext, &gvars[&format!("golden.wave{k}.inst")]);
        let texts: Vec<String> = rv.iter().map(|(_, v)| v.clone()).filter(|v| v != "-").collect();
        assert_eq!(texts, loop_retires(), "wave {k}");
        let (rv, gv): (Vec<_>, Vec<_>) = (
            rv.into_iter().filter(|(_, v)| v != "-").collect(),
            gv.into_iter().filter(|(_, v)| v != "-").collect(),
        );
        assert_eq!(rv, gv, "wave {k}: the RTL trace's golden text and the golden trace's");
        assert!(rv.iter().all(|(t, _)| t % 10 == 5), "on rising edges");
    }
    // The retire port's text: both waves' instructions, and `-` in cycles without one.
    let port = string_values(&rtext, &rvars["cosim.retire.inst"]);
    assert_eq!(port.iter().filter(|(_, v)| v == "s_endpgm").count(), 2);
    assert!(port.iter().any(|(_, v)| v == "-"));
    let writes = string_values(&rtext, &rvars["cosim.retire.writes"]);
    assert!(writes.iter().any(|(_, v)| v == "s1=0x00000006 scc=0"), "{writes:?}");
    for p in [rtl, golden, rs, gs] {
        std::fs::remove_file(p).ok();
    }
}

/// After a mismatch, the window's save file opens it with a marker on the diverging
/// instruction, the wave's group first, and what differs written above the signals; so does
/// the golden trace's.
#[test]
fn a_mismatch_save_file_marks_the_diverging_instruction() {
    let (win, golden) = (tmp("m-win.vcd"), tmp("m-golden.vcd"));
    let opts =
        Options { window_vcd: Some(win.clone()), golden_vcd: Some(golden.clone()), ..Options::default() };
    let e = cosim(&mismatching(), &[WaveInit::new(0x1000)], &opts).map(|_| ());
    let Err(sim::cosim::CosimError::Mismatch(m)) = e else { panic!("a mismatch: {e:?}") };
    let (ws, gs) = (win.with_extension("gtkw"), golden.with_extension("gtkw"));
    assert_eq!(m.save_files, [ws.clone(), gs.clone()]);
    assert!(m.to_string().contains(&format!("gtkwave {}", ws.display())), "{m}");
    let at = 10 * m.cycle as i64 - 5;
    let (wsave, wtext) = check_save_file(&ws, &win);
    let (gsave, _) = check_save_file(&gs, &golden);
    for s in [&wsave, &gsave] {
        assert_eq!(s.marker, Some(at));
        assert!(s.comments[0].starts_with("mismatch on wave 0 at the marker"), "{:?}", s.comments);
        assert!(s.comments.iter().any(|c| c.contains("outcome:")), "{:?}", s.comments);
    }
    // At the marker the retire port shows the diverging instruction.
    let vars = vcd_vars(&wtext);
    let port = string_values(&wtext, &vars["cosim.retire.inst"]);
    let mnemonic = diverging().split_whitespace().next().unwrap_or_default();
    assert!(port.iter().any(|(t, text)| *t == at as u64 && text.starts_with(mnemonic)), "{port:?}");
    // Both traces go on past the marker, so that a viewer can show it inside its window.
    for text in [&wtext, &std::fs::read_to_string(&golden).expect("golden trace")] {
        let last =
            text.lines().filter_map(|l| l.strip_prefix('#')).filter_map(|t| t.parse::<i64>().ok()).max();
        assert!(last.is_some_and(|l| l >= at + 100), "{last:?} vs the marker at {at}");
    }
    for p in [win, golden, ws, gs] {
        std::fs::remove_file(p).ok();
    }
}

/// Deeper traces hold more (the top scope is `cu`, sim::rtl::TOP_SCOPE, as the model is named
/// in shim.cpp): the ports alone, then `cu_top`'s own signals (the per-wave state),
/// then everything; the save file's signals are in the shallowest.
#[test]
fn trace_depth_chooses_the_signals_traced() {
    let mut names: Vec<BTreeSet<String>> = Vec::new();
    for depth in [TraceDepth::Levels(1), TraceDepth::Levels(2), TraceDepth::All] {
        let p = tmp(&format!("d{depth}.vcd"));
        let opts = Options { vcd: Some(p.clone()), trace_depth: depth, ..Options::default() };
        cosim(&code(), &[WaveInit::new(0x1000)], &opts).expect("agrees");
        check_save_file(&p.with_extension("gtkw"), &p);
        let text = std::fs::read_to_string(&p).expect("trace");
        names.push(vcd_vars(&text).into_keys().collect());
        std::fs::remove_file(&p).ok();
        std::fs::remove_file(p.with_extension("gtkw")).ok();
    }
    let under = |set: &BTreeSet<String>, prefix: &str| set.iter().filter(|n| n.starts_with(prefix)).count();
    assert_eq!(under(&names[0], "cu.cu_top."), 0, "depth 1: the ports only");
    assert!(names[0].contains("cu.rt_valid_o"));
    assert!(names[1].iter().any(|n| n.starts_with("cu.cu_top.pc_q")), "depth 2: the per-wave state");
    assert_eq!(under(&names[1], "cu.cu_top.u_"), 0, "depth 2: nothing inside the units");
    // The per-wave registers' next state (the registers one cycle later) is left out at every
    // depth: it would double the size of the instruction buffers' changes.
    assert!(names[2].iter().any(|n| n.starts_with("cu.cu_top.ib_q[")), "{:?}", names[2]);
    assert_eq!(under(&names[2], "cu.cu_top.ib_d"), 0, "the next state is not traced");
    assert!(under(&names[2], "cu.cu_top.u_") > 0, "all: inside the units");
    assert!(names[0].len() < names[1].len() && names[1].len() < names[2].len());
}

/// GTKWave itself (under a virtual X server) opens each kind of save file: it starts, reads the
/// trace without complaint and shows exactly the signals the save file names. Needs `gtkwave`
/// and `xvfb-run` (`apt-get install -y gtkwave xvfb xauth`, which scripts/setup.sh does); set
/// RDNA3_SKIP_GTKWAVE=1 to skip on purpose.
#[test]
fn gtkwave_opens_every_save_file() {
    if std::env::var_os("RDNA3_SKIP_GTKWAVE").is_some() {
        eprintln!("skipped on request (RDNA3_SKIP_GTKWAVE)");
        return;
    }
    let found =
        |c: &str| std::process::Command::new("which").arg(c).output().is_ok_and(|o| o.status.success());
    assert!(
        found("gtkwave") && found("xvfb-run"),
        "GTKWave and Xvfb are needed: `apt-get install -y gtkwave xvfb xauth` (scripts/setup.sh installs them); RDNA3_SKIP_GTKWAVE=1 skips this test"
    );
    let (rtl, golden, win) = (tmp("g-rtl.vcd"), tmp("g-golden.vcd"), tmp("g-win.vcd"));
    let opts = Options { vcd: Some(rtl.clone()), golden_vcd: Some(golden.clone()), ..Options::default() };
    let r = cosim(&code(), &[WaveInit::new(0x1000), WaveInit::new(0x1000)], &opts).expect("agrees");
    let opts = Options { window_vcd: Some(win.clone()), ..Options::default() };
    let Err(sim::cosim::CosimError::Mismatch(m)) = cosim(&mismatching(), &[WaveInit::new(0x1000)], &opts)
    else {
        panic!("a mismatch")
    };
    let tcl = tmp("check.tcl");
    std::fs::write(
        &tcl,
        "puts \"displayed: [gtkwave::getDisplayedSignals]\"\nputs \"marker: [gtkwave::getMarker]\"\ngtkwave::/File/Quit\n",
    )
    .expect("tcl script");
    for save in r.save_files.iter().chain(&m.save_files) {
        let out = std::process::Command::new("timeout")
            .arg("120")
            .args(["xvfb-run", "-a", "gtkwave", "-S"])
            .arg(&tcl)
            .arg(save)
            .output()
            .expect("runs xvfb-run");
        let text =
            format!("{}{}", String::from_utf8_lossy(&out.stdout), String::from_utf8_lossy(&out.stderr));
        assert!(out.status.success(), "{}: gtkwave failed ({}):\n{text}", save.display(), out.status);
        for bad in ["Unknown VCD identifier", "parse error", "rror", "No symbols"] {
            assert!(!text.contains(bad), "{}: gtkwave says:\n{text}", save.display());
        }
        let shown: Vec<&str> = text
            .lines()
            .find_map(|l| l.strip_prefix("displayed: "))
            .expect("the script ran")
            .split_whitespace()
            .collect();
        let s = parse_gtkw(save);
        assert_eq!(shown, s.signals, "{}: what GTKWave shows", save.display());
        let marker: i64 =
            text.lines().find_map(|l| l.strip_prefix("marker: ")).expect("marker").trim().parse().expect("n");
        assert_eq!(marker, s.marker.unwrap_or(-1), "{}", save.display());
    }
    for p in [rtl, golden, win, tcl].into_iter().chain(r.save_files).chain(m.save_files) {
        std::fs::remove_file(p).ok();
    }
}

/// Surfer reads VCD through the `wellen` library: wellen (the version on crates.io, a
/// dev-dependency) loads each kind of trace, finds every signal the save files name, and reads
/// the instruction text of both traces with its spaces (the `\x20` escapes decoded).
#[test]
fn surfers_reader_loads_every_trace() {
    let (rtl, golden, win) = (tmp("w-rtl.vcd"), tmp("w-golden.vcd"), tmp("w-win.vcd"));
    let opts = Options { vcd: Some(rtl.clone()), golden_vcd: Some(golden.clone()), ..Options::default() };
    let r = cosim(&code(), &[WaveInit::new(0x1000)], &opts).expect("agrees");
    let opts = Options { window_vcd: Some(win.clone()), ..Options::default() };
    let Err(sim::cosim::CosimError::Mismatch(m)) = cosim(&mismatching(), &[WaveInit::new(0x1000)], &opts)
    else {
        panic!("a mismatch")
    };
    for save in r.save_files.iter().chain(&m.save_files) {
        let s = parse_gtkw(save);
        let mut w = wellen::simple::read(&s.dumpfile)
            .unwrap_or_else(|e| panic!("wellen cannot read {}: {e}", s.dumpfile.display()));
        let h = w.hierarchy();
        let mut vars = BTreeMap::new();
        for v in h.all_vars() {
            let var = &h[v];
            // A vector declared without a range (the co-simulation's own signals) is one GTKWave
            // names with its implicit range, as `vcd_vars` does.
            let range = match (var.index(), var.length(h)) {
                (Some(i), _) if i.msb() == i.lsb() => format!("[{}]", i.msb()),
                (Some(i), _) => format!("[{}:{}]", i.msb(), i.lsb()),
                (None, Some(n)) if n > 1 => format!("[{}:0]", n - 1),
                (None, _) => String::new(),
            };
            vars.insert(format!("{}{range}", var.full_name(h)), var.signal_ref());
        }
        for sig in &s.signals {
            assert!(vars.contains_key(sig), "{}: wellen finds no {sig}", s.dumpfile.display());
        }
        // The instruction text of wave 0 (the golden model's, in either trace).
        let inst = ["cosim.wave0.inst", "golden.wave0.inst"]
            .iter()
            .find_map(|n| vars.get(*n).copied())
            .unwrap_or_else(|| panic!("{}: no wave 0 instruction text", s.dumpfile.display()));
        w.load_signals(&[inst]);
        let texts: Vec<String> = w
            .get_signal(inst)
            .expect("loaded")
            .iter_changes()
            .filter_map(|(_, v)| match v {
                wellen::SignalValueRef::String(t) => Some(t.to_string()),
                _ => None,
            })
            .filter(|t| t != "-")
            .collect();
        if save == &r.save_files[0] || save == &r.save_files[1] {
            assert_eq!(texts, loop_retires(), "{}", s.dumpfile.display());
        } else {
            assert!(texts.iter().any(|t| t.contains(' ')), "{}: {texts:?}", s.dumpfile.display());
        }
    }
    for p in [rtl, golden, win].into_iter().chain(r.save_files).chain(m.save_files) {
        std::fs::remove_file(p).ok();
    }
}
