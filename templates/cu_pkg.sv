{{ header }}
// Types and constants shared by the compute unit's modules, derived from the ISA table.
package cu_pkg;

  // ------------------------------------------------------------------------------------------
  // Instruction formats, in table order.
  typedef enum logic [{{ fmt_bits - 1 }}:0] {
{%- for f in formats %}
    {{ f.name }} = {{ fmt_bits }}'d{{ f.value }},
{%- endfor %}
    FMT_INVALID = {{ fmt_bits }}'d{{ formats.len() }}
  } fmt_e;

  // Execution units.
  typedef enum logic [{{ unit_bits - 1 }}:0] {
{%- for u in units %}
    {{ u.name }} = {{ unit_bits }}'d{{ u.value }}{% if !loop.last %},{% endif %}
{%- endfor %}
  } unit_e;

  // Every instruction of the table; OP_INVALID for words that are none.
  typedef enum logic [{{ op_bits - 1 }}:0] {
{%- for o in ops %}
    {{ o.name }} = {{ op_bits }}'d{{ o.value }}{% if !loop.last %},{% endif %}
{%- endfor %}
  } op_e;

  // Operations of the vector lanes: one per vector mnemonic (a VOP1/VOP2/VOPC row and its VOP3
  // promotion share one).
  typedef enum logic [{{ vop_bits - 1 }}:0] {
    VOP_NONE = {{ vop_bits }}'d0,
{%- for o in vops %}
    {{ o }} = {{ vop_bits }}'d{{ loop.index }}{% if !loop.last %},{% endif %}
{%- endfor %}
  } valu_op_e;

  // Vector operand types as the datapath needs them: the width, packing and float format (for
  // inline constants and modifiers); integer and bit types of one width share a member, but
  // for I64, whose literal sign-extends.
  typedef enum logic [3:0] {
{%- for t in opnd_types %}
    {{ t }}{% if !loop.last %},{% endif %}
{%- endfor %}
  } opnd_ty_e;

  // The instruction field a vector source comes from.
  typedef enum logic [3:0] {
{%- for f in vfields %}
    {{ f }}{% if !loop.last %},{% endif %}
{%- endfor %}
  } vfield_e;

  // Vector encodings: how register fields and modifiers read.
  typedef enum logic [2:0] {
{%- for e in vencs %}
    {{ e }}{% if !loop.last %},{% endif %}
{%- endfor %}
  } venc_e;

  // The control bundle of a vector row, derived from the table.
  typedef struct packed {
    venc_e          enc;
    vfield_e [2:0]  fld;        // where sources 0..2 come from (VF_NONE: no such source)
    opnd_ty_e [2:0] ty;         // and their types
    opnd_ty_e       dty;        // the destination's type (OT_SGPR: VDST names an SGPR)
    logic           mask_vdst;  // a lane mask goes to the SGPR VDST names (VOP3 compares)
    logic           mask_sdst;  // ... to the SGPR SDST names (VOP3SD carries)
    logic           mask_vcc;   // ... to VCC
    logic           mask_exec;  // ... to EXEC (v_cmpx)
    logic           rd_vcc;     // VCC is read (carry in, select)
    logic           rd_m0;      // M0 is read (M0-relative register numbers)
    logic           fpu;        // a floating-point unit executes it (results come later)
    logic           trans;      // ... the transcendental unit (results come TransCycles later)
    logic           f64;        // ... the F64 unit, a lane a cycle (results come F64Cycles later)
    logic           twice;      // ... two passes of its recurrence (v_rsq_f64: F64RsqCycles)
    logic [1:0]     fpasses;    // ... passes through the F32 unit's FMA, minus one (the dot
                                // products that round in turn: F32PassCycles)
    logic           wmma;       // a WMMA row: a beat per DOT step (cu_top's header)
    logic [2:0]     wlast;      // ... the dwords of A's row and B's column, minus one
    opnd_ty_e       wcty;       // ... the accumulator's type (OT_B32 for the IU forms)
    logic           interp;     // a VINTERP row: v_fma_mix's operation on a quad's lanes
    logic           ip10;       // ... the first pass (S0 from the quad's lane 1, S2 from lane 0)
    logic           rtz;        // ... rounding toward zero whatever MODE says
  } vctrl_t;

  // What a DS row does with the LDS (`cu_ds`), from the table's access column. Rows of other
  // kinds (GDS, the ray-tracing stack) are DK_NONE: not executed.
  typedef enum logic [3:0] {
    DK_NONE,
    DK_NOP,      // ds_nop
    DK_LOAD,     // one element of `bytes` at ADDR + {OFFSET1, OFFSET0} (addtid: M0 + 4 * lane)
    DK_STORE,
    DK_LOAD2,    // two elements at ADDR + OFFSETn * bytes (* 64 with stride64)
    DK_STORE2,
    DK_ATOMIC,   // an integer read-modify-write of `bytes` (4 or 8) at ADDR + {OFFSET1, OFFSET0}
    DK_XCHG2,    // two elements as DK_LOAD2's: DATA0 and DATA1 stored, the old values returned
    DK_CONDX,    // ds_condxchg32_rtn_b64: each dword of the 8-aligned qword stored if DATA0 says
    DK_APPEND,   // append (atom AtomAdd) or consume (AtomSub) the active lanes' count at M0
    DK_SWIZZLE,  // lane exchanges (no LDS memory): ds_swizzle_b32 (of ADDR), ds_permute_b32,
    DK_PERMUTE,  // ds_bpermute_b32 (of DATA0)
    DK_BPERMUTE,
    DK_FATOMIC   // a float read-modify-write (add, min, max, cmpstore) of 4 or 8 bytes, as DK_ATOMIC
  } ds_kind_e;

  typedef struct packed {
    ds_kind_e   kind;
    logic [4:0] bytes;      // bytes of an element: 1, 2, 4, 8, 12 or 16
    logic       sext;       // an 8- or 16-bit load sign-extends (else zero-extends)
    logic       d16;        // a load fills one 16-bit half of VDST and keeps the other
    logic       hi;         // ... the high half; a store writes bits 31:16 (23:16 for a byte)
    logic       stride64;   // the two-address offsets count 64 elements
    logic [4:0] atom;       // an atomic's operation (Atom*)
    logic       rtn;        // ... returns the pre-op value to VDST
    logic       data2;      // ... reads DATA1 (mskor, cmpstore, wrap)
    logic       addtid;     // the lane's address is M0[15:0] + 4 * lane (no ADDR)
  } dsctrl_t;

  // What a scalar or vector memory row does on the memory ports (cu_top's smem_* and vmem_*),
  // from the table's access column. SCRATCH, FLAT, MUBUF and MTBUF rows are GLOBAL ones with
  // `scr`, `flat` or `mubuf` set (FLAT's lanes in the shared aperture go to the DS unit;
  // MUBUF's format rows and MTBUF's with `fmt`). The loads into LDS are MK_NONE: not executed.
  typedef enum logic [2:0] {
    MK_NONE,
    MK_SLOAD,    // s_load_*: `size` dwords from the SGPR pair's address + offsets
    MK_SBUFFER,  // s_buffer_load_*: through the buffer resource in four SGPRs
    MK_SINV,     // a scalar cache invalidate: nothing to do (no caches), counted on LGKM
    MK_VINV,     // a vector cache invalidate (buffer_gl0_inv, buffer_gl1_inv): counted on VM
    MK_GLOAD,    // global_load_*: `size` bytes a lane (d16: into one half of VDST)
    MK_GSTORE,   // global_store_* (d16_hi: the data's high half)
    MK_GATOMIC   // global_atomic_*: `size` bytes a lane, the old value back with GLC
  } mem_kind_e;

  typedef struct packed {
    mem_kind_e  kind;
    logic [4:0] size;       // SMEM: dwords (1 .. 16); GLOBAL: bytes a lane (1 .. 16)
    logic       sext;       // an 8- or 16-bit load sign-extends (else zero-extends)
    logic [4:0] atom;       // an atomic's operation, as vmem_req_op_o carries it
    logic       d16;        // a load writes one half of VDST (extended to 16 bits), keeps the other
    logic       hi;         // ... the high half; a store stores from the data's high half
    logic       addtid;     // GLOBAL: a lane's address is SADDR + offset + 4 x lane, no VADDR
    logic       scr;        // SCRATCH: an offset in the wave's private segment (lanes swizzled)
    logic       flat;       // FLAT: a lane's 64-bit address picks LDS, scratch or global memory
    logic       fatom;      // an atomic on floats (the DS unit's float path for FLAT's LDS lanes)
    logic       cmp;        // an atomic with a compare value in DATA's registers after the data
    logic       mubuf;      // MUBUF, MTBUF: addressed through the buffer resource (V#), range-checked
    logic       fmt;        // a format row: `comps` components converted (size: VDATA's bytes;
                            // d16: 16-bit components, two a VGPR)
    logic       typed;      // ... MTBUF's: the instruction's FORMAT, the identity selection
    logic [2:0] comps;
    logic       late;       // a GLOBAL or SCRATCH load: it retires when the port takes it, its
                            // answer is written later (the VL ring, VM_CNT)
  } memctrl_t;

  // FLAT's apertures (guide 11.1.1): the high dword of every address in the shared aperture
  // (the workgroup's LDS, from its low dword on) and in the private one (the lane's private
  // segment); any other address is global.
  localparam logic [31:0] ApSharedHi = {{ ap_shared_hi }};
  localparam logic [31:0] ApPrivateHi = {{ ap_private_hi }};

  // The longest instruction, literal included.
  localparam int unsigned InstDwords = {{ max_dwords }};
  localparam int unsigned InstBits = 32 * InstDwords;
  // Bits of a length in dwords (decoded_t.dwords, inst_dwords, rt_dwords_o).
  localparam int unsigned DwordsW = {{ dwords_w }};

  // ------------------------------------------------------------------------------------------
  // Retire status and fault codes (rt_status_o, rt_fault_o).
{%- for c in rt_codes %}
  localparam logic [1:0] {{ c.0 }} = 2'd{{ c.1 }};
{%- endfor %}
{%- for c in fault_codes %}
  localparam logic [2:0] {{ c.0 }} = 3'd{{ c.1 }};
{%- endfor %}

  // Vector memory tags (vmem_req_tag_o, vmem_rsp_tag_i): VsTags requests counted on VS_CNT
  // may be outstanding, each with its index in a ring, and VsTags late loads (GLOBAL and
  // SCRATCH loads, which retire when the port takes them), each with its index in a second
  // ring and the bit below the top set; the one request the compute unit waits for has the
  // top bit set.
  localparam int unsigned VsTags = {{ vs_tags }};
  localparam int unsigned VmTagW = {{ vm_tag_bits }};
  localparam int unsigned VsTagW = VmTagW - 2;
  // Scalar memory tags (smem_req_tag_o, smem_rsp_tag_i, rt_sl_tag_o): SmTags loads may be
  // outstanding, answered in any order.
  localparam int unsigned SmTags = {{ sm_tags }};
  localparam int unsigned SmTagW = {{ sm_tag_bits }};

  // Atomic operations (dsctrl_t.atom, memctrl_t.atom, vmem_req_op_o): each one's index in
  // the table's list (rdna3_isa::AtomicOp::all).
{%- for c in atom_codes %}
  localparam logic [4:0] {{ c.0 }} = 5'd{{ c.1 }};
{%- endfor %}

  // Hardware registers: only MODE exists here; the bits of it a shader may write (guide 3.4.2).
  localparam logic [5:0] HwRegMode = 6'd{{ hw_reg_mode }};
  localparam logic [31:0] ModeWritable = {{ mode_writable }};

  // ------------------------------------------------------------------------------------------
  // Scalar operand codes (guide 4.1).
  localparam logic [7:0] SrcVccLo = 8'd{{ vcc_lo }};
  localparam logic [7:0] SrcTtmp0 = 8'd{{ ttmp0 }};
  localparam logic [7:0] SrcNull = 8'd{{ null }};
  localparam logic [7:0] SrcM0 = 8'd{{ m0 }};
  localparam logic [7:0] SrcExecLo = 8'd{{ exec_lo }};
  localparam logic [7:0] SrcScc = 8'd{{ scc }};
  localparam logic [7:0] SrcLiteral = 8'd{{ literal }};

  // Source codes the guide reserves for scalar operands; an instruction using one is illegal.
  function automatic logic src_reserved(logic [7:0] code);
    src_reserved = 1'b0;
{%- for r in reserved %}
{%- if r.0 == r.1 %}
    if (code == 8'd{{ r.0 }}) src_reserved = 1'b1;
{%- else %}
    if (code >= 8'd{{ r.0 }} && code <= 8'd{{ r.1 }}) src_reserved = 1'b1;
{%- endif %}
{%- endfor %}
  endfunction

  // Value of a constant source code (inline integer or float, aperture, SCC, literal) at 32
  // or 64 bits. A literal sign-extends for I64 operands and zero-extends otherwise.
  function automatic logic [63:0] src_const(logic [7:0] code, logic is64, logic sext,
                                            logic [31:0] literal, logic scc);
    src_const = 64'd0;
    if (code >= 8'd128 && code <= 8'd192) begin
      src_const = {56'd0, code - 8'd128};
    end else if (code >= 8'd193 && code <= 8'd208) begin
      src_const = -{56'd0, code - 8'd192};
      if (!is64) src_const[63:32] = 32'd0;
    end else begin
      unique case (code)
{%- for c in floats %}
        8'd{{ c.code }}: src_const = is64 ? {{ c.value64 }} : {{ c.value32 }};
{%- endfor %}
{%- for c in apertures %}
        8'd{{ c.code }}: src_const = is64 ? {{ c.value64 }} : {{ c.value32 }};
{%- endfor %}
        SrcScc: src_const = {63'd0, scc};
        SrcLiteral: src_const = {(is64 && sext) ? {32{literal[31]}} : 32'd0, literal};
        default: src_const = 64'd0;
      endcase
    end
  endfunction

  // ------------------------------------------------------------------------------------------
  // Wait counters (guide Table 4).
{%- for c in counters %}
  localparam int unsigned {{ c.camel }}CntW = {{ c.bits }};
{%- endfor %}

  typedef struct packed {
{%- for c in counters %}
    logic [{{ c.bits - 1 }}:0] {{ c.name }};
{%- endfor %}
  } cnt_t;

  // One bit per counter.
  typedef struct packed {
{%- for c in counters %}
    logic {{ c.name }};
{%- endfor %}
  } cnt_flags_t;

  // ------------------------------------------------------------------------------------------
  // A decoded instruction.
  typedef struct packed {
    logic        valid;        // the word is an instruction of the table
    logic        illegal;      // no instruction for LLVM 19 (isa/src/legal.rs): a field breaks a rule
    op_e         op;
    op_e         op_y;         // VOPD: the Y half's row
    fmt_e        fmt;          // the format (the first of formats sharing identifying bits)
    unit_e       unit;
    logic [DwordsW-1:0] dwords;  // length in dwords, literal included
{%- for f in fields %}
    logic [{{ f.1 - 1 }}:0] {{ f.0 }};
{%- endfor %}
    logic [31:0] literal;
    logic        dst_wr;       // SDST is written
    logic        dst_rd;       // SDST is read
    logic        dst_64;
    logic        src0_64;
    logic        src0_sext;    // a literal in SSRC0 sign-extends (I64)
    logic        src1_64;
    logic        src1_sext;
    cnt_flags_t  inc;          // counters incremented at issue
{%- for e in ext_flags %}
    logic        ext_{{ e }};  // a {{ e|upper }} extension dword follows
{%- endfor %}
    logic        valu;         // the vector pipeline executes the row
    valu_op_e    vop;          // ... this operation
    vctrl_t      vc;           // ... with these operands
    valu_op_e    vop_y;        // VOPD's Y half
    vctrl_t      vcy;
    dsctrl_t     ds;           // a DS row's access
    memctrl_t    mem;          // a scalar or global memory row's access
  } decoded_t;

  // The row runs on a floating-point unit, whose results come FpStages cycles after its operands:
  // a vector row (valu) with a float operand in its X or only half (fpu_x) or its Y half (fpu_y).
  function automatic logic uses_fpu(logic valu, logic fpu_x, logic fpu_y);
    uses_fpu = valu && (fpu_x || fpu_y);
  endfunction

  // The transcendental unit (in cu_fp32) computes TransSteps result bits a cycle of the 26 its
  // digit recurrence takes: its result comes TransCycles cycles after the beat reaches it.
  localparam int unsigned TransSteps = {{ trans_steps }};
  localparam int unsigned TransCycles = {{ trans_cycles }};
  // v_exp's and v_log's recurrence (rdna3_isa::explog) takes its 52 steps in the same
  // TransCycles - 1 cycles: ExpLogSteps a cycle.
  localparam int unsigned ExpLogSteps = {{ explog_per_cycle }};

  // The F64 unit's recurrence (v_rcp_f64, v_rsq_f64, v_sqrt_f64) takes Trans64Bits steps a pass, Trans64Steps
  // a cycle (TransSteps rounded up to a divisor of it), and Trans64Lane cycles for a lane's pass:
  // the steps, then a cycle that rounds the result and loads the next lane (see cu_fp64).
  localparam int unsigned Trans64Bits = {{ trans64_bits }};
  localparam int unsigned Trans64Steps = {{ trans64_steps }};
  localparam int unsigned Trans64Lane = {{ trans64_lane }};

  // Length in dwords of the instruction whose first dwords are `w`: the format, an extension
  // dword (DPP, image addresses) and a literal. Words of no known format count as one dword
  // (they are illegal).
  localparam int unsigned LenBits = {{ len_bits }};
  function automatic logic [DwordsW-1:0] inst_dwords(logic [LenBits-1:0] w);
    logic lit, ext;
    inst_dwords = DwordsW'(1);
    lit = 1'b0;
    ext = 1'b0;
{%- for f in len_formats %}
    {% if !loop.first %}end else {% endif %}if ({{ f.matches }}) begin  // {{ f.name }}
{%- for l in f.lits %}
      if ({{ l.field }} == {{ l.width }}'d255) begin
        unique case ({{ l.set.opcode }})
          {% for o in l.set.ops %}{{ l.set.bits }}'d{{ o }}{% if !loop.last %},{% if loop.index % 10 == 0 %}
          {% else %} {% endif %}{% endif %}{% endfor %}: lit = 1'b1;
          default: ;
        endcase
      end
{%- endfor %}
{%- for a in f.always %}
      unique case ({{ a.opcode }})
        {% for o in a.ops %}{{ a.bits }}'d{{ o }}{% if !loop.last %}, {% endif %}{% endfor %}: lit = 1'b1;
        default: ;
      endcase
{%- endfor %}
{%- for e in f.exts %}
      if ({{ e.0 }} == {{ e.1 }}'d{{ e.2 }}) ext = 1'b1;
{%- endfor %}
      inst_dwords = DwordsW'({{ f.dwords }}) + DwordsW'(lit) + DwordsW'(ext);
{%- if loop.last %}
    end
{%- endif %}
{%- endfor %}
  endfunction

{% include "cu_fp_round.sv" %}
{% include "cu_fp_fmt.sv" %}
  // ------------------------------------------------------------------------------------------
  // A buffer resource (V#, guide 9.6), 128 bits: dword 0 in bits [31:0]. Its fields come from
  // isa/src/operand.rs (RsrcField), through which the golden model reads a V# too.
  typedef struct packed {
{%- for f in vsharp %}
    logic {% if f.1 > 1 %}[{{ f.1 - 1 }}:0] {% endif %}{{ f.0 }};{{ " " }}// [{{ f.2 + f.1 - 1 }}:{{ f.2 }}]
{%- endfor %}
  } vsharp_t;

{% include "cu_buf_fmt.sv" %}

endpackage
