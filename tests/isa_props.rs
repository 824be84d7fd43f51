//! Cross-family properties of the assembler and disassembler (issue 3):
//!
//! (a) Random instruction words of every encoding format → our disassembler → our assembler →
//!     the same bytes. Two generators per table row: words with random bits everywhere but the
//!     row's identifying bits, and words built from random values of the fields the row's
//!     operands name (the rest zero). For every word that decodes and whose text LLVM's syntax
//!     can express, the text must assemble, and the bytes must be the word's, or — when the word
//!     holds bits the text does not show (an ignored field, a misaligned register tuple that
//!     LLVM aligns down, a disabled export source, one of several encodings of a swizzle) —
//!     bytes that disassemble to the very same text. Text that is not expressible is skipped:
//!     placeholders of unfinished families ("not yet") and LLVM's comments on operands its
//!     syntax cannot name (`/*Invalid register...*/`). The counts per format are printed
//!     (`cargo test --release -p conformance --test isa_props -- --nocapture`); with
//!     `ISA_PROPS_DUMP=FILE`, every failing word is written to FILE (the assertion shows 40).
//! (b) Arbitrary bytes into the decoder and disassembler, and arbitrary text (random strings,
//!     soups of assembly tokens, mutilated valid instructions) into the assembler, never panic.

use std::collections::BTreeMap;

use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{RngExt, SeedableRng};
use rdna3_isa::asm::assemble;
use rdna3_isa::{
    Field, FormatDef, Inst, InstDef, Kind, Scalar, bytes_to_dwords, decode, decode_legal, disasm, table,
};

/// Words per table row and generator.
const WORDS_PER_ROW: usize = 64;

#[derive(Default)]
struct Tally {
    words: usize,
    decoded: usize,
    /// A scalar source field holds a code the guide reserves (LLVM: no instruction).
    reserved: usize,
    /// Placeholder text of a family not written yet.
    not_yet: usize,
    /// Text with LLVM's comments on operands it cannot name.
    inexpressible: usize,
    /// Assembled back to the very same bytes.
    exact: usize,
    /// Assembled to other bytes that disassemble to the same text.
    canonical: usize,
    /// Assembled to other bytes that disassemble to another spelling (see RESPELLED).
    respelled: usize,
}

/// Whether a scalar source operand holds a code the guide reserves (209-232, 239, 249-252,
/// 254 of Table 20; 233, 234 and 250 only where they select DPP). LLVM decodes no
/// instruction from such a word.
fn reserved_source(inst: &Inst) -> bool {
    let f = inst.def().format();
    inst.def().operands.iter().chain(inst.def2().iter().flat_map(|d| d.operands.iter())).any(|o| {
        let code = inst.field(o.field);
        o.field.is_scalar_source()
            && matches!(o.kind, Kind::Reg(_))
            && matches!(Scalar::from_code(code & 0xff), Scalar::Reserved(_))
            && code < 256
            && !f.ext.iter().any(|r| r.field == o.field && r.value == code)
    })
}

/// Instructions whose disassembly may read back as a different spelling of the same
/// encoding's operation, and why.
const RESPELLED: &[(&str, &str)] = &[(
    "ds_swizzle_b32",
    "a bitmask permutation is printed from its own and/or/xor masks; the masks LLVM assembles \
     from that text can be a broadcast, swap or reverse, which prints by that name",
)];

/// Formats with a known open defect: their failures are printed, not fatal. The test fails
/// when a listed format has none left, so that the entry goes with the defect.
const KNOWN: &[(&str, &str)] = &[];

/// Text LLVM prints but its own assembler rejects, as this one does: (format, the assembler's
/// error). VOPD pairs that break a register-bank or constant-bus rule (asm/vop/encode.rs); a
/// constant second source of a VOP3 DPP form; a literal SOFFSET; NULL, SCC and the apertures
/// in a VINTERP source (LLVM counts them as inline values and prints them bare).
const LLVM_REJECTS: &[(&str, &str)] = &[
    ("VOPD_X", "operands must use different VGPR banks"),
    ("VOPD_X", "one dst register must be even and the other odd"),
    ("VOPD_X", "violates constant bus restrictions"),
    ("VOP3", "the DPP forms take no constant as the second source"),
    ("VOP3SD", "the DPP forms take no constant as the second source"),
    // A 16-bit operand's literal dword with high bits set: LLVM prints all 32 bits
    // (`v_dot2_bf16_bf16 v21, -v224, -v120, 0xb2745a46`) and refuses to read them back.
    ("VOP3", "invalid constant for this operand"),
    ("MUBUF", "SOFFSET takes no literal"),
    ("MTBUF", "SOFFSET takes no literal"),
    ("VINTERP", "expected a VGPR"),
];

