//! SystemVerilog generators. One askama template per generated module (in `templates/`); the
//! Rust side builds a plain view struct from the ISA table and the configuration, and the
//! template renders it.

pub mod ports;
pub mod valu;
mod view;

use std::collections::BTreeSet;
use std::path::Path;

use anyhow::{Context, Result, bail};
use askama::Template;
use serde::Deserialize;

use rdna3_isa::{InstDef, Unit};

/// Generator configuration: the compute unit's parameters (their defaults in the generated RTL).
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Config {
    /// Waves the compute unit holds and interleaves.
    #[serde(default = "Config::default_waves")]
    pub num_waves: u32,
    /// Physical vector lanes: 32 runs a wave32 instruction in one pass; 16, 8 and 4 take 2, 4
    /// and 8 passes (for small FPGAs). Results are the same for every lane count.
    #[serde(default = "Config::default_lanes")]
    pub lanes: u32,
    /// VGPRs of each wave (a multiple of 4 up to 256); registers past them read v0 and ignore
    /// writes (guide 7.2.7).
    #[serde(default = "Config::default_vgprs")]
    pub vgprs: u32,
    /// Pipeline registers in the floating-point units (0, 1 or 2): fewer for a shorter
    /// latency, more for a higher clock. Results are the same for every depth.
    #[serde(default = "Config::default_fp_stages")]
    pub fp_stages: u32,
    /// Result bits the transcendental unit (v_rcp_f32, v_rsq_f32, v_sqrt_f32) computes a cycle
    /// (1, 2, 13 or 26 of its 26): fewer for a higher clock and a smaller unit, more for a
    /// shorter latency (26 / trans_steps + 1 cycles). The F64 unit's recurrence (56 bits a
    /// pass) takes this rounded up to a divisor of 56. Results are the same for every setting.
    #[serde(default = "Config::default_trans_steps")]
    pub trans_steps: u32,
    /// Bytes of LDS (a power of two from 1 KiB to 64 KiB).
    #[serde(default = "Config::default_lds_bytes")]
    pub lds_bytes: u32,
    /// LDS banks, one dword wide (a power of two from 2 to 64): each serves one dword a cycle.
    #[serde(default = "Config::default_lds_banks")]
    pub lds_banks: u32,
    /// Bytes of the memory's cache line (a power of two from 16 to 4096): the vector memory
    /// port takes a request a line at a time, with the active lanes whose addresses fall in
    /// it, so that scattered lanes cost a beat each and a wave's contiguous dwords one or two.
    #[serde(default = "Config::default_vmem_line_bytes")]
    pub vmem_line_bytes: u32,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            num_waves: Config::default_waves(),
            lanes: Config::default_lanes(),
            vgprs: Config::default_vgprs(),
            fp_stages: Config::default_fp_stages(),
            trans_steps: Config::default_trans_steps(),
            lds_bytes: Config::default_lds_bytes(),
            lds_banks: Config::default_lds_banks(),
            vmem_line_bytes: Config::default_vmem_line_bytes(),
        }
    }
}

impl Config {
    fn default_waves() -> u32 {
        4
    }
    fn default_lanes() -> u32 {
        32
    }
    fn default_vgprs() -> u32 {
        256
    }
    fn default_fp_stages() -> u32 {
        2
    }
    fn default_trans_steps() -> u32 {
        2
    }
    fn default_lds_bytes() -> u32 {
        65536
    }
    fn default_lds_banks() -> u32 {
        32
    }
    fn default_vmem_line_bytes() -> u32 {
        128
    }

    /// Cycles from the start of a transcendental operation to its result (`TransCycles`).
    pub fn trans_cycles(&self) -> u32 {
        26 / self.trans_steps + 1
    }

    /// Steps a cycle of v_exp's and v_log's recurrence (`rdna3_isa::explog`, 52 steps): as
    /// many as fit the same TransCycles (2, 4, 26 or 52).
    pub fn explog_per_cycle(&self) -> u32 {
        rdna3_isa::explog::STEPS as u32 / (self.trans_cycles() - 1)
    }

