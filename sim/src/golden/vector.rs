//! The execution context of vector instructions (VALU, DS, FLAT/GLOBAL/SCRATCH, buffers):
//! operands resolved once at decode ([`VOperands`]), and [`VExec`], through which a row's
//! function ([`VFn`]) makes lane-wide reads with the encoding's selection and modifier rules
//! and masked writes.
//!
//! **Sources (guide 4.1, 7.2, 7.4).** A 9-bit source reads a VGPR (256..=511), a scalar
//! register (the same value in every lane; NULL reads 0), SCC, an inline constant or the
//! literal. Constants take the operand's type: integer constants sign-extend to the width
//! (16, 32 or 64 bits); float constants are F16, F32 or F64 bit patterns (BF16: the high half of
//! the F32 pattern); a packed 16-bit operand of a VOP1/VOP2 row (`v_pk_fmac_f16`,
//! `v_dot2acc_f32_f16`) gets the 16-bit constant in both halves, while VOP3P rows take it in
//! the low half only (guide 7.5.1; valu/packed.rs corrects the value for them). The
//! literal is the low 16 bits for a 16-bit operand, all 32 bits for a packed one, and is
//! extended to 64 bits as [`literal_value`] says. In VOP1/VOP2/VOPC a 16-bit VGPR operand
//! names V[6:0] and bit 7 selects the high half; in VOP3 OPSEL[n] selects the high half of
//! source n and OPSEL[3] that of the destination. A 64-bit VGPR operand is the pair V, V+1
//! (V+1 past v255 reads v0, the out-of-range rule of 7.2.7).
//!
//! **Modifiers.** ABS then NEG (VOP3, and DPP16's for VOP1/VOP2/VOPC) apply to operands of a
//! float type only, on the type's sign bit; for other types they are ignored.
//!
//! **Writes.** Only lanes whose EXEC bit is set are written (and, with DPP16, whose row and
//! bank masks are set and whose source lane is valid). A 16-bit result writes its half and
//! keeps the other. A destination VGPR past v255 is not written (7.2.7).
//!
//! **Lane width.** Lanes are 64 bits wide ([`Lanes`]) in general. A row whose sources are all
//! at most 32 bits wide (`src32`, decided at decode; constants included) can read them as
//! `[u32; 32]` with [`VExec::src32`], and one whose destination is a whole 32-bit VGPR as well
//! (`lanes32`) runs on 32-bit lanes throughout: the same per-lane functions see the same
//! values, without widening every lane and copying 256-byte arrays (tests/lanes32.rs runs
//! every VALU row both ways).

use rdna3_isa::operand::{
    BF16_CONSTS, EXEC_LO, F16_CONSTS, LITERAL, NULL, SCC, Scalar, VCC_LO, literal_value,
};
use rdna3_isa::{Field, FormatDef, Inst, InstDef, Kind, Role, Ty};

use super::env::Env;
use super::state::{Counters, Fault, Outcome, Wave, Write, Writes};

/// The semantics of one vector row.
pub(super) type VFn = fn(&mut VExec);

/// Where a source operand's value comes from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) enum Src {
    /// No such operand: reads 0.
    #[default]
    None,
    /// A VGPR; `hi` selects the high half of a 16-bit operand (VOP1/VOP2/VOPC bit 7).
    Vgpr {
        reg: u8,
        hi: bool,
    },
    /// Scalar register storage by code (0..=127; NULL reads 0).
    Sgpr(u8),
    /// A constant or the literal, at the operand's type.
    Const(u64),
    Scc,
}

/// DPP control of the instruction, from its extension dword.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) enum Dpp {
    #[default]
    None,
    Dpp16 {
        ctrl: u16,
        row_mask: u8,
        bank_mask: u8,
        bound_zero: bool,
        fi: bool,
    },
    Dpp8 {
        sel: u32,
        fi: bool,
    },
}

