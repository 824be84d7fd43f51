//! Operands of the image format (MIMG, with its NSA address dword), as llvm-mc-19 accepts them
//! for gfx1100: `image_sample v[0:3], v[4:5], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_2D`,
//! `image_load v0, [v4, v5], s[8:15] dmask:0x1 dim:2D a16 tfe d16` (an address list is the
//! NSA form; a one-element list is an ordinary address),
//! `image_bvh_intersect_ray v[4:7], [v9, v10, v[11:13], v[14:16]], s[4:7] a16`.
//!
//! LLVM reads the modifiers in one order only: `dmask:N dim:D unorm glc slc dlc r128 a16 tfe
//! lwe d16` (the cache-policy flags in any order among themselves), each optional but `dim`,
//! each also as `noX`, with commas allowed between them except inside the cache policy.
//!
//! The data and address operands must have the widths DMASK, D16, TFE, DIM and A16 imply, as
//! LLVM checks ("image data size does not match dmask, d16 and tfe", "image address size does
//! not match dim and a16"; it also takes 8 address VGPRs where 5 to 7 are needed, and counts a
//! partial NSA list's elements, not its VGPRs, when five or fewer addresses are needed), with
//! LLVM's DMASK checks: 0x1, 0x3 or 0xf for atomics, one bit for gather4 and image_msaa_load.
//! Beyond LLVM, it also reads the text LLVM's disassembler prints for any encoding
//! (`disasm/mimg/shape.rs`, shared), so that every disassembled instruction reads back: the
//! one-VGPR shapes where LLVM has no variant of the implied widths, and the fields its
//! disassembler prints unchecked (any DMASK for gather4, any dim for image_msaa_load, which
//! needs an MSAA dim in LLVM's assembler: with the implied widths, every image_msaa_load text
//! is one LLVM's disassembler prints, so this assembler reads them all).

// The row shapes are the disassembler's: one file, compiled into both modules (its items are
// private to `disasm::mimg`).
#[allow(clippy::duplicate_mod)]
#[path = "../disasm/mimg/shape.rs"]
mod shape;

use super::buf::srsrc;
use super::flat::{Item, Positional, check_count, invalid, positionals, single_row};
use super::lex::Tok;
use super::parser::{Parser, ScalarText};
use super::{E, Pending, e};
use crate::{Field, ImmKind, InstDef, Kind};
use shape::{Addr, Fields, Layout, Reject, Vaddr, dim_by_name, shape};

/// The modifiers in LLVM's order; the cache-policy flags share one place.
const ORDER: [&str; 9] = ["dmask", "dim", "unorm", "cpol", "r128", "a16", "tfe", "lwe", "d16"];
const CPOL: usize = 3;

/// The field a modifier sets.
fn field_of(name: &str) -> Option<Field> {
    Some(match name {
        "dmask" => Field::Dmask,
        "dim" => Field::Dim,
        "unorm" => Field::Unrm,
        "glc" => Field::Glc,
        "slc" => Field::Slc,
        "dlc" => Field::Dlc,
        "r128" => Field::R128,
        "a16" => Field::A16,
        "tfe" => Field::Tfe,
        "lwe" => Field::Lwe,
        "d16" => Field::D16,
        _ => return None,
    })
}

fn place(name: &str) -> Option<usize> {
    match name {
        "glc" | "slc" | "dlc" => Some(CPOL),
        _ => ORDER.iter().position(|n| *n == name),
    }
}

/// Whether the row takes the modifier (its field is an operand the assembly writes).
fn takes(def: &InstDef, field: Field) -> bool {
    def.operand(field).is_some_and(
        |o| matches!(o.kind, Kind::Imm(ImmKind::Other(k)) if matches!(k, "flag" | "dmask" | "dim")),
    )
}

