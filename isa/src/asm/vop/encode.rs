//! Encoding parsed vector-ALU operands against one table row: registers into their fields,
//! constants into inline codes or the literal (by LLVM's operand class), source and output
//! modifiers, `op_sel` variants, DPP controls; and the two halves of a VOPD pair.

use super::super::parser::Parser;
use super::super::{E, Pending, e};
use super::operands::{Dpp, Keywords, Opnd, Val, parse_all};
use super::shape::{self, Class, Enc, NegBit, OpselHi, Rc, Shape, shape};
use crate::operand::{BF16_CONSTS, F16_CONSTS, FLOAT_CONSTS, LITERAL, NULL, VCC_LO};
use crate::{Field, Implicit, InstDef, Ty, table};

/// SRC0 values that select the DPP extension dwords.
const DPP16_SRC0: u32 = 250;
const DPP8_SRC0: u32 = 233;
const DPP8_FI_SRC0: u32 = 234;
/// LDS_DIRECT's source code.
const LDS_DIRECT: u32 = 254;
/// EXEC_LO's code, VOP3 `v_cmpx`'s fixed VDST.
const EXEC_LO: u32 = 126;

/// A constant as encoded: an inline code or a literal dword.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Const {
    Inline(u32),
    Literal(u32),
}

fn inline_int(v: i128) -> Option<u32> {
    match v {
        0..=64 => Some(128 + v as u32),
        -16..=-1 => Some((192 - v) as u32),
        _ => None,
    }
}

/// Rounds `sig` right by `shift` bits, to nearest even.
fn round_shift(sig: u64, shift: u32) -> u64 {
    if shift == 0 {
        return sig;
    }
    if shift > 63 {
        return 0;
    }
    let kept = sig >> shift;
    let rem = sig & ((1u64 << shift) - 1);
    let half = 1u64 << (shift - 1);
    if rem > half || (rem == half && kept & 1 == 1) { kept + 1 } else { kept }
}

/// A double rounded to nearest even into a small binary float format (f16: 5/10,
/// bf16: 8/7); `None` when it overflows (or is not finite).
pub(crate) fn to_small_float(f: f64, exp_bits: u32, mant_bits: u32) -> Option<u32> {
    if !f.is_finite() {
        return None;
    }
    let bits = f.to_bits();
    let sign = ((bits >> 63) as u32) << (exp_bits + mant_bits);
    let exp = ((bits >> 52) & 0x7ff) as i32;
    let mant = bits & ((1u64 << 52) - 1);
    if exp == 0 && mant == 0 {
        return Some(sign);
    }
    let bias = (1i32 << (exp_bits - 1)) - 1;
    let max_exp = bias; // largest unbiased exponent of a finite value
    let min_exp = 1 - bias;
    let (e, sig) = if exp == 0 { (-1022, mant) } else { (exp - 1023, mant | 1 << 52) };
    // Normalise subnormal doubles (far below any small format's range anyway).
    let (e, sig) = if sig & (1 << 52) == 0 {
        let lz = sig.leading_zeros() - 11;
        (e - lz as i32, sig << lz)
    } else {
        (e, sig)
    };
    let out = if e >= min_exp {
        let m = round_shift(sig, 52 - mant_bits);
        // Rounding may carry into the next exponent.
        let (e, m) = if m >> (mant_bits + 1) != 0 { (e + 1, m >> 1) } else { (e, m) };
        if e > max_exp {
            return None;
        }
        (((e + bias) as u32) << mant_bits) | (m as u32 & ((1 << mant_bits) - 1))
    } else {
        let shift = (52 - mant_bits) as i32 + (min_exp - e);
        let m = round_shift(sig, shift.min(64) as u32);
        // A subnormal that rounds up to the smallest normal keeps the right bits.
        m as u32
    };
    Some(sign | out)
}

fn f16_bits(f: f64) -> Option<u32> {
    to_small_float(f, 5, 10)
}

fn bf16_bits(f: f64) -> Option<u32> {
    to_small_float(f, 8, 7)
}

fn f32_inline(bits: u32) -> Option<u32> {
    FLOAT_CONSTS.iter().position(|(b, _, _)| *b == bits).map(|k| 240 + k as u32)
}

fn f64_inline(bits: u64) -> Option<u32> {
    FLOAT_CONSTS.iter().position(|(_, b, _)| *b == bits).map(|k| 240 + k as u32)
}

fn table16_inline(table: &[u16; 9], bits: u32) -> Option<u32> {
    table.iter().position(|b| u32::from(*b) == bits).map(|k| 240 + k as u32)
}

