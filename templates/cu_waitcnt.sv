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
  // A return arrived for a counter that was zero (a protocol error of the memory side).
  output logic                underflow_o
);

  // TO BE WRITTEN

endmodule