    /// Result bits a pass of the F64 unit's digit recurrence finds (v_rcp_f64, v_rsq_f64,
    /// v_sqrt_f64), one a step: 53 and a guard bit, with room for the quotient's or root's
    /// leading one to fall in either of two places (`Trans64Bits`, f64_tstate_t's y).
    pub const TRANS64_BITS: u32 = 56;

    /// Steps a cycle of the F64 unit's recurrence: trans_steps rounded up to a divisor of
    /// TRANS64_BITS (1, 2, 14 or 28).
    pub fn trans64_steps(&self) -> u32 {
        (self.trans_steps..=Self::TRANS64_BITS)
            .find(|s| Self::TRANS64_BITS % s == 0)
            .unwrap_or(Self::TRANS64_BITS)
    }

    /// Cycles the F64 unit spends on a lane's pass of its recurrence: the pass's steps and a
    /// cycle that rounds the result and loads the next lane (`Trans64Lane`).
    pub fn trans64_lane(&self) -> u32 {
        Self::TRANS64_BITS / self.trans64_steps() + 1
    }

    /// Passes a wave32 instruction takes through the lanes.
    pub fn passes(&self) -> u32 {
        32 / self.lanes
    }

    /// Reads a TOML configuration file's text.
    pub fn from_toml(text: &str) -> Result<Config> {
        let cfg: Config = toml::from_str(text).context("configuration")?;
        cfg.validate()?;
        Ok(cfg)
    }

    pub fn validate(&self) -> Result<()> {
        if !(1..=16).contains(&self.num_waves) {
            bail!("num_waves must be 1..=16, not {}", self.num_waves);
        }
        if ![4, 8, 16, 32].contains(&self.lanes) {
            bail!("lanes must be 4, 8, 16 or 32, not {}", self.lanes);
        }
        if !(4..=256).contains(&self.vgprs) || !self.vgprs.is_multiple_of(4) {
            bail!("vgprs must be a multiple of 4 from 4 to 256, not {}", self.vgprs);
        }
        if self.fp_stages > 2 {
            bail!("fp_stages must be 0, 1 or 2, not {}", self.fp_stages);
        }
        if ![1, 2, 13, 26].contains(&self.trans_steps) {
            bail!("trans_steps must be 1, 2, 13 or 26, not {}", self.trans_steps);
        }
        if !self.lds_bytes.is_power_of_two() || !(1024..=65536).contains(&self.lds_bytes) {
            bail!("lds_bytes must be a power of two from 1024 to 65536, not {}", self.lds_bytes);
        }
        if !self.lds_banks.is_power_of_two() || !(2..=64).contains(&self.lds_banks) {
            bail!("lds_banks must be a power of two from 2 to 64, not {}", self.lds_banks);
        }
        if !self.vmem_line_bytes.is_power_of_two() || !(16..=4096).contains(&self.vmem_line_bytes) {
            bail!("vmem_line_bytes must be a power of two from 16 to 4096, not {}", self.vmem_line_bytes);
        }
        Ok(())
    }
}

/// One generated file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct File {
    pub name: String,
    pub text: String,
}

/// The header every generated file starts with.
/// What each template takes from the table and the configuration; the rest of it is written
/// by hand. Every generated file's header says which.
const GENERATED_PARTS: [(&str, &str); 13] = [
    (
        "cu_pkg.sv",
        "everything: formats, units, opcodes, vector operations and operand kinds, \
                   constants, counters, decoded_t and the instruction-length function; the \
                   floating-point rounding functions' shapes (their body is written by hand in \
                   templates/cu_fp_round.sv) and each float format's value-level helpers (one \
                   text per helper in templates/cu_fp_fmt.sv); the buffer formats and their \
                   layouts (buf_fmt, from the ISA crate's tables; their conversions are written \
                   by hand in templates/cu_buf_fmt.sv)",
    ),
    (
        "cu_decode.sv",
        "everything: format tests, field slices, opcode cases and the attributes \
                      and vector control bundle of every row",
    ),
    (
        "cu_top.sv",
        "the port list, the parameters' defaults, the wait-counter wiring and the F16 \
                   inline constants; the pipeline is written by hand",
    ),
    ("cu_waitcnt.sv", "the counters and their widths; the scoreboard is written by hand"),
    ("cu_salu.sv", "nothing but this header: written by hand, on cu_pkg's generated types"),
    (
        "cu_valu.sv",
        "nothing but this header: written by hand, on cu_pkg's generated vector \
                    operations (the case labels say which rows the RTL executes)",
    ),
    (
        "cu_fp32.sv",
        "the case labels of the F32 compares, from the table's compare conditions; the rest is \
                    written by hand (the case labels say which rows the RTL executes)",
    ),
    (
        "cu_fp64.sv",
        "nothing but this header: written by hand, on cu_pkg's rounding functions (the case \
                    labels say which rows the RTL executes)",
    ),
    ("cu_sgpr_file.sv", "nothing but this header: written by hand"),
    ("cu_vgpr_file.sv", "nothing but this header: written by hand"),
    ("cu_rr_arb.sv", "nothing but this header: written by hand"),
    ("cu_lds.sv", "the parameters' defaults (lds_bytes, lds_banks); the arbiter is written by hand"),
    (
        "cu_ds.sv",
        "the parameters' defaults (lds_bytes, lds_banks); the unit is written by hand, on \
                  cu_pkg's DS control bundle (dsctrl_t, from the table's access column)",
    ),
];

