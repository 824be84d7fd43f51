//! Text of the image format (MIMG, with its NSA address dword), as LLVM 19 prints it for
//! gfx1100: `image_sample v[0:3], v[4:5], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_2D`,
//! `image_load v0, [v4, v5], s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_2D a16 tfe d16`,
//! `image_bvh_intersect_ray v[4:7], [v9, v10, v[11:13], v[14:16]], s[4:7] a16`.
//!
//! The widths of the data and address operands come from `shape.rs` (DMASK, D16, TFE, DIM, A16
//! and the row's rules, with LLVM's fall-backs); the modifiers print in the row's order, which
//! is LLVM's. LLVM's sampler instructions with an NSA address print two spaces after the
//! mnemonic (their assembly string starts with one).

pub(crate) mod shape;

use super::flat::{Text, modifier, sreg_tuple, vgpr_name};
use crate::{Field, ImmKind, Inst, Kind};
use shape::{DIMS, Fields, Vaddr, shape};

/// The text LLVM's instruction printer gives for a MIMG instruction.
pub(super) fn format(inst: &Inst) -> String {
    let def = inst.def();
    let Some(s) = shape(def) else {
        // Every MIMG row has a shape (a test checks it); this is a defect of the table.
        return format!("{} /*no image shape in the table*/", def.name);
    };
    let f = Fields::of(inst);
    let layout = s.layout(&f);
    let mnemonic = if s.sampler && f.nsa { format!("{} ", def.name) } else { def.name.clone() };
    let mut out = Text::with_mnemonic(mnemonic);
    out.reg(vgpr_name(f.vdata, layout.data));
    out.reg(match &layout.vaddr {
        Vaddr::Tuple(n) => vgpr_name(f.addr[0], *n),
        Vaddr::List(widths) => {
            let regs: Vec<String> = widths.iter().zip(f.addr).map(|(w, r)| vgpr_name(r, *w)).collect();
            format!("[{}]", regs.join(", "))
        }
    });
    out.reg(sreg_tuple(inst.field(Field::Srsrc) * 4, s.rsrc_dwords));
    if s.sampler {
        out.reg(sreg_tuple(inst.field(Field::Ssamp) * 4, 4));
    }
    for op in def.operands.iter().filter(|o| o.field != Field::Vdata) {
        let v = inst.field(op.field);
        match op.kind {
            Kind::Imm(ImmKind::Other("dmask")) if v != 0 => out.modifier(format!("dmask:{v:#x}")),
            Kind::Imm(ImmKind::Other("dim")) => {
                let name = DIMS.get(v as usize).map_or("?", |d| d.0);
                out.modifier(format!("dim:SQ_RSRC_IMG_{name}"));
            }
            Kind::Imm(kind) => modifier(&mut out, op, kind, v),
            Kind::Reg(_) | Kind::RegRule(_) => {}
        }
    }
    out.finish()
}

/// The VGPR tuples of a MIMG instruction (the field holding the first register, the first
/// register, dwords): the data, then the address (one tuple, or NSA's list), as wide as the
/// shape's layout makes them (and gather4's data as LLVM first decodes it).
pub(crate) fn vgpr_tuple_fields(inst: &Inst) -> Vec<(Field, u32, u32)> {
    let Some(s) = shape(inst.def()) else { return Vec::new() };
    let f = Fields::of(inst);
    let layout = s.layout(&f);
    let mut out = vec![(Field::Vdata, f.vdata, layout.data)];
    // LLVM decodes gather4's VDATA as four dwords before D16 narrows it: that tuple must fit.
    if s.data == shape::Data::Gather4 {
        out.push((Field::Vdata, f.vdata, 4));
    }
    let fields = [Field::Vaddr, Field::Addr1, Field::Addr2, Field::Addr3, Field::Addr4];
    match &layout.vaddr {
        Vaddr::Tuple(n) => out.push((Field::Vaddr, f.addr[0], *n)),
        Vaddr::List(widths) => {
            out.extend(fields.iter().zip(f.addr).zip(widths).map(|((fd, r), w)| (*fd, r, *w)))
        }
    }
    out
}

