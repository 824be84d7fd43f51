{{ header }}
// Round-robin arbiter: grants the first requester at or after the one following the last
// grant. The grant is combinational; the pointer moves when the grant is taken.
module cu_rr_arb #(
  parameter int unsigned N = 4,
  localparam int unsigned IdxW = (N > 1) ? $clog2(N) : 1
) (
  input  logic            clk_i,
  input  logic            rst_ni,
  input  logic [N-1:0]    req_i,
  input  logic            take_i,   // the grant of this cycle is used
  output logic            valid_o,
  output logic [IdxW-1:0] idx_o
);

  logic [IdxW-1:0] ptr_q, ptr_d;

  always_comb begin
    valid_o = 1'b0;
    idx_o = '0;
    for (int k = N - 1; k >= 0; k--) begin
      logic [IdxW:0] cand;
      cand = {1'b0, ptr_q} + k[IdxW:0];
      if (cand >= N[IdxW:0]) cand = cand - N[IdxW:0];
      if (req_i[cand[IdxW-1:0]]) begin
        valid_o = 1'b1;
        idx_o = cand[IdxW-1:0];
      end
    end
    ptr_d = ptr_q;
    if (valid_o && take_i) ptr_d = (idx_o == IdxW'(N - 1)) ? '0 : idx_o + 1'b1;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      ptr_q <= '0;
    end else begin
      ptr_q <= ptr_d;
    end
  end

endmodule
