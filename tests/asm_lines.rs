//! Random assembly lines of every row of the table, assembled by `rdna3_isa::asm` and by
//! `llvm-mc-19 -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -show-encoding`, compared byte for byte
//! (issue 11). Shared by the property test (`tests/asm_fuzz.rs`, a CI-sized sample whose
//! figures the README gives).
//!
//! A line of a row starts from a random word of that row (the format's identifying bits, the
//! row's opcode, every other bit random, random dwords for a DPP dword or a literal; for VOPD a
//! random second row), which the disassembler prints in LLVM's syntax when LLVM's decoder
//! would accept it: that covers every operand kind the row has (registers of every class,
//! inline constants, literals, source modifiers, `op_sel`, DPP16 and DPP8 controls, memory
//! offsets and flags) in their canonical spelling. Half of the lines are then respelt the
//! ways a person writes them, which is where an assembler has choices to make: numbers
//! replaced by constants near the edges of the inline ranges and their float bit patterns, in
//! decimal, hex or as floats; vector sources wrapped in `-x`, `|x|`, `abs()`, `neg()`,
//! `sext()`; `op_sel`, `clamp` and output modifiers added; encoding suffixes dropped or added.
//! Lines llvm-mc rejects are left out; every line it accepts must give its bytes.
//!
//! LLVM 19 accepts VOP3 and VOP3P DPP forms with a literal operand and leaves the literal out
//! of the bytes. Such a line's bytes are not an instruction of their length: every accepted
//! line's bytes are listed back with llvm-objdump-19, and a line whose bytes objdump decodes
//! to an instruction of another length (or does not decode) is left out and counted apart
//! (`llvm_bad`).

use std::fmt::Write as _;
use std::path::Path;

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use rdna3_isa::asm::assemble;
use rdna3_isa::{InstDef, decode_legal, table};

use crate::llvm_fuzz::FAMILIES;
use crate::pct;

/// The family (an index into [`FAMILIES`]) of a row; `None` for the second rows of a pair
/// (VOPD_Y), which come with their first.
pub fn family_of(def: &InstDef) -> Option<usize> {
    let f = &def.format().name;
    FAMILIES.iter().position(|(_, names)| names.contains(&f.as_str()))
}

/// A random word of `def` that LLVM's decoder accepts (as the table's legality rules say),
/// printed; `None` when 400 tries find none.
fn random_text(rng: &mut SmallRng, def: &'static InstDef) -> Option<String> {
    let t = table();
    let fmt = def.format();
    for _ in 0..400 {
        let mut word: u64 = rng.random();
        word = word & !fmt.fixed_mask | fmt.fixed_bits;
        if let Some(op) = fmt.op {
            word = op.insert(word, def.opcode);
        }
        if let Some(pair) = fmt.pair {
            let pf = t.format(pair);
            let ys: Vec<_> = t.insts.iter().filter(|d| d.format == pair && d.in_llvm).collect();
            if let (Some(op), false) = (pf.op, ys.is_empty()) {
                word = op.insert(word, ys[rng.random_range(0..ys.len())].opcode);
            }
        }
        // Fewer random bits in the fields most rows leave at zero make legal words likelier.
        if rng.random_range(0..2) == 0 {
            word &= !(rng.random::<u64>() & rng.random::<u64>()) | fmt.fixed_mask;
            word |= fmt.fixed_bits;
            if let Some(op) = fmt.op {
                word = op.insert(word, def.opcode);
            }
        }
        // A literal (or an extension dword) near the inline constants half of the time.
        let near = |rng: &mut SmallRng| {
            if rng.random_range(0..2) == 0 {
                INTS[rng.random_range(0..INTS.len())] as u32
            } else {
                rng.random()
            }
        };
        // An extension dword (DPP16, DPP8, MIMG's NSA) a third of the time: its selector
        // value is one code of a 9-bit field, which random bits would seldom hold.
        if !fmt.ext.is_empty() && rng.random_range(0..3) == 0 {
            let rule = &fmt.ext[rng.random_range(0..fmt.ext.len())];
            if let Some((_, range)) = fmt.fields.iter().find(|(f, _)| *f == rule.field) {
                word = range.insert(word, rule.value);
            }
        }
        let words = [word as u32, (word >> 32) as u32, near(rng), near(rng)];
        if let Ok(inst) = decode_legal(&words)
            && inst.id == def.id
        {
            // Without the comments LLVM adds (`/*Invalid register, ...*/`, `// ...`).
            let mut text = inst.to_string();
            while let Some(a) = text.find("/*") {
                let b = text[a..].find("*/").map_or(text.len(), |b| a + b + 2);
                text.replace_range(a..b, "");
            }
            let text = text.split(" //").next().unwrap_or("").split(" ;").next().unwrap_or("");
            return Some(text.trim().to_string());
        }
    }
    None
}

