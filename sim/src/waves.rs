//! Waveforms that open ready to read: the signals co-simulation adds to the RTL's trace (the
//! text of every retired instruction, the golden model's state of every wave), and the GTKWave
//! save files (`.gtkw`) written next to every trace, which open it with the key signals
//! grouped per wave and, after a mismatch, a marker on the diverging instruction.
//!
//! GTKWave opens one trace per window, so the RTL's trace carries the golden state itself (in
//! the scope `cosim`, beside the model's `cu`): its save file shows the RTL's retire port next
//! to what the golden model expects. Text travels as VCD `string` variables (GTKWave's
//! extension, `s<text> <id>`), with spaces written `\x20` as GTKWave and pyvcd escape them.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// A text as the value of a VCD string variable: one token, with backslashes, spaces and
/// other bytes outside printable ASCII escaped (`\x20`), and `-` for an empty text.
pub fn escape(text: &str) -> String {
    if text.is_empty() {
        return "-".into();
    }
    let mut out = String::with_capacity(text.len() + 8);
    for b in text.bytes() {
        match b {
            b'\\' => out.push_str("\\\\"),
            0x21..=0x7e => out.push(char::from(b)),
            _ => {
                let _ = write!(out, "\\x{b:02x}");
            }
        }
    }
    out
}

/// Where the save file of `trace` goes: beside it, with the extension `.gtkw` (`.gtkw`
/// appended when the trace already has that extension). None for a trace that is not a
/// regular file (a device such as /dev/null has no place beside it to write to).
pub fn save_file_for(trace: &Path) -> Option<PathBuf> {
    if trace.exists() && !trace.is_file() {
        return None;
    }
    let name = trace.file_name()?;
    let p = trace.with_extension("gtkw");
    if p == trace {
        let mut n = name.to_os_string();
        n.push(".gtkw");
        return Some(trace.with_file_name(n));
    }
    Some(p)
}

/// How GTKWave shows a trace (the flags of its save files: `TR_RJUSTIFY` with a radix).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fmt {
    Hex,
    /// A single bit, or a string variable (GTKWave shows its text whatever the radix).
    Bin,
}

impl Fmt {
    fn flags(self) -> u32 {
        match self {
            Fmt::Hex => 0x22,
            Fmt::Bin => 0x28,
        }
    }
}

/// GTKWave's flags for a comment line (`TR_BLANK`) and the ends of a group.
const BLANK: u32 = 0x200;
const GROUP_BEGIN: u32 = 0x80_0000 | BLANK;
const GROUP_END: u32 = 0x100_0000 | BLANK;
/// A group shown closed (`TR_CLOSED`).
const CLOSED: u32 = 0x40_0000;

/// A GTKWave save file: the trace it opens, where the view starts, a marker, and the traces
/// shown, in groups.
#[derive(Clone, Debug)]
pub struct SaveFile {
    dumpfile: PathBuf,
    /// The save file's own name: GTKWave finds the trace through it when the directory is
    /// opened from elsewhere (it applies the path from this to the trace to where the save
    /// file really is).
    savefile: PathBuf,
    start: u64,
    marker: Option<u64>,
    body: String,
    flags: Option<u32>,
    signals: Vec<String>,
}

impl SaveFile {
    /// A save file that opens `trace` (named relative to the save file, which sits beside it).
    pub fn new(trace: &Path) -> SaveFile {
        let dumpfile = trace.file_name().map_or_else(|| trace.to_path_buf(), PathBuf::from);
        let savefile =
            save_file_for(trace).and_then(|p| p.file_name().map(PathBuf::from)).unwrap_or_default();
        SaveFile {
            dumpfile,
            savefile,
            start: 0,
            marker: None,
            body: String::new(),
            flags: None,
            signals: Vec::new(),
        }
    }

    /// The view starts at time `t`.
    pub fn start(&mut self, t: u64) {
        self.start = t;
    }

    /// The primary marker at time `t`.
    pub fn marker(&mut self, t: u64) {
        self.marker = Some(t);
    }

    /// Opens the view at a mismatch: the marker at time `t`, the view starting 15 cycles
    /// before it (so that the marker is in the window at the save file's zoom), and the lines
    /// of `what` differs on wave `w` written above the signals.
    pub fn mismatch(&mut self, t: u64, w: usize, what: &[String]) {
        self.marker(t);
        self.start(t.saturating_sub(150));
        self.comment(&format!("mismatch on wave {w} at the marker (t={t}):"));
        for d in what {
            self.comment(&format!("  {d}"));
        }
    }

    fn flags(&mut self, f: u32) {
        if self.flags != Some(f) {
            let _ = writeln!(self.body, "@{f:x}");
            self.flags = Some(f);
        }
    }