/// The inline float code whose bits, at an operand of class `c`, are `v` (LLVM prints such
/// codes of 16-bit integer operands in hex); LLVM takes it when the literal is taken by an
/// earlier operand.
fn inline_pattern(c: Class, v: u32) -> Option<u32> {
    match c {
        Class::I16 => table16_inline(&F16_CONSTS, v),
        // A 32-bit float pattern at a packed bf16 operand.
        Class::V2bf16 => f32_inline(v),
        _ => None,
    }
}

/// Whether an integer fits a 32-bit literal (signed or unsigned).
fn fits32(v: i128) -> bool {
    (-(1i128 << 31)..(1i128 << 32)).contains(&v)
}

fn fits16(v: i128) -> bool {
    (-(1i128 << 15)..(1i128 << 16)).contains(&v)
}

/// An integer as LLVM holds it, a 64-bit value: 0xffffffffffffffff is -1. `None` beyond 64
/// bits.
fn int64(v: i128) -> Option<i128> {
    (-(1i128 << 63)..(1i128 << 64)).contains(&v).then(|| i128::from(v as u64 as i64))
}

/// The inline integer whose bits, at a 16-bit operand, are `bits`.
fn inline_bits16(bits: u32) -> Option<u32> {
    inline_int(i128::from(bits as u16 as i16))
}

/// A constant at an operand of class `c`, as LLVM 19 encodes it; `None` when LLVM rejects it.
/// Shared by the scalar formats' sources (classes B32, I64 and F64). LLVM takes an inline
/// constant whenever the value, or for a float its bit pattern at the operand's width, is one
/// (`0xffffffff` at a 32-bit operand is -1, `0x3f800000` is 1.0, `0.0` is 0); a 16-bit
/// integer operand is the exception: only the integers -16..64 as written are inline there
/// (`0xffff` is a literal).
pub(crate) fn encode_const(c: Class, v: Val) -> Option<Const> {
    use Const::{Inline, Literal};
    let v = match v {
        Val::Int(i) => Val::Int(int64(i)?),
        other => other,
    };
    match (c, v) {
        (Class::B32, Val::Int(v)) => {
            if !fits32(v) {
                return None;
            }
            let u = v as u32;
            inline_int(i128::from(u as i32))
                .or_else(|| f32_inline(u))
                .map_or(Some(Literal(u)), |c| Some(Inline(c)))
        }
        (Class::B32, Val::Float(f)) => {
            let b = (f as f32).to_bits();
            if !(f as f32).is_finite() {
                return None;
            }
            Some(inline_int(i128::from(b as i32)).or_else(|| f32_inline(b)).map_or(Literal(b), Inline))
        }
        (Class::I16, Val::Int(v)) => {
            if !fits16(v) {
                return None;
            }
            Some(inline_int(v).map_or(Literal(u32::from(v as u16)), Inline))
        }
        (Class::F16 | Class::Bf16, Val::Int(v)) => {
            if !fits16(v) {
                return None;
            }
            let u = u32::from(v as u16);
            let float = match c {
                Class::F16 => table16_inline(&F16_CONSTS, u),
                _ => None,
            };
            Some(inline_bits16(u).or(float).map_or(Literal(u), Inline))
        }
        (Class::F16 | Class::V2f16, Val::Float(f)) => {
            let h = f16_bits(f)?;
            Some(inline_bits16(h).or_else(|| table16_inline(&F16_CONSTS, h)).map_or(Literal(h), Inline))
        }
        (Class::Bf16 | Class::V2bf16, Val::Float(f)) => {
            // LLVM rounds the value to bf16 and looks the bits up, except that the text
            // `0.15915494` (LLVM's spelling of 1/(2*pi)) is the inline constant although it
            // rounds to 0x3e23, not to the constant's 0x3e22.
            if f == 0.15915494 {
                return Some(Inline(248));
            }
            let h = bf16_bits(f)?;
            Some(inline_bits16(h).or_else(|| table16_inline(&BF16_CONSTS, h)).map_or(Literal(h), Inline))
        }
        (Class::I16, Val::Float(f)) => {
            // Inline floats by value (0.0 is 0); other floats as their f32 bits (LLVM keeps
            // all 32).
            f16_bits(f)?;
            let b = (f as f32).to_bits();
            Some(inline_int(i128::from(b as i32)).or_else(|| f32_inline(b)).map_or(Literal(b), Inline))
        }
        (Class::V2f16 | Class::V2bf16, Val::Int(v)) => {
            if !fits32(v) {
                return None;
            }
            let u = v as u32;
            let table = if c == Class::V2f16 { &F16_CONSTS } else { &BF16_CONSTS };
            Some(
                inline_int(i128::from(u as i32))
                    .or_else(|| table16_inline(table, u))
                    .map_or(Literal(u), Inline),
            )
        }
        (Class::F64, Val::Int(v)) => {
            // A 64-bit value that is an inline constant's pattern is that constant.
            if let Some(code) = inline_int(v).or_else(|| f64_inline(v as u64)) {
                return Some(Inline(code));
            }
            if !fits32(v) {
                return None;
            }
            let u = v as u32;
            // An integer is the literal's high dword of the double.
            Some(f64_inline(u64::from(u) << 32).map_or(Literal(u), Inline))
        }
        (Class::F64, Val::Float(f)) => {
            let b = f.to_bits();
            Some(
                inline_int(i128::from(b as i64))
                    .or_else(|| f64_inline(b))
                    .map_or(Literal((b >> 32) as u32), Inline),
            )
        }
        (Class::I64, Val::Int(v)) => {
            if let Some(code) = inline_int(v).or_else(|| f64_inline(v as u64)) {
                return Some(Inline(code));
            }
            if !fits32(v) {
                return None;
            }
            Some(Literal(v as u32))
        }
        (Class::I64, Val::Float(f)) => {
            let b = f.to_bits();
            inline_int(i128::from(b as i64)).or_else(|| f64_inline(b)).map(Inline)
        }
        _ => None,
    }
}