/// The operands of a vector instruction, resolved from its row and encoding.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VOperands {
    pub(super) src: [Src; 3],
    pub(super) ty: [Ty; 3],
    /// Number of register sources in the row.
    pub(super) n: u8,
    /// The VDST field (a VGPR, or an SGPR code for VOPC promotions and lane reads).
    pub(super) vdst: u16,
    /// The VDST field as encoded (the SGPR a lane read or a VOP3 compare writes).
    pub(super) vdst_field: u16,
    /// Every source is at most 32 bits wide (constants included), so [`VExec::src32`] reads
    /// them exactly.
    pub(super) src32: bool,
    /// And the destination is a whole 32-bit VGPR: the row can run on 32-bit lanes.
    pub(super) lanes32: bool,
    /// The destination's 16-bit half: bit 7 of VDST in VOP1/VOP2, OPSEL[3] in VOP3.
    pub(super) dst_hi: bool,
    pub(super) dst_ty: Ty,
    /// The scalar destination of VOP3SD (carry out, `v_div_scale`'s VCC).
    pub(super) sdst: u8,
    /// The VOP3/VOP3SD/VOP3P encoding (explicit scalar masks and modifiers).
    pub(super) vop3: bool,
    pub(super) abs: u8,
    pub(super) neg: u8,
    pub(super) neg_hi: u8,
    pub(super) opsel: u8,
    pub(super) opsel_hi: u8,
    pub(super) clamp: bool,
    pub(super) omod: u8,
    pub(super) dpp: Dpp,
    /// Register and offset fields of memory instructions.
    pub(super) mem: MemFields,
}

/// The fields of a DS or FLAT/GLOBAL/SCRATCH instruction, read once at decode.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct MemFields {
    pub addr: u32,
    pub data0: u32,
    pub data1: u32,
    pub vdst: u32,
    pub saddr: u32,
    pub offset: u32,
    pub offset0: u32,
    pub offset1: u32,
    pub glc: bool,
    pub sve: bool,
    pub gds: bool,
    /// MUBUF/MTBUF (buffer.rs): VADDR, VDATA, SRSRC (the SGPR quad number: the register code
    /// is 4 * SRSRC), the SOFFSET scalar source code, OFFEN, IDXEN, MTBUF's FORMAT and TFE.
    pub vaddr: u32,
    pub vdata: u32,
    pub srsrc: u32,
    pub soffset: u32,
    pub offen: bool,
    pub idxen: bool,
    pub format: u32,
    pub tfe: bool,
}

impl Default for VOperands {
    fn default() -> Self {
        VOperands {
            src: [Src::None; 3],
            ty: [Ty::B32; 3],
            n: 0,
            vdst: 0,
            vdst_field: 0,
            src32: false,
            lanes32: false,
            dst_hi: false,
            dst_ty: Ty::B32,
            sdst: NULL as u8,
            vop3: false,
            abs: 0,
            neg: 0,
            neg_hi: 0,
            opsel: 0,
            opsel_hi: 0,
            clamp: false,
            omod: 0,
            dpp: Dpp::None,
            mem: MemFields::default(),
        }
    }
}

/// Value of the constant source `code` (not a register) at type `ty`.
pub(super) fn constant(code: u32, ty: Ty, literal: Option<u32>) -> Result<u64, String> {
    let s = Scalar::from_code(code);
    let v16 = |v: u16| if ty.is_packed() { u64::from(v) | u64::from(v) << 16 } else { u64::from(v) };
    Ok(match s {
        Scalar::Literal => {
            let lit = literal.ok_or("a literal operand without a literal dword")?;
            if ty.is16() { u64::from(lit & 0xffff) } else { literal_value(lit, ty) }
        }
        Scalar::Int(i) if ty.is16() || ty.is_packed() => v16(i as i16 as u16),
        Scalar::Float(k)
            if matches!(ty, Ty::F16 | Ty::V2F16 | Ty::B16 | Ty::U16 | Ty::I16 | Ty::V2I16 | Ty::V2U16) =>
        {
            v16(F16_CONSTS[k])
        }
        Scalar::Float(k) if matches!(ty, Ty::BF16 | Ty::V2BF16) => v16(BF16_CONSTS[k]),
        Scalar::Reserved(c) => return Err(format!("reserved source code {c}")),
        other => other.constant(ty, false).ok_or_else(|| format!("source code {code} is not a constant"))?,
    })
}

/// Whether `format` is a 32-bit VALU encoding (VOP1, VOP2, VOPC), where bit 7 of a 16-bit
/// VGPR operand selects its high half.
fn narrow(format: &FormatDef) -> bool {
    matches!(format.name.as_str(), "VOP1" | "VOP2" | "VOPC")
}

