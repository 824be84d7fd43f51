//! What a vector compare compares: the table's `K:` column (grammar in `formats.isa`), parsed
//! into [`CmpOp`], with the operand type the row's S0 already gives, as [`Compare`]. Consumers
//! read a compare's condition from here instead of parsing it out of the mnemonic.

use std::fmt;

use super::Ty;

/// A compare's condition, as the mnemonics spell it (`v_cmp_nge_f32`: [`CmpOp::Nge`]). The
/// float conditions are the IEEE relations, each with its negation (`nge` is true for
/// unordered operands, `lt` is not); `ne` is the integers' inequality, `lg` the floats'
/// (ordered and not equal). `class` tests S0's IEEE class against the mask in S1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CmpOp {
    /// Always false.
    F,
    Lt,
    Eq,
    Le,
    Gt,
    /// Less or greater: ordered and not equal (floats).
    Lg,
    Ge,
    /// Ordered: neither operand is a NaN (floats).
    O,
    /// Unordered: either operand is a NaN (floats).
    U,
    Nge,
    Nlg,
    Ngt,
    Nle,
    Neq,
    Nlt,
    /// Always true.
    T,
    /// Not equal (integers).
    Ne,
    /// S1 has the bit of S0's IEEE class (floats).
    Class,
}

/// Each condition by its name in the column, and whether floats, integers or both have it.
const OPS: [(CmpOp, &str, Operands); 18] = [
    (CmpOp::F, "f", Operands::Both),
    (CmpOp::Lt, "lt", Operands::Both),
    (CmpOp::Eq, "eq", Operands::Both),
    (CmpOp::Le, "le", Operands::Both),
    (CmpOp::Gt, "gt", Operands::Both),
    (CmpOp::Lg, "lg", Operands::Float),
    (CmpOp::Ge, "ge", Operands::Both),
    (CmpOp::O, "o", Operands::Float),
    (CmpOp::U, "u", Operands::Float),
    (CmpOp::Nge, "nge", Operands::Float),
    (CmpOp::Nlg, "nlg", Operands::Float),
    (CmpOp::Ngt, "ngt", Operands::Float),
    (CmpOp::Nle, "nle", Operands::Float),
    (CmpOp::Neq, "neq", Operands::Float),
    (CmpOp::Nlt, "nlt", Operands::Float),
    (CmpOp::T, "t", Operands::Both),
    (CmpOp::Ne, "ne", Operands::Int),
    (CmpOp::Class, "class", Operands::Float),
];

/// Which operand types a condition applies to.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Operands {
    Float,
    Int,
    Both,
}

/// The types a compare's operands may have.
const TYPES: [Ty; 9] = [Ty::F16, Ty::F32, Ty::F64, Ty::I16, Ty::I32, Ty::I64, Ty::U16, Ty::U32, Ty::U64];

impl CmpOp {
    /// The condition's name in the column (and in the mnemonics).
    pub fn name(self) -> &'static str {
        OPS.iter().find(|(o, _, _)| *o == self).map_or("?", |(_, n, _)| n)
    }

    /// Parses the column's value (the text after `K:`).
    pub(super) fn parse(s: &str) -> Result<CmpOp, String> {
        OPS.iter()
            .find(|(_, n, _)| *n == s)
            .map(|(o, _, _)| *o)
            .ok_or_else(|| format!("unknown condition `{s}`"))
    }
}

impl fmt::Display for CmpOp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a `v_cmp*` or `v_cmpx*` row compares: the condition of its `K:` column and the type of
/// its S0 operand (`f16` .. `f64`, `i16` .. `u64`; for `class`, the float whose class is
/// tested). Whether the row writes EXEC (`v_cmpx`) is its `W:exec`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Compare {
    pub op: CmpOp,
    pub ty: Ty,
}

impl Compare {
    /// The compare of condition `op` on operands `src0` and `src1` (the row's S0 and S1
    /// types), if they fit it: S0 one of [`TYPES`], the condition one of that type's, and S1
    /// of S0's type (the class mask: u32).
    pub(super) fn new(op: CmpOp, src0: Option<Ty>, src1: Option<Ty>) -> Result<Compare, String> {
        let Some(ty) = src0.filter(|t| TYPES.contains(t)) else {
            let t = src0.map_or_else(|| "none".to_string(), Ty::name);
            return Err(format!("K:{op}: S0 has type {t}, not one a compare takes"));
        };
        let operands = OPS.iter().find(|(o, _, _)| *o == op).map_or(Operands::Both, |(_, _, k)| *k);
        let fits = match operands {
            Operands::Float => ty.is_float(),
            Operands::Int => !ty.is_float(),
            Operands::Both => true,
        };
        if !fits {
            return Err(format!("K:{op} does not compare {}", ty.name()));
        }
        let want = if op == CmpOp::Class { Ty::U32 } else { ty };
        if src1 != Some(want) {
            let t = src1.map_or_else(|| "none".to_string(), Ty::name);
            return Err(format!("K:{op} on {}: S1 has type {t}, not {}", ty.name(), want.name()));
        }
        Ok(Compare { op, ty })
    }
}
