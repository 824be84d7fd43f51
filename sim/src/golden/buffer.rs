//! Buffer memory instructions: MUBUF and MTBUF (guide chapter 9, 15.7, 16.16, 16.17).
//!
//! **The resource (V#, guide 9.6, Table 47).** Four SGPRs at `4 * SRSRC`: base address
//! [47:0], stride [61:48], swizzle_enable [63:62] (0 off, 1 element size 4, 3 element size
//! 16), num_records [95:64], dst_sel_x/y/z/w [107:96] (0 = 0, 1 = 1, 4..7 = R, G, B, A),
//! format [113:108] (the unified format of Table 52), index_stride [118:117] (8, 16, 32, 64),
//! add_tid_enable [119], OOB_SELECT [125:124], type [127:126].
//!
//! **Addressing (9.4).** `index = (IDXEN ? VGPR index : 0) + (add_tid ? lane : 0)`,
//! `offset = (OFFEN ? VGPR offset : 0) + OFFSET` (with both, the index is in VADDR and the
//! offset in VADDR+1). Linear: `ADDR = base + SOFFSET + stride * index + offset`. Swizzled
//! (9.4.2): `ADDR = base + SOFFSET + (index / index_stride * stride + offset / esize * esize)
//! * index_stride + index % index_stride * esize + offset % esize`. SOFFSET is an SGPR, M0,
//! NULL or an inline constant (read as its 32-bit pattern). Every term is unsigned and the
//! sum is formed in 64 bits; it stays below 2^50, so nothing wraps. A multi-dword access
//! addresses each dword through the swizzle (a swizzled element is only `esize` bytes long).
//!
//! **Range checking (9.4.1, Table 46).** With `payload` the bytes checked and `NR` =
//! num_records: OOB_SELECT 0 `index >= NR || offset + payload > stride`; 1 `index >= NR`;
//! 2 `NR == 0`; 3 NR is first reduced by SOFFSET, then `index >= NR || offset + payload >
//! stride` when swizzled with a stride, else `buffer_offset + payload > NR`, where
//! `buffer_offset` is the address minus base and SOFFSET (the guide's raw formula
//! `offset + payload`, plus `stride * index` when an index is present: the guide says the
//! stride "is ignored" for raw buffers without saying what an index then means; this model
//! checks the bytes it actually addresses). B64/B96/B128 loads and stores check each dword
//! separately (offset + 4k, payload 4) and only the out-of-range dwords are lost; format
//! instructions (MUBUF and MTBUF) and atomics check the whole element, all or nothing.
//! Out-of-range loads return 0 (1 for a MUBUF format component whose dst_sel is SEL_1),
//! out-of-range stores and atomics change nothing, and an out-of-range atomic with GLC
//! returns 0. None of this is a fault: that is what the hardware does. An in-range access
//! that reaches no allocated memory is a fault naming the lane and address; every lane is
//! checked before anything is written.
//!
//! **Unbound and mismatched resources (9.6, Table 42).** A V# whose data format is INVALID
//! (0) is unbound, for MUBUF only when add_tid_enable is also clear: loads return 0 and stores
//! and atomics are dropped. A format instruction whose format is INVALID anyway (an MTBUF
//! FORMAT of 0, or the format of a MUBUF V# with add_tid_enable set) has nothing to convert
//! with: its loads return 0 and its stores are dropped. A V# whose type [127:126] is not 0 is
//! not a buffer: the instruction "is ignored (loads return nothing and stores do not alter
//! memory)", so no VGPR is written either. A reserved swizzle_enable (2) is a fault, as is an
//! MTBUF FORMAT above 63 (Table 52 lists those as image-only formats) or a SOFFSET code that
//! is not an SGPR, M0, NULL or an inline constant.
//!
//! **Data (9.2, Table 41, 16.16).** U8/U16 loads zero-extend, I8/I16 sign-extend; D16 loads
//! write the low half (`_hi`: the high half) and keep the other; `store_b8`/`store_b16` take
//! the low bits, the D16_HI stores bits 23:16 or 31:16. Atomics use `atomic::atomic`: DATA is
//! VDATA (64-bit: VDATA, VDATA+1), the compare value of cmpswap follows it; with GLC the
//! pre-op value returns to VDATA. Lanes run in lane order.
//!
//! **Formats (9.3, 10.7 Table 52).** Format instructions use the V#'s format (MUBUF) or the
//! instruction's FORMAT (MTBUF), decoded through `rdna3_isa::operand::buf_format_parts` and
//! `buf_data_layout`. Component layouts, from bit 0 up (names list the components from the top down, as Mesa's
//! R11G11B10_FLOAT = 10_11_11 and R10G10B10A2 = 2_10_10_10 show): `10_11_11` X[10:0]
//! Y[21:11] Z[31:22]; `11_11_10` X[9:0] Y[20:10] Z[31:21]; `10_10_10_2` X[1:0] Y[11:2]
//! Z[21:12] W[31:22]; `2_10_10_10` X[9:0] Y[19:10] Z[29:20] W[31:30]; the others evenly. The
//! whole element is read or written whatever the instruction's component count (9.3.2).
//! Loads (to 32 bits): UNORM `v / (2^n - 1)`, SNORM `max(v / (2^(n-1) - 1), -1.0)`,
//! USCALED/SSCALED the integer as a float (all correctly rounded, nearest even), UINT
//! zero-extended, SINT sign-extended, FLOAT widened exactly (16-bit IEEE halves; the 11- and
//! 10-bit floats of 10_11_11 and 11_11_10 have no sign, a 5-bit exponent and 6 or 5 mantissa
//! bits); 32-bit components are not converted. Component selection: MTBUF uses the identity
//! ("X000, XY00, XYZ0, or XYZW": a component the format lacks reads 0), MUBUF the V#'s
//! dst_sel, where a selected component the format lacks reads 0, or 1 for alpha (the canonical
//! RGBA fill), and the reserved selectors 2 and 3 read 0. "1" is 1.0 for float formats and 1
//! for UINT/SINT.
//!
//! **Choices where the guide is silent.** Stores (float VGPR data for UNORM, SNORM, USCALED,
//! SSCALED and FLOAT): NaN stores 0 in the integer formats; values clamp to the format's
//! range and round to nearest even (the guide: "conversion of other input data formats uses
//! round-to-nearest-even"); UINT and SINT data saturate to the component's range. F32 to a
//! smaller float rounds toward zero (the guide: "Conversion of float32 to float16 uses
//! truncation"), so a finite overflow gives the largest finite value; the unsigned 10/11-bit
//! floats store negative values as 0; a NaN stays a NaN, quiet, with the top of its payload.
//! Stores ignore dst_sel and write the format's components the instruction does not supply as
//! 0 (chapter 10: the texture unit fills "the value zero for any missing components").
//! D16 loads: float results become F16 (F32 by truncation, UNORM/SNORM/SCALED values from
//! their exact value to nearest even, 16-bit floats unchanged), UINT/SINT saturate to 16 bits;
//! D16 stores widen the half (F16 exactly, UINT zero-, SINT sign-extended) and convert as
//! above. Alignment is not enforced (gfx11's unaligned mode; the guide's "must be aligned"
//! for format instructions and swizzled buffers states no consequence).
//!
//! **TFE (Table 37).** A load with TFE writes a status dword to the VGPR after its data:
//! this model has no partially resident memory, so no fetch ever NACKs and the status is 0.
//! TFE on stores and atomics returns nothing. MUBUF/MTBUF have no LWE bit in gfx11.
//!
//! **Not executed.** `buffer_load_lds_*`: the guide says only "store in LDS destination",
//! without the LDS address, so they fault as not implemented (they are not bound).
//!
//! **Counting (5.6, the table's counters).** Loads, returning atomics and the cache
//! invalidations add 1 to VMcnt; stores and atomics without GLC add 1 to VScnt. EXEC == 0
//! skips nothing (3.2.3: VMEM "do not skip"): the instruction is counted and changes no
//! data. `buffer_gl0_inv` and `buffer_gl1_inv` have no data effect (no caches here).

