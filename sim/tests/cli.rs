//! The `sim` command line on bad input: every output is checked before a run, and the
//! messages say what is wrong.

use std::process::{Command, Output};

fn sim(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sim"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("runs sim")
}

/// Exit status and standard error of a run that must fail.
fn fails(args: &[&str]) -> String {
    let out = sim(args);
    let err = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(!out.status.success(), "{args:?} succeeded: {err}");
    err
}

fn tmp(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("cli-{}-{name}", std::process::id()))
}

const CRC: &str = "../examples/crc32.s";

#[test]
fn outputs_are_checked_before_the_run() {
    let e = fails(&["cosim", CRC, "--mismatch-vcd", "/nonexistent-dir/m.vcd"]);
    assert!(e.contains("--mismatch-vcd /nonexistent-dir/m.vcd"), "{e}");
    let e = fails(&["cosim", CRC, "--vcd", "/nonexistent-dir/r.vcd"]);
    assert!(e.contains("--vcd /nonexistent-dir/r.vcd"), "{e}");
    let dir = tmp("dir");
    std::fs::create_dir_all(&dir).expect("mkdir");
    let d = dir.to_str().expect("utf-8");
    let e = fails(&["cosim", CRC, "--golden-vcd", d]);
    assert!(e.contains("is a directory"), "{e}");
    let same = dir.join("same.vcd");
    let s = same.to_str().expect("utf-8");
    let e = fails(&["cosim", CRC, "--vcd", s, "--golden-vcd", s]);
    assert!(e.contains("--vcd and --golden-vcd name the same file"), "{e}");
    assert!(!same.exists(), "the check leaves no file behind");
    // Two traces whose save files would be one file.
    let other = dir.join("same.golden");
    let e = fails(&["cosim", CRC, "--vcd", s, "--golden-vcd", other.to_str().expect("utf-8")]);
    assert!(e.contains("the save file of --vcd and the save file of --golden-vcd name the same file"), "{e}");
    // A save file that cannot be written is refused before the run.
    std::fs::create_dir_all(dir.join("t.gtkw")).expect("mkdir");
    let e = fails(&["cosim", CRC, "--vcd", dir.join("t.vcd").to_str().expect("utf-8")]);
    assert!(e.contains("the save file of --vcd") && e.contains("is a directory"), "{e}");
    // `sim run --out FILE`: refused before the kernel runs.
    let file = dir.join("file");
    std::fs::write(&file, b"x").expect("write");
    let e = fails(&[
        "run",
        "../tests/kernels/bin/vadd.hsaco",
        "--kernel",
        "vadd",
        "--grid",
        "1",
        "--block",
        "32",
        "--arg",
        "zeros:128",
        "--arg",
        "zeros:128",
        "--arg",
        "zeros:128",
        "--arg",
        "u32:32",
        "--out",
        file.to_str().expect("utf-8"),
    ]);
    assert!(e.contains("--out") && e.contains("creating the directory"), "{e}");
    std::fs::remove_dir_all(dir).ok();
}

#[test]
fn bad_cosim_arguments_say_what_is_wrong() {
    let e = fails(&["cosim", CRC, "--waves", "0"]);
    assert!(e.contains("--waves 0: the model `cu` runs 1 to 4 waves"), "{e}");
    let e = fails(&["cosim", CRC, "--base", "0x3"]);
    assert!(e.contains("--base 0x3: code starts at a multiple of 4"), "{e}");
    let e = fails(&["cosim", CRC, "--base", "0xfffffffffff0"]);
    assert!(e.contains("below 2^48"), "{e}");
    for bad in ["0", "deep", "-1", "65"] {
        let e = fails(&["cosim", CRC, &format!("--trace-depth={bad}")]);
        assert!(e.contains(&format!("`{bad}`: expected `all` or a depth from 1")), "{e}");
    }
    let e = fails(&["cosim", "../tests/kernels/bin/vadd.hsaco"]);
    assert!(e.contains("an ELF code object; run its kernels") && !e.contains("not yet available"), "{e}");
    let text = tmp("prog.txt");
    std::fs::write(&text, "s_endpgm\n").expect("write");
    let e = fails(&["cosim", text.to_str().expect("utf-8")]);
    assert!(e.contains("looks like text") && e.contains(".s"), "{e}");
    std::fs::remove_file(text).ok();
}