impl VOperands {
    /// Resolves the operands of `inst` from its row.
    pub(super) fn resolve(inst: &Inst) -> Result<VOperands, String> {
        let def = inst.def();
        let format = def.format();
        let mut v = VOperands::default();
        let has = |f: Field| format.field(f).is_some();
        // VINTERP's fields are VOP3's (OPSEL picks 16-bit halves), without ABS and OMOD.
        let vinterp = format.name == "VINTERP";
        v.vop3 = vinterp || matches!(format.name.as_str(), "VOP3" | "VOP3SD" | "VOP3P");
        if has(Field::Abs) {
            v.abs = inst.field(Field::Abs) as u8;
        }
        if has(Field::Neg) {
            v.neg = inst.field(Field::Neg) as u8;
        }
        if has(Field::NegHi) {
            v.neg_hi = inst.field(Field::NegHi) as u8;
        }
        if has(Field::Opsel) {
            v.opsel = inst.field(Field::Opsel) as u8;
        }
        if has(Field::OpselHi) {
            v.opsel_hi = inst.field(Field::OpselHi) as u8;
            if has(Field::OpselHi2) {
                v.opsel_hi |= (inst.field(Field::OpselHi2) as u8) << 2;
            }
        }
        if has(Field::Clmp) {
            v.clamp = inst.field(Field::Clmp) != 0;
        }
        if has(Field::Omod) {
            v.omod = inst.field(Field::Omod) as u8;
        }
        if has(Field::Sdst) {
            v.sdst = inst.field(Field::Sdst) as u8;
        }
        let narrow = narrow(format);
        let ext = inst.ext.map(|e| rdna3_isa::table().format(e).name.as_str());
        match ext {
            Some("DPP16") => {
                v.dpp = Dpp::Dpp16 {
                    ctrl: inst.field(Field::DppCtrl) as u16,
                    row_mask: inst.field(Field::DppRowMask) as u8,
                    bank_mask: inst.field(Field::DppBankMask) as u8,
                    bound_zero: inst.field(Field::DppBc) != 0,
                    fi: inst.field(Field::DppFi) != 0,
                };
                if !v.vop3 {
                    // DPP16's own modifiers serve the 32-bit encodings.
                    v.abs = (inst.field(Field::DppSrc0Abs) | inst.field(Field::DppSrc1Abs) << 1) as u8;
                    v.neg = (inst.field(Field::DppSrc0Neg) | inst.field(Field::DppSrc1Neg) << 1) as u8;
                }
            }
            Some("DPP8") => {
                v.dpp = Dpp::Dpp8 { sel: inst.field(Field::Dpp8Sel), fi: inst.field(Field::Src0) == 234 };
            }
            _ => {}
        }
        if has(Field::Vdst) {
            v.vdst_field = inst.field(Field::Vdst) as u16;
        }
        let mut n = 0usize;
        if format.family() != rdna3_isa::Family::Vop && !vinterp {
            let f = |field: Field| if has(field) { inst.field(field) } else { 0 };
            v.mem = MemFields {
                addr: f(Field::Addr),
                data0: if has(Field::Data) { f(Field::Data) } else { f(Field::Data0) },
                data1: f(Field::Data1),
                vdst: f(Field::Vdst),
                saddr: f(Field::Saddr),
                offset: f(Field::Offset),
                offset0: f(Field::Offset0),
                offset1: f(Field::Offset1),
                glc: f(Field::Glc) != 0,
                sve: f(Field::Sve) != 0,
                gds: f(Field::Gds) != 0,
                vaddr: f(Field::Vaddr),
                vdata: f(Field::Vdata),
                srsrc: f(Field::Srsrc),
                soffset: f(Field::Soffset),
                offen: f(Field::Offen) != 0,
                idxen: f(Field::Idxen) != 0,
                format: f(Field::Format),
                tfe: f(Field::Tfe) != 0,
            };
            return Ok(v);
        }
        for op in def.operands.iter() {
            let ty = match (op.role, op.kind) {
                (_, Kind::Reg(ty)) => ty,
                // A lane mask in an SGPR (carry-in, select): one dword in wave32.
                (Role::Src, Kind::RegRule(_)) => Ty::B32,
                _ => continue,
            };
            match op.role {
                Role::Src if n < 3 => {
                    let code = inst.field(op.field);
                    if vinterp && code < 256 {
                        use rdna3_isa::operand::{const_name, reg_name};
                        let what = reg_name(code, 1).or_else(|| const_name(code, 1));
                        let what = what.unwrap_or_else(|| format!("operand code {code}"));
                        return Err(format!("{} reads VGPRs only; source {n} is {what}", def.name));
                    }
                    v.ty[n] = ty;
                    v.src[n] = source(inst, op.field, ty, narrow, &v.dpp)?;
                    n += 1;
                }
                Role::Dst | Role::Modify if matches!(op.field, Field::Vdstx) => {
                    v.vdst = inst.field(Field::Vdstx) as u16
                }
                // VDSTY holds bits 7:1; bit 0 is the opposite of VDSTX's.
                Role::Dst | Role::Modify if matches!(op.field, Field::Vdsty) => {
                    v.vdst = (inst.field(Field::Vdsty) << 1 | (inst.field(Field::Vdstx) & 1 ^ 1)) as u16
                }
                Role::Dst | Role::Modify if matches!(op.field, Field::Vdst) => {
                    let raw = inst.field(Field::Vdst);
                    v.dst_ty = ty;
                    if ty.is16() && narrow {
                        v.vdst = (raw & 0x7f) as u16;
                        v.dst_hi = raw & 0x80 != 0;
                    } else {
                        v.vdst = raw as u16;
                        v.dst_hi = ty.is16() && v.opsel & 8 != 0;
                    }
                }
                _ => {}
            }
        }
        v.n = n as u8;
        // VOP3 16-bit sources: OPSEL picks the half.
        if v.vop3 && format.name != "VOP3P" {
            for i in 0..n {
                if v.ty[i].is16()
                    && v.opsel >> i & 1 == 1
                    && let Src::Vgpr { reg, .. } = v.src[i]
                {
                    v.src[i] = Src::Vgpr { reg, hi: true };
                }
            }
        }
        v.src32 = (0..n)
            .all(|i| v.ty[i].dwords() == 1 && !matches!(v.src[i], Src::Const(c) if c > u64::from(u32::MAX)));
        v.lanes32 = v.src32 && v.dst_ty.dwords() == 1 && !v.dst_ty.is16();
        Ok(v)
    }
}

