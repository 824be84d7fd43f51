//! Random vector programs for property-based co-simulation: every vector row both models
//! execute, the DS rows both execute (loads, stores and atomics; ADDR set up to stay mostly
//! inside the allocation, or lane strides for bank conflicts and for atomics that lanes share
//! a dword of), with every kind of operand the row's fields allow (VGPRs and their 16-bit halves,
//! SGPRs, VCC, M0, EXEC, NULL, inline integers and floats, literals, SCC), OPSEL and CLAMP,
//! DPP16 and DPP8 where the row has them, VOPD pairs that keep the bank rules, and changes
//! of EXEC (to zero and to partial masks), mixed with the scalar generator's items (branches,
//! loops, calls, and scalar instructions that change the registers the vector ones read).
//!
//! The programs keep to what LLVM accepts: at most two scalar values on the constant bus (one
//! for the 64-bit shifts), one literal, SGPR pairs even, the lane selects of lane reads and
//! permutes scalar, no literal in the one-dword DPP forms (a VOP3 or VOP3P DPP form with a
//! literal is four dwords, which LLVM decodes). VGPRs come from v0..v23, so that instructions
//! depend on each other and share banks; M0-relative moves reach the rest. Scalar destinations
//! avoid s96..s105, which the scalar generator keeps for loop counters and return addresses.

use proptest::prelude::*;
use rdna3_isa::operand::{self, APERTURES, EXEC_LO, LITERAL, M0, NULL, SCC, VCC_LO};
use rdna3_isa::{Field, ImmKind, Inst, InstDef, Kind, Role, table};

use crate::scalar_programs::{Item, Program, items_with, plain_ops};

/// VGPRs the generator names directly.
pub const NV: u32 = 24;

/// The vector rows both models execute, but VOPD's halves (see [`vopd`]).
pub fn vector_ops() -> Vec<&'static InstDef> {
    let files = hdl_gen::sv::generate(&hdl_gen::sv::Config::default()).expect("generating the RTL");
    let rtl = hdl_gen::sv::rtl_ops(&files);
    table()
        .insts
        .iter()
        .filter(|d| hdl_gen::sv::valu::is_valu(d) && !d.format().name.starts_with("VOPD"))
        .filter(|d| hdl_gen::sv::rtl_implements(d, &rtl) && sim::golden::implemented(d))
        .collect()
}

/// VOPD's X and Y rows both models execute.
pub fn vopd_ops() -> (Vec<&'static InstDef>, Vec<&'static InstDef>) {
    let files = hdl_gen::sv::generate(&hdl_gen::sv::Config::default()).expect("generating the RTL");
    let rtl = hdl_gen::sv::rtl_ops(&files);
    let half = |f: &str| -> Vec<&'static InstDef> {
        table()
            .insts
            .iter()
            .filter(|d| d.format().name == f)
            .filter(|d| hdl_gen::sv::rtl_implements(d, &rtl) && sim::golden::implemented(d))
            .collect()
    };
    (half("VOPD_X"), half("VOPD_Y"))
}

/// The DS rows both models execute (loads and stores of every width, d16 halves, the addtid
/// forms, the two-address forms, ds_nop, the integer atomics with and without return,
/// condxchg, append and consume, swizzle and the permutes).
pub fn ds_ops() -> Vec<&'static InstDef> {
    let files = hdl_gen::sv::generate(&hdl_gen::sv::Config::default()).expect("generating the RTL");
    let rtl = hdl_gen::sv::rtl_ops(&files);
    table()
        .insts
        .iter()
        .filter(|d| hdl_gen::sv::ds_executes(d))
        .filter(|d| hdl_gen::sv::rtl_implements(d, &rtl) && sim::golden::implemented(d))
        .collect()
}

/// A source operand choice.
#[derive(Clone, Copy, Debug)]
enum VSrc {
    /// A VGPR and, for a 16-bit operand of a 32-bit encoding, its high half.
    Vgpr(u8, bool),
    Sgpr(u8),
    Special(u8),
    Int(i8),
    Float(u8),
    Literal(u32),
    Scc,
}

/// The operand kinds of a 9-bit source field; `scalar_only` for lane selects.
fn src9(wide: bool, scalar_only: bool) -> BoxedStrategy<VSrc> {
    let sgpr = if wide {
        (0u8..53).prop_map(|p| VSrc::Sgpr(2 * p)).boxed()
    } else {
        (0u8..106).prop_map(VSrc::Sgpr).boxed()
    };
    let specials =
        vec![VCC_LO as u8, VCC_LO as u8 + 1, M0 as u8, EXEC_LO as u8, EXEC_LO as u8 + 1, NULL as u8, 110];
    let vgpr_weight = if scalar_only { 0 } else { 8 };
    prop_oneof![
        vgpr_weight => (0u8..NV as u8, any::<bool>()).prop_map(|(r, hi)| VSrc::Vgpr(r, hi)),
        3 => sgpr,
        1 => prop::sample::select(specials).prop_map(VSrc::Special),
        2 => (-16i8..=64).prop_map(VSrc::Int),
        1 => (0u8..operand::FLOAT_CONSTS.len() as u8).prop_map(VSrc::Float),
        1 => any::<u32>().prop_map(VSrc::Literal),
        1 => Just(VSrc::Scc),
    ]
    .boxed()
}

/// A scalar destination: SGPRs below the reserved ones, VCC, NULL, M0, EXEC_LO, a TTMP.
fn sdst() -> BoxedStrategy<u32> {
    prop_oneof![
        8 => 0u32..96,
        3 => Just(VCC_LO),
        1 => prop::sample::select(vec![NULL, M0, EXEC_LO, 112]),
    ]
    .boxed()
}