use rdna3_isa::operand::{Scalar, buf_data_layout, buf_format_parts};
use rdna3_isa::{AtomicOp, Counters as Ctr, Family, Field, Half, InstDef, MemAccess, Mnemonic as M, Ty};

use super::atomic::{AtomicUnit, atomic};
use super::fp::{self, Fp, Prec};
use super::handler::Handler;
use super::memory::MemFault;
use super::scalar::sext;
use super::state::{Counters, Fault, issue};
use super::vector::{VExec, VFn};

/// The function of row `def`: [`exec`], for MUBUF or for MTBUF, for every row whose access
/// (the table's `A:` column) this model executes (all but the loads into LDS).
pub(super) fn bind(def: &InstDef) -> Option<Handler> {
    let access = def.access.filter(|_| def.format().family() == Family::Buf)?;
    if matches!(access, MemAccess::Load { lds: true, .. } | MemAccess::LoadFormat { lds: true, .. }) {
        return None;
    }
    // MTBUF: the format comes from the instruction's FORMAT field (and dst_sel is the
    // identity).
    let f: VFn = match def.format().field(Field::Format) {
        Some(_) => |x| exec(x, true),
        None => |x| exec(x, false),
    };
    Some(Handler::Vector(f))
}

/// The rows this model does not execute, on purpose: the loads into LDS (see the module
/// documentation).
pub(super) const NOT_EXECUTED: &[M] = &[
    M::buffer_load_lds_u8,
    M::buffer_load_lds_i8,
    M::buffer_load_lds_u16,
    M::buffer_load_lds_i16,
    M::buffer_load_lds_b32,
    M::buffer_load_lds_format_x,
];

// --- formats ---------------------------------------------------------------------------------

/// Numeric formats (BUF_NUM_FORMAT_*).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Num {
    Unorm,
    Snorm,
    Uscaled,
    Sscaled,
    Uint,
    Sint,
    Float,
}

