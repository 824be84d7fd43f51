{{ header }}
// Scalar ALU: the data operations of SOP1, SOP2, SOPK and SOPC, written from the guide's
// pseudocode (chapter 16). Purely combinational; the compute unit reads the operands, decides
// which destination is writable, and commits the results.
module cu_salu
  import cu_pkg::*;
(
  input  op_e         op_i,
  input  logic [63:0] s0_i,      // SSRC0 (32-bit operations use bits 31:0)
  input  logic [63:0] s1_i,      // SSRC1
  input  logic [63:0] d_i,       // the destination's value, for instructions that read it
  input  logic [15:0] simm16_i,
  input  logic [31:0] literal_i,
  input  logic        scc_i,
  input  logic [63:0] exec_i,
  input  logic [31:0] mode_i,
  output logic        valid_o,   // op_i is an operation of this unit
  output logic [63:0] d_o,
  output logic        d_we_o,    // the destination is written (not for a false s_cmov)
  output logic        scc_o,
  output logic        scc_we_o,
  output logic [63:0] exec_o,
  output logic [1:0]  exec_we_o,  // EXEC dwords written (lo, hi)
  output logic [31:0] mode_o,
  output logic        mode_we_o,
  output logic        hwreg_bad_o  // s_getreg/s_setreg of a hardware register other than MODE
);

  // MODE bits a shader may write and the id of HW_REG_MODE are cu_pkg's ModeWritable and
  // HwRegMode, from the ISA crate.

  logic [31:0] a, b, dl;
  logic [63:0] a64, b64;
  logic [31:0] k_sext;      // SIMM16 sign-extended
  logic [32:0] sum33;
  logic [36:0] sum37;     // (S0 << 4) + S1 needs 37 bits
  logic [31:0] r32;
  logic [63:0] r64;
  logic [6:0]  width;
  logic [63:0] mask64;
  logic [4:0]  hw_off;
  logic [5:0]  hw_size;     // 1..32
  logic [31:0] hw_mask;

  assign a = s0_i[31:0];
  assign b = s1_i[31:0];
  assign a64 = s0_i;
  assign b64 = s1_i;
  assign dl = d_i[31:0];
  assign k_sext = { {16{simm16_i[15]}}, simm16_i};
  assign hw_off = simm16_i[10:6];
  assign hw_size = {1'b0, simm16_i[15:11]} + 6'd1;
  assign hw_mask = (hw_size == 6'd32) ? 32'hffff_ffff : ((32'd1 << hw_size) - 32'd1);

  always_comb begin
    valid_o = 1'b1;
    d_o = 64'd0;
    d_we_o = 1'b1;
    scc_o = scc_i;
    scc_we_o = 1'b0;
    exec_o = exec_i;
    exec_we_o = 2'b00;
    mode_o = mode_i;
    mode_we_o = 1'b0;
    hwreg_bad_o = 1'b0;
    sum33 = 33'd0;
    sum37 = 37'd0;
    r32 = 32'd0;
    r64 = 64'd0;
    width = 7'd0;
    mask64 = 64'd0;

    unique case (op_i)
      // ---- SOP2: add and subtract --------------------------------------------------------
      OP_S_ADD_U32: begin
        sum33 = {1'b0, a} + {1'b0, b};
        d_o[31:0] = sum33[31:0];
        scc_o = sum33[32];
        scc_we_o = 1'b1;
      end
      OP_S_SUB_U32: begin
        d_o[31:0] = a - b;
        scc_o = b > a;
        scc_we_o = 1'b1;
      end
      OP_S_ADD_I32: begin
        r32 = a + b;
        d_o[31:0] = r32;
        scc_o = (a[31] == b[31]) && (a[31] != r32[31]);
        scc_we_o = 1'b1;
      end
      OP_S_SUB_I32: begin
        r32 = a - b;
        d_o[31:0] = r32;
        scc_o = (a[31] != b[31]) && (a[31] != r32[31]);
        scc_we_o = 1'b1;
      end
      OP_S_ADDC_U32: begin
        sum33 = {1'b0, a} + {1'b0, b} + {32'd0, scc_i};
        d_o[31:0] = sum33[31:0];
        scc_o = sum33[32];
        scc_we_o = 1'b1;
      end
      OP_S_SUBB_U32: begin
        d_o[31:0] = a - b - {31'd0, scc_i};
        scc_o = ({1'b0, b} + {32'd0, scc_i}) > {1'b0, a};
        scc_we_o = 1'b1;
      end
      OP_S_ABSDIFF_I32: begin
        r32 = a - b;
        d_o[31:0] = r32[31] ? -r32 : r32;
        scc_o = d_o[31:0] != 32'd0;
        scc_we_o = 1'b1;
      end
      OP_S_LSHL1_ADD_U32, OP_S_LSHL2_ADD_U32, OP_S_LSHL3_ADD_U32, OP_S_LSHL4_ADD_U32: begin
        unique case (op_i)
          OP_S_LSHL1_ADD_U32: sum37 = {5'd0, a} << 1;
          OP_S_LSHL2_ADD_U32: sum37 = {5'd0, a} << 2;
          OP_S_LSHL3_ADD_U32: sum37 = {5'd0, a} << 3;
          default:            sum37 = {5'd0, a} << 4;
        endcase
        sum37 = sum37 + {5'd0, b};
        d_o[31:0] = sum37[31:0];
        scc_o = sum37[36:32] != 5'd0;
        scc_we_o = 1'b1;
      end

      // ---- SOP2: shifts ------------------------------------------------------------------
      OP_S_LSHL_B32: begin
        d_o[31:0] = a << b[4:0];
        scc_o = d_o[31:0] != 32'd0;
        scc_we_o = 1'b1;
      end
      OP_S_LSHL_B64: begin
        d_o = a64 << b[5:0];
        scc_o = d_o != 64'd0;
        scc_we_o = 1'b1;
      end
      OP_S_LSHR_B32: begin
        d_o[31:0] = a >> b[4:0];
        scc_o = d_o[31:0] != 32'd0;
        scc_we_o = 1'b1;
      end
      OP_S_LSHR_B64: begin
        d_o = a64 >> b[5:0];
        scc_o = d_o != 64'd0;
        scc_we_o = 1'b1;
      end
      OP_S_ASHR_I32: begin
        d_o[31:0] = $unsigned($signed(a) >>> b[4:0]);
        scc_o = d_o[31:0] != 32'd0;
        scc_we_o = 1'b1;
      end
      OP_S_ASHR_I64: begin
        d_o = $unsigned($signed(a64) >>> b[5:0]);
        scc_o = d_o != 64'd0;
        scc_we_o = 1'b1;
      end

      // ---- SOP2: minimum and maximum -----------------------------------------------------
      OP_S_MIN_I32: begin
        scc_o = $signed(a) < $signed(b);
        d_o[31:0] = scc_o ? a : b;
        scc_we_o = 1'b1;
      end
      OP_S_MIN_U32: begin
        scc_o = a < b;
        d_o[31:0] = scc_o ? a : b;
        scc_we_o = 1'b1;
      end
      OP_S_MAX_I32: begin
        scc_o = $signed(a) > $signed(b);
        d_o[31:0] = scc_o ? a : b;
        scc_we_o = 1'b1;
      end
      OP_S_MAX_U32: begin
        scc_o = a > b;
        d_o[31:0] = scc_o ? a : b;
        scc_we_o = 1'b1;
      end

      // ---- SOP2: bitwise logic; SCC = result != 0 ----------------------------------------
      OP_S_AND_B32, OP_S_OR_B32, OP_S_XOR_B32, OP_S_NAND_B32, OP_S_NOR_B32, OP_S_XNOR_B32,
      OP_S_AND_NOT1_B32, OP_S_OR_NOT1_B32: begin
        unique case (op_i)
          OP_S_AND_B32:      r32 = a & b;
          OP_S_OR_B32:       r32 = a | b;
          OP_S_XOR_B32:      r32 = a ^ b;
          OP_S_NAND_B32:     r32 = ~(a & b);
          OP_S_NOR_B32:      r32 = ~(a | b);
          OP_S_XNOR_B32:     r32 = ~(a ^ b);
          OP_S_AND_NOT1_B32: r32 = a & ~b;
          default:           r32 = a | ~b;
        endcase
        d_o[31:0] = r32;
        scc_o = r32 != 32'd0;
        scc_we_o = 1'b1;
      end
      OP_S_AND_B64, OP_S_OR_B64, OP_S_XOR_B64, OP_S_NAND_B64, OP_S_NOR_B64, OP_S_XNOR_B64,
      OP_S_AND_NOT1_B64, OP_S_OR_NOT1_B64: begin
        unique case (op_i)
          OP_S_AND_B64:      r64 = a64 & b64;
          OP_S_OR_B64:       r64 = a64 | b64;
          OP_S_XOR_B64:      r64 = a64 ^ b64;
          OP_S_NAND_B64:     r64 = ~(a64 & b64);
          OP_S_NOR_B64:      r64 = ~(a64 | b64);
          OP_S_XNOR_B64:     r64 = ~(a64 ^ b64);
          OP_S_AND_NOT1_B64: r64 = a64 & ~b64;
          default:           r64 = a64 | ~b64;
        endcase
        d_o = r64;
        scc_o = r64 != 64'd0;
        scc_we_o = 1'b1;
      end

      // ---- SOP2: bit fields --------------------------------------------------------------
      // Offset S1[4:0] ([5:0] for 64 bits), width S1[22:16]; widths at or above the operand
      // size select every bit.
      OP_S_BFE_U32: begin
        width = b[22:16];
        mask64 = (width >= 7'd32) ? 64'hffff_ffff : ((64'd1 << width) - 64'd1);
        r32 = (a >> b[4:0]) & mask64[31:0];
        d_o[31:0] = r32;
        scc_o = r32 != 32'd0;
        scc_we_o = 1'b1;
      end
      OP_S_BFE_I32: begin
        width = b[22:16];
        mask64 = (width >= 7'd32) ? 64'hffff_ffff : ((64'd1 << width) - 64'd1);
        r32 = $unsigned($signed(a) >>> b[4:0]) & mask64[31:0];
        // Sign-extend from bit width-1.
        if (width != 7'd0 && width < 7'd32 && r32[width[4:0] - 5'd1]) r32 = r32 | ~mask64[31:0];
        d_o[31:0] = r32;
        scc_o = r32 != 32'd0;
        scc_we_o = 1'b1;
      end
      OP_S_BFE_U64: begin
        width = b[22:16];
        mask64 = (width >= 7'd64) ? 64'hffff_ffff_ffff_ffff : ((64'd1 << width) - 64'd1);
        r64 = (a64 >> b[5:0]) & mask64;
        d_o = r64;
        scc_o = r64 != 64'd0;
        scc_we_o = 1'b1;
      end
      OP_S_BFE_I64: begin
        width = b[22:16];
        mask64 = (width >= 7'd64) ? 64'hffff_ffff_ffff_ffff : ((64'd1 << width) - 64'd1);
        r64 = $unsigned($signed(a64) >>> b[5:0]) & mask64;
        if (width != 7'd0 && width < 7'd64 && r64[width[5:0] - 6'd1]) r64 = r64 | ~mask64;
        d_o = r64;
        scc_o = r64 != 64'd0;
        scc_we_o = 1'b1;
      end
      OP_S_BFM_B32: d_o[31:0] = ((32'd1 << a[4:0]) - 32'd1) << b[4:0];
      OP_S_BFM_B64: d_o = ((64'd1 << a[5:0]) - 64'd1) << b[5:0];

      // ---- SOP2: multiplies --------------------------------------------------------------
      OP_S_MUL_I32: d_o[31:0] = a * b;
      OP_S_MUL_HI_U32: d_o[31:0] = 32'(({32'd0, a} * {32'd0, b}) >> 32);
      OP_S_MUL_HI_I32: d_o[31:0] = 32'($unsigned($signed({ {32{a[31]}}, a}) * $signed({ {32{b[31]}}, b})) >> 32);

      // ---- SOP2: select and pack ---------------------------------------------------------
      OP_S_CSELECT_B32: d_o[31:0] = scc_i ? a : b;
      OP_S_CSELECT_B64: d_o = scc_i ? a64 : b64;
      OP_S_PACK_LL_B32_B16: d_o[31:0] = {b[15:0], a[15:0]};
      OP_S_PACK_LH_B32_B16: d_o[31:0] = {b[31:16], a[15:0]};
      OP_S_PACK_HH_B32_B16: d_o[31:0] = {b[31:16], a[31:16]};
      OP_S_PACK_HL_B32_B16: d_o[31:0] = {b[15:0], a[31:16]};

      // ---- SOPK --------------------------------------------------------------------------
      OP_S_MOVK_I32: d_o[31:0] = k_sext;
      OP_S_CMOVK_I32: begin
        d_o[31:0] = k_sext;
        d_we_o = scc_i;
      end
      OP_S_CMPK_EQ_I32: begin scc_o = dl == k_sext; scc_we_o = 1'b1; end
      OP_S_CMPK_LG_I32: begin scc_o = dl != k_sext; scc_we_o = 1'b1; end
      OP_S_CMPK_GT_I32: begin scc_o = $signed(dl) > $signed(k_sext); scc_we_o = 1'b1; end
      OP_S_CMPK_GE_I32: begin scc_o = $signed(dl) >= $signed(k_sext); scc_we_o = 1'b1; end
      OP_S_CMPK_LT_I32: begin scc_o = $signed(dl) < $signed(k_sext); scc_we_o = 1'b1; end
      OP_S_CMPK_LE_I32: begin scc_o = $signed(dl) <= $signed(k_sext); scc_we_o = 1'b1; end
      OP_S_CMPK_EQ_U32: begin scc_o = dl == {16'd0, simm16_i}; scc_we_o = 1'b1; end
      OP_S_CMPK_LG_U32: begin scc_o = dl != {16'd0, simm16_i}; scc_we_o = 1'b1; end
      OP_S_CMPK_GT_U32: begin scc_o = dl > {16'd0, simm16_i}; scc_we_o = 1'b1; end
      OP_S_CMPK_GE_U32: begin scc_o = dl >= {16'd0, simm16_i}; scc_we_o = 1'b1; end
      OP_S_CMPK_LT_U32: begin scc_o = dl < {16'd0, simm16_i}; scc_we_o = 1'b1; end
      OP_S_CMPK_LE_U32: begin scc_o = dl <= {16'd0, simm16_i}; scc_we_o = 1'b1; end
      OP_S_ADDK_I32: begin
        r32 = dl + k_sext;
        d_o[31:0] = r32;
        scc_o = (dl[31] == simm16_i[15]) && (dl[31] != r32[31]);
        scc_we_o = 1'b1;
      end
      OP_S_MULK_I32: d_o[31:0] = dl * k_sext;
      // Hardware registers: only MODE (id 1) exists here; the field is
      // [offset + size - 1 : offset].
      OP_S_GETREG_B32: begin
        hwreg_bad_o = simm16_i[5:0] != HwRegMode;
        d_o[31:0] = (mode_i >> hw_off) & hw_mask;
      end
      OP_S_SETREG_B32, OP_S_SETREG_IMM32_B32: begin
        hwreg_bad_o = simm16_i[5:0] != HwRegMode;
        r32 = (op_i == OP_S_SETREG_B32) ? dl : literal_i;
        mode_o = (mode_i & ~((hw_mask << hw_off) & ModeWritable)) |
                 ((r32 << hw_off) & (hw_mask << hw_off) & ModeWritable);
        mode_we_o = 1'b1;
        d_we_o = 1'b0;
      end

      // ---- SOP1: moves ---------------------------------------------------------------------
      OP_S_MOV_B32: d_o[31:0] = a;
      OP_S_MOV_B64: d_o = a64;
      OP_S_CMOV_B32: begin
        d_o[31:0] = a;
        d_we_o = scc_i;
      end
      OP_S_CMOV_B64: begin
        d_o = a64;
        d_we_o = scc_i;
      end
      // The compute unit reads and writes the M0-relative registers; the value passes through.
      OP_S_MOVRELS_B32, OP_S_MOVRELD_B32, OP_S_MOVRELSD_2_B32: d_o[31:0] = a;
      OP_S_MOVRELS_B64, OP_S_MOVRELD_B64: d_o = a64;

      // ---- SOP1: bit manipulation ------------------------------------------------------
      OP_S_BREV_B32: for (int i = 0; i < 32; i++) d_o[i] = a[31 - i];
      OP_S_BREV_B64: for (int i = 0; i < 64; i++) d_o[i] = a64[63 - i];
      OP_S_CTZ_I32_B32: begin
        d_o[31:0] = 32'hffff_ffff;
        for (int i = 31; i >= 0; i--) if (a[i]) d_o[31:0] = i;
      end
      OP_S_CTZ_I32_B64: begin
        d_o[31:0] = 32'hffff_ffff;
        for (int i = 63; i >= 0; i--) if (a64[i]) d_o[31:0] = i;
      end
      OP_S_CLZ_I32_U32: begin
        d_o[31:0] = 32'hffff_ffff;
        for (int i = 0; i < 32; i++) if (a[i]) d_o[31:0] = 31 - i;
      end
      OP_S_CLZ_I32_U64: begin
        d_o[31:0] = 32'hffff_ffff;
        for (int i = 0; i < 64; i++) if (a64[i]) d_o[31:0] = 63 - i;
      end
      // Leading bits equal to the sign bit: the first i >= 1 with bit (31 - i) != bit 31.
      OP_S_CLS_I32: begin
        d_o[31:0] = 32'hffff_ffff;
        for (int i = 31; i >= 1; i--) if (a[31 - i] != a[31]) d_o[31:0] = i;
      end
      OP_S_CLS_I32_I64: begin
        d_o[31:0] = 32'hffff_ffff;
        for (int i = 63; i >= 1; i--) if (a64[63 - i] != a64[63]) d_o[31:0] = i;
      end
      OP_S_SEXT_I32_I8: d_o[31:0] = { {24{a[7]}}, a[7:0]};
      OP_S_SEXT_I32_I16: d_o[31:0] = { {16{a[15]}}, a[15:0]};
      OP_S_BITSET0_B32: begin
        d_o[31:0] = dl;
        d_o[{1'b0, a[4:0]}] = 1'b0;
      end
      OP_S_BITSET0_B64: begin
        d_o = d_i;
        d_o[a[5:0]] = 1'b0;
      end
      OP_S_BITSET1_B32: begin
        d_o[31:0] = dl;
        d_o[{1'b0, a[4:0]}] = 1'b1;
      end
      OP_S_BITSET1_B64: begin
        d_o = d_i;
        d_o[a[5:0]] = 1'b1;
      end
      OP_S_BITREPLICATE_B64_B32: for (int i = 0; i < 32; i++) d_o[2*i +: 2] = {2{a[i]}};
      OP_S_ABS_I32: begin
        d_o[31:0] = a[31] ? -a : a;
        scc_o = d_o[31:0] != 32'd0;
        scc_we_o = 1'b1;
      end
      OP_S_BCNT0_I32_B32, OP_S_BCNT1_I32_B32: begin
        for (int i = 0; i < 32; i++) r32 = r32 + {31'd0, a[i] == (op_i == OP_S_BCNT1_I32_B32)};
        d_o[31:0] = r32;
        scc_o = r32 != 32'd0;
        scc_we_o = 1'b1;
      end
      OP_S_BCNT0_I32_B64, OP_S_BCNT1_I32_B64: begin
        for (int i = 0; i < 64; i++) r32 = r32 + {31'd0, a64[i] == (op_i == OP_S_BCNT1_I32_B64)};
        d_o[31:0] = r32;
        scc_o = r32 != 32'd0;
        scc_we_o = 1'b1;
      end
      // One bit per quad of four: set when any bit of the quad is.
      OP_S_QUADMASK_B32: begin
        for (int i = 0; i < 8; i++) d_o[i] = a[4*i +: 4] != 4'd0;
        scc_o = d_o != 64'd0;
        scc_we_o = 1'b1;
      end
      OP_S_QUADMASK_B64: begin
        for (int i = 0; i < 16; i++) d_o[i] = a64[4*i +: 4] != 4'd0;
        scc_o = d_o != 64'd0;
        scc_we_o = 1'b1;
      end
      // Whole quad mode: a quad with any bit set becomes all ones.
      OP_S_WQM_B32: begin
        for (int i = 0; i < 8; i++) d_o[4*i +: 4] = {4{a[4*i +: 4] != 4'd0}};
        scc_o = d_o[31:0] != 32'd0;
        scc_we_o = 1'b1;
      end
      OP_S_WQM_B64: begin
        for (int i = 0; i < 16; i++) d_o[4*i +: 4] = {4{a64[4*i +: 4] != 4'd0}};
        scc_o = d_o != 64'd0;
        scc_we_o = 1'b1;
      end
      OP_S_NOT_B32: begin
        d_o[31:0] = ~a;
        scc_o = d_o[31:0] != 32'd0;
        scc_we_o = 1'b1;
      end
      OP_S_NOT_B64: begin
        d_o = ~a64;
        scc_o = d_o != 64'd0;
        scc_we_o = 1'b1;
      end

      // ---- SOP1: EXEC manipulation ---------------------------------------------------------
      // SAVEEXEC: D = old EXEC, EXEC = f(S0, EXEC); WREXEC: D = EXEC = f(S0, EXEC).
      // The 32-bit forms work on EXEC_LO. SCC = new EXEC != 0.
      OP_S_AND_SAVEEXEC_B32, OP_S_OR_SAVEEXEC_B32, OP_S_XOR_SAVEEXEC_B32,
      OP_S_NAND_SAVEEXEC_B32, OP_S_NOR_SAVEEXEC_B32, OP_S_XNOR_SAVEEXEC_B32,
      OP_S_AND_NOT0_SAVEEXEC_B32, OP_S_OR_NOT0_SAVEEXEC_B32,
      OP_S_AND_NOT1_SAVEEXEC_B32, OP_S_OR_NOT1_SAVEEXEC_B32,
      OP_S_AND_NOT0_WREXEC_B32, OP_S_AND_NOT1_WREXEC_B32: begin
        unique case (op_i)
          OP_S_AND_SAVEEXEC_B32:      r32 = a & exec_i[31:0];
          OP_S_OR_SAVEEXEC_B32:       r32 = a | exec_i[31:0];
          OP_S_XOR_SAVEEXEC_B32:      r32 = a ^ exec_i[31:0];
          OP_S_NAND_SAVEEXEC_B32:     r32 = ~(a & exec_i[31:0]);
          OP_S_NOR_SAVEEXEC_B32:      r32 = ~(a | exec_i[31:0]);
          OP_S_XNOR_SAVEEXEC_B32:     r32 = ~(a ^ exec_i[31:0]);
          OP_S_AND_NOT0_SAVEEXEC_B32,
          OP_S_AND_NOT0_WREXEC_B32:   r32 = ~a & exec_i[31:0];
          OP_S_OR_NOT0_SAVEEXEC_B32:  r32 = ~a | exec_i[31:0];
          OP_S_OR_NOT1_SAVEEXEC_B32:  r32 = a | ~exec_i[31:0];
          default:                    r32 = a & ~exec_i[31:0];
        endcase
        exec_o = {exec_i[63:32], r32};
        exec_we_o = 2'b01;
        d_o[31:0] = (op_i == OP_S_AND_NOT0_WREXEC_B32 || op_i == OP_S_AND_NOT1_WREXEC_B32) ?
                    r32 : exec_i[31:0];
        scc_o = r32 != 32'd0;
        scc_we_o = 1'b1;
      end
      OP_S_AND_SAVEEXEC_B64, OP_S_OR_SAVEEXEC_B64, OP_S_XOR_SAVEEXEC_B64,
      OP_S_NAND_SAVEEXEC_B64, OP_S_NOR_SAVEEXEC_B64, OP_S_XNOR_SAVEEXEC_B64,
      OP_S_AND_NOT0_SAVEEXEC_B64, OP_S_OR_NOT0_SAVEEXEC_B64,
      OP_S_AND_NOT1_SAVEEXEC_B64, OP_S_OR_NOT1_SAVEEXEC_B64,
      OP_S_AND_NOT0_WREXEC_B64, OP_S_AND_NOT1_WREXEC_B64: begin
        unique case (op_i)
          OP_S_AND_SAVEEXEC_B64:      r64 = a64 & exec_i;
          OP_S_OR_SAVEEXEC_B64:       r64 = a64 | exec_i;
          OP_S_XOR_SAVEEXEC_B64:      r64 = a64 ^ exec_i;
          OP_S_NAND_SAVEEXEC_B64:     r64 = ~(a64 & exec_i);
          OP_S_NOR_SAVEEXEC_B64:      r64 = ~(a64 | exec_i);
          OP_S_XNOR_SAVEEXEC_B64:     r64 = ~(a64 ^ exec_i);
          OP_S_AND_NOT0_SAVEEXEC_B64,
          OP_S_AND_NOT0_WREXEC_B64:   r64 = ~a64 & exec_i;
          OP_S_OR_NOT0_SAVEEXEC_B64:  r64 = ~a64 | exec_i;
          OP_S_OR_NOT1_SAVEEXEC_B64:  r64 = a64 | ~exec_i;
          default:                    r64 = a64 & ~exec_i;
        endcase
        exec_o = r64;
        exec_we_o = 2'b11;
        d_o = (op_i == OP_S_AND_NOT0_WREXEC_B64 || op_i == OP_S_AND_NOT1_WREXEC_B64) ? r64 : exec_i;
        scc_o = r64 != 64'd0;
        scc_we_o = 1'b1;
      end

      // ---- SOPC: compares --------------------------------------------------------------------
      OP_S_CMP_EQ_I32, OP_S_CMP_EQ_U32: begin scc_o = a == b; scc_we_o = 1'b1; end
      OP_S_CMP_LG_I32, OP_S_CMP_LG_U32: begin scc_o = a != b; scc_we_o = 1'b1; end
      OP_S_CMP_GT_I32: begin scc_o = $signed(a) > $signed(b); scc_we_o = 1'b1; end
      OP_S_CMP_GE_I32: begin scc_o = $signed(a) >= $signed(b); scc_we_o = 1'b1; end
      OP_S_CMP_LT_I32: begin scc_o = $signed(a) < $signed(b); scc_we_o = 1'b1; end
      OP_S_CMP_LE_I32: begin scc_o = $signed(a) <= $signed(b); scc_we_o = 1'b1; end
      OP_S_CMP_GT_U32: begin scc_o = a > b; scc_we_o = 1'b1; end
      OP_S_CMP_GE_U32: begin scc_o = a >= b; scc_we_o = 1'b1; end
      OP_S_CMP_LT_U32: begin scc_o = a < b; scc_we_o = 1'b1; end
      OP_S_CMP_LE_U32: begin scc_o = a <= b; scc_we_o = 1'b1; end
      OP_S_BITCMP0_B32: begin scc_o = !a[b[4:0]]; scc_we_o = 1'b1; end
      OP_S_BITCMP1_B32: begin scc_o = a[b[4:0]]; scc_we_o = 1'b1; end
      OP_S_BITCMP0_B64: begin scc_o = !a64[b[5:0]]; scc_we_o = 1'b1; end
      OP_S_BITCMP1_B64: begin scc_o = a64[b[5:0]]; scc_we_o = 1'b1; end
      OP_S_CMP_EQ_U64: begin scc_o = a64 == b64; scc_we_o = 1'b1; end
      OP_S_CMP_LG_U64: begin scc_o = a64 != b64; scc_we_o = 1'b1; end

      // ---- SOPP: MODE immediates -------------------------------------------------------------
      OP_S_ROUND_MODE: begin
        mode_o = {mode_i[31:4], simm16_i[3:0]};
        mode_we_o = 1'b1;
        d_we_o = 1'b0;
      end
      OP_S_DENORM_MODE: begin
        mode_o = {mode_i[31:8], simm16_i[3:0], mode_i[3:0]};
        mode_we_o = 1'b1;
        d_we_o = 1'b0;
      end

      default: begin
        valid_o = 1'b0;
        d_we_o = 1'b0;
      end
    endcase
  end

endmodule
