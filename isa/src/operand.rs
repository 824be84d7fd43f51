//! Scalar operand encodings (guide 4.1, Table 20): register names, inline constants, and the
//! value a source code stands for at a given operand type.

use super::Ty;

/// SGPRs s0..s105.
pub const NUM_SGPRS: u32 = 106;
pub const VCC_LO: u32 = 106;
pub const VCC_HI: u32 = 107;
pub const TTMP0: u32 = 108;
pub const NULL: u32 = 124;
pub const M0: u32 = 125;
pub const EXEC_LO: u32 = 126;
pub const EXEC_HI: u32 = 127;
pub const SHARED_BASE: u32 = 235;
pub const SHARED_LIMIT: u32 = 236;
pub const PRIVATE_BASE: u32 = 237;
pub const PRIVATE_LIMIT: u32 = 238;
pub const SCC: u32 = 253;
pub const LDS_DIRECT: u32 = 254;
pub const LITERAL: u32 = 255;

/// Inline float constants, codes 240..=248, as (f32 bits, f64 bits, assembly text).
pub const FLOAT_CONSTS: [(u32, u64, &str); 9] = [
    (0x3f00_0000, 0x3fe0_0000_0000_0000, "0.5"),
    (0xbf00_0000, 0xbfe0_0000_0000_0000, "-0.5"),
    (0x3f80_0000, 0x3ff0_0000_0000_0000, "1.0"),
    (0xbf80_0000, 0xbff0_0000_0000_0000, "-1.0"),
    (0x4000_0000, 0x4000_0000_0000_0000, "2.0"),
    (0xc000_0000, 0xc000_0000_0000_0000, "-2.0"),
    (0x4080_0000, 0x4010_0000_0000_0000, "4.0"),
    (0xc080_0000, 0xc010_0000_0000_0000, "-4.0"),
    (0x3e22_f983, 0x3fc4_5f30_6dc9_c882, "0.15915494"),
];

/// The same inline float constants (codes 240..=248) as F16 bit patterns, for 16-bit and
/// packed 16-bit operands (1/(2*pi) rounds to 0x3118).
pub const F16_CONSTS: [u16; 9] = [0x3800, 0xb800, 0x3c00, 0xbc00, 0x4000, 0xc000, 0x4400, 0xc400, 0x3118];

/// The same inline float constants as BF16 bit patterns: the high half of the F32 pattern
/// (1/(2*pi) truncated to 0x3e22, as LLVM encodes it).
pub const BF16_CONSTS: [u16; 9] = {
    let mut out = [0; 9];
    let mut k = 0;
    while k < out.len() {
        out[k] = (FLOAT_CONSTS[k].0 >> 16) as u16;
        k += 1;
    }
    out
};

/// The aperture constants (235..=238) as 64-bit values. The guide derives them from
/// SH_MEM_BASES; this implementation fixes SH_MEM_BASES so that the shared aperture starts at
/// 0x0001_0000_0000_0000 and the private one at 0x0002_0000_0000_0000 (64-bit addressing).
pub const APERTURES: [u64; 4] =
    [0x0001_0000_0000_0000, 0x0001_0000_ffff_ffff, 0x0002_0000_0000_0000, 0x0002_0000_ffff_ffff];

/// What a scalar operand code (0..=255) designates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scalar {
    /// Architectural register storage, by code 0..=127 (SGPR, VCC, TTMP, M0, EXEC).
    Reg(u32),
    Null,
    /// Integer inline constant.
    Int(i32),
    /// Float inline constant, index into [`FLOAT_CONSTS`].
    Float(usize),
    /// Aperture constant, index into [`APERTURES`].
    Aperture(usize),
    Scc,
    Literal,
    /// Codes the guide reserves (or DPP selectors, which scalar instructions cannot use).
    Reserved(u32),
}

/// A scalar source operand as decoded for execution.
pub type ScalarSrc = Scalar;