/// A constant with source modifiers in a 32-bit encoding: LLVM applies ABS and NEG to its bits
/// (when the VOP3 form takes them on this source).
fn fold(def: &InstDef, i: usize, class: Class, o: &Opnd) -> Result<Val, E> {
    let (abs3, neg3) = shape::vop3_mods(def);
    let bad = |_| E { col: o.col, msg: "source modifiers need the VOP3 (_e64) form".into() };
    if o.sext || (o.abs && !abs3[i]) || (o.neg && neg3[i] != NegBit::Neg) {
        return Err(bad(()));
    }
    let apply = |bits: u64, sign: u64| {
        let b = if o.abs { bits & !sign } else { bits };
        if o.neg { b ^ sign } else { b }
    };
    match (class, o.val) {
        (Class::B32, Val::Int(v)) if fits32(v) => {
            Ok(Val::Int(i128::from(apply(u64::from(v as u32), 1 << 31))))
        }
        (Class::B32, Val::Float(f)) => {
            Ok(Val::Int(i128::from(apply(u64::from((f as f32).to_bits()), 1 << 31))))
        }
        (Class::F16, Val::Float(f)) => {
            let h = f16_bits(f).ok_or_else(|| bad(()))?;
            Ok(Val::Int(i128::from(apply(u64::from(h), 1 << 15))))
        }
        // An integer at an f16 operand: its 16 bits (`abs(-1)` is 0x7fff).
        (Class::F16, Val::Int(v)) if fits16(v) => {
            Ok(Val::Int(i128::from(apply(u64::from(v as u16), 1 << 15))))
        }
        (Class::F64, Val::Float(f)) => Ok(Val::Float(f64::from_bits(apply(f.to_bits(), 1 << 63)))),
        _ => Err(bad(())),
    }
}

/// The constant K of `v_fmamk`/`v_fmaak`: the literal dword itself.
fn encode_k(ty: Option<Ty>, o: &Opnd) -> Result<u32, E> {
    if o.has_mods() {
        return e(o.col, "K takes no modifiers");
    }
    let f16 = ty == Some(Ty::F16);
    match o.val {
        Val::Int(v) if f16 && fits16(v) => Ok(u32::from(v as u16)),
        // LLVM prints all of the literal dword.
        Val::Int(v) if f16 && fits32(v) => Ok(v as u32),
        Val::Int(v) if !f16 && fits32(v) => Ok(v as u32),
        Val::Float(f) if f16 => f16_bits(f).ok_or(E { col: o.col, msg: "constant does not fit f16".into() }),
        Val::Float(f) if (f as f32).is_finite() => Ok((f as f32).to_bits()),
        _ => e(o.col, if f16 { "expected a 16-bit constant" } else { "expected a 32-bit constant" }),
    }
}

/// What the text has at each position, in order.
#[derive(Clone, Copy)]
enum Slot<'a> {
    Op(&'a super::shape::Opnd),
    Vcc,
}

