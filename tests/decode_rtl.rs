//! The generated RTL decoder (`rtl/cu_decode.sv`, as checked in) against the Rust decoder on
//! random words of every encoding family (issue 11): whether it accepts the word, which for
//! the Rust side is [`rdna3_isa::decode_legal`] (LLVM 19's rules), and the instruction's length
//! for every word both decode to a row (an illegal word's length decides where the
//! co-simulation's fault report ends). The words are those of the llvm-objdump fuzz test
//! (three in four with a row's opcode); the Verilator testbench `tests/rtl/tb_cu_decode.sv`
//! puts each on the decoder's input alone.
//!
//! 2,000 words a family in CI (seeded) and the words of LLVM's corpus (`tests/llvm`); MIMG's
//! three times again with their VGPRs near v255, the accepted memory words (image words with
//! their layout's widths) with each VGPR tuple at v255's edge, and every accepted word again
//! with one bit flipped. `RDNA3_FUZZ_CASES=N` and `RDNA3_FUZZ_SEED=S` change the sample,
//! `RDNA3_FUZZ_DUMP=FILE` writes every differing word to FILE. Each family has a floor (the
//! agreement measured when it was set, in percent); the README gives the figures. Needs
//! Verilator; without it the test fails and says how to install it.

use std::fmt::Write as _;
use std::path::Path;

use conformance::env_u64;
use conformance::llvm_fuzz::{FAMILIES, FamilyResult, cases, report};
use conformance::testbench as tb;
use rdna3_isa::{decode, decode_legal};

/// The lowest agreement (percent) each family may reach, in `FAMILIES` order: every family
/// agrees on every word.
const FLOOR: [usize; 20] = [100; 20];

/// Each random MIMG word three times again with VDATA, VADDR and the fifth NSA address a few
/// registers below v256 (v250-v255, v243-v255, v247-v255: past the widest tuple each can
/// start), where the widths of the image layout (DMASK, D16, TFE, DIM, A16, NSA) decide
/// whether its tuples end by v255 (about one random word in 300 reaches that far). The fourth
/// dword, which no image instruction reads, chooses the registers.
fn high_vgprs(cases: &[(usize, [u32; 4])]) -> Vec<(usize, [u32; 4])> {
    let mimg = FAMILIES.iter().position(|(n, _)| *n == "MIMG").expect("the MIMG family");
    cases
        .iter()
        .filter(|(f, _)| *f == mimg)
        .flat_map(|&(f, w)| [0, 11, 22].map(|rot| (f, w, w[3].rotate_left(rot))))
        .map(|(f, mut w, r)| {
            let (vdata, vaddr, addr4) =
                (256 - (1 + r % 6), 256 - (1 + (r >> 8) % 13), 256 - (1 + (r >> 16) % 9));
            // VADDR [39:32] and VDATA [47:40]; ADDR4 is the NSA dword's top byte.
            w[1] = (w[1] & !0xffff) | vdata << 8 | vaddr;
            w[2] = (w[2] & 0x00ff_ffff) | addr4 << 24;
            (f, w)
        })
        .collect()
}

/// The words of LLVM's corpus (`tests/llvm/*.corpus`, every row in several operand forms),
/// each once: words LLVM accepts, so every row is seen accepted (random words rarely are),
/// and through [`one_bit_off`] each row's rules one bit at a time. The fourth dword, a hash
/// of the others (the literal of a four-dword word), chooses the bit.
fn corpus_words() -> Vec<(usize, [u32; 4])> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("llvm");
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "corpus"))
        .collect();
    names.sort();
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    for path in names {
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        for line in text.lines().filter(|l| !l.starts_with('#')) {
            let bytes: Vec<u8> = line
                .split('\t')
                .next()
                .unwrap_or("")
                .split_whitespace()
                .map(|b| u8::from_str_radix(b, 16).unwrap_or_else(|_| panic!("{}: `{line}`", path.display())))
                .collect();
            let mut w = [0u32; 4];
            for (i, c) in bytes.chunks(4).take(4).enumerate() {
                w[i] = c.iter().rev().fold(0, |d, b| d << 8 | u32::from(*b));
            }
            // (A four-dword word, DPP with a literal, keeps its literal.)
            if bytes.len() <= 12 {
                w[3] = (w[0] ^ w[1].rotate_left(7) ^ w[2].rotate_left(13)).wrapping_mul(0x9e37_79b9);
            }
            let fmt = rdna3_isa::table().format_of(u64::from(w[0]) | u64::from(w[1]) << 32);
            let family = fmt.and_then(|f| FAMILIES.iter().position(|(_, fs)| fs.contains(&f.name.as_str())));
            if let Some(f) = family
                && seen.insert(w)
            {
                out.push((f, w));
            }
        }
    }
    out
}

