// Test wrapper of cu_ds (rtl/cu_ds.sv, with cu_lds) for tests/ds_rtl.rs: the instruction word
// goes through the generated decoder (cu_decode), whose DS control bundle and offsets drive
// the DS unit, as the compute unit will; the lanes' registers come in as ports, and the
// wrapper places them as cu_top's operand collector does: ds_swizzle_b32's ADDR where DATA0's
// first dword goes, 4 * lane as the addtid forms' ADDR, 0 as append's and consume's.
module tb_cu_ds
  import cu_pkg::*;
#(
  localparam int unsigned AddrW = $clog2(65536 / 4)
) (
  input  logic                    clk_i,
  input  logic                    rst_ni,
  input  logic                    req_valid_i,
  output logic                    req_ready_o,
  input  logic [InstBits-1:0]     inst_i,
  input  logic [31:0]             exec_i,
  input  logic [31:0][31:0]       addr_i,
  input  logic [31:0][3:0][31:0]  data0_i,
  input  logic [31:0][1:0][31:0]  data1_i,
  input  logic [AddrW-1:0]        lds_base_i,
  input  logic [16:0]             lds_size_i,
  input  logic [31:0]             m0_i,
  input  logic [31:0]             mode_i,       // MODE (its FP_DENORM bits: the float atomics)
  output logic                    kind_o,       // the decoder gives the row a DS kind (not DK_NONE)
  output logic                    rsp_valid_o,
  output logic                    rsp_fault_o,
  output logic [4:0]              rsp_fault_lane_o,
  output logic [8:0]              rsp_cycles_o,
  output logic [31:0][3:0][31:0]  rsp_data_o
);
  decoded_t dec;
  cu_decode u_dec (.inst_i, .dec_o(dec));
  assign kind_o = dec.ds.kind != DK_NONE;

  logic [31:0][31:0]       addr;
  logic [31:0][3:0][31:0]  data0;
  always_comb begin
    for (int l = 0; l < 32; l++) begin
      addr[l] = dec.ds.addtid ? 32'(4 * l) : (dec.ds.kind == DK_APPEND) ? 32'd0 : addr_i[l];
      data0[l] = data0_i[l];
      if (dec.ds.kind == DK_SWIZZLE) data0[l][0] = addr_i[l];
    end
  end
  logic unused_m0;
  assign unused_m0 = ^{m0_i[31:16], mode_i[31:8], mode_i[3:0]};

  cu_ds #(.LdsBytes(65536), .Banks(32)) u_ds (
    .clk_i,
    .rst_ni,
    .req_valid_i,
    .req_ready_o,
    .ctrl_i   (dec.ds),
    .offset0_i(dec.offset0),
    .offset1_i(dec.offset1),
    .exec_i,
    .addr_i   (addr),
    .data0_i  (data0),
    .data1_i,
    .lds_base_i,
    .lds_size_i,
    .m0_i     (m0_i[15:0]),
    .denorm_i (mode_i[7:4]),
    .rsp_valid_o,
    .rsp_fault_o,
    .rsp_fault_lane_o,
    .rsp_cycles_o,
    .rsp_data_o
  );
endmodule
