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
// The conversions from 32-bit integers (and bytes) to F32 share the FMA's rounding back end.
// Rounding to integral values (trunc/ceil/floor/rndne, and v_fract's floor) works on the bit
// pattern, exactly; conversions to integers round so (toward zero, or toward -inf for
// v_cvt_floor_i32_f32; v_cvt_nearest_i32_f32 is floor(a + 0.5) with the sum on the FMA), then
// saturate, and give 0 for NaN.
//
// Pipelined: Stages (0, 1 or 2) registers cut the unit after the FMA's exact sum and after the
// first rounding; the compute unit holds the beat in EX for that many cycles (cu_top's FP
// interlock). The result of an operation presented in cycle t is on d_o/m_o in cycle t + Stages;
// ok_o is combinational from op_i. A stage register loads only in the cycle after its input
// held one of this unit's operations (a cheaper simulation), so the last result stays on the
// outputs meanwhile. The operation is classified once, at the inputs; cut 2 decodes the rest
// from its copy of them.
// The transcendental unit: v_rcp_f32 (and v_rcp_iflag_f32) and v_rsq_f32 round to nearest
// even, v_sqrt_f32 in MODE's rounding mode, all correctly rounded (the golden model's results,
// which sim/tests/trans_f32.rs proves correctly rounded for every significand), denormals
// flushed in and out, then OMOD and CLAMP as any result. A digit recurrence finds the 26-bit
// quotient or root Y one bit at a time, TransSteps bits a cycle, from a remainder E that
// stays exact, so the sticky bit is E != 0:
//   - rcp: Y = floor(2^48 / S) for the significand S, E the remainder;
//   - sqrt: Y = floor(sqrt(M * 2^24)), rsq: Y = floor(sqrt(2^74 / M)) (the largest Y with
//     Y^2 * M <= 2^74), where a = M * 2^(2j) with M of 25 or 26 bits (S * 2 or S * 4).
// One step for bit b: T = P - D with P = 2E (rcp) or 4E + the radicand's next two bits
// (sqrt; none for rsq) and D = S (rcp), 4V + 1 (sqrt), 4V + M (rsq), where V is Y so far
// (sqrt) or Y so far times M (rsq); a non-negative T sets the bit, E = T and V = 2V + 1 or
// 2V + M, else E = P and V = 2V. E stays below 2^54. The operation starts when start_i is
// high (the beat's first cycle in EX), its inputs held; its result is on d_o from
// TransCycles cycles after the start for as long as the operation is presented. The F16 rows
// (v_rcp_f16, v_rsq_f16, v_sqrt_f16) run on their widened input as their F32 twins and round
// {Y, sticky} once to F16 (round_f16_trans), flushed as MODE's F16 output control says.
//
// VOPD's F32 halves run as the rows they pair (v_dual_add_f32 as v_add_f32, ...): the X half
// on the lane's unit, the Y half on a second one built with Dual set, which has only the
// operations VOPD offers (the FMA and min/max; no transcendental unit, no division helpers).
//
// F16 (the rows of the F16 family below, fmt_of): the F16 sources widen exactly to F32 at the
// unit's inputs (a denormal flushed first as MODE.FP_DENORM[6] says; v_div_fixup_f16 and the
// class test read them as they are), run as their F32 twin (canon) on the same FMA, min/max
// and compare logic, and round once to F16 from the FMA's exact sum (round_f16_fma: the F32
// frame holds any product and sum of F16 values exactly, and F16's rounding position is never
// below F32's), under MODE's F16 fields (FP_ROUND[3:2], FP_DENORM[7:6]). OMOD and CLAMP act
// in F16. A packed row (v_pk_fma_f16, ...) runs its low half here and its high half on the
// lane's second unit (cu_valu). v_fma_mix* read each source as F32 or as an F16 half
// (OPSEL_HI, OPSEL), NEG_HI taking the absolute value and NEG negating it (mix_i), do the FMA
// in F32 (denormal results kept), and mixlo/mixhi convert the result to F16 in F16's mode, as
// v_cvt_f16_f32 does (a second rounding, as the golden model's).
//
// The value-level helpers (classification, flushing, the orderings, the class bit, the exact
// integral rounding, frexp, ldexp, the conversion to an integer) are cu_pkg's f32_ (f16_ for the F16 values) functions,
// one text for every format, generated from templates/cu_fp_fmt.sv.
//
// The cube-map rows (v_cube*_f32) choose among the sources as they are (cube_face);
// v_cubema_f32 doubles the chosen one on the FMA. The packing and normalised conversions
// (conv_pack) give integer or packed results without output modifiers.
//
// The dot products of 16-bit halves v_dot2_f32_f16, v_dot2_f16_f16 and v_dot2_bf16_bf16 sum
// their products exactly (BF16's in a window with a sticky bit) and round as the golden model.
//
// The dot products that round in turn (v_dot2acc_f32_f16, v_dual_dot2acc_f32_f16,
// v_dot2_f32_bf16) make two or four passes through the FMA (the sequencer below).
//
// v_exp_f32 and v_log_f32 (and their F16 rows) run on the same unit, in the same
// TransCycles: rdna3_isa::explog's recurrence (isa/src/explog.rs says what it computes and
// why), ExpLogSteps steps a cycle on a significand RY and a logarithm RA of 60 fraction bits,
// its table ExpLogL generated from the one the golden model runs; the result rounds once to
// nearest even (round_f32_explog, round_f16_explog). The setup: exp takes x in fixed point
// (the bits below 2^-60 dropped toward -inf), n = floor(x) into the result's exponent and
// RA = x - n; log takes RY = m / 2 and RA = e + 1 for x = m * 2^e.
//
// v_sin_f32 and v_cos_f32 (and their F16 rows) too: rdna3_isa::sincos's CORDIC (in quarter
// turns, after an exact reduction of |x| to a quarter and a position u in it) on RX, RY, RA,
// or for sin of |x| < 2^-18 the significand times pi / 2 (the same adder, one bit of pi / 2 a
// step); denormals as MODE says. One step function serves all four (recur_step), their
// registers shared.
//
// The case labels are read by hdl-gen to say which rows the RTL executes.
module cu_fp32
  import cu_pkg::*;
