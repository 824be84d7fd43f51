{{ header }}
// The vector lanes: NumLanes copies of the lane datapath, each computing one work-item's
// result of the integer and bit-level operations, written from the guide's pseudocode
// (chapter 16) and agreeing bit for bit with the golden model (sim/src/golden: valu.rs,
// valu_more.rs, valu_packed.rs). The integer lanes are combinational: the compute unit
// registers the inputs and the outputs. The F32 unit is pipelined (FpStages registers, see
// cu_fp32): its results come FpStages cycles after its inputs, and the compute unit holds the
// instruction in EX until they do. Everything below the header is written by hand in the
// template.
//
// What arrives here is already resolved: each source is the operand's value for this lane
// (a VGPR's lane, an SGPR or constant in every lane, a DPP- or permlane-selected lane), a
// 16-bit operand in bits 15:0 with its half selected (zero-extended), a packed 16-bit operand
// in bits 31:0 with OPSEL/OPSEL_HI applied, a 64-bit operand whole. The mask-in bit is the
// lane's bit of VCC or of the SGPR mask operand (carry in, select). The destination takes the
// low bits the row's type says (a 16-bit result in bits 15:0 goes to the half OPSEL[3] or
// VDST[7] names); the mask-out bit is the lane's carry or compare result (the compute unit
// clears it for inactive lanes).
//
// A lane is a few shared units and a result select (the main case). The units, each built
// once per lane:
//   - the operand extender: S0 and S1 widened to 65 bits, S2 to 33, by the row's integer
//     type (int_ty: width 16, 24, 32 or 64 bits, signed or not), which feeds
//   - one 65-bit signed comparator and an equality test of S0 and S1 (every compare, signed
//     and unsigned, of every width; two-input min/max), and two 33-bit comparators of S0
//     and S1 against S2 (three-input min/max/median);
//   - one 33x33-bit signed multiplier (every multiply and multiply-add) built of four 17x17
//     partial products, two of which serve the packed 16-bit rows on their own, and the
//     66-bit adder of the multiply-adds;
//   - one 34-bit adder for the 32-bit adds and subtracts, with and without carry;
//   - one 64-bit funnel shifter (32- and 64-bit shifts, left ones as right shifts of
//     {x, 0}, bitfield extracts and masks, align);
//   - the byte-SAD unit (the four windows of the quad SADs; the first also serves the
//     single SADs).
// The 16-bit halves of the packed rows have their own small adders, shifters and
// comparators (helper functions the 16-bit rows share).
//
// The F32 and F16 operations run in one cu_fp32 unit per lane, beside lane(); its result
// replaces lane()'s for the rows it knows. VOPD's Y half has its own, smaller F32 unit per lane
// (the VOPD operations only), beside lane_y(), so that both halves issue together; a packed
// F16 row (v_pk_fma_f16, ...) runs its low half on the first unit and its high half on the
// second. The F64
// operations run in one cu_fp64 unit for all the lanes, a lane a cycle (F64Cycles, see
// cu_top's FP interlock).
//
// An operation neither lists leaves valid_o low, and the instruction faults as
// not implemented. The case labels are read by hdl-gen to say which rows the RTL executes.
module cu_valu
  import cu_pkg::*;
