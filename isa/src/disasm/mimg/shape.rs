//! The register shapes of an image (MIMG) instruction, as LLVM 19 decodes and accepts them for
//! gfx1100: how many data dwords DMASK, D16 and TFE imply, how many address dwords DIM, A16
//! and the row's address parts imply, and which of those widths LLVM has a variant of the
//! instruction for. Read from the row's operands (the `@RULE`s of `table/mimg.isa`); the
//! disassembler (`disasm::mimg`) and the assembler (`asm::mimg`, which includes this file)
//! both use it, so that the assembler reads back exactly what the disassembler prints.
//!
//! LLVM's disassembler first decodes one variant per opcode (one data dword or the variant's
//! own data width, a one-VGPR address or the longest NSA list of up to five), then widens the
//! registers to the widths the fields imply (`AMDGPUDisassembler::convertMIMGInst`). When it
//! has no variant of those widths, or a widened tuple would run past v255, it keeps the
//! decoded shapes: [`Shape::layout`] does the same.

#![allow(dead_code)]

use crate::{Field, ImmKind, Inst, InstDef, Kind};

/// The DIM field's values: the name after `SQ_RSRC_IMG_`, the coordinates of the address
/// body, and the 32-bit derivatives (LLVM's `AMDGPUDimProps`).
pub(crate) const DIMS: [(&str, u32, u32); 8] = [
    ("1D", 1, 2),
    ("2D", 2, 4),
    ("3D", 3, 6),
    ("CUBE", 3, 4),
    ("1D_ARRAY", 2, 2),
    ("2D_ARRAY", 3, 4),
    ("2D_MSAA", 3, 4),
    ("2D_MSAA_ARRAY", 4, 4),
];

/// The DIM value of a name as LLVM reads it: `SQ_RSRC_IMG_` (in upper case) and a suffix in
/// any case, or the suffix alone (`2D_ARRAY`).
pub(crate) fn dim_by_name(name: &str) -> Option<u32> {
    let suffix = name.strip_prefix("SQ_RSRC_IMG_").unwrap_or(name);
    DIMS.iter().position(|(n, _, _)| n.eq_ignore_ascii_case(suffix)).map(|d| d as u32)
}

/// How the data operand's width follows from the fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Data {
    /// `@dmask`: one dword per DMASK bit.
    Dmask,
    /// `@gather4`: four dwords.
    Gather4,
    /// `@msaa`: four dwords (LLVM's variants: 2 to 5).
    Msaa,
    /// `@atomic`: one dword per DMASK bit (LLVM's variants: 1 or 2).
    Atomic,
    /// `@cmpswap`: one dword per DMASK bit (LLVM's variants: 2 or 4).
    Cmpswap,
    /// A register type: its dwords.
    Fixed(u32),
}

/// Derivatives in the address.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Grad {
    None,
    /// `grad`: 32-bit derivatives.
    Full,
    /// `grad16`: 16-bit derivatives, two per dword.
    Half,
}

/// What the address holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Addr {
    /// An image address: `extra` dwords before the body (offset, bias, z-compare), the
    /// derivatives, the body's coordinates (absent for get_resinfo) and one more body
    /// component (mip, lod, clamp).
    Image { extra: u32, grad: Grad, coords: bool, lod: bool },
    /// A BVH ray (`@bvh`, `@bvh64`: a 64-bit node pointer).
    Bvh { node64: bool },
}

/// A row's shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Shape {
    pub data: Data,
    pub addr: Addr,
    /// The row has a sampler (sample, gather, get_lod): LLVM's sampler variants.
    pub sampler: bool,
    /// The row has a D16 form.
    pub d16: bool,
    /// The dwords of the resource descriptor.
    pub rsrc_dwords: u32,
}

