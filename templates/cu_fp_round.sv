{{ header }}
// Rounding and packing of an exact positive value into an IEEE binary format (ExpW exponent
// bits, ManW fraction bits): the back end every floating-point operation of the lanes shares.
// The value is v_i * 2^q_i with v_i nonzero; the result is v_i rounded in rounding mode rm_i
// (MODE's encoding: 0 nearest even, 1 toward +inf, 2 toward -inf, 3 toward zero) to the
// format, with gradual underflow (denormal results are kept; the caller flushes them when MODE
// says so) and overflow to infinity or to the largest finite value as the mode says. s_i is
// the sign, which the directed modes need and the result carries.
//
// How: the leading one of v_i gives the exponent e; the result's least significant bit has
// exponent max(e - ManW, emin - ManW); v_i is shifted right so that bit lands at bit 2 of z,
// with the guard bit in bit 1 and every bit below ORed into the sticky bit. Adding the
// rounding increment to the fraction field with the exponent field above it lets a carry out
// of the fraction (1.11..1 rounding up, or the largest denormal rounding to the smallest
// normal) move the exponent on its own.
//
// Purely combinational; the datapath registers around it.
module cu_fp_round #(
  parameter int unsigned W    = 24,  // width of v_i
  parameter int unsigned ExpW = 8,
  parameter int unsigned ManW = 23,
  parameter int unsigned QW   = 14   // width of the signed exponents
) (
  input  logic                  en_i,  // the result is used (else d_o is 0)
  input  logic                  s_i,
  input  logic [W-1:0]          v_i,
  input  logic signed [QW-1:0]  q_i,
  input  logic [1:0]            rm_i,
  output logic [ExpW+ManW:0]    d_o
);

  localparam int Bias = (1 << (ExpW - 1)) - 1;
  localparam int EMin = 1 - Bias;                 // exponent of the smallest normal
  localparam int BiasM1 = Bias - 1;
  localparam int X = ManW + 3;                    // v_i's bits below bit 0 in y
  localparam int YW = W + X;
  localparam logic [ExpW+ManW:0] Inf = {1'b0, {ExpW{1'b1}}, {ManW{1'b0}}};
  localparam logic [ExpW+ManW:0] Max = {1'b0, {(ExpW - 1){1'b1}}, 1'b0, {ManW{1'b1}}};

  logic [$clog2(W)-1:0]   lead;  // v_i's leading one
  logic signed [QW-1:0]   e, ql, r;
  logic                   normal;
  logic [YW-1:0]          y;
  logic [ManW+3:0]        z;
  logic [$clog2(YW+1):0]  sh;
  logic [ManW+1:0]        m, mr;
  logic                   g, st, inc, big;
  logic [ExpW+ManW+2:0]   enc;   // exponent field and fraction, two bits to spare

  always_comb begin
    lead = '0;
    e = '0;
    normal = 1'b0;
    ql = '0;
    r = '0;
    y = '0;
    sh = '0;
    z = '0;
    st = 1'b0;
    g = 1'b0;
    m = '0;
    inc = 1'b0;
    mr = '0;
    enc = '0;
    big = 1'b0;
    d_o = '0;
    // Nothing to compute while the result is not used (a cheaper simulation).
    if (en_i) begin
      lead = '0;
      for (int i = 0; i < int'(W); i++) if (v_i[i]) lead = ($clog2(W))'(i);
      e = q_i + QW'(lead);
      normal = e >= QW'(EMin);
      ql = normal ? e - QW'(ManW) : QW'(EMin - int'(ManW));
      // r >= -ManW, so the shift is at least 1.
      r = ql - q_i;
      y = {v_i, X'(0)};
      if (r + QW'(ManW + 1) >= QW'(YW)) sh = ($clog2(YW+1)+1)'(YW);
      else sh = ($clog2(YW+1)+1)'(r + QW'(ManW + 1));
      z = (ManW+4)'(y >> sh);
      st = z[0] || ((y & ~({YW{1'b1}} << sh)) != '0);
      g = z[1];
      m = z[ManW+3:2];
      unique case (rm_i)
        2'd0: inc = g && (st || m[0]);
        2'd1: inc = !s_i && (g || st);
        2'd2: inc = s_i && (g || st);
        default: inc = 1'b0;
      endcase
      mr = m + (ManW+2)'(inc);
      // A normal value's leading one adds one to its exponent field: e + Bias - 1 + 1.
      enc = normal ? (((ExpW+ManW+3)'(e) + (ExpW+ManW+3)'(BiasM1)) << ManW) + (ExpW+ManW+3)'(mr)
                   : (ExpW+ManW+3)'(mr);
      if (enc >= (ExpW+ManW+3)'(Inf)) begin
        big = (rm_i == 2'd0) || (rm_i == 2'd1 && !s_i) || (rm_i == 2'd2 && s_i);
        d_o = {s_i, big ? Inf[ExpW+ManW-1:0] : Max[ExpW+ManW-1:0]};
      end else begin
        d_o = {s_i, enc[ExpW+ManW-1:0]};
      end
    end
  end

endmodule
