//! Text of the vector ALU formats (VOP1, VOP2, VOPC, VOP3, VOP3SD, VOP3P, VOPD, with their
//! DPP16 and DPP8 extension dwords) as LLVM 19 prints them for gfx1100:
//! `v_add_f32_e64 v0, -|v1|, 0.5 clamp mul:2`, `v_add_f32_dpp v0, v1, v2 row_shl:1
//! row_mask:0xf bank_mask:0xf`, `v_dual_mul_f32 v0, v1, v2 :: v_dual_mov_b32 v3, 1.0`.
//!
//! The syntax of a row (suffix, printed operands, modifiers) comes from [`shape`], which the
//! assembler shares.

pub(crate) mod consts;
pub(crate) mod shape;

use std::fmt::Write;

use self::shape::{Class, Enc, NegBit, OpselHi, Rc, Shape, shape};
use crate::operand::{self, LITERAL};
use crate::{Field, Inst, InstDef, table};

/// The DPP extension an instruction carries.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Dpp {
    None,
    Dpp16,
    Dpp8,
}

fn dpp_of(inst: &Inst) -> Dpp {
    match inst.ext.map(|e| table().format(e).name.as_str()) {
        Some("DPP16") => Dpp::Dpp16,
        Some("DPP8") => Dpp::Dpp8,
        _ => Dpp::None,
    }
}

pub(super) fn format(inst: &Inst) -> String {
    let def = inst.def();
    let Some(s) = shape(def) else {
        return def.name.clone();
    };
    if let Some(def2) = inst.def2()
        && let Some(s2) = shape(def2)
    {
        // VOPD: the X half, `::`, the Y half. With v_dual_fmaak/fmamk's K, LLVM prints a
        // packed f16 source's literal as a 32-bit one.
        let (mut s, mut s2) = (s, s2);
        if def.always_literal() || def2.always_literal() {
            for c in s.class.iter_mut().chain(s2.class.iter_mut()) {
                if *c == Class::V2f16 {
                    *c = Class::B32;
                }
            }
        }
        let x = format_one(inst, def, &s, Dpp::None);
        let y = format_one(inst, def2, &s2, Dpp::None);
        return format!("{x} :: {y}");
    }
    format_one(inst, def, &s, dpp_of(inst))
}

/// One instruction (or one half of a VOPD pair).
fn format_one(inst: &Inst, def: &'static InstDef, s: &Shape, dpp: Dpp) -> String {
    let mut out = def.name.clone();
    out.push_str(shape::suffix(def, s, dpp != Dpp::None));
    if dpp != Dpp::None && !s.dpp {
        // SRC0 selects a DPP dword the instruction has no DPP form for: LLVM decodes no
        // instruction.
        out.push_str("/*Invalid: no DPP form*/");
    }
    let mut parts: Vec<String> = Vec::new();
    let field = |f: Field| inst.field(f);
    // Destinations come first in every row; the 32-bit encodings print the implicit VCC
    // after them (written) and after the sources (read).
    for op in s.ops.iter().filter(|o| o.is_dst()) {
        parts.push(dst_text(inst, op, s));
    }
    if s.vcc_dst {
        parts.push("vcc_lo".into());
    }
    for op in s.ops.iter().filter(|o| !o.is_dst()) {
        parts.push(match (op.field, op.src) {
            (Field::Lit, _) => k_text(inst.literal.unwrap_or(0)),
            (_, i) => src_text(inst, def, op, s, dpp, i.unwrap_or(0)),
        });
    }
    if s.vcc_src {
        parts.push("vcc_lo".into());
    }
    if !parts.is_empty() {
        out.push(' ');
        out.push_str(&parts.join(", "));
    }
    // Output modifiers, in LLVM's order.
    let opsel = field(Field::Opsel);
    if !s.opsel.is_empty() {
        let bits: Vec<u32> = s.opsel.iter().map(|e| e.map_or(0, |b| (opsel >> b) & 1)).collect();
        if bits.iter().any(|b| *b != 0) {
            let _ = write!(out, " op_sel:{}", list(&bits));
        }
    }
    if let Some(hi) = s.opsel_hi {
        let raw = field(Field::OpselHi) | field(Field::OpselHi2) << 2;
        let bits: Vec<u32> = (0..s.nsrc).map(|i| (raw >> i) & 1).collect();
        let default = match hi {
            OpselHi::Ones => Some(1),
            OpselHi::Zeros => Some(0),
            // Ignored by the instruction: LLVM never prints it.
            OpselHi::Fixed => None,
        };
        if let Some(default) = default
            && bits.iter().any(|b| *b != default)
        {
            let _ = write!(out, " op_sel_hi:{}", list(&bits));
        }
    }
    for (on, f, name) in [(s.neg_lo, Field::Neg, "neg_lo"), (s.neg_hi, Field::NegHi, "neg_hi")] {
        if on {
            let raw = field(f);
            let bits: Vec<u32> = (0..s.nsrc).map(|i| (raw >> i) & 1).collect();
            if raw & ((1 << s.nsrc) - 1) != 0 {
                let _ = write!(out, " {name}:{}", list(&bits));
            }
        }
    }
    if s.clamp && field(Field::Clmp) != 0 {
        out.push_str(" clamp");
    }
    if s.omod {
        match field(Field::Omod) {
            1 => out.push_str(" mul:2"),
            2 => out.push_str(" mul:4"),
            3 => out.push_str(" div:2"),
            _ => {}
        }
    }
    match dpp {
        Dpp::Dpp16 => {
            let ctrl = field(Field::DppCtrl);
            let _ = write!(
                out,
                " {} row_mask:{:#x} bank_mask:{:#x}",
                dpp_ctrl_text(ctrl),
                field(Field::DppRowMask),
                field(Field::DppBankMask)
            );
            if field(Field::DppBc) != 0 {
                out.push_str(" bound_ctrl:1");
            }
            if field(Field::DppFi) != 0 {
                out.push_str(" fi:1");
            }
        }
        Dpp::Dpp8 => {
            let sel = field(Field::Dpp8Sel);
            let lanes: Vec<u32> = (0..8).map(|i| (sel >> (3 * i)) & 7).collect();
            let _ = write!(out, " dpp8:{}", list(&lanes));
            if field(Field::Src0) == DPP8_FI {
                out.push_str(" fi:1");
            }
        }
        Dpp::None => {}
    }
    out
}