/// Resolves one source operand.
fn source(inst: &Inst, field: Field, ty: Ty, narrow: bool, dpp: &Dpp) -> Result<Src, String> {
    let raw = inst.field(field);
    let vgpr = |r: u32| {
        if ty.is16() && narrow {
            Src::Vgpr { reg: (r & 0x7f) as u8, hi: r & 0x80 != 0 }
        } else {
            Src::Vgpr { reg: r as u8, hi: false }
        }
    };
    match field {
        Field::Lit => Ok(Src::Const(constant(LITERAL, ty, inst.literal)?)),
        Field::Vsrc1 | Field::Vsrcx1 | Field::Vsrcy1 => Ok(vgpr(raw)),
        _ if raw >= 256 => Ok(vgpr(raw - 256)),
        Field::Src0 if *dpp != Dpp::None => Ok(vgpr(inst.field(Field::DppSrc0))),
        _ => match raw {
            0..=127 if raw != NULL => Ok(Src::Sgpr(raw as u8)),
            SCC => Ok(Src::Scc),
            LITERAL => Ok(Src::Const(constant(raw, ty, inst.literal)?)),
            _ => Ok(Src::Const(constant(raw, ty, inst.literal)?)),
        },
    }
}

/// Lane values: 32 lanes, each up to 64 bits.
pub(super) type Lanes = [u64; 32];

/// One vector instruction being executed.
pub struct VExec<'a, 'm> {
    pub(super) wave: &'a mut Wave,
    pub(super) env: &'a mut Env<'m>,
    /// The instruction (for VOPD, the pair).
    pub(super) inst: &'a Inst,
    /// The operands being executed (the instruction's, or VOPD's Y half's).
    pub(super) v: &'a VOperands,
    pub(super) def: &'static InstDef,
    /// VGPR writes held back until both halves of a VOPD pair have read their sources.
    pub(super) deferred: Option<&'a mut Vec<(u32, [u32; 32], u32)>>,
    pub(super) pc: u64,
    /// Where writes are recorded (for co-simulation and traces; `None` for plain runs).
    pub(super) writes: Option<&'a mut Writes>,
    pub(super) outcome: Outcome,
    pub(super) counters: Counters,
    /// Lanes that take part: EXEC[31:0].
    pub(super) exec: u32,
}

