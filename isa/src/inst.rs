//! Decoded instructions: [`Inst`] (a table row and its encoding), [`decode`] and its errors.

use std::fmt;

use crate::{Field, FormatId, InstDef, InstId, operand, table};

/// Why bytes are not an instruction.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DecodeError {
    #[error("no instruction format matches {word:#010x}")]
    UnknownFormat { word: u32 },
    #[error("{format} has no opcode {opcode}")]
    UnknownOpcode { format: String, opcode: u32 },
    #[error("{name} needs {needed} dwords but only {available} remain")]
    Truncated { name: String, needed: usize, available: usize },
    /// LLVM 19 decodes no instruction from the word ([`crate::legal`]).
    #[error(transparent)]
    Illegal(#[from] crate::legal::Illegal),
}

/// A decoded instruction: the table row (two for a VOPD pair) and the raw encoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Inst {
    pub id: InstId,
    /// The second instruction of a pair (VOPD's Y).
    pub id2: Option<InstId>,
    /// The format's dwords, then the extension dword if any.
    words: [u32; 3],
    /// The extension dword's format (DPP16, DPP8, MIMG_NSA).
    pub ext: Option<FormatId>,
    pub literal: Option<u32>,
}

impl Inst {
    pub fn def(&self) -> &'static InstDef {
        table().inst(self.id)
    }
    /// The second instruction of a pair.
    pub fn def2(&self) -> Option<&'static InstDef> {
        self.id2.map(|id| table().inst(id))
    }
    /// The format's dwords (without extension dword and literal) as one value.
    pub fn main_word(&self) -> u64 {
        u64::from(self.words[0]) | u64::from(self.words[1]) << 32
    }
    pub(crate) fn ext_word(&self) -> u32 {
        self.words[self.def().format().dwords as usize]
    }
    /// Value of a field of the format or of the extension dword; `Field::Lit` gives the
    /// literal (0 when absent), a field the instruction lacks 0.
    pub fn field(&self, f: Field) -> u32 {
        if f == Field::Lit {
            return self.literal.unwrap_or(0);
        }
        if let Some(r) = self.def().format().field(f) {
            return r.extract(self.main_word());
        }
        match self.ext.map(|e| table().format(e)).and_then(|e| e.field(f)) {
            Some(r) => r.extract(u64::from(self.ext_word())),
            None => 0,
        }
    }
    /// Length in dwords: the format, the extension dword and the literal.
    pub fn dwords(&self) -> u32 {
        self.def().format().dwords + u32::from(self.ext.is_some()) + u32::from(self.literal.is_some())
    }
    pub fn bytes(&self) -> u32 {
        self.dwords() * 4
    }
    /// The encoding as little-endian dwords.
    pub fn encode(&self) -> Vec<u32> {
        let n = self.def().format().dwords as usize + usize::from(self.ext.is_some());
        let mut out = self.words[..n].to_vec();
        out.extend(self.literal);
        out
    }

    /// Builds an instruction from field values (of the format and of an extension dword).
    /// Fields neither has are ignored; an extension dword and a literal follow when the fields
    /// select them (or the row always has a literal).
    pub fn build(def: &InstDef, fields: &[(Field, u32)], literal: Option<u32>) -> Inst {
        Inst::build_pair(def, None, fields, literal)
    }

    /// Builds a pair (VOPD): `def2` is the second instruction, whose opcode goes in the
    /// primary format's pair opcode field.
    pub fn build_pair(
        def: &InstDef,
        def2: Option<&InstDef>,
        fields: &[(Field, u32)],
        literal: Option<u32>,
    ) -> Inst {
        let f = def.format();
        let (bits, _) = def.match_mask();
        let mut word = bits;
        for (field, value) in fields {
            if let Some(r) = f.field(*field)
                && *field != Field::Op
            {
                word = r.insert(word, *value);
            }
        }
        if let Some(d2) = def2 {
            let pf = d2.format();
            if let Some(op2) = pf.op {
                word = op2.insert(word, d2.opcode);
            }
        }
        let mut words = [word as u32, (word >> 32) as u32, 0];
        let ext = f
            .ext
            .iter()
            .find(|r| f.field(r.field).is_some_and(|fr| fr.extract(word) == r.value))
            .map(|r| r.ext);
        if let Some(e) = ext {
            let ef = table().format(e);
            let mut w = 0u64;
            for (field, value) in fields {
                if let Some(r) = ef.field(*field) {
                    w = r.insert(w, *value);
                }
            }
            words[f.dwords as usize] = w as u32;
        }
        let mut inst = Inst { id: def.id, id2: def2.map(|d| d.id), words, ext, literal: None };
        if inst.needs_literal() {
            inst.literal = Some(literal.unwrap_or(0));
        }
        inst
    }

    /// Whether the encoding is followed by a literal dword: a field of
    /// [`InstDef::literal_fields`] (of either instruction of a pair) holds 255, or the row
    /// always has one.
    pub fn needs_literal(&self) -> bool {
        let uses = |def: &InstDef| {
            def.always_literal() || def.literal_fields().any(|f| self.field(f) == operand::LITERAL)
        };
        uses(self.def()) || self.def2().is_some_and(uses)
    }
}

