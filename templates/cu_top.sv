{{ header }}
// The compute unit: several waves, each with its own PC, instruction buffer and scalar state,
// issued interleaved by a round-robin arbiter into a two-stage pipeline:
//
//   IS  pick a ready wave, decode the head of its instruction buffer, present the register
//       addresses to the SGPR RAM (synchronous read);
//   EX  operands arrive; the scalar ALU, the branch unit, the sequencer (nop, sleep, barrier,
//       endpgm) and the waitcnt scoreboard execute; results are written at the end of the
//       cycle and reported on the retire port one cycle later.
//
// A wave has at most one instruction in flight, so there are no register hazards and no
// forwarding; other waves fill the pipeline. Instruction fetch runs ahead: each wave keeps up
// to four dwords from its PC and asks the instruction memory for two more whenever at most
// two are buffered. A taken branch empties the buffer, and the answer to a fetch made before
// it is dropped.
//
// Interfaces:
//   spi_*   wave setup by the dispatcher: scalar register writes, launch (PC, MODE,
//           workgroup), and a start pulse that lets a set of launched waves run together;
//   imem_*  instruction fetch: two dwords from a dword address, answered in any order,
//           tagged by wave, with an error flag per dword where there is no memory;
//   rt_*    the retire port: every retired instruction with its architectural writes, in
//           retire order (co-simulation reads only this port and the memory ports).
module cu_top
  import cu_pkg::*;