/// The modifiers after the register operands, into `out`'s fields; the columns of `dmask` and
/// `dim`, if present.
fn modifiers(def: &InstDef, p: &mut Parser, out: &mut Pending) -> Result<[Option<usize>; 2], E> {
    // The first place the next modifier may take: a cache-policy flag keeps the place open
    // for the others, unless a comma follows it.
    let mut next = 0;
    let mut seen: Vec<Field> = Vec::new();
    let mut cols = [None, None];
    while !p.at_end() {
        let col = p.col();
        let Some(Tok::Ident(word)) = p.peek() else {
            return e(col, "expected a modifier");
        };
        let (name, on) = match word.strip_prefix("no") {
            Some(base) if field_of(base).is_some() && base != "dmask" && base != "dim" => (base, false),
            _ => (word.as_str(), true),
        };
        let (Some(field), Some(at)) = (field_of(name), place(name)) else {
            return invalid(col);
        };
        if !takes(def, field) {
            return invalid(col);
        }
        if seen.contains(&field) {
            let what = if at == CPOL { "cache policy" } else { name };
            return e(col, format!("duplicate {what} modifier"));
        }
        if at < next {
            return e(
                col,
                format!(
                    "`{name}` is out of place: LLVM reads dmask, dim, unorm, glc/slc/dlc, r128, a16, tfe, \
                     lwe, d16 in that order"
                ),
            );
        }
        p.pos += 1;
        seen.push(field);
        match field {
            Field::Dmask => cols[0] = Some(col),
            Field::Dim => cols[1] = Some(col),
            _ => {}
        }
        let value = match field {
            Field::Dmask | Field::Dim => {
                if !p.eat(":") {
                    return e(p.col(), format!("expected `{name}:`"));
                }
                let vcol = p.col();
                if field == Field::Dmask {
                    (p.expr()? & 0xf) as u32
                } else {
                    let dim = match p.next() {
                        Some(Tok::Ident(n)) => dim_by_name(n),
                        _ => None,
                    };
                    dim.ok_or(E { col: vcol, msg: "invalid dim value".into() })?
                }
            }
            _ => u32::from(on),
        };
        out.fields.push((field, value));
        next = if at == CPOL { CPOL } else { at + 1 };
        if p.eat(",") && at == CPOL {
            next = CPOL + 1;
        }
    }
    Ok(cols)
}