impl Scalar {
    pub fn from_code(code: u32) -> Scalar {
        match code {
            NULL => Scalar::Null,
            0..=127 => Scalar::Reg(code),
            128..=192 => Scalar::Int(code as i32 - 128),
            193..=208 => Scalar::Int(192 - code as i32),
            235..=238 => Scalar::Aperture((code - 235) as usize),
            240..=248 => Scalar::Float((code - 240) as usize),
            SCC => Scalar::Scc,
            LITERAL => Scalar::Literal,
            _ => Scalar::Reserved(code),
        }
    }

    /// The value of a constant operand (anything but a register or NULL) at type `ty`,
    /// before any 64-bit extension of a literal, which [`literal_value`] does.
    pub fn constant(self, ty: Ty, scc: bool) -> Option<u64> {
        Some(match self {
            Scalar::Null => 0,
            Scalar::Int(i) => {
                if ty.is64() {
                    i64::from(i) as u64
                } else {
                    u64::from(i as u32)
                }
            }
            Scalar::Float(k) => {
                if ty.is64() {
                    FLOAT_CONSTS[k].1
                } else {
                    u64::from(FLOAT_CONSTS[k].0)
                }
            }
            Scalar::Aperture(k) => {
                if ty.is64() {
                    APERTURES[k]
                } else {
                    APERTURES[k] & 0xffff_ffff
                }
            }
            Scalar::Scc => u64::from(scc),
            Scalar::Reserved(_) => 0,
            Scalar::Reg(_) | Scalar::Literal => return None,
        })
    }
}

/// A 32-bit literal extended to an operand of type `ty` (guide 4.1): signed 64-bit integers
/// sign-extend it, other 64-bit integer and bit types zero-extend it, and F64 takes it as the
/// high dword.
pub fn literal_value(lit: u32, ty: Ty) -> u64 {
    match ty {
        Ty::I64 => i64::from(lit as i32) as u64,
        Ty::F64 => u64::from(lit) << 32,
        _ => u64::from(lit),
    }
}

/// Name of a VGPR or VGPR tuple as LLVM prints it: `v5`, `v[4:7]`.
pub fn vgpr_name(n: u32, dwords: u32) -> String {
    if dwords <= 1 { format!("v{n}") } else { format!("v[{}:{}]", n, n + dwords - 1) }
}

/// Name of a scalar register code as LLVM prints it, for an operand of `dwords` dwords.
/// Returns `None` for codes LLVM cannot name at that width.
pub fn reg_name(code: u32, dwords: u32) -> Option<String> {
    if dwords > 2 {
        // Quad-aligned tuples of SGPRs or TTMPs.
        return Some(match code {
            c if c.is_multiple_of(4) && c + dwords <= NUM_SGPRS => format!("s[{}:{}]", c, c + dwords - 1),
            c if c >= TTMP0 && (c - TTMP0).is_multiple_of(4) && c + dwords <= TTMP0 + 16 => {
                format!("ttmp[{}:{}]", c - TTMP0, c - TTMP0 + dwords - 1)
            }
            NULL => "null".into(),
            _ => return None,
        });
    }
    if dwords == 1 {
        return Some(match code {
            0..=105 => format!("s{code}"),
            VCC_LO => "vcc_lo".into(),
            VCC_HI => "vcc_hi".into(),
            108..=123 => format!("ttmp{}", code - TTMP0),
            NULL => "null".into(),
            M0 => "m0".into(),
            EXEC_LO => "exec_lo".into(),
            EXEC_HI => "exec_hi".into(),
            _ => return None,
        });
    }
    if dwords == 2 {
        return Some(match code {
            c @ 0..=104 if c % 2 == 0 => format!("s[{}:{}]", c, c + 1),
            VCC_LO => "vcc".into(),
            c @ 108..=122 if c % 2 == 0 => format!("ttmp[{}:{}]", c - TTMP0, c - TTMP0 + 1),
            NULL => "null".into(),
            EXEC_LO => "exec".into(),
            _ => return None,
        });
    }
    None
}