/// The constants of an image row that decide its VGPR tuples, for the RTL decoder
/// ([`crate::legal::ImageRule`]).
pub(crate) fn image_rule(def: &crate::InstDef) -> Option<crate::legal::ImageRule> {
    use crate::legal::ImageRule;
    let s = shape(def)?;
    if let shape::Addr::Bvh { node64 } = s.addr {
        return Some(ImageRule::Bvh {
            data: s.default_data(),
            node64,
            addr_dwords: [s.addr_dwords(0, false), s.addr_dwords(0, true)],
        });
    }
    let mask = |f: &dyn Fn(u32) -> bool| (0..32).filter(|n| f(*n)).fold(0u32, |m, n| m | 1 << n);
    Some(ImageRule::Image {
        addr_dwords: std::array::from_fn(|i| s.addr_dwords(i as u32 / 2, i % 2 == 1)),
        tuple_variants: mask(&|n| s.tuple_variant(n)),
        nsa_variants: mask(&|n| s.nsa_variant(n)),
        data_widths: std::array::from_fn(|n| s.data_width(n as u32).unwrap_or(0)),
        fixed: if let shape::Data::Fixed(n) = s.data { n } else { 0 },
        base4: matches!(s.data, shape::Data::Gather4 | shape::Data::Msaa),
        d16: s.d16,
        gather4: s.data == shape::Data::Gather4,
        data0: s.default_data(),
        addr0_tuple: s.tuple_default(),
        addr0_nsa: s.nsa_default(),
    })
}

#[cfg(test)]
mod tests {
    use crate::disasm::tests::text;

    #[test]
    fn prints_like_llvm() {
        // Expected text from llvm-mc-19 -mcpu=gfx1100 -disassemble.
        assert_eq!(
            text(&[0xf000_0f04, 0x0002_0004]),
            "image_load v[0:3], v[4:5], s[8:15] dmask:0xf dim:SQ_RSRC_IMG_2D"
        );
        assert_eq!(
            text(&[0xf000_ff88, 0x0042_0004]),
            "image_load v[0:3], v[4:6], s[8:15] dmask:0xf dim:SQ_RSRC_IMG_3D unorm glc slc dlc r128 lwe"
        );
        assert_eq!(
            text(&[0xf003_f180, 0x0062_0004]),
            "image_load v[0:1], v4, s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_1D unorm glc slc dlc r128 a16 tfe lwe d16"
        );
        // DMASK 0 is not printed and reads as one dword.
        assert_eq!(text(&[0xf000_0000, 0x0002_0004]), "image_load v0, v4, s[8:15] dim:SQ_RSRC_IMG_1D");
        assert_eq!(
            text(&[0xf06c_0f04, 0x1002_0004]),
            "image_sample v[0:3], v[4:5], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_2D"
        );
        assert_eq!(
            text(&[0xf02c_4f04, 0x0002_0400]),
            "image_atomic_cmpswap v[4:7], v[0:1], s[8:15] dmask:0xf dim:SQ_RSRC_IMG_2D glc"
        );
        assert_eq!(
            text(&[0xf060_0118, 0x0002_0004]),
            "image_msaa_load v[0:3], v[4:6], s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_2D_MSAA"
        );
        assert_eq!(
            text(&[0xf240_0104, 0x1002_0004]),
            "image_gather4h v[0:3], v[4:5], s[8:15], s[16:19] dmask:0x1 dim:SQ_RSRC_IMG_2D"
        );
    }

    #[test]
    fn nsa_addresses() {
        assert_eq!(
            text(&[0xf000_0f09, 0x0002_0004, 0x0000_0605]),
            "image_load v[0:3], [v4, v5, v6], s[8:15] dmask:0xf dim:SQ_RSRC_IMG_3D"
        );
        // Samplers print two spaces after the mnemonic; the fifth address takes the rest.
        assert_eq!(
            text(&[0xf070_0f09, 0x1002_0004, 0x0807_0605]),
            "image_sample_d  v[0:3], [v4, v5, v6, v7, v[8:12]], s[8:15], s[16:19] dmask:0xf dim:SQ_RSRC_IMG_3D"
        );
        assert_eq!(
            text(&[0xf068_8f81, 0x0001_0409, 0x120f_0c0b]),
            "image_bvh64_intersect_ray v[4:7], [v[9:10], v11, v[12:14], v[15:17], v[18:20]], s[4:7]"
        );
        assert_eq!(
            text(&[0xf065_8f81, 0x0001_0409, 0x000e_0b0a]),
            "image_bvh_intersect_ray v[4:7], [v9, v10, v[11:13], v[14:16]], s[4:7] a16"
        );
    }

    #[test]
    fn shapes_llvm_cannot_widen_stay_as_decoded() {
        // One address with NSA: LLVM keeps its four-address list.
        assert_eq!(
            text(&[0xf000_0101, 0x0002_0004, 0x1413_1211]),
            "image_load v0, [v4, v17, v18, v19], s[8:15] dmask:0x1 dim:SQ_RSRC_IMG_1D"
        );
        // Four data dwords from v254 do not fit: data and address stay single VGPRs.
        assert_eq!(
            text(&[0xf000_0f04, 0x0002_fe04]),
            "image_load v254, v4, s[8:15] dmask:0xf dim:SQ_RSRC_IMG_2D"
        );
        // gather4 with D16 and TFE: LLVM has no three-dword variant.
        assert_eq!(
            text(&[0xf0be_0104, 0x1022_0004]),
            "image_gather4 v[0:3], v4, s[8:15], s[16:19] dmask:0x1 dim:SQ_RSRC_IMG_2D tfe d16"
        );
    }
}