/// Constants an assembler has to choose an encoding for: the edges of the inline integers,
/// the inline floats' bit patterns at every width, and values beside them.
const INTS: &[i64] = &[
    0,
    1,
    2,
    15,
    16,
    63,
    64,
    65,
    -1,
    -2,
    -15,
    -16,
    -17,
    100,
    0x7f,
    0xff,
    0x7fff,
    0x8000,
    0xfffe,
    0xffff,
    0x1_0000,
    0xffff_fff0,
    0xffff_fffe,
    0xffff_ffff,
    0x8000_0000,
    0x7fff_ffff,
    0x3f80_0000,
    0xbf80_0000,
    0x3f00_0000,
    0x4000_0000,
    0xc080_0000,
    0x3e22_f983,
    0x3c00,
    0xbc00,
    0x3800,
    0x4400,
    0xc400,
    0x3118,
    0x3e22,
    0x3f80,
    0x3fc4_5f30,
    0x3ff0_0000,
    0x4000_3c00,
    0x3c00_3c00,
    0x1234_5678,
    -32768,
    -32769,
    -2_147_483_648,
];

const FLOATS: &[&str] = &[
    "0.5",
    "-0.5",
    "1.0",
    "-1.0",
    "2.0",
    "-2.0",
    "4.0",
    "-4.0",
    "0.15915494",
    "0.15915494309189532",
    "0.0",
    "-0.0",
    "1.5",
    "-3.25",
    "0.1",
    "3.0",
    "65504.0",
    "100.0",
    "0.25",
];

fn random_const(rng: &mut SmallRng) -> String {
    match rng.random_range(0..8) {
        0..=1 => FLOATS[rng.random_range(0..FLOATS.len())].to_string(),
        2 => format!("{:#x}", rng.random::<u32>()),
        3 => format!("{}", rng.random_range(-16i64..=64)),
        _ => {
            let v = INTS[rng.random_range(0..INTS.len())];
            if v >= 0 && rng.random_range(0..2) == 0 { format!("{v:#x}") } else { v.to_string() }
        }
    }
}

fn is_number(s: &str) -> bool {
    let s = s.strip_prefix('-').unwrap_or(s);
    let hex = s.strip_prefix("0x").is_some_and(|h| !h.is_empty() && h.chars().all(|c| c.is_ascii_hexdigit()));
    hex || (!s.is_empty()
        && s.chars().all(|c| c.is_ascii_digit() || c == '.')
        && s.starts_with(|c: char| c.is_ascii_digit()))
}

/// A plain register operand: `v5`, `s3`, `v[2:3]`, `vcc_lo`, `ttmp1`.
fn is_register(s: &str) -> bool {
    let name = s.split('[').next().unwrap_or("");
    matches!(name, "v" | "s" | "ttmp" | "vcc_lo" | "vcc_hi" | "vcc" | "m0" | "exec_lo" | "exec_hi")
        || (s.len() > 1
            && (s.starts_with('v') || s.starts_with('s'))
            && s[1..].chars().all(|c| c.is_ascii_digit()))
}