/// Checks one word; on failure, says how.
fn round_trip(words: &[u32], tally: &mut Tally) -> Result<(), String> {
    tally.words += 1;
    let Ok(inst) = decode_legal(words) else { return Ok(()) };
    tally.decoded += 1;
    if reserved_source(&inst) {
        tally.reserved += 1;
        return Ok(());
    }
    let original = inst.encode();
    let text = inst.to_string();
    if text.contains("not yet") {
        tally.not_yet += 1;
        return Ok(());
    }
    if text.contains("/*") {
        tally.inexpressible += 1;
        return Ok(());
    }
    let hex = |w: &[u32]| w.iter().map(|d| format!("{d:08x}")).collect::<Vec<_>>().join(" ");
    let asm = |text: &str| {
        assemble(text, "roundtrip")
            .map(|p| p.dwords())
            .map_err(|e| format!("{}: `{text}` does not assemble: {e}", hex(&original)))
    };
    let ours = match asm(&text) {
        Ok(w) => w,
        // LLVM prints it, and LLVM's assembler, like this one, rejects the text.
        Err(msg) if LLVM_REJECTS.iter().any(|(f, r)| *f == inst.def().format().name && msg.contains(r)) => {
            tally.inexpressible += 1;
            return Ok(());
        }
        Err(msg) => return Err(msg),
    };
    if ours == original {
        tally.exact += 1;
        return Ok(());
    }
    // Bits the text does not show: the text's own encoding must print the same text (or, for
    // the instructions of RESPELLED, a text that itself round-trips exactly).
    let again = decode(&ours).map(|i| i.to_string()).unwrap_or_else(|e| format!("<{e}>"));
    if again == text {
        tally.canonical += 1;
        return Ok(());
    }
    let respelled = RESPELLED.iter().any(|(name, _)| *name == inst.def().name);
    if respelled && asm(&again)? == ours {
        tally.respelled += 1;
        return Ok(());
    }
    Err(format!("{}: `{text}` assembles to {}, which disassembles to `{again}`", hex(&original), hex(&ours)))
}

/// The bit range of a field in the row's format or in one of its extension dwords' formats.
fn field_width(format: &FormatDef, field: Field) -> Option<u32> {
    let t = table();
    format
        .field(field)
        .or_else(|| format.ext.iter().find_map(|r| t.format(r.ext).field(field)))
        .map(|r| r.width())
}

/// A random row of the format paired with `def`'s (VOPD's Y), if it has one.
fn pair_row(def: &InstDef, rng: &mut SmallRng) -> Option<&'static InstDef> {
    let pf = def.format().pair?;
    let rows: Vec<&InstDef> = table().insts.iter().filter(|d| d.format == pf).collect();
    (!rows.is_empty()).then(|| rows[rng.random_range(0..rows.len())])
}

/// Random bits everywhere except the row's identifying bits (and the paired row's opcode);
/// the dwords after the format's hold whatever an extension dword or a literal needs.
fn any_bits(def: &InstDef, rng: &mut SmallRng) -> Vec<u32> {
    let mut words: Vec<u32> = (0..5).map(|_| rng.random()).collect();
    let (bits, mask) = def.match_mask();
    let mut full = (u64::from(words[0]) | u64::from(words[1]) << 32) & !mask | bits;
    if let Some(d2) = pair_row(def, rng)
        && let Some(op) = d2.format().op
    {
        full = op.insert(full, d2.opcode);
    }
    words[0] = full as u32;
    words[1] = (full >> 32) as u32;
    words
}

