{{ header }}
// One lane's F32 unit: add, subtract, multiply and fused multiply-add (one rounding), the
// min/max family, ldexp, the compares and the class test, with MODE's rounding mode, its F32
// denormal controls, IEEE and DX10_CLAMP bits, and the output modifiers OMOD and CLAMP. Bit
// for bit the golden model's sim/src/golden/fp.rs (which Berkeley SoftFloat checks) and
// valu/f32.rs, valu/compare.rs:
//   - inputs are flushed to a signed zero when MODE.FP_DENORM[0] (F32 inputs) is clear;
//   - a NaN result is the first NaN operand made quiet, or the default NaN 0xffc00000 when the
//     operation creates one (inf * 0, inf - inf);
//   - results are rounded in MODE.FP_ROUND[1:0] and flushed to a signed zero when denormal
//     and MODE.FP_DENORM[1] (F32 outputs) is clear; min/max never flush their result;
//   - OMOD scales the result by 2, 4 or 1/2 as ldexp does (a second rounding, its input
//     flushed like any input), then CLAMP clamps to [0, 1] (NaN to 0 with DX10_CLAMP).
// The sources arrive with ABS and NEG applied (the compute unit's operand collector does it).
//
// The fused multiply-add keeps the exact sum in a 103-bit frame: the 48-bit product shifted
// up by G = 28 guard bits, the addend aligned to it. An addend more than 28 bits below the
// product's least significant bit, or a product more than 49 bits below the addend's, only
// matters as a sticky bit at the frame's bit 0, below any rounding position. add and sub run
// as a * 1.0 + b; mul as a * b with no addend, whose zero result keeps the product's sign.
//
// The conversions between F32 and 32-bit integers (and bytes), rounding to integral values and
// frexp share the same back end; conversions to integers truncate (floor for
// v_cvt_floor_i32_f32), saturate, and give 0 for NaN.
//
// Purely combinational (one EX cycle); the case labels are read by hdl-gen to say which rows
// the RTL executes. Not here yet: F16, F64, v_fract, v_cvt_nearest_i32_f32, the
// transcendentals, VOPD's F32 halves.
module cu_fp32
  import cu_pkg::*;
