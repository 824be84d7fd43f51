//! Random instruction words of every encoding family, listed by `hdl-gen disasm` and by
//! `llvm-objdump-19 -d --mcpu=gfx1100`, compared line by line (issue 11). Shared by the fuzz
//! test (`tests/disasm_fuzz.rs`, a CI-sized sample) and the agreement benchmark
//! (`llvm_bench.rs`, `cargo bench -p conformance --bench llvm_fuzz`: a large one whose
//! figures the README gives).
//!
//! Each case is four dwords behind a symbol of its own: the family's identifying bits, an
//! opcode (three cases in four a row of the table's, the fourth random), every other bit
//! random, and random dwords for an extension dword or a literal. llvm-objdump starts decoding
//! afresh at every symbol, so a word one tool rejects does not shift the cases after it. A
//! case agrees when both tools print the same line at its first offset (text, offset and the
//! dwords it takes, so the same length).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use rdna3_isa::disasm::elf::disassemble_elf;
use rdna3_isa::table;

use crate::pct;

/// The twenty encoding families of the guide's chapter 15, each with the table formats it
/// covers (those that share its identifying bits or differ only in a field such as FLAT's
/// SEG).
pub const FAMILIES: [(&str, &[&str]); 20] = [
    ("SOP2", &["SOP2"]),
    ("SOPK", &["SOPK"]),
    ("SOP1", &["SOP1"]),
    ("SOPC", &["SOPC"]),
    ("SOPP", &["SOPP"]),
    ("SMEM", &["SMEM"]),
    ("VOP2", &["VOP2"]),
    ("VOP1", &["VOP1"]),
    ("VOPC", &["VOPC"]),
    ("VOP3", &["VOP3", "VOP3SD"]),
    ("VOP3P", &["VOP3P"]),
    ("VOPD", &["VOPD_X"]),
    ("VINTERP", &["VINTERP"]),
    ("LDSDIR", &["LDSDIR"]),
    ("DS", &["DS"]),
    ("MTBUF", &["MTBUF"]),
    ("MUBUF", &["MUBUF"]),
    ("MIMG", &["MIMG"]),
    ("FLAT", &["FLAT", "SCRATCH", "GLOBAL"]),
    ("EXP", &["EXP"]),
];

/// One random case of `family` (an index into [`FAMILIES`]): four dwords whose first ones
/// carry the family's identifying bits.
pub fn random_case(rng: &mut SmallRng, family: usize) -> [u32; 4] {
    let t = table();
    let names = FAMILIES[family].1;
    loop {
        let fmt = t.format_by_name(names[rng.random_range(0..names.len())]).expect("family format");
        let mut word: u64 = rng.random();
        word = word & !fmt.fixed_mask | fmt.fixed_bits;
        if rng.random_range(0..4) != 0 {
            // A row of the table: its opcode (and for VOPD a Y row's opcode too).
            let rows: Vec<_> = t.insts.iter().filter(|d| d.format == fmt.id).collect();
            if let (Some(op), false) = (fmt.op, rows.is_empty()) {
                word = op.insert(word, rows[rng.random_range(0..rows.len())].opcode);
            }
            if let Some(pair) = fmt.pair {
                let pf = t.format(pair);
                let ys: Vec<_> = t.insts.iter().filter(|d| d.format == pair).collect();
                if let (Some(op), false) = (pf.op, ys.is_empty()) {
                    word = op.insert(word, ys[rng.random_range(0..ys.len())].opcode);
                }
            }
        }
        // A random opcode may select a more specific format (SOP2's bits hold SOPK's).
        if t.format_of(word).is_some_and(|f| names.contains(&f.name.as_str())) {
            return [word as u32, (word >> 32) as u32, rng.random(), rng.random()];
        }
    }
}

/// The cases of one run: `per_family` of each family, in family order, from `seed`.
pub fn cases(seed: u64, per_family: usize) -> Vec<(usize, [u32; 4])> {
    let mut rng = SmallRng::seed_from_u64(seed);
    (0..FAMILIES.len())
        .flat_map(|f| (0..per_family).map(move |_| f))
        .map(|f| (f, random_case(&mut rng, f)))
        .collect()
}

/// The comparison of one family.
#[derive(Clone, Debug, Default)]
pub struct FamilyResult {
    pub cases: usize,
    pub agree: usize,
    /// Differing cases: the words, our line, llvm-objdump's line.
    pub differ: Vec<([u32; 4], String, String)>,
}

/// The instruction lines of a listing by byte offset (symbol headers and blank lines aside).
fn lines_by_offset(listing: &str) -> BTreeMap<u64, &str> {
    listing
        .lines()
        .filter_map(|l| {
            let at = l.rfind("// ")?;
            let off = l[at + 3..].split(':').next()?;
            Some((u64::from_str_radix(off, 16).ok()?, l))
        })
        .collect()
}

/// Assembles the cases into an object in `dir` (llvm-mc-19), lists it with both tools and
/// compares the line at every case's offset; the results by family, in [`FAMILIES`] order.
pub fn compare(cases: &[(usize, [u32; 4])], dir: &Path, tag: &str) -> Vec<FamilyResult> {
    let mut src = String::from(".text\n");
    for (i, (_, w)) in cases.iter().enumerate() {
        let _ = writeln!(
            src,
            ".type c{i},@function\nc{i}:\n.long {:#x}, {:#x}, {:#x}, {:#x}",
            w[0], w[1], w[2], w[3]
        );
    }
    let (obj, theirs) = crate::llvm_object(dir, tag, &src);
    let bytes = std::fs::read(&obj).unwrap_or_else(|e| panic!("{obj}: {e}"));
    let ours = disassemble_elf(&bytes, &obj).unwrap_or_else(|e| panic!("{obj}: {e}"));
    let (a, b) = (lines_by_offset(&ours), lines_by_offset(&theirs));
    let mut out = vec![FamilyResult::default(); FAMILIES.len()];
    for (i, (f, w)) in cases.iter().enumerate() {
        let off = 16 * i as u64;
        let (x, y) = (a.get(&off).copied().unwrap_or("<none>"), b.get(&off).copied().unwrap_or("<none>"));
        let r = &mut out[*f];
        r.cases += 1;
        if x == y {
            r.agree += 1;
        } else {
            r.differ.push((*w, x.trim().to_string(), y.trim().to_string()));
        }
    }
    out
}

/// A table of the results: family, cases, agreeing, percentage.
pub fn report(results: &[FamilyResult]) -> String {
    let mut s = String::new();
    let (mut n, mut ok) = (0, 0);
    for ((name, _), r) in FAMILIES.iter().zip(results) {
        n += r.cases;
        ok += r.agree;
        let _ =
            writeln!(s, "{name:8} {:6} cases {:6} agree {:7.2}%", r.cases, r.agree, pct(r.agree, r.cases));
    }
    let _ = writeln!(s, "{:8} {n:6} cases {ok:6} agree {:7.2}%", "all", pct(ok, n));
    s
}
