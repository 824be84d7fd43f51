//! The control bundle of vector ALU rows, derived from the table: which field each source
//! comes from and at what type, what the destination is, and the implicit state read and
//! written. The decoder sets it per row (`cu_decode`), the compute unit's operand collector
//! and write-back read it, and the lane datapath (`cu_valu`) only sees the operation.

use rdna3_isa::{Field, FormatDef, Implicit, InstDef, Kind, Mnemonic, Role, Ty, Unit, table};

/// The formats whose rows execute in the vector pipeline (VINTERP's interpolation FMAs too).
pub const VALU_FORMATS: [&str; 9] =
    ["VOP1", "VOP2", "VOPC", "VOP3", "VOP3SD", "VOP3P", "VOPD_X", "VOPD_Y", "VINTERP"];

/// Whether the row runs in the vector pipeline (VALU and transcendental rows of the VALU
/// encodings, and VINTERP's).
pub fn is_valu(d: &InstDef) -> bool {
    matches!(d.unit, Unit::Valu | Unit::Trans) && VALU_FORMATS.contains(&d.format().name.as_str())
}

/// The `valu_op_e` member of a row: one per mnemonic (a VOP1/VOP2/VOPC row and its VOP3
/// promotion share it; VOPD's `v_dual_*` rows have their own).
pub fn vop_name(d: &InstDef) -> String {
    format!("VOP_{}", d.upper_name())
}

/// The distinct `valu_op_e` members, in table order.
pub fn vop_names() -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for d in table().insts.iter().filter(|d| is_valu(d)) {
        let n = vop_name(d);
        if !out.contains(&n) {
            out.push(n);
        }
    }
    out
}

/// Operand types as the datapath needs them (`opnd_ty_e`), by name, in encoding order.
pub const OPND_TYPES: [&str; 15] = [
    "OT_NONE",
    "OT_B16",
    "OT_F16",
    "OT_BF16",
    "OT_V2I16",
    "OT_V2F16",
    "OT_V2BF16",
    "OT_B32",
    "OT_F32",
    "OT_I64",
    "OT_B64",
    "OT_F64",
    "OT_B128",
    "OT_MASK",
    "OT_SGPR",
];

/// The `opnd_ty_e` of a table type. Integer and bit types of one width share a member (the
/// operation decides signedness), except where the width of an inline constant or literal
/// depends on it: I64 sign-extends a literal.
pub fn opnd_type(ty: Ty) -> &'static str {
    match ty {
        Ty::B16 | Ty::U16 | Ty::I16 => "OT_B16",
        Ty::F16 => "OT_F16",
        Ty::BF16 => "OT_BF16",
        Ty::V2I16 | Ty::V2U16 => "OT_V2I16",
        Ty::V2F16 => "OT_V2F16",
        Ty::V2BF16 => "OT_V2BF16",
        Ty::B32 | Ty::U32 | Ty::I32 => "OT_B32",
        Ty::F32 => "OT_F32",
        Ty::I64 => "OT_I64",
        Ty::B64 | Ty::U64 => "OT_B64",
        Ty::F64 => "OT_F64",
        Ty::Wide(_) => "OT_B128",
    }
}

/// Source fields (`vfield_e`), by name.
pub const VFIELDS: [&str; 13] = [
    "VF_NONE",
    "VF_SRC0",
    "VF_VSRC1",
    "VF_SRC1",
    "VF_SRC2",
    "VF_LIT",
    "VF_VDST",
    "VF_SRCX0",
    "VF_VSRCX1",
    "VF_VDSTX",
    "VF_SRCY0",
    "VF_VSRCY1",
    "VF_VDSTY",
];

fn vfield(f: Field) -> Option<&'static str> {
    Some(match f {
        Field::Src0 => "VF_SRC0",
        Field::Vsrc1 => "VF_VSRC1",
        Field::Src1 => "VF_SRC1",
        Field::Src2 => "VF_SRC2",
        Field::Lit => "VF_LIT",
        Field::Vdst => "VF_VDST",
        Field::Srcx0 => "VF_SRCX0",
        Field::Vsrcx1 => "VF_VSRCX1",
        Field::Vdstx => "VF_VDSTX",
        Field::Srcy0 => "VF_SRCY0",
        Field::Vsrcy1 => "VF_VSRCY1",
        Field::Vdsty => "VF_VDSTY",
        _ => return None,
    })
}