/// Random values in the fields the row's operands name, zero elsewhere.
fn operand_fields(def: &'static InstDef, rng: &mut SmallRng) -> Vec<u32> {
    let def2 = pair_row(def, rng);
    let mut fields = Vec::new();
    for op in def.operands.iter().chain(def2.iter().flat_map(|d| d.operands.iter())) {
        if op.field == Field::Lit {
            continue;
        }
        if let Some(width) = field_width(def.format(), op.field) {
            let v: u32 = rng.random();
            fields.push((op.field, if width >= 32 { v } else { v & ((1 << width) - 1) }));
        }
    }
    Inst::build_pair(def, def2, &fields, Some(rng.random())).encode()
}

#[test]
fn random_words_of_every_format_round_trip() {
    let t = table();
    let mut rng = SmallRng::seed_from_u64(0x5eed_0003);
    let mut tallies: BTreeMap<String, Tally> = BTreeMap::new();
    let mut failures = Vec::new();
    for def in &t.insts {
        let f = def.format();
        if f.extension || f.secondary {
            continue;
        }
        let tally = tallies.entry(f.name.clone()).or_default();
        for k in 0..2 * WORDS_PER_ROW {
            let words = if k % 2 == 0 { any_bits(def, &mut rng) } else { operand_fields(def, &mut rng) };
            if let Err(msg) = round_trip(&words, tally) {
                failures.push((f.name.clone(), format!("{} ({}): {msg}", def.name, f.name)));
            }
        }
    }
    eprintln!(
        "{:<8} {:>7} {:>7} {:>8} {:>7} {:>9} {:>9} {:>9} {:>7}",
        "format", "words", "decoded", "reserved", "exact", "same-text", "respelled", "no-syntax", "not-yet"
    );
    for (name, t) in &tallies {
        eprintln!(
            "{name:<8} {:>7} {:>7} {:>8} {:>7} {:>9} {:>9} {:>9} {:>7}",
            t.words, t.decoded, t.reserved, t.exact, t.canonical, t.respelled, t.inexpressible, t.not_yet
        );
    }
    if let Ok(path) = std::env::var("ISA_PROPS_DUMP") {
        let _ = std::fs::write(path, failures.iter().map(|(_, m)| m.as_str()).collect::<Vec<_>>().join("\n"));
    }
    let known = |f: &str| KNOWN.iter().find(|(k, _)| *k == f).map(|(_, why)| *why);
    let (tolerated, fatal): (Vec<_>, Vec<_>) = failures.iter().partition(|(f, _)| known(f).is_some());
    for (f, why) in KNOWN {
        let n = tolerated.iter().filter(|(g, _)| g == f).count();
        eprintln!("known defect, {n} {f} words: {why}");
        if let Some((_, example)) = tolerated.iter().find(|(g, _)| g == f) {
            eprintln!("  e.g. {example}");
        }
        assert!(n > 0, "{f} no longer fails: remove it from KNOWN");
    }
    assert!(
        fatal.is_empty(),
        "{} words do not round-trip:\n{}",
        fatal.len(),
        fatal.iter().take(40).map(|(_, m)| m.as_str()).collect::<Vec<_>>().join("\n")
    );
    // Every format with rows decoded words, and the finished families round-tripped some.
    for (name, t) in &tallies {
        assert!(t.decoded > 0, "{name}: no random word decoded");
        if t.not_yet == 0 {
            assert!(t.exact > 0, "{name}: no word round-tripped exactly");
        }
    }
}

