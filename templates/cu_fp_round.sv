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

  // ------------------------------------------------------------------------------------------
  // The fused multiply-add's exact sum x * y + z (x * y when !add_z), before rounding: the
  // front end the F32 and F64 units share (one function per format; hdl-gen lists them). The
  // sources are IEEE values of the format, already flushed as MODE says. The result is either
  // special (value: a NaN, an infinity, a zero, or the addend alone when the product is zero)
  // or the exact sum as sign, sum * 2^q, for the format's rounder.
  //
  // How: the product of the significands (2S bits for S-bit significands) is placed G guard
  // bits up in an FW-bit frame and the addend's significand aligned to it by the difference of
  // their least significant bits' exponents. An addend wholly below the frame's bit 0 (more
  // than G + S bits below the product's least significant bit), or a product D = 2S + 2 or
  // more bits below the addend's least significant bit (below a quarter of it), only matters
  // as a sticky bit at bit 0, below any rounding position: G > S + 2 keeps the rounding
  // position of any sum at least three bits above bit 0.
  //
  // The NaN rule: the first NaN of x, y, z (z only with add_z) made quiet, else the default
  // NaN (negative, quiet) for inf * 0 and inf - inf. An exact zero sum is +0, or -0 rounding
  // toward -inf (rm 2); a zero product and a zero addend of opposite signs likewise.
{%- for f in fma_frames %}

  // {{ f.what }}: {{ f.exp_w }} exponent and {{ f.man_w }} fraction bits, {{ f.g }} guard bits, a {{ f.fw }}-bit frame.
  typedef struct packed {
    logic                         special;  // the result is value, without rounding
    logic [{{ f.exp_w + f.man_w }}:0] value;
    logic                         sign;
    logic [{{ f.fw - 1 }}:0]      sum;
    logic signed [{{ f.qw - 1 }}:0] q;      // the exponent of sum's bit 0
  } {{ f.name }}_t;

  function automatic {{ f.name }}_t {{ f.name }}(logic [{{ f.exp_w + f.man_w }}:0] x,
      logic [{{ f.exp_w + f.man_w }}:0] y, logic [{{ f.exp_w + f.man_w }}:0] z, logic add_z,
      logic [1:0] rm);
    localparam int unsigned ExpW = {{ f.exp_w }};
    localparam int unsigned ManW = {{ f.man_w }};
    localparam int unsigned B = ExpW + ManW + 1;   // the format's bits
    localparam int unsigned S = ManW + 1;          // significand bits
    localparam int unsigned G = {{ f.g }};
    localparam int unsigned D = 2 * S + 2;
    localparam int unsigned FW = {{ f.fw }};
    localparam int unsigned QW = {{ f.qw }};
    localparam int LsbBias = (1 << (ExpW - 1)) - 1 + int'(ManW);
    localparam logic [B-2:0] InfMag = (B-1)'({ExpW{1'b1}}) << ManW;
    localparam logic [B-1:0] DefaultNan = {1'b1, {ExpW{1'b1}}, 1'b1, {(ManW - 1){1'b0}}};
    localparam logic [B-1:0] QuietBit = B'(1) << (ManW - 1);
    {{ f.name }}_t        f;
    logic                 xn, yn, zn, xi, yi, zi, xz, yz, zz0;
    logic                 sp, pz, zz;
    logic [S-1:0]         mx, my, mz;
    logic [2*S-1:0]       p;
    logic signed [QW-1:0] ex, ey, ez, qp, dz, k;
    logic [FW-1:0]        pf, zf;
    xn = x[B-2:ManW] == '1 && x[ManW-1:0] != '0;
    yn = y[B-2:ManW] == '1 && y[ManW-1:0] != '0;
    zn = z[B-2:ManW] == '1 && z[ManW-1:0] != '0;
    xi = x[B-2:0] == InfMag;
    yi = y[B-2:0] == InfMag;
    zi = z[B-2:0] == InfMag;
    xz = x[B-2:0] == '0;
    yz = y[B-2:0] == '0;
    zz0 = z[B-2:0] == '0;
    mx = {x[B-2:ManW] != '0, x[ManW-1:0]};
    my = {y[B-2:ManW] != '0, y[ManW-1:0]};
    mz = {z[B-2:ManW] != '0, z[ManW-1:0]};
    // The exponents of the significands' least significant bits (a denormal's is the
    // smallest normal's).
    ex = QW'(signed'({1'b0, (x[B-2:ManW] == '0) ? ExpW'(1) : x[B-2:ManW]})) - QW'(LsbBias);
    ey = QW'(signed'({1'b0, (y[B-2:ManW] == '0) ? ExpW'(1) : y[B-2:ManW]})) - QW'(LsbBias);
    ez = QW'(signed'({1'b0, (z[B-2:ManW] == '0) ? ExpW'(1) : z[B-2:ManW]})) - QW'(LsbBias);
    sp = x[B-1] ^ y[B-1];
    p = mx * my;
    pz = p == '0;
    zz = !add_z || zz0;
    qp = ex + ey;
    dz = ez - qp;
    k = dz + QW'(signed'(G));
    f = '0;
    f.special = 1'b1;
    f.sign = sp;
    pf = '0;
    zf = '0;
    if (xn) f.value = x | QuietBit;
    else if (yn) f.value = y | QuietBit;
    else if (add_z && zn) f.value = z | QuietBit;
    else if ((xi && yz) || (xz && yi)) f.value = DefaultNan;
    else if (xi || yi) f.value = (add_z && zi && z[B-1] != sp) ? DefaultNan : {sp, InfMag};
    else if (add_z && zi) f.value = z;
    else if (pz && !zz) f.value = z;
    else if (pz) f.value = {!add_z ? sp : (sp == z[B-1]) ? sp : (rm == 2'd2), (B-1)'(0)};
    else begin
      f.special = 1'b0;
      if (zz) begin
        pf = FW'(p) << G;
        f.q = qp - QW'(signed'(G));
      end else if (dz >= QW'(signed'(D))) begin
        // The product is below a quarter of the addend's least significant bit.
        pf = FW'(1);
        zf = FW'(mz) << (G + D);
        f.q = ez - QW'(signed'(G + D));
      end else begin
        pf = FW'(p) << G;
        f.q = qp - QW'(signed'(G));
        if (k >= 0) zf = FW'(mz) << k;
        else if (k <= -QW'(signed'(S))) zf = FW'(1);
        else zf = (FW'(mz) >> (-k)) | FW'((FW'(mz) & ~({FW{1'b1}} << (-k))) != '0);
      end
      if (zz || sp == z[B-1]) begin
        f.sum = pf + zf;
      end else if (pf >= zf) begin
        f.sum = pf - zf;
      end else begin
        f.sum = zf - pf;
        f.sign = z[B-1];
      end
      if (f.sum == '0) begin
        // Exact cancellation: +0, or -0 rounding toward -inf.
        f.special = 1'b1;
        f.value = {rm == 2'd2, (B-1)'(0)};
      end
    end
    {{ f.name }} = f;
  endfunction
{%- endfor %}
