//! Code objects as clang links them for `-target amdgcn-amd-amdhsa -mcpu=gfx1100`: a shared
//! ELF object holding the code, one kernel descriptor per kernel (`NAME.kd`), and the AMDGPU
//! metadata note (MessagePack) that describes the kernels' arguments.

use std::collections::BTreeMap;

use object::read::elf::{ElfFile64, FileHeader, ProgramHeader, Rela, SectionHeader};
use object::{Endianness, Object, ObjectSymbol, elf};
use serde::Deserialize;

use crate::golden::Code;

/// Why a code object cannot be loaded.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    #[error("not an ELF file: {0}")]
    NotElf(String),
    #[error("not an AMDGPU code object (e_machine {0})")]
    NotAmdgpu(u16),
    #[error("the code object is for {0}, not gfx11 (gfx1100..gfx1103)")]
    WrongTarget(String),
    #[error(
        "a relocatable object (from `clang -c`): link it into a code object first (`clang ... -o k.hsaco`, or `ld.lld-19 -shared k.o -o k.hsaco`)"
    )]
    Relocatable,
    #[error("the code object has no AMDGPU metadata note (NT_AMDGPU_METADATA)")]
    NoMetadata,
    #[error("the AMDGPU metadata note is malformed: {0}")]
    BadMetadata(String),
    #[error("kernel {kernel}: {what}")]
    BadKernel { kernel: String, what: String },
    #[error("relocation type {0} at {1:#x} is not supported")]
    Relocation(u32, u64),
    #[error("the code object's segments reach {0:#x}; at most 256 MiB are loaded")]
    TooLarge(u64),
}

/// The kernel descriptor (AMDHSA code object v4/v5, 64 bytes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KernelDescriptor {
    pub group_segment_fixed_size: u32,
    pub private_segment_fixed_size: u32,
    pub kernarg_size: u32,
    pub kernel_code_entry_byte_offset: i64,
    pub compute_pgm_rsrc3: u32,
    pub compute_pgm_rsrc1: u32,
    pub compute_pgm_rsrc2: u32,
    pub kernel_code_properties: u16,
    pub kernarg_preload: u16,
}

impl KernelDescriptor {
    pub const SIZE: usize = 64;

    fn parse(b: &[u8]) -> Option<KernelDescriptor> {
        let u32_at = |o: usize| Some(u32::from_le_bytes(b.get(o..o + 4)?.try_into().ok()?));
        let u16_at = |o: usize| Some(u16::from_le_bytes(b.get(o..o + 2)?.try_into().ok()?));
        let i64_at = |o: usize| Some(i64::from_le_bytes(b.get(o..o + 8)?.try_into().ok()?));
        Some(KernelDescriptor {
            group_segment_fixed_size: u32_at(0)?,
            private_segment_fixed_size: u32_at(4)?,
            kernarg_size: u32_at(8)?,
            kernel_code_entry_byte_offset: i64_at(16)?,
            compute_pgm_rsrc3: u32_at(44)?,
            compute_pgm_rsrc1: u32_at(48)?,
            compute_pgm_rsrc2: u32_at(52)?,
            kernel_code_properties: u16_at(56)?,
            kernarg_preload: u16_at(58)?,
        })
    }

    fn rsrc1(&self, lo: u32, bits: u32) -> u32 {
        (self.compute_pgm_rsrc1 >> lo) & ((1 << bits) - 1)
    }
    fn rsrc2(&self, lo: u32, bits: u32) -> u32 {
        (self.compute_pgm_rsrc2 >> lo) & ((1 << bits) - 1)
    }
    fn property(&self, bit: u32) -> bool {
        self.kernel_code_properties >> bit & 1 == 1
    }