/// Tokens that assembly is made of, for text soups.
fn tokens() -> Vec<String> {
    let mut out: Vec<String> = table().insts.iter().map(|d| d.name.clone()).collect();
    out.extend(
        [
            "exp",
            "s0",
            "s105",
            "s106",
            "v0",
            "v255",
            "v256",
            "s[0:1]",
            "s[2:5]",
            "s[0:15]",
            "v[1:2]",
            "v[254:257]",
            "v[3:0]",
            "ttmp[4:7]",
            "ttmp15",
            "null",
            "vcc",
            "vcc_lo",
            "exec",
            "m0",
            "off",
            "src_scc",
            "0",
            "-1",
            "64",
            "0x7fffffff",
            "0xffffffffffffffffffff",
            "1.5",
            "-0.0",
            "1e400",
            ",",
            "[",
            "]",
            ":",
            "(",
            ")",
            "|",
            "-",
            "+",
            "~",
            "\"",
            "\"01pip\"",
            "offset:",
            "offset0:",
            "offset1:",
            "gds",
            "glc",
            "dlc",
            "noglc",
            "slc",
            "swizzle(",
            "QUAD_PERM",
            "BITMASK_PERM",
            "BROADCAST",
            "SWAP",
            "REVERSE",
            "op_sel:[",
            "wait_exp:",
            "wait_vdst:",
            "attr0.x",
            "attr64.q",
            "attr",
            "done",
            "row_en",
            "mrt0",
            "pos4",
            "invalid_target_9",
            "clamp",
            "abs(",
            "neg(",
            "hwreg(",
            "sendmsg(",
            "vmcnt(",
            "lab:",
            "_e64",
            "_e32",
            "_dpp",
            ";",
            "//",
            "/*",
            "*/",
        ]
        .map(String::from),
    );
    out
}

/// A valid instruction's text, from a random word of a random row.
fn valid_text(row: usize, seed: u64) -> String {
    let t = table();
    let def = &t.insts[row % t.insts.len()];
    let mut rng = SmallRng::seed_from_u64(seed);
    decode(&operand_fields(def, &mut rng)).map(|i| i.to_string()).unwrap_or_default()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 4096, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..80)) {
        let (dwords, _) = bytes_to_dwords(&bytes);
        for i in 0..dwords.len() {
            if let Ok(inst) = decode(&dwords[i..]) {
                let _ = inst.to_string();
            }
        }
        let _ = disasm::disassemble_raw(&bytes);
    }

    #[test]
    fn words_of_every_row_never_panic(row in any::<usize>(), words in any::<[u32; 5]>()) {
        let t = table();
        let def = &t.insts[row % t.insts.len()];
        let (bits, mask) = def.match_mask();
        let full = (u64::from(words[0]) | u64::from(words[1]) << 32) & !mask | bits;
        let mut w = words;
        w[0] = full as u32;
        w[1] = (full >> 32) as u32;
        if let Ok(inst) = decode(&w) {
            let text = inst.to_string();
            let _ = assemble(&text, "fuzz");
        }
    }

    /// Long runs of nesting and comment tokens (the expression parser and the comment
    /// stripper keep no stack per level): an error or a result, never an overflow.
    #[test]
    fn deep_nesting_never_overflows(
        prefix in 0usize..4,
        runs in proptest::collection::vec((0usize..10, 1usize..3000), 1..6),
    ) {
        const TOKENS: [&str; 10] = ["(", ")", "-", "~", "+", "/*", "*/", "1", "\n", " ; "];
        let mut text = String::from(["s_mov_b32 s0, ", ".long ", "s_waitcnt vmcnt(", "v_add_nc_u32 v0, "][prefix]);
        for (t, n) in runs {
            text.push_str(&TOKENS[t].repeat(n));
        }
        let _ = assemble(&text, "deep");
    }

    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,80}") {
        let _ = assemble(&text, "fuzz");
    }

    #[test]
    fn token_soup_never_panics(picks in proptest::collection::vec((any::<usize>(), any::<bool>()), 0..14)) {
        let toks = tokens();
        let mut text = String::new();
        for (k, space) in picks {
            text.push_str(&toks[k % toks.len()]);
            if space {
                text.push(' ');
            }
        }
        let _ = assemble(&text, "fuzz");
    }

    #[test]
    fn mutilated_instructions_never_panic(
        row in any::<usize>(),
        seed in any::<u64>(),
        cut in any::<usize>(),
        len in 0usize..6,
        insert in "\\PC{0,3}",
    ) {
        let text = valid_text(row, seed);
        let chars: Vec<char> = text.chars().collect();
        let at = if chars.is_empty() { 0 } else { cut % (chars.len() + 1) };
        let end = (at + len).min(chars.len());
        let mutated: String = chars[..at].iter().chain(insert.chars().collect::<Vec<_>>().iter()).chain(&chars[end..]).collect();
        let _ = assemble(&mutated, "fuzz");
        let truncated: String = chars[..at].iter().collect();
        let _ = assemble(&truncated, "fuzz");
    }
}