fn slots(s: &Shape) -> Vec<Slot<'_>> {
    let mut out: Vec<Slot> = s.ops.iter().filter(|o| o.is_dst()).map(Slot::Op).collect();
    if s.vcc_dst {
        out.push(Slot::Vcc);
    }
    out.extend(s.ops.iter().filter(|o| !o.is_dst()).map(Slot::Op));
    if s.vcc_src {
        out.push(Slot::Vcc);
    }
    out
}

/// The encoder's state for one row.
struct Enc1<'a> {
    def: &'static InstDef,
    s: &'a Shape,
    fields: Vec<(Field, u32)>,
    literal: Option<u32>,
    dpp: Option<Dpp>,
    /// A VOPD pair whose literal is v_dual_fmaak/fmamk's K (see `Class::V2f16` above).
    k_pair: bool,
}

impl Enc1<'_> {
    fn set(&mut self, f: Field, v: u32) {
        self.fields.push((f, v));
    }
    fn or(&mut self, f: Field, bit: u32) {
        match self.fields.iter_mut().find(|(g, _)| *g == f) {
            Some((_, v)) => *v |= bit,
            None => self.fields.push((f, bit)),
        }
    }
    fn use_literal(&mut self, v: u32, col: usize) -> Result<u32, E> {
        match self.literal {
            Some(l) if l != v => e(col, "only one unique literal operand is allowed"),
            _ => {
                self.literal = Some(v);
                Ok(LITERAL)
            }
        }
    }
    /// A 16-bit operand of a 32-bit encoding in fake16 syntax: only v0..v127.
    fn lo128(&self, op: &super::shape::Opnd, n: u32, col: usize) -> Result<(), E> {
        if self.s.lo128(op) && n >= 128 {
            return e(col, "the 32-bit encoding's 16-bit operands are v0..v127");
        }
        Ok(())
    }
    fn vgpr(&self, op: &super::shape::Opnd, o: &Opnd) -> Result<u32, E> {
        match o.val {
            Val::Vgpr { n, dwords, half } => {
                if dwords != op.dwords() {
                    return e(o.col, format!("expected a {}-bit register", op.dwords() * 32));
                }
                if self.s.true16 {
                    let Some(h) = half else {
                        return e(o.col, "expected a 16-bit half (v1.l, v1.h)");
                    };
                    if n >= 128 {
                        return e(o.col, "16-bit halves are v0..v127 in this encoding");
                    }
                    return Ok(n | u32::from(h) << 7);
                }
                if half.is_some() {
                    return e(o.col, "LLVM's fake16 syntax has no .l/.h halves here");
                }
                self.lo128(op, n, o.col)?;
                Ok(n)
            }
            _ => e(o.col, "expected a VGPR"),
        }
    }
    fn dst(&mut self, op: &super::shape::Opnd, o: &Opnd) -> Result<(), E> {
        if o.has_mods() {
            return e(o.col, "a destination takes no modifiers");
        }
        let v = if op.is_sreg() {
            match o.val {
                Val::Sreg { code, dwords: 1 } => code,
                // LLVM prints an 8-bit VDST that holds a source code by the source's name.
                Val::Code(c) if c == NULL || (op.field == Field::Vdst && c < 256) => c,
                _ => return e(o.col, "expected a 32-bit scalar register"),
            }
        } else {
            self.vgpr(op, o)?
        };
        self.set(op.field, v);
        Ok(())
    }
    fn src(&mut self, op: &super::shape::Opnd, o: &Opnd) -> Result<(), E> {
        let i = op.src.unwrap_or(0).min(2);
        let rc = shape::rc(self.def, op);
        let ok = match (rc, o.val) {
            (Rc::Any, _) => true,
            // LLVM prints NULL and the special sources there without complaint.
            (Rc::Vgpr | Rc::VgprOrLds, v) => matches!(v, Val::Vgpr { .. } | Val::Code(_)),
            (Rc::Sreg | Rc::SregOrLds, v) => !matches!(v, Val::Vgpr { .. }),
            (Rc::Mask, v) => matches!(v, Val::Sreg { .. } | Val::Code(_)),
            (Rc::VgprOrConst, v) => !matches!(v, Val::Sreg { .. }),
        };
        if !ok {
            return e(
                o.col,
                match rc {
                    Rc::Vgpr | Rc::VgprOrLds => "expected a VGPR",
                    Rc::VgprOrConst => "expected a VGPR or an inline constant",
                    Rc::Mask => "expected a scalar register holding a lane mask",
                    _ => "expected a scalar register or a constant",
                },
            );
        }
        if op.field == Field::Lit {
            let k = encode_k(op.ty(), o)?;
            self.use_literal(k, o.col)?;
            return Ok(());
        }
        let s = self.s;
        let mut folded_mods = false;
        let nine_bit =
            matches!(op.field, Field::Src0 | Field::Src1 | Field::Src2 | Field::Srcx0 | Field::Srcy0);
        let is_src0 = matches!(op.field, Field::Src0);
        if self.dpp.is_some() && is_src0 {
            let n = self.vgpr(op, o)?;
            self.set(Field::DppSrc0, n);
            let marker = match self.dpp {
                Some(Dpp::Dpp8 { fi: true, .. }) => DPP8_FI_SRC0,
                Some(Dpp::Dpp8 { .. }) => DPP8_SRC0,
                _ => DPP16_SRC0,
            };
            self.set(Field::Src0, marker);
        } else if !nine_bit {
            let n = self.vgpr(op, o)?;
            self.set(op.field, n);
        } else {
            // The DPP forms' second source is a VGPR; LLVM prints other operands there for
            // v_dot2_f32_f16 without comment, so this assembler reads them back.
            if self.dpp.is_some() && i == 1 {
                if s.enc == Enc::Vop3p && shape::dpp_src1_vgpr(self.def) && !matches!(o.val, Val::Vgpr { .. })
                {
                    return e(o.col, "expected a VGPR: the DPP forms' second source is a VGPR");
                }
                if s.enc != Enc::Vop3p && s.enc.is_vop3() && matches!(o.val, Val::Int(_) | Val::Float(_)) {
                    return e(o.col, "the DPP forms take no constant as the second source");
                }
            }
            let code = match o.val {
                Val::Vgpr { .. } => 256 + self.vgpr(op, o)?,
                Val::Sreg { code, dwords } => {
                    let want = if op.is_sreg() { 1 } else { op.dwords() };
                    if dwords != want {
                        return e(o.col, format!("expected a {}-bit register", want * 32));
                    }
                    code
                }
                Val::Code(c) => c,
                Val::Int(_) | Val::Float(_) => {
                    if op.is_sreg() {
                        return e(o.col, "expected a scalar register");
                    }
                    let class = match s.class[i] {
                        // With v_dual_fmaak/fmamk's K, LLVM reads (and prints) a packed f16
                        // source's constant as a 32-bit one.
                        Class::V2f16 if self.k_pair => Class::B32,
                        c => c,
                    };
                    // The 32-bit encodings have no modifiers: LLVM folds them into the constant.
                    let (val, folded) = if o.has_mods() && s.enc.is_e32() && self.dpp.is_none() {
                        (fold(self.def, i, class, o)?, true)
                    } else {
                        (o.val, false)
                    };
                    if folded {
                        folded_mods = true;
                    }
                    match encode_const(class, val) {
                        Some(Const::Inline(c)) => c,
                        Some(Const::Literal(v)) => {
                            match (self.literal, inline_pattern(class, v)) {
                                // LLVM prints inline floats of 16-bit integer operands as their
                                // f16 bits; when the literal is taken, read them back inline.
                                (Some(l), Some(code)) if l != v => code,
                                _ => self.use_literal(v, o.col)?,
                            }
                        }
                        None => return e(o.col, "invalid constant for this operand"),
                    }
                }
            };
            self.set(op.field, code);
        }
        if folded_mods { Ok(()) } else { self.mods(i, o) }
    }
    /// Source modifiers of source `i`.
    fn mods(&mut self, i: usize, o: &Opnd) -> Result<(), E> {
        if !o.has_mods() {
            return Ok(());
        }
        let s = self.s;
        let e32 = s.enc.is_e32();
        if matches!(s.enc, Enc::VopdX | Enc::VopdY) {
            return e(o.col, "VOPD operands take no modifiers");
        }
        if e32 && !matches!(self.dpp, Some(Dpp::Dpp16 { .. })) {
            return e(o.col, "source modifiers need the VOP3 (_e64) or DPP16 form");
        }
        // Under DPP16 LLVM's assembler accepts the VOP3 form's modifiers.
        let (abs3, neg3) = if e32 { shape::vop3_mods(self.def) } else { ([false; 3], [NegBit::None; 3]) };
        // VOP3SD has no ABS field: LLVM 19 accepts |x| on its float sources and drops it.
        let drop_abs = s.enc == Enc::Vop3sd && s.neg[i] == NegBit::Neg;
        if o.abs && !s.abs[i] && !abs3[i] && !drop_abs {
            return e(o.col, "this source takes no |x| modifier");
        }
        if o.neg && s.neg[i] != NegBit::Neg && neg3[i] != NegBit::Neg {
            return e(o.col, "this source takes no neg modifier");
        }
        // The VOP3 16-bit integer rows with op_sel: LLVM 19 accepts sext() on a constant
        // source 1 or 2 and sets the source's NEG bit (its disassembler does not print it); sext(vN) outside
        // DPP it rejects. Their DPP forms read NEG as sext() (`dpp_sext`).
        let constant = matches!(o.val, Val::Int(_) | Val::Float(_));
        let int16_sext = s.enc == Enc::Vop3
            && !s.opsel.is_empty()
            && s.class[..s.nsrc].contains(&Class::I16)
            && s.neg[i] == NegBit::None
            && constant
            && i > 0;
        let dpp_sext = s.dpp_sext && self.dpp.is_some();
        // An integer register source that takes NEG (v_ldexp_f16's exponent, printed `-v1`):
        // LLVM's assembler reads sext(v1) as the same bit.
        let int_src = s.ops.iter().any(|op| op.src == Some(i) && op.ty().is_some_and(|t| !t.is_float()));
        let neg_sext = s.neg[i] == NegBit::Neg && int_src && !constant;
        if o.sext && s.neg[i] != NegBit::Sext && !int16_sext && !dpp_sext && !neg_sext {
            return e(o.col, "this source takes no sext modifier");
        }
        let bit = 1 << i;
        if e32 {
            let (a, n) = if i == 0 {
                (Field::DppSrc0Abs, Field::DppSrc0Neg)
            } else {
                (Field::DppSrc1Abs, Field::DppSrc1Neg)
            };
            if o.abs {
                self.set(a, 1);
            }
            if o.neg || o.sext {
                self.set(n, 1);
            }
        } else {
            // v_fma_mix: NEG_HI holds the abs modifier.
            let abs_field = if s.enc == Enc::Vop3p { Field::NegHi } else { Field::Abs };
            if o.abs && !drop_abs {
                self.or(abs_field, bit);
            }
            if o.neg || o.sext {
                self.or(Field::Neg, bit);
            }
        }
        Ok(())
    }
    fn keywords(&mut self, kw: &Keywords) -> Result<(), E> {
        let s = self.s;
        if let Some(col) = kw.clamp {
            if !s.clamp {
                return e(col, "this instruction takes no clamp");
            }
            self.set(Field::Clmp, 1);
        }
        if let Some((v, col)) = kw.omod {
            if !s.omod {
                return e(col, "this instruction takes no output modifier");
            }
            self.set(Field::Omod, v);
        }
        if let Some((l, col)) = &kw.op_sel {
            if s.opsel.is_empty() {
                return e(*col, "this instruction takes no op_sel");
            }
            let mut bits = 0;
            for (k, (entry, v)) in s.opsel.iter().zip(l).enumerate() {
                match entry {
                    Some(b) => bits |= v << b,
                    // An entry of a source the row does not have (v_fmac_f16's third): LLVM
                    // accepts any value and ignores it.
                    None if *v != 0 && k < s.nsrc => return e(*col, "invalid op_sel operand"),
                    None => {}
                }
            }
            self.set(Field::Opsel, bits);
        }
        let mut hi = match s.opsel_hi {
            Some(OpselHi::Ones | OpselHi::Fixed) => 0b111,
            _ => 0,
        };
        if let Some((l, col)) = &kw.op_sel_hi {
            if matches!(s.opsel_hi, None | Some(OpselHi::Fixed)) {
                return e(*col, "this instruction takes no op_sel_hi");
            }
            hi = l.iter().take(s.nsrc).enumerate().fold(0, |a, (i, v)| a | v << i);
        }
        if s.opsel_hi.is_some() {
            if s.nsrc < 3 {
                // LLVM sets the bit of the absent third source.
                hi |= 0b100;
            }
            self.set(Field::OpselHi, hi & 3);
            self.set(Field::OpselHi2, hi >> 2);
        }
        for (want, got, field, name) in
            [(s.neg_lo, &kw.neg_lo, Field::Neg, "neg_lo"), (s.neg_hi, &kw.neg_hi, Field::NegHi, "neg_hi")]
        {
            if let Some((l, col)) = got {
                if !want {
                    return e(*col, format!("this instruction takes no {name}"));
                }
                let bits = l.iter().take(s.nsrc).enumerate().fold(0, |a, (i, v)| a | v << i);
                self.or(field, bits);
            }
        }
        match self.dpp {
            Some(Dpp::Dpp16 { ctrl, row_mask, bank_mask, bound_ctrl, fi }) => {
                self.set(Field::DppCtrl, ctrl);
                self.set(Field::DppRowMask, row_mask);
                self.set(Field::DppBankMask, bank_mask);
                self.set(Field::DppBc, u32::from(bound_ctrl));
                self.set(Field::DppFi, u32::from(fi));
            }
            Some(Dpp::Dpp8 { sel, .. }) => self.set(Field::Dpp8Sel, sel),
            None => {}
        }
        if s.fixed_exec {
            self.set(Field::Vdst, EXEC_LO);
        }
        Ok(())
    }
}