impl Num {
    fn from_code(n: u8) -> Option<Num> {
        Some(match n {
            0 => Num::Unorm,
            1 => Num::Snorm,
            2 => Num::Uscaled,
            3 => Num::Sscaled,
            4 => Num::Uint,
            5 => Num::Sint,
            7 => Num::Float,
            _ => return None,
        })
    }
    /// Whether VGPRs hold floats for this format (everything but UINT and SINT).
    fn float(self) -> bool {
        !matches!(self, Num::Uint | Num::Sint)
    }
}

/// A buffer data format with a numeric format: its element size and component bit fields
/// (offset, width) from bit 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Format {
    bytes: u32,
    comps: [(u32, u32); 4],
    n: usize,
    num: Num,
}

/// The format of unified format `v`; `None` for INVALID (and anything not a buffer format).
fn format(v: u32) -> Option<Format> {
    let (d, n) = buf_format_parts(v)?;
    let (bytes, fields) = buf_data_layout(d)?;
    let mut comps = [(0, 0); 4];
    comps[..fields.len()].copy_from_slice(fields);
    Some(Format { bytes, comps, n: fields.len(), num: Num::from_code(n as u8)? })
}

/// A component of `bits` (at most 32) bits, sign-extended.
fn sext32(v: u32, bits: u32) -> i32 {
    sext(u64::from(v), bits) as i32
}

fn mask(bits: u32) -> u32 {
    if bits >= 32 { u32::MAX } else { (1 << bits) - 1 }
}

/// A float with a 5-bit exponent and `mant` mantissa bits (signed: F16; unsigned: the 10-
/// and 11-bit floats) widened exactly to F32 (NaN payloads shifted up, not quieted).
fn widen_float(v: u32, mant: u32, signed: bool) -> u32 {
    let sign = if signed { (v >> (5 + mant) & 1) << 31 } else { 0 };
    let e = v >> mant & 0x1f;
    let m = v & mask(mant);
    match e {
        0x1f => sign | 0x7f80_0000 | m << (23 - mant),
        0 if m == 0 => sign,
        // Denormal: m * 2^(-14 - mant), a normal F32.
        0 => sign | (m as f32 * 2f32.powi(-14 - mant as i32)).to_bits(),
        _ => sign | (e + 127 - 15) << 23 | m << (23 - mant),
    }
}

/// F32 to a float with a 5-bit exponent and `mant` mantissa bits, rounding toward zero (see
/// the module documentation for overflow, negative values and NaN).
fn narrow_float(v: u32, mant: u32, signed: bool) -> u32 {
    let neg = v >> 31 == 1;
    let e = v >> 23 & 0xff;
    let m = v & 0x7f_ffff;
    let s = if signed && neg { 1 << (5 + mant) } else { 0 };
    if e == 0xff && m != 0 {
        return s | 0x1f << mant | m >> (23 - mant) | 1 << (mant - 1);
    }
    if neg && !signed {
        return 0;
    }
    if e == 0xff {
        return s | 0x1f << mant;
    }
    let ue = e as i32 - 127;
    if ue > 15 {
        return s | 30 << mant | mask(mant);
    }
    if ue >= -14 {
        return s | ((ue + 15) as u32) << mant | m >> (23 - mant);
    }
    if e == 0 {
        // Zero, or an F32 denormal: far below the smallest target denormal.
        return s;
    }
    let shift = (23 - mant as i32) + (-14 - ue);
    let q = if shift >= 32 { 0 } else { (1 << 23 | m) >> shift };
    s | q
}

/// The float layout of a FLOAT component of `bits` bits: (mantissa bits, signed).
fn small_float(bits: u32) -> (u32, bool) {
    match bits {
        16 => (10, true),
        11 => (6, false),
        _ => (5, false),
    }
}

/// F16 bits, from an exact value, to nearest even.
fn f16_of(x: f64) -> u32 {
    fp::to_prec(Fp::exact(Prec::H), x) as u32
}

/// A memory component of `bits` bits as a 32-bit VGPR value.
fn load32(raw: u32, bits: u32, num: Num) -> u32 {
    if bits == 32 {
        return raw;
    }
    let half = ((1u32 << (bits - 1)) - 1) as f32;
    match num {
        Num::Unorm => (raw as f32 / mask(bits) as f32).to_bits(),
        Num::Snorm => (sext32(raw, bits) as f32 / half).max(-1.0).to_bits(),
        Num::Uscaled => (raw as f32).to_bits(),
        Num::Sscaled => (sext32(raw, bits) as f32).to_bits(),
        Num::Uint => raw,
        Num::Sint => sext32(raw, bits) as u32,
        Num::Float => {
            let (mant, signed) = small_float(bits);
            widen_float(raw, mant, signed)
        }
    }
}

/// A memory component as a 16-bit (D16) VGPR value.
fn load16(raw: u32, bits: u32, num: Num) -> u32 {
    let half = f64::from((1u32 << (bits.min(31) - 1)) - 1);
    match num {
        Num::Unorm => f16_of(f64::from(raw) / f64::from(mask(bits))),
        Num::Snorm => f16_of((f64::from(sext32(raw, bits)) / half).max(-1.0)),
        Num::Uscaled => f16_of(f64::from(raw)),
        Num::Sscaled => f16_of(f64::from(sext32(raw, bits))),
        Num::Uint => raw.min(0xffff),
        Num::Sint => sext32(raw, bits).clamp(-0x8000, 0x7fff) as u32 & 0xffff,
        Num::Float if bits == 16 => raw & 0xffff,
        Num::Float => narrow_float(load32(raw, bits, num), 10, true),
    }
}

