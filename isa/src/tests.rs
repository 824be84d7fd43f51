use super::*;

/// Every (format, opcode, name) of the guide's chapter 15 tables, errata applied
/// (`guide_opcodes.tsv`, parsed from the guide; see its history in the repository).
const GUIDE: &str = include_str!("guide_opcodes.tsv");

fn guide_rows() -> Vec<(&'static str, u32, String)> {
    GUIDE
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let mut it = l.split('\t');
            let enc = it.next().expect("format column");
            let op = it.next().and_then(|o| o.trim().parse().ok()).expect("opcode column");
            let name = it.next().expect("name column").trim().to_ascii_lowercase();
            (enc, op, name)
        })
        .collect()
}

#[test]
fn table_parses_and_has_the_scalar_formats() {
    let t = table();
    for f in ["SOP1", "SOP2", "SOPK", "SOPC", "SOPP"] {
        assert!(t.format_by_name(f).is_some(), "format {f} missing");
    }
}

#[test]
fn rows_agree_with_the_guide() {
    // Rows LLVM encodes and clang emits that the guide's opcode tables leave out.
    const BEYOND_GUIDE: &[(&str, u32, &str)] = &[("SOPP", 8, "s_waitcnt_depctr")];
    let t = table();
    let guide = guide_rows();
    for d in &t.insts {
        let f = &d.format().name;
        if BEYOND_GUIDE.contains(&(f.as_str(), d.opcode, d.name.as_str())) {
            continue;
        }
        let g = guide.iter().find(|(e, o, _)| e == f && *o == d.opcode);
        let Some((_, _, gname)) = g else {
            panic!("line {}: {} opcode {} is not in the guide", d.line, f, d.opcode)
        };
        assert_eq!(&d.name, gname, "line {}: name differs from the guide", d.line);
    }
    // Every guide opcode of a format the table has rows for is present.
    for (e, o, n) in &guide {
        if let Some(f) = t.format_by_name(e)
            && t.insts.iter().any(|d| d.format == f.id)
        {
            assert!(t.by_opcode(f.id, *o).is_some(), "{e} {o} {n} missing from the table");
        }
    }
}

#[test]
fn scalar_formats_are_complete() {
    let t = table();
    let count = |f: &str| t.insts.iter().filter(|d| d.format().name == f).count();
    assert_eq!(count("SOP2"), 52);
    assert_eq!(count("SOPK"), 25);
    assert_eq!(count("SOP1"), 65);
    assert_eq!(count("SOPC"), 18);
    assert_eq!(count("SOPP"), 37);
}

/// Spike's check-opcode-overlap: no word may match two rows.
#[test]
fn no_two_rows_overlap() {
    // Pairs that may overlap on purpose (none so far).
    const ALLOW: &[(&str, &str)] = &[];
    let t = table();
    let mm: Vec<(u64, u64)> = t.insts.iter().map(|d| d.match_mask()).collect();
    for i in 0..mm.len() {
        for j in i + 1..mm.len() {
            let (mi, ki) = mm[i];
            let (mj, kj) = mm[j];
            // A pair's second instruction (VOPD's Y) shares its words with the first: its
            // rows overlap only with each other.
            let secondary = |k: usize| t.insts[k].format().secondary;
            if (mi ^ mj) & ki & kj == 0 && secondary(i) == secondary(j) {
                let (a, b) = (&t.insts[i].name, &t.insts[j].name);
                assert!(
                    ALLOW.iter().any(|(x, y)| (x == a && y == b) || (x == b && y == a)),
                    "{a} and {b} overlap"
                );
            }
        }
    }
}

#[test]
fn every_row_decodes_to_itself() {
    let t = table();
    for d in &t.insts {
        if d.format().secondary {
            // The second instruction of a pair, built with a first one.
            let Some(x) = t.insts.iter().find(|x| x.format().pair == Some(d.format)) else {
                panic!("{}: no format pairs with {}", d.name, d.format().name)
            };
            let back = decode(&Inst::build_pair(x, Some(d), &[], None).encode())
                .unwrap_or_else(|e| panic!("{}: {e}", d.name));
            assert_eq!(back.id2, Some(d.id), "{} decodes as {:?}", d.name, back.def2().map(|y| &y.name));
            continue;
        }
        let inst = Inst::build(d, &[], None);
        let words = inst.encode();
        let back = decode(&words).unwrap_or_else(|e| panic!("{}: {e}", d.name));
        assert_eq!(back.id, d.id, "{} decodes as {}", d.name, back.def().name);
    }
}

#[test]
fn literal_follows_when_a_source_selects_it() {
    let d = table().by_name("s_add_u32").expect("row");
    let inst = Inst::build(d, &[(Field::Sdst, 0), (Field::Ssrc0, 255), (Field::Ssrc1, 1)], Some(0x1234_5678));
    assert_eq!(inst.encode(), vec![0x8000_01ff, 0x1234_5678]);
    assert_eq!(
        decode(&[0x8000_01ff]),
        Err(DecodeError::Truncated { name: "s_add_u32".into(), needed: 2, available: 1 })
    );
    let back = decode(&inst.encode()).expect("decodes");
    assert_eq!(back.literal, Some(0x1234_5678));
    assert_eq!(back.bytes(), 8);
}

#[test]
fn unknown_words_are_errors() {
    // SOP2 opcode 7 is unused.
    let w = 0x8000_0000 | (7 << 23);
    assert!(matches!(decode(&[w]), Err(DecodeError::UnknownOpcode { .. })));
    assert!(matches!(decode(&[]), Err(DecodeError::Truncated { .. })));
}

#[test]
fn every_mnemonic_names_rows_and_every_row_its_mnemonic() {
    let t = table();
    for d in &t.insts {
        assert_eq!(d.mnemonic.name(), d.name, "line {}: {}", d.line, d.name);
        assert_eq!(Mnemonic::from_name(&d.name), Some(d.mnemonic), "{}", d.name);
    }
    for (i, m) in Mnemonic::ALL.iter().enumerate() {
        assert_eq!(*m as usize, i, "{m}: ALL is in declaration order");
        assert!(t.insts.iter().any(|d| d.mnemonic == *m), "{m} has no row");
        assert_eq!(t.by_name(m.name()).map(|d| d.mnemonic), Some(*m), "{m}");
    }
    // Table order: variants in the order of each mnemonic's first row.
    let order: Vec<u16> = Mnemonic::ALL.iter().map(|m| t.by_name(m.name()).expect("row").id.0).collect();
    assert!(order.windows(2).all(|w| w[0] < w[1]), "variants follow the table's order");
    assert_eq!(Mnemonic::from_name("v_add_f23"), None);
    assert_eq!(Mnemonic::v_add_f32.to_string(), "v_add_f32");
}