pub(super) fn parse(rows: &[&'static InstDef], suffix: &str, p: &mut Parser) -> Result<Pending, E> {
    let def = single_row(rows, suffix, p)?;
    let Some(s) = shape(def) else {
        return e(p.col(), format!("{} has no image shape in the table", def.name));
    };
    let regs = positionals(p, true)?;
    let end = p.col();
    let mut out = Pending::new(def);
    let [dmask_col, dim_col] = modifiers(def, p, &mut out)?;
    let bvh = matches!(s.addr, Addr::Bvh { .. });
    if !bvh && dim_col.is_none() {
        return e(end, "expected dim:SQ_RSRC_IMG_...");
    }
    check_count(&regs, if s.sampler { 4 } else { 3 }, p)?;
    let mut regs = regs.into_iter();
    let (Some(data), Some(addr), Some(rsrc)) = (regs.next(), regs.next(), regs.next()) else {
        return e(end, "too few operands for instruction");
    };
    // Fields the row fixes: `set` fills them with ones, `none` and `nsa` start at zero.
    for op in &def.operands {
        if let (Kind::Imm(ImmKind::Other("set")), Some(r)) = (op.kind, def.format().field(op.field)) {
            out.fields.push((op.field, r.max()));
        }
    }
    let (data_col, addr_col) = (data.col, addr.col);
    let (vdata, data_dwords) = vgprs(data)?;
    out.fields.push((Field::Vdata, vdata));
    let written = match addr.item {
        Item::Scalar(ScalarText::Vgpr(n, w)) => {
            out.fields.push((Field::Vaddr, n));
            Vaddr::Tuple(w)
        }
        // One address in brackets is an ordinary address.
        Item::List(list) if list.len() == 1 => {
            out.fields.push((Field::Vaddr, list[0].0));
            Vaddr::Tuple(list[0].1)
        }
        Item::List(list) => {
            const FIELDS: [Field; 5] = [Field::Vaddr, Field::Addr1, Field::Addr2, Field::Addr3, Field::Addr4];
            if let Some(&(_, _, col)) = list.get(FIELDS.len()) {
                return invalid(col);
            }
            out.fields.extend(FIELDS.iter().zip(&list).map(|(f, (n, _, _))| (*f, *n)));
            out.fields.push((Field::Nsa, 1));
            Vaddr::List(list.iter().map(|(_, w, _)| *w).collect())
        }
        _ => return invalid(addr_col),
    };
    out.fields.push((Field::Srsrc, srsrc(rsrc, s.rsrc_dwords)?));
    if let Some(samp) = regs.next() {
        out.fields.push((Field::Ssamp, srsrc(samp, 4)?));
    }
    // The widths must be the ones the fields imply, or the ones the encoding prints with.
    let written = Layout { data: data_dwords, vaddr: written };
    match s.reject(&fields(&out), &written) {
        None => Ok(out),
        Some(Reject::Data) => e(data_col, "image data size does not match dmask, d16 and tfe"),
        Some(Reject::Addr) if bvh => e(addr_col, "image address size does not match a16"),
        Some(Reject::Addr) => e(addr_col, "image address size does not match dim and a16"),
        Some(Reject::AtomicDmask) => e(dmask_col.unwrap_or(end), "invalid atomic image dmask"),
        Some(Reject::GatherDmask) => {
            e(dmask_col.unwrap_or(end), "invalid image_gather dmask: only one bit must be set")
        }
    }
}

/// A VGPR or VGPR tuple: its first register and width.
fn vgprs(r: Positional) -> Result<(u32, u32), E> {
    match r.item {
        Item::Scalar(ScalarText::Vgpr(n, w)) => Ok((n, w)),
        _ => invalid(r.col),
    }
}

/// The shape-deciding fields of a parsed instruction.
fn fields(out: &Pending) -> Fields {
    let get = |f: Field| out.fields.iter().rev().find(|(g, _)| *g == f).map_or(0, |(_, v)| *v);
    Fields {
        dmask: get(Field::Dmask),
        dim: get(Field::Dim),
        a16: get(Field::A16) != 0,
        d16: get(Field::D16) != 0,
        tfe: get(Field::Tfe) != 0,
        nsa: get(Field::Nsa) != 0,
        vdata: get(Field::Vdata),
        addr: [Field::Vaddr, Field::Addr1, Field::Addr2, Field::Addr3, Field::Addr4].map(get),
    }
}

#[cfg(test)]
mod tests {
    use crate::asm::tests::{err, words};

    #[test]
    fn encodes_like_llvm() {
        // Expected words from llvm-mc-19 -mcpu=gfx1100 -show-encoding.
        assert_eq!(
            words("image_load v[0:3], v[4:5], s[8:15] dmask:0xf dim:SQ_RSRC_IMG_2D"),
            [0xf000_0f04, 0x0002_0004]
        );
        assert_eq!(
            words(
                "image_load v[0:3], v[4:6], s[8:15] dmask:0xf dim:SQ_RSRC_IMG_3D unorm glc slc dlc r128 lwe"
            ),
            [0xf000_ff88, 0x0042_0004]
        );
        assert_eq!(words("image_load v0, v4, s[8:15] dmask:0x1 dim:1d"), [0xf000_0100, 0x0002_0004]);
        assert_eq!(words("image_load v0, v[4:6], s[8:15] dmask:0x1 dim:2D_MSAA"), [0xf000_0118, 0x0002_0004]);
        assert_eq!(
            words("image_load v0, v4, s[8:15] dmask:0x1, dim:SQ_RSRC_IMG_1D unorm, dlc slc glc, r128 noa16"),
            [0xf000_f180, 0x0002_0004]
        );
        // dmask keeps its low four bits.
        assert_eq!(
            words("image_load v0, v4, s[8:15] dmask:0x10 dim:SQ_RSRC_IMG_1D"),
            [0xf000_0000, 0x0002_0004]
        );
        assert_eq!(
            words("image_sample_c_lz_o v[0:3], v[4:11], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_3D"),
            [0xf0b8_0f08, 0x1002_0004]
        );
        assert_eq!(
            words(
                "image_sample_d v[0:3], [v4, v5, v6, v7, v[8:12]], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_3D"
            ),
            [0xf070_0f09, 0x1002_0004, 0x0807_0605]
        );
        assert_eq!(
            words("image_load v0, [v4], s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_1D"),
            [0xf000_0100, 0x0002_0004]
        );
        assert_eq!(
            words("image_atomic_cmpswap v[4:7], v[0:1], s[8:15] dmask:0xf dim:SQ_RSRC_IMG_2D glc"),
            [0xf02c_4f04, 0x0002_0400]
        );
        assert_eq!(
            words("image_bvh_intersect_ray v[4:7], [v9, v10, v[11:13], v[14:16]], s[4:7] a16"),
            [0xf065_8f81, 0x0001_0409, 0x000e_0b0a]
        );
        assert_eq!(words("image_bvh64_intersect_ray v[4:7], v[9:20], s[4:7]"), [0xf068_8f80, 0x0001_0409]);
        // A 32-bit atomic's three or five data dwords (LLVM's disassembler prints neither).
        assert_eq!(
            words("image_atomic_add v[0:2], v4, s[8:15] dmask:0x3 dim:SQ_RSRC_IMG_1D tfe"),
            [0xf030_0300, 0x0022_0004]
        );
        assert_eq!(
            words("image_atomic_add v[0:4], v4, s[8:15] dmask:0xf dim:SQ_RSRC_IMG_1D tfe"),
            [0xf030_0f00, 0x0022_0004]
        );
        // With five or fewer addresses LLVM counts a partial NSA list's elements.
        assert_eq!(
            words(
                "image_sample_c_d_cl_o v0, [v7, v8, v9, v10, v[11:12]], s[8:15], s[16:19] dmask:0x1 dim:1D a16"
            ),
            [0xf129_0101, 0x1002_0007, 0x0b0a_0908]
        );
        // The shapes LLVM's disassembler prints where it has no variant of the implied widths,
        // which its assembler rejects: one address with NSA keeps the four-address list.
        assert_eq!(
            words("image_load v0, [v4, v17, v18, v19], s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_1D"),
            [0xf000_0101, 0x0002_0004, 0x0013_1211]
        );
        // Its disassembler prints gather4 with any DMASK; its assembler wants one bit.
        assert_eq!(
            words("image_gather4 v[0:3], v[4:5], s[8:15], s[16:19] dmask:0x3 dim:SQ_RSRC_IMG_2D"),
            [0xf0bc_0304, 0x1002_0004]
        );
    }

    #[test]
    fn errors_say_what_is_wrong() {
        assert_eq!(
            err("image_load v[0:1], v4, s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_1D"),
            "t.s:1:12: error: image data size does not match dmask, d16 and tfe"
        );
        assert_eq!(
            err("image_load v0, v[4:7], s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_3D"),
            "t.s:1:16: error: image address size does not match dim and a16"
        );
        assert_eq!(
            err("image_load v0, v4, s[8:15] dmask:0x1"),
            "t.s:1:28: error: expected dim:SQ_RSRC_IMG_..."
        );
        assert_eq!(
            err("image_load v0, v4, s[8:15] dim:SQ_RSRC_IMG_1D dmask:0x1"),
            "t.s:1:47: error: `dmask` is out of place: LLVM reads dmask, dim, unorm, glc/slc/dlc, r128, a16, \
             tfe, lwe, d16 in that order"
        );
        assert_eq!(
            err("image_load v0, v4, s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_1D glc glc"),
            "t.s:1:61: error: duplicate cache policy modifier"
        );
        assert_eq!(
            err("image_load v0, v4, s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_1D glc, slc"),
            "t.s:1:62: error: `slc` is out of place: LLVM reads dmask, dim, unorm, glc/slc/dlc, r128, a16, \
             tfe, lwe, d16 in that order"
        );
        assert_eq!(
            err("image_load v0, v4, s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_3"),
            "t.s:1:42: error: invalid dim value"
        );
        assert_eq!(
            err("image_get_lod v[0:1], v[4:5], s[8:15], s[16:19] dmask:0x3 dim:SQ_RSRC_IMG_2D d16"),
            "t.s:1:78: error: invalid operand for instruction"
        );
        assert_eq!(
            err("image_load v0, v4, s[8:11] dmask:0x1 dim:1D"),
            "t.s:1:20: error: expected a 256-bit register"
        );
        assert_eq!(
            err("image_bvh_intersect_ray v[4:7], v[9:19], s[4:7] glc"),
            "t.s:1:49: error: invalid operand for instruction"
        );
        assert_eq!(
            err("image_bvh_intersect_ray v[4:7], v[9:16], s[4:7]"),
            "t.s:1:33: error: image address size does not match a16"
        );
        // LLVM's DMASK checks, where the text is not the one its disassembler prints.
        assert_eq!(
            err("image_gather4_c_b_cl v[0:3], v[4:11], s[8:15], s[16:19] dmask:0x3 dim:SQ_RSRC_IMG_2D"),
            "t.s:1:57: error: invalid image_gather dmask: only one bit must be set"
        );
        assert_eq!(
            err("image_atomic_add v[0:2], v4, s[8:15] dmask:0x7 dim:SQ_RSRC_IMG_1D"),
            "t.s:1:38: error: invalid atomic image dmask"
        );
        assert_eq!(
            err("image_sample_d v[0:3], [v4, v5, v6, v7, v8, v9], s[8:15], s[16:19] dmask:0xf dim:2D"),
            "t.s:1:45: error: invalid operand for instruction"
        );
        assert_eq!(
            err("image_sample v[0:3], v[4:5], s[8:15] dmask:0xf dim:SQ_RSRC_IMG_2D"),
            "t.s:1:66: error: too few operands for instruction"
        );
    }
}