/// The operands of a line at top-level commas, the mnemonic before them and the keywords
/// after the last one.
fn split(text: &str) -> (String, Vec<String>, String) {
    let (mnemonic, rest) = text.split_once(' ').unwrap_or((text, ""));
    let mut items = Vec::new();
    let (mut depth, mut cur) = (0i32, String::new());
    for c in rest.chars() {
        match c {
            '[' | '(' => depth += 1,
            ']' | ')' => depth -= 1,
            _ => {}
        }
        if c == ',' && depth == 0 {
            items.push(cur.trim().to_string());
            cur.clear();
        } else {
            cur.push(c);
        }
    }
    let cur = cur.trim().to_string();
    // The last operand ends at the first space outside brackets; keywords follow.
    let mut depth = 0;
    let cut = cur.char_indices().find(|&(_, c)| {
        match c {
            '[' | '(' => depth += 1,
            ']' | ')' => depth -= 1,
            _ => {}
        }
        c == ' ' && depth == 0
    });
    let (last, kw) = match cut {
        Some((i, _)) => (cur[..i].to_string(), cur[i + 1..].to_string()),
        None => (cur, String::new()),
    };
    if !last.is_empty() {
        items.push(last);
    }
    (mnemonic.to_string(), items, kw)
}

/// A line respelt: numbers replaced, vector sources with modifiers, modifiers added,
/// suffixes changed.
fn mutate(rng: &mut SmallRng, def: &InstDef, text: &str) -> String {
    let vector = matches!(
        def.format().name.as_str(),
        "VOP1" | "VOP2" | "VOPC" | "VOP3" | "VOP3SD" | "VOP3P" | "VOPD_X" | "VINTERP"
    );
    let (mut mnemonic, mut items, mut kw) = split(text);
    let mut changed = false;
    for (k, item) in items.iter_mut().enumerate() {
        if is_number(item) && rng.random_range(0..3) != 0 {
            *item = random_const(rng);
            changed = true;
        } else if vector && k > 0 && rng.random_range(0..6) == 0 && is_register(item) {
            // A constant where the canonical line has a register (a literal in a DPP form
            // among them: LLVM's bug, left out by the length check).
            *item = random_const(rng);
            changed = true;
        }
        // A source (not the first operand, usually the destination) of a vector line.
        if vector && k > 0 && rng.random_range(0..5) == 0 && !item.contains("::") {
            let inner = if rng.random_range(0..3) == 0 { random_const(rng) } else { item.clone() };
            let inner = inner.trim_start_matches('-').to_string();
            *item = match rng.random_range(0..6) {
                0 => format!("-{inner}"),
                1 => format!("|{inner}|"),
                2 => format!("abs({inner})"),
                3 => format!("neg({inner})"),
                4 => format!("-|{inner}|"),
                _ => format!("sext({inner})"),
            };
            changed = true;
        }
    }
    if vector && def.format().name != "VOPD_X" {
        if rng.random_range(0..4) == 0 && !kw.contains("op_sel:") {
            let n = rng.random_range(2..=4);
            let l: Vec<String> = (0..n).map(|_| rng.random_range(0..2).to_string()).collect();
            kw = format!("{kw} op_sel:[{}]", l.join(","));
            changed = true;
        }
        if rng.random_range(0..8) == 0 && !kw.contains("clamp") {
            kw.push_str(" clamp");
            changed = true;
        }
        if rng.random_range(0..8) == 0 && !kw.contains("mul:") && !kw.contains("div:") {
            kw.push_str([" mul:2", " mul:4", " div:2"][rng.random_range(0..3)]);
            changed = true;
        }
        match rng.random_range(0..6) {
            0 => {
                for s in ["_e32", "_e64"] {
                    if let Some(m) = mnemonic.strip_suffix(s) {
                        mnemonic = m.to_string();
                        changed = true;
                    }
                }
            }
            1 if !mnemonic.ends_with("_e64") && !mnemonic.contains("dpp") && !mnemonic.contains("_e32") => {
                mnemonic.push_str("_e64");
                changed = true;
            }
            _ => {}
        }
    }
    if !changed {
        return text.to_string();
    }
    let mut out = mnemonic;
    if !items.is_empty() {
        out.push(' ');
        out.push_str(&items.join(", "));
    }
    let kw = kw.trim();
    if !kw.is_empty() {
        out.push(' ');
        out.push_str(kw);
    }
    out
}