#[cfg(test)]
mod shape_tests {
    use super::shape::*;
    use crate::table;

    fn row(name: &str) -> Shape {
        shape(table().by_name(name).expect("row")).expect("image row")
    }

    #[test]
    fn every_image_row_has_a_shape() {
        for d in table().insts.iter().filter(|d| d.format().name == "MIMG") {
            assert!(shape(d).is_some(), "{}", d.name);
        }
    }

    #[test]
    fn address_dwords_follow_llvm() {
        // Values from llvm-mc-19's disassembly (dims 1D..2D_MSAA_ARRAY).
        let dims = |name: &str, a16: bool| (0..8).map(|d| row(name).addr_dwords(d, a16)).collect::<Vec<_>>();
        assert_eq!(dims("image_sample_d", false), [3, 6, 9, 7, 4, 7, 7, 8]);
        assert_eq!(dims("image_sample_d", true), [3, 5, 8, 6, 3, 6, 6, 6]);
        assert_eq!(dims("image_sample_d_g16", false), [3, 4, 7, 5, 4, 5, 5, 6]);
        assert_eq!(dims("image_sample_c_d_cl_o", false), [6, 9, 12, 10, 7, 10, 10, 11]);
        assert_eq!(dims("image_load_mip", true), [1, 2, 2, 2, 2, 2, 2, 3]);
        assert_eq!(dims("image_get_resinfo", false), [1; 8]);
        assert_eq!(row("image_bvh64_intersect_ray").addr_dwords(0, true), 9);
    }

    #[test]
    fn variants_are_llvms() {
        let sample = row("image_sample");
        assert_eq!((1..=9).filter(|n| sample.tuple_variant(*n)).collect::<Vec<_>>(), [1, 2, 3, 4]);
        assert_eq!(sample.nsa_default(), 3);
        let c_lz_o = row("image_sample_c_lz_o");
        assert_eq!((1..=9).filter(|n| c_lz_o.tuple_variant(*n)).collect::<Vec<_>>(), [3, 4, 5, 8]);
        assert_eq!(c_lz_o.nsa_default(), 5);
        assert_eq!(row("image_load").nsa_default(), 4);
        assert_eq!(row("image_sample_d").tuple_default(), 2);
        assert_eq!((row("image_gather4").data_width(5), row("image_gather4").data_width(3)), (Some(5), None));
        // LLVM 19 prints a 32-bit atomic's four data dwords as five VGPRs.
        assert_eq!(row("image_atomic_add").data_width(4), Some(5));
        assert_eq!(row("image_atomic_cmpswap").data_width(1), None);
        assert!(row("image_atomic_cmpswap").asm_data(3) && !row("image_atomic_add").asm_data(4));
    }

    #[test]
    fn layouts_fall_back_as_llvm_does() {
        let load = row("image_load");
        let f = Fields { dmask: 0xf, dim: 1, vdata: 10, addr: [4, 17, 18, 19, 20], ..Fields::default() };
        assert_eq!(load.layout(&f), Layout { data: 4, vaddr: Vaddr::Tuple(2) });
        // The data tuple would run past v255: both operands keep their decoded shapes.
        let past = Fields { vdata: 254, ..f };
        assert_eq!(load.layout(&past), Layout { data: 1, vaddr: Vaddr::Tuple(1) });
        // One address with NSA: no such variant, the four-address list stays.
        let nsa_1d = Fields { nsa: true, dim: 0, ..f };
        assert_eq!(load.layout(&nsa_1d), Layout { data: 1, vaddr: Vaddr::List(vec![1; 4]) });
        // Partial NSA: the fifth address takes the rest.
        let d = row("image_sample_d");
        let nsa_3d = Fields { nsa: true, dim: 2, ..f };
        assert_eq!(d.layout(&nsa_3d), Layout { data: 4, vaddr: Vaddr::List(vec![1, 1, 1, 1, 5]) });
        let bvh = row("image_bvh_intersect_ray");
        let a16 = Fields { nsa: true, a16: true, ..f };
        assert_eq!(bvh.layout(&a16), Layout { data: 4, vaddr: Vaddr::List(vec![1, 1, 3, 3]) });
    }
}