/// DPP16 controls that name a lane pattern (guide 7.7.1).
fn dpp16_ctrl() -> BoxedStrategy<u32> {
    prop_oneof![
        4 => 0u32..0x100,
        1 => 0x101u32..0x110,
        1 => 0x111u32..0x120,
        1 => 0x121u32..0x130,
        1 => prop::sample::select(vec![0x140u32, 0x141]),
        1 => 0x150u32..0x160,
        1 => 0x160u32..0x170,
    ]
    .boxed()
}

/// How an instruction's DPP extension is chosen.
#[derive(Clone, Copy, Debug)]
enum DppChoice {
    None,
    /// ctrl, row mask, bank mask, bound_ctrl, fi
    Dpp16(u32, u32, u32, bool, bool),
    /// selects, fi
    Dpp8(u32, bool),
}

fn dpp_choice() -> BoxedStrategy<DppChoice> {
    let mask = prop_oneof![3 => Just(0xfu32), 1 => 0u32..16];
    prop_oneof![
        5 => Just(DppChoice::None),
        2 => (dpp16_ctrl(), mask.clone(), mask, any::<bool>(), any::<bool>())
            .prop_map(|(c, r, b, bc, fi)| DppChoice::Dpp16(c, r, b, bc, fi)),
        1 => (0u32..1 << 24, any::<bool>()).prop_map(|(s, fi)| DppChoice::Dpp8(s, fi)),
    ]
    .boxed()
}

/// The value of an immediate field of kind `k` (named in the table): the bits the row's
/// field may hold, random where they matter.
fn imm(d: &InstDef, k: ImmKind) -> BoxedStrategy<u32> {
    let cndmask = d.name.starts_with("v_cndmask");
    // Source modifiers in a quarter of the instructions that take them (each makes a source
    // another value; set everywhere, they would hide the plain operands).
    let some = |all: BoxedStrategy<u32>| prop_oneof![3 => Just(0u32), 1 => all].boxed();
    let float = d.operands.iter().any(|o| o.ty().is_some_and(|t| t.is_float()));
    match k {
        ImmKind::Other("clamp") => (0u32..2).boxed(),
        ImmKind::Other("omod") => some((0u32..4).boxed()),
        // v_cndmask takes ABS and NEG on its two data sources (guide 16.7).
        ImmKind::Other("abs_aax" | "neg_nnx") if cndmask => (0u32..4).boxed(),
        // ABS and NEG of the sources that take them (a letter per source: `a` ABS, `n` NEG,
        // `s` SEXT of an integer source, `x` none).
        ImmKind::Other(name)
            if name.starts_with("abs_") || name.starts_with("neg_n") || name.starts_with("neg_s") =>
        {
            let mask =
                name[4..].chars().enumerate().filter(|(_, c)| *c != 'x').fold(0, |m, (i, _)| m | 1 << i);
            some((0u32..8).prop_map(move |v| v & mask).boxed())
        }
        // WMMA's NEG and NEG_HI (its operands are typed as raw tuples): the negated halves of A
        // and B and NEG and ABS of C on the float forms, the signedness of A and B on the IU
        // forms (NEG_HI and NEG[2] unused there); in every instruction, for the IU forms' sake.
        ImmKind::Other("neg_lo" | "neg_hi") if d.name.starts_with("v_wmma_") => (0u32..8).boxed(),
        // VOP3P's NEG and NEG_HI on packed float halves; VINTERP's NEG.
        ImmKind::Other("neg_lo" | "neg_hi") if float => some((0u32..8).boxed()),
        ImmKind::Other("neg") => some((0u32..8).boxed()),
        // VINTERP: the halves of its F16 sources and destination; the wait (no exports).
        ImmKind::Other("op_sel") => (0u32..16).boxed(),
        ImmKind::Other("wait_exp") => (0u32..8).boxed(),
        ImmKind::Other("fixed_exec_lo") => Just(EXEC_LO).boxed(),
        ImmKind::Other("opsel_fake16") | ImmKind::Other("opsel_0123") => (0u32..16).boxed(),
        ImmKind::Other("opsel_hi") => (0u32..4).boxed(),
        ImmKind::Other(name) if name.starts_with("opsel_") => {
            // One letter per entry: the OPSEL bit it stands for, x for none.
            let mask =
                name["opsel_".len()..].chars().filter_map(|c| c.to_digit(10)).fold(0, |m, b| m | 1 << b);
            (0u32..16).prop_map(move |v| v & mask).boxed()
        }
        _ => Just(0).boxed(),
    }
}

/// One operand's choice.
#[derive(Clone, Copy, Debug)]
enum Choice {
    Src(VSrc),
    /// A VGPR destination (register, high half).
    Vdst(u8, bool),
    Sdst(u32),
    Imm(u32),
}

/// Whether source `field` of `d` may only be a scalar (lane selects of lane reads and
/// permutes, the data of v_writelane) or only a VGPR (the source lanes of lane reads and
/// permutes), as LLVM has it.
fn restriction(d: &InstDef, field: Field) -> (bool, bool) {
    let lane_op = matches!(
        d.name.as_str(),
        "v_readlane_b32" | "v_writelane_b32" | "v_permlane16_b32" | "v_permlanex16_b32"
    );
    match field {
        Field::Src0 if d.name == "v_writelane_b32" => (true, false),
        Field::Src0 if lane_op || d.name == "v_readfirstlane_b32" => (false, true),
        Field::Src1 | Field::Src2 if lane_op => (true, false),
        _ => (false, false),
    }
}

