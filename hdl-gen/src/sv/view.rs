//! The views the templates render: plain data computed from the ISA table and the config.

use askama::Template;

use super::{Config, header, op_enum_name};
use crate::isa::operand::{self, APERTURES, FLOAT_CONSTS, Scalar};
use crate::isa::{BitRange, Field, FormatDef, InstDef, Kind, Role, Ty, Unit, table};

/// A field of the instruction word as a SystemVerilog slice of `inst_i`.
fn slice(var: &str, r: BitRange) -> String {
    if r.hi == r.lo { format!("{var}[{}]", r.lo) } else { format!("{var}[{}:{}]", r.hi, r.lo) }
}

fn bits_for(n: usize) -> u32 {
    (usize::BITS - n.saturating_sub(1).leading_zeros()).max(1)
}

fn camel(s: &str) -> String {
    let mut c = s.chars();
    c.next().map_or_else(String::new, |f| f.to_ascii_uppercase().to_string() + c.as_str())
}

fn unit_enum(u: Unit) -> String {
    format!("UNIT_{}", u.name().to_ascii_uppercase())
}

fn fmt_enum(f: &FormatDef) -> String {
    format!("FMT_{}", f.name)
}

/// All units, in a fixed order (the enum's encoding).
const UNITS: [Unit; 7] =
    [Unit::Salu, Unit::Branch, Unit::Wait, Unit::Control, Unit::Message, Unit::Trap, Unit::Export];

pub struct Views {
    pub pkg: PkgView,
    pub decode: DecodeView,
    pub salu: SaluView,
    pub sgpr_file: SgprFileView,
    pub waitcnt: WaitcntView,
    pub rr_arb: RrArbView,
    pub top: TopView,
}

impl Views {
    pub fn new(cfg: &Config) -> Views {
        Views {
            pkg: PkgView::new(),
            decode: DecodeView::new(),
            salu: SaluView { header: header("hdl-gen/src/sv/view.rs", "cu_salu.sv") },
            sgpr_file: SgprFileView { header: header("hdl-gen/src/sv/view.rs", "cu_sgpr_file.sv") },
            waitcnt: WaitcntView {
                header: header("hdl-gen/src/sv/view.rs", "cu_waitcnt.sv"),
                counters: counter_items(),
            },
            rr_arb: RrArbView { header: header("hdl-gen/src/sv/view.rs", "cu_rr_arb.sv") },
            top: TopView {
                header: header("hdl-gen/src/sv/view.rs", "cu_top.sv"),
                num_waves: cfg.num_waves,
                counters: counter_items(),
            },
        }
    }
}

pub struct EnumItem {
    pub name: String,
    pub value: u32,
}

pub struct CounterItem {
    /// Lower-case name, the struct member.
    pub name: String,
    /// Capitalised, for parameter names.
    pub camel: String,
    pub bits: u32,
    /// `hi:lo` of its threshold in s_waitcnt's SIMM16, or empty.
    pub waitcnt: String,
}

pub struct ConstItem {
    pub code: u32,
    pub value32: String,
    pub value64: String,
}

/// How `inst_dwords` recognises one format and its literal.
pub struct LenFormat {
    pub name: String,
    pub matches: String,
    pub dwords: u32,
    pub opcode: String,
    pub opcode_bits: u32,
    /// (field slice, opcodes whose operand in that field is a register source)
    pub literal_fields: Vec<(String, Vec<u32>)>,
    pub always_literal: Vec<u32>,
}

#[derive(Template)]
#[template(path = "cu_pkg.sv", escape = "none")]
pub struct PkgView {
    pub header: String,
    pub formats: Vec<EnumItem>,
    pub fmt_bits: u32,
    pub units: Vec<EnumItem>,
    pub unit_bits: u32,
    pub ops: Vec<EnumItem>,
    pub op_bits: u32,
    pub counters: Vec<CounterItem>,
    pub reserved: Vec<(u32, u32)>,
    pub floats: Vec<ConstItem>,
    pub apertures: Vec<ConstItem>,
    pub len_formats: Vec<LenFormat>,
    /// Bits `inst_dwords` looks at: every dword of the longest format.
    pub len_bits: u32,
    /// Instruction fields of all formats, with their widest width: decoded_t members.
    pub fields: Vec<(String, u32)>,
    /// The longest instruction in dwords, literal included.
    pub max_dwords: u32,
    pub vcc_lo: u32,
    pub ttmp0: u32,
    pub null: u32,
    pub m0: u32,
    pub exec_lo: u32,
    pub scc: u32,
    pub literal: u32,
}

fn decode_order() -> Vec<&'static FormatDef> {
    let mut fmts: Vec<&FormatDef> = table().formats.iter().collect();
    fmts.sort_by_key(|f| std::cmp::Reverse(f.fixed_mask.count_ones()));
    fmts
}

