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
// The exact rows run beside the FMA in the first stage, bit for bit fp.rs's min_max,
// round_integral, ldexp and frexp: v_min_f64/v_max_f64 (never flushing their result),
// v_ldexp_f64 (the i32 in source 1's low dword; one rounding through the shared back end,
// round_f64_sig), trunc/ceil/floor/rndne (on the bit pattern), v_frexp_mant_f64 and
// v_frexp_exp_i32_f64 (an integer result, no output modifiers). v_fract_f64 is a - floor(a)
// on the FMA, clamped below 1.0 (0x3fefffffffffffff), as v_fract_f32.
//
// The conversions, bit for bit convert.rs (fp::convert, from_int, to_int):
//   - v_cvt_f64_i32/u32 are exact; v_cvt_i32_f64/u32_f64 truncate the flushed input and
//     saturate, NaN to 0 (an integer result, no output modifiers);
//   - v_cvt_f64_f32 widens the F32 input, flushed by MODE's F32 denormal control, exactly; a NaN
//     keeps its payload, made quiet;
//   - v_cvt_f32_f64 rounds the flushed F64 input in MODE's F32 rounding mode (FP_ROUND[1:0]) and
//     flushes a denormal result unless FP_DENORM[5] (F32 outputs); a NaN keeps the top of its
//     payload. Its OMOD and CLAMP act on the F32 result, with F32's MODE fields.
//
// The compares (the table's conditions, on flushed inputs; a NaN operand makes every condition
// but the unordered ones false) and the class tests (source 0 as it is) give a lane bit on m_o,
// registered with the lane's result.
//
// The value-level helpers (classification, flushing, the orderings, the class bit, the exact
// integral rounding, frexp, ldexp, the conversion to an integer) are cu_pkg's f64_ (f32_ for the conversions' F32 side) functions,
// one text for every format, generated from templates/cu_fp_fmt.sv.
//
// The division helpers, bit for bit div.rs: v_div_scale_f64 (cu_pkg's f64_div_scale: the
// result and the lane's VCC bit on m_o, no output modifiers), v_div_fixup_f64 (f64_div_fixup,
// then OMOD and CLAMP), and v_div_fmas_f64: the FMA on unflushed inputs whose exact sum, in a
// lane whose VCC bit (m_i) is set, is scaled by 2^128 (S2's exponent above the bias) or
// 2^-128 before its one rounding, then flushed as MODE says; its OMOD reads the result
// unflushed.
//
// The recurrence's rows, bit for bit valu/f64.rs: v_rcp_f64 correctly rounded to nearest even,
// v_sqrt_f64 correctly rounded in MODE's F64 rounding mode, v_rsq_f64 the square root rounded
// to nearest even and then its reciprocal rounded to nearest even (two roundings); inputs
// flushed as MODE says, results flushed as MODE says, then OMOD and CLAMP. One digit
// recurrence (cu_pkg's f64_tstep, one text with the F32 unit's) serves the lanes one after
// another, Trans64Steps bits a cycle of the 56 a pass finds, from a remainder that stays exact
// (the sticky bit is E != 0). The input's significand is normalised to S in [2^52, 2^53) with
// its least significant bit's exponent l (a denormal kept by MODE too):
//   - rcp: Y = floor(2^107 / S), a 56-bit quotient (above 2^54), from E = 2^51;
//   - sqrt: a = M * 2^(2j) with M = S * 2 or S * 4, Y = floor(sqrt(M * 2^56)), 56 bits
//     (above 2^54), from E = 0.
// A lane's pass takes Trans64Lane cycles (the steps, then a cycle that rounds {Y, sticky} into
// the lane's result register and loads the next lane, or for v_rsq_f64's root the pass of its
// reciprocal); a lane with a special operand (NaN, zero, infinity, a negative root) waits as
// long. The last lane's result is on d_o NumLanes * Trans64Lane + 1 cycles after the start
// (cu_top's F64TransCycles), twice the lanes' part for v_rsq_f64 (F64RsqCycles).
//
// v_trig_preop_f64 runs beside the FMA as an exact row (see trig_preop below).
//
// The case labels are read by hdl-gen to say which rows the RTL executes.
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
  input  logic [NumLanes-1:0]       m_i,      // VCC's lane bits (v_div_fmas_f64), held as well
  output logic                      ok_o,     // the operation is one of this unit's
  output logic [NumLanes-1:0][63:0] d_o,
  output logic [NumLanes-1:0]       m_o       // the compares' and class tests' lane bits
);

  localparam logic [63:0] One = 64'h3ff0_0000_0000_0000;
  localparam logic [63:0] DefaultNan = 64'hfff8_0000_0000_0000;
  localparam int unsigned QW = 14;
  localparam int unsigned LaneW = (NumLanes > 1) ? $clog2(NumLanes) : 1;

  // v_ldexp_f64's exponent: beyond +-2200 the same result as +-2200 (overflow, or a value far
  // below half the smallest denormal), and within what round_f64_sig's exponent holds.
  function automatic logic signed [QW-1:0] clamp_exp(logic [31:0] n);
    if ($signed(n) > 2200) clamp_exp = QW'(signed'(2200));
    else if ($signed(n) < -2200) clamp_exp = -QW'(signed'(2200));
    else clamp_exp = QW'($signed(n));
  endfunction

  // {op is an F64 compare, its condition ({unordered, greater, equal, less})}, from the table.
  function automatic logic [4:0] cmp_of(valu_op_e op);
    unique case (op)
{%- for c in cmps %}
      {{ c.labels }}:
        cmp_of = 5'b1{{ c.pred }};
{%- endfor %}
      default: cmp_of = '0;
    endcase
  endfunction

  // ------------------------------------------------------------------------------------------
  // The conversions.

  // A 32-bit integer, signed or not, as an F64 (exact; zero is +0).
  function automatic logic [63:0] from_int(logic [31:0] n, logic isigned);
    logic        neg;
    logic [31:0] mag;
    logic [4:0]  lead;
    neg = isigned && n[31];
    mag = neg ? -n : n;
    lead = '0;
    for (int i = 0; i < 32; i++) if (mag[i]) lead = 5'(i);
    if (mag == '0) from_int = '0;
    else from_int = {neg, 11'(11'd1023 + 11'(lead)), 52'({20'd0, mag} << (6'd52 - 6'(lead)))};
  endfunction

  // An F32 widened to F64 (exact); a NaN keeps its payload, made quiet. x is flushed.
  function automatic logic [63:0] widen(logic [31:0] x);
    logic [7:0]  lead;
    logic [22:0] f;
    f = x[22:0];
    lead = '0;
    for (int i = 0; i < 23; i++) if (f[i]) lead = 8'(i);
    if (x[30:23] == 8'hff) widen = {x[31], 11'h7ff, f != '0, f[21:0], 29'd0};
    else if (f32_is_zero(x[30:0])) widen = {x[31], 63'd0};
    // A denormal: its leading one (at lead, weight 2^(lead - 149)) becomes the hidden bit.
    else if (x[30:23] == '0) widen = {x[31], 11'(11'd874 + 11'(lead)), 52'({29'd0, f} << (6'd52 - 6'(lead)))};
    else widen = {x[31], 11'(11'd896 + 11'(x[30:23])), f, 29'd0};
  endfunction

  // x * 2^n rounded to F32 in rm, flushed unless den_out; a NaN keeps the top of its payload,
  // made quiet. x is flushed.
  function automatic logic [31:0] narrow(logic [63:0] x, logic signed [QW-1:0] n, logic [1:0] rm,
                                         logic den_out);
    logic [31:0] r;
    if (f64_is_nan(x[62:0])) narrow = {x[63], 9'h1ff, x[50:29]};
    else if (f64_is_inf(x[62:0])) narrow = {x[63], 31'h7f80_0000};
    else if (f64_is_zero(x[62:0])) narrow = {x[63], 31'd0};
    else begin
      r = round_f32_dsig(x[63], f64_sig(x[62:0]), f64_lsb_exp(x[62:52]) + n, rm);
      narrow = (!den_out && r[30:23] == '0) ? {r[31], 31'd0} : r;
    end
  endfunction

  // ------------------------------------------------------------------------------------------
  // v_trig_preop_f64 (valu/f64.rs): the 53 fraction bits of 2/pi after its first `shift`
  // (shift = 53 * S1[4:0], plus S0's exponent field less 1077 when that is positive),
  // truncated, scaled by 2^(-53 - shift) (2^128 more from S0's exponent field 1968), rounded
  // toward zero and flushed as MODE says. The table holds the 1201 bits in 64-bit words (from
  // rdna3_isa::constants, as the golden model's), zeros after them: the segment is in the two
  // words from shift / 64, shifted by shift % 64.

  localparam int unsigned PiWords = {{ two_over_pi.len() }};
  localparam logic [PiWords-1:0][63:0] TwoOverPi = {
{%- for w in two_over_pi %}
    {{ w }}{% if !loop.last %},{% endif %}
{%- endfor %}
  };

  function automatic logic [63:0] pi_word(logic [5:0] i);
    pi_word = (int'(i) < int'(PiWords)) ? TwoOverPi[PiWords - 1 - int'(i)] : '0;
  endfunction

  function automatic logic [63:0] trig_preop(logic [63:0] a, logic [4:0] seg, logic den_out);
    logic [10:0]          e;
    logic [11:0]          shift;
    logic [127:0]         win;
    logic [52:0]          bits;
    logic signed [QW-1:0] scale;
    logic                 unused_a;
    unused_a = ^{a[63], a[51:0]};
    e = a[62:52];
    shift = 12'(seg) * 12'd53 + ((e > 11'd1077) ? 12'(e - 11'd1077) : 12'd0);
    win = {pi_word(shift[11:6]), pi_word(shift[11:6] + 6'd1)};
    bits = 53'(win >> (7'd75 - 7'(shift[5:0])));
    scale = -QW'(signed'(53)) - QW'(signed'({1'b0, shift})) + ((e >= 11'd1968) ? QW'(signed'(128)) : '0);
    trig_preop = (bits == '0) ? '0 : f64_flush(round_f64_sig(1'b0, bits, scale, 2'd3), den_out);
  endfunction

  // ------------------------------------------------------------------------------------------
  // The fused multiply-add.

  // What the second stage needs: the special result or the exact sum (cu_pkg's shared front
  // end, fma_f64_frame), and the modifiers.
  typedef struct packed {
    fma_f64_frame_t f;      // an exact row's result is f.value, with f.special set
    logic           exact;  // ... which is not flushed (min/max, the integral values, frexp)
    logic           fract;  // v_fract_f64: the sum clamped below 1.0
    logic           int_res; // an integer (v_frexp_exp_i32_f64, the compares) or v_div_scale's
                             // result: no output modifiers
    logic           fmas;    // v_div_fmas_f64 in a lane with VCC set: the sum scaled by 2^fmas_k
    logic signed [QW-1:0] fmas_k;
    logic           m;       // a compare's or class test's lane bit
    logic           f32;     // v_cvt_f32_f64: an F32 result in the low dword, F32's modifiers
    logic [1:0]     rm;
    logic           den_in, den_out, dx10;
    logic [1:0]     rm32;    // MODE's F32 fields (v_cvt_f32_f64's output modifiers)
    logic           den_in32, den_out32;
    logic [1:0]     omod;
    logic           clamp;
  } st1_t;

  // x * y + z (or x * y without an addend) for op on the sources a, b, c, flushed as MODE
  // says (mode: MODE[9:0]: IEEE, DX10_CLAMP, FP_DENORM, FP_ROUND), with the output modifiers;
  // or an exact row's result.
  function automatic st1_t fma_sum(valu_op_e op, logic [63:0] a, logic [63:0] b, logic [63:0] c,
                                   logic m, logic [9:0] mode, logic [1:0] omod, logic clamp);
    st1_t        s;
    logic [63:0] x, y, z, v;
    logic        add_z, exact;
    logic [4:0]  cmp;
    cmp = cmp_of(op);
    s.rm = mode[3:2];
    s.den_in = mode[6];
    s.den_out = mode[7];
    s.dx10 = mode[8];
    s.rm32 = mode[1:0];
    s.den_in32 = mode[4];
    s.den_out32 = mode[5];
    s.f32 = 1'b0;
    s.fmas = op == VOP_V_DIV_FMAS_F64 && m;
    s.fmas_k = (c[62:52] > 11'd1023) ? QW'(signed'(128)) : -QW'(signed'(128));
    s.omod = omod;
    s.clamp = clamp;
    s.fract = op == VOP_V_FRACT_F64;
    s.int_res = op == VOP_V_FREXP_EXP_I32_F64;
    s.m = 1'b0;
    x = f64_flush(a, s.den_in);
    y = f64_flush(b, s.den_in);
    z = f64_flush(c, s.den_in);
    add_z = 1'b1;
    exact = 1'b1;
    v = '0;
    unique case (op)
      VOP_V_ADD_F64: begin y = One; z = f64_flush(b, s.den_in); exact = 1'b0; end
      VOP_V_MUL_F64: begin add_z = 1'b0; exact = 1'b0; end
      VOP_V_FMA_F64: exact = 1'b0;
      // Denormal inputs kept, for the sum and for OMOD.
      VOP_V_DIV_FMAS_F64: begin x = a; y = b; z = c; s.den_in = 1'b1; exact = 1'b0; end
      VOP_V_DIV_SCALE_F64: begin s.int_res = 1'b1; {s.m, v} = f64_div_scale(a, b, c, s.rm); end
      VOP_V_DIV_FIXUP_F64: v = f64_div_fixup(a[62:0], b, c);
      VOP_V_FRACT_F64: begin y = One; z = f64_round_integral(x, 2'd2); z[63] = !z[63]; exact = 1'b0; end
      VOP_V_MIN_F64: v = f64_min_max(x, y, 1'b0, mode[9]);
      VOP_V_MAX_F64: v = f64_min_max(x, y, 1'b1, mode[9]);
      VOP_V_LDEXP_F64: v = f64_ldexp(x, clamp_exp(b[31:0]), s.rm, s.den_out);
      VOP_V_TRUNC_F64: v = f64_round_integral(x, 2'd3);
      VOP_V_CEIL_F64: v = f64_round_integral(x, 2'd1);
      VOP_V_FLOOR_F64: v = f64_round_integral(x, 2'd2);
      VOP_V_RNDNE_F64: v = f64_round_integral(x, 2'd0);
      VOP_V_FREXP_MANT_F64: v = f64_frexp(x, 1'b0);
      VOP_V_FREXP_EXP_I32_F64: v = f64_frexp(x, 1'b1);
      VOP_V_TRIG_PREOP_F64: v = trig_preop(a, b[4:0], s.den_out);
      // The conversions; 32-bit sources and results in the low dword.
      VOP_V_CVT_F64_I32: v = from_int(a[31:0], 1'b1);
      VOP_V_CVT_F64_U32: v = from_int(a[31:0], 1'b0);
      VOP_V_CVT_I32_F64: begin s.int_res = 1'b1; v = {32'd0, f64_to_int(x, 1'b1)}; end
      VOP_V_CVT_U32_F64: begin s.int_res = 1'b1; v = {32'd0, f64_to_int(x, 1'b0)}; end
      VOP_V_CVT_F64_F32: v = widen(f32_flush(a[31:0], s.den_in32));
      VOP_V_CVT_F32_F64: begin s.f32 = 1'b1; v = {32'd0, narrow(x, '0, s.rm32, s.den_out32)}; end
      // The class test reads source 0 as it is and source 1's low bits as the mask.
      VOP_V_CMP_CLASS_F64, VOP_V_CMPX_CLASS_F64: begin
        s.int_res = 1'b1;
        s.m = b[{2'b0, f64_fclass(a)}];
      end
      default: begin
        exact = cmp[4];
        s.int_res = cmp[4];
        s.m = cmp[4] && f64_compare(cmp[3:0], x, y);
      end
    endcase
    s.exact = exact;
    if (exact) begin
      s.f = '0;
      s.f.special = 1'b1;
      s.f.value = v;
    end else begin
      s.f = fma_f64_frame(x, y, z, add_z, s.rm);
    end
    fma_sum = s;
  endfunction

  // v_cvt_f32_f64's F32 result r with OMOD and CLAMP, in F32's MODE fields: OMOD's scaling
  // of the (flushed) result is exact in F64 and rounds once to F32, as an F32 ldexp does.
  function automatic logic [31:0] finish32(logic [31:0] r, logic [1:0] omod, logic clamp,
                                           logic dx10, logic [1:0] rm, logic den_in,
                                           logic den_out);
    logic [31:0] o;
    o = r;
    if (omod != 2'd0 && !f32_is_nan(r[30:0])) begin
      o = narrow(widen(f32_flush(r, den_in)), (omod == 2'd1) ? QW'(signed'(1)) :
                 (omod == 2'd2) ? QW'(signed'(2)) : -QW'(signed'(1)), rm, den_out);
    end
    finish32 = o;
    if (clamp) begin
      if (f32_is_nan(o[30:0])) finish32 = dx10 ? 32'd0 : o;
      else if (o[31]) finish32 = 32'd0;
      else if (o > 32'h3f80_0000) finish32 = 32'h3f80_0000;
    end
  endfunction

  // The rounded result, then OMOD and CLAMP.
  function automatic logic [63:0] finish(st1_t s);
    logic [63:0] r, o_in, o;
    logic        unused_m;
    unused_m = s.m;  // registered beside the result (res_m_q)
    r = s.f.special ? s.f.value : round_f64_fma(s.f.sign, s.f.sum, s.f.q + (s.fmas ? s.fmas_k : '0), s.rm);
    // v_div_fmas_f64's addend alone (a zero product), scaled as any other sum. (A sum that
    // rounds to zero unscaled rounds to the same zero scaled by 2^-128; scaled by 2^128, S2
    // is at least 2, and a non-zero sum is a multiple of 2^-105 at least: no such sum.)
    if (s.fmas && s.f.special && !f64_is_nan(r[62:0]) && !f64_is_inf(r[62:0]) && !f64_is_zero(r[62:0])) begin
      r = f64_ldexp(r, s.fmas_k, s.rm, 1'b1);
    end
    if (!s.exact) r = f64_flush(r, s.den_out);
    // a - floor(a) rounding to 1.0 (a tiny negative a): the largest F64 below 1 instead. A
    // NaN's result is f64_quiet(a) and an infinity's the default NaN, as from the FMA.
    if (s.fract && !r[63] && r[62:0] >= One[62:0] && !f64_is_nan(r[62:0])) r = 64'h3fef_ffff_ffff_ffff;
    o_in = f64_flush(r, s.den_in);
    o = r;
    if (s.omod != 2'd0 && !f64_is_nan(r[62:0])) begin
      o = f64_ldexp(o_in, (s.omod == 2'd1) ? QW'(signed'(1)) :
                      (s.omod == 2'd2) ? QW'(signed'(2)) : -QW'(signed'(1)), s.rm, s.den_out);
    end
    finish = o;
    if (s.int_res) finish = r;
    else if (s.f32) finish = {32'd0, finish32(r[31:0], s.omod, s.clamp, s.dx10, s.rm32, s.den_in32,
                                              s.den_out32)};
    else if (s.clamp) begin
      if (f64_is_nan(o[62:0])) finish = s.dx10 ? 64'd0 : o;
      else if (o[63]) finish = 64'd0;
      else if (o > One) finish = One;
    end
  endfunction

  // ------------------------------------------------------------------------------------------
  // The recurrence's rows (see the top of the file), a lane at a time.

  localparam int unsigned TPass = Trans64Bits / Trans64Steps;  // cycles of a pass's steps
  localparam int unsigned TCntW = $clog2(TPass + 1);

  typedef struct packed {
    tkind_e               k;
    logic                 rsq;      // v_rsq_f64's root: its reciprocal's pass follows
    logic [54:0]          n;        // S (rcp)
    f64_tstate_t          s;
    logic [TCntW-1:0]     cnt;      // cycles of steps left
    logic                 special;  // the result is value, without the recurrence
    logic [63:0]          value;
    logic                 sign;
    logic signed [QW-1:0] q;        // the exponent of bit 0 of {Y, sticky}
  } trans_t;

  function automatic logic is_trans(valu_op_e op);
    is_trans = op inside {VOP_V_RCP_F64, VOP_V_RSQ_F64, VOP_V_SQRT_F64};
  endfunction

  // A pass of kind k on the positive value S * 2^l (S normalised, 53 bits).
  function automatic trans_t tpass(tkind_e k, logic [52:0] sig, logic signed [QW-1:0] l);
    trans_t      t;
    logic [54:0] m;
    t = '0;
    t.k = k;
    t.cnt = TCntW'(TPass);
    // a = M * 2^(2j): M = S * 2 with 2j = l - 1 (l odd), else M = S * 4 with 2j = l - 2.
    m = l[0] ? {1'b0, sig, 1'b0} : {sig, 2'b00};
    if (k == TkRcp) begin
      t.n = {2'b00, sig};
      t.s = '{e: 61'(1) << 51, v: '0, y: '0, rad: '0};
      t.q = -l - QW'(signed'(108));
    end else begin
      t.n = m;
      t.s = '{e: '0, v: '0, y: '0, rad: {1'b0, m}};
      t.q = ((l - QW'(signed'(2)) + QW'(signed'({1'b0, l[0]}))) >>> 1) - QW'(signed'(29));
    end
    tpass = t;
  endfunction

  // A lane's start: the special operands' results, or the first pass on the flushed input.
  function automatic trans_t tfirst(valu_op_e op, logic [63:0] a, logic den_in);
    trans_t               t;
    logic [63:0]          x;
    logic [52:0]          sig;
    logic [5:0]           lz;
    tkind_e               k;
    x = f64_flush(a, den_in);
    k = (op == VOP_V_RCP_F64) ? TkRcp : TkSqrt;
    // The significand normalised: a denormal's leading one moved up to bit 52.
    sig = f64_sig(x[62:0]);
    lz = '0;
    for (int i = 0; i < 53; i++) if (sig[i]) lz = 6'(52 - i);
    t = tpass(k, sig << lz, f64_lsb_exp(x[62:52]) - QW'(signed'({1'b0, lz})));
    t.rsq = op == VOP_V_RSQ_F64;
    t.sign = (k == TkRcp) && x[63];
    t.special = 1'b1;
    t.value = '0;
    if (f64_is_nan(x[62:0])) t.value = f64_quiet(x);
    else if (k == TkRcp) begin
      if (f64_is_zero(x[62:0])) t.value = {x[63], 63'h7ff0_0000_0000_0000};
      else if (f64_is_inf(x[62:0])) t.value = {x[63], 63'd0};
      else t.special = 1'b0;
    end
    // A root's: sqrt(+-0) = +-0, and rsq's 1 / sqrt(+-0) = +-inf; a negative's the default
    // NaN; sqrt(+inf) = +inf, and rsq's 1 / sqrt(+inf) = +0.
    else if (f64_is_zero(x[62:0])) t.value = t.rsq ? {x[63], 63'h7ff0_0000_0000_0000} : x;
    else if (x[63]) t.value = DefaultNan;
    else if (f64_is_inf(x[62:0])) t.value = t.rsq ? '0 : x;
    else t.special = 1'b0;
    tfirst = t;
  endfunction

  // The pass's result: {Y, sticky} rounded, to nearest even but for a root (rm: MODE's for
  // v_sqrt_f64, nearest even for v_rsq_f64's, from tsecond).
  function automatic logic [63:0] tround(trans_t t, logic [1:0] rm);
    logic unused_t;  // the state that only the steps read
    unused_t = ^{t.n, t.s.v, t.s.rad, t.cnt, t.rsq};
    tround = t.special ? t.value :
             round_f64_trans(t.sign, {t.s.y, t.s.e != '0}, t.q, (t.k == TkSqrt) ? rm : 2'd0);
  endfunction

  // After v_rsq_f64's root: the pass of its reciprocal (a special value waits a pass as well).
  function automatic trans_t tsecond(trans_t t);
    logic [63:0] r;
    trans_t      o;
    r = tround(t, 2'd0);
    o = t.special ? t : tpass(TkRcp, f64_sig(r[62:0]), f64_lsb_exp(r[62:52]));
    o.sign = r[63];  // the root's, +
    o.cnt = TCntW'(TPass);
    o.rsq = 1'b0;
    tsecond = o;
  endfunction

  // The lane's result for finish(): flushed, OMOD and CLAMP as any row's.
  function automatic st1_t tresult(trans_t t, logic [9:0] mode, logic [1:0] omod, logic clamp);
    st1_t s;
    logic unused_mode;  // the F32 fields and IEEE
    unused_mode = ^{mode[9], mode[5:4], mode[1:0]};
    s = '0;
    s.rm = mode[3:2];
    s.den_in = mode[6];
    s.den_out = mode[7];
    s.dx10 = mode[8];
    s.omod = omod;
    s.clamp = clamp;
    s.f.special = 1'b1;
    s.f.value = tround(t, s.rm);
    tresult = s;
  endfunction

  // ------------------------------------------------------------------------------------------
  // The lanes, one a cycle.

  always_comb begin
    unique case (op_i)
      VOP_V_FMA_F64, VOP_V_ADD_F64, VOP_V_MUL_F64, VOP_V_FRACT_F64, VOP_V_MIN_F64,
      VOP_V_MAX_F64, VOP_V_LDEXP_F64, VOP_V_TRUNC_F64, VOP_V_CEIL_F64, VOP_V_FLOOR_F64,
      VOP_V_RNDNE_F64, VOP_V_FREXP_MANT_F64, VOP_V_FREXP_EXP_I32_F64, VOP_V_CMP_CLASS_F64,
      VOP_V_CMPX_CLASS_F64, VOP_V_CVT_F64_I32, VOP_V_CVT_F64_U32, VOP_V_CVT_I32_F64,
      VOP_V_CVT_U32_F64, VOP_V_CVT_F64_F32, VOP_V_CVT_F32_F64, VOP_V_DIV_SCALE_F64,
      VOP_V_DIV_FMAS_F64, VOP_V_DIV_FIXUP_F64, VOP_V_RCP_F64, VOP_V_RSQ_F64, VOP_V_SQRT_F64,
      VOP_V_TRIG_PREOP_F64:
        ok_o = 1'b1;
      // The compares, from the table.
{%- for c in cmps %}
      {{ c.labels }}:
        ok_o = 1'b1;
{%- endfor %}
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
  logic [NumLanes-1:0]       res_m_q;

  trans_t           tr_q;     // the recurrence's lane
  logic             t_run_q;  // ... is running
  logic [LaneW-1:0] t_lane_q;

  assign go = (start_i && ok_o && !is_trans(op_i)) || run_q;
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
      res_m_q <= '0;
      tr_q <= '0;
      t_run_q <= 1'b0;
      t_lane_q <= '0;
    end else begin
      s1_v_q <= go;
      if (go) begin
        s1_q <= fma_sum(op_i, a_i[lane], b_i[lane], c_i[lane], m_i[lane], mode_i, omod_i, clamp_i);
        s1_lane_q <= lane;
        next_q <= lane + 1'b1;
        run_q <= int'(lane) != NumLanes - 1;
      end
      if (s1_v_q) begin
        res_q[s1_lane_q] <= finish(s1_q);
        res_m_q[s1_lane_q] <= s1_q.m;
      end
      if (start_i && ok_o && is_trans(op_i)) begin
        tr_q <= tfirst(op_i, a_i[0], mode_i[6]);
        t_lane_q <= '0;
        t_run_q <= 1'b1;
      end else if (t_run_q) begin
        if (tr_q.cnt != '0) begin
          tr_q.s <= f64_tcycle(tr_q.s, tr_q.k, tr_q.n);
          tr_q.cnt <= tr_q.cnt - 1'b1;
        end else if (tr_q.rsq) begin
          tr_q <= tsecond(tr_q);
        end else begin
          res_q[t_lane_q] <= finish(tresult(tr_q, mode_i, omod_i, clamp_i));
          res_m_q[t_lane_q] <= 1'b0;
          t_lane_q <= t_lane_q + 1'b1;
          t_run_q <= int'(t_lane_q) != NumLanes - 1;
          tr_q <= tfirst(op_i, a_i[LaneW'(t_lane_q + 1'b1)], mode_i[6]);
        end
      end
    end
  end

  assign d_o = res_q;
  assign m_o = res_m_q;

endmodule
