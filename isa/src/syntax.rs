//! Symbolic immediate syntax shared by the assembler and the disassembler: `s_waitcnt`
//! counters, `s_delay_alu` fields, `hwreg(...)` and `sendmsg(...)` names, as LLVM 19 spells
//! them for gfx1100.

use std::sync::LazyLock;

use crate::table;

/// `s_waitcnt`'s SIMM16 thresholds; the field positions come from the table's counters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Waitcnt {
    pub vm: u32,
    pub exp: u32,
    pub lgkm: u32,
}

fn waitcnt_field(name: &str) -> crate::BitRange {
    table()
        .counter(name)
        .and_then(|c| c.waitcnt_field)
        .unwrap_or_else(|| panic!("the table gives counter {name} no s_waitcnt field"))
}

impl Waitcnt {
    /// Every counter at its maximum: no wait.
    pub fn no_wait() -> Waitcnt {
        Waitcnt::decode(u32::from(u16::MAX))
    }
    pub fn decode(v: u32) -> Waitcnt {
        // The interpreter decodes every s_waitcnt it runs: look the fields up once.
        static FIELDS: LazyLock<[crate::BitRange; 3]> =
            LazyLock::new(|| [waitcnt_field("vm"), waitcnt_field("exp"), waitcnt_field("lgkm")]);
        let [vm, exp, lgkm] = FIELDS.map(|f| f.extract(u64::from(v)));
        Waitcnt { vm, exp, lgkm }
    }
    pub fn encode(self) -> u32 {
        let mut w = 0;
        for (n, v) in [("vm", self.vm), ("exp", self.exp), ("lgkm", self.lgkm)] {
            w = waitcnt_field(n).insert(w, v);
        }
        w as u32
    }
}

/// `s_delay_alu` INSTID names by value (guide 16.5).
pub const DELAY_INSTID: [Option<&str>; 16] = [
    Some("NO_DEP"),
    Some("VALU_DEP_1"),
    Some("VALU_DEP_2"),
    Some("VALU_DEP_3"),
    Some("VALU_DEP_4"),
    Some("TRANS32_DEP_1"),
    Some("TRANS32_DEP_2"),
    Some("TRANS32_DEP_3"),
    Some("FMA_ACCUM_CYCLE_1"),
    Some("SALU_CYCLE_1"),
    Some("SALU_CYCLE_2"),
    Some("SALU_CYCLE_3"),
    None,
    None,
    None,
    None,
];

/// `s_delay_alu` INSTSKIP names by value.
pub const DELAY_SKIP: [&str; 6] = ["SAME", "NEXT", "SKIP_1", "SKIP_2", "SKIP_3", "SKIP_4"];

/// Hardware register names LLVM knows for gfx11, by id.
const HWREGS: [(u32, &str); 15] = [
    (HW_REG_MODE, "HW_REG_MODE"),
    (2, "HW_REG_STATUS"),
    (3, "HW_REG_TRAPSTS"),
    (5, "HW_REG_GPR_ALLOC"),
    (6, "HW_REG_LDS_ALLOC"),
    (7, "HW_REG_IB_STS"),
    (15, "HW_REG_SH_MEM_BASES"),
    (18, "HW_REG_PERF_SNAPSHOT_PC_LO"),
    (19, "HW_REG_PERF_SNAPSHOT_PC_HI"),
    (20, "HW_REG_FLAT_SCR_LO"),
    (21, "HW_REG_FLAT_SCR_HI"),
    (23, "HW_REG_HW_ID1"),
    (24, "HW_REG_HW_ID2"),
    (27, "HW_REG_PERF_SNAPSHOT_DATA"),
    (29, "HW_REG_SHADER_CYCLES"),
];

/// Hardware register id of MODE.
pub const HW_REG_MODE: u32 = 1;

/// MODE bits a shader may write: FP_ROUND, FP_DENORM, DX10_CLAMP, IEEE, LOD_CLAMPED,
/// TRAP_AFTER_INST, EXCP_EN (bits 21:0), FP16_OVFL (23), DISABLE_PERF (27). Reserved bits
/// read as zero and ignore writes.
pub const MODE_WRITABLE: u32 = 0x08bf_ffff;

pub fn hwreg_name(id: u32) -> Option<&'static str> {
    HWREGS.iter().find(|(i, _)| *i == id).map(|(_, n)| *n)
}

pub fn hwreg_id(name: &str) -> Option<u32> {
    HWREGS.iter().find(|(_, n)| *n == name).map(|(i, _)| *i)
}

/// Message names LLVM knows for gfx11, by id.
const MSGS: [(u32, &str); 13] = [
    (1, "MSG_INTERRUPT"),
    (2, "MSG_HS_TESSFACTOR"),
    (3, "MSG_DEALLOC_VGPRS"),
    (5, "MSG_STALL_WAVE_GEN"),
    (6, "MSG_HALT_WAVES"),
    (9, "MSG_GS_ALLOC_REQ"),
    (128, "MSG_RTN_GET_DOORBELL"),
    (129, "MSG_RTN_GET_DDID"),
    (130, "MSG_RTN_GET_TMA"),
    (131, "MSG_RTN_GET_REALTIME"),
    (132, "MSG_RTN_SAVE_WAVE"),
    (133, "MSG_RTN_GET_TBA"),
    (134, "MSG_RTN_GET_TBA_TO_PC"),
];

pub fn msg_name(id: u32) -> Option<&'static str> {
    MSGS.iter().find(|(i, _)| *i == id).map(|(_, n)| *n)
}

pub fn msg_id(name: &str) -> Option<u32> {
    MSGS.iter().find(|(_, n)| *n == name).map(|(i, _)| *i)
}

/// `s_version` microcode versions LLVM names.
const UC_VERSIONS: [(u32, &str); 4] =
    [(0, "UC_VERSION_GFX7"), (4, "UC_VERSION_GFX10"), (6, "UC_VERSION_GFX11"), (9, "UC_VERSION_GFX12")];

/// `s_version` flag bits, in the order LLVM prints them.
pub const UC_VERSION_FLAGS: [(u32, &str); 3] =
    [(0x2000, "UC_VERSION_W64_BIT"), (0x4000, "UC_VERSION_W32_BIT"), (0x8000, "UC_VERSION_MDP_BIT")];

pub fn uc_version_name(v: u32) -> Option<&'static str> {
    UC_VERSIONS.iter().find(|(c, _)| *c == v).map(|(_, n)| *n)
}

/// Value of a constant symbol that LLVM predefines in AMDGPU assembly.
pub fn constant_symbol(name: &str) -> Option<u32> {
    UC_VERSIONS.iter().chain(UC_VERSION_FLAGS.iter()).find(|(_, n)| *n == name).map(|(v, _)| *v)
}

/// Fields of `s_waitcnt_depctr`'s SIMM16 as LLVM names them (gfx11), in its printing order:
/// (name, shift, width). All ones means "do not wait".
pub const DEPCTR: [(&str, u32, u32); 7] = [
    ("depctr_hold_cnt", 7, 1),
    ("depctr_sa_sdst", 0, 1),
    ("depctr_va_vdst", 12, 4),
    ("depctr_va_sdst", 9, 3),
    ("depctr_va_ssrc", 8, 1),
    ("depctr_va_vcc", 1, 1),
    ("depctr_vm_vsrc", 2, 3),
];

/// The SIMM16 bits the depctr fields cover (bits 6:5 are not a field).
pub const DEPCTR_MASK: u32 = 0xff9f;
