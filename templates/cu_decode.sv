{{ header }}
{%- macro case_arms(list) %}
{%- for a in list %}
      {% for l in a.labels %}{{ l }}{% if !loop.last %},{% if loop.index % 4 == 0 %}
      {% else %} {% endif %}{% endif %}{% endfor %}: begin
{%- for s in a.sets %}
        {{ s.0 }} = {{ s.1 }};
{%- endfor %}
      end
{%- endfor %}
{%- endmacro %}
// Instruction decoder: the format, the opcode and the attributes of every row of the ISA
// table, with the control bundle of the vector rows. Everything here is generated: the format
// tests and field slices from the table's formats, one case arm per opcode, and one arm per
// distinct body of attributes (rows with the same operand signature share it).
module cu_decode
  import cu_pkg::*;
(
  input  logic [InstBits-1:0] inst_i,  // the instruction's dwords, first dword in bits 31:0
  output decoded_t    dec_o
);

  // LLVM 19's decoding rules (isa/src/legal.rs, row_rules): the row's conditions, the bits its
  // format's fields must leave zero when the row does not use them, and VOPD's Y half's.
  logic        rules_x, rules_y;
  logic [63:0] zero_x, unnamed_y;

  // The sets of values the rules allow in a field.
{%- for c in code_sets %}
  function automatic logic {{ c.0 }}(logic [8:0] c);
    {{ c.0 }} = c inside { {%- for r in c.1 %}{% if r.0 == r.1 %}9'd{{ r.0 }}{% else %}[9'd{{ r.0 }}:9'd{{ r.1 }}]{% endif %}{% if !loop.last %}, {% endif %}{% endfor -%} };
  endfunction
{%- endfor %}

{%- if image_rules %}

  // Whether an image row's VGPR tuples end by v255, with the widths LLVM prints
  // (isa/src/disasm/mimg/shape.rs, Shape::layout): the registers of the variant LLVM decodes
  // first (data0 data dwords; addr0_t addresses in one tuple, addr0_n with NSA) widen to the
  // widths DMASK, D16, TFE, DIM and A16 imply when LLVM has a variant of them and the widened
  // tuples end by v255. The constants are the row's ImageRule (isa/src/legal.rs): address
  // dwords by {DIM, A16} (5 bits each), the address widths with a variant (bit n), the data
  // VGPRs printed for n data dwords (3 bits each, 0: none), fixed data dwords (0: DMASK's),
  // four data dwords before D16 (gather4, msaa), a D16 form, gather4's 4-dword VDATA.
  function automatic logic image_fits(
      input logic [79:0] addr_tab, input logic [31:0] tuple_var, input logic [31:0] nsa_var,
      input logic [23:0] data_tab, input logic [2:0] fixed, input logic base4,
      input logic d16_row, input logic gather4, input logic [2:0] data0,
      input logic [4:0] addr0_t, input logic [4:0] addr0_n, input logic [3:0] dmask,
      input logic d16, input logic tfe, input logic [2:0] dim, input logic a16,
      input logic nsa, input logic [7:0] vdata, input logic [7:0] vaddr, input logic [7:0] addr4);
    logic [2:0] base, nd, w, dw;
    logic [4:0] na, a0, an;
    logic       take, partial;
    base = base4 ? 3'd4 : (dmask == 4'd0 ? 3'd1 : 3'($countones(dmask)));
    nd = fixed != 3'd0 ? fixed : ((d16_row && d16) ? (base + 3'd1) >> 1 : base) + {2'b0, tfe};
    na = addr_tab[7'({dim, a16}) * 7'd5 +: 5];
    a0 = nsa ? addr0_n : addr0_t;
    w = data_tab[5'(nd) * 5'd3 +: 3];
    take = (nsa ? nsa_var[na] : tuple_var[na]) && w != 3'd0 && !(nd == data0 && na == a0);
    // A widened data tuple must end by v255; so must a widened address tuple (without NSA the
    // one tuple, with NSA the fifth address, which takes the addresses past four).
    if (take && nd != data0 && 10'(vdata) + 10'(w) > 10'd256) take = 1'b0;
    partial = nsa && na > a0;
    if (take && (!nsa || partial) && na != a0
        && (partial ? 10'(addr4) + 10'(na) - 10'd4 : 10'(vaddr) + 10'(na)) > 10'd256) take = 1'b0;
    dw = take ? w : data0;
    an = take ? na : a0;
    image_fits = 10'(vdata) + 10'(dw) <= 10'd256 && (!gather4 || 10'(vdata) + 10'd4 <= 10'd256)
        && (nsa ? (an <= 5'd5 || 10'(addr4) + 10'(an) - 10'd4 <= 10'd256)
                : 10'(vaddr) + 10'(an) <= 10'd256);
  endfunction
{%- endif %}

  // Formats the RTL does not execute (memory, images, exports) are recognised and measured,
  // but no field of theirs is read.
  logic unused_inst;
  assign unused_inst = ^inst_i;

  always_comb begin
    dec_o = '0;
    dec_o.op = OP_INVALID;
    dec_o.op_y = OP_INVALID;
    dec_o.fmt = FMT_INVALID;
    rules_x = 1'b1;
    rules_y = 1'b1;
    zero_x = '0;
    unnamed_y = '1;
    dec_o.unit = UNIT_CONTROL;
    dec_o.dwords = inst_dwords(inst_i[LenBits-1:0]);
{%- for f in formats %}
    {% if !loop.first %}end else {% endif %}if ({{ f.matches }}) begin  // {{ f.name }}
      dec_o.fmt = {{ f.fmt }};
{%- for fd in f.fields %}
      dec_o.{{ fd.0 }} = {{ fd.1 }};
{%- endfor %}
{%- if !f.fields.is_empty() %}
      dec_o.literal = {{ f.literal }};
{%- endif %}
{%- for e in f.exts %}
      if ({{ e.cond }}) begin
        {{ e.flag }} = 1'b1;
{%- for fd in e.fields %}
        dec_o.{{ fd.0 }} = {{ fd.1 }};
{%- endfor %}
{%- if let Some(l) = e.literal %}
        dec_o.literal = {{ l }};
{%- endif %}
      end
{%- endfor %}
{%- if f.opcode.is_empty() %}
      dec_o.op = {{ f.ops[0].1 }};
{%- else %}
      unique case ({{ f.opcode }})
{%- for o in f.ops %}
        {{ f.opcode_bits }}'d{{ o.0 }}: dec_o.op = {{ o.1 }};
{%- endfor %}
        default: dec_o.op = OP_INVALID;
      endcase
{%- endif %}
{%- if let Some(p) = f.pair %}
      unique case ({{ p.opcode }})
{%- for o in p.ops %}
        {{ p.bits }}'d{{ o.0 }}: dec_o.op_y = {{ o.1 }};
{%- endfor %}
        default: dec_o.op_y = OP_INVALID;
      endcase
      if (dec_o.op_y == OP_INVALID) dec_o.op = OP_INVALID;
{%- endif %}
{%- if loop.last %}
    end
{%- endif %}
{%- endfor %}

    // Operand attributes, implicit state, counters and the vector control bundle.
    unique case (dec_o.op)
{%- call case_arms(arms) %}{% endcall %}
      default: ;
    endcase

    // The lane operation of each vector row.
    unique case (dec_o.op)
{%- for a in vop_arms %}
      {% for l in a.labels %}{{ l }}{% if !loop.last %}, {% endif %}{% endfor %}: {% for s in a.sets %}{{ s.0 }} = {{ s.1 }};{% endfor %}
{%- endfor %}
      default: dec_o.vop = VOP_NONE;
    endcase

    // VOPD's Y half.
    unique case (dec_o.op_y)
{%- call case_arms(y_arms) %}{% endcall %}
      default: ;
    endcase
    unique case (dec_o.op_y)
{%- for a in y_vop_arms %}
      {% for l in a.labels %}{{ l }}{% if !loop.last %}, {% endif %}{% endfor %}: {% for s in a.sets %}{{ s.0 }} = {{ s.1 }};{% endfor %}
{%- endfor %}
      default: dec_o.vop_y = VOP_NONE;
    endcase

    // LLVM's rules of each row.
    unique case (dec_o.op)
{%- call case_arms(rule_arms) %}{% endcall %}
      default: ;
    endcase
    unique case (dec_o.op_y)
{%- call case_arms(rule_y_arms) %}{% endcall %}
      default: ;
    endcase

    dec_o.valid = dec_o.op != OP_INVALID;
    // Of a pair, a bit must be zero when neither half uses it.
    dec_o.illegal = !(rules_x && rules_y && (inst_i[63:0] & zero_x & unnamed_y) == 64'h0);
  end

endmodule