/// Name of a source code that is neither a register nor an inline number: the apertures,
/// the status sources and LDS_DIRECT.
pub fn special_name(code: u32) -> Option<&'static str> {
    Some(match code {
        235 => "src_shared_base",
        236 => "src_shared_limit",
        237 => "src_private_base",
        238 => "src_private_limit",
        239 => "src_pops_exiting_wave_id",
        251 => "src_vccz",
        252 => "src_execz",
        253 => "src_scc",
        254 => "src_lds_direct",
        _ => return None,
    })
}

/// Assembly text of a non-register scalar source code at an operand of `dwords` dwords, as
/// LLVM prints it.
pub fn const_name(code: u32, dwords: u32) -> Option<String> {
    Some(match Scalar::from_code(code) {
        Scalar::Int(i) => i.to_string(),
        Scalar::Float(8) if dwords == 2 => "0.15915494309189532".into(),
        Scalar::Float(k) => FLOAT_CONSTS[k].2.to_string(),
        _ => special_name(code)?.into(),
    })
}

/// Name of a 7-bit scalar register code as LLVM's disassembler prints a register tuple of
/// `dwords` dwords (memory instructions' SDATA, SBASE, SRSRC, ...): a misaligned SGPR or TTMP
/// tuple is aligned down (to 2 for pairs, to 4 for larger tuples), VCC and EXEC name the pair
/// at any width above one dword. `None` for codes LLVM does not decode at that width (the
/// word is then no valid instruction for LLVM).
pub fn tuple_name(code: u32, dwords: u32) -> Option<String> {
    if dwords <= 1 {
        return reg_name(code, 1);
    }
    let align = if dwords == 2 { 2 } else { 4 };
    let range = |prefix: &str, base: u32, count: u32| {
        let lo = (code - base) / align * align;
        (lo + dwords <= count).then(|| format!("{prefix}[{}:{}]", lo, lo + dwords - 1))
    };
    match code {
        0..=105 => range("s", 0, NUM_SGPRS),
        VCC_LO => Some("vcc".into()),
        TTMP0..=123 => range("ttmp", TTMP0, 16),
        NULL => Some("null".into()),
        EXEC_LO => Some("exec".into()),
        _ => None,
    }
}

/// gfx11's buffer data formats (the `BUF_DATA_FORMAT_*` names, by value).
pub const BUF_DATA_FORMATS: [&str; 16] = [
    "INVALID",
    "8",
    "16",
    "8_8",
    "32",
    "16_16",
    "10_11_11",
    "11_11_10",
    "10_10_10_2",
    "2_10_10_10",
    "8_8_8_8",
    "32_32",
    "16_16_16_16",
    "32_32_32",
    "32_32_32_32",
    "RESERVED_15",
];

/// gfx11's buffer numeric formats (the `BUF_NUM_FORMAT_*` names, by value).
pub const BUF_NUM_FORMATS: [&str; 8] =
    ["UNORM", "SNORM", "USCALED", "SSCALED", "UINT", "SINT", "RESERVED_6", "FLOAT"];

/// MTBUF's unified formats 0..=63 (gfx11) as (data format, numeric format), as LLVM 19 maps
/// them; each prints as `BUF_FMT_<data>_<num>` (0 as `BUF_FMT_INVALID`).
const BUF_FORMATS: [(u8, u8); 64] = [
    (0, 0),
    (1, 0),
    (1, 1),
    (1, 2),
    (1, 3),
    (1, 4),
    (1, 5),
    (2, 0),
    (2, 1),
    (2, 2),
    (2, 3),
    (2, 4),
    (2, 5),
    (2, 7),
    (3, 0),
    (3, 1),
    (3, 2),
    (3, 3),
    (3, 4),
    (3, 5),
    (4, 4),
    (4, 5),
    (4, 7),
    (5, 0),
    (5, 1),
    (5, 2),
    (5, 3),
    (5, 4),
    (5, 5),
    (5, 7),
    (6, 7),
    (7, 7),
    (8, 0),
    (8, 1),
    (8, 4),
    (8, 5),
    (9, 0),
    (9, 1),
    (9, 2),
    (9, 3),
    (9, 4),
    (9, 5),
    (10, 0),
    (10, 1),
    (10, 2),
    (10, 3),
    (10, 4),
    (10, 5),
    (11, 4),
    (11, 5),
    (11, 7),
    (12, 0),
    (12, 1),
    (12, 2),
    (12, 3),
    (12, 4),
    (12, 5),
    (12, 7),
    (13, 4),
    (13, 5),
    (13, 7),
    (14, 4),
    (14, 5),
    (14, 7),
];

