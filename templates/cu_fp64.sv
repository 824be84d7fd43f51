{{ header }}
// The F64 unit: v_fma_f64, v_add_f64 and v_mul_f64 with MODE's F64 rounding mode and denormal
// controls (FP_ROUND[3:2], FP_DENORM[7:6], which F64 shares with F16), DX10_CLAMP, and the
// output modifiers OMOD and CLAMP. Bit for bit the golden model's sim/src/golden/fp.rs (fma,
// add, mul: Berkeley SoftFloat checks it) and valu/f64.rs:
//   - inputs are flushed to a signed zero when MODE.FP_DENORM[2] (F64 inputs) is clear;
//   - a NaN result is the first NaN operand made quiet, or the default NaN 0xfff8000000000000
//     when the operation creates one (inf * 0, inf - inf);
//   - results are rounded in MODE.FP_ROUND[3:2] and flushed to a signed zero when denormal
//     and MODE.FP_DENORM[3] (F64 outputs) is clear;
//   - OMOD scales the result by 2, 4 or 1/2 as ldexp does (a second rounding, its input
//     flushed like any input), then CLAMP clamps to [0, 1] (NaN to 0 with DX10_CLAMP).
// The sources arrive with ABS and NEG applied on bit 63 (the compute unit's operand collector).
//
// One unit serves the whole compute unit, a lane a cycle: RDNA3 runs F64 at a small fraction
// of the F32 rate too, and an FPGA cannot afford a 53 x 53-bit multiplier and a 218-bit
// adder per lane. Lane l of the beat goes in l cycles after start_i (the beat's first cycle
// in EX, whose operands the compute unit holds while it waits); its sum is registered, then
// rounded into the lane's result register, so every lane's result is on d_o from Cycles =
// NumLanes + 1 cycles after the start (cu_top's FP interlock holds the beat that long).
//
// The fused multiply-add's exact sum comes from the front end it shares with cu_fp32
// (cu_pkg's fma_f64_frame: a 218-bit frame, the 106-bit product above 56 guard bits, the
// addend aligned to it), its rounding from the shared back end (round_f64_fma). add runs as
// a * 1.0 + b; mul as a * b with no addend, whose zero result keeps the product's sign.
//
// The case labels are read by hdl-gen to say which rows the RTL executes. Not here yet: the
// other F64 rows (min/max, ldexp, compares and class, conversions, rounding, frexp, the
// division helpers, rcp/rsq/sqrt).
module cu_fp64
  import cu_pkg::*;
