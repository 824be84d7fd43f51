//! The memory access shape of a row: the table's `A:` column (grammar in `formats.isa`),
//! parsed into [`MemAccess`]. Consumers read the access from here instead of parsing it out of
//! mnemonics.

use std::fmt;

use super::Family;

/// Which 16-bit half of a VGPR a D16 access uses (the other half is kept).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Half {
    /// Bits 15:0.
    Lo,
    /// Bits 31:16.
    Hi,
}

/// An atomic read-modify-write: the new memory value from the old one (`tmp`) and the
/// instruction's data. The integer forms' signedness and the float forms are separate
/// operations, as the guide's pseudocode has them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AtomicOp {
    /// `data`.
    Swap,
    /// `tmp == cmp ? data : tmp` (DS `cmpstore`, memory `cmpswap`).
    CmpSwap,
    /// The float compare of [`AtomicOp::CmpSwap`].
    CmpSwapF,
    Add,
    AddF,
    Sub,
    /// `data - tmp`.
    Rsub,
    /// `tmp - data`, saturating at 0.
    Csub,
    MinI,
    MaxI,
    MinU,
    MaxU,
    MinF,
    MaxF,
    And,
    Or,
    Xor,
    /// `tmp >= data ? 0 : tmp + 1`.
    Inc,
    /// `tmp == 0 || tmp > data ? data : tmp - 1`.
    Dec,
    /// `(tmp & !data) | data2`.
    Mskor,
    /// `tmp >= data ? tmp - data : tmp + data2`.
    Wrap,
}

/// Each operation with its name in the column and the letter of its type there (the
/// mnemonics' own: `min_i32`, `min_u32`, `min_f32`, `and_b32`, `inc_u32`).
const ATOMIC_OPS: [(AtomicOp, &str, char); 21] = [
    (AtomicOp::Swap, "swap", 'b'),
    (AtomicOp::CmpSwap, "cmpswap", 'b'),
    (AtomicOp::CmpSwapF, "cmpswap", 'f'),
    (AtomicOp::Add, "add", 'u'),
    (AtomicOp::AddF, "add", 'f'),
    (AtomicOp::Sub, "sub", 'u'),
    (AtomicOp::Rsub, "rsub", 'u'),
    (AtomicOp::Csub, "csub", 'u'),
    (AtomicOp::MinI, "min", 'i'),
    (AtomicOp::MaxI, "max", 'i'),
    (AtomicOp::MinU, "min", 'u'),
    (AtomicOp::MaxU, "max", 'u'),
    (AtomicOp::MinF, "min", 'f'),
    (AtomicOp::MaxF, "max", 'f'),
    (AtomicOp::And, "and", 'b'),
    (AtomicOp::Or, "or", 'b'),
    (AtomicOp::Xor, "xor", 'b'),
    (AtomicOp::Inc, "inc", 'u'),
    (AtomicOp::Dec, "dec", 'u'),
    (AtomicOp::Mskor, "mskor", 'b'),
    (AtomicOp::Wrap, "wrap", 'b'),
];

impl AtomicOp {
    /// Every operation, in the table's order.
    pub fn all() -> impl Iterator<Item = AtomicOp> {
        ATOMIC_OPS.iter().map(|(o, _, _)| *o)
    }
    /// The operation's name in the column (`min` for all three kinds of minimum).
    pub fn name(self) -> &'static str {
        ATOMIC_OPS.iter().find(|(o, _, _)| *o == self).map_or("?", |(_, n, _)| n)
    }
    /// Whether the operation works on floats (`CmpSwapF`, `AddF`, `MinF`, `MaxF`): MODE's
    /// denormal bits apply, and the compute unit's DS unit gives them one float unit.
    pub fn is_float(self) -> bool {
        self.letter() == 'f'
    }
    /// Whether the operation takes a compare value besides its data (`CmpSwap`, `CmpSwapF`):
    /// DS's DATA1, FLAT's and GLOBAL's DATA registers after the data.
    pub fn has_compare(self) -> bool {
        matches!(self, AtomicOp::CmpSwap | AtomicOp::CmpSwapF)
    }
    /// The letter of the operation's type: `i` signed, `u` unsigned, `f` float, `b` bits.
    fn letter(self) -> char {
        ATOMIC_OPS.iter().find(|(o, _, _)| *o == self).map_or('b', |(_, _, l)| *l)
    }
}

