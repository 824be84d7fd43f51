//! Parser for the table text (`table/*.isa`). See `table/formats.isa` for its grammar.

use std::collections::HashMap;
use std::fmt;

use super::*;

/// A parse error: the file, the line and what is wrong with it.
pub struct ParseError {
    pub file: &'static str,
    pub line: u32,
    pub msg: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.file, self.line, self.msg)
    }
}

/// Where a line is, for errors.
#[derive(Clone, Copy)]
struct At {
    file: &'static str,
    line: u32,
}

impl At {
    fn err<T>(self, msg: impl Into<String>) -> Result<T, ParseError> {
        Err(ParseError { file: self.file, line: self.line, msg: msg.into() })
    }
    fn error(self, msg: impl Into<String>) -> ParseError {
        ParseError { file: self.file, line: self.line, msg: msg.into() }
    }
}

/// `[hi:lo]` or `[bit]`.
fn parse_range(s: &str, at: At) -> Result<BitRange, ParseError> {
    let inner = s
        .strip_prefix('[')
        .and_then(|s| s.strip_suffix(']'))
        .ok_or_else(|| at.error(format!("expected [hi:lo], found `{s}`")))?;
    let (hi, lo) = match inner.split_once(':') {
        Some((h, l)) => (h, l),
        None => (inner, inner),
    };
    let num = |x: &str| x.parse::<u8>().map_err(|_| at.error(format!("bad bit number `{x}` in `{s}`")));
    let (hi, lo) = (num(hi)?, num(lo)?);
    if hi < lo || hi > 63 {
        return at.err(format!("bad bit range `{s}`"));
    }
    Ok(BitRange { hi, lo })
}

/// A format line, with the names of the formats its flags refer to (resolved later).
struct RawFormat {
    def: FormatDef,
    ext: Vec<(String, Field, u32)>,
    pair: Option<String>,
    at: At,
}