/// Encodings of the vector pipeline (`venc_e`): how register fields and modifiers read.
pub const VENCS: [&str; 7] = ["VE_VOP1", "VE_VOP2", "VE_VOPC", "VE_VOP3", "VE_VOP3SD", "VE_VOP3P", "VE_VOPD"];

pub fn venc(f: &FormatDef) -> &'static str {
    match f.name.as_str() {
        "VOP1" => "VE_VOP1",
        "VOP2" => "VE_VOP2",
        "VOPC" => "VE_VOPC",
        // VINTERP's fields sit where VOP3's do (no ABS or OMOD: their bits decode to zero).
        "VOP3" | "VINTERP" => "VE_VOP3",
        "VOP3SD" => "VE_VOP3SD",
        "VOP3P" => "VE_VOP3P",
        _ => "VE_VOPD",
    }
}

/// The control bundle of a vector row as `(vctrl_t member, value)` assignments, omitting
/// zeros, for the member `base` (`dec_o.vc` or `dec_o.vcy`).
pub fn ctrl_sets(d: &InstDef, base: &str) -> Vec<(String, String)> {
    let mut sets = vec![(format!("{base}.enc"), venc(d.format()).to_string())];
    // Sources in assembly order, then the operands an instruction reads and writes.
    let mut srcs: Vec<(Field, &'static str)> = Vec::new();
    for role in [Role::Src, Role::Modify] {
        for o in d.operands.iter().filter(|o| o.role == role) {
            let ty = match o.kind {
                Kind::Reg(t) => opnd_type(t),
                Kind::RegRule("mask") => "OT_MASK",
                Kind::RegRule(_) => "OT_B32",
                Kind::Imm(_) => continue,
            };
            if vfield(o.field).is_some() && srcs.len() < 3 {
                srcs.push((o.field, ty));
            }
        }
    }
    for (i, (f, ty)) in srcs.iter().enumerate() {
        sets.push((format!("{base}.fld[{i}]"), vfield(*f).unwrap_or("VF_NONE").to_string()));
        sets.push((format!("{base}.ty[{i}]"), (*ty).to_string()));
    }
    for o in d.operands.iter().filter(|o| matches!(o.role, Role::Dst | Role::Modify)) {
        match (o.field, o.kind) {
            (Field::Vdst | Field::Vdstx | Field::Vdsty, Kind::Reg(t)) => {
                sets.push((format!("{base}.dty"), opnd_type(t).to_string()));
            }
            (Field::Vdst, Kind::RegRule("sgpr")) => sets.push((format!("{base}.dty"), "OT_SGPR".to_string())),
            (Field::Vdst, Kind::RegRule("mask")) => {
                sets.push((format!("{base}.mask_vdst"), "1'b1".to_string()))
            }
            (Field::Sdst, Kind::RegRule("mask")) => {
                sets.push((format!("{base}.mask_sdst"), "1'b1".to_string()))
            }
            _ => {}
        }
    }
    let flag = |sets: &mut Vec<(String, String)>, k: &str, on: bool| {
        if on {
            sets.push((format!("{base}.{k}"), "1'b1".to_string()));
        }
    };
    flag(&mut sets, "rd_vcc", d.reads.contains(Implicit::VCC));
    flag(&mut sets, "mask_vcc", d.writes.contains(Implicit::VCC));
    flag(&mut sets, "mask_exec", d.writes.contains(Implicit::EXEC));
    flag(&mut sets, "rd_m0", d.reads.contains(Implicit::M0));
    // A WMMA row runs as a sequence of its DOT row (cu_top): that row's unit and timing.
    let e = wmma_step(d).unwrap_or(d);
    flag(&mut sets, "fpu", is_float(e));
    flag(&mut sets, "trans", e.unit == Unit::Trans);
    flag(&mut sets, "f64", is_f64(e));
    flag(&mut sets, "twice", twice(e));
    if passes(e) > 1 {
        sets.push((format!("{base}.fpasses"), format!("2'd{}", passes(e) - 1)));
    }
    // WMMA: the dwords of A's row (its source's width) less one, and the accumulator's type
    // (its DOT step's C, whose inline constants C takes).
    if let Some(step) = wmma_step(d) {
        flag(&mut sets, "wmma", true);
        let ty = |r: &InstDef, f: Field| {
            r.operand(f)
                .and_then(|o| o.ty())
                .unwrap_or_else(|| panic!("{}: no register {f:?} in the table", r.name))
        };
        sets.push((format!("{base}.wlast"), format!("3'd{}", ty(d, Field::Src0).dwords() - 1)));
        sets.push((format!("{base}.wcty"), opnd_type(ty(step, Field::Src2)).to_string()));
    }
    // VINTERP: the quad's lanes its sources come from (p10: S0 from lane 1, S2 from lane 0;
    // p2: S0 from lane 2), and the forms that round toward zero.
    if d.format().name == "VINTERP" {
        flag(&mut sets, "interp", true);
        flag(&mut sets, "ip10", d.name.contains("_p10_"));
        flag(&mut sets, "rtz", d.name.contains("_rtz_"));
    }
    sets
}

/// The DOT row a WMMA row is a sequence of (sim/src/golden/valu/wmma.rs: one per dword of
/// A's row and B's column), or None for any other row.
pub fn wmma_step(d: &InstDef) -> Option<&'static InstDef> {
    let step = match d.mnemonic {
        Mnemonic::v_wmma_f32_16x16x16_f16 => "v_dot2_f32_f16",
        Mnemonic::v_wmma_f32_16x16x16_bf16 => "v_dot2_f32_bf16",
        Mnemonic::v_wmma_f16_16x16x16_f16 => "v_dot2_f16_f16",
        Mnemonic::v_wmma_bf16_16x16x16_bf16 => "v_dot2_bf16_bf16",
        Mnemonic::v_wmma_i32_16x16x16_iu8 => "v_dot4_i32_iu8",
        Mnemonic::v_wmma_i32_16x16x16_iu4 => "v_dot8_i32_iu4",
        _ => return None,
    };
    table().by_name(step)
}

