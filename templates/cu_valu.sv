{{ header }}
// The vector lanes: NumLanes copies of the lane datapath, each computing one work-item's
// result of the integer and bit-level operations, written from the guide's pseudocode
// (chapter 16) and agreeing bit for bit with the golden model (sim/src/golden). Purely
// combinational; the compute unit registers the inputs and the outputs.
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
// An operation this module does not list leaves valid_o low, and the instruction faults as
// not implemented. The case labels are read by hdl-gen to say which rows the RTL executes.
module cu_valu
  import cu_pkg::*;
#(
  parameter int unsigned NumLanes = 32
) (
  input  valu_op_e                    op_i,     // the operation (VOPD: the X half's)
  input  logic                        clamp_i,  // VOP3 CLAMP
  input  logic [4:0]                  lane0_i,  // the wave lane of physical lane 0
  input  logic [NumLanes-1:0][63:0]   a_i,      // source 0
  input  logic [NumLanes-1:0][63:0]   b_i,      // source 1
  input  logic [NumLanes-1:0][127:0]  c_i,      // source 2 (128 bits for v_mqsad_u32_u8)
  input  logic [NumLanes-1:0]         m_i,      // mask-in bit
  input  valu_op_e                    op_y_i,   // VOPD's Y half, VOP_NONE otherwise
  input  logic [NumLanes-1:0][31:0]   ya_i,
  input  logic [NumLanes-1:0][31:0]   yb_i,
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

  function automatic logic [63:0] sx32(logic [31:0] v);
    sx32 = { {32{v[31]}}, v};
  endfunction

  // One lane of the main (or X) operation.
  function automatic lane_t lane(valu_op_e op, logic [63:0] a, logic [63:0] b, logic [127:0] c,
                                 logic m, logic clamp, logic [4:0] id);
    logic [32:0] s33;
    lane = '0;
    lane.ok = 1'b1;
    s33 = '0;
    unique case (op)
      VOP_V_NOP: ;
      // Moves; the compute unit has already picked the lane (permutes), the register
      // (M0-relative moves) and the lanes written (v_writelane_b32).
      VOP_V_MOV_B32, VOP_V_DUAL_MOV_B32, VOP_V_MOV_B16, VOP_V_PERMLANE16_B32, VOP_V_PERMLANEX16_B32,
      VOP_V_MOVRELS_B32, VOP_V_MOVRELD_B32, VOP_V_MOVRELSD_B32, VOP_V_MOVRELSD_2_B32,
      VOP_V_WRITELANE_B32:
        lane.d[31:0] = a[31:0];
      VOP_V_CNDMASK_B32, VOP_V_DUAL_CNDMASK_B32, VOP_V_CNDMASK_B16:
        lane.d[31:0] = m ? b[31:0] : a[31:0];
      VOP_V_ADD_NC_U32, VOP_V_DUAL_ADD_NC_U32: begin
        s33 = {1'b0, a[31:0]} + {1'b0, b[31:0]};
        lane.d[31:0] = (clamp && s33[32]) ? 32'hffff_ffff : s33[31:0];
      end
      VOP_V_AND_B32, VOP_V_DUAL_AND_B32: lane.d[31:0] = a[31:0] & b[31:0];
      VOP_V_OR_B32: lane.d[31:0] = a[31:0] | b[31:0];
      VOP_V_XOR_B32: lane.d[31:0] = a[31:0] ^ b[31:0];
      VOP_V_LSHLREV_B32, VOP_V_DUAL_LSHLREV_B32: lane.d[31:0] = b[31:0] << a[4:0];
      VOP_V_CMP_EQ_U32, VOP_V_CMPX_EQ_U32: lane.m = a[31:0] == b[31:0];
      VOP_V_CMP_EQ_U64, VOP_V_CMPX_EQ_U64: lane.m = a == b;
      VOP_V_LSHLREV_B64: lane.d[63:0] = b << a[5:0];
      VOP_V_MBCNT_LO_U32_B32: lane.d[31:0] = 32'($countones(a[31:0] & ((32'd1 << id) - 32'd1))) + b[31:0];
      VOP_V_MQSAD_U32_U8: begin
        // Four masked SADs of S0's byte windows against S1, each accumulating into a dword
        // of S2.
        for (int k = 0; k < 4; k++) begin
          logic [31:0] win, acc;
          win = 32'(a >> (8 * k));
          acc = c[32*k +: 32];
          for (int j = 0; j < 4; j++) begin
            logic [7:0] p, q;
            p = win[8*j +: 8];
            q = b[8*j +: 8];
            if (q != 8'd0) acc = acc + {24'd0, (p > q) ? p - q : q - p};
          end
          lane.d[32*k +: 32] = acc;
        end
      end
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

  for (genvar l = 0; l < NumLanes; l++) begin : gen_lane
    lane_t r, ry;
    logic unused_ry;
    assign unused_ry = ^ry;
    // Nothing to compute while no vector instruction is here (a cheaper simulation).
    always_comb begin
      r = (op_i == VOP_NONE) ? '{ok: 1'b0, d: '0, m: 1'b0} :
                               lane(op_i, a_i[l], b_i[l], c_i[l], m_i[l], clamp_i, lane0_i + 5'(l));
      ry = (op_y_i == VOP_NONE) ? '{ok: 1'b1, d: '0, m: 1'b0} : lane_y(op_y_i, ya_i[l], yb_i[l], m_i[l]);
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