fn operand_strategy(d: &'static InstDef, o: &rdna3_isa::Operand) -> BoxedStrategy<Choice> {
    let narrow = matches!(d.format().name.as_str(), "VOP1" | "VOP2" | "VOPC");
    match (o.role, o.kind, o.field) {
        (_, Kind::Imm(k), _) => imm(d, k).prop_map(Choice::Imm).boxed(),
        (Role::Dst | Role::Modify, Kind::Reg(t), Field::Vdst) => {
            let hi = narrow && t.is16();
            let top = NV - t.dwords().min(4) + 1;
            (0u8..top as u8, any::<bool>()).prop_map(move |(r, h)| Choice::Vdst(r, h && hi)).boxed()
        }
        (Role::Dst, Kind::RegRule(_), _) | (Role::Dst, _, Field::Sdst) => sdst().prop_map(Choice::Sdst).boxed(),
        (Role::Modify, _, Field::Src0) => (0u8..NV as u8).prop_map(|r| Choice::Src(VSrc::Vgpr(r, false))).boxed(),
        (Role::Src, Kind::RegRule("mask"), _) => prop_oneof![
            3 => sdst().prop_map(|c| Choice::Src(if c == VCC_LO { VSrc::Special(c as u8) } else { VSrc::Sgpr(c as u8) })),
            1 => Just(Choice::Src(VSrc::Special(VCC_LO as u8))),
        ]
        .boxed(),
        (Role::Src, Kind::Reg(t), Field::Vsrc1) => {
            let hi = narrow && t.is16();
            let top = NV - t.dwords().min(4) + 1;
            (0u8..top as u8, any::<bool>()).prop_map(move |(r, h)| Choice::Src(VSrc::Vgpr(r, h && hi))).boxed()
        }
        // VINTERP reads VGPRs only: one source in 32 is something else, an illegal instruction
        // both models must fault on alike.
        (Role::Src, Kind::Reg(_), _) if d.format().name == "VINTERP" => prop_oneof![
            31 => (0u8..NV as u8).prop_map(|r| Choice::Src(VSrc::Vgpr(r, false))),
            // (VINTERP has no literal dword: 255 would read the next instruction as one.)
            1 => src9(false, true).prop_map(|s| Choice::Src(if matches!(s, VSrc::Literal(_)) { VSrc::Sgpr(1) } else { s })),
        ]
        .boxed(),
        (Role::Src, Kind::Reg(t), _) => {
            let (scalar_only, vgpr_only) = restriction(d, o.field);
            let hi_ok = narrow && t.is16();
            if vgpr_only {
                (0u8..NV as u8).prop_map(|r| Choice::Src(VSrc::Vgpr(r, false))).boxed()
            } else {
                let top = NV - t.dwords().min(4) + 1;
                src9(t.is64(), scalar_only)
                    .prop_map(move |s| {
                        Choice::Src(match s {
                            VSrc::Vgpr(r, h) => VSrc::Vgpr(r % top as u8, h && hi_ok),
                            other => other,
                        })
                    })
                    .boxed()
            }
        }
        _ => Just(Choice::Imm(0)).boxed(),
    }
}

/// The code of a source, setting the instruction's literal.
fn src_code(s: VSrc, narrow16: bool, lit: &mut Option<u32>) -> u32 {
    match s {
        VSrc::Vgpr(r, hi) => 256 + u32::from(r) + if hi && narrow16 { 128 } else { 0 },
        VSrc::Sgpr(r) | VSrc::Special(r) => u32::from(r),
        VSrc::Int(i) => {
            let i = i32::from(i);
            if i >= 0 { 128 + i as u32 } else { (192 - i) as u32 }
        }
        VSrc::Float(k) => 240 + u32::from(k),
        VSrc::Literal(v) => {
            lit.get_or_insert(v);
            LITERAL
        }
        VSrc::Scc => SCC,
    }
}