/// Each memory word the Rust decoder accepts again with each VGPR tuple
/// (`legal::memory_tuples`: DS, FLAT, buffer and image, with the image layout's widths) ending
/// at v255, and one register further: the bounds at their edge.
fn tuple_edges(cases: &[(usize, [u32; 4])]) -> Vec<(usize, [u32; 4])> {
    let t = rdna3_isa::table();
    let mut out = Vec::new();
    for &(f, w) in cases {
        let Ok(inst) = decode_legal(&w) else { continue };
        let fmt = inst.def().format();
        for (field, _, width) in rdna3_isa::legal::memory_tuples(&inst) {
            // A field of the format's two dwords, or of MIMG's NSA dword (the third).
            let (range, at) = match fmt.field(field) {
                Some(r) => (r, 0),
                None => match fmt.ext.first().and_then(|e| t.format(e.ext).field(field)) {
                    Some(r) => (r, 2),
                    None => continue,
                },
            };
            for first in [256 - width, 257 - width].into_iter().filter(|r| *r <= range.max()) {
                let mut v = w;
                if at == 0 {
                    let word = range.insert(u64::from(w[0]) | u64::from(w[1]) << 32, first);
                    v[0] = word as u32;
                    v[1] = (word >> 32) as u32;
                } else {
                    v[2] = range.insert(u64::from(w[2]), first) as u32;
                }
                out.push((f, v));
            }
        }
    }
    out
}

/// Each word the Rust decoder accepts again with one of its bits flipped (the fourth dword
/// chooses which: random, a hash, or a four-dword instruction's literal): a random word breaks
/// several rules at once, and a rule is only seen to work on words that break it alone.
fn one_bit_off(cases: &[(usize, [u32; 4])]) -> Vec<(usize, [u32; 4])> {
    cases
        .iter()
        .filter_map(|&(f, mut w)| {
            let len = decode_legal(&w).ok()?.dwords().min(INST_DWORDS as u32);
            let bit = w[3].rotate_left(5) % (32 * len);
            w[(bit / 32) as usize] ^= 1 << (bit % 32);
            Some((f, w))
        })
        .collect()
}

/// The dwords the RTL decoder sees (`InstDwords` in `cu_pkg`): a VOP3 or VOP3P DPP form
/// with a literal source is four.
const INST_DWORDS: usize = 4;

/// What the Rust decoder says of `w`: accepted (by LLVM's rules) with its length, or why not.
fn rust(w: &[u32; 4]) -> Result<u32, String> {
    decode_legal(w).map(|i| i.dwords()).map_err(|e| e.to_string())
}