/// Decodes the instruction at the start of `dwords`.
pub fn decode(dwords: &[u32]) -> Result<Inst, DecodeError> {
    let t = table();
    let Some(&first) = dwords.first() else {
        return Err(DecodeError::Truncated { name: "instruction".into(), needed: 1, available: 0 });
    };
    let lo = u64::from(first);
    // Formats are identified by their first dword; formats with the same identifying bits
    // share the opcode space.
    let fmts = t.formats_of(lo);
    let Some(primary) = fmts.first() else {
        return Err(DecodeError::UnknownFormat { word: first });
    };
    let full = lo | u64::from(dwords.get(1).copied().unwrap_or(0)) << 32;
    let found = fmts.iter().find_map(|f| {
        let opcode = f.op.map_or(0, |op| op.extract(full));
        t.by_opcode(f.id, opcode).map(|d| (*f, d))
    });
    let Some((fmt, def)) = found else {
        let opcode = primary.op.map_or(0, |op| op.extract(full));
        return Err(DecodeError::UnknownOpcode { format: primary.name.clone(), opcode });
    };
    let truncated =
        |needed: usize| DecodeError::Truncated { name: def.name.clone(), needed, available: dwords.len() };
    let base = fmt.dwords as usize;
    if dwords.len() < base {
        return Err(truncated(base));
    }
    let word = if base == 2 { full } else { lo };
    let def2 = match fmt.pair {
        Some(p) => {
            let pf = t.format(p);
            let opcode = pf.op.map_or(0, |op| op.extract(word));
            Some(
                t.by_opcode(p, opcode)
                    .ok_or_else(|| DecodeError::UnknownOpcode { format: pf.name.clone(), opcode })?,
            )
        }
        None => None,
    };
    let ext = fmt
        .ext
        .iter()
        .find(|r| fmt.field(r.field).is_some_and(|fr| fr.extract(word) == r.value))
        .map(|r| r.ext);
    let mut words = [word as u32, (word >> 32) as u32, 0];
    let mut next = base;
    if ext.is_some() {
        words[base] = *dwords.get(base).ok_or_else(|| truncated(base + 1))?;
        next += 1;
    }
    let mut inst = Inst { id: def.id, id2: def2.map(|d| d.id), words, ext, literal: None };
    if inst.needs_literal() {
        inst.literal = Some(*dwords.get(next).ok_or_else(|| truncated(next + 1))?);
    }
    Ok(inst)
}

/// Decodes the instruction at the start of `dwords` as LLVM 19 does: [`decode`], then the
/// legality rules of [`crate::legal`] (a word LLVM decodes no instruction from is an error).
/// The disassembler and the golden interpreter use it (a word it refuses faults as illegal),
/// and the RTL decoder applies the same rules ([`crate::legal::row_rules`]).
pub fn decode_legal(dwords: &[u32]) -> Result<Inst, DecodeError> {
    let inst = decode(dwords)?;
    crate::legal::check(&inst)?;
    Ok(inst)
}

/// Little-endian bytes to dwords; a trailing partial dword is returned separately.
pub fn bytes_to_dwords(bytes: &[u8]) -> (Vec<u32>, &[u8]) {
    let chunks = bytes.chunks_exact(4);
    let rest = chunks.remainder();
    (chunks.map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect(), rest)
}

impl fmt::Display for Inst {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&crate::disasm::format_inst(self))
    }
}
