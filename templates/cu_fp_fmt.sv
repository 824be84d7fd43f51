  // ------------------------------------------------------------------------------------------
  // The value-level helpers of each IEEE binary format the units compute in (F16, F32, F64),
  // written once here and generated per format (templates/cu_fp_fmt.sv; hdl-gen lists the
  // formats), so that the F32 unit (cu_fp32, its F16 rows too) and the F64 unit (cu_fp64)
  // share one text of each: classification, quieting, flushing, the significand and its
  // exponent, and for F32 and F64 the orderings (min/max, the compares), the class tests, the
  // exact integral rounding, frexp, ldexp (through the format's rounder) and the conversion to
  // a 32-bit integer. Each is bit for bit the golden model's sim/src/golden/fp.rs function of
  // the same name. A magnitude argument (x[W-2:0]) is the value without its sign bit.

  localparam int unsigned FpQW = 14;  // the units' signed exponents (the rounders' q)

  // What a transcendental digit recurrence computes (<p>_tstep): a reciprocal, a reciprocal
  // square root or a square root.
  typedef enum logic [1:0] {
    TkRcp,
    TkRsq,
    TkSqrt
  } tkind_e;
{%- for f in fp_formats %}

  // ---- {{ f.what }}: {{ f.exp_w }} exponent and {{ f.man_w }} fraction bits, bias {{ f.bias }}.

  function automatic logic {{ f.p }}_is_nan(logic [{{ f.w - 2 }}:0] x);
    {{ f.p }}_is_nan = x[{{ f.w - 2 }}:{{ f.man_w }}] == '1 && x[{{ f.man_w - 1 }}:0] != '0;
  endfunction

  function automatic logic {{ f.p }}_is_inf(logic [{{ f.w - 2 }}:0] x);
    {{ f.p }}_is_inf = x == {{ f.w - 1 }}'h{{ f.inf_hex }};
  endfunction

  function automatic logic {{ f.p }}_is_zero(logic [{{ f.w - 2 }}:0] x);
    {{ f.p }}_is_zero = x == '0;
  endfunction

  function automatic logic [{{ f.w - 1 }}:0] {{ f.p }}_quiet(logic [{{ f.w - 1 }}:0] x);
    {{ f.p }}_quiet = x | {{ f.w }}'h{{ f.quiet_hex }};
  endfunction

  // A denormal flushed to a signed zero unless `keep`.
  function automatic logic [{{ f.w - 1 }}:0] {{ f.p }}_flush(logic [{{ f.w - 1 }}:0] x, logic keep);
    {{ f.p }}_flush = (!keep && x[{{ f.w - 2 }}:{{ f.man_w }}] == '0) ? {x[{{ f.w - 1 }}], {{ f.w - 1 }}'d0} : x;
  endfunction

  // The significand (hidden bit included) and the exponent of its least significant bit.
  function automatic logic [{{ f.man_w }}:0] {{ f.p }}_sig(logic [{{ f.w - 2 }}:0] x);
    {{ f.p }}_sig = {x[{{ f.w - 2 }}:{{ f.man_w }}] != '0, x[{{ f.man_w - 1 }}:0]};
  endfunction

  function automatic logic signed [FpQW-1:0] {{ f.p }}_lsb_exp(logic [{{ f.exp_w - 1 }}:0] e);
    {{ f.p }}_lsb_exp = FpQW'(signed'({1'b0, (e == '0) ? {{ f.exp_w }}'d1 : e})) - FpQW'(signed'({{ f.bias + f.man_w }}));
  endfunction

  // The class bit of x in v_cmp_class's mask (fp::class; x as it is, never flushed): 0 sNaN,
  // 1 qNaN, 2 -inf, 3 -normal, 4 -denormal, 5 -0, 6 +0, 7 +denormal, 8 +normal, 9 +inf.
  function automatic logic [3:0] {{ f.p }}_fclass(logic [{{ f.w - 1 }}:0] x);
    if ({{ f.p }}_is_nan(x[{{ f.w - 2 }}:0])) {{ f.p }}_fclass = x[{{ f.man_w - 1 }}] ? 4'd1 : 4'd0;
    else if ({{ f.p }}_is_inf(x[{{ f.w - 2 }}:0])) {{ f.p }}_fclass = x[{{ f.w - 1 }}] ? 4'd2 : 4'd9;
    else if ({{ f.p }}_is_zero(x[{{ f.w - 2 }}:0])) {{ f.p }}_fclass = x[{{ f.w - 1 }}] ? 4'd5 : 4'd6;
    else if (x[{{ f.w - 2 }}:{{ f.man_w }}] == '0) {{ f.p }}_fclass = x[{{ f.w - 1 }}] ? 4'd4 : 4'd7;
    else {{ f.p }}_fclass = x[{{ f.w - 1 }}] ? 4'd3 : 4'd8;
  endfunction

  // x * 2^n in rounding mode rm (one rounding, {{ f.rounder }}), x flushed; NaN made quiet,
  // infinities and zeros as they are; a denormal result flushed unless den_out.
  function automatic logic [{{ f.w - 1 }}:0] {{ f.p }}_ldexp(logic [{{ f.w - 1 }}:0] x, logic signed [FpQW-1:0] n,
      logic [1:0] rm, logic den_out);
    if ({{ f.p }}_is_nan(x[{{ f.w - 2 }}:0])) {{ f.p }}_ldexp = {{ f.p }}_quiet(x);
    else if ({{ f.p }}_is_inf(x[{{ f.w - 2 }}:0]) || {{ f.p }}_is_zero(x[{{ f.w - 2 }}:0])) {{ f.p }}_ldexp = x;
    else {{ f.p }}_ldexp = {{ f.p }}_flush({{ f.rounder }}(x[{{ f.w - 1 }}], {{ f.rounder_w }}'({{ f.p }}_sig(x[{{ f.w - 2 }}:0])),
        {{ f.p }}_lsb_exp(x[{{ f.w - 2 }}:{{ f.man_w }}]) + n, rm), den_out);
  endfunction
{%- if f.full %}

  // x < y for non-NaN values, ordering -0 below +0 (min/max, the compares).
  function automatic logic {{ f.p }}_less(logic [{{ f.w - 1 }}:0] x, logic [{{ f.w - 1 }}:0] y);
    if (x[{{ f.w - 1 }}] != y[{{ f.w - 1 }}]) {{ f.p }}_less = x[{{ f.w - 1 }}];
    else if (x[{{ f.w - 1 }}]) {{ f.p }}_less = x[{{ f.w - 2 }}:0] > y[{{ f.w - 2 }}:0];
    else {{ f.p }}_less = x[{{ f.w - 2 }}:0] < y[{{ f.w - 2 }}:0];
  endfunction

  // v_min / v_max on flushed inputs (fp::min_max): in IEEE mode a signalling NaN in x, else
  // in y, gives it quiet; otherwise a NaN in y gives x, one in x gives y.
  function automatic logic [{{ f.w - 1 }}:0] {{ f.p }}_min_max(logic [{{ f.w - 1 }}:0] x, logic [{{ f.w - 1 }}:0] y, logic max,
      logic ieee);
    if (ieee && {{ f.p }}_is_nan(x[{{ f.w - 2 }}:0]) && !x[{{ f.man_w - 1 }}]) {{ f.p }}_min_max = {{ f.p }}_quiet(x);
    else if (ieee && {{ f.p }}_is_nan(y[{{ f.w - 2 }}:0]) && !y[{{ f.man_w - 1 }}]) {{ f.p }}_min_max = {{ f.p }}_quiet(y);
    else if ({{ f.p }}_is_nan(y[{{ f.w - 2 }}:0])) {{ f.p }}_min_max = x;
    else if ({{ f.p }}_is_nan(x[{{ f.w - 2 }}:0])) {{ f.p }}_min_max = y;
    else {{ f.p }}_min_max = (max == {{ f.p }}_less(x, y)) ? y : x;
  endfunction

  // The compare of condition pred ({unordered, greater, equal, less}) on flushed inputs: a NaN
  // operand makes every condition but the unordered ones false.
  function automatic logic {{ f.p }}_compare(logic [3:0] pred, logic [{{ f.w - 1 }}:0] a, logic [{{ f.w - 1 }}:0] b);
    logic eq, lt;
    eq = (a == b) || ({{ f.p }}_is_zero(a[{{ f.w - 2 }}:0]) && {{ f.p }}_is_zero(b[{{ f.w - 2 }}:0]));
    lt = !eq && {{ f.p }}_less(a, b);
    if ({{ f.p }}_is_nan(a[{{ f.w - 2 }}:0]) || {{ f.p }}_is_nan(b[{{ f.w - 2 }}:0])) {{ f.p }}_compare = pred[3];
    else {{ f.p }}_compare = (!eq && !lt && pred[2]) || (eq && pred[1]) || (lt && pred[0]);
  endfunction

  // x rounded to an integral value in rounding mode rm (MODE's encoding), exactly, on its bit
  // pattern: the fraction bits below the units' bit cleared, and one unit more in magnitude
  // when the discarded bits round up (a carry into the exponent field is right). Below 1 in
  // magnitude the result is a signed zero or +-1.0. A NaN is made quiet; infinities and values
  // of 2^{{ f.man_w }} and more are integral already.
  function automatic logic [{{ f.w - 1 }}:0] {{ f.p }}_round_integral(logic [{{ f.w - 1 }}:0] x, logic [1:0] rm);
    logic [{{ f.man_w - 1 }}:0] frac;  // the fraction bits below the units' bit
    logic [{{ f.man_w - 1 }}:0] half;  // ... the highest of them
    logic        lsb, g, st, up;
    {{ f.p }}_round_integral = x;
    frac = '0;
    half = '0;
    lsb = 1'b0;
    g = 1'b0;
    st = 1'b0;
    up = 1'b0;
    if ({{ f.p }}_is_nan(x[{{ f.w - 2 }}:0])) begin
      {{ f.p }}_round_integral = {{ f.p }}_quiet(x);
    end else if (x[{{ f.w - 2 }}:{{ f.man_w }}] < {{ f.exp_w }}'d{{ f.bias }}) begin
      // Below 1: the units' bit is 0, x's leading one is the guard bit at exponent field
      // {{ f.bias - 1 }}.
      g = x[{{ f.w - 2 }}:{{ f.man_w }}] == {{ f.exp_w }}'d{{ f.bias - 1 }};
      st = (x[{{ f.w - 2 }}:{{ f.man_w }}] == {{ f.exp_w }}'d{{ f.bias - 1 }}) ? x[{{ f.man_w - 1 }}:0] != '0 : x[{{ f.w - 2 }}:0] != '0;
      unique case (rm)
        2'd0: up = g && st;
        2'd1: up = !x[{{ f.w - 1 }}] && (g || st);
        2'd2: up = x[{{ f.w - 1 }}] && (g || st);
        default: up = 1'b0;
      endcase
      {{ f.p }}_round_integral = {x[{{ f.w - 1 }}], up ? {{ f.w - 1 }}'h{{ f.one_hex }} : {{ f.w - 1 }}'d0};
    end else if (x[{{ f.w - 2 }}:{{ f.man_w }}] < {{ f.exp_w }}'d{{ f.bias + f.man_w }}) begin
      frac = {{ f.man_w }}'(({{ f.man_w + 1 }}'d1 << ({{ f.exp_w }}'d{{ f.bias + f.man_w }} - x[{{ f.w - 2 }}:{{ f.man_w }}])) - {{ f.man_w + 1 }}'d1);
      half = (frac >> 1) + {{ f.man_w }}'d1;
      lsb = (x[{{ f.w - 2 }}:{{ f.man_w }}] == {{ f.exp_w }}'d{{ f.bias }}) || (x[{{ f.man_w - 1 }}:0] & (frac + {{ f.man_w }}'d1)) != '0;
      g = (x[{{ f.man_w - 1 }}:0] & half) != '0;
      st = (x[{{ f.man_w - 1 }}:0] & (frac >> 1)) != '0;
      unique case (rm)
        2'd0: up = g && (st || lsb);
        2'd1: up = !x[{{ f.w - 1 }}] && (g || st);
        2'd2: up = x[{{ f.w - 1 }}] && (g || st);
        default: up = 1'b0;
      endcase
      {{ f.p }}_round_integral = {x[{{ f.w - 1 }}], x[{{ f.w - 2 }}:{{ f.man_w }}], x[{{ f.man_w - 1 }}:0] & ~frac} +
          (up ? {{ "{" }}{{ f.exp_w + 1 }}'d0, frac} + {{ f.w }}'d1 : {{ f.w }}'d0);
    end
  endfunction

  // frexp: a = mant * 2^exp with mant in [0.5, 1); exp (an i32, zero-extended) when `exp`,
  // else mant. Infinities and zeros give themselves (a NaN quiet) and exponent 0.
  function automatic logic [{{ f.w - 1 }}:0] {{ f.p }}_frexp(logic [{{ f.w - 1 }}:0] a, logic exp);
    logic [{{ f.lead_w - 1 }}:0]      lead;
    logic [{{ f.man_w }}:0]     m;
    logic signed [FpQW-1:0] fe;
    m = {{ f.p }}_sig(a[{{ f.w - 2 }}:0]);
    lead = '0;
    for (int i = 0; i < {{ f.man_w + 1 }}; i++) if (m[i]) lead = {{ f.lead_w }}'(i);
    fe = {{ f.p }}_lsb_exp(a[{{ f.w - 2 }}:{{ f.man_w }}]) + FpQW'(signed'({1'b0, lead})) + FpQW'(signed'(1));
    if ({{ f.p }}_is_nan(a[{{ f.w - 2 }}:0])) {{ f.p }}_frexp = exp ? '0 : {{ f.p }}_quiet(a);
    else if ({{ f.p }}_is_inf(a[{{ f.w - 2 }}:0]) || {{ f.p }}_is_zero(a[{{ f.w - 2 }}:0])) {{ f.p }}_frexp = exp ? '0 : a;
    else {{ f.p }}_frexp = exp ? {{ f.w }}'($unsigned(32'(fe)))
                       : {a[{{ f.w - 1 }}], {{ f.exp_w }}'d{{ f.bias - 1 }}, {{ f.man_w }}'(m << ({{ f.lead_w }}'d{{ f.man_w }} - lead))};
  endfunction

  // x (flushed; an integral value for the rounding conversions) truncated to a 32-bit integer,
  // signed or not: saturated (infinities too), NaN to 0.
  function automatic logic [31:0] {{ f.p }}_to_int(logic [{{ f.w - 1 }}:0] x, logic isigned);
    logic [33:0] mag;  // the magnitude, saturated beyond 33 bits
    if (x[{{ f.w - 2 }}:{{ f.man_w }}] < {{ f.exp_w }}'d{{ f.bias }}) mag = '0;
    else if (x[{{ f.w - 2 }}:{{ f.man_w }}] > {{ f.exp_w }}'d{{ f.bias + 32 }}) mag = '1;
{%- if f.man_w < 32 %}
    else if (x[{{ f.w - 2 }}:{{ f.man_w }}] >= {{ f.exp_w }}'d{{ f.bias + f.man_w }}) mag = 34'({{ f.p }}_sig(x[{{ f.w - 2 }}:0])) << (x[{{ f.w - 2 }}:{{ f.man_w }}] - {{ f.exp_w }}'d{{ f.bias + f.man_w }});
    else mag = 34'({{ f.p }}_sig(x[{{ f.w - 2 }}:0])) >> ({{ f.exp_w }}'d{{ f.bias + f.man_w }} - x[{{ f.w - 2 }}:{{ f.man_w }}]);
{%- else %}
    else mag = 34'({{ f.p }}_sig(x[{{ f.w - 2 }}:0]) >> ({{ f.exp_w }}'d{{ f.bias + f.man_w }} - x[{{ f.w - 2 }}:{{ f.man_w }}]));
{%- endif %}
    if ({{ f.p }}_is_nan(x[{{ f.w - 2 }}:0])) {{ f.p }}_to_int = '0;
    else if (isigned && x[{{ f.w - 1 }}]) {{ f.p }}_to_int = (mag > 34'h0_8000_0000) ? 32'h8000_0000 : -mag[31:0];
    else if (isigned) {{ f.p }}_to_int = (mag > 34'h0_7fff_ffff) ? 32'h7fff_ffff : mag[31:0];
    else if (x[{{ f.w - 1 }}]) {{ f.p }}_to_int = '0;
    else {{ f.p }}_to_int = (mag > 34'h0_ffff_ffff) ? 32'hffff_ffff : mag[31:0];
  endfunction

  // ---- The division helpers (sim/src/golden/valu/div.rs, whose comments say how the guide's
  // pseudocode is read).

  // n/d (finite, non-zero magnitudes) against c * 2^t, c = cw / 2^{{ f.man_w + 1 }} (cw 2^{{ f.man_w + 1 }},
  // 2^{{ f.man_w + 1 }} - 1 or 2^{{ f.man_w + 1 }} - 2 for cut 0, 1, 2): {below, equal}, exactly, from the
  // significands and exponents.
  function automatic logic [1:0] {{ f.p }}_quot_cmp(logic [{{ f.w - 2 }}:0] n, logic [{{ f.w - 2 }}:0] d,
      logic signed [FpQW-1:0] t, logic [1:0] cut);
    logic signed [FpQW-1:0] sh;
    logic [{{ 2 * f.man_w + 1 }}:0]          cd;   // c * 2^{{ f.man_w + 1 }} * sig(d)
    logic [{{ 3 * f.man_w + 4 }}:0]          l, r;
    // n/d < c 2^t  <=>  sig(n) * 2^sh < c * 2^{{ f.man_w + 1 }} * sig(d), sh = lsb(n) - lsb(d) - t + {{ f.man_w + 1 }}.
    sh = {{ f.p }}_lsb_exp(n[{{ f.w - 2 }}:{{ f.man_w }}]) - {{ f.p }}_lsb_exp(d[{{ f.w - 2 }}:{{ f.man_w }}]) - t + FpQW'(signed'({{ f.man_w + 1 }}));
    cd = ({{ 2 * f.man_w + 2 }}'({{ f.p }}_sig(d)) << {{ f.man_w + 1 }}) - (cut[0] ? {{ 2 * f.man_w + 2 }}'({{ f.p }}_sig(d)) : {{ 2 * f.man_w + 2 }}'d0) -
         (cut[1] ? {{ 2 * f.man_w + 2 }}'({{ f.p }}_sig(d)) << 1 : {{ 2 * f.man_w + 2 }}'d0);
    if (sh >= FpQW'(signed'({{ 2 * f.man_w + 3 }}))) begin
      {{ f.p }}_quot_cmp = 2'b00;  // sig(n) * 2^sh >= 2^{{ 2 * f.man_w + 3 }} > cd
    end else if (sh <= -FpQW'(signed'({{ f.man_w + 2 }}))) begin
      {{ f.p }}_quot_cmp = 2'b10;  // sig(n) * 2^sh < 1/2 < cd
    end else begin
      l = (sh >= 0) ? {{ 3 * f.man_w + 5 }}'({{ f.p }}_sig(n)) << sh : {{ 3 * f.man_w + 5 }}'({{ f.p }}_sig(n));
      r = (sh >= 0) ? {{ 3 * f.man_w + 5 }}'(cd) : {{ 3 * f.man_w + 5 }}'(cd) << (-sh);
      {{ f.p }}_quot_cmp = {l < r, l == r};
    end
  endfunction

  // v_div_scale (a = S0, d = S1 the denominator, n = S2 the numerator, as they are; rm the
  // format's rounding mode): {VCC's lane bit, the result}.
  function automatic logic [{{ f.w }}:0] {{ f.p }}_div_scale(logic [{{ f.w - 1 }}:0] a, logic [{{ f.w - 1 }}:0] d, logic [{{ f.w - 1 }}:0] n,
      logic [1:0] rm);
    logic       finite, qneg, toward0, rcp_den, q_den;
    logic [1:0] lo, hi, hi_cut;
    logic signed [FpQW-1:0] lo_t;
    logic [{{ f.exp_w }}:0] en, ed;
    en = {1'b0, n[{{ f.w - 2 }}:{{ f.man_w }}]};
    ed = {1'b0, d[{{ f.w - 2 }}:{{ f.man_w }}]};
    // 1/d rounded to nearest is denormal: |d| > 2^{{ f.bias - 1 }}, finite.
    rcp_den = (d[{{ f.w - 2 }}:{{ f.man_w }}] == {{ f.exp_w }}'d{{ 2 * f.bias - 1 }} && d[{{ f.man_w - 1 }}:0] != '0) || d[{{ f.w - 2 }}:{{ f.man_w }}] == {{ f.exp_w }}'d{{ 2 * f.bias }};
    // n/d rounded in rm (denormals kept) is a denormal: between bounds that depend on the
    // direction the mode rounds the quotient's magnitude.
    finite = n[{{ f.w - 2 }}:{{ f.man_w }}] != '1 && d[{{ f.w - 2 }}:{{ f.man_w }}] != '1 && !{{ f.p }}_is_zero(n[{{ f.w - 2 }}:0]) && !{{ f.p }}_is_zero(d[{{ f.w - 2 }}:0]);
    qneg = n[{{ f.w - 1 }}] ^ d[{{ f.w - 1 }}];
    toward0 = rm == 2'd3 || (rm == 2'd2 && !qneg) || (rm == 2'd1 && qneg);
    // Two comparators, their bounds chosen by the direction: nearest even: above
    // 2^-{{ f.bias + f.man_w }} and below 2^-{{ f.bias - 1 }} - 2^-{{ f.bias + f.man_w }}; toward zero: at least 2^-{{ f.bias + f.man_w - 1 }} and below
    // 2^-{{ f.bias - 1 }}; away from zero: at most 2^-{{ f.bias - 1 }} - 2^-{{ f.bias + f.man_w - 1 }} (no lower bound: any non-zero
    // quotient rounds up to 2^-{{ f.bias + f.man_w - 1 }}).
    lo_t = (rm == 2'd0) ? -FpQW'(signed'({{ f.bias + f.man_w }})) : -FpQW'(signed'({{ f.bias + f.man_w - 1 }}));
    hi_cut = (rm == 2'd0) ? 2'd1 : toward0 ? 2'd0 : 2'd2;
    lo = {{ f.p }}_quot_cmp(n[{{ f.w - 2 }}:0], d[{{ f.w - 2 }}:0], lo_t, 2'd0);
    hi = {{ f.p }}_quot_cmp(n[{{ f.w - 2 }}:0], d[{{ f.w - 2 }}:0], -FpQW'(signed'({{ f.bias - 1 }})), hi_cut);
    if (rm == 2'd0) q_den = lo == 2'b00 && hi[1];
    else if (toward0) q_den = !lo[1] && hi[1];
    else q_den = hi != 2'b00;
    q_den = q_den && finite;
    if ({{ f.p }}_is_zero(n[{{ f.w - 2 }}:0]) || {{ f.p }}_is_zero(d[{{ f.w - 2 }}:0])) {{ f.p }}_div_scale = {1'b0, {{ f.w }}'h{{ f.dnan_hex }}};
    else if ($signed(en - ed) >= {{ f.exp_w + 1 }}'sd{{ f.div_big }}) {{ f.p }}_div_scale = {1'b1, (a == d) ? {{ f.p }}_ldexp(a, FpQW'(signed'({{ f.div_k }})), rm, 1'b1) : a};
    else if (d[{{ f.w - 2 }}:{{ f.man_w }}] == '0) {{ f.p }}_div_scale = {1'b0, {{ f.p }}_ldexp(a, FpQW'(signed'({{ f.div_k }})), rm, 1'b1)};
    else if (rcp_den && q_den) {{ f.p }}_div_scale = {1'b1, (a == d) ? {{ f.p }}_ldexp(a, -FpQW'(signed'({{ f.div_k }})), rm, 1'b1) : a};
    else if (rcp_den) {{ f.p }}_div_scale = {1'b0, {{ f.p }}_ldexp(a, -FpQW'(signed'({{ f.div_k }})), rm, 1'b1)};
    else if (q_den) {{ f.p }}_div_scale = {1'b1, (a == n) ? {{ f.p }}_ldexp(a, FpQW'(signed'({{ f.div_k }})), rm, 1'b1) : a};
    else if (n[{{ f.w - 2 }}:{{ f.man_w }}] <= {{ f.exp_w }}'d{{ f.div_tiny }}) {{ f.p }}_div_scale = {1'b0, {{ f.p }}_ldexp(a, FpQW'(signed'({{ f.div_k }})), rm, 1'b1)};
    else {{ f.p }}_div_scale = {1'b0, a};
  endfunction

  // v_div_fixup (q = S0 the quotient's magnitude, d = S1, n = S2, as they are).
  function automatic logic [{{ f.w - 1 }}:0] {{ f.p }}_div_fixup(logic [{{ f.w - 2 }}:0] q, logic [{{ f.w - 1 }}:0] d, logic [{{ f.w - 1 }}:0] n);
    logic sign;
    sign = d[{{ f.w - 1 }}] ^ n[{{ f.w - 1 }}];
    if ({{ f.p }}_is_nan(n[{{ f.w - 2 }}:0])) {{ f.p }}_div_fixup = {{ f.p }}_quiet(n);
    else if ({{ f.p }}_is_nan(d[{{ f.w - 2 }}:0])) {{ f.p }}_div_fixup = {{ f.p }}_quiet(d);
    else if (({{ f.p }}_is_zero(d[{{ f.w - 2 }}:0]) && {{ f.p }}_is_zero(n[{{ f.w - 2 }}:0])) || ({{ f.p }}_is_inf(d[{{ f.w - 2 }}:0]) && {{ f.p }}_is_inf(n[{{ f.w - 2 }}:0])))
      {{ f.p }}_div_fixup = {{ f.w }}'h{{ f.dnan_hex }};
    else if ({{ f.p }}_is_zero(d[{{ f.w - 2 }}:0]) || {{ f.p }}_is_inf(n[{{ f.w - 2 }}:0])) {{ f.p }}_div_fixup = {sign, {{ f.w - 1 }}'h{{ f.inf_hex }}};
    else if ({{ f.p }}_is_inf(d[{{ f.w - 2 }}:0]) || {{ f.p }}_is_zero(n[{{ f.w - 2 }}:0]) ||
             $signed({1'b0, n[{{ f.w - 2 }}:{{ f.man_w }}]}) - $signed({1'b0, d[{{ f.w - 2 }}:{{ f.man_w }}]}) < -{{ f.exp_w + 1 }}'sd{{ f.bias + f.man_w }})
      {{ f.p }}_div_fixup = {sign, {{ f.w - 1 }}'d0};
    else if ({{ f.p }}_is_nan(q)) {{ f.p }}_div_fixup = {sign, {{ f.w - 1 }}'h{{ f.inf_hex }}};
    else {{ f.p }}_div_fixup = {sign, q};
  endfunction
{%- endif %}
{%- if let Some(t) = f.trans %}

  // The transcendental digit recurrence's state on {{ f.what }} significands: the remainder E
  // ({{ t.ew }} bits, signed while stepping), V, the result bits Y so far, and the radicand's
  // bits not yet taken (sqrt: two a step from the top, zeros after them).
  typedef struct packed {
    logic [{{ t.ew - 1 }}:0] e;
    logic [{{ t.vw - 1 }}:0] v;
    logic [{{ t.yw - 1 }}:0] y;
    logic [{{ t.rw - 1 }}:0] rad;
  } {{ f.p }}_tstate_t;

  // One step for one result bit: T = P - D with P = 2E (rcp) or 4E + the radicand's next two
  // bits (sqrt{% if t.rsq %}; none for rsq{% endif %}) and D = n (rcp: the significand S), 4V + 1 (sqrt){% if t.rsq %}, 4V + n (rsq:
  // n = M){% endif %}, where V is Y so far (sqrt){% if t.rsq %} or Y so far times M (rsq){% endif %}. A non-negative T sets the bit,
  // E = T and V = 2V + 1{% if t.rsq %} or 2V + M{% endif %}; else E = P and V = 2V.
  function automatic {{ f.p }}_tstate_t {{ f.p }}_tstep({{ f.p }}_tstate_t s, tkind_e k, logic [{{ t.nw - 1 }}:0] n);
    {{ f.p }}_tstate_t o;
    logic [{{ t.ew - 1 }}:0] p, d, t;
    o = s;
    unique case (k)
      TkRcp: begin
        p = s.e << 1;
        d = {{ t.ew }}'(n);
      end
{%- if t.rsq %}
      TkRsq: begin
        p = s.e << 2;
        d = {{ t.ew }}'({s.v, 2'b00}) + {{ t.ew }}'(n);
      end
{%- endif %}
      default: begin
        p = (s.e << 2) | {{ t.ew }}'(s.rad[{{ t.rw - 1 }}:{{ t.rw - 2 }}]);
        d = {{ t.ew }}'({s.v, 2'b01});
      end
    endcase
    t = p - d;
    o.rad = s.rad << 2;
    o.y = {s.y[{{ t.yw - 2 }}:0], !t[{{ t.ew - 1 }}]};
    if (!t[{{ t.ew - 1 }}]) begin
      o.e = t;
{%- if t.rsq %}
      o.v = (k == TkRsq) ? (s.v << 1) + {{ t.vw }}'(n) : (k == TkRcp) ? s.v : {s.v[{{ t.vw - 2 }}:0], 1'b1};
{%- else %}
      o.v = (k == TkRcp) ? s.v : {s.v[{{ t.vw - 2 }}:0], 1'b1};
{%- endif %}
    end else begin
      o.e = p;
      o.v = (k == TkRcp) ? s.v : s.v << 1;
    end
    {{ f.p }}_tstep = o;
  endfunction

  // A cycle of the recurrence: {{ t.steps }} steps.
  function automatic {{ f.p }}_tstate_t {{ f.p }}_tcycle({{ f.p }}_tstate_t s, tkind_e k, logic [{{ t.nw - 1 }}:0] n);
    {{ f.p }}_tcycle = s;
    for (int i = 0; i < int'({{ t.steps }}); i++) {{ f.p }}_tcycle = {{ f.p }}_tstep({{ f.p }}_tcycle, k, n);
  endfunction
{%- endif %}
{%- endfor %}