/// The shape of a MIMG row, from its operands; `None` when they are not an image row's.
pub(crate) fn shape(def: &InstDef) -> Option<Shape> {
    let data = match def.operand(Field::Vdata)?.kind {
        Kind::RegRule("dmask") => Data::Dmask,
        Kind::RegRule("gather4") => Data::Gather4,
        Kind::RegRule("msaa") => Data::Msaa,
        Kind::RegRule("atomic") => Data::Atomic,
        Kind::RegRule("cmpswap") => Data::Cmpswap,
        Kind::Reg(ty) => Data::Fixed(ty.dwords()),
        _ => return None,
    };
    let addr = match def.operand(Field::Vaddr)?.kind {
        Kind::RegRule("bvh") => Addr::Bvh { node64: false },
        Kind::RegRule("bvh64") => Addr::Bvh { node64: true },
        Kind::RegRule(parts) => {
            let (mut extra, mut grad, mut coords, mut lod) = (0, Grad::None, false, false);
            for part in parts.split('+') {
                match part {
                    "offset" | "bias" | "zcompare" => extra += 1,
                    "grad" => grad = Grad::Full,
                    "grad16" => grad = Grad::Half,
                    "coords" => coords = true,
                    "mip" | "lod" | "clamp" => lod = true,
                    _ => return None,
                }
            }
            Addr::Image { extra, grad, coords, lod }
        }
        Kind::Reg(_) | Kind::Imm(_) => return None,
    };
    let rsrc_dwords = def.operand(Field::Srsrc)?.ty()?.dwords();
    let sampler = def.operand(Field::Ssamp).is_some_and(|o| matches!(o.kind, Kind::Reg(_)));
    let d16 = def.operand(Field::D16).is_some_and(|o| o.kind == Kind::Imm(ImmKind::Other("flag")));
    Some(Shape { data, addr, sampler, d16, rsrc_dwords })
}

/// The fields that decide the shapes, and the registers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Fields {
    pub dmask: u32,
    pub dim: u32,
    pub a16: bool,
    pub d16: bool,
    pub tfe: bool,
    pub nsa: bool,
    pub vdata: u32,
    /// VADDR, then the NSA dword's ADDR1..ADDR4.
    pub addr: [u32; 5],
}

impl Fields {
    pub fn of(inst: &Inst) -> Fields {
        let on = |f| inst.field(f) != 0;
        Fields {
            dmask: inst.field(Field::Dmask),
            dim: inst.field(Field::Dim),
            a16: on(Field::A16),
            d16: on(Field::D16),
            tfe: on(Field::Tfe),
            nsa: on(Field::Nsa),
            vdata: inst.field(Field::Vdata),
            addr: [Field::Vaddr, Field::Addr1, Field::Addr2, Field::Addr3, Field::Addr4]
                .map(|f| inst.field(f)),
        }
    }
}

/// Why LLVM's assembler rejects an instruction's widths or fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Reject {
    Data,
    Addr,
    AtomicDmask,
    GatherDmask,
}

/// The address operand's form: one VGPR tuple, or an NSA list of tuples.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Vaddr {
    Tuple(u32),
    List(Vec<u32>),
}

/// The widths of the data and address operands LLVM prints.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Layout {
    pub data: u32,
    pub vaddr: Vaddr,
}

impl Shape {
    /// The data dwords the fields imply.
    pub fn data_dwords(&self, f: &Fields) -> u32 {
        let base = match self.data {
            Data::Fixed(n) => return n,
            Data::Gather4 | Data::Msaa => 4,
            Data::Dmask | Data::Atomic | Data::Cmpswap => (f.dmask & 0xf).count_ones().max(1),
        };
        let n = if self.d16 && f.d16 { base.div_ceil(2) } else { base };
        n + u32::from(f.tfe)
    }

    /// The data VGPRs LLVM's disassembler prints for `n` data dwords, if it has a variant for
    /// them. Its atomics are irregular: a 32-bit atomic's four dwords print as five VGPRs, and
    /// it decodes no atomic with three (or five) dwords, although its assembler reads them.
    pub fn data_width(&self, n: u32) -> Option<u32> {
        let ok = match self.data {
            Data::Dmask => (1..=5).contains(&n),
            Data::Gather4 => matches!(n, 2 | 4 | 5),
            Data::Msaa => (2..=5).contains(&n),
            Data::Atomic if n == 4 => return Some(5),
            Data::Atomic => matches!(n, 1 | 2),
            Data::Cmpswap => matches!(n, 2 | 4),
            Data::Fixed(m) => n == m,
        };
        ok.then_some(n)
    }