impl<'a, 'm> VExec<'a, 'm> {
    /// The context of `inst` (row `def`, operands `v`) at `pc` on `wave`, recording its writes
    /// in `writes` if given.
    #[inline]
    pub(super) fn new(
        wave: &'a mut Wave,
        env: &'a mut Env<'m>,
        inst: &'a Inst,
        def: &'static InstDef,
        v: &'a VOperands,
        pc: u64,
        writes: Option<&'a mut Writes>,
    ) -> VExec<'a, 'm> {
        let exec = wave.sgpr[EXEC_LO as usize];
        let counters = wave.counters;
        VExec {
            wave,
            env,
            inst,
            v,
            def,
            deferred: None,
            pc,
            writes,
            outcome: Outcome::Retired,
            counters,
            exec,
        }
    }

    /// The wave's VGPR count: a register past it reads v0 and is not written.
    pub(super) fn vgpr_count(&self) -> u32 {
        self.wave.vgpr.len() as u32
    }

    #[inline]
    pub(super) fn ops(&self) -> &VOperands {
        self.v
    }

    /// MODE as the instruction sees it.
    #[inline]
    pub(super) fn mode(&self) -> u32 {
        self.wave.mode
    }

    /// Scalar storage at `code` (NULL and codes past EXEC_HI read 0).
    #[inline]
    pub(super) fn sreg(&self, code: u32) -> u32 {
        if code == NULL { 0 } else { self.wave.sgpr.get(code as usize).copied().unwrap_or(0) }
    }

    /// A scalar value of `dwords` dwords at `code` (64-bit reads ignore the code's low bit).
    pub(super) fn sreg_wide(&self, code: u32, dwords: u32) -> u64 {
        if dwords == 2 {
            let c = code & !1;
            if c == NULL { 0 } else { u64::from(self.sreg(c)) | u64::from(self.sreg(c + 1)) << 32 }
        } else {
            u64::from(self.sreg(code))
        }
    }

    /// The 32 lanes of VGPR `reg` (v0 for a register past the allocation).
    #[inline]
    pub(super) fn vlanes(&self, reg: u32) -> &[u32; 32] {
        self.wave.vgpr.get(reg as usize).unwrap_or(&self.wave.vgpr[0])
    }

    /// Lane `lane` of VGPR `reg` (v0 for a register past v255).
    #[inline]
    pub(super) fn vreg(&self, reg: u32, lane: usize) -> u32 {
        self.wave.vgpr.get(reg as usize).unwrap_or(&self.wave.vgpr[0])[lane]
    }

    /// Source `n` of its type without modifiers: for every lane (constants and scalars in all
    /// lanes, VGPR lanes as stored), 16-bit halves already selected, 64-bit pairs joined.
    #[inline(always)]
    pub(super) fn raw(&self, n: usize) -> Lanes {
        let v = &self.v;
        let ty = v.ty[n];
        let out = match v.src[n] {
            Src::None => [0; 32],
            Src::Const(c) => [c; 32],
            Src::Scc => [u64::from(self.wave.scc); 32],
            Src::Sgpr(code) => {
                let val = self.sreg_wide(u32::from(code), ty.dwords().min(2));
                [if ty.is16() { val & 0xffff } else { val }; 32]
            }
            Src::Vgpr { reg, hi } => {
                let r = usize::from(reg);
                let vg = &self.wave.vgpr;
                let lo = vg.get(r).unwrap_or(&vg[0]);
                if ty.dwords() >= 2 {
                    let hi_reg = vg.get(r + 1).unwrap_or(&vg[0]);
                    std::array::from_fn(|l| u64::from(lo[l]) | u64::from(hi_reg[l]) << 32)
                } else if ty.is16() {
                    let sh = if hi { 16 } else { 0 };
                    std::array::from_fn(|l| u64::from(lo[l] >> sh & 0xffff))
                } else {
                    std::array::from_fn(|l| u64::from(lo[l]))
                }
            }
        };
        if n == 0 && !matches!(v.dpp, Dpp::None) { self.dpp_gather(&out) } else { out }
    }