/// A 32-bit VGPR value as a memory component of `bits` bits.
fn store32(v: u32, bits: u32, num: Num) -> u32 {
    if bits == 32 {
        return v;
    }
    let f = f64::from(f32::from_bits(v));
    let hi = f64::from((1u32 << (bits - 1)) - 1);
    let to_int = |lo: f64, hi: f64, scale: f64| -> i64 {
        if f.is_nan() { 0 } else { (f.clamp(lo, hi) * scale).round_ties_even() as i64 }
    };
    let m = mask(bits);
    match num {
        Num::Unorm => to_int(0.0, 1.0, f64::from(m)) as u32,
        Num::Snorm => to_int(-1.0, 1.0, hi) as u32 & m,
        Num::Uscaled => to_int(0.0, f64::from(m), 1.0) as u32,
        Num::Sscaled => to_int(-hi - 1.0, hi, 1.0) as u32 & m,
        Num::Uint => v.min(m),
        Num::Sint => (v as i32).clamp(-(hi as i32) - 1, hi as i32) as u32 & m,
        Num::Float => {
            let (mant, signed) = small_float(bits);
            narrow_float(v, mant, signed)
        }
    }
}

/// A 16-bit (D16) VGPR value as a memory component.
fn store16(v: u32, bits: u32, num: Num) -> u32 {
    match num {
        Num::Float if bits == 16 => v & 0xffff,
        Num::Uint => store32(v & 0xffff, bits, num),
        Num::Sint => store32(v as u16 as i16 as i32 as u32, bits, num),
        _ => store32(widen_float(v & 0xffff, 10, true), bits, num),
    }
}

/// One buffer-format component from memory as its VGPR value (`load32`, or `load16` for D16):
/// `raw` is the component's `bits` bits (zero above), `num` its `BUF_NUM_FORMAT_*` code.
/// `None` for a numeric format code that has no conversion (6, or above 7). The conversions'
/// public face, for the RTL converter's own testbench (tests/buf_fmt_rtl.rs).
pub fn format_load(raw: u32, bits: u32, num: u8, d16: bool) -> Option<u32> {
    let num = Num::from_code(num)?;
    Some(if d16 { load16(raw, bits, num) } else { load32(raw, bits, num) })
}

/// One VGPR value as a buffer-format component of `bits` bits (`store32`, or `store16` for a
/// D16 value in the low half); `None` as for `format_load`.
pub fn format_store(v: u32, bits: u32, num: u8, d16: bool) -> Option<u32> {
    let num = Num::from_code(num)?;
    Some(if d16 { store16(v, bits, num) } else { store32(v, bits, num) })
}

// --- the resource and addresses --------------------------------------------------------------

/// The fields of a buffer resource (V#) that this model uses.
#[derive(Clone, Copy, Debug)]
struct Rsrc {
    base: u64,
    stride: u64,
    swizzle: u32,
    records: u64,
    dst_sel: [u32; 4],
    format: u32,
    index_stride: u64,
    add_tid: bool,
    oob: u32,
    ty: u32,
}

impl Rsrc {
    /// The fields of descriptor `d`, as `rdna3_isa::operand::RsrcField` places them (the RTL's
    /// `vsharp_t` is generated from the same list).
    fn from_dwords(d: [u32; 4]) -> Rsrc {
        use rdna3_isa::operand::RsrcField as F;
        let f = |field: F| field.get(d);
        Rsrc {
            base: f(F::Base),
            stride: f(F::Stride),
            swizzle: f(F::SwizzleEnable) as u32,
            records: f(F::NumRecords),
            dst_sel: [F::DstSelX, F::DstSelY, F::DstSelZ, F::DstSelW].map(|s| f(s) as u32),
            format: f(F::Format) as u32,
            index_stride: 8 << f(F::IndexStride),
            add_tid: f(F::AddTidEnable) == 1,
            oob: f(F::OobSelect) as u32,
            ty: f(F::Type) as u32,
        }
    }
}

/// Addressing of one instruction: the resource and SOFFSET.
#[derive(Clone, Copy, Debug)]
struct Addressing {
    r: Rsrc,
    soffset: u64,
}

impl Addressing {
    /// The byte offset from `base + SOFFSET` of byte `off` of record `index` (9.4).
    fn buffer_offset(&self, index: u64, off: u64) -> u64 {
        let r = &self.r;
        if r.swizzle == 0 {
            r.stride * index + off
        } else {
            let es = if r.swizzle == 1 { 4 } else { 16 };
            let is = r.index_stride;
            (index / is * r.stride + off / es * es) * is + index % is * es + off % es
        }
    }