    /// The initial MODE register: round and denormal modes, DX10 clamp and IEEE from
    /// COMPUTE_PGM_RSRC1 (guide 3.4.2's layout).
    pub fn initial_mode(&self) -> u32 {
        let round32 = self.rsrc1(12, 2);
        let round64 = self.rsrc1(14, 2);
        let denorm32 = self.rsrc1(16, 2);
        let denorm64 = self.rsrc1(18, 2);
        let dx10 = self.rsrc1(21, 1);
        let ieee = self.rsrc1(23, 1);
        let fp16_ovfl = self.rsrc1(26, 1);
        round32 | round64 << 2 | denorm32 << 4 | denorm64 << 6 | dx10 << 8 | ieee << 9 | fp16_ovfl << 23
    }
    /// User SGPRs the dispatcher initialises (COMPUTE_PGM_RSRC2.USER_SGPR_COUNT); the system
    /// SGPRs (workgroup IDs, ...) follow them.
    pub fn user_sgpr_count(&self) -> u32 {
        self.rsrc2(1, 5)
    }
    pub fn private_segment_enabled(&self) -> bool {
        self.rsrc2(0, 1) == 1
    }
    /// Which of the workgroup ID SGPRs (x, y, z) are enabled.
    pub fn workgroup_id_enabled(&self) -> [bool; 3] {
        [self.rsrc2(7, 1) == 1, self.rsrc2(8, 1) == 1, self.rsrc2(9, 1) == 1]
    }
    pub fn workgroup_info_enabled(&self) -> bool {
        self.rsrc2(10, 1) == 1
    }
    /// Work-item IDs in v0: 0 = x, 1 = x and y, 2 = x, y and z.
    pub fn workitem_id_dims(&self) -> u32 {
        self.rsrc2(11, 2)
    }
    /// The user SGPRs in the order the dispatcher places them (AMDGPUUsage, "Initial Kernel
    /// Execution State"): private segment buffer (4), dispatch pointer (2), queue pointer (2),
    /// kernarg segment pointer (2), dispatch ID (2), flat scratch init (2), private segment
    /// size (1).
    pub fn user_sgprs(&self) -> Vec<UserSgpr> {
        let table = [
            (0, UserSgpr::PrivateSegmentBuffer),
            (1, UserSgpr::DispatchPtr),
            (2, UserSgpr::QueuePtr),
            (3, UserSgpr::KernargSegmentPtr),
            (4, UserSgpr::DispatchId),
            (5, UserSgpr::FlatScratchInit),
            (6, UserSgpr::PrivateSegmentSize),
        ];
        table.iter().filter(|(bit, _)| self.property(*bit)).map(|(_, u)| *u).collect()
    }
    pub fn wave32(&self) -> bool {
        self.property(10)
    }
    /// VGPRs a wave uses (granulated count; blocks of 8 in wave32).
    pub fn vgpr_count(&self) -> u32 {
        (self.rsrc1(0, 6) + 1) * 8
    }
}

/// A user SGPR the dispatcher may initialise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UserSgpr {
    PrivateSegmentBuffer,
    DispatchPtr,
    QueuePtr,
    KernargSegmentPtr,
    DispatchId,
    FlatScratchInit,
    PrivateSegmentSize,
}

impl UserSgpr {
    pub fn dwords(self) -> u32 {
        match self {
            UserSgpr::PrivateSegmentBuffer => 4,
            UserSgpr::PrivateSegmentSize => 1,
            _ => 2,
        }
    }
}

/// A kernel argument, as the metadata describes it.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
pub struct ArgMeta {
    #[serde(rename = ".name", default)]
    pub name: Option<String>,
    #[serde(rename = ".offset")]
    pub offset: u32,
    #[serde(rename = ".size")]
    pub size: u32,
    /// `by_value`, `global_buffer`, `dynamic_shared_pointer`, `hidden_block_count_x`, ...
    #[serde(rename = ".value_kind")]
    pub value_kind: String,
    #[serde(rename = ".address_space", default)]
    pub address_space: Option<String>,
    #[serde(rename = ".type_name", default)]
    pub type_name: Option<String>,
}

impl ArgMeta {
    pub fn hidden(&self) -> bool {
        self.value_kind.starts_with("hidden_")
    }
}

