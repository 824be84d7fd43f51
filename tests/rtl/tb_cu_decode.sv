// Test wrapper of cu_decode (rtl/cu_decode.sv) for tests/decode_rtl.rs: what the compute unit
// reads of the decoder to accept an instruction or raise the illegal-instruction fault, and
// the instruction's length, as ports of their own.
module tb_cu_decode
  import cu_pkg::*;
(
  input  logic [InstBits-1:0] inst_i,
  output logic                valid_o,   // a row matched
  output logic                illegal_o, // a field breaks the row's rules (LLVM's)
  output logic [DwordsW-1:0]  dwords_o   // the instruction's length in dwords
);
  decoded_t dec;
  cu_decode u_dec (.inst_i, .dec_o(dec));
  assign valid_o = dec.valid;
  assign illegal_o = dec.illegal;
  assign dwords_o = dec.dwords;
endmodule
