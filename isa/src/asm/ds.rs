//! Operands of the LDS and GDS format (DS), as llvm-mc-19 accepts them:
//! `ds_add_rtn_u32 v4, v1, v2 offset:16 gds`, `ds_load_2addr_b32 v[4:5], v1 offset0:5 offset1:6`,
//! `ds_swizzle_b32 v4, v1 offset:swizzle(BITMASK_PERM,"01pip")`.

use super::lex::Tok;
use super::parser::{Parser, parse_vgpr};
use super::{E, Pending, e};
use crate::{Field, ImmKind, InstDef, Kind};

pub(super) fn parse(rows: &[&'static InstDef], suffix: &str, p: &mut Parser) -> Result<Pending, E> {
    let Some(def) = rows.first().copied() else {
        return e(p.col(), "unknown instruction");
    };
    if !suffix.is_empty() {
        return e(p.col(), format!("unknown instruction `{}{suffix}`", def.name));
    }
    let mut out = Pending::new(def);
    let mut first = true;
    for op in &def.operands {
        match op.kind {
            Kind::Reg(ty) => {
                if !first {
                    // LLVM reads operands with or without the commas between them.
                    p.eat(",");
                }
                first = false;
                if p.at_end() {
                    return e(p.col(), "too few operands for instruction");
                }
                out.fields.push((op.field, parse_vgpr(p, ty.dwords())?));
            }
            Kind::RegRule(r) => return e(p.col(), format!("register rule @{r} is not a DS operand")),
            Kind::Imm(ImmKind::Other(kind)) => {
                // Modifiers come in the table's order, each optional.
                let save = p.pos;
                p.eat(",");
                let found = match (kind, op.field) {
                    ("offset", Field::Offset0) => {
                        named(p, "offset", |p| int(p, 0xffff, "a 16-bit unsigned offset"))?
                    }
                    ("swizzle", Field::Offset0) => named(p, "offset", swizzle_operand)?,
                    ("offset0" | "offset1", _) => {
                        named(p, kind, |p| int(p, 0xff, &format!("an 8-bit {kind} value")))?
                    }
                    ("gds" | "gds_only", _) => flag(p, "gds").then_some(1),
                    // OFFSET1 of a 16-bit offset: written with OFFSET0.
                    _ => None,
                };
                match (found, kind, op.field) {
                    (Some(v), "offset" | "swizzle", _) => {
                        out.fields.push((Field::Offset0, v & 0xff));
                        out.fields.push((Field::Offset1, v >> 8));
                    }
                    (Some(v), _, field) => out.fields.push((field, v)),
                    (None, "gds_only", _) => return e(p.col(), "too few operands for instruction"),
                    (None, _, _) => p.pos = save,
                }
            }
            Kind::Imm(k) => return e(p.col(), format!("{k:?} is not a DS operand")),
        }
    }
    Ok(out)
}

// ds_swizzle_b32's modes, as LLVM names them.
const QUAD_PERM: &str = "QUAD_PERM";
const BITMASK_PERM: &str = "BITMASK_PERM";
const BROADCAST: &str = "BROADCAST";
const SWAP: &str = "SWAP";
const REVERSE: &str = "REVERSE";

/// `NAME:VALUE` if the next token is NAME.
fn named(
    p: &mut Parser,
    name: &str,
    value: impl FnOnce(&mut Parser) -> Result<u32, E>,
) -> Result<Option<u32>, E> {
    if !matches!(p.peek(), Some(Tok::Ident(n)) if n == name) {
        return Ok(None);
    }
    p.pos += 1;
    p.expect(":")?;
    value(p).map(Some)
}

/// A flag word if the next token is it.
fn flag(p: &mut Parser, name: &str) -> bool {
    let here = matches!(p.peek(), Some(Tok::Ident(n)) if n == name);
    if here {
        p.pos += 1;
    }
    here
}

/// An integer expression in `0..=max`.
fn int(p: &mut Parser, max: u32, what: &str) -> Result<u32, E> {
    let col = p.col();
    match p.expr() {
        Ok(v) if (0..=i128::from(max)).contains(&v) => Ok(v as u32),
        _ => e(col, format!("expected {what}")),
    }
}

/// ds_swizzle_b32's offset: `swizzle(MODE, ...)` or a 16-bit number (LLVM's
/// AMDGPUAsmParser::parseSwizzleOp).
fn swizzle_operand(p: &mut Parser) -> Result<u32, E> {
    if !matches!(p.peek(), Some(Tok::Ident(n)) if n == "swizzle") {
        return int(p, 0xffff, "a 16-bit unsigned offset");
    }
    p.pos += 1;
    p.expect("(")?;
    let col = p.col();
    let mode = match p.peek() {
        Some(Tok::Ident(m)) => m.clone(),
        _ => return e(col, "expected a swizzle mode"),
    };
    p.pos += 1;
    let bitmask = |and: u32, or: u32, xor: u32| and | or << 5 | xor << 10;
    let v = match mode.as_str() {
        QUAD_PERM => {
            let mut v = 0x8000;
            for lane in 0..4 {
                p.expect(",")?;
                v |= int(p, 3, "a 2-bit lane id")? << (2 * lane);
            }
            v
        }
        BITMASK_PERM => {
            p.expect(",")?;
            let col = p.col();
            let text = match p.peek() {
                Some(Tok::Ident(s)) if s.len() >= 2 && s.starts_with('"') && s.ends_with('"') => {
                    s[1..s.len() - 1].to_string()
                }
                _ => return e(col, "expected a string"),
            };
            p.pos += 1;
            if text.len() != 5 {
                return e(col, "expected a 5-character mask");
            }
            let (mut and, mut or, mut xor) = (0, 0, 0);
            for (i, c) in text.bytes().enumerate() {
                let bit = 1 << (4 - i);
                match c {
                    b'0' => {}
                    b'1' => or |= bit,
                    b'p' => and |= bit,
                    b'i' => {
                        and |= bit;
                        xor |= bit;
                    }
                    _ => return e(col, "invalid mask"),
                }
            }
            bitmask(and, or, xor)
        }
        BROADCAST => {
            p.expect(",")?;
            let group = group_size(p, 2, 32)?;
            p.expect(",")?;
            let lane = int(p, group - 1, "lane id within the group")?;
            bitmask(0x1f - group + 1, lane, 0)
        }
        SWAP => {
            p.expect(",")?;
            bitmask(0x1f, 0, group_size(p, 1, 16)?)
        }
        REVERSE => {
            p.expect(",")?;
            bitmask(0x1f, 0, group_size(p, 2, 32)? - 1)
        }
        _ => return e(col, "expected a swizzle mode"),
    };
    p.expect(")")?;
    Ok(v)
}

/// A power of two in `lo..=hi`.
fn group_size(p: &mut Parser, lo: u32, hi: u32) -> Result<u32, E> {
    let col = p.col();
    let v = p.expr()?;
    if v < i128::from(lo) || v > i128::from(hi) {
        return e(col, format!("group size must be in the interval [{lo},{hi}]"));
    }
    if !(v as u32).is_power_of_two() {
        return e(col, "group size must be a power of two");
    }
    Ok(v as u32)
}

#[cfg(test)]
mod tests {
    use crate::asm::tests::{err, words};

    #[test]
    fn encodes_like_llvm() {
        // Encodings from llvm-mc-19 -mcpu=gfx1100 -show-encoding.
        assert_eq!(words("ds_add_u32 v1, v2 offset:65535"), [0xd800_ffff, 0x0000_0201]);
        assert_eq!(words("ds_add_u32 v1, v2 offset:4 gds"), [0xd802_0004, 0x0000_0201]);
        assert_eq!(words("ds_load_2addr_b32 v[4:5], v1 offset1:6"), [0xd8dc_0600, 0x0400_0001]);
        assert_eq!(words("ds_append v1 offset:4 gds"), [0xd8fa_0004, 0x0100_0000]);
        assert_eq!(words("ds_load_b128 v[252:255], v255"), [0xdbfc_0000, 0xfc00_00ff]);
        assert_eq!(words("ds_ordered_count v4, v1 offset:8 gds"), [0xd8fe_0008, 0x0400_0001]);
        assert_eq!(words("ds_load_b32 v4, v1 offset:(4)+4"), [0xd8d8_0008, 0x0400_0001]);
        assert_eq!(words("ds_nop"), [0xd850_0000, 0]);
        assert_eq!(words("ds_swizzle_b32 v4, v1 offset:0x8000"), [0xd8d4_8000, 0x0400_0001]);
        assert_eq!(
            words("ds_swizzle_b32 v4, v1 offset:swizzle(QUAD_PERM,0,1,2,3)"),
            [0xd8d4_80e4, 0x0400_0001]
        );
        assert_eq!(words("ds_swizzle_b32 v4, v1 offset:swizzle(BROADCAST,8,7)"), [0xd8d4_00f8, 0x0400_0001]);
        assert_eq!(words("ds_swizzle_b32 v4, v1 offset:swizzle(SWAP,16)"), [0xd8d4_401f, 0x0400_0001]);
        assert_eq!(words("ds_swizzle_b32 v4, v1 offset:swizzle(REVERSE,32)"), [0xd8d4_7c1f, 0x0400_0001]);
        assert_eq!(
            words("ds_swizzle_b32 v4, v1 offset:swizzle(BITMASK_PERM, \"ii00p\") gds"),
            [0xd8d6_6019, 0x0400_0001]
        );
    }

    #[test]
    fn rejects_what_llvm_rejects() {
        assert_eq!(
            err("ds_add_u32 v1, v2 offset:65536"),
            "t.s:1:26: error: expected a 16-bit unsigned offset"
        );
        assert_eq!(
            err("ds_add_u32 v1, v2 gds offset:4"),
            "t.s:1:23: error: unexpected text after the operands"
        );
        assert_eq!(
            err("ds_load_2addr_b32 v[4:5], v1 offset1:6 offset0:5"),
            "t.s:1:40: error: unexpected text after the operands"
        );
        assert_eq!(
            err("ds_load_2addr_b32 v[4:5], v1 offset0:256"),
            "t.s:1:38: error: expected an 8-bit offset0 value"
        );
        assert_eq!(err("ds_nop gds"), "t.s:1:8: error: unexpected text after the operands");
        assert_eq!(
            err("ds_ordered_count v4, v1 offset:8"),
            "t.s:1:33: error: too few operands for instruction"
        );
        assert_eq!(
            err("ds_permute_b32 v4, v1, v2 gds"),
            "t.s:1:27: error: unexpected text after the operands"
        );
        assert_eq!(
            err("ds_swizzle_b32 v4, v1 offset:swizzle(BROADCAST,3,1)"),
            "t.s:1:48: error: group size must be a power of two"
        );
        assert_eq!(
            err("ds_swizzle_b32 v4, v1 offset:swizzle(BITMASK_PERM,\"0101\")"),
            "t.s:1:51: error: expected a 5-character mask"
        );
        assert_eq!(
            err("ds_swizzle_b32 v4, v1 offset:swizzle(FFT,1)"),
            "t.s:1:38: error: expected a swizzle mode"
        );
        assert_eq!(err("ds_load_b64 v4, v1"), "t.s:1:13: error: expected a 64-bit register");
    }
}
