{{ header }}
// The LDS (local data share) and its bank-conflict arbiter: LdsBytes of storage in Banks
// banks one dword wide (a dword's bank is its address mod Banks), each bank a RAM of its own
// (block RAM on the FPGA) that serves one dword a cycle.
//
// A request carries up to Slots dword accesses (32: one per lane of a wave32 instruction's
// 4-byte elements; `cu_ds` puts wider elements' lanes in groups), each a dword address, byte
// enables and, for a store, a dword of data. Every cycle each bank serves the lowest pending slot that maps to it and, with it,
// every other pending slot of the same dword: loads of one dword share one read; stores to one
// dword are merged byte by byte, the highest slot's byte winning (the unit that builds the
// request numbers the slots in the order the golden model stores: lane by lane, a lane's
// dwords in order, so the highest lane wins). A request therefore takes as many cycles as the
// most distinct dwords any one bank must serve (rsp_cycles_o); conflicting slots are
// serialised, never dropped.
//
// Timing: a request taken in cycle 0 (req_valid_i while req_ready_o) is served in cycles
// 1..N, N = rsp_cycles_o; its load data (every slot's dword, zero for slots not in use) and
// rsp_valid_o come in cycle N + 2. req_ready_o is high while the unit is idle.
//
// Each bank is read or written by the one request being served, never both in one cycle, so
// the RAM's read-during-write behaviour does not matter (`no_rw_check`).
module cu_lds #(
  parameter int unsigned LdsBytes = {{ lds_bytes }},
  parameter int unsigned Banks = {{ lds_banks }},
  parameter int unsigned Slots = 32,
  localparam int unsigned AddrW = $clog2(LdsBytes / 4),
  localparam int unsigned BankW = $clog2(Banks),
  localparam int unsigned RowW = AddrW - BankW,
  localparam int unsigned Rows = 1 << RowW,
  localparam int unsigned CycW = $clog2(Slots + 1)
) (
  input  logic                        clk_i,
  input  logic                        rst_ni,
  input  logic                        req_valid_i,
  output logic                        req_ready_o,
  input  logic                        req_we_i,     // stores (else loads)
  input  logic [Slots-1:0]            req_on_i,     // the slots in use
  input  logic [Slots-1:0][AddrW-1:0] req_addr_i,   // dword addresses
  input  logic [Slots-1:0][3:0]       req_be_i,     // byte enables of a store
  input  logic [Slots-1:0][31:0]      req_data_i,   // store data
  output logic                        rsp_valid_o,  // the request is done (one cycle)
  output logic [CycW-1:0]             rsp_cycles_o, // the cycles it was served in
  output logic [Slots-1:0][31:0]      rsp_data_o    // load data per slot
);

  typedef enum logic [1:0] {
    LdsIdle,
    LdsServe,    // banks serve the pending slots
    LdsCapture,  // the last reads' data arrive
    LdsAnswer
  } lds_state_e;

  lds_state_e                  state_q;
  logic                        we_q;
  logic [Slots-1:0]            pend_q;   // slots still to serve
  logic [Slots-1:0]            rd_q;     // slots whose bank read was presented last cycle
  logic [Slots-1:0][AddrW-1:0] addr_q;
  logic [Slots-1:0][3:0]       be_q;
  logic [Slots-1:0][31:0]      data_q;
  logic [Slots-1:0][31:0]      out_q;
  logic [CycW-1:0]             cycles_q;

  // Each slot's bank (the dword address's low bits) and row in the bank.
  logic [Slots-1:0][BankW-1:0] bank;
  logic [Slots-1:0][RowW-1:0]  row;
  always_comb begin
    for (int s = 0; s < Slots; s++) begin
      bank[s] = addr_q[s][BankW-1:0];
      row[s] = addr_q[s][AddrW-1:BankW];
    end
  end

  // This cycle's choice: per bank, its lowest pending slot, whose row it serves, and per byte
  // the highest served slot that stores it. Each is a one-hot vector turned into a slot
  // number (one OR reduction per bit) that indexes the slots' rows and data: a chain of
  // conditional assignments would nest as deep as it is long in Yosys's slang front end, a
  // chain of ORs become as many logic levels for ABC9, and an AND-OR multiplexer per data bit
  // (32 banks x 32 slots x 32 bits) tens of thousands of signals in Verilator.
  localparam int unsigned SlotW = (Slots > 1) ? $clog2(Slots) : 1;
  logic [Banks-1:0]            found;
  logic [Banks-1:0][RowW-1:0]  row_sel;
  logic [Slots-1:0]            hit;
  logic [Banks-1:0][3:0]       w_be;
  logic [Banks-1:0][31:0]      w_data;
  logic [Banks-1:0][31:0]      r_q;

  // Per bit of a slot number, the slots whose number has it set; a one-hot vector's slot
  // number is then one AND and OR reduction per bit.
  function automatic logic [SlotW-1:0][Slots-1:0] slot_bits();
    for (int i = 0; i < SlotW; i++) begin
      for (int s = 0; s < Slots; s++) slot_bits[i][s] = s[i];
    end
  endfunction
  localparam logic [SlotW-1:0][Slots-1:0] SlotBits = slot_bits();

  function automatic logic [SlotW-1:0] slot_of(logic [Slots-1:0] onehot);
    for (int i = 0; i < SlotW; i++) slot_of[i] = |(onehot & SlotBits[i]);
  endfunction

  // The highest set bit of v, alone: v smeared down to bit 0, minus itself shifted.
  function automatic logic [Slots-1:0] top_bit(logic [Slots-1:0] v);
    logic [Slots-1:0] m;
    m = v;
    for (int sh = 1; sh < Slots; sh = 2 * sh) m = m | (m >> sh);
    top_bit = m & ~(m >> 1);
  endfunction

  // Per byte, the slots storing it this cycle (served, with the byte enabled), for every bank.
  logic [3:0][Slots-1:0] st_byte;
  always_comb begin
    for (int k = 0; k < 4; k++) begin
      for (int s = 0; s < Slots; s++) st_byte[k][s] = hit[s] && we_q && be_q[s][k];
    end
  end

  for (genvar b = 0; b < Banks; b++) begin : gen_choose
    logic [Slots-1:0]      in_bank;      // slots whose dword is in the bank
    logic [Slots-1:0]      cand, first;  // pending slots of the bank, the lowest of them
    logic [3:0][Slots-1:0] wr;           // per byte: served slots of the bank storing it
    logic [SlotW-1:0]      first_slot;
    logic [3:0][SlotW-1:0] top_slot;     // ... the highest of them
    always_comb begin
      for (int s = 0; s < Slots; s++) in_bank[s] = bank[s] == BankW'(b);
    end
    assign cand = pend_q & in_bank;
    assign first = cand & (~cand + 1'b1);
    assign first_slot = slot_of(first);
    assign found[b] = |cand;
    assign row_sel[b] = row[first_slot];
    for (genvar k = 0; k < 4; k++) begin : gen_byte
      assign wr[k] = st_byte[k] & in_bank;
      assign top_slot[k] = slot_of(top_bit(wr[k]));
      assign w_be[b][k] = |wr[k];
      assign w_data[b][8*k +: 8] = data_q[top_slot[k]][8*k +: 8];
    end
  end

  always_comb begin
    for (int s = 0; s < Slots; s++) begin
      hit[s] = state_q == LdsServe && pend_q[s] && row[s] == row_sel[bank[s]];
    end
  end

  for (genvar b = 0; b < Banks; b++) begin : gen_bank
    (* no_rw_check *) logic [31:0] mem [Rows];
    logic serve;
    assign serve = state_q == LdsServe && found[b];

    always_ff @(posedge clk_i) begin
      if (serve && we_q) begin
        for (int k = 0; k < 4; k++) begin
          if (w_be[b][k]) mem[row_sel[b]][8*k +: 8] <= w_data[b][8*k +: 8];
        end
      end
    end

    always_ff @(posedge clk_i) begin
      if (serve && !we_q) r_q[b] <= mem[row_sel[b]];
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      state_q <= LdsIdle;
      we_q <= 1'b0;
      pend_q <= '0;
      rd_q <= '0;
      cycles_q <= '0;
    end else begin
      rd_q <= we_q ? '0 : hit;
      unique case (state_q)
        LdsIdle: begin
          if (req_valid_i) begin
            we_q <= req_we_i;
            pend_q <= req_on_i;
            cycles_q <= '0;
            state_q <= (req_on_i == '0) ? LdsCapture : LdsServe;
          end
        end
        LdsServe: begin
          pend_q <= pend_q & ~hit;
          cycles_q <= cycles_q + 1'b1;
          if ((pend_q & ~hit) == '0) state_q <= LdsCapture;
        end
        LdsCapture: state_q <= LdsAnswer;
        LdsAnswer: state_q <= LdsIdle;
        default: state_q <= LdsIdle;
      endcase
    end
  end

  // The request's slots, and the load data as they arrive (last cycle's reads).
  always_ff @(posedge clk_i) begin
    if (req_valid_i && req_ready_o) begin
      addr_q <= req_addr_i;
      be_q <= req_be_i;
      data_q <= req_data_i;
    end
  end

  for (genvar s = 0; s < Slots; s++) begin : gen_out
    always_ff @(posedge clk_i) begin
      if (req_valid_i && req_ready_o) out_q[s] <= '0;
      else if (rd_q[s]) out_q[s] <= r_q[bank[s]];
    end
  end

  assign req_ready_o = state_q == LdsIdle;
  assign rsp_valid_o = state_q == LdsAnswer;
  assign rsp_cycles_o = cycles_q;
  assign rsp_data_o = out_q;

endmodule