/// SRC0 value selecting DPP8 with fetch-inactive.
const DPP8_FI: u32 = 234;

fn list(bits: &[u32]) -> String {
    let v: Vec<String> = bits.iter().map(u32::to_string).collect();
    format!("[{}]", v.join(","))
}

/// The DPP16 control as LLVM prints it.
pub(crate) fn dpp_ctrl_text(ctrl: u32) -> String {
    match ctrl {
        0x000..=0x0ff => {
            let q: Vec<u32> = (0..4).map(|i| (ctrl >> (2 * i)) & 3).collect();
            format!("quad_perm:{}", list(&q))
        }
        0x101..=0x10f => format!("row_shl:{}", ctrl & 0xf),
        0x111..=0x11f => format!("row_shr:{}", ctrl & 0xf),
        0x121..=0x12f => format!("row_ror:{}", ctrl & 0xf),
        0x140 => "row_mirror".into(),
        0x141 => "row_half_mirror".into(),
        0x150..=0x15f => format!("row_share:{}", ctrl & 0xf),
        0x160..=0x16f => format!("row_xmask:{}", ctrl & 0xf),
        // The controls GFX10 removed, and the undefined ones: LLVM decodes the word and says
        // so in a comment.
        0x130 => "/* wave_shl is not supported starting from GFX10 */".into(),
        0x134 => "/* wave_rol is not supported starting from GFX10 */".into(),
        0x138 => "/* wave_shr is not supported starting from GFX10 */".into(),
        0x13c => "/* wave_ror is not supported starting from GFX10 */".into(),
        0x142 | 0x143 => "/* row_bcast is not supported starting from GFX10 */".into(),
        _ => "/* Invalid dpp_ctrl value */".into(),
    }
}

