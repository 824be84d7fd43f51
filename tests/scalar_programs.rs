//! Random scalar programs for property-based co-simulation.
//!
//! A program is a list of items: single instructions with random operands of every kind the
//! table allows, forward branches over blocks, loops with bounded trip counts, and calls to
//! subroutines placed after the end of the program. Items shrink toward fewer and simpler
//! instructions, and a program prints as assembly.
//!
//! SGPRs s96..s105 are reserved for loop counters and return addresses: random destinations
//! never name them, and M0-relative destinations are kept below them.
//!
//! A scalar load retires before its dwords arrive (the compute unit writes them later, in any
//! order), so lowering waits for the loads in flight (`s_waitcnt lgkmcnt(0)`) before any
//! instruction that might read or write their SGPRs, and before any branch or label; only
//! further scalar loads to other SGPRs, moves of constants to other SGPRs and `s_endpgm`
//! (which waits by itself) go before the wait. GLOBAL and SCRATCH loads retire before their
//! answers are written too (in any order; their VM_CNT in order), so lowering waits for them
//! (`s_waitcnt vmcnt(0)`) before any instruction that might read or write their VGPRs (one
//! whose VGPRs it cannot tell, such as an M0-relative move or a VOPD pair, included), and
//! before any branch or label.

use std::fmt;

use proptest::prelude::*;
use rdna3_isa::operand;
use rdna3_isa::{Field, ImmKind, Inst, InstDef, Kind, Role, Unit, table};

/// First SGPR reserved for control.
pub const RESERVED: u32 = 96;

/// A scalar source operand choice.
#[derive(Clone, Debug)]
pub enum Src {
    Sgpr(u8),
    Special(u8),
    Int(i8),
    Float(u8),
    Aperture(u8),
    Scc,
    Literal(u32),
}

/// A destination choice.
#[derive(Clone, Debug)]
pub enum Dst {
    Sgpr(u8),
    Special(u8),
}

/// One operand of an instruction.
#[derive(Clone, Debug)]
pub enum Opnd {
    Src(Src),
    Dst(Dst),
    Imm(u16),
}

/// A program item.
#[derive(Clone, Debug)]
pub enum Item {
    Inst {
        name: &'static str,
        ops: Vec<Opnd>,
    },
    /// Instructions built by another generator (vector_programs.rs), placed as they are.
    Raw(Vec<Inst>),
    /// s_mov_b32 m0, m0val; then an M0-relative move.
    MovRel {
        name: &'static str,
        m0: u32,
        dst: u8,
        src: u8,
    },
    /// A conditional (or unconditional) forward branch over `body`.
    Skip {
        branch: &'static str,
        body: Vec<Item>,
    },
    /// `trips` iterations of `body`, counted in a reserved SGPR.
    Loop {
        trips: u8,
        body: Vec<Item>,
    },
    /// s_call_b64 / s_swappc_b64 / s_getpc+s_setpc to a subroutine after the program's end.
    Call {
        how: u8,
        body: Vec<Item>,
    },
}

/// A whole program: items, then s_endpgm, then the subroutines.
#[derive(Clone)]
pub struct Program {
    pub items: Vec<Item>,
}

fn def(name: &str) -> &'static InstDef {
    table().by_name(name).unwrap_or_else(|| panic!("{name} is not in the table"))
}

/// The scalar instructions random programs use singly: everything the golden model and the
/// RTL execute except control flow, which the structured items produce.
pub fn plain_ops() -> Vec<&'static InstDef> {
    let files = hdl_gen::sv::generate(&hdl_gen::sv::Config::default()).expect("generating the RTL");
    let rtl = hdl_gen::sv::rtl_ops(&files);
    table()
        .insts
        .iter()
        .filter(|d| hdl_gen::sv::RTL_UNITS.contains(&d.unit))
        .filter(|d| hdl_gen::sv::rtl_implements(d, &rtl) && sim::golden::implemented(d))
        .filter(|d| d.unit != Unit::Branch && !matches!(d.name.as_str(), "s_endpgm" | "s_code_end"))
        .filter(|d| !d.name.starts_with("s_movrel"))
        .collect()
}