    fn addr(&self, index: u64, off: u64) -> u64 {
        self.r.base.wrapping_add(self.soffset).wrapping_add(self.buffer_offset(index, off))
    }

    /// Whether `payload` bytes at `off` of record `index` are out of range (Table 46).
    fn out_of_range(&self, index: u64, off: u64, payload: u64) -> bool {
        let r = &self.r;
        let nr = r.records;
        match r.oob {
            0 => index >= nr || off + payload > r.stride,
            1 => index >= nr,
            2 => nr == 0,
            _ => {
                let nr = i128::from(nr) - i128::from(self.soffset);
                if r.swizzle != 0 && r.stride != 0 {
                    i128::from(index) >= nr || off + payload > r.stride
                } else {
                    i128::from(self.buffer_offset(index, off) + payload) > nr
                }
            }
        }
    }
}

/// Reads `out.len()` bytes at `off` of record `index`.
fn read(x: &VExec, a: &Addressing, index: u64, off: u64, out: &mut [u8]) -> Result<(), MemFault> {
    if a.r.swizzle == 0 {
        return x.env.mem.read(a.addr(index, off), out);
    }
    for (i, b) in out.iter_mut().enumerate() {
        *b = x.env.mem.read_u8(a.addr(index, off + i as u64))?;
    }
    Ok(())
}

fn write(x: &mut VExec, a: &Addressing, index: u64, off: u64, data: &[u8]) -> Result<(), MemFault> {
    if a.r.swizzle == 0 {
        return x.env.mem.write(a.addr(index, off), data);
    }
    for (i, &b) in data.iter().enumerate() {
        x.env.mem.write(a.addr(index, off + i as u64), &[b])?;
    }
    Ok(())
}

/// One lane's access: record index and offset within it.
#[derive(Clone, Copy, Debug, Default)]
struct Lane {
    index: u64,
    off: u64,
}

fn lanes(x: &VExec, a: &Addressing) -> [Lane; 32] {
    let m = x.ops().mem;
    std::array::from_fn(|l| {
        let mut index = if m.idxen { u64::from(x.vreg(m.vaddr, l)) } else { 0 };
        if a.r.add_tid {
            index += l as u64;
        }
        let voff = if m.offen { u64::from(x.vreg(m.vaddr + u32::from(m.idxen), l)) } else { 0 };
        Lane { index, off: voff + u64::from(m.offset & 0xfff) }
    })
}

/// SOFFSET: an SGPR, M0, NULL or an inline constant (its 32-bit pattern).
fn soffset(x: &VExec, code: u32) -> Result<u64, String> {
    match Scalar::from_code(code) {
        Scalar::Reg(r) => Ok(u64::from(x.sreg(r))),
        Scalar::Null => Ok(0),
        s @ (Scalar::Int(_) | Scalar::Float(_)) => {
            Ok(s.constant(Ty::U32, false).map_or(0, |v| v & 0xffff_ffff))
        }
        _ => Err(format!("SOFFSET code {code} is not an SGPR, M0, NULL or inline constant")),
    }
}

// --- execution -------------------------------------------------------------------------------

fn memory_fault(x: &mut VExec, lane: usize, e: MemFault) {
    let what = format!("{}: lane {lane}: {e}", x.def.name);
    x.fault(Fault::Memory { pc: x.pc, what });
}

/// Adds the instruction to its counter: the table's, VMcnt or VScnt by GLC for atomics.
fn count(x: &mut VExec) {
    let c = x.def.counters;
    let vm = if c.contains(Ctr::VM) && c.contains(Ctr::VS) { x.ops().mem.glc } else { c.contains(Ctr::VM) };
    if vm {
        issue(&mut x.counters, |c: &mut Counters| &mut c.vm, 1);
    } else {
        issue(&mut x.counters, |c: &mut Counters| &mut c.vs, 1);
    }
}

/// A MUBUF row, or with `typed` an MTBUF row.
fn exec(x: &mut VExec, typed: bool) {
    let Some(access) = x.def.access else { return };
    count(x);
    if access == MemAccess::Invalidate || x.exec == 0 {
        return;
    }
    let m = x.ops().mem;
    let soff = match soffset(x, m.soffset) {
        Ok(v) => v,
        Err(why) => return x.fault(Fault::Illegal { pc: x.pc, why }),
    };
    let code = 4 * (m.srsrc & 31);
    let r = Rsrc::from_dwords(std::array::from_fn(|k| x.sreg(code + k as u32)));
    if r.swizzle == 2 {
        let what =
            format!("{}: the V# in s[{code}:{}] has the reserved swizzle_enable 2", x.def.name, code + 3);
        return x.fault(Fault::Memory { pc: x.pc, what });
    }
    let a = Addressing { r, soffset: soff };
    // Table 42: MTBUF takes the instruction's format, MUBUF format instructions the V#'s.
    let fmt_code = if typed { m.format } else { r.format };
    if typed && fmt_code > 63 {
        let why = format!("{}: FORMAT {fmt_code} is an image-only format", x.def.name);
        return x.fault(Fault::Illegal { pc: x.pc, why });
    }
    if r.ty != 0 {
        // Not a buffer resource: the instruction is ignored.
        return;
    }
    let unbound = r.format == 0 && (typed || !r.add_tid);
    let lanes = lanes(x, &a);
    match access {
        MemAccess::Load { bytes, signed, d16, .. } => {
            load(x, &a, &lanes, unbound, bytes, signed, d16, m.vdata, m.tfe)
        }
        MemAccess::Store { bytes, hi, .. } => store(x, &a, &lanes, unbound, bytes, hi, m.vdata),
        MemAccess::LoadFormat { comps, d16, .. } => {
            let f = if unbound { None } else { format(fmt_code) };
            load_format(x, &a, &lanes, f, typed, comps, d16, m.vdata, m.tfe)
        }
        MemAccess::StoreFormat { comps, d16 } => {
            let f = if unbound { None } else { format(fmt_code) };
            store_format(x, &a, &lanes, f, comps, d16, m.vdata)
        }
        MemAccess::Atomic { op, bytes, .. } => atomics(x, &a, &lanes, unbound, op, bytes, m.vdata, m.glc),
        // Invalidates (returned above), and the accesses of other families.
        _ => {}
    }
}