#[derive(Debug, Deserialize)]
struct KernelMeta {
    #[serde(rename = ".name")]
    name: String,
    #[serde(rename = ".symbol")]
    symbol: String,
    #[serde(rename = ".args", default)]
    args: Vec<ArgMeta>,
    #[serde(rename = ".kernarg_segment_size")]
    kernarg_segment_size: u32,
    #[serde(rename = ".kernarg_segment_align")]
    kernarg_segment_align: u32,
    #[serde(rename = ".group_segment_fixed_size")]
    group_segment_fixed_size: u32,
    #[serde(rename = ".private_segment_fixed_size")]
    private_segment_fixed_size: u32,
    #[serde(rename = ".wavefront_size")]
    wavefront_size: u32,
    #[serde(rename = ".sgpr_count")]
    sgpr_count: u32,
    #[serde(rename = ".vgpr_count")]
    vgpr_count: u32,
    #[serde(rename = ".max_flat_workgroup_size")]
    max_flat_workgroup_size: u32,
}

#[derive(Debug, Deserialize)]
struct Metadata {
    #[serde(rename = "amdhsa.kernels")]
    kernels: Vec<KernelMeta>,
}

/// One kernel of a code object.
#[derive(Clone, Debug)]
pub struct Kernel {
    pub name: String,
    /// Address of the first instruction, in the loaded image.
    pub entry: u64,
    pub descriptor: KernelDescriptor,
    /// Arguments in kernarg-segment order, hidden ones included.
    pub args: Vec<ArgMeta>,
    pub kernarg_size: u32,
    pub kernarg_align: u32,
    /// LDS bytes the kernel declares (dynamic LDS comes on top).
    pub group_segment_size: u32,
    /// Scratch bytes per work-item.
    pub private_segment_size: u32,
    pub wavefront_size: u32,
    pub sgpr_count: u32,
    pub vgpr_count: u32,
    pub max_workgroup_size: u32,
}

/// A loaded code object: its image in memory, and its kernels.
#[derive(Clone, Debug)]
pub struct CodeObject {
    /// The loaded segments, from `base` on.
    pub code: Code,
    pub kernels: Vec<Kernel>,
    /// The ELF's target name, e.g. `gfx1100`.
    pub target: String,
}

impl CodeObject {
    pub fn kernel(&self, name: &str) -> Option<&Kernel> {
        self.kernels.iter().find(|k| k.name == name)
    }
}

/// `EF_AMDGPU_MACH` values of gfx11.
const GFX11: [(u32, &str); 4] = [(0x41, "gfx1100"), (0x42, "gfx1101"), (0x43, "gfx1102"), (0x44, "gfx1103")];
const EF_AMDGPU_MACH: u32 = 0xff;
const NT_AMDGPU_METADATA: u32 = 32;
const R_AMDGPU_RELATIVE64: u32 = 13;
/// Largest image loaded (the segments' highest address).
const MAX_IMAGE: u64 = 256 << 20;