    /// A line of text among the traces.
    pub fn comment(&mut self, text: &str) {
        self.flags(BLANK);
        let _ = writeln!(self.body, "-{}", one_line(text));
    }

    /// Starts a group (shown open or closed); [`SaveFile::end_group`] ends it.
    pub fn begin_group(&mut self, name: &str, open: bool) {
        self.flags(if open { GROUP_BEGIN } else { GROUP_BEGIN | CLOSED });
        let _ = writeln!(self.body, "-{}", one_line(name));
    }

    pub fn end_group(&mut self, name: &str) {
        self.flags(GROUP_END);
        let _ = writeln!(self.body, "-{}", one_line(name));
    }

    /// A signal by its full name as GTKWave gives it: scopes and name joined by `.`, a vector
    /// with its range (`cu.rt_pc_o[47:0]`, also when the VCD declares it without one).
    pub fn signal(&mut self, name: &str, fmt: Fmt) {
        self.flags(fmt.flags());
        let _ = writeln!(self.body, "{name}");
        self.signals.push(name.to_string());
    }

    /// The signals named, in order.
    pub fn signals(&self) -> &[String] {
        &self.signals
    }

    /// The file's text.
    pub fn text(&self) -> String {
        let mut s = String::new();
        s.push_str(
            "[*] GTKWave save file written by `sim` (rdna3-cu): the key signals of the trace, per wave\n",
        );
        let _ = writeln!(s, "[dumpfile] \"{}\"", self.dumpfile.display());
        let _ = writeln!(s, "[savefile] \"{}\"", self.savefile.display());
        let _ = writeln!(s, "[timestart] {}", self.start);
        s.push_str("[size] 1400 800\n[pos] -1 -1\n");
        // GTKWave's zoom (a base-2 logarithm): -6 shows about 20 cycles (200 time units)
        // across this window, room for each instruction's text (measured with GTKWave 3.3.118).
        let marker = self.marker.map_or(-1, |m| i64::try_from(m).unwrap_or(i64::MAX));
        let _ = writeln!(s, "*-6.000000 {marker}{}", " -1".repeat(26));
        s.push_str("[sst_width] 220\n[signals_width] 300\n[sst_expanded] 1\n[sst_vpaned_height] 200\n");
        s.push_str(&self.body);
        s
    }

    /// Writes the file.
    pub fn write(&self, path: &Path) -> std::io::Result<()> {
        std::fs::write(path, self.text())
    }
}

/// The waves in the order their groups are shown: `first` (the wave of a mismatch) leading.
pub fn wave_order(waves: usize, first: Option<usize>) -> Vec<usize> {
    let mut order: Vec<usize> = (0..waves).collect();
    if let Some(w) = first.filter(|&w| w < waves) {
        order.retain(|&k| k != w);
        order.insert(0, w);
    }
    order
}

/// A name or comment on one line of the save file.
fn one_line(text: &str) -> String {
    text.chars().map(|c| if c.is_control() { ' ' } else { c }).collect()
}

/// The GTKWave name of a VCD variable: `scope.name`, with `[bits-1:0]` for a vector.
pub fn vector_name(scope: &str, name: &str, bits: u32) -> String {
    if bits > 1 { format!("{scope}.{name}[{}:0]", bits - 1) } else { format!("{scope}.{name}") }
}

/// The GTKWave name of a port of `bits` bits, declared a vector or a single bit: a vector of
/// one bit (`logic [0:0]`) is `name[0]`.
fn port_name(scope: &str, name: &str, bits: u32, vector: bool) -> String {
    if vector && bits == 1 { format!("{scope}.{name}[0]") } else { vector_name(scope, name, bits) }
}

/// A wave's state as the RTL trace's `cosim` scope shows it (the golden model's).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WaveNote {
    pub pc: u64,
    /// running, at barrier, ended, or the fault.
    pub status: String,
    pub scc: bool,
    pub exec: u64,
    pub vcc: u64,
    pub m0: u32,
    /// The instruction the wave retired last.
    pub inst: String,
    /// What it wrote (`s1=0x00000007 scc=1 v0`).
    pub writes: String,
}

/// The scope co-simulation adds to the RTL's trace.
pub const COSIM_SCOPE: &str = "cosim";

/// A variable of the `cosim` scope: its name and width (0: a string).
const WAVE_VARS: [(&str, u32); 8] = [
    ("inst", 0),
    ("pc", 48),
    ("status", 0),
    ("scc", 1),
    ("exec", 64),
    ("vcc", 64),
    ("m0", 32),
    ("writes", 0),
];
const RETIRE_VARS: [(&str, u32); 2] = [("inst", 0), ("writes", 0)];