/// When an atomic writes the memory's pre-op value back to its data VGPRs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AtomicReturn {
    /// Never (DS forms without `_rtn`).
    Never,
    /// Always (DS `_rtn` forms).
    Always,
    /// When the instruction's GLC bit is set (FLAT, GLOBAL, MUBUF).
    Glc,
}

/// What a memory instruction reads and writes: the table's `A:` column. Widths are in bytes
/// per lane (SMEM: dwords per wave).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MemAccess {
    /// Reads `bytes` (1, 2, 4, 8, 12, 16). 8- and 16-bit values sign-extend (`signed`) or
    /// zero-extend to 32 bits, or with `d16` fill one half of the VGPR and keep the other.
    /// `addtid`: the address is the lane id times 4 (plus the base and offsets), with no
    /// address VGPR. `lds`: the data goes to LDS at M0 plus the lane's offset instead of VGPRs.
    Load { bytes: u32, signed: bool, d16: Option<Half>, addtid: bool, lds: bool },
    /// Writes `bytes` (1, 2, 4, 8, 12, 16) from the data VGPRs: the low bits, or with `hi`
    /// bits 31:16 (23:16 for a byte). `addtid` as for loads.
    Store { bytes: u32, hi: bool, addtid: bool },
    /// Reads one element of the buffer's data format and converts `comps` (1..=4) components
    /// to 32-bit values, or with `d16` to 16-bit values packed two per VGPR (one component:
    /// the given half, the other kept). `lds` as for loads.
    LoadFormat { comps: u32, d16: Option<Half>, lds: bool },
    /// Converts `comps` components (32-bit, or 16-bit with `d16`) to the buffer's data format
    /// and writes one element.
    StoreFormat { comps: u32, d16: Option<Half> },
    /// DS two-address load: two elements of `bytes` (4 or 8) at ADDR + OFFSET0 and ADDR +
    /// OFFSET1, each offset in elements (times 64 with `stride64`).
    Load2 { bytes: u32, stride64: bool },
    /// DS two-address store, addressed as [`MemAccess::Load2`].
    Store2 { bytes: u32, stride64: bool },
    /// DS two-address exchange (`storexchg_2addr`): stores two elements as
    /// [`MemAccess::Store2`] and returns both old values.
    Xchg2 { bytes: u32, stride64: bool },
    /// A read-modify-write of `bytes` (4 or 8).
    Atomic { op: AtomicOp, bytes: u32, rtn: AtomicReturn },
    /// SMEM: `dwords` (1, 2, 4, 8, 16) into SGPRs, from a 64-bit address or, with `buffer`,
    /// through a buffer resource.
    ScalarLoad { dwords: u32, buffer: bool },
    /// A cache invalidate: no data, no address.
    Invalidate,
    /// `s_atc_probe`, `s_atc_probe_buffer`: a probe of the address translation cache, which
    /// LLVM 19 encodes and the guide does not define.
    Probe,
    /// `ds_nop`.
    Nop,
    /// `ds_swizzle_b32`: lanes exchange data (from the ADDR VGPR) by the pattern in OFFSET; no
    /// LDS memory.
    Swizzle,
    /// `ds_permute_b32`: each lane writes its data to the lane its address selects.
    Permute,
    /// `ds_bpermute_b32`: each lane reads the data of the lane its address selects.
    Bpermute,
    /// `ds_append`: adds the count of valid lanes to the dword at M0.base + offset.
    Append,
    /// `ds_consume`: subtracts the count of valid lanes from it.
    Consume,
    /// `ds_condxchg32_rtn_b64`: each dword of data is written when its bit 31 is set.
    CondXchg32,
    /// `ds_ordered_count` (GDS).
    OrderedCount,
    /// `ds_add_gs_reg_rtn` (GDS streamout registers).
    GsRegAdd,
    /// `ds_sub_gs_reg_rtn`.
    GsRegSub,
    /// `ds_bvh_stack_rtn_b32`: the ray-tracing traversal stack.
    BvhStack,
}