/// One generated line and the row it came from.
#[derive(Clone, Debug)]
pub struct Line {
    pub family: usize,
    pub row: &'static InstDef,
    pub text: String,
}

/// `per_row` lines of every row LLVM knows (its canonical spelling and a respelt one
/// alternately), from `seed`.
pub fn lines(seed: u64, per_row: usize) -> Vec<Line> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut out = Vec::new();
    for def in table().insts.iter().filter(|d| d.in_llvm) {
        let Some(family) = family_of(def) else { continue };
        for k in 0..per_row {
            let Some(text) = random_text(&mut rng, def) else { continue };
            let text = if k % 2 == 1 { mutate(&mut rng, def, &text) } else { text };
            out.push(Line { family, row: def, text });
        }
    }
    out
}

/// The comparison of one family.
#[derive(Clone, Debug, Default)]
pub struct FamilyResult {
    /// Lines generated.
    pub lines: usize,
    /// Lines llvm-mc accepts whose bytes are a whole instruction (the compared lines).
    pub cases: usize,
    pub agree: usize,
    /// Lines llvm-mc accepts whose bytes objdump decodes to another length (LLVM's bug).
    pub llvm_bad: usize,
    /// Differing lines: the text, our bytes or error, LLVM's bytes.
    pub differ: Vec<(String, String, String)>,
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect::<Vec<_>>().join(" ")
}

/// The bytes llvm-mc-19 gives each line, `None` for the lines it rejects.
fn llvm_bytes(lines: &[Line], dir: &Path, tag: &str) -> Vec<Option<Vec<u8>>> {
    let mut src = String::new();
    for l in lines {
        src.push_str(&l.text);
        src.push('\n');
    }
    let s = dir.join(format!("{tag}.s")).display().to_string();
    std::fs::write(&s, src).unwrap_or_else(|e| panic!("{s}: {e}"));
    let out = std::process::Command::new("llvm-mc-19")
        .args(["-triple=amdgcn-amd-amdhsa", "-mcpu=gfx1100", "-show-encoding", &s])
        .output()
        .unwrap_or_else(|e| panic!("llvm-mc-19: {e}. Install LLVM 19 (`apt-get install -y llvm-19`)"));
    let err = String::from_utf8_lossy(&out.stderr);
    let mut bad = vec![false; lines.len()];
    let prefix = format!("{s}:");
    for l in err.lines() {
        if let Some(rest) = l.strip_prefix(&prefix)
            && let Some((n, rest)) = rest.split_once(':')
            && rest.contains(": error:")
            && let Ok(n) = n.parse::<usize>()
            && (1..=lines.len()).contains(&n)
        {
            bad[n - 1] = true;
        }
    }
    let text = String::from_utf8_lossy(&out.stdout);
    let mut encs = text.lines().filter_map(|l| {
        let e = l.split("encoding: [").nth(1)?.split(']').next()?;
        Some(
            e.split(',')
                .map(|b| u8::from_str_radix(b.trim().trim_start_matches("0x"), 16).unwrap_or(0))
                .collect::<Vec<u8>>(),
        )
    });
    let out: Vec<Option<Vec<u8>>> = bad.iter().map(|b| if *b { None } else { encs.next() }).collect();
    assert!(encs.next().is_none(), "llvm-mc-19's encodings do not line up with the accepted lines");
    assert!(
        out.iter().zip(&bad).all(|(o, b)| *b || o.is_some()),
        "llvm-mc-19's encodings do not line up with the accepted lines"
    );
    out
}

