//! The port list of `cu_top`, defined once: the template renders its declarations, and the
//! simulator's build script renders from it the C++ that moves port values between the
//! Verilator model and a flat buffer of dwords, and the Rust map of where each port sits in
//! that buffer. Adding a port is one line here.

use super::Config;

/// Whether the compute unit reads or drives a port.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dir {
    In,
    Out,
}

/// One port of `cu_top`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Port {
    /// The SystemVerilog name, with its `_i`/`_o` suffix (`clk_i`, `rt_valid_o`).
    pub name: &'static str,
    pub dir: Dir,
    /// The declaration's type as written in `cu_top` (`logic [WaveW-1:0]`, `cnt_t [NumWaves-1:0]`).
    pub sv_type: String,
    /// Its width in bits for the configuration.
    pub bits: u32,
    /// What it carries (a comment in the declaration).
    pub doc: &'static str,
    /// The group it belongs to, for the comment above a group of declarations.
    pub group: &'static str,
}

impl Port {
    /// The name without the direction suffix (`rt_valid`), as the simulator names it.
    pub fn short(&self) -> &'static str {
        self.name.strip_suffix("_i").or_else(|| self.name.strip_suffix("_o")).unwrap_or(self.name)
    }
    /// Dwords the port takes in a flat buffer.
    pub fn words(&self) -> u32 {
        self.bits.div_ceil(32)
    }
}

/// Retire status codes (`rt_status_o`), in `cu_pkg` as `Rt*` and in the simulator as
/// [`RT_STATUS`]'s values.
pub const RT_RETIRED: u32 = 0;
pub const RT_ENDPGM: u32 = 1;
pub const RT_BARRIER: u32 = 2;
pub const RT_FAULT: u32 = 3;
/// Fault codes (`rt_fault_o`) when the status is [`RT_FAULT`].
pub const FAULT_FETCH: u32 = 1;
pub const FAULT_ILLEGAL: u32 = 2;
pub const FAULT_NOT_IMPLEMENTED: u32 = 3;
/// A memory access outside the wave's allocation (the LDS).
pub const FAULT_MEMORY: u32 = 4;
/// Bits of `rt_fault_o`.
pub const FAULT_BITS: u32 = 3;

/// Cycles from the one in which an instruction's wave state is committed (the end of EX: its
/// next instruction, its sleep, its barrier) to the one in which the retire port shows it
/// (through WB and the port's register). The issue-timing reference works back from the port.
pub const RETIRE_DELAY: u64 = 2;

/// Bits of a workgroup ID on the dispatcher port (cu_top's `WgW`): the dispatcher gives the
/// workgroups running at once different IDs from these.
pub const WG_BITS: u32 = 4;

/// Vector memory requests counted on VS_CNT (stores, atomics without return) that may be
/// outstanding at once: each holds a tag from a ring of this many until its answer comes back
/// (`cu_pkg::VsTags`). The instruction retires when its request is taken.
pub const VS_TAGS: u32 = 8;
/// Vector loads that complete after they retire (GLOBAL and SCRATCH loads) that may be
/// outstanding at once: each holds a tag from a second ring of this many, from when the port
/// takes its request (the instruction then retires) until the write engine has written its
/// answer and its VM_CNT has returned (`cu_pkg::VsTags` too: the two rings share an index
/// width).
pub const VL_TAGS: u32 = VS_TAGS;
/// Bits of a vector memory tag (`vmem_req_tag_o`, `vmem_rsp_tag_i`): a ring's index; above it
/// the bit of the late-load ring ([`VM_TAG_VL`]); above that the bit of the one request the
/// compute unit waits for (a MUBUF or FLAT load, an atomic with return, a FLAT instruction
/// with LDS lanes), whose tag is [`VM_TAG_WAIT`].
pub const VM_TAG_BITS: u32 = VS_TAGS.trailing_zeros() + 2;
/// The tag of the request the compute unit waits for.
pub const VM_TAG_WAIT: u32 = 1 << (VM_TAG_BITS - 1);
/// The bit of a late load's tag (its index in the VL ring below it).
pub const VM_TAG_VL: u32 = 1 << (VM_TAG_BITS - 2);
/// Bits of a ring index (`rt_vl_tag_o`).
pub const VS_TAG_BITS: u32 = VS_TAGS.trailing_zeros();

