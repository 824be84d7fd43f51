  // ------------------------------------------------------------------------------------------
  // Rounding and packing of an exact positive value into an IEEE binary format (ExpW exponent
  // bits, ManW fraction bits): the back end every floating-point operation of the lanes shares
  // (templates/cu_fp_round.sv, one function per shape the units use; hdl-gen lists the shapes).
  // The value is v * 2^q with v nonzero; the result is v rounded in rounding mode rm (MODE's
  // encoding: 0 nearest even, 1 toward +inf, 2 toward -inf, 3 toward zero) to the format, with
  // gradual underflow (denormal results are kept; the caller flushes them when MODE says so)
  // and overflow to infinity or to the largest finite value as the mode says. s is the sign,
  // which the directed modes need and the result carries.
  //
  // How: the leading one of v gives the exponent e; the result's least significant bit has
  // exponent max(e - ManW, emin - ManW); v is shifted right so that bit lands at bit 2 of z,
  // with the guard bit in bit 1 and every bit below ORed into the sticky bit. Adding the
  // rounding increment to the fraction field with the exponent field above it lets a carry out
  // of the fraction (1.11..1 rounding up, or the largest denormal rounding to the smallest
  // normal) move the exponent on its own.
  //
  // Functions rather than a module, so that a pipeline stage computes them inside the
  // always_ff that loads its register, only when it loads (a simulation that evaluates the
  // lanes' FP logic only for FP operations).
{%- for r in rounders %}

  // {{ r.what }}: v of {{ r.w }} bits, {{ r.exp_w }} exponent and {{ r.man_w }} fraction bits.
  function automatic logic [{{ r.exp_w + r.man_w }}:0] {{ r.name }}(logic s, logic [{{ r.w - 1 }}:0] v,
      logic signed [{{ r.qw - 1 }}:0] q, logic [1:0] rm);
    localparam int unsigned W = {{ r.w }};
    localparam int unsigned ExpW = {{ r.exp_w }};
    localparam int unsigned ManW = {{ r.man_w }};
    localparam int unsigned QW = {{ r.qw }};
    localparam int Bias = (1 << (ExpW - 1)) - 1;
    localparam int EMin = 1 - Bias;                 // exponent of the smallest normal
    localparam int BiasM1 = Bias - 1;
    localparam int X = ManW + 3;                    // v's bits below bit 0 in y
    localparam int YW = W + X;
    localparam logic [ExpW+ManW:0] Inf = {1'b0, {ExpW{1'b1}}, {ManW{1'b0}}};
    localparam logic [ExpW+ManW:0] Max = {1'b0, {(ExpW - 1){1'b1}}, 1'b0, {ManW{1'b1}}};
    logic [$clog2(W)-1:0]   lead;  // v's leading one
    logic signed [QW-1:0]   e, ql, r;
    logic                   normal;
    logic [YW-1:0]          y;
    logic [ManW+3:0]        z;
    logic [$clog2(YW+1):0]  sh;
    logic [ManW+1:0]        m, mr;
    logic                   g, st, inc, big;
    logic [ExpW+ManW+2:0]   enc;   // exponent field and fraction, two bits to spare
    lead = '0;
    for (int i = 0; i < int'(W); i++) if (v[i]) lead = ($clog2(W))'(i);
    e = q + QW'(lead);
    normal = e >= QW'(EMin);
    ql = normal ? e - QW'(ManW) : QW'(EMin - int'(ManW));
    // r >= -ManW, so the shift is at least 1.
    r = ql - q;
    y = {v, X'(0)};
    if (r + QW'(ManW + 1) >= QW'(YW)) sh = ($clog2(YW+1)+1)'(YW);
    else sh = ($clog2(YW+1)+1)'(r + QW'(ManW + 1));
    z = (ManW+4)'(y >> sh);
    st = z[0] || ((y & ~({YW{1'b1}} << sh)) != '0);
    g = z[1];
    m = z[ManW+3:2];
    unique case (rm)
      2'd0: inc = g && (st || m[0]);
      2'd1: inc = !s && (g || st);
      2'd2: inc = s && (g || st);
      default: inc = 1'b0;
    endcase
    mr = m + (ManW+2)'(inc);
    // A normal value's leading one adds one to its exponent field: e + Bias - 1 + 1.
    enc = normal ? (((ExpW+ManW+3)'(e) + (ExpW+ManW+3)'(BiasM1)) << ManW) + (ExpW+ManW+3)'(mr)
                 : (ExpW+ManW+3)'(mr);
    if (enc >= (ExpW+ManW+3)'(Inf)) begin
      big = (rm == 2'd0) || (rm == 2'd1 && !s) || (rm == 2'd2 && s);
      {{ r.name }} = {s, big ? Inf[ExpW+ManW-1:0] : Max[ExpW+ManW-1:0]};
    end else begin
      {{ r.name }} = {s, enc[ExpW+ManW-1:0]};
    end
  endfunction
{%- endfor %}