/// A destination operand.
fn dst_text(inst: &Inst, op: &shape::Opnd, s: &Shape) -> String {
    let v = inst.field(op.field);
    if op.is_sreg() {
        if v < 128 {
            return sreg_text(v, 1);
        }
        // LLVM decodes an 8-bit VDST above 127 as a source operand.
        let class = if matches!(op.kind, crate::Kind::RegRule("mask")) { "SReg_1" } else { "SReg_32" };
        // 255 reads a literal dword, which LLVM prints as a 32-bit constant.
        let text = if v == LITERAL {
            consts::literal_text(inst.literal.unwrap_or(0), Class::B32)
        } else {
            consts::inline_text(v, Class::B32)
        };
        return match v {
            LITERAL => format!("{text}/*Invalid immediate*/"),
            254 => format!("{text}/*Invalid register, operand has '{class}' register class*/"),
            128..=208 | 240..=248 => format!("{text}/*Invalid immediate*/"),
            _ => text,
        };
    }
    if s.true16 {
        return vgpr16_text(v);
    }
    let n = match op.field {
        // VOPD's Y destination: bits 7:1 in the field, bit 0 the opposite of VDSTX's.
        Field::Vdsty => (v << 1) | ((inst.field(Field::Vdstx) & 1) ^ 1),
        _ => v,
    };
    let mut text = vgpr_name(n, op.dwords());
    // LLVM decodes no instruction here: bit 7 of a fake16 destination selects the high half.
    if s.lo128(op) && n >= 128 {
        text.push_str("/*Invalid register, operand has 'VGPR_32_Lo128' register class*/");
    }
    text
}

/// A VGPR or tuple; one that runs past v255 (which LLVM decodes no instruction for) carries
/// a comment.
fn vgpr_name(n: u32, dwords: u32) -> String {
    let name = operand::vgpr_name(n, dwords);
    if n + dwords > 256 { format!("{name}/*Invalid register: past v255*/") } else { name }
}

/// `vN.l` / `vN.h`: a 16-bit half in true16 syntax (bit 7 selects the high half).
fn vgpr16_text(v: u32) -> String {
    format!("v{}.{}", v & 0x7f, if v & 0x80 != 0 { 'h' } else { 'l' })
}

fn sreg_text(code: u32, dwords: u32) -> String {
    operand::tuple_name(code, dwords).unwrap_or_else(|| format!("/*invalid sgpr {code}*/"))
}

/// A source operand with its modifiers.
fn src_text(inst: &Inst, def: &InstDef, op: &shape::Opnd, s: &Shape, dpp: Dpp, i: usize) -> String {
    let v = inst.field(op.field);
    let dwords = op.dwords();
    let is_dpp_src0 = dpp != Dpp::None && matches!(op.field, Field::Src0 | Field::Srcx0 | Field::Srcy0);
    let nine_bit = matches!(op.field, Field::Src0 | Field::Src1 | Field::Src2 | Field::Srcx0 | Field::Srcy0);
    let mut base = match op.field {
        Field::Src0 | Field::Srcx0 | Field::Srcy0 if dpp != Dpp::None => {
            let n = inst.field(Field::DppSrc0);
            let mut t = vgpr_text(n, s, dwords);
            if s.lo128(op) && n >= 128 {
                t.push_str("/*Invalid register, operand has 'VGPR_32_Lo128' register class*/");
            }
            t
        }
        Field::Src0 | Field::Src1 | Field::Src2 | Field::Srcx0 | Field::Srcy0 => {
            if v >= 256 {
                vgpr_text(v - 256, s, dwords)
            } else if v < 128 && dwords > 1 && matches!(shape::rc(def, op), Rc::Vgpr | Rc::VgprOrConst) {
                // A VGPR tuple operand given SGPRs: LLVM aligns the tuple down and comments.
                operand::tuple_name(v, dwords).unwrap_or_else(|| format!("/*invalid sgpr {v}*/"))
            } else if v < 128 {
                sreg_text(v, if op.is_sreg() { 1 } else { dwords })
            } else {
                let mut class = s.class.get(i).copied().unwrap_or(Class::B32);
                // A constant where v_fma_mix's DPP forms want a VGPR: LLVM prints it as a
                // 32-bit operand.
                if dpp != Dpp::None && i == 1 && shape::dpp_src1_vgpr(def) {
                    class = Class::B32;
                }
                if v == LITERAL {
                    consts::literal_text(inst.literal.unwrap_or(0), class)
                } else {
                    consts::inline_text(v, class)
                }
            }
        }
        _ => vgpr_text(v, s, dwords),
    };
    // The DPP forms' second source is a VGPR. LLVM comments on anything else for v_fma_mix*,
    // prints it plainly for v_dot2_f32_f16 (and so this assembler reads it back), and prints
    // a VOP3 constant without comment (which neither its assembler nor this one reads back).
    if dpp != Dpp::None && s.enc == Enc::Vop3p && i == 1 && nine_bit && shape::dpp_src1_vgpr(def) {
        base.push_str(&invalid_comment(Rc::Vgpr, v, 1));
    }
    if !is_dpp_src0 {
        let code = if nine_bit { v } else { v + 256 };
        base.push_str(&invalid_comment(shape::rc(def, op), code, dwords));
        // The 32-bit encodings' fake16 operands are v0..v127.
        if s.lo128(op) && code >= 384 {
            let class = if nine_bit { "VS_32_Lo128" } else { "VGPR_32_Lo128" };
            base.push_str(&format!("/*Invalid register, operand has '{class}' register class*/"));
        }
    }
    // Modifiers: in the 32-bit encodings only under DPP16; in VOP3 from ABS/NEG.
    let (abs, neg) = match s.enc {
        Enc::Vop1 | Enc::Vop2 | Enc::Vopc => {
            if dpp != Dpp::Dpp16 {
                return base;
            }
            let (a, n) = match i {
                0 => (Field::DppSrc0Abs, Field::DppSrc0Neg),
                _ => (Field::DppSrc1Abs, Field::DppSrc1Neg),
            };
            (inst.field(a) != 0, inst.field(n) != 0)
        }
        Enc::Vop3 | Enc::Vop3sd => {
            let abs = if s.enc == Enc::Vop3 { inst.field(Field::Abs) } else { 0 };
            ((abs >> i) & 1 != 0, (inst.field(Field::Neg) >> i) & 1 != 0)
        }
        // v_fma_mix: NEG_HI is the abs modifier.
        Enc::Vop3p => ((inst.field(Field::NegHi) >> i) & 1 != 0, (inst.field(Field::Neg) >> i) & 1 != 0),
        Enc::VopdX | Enc::VopdY => return base,
    };
    let i = i.min(2);
    let mut text = base;
    if abs && s.abs[i] {
        text = format!("|{text}|");
    }
    if neg {
        // LLVM writes neg(...) around a bare constant, where `-` would read as its sign.
        let constant = nine_bit && !is_dpp_src0 && is_constant(v);
        // The 16-bit integer rows' DPP forms read NEG as sext() (`dpp_sext`).
        let bit = if s.dpp_sext && dpp != Dpp::None { NegBit::Sext } else { s.neg[i] };
        match bit {
            NegBit::Neg if constant && !(abs && s.abs[i]) => text = format!("neg({text})"),
            NegBit::Neg => text = format!("-{text}"),
            NegBit::Sext => text = format!("sext({text})"),
            NegBit::None => {}
        }
    }
    text
}