/// Scalar loads that may be outstanding at once (`cu_pkg::SmTags`): each holds a tag from
/// when the scalar port takes its request (the instruction then retires) until its dwords are
/// written to the SGPRs, which the answer may bring in any order (guide 5.6: SMEM returns out
/// of order).
pub const SM_TAGS: u32 = 4;
/// Bits of a scalar memory tag (`smem_req_tag_o`, `smem_rsp_tag_i`, `rt_sl_tag_o`).
pub const SM_TAG_BITS: u32 = SM_TAGS.trailing_zeros();

/// The status codes with their `cu_pkg` names, for the template.
pub const RT_CODES: [(&str, u32); 4] =
    [("RtRetired", RT_RETIRED), ("RtEndpgm", RT_ENDPGM), ("RtBarrier", RT_BARRIER), ("RtFault", RT_FAULT)];

/// The fault codes with their `cu_pkg` names, for the template.
pub const FAULT_CODES: [(&str, u32); 4] = [
    ("FaultFetch", FAULT_FETCH),
    ("FaultIllegal", FAULT_ILLEGAL),
    ("FaultNotImpl", FAULT_NOT_IMPLEMENTED),
    ("FaultMemory", FAULT_MEMORY),
];

/// The code of atomic operation `op` on `vmem_req_op_o`: its index in the table's list of
/// operations ([`rdna3_isa::AtomicOp::all`]), which holds every one.
pub fn atomic_code(op: rdna3_isa::AtomicOp) -> u32 {
    rdna3_isa::AtomicOp::all().position(|o| o == op).map_or(u32::MAX, |i| i as u32)
}

/// The atomic operation of code `code` on `vmem_req_op_o`, if there is one.
pub fn atomic_op(code: u32) -> Option<rdna3_isa::AtomicOp> {
    rdna3_isa::AtomicOp::all().nth(code as usize)
}

/// Bits of a wave index.
pub fn wave_bits(cfg: &Config) -> u32 {
    clog2(cfg.num_waves).max(1)
}

/// Bits of a pass index (1 when there is one pass).
pub fn pass_bits(cfg: &Config) -> u32 {
    clog2(cfg.passes()).max(1)
}

fn clog2(n: u32) -> u32 {
    u32::BITS - n.saturating_sub(1).leading_zeros()
}

/// Ports in the making, with the group they are declared under.
struct List {
    out: Vec<Port>,
    group: &'static str,
}

impl List {
    fn port(&mut self, name: &'static str, dir: Dir, sv_type: &str, bits: u32, doc: &'static str) {
        self.out.push(Port { name, dir, sv_type: sv_type.to_string(), bits, doc, group: self.group });
    }
}

/// `logic [HI:0]`, or `logic` for one bit.
fn logic(hi: &str) -> String {
    if hi == "0" { "logic".to_string() } else { format!("logic [{hi}:0]") }
}