/// Encodes the operands against one row.
pub(super) fn encode(
    def: &'static InstDef,
    s: &Shape,
    ops: &[Opnd],
    kw: &Keywords,
    end: usize,
) -> Result<Pending, E> {
    let dpp = kw.dpp.map(|(d, _)| d);
    if let (Some((_, col)), false) = (kw.dpp, s.dpp) {
        return e(col, format!("{} has no DPP form", def.name));
    }
    let mut enc = Enc1 { def, s, fields: Vec::new(), literal: None, dpp, k_pair: false };
    operands_into(&mut enc, s, ops, end)?;
    enc.keywords(kw)?;
    let mut pending = Pending::new(def);
    pending.fields = enc.fields;
    pending.literal = enc.literal;
    Ok(pending)
}

fn operands_into(enc: &mut Enc1, s: &Shape, ops: &[Opnd], end: usize) -> Result<(), E> {
    let slots = slots(s);
    if ops.len() > slots.len() {
        return e(ops[slots.len()].col, "too many operands for instruction");
    }
    if ops.len() < slots.len() {
        return e(end, "too few operands for instruction");
    }
    for (slot, o) in slots.iter().zip(ops) {
        match slot {
            Slot::Vcc => {
                if o.has_mods() || o.val != (Val::Sreg { code: VCC_LO, dwords: 1 }) {
                    return e(o.col, "expected vcc_lo");
                }
            }
            Slot::Op(op) if op.is_dst() => enc.dst(op, o)?,
            Slot::Op(op) => enc.src(op, o)?,
        }
    }
    Ok(())
}