#(
  parameter int unsigned Stages = 2,  // pipeline registers: 0 (combinational), 1 or 2
  parameter bit          Dual = 1'b0,  // VOPD's Y half: the VOPD operations only
  // The F16 rows and the mixes; cleared for a unit that never runs them (the DS unit's F32
  // adder), whose F16 logic then folds away (a ninth of the 4-lane unit's shifters, which
  // dominate the synthesis's resource sharing time).
  parameter bit          F16 = 1'b1
) (
  input  logic        clk_i,
  input  logic        rst_ni,
  input  logic        start_i,  // the first cycle of op_i (the transcendental unit starts)
  input  valu_op_e    op_i,
  input  logic [9:0]  mode_i,   // MODE[9:0]
  input  logic [1:0]  omod_i,
  input  logic        clamp_i,
  input  logic [31:0] a_i,
  input  logic [31:0] b_i,
  input  logic [31:0] c_i,
  input  logic        m_i,      // the lane's mask-in bit (v_div_fmas_f32 reads VCC)
  input  logic [11:0] mix_i,    // v_fma_mix*: {NEG_HI, NEG, OPSEL_HI, OPSEL}, source 0 in bit 0 of each
  output logic        ok_o,     // the operation is one of this unit's
  output logic [31:0] d_o,
  output logic        m_o       // compare result
);

  // Without stages there is no clock.
  logic unused_clk;
  assign unused_clk = ^{clk_i, rst_ni};

  localparam logic [31:0] One = 32'h3f80_0000;
  localparam logic [31:0] DefaultNan = 32'hffc0_0000;
  localparam int unsigned FW = 103;  // the frame of the exact sum (cu_pkg's fma_f32_frame)
  localparam int unsigned QW = 14;
  localparam bit          Dots = !Dual && F16;  // the F16 dot products (two 11x11 multipliers)

  // x negated unless it is a NaN (sub's operand).
  function automatic logic [31:0] negate(logic [31:0] x);
    negate = f32_is_nan(x[30:0]) ? x : {!x[31], x[30:0]};
  endfunction

  // ------------------------------------------------------------------------------------------
  // F16 values (the F16 rows, and the F16 sources and results of the conversions and mixes).

  localparam logic [15:0] One16 = 16'h3c00;

  // An F16 as the F32 of the same value (NaNs keep their payload), a denormal flushed to a
  // signed zero unless `keep`.
  function automatic logic [31:0] widen(logic [15:0] h, logic keep);
    logic [3:0] lead;
    lead = '0;
    for (int i = 0; i < 10; i++) if (h[i]) lead = 4'(i);
    if (h[14:10] == 5'h1f) widen = {h[15], 8'hff, h[9:0], 13'd0};
    else if (h[14:10] != '0) widen = {h[15], 8'(h[14:10]) + 8'd112, h[9:0], 13'd0};
    else if (h[9:0] == '0 || !keep) widen = {h[15], 31'd0};
    else widen = {h[15], 8'(lead) + 8'd103, 23'({13'd0, h[9:0]} << (5'd23 - 5'(lead)))};
  endfunction

  // An F32 whose value an F16 holds exactly (a NaN: its payload's top), as that F16.
  function automatic logic [15:0] narrow(logic [31:0] x);
    logic signed [QW-1:0] e;
    e = QW'(signed'({1'b0, x[30:23]})) - QW'(signed'(112));
    if (x[30:23] == 8'hff) narrow = {x[31], 5'h1f, x[22:13]};
    else if (x[30:0] == '0) narrow = {x[31], 15'd0};
    else if (e >= QW'(signed'(1))) narrow = {x[31], e[4:0], x[22:13]};
    else narrow = {x[31], 5'd0, 10'(f32_sig(x[30:0]) >> (QW'(signed'(14)) - e))};
  endfunction

  // An F32 (flushed as its mode says) converted to F16 in rounding mode rm (fp::convert): a
  // NaN keeps its payload's top, made quiet; a denormal result is flushed unless den_out.
  function automatic logic [15:0] cvt16(logic [31:0] x, logic [1:0] rm, logic den_out);
    if (f32_is_nan(x[30:0])) cvt16 = {x[31], 5'h1f, 1'b1, x[21:13]};
    else if (f32_is_inf(x[30:0])) cvt16 = {x[31], 15'h7c00};
    else if (f32_is_zero(x[30:0])) cvt16 = {x[31], 15'd0};
    else cvt16 = f16_flush(round_f16_sig(x[31], f32_sig(x[30:0]), f32_lsb_exp(x[30:23]), rm), den_out);
  endfunction

  // ------------------------------------------------------------------------------------------
  // The operation.

  typedef enum logic [4:0] {
    FkNone,
    FkFma,        // x * y + z (or x * y)
    FkFract,      // a - floor(a) on the FMA, below 1.0
    FkMinMax,     // the min/max family
    FkLdexp,
    FkCmp,
    FkClass,
    FkFromInt,    // integer to F32
    FkToInt,      // F32 to integer, rounded by irm, saturated
    FkNearest,    // F32 to integer: floor(a + 0.5), the sum on the FMA
    FkRound,      // rounded to an integral F32 by irm
    FkFrexpMant,
    FkFrexpExp,
    FkTrans,      // the transcendental unit's (its own result path)
    FkDivScale,   // v_div_scale_f32: a scaled operand, and the flag on m_o
    FkDivFixup,   // v_div_fixup_f32: the division's special cases
    FkCvt16,      // v_cvt_f16_f32
    FkCvt32,      // v_cvt_f32_f16 (the source widened at the inputs)
    FkCube,       // v_cubeid/sc/tc_f32: a source or a face number, with the output modifiers
    FkPack,       // the packing and normalised conversions: an integer or packed result
                  // without output modifiers (conv_pack)
    FkDot16       // v_dot2_f16_f16, v_dot2_bf16_bf16: the sum rounded once, no output modifiers
  } fkind_e;

  // The formats of an operation's sources and result, where not F32.
  typedef struct packed {
    logic hin;    // the sources are F16 (widened at the inputs)
    logic hout;   // the result is F16 (rounded, flushed, OMOD and CLAMP in F16)
    logic mix;    // v_fma_mix*: each source F32 or an F16 half, as mix_i says
    logic mix16;  // ... the F32 result converted to F16 (mixlo, mixhi)
  } fmt_t;

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
    valu_op_e    op;     // the F32 row (an F16 row's twin)
    logic [5:0]  mode;   // IEEE, DX10_CLAMP, and the denormal and rounding fields of the
                         // operation's arithmetic: F16's for the F16 rows, else F32's
    logic [3:0]  m16;    // MODE's F16 fields: FP_DENORM[7:6], FP_ROUND[3:2]
    logic [1:0]  omod;
    logic        clamp;
    logic        m;      // the mask-in bit (v_div_fmas: VCC)
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
    logic [1:0]  irm;      // rounding to an integer: MODE's encoding
    logic        isigned;  // ... to a signed integer
    logic        i_sign;   // integer to F32: the sign and magnitude
    logic [31:0] i_mag;
  } dec_t;

  // What the operation is, from its opcode alone: classified once, at the inputs.
  typedef struct packed {
    fkind_e     kind;
    mm_e        mm;
    logic [3:0] pred;
    fmt_t       fmt;
  } cls_t;

  // The F32 row an F16 row (or a mix) runs as; any other row as it is.
  function automatic valu_op_e twin(valu_op_e op);
    unique case (op)
      VOP_V_ADD_F16: twin = VOP_V_ADD_F32;
      VOP_V_SUB_F16: twin = VOP_V_SUB_F32;
      VOP_V_SUBREV_F16: twin = VOP_V_SUBREV_F32;
      VOP_V_MUL_F16: twin = VOP_V_MUL_F32;
      VOP_V_FMA_F16, VOP_V_FMAC_F16, VOP_V_FMAAK_F16, VOP_V_FMAMK_F16, VOP_V_FMA_MIX_F32,
      VOP_V_FMA_MIXLO_F16, VOP_V_FMA_MIXHI_F16:
        twin = VOP_V_FMA_F32;
      VOP_V_MIN_F16: twin = VOP_V_MIN_F32;
      VOP_V_MAX_F16: twin = VOP_V_MAX_F32;
      VOP_V_MIN3_F16: twin = VOP_V_MIN3_F32;
      VOP_V_MAX3_F16: twin = VOP_V_MAX3_F32;
      VOP_V_MED3_F16: twin = VOP_V_MED3_F32;
      VOP_V_MINMAX_F16: twin = VOP_V_MINMAX_F32;
      VOP_V_MAXMIN_F16: twin = VOP_V_MAXMIN_F32;
      VOP_V_DIV_FIXUP_F16: twin = VOP_V_DIV_FIXUP_F32;
      // Rounding to integral values, fract and frexp: exact on the widened source (fract's
      // difference rounds once, to F16), then narrowed.
      VOP_V_RCP_F16: twin = VOP_V_RCP_F32;
      VOP_V_RSQ_F16: twin = VOP_V_RSQ_F32;
      VOP_V_SQRT_F16: twin = VOP_V_SQRT_F32;
      VOP_V_EXP_F16: twin = VOP_V_EXP_F32;
      VOP_V_LOG_F16: twin = VOP_V_LOG_F32;
      VOP_V_SIN_F16: twin = VOP_V_SIN_F32;
      VOP_V_COS_F16: twin = VOP_V_COS_F32;
      VOP_V_TRUNC_F16: twin = VOP_V_TRUNC_F32;
      VOP_V_CEIL_F16: twin = VOP_V_CEIL_F32;
      VOP_V_FLOOR_F16: twin = VOP_V_FLOOR_F32;
      VOP_V_RNDNE_F16: twin = VOP_V_RNDNE_F32;
      VOP_V_FRACT_F16: twin = VOP_V_FRACT_F32;
      VOP_V_LDEXP_F16: twin = VOP_V_LDEXP_F32;
      VOP_V_FREXP_MANT_F16: twin = VOP_V_FREXP_MANT_F32;
      VOP_V_FREXP_EXP_I16_F16: twin = VOP_V_FREXP_EXP_I32_F32;
      // Conversions between F16 and 16-bit integers: the integer extended to 32 bits at the
      // inputs and rounded once to F16; an F16 truncated and saturated to 16 bits.
      VOP_V_CVT_F16_I16: twin = VOP_V_CVT_F32_I32;
      VOP_V_CVT_F16_U16: twin = VOP_V_CVT_F32_U32;
      VOP_V_CVT_I16_F16: twin = VOP_V_CVT_I32_F32;
      VOP_V_CVT_U16_F16: twin = VOP_V_CVT_U32_F32;
      // The F16 compares and class tests, from the table.
{%- for t in f16_twins %}
      {{ t.0 }}: twin = {{ t.1 }};
{%- endfor %}
      default: twin = op;
    endcase
  endfunction

  // The row a VOPD operation pairs, the F32 twin of an F16 row; with Dual, VOP_NONE for any
  // operation but VOPD's and the packed F16 rows.
  function automatic valu_op_e canon(valu_op_e op);
    unique case (op)
      VOP_V_DUAL_FMAC_F32: canon = VOP_V_FMAC_F32;
      VOP_V_DUAL_FMAAK_F32: canon = VOP_V_FMAAK_F32;
      VOP_V_DUAL_FMAMK_F32: canon = VOP_V_FMAMK_F32;
      VOP_V_DUAL_MUL_F32: canon = VOP_V_MUL_F32;
      VOP_V_DUAL_ADD_F32: canon = VOP_V_ADD_F32;
      VOP_V_DUAL_SUB_F32: canon = VOP_V_SUB_F32;
      VOP_V_DUAL_SUBREV_F32: canon = VOP_V_SUBREV_F32;
      VOP_V_DUAL_MUL_DX9_ZERO_F32: canon = VOP_V_MUL_DX9_ZERO_F32;
      VOP_V_DUAL_MAX_F32: canon = VOP_V_MAX_F32;
      VOP_V_DUAL_MIN_F32: canon = VOP_V_MIN_F32;
      VOP_V_DUAL_DOT2ACC_F32_F16: canon = VOP_V_DOT2ACC_F32_F16;
      // The packed F16 rows, whose high half runs on the Y half's unit.
      VOP_V_PK_FMA_F16, VOP_V_PK_FMAC_F16: canon = VOP_V_FMA_F32;
      VOP_V_PK_ADD_F16: canon = VOP_V_ADD_F32;
      VOP_V_PK_MUL_F16: canon = VOP_V_MUL_F32;
      VOP_V_PK_MIN_F16: canon = VOP_V_MIN_F32;
      VOP_V_PK_MAX_F16: canon = VOP_V_MAX_F32;
      default: canon = Dual ? VOP_NONE : twin(op);
    endcase
  endfunction

  // The formats of op (before canon).
  function automatic fmt_t fmt_of(valu_op_e op);
    fmt_of = '0;
    unique case (op)
      VOP_V_ADD_F16, VOP_V_SUB_F16, VOP_V_SUBREV_F16, VOP_V_MUL_F16, VOP_V_FMA_F16, VOP_V_FMAC_F16,
      VOP_V_FMAAK_F16, VOP_V_FMAMK_F16, VOP_V_MIN_F16, VOP_V_MAX_F16, VOP_V_MIN3_F16, VOP_V_MAX3_F16,
      VOP_V_MED3_F16, VOP_V_MINMAX_F16, VOP_V_MAXMIN_F16, VOP_V_DIV_FIXUP_F16, VOP_V_PK_FMA_F16,
      VOP_V_PK_ADD_F16, VOP_V_PK_MUL_F16, VOP_V_PK_MIN_F16, VOP_V_PK_MAX_F16, VOP_V_PK_FMAC_F16, VOP_V_TRUNC_F16,
      VOP_V_CEIL_F16, VOP_V_FLOOR_F16, VOP_V_RNDNE_F16, VOP_V_FRACT_F16, VOP_V_FREXP_MANT_F16,
      VOP_V_CVT_F16_I16, VOP_V_CVT_F16_U16, VOP_V_LDEXP_F16, VOP_V_RCP_F16, VOP_V_RSQ_F16,
      VOP_V_SQRT_F16, VOP_V_EXP_F16, VOP_V_LOG_F16, VOP_V_SIN_F16, VOP_V_COS_F16:
        fmt_of = '{hin: 1'b1, hout: 1'b1, mix: 1'b0, mix16: 1'b0};
      // An integer result in the low half (the exponent; the conversions saturate to 16 bits).
      VOP_V_FREXP_EXP_I16_F16, VOP_V_CVT_I16_F16, VOP_V_CVT_U16_F16, VOP_V_CVT_NORM_I16_F16,
      VOP_V_CVT_NORM_U16_F16, VOP_V_CVT_PK_NORM_I16_F16, VOP_V_CVT_PK_NORM_U16_F16:
        fmt_of.hin = 1'b1;
{%- for t in f16_twins %}
      {{ t.0 }}: fmt_of.hin = 1'b1;
{%- endfor %}
      VOP_V_CVT_F32_F16: fmt_of.hin = 1'b1;
      VOP_V_CVT_F16_F32: fmt_of.hout = 1'b1;
      VOP_V_FMA_MIX_F32: fmt_of.mix = 1'b1;
      VOP_V_FMA_MIXLO_F16, VOP_V_FMA_MIXHI_F16: fmt_of = '{hin: 1'b0, hout: 1'b1, mix: 1'b1, mix16: 1'b1};
      default: ;
    endcase
  endfunction

  function automatic cls_t classify(valu_op_e op);
    cls_t c;
    c = '0;
    c.kind = FkNone;
    c.mm = MmMin;
    unique case (op)
      VOP_V_ADD_F32, VOP_V_SUB_F32, VOP_V_SUBREV_F32, VOP_V_MUL_F32, VOP_V_MUL_DX9_ZERO_F32,
      VOP_V_FMA_F32, VOP_V_FMAC_F32, VOP_V_FMAAK_F32, VOP_V_FMAMK_F32, VOP_V_DIV_FMAS_F32,
      VOP_V_FMA_DX9_ZERO_F32, VOP_V_FMAC_DX9_ZERO_F32, VOP_V_MULLIT_F32, VOP_V_CUBEMA_F32,
      VOP_V_DOT2_F32_F16, VOP_V_DOT2ACC_F32_F16, VOP_V_DOT2_F32_BF16:
        c.kind = FkFma;
      VOP_V_CUBEID_F32, VOP_V_CUBESC_F32, VOP_V_CUBETC_F32: c.kind = FkCube;
      VOP_V_DOT2_F16_F16, VOP_V_DOT2_BF16_BF16: c.kind = FkDot16;
      VOP_V_CVT_PK_RTZ_F16_F32, VOP_V_CVT_PK_I16_F32, VOP_V_CVT_PK_U16_F32, VOP_V_CVT_PK_U8_F32,
      VOP_V_CVT_NORM_I16_F16, VOP_V_CVT_NORM_U16_F16, VOP_V_CVT_PK_NORM_I16_F16,
      VOP_V_CVT_PK_NORM_U16_F16, VOP_V_CVT_PK_NORM_I16_F32, VOP_V_CVT_PK_NORM_U16_F32,
      VOP_V_CVT_OFF_F32_I4:
        c.kind = FkPack;
      VOP_V_DIV_SCALE_F32: c.kind = FkDivScale;
      VOP_V_DIV_FIXUP_F32: c.kind = FkDivFixup;
      VOP_V_MIN_F32: begin c.kind = FkMinMax; c.mm = MmMin; end
      VOP_V_MAX_F32: begin c.kind = FkMinMax; c.mm = MmMax; end
      VOP_V_MIN3_F32: begin c.kind = FkMinMax; c.mm = MmMin3; end
      VOP_V_MAX3_F32: begin c.kind = FkMinMax; c.mm = MmMax3; end
      VOP_V_MED3_F32: begin c.kind = FkMinMax; c.mm = MmMed3; end
      VOP_V_MINMAX_F32: begin c.kind = FkMinMax; c.mm = MmMinMax; end
      VOP_V_MAXMIN_F32: begin c.kind = FkMinMax; c.mm = MmMaxMin; end
      VOP_V_LDEXP_F32: c.kind = FkLdexp;
      VOP_V_FRACT_F32: c.kind = FkFract;
      VOP_V_CVT_F32_I32, VOP_V_CVT_F32_U32, VOP_V_CVT_F32_UBYTE0, VOP_V_CVT_F32_UBYTE1,
      VOP_V_CVT_F32_UBYTE2, VOP_V_CVT_F32_UBYTE3:
        c.kind = FkFromInt;
      VOP_V_CVT_I32_F32, VOP_V_CVT_U32_F32, VOP_V_CVT_FLOOR_I32_F32: c.kind = FkToInt;
      VOP_V_CVT_NEAREST_I32_F32: c.kind = FkNearest;
      VOP_V_TRUNC_F32, VOP_V_CEIL_F32, VOP_V_FLOOR_F32, VOP_V_RNDNE_F32: c.kind = FkRound;
      VOP_V_FREXP_MANT_F32: c.kind = FkFrexpMant;
      VOP_V_FREXP_EXP_I32_F32: c.kind = FkFrexpExp;
      VOP_V_CMP_CLASS_F32, VOP_V_CMPX_CLASS_F32: c.kind = FkClass;
      VOP_V_RCP_F32, VOP_V_RCP_IFLAG_F32, VOP_V_RSQ_F32, VOP_V_SQRT_F32, VOP_V_EXP_F32,
      VOP_V_LOG_F32, VOP_V_SIN_F32, VOP_V_COS_F32:
        c.kind = FkTrans;
      VOP_V_CVT_F16_F32: c.kind = FkCvt16;
      VOP_V_CVT_F32_F16: c.kind = FkCvt32;
      // The F32 compares, from the table's compare conditions.
{%- for c in cmps %}
      {{ c.labels }}: begin
        c.kind = FkCmp;
        c.pred = 4'b{{ c.pred }};
      end
{%- endfor %}
      default: ;
    endcase
    // The Y half's unit builds the FMA and min/max only; the dot products only the full unit.
    if (Dual && !(c.kind inside {FkFma, FkMinMax})) c.kind = FkNone;
    if (!Dots && (op == VOP_V_DOT2_F32_F16 || c.kind == FkDot16)) c.kind = FkNone;
    if (!F16 && op inside {VOP_V_DOT2ACC_F32_F16, VOP_V_DOT2_F32_BF16}) begin
      c.kind = FkNone;
    end
    classify = c;
  endfunction

  function automatic dec_t decode(fkind_e kind, mm_e mm, logic [3:0] pred, valu_op_e op, logic [5:0] mode, logic [31:0] a,
                                  logic [31:0] b, logic [31:0] c);
    dec_t d;
    d = '0;
    d.kind = kind;
    d.mm = mm;
    d.pred = pred;
    d.rm = mode[1:0];
    d.den_in = mode[2];
    d.den_out = mode[3];
    d.dx10 = mode[4];
    d.ieee = mode[5];
    d.a = f32_flush(a, d.den_in);
    d.b = f32_flush(b, d.den_in);
    d.c = f32_flush(c, d.den_in);
    // Rounding to integers: toward zero but for these.
    d.irm = 2'd3;
    unique case (op)
      VOP_V_CEIL_F32: d.irm = 2'd1;
      VOP_V_FLOOR_F32, VOP_V_CVT_FLOOR_I32_F32, VOP_V_CVT_NEAREST_I32_F32: d.irm = 2'd2;
      VOP_V_RNDNE_F32, VOP_V_CVT_PK_U8_F32: d.irm = 2'd0;
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
    decode = d;
  endfunction

  // ------------------------------------------------------------------------------------------
  // The pipeline: the inputs, cut 1 (the inputs again, the FMA's exact sum), cut 2 (the result
  // before the output modifiers), the output modifiers. Each cut's logic is a function of the
  // one before (to_cut1, to_cut2). A stage register computes it inside the always_ff that loads
  // it, and loads only in the cycle after its input was valid, so that a simulation evaluates
  // the F32 logic only for F32 operations; without the register it is combinational.

  // The fused multiply-add's special operands, then its exact sum in the frame (cu_pkg's
  // shared front end, fma_f32_frame).
  typedef fma_f32_frame_t fma_t;

  // x * y + z (or x * y without add_z) from the flushed sources a, b, c of op.
  function automatic fma_t fma_sum(valu_op_e op, logic [31:0] a, logic [31:0] b, logic [31:0] c,
                                   logic [1:0] rm);
    logic [31:0] x, y, z;
    logic        add_z;
    x = a;
    y = b;
    z = c;
    add_z = 1'b1;
    unique case (op)
      VOP_V_ADD_F32: begin y = One; z = b; end
      VOP_V_SUB_F32: begin y = One; z = negate(b); end
      VOP_V_SUBREV_F32: begin x = b; y = One; z = negate(a); end
      VOP_V_MUL_F32: add_z = 1'b0;
      // A zero factor (after input flushing) makes the product +0, whatever the other is
      // (v_mullit_f32's result is -MAX_FLOAT instead in the cases of mullit_max).
      VOP_V_MUL_DX9_ZERO_F32, VOP_V_MULLIT_F32: begin
        add_z = 1'b0;
        if (f32_is_zero(a[30:0]) || f32_is_zero(b[30:0])) begin
          x = 32'd0;
          y = One;
        end
      end
      VOP_V_FRACT_F32: begin y = One; z = negate(f32_round_integral(a, 2'd2)); end
      // floor(a + 0.5), as the guide's pseudocode: the sum rounded in MODE's rounding mode.
      VOP_V_CVT_NEAREST_I32_F32: begin y = One; z = 32'h3f00_0000; end
      // The major axis's coordinate (chosen by the caller, cube_major) times 2.
      VOP_V_CUBEMA_F32: begin y = 32'h4000_0000; add_z = 1'b0; end
      // The products' rounded sum (the caller's dot2_sum) plus S2, as v_add_f32.
      VOP_V_DOT2_F32_F16: y = One;
      default: ;
    endcase
    fma_sum = fma_f32_frame(x, y, z, add_z, rm);
  endfunction

  // ------------------------------------------------------------------------------------------
  // The cube-map rows (golden valu/graphics.rs): the major axis is the source of the largest
  // magnitude, z before y before x on ties, compared on the sources as they are (not flushed;
  // a NaN is never the larger); a source is negative when it is below zero (not -0, not NaN).

  // |p| >= |q|, neither a NaN.
  function automatic logic mag_ge(logic [30:0] p, logic [30:0] q);
    mag_ge = !f32_is_nan(p) && !f32_is_nan(q) && p >= q;
  endfunction

  // The face's axis: 2 (z, source 2), 1 (y), 0 (x).
  // The magnitudes a, b, c: the sources without their signs.
  function automatic logic [1:0] cube_face(logic [30:0] a, logic [30:0] b, logic [30:0] c);
    if (mag_ge(c, a) && mag_ge(c, b)) cube_face = 2'd2;
    else if (mag_ge(b, a)) cube_face = 2'd1;
    else cube_face = 2'd0;
  endfunction

  // The major axis's coordinate (v_cubema_f32 doubles it).
  function automatic logic [31:0] cube_major(logic [31:0] a, logic [31:0] b, logic [31:0] c);
    unique case (cube_face(a[30:0], b[30:0], c[30:0]))
      2'd2: cube_major = c;
      2'd1: cube_major = b;
      default: cube_major = a;
    endcase
  endfunction

  function automatic logic below_zero(logic [31:0] x);
    below_zero = x[31] && !f32_is_zero(x[30:0]) && !f32_is_nan(x[30:0]);
  endfunction

  // v_cubeid_f32 (the face number as an F32: 2 * axis, plus 1 on the negative side),
  // v_cubesc_f32 and v_cubetc_f32 (the face's coordinates, a source or its negation).
  function automatic logic [31:0] cube(valu_op_e op, logic [31:0] a, logic [31:0] b, logic [31:0] c);
    logic [1:0]  face;
    logic [2:0]  id;
    logic [31:0] na, nb, nc;
    face = cube_face(a[30:0], b[30:0], c[30:0]);
    na = {!a[31], a[30:0]};
    nb = {!b[31], b[30:0]};
    nc = {!c[31], c[30:0]};
    unique case (face)
      2'd2: id = below_zero(c) ? 3'd5 : 3'd4;
      2'd1: id = below_zero(b) ? 3'd3 : 3'd2;
      default: id = below_zero(a) ? 3'd1 : 3'd0;
    endcase
    unique case (op)
      // The integers 0..5 as F32: exponent 127 + floor(log2 id), the bits below the leading one.
      VOP_V_CUBEID_F32:
        unique case (id)
          3'd0: cube = 32'd0;
          3'd1: cube = 32'h3f80_0000;
          3'd2: cube = 32'h4000_0000;
          3'd3: cube = 32'h4040_0000;
          3'd4: cube = 32'h4080_0000;
          default: cube = 32'h40a0_0000;
        endcase
      VOP_V_CUBESC_F32:
        unique case (face)
          2'd2: cube = below_zero(c) ? na : a;
          2'd1: cube = a;
          default: cube = below_zero(a) ? c : nc;
        endcase
      default: cube = (face == 2'd1) ? (below_zero(b) ? nc : c) : nb;  // v_cubetc_f32
    endcase
  endfunction

  // ------------------------------------------------------------------------------------------
  // The packing and normalised conversions (golden valu/convert.rs): results without output
  // modifiers.

  // An F32 x (flushed as its mode says) as a normalised 16-bit integer: clamped to [-1, 1] and
  // times 32767 (snorm, sgn) or to [0, 1] and times 65535, rounded to nearest even; NaN gives
  // 0. The product of the significand and K = 2^15 - 1 or 2^16 - 1 is exact in 40 bits, and
  // below 2^-17 the result is 0 (x * 65535 < 0.5), so the shift to the units' bit is 24 to
  // 40 places. (x * K is a tie only for |x| = 1/2: K is odd.)
  function automatic logic [15:0] norm16(logic [31:0] x, logic sgn);
    logic [39:0] p, q;
    logic [5:0]  sh;
    logic        g, st;
    logic [15:0] n;
    p = sgn ? ({1'b0, f32_sig(x[30:0]), 15'd0} - 40'(f32_sig(x[30:0])))
            : ({f32_sig(x[30:0]), 16'd0} - 40'(f32_sig(x[30:0])));
    sh = (x[30:23] < 8'd110 || x[30:23] > 8'd126) ? 6'd40 : 6'(8'd150 - x[30:23]);
    q = p >> sh;
    g = p[sh - 6'd1];
    st = (p & ((40'd1 << (sh - 6'd1)) - 40'd1)) != '0;
    n = 16'(q + 40'(g && (st || q[0])));
    if (f32_is_nan(x[30:0]) || (x[31] && !sgn) || x[30:23] < 8'd110) norm16 = '0;
    else if (x[30:23] >= 8'd127) norm16 = x[31] ? 16'h8001 : sgn ? 16'h7fff : 16'hffff;
    else norm16 = x[31] ? -n : n;
  endfunction

  // A 32-bit integer result of f32_to_int saturated to 16 bits, signed (sgn) or not.
  function automatic logic [15:0] sat16(logic [31:0] v, logic sgn);
    if (sgn && $signed(v) > 32'sd32767) sat16 = 16'h7fff;
    else if (sgn && $signed(v) < -32'sd32768) sat16 = 16'h8000;
    else if (!sgn && v > 32'd65535) sat16 = 16'hffff;
    else sat16 = v[15:0];
  endfunction

  // v_cvt_off_f32_i4: the low nibble as a signed integer n, n / 16 as an F32.
  function automatic logic [31:0] off_i4(logic [3:0] n);
    logic [3:0] m;     // |n|, 1..8
    logic [1:0] lead;  // its leading one's place (8 has the place 3)
    m = n[3] ? -n : n;
    lead = m[3] ? 2'd3 : m[2] ? 2'd2 : m[1] ? 2'd1 : 2'd0;
    off_i4 = (n == '0) ? 32'd0 : {n[3], 8'd123 + 8'(lead), 23'({m, 20'd0} << (3'd3 - 3'(lead)))};
  endfunction

  // The row's packed or integer result from its sources (flushed, F16 ones widened: a, b; as
  // they are: v_cvt_pk_u8_f32's byte select sel and its source 2, raw_c), the rounded source
  // 0 (ri), and MODE's F16 output denormal control (den16).
  function automatic logic [31:0] conv_pack(valu_op_e op, logic [31:0] a, logic [31:0] b,
                                            logic [1:0] sel, logic [31:0] raw_c,
                                            logic [31:0] ri, logic den16);
    logic [31:0] u;
    logic [7:0]  u8;
    logic [4:0]  sh;
    u = f32_to_int(ri, 1'b0);
    u8 = (u > 32'd255) ? 8'hff : u[7:0];
    sh = {sel, 3'd0};
    unique case (op)
      // Toward zero, denormal results as MODE's F16 output control says.
      VOP_V_CVT_PK_RTZ_F16_F32: conv_pack = {cvt16(b, 2'd3, den16), cvt16(a, 2'd3, den16)};
      VOP_V_CVT_PK_I16_F32: conv_pack = {sat16(f32_to_int(b, 1'b1), 1'b1), sat16(f32_to_int(a, 1'b1), 1'b1)};
      VOP_V_CVT_PK_U16_F32: conv_pack = {sat16(f32_to_int(b, 1'b0), 1'b0), sat16(f32_to_int(a, 1'b0), 1'b0)};
      VOP_V_CVT_PK_NORM_I16_F32, VOP_V_CVT_PK_NORM_I16_F16: conv_pack = {norm16(b, 1'b1), norm16(a, 1'b1)};
      VOP_V_CVT_PK_NORM_U16_F32, VOP_V_CVT_PK_NORM_U16_F16: conv_pack = {norm16(b, 1'b0), norm16(a, 1'b0)};
      VOP_V_CVT_NORM_I16_F16: conv_pack = {16'd0, norm16(a, 1'b1)};
      VOP_V_CVT_NORM_U16_F16: conv_pack = {16'd0, norm16(a, 1'b0)};
      // Source 0 rounded to nearest even and saturated to [0, 255], into byte S1[1:0] of S2.
      VOP_V_CVT_PK_U8_F32: conv_pack = (raw_c & ~(32'hff << sh)) | (32'(u8) << sh);
      default: conv_pack = off_i4(a[3:0]);  // v_cvt_off_f32_i4 (an integer source, unflushed)
    endcase
  endfunction

  // ------------------------------------------------------------------------------------------
  // The dot products of 16-bit halves (golden valu/dot.rs), in the lanes' full unit only
  // (Dots). The two products' significands come from one pair of 11x11 multipliers for both
  // formats (half_prod): an F16 or BF16 product is exact in 22 bits.
  //
  // F16: every product is exact in F32 and a multiple of 2^-48 below 2^32, an F16 a multiple
  // of 2^-24 below 2^16, so dot2_exact sums the two products (and S2.lo for v_dot2_f16_f16)
  // exactly as a multiple of 2^-48 in 83 bits. v_dot2_f32_f16 rounds the products' sum to F32
  // in MODE's rounding mode (dot2_sum, with round_f32_fma), then adds S2 on the FMA as
  // v_add_f32: the golden model's two roundings. v_dot2_f16_f16 rounds the sum of all three to
  // F16 once, to nearest even, denormals kept, whatever MODE says (the F16 rows'
  // round_f16_fma).
  //
  // BF16 (v_dot2_bf16_bf16): the terms span 2^-266 to 2^256, too far apart for one exact
  // sum, so bf16_window keeps a window of 45 bits and a sticky bit, exact for rounding to
  // BF16's 8 bits; the result is rounded once to nearest even and a denormal result flushed to
  // a zero of the sum's sign, whatever MODE says.

  // A 16-bit float's max(E, 1) (F16, or BF16 with bf; from its bits 14:7) and its significand.
  function automatic logic [7:0] half_exp(logic [7:0] x, logic bf);
    logic [7:0] e;
    e = bf ? x : {3'd0, x[7:3]};
    half_exp = (e == '0) ? 8'd1 : e;
  endfunction

  function automatic logic [10:0] half_sig(logic [14:0] x, logic bf);
    half_sig = bf ? {3'd0, x[14:7] != '0, x[6:0]} : f16_sig(x[14:0]);
  endfunction

  function automatic logic half_nan(logic [14:0] x, logic bf);
    half_nan = bf ? (x[14:7] == '1 && x[6:0] != '0) : f16_is_nan(x[14:0]);
  endfunction

  function automatic logic half_inf(logic [14:0] x, logic bf);
    half_inf = bf ? x[14:0] == 15'h7f80 : f16_is_inf(x[14:0]);
  endfunction

  // The product of two halves' significands (finite values).
  function automatic logic [21:0] half_prod(logic [14:0] x, logic [14:0] y, logic bf);
    half_prod = 22'(half_sig(x[14:0], bf)) * 22'(half_sig(y[14:0], bf));
  endfunction

  // An F16 product (the factors' bits 15:7, their significands' product p) as a signed
  // multiple of 2^-48.
  function automatic logic signed [82:0] prod48(logic [8:0] x, logic [8:0] y, logic [21:0] p);
    logic [5:0]  sh;  // max(Ex, 1) + max(Ey, 1) - 2: the product's LSB at 2^(sh - 48)
    logic [82:0] v;
    sh = 6'(half_exp(x[7:0], 1'b0)) + 6'(half_exp(y[7:0], 1'b0)) - 6'd2;
    v = 83'(p) << sh;
    prod48 = (x[8] ^ y[8]) ? -$signed(v) : $signed(v);
  endfunction

  // a.lo * b.lo + a.hi * b.hi (+ c.lo with add_c), the products' significands p0 and p1,
  // exactly, as a signed multiple of 2^-48; an infinite or NaN half makes it meaningless (the
  // callers' special cases decide then). c's LSB is 2^(max(Ec, 1) - 25), 2^-48 shifted
  // max(Ec, 1) + 23 places.
  // (a's and b's halves by their bits 15:7: x0 = a.lo, y0 = b.lo, x1 = a.hi, y1 = b.hi.)
  function automatic logic signed [82:0] dot2_exact(logic [8:0] x0, logic [8:0] y0, logic [8:0] x1,
                                                    logic [8:0] y1, logic [15:0] c, logic [21:0] p0,
                                                    logic [21:0] p1, logic add_c);
    logic [82:0] cv;
    cv = 83'(f16_sig(c[14:0])) << (6'(half_exp(c[14:7], 1'b0)) + 6'd23);
    dot2_exact = prod48(x0, y0, p0) + prod48(x1, y1, p1) +
                 (!add_c ? 83'sd0 : c[15] ? -$signed(cv) : $signed(cv));
  endfunction

  // v_dot2_f32_f16's first sum, as the golden model's add(mul(a0, b0), mul(a1, b1)), from the
  // products' exact sum: a NaN source of the first product (quiet), its infinity times zero
  // (the default NaN), then the second's; infinities of both signs give the default NaN; an
  // exact zero's sign is IEEE's for their sum (+0 + +0 is +0 in every mode).
  function automatic logic [31:0] dot2_sum(logic [31:0] a, logic [31:0] b, logic signed [82:0] sum,
                                           logic [1:0] rm);
    logic [15:0] x0, y0, x1, y1;
    logic        inf0, inf1, bad0, bad1, n0, n1;
    logic [82:0] mag;
    {x1, x0} = a;
    {y1, y0} = b;
    n0 = x0[15] ^ y0[15];
    n1 = x1[15] ^ y1[15];
    inf0 = f16_is_inf(x0[14:0]) || f16_is_inf(y0[14:0]);
    inf1 = f16_is_inf(x1[14:0]) || f16_is_inf(y1[14:0]);
    bad0 = inf0 && (f16_is_zero(x0[14:0]) || f16_is_zero(y0[14:0]));
    bad1 = inf1 && (f16_is_zero(x1[14:0]) || f16_is_zero(y1[14:0]));
    mag = sum[82] ? 83'(-sum) : 83'(sum);
    if (f16_is_nan(x0[14:0])) dot2_sum = f32_quiet(widen(x0, 1'b1));
    else if (f16_is_nan(y0[14:0])) dot2_sum = f32_quiet(widen(y0, 1'b1));
    else if (bad0) dot2_sum = DefaultNan;
    else if (f16_is_nan(x1[14:0])) dot2_sum = f32_quiet(widen(x1, 1'b1));
    else if (f16_is_nan(y1[14:0])) dot2_sum = f32_quiet(widen(y1, 1'b1));
    else if (bad1 || (inf0 && inf1 && n0 != n1)) dot2_sum = DefaultNan;
    else if (inf0 || inf1) dot2_sum = {inf0 ? n0 : n1, 31'h7f80_0000};
    else if (mag == '0) begin
      // Two zero products: -0 when both are negative, or either when rounding toward -inf;
      // two that cancel: -0 only when rounding toward -inf.
      if ((f16_is_zero(x0[14:0]) || f16_is_zero(y0[14:0])) && (f16_is_zero(x1[14:0]) || f16_is_zero(y1[14:0])))
        dot2_sum = {(rm == 2'd2) ? (n0 || n1) : (n0 && n1), 31'd0};
      else dot2_sum = {rm == 2'd2, 31'd0};
    end else dot2_sum = round_f32_fma(sum[82], 103'(mag), -QW'(signed'(48)), rm);
  endfunction

  // A term of the BF16 sum: zero (z, and s zero), or sign n, significand s normalised to bit
  // 15, and the exponent of that bit.
  typedef struct packed {
    logic                 z;
    logic                 n;
    logic [15:0]          s;
    logic signed [QW-1:0] top;
  } term_t;

  // The term of significand p (16 bits) whose bit 0 is 2^lsb.
  function automatic term_t bf16_term(logic n, logic [15:0] p, logic signed [QW-1:0] lsb);
    term_t       t;
    logic [3:0]  lead;
    lead = '0;
    for (int i = 0; i < 16; i++) if (p[i]) lead = 4'(i);
    t.z = p == '0;
    t.n = n;
    t.s = p << (4'd15 - lead);
    t.top = lsb + QW'(signed'({1'b0, lead}));
    bf16_term = t;
  endfunction

  // x before y (their zero flags and exponents): the larger exponent first, zeros last.
  function automatic logic term_before(logic xz, logic signed [QW-1:0] xt, logic yz,
                                       logic signed [QW-1:0] yt);
    term_before = !xz && (yz || xt >= yt);
  endfunction

  // A term's value (sign, significand) with its bit 15 at bit 40, signed.
  function automatic logic signed [44:0] term_at40(logic n, logic [15:0] sig);
    logic [44:0] v;
    v = {4'd0, sig, 25'd0};
    term_at40 = n ? -$signed(v) : $signed(v);
  endfunction

  // The exact sum of three terms (finite, of BF16 products and S2) for rounding to BF16's
  // 8 bits: sign, v (45 bits of magnitude above a sticky bit), v's bit 0 at 2^q.
  //
  // How: sorted by exponent, A >= B >= C. U = B + C on the grid 2^(top_B - 40), C's bits
  // below it floored away into a sticky bit; then S = A + U on the grid 2^(top_A - 40), U's
  // bits below floored away into the sticky bit too. Each step keeps the value as H + r with
  // r in [0, one grid unit) and the sticky bit saying whether r is zero (the grids only grow
  // coarser), so S's bits and the sticky bit round exactly as the exact sum as long as the
  // rounding's guard bit is at or above the final grid. It is: if A + B is not zero it is a
  // multiple of 2^(top_A - 16) (a sum of normalised 16-bit significands), so either C is below
  // 2^(top_A - 17) and |S| >= 2^(top_A - 17), its guard bit at 2^(top_A - 25) at the lowest,
  // or C's bits are at or above 2^(top_A - 33) and nothing is floored away. If A + B is exactly
  // zero the sum is C alone, rounded from its own significand.
  typedef struct packed {
    logic                 sign;
    logic [45:0]          v;
    logic signed [QW-1:0] q;
  } window_t;

  function automatic window_t bf16_window(term_t t0, term_t t1, term_t t2);
    window_t              w;
    term_t                a, b, c, x;
    logic signed [QW-1:0] db, da;
    logic [81:0]          cw;  // C aligned to B's grid: the integer part above 41 fraction bits
    logic signed [89:0]   uw;  // U aligned to A's grid: the integer part above 45 fraction bits
    logic [40:0]          cm;
    logic                 st;
    logic signed [44:0]   u, us, sum;
    // Sort: three compare-and-swaps.
    a = t0;
    b = t1;
    c = t2;
    if (!term_before(a.z, a.top, b.z, b.top)) begin x = a; a = b; b = x; end
    if (!term_before(b.z, b.top, c.z, c.top)) begin x = b; b = c; c = x; end
    if (!term_before(a.z, a.top, b.z, b.top)) begin x = a; a = b; b = x; end
    // U = B + C on B's grid.
    db = b.top - c.top;
    // (A shift of 82 or more leaves nothing of C in cw: only its sticky bit.)
    cw = (c.z || db > QW'(signed'(81))) ? '0 : {c.s, 25'd0, 41'd0} >> db;
    cm = cw[81:41];
    st = !c.z && (db > QW'(signed'(81)) || cw[40:0] != '0);
    u = term_at40(b.n, b.s) + (c.n ? -$signed(45'(cm)) - 45'(st) : $signed(45'(cm)));
    // S = A + U on A's grid.
    da = a.top - b.top;
    uw = $signed({u, 45'd0}) >>> ((da > QW'(signed'(45))) ? 7'd45 : 7'(da));
    us = uw[89:45];
    st = st || uw[44:0] != '0;
    sum = term_at40(a.n, a.s) + us;
    w.sign = sum[44];
    w.v = {45'(sum[44] ? (st ? ~sum : -sum) : sum), st};
    w.q = a.top - QW'(signed'(41));
    if (!a.z && !b.z && a.top == b.top && a.s == b.s && a.n != b.n) begin
      w.sign = c.n;
      w.v = 46'(c.s);
      w.q = c.top - QW'(signed'(15));
    end
    bf16_window = w;
  endfunction

  // The 16-bit dot products' frame (the result's bits in value's low half, or the sum to
  // round): the first NaN of S0.lo, S1.lo, S0.hi, S1.hi, S2.lo made quiet; the default NaN for
  // an infinity times zero or infinities of both signs; else an infinity; an exact zero, -0
  // only when every term is a negative zero; else the sum (sign, v, q), to round.
  function automatic fma_t dot16_frame(logic [31:0] a, logic [31:0] b, logic [15:0] c, logic bf,
                                       logic sign, logic [102:0] v, logic signed [QW-1:0] q);
    fma_t        f;
    logic [15:0] x0, y0, x1, y1, quiet, inf_mag, dnan;
    logic        inf0, inf1, infc, n0, n1, z0, z1;
    {x1, x0} = a;
    {y1, y0} = b;
    quiet = bf ? 16'h0040 : 16'h0200;
    inf_mag = bf ? 16'h7f80 : 16'h7c00;
    dnan = 16'h8000 | inf_mag | quiet;
    n0 = x0[15] ^ y0[15];
    n1 = x1[15] ^ y1[15];
    z0 = x0[14:0] == '0 || y0[14:0] == '0;
    z1 = x1[14:0] == '0 || y1[14:0] == '0;
    inf0 = half_inf(x0[14:0], bf) || half_inf(y0[14:0], bf);
    inf1 = half_inf(x1[14:0], bf) || half_inf(y1[14:0], bf);
    infc = half_inf(c[14:0], bf);
    f = '0;
    f.special = 1'b1;
    f.sign = sign;
    f.sum = v;
    f.q = q;
    if (half_nan(x0[14:0], bf)) f.value = {16'd0, x0 | quiet};
    else if (half_nan(y0[14:0], bf)) f.value = {16'd0, y0 | quiet};
    else if (half_nan(x1[14:0], bf)) f.value = {16'd0, x1 | quiet};
    else if (half_nan(y1[14:0], bf)) f.value = {16'd0, y1 | quiet};
    else if (half_nan(c[14:0], bf)) f.value = {16'd0, c | quiet};
    else if ((inf0 && z0) || (inf1 && z1) || (inf0 && inf1 && n0 != n1) || (inf0 && infc && n0 != c[15]) ||
             (inf1 && infc && n1 != c[15])) begin
      f.value = {16'd0, dnan};
    end else if (inf0 || inf1 || infc) f.value = {16'd0, inf0 ? n0 : inf1 ? n1 : c[15], 15'd0} | {16'd0, inf_mag};
    else if (v == '0) f.value = {16'd0, z0 && z1 && c[14:0] == '0 && n0 && n1 && c[15], 15'd0};
    else f.special = 1'b0;
    dot16_frame = f;
  endfunction

  // Cut 1: the inputs and the FMA's exact sum.
  typedef struct packed {
    in_t  in;
    cls_t cls;
    fma_t f;
  } st1_t;

  function automatic st1_t to_cut1(in_t in, cls_t cls);
    fma_t f;
    logic keep;
    logic [31:0] x;
    logic        bf;             // v_dot2_bf16_bf16
    logic [21:0] p0, p1;         // the dot products' significand products
    logic signed [82:0] dsum;    // ... and their F16 sum, exact
    logic [82:0] dmag;
    window_t     bw;             // ... and their BF16 sum
    bf = in.op == VOP_V_DOT2_BF16_BF16;
    p0 = Dots ? half_prod(in.a[14:0], in.b[14:0], bf) : '0;
    p1 = Dots ? half_prod(in.a[30:16], in.b[30:16], bf) : '0;
    dsum = Dots ? dot2_exact(in.a[15:7], in.b[15:7], in.a[31:23], in.b[31:23], in.c[15:0], p0, p1, in.op == VOP_V_DOT2_F16_F16) : '0;
    dmag = dsum[82] ? 83'(-dsum) : 83'(dsum);
    bw = !Dots ? '0 : bf16_window(
        bf16_term(in.a[15] ^ in.b[15], p0[15:0],
                  QW'(signed'({1'b0, half_exp(in.a[14:7], 1'b1)})) + QW'(signed'({1'b0, half_exp(in.b[14:7], 1'b1)})) -
                  QW'(signed'(268))),
        bf16_term(in.a[31] ^ in.b[31], p1[15:0],
                  QW'(signed'({1'b0, half_exp(in.a[30:23], 1'b1)})) + QW'(signed'({1'b0, half_exp(in.b[30:23], 1'b1)})) -
                  QW'(signed'(268))),
        bf16_term(in.c[15], {in.c[14:7] != '0, in.c[6:0], 8'd0},
                  QW'(signed'({1'b0, half_exp(in.c[14:7], 1'b1)})) - QW'(signed'(142))));
    f = '0;
    f.special = 1'b1;
    if (cls.kind inside {FkFma, FkFract, FkNearest}) begin
      // v_div_fmas_f32 keeps denormal inputs whatever MODE says (guide note).
      keep = in.mode[2] || in.op == VOP_V_DIV_FMAS_F32;
      unique case (in.op)
        VOP_V_CUBEMA_F32: x = cube_major(in.a, in.b, in.c);
        VOP_V_DOT2_F32_F16: x = Dots ? dot2_sum(in.a, in.b, dsum, in.mode[1:0]) : in.a;
        default: x = in.a;
      endcase
      f = fma_sum(in.op, f32_flush(x, keep), f32_flush(in.b, keep), f32_flush(in.c, keep), in.mode[1:0]);
      // v_dot2acc_f32_f16's passes add as the golden model's add(accumulator, product): the
      // accumulator's NaN comes first.
      if (in.op == VOP_V_DOT2ACC_F32_F16 && f32_is_nan(in.c[30:0])) begin
        f.special = 1'b1;
        f.value = f32_quiet(in.c);
      end
    end
    if (cls.kind == FkDot16) begin
      f = bf ? dot16_frame(in.a, in.b, in.c[15:0], 1'b1, bw.sign, 103'(bw.v), bw.q)
             : dot16_frame(in.a, in.b, in.c[15:0], 1'b0, dsum[82], 103'(dmag), -QW'(signed'(48)));
    end
    to_cut1 = '{in: in, cls: cls, f: f};
  endfunction

  // v_ldexp_f32's exponent (f32_ldexp; also OMOD's scaling). Exponents beyond +-400 give the
  // same result as +-400 (overflow, or a value far below the smallest denormal).
  function automatic logic signed [QW-1:0] clamp_exp(logic [31:0] n);
    if ($signed(n) > 400) clamp_exp = QW'(signed'(400));
    else if ($signed(n) < -400) clamp_exp = -QW'(signed'(400));
    else clamp_exp = QW'($signed(n));
  endfunction

  // v_ldexp_f16's exponent (an i16): beyond +-64 the same result as +-64 (an F16's exponent
  // is within [-24, 15]), and within the range round_f16_sig's exponent field holds.
  function automatic logic signed [QW-1:0] clamp_exp16(logic [15:0] n);
    if ($signed(n) > 16'sd64) clamp_exp16 = QW'(signed'(64));
    else if ($signed(n) < -16'sd64) clamp_exp16 = -QW'(signed'(64));
    else clamp_exp16 = QW'($signed(n));
  endfunction

  // The min/max family.
  function automatic logic [31:0] min_max_op(mm_e mm, logic [31:0] a, logic [31:0] b,
                                             logic [31:0] c, logic ieee);
    logic        nan_in;
    logic [31:0] lo, hi;
    nan_in = f32_is_nan(a[30:0]) || f32_is_nan(b[30:0]) || f32_is_nan(c[30:0]);
    lo = f32_min_max(a, b, 1'b0, ieee);
    hi = f32_min_max(a, b, 1'b1, ieee);
    unique case (mm)
      MmMin: min_max_op = lo;
      MmMax: min_max_op = hi;
      MmMin3: min_max_op = f32_min_max(lo, c, 1'b0, ieee);
      MmMax3: min_max_op = f32_min_max(hi, c, 1'b1, ieee);
      // With a NaN operand, the median is the minimum of the three.
      MmMed3: min_max_op = nan_in ? f32_min_max(lo, c, 1'b0, ieee)
                                  : f32_min_max(hi, f32_min_max(lo, c, 1'b1, ieee), 1'b0, ieee);
      MmMinMax: min_max_op = f32_min_max(lo, c, 1'b1, ieee);
      default: min_max_op = f32_min_max(hi, c, 1'b0, ieee);
    endcase
  endfunction

  // ------------------------------------------------------------------------------------------
  // The division helpers are cu_pkg's f32_div_scale and f32_div_fixup (one text with the F64
  // unit's); v_div_fmas_f32 is the FMA with its scaling in cut 2.

  // Cut 2: the result before the output modifiers (an integer one as it is), the compare
  // result, and what the output modifiers need.
  typedef struct packed {
    fkind_e      kind;
    logic        h;     // an F16 result (in r[15:0]); rm and the denormal controls are F16's
    logic [1:0]  rm;
    logic        den_in, den_out, dx10;
    logic [1:0]  omod;
    logic        clamp;
    logic [31:0] r;
    logic        m;
  } st2_t;

  // v_mullit_f32's cases whose result is -MAX_FLOAT (guide pseudocode), on the sources as they
  // are (no flushing): S1 -MAX_FLOAT, -infinity or NaN; S2 at most zero (-0 and the negative
  // denormals too) or NaN.
  function automatic logic mullit_max(logic [31:0] b, logic [31:0] c);
    mullit_max = b == 32'hff7f_ffff || b == 32'hff80_0000 || f32_is_nan(b[30:0]) || c[31] ||
                 c[30:0] == '0 || f32_is_nan(c[30:0]);
  endfunction

  function automatic st2_t to_cut2(st1_t s);
    dec_t          d;
    logic          n_sign;     // what the shared back end rounds
    logic [FW-1:0] n_sum;
    logic signed [QW-1:0] n_q;
    logic [31:0]   rounded, fma_r, ri, r;
    logic          m;
    logic          fmas_scaled;  // v_div_fmas_f32 in a lane with VCC set
    logic signed [QW-1:0] fmas_k;
    logic          h;            // F16 arithmetic
    logic [3:0]    m16;
    d = decode(s.cls.kind, s.cls.mm, s.cls.pred, s.in.op, s.in.mode, s.in.a, s.in.b, s.in.c);
    h = s.cls.fmt.hin && s.cls.fmt.hout;
    m16 = s.in.m16;
    // The shared back end rounds the FMA's sum, or an integer that becomes an F32.
    n_sign = s.f.sign;
    n_sum = s.f.sum;
    n_q = $signed(s.f.q);
    if (d.kind == FkFromInt) begin
      n_sign = d.i_sign;
      n_sum = FW'(d.i_mag);
      n_q = '0;
    end
    rounded = '0;
    // v_div_fmas_f32 in a lane with VCC: the sum scaled back by 2^64 or 2^-64 in the same
    // rounding, unless it is special. (The golden model also keeps a sum that rounds to zero
    // unscaled: scaled by 2^-64 it rounds to the same signed zero, and a scale of 2^64 means
    // |c| >= 2, where a non-zero sum is a multiple of 2^-48 at least: no such sum.)
    fmas_scaled = s.in.op == VOP_V_DIV_FMAS_F32 && s.in.m;
    fmas_k = (s.in.c[30:23] > 8'd127) ? QW'(signed'(64)) : -QW'(signed'(64));
    if (fmas_scaled && !s.f.special) begin
      n_q = n_q + fmas_k;
    end
    // v_dot2_f16_f16 rounds to F16 to nearest even, whatever MODE says.
    if (d.kind inside {FkFma, FkFract, FkNearest, FkFromInt, FkDot16}) begin
      rounded = (h || d.kind == FkDot16)
          ? {16'd0, round_f16_fma(n_sign, n_sum, n_q, (d.kind == FkDot16) ? 2'd0 : d.rm)}
          : round_f32_fma(n_sign, n_sum, n_q, d.rm);
    end
    fma_r = f32_flush(s.f.special ? s.f.value : rounded, d.den_out);
    if (h) fma_r = {16'd0, f16_flush(s.f.special ? narrow(s.f.value) : rounded[15:0], d.den_out)};
    // mixlo/mixhi: the F32 result (denormals kept) converted to F16 in F16's mode.
    if (s.cls.fmt.mix16) fma_r = {16'd0, cvt16(s.f.special ? s.f.value : rounded, m16[1:0], m16[3])};
    // ... and the addend alone (a zero product), scaled as any other sum.
    if (fmas_scaled && s.f.special && !f32_is_nan(s.f.value[30:0]) && !f32_is_inf(s.f.value[30:0]) &&
        !f32_is_zero(s.f.value[30:0])) begin
      fma_r = f32_flush(f32_ldexp(s.f.value, fmas_k, d.rm, 1'b1), d.den_out);
    end
    // One rounding to an integral value: of a, or of v_cvt_nearest_i32_f32's a + 0.5.
    ri = '0;
    if (d.kind inside {FkRound, FkToInt, FkNearest, FkPack}) begin
      ri = f32_round_integral((d.kind == FkNearest) ? fma_r : d.a, d.irm);
    end
    r = '0;
    m = 1'b0;
    unique case (d.kind)
      FkFma: begin
        r = fma_r;
        // v_fma_dx9_zero_f32, v_fmac_dx9_zero_f32: a zero factor (after input flushing, either
        // sign) gives source 2 itself as an input (flushed by MODE's input bit, not rounded:
        // the guide's pseudocode `D0.f = S2.f`), where the sum +0 + c would lose -0's sign,
        // quiet a signalling NaN and flush an output denormal.
        if ((s.in.op == VOP_V_FMA_DX9_ZERO_F32 || s.in.op == VOP_V_FMAC_DX9_ZERO_F32) &&
            (f32_is_zero(d.a[30:0]) || f32_is_zero(d.b[30:0]))) begin
          r = d.c;
        end
        if (s.in.op == VOP_V_MULLIT_F32 && mullit_max(s.in.b, s.in.c)) r = 32'hff7f_ffff;
      end
      // 1 - a tiny value rounds to 1.0: the largest F32 below 1 instead (guide: "clamped to
      // 0x3f7fffff"). a's NaN is f32_quiet(a) and an infinity the default NaN, as from the FMA.
      FkFract: begin
        r = fma_r;
        if (h) begin
          if (!r[15] && r[14:0] >= 15'h3c00 && !f16_is_nan(r[14:0])) r = {16'd0, One16 - 16'd1};
        end else if (!r[31] && r[30:0] >= 31'h3f80_0000 && !f32_is_nan(r[30:0])) begin
          r = 32'h3f7f_ffff;
        end
      end
      FkMinMax: r = min_max_op(d.mm, d.a, d.b, d.c, d.ieee);
      // v_ldexp_f16's exponent is the i16 in source 1's low half (not widened), and the
      // scaled value rounds once, to F16.
      FkLdexp: r = h ? {16'd0, f16_ldexp(narrow(d.a), clamp_exp16(s.in.b[15:0]), d.rm, d.den_out)}
                     : f32_ldexp(d.a, clamp_exp(s.in.b), d.rm, d.den_out);
      FkFromInt: r = (d.i_mag == '0) ? 32'd0 : rounded;
      // An integral value: exact, never denormal; zero keeps the sign.
      FkRound: r = ri;
      FkToInt, FkNearest: begin
        r = f32_to_int(ri, d.isigned);
        // From F16: to a 16-bit integer (sign-extended; the destination takes the low half).
        if (s.cls.fmt.hin) begin
          if (d.isigned && $signed(r) > 32'sd32767) r = 32'd32767;
          else if (d.isigned && $signed(r) < -32'sd32768) r = 32'hffff_8000;
          else if (!d.isigned && r > 32'd65535) r = 32'd65535;
        end
      end
      FkFrexpMant, FkFrexpExp: r = f32_frexp(d.a, d.kind == FkFrexpExp);
      FkDivScale: {m, r} = f32_div_scale(s.in.a, s.in.b, s.in.c, d.rm);
      FkDivFixup: r = f32_div_fixup(s.in.a[30:0], s.in.b, s.in.c);
      FkCvt16: r = {16'd0, cvt16(d.a, m16[1:0], m16[3])};
      FkCvt32: r = f32_is_nan(d.a[30:0]) ? f32_quiet(d.a) : d.a;
      FkCube: r = cube(s.in.op, s.in.a, s.in.b, s.in.c);
      // BF16: a denormal result flushed to a zero of its sign.
      FkDot16: begin
        r = s.f.special ? s.f.value : rounded;
        if (s.in.op == VOP_V_DOT2_BF16_BF16 && !s.f.special) begin
          r = {16'd0, round_bf16_dot(s.f.sign, s.f.sum[45:0], s.f.q, 2'd0)};
          if (r[14:7] == '0) r = {16'd0, r[15], 15'd0};
        end
      end
      // v_cvt_off_f32_i4 reads its integer source as it is.
      FkPack: r = conv_pack(s.in.op, (s.in.op == VOP_V_CVT_OFF_F32_I4) ? s.in.a : d.a, d.b, s.in.b[1:0], s.in.c, ri, m16[3]);
      FkCmp: m = f32_compare(d.pred, d.a, d.b);
      FkClass: m = s.in.b[{1'b0, s.cls.fmt.hin ? f16_fclass(s.in.a[15:0]) : f32_fclass(s.in.a)}];
      default: ;
    endcase
    // An F16 row's exact F32 result (min/max, div_fixup, the integral values, frexp's
    // mantissa), which F16 holds, back to F16: one narrowing for all of them.
    if (h && d.kind inside {FkMinMax, FkDivFixup, FkRound, FkFrexpMant}) r = {16'd0, narrow(r)};
    // v_div_fmas_f32's output modifiers keep a denormal input too.
    to_cut2 = '{kind: d.kind, h: s.cls.fmt.hout,
                rm: s.cls.fmt.hout ? m16[1:0] : d.rm,
                den_in: s.cls.fmt.hout ? m16[2] : d.den_in || s.in.op == VOP_V_DIV_FMAS_F32,
                den_out: s.cls.fmt.hout ? m16[3] : d.den_out, dx10: d.dx10,
                omod: s.in.omod, clamp: s.in.clamp, r: r, m: m};
  endfunction

  // ------------------------------------------------------------------------------------------
  // The stages.

  in_t  in0;
  cls_t cls0;
  st1_t s1_q;
  st2_t s2_q;
  logic s1_v;  // s1_q holds an operation presented in the last cycle

  // Source n as the unit computes on it: an F16 source widened to F32 (flushed as MODE's F16
  // input control says, but for v_div_fixup_f16; the class test reads it as it is), a mix's
  // source selected, widened and modified (NEG_HI, then NEG).
  function automatic logic [31:0] src_in(logic mixed, logic hin, fkind_e kind, logic [31:0] x, int n,
                                        logic [11:0] mix, logic den16);
    logic [31:0] v;
    v = x;
    if (mixed) begin
      if (mix[3 + n]) v = widen(mix[n] ? x[31:16] : x[15:0], den16);
      if (mix[9 + n]) v[31] = 1'b0;
      if (mix[6 + n]) v[31] = !v[31];
    end else if (hin && !(kind inside {FkClass, FkFromInt}) && !(kind == FkLdexp && n == 1)) begin
      v = widen(x[15:0], den16 || kind == FkDivFixup);
    end
    src_in = v;
  endfunction

  valu_op_e    op0;  // op_i as the F32 row it runs as (a VOPD half's, an F16 row's twin)
  logic [31:0] a16;  // source 0 as the unit computes on it (a 16-bit integer extended)
  logic     f16m; // the arithmetic is F16's: MODE's F16 fields
  assign op0 = canon(op_i);
  always_comb begin
    cls0 = classify(op0);
    cls0.fmt = F16 ? fmt_of(op_i) : '0;
  end
  assign f16m = cls0.fmt.hin && cls0.kind != FkCvt32;
  // The rows of several passes through the FMA, the dot products whose golden model rounds
  // in turn (cu_top's F32PassCycles a pass). From the beat's first cycle (start_i) the unit
  // runs pass 0; Stages cycles later its result is taken into r1 or r2 (the registers of the
  // intermediate values), the next cycle starts pass 1, and so on: the last pass's result
  // leaves the unit passes * (Stages + 1) - 1 cycles after the start, the inputs held
  // meanwhile. Each pass is one of the unit's F32 rows (v_dot2acc_f32_f16's addition of an
  // exact F16 product, x * y + z with the addend's NaN first; v_mul_f32; v_add_f32) in F32's
  // mode, on the halves widened exactly (F16 denormals kept; a BF16 is an F32's top half),
  // S2 (D for the accumulating rows) and the registers:
  //   v_dot2acc_f32_f16 (and VOPD's):  r1 = D + a.lo * b.lo;  D = r1 + a.hi * b.hi
  //   v_dot2_f32_bf16:                 r1 = a.lo * b.lo;  r2 = a.hi * b.hi;  r1 = r1 + r2;
  //                                    D = r1 + S2
  // (v_dual_dot2acc_f32_bf16, which LLVM cannot encode for gfx1100, is illegal in the decoder,
  // as in the golden model.)
  typedef enum logic [2:0] {
    SaLo,  // the source's low half, widened
    SaHi,  // ... its high half
    SaC,   // S2 (D)
    SaR1,
    SaR2
  } psrc_e;

  typedef struct packed {
    valu_op_e   op;
    psrc_e      a, b;
    logic       c_r1;  // the addend is r1 (else S2)
    logic [1:0] wr;    // the result goes to r1 (1), r2 (2), or out (0)
  } pass_t;

  // Pass k of op (op0); the passes after the last repeat it.
  function automatic pass_t pass_of(valu_op_e op, logic [1:0] k);
    pass_t p;
    unique case (op)
      VOP_V_DOT2_F32_BF16:
        unique case (k)
          2'd0: p = '{op: VOP_V_MUL_F32, a: SaLo, b: SaLo, c_r1: 1'b0, wr: 2'd1};
          2'd1: p = '{op: VOP_V_MUL_F32, a: SaHi, b: SaHi, c_r1: 1'b0, wr: 2'd2};
          2'd2: p = '{op: VOP_V_ADD_F32, a: SaR1, b: SaR2, c_r1: 1'b0, wr: 2'd1};
          default: p = '{op: VOP_V_ADD_F32, a: SaR1, b: SaC, c_r1: 1'b0, wr: 2'd0};
        endcase
      default:  // v_dot2acc_f32_f16
        p = (k == 2'd0) ? '{op: VOP_V_DOT2ACC_F32_F16, a: SaLo, b: SaLo, c_r1: 1'b0, wr: 2'd1}
                        : '{op: VOP_V_DOT2ACC_F32_F16, a: SaHi, b: SaHi, c_r1: 1'b1, wr: 2'd0};
    endcase
    pass_of = p;
  endfunction

  localparam bit          Seq = F16;  // the passes (not in the DS unit's adder)
  localparam int unsigned PcW = $clog2(Stages + 2);
  logic [PcW-1:0] pc_q, pc_now;  // the cycle of the pass, 0..Stages
  logic [1:0]     pk_q, pk_now;  // the pass (saturating at 3)
  logic           seq, bf16p;    // a row of several passes; its halves are BF16
  pass_t          ps;
  logic [31:0]    r1_q, r2_q;
  assign seq = Seq && op0 inside {VOP_V_DOT2ACC_F32_F16, VOP_V_DOT2_F32_BF16};
  assign bf16p = op0 == VOP_V_DOT2_F32_BF16;
  assign pc_now = start_i ? '0 : pc_q;
  assign pk_now = start_i ? '0 : pk_q;
  assign ps = pass_of(op0, pk_now);

  // A pass's source: a half of x (S0 or S1) widened, S2, or a register.
  function automatic logic [31:0] pass_src(psrc_e sel, logic [31:0] x, logic [31:0] c, logic [31:0] r1,
                                           logic [31:0] r2, logic bf);
    logic [15:0] h;
    h = (sel == SaHi) ? x[31:16] : x[15:0];
    unique case (sel)
      SaC: pass_src = c;
      SaR1: pass_src = r1;
      SaR2: pass_src = r2;
      default: pass_src = bf ? {h, 16'd0} : widen(h, 1'b1);
    endcase
  endfunction

  if (Seq) begin : gen_seq
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        pc_q <= '0;
        pk_q <= '0;
        r1_q <= '0;
        r2_q <= '0;
      end else if (pc_now == PcW'(Stages)) begin
        pc_q <= '0;
        pk_q <= (pk_now == 2'd3) ? pk_now : pk_now + 2'd1;
        if (seq && ps.wr == 2'd1) r1_q <= s2_q.r;
        if (seq && ps.wr == 2'd2) r2_q <= s2_q.r;
      end else begin
        pc_q <= pc_now + 1'b1;
        pk_q <= pk_now;
      end
    end
  end else begin : gen_no_seq
    logic unused_seq;
    assign unused_seq = ^{pc_now, ps.wr};
    assign pc_q = '0;
    assign pk_q = '0;
    assign r1_q = '0;
    assign r2_q = '0;
  end

  always_comb begin
    unique case (op_i)
      VOP_V_CVT_F16_I16: a16 = { {16{a_i[15]}}, a_i[15:0]};
      VOP_V_CVT_F16_U16: a16 = {16'd0, a_i[15:0]};
      default: a16 = src_in(cls0.fmt.mix, cls0.fmt.hin, cls0.kind, a_i, 0, mix_i, mode_i[6]);
    endcase
    if (seq) a16 = pass_src(ps.a, a_i, c_i, r1_q, r2_q, bf16p);
  end
  assign in0 = '{op: seq ? ps.op : op0,
                 mode: f16m ? {mode_i[9:8], mode_i[7:6], mode_i[3:2]} : {mode_i[9:8], mode_i[5:4], mode_i[1:0]},
                 m16: {mode_i[7:6], mode_i[3:2]}, omod: omod_i, clamp: clamp_i, m: m_i,
                 a: a16,
                 b: seq ? pass_src(ps.b, b_i, c_i, r1_q, r2_q, bf16p)
                        : src_in(cls0.fmt.mix, cls0.fmt.hin, cls0.kind, b_i, 1, mix_i, mode_i[6]),
                 c: (seq && ps.c_r1) ? r1_q : src_in(cls0.fmt.mix, cls0.fmt.hin, cls0.kind, c_i, 2, mix_i, mode_i[6])};
  assign ok_o = cls0.kind != FkNone;


  if (Stages >= 1) begin : gen_cut1
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        s1_q <= '0;
        s1_v <= 1'b0;
      end else begin
        s1_v <= ok_o;
        if (ok_o) s1_q <= to_cut1(in0, cls0);
      end
    end
  end else begin : gen_comb1
    assign s1_q = to_cut1(in0, cls0);
    assign s1_v = ok_o;
  end

  if (Stages >= 2) begin : gen_cut2
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        s2_q <= '0;
      end else if (s1_v) begin
        s2_q <= to_cut2(s1_q);
      end
    end
  end else begin : gen_comb2
    logic unused_v;
    assign unused_v = s1_v;
    assign s2_q = to_cut2(s1_q);
  end

  // ------------------------------------------------------------------------------------------
  // The transcendental unit (see the top of the file).

  // The recurrence's state and step are cu_pkg's f32_tstate_t and f32_tstep (one text with
  // the F64 unit's, templates/cu_fp_fmt.sv).

  localparam int unsigned TCntW = $clog2(TransCycles);

  // v_exp's and v_log's table: log2(1 + 2^-i) at 2^-60 (rdna3_isa::explog::LOG2_STEPS).
  localparam int unsigned ExpLogN = {{ explog_steps.len() }};
  localparam logic [60:0] ExpLogL [ExpLogN] = '{
{%- for l in explog_steps %}
    {{ l }}{% if !loop.last %},{% endif %}
{%- endfor %}
  };
  localparam logic signed [63:0] ExpLogOne = 64'sd1 <<< 60;

  // v_sin's and v_cos's tables (rdna3_isa::sincos): CORDIC's angles atan(2^-i) in quarter
  // turns at 2^-60, its gain's inverse K at 2^-60, pi / 2's 52 bits (bit 51 - i of weight 2^-i).
  localparam logic [60:0] SinCosA [ExpLogN] = '{
{%- for a in sincos_angles %}
    {{ a }}{% if !loop.last %},{% endif %}
{%- endfor %}
  };
  localparam logic [63:0] SinCosK = {{ sincos_gain }};
  localparam logic [51:0] HalfPi = {{ half_pi }};

  // The unit's registers.
  typedef struct packed {
    tkind_e               k;
    logic [25:0]          n;        // S (rcp) or M (rsq)
    f32_tstate_t          s;
    logic [TCntW-1:0]     cnt;      // cycles of steps left
    logic                 special;  // the result is value, without the recurrence
    logic [31:0]          value;
    logic                 sign;
    logic signed [QW-1:0] q;        // the exponent of bit 0 of {Y, sticky} (of RY: exp, sin, cos)
    logic                 ex;       // v_exp (F32 or F16): the recurrence on RY, RA
    logic                 lg;       // v_log
    logic                 sc;       // v_sin or v_cos: CORDIC on RX, RY, RA (x, y, z) ...
    logic                 lin;      // ... or the small-|x| path: RY += RX >> i by pi / 2's bits
    logic signed [63:0]   rx;
    logic signed [63:0]   ry;
    logic signed [68:0]   ra;
    st2_t                 out;      // what the output modifiers need
  } trans_t;

  // The start: the special operands' results, or the recurrence's initial state.
  // mode: MODE's F32 fields but IEEE (in_t's mode[4:0]).
  function automatic trans_t tstart(valu_op_e op, logic [31:0] a, logic [4:0] mode,
                                    logic [1:0] omod, logic clamp, logic h);
    trans_t               t;
    logic [31:0]          x;
    logic [7:0]           be;
    logic signed [QW-1:0] j;
    logic [25:0]          m;
    x = f32_flush(a, 1'b0);
    be = x[30:23];
    t.k = (op == VOP_V_RSQ_F32) ? TkRsq : (op == VOP_V_SQRT_F32) ? TkSqrt : TkRcp;
    // a = M * 2^(2j): S * 2^(be - 150) with be - 150 made even.
    m = be[0] ? {1'b0, f32_sig(x[30:0]), 1'b0} : {f32_sig(x[30:0]), 2'b00};
    j = (QW'(signed'({1'b0, be})) - QW'(signed'(152)) + QW'(signed'({1'b0, be[0]}))) >>> 1;
    t.n = (t.k == TkRcp) ? {2'b00, f32_sig(x[30:0])} : m;
    t.s = '{e: (t.k == TkSqrt) ? '0 : 56'(1) << 22, v: '0, y: '0, rad: {2'b00, m}};
    t.cnt = TCntW'(TransCycles - 1);
    t.sign = (t.k == TkRcp) && x[31];
    unique case (t.k)
      TkRcp: t.q = QW'(signed'(101)) - QW'(signed'({1'b0, be}));
      TkRsq: t.q = -QW'(signed'(38)) - j;
      default: t.q = j - QW'(signed'(13));
    endcase
    t.special = 1'b1;
    t.value = '0;
    if (f32_is_nan(x[30:0])) t.value = f32_quiet(x);
    else if (t.k == TkRcp && f32_is_zero(x[30:0])) t.value = {x[31], 31'h7f80_0000};
    else if (t.k == TkRcp && f32_is_inf(x[30:0])) t.value = {x[31], 31'd0};
    else if (t.k == TkRsq && f32_is_zero(x[30:0])) t.value = {x[31], 31'h7f80_0000};
    else if (t.k == TkSqrt && f32_is_zero(x[30:0])) t.value = x;
    else if (t.k != TkRcp && x[31]) t.value = DefaultNan;
    else if (t.k == TkRsq && f32_is_inf(x[30:0])) t.value = '0;
    else if (t.k == TkSqrt && f32_is_inf(x[30:0])) t.value = x;
    else t.special = 1'b0;
    t.out = '{kind: FkTrans, h: h, rm: mode[1:0], den_in: mode[2], den_out: mode[3], dx10: mode[4],
              omod: omod, clamp: clamp, r: '0, m: 1'b0};
    // v_exp, v_log, v_sin and v_cos: their own special operands and start.
    t.ex = op == VOP_V_EXP_F32;
    t.lg = op == VOP_V_LOG_F32;
    t.sc = op == VOP_V_SIN_F32 || op == VOP_V_COS_F32;
    t.lin = 1'b0;
    t.rx = '0;
    t.ry = '0;
    t.ra = '0;
    if (t.ex || t.lg) t.sign = 1'b0;
    if (t.ex) begin
      logic [67:0] mag;
      logic        lost;
      logic signed [68:0] xf;
      // |x| * 2^60 = S * 2^(be - 90): below 2^67 when be < 134 (|x| < 128).
      mag = (be >= 8'd90) ? 68'(f32_sig(x[30:0])) << (be - 8'd90) : 68'(f32_sig(x[30:0])) >> (8'd90 - be);
      lost = (be < 8'd90) && ((68'(f32_sig(x[30:0])) & ~({68{1'b1}} << (8'd90 - be))) != '0);
      xf = x[31] ? -$signed({1'b0, mag + 68'(lost)}) : $signed({1'b0, mag});
      t.ry = ExpLogOne;
      t.ra = $signed({9'd0, xf[59:0]});
      t.q = QW'(xf >>> 60) - QW'(signed'(60));
      t.special = 1'b1;
      if (f32_is_nan(x[30:0])) t.value = f32_quiet(x);
      else if (be >= 8'd134) t.value = x[31] ? 32'd0 : 32'h7f80_0000;
      else if (xf < -(69'sd126 <<< 60)) t.value = '0;
      else t.special = 1'b0;
    end else if (t.lg) begin
      t.ry = $signed(64'({f32_sig(x[30:0]), 36'd0}));
      // e + 1 = be - 126, in [-125, 128].
      t.ra = ($signed(69'(be)) - 69'sd126) <<< 60;
      t.q = -QW'(signed'(60));
      t.special = 1'b1;
      if (f32_is_nan(x[30:0])) t.value = f32_quiet(x);
      else if (f32_is_zero(x[30:0])) t.value = 32'hff80_0000;
      else if (x[31]) t.value = DefaultNan;
      else if (f32_is_inf(x[30:0])) t.value = x;
      else t.special = 1'b0;
    end else if (t.sc) begin
      logic               cs, odd;
      logic [31:0]        xs;
      logic [7:0]         bs;
      logic [23:0]        sg;
      logic [61:0]        am;
      logic [1:0]         qq;
      logic [60:0]        u;
      // Denormals as MODE says (an F16 row's input is already widened, normal).
      cs = op == VOP_V_COS_F32;
      xs = f32_flush(a, mode[2]);
      bs = (xs[30:23] == '0) ? 8'd1 : xs[30:23];
      sg = f32_sig(xs[30:0]);
      // |x| mod 1 at 2^-62 = S * 2^(be - 88) without its bits from 2^0 up.
      if (bs >= 8'd150) am = '0;
      else if (bs >= 8'd88) am = 62'(86'(sg) << (bs - 8'd88));
      else am = 62'(sg) >> (8'd88 - bs);
      qq = am[61:60] + {1'b0, cs};
      odd = qq[0];
      u = odd ? (61'(1) << 60) - 61'(am[59:0]) : 61'(am[59:0]);
      t.sign = (xs[31] && !cs) ^ qq[1];
      t.lin = !odd && bs < 8'd109;
      if (t.lin) begin
        t.rx = $signed(64'(sg) << 38);
        t.q = QW'(signed'({1'b0, bs})) - QW'(signed'(186));
      end else begin
        t.rx = $signed(SinCosK);
        t.ra = $signed(69'(u));
        t.q = -QW'(signed'(60));
      end
      t.special = 1'b1;
      if (f32_is_nan(xs[30:0])) t.value = f32_quiet(xs);
      else if (f32_is_inf(xs[30:0])) t.value = DefaultNan;
      else if (f32_is_zero(xs[30:0])) t.value = cs ? One : xs;
      else if (u == '0 && !t.lin) t.value = '0;
      else t.special = 1'b0;
    end
    tstart = t;
  endfunction

  // One step of the shift-and-add recurrences (rdna3_isa::explog::step, sincos::cordic_step),
  // sharing RY's adder and RA's: exp and log add RY >> i to RY and subtract L_i from RA, taken
  // when exp's RA stays non-negative or log's RY stays at or below 1; CORDIC turns (RX, RY)
  // by +-atan(2^-i) toward RA = 0 (always taken); the small-|x| path adds RX >> i to RY where
  // pi / 2's bit i is set.
  function automatic trans_t recur_step(trans_t t, int unsigned i);
    logic signed [63:0] ys, yn, xn;
    logic signed [68:0] an;
    logic               el, d, sub, take;
    recur_step = t;
    el = t.ex || t.lg;
    d = !t.ra[68];  // CORDIC: z >= 0, turn forward
    sub = t.sc && !t.lin && !d;
    ys = (el ? t.ry : t.rx) >>> i;
    yn = sub ? t.ry - ys : t.ry + ys;
    an = sub ? t.ra + $signed({8'd0, SinCosA[i]}) :
               t.ra - $signed({8'd0, el ? ExpLogL[i] : SinCosA[i]});
    xn = d ? t.rx - (t.ry >>> i) : t.rx + (t.ry >>> i);
    if (t.ex) take = !an[68];
    else if (t.lg) take = yn <= ExpLogOne;
    else if (t.lin) take = HalfPi[51 - i];
    else take = 1'b1;
    if (take) begin
      recur_step.ry = yn;
      recur_step.ra = an;
      if (t.sc && !t.lin) recur_step.rx = xn;
    end
  endfunction

  // A cycle of the recurrence: TransSteps steps.
  function automatic trans_t tadvance(trans_t t);
    trans_t o;
    o = t;
    o.s = f32_tcycle(t.s, t.k, t.n);
    if (t.ex || t.lg || t.sc) begin
      // The cycle's first step: the cycles done so far times ExpLogSteps.
      for (int unsigned j = 0; j < ExpLogSteps; j++) begin
        o = recur_step(o, (TransCycles - 1 - int'(t.cnt)) * ExpLogSteps + j);
      end
    end
    o.cnt = t.cnt - 1'b1;
    tadvance = o;
  endfunction

  // The result: {Y, sticky} rounded (to nearest even but for v_sqrt_f32), flushed.
  st2_t t2;

  if (!Dual) begin : gen_trans
    trans_t tr_q;

    // Computed inside the always_ff, only when the register loads (a cheaper simulation).
    always_ff @(posedge clk_i or negedge rst_ni) begin
      if (!rst_ni) begin
        tr_q <= '0;
      end else if (start_i && cls0.kind == FkTrans) begin
        tr_q <= tstart(op0, in0.a, in0.mode[4:0], omod_i, clamp_i, cls0.fmt.hout);
      end else if (tr_q.cnt != '0) begin
        tr_q <= tadvance(tr_q);
      end
    end

    always_comb begin
      logic [31:0] r;
      logic [15:0] r16;
      logic [1:0]  rm;
      logic [67:0] mag;
      rm = (tr_q.k == TkSqrt) ? tr_q.out.rm : 2'd0;
      r = round_f32_trans(tr_q.sign, {tr_q.s.y, tr_q.s.e != '0}, tr_q.q, rm);
      // An F16 row's: {Y, sticky} rounded once to F16, flushed as MODE's F16 output control
      // says; a special result (which F16 holds) narrowed.
      r16 = round_f16_trans(tr_q.sign, {tr_q.s.y, tr_q.s.e != '0}, tr_q.q, rm);
      // v_exp's, v_sin's and v_cos's RY * 2^q, v_log's RA * 2^-60 (+0 if RA is zero).
      mag = '0;
      if (tr_q.ex || tr_q.lg || tr_q.sc) begin
        mag = !tr_q.lg ? 68'(tr_q.ry) : tr_q.ra[68] ? 68'(-tr_q.ra) : 68'(tr_q.ra);
        r = round_f32_explog(tr_q.lg ? tr_q.ra[68] : tr_q.sign, mag, tr_q.q, 2'd0);
        r16 = round_f16_explog(tr_q.lg ? tr_q.ra[68] : tr_q.sign, mag, tr_q.q, 2'd0);
        if (mag == '0) begin
          r = '0;
          r16 = '0;
        end
      end
      t2 = tr_q.out;
      if (tr_q.out.h) t2.r = {16'd0, tr_q.special ? narrow(tr_q.value) : f16_flush(r16, tr_q.out.den_out)};
      // (v_sin and v_cos keep denormal results as MODE says.)
      else t2.r = tr_q.special ? tr_q.value : f32_flush(r, tr_q.sc && tr_q.out.den_out);
    end
  end else begin : gen_no_trans
    logic unused_start;
    assign unused_start = start_i;
    assign t2 = '0;
  end

  // ------------------------------------------------------------------------------------------
  // Output modifiers: OMOD's scaling (an ldexp by 1, 2 or -1, its input flushed like any
  // input), then CLAMP; integer results take none. The transcendental unit's result while its
  // operation is presented, else the last cut's.

  st2_t so;
  assign so = (cls0.kind == FkTrans) ? t2 : s2_q;

  always_comb begin
    logic [31:0] o_in, o_scaled;
    logic [15:0] h_in, h_scaled;  // an F16 result's
    o_in = f32_flush(so.r, so.den_in);
    o_scaled = so.r;
    if (so.omod != 2'd0 && !f32_is_nan(so.r[30:0])) begin
      o_scaled = f32_ldexp(o_in, (so.omod == 2'd1) ? QW'(signed'(1)) :
                             (so.omod == 2'd2) ? QW'(signed'(2)) : -QW'(signed'(1)),
                       so.rm, so.den_out);
    end
    d_o = o_scaled;
    if (so.clamp) begin
      if (f32_is_nan(o_scaled[30:0])) d_o = so.dx10 ? 32'd0 : o_scaled;
      else if (o_scaled[31]) d_o = 32'd0;
      else if (o_scaled > One) d_o = One;
    end
    unique case (so.kind)
      FkCmp, FkClass, FkNone: d_o = '0;
      FkToInt, FkNearest, FkFrexpExp, FkDivScale, FkPack, FkDot16: d_o = so.r;
      default: ;
    endcase
    // An F16 result: the modifiers in F16.
    h_in = f16_flush(so.r[15:0], so.den_in);
    h_scaled = so.r[15:0];
    if (so.h) begin
      if (so.omod != 2'd0 && !f16_is_nan(so.r[14:0])) begin
        h_scaled = f16_ldexp(h_in, (so.omod == 2'd1) ? QW'(signed'(1)) :
                                 (so.omod == 2'd2) ? QW'(signed'(2)) : -QW'(signed'(1)),
                           so.rm, so.den_out);
      end
      d_o = {16'd0, h_scaled};
      if (so.clamp) begin
        if (f16_is_nan(h_scaled[14:0])) d_o = so.dx10 ? 32'd0 : {16'd0, h_scaled};
        else if (h_scaled[15]) d_o = 32'd0;
        else if (h_scaled > One16) d_o = {16'd0, One16};
      end
    end
  end

  assign m_o = so.m;

endmodule
