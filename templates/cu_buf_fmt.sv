
  // ------------------------------------------------------------------------------------------
  // Buffer formats (guide 9.3, 10.7 Table 52; templates/cu_buf_fmt.sv). The unified formats
  // and their layouts come from the ISA crate's tables (rdna3_isa::operand::buf_format_parts
  // and buf_data_layout, which the golden model reads too); the conversions of one component
  // between memory and a VGPR are bit for bit sim/src/golden/buffer.rs's load32, load16,
  // store32 and store16, whose module documentation gives the rules and the choices made
  // where the guide is silent. cu_top's format pass runs them one component a cycle.

  typedef struct packed {
    logic            valid;  // a format: not INVALID
    logic [4:0]      bytes;  // an element's bytes: 1, 2, 4, 8, 12 or 16
    logic [2:0]      n;      // its components
    logic [2:0]      num;    // its numeric format (Bn*)
    logic [3:0][6:0] at;     // component i's first bit in the element
    logic [3:0][5:0] bits;   // ... and its width
  } buf_fmt_t;

  // Numeric formats (BUF_NUM_FORMAT_*).
  localparam logic [2:0] BnUnorm = 3'd0;
  localparam logic [2:0] BnSnorm = 3'd1;
  localparam logic [2:0] BnUscaled = 3'd2;
  localparam logic [2:0] BnSscaled = 3'd3;
  localparam logic [2:0] BnUint = 3'd4;
  localparam logic [2:0] BnSint = 3'd5;
  localparam logic [2:0] BnFloat = 3'd7;

  // The format of unified format v (V#[113:108], MTBUF's FORMAT); not valid for INVALID (0).
  function automatic buf_fmt_t buf_fmt(logic [5:0] v);
    logic [3:0] d;  // the data format
    buf_fmt = '0;
    d = '0;
    unique case (v)
{%- for f in buf_fmts %}
      6'd{{ f.0 }}: begin d = 4'd{{ f.1 }}; buf_fmt.num = 3'd{{ f.2 }}; end
{%- endfor %}
      default: ;
    endcase
    buf_fmt.valid = d != 4'd0;
    unique case (d)
{%- for l in buf_layouts %}
      4'd{{ l.0 }}: begin
        buf_fmt.bytes = 5'd{{ l.1 }};
        buf_fmt.n = 3'd{{ l.2 }};
        buf_fmt.at = {{ l.3 }};
        buf_fmt.bits = {{ l.4 }};
      end
{%- endfor %}
      default: ;
    endcase
  endfunction

  // A float of 5 exponent and `mant` fraction bits (10 with a sign: F16; 6 and 5 without: the
  // 11- and 10-bit floats) widened exactly to F32, a NaN's payload shifted up, not quieted.
  function automatic logic [31:0] bfmt_widen(logic [15:0] v, logic [3:0] mant, logic sgn);
    logic       s;
    logic [4:0] e;
    logic [9:0] m;
    logic [3:0] p;
    s = sgn && v[4'd5 + mant];
    e = 5'(v >> mant);
    m = 10'(v & ((16'd1 << mant) - 16'd1));
    p = '0;
    for (int i = 0; i < 10; i++) if (m[i]) p = 4'(i);
    if (e == 5'h1f) bfmt_widen = {s, 8'hff, 23'(23'(m) << (5'd23 - 5'(mant)))};
    else if (e == 5'd0 && m == '0) bfmt_widen = {s, 31'd0};
    // A denormal, m 2^(-14 - mant): normal in F32, its leading one (bit p) hidden.
    else if (e == 5'd0) bfmt_widen = {s, 8'd113 + 8'(p) - 8'(mant), 23'(23'(m) << (5'd23 - 5'(p)))};
    else bfmt_widen = {s, 8'(e) + 8'd112, 23'(23'(m) << (5'd23 - 5'(mant)))};
  endfunction

  // F32 to a float of 5 exponent and `mant` fraction bits, toward zero: a finite overflow gives
  // the largest finite value, a NaN stays a NaN (quiet, the top of its payload), and a negative
  // value is 0 in the unsigned floats.
  function automatic logic [15:0] bfmt_narrow(logic [31:0] v, logic [3:0] mant, logic sgn);
    logic              neg;
    logic [7:0]        e;
    logic [22:0]       m;
    logic [15:0]       s, em;
    logic signed [9:0] ue;
    logic [7:0]        sh;  // (23 - mant) + (-14 - ue): up to 130
    neg = v[31];
    e = v[30:23];
    m = v[22:0];
    s = (sgn && neg) ? 16'd1 << (5'd5 + 5'(mant)) : 16'd0;
    em = 16'h1f << mant;
    ue = 10'(e) - 10'sd127;
    sh = 8'(8'd23 - 8'(mant)) + 8'(-10'sd14 - ue);
    if (e == 8'hff && m != '0) bfmt_narrow = s | em | 16'(m >> (5'd23 - 5'(mant))) | (16'd1 << (mant - 4'd1));
    else if (neg && !sgn) bfmt_narrow = '0;
    else if (e == 8'hff) bfmt_narrow = s | em;
    else if (ue > 10'sd15) bfmt_narrow = s | (16'd30 << mant) | ((16'd1 << mant) - 16'd1);
    else if (ue >= -10'sd14) bfmt_narrow = s | (16'(10'(ue + 10'sd15)) << mant) | 16'(m >> (5'd23 - 5'(mant)));
    else if (e == 8'd0) bfmt_narrow = s;
    else bfmt_narrow = s | ((sh >= 8'd32) ? 16'd0 : 16'({1'b1, m} >> sh));
  endfunction

  // m/(2^k - 1) (k of 2 .. 16, m below 2^k) as the binary fraction 0.mmm... cut at 64 bits:
  // repeating, so its bits below any rounding point are never all 0 and it rounds as the
  // exact value does (m = 2^k - 1, 0.111..., rounds to 1.0).
  function automatic logic [63:0] bfmt_repeat(logic [15:0] m, logic [4:0] k);
    bfmt_repeat = '0;
    unique case (k)
      5'd2: for (int i = 0; i < 64; i++) bfmt_repeat[63 - i] = m[1 - i % 2];
      5'd7: for (int i = 0; i < 64; i++) bfmt_repeat[63 - i] = m[6 - i % 7];
      5'd8: for (int i = 0; i < 64; i++) bfmt_repeat[63 - i] = m[7 - i % 8];
      5'd9: for (int i = 0; i < 64; i++) bfmt_repeat[63 - i] = m[8 - i % 9];
      5'd10: for (int i = 0; i < 64; i++) bfmt_repeat[63 - i] = m[9 - i % 10];
      5'd15: for (int i = 0; i < 64; i++) bfmt_repeat[63 - i] = m[14 - i % 15];
      5'd16: for (int i = 0; i < 64; i++) bfmt_repeat[63 - i] = m[15 - i % 16];
      default: ;
    endcase
  endfunction

  // A memory component (raw, `bits` wide) as its VGPR value: 32 bits, or with d16 16 bits
  // (zero-extended). UNORM v/(2^n - 1), SNORM max(v/(2^(n-1) - 1), -1), USCALED and SSCALED
  // the integer, all to nearest even; UINT and SINT extended (saturated to 16 bits for d16);
  // FLOAT widened exactly (for d16: an F16 kept, others narrowed toward zero); 32-bit
  // components are not converted (for d16: as an F32, a UINT or a SINT).
  function automatic logic [31:0] bfmt_load(logic [31:0] raw, logic [5:0] bits, logic [2:0] num, logic d16);
    logic signed [31:0] x;
    logic               s;
    logic [15:0]        mag;
    logic [4:0]         k;
    logic [31:0]        w;
    x = (bits >= 6'd32) ? raw : 32'($signed(raw << (6'd32 - bits)) >>> (6'd32 - bits));
    s = num inside {BnSnorm, BnSscaled} && x < 0;
    mag = s ? 16'(-x) : 16'(raw);
    k = 5'(bits) - ((num == BnSnorm) ? 5'd1 : 5'd0);
    w = (bits == 6'd16) ? bfmt_widen(16'(raw), 4'd10, 1'b1) :
        (bits == 6'd11) ? bfmt_widen(16'(raw), 4'd6, 1'b0) : bfmt_widen(16'(raw), 4'd5, 1'b0);
    if (num == BnUint) bfmt_load = (d16 && raw > 32'hffff) ? 32'hffff : raw;
    else if (num == BnSint) bfmt_load = !d16 ? x : (x > 32'sh7fff) ? 32'h7fff : (x < -32'sh8000) ? 32'h8000 :
                                        {16'd0, x[15:0]};
    else if (num == BnFloat || bits >= 6'd32) begin
      if (bits >= 6'd32) bfmt_load = d16 ? {16'd0, bfmt_narrow(raw, 4'd10, 1'b1)} : raw;
      else if (bits == 6'd16) bfmt_load = d16 ? {16'd0, raw[15:0]} : w;
      else bfmt_load = d16 ? {16'd0, bfmt_narrow(w, 4'd10, 1'b1)} : w;
    end else if (mag == '0) bfmt_load = '0;
    else if (num == BnSnorm && {16'd0, mag} >= (32'd1 << k) - 32'd1) bfmt_load = d16 ? {16'd0, s, 15'h3c00} : {s, 31'h3f80_0000};
    else if (num inside {BnUnorm, BnSnorm}) begin
      bfmt_load = d16 ? {16'd0, round_f16_bfmt(s, bfmt_repeat(mag, k), -14'sd64, 2'd0)} :
                        round_f32_bfmt(s, bfmt_repeat(mag, k), -14'sd64, 2'd0);
    end else begin
      bfmt_load = d16 ? {16'd0, round_f16_bfmt(s, 64'(mag), 14'sd0, 2'd0)} :
                        round_f32_bfmt(s, 64'(mag), 14'sd0, 2'd0);
    end
  endfunction

  // An F32 as a UNORM, SNORM, USCALED or SSCALED component of `bits` (below 32): NaN 0,
  // else the value times 2^n - 1 (UNORM), 2^(n-1) - 1 (SNORM) or 1 rounded to nearest even
  // and clamped to the format's range (clamping after rounding is the same, the bounds being
  // integers), in `bits` bits.
  function automatic logic [31:0] bfmt_to_int(logic [31:0] v, logic [5:0] bits, logic [2:0] num);
    logic              s, norm, g, st, big;
    logic [23:0]       sig;
    logic signed [9:0] sh;
    logic [4:0]        k;
    logic [40:0]       p;
    logic [41:0]       q;
    logic [31:0]       hi, lo;  // the largest value, the magnitude of the smallest
    logic [31:0]       mask;
    s = v[31];
    sig = {v[30:23] != 8'd0, v[22:0]};
    sh = 10'sd23 - ((v[30:23] == 8'd0) ? -10'sd126 : 10'(v[30:23]) - 10'sd127);
    norm = num inside {BnUnorm, BnSnorm};
    k = 5'(bits) - ((num == BnSnorm) ? 5'd1 : 5'd0);
    p = norm ? (41'(sig) << k) - 41'(sig) : 41'(sig);
    big = sh <= 10'sd0;
    if (big || sh > 10'sd41) begin
      q = '0;
      g = 1'b0;
      st = 1'b0;
    end else begin
      q = {1'b0, p >> sh};
      g = p[6'(sh - 10'sd1)];
      st = (p & ((41'd1 << (sh - 10'sd1)) - 41'd1)) != '0;
    end
    q = q + 42'(g && (st || q[0]));
    mask = (32'd1 << bits) - 32'd1;
    hi = (num inside {BnUnorm, BnUscaled}) ? mask : (32'd1 << (bits - 6'd1)) - 32'd1;
    lo = (num inside {BnUnorm, BnUscaled}) ? 32'd0 : (num == BnSnorm) ? hi : hi + 32'd1;
    if (v[30:23] == 8'hff && v[22:0] != '0) bfmt_to_int = '0;
    else if (!s) bfmt_to_int = (big || q > 42'(hi)) ? hi : 32'(q);
    else bfmt_to_int = ((big || q > 42'(lo)) ? -lo : -32'(q)) & mask;
  endfunction

  // A 32-bit VGPR value as a memory component of `bits`: not converted at 32 bits; UINT and
  // SINT saturated; FLOAT narrowed toward zero; the others by bfmt_to_int.
  function automatic logic [31:0] bfmt_store(logic [31:0] v, logic [5:0] bits, logic [2:0] num);
    logic [31:0] mask, hi;
    mask = (32'd1 << bits) - 32'd1;
    hi = (32'd1 << (bits - 6'd1)) - 32'd1;
    if (bits >= 6'd32) bfmt_store = v;
    else if (num == BnUint) bfmt_store = (v > mask) ? mask : v;
    else if (num == BnSint) bfmt_store = (($signed(v) > $signed(hi)) ? hi : ($signed(v) < -$signed(hi) - 32'sd1) ? ~hi : v) & mask;
    else if (num == BnFloat) begin
      bfmt_store = (bits == 6'd16) ? {16'd0, bfmt_narrow(v, 4'd10, 1'b1)} :
                   (bits == 6'd11) ? {16'd0, bfmt_narrow(v, 4'd6, 1'b0)} : {16'd0, bfmt_narrow(v, 4'd5, 1'b0)};
    end else bfmt_store = bfmt_to_int(v, bits, num);
  endfunction

  // A 16-bit (D16) VGPR value as a memory component: an F16 kept for a 16-bit FLOAT, else
  // widened (F16 exactly, UINT zero- and SINT sign-extended) and converted as bfmt_store does.
  function automatic logic [31:0] bfmt_store16(logic [15:0] h, logic [5:0] bits, logic [2:0] num);
    if (num == BnFloat && bits == 6'd16) bfmt_store16 = {16'd0, h};
    else if (num == BnUint) bfmt_store16 = bfmt_store({16'd0, h}, bits, num);
    else if (num == BnSint) bfmt_store16 = bfmt_store({ {16{h[15]}}, h}, bits, num);
    else bfmt_store16 = bfmt_store(bfmt_widen(h, 4'd10, 1'b1), bits, num);
  endfunction