/// The kinds without arguments, by their name in the column.
const SIMPLE: [(MemAccess, &str); 13] = [
    (MemAccess::Invalidate, "invalidate"),
    (MemAccess::Probe, "probe"),
    (MemAccess::Nop, "nop"),
    (MemAccess::Swizzle, "swizzle"),
    (MemAccess::Permute, "permute"),
    (MemAccess::Bpermute, "bpermute"),
    (MemAccess::Append, "append"),
    (MemAccess::Consume, "consume"),
    (MemAccess::CondXchg32, "condxchg32"),
    (MemAccess::OrderedCount, "ordered_count"),
    (MemAccess::GsRegAdd, "gs_reg_add"),
    (MemAccess::GsRegSub, "gs_reg_sub"),
    (MemAccess::BvhStack, "bvh_stack"),
];

/// Format components by their name in the column.
const COMPS: [&str; 4] = ["x", "xy", "xyz", "xyzw"];

/// A type in the column: its letter (`b`, `u`, `i`, `f`) and bytes.
fn parse_type(s: &str) -> Option<(char, u32)> {
    let letter = s.chars().next().filter(|c| matches!(c, 'b' | 'u' | 'i' | 'f'))?;
    let bytes = match &s[1..] {
        "8" => 1,
        "16" => 2,
        "32" => 4,
        "64" => 8,
        "96" => 12,
        "128" => 16,
        "256" => 32,
        "512" => 64,
        _ => return None,
    };
    Some((letter, bytes))
}

/// Checks the modifiers after a kind's arguments: each from `allowed`, in that order, at most
/// once.
fn modifiers(mods: &[&str], allowed: &[&str]) -> Result<(), String> {
    let mut next = 0;
    for m in mods {
        match allowed.iter().position(|a| a == m) {
            Some(i) if i >= next => next = i + 1,
            Some(i) if i + 1 == next => return Err(format!("`{m}` given twice")),
            Some(_) => return Err(format!("`{m}` out of order (the order is {})", allowed.join(", "))),
            None => return Err(format!("unexpected `{m}` (this kind takes {})", allowed.join(", "))),
        }
    }
    Ok(())
}

/// `d16`, `d16hi` or neither.
fn d16(mods: &[&str]) -> Result<Option<Half>, String> {
    match (mods.contains(&"d16"), mods.contains(&"d16hi")) {
        (true, true) => Err("`d16` and `d16hi` together".into()),
        (true, false) => Ok(Some(Half::Lo)),
        (false, true) => Ok(Some(Half::Hi)),
        (false, false) => Ok(None),
    }
}