/// Builds the instruction, keeping to LLVM's rules: the constant bus, one literal, no literal
/// in a VOP1, VOP2 or VOPC DPP form (an offending source becomes a VGPR).
fn build(d: &InstDef, choices: &[Choice], dpp: DppChoice) -> Inst {
    let mut choices = choices.to_vec();
    let has_dpp = d.operands.iter().any(|o| o.kind == Kind::Imm(ImmKind::Other("dpp")));
    let dpp = if has_dpp { dpp } else { DppChoice::None };
    // The constant bus: scalar values, one per distinct register or the literal. Sources
    // that must stay scalar (lane masks, lane selects, fmamk's literal) are counted first;
    // another scalar source past the limit becomes a VGPR, as does DPP's source 0 and a
    // literal in a one-dword DPP form.
    let limit =
        if matches!(d.name.as_str(), "v_lshlrev_b64" | "v_lshrrev_b64" | "v_ashrrev_i64") { 1 } else { 2 };
    let with_dpp = !matches!(dpp, DppChoice::None);
    let fixed = |o: &rdna3_isa::Operand| {
        o.field == Field::Lit
            || matches!(o.kind, Kind::RegRule(_))
            || restriction(d, o.field) == (true, false)
    };
    let key = |s: VSrc| match s {
        VSrc::Literal(_) => Some((true, 0)),
        VSrc::Sgpr(r) | VSrc::Special(r) => Some((false, u32::from(r))),
        VSrc::Scc => Some((false, SCC)),
        _ => None,
    };
    let mut seen: Vec<(bool, u32)> = Vec::new();
    for pass in [true, false] {
        for (o, c) in d.operands.iter().zip(choices.iter_mut()) {
            let Choice::Src(s) = *c else { continue };
            if fixed(o) != pass {
                continue;
            }
            let dpp_src0 = with_dpp && o.field == Field::Src0;
            let k = key(s);
            let over = k.is_some_and(|k| !seen.contains(&k) && seen.len() >= limit);
            let lit_dpp = with_dpp && d.format().dwords == 1 && matches!(s, VSrc::Literal(_));
            if !pass && (dpp_src0 && k.is_some() || over || lit_dpp) {
                *c = Choice::Src(VSrc::Vgpr((k.map_or(0, |k| k.1) % NV) as u8, false));
                continue;
            }
            if let Some(k) = k
                && !seen.contains(&k)
            {
                seen.push(k);
            }
        }
    }
    let mut lit = None;
    let mut fields = Vec::new();
    for (o, c) in d.operands.iter().zip(&choices) {
        let narrow16 =
            matches!(d.format().name.as_str(), "VOP1" | "VOP2" | "VOPC") && o.ty().is_some_and(|t| t.is16());
        let v = match *c {
            Choice::Src(VSrc::Literal(x)) if o.field == Field::Lit => {
                lit = Some(x);
                continue;
            }
            Choice::Src(s) if o.field == Field::Vsrc1 => src_code(s, narrow16, &mut lit) - 256,
            Choice::Src(s) => src_code(s, narrow16, &mut lit),
            Choice::Vdst(r, hi) => u32::from(r) + if hi { 128 } else { 0 },
            Choice::Sdst(c) => c,
            Choice::Imm(v) => v,
        };
        fields.push((o.field, v));
    }
    match dpp {
        DppChoice::None => {}
        DppChoice::Dpp16(ctrl, row, bank, bc, fi) => {
            let src0 = fields.iter().find(|(f, _)| *f == Field::Src0).map_or(256, |(_, v)| *v);
            fields.retain(|(f, _)| *f != Field::Src0);
            fields.extend([
                (Field::Src0, 250),
                (Field::DppSrc0, src0 & 0xff),
                (Field::DppCtrl, ctrl),
                (Field::DppRowMask, row),
                (Field::DppBankMask, bank),
                (Field::DppBc, u32::from(bc)),
                (Field::DppFi, u32::from(fi)),
            ]);
        }
        DppChoice::Dpp8(sel, fi) => {
            let src0 = fields.iter().find(|(f, _)| *f == Field::Src0).map_or(256, |(_, v)| *v);
            fields.retain(|(f, _)| *f != Field::Src0);
            fields.extend([
                (Field::Src0, if fi { 234 } else { 233 }),
                (Field::DppSrc0, src0 & 0xff),
                (Field::Dpp8Sel, sel),
            ]);
        }
    }
    Inst::build(d, &fields, lit)
}

fn inst_strategy(d: &'static InstDef) -> BoxedStrategy<Item> {
    if d.name.starts_with("v_wmma_") {
        return wmma_strategy(d);
    }
    let parts: Vec<BoxedStrategy<Choice>> = d.operands.iter().map(|o| operand_strategy(d, o)).collect();
    (parts, dpp_choice()).prop_map(move |(cs, dpp)| Item::Raw(vec![build(d, &cs, dpp)])).boxed()
}

/// A WMMA row, whose registers must keep its rules (sim/src/golden/valu/wmma.rs) or the
/// instruction faults: A, B and D in different blocks of eight of v0..v23 (A and B take as
/// many dwords as their format needs), and C equal to D, an inline constant, or A's block
/// (allowed while C is not D). One in sixteen keeps the random registers, which mostly break
/// the rules: the fault is checked too.
fn wmma_strategy(d: &'static InstDef) -> BoxedStrategy<Item> {
    let parts: Vec<BoxedStrategy<Choice>> = d.operands.iter().map(|o| operand_strategy(d, o)).collect();
    let blocks =
        prop::sample::select(vec![[0u8, 8, 16], [0, 16, 8], [8, 0, 16], [8, 16, 0], [16, 0, 8], [16, 8, 0]]);
    let c = prop_oneof![
        6 => Just(None),
        1 => (-16i8..=64).prop_map(|i| Some(VSrc::Int(i))),
        1 => (0u8..9).prop_map(|k| Some(VSrc::Float(k))),
        1 => Just(Some(VSrc::Vgpr(u8::MAX, false))),
    ];
    (parts, blocks, c, 0u8..16)
        .prop_map(move |(mut cs, [a, b, dst], c, keep)| {
            if keep != 0 {
                for (o, ch) in d.operands.iter().zip(cs.iter_mut()) {
                    match o.field {
                        Field::Vdst => *ch = Choice::Vdst(dst, false),
                        Field::Src0 => *ch = Choice::Src(VSrc::Vgpr(a, false)),
                        Field::Src1 => *ch = Choice::Src(VSrc::Vgpr(b, false)),
                        Field::Src2 => {
                            *ch = Choice::Src(match c {
                                None => VSrc::Vgpr(dst, false),
                                Some(VSrc::Vgpr(..)) => VSrc::Vgpr(a, false),
                                Some(k) => k,
                            })
                        }
                        _ => {}
                    }
                }
            }
            Item::Raw(vec![build(d, &cs, DppChoice::None)])
        })
        .boxed()
}

