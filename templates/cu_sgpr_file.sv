{{ header }}
// Scalar register storage of every wave: SGPRs s0..s105, VCC and the TTMPs (operand codes
// 0..123); NULL, M0 and EXEC live in flops in the compute unit. Two banks hold the even and
// the odd dwords, so that a 64-bit pair is one access. Two synchronous read ports and one
// write port with a dword enable per bank, written as plain arrays so that synthesis infers
// RAM (this module is the one place where always_ff writes an array, as RAM primitives do).
// Reading and writing the same entry in one cycle returns the old value; the compute unit
// never does it, since a wave has at most one instruction in flight.
module cu_sgpr_file #(
  parameter int unsigned NumWaves = 4,
  localparam int unsigned WaveW = (NumWaves > 1) ? $clog2(NumWaves) : 1,
  // A power of two, so that {wave, pair} always addresses it (a wave count that is not a
  // power of two leaves entries unused).
  localparam int unsigned Depth = 64 << WaveW
) (
  input  logic             clk_i,
  // Read ports: the pair of dwords {2*pair+1, 2*pair} of a wave, one cycle later.
  input  logic [WaveW-1:0] ra_wave_i,
  input  logic [5:0]       ra_pair_i,
  output logic [63:0]      ra_data_o,
  input  logic [WaveW-1:0] rb_wave_i,
  input  logic [5:0]       rb_pair_i,
  output logic [63:0]      rb_data_o,
  // Write port: we_i[0] writes the even dword, we_i[1] the odd one.
  input  logic [1:0]       we_i,
  input  logic [WaveW-1:0] w_wave_i,
  input  logic [5:0]       w_pair_i,
  input  logic [63:0]      w_data_i
);

  logic [31:0] even_mem [Depth];
  logic [31:0] odd_mem [Depth];
  logic [31:0] ra_even_q, ra_odd_q, rb_even_q, rb_odd_q;

  logic [WaveW+5:0] ra_addr, rb_addr, w_addr;
  assign ra_addr = {ra_wave_i, ra_pair_i};
  assign rb_addr = {rb_wave_i, rb_pair_i};
  assign w_addr = {w_wave_i, w_pair_i};

  always_ff @(posedge clk_i) begin
    if (we_i[0]) even_mem[w_addr] <= w_data_i[31:0];
    if (we_i[1]) odd_mem[w_addr] <= w_data_i[63:32];
    ra_even_q <= even_mem[ra_addr];
    ra_odd_q <= odd_mem[ra_addr];
    rb_even_q <= even_mem[rb_addr];
    rb_odd_q <= odd_mem[rb_addr];
  end

  assign ra_data_o = {ra_odd_q, ra_even_q};
  assign rb_data_o = {rb_odd_q, rb_even_q};

endmodule