    /// Whether LLVM's assembler has a variant with `n` data VGPRs.
    pub fn asm_data(&self, n: u32) -> bool {
        match self.data {
            Data::Atomic => matches!(n, 1 | 2 | 3 | 5),
            Data::Cmpswap => (2..=5).contains(&n),
            _ => self.data_width(n) == Some(n),
        }
    }

    /// The data dwords of the variant LLVM decodes first.
    pub fn default_data(&self) -> u32 {
        match self.data {
            Data::Dmask | Data::Atomic => 1,
            Data::Cmpswap => 2,
            Data::Gather4 | Data::Msaa => 4,
            Data::Fixed(n) => n,
        }
    }

    /// The address dwords the fields imply (LLVM's `getAddrSizeMIMGOp`; gfx11 has 16-bit
    /// derivatives only in the `_g16` opcodes).
    pub fn addr_dwords(&self, dim: u32, a16: bool) -> u32 {
        match self.addr {
            Addr::Bvh { node64 } => match (node64, a16) {
                (false, false) => 11,
                (true, false) => 12,
                (false, true) => 8,
                (true, true) => 9,
            },
            Addr::Image { extra, grad, coords, lod } => {
                let (_, ncoords, grads) = DIMS.get(dim as usize).copied().unwrap_or(DIMS[0]);
                let body = if coords { ncoords } else { 0 } + u32::from(lod);
                let body = if a16 { body.div_ceil(2) } else { body };
                extra
                    + body
                    + match grad {
                        Grad::None => 0,
                        Grad::Full => grads,
                        Grad::Half => (grads / 2).next_multiple_of(2),
                    }
            }
        }
    }

    /// The address dwords any DIM and A16 can give a sampler row, lowest and highest (LLVM's
    /// `AllNumAddrWords`, which leaves MSAA out: sampling takes no MSAA resource).
    fn sampler_words(&self) -> (u32, u32) {
        let Addr::Image { extra, grad, lod, .. } = self.addr else { return (0, 0) };
        let (lo, hi) = match (grad, lod) {
            (Grad::None, false) => (1, 3),
            (Grad::None, true) => (1, 4),
            (Grad::Half, false) => (2, 7),
            (Grad::Half, true) => (2, 8),
            (Grad::Full, false) => (2, 9),
            (Grad::Full, true) => (2, 10),
        };
        (lo + extra, hi + extra)
    }

    /// Whether LLVM has a variant whose address is one tuple of `n` VGPRs.
    pub fn tuple_variant(&self, n: u32) -> bool {
        match self.addr {
            Addr::Bvh { .. } => false,
            Addr::Image { .. } if !self.sampler => (1..=4).contains(&n),
            Addr::Image { .. } => {
                let (lo, hi) = self.sampler_words();
                let has = |k: u32| (lo..=hi).contains(&k);
                // LLVM's register classes: 4 serves 3 and 4, 8 serves 5 to 8, 16 serves 13 to 16.
                match n {
                    4 => has(3) || has(4),
                    8 => (5..=8).any(has),
                    16 => (13..=16).any(has),
                    13..=15 => false,
                    _ => has(n),
                }
            }
        }
    }

    /// Whether LLVM has an NSA variant with `n` address dwords.
    pub fn nsa_variant(&self, n: u32) -> bool {
        match self.addr {
            Addr::Bvh { .. } => false,
            Addr::Image { .. } if !self.sampler => (2..=4).contains(&n),
            Addr::Image { .. } => {
                let (lo, hi) = self.sampler_words();
                n >= 2 && (lo..=hi).contains(&n)
            }
        }
    }

    /// The address dwords of the NSA variant LLVM decodes first: the most of at most five.
    pub fn nsa_default(&self) -> u32 {
        if !self.sampler {
            return 4;
        }
        let (lo, hi) = self.sampler_words();
        (2..=5).rev().find(|n| (lo..=hi).contains(n)).unwrap_or(2)
    }

    /// The address dwords of the one-tuple variant LLVM decodes first: the fewest.
    pub fn tuple_default(&self) -> u32 {
        if self.sampler { self.sampler_words().0 } else { 1 }
    }

    /// The address operand's form for `n` dwords, with NSA or without.
    fn vaddr(nsa: bool, n: u32) -> Vaddr {
        match (nsa, n) {
            (false, _) => Vaddr::Tuple(n),
            (true, 0..=5) => Vaddr::List(vec![1; n as usize]),
            (true, _) => Vaddr::List(vec![1, 1, 1, 1, n - 4]),
        }
    }