/// A VOPD pair: X and Y rows, sources in different banks as the hardware requires, the
/// destinations of opposite parity, at most one scalar source when VCC is read; the literal K
/// of fmaak/fmamk (one for both halves) an F32 of moderate size or any bit pattern.
fn vopd_strategy(xs: Vec<&'static InstDef>, ys: Vec<&'static InstDef>) -> BoxedStrategy<Item> {
    let src = prop_oneof![
        6 => (0u32..NV).prop_map(|r| 256 + r),
        1 => 0u32..96,
        1 => 128u32..209,
        1 => 240u32..249,
    ];
    (
        prop::sample::select(xs),
        prop::sample::select(ys),
        (src.clone(), src, 0u32..NV, 0u32..NV),
        (0u32..NV, 0u32..NV / 2),
        prop_oneof![
            3 => (-40.0f32..40.0).prop_map(f32::to_bits),
            1 => any::<u32>(),
        ],
    )
        .prop_map(|(x, y, (sx0, sy0, vx1, vy1), (dx, dy), k)| {
            let vcc = x.name.contains("cndmask") || y.name.contains("cndmask");
            // Different banks for the two SRC0s and the two VSRC1s.
            let mut sy0 = sy0;
            if sx0 >= 256 && sy0 >= 256 && (sx0 ^ sy0) & 3 == 0 {
                sy0 = 256 + (sy0 - 256 + 1) % NV;
            }
            if sx0 < 256 && sy0 < 256 && (vcc || sx0 != sy0) {
                sy0 = 256 + sy0 % NV;
            }
            let vy1 = if (vx1 ^ vy1) & 3 == 0 { (vy1 + 1) % NV } else { vy1 };
            let has1 = |d: &InstDef| {
                d.operands
                    .iter()
                    .any(|o| matches!(o.field, Field::Vsrcx1 | Field::Vsrcy1) && o.role == Role::Src)
            };
            let fields = [
                (Field::Srcx0, sx0),
                (Field::Vsrcx1, if has1(x) { vx1 } else { 0 }),
                (Field::Vdstx, dx),
                (Field::Srcy0, sy0),
                (Field::Vsrcy1, if has1(y) { vy1 } else { 0 }),
                (Field::Vdsty, dy),
            ];
            Item::Raw(vec![Inst::build_pair(x, Some(y), &fields, Some(k))])
        })
        .boxed()
}

/// A DS access: its ADDR register set first (`v_and_b32` of a random VGPR with a mask that
/// keeps most addresses inside a workgroup's allocation of 32 KiB or more, or the lane number
/// times a stride, for bank-conflict patterns: the same dword, strides of 1 to 128 bytes),
/// then one of `ops` with random registers (v0..v23) and offsets, mostly small.
fn ds_strategy(ops: Vec<&'static InstDef>) -> BoxedStrategy<Item> {
    let addr = prop_oneof![
        4 => (prop::sample::select(vec![0x7ffcu32, 0x3fff, 0x1ff, 0x3c, 0xfc, 0x7fff, 0x0]), 0u32..NV)
            .prop_map(|(m, src)| (0u32, m, src)),
        1 => (0u32..NV).prop_map(|src| (0, 0xffff, src)),
        3 => (0u32..8).prop_map(|shift| (1, shift, 0)),
    ];
    let offset = prop_oneof![4 => Just(0u32), 3 => 0u32..16, 1 => 0u32..256];
    (prop::sample::select(ops), addr, (0u32..NV, 0u32..NV, 0u32..NV - 4, 0u32..NV), (offset.clone(), offset))
        .prop_map(|(d, (how, m, src), (a, d0, vd, d1), (o0, o1))| {
            let and = table().by_name("v_and_b32").expect("v_and_b32");
            let mbcnt = table().by_name("v_mbcnt_lo_u32_b32").expect("v_mbcnt_lo_u32_b32");
            let shl = table().by_name("v_lshlrev_b32").expect("v_lshlrev_b32");
            let mut out = Vec::new();
            if how == 0 {
                out.push(Inst::build(
                    and,
                    &[(Field::Vdst, a), (Field::Src0, LITERAL), (Field::Vsrc1, src)],
                    Some(m),
                ));
            } else {
                // The lane number (v_mbcnt_lo_u32_b32 vA, -1, 0), shifted left by `m`.
                out.push(Inst::build(
                    mbcnt,
                    &[(Field::Vdst, a), (Field::Src0, 193), (Field::Src1, 128)],
                    None,
                ));
                out.push(Inst::build(
                    shl,
                    &[(Field::Vdst, a), (Field::Src0, 128 + m), (Field::Vsrc1, a)],
                    None,
                ));
            }
            let has = |f: Field| d.operands.iter().any(|o| o.field == f);
            let mut fields = Vec::new();
            // VGPR tuples stay inside v0..v27: up to four dwords from DATA0 and VDST.
            for (f, v) in [
                (Field::Addr, a),
                (Field::Data0, d0.min(NV - 4)),
                (Field::Data1, d1),
                (Field::Vdst, vd),
                (Field::Offset0, o0),
                (Field::Offset1, o1),
            ] {
                if has(f) {
                    fields.push((f, v));
                }
            }
            out.push(Inst::build(d, &fields, None));
            Item::Raw(out)
        })
        .boxed()
}

/// The global buffer random programs reach: [`MEM_BYTES`] at the first address the golden
/// model's memory allocates (the co-simulation gives it the first region it allocates).
pub const MEM_BASE: u64 = sim::golden::memory::HEAP_BASE;
pub const MEM_BYTES: u32 = 1 << 16;

/// Bytes of private memory a lane in the waves that run random programs (SCRATCH).
pub const SCRATCH_LANE: u32 = 512;

/// The scalar and vector memory rows both models execute: the scalar loads and invalidates,
/// the GLOBAL, SCRATCH and FLAT loads, stores and atomics of the RTL's memory ports.
pub fn mem_ops() -> Vec<&'static InstDef> {
    let files = hdl_gen::sv::generate(&hdl_gen::sv::Config::default()).expect("generating the RTL");
    let rtl = hdl_gen::sv::rtl_ops(&files);
    table()
        .insts
        .iter()
        .filter(|d| hdl_gen::sv::mem_executes(d))
        .filter(|d| hdl_gen::sv::rtl_implements(d, &rtl) && sim::golden::implemented(d))
        .collect()
}