fn src_strategy(wide: bool) -> BoxedStrategy<Src> {
    let sgpr = if wide {
        (0u8..53).prop_map(|p| Src::Sgpr(2 * p)).boxed()
    } else {
        (0u8..106).prop_map(Src::Sgpr).boxed()
    };
    prop_oneof![
        6 => sgpr,
        2 => (106u8..128).prop_map(Src::Special),
        3 => (-16i8..=64).prop_map(Src::Int),
        1 => (0u8..operand::FLOAT_CONSTS.len() as u8).prop_map(Src::Float),
        1 => (0u8..4).prop_map(Src::Aperture),
        1 => Just(Src::Scc),
        3 => any::<u32>().prop_map(Src::Literal),
        // Misaligned 64-bit pairs: the hardware ignores the LSB.
        1 => (0u8..96).prop_map(Src::Sgpr),
    ]
    .boxed()
}

fn dst_strategy(wide: bool) -> BoxedStrategy<Dst> {
    let sgpr = if wide {
        (0u8..(RESERVED as u8 / 2)).prop_map(|p| Dst::Sgpr(2 * p)).boxed()
    } else {
        (0u8..RESERVED as u8).prop_map(Dst::Sgpr).boxed()
    };
    prop_oneof![
        8 => sgpr,
        // VCC, TTMPs (writes dropped), NULL, M0, EXEC.
        3 => prop::sample::select(vec![106u8, 107, 108, 111, 122, 124, 125, 126, 127]).prop_map(Dst::Special),
    ]
    .boxed()
}

fn imm_strategy(kind: ImmKind, name: &str) -> BoxedStrategy<u16> {
    match kind {
        ImmKind::Hwreg => prop_oneof![
            // MODE with a random field.
            8 => (0u16..32, 0u16..32).prop_map(|(off, size)| 1 | off << 6 | size << 11),
            1 => any::<u16>(),
        ]
        .boxed(),
        ImmKind::Delay => (0u16..12, 0u16..6, 0u16..12).prop_map(|(a, b, c)| a | b << 4 | c << 7).boxed(),
        _ if name == "s_sleep" => (0u16..3).boxed(),
        _ if name == "s_nop" => (0u16..16).boxed(),
        _ => any::<u16>().boxed(),
    }
}

fn inst_strategy(d: &'static InstDef) -> BoxedStrategy<Item> {
    let mut parts: Vec<BoxedStrategy<Opnd>> = Vec::new();
    for o in &d.operands {
        parts.push(match (o.kind, o.role, o.field) {
            (Kind::Imm(k), _, _) => imm_strategy(k, &d.name).prop_map(Opnd::Imm).boxed(),
            (Kind::RegRule(r), _, _) => panic!("{}: scalar programs have no register rule @{r}", d.name),
            (Kind::Reg(_), _, Field::Lit) => any::<u32>().prop_map(|v| Opnd::Src(Src::Literal(v))).boxed(),
            (Kind::Reg(t), Role::Dst | Role::Modify, _) => dst_strategy(t.is64()).prop_map(Opnd::Dst).boxed(),
            // SOPK sources in the SDST field: any register code.
            (Kind::Reg(_), Role::Src, Field::Sdst) => prop_oneof![
                3 => (0u8..106).prop_map(|r| Opnd::Src(Src::Sgpr(r))),
                1 => (106u8..128).prop_map(|r| Opnd::Src(Src::Special(r))),
            ]
            .boxed(),
            (Kind::Reg(t), _, _) => src_strategy(t.is64()).prop_map(Opnd::Src).boxed(),
        });
    }
    let name: &'static str = &d.name;
    parts.prop_map(move |ops| Item::Inst { name, ops }).boxed()
}