    /// Why LLVM's assembler would not read `written` for an encoding of these fields, unless
    /// it is what its disassembler prints ([`Shape::layout`]): LLVM reads the widths the fields
    /// imply when it has a variant of them (and 8 address VGPRs for 5 to 7), with a DMASK of
    /// 0x1, 0x3 or 0xf for atomics, and one DMASK bit for gather4 and image_msaa_load. (It also
    /// wants an MSAA dim for image_msaa_load, but reads only widths its disassembler prints
    /// with, so no image_msaa_load text gets this far.)
    pub fn reject(&self, f: &Fields, written: &Layout) -> Option<Reject> {
        if *written == self.layout(f) {
            return None;
        }
        if matches!(self.addr, Addr::Bvh { .. }) {
            return Some(Reject::Addr);
        }
        let (data, addr) = (self.data_dwords(f), self.addr_dwords(f.dim, f.a16));
        if written.data != data || !self.asm_data(data) {
            return Some(Reject::Data);
        }
        let vaddr_ok = match &written.vaddr {
            Vaddr::Tuple(w) => {
                !f.nsa && self.tuple_variant(*w) && (*w == addr || (*w == 8 && (5..=7).contains(&addr)))
            }
            Vaddr::List(ws) => {
                // LLVM matches the list against its NSA variants (single VGPRs, or four and a
                // tuple of the rest), then counts the addresses: the list's elements, or with
                // more than five addresses, the elements before the last and the last's VGPRs.
                let m = ws.len() as u32;
                let last = ws.last().copied().unwrap_or(0);
                let singles = ws.iter().all(|w| *w == 1) && self.nsa_variant(m);
                let partial =
                    m == 5 && ws[..4].iter().all(|w| *w == 1) && last >= 2 && self.nsa_variant(4 + last);
                let counted = if addr > 5 { m.saturating_sub(1) + last } else { m };
                f.nsa && (singles || partial) && counted == addr
            }
        };
        let dmask = f.dmask & 0xf;
        match self.data {
            _ if !vaddr_ok => Some(Reject::Addr),
            Data::Atomic | Data::Cmpswap if !matches!(dmask, 0x1 | 0x3 | 0xf) => Some(Reject::AtomicDmask),
            Data::Gather4 | Data::Msaa if dmask.count_ones() != 1 => Some(Reject::GatherDmask),
            _ => None,
        }
    }

    /// The widths LLVM prints for an encoding's data and address (see the module's docs).
    pub fn layout(&self, f: &Fields) -> Layout {
        if let Addr::Bvh { node64 } = self.addr {
            let vaddr = if f.nsa {
                let mut parts = vec![if node64 { 2 } else { 1 }, 1, 3, 3];
                if !f.a16 {
                    parts.push(3);
                }
                Vaddr::List(parts)
            } else {
                Vaddr::Tuple(self.addr_dwords(0, f.a16))
            };
            return Layout { data: self.default_data(), vaddr };
        }
        let shaped = |data: u32, addr: u32| Layout { data, vaddr: Self::vaddr(f.nsa, addr) };
        let data0 = self.default_data();
        let addr0 = if f.nsa { self.nsa_default() } else { self.tuple_default() };
        let (data, addr) = (self.data_dwords(f), self.addr_dwords(f.dim, f.a16));
        let decoded = shaped(data0, addr0);
        if data == data0 && addr == addr0 {
            return decoded;
        }
        let exists = if f.nsa { self.nsa_variant(addr) } else { self.tuple_variant(addr) };
        let Some(width) = self.data_width(data).filter(|_| exists) else {
            return decoded;
        };
        if data != data0 && f.vdata + width > 256 {
            return decoded;
        }
        // Without NSA the address tuple grows; with more than five addresses the last grows.
        let partial = f.nsa && addr > addr0;
        if (!f.nsa || partial) && addr != addr0 {
            let (first, n) = if partial { (f.addr[4], addr - 4) } else { (f.addr[0], addr) };
            if first + n > 256 {
                return decoded;
            }
        }
        shaped(width, addr)
    }
}