fn match_expr(f: &FormatDef, var: &str) -> String {
    let lo = f.fixed_mask.trailing_zeros() as u8;
    let hi = 63 - f.fixed_mask.leading_zeros() as u8;
    let r = BitRange { hi, lo };
    let v = (f.fixed_bits & f.fixed_mask) >> lo;
    format!("{} == {}'b{:0w$b}", slice(var, r), r.width(), v, w = r.width() as usize)
}

fn insts_of(f: &FormatDef) -> impl Iterator<Item = &'static InstDef> + '_ {
    table().insts.iter().filter(move |d| d.format == f.id)
}

impl PkgView {
    fn new() -> PkgView {
        let t = table();
        let formats: Vec<EnumItem> = t
            .formats
            .iter()
            .enumerate()
            .map(|(i, f)| EnumItem { name: fmt_enum(f), value: i as u32 })
            .collect();
        let units: Vec<EnumItem> = UNITS
            .iter()
            .enumerate()
            .map(|(i, u)| EnumItem { name: unit_enum(*u), value: i as u32 })
            .collect();
        let mut ops = vec![EnumItem { name: "OP_INVALID".into(), value: 0 }];
        ops.extend(t.insts.iter().map(|d| EnumItem { name: op_enum_name(d), value: u32::from(d.id.0) + 1 }));
        let counters = counter_items();
        // Reserved scalar source codes, as ranges.
        let mut reserved = Vec::new();
        for code in 0..256u32 {
            if matches!(Scalar::from_code(code), Scalar::Reserved(_)) {
                match reserved.last_mut() {
                    Some((_, hi)) if *hi + 1 == code => *hi = code,
                    _ => reserved.push((code, code)),
                }
            }
        }
        let floats = FLOAT_CONSTS
            .iter()
            .enumerate()
            .map(|(k, (f32b, f64b, _))| ConstItem {
                code: 240 + k as u32,
                value32: format!("64'h{f32b:016x}"),
                value64: format!("64'h{f64b:016x}"),
            })
            .collect();
        let apertures = APERTURES
            .iter()
            .enumerate()
            .map(|(k, v)| ConstItem {
                code: operand::SHARED_BASE + k as u32,
                value32: format!("64'h{:016x}", v & 0xffff_ffff),
                value64: format!("64'h{v:016x}"),
            })
            .collect();
        let len_formats = decode_order()
            .into_iter()
            .map(|f| {
                let mut literal_fields: Vec<(String, Vec<u32>)> = Vec::new();
                for (field, r) in &f.fields {
                    if !field.is_scalar_source() {
                        continue;
                    }
                    let ops: Vec<u32> = insts_of(f)
                        .filter(|d| {
                            d.operands.iter().any(|o| o.field == *field && matches!(o.kind, Kind::Reg(_)))
                        })
                        .map(|d| d.opcode)
                        .collect();
                    if !ops.is_empty() {
                        literal_fields.push((slice("w", *r), ops));
                    }
                }
                LenFormat {
                    name: f.name.clone(),
                    matches: match_expr(f, "w"),
                    dwords: f.dwords,
                    opcode: slice("w", f.op),
                    opcode_bits: f.op.width(),
                    literal_fields,
                    always_literal: insts_of(f).filter(|d| d.always_literal()).map(|d| d.opcode).collect(),
                }
            })
            .collect();
        let mut fields: Vec<(String, u32)> = Vec::new();
        for f in &t.formats {
            for (fd, r) in &f.fields {
                match fields.iter_mut().find(|(n, _)| n == fd.name()) {
                    Some((_, w)) => *w = (*w).max(r.width()),
                    None => fields.push((fd.name().to_string(), r.width())),
                }
            }
        }
        fields.sort();
        PkgView {
            header: header("hdl-gen/src/sv/view.rs", "cu_pkg.sv"),
            fields,
            max_dwords: max_dwords(),
            fmt_bits: bits_for(formats.len() + 1),
            formats,
            unit_bits: bits_for(units.len()),
            units,
            op_bits: bits_for(ops.len()),
            ops,
            counters,
            reserved,
            floats,
            apertures,
            len_formats,
            len_bits: 32 * t.formats.iter().map(|f| f.dwords).max().unwrap_or(1),
            vcc_lo: operand::VCC_LO,
            ttmp0: operand::TTMP0,
            null: operand::NULL,
            m0: operand::M0,
            exec_lo: operand::EXEC_LO,
            scc: operand::SCC,
            literal: operand::LITERAL,
        }
    }
}