#(
  parameter int unsigned NumLanes = 32,
  parameter int unsigned FpStages = 2   // pipeline registers of the floating-point units
) (
  input  logic                        clk_i,
  input  logic                        rst_ni,
  input  logic                        start_i,  // the beat's first cycle (iterative units start)
  input  valu_op_e                    op_i,     // the operation (VOPD: the X half's)
  input  logic                        clamp_i,  // VOP3 CLAMP
  input  logic [1:0]                  omod_i,   // VOP3 OMOD (floats)
  input  logic [9:0]                  mode_i,   // the wave's MODE[9:0] (floats)
  input  logic [4:0]                  lane0_i,  // the wave lane of physical lane 0
  input  logic [NumLanes-1:0][63:0]   a_i,      // source 0
  input  logic [NumLanes-1:0][63:0]   b_i,      // source 1
  input  logic [NumLanes-1:0][127:0]  c_i,      // source 2 (128 bits for v_mqsad_u32_u8)
  input  logic [NumLanes-1:0]         m_i,      // mask-in bit
  input  logic [11:0]                 mix_i,    // VOP3P: {NEG_HI, NEG, OPSEL_HI, OPSEL} (the mixes, dots)
  input  valu_op_e                    op_y_i,   // VOPD's Y half, VOP_NONE otherwise
  input  logic [NumLanes-1:0][31:0]   ya_i,
  input  logic [NumLanes-1:0][31:0]   yb_i,
  input  logic [NumLanes-1:0][31:0]   yc_i,     // ... its third source (fmac: VDSTY; fmaak: K)
  output logic                        valid_o,  // both operations are ones of these lanes
  output logic [NumLanes-1:0][127:0]  d_o,
  output logic [NumLanes-1:0]         m_o,      // mask-out bit
  output logic [NumLanes-1:0][31:0]   yd_o      // VOPD's Y result
);

  typedef struct packed {
    logic         ok;  // the operation is one of these lanes
    logic [127:0] d;
    logic         m;
  } lane_t;

  // ------------------------------------------------------------------------------------------
  // Integer operand types.

  typedef enum logic [1:0] {
    W16,
    W24,
    W32,
    W64
  } iw_e;

  // How a row reads its integer sources: the width of S0 and S1 (and of S2 where it has the
  // same type), whether they are signed, and whether they are packed 16-bit pairs (VOP3P).
  typedef struct packed {
    iw_e  w;
    logic sgn;
    logic pk;
  } ity_t;

  localparam ity_t TyU16 = '{w: W16, sgn: 1'b0, pk: 1'b0};
  localparam ity_t TyI16 = '{w: W16, sgn: 1'b1, pk: 1'b0};
  localparam ity_t TyU24 = '{w: W24, sgn: 1'b0, pk: 1'b0};
  localparam ity_t TyI24 = '{w: W24, sgn: 1'b1, pk: 1'b0};
  localparam ity_t TyU32 = '{w: W32, sgn: 1'b0, pk: 1'b0};
  localparam ity_t TyI32 = '{w: W32, sgn: 1'b1, pk: 1'b0};
  localparam ity_t TyU64 = '{w: W64, sgn: 1'b0, pk: 1'b0};
  localparam ity_t TyI64 = '{w: W64, sgn: 1'b1, pk: 1'b0};
  localparam ity_t TyPkU16 = '{w: W16, sgn: 1'b0, pk: 1'b1};
  localparam ity_t TyPkI16 = '{w: W16, sgn: 1'b1, pk: 1'b1};

  // The integer type of the rows whose shared units depend on it; unsigned 32-bit otherwise.
  function automatic ity_t int_ty(valu_op_e op);
    int_ty = TyU32;
    unique case (op)
      VOP_V_CMP_EQ_U16, VOP_V_CMP_NE_U16, VOP_V_CMP_LT_U16, VOP_V_CMP_LE_U16, VOP_V_CMP_GT_U16,
      VOP_V_CMP_GE_U16, VOP_V_CMPX_EQ_U16, VOP_V_CMPX_NE_U16, VOP_V_CMPX_LT_U16, VOP_V_CMPX_LE_U16,
      VOP_V_CMPX_GT_U16, VOP_V_CMPX_GE_U16, VOP_V_MIN_U16, VOP_V_MAX_U16, VOP_V_MIN3_U16,
      VOP_V_MAX3_U16, VOP_V_MED3_U16, VOP_V_MUL_LO_U16, VOP_V_MAD_U16, VOP_V_MAD_U32_U16,
      VOP_V_ADD_NC_U16, VOP_V_SUB_NC_U16, VOP_V_CVT_U32_U16:
        int_ty = TyU16;
      VOP_V_CMP_EQ_I16, VOP_V_CMP_NE_I16, VOP_V_CMP_LT_I16, VOP_V_CMP_LE_I16, VOP_V_CMP_GT_I16,
      VOP_V_CMP_GE_I16, VOP_V_CMPX_EQ_I16, VOP_V_CMPX_NE_I16, VOP_V_CMPX_LT_I16, VOP_V_CMPX_LE_I16,
      VOP_V_CMPX_GT_I16, VOP_V_CMPX_GE_I16, VOP_V_MIN_I16, VOP_V_MAX_I16, VOP_V_MIN3_I16,
      VOP_V_MAX3_I16, VOP_V_MED3_I16, VOP_V_MAD_I16, VOP_V_MAD_I32_I16, VOP_V_ADD_NC_I16,
      VOP_V_SUB_NC_I16, VOP_V_ASHRREV_I16, VOP_V_CVT_I32_I16:
        int_ty = TyI16;
      VOP_V_MUL_U32_U24, VOP_V_MUL_HI_U32_U24, VOP_V_MAD_U32_U24: int_ty = TyU24;
      VOP_V_MUL_I32_I24, VOP_V_MUL_HI_I32_I24, VOP_V_MAD_I32_I24: int_ty = TyI24;
      VOP_V_CMP_EQ_I32, VOP_V_CMP_NE_I32, VOP_V_CMP_LT_I32, VOP_V_CMP_LE_I32, VOP_V_CMP_GT_I32,
      VOP_V_CMP_GE_I32, VOP_V_CMPX_EQ_I32, VOP_V_CMPX_NE_I32, VOP_V_CMPX_LT_I32, VOP_V_CMPX_LE_I32,
      VOP_V_CMPX_GT_I32, VOP_V_CMPX_GE_I32, VOP_V_MIN_I32, VOP_V_MAX_I32, VOP_V_MIN3_I32,
      VOP_V_MAX3_I32, VOP_V_MED3_I32, VOP_V_MINMAX_I32, VOP_V_MAXMIN_I32, VOP_V_MUL_HI_I32,
      VOP_V_MAD_I64_I32, VOP_V_ADD_NC_I32, VOP_V_SUB_NC_I32, VOP_V_ASHRREV_I32, VOP_V_BFE_I32,
      VOP_V_CVT_PK_I16_I32:
        int_ty = TyI32;
      VOP_V_CMP_EQ_U64, VOP_V_CMP_NE_U64, VOP_V_CMP_LT_U64, VOP_V_CMP_LE_U64, VOP_V_CMP_GT_U64,
      VOP_V_CMP_GE_U64, VOP_V_CMPX_EQ_U64, VOP_V_CMPX_NE_U64, VOP_V_CMPX_LT_U64, VOP_V_CMPX_LE_U64,
      VOP_V_CMPX_GT_U64, VOP_V_CMPX_GE_U64, VOP_V_LSHLREV_B64, VOP_V_LSHRREV_B64:
        int_ty = TyU64;
      VOP_V_CMP_EQ_I64, VOP_V_CMP_NE_I64, VOP_V_CMP_LT_I64, VOP_V_CMP_LE_I64, VOP_V_CMP_GT_I64,
      VOP_V_CMP_GE_I64, VOP_V_CMPX_EQ_I64, VOP_V_CMPX_NE_I64, VOP_V_CMPX_LT_I64, VOP_V_CMPX_LE_I64,
      VOP_V_CMPX_GT_I64, VOP_V_CMPX_GE_I64, VOP_V_ASHRREV_I64:
        int_ty = TyI64;
      VOP_V_PK_ADD_U16, VOP_V_PK_SUB_U16, VOP_V_PK_MIN_U16, VOP_V_PK_MAX_U16, VOP_V_PK_MUL_LO_U16,
      VOP_V_PK_MAD_U16, VOP_V_PK_LSHLREV_B16, VOP_V_PK_LSHRREV_B16:
        int_ty = TyPkU16;
      VOP_V_PK_ADD_I16, VOP_V_PK_SUB_I16, VOP_V_PK_MIN_I16, VOP_V_PK_MAX_I16, VOP_V_PK_MAD_I16,
      VOP_V_PK_ASHRREV_I16:
        int_ty = TyPkI16;
      default: ;
    endcase
  endfunction

  // v as a w-bit integer (signed: sgn) extended to 65 bits (a packed pair: its low half).
  function automatic logic [64:0] ext(logic [63:0] v, iw_e w, logic sgn);
    unique case (w)
      W16: ext = { {49{sgn & v[15]}}, v[15:0]};
      W24: ext = { {41{sgn & v[23]}}, v[23:0]};
      W32: ext = { {33{sgn & v[31]}}, v[31:0]};
      default: ext = {sgn & v[63], v};
    endcase
  endfunction

  // ------------------------------------------------------------------------------------------
  // Shapes shared by several rows.

  // A two's-complement value saturated to the 16-bit (32-bit) signed or unsigned range.
  function automatic logic [15:0] sat16(logic [33:0] v, logic sgn);
    if (sgn) sat16 = (v[33:15] == '0 || v[33:15] == '1) ? v[15:0] : (v[33] ? 16'h8000 : 16'h7fff);
    else sat16 = v[33] ? 16'h0000 : (v[32:16] != '0) ? 16'hffff : v[15:0];
  endfunction

  function automatic logic [31:0] sat32(logic [33:0] v, logic sgn);
    if (sgn) sat32 = (v[33:31] == '0 || v[33:31] == '1) ? v[31:0] : (v[33] ? 32'h8000_0000 : 32'h7fff_ffff);
    else sat32 = v[33] ? 32'h0000_0000 : v[32] ? 32'hffff_ffff : v[31:0];
  endfunction

  // v_dot4_*_8 and v_dot8_*_4: S2 plus the sum of the products of S0's and S1's fields (four
  // bytes, or eight nibbles when nib), each field signed when the row is an IU form (iu, whose
  // S2 is signed too) and its source's NEG bit (neg[0] for S0, neg[1] for S1) is set; CLAMP
  // saturates the sum to the destination's range (dot.rs's dot_int).
  function automatic logic [31:0] dot_int(logic [31:0] a, logic [31:0] b, logic [31:0] c, logic nib,
                                          logic iu, logic [1:0] neg, logic clamp);
    logic [33:0]        acc;
    logic signed [8:0]  fa, fb;   // a field, extended by its signedness
    logic signed [33:0] pa, pb;
    acc = { {2{iu & c[31]}}, c};
    for (int i = 0; i < 8; i++) begin
      if (nib) begin
        fa = { {5{iu & neg[0] & a[4*i+3]}}, a[4*i +: 4]};
        fb = { {5{iu & neg[1] & b[4*i+3]}}, b[4*i +: 4]};
      end else begin
        fa = (i < 4) ? {iu & neg[0] & a[8*i+7], a[8*i +: 8]} : 9'sd0;
        fb = (i < 4) ? {iu & neg[1] & b[8*i+7], b[8*i +: 8]} : 9'sd0;
      end
      pa = 34'(fa);
      pb = 34'(fb);
      acc = acc + 34'(pa * pb);
    end
    dot_int = clamp ? sat32(acc, iu) : acc[31:0];
  endfunction

  // A signed 16-bit value saturated to an unsigned byte.
  function automatic logic [7:0] sat_u8(logic [15:0] v);
    sat_u8 = v[15] ? 8'h00 : (v[15:8] != '0) ? 8'hff : v[7:0];
  endfunction

  // A 16-bit value sign- (sgn) or zero-extended to 34 bits.
  function automatic logic [33:0] x16(logic [15:0] v, logic sgn);
    x16 = { {18{sgn & v[15]}}, v};
  endfunction

  // x + y or x - y of 16-bit integers, wrapped, or saturated with CLAMP.
  function automatic logic [15:0] add16(logic [15:0] x, logic [15:0] y, logic sub, logic sgn,
                                        logic clamp);
    logic [33:0] v;
    v = sub ? x16(x, sgn) - x16(y, sgn) : x16(x, sgn) + x16(y, sgn);
    add16 = clamp ? sat16(v, sgn) : v[15:0];
  endfunction

  // A 16x16-bit product (exact, 34 bits) plus z, wrapped, or saturated with CLAMP.
  function automatic logic [15:0] mad16(logic [33:0] p, logic [15:0] z, logic sgn, logic clamp);
    logic [33:0] v;
    v = p + x16(z, sgn);
    mad16 = clamp ? sat16(v, sgn) : v[15:0];
  endfunction

  // 16-bit shifts by n (0..15): left, and right filling with zeros or the sign (sgn).
  function automatic logic [15:0] shl16(logic [15:0] x, logic [3:0] n);
    shl16 = x << n;
  endfunction

  function automatic logic [15:0] shr16(logic [15:0] x, logic [3:0] n, logic sgn);
    shr16 = 16'($signed({sgn & x[15], x}) >>> n);
  endfunction

  // The smaller (or with max, the larger) of two 16-bit integers.
  function automatic logic [15:0] minmax16(logic [15:0] x, logic [15:0] y, logic sgn, logic max);
    logic lt;
    lt = $signed({sgn & x[15], x}) < $signed({sgn & y[15], y});
    minmax16 = (lt ^ max) ? x : y;
  endfunction

  // Ones in the n low bits.
  function automatic logic [31:0] tmask(logic [4:0] n);
    for (int i = 0; i < 32; i++) tmask[i] = i < int'(n);
  endfunction

  function automatic logic [31:0] bitrev(logic [31:0] x);
    for (int i = 0; i < 32; i++) bitrev[i] = x[31 - i];
  endfunction

  // The leading zeros of x, or -1 when x is zero.
  function automatic logic [31:0] lzc(logic [31:0] x);
    lzc = '1;
    for (int i = 0; i < 32; i++) if (x[i]) lzc = 32'(31 - i);
  endfunction

  function automatic logic [31:0] absdiff(logic [31:0] x, logic [31:0] y);
    absdiff = (x > y) ? x - y : y - x;
  endfunction

  // The byte SAD: the sum of the absolute differences of p's and q's bytes; masked, bytes
  // where q is zero count nothing.
  function automatic logic [9:0] sad4(logic [31:0] p, logic [31:0] q, logic masked);
    sad4 = '0;
    for (int i = 0; i < 4; i++) begin
      if (!masked || q[8*i +: 8] != 8'd0) sad4 += 10'(absdiff({24'd0, p[8*i +: 8]}, {24'd0, q[8*i +: 8]}));
    end
  endfunction

  // v_perm_b32's byte select from the eight bytes of v: 0..7 a byte, 8..11 the sign of
  // byte 1, 3, 5, 7 replicated, 12 zero, 13 and above all ones.
  function automatic logic [7:0] perm_byte(logic [63:0] v, logic [7:0] sel);
    if (sel >= 8'd13) perm_byte = 8'hff;
    else if (sel == 8'd12) perm_byte = 8'h00;
    else if (sel >= 8'd8) perm_byte = {8{v[16 * int'(sel[1:0]) + 15]}};
    else perm_byte = v[8 * int'(sel[2:0]) +: 8];
  endfunction

  // v_bfe: the w-bit field at the bottom of x (already shifted down), sign-extended from its
  // top bit when sgn; a zero width gives 0.
  function automatic logic [31:0] bfe(logic [31:0] x, logic [4:0] w, logic sgn);
    logic [31:0] f;
    f = tmask(w);
    bfe = (x & f) | ((sgn && w != 5'd0 && x[w - 5'd1]) ? ~f : 32'd0);
  endfunction

  // ------------------------------------------------------------------------------------------
  // The multiplier: a 33x33-bit signed product of four 17x17-bit signed partial products (the
  // multipliers an FPGA offers are 18x18 or larger). The packed rows use two of them on their
  // own: ll multiplies the low halves and hh the high halves; pk_sgn makes the low halves
  // signed (the high halves' sign comes in x[32] and y[32]).
  typedef struct packed {
    logic [65:0] p;   // x * y
    logic [33:0] ll;  // packed rows: x[15:0] * y[15:0]
    logic [33:0] hh;  // packed rows: x[31:16] * y[31:16]
  } mul_t;

  function automatic mul_t mul33(logic [32:0] x, logic [32:0] y, logic pk_sgn);
    logic signed [16:0] xl, yl, xh, yh;
    logic signed [33:0] ll, lh, hl, hh;
    xl = {pk_sgn & x[15], x[15:0]};
    yl = {pk_sgn & y[15], y[15:0]};
    xh = x[32:16];
    yh = y[32:16];
    ll = xl * yl;
    lh = xl * yh;
    hl = xh * yl;
    hh = xh * yh;
    mul33.p = (66'(hh) << 32) + ((66'(lh) + 66'(hl)) << 16) + 66'(ll);
    mul33.ll = ll;
    mul33.hh = hh;
  endfunction

  // ------------------------------------------------------------------------------------------
  // One lane of the main (or VOPD's X) operation. (VOPD's Y-only operations are in lane_y.)
  function automatic lane_t lane(valu_op_e op, logic [63:0] a, logic [63:0] b, logic [127:0] c,
                                 logic m, logic clamp, logic [1:0] neg, logic [4:0] id);
    ity_t         t;
    logic [64:0]  ka, kb;               // the sources extended by their type
    logic [32:0]  kc;                   // (S2: only for rows of at most 32 bits)
    logic         lt_ab, eq_ab, lt_ac, lt_bc;
    mul_t         mu;
    logic         mad64;
    logic [65:0]  acc;                  // multiply-add
    logic [127:0] sv;                   // shifter input and amount
    logic [6:0]   sn;
    logic [63:0]  sh;
    logic         sad_q16, sad_mask, sad_hi;
    logic [3:0][31:0] sad;              // byte SADs accumulated into S2's fields

    t = int_ty(op);
    ka = ext(a, t.w, t.sgn);
    kb = ext(b, t.w, t.sgn);
    kc = 33'(ext(c[63:0], t.w, t.sgn));

    // Comparators.
    lt_ab = $signed(ka) < $signed(kb);
    eq_ab = ka == kb;
    lt_ac = $signed(ka[32:0]) < $signed(kc);
    lt_bc = $signed(kb[32:0]) < $signed(kc);

    // Multiplier; the multiply-adds add S2, extended by the signedness for
    // v_mad_u64_u32/v_mad_i64_i32; the others keep 32 bits of the sum or less.
    mu = mul33(t.pk ? {t.sgn & a[31], a[31:0]} : ka[32:0],
               t.pk ? {t.sgn & b[31], b[31:0]} : kb[32:0], t.pk & t.sgn);
    mad64 = op inside {VOP_V_MAD_U64_U32, VOP_V_MAD_I64_I32};
    acc = mu.p + (mad64 ? { {2{t.sgn & c[63]}}, c[63:0]} : {34'd0, c[31:0]});

    // Shifter: the low 64 bits of sv >> sn. A left shift of x by n is {x, 0} >> (64 - n).
    sv = '0;
    sn = '0;
    unique case (op)
      // S1 >> S0 (the count's five or six low bits), filling with S1's sign when signed.
      VOP_V_LSHRREV_B32, VOP_V_ASHRREV_I32, VOP_V_LSHRREV_B64, VOP_V_ASHRREV_I64: begin
        sv = { {64{kb[64]}}, kb[63:0]};
        sn = {1'b0, a[5] && t.w == W64, a[4:0]};
      end
      VOP_V_LSHLREV_B32, VOP_V_LSHLREV_B64: begin
        sv = {b, 64'd0};
        sn = 7'd64 - {1'b0, a[5] && t.w == W64, a[4:0]};
      end
      // S0 >> S1[4:0] (signed: arithmetic), then bfe() takes S2[4:0] bits of it.
      VOP_V_BFE_U32, VOP_V_BFE_I32: begin
        sv = { {64{ka[64]}}, ka[63:0]};
        sn = {2'd0, b[4:0]};
      end
      // {S0, S1} >> S2[4:0] bits or S2[1:0] bytes.
      VOP_V_ALIGNBIT_B32, VOP_V_ALIGNBYTE_B32: begin
        sv = {64'd0, a[31:0], b[31:0]};
        sn = (op == VOP_V_ALIGNBIT_B32) ? {2'd0, c[4:0]} : {2'd0, c[1:0], 3'd0};
      end
      // The left shift before an add or an or, after an add, and of a mask.
      VOP_V_LSHL_ADD_U32, VOP_V_LSHL_OR_B32: begin
        sv = {32'd0, a[31:0], 64'd0};
        sn = 7'd64 - {2'd0, b[4:0]};
      end
      VOP_V_ADD_LSHL_U32: begin
        sv = {32'd0, a[31:0] + b[31:0], 64'd0};
        sn = 7'd64 - {2'd0, c[4:0]};
      end
      VOP_V_BFM_B32: begin
        sv = {32'd0, tmask(a[4:0]), 64'd0};
        sn = 7'd64 - {2'd0, b[4:0]};
      end
      default: ;
    endcase
    sh = 64'(sv >> sn);

    // Byte-SAD unit: the SADs of S0's byte windows at offsets 0..3 against S1, each added to
    // a field of S2: 16-bit fields for the packed quad SADs, 32-bit ones otherwise;
    // v_sad_hi_u8 adds its SAD shifted up 16 bits.
    sad_q16 = op inside {VOP_V_QSAD_PK_U16_U8, VOP_V_MQSAD_PK_U16_U8};
    sad_mask = op inside {VOP_V_MSAD_U8, VOP_V_MQSAD_PK_U16_U8, VOP_V_MQSAD_U32_U8};
    sad_hi = op == VOP_V_SAD_HI_U8;
    for (int k = 0; k < 4; k++) begin
      logic [9:0] s;
      s = sad4(a[8*k +: 32], b[31:0], sad_mask);
      sad[k] = (sad_q16 ? {16'd0, c[16*k +: 16]} : c[32*k +: 32]) +
               ((k == 0 && sad_hi) ? {6'd0, s, 16'd0} : {22'd0, s});
    end

    lane = '0;
    lane.ok = 1'b1;
    unique case (op)
      // v_permlane64_b32 swaps the halves of a wave64; in wave32 it does nothing (the compute
      // unit writes no destination for it).
      VOP_V_NOP, VOP_V_PIPEFLUSH, VOP_V_PERMLANE64_B32: ;
      // Moves; the compute unit has already picked the lane (permutes), the register
      // (M0-relative moves) and the lanes written (v_writelane_b32).
      VOP_V_MOV_B32, VOP_V_DUAL_MOV_B32, VOP_V_MOV_B16, VOP_V_PERMLANE16_B32, VOP_V_PERMLANEX16_B32,
      VOP_V_MOVRELS_B32, VOP_V_MOVRELD_B32, VOP_V_MOVRELSD_B32, VOP_V_MOVRELSD_2_B32,
      VOP_V_WRITELANE_B32:
        lane.d[31:0] = a[31:0];
      VOP_V_CNDMASK_B32, VOP_V_DUAL_CNDMASK_B32, VOP_V_CNDMASK_B16:
        lane.d[31:0] = m ? b[31:0] : a[31:0];

      // ---- Adds and subtracts ----------------------------------------------------------------
      // 32 bits: S0 + S1 + carry-in, or the minuend minus the subtrahend minus the borrow-in,
      // exactly; carry (borrow) out when that leaves [0, 2^32); CLAMP saturates (signed rows:
      // to the i32 range). One adder: a subtract adds the inverted subtrahend.
      VOP_V_ADD_NC_U32, VOP_V_ADD_NC_I32, VOP_V_ADD_CO_U32, VOP_V_ADD_CO_CI_U32, VOP_V_SUB_NC_U32, VOP_V_SUB_NC_I32, VOP_V_SUB_CO_U32,
      VOP_V_SUB_CO_CI_U32, VOP_V_SUBREV_NC_U32, VOP_V_SUBREV_CO_U32, VOP_V_SUBREV_CO_CI_U32: begin
        logic        rev, sub, cin;
        logic [33:0] p, q, s;
        rev = op inside {VOP_V_SUBREV_NC_U32, VOP_V_SUBREV_CO_U32, VOP_V_SUBREV_CO_CI_U32};
        sub = rev || op inside {VOP_V_SUB_NC_U32, VOP_V_SUB_NC_I32, VOP_V_SUB_CO_U32, VOP_V_SUB_CO_CI_U32};
        cin = m && op inside {VOP_V_ADD_CO_CI_U32, VOP_V_SUB_CO_CI_U32, VOP_V_SUBREV_CO_CI_U32};
        p = rev ? kb[33:0] : ka[33:0];
        q = rev ? ka[33:0] : kb[33:0];
        s = p + (sub ? ~q : q) + {33'd0, cin ^ sub};
        lane.d[31:0] = clamp ? sat32(s, t.sgn) : s[31:0];
        lane.m = s[33:32] != 2'b00;
      end
      // 16 bits, wrapping or saturating with CLAMP.
      VOP_V_ADD_NC_U16, VOP_V_ADD_NC_I16: lane.d[15:0] = add16(a[15:0], b[15:0], 1'b0, t.sgn, clamp);
      VOP_V_SUB_NC_U16, VOP_V_SUB_NC_I16: lane.d[15:0] = add16(a[15:0], b[15:0], 1'b1, t.sgn, clamp);
      VOP_V_PK_ADD_U16, VOP_V_PK_ADD_I16:
        lane.d[31:0] = {add16(a[31:16], b[31:16], 1'b0, t.sgn, clamp), add16(a[15:0], b[15:0], 1'b0, t.sgn, clamp)};
      VOP_V_PK_SUB_U16, VOP_V_PK_SUB_I16:
        lane.d[31:0] = {add16(a[31:16], b[31:16], 1'b1, t.sgn, clamp), add16(a[15:0], b[15:0], 1'b1, t.sgn, clamp)};
      VOP_V_ADD3_U32: lane.d[31:0] = a[31:0] + b[31:0] + c[31:0];
      VOP_V_XAD_U32: lane.d[31:0] = (a[31:0] ^ b[31:0]) + c[31:0];

      // ---- Multiplies (CLAMP only where the golden model applies it) -------------------------
      VOP_V_MUL_LO_U32, VOP_V_MUL_U32_U24, VOP_V_MUL_I32_I24, VOP_V_MUL_LO_U16:
        lane.d[31:0] = mu.p[31:0];
      VOP_V_MUL_HI_U32, VOP_V_MUL_HI_I32, VOP_V_MUL_HI_U32_U24, VOP_V_MUL_HI_I32_I24:
        lane.d[31:0] = mu.p[63:32];
      VOP_V_MAD_U32_U24, VOP_V_MAD_I32_I24, VOP_V_MAD_U32_U16, VOP_V_MAD_I32_I16:
        lane.d[31:0] = acc[31:0];
      VOP_V_MAD_U16, VOP_V_MAD_I16: lane.d[15:0] = mad16(mu.p[33:0], c[15:0], t.sgn, clamp);
      // The 64-bit multiply-adds: carry out is the unsigned carry, or for the signed row the
      // signed overflow (the exact sum does not fit an i64: the golden model's choice, where
      // the guide's pseudocode gives bit 64 of the 65-bit sum); CLAMP saturates on it, the
      // signed row to the bound of the product's sign (S0's sign xor S1's).
      VOP_V_MAD_U64_U32, VOP_V_MAD_I64_I32: begin
        logic over;
        over = t.sgn ? !(acc[65:63] inside {3'b000, 3'b111}) : acc[64];
        lane.m = over;
        lane.d[63:0] = acc[63:0];
        if (clamp && over) begin
          lane.d[63:0] = !t.sgn ? '1 : (a[31] ^ b[31]) ? 64'h8000_0000_0000_0000 : 64'h7fff_ffff_ffff_ffff;
        end
      end
      VOP_V_PK_MUL_LO_U16: lane.d[31:0] = {mu.hh[15:0], mu.ll[15:0]};
      VOP_V_PK_MAD_U16, VOP_V_PK_MAD_I16:
        lane.d[31:0] = {mad16(mu.hh, c[31:16], t.sgn, clamp), mad16(mu.ll, c[15:0], t.sgn, clamp)};

      // ---- Bitwise logic ---------------------------------------------------------------------
      VOP_V_AND_B32, VOP_V_AND_B16: lane.d[31:0] = a[31:0] & b[31:0];
      VOP_V_OR_B32, VOP_V_OR_B16: lane.d[31:0] = a[31:0] | b[31:0];
      VOP_V_XOR_B32, VOP_V_XOR_B16: lane.d[31:0] = a[31:0] ^ b[31:0];
      VOP_V_XNOR_B32: lane.d[31:0] = ~(a[31:0] ^ b[31:0]);
      VOP_V_NOT_B32, VOP_V_NOT_B16: lane.d[31:0] = ~a[31:0];
      VOP_V_AND_OR_B32: lane.d[31:0] = (a[31:0] & b[31:0]) | c[31:0];
      VOP_V_OR3_B32: lane.d[31:0] = a[31:0] | b[31:0] | c[31:0];
      VOP_V_XOR3_B32: lane.d[31:0] = a[31:0] ^ b[31:0] ^ c[31:0];
      VOP_V_BFI_B32: lane.d[31:0] = (a[31:0] & b[31:0]) | (~a[31:0] & c[31:0]);

      // ---- Shifts, bitfields, align (the shifter) ----------------------------------------------
      VOP_V_LSHLREV_B32, VOP_V_LSHLREV_B64, VOP_V_LSHRREV_B32, VOP_V_LSHRREV_B64,
      VOP_V_ASHRREV_I32, VOP_V_ASHRREV_I64, VOP_V_ALIGNBIT_B32, VOP_V_ALIGNBYTE_B32,
      VOP_V_ADD_LSHL_U32, VOP_V_BFM_B32:
        lane.d[63:0] = sh;
      VOP_V_LSHL_ADD_U32: lane.d[31:0] = sh[31:0] + c[31:0];
      VOP_V_LSHL_OR_B32: lane.d[31:0] = sh[31:0] | c[31:0];
      VOP_V_BFE_U32, VOP_V_BFE_I32: lane.d[31:0] = bfe(sh[31:0], c[4:0], t.sgn);
      // 16-bit shifts: the count's four low bits.
      VOP_V_LSHLREV_B16: lane.d[15:0] = shl16(b[15:0], a[3:0]);
      VOP_V_LSHRREV_B16, VOP_V_ASHRREV_I16: lane.d[15:0] = shr16(b[15:0], a[3:0], t.sgn);
      VOP_V_PK_LSHLREV_B16: lane.d[31:0] = {shl16(b[31:16], a[19:16]), shl16(b[15:0], a[3:0])};
      VOP_V_PK_LSHRREV_B16, VOP_V_PK_ASHRREV_I16:
        lane.d[31:0] = {shr16(b[31:16], a[19:16], t.sgn), shr16(b[15:0], a[3:0], t.sgn)};

      // ---- Bit counts and permutes -----------------------------------------------------------
      VOP_V_BCNT_U32_B32: lane.d[31:0] = 32'($countones(a[31:0])) + b[31:0];
      VOP_V_MBCNT_LO_U32_B32: lane.d[31:0] = 32'($countones(a[31:0] & tmask(id))) + b[31:0];
      // Wave32: the lanes below this one in S0[63:32] are none.
      VOP_V_MBCNT_HI_U32_B32: lane.d[31:0] = b[31:0];
      VOP_V_BFREV_B32: lane.d[31:0] = bitrev(a[31:0]);
      // One leading-zero counter: ctz counts the reversed bits, cls the bits after inverting
      // a negative value.
      VOP_V_CLZ_I32_U32, VOP_V_CTZ_I32_B32, VOP_V_CLS_I32:
        lane.d[31:0] = lzc((op == VOP_V_CTZ_I32_B32) ? bitrev(a[31:0]) :
                           (op == VOP_V_CLS_I32 && a[31]) ? ~a[31:0] : a[31:0]);
      VOP_V_PERM_B32: begin
        for (int i = 0; i < 4; i++) lane.d[8*i +: 8] = perm_byte({a[31:0], b[31:0]}, c[8*i +: 8]);
      end

      // ---- Min, max, median ------------------------------------------------------------------
      VOP_V_MIN_I32, VOP_V_MIN_U32, VOP_V_MIN_I16, VOP_V_MIN_U16:
        lane.d[31:0] = lt_ab ? a[31:0] : b[31:0];
      VOP_V_MAX_I32, VOP_V_MAX_U32, VOP_V_MAX_I16, VOP_V_MAX_U16:
        lane.d[31:0] = lt_ab ? b[31:0] : a[31:0];
      VOP_V_MIN3_I32, VOP_V_MIN3_U32, VOP_V_MIN3_I16, VOP_V_MIN3_U16:
        lane.d[31:0] = lt_ab ? (lt_ac ? a[31:0] : c[31:0]) : (lt_bc ? b[31:0] : c[31:0]);
      VOP_V_MAX3_I32, VOP_V_MAX3_U32, VOP_V_MAX3_I16, VOP_V_MAX3_U16:
        lane.d[31:0] = lt_ab ? (lt_bc ? c[31:0] : b[31:0]) : (lt_ac ? c[31:0] : a[31:0]);
      VOP_V_MED3_I32, VOP_V_MED3_U32, VOP_V_MED3_I16, VOP_V_MED3_U16:
        lane.d[31:0] = lt_ab ? (lt_bc ? b[31:0] : lt_ac ? c[31:0] : a[31:0]) :
                               (lt_ac ? a[31:0] : lt_bc ? c[31:0] : b[31:0]);
      // min(max(S0, S1), S2) and max(min(S0, S1), S2).
      VOP_V_MAXMIN_I32, VOP_V_MAXMIN_U32:
        lane.d[31:0] = lt_ab ? (lt_bc ? b[31:0] : c[31:0]) : (lt_ac ? a[31:0] : c[31:0]);
      VOP_V_MINMAX_I32, VOP_V_MINMAX_U32:
        lane.d[31:0] = lt_ab ? (lt_ac ? c[31:0] : a[31:0]) : (lt_bc ? c[31:0] : b[31:0]);
      VOP_V_PK_MIN_I16, VOP_V_PK_MIN_U16:
        lane.d[31:0] = {minmax16(a[31:16], b[31:16], t.sgn, 1'b0), minmax16(a[15:0], b[15:0], t.sgn, 1'b0)};
      VOP_V_PK_MAX_I16, VOP_V_PK_MAX_U16:
        lane.d[31:0] = {minmax16(a[31:16], b[31:16], t.sgn, 1'b1), minmax16(a[15:0], b[15:0], t.sgn, 1'b1)};

      // ---- Conversions -----------------------------------------------------------------------
      VOP_V_CVT_I32_I16, VOP_V_CVT_U32_U16: lane.d[31:0] = ka[31:0];
      VOP_V_CVT_PK_I16_I32, VOP_V_CVT_PK_U16_U32:
        lane.d[31:0] = {sat16(kb[33:0], t.sgn), sat16(ka[33:0], t.sgn)};
      VOP_V_SAT_PK_U8_I16: lane.d[15:0] = {sat_u8(a[31:16]), sat_u8(a[15:0])};
      // Two F16 halves (OPSEL, ABS and NEG applied by the operand collector) in one dword.
      VOP_V_PACK_B32_F16: lane.d[31:0] = {b[15:0], a[15:0]};

      // ---- Byte arithmetic and SADs ----------------------------------------------------------
      // Per byte: (S0 + S1 + S2's bit 0) / 2.
      VOP_V_LERP_U8: begin
        for (int i = 0; i < 4; i++) begin
          lane.d[8*i +: 8] = 8'(({1'b0, a[8*i +: 8]} + {1'b0, b[8*i +: 8]} + {8'd0, c[8*i]}) >> 1);
        end
      end
      VOP_V_SAD_U8, VOP_V_MSAD_U8, VOP_V_SAD_HI_U8: lane.d[31:0] = sad[0];
      // The integer dot products (VOP3P; NEG gives the IU forms' signedness).
      VOP_V_DOT4_I32_IU8: lane.d[31:0] = dot_int(a[31:0], b[31:0], c[31:0], 1'b0, 1'b1, neg, clamp);
      VOP_V_DOT4_U32_U8: lane.d[31:0] = dot_int(a[31:0], b[31:0], c[31:0], 1'b0, 1'b0, neg, clamp);
      VOP_V_DOT8_I32_IU4: lane.d[31:0] = dot_int(a[31:0], b[31:0], c[31:0], 1'b1, 1'b1, neg, clamp);
      VOP_V_DOT8_U32_U4: lane.d[31:0] = dot_int(a[31:0], b[31:0], c[31:0], 1'b1, 1'b0, neg, clamp);
      VOP_V_QSAD_PK_U16_U8, VOP_V_MQSAD_PK_U16_U8: begin
        for (int k = 0; k < 4; k++) lane.d[16*k +: 16] = sad[k][15:0];
      end
      VOP_V_MQSAD_U32_U8: lane.d = sad;
      VOP_V_SAD_U16:
        lane.d[31:0] = c[31:0] + absdiff({16'd0, a[15:0]}, {16'd0, b[15:0]}) +
                       absdiff({16'd0, a[31:16]}, {16'd0, b[31:16]});
      VOP_V_SAD_U32: lane.d[31:0] = absdiff(a[31:0], b[31:0]) + c[31:0];

      // ---- Compares (the comparator, at the row's type) ------------------------------------
      VOP_V_CMP_F_I32, VOP_V_CMP_F_U32, VOP_V_CMP_F_I64, VOP_V_CMP_F_U64, VOP_V_CMPX_F_I32,
      VOP_V_CMPX_F_U32, VOP_V_CMPX_F_I64, VOP_V_CMPX_F_U64:
        lane.m = 1'b0;
      VOP_V_CMP_T_I32, VOP_V_CMP_T_U32, VOP_V_CMP_T_I64, VOP_V_CMP_T_U64, VOP_V_CMPX_T_I32,
      VOP_V_CMPX_T_U32, VOP_V_CMPX_T_I64, VOP_V_CMPX_T_U64:
        lane.m = 1'b1;
      VOP_V_CMP_LT_I16, VOP_V_CMP_LT_U16, VOP_V_CMP_LT_I32, VOP_V_CMP_LT_U32, VOP_V_CMP_LT_I64,
      VOP_V_CMP_LT_U64, VOP_V_CMPX_LT_I16, VOP_V_CMPX_LT_U16, VOP_V_CMPX_LT_I32, VOP_V_CMPX_LT_U32,
      VOP_V_CMPX_LT_I64, VOP_V_CMPX_LT_U64:
        lane.m = lt_ab;
      VOP_V_CMP_EQ_I16, VOP_V_CMP_EQ_U16, VOP_V_CMP_EQ_I32, VOP_V_CMP_EQ_U32, VOP_V_CMP_EQ_I64,
      VOP_V_CMP_EQ_U64, VOP_V_CMPX_EQ_I16, VOP_V_CMPX_EQ_U16, VOP_V_CMPX_EQ_I32, VOP_V_CMPX_EQ_U32,
      VOP_V_CMPX_EQ_I64, VOP_V_CMPX_EQ_U64:
        lane.m = eq_ab;
      VOP_V_CMP_LE_I16, VOP_V_CMP_LE_U16, VOP_V_CMP_LE_I32, VOP_V_CMP_LE_U32, VOP_V_CMP_LE_I64,
      VOP_V_CMP_LE_U64, VOP_V_CMPX_LE_I16, VOP_V_CMPX_LE_U16, VOP_V_CMPX_LE_I32, VOP_V_CMPX_LE_U32,
      VOP_V_CMPX_LE_I64, VOP_V_CMPX_LE_U64:
        lane.m = lt_ab || eq_ab;
      VOP_V_CMP_GT_I16, VOP_V_CMP_GT_U16, VOP_V_CMP_GT_I32, VOP_V_CMP_GT_U32, VOP_V_CMP_GT_I64,
      VOP_V_CMP_GT_U64, VOP_V_CMPX_GT_I16, VOP_V_CMPX_GT_U16, VOP_V_CMPX_GT_I32, VOP_V_CMPX_GT_U32,
      VOP_V_CMPX_GT_I64, VOP_V_CMPX_GT_U64:
        lane.m = !(lt_ab || eq_ab);
      VOP_V_CMP_NE_I16, VOP_V_CMP_NE_U16, VOP_V_CMP_NE_I32, VOP_V_CMP_NE_U32, VOP_V_CMP_NE_I64,
      VOP_V_CMP_NE_U64, VOP_V_CMPX_NE_I16, VOP_V_CMPX_NE_U16, VOP_V_CMPX_NE_I32, VOP_V_CMPX_NE_U32,
      VOP_V_CMPX_NE_I64, VOP_V_CMPX_NE_U64:
        lane.m = !eq_ab;
      VOP_V_CMP_GE_I16, VOP_V_CMP_GE_U16, VOP_V_CMP_GE_I32, VOP_V_CMP_GE_U32, VOP_V_CMP_GE_I64,
      VOP_V_CMP_GE_U64, VOP_V_CMPX_GE_I16, VOP_V_CMPX_GE_U16, VOP_V_CMPX_GE_I32, VOP_V_CMPX_GE_U32,
      VOP_V_CMPX_GE_I64, VOP_V_CMPX_GE_U64:
        lane.m = !lt_ab;
      default: lane.ok = 1'b0;
    endcase
  endfunction

  // One lane of VOPD's Y half: the VOPD operations (all 32-bit).
  function automatic lane_t lane_y(valu_op_e op, logic [31:0] a, logic [31:0] b, logic m);
    lane_y = '0;
    lane_y.ok = 1'b1;
    unique case (op)
      VOP_NONE: ;
      VOP_V_DUAL_MOV_B32: lane_y.d[31:0] = a;
      VOP_V_DUAL_CNDMASK_B32: lane_y.d[31:0] = m ? b : a;
      VOP_V_DUAL_ADD_NC_U32: lane_y.d[31:0] = a + b;
      VOP_V_DUAL_LSHLREV_B32: lane_y.d[31:0] = b << a[4:0];
      VOP_V_DUAL_AND_B32: lane_y.d[31:0] = a & b;
      default: lane_y.ok = 1'b0;
    endcase
  endfunction

  logic [NumLanes-1:0] ok, ok_y;

  // The packed F16 rows: the high half on the Y half's F32 unit.
  logic pk16;
  always_comb begin
    unique case (op_i)
      VOP_V_PK_FMA_F16, VOP_V_PK_ADD_F16, VOP_V_PK_MUL_F16, VOP_V_PK_MIN_F16, VOP_V_PK_MAX_F16,
      VOP_V_PK_FMAC_F16:
        pk16 = 1'b1;
      default: pk16 = 1'b0;
    endcase
  end

  // The F64 unit (cu_fp64): one for all the lanes, a lane a cycle; its operations leave
  // lane()'s and cu_fp32's ok low.
  logic                      f64_ok;
  logic [NumLanes-1:0]       f64_m;
  logic [NumLanes-1:0][63:0] f64_a, f64_b, f64_c, f64_d;
  for (genvar l = 0; l < NumLanes; l++) begin : gen_f64_src
    assign f64_a[l] = a_i[l];
    assign f64_b[l] = b_i[l];
    assign f64_c[l] = c_i[l][63:0];
  end

  cu_fp64 #(.NumLanes(NumLanes)) u_fp64 (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .start_i(start_i),
    .op_i   (op_i),
    .mode_i (mode_i),
    .omod_i (omod_i),
    .clamp_i(clamp_i),
    .a_i    (f64_a),
    .b_i    (f64_b),
    .c_i    (f64_c),
    .m_i    (m_i),
    .ok_o   (f64_ok),
    .d_o    (f64_d),
    .m_o    (f64_m)
  );

  for (genvar l = 0; l < NumLanes; l++) begin : gen_lane
    lane_t r, ry;
    logic unused_ry;
    assign unused_ry = ^ry;
    // Nothing to compute while no vector instruction is here (a cheaper simulation).
    lane_t ri;
    logic        fp_ok, fp_m;
    logic [31:0] fp_d;
    logic        fpy_ok, fpy_m;
    logic [31:0] fpy_d;

    // The F32 unit (cu_fp32): its operations leave lane()'s ok low.
    cu_fp32 #(.Stages(FpStages)) u_fp32 (
      .clk_i  (clk_i),
      .rst_ni (rst_ni),
      .start_i(start_i),
      .op_i   (op_i),
      .mode_i (mode_i),
      .omod_i (omod_i),
      .clamp_i(clamp_i),
      .a_i    (a_i[l][31:0]),
      .b_i    (b_i[l][31:0]),
      .c_i    (c_i[l][31:0]),
      .m_i    (m_i[l]),
      .mix_i  (mix_i),
      .ok_o   (fp_ok),
      .d_o    (fp_d),
      .m_o    (fp_m)
    );

    // VOPD's Y half's F32 unit: no modifiers, no mask; or a packed F16 row's high half.
    cu_fp32 #(.Stages(FpStages), .Dual(1'b1)) u_fp32_y (
      .clk_i  (clk_i),
      .rst_ni (rst_ni),
      .start_i(start_i),
      .op_i   (pk16 ? op_i : op_y_i),
      .mode_i (mode_i),
      .omod_i (2'd0),
      .clamp_i(pk16 && clamp_i),
      .a_i    (pk16 ? {16'd0, a_i[l][31:16]} : ya_i[l]),
      .b_i    (pk16 ? {16'd0, b_i[l][31:16]} : yb_i[l]),
      .c_i    (pk16 ? {16'd0, c_i[l][31:16]} : yc_i[l]),
      .m_i    (1'b0),
      .mix_i  (12'd0),
      .ok_o   (fpy_ok),
      .d_o    (fpy_d),
      .m_o    (fpy_m)
    );
    logic unused_fpy_m;
    assign unused_fpy_m = fpy_m;

    always_comb begin
      ri = (op_i == VOP_NONE) ? '{ok: 1'b0, d: '0, m: 1'b0} :
                                lane(op_i, a_i[l], b_i[l], c_i[l], m_i[l], clamp_i, mix_i[7:6],
                                     lane0_i + 5'(l));
      r = f64_ok ? '{ok: 1'b1, d: {64'd0, f64_d[l]}, m: f64_m[l]} :
          (fp_ok && pk16) ? '{ok: fpy_ok, d: {96'd0, fpy_d[15:0], fp_d[15:0]}, m: 1'b0} :
          fp_ok ? '{ok: 1'b1, d: {96'd0, fp_d}, m: fp_m} : ri;
      ry = (op_y_i == VOP_NONE) ? '{ok: 1'b1, d: '0, m: 1'b0} :
           fpy_ok ? '{ok: 1'b1, d: {96'd0, fpy_d}, m: 1'b0} : lane_y(op_y_i, ya_i[l], yb_i[l], m_i[l]);
    end
    assign d_o[l] = r.d;
    assign m_o[l] = r.m;
    assign yd_o[l] = ry.d[31:0];
    assign ok[l] = r.ok;
    assign ok_y[l] = ry.ok;
  end

  // Every lane agrees on whether it knows the operation; lane 0 says so.
  assign valid_o = ok[0] && ok_y[0];

  // Lanes other than the first say the same; sources no operation reads in full.
  logic unused_lanes;
  assign unused_lanes = ^{ok, ok_y, a_i, b_i, c_i, lane0_i};

endmodule
