//! Text of the LDS and GDS format (DS), as LLVM 19 prints it:
//! `ds_add_rtn_u32 v4, v1, v2 offset:16 gds`, `ds_load_2addr_b32 v[4:5], v1 offset0:5 offset1:6`,
//! `ds_swizzle_b32 v4, v1 offset:swizzle(QUAD_PERM,0,1,2,3)`.

use crate::operand;
use crate::{Field, ImmKind, Inst, Kind};

/// A VGPR or VGPR tuple operand. A tuple that runs past v255 is no valid instruction for
/// LLVM; it prints with a comment (and so never reads back as an instruction).
pub(super) fn vgpr(n: u32, dwords: u32) -> String {
    if n + dwords > 256 {
        return format!("{}/*invalid: past v255*/", operand::vgpr_name(n, dwords));
    }
    operand::vgpr_name(n, dwords)
}

pub(super) fn format(inst: &Inst) -> String {
    let def = inst.def();
    let mut out = def.name.clone();
    let mut sep = " ";
    for op in &def.operands {
        let v = inst.field(op.field);
        match op.kind {
            Kind::Reg(ty) => {
                out.push_str(sep);
                out.push_str(&vgpr(v, ty.dwords()));
                sep = ", ";
            }
            Kind::RegRule(r) => {
                out.push_str(sep);
                out.push_str(&format!("@{r}"));
                sep = ", ";
            }
            Kind::Imm(ImmKind::Other(kind)) => {
                let offset16 = inst.field(Field::Offset0) | inst.field(Field::Offset1) << 8;
                match (kind, op.field) {
                    ("offset", Field::Offset0) if offset16 != 0 => {
                        out.push_str(&format!(" offset:{offset16}"));
                    }
                    ("swizzle", Field::Offset0) if offset16 != 0 => {
                        out.push_str(" offset:");
                        out.push_str(&swizzle(offset16));
                    }
                    ("offset0" | "offset1", _) if v != 0 => out.push_str(&format!(" {kind}:{v}")),
                    ("gds" | "gds_only", _) if v != 0 => out.push_str(" gds"),
                    // LLVM decodes no instruction from a GDS-only opcode without GDS.
                    ("gds_only", _) => out.push_str(" /*invalid: gds clear*/"),
                    _ => {}
                }
            }
            Kind::Imm(_) => {}
        }
    }
    out
}

/// The names of ds_swizzle_b32's modes (LLVM's `Swizzle::IdSymbolic`).
const QUAD_PERM: &str = "QUAD_PERM";
const BITMASK_PERM: &str = "BITMASK_PERM";
const BROADCAST: &str = "BROADCAST";
const SWAP: &str = "SWAP";
const REVERSE: &str = "REVERSE";

/// ds_swizzle_b32's OFFSET as LLVM prints it (AMDGPUInstPrinter::printSwizzle): a quad
/// permutation when OFFSET[15:8] = 0x80; with OFFSET[15] clear, a bitmask permutation of
/// lane ids (and mask OFFSET[4:0], or mask [9:5], xor mask [14:10]), named SWAP, REVERSE or
/// BROADCAST when it is one of those; otherwise the number.
fn swizzle(imm: u32) -> String {
    if imm & 0xff00 == 0x8000 {
        let lanes: Vec<String> = (0..4).map(|i| ((imm >> (2 * i)) & 3).to_string()).collect();
        return format!("swizzle({QUAD_PERM},{})", lanes.join(","));
    }
    if imm & 0x8000 != 0 {
        return imm.to_string();
    }
    let and = imm & 0x1f;
    let or = (imm >> 5) & 0x1f;
    let xor = (imm >> 10) & 0x1f;
    if and == 0x1f && or == 0 && xor.count_ones() == 1 {
        return format!("swizzle({SWAP},{xor})");
    }
    if and == 0x1f && or == 0 && xor > 0 && (xor + 1).is_power_of_two() {
        return format!("swizzle({REVERSE},{})", xor + 1);
    }
    let group = 0x1f - and + 1;
    if group > 1 && group.is_power_of_two() && or < group && xor == 0 {
        return format!("swizzle({BROADCAST},{group},{or})");
    }
    // Each lane-id bit: 0 or 1 (forced), p (kept), i (inverted).
    let probe0 = or ^ xor;
    let probe1 = (and | or) ^ xor;
    let mask: String = (0..5)
        .rev()
        .map(|b| match ((probe0 >> b) & 1, (probe1 >> b) & 1) {
            (0, 0) => '0',
            (1, 1) => '1',
            (0, _) => 'p',
            _ => 'i',
        })
        .collect();
    format!("swizzle({BITMASK_PERM},\"{mask}\")")
}

#[cfg(test)]
mod tests {
    use super::swizzle;
    use crate::disasm::tests::text;

    #[test]
    fn operands_and_offsets_print_as_llvm_does() {
        // Bytes and text from llvm-mc-19 -disassemble -mcpu=gfx1100.
        assert_eq!(text(&[0xd8b0_0605, 0x0403_0201]), "ds_mskor_rtn_b32 v4, v1, v2, v3 offset:1541");
        assert_eq!(
            text(&[0xd9b8_0605, 0x0403_0201]),
            "ds_storexchg_2addr_rtn_b64 v[4:7], v1, v[2:3], v[3:4] offset0:5 offset1:6"
        );
        assert_eq!(text(&[0xd802_0000, 0x0000_0201]), "ds_add_u32 v1, v2 gds");
        assert_eq!(text(&[0xd8fa_0004, 0x0100_0000]), "ds_append v1 offset:4 gds");
        assert_eq!(text(&[0xd850_0000, 0]), "ds_nop");
        assert_eq!(text(&[0xdab4_0008, 0x0403_0201]), "ds_bvh_stack_rtn_b32 v4, v1, v2, v[3:6] offset:8");
        assert_eq!(text(&[0xd9ea_0008, 0x0400_0200]), "ds_add_gs_reg_rtn v[4:5], v2 offset:8 gds");
        assert_eq!(text(&[0xdac0_0000, 0x0000_0100]), "ds_store_addtid_b32 v1");
        assert_eq!(
            text(&[0xd9e8_0008, 0x0400_0200]),
            "ds_add_gs_reg_rtn v[4:5], v2 offset:8 /*invalid: gds clear*/"
        );
    }

    #[test]
    fn swizzle_patterns_are_named_as_llvm_names_them() {
        assert_eq!(swizzle(0x0605), "swizzle(BITMASK_PERM,\"10p0i\")");
        assert_eq!(swizzle(0x80e4), "swizzle(QUAD_PERM,0,1,2,3)");
        assert_eq!(swizzle(0x00f8), "swizzle(BROADCAST,8,7)");
        assert_eq!(swizzle(0x401f), "swizzle(SWAP,16)");
        assert_eq!(swizzle(0x041f), "swizzle(SWAP,1)");
        assert_eq!(swizzle(0x7c1f), "swizzle(REVERSE,32)");
        assert_eq!(swizzle(0x7fff), "swizzle(BITMASK_PERM,\"00000\")");
        assert_eq!(swizzle(0x81ff), "33279");
        assert_eq!(swizzle(0xffff), "65535");
    }
}