/// Loads a code object at `base` (a multiple of 256).
pub fn load(bytes: &[u8], base: u64) -> Result<CodeObject, LoadError> {
    let elf = ElfFile64::<Endianness>::parse(bytes).map_err(|e| LoadError::NotElf(e.to_string()))?;
    let endian = elf.endian();
    let header = elf.elf_header();
    let machine = header.e_machine(endian);
    if machine != elf::EM_AMDGPU {
        return Err(LoadError::NotAmdgpu(machine));
    }
    if header.e_type(endian) == elf::ET_REL {
        return Err(LoadError::Relocatable);
    }
    let mach = header.e_flags(endian) & EF_AMDGPU_MACH;
    let target = GFX11
        .iter()
        .find(|(m, _)| *m == mach)
        .map(|(_, n)| (*n).to_string())
        .ok_or_else(|| LoadError::WrongTarget(format!("EF_AMDGPU_MACH {mach:#x}")))?;

    // The image: every PT_LOAD segment at base + its address.
    let mut image: Vec<u8> = Vec::new();
    for ph in elf.elf_program_headers() {
        if ph.p_type(endian) != elf::PT_LOAD {
            continue;
        }
        let vaddr = ph.p_vaddr(endian);
        let memsz = ph.p_memsz(endian);
        let end = vaddr
            .checked_add(memsz)
            .filter(|e| *e <= MAX_IMAGE)
            .ok_or(LoadError::TooLarge(vaddr.saturating_add(memsz)))?;
        if image.len() < end as usize {
            image.resize(end as usize, 0);
        }
        let data = ph
            .data(endian, bytes)
            .map_err(|()| LoadError::NotElf("a segment lies outside the file".into()))?;
        let n = data.len().min(memsz as usize);
        image[vaddr as usize..vaddr as usize + n].copy_from_slice(&data[..n]);
    }
    apply_relocations(&elf, bytes, &mut image, base)?;

    // The metadata note.
    let mut meta = None;
    for section in elf.elf_section_table().iter() {
        let Ok(Some(mut notes)) = section.notes(endian, bytes) else { continue };
        while let Ok(Some(note)) = notes.next() {
            if note.name() == b"AMDGPU" && note.n_type(endian) == NT_AMDGPU_METADATA {
                meta = Some(note.desc().to_vec());
            }
        }
    }
    let meta = meta.ok_or(LoadError::NoMetadata)?;
    let meta: Metadata = rmp_serde::from_slice(&meta).map_err(|e| LoadError::BadMetadata(e.to_string()))?;

    let symbols: BTreeMap<String, u64> =
        elf.symbols().filter_map(|s| Some((s.name().ok()?.to_string(), s.address()))).collect();
    let mut kernels = Vec::new();
    for k in meta.kernels {
        let bad = |what: String| LoadError::BadKernel { kernel: k.name.clone(), what };
        let kd_addr = *symbols.get(&k.symbol).ok_or_else(|| bad(format!("no symbol {}", k.symbol)))?;
        let kd_bytes = usize::try_from(kd_addr)
            .ok()
            .and_then(|a| image.get(a..a.checked_add(KernelDescriptor::SIZE)?))
            .ok_or_else(|| bad(format!("descriptor {} lies outside the image", k.symbol)))?;
        let descriptor = KernelDescriptor::parse(kd_bytes).ok_or_else(|| bad("short descriptor".into()))?;
        let entry = (kd_addr as i64)
            .checked_add(descriptor.kernel_code_entry_byte_offset)
            .filter(|e| *e >= 0 && (*e as u64) < image.len() as u64 && e % 4 == 0);
        let entry = entry.ok_or_else(|| {
            bad(format!("code entry offset {} leaves the image", descriptor.kernel_code_entry_byte_offset))
        })?;
        if k.wavefront_size != 32 || !descriptor.wave32() {
            return Err(bad(format!("wavefront size {}: only wave32 kernels run here", k.wavefront_size)));
        }
        kernels.push(Kernel {
            name: k.name,
            entry: base + entry as u64,
            descriptor,
            args: k.args,
            kernarg_size: k.kernarg_segment_size,
            kernarg_align: k.kernarg_segment_align,
            group_segment_size: k.group_segment_fixed_size,
            private_segment_size: k.private_segment_fixed_size,
            wavefront_size: k.wavefront_size,
            sgpr_count: k.sgpr_count,
            vgpr_count: k.vgpr_count,
            max_workgroup_size: k.max_flat_workgroup_size,
        });
    }
    image.resize(image.len().next_multiple_of(4), 0);
    let (dwords, _) = rdna3_isa::bytes_to_dwords(&image);
    Ok(CodeObject { code: Code::new(base, dwords), kernels, target })
}

/// Applies the dynamic relocations a linked code object may carry (R_AMDGPU_RELATIVE64 for
/// addresses of globals); anything else is refused.
fn apply_relocations(
    elf: &ElfFile64<Endianness>,
    bytes: &[u8],
    image: &mut [u8],
    base: u64,
) -> Result<(), LoadError> {
    let endian = elf.endian();
    for section in elf.elf_section_table().iter() {
        let Ok(Some((relas, _))) = section.rela(endian, bytes) else { continue };
        if section.sh_flags(endian) & u64::from(elf::SHF_ALLOC) == 0 {
            continue;
        }
        for r in relas {
            let kind = r.r_type(endian, false);
            let offset = r.r_offset(endian);
            if kind != R_AMDGPU_RELATIVE64 {
                return Err(LoadError::Relocation(kind, offset));
            }
            let value = base.wrapping_add(r.r_addend(endian) as u64);
            let slot = usize::try_from(offset)
                .ok()
                .and_then(|o| image.get_mut(o..o.checked_add(8)?))
                .ok_or(LoadError::Relocation(kind, offset))?;
            slot.copy_from_slice(&value.to_le_bytes());
        }
    }
    Ok(())
}