/// Active lanes, in order.
fn active(exec: u32) -> impl Iterator<Item = usize> {
    (0..32).filter(move |l| exec >> l & 1 == 1)
}

/// Writes the TFE status (0: nothing is ever partially resident here) after `dwords` VGPRs.
fn tfe_status(x: &mut VExec, vdata: u32, dwords: u32, tfe: bool) {
    if tfe {
        let exec = x.exec;
        x.write_vgpr32(vdata + dwords, &[0; 32], exec);
    }
}

#[allow(clippy::too_many_arguments)]
fn load(
    x: &mut VExec,
    a: &Addressing,
    lanes: &[Lane; 32],
    unbound: bool,
    bytes: u32,
    signed: bool,
    d16: Option<Half>,
    vdata: u32,
    tfe: bool,
) {
    let exec = x.exec;
    let dwords = bytes.div_ceil(4);
    let mut out = [[0u32; 32]; 4];
    for l in active(exec) {
        let Lane { index, off } = lanes[l];
        if unbound {
            continue;
        }
        if bytes <= 4 {
            if a.out_of_range(index, off, u64::from(bytes)) {
                continue;
            }
            let mut b = [0u8; 4];
            if let Err(e) = read(x, a, index, off, &mut b[..bytes as usize]) {
                return memory_fault(x, l, e);
            }
            let v = u32::from_le_bytes(b);
            out[0][l] = match (bytes, signed) {
                (1, true) => v as u8 as i8 as i32 as u32,
                (2, true) => v as u16 as i16 as i32 as u32,
                _ => v,
            };
        } else {
            // Each dword is range-checked on its own (9.4.1).
            for k in 0..dwords {
                let o = off + 4 * u64::from(k);
                if a.out_of_range(index, o, 4) {
                    continue;
                }
                let mut b = [0u8; 4];
                if let Err(e) = read(x, a, index, o, &mut b) {
                    return memory_fault(x, l, e);
                }
                out[k as usize][l] = u32::from_le_bytes(b);
            }
        }
    }
    match d16 {
        Some(half) => {
            let vals = out[0].map(|v| u64::from(v & 0xffff));
            x.write_half(vdata, half == Half::Hi, &vals, exec);
        }
        None => {
            for k in 0..dwords {
                x.write_vgpr32(vdata + k, &out[k as usize], exec);
            }
        }
    }
    tfe_status(x, vdata, dwords, tfe);
}

#[allow(clippy::too_many_arguments)]
fn store(x: &mut VExec, a: &Addressing, lanes: &[Lane; 32], unbound: bool, bytes: u32, hi: bool, vdata: u32) {
    if unbound {
        return;
    }
    let exec = x.exec;
    // The dwords (or the one narrow piece) each lane writes: (lane, offset, bytes).
    let mut pieces: Vec<(usize, u64, [u8; 4], usize)> = Vec::new();
    for l in active(exec) {
        let Lane { index, off } = lanes[l];
        if bytes <= 4 {
            let v = x.vreg(vdata, l);
            let v = if hi { v >> 16 } else { v };
            if !a.out_of_range(index, off, u64::from(bytes)) {
                pieces.push((l, off, v.to_le_bytes(), bytes as usize));
            }
        } else {
            for k in 0..bytes / 4 {
                let o = off + 4 * u64::from(k);
                if !a.out_of_range(index, o, 4) {
                    pieces.push((l, o, x.vreg(vdata + k, l).to_le_bytes(), 4));
                }
            }
        }
    }
    let mut probe = [0u8; 4];
    for &(l, o, _, n) in &pieces {
        if let Err(e) = read(x, a, lanes[l].index, o, &mut probe[..n]) {
            return memory_fault(x, l, MemFault { write: true, ..e });
        }
    }
    for (l, o, b, n) in pieces {
        if let Err(e) = write(x, a, lanes[l].index, o, &b[..n]) {
            return memory_fault(x, l, e);
        }
    }
}