/// `--scratch` gives each wave a private segment that SCRATCH instructions reach on both
/// models; without it they fault on both; a size gfx11 does not allow is refused.
#[test]
fn scratch_segments_from_the_command_line() {
    for bad in ["6", "262140"] {
        let e = fails(&["cosim", CRC, "--scratch", bad]);
        assert!(e.contains(&format!("--scratch {bad}: bytes of private memory a lane")), "{e}");
    }
    let prog = tmp("scratch.s");
    std::fs::write(
        &prog,
        "v_mbcnt_lo_u32_b32 v0, -1, 0\n v_lshlrev_b32 v1, 2, v0\n scratch_store_b32 v1, v0, off offset:8\n s_waitcnt_vscnt null, 0\n \
         scratch_load_b32 v2, v1, off offset:8\n s_waitcnt vmcnt(0)\n s_endpgm\n",
    )
    .expect("write");
    let p = prog.to_str().expect("utf-8");
    let out = sim(&["cosim", p, "--waves", "2", "--scratch", "256", "--mismatch-vcd", "/dev/null"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    // In lanes 30 and 31, 4 x lane + 8 + 4 bytes reach past 128 bytes a lane: a memory fault,
    // on both models alike.
    let out = sim(&["cosim", p, "--scratch", "128", "--mismatch-vcd", "/dev/null"]);
    let text = String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    assert!(text.contains("scratch offset") && !text.contains("mismatch"), "{text}");
    std::fs::remove_file(prog).ok();
}

/// Raw code runs, with a word that it was taken as raw code.
#[test]
fn raw_code_is_named_as_such() {
    let bin = tmp("prog.bin");
    std::fs::write(&bin, 0xbfb0_0000u32.to_le_bytes()).expect("write");
    let out = sim(&["cosim", bin.to_str().expect("utf-8"), "--mismatch-vcd", "/dev/null"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(err.contains("running it as raw code (1 dwords)"), "{err}");
    std::fs::remove_file(bin).ok();
}

/// A reader that stops early ends the program quietly, without a panic.
#[test]
fn a_closed_pipe_is_not_a_panic() {
    use std::io::Read;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_sim"))
        .args(["cosim", CRC, "--mismatch-vcd", "/dev/null"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("runs sim");
    // Close the reading end at once: every line sim prints meets a closed pipe.
    drop(child.stdout.take());
    let mut err = String::new();
    child.stderr.take().expect("stderr").read_to_string(&mut err).expect("reads");
    let status = child.wait().expect("waits");
    assert!(!err.contains("panicked"), "{err}");
    assert!(status.success(), "{status}: {err}");
}

/// Ctrl-C during a traced run: the run stops at the next cycle, both traces are finished (no
/// token cut in the middle), and the exit status is 130.
#[test]
fn ctrl_c_finishes_the_traces() {
    let (prog, rtl, golden) = (tmp("forever.s"), tmp("int-rtl.vcd"), tmp("int-golden.vcd"));
    std::fs::write(&prog, "top:\n  s_add_u32 s1, s1, 1\n  s_branch top\n").expect("write");
    let child = Command::new(env!("CARGO_BIN_EXE_sim"))
        .args(["cosim", prog.to_str().expect("utf-8"), "--max-cycles", "1000000000000"])
        .args(["--vcd", rtl.to_str().expect("utf-8"), "--golden-vcd", golden.to_str().expect("utf-8")])
        .args(["--mismatch-vcd", "/dev/null"])
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("runs sim");
    // The traces are opened after the handler is installed: once the golden one has its
    // header, the run is under way.
    let start = std::time::Instant::now();
    while std::fs::metadata(&golden).map_or(0, |m| m.len()) == 0 {
        assert!(start.elapsed().as_secs() < 60, "the run never started");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    std::thread::sleep(std::time::Duration::from_millis(200));
    // SAFETY: kill() on a child of ours.
    unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) };
    let out = child.wait_with_output().expect("waits");
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{err}");
    assert!(err.contains("interrupted at cycle"), "{err}");
    for path in [&rtl, &golden] {
        let text = std::fs::read_to_string(path).expect("trace");
        let last = text.lines().last().unwrap_or("");
        assert!(text.ends_with('\n'), "{}: ends in the middle of a line: {last}", path.display());
        assert!(whole_vcd_line(last), "{}: last line `{last}`", path.display());
        std::fs::remove_file(path).ok();
    }
    std::fs::remove_file(prog).ok();
}

/// Whether `l` is a whole VCD line of the value section: a timestamp, a vector or string change
/// with its identifier, a scalar change, or a keyword.
fn whole_vcd_line(l: &str) -> bool {
    let l = l.trim_end();
    let ones = |s: &str| !s.is_empty() && s.chars().all(|c| "01xzXZ".contains(c));
    if let Some(t) = l.strip_prefix('#') {
        return !t.is_empty() && t.chars().all(|c| c.is_ascii_digit());
    }
    if let Some(v) = l.strip_prefix('b') {
        return v.split_once(' ').is_some_and(|(bits, id)| ones(bits) && !id.is_empty());
    }
    if let Some(v) = l.strip_prefix('s') {
        return v.split_once(' ').is_some_and(|(text, id)| !text.is_empty() && !id.is_empty());
    }
    l.starts_with('$') || (l.len() >= 2 && ones(&l[..1]))
}

/// A fetch latency beyond the hang limit (20,000 idle cycles) is waited for, not reported as a hang.
#[test]
fn long_fetch_latency_is_no_hang() {
    let prog = tmp("slow.s");
    std::fs::write(&prog, "s_mov_b32 s1, 5\ns_add_u32 s1, s1, 1\ns_endpgm\n").expect("write");
    let out = sim(&[
        "cosim",
        prog.to_str().expect("utf-8"),
        "--latency",
        "21000..25000",
        "--max-cycles",
        "10000000",
        "--mismatch-vcd",
        "/dev/null",
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}{}", String::from_utf8_lossy(&out.stderr));
    assert!(text.contains("co-simulation passed: 3 instructions"), "{text}");
    std::fs::remove_file(prog).ok();
}

/// Progress shows on a terminal (a pseudo-terminal from util-linux's `script`) and nowhere
/// else: piped, stderr holds nothing but what it held before.
#[test]
fn progress_only_on_a_terminal() {
    let out = sim(&["cosim", CRC, "--waves", "4"]);
    assert!(out.status.success());
    assert_eq!(String::from_utf8_lossy(&out.stderr), "", "nothing on a pipe");
    let cmd = format!("{} cosim {CRC} --waves 4", env!("CARGO_BIN_EXE_sim"));
    let out = Command::new("script")
        .args(["-qec", &cmd, "/dev/null"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("runs script (util-linux)");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("/4 waves finished, ") && text.contains(" instructions retired, "), "{text}");
    assert!(text.contains("co-simulation passed"), "{text}");
}