/// Whether a 9-bit source code is a constant (inline or literal): LLVM decodes it as an
/// immediate, not a register.
pub(super) fn is_constant(code: u32) -> bool {
    matches!(code, 128..=208 | 240..=248 | LITERAL)
}

/// LLVM's comment on an operand outside its register class (a 9-bit source code).
pub(super) fn invalid_comment(rc: Rc, code: u32, dwords: u32) -> String {
    let constant = is_constant(code);
    let (class, bad) = match rc {
        Rc::Any => return String::new(),
        Rc::Vgpr | Rc::VgprOrConst => (
            match dwords {
                2 => "VReg_64",
                4 => "VReg_128",
                8 => "VReg_256",
                _ => "VGPR_32",
            },
            (code < 128 && code != operand::NULL) || code == 254,
        ),
        Rc::VgprOrLds => ("VRegOrLds_32", code < 128 && code != operand::NULL),
        Rc::Sreg => ("SReg_32", code >= 256 || code == 254),
        Rc::SregOrLds => ("SRegOrLds_32", code >= 256),
        Rc::Mask => ("SReg_1_XEXEC", matches!(code, 126 | 127 | 254) || code >= 256),
    };
    if bad {
        format!("/*Invalid register, operand has '{class}' register class*/")
    } else if constant && matches!(rc, Rc::Vgpr | Rc::VgprOrLds | Rc::Mask) {
        "/*Invalid immediate*/".into()
    } else {
        String::new()
    }
}

fn vgpr_text(n: u32, s: &Shape, dwords: u32) -> String {
    if s.true16 { vgpr16_text(n) } else { vgpr_name(n, dwords) }
}

/// The literal constant K of `v_fmamk`/`v_fmaak` (and their VOPD forms): the whole dword in
/// hex, whatever the type.
fn k_text(lit: u32) -> String {
    format!("{lit:#x}")
}

#[cfg(test)]
mod tests;