/// `s_mov_b32 sR, V`.
fn smov(r: u32, v: u32) -> Inst {
    let d = table().by_name("s_mov_b32").expect("s_mov_b32");
    Inst::build(d, &[(Field::Sdst, r), (Field::Ssrc0, LITERAL)], Some(v))
}

/// A memory access: its address registers set first, then one of `ops` (atomics with and
/// without GLC). The base is an SGPR
/// pair below s96 set to [`MEM_BASE`] (a buffer load's resource: a quad with a random stride
/// and size over the buffer); a GLOBAL lane address is a random VGPR masked to stay mostly
/// inside the buffer (now and then past it: a memory fault both models must report alike), as
/// an offset from SADDR or as a 64-bit address pair; a SCRATCH offset mostly inside the
/// lane's [`SCRATCH_LANE`] bytes, from a VGPR (SVE), an SGPR set to a small value, both or
/// neither; SMEM offsets are mostly inside, through
/// the instruction, M0 or an SGPR, sometimes past the end or negative. Data and destinations
/// are random registers (VGPR tuples inside v0..v23, SGPR tuples below s96 or VCC).
fn mem_strategy(ops: Vec<&'static InstDef>) -> BoxedStrategy<Item> {
    // Masks of lane offsets: inside the buffer, mostly; the last reaches past it (a fault).
    let mask = prop_oneof![
        12 => prop::sample::select(vec![0xfefcu32, 0x3ffc, 0xfc, 0x1c, 0xfeff, 0x0]),
        1 => Just(0x1fffcu32),
    ];
    let soff = prop_oneof![3 => Just((NULL, 0u32)), 1 => (0u32..0x400).prop_map(|v| (M0, v)),
                           1 => (0u32..0x400).prop_map(|v| (90, v))];
    // SMEM offsets: inside the buffer mostly; past its end or negative now and then (faults).
    let smem_off = prop_oneof![12 => (0u32..MEM_BYTES / 4 - 20).prop_map(|d| 4 * d), 1 => 0u32..MEM_BYTES + 64,
                               1 => (1u32..64).prop_map(|d| (1 << 21) - 4 * d)];
    // GLOBAL offsets: mostly small; negative ones fault when the lane offset is smaller.
    let gofs = prop_oneof![8 => Just(0u32), 6 => 0u32..64, 2 => 0u32..0x1000, 1 => (1u32..256).prop_map(|d| (1 << 13) - d)];
    (
        prop::sample::select(ops),
        (0u32..12, mask, 0u32..NV, 0u32..NV - 1),
        (soff, smem_off, 0u32..24, any::<bool>()),
        (gofs, 0u32..NV - 4, 0u32..NV - 4, any::<bool>(), any::<bool>()),
        (
            prop::sample::select(vec![0u32, 0, 4, 16, 7, 0xffff]),
            prop::sample::select(vec![0x2000u32, 0x100, 0x10, 0, 0xffff_ffff]),
        ),
    )
        .prop_map(
            |(
                d,
                (q, mask, src, a),
                ((soff, sv), ioff, sd, vcc),
                (goff, data, vdst, pair, glc),
                (stride, records),
            )| {
                let and = table().by_name("v_and_b32").expect("v_and_b32");
                let vmov = table().by_name("v_mov_b32").expect("v_mov_b32");
                let field = |f: Field| d.operands.iter().any(|o| o.field == f);
                // The base: s[4q:4q+1] (a resource: s[4q:4q+3]), below s48.
                let base = 4 * q;
                let mut out =
                    vec![smov(base, MEM_BASE as u32), smov(base + 1, (MEM_BASE >> 32) as u32 | stride << 16)];
                let mut fields = Vec::new();
                if d.format().name == "SMEM" {
                    if field(Field::Sbase) {
                        out.push(smov(base + 2, records));
                        out.push(smov(base + 3, 0));
                        if soff != NULL {
                            out.push(smov(soff, sv));
                        }
                        let n = d
                            .operands
                            .iter()
                            .find(|o| o.field == Field::Sdata)
                            .and_then(|o| o.ty())
                            .map_or(1, |t| t.dwords());
                        // SDATA: a tuple aligned as LLVM wants (pairs even, wider ones by four), or VCC.
                        let align = n.min(4);
                        let sdata =
                            if vcc && n <= 2 { VCC_LO } else { (48 + 4 * sd).min(96 - n) / align * align };
                        fields.extend([
                            (Field::Sbase, base / 2),
                            (Field::Sdata, sdata),
                            (Field::Soffset, soff),
                            (Field::Offset, ioff & 0x1f_ffff),
                        ]);
                    }
                } else if matches!(d.format().name.as_str(), "MUBUF" | "MTBUF")
                    && d.access != Some(rdna3_isa::MemAccess::Invalidate)
                {
                    // A buffer resource over the buffer (see `mubuf`), then the access.
                    let (rsrc, more) = mubuf(base, (stride, records), (mask, src, a), (soff, sv), ioff, goff);
                    out.extend(more);
                    fields.extend(rsrc);
                    for (f, v) in [
                        (Field::Vdata, data),
                        (Field::Glc, u32::from(glc)),
                        // TFE on loads (a status dword after the data; data stays below v19).
                        (
                            Field::Tfe,
                            u32::from(
                                vcc && pair
                                    && matches!(
                                        d.access,
                                        Some(
                                            rdna3_isa::MemAccess::Load { .. }
                                                | rdna3_isa::MemAccess::LoadFormat { .. }
                                        )
                                    ),
                            ),
                        ),
                        // MTBUF's FORMAT: INVALID now and then, else any of the 63.
                        (
                            Field::Format,
                            if sd % 8 == 0 { 0 } else { 1 + ioff.wrapping_mul(0x9e37_79b9) % 63 },
                        ),
                    ] {
                        if field(f) {
                            fields.push((f, v));
                        }
                    }
                } else {
                    let scratch = d.format().name == "SCRATCH";
                    // FLAT: the address's high dword picks global memory, the LDS or the
                    // private segment (the apertures); the offset is 12 bits, unsigned.
                    let flat = (d.format().name == "FLAT").then_some(sd % 3);
                    let private = scratch || flat == Some(2);
                    // SCRATCH: lane offsets in the private segment, but for the mask that
                    // reaches past everything; offsets past it only when negative. FLAT's LDS:
                    // within 16 KiB (the LDS is shared by the waves' workgroups).
                    let mask = if private && mask != 0x1fffc {
                        mask & (SCRATCH_LANE - 1)
                    } else if flat == Some(1) && mask != 0x1fffc {
                        mask & 0x3fff
                    } else {
                        mask
                    };
                    let goff = match flat {
                        Some(2) => goff & 0xff,
                        Some(_) => goff & 0xfff,
                        None if scratch && goff < 1 << 12 => goff & 0xff,
                        None => goff,
                    };
                    out.push(Inst::build(
                        and,
                        &[(Field::Vdst, a), (Field::Src0, LITERAL), (Field::Vsrc1, src)],
                        Some(mask),
                    ));
                    let saddr = if scratch {
                        // One SGPR (NULL: none), a small offset.
                        if pair {
                            NULL
                        } else {
                            out.push(smov(base, ioff & 0xfc));
                            base
                        }
                    } else if let Some(k) = flat {
                        // The aperture's high dword (or the buffer's) above the low dword.
                        let hi = [
                            (MEM_BASE >> 32) as u32,
                            (APERTURES[0] >> 32) as u32,
                            (APERTURES[2] >> 32) as u32,
                        ];
                        out.push(Inst::build(
                            vmov,
                            &[(Field::Vdst, a + 1), (Field::Src0, LITERAL)],
                            Some(hi[k as usize]),
                        ));
                        NULL
                    } else if pair {
                        // A 64-bit address in v[a:a+1]: the buffer's high dword above the offset.
                        out.push(Inst::build(
                            vmov,
                            &[(Field::Vdst, a + 1), (Field::Src0, LITERAL)],
                            Some((MEM_BASE >> 32) as u32),
                        ));
                        NULL
                    } else {
                        base
                    };
                    for (f, v) in [
                        (Field::Addr, a),
                        (Field::Saddr, saddr),
                        (Field::Offset, goff),
                        (Field::Data, data),
                        (Field::Vdst, vdst),
                        // A cache flag, and an atomic's return of the old value.
                        (Field::Glc, u32::from(glc)),
                        // SCRATCH: the VGPR offset is there.
                        (Field::Sve, u32::from(vcc)),
                    ] {
                        if field(f) {
                            fields.push((f, v));
                        }
                    }
                }
                out.push(Inst::build(d, &fields, None));
                Item::Raw(out)
            },
        )
        .boxed()
}