    /// Source `n` with ABS and NEG applied (float types only).
    #[inline(always)]
    pub(super) fn src(&self, n: usize) -> Lanes {
        let mut out = self.raw(n);
        if let Some((clear, flip)) = self.sign_mods(n) {
            for x in out.iter_mut() {
                *x = *x & !clear ^ flip;
            }
        }
        out
    }

    /// ABS and NEG of source `n` as masks of its type's sign bit, to clear and then to flip;
    /// `None` when neither is set or the type is not a float (modifiers leave it alone).
    #[inline(always)]
    fn sign_mods(&self, n: usize) -> Option<(u64, u64)> {
        let v = &self.v;
        let sign = match v.ty[n] {
            Ty::F16 | Ty::BF16 => 1u64 << 15,
            Ty::F32 => 1 << 31,
            Ty::F64 => 1 << 63,
            _ => return None,
        };
        let (abs, neg) = (v.abs >> n & 1 == 1, v.neg >> n & 1 == 1);
        (abs || neg).then_some((if abs { sign } else { 0 }, if neg { sign } else { 0 }))
    }

    /// Source `n` like [`VExec::src`], on 32-bit lanes: for operands of at most 32 bits (the
    /// row's `src32`), where it gives the same values without widening them.
    #[inline(always)]
    pub(super) fn src32(&self, n: usize) -> [u32; 32] {
        let v = &self.v;
        let ty = v.ty[n];
        debug_assert!(ty.dwords() == 1, "src32 of a {ty:?} operand");
        let mut out = match v.src[n] {
            Src::None => [0; 32],
            Src::Const(c) => [c as u32; 32],
            Src::Scc => [u32::from(self.wave.scc); 32],
            Src::Sgpr(code) => {
                let val = self.sreg(u32::from(code));
                [if ty.is16() { val & 0xffff } else { val }; 32]
            }
            Src::Vgpr { reg, hi } => {
                let vg = &self.wave.vgpr;
                let lo = vg.get(usize::from(reg)).unwrap_or(&vg[0]);
                if ty.is16() {
                    let sh = if hi { 16 } else { 0 };
                    std::array::from_fn(|l| lo[l] >> sh & 0xffff)
                } else {
                    *lo
                }
            }
        };
        if n == 0 && !matches!(v.dpp, Dpp::None) {
            out = self.dpp_gather(&out);
        }
        // At most 32 bits wide, so the sign bit is in the low dword.
        if let Some((clear, flip)) = self.sign_mods(n) {
            for x in out.iter_mut() {
                *x = *x & !(clear as u32) ^ flip as u32;
            }
        }
        out
    }

    /// Lanes the destination write covers: EXEC, narrowed by DPP16's row and bank masks and
    /// by invalid DPP source lanes when BOUND_CTRL is 0.
    #[inline]
    pub(super) fn write_mask(&self) -> u32 {
        if matches!(self.v.dpp, Dpp::Dpp16 { .. }) { self.dpp16_write_mask() } else { self.exec }
    }

    /// [`VExec::write_mask`] of a DPP16 instruction.
    #[inline(never)]
    fn dpp16_write_mask(&self) -> u32 {
        let mut m = self.exec;
        if let Dpp::Dpp16 { ctrl, row_mask, bank_mask, bound_zero, fi } = self.v.dpp {
            for l in 0..32 {
                let row_on = row_mask >> (l / 16) & 1 == 1;
                let bank_on = bank_mask >> ((l % 16) / 4) & 1 == 1;
                let src_ok = match dpp16_source(ctrl, l) {
                    Some(s) => bound_zero || fi || self.exec >> s & 1 == 1,
                    None => bound_zero,
                };
                if !(row_on && bank_on && src_ok) {
                    m &= !(1 << l);
                }
            }
        }
        m
    }