#(
  parameter int unsigned NumLanes = 32
) (
  input  logic                      clk_i,
  input  logic                      rst_ni,
  input  logic                      start_i,  // the beat's first cycle in EX
  input  valu_op_e                  op_i,
  input  logic [9:0]                mode_i,   // MODE[9:0]
  input  logic [1:0]                omod_i,
  input  logic                      clamp_i,
  input  logic [NumLanes-1:0][63:0] a_i,      // held from start_i until the results are read
  input  logic [NumLanes-1:0][63:0] b_i,
  input  logic [NumLanes-1:0][63:0] c_i,
  output logic                      ok_o,     // the operation is one of this unit's
  output logic [NumLanes-1:0][63:0] d_o
);

  localparam logic [63:0] One = 64'h3ff0_0000_0000_0000;
  localparam logic [62:0] InfMag = 63'h7ff0_0000_0000_0000;
  localparam int unsigned QW = 14;
  localparam int unsigned LaneW = (NumLanes > 1) ? $clog2(NumLanes) : 1;

  function automatic logic is_nan(logic [62:0] x);
    is_nan = x[62:52] == 11'h7ff && x[51:0] != '0;
  endfunction

  function automatic logic is_inf(logic [62:0] x);
    is_inf = x == InfMag;
  endfunction

  function automatic logic is_zero(logic [62:0] x);
    is_zero = x == '0;
  endfunction

  function automatic logic [63:0] quiet(logic [63:0] x);
    quiet = x | 64'h0008_0000_0000_0000;
  endfunction

  // A denormal flushed to a signed zero unless `keep`.
  function automatic logic [63:0] flush(logic [63:0] x, logic keep);
    flush = (!keep && x[62:52] == '0) ? {x[63], 63'd0} : x;
  endfunction

  // The significand (hidden bit included) and the exponent of its least significant bit.
  function automatic logic [52:0] sig(logic [62:0] x);
    sig = {x[62:52] != '0, x[51:0]};
  endfunction

  function automatic logic signed [QW-1:0] lsb_exp(logic [10:0] e);
    lsb_exp = QW'(signed'({1'b0, (e == '0) ? 11'd1 : e})) - QW'(signed'(1075));
  endfunction

  // x * 2^n in rounding mode rm, x flushed; NaN made quiet, infinities and zeros as they are.
  function automatic logic [63:0] ldexp(logic [63:0] x, logic signed [QW-1:0] n, logic [1:0] rm,
                                        logic den_out);
    if (is_nan(x[62:0])) ldexp = quiet(x);
    else if (is_inf(x[62:0]) || is_zero(x[62:0])) ldexp = x;
    else ldexp = flush(round_f64_sig(x[63], sig(x[62:0]), lsb_exp(x[62:52]) + n, rm), den_out);
  endfunction

  // ------------------------------------------------------------------------------------------
  // The fused multiply-add.

  // What the second stage needs: the special result or the exact sum (cu_pkg's shared front
  // end, fma_f64_frame), and the modifiers.
  typedef struct packed {
    fma_f64_frame_t f;
    logic [1:0]     rm;
    logic           den_in, den_out, dx10;
    logic [1:0]     omod;
    logic           clamp;
  } st1_t;

  // x * y + z (or x * y without an addend) for op on the sources a, b, c, flushed as MODE
  // says (mode: DX10_CLAMP, FP_DENORM[7:6], FP_ROUND[3:2]), with the output modifiers.
  function automatic st1_t fma_sum(valu_op_e op, logic [63:0] a, logic [63:0] b, logic [63:0] c,
                                   logic [4:0] mode, logic [1:0] omod, logic clamp);
    st1_t        s;
    logic [63:0] x, y, z;
    logic        add_z;
    s.rm = mode[1:0];
    s.den_in = mode[2];
    s.den_out = mode[3];
    s.dx10 = mode[4];
    s.omod = omod;
    s.clamp = clamp;
    x = flush(a, s.den_in);
    y = flush(b, s.den_in);
    z = flush(c, s.den_in);
    add_z = 1'b1;
    unique case (op)
      VOP_V_ADD_F64: begin y = One; z = flush(b, s.den_in); end
      VOP_V_MUL_F64: add_z = 1'b0;
      default: ;  // VOP_V_FMA_F64
    endcase
    s.f = fma_f64_frame(x, y, z, add_z, s.rm);
    fma_sum = s;
  endfunction

  // The rounded result, then OMOD and CLAMP.
  function automatic logic [63:0] finish(st1_t s);
    logic [63:0] r, o_in, o;
    r = flush(s.f.special ? s.f.value : round_f64_fma(s.f.sign, s.f.sum, s.f.q, s.rm), s.den_out);
    o_in = flush(r, s.den_in);
    o = r;
    if (s.omod != 2'd0 && !is_nan(r[62:0])) begin
      o = ldexp(o_in, (s.omod == 2'd1) ? QW'(signed'(1)) :
                      (s.omod == 2'd2) ? QW'(signed'(2)) : -QW'(signed'(1)), s.rm, s.den_out);
    end
    finish = o;
    if (s.clamp) begin
      if (is_nan(o[62:0])) finish = s.dx10 ? 64'd0 : o;
      else if (o[63]) finish = 64'd0;
      else if (o > One) finish = One;
    end
  endfunction

  // ------------------------------------------------------------------------------------------
  // The lanes, one a cycle.

  always_comb begin
    unique case (op_i)
      VOP_V_FMA_F64, VOP_V_ADD_F64, VOP_V_MUL_F64: ok_o = 1'b1;
      default: ok_o = 1'b0;
    endcase
  end

  logic             run_q;    // lanes after the first are going in
  logic [LaneW-1:0] next_q;   // ... this one next
  logic             go;       // a lane goes in this cycle
  logic [LaneW-1:0] lane;     // ... this one
  st1_t             s1_q;
  logic [LaneW-1:0] s1_lane_q;
  logic             s1_v_q;
  logic [NumLanes-1:0][63:0] res_q;

  assign go = (start_i && ok_o) || run_q;
  assign lane = (start_i && ok_o) ? '0 : next_q;

  // Computed inside the always_ff, only when the registers load (a cheaper simulation).
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      run_q <= 1'b0;
      next_q <= '0;
      s1_q <= '0;
      s1_lane_q <= '0;
      s1_v_q <= 1'b0;
      res_q <= '0;
    end else begin
      s1_v_q <= go;
      if (go) begin
        s1_q <= fma_sum(op_i, a_i[lane], b_i[lane], c_i[lane], {mode_i[8:6], mode_i[3:2]}, omod_i,
                        clamp_i);
        s1_lane_q <= lane;
        next_q <= lane + 1'b1;
        run_q <= int'(lane) != NumLanes - 1;
      end
      if (s1_v_q) res_q[s1_lane_q] <= finish(s1_q);
    end
  end

  assign d_o = res_q;

  logic unused_mode;
  assign unused_mode = ^{mode_i[9], mode_i[5:4], mode_i[1:0]};

endmodule