/// The signals co-simulation adds to the RTL's trace: under `cosim.retire`, the text of the
/// instruction on the retire port in each cycle (`-` when none retires) and the writes the
/// port shows; under `cosim.waveN`, the golden model's state of wave N after each instruction
/// it retired (with `golden`, i.e. unless the RTL runs alone).
#[derive(Clone, Debug)]
pub struct RtlNotes {
    waves: usize,
    golden: bool,
    last_retire: Option<(String, String)>,
    last: Vec<Option<WaveNote>>,
    /// The time of the first retirement noted, where the save file's view starts.
    first: Option<u64>,
}

/// The VCD identifier of variable `i` of scope `s` (0: retire, 1 + k: wave k). Verilator's
/// identifiers are base-94 numbers of printable characters, as long as the number of signals
/// needs (at most four for millions); these are longer, so they never meet one.
fn note_id(s: usize, i: usize) -> String {
    format!("}}~~cs{s}.{i}")
}

impl RtlNotes {
    pub fn new(waves: usize, golden: bool) -> RtlNotes {
        RtlNotes { waves, golden, last_retire: None, last: vec![None; waves], first: None }
    }

    /// The declarations, for [`crate::rtl::Model::open_vcd`].
    pub fn decls(&self) -> String {
        let mut d = format!("$scope module {COSIM_SCOPE} $end\n$scope module retire $end\n");
        let var = |d: &mut String, id: String, name: &str, bits: u32| {
            let _ = match bits {
                0 => writeln!(d, "$var string 1 {id} {name} $end"),
                b => writeln!(d, "$var wire {b} {id} {name} $end"),
            };
        };
        for (i, (name, bits)) in RETIRE_VARS.iter().enumerate() {
            var(&mut d, note_id(0, i), name, *bits);
        }
        d.push_str("$upscope $end\n");
        if self.golden {
            for k in 0..self.waves {
                let _ = writeln!(d, "$scope module wave{k} $end");
                for (i, (name, bits)) in WAVE_VARS.iter().enumerate() {
                    var(&mut d, note_id(1 + k, i), name, *bits);
                }
                d.push_str("$upscope $end\n");
            }
        }
        d.push_str("$upscope $end\n");
        d
    }

    /// The changes of a cycle on the retire port (its rising edge at time `t`): the
    /// instruction's text and writes, or None when nothing retired.
    pub fn retire(&mut self, out: &mut String, t: u64, retired: Option<(&str, &str)>) {
        if retired.is_some() {
            self.first.get_or_insert(t);
        }
        let (text, writes) = retired.unwrap_or(("-", "-"));
        let old = self.last_retire.take();
        if old.as_ref().is_none_or(|(t, _)| t != text) {
            string_change(out, &note_id(0, 0), text);
        }
        if old.as_ref().is_none_or(|(_, w)| w != writes) {
            string_change(out, &note_id(0, 1), writes);
        }
        self.last_retire = Some((text.to_string(), writes.to_string()));
    }

    /// The changes of wave `k`'s golden state.
    pub fn wave(&mut self, out: &mut String, k: usize, n: &WaveNote) {
        let Some(last) = self.last.get_mut(k) else { return };
        if !self.golden {
            return;
        }
        let o = last.as_ref();
        let id = |i: usize| note_id(1 + k, i);
        if o.is_none_or(|o| o.inst != n.inst) {
            string_change(out, &id(0), &n.inst);
        }
        if o.is_none_or(|o| o.pc != n.pc) {
            vector_change(out, &id(1), n.pc);
        }
        if o.is_none_or(|o| o.status != n.status) {
            string_change(out, &id(2), &n.status);
        }
        if o.is_none_or(|o| o.scc != n.scc) {
            let _ = writeln!(out, "{}{}", u8::from(n.scc), id(3));
        }
        if o.is_none_or(|o| o.exec != n.exec) {
            vector_change(out, &id(4), n.exec);
        }
        if o.is_none_or(|o| o.vcc != n.vcc) {
            vector_change(out, &id(5), n.vcc);
        }
        if o.is_none_or(|o| o.m0 != n.m0) {
            vector_change(out, &id(6), u64::from(n.m0));
        }
        if o.is_none_or(|o| o.writes != n.writes) {
            string_change(out, &id(7), &n.writes);
        }
        *last = Some(n.clone());
    }

