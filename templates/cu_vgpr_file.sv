{{ header }}
// Vector register storage of every wave, in four banks by register number mod 4 as RDNA3 has
// them (the VOPD bank rules follow from them). A bank entry holds the lanes of one pass of a
// register: {wave, register / 4, pass} addresses it, NumLanes x 32 bits wide. Each bank has
// one synchronous read port and one write port with an enable per lane and 16-bit half, and
// is written as a plain array so that synthesis infers block RAM (DP16KD on ECP5).
//
// The compute unit never reads and writes one entry in the same cycle (a wave's next
// instruction reads its registers after the write of the one before it, and the passes of an
// instruction are different entries), so the RAM's read-during-write behaviour does not
// matter; `no_rw_check` tells Yosys so, and it adds no bypass logic.
module cu_vgpr_file #(
  parameter int unsigned NumWaves = 4,
  parameter int unsigned NumLanes = 32,
  parameter int unsigned Vgprs = 256,
  localparam int unsigned WaveW = (NumWaves > 1) ? $clog2(NumWaves) : 1,
  localparam int unsigned Passes = 32 / NumLanes,
  localparam int unsigned PassW = (Passes > 1) ? $clog2(Passes) : 1,
  localparam int unsigned RowW = (Vgprs > 4) ? $clog2(Vgprs / 4) : 1,
  // {wave, row, pass}; a power of two so that every combination has an entry.
  localparam int unsigned AddrW = WaveW + RowW + ((Passes > 1) ? PassW : 0),
  localparam int unsigned Depth = 1 << AddrW
) (
  input  logic                                clk_i,
  // Read ports, per bank: the entry's lanes one cycle later (held while not enabled).
  input  logic [3:0]                          r_en_i,
  input  logic [3:0][WaveW-1:0]               r_wave_i,
  input  logic [3:0][RowW-1:0]                r_row_i,
  input  logic [3:0][PassW-1:0]               r_pass_i,
  output logic [3:0][NumLanes-1:0][31:0]      r_data_o,
  // Write ports, per bank: an enable per lane and half (bit 2*lane for bits 15:0).
  input  logic [3:0][2*NumLanes-1:0]          w_en_i,
  input  logic [3:0][WaveW-1:0]               w_wave_i,
  input  logic [3:0][RowW-1:0]                w_row_i,
  input  logic [3:0][PassW-1:0]               w_pass_i,
  input  logic [3:0][NumLanes-1:0][31:0]      w_data_i
);

  function automatic logic [AddrW-1:0] addr(logic [WaveW-1:0] wave, logic [RowW-1:0] row,
                                            logic [PassW-1:0] pass);
    if (Passes > 1) addr = AddrW'({wave, row, pass});
    else addr = AddrW'({wave, row});
  endfunction

  for (genvar b = 0; b < 4; b++) begin : gen_bank
    (* no_rw_check *) logic [NumLanes*32-1:0] mem [Depth];
    logic [NumLanes*32-1:0] r_q;

    always_ff @(posedge clk_i) begin
      if (w_en_i[b] != '0) begin
        for (int h = 0; h < 2 * NumLanes; h++) begin
          if (w_en_i[b][h]) mem[addr(w_wave_i[b], w_row_i[b], w_pass_i[b])][16*h +: 16] <= w_data_i[b][h/2][16*(h%2) +: 16];
        end
      end
    end

    always_ff @(posedge clk_i) begin
      if (r_en_i[b]) r_q <= mem[addr(r_wave_i[b], r_row_i[b], r_pass_i[b])];
    end

    assign r_data_o[b] = r_q;
  end

endmodule
