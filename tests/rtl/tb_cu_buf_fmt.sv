// Test wrapper of the buffer-format converter (cu_pkg's bfmt_load, bfmt_store, bfmt_store16 and
// buf_fmt, from templates/cu_buf_fmt.sv) for tests/buf_fmt_rtl.rs: one conversion of one
// component, combinational, as cu_top's format pass runs it one component a cycle.
module tb_cu_buf_fmt
  import cu_pkg::*;
(
  input  logic [1:0]  op_i,    // 0 a load (32 bits), 1 a D16 load, 2 a store, 3 a D16 store
  input  logic [31:0] v_i,     // the memory component (a load) or the VGPR value (a store)
  input  logic [5:0]  bits_i,  // the component's width
  input  logic [2:0]  num_i,   // its numeric format (Bn*)
  input  logic [5:0]  fmt_i,   // a unified format, for buf_fmt
  output logic [31:0] d_o,
  output buf_fmt_t    fmt_o
);
  always_comb begin
    unique case (op_i)
      2'd0: d_o = bfmt_load(v_i, bits_i, num_i, 1'b0);
      2'd1: d_o = bfmt_load(v_i, bits_i, num_i, 1'b1);
      2'd2: d_o = bfmt_store(v_i, bits_i, num_i);
      default: d_o = bfmt_store16(v_i[15:0], bits_i, num_i);
    endcase
  end
  assign fmt_o = buf_fmt(fmt_i);
endmodule
