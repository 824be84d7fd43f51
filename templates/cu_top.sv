{{ header }}
module cu_top #(
  parameter int unsigned NumWaves = {{ num_waves }}
) (
  input logic clk_i
);
endmodule
