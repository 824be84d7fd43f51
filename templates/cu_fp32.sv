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
// Pipelined: Stages (0, 1 or 2) registers cut the unit after the FMA's exact sum and after the
// first rounding; the compute unit holds the beat in EX for that many cycles (cu_top's FP
// interlock). The result of an operation presented in cycle t is on d_o/m_o in cycle t + Stages;
// ok_o is combinational from op_i. The stage registers load only for this unit's operations (a
// cheaper simulation), so the last result stays on the outputs meanwhile. Each stage decodes
// the operation from its own copy of the inputs. The case labels are read by hdl-gen to say
// which rows the RTL executes. Not here yet: F16, F64, v_cvt_nearest_i32_f32, the
// transcendentals, VOPD's F32 halves.
module cu_fp32
  import cu_pkg::*;
#(
  parameter int unsigned Stages = 2  // pipeline registers: 0 (combinational), 1 or 2
) (
  input  logic        clk_i,
  input  logic        rst_ni,
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

  // MODE's F16/F64 fields are not read here; without stages there is no clock.
  logic unused_mode;
  assign unused_mode = ^{mode_i[7:6], mode_i[3:2], clk_i, rst_ni};

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

  // floor(x) of a non-NaN F32, exact: the fraction bits below the units cleared, and for a
  // negative non-integer one more unit of magnitude (a carry into the exponent field is right).
  function automatic logic [31:0] floor32(logic [31:0] x);
    logic [22:0] frac;  // the fraction bits below the units' bit
    floor32 = x;
    if (x[30:23] < 8'd127) begin
      // Below 1 in magnitude: +-0 stays, a positive value is +0, a negative one -1.
      if (x[30:0] != '0) floor32 = x[31] ? 32'hbf80_0000 : 32'd0;
    end else if (x[30:23] < 8'd150) begin
      frac = 23'((24'd1 << (8'd150 - x[30:23])) - 24'd1);
      floor32 = {x[31], x[30:23], x[22:0] & ~frac};
      if (x[31] && (x[22:0] & frac) != '0) floor32 = floor32 + {9'd0, frac} + 32'd1;
    end
  endfunction

  // ------------------------------------------------------------------------------------------
  // The operation.

  typedef enum logic [3:0] {
    FkNone,
    FkFma,        // x * y + z (or x * y)
    FkFract,      // a - floor(a) on the FMA, below 1.0
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

  // The unit's inputs, as each stage holds them.
  typedef struct packed {
    valu_op_e    op;
    logic [5:0]  mode;   // MODE's F32 fields: IEEE, DX10_CLAMP, FP_DENORM[5:4], FP_ROUND[1:0]
    logic [1:0]  omod;
    logic        clamp;
    logic [31:0] a, b, c;
  } in_t;

  // What the operation means, decoded from in_t.
  typedef struct packed {
    fkind_e      kind;
    mm_e         mm;
    logic [3:0]  pred;     // compare: true on {unordered, greater, equal, less}
    logic [1:0]  rm;
    logic        den_in, den_out, dx10, ieee;
    logic [31:0] a, b, c;  // the sources, denormals flushed as MODE says
    logic [31:0] x, y, z;  // the fused multiply-add's operands
    logic        add_z;
    logic [1:0]  irm;      // rounding to an integer: MODE's encoding
    logic        isigned;  // ... to a signed integer
    logic        i_sign;   // integer to F32: the sign and magnitude
    logic [31:0] i_mag;
  } dec_t;

  function automatic dec_t decode(valu_op_e op, logic [5:0] mode, logic [31:0] a, logic [31:0] b,
                                  logic [31:0] c);
    dec_t d;
    d = '0;
    d.kind = FkNone;
    d.mm = MmMin;
    unique case (op)
      VOP_V_ADD_F32, VOP_V_SUB_F32, VOP_V_SUBREV_F32, VOP_V_MUL_F32, VOP_V_FMA_F32, VOP_V_FMAC_F32,
      VOP_V_FMAAK_F32, VOP_V_FMAMK_F32:
        d.kind = FkFma;
      VOP_V_MIN_F32: begin d.kind = FkMinMax; d.mm = MmMin; end
      VOP_V_MAX_F32: begin d.kind = FkMinMax; d.mm = MmMax; end
      VOP_V_MIN3_F32: begin d.kind = FkMinMax; d.mm = MmMin3; end
      VOP_V_MAX3_F32: begin d.kind = FkMinMax; d.mm = MmMax3; end
      VOP_V_MED3_F32: begin d.kind = FkMinMax; d.mm = MmMed3; end
      VOP_V_MINMAX_F32: begin d.kind = FkMinMax; d.mm = MmMinMax; end
      VOP_V_MAXMIN_F32: begin d.kind = FkMinMax; d.mm = MmMaxMin; end
      VOP_V_LDEXP_F32: d.kind = FkLdexp;
      VOP_V_FRACT_F32: d.kind = FkFract;
      VOP_V_CVT_F32_I32, VOP_V_CVT_F32_U32, VOP_V_CVT_F32_UBYTE0, VOP_V_CVT_F32_UBYTE1,
      VOP_V_CVT_F32_UBYTE2, VOP_V_CVT_F32_UBYTE3:
        d.kind = FkFromInt;
      VOP_V_CVT_I32_F32, VOP_V_CVT_U32_F32, VOP_V_CVT_FLOOR_I32_F32: d.kind = FkToInt;
      VOP_V_TRUNC_F32, VOP_V_CEIL_F32, VOP_V_FLOOR_F32, VOP_V_RNDNE_F32: d.kind = FkRound;
      VOP_V_FREXP_MANT_F32: d.kind = FkFrexpMant;
      VOP_V_FREXP_EXP_I32_F32: d.kind = FkFrexpExp;
      VOP_V_CMP_CLASS_F32, VOP_V_CMPX_CLASS_F32: d.kind = FkClass;
      // The F32 compares, from the table's compare conditions.
{%- for c in cmps %}
      {{ c.labels }}: begin
        d.kind = FkCmp;
        d.pred = 4'b{{ c.pred }};
      end
{%- endfor %}
      default: ;
    endcase

    d.rm = mode[1:0];
    d.den_in = mode[2];
    d.den_out = mode[3];
    d.dx10 = mode[4];
    d.ieee = mode[5];
    d.a = flush(a, d.den_in);
    d.b = flush(b, d.den_in);
    d.c = flush(c, d.den_in);

    // The fused multiply-add's operands.
    d.x = d.a;
    d.y = d.b;
    d.z = d.c;
    d.add_z = 1'b1;
    // Rounding to integers: toward zero but for these.
    d.irm = 2'd3;
    unique case (op)
      VOP_V_CEIL_F32: d.irm = 2'd1;
      VOP_V_FLOOR_F32, VOP_V_CVT_FLOOR_I32_F32: d.irm = 2'd2;
      VOP_V_RNDNE_F32: d.irm = 2'd0;
      default: ;
    endcase
    d.isigned = op != VOP_V_CVT_U32_F32;
    // Integer sources are read as they are (no flushing).
    d.i_sign = 1'b0;
    d.i_mag = a;
    unique case (op)
      VOP_V_CVT_F32_I32: begin
        d.i_sign = a[31];
        d.i_mag = a[31] ? -a : a;
      end
      VOP_V_CVT_F32_UBYTE0: d.i_mag = {24'd0, a[7:0]};
      VOP_V_CVT_F32_UBYTE1: d.i_mag = {24'd0, a[15:8]};
      VOP_V_CVT_F32_UBYTE2: d.i_mag = {24'd0, a[23:16]};
      VOP_V_CVT_F32_UBYTE3: d.i_mag = {24'd0, a[31:24]};
      default: ;
    endcase

    unique case (op)
      VOP_V_ADD_F32: begin d.y = One; d.z = d.b; end
      VOP_V_SUB_F32: begin d.y = One; d.z = negate(d.b); end
      VOP_V_SUBREV_F32: begin d.x = d.b; d.y = One; d.z = negate(d.a); end
      VOP_V_MUL_F32: d.add_z = 1'b0;
      VOP_V_FRACT_F32: begin d.y = One; d.z = negate(floor32(d.a)); end
      default: ;
    endcase
    decode = d;
  endfunction

  // Stage 0: the inputs.
  in_t  in0;
  dec_t d0;
  assign in0 = '{op: op_i, mode: {mode_i[9:8], mode_i[5:4], mode_i[1:0]}, omod: omod_i, clamp: clamp_i, a: a_i, b: b_i, c: c_i};
  assign d0 = decode(in0.op, in0.mode, in0.a, in0.b, in0.c);
  assign ok_o = d0.kind != FkNone;

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
    if (d0.kind inside {FkFma, FkFract}) begin
      sp = d0.x[31] ^ d0.y[31];
      p = sig(d0.x[30:0]) * sig(d0.y[30:0]);
      pz = p == '0;
      zz = !d0.add_z || is_zero(d0.z[30:0]);
      mz = sig(d0.z[30:0]);
      qp = lsb_exp(d0.x[30:23]) + lsb_exp(d0.y[30:23]);
      dz = lsb_exp(d0.z[30:23]) - qp;
      k = dz + QW'(signed'(G));
      f_special = 1'b1;
      f_value = '0;
      f_sign = sp;
      f_sum = '0;
      f_q = '0;
      pf = '0;
      zf = '0;
      if (is_nan(d0.x[30:0])) f_value = quiet(d0.x);
      else if (is_nan(d0.y[30:0])) f_value = quiet(d0.y);
      else if (d0.add_z && is_nan(d0.z[30:0])) f_value = quiet(d0.z);
      else if ((is_inf(d0.x[30:0]) && is_zero(d0.y[30:0])) || (is_zero(d0.x[30:0]) && is_inf(d0.y[30:0]))) f_value = DefaultNan;
      else if (is_inf(d0.x[30:0]) || is_inf(d0.y[30:0])) f_value = (d0.add_z && is_inf(d0.z[30:0]) && d0.z[31] != sp) ? DefaultNan : {sp, 31'h7f80_0000};
      else if (d0.add_z && is_inf(d0.z[30:0])) f_value = d0.z;
      else if (pz && !zz) f_value = d0.z;
      else if (pz) f_value = {!d0.add_z ? sp : (sp == d0.z[31]) ? sp : (d0.rm == 2'd2), 31'd0};
      else begin
        f_special = 1'b0;
        if (zz) begin
          pf = FW'(p) << G;
          f_q = qp - QW'(signed'(G));
        end else if (dz >= QW'(signed'(50))) begin
          // The product is below a quarter of the addend's least significant bit.
          pf = FW'(1);
          zf = FW'(mz) << (G + 50);
          f_q = lsb_exp(d0.z[30:23]) - QW'(signed'(G + 50));
        end else begin
          pf = FW'(p) << G;
          f_q = qp - QW'(signed'(G));
          if (k >= 0) zf = FW'(mz) << k;
          else if (k <= -QW'(signed'(24))) zf = FW'(1);
          else zf = (FW'(mz) >> (-k)) | FW'((FW'(mz) & ~({FW{1'b1}} << (-k))) != '0);
        end
        if (zz || sp == d0.z[31]) begin
          f_sum = pf + zf;
        end else if (pf >= zf) begin
          f_sum = pf - zf;
        end else begin
          f_sum = zf - pf;
          f_sign = d0.z[31];
        end
        if (f_sum == '0) begin
          // Exact cancellation: +0, or -0 rounding toward -inf.
          f_special = 1'b1;
          f_value = {d0.rm == 2'd2, 31'd0};
        end
      end
    end
  end

  // ------------------------------------------------------------------------------------------
  // Cut 1: the inputs and the FMA's exact sum. Stage 1 decodes its copy of the inputs.

  typedef struct packed {
    in_t           in;
    logic          special;
    logic [31:0]   value;
    logic          sign;
    logic [FW-1:0] sum;
    logic [QW-1:0] q;
  } st1_t;

  st1_t s1_d, s1_q;
  dec_t d1;

  assign s1_d = '{in: in0, special: f_special, value: f_value, sign: f_sign, sum: f_sum, q: f_q};
  if (Stages >= 1) begin : gen_cut1
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        s1_q <= '0;
      end else if (ok_o) begin
        s1_q <= s1_d;
      end
    end
  end else begin : gen_comb1
    assign s1_q = s1_d;
  end
  assign d1 = decode(s1_q.in.op, s1_q.in.mode, s1_q.in.a, s1_q.in.b, s1_q.in.c);

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
    if (d1.kind inside {FkToInt, FkRound}) begin
      qa = lsb_exp(d1.a[30:23]);
      ri_frac = qa < 0 && !is_zero(d1.a[30:0]);
      yv = '0;
      if (qa < -QW'(signed'(25))) begin
        // Below 1/2: no integer bits, no guard bit.
        t = '0;
        g = 1'b0;
        st = sig(d1.a[30:0]) != '0;
      end else begin
        yv = {sig(d1.a[30:0]), 26'd0} >> (qa < 0 ? -qa : '0);
        t = yv[49:26];
        g = yv[25];
        st = yv[24:0] != '0;
      end
      unique case (d1.irm)
        2'd0: inc = g && (st || t[0]);
        2'd1: inc = !d1.a[31] && (g || st);
        2'd2: inc = d1.a[31] && (g || st);
        default: inc = 1'b0;
      endcase
      ri_n = t + 24'(inc);
      // The magnitude as an integer, saturated beyond 33 bits (infinities too).
      if (qa > QW'(signed'(9))) mag = '1;
      else if (qa >= 0) mag = 34'(sig(d1.a[30:0])) << qa;
      else mag = 34'(ri_n);
      if (is_nan(d1.a[30:0])) ri_int = '0;
      else if (d1.isigned && d1.a[31]) ri_int = (mag > 34'h0_8000_0000) ? 32'h8000_0000 : -mag[31:0];
      else if (d1.isigned) ri_int = (mag > 34'h0_7fff_ffff) ? 32'h7fff_ffff : mag[31:0];
      else if (d1.a[31]) ri_int = '0;
      else ri_int = (mag > 34'h0_ffff_ffff) ? 32'hffff_ffff : mag[31:0];
    end
  end

  // frexp: a = mant * 2^exp with mant in [0.5, 1).
  logic [31:0] fx_mant, fx_exp;

  always_comb begin
    logic [4:0] lead;
    logic [23:0] m;
    logic signed [QW-1:0] fe;
    m = sig(d1.a[30:0]);
    lead = '0;
    for (int i = 0; i < 24; i++) if (m[i]) lead = 5'(i);
    fx_mant = {d1.a[31], 8'd126, 23'(m << (5'd23 - lead))};
    fe = lsb_exp(d1.a[30:23]) + QW'(signed'({1'b0, lead})) + QW'(signed'(1));
    fx_exp = 32'(fe);
    if (is_nan(d1.a[30:0])) begin
      fx_mant = quiet(d1.a);
      fx_exp = '0;
    end else if (is_inf(d1.a[30:0]) || is_zero(d1.a[30:0])) begin
      fx_mant = d1.a;
      fx_exp = '0;
    end
  end

  // The shared back end rounds the FMA's sum, or an integer that becomes an F32.
  logic               n_sign;
  logic [FW-1:0]      n_sum;
  logic signed [QW-1:0] n_q;

  always_comb begin
    n_sign = s1_q.sign;
    n_sum = s1_q.sum;
    n_q = $signed(s1_q.q);
    if (d1.kind == FkFromInt) begin
      n_sign = d1.i_sign;
      n_sum = FW'(d1.i_mag);
      n_q = '0;
    end else if (d1.kind == FkRound) begin
      n_sign = d1.a[31];
      n_sum = FW'(ri_n);
      n_q = '0;
    end
  end

  cu_fp_round #(.W(FW), .ExpW(8), .ManW(23), .QW(QW)) u_fma_round (
    .en_i(d1.kind inside {FkFma, FkFract, FkFromInt, FkRound}),
    .s_i (n_sign),
    .v_i (n_sum),
    .q_i (n_q),
    .rm_i((d1.kind == FkRound) ? 2'd0 : d1.rm),
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
    l_in = d1.a;
    l_special = is_nan(l_in[30:0]) || is_inf(l_in[30:0]) || is_zero(l_in[30:0]);
    l_value = is_nan(l_in[30:0]) ? quiet(l_in) : l_in;
    l_q = lsb_exp(l_in[30:23]) + clamp_exp(s1_q.in.b);
  end

  cu_fp_round #(.W(24), .ExpW(8), .ManW(23), .QW(QW)) u_ldexp_round (
    .en_i(d1.kind == FkLdexp),
    .s_i (l_in[31]),
    .v_i (sig(l_in[30:0])),
    .q_i (l_q),
    .rm_i(d1.rm),
    .d_o (l_rounded)
  );

  // ------------------------------------------------------------------------------------------
  // The result before the output modifiers.

  logic [31:0] r;
  logic        m1;  // the compare result
  logic        unordered, eq, lt, gt, nan_in;
  logic [31:0] mm_lo, mm_hi, mm_r;

  always_comb begin
    unordered = is_nan(d1.a[30:0]) || is_nan(d1.b[30:0]);
    eq = (d1.a == d1.b) || (is_zero(d1.a[30:0]) && is_zero(d1.b[30:0]));
    lt = !eq && less(d1.a, d1.b);
    gt = !eq && !lt;
    nan_in = is_nan(d1.a[30:0]) || is_nan(d1.b[30:0]) || is_nan(d1.c[30:0]);
    mm_lo = min_max(d1.a, d1.b, 1'b0, d1.ieee);
    mm_hi = min_max(d1.a, d1.b, 1'b1, d1.ieee);
    unique case (d1.mm)
      MmMin: mm_r = mm_lo;
      MmMax: mm_r = mm_hi;
      MmMin3: mm_r = min_max(mm_lo, d1.c, 1'b0, d1.ieee);
      MmMax3: mm_r = min_max(mm_hi, d1.c, 1'b1, d1.ieee);
      // With a NaN operand, the median is the minimum of the three.
      MmMed3: mm_r = nan_in ? min_max(mm_lo, d1.c, 1'b0, d1.ieee)
                            : min_max(mm_hi, min_max(mm_lo, d1.c, 1'b1, d1.ieee), 1'b0, d1.ieee);
      MmMinMax: mm_r = min_max(mm_lo, d1.c, 1'b1, d1.ieee);
      default: mm_r = min_max(mm_hi, d1.c, 1'b0, d1.ieee);
    endcase
    unique case (d1.kind)
      FkFma: r = flush(s1_q.special ? s1_q.value : f_rounded, d1.den_out);
      // 1 - a tiny value rounds to 1.0: the largest F32 below 1 instead (guide: "clamped to
      // 0x3f7fffff"). a's NaN is quiet(a) and an infinity the default NaN, as from the FMA.
      FkFract: begin
        r = flush(s1_q.special ? s1_q.value : f_rounded, d1.den_out);
        if (!r[31] && r[30:0] >= 31'h3f80_0000 && !is_nan(r[30:0])) r = 32'h3f7f_ffff;
      end
      FkMinMax: r = mm_r;
      FkLdexp: r = l_special ? l_value : flush(l_rounded, d1.den_out);
      FkFromInt: r = (d1.i_mag == '0) ? 32'd0 : f_rounded;
      // An integral value: exact, never denormal; zero keeps the sign.
      FkRound: r = is_nan(d1.a[30:0]) ? quiet(d1.a) : !ri_frac ? d1.a : (ri_n == '0) ? {d1.a[31], 31'd0} : f_rounded;
      FkFrexpMant: r = fx_mant;
      default: r = '0;
    endcase
    unique case (d1.kind)
      FkCmp: m1 = unordered ? d1.pred[3] : (gt && d1.pred[2]) || (eq && d1.pred[1]) || (lt && d1.pred[0]);
      FkClass: m1 = s1_q.in.b[{1'b0, fclass(s1_q.in.a)}];
      default: m1 = 1'b0;
    endcase
  end

  // ------------------------------------------------------------------------------------------
  // Cut 2: the result before the output modifiers. Stage 2 decodes its copy of the inputs.

  typedef struct packed {
    in_t         in;
    logic [31:0] r;
    logic        m;
    logic [31:0] ri_int;
    logic [31:0] fx_exp;
  } st2_t;

  st2_t s2_d, s2_q;
  dec_t d2;

  assign s2_d = '{in: s1_q.in, r: r, m: m1, ri_int: ri_int, fx_exp: fx_exp};
  if (Stages >= 2) begin : gen_cut2
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        s2_q <= '0;
      end else if (d1.kind != FkNone) begin
        s2_q <= s2_d;
      end
    end
  end else begin : gen_comb2
    assign s2_q = s2_d;
  end
  assign d2 = decode(s2_q.in.op, s2_q.in.mode, s2_q.in.a, s2_q.in.b, s2_q.in.c);

  // ------------------------------------------------------------------------------------------
  // Output modifiers.

  logic [31:0] o_in, o_rounded, o_scaled;
  logic signed [QW-1:0] o_q;

  always_comb begin
    o_in = flush(s2_q.r, d2.den_in);
    o_q = lsb_exp(o_in[30:23]) + ((s2_q.in.omod == 2'd1) ? QW'(signed'(1)) :
                           (s2_q.in.omod == 2'd2) ? QW'(signed'(2)) : -QW'(signed'(1)));
  end

  cu_fp_round #(.W(24), .ExpW(8), .ManW(23), .QW(QW)) u_omod_round (
    .en_i(s2_q.in.omod != 2'd0 && d2.kind != FkNone),
    .s_i (o_in[31]),
    .v_i (sig(o_in[30:0])),
    .q_i (o_q),
    .rm_i(d2.rm),
    .d_o (o_rounded)
  );

  always_comb begin
    o_scaled = s2_q.r;
    if (s2_q.in.omod != 2'd0 && !is_nan(s2_q.r[30:0])) begin
      o_scaled = (is_inf(o_in[30:0]) || is_zero(o_in[30:0])) ? o_in : flush(o_rounded, d2.den_out);
    end
    d_o = o_scaled;
    if (s2_q.in.clamp) begin
      if (is_nan(o_scaled[30:0])) d_o = d2.dx10 ? 32'd0 : o_scaled;
      else if (o_scaled[31]) d_o = 32'd0;
      else if (o_scaled > One) d_o = One;
    end
    // Integer results take no output modifiers.
    unique case (d2.kind)
      FkCmp, FkClass, FkNone: d_o = '0;
      FkToInt: d_o = s2_q.ri_int;
      FkFrexpExp: d_o = s2_q.fx_exp;
      default: ;
    endcase
  end

  assign m_o = s2_q.m;

  // Each stage reads only some of its decode.
  logic unused_dec;
  assign unused_dec = ^{d0, d1, d2};

endmodule