/// The (data format, numeric format) pair of unified buffer format `v` (`BUF_DATA_FORMAT_*`,
/// `BUF_NUM_FORMAT_*` values); `None` for INVALID (0) and above 63.
pub fn buf_format_parts(v: u32) -> Option<(u32, u32)> {
    match BUF_FORMATS.get(v as usize)? {
        (0, _) => None,
        (d, n) => Some((u32::from(*d), u32::from(*n))),
    }
}

/// The layout of buffer data format `d` (`BUF_DATA_FORMAT_*`, 1..=14): the element's bytes
/// and its components' bit fields (offset, width) from bit 0 up (guide 9.3, Table 52; names
/// list the components from the top down, as Mesa's R11G11B10_FLOAT = 10_11_11 and
/// R10G10B10A2 = 2_10_10_10 show). The golden model and hdl-gen's format table share it.
pub fn buf_data_layout(d: u32) -> Option<(u32, &'static [(u32, u32)])> {
    Some(match d {
        1 => (1, &[(0, 8)]),
        2 => (2, &[(0, 16)]),
        3 => (2, &[(0, 8), (8, 8)]),
        4 => (4, &[(0, 32)]),
        5 => (4, &[(0, 16), (16, 16)]),
        6 => (4, &[(0, 11), (11, 11), (22, 10)]),
        7 => (4, &[(0, 10), (10, 11), (21, 11)]),
        8 => (4, &[(0, 2), (2, 10), (12, 10), (22, 10)]),
        9 => (4, &[(0, 10), (10, 10), (20, 10), (30, 2)]),
        10 => (4, &[(0, 8), (8, 8), (16, 8), (24, 8)]),
        11 => (8, &[(0, 32), (32, 32)]),
        12 => (8, &[(0, 16), (16, 16), (32, 16), (48, 16)]),
        13 => (12, &[(0, 32), (32, 32), (64, 32)]),
        14 => (16, &[(0, 32), (32, 32), (64, 32), (96, 32)]),
        _ => return None,
    })
}

/// The `BUF_FMT_*` name of a unified buffer format; `None` above 63.
pub fn buf_format_name(v: u32) -> Option<String> {
    match BUF_FORMATS.get(v as usize)? {
        (0, 0) => Some("BUF_FMT_INVALID".into()),
        (d, n) => Some(format!("BUF_FMT_{}_{}", BUF_DATA_FORMATS[*d as usize], BUF_NUM_FORMATS[*n as usize])),
    }
}

/// The unified format of a `BUF_FMT_*` name.
pub fn buf_format_by_name(name: &str) -> Option<u32> {
    (0..64).find(|v| buf_format_name(*v).as_deref() == Some(name))
}

/// The unified format of a data and a numeric format (LLVM's split `format:[...]` syntax;
/// either may be missing: BUF_DATA_FORMAT_8 and BUF_NUM_FORMAT_UNORM are the defaults).
/// `None` for a combination gfx11 has no unified format for.
pub fn buf_format_split(data: Option<u32>, num: Option<u32>) -> Option<u32> {
    let pair = (data.unwrap_or(1) as u8, num.unwrap_or(0) as u8);
    BUF_FORMATS.iter().position(|p| *p == pair).map(|v| v as u32)
}