(
  input  valu_op_e    op_i,
  input  logic [9:0]  mode_i,   // MODE[9:0]
  input  logic [1:0]  omod_i,
  input  logic        clamp_i,
  input  logic [31:0] a_i,
  input  logic [31:0] b_i,
  input  logic [31:0] c_i,
  output logic        ok_o,     // the operation is one of this unit's
  output logic [31:0] d_o,
  output logic        m_o       // compare result
);

  // MODE's F16/F64 fields are not read here.
  logic unused_mode;
  assign unused_mode = ^{mode_i[7:6], mode_i[3:2]};

  localparam logic [31:0] One = 32'h3f80_0000;
  localparam logic [31:0] DefaultNan = 32'hffc0_0000;
  localparam int unsigned G = 28;    // guard bits below the product
  localparam int unsigned FW = 103;  // the frame of the exact sum
  localparam int unsigned QW = 14;

  function automatic logic is_nan(logic [30:0] x);
    is_nan = x[30:23] == 8'hff && x[22:0] != '0;
  endfunction

  function automatic logic is_inf(logic [30:0] x);
    is_inf = x == 31'h7f80_0000;
  endfunction

  function automatic logic is_zero(logic [30:0] x);
    is_zero = x == '0;
  endfunction

  function automatic logic [31:0] quiet(logic [31:0] x);
    quiet = x | 32'h0040_0000;
  endfunction

  // A denormal flushed to a signed zero unless `keep`.
  function automatic logic [31:0] flush(logic [31:0] x, logic keep);
    flush = (!keep && x[30:23] == '0) ? {x[31], 31'd0} : x;
  endfunction

  // x negated unless it is a NaN (sub's operand).
  function automatic logic [31:0] negate(logic [31:0] x);
    negate = is_nan(x[30:0]) ? x : {!x[31], x[30:0]};
  endfunction

  // The significand (hidden bit included) and the exponent of its least significant bit.
  function automatic logic [23:0] sig(logic [30:0] x);
    sig = {x[30:23] != '0, x[22:0]};
  endfunction

  function automatic logic signed [QW-1:0] lsb_exp(logic [7:0] e);
    lsb_exp = QW'(signed'({1'b0, (e == '0) ? 8'd1 : e})) - QW'(signed'(150));
  endfunction

  // x < y for non-NaN values, ordering -0 below +0 (min/max).
  function automatic logic less(logic [31:0] x, logic [31:0] y);
    if (x[31] != y[31]) less = x[31];
    else if (x[31]) less = x[30:0] > y[30:0];
    else less = x[30:0] < y[30:0];
  endfunction

  // v_min_f32 / v_max_f32 on flushed inputs (fp::min_max).
  function automatic logic [31:0] min_max(logic [31:0] x, logic [31:0] y, logic max, logic ieee);
    if (ieee && is_nan(x[30:0]) && !x[22]) min_max = quiet(x);
    else if (ieee && is_nan(y[30:0]) && !y[22]) min_max = quiet(y);
    else if (is_nan(y[30:0])) min_max = x;
    else if (is_nan(x[30:0])) min_max = y;
    else min_max = (max == less(x, y)) ? y : x;
  endfunction

  // The class bit of x in v_cmp_class's mask (fp::class): 0 sNaN, 1 qNaN, 2 -inf, 3 -normal,
  // 4 -denormal, 5 -0, 6 +0, 7 +denormal, 8 +normal, 9 +inf.
  function automatic logic [3:0] fclass(logic [31:0] x);
    if (is_nan(x[30:0])) fclass = x[22] ? 4'd1 : 4'd0;
    else if (is_inf(x[30:0])) fclass = x[31] ? 4'd2 : 4'd9;
    else if (is_zero(x[30:0])) fclass = x[31] ? 4'd5 : 4'd6;
    else if (x[30:23] == '0) fclass = x[31] ? 4'd4 : 4'd7;
    else fclass = x[31] ? 4'd3 : 4'd8;
  endfunction

  // ------------------------------------------------------------------------------------------
  // The operation.

  typedef enum logic [3:0] {
    FkNone,
    FkFma,        // x * y + z (or x * y)
    FkMinMax,     // the min/max family
    FkLdexp,
    FkCmp,
    FkClass,
    FkFromInt,    // integer to F32
    FkToInt,      // F32 to integer, rounded by irm, saturated
    FkRound,      // rounded to an integral F32 by irm
    FkFrexpMant,
    FkFrexpExp
  } fkind_e;

  typedef enum logic [2:0] {
    MmMin,
    MmMax,
    MmMin3,
    MmMax3,
    MmMed3,
    MmMinMax,  // max(min(a, b), c)
    MmMaxMin   // min(max(a, b), c)
  } mm_e;

  fkind_e      kind;
  mm_e         mm;
  logic [3:0]  pred;   // compare: true on {unordered, greater, equal, less}
  logic [1:0]  rm;
  logic        den_in, den_out, dx10, ieee;
  logic [31:0] a, b, c;
  logic [31:0] x, y, z;
  logic        add_z;
  logic [1:0]  irm;      // rounding to an integer: MODE's encoding
  logic        isigned;  // ... to a signed integer
  logic        i_sign;   // integer to F32: the sign and magnitude
  logic [31:0] i_mag;

  always_comb begin
    kind = FkNone;
    mm = MmMin;
    pred = '0;
    unique case (op_i)
      VOP_V_ADD_F32, VOP_V_SUB_F32, VOP_V_SUBREV_F32, VOP_V_MUL_F32, VOP_V_FMA_F32, VOP_V_FMAC_F32,
      VOP_V_FMAAK_F32, VOP_V_FMAMK_F32:
        kind = FkFma;
      VOP_V_MIN_F32: begin kind = FkMinMax; mm = MmMin; end
      VOP_V_MAX_F32: begin kind = FkMinMax; mm = MmMax; end
      VOP_V_MIN3_F32: begin kind = FkMinMax; mm = MmMin3; end
      VOP_V_MAX3_F32: begin kind = FkMinMax; mm = MmMax3; end
      VOP_V_MED3_F32: begin kind = FkMinMax; mm = MmMed3; end
      VOP_V_MINMAX_F32: begin kind = FkMinMax; mm = MmMinMax; end
      VOP_V_MAXMIN_F32: begin kind = FkMinMax; mm = MmMaxMin; end
      VOP_V_LDEXP_F32: kind = FkLdexp;
      VOP_V_CVT_F32_I32, VOP_V_CVT_F32_U32, VOP_V_CVT_F32_UBYTE0, VOP_V_CVT_F32_UBYTE1,
      VOP_V_CVT_F32_UBYTE2, VOP_V_CVT_F32_UBYTE3:
        kind = FkFromInt;
      VOP_V_CVT_I32_F32, VOP_V_CVT_U32_F32, VOP_V_CVT_FLOOR_I32_F32: kind = FkToInt;
      VOP_V_TRUNC_F32, VOP_V_CEIL_F32, VOP_V_FLOOR_F32, VOP_V_RNDNE_F32: kind = FkRound;
      VOP_V_FREXP_MANT_F32: kind = FkFrexpMant;
      VOP_V_FREXP_EXP_I32_F32: kind = FkFrexpExp;
      VOP_V_CMP_CLASS_F32, VOP_V_CMPX_CLASS_F32: kind = FkClass;
      // The F32 compares, from the table's compare conditions.
{%- for c in cmps %}
      {{ c.labels }}: begin
        kind = FkCmp;
        pred = 4'b{{ c.pred }};
      end
{%- endfor %}
      default: ;
    endcase

    rm = mode_i[1:0];
    den_in = mode_i[4];
    den_out = mode_i[5];
    dx10 = mode_i[8];
    ieee = mode_i[9];
    a = flush(a_i, den_in);
    b = flush(b_i, den_in);
    c = flush(c_i, den_in);

    // The fused multiply-add's operands.
    x = a;
    y = b;
    z = c;
    add_z = 1'b1;
    // Rounding to integers: toward zero but for these.
    irm = 2'd3;
    unique case (op_i)
      VOP_V_CEIL_F32: irm = 2'd1;
      VOP_V_FLOOR_F32, VOP_V_CVT_FLOOR_I32_F32: irm = 2'd2;
      VOP_V_RNDNE_F32: irm = 2'd0;
      default: ;
    endcase
    isigned = op_i != VOP_V_CVT_U32_F32;
    // Integer sources are read as they are (no flushing).
    i_sign = 1'b0;
    i_mag = a_i;
    unique case (op_i)
      VOP_V_CVT_F32_I32: begin
        i_sign = a_i[31];
        i_mag = a_i[31] ? -a_i : a_i;
      end
      VOP_V_CVT_F32_UBYTE0: i_mag = {24'd0, a_i[7:0]};
      VOP_V_CVT_F32_UBYTE1: i_mag = {24'd0, a_i[15:8]};
      VOP_V_CVT_F32_UBYTE2: i_mag = {24'd0, a_i[23:16]};
      VOP_V_CVT_F32_UBYTE3: i_mag = {24'd0, a_i[31:24]};
      default: ;
    endcase

    unique case (op_i)
      VOP_V_ADD_F32: begin y = One; z = b; end
      VOP_V_SUB_F32: begin y = One; z = negate(b); end
      VOP_V_SUBREV_F32: begin x = b; y = One; z = negate(a); end
      VOP_V_MUL_F32: add_z = 1'b0;
      default: ;
    endcase
  end

  // ------------------------------------------------------------------------------------------
  // Fused multiply-add: special operands, then the exact sum in the frame.

  logic               f_special;   // the result is f_value, without rounding
  logic [31:0]        f_value;
  logic               f_sign;
  logic [FW-1:0]      f_sum;
  logic signed [QW-1:0] f_q;       // the exponent of f_sum's bit 0
  logic [31:0]        f_rounded;

  always_comb begin
    logic               sp, pz, zz;
    logic [47:0]        p;
    logic signed [QW-1:0] qp, dz, k;
    logic [FW-1:0]      pf, zf;
    logic [23:0]        mz;
    sp = 1'b0;
    pz = 1'b0;
    zz = 1'b0;
    p = '0;
    qp = '0;
    dz = '0;
    k = '0;
    pf = '0;
    zf = '0;
    mz = '0;
    f_special = 1'b1;
    f_value = '0;
    f_sign = 1'b0;
    f_sum = '0;
    f_q = '0;
    // Nothing to compute for other operations (a cheaper simulation).
    if (kind == FkFma) begin
      sp = x[31] ^ y[31];
      p = sig(x[30:0]) * sig(y[30:0]);
      pz = p == '0;
      zz = !add_z || is_zero(z[30:0]);
      mz = sig(z[30:0]);
      qp = lsb_exp(x[30:23]) + lsb_exp(y[30:23]);
      dz = lsb_exp(z[30:23]) - qp;
      k = dz + QW'(signed'(G));
      f_special = 1'b1;
      f_value = '0;
      f_sign = sp;
      f_sum = '0;
      f_q = '0;
      pf = '0;
      zf = '0;
      if (is_nan(x[30:0])) f_value = quiet(x);
      else if (is_nan(y[30:0])) f_value = quiet(y);
      else if (add_z && is_nan(z[30:0])) f_value = quiet(z);
      else if ((is_inf(x[30:0]) && is_zero(y[30:0])) || (is_zero(x[30:0]) && is_inf(y[30:0]))) f_value = DefaultNan;
      else if (is_inf(x[30:0]) || is_inf(y[30:0])) f_value = (add_z && is_inf(z[30:0]) && z[31] != sp) ? DefaultNan : {sp, 31'h7f80_0000};
      else if (add_z && is_inf(z[30:0])) f_value = z;
      else if (pz && !zz) f_value = z;
      else if (pz) f_value = {!add_z ? sp : (sp == z[31]) ? sp : (rm == 2'd2), 31'd0};
      else begin
        f_special = 1'b0;
        if (zz) begin
          pf = FW'(p) << G;
          f_q = qp - QW'(signed'(G));
        end else if (dz >= QW'(signed'(50))) begin
          // The product is below a quarter of the addend's least significant bit.
          pf = FW'(1);
          zf = FW'(mz) << (G + 50);
          f_q = lsb_exp(z[30:23]) - QW'(signed'(G + 50));
        end else begin
          pf = FW'(p) << G;
          f_q = qp - QW'(signed'(G));
          if (k >= 0) zf = FW'(mz) << k;
          else if (k <= -QW'(signed'(24))) zf = FW'(1);
          else zf = (FW'(mz) >> (-k)) | FW'((FW'(mz) & ~({FW{1'b1}} << (-k))) != '0);
        end
        if (zz || sp == z[31]) begin
          f_sum = pf + zf;
        end else if (pf >= zf) begin
          f_sum = pf - zf;
        end else begin
          f_sum = zf - pf;
          f_sign = z[31];
        end
        if (f_sum == '0) begin
          // Exact cancellation: +0, or -0 rounding toward -inf.
          f_special = 1'b1;
          f_value = {rm == 2'd2, 31'd0};
        end
      end
    end
  end

  // ------------------------------------------------------------------------------------------
  // Rounding to an integer (trunc/ceil/floor/rndne, the conversions to integers): ri_n is |a|
  // rounded by irm while |a| < 2^23 (below that exponent a has a fraction).

  logic                 ri_frac;  // a is finite, nonzero and below 2^23
  logic [23:0]          ri_n;
  logic [31:0]          ri_int;   // the conversion to an integer

  always_comb begin
    logic signed [QW-1:0] qa;
    logic [49:0]          yv;
    logic [23:0]          t;
    logic                 g, st, inc;
    logic [33:0]          mag;
    qa = '0;
    yv = '0;
    t = '0;
    g = 1'b0;
    st = 1'b0;
    inc = 1'b0;
    mag = '0;
    ri_frac = 1'b0;
    ri_n = '0;
    ri_int = '0;
    if (kind inside {FkToInt, FkRound}) begin
      qa = lsb_exp(a[30:23]);
      ri_frac = qa < 0 && !is_zero(a[30:0]);
      yv = '0;
      if (qa < -QW'(signed'(25))) begin
        // Below 1/2: no integer bits, no guard bit.
        t = '0;
        g = 1'b0;
        st = sig(a[30:0]) != '0;
      end else begin
        yv = {sig(a[30:0]), 26'd0} >> (qa < 0 ? -qa : '0);
        t = yv[49:26];
        g = yv[25];
        st = yv[24:0] != '0;
      end
      unique case (irm)
        2'd0: inc = g && (st || t[0]);
        2'd1: inc = !a[31] && (g || st);
        2'd2: inc = a[31] && (g || st);
        default: inc = 1'b0;
      endcase
      ri_n = t + 24'(inc);
      // The magnitude as an integer, saturated beyond 33 bits (infinities too).
      if (qa > QW'(signed'(9))) mag = '1;
      else if (qa >= 0) mag = 34'(sig(a[30:0])) << qa;
      else mag = 34'(ri_n);
      if (is_nan(a[30:0])) ri_int = '0;
      else if (isigned && a[31]) ri_int = (mag > 34'h0_8000_0000) ? 32'h8000_0000 : -mag[31:0];
      else if (isigned) ri_int = (mag > 34'h0_7fff_ffff) ? 32'h7fff_ffff : mag[31:0];
      else if (a[31]) ri_int = '0;
      else ri_int = (mag > 34'h0_ffff_ffff) ? 32'hffff_ffff : mag[31:0];
    end
  end

  // frexp: a = mant * 2^exp with mant in [0.5, 1).
  logic [31:0] fx_mant, fx_exp;

  always_comb begin
    logic [4:0] lead;
    logic [23:0] m;
    logic signed [QW-1:0] fe;
    m = sig(a[30:0]);
    lead = '0;
    for (int i = 0; i < 24; i++) if (m[i]) lead = 5'(i);
    fx_mant = {a[31], 8'd126, 23'(m << (5'd23 - lead))};
    fe = lsb_exp(a[30:23]) + QW'(signed'({1'b0, lead})) + QW'(signed'(1));
    fx_exp = 32'(fe);
    if (is_nan(a[30:0])) begin
      fx_mant = quiet(a);
      fx_exp = '0;
    end else if (is_inf(a[30:0]) || is_zero(a[30:0])) begin
      fx_mant = a;
      fx_exp = '0;
    end
  end

  // The shared back end rounds the FMA's sum, or an integer that becomes an F32.
  logic               n_sign;
  logic [FW-1:0]      n_sum;
  logic signed [QW-1:0] n_q;

  always_comb begin
    n_sign = f_sign;
    n_sum = f_sum;
    n_q = f_q;
    if (kind == FkFromInt) begin
      n_sign = i_sign;
      n_sum = FW'(i_mag);
      n_q = '0;
    end else if (kind == FkRound) begin
      n_sign = a[31];
      n_sum = FW'(ri_n);
      n_q = '0;
    end
  end

  cu_fp_round #(.W(FW), .ExpW(8), .ManW(23), .QW(QW)) u_fma_round (
    .en_i(kind inside {FkFma, FkFromInt, FkRound}),
    .s_i (n_sign),
    .v_i (n_sum),
    .q_i (n_q),
    .rm_i((kind == FkRound) ? 2'd0 : rm),
    .d_o (f_rounded)
  );

  // ------------------------------------------------------------------------------------------
  // ldexp: v_ldexp_f32, and OMOD's scaling of every result. Exponents beyond +-400 give the
  // same result as +-400 (overflow, or a value far below the smallest denormal).

  function automatic logic signed [QW-1:0] clamp_exp(logic [31:0] n);
    if ($signed(n) > 400) clamp_exp = QW'(signed'(400));
    else if ($signed(n) < -400) clamp_exp = -QW'(signed'(400));
    else clamp_exp = QW'($signed(n));
  endfunction

  logic [31:0] l_in, l_rounded, l_value;
  logic        l_special;
  logic signed [QW-1:0] l_q;

  always_comb begin
    l_in = a;
    l_special = is_nan(l_in[30:0]) || is_inf(l_in[30:0]) || is_zero(l_in[30:0]);
    l_value = is_nan(l_in[30:0]) ? quiet(l_in) : l_in;
    l_q = lsb_exp(l_in[30:23]) + clamp_exp(b_i);
  end

  cu_fp_round #(.W(24), .ExpW(8), .ManW(23), .QW(QW)) u_ldexp_round (
    .en_i(kind == FkLdexp),
    .s_i (l_in[31]),
    .v_i (sig(l_in[30:0])),
    .q_i (l_q),
    .rm_i(rm),
    .d_o (l_rounded)
  );

  // ------------------------------------------------------------------------------------------
  // The result before the output modifiers.

  logic [31:0] r;
  logic        unordered, eq, lt, gt, nan_in;
  logic [31:0] mm_lo, mm_hi, mm_r;

  always_comb begin
    unordered = is_nan(a[30:0]) || is_nan(b[30:0]);
    eq = (a == b) || (is_zero(a[30:0]) && is_zero(b[30:0]));
    lt = !eq && less(a, b);
    gt = !eq && !lt;
    nan_in = is_nan(a[30:0]) || is_nan(b[30:0]) || is_nan(c[30:0]);
    mm_lo = min_max(a, b, 1'b0, ieee);
    mm_hi = min_max(a, b, 1'b1, ieee);
    unique case (mm)
      MmMin: mm_r = mm_lo;
      MmMax: mm_r = mm_hi;
      MmMin3: mm_r = min_max(mm_lo, c, 1'b0, ieee);
      MmMax3: mm_r = min_max(mm_hi, c, 1'b1, ieee);
      // With a NaN operand, the median is the minimum of the three.
      MmMed3: mm_r = nan_in ? min_max(mm_lo, c, 1'b0, ieee)
                            : min_max(mm_hi, min_max(mm_lo, c, 1'b1, ieee), 1'b0, ieee);
      MmMinMax: mm_r = min_max(mm_lo, c, 1'b1, ieee);
      default: mm_r = min_max(mm_hi, c, 1'b0, ieee);
    endcase
    unique case (kind)
      FkFma: r = flush(f_special ? f_value : f_rounded, den_out);
      FkMinMax: r = mm_r;
      FkLdexp: r = l_special ? l_value : flush(l_rounded, den_out);
      FkFromInt: r = (i_mag == '0) ? 32'd0 : f_rounded;
      // An integral value: exact, never denormal; zero keeps the sign.
      FkRound: r = is_nan(a[30:0]) ? quiet(a) : !ri_frac ? a : (ri_n == '0) ? {a[31], 31'd0} : f_rounded;
      FkFrexpMant: r = fx_mant;
      default: r = '0;
    endcase
    ok_o = kind != FkNone;
    unique case (kind)
      FkCmp: m_o = unordered ? pred[3] : (gt && pred[2]) || (eq && pred[1]) || (lt && pred[0]);
      FkClass: m_o = b_i[{1'b0, fclass(a_i)}];
      default: m_o = 1'b0;
    endcase
  end

  // ------------------------------------------------------------------------------------------
  // Output modifiers.

  logic [31:0] o_in, o_rounded, o_scaled;
  logic signed [QW-1:0] o_q;

  always_comb begin
    o_in = flush(r, den_in);
    o_q = lsb_exp(o_in[30:23]) + ((omod_i == 2'd1) ? QW'(signed'(1)) :
                           (omod_i == 2'd2) ? QW'(signed'(2)) : -QW'(signed'(1)));
  end

  cu_fp_round #(.W(24), .ExpW(8), .ManW(23), .QW(QW)) u_omod_round (
    .en_i(omod_i != 2'd0 && kind != FkNone),
    .s_i (o_in[31]),
    .v_i (sig(o_in[30:0])),
    .q_i (o_q),
    .rm_i(rm),
    .d_o (o_rounded)
  );

  always_comb begin
    o_scaled = r;
    if (omod_i != 2'd0 && !is_nan(r[30:0])) begin
      o_scaled = (is_inf(o_in[30:0]) || is_zero(o_in[30:0])) ? o_in : flush(o_rounded, den_out);
    end
    d_o = o_scaled;
    if (clamp_i) begin
      if (is_nan(o_scaled[30:0])) d_o = dx10 ? 32'd0 : o_scaled;
      else if (o_scaled[31]) d_o = 32'd0;
      else if (o_scaled > One) d_o = One;
    end
    // Integer results take no output modifiers.
    unique case (kind)
      FkCmp, FkClass, FkNone: d_o = '0;
      FkToInt: d_o = ri_int;
      FkFrexpExp: d_o = fx_exp;
      default: ;
    endcase
  end

endmodule
