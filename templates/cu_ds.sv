{{ header }}
// The DS unit: executes one DS instruction of a wave32 wave on the LDS (`cu_lds`), for the
// rows whose access `dsctrl_t` names (loads and stores of 1 to 16 bytes, d16 halves, the
// addtid forms, the two-address forms, the two-address exchanges, ds_nop, the integer
// atomics of 4 and 8 bytes, the float atomics (add, min, max and cmpstore of F32, min, max
// and cmpstore of F64), ds_condxchg32_rtn_b64, append and consume, and the lane exchanges:
// swizzle and the permutes), as the golden model does
// (sim/src/golden/ds.rs, sim/src/golden/atomic.rs).
//
// Addressing: a lane's element is at ADDR + {OFFSET1, OFFSET0}, or for the two-address forms
// at ADDR + OFFSETn * bytes (* 64 with stride64); the sum wraps at 32 bits. The addtid forms,
// append and consume read no ADDR: their address is M0[15:0] + {OFFSET1, OFFSET0} plus, for
// addtid, 4 * lane, which the caller puts in addr_i (4 * lane for addtid, 0 for append and
// consume, as its operand collector does). ds_condxchg32_rtn_b64's is the sum's bits 15:3
// (an aligned qword). Addresses are byte
// offsets into the wave's LDS allocation (lds_size_i bytes from dword lds_base_i of the LDS)
// and need no alignment. An element past the allocation in any active lane is a memory
// violation: nothing is written and the answer reports the fault and the lowest such lane.
//
// Lane groups: an element touches E dwords (1 to 5: its bytes and its address's low bits; E
// is the most any active lane's element touches), a lane P = E or 2E dwords. The LDS takes 32
// dwords a request (one per lane for a 4-byte element, as the hardware's 32 lanes), so the
// lanes go in groups of 32, 16, 8 or 4 (the most whose P dwords fit), one request per group
// in lane order; a lane's dwords sit side by side in its group's request, lowest lane first.
// The LDS merges stores to one dword with the highest slot winning, so across and within
// requests the highest lane wins, and a lane's second element wins over its first: the
// golden model's order. Each request takes as many cycles as the most distinct dwords one
// bank must serve in it (rsp_cycles_o sums them).
//
// Atomics and the two-address exchanges (read-modify-writes): the lanes go in rounds, in lane
// order, so that lanes on one dword see each other's results as the golden model's
// lane-by-lane loop does: a round takes every lane still to do none of whose dwords (of
// either element) lies in a bank that a dword of a lane before it still to do lies in (the
// first such lane always goes). Each
// round is, group by group, a load request of its lanes' dwords, then a store request of the
// new values: an atomic lane's ALU computes them from the loaded (pre-op) value, DATA0 and
// DATA1, an exchange stores DATA0 and DATA1 as DK_STORE2 does; the value returned (the `_rtn`
// forms) is the pre-op one, loaded before the lane stores anything, and within a lane the
// second element's store wins, as in the golden model. Lanes of one round use distinct banks,
// so N lanes on one dword (or on N dwords of one bank) take N rounds, each one bank access to
// read the lane's dword and one to write it. ds_condxchg32_rtn_b64 is such a read-modify-write
// of 8 bytes: each dword of DATA0 whose bit 31 is set is stored with that bit clear. Append
// and consume are one of 4 bytes, by lane 0 alone whatever EXEC holds (when any lane is
// active): it adds (subtracts) the count of active lanes, and lane 0's answer is the pre-op
// value, which the caller writes to every active lane; a fault names the lowest active lane.
//
// The float atomics go one lane a round (the lowest still to do), through one float unit
// rather than 32: an F32 adder (a cu_fp32 built for VOPD's Y half, its FMA computing
// DATA0 * 1.0 + the old value) and a comparator of F32 or F64 for min, max and cmpstore. They
// round to nearest even whatever MODE says and flush denormal inputs and results as MODE's
// FP_DENORM bits for the format say (denorm_i, taken with the instruction); min and max
// compare flushed inputs and store a source unmodified, a signalling NaN (DATA0's first)
// made quiet; cmpstore compares flushed values (+0 equals -0, a NaN equals nothing) and
// stores its result flushed (sim/src/golden/atomic.rs). So 32 active lanes take 32 rounds,
// each a load and a store request per lane group.
//
// Lane exchanges (swizzle, permute, bpermute) use no LDS memory: one lane a cycle for 32
// cycles, through one 32-to-1 multiplexer of DATA0's first dword (the caller puts
// ds_swizzle_b32's ADDR there). Swizzle and bpermute: lane c reads the lane that the pattern
// (guide 16.15) or (ADDR + offset) / 4 mod 32 names, or 0 when that lane is inactive.
// Permute: lane c, if active, sends its dword to lane (ADDR + offset) / 4 mod 32, so the
// highest lane wins; lanes no lane sends to read 0.
//
// Timing: an instruction taken in cycle 0 sends its first request in cycle 1; each request
// takes its N cycles plus 3; the answer (rsp_valid_o) follows the last one's, in cycle
// 1 + sum(N + 3), or comes in cycle 1 for a fault. Load data (rsp_data_o, held until the next
// instruction): per lane, the dwords to write from VDST on: one for 1-, 2- and 4-byte loads
// (8- and 16-bit values extended to 32 bits; a d16 load's value in the half `hi` names, for
// the caller to write alone), two to four for the wider ones and the two-address forms (the
// first element in the low dwords). A lane exchange answers in cycle 33, after its 32 lanes.
module cu_ds
  import cu_pkg::*;
