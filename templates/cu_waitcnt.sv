{{ header }}
// Waitcnt scoreboard: the wait counters of every wave (guide Table 4, widths from the ISA
// table). An issuing instruction increments the counters it uses; each counter sees at most
// one completion (return) per cycle, from any wave and in any order. A wave that executes an
// s_waitcnt-family instruction either passes at once (query_ok_o) or registers its thresholds
// and stalls until every counter is at or below them.
module cu_waitcnt
  import cu_pkg::*;
#(
  parameter int unsigned NumWaves = 4,
  localparam int unsigned WaveW = (NumWaves > 1) ? $clog2(NumWaves) : 1
) (
  input  logic                clk_i,
  input  logic                rst_ni,
  // Issue: wave inc_wave_i increments each counter flagged in inc_i by one.
  input  logic                inc_valid_i,
  input  logic [WaveW-1:0]    inc_wave_i,
  input  cnt_flags_t          inc_i,
  // Returns: one per counter per cycle.
{%- for c in counters %}
  input  logic                ret_{{ c.name }}_valid_i,
  input  logic [WaveW-1:0]    ret_{{ c.name }}_wave_i,
{%- endfor %}
  // Query: are wave query_wave_i's counters at or below query_thr_i now?
  input  logic [WaveW-1:0]    query_wave_i,
  input  cnt_t                query_thr_i,
  output logic                query_ok_o,
  // Wait: register thresholds for a wave; it stalls until they hold.
  input  logic                wait_valid_i,
  input  logic [WaveW-1:0]    wait_wave_i,
  input  cnt_t                wait_thr_i,
  output logic [NumWaves-1:0] stall_o,
  // A counter of the wave is at its maximum: it must not issue an instruction that uses it.
  output logic [NumWaves-1:0] full_o,
  output cnt_t [NumWaves-1:0] cnt_o,
  // A return arrived for a counter that was zero (a protocol error of the memory side);
  // registered: high in the cycle after the edge that took that return.
  output logic                underflow_o
);

  // ------------------------------------------------------------------------------------------
  // State: the counters of every wave, a pending wait with its thresholds per wave, and the
  // underflow flag of the last clock edge.
  cnt_t [NumWaves-1:0] cnt_q, cnt_d;
  logic [NumWaves-1:0] wait_q, wait_d;
  cnt_t [NumWaves-1:0] wait_thr_q, wait_thr_d;
  logic                underflow_q, underflow_d;

  // Every counter of cnt is at or below its threshold in thr.
  function automatic logic cnt_le(cnt_t cnt, cnt_t thr);
    cnt_le = 1'b1;
{%- for c in counters %}
    if (cnt.{{ c.name }} > thr.{{ c.name }}) cnt_le = 1'b0;
{%- endfor %}
  endfunction

  // Some counter of cnt is at its maximum.
  function automatic logic cnt_any_max(cnt_t cnt);
    cnt_any_max = 1'b0;
{%- for c in counters %}
    if (cnt.{{ c.name }} == '1) cnt_any_max = 1'b1;
{%- endfor %}
  endfunction

  // A wave's registered wait is satisfied by its current counts.
  logic [NumWaves-1:0] wait_met;

  // ------------------------------------------------------------------------------------------
  // Counters. Per counter and wave: an increment alone adds one unless the counter is at its
  // maximum (it holds there: the issue logic must not issue while full_o, so this only guards
  // against wrapping); a return alone subtracts one unless the counter is zero (it stays zero
  // and underflow_o rises in the next cycle); an increment and a return of the same wave and
  // counter in one cycle cancel (no change, no underflow, even at zero or at the maximum).
  always_comb begin
    cnt_d = cnt_q;
    underflow_d = 1'b0;
    for (int unsigned w = 0; w < NumWaves; w++) begin
{%- for c in counters %}
      unique case ({inc_valid_i && inc_i.{{ c.name }} && (inc_wave_i == WaveW'(w)),
                    ret_{{ c.name }}_valid_i && (ret_{{ c.name }}_wave_i == WaveW'(w))})
        2'b10: begin
          if (cnt_q[w].{{ c.name }} != '1) begin
            cnt_d[w].{{ c.name }} = cnt_q[w].{{ c.name }} + {{ c.camel }}CntW'(1);
          end
        end
        2'b01: begin
          if (cnt_q[w].{{ c.name }} != '0) begin
            cnt_d[w].{{ c.name }} = cnt_q[w].{{ c.name }} - {{ c.camel }}CntW'(1);
          end else begin
            underflow_d = 1'b1;
          end
        end
        default: ;  // neither, or both (they cancel)
      endcase
{%- endfor %}
    end
  end

  // ------------------------------------------------------------------------------------------
  // Waits. A registered wait stalls its wave from the cycle after wait_valid_i (in that cycle
  // the wave is busy issuing the s_waitcnt) until the current counts meet the thresholds; in
  // the cycle they do, stall_o falls and the registration clears at the next edge, so the wave
  // stays unstalled even if its counts rise again. Registering replaces a pending wait.
  always_comb begin
    wait_d = wait_q;
    wait_thr_d = wait_thr_q;
    for (int unsigned w = 0; w < NumWaves; w++) begin
      wait_met[w] = cnt_le(cnt_q[w], wait_thr_q[w]);
      if (wait_met[w]) begin
        wait_d[w] = 1'b0;
      end
      if (wait_valid_i && (wait_wave_i == WaveW'(w))) begin
        wait_d[w] = 1'b1;
        wait_thr_d[w] = wait_thr_i;
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      cnt_q <= '0;
      wait_q <= '0;
      wait_thr_q <= '0;
      underflow_q <= 1'b0;
    end else begin
      cnt_q <= cnt_d;
      wait_q <= wait_d;
      wait_thr_q <= wait_thr_d;
      underflow_q <= underflow_d;
    end
  end

  // ------------------------------------------------------------------------------------------
  // Outputs.
  always_comb begin
    for (int unsigned w = 0; w < NumWaves; w++) begin
      full_o[w] = cnt_any_max(cnt_q[w]);
    end
  end

  // A multiplexer rather than cnt_q[query_wave_i], so that a wave number beyond NumWaves
  // (possible when NumWaves is not a power of two) reads no X; such a wave has no counters.
  always_comb begin
    query_ok_o = 1'b1;
    for (int unsigned w = 0; w < NumWaves; w++) begin
      if (query_wave_i == WaveW'(w)) begin
        query_ok_o = cnt_le(cnt_q[w], query_thr_i);
      end
    end
  end

  assign stall_o = wait_q & ~wait_met;
  assign cnt_o = cnt_q;
  assign underflow_o = underflow_q;

endmodule
