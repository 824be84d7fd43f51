//! Parser for the table text (`rdna3.isa`). See the file's header for its grammar.

use std::collections::HashMap;

use super::*;

/// A parse error: the line number and what is wrong with it.
pub struct ParseError {
    pub line: u32,
    pub msg: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.line, self.msg)
    }
}

fn err<T>(line: u32, msg: impl Into<String>) -> Result<T, ParseError> {
    Err(ParseError { line, msg: msg.into() })
}

/// `[hi:lo]` or `[bit]`.
fn parse_range(s: &str, line: u32) -> Result<BitRange, ParseError> {
    let inner = s
        .strip_prefix('[')
        .and_then(|s| s.strip_suffix(']'))
        .ok_or_else(|| ParseError { line, msg: format!("expected [hi:lo], found `{s}`") })?;
    let (hi, lo) = match inner.split_once(':') {
        Some((h, l)) => (h, l),
        None => (inner, inner),
    };
    let num = |x: &str| {
        x.parse::<u8>().map_err(|_| ParseError { line, msg: format!("bad bit number `{x}` in `{s}`") })
    };
    let (hi, lo) = (num(hi)?, num(lo)?);
    if hi < lo || hi > 63 {
        return err(line, format!("bad bit range `{s}`"));
    }
    Ok(BitRange { hi, lo })
}

fn parse_format(tokens: &[&str], line: u32, id: FormatId) -> Result<FormatDef, ParseError> {
    let [name, dwords, fixed, fields @ ..] = tokens else {
        return err(line, "format needs NAME DWORDS FIXED FIELD...");
    };
    let dwords: u32 = match dwords.parse() {
        Ok(d @ 1..=2) => d,
        _ => {
            return err(line, format!("format {name}: DWORDS must be 1 or 2, found `{dwords}`"));
        }
    };
    let (range, value) = fixed.split_once('=').ok_or_else(|| ParseError {
        line,
        msg: format!("format {name}: expected [hi:lo]=0b..., found `{fixed}`"),
    })?;
    let range = parse_range(range, line)?;
    let bin = value.strip_prefix("0b").ok_or_else(|| ParseError {
        line,
        msg: format!("format {name}: fixed value must be 0b..., found `{value}`"),
    })?;
    if bin.len() as u32 != range.width() {
        return err(
            line,
            format!("format {name}: {} bits given for a {}-bit range", bin.len(), range.width()),
        );
    }
    let v = u64::from_str_radix(bin, 2)
        .map_err(|_| ParseError { line, msg: format!("format {name}: bad binary `{bin}`") })?;
    let mut op = None;
    let mut out = Vec::new();
    let mut used = range.mask();
    for tok in fields {
        let (fname, r) = tok.split_once('[').ok_or_else(|| ParseError {
            line,
            msg: format!("format {name}: expected name[hi:lo], found `{tok}`"),
        })?;
        let r = parse_range(&format!("[{r}"), line)?;
        if u32::from(r.hi) >= dwords * 32 {
            return err(line, format!("format {name}: field {fname} lies beyond {dwords} dwords"));
        }
        if used & r.mask() != 0 {
            return err(line, format!("format {name}: field {fname} overlaps another field"));
        }
        used |= r.mask();
        let field = Field::parse(fname)
            .ok_or_else(|| ParseError { line, msg: format!("format {name}: unknown field `{fname}`") })?;
        if field == Field::Op {
            op = Some(r);
        } else {
            out.push((field, r));
        }
    }
    let op = op.ok_or_else(|| ParseError { line, msg: format!("format {name} has no op field") })?;
    Ok(FormatDef {
        id,
        name: (*name).to_string(),
        dwords,
        fixed_mask: range.mask(),
        fixed_bits: v << range.lo,
        op,
        fields: out,
    })
}

fn parse_inst(tokens: &[&str], line: u32, id: InstId, formats: &[FormatDef]) -> Result<InstDef, ParseError> {
    let [fmt_name, opcode, name, unit, rest @ ..] = tokens else {
        return err(line, "row needs FORMAT OPCODE MNEMONIC UNIT OPERAND...");
    };
    let format = formats
        .iter()
        .find(|f| f.name == *fmt_name)
        .ok_or_else(|| ParseError { line, msg: format!("unknown format `{fmt_name}`") })?;
    let opcode: u32 =
        opcode.parse().map_err(|_| ParseError { line, msg: format!("bad opcode `{opcode}`") })?;
    if opcode > format.op.max() {
        return err(line, format!("opcode {opcode} does not fit {}'s op field", format.name));
    }
    let unit = Unit::parse(unit).ok_or_else(|| ParseError { line, msg: format!("unknown unit `{unit}`") })?;
    let mut def = InstDef {
        id,
        format: format.id,
        opcode,
        name: (*name).to_string(),
        unit,
        operands: Vec::new(),
        reads: Implicit::default(),
        writes: Implicit::default(),
        counters: Counters::default(),
        in_llvm: true,
        line,
    };
    for tok in rest {
        if let Some(list) = tok.strip_prefix("R:").or_else(|| tok.strip_prefix("W:")) {
            let target = if tok.starts_with('R') { &mut def.reads } else { &mut def.writes };
            for n in list.split(',') {
                let (f, _) = Implicit::ALL
                    .iter()
                    .find(|(_, m)| *m == n)
                    .ok_or_else(|| ParseError { line, msg: format!("unknown implicit state `{n}`") })?;
                target.insert(*f);
            }
        } else if let Some(list) = tok.strip_prefix("C:") {
            for n in list.split(',') {
                let (c, _) = Counters::ALL
                    .iter()
                    .find(|(_, m)| *m == n)
                    .ok_or_else(|| ParseError { line, msg: format!("unknown counter `{n}`") })?;
                def.counters.insert(*c);
            }
        } else if *tok == "nollvm" {
            def.in_llvm = false;
        } else {
            def.operands.push(parse_operand(tok, line, format)?);
        }
    }
    Ok(def)
}