#(
  parameter int unsigned LdsBytes = {{ lds_bytes }},
  parameter int unsigned Banks = {{ lds_banks }},
  localparam int unsigned AddrW = $clog2(LdsBytes / 4),
  localparam int unsigned Slots = 32,
  localparam int unsigned CycW = 9
) (
  input  logic                     clk_i,
  input  logic                     rst_ni,
  input  logic                     req_valid_i,
  output logic                     req_ready_o,
  input  dsctrl_t                  ctrl_i,
  input  logic [7:0]               offset0_i,
  input  logic [7:0]               offset1_i,
  input  logic [31:0]              exec_i,
  // The lanes' registers, held from the request to the answer (the caller's operand buffer).
  input  logic [31:0][31:0]        addr_i,      // the ADDR VGPR of every lane
  input  logic [31:0][3:0][31:0]   data0_i,     // DATA0's VGPRs (as many as the row reads)
  input  logic [31:0][1:0][31:0]   data1_i,     // DATA1's (two-address stores)
  input  logic [AddrW-1:0]         lds_base_i,  // the allocation's first dword in the LDS
  input  logic [16:0]              lds_size_i,  // its size in bytes
  input  logic [15:0]              m0_i,        // M0's low half (addtid, append, consume)
  input  logic [3:0]               denorm_i,    // MODE.FP_DENORM: F32 in, out, F64 in, out
  output logic                     rsp_valid_o,
  output logic                     rsp_fault_o,
  output logic [4:0]               rsp_fault_lane_o,
  output logic [CycW-1:0]          rsp_cycles_o,
  output logic [31:0][3:0][31:0]   rsp_data_o
);

  typedef enum logic [2:0] {
    DsIdle,
    DsIssue,   // a group's request goes to the LDS (or the fault is answered)
    DsWait,    // the LDS serves it
    DsXlane,   // a lane exchange, one lane a cycle
    DsDone     // the answer
  } ds_state_e;

  ds_state_e          state_q;
  dsctrl_t            ctrl_q;
  logic [7:0]         off0_q, off1_q;
  logic [31:0]        exec_q;
  logic [AddrW-1:0]   base_q;
  logic [16:0]        size_q;
  logic [15:0]        m0_q;
  logic [3:0]         den_q;      // MODE.FP_DENORM of the instruction (the float atomics)
  logic [4:0]         xcnt_q;     // a lane exchange's lane
  logic [2:0]         grp_q;      // the group being served
  logic [CycW-1:0]    cycles_q;
  logic [31:0]        pend_q;     // a read-modify-write's lanes still to do
  logic               wr_q;       // a read-modify-write's store request (else its load request)

  // Per lane and element: its byte address, whether it is past the allocation, and its bytes
  // (as a mask and as data, element byte 0 in bits 7:0) shifted by the address's low bits
  // over the dwords it touches.
  logic                    two;         // a two-address form
  logic                    atomic;      // a read-modify-write of one element (an atomic, condxchg,
                                        // append, consume)
  logic                    one;         // append or consume: lane 0 alone
  logic [31:0]             lane_on;     // the lanes that access the LDS (EXEC's, or lane 0)
  logic                    rmw;         // an atomic or an exchange: lanes in rounds
  logic                    store;
  logic                    mem_op;      // an access of LDS memory (not ds_nop)
  logic [31:0]             round;       // ... its lanes in this round
  logic [31:0][63:0]       anew;        // an atomic's new value per lane
  logic [31:0][127:0]      rsp_q;       // per lane: the loaded (an atomic's pre-op) value
  logic [4:0]              len;         // bytes of an element
  logic [31:0][1:0][31:0]  ea;
  logic [31:0][1:0]        bad;
  logic [31:0][1:0][159:0] wdata;
  logic [31:0][1:0][19:0]  wmask;
  logic [31:0][1:0][2:0]   touch;       // dwords the element touches (0: none, inactive)

  // Shifts by a byte count of 0 to 3, written as multiplexers: a shift by a variable amount
  // becomes a shifter cell, and Yosys's resource sharing spends minutes on each of them.
  function automatic logic [159:0] shl_bytes(logic [159:0] v, logic [1:0] n);
    unique case (n)
      2'd0: shl_bytes = v;
      2'd1: shl_bytes = {v[151:0], 8'd0};
      2'd2: shl_bytes = {v[143:0], 16'd0};
      default: shl_bytes = {v[135:0], 24'd0};
    endcase
  endfunction
  function automatic logic [159:0] shr_bytes(logic [159:0] v, logic [1:0] n);
    unique case (n)
      2'd0: shr_bytes = v;
      2'd1: shr_bytes = {8'd0, v[159:8]};
      2'd2: shr_bytes = {16'd0, v[159:16]};
      default: shr_bytes = {24'd0, v[159:24]};
    endcase
  endfunction
  function automatic logic [19:0] shl_mask(logic [19:0] m, logic [1:0] n);
    unique case (n)
      2'd0: shl_mask = m;
      2'd1: shl_mask = {m[18:0], 1'b0};
      2'd2: shl_mask = {m[17:0], 2'b0};
      default: shl_mask = {m[16:0], 3'b0};
    endcase
  endfunction

  // An element's byte mask before it is placed at its address: `len` ones.
  logic [19:0] len_mask;
  always_comb begin
    unique case (ctrl_q.bytes)
      5'd1: len_mask = 20'h1;
      5'd2: len_mask = 20'h3;
      5'd4: len_mask = 20'hf;
      5'd8: len_mask = 20'hff;
      5'd12: len_mask = 20'hfff;
      5'd16: len_mask = 20'hffff;
      default: len_mask = 20'h0;
    endcase
  end

  assign one = ctrl_q.kind == DK_APPEND;

  always_comb begin
    logic [31:0] m0_off;    // M0's part of the address
    two = ctrl_q.kind inside {DK_LOAD2, DK_STORE2, DK_XCHG2};
    atomic = ctrl_q.kind inside {DK_ATOMIC, DK_FATOMIC, DK_CONDX, DK_APPEND};
    rmw = ctrl_q.kind inside {DK_ATOMIC, DK_FATOMIC, DK_XCHG2, DK_CONDX, DK_APPEND};
    store = ctrl_q.kind inside {DK_STORE, DK_STORE2} || (rmw && wr_q);
    mem_op = ctrl_q.kind inside {DK_LOAD, DK_STORE, DK_LOAD2, DK_STORE2, DK_ATOMIC, DK_FATOMIC, DK_XCHG2,
                                 DK_CONDX, DK_APPEND};
    len = ctrl_q.bytes;
    m0_off = (ctrl_q.addtid || one) ? {16'd0, m0_q} : 32'd0;
    lane_on = one ? {31'd0, exec_q != '0} : exec_q;
    for (int l = 0; l < 32; l++) begin
      for (int j = 0; j < 2; j++) begin
        logic [16:0]  off;
        logic [127:0] bytes_v;
        logic [32:0]  end_a;
        logic         used;
        // Offsets: {OFFSET1, OFFSET0}, or OFFSETn in elements (4 or 8 bytes, * 64).
        if (two) begin
          off = (j == 0) ? {9'd0, off0_q} : {9'd0, off1_q};
          unique case ({len == 5'd8, ctrl_q.stride64})
            2'b00: off = {off[14:0], 2'd0};
            2'b10: off = {off[13:0], 3'd0};
            2'b01: off = {off[8:0], 8'd0};
            default: off = {off[7:0], 9'd0};
          endcase
        end else begin
          off = {1'b0, off1_q, off0_q};
        end
        ea[l][j] = addr_i[l] + ({15'd0, off} + m0_off);
        if (ctrl_q.kind == DK_CONDX) ea[l][j] = {16'd0, ea[l][j][15:3], 3'd0};
        end_a = {1'b0, ea[l][j]} + {28'd0, len};
        used = lane_on[l] && mem_op && (j == 0 || two);
        bad[l][j] = used && end_a > {16'd0, size_q};
        touch[l][j] = used ? 3'(({3'd0, ea[l][j][1:0]} + len + 5'd3) >> 2) : 3'd0;
        // The element's data: DATA0's dwords (bits 31:16 first with `hi`), or DATA1's for the
        // second element of a two-address store.
        if (two) bytes_v = (j == 0) ? {64'd0, data0_i[l][1], data0_i[l][0]} : {64'd0, data1_i[l][1], data1_i[l][0]};
        else if (atomic) bytes_v = {64'd0, anew[l]};
        else bytes_v = ctrl_q.hi ? {16'd0, data0_i[l][3], data0_i[l][2], data0_i[l][1], data0_i[l][0][31:16]} : data0_i[l];
        wdata[l][j] = shl_bytes({32'd0, bytes_v}, ea[l][j][1:0]);
        wmask[l][j] = shl_mask(len_mask, ea[l][j][1:0]);
      end
    end
  end

  // The fault: the lowest active lane with an element past the allocation (a one-hot choice
  // and one OR reduction per bit of the lane number).
  logic        fault;
  logic [4:0]  fault_lane;
  logic [31:0] bad_lane, bad_first;
  always_comb begin
    for (int l = 0; l < 32; l++) bad_lane[l] = one ? (bad[0] != 2'b00 && exec_q[l]) : bad[l] != 2'b00;
    bad_first = bad_lane & (~bad_lane + 1'b1);
    fault = bad_lane != '0;
    for (int i = 0; i < 5; i++) begin
      logic [31:0] bits;
      for (int l = 0; l < 32; l++) bits[l] = bad_first[l] && l[i];
      fault_lane[i] = |bits;
    end
  end

  // E, P and the groups: E the most dwords an element touches (at least 1), P a lane's.
  logic [2:0] e_dw, p_dw;
  logic [2:0] groups;   // requests, minus one: 0, 1, 3 or 7
  logic [5:2] e_at_least;  // some element touches at least n dwords
  always_comb begin
    for (int n = 2; n <= 5; n++) begin
      logic [63:0] bits;
      for (int l = 0; l < 32; l++) begin
        for (int j = 0; j < 2; j++) bits[2 * l + j] = touch[l][j] >= 3'(n);
      end
      e_at_least[n] = |bits;
    end
    e_dw = e_at_least[5] ? 3'd5 : e_at_least[4] ? 3'd4 : e_at_least[3] ? 3'd3 : e_at_least[2] ? 3'd2 : 3'd1;
    p_dw = two ? 3'(2 * e_dw) : e_dw;
    unique case (p_dw)
      3'd1: groups = 3'd0;
      3'd2: groups = 3'd1;
      3'd3, 3'd4: groups = 3'd3;
      default: groups = 3'd7;
    endcase
  end

  // Each lane's P dwords, positions 0..5: position p is dword p mod E of element p / E.
  logic [31:0][5:0]            pos_on;
  logic [31:0][5:0][AddrW-1:0] pos_addr;
  logic [31:0][5:0][3:0]       pos_be;
  logic [31:0][5:0][31:0]      pos_data;
  always_comb begin
    for (int l = 0; l < 32; l++) begin
      for (int p = 0; p < 6; p++) begin
        int unsigned j, d;
        j = (two && p >= int'(e_dw)) ? 1 : 0;
        d = p - j * int'(e_dw);
        pos_on[l][p] = p < int'(p_dw) && d < 5 && wmask[l][j][4 * (d % 5) +: 4] != 4'd0 &&
                       lane_on[l] && mem_op && (!rmw || round[l]);
        pos_addr[l][p] = base_q + AddrW'(ea[l][j][31:2]) + AddrW'(d);
        pos_be[l][p] = wmask[l][j][4 * (d % 5) +: 4];
        pos_data[l][p] = wdata[l][j][32 * (d % 5) +: 32];
      end
    end
  end

  // A read-modify-write's rounds: lane l waits while a lane before it, still to do, has a
  // dword in a bank one of lane l's dwords lies in. So lanes on one dword go in lane order,
  // and a round's lanes never share a bank. Each lane's banks are a mask; a prefix OR over
  // the lanes gives the banks of the lanes before each (no lane-by-lane comparison: a first
  // version compared every pair of lanes' dword ranges, and those 3,968 comparators cost
  // 35,000 carry cells in Yosys's ECP5 mapping).
  // A float atomic's round: its lowest lane still to do (from pend_q itself, so that its
  // float unit's inputs do not depend on `round`, which depends on the addresses, which
  // depend on the new values).
  logic [31:0] f_sel;
  assign f_sel = pend_q & (~pend_q + 32'd1);

  localparam int unsigned BankW = $clog2(Banks);
  logic [31:0][Banks-1:0] lane_banks;    // the banks a lane's dwords lie in
  always_comb begin
    logic [Banks-1:0] prior;              // the banks of the lanes before l still to do
    for (int l = 0; l < 32; l++) begin
      lane_banks[l] = '0;
      for (int j = 0; j < 2; j++) begin
        for (int d = 0; d < 3; d++) begin
          logic [BankW-1:0] bank;
          bank = BankW'(base_q) + BankW'(ea[l][j][31:2]) + BankW'(d);
          if (3'(d) < touch[l][j]) lane_banks[l][bank] = 1'b1;
        end
      end
    end
    prior = '0;
    for (int l = 0; l < 32; l++) begin
      round[l] = pend_q[l] && (lane_banks[l] & prior) == '0;
      prior = prior | (pend_q[l] ? lane_banks[l] : '0);
    end
    // A float atomic's round is its lowest lane still to do.
    if (ctrl_q.kind == DK_FATOMIC) round = f_sel;
  end

  // The atomic operation on `tmp` (the pre-op value), `d` (DATA0) and `d2` (DATA1), 4 bytes
  // (zero-extended, the upper half of the result 0) or 8 (`w64`), as sim/src/golden/atomic.rs.
  function automatic logic [63:0] atom_op(logic [4:0] op, logic w64, logic [63:0] tmp,
                                          logic [63:0] d, logic [63:0] d2);
    logic [63:0] r, ts, dsx;
    logic        lt_s, lt_u, gt_u;
    ts = w64 ? tmp : { {32{tmp[31]}}, tmp[31:0]};
    dsx = w64 ? d : { {32{d[31]}}, d[31:0]};
    lt_s = $signed(ts) < $signed(dsx);
    lt_u = tmp < d;
    gt_u = d < tmp;
    unique case (op)
      AtomSwap: r = d;
      AtomCmpSwap: r = (tmp == d2) ? d : tmp;
      AtomAdd: r = tmp + d;
      AtomSub: r = tmp - d;
      AtomRsub: r = d - tmp;
      AtomMinI: r = lt_s ? tmp : d;
      AtomMaxI: r = lt_s ? d : tmp;
      AtomMinU: r = lt_u ? tmp : d;
      AtomMaxU: r = lt_u ? d : tmp;
      AtomAnd: r = tmp & d;
      AtomOr: r = tmp | d;
      AtomXor: r = tmp ^ d;
      AtomInc: r = lt_u ? tmp + 64'd1 : 64'd0;
      AtomDec: r = (tmp == 64'd0 || gt_u) ? d : tmp - 64'd1;
      AtomMskor: r = (tmp & ~d) | d2;
      AtomWrap: r = lt_u ? tmp + d2 : tmp - d;
      default: r = tmp;
    endcase
    atom_op = w64 ? r : {32'd0, r[31:0]};
  endfunction

  // The float atomics' unit, on the round's one lane: its old value, DATA0 and DATA1.
  function automatic logic f_nan(logic w64, logic [62:0] x);
    f_nan = w64 ? (x[62:52] == '1 && x[51:0] != '0) : (x[30:23] == '1 && x[22:0] != '0);
  endfunction
  function automatic logic f_snan(logic w64, logic [62:0] x);
    f_snan = f_nan(w64, x) && !(w64 ? x[51] : x[22]);
  endfunction
  function automatic logic [63:0] f_quiet(logic w64, logic [63:0] x);
    f_quiet = x | (w64 ? 64'h0008_0000_0000_0000 : 64'h0000_0000_0040_0000);
  endfunction
  // x flushed to a signed zero when denormal, unless `keep`.
  function automatic logic [63:0] f_in(logic w64, logic [63:0] x, logic keep);
    logic den;
    den = w64 ? (x[62:52] == '0 && x[51:0] != '0) : (x[30:23] == '0 && x[22:0] != '0);
    f_in = (den && !keep) ? (w64 ? {x[63], 63'd0} : {32'd0, x[31], 31'd0}) : x;
  endfunction
  // An order of the bit patterns in which every non-NaN value sorts by its value and -0 below
  // +0, as the golden model's `less`.
  function automatic logic [63:0] f_key(logic w64, logic [63:0] x);
    logic s;
    logic [63:0] m;
    s = w64 ? x[63] : x[31];
    m = w64 ? {1'b0, x[62:0]} : {33'd0, x[30:0]};
    f_key = s ? 64'h7fff_ffff_ffff_ffff - m : 64'h8000_0000_0000_0000 + m;
  endfunction

  logic        f_w64;
  logic [63:0] f_tmp, f_d, f_d2, f_new;
  logic [31:0] f_sum;
  always_comb begin
    f_w64 = ctrl_q.bytes == 5'd8;
    f_tmp = '0;
    f_d = '0;
    f_d2 = '0;
    for (int l = 0; l < 32; l++) begin
      if (f_sel[l]) begin
        f_tmp = f_tmp | (f_w64 ? rsp_q[l][63:0] : {32'd0, rsp_q[l][31:0]});
        f_d = f_d | {f_w64 ? data0_i[l][1] : 32'd0, data0_i[l][0]};
        f_d2 = f_d2 | {f_w64 ? data1_i[l][1] : 32'd0, data1_i[l][0]};
      end
    end
  end

  always_comb begin
    logic        keep;
    logic [63:0] a, b, c;
    logic        lt, eq, zb, zc;
    keep = f_w64 ? den_q[2] : den_q[0];
    a = f_in(f_w64, f_d, keep);
    b = f_in(f_w64, f_tmp, keep);
    c = f_in(f_w64, f_d2, keep);
    lt = f_key(f_w64, a) < f_key(f_w64, b);
    zb = f_w64 ? b[62:0] == '0 : b[30:0] == '0;
    zc = f_w64 ? c[62:0] == '0 : c[30:0] == '0;
    eq = !f_nan(f_w64, b[62:0]) && !f_nan(f_w64, c[62:0]) && (b == c || (zb && zc));
    unique case (ctrl_q.atom)
      AtomAddF: f_new = {32'd0, f_sum};
      AtomMinF, AtomMaxF: begin
        if (f_snan(f_w64, f_d[62:0])) f_new = f_quiet(f_w64, f_d);
        else if (f_snan(f_w64, f_tmp[62:0])) f_new = f_quiet(f_w64, f_tmp);
        else if (f_nan(f_w64, b[62:0])) f_new = f_d;
        else if (f_nan(f_w64, a[62:0])) f_new = f_tmp;
        else f_new = ((ctrl_q.atom == AtomMaxF) == lt) ? f_tmp : f_d;
      end
      AtomCmpSwapF: f_new = f_in(f_w64, eq ? f_d : f_tmp, keep);
      default: f_new = f_tmp;
    endcase
  end

  // The F32 adder: DATA0 + the old value (DATA0 the first operand, whose NaN wins), rounded to
  // nearest even, with MODE's F32 denormal bits.
  // (F64 results are never rounded here: there is no F64 add, so MODE's F64 output bit is
  // not read.)
  logic unused_f_add, unused_f_m, unused_f_den;
  assign unused_f_den = den_q[3];
  cu_fp32 #(.Stages(0), .Dual(1'b1), .F16(1'b0)) u_f_add (
    .clk_i,
    .rst_ni,
    .start_i(1'b0),
    .op_i   ((ctrl_q.kind == DK_FATOMIC && ctrl_q.atom == AtomAddF) ? VOP_V_DUAL_ADD_F32 : VOP_NONE),
    .mode_i ({4'd0, den_q[1:0], 4'd0}),
    .omod_i (2'd0),
    .clamp_i(1'b0),
    .a_i    (f_d[31:0]),
    .b_i    (f_tmp[31:0]),
    .c_i    (32'd0),
    .m_i    (1'b0),
    .mix_i  (12'd0),
    .ok_o   (unused_f_add),
    .d_o    (f_sum),
    .m_o    (unused_f_m)
  );

  // Append and consume add (subtract) the count of active lanes.
  logic [5:0] active_count;
  always_comb begin
    active_count = '0;
    for (int l = 0; l < 32; l++) active_count = active_count + 6'(exec_q[l]);
  end

  always_comb begin
    for (int l = 0; l < 32; l++) begin
      logic        w64;
      logic [63:0] d0, tmp;
      w64 = ctrl_q.bytes == 5'd8;
      tmp = w64 ? rsp_q[l][63:0] : {32'd0, rsp_q[l][31:0]};
      d0 = {w64 ? data0_i[l][1] : 32'd0, data0_i[l][0]};
      if (l == 0 && one) d0 = {58'd0, active_count};
      anew[l] = atom_op(ctrl_q.atom, w64, tmp, d0,
                        ctrl_q.data2 ? {w64 ? data1_i[l][1] : 32'd0, data1_i[l][0]} : 64'd0);
      // ds_condxchg32_rtn_b64: each dword whose bit 31 is set goes in with it clear.
      if (ctrl_q.kind == DK_CONDX) begin
        anew[l] = {d0[63] ? {1'b0, d0[62:32]} : tmp[63:32], d0[31] ? {1'b0, d0[30:0]} : tmp[31:0]};
      end
      // The float atomics' one lane of the round: the float unit's result.
      if (ctrl_q.kind == DK_FATOMIC) anew[l] = f_new;
    end
  end

  // Whether an atomic returns its pre-op value is the caller's business (it writes VDST).
  logic unused_rtn;
  assign unused_rtn = ctrl_q.rtn;

  // The request of group grp_q: slot s holds position s mod P of lane G * grp_q + s / P, G
  // the group's lanes. Every (P, group) pair names its source with constants, so each slot
  // chooses among the few the pairs give it (at most 27), not among all lanes.
  logic [Slots-1:0]            l_on;
  logic [Slots-1:0][AddrW-1:0] l_addr;
  logic [Slots-1:0][3:0]       l_be;
  logic [Slots-1:0][31:0]      l_data;
  logic                        l_valid, l_ready, l_rsp;
  logic [$clog2(Slots+1)-1:0]  l_cycles;
  logic [Slots-1:0][31:0]      l_rdata;

  // Lanes per group at P dwords a lane.
  function automatic int unsigned group_lanes(int unsigned p);
    group_lanes = (p == 1) ? 32 : (p == 2) ? 16 : (p <= 4) ? 8 : 4;
  endfunction

  for (genvar s = 0; s < Slots; s++) begin : gen_slot
    always_comb begin
      l_on[s] = 1'b0;
      l_addr[s] = '0;
      l_be[s] = '0;
      l_data[s] = '0;
      for (int p = 1; p <= 6; p++) begin
        for (int g = 0; g < 8; g++) begin
          if (s / p < group_lanes(p) && g * group_lanes(p) < 32 && int'(p_dw) == p && int'(grp_q) == g) begin
            l_on[s] = pos_on[g * group_lanes(p) + s / p][s % p];
            l_addr[s] = pos_addr[g * group_lanes(p) + s / p][s % p];
            l_be[s] = pos_be[g * group_lanes(p) + s / p][s % p];
            l_data[s] = pos_data[g * group_lanes(p) + s / p][s % p];
          end
        end
      end
    end
  end

  assign l_valid = state_q == DsIssue && !fault;

  cu_lds #(.LdsBytes(LdsBytes), .Banks(Banks), .Slots(Slots)) u_lds (
    .clk_i,
    .rst_ni,
    .req_valid_i (l_valid),
    .req_ready_o (l_ready),
    .req_we_i    (store),
    .req_on_i    (l_on),
    .req_addr_i  (l_addr),
    .req_be_i    (l_be),
    .req_data_i  (l_data),
    .rsp_valid_o (l_rsp),
    .rsp_cycles_o(l_cycles),
    .rsp_data_o  (l_rdata)
  );

  // The lane exchanges' lane of this cycle, c = xcnt_q. Every index is a comparison with
  // each lane in turn, not a variable bit select (which Yosys's resource sharing weighs).
  //
  // ds_swizzle_b32's source lane for lane i, pattern `off` (guide 16.15, as the golden model).
  function automatic logic [4:0] swizzle_lane(logic [4:0] i, logic [15:0] off);
    logic [4:0] rev, rot, j;
    if (off >= 16'he000) begin
      // FFT: i's bits reversed, shifted right by the ones of the mask, OR the masked bits.
      rev = {i[0], i[1], i[2], i[3], i[4]};
      unique case ($countones(off[4:0]))
        0: j = rev;
        1: j = {1'd0, rev[4:1]};
        2: j = {2'd0, rev[4:2]};
        3: j = {3'd0, rev[4:3]};
        4: j = {4'd0, rev[4]};
        default: j = 5'd0;
      endcase
      j = j | (i & off[4:0]);
    end else if (off >= 16'hc000) begin
      // Rotate by offset[9:5] (right with offset[10]) where the mask is clear.
      rot = off[10] ? 5'(-off[9:5]) : off[9:5];
      j = (i & off[4:0]) | (5'(i + rot) & ~off[4:0]);
    end else if (off[15]) begin
      // Within each group of four: offset[2k+1:2k] for lane k.
      unique case (i[1:0])
        2'd0: j = {i[4:2], off[1:0]};
        2'd1: j = {i[4:2], off[3:2]};
        2'd2: j = {i[4:2], off[5:4]};
        default: j = {i[4:2], off[7:6]};
      endcase
    end else begin
      j = ((i & off[4:0]) | off[9:5]) ^ off[14:10];
    end
    swizzle_lane = j;
  endfunction

  logic [6:0]  x_addr;    // lane c's ADDR, bits 6:0
  logic [4:0]  x_to;      // (ADDR + offset) / 4 mod 32 of lane c
  logic [4:0]  x_sel;     // the lane read (swizzle, bpermute), or lane c (permute)
  logic        x_on;      // ... is active
  logic [31:0] x_val;     // its DATA0 dword
  logic [31:0] x_we;      // the lanes whose answer x_val is
  always_comb begin
    x_addr = '0;
    for (int l = 0; l < 32; l++) if (xcnt_q == 5'(l)) x_addr = addr_i[l][6:0];
    x_to = 5'((x_addr + off0_q[6:0]) >> 2);
    unique case (ctrl_q.kind)
      DK_SWIZZLE: x_sel = swizzle_lane(xcnt_q, {off1_q, off0_q});
      DK_BPERMUTE: x_sel = x_to;
      default: x_sel = xcnt_q;
    endcase
    x_on = 1'b0;
    x_val = '0;
    for (int l = 0; l < 32; l++) begin
      if (x_sel == 5'(l)) begin
        x_on = exec_q[l];
        x_val = data0_i[l][0];
      end
    end
    for (int l = 0; l < 32; l++) begin
      if (ctrl_q.kind == DK_PERMUTE) x_we[l] = x_on && x_to == 5'(l);
      else x_we[l] = xcnt_q == 5'(l);
    end
    if (ctrl_q.kind != DK_PERMUTE && !x_on) x_val = '0;
  end

  // Each lane's load data, extracted from its dwords and extended when its group's answer
  // arrives (a lane's dwords all come in its group's request), and held until the next
  // instruction: the elements' bytes from their dwords, extended, the second element above
  // the first.
  for (genvar l = 0; l < 32; l++) begin : gen_rsp
    logic [5:0][31:0] got;   // the lane's positions in this answer
    logic             mine;  // the answer is its group's
    logic [127:0]     v;
    always_comb begin
      logic [1:0][127:0] el;
      got = '0;
      mine = 1'b0;
      for (int pv = 1; pv <= 6; pv++) begin
        if (int'(p_dw) == pv && l / group_lanes(pv) == int'(grp_q)) begin
          mine = 1'b1;
          for (int p = 0; p < pv; p++) got[p] = l_rdata[(l % group_lanes(pv)) * pv + p];
        end
      end
      for (int j = 0; j < 2; j++) begin
        logic [159:0] raw;
        for (int d = 0; d < 5; d++) begin
          raw[32 * d +: 32] = '0;
          for (int e = 1; e <= 5; e++) begin
            if (int'(e_dw) == e && d < e && j * e + d < 6) raw[32 * d +: 32] = got[j * e + d];
          end
        end
        el[j] = 128'(shr_bytes(raw, ea[l][j][1:0]));
      end
      unique case (len)
        5'd1: el[0] = {96'd0, ctrl_q.sext ? {24{el[0][7]}} : 24'd0, el[0][7:0]};
        5'd2: el[0] = {96'd0, ctrl_q.sext ? {16{el[0][15]}} : 16'd0, el[0][15:0]};
        5'd4: el[0] = {96'd0, el[0][31:0]};
        5'd8: el[0] = {64'd0, el[0][63:0]};
        5'd12: el[0] = {32'd0, el[0][95:0]};
        default: ;
      endcase
      if (two) v = (len == 5'd8) ? {el[1][63:0], el[0][63:0]} : {64'd0, el[1][31:0], el[0][31:0]};
      else v = el[0];
      if (ctrl_q.d16 && ctrl_q.hi) v[31:0] = {v[15:0], 16'd0};
    end
    // (A read-modify-write's lane takes its pre-op value from its own round's load. A
    // permute's lanes start at 0.)
    always_ff @(posedge clk_i) begin
      if (req_valid_i && req_ready_o && ctrl_i.kind == DK_PERMUTE) rsp_q[l][31:0] <= '0;
      else if (state_q == DsXlane && x_we[l]) rsp_q[l][31:0] <= x_val;
      else if (state_q == DsWait && l_rsp && mine && (!rmw || (round[l] && !wr_q))) rsp_q[l] <= v;
    end
  end
  assign rsp_data_o = rsp_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q <= DsIdle;
      grp_q <= '0;
      cycles_q <= '0;
      pend_q <= '0;
      wr_q <= 1'b0;
      xcnt_q <= '0;
    end else begin
      unique case (state_q)
        DsIdle: begin
          if (req_valid_i) begin
            state_q <= (ctrl_i.kind inside {DK_SWIZZLE, DK_PERMUTE, DK_BPERMUTE}) ? DsXlane : DsIssue;
            grp_q <= '0;
            cycles_q <= '0;
            pend_q <= (ctrl_i.kind == DK_APPEND) ? {31'd0, exec_i != '0} : exec_i;
            wr_q <= 1'b0;
            xcnt_q <= '0;
          end
        end
        DsXlane: begin
          xcnt_q <= xcnt_q + 1'b1;
          if (xcnt_q == 5'd31) state_q <= DsDone;
        end
        DsIssue: if (fault) state_q <= DsIdle; else if (l_ready) state_q <= DsWait;
        DsWait: begin
          if (l_rsp) begin
            cycles_q <= cycles_q + CycW'(l_cycles);
            state_q <= DsIssue;
            if (rmw && !wr_q) begin
              // The group's new values go back.
              wr_q <= 1'b1;
            end else if (grp_q != groups) begin
              wr_q <= 1'b0;
              grp_q <= grp_q + 1'b1;
            end else if (rmw && (pend_q & ~round) != '0) begin
              // The next round.
              wr_q <= 1'b0;
              grp_q <= '0;
              pend_q <= pend_q & ~round;
            end else begin
              state_q <= DsDone;
            end
          end
        end
        DsDone: state_q <= DsIdle;
        default: state_q <= DsIdle;
      endcase
    end
  end

  always_ff @(posedge clk_i) begin
    if (req_valid_i && req_ready_o) begin
      ctrl_q <= ctrl_i;
      off0_q <= offset0_i;
      off1_q <= offset1_i;
      exec_q <= exec_i;
      base_q <= lds_base_i;
      size_q <= lds_size_i;
      m0_q <= m0_i;
      den_q <= denorm_i;
    end
  end

  assign req_ready_o = state_q == DsIdle;
  assign rsp_valid_o = (state_q == DsIssue && fault) || state_q == DsDone;
  assign rsp_fault_o = state_q == DsIssue && fault;
  assign rsp_fault_lane_o = fault_lane;
  assign rsp_cycles_o = cycles_q;

endmodule
