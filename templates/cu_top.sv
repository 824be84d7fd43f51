{{ header }}
// The compute unit: several waves, each with its own PC, instruction buffer and scalar state,
// issued interleaved by a round-robin arbiter into one in-order pipeline of five stages:
//
//   IS  pick a ready wave and decode the head of its instruction buffer;
//   RA  the operand collector: present the register addresses (scalar RAM, VGPR banks);
//       an instruction stays here while it needs more than one read of a bank, and a vector
//       instruction for each pass over the lanes (32 / NumLanes passes);
//   RD  the data arrives: scalar sources, vector lanes (with DPP and lane permutes),
//       constants, 16-bit halves and packed halves are put together;
//   EX  the scalar ALU, the branch unit, the sequencer, the waitcnt scoreboard and the vector
//       lanes compute; the wave's control state (PC, instruction buffer, status) is committed;
//   WB  registers are written (SGPR RAM, VGPR banks, EXEC, SCC, M0, MODE) and the instruction
//       is reported on the retire port one cycle later.
//
// A DS instruction (cu_ds, on the LDS of cu_lds) goes through the collector twice: a pass of
// beats that read ADDR, DATA0 and DATA1 into a buffer of all 32 lanes (the last one starts
// the DS unit), then, once the unit has answered, a pass of beats that read nothing and
// write the loaded dwords; the last of those retires it, with a memory-violation fault if
// the unit found one. The pipeline waits for the LDS meanwhile (one DS instruction at a time).
//
// Scalar loads (SMEM) and GLOBAL, SCRATCH and FLAT loads, stores and atomics go the same way
// through the memory ports (smem_*, vmem_*): the collect pass reads the address registers (and
// a store's data), the last of its beats presents one request, and the write pass follows the
// answer: a vector load's write pass writes its dwords like a DS load's. A scalar load is done
// when the port takes its request (the port checks it then, so a fault is precise): up to
// SmTags are outstanding, a tag each, and their answers, in any order, go to a write engine
// that puts their dwords into the SGPRs when WB leaves the RAM's write port free, returning
// each one's LGKM_CNT after its last dword (so only lgkmcnt(0) orders them, as the guide has
// it). A FLAT instruction's lanes in
// the shared aperture go to the DS unit instead, after the port has answered the others. The
// pipeline waits for the answer of a MUBUF or FLAT load, an atomic with return and a FLAT
// instruction with LDS lanes; a store or an atomic without return retires when the port takes
// it (the memory side checks its lanes then, so a memory fault is precise) and up to VsTags of
// them are outstanding, their answers returning VS_CNT in order through a ring of tags. So
// does a GLOBAL or SCRATCH load (a late load): up to VsTags are outstanding on a second ring,
// their answers, in any order, written into the VGPRs by a write engine in cycles in which WB
// writes none, their VM_CNT returned in the order the port took them; a load to VGPRs that an
// older late load of its wave has not yet written waits for it, and every instruction that
// counts on VM_CNT and waits for its answer (or an invalidate) waits for the ring to drain.
//
// A WMMA row (D = A * B + C on 16x16 matrices) stays in the collector for a sequence of beats,
// one DOT instruction each (the golden model's order, sim/src/golden/valu/wmma.rs): for each
// of D's eight registers r, each pass, each dword s of A's row and B's column, a beat of the
// row's DOT operation (v_dot2_f32_f16, ..., v_dot8_i32_iu4) in the lanes, with A's dword s
// from lane 2r (or 2r + 1 for lanes 16-31) through the lane-permute path (gathered first
// when there are several passes), B's from the lane itself, and as the accumulator C's
// register r at s = 0, then the lane's result of the beat before (wacc_q, in EX). Every beat
// writes D's register r; MODE is its reset value (nearest even, denormals kept) and EXEC is
// ignored. Registers that break WMMA's rules make one faulting beat.
//
// A VINTERP row (sim/src/golden/valu/interp.rs) is v_fma_mix_f32's or v_fma_mixlo_f16's
// operation with its sources at fixed types (F16 parameters, F32 coordinate): source 0 from
// the quad's lane 1 (p10) or 2 (p2), p10's source 2 from the quad's lane 0, whatever their
// EXEC bits (every pass holds whole quads: NumLanes is a multiple of 4); NEG is applied in
// RD, the _rtz forms round toward zero in both of the unit's steps, and a source that is not
// a VGPR makes the instruction illegal.
//
// The floating-point units are pipelined (FpStages registers): a beat of a floating-point row
// stays in EX until its results arrive, FpStages cycles later (TransCycles for the
// transcendental unit's iterative rows, F32PassCycles a pass for the rows of several passes
// through the FMA, F64Cycles for the F64 unit's, which serves a lane a cycle, F64TransCycles
// and F64RsqCycles for its recurrence's rows), and RA sends no beat
// behind it meanwhile. The integer lanes finish in one EX cycle.
//
// A wave issues again once its previous instruction has reached WB (its last pass, for a
// vector instruction): the registers that instruction writes are written at the end of that
// cycle, before the new instruction reads any. So every dependency is met in hardware,
// without s_delay_alu or s_nop, and four waves keep the pipeline full. Fetch runs ahead: each
// wave keeps up to eight dwords from its PC and asks for four more whenever at most four are
// buffered; a taken branch empties the buffer and drops the answer of a fetch made before it.
//
// Generated from the table and the configuration: the port list (hdl-gen/src/sv/ports.rs),
// the parameters' defaults and the wait-counter wiring. The rest is written by hand in the
// template; the vector operand rules follow the golden model's (sim/src/golden/vector.rs).
module cu_top
  import cu_pkg::*;