    /// The save file of an RTL trace whose top scope is `top`: the retire port (the port list's
    /// `rt_*` outputs, named in `ports` with their widths and whether each is declared a
    /// vector) and the instruction memory port,
    /// then a group per wave with its golden state; with `mismatch` (time, wave, what
    /// differs), a marker there and that wave's group first.
    pub fn save_file(
        &self,
        trace: &Path,
        top: &str,
        ports: &[(&str, u32, bool)],
        mismatch: Option<(u64, usize, &[String])>,
    ) -> SaveFile {
        let mut s = SaveFile::new(trace);
        s.start(self.first.unwrap_or(0).saturating_sub(20));
        let retire = format!("{COSIM_SCOPE}.retire");
        if let Some((t, w, what)) = mismatch {
            s.mismatch(t, w, what);
        }
        // The retire port: what retired and its outcome, with the text of both; the write
        // ports (raw) in a closed group under it.
        let port = |s: &mut SaveFile, name: &str, bits: u32, vector: bool| {
            s.signal(&port_name(top, name, bits, vector), if bits > 1 { Fmt::Hex } else { Fmt::Bin });
        };
        let key = ["rt_valid_o", "rt_wave_o", "rt_pc_o", "rt_status_o", "rt_fault_o", "rt_next_pc_o"];
        s.begin_group("RTL retire port", true);
        s.signal(&format!("{top}.clk_i"), Fmt::Bin);
        for (name, bits, vector) in ports.iter().filter(|(n, ..)| key.contains(n)) {
            port(&mut s, name, *bits, *vector);
            if *name == "rt_pc_o" {
                s.signal(&format!("{retire}.inst"), Fmt::Bin);
            }
        }
        s.signal(&format!("{retire}.writes"), Fmt::Bin);
        s.begin_group("retire port: encoding and writes", false);
        for (name, bits, vector) in ports.iter().filter(|(n, ..)| n.starts_with("rt_") && !key.contains(n)) {
            port(&mut s, name, *bits, *vector);
        }
        s.end_group("retire port: encoding and writes");
        s.end_group("RTL retire port");
        if self.golden {
            for k in wave_order(self.waves, mismatch.map(|(_, w, _)| w)) {
                let name = format!("wave {k}: golden state after each instruction it retired");
                s.begin_group(&name, mismatch.is_none_or(|(_, w, _)| w == k));
                let scope = format!("{COSIM_SCOPE}.wave{k}");
                for (var, bits) in WAVE_VARS {
                    let fmt = if bits > 1 { Fmt::Hex } else { Fmt::Bin };
                    s.signal(&vector_name(&scope, var, bits.max(1)), fmt);
                }
                s.end_group(&name);
            }
        }
        s.begin_group("instruction memory", mismatch.is_none());
        for (name, bits, vector) in
            ports.iter().filter(|(n, ..)| n.starts_with("imem_") || *n == "wave_running_o")
        {
            s.signal(&port_name(top, name, *bits, *vector), if *bits > 1 { Fmt::Hex } else { Fmt::Bin });
        }
        s.end_group("instruction memory");
        s
    }
}

/// A string variable's change.
pub fn string_change(out: &mut String, id: &str, text: &str) {
    let _ = writeln!(out, "s{} {id}", escape(text));
}

/// A vector variable's change (leading zeros dropped, as VCD allows).
pub fn vector_change(out: &mut String, id: &str, v: u64) {
    let _ = writeln!(out, "b{v:b} {id}");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_becomes_one_token() {
        assert_eq!(escape("s_mov_b32 s1, 7"), "s_mov_b32\\x20s1,\\x207");
        assert_eq!(escape("a\\b\tc"), "a\\\\b\\x09c");
        assert_eq!(escape(""), "-");
        assert_eq!(escape("é"), "\\xc3\\xa9");
    }

    #[test]
    fn save_files_sit_beside_their_traces() {
        let p = |s: &str| Some(PathBuf::from(s));
        assert_eq!(save_file_for(Path::new("out/sort.vcd")), p("out/sort.gtkw"));
        assert_eq!(save_file_for(Path::new("trace")), p("trace.gtkw"));
        assert_eq!(save_file_for(Path::new("x.gtkw")), p("x.gtkw.gtkw"));
        assert_eq!(save_file_for(Path::new("/dev/null")), None);
    }

    #[test]
    fn a_save_file_names_its_trace_beside_it_and_groups_its_signals() {
        let mut s = SaveFile::new(Path::new("/some/dir/t.vcd"));
        s.marker(1005);
        s.begin_group("wave 0", false);
        s.signal("cu.rt_pc_o[47:0]", Fmt::Hex);
        s.signal("cu.clk_i", Fmt::Bin);
        s.end_group("wave 0");
        let t = s.text();
        assert!(t.contains("[dumpfile] \"t.vcd\"\n[savefile] \"t.gtkw\"\n"), "{t}");
        assert!(t.contains(&format!("*-6.000000 1005{}\n", " -1".repeat(26))), "{t}");
        assert!(
            t.contains("@c00200\n-wave 0\n@22\ncu.rt_pc_o[47:0]\n@28\ncu.clk_i\n@1000200\n-wave 0\n"),
            "{t}"
        );
        assert_eq!(s.signals(), ["cu.rt_pc_o[47:0]", "cu.clk_i"]);
    }
}