/// A MUBUF access's set-up and fields: the resource (V#) at s[base:base+3] over the buffer,
/// from the random draws: its base a multiple of 4 bytes into the buffer, a stride (0 to
/// 51), swizzle_enable (off, element size 4 or 16, now and then the reserved 2: a fault),
/// num_records (0 to all), index_stride, add_tid_enable, OOB_SELECT, the format (0, unbound,
/// now and then, else any of the 63 the format rows convert with), dst_sel and type (now and then not 0: the instruction is ignored); VADDR at v[a]
/// (and v[a+1]) from VGPRs masked small (an index below 32, an offset below 0x200), IDXEN and
/// OFFEN as they fall, OFFSET mostly small, SOFFSET NULL, M0, an SGPR or an inline constant.
/// In-range accesses stay inside the buffer but for a large OFFSET now and then (a fault both
/// models report); many are out of range.
fn mubuf(
    base: u32,
    (stride, records): (u32, u32),
    (mask, src, a): (u32, u32, u32),
    (soff, sv): (u32, u32),
    ioff: u32,
    goff: u32,
) -> (Vec<(Field, u32)>, Vec<Inst>) {
    let and = table().by_name("v_and_b32").expect("v_and_b32");
    let h = ioff.wrapping_mul(0x9e37_79b9) ^ mask.rotate_left(7) ^ goff.wrapping_mul(31) ^ records ^ sv << 20;
    let bits = |at: u32, n: u32| h >> at & ((1 << n) - 1);
    let stride = [0, 4, 8, 12, 16, 20, 32, 48][bits(0, 3) as usize] | stride & 3;
    let swz = match [0, 0, 0, 1, 1, 3, 3, 2][bits(3, 3) as usize] {
        2 if bits(6, 2) != 0 => 0,
        z => z,
    };
    let records = [0, 1, 7, 16, 64, 0x100, 0x1000, records][bits(8, 3) as usize];
    let format = if bits(23, 3) == 0 { 0 } else { 1 + (bits(26, 6) ^ bits(5, 6)) % 63 };
    let ty = if bits(18, 4) == 0 { 1 + bits(22, 1) } else { 0 };
    let w3 =
        bits(11, 12) | format << 12 | bits(12, 2) << 21 | bits(14, 1) << 23 | bits(16, 2) << 28 | ty << 30;
    let (idxen, offen) = (bits(25, 1), bits(27, 1));
    let mut out = vec![
        smov(base, (MEM_BASE as u32).wrapping_add(ioff & 0xffc)),
        smov(base + 1, (MEM_BASE >> 32) as u32 | stride << 16 | swz << 30),
        smov(base + 2, records),
        smov(base + 3, w3),
        // VADDR: the index (IDXEN), or the offset; with both, the offset after the index.
        Inst::build(
            and,
            &[(Field::Vdst, a), (Field::Src0, LITERAL), (Field::Vsrc1, src)],
            Some(if idxen == 1 { 0x1f } else { 0x1ff }),
        ),
        Inst::build(
            and,
            &[(Field::Vdst, a + 1), (Field::Src0, LITERAL), (Field::Vsrc1, src ^ 1)],
            Some(0x1ff),
        ),
    ];
    let soffset = match soff {
        NULL if bits(24, 1) == 1 => 128 + (sv & 0x3f), // an inline constant 0 .. 63
        s => s,
    };
    if soffset < 128 && soffset != NULL {
        out.push(smov(soffset, sv & 0x3fc));
    }
    let fields = vec![
        (Field::Vaddr, a),
        (Field::Srsrc, base / 4),
        (Field::Soffset, soffset),
        (Field::Offset, if goff < 0x1000 { goff & 0x7f } else { goff & 0xfff }),
        (Field::Idxen, idxen),
        (Field::Offen, offen),
    ];
    (fields, out)
}