    /// Gathers source 0 through the DPP lane selection; lanes whose source is invalid read 0.
    pub(super) fn dpp_gather<T: Copy + Default>(&self, vals: &[T; 32]) -> [T; 32] {
        let mut out = [T::default(); 32];
        match self.v.dpp {
            Dpp::Dpp16 { ctrl, fi, .. } => {
                for (l, o) in out.iter_mut().enumerate() {
                    if let Some(s) = dpp16_source(ctrl, l)
                        && (fi || self.exec >> s & 1 == 1)
                    {
                        *o = vals[s];
                    }
                }
            }
            Dpp::Dpp8 { sel, fi } => {
                for (l, o) in out.iter_mut().enumerate() {
                    let s = (l & !7) | (sel >> (3 * (l % 8)) & 7) as usize;
                    if fi || self.exec >> s & 1 == 1 {
                        *o = vals[s];
                    }
                }
            }
            Dpp::None => out = *vals,
        }
        out
    }

    // --- writes --------------------------------------------------------------------------

    /// Records a write (when recording).
    #[inline]
    fn note(&mut self, w: Write) {
        if let Some(writes) = self.writes.as_deref_mut() {
            writes.push(w);
        }
    }

    /// Writes `vals` to the destination VGPR(s) in the lanes of `mask`, at the destination's
    /// type: 16-bit halves, 32-bit registers, or 64-bit pairs (wider types: use
    /// [`VExec::write_vgprs`]).
    pub(super) fn write_dst(&mut self, vals: &Lanes, mask: u32) {
        let v = self.v;
        let reg = u32::from(v.vdst);
        if v.dst_ty.is16() {
            self.write_half(reg, v.dst_hi, vals, mask);
        } else {
            self.write_vgprs(reg, v.dst_ty.dwords().min(2), vals, mask);
        }
    }

    /// Writes the low `dwords` (1 or 2) dwords of `vals` to VGPR `reg` (and `reg + 1`).
    pub(super) fn write_vgprs(&mut self, reg: u32, dwords: u32, vals: &Lanes, mask: u32) {
        if let Some(d) = self.deferred.as_deref_mut() {
            for k in 0..dwords {
                d.push((reg + k, std::array::from_fn(|l| (vals[l] >> (32 * k)) as u32), mask));
            }
            return;
        }
        self.write_dword::<0>(reg, vals, mask);
        if dwords == 2 {
            self.write_dword::<32>(reg + 1, vals, mask);
        }
    }

    /// Writes bits `SH + 31..SH` of `vals` to VGPR `reg` in the lanes of `mask` (the shift is a
    /// constant so that each lane loop is a few vector instructions).
    #[inline(always)]
    fn write_dword<const SH: u32>(&mut self, reg: u32, vals: &Lanes, mask: u32) {
        let Some(dst) = self.wave.vgpr.get_mut(reg as usize) else { return };
        if mask == u32::MAX {
            // Every lane (the common case): a plain narrowing copy.
            for l in 0..32 {
                dst[l] = (vals[l] >> SH) as u32;
            }
        } else {
            // Branch-free blend, so the lane loop vectorises.
            let sel = lane_masks(mask);
            for l in 0..32 {
                dst[l] = (vals[l] >> SH) as u32 & sel[l] | dst[l] & !sel[l];
            }
        }
        if mask != 0 {
            self.note(Write::Vgpr { idx: reg as u8, lanes: mask });
        }
    }

    /// Writes dword lanes to VGPR `reg`.
    #[inline]
    pub(super) fn write_vgpr32(&mut self, reg: u32, vals: &[u32; 32], mask: u32) {
        if let Some(d) = self.deferred.as_deref_mut() {
            d.push((reg, *vals, mask));
            return;
        }
        let Some(dst) = self.wave.vgpr.get_mut(reg as usize) else { return };
        if mask == u32::MAX {
            *dst = *vals;
        } else {
            let sel = lane_masks(mask);
            for l in 0..32 {
                dst[l] = vals[l] & sel[l] | dst[l] & !sel[l];
            }
        }
        if mask != 0 {
            self.note(Write::Vgpr { idx: reg as u8, lanes: mask });
        }
    }

    /// Writes the low 16 bits of `vals` to one half of VGPR `reg`, keeping the other half.
    pub(super) fn write_half(&mut self, reg: u32, hi: bool, vals: &Lanes, mask: u32) {
        debug_assert!(self.deferred.is_none(), "VOPD has no 16-bit destinations");
        let Some(dst) = self.wave.vgpr.get_mut(reg as usize) else { return };
        let (sh, keep) = if hi { (16, 0x0000_ffffu32) } else { (0, 0xffff_0000) };
        for l in 0..32 {
            if mask >> l & 1 == 1 {
                dst[l] = dst[l] & keep | ((vals[l] as u32) & 0xffff) << sh;
            }
        }
        if mask != 0 {
            self.note(Write::Vgpr { idx: reg as u8, lanes: mask });
        }
    }