#(
  parameter int unsigned NumWaves = {{ num_waves }},
  parameter int unsigned WgW = 4,
  localparam int unsigned WaveW = (NumWaves > 1) ? $clog2(NumWaves) : 1
) (
  input  logic                  clk_i,
  input  logic                  rst_ni,

  // Wave setup.
  input  logic [WaveW-1:0]      spi_wave_i,
  input  logic                  spi_sgpr_we_i,
  input  logic [6:0]            spi_sgpr_idx_i,
  input  logic [31:0]           spi_sgpr_data_i,
  output logic                  spi_sgpr_ready_o,
  input  logic                  spi_launch_i,
  input  logic [47:0]           spi_pc_i,
  input  logic [31:0]           spi_mode_i,
  input  logic [WgW-1:0]        spi_wg_i,
  input  logic                  spi_start_i,
  input  logic [NumWaves-1:0]   spi_start_mask_i,

  // Instruction fetch.
  output logic                  imem_req_valid_o,
  input  logic                  imem_req_ready_i,
  output logic [47:0]           imem_req_addr_o,
  output logic [WaveW-1:0]      imem_req_wave_o,
  input  logic                  imem_rsp_valid_i,
  input  logic [WaveW-1:0]      imem_rsp_wave_i,
  input  logic [63:0]           imem_rsp_data_i,
  input  logic [1:0]            imem_rsp_err_i,  // per dword: no memory at that address

  // Retire port.
  output logic                  rt_valid_o,
  output logic [WaveW-1:0]      rt_wave_o,
  output logic [47:0]           rt_pc_o,
  output logic [InstBits-1:0]   rt_inst_o,
  output logic [1:0]            rt_dwords_o,
  output logic [1:0]            rt_status_o,    // RtRetired, RtEndpgm, RtBarrier, RtFault
  output logic [1:0]            rt_fault_o,     // FaultFetch, FaultIllegal, FaultNotImpl
  output logic [47:0]           rt_next_pc_o,
  output logic [1:0]            rt_sdst_we_o,   // dwords written at rt_sdst_o, rt_sdst_o + 1
  output logic [6:0]            rt_sdst_o,      // even
  output logic [63:0]           rt_sdst_data_o,
  output logic [1:0]            rt_exec_we_o,   // EXEC dwords written (before the SDST write)
  output logic [63:0]           rt_exec_o,
  output logic                  rt_scc_we_o,
  output logic                  rt_scc_o,
  output logic                  rt_mode_we_o,
  output logic [31:0]           rt_mode_o,

  // Status.
  output logic [NumWaves-1:0]   wave_running_o,  // started and not yet ended
  output cnt_t [NumWaves-1:0]   wave_cnt_o,      // wait counters
  output logic                  cnt_error_o      // a memory return found its counter at zero
);

  // Retire status and fault codes.
  localparam logic [1:0] RtRetired = 2'd0;
  localparam logic [1:0] RtEndpgm = 2'd1;
  localparam logic [1:0] RtBarrier = 2'd2;
  localparam logic [1:0] RtFault = 2'd3;
  localparam logic [1:0] FaultFetch = 2'd1;
  localparam logic [1:0] FaultIllegal = 2'd2;
  localparam logic [1:0] FaultNotImpl = 2'd3;

  localparam logic [47:0] PcMask = 48'hffff_ffff_fffc;

  typedef enum logic [1:0] {
    WsIdle,     // no program
    WsReady,    // launched, waiting for the start pulse
    WsRun,
    WsDone      // ended or faulted
  } wstate_e;

  // ------------------------------------------------------------------------------------------
  // Per-wave state.
  wstate_e [NumWaves-1:0]           st_q, st_d;
  logic [NumWaves-1:0][47:0]        pc_q, pc_d;          // address of ib_q[w][0]
  logic [NumWaves-1:0][3:0][31:0]   ib_q, ib_d;          // instruction buffer
  logic [NumWaves-1:0][2:0]         ibn_q, ibn_d;        // valid dwords in it
  logic [NumWaves-1:0]              fpend_q, fpend_d;    // a fetch is outstanding
  logic [NumWaves-1:0]              fstale_q, fstale_d;  // ... and its answer must be dropped
  logic [NumWaves-1:0]              ferr_q, ferr_d;      // the last fetch found no memory
  logic [NumWaves-1:0]              busy_q, busy_d;      // an instruction is in EX
  logic [NumWaves-1:0]              scc_q, scc_d;
  logic [NumWaves-1:0]              vccz_q, vccz_d;      // VCC[31:0] == 0
  logic [NumWaves-1:0][63:0]        exec_q, exec_d;
  logic [NumWaves-1:0][31:0]        m0_q, m0_d;
  logic [NumWaves-1:0][31:0]        mode_q, mode_d;
  logic [NumWaves-1:0][12:0]        sleep_q, sleep_d;    // cycles before the next issue
  logic [NumWaves-1:0]              slp_q, slp_d;        // the sleep is an s_sleep (wakeable)
  logic [NumWaves-1:0]              bar_q, bar_d;        // waiting at s_barrier
  logic [NumWaves-1:0][WgW-1:0]     wg_q, wg_d;

  // ------------------------------------------------------------------------------------------
  // Issue stage.
  logic [NumWaves-1:0]  has_inst;     // the buffer holds the whole head instruction
  logic [NumWaves-1:0]  fetch_fault;  // ... never will: the fetch found no memory
  logic [NumWaves-1:0]  eligible;
  logic [NumWaves-1:0]  wait_stall, cnt_full;
  logic                 is_valid;
  logic [WaveW-1:0]     is_wave;
  logic [InstBits-1:0]  is_inst;
  decoded_t             is_dec;
  logic [31:0]          is_m0;

  always_comb begin
    for (int w = 0; w < NumWaves; w++) begin
      has_inst[w] = ibn_q[w] != 3'd0 &&
                    {1'b0, ibn_q[w]} >= {2'b0, inst_dwords(LenBits'({ib_q[w][1], ib_q[w][0]}))};
      fetch_fault[w] = !has_inst[w] && ferr_q[w] && !fpend_q[w];
      eligible[w] = st_q[w] == WsRun && !busy_q[w] && sleep_q[w] == 13'd0 && !bar_q[w] &&
                    !wait_stall[w] && (has_inst[w] || fetch_fault[w]);
    end
  end

  cu_rr_arb #(.N(NumWaves)) u_issue_arb (
    .clk_i,
    .rst_ni,
    .req_i  (eligible),
    .take_i (1'b1),
    .valid_o(is_valid),
    .idx_o  (is_wave)
  );

  always_comb begin
    is_inst = InstBits'({ib_q[is_wave][3], ib_q[is_wave][2], ib_q[is_wave][1], ib_q[is_wave][0]});
    is_m0 = m0_q[is_wave];
  end

  cu_decode u_decode (
    .inst_i(is_inst),
    .dec_o (is_dec)
  );

  // Register addresses. Port A reads SSRC0 (or the M0-relative source of s_movrels*); port B
  // reads SDST when the instruction reads its destination, SSRC1 otherwise.
  logic [7:0]  is_src_a;       // operand code whose value port A provides
  logic [6:0]  is_dst;         // destination code (M0-relative for s_movreld*)
  logic        is_dst_ok;      // the destination is in range
  logic        is_movrel_src, is_movrel_dst;
  logic [32:0] rel_src, rel_dst;
  logic [31:0] rel_src_off, rel_dst_off;
  logic        rel64;

  always_comb begin
    is_movrel_src = is_dec.op inside {OP_S_MOVRELS_B32, OP_S_MOVRELS_B64, OP_S_MOVRELSD_2_B32};
    is_movrel_dst = is_dec.op inside {OP_S_MOVRELD_B32, OP_S_MOVRELD_B64, OP_S_MOVRELSD_2_B32};
    rel64 = is_dec.op inside {OP_S_MOVRELS_B64, OP_S_MOVRELD_B64};
    rel_src_off = (is_dec.op == OP_S_MOVRELSD_2_B32) ? {22'd0, is_m0[9:0]} : is_m0;
    rel_dst_off = (is_dec.op == OP_S_MOVRELSD_2_B32) ? {22'd0, is_m0[25:16]} : is_m0;
    if (rel64) begin
      rel_src_off[0] = 1'b0;
      rel_dst_off[0] = 1'b0;
    end
    rel_src = {25'd0, is_dec.ssrc0[7:1], is_dec.ssrc0[0] & !rel64} + {1'b0, rel_src_off};
    rel_dst = {26'd0, is_dec.sdst[6:1], is_dec.sdst[0] & !rel64} + {1'b0, rel_dst_off};

    // M0-relative indexing stays in the base's region (guide 3.3.1.4): SGPRs and VCC
    // (0..107) or TTMPs (108..123); out of range, a source reads s0 and a destination is
    // not written. Other bases are not indexed.
    is_src_a = is_dec.ssrc0;
    if (is_movrel_src && is_dec.ssrc0 < 8'd124) begin
      if (rel_src <= ((is_dec.ssrc0 < SrcTtmp0) ? 33'd107 : 33'd123) - {32'd0, rel64}) begin
        is_src_a = rel_src[7:0];
      end else begin
        is_src_a = 8'd0;
      end
    end
    is_dst = is_dec.sdst;
    is_dst_ok = 1'b1;
    if (is_movrel_dst && is_dec.sdst < 7'd124) begin
      if (rel_dst <= ((is_dec.sdst < SrcTtmp0[6:0]) ? 33'd107 : 33'd123) - {32'd0, rel64}) begin
        is_dst = rel_dst[6:0];
      end else begin
        is_dst_ok = 1'b0;
      end
    end
  end

  // ------------------------------------------------------------------------------------------
  // SGPR RAM.
  logic [63:0]      ra_data, rb_data;
  logic [1:0]       rf_we;
  logic [WaveW-1:0] rf_w_wave;
  logic [5:0]       rf_w_pair;
  logic [63:0]      rf_w_data;
  logic [5:0]       rb_pair;

  assign rb_pair = is_dec.dst_rd ? is_dec.sdst[6:1] : is_dec.ssrc1[6:1];

  cu_sgpr_file #(.NumWaves(NumWaves)) u_sgpr_file (
    .clk_i,
    .ra_wave_i(is_wave),
    .ra_pair_i(is_src_a[6:1]),
    .ra_data_o(ra_data),
    .rb_wave_i(is_wave),
    .rb_pair_i(rb_pair),
    .rb_data_o(rb_data),
    .we_i     (rf_we),
    .w_wave_i (rf_w_wave),
    .w_pair_i (rf_w_pair),
    .w_data_i (rf_w_data)
  );

  // ------------------------------------------------------------------------------------------
  // EX stage registers.
  logic                ex_valid_q;
  logic [WaveW-1:0]    ex_wave_q;
  logic [47:0]         ex_pc_q;
  logic [InstBits-1:0] ex_inst_q;
  decoded_t            ex_dec_q;
  logic                ex_fetch_fault_q;
  logic [7:0]          ex_src_a_q;
  logic                ex_movrel_src_q;
  logic [6:0]          ex_dst_q;
  logic                ex_dst_ok_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      ex_valid_q <= 1'b0;
      ex_wave_q <= '0;
      ex_pc_q <= '0;
      ex_inst_q <= '0;
      ex_dec_q <= '0;
      ex_fetch_fault_q <= 1'b0;
      ex_src_a_q <= '0;
      ex_movrel_src_q <= 1'b0;
      ex_dst_q <= '0;
      ex_dst_ok_q <= 1'b0;
    end else begin
      ex_valid_q <= is_valid;
      ex_wave_q <= is_wave;
      ex_pc_q <= pc_q[is_wave];
      ex_inst_q <= is_inst;
      ex_dec_q <= is_dec;
      ex_fetch_fault_q <= fetch_fault[is_wave];
      ex_src_a_q <= is_src_a;
      ex_movrel_src_q <= is_movrel_src;
      ex_dst_q <= is_dst;
      ex_dst_ok_q <= is_dst_ok;
    end
  end

  // ------------------------------------------------------------------------------------------
  // EX: operands.
  logic [31:0] ex_m0;
  logic [63:0] ex_exec;
  logic        ex_scc;
  logic [63:0] ex_s0, ex_s1, ex_d;

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

  assign ex_m0 = m0_q[ex_wave_q];
  assign ex_exec = exec_q[ex_wave_q];
  assign ex_scc = scc_q[ex_wave_q];
  assign ex_s0 = src_value(ex_movrel_src_q ? ex_src_a_q : ex_dec_q.ssrc0, ex_dec_q.src0_64, ex_dec_q.src0_sext, ra_data,
                           ex_dec_q.literal, ex_scc, ex_m0, ex_exec);
  assign ex_s1 = src_value(ex_dec_q.ssrc1, ex_dec_q.src1_64, ex_dec_q.src1_sext, rb_data,
                           ex_dec_q.literal, ex_scc, ex_m0, ex_exec);
  assign ex_d = ex_dec_q.dst_rd ? src_value({1'b0, ex_dec_q.sdst}, ex_dec_q.dst_64, 1'b0, rb_data,
                                           ex_dec_q.literal, ex_scc, ex_m0, ex_exec) : 64'd0;

  // ------------------------------------------------------------------------------------------
  // EX: scalar ALU.
  logic        alu_valid, alu_d_we, alu_scc, alu_scc_we, alu_mode_we, alu_hwreg_bad;
  logic [1:0]  alu_exec_we;
  logic [63:0] alu_d, alu_exec;
  logic [31:0] alu_mode;

  cu_salu u_salu (
    .op_i       (ex_dec_q.op),
    .s0_i       (ex_s0),
    .s1_i       (ex_s1),
    .d_i        (ex_d),
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
  // EX: branch unit, sequencer and waits.
  logic [47:0] seq_pc, rel_target, ret_addr;
  logic [63:0] ret_addr64;
  cnt_t        wait_thr;
  logic        wait_query_ok;

  assign seq_pc = ex_pc_q + {44'd0, ex_dec_q.dwords, 2'b00};
  assign rel_target = ex_pc_q + 48'd4 + { {30{ex_dec_q.simm16[15]}}, ex_dec_q.simm16, 2'b00};
  assign ret_addr = ex_pc_q + 48'd4;
  assign ret_addr64 = { {16{ret_addr[47]}}, ret_addr};

  // Result of the EX stage.
  logic        ex_retire;          // something retires (a wait that does not pass does not)
  logic [1:0]  ex_status, ex_fault;
  logic [47:0] ex_next_pc;
  logic        ex_flush;           // next_pc is not the sequential PC
  logic        ex_d_we;            // the instruction writes its destination
  logic [63:0] ex_d_val;
  logic        ex_wait;            // register a wait with the scoreboard
  logic        ex_scc_we, ex_mode_we;
  logic [1:0]  ex_exec_we;
  logic [12:0] ex_sleep;
  logic        ex_sleep_wakeable, ex_wakeup, ex_barrier;

  always_comb begin
    ex_retire = ex_valid_q;
    ex_status = RtRetired;
    ex_fault = 2'd0;
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
    wait_thr = '1;

    if (ex_fetch_fault_q) begin
      ex_status = RtFault;
      ex_fault = FaultFetch;
    end else if (ex_dec_q.inc != '0 && cnt_full[ex_wave_q]) begin
      // A counter the instruction increments is at its maximum: try again later.
      ex_retire = 1'b0;
    end else if (!ex_dec_q.valid || ex_dec_q.illegal_src) begin
      ex_status = RtFault;
      ex_fault = FaultIllegal;
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
        OP_S_SETPC_B64: ex_next_pc = ex_s0[47:0] & PcMask;
        OP_S_SWAPPC_B64: begin
          ex_d_we = 1'b1;
          ex_d_val = ret_addr64;
          ex_next_pc = ex_s0[47:0] & PcMask;
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
            OP_S_WAITCNT_VSCNT: wait_thr.vs = ex_d[5:0] + ex_dec_q.simm16[5:0];
            OP_S_WAITCNT_VMCNT: wait_thr.vm = ex_d[5:0] + ex_dec_q.simm16[5:0];
            OP_S_WAITCNT_LGKMCNT: wait_thr.lgkm = ex_d[5:0] + ex_dec_q.simm16[5:0];
            OP_S_WAITCNT_EXPCNT: wait_thr.exp = ex_d[2:0] + ex_dec_q.simm16[2:0];
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
    if (!ex_valid_q) begin
      ex_retire = 1'b0;
      ex_wait = 1'b0;
    end
  end

  // ------------------------------------------------------------------------------------------
  // EX: destination. 64-bit destinations are even-aligned; codes 0..107 are RAM, TTMPs
  // (108..123) are writable only in a trap handler, so a write to one is dropped and the
  // instruction's SCC update with it; NULL drops the write; M0 and EXEC are flops.
  logic [6:0] wr_code;
  logic       wr_ram, wr_ttmp, wr_m0, wr_exec;
  logic [1:0] wr_dwords;   // dwords written of the pair {wr_code[6:1], 0} (even, odd)

  always_comb begin
    wr_code = ex_dec_q.dst_64 ? {ex_dst_q[6:1], 1'b0} : ex_dst_q;
    wr_ram = 1'b0;
    wr_ttmp = 1'b0;
    wr_m0 = 1'b0;
    wr_exec = 1'b0;
    wr_dwords = 2'b00;
    if (ex_d_we && ex_dec_q.dst_wr && ex_dst_ok_q && ex_retire) begin
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

  // The RAM's write port: EX first, then the dispatcher.
  logic [63:0] wr_data;
  assign wr_data = ex_dec_q.dst_64 ? ex_d_val : {ex_d_val[31:0], ex_d_val[31:0]};

  always_comb begin
    rf_we = 2'b00;
    rf_w_wave = ex_wave_q;
    rf_w_pair = wr_code[6:1];
    rf_w_data = wr_data;
    spi_sgpr_ready_o = !wr_ram;
    if (wr_ram) begin
      rf_we = wr_dwords;
    end else if (spi_sgpr_we_i && spi_sgpr_idx_i < SrcNull[6:0]) begin
      rf_w_wave = spi_wave_i;
      rf_w_pair = spi_sgpr_idx_i[6:1];
      rf_w_data = {spi_sgpr_data_i, spi_sgpr_data_i};
      rf_we = spi_sgpr_idx_i[0] ? 2'b10 : 2'b01;
    end
  end

  // ------------------------------------------------------------------------------------------
  // Waitcnt scoreboard. No unit increments a counter yet (memory units come later); the
  // scoreboard still decides every wait.
  cu_waitcnt #(.NumWaves(NumWaves)) u_waitcnt (
    .clk_i,
    .rst_ni,
    .inc_valid_i (1'b0),
    .inc_wave_i  ('0),
    .inc_i       ('0),
{%- for c in counters %}
    .ret_{{ c.name }}_valid_i(1'b0),
    .ret_{{ c.name }}_wave_i('0),
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

  // ------------------------------------------------------------------------------------------
  // Instruction fetch: round robin over waves that have room for two dwords.
  logic [NumWaves-1:0] f_cand;
  logic                f_valid;
  logic [WaveW-1:0]    f_wave;

  always_comb begin
    for (int w = 0; w < NumWaves; w++) begin
      f_cand[w] = st_q[w] == WsRun && !fpend_q[w] && !ferr_q[w] && ibn_q[w] <= 3'd2;
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
  assign imem_req_addr_o = pc_q[f_wave] + {43'd0, ibn_q[f_wave], 2'b00};

  // ------------------------------------------------------------------------------------------
  // Next state of every wave.
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

    // EX: commit the instruction's results.
    if (ex_valid_q) begin
      busy_d[ex_wave_q] = 1'b0;
      if (ex_retire) begin
        if (ex_status == RtFault || ex_status == RtEndpgm) begin
          st_d[ex_wave_q] = WsDone;
        end
        if (ex_scc_we && !(ex_dec_q.dst_wr && wr_ttmp)) scc_d[ex_wave_q] = alu_scc;
        if (ex_exec_we[0]) exec_d[ex_wave_q][31:0] = alu_exec[31:0];
        if (ex_exec_we[1]) exec_d[ex_wave_q][63:32] = alu_exec[63:32];
        if (ex_mode_we) mode_d[ex_wave_q] = alu_mode;
        if (wr_m0) m0_d[ex_wave_q] = ex_d_val[31:0];
        if (wr_exec) begin
          if (wr_dwords[0]) exec_d[ex_wave_q][31:0] = wr_data[31:0];
          if (wr_dwords[1]) exec_d[ex_wave_q][63:32] = wr_data[63:32];
        end
        if (wr_ram && wr_code == SrcVccLo[6:0]) vccz_d[ex_wave_q] = wr_data[31:0] == 32'd0;
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
        // Advance the instruction buffer, or empty it for a jump.
        if (ex_status != RtFault) begin
          pc_d[ex_wave_q] = ex_next_pc;
          if (ex_flush) begin
            ibn_d[ex_wave_q] = 3'd0;
            ferr_d[ex_wave_q] = 1'b0;
            if (fpend_q[ex_wave_q] || (f_valid && imem_req_ready_i && f_wave == ex_wave_q)) begin
              fstale_d[ex_wave_q] = 1'b1;
            end
          end else begin
            for (int i = 0; i < 4; i++) begin
              ib_d[ex_wave_q][i] = (i + int'(ex_dec_q.dwords) < 4) ?
                                   ib_q[ex_wave_q][i + int'(ex_dec_q.dwords)] : 32'd0;
            end
            ibn_d[ex_wave_q] = ibn_q[ex_wave_q] - {1'b0, ex_dec_q.dwords};
          end
        end
      end
    end

    // Fetch answer: append two dwords, unless the answer belongs to an abandoned stream.
    if (imem_rsp_valid_i) begin
      fpend_d[imem_rsp_wave_i] = 1'b0;
      if (fstale_q[imem_rsp_wave_i] || fstale_d[imem_rsp_wave_i] || st_q[imem_rsp_wave_i] != WsRun) begin
        fstale_d[imem_rsp_wave_i] = 1'b0;
      end else if (imem_rsp_err_i[0]) begin
        ferr_d[imem_rsp_wave_i] = 1'b1;
      end else begin
        for (int i = 0; i < 4; i++) begin
          if (i == int'(ibn_d[imem_rsp_wave_i])) ib_d[imem_rsp_wave_i][i] = imem_rsp_data_i[31:0];
          if (i == int'(ibn_d[imem_rsp_wave_i]) + 1 && !imem_rsp_err_i[1]) begin
            ib_d[imem_rsp_wave_i][i] = imem_rsp_data_i[63:32];
          end
        end
        // Memory may end after the first dword.
        ibn_d[imem_rsp_wave_i] = ibn_d[imem_rsp_wave_i] + (imem_rsp_err_i[1] ? 3'd1 : 3'd2);
        ferr_d[imem_rsp_wave_i] = imem_rsp_err_i[1];
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
      ibn_d[spi_wave_i] = 3'd0;
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

  for (genvar w = 0; w < NumWaves; w++) begin : gen_running
    assign wave_running_o[w] = st_q[w] == WsRun;
  end

  // ------------------------------------------------------------------------------------------
  // Retire port, registered.
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
    end else begin
      rt_valid_o <= ex_retire;
      rt_wave_o <= ex_wave_q;
      rt_pc_o <= ex_pc_q;
      rt_inst_o <= ex_fetch_fault_q ? '0 : ex_inst_q;
      rt_dwords_o <= ex_fetch_fault_q ? 2'd0 : ex_dec_q.dwords;
      rt_status_o <= ex_status;
      rt_fault_o <= ex_fault;
      rt_next_pc_o <= ex_next_pc;
      rt_sdst_we_o <= wr_dwords;
      rt_sdst_o <= {wr_code[6:1], 1'b0};
      rt_sdst_data_o <= wr_data;
      rt_exec_we_o <= ex_exec_we;
      rt_exec_o <= alu_exec;
      rt_scc_we_o <= ex_scc_we && !(ex_dec_q.dst_wr && wr_ttmp);
      rt_scc_o <= alu_scc;
      rt_mode_we_o <= ex_mode_we;
      rt_mode_o <= alu_mode;
    end
  end

endmodule