#(
  parameter int unsigned NumWaves = {{ num_waves }},
  parameter int unsigned NumLanes = {{ lanes }},
  parameter int unsigned Vgprs = {{ vgprs }},
  parameter int unsigned FpStages = {{ fp_stages }},
  parameter int unsigned LdsBytes = {{ lds_bytes }},
  parameter int unsigned LdsBanks = {{ lds_banks }},
  parameter int unsigned VmemLineBytes = {{ vmem_line_bytes }},
  parameter int unsigned WgW = 4,
  localparam int unsigned LdsAddrW = $clog2(LdsBytes / 4),
  localparam int unsigned WaveW = (NumWaves > 1) ? $clog2(NumWaves) : 1,
  localparam int unsigned Passes = 32 / NumLanes,
  localparam int unsigned PassW = (Passes > 1) ? $clog2(Passes) : 1,
  localparam int unsigned RowW = (Vgprs > 4) ? $clog2(Vgprs / 4) : 1
) (
{%- for p in ports %}
{%- if let Some(g) = p.group %}

{%- for line in g %}
  // {{ line }}
{%- endfor %}
{%- endif %}
  {{ p.decl }}{% if !loop.last %},{% endif %}{% if !p.doc.is_empty() %}  // {{ p.doc }}{% endif %}
{%- endfor %}
);

  localparam logic [47:0] PcMask = 48'hffff_ffff_fffc;
  // Vector operand slots: a dword each. Sources 0, 1 and 2 take slots 0-1, 2-3 and 4-7 (64-bit
  // and 128-bit operands take consecutive registers); VOPD's X sources take 0, 2, 4 and its Y
  // sources 1, 3, 5.
  localparam int unsigned NVS = 8;
  // Scalar operand slots: source 0, source 1 (VOPD: Y's source 0), source 2, VCC.
  localparam int unsigned NSS = 4;

  typedef enum logic [1:0] {
    WsIdle,     // no program
    WsReady,    // launched, waiting for the start pulse
    WsRun,
    WsDone      // ended or faulted
  } wstate_e;

  // Where a vector source's value comes from.
  typedef enum logic [1:0] {
    SkNone,     // no such source: 0
    SkVgpr,     // VGPR lanes
    SkScalar,   // a scalar operand code: register, constant, SCC or literal
    SkLit       // the literal dword (fmamk, fmaak)
  } skind_e;

  typedef struct packed {
    skind_e     kind;
    logic [7:0] code;   // the scalar operand code
    logic       hi;     // a 16-bit VGPR operand's high half
  } vsrc_t;

  // ------------------------------------------------------------------------------------------
  // Per-wave state.
  wstate_e [NumWaves-1:0]           st_q;
  logic [NumWaves-1:0][47:0]        pc_q;                // address of ib_q[w][0]
  logic [NumWaves-1:0][7:0][31:0]   ib_q;                // instruction buffer
  logic [NumWaves-1:0][3:0]         ibn_q;               // valid dwords in it
  logic [NumWaves-1:0]              fpend_q;             // a fetch is outstanding
  logic [NumWaves-1:0]              fstale_q;            // ... and its answer must be dropped
  logic [NumWaves-1:0]              ferr_q;              // the last fetch found no memory
  logic [NumWaves-1:0]              busy_q;              // an instruction is in IS..EX
  logic [NumWaves-1:0]              scc_q;
  logic [NumWaves-1:0]              vccz_q;              // VCC[31:0] == 0
  logic [NumWaves-1:0][63:0]        exec_q;
  logic [NumWaves-1:0][31:0]        m0_q;
  logic [NumWaves-1:0][31:0]        mode_q;
  logic [NumWaves-1:0][12:0]        sleep_q;             // cycles before the next issue
  logic [NumWaves-1:0]              slp_q;               // the sleep is an s_sleep (wakeable)
  logic [NumWaves-1:0]              bar_q;               // waiting at s_barrier
  logic [NumWaves-1:0][WgW-1:0]     wg_q;
  logic [NumWaves-1:0][LdsAddrW-1:0] ldsb_q;             // LDS allocation: first dword
  logic [NumWaves-1:0][16:0]        ldss_q;              // ... and bytes
  logic [NumWaves-1:0][47:0]        scrb_q;              // private segment (SCRATCH): address
  logic [NumWaves-1:0][17:0]        scrs_q;              // ... and bytes a lane
  logic [NumWaves-1:0]              vrel_q;              // VGPRs released (MSG_DEALLOC_VGPRS)
  logic [NumWaves-1:0][8:0]         vcnt_q;              // VGPRs allocated (at most Vgprs)
  // Its next state (the registers above one cycle later): left out of the waveform, where it
  // would double the size of the wide per-wave state (the instruction buffers: 1,024 bits).
  /* verilator tracing_off */
  wstate_e [NumWaves-1:0]           st_d;
  logic [NumWaves-1:0][47:0]        pc_d;
  logic [NumWaves-1:0][7:0][31:0]   ib_d;
  logic [NumWaves-1:0][3:0]         ibn_d;
  logic [NumWaves-1:0]              fpend_d;
  logic [NumWaves-1:0]              fstale_d;
  logic [NumWaves-1:0]              ferr_d;
  logic [NumWaves-1:0]              busy_d;
  logic [NumWaves-1:0]              scc_d;
  logic [NumWaves-1:0]              vccz_d;
  logic [NumWaves-1:0][63:0]        exec_d;
  logic [NumWaves-1:0][31:0]        m0_d;
  logic [NumWaves-1:0][31:0]        mode_d;
  logic [NumWaves-1:0][12:0]        sleep_d;
  logic [NumWaves-1:0]              slp_d;
  logic [NumWaves-1:0]              bar_d;
  logic [NumWaves-1:0][WgW-1:0]     wg_d;
  /* verilator tracing_on */

  // ------------------------------------------------------------------------------------------
  // IS: issue.
  logic [NumWaves-1:0]  has_inst;     // the buffer holds the whole head instruction
  logic [NumWaves-1:0]  fetch_fault;  // ... never will: the fetch found no memory
  logic [NumWaves-1:0]  eligible;
  logic [NumWaves-1:0]  wait_stall, cnt_full;
  logic                 ra_take;      // RA accepts an instruction this cycle
  logic                 is_grant, is_valid;
  logic [WaveW-1:0]     is_wave;
  logic [InstBits-1:0]  is_inst;
  decoded_t             is_dec;

  always_comb begin
    for (int w = 0; w < NumWaves; w++) begin
      has_inst[w] = ibn_q[w] != 4'd0 &&
                    ibn_q[w] >= 4'(inst_dwords(LenBits'({ib_q[w][1], ib_q[w][0]})));
      fetch_fault[w] = !has_inst[w] && ferr_q[w] && !fpend_q[w];
      eligible[w] = st_q[w] == WsRun && !busy_q[w] && sleep_q[w] == 13'd0 && !bar_q[w] &&
                    !wait_stall[w] && (has_inst[w] || fetch_fault[w]);
    end
  end

  cu_rr_arb #(.N(NumWaves)) u_issue_arb (
    .clk_i,
    .rst_ni,
    .req_i  (eligible),
    .take_i (ra_take),
    .valid_o(is_grant),
    .idx_o  (is_wave)
  );

  assign is_valid = is_grant && ra_take;
  assign is_inst = InstBits'({ib_q[is_wave][3], ib_q[is_wave][2], ib_q[is_wave][1], ib_q[is_wave][0]});

  cu_decode u_decode (
    .inst_i(is_inst),
    .dec_o (is_dec)
  );

  // ------------------------------------------------------------------------------------------
  // RA: the operand collector.
  logic                ra_valid_q;
  logic [WaveW-1:0]    ra_wave_q;
  logic [47:0]         ra_pc_q;
  logic [InstBits-1:0] ra_inst_q;
  decoded_t            ra_dec_q;
  logic                ra_ffault_q;
  logic [PassW-1:0]    ra_pass_q, ra_pass_d;     // the pass being collected
  logic                ra_gather_q, ra_gather_d; // gathering source 0 for a lane permute
  logic                ra_wsel_q, ra_wsel_d;     // a swap's second write beat
  logic                ra_mw_q, ra_mw_d;       // a memory instruction's write pass
  logic                mem_ans_q;              // its memory work is done (the DS unit or a port answered)
  logic                xm_done;                // a memory port's instruction is done this cycle
  logic                ds_fault_q;               // its answer was a memory violation
  logic [NVS-1:0]      ra_vpend_q, ra_vpend_d;   // vector slots still to read this pass
  logic [NSS-1:0]      ra_spend_q, ra_spend_d;   // scalar slots still to read

  // What the instruction reads, from its decoded fields.
  logic [NVS-1:0]        vs_on;        // the slot reads a VGPR
  logic [NVS-1:0][7:0]   vs_reg;       // which (past the allocation or v255: v0)
  logic [NSS-1:0]        ss_on;        // the scalar slot reads the SGPR RAM
  logic [NSS-1:0][7:0]   ss_code;      // the operand code (a pair for 64-bit operands)
  vsrc_t [2:0]           ra_src, ra_ysrc;
  logic [8:0]            ra_vdst;      // the vector destination (bit 8: past v255)
  logic [8:0]            ra_vcnt;      // the wave's VGPR count
  logic [8:0]            ra_vdst2;     // a swap's second destination
  logic                  ra_dst_hi;    // a 16-bit destination's high half
  logic                  ra_xlane;     // source 0 is read across lanes (DPP, permute, lane read)
  logic                  ra_gathers;   // ... and must first be gathered from every pass
  logic                  ra_wmma;      // a WMMA row: a beat per step (see the header)
  logic                  ra_wbad;      // ... whose registers break its rules: one faulting beat
  logic [2:0]            ra_wlast;     // ... the last dword of A's row and B's column
  logic [5:0]            ra_wst_q, ra_wst_d;  // ... the step: {D's register, the dword}
  logic [PassW-1:0]      ra_gp_q, ra_gp_d;    // the pass a gather reads
  logic                  ra_two_beats; // a swap whose two destinations share a bank
  logic                  ra_dual;      // VOPD
  logic                  ra_ds;        // a DS instruction for cu_ds
  logic                  ra_xm;        // ... a scalar or global memory instruction for the ports
  logic                  ra_gm;        // ... a GLOBAL one
  logic                  ra_2p;        // ... either: a collect pass, then a write pass
  logic [7:0]            ra_movrel_src_code;
  logic [6:0]            ra_sdst;      // scalar destination code (M0-relative for s_movreld*)
  logic                  ra_sdst_ok;

  assign ra_vcnt = vcnt_q[ra_wave_q];

  // The VGPR a 9- or 8-bit field names, plus an offset (M0-relative moves); bit 8 set past
  // v255.
  function automatic logic [8:0] vreg_at(logic [7:0] reg_i, logic [32:0] off);
    logic [33:0] sum;
    sum = {26'd0, reg_i} + {1'b0, off};
    vreg_at = (sum > 34'd255) ? 9'h100 : {1'b0, sum[7:0]};
  endfunction

  // The register a read of VGPR `r` (bit 8: past v255) plus `k` reads: v0 past the wave's
  // allocation of `n` VGPRs (guide 7.2.7).
  function automatic logic [7:0] vread(logic [8:0] r, logic [1:0] k, logic [8:0] n);
    logic [9:0] x;
    x = {1'b0, r} + {8'd0, k};
    vread = (r[8] || x >= {1'b0, n}) ? 8'd0 : x[7:0];
  endfunction

  function automatic int unsigned ty_dwords(opnd_ty_e t);
    unique case (t)
      OT_I64, OT_B64, OT_F64: ty_dwords = 2;
      OT_B128: ty_dwords = 4;
      default: ty_dwords = 1;
    endcase
  endfunction

  function automatic logic ty16(opnd_ty_e t);
    ty16 = t inside {OT_B16, OT_F16, OT_BF16};
  endfunction

  // A DS instruction the DS unit executes: a valid, legal DS row of a kind it has, of a wave
  // that has its VGPRs (`rel`: released; the instruction faults, in one beat).
  function automatic logic issues_ds(logic valid, logic illegal, ds_kind_e kind, logic ffault,
                                     logic rel);
    issues_ds = !ffault && valid && !illegal && kind != DK_NONE && !rel;
  endfunction

  // A scalar or global memory instruction the memory ports execute (a vector one only while
  // the wave has its VGPRs).
  function automatic logic issues_xm(logic valid, logic illegal, mem_kind_e kind, logic ffault,
                                     logic rel);
    issues_xm = !ffault && valid && !illegal && kind != MK_NONE &&
                !(rel && kind inside {MK_GLOAD, MK_GSTORE, MK_GATOMIC, MK_VINV});
  endfunction

  // Dwords of a DS row's registers: DATA0 and DATA1 read, VDST written.
  function automatic logic [2:0] ds_el_dwords(logic [4:0] bytes);
    ds_el_dwords = (bytes <= 5'd4) ? 3'd1 : 3'(bytes >> 2);
  endfunction
  // (A lane exchange reads one: ds_swizzle_b32's ADDR goes where DATA0's dword would.)
  // (Sets, not case labels: hdl-gen reads the DS kinds the compute unit executes off the case
  // labels of EX's `unique case (ex_dec_q.ds.kind)` alone.)
  function automatic logic [2:0] ds_data0_dwords(ds_kind_e kind, logic [4:0] bytes);
    if (kind inside {DK_STORE, DK_STORE2, DK_ATOMIC, DK_FATOMIC, DK_XCHG2, DK_CONDX}) ds_data0_dwords = ds_el_dwords(bytes);
    else if (kind inside {DK_SWIZZLE, DK_PERMUTE, DK_BPERMUTE}) ds_data0_dwords = 3'd1;
    else ds_data0_dwords = 3'd0;
  endfunction
  // (An atomic reads DATA1 when it has a second operand, `data2`.)
  function automatic logic [2:0] ds_data1_dwords(ds_kind_e kind, logic [4:0] bytes, logic data2);
    ds_data1_dwords = (kind inside {DK_STORE2, DK_XCHG2} || (kind inside {DK_ATOMIC, DK_FATOMIC} && data2)) ?
                      ds_el_dwords(bytes) : 3'd0;
  endfunction
  // (An atomic writes the pre-op value when it returns it, `rtn`.)
  function automatic logic [2:0] ds_dst_dwords(ds_kind_e kind, logic [4:0] bytes, logic rtn);
    if (kind == DK_LOAD) ds_dst_dwords = ds_el_dwords(bytes);
    else if (kind inside {DK_LOAD2, DK_XCHG2}) ds_dst_dwords = 3'(2 * ds_el_dwords(bytes));
    else if (kind inside {DK_ATOMIC, DK_FATOMIC}) ds_dst_dwords = rtn ? ds_el_dwords(bytes) : 3'd0;
    else if (kind == DK_CONDX) ds_dst_dwords = 3'd2;
    else if (kind inside {DK_APPEND, DK_SWIZZLE, DK_PERMUTE, DK_BPERMUTE}) ds_dst_dwords = 3'd1;
    else ds_dst_dwords = 3'd0;
  endfunction

  // A vector load's first answer dword as the VGPR takes it: a byte or short of `size` bytes
  // zero- or sign-extended, a d16 load's half in both halves (the write pass picks one). The
  // blocking path's answer and the late loads' write engine both use it.
  function automatic logic [31:0] load_dword0(logic [31:0] d, logic [4:0] size, logic sext, logic d16);
    logic [31:0] v;
    unique case (size)
      5'd1: v = { {24{sext && d[7]}}, d[7:0]};
      5'd2: v = { {16{sext && d[15]}}, d[15:0]};
      default: v = d;
    endcase
    load_dword0 = d16 ? {2{v[15:0]}} : v;
  endfunction

  // A source as the collector reads it: `v` the field's value (bit 8 set for a VGPR),
  // `hi_sel` the VOP3 OPSEL bit of a 16-bit operand.
  function automatic vsrc_t vsrc(vfield_e f, logic [8:0] v, opnd_ty_e t, logic narrow, logic hi_sel);
    vsrc = '0;
    if (f == VF_NONE) begin
      vsrc.kind = SkNone;
    end else if (f == VF_LIT) begin
      vsrc.kind = SkLit;
    end else if (v[8]) begin
      vsrc.kind = SkVgpr;
      vsrc.code = v[7:0];
      if (ty16(t)) begin
        if (narrow) begin
          vsrc.hi = v[7];
          vsrc.code = {1'b0, v[6:0]};
        end else begin
          vsrc.hi = hi_sel;
        end
      end
    end else begin
      vsrc.kind = SkScalar;
      vsrc.code = v[7:0];
    end
  endfunction

  // Scalar codes the SGPR RAM holds (SGPRs, VCC, TTMPs); NULL, M0 and EXEC are flops.
  function automatic logic in_ram(logic [7:0] code, logic is64);
    in_ram = (is64 ? {code[7:1], 1'b0} : code) < SrcNull;
  endfunction

  logic [31:0] ra_m0;
  logic        ra_narrow;
  logic [8:0]  ra_mr_src, ra_mr_dst;  // M0-relative register numbers of v_movrel*/v_swaprel
  logic [7:0]  ra_src0_reg;         // the VGPR number source 0's field (or DPP's) holds
  logic        ra_swap16_src_hi;    // v_swap_b16: source 0's half

  always_comb begin
    ra_ds = issues_ds(ra_dec_q.valid, ra_dec_q.illegal, ra_dec_q.ds.kind, ra_ffault_q, vrel_q[ra_wave_q]);
    ra_xm = issues_xm(ra_dec_q.valid, ra_dec_q.illegal, ra_dec_q.mem.kind, ra_ffault_q, vrel_q[ra_wave_q]);
    ra_gm = ra_xm && ra_dec_q.mem.kind inside {MK_GLOAD, MK_GSTORE, MK_GATOMIC};
    ra_2p = ra_ds || ra_xm;
    ra_m0 = m0_q[ra_wave_q];
    ra_narrow = ra_dec_q.vc.enc inside {VE_VOP1, VE_VOP2, VE_VOPC};
    ra_dual = ra_dec_q.vc.enc == VE_VOPD;
    for (int s = 0; s < 3; s++) begin
      logic [1:0][8:0] fv;  // the main and the Y source's field values
      for (int h = 0; h < 2; h++) begin
        unique case (h == 0 ? ra_dec_q.vc.fld[s] : ra_dec_q.vcy.fld[s])
          VF_SRC0: fv[h] = (ra_dec_q.ext_dpp16 || ra_dec_q.ext_dpp8) ? {1'b1, ra_dec_q.dpp_src0} : ra_dec_q.src0;
          VF_VSRC1: fv[h] = {1'b1, ra_dec_q.vsrc1};
          VF_SRC1: fv[h] = ra_dec_q.src1;
          VF_SRC2: fv[h] = ra_dec_q.src2;
          VF_VDST: fv[h] = {1'b1, ra_dec_q.vdst};
          VF_SRCX0: fv[h] = ra_dec_q.srcx0;
          VF_VSRCX1: fv[h] = {1'b1, ra_dec_q.vsrcx1};
          VF_VDSTX: fv[h] = {1'b1, ra_dec_q.vdstx};
          VF_SRCY0: fv[h] = ra_dec_q.srcy0;
          VF_VSRCY1: fv[h] = {1'b1, ra_dec_q.vsrcy1};
          VF_VDSTY: fv[h] = {1'b1, ra_dec_q.vdsty, !ra_dec_q.vdstx[0]};
          default: fv[h] = 9'd0;
        endcase
      end
      // A destination read as a source (v_fmac_f16's accumulator) reads the half it writes.
      ra_src[s] = vsrc(ra_dec_q.vc.fld[s], fv[0], ra_dec_q.vc.ty[s], ra_narrow,
                       (ra_dec_q.vc.fld[s] == VF_VDST) ? ra_dec_q.opsel[3] : ra_dec_q.opsel[s]);
      ra_ysrc[s] = vsrc(ra_dec_q.vcy.fld[s], fv[1], ra_dec_q.vcy.ty[s], 1'b0, 1'b0);
    end

    // M0-relative moves add M0 (v_movrelsd_2 and v_swaprel: M0[9:0] to the source and
    // M0[25:16] to the destination) to the register numbers; the source field counts as a
    // VGPR number whatever it holds (with DPP, the extension's source register).
    ra_src0_reg = (ra_dec_q.ext_dpp16 || ra_dec_q.ext_dpp8) ? ra_dec_q.dpp_src0 : ra_dec_q.src0[7:0];
    ra_mr_src = vreg_at(ra_src0_reg, 33'd0);
    ra_mr_dst = {1'b0, ra_dec_q.vdst};
    unique case (ra_dec_q.vop)
      VOP_V_MOVRELS_B32: ra_mr_src = vreg_at(ra_src0_reg, {1'b0, ra_m0});
      VOP_V_MOVRELD_B32: ra_mr_dst = vreg_at(ra_dec_q.vdst, {1'b0, ra_m0});
      VOP_V_MOVRELSD_B32: begin
        ra_mr_src = vreg_at(ra_src0_reg, {1'b0, ra_m0});
        ra_mr_dst = vreg_at(ra_dec_q.vdst, {1'b0, ra_m0});
      end
      VOP_V_MOVRELSD_2_B32, VOP_V_SWAPREL_B32: begin
        ra_mr_src = vreg_at(ra_src0_reg, {23'd0, ra_m0[9:0]});
        ra_mr_dst = vreg_at(ra_dec_q.vdst, {23'd0, ra_m0[25:16]});
      end
      default: ;
    endcase
    // Moves that name source 0 as a VGPR number whatever the field holds, and swaps, which
    // read their two registers as sources 0 (source 0's) and 1 (the destination's);
    // v_swap_b16 swaps halves: the 32-bit encoding's bit 7 of each register field picks one.
    ra_swap16_src_hi = ra_dec_q.src0[8] && ra_dec_q.src0[7];
    if (ra_dec_q.vop == VOP_V_SWAP_B16) begin
      ra_mr_src = ra_dec_q.src0[8] ? {2'b0, ra_dec_q.src0[6:0]} : {1'b0, ra_dec_q.src0[7:0]};
      ra_mr_dst = {2'b0, ra_dec_q.vdst[6:0]};
    end
    if (ra_dec_q.vop inside {VOP_V_MOVRELS_B32, VOP_V_MOVRELSD_B32, VOP_V_MOVRELSD_2_B32,
                             VOP_V_SWAPREL_B32, VOP_V_SWAP_B32, VOP_V_SWAP_B16}) begin
      ra_src[0] = '{kind: SkVgpr, code: 8'd0, hi: ra_dec_q.vop == VOP_V_SWAP_B16 && ra_swap16_src_hi};
    end
    if (ra_dec_q.vop inside {VOP_V_SWAPREL_B32, VOP_V_SWAP_B32, VOP_V_SWAP_B16}) begin
      ra_src[1] = '{kind: SkVgpr, code: 8'd0, hi: ra_dec_q.vop == VOP_V_SWAP_B16 && ra_dec_q.vdst[7]};
    end

  end

  always_comb begin
    // Vector slots.
    vs_on = '0;
    vs_reg = '0;
    if (ra_dec_q.valu) begin
      // Source s takes the slots from 2s on (constant bounds and indices: synthesis unrolls
      // them).
      for (int s = 0; s < 3; s++) begin
        if (ra_src[s].kind == SkVgpr) begin
          for (int k = 0; k < 4; k++) begin
            if (k < int'(ty_dwords(ra_dec_q.vc.ty[s])) && 2 * s + k < NVS) begin
              vs_on[2 * s + k] = 1'b1;
              vs_reg[2 * s + k] = vread({1'b0, ra_src[s].code}, 2'(k), ra_vcnt);
            end
          end
        end
        if (ra_dual && ra_ysrc[s].kind == SkVgpr) begin
          vs_on[2 * s + 1] = 1'b1;
          vs_reg[2 * s + 1] = vread({1'b0, ra_ysrc[s].code}, 2'd0, ra_vcnt);
        end
      end
      if (ra_dec_q.vop inside {VOP_V_MOVRELS_B32, VOP_V_MOVRELSD_B32, VOP_V_MOVRELSD_2_B32,
                               VOP_V_SWAPREL_B32, VOP_V_SWAP_B32, VOP_V_SWAP_B16}) begin
        vs_reg[0] = vread(ra_mr_src, 2'd0, ra_vcnt);
      end
      if (ra_dec_q.vop inside {VOP_V_SWAPREL_B32, VOP_V_SWAP_B32, VOP_V_SWAP_B16}) begin
        vs_on[2] = 1'b1;
        vs_reg[2] = vread(ra_mr_dst, 2'd0, ra_vcnt);
      end
      // WMMA: the step's dword of A (slot 0, gathered across the lanes) and of B (slot 2),
      // and at the first dword C's register (slot 4); later dwords accumulate in EX.
      if (ra_wmma) begin
        vs_on = '0;
        vs_reg = '0;
        vs_on[0] = 1'b1;
        vs_reg[0] = vread(vreg_at(ra_dec_q.src0[7:0], 33'(ra_wst_q[2:0])), 2'd0, ra_vcnt);
        vs_on[2] = 1'b1;
        vs_reg[2] = vread(vreg_at(ra_dec_q.src1[7:0], 33'(ra_wst_q[2:0])), 2'd0, ra_vcnt);
        vs_on[4] = ra_src[2].kind == SkVgpr && ra_wst_q[2:0] == 3'd0;
        vs_reg[4] = vread(vreg_at(ra_dec_q.src2[7:0], 33'(ra_wst_q[5:3])), 2'd0, ra_vcnt);
      end
    end
    if (ra_ds) begin
      // DS: ADDR in slot 0, DATA1 in slots 2-3, DATA0 in slots 4-7 (ds_swizzle_b32's ADDR in
      // slot 4). The addtid forms, append and consume read no ADDR.
      vs_on[0] = !(ra_dec_q.ds.kind inside {DK_NOP, DK_APPEND, DK_SWIZZLE}) && !ra_dec_q.ds.addtid;
      vs_reg[0] = vread({1'b0, ra_dec_q.addr}, 2'd0, ra_vcnt);
      for (int k = 0; k < 2; k++) begin
        vs_on[2 + k] = 3'(k) < ds_data1_dwords(ra_dec_q.ds.kind, ra_dec_q.ds.bytes, ra_dec_q.ds.data2);
        vs_reg[2 + k] = vread({1'b0, ra_dec_q.data1}, 2'(k), ra_vcnt);
      end
      for (int k = 0; k < 4; k++) begin
        vs_on[4 + k] = 3'(k) < ds_data0_dwords(ra_dec_q.ds.kind, ra_dec_q.ds.bytes);
        vs_reg[4 + k] = vread({1'b0, (ra_dec_q.ds.kind == DK_SWIZZLE) ? ra_dec_q.addr : ra_dec_q.data0}, 2'(k), ra_vcnt);
      end
    end
    if (ra_gm) begin
      // GLOBAL: ADDR in slot 0 (and 1: a 64-bit address without SADDR, FLAT's always), DATA
      // in slots 4-7. MUBUF: VADDR's index or offset in slot 0, with both (IDXEN and OFFEN)
      // the offset in slot 1; VDATA in slots 4-7.
      vs_on[0] = !ra_dec_q.mem.mubuf || ra_dec_q.idxen[0] || ra_dec_q.offen[0];
      vs_reg[0] = vread({1'b0, ra_dec_q.mem.mubuf ? ra_dec_q.vaddr : ra_dec_q.addr}, 2'd0, ra_vcnt);
      vs_on[1] = ra_dec_q.mem.mubuf ? ra_dec_q.idxen[0] && ra_dec_q.offen[0] :
                 ra_dec_q.saddr == SrcNull[6:0] || ra_dec_q.mem.flat;
      vs_reg[1] = vread({1'b0, ra_dec_q.mem.mubuf ? ra_dec_q.vaddr : ra_dec_q.addr}, 2'd1, ra_vcnt);
      for (int k = 0; k < 4; k++) begin
        // (An atomic's DATA and DATA2, which only the compare-swaps use: 2 or 4 dwords.)
        vs_on[4 + k] = (ra_dec_q.mem.kind == MK_GSTORE && 3'(k) < ds_el_dwords(ra_dec_q.mem.size)) ||
                       (ra_dec_q.mem.kind == MK_GATOMIC && 5'(k) < (ra_dec_q.mem.size >> 1));
        vs_reg[4 + k] = vread({1'b0, ra_dec_q.mem.mubuf ? ra_dec_q.vdata : ra_dec_q.data}, 2'(k), ra_vcnt);
      end
    end

  end

  always_comb begin
    // The vector destinations.
    ra_dst_hi = 1'b0;
    ra_vdst = {1'b0, ra_dec_q.vdst};
    if (ra_dual) ra_vdst = {1'b0, ra_dec_q.vdstx};
    if (ty16(ra_dec_q.vc.dty)) begin
      if (ra_narrow) begin
        ra_dst_hi = ra_dec_q.vdst[7];
        ra_vdst = {2'b0, ra_dec_q.vdst[6:0]};
      end else begin
        ra_dst_hi = ra_dec_q.opsel[3];
      end
    end
    // v_fma_mixhi_f16 and v_fma_mixlo_f16 name their half (VOP3P has no OPSEL[3]).
    if (ra_dec_q.vop inside {VOP_V_FMA_MIXLO_F16, VOP_V_FMA_MIXHI_F16}) begin
      ra_dst_hi = ra_dec_q.vop == VOP_V_FMA_MIXHI_F16;
    end
    if (ra_dec_q.vop inside {VOP_V_MOVRELD_B32, VOP_V_MOVRELSD_B32, VOP_V_MOVRELSD_2_B32,
                             VOP_V_SWAPREL_B32}) begin
      ra_vdst = ra_mr_dst;
    end
    // WMMA: D's register of the step; a 16-bit D's half is OPSEL[2]'s.
    if (ra_wmma) begin
      ra_vdst = vreg_at(ra_dec_q.vdst, 33'(ra_wst_q[5:3]));
      ra_dst_hi = ra_dec_q.opsel[2] && ra_dec_q.vc.wcty inside {OT_F16, OT_BF16};
    end
    ra_vdst2 = ra_mr_src;  // v_swap*: source 0's register
    // (And the write pass of a MUBUF B128 load with TFE: the status dword, VDATA+4, is in
    // VDATA's bank.)
    ra_two_beats = (ra_dec_q.vop inside {VOP_V_SWAP_B32, VOP_V_SWAPREL_B32, VOP_V_SWAP_B16} &&
                    ra_vdst[1:0] == ra_vdst2[1:0]) ||
                   (ra_mw_q && ra_gm && ra_dec_q.mem.mubuf && ra_dec_q.tfe[0] && ra_dec_q.mem.kind == MK_GLOAD &&
                    ra_dec_q.mem.size == 5'd16);

  end

  always_comb begin
    // Source 0 across lanes.
    ra_xlane = ra_dec_q.valu && (ra_dec_q.ext_dpp16 || ra_dec_q.ext_dpp8 ||
               ra_dec_q.vop inside {VOP_V_READLANE_B32, VOP_V_READFIRSTLANE_B32,
                                    VOP_V_PERMLANE16_B32, VOP_V_PERMLANEX16_B32});
    ra_gathers = Passes > 1 && (ra_xlane || ra_wmma) && vs_on[0];

  end

  // WMMA's rules (sim/src/golden/valu/wmma.rs): A and B in VGPRs, C in VGPRs or an inline
  // constant; D overlapping neither A nor B, nor C unless it is C; nor, when D starts at v0,
  // any of them reaching past the wave's VGPR count `n` (such dwords read v0).
  function automatic logic wmma_hits(logic [7:0] r, logic [3:0] len, logic [7:0] d);
    wmma_hits = 10'(r) < 10'(d) + 10'd8 && 10'(d) < 10'(r) + 10'(len);
  endfunction

  function automatic logic wmma_past(logic [7:0] r, logic [3:0] len, logic [7:0] d, logic [8:0] n);
    wmma_past = d == 8'd0 && 10'(r) + 10'(len) > 10'(n);
  endfunction

  always_comb begin
    ra_wmma = ra_dec_q.valu && ra_dec_q.vc.wmma;
    ra_wlast = ra_dec_q.vc.wlast;
    ra_wbad = ra_wmma &&
              (!ra_dec_q.src0[8] || !ra_dec_q.src1[8] ||
               wmma_hits(ra_dec_q.src0[7:0], {1'b0, ra_wlast} + 4'd1, ra_dec_q.vdst) ||
               wmma_hits(ra_dec_q.src1[7:0], {1'b0, ra_wlast} + 4'd1, ra_dec_q.vdst) ||
               wmma_past(ra_dec_q.src0[7:0], {1'b0, ra_wlast} + 4'd1, ra_dec_q.vdst, ra_vcnt) ||
               wmma_past(ra_dec_q.src1[7:0], {1'b0, ra_wlast} + 4'd1, ra_dec_q.vdst, ra_vcnt) ||
               (ra_dec_q.src2[8] && wmma_past(ra_dec_q.src2[7:0], 4'd8, ra_dec_q.vdst, ra_vcnt)) ||
               (ra_dec_q.src2[8] ? ra_dec_q.src2[7:0] != ra_dec_q.vdst && wmma_hits(ra_dec_q.src2[7:0], 4'd8, ra_dec_q.vdst) :
                                   !(ra_dec_q.src2[7:0] inside {[8'd128:8'd208], [8'd240:8'd248]})));
  end

  always_comb begin
    logic        wide, movrel_src, movrel_dst, rel64;
    logic [31:0] src_off, dst_off;
    logic [32:0] rel_src, rel_dst;
    // Scalar slots.
    wide = 1'b0;
    movrel_src = 1'b0;
    movrel_dst = 1'b0;
    rel64 = 1'b0;
    src_off = '0;
    dst_off = '0;
    rel_src = '0;
    rel_dst = '0;
    ss_on = '0;
    ss_code = '0;
    ra_sdst = ra_dec_q.sdst;
    ra_sdst_ok = 1'b1;
    ra_movrel_src_code = ra_dec_q.ssrc0;
    if (ra_dec_q.valu) begin
      for (int s = 0; s < 3; s++) begin
        wide = ty_dwords(ra_dec_q.vc.ty[s]) == 2;
        if (ra_src[s].kind == SkScalar && in_ram(ra_src[s].code, wide)) begin
          ss_on[s] = 1'b1;
          ss_code[s] = ra_src[s].code;
        end
      end
      if (ra_dual && ra_ysrc[0].kind == SkScalar && in_ram(ra_ysrc[0].code, 1'b0)) begin
        ss_on[1] = 1'b1;
        ss_code[1] = ra_ysrc[0].code;
      end
      if (ra_dec_q.vc.rd_vcc || (ra_dual && ra_dec_q.vcy.rd_vcc)) begin
        ss_on[3] = 1'b1;
        ss_code[3] = SrcVccLo;
      end
    end else if (ra_xm) begin
      // Memory: SMEM reads the SBASE pair (and a buffer resource's words 2-3) and SOFFSET;
      // GLOBAL the SADDR pair unless it is NULL, SCRATCH the one SGPR SADDR, FLAT none.
      if (ra_gm && ra_dec_q.mem.mubuf) begin
        // MUBUF: the resource's four SGPRs as two pairs, and SOFFSET.
        ss_on[0] = in_ram({1'b0, ra_dec_q.srsrc, 2'b00}, 1'b1);
        ss_code[0] = {1'b0, ra_dec_q.srsrc, 2'b00};
        ss_on[1] = in_ram({1'b0, ra_dec_q.srsrc, 2'b10}, 1'b1);
        ss_code[1] = {1'b0, ra_dec_q.srsrc, 2'b10};
        ss_on[2] = in_ram(ra_dec_q.soffset, 1'b0);
        ss_code[2] = ra_dec_q.soffset;
      end else if (ra_gm) begin
        ss_on[0] = !ra_dec_q.mem.flat && ra_dec_q.saddr != SrcNull[6:0] &&
                   in_ram({1'b0, ra_dec_q.saddr}, !ra_dec_q.mem.scr);
        ss_code[0] = {1'b0, ra_dec_q.saddr};
      end else if (ra_dec_q.mem.kind inside {MK_SLOAD, MK_SBUFFER}) begin
        ss_on[0] = in_ram({1'b0, ra_dec_q.sbase, 1'b0}, 1'b1);
        ss_code[0] = {1'b0, ra_dec_q.sbase, 1'b0};
        ss_on[1] = ra_dec_q.mem.kind == MK_SBUFFER && in_ram({1'b0, ra_dec_q.sbase, 1'b0} + 8'd2, 1'b1);
        ss_code[1] = {1'b0, ra_dec_q.sbase, 1'b0} + 8'd2;
        ss_on[2] = in_ram(8'(ra_dec_q.soffset), 1'b0);
        ss_code[2] = 8'(ra_dec_q.soffset);
      end
    end else if (!ra_ds) begin
      // Scalar instructions: port A reads SSRC0 (or the M0-relative source of s_movrels*),
      // port B SDST when the instruction reads its destination, SSRC1 otherwise.
      movrel_src = ra_dec_q.op inside {OP_S_MOVRELS_B32, OP_S_MOVRELS_B64, OP_S_MOVRELSD_2_B32};
      movrel_dst = ra_dec_q.op inside {OP_S_MOVRELD_B32, OP_S_MOVRELD_B64, OP_S_MOVRELSD_2_B32};
      rel64 = ra_dec_q.op inside {OP_S_MOVRELS_B64, OP_S_MOVRELD_B64};
      src_off = (ra_dec_q.op == OP_S_MOVRELSD_2_B32) ? {22'd0, ra_m0[9:0]} : ra_m0;
      dst_off = (ra_dec_q.op == OP_S_MOVRELSD_2_B32) ? {22'd0, ra_m0[25:16]} : ra_m0;
      if (rel64) begin
        src_off[0] = 1'b0;
        dst_off[0] = 1'b0;
      end
      rel_src = {25'd0, ra_dec_q.ssrc0[7:1], ra_dec_q.ssrc0[0] & !rel64} + {1'b0, src_off};
      rel_dst = {26'd0, ra_dec_q.sdst[6:1], ra_dec_q.sdst[0] & !rel64} + {1'b0, dst_off};
      // M0-relative indexing stays in the base's region (guide 3.3.1.4): SGPRs and VCC
      // (0..107) or TTMPs (108..123); out of range, a source reads s0 and a destination is
      // not written. Other bases are not indexed.
      if (movrel_src && ra_dec_q.ssrc0 < 8'd124) begin
        if (rel_src <= ((ra_dec_q.ssrc0 < SrcTtmp0) ? 33'd107 : 33'd123) - {32'd0, rel64}) begin
          ra_movrel_src_code = rel_src[7:0];
        end else begin
          ra_movrel_src_code = 8'd0;
        end
      end
      if (movrel_dst && ra_dec_q.sdst < 7'd124) begin
        if (rel_dst <= ((ra_dec_q.sdst < SrcTtmp0[6:0]) ? 33'd107 : 33'd123) - {32'd0, rel64}) begin
          ra_sdst = rel_dst[6:0];
        end else begin
          ra_sdst_ok = 1'b0;
        end
      end
      ss_on[0] = in_ram(ra_movrel_src_code, 1'b0) || in_ram(ra_movrel_src_code, 1'b1);
      ss_code[0] = ra_movrel_src_code;
      ss_on[1] = 1'b1;
      ss_code[1] = ra_dec_q.dst_rd ? {1'b0, ra_dec_q.sdst} : ra_dec_q.ssrc1;
    end
  end

  // This cycle's reads: per bank the first pending slot of the bank, and every pending slot
  // of the bank naming the same register with it; per scalar port the first two pending
  // scalar slots. Scalar slots are read once, vector slots in every pass.
  logic [NVS-1:0]        vpend;
  logic [NSS-1:0]        spend;
  logic                  gather;
  logic [3:0]            bank_rd;      // the bank is read this cycle
  logic [3:0][7:0]       bank_reg;
  logic [NVS-1:0]        vs_now;       // slots whose data the banks return next cycle
  logic [NSS-1:0]        ss_now;
  logic [NSS-1:0]        ss_port;      // 0: port A, 1: port B
  logic [6:1]            port_a, port_b;  // the pairs the scalar ports read
  logic                  ra_beat;      // the reads of a beat are complete this cycle
  logic                  ra_last;      // ... and it is the instruction's last
  logic [PassW-1:0]      ra_npass;     // passes of the instruction, minus one
  // The F64 unit (cu_fp64) takes a lane a cycle, then a cycle to round the last; its
  // recurrence (v_rcp_f64, v_sqrt_f64) Trans64Lane cycles a lane, twice that for v_rsq_f64
  // (two passes), then a cycle.
  localparam int unsigned F64Cycles = NumLanes + 1;
  localparam int unsigned F64TransCycles = NumLanes * Trans64Lane + 1;
  localparam int unsigned F64RsqCycles = 2 * NumLanes * Trans64Lane + 1;
  // A row of several passes through the lanes' FMA (the dot products that round in turn, see
  // cu_fp32): each pass's result FpStages + 1 cycles after the one before; at most four.
  localparam int unsigned F32PassCycles = FpStages + 1;
  localparam int unsigned F32SeqMax = 4 * F32PassCycles - 1;
  localparam int unsigned GapMax = (F32SeqMax > TransCycles) ? F32SeqMax : TransCycles;
  localparam int unsigned GapW = $clog2(((GapMax > F64RsqCycles) ? GapMax : F64RsqCycles) + 1);

  // Cycles a beat of a floating-point row waits in EX for its results.
  // passes: the F32 passes of the row's X and Y halves, minus one (0, 1 or 3: ORed).
  function automatic logic [GapW-1:0] fp_wait(logic trans, logic f64, logic twice, logic [1:0] passes);
    if (f64 && trans) fp_wait = twice ? GapW'(F64RsqCycles) : GapW'(F64TransCycles);
    // (Constants chosen by the count, not a product: a multiply by F32PassCycles would take a
    // DSP block.)
    else if (passes != '0) fp_wait = passes[1] ? GapW'(4 * F32PassCycles - 1) : GapW'(2 * F32PassCycles - 1);
    else fp_wait = f64 ? GapW'(F64Cycles) : trans ? GapW'(TransCycles) : GapW'(FpStages);
  endfunction
  logic [GapW-1:0]       ra_gap_q, ra_gap_d;  // cycles until the next beat may go (FP interlock)

  always_comb begin
    vpend = ra_valid_q ? ra_vpend_q & vs_on : '0;
    spend = ra_valid_q ? ra_spend_q & ss_on : '0;
    gather = ra_valid_q && ra_gather_q && ra_gathers;
    bank_rd = '0;
    bank_reg = '0;
    vs_now = '0;
    ss_now = '0;
    ss_port = '0;
    port_a = '0;
    port_b = '0;
    ra_npass = (ra_dec_q.valu || ra_ds || ra_gm) ? PassW'(Passes - 1) : '0;
    if (gather) begin
      // Gather: source 0's register, pass ra_pass_q, into the permute buffer.
      bank_rd[vs_reg[0][1:0]] = 1'b1;
      bank_reg[vs_reg[0][1:0]] = vs_reg[0];
    end else begin
      for (int b = 0; b < 4; b++) begin
        for (int i = NVS - 1; i >= 0; i--) begin
          bank_rd[b] = (vpend[i] && vs_reg[i][1:0] == 2'(b)) ? 1'b1 : bank_rd[b];
          bank_reg[b] = (vpend[i] && vs_reg[i][1:0] == 2'(b)) ? vs_reg[i] : bank_reg[b];
        end
      end
      for (int i = 0; i < NVS; i++) begin
        vs_now[i] = vpend[i] && bank_reg[vs_reg[i][1:0]] == vs_reg[i];
      end
      for (int i = 0; i < NSS; i++) begin
        if (spend[i]) begin
          if (ss_now == '0) begin
            ss_now[i] = 1'b1;
            port_a = ss_code[i][6:1];
          end else if (ss_port == '0) begin
            ss_now[i] = 1'b1;
            ss_port[i] = 1'b1;
            port_b = ss_code[i][6:1];
          end
        end
      end
    end
    // A memory instruction's write pass waits for the end of its memory work.
    ra_beat = ra_valid_q && !gather && ra_gap_q == '0 && (vpend & ~vs_now) == '0 &&
              (spend & ~ss_now) == '0 && (!ra_mw_q || mem_ans_q);
    ra_last = ra_beat && (ra_wmma ? ra_wbad || (ra_wst_q == {3'd7, ra_wlast} && ra_pass_q == ra_npass) :
                                    ra_pass_q == ra_npass && (!ra_two_beats || ra_wsel_q) && (!ra_2p || ra_mw_q));
  end

  assign ra_take = !ra_valid_q || ra_last;

  // The FP interlock: after a beat of a floating-point row, FpStages cycles without a beat
  // (TransCycles for the transcendental unit's rows, F64Cycles for the F64 unit's), in which
  // EX waits for the row's results.

  always_comb begin
    ra_gap_d = (ra_gap_q != '0) ? ra_gap_q - 1'b1 : '0;
    if (ra_beat && uses_fpu(ra_dec_q.valu, ra_dec_q.vc.fpu, ra_dec_q.vcy.fpu)) begin
      ra_gap_d = fp_wait(ra_dec_q.vc.trans, ra_dec_q.vc.f64, ra_dec_q.vc.twice,
                         ra_dec_q.vc.fpasses | ra_dec_q.vcy.fpasses);
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      ra_gap_q <= '0;
    end else begin
      ra_gap_q <= ra_gap_d;
    end
  end

  always_comb begin
    ra_pass_d = ra_pass_q;
    ra_gp_d = ra_gp_q;
    ra_wst_d = ra_wst_q;
    ra_gather_d = gather;
    ra_wsel_d = ra_wsel_q;
    ra_mw_d = ra_mw_q;
    ra_vpend_d = ra_vpend_q & ~vs_now;
    ra_spend_d = ra_spend_q & ~ss_now;
    if (gather) begin
      ra_gp_d = ra_gp_q + 1'b1;
      if (ra_gp_q == ra_npass) begin
        ra_gather_d = 1'b0;
        ra_gp_d = '0;
      end
    end else if (ra_beat && !ra_last) begin
      if (ra_wmma) begin
        // WMMA's next step: the next dword, then the next pass, then D's next register; each
        // reads its registers again, A gathered first.
        ra_vpend_d = '1;
        ra_gather_d = 1'b1;
        ra_wst_d[2:0] = ra_wst_q[2:0] + 3'd1;
        if (ra_wst_q[2:0] == ra_wlast) begin
          ra_wst_d[2:0] = 3'd0;
          ra_pass_d = ra_pass_q + 1'b1;
          if (ra_pass_q == ra_npass) begin
            ra_pass_d = '0;
            ra_wst_d[5:3] = ra_wst_q[5:3] + 3'd1;
          end
        end
      end else if (ra_two_beats && !ra_wsel_q) begin
        // The second write beat of a swap: the data is held; nothing to read.
        ra_wsel_d = 1'b1;
        ra_vpend_d = '0;
      end else if (ra_2p && !ra_mw_q && ra_pass_q == ra_npass) begin
        // A memory instruction's operands are collected: its write pass reads nothing.
        ra_mw_d = 1'b1;
        ra_pass_d = '0;
        ra_vpend_d = '0;
      end else begin
        ra_wsel_d = 1'b0;
        ra_pass_d = ra_pass_q + 1'b1;
        ra_vpend_d = ra_mw_q ? '0 : '1;
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      ra_valid_q <= 1'b0;
      ra_wave_q <= '0;
      ra_pc_q <= '0;
      ra_inst_q <= '0;
      ra_dec_q <= '0;
      ra_ffault_q <= 1'b0;
      ra_pass_q <= '0;
      ra_gp_q <= '0;
      ra_wst_q <= '0;
      ra_gather_q <= 1'b0;
      ra_wsel_q <= 1'b0;
      ra_mw_q <= 1'b0;
      ra_vpend_q <= '0;
      ra_spend_q <= '0;
    end else if (ra_take) begin
      ra_valid_q <= is_valid;
      ra_wave_q <= is_wave;
      ra_pc_q <= pc_q[is_wave];
      ra_inst_q <= is_inst;
      ra_dec_q <= is_dec;
      ra_ffault_q <= fetch_fault[is_wave];
      ra_pass_q <= '0;
      ra_gp_q <= '0;
      ra_wst_q <= '0;
      ra_wsel_q <= 1'b0;
      ra_mw_q <= 1'b0;
      // Every slot the instruction has is pending (vs_on and ss_on say which it has), and
      // source 0 is gathered first if it needs to be.
      ra_gather_q <= 1'b1;
      ra_vpend_q <= '1;
      ra_spend_q <= '1;
    end else begin
      ra_pass_q <= ra_pass_d;
      ra_gp_q <= ra_gp_d;
      ra_wst_q <= ra_wst_d;
      ra_gather_q <= ra_gather_d;
      ra_wsel_q <= ra_wsel_d;
      ra_mw_q <= ra_mw_d;
      ra_vpend_q <= ra_vpend_d;
      ra_spend_q <= ra_spend_d;
    end
  end

  // RA: a SOPP branch is resolved here, two cycles before EX: its condition (SCC, VCCZ, EXEC)
  // was written by the wave's previous instruction at the end of the cycle the branch issued
  // in. A taken one empties the wave's buffer and moves its PC now, so the fetch of the target
  // starts early; it retires at EX without touching them again.
  logic        ra_br, ra_br_taken;
  logic [47:0] ra_br_target;

  always_comb begin
    ra_br = ra_valid_q && !ra_ffault_q && ra_dec_q.valid &&
            ra_dec_q.op inside {OP_S_BRANCH, OP_S_CBRANCH_SCC0, OP_S_CBRANCH_SCC1, OP_S_CBRANCH_VCCZ,
                                OP_S_CBRANCH_VCCNZ, OP_S_CBRANCH_EXECZ, OP_S_CBRANCH_EXECNZ};
    ra_br_target = ra_pc_q + 48'd4 + { {30{ra_dec_q.simm16[15]}}, ra_dec_q.simm16, 2'b00};
    unique case (ra_dec_q.op)
      OP_S_BRANCH: ra_br_taken = 1'b1;
      OP_S_CBRANCH_SCC0: ra_br_taken = !scc_q[ra_wave_q];
      OP_S_CBRANCH_SCC1: ra_br_taken = scc_q[ra_wave_q];
      OP_S_CBRANCH_VCCZ: ra_br_taken = vccz_q[ra_wave_q];
      OP_S_CBRANCH_VCCNZ: ra_br_taken = !vccz_q[ra_wave_q];
      OP_S_CBRANCH_EXECZ: ra_br_taken = exec_q[ra_wave_q][31:0] == 32'd0;
      OP_S_CBRANCH_EXECNZ: ra_br_taken = exec_q[ra_wave_q][31:0] != 32'd0;
      default: ra_br_taken = 1'b0;
    endcase
    ra_br_taken = ra_br && ra_br_taken && ra_br_target != ra_pc_q + 48'd4;
  end

  // ------------------------------------------------------------------------------------------
  // Register files. The write ports belong to WB, then to the dispatcher.
  logic [63:0]      ra_data, rb_data;
  logic [1:0]       rf_we;
  logic [WaveW-1:0] rf_w_wave;
  logic [5:0]       rf_w_pair;
  logic [63:0]      rf_w_data;

  cu_sgpr_file #(.NumWaves(NumWaves)) u_sgpr_file (
    .clk_i,
    .ra_wave_i(ra_wave_q),
    .ra_pair_i(port_a),
    .ra_data_o(ra_data),
    .rb_wave_i(ra_wave_q),
    .rb_pair_i(port_b),
    .rb_data_o(rb_data),
    .we_i     (rf_we),
    .w_wave_i (rf_w_wave),
    .w_pair_i (rf_w_pair),
    .w_data_i (rf_w_data)
  );

  logic [3:0]                     vr_en;
  logic [3:0][WaveW-1:0]          vr_wave;
  logic [3:0][RowW-1:0]           vr_row;
  logic [3:0][PassW-1:0]          vr_pass;
  logic [3:0][NumLanes-1:0][31:0] vr_data;
  logic [3:0][2*NumLanes-1:0]     vw_en;
  logic [3:0][WaveW-1:0]          vw_wave;
  logic [3:0][RowW-1:0]           vw_row;
  logic [3:0][PassW-1:0]          vw_pass;
  logic [3:0][NumLanes-1:0][31:0] vw_data;

  always_comb begin
    for (int b = 0; b < 4; b++) begin
      vr_en[b] = bank_rd[b];
      vr_wave[b] = ra_wave_q;
      vr_row[b] = RowW'(bank_reg[b][7:2]);
      vr_pass[b] = gather ? ra_gp_q : ra_pass_q;
    end
  end

  cu_vgpr_file #(.NumWaves(NumWaves), .NumLanes(NumLanes), .Vgprs(Vgprs)) u_vgpr_file (
    .clk_i,
    .r_en_i  (vr_en),
    .r_wave_i(vr_wave),
    .r_row_i (vr_row),
    .r_pass_i(vr_pass),
    .r_data_o(vr_data),
    .w_en_i  (vw_en),
    .w_wave_i(vw_wave),
    .w_row_i (vw_row),
    .w_pass_i(vw_pass),
    .w_data_i(vw_data)
  );

  // ------------------------------------------------------------------------------------------
  // RD: the data arrives and the operands are put together.
  logic                rd_valid_q;      // reads are in flight or a beat completes
  logic                rd_beat_q;       // the reads of a beat are complete
  logic                rd_last_q;       // ... the instruction's last
  logic                rd_gather_q;     // a gathered pass of source 0 arrives
  logic [5:0]          rd_wst_q;        // WMMA's step
  logic                rd_wbad_q;       // ... its registers break the rules
  logic [PassW-1:0]    rd_pass_q;
  logic                rd_wsel_q;
  logic                rd_mw_q;
  logic [NVS-1:0]      rd_vnow_q;
  logic [NSS-1:0]      rd_snow_q, rd_sport_q;
  logic [WaveW-1:0]    rd_wave_q;
  logic [47:0]         rd_pc_q;
  logic [InstBits-1:0] rd_inst_q;
  decoded_t            rd_dec_q;
  logic                rd_ffault_q;
  logic [NVS-1:0][1:0] rd_vbank_q;      // the bank of each slot
  vsrc_t [2:0]         rd_src_q, rd_ysrc_q;
  logic [8:0]          rd_vdst_q, rd_vdst2_q;
  logic                rd_dst_hi_q, rd_xlane_q, rd_two_q;
  logic [7:0]          rd_ssrc0_q;      // SSRC0, M0-relative for s_movrels*
  logic [6:0]          rd_sdst_q;
  logic                rd_sdst_ok_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rd_valid_q <= 1'b0;
      rd_beat_q <= 1'b0;
      rd_last_q <= 1'b0;
      rd_gather_q <= 1'b0;
      rd_wst_q <= '0;
      rd_wbad_q <= 1'b0;
      rd_pass_q <= '0;
      rd_wsel_q <= 1'b0;
      rd_mw_q <= 1'b0;
      rd_vnow_q <= '0;
      rd_snow_q <= '0;
      rd_sport_q <= '0;
      rd_wave_q <= '0;
      rd_pc_q <= '0;
      rd_inst_q <= '0;
      rd_dec_q <= '0;
      rd_ffault_q <= 1'b0;
      rd_vbank_q <= '0;
      rd_src_q <= '0;
      rd_ysrc_q <= '0;
      rd_vdst_q <= '0;
      rd_vdst2_q <= '0;
      rd_dst_hi_q <= 1'b0;
      rd_xlane_q <= 1'b0;
      rd_two_q <= 1'b0;
      rd_ssrc0_q <= '0;
      rd_sdst_q <= '0;
      rd_sdst_ok_q <= 1'b0;
    end else begin
      rd_valid_q <= ra_valid_q;
      rd_beat_q <= ra_beat;
      rd_last_q <= ra_last;
      rd_gather_q <= gather;
      rd_wst_q <= ra_wst_q;
      rd_wbad_q <= ra_wbad;
      rd_pass_q <= gather ? ra_gp_q : ra_pass_q;
      rd_wsel_q <= ra_wsel_q;
      rd_mw_q <= ra_mw_q;
      rd_vnow_q <= vs_now | ((gather) ? NVS'(1) : '0);
      rd_snow_q <= ss_now;
      rd_sport_q <= ss_port;
      rd_wave_q <= ra_wave_q;
      rd_pc_q <= ra_pc_q;
      rd_inst_q <= ra_inst_q;
      rd_dec_q <= ra_dec_q;
      rd_ffault_q <= ra_ffault_q;
      for (int i = 0; i < NVS; i++) rd_vbank_q[i] <= vs_reg[i][1:0];
      rd_src_q <= ra_src;
      rd_ysrc_q <= ra_ysrc;
      rd_vdst_q <= ra_vdst;
      rd_vdst2_q <= ra_vdst2;
      rd_dst_hi_q <= ra_dst_hi;
      rd_xlane_q <= ra_xlane;
      rd_two_q <= ra_two_beats;
      rd_ssrc0_q <= ra_movrel_src_code;
      rd_sdst_q <= ra_sdst;
      rd_sdst_ok_q <= ra_sdst_ok;
    end
  end

  // Slot values: this cycle's bank data for the slots read last cycle, held otherwise.
  logic [NVS-1:0][NumLanes-1:0][31:0] vslot, vhold_q;
  logic [NSS-1:0][63:0]               sslot, shold_q;

  always_comb begin
    for (int i = 0; i < NVS; i++) begin
      vslot[i] = rd_vnow_q[i] ? vr_data[rd_vbank_q[i]] : vhold_q[i];
    end
    for (int i = 0; i < NSS; i++) begin
      sslot[i] = rd_snow_q[i] ? (rd_sport_q[i] ? rb_data : ra_data) : shold_q[i];
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      vhold_q <= '0;
      shold_q <= '0;
    end else begin
      for (int i = 0; i < NVS; i++) begin
        if (rd_vnow_q[i]) vhold_q[i] <= vslot[i];
      end
      for (int i = 0; i < NSS; i++) begin
        if (rd_snow_q[i]) shold_q[i] <= sslot[i];
      end
    end
  end

  // Source 0 of every lane, for lane permutes: the register itself in one pass, or gathered
  // pass by pass into a buffer.
  logic [31:0][31:0] xsrc;
  if (Passes > 1) begin : gen_gather
    logic [31:0][31:0] xbuf_q;
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        xbuf_q <= '0;
      end else if (rd_gather_q) begin
        for (int i = 0; i < NumLanes; i++) xbuf_q[int'(rd_pass_q) * NumLanes + i] <= vslot[0][i];
      end
    end
    assign xsrc = xbuf_q;
  end else begin : gen_no_gather
    logic unused_gather;
    assign unused_gather = rd_gather_q;
    assign xsrc = vslot[0];
  end

  // ------------------------------------------------------------------------------------------
  // The DS unit. The collect pass's beats fill the operand buffer of all 32 lanes in RD (the
  // unit reads it until it answers); the cycle after the last one, the unit takes the
  // instruction, which is then in EX. Its answer is kept for the write pass: the loaded
  // dwords stay on rsp_data until the next instruction starts.
  logic [31:0][31:0]      ds_addr_q;
  logic [31:0][3:0][31:0] ds_data0_q;
  logic [31:0][1:0][31:0] ds_data1_q;
  logic                   ds_go_q;      // the unit takes the instruction in EX
  logic                   ds_ready, ds_rsp, ds_rsp_fault;
  logic [4:0]             ds_fault_lane;
  logic [8:0]             ds_cycles;
  logic [31:0][3:0][31:0] ds_rdata;
  logic                   rd_ds;
  logic                   rd_xm, rd_gm;  // a memory-port instruction; a GLOBAL one

  assign rd_xm = issues_xm(rd_dec_q.valid, rd_dec_q.illegal, rd_dec_q.mem.kind, rd_ffault_q, vrel_q[rd_wave_q]);
  assign rd_gm = rd_xm && rd_dec_q.mem.kind inside {MK_GLOAD, MK_GSTORE, MK_GATOMIC};
  assign rd_ds = issues_ds(rd_dec_q.valid, rd_dec_q.illegal, rd_dec_q.ds.kind, rd_ffault_q, vrel_q[rd_wave_q]);

  // MUBUF's addresser (below, with the memory ports) forms a lane's address a cycle, over
  // the lane's VADDR dwords it has read: its low dword goes where ADDR's was, the high dword
  // to xm_ahi_q.
  logic        bf_on_q;     // lane bf_l_q's address is formed this cycle
  logic [4:0]  bf_l_q;
  logic [63:0] bf_addr;     // ... the address of its first byte
  // The format pass (with the memory ports) converts a format store's data a component a
  // cycle: lane fc_l_q's element, complete after its last component, goes where its data was.
  logic         fc_on_q;
  logic [4:0]   fc_l_q;
  logic [1:0]   fc_k_q;
  logic         fc_last;    // the lane's last component
  logic         fc_store;   // ... of a store
  logic [127:0] fc_el;      // ... its element so far

  // (GLOBAL instructions use the same buffer: ADDR's low dwords and the store data.)
  always_ff @(posedge clk_i) begin
    if (bf_on_q) begin
      ds_addr_q[bf_l_q] <= bf_addr[31:0];
    end else if (rd_valid_q && rd_beat_q && (rd_ds || rd_gm) && !rd_mw_q) begin
      for (int i = 0; i < NumLanes; i++) begin
        // (The addtid forms' address is 4 * lane, append's and consume's 0, plus M0 in cu_ds.)
        ds_addr_q[int'(rd_pass_q) * NumLanes + i] <=
            rd_dec_q.ds.addtid ? 32'(4 * (int'(rd_pass_q) * NumLanes + i)) :
            (rd_dec_q.ds.kind == DK_APPEND) ? 32'd0 : vslot[0][i];
        for (int k = 0; k < 2; k++) ds_data1_q[int'(rd_pass_q) * NumLanes + i][k] <= vslot[2 + k][i];
        for (int k = 0; k < 4; k++) ds_data0_q[int'(rd_pass_q) * NumLanes + i][k] <= vslot[4 + k][i];
      end
    end
    // A format store's element, once the format pass has converted its components.
    if (fc_on_q && fc_last && fc_store) ds_data0_q[fc_l_q] <= fc_el;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      ds_go_q <= 1'b0;
      mem_ans_q <= 1'b0;
      ds_fault_q <= 1'b0;
    end else begin
      ds_go_q <= rd_valid_q && rd_beat_q && rd_ds && !rd_mw_q && rd_pass_q == PassW'(Passes - 1);
      // The answer is RA's until the next instruction enters RA; the fault is EX's until the
      // unit takes the next DS instruction (after the last write beat has left EX).
      if (ra_take) mem_ans_q <= 1'b0;
      else if (ds_rsp || xm_done) mem_ans_q <= 1'b1;
      if (ds_go_q) ds_fault_q <= 1'b0;
      else if (ds_rsp) ds_fault_q <= ds_rsp_fault;
    end
  end

  // The value of scalar operand `code` at 32 or 64 bits; `ram` is the RAM pair read for it.
  function automatic logic [63:0] src_value(logic [7:0] code, logic is64, logic sext,
                                            logic [63:0] ram, logic [31:0] literal,
                                            logic scc, logic [31:0] m0, logic [63:0] exec);
    logic [7:0] c;
    c = is64 ? {code[7:1], 1'b0} : code;
    if (c < SrcNull) begin
      src_value = is64 ? ram : {32'd0, c[0] ? ram[63:32] : ram[31:0]};
    end else if (c == SrcNull) begin
      src_value = 64'd0;
    end else if (c == SrcM0) begin
      src_value = {32'd0, m0};
    end else if (c == SrcExecLo) begin
      src_value = is64 ? exec : {32'd0, exec[31:0]};
    end else if (c == SrcExecLo + 8'd1) begin
      src_value = {32'd0, exec[63:32]};
    end else begin
      src_value = src_const(code, is64, sext, literal, scc);
    end
  endfunction

  // The value of a scalar register code for a vector source (NULL reads 0; a 64-bit operand
  // reads the even-aligned pair, and the pair NULL/M0 reads 0); `ram` is the RAM's pair.
  function automatic logic [63:0] sreg_val(logic [7:0] code, logic wide, logic [63:0] ram,
                                           logic [31:0] m0, logic [63:0] exec);
    logic [7:0] c;
    c = wide ? {code[7:1], 1'b0} : code;
    if (c < SrcNull) sreg_val = wide ? ram : {32'd0, c[0] ? ram[63:32] : ram[31:0]};
    else if (c == SrcM0 && !wide) sreg_val = {32'd0, m0};
    else if (c == SrcExecLo) sreg_val = wide ? exec : {32'd0, exec[31:0]};
    else if (c == SrcExecLo + 8'd1) sreg_val = {32'd0, exec[63:32]};
    else sreg_val = 64'd0;
  endfunction

  // The value of a constant source code at a vector operand type (guide 4.1, 7.5.1): inline
  // integers sign-extend to the operand's width; inline floats are the type's bit pattern
  // (BF16: the high half of F32's); a packed 16-bit operand has the constant in both halves,
  // except in VOP3P, where an integer is its 32-bit value and a float sits in the low half;
  // a literal is the low half of a 16-bit operand and extends as cu_pkg's src_const says.
  function automatic logic [63:0] vconst(logic [7:0] code, opnd_ty_e ty, logic [31:0] lit,
                                         logic vop3p, logic scc);
    logic [63:0] f32, f64;
    logic [31:0] i;
    logic [15:0] h;
    logic w16, pk, w64;
    w16 = ty inside {OT_B16, OT_F16, OT_BF16};
    pk = ty inside {OT_V2I16, OT_V2F16, OT_V2BF16};
    w64 = ty inside {OT_I64, OT_B64, OT_F64};
    f32 = src_const(code, 1'b0, 1'b0, lit, scc);
    f64 = src_const(code, 1'b1, 1'b0, lit, scc);
    i = f32[31:0];
    vconst = w64 ? f64 : f32;
    if (code >= 8'd128 && code <= 8'd208) begin
      if (w16) vconst = {48'd0, i[15:0]};
      else if (pk) vconst = (vop3p && ty != OT_V2BF16) ? {32'd0, i[31:0]} : {32'd0, i[15:0], i[15:0]};
    end else if (code >= 8'd240 && code <= 8'd248) begin
      unique case (code)
{%- for c in f16_consts %}
        8'd{{ c.0 }}: h = 16'h{{ c.1 }};
{%- endfor %}
        default: h = 16'd0;
      endcase
      if (ty inside {OT_BF16, OT_V2BF16}) h = f32[31:16];
      if (w16) vconst = {48'd0, h};
      else if (pk) vconst = (vop3p && ty != OT_V2BF16) ? {48'd0, h} : {32'd0, h, h};
    end else if (code == SrcLiteral) begin
      if (w16) vconst = {48'd0, lit[15:0]};
      else if (ty == OT_F64) vconst = {lit, 32'd0};
      else if (ty == OT_I64) vconst = { {32{lit[31]}}, lit};
      else vconst = {32'd0, lit};
    end
  endfunction

  // The lane that DPP16 control `ctrl` reads for lane `l` (guide 7.7.1), and whether there
  // is one.
  function automatic logic [5:0] dpp16_src(logic [8:0] ctrl, logic [4:0] l);
    logic [4:0] i, n, j;
    logic ok;
    i = {1'b0, l[3:0]};
    n = {1'b0, ctrl[3:0]};
    j = '0;
    ok = 1'b1;
    if (ctrl <= 9'h0ff) begin
      j = {1'b0, l[3:2], ctrl[2*l[1:0] +: 2]};
    end else if (ctrl >= 9'h101 && ctrl <= 9'h10f) begin
      j = i + n;
      ok = j < 5'd16;
    end else if (ctrl >= 9'h111 && ctrl <= 9'h11f) begin
      j = i - n;
      ok = i >= n;
    end else if (ctrl >= 9'h121 && ctrl <= 9'h12f) begin
      j = (i - n) & 5'd15;
    end else if (ctrl == 9'h140) begin
      j = 5'd15 - i;
    end else if (ctrl == 9'h141) begin
      j = {1'b0, i[3], 3'd7 - i[2:0]};
    end else if (ctrl >= 9'h150 && ctrl <= 9'h15f) begin
      j = n;
    end else if (ctrl >= 9'h160 && ctrl <= 9'h16f) begin
      j = i ^ n;
    end else begin
      ok = 1'b0;
    end
    dpp16_src = {ok, l[4], j[3:0]};
  endfunction

  // Operands of the beat in RD.
  logic [NumLanes-1:0][63:0]  op_a, op_b;
  logic [NumLanes-1:0][127:0] op_c;
  logic [NumLanes-1:0][31:0]  op_ya, op_yb, op_yc;
  logic [NumLanes-1:0]        op_m;       // mask-in bits
  logic [NumLanes-1:0]        op_wm;      // lanes written
  logic [NumLanes-1:0]        op_em;      // active lanes (EXEC)
  logic [31:0]                op_lane;    // a lane read's value
  logic                       op_illegal; // a vector source holds a reserved code
  logic [2:0][63:0]           sv;         // scalar and constant sources (the same in all lanes)
  logic [2:0][31:0]           ysv;        // ... of VOPD's Y half
  logic [2:0][31:0]           uni, uni_q; // sources 1 and 2 (0 unused) at lane 0 of pass 0
  logic [63:0]                op_s0, op_s1, op_d;  // scalar instructions' operands
  logic [31:0]                rd_m0;
  logic [63:0]                rd_exec;
  logic [31:0]                rd_exec32;  // wave32: the lanes
  logic                       rd_scc, rd_vop3p;

  // A vector source's lanes: `s` the source, `f` its first slot, `y` VOPD's Y.
  // A source's low 64 bits in one lane, from its low two VGPR dwords `lo` and `hi_dw` or its
  // scalar value (the upper dwords of a 128-bit source are its slots 6 and 7).
  function automatic logic [63:0] lane_val(skind_e kind, logic hi, opnd_ty_e ty, logic [63:0] scalar,
                                           logic [31:0] lo, logic [31:0] hi_dw, logic vop3p,
                                           logic sel_lo, logic sel_hi);
    logic [63:0] v;
    unique case (kind)
      SkVgpr: begin
        v = (ty_dwords(ty) == 1) ? {32'd0, lo} : {hi_dw, lo};
        if (ty inside {OT_B16, OT_F16, OT_BF16}) v = {48'd0, hi ? lo[31:16] : lo[15:0]};
      end
      SkScalar, SkLit: v = scalar;
      default: v = '0;
    endcase
    // A 128-bit source (v_mqsad_u32_u8's accumulator) that is not a VGPR quad reads 0.
    if (ty == OT_B128 && kind != SkVgpr) v = '0;
    if (vop3p && ty inside {OT_V2I16, OT_V2F16, OT_V2BF16}) begin
      v = {32'd0, sel_hi ? v[31:16] : v[15:0], sel_lo ? v[31:16] : v[15:0]};
    end
    lane_val = v;
  endfunction

  logic [2:0]  opsel_hi;  // OPSEL_HI of sources 0..2 (VOP3P)
  logic        rd_mix;    // v_fma_mix*: the F32 unit selects and modifies the sources
  logic        rd_interp;   // a VINTERP row (see the header)
  logic        rd_ip10;     // ... of the first pass (source 2 from the quad's lane 0)
  logic [2:0]  src_abs, src_neg;  // ABS and NEG of sources 0..2
  logic        rd_wmma;     // a WMMA beat (see the header)
  logic        rd_wfloat;   // ... of a float form
  logic        rd_w16;      // ... whose C and D are 16-bit (F16, BF16)
  logic [31:0] rd_wconst;   // ... C's inline constant at its type
  logic [1:0][31:0] rd_wneg;  // ... NEG and NEG_HI on A's and B's 16-bit halves

  // ABS then NEG on the sign bit `sign` of v.
  function automatic logic [63:0] sign_mods(logic [63:0] v, logic [63:0] sign, logic abs, logic neg);
    sign_mods = (abs ? v & ~sign : v) ^ (neg ? sign : 64'd0);
  endfunction

  // The sign bit of a float operand type (zero for the others, which the modifiers leave alone).
  function automatic logic [63:0] float_sign(opnd_ty_e ty);
    unique case (ty)
      OT_F16, OT_BF16: float_sign = 64'h8000;
      OT_F32: float_sign = 64'h8000_0000;
      OT_F64: float_sign = 64'h8000_0000_0000_0000;
      default: float_sign = 64'd0;
    endcase
  endfunction
  logic [31:0] mask;      // the mask operand (carry in, select)
  logic [63:0] sel64;     // v_permlane*'s lane selects
  logic [4:0]  lsel;      // the lane a lane read reads

  always_comb begin
    rd_m0 = m0_q[rd_wave_q];
    rd_exec = exec_q[rd_wave_q];
    rd_exec32 = rd_exec[31:0];
    rd_scc = scc_q[rd_wave_q];
    rd_vop3p = rd_dec_q.vc.enc == VE_VOP3P;
    // ABS and NEG: the VOP3 fields (VOP3P has NEG only; VOP3SD too, its SDST where VOP3 has
    // ABS, which the decoder slices for both), or DPP16's for the 32-bit encodings.
    if (rd_dec_q.vc.enc inside {VE_VOP3, VE_VOP3SD, VE_VOP3P}) begin
      src_abs = (rd_dec_q.vc.enc == VE_VOP3) ? rd_dec_q.abs : 3'b000;
      src_neg = rd_dec_q.neg;
    end else if (rd_dec_q.ext_dpp16) begin
      src_abs = {1'b0, rd_dec_q.dpp_src1_abs, rd_dec_q.dpp_src0_abs};
      src_neg = {1'b0, rd_dec_q.dpp_src1_neg, rd_dec_q.dpp_src0_neg};
    end else begin
      src_abs = 3'b000;
      src_neg = 3'b000;
    end
    opsel_hi = {rd_dec_q.opsel_hi2, rd_dec_q.opsel_hi};
    op_illegal = 1'b0;
    rd_wmma = rd_dec_q.valu && rd_dec_q.vc.wmma;
    rd_wfloat = rd_dec_q.vc.wcty != OT_B32;
    rd_w16 = rd_dec_q.vc.wcty inside {OT_F16, OT_BF16};
    // (16-bit forms: the constant in the low half, which WMMA's C reads whatever OPSEL[2] says:
    // the guide replicates it into both.)
    rd_wconst = 32'(vconst(rd_src_q[2].code, rd_dec_q.vc.wcty, rd_dec_q.literal, 1'b0, rd_scc));
    for (int k = 0; k < 2; k++) begin
      rd_wneg[k] = rd_wfloat ? {rd_dec_q.neg_hi[k], 15'd0, rd_dec_q.neg[k], 15'd0} : 32'd0;
    end
    if (rd_wmma && rd_wbad_q) op_illegal = 1'b1;
    rd_mix = rd_dec_q.vop inside {VOP_V_FMA_MIX_F32, VOP_V_FMA_MIXLO_F16, VOP_V_FMA_MIXHI_F16};
    rd_ip10 = rd_dec_q.vc.ip10;
    rd_interp = rd_dec_q.valu && rd_dec_q.vc.interp;
    if (rd_interp && !(rd_src_q[0].kind == SkVgpr && rd_src_q[1].kind == SkVgpr && rd_src_q[2].kind == SkVgpr)) begin
      op_illegal = 1'b1;
    end
    for (int s = 0; s < 3; s++) begin
      logic wide;
      opnd_ty_e cty;  // the type an inline constant takes
      wide = ty_dwords(rd_dec_q.vc.ty[s]) == 2;
      // v_fma_mix*'s sources are F32 or an F16 half: their constants are as for every VOP3P
      // row, the F16 constant in the low half (what LLVM encodes).
      cty = rd_mix ? OT_V2F16 : rd_dec_q.vc.ty[s];
      sv[s] = '0;
      if (rd_src_q[s].kind == SkLit) begin
        sv[s] = vconst(SrcLiteral, cty, rd_dec_q.literal, rd_vop3p, rd_scc);
      end else if (rd_src_q[s].code < 8'd128) begin
        sv[s] = sreg_val(rd_src_q[s].code, wide, sslot[s], rd_m0, rd_exec);
        if (ty16(rd_dec_q.vc.ty[s])) sv[s][63:16] = '0;
      end else begin
        sv[s] = vconst(rd_src_q[s].code, cty, rd_dec_q.literal, rd_vop3p, rd_scc);
      end
      // Y's source 0 may be a scalar (its slot is 1); its sources 1 and 2 are VGPRs or K.
      if (rd_ysrc_q[s].kind == SkLit) begin
        ysv[s] = 32'(vconst(SrcLiteral, rd_dec_q.vcy.ty[s], rd_dec_q.literal, 1'b0, rd_scc));
      end else if (rd_ysrc_q[s].code < 8'd128) begin
        ysv[s] = 32'(sreg_val(rd_ysrc_q[s].code, 1'b0, (s == 0) ? sslot[1] : 64'd0, rd_m0, rd_exec));
      end else begin
        ysv[s] = 32'(vconst(rd_ysrc_q[s].code, rd_dec_q.vcy.ty[s], rd_dec_q.literal, 1'b0, rd_scc));
      end
      if (rd_dec_q.valu && rd_src_q[s].kind == SkScalar && src_reserved(rd_src_q[s].code)) op_illegal = 1'b1;
      if (rd_dec_q.valu && rd_ysrc_q[s].kind == SkScalar && src_reserved(rd_ysrc_q[s].code)) op_illegal = 1'b1;
    end

    // Sources 1 and 2 at lane 0 of the first pass, for lane selects and lane masks.
    uni = uni_q;
    for (int s = 1; s < 3; s++) begin
      if (rd_pass_q == '0 && !rd_wsel_q) begin
        uni[s] = (rd_src_q[s].kind == SkVgpr) ? vslot[2 * s][0] : sv[s][31:0];
      end
    end
    uni[0] = '0;
    mask = (rd_dec_q.vc.ty[2] == OT_MASK) ? uni[2] : (rd_dec_q.vc.rd_vcc || rd_dec_q.vcy.rd_vcc) ? sslot[3][31:0] : 32'd0;
    sel64 = {uni[2], uni[1]};
    lsel = (rd_dec_q.vop == VOP_V_READFIRSTLANE_B32) ? 5'd0 : uni[1][4:0];
    if (rd_dec_q.vop == VOP_V_READFIRSTLANE_B32) begin
      for (int l = 31; l >= 0; l--) lsel = rd_exec32[l] ? 5'(l) : lsel;
    end
    op_lane = (rd_src_q[0].kind == SkVgpr) ? xsrc[lsel] : sv[0][31:0];

    // Scalar instructions: SSRC0 on port A, SSRC1 or SDST on port B.
    op_s0 = src_value(rd_ssrc0_q, rd_dec_q.src0_64, rd_dec_q.src0_sext, sslot[0], rd_dec_q.literal,
                      rd_scc, rd_m0, rd_exec);
    op_s1 = src_value(rd_dec_q.ssrc1, rd_dec_q.src1_64, rd_dec_q.src1_sext, sslot[1], rd_dec_q.literal,
                      rd_scc, rd_m0, rd_exec);
    op_d = rd_dec_q.dst_rd ? src_value({1'b0, rd_dec_q.sdst}, rd_dec_q.dst_64, 1'b0, sslot[1],
                                        rd_dec_q.literal, rd_scc, rd_m0, rd_exec) : 64'd0;
  end

  // Each lane's operands.
  for (genvar i = 0; i < NumLanes; i++) begin : gen_rd_lane
    localparam int unsigned Quad = i & ~3;  // the lane's quad's first lane (VINTERP)
    logic [4:0]  gl;      // the wave lane
    logic [5:0]  d16;     // DPP16's source lane, and whether there is one
    logic [4:0]  xs;      // the lane source 0 is read from
    logic        xok;     // ... and whether it can be (its lane is active, or FI)
    logic        wen;     // DPP's and the permutes' write enable
    logic [31:0] x0;
    logic [63:0] v0;
    logic [63:0]  a_l, b_l;
    logic [127:0] c_l;
    logic [31:0]  ya_l, yb_l, yc_l;
    logic         m_l, em_l, wm_l;
    logic [31:0]  wc;     // WMMA's C

    // Only a vector instruction's beat needs them (a cheaper simulation otherwise).
    always_comb begin
      gl = 5'(int'(rd_pass_q) * NumLanes + i);
      d16 = '0;
      xs = gl;
      xok = 1'b0;
      wen = 1'b0;
      x0 = '0;
      v0 = '0;
      a_l = '0;
      b_l = '0;
      c_l = '0;
      ya_l = '0;
      yb_l = '0;
      yc_l = '0;
      wc = '0;
      m_l = 1'b0;
      em_l = 1'b0;
      wm_l = 1'b0;
      if (rd_dec_q.valu && rd_beat_q) begin
        gl = 5'(int'(rd_pass_q) * NumLanes + i);
        d16 = dpp16_src(rd_dec_q.dpp_ctrl, gl);
        xs = gl;
        xok = 1'b1;
        wen = 1'b1;
        if (rd_dec_q.ext_dpp16) begin
          xs = d16[4:0];
          xok = d16[5] && (rd_dec_q.dpp_fi || rd_exec32[xs]);
          wen = rd_dec_q.dpp_row_mask[{1'b0, gl[4]}] && rd_dec_q.dpp_bank_mask[gl[3:2]] &&
                (d16[5] ? (rd_dec_q.dpp_bc || rd_dec_q.dpp_fi || rd_exec32[xs]) : rd_dec_q.dpp_bc);
        end else if (rd_dec_q.ext_dpp8) begin
          xs = {gl[4:3], rd_dec_q.dpp8_sel[3 * gl[2:0] +: 3]};
          xok = rd_dec_q.src0 == 9'd234 || rd_exec32[xs];
        end else if (rd_dec_q.vop inside {VOP_V_PERMLANE16_B32, VOP_V_PERMLANEX16_B32}) begin
          xs = {gl[4] ^ (rd_dec_q.vop == VOP_V_PERMLANEX16_B32), sel64[4 * gl[3:0] +: 4]};
          // OPSEL[0] is FI and OPSEL[1] BOUND_CTRL, as in DPP16.
          xok = rd_dec_q.opsel[0] || rd_exec32[xs];
          wen = xok || rd_dec_q.opsel[1];
        end
        // Source 0, through DPP or a lane permute (of its first dword; no row with DPP has a
        // wider source 0).
        x0 = (rd_xlane_q && rd_src_q[0].kind == SkVgpr) ? (xok ? xsrc[xs] : 32'd0) : vslot[0][i];
        // VINTERP's quad lanes (see the header).
        if (rd_interp) x0 = rd_ip10 ? vslot[0][Quad + 1] : vslot[0][Quad + 2];
        v0 = lane_val(rd_src_q[0].kind, rd_src_q[0].hi, rd_dec_q.vc.ty[0], sv[0], x0, vslot[1][i],
                      rd_vop3p, rd_dec_q.opsel[0], opsel_hi[0]);
        a_l = v0;
        b_l = lane_val(rd_src_q[1].kind, rd_src_q[1].hi, rd_dec_q.vc.ty[1], sv[1], vslot[2][i], vslot[3][i],
                       rd_vop3p, rd_dec_q.opsel[1], opsel_hi[1]);
        c_l[63:0] = lane_val(rd_src_q[2].kind, rd_src_q[2].hi, rd_dec_q.vc.ty[2], sv[2],
                             (rd_interp && rd_ip10) ? vslot[4][Quad] : vslot[4][i],
                             vslot[5][i], rd_vop3p, rd_dec_q.opsel[2], opsel_hi[2]);
        // ABS then NEG act on the sign bit of float sources, and of v_cndmask's two data
        // sources (guide 16.7); not on a destination read as a source (v_fmac's).
        if (rd_dec_q.vop inside {VOP_V_CNDMASK_B32, VOP_V_CNDMASK_B16}) begin
          a_l = sign_mods(a_l, (rd_dec_q.vop == VOP_V_CNDMASK_B16) ? 64'h8000 : 64'h8000_0000, src_abs[0],
                          src_neg[0]);
          b_l = sign_mods(b_l, (rd_dec_q.vop == VOP_V_CNDMASK_B16) ? 64'h8000 : 64'h8000_0000, src_abs[1],
                          src_neg[1]);
        end else if (!rd_mix) begin
          a_l = sign_mods(a_l, float_sign(rd_dec_q.vc.ty[0]), src_abs[0], src_neg[0]);
          b_l = sign_mods(b_l, float_sign(rd_dec_q.vc.ty[1]), src_abs[1], src_neg[1]);
          if (rd_dec_q.vc.fld[2] != VF_VDST) begin
            c_l[63:0] = sign_mods(c_l[63:0], float_sign(rd_dec_q.vc.ty[2]), src_abs[2], src_neg[2]);
          end
          // A packed F16 or BF16 pair (VOP3P): NEG on the low half, NEG_HI on the high half.
          if (rd_vop3p) begin
            if (rd_dec_q.vc.ty[0] inside {OT_V2F16, OT_V2BF16}) begin
              a_l = a_l ^ {32'd0, rd_dec_q.neg_hi[0], 15'd0, rd_dec_q.neg[0], 15'd0};
            end
            if (rd_dec_q.vc.ty[1] inside {OT_V2F16, OT_V2BF16}) begin
              b_l = b_l ^ {32'd0, rd_dec_q.neg_hi[1], 15'd0, rd_dec_q.neg[1], 15'd0};
            end
            if (rd_dec_q.vc.ty[2] inside {OT_V2F16, OT_V2BF16}) begin
              c_l[63:0] = c_l[63:0] ^ {32'd0, rd_dec_q.neg_hi[2], 15'd0, rd_dec_q.neg[2], 15'd0};
            end
          end
        end
        c_l[127:64] = (rd_src_q[2].kind == SkVgpr && rd_dec_q.vc.ty[2] == OT_B128) ?
                      {vslot[7][i], vslot[6][i]} : 64'd0;
        if (rd_wmma) begin
          // WMMA (see the header): A's row from lane 2r (2r + 1 for lanes 16-31), B's column
          // from the lane itself, each with NEG/NEG_HI on its halves (float forms); C, read at
          // the first dword, at its width (a 16-bit C's half is OPSEL[2]'s) with NEG and ABS
          // (NEG_HI) on its sign. Every lane is written (below).
          a_l = {32'd0, xsrc[{1'b0, rd_wst_q[5:3], gl[4]}] ^ rd_wneg[0]};
          b_l = {32'd0, vslot[2][i] ^ rd_wneg[1]};
          wc = (rd_src_q[2].kind == SkVgpr) ? vslot[4][i] : rd_wconst;
          if (rd_w16) wc = {16'd0, (rd_src_q[2].kind == SkVgpr && rd_dec_q.opsel[2]) ? wc[31:16] : wc[15:0]};
          c_l = {96'd0, 32'(sign_mods(64'(wc), rd_w16 ? 64'h8000 : 64'h8000_0000, rd_wfloat && rd_dec_q.neg_hi[2],
                                      rd_wfloat && rd_dec_q.neg[2]))};
        end
        ya_l = (rd_ysrc_q[0].kind == SkVgpr) ? vslot[1][i] : (rd_ysrc_q[0].kind == SkNone) ? 32'd0 : ysv[0];
        yb_l = (rd_ysrc_q[1].kind == SkVgpr) ? vslot[3][i] : (rd_ysrc_q[1].kind == SkNone) ? 32'd0 : ysv[1];
        yc_l = (rd_ysrc_q[2].kind == SkVgpr) ? vslot[5][i] : (rd_ysrc_q[2].kind == SkNone) ? 32'd0 : ysv[2];
        m_l = mask[gl];
        em_l = rd_exec32[gl];
        wm_l = (rd_dec_q.vop == VOP_V_WRITELANE_B32) ? (gl == uni[1][4:0]) : (rd_exec32[gl] && wen);
        if (rd_wmma) wm_l = 1'b1;  // (EXEC does not mask WMMA)
      end
    end

    assign op_a[i] = a_l;
    assign op_b[i] = b_l;
    assign op_c[i] = c_l;
    assign op_ya[i] = ya_l;
    assign op_yb[i] = yb_l;
    assign op_yc[i] = yc_l;
    assign op_m[i] = m_l;
    assign op_em[i] = em_l;
    assign op_wm[i] = wm_l;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      uni_q <= '0;
    end else if (rd_beat_q) begin
      uni_q <= uni;
    end
  end

  // ------------------------------------------------------------------------------------------
  // EX: stage registers.
  logic                       ex_beat_q;     // a beat is here
  logic                       ex_valid;      // ... and completes this cycle (not held)
  logic                       ex_hold;       // ... and waits for a floating-point unit
  logic [GapW-1:0]            ex_wait_q;     // cycles it has waited
  logic                       ex_last_q;     // the instruction's last beat
  logic [PassW-1:0]           ex_pass_q;
  logic [2:0]                 ex_wst_q;      // WMMA's step's dword
  logic                       ex_wsel_q;
  logic                       ex_mw_q;      // a DS instruction's write pass
  logic                       ex_ds;         // ... a DS instruction for cu_ds
  logic                       ex_xm, ex_gm;  // ... a memory-port instruction; a GLOBAL one
  logic [WaveW-1:0]           ex_wave_q;
  logic [8:0]                 ex_vcnt;     // its VGPR count
  assign ex_vcnt = vcnt_q[ex_wave_q];
  logic [47:0]                ex_pc_q;
  logic [InstBits-1:0]        ex_inst_q;
  decoded_t                   ex_dec_q;
  logic                       ex_ffault_q;
  logic                       ex_illegal_q;
  logic [8:0]                 ex_vdst_q, ex_vdst2_q;
  logic                       ex_dst_hi_q, ex_two_q;
  logic                       ex_src0_hi_q;  // source 0's half (v_swap_b16)
  logic [6:0]                 ex_dst_q;      // scalar destination code
  logic                       ex_dst_ok_q;
  logic [63:0]                ex_s0_q, ex_s1_q, ex_d_q;
  logic [NumLanes-1:0][63:0]  ex_a_q, ex_b_q;
  logic [NumLanes-1:0][127:0] ex_c_q;
  logic [NumLanes-1:0][31:0]  ex_ya_q, ex_yb_q, ex_yc_q;
  logic [NumLanes-1:0]        ex_m_q, ex_wm_q, ex_em_q;
  logic [31:0]                ex_lane_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      ex_beat_q <= 1'b0;
      ex_last_q <= 1'b0;
      ex_pass_q <= '0;
      ex_wst_q <= '0;
      ex_wsel_q <= 1'b0;
      ex_mw_q <= 1'b0;
      ex_wave_q <= '0;
      ex_pc_q <= '0;
      ex_inst_q <= '0;
      ex_dec_q <= '0;
      ex_ffault_q <= 1'b0;
      ex_illegal_q <= 1'b0;
      ex_vdst_q <= '0;
      ex_vdst2_q <= '0;
      ex_dst_hi_q <= 1'b0;
      ex_src0_hi_q <= 1'b0;
      ex_two_q <= 1'b0;
      ex_dst_q <= '0;
      ex_dst_ok_q <= 1'b0;
      ex_s0_q <= '0;
      ex_s1_q <= '0;
      ex_d_q <= '0;
      ex_a_q <= '0;
      ex_b_q <= '0;
      ex_c_q <= '0;
      ex_ya_q <= '0;
      ex_yb_q <= '0;
      ex_yc_q <= '0;
      ex_m_q <= '0;
      ex_wm_q <= '0;
      ex_em_q <= '0;
      ex_lane_q <= '0;
    end else if (!ex_hold) begin
      // (RA sends no beat while EX holds one: see ra_gap_q.)
      ex_beat_q <= rd_valid_q && rd_beat_q;
      ex_last_q <= rd_last_q;
      ex_pass_q <= rd_pass_q;
      ex_wst_q <= rd_wst_q[2:0];
      ex_wsel_q <= rd_wsel_q;
      ex_mw_q <= rd_mw_q;
      ex_wave_q <= rd_wave_q;
      ex_pc_q <= rd_pc_q;
      ex_inst_q <= rd_inst_q;
      ex_dec_q <= rd_dec_q;
      ex_ffault_q <= rd_ffault_q;
      ex_illegal_q <= op_illegal;
      ex_vdst_q <= rd_vdst_q;
      ex_vdst2_q <= rd_vdst2_q;
      ex_dst_hi_q <= rd_dst_hi_q;
      ex_src0_hi_q <= rd_src_q[0].hi;
      ex_two_q <= rd_two_q;
      ex_dst_q <= rd_sdst_q;
      ex_dst_ok_q <= rd_sdst_ok_q;
      ex_s0_q <= op_s0;
      ex_s1_q <= op_s1;
      ex_d_q <= op_d;
      // The lanes' operands change only with a vector beat (a cheaper simulation).
      if (rd_beat_q && rd_dec_q.valu) begin
        ex_a_q <= op_a;
        ex_b_q <= op_b;
        ex_c_q <= op_c;
        ex_ya_q <= op_ya;
        ex_yb_q <= op_yb;
        ex_yc_q <= op_yc;
        ex_m_q <= op_m;
        ex_wm_q <= op_wm;
        ex_em_q <= op_em;
        ex_lane_q <= op_lane;
      end
    end
  end

  // ------------------------------------------------------------------------------------------
  // The memory ports. The collect pass's last beat starts the instruction in EX (xm_go_q):
  // its request is formed from the collected registers and held on the port until taken
  // (or, for a fault found in the offsets or an invalidate, there is none); the answer ends
  // it (xm_done), but the port taking it ends a scalar load (its dwords come later, to the
  // write engine: xm_snb) and a vector store or atomic without return (xm_nb: the VS ring).
  logic              xm_go_q;          // the instruction starts in EX
  logic [63:0]       xm_s0_q;          // SBASE pair or SADDR pair (RD)
  logic [63:0]       xm_s1_q;          // a buffer resource's words 2-3
  vsharp_t           xm_rs;            // ... the two as a buffer resource (V#)
  logic [31:0]       xm_soff_q;        // SOFFSET
  logic [31:0][31:0] xm_ahi_q;         // ADDR's high dwords (GLOBAL without SADDR)
  mem_kind_e         xm_kind_q;
  logic [4:0]        xm_size_q;
  logic              xm_sext_q;
  logic [4:0]        xm_atom_q;        // an atomic's operation
  logic              xm_fatom_q;       // ... on floats
  logic              xm_cmp_q;         // ... with a compare value after the data
  logic              xm_den_q;         // ... MODE.FP_DENORM[0] (the float atomics)
  logic              xm_hi_q;          // ... a store of the data's high half (d16_hi)
  logic              xm_d16_q;         // ... a load of one half (d16, d16_hi)
  logic              xm_glc_q;         // ... returning the old value (GLC)
  logic              xm_snull_q;       // GLOBAL: no SADDR
  logic              xm_tid_q;         // GLOBAL: the addtid forms (SADDR + 4 x lane)
  logic              xm_scr_q;         // SCRATCH
  logic              xm_sve_q;         // ... with a VGPR offset
  logic              xm_schk_q;        // ... its lanes' offsets are checked (no request yet)
  logic              xm_flat_q;        // FLAT (its offsets are checked as SCRATCH's are)
  logic              xm_buf_q;         // MUBUF, MTBUF
  logic              xm_fmt_q;         // ... a format row: components converted (the format pass)
  logic              xm_typed_q;       // ... MTBUF's (its FORMAT, the identity selection)
  logic              xm_fnone_q;       // ... no format to convert with: loads give 0, stores nothing
  logic [2:0]        xm_comps_q;       // ... the instruction's components
  buf_fmt_t          xm_bf_q;          // ... the format
  logic [3:0][2:0]   xm_dsel_q;        // ... the V#'s dst_sel_x .. _w (MUBUF)
  logic              xm_idxen_q;       // ... VADDR holds an index (IDXEN)
  logic              xm_offen_q;       // ... an offset (OFFEN; after the index with both)
  logic [11:0]       xm_boff_q;        // ... OFFSET
  logic [31:0]       xm_lds_q;         // ... the active lanes in the shared aperture (LDS)
  logic              xm_dsgo_q;        // ... the DS unit takes them
  logic              xm_dswait_q;      // ... its answer is awaited
  logic [63:0]       xm_goff_q;        // GLOBAL: the sign-extended offset (FLAT: 12 bits)
  logic [6:0]        xm_sdata_q;       // SMEM: the first SGPR written
  logic              xm_swe_q;         // ... written at all (SDATA's tuple ends by VCC_HI)
  logic [WaveW-1:0]  xm_wave_q;
  logic [31:0]       xm_lanes_q;       // GLOBAL: the active lanes
  logic [63:0]       xm_saddr_q;       // SMEM: the address of dword 0
  logic [15:0]       xm_smask_q;       // ... and the dwords read
  logic              xm_sreq_q, xm_vreq_q;    // a request is on the port
  logic              xm_vwait_q;       // ... taken, its answer awaited
  logic              xm_imm_q;         // no request: done in the cycle after the start (a
                                       // vector invalidate once no late load is outstanding)
  logic              xm_late_q;        // a late load (memctrl_t.late): done when the port takes it
  logic [2:0]        xm_fault_q;       // the instruction's fault (0: none) for its write pass
  logic [31:0][3:0][31:0] xm_vdata_q;  // a vector load's dwords, extended
  logic [31:0][3:0][31:0] xm_vrsp;     // ... as they arrive: a byte or short extended, a d16
                                       // value in both halves (the write pass picks the half)
  logic              xm_vbeat;         // the vector port takes a beat (a cache line's lanes) ...
  logic              xm_vtake;         // ... the request's last: the port takes the request
  logic [31:0]       cl_sent_q;        // the coalescer: the request's lanes in beats taken,
  logic [31:0]       cl_left, cl_mask; // ... the others, and the beat's (one line's)
  logic [63:0]       cl_line;          // ... its line's address
  logic              cl_last;          // ... and whether it is the request's last
  logic              xm_vs;            // the instruction counts on VS_CNT (a store, an atomic
                                       // without return)
  logic              xm_nb;            // ... with no LDS lanes: done when the port takes it,
                                       // its answer comes later
  logic              xm_stake;         // the scalar port takes the request this cycle
  logic              xm_snb;           // ... without error: its dwords come later (a tag)
  // The VS ring (below): stores and atomics without return outstanding.
  logic [VsTags-1:0]            vs_busy_q;   // the tag is taken, its VS_CNT not returned
  logic [VsTags-1:0]            vs_ans_q;    // ... and its answer has come
  logic [VsTags-1:0][WaveW-1:0] vs_wave_q;
  logic [VsTagW-1:0]            vs_head_q, vs_tail_q;
  logic                         vs_ret;      // the head returns its VS_CNT this cycle
  logic                         xm_vs_ret;   // the direct path returns a VS_CNT this cycle
  // The VL ring (below): late loads outstanding, each from when the port takes its request to
  // when the write engine has written its answer and its VM_CNT has returned.
  logic [VsTags-1:0]            vl_busy_q;
  logic [VsTags-1:0]            vl_wr_q;     // ... its answer is written
  logic [VsTags-1:0][WaveW-1:0] vl_wave_q;
  logic [VsTags-1:0][7:0]       vl_vdst_q;
  logic [VsTags-1:0][4:0]       vl_size_q;   // bytes a lane
  logic [VsTags-1:0]            vl_sext_q, vl_d16_q, vl_hi_q;
  logic [VsTags-1:0][31:0]      vl_lanes_q;  // the lanes written (none after an error)
  logic [VsTagW-1:0]            vl_head_q, vl_tail_q;
  logic                         vl_ret;      // the head returns its VM_CNT this cycle
  logic                         xm_vm_ret;   // the direct path returns a VM_CNT this cycle
  logic                         vl_room;     // a late load's request may go out
  // The late loads' write engine: the answer on the port, held there until taken, a pass of
  // all its dwords a cycle, in cycles in which WB and the dispatcher write no VGPR.
  logic                           ve_act;    // the answer on the port is a late load's
  logic [VsTagW-1:0]              ve_tag;
  logic [PassW-1:0]               ve_pass_q;
  logic                           ve_we;     // a pass is written this cycle
  logic                           ve_last;   // ... the last: the answer is taken
  logic [3:0][2*NumLanes-1:0]     ve_en;
  logic [3:0][7:0]                ve_reg;
  logic [3:0][NumLanes-1:0][31:0] ve_data;
  // The scalar loads outstanding: a tag each, from when the port takes the request to when
  // the write engine has written the answer's dwords.
  logic [SmTags-1:0]            sm_busy_q;
  logic [SmTags-1:0][WaveW-1:0] sm_wave_q;
  logic [SmTags-1:0][6:0]       sm_sdata_q;  // the first SGPR written
  logic [SmTags-1:0][4:0]       sm_size_q;   // dwords
  logic [SmTags-1:0]            sm_swe_q;    // written at all
  logic [SmTags-1:0][15:0]      sm_dmask_q;  // the dwords read (the others are 0)
  logic [SmTagW-1:0]            sm_free;     // a free tag, if there is one
  logic                         sm_any_free;
  // The write engine: an answer's dwords into the SGPRs, one a cycle while WB leaves the RAM's
  // write port free; then, unless another LGKM_CNT return takes the counters' port this
  // cycle, it is done (sw_fin): the load's counter returns and its tag is freed.
  logic              sw_on_q;
  logic [SmTagW-1:0] sw_tag_q;
  logic [4:0]        sw_k_q;                 // the dword to write next
  logic [15:0][31:0] sw_data_q;
  logic              sw_we;                  // a dword is written this cycle
  logic              sw_fin;
  logic [6:0]        sw_code;
  logic              lgkm_xm;                // the memory ports return an LGKM_CNT this cycle
  logic              lgkm_ds;                // ... the DS unit
  logic              unused_xm;

  always_ff @(posedge clk_i) begin
    if (rd_valid_q && rd_beat_q && rd_xm && !rd_mw_q) begin
      // (MUBUF: the resource's dwords 0-1 and 2-3.)
      xm_s0_q <= src_value(rd_dec_q.mem.mubuf ? {1'b0, rd_dec_q.srsrc, 2'b00} :
                           rd_gm ? {1'b0, rd_dec_q.saddr} : {1'b0, rd_dec_q.sbase, 1'b0},
                           !(rd_gm && rd_dec_q.mem.scr), 1'b0,
                           sslot[0], rd_dec_q.literal, rd_scc, rd_m0, rd_exec);
      xm_s1_q <= src_value(rd_dec_q.mem.mubuf ? {1'b0, rd_dec_q.srsrc, 2'b10} : {1'b0, rd_dec_q.sbase, 1'b0} + 8'd2,
                           1'b1, 1'b0, sslot[1], rd_dec_q.literal, rd_scc, rd_m0, rd_exec);
      xm_soff_q <= 32'(src_value(8'(rd_dec_q.soffset), 1'b0, 1'b0, sslot[2], rd_dec_q.literal, rd_scc,
                                 rd_m0, rd_exec));
      for (int i = 0; i < NumLanes; i++) xm_ahi_q[int'(rd_pass_q) * NumLanes + i] <= vslot[1][i];
    end
    if (bf_on_q) xm_ahi_q[bf_l_q] <= bf_addr[63:32];
  end

  // The request of the instruction starting in EX: SMEM's address (guide 8.1): the SBASE
  // pair and OFFSET + SOFFSET, dword aligned, a negative sum illegal; a buffer load's
  // dwords past the resource's size (stride * num_records, or num_records for stride 0)
  // read nothing and give 0, a negative OFFSET is a memory violation.
  logic [33:0] sm_off;
  assign xm_rs = {xm_s1_q, xm_s0_q};

  logic [63:0] sm_addr;
  logic [15:0] sm_mask;
  logic [2:0]  sm_fault;
  logic [48:0] sm_size;
  logic [15:0] sm_stride;

  always_comb begin
    sm_off = { {13{ex_dec_q.offset[20]}}, ex_dec_q.offset[20:0]} + {2'b0, xm_soff_q & ~32'd3};
    // The SMEM stride (guide 8.1.2, m_stride) is all of the V#'s bits [63:48], swizzle_enable's too.
    sm_stride = {xm_rs.swizzle_enable, xm_rs.stride};
    sm_size = {33'd0, (sm_stride == 16'd0) ? 16'd1 : sm_stride} * {17'd0, xm_rs.num_records};
    sm_fault = 3'd0;
    sm_mask = '0;
    for (int k = 0; k < 16; k++) begin
      sm_mask[k] = 5'(k) < ex_dec_q.mem.size;
      if (ex_dec_q.mem.kind == MK_SBUFFER && {15'd0, sm_off[33:2], 2'b00} + 49'(4 * k) >= sm_size) sm_mask[k] = 1'b0;
    end
    if (ex_dec_q.mem.kind == MK_SBUFFER) begin
      sm_addr = {16'd0, xm_rs.base[47:2], 2'b00} + {30'd0, sm_off & ~34'd3};
      if (ex_dec_q.offset[20]) sm_fault = FaultMemory;
    end else begin
      sm_addr = {xm_s0_q[63:2], 2'b00} + {30'd0, sm_off & ~34'd3};
      if (sm_off[33]) sm_fault = FaultIllegal;
    end
  end

  // SCRATCH (guide 11.2): each lane's offset in its private segment, SADDR (one SGPR; NULL:
  // 0) plus ADDR when SVE is set plus the signed offset; an active lane whose bytes are not all
  // in [0, the segment's bytes a lane) is a memory fault, found before any request.
  //
  // FLAT (guide 11.1.1): each lane's 64-bit ADDR picks the memory before the (unsigned,
  // 12-bit) offset is added: the shared aperture's lanes (fl_lds) go to the workgroup's LDS at
  // the low dword plus the offset, the private aperture's (fl_prv) to the lane's private
  // segment at that offset, checked as SCRATCH's (and a 64-bit atomic there is a memory
  // violation, as the guide has it), the others to global memory. An LDS lane's element must
  // lie in the wave's allocation; every lane is checked before anything is accessed.
  function automatic logic scr_out(logic [34:0] off, logic [4:0] size, logic [17:0] lane_bytes);
    scr_out = off[34] || off + 35'(size) > {17'd0, lane_bytes};
  endfunction

  logic [31:0][34:0] sc_off;
  logic              sc_fault;
  logic [31:0]       fl_lds, fl_prv;
  logic [31:0][32:0] fl_off;
  logic              fl_fault;
  always_comb begin
    sc_fault = 1'b0;
    fl_fault = 1'b0;
    for (int l = 0; l < 32; l++) begin
      fl_lds[l] = xm_ahi_q[l] == ApSharedHi;
      fl_prv[l] = xm_ahi_q[l] == ApPrivateHi;
      fl_off[l] = {1'b0, ds_addr_q[l]} + {21'd0, xm_goff_q[11:0]};
      sc_off[l] = xm_flat_q ? {2'd0, fl_off[l]} :
                  {3'd0, xm_s0_q[31:0]} + (xm_sve_q ? {3'd0, ds_addr_q[l]} : 35'd0) + xm_goff_q[34:0];
      if (xm_lanes_q[l] && scr_out(sc_off[l], xm_size_q, scrs_q[xm_wave_q])) sc_fault = 1'b1;
      if (xm_lanes_q[l] && fl_prv[l] &&
          (scr_out(sc_off[l], xm_size_q, scrs_q[xm_wave_q]) || (xm_kind_q == MK_GATOMIC && xm_size_q == 5'd8))) begin
        fl_fault = 1'b1;
      end
      if (xm_lanes_q[l] && fl_lds[l] && fl_off[l] + 33'(xm_size_q) > {16'd0, ldss_q[xm_wave_q]}) begin
        fl_fault = 1'b1;
      end
    end
  end

  // MUBUF (guide 9.4, 9.6; sim/src/golden/buffer.rs): the resource (V#) in xm_rs, whose
  // fields (vsharp_t) hdl-gen emits from the list the golden model reads a V# through.
  // A lane's index is VADDR's (IDXEN) plus the lane's number (add_tid_enable), its offset
  // VADDR's next dword or VADDR's (OFFEN) plus OFFSET; its address is base + SOFFSET + the
  // buffer offset: linear, stride x index + offset; swizzled, (index / index_stride x stride
  // + offset / esize x esize) x index_stride + index % index_stride x esize + offset % esize
  // (esize 4 or 16), whose bytes the memory side follows element by element (vmem_req_swz_o,
  // esz, step, skew). The range check (Table 46) is per dword for B64..B128 loads and stores
  // (only the dwords out of range are lost), of the whole access otherwise (an atomic's too):
  // OOB_SELECT 0 index >= num_records or offset + bytes > stride, 1 index >= num_records,
  // 2 num_records = 0, 3 with num_records less SOFFSET: the index and offset as for 0 when
  // swizzled with a stride, else the buffer offset + bytes > it. An unbound V# (format 0,
  // add_tid_enable clear) is out of range everywhere. The stride x index product is the one
  // multiplier: a lane a cycle (bf_on_q), 32 cycles an instruction, its address kept in
  // ds_addr_q and xm_ahi_q, its skew and in-range dwords in bf_skew_q and bf_dm_q.
  logic [47:0]       bf_base;
  logic [13:0]       bf_stride;
  logic              bf_swz;
  logic [2:0]        bf_esl;            // log2 of esize: 2 or 4
  logic [2:0]        bf_isl;            // log2 of index_stride: 3 .. 6
  logic              bf_unbound;
  logic [34:0]       bf_nr3;            // num_records less SOFFSET (signed)
  logic [32:0]       bf_idx, bf_off, bf_m;
  logic [46:0]       bf_prod;
  logic [3:0][33:0]  bf_offk;           // dword k's offset
  logic [3:0][63:0]  bf_bo;             // ... and buffer offset
  logic [3:0]        bf_oob;
  logic [5:0]        bf_pay;            // bytes the check covers: 4 a dword, or the access's
  logic              bf_whole;          // ... one check for the whole access
  logic [3:0]        bf_dm;
  logic [31:0][3:0]  bf_dm_q, bf_skew_q;
  logic              bf_go;             // the lanes' addresses are formed next
  logic              bf_nowr_q;         // the instruction writes no VGPR (a V# whose type is not 0)
  logic              bf_soff_bad;       // SOFFSET is no SGPR, M0, NULL or inline constant
  logic [5:0]        bf_fcode;          // a format row's unified format
  logic              bf_fbad;           // ... MTBUF's FORMAT is above 63
  buf_fmt_t          bf_fmt;
  always_comb begin
    bf_base = xm_rs.base;
    bf_stride = xm_rs.stride;
    bf_swz = xm_rs.swizzle_enable != 2'd0;
    bf_esl = xm_rs.swizzle_enable[1] ? 3'd4 : 3'd2;
    bf_isl = 3'd3 + {1'b0, xm_rs.index_stride};
    // (A format row's: no format to convert with, see xm_fnone_q.)
    bf_unbound = xm_fmt_q ? xm_fnone_q : xm_rs.format == 6'd0 && !xm_rs.add_tid_enable;
    bf_nr3 = {3'd0, xm_rs.num_records} - {3'd0, xm_soff_q};
    bf_idx = (xm_idxen_q ? {1'b0, ds_addr_q[bf_l_q]} : 33'd0) + (xm_rs.add_tid_enable ? {28'd0, bf_l_q} : 33'd0);
    bf_off = (xm_offen_q ? {1'b0, xm_idxen_q ? xm_ahi_q[bf_l_q] : ds_addr_q[bf_l_q]} : 33'd0) +
             {21'd0, xm_boff_q};
    bf_m = bf_swz ? bf_idx >> bf_isl : bf_idx;
    bf_prod = {33'd0, bf_stride} * {14'd0, bf_m};
    bf_whole = xm_size_q <= 5'd4 || xm_kind_q == MK_GATOMIC || xm_fmt_q;
    bf_pay = bf_whole ? {1'b0, xm_size_q} : 6'd4;
    for (int k = 0; k < 4; k++) begin
      bf_offk[k] = {1'b0, bf_off} + 34'(4 * k);
      bf_bo[k] = bf_swz ?
          ((({17'd0, bf_prod} + {30'd0, (bf_offk[k] >> bf_esl) << bf_esl}) << bf_isl) +
           ({31'd0, bf_idx & ((33'd1 << bf_isl) - 33'd1)} << bf_esl) +
           {30'd0, bf_offk[k] & ((34'd1 << bf_esl) - 34'd1)}) :
          {17'd0, bf_prod} + {30'd0, bf_offk[k]};
      unique case (xm_rs.oob_select)
        2'd0: bf_oob[k] = {1'b0, bf_idx} >= {2'd0, xm_rs.num_records} ||
                          bf_offk[k] + 34'(bf_pay) > {20'd0, bf_stride};
        2'd1: bf_oob[k] = {1'b0, bf_idx} >= {2'd0, xm_rs.num_records};
        2'd2: bf_oob[k] = xm_rs.num_records == 32'd0;
        default: begin
          if (bf_swz && bf_stride != 14'd0) begin
            bf_oob[k] = bf_nr3[34] || {2'd0, bf_idx} >= bf_nr3 || bf_offk[k] + 34'(bf_pay) > {20'd0, bf_stride};
          end else begin
            bf_oob[k] = bf_nr3[34] || bf_bo[k] + 64'(bf_pay) > {29'd0, bf_nr3};
          end
        end
      endcase
      bf_dm[k] = 3'(k) < ds_el_dwords(xm_size_q) && !bf_unbound && !(bf_whole ? bf_oob[0] : bf_oob[k]);
    end
    bf_addr = {16'd0, bf_base} + {32'd0, xm_soff_q} + bf_bo[0];
    bf_soff_bad = !(ex_dec_q.soffset <= 8'd208 || (ex_dec_q.soffset >= 8'd240 && ex_dec_q.soffset <= 8'd248));
    // A format row's format: MTBUF's FORMAT (above 63 an image-only format, illegal), or the
    // V#'s.
    bf_fcode = ex_dec_q.mem.typed ? ex_dec_q.format[5:0] : xm_rs.format;
    bf_fbad = ex_dec_q.mem.typed && ex_dec_q.format[6];
    bf_fmt = buf_fmt(bf_fcode);
    bf_go = ex_dec_q.mem.mubuf && exec_q[ex_wave_q][31:0] != '0 && !bf_soff_bad && xm_rs.swizzle_enable != 2'd2 &&
            !bf_fbad && xm_rs.rtype == 2'd0;
  end

  // GLOBAL: each lane's address (guide 10.1): the 64-bit ADDR pair, or the SADDR pair plus
  // the 32-bit ADDR, plus the signed offset; the addtid forms' SADDR pair (NULL: 0) plus four
  // times the lane's number, plus the offset. SCRATCH: the address of the lane's first byte,
  // the segment's address plus the offset swizzled, dword d of lane l at 128 d + 4 l (an
  // offset is below 2^18 once checked); the memory side goes on 128 bytes further at each
  // 4-byte boundary (vmem_req_swz_o). FLAT: a private lane's as SCRATCH's, a global lane's
  // the ADDR pair plus the offset. MUBUF: the addresser's (in xm_ahi_q and ds_addr_q, no
  // offset), swizzled when the V# is.
  logic [31:0][63:0] gm_addr;
  logic [31:0]       gm_swz;
  always_comb begin
    for (int l = 0; l < 32; l++) begin
      gm_swz[l] = xm_scr_q || (xm_flat_q && fl_prv[l]) || (xm_buf_q && bf_swz);
      if (xm_scr_q || (xm_flat_q && fl_prv[l])) begin
        gm_addr[l] = {16'd0, scrb_q[xm_wave_q]} + {41'd0, sc_off[l][17:2], 5'(l), sc_off[l][1:0]};
      end else begin
        gm_addr[l] = (xm_tid_q ? xm_s0_q + {57'd0, 5'(l), 2'b00} :
                      xm_snull_q ? {xm_ahi_q[l], ds_addr_q[l]} : xm_s0_q + {32'd0, ds_addr_q[l]}) + xm_goff_q;
      end
    end
  end

  // The format pass (MUBUF's format rows, MTBUF): component fc_k_q of lane fc_l_q a cycle,
  // after the addresser for a store (the lane's VDATA into its element's bytes, kept in
  // ds_data0_q for the request), after the answer for a load (the element's bytes into the
  // VGPR values the instruction writes, kept in xm_vdata_q). One converter, 32 x comps cycles
  // an instruction, as the addresser shares its multiplier.
  logic [3:0][31:0] fc_raw_q;  // a load: the lane's element as loaded (fc_k_q > 0)
  logic [127:0]     fc_el_q;   // a store: its element so far
  logic [127:0]     fc_raw;
  logic [2:0]       fc_sel;    // a load's output k: component i (4 + i), one (1) or 0 (others)
  logic [1:0]       fc_c;      // the component converted
  logic [31:0]      fc_mask, fc_val, fc_one, fc_src, fc_conv, fc_field, fc_piece;
  logic [3:0][31:0] fc_dw;     // a load: the lane's VGPR values with output k
  assign fc_store = xm_kind_q == MK_GSTORE;
  always_comb begin
    fc_last = fc_k_q == 2'(xm_comps_q - 3'd1);
    fc_raw = (fc_k_q == 2'd0) ? xm_vdata_q[fc_l_q] : fc_raw_q;
    fc_sel = xm_typed_q ? {1'b1, fc_k_q} : xm_dsel_q[fc_k_q];
    fc_c = (xm_kind_q == MK_GSTORE) ? fc_k_q : fc_sel[1:0];
    fc_mask = 32'((33'd1 << xm_bf_q.bits[fc_c]) - 33'd1);
    fc_one = (xm_bf_q.num inside {BnUint, BnSint}) ? 32'd1 : xm_d16_q ? 32'h3c00 : 32'h3f80_0000;
    // A load: MTBUF's identity selection reads 0 for a component the format lacks; MUBUF's
    // dst_sel 1 for one, 4..7 for a component (one for a missing alpha, 0 for the others
    // missing), anything else 0; a lane out of range reads 0 but for dst_sel 1.
    fc_field = fc_raw[xm_bf_q.at[fc_c] +: 32];
    fc_conv = bfmt_load(fc_field & fc_mask, xm_bf_q.bits[fc_c], xm_bf_q.num, xm_d16_q);
    if (xm_fnone_q) fc_val = '0;
    else if (bf_dm_q[fc_l_q] == '0) fc_val = (!xm_typed_q && fc_sel == 3'd1) ? fc_one : '0;
    else if (fc_sel == 3'd1) fc_val = fc_one;
    else if (fc_sel[2]) fc_val = (3'(fc_c) < xm_bf_q.n) ? fc_conv : (fc_c == 2'd3 && !xm_typed_q) ? fc_one : '0;
    else fc_val = '0;
    // ... into its VGPR, or with D16 its half (two a VGPR; a last one alone in both halves,
    // the write pass picks the half).
    fc_dw = xm_vdata_q[fc_l_q];
    if (!xm_d16_q) fc_dw[fc_k_q] = fc_val;
    else if (fc_last && !fc_k_q[0]) fc_dw[fc_k_q[1]] = {2{fc_val[15:0]}};
    else fc_dw[fc_k_q[1]][16 * fc_k_q[0] +: 16] = fc_val[15:0];
    // A store: VDATA's component (D16: a half, two a VGPR, d16_hi's the high one) converted
    // into the element; the components the format has and the instruction lacks are 0.
    fc_src = !xm_d16_q ? ds_data0_q[fc_l_q][fc_k_q] :
             (xm_hi_q || fc_k_q[0]) ? {16'd0, ds_data0_q[fc_l_q][fc_k_q[1]][31:16]} :
                                      {16'd0, ds_data0_q[fc_l_q][fc_k_q[1]][15:0]};
    fc_piece = '0;
    fc_el = (fc_k_q == 2'd0) ? '0 : fc_el_q;
    if (3'(fc_k_q) < xm_bf_q.n) begin
      fc_piece = xm_d16_q ? bfmt_store16(fc_src[15:0], xm_bf_q.bits[fc_c], xm_bf_q.num) :
                            bfmt_store(fc_src, xm_bf_q.bits[fc_c], xm_bf_q.num);
      fc_el = fc_el | ({96'd0, fc_piece & fc_mask} << xm_bf_q.at[fc_c]);
    end
  end

  always_ff @(posedge clk_i) begin
    if (fc_on_q && fc_k_q == 2'd0) fc_raw_q <= xm_vdata_q[fc_l_q];
    if (fc_on_q) fc_el_q <= fc_el;
  end

  always_comb begin
    for (int l = 0; l < 32; l++) begin
      xm_vrsp[l] = vmem_rsp_data_i[l];
      xm_vrsp[l][0] = load_dword0(vmem_rsp_data_i[l][0], xm_size_q, xm_sext_q, xm_d16_q && !xm_fmt_q);
      // MUBUF: a dword out of range reads 0 (an atomic's old value too).
      for (int k = 0; k < 4; k++) begin
        if (xm_buf_q && !bf_dm_q[l][k]) xm_vrsp[l][k] = '0;
      end
    end
  end

  // A store or an atomic without return whose lanes are all outside LDS is done when the
  // port takes it (the memory side checks every lane then, vmem_req_err_i); its answer only
  // returns its VS_CNT, through the ring below. Any other request is the one the compute
  // unit waits for (tag VM_TAG_WAIT).
  assign xm_vs = xm_kind_q == MK_GSTORE || (xm_kind_q == MK_GATOMIC && !xm_glc_q);
  assign xm_nb = xm_vs && xm_lds_q == '0;
  assign xm_vbeat = vmem_req_valid_o && vmem_req_ready_i;
  assign xm_vtake = xm_vbeat && cl_last;
  logic xm_vans;  // the answer to the request the compute unit waits for
  assign xm_vans = xm_vwait_q && vmem_rsp_valid_i && vmem_rsp_tag_i[VmTagW-1];

  always_comb begin
    // (A format load's answer goes through the format pass first.)
    xm_done = (xm_imm_q && !(xm_kind_q == MK_VINV && vl_busy_q != '0)) ||
              (xm_vtake && (xm_nb || xm_late_q)) ||
              (xm_vans && (xm_lds_q == '0 || xm_fault_q != '0) &&
               (!xm_fmt_q || xm_kind_q != MK_GLOAD || xm_fault_q != '0)) ||
              (fc_on_q && xm_kind_q == MK_GLOAD && fc_l_q == 5'd31 && fc_last) ||
              (xm_dswait_q && ds_rsp) ||
              xm_stake;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      xm_go_q <= 1'b0;
      xm_kind_q <= MK_NONE;
      xm_size_q <= '0;
      xm_sext_q <= 1'b0;
      xm_atom_q <= '0;
      xm_fatom_q <= 1'b0;
      xm_cmp_q <= 1'b0;
      xm_den_q <= 1'b0;
      xm_hi_q <= 1'b0;
      xm_d16_q <= 1'b0;
      xm_glc_q <= 1'b0;
      xm_snull_q <= 1'b0;
      xm_tid_q <= 1'b0;
      xm_scr_q <= 1'b0;
      xm_sve_q <= 1'b0;
      xm_schk_q <= 1'b0;
      xm_flat_q <= 1'b0;
      xm_buf_q <= 1'b0;
      xm_fmt_q <= 1'b0;
      xm_typed_q <= 1'b0;
      xm_fnone_q <= 1'b0;
      xm_comps_q <= '0;
      xm_bf_q <= '0;
      xm_dsel_q <= '0;
      fc_on_q <= 1'b0;
      fc_l_q <= '0;
      fc_k_q <= '0;
      xm_idxen_q <= 1'b0;
      xm_offen_q <= 1'b0;
      xm_boff_q <= '0;
      bf_on_q <= 1'b0;
      bf_l_q <= '0;
      bf_dm_q <= '0;
      bf_skew_q <= '0;
      bf_nowr_q <= 1'b0;
      xm_lds_q <= '0;
      xm_dsgo_q <= 1'b0;
      xm_dswait_q <= 1'b0;
      xm_goff_q <= '0;
      xm_sdata_q <= '0;
      xm_swe_q <= 1'b0;
      xm_wave_q <= '0;
      xm_lanes_q <= '0;
      xm_saddr_q <= '0;
      xm_smask_q <= '0;
      xm_sreq_q <= 1'b0;
      xm_vreq_q <= 1'b0;
      xm_vwait_q <= 1'b0;
      xm_imm_q <= 1'b0;
      xm_late_q <= 1'b0;
      xm_fault_q <= '0;
      xm_vdata_q <= '0;
    end else begin
      xm_go_q <= rd_valid_q && rd_beat_q && rd_xm && !rd_mw_q &&
                 rd_pass_q == (rd_gm ? PassW'(Passes - 1) : '0);
      // (A vector invalidate waits for the late loads' VM_CNT returns: they come in order.)
      xm_imm_q <= xm_imm_q && !xm_done;
      if (xm_go_q) begin
        xm_kind_q <= ex_dec_q.mem.kind;
        xm_late_q <= ex_dec_q.mem.late;
        // (A format row's: the element's bytes, 4 when there is no format.)
        xm_size_q <= !ex_dec_q.mem.fmt ? ex_dec_q.mem.size : bf_fmt.valid ? bf_fmt.bytes : 5'd4;
        xm_sext_q <= ex_dec_q.mem.sext;
        xm_atom_q <= ex_dec_q.mem.atom;
        xm_fatom_q <= ex_dec_q.mem.fatom;
        xm_cmp_q <= ex_dec_q.mem.cmp;
        xm_den_q <= mode_q[ex_wave_q][4];
        xm_hi_q <= ex_dec_q.mem.hi;
        xm_d16_q <= ex_dec_q.mem.d16;
        xm_glc_q <= ex_dec_q.glc[0];
        xm_snull_q <= ex_dec_q.saddr == SrcNull[6:0] || ex_dec_q.mem.flat || ex_dec_q.mem.mubuf;
        xm_tid_q <= ex_dec_q.mem.addtid;
        xm_scr_q <= ex_dec_q.mem.scr;
        xm_sve_q <= ex_dec_q.sve[0];
        xm_flat_q <= ex_dec_q.mem.flat;
        xm_buf_q <= ex_dec_q.mem.mubuf;
        xm_fmt_q <= ex_dec_q.mem.fmt;
        xm_typed_q <= ex_dec_q.mem.typed;
        xm_comps_q <= ex_dec_q.mem.comps;
        xm_bf_q <= bf_fmt;
        xm_dsel_q <= {xm_rs.dst_sel_w, xm_rs.dst_sel_z, xm_rs.dst_sel_y, xm_rs.dst_sel_x};
        // No format: a V# whose format is INVALID (for MUBUF unless add_tid_enable is set), or
        // MTBUF's FORMAT INVALID.
        xm_fnone_q <= (xm_rs.format == 6'd0 && (ex_dec_q.mem.typed || !xm_rs.add_tid_enable)) || !bf_fmt.valid;
        fc_l_q <= '0;
        fc_k_q <= '0;
        xm_idxen_q <= ex_dec_q.idxen[0];
        xm_offen_q <= ex_dec_q.offen[0];
        xm_boff_q <= ex_dec_q.offset[11:0];
        bf_nowr_q <= 1'b0;
        xm_lds_q <= '0;
        // (MUBUF: the addresser forms the whole address, in xm_ahi_q and ds_addr_q.)
        xm_goff_q <= ex_dec_q.mem.flat ? {52'd0, ex_dec_q.offset[11:0]} :
                     ex_dec_q.mem.mubuf ? 64'd0 : { {51{ex_dec_q.offset[12]}}, ex_dec_q.offset[12:0]};
        xm_sdata_q <= ex_dec_q.sdata;
        xm_swe_q <= (8'(ex_dec_q.sdata) + 8'(ex_dec_q.mem.size)) <= 8'd108;
        xm_wave_q <= ex_wave_q;
        xm_lanes_q <= exec_q[ex_wave_q][31:0];
        xm_saddr_q <= sm_addr;
        xm_smask_q <= sm_mask;
        xm_fault_q <= '0;
        if (ex_dec_q.mem.scr || ex_dec_q.mem.flat) begin
          // SCRATCH and FLAT: the lanes' offsets are checked in the next cycle, from the
          // registers loaded now.
          xm_schk_q <= 1'b1;
        end else if (ex_dec_q.mem.mubuf) begin
          // MUBUF (in the golden model's order): no lane active, nothing to do (counted all
          // the same); a SOFFSET that is no SGPR, M0, NULL or inline constant is illegal; a
          // reserved swizzle_enable (2) a memory violation; a V# whose type is not 0 no
          // buffer, the instruction ignored (no VGPR written); else the addresser's 32 cycles.
          bf_on_q <= bf_go;
          bf_l_q <= '0;
          xm_imm_q <= !bf_go;
          bf_nowr_q <= xm_rs.rtype != 2'd0;
          if (exec_q[ex_wave_q][31:0] != '0) begin
            if (bf_soff_bad) xm_fault_q <= FaultIllegal;
            else if (xm_rs.swizzle_enable == 2'd2) xm_fault_q <= FaultMemory;
            else if (bf_fbad) xm_fault_q <= FaultIllegal;
          end
        end else if (ex_dec_q.mem.kind inside {MK_GLOAD, MK_GSTORE, MK_GATOMIC}) begin
          xm_vreq_q <= 1'b1;
        end else if (ex_dec_q.mem.kind inside {MK_SINV, MK_VINV} || sm_fault != 3'd0) begin
          // No request: an invalidate (there are no caches), or a fault in the offsets.
          xm_fault_q <= (ex_dec_q.mem.kind inside {MK_SINV, MK_VINV}) ? 3'd0 : sm_fault;
          xm_imm_q <= 1'b1;
        end else begin
          xm_sreq_q <= 1'b1;
        end
      end
      if (bf_on_q) begin
        // The addresser's lane: its skew in its element and its dwords in range; a lane with
        // none in range is no lane of the request. After the last, the request.
        bf_skew_q[bf_l_q] <= bf_swz ? 4'(bf_off & ((33'd1 << bf_esl) - 33'd1)) : 4'd0;
        bf_dm_q[bf_l_q] <= bf_dm;
        if (bf_dm == '0) xm_lanes_q[bf_l_q] <= 1'b0;
        bf_l_q <= bf_l_q + 5'd1;
        if (bf_l_q == 5'd31) begin
          // (A format store's data is converted first.)
          bf_on_q <= 1'b0;
          if (xm_fmt_q && xm_kind_q == MK_GSTORE) fc_on_q <= 1'b1;
          else xm_vreq_q <= 1'b1;
        end
      end
      if (fc_on_q) begin
        // The format pass: a load's lane's VGPR values, component by component (a store's
        // element goes to ds_data0_q); after the last lane a store's request, a load's end.
        if (xm_kind_q != MK_GSTORE) xm_vdata_q[fc_l_q] <= fc_dw;
        fc_k_q <= fc_last ? 2'd0 : fc_k_q + 2'd1;
        if (fc_last) begin
          fc_l_q <= fc_l_q + 5'd1;
          if (fc_l_q == 5'd31) begin
            fc_on_q <= 1'b0;
            if (xm_kind_q == MK_GSTORE) xm_vreq_q <= 1'b1;
          end
        end
      end
      if (xm_schk_q) begin
        xm_schk_q <= 1'b0;
        if (xm_flat_q ? fl_fault : sc_fault) begin
          xm_fault_q <= FaultMemory;
          xm_imm_q <= 1'b1;
        end else if (xm_flat_q && (xm_lanes_q & fl_lds) != '0) begin
          // FLAT: the port takes the lanes outside LDS first (if any), then the DS unit the
          // others, so that nothing is written when the port finds a lane without memory.
          xm_lds_q <= xm_lanes_q & fl_lds;
          xm_lanes_q <= xm_lanes_q & ~fl_lds;
          if ((xm_lanes_q & ~fl_lds) != '0) xm_vreq_q <= 1'b1;
          else xm_dsgo_q <= 1'b1;
        end else begin
          xm_vreq_q <= 1'b1;
        end
      end
      if (xm_dsgo_q) begin
        xm_dsgo_q <= 1'b0;
        xm_dswait_q <= 1'b1;
      end
      if (xm_dswait_q && ds_rsp) begin
        // The LDS lanes' loaded dwords (extended by the unit), as the port's are kept.
        xm_dswait_q <= 1'b0;
        if (ds_rsp_fault) xm_fault_q <= FaultMemory;
        for (int l = 0; l < 32; l++) begin
          if (xm_lds_q[l]) begin
            xm_vdata_q[l] <= ds_rdata[l];
            if (xm_d16_q) xm_vdata_q[l][0] <= {2{ds_rdata[l][0][15:0]}};
          end
        end
      end
      if (xm_stake) begin
        xm_sreq_q <= 1'b0;
        if (smem_req_err_i) xm_fault_q <= FaultMemory;
      end
      if (xm_vtake) begin
        xm_vreq_q <= 1'b0;
        xm_vwait_q <= !xm_nb && !xm_late_q;
        if (vmem_req_err_i) xm_fault_q <= FaultMemory;
      end
      if (xm_vans) begin
        xm_vwait_q <= 1'b0;
        // (A fault was found when the port took the request.)
        if (xm_fault_q == '0) begin
          if (xm_lds_q != '0) xm_dsgo_q <= 1'b1;
          else if (xm_fmt_q && xm_kind_q == MK_GLOAD) fc_on_q <= 1'b1;
        end
        xm_vdata_q <= xm_vrsp;
      end
    end
  end

  // (A request waits for a free tag.)
  assign smem_req_valid_o = xm_sreq_q && sm_any_free;
  assign smem_req_tag_o = sm_free;
  assign xm_stake = smem_req_valid_o && smem_req_ready_i;
  assign xm_snb = xm_stake && !smem_req_err_i;
  assign smem_req_wave_o = xm_wave_q;
  assign smem_req_addr_o = xm_saddr_q;
  assign smem_req_mask_o = xm_smask_q;
  // (A request counted on VS_CNT waits for a free tag; a late load for one, and for the late
  // loads of its wave to any of its VGPRs to be written, so that their answers, written in
  // any order, leave the last load's values as they would in order; any other for the late
  // loads' VM_CNT returns, so that the counter still returns in order, and so that they are
  // written first.)
  always_comb begin
    logic [8:0] a0, a1, b0, b1;
    vl_room = !vl_busy_q[vl_tail_q];
    a0 = {1'b0, ex_dec_q.vdst};
    a1 = a0 + {6'd0, ds_el_dwords(xm_size_q)};  // (a d16 load's: 1)
    for (int t = 0; t < VsTags; t++) begin
      b0 = {1'b0, vl_vdst_q[t]};
      b1 = b0 + {6'd0, ds_el_dwords(vl_size_q[t])};
      if (vl_busy_q[t] && !vl_wr_q[t] && vl_wave_q[t] == xm_wave_q && a0 < b1 && b0 < a1) vl_room = 1'b0;
    end
  end
  assign vmem_req_valid_o = xm_vreq_q && (xm_nb ? !vs_busy_q[vs_tail_q] : xm_late_q ? vl_room : vl_busy_q == '0);
  assign vmem_req_tag_o = xm_nb ? {2'b00, vs_tail_q} : xm_late_q ? {2'b01, vl_tail_q} :
                          VmTagW'(1) << (VmTagW - 1);
  assign vmem_req_wave_o = xm_wave_q;
  assign vmem_req_store_o = xm_kind_q == MK_GSTORE;
  assign vmem_req_atomic_o = xm_kind_q == MK_GATOMIC;
  assign vmem_req_op_o = xm_atom_q;
  assign vmem_req_denorm_o = xm_den_q;
  assign vmem_req_bytes_o = xm_size_q;
  assign vmem_req_swz_o = gm_swz;
  // Scratch's elements are dwords 128 bytes apart (32 lanes' dwords); a swizzled buffer's
  // esize bytes, esize x index_stride apart.
  assign vmem_req_esz_o = (xm_buf_q && bf_esl == 3'd4) ? 5'd16 : 5'd4;
  assign vmem_req_step_o = xm_buf_q ? 11'd1 << (4'(bf_esl) + 4'(bf_isl)) : 11'd128;
  always_comb begin
    for (int l = 0; l < 32; l++) begin
      vmem_req_skew_o[l] = xm_buf_q ? bf_skew_q[l] : {2'd0, sc_off[l][1:0]};
      vmem_req_dmask_o[l] = xm_buf_q ? bf_dm_q[l] : 4'hf;
    end
  end
  assign vmem_req_mask_o = cl_mask;
  assign vmem_req_line_o = cl_line;
  assign vmem_req_last_o = cl_last;
  assign vmem_req_addr_o = gm_addr;

  // The coalescer: the port takes a request a cache line (VmemLineBytes) at a time. Each beat
  // has the lanes left whose address (the first byte's) is in the line of the lowest lane left,
  // so that a wave's accesses cost a beat a line they touch, not one a lane; the beat after
  // which none is left is the request's take. (A request with no lane: one empty beat.)
  localparam int unsigned LineW = $clog2(VmemLineBytes);
  always_comb begin
    logic [4:0] lead;
    cl_left = xm_lanes_q & ~cl_sent_q;
    lead = '0;
    for (int l = 31; l >= 0; l--) begin
      if (cl_left[l]) lead = 5'(l);
    end
    cl_line = {gm_addr[lead][63:LineW], LineW'(0)};
    for (int l = 0; l < 32; l++) cl_mask[l] = cl_left[l] && gm_addr[l][63:LineW] == cl_line[63:LineW];
    cl_last = (cl_left & ~cl_mask) == '0;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) cl_sent_q <= '0;
    else if (xm_vtake) cl_sent_q <= '0;
    else if (xm_vbeat) cl_sent_q <= cl_sent_q | cl_mask;
  end
  // A d16_hi store's data: the high half of each lane's DATA.
  always_comb begin
    vmem_req_data_o = ds_data0_q;
    if (xm_hi_q && xm_kind_q == MK_GSTORE && !xm_fmt_q) begin
      for (int l = 0; l < 32; l++) vmem_req_data_o[l][0] = {16'd0, ds_data0_q[l][0][31:16]};
    end
  end
  // The V#'s bits a buffer instruction does not look at (a cache hint, reserved ones), and
  // the format's that only its start reads.
  assign unused_xm = ^{xm_rs.llc_noalloc, xm_rs.reserved120, xm_rs.reserved114, xm_bf_q.valid,
                       xm_bf_q.bytes};

  // A FLAT instruction's LDS lanes as a DS access of the unit: a load (extended to 32 bits;
  // the write pass picks a d16 load's half), a store (d16_hi: of the data's high half) or an
  // atomic at the lane's LDS offset, DATA's second half (a compare-swap's compare value) as
  // DATA1. Its float atomics follow the memory's denormal rules, not LDS's (guide 13.2: "LDS
  // uses all bits for DS ops (but not for FLAT)"): results keep denormals, min, max and
  // compare-swap read MODE's F32 input bit, the add flushes its inputs.
  logic                   fl_sel;    // the DS unit serves a FLAT instruction
  dsctrl_t                fl_ds;
  logic [31:0][31:0]      fl_addr;
  logic [31:0][1:0][31:0] fl_data1;
  logic [WaveW-1:0]       ds_wave;
  always_comb begin
    fl_sel = xm_dsgo_q || xm_dswait_q;
    fl_ds = '0;
    fl_ds.kind = (xm_kind_q == MK_GLOAD) ? DK_LOAD : (xm_kind_q == MK_GSTORE) ? DK_STORE :
                 xm_fatom_q ? DK_FATOMIC : DK_ATOMIC;
    fl_ds.bytes = xm_size_q;
    fl_ds.sext = xm_sext_q;
    fl_ds.hi = xm_hi_q && xm_kind_q == MK_GSTORE;
    fl_ds.atom = xm_atom_q;
    fl_ds.rtn = xm_glc_q;
    fl_ds.data2 = xm_cmp_q;
    for (int l = 0; l < 32; l++) begin
      fl_addr[l] = fl_off[l][31:0];
      fl_data1[l] = (xm_size_q == 5'd8) ? ds_data0_q[l][3:2] : {32'd0, ds_data0_q[l][1]};
    end
    ds_wave = fl_sel ? xm_wave_q : ex_wave_q;
  end

  // EX: the DS unit takes the instruction whose last collect beat is here, or a FLAT
  // instruction's LDS lanes.
  cu_ds #(.LdsBytes(LdsBytes), .Banks(LdsBanks)) u_ds (
    .clk_i,
    .rst_ni,
    .req_valid_i     (ds_go_q || xm_dsgo_q),
    .req_ready_o     (ds_ready),
    .ctrl_i          (fl_sel ? fl_ds : ex_dec_q.ds),
    .offset0_i       (fl_sel ? 8'd0 : ex_dec_q.offset0),
    .offset1_i       (fl_sel ? 8'd0 : ex_dec_q.offset1),
    .exec_i          (fl_sel ? xm_lds_q : exec_q[ex_wave_q][31:0]),
    .addr_i          (fl_sel ? fl_addr : ds_addr_q),
    .data0_i         (ds_data0_q),
    .data1_i         (fl_sel ? fl_data1 : ds_data1_q),
    .lds_base_i      (ldsb_q[ds_wave]),
    .lds_size_i      (ldss_q[ds_wave]),
    .m0_i            (m0_q[ds_wave][15:0]),
    .denorm_i        (fl_sel ? {mode_q[ds_wave][7:6], 1'b1, mode_q[ds_wave][4] && xm_atom_q != AtomAddF} :
                      mode_q[ds_wave][7:4]),
    .rsp_valid_o     (ds_rsp),
    .rsp_fault_o     (ds_rsp_fault),
    .rsp_fault_lane_o(ds_fault_lane),
    .rsp_cycles_o    (ds_cycles),
    .rsp_data_o      (ds_rdata)
  );

  // The unit is idle whenever an instruction starts (one at a time); the faulting lane is for
  // the testbench of the unit alone. The cycles its banks took go to the performance ports.
  logic unused_ds;
  assign unused_ds = ds_ready ^ (^ds_fault_lane);

  // The FP interlock: a beat of a floating-point row waits FpStages cycles for its results
  // (TransCycles on the transcendental unit and F64Cycles on the F64 unit, which start in the
  // beat's first cycle here).
  assign ex_hold = ex_beat_q && uses_fpu(ex_dec_q.valu, ex_dec_q.vc.fpu, ex_dec_q.vcy.fpu) &&
                   ex_wait_q != fp_wait(ex_dec_q.vc.trans, ex_dec_q.vc.f64, ex_dec_q.vc.twice,
                                        ex_dec_q.vc.fpasses | ex_dec_q.vcy.fpasses);
  assign ex_valid = ex_beat_q && !ex_hold;
  assign ex_ds = issues_ds(ex_dec_q.valid, ex_dec_q.illegal, ex_dec_q.ds.kind, ex_ffault_q, vrel_q[ex_wave_q]);
  assign ex_xm = issues_xm(ex_dec_q.valid, ex_dec_q.illegal, ex_dec_q.mem.kind, ex_ffault_q, vrel_q[ex_wave_q]);
  assign ex_gm = ex_xm && ex_dec_q.mem.kind inside {MK_GLOAD, MK_GSTORE, MK_GATOMIC};

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      ex_wait_q <= '0;
    end else begin
      ex_wait_q <= ex_hold ? ex_wait_q + 1'b1 : '0;
    end
  end

  // The decoded fields EX does not look at (the operand collector used them).
  logic unused_ex_dec;
  assign unused_ex_dec = ^ex_dec_q;

  // ------------------------------------------------------------------------------------------
  // EX: the scalar ALU.
  logic [63:0] ex_exec;
  logic        ex_scc;
  logic        alu_valid, alu_d_we, alu_scc, alu_scc_we, alu_mode_we, alu_hwreg_bad;
  logic [1:0]  alu_exec_we;
  logic [63:0] alu_d, alu_exec;
  logic [31:0] alu_mode;

  assign ex_exec = exec_q[ex_wave_q];
  assign ex_scc = scc_q[ex_wave_q];

  cu_salu u_salu (
    .op_i       (ex_dec_q.op),
    .s0_i       (ex_s0_q),
    .s1_i       (ex_s1_q),
    .d_i        (ex_d_q),
    .simm16_i   (ex_dec_q.simm16),
    .literal_i  (ex_dec_q.literal),
    .scc_i      (ex_scc),
    .exec_i     (ex_exec),
    .mode_i     (mode_q[ex_wave_q]),
    .valid_o    (alu_valid),
    .d_o        (alu_d),
    .d_we_o     (alu_d_we),
    .scc_o      (alu_scc),
    .scc_we_o   (alu_scc_we),
    .exec_o     (alu_exec),
    .exec_we_o  (alu_exec_we),
    .mode_o     (alu_mode),
    .mode_we_o  (alu_mode_we),
    .hwreg_bad_o(alu_hwreg_bad)
  );

  // ------------------------------------------------------------------------------------------
  // EX: the vector lanes.
  logic                       vl_valid;
  logic [NumLanes-1:0][127:0] vl_d;
  logic [NumLanes-1:0]        vl_m;
  logic [NumLanes-1:0][31:0]  vl_yd;

  // WMMA (see the header): each beat is its DOT row's, in MODE's reset value (nearest even,
  // denormals kept: 0x3f0), CLAMP only for the integer forms (the float forms have no CLAMP
  // bit: the decoder refuses a word that sets it, as LLVM does), NEG[1:0] only as their
  // signedness (the float forms' NEG bits were applied in RD); from the second dword on, the
  // accumulator is the lane's result of the beat before.
  logic                       ex_wmma;
  logic                       ex_interp;  // a VINTERP row: v_fma_mix's operation (see the header)
  logic                       ex_rtz;     // ... that rounds toward zero
  valu_op_e                   ex_vop;
  logic [NumLanes-1:0][31:0]  wacc_q;
  logic [NumLanes-1:0][127:0] ex_vc;

  always_comb begin
    // The operation a beat runs: WMMA's DOT step, VINTERP's mixed-precision FMA, else the row's.
    unique case (ex_dec_q.vop)
      VOP_V_WMMA_F32_16X16X16_F16: ex_vop = VOP_V_DOT2_F32_F16;
      VOP_V_WMMA_F32_16X16X16_BF16: ex_vop = VOP_V_DOT2_F32_BF16;
      VOP_V_WMMA_F16_16X16X16_F16: ex_vop = VOP_V_DOT2_F16_F16;
      VOP_V_WMMA_BF16_16X16X16_BF16: ex_vop = VOP_V_DOT2_BF16_BF16;
      VOP_V_WMMA_I32_16X16X16_IU8: ex_vop = VOP_V_DOT4_I32_IU8;
      VOP_V_WMMA_I32_16X16X16_IU4: ex_vop = VOP_V_DOT8_I32_IU4;
      VOP_V_INTERP_P10_F32, VOP_V_INTERP_P2_F32, VOP_V_INTERP_P10_F16_F32, VOP_V_INTERP_P10_RTZ_F16_F32:
        ex_vop = VOP_V_FMA_MIX_F32;
      VOP_V_INTERP_P2_F16_F32, VOP_V_INTERP_P2_RTZ_F16_F32: ex_vop = VOP_V_FMA_MIXLO_F16;
      default: ex_vop = ex_dec_q.vop;
    endcase
    ex_wmma = ex_dec_q.valu && ex_dec_q.vc.wmma;
    ex_interp = ex_dec_q.valu && ex_dec_q.vc.interp;
    ex_rtz = ex_dec_q.vc.rtz;
    for (int i = 0; i < NumLanes; i++) begin
      ex_vc[i] = (ex_wmma && ex_wst_q != 3'd0) ? {96'd0, wacc_q[i]} : ex_c_q[i];
    end
  end

  cu_valu #(.NumLanes(NumLanes), .FpStages(FpStages)) u_valu (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .start_i(ex_beat_q && ex_wait_q == '0),
    .op_i   (ex_vop),
    .clamp_i(ex_dec_q.clmp),
    .omod_i (ex_wmma ? 2'd0 : ex_dec_q.omod),
    .mode_i (ex_wmma ? 10'h3f0 : {mode_q[ex_wave_q][9:4], ex_rtz ? 4'hf : mode_q[ex_wave_q][3:0]}),
    .lane0_i(5'(int'(ex_pass_q) * NumLanes)),
    .a_i    (ex_a_q),
    .b_i    (ex_b_q),
    .c_i    (ex_vc),
    .m_i    (ex_m_q),
    .mix_i  (ex_wmma ? {4'd0, (ex_vop inside {VOP_V_DOT4_I32_IU8, VOP_V_DOT8_I32_IU4}) ? ex_dec_q.neg[1:0] : 2'd0, 6'd0} :
             // VINTERP: the F16 sources' halves chosen and NEG applied in RD.
             ex_interp ? {6'd0, ex_dec_q.vc.ty[2] == OT_F16, 1'b0, ex_dec_q.vc.ty[0] == OT_F16, 3'd0} :
                       {ex_dec_q.neg_hi, ex_dec_q.neg, ex_dec_q.opsel_hi2, ex_dec_q.opsel_hi, ex_dec_q.opsel[2:0]}),
    .op_y_i (ex_dec_q.vop_y),
    .ya_i   (ex_ya_q),
    .yb_i   (ex_yb_q),
    .yc_i   (ex_yc_q),
    .valid_o(vl_valid),
    .d_o    (vl_d),
    .m_o    (vl_m),
    .yd_o   (vl_yd)
  );

  always_ff @(posedge clk_i) begin
    if (ex_valid && ex_wmma) begin
      for (int i = 0; i < NumLanes; i++) wacc_q[i] <= vl_d[i][31:0];
    end
  end

  // Operations of the vector pipeline that are not lane arithmetic: lane reads write an
  // SGPR, swaps write two VGPRs.
  logic ex_lane_read, ex_swap, ex_vok;
  always_comb begin
    ex_lane_read = 1'b0;
    ex_swap = 1'b0;
    unique case (ex_dec_q.vop)
      VOP_V_READLANE_B32, VOP_V_READFIRSTLANE_B32: ex_lane_read = 1'b1;
      VOP_V_SWAP_B32, VOP_V_SWAPREL_B32, VOP_V_SWAP_B16: ex_swap = 1'b1;
      default: ;
    endcase
    ex_vok = vl_valid || ex_lane_read || ex_swap;
  end

  // The lane mask being built over the passes: compare results and carries, zero in lanes
  // that do not take part (compares: the lanes written; carries: EXEC).
  logic [31:0] macc_q, macc_d;
  logic [NumLanes-1:0] ex_mbits;
  logic        ex_carry;

  always_comb begin
    ex_carry = ex_dec_q.vc.mask_sdst || ex_dec_q.vc.enc == VE_VOP2;
    ex_mbits = vl_m & (ex_carry ? ex_em_q : ex_wm_q);
    macc_d = (ex_pass_q == '0) ? 32'd0 : macc_q;
    for (int i = 0; i < NumLanes; i++) macc_d[int'(ex_pass_q) * NumLanes + i] = ex_mbits[i];
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      macc_q <= '0;
    end else if (ex_valid && ex_dec_q.valu) begin
      macc_q <= macc_d;
    end
  end
  // ------------------------------------------------------------------------------------------
  // EX: branch unit, sequencer and waits.
  logic [47:0] seq_pc, rel_target, ret_addr;
  logic [63:0] ret_addr64;
  cnt_t        wait_thr;
  logic        wait_query_ok;

  assign seq_pc = ex_pc_q + 48'({ex_dec_q.dwords, 2'b00});
  assign rel_target = ex_pc_q + 48'd4 + { {30{ex_dec_q.simm16[15]}}, ex_dec_q.simm16, 2'b00};
  assign ret_addr = ex_pc_q + 48'd4;
  assign ret_addr64 = { {16{ret_addr[47]}}, ret_addr};

  // Result of the EX stage.
  logic        ex_retire;          // something retires (a wait that does not pass does not)
  logic [1:0]  ex_status;
  logic [2:0]  ex_fault;
  logic [47:0] ex_next_pc;
  logic        ex_flush;           // next_pc is not the sequential PC
  logic        ex_d_we;            // the instruction writes its destination
  logic [63:0] ex_d_val;
  logic        ex_wait;            // register a wait with the scoreboard
  logic        ex_scc_we, ex_mode_we;
  logic [1:0]  ex_exec_we;
  logic [12:0] ex_sleep;
  logic        ex_sleep_wakeable, ex_wakeup, ex_barrier;
  logic        ex_vrel;            // MSG_DEALLOC_VGPRS

  always_comb begin
    ex_retire = ex_valid && ex_last_q;
    ex_status = RtRetired;
    ex_fault = 3'd0;
    ex_next_pc = seq_pc;
    ex_d_we = 1'b0;
    ex_d_val = alu_d;
    ex_wait = 1'b0;
    ex_scc_we = 1'b0;
    ex_exec_we = 2'b00;
    ex_mode_we = 1'b0;
    ex_sleep = 13'd0;
    ex_sleep_wakeable = 1'b0;
    ex_wakeup = 1'b0;
    ex_barrier = 1'b0;
    ex_vrel = 1'b0;
    wait_thr = '1;

    if (ex_ffault_q) begin
      ex_status = RtFault;
      ex_fault = FaultFetch;
    end else if (ex_dec_q.inc != '0 && cnt_full[ex_wave_q] && !ex_ds && !ex_xm) begin
      // A counter the instruction increments is at its maximum: try again later. (A memory
      // instruction has done its work by now; its count is back where it was, and one
      // memory instruction at a time cannot fill a counter.)
      ex_retire = 1'b0;
    end else if (!ex_dec_q.valid || ex_dec_q.illegal || ex_illegal_q) begin
      ex_status = RtFault;
      ex_fault = FaultIllegal;
    end else if (vrel_q[ex_wave_q] && (ex_dec_q.valu || ex_dec_q.ds.kind != DK_NONE ||
                                        ex_dec_q.mem.kind inside {MK_GLOAD, MK_GSTORE, MK_GATOMIC, MK_VINV})) begin
      // A vector instruction after MSG_DEALLOC_VGPRS.
      ex_status = RtFault;
      ex_fault = FaultIllegal;
    end else if (ex_xm) begin
      // The memory work is done; a vector load's dwords are written below.
      unique case (ex_dec_q.mem.kind)
        MK_SLOAD, MK_SBUFFER, MK_SINV, MK_VINV, MK_GLOAD, MK_GSTORE, MK_GATOMIC: begin
          if (xm_fault_q != 3'd0) begin
            ex_status = RtFault;
            ex_fault = xm_fault_q;
          end
        end
        default: begin
          ex_status = RtFault;
          ex_fault = FaultNotImpl;
        end
      endcase
    end else if (ex_ds) begin
      // The DS unit has answered; its loaded dwords are written below.
      unique case (ex_dec_q.ds.kind)
        DK_NOP, DK_LOAD, DK_STORE, DK_LOAD2, DK_STORE2, DK_ATOMIC, DK_FATOMIC, DK_XCHG2, DK_CONDX,
        DK_APPEND, DK_SWIZZLE, DK_PERMUTE, DK_BPERMUTE: begin
          if (ds_fault_q) begin
            ex_status = RtFault;
            ex_fault = FaultMemory;
          end
        end
        default: begin
          ex_status = RtFault;
          ex_fault = FaultNotImpl;
        end
      endcase
    end else if (ex_dec_q.valu) begin
      // The vector pipeline: a row it has no lanes for faults; the writes are made below.
      if (!ex_vok) begin
        ex_status = RtFault;
        ex_fault = FaultNotImpl;
      end
    end else begin
      unique case (ex_dec_q.op)
        // ---- Branch unit -------------------------------------------------------------------
        OP_S_BRANCH: ex_next_pc = rel_target;
        OP_S_CBRANCH_SCC0: if (!ex_scc) ex_next_pc = rel_target;
        OP_S_CBRANCH_SCC1: if (ex_scc) ex_next_pc = rel_target;
        OP_S_CBRANCH_VCCZ: if (vccz_q[ex_wave_q]) ex_next_pc = rel_target;
        OP_S_CBRANCH_VCCNZ: if (!vccz_q[ex_wave_q]) ex_next_pc = rel_target;
        OP_S_CBRANCH_EXECZ: if (ex_exec[31:0] == 32'd0) ex_next_pc = rel_target;
        OP_S_CBRANCH_EXECNZ: if (ex_exec[31:0] != 32'd0) ex_next_pc = rel_target;
        // The conditional-debug flags are zero: never taken.
        OP_S_CBRANCH_CDBGSYS, OP_S_CBRANCH_CDBGUSER, OP_S_CBRANCH_CDBGSYS_OR_USER,
        OP_S_CBRANCH_CDBGSYS_AND_USER: ;
        OP_S_GETPC_B64: begin
          ex_d_we = 1'b1;
          ex_d_val = ret_addr64;
        end
        OP_S_SETPC_B64: ex_next_pc = ex_s0_q[47:0] & PcMask;
        OP_S_SWAPPC_B64: begin
          ex_d_we = 1'b1;
          ex_d_val = ret_addr64;
          ex_next_pc = ex_s0_q[47:0] & PcMask;
        end
        OP_S_CALL_B64: begin
          ex_d_we = 1'b1;
          ex_d_val = ret_addr64;
          ex_next_pc = rel_target;
        end

        // ---- Sequencer ---------------------------------------------------------------------
        OP_S_NOP: ex_sleep = {9'd0, ex_dec_q.simm16[3:0]};
        OP_S_SLEEP: begin
          ex_sleep = {ex_dec_q.simm16[6:0], 6'd0};
          ex_sleep_wakeable = 1'b1;
        end
        OP_S_WAKEUP: ex_wakeup = 1'b1;
        // s_waitcnt_depctr orders ALU results still in flight; this pipeline has none when the
        // next instruction issues, so it retires at once, like the hints.
        OP_S_SETPRIO, OP_S_SET_INST_PREFETCH_DISTANCE, OP_S_CLAUSE, OP_S_DELAY_ALU,
        OP_S_WAITCNT_DEPCTR, OP_S_INCPERFLEVEL, OP_S_DECPERFLEVEL, OP_S_ICACHE_INV, OP_S_VERSION: ;
        OP_S_BARRIER: begin
          ex_status = RtBarrier;
          ex_barrier = 1'b1;
        end
        // s_endpgm first waits for every counter to reach zero.
        OP_S_ENDPGM: begin
          wait_thr = '0;
          if (wait_query_ok) begin
            ex_status = RtEndpgm;
          end else begin
            ex_retire = 1'b0;
            ex_wait = 1'b1;
          end
        end
        OP_S_CODE_END: begin
          ex_status = RtFault;
          ex_fault = FaultIllegal;
        end

        // ---- Messages (guide Table 15): MSG_DEALLOC_VGPRS releases the wave's VGPRs (a
        // vector instruction after it faults); MSG_INTERRUPT has no host to interrupt; the
        // graphics messages are not implemented; other ids are reserved. -------------------
        OP_S_SENDMSG: begin
          unique case (ex_dec_q.simm16[7:0])
            8'd1: ;
            8'd3: ex_vrel = 1'b1;
            8'd2, 8'd9: begin
              ex_status = RtFault;
              ex_fault = FaultNotImpl;
            end
            default: begin
              ex_status = RtFault;
              ex_fault = FaultIllegal;
            end
          endcase
        end

        // ---- Waits -------------------------------------------------------------------------
        OP_S_WAITCNT, OP_S_WAITCNT_VSCNT, OP_S_WAITCNT_VMCNT, OP_S_WAITCNT_EXPCNT,
        OP_S_WAITCNT_LGKMCNT, OP_S_WAIT_IDLE: begin
          unique case (ex_dec_q.op)
            OP_S_WAITCNT: begin
{%- for c in counters %}
{%- if !c.waitcnt.is_empty() %}
              wait_thr.{{ c.name }} = ex_dec_q.simm16[{{ c.waitcnt }}];
{%- endif %}
{%- endfor %}
            end
            OP_S_WAITCNT_VSCNT: wait_thr.vs = ex_d_q[5:0] + ex_dec_q.simm16[5:0];
            OP_S_WAITCNT_VMCNT: wait_thr.vm = ex_d_q[5:0] + ex_dec_q.simm16[5:0];
            OP_S_WAITCNT_LGKMCNT: wait_thr.lgkm = ex_d_q[5:0] + ex_dec_q.simm16[5:0];
            OP_S_WAITCNT_EXPCNT: wait_thr.exp = ex_d_q[2:0] + ex_dec_q.simm16[2:0];
            default: wait_thr = '0;  // s_wait_idle
          endcase
          if (!wait_query_ok) begin
            ex_retire = 1'b0;
            ex_wait = 1'b1;
          end
        end

        default: begin
          // Everything else belongs to the scalar ALU; other units do not exist yet.
          if (ex_dec_q.unit != UNIT_SALU && ex_dec_q.unit != UNIT_CONTROL) begin
            ex_status = RtFault;
            ex_fault = FaultNotImpl;
          end else if (!alu_valid || alu_hwreg_bad) begin
            ex_status = RtFault;
            ex_fault = FaultNotImpl;
          end else begin
            ex_d_we = alu_d_we;
            ex_scc_we = alu_scc_we;
            ex_exec_we = alu_exec_we;
            ex_mode_we = alu_mode_we;
          end
        end
      endcase
    end
    ex_flush = ex_next_pc != seq_pc;
    if (ex_status == RtFault) begin
      ex_d_we = 1'b0;
      ex_scc_we = 1'b0;
      ex_exec_we = 2'b00;
      ex_mode_we = 1'b0;
      ex_next_pc = ex_pc_q;
      ex_flush = 1'b0;
    end
    // Only the last beat of an instruction retires it.
    if (!ex_valid || !ex_last_q) begin
      ex_retire = 1'b0;
      ex_wait = 1'b0;
    end
  end


  // ------------------------------------------------------------------------------------------
  // EX: the scalar destination. Scalar instructions: 64-bit destinations are even-aligned;
  // codes 0..107 are RAM, TTMPs (108..123) are writable only in a trap handler, so a write to
  // one is dropped and the instruction's SCC update with it; NULL drops the write; M0 and
  // EXEC are flops. Vector instructions write one dword (a lane mask or a lane's value) to
  // any code but NULL, TTMPs included, as the golden model does.
  logic [6:0]  wr_code;
  logic        wr_ram, wr_ttmp, wr_m0, wr_exec;
  logic [1:0]  wr_dwords;   // dwords written of the pair {wr_code[6:1], 0} (even, odd)
  logic [63:0] wr_data;
  logic        v_sdst_we;   // a vector instruction writes a scalar register
  logic [6:0]  v_sdst;
  logic [31:0] v_sdst_val;
  logic        v_exec_we;   // ... EXEC (v_cmpx)

  always_comb begin
    v_sdst_we = 1'b0;
    v_sdst = ex_dec_q.vdst[6:0];
    v_sdst_val = macc_d;
    v_exec_we = 1'b0;
    if (ex_dec_q.valu && ex_retire && ex_status != RtFault) begin
      if (ex_lane_read) begin
        v_sdst_we = !ex_dec_q.vdst[7];
        v_sdst_val = ex_lane_q;
      end else if (ex_dec_q.vc.mask_vcc) begin
        v_sdst_we = 1'b1;
        v_sdst = SrcVccLo[6:0];
      end else if (ex_dec_q.vc.mask_sdst) begin
        v_sdst_we = 1'b1;
        v_sdst = ex_dec_q.sdst;
      end else if (ex_dec_q.vc.mask_vdst) begin
        v_sdst_we = !ex_dec_q.vdst[7];
      end
      v_exec_we = ex_dec_q.vc.mask_exec;
    end
  end

  always_comb begin
    wr_code = ex_dec_q.dst_64 ? {ex_dst_q[6:1], 1'b0} : ex_dst_q;
    wr_data = ex_dec_q.dst_64 ? ex_d_val : {ex_d_val[31:0], ex_d_val[31:0]};
    wr_ram = 1'b0;
    wr_ttmp = 1'b0;
    wr_m0 = 1'b0;
    wr_exec = 1'b0;
    wr_dwords = 2'b00;
    if (v_sdst_we) begin
      wr_code = v_sdst;
      wr_data = {v_sdst_val, v_sdst_val};
      wr_dwords = wr_code[0] ? 2'b10 : 2'b01;
      if (wr_code < SrcNull[6:0]) wr_ram = 1'b1;
      else if (wr_code == SrcM0[6:0]) wr_m0 = 1'b1;
      else if (wr_code >= SrcExecLo[6:0]) wr_exec = 1'b1;
      else wr_dwords = 2'b00;
    end else if (ex_d_we && ex_dec_q.dst_wr && ex_dst_ok_q && ex_retire) begin
      if (wr_code < SrcTtmp0[6:0]) begin
        wr_ram = 1'b1;
        wr_dwords = ex_dec_q.dst_64 ? 2'b11 : (wr_code[0] ? 2'b10 : 2'b01);
      end else if (wr_code < SrcNull[6:0]) begin
        wr_ttmp = 1'b1;
      end else if (wr_code == SrcM0[6:0]) begin
        wr_m0 = 1'b1;
        wr_dwords = 2'b10;
      end else if (wr_code >= SrcExecLo[6:0]) begin
        wr_exec = 1'b1;
        wr_dwords = ex_dec_q.dst_64 ? 2'b11 : (wr_code[0] ? 2'b10 : 2'b01);
      end
    end
  end

  // EX: the vector destinations of this beat, one per bank: the destination's dwords
  // (consecutive registers), VOPD's Y destination (the other parity), a swap's second
  // register. A register past the allocation or v255 is not written.
  logic [3:0][2*NumLanes-1:0]     vd_en;
  logic [3:0][7:0]                vd_reg;
  logic [3:0][NumLanes-1:0][31:0] vd_data;

  always_comb begin
    logic [2*NumLanes-1:0] full, half, half2;
    logic ld_d16, ld_hi;  // a DS or GLOBAL load of one half, and which
    logic [2:0] ld_dw, kd;  // ... its dwords written (a status dword after), this beat's dword
    logic ld_tfe;
    logic [8:0] r;
    logic [9:0] rk;
    logic [7:0] ry;
    r = '0;
    rk = '0;
    ry = '0;
    ld_dw = '0;
    ld_tfe = 1'b0;
    kd = '0;
    vd_en = '0;
    vd_reg = '0;
    vd_data = '0;
    ld_d16 = ex_ds ? ex_dec_q.ds.d16 : ex_dec_q.mem.d16;
    ld_hi = ex_ds ? ex_dec_q.ds.hi : ex_dec_q.mem.hi;
    for (int i = 0; i < NumLanes; i++) begin
      full[2*i +: 2] = {2{ex_wm_q[i]}};
      half[2*i +: 2] = {ex_wm_q[i] && ex_dst_hi_q, ex_wm_q[i] && !ex_dst_hi_q};
      half2[2*i +: 2] = {ex_wm_q[i] && ex_src0_hi_q, ex_wm_q[i] && !ex_src0_hi_q};
    end
    if (ex_valid && (ex_ds || ex_gm) && ex_mw_q && ex_status != RtFault && !(ex_gm && bf_nowr_q)) begin
      // A DS or GLOBAL load's write pass (or a returning atomic's): VDST's dwords from the
      // answer, in the active lanes; a d16 load writes one half. MUBUF's VDATA; its loads
      // with TFE write a status dword after the data, always 0 here (nothing is partially
      // resident), in a second beat for B128 (ex_wsel_q: VDATA+4 is in VDATA's bank).
      for (int i = 0; i < NumLanes; i++) begin
        full[2*i +: 2] = {2{ex_exec[int'(ex_pass_q) * NumLanes + i]}};
        half[2*i +: 2] = {ex_exec[int'(ex_pass_q) * NumLanes + i] && ld_hi,
                          ex_exec[int'(ex_pass_q) * NumLanes + i] && !ld_hi};
      end
      ld_dw = ex_ds ? ds_dst_dwords(ex_dec_q.ds.kind, ex_dec_q.ds.bytes, ex_dec_q.ds.rtn) :
              ((ex_dec_q.mem.kind == MK_GLOAD && !ex_dec_q.mem.late) ||
               (ex_dec_q.mem.kind == MK_GATOMIC && ex_dec_q.glc[0])) ? ds_el_dwords(ex_dec_q.mem.size) : 3'd0;
      ld_tfe = ex_gm && ex_dec_q.mem.mubuf && ex_dec_q.tfe[0] && ex_dec_q.mem.kind == MK_GLOAD;
      for (int k = 0; k < 4; k++) begin
        kd = ex_wsel_q ? 3'(k + 4) : 3'(k);
        rk = {2'b0, ex_dec_q.mem.mubuf ? ex_dec_q.vdata : ex_dec_q.vdst} + 10'(kd);
        if ((kd < ld_dw || (ld_tfe && kd == ld_dw)) && rk < 10'(ex_vcnt)) begin
          // (A D16 format load's last VGPR is a half when its components are odd.)
          vd_en[rk[1:0]] = (ld_d16 && kd == ld_dw - 3'd1 && (ex_ds || !ex_dec_q.mem.fmt || ex_dec_q.mem.comps[0])) ?
                           half : full;
          vd_reg[rk[1:0]] = rk[7:0];
          for (int i = 0; i < NumLanes; i++) begin
            // (Append's and consume's pre-op value is lane 0's answer, for every lane.)
            vd_data[rk[1:0]][i] = (kd >= ld_dw) ? 32'd0 :
                                  !ex_ds ? xm_vdata_q[int'(ex_pass_q) * NumLanes + i][k] :
                                  (ex_dec_q.ds.kind == DK_APPEND) ? ds_rdata[0][0] :
                                  ds_rdata[int'(ex_pass_q) * NumLanes + i][k];
          end
        end
      end
    end
    if (ex_valid && ex_dec_q.valu && ex_status != RtFault) begin
      if (ex_swap) begin
        for (int k = 0; k < 2; k++) begin
          r = (k == 0) ? ex_vdst_q : ex_vdst2_q;
          if (!r[8] && r < ex_vcnt && (!ex_two_q || ex_wsel_q == (k == 1))) begin
            // v_swap_b16 writes a half of each: the destination's, and source 0's.
            vd_en[r[1:0]] = (ex_dec_q.vop != VOP_V_SWAP_B16) ? full : (k == 0) ? half : half2;
            vd_reg[r[1:0]] = r[7:0];
            for (int i = 0; i < NumLanes; i++) begin
              vd_data[r[1:0]][i] = (ex_dec_q.vop != VOP_V_SWAP_B16) ? ((k == 0) ? ex_a_q[i][31:0] : ex_b_q[i][31:0]) :
                                   {2{(k == 0) ? ex_a_q[i][15:0] : ex_b_q[i][15:0]}};
            end
          end
        end
      end else if (ex_wmma) begin
        // WMMA: D's register of the step (a 16-bit D: OPSEL[2]'s half), in every lane.
        if (!ex_vdst_q[8] && ex_vdst_q < ex_vcnt) begin
          vd_en[ex_vdst_q[1:0]] = (ex_vop inside {VOP_V_DOT2_F16_F16, VOP_V_DOT2_BF16_BF16}) ? half : full;
          vd_reg[ex_vdst_q[1:0]] = ex_vdst_q[7:0];
          for (int i = 0; i < NumLanes; i++) begin
            vd_data[ex_vdst_q[1:0]][i] = (ex_vop inside {VOP_V_DOT2_F16_F16, VOP_V_DOT2_BF16_BF16}) ?
                                         {2{vl_d[i][15:0]}} : vl_d[i][31:0];
          end
        end
      end else if (!ex_lane_read && ex_dec_q.vop != VOP_V_PERMLANE64_B32 &&
                   !(ex_dec_q.vc.dty inside {OT_NONE, OT_SGPR, OT_MASK})) begin
        // (v_permlane64_b32 does nothing in wave32.)
        for (int k = 0; k < 4; k++) begin
          rk = {1'b0, ex_vdst_q} + 10'(k);
          if (k < int'(ty_dwords(ex_dec_q.vc.dty)) && !ex_vdst_q[8] && rk < 10'(ex_vcnt)) begin
            vd_en[rk[1:0]] = ty16(ex_dec_q.vc.dty) ? half : full;
            vd_reg[rk[1:0]] = rk[7:0];
            for (int i = 0; i < NumLanes; i++) begin
              vd_data[rk[1:0]][i] = ty16(ex_dec_q.vc.dty) ? {2{vl_d[i][15:0]}} : vl_d[i][32*k +: 32];
            end
          end
        end
      end
      if (ex_dec_q.vc.enc == VE_VOPD) begin
        ry = {ex_dec_q.vdsty, !ex_dec_q.vdstx[0]};
        if (9'(ry) < ex_vcnt) begin
          vd_en[ry[1:0]] = full;
          vd_reg[ry[1:0]] = ry;
          vd_data[ry[1:0]] = vl_yd;
        end
      end
    end
  end

  // ------------------------------------------------------------------------------------------
  // WB: stage registers; the writes are made at the end of this stage's cycle.
  logic                           wb_valid_q;   // an instruction retires
  logic [WaveW-1:0]               wb_wave_q;
  logic [47:0]                    wb_pc_q, wb_next_pc_q;
  logic [InstBits-1:0]            wb_inst_q;
  logic [DwordsW-1:0]             wb_dwords_q;
  logic [1:0]                     wb_status_q;
  logic [2:0]                     wb_fault_q;
  logic [1:0]                     wb_sdst_we_q;  // dwords written of the pair at wb_sdst_q
  logic [6:0]                     wb_sdst_q;
  logic [63:0]                    wb_sdst_data_q;
  logic                           wb_ram_q, wb_m0_q, wb_exec_dst_q;
  logic [1:0]                     wb_exec_we_q;
  logic [63:0]                    wb_exec_q;
  logic                           wb_scc_we_q, wb_scc_q, wb_mode_we_q;
  logic [31:0]                    wb_mode_q;
  logic [WaveW-1:0]               wb_vwave_q;
  logic [PassW-1:0]               wb_vpass_q;
  logic [3:0][2*NumLanes-1:0]     wb_ven_q;
  logic [3:0][7:0]                wb_vreg_q;
  logic [3:0][NumLanes-1:0][31:0] wb_vdata_q;
  logic [63:0]                    ex_exec_val;

  always_comb begin
    ex_exec_val = alu_exec;
    if (v_exec_we) ex_exec_val = {ex_exec[63:32], macc_d};
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      wb_valid_q <= 1'b0;
      wb_wave_q <= '0;
      wb_pc_q <= '0;
      wb_next_pc_q <= '0;
      wb_inst_q <= '0;
      wb_dwords_q <= '0;
      wb_status_q <= '0;
      wb_fault_q <= '0;
      wb_sdst_we_q <= '0;
      wb_sdst_q <= '0;
      wb_sdst_data_q <= '0;
      wb_ram_q <= 1'b0;
      wb_m0_q <= 1'b0;
      wb_exec_dst_q <= 1'b0;
      wb_exec_we_q <= '0;
      wb_exec_q <= '0;
      wb_scc_we_q <= 1'b0;
      wb_scc_q <= 1'b0;
      wb_mode_we_q <= 1'b0;
      wb_mode_q <= '0;
      wb_vwave_q <= '0;
      wb_vpass_q <= '0;
      wb_ven_q <= '0;
      wb_vreg_q <= '0;
      wb_vdata_q <= '0;
    end else begin
      wb_valid_q <= ex_retire;
      wb_wave_q <= ex_wave_q;
      wb_pc_q <= ex_pc_q;
      wb_next_pc_q <= ex_next_pc;
      wb_inst_q <= ex_ffault_q ? '0 : ex_inst_q;
      wb_dwords_q <= ex_ffault_q ? '0 : ex_dec_q.dwords;
      wb_status_q <= ex_status;
      wb_fault_q <= ex_fault;
      wb_sdst_we_q <= wr_dwords;
      wb_sdst_q <= {wr_code[6:1], 1'b0};
      wb_sdst_data_q <= wr_data;
      wb_ram_q <= wr_ram;
      wb_m0_q <= wr_m0;
      wb_exec_dst_q <= wr_exec;
      wb_exec_we_q <= (ex_retire && ex_status != RtFault) ? (v_exec_we ? 2'b01 : ex_exec_we) : 2'b00;
      wb_exec_q <= ex_exec_val;
      wb_scc_we_q <= ex_retire && ex_scc_we && !(ex_dec_q.dst_wr && wr_ttmp);
      wb_scc_q <= alu_scc;
      wb_mode_we_q <= ex_retire && ex_mode_we;
      wb_mode_q <= alu_mode;
      wb_vwave_q <= ex_wave_q;
      wb_vpass_q <= ex_pass_q;
      wb_ven_q <= vd_en;
      wb_vreg_q <= vd_reg;
      wb_vdata_q <= vd_data;
    end
  end

  // The VGPR banks' write ports: WB first, then the dispatcher, then the late loads' write
  // engine (below), in cycles in which neither writes. The dispatcher sees which banks WB
  // leaves free this cycle (from registers only, so that it can choose before it drives).
  logic [3:0] spi_vbank;
  always_comb begin
    spi_vbank = 4'b0001 << spi_vgpr_idx_i[1:0];
    for (int b = 0; b < 4; b++) begin
      spi_vgpr_ready_o[b] = wb_ven_q[b] == '0;
      vw_en[b] = wb_ven_q[b];
      vw_wave[b] = wb_vwave_q;
      vw_row[b] = RowW'(wb_vreg_q[b][7:2]);
      vw_pass[b] = wb_vpass_q;
      vw_data[b] = wb_vdata_q[b];
      if (ve_en[b] != '0) begin
        vw_en[b] = ve_en[b];
        vw_wave[b] = vl_wave_q[ve_tag];
        vw_row[b] = RowW'(ve_reg[b][7:2]);
        vw_pass[b] = ve_pass_q;
        vw_data[b] = ve_data[b];
      end else if (wb_ven_q[b] == '0 && spi_vgpr_we_i && spi_vbank[b] && 9'(spi_vgpr_idx_i) < 9'(Vgprs)) begin
        vw_en[b] = '1;
        vw_wave[b] = spi_wave_i;
        vw_row[b] = RowW'(spi_vgpr_idx_i[7:2]);
        vw_pass[b] = spi_vgpr_pass_i;
        vw_data[b] = spi_vgpr_data_i;
      end
    end
  end

  // The SGPR RAM's write port: WB first, then the write engine's dwords, then the dispatcher.

  always_comb begin
    rf_we = 2'b00;
    rf_w_wave = wb_wave_q;
    rf_w_pair = wb_sdst_q[6:1];
    rf_w_data = wb_sdst_data_q;
    spi_sgpr_ready_o = !wb_ram_q && !sw_we;
    if (wb_ram_q) begin
      rf_we = wb_sdst_we_q;
    end else if (sw_we) begin
      // A scalar load's dwords, one a cycle.
      rf_w_wave = sm_wave_q[sw_tag_q];
      rf_w_pair = sw_code[6:1];
      rf_w_data = {2{sw_data_q[sw_k_q[3:0]]}};
      rf_we = sw_code[0] ? 2'b10 : 2'b01;
    end else if (spi_sgpr_we_i && spi_sgpr_idx_i < SrcNull[6:0]) begin
      rf_w_wave = spi_wave_i;
      rf_w_pair = spi_sgpr_idx_i[6:1];
      rf_w_data = {spi_sgpr_data_i, spi_sgpr_data_i};
      rf_we = spi_sgpr_idx_i[0] ? 2'b10 : 2'b01;
    end
  end

  // ------------------------------------------------------------------------------------------
  // Waitcnt scoreboard. A memory instruction increments its counters when it starts (the DS
  // unit or a memory port takes it) and returns them with the end of its memory work: LGKM
  // for DS and SMEM (a scalar load's once the write engine has written its dwords), VM for
  // GLOBAL and SCRATCH loads (once the late loads' engine has written them, in the order the
  // port took them), the vector invalidates and atomics with GLC, VS for GLOBAL and
  // SCRATCH stores and atomics without; FLAT counts on LGKM too, all returned when its last
  // part (the port's or the DS unit's) answers.
  logic [WaveW-1:0] ds_wave_q;   // the wave of the DS unit's instruction
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) ds_wave_q <= '0;
    else if (ds_go_q || xm_dsgo_q) ds_wave_q <= ds_wave;
  end

  // The VS ring: a request counted on VS_CNT takes the tag at vs_tail_q and is done (its
  // instruction retires); its answer marks the tag answered, in any order; the tag at
  // vs_head_q, once answered, returns its wave's VS_CNT and is freed. So the counters reach
  // each wave in the order its requests were taken (guide 5.6: "the counter-decrement still
  // reflects in-order completion"), whatever order the memory side answers in. (One order for
  // all waves: a wave's return may wait behind an older one of another wave's, never the
  // other way round, so every s_waitcnt still waits for what it must.) A return the direct
  // path makes in the same cycle (a VS-counted instruction with no request) goes first.
  assign xm_vs_ret = xm_done && !(xm_vtake && xm_nb) && xm_vs;
  assign vs_ret = vs_busy_q[vs_head_q] && vs_ans_q[vs_head_q] && !xm_vs_ret;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      vs_busy_q <= '0;
      vs_ans_q <= '0;
      vs_wave_q <= '0;
      vs_head_q <= '0;
      vs_tail_q <= '0;
    end else begin
      if (xm_vtake && xm_nb) begin
        vs_busy_q[vs_tail_q] <= 1'b1;
        vs_ans_q[vs_tail_q] <= 1'b0;
        vs_wave_q[vs_tail_q] <= xm_wave_q;
        vs_tail_q <= vs_tail_q + 1'b1;
      end
      if (vmem_rsp_valid_i && vmem_rsp_tag_i[VmTagW-1 -: 2] == 2'b00) vs_ans_q[vmem_rsp_tag_i[VsTagW-1:0]] <= 1'b1;
      if (vs_ret) begin
        vs_busy_q[vs_head_q] <= 1'b0;
        vs_head_q <= vs_head_q + 1'b1;
      end
    end
  end

  // The VL ring: a late load takes the tag at vl_tail_q when the port takes its request and
  // is done (it retires; an error faults it then, and its entry writes nothing). Its answer,
  // on the port, goes to the write engine, which writes it a pass a cycle into the VGPRs it
  // names (extended as xm_vrsp does; the lanes active when it was taken) in cycles in which
  // WB and the dispatcher write none, and takes it (vmem_rsp_ready_o) with the last pass;
  // the memory side holds it on the port until then. The tag at vl_head_q, once written,
  // returns its wave's VM_CNT and is freed: in the order the port took the loads, whatever
  // order their answers came in (guide 5.6). A return the direct path makes in the same cycle
  // goes first.
  assign ve_act = vmem_rsp_valid_i && vmem_rsp_tag_i[VmTagW-1 -: 2] == 2'b01;
  assign ve_tag = vmem_rsp_tag_i[VsTagW-1:0];
  assign ve_we = ve_act && wb_ven_q == '0 && !spi_vgpr_we_i;
  assign ve_last = ve_we && ve_pass_q == PassW'(Passes - 1);
  assign vmem_rsp_ready_o = !ve_act || ve_last;
  assign xm_vm_ret = xm_done && !(xm_vtake && xm_late_q) &&
                     (xm_kind_q inside {MK_GLOAD, MK_VINV} || (xm_kind_q == MK_GATOMIC && xm_glc_q));
  assign vl_ret = vl_busy_q[vl_head_q] && vl_wr_q[vl_head_q] && !xm_vm_ret;

  always_comb begin
    logic [9:0] rk;
    logic [2:0] dw;
    logic [31:0] d;
    logic [2*NumLanes-1:0] full, half;
    // (Every variable assigned first on every path: a loop for the synthesis otherwise.)
    rk = '0;
    d = '0;
    ve_en = '0;
    ve_reg = '0;
    ve_data = '0;
    dw = ds_el_dwords(vl_size_q[ve_tag]);
    for (int i = 0; i < NumLanes; i++) begin
      full[2*i +: 2] = {2{ve_we && vl_lanes_q[ve_tag][int'(ve_pass_q) * NumLanes + i]}};
      half[2*i +: 2] = full[2*i +: 2] & {vl_hi_q[ve_tag], !vl_hi_q[ve_tag]};
    end
    for (int k = 0; k < 4; k++) begin
      rk = {2'b0, vl_vdst_q[ve_tag]} + 10'(k);
      if (3'(k) < dw && rk < 10'(vcnt_q[vl_wave_q[ve_tag]])) begin
        ve_en[rk[1:0]] = vl_d16_q[ve_tag] ? half : full;
        ve_reg[rk[1:0]] = rk[7:0];
        for (int i = 0; i < NumLanes; i++) begin
          d = vmem_rsp_data_i[int'(ve_pass_q) * NumLanes + i][k];
          if (k == 0) d = load_dword0(d, vl_size_q[ve_tag], vl_sext_q[ve_tag], vl_d16_q[ve_tag]);
          ve_data[rk[1:0]][i] = d;
        end
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      vl_busy_q <= '0;
      vl_wr_q <= '0;
      vl_wave_q <= '0;
      vl_vdst_q <= '0;
      vl_size_q <= '0;
      vl_sext_q <= '0;
      vl_d16_q <= '0;
      vl_hi_q <= '0;
      vl_lanes_q <= '0;
      vl_head_q <= '0;
      vl_tail_q <= '0;
      ve_pass_q <= '0;
      rt_vl_o <= 1'b0;
      rt_vl_tag_o <= '0;
      rt_vl_last_o <= 1'b0;
    end else begin
      if (xm_vtake && xm_late_q) begin
        vl_busy_q[vl_tail_q] <= 1'b1;
        vl_wr_q[vl_tail_q] <= 1'b0;
        vl_wave_q[vl_tail_q] <= xm_wave_q;
        vl_vdst_q[vl_tail_q] <= ex_dec_q.vdst;
        vl_size_q[vl_tail_q] <= xm_size_q;
        vl_sext_q[vl_tail_q] <= xm_sext_q;
        vl_d16_q[vl_tail_q] <= xm_d16_q;
        vl_hi_q[vl_tail_q] <= xm_hi_q;
        vl_lanes_q[vl_tail_q] <= vmem_req_err_i ? '0 : xm_lanes_q;
        vl_tail_q <= vl_tail_q + 1'b1;
      end
      if (ve_we) ve_pass_q <= ve_last ? '0 : ve_pass_q + 1'b1;
      if (ve_last) vl_wr_q[ve_tag] <= 1'b1;
      if (vl_ret) begin
        vl_busy_q[vl_head_q] <= 1'b0;
        vl_head_q <= vl_head_q + 1'b1;
      end
      // The report: the engine's VGPR writes go out on rt_vwe_o .. rt_vdata_o (WB writes none
      // in its cycles), flagged, with the load's tag.
      rt_vl_o <= ve_we;
      rt_vl_tag_o <= ve_tag;
      rt_vl_last_o <= ve_last;
    end
  end

  // The scalar loads' tags (the lowest free one for a request) and the write engine, which
  // takes an answer whenever it is idle (smem_rsp_ready_o, from its register alone). Its
  // LGKM_CNT return waits for a cycle in which the DS unit and the memory ports make none.
  always_comb begin
    sm_free = '0;
    sm_any_free = 1'b0;
    for (int t = SmTags - 1; t >= 0; t--) begin
      if (!sm_busy_q[t]) begin
        sm_free = SmTagW'(t);
        sm_any_free = 1'b1;
      end
    end
  end

  assign lgkm_ds = ds_rsp && !xm_dswait_q;
  assign lgkm_xm = xm_done && ((xm_kind_q inside {MK_SLOAD, MK_SBUFFER, MK_SINV} && !xm_snb) || xm_flat_q);
  assign sw_code = sm_sdata_q[sw_tag_q] + 7'(sw_k_q);
  assign sw_we = sw_on_q && sm_swe_q[sw_tag_q] && sw_k_q != sm_size_q[sw_tag_q] && !wb_ram_q;
  assign sw_fin = sw_on_q && (!sm_swe_q[sw_tag_q] || sw_k_q == sm_size_q[sw_tag_q]) && !lgkm_ds && !lgkm_xm;
  assign smem_rsp_ready_o = !sw_on_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      sm_busy_q <= '0;
      sm_wave_q <= '0;
      sm_sdata_q <= '0;
      sm_size_q <= '0;
      sm_swe_q <= '0;
      sm_dmask_q <= '0;
      sw_on_q <= 1'b0;
      sw_tag_q <= '0;
      sw_k_q <= '0;
      sw_data_q <= '0;
      rt_sl_valid_o <= 1'b0;
      rt_sl_wave_o <= '0;
      rt_sl_tag_o <= '0;
      rt_sl_we_o <= '0;
      rt_sl_sdst_o <= '0;
      rt_sl_data_o <= '0;
    end else begin
      if (xm_snb) begin
        sm_busy_q[sm_free] <= 1'b1;
        sm_wave_q[sm_free] <= xm_wave_q;
        sm_sdata_q[sm_free] <= xm_sdata_q;
        sm_size_q[sm_free] <= xm_size_q;
        sm_swe_q[sm_free] <= xm_swe_q;
        sm_dmask_q[sm_free] <= xm_smask_q;
      end
      if (smem_rsp_valid_i && smem_rsp_ready_o) begin
        sw_on_q <= 1'b1;
        sw_tag_q <= smem_rsp_tag_i;
        sw_k_q <= '0;
        for (int k = 0; k < 16; k++) begin
          sw_data_q[k] <= sm_dmask_q[smem_rsp_tag_i][k] ? smem_rsp_data_i[k] : 32'd0;
        end
      end
      if (sw_we) sw_k_q <= sw_k_q + 5'd1;
      // The report: every dword the load wrote, once the last is written.
      rt_sl_valid_o <= sw_fin;
      if (sw_fin) begin
        sw_on_q <= 1'b0;
        sm_busy_q[sw_tag_q] <= 1'b0;
        rt_sl_wave_o <= sm_wave_q[sw_tag_q];
        rt_sl_tag_o <= sw_tag_q;
        rt_sl_we_o <= sm_swe_q[sw_tag_q] ? 16'((17'd1 << sm_size_q[sw_tag_q]) - 17'd1) : 16'd0;
        rt_sl_sdst_o <= sm_sdata_q[sw_tag_q];
        rt_sl_data_o <= sw_data_q;
      end
    end
  end

  // An atomic counts on VM when it returns the old value (GLC), on VS when it does not.
  cnt_flags_t xm_inc;
  always_comb begin
    xm_inc = ex_dec_q.inc;
    if (ex_dec_q.mem.kind == MK_GATOMIC) begin
      xm_inc.vm = ex_dec_q.glc[0];
      xm_inc.vs = !ex_dec_q.glc[0];
    end
  end

  cu_waitcnt #(.NumWaves(NumWaves)) u_waitcnt (
    .clk_i,
    .rst_ni,
    .inc_valid_i (ds_go_q || xm_go_q),
    .inc_wave_i  (ex_wave_q),
    .inc_i       (xm_inc),
{%- for c in counters %}
{%- if c.name == "lgkm" %}
    .ret_{{ c.name }}_valid_i(lgkm_ds || lgkm_xm || sw_fin),
    .ret_{{ c.name }}_wave_i(lgkm_ds ? ds_wave_q : lgkm_xm ? xm_wave_q : sm_wave_q[sw_tag_q]),
{%- else if c.name == "vm" %}
    .ret_{{ c.name }}_valid_i(xm_vm_ret || vl_ret),
    .ret_{{ c.name }}_wave_i(xm_vm_ret ? xm_wave_q : vl_wave_q[vl_head_q]),
{%- else if c.name == "vs" %}
    .ret_{{ c.name }}_valid_i(xm_vs_ret || vs_ret),
    .ret_{{ c.name }}_wave_i(xm_vs_ret ? xm_wave_q : vs_wave_q[vs_head_q]),
{%- else %}
    .ret_{{ c.name }}_valid_i(1'b0),
    .ret_{{ c.name }}_wave_i('0),
{%- endif %}
{%- endfor %}
    .query_wave_i(ex_wave_q),
    .query_thr_i (wait_thr),
    .query_ok_o  (wait_query_ok),
    .wait_valid_i(ex_wait),
    .wait_wave_i (ex_wave_q),
    .wait_thr_i  (wait_thr),
    .stall_o     (wait_stall),
    .full_o      (cnt_full),
    .cnt_o       (wave_cnt_o),
    .underflow_o (cnt_error_o)
  );

  // Performance: the waves an s_waitcnt holds, and each DS instruction's bank cycles (the
  // co-simulation checks them against the bank rule computed from the lanes' addresses).
  assign perf_wait_o = wait_stall;
  assign perf_ds_valid_o = ds_rsp;
  assign perf_ds_wave_o = ds_wave_q;
  assign perf_ds_cycles_o = ds_cycles;

  // Which wave issues: the co-simulation holds each wave's issue cycles to a reference of the
  // sequencing rules (sim/src/issue_timing.rs).
  assign issue_valid_o = is_valid;
  assign issue_wave_o = is_wave;

  // ------------------------------------------------------------------------------------------
  // Instruction fetch: round robin over waves that have room for two dwords.
  logic [NumWaves-1:0] f_cand;
  logic                f_valid;
  logic [WaveW-1:0]    f_wave;

  always_comb begin
    for (int w = 0; w < NumWaves; w++) begin
      f_cand[w] = st_q[w] == WsRun && !fpend_q[w] && !ferr_q[w] && ibn_q[w] <= 4'd4;
    end
  end

  cu_rr_arb #(.N(NumWaves)) u_fetch_arb (
    .clk_i,
    .rst_ni,
    .req_i  (f_cand),
    .take_i (imem_req_ready_i),
    .valid_o(f_valid),
    .idx_o  (f_wave)
  );

  assign imem_req_valid_o = f_valid;
  assign imem_req_wave_o = f_wave;
  assign imem_req_addr_o = pc_q[f_wave] + {42'd0, ibn_q[f_wave], 2'b00};

  // ------------------------------------------------------------------------------------------
  // Next state of every wave: control at the end of EX, registers at the end of WB.
  logic [NumWaves-1:0] bar_release;
  logic [WgW-1:0]      ex_wg;

  always_comb begin
    // A wave at a barrier goes on when every running wave of its workgroup is there.
    for (int w = 0; w < NumWaves; w++) begin
      bar_release[w] = bar_q[w];
      for (int v = 0; v < NumWaves; v++) begin
        if (st_q[v] == WsRun && wg_q[v] == wg_q[w] && !bar_q[v]) bar_release[w] = 1'b0;
      end
    end
  end

  assign ex_wg = wg_q[ex_wave_q];

  // A fetch answer's dwords before the first one without memory.
  logic [2:0] rsp_good;
  always_comb begin
    rsp_good = 3'd4;
    for (int k = 3; k >= 0; k--) rsp_good = imem_rsp_err_i[k] ? 3'(k) : rsp_good;
  end

  // The branches RA resolves (see ra_br).
  logic ex_early_br;
  assign ex_early_br = ex_dec_q.op inside {OP_S_BRANCH, OP_S_CBRANCH_SCC0, OP_S_CBRANCH_SCC1,
                                           OP_S_CBRANCH_VCCZ, OP_S_CBRANCH_VCCNZ, OP_S_CBRANCH_EXECZ,
                                           OP_S_CBRANCH_EXECNZ};

  always_comb begin
    st_d = st_q;
    pc_d = pc_q;
    ib_d = ib_q;
    ibn_d = ibn_q;
    fpend_d = fpend_q;
    fstale_d = fstale_q;
    ferr_d = ferr_q;
    busy_d = busy_q;
    scc_d = scc_q;
    vccz_d = vccz_q;
    exec_d = exec_q;
    m0_d = m0_q;
    mode_d = mode_q;
    sleep_d = sleep_q;
    slp_d = slp_q;
    bar_d = bar_q & ~bar_release;
    wg_d = wg_q;

    for (int w = 0; w < NumWaves; w++) begin
      if (sleep_q[w] != 13'd0) sleep_d[w] = sleep_q[w] - 13'd1;
      if (sleep_d[w] == 13'd0) slp_d[w] = 1'b0;
    end

    // Issue.
    if (is_valid) begin
      busy_d[is_wave] = 1'b1;
    end

    // EX: the last beat of an instruction moves its wave on.
    if (ex_valid && ex_last_q) begin
      busy_d[ex_wave_q] = 1'b0;
      if (ex_retire) begin
        if (ex_status == RtFault || ex_status == RtEndpgm) begin
          st_d[ex_wave_q] = WsDone;
        end
        if (ex_sleep != 13'd0) begin
          sleep_d[ex_wave_q] = ex_sleep;
          slp_d[ex_wave_q] = ex_sleep_wakeable;
        end
        if (ex_wakeup) begin
          for (int v = 0; v < NumWaves; v++) begin
            if (wg_q[v] == ex_wg && slp_q[v]) begin
              sleep_d[v] = 13'd0;
              slp_d[v] = 1'b0;
            end
          end
        end
        if (ex_barrier) bar_d[ex_wave_q] = 1'b1;
        // Advance the instruction buffer, or empty it for a jump (a taken SOPP branch did so in
        // RA).
        if (ex_status != RtFault && !(ex_early_br && ex_flush)) begin
          pc_d[ex_wave_q] = ex_next_pc;
          if (ex_flush) begin
            ibn_d[ex_wave_q] = 4'd0;
            ferr_d[ex_wave_q] = 1'b0;
            if (fpend_q[ex_wave_q] || (f_valid && imem_req_ready_i && f_wave == ex_wave_q)) begin
              fstale_d[ex_wave_q] = 1'b1;
            end
          end else begin
            for (int i = 0; i < 8; i++) begin
              ib_d[ex_wave_q][i] = (i + int'(ex_dec_q.dwords) < 8) ?
                                   ib_q[ex_wave_q][i + int'(ex_dec_q.dwords)] : 32'd0;
            end
            ibn_d[ex_wave_q] = ibn_q[ex_wave_q] - 4'(ex_dec_q.dwords);
          end
        end
      end
    end

    // RA: a taken SOPP branch.
    if (ra_br_taken) begin
      pc_d[ra_wave_q] = ra_br_target;
      ibn_d[ra_wave_q] = 4'd0;
      ferr_d[ra_wave_q] = 1'b0;
      if (fpend_q[ra_wave_q] || (f_valid && imem_req_ready_i && f_wave == ra_wave_q)) begin
        fstale_d[ra_wave_q] = 1'b1;
      end
    end

    // WB: scalar state.
    if (wb_valid_q) begin
      if (wb_scc_we_q) scc_d[wb_wave_q] = wb_scc_q;
      if (wb_exec_we_q[0]) exec_d[wb_wave_q][31:0] = wb_exec_q[31:0];
      if (wb_exec_we_q[1]) exec_d[wb_wave_q][63:32] = wb_exec_q[63:32];
      if (wb_mode_we_q) mode_d[wb_wave_q] = wb_mode_q;
      if (wb_m0_q) m0_d[wb_wave_q] = wb_sdst_data_q[31:0];
      if (wb_exec_dst_q) begin
        if (wb_sdst_we_q[0]) exec_d[wb_wave_q][31:0] = wb_sdst_data_q[31:0];
        if (wb_sdst_we_q[1]) exec_d[wb_wave_q][63:32] = wb_sdst_data_q[63:32];
      end
      if (wb_ram_q && wb_sdst_q == SrcVccLo[6:0] && wb_sdst_we_q[0]) begin
        vccz_d[wb_wave_q] = wb_sdst_data_q[31:0] == 32'd0;
      end
    end
    if (sw_we && sw_code == SrcVccLo[6:0]) begin
      vccz_d[sm_wave_q[sw_tag_q]] = sw_data_q[sw_k_q[3:0]] == 32'd0;
    end

    // Fetch answer: append the dwords before the first one without memory, unless the answer
    // belongs to an abandoned stream.
    if (imem_rsp_valid_i) begin
      fpend_d[imem_rsp_wave_i] = 1'b0;
      if (fstale_q[imem_rsp_wave_i] || fstale_d[imem_rsp_wave_i] || st_q[imem_rsp_wave_i] != WsRun) begin
        fstale_d[imem_rsp_wave_i] = 1'b0;
      end else begin
        for (int i = 0; i < 8; i++) begin
          for (int k = 0; k < 4; k++) begin
            if (i == int'(ibn_d[imem_rsp_wave_i]) + k && rsp_good > 3'(k)) begin
              ib_d[imem_rsp_wave_i][i] = imem_rsp_data_i[k];
            end
          end
        end
        ibn_d[imem_rsp_wave_i] = ibn_d[imem_rsp_wave_i] + {1'b0, rsp_good};
        ferr_d[imem_rsp_wave_i] = rsp_good != 3'd4;
      end
    end

    // Fetch request.
    if (f_valid && imem_req_ready_i) begin
      fpend_d[f_wave] = 1'b1;
    end

    // Dispatcher: scalar registers held in flops, launch and start.
    if (spi_sgpr_we_i && spi_sgpr_ready_o) begin
      if (spi_sgpr_idx_i == SrcM0[6:0]) m0_d[spi_wave_i] = spi_sgpr_data_i;
      if (spi_sgpr_idx_i == SrcExecLo[6:0]) exec_d[spi_wave_i][31:0] = spi_sgpr_data_i;
      if (spi_sgpr_idx_i == SrcExecLo[6:0] + 7'd1) exec_d[spi_wave_i][63:32] = spi_sgpr_data_i;
      if (spi_sgpr_idx_i == SrcVccLo[6:0]) vccz_d[spi_wave_i] = spi_sgpr_data_i == 32'd0;
    end
    if (spi_launch_i) begin
      st_d[spi_wave_i] = WsReady;
      pc_d[spi_wave_i] = spi_pc_i & PcMask;
      mode_d[spi_wave_i] = spi_mode_i;
      wg_d[spi_wave_i] = spi_wg_i;
      ibn_d[spi_wave_i] = 4'd0;
      ferr_d[spi_wave_i] = 1'b0;
      fstale_d[spi_wave_i] = fpend_d[spi_wave_i];
      scc_d[spi_wave_i] = 1'b0;
      sleep_d[spi_wave_i] = 13'd0;
      slp_d[spi_wave_i] = 1'b0;
      bar_d[spi_wave_i] = 1'b0;
    end
    if (spi_start_i) begin
      for (int w = 0; w < NumWaves; w++) begin
        if (spi_start_mask_i[w] && st_q[w] == WsReady) st_d[w] = WsRun;
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      st_q <= {NumWaves{WsIdle}};
      pc_q <= '0;
      ib_q <= '0;
      ibn_q <= '0;
      fpend_q <= '0;
      fstale_q <= '0;
      ferr_q <= '0;
      busy_q <= '0;
      scc_q <= '0;
      vccz_q <= '1;
      exec_q <= '0;
      m0_q <= '0;
      mode_q <= '0;
      sleep_q <= '0;
      slp_q <= '0;
      bar_q <= '0;
      wg_q <= '0;
    end else begin
      st_q <= st_d;
      pc_q <= pc_d;
      ib_q <= ib_d;
      ibn_q <= ibn_d;
      fpend_q <= fpend_d;
      fstale_q <= fstale_d;
      ferr_q <= ferr_d;
      busy_q <= busy_d;
      scc_q <= scc_d;
      vccz_q <= vccz_d;
      exec_q <= exec_d;
      m0_q <= m0_d;
      mode_q <= mode_d;
      sleep_q <= sleep_d;
      slp_q <= slp_d;
      bar_q <= bar_d;
      wg_q <= wg_d;
    end
  end

  // Each wave's VGPRs are released by MSG_DEALLOC_VGPRS and back at launch.
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      vrel_q <= '0;
    end else begin
      if (ex_retire && ex_vrel && ex_status != RtFault) vrel_q[ex_wave_q] <= 1'b1;
      if (spi_launch_i) vrel_q[spi_wave_i] <= 1'b0;
    end
  end

  // Each wave's VGPR count, set at launch (the model's Vgprs at most): its reads past it see
  // v0, its writes past it are dropped.
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      vcnt_q <= {NumWaves{9'(Vgprs)}};
    end else if (spi_launch_i) begin
      vcnt_q[spi_wave_i] <= (spi_vgprs_i < 9'(Vgprs)) ? spi_vgprs_i : 9'(Vgprs);
    end
  end

  // Each wave's LDS allocation and private segment, set at launch.
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      ldsb_q <= '0;
      ldss_q <= '0;
      scrb_q <= '0;
      scrs_q <= '0;
    end else if (spi_launch_i) begin
      ldsb_q[spi_wave_i] <= spi_lds_base_i;
      ldss_q[spi_wave_i] <= spi_lds_size_i;
      scrb_q[spi_wave_i] <= spi_scratch_base_i;
      scrs_q[spi_wave_i] <= spi_scratch_size_i;
    end
  end

  for (genvar w = 0; w < NumWaves; w++) begin : gen_running
    assign wave_running_o[w] = st_q[w] == WsRun;
  end

  // ------------------------------------------------------------------------------------------
  // Retire port, registered from WB.
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      rt_valid_o <= 1'b0;
      rt_wave_o <= '0;
      rt_pc_o <= '0;
      rt_inst_o <= '0;
      rt_dwords_o <= '0;
      rt_status_o <= '0;
      rt_fault_o <= '0;
      rt_next_pc_o <= '0;
      rt_sdst_we_o <= '0;
      rt_sdst_o <= '0;
      rt_sdst_data_o <= '0;
      rt_exec_we_o <= 2'b00;
      rt_exec_o <= '0;
      rt_scc_we_o <= 1'b0;
      rt_scc_o <= 1'b0;
      rt_mode_we_o <= 1'b0;
      rt_mode_o <= '0;
      rt_vwave_o <= '0;
      rt_vpass_o <= '0;
      rt_vwe_o <= '0;
      rt_vreg_o <= '0;
      rt_vdata_o <= '0;
    end else begin
      rt_valid_o <= wb_valid_q;
      rt_wave_o <= wb_wave_q;
      rt_pc_o <= wb_pc_q;
      rt_inst_o <= wb_inst_q;
      rt_dwords_o <= wb_dwords_q;
      rt_status_o <= wb_status_q;
      rt_fault_o <= wb_fault_q;
      rt_next_pc_o <= wb_next_pc_q;
      rt_sdst_we_o <= wb_sdst_we_q;
      rt_sdst_o <= wb_sdst_q;
      rt_sdst_data_o <= wb_sdst_data_q;
      rt_exec_we_o <= wb_exec_we_q;
      rt_exec_o <= wb_exec_q;
      rt_scc_we_o <= wb_scc_we_q;
      rt_scc_o <= wb_scc_q;
      rt_mode_we_o <= wb_mode_we_q;
      rt_mode_o <= wb_mode_q;
      rt_vwave_o <= ve_we ? vl_wave_q[ve_tag] : wb_vwave_q;
      rt_vpass_o <= ve_we ? ve_pass_q : wb_vpass_q;
      rt_vwe_o <= ve_we ? ve_en : wb_ven_q;
      rt_vreg_o <= ve_we ? ve_reg : wb_vreg_q;
      rt_vdata_o <= ve_we ? ve_data : wb_vdata_q;
    end
  end

endmodule