    /// Writes scalar storage at `code` (`dwords` 1 or 2; NULL and codes past EXEC_HI are not
    /// written).
    pub(super) fn write_sreg(&mut self, code: u32, dwords: u32, value: u64) {
        let base = if dwords == 2 { code & !1 } else { code };
        if base == NULL {
            return;
        }
        for k in 0..dwords {
            let c = base + k;
            if c == NULL || c > rdna3_isa::operand::EXEC_HI {
                continue;
            }
            let v = (value >> (32 * k)) as u32;
            self.wave.sgpr[c as usize] = v;
            self.note(Write::Sgpr { idx: c as u8, value: v });
        }
    }

    /// VCC[31:0].
    pub(super) fn vcc(&self) -> u32 {
        self.wave.sgpr[VCC_LO as usize]
    }

    /// The lane mask an instruction reads as its carry-in or select: VCC in the 32-bit
    /// encodings, source 2 (an SGPR) in VOP3.
    pub(super) fn mask_in(&self) -> u32 {
        let v = &self.v;
        if v.vop3 && v.n >= 3 { self.raw(2)[0] as u32 } else { self.vcc() }
    }

    /// Writes a lane mask (compare result, carry out): to VCC in the 32-bit encodings, to the
    /// SGPR in SDST (VOP3SD) or VDST (a VOPC promotion) in VOP3. Wave32 writes one dword.
    pub(super) fn write_mask_out(&mut self, code_vop3: u32, mask: u32) {
        let code = if self.v.vop3 { code_vop3 } else { VCC_LO };
        self.write_sreg(code, 1, u64::from(mask));
    }

    pub(super) fn set_exec(&mut self, mask: u32) {
        self.write_sreg(EXEC_LO, 1, u64::from(mask));
        self.exec = mask;
    }

    pub(super) fn fault(&mut self, f: Fault) {
        self.outcome = Outcome::Fault(f);
    }
}

/// All ones in the lanes whose bit of `mask` is set, zero elsewhere.
#[inline]
fn lane_masks(mask: u32) -> [u32; 32] {
    // Eight lanes at a time from a table indexed by a byte of the mask: four 32-byte copies.
    // (Shifting the mask per lane, or testing it against per-lane bits, compiles to scalar
    // code or to multiplies on the baseline x86-64 target.)
    static BYTE_MASKS: [[u32; 8]; 256] = {
        let mut t = [[0u32; 8]; 256];
        let mut b = 0;
        while b < 256 {
            let mut l = 0;
            while l < 8 {
                if b >> l & 1 == 1 {
                    t[b][l] = u32::MAX;
                }
                l += 1;
            }
            b += 1;
        }
        t
    };
    let mut out = [0u32; 32];
    for (k, chunk) in out.chunks_exact_mut(8).enumerate() {
        chunk.copy_from_slice(&BYTE_MASKS[(mask >> (8 * k)) as u8 as usize]);
    }
    out
}

/// The lane that DPP16 control `ctrl` reads for lane `l`, or `None` when it is out of range
/// (guide 7.7.1, with the minus signs Table 94 lost restored).
pub(super) fn dpp16_source(ctrl: u16, l: usize) -> Option<usize> {
    let row = l & !15;
    let i = l & 15;
    let n = usize::from(ctrl & 15);
    let within = |j: isize| if (0..16).contains(&j) { Some(row + j as usize) } else { None };
    match ctrl {
        0x000..=0x0ff => Some((l & !3) + usize::from(ctrl >> (2 * (l & 3)) & 3)),
        0x101..=0x10f => within(i as isize + n as isize),
        0x111..=0x11f => within(i as isize - n as isize),
        0x121..=0x12f => Some(row + (i + 16 - n) % 16),
        0x140 => Some(row + 15 - i),
        0x141 => Some((l & !7) + 7 - (l & 7)),
        0x150..=0x15f => Some(row + n),
        0x160..=0x16f => Some(row + (i ^ n)),
        _ => None,
    }
}