/// Whether a row runs in the floating-point units: one of its register operands is a float.
/// Their results come later than the integer lanes' (the units are pipelined).
pub fn is_float(d: &InstDef) -> bool {
    d.operands
        .iter()
        .any(|o| matches!(o.kind, Kind::Reg(Ty::F16 | Ty::BF16 | Ty::V2F16 | Ty::V2BF16 | Ty::F32 | Ty::F64)))
}

/// Whether a row runs two passes of the F64 unit's recurrence: v_rsq_f64, a square root
/// rounded to nearest, then its reciprocal (the golden model's two roundings).
pub fn twice(d: &InstDef) -> bool {
    matches!(d.mnemonic, Mnemonic::v_rsq_f64)
}

/// The passes a row makes through the lanes' F32 FMA (cu_fp32), one result rounded in each,
/// as the golden model rounds in turn: two for `v_dot2acc_f32_f16` (D + S0.lo * S1.lo, then
/// that + S0.hi * S1.hi; an F16 product is exact in F32), four for `v_dot2_f32_bf16` (whose
/// BF16 products round too: it multiplies twice and adds twice), one for any other row.
/// (`v_dual_dot2acc_f32_bf16` is illegal: LLVM cannot encode it for gfx1100.)
pub fn passes(d: &InstDef) -> u32 {
    match d.mnemonic {
        Mnemonic::v_dot2acc_f32_f16 | Mnemonic::v_dual_dot2acc_f32_f16 => 2,
        Mnemonic::v_dot2_f32_bf16 => 4,
        _ => 1,
    }
}

/// Whether a row runs in the F64 unit (cu_fp64, one for the compute unit, a lane a cycle): a
/// float row with an F64 register operand. Its results come a cycle per lane later.
pub fn is_f64(d: &InstDef) -> bool {
    d.operands.iter().any(|o| matches!(o.kind, Kind::Reg(Ty::F64)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_valu_row_has_at_most_three_sources_the_bundle_can_name() {
        // A destination that is also read (v_fmac) takes a slot left free; v_fma_mix* read
        // theirs only to keep its other half, which the writes' half enables do.
        for d in table().insts.iter().filter(|d| is_valu(d)) {
            let n =
                d.operands.iter().filter(|o| o.role == Role::Src && !matches!(o.kind, Kind::Imm(_))).count();
            assert!(n <= 3, "{} has {n} register sources", d.name);
            for o in d.operands.iter().filter(|o| o.role == Role::Src && !matches!(o.kind, Kind::Imm(_))) {
                assert!(vfield(o.field).is_some(), "{}: source field {:?} has no vfield_e", d.name, o.field);
            }
        }
    }
}