#[test]
fn the_rtl_decoder_accepts_and_measures_as_the_rust_decoder_does() {
    if !conformance::require_verilator("decode_rtl") {
        return;
    }
    let per_family = env_u64("RDNA3_FUZZ_CASES", 2000) as usize;
    let seed = env_u64("RDNA3_FUZZ_SEED", 0xdec0de);
    let mut cases = cases(seed, per_family);
    cases.extend(corpus_words());
    cases.extend(high_vgprs(&cases));
    cases.extend(tuple_edges(&cases));
    cases.extend(one_bit_off(&cases));

    let dir = conformance::fresh_dir(env!("CARGO_TARGET_TMPDIR"), "decode_rtl");
    let words = dir.join("words.txt");
    let mut src = String::new();
    for (_, w) in &cases {
        let _ = writeln!(
            src,
            "{}",
            w[..INST_DWORDS].iter().map(|d| format!("{d:08x}")).collect::<Vec<_>>().join(" ")
        );
    }
    std::fs::write(&words, src).unwrap_or_else(|e| panic!("{}: {e}", words.display()));

    let sources = [
        tb::rtl("cu_pkg.sv"),
        tb::rtl("cu_decode.sv"),
        tb::tb("tb_cu_decode.sv"),
        tb::tb("tb_cu_decode.cpp"),
    ];
    let exe = tb::verilate(&dir.join("obj"), "tb_cu_decode", &["-O1".into()], &sources);
    let out_file = dir.join("decoded.txt");
    tb::run(&exe, &[&words, &out_file], "DONE tb_cu_decode:", "the decoder testbench failed");
    let decoded =
        std::fs::read_to_string(&out_file).unwrap_or_else(|e| panic!("{}: {e}", out_file.display()));
    // (a row matched, the word is legal, its length)
    let rtl: Vec<(bool, bool, u32)> = decoded
        .lines()
        .map(|l| {
            let v: Vec<u32> = l.split_whitespace().map(|x| x.parse().expect("testbench output")).collect();
            assert_eq!(v.len(), 3, "testbench line `{l}`");
            (v[0] == 1, v[0] == 1 && v[1] == 0, v[2])
        })
        .collect();
    assert_eq!(rtl.len(), cases.len(), "the testbench answered {} of {} words", rtl.len(), cases.len());

    let mut results = vec![FamilyResult::default(); FAMILIES.len()];
    let (mut accepts_rejected, mut rejects_accepted, mut length) = (0, 0, 0);
    for ((f, w), (rtl_valid, rtl_legal, rtl_len)) in cases.iter().zip(&rtl) {
        let r = &mut results[*f];
        r.cases += 1;
        let ours = rust(w);
        let rtl_text = match (rtl_valid, rtl_legal) {
            (_, true) => format!("accepts, {rtl_len} dwords"),
            (true, false) => format!("decodes ({rtl_len} dwords), rejects"),
            _ => "rejects".to_string(),
        };
        // A word both decode to a row has one length, legal or not.
        let same_length = match decode(w) {
            Ok(i) if *rtl_valid => i.dwords() == *rtl_len,
            _ => true,
        };
        let agree = match &ours {
            _ if !same_length => {
                length += 1;
                false
            }
            Ok(_) if *rtl_legal => true,
            Ok(_) => {
                rejects_accepted += 1;
                false
            }
            Err(_) if *rtl_legal => {
                accepts_rejected += 1;
                false
            }
            Err(_) => true,
        };
        if agree {
            r.agree += 1;
        } else {
            let rust_text = match (&ours, decode(w)) {
                (Ok(len), Ok(i)) => format!("accepts {i}, {len} dwords"),
                (Err(e), _) => format!("rejects: {e}"),
                (Ok(_), Err(e)) => format!("accepts ({e})"),
            };
            r.differ.push((*w, rtl_text, rust_text));
        }
    }
    eprint!("{}", report(&results));
    eprintln!(
        "the RTL accepts {accepts_rejected} words LLVM rejects, rejects {rejects_accepted} it accepts, \
         measures {length} differently"
    );
    let mut dump = String::new();
    for ((name, _), r) in FAMILIES.iter().zip(&results) {
        for (w, rtl, rust) in &r.differ {
            let _ = writeln!(
                dump,
                "{name} {:08x} {:08x} {:08x} {:08x}\n  RTL:  {rtl}\n  Rust: {rust}",
                w[0], w[1], w[2], w[3]
            );
        }
    }
    let agree: Vec<(usize, usize)> = results.iter().map(|r| (r.agree, r.cases)).collect();
    conformance::assert_floors("the Rust decoder", seed, &agree, &FLOOR, &dump);
    let _ = std::fs::remove_dir_all(&dir);
}