/// A VOPD pair: `X-OPERATION operands :: Y-OPERATION operands`.
pub(super) fn vopd(rows: &[&'static InstDef], p: &mut Parser) -> Result<Pending, E> {
    let start = p.col();
    let Some(x) = rows.iter().copied().find(|d| d.format().name == "VOPD_X") else {
        return e(start, format!("{} cannot be the first instruction of a VOPD pair", rows[0].name));
    };
    let (xops, xkw) = parse_all(p, true)?;
    if !super::at_pair_separator(p) {
        return e(p.col(), "expected `::` and the second instruction of the pair");
    }
    p.pos += 2;
    let ycol = p.col();
    let yname = p.ident()?.to_ascii_lowercase();
    let Some(y) = table().all_by_name(&yname).find(|d| d.format().name == "VOPD_Y") else {
        return e(ycol, format!("`{yname}` is no second instruction of a VOPD pair"));
    };
    let (yops, ykw) = parse_all(p, false)?;
    for kw in [&xkw, &ykw] {
        let col = [kw.clamp, kw.omod.map(|o| o.1), kw.op_sel.as_ref().map(|o| o.1), kw.dpp.map(|d| d.1)]
            .into_iter()
            .flatten()
            .min();
        if let Some(col) = col {
            return e(col, "VOPD instructions take no modifiers");
        }
    }
    let (Some(sx), Some(sy)) = (shape(x), shape(y)) else {
        return e(start, "not a VOPD pair");
    };
    // v_dual_fmaak/fmamk's K is the literal (the first one's, in text order): LLVM checks
    // the other operands against it.
    let k = [(&sx, &xops), (&sy, &yops)].into_iter().find_map(|(s, ops)| {
        let i = slots(s).iter().position(|sl| matches!(sl, Slot::Op(o) if o.field == Field::Lit))?;
        let op = s.ops.iter().find(|o| o.field == Field::Lit)?;
        encode_k(op.ty(), ops.get(i)?).ok()
    });
    let k_pair = k.is_some();
    let mut ex = Enc1 { def: x, s: &sx, fields: Vec::new(), literal: k, dpp: None, k_pair };
    operands_into(&mut ex, &sx, &xops, ycol)?;
    let mut ey = Enc1 { def: y, s: &sy, fields: Vec::new(), literal: ex.literal, dpp: None, k_pair };
    operands_into(&mut ey, &sy, &yops, p.end)?;
    vopd_constant_bus(x, y, &xops, &yops, ey.literal.is_some())?;
    vopd_banks(&sx, &sy, &ex.fields, &ey.fields, &yops, ycol)?;
    let mut fields = ex.fields;
    for (f, v) in ey.fields {
        fields.push(if f == Field::Vdsty { (f, v >> 1) } else { (f, v) });
    }
    let mut pending = Pending::new(x);
    pending.def2 = Some(y);
    pending.fields = fields;
    pending.literal = ey.literal;
    Ok(pending)
}

/// The scalar values a VOPD pair reads (guide 7.6; LLVM's constant-bus rule): at most two of
/// the literal (counted once), VCC read by v_dual_cndmask_b32 (counted apart from an explicit
/// `vcc_lo`) and distinct scalar registers (NULL and inline constants are free). Like LLVM,
/// the error names the first scalar register over the limit.
fn vopd_constant_bus(x: &InstDef, y: &InstDef, xops: &[Opnd], yops: &[Opnd], literal: bool) -> Result<(), E> {
    let vcc = x.reads.contains(Implicit::VCC) || y.reads.contains(Implicit::VCC);
    let fixed = usize::from(vcc) + usize::from(literal);
    let mut seen: Vec<u32> = Vec::new();
    // Each half's first operand is its destination.
    for o in xops.iter().skip(1).chain(yops.iter().skip(1)) {
        let code = match o.val {
            Val::Sreg { code, .. } => code,
            // LDS_DIRECT is no scalar value on the bus for LLVM.
            Val::Code(c) if c != NULL && c != LDS_DIRECT => c,
            _ => continue,
        };
        if !seen.contains(&code) {
            seen.push(code);
            if fixed + seen.len() > 2 {
                return e(o.col, "invalid operand (violates constant bus restrictions)");
            }
        }
    }
    Ok(())
}

/// LLVM's VOPD register rules: one destination even and the other odd, then the two halves'
/// sources of the same component index (SRC0, SRC1, SRC2) in different VGPR banks: reg % 4
/// for SRC0 and SRC1, reg % 2 for SRC2. The VSRC1 VGPR is SRC1, except for v_dual_fmamk_f32,
/// whose SRC1 is the constant K and VSRC1 its SRC2. The error points at the Y operand.
fn vopd_banks(
    sx: &Shape,
    sy: &Shape,
    xfields: &[(Field, u32)],
    yfields: &[(Field, u32)],
    yops: &[Opnd],
    ycol: usize,
) -> Result<(), E> {
    let get = |fields: &[(Field, u32)], f: Field| fields.iter().find(|(g, _)| *g == f).map(|(_, v)| *v);
    let vdstx = get(xfields, Field::Vdstx).unwrap_or(0);
    let vdsty = get(yfields, Field::Vdsty).unwrap_or(0);
    if vdstx & 1 == vdsty & 1 {
        let col = yops.first().map_or(ycol, |o| o.col);
        return e(col, "one dst register must be even and the other odd");
    }
    // The VGPR of each component source index (the sources in text order, K included).
    let vgprs = |s: &Shape, fields: &[(Field, u32)]| -> [Option<u32>; 3] {
        let mut out = [None; 3];
        for (k, op) in s.ops.iter().filter(|o| !o.is_dst()).enumerate().take(3) {
            out[k] = match op.field {
                Field::Srcx0 | Field::Srcy0 => get(fields, op.field).filter(|v| *v >= 256).map(|v| v - 256),
                Field::Vsrcx1 | Field::Vsrcy1 => get(fields, op.field),
                _ => None,
            };
        }
        out
    };
    let (vx, vy) = (vgprs(sx, xfields), vgprs(sy, yfields));
    for (k, banks) in [(0, 4), (1, 4), (2, 2)] {
        if let (Some(a), Some(b)) = (vx[k], vy[k])
            && a % banks == b % banks
        {
            let col = yops.get(1 + k).map_or(ycol, |o| o.col);
            return e(col, format!("src{k} operands must use different VGPR banks"));
        }
    }
    Ok(())
}
