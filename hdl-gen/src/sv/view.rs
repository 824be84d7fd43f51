//! The views the templates render: plain data computed from the ISA table and the config.

use askama::Template;

use super::{Config, header, op_enum_name, valu};
use rdna3_isa::operand::{self, APERTURES, F16_CONSTS, FLOAT_CONSTS, Scalar};
use rdna3_isa::syntax::MODE_WRITABLE;
use rdna3_isa::{BitRange, Field, FormatDef, InstDef, Kind, Role, Ty, Unit, table};

/// A field of the instruction word as a SystemVerilog slice of `inst_i`.
fn slice(var: &str, r: BitRange) -> String {
    if r.hi == r.lo { format!("{var}[{}]", r.lo) } else { format!("{var}[{}:{}]", r.hi, r.lo) }
}

pub(crate) fn bits_for(n: usize) -> u32 {
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
const UNITS: [Unit; 12] = [
    Unit::Salu,
    Unit::Branch,
    Unit::Wait,
    Unit::Control,
    Unit::Message,
    Unit::Trap,
    Unit::Export,
    Unit::Valu,
    Unit::Trans,
    Unit::Smem,
    Unit::Vmem,
    Unit::Ds,
];

pub struct Views {
    pub pkg: PkgView,
    pub decode: DecodeView,
    pub salu: SaluView,
    pub sgpr_file: SgprFileView,
    pub vgpr_file: VgprFileView,
    pub valu: ValuView,
    pub fp32: Fp32View,
    pub fp64: Fp64View,
    pub waitcnt: WaitcntView,
    pub rr_arb: RrArbView,
    pub lds: LdsView,
    pub ds: DsView,
    pub top: TopView,
}

impl Views {
    pub fn new(cfg: &Config) -> Views {
        Views {
            pkg: PkgView::new(cfg),
            decode: DecodeView::new(),
            salu: SaluView { header: header("hdl-gen/src/sv/view.rs", "cu_salu.sv") },
            sgpr_file: SgprFileView { header: header("hdl-gen/src/sv/view.rs", "cu_sgpr_file.sv") },
            waitcnt: WaitcntView {
                header: header("hdl-gen/src/sv/view.rs", "cu_waitcnt.sv"),
                counters: counter_items(),
            },
            rr_arb: RrArbView { header: header("hdl-gen/src/sv/view.rs", "cu_rr_arb.sv") },
            lds: LdsView {
                header: header("hdl-gen/src/sv/view.rs", "cu_lds.sv"),
                lds_bytes: cfg.lds_bytes,
                lds_banks: cfg.lds_banks,
            },
            ds: DsView {
                header: header("hdl-gen/src/sv/view.rs", "cu_ds.sv"),
                lds_bytes: cfg.lds_bytes,
                lds_banks: cfg.lds_banks,
            },
            vgpr_file: VgprFileView { header: header("hdl-gen/src/sv/view.rs", "cu_vgpr_file.sv") },
            valu: ValuView { header: header("hdl-gen/src/sv/view.rs", "cu_valu.sv") },
            fp32: Fp32View {
                header: header("hdl-gen/src/sv/view.rs", "cu_fp32.sv"),
                cmps: fp_compares(Ty::F32),
                f16_twins: f16_twins(),
                explog_steps: explog_steps(),
                sincos_angles: rdna3_isa::sincos::ANGLES.iter().map(|a| format!("61'h{a:016x}")).collect(),
                sincos_gain: format!("64'h{:016x}", rdna3_isa::sincos::GAIN),
                half_pi: format!("52'h{:013x}", rdna3_isa::sincos::HALF_PI),
            },
            fp64: Fp64View {
                header: header("hdl-gen/src/sv/view.rs", "cu_fp64.sv"),
                cmps: fp_compares(Ty::F64),
                two_over_pi: two_over_pi_words(),
            },
            top: TopView {
                header: header("hdl-gen/src/sv/view.rs", "cu_top.sv"),
                num_waves: cfg.num_waves,
                lanes: cfg.lanes,
                vgprs: cfg.vgprs,
                fp_stages: cfg.fp_stages,
                lds_bytes: cfg.lds_bytes,
                lds_banks: cfg.lds_banks,
                vmem_line_bytes: cfg.vmem_line_bytes,
                counters: counter_items(),
                ports: port_decls(cfg),
                f16_consts: F16_CONSTS
                    .iter()
                    .enumerate()
                    .map(|(k, h)| (240 + k as u32, format!("{h:04x}")))
                    .collect(),
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

/// How `inst_dwords` recognises a group of formats and measures its instructions.
pub struct LenFormat {
    pub name: String,
    pub matches: String,
    pub dwords: u32,
    /// Literal conditions (of the formats and of a paired format).
    pub lits: Vec<LitCond>,
    /// Opcodes that always carry a literal.
    pub always: Vec<OpSet>,
    /// (field slice, its width, value): an extension dword follows.
    pub exts: Vec<(String, u32, u32)>,
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
    /// FLAT's apertures (guide 11.1.1): the shared (LDS) and the private (scratch) one's high
    /// dword, each aperture being every address with that high dword.
    pub ap_shared_hi: String,
    pub ap_private_hi: String,
    pub len_formats: Vec<LenFormat>,
    /// Bits `inst_dwords` looks at: every dword of the longest format.
    pub len_bits: u32,
    /// Instruction fields of all formats, with their widest width: decoded_t members.
    pub fields: Vec<(String, u32)>,
    /// The longest instruction in dwords, literal included.
    pub max_dwords: u32,
    /// Bits of a length in dwords.
    pub dwords_w: u32,
    pub vcc_lo: u32,
    pub ttmp0: u32,
    pub null: u32,
    pub m0: u32,
    pub exec_lo: u32,
    pub scc: u32,
    pub literal: u32,
    /// The lane datapath's operations: one per vector mnemonic.
    pub vops: Vec<String>,
    pub vop_bits: u32,
    pub opnd_types: Vec<&'static str>,
    pub vfields: Vec<&'static str>,
    pub vencs: Vec<&'static str>,
    /// Retire status and fault codes.
    pub rt_codes: Vec<(&'static str, u32)>,
    pub fault_codes: Vec<(&'static str, u32)>,
    /// The VS ring's tags and the bits of a vector memory tag (ports::VS_TAGS, VM_TAG_BITS).
    pub vs_tags: u32,
    pub vm_tag_bits: u32,
    pub sm_tags: u32,
    pub sm_tag_bits: u32,
    /// The codes of the atomic operations `cu_ds` executes (`dsctrl_t.atom`; the same as
    /// `memctrl_t.atom` and vmem_req_op_o carry), in the table's order: (`Atom<Op>`, code).
    pub atom_codes: Vec<(String, u32)>,
    pub hw_reg_mode: u32,
    pub mode_writable: String,
    /// Extension formats the decoder recognises (`dec_o.ext_dpp16`, ...): lower-case names.
    pub ext_flags: Vec<String>,
    /// The shapes of the floating-point rounding back end (templates/cu_fp_round.sv).
    pub rounders: Vec<Rounder>,
    /// The buffer formats (`buf_fmt_parts`, templates/cu_buf_fmt.sv): (unified format, data
    /// format, numeric format) for every one but INVALID.
    pub buf_fmts: Vec<(u32, u32, u32)>,
    /// The buffer data formats' layouts (`buf_layout`): (data format, element bytes,
    /// components, their first bits, their widths), the last two as SystemVerilog
    /// concatenations (component 3 first).
    pub buf_layouts: Vec<(u32, u32, usize, String, String)>,
    /// The buffer resource's fields (`vsharp_t`, from `operand::RsrcField`), from the top
    /// bit down as a packed struct lists them: (name, width, first bit).
    pub vsharp: Vec<(&'static str, u32, u32)>,
    /// The formats of the fused multiply-add's shared front end (templates/cu_fp_round.sv).
    pub fma_frames: Vec<FmaFrame>,
    /// The formats whose value-level helpers are generated (templates/cu_fp_fmt.sv).
    pub fp_formats: Vec<FpFormat>,
    /// Result bits the transcendental unit's digit recurrence computes a cycle.
    pub trans_steps: u32,
    /// Config::trans_cycles: the one place that says how long the unit takes.
    pub trans_cycles: u32,
    /// Config::explog_per_cycle: v_exp's and v_log's recurrence steps a cycle.
    pub explog_per_cycle: u32,
    /// Config::trans64_steps and trans64_lane: the F64 unit's recurrence.
    pub trans64_bits: u32,
    pub trans64_steps: u32,
    pub trans64_lane: u32,
}

/// One rounding function of the floating-point back end: a `w`-bit exact value rounded to a
/// format of `exp_w` exponent and `man_w` fraction bits, with `qw`-bit signed exponents.
pub struct Rounder {
    pub name: &'static str,
    /// What uses it (the function's comment).
    pub what: &'static str,
    pub w: u32,
    pub exp_w: u32,
    pub man_w: u32,
    pub qw: u32,
}

/// One format's fused multiply-add front end: the exact sum in an `fw`-bit frame with `g`
/// guard bits below the product, `qw`-bit signed exponents.
pub struct FmaFrame {
    pub name: &'static str,
    /// What uses it (the function's comment).
    pub what: &'static str,
    pub exp_w: u32,
    pub man_w: u32,
    pub g: u32,
    pub fw: u32,
    pub qw: u32,
}

/// One IEEE binary format's value-level helpers (templates/cu_fp_fmt.sv), functions named
/// `<p>_<helper>`: `w` bits, `exp_w` exponent and `man_w` fraction bits; `rounder` (of
/// `rounder_w` bits) rounds a scaled significand to it (ldexp); `full` adds the orderings,
/// the integral rounding, frexp and the conversion to a 32-bit integer.
pub struct FpFormat {
    pub p: &'static str,
    pub what: &'static str,
    pub w: u32,
    pub exp_w: u32,
    pub man_w: u32,
    pub bias: u32,
    pub rounder: &'static str,
    pub rounder_w: u32,
    pub full: bool,
    /// Bits of a leading-one position in the significand.
    pub lead_w: u32,
    /// The magnitudes of infinity and 1.0, and the quiet bit, in hex.
    pub inf_hex: String,
    pub one_hex: String,
    pub quiet_hex: String,
    /// The default NaN, in hex.
    pub dnan_hex: String,
    /// v_div_scale's constants (div.rs): the exponent difference that scales a huge quotient,
    /// the numerator exponent at or below which a tiny one is scaled, and the scale 2^div_k.
    pub div_big: u32,
    pub div_tiny: u32,
    pub div_k: u32,
    /// The transcendental digit recurrence's step on this format's significands, if a unit
    /// runs one (`<p>_tstate_t`, `<p>_tstep`).
    pub trans: Option<TransRec>,
}

/// The widths of a digit recurrence (see templates/cu_fp_fmt.sv): `ew` bits of the signed
/// remainder, `vw` of V (the root so far, or the root so far times M for rsq), `yw` result
/// bits (one a step), `rw` radicand bits (two a step, then zeros), `nw` of the operand n
/// (rcp: S, rsq: M); `rsq` whether it has the reciprocal square root's step; `steps` the
/// cu_pkg localparam that says how many steps a cycle takes (`<p>_tcycle`).
pub struct TransRec {
    pub ew: u32,
    pub vw: u32,
    pub yw: u32,
    pub rw: u32,
    pub nw: u32,
    pub rsq: bool,
    pub steps: &'static str,
}

impl FpFormat {
    /// `div`: (div_big, div_tiny, div_k), which only the full formats use.
    fn new(
        p: &'static str,
        what: &'static str,
        (exp_w, man_w): (u32, u32),
        rounder: &'static str,
        full: bool,
        (div_big, div_tiny, div_k): (u32, u32, u32),
    ) -> FpFormat {
        let bias = (1u64 << (exp_w - 1)) - 1;
        let rounder_w = ROUNDERS.iter().find(|r| r.name == rounder).map_or(0, |r| r.w);
        FpFormat {
            p,
            what,
            w: 1 + exp_w + man_w,
            exp_w,
            man_w,
            bias: bias as u32,
            rounder,
            rounder_w,
            full,
            lead_w: 32 - man_w.leading_zeros(),
            inf_hex: format!("{:x}", ((1u64 << exp_w) - 1) << man_w),
            one_hex: format!("{:x}", bias << man_w),
            quiet_hex: format!("{:x}", 1u64 << (man_w - 1)),
            dnan_hex: format!(
                "{:x}",
                (1u64 << (exp_w + man_w)) | (((1u64 << exp_w) - 1) << man_w) | (1u64 << (man_w - 1))
            ),
            div_big,
            div_tiny,
            div_k,
            trans: None,
        }
    }

    fn with_trans(self, trans: TransRec) -> FpFormat {
        FpFormat { trans: Some(trans), ..self }
    }
}

/// F16 (the F32 unit's F16 rows: flushing, classes, OMOD), F32 and F64.
fn fp_formats() -> Vec<FpFormat> {
    vec![
        FpFormat::new("f16", "F16", (5, 10), "round_f16_sig", false, (0, 0, 0)),
        // cu_fp32's: 26 result bits of S (24 bits) or M (S * 2 or S * 4); E < 2^54.
        FpFormat::new("f32", "F32", (8, 23), "round_f32_sig", true, (96, 23, 64)).with_trans(TransRec {
            ew: 56,
            vw: 53,
            yw: 26,
            rw: 28,
            nw: 26,
            rsq: true,
            steps: "TransSteps",
        }),
        // cu_fp64's: 56 result bits, rcp and sqrt (v_rsq_f64 is a square root, rounded, then
        // its reciprocal); E <= 2^57, P < 2^60.
        FpFormat::new("f64", "F64", (11, 52), "round_f64_sig", true, (768, 53, 128)).with_trans(TransRec {
            ew: 61,
            vw: 56,
            yw: super::Config::TRANS64_BITS,
            rw: 56,
            nw: 55,
            rsq: false,
            steps: "Trans64Steps",
        }),
    ]
}

/// The F32 unit's frame (its FMA, add, mul, fract and nearest) and the F64 unit's. A frame
/// holds the addend shifted up by G + D (D = 2S + 2 for S-bit significands) with a carry:
/// FW = S + G + D + 1.
const FMA_FRAMES: [FmaFrame; 2] = [
    FmaFrame { name: "fma_f32_frame", what: "F32", exp_w: 8, man_w: 23, g: 28, fw: 103, qw: 14 },
    FmaFrame { name: "fma_f64_frame", what: "F64", exp_w: 11, man_w: 52, g: 56, fw: 218, qw: 14 },
];

/// The rounders the F32 unit calls: the fused multiply-add's 103-bit exact sum (integers and
/// integral values too), a 24-bit significand scaled by a power of two (ldexp, OMOD), and the
/// transcendental unit's 26 result bits with a sticky bit; for its F16 rows, the same frame
/// rounded to F16 and an F32 or F16 significand scaled to F16 (v_cvt_f16_f32, the mixes, OMOD);
/// and the F64 unit's: its FMA's 218-bit sum, a 53-bit significand scaled by a power of two
/// (ldexp, OMOD), its recurrence's 56 result bits with a sticky bit, and the same significand
/// rounded to F32 (v_cvt_f32_f64, and that row's OMOD); and v_dot2_bf16_bf16's window of the
/// exact sum with its sticky bit, rounded to BF16.
const ROUNDERS: [Rounder; 15] = [
    Rounder {
        name: "round_f32_fma",
        what: "F32 from the FMA's sum frame",
        w: 103,
        exp_w: 8,
        man_w: 23,
        qw: 14,
    },
    Rounder {
        name: "round_f32_sig",
        what: "F32 from a scaled F32 significand",
        w: 24,
        exp_w: 8,
        man_w: 23,
        qw: 14,
    },
    Rounder {
        name: "round_f32_trans",
        what: "F32 from the transcendental unit's root or quotient and sticky bit",
        w: 27,
        exp_w: 8,
        man_w: 23,
        qw: 14,
    },
    Rounder {
        name: "round_f16_trans",
        what: "F16 from the transcendental unit's root or quotient and sticky bit (the F16 rows)",
        w: 27,
        exp_w: 5,
        man_w: 10,
        qw: 14,
    },
    Rounder {
        name: "round_f32_explog",
        what: "F32 from v_exp's significand or v_log's logarithm (60 fraction bits)",
        w: 68,
        exp_w: 8,
        man_w: 23,
        qw: 14,
    },
    Rounder {
        name: "round_f16_explog",
        what: "F16 from v_exp's significand or v_log's logarithm (the F16 rows)",
        w: 68,
        exp_w: 5,
        man_w: 10,
        qw: 14,
    },
    Rounder {
        name: "round_f16_fma",
        what: "F16 from the F32 FMA's sum frame (the F16 rows)",
        w: 103,
        exp_w: 5,
        man_w: 10,
        qw: 14,
    },
    Rounder {
        name: "round_bf16_dot",
        what: "BF16 from v_dot2_bf16_bf16's window of the exact sum (45 bits) and sticky bit",
        w: 46,
        exp_w: 8,
        man_w: 7,
        qw: 14,
    },
    Rounder {
        name: "round_f16_sig",
        what: "F16 from a scaled F32 or F16 significand",
        w: 24,
        exp_w: 5,
        man_w: 10,
        qw: 14,
    },
    Rounder {
        name: "round_f64_fma",
        what: "F64 from the F64 unit's sum frame",
        w: 218,
        exp_w: 11,
        man_w: 52,
        qw: 14,
    },
    Rounder {
        name: "round_f64_sig",
        what: "F64 from a scaled F64 significand",
        w: 53,
        exp_w: 11,
        man_w: 52,
        qw: 14,
    },
    Rounder {
        name: "round_f64_trans",
        what: "F64 from the F64 unit's root or quotient (56 bits) and sticky bit",
        w: 57,
        exp_w: 11,
        man_w: 52,
        qw: 14,
    },
    Rounder {
        name: "round_f32_dsig",
        what: "F32 from a scaled F64 significand (v_cvt_f32_f64)",
        w: 53,
        exp_w: 8,
        man_w: 23,
        qw: 14,
    },
    Rounder {
        name: "round_f32_bfmt",
        what: "F32 from a buffer format's normalised or scaled integer (templates/cu_buf_fmt.sv)",
        w: 64,
        exp_w: 8,
        man_w: 23,
        qw: 14,
    },
    Rounder {
        name: "round_f16_bfmt",
        what: "F16 from a buffer format's normalised or scaled integer, for D16 (templates/cu_buf_fmt.sv)",
        w: 64,
        exp_w: 5,
        man_w: 10,
        qw: 14,
    },
];

/// Primary formats grouped by identifying bits (formats that share them share an opcode
/// space), most specific first: the order a decoder must test them in.
fn groups() -> Vec<Vec<&'static FormatDef>> {
    let t = table();
    let mut fmts: Vec<&FormatDef> = t.formats.iter().filter(|f| !f.extension && !f.secondary).collect();
    fmts.sort_by_key(|f| (std::cmp::Reverse(f.fixed_mask.count_ones()), f.fixed_mask, f.fixed_bits, f.id));
    let mut out: Vec<Vec<&FormatDef>> = Vec::new();
    for f in fmts {
        match out.last_mut() {
            Some(g) if g[0].fixed_mask == f.fixed_mask && g[0].fixed_bits == f.fixed_bits => g.push(f),
            _ => out.push(vec![f]),
        }
    }
    out
}

/// The identifying bits of a format as a SystemVerilog condition on `var`.
fn match_expr(f: &FormatDef, var: &str) -> String {
    let parts: Vec<String> = f
        .fixed
        .iter()
        .map(|(r, v)| format!("{} == {}'b{:0w$b}", slice(var, *r), r.width(), v, w = r.width() as usize))
        .collect();
    if parts.len() == 1 { parts[0].clone() } else { format!("({})", parts.join(") && (")) }
}

fn insts_of(f: &FormatDef) -> impl Iterator<Item = &'static InstDef> + '_ {
    table().insts.iter().filter(move |d| d.format == f.id)
}

/// Formats whose instructions the RTL executes (some row of an RTL unit, a vector row, or a DS
/// row `cu_ds` executes): the decoder extracts their fields.
fn rtl_formats() -> Vec<&'static FormatDef> {
    table()
        .formats
        .iter()
        .filter(|f| {
            insts_of(f).any(|d| {
                super::RTL_UNITS.contains(&d.unit)
                    || valu::is_valu(d)
                    || ds_kind(d).is_some()
                    || mem_kind(d).is_some()
            })
        })
        .collect()
}

/// A set of opcodes of a format, with the format's opcode field.
pub struct OpSet {
    pub opcode: String,
    pub bits: u32,
    pub ops: Vec<u32>,
}

/// A literal follows when a field holds 255 and the opcode is one whose operand in that field
/// reads it ([`InstDef::literal_fields`], the Rust decoder's rule).
pub struct LitCond {
    pub field: String,
    pub width: u32,
    pub set: OpSet,
}

fn op_set(f: &FormatDef, var: &str, pred: impl Fn(&InstDef) -> bool) -> Option<OpSet> {
    let op = f.op?;
    let ops: Vec<u32> = insts_of(f).filter(|d| pred(d)).map(|d| d.opcode).collect();
    (!ops.is_empty()).then(|| OpSet { opcode: slice(var, op), bits: op.width(), ops })
}

impl PkgView {
    fn new(cfg: &Config) -> PkgView {
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
        // Each aperture is the 2^32 addresses of one high dword, which is all FLAT compares.
        let ap_hi = |base: u64, limit: u64| {
            assert!(base & 0xffff_ffff == 0 && limit == base | 0xffff_ffff, "an aperture is one high dword");
            format!("32'h{:08x}", base >> 32)
        };
        let ap_shared_hi = ap_hi(APERTURES[0], APERTURES[1]);
        let ap_private_hi = ap_hi(APERTURES[2], APERTURES[3]);
        // The highest bit `inst_dwords` reads (fields that select a literal or an extension
        // dword, and their opcodes).
        let mut len_hi = 31u32;
        let len_formats = groups()
            .into_iter()
            .filter(|g| g.iter().any(|h| insts_of(h).next().is_some()))
            .map(|g| {
                let mut lits = Vec::new();
                let mut always = Vec::new();
                let mut exts = Vec::new();
                // The group's formats, and the formats paired with them (same words).
                let mut fmts = g.clone();
                fmts.extend(g.iter().filter_map(|f| f.pair).map(|p| t.format(p)));
                for f in &fmts {
                    // (A 7-bit field never holds 255.)
                    for (field, r) in f.fields.iter().filter(|(_, r)| r.width() >= 8) {
                        let reads = |d: &InstDef| d.literal_fields().any(|x| x == *field);
                        if let Some(set) = op_set(f, "w", reads) {
                            len_hi = len_hi.max(u32::from(r.hi)).max(f.op.map_or(0, |o| u32::from(o.hi)));
                            lits.push(LitCond { field: slice("w", *r), width: r.width(), set });
                        }
                    }
                    if let Some(set) = op_set(f, "w", InstDef::always_literal) {
                        len_hi = len_hi.max(f.op.map_or(0, |o| u32::from(o.hi)));
                        always.push(set);
                    }
                }
                for rule in &g[0].ext {
                    if let Some(r) = g[0].field(rule.field) {
                        len_hi = len_hi.max(u32::from(r.hi));
                        exts.push((slice("w", r), r.width(), rule.value));
                    }
                }
                LenFormat {
                    name: g.iter().map(|f| f.name.as_str()).collect::<Vec<_>>().join("/"),
                    matches: match_expr(g[0], "w"),
                    dwords: g[0].dwords,
                    lits,
                    always,
                    exts,
                }
            })
            .collect();
        PkgView {
            trans_steps: cfg.trans_steps,
            trans_cycles: cfg.trans_cycles(),
            explog_per_cycle: cfg.explog_per_cycle(),
            trans64_bits: super::Config::TRANS64_BITS,
            trans64_steps: cfg.trans64_steps(),
            trans64_lane: cfg.trans64_lane(),
            rounders: ROUNDERS.into_iter().collect(),
            buf_fmts: (1..64).filter_map(|v| operand::buf_format_parts(v).map(|(d, n)| (v, d, n))).collect(),
            buf_layouts: (1..16)
                .filter_map(|d| {
                    let (bytes, comps) = operand::buf_data_layout(d)?;
                    let field = |w: u32, f: &dyn Fn(&(u32, u32)) -> u32| {
                        let v: Vec<String> =
                            (0..4).rev().map(|i| format!("{w}'d{}", comps.get(i).map_or(0, f))).collect();
                        format!("{{{}}}", v.join(", "))
                    };
                    Some((d, bytes, comps.len(), field(7, &|c| c.0), field(6, &|c| c.1)))
                })
                .collect(),
            vsharp: operand::RsrcField::ALL
                .iter()
                .rev()
                .map(|f| {
                    let (lo, bits) = f.span();
                    (f.sv_name(), bits, lo)
                })
                .collect(),
            fma_frames: FMA_FRAMES.into_iter().collect(),
            fp_formats: fp_formats(),
            fields: decoded_fields(),
            header: header("hdl-gen/src/sv/view.rs", "cu_pkg.sv"),
            max_dwords: max_dwords(),
            dwords_w: dwords_w(),
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
            ap_shared_hi,
            ap_private_hi,
            len_formats,
            // Up to the highest bit `inst_dwords` reads.
            len_bits: len_hi + 1,
            vcc_lo: operand::VCC_LO,
            ttmp0: operand::TTMP0,
            null: operand::NULL,
            m0: operand::M0,
            exec_lo: operand::EXEC_LO,
            scc: operand::SCC,
            literal: operand::LITERAL,
            vop_bits: bits_for(valu::vop_names().len() + 1),
            vops: valu::vop_names(),
            opnd_types: valu::OPND_TYPES.to_vec(),
            vfields: valu::VFIELDS.to_vec(),
            vencs: valu::VENCS.to_vec(),
            rt_codes: super::ports::RT_CODES.to_vec(),
            fault_codes: super::ports::FAULT_CODES.to_vec(),
            vs_tags: super::ports::VS_TAGS,
            vm_tag_bits: super::ports::VM_TAG_BITS,
            sm_tags: super::ports::SM_TAGS,
            sm_tag_bits: super::ports::SM_TAG_BITS,
            atom_codes: ds_atomic_ops()
                .map(|op| (format!("Atom{op:?}"), super::ports::atomic_code(op)))
                .collect(),
            hw_reg_mode: rdna3_isa::syntax::HW_REG_MODE,
            mode_writable: format!("32'h{:04x}_{:04x}", MODE_WRITABLE >> 16, MODE_WRITABLE & 0xffff),
            ext_flags: ext_formats().iter().map(|f| f.name.to_ascii_lowercase()).collect(),
        }
    }
}

/// The instruction fields `decoded_t` holds: those of every format the RTL decodes, each at
/// its widest.
fn decoded_fields() -> Vec<(String, u32)> {
    let mut fields: Vec<(String, u32)> = Vec::new();
    for f in rtl_formats().into_iter().chain(ext_formats()) {
        for (fd, r) in &f.fields {
            match fields.iter_mut().find(|(n, _)| n == fd.name()) {
                Some((_, w)) => *w = (*w).max(r.width()),
                None => fields.push((fd.name().to_string(), r.width())),
            }
        }
    }
    fields.sort();
    fields
}

/// The extension dwords of the formats the RTL decodes (DPP16, DPP8), in table order.
fn ext_formats() -> Vec<&'static FormatDef> {
    let t = table();
    let rtl = rtl_formats();
    t.formats
        .iter()
        .filter(|e| e.extension && rtl.iter().any(|f| f.ext.iter().any(|r| r.ext == e.id)))
        .collect()
}

/// A format as the decoder sees it.
pub struct DecFormat {
    pub name: String,
    pub matches: String,
    pub opcode: String,
    pub opcode_bits: u32,
    /// `fmt_e` member (the group's first format).
    pub fmt: String,
    /// (decoded_t member, slice of inst_i)
    pub fields: Vec<(String, String)>,
    /// (opcode, op enum)
    pub ops: Vec<(u32, String)>,
    /// Slice holding the literal dword.
    pub literal: String,
    /// Extension dwords that may follow.
    pub exts: Vec<DecExt>,
    /// A paired format's opcode (VOPD's Y).
    pub pair: Option<DecPair>,
}

/// An extension dword: when it follows, its flag member, and its fields.
pub struct DecExt {
    pub cond: String,
    pub flag: String,
    /// (decoded_t member, slice of inst_i)
    pub fields: Vec<(String, String)>,
    /// Slice holding the literal when the extension dword is present, if a row reads one.
    pub literal: Option<String>,
}

/// The opcode field of a paired format, and its rows.
pub struct DecPair {
    pub opcode: String,
    pub bits: u32,
    /// (opcode, op enum)
    pub ops: Vec<(u32, String)>,
}

/// Rows that share a body of assignments, and the body.
pub struct DecArm {
    pub labels: Vec<String>,
    pub sets: Vec<(String, String)>,
}

#[derive(Template)]
#[template(path = "cu_decode.sv", escape = "none")]
pub struct DecodeView {
    pub header: String,
    pub formats: Vec<DecFormat>,
    /// Operand attributes, implicit state and counters of each row, one arm per distinct body.
    pub arms: Vec<DecArm>,
    /// The lane operation of each vector row, one arm per operation.
    pub vop_arms: Vec<DecArm>,
    /// VOPD's Y rows: their control bundle and operation.
    pub y_arms: Vec<DecArm>,
    pub y_vop_arms: Vec<DecArm>,
    /// The sets of field values the legality rules name: (function name, ranges).
    pub code_sets: Vec<(String, Vec<(u32, u32)>)>,
    /// LLVM's decoding rules of each row (`rules_x`, `zero_x`), one arm per distinct body.
    pub rule_arms: Vec<DecArm>,
    /// The rules of VOPD's Y rows (`rules_y`, `unnamed_y`).
    pub rule_y_arms: Vec<DecArm>,
    /// Some row is an image row: emit `image_fits`.
    pub image_rules: bool,
}

/// The legality rules of the rows (`rdna3_isa::legal::row_rules`) as decoder assignments,
/// and the value sets they test fields against.
struct RuleGen {
    sets: Vec<(String, Vec<(u32, u32)>)>,
    /// Some row is an image row (the template then emits `image_fits`).
    images: bool,
}

impl RuleGen {
    /// The function that tests a field of `width` bits against `set`, or `None` when the set
    /// holds every value.
    fn set_fn(&mut self, set: &rdna3_isa::legal::CodeSet, width: u32) -> Option<String> {
        let ranges = set.ranges(1 << width);
        if ranges == [(0, (1 << width) - 1)] {
            return None;
        }
        let name = match self.sets.iter().position(|(_, r)| *r == ranges) {
            Some(i) => self.sets[i].0.clone(),
            None => {
                let name = format!("codes_{}", self.sets.len());
                self.sets.push((name.clone(), ranges));
                name
            }
        };
        Some(name)
    }

    /// The conditions of `def`'s rules but its unused bits: (zero mask, condition).
    fn row(&mut self, def: &InstDef) -> (u64, String) {
        let r = rdna3_isa::legal::row_rules(def);
        let f = def.format();
        if !def.in_llvm {
            return (0, "1'b0".into());
        }
        let t = table();
        let flags: Vec<String> = f
            .ext
            .iter()
            .map(|e| format!("dec_o.ext_{}", t.format(e.ext).name.to_ascii_lowercase()))
            .fold(Vec::new(), |mut v, x| {
                if !v.contains(&x) {
                    v.push(x);
                }
                v
            });
        let any_ext = if flags.is_empty() { None } else { Some(format!("({})", flags.join(" || "))) };
        let mut conds: Vec<String> = Vec::new();
        let ext_at = 32 * f.dwords;
        if let Some(any) = &any_ext {
            if r.no_ext {
                conds.push(format!("!{any}"));
            }
            if r.dpp16_zero != 0 {
                conds.push(format!(
                    "!(dec_o.ext_dpp16 && (inst_i[{}:{}] & 32'h{:08x}) != 32'h0)",
                    ext_at + 31,
                    ext_at,
                    r.dpp16_zero
                ));
            }
        }
        for (field, set) in &r.fields {
            let range = f.field(*field).expect("a rule's field is the format's");
            if let Some(func) = self.set_fn(set, range.width()) {
                conds.push(format!("{func}(9'({}))", slice("inst_i", range)));
            }
        }
        for (field, set) in &r.ext_fields {
            let dpp = t.formats.iter().find(|e| e.name == "DPP16").expect("DPP16");
            let range = dpp.field(*field).expect("a DPP field");
            let at = BitRange { hi: range.hi + ext_at as u8, lo: range.lo + ext_at as u8 };
            if let (Some(func), Some(any)) = (self.set_fn(set, range.width()), &any_ext) {
                conds.push(format!("(!{any} || {func}(9'({})))", slice("inst_i", at)));
            }
        }
        // Memory rows' VGPR tuples end at v255.
        for tr in &r.tuples {
            let field =
                |fd: Field| slice("inst_i", f.field(fd).expect("a tuple rule's field is the format's"));
            let first = f.field(tr.field).expect("a tuple's field").width();
            let most = tr.dwords + tr.plus.len() as u32 + tr.if_null.map_or(0, |(_, n)| n);
            if (1 << first) - 1 + most <= 256 {
                continue;
            }
            let mut width = format!("10'd{}", tr.dwords);
            for p in &tr.plus {
                width.push_str(&format!(" + 10'({})", field(*p)));
            }
            if let Some((fd, n)) = tr.if_null {
                let w = f.field(fd).expect("a field").width();
                width.push_str(&format!(" + ({} == {w}'d{} ? 10'd{n} : 10'd0)", field(fd), operand::NULL));
            }
            let bound = format!("10'({}) + {width} <= 10'd256", field(tr.field));
            conds.push(match tr.only_if {
                Some(b) => format!("(!{} || {bound})", field(b)),
                None => format!("({bound})"),
            });
        }
        if let Some(rule) = rdna3_isa::legal::image_rule(def) {
            self.images = true;
            conds.push(image_cond(def, &rule));
        }
        let cond = if conds.is_empty() { "1'b1".to_string() } else { conds.join(" &&\n            ") };
        (r.unused | r.mods, cond)
    }
}

/// The condition that an image row's VGPR tuples end by v255: a call of the template's
/// `image_fits` with the row's [`ImageRule`](rdna3_isa::legal::ImageRule) as constants, or for
/// a BVH row (whose widths depend on A16 and NSA alone) the bounds themselves.
fn image_cond(def: &InstDef, rule: &rdna3_isa::legal::ImageRule) -> String {
    use rdna3_isa::legal::ImageRule;
    let f = def.format();
    let nsa = f.ext.first().map(|e| table().format(e.ext)).expect("the image format has its NSA dword");
    let field = |fd: Field| match (f.field(fd), nsa.field(fd)) {
        (Some(r), _) => slice("inst_i", r),
        (None, Some(r)) => {
            let at = 32 * f.dwords as u8;
            slice("inst_i", BitRange { hi: r.hi + at, lo: r.lo + at })
        }
        (None, None) => panic!("{}: no field {}", def.name, fd.name()),
    };
    let ends = |reg: Field, n: String| format!("10'({}) + {n} <= 10'd256", field(reg));
    match *rule {
        ImageRule::Bvh { data, node64, addr_dwords: [a0, a1] } => format!(
            "({} && ({} ? ({} && {} && {} && ({} || {})) : {}))",
            ends(Field::Vdata, format!("10'd{data}")),
            field(Field::Nsa),
            ends(Field::Vaddr, format!("10'd{}", if node64 { 2 } else { 1 })),
            ends(Field::Addr2, "10'd3".into()),
            ends(Field::Addr3, "10'd3".into()),
            field(Field::A16),
            ends(Field::Addr4, "10'd3".into()),
            ends(Field::Vaddr, format!("({} ? 10'd{a1} : 10'd{a0})", field(Field::A16))),
        ),
        ImageRule::Image {
            addr_dwords,
            tuple_variants,
            nsa_variants,
            data_widths,
            fixed,
            base4,
            d16,
            gather4,
            data0,
            addr0_tuple,
            addr0_nsa,
        } => {
            assert!(
                addr_dwords.iter().chain([&addr0_tuple, &addr0_nsa]).all(|n| *n < 32)
                    && data_widths.iter().chain([&fixed, &data0]).all(|n| *n < 8),
                "{}: image widths beyond image_fits' fields",
                def.name
            );
            let addr = addr_dwords.iter().rev().fold(0u128, |t, n| t << 5 | u128::from(*n));
            let data = data_widths.iter().rev().fold(0u32, |t, n| t << 3 | n);
            let bit = |b: bool| if b { "1'b1" } else { "1'b0" };
            format!(
                "image_fits(80'h{addr:020x}, 32'h{tuple_variants:08x}, 32'h{nsa_variants:08x}, \
                 24'h{data:06x}, 3'd{fixed}, {}, {}, {},\n              3'd{data0}, 5'd{addr0_tuple}, \
                 5'd{addr0_nsa}, {})",
                bit(base4),
                bit(d16),
                bit(gather4),
                [
                    Field::Dmask,
                    Field::D16,
                    Field::Tfe,
                    Field::Dim,
                    Field::A16,
                    Field::Nsa,
                    Field::Vdata,
                    Field::Vaddr,
                    Field::Addr4
                ]
                .map(field)
                .join(", ")
            )
        }
    }
}

fn op_attributes(d: &InstDef) -> Vec<(String, String)> {
    // Assignments to decoded_t members.
    let mut sets = vec![("dec_o.unit".to_string(), unit_enum(d.unit))];
    let mut set = |k: &str, on: bool| {
        if on {
            sets.push((format!("dec_o.{k}"), "1'b1".to_string()));
        }
    };
    let scalar = d.format().family() == rdna3_isa::Family::Scalar;
    for o in d.operands.iter().filter(|_| scalar) {
        let Kind::Reg(ty) = o.kind else { continue };
        match o.field {
            Field::Sdst => {
                set("dst_wr", matches!(o.role, Role::Dst | Role::Modify));
                set("dst_rd", matches!(o.role, Role::Src | Role::Modify));
                set("dst_64", ty.is64());
            }
            Field::Ssrc0 | Field::Ssrc1 => {
                let n = if o.field == Field::Ssrc0 { "src0" } else { "src1" };
                set(&format!("{n}_64"), ty.is64());
                set(&format!("{n}_sext"), ty == Ty::I64);
            }
            _ => {}
        }
    }
    use rdna3_isa::Counters;
    for (c, name) in Counters::ALL {
        set(&format!("inc.{name}"), d.counters.contains(c));
    }
    if valu::is_valu(d) {
        sets.push(("dec_o.valu".to_string(), "1'b1".to_string()));
        sets.extend(valu::ctrl_sets(d, "dec_o.vc"));
    }
    sets.extend(ds_ctrl_sets(d));
    sets.extend(mem_ctrl_sets(d));
    sets
}

/// The atomic operations of the DS rows `cu_ds` executes, each once, in the table's order.
fn ds_atomic_ops() -> impl Iterator<Item = rdna3_isa::AtomicOp> {
    rdna3_isa::AtomicOp::all().filter(|&op| {
        rdna3_isa::table().insts.iter().any(|d| {
            ds_access(d).is_some_and(|a| a.kind == "DK_ATOMIC" || a.kind == "DK_FATOMIC")
                && matches!(d.access, Some(rdna3_isa::MemAccess::Atomic { op: o, .. }) if o == op)
        })
    })
}

/// The access of a DS row that `cu_ds` executes, as its `dsctrl_t` members.
#[derive(Clone, Copy, Debug, Default)]
struct DsAccess {
    kind: &'static str,
    /// Bytes of an element.
    bytes: u32,
    sext: bool,
    d16: bool,
    hi: bool,
    stride64: bool,
    /// An atomic's operation ([`super::ports::atomic_code`]).
    atom: u32,
    /// An atomic returns the pre-op value to VDST (the `_rtn` forms).
    rtn: bool,
    /// The row reads DATA1 (an atomic's second operand: mskor, cmpstore, wrap).
    data2: bool,
    /// The lane's address is M0[15:0] + 4 * lane (the `addtid` forms: no ADDR).
    addtid: bool,
}

/// The access of a DS row that `cu_ds` executes: loads and stores (the `addtid` forms too),
/// the two-address forms (exchanges too), `ds_nop`, the integer atomics of 4 and 8 bytes,
/// `ds_condxchg32_rtn_b64`, append and consume, the lane exchanges (swizzle, the permutes)
/// and the float atomics (DK_FATOMIC). None for the others (DK_NONE): GDS and the
/// ray-tracing stack.
fn ds_access(d: &InstDef) -> Option<DsAccess> {
    use rdna3_isa::{AtomicOp, AtomicReturn, Half, MemAccess as A};
    if d.format().family() != rdna3_isa::Family::Ds {
        return None;
    }
    let base = DsAccess::default();
    Some(match d.access {
        Some(A::Nop) => DsAccess { kind: "DK_NOP", ..base },
        Some(A::Load { bytes, signed, d16, addtid, lds: false }) => DsAccess {
            kind: "DK_LOAD",
            bytes,
            sext: signed,
            d16: d16.is_some(),
            hi: d16 == Some(Half::Hi),
            addtid,
            ..base
        },
        Some(A::Store { bytes, hi, addtid }) => DsAccess { kind: "DK_STORE", bytes, hi, addtid, ..base },
        Some(A::Swizzle) => DsAccess { kind: "DK_SWIZZLE", ..base },
        Some(A::Permute) => DsAccess { kind: "DK_PERMUTE", ..base },
        Some(A::Bpermute) => DsAccess { kind: "DK_BPERMUTE", ..base },
        // One read-modify-write of the dword at M0[15:0] + offset by the count of active lanes.
        Some(op @ (A::Append | A::Consume)) => DsAccess {
            kind: "DK_APPEND",
            bytes: 4,
            atom: super::ports::atomic_code(if op == A::Append { AtomicOp::Add } else { AtomicOp::Sub }),
            rtn: true,
            ..base
        },
        Some(A::CondXchg32) => DsAccess { kind: "DK_CONDX", bytes: 8, rtn: true, ..base },
        Some(A::Load2 { bytes, stride64 }) => DsAccess { kind: "DK_LOAD2", bytes, stride64, ..base },
        Some(A::Store2 { bytes, stride64 }) => DsAccess { kind: "DK_STORE2", bytes, stride64, ..base },
        // The old values of both elements come back; DATA1 is the second element's data.
        Some(A::Xchg2 { bytes, stride64 }) => {
            DsAccess { kind: "DK_XCHG2", bytes, stride64, rtn: true, data2: true, ..base }
        }
        Some(A::Atomic { op, bytes, rtn }) if bytes == 4 || bytes == 8 => DsAccess {
            // The float operations go one lane a round.
            kind: if op.is_float() { "DK_FATOMIC" } else { "DK_ATOMIC" },
            bytes,
            atom: super::ports::atomic_code(op),
            rtn: rtn == AtomicReturn::Always,
            data2: d.operands.iter().any(|o| o.field == rdna3_isa::Field::Data1),
            ..base
        },
        _ => return None,
    })
}

/// The `ds_kind_e` member of a DS row `cu_ds` executes (`DK_LOAD`, ...), None for the others.
pub fn ds_kind(d: &InstDef) -> Option<&'static str> {
    ds_access(d).map(|a| a.kind)
}

/// The DS control bundle (`dsctrl_t`) of a DS row whose access `cu_ds` executes, from the
/// table's access column; nothing (DK_NONE) for the others.
pub(super) fn ds_ctrl_sets(d: &InstDef) -> Vec<(String, String)> {
    let Some(a) = ds_access(d) else { return Vec::new() };
    let mut sets = vec![("dec_o.ds.kind".to_string(), a.kind.to_string())];
    if a.bytes != 0 {
        sets.push(("dec_o.ds.bytes".to_string(), format!("5'd{}", a.bytes)));
    }
    if a.atom != 0 {
        sets.push(("dec_o.ds.atom".to_string(), format!("5'd{}", a.atom)));
    }
    for (name, on) in [
        ("sext", a.sext),
        ("d16", a.d16),
        ("hi", a.hi),
        ("stride64", a.stride64),
        ("rtn", a.rtn),
        ("data2", a.data2),
        ("addtid", a.addtid),
    ] {
        if on {
            sets.push((format!("dec_o.ds.{name}"), "1'b1".to_string()));
        }
    }
    sets
}

/// The access of a scalar or global memory row that the compute unit's memory ports execute,
/// as its `memctrl_t` members.
struct MemCtrl {
    kind: &'static str,
    /// SMEM: dwords; GLOBAL: bytes per lane.
    size: u32,
    sext: bool,
    /// A load into one half of VDST.
    d16: bool,
    /// ... the high half; a store from the data's high half.
    hi: bool,
    /// GLOBAL: the lane's address is SADDR + offset + 4 x lane (no VGPR address).
    addtid: bool,
    /// SCRATCH: an offset in the wave's private segment, whose lanes are swizzled.
    scr: bool,
    /// FLAT: each lane's 64-bit address picks LDS, its private segment or global memory.
    flat: bool,
    /// An atomic on floats (MODE's denormal bits apply; the DS unit's float path for LDS).
    fatom: bool,
    /// An atomic that takes a compare value in DATA's registers after the data.
    cmp: bool,
    /// A format row (MUBUF's `*_format_*`, MTBUF): `comps` components converted to or from
    /// the buffer format; `size` is then the VGPR data's bytes (4 a dword), and `d16` says the
    /// components are 16-bit halves, two a VGPR.
    fmt: bool,
    /// ... MTBUF's: the instruction's FORMAT and the identity selection, not the V#'s.
    typed: bool,
    comps: u32,
    /// A GLOBAL or SCRATCH load: it retires when the port takes its request, and its answer
    /// is written into the VGPRs after that (the VL ring). MUBUF's and FLAT's loads wait for
    /// their answers (MUBUF's range masks and TFE, FLAT's LDS lanes and LGKM_CNT).
    late: bool,
    /// MUBUF: a lane's address through the buffer resource (V#) in four SGPRs, from VADDR's
    /// index and offset (IDXEN, OFFEN), SOFFSET and the offset; out-of-range dwords are not
    /// accessed.
    buf: bool,
}

/// The access of a row the memory ports execute. None for the others (MK_NONE): the loads
/// into LDS, MUBUF's format rows and MTBUF. SCRATCH loads and stores are GLOBAL ones
/// (MK_GLOAD, MK_GSTORE) with `scr` set, FLAT's loads, stores and atomics GLOBAL ones with
/// `flat` set, MUBUF's untyped loads, stores and atomics GLOBAL ones with `buf` set.
fn mem_access(d: &InstDef) -> Option<MemCtrl> {
    use rdna3_isa::{AtomicReturn, Half, MemAccess as A};
    let m = |kind, size, sext| MemCtrl {
        kind,
        size,
        sext,
        d16: false,
        hi: false,
        addtid: false,
        scr: false,
        flat: false,
        fatom: false,
        cmp: false,
        buf: false,
        fmt: false,
        typed: false,
        comps: 0,
        late: false,
    };
    // GLOBAL, SCRATCH and FLAT share the vector memory port: SCRATCH rows are GLOBAL ones
    // with `scr` set, FLAT rows with `flat` set (neither has the addtid forms, SCRATCH no
    // atomics).
    let seg = d.format().name.as_str();
    let (scr, flat, typed) = (seg == "SCRATCH", seg == "FLAT", seg == "MTBUF");
    let buf = seg == "MUBUF" || typed;
    let vmem = |addtid: bool| seg == "GLOBAL" || ((scr || flat || buf) && !addtid);
    match (seg, d.access?) {
        ("SMEM", A::ScalarLoad { dwords, buffer: false }) => Some(m("MK_SLOAD", dwords, false)),
        ("SMEM", A::ScalarLoad { dwords, buffer: true }) => Some(m("MK_SBUFFER", dwords, false)),
        ("SMEM", A::Invalidate) => Some(m("MK_SINV", 0, false)),
        ("MUBUF", A::Invalidate) => Some(m("MK_VINV", 0, false)),
        (_, A::Atomic { op, bytes, rtn: AtomicReturn::Glc }) if vmem(false) && !scr => Some(MemCtrl {
            flat,
            buf,
            fatom: op.is_float(),
            cmp: op.has_compare(),
            ..m("MK_GATOMIC", bytes, false)
        }),
        (_, A::Load { bytes, signed, d16, addtid, lds: false }) if vmem(addtid) => Some(MemCtrl {
            d16: d16.is_some(),
            hi: d16 == Some(Half::Hi),
            addtid,
            scr,
            flat,
            buf,
            late: !flat && !buf,
            ..m("MK_GLOAD", bytes, signed)
        }),
        (_, A::Store { bytes, hi, addtid }) if vmem(addtid) => {
            Some(MemCtrl { hi, addtid, scr, flat, buf, ..m("MK_GSTORE", bytes, false) })
        }
        // Format rows: `size` is VDATA's bytes, `comps` halves two a VGPR with D16.
        (_, A::LoadFormat { comps, d16, lds: false } | A::StoreFormat { comps, d16 }) if buf => {
            let kind = if matches!(d.access, Some(A::StoreFormat { .. })) { "MK_GSTORE" } else { "MK_GLOAD" };
            Some(MemCtrl {
                d16: d16.is_some(),
                hi: d16 == Some(Half::Hi),
                buf,
                fmt: true,
                typed,
                comps,
                ..m(kind, 4 * if d16.is_some() { comps.div_ceil(2) } else { comps }, false)
            })
        }
        _ => None,
    }
}

/// The `mem_kind_e` member of a row the memory ports execute (`MK_SLOAD`, ...), None for the
/// others.
pub fn mem_kind(d: &InstDef) -> Option<&'static str> {
    mem_access(d).map(|a| a.kind)
}

/// Whether a row is a late vector load (`memctrl_t.late`): it retires when the vector port
/// takes its request, and its VGPRs are written later, on the VL ring's tags.
pub fn mem_late(d: &InstDef) -> bool {
    mem_access(d).is_some_and(|a| a.late)
}

/// The memory control bundle (`memctrl_t`) of a row the memory ports execute.
pub(super) fn mem_ctrl_sets(d: &InstDef) -> Vec<(String, String)> {
    let Some(a) = mem_access(d) else { return Vec::new() };
    let mut sets = vec![("dec_o.mem.kind".to_string(), a.kind.to_string())];
    if a.size != 0 {
        sets.push(("dec_o.mem.size".to_string(), format!("5'd{}", a.size)));
    }
    for (name, on) in [
        ("sext", a.sext),
        ("d16", a.d16),
        ("hi", a.hi),
        ("addtid", a.addtid),
        ("scr", a.scr),
        ("flat", a.flat),
        ("fatom", a.fatom),
        ("cmp", a.cmp),
        ("mubuf", a.buf),
        ("fmt", a.fmt),
        ("typed", a.typed),
        ("late", a.late),
    ] {
        if on {
            sets.push((format!("dec_o.mem.{name}"), "1'b1".to_string()));
        }
    }
    if a.comps != 0 {
        sets.push(("dec_o.mem.comps".to_string(), format!("3'd{}", a.comps)));
    }
    if let Some(rdna3_isa::MemAccess::Atomic { op, .. }) = d.access {
        sets.push(("dec_o.mem.atom".to_string(), format!("5'd{}", super::ports::atomic_code(op))));
    }
    sets
}

/// Groups rows by identical bodies, in the order each body first appears.
fn group_arms(rows: impl Iterator<Item = (String, Vec<(String, String)>)>) -> Vec<DecArm> {
    let mut out: Vec<DecArm> = Vec::new();
    for (label, sets) in rows {
        match out.iter_mut().find(|a| a.sets == sets) {
            Some(a) => a.labels.push(label),
            None => out.push(DecArm { labels: vec![label], sets }),
        }
    }
    out
}

/// The fields of `fmts` (formats sharing identifying bits) as (member, slice) pairs, each
/// member once.
fn field_slices(fmts: &[&FormatDef], var: &str, offset: u32) -> Vec<(String, String)> {
    let widths = decoded_fields();
    let mut out: Vec<(String, String)> = Vec::new();
    for f in fmts {
        for (fd, r) in &f.fields {
            let w = widths.iter().find(|(n, _)| n == fd.name()).map_or(r.width(), |(_, w)| *w);
            let r = BitRange { hi: r.hi + offset as u8, lo: r.lo + offset as u8 };
            // A narrower field of a member some other format has wider is zero-extended.
            let sl = if w > r.width() { format!("{w}'({})", slice(var, r)) } else { slice(var, r) };
            match out.iter().find(|(n, _)| n == fd.name()) {
                Some((_, s)) => assert!(*s == sl, "field {} differs between {}", fd.name(), f.name),
                None => out.push((fd.name().to_string(), sl)),
            }
        }
    }
    out.sort();
    out
}

impl DecodeView {
    fn new() -> DecodeView {
        let t = table();
        let rtl = rtl_formats();
        let formats = groups()
            .into_iter()
            // A format without rows yet decodes nothing.
            .filter(|g| g.iter().any(|h| insts_of(h).next().is_some()))
            .map(|g| {
                let f = g[0];
                assert!(
                    g.iter().all(|h| h.op == f.op),
                    "formats {} share identifying bits but not the opcode field",
                    f.name
                );
                // Fields are extracted for the formats the RTL executes.
                let executes = g.iter().any(|h| rtl.iter().any(|r| r.id == h.id));
                let fields = if executes { field_slices(&g, "inst_i", 0) } else { Vec::new() };
                let reads_literal = g
                    .iter()
                    .flat_map(|h| insts_of(h))
                    .any(|d| d.always_literal() || d.literal_fields().next().is_some());
                let exts = if executes {
                    f.ext
                        .iter()
                        .filter_map(|rule| {
                            let r = f.field(rule.field)?;
                            let e = t.format(rule.ext);
                            Some(DecExt {
                                cond: format!("{} == {}'d{}", slice("inst_i", r), r.width(), rule.value),
                                flag: format!("dec_o.ext_{}", e.name.to_ascii_lowercase()),
                                fields: field_slices(&[e], "inst_i", 32 * f.dwords),
                                // A literal follows the extension dword (VOP3 DPP).
                                literal: (reads_literal && f.dwords + e.dwords < max_dwords()).then(|| {
                                    let at = 32 * (f.dwords + e.dwords);
                                    format!("inst_i[{}:{}]", at + 31, at)
                                }),
                            })
                        })
                        .collect()
                } else {
                    Vec::new()
                };
                let pair = f.pair.map(|p| {
                    let pf = t.format(p);
                    let op = pf.op.expect("a paired format has an opcode field");
                    DecPair {
                        opcode: slice("inst_i", op),
                        bits: op.width(),
                        ops: insts_of(pf).map(|d| (d.opcode, op_enum_name(d))).collect(),
                    }
                });
                let literal_at = f.dwords * 32;
                DecFormat {
                    name: g.iter().map(|h| h.name.as_str()).collect::<Vec<_>>().join("/"),
                    matches: match_expr(f, "inst_i"),
                    opcode: f.op.map_or_else(String::new, |op| slice("inst_i", op)),
                    opcode_bits: f.op.map_or(0, |op| op.width()),
                    fmt: fmt_enum(f),
                    fields,
                    ops: g.iter().flat_map(|h| insts_of(h)).map(|d| (d.opcode, op_enum_name(d))).collect(),
                    literal: format!("inst_i[{}:{}]", literal_at + 31, literal_at),
                    exts,
                    pair,
                }
            })
            .collect();
        let primary = t.insts.iter().filter(|d| !d.format().secondary);
        let arms = group_arms(primary.map(|d| (op_enum_name(d), op_attributes(d))));
        let valu_rows = || t.insts.iter().filter(|d| valu::is_valu(d));
        let vop_arms = arms_by_vop(valu_rows().filter(|d| !d.format().secondary), "dec_o.vop");
        let y_rows = || t.insts.iter().filter(|d| d.format().secondary);
        let y_arms = group_arms(y_rows().map(|d| (op_enum_name(d), valu::ctrl_sets(d, "dec_o.vcy"))));
        let y_vop_arms = arms_by_vop(y_rows(), "dec_o.vop_y");
        let mut rules = RuleGen { sets: Vec::new(), images: false };
        let rule_arms = group_arms(t.insts.iter().filter(|d| !d.format().secondary).map(|d| {
            let (zero, cond) = rules.row(d);
            (op_enum_name(d), vec![("zero_x".into(), format!("64'h{zero:016x}")), ("rules_x".into(), cond)])
        }));
        let rule_y_arms = group_arms(t.insts.iter().filter(|d| d.format().secondary).map(|d| {
            let r = rdna3_isa::legal::row_rules(d);
            assert!(r.mods == 0 && r.ext_fields.is_empty(), "{}: a paired row with modifiers or DPP", d.name);
            let (_, cond) = rules.row(d);
            // Bits of the pair's format that must be zero whatever the halves use.
            let unnamed = r.unnamed | d.format().zero;
            (
                op_enum_name(d),
                vec![("unnamed_y".into(), format!("64'h{unnamed:016x}")), ("rules_y".into(), cond)],
            )
        }));
        DecodeView {
            code_sets: rules.sets,
            image_rules: rules.images,
            rule_arms,
            rule_y_arms,
            header: header("hdl-gen/src/sv/view.rs", "cu_decode.sv"),
            formats,
            arms,
            vop_arms,
            y_arms,
            y_vop_arms,
        }
    }
}

/// `member = VOP_x` for every vector row, one arm per operation.
fn arms_by_vop<'a>(rows: impl Iterator<Item = &'a InstDef>, member: &str) -> Vec<DecArm> {
    group_arms(rows.map(|d| (op_enum_name(d), vec![(member.to_string(), valu::vop_name(d))])))
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
    let t = table();
    t.insts
        .iter()
        .map(|d| {
            let lit = d.always_literal()
                || d.operands.iter().any(|o| o.field.is_scalar_source() && matches!(o.kind, Kind::Reg(_)));
            // An extension dword (DPP, image addresses) comes before the literal.
            let ext = d.format().ext.iter().map(|r| t.format(r.ext).dwords).max().unwrap_or(0);
            d.format().dwords + ext + u32::from(lit)
        })
        .max()
        .unwrap_or(1)
}

/// Bits of an instruction length in dwords, 0 to [`max_dwords`] (`DwordsW` in cu_pkg: the
/// decoder's lengths and `rt_dwords_o`).
pub fn dwords_w() -> u32 {
    bits_for(max_dwords() as usize + 1)
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
#[template(path = "cu_lds.sv", escape = "none")]
pub struct LdsView {
    pub header: String,
    pub lds_bytes: u32,
    pub lds_banks: u32,
}

#[derive(Template)]
#[template(path = "cu_ds.sv", escape = "none")]
pub struct DsView {
    pub header: String,
    pub lds_bytes: u32,
    pub lds_banks: u32,
}

#[derive(Template)]
#[template(path = "cu_top.sv", escape = "none")]
pub struct TopView {
    pub header: String,
    pub num_waves: u32,
    pub lanes: u32,
    pub vgprs: u32,
    pub fp_stages: u32,
    pub lds_bytes: u32,
    pub lds_banks: u32,
    pub vmem_line_bytes: u32,
    pub counters: Vec<CounterItem>,
    pub ports: Vec<PortDecl>,
    /// (code, F16 bits in hex) of the float inline constants.
    pub f16_consts: Vec<(u32, String)>,
}

/// A port declaration of `cu_top`, with the comment lines of its group before the first one.
pub struct PortDecl {
    pub group: Option<Vec<String>>,
    pub decl: String,
    pub doc: String,
}

/// Wraps `text` into comment lines of at most `width` characters.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match lines.last_mut() {
            Some(l) if l.len() + 1 + word.len() <= width => {
                l.push(' ');
                l.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

fn port_decls(cfg: &Config) -> Vec<PortDecl> {
    let ports = super::ports::ports(cfg);
    let mut out = Vec::new();
    let mut group = "";
    for p in &ports {
        let dir = match p.dir {
            super::ports::Dir::In => "input ",
            super::ports::Dir::Out => "output",
        };
        let g = (p.group != group).then(|| wrap(p.group, 92));
        group = p.group;
        out.push(PortDecl {
            group: g,
            decl: format!("{dir} {:<34} {}", p.sv_type, p.name),
            doc: p.doc.to_string(),
        });
    }
    out
}

#[derive(Template)]
#[template(path = "cu_vgpr_file.sv", escape = "none")]
pub struct VgprFileView {
    pub header: String,
}

#[derive(Template)]
#[template(path = "cu_valu.sv", escape = "none")]
pub struct ValuView {
    pub header: String,
}

#[derive(Template)]
#[template(path = "cu_fp32.sv", escape = "none")]
pub struct Fp32View {
    pub header: String,
    pub cmps: Vec<CmpCase>,
    /// The F16 compares and class tests, each with its F32 twin (`valu_op_e` labels).
    pub f16_twins: Vec<(String, String)>,
    /// v_exp's and v_log's recurrence table (`rdna3_isa::explog::LOG2_STEPS`, which the golden
    /// model runs): log2(1 + 2^-i) in 61-bit fixed point, step 0 first.
    pub explog_steps: Vec<String>,
    /// v_sin's and v_cos's tables (`rdna3_isa::sincos`): CORDIC's angles, its gain's inverse,
    /// pi / 2's 52 bits.
    pub sincos_angles: Vec<String>,
    pub sincos_gain: String,
    pub half_pi: String,
}

fn explog_steps() -> Vec<String> {
    rdna3_isa::explog::LOG2_STEPS.iter().map(|l| format!("61'h{l:016x}")).collect()
}

#[derive(Template)]
#[template(path = "cu_fp64.sv", escape = "none")]
pub struct Fp64View {
    pub header: String,
    pub cmps: Vec<CmpCase>,
    /// v_trig_preop_f64's table: 2/pi's fraction bits in 64-bit words, most significant first.
    pub two_over_pi: Vec<String>,
}

/// 2/pi's 1201 fraction bits (`rdna3_isa::constants`, which the golden model reads too) as 20
/// 64-bit words in hex, the first fraction bit at the top of the first word, zeros after the
/// last.
fn two_over_pi_words() -> Vec<String> {
    use rdna3_isa::constants::{TWO_OVER_PI_BITS, two_over_pi_bit};
    let words = (TWO_OVER_PI_BITS as usize).div_ceil(64);
    (0..words)
        .map(|w| {
            let v = (0..64)
                .fold(0u64, |acc, k| acc << 1 | two_over_pi_bit(TWO_OVER_PI_BITS - 1 - (64 * w + k) as i64));
            format!("64'h{v:016x}")
        })
        .collect()
}

/// The compare rows of one condition: their `valu_op_e` labels and the condition as the
/// truth of {unordered, greater, equal, less}.
pub struct CmpCase {
    pub labels: String,
    pub pred: String,
}

/// The F16 compares and class tests (`v_cmp_*_f16`, `v_cmpx_*_f16`), each with the F32 row of
/// the same condition that the F32 unit runs it as (on its sources widened to F32).
fn f16_twins() -> Vec<(String, String)> {
    let names = valu::vop_names();
    let mut out: Vec<(String, String)> = Vec::new();
    for d in table().insts.iter().filter(|d| valu::is_valu(d)) {
        let Some(c) = d.compare else { continue };
        if c.ty != Ty::F16 {
            continue;
        }
        let name = valu::vop_name(d);
        let twin = name.replace("_F16", "_F32");
        assert!(names.contains(&twin), "{name} has no F32 twin {twin}");
        if !out.iter().any(|(n, _)| *n == name) {
            out.push((name, twin));
        }
    }
    out
}

/// The compares of format `ty` (`v_cmp_*_f32`, `v_cmpx_*_f32` for F32; not the class tests),
/// grouped by condition.
fn fp_compares(ty: Ty) -> Vec<CmpCase> {
    use rdna3_isa::CmpOp as C;
    let pred = |op: C| -> &'static str {
        match op {
            C::F => "0000",
            C::Lt => "0001",
            C::Eq => "0010",
            C::Le => "0011",
            C::Gt => "0100",
            C::Lg | C::Ne => "0101",
            C::Ge => "0110",
            C::O => "0111",
            C::U => "1000",
            C::Nge => "1001",
            C::Nlg => "1010",
            C::Ngt => "1011",
            C::Nle => "1100",
            C::Neq => "1101",
            C::Nlt => "1110",
            C::T => "1111",
            C::Class => unreachable!("class tests are not compares of two values"),
        }
    };
    let mut groups: Vec<(&'static str, Vec<String>)> = Vec::new();
    for d in table().insts.iter().filter(|d| valu::is_valu(d)) {
        let Some(c) = d.compare else { continue };
        if c.ty != ty || c.op == rdna3_isa::CmpOp::Class {
            continue;
        }
        let name = valu::vop_name(d);
        let p = pred(c.op);
        match groups.iter_mut().find(|(q, _)| *q == p) {
            Some((_, names)) if names.contains(&name) => {}
            Some((_, names)) => names.push(name),
            None => groups.push((p, vec![name])),
        }
    }
    groups
        .into_iter()
        .map(|(p, names)| {
            // Label lists wrap after four names, each line but the last ending in a comma.
            let lines: Vec<String> = names.chunks(4).map(|c| c.join(", ")).collect();
            CmpCase { labels: lines.join(",\n      "), pred: p.to_string() }
        })
        .collect()
}