/// The fields of a buffer resource (V#, guide 9.6, "Buffer Resource Descriptor"), from bit 0
/// of the 128-bit descriptor (dword 0's bit 0) up. They tile the descriptor: the bits the
/// guide names no field for are the `Reserved*` ones. The golden model reads a V# through
/// them and hdl-gen emits them as `cu_pkg::vsharp_t`, which cu_top's buffer path reads; so
/// both models take every field from this one list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RsrcField {
    /// Byte address.
    Base,
    /// Bytes, 0 to 16383.
    Stride,
    /// 0 linear, 1 swizzled with 4-byte elements, 2 reserved, 3 swizzled with 16-byte ones.
    SwizzleEnable,
    /// In units of stride if it is at least 1, else in bytes.
    NumRecords,
    /// The destination channel selects: 0 reads 0, 1 reads 1, 4..7 the components R..A.
    DstSelX,
    DstSelY,
    DstSelZ,
    DstSelW,
    /// The unified buffer format; 0 (INVALID) unbinds the V# (for MUBUF unless add_tid_enable).
    Format,
    Reserved114,
    /// 8 << index_stride elements, for swizzled addressing.
    IndexStride,
    /// Add the lane's number to the index.
    AddTidEnable,
    Reserved120,
    /// A cache hint (the guide: "may become deprecated"); no model reads it.
    LlcNoalloc,
    /// How the range check works (guide Table 46).
    OobSelect,
    /// 0 for a buffer; the instruction is ignored otherwise.
    Type,
}

impl RsrcField {
    /// Every field, from bit 0 up.
    pub const ALL: [RsrcField; 16] = [
        RsrcField::Base,
        RsrcField::Stride,
        RsrcField::SwizzleEnable,
        RsrcField::NumRecords,
        RsrcField::DstSelX,
        RsrcField::DstSelY,
        RsrcField::DstSelZ,
        RsrcField::DstSelW,
        RsrcField::Format,
        RsrcField::Reserved114,
        RsrcField::IndexStride,
        RsrcField::AddTidEnable,
        RsrcField::Reserved120,
        RsrcField::LlcNoalloc,
        RsrcField::OobSelect,
        RsrcField::Type,
    ];

    /// The field's first bit in the descriptor and its width.
    pub const fn span(self) -> (u32, u32) {
        match self {
            RsrcField::Base => (0, 48),
            RsrcField::Stride => (48, 14),
            RsrcField::SwizzleEnable => (62, 2),
            RsrcField::NumRecords => (64, 32),
            RsrcField::DstSelX => (96, 3),
            RsrcField::DstSelY => (99, 3),
            RsrcField::DstSelZ => (102, 3),
            RsrcField::DstSelW => (105, 3),
            RsrcField::Format => (108, 6),
            RsrcField::Reserved114 => (114, 3),
            RsrcField::IndexStride => (117, 2),
            RsrcField::AddTidEnable => (119, 1),
            RsrcField::Reserved120 => (120, 2),
            RsrcField::LlcNoalloc => (122, 2),
            RsrcField::OobSelect => (124, 2),
            RsrcField::Type => (126, 2),
        }
    }