/// The value a format load returns for selector `sel` given the element's components
/// (already converted; `one` is the format's 1).
fn select(sel: u32, conv: &[u32; 4], n: usize, one: u32) -> u32 {
    match sel {
        1 => one,
        4..=7 => {
            let c = (sel - 4) as usize;
            if c < n {
                conv[c]
            } else if c == 3 {
                one
            } else {
                0
            }
        }
        _ => 0,
    }
}

/// The components of an element as bit fields of its bytes.
fn fields(f: &Format, b: &[u8; 16]) -> [u32; 4] {
    let v = u128::from_le_bytes(*b);
    std::array::from_fn(|i| {
        let (at, bits) = f.comps[i];
        if i < f.n { (v >> at) as u32 & mask(bits) } else { 0 }
    })
}

#[allow(clippy::too_many_arguments)]
fn load_format(
    x: &mut VExec,
    a: &Addressing,
    lanes: &[Lane; 32],
    f: Option<Format>,
    typed: bool,
    comps: u32,
    d16: Option<Half>,
    vdata: u32,
    tfe: bool,
) {
    let exec = x.exec;
    // Component values per lane (32-bit, or 16-bit for D16).
    let mut vals = [[0u32; 32]; 4];
    if let Some(f) = f {
        let one = match (f.num.float(), d16.is_some()) {
            (true, false) => 0x3f80_0000,
            (true, true) => 0x3c00,
            (false, _) => 1,
        };
        let sel: [u32; 4] = if typed { [4, 5, 6, 7] } else { a.r.dst_sel };
        for l in active(exec) {
            let Lane { index, off } = lanes[l];
            if a.out_of_range(index, off, u64::from(f.bytes)) {
                // Out of range: 0, except SEL_1 components.
                for (i, v) in vals.iter_mut().enumerate() {
                    v[l] = if !typed && sel[i] == 1 { one } else { 0 };
                }
                continue;
            }
            let mut b = [0u8; 16];
            if let Err(e) = read(x, a, index, off, &mut b[..f.bytes as usize]) {
                return memory_fault(x, l, e);
            }
            let raw = fields(&f, &b);
            let conv: [u32; 4] = std::array::from_fn(|i| {
                let bits = f.comps[i].1;
                match d16 {
                    _ if i >= f.n => 0,
                    Some(_) => load16(raw[i], bits, f.num),
                    None => load32(raw[i], bits, f.num),
                }
            });
            for (i, v) in vals.iter_mut().enumerate() {
                // MTBUF's identity selection reads 0 for the components the format lacks.
                v[l] = if typed && i >= f.n { 0 } else { select(sel[i], &conv, f.n, one) };
            }
        }
    }
    let dwords = match d16 {
        None => {
            for i in 0..comps {
                x.write_vgpr32(vdata + i, &vals[i as usize], exec);
            }
            comps
        }
        Some(half) => {
            // Packed halves: component i in VGPR i / 2, half i % 2 (D16_HI: the high half).
            let mut i = 0;
            while i < comps {
                let reg = vdata + i / 2;
                if i + 1 < comps {
                    let both: [u32; 32] =
                        std::array::from_fn(|l| vals[i as usize][l] & 0xffff | vals[i as usize + 1][l] << 16);
                    x.write_vgpr32(reg, &both, exec);
                    i += 2;
                } else {
                    let v = vals[i as usize].map(|v| u64::from(v & 0xffff));
                    x.write_half(reg, half == Half::Hi, &v, exec);
                    i += 1;
                }
            }
            comps.div_ceil(2)
        }
    };
    tfe_status(x, vdata, dwords, tfe);
}