/// Every port of `cu_top`, in declaration order.
pub fn ports(cfg: &Config) -> Vec<Port> {
    use Dir::{In, Out};
    let waves = cfg.num_waves;
    let wave_w = wave_bits(cfg);
    let pass_w = pass_bits(cfg);
    let lanes = cfg.lanes;
    let inst_bits = 32 * super::view::max_dwords();
    let cnt_bits: u32 = rdna3_isa::table().counters.iter().map(|c| c.bits).sum();
    let mut l = List { out: Vec::new(), group: "" };
    l.port("clk_i", In, "logic", 1, "");
    l.port("rst_ni", In, "logic", 1, "");

    l.group = "Wave setup by the dispatcher: scalar and vector registers, launch, start.";
    l.port("spi_wave_i", In, &logic("WaveW-1"), wave_w, "the wave the other spi_* inputs address");
    l.port("spi_sgpr_we_i", In, "logic", 1, "write a scalar register");
    l.port("spi_sgpr_idx_i", In, &logic("6"), 7, "its operand code (SGPR, VCC, TTMP, M0, EXEC)");
    l.port("spi_sgpr_data_i", In, &logic("31"), 32, "");
    l.port("spi_sgpr_ready_o", Out, "logic", 1, "the write is taken this cycle");
    l.port("spi_vgpr_we_i", In, "logic", 1, "write the lanes of one pass of a VGPR");
    l.port("spi_vgpr_idx_i", In, &logic("7"), 8, "the VGPR");
    l.port("spi_vgpr_pass_i", In, &logic("PassW-1"), pass_w, "lanes pass*NumLanes and up");
    l.port("spi_vgpr_data_i", In, "logic [NumLanes-1:0][31:0]", 32 * lanes, "");
    l.port(
        "spi_vgpr_ready_o",
        Out,
        &logic("3"),
        4,
        "per bank (VGPR number mod 4): a write to it is taken this cycle (from registers only)",
    );
    l.port("spi_launch_i", In, "logic", 1, "set the wave up to start at spi_pc_i");
    l.port("spi_pc_i", In, &logic("47"), 48, "");
    l.port("spi_mode_i", In, &logic("31"), 32, "");
    l.port("spi_wg_i", In, &logic("WgW-1"), WG_BITS, "its workgroup (barriers, s_wakeup)");
    let lds_w = clog2(cfg.lds_bytes / 4);
    l.port("spi_lds_base_i", In, &logic("LdsAddrW-1"), lds_w, "its LDS allocation's first dword");
    l.port("spi_lds_size_i", In, &logic("16"), 17, "... and its size in bytes");
    l.port("spi_scratch_base_i", In, &logic("47"), 48, "its private segment's address (SCRATCH)");
    l.port("spi_scratch_size_i", In, &logic("17"), 18, "... and its bytes a lane (a multiple of 4; 0: none)");
    l.port(
        "spi_vgprs_i",
        In,
        &logic("8"),
        9,
        "... and its VGPR count (Vgprs at most): reads past it see v0, writes past it are dropped",
    );
    l.port("spi_start_i", In, "logic", 1, "start the launched waves of spi_start_mask_i together");
    l.port("spi_start_mask_i", In, &logic("NumWaves-1"), waves, "");

    l.group = "Instruction fetch: four dwords a request, answered in any order, tagged by wave.";
    l.port("imem_req_valid_o", Out, "logic", 1, "");
    l.port("imem_req_ready_i", In, "logic", 1, "");
    l.port("imem_req_addr_o", Out, &logic("47"), 48, "byte address, dword aligned");
    l.port("imem_req_wave_o", Out, &logic("WaveW-1"), wave_w, "");
    l.port("imem_rsp_valid_i", In, "logic", 1, "");
    l.port("imem_rsp_wave_i", In, &logic("WaveW-1"), wave_w, "");
    l.port("imem_rsp_data_i", In, "logic [3:0][31:0]", 128, "");
    l.port("imem_rsp_err_i", In, &logic("3"), 4, "per dword: no memory at that address");

    l.group = "Scalar data port (SMEM): up to SmTags loads outstanding, a tag each; a request is checked when \
               taken and answered later, in any order, with every dword asked for.";
    l.port("smem_req_valid_o", Out, "logic", 1, "");
    l.port("smem_req_ready_i", In, "logic", 1, "");
    l.port(
        "smem_req_err_i",
        In,
        "logic",
        1,
        "with ready: a dword asked for has no memory (the load faults; no answer follows)",
    );
    l.port("smem_req_tag_o", Out, &logic("SmTagW-1"), SM_TAG_BITS, "ports::SM_TAGS");
    l.port("smem_req_wave_o", Out, &logic("WaveW-1"), wave_w, "");
    l.port("smem_req_addr_o", Out, &logic("63"), 64, "byte address of dword 0, dword aligned");
    l.port("smem_req_mask_o", Out, &logic("15"), 16, "dword k (at addr + 4k) is read");
    l.port("smem_rsp_valid_i", In, "logic", 1, "");
    l.port(
        "smem_rsp_ready_o",
        Out,
        "logic",
        1,
        "an answer is taken this cycle; from registers alone, so the memory side may look before it answers",
    );
    l.port("smem_rsp_tag_i", In, &logic("SmTagW-1"), SM_TAG_BITS, "the request's tag");
    l.port("smem_rsp_data_i", In, "logic [15:0][31:0]", 512, "the dwords asked for (others: any)");

    l.group = "Vector memory port (GLOBAL, SCRATCH, FLAT's lanes outside LDS, MUBUF): a request an instruction, \
               taken a cache line (Config::vmem_line_bytes) a beat: each beat has the lanes left whose address \
               (its first byte) is in the line of the lowest one left, every lane's address and data; the \
               request is checked and done when its last beat is taken, and answered later, in any order, \
               with every lane's loaded bytes.";
    l.port("vmem_req_valid_o", Out, "logic", 1, "");
    l.port("vmem_req_ready_i", In, "logic", 1, "");
    l.port(
        "vmem_req_err_i",
        In,
        "logic",
        1,
        "with the last beat's ready: an active lane's access has no memory (nothing is done; the answer follows)",
    );
    l.port(
        "vmem_req_tag_o",
        Out,
        &logic("VmTagW-1"),
        VM_TAG_BITS,
        "ports::VS_TAGS, ports::VM_TAG_VL, ports::VM_TAG_WAIT",
    );
    l.port("vmem_req_wave_o", Out, &logic("WaveW-1"), wave_w, "");
    l.port("vmem_req_store_o", Out, "logic", 1, "a store (else a load or an atomic)");
    l.port("vmem_req_atomic_o", Out, "logic", 1, "an atomic: every lane's read-modify-write, in lane order");
    l.port("vmem_req_op_o", Out, &logic("4"), 5, "... its operation (ports::atomic_code)");
    l.port(
        "vmem_req_denorm_o",
        Out,
        "logic",
        1,
        "... MODE.FP_DENORM[0] (F32 input denormals kept): a float atomic's min, max and compare read it",
    );
    l.port("vmem_req_bytes_o", Out, &logic("4"), 5, "bytes a lane: 1, 2, 4, 8, 12 or 16");
    l.port(
        "vmem_req_swz_o",
        Out,
        &logic("31"),
        32,
        "per lane: swizzled, the lane's bytes run in elements of esz bytes, step bytes apart (scratch, guide 11.2; \
         a swizzled buffer, 9.4.2)",
    );
    l.port(
        "vmem_req_esz_o",
        Out,
        &logic("4"),
        5,
        "... the element's bytes: 4 (scratch) or 4 or 16 (a buffer)",
    );
    l.port(
        "vmem_req_step_o",
        Out,
        &logic("10"),
        11,
        "... from one element's first byte to the next's: 128 (scratch) or esz x index_stride",
    );
    l.port(
        "vmem_req_skew_o",
        Out,
        "logic [31:0][3:0]",
        128,
        "... per lane: the first byte's place in its element (the address's element starts that much before)",
    );
    l.port(
        "vmem_req_dmask_o",
        Out,
        "logic [31:0][3:0]",
        128,
        "per lane: dword k of its bytes (4k .. 4k+3) is accessed; the others are not (a buffer's out of range)",
    );
    l.port("vmem_req_mask_o", Out, &logic("31"), 32, "the beat's lanes: those left in its line");
    l.port("vmem_req_line_o", Out, &logic("63"), 64, "... the line's address (its low bits 0)");
    l.port(
        "vmem_req_last_o",
        Out,
        "logic",
        1,
        "the request's last beat: no lane is left in another line; the others' lanes access memory with it",
    );
    l.port("vmem_req_addr_o", Out, "logic [31:0][63:0]", 2048, "per lane: byte address");
    l.port(
        "vmem_req_data_o",
        Out,
        "logic [31:0][3:0][31:0]",
        4096,
        "per lane: the bytes to store (an atomic: DATA, then DATA2)",
    );
    l.port("vmem_rsp_valid_i", In, "logic", 1, "");
    l.port(
        "vmem_rsp_ready_o",
        Out,
        "logic",
        1,
        "the answer is taken this cycle: always but for a late load's (tag VM_TAG_VL), which the write engine \
         takes in the cycle it writes the answer's last pass; until then the memory side holds it on the port",
    );
    l.port("vmem_rsp_tag_i", In, &logic("VmTagW-1"), VM_TAG_BITS, "the request's tag; answers in any order");
    l.port(
        "vmem_rsp_data_i",
        In,
        "logic [31:0][3:0][31:0]",
        4096,
        "per lane: the bytes loaded (an atomic: the old value)",
    );

    l.group = "Retire port: every retired instruction and its architectural writes, in retire order; \
               VGPR writes come in beats, one a pass, the last with rt_valid_o.";
    l.port("rt_valid_o", Out, "logic", 1, "an instruction retires");
    l.port("rt_wave_o", Out, &logic("WaveW-1"), wave_w, "");
    l.port("rt_pc_o", Out, &logic("47"), 48, "");
    l.port("rt_inst_o", Out, &logic("InstBits-1"), inst_bits, "its dwords, the first in bits 31:0");
    let dwords_w = super::view::dwords_w();
    l.port("rt_dwords_o", Out, &logic("DwordsW-1"), dwords_w, "its length, 0 for a fetch fault");
    l.port("rt_status_o", Out, &logic("1"), 2, "RtRetired, RtEndpgm, RtBarrier, RtFault");
    l.port("rt_fault_o", Out, &logic("2"), FAULT_BITS, "FaultFetch, FaultIllegal, FaultNotImpl, FaultMemory");
    l.port("rt_next_pc_o", Out, &logic("47"), 48, "");
    l.port(
        "rt_sdst_we_o",
        Out,
        &logic("1"),
        2,
        "dwords written at rt_sdst_o + k (a scalar load's come later, on rt_sl_*)",
    );
    l.port("rt_sdst_o", Out, &logic("6"), 7, "");
    l.port("rt_sdst_data_o", Out, "logic [1:0][31:0]", 64, "");
    l.port("rt_exec_we_o", Out, &logic("1"), 2, "EXEC dwords written (before the SDST write)");
    l.port("rt_exec_o", Out, &logic("63"), 64, "");
    l.port("rt_scc_we_o", Out, "logic", 1, "");
    l.port("rt_scc_o", Out, "logic", 1, "");
    l.port("rt_mode_we_o", Out, "logic", 1, "");
    l.port("rt_mode_o", Out, &logic("31"), 32, "");
    l.port("rt_vwave_o", Out, &logic("WaveW-1"), wave_w, "the wave of this cycle's VGPR writes");
    l.port("rt_vpass_o", Out, &logic("PassW-1"), pass_w, "their pass");
    l.port("rt_vwe_o", Out, "logic [3:0][2*NumLanes-1:0]", 8 * lanes, "per bank, lane and 16-bit half");
    l.port("rt_vreg_o", Out, "logic [3:0][7:0]", 32, "per bank: the VGPR written");
    l.port("rt_vdata_o", Out, "logic [3:0][NumLanes-1:0][31:0]", 4 * 32 * lanes, "per bank and lane");

    l.group = "Scalar load writes: a scalar load retires when the port takes its request; its dwords reach \
               the SGPRs after that, and once the last is written (its LGKM_CNT returns) they are reported here.";
    l.port("rt_sl_valid_o", Out, "logic", 1, "a scalar load's dwords are written");
    l.port("rt_sl_wave_o", Out, &logic("WaveW-1"), wave_w, "");
    l.port("rt_sl_tag_o", Out, &logic("SmTagW-1"), SM_TAG_BITS, "its request's tag");
    l.port("rt_sl_we_o", Out, &logic("15"), 16, "dwords written at rt_sl_sdst_o + k");
    l.port("rt_sl_sdst_o", Out, &logic("6"), 7, "");
    l.port("rt_sl_data_o", Out, "logic [15:0][31:0]", 512, "");

    l.group = "Late vector loads: a GLOBAL or SCRATCH load retires when the port takes its request; the write \
               engine writes its answer into the VGPRs later, a pass a cycle, on rt_vwe_o .. rt_vdata_o (in cycles \
               in which no instruction writes VGPRs), flagged here.";
    l.port("rt_vl_o", Out, "logic", 1, "this cycle's VGPR writes are a late load's");
    l.port("rt_vl_tag_o", Out, &logic("VsTagW-1"), VS_TAG_BITS, "... its index in the VL ring");
    l.port("rt_vl_last_o", Out, "logic", 1, "... its last pass: its answer is written");

    l.group = "Status.";
    l.port("wave_running_o", Out, &logic("NumWaves-1"), waves, "started and not yet ended");
    l.port("issue_valid_o", Out, "logic", 1, "an instruction issues");
    l.port("issue_wave_o", Out, &logic("WaveW-1"), wave_w, "... of this wave");
    l.port("wave_cnt_o", Out, "cnt_t [NumWaves-1:0]", cnt_bits * waves, "wait counters");
    l.port("cnt_error_o", Out, "logic", 1, "a memory return found its counter at zero");

    l.group = "Performance: what the counters of a run add up.";
    l.port("perf_wait_o", Out, &logic("NumWaves-1"), waves, "the wave is held by an s_waitcnt");
    l.port("perf_ds_valid_o", Out, "logic", 1, "the DS unit answers an instruction");
    l.port("perf_ds_wave_o", Out, &logic("WaveW-1"), wave_w, "... of this wave");
    l.port("perf_ds_cycles_o", Out, &logic("8"), 9, "... after its banks served it this many cycles");
    l.out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_suffixed() {
        let ps = ports(&Config::default());
        let mut names: Vec<&str> = ps.iter().map(|p| p.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), ps.len(), "duplicate port names");
        for p in &ps {
            let ok = match p.dir {
                Dir::In => p.name.ends_with("_i") || p.name == "rst_ni",
                Dir::Out => p.name.ends_with("_o"),
            };
            assert!(ok, "{} has the wrong suffix for its direction", p.name);
        }
    }
}
