{{ header }}
// Instruction decoder: the format, the opcode and the operand attributes of every row of the
// ISA table.
module cu_decode
  import cu_pkg::*;
(
  input  logic [InstBits-1:0] inst_i,  // the instruction's dwords, first dword in bits 31:0
  output decoded_t    dec_o
);

  logic src0_rd, src1_rd;  // SSRC0 / SSRC1 hold source operands

  // The dwords of longer instructions (vector and memory formats, which the RTL does not
  // execute) are read by no field here.
  logic unused_inst;
  assign unused_inst = ^inst_i;

  always_comb begin
    dec_o = '0;
    dec_o.op = OP_INVALID;
    src0_rd = 1'b0;
    src1_rd = 1'b0;
    dec_o.unit = UNIT_CONTROL;
    dec_o.dwords = inst_dwords(inst_i[LenBits-1:0]);
{%- for f in formats %}
    {% if !loop.first %}end else {% endif %}if ({{ f.matches }}) begin  // {{ f.name }}
{%- for fd in f.fields %}
      dec_o.{{ fd.0 }} = {{ fd.1 }};
{%- endfor %}
{%- if !f.fields.is_empty() %}
      dec_o.literal = {{ f.literal }};
{%- endif %}
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
{%- if loop.last %}
    end
{%- endif %}
{%- endfor %}

    // Operand attributes, implicit state and counters of each instruction.
    unique case (dec_o.op)
{%- for o in ops %}
      {{ o.name }}: begin
{%- for s in o.sets %}
        {{ s.0 }} = {{ s.1 }};
{%- endfor %}
      end
{%- endfor %}
      default: ;
    endcase

    dec_o.valid = dec_o.op != OP_INVALID;
    dec_o.illegal_src = (src0_rd && src_reserved(dec_o.ssrc0)) ||
                        (src1_rd && src_reserved(dec_o.ssrc1));
  end

endmodule