/// A format as the decoder sees it.
pub struct DecFormat {
    pub name: String,
    pub matches: String,
    pub opcode: String,
    pub opcode_bits: u32,
    /// (decoded_t member, slice of inst_i)
    pub fields: Vec<(String, String)>,
    /// (opcode, op enum)
    pub ops: Vec<(u32, String)>,
    /// Slice holding the literal dword.
    pub literal: String,
}

/// The decoded attributes of one op: (decoded_t member, value) assignments that are not zero.
pub struct DecOp {
    pub name: String,
    pub sets: Vec<(String, String)>,
}

#[derive(Template)]
#[template(path = "cu_decode.sv", escape = "none")]
pub struct DecodeView {
    pub header: String,
    pub formats: Vec<DecFormat>,
    pub ops: Vec<DecOp>,
}

fn op_attributes(d: &InstDef) -> Vec<(String, String)> {
    // Assignments in the decoder: decoded_t members, and the decoder's own src0_rd/src1_rd.
    let mut sets = vec![("dec_o.unit".to_string(), unit_enum(d.unit))];
    let mut set = |k: &str, on: bool| {
        if on {
            let target =
                if k.ends_with("_rd") && k.starts_with("src") { k.to_string() } else { format!("dec_o.{k}") };
            sets.push((target, "1'b1".to_string()));
        }
    };
    for o in &d.operands {
        let Kind::Reg(ty) = o.kind else { continue };
        match o.field {
            Field::Sdst => {
                set("dst_wr", matches!(o.role, Role::Dst | Role::Modify));
                set("dst_rd", matches!(o.role, Role::Src | Role::Modify));
                set("dst_64", ty.is64());
            }
            Field::Ssrc0 | Field::Ssrc1 => {
                let n = if o.field == Field::Ssrc0 { "src0" } else { "src1" };
                set(&format!("{n}_rd"), true);
                set(&format!("{n}_64"), ty.is64());
                set(&format!("{n}_sext"), ty == Ty::I64);
            }
            _ => {}
        }
    }
    use crate::isa::Counters;
    for (c, name) in Counters::ALL {
        set(&format!("inc.{name}"), d.counters.contains(c));
    }
    sets
}

impl DecodeView {
    fn new() -> DecodeView {
        let formats = decode_order()
            .into_iter()
            .map(|f| {
                let mut fields: Vec<(String, String)> =
                    f.fields.iter().map(|(fd, r)| (fd.name().to_string(), slice("inst_i", *r))).collect();
                fields.sort();
                let literal_at = f.dwords * 32;
                DecFormat {
                    name: f.name.clone(),
                    matches: match_expr(f, "inst_i"),
                    opcode: slice("inst_i", f.op),
                    opcode_bits: f.op.width(),
                    fields,
                    ops: insts_of(f).map(|d| (d.opcode, op_enum_name(d))).collect(),
                    literal: format!("inst_i[{}:{}]", literal_at + 31, literal_at),
                }
            })
            .collect();
        let ops =
            table().insts.iter().map(|d| DecOp { name: op_enum_name(d), sets: op_attributes(d) }).collect();
        DecodeView { header: header("hdl-gen/src/sv/view.rs", "cu_decode.sv"), formats, ops }
    }
}

#[derive(Template)]
#[template(path = "cu_salu.sv", escape = "none")]
pub struct SaluView {
    pub header: String,
}

#[derive(Template)]
#[template(path = "cu_sgpr_file.sv", escape = "none")]
pub struct SgprFileView {
    pub header: String,
}

/// The longest instruction of the table in dwords, literal included.
pub fn max_dwords() -> u32 {
    table()
        .insts
        .iter()
        .map(|d| {
            let lit = d.always_literal()
                || d.operands.iter().any(|o| o.field.is_scalar_source() && matches!(o.kind, Kind::Reg(_)));
            d.format().dwords + u32::from(lit)
        })
        .max()
        .unwrap_or(1)
}

fn counter_items() -> Vec<CounterItem> {
    table()
        .counters
        .iter()
        .map(|c| CounterItem {
            name: c.name.clone(),
            camel: camel(&c.name),
            bits: c.bits,
            waitcnt: c.waitcnt_field.map_or_else(String::new, |f| format!("{}:{}", f.hi, f.lo)),
        })
        .collect()
}

#[derive(Template)]
#[template(path = "cu_waitcnt.sv", escape = "none")]
pub struct WaitcntView {
    pub header: String,
    pub counters: Vec<CounterItem>,
}

#[derive(Template)]
#[template(path = "cu_rr_arb.sv", escape = "none")]
pub struct RrArbView {
    pub header: String,
}

#[derive(Template)]
#[template(path = "cu_top.sv", escape = "none")]
pub struct TopView {
    pub header: String,
    pub num_waves: u32,
    pub counters: Vec<CounterItem>,
}