fn parse_format(tokens: &[&str], at: At, id: FormatId) -> Result<RawFormat, ParseError> {
    let [name, dwords, rest @ ..] = tokens else {
        return at.err("format needs NAME DWORDS FIXED... FIELD...");
    };
    let dwords: u32 = match dwords.parse() {
        Ok(d @ 1..=2) => d,
        _ => return at.err(format!("format {name}: DWORDS must be 1 or 2, found `{dwords}`")),
    };
    let mut raw = RawFormat {
        def: FormatDef {
            id,
            name: (*name).to_string(),
            dwords,
            fixed: Vec::new(),
            fixed_mask: 0,
            fixed_bits: 0,
            op: None,
            fields: Vec::new(),
            ext: Vec::new(),
            pair: None,
            extension: false,
            secondary: false,
            unchecked: Vec::new(),
            zero: 0,
            lut: Vec::new(),
        },
        ext: Vec::new(),
        pair: None,
        at,
    };
    let mut used = 0u64;
    for tok in rest {
        if let Some(spec) = tok.strip_prefix("ext=") {
            // ext=FORMAT:field=value
            let bad = || at.error(format!("format {name}: expected ext=FORMAT:field=value, found `{tok}`"));
            let (ext, cond) = spec.split_once(':').ok_or_else(bad)?;
            let (field, value) = cond.split_once('=').ok_or_else(bad)?;
            let field = Field::parse(field).ok_or_else(bad)?;
            let value = value.parse().map_err(|_| bad())?;
            raw.ext.push((ext.to_string(), field, value));
        } else if let Some(p) = tok.strip_prefix("pair=") {
            raw.pair = Some(p.to_string());
        } else if let Some(list) = tok.strip_prefix("unchecked=") {
            for f in list.split(',') {
                let field = Field::parse(f)
                    .ok_or_else(|| at.error(format!("format {name}: unknown field `{f}` in `{tok}`")))?;
                raw.def.unchecked.push(field);
            }
        } else if let Some(r) = tok.strip_prefix("zero=") {
            let r = parse_range(r, at)?;
            if used & r.mask() != 0 {
                return at.err(format!("format {name}: zero={} overlaps a field", tok));
            }
            raw.def.zero |= r.mask();
        } else if *tok == "extension" {
            raw.def.extension = true;
        } else if tok.starts_with('[') {
            // Identifying bits: [hi:lo]=0b...
            let (range, value) = tok
                .split_once('=')
                .ok_or_else(|| at.error(format!("format {name}: expected [hi:lo]=0b..., found `{tok}`")))?;
            let range = parse_range(range, at)?;
            let bin = value.strip_prefix("0b").ok_or_else(|| {
                at.error(format!("format {name}: fixed value must be 0b..., found `{value}`"))
            })?;
            if bin.len() as u32 != range.width() {
                return at.err(format!(
                    "format {name}: {} bits given for a {}-bit range",
                    bin.len(),
                    range.width()
                ));
            }
            let v = u64::from_str_radix(bin, 2)
                .map_err(|_| at.error(format!("format {name}: bad binary `{bin}`")))?;
            if used & range.mask() != 0 {
                return at.err(format!("format {name}: identifying bits overlap"));
            }
            used |= range.mask();
            raw.def.fixed.push((range, v));
            raw.def.fixed_mask |= range.mask();
            raw.def.fixed_bits |= v << range.lo;
        } else {
            let (fname, r) = tok
                .split_once('[')
                .ok_or_else(|| at.error(format!("format {name}: expected name[hi:lo], found `{tok}`")))?;
            let r = parse_range(&format!("[{r}"), at)?;
            if u32::from(r.hi) >= dwords * 32 {
                return at.err(format!("format {name}: field {fname} lies beyond {dwords} dwords"));
            }
            if used & r.mask() != 0 {
                return at.err(format!("format {name}: field {fname} overlaps another field"));
            }
            used |= r.mask();
            let field = Field::parse(fname)
                .ok_or_else(|| at.error(format!("format {name}: unknown field `{fname}`")))?;
            if field == Field::Op {
                raw.def.op = Some(r);
            } else {
                raw.def.fields.push((field, r));
            }
        }
    }
    if let Some(f) = raw.def.unchecked.iter().find(|f| !raw.def.fields.iter().any(|(g, _)| g == *f)) {
        return at.err(format!("format {name}: unchecked={} is no field of the format", f.name()));
    }
    if raw.def.extension != raw.def.fixed.is_empty() {
        return at
            .err(format!("format {name}: an extension dword has no identifying bits, other formats do"));
    }
    raw.def.lut = {
        let mut lut = vec![None; raw.def.fields.iter().map(|(f, _)| *f as usize + 1).max().unwrap_or(0)];
        for (f, r) in &raw.def.fields {
            lut[*f as usize] = Some(*r);
        }
        lut
    };
    Ok(raw)
}