impl MemAccess {
    /// Parses the column's value (the text after `A:`); the error says what is wrong.
    pub(super) fn parse(s: &str) -> Result<MemAccess, String> {
        let mut parts = s.split('.');
        let kind = parts.next().unwrap_or("");
        let args: Vec<&str> = parts.collect();
        if let Some((a, _)) = SIMPLE.iter().find(|(_, n)| *n == kind) {
            return match args.first() {
                None => Ok(*a),
                Some(x) => Err(format!("unexpected `{x}` ({kind} takes no arguments)")),
            };
        }
        let (first, rest) = match args.split_first() {
            Some((f, r)) => (*f, r),
            None if matches!(kind, "load" | "store" | "load2" | "store2" | "xchg2" | "atomic" | "sload") => {
                return Err(format!("{kind} needs a type"));
            }
            None => return Err(format!("unknown kind `{kind}`")),
        };
        let ty = |t: &str, letters: &str, widths: &[u32]| {
            parse_type(t)
                .filter(|(l, b)| letters.contains(*l) && widths.contains(b))
                .ok_or_else(|| format!("`{t}` is not a type {kind} takes"))
        };
        let comps = COMPS.iter().position(|c| *c == first).map(|i| i as u32 + 1);
        Ok(match kind {
            "load" => {
                modifiers(rest, &["d16", "d16hi", "addtid", "lds"])?;
                let (d16, addtid, lds) = (d16(rest)?, rest.contains(&"addtid"), rest.contains(&"lds"));
                match comps {
                    Some(_) if addtid => return Err("a format load has no addtid".into()),
                    Some(comps) => MemAccess::LoadFormat { comps, d16, lds },
                    None => {
                        let (l, bytes) = ty(first, "bui", &[1, 2, 4, 8, 12, 16])?;
                        if l != 'b' && bytes > 2 {
                            return Err(format!("`{first}`: only 8- and 16-bit loads extend (as u or i)"));
                        }
                        if d16.is_some() && (bytes > 2 || lds) {
                            return Err("a d16 load reads 8 or 16 bits into a VGPR".into());
                        }
                        MemAccess::Load { bytes, signed: l == 'i', d16, addtid, lds }
                    }
                }
            }
            "store" => match comps {
                Some(comps) => {
                    modifiers(rest, &["d16", "d16hi"])?;
                    MemAccess::StoreFormat { comps, d16: d16(rest)? }
                }
                None => {
                    modifiers(rest, &["d16hi", "addtid"])?;
                    let (_, bytes) = ty(first, "b", &[1, 2, 4, 8, 12, 16])?;
                    let hi = rest.contains(&"d16hi");
                    if hi && bytes > 2 {
                        return Err("a d16hi store writes 8 or 16 bits".into());
                    }
                    MemAccess::Store { bytes, hi, addtid: rest.contains(&"addtid") }
                }
            },
            "load2" | "store2" | "xchg2" => {
                let (_, bytes) = ty(first, "b", &[4, 8])?;
                modifiers(rest, &["stride64"])?;
                let stride64 = rest.contains(&"stride64");
                match kind {
                    "load2" => MemAccess::Load2 { bytes, stride64 },
                    "store2" => MemAccess::Store2 { bytes, stride64 },
                    _ => MemAccess::Xchg2 { bytes, stride64 },
                }
            }
            "atomic" => {
                let [t, rest @ ..] = rest else { return Err("atomic needs OP.TYPE".into()) };
                let (letter, bytes) = ty(t, "buif", &[4, 8])?;
                let Some((op, _, _)) = ATOMIC_OPS.iter().find(|(_, n, l)| *n == first && *l == letter) else {
                    return Err(match ATOMIC_OPS.iter().any(|(_, n, _)| *n == first) {
                        true => format!("atomic {first} has no type {t}"),
                        false => format!("unknown atomic operation `{first}`"),
                    });
                };
                modifiers(rest, &["rtn", "glc"])?;
                let rtn = match (rest.contains(&"rtn"), rest.contains(&"glc")) {
                    (true, true) => return Err("`rtn` and `glc` together".into()),
                    (true, false) => AtomicReturn::Always,
                    (false, true) => AtomicReturn::Glc,
                    (false, false) => AtomicReturn::Never,
                };
                MemAccess::Atomic { op: *op, bytes, rtn }
            }
            "sload" => {
                let (_, bytes) = ty(first, "b", &[4, 8, 16, 32, 64])?;
                modifiers(rest, &["buffer"])?;
                MemAccess::ScalarLoad { dwords: bytes / 4, buffer: rest.contains(&"buffer") }
            }
            _ => return Err(format!("unknown kind `{kind}`")),
        })
    }