fn store_format(
    x: &mut VExec,
    a: &Addressing,
    lanes: &[Lane; 32],
    f: Option<Format>,
    comps: u32,
    d16: Option<Half>,
    vdata: u32,
) {
    let Some(f) = f else { return };
    let exec = x.exec;
    let n = f.bytes as usize;
    let mut elems: Vec<(usize, [u8; 16])> = Vec::new();
    for l in active(exec) {
        let Lane { index, off } = lanes[l];
        if a.out_of_range(index, off, u64::from(f.bytes)) {
            continue;
        }
        let mut v = 0u128;
        for i in 0..f.n.min(comps as usize) {
            let (at, bits) = f.comps[i];
            let c = match d16 {
                None => store32(x.vreg(vdata + i as u32, l), bits, f.num),
                Some(half) => {
                    // D16_HI_FORMAT_X takes bits 31:16; D16 forms pack two per VGPR.
                    let r = x.vreg(vdata + i as u32 / 2, l);
                    let h = if half == Half::Hi || i % 2 == 1 { r >> 16 } else { r & 0xffff };
                    store16(h, bits, f.num)
                }
            };
            v |= u128::from(c & mask(bits)) << at;
        }
        elems.push((l, v.to_le_bytes()));
    }
    let mut probe = [0u8; 16];
    for &(l, _) in &elems {
        let Lane { index, off } = lanes[l];
        if let Err(e) = read(x, a, index, off, &mut probe[..n]) {
            return memory_fault(x, l, MemFault { write: true, ..e });
        }
    }
    for (l, b) in elems {
        let Lane { index, off } = lanes[l];
        if let Err(e) = write(x, a, index, off, &b[..n]) {
            return memory_fault(x, l, e);
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn atomics(
    x: &mut VExec,
    a: &Addressing,
    lanes: &[Lane; 32],
    unbound: bool,
    op: AtomicOp,
    width: u32,
    vdata: u32,
    glc: bool,
) {
    let exec = x.exec;
    let n = width as usize;
    let in_range = |l: usize| !unbound && !a.out_of_range(lanes[l].index, lanes[l].off, u64::from(width));
    let mut probe = [0u8; 8];
    for l in active(exec).filter(|&l| in_range(l)) {
        if let Err(e) = read(x, a, lanes[l].index, lanes[l].off, &mut probe[..n]) {
            return memory_fault(x, l, e);
        }
    }
    let dw = width / 4;
    let mut ret = [[0u32; 32]; 2];
    for l in active(exec).filter(|&l| in_range(l)) {
        let Lane { index, off } = lanes[l];
        let reg = |k: u32| u64::from(x.vreg(vdata + k, l));
        let (d, d2) = if dw == 2 { (reg(0) | reg(1) << 32, reg(2) | reg(3) << 32) } else { (reg(0), reg(1)) };
        let mut b = [0u8; 8];
        if let Err(e) = read(x, a, index, off, &mut b[..n]) {
            return memory_fault(x, l, e);
        }
        let tmp = u64::from_le_bytes(b);
        let new = atomic(op, width, tmp, d, d2, x.mode(), AtomicUnit::Memory);
        if let Err(e) = write(x, a, index, off, &new.to_le_bytes()[..n]) {
            return memory_fault(x, l, e);
        }
        ret[0][l] = tmp as u32;
        ret[1][l] = (tmp >> 32) as u32;
    }
    if glc {
        for k in 0..dw {
            x.write_vgpr32(vdata + k, &ret[k as usize], exec);
        }
    }
}

#[cfg(test)]
mod tests {
    use rdna3_isa::table;

    use super::*;

    #[test]
    fn every_buffer_row_but_the_lds_loads_is_bound() {
        let rows: Vec<_> =
            table().insts.iter().filter(|d| matches!(d.format().name.as_str(), "MUBUF" | "MTBUF")).collect();
        assert_eq!(rows.len(), 95);
        for d in rows {
            assert_eq!(bind(d).is_some(), !d.name.contains("load_lds"), "{}", d.name);
        }
        assert_eq!(rows_count(), 89);
    }

    fn rows_count() -> usize {
        table().insts.iter().filter(|d| bind(d).is_some()).count()
    }

    #[test]
    fn unified_formats_decode() {
        // Table 52: 22 = 32_FLOAT, 30 = 10_11_11_FLOAT, 42 = 8_8_8_8_UNORM, 0 = INVALID.
        assert_eq!(format(22).map(|f| (f.bytes, f.n, f.num)), Some((4, 1, Num::Float)));
        assert_eq!(format(30).map(|f| (f.bytes, f.n, f.num)), Some((4, 3, Num::Float)));
        assert_eq!(format(42).map(|f| (f.bytes, f.n, f.num)), Some((4, 4, Num::Unorm)));
        assert_eq!(format(63).map(|f| (f.bytes, f.n, f.num)), Some((16, 4, Num::Float)));
        assert!(format(0).is_none());
        assert!(format(64).is_none());
    }

    #[test]
    fn small_floats() {
        // 11-bit float: exponent 15, mantissa 0 = 1.0; 10-bit: same.
        assert_eq!(widen_float(15 << 6, 6, false), 0x3f80_0000);
        assert_eq!(widen_float(15 << 5, 5, false), 0x3f80_0000);
        // Smallest 11-bit denormal: 2^-20.
        assert_eq!(widen_float(1, 6, false), 2f32.powi(-20).to_bits());
        assert_eq!(narrow_float(2f32.powi(-20).to_bits(), 6, false), 1);
        // F16: 1.5 = 0x3e00; -2.0 = 0xc000; truncation of 1 + 2^-11 + 2^-12.
        assert_eq!(narrow_float(1.5f32.to_bits(), 10, true), 0x3e00);
        assert_eq!(narrow_float((-2.0f32).to_bits(), 10, true), 0xc000);
        assert_eq!(narrow_float((1.0 + 2f32.powi(-11) + 2f32.powi(-12)).to_bits(), 10, true), 0x3c00);
        // Overflow rounds toward zero to the largest finite value; infinity stays.
        assert_eq!(narrow_float(1.0e6f32.to_bits(), 10, true), 0x7bff);
        assert_eq!(narrow_float(f32::INFINITY.to_bits(), 10, true), 0x7c00);
        assert_eq!(narrow_float((-1.0f32).to_bits(), 6, false), 0);
        assert_eq!(narrow_float(0x7fc0_0000, 6, false), 0x7e0);
        assert_eq!(widen_float(0x7c01, 10, true), 0x7f80_2000, "signalling NaN payload kept");
    }
}