fn parse_inst(
    tokens: &[&'static str],
    at: At,
    id: InstId,
    formats: &[FormatDef],
) -> Result<InstDef, ParseError> {
    let [fmt_name, opcode, name, unit, rest @ ..] = tokens else {
        return at.err("row needs FORMAT OPCODE MNEMONIC UNIT OPERAND...");
    };
    let format = formats
        .iter()
        .find(|f| f.name == *fmt_name && !f.extension)
        .ok_or_else(|| at.error(format!("unknown format `{fmt_name}`")))?;
    let opcode: u32 = opcode.parse().map_err(|_| at.error(format!("bad opcode `{opcode}`")))?;
    let max = format.op.map_or(0, |op| op.max());
    if opcode > max {
        return at.err(format!("opcode {opcode} does not fit {}'s op field", format.name));
    }
    let unit = Unit::parse(unit).ok_or_else(|| at.error(format!("unknown unit `{unit}`")))?;
    // isa/build.rs generates a variant for every row's mnemonic, so this fails only when the
    // table parsed here is not the one the crate was built from.
    let mnemonic = Mnemonic::from_name(name)
        .ok_or_else(|| at.error(format!("mnemonic `{name}` has no Mnemonic variant (isa/build.rs)")))?;
    let mut def = InstDef {
        id,
        format: format.id,
        opcode,
        name: (*name).to_string(),
        mnemonic,
        unit,
        operands: Vec::new(),
        reads: Implicit::default(),
        writes: Implicit::default(),
        counters: Counters::default(),
        access: None,
        compare: None,
        in_llvm: true,
        in_guide: true,
        unchecked: Vec::new(),
        sreg_only: false,
        vsrc1_lo128: false,
        file: at.file,
        line: at.line,
    };
    let mut cmp = None;
    for tok in rest {
        if let Some(list) = tok.strip_prefix("R:").or_else(|| tok.strip_prefix("W:")) {
            let target = if tok.starts_with('R') { &mut def.reads } else { &mut def.writes };
            for n in list.split(',') {
                let (f, _) = Implicit::ALL
                    .iter()
                    .find(|(_, m)| *m == n)
                    .ok_or_else(|| at.error(format!("unknown implicit state `{n}`")))?;
                target.insert(*f);
            }
        } else if let Some(list) = tok.strip_prefix("C:") {
            for n in list.split(',') {
                let (c, _) = Counters::ALL
                    .iter()
                    .find(|(_, m)| *m == n)
                    .ok_or_else(|| at.error(format!("unknown counter `{n}`")))?;
                def.counters.insert(*c);
            }
        } else if let Some(a) = tok.strip_prefix("A:") {
            if def.access.is_some() {
                return at.err("two A: columns");
            }
            let a = MemAccess::parse(a).map_err(|e| at.error(format!("`{tok}`: {e}")))?;
            if !a.fits(format.family()) {
                return at.err(format!("`{tok}` does not fit a {} row", format.name));
            }
            def.access = Some(a);
        } else if let Some(k) = tok.strip_prefix("K:") {
            if cmp.is_some() {
                return at.err("two K: columns");
            }
            if format.family() != Family::Vop {
                return at.err(format!("`{tok}` does not fit a {} row", format.name));
            }
            cmp = Some(CmpOp::parse(k).map_err(|e| at.error(format!("`{tok}`: {e}")))?);
        } else if *tok == "nollvm" {
            def.in_llvm = false;
        } else if *tok == "noguide" {
            def.in_guide = false;
        } else if *tok == "sreg" {
            if format.family() != Family::Scalar {
                return at.err(format!("`sreg` does not fit a {} row", format.name));
            }
            def.sreg_only = true;
        } else if *tok == "lo128" {
            if format.field(Field::Vsrc1).is_none() {
                return at.err(format!("`lo128` does not fit a {} row", format.name));
            }
            def.vsrc1_lo128 = true;
        } else if *tok == "unchecked" {
            def.unchecked = format.fields.iter().map(|(f, _)| *f).collect();
        } else if let Some(list) = tok.strip_prefix("unchecked=") {
            for f in list.split(',') {
                match Field::parse(f).filter(|f| format.field(*f).is_some()) {
                    Some(field) => def.unchecked.push(field),
                    None => return at.err(format!("`{tok}`: {f} is no field of {}", format.name)),
                }
            }
        } else {
            def.operands.push(parse_operand(tok, at, format, formats)?);
        }
    }
    let memory = matches!(format.family(), Family::Smem | Family::Ds | Family::Flat | Family::Buf);
    if memory && def.access.is_none() {
        return at.err(format!("a {} row needs an A: column (its memory access)", format.name));
    }
    if let Some(op) = cmp {
        let ty =
            |fields: &[Field]| def.operands.iter().find(|o| fields.contains(&o.field)).and_then(Operand::ty);
        let c = Compare::new(op, ty(&[Field::Src0]), ty(&[Field::Src1, Field::Vsrc1]));
        def.compare = Some(c.map_err(|e| at.error(e))?);
    } else if format.name == "VOPC" {
        return at.err("a VOPC row needs a K: column (its condition)");
    }
    Ok(def)
}

fn parse_operand(
    tok: &'static str,
    at: At,
    format: &FormatDef,
    formats: &[FormatDef],
) -> Result<Operand, ParseError> {
    let bad = || at.error(format!("expected ROLE.FIELD:KIND, found `{tok}`"));
    let (role, rest) = tok.split_once('.').ok_or_else(bad)?;
    let (field, kind) = rest.split_once(':').ok_or_else(bad)?;
    let role = match role {
        "D" => Role::Dst,
        "S" => Role::Src,
        "M" => Role::Modify,
        "I" => Role::Imm,
        _ => return at.err(format!("unknown role `{role}` in `{tok}`")),
    };
    let field = Field::parse(field).ok_or_else(|| at.error(format!("unknown field `{field}` in `{tok}`")))?;
    // A field of the format, of one of its extension dwords, or the literal.
    let in_ext = format.ext.iter().any(|r| formats[r.ext.0 as usize].field(field).is_some());
    if field != Field::Lit && format.field(field).is_none() && !in_ext {
        return at.err(format!("format {} has no field {}", format.name, field.name()));
    }
    let kind = if let Some(rule) = kind.strip_prefix('@') {
        Kind::RegRule(rule)
    } else if role == Role::Imm {
        Kind::Imm(
            ImmKind::parse(kind)
                .ok_or_else(|| at.error(format!("unknown immediate kind `{kind}` in `{tok}`")))?,
        )
    } else {
        Kind::Reg(Ty::parse(kind).ok_or_else(|| at.error(format!("unknown type `{kind}` in `{tok}`")))?)
    };
    Ok(Operand { role, field, kind })
}

fn parse_counter(tokens: &[&str], at: At) -> Result<CounterDef, ParseError> {
    let (name, bits, field) = match tokens {
        [name, bits] => (name, bits, None),
        [name, bits, field] => (name, bits, Some(parse_range(field, at)?)),
        _ => return at.err("counter needs NAME BITS [FIELD]"),
    };
    if !Counters::ALL.iter().any(|(_, n)| n == name) {
        return at.err(format!("unknown counter `{name}`"));
    }
    let bits: u32 = match bits.parse() {
        Ok(b @ 1..=16) => b,
        _ => return at.err(format!("bad counter width `{bits}`")),
    };
    if let Some(f) = field
        && (f.width() != bits || f.hi > 15)
    {
        return at.err(format!("counter {name}: field does not hold {bits} bits of SIMM16"));
    }
    Ok(CounterDef { name: (*name).to_string(), bits, waitcnt_field: field })
}

pub(super) fn parse(files: &[(&'static str, &'static str)]) -> Result<Table, ParseError> {
    let mut counters = Vec::new();
    let mut raw_formats: Vec<RawFormat> = Vec::new();
    let mut formats: Vec<FormatDef> = Vec::new();
    let mut insts: Vec<InstDef> = Vec::new();
    for (file, src) in files {
        for (i, raw) in src.lines().enumerate() {
            let at = At { file, line: i as u32 + 1 };
            let text = raw.split('#').next().unwrap_or("");
            let tokens: Vec<&'static str> = text.split_whitespace().collect();
            match tokens.first() {
                None => continue,
                Some(&"counter") => counters.push(parse_counter(&tokens[1..], at)?),
                Some(&"format") => {
                    if !insts.is_empty() {
                        return at.err("formats must come before instruction rows");
                    }
                    let id = FormatId(raw_formats.len() as u16);
                    raw_formats.push(parse_format(&tokens[1..], at, id)?);
                }
                Some(_) => {
                    if formats.is_empty() {
                        formats = resolve_formats(&mut raw_formats)?;
                    }
                    let id = InstId(insts.len() as u16);
                    insts.push(parse_inst(&tokens, at, id, &formats)?);
                }
            }
        }
    }
    if formats.is_empty() {
        formats = resolve_formats(&mut raw_formats)?;
    }
    let mut by_name: HashMap<String, Vec<InstId>> = HashMap::new();
    let mut by_opcode = HashMap::new();
    for d in &insts {
        let at = At { file: d.file, line: d.line };
        let same = by_name.entry(d.name.clone()).or_default();
        if same.iter().any(|id| insts[id.0 as usize].format == d.format) {
            return at.err(format!(
                "mnemonic {} appears twice in format {}",
                d.name, formats[d.format.0 as usize].name
            ));
        }
        same.push(d.id);
        if by_opcode.insert((d.format, d.opcode), d.id).is_some() {
            return at
                .err(format!("{} opcode {} appears twice", formats[d.format.0 as usize].name, d.opcode));
        }
    }
    // Formats with the same identifying bits share an opcode space.
    let mut shared: HashMap<(u64, u64, u32), InstId> = HashMap::new();
    for d in &insts {
        let f = &formats[d.format.0 as usize];
        if f.secondary {
            continue;
        }
        if let Some(other) = shared.insert((f.fixed_mask, f.fixed_bits, d.opcode), d.id) {
            let o = &insts[other.0 as usize];
            return At { file: d.file, line: d.line }.err(format!(
                "{} and {} share opcode {} in formats of the same encoding",
                o.name, d.name, d.opcode
            ));
        }
    }
    for (_, n) in Counters::ALL {
        if !counters.iter().any(|c: &CounterDef| c.name == n) {
            return At { file: files[0].0, line: 0 }.err(format!("counter {n} is not defined"));
        }
    }
    let mut decode_order: Vec<FormatId> =
        formats.iter().filter(|f| !f.extension && !f.secondary).map(|f| f.id).collect();
    decode_order.sort_by_key(|id| {
        let f = &formats[id.0 as usize];
        (std::cmp::Reverse(f.fixed_mask.count_ones()), f.fixed_mask, f.fixed_bits, f.id)
    });
    Ok(Table { counters, formats, insts, by_name, by_opcode, decode_order })
}

/// Resolves the formats' references to each other (extension dwords, pairs).
fn resolve_formats(raw: &mut [RawFormat]) -> Result<Vec<FormatDef>, ParseError> {
    let ids: HashMap<String, FormatId> = raw.iter().map(|r| (r.def.name.clone(), r.def.id)).collect();
    let find = |n: &str, at: At| ids.get(n).copied().ok_or_else(|| at.error(format!("unknown format `{n}`")));
    let mut secondary = Vec::new();
    for r in raw.iter_mut() {
        for (name, field, value) in std::mem::take(&mut r.ext) {
            let ext = find(&name, r.at)?;
            if r.def.field(field).is_none() {
                return r.at.err(format!("format {}: no field {} for ext={name}", r.def.name, field.name()));
            }
            r.def.ext.push(ExtRule { ext, field, value });
        }
        if let Some(p) = r.pair.take() {
            let id = find(&p, r.at)?;
            r.def.pair = Some(id);
            secondary.push(id);
        }
    }
    let mut out: Vec<FormatDef> = raw.iter().map(|r| r.def.clone()).collect();
    for id in secondary {
        out[id.0 as usize].secondary = true;
    }
    for f in &out {
        for r in &f.ext {
            if !out[r.ext.0 as usize].extension {
                return err_at(
                    f,
                    &format!(
                        "format {}: ext= names {}, which is not an extension",
                        f.name, out[r.ext.0 as usize].name
                    ),
                );
            }
        }
    }
    Ok(out)
}

fn err_at<T>(f: &FormatDef, msg: &str) -> Result<T, ParseError> {
    Err(ParseError { file: "formats.isa", line: 0, msg: format!("{msg} (format {})", f.name) })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The error of parsing the table's formats followed by `rows` (as file `t.isa`).
    fn error(rows: &'static str) -> String {
        match parse(&[TABLE_FILES[0], ("t.isa", rows)]) {
            Ok(_) => panic!("`{rows}` parses"),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn access_columns_that_are_wrong_are_errors() {
        let row = "DS 0 ds_add_u32 ds S.addr:u32 S.data0:u32 C:lgkm";
        assert_eq!(error(row), "t.isa:1: a DS row needs an A: column (its memory access)");
        let cases = [
            ("SOP2 0 s_add_u32 salu A:load.b32", "`A:load.b32` does not fit a SOP2 row"),
            ("DS 0 ds_add_u32 ds A:sload.b32", "`A:sload.b32` does not fit a DS row"),
            ("DS 0 ds_add_u32 ds A:atomic.add.u32.glc", "`A:atomic.add.u32.glc` does not fit a DS row"),
            (
                "GLOBAL 53 global_atomic_add_u32 vmem A:atomic.add.u32.rtn",
                "`A:atomic.add.u32.rtn` does not fit a GLOBAL row",
            ),
            ("DS 0 ds_add_u32 ds A:nop A:nop", "two A: columns"),
            ("DS 0 ds_add_u32 ds A:frob", "`A:frob`: unknown kind `frob`"),
            ("DS 0 ds_add_u32 ds A:load", "`A:load`: load needs a type"),
            ("DS 0 ds_add_u32 ds A:nop.b32", "`A:nop.b32`: unexpected `b32` (nop takes no arguments)"),
            ("DS 0 ds_add_u32 ds A:load.q8", "`A:load.q8`: `q8` is not a type load takes"),
            ("DS 0 ds_add_u32 ds A:load.f32", "`A:load.f32`: `f32` is not a type load takes"),
            (
                "DS 0 ds_add_u32 ds A:load.i32",
                "`A:load.i32`: `i32`: only 8- and 16-bit loads extend (as u or i)",
            ),
            (
                "DS 0 ds_add_u32 ds A:load.b32.d16",
                "`A:load.b32.d16`: a d16 load reads 8 or 16 bits into a VGPR",
            ),
            ("DS 0 ds_add_u32 ds A:load.u8.d16.d16hi", "`A:load.u8.d16.d16hi`: `d16` and `d16hi` together"),
            (
                "DS 0 ds_add_u32 ds A:load.b32.lds.addtid",
                "`A:load.b32.lds.addtid`: `addtid` out of order (the order is d16, d16hi, addtid, lds)",
            ),
            (
                "DS 0 ds_add_u32 ds A:load2.b32.stride64.stride64",
                "`A:load2.b32.stride64.stride64`: `stride64` given twice",
            ),
            (
                "DS 0 ds_add_u32 ds A:store.b32.d16",
                "`A:store.b32.d16`: unexpected `d16` (this kind takes d16hi, addtid)",
            ),
            ("DS 0 ds_add_u32 ds A:load.x.addtid", "`A:load.x.addtid`: a format load has no addtid"),
            ("DS 0 ds_add_u32 ds A:atomic.add", "`A:atomic.add`: atomic needs OP.TYPE"),
            ("DS 0 ds_add_u32 ds A:atomic.add.b32", "`A:atomic.add.b32`: atomic add has no type b32"),
            ("DS 0 ds_add_u32 ds A:atomic.nand.b32", "`A:atomic.nand.b32`: unknown atomic operation `nand`"),
            ("DS 0 ds_add_u32 ds A:atomic.add.u16", "`A:atomic.add.u16`: `u16` is not a type atomic takes"),
            (
                "DS 0 ds_add_u32 ds A:atomic.add.u32.rtn.glc",
                "`A:atomic.add.u32.rtn.glc`: `rtn` and `glc` together",
            ),
        ];
        for (row, msg) in cases {
            assert_eq!(error(row), format!("t.isa:1: {msg}"), "{row}");
        }
    }

    #[test]
    fn compare_columns_that_are_wrong_are_errors() {
        let cases = [
            (
                "VOPC 1 v_cmp_lt_f16 valu S.src0:f16 S.vsrc1:f16",
                "a VOPC row needs a K: column (its condition)",
            ),
            ("SOPC 0 s_cmp_eq_i32 salu K:eq S.ssrc0:i32 S.ssrc1:i32", "`K:eq` does not fit a SOPC row"),
            ("VOPC 1 v_cmp_lt_f16 valu K:lt K:lt S.src0:f16 S.vsrc1:f16", "two K: columns"),
            ("VOPC 1 v_cmp_lt_f16 valu K:less S.src0:f16 S.vsrc1:f16", "`K:less`: unknown condition `less`"),
            (
                "VOPC 1 v_cmp_lt_f16 valu K:lt S.src0:b32 S.vsrc1:b32",
                "K:lt: S0 has type b32, not one a compare takes",
            ),
            ("VOPC 1 v_cmp_lt_f16 valu K:ne S.src0:f16 S.vsrc1:f16", "K:ne does not compare f16"),
            ("VOPC 1 v_cmp_lt_i16 valu K:nge S.src0:i16 S.vsrc1:i16", "K:nge does not compare i16"),
            ("VOPC 1 v_cmp_lt_f16 valu K:lt S.src0:f16 S.vsrc1:f32", "K:lt on f16: S1 has type f32, not f16"),
            (
                "VOPC 1 v_cmp_class_f16 valu K:class S.src0:f16 S.vsrc1:f16",
                "K:class on f16: S1 has type f16, not u32",
            ),
        ];
        for (row, msg) in cases {
            assert_eq!(error(row), format!("t.isa:1: {msg}"), "{row}");
        }
        let ok = parse(&[TABLE_FILES[0], ("t.isa", "VOPC 1 v_cmp_lt_f16 valu K:lt S.src0:f16 S.vsrc1:f16")]);
        let cmp = ok.map(|t| t.insts[0].compare).map_err(|e| e.to_string());
        assert_eq!(cmp, Ok(Some(Compare { op: CmpOp::Lt, ty: Ty::F16 })));
    }

    /// Every row's access prints as a column value that parses back to it.
    #[test]
    fn accesses_print_as_they_parse() {
        for a in table().insts.iter().filter_map(|d| d.access) {
            assert_eq!(MemAccess::parse(&a.to_string()), Ok(a), "{a}");
        }
        let print = |s| MemAccess::parse(s).map(|a| a.to_string());
        assert_eq!(print("load.b16.d16hi"), Ok("load.u16.d16hi".into()));
        assert_eq!(print("load.b32.addtid.lds"), Ok("load.b32.addtid.lds".into()));
        assert_eq!(print("store.xyz.d16"), Ok("store.xyz.d16".into()));
        assert_eq!(print("xchg2.b64.stride64"), Ok("xchg2.b64.stride64".into()));
        assert_eq!(print("atomic.min.i64.rtn"), Ok("atomic.min.i64.rtn".into()));
        assert_eq!(print("sload.b512.buffer"), Ok("sload.b512.buffer".into()));
        assert_eq!(print("gs_reg_add"), Ok("gs_reg_add".into()));
    }

    #[test]
    fn a_mnemonic_without_a_variant_is_an_error() {
        assert!(parse(&[TABLE_FILES[0], ("t.isa", "SOP2 0 s_add_u32 salu")]).is_ok());
        assert_eq!(
            error("\nSOP2 0 s_frobnicate_u32 salu"),
            "t.isa:2: mnemonic `s_frobnicate_u32` has no Mnemonic variant (isa/build.rs)"
        );
    }
}