    /// Whether a row of this family may have this access (SMEM has scalar loads and
    /// invalidates, the two-address and special forms are DS's, format conversion is the
    /// buffers', and atomics return always or never in DS and by GLC elsewhere).
    pub(super) fn fits(self, family: Family) -> bool {
        use MemAccess::*;
        match self {
            ScalarLoad { .. } | Probe => family == Family::Smem,
            Invalidate => matches!(family, Family::Smem | Family::Buf),
            LoadFormat { .. } | StoreFormat { .. } => family == Family::Buf,
            Load { .. } | Store { .. } => matches!(family, Family::Ds | Family::Flat | Family::Buf),
            Atomic { rtn: AtomicReturn::Glc, .. } => matches!(family, Family::Flat | Family::Buf),
            Atomic { .. } => family == Family::Ds,
            Load2 { .. }
            | Store2 { .. }
            | Xchg2 { .. }
            | Nop
            | Swizzle
            | Permute
            | Bpermute
            | Append
            | Consume
            | CondXchg32
            | OrderedCount
            | GsRegAdd
            | GsRegSub
            | BvhStack => family == Family::Ds,
        }
    }
}

/// A type in the column: its letter and width in bits.
fn type_name(letter: char, bytes: u32) -> String {
    format!("{letter}{}", bytes * 8)
}

/// Format components in the column (`?` for a count no instruction has).
fn comps_name(comps: u32) -> &'static str {
    COMPS.get((comps as usize).wrapping_sub(1)).copied().unwrap_or("?")
}

/// The column's text (without `A:`), in canonical form: modifiers in the grammar's order,
/// unsigned 8- and 16-bit loads as `u`.
impl fmt::Display for MemAccess {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let half = |d: Option<Half>| match d {
            None => "",
            Some(Half::Lo) => ".d16",
            Some(Half::Hi) => ".d16hi",
        };
        let flag = |on: bool, s: &'static str| if on { s } else { "" };
        match *self {
            MemAccess::Load { bytes, signed, d16, addtid, lds } => {
                let letter = if signed {
                    'i'
                } else if bytes <= 2 {
                    'u'
                } else {
                    'b'
                };
                let (t, a, l) = (type_name(letter, bytes), flag(addtid, ".addtid"), flag(lds, ".lds"));
                write!(f, "load.{t}{}{a}{l}", half(d16))
            }
            MemAccess::Store { bytes, hi, addtid } => {
                write!(f, "store.{}{}{}", type_name('b', bytes), flag(hi, ".d16hi"), flag(addtid, ".addtid"))
            }
            MemAccess::LoadFormat { comps, d16, lds } => {
                write!(f, "load.{}{}{}", comps_name(comps), half(d16), flag(lds, ".lds"))
            }
            MemAccess::StoreFormat { comps, d16 } => {
                write!(f, "store.{}{}", comps_name(comps), half(d16))
            }
            MemAccess::Load2 { bytes, stride64 }
            | MemAccess::Store2 { bytes, stride64 }
            | MemAccess::Xchg2 { bytes, stride64 } => {
                let kind = match self {
                    MemAccess::Load2 { .. } => "load2",
                    MemAccess::Store2 { .. } => "store2",
                    _ => "xchg2",
                };
                write!(f, "{kind}.{}{}", type_name('b', bytes), flag(stride64, ".stride64"))
            }
            MemAccess::Atomic { op, bytes, rtn } => {
                let r = match rtn {
                    AtomicReturn::Never => "",
                    AtomicReturn::Always => ".rtn",
                    AtomicReturn::Glc => ".glc",
                };
                write!(f, "atomic.{}.{}{r}", op.name(), type_name(op.letter(), bytes))
            }
            MemAccess::ScalarLoad { dwords, buffer } => {
                write!(f, "sload.{}{}", type_name('b', dwords * 4), flag(buffer, ".buffer"))
            }
            simple => f.write_str(SIMPLE.iter().find(|(a, _)| *a == simple).map_or("?", |(_, n)| n)),
        }
    }
}