/// `s_mov_b32 exec_lo, MASK`: all lanes, none, a random or a structured part of them.
fn exec_strategy() -> BoxedStrategy<Item> {
    prop_oneof![
        3 => Just(u32::MAX),
        2 => any::<u32>(),
        1 => Just(0u32),
        1 => (0u32..32).prop_map(|l| 1 << l),
        1 => prop::sample::select(vec![0x0000_ffffu32, 0xffff_0000, 0x5555_5555, 0x0f0f_0f0f, 0x8000_0001]),
    ]
    .prop_map(|m| {
        let d = table().by_name("s_mov_b32").expect("s_mov_b32");
        Item::Raw(vec![Inst::build(d, &[(Field::Sdst, EXEC_LO), (Field::Ssrc0, LITERAL)], Some(m))])
    })
    .boxed()
}

/// `s_setreg_imm32_b32 hwreg(HW_REG_MODE, 0, 10), MODE`: the float controls (rounding modes,
/// denormal controls, DX10_CLAMP, IEEE), mostly the reset value's neighbours.
fn mode_strategy() -> BoxedStrategy<Item> {
    prop_oneof![
        2 => 0u32..1024,
        1 => Just(0x3f0u32 | 1 << 9),
        1 => (0u32..4).prop_map(|r| 0x3f0 | 1 << 9 | r),
        1 => (0u32..4).prop_map(|d| 1 << 9 | d << 4 | 0xc0),
    ]
    .prop_map(|mode| {
        let d = table().by_name("s_setreg_imm32_b32").expect("s_setreg_imm32_b32");
        let hwreg = rdna3_isa::syntax::HW_REG_MODE | 9 << 11;
        Item::Raw(vec![Inst::build(d, &[(Field::Simm16, hwreg)], Some(mode))])
    })
    .boxed()
}

/// Vector items: one of `ops`, a VOPD pair, a DS access, a scalar or vector memory access, a
/// change of EXEC or of MODE's float controls.
pub fn vector_leaf(ops: &[&'static InstDef]) -> BoxedStrategy<Item> {
    let (xs, ys) = vopd_ops();
    let ds = ds_ops();
    let mem = mem_ops();
    let single: Vec<BoxedStrategy<Item>> = ops.iter().map(|d| inst_strategy(d)).collect();
    let mut leaves =
        vec![(24, prop::strategy::Union::new(single).boxed()), (2, exec_strategy()), (1, mode_strategy())];
    if !xs.is_empty() && !ys.is_empty() {
        leaves.push((3, vopd_strategy(xs, ys)));
    }
    if !ds.is_empty() {
        leaves.push((4, ds_strategy(ds)));
    }
    if !mem.is_empty() {
        leaves.push((4, mem_strategy(mem)));
    }
    prop::strategy::Union::new_weighted(leaves).boxed()
}

/// A program mostly of MUBUF accesses (random resources, addressing, OFFSET and SOFFSET:
/// [`mem_strategy`]), with changes of EXEC, vector items that change the data and address
/// registers, and scalar ones.
pub fn buffer_program(ops: &[&'static InstDef], len: std::ops::Range<usize>) -> BoxedStrategy<Program> {
    let buf: Vec<&'static InstDef> = mem_ops()
        .into_iter()
        .filter(|d| {
            matches!(d.format().name.as_str(), "MUBUF" | "MTBUF")
                && d.access != Some(rdna3_isa::MemAccess::Invalidate)
        })
        .collect();
    assert!(buf.len() >= 50, "the MUBUF rows both models execute: {}", buf.len());
    let leaf = prop::strategy::Union::new_weighted(vec![
        (12, mem_strategy(buf)),
        (1, exec_strategy()),
        (3, vector_leaf(ops)),
    ])
    .boxed();
    let scalar = plain_ops();
    items_with(&scalar, Some((200, leaf)), len, 1).prop_map(|items| Program { items }).boxed()
}

/// A program of vector items mixed with scalar ones (about four vector ones to one scalar).
pub fn vector_program(ops: &[&'static InstDef], len: std::ops::Range<usize>) -> BoxedStrategy<Program> {
    let scalar = plain_ops();
    items_with(&scalar, Some((84, vector_leaf(ops))), len, 2).prop_map(|items| Program { items }).boxed()
}