fn parse_operand(tok: &str, line: u32, format: &FormatDef) -> Result<Operand, ParseError> {
    let bad = || ParseError { line, msg: format!("expected ROLE.FIELD:KIND, found `{tok}`") };
    let (role, rest) = tok.split_once('.').ok_or_else(bad)?;
    let (field, kind) = rest.split_once(':').ok_or_else(bad)?;
    let role = match role {
        "D" => Role::Dst,
        "S" => Role::Src,
        "M" => Role::Modify,
        "I" => Role::Imm,
        _ => return err(line, format!("unknown role `{role}` in `{tok}`")),
    };
    let field = Field::parse(field)
        .ok_or_else(|| ParseError { line, msg: format!("unknown field `{field}` in `{tok}`") })?;
    if field != Field::Lit && format.field(field).is_none() {
        return err(line, format!("format {} has no field {}", format.name, field.name()));
    }
    let kind =
        if role == Role::Imm {
            Kind::Imm(ImmKind::parse(kind).ok_or_else(|| ParseError {
                line,
                msg: format!("unknown immediate kind `{kind}` in `{tok}`"),
            })?)
        } else {
            Kind::Reg(
                Ty::parse(kind)
                    .ok_or_else(|| ParseError { line, msg: format!("unknown type `{kind}` in `{tok}`") })?,
            )
        };
    Ok(Operand { role, field, kind })
}

fn parse_counter(tokens: &[&str], line: u32) -> Result<CounterDef, ParseError> {
    let (name, bits, field) = match tokens {
        [name, bits] => (name, bits, None),
        [name, bits, field] => (name, bits, Some(parse_range(field, line)?)),
        _ => return err(line, "counter needs NAME BITS [FIELD]"),
    };
    if !Counters::ALL.iter().any(|(_, n)| n == name) {
        return err(line, format!("unknown counter `{name}`"));
    }
    let bits: u32 = match bits.parse() {
        Ok(b @ 1..=16) => b,
        _ => return err(line, format!("bad counter width `{bits}`")),
    };
    if let Some(f) = field
        && (f.width() != bits || f.hi > 15)
    {
        return err(line, format!("counter {name}: field does not hold {bits} bits of SIMM16"));
    }
    Ok(CounterDef { name: (*name).to_string(), bits, waitcnt_field: field })
}

pub(super) fn parse(src: &str) -> Result<Table, ParseError> {
    let mut counters = Vec::new();
    let mut formats = Vec::new();
    let mut insts: Vec<InstDef> = Vec::new();
    for (i, raw) in src.lines().enumerate() {
        let line = i as u32 + 1;
        let text = raw.split('#').next().unwrap_or("");
        let tokens: Vec<&str> = text.split_whitespace().collect();
        match tokens.first() {
            None => continue,
            Some(&"counter") => counters.push(parse_counter(&tokens[1..], line)?),
            Some(&"format") => {
                if !insts.is_empty() {
                    return err(line, "formats must come before instruction rows");
                }
                let id = FormatId(formats.len() as u16);
                formats.push(parse_format(&tokens[1..], line, id)?);
            }
            Some(_) => {
                let id = InstId(insts.len() as u16);
                insts.push(parse_inst(&tokens, line, id, &formats)?);
            }
        }
    }
    let mut by_name = HashMap::new();
    let mut by_opcode = HashMap::new();
    for d in &insts {
        if by_name.insert(d.name.clone(), d.id).is_some() {
            return err(d.line, format!("mnemonic {} appears twice", d.name));
        }
        if by_opcode.insert((d.format, d.opcode), d.id).is_some() {
            return err(
                d.line,
                format!("{} opcode {} appears twice", formats[d.format.0 as usize].name, d.opcode),
            );
        }
    }
    let mut decode_order: Vec<FormatId> = formats.iter().map(|f| f.id).collect();
    decode_order.sort_by_key(|id| std::cmp::Reverse(formats[id.0 as usize].fixed_mask.count_ones()));
    for (_, n) in Counters::ALL {
        if !counters.iter().any(|c: &CounterDef| c.name == n) {
            return err(0, format!("counter {n} is not defined"));
        }
    }
    Ok(Table { counters, formats, insts, by_name, by_opcode, decode_order })
}