/// How many bytes llvm-objdump-19 decodes at the start of each byte string (each behind a
/// symbol of its own, followed by s_nop padding); `None` where it decodes no instruction.
fn objdump_lengths(cases: &[&[u8]], dir: &Path, tag: &str) -> Vec<Option<usize>> {
    let mut src = String::from(".text\n");
    let mut offsets = Vec::new();
    let mut off = 0;
    for (i, b) in cases.iter().enumerate() {
        offsets.push(off);
        let _ = write!(src, ".type c{i},@function\nc{i}:\n.byte ");
        src.push_str(&b.iter().map(|x| format!("{x:#x}")).collect::<Vec<_>>().join(", "));
        src.push_str("\n.long 0xbf800000, 0xbf800000, 0xbf800000, 0xbf800000\n");
        off += b.len() + 16;
    }
    let (_, listing) = crate::llvm_object(dir, &format!("{tag}_back"), &src);
    let mut len = std::collections::BTreeMap::new();
    for l in listing.lines() {
        let Some(at) = l.rfind("// ") else { continue };
        let Some((o, words)) = l[at + 3..].split_once(':') else { continue };
        let Ok(o) = usize::from_str_radix(o.trim(), 16) else { continue };
        let words =
            words.split_whitespace().take_while(|w| w.len() == 8 && w.chars().all(|c| c.is_ascii_hexdigit()));
        let decoded = !l.trim_start().starts_with(".long");
        len.insert(o, decoded.then(|| 4 * words.count()));
    }
    offsets.iter().map(|o| len.get(o).copied().flatten()).collect()
}

/// Assembles every line with both assemblers and compares; the results by family, in
/// [`FAMILIES`] order.
pub fn compare(lines: &[Line], dir: &Path, tag: &str) -> Vec<FamilyResult> {
    let theirs = llvm_bytes(lines, dir, tag);
    let accepted: Vec<&[u8]> = theirs.iter().flatten().map(Vec::as_slice).collect();
    let mut lengths = objdump_lengths(&accepted, dir, tag).into_iter();
    let mut out = vec![FamilyResult::default(); FAMILIES.len()];
    for (l, b) in lines.iter().zip(&theirs) {
        out[l.family].lines += 1;
        let Some(b) = b else { continue };
        let r = &mut out[l.family];
        if lengths.next().flatten() != Some(b.len()) {
            r.llvm_bad += 1;
            continue;
        }
        r.cases += 1;
        match assemble(&l.text, "<fuzz>") {
            Ok(p) if p.bytes == *b => r.agree += 1,
            Ok(p) => r.differ.push((l.text.clone(), hex(&p.bytes), hex(b))),
            Err(e) => r.differ.push((l.text.clone(), format!("error: {}", e.msg), hex(b))),
        }
    }
    out
}

/// A table of the results: family, compared lines, agreeing, percentage, LLVM's bad lines.
pub fn report(results: &[FamilyResult]) -> String {
    let mut s = String::new();
    let (mut lines, mut n, mut ok, mut bad) = (0, 0, 0, 0);
    for ((name, _), r) in FAMILIES.iter().zip(results) {
        lines += r.lines;
        n += r.cases;
        ok += r.agree;
        bad += r.llvm_bad;
        let _ = writeln!(
            s,
            "{name:8} {:6} lines {:6} accepted by llvm-mc {:6} agree {:7.2}%  ({} left out: LLVM's bytes are no instruction of their length)",
            r.lines,
            r.cases,
            r.agree,
            pct(r.agree, r.cases),
            r.llvm_bad
        );
    }
    let _ = writeln!(
        s,
        "{:8} {lines:6} lines {n:6} accepted by llvm-mc {ok:6} agree {:7.2}%  ({bad} left out)",
        "all",
        pct(ok, n)
    );
    s
}