    /// The field's name in the RTL (`vsharp_t`'s member).
    pub const fn sv_name(self) -> &'static str {
        match self {
            RsrcField::Base => "base",
            RsrcField::Stride => "stride",
            RsrcField::SwizzleEnable => "swizzle_enable",
            RsrcField::NumRecords => "num_records",
            RsrcField::DstSelX => "dst_sel_x",
            RsrcField::DstSelY => "dst_sel_y",
            RsrcField::DstSelZ => "dst_sel_z",
            RsrcField::DstSelW => "dst_sel_w",
            RsrcField::Format => "format",
            RsrcField::Reserved114 => "reserved114",
            RsrcField::IndexStride => "index_stride",
            RsrcField::AddTidEnable => "add_tid_enable",
            RsrcField::Reserved120 => "reserved120",
            RsrcField::LlcNoalloc => "llc_noalloc",
            RsrcField::OobSelect => "oob_select",
            RsrcField::Type => "rtype",
        }
    }

    /// The field's value in the descriptor `d` (dwords 0 to 3).
    pub fn get(self, d: [u32; 4]) -> u64 {
        let (lo, bits) = self.span();
        let all = u128::from(d[0]) | u128::from(d[1]) << 32 | u128::from(d[2]) << 64 | u128::from(d[3]) << 96;
        (all >> lo & ((1u128 << bits) - 1)) as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The value of a normal F16 or BF16 bit pattern (`exp_bits` 5 or 8).
    fn half_value(bits: u16, exp_bits: u32) -> f64 {
        let mant_bits = 15 - exp_bits;
        let bias = (1 << (exp_bits - 1)) - 1;
        let exp = i32::from(bits >> mant_bits) & ((1 << exp_bits) - 1);
        let mant = f64::from(bits & ((1 << mant_bits) - 1)) / f64::from(1u32 << mant_bits);
        let sign = if bits & 0x8000 != 0 { -1.0 } else { 1.0 };
        sign * (1.0 + mant) * 2f64.powi(exp - bias)
    }

    #[test]
    fn sixteen_bit_inline_constants_are_the_float_constants() {
        for (k, (f32_bits, f64_bits, text)) in FLOAT_CONSTS.iter().enumerate() {
            let x = f64::from_bits(*f64_bits);
            assert_eq!(f64::from(f32::from_bits(*f32_bits)), f64::from(x as f32), "{text}");
            for (bits, exp_bits) in [(F16_CONSTS[k], 5), (BF16_CONSTS[k], 8)] {
                let v = half_value(bits, exp_bits);
                if k < 8 {
                    assert_eq!(v, x, "{text}: {bits:#06x}");
                } else if exp_bits == 5 {
                    // 1/(2*pi): F16 is the nearest value (above it) ...
                    let err = |b: u16| (half_value(b, 5) - x).abs();
                    assert!(err(bits) < err(bits - 1) && err(bits) < err(bits + 1), "{text}: {bits:#06x}");
                } else {
                    // ... BF16 the F32 pattern truncated (below it, not the nearest), as LLVM has it.
                    assert!(v < x && x < half_value(bits + 1, 8), "{text}: {bits:#06x}");
                }
            }
        }
        assert_eq!(BF16_CONSTS, [0x3f00, 0xbf00, 0x3f80, 0xbf80, 0x4000, 0xc000, 0x4080, 0xc080, 0x3e22]);
    }
    #[test]
    fn the_buffer_resource_fields_tile_the_descriptor_as_the_guide_lists_them() {
        let mut next = 0;
        for f in RsrcField::ALL {
            let (lo, bits) = f.span();
            assert_eq!(lo, next, "{f:?} starts at bit {lo}, not right after the field below it");
            next = lo + bits;
        }
        assert_eq!(next, 128);
        // One descriptor, each field a distinct value, read as the guide's table places them.
        let d = [0x89ab_cdef, 0xd234_4567, 0x0000_1000, 0x90c1_ab1e];
        let want = [
            (RsrcField::Base, 0x4567_89ab_cdef),
            (RsrcField::Stride, 0x1234),
            (RsrcField::SwizzleEnable, 3),
            (RsrcField::NumRecords, 0x1000),
            (RsrcField::DstSelX, 6),
            (RsrcField::DstSelY, 3),
            (RsrcField::DstSelZ, 4),
            (RsrcField::DstSelW, 5),
            (RsrcField::Format, 0x1a),
            (RsrcField::IndexStride, 2),
            (RsrcField::AddTidEnable, 1),
            (RsrcField::OobSelect, 1),
            (RsrcField::Type, 2),
        ];
        for (f, v) in want {
            assert_eq!(f.get(d), v, "{f:?}");
        }
    }
}