fn movrel_strategy() -> BoxedStrategy<Item> {
    let names = vec!["s_movrels_b32", "s_movrels_b64", "s_movreld_b32", "s_movreld_b64", "s_movrelsd_2_b32"];
    (
        prop::sample::select(names),
        prop_oneof![3 => 0u32..40, 1 => 100u32..300, 1 => any::<u32>()],
        0u8..56,
        // Sources below the reserved SGPRs, and NULL (124), whose M0-relative reads the RTL
        // takes a path of its own for.
        prop_oneof![9 => 0u8..124, 1 => Just(124u8)],
    )
        .prop_map(|(name, m0, dst, src)| Item::MovRel { name, m0, dst, src })
        .boxed()
}

const BRANCHES: [&str; 11] = [
    "s_branch",
    "s_cbranch_scc0",
    "s_cbranch_scc1",
    "s_cbranch_vccz",
    "s_cbranch_vccnz",
    "s_cbranch_execz",
    "s_cbranch_execnz",
    "s_cbranch_cdbgsys",
    "s_cbranch_cdbguser",
    "s_cbranch_cdbgsys_or_user",
    "s_cbranch_cdbgsys_and_user",
];

/// Items, nested up to `depth` levels of branches, loops and calls.
pub fn items(ops: &[&'static InstDef], len: std::ops::Range<usize>, depth: u32) -> BoxedStrategy<Vec<Item>> {
    items_with(ops, None, len, depth)
}

/// Items as [`items`] makes them, with `extra` leaves (another generator's instructions) mixed
/// in with the given weight against the scalar ones' 21.
pub fn items_with(
    ops: &[&'static InstDef],
    extra: Option<(u32, BoxedStrategy<Item>)>,
    len: std::ops::Range<usize>,
    depth: u32,
) -> BoxedStrategy<Vec<Item>> {
    let plain: Vec<BoxedStrategy<Item>> = ops.iter().map(|d| inst_strategy(d)).collect();
    let mut leaves = vec![(20, prop::strategy::Union::new(plain).boxed()), (1, movrel_strategy())];
    leaves.extend(extra);
    let leaf = prop::strategy::Union::new_weighted(leaves).boxed();
    let item = leaf.prop_recursive(depth, 64, 8, |inner| {
        let body = prop::collection::vec(inner.clone(), 0..6);
        prop_oneof![
            6 => inner,
            2 => (prop::sample::select(BRANCHES.to_vec()), body.clone()).prop_map(|(branch, body)| Item::Skip { branch, body }),
            1 => (1u8..5, body.clone()).prop_map(|(trips, body)| Item::Loop { trips, body }),
            1 => (0u8..3, body).prop_map(|(how, body)| Item::Call { how, body }),
        ]
    });
    prop::collection::vec(item, len).boxed()
}

/// A whole program.
pub fn program(ops: &[&'static InstDef], len: std::ops::Range<usize>) -> BoxedStrategy<Program> {
    items(ops, len, 2).prop_map(|items| Program { items }).boxed()
}

// ---------------------------------------------------------------------------------------------
// Lowering to instructions.

fn src_code(s: &Src, lit: &mut Option<u32>) -> u32 {
    match s {
        Src::Sgpr(r) => u32::from(*r),
        Src::Special(c) => u32::from(*c),
        Src::Int(i) => {
            let i = i32::from(*i);
            if i >= 0 { 128 + i as u32 } else { (192 - i) as u32 }
        }
        Src::Float(k) => 240 + u32::from(*k),
        Src::Aperture(k) => operand::SHARED_BASE + u32::from(*k),
        Src::Scc => operand::SCC,
        Src::Literal(v) => {
            // One literal per instruction: a second literal operand reuses the first value.
            lit.get_or_insert(*v);
            operand::LITERAL
        }
    }
}

fn build(d: &InstDef, ops: &[Opnd]) -> Inst {
    let mut lit = None;
    let mut fields = Vec::new();
    for (o, v) in d.operands.iter().zip(ops) {
        let code = match v {
            Opnd::Src(Src::Literal(x)) if o.field == Field::Lit => {
                lit = Some(*x);
                continue;
            }
            Opnd::Src(s) => src_code(s, &mut lit),
            Opnd::Dst(Dst::Sgpr(r)) => u32::from(*r),
            Opnd::Dst(Dst::Special(c)) => u32::from(*c),
            Opnd::Imm(i) => u32::from(*i),
        };
        fields.push((o.field, code));
    }
    Inst::build(d, &fields, lit)
}

fn inst(name: &str, fields: &[(Field, u32)], lit: Option<u32>) -> Inst {
    Inst::build(def(name), fields, lit)
}

/// An instruction or a branch to a label resolved after layout.
enum Slot {
    Inst(Inst),
    /// SOPP/SOPK with a label operand: (mnemonic, fields, label)
    Branch(Inst, usize),
    /// `s_add_u32 sREG, sREG, LABEL - (address of the s_getpc's successor)`: the literal is
    /// resolved after layout, relative to label `from`.
    PcOffset {
        reg: u32,
        label: usize,
        from: usize,
    },
    Label(usize),
}

struct Lower {
    slots: Vec<Slot>,
    labels: usize,
    /// Subroutines to place after the end: (label, loop depth at the call).
    subs: Vec<(usize, u32, Vec<Item>)>,
    /// Loops around the current item; loop k counts in s(96 + k).
    loops: u32,
    in_sub: bool,
    /// The SGPR codes the scalar loads since the last wait write: [first, end).
    loads: Vec<(u32, u32)>,
    /// The VGPRs the late vector loads since the last wait write: [first, end).
    vloads: Vec<(u32, u32)>,
}

/// The VGPRs instruction `i` reads or writes (a VOP3 compare's SGPR destination in the VDST
/// field counts as a VGPR: a wait too many does no harm), or None if its fields do not tell
/// (M0-relative moves, VOPD pairs, register tuples sized by other fields).
pub fn vgprs_touched(i: &Inst) -> Option<Vec<u32>> {
    let d = i.def();
    let f = d.format().name.as_str();
    if f.starts_with("SOP") || f == "SMEM" {
        return Some(Vec::new());
    }
    if f.starts_with("VOPD") || d.name.contains("movrel") || d.name.contains("swaprel") {
        return None;
    }
    let mut out = Vec::new();
    for o in &d.operands {
        let ty = match o.kind {
            Kind::Reg(t) => t,
            Kind::RegRule(_) => return None,
            Kind::Imm(_) => continue,
        };
        let v = i.field(o.field);
        let first = match o.field {
            Field::Vsrc0
            | Field::Vsrc1
            | Field::Vsrc2
            | Field::Vsrc3
            | Field::Vdst
            | Field::Addr
            | Field::Data
            | Field::Data0
            | Field::Data1
            | Field::Vaddr
            | Field::Vdata
            | Field::DppSrc0 => v,
            Field::Src0 | Field::Src1 | Field::Src2 if v >= 256 => v - 256,
            Field::Src0 | Field::Src1 | Field::Src2 => continue,
            Field::Sdst
            | Field::Ssrc0
            | Field::Ssrc1
            | Field::Sbase
            | Field::Sdata
            | Field::Soffset
            | Field::Saddr
            | Field::Srsrc
            | Field::Ssamp => continue,
            _ => return None,
        };
        out.extend(first..first + ty.dwords());
    }
    Some(out)
}

/// The SGPR codes scalar load `i` reads (its SBASE tuple and SOFFSET) and writes (SDATA's
/// tuple), or None for any other instruction.
fn scalar_load_regs(i: &Inst) -> Option<(Vec<u32>, (u32, u32))> {
    let d = i.def();
    if !matches!(d.access, Some(rdna3_isa::MemAccess::ScalarLoad { .. })) {
        return None;
    }
    let dwords =
        |f: Field| d.operands.iter().find(|o| o.field == f).and_then(|o| o.ty()).map_or(1, |t| t.dwords());
    let base = 2 * i.field(Field::Sbase);
    let mut reads: Vec<u32> = (base..base + dwords(Field::Sbase)).collect();
    reads.push(i.field(Field::Soffset));
    let sdata = i.field(Field::Sdata);
    Some((reads, (sdata, sdata + dwords(Field::Sdata))))
}

/// Return addresses of calls.
const RET: u32 = 100;
/// Call targets.
const TARGET: u32 = 104;

impl Lower {
    fn label(&mut self) -> usize {
        self.labels += 1;
        self.labels - 1
    }

    fn items(&mut self, items: &[Item]) {
        for it in items {
            self.item(it);
        }
    }

    fn push(&mut self, i: Inst) {
        let vpending = |r: &u32| self.vloads.iter().any(|&(a, b)| (a..b).contains(r));
        let vm_wait = !self.vloads.is_empty()
            && i.def().name != "s_endpgm"
            && vgprs_touched(&i).is_none_or(|rs| rs.iter().any(vpending));
        let pending = |r: u32| self.loads.iter().any(|&(a, b)| (a..b).contains(&r));
        let independent = match scalar_load_regs(&i) {
            Some((reads, (a, b))) => !reads.into_iter().any(pending) && !(a..b).any(pending),
            None if i.def().name == "s_mov_b32" => {
                // (A constant or the literal; not VCCZ, EXECZ or SCC.)
                let src = i.field(Field::Ssrc0);
                src >= 128 && !(251..=253).contains(&src) && !pending(i.field(Field::Sdst))
            }
            None => i.def().name == "s_endpgm",
        };
        self.wait(!independent, vm_wait);
        if let Some((_, w)) = scalar_load_regs(&i) {
            self.loads.push(w);
        }
        if hdl_gen::sv::mem_late(i.def()) {
            let v = i.field(Field::Vdst);
            let n = i
                .def()
                .operands
                .iter()
                .find(|o| o.field == Field::Vdst)
                .and_then(|o| o.ty())
                .map_or(1, |t| t.dwords());
            self.vloads.push((v, v + n));
        }
        self.slots.push(Slot::Inst(i));
    }

    /// `s_waitcnt` for the scalar loads (lgkm) and the late vector loads (vm) that may be in
    /// flight, of those asked for.
    fn wait(&mut self, lgkm: bool, vm: bool) {
        let (lgkm, vm) = (lgkm && !self.loads.is_empty(), vm && !self.vloads.is_empty());
        if lgkm {
            self.loads.clear();
        }
        if vm {
            self.vloads.clear();
        }
        if lgkm || vm {
            // vmcnt (bits 15:10), lgkmcnt (9:4): 0 or 63; expcnt(7).
            let simm = if vm { 0 } else { 0x3f << 10 } | if lgkm { 0 } else { 0x3f << 4 } | 7;
            self.slots.push(Slot::Inst(inst("s_waitcnt", &[(Field::Simm16, simm)], None)));
        }
    }

    /// A branch, a label or a PC offset, after the loads in flight.
    fn slot(&mut self, s: Slot) {
        self.wait(true, true);
        self.slots.push(s);
    }

    fn item(&mut self, it: &Item) {
        match it {
            Item::Inst { name, ops } => self.push(build(def(name), ops)),
            Item::Raw(insts) => insts.iter().for_each(|i| self.push(*i)),
            Item::MovRel { name, m0, dst, src } => self.movrel(name, *m0, u32::from(*dst), u32::from(*src)),
            Item::Skip { branch, body } => {
                let end = self.label();
                self.slot(Slot::Branch(inst(branch, &[], None), end));
                self.items(body);
                self.slot(Slot::Label(end));
            }
            Item::Loop { trips, body } => {
                let reg = RESERVED + self.loops;
                assert!(reg < RET, "loops nest too deep for the reserved counters");
                self.loops += 1;
                let top = self.label();
                self.push(inst(
                    "s_movk_i32",
                    &[(Field::Sdst, reg), (Field::Simm16, u32::from(*trips))],
                    None,
                ));
                self.slot(Slot::Label(top));
                self.items(body);
                self.push(inst(
                    "s_add_i32",
                    &[(Field::Sdst, reg), (Field::Ssrc0, reg), (Field::Ssrc1, 193)],
                    None,
                ));
                self.push(inst("s_cmp_lg_u32", &[(Field::Ssrc0, reg), (Field::Ssrc1, 128)], None));
                self.slot(Slot::Branch(inst("s_cbranch_scc1", &[], None), top));
                self.loops -= 1;
            }
            // Subroutines do not call: a call inside one runs its body inline.
            Item::Call { body, .. } if self.in_sub => self.items(body),
            Item::Call { how, body } => self.call(*how, body),
        }
    }

    /// `s_mov_b32 m0, M0` and an M0-relative move whose destination avoids the reserved SGPRs.
    fn movrel(&mut self, name: &str, mut m0: u32, dst: u32, src: u32) {
        let wide = name.ends_with("b64");
        let (dst, src) = if wide { (dst & !1, src & !1) } else { (dst, src) };
        let offset = |m0: u32| -> u64 {
            match name {
                "s_movrelsd_2_b32" => u64::from(m0 >> 16 & 0x3ff),
                _ if wide => u64::from(m0 & !1),
                _ => u64::from(m0),
            }
        };
        let relative_dst = name != "s_movrels_b32" && name != "s_movrels_b64";
        let lands = u64::from(dst) + offset(m0);
        if relative_dst && lands + 1 >= u64::from(RESERVED) && lands <= 107 {
            // Inside the reserved SGPRs or VCC: move it into range.
            m0 = if name == "s_movrelsd_2_b32" { (m0 & 0x3ff) | (((m0 >> 16) % 32) << 16) } else { m0 % 32 };
        }
        self.push(inst(
            "s_mov_b32",
            &[(Field::Sdst, operand::M0), (Field::Ssrc0, operand::LITERAL)],
            Some(m0),
        ));
        self.push(inst(name, &[(Field::Sdst, dst), (Field::Ssrc0, src)], None));
    }

    fn call(&mut self, how: u8, body: &[Item]) {
        let sub = self.label();
        match how {
            0 => self.slot(Slot::Branch(inst("s_call_b64", &[(Field::Sdst, RET)], None), sub)),
            _ => {
                // Target = the address after s_getpc + (sub - that address).
                let here = self.label();
                self.push(inst("s_getpc_b64", &[(Field::Sdst, TARGET)], None));
                self.slot(Slot::Label(here));
                self.slot(Slot::PcOffset { reg: TARGET, label: sub, from: here });
                self.push(inst(
                    "s_addc_u32",
                    &[(Field::Sdst, TARGET + 1), (Field::Ssrc0, TARGET + 1), (Field::Ssrc1, 128)],
                    None,
                ));
                if how == 1 {
                    self.push(inst("s_swappc_b64", &[(Field::Sdst, RET), (Field::Ssrc0, TARGET)], None));
                } else {
                    // s_setpc saves no return address: s_getpc, then skip the three
                    // instructions that follow it (12 bytes).
                    self.push(inst("s_getpc_b64", &[(Field::Sdst, RET)], None));
                    self.push(inst(
                        "s_add_u32",
                        &[(Field::Sdst, RET), (Field::Ssrc0, RET), (Field::Ssrc1, 128 + 12)],
                        None,
                    ));
                    self.push(inst(
                        "s_addc_u32",
                        &[(Field::Sdst, RET + 1), (Field::Ssrc0, RET + 1), (Field::Ssrc1, 128)],
                        None,
                    ));
                    self.push(inst("s_setpc_b64", &[(Field::Ssrc0, TARGET)], None));
                }
            }
        }
        self.subs.push((sub, self.loops, body.to_vec()));
    }
}

/// Lays `programs` out one after another from byte address `base`, each followed by four
/// dwords of `s_code_end` (illegal to execute, so a program that runs off its end faults):
/// the code, and where each program starts.
pub fn lay_out(programs: &[Program], base: u64) -> (sim::golden::Code, Vec<u64>) {
    const PAD: u32 = 0xbf9f_0000;
    let mut dwords = Vec::new();
    let mut starts = Vec::new();
    for p in programs {
        starts.push(base + 4 * dwords.len() as u64);
        dwords.extend(p.dwords());
        dwords.extend([PAD; 4]);
    }
    (sim::golden::Code::new(base, dwords), starts)
}

impl Program {
    /// The program's instructions and their byte offsets.
    pub fn lower(&self) -> Vec<(u32, Inst)> {
        let mut l = Lower {
            slots: Vec::new(),
            labels: 0,
            subs: Vec::new(),
            loops: 0,
            in_sub: false,
            loads: Vec::new(),
            vloads: Vec::new(),
        };
        l.items(&self.items);
        l.push(inst("s_endpgm", &[], None));
        // Subroutines after the end, each returning through s[100:101].
        l.in_sub = true;
        for (label, loops, body) in std::mem::take(&mut l.subs) {
            l.slot(Slot::Label(label));
            l.loops = loops;
            l.items(&body);
            l.push(inst("s_setpc_b64", &[(Field::Ssrc0, RET)], None));
        }
        // Layout.
        let mut addr = vec![0u32; l.labels];
        let mut off = 0;
        for s in &l.slots {
            match s {
                Slot::Inst(i) | Slot::Branch(i, _) => off += i.bytes(),
                Slot::PcOffset { .. } => off += 8,
                Slot::Label(k) => addr[*k] = off,
            }
        }
        let mut out = Vec::new();
        let mut off = 0;
        for s in l.slots {
            let i = match s {
                Slot::Inst(i) => i,
                Slot::Branch(i, k) => {
                    let delta = (i64::from(addr[k]) - i64::from(off) - 4) / 4;
                    Inst::build(
                        i.def(),
                        &[(Field::Sdst, i.field(Field::Sdst)), (Field::Simm16, delta as u16 as u32)],
                        None,
                    )
                }
                Slot::PcOffset { reg, label, from } => {
                    let delta = addr[label].wrapping_sub(addr[from]);
                    inst(
                        "s_add_u32",
                        &[(Field::Sdst, reg), (Field::Ssrc0, reg), (Field::Ssrc1, operand::LITERAL)],
                        Some(delta),
                    )
                }
                Slot::Label(_) => continue,
            };
            out.push((off, i));
            off += i.bytes();
        }
        out
    }

    pub fn dwords(&self) -> Vec<u32> {
        self.lower().iter().flat_map(|(_, i)| i.encode()).collect()
    }
}

impl fmt::Debug for Program {
    /// The program as assembly, one instruction per line with its offset and encoding; an
    /// instruction whose text LLVM's syntax cannot express is given as `.long` words.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "program:")?;
        for (off, i) in self.lower() {
            let text = i.to_string();
            let words = i.encode();
            let exact = rdna3_isa::asm::assemble(&text, "p").is_ok_and(|p| p.dwords() == words);
            let hex: Vec<String> = words.iter().map(|w| format!("{w:08X}")).collect();
            if exact {
                writeln!(f, "  {text:<56} // {off:06X}: {}", hex.join(" "))?;
            } else {
                let longs: Vec<String> = words.iter().map(|w| format!("{w:#010x}")).collect();
                writeln!(f, "  .long {:<50} // {off:06X}: {text}", longs.join(", "))?;
            }
        }
        Ok(())
    }
}
