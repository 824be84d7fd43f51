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
    let t = table();
    let guide = guide_rows();
    for d in &t.insts {
        let f = &d.format().name;
        // Rows LLVM encodes that the guide's opcode tables leave out (`noguide`) must indeed
        // be missing from them.
        if !d.in_guide {
            assert!(
                !guide.iter().any(|(e, o, _)| e == f && *o == d.opcode),
                "line {}: {} opcode {} is in the guide; drop `noguide`",
                d.line,
                f,
                d.opcode
            );
            assert!(d.in_llvm, "line {}: a `noguide` row is LLVM's: it cannot be `nollvm`", d.line);
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
    assert_eq!(count("SOPK"), 27);
    assert_eq!(count("SOP1"), 65);
    assert_eq!(count("SOPC"), 18);
    assert_eq!(count("SOPP"), 38);
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
        // Zero fields but FLAT's SADDR, which LLVM requires to be NULL (`off`).
        let off: Vec<(Field, u32)> = d
            .operands
            .iter()
            .filter(|o| o.kind == Kind::Imm(ImmKind::Other("off")))
            .map(|o| (o.field, crate::operand::NULL))
            .collect();
        let inst = Inst::build(d, &off, None);
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

/// The access a memory row's mnemonic spells, read from the mnemonic alone (the table's code
/// never does this; the `A:` column says it).
fn access_from_mnemonic(format: &str, name: &str) -> MemAccess {
    use MemAccess::*;
    let bytes = |t: &str| -> u32 { t[1..].parse::<u32>().expect("type width") / 8 };
    let half = |d16: bool, hi: bool| match (d16, hi) {
        (_, true) => Some(Half::Hi),
        (true, false) => Some(Half::Lo),
        (false, false) => None,
    };
    let comps = |c: &str| ["x", "xy", "xyz", "xyzw"].iter().position(|x| *x == c).map(|i| i as u32 + 1);
    let atomic = |stem: &str, ty: &str, rtn: AtomicReturn| {
        let float = ty.starts_with('f');
        let op = match stem {
            "swap" | "storexchg" => AtomicOp::Swap,
            "cmpswap" | "cmpstore" if float => AtomicOp::CmpSwapF,
            "cmpswap" | "cmpstore" => AtomicOp::CmpSwap,
            "add" if float => AtomicOp::AddF,
            "add" => AtomicOp::Add,
            "sub" => AtomicOp::Sub,
            "rsub" => AtomicOp::Rsub,
            "csub" => AtomicOp::Csub,
            "min" if float => AtomicOp::MinF,
            "max" if float => AtomicOp::MaxF,
            "min" if ty.starts_with('i') => AtomicOp::MinI,
            "max" if ty.starts_with('i') => AtomicOp::MaxI,
            "min" => AtomicOp::MinU,
            "max" => AtomicOp::MaxU,
            "and" => AtomicOp::And,
            "or" => AtomicOp::Or,
            "xor" => AtomicOp::Xor,
            "inc" => AtomicOp::Inc,
            "dec" => AtomicOp::Dec,
            "mskor" => AtomicOp::Mskor,
            "wrap" => AtomicOp::Wrap,
            _ => panic!("{name}: unknown atomic `{stem}`"),
        };
        Atomic { op, bytes: bytes(ty), rtn }
    };
    if format == "SMEM" {
        return match name.rsplit_once("_load_") {
            Some((base, ty)) => ScalarLoad { dwords: bytes(ty) / 4, buffer: base == "s_buffer" },
            None if name.starts_with("s_atc_probe") => Probe,
            None => Invalidate,
        };
    }
    if let Some(r) = name.strip_prefix("ds_") {
        let special = [
            ("nop", Nop),
            ("swizzle_b32", Swizzle),
            ("permute_b32", Permute),
            ("bpermute_b32", Bpermute),
            ("append", Append),
            ("consume", Consume),
            ("condxchg32_rtn_b64", CondXchg32),
            ("ordered_count", OrderedCount),
            ("add_gs_reg_rtn", GsRegAdd),
            ("sub_gs_reg_rtn", GsRegSub),
            ("bvh_stack_rtn_b32", BvhStack),
        ];
        if let Some((_, a)) = special.iter().find(|(n, _)| *n == r) {
            return *a;
        }
        let (r, stride64) = match r.replace("_stride64", "") {
            s if s.len() < r.len() => (s, true),
            s => (s, false),
        };
        if let Some(t) = r.strip_prefix("load_2addr_") {
            return Load2 { bytes: bytes(t), stride64 };
        }
        if let Some(t) = r.strip_prefix("store_2addr_") {
            return Store2 { bytes: bytes(t), stride64 };
        }
        if let Some(t) = r.strip_prefix("storexchg_2addr_rtn_") {
            return Xchg2 { bytes: bytes(t), stride64 };
        }
        let (r, addtid) = match r.strip_suffix("_addtid_b32") {
            Some(k) => (format!("{k}_b32"), true),
            None => (r, false),
        };
        let (r, hi) = match r.strip_suffix("_hi") {
            Some(k) => (k.to_string(), true),
            None => (r, false),
        };
        let (r, d16) = match r.strip_suffix("_d16") {
            Some(k) => (k.to_string(), true),
            None => (r, false),
        };
        if let Some(t) = r.strip_prefix("load_") {
            let d16 = half(d16, hi);
            return Load { bytes: bytes(t), signed: t.starts_with('i'), d16, addtid, lds: false };
        }
        if let Some(t) = r.strip_prefix("store_") {
            return Store { bytes: bytes(t), hi, addtid };
        }
        let (stem, ty) = r.rsplit_once('_').expect("OP_TYPE");
        return match stem.strip_suffix("_rtn") {
            Some(stem) => atomic(stem, ty, AtomicReturn::Always),
            None => atomic(stem, ty, AtomicReturn::Never),
        };
    }
    if name.ends_with("_inv") {
        return Invalidate;
    }
    // FLAT, GLOBAL, SCRATCH, MUBUF, MTBUF: SEGMENT_KIND[_lds][_d16][_hi][_format]_DATA.
    let (_, r) = name.split_once('_').expect("segment prefix");
    if let Some(r) = r.strip_prefix("atomic_") {
        let (stem, ty) = r.rsplit_once('_').expect("OP_TYPE");
        return atomic(stem, ty, AtomicReturn::Glc);
    }
    let (kind, r) = r.split_once('_').expect("load_ or store_");
    let mut words: Vec<&str> = r.split('_').collect();
    let mut take = |w: &str| words.iter().position(|x| *x == w).map(|i| words.remove(i)).is_some();
    let (lds, d16, hi, format, addtid) =
        (take("lds"), take("d16"), take("hi"), take("format"), take("addtid"));
    let [data] = words[..] else { panic!("{name}: more than one data type") };
    let d16 = half(d16, hi);
    match (kind, format) {
        ("load", true) => LoadFormat { comps: comps(data).expect("components"), d16, lds },
        ("store", true) => StoreFormat { comps: comps(data).expect("components"), d16 },
        ("load", false) => Load { bytes: bytes(data), signed: data.starts_with('i'), d16, addtid, lds },
        ("store", false) => Store { bytes: bytes(data), hi: d16 == Some(Half::Hi), addtid },
        _ => panic!("{name}: neither a load nor a store"),
    }
}

#[test]
fn memory_rows_have_the_access_their_mnemonics_spell() {
    let t = table();
    let mut seen = 0;
    for d in &t.insts {
        let f = d.format();
        let memory =
            matches!(f.name.as_str(), "DS" | "FLAT" | "GLOBAL" | "SCRATCH" | "MUBUF" | "MTBUF" | "SMEM");
        if !memory {
            assert_eq!(d.access, None, "line {}: {} has an A: column", d.line, d.name);
            continue;
        }
        let Some(a) = d.access else { panic!("{}:{}: {} has no A: column", d.file, d.line, d.name) };
        assert_eq!(a, access_from_mnemonic(&f.name, &d.name), "{}:{}: {}", d.file, d.line, d.name);
        seen += 1;
    }
    // 120 DS, 140 FLAT/GLOBAL/SCRATCH, 79 MUBUF, 16 MTBUF and 14 SMEM rows were compared.
    assert_eq!(seen, 369);
}

/// The `A:` column against the rows' operand types: the data registers hold what it says.
#[test]
fn accesses_agree_with_the_data_operands() {
    use MemAccess::*;
    let dwords = |d: &InstDef, roles: &[Role], fields: &[Field]| {
        d.operands
            .iter()
            .find(|o| roles.contains(&o.role) && fields.contains(&o.field))
            .map(|o| o.ty().expect("a register").dwords())
    };
    let data_fields = [Field::Data, Field::Data0, Field::Vdata];
    for d in table().insts.iter().filter(|d| d.access.is_some()) {
        let out = dwords(d, &[Role::Dst, Role::Modify], &[Field::Vdst, Field::Vdata, Field::Sdata]);
        let data = dwords(d, &[Role::Src, Role::Modify], &data_fields);
        let words = |bytes: u32| Some(bytes.div_ceil(4));
        let (want_out, want_data) = match d.access.expect("filtered") {
            Load { lds: true, .. } | LoadFormat { lds: true, .. } => (None, None),
            Load { d16: Some(_), .. } => (Some(1), None),
            Load { bytes, .. } => (words(bytes), None),
            Store { bytes, .. } => (None, words(bytes)),
            LoadFormat { comps, d16: None, .. } => (Some(comps), None),
            LoadFormat { comps, d16: Some(_), .. } => (words(comps * 2), None),
            StoreFormat { comps, d16: None } => (None, Some(comps)),
            StoreFormat { comps, d16: Some(_) } => (None, words(comps * 2)),
            Load2 { bytes, .. } => (words(2 * bytes), None),
            Store2 { bytes, .. } => (None, words(bytes)),
            Xchg2 { bytes, .. } => (words(2 * bytes), words(bytes)),
            ScalarLoad { dwords, buffer } => {
                let base = d.operand(Field::Sbase).and_then(|o| o.ty());
                assert_eq!(base, Some(if buffer { Ty::Wide(4) } else { Ty::U64 }), "{}", d.name);
                (Some(dwords), None)
            }
            Atomic { op, bytes, rtn } => {
                // FLAT/GLOBAL compare-swaps take the compare value in DATA's next registers;
                // DS has it in DATA1, MUBUF's VDATA is read and written (role M).
                let pair = op.has_compare() && rtn == AtomicReturn::Glc;
                let data = words(if pair { 2 * bytes } else { bytes });
                match (rtn, d.format().name.as_str()) {
                    (AtomicReturn::Never, _) => (None, data),
                    (_, "MUBUF") => (data, data),
                    _ => (words(bytes), data),
                }
            }
            _ => continue,
        };
        assert_eq!((out, data), (want_out, want_data), "{}:{}: {}", d.file, d.line, d.name);
    }
}

/// The compare a `v_cmp[x]_COND_TYPE` mnemonic spells, read from the mnemonic alone (the
/// table's code never does this; the `K:` column and S0's type say it): the condition, the
/// type, and whether it writes EXEC.
fn compare_from_mnemonic(name: &str) -> Option<(Compare, bool)> {
    let (exec, rest) = match name.strip_prefix("v_cmpx_") {
        Some(r) => (true, r),
        None => (false, name.strip_prefix("v_cmp_")?),
    };
    let (cond, ty) = rest.rsplit_once('_').expect("COND_TYPE");
    let op = match cond {
        "f" => CmpOp::F,
        "lt" => CmpOp::Lt,
        "eq" => CmpOp::Eq,
        "le" => CmpOp::Le,
        "gt" => CmpOp::Gt,
        "lg" => CmpOp::Lg,
        "ge" => CmpOp::Ge,
        "o" => CmpOp::O,
        "u" => CmpOp::U,
        "nge" => CmpOp::Nge,
        "nlg" => CmpOp::Nlg,
        "ngt" => CmpOp::Ngt,
        "nle" => CmpOp::Nle,
        "neq" => CmpOp::Neq,
        "nlt" => CmpOp::Nlt,
        "t" => CmpOp::T,
        "ne" => CmpOp::Ne,
        "class" => CmpOp::Class,
        _ => panic!("{name}: unknown condition `{cond}`"),
    };
    let ty = match ty {
        "f16" => Ty::F16,
        "f32" => Ty::F32,
        "f64" => Ty::F64,
        "i16" => Ty::I16,
        "i32" => Ty::I32,
        "i64" => Ty::I64,
        "u16" => Ty::U16,
        "u32" => Ty::U32,
        "u64" => Ty::U64,
        _ => panic!("{name}: unknown type `{ty}`"),
    };
    Some((Compare { op, ty }, exec))
}

#[test]
fn compare_rows_have_the_condition_their_mnemonics_spell() {
    let mut seen = 0;
    for d in &table().insts {
        let Some((want, exec)) = compare_from_mnemonic(&d.name) else {
            assert_eq!(d.compare, None, "{}:{}: {} has a K: column", d.file, d.line, d.name);
            continue;
        };
        assert_eq!(d.compare, Some(want), "{}:{}: {}", d.file, d.line, d.name);
        assert_eq!(d.writes.contains(Implicit::EXEC), exec, "{}:{}: {} and W:exec", d.file, d.line, d.name);
        assert!(matches!(d.format().name.as_str(), "VOPC" | "VOP3"), "{}", d.name);
        seen += 1;
    }
    // 190 VOPC rows and their 190 VOP3 promotions were compared.
    assert_eq!(seen, 380);
}