/// The header every generated file starts with.
fn header(generator: &str, template: &str) -> String {
    let parts = GENERATED_PARTS.iter().find(|(t, _)| *t == template).map_or("", |(_, p)| p);
    let mut lines = vec![format!("Generated by hdl-gen ({generator}, templates/{template})")];
    lines.push(format!("from the ISA table {} and the configuration.", rdna3_isa::TABLE_DIR));
    let mut line = String::from("Generated:");
    for word in parts.split_whitespace() {
        if line.len() + 1 + word.len() > 92 {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    lines.push(line);
    lines.push("DO NOT EDIT: change the table, the template or the generator, then run".into());
    lines.push("  cargo run --release -p hdl-gen -- generate --out rtl/".into());
    lines.iter().map(|l| format!("// {l}\n")).collect()
}

/// Renders every module.
pub fn generate(cfg: &Config) -> Result<Vec<File>> {
    cfg.validate()?;
    let views = view::Views::new(cfg);
    let mut files = Vec::new();
    let mut add = |name: &str, text: std::result::Result<String, askama::Error>| -> Result<()> {
        let text = text.with_context(|| format!("rendering {name}"))?;
        files.push(File { name: name.to_string(), text });
        Ok(())
    };
    add("cu_pkg.sv", views.pkg.render())?;
    add("cu_decode.sv", views.decode.render())?;
    add("cu_salu.sv", views.salu.render())?;
    add("cu_sgpr_file.sv", views.sgpr_file.render())?;
    add("cu_vgpr_file.sv", views.vgpr_file.render())?;
    add("cu_valu.sv", views.valu.render())?;
    add("cu_fp32.sv", views.fp32.render())?;
    add("cu_fp64.sv", views.fp64.render())?;
    add("cu_waitcnt.sv", views.waitcnt.render())?;
    add("cu_rr_arb.sv", views.rr_arb.render())?;
    add("cu_lds.sv", views.lds.render())?;
    add("cu_ds.sv", views.ds.render())?;
    add("cu_top.sv", views.top.render())?;
    for f in &mut files {
        if !f.text.ends_with('\n') {
            f.text.push('\n');
        }
    }
    Ok(files)
}

/// Writes the files into `dir`, creating it if needed.
pub fn write_dir(dir: &Path, files: &[File]) -> Result<()> {
    std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    for f in files {
        let path = dir.join(&f.name);
        std::fs::write(&path, &f.text).with_context(|| format!("writing {}", path.display()))?;
    }
    Ok(())
}

/// The units whose scalar rows the generated modules execute; vector rows (valu::is_valu)
/// execute when the lanes know their operation. A row of another unit faults as not
/// implemented in the RTL.
pub const RTL_UNITS: [Unit; 4] = [Unit::Salu, Unit::Branch, Unit::Wait, Unit::Control];

/// Units of which the RTL executes some scalar rows, those with a case label: the message
/// unit's `s_sendmsg` (MSG_DEALLOC_VGPRS, which every compiled kernel sends before it ends).
pub const RTL_PARTIAL_UNITS: [Unit; 1] = [Unit::Message];

/// Whether the DS unit (`cu_ds`) executes DS row `d`: its access has a kind in cu_pkg's
/// `dsctrl_t` (loads and stores, the `addtid` forms too, the two-address forms, `ds_nop`, the
/// integer atomics of 4 and 8 bytes, the two-address exchanges, `ds_condxchg32_rtn_b64`,
/// append and consume, swizzle and the permutes). Whether the compute unit
/// issues it to the unit is [`rtl_implements`]'s question.
pub fn ds_executes(d: &InstDef) -> bool {
    view::ds_kind(d).is_some()
}

/// Whether the memory ports of the compute unit execute row `d` (scalar loads and invalidates,
/// GLOBAL and SCRATCH loads and stores): its access has a kind in cu_pkg's `memctrl_t`.
pub fn mem_executes(d: &InstDef) -> bool {
    view::mem_kind(d).is_some()
}

/// Whether row `d` is a late vector load (GLOBAL and SCRATCH loads, `memctrl_t.late`): it
/// retires when the vector port takes its request, and its VGPRs are written after that, on
/// a tag of the VL ring ([`ports::VM_TAG_VL`]), reported on `rt_vl_*`.
pub fn mem_late(d: &InstDef) -> bool {
    view::mem_late(d)
}

/// The modules whose case labels say which rows the RTL executes.
const EXECUTING: [&str; 5] = ["cu_salu.sv", "cu_top.sv", "cu_valu.sv", "cu_fp32.sv", "cu_fp64.sv"];

/// The mnemonics the generated RTL executes: every `OP_*` (a row) and `VOP_*` (a vector
/// operation) that appears as a case label in the modules that execute instructions, and
/// every DS and memory access kind (`DK_*`, `MK_*`, kept as `dk_load`, `mk_gload`, ...) the
/// compute unit issues. Read off
/// the rendered SystemVerilog, so it says what the templates do, not what anyone believes they
/// do.
pub fn rtl_ops(files: &[File]) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for f in files.iter().filter(|f| EXECUTING.contains(&f.name.as_str())) {
        // A label list may continue over several lines, each ending in a comma.
        let mut pending = String::new();
        for line in f.text.lines() {
            let t = line.trim();
            if !["OP_", "VOP_", "DK_", "MK_"].iter().any(|p| t.starts_with(p)) {
                pending.clear();
                continue;
            }
            pending.push_str(t);
            if t.ends_with(',') {
                continue;
            }
            if let Some((labels, _)) = pending.split_once(':') {
                for l in labels.split(',') {
                    let l = l.trim();
                    if let Some(name) = l.strip_prefix("OP_").or_else(|| l.strip_prefix("VOP_")) {
                        out.insert(name.to_ascii_lowercase());
                    } else if l.starts_with("DK_") || l.starts_with("MK_") {
                        out.insert(l.to_ascii_lowercase());
                    }
                }
            }
            pending.clear();
        }
    }
    out
}

/// Whether the generated RTL executes `def`.
pub fn rtl_implements(def: &InstDef, ops: &BTreeSet<String>) -> bool {
    if let Some(kind) = view::ds_kind(def).or_else(|| view::mem_kind(def)) {
        return ops.contains(&kind.to_ascii_lowercase());
    }
    (RTL_UNITS.contains(&def.unit) || RTL_PARTIAL_UNITS.contains(&def.unit) || valu::is_valu(def))
        && ops.contains(&def.name)
}

/// The SystemVerilog name of a row in `op_e`: `OP_<MNEMONIC>`, and for a mnemonic that several
/// rows share (a VOP1/VOP2/VOPC row and its VOP3 promotion, VOPD's X and Y halves) every row
/// after the first gets its format as a suffix (`OP_V_ADD_F32_VOP3`, `OP_V_DUAL_MOV_B32_VOPD_Y`).
pub fn op_enum_name(def: &InstDef) -> String {
    let first = rdna3_isa::table().all_by_name(&def.name).next().map(|d| d.id);
    if first.is_none_or(|id| id == def.id) {
        format!("OP_{}", def.upper_name())
    } else {
        format!("OP_{}_{}", def.upper_name(), def.format().name)
    }
}

#[cfg(test)]
mod tests;
