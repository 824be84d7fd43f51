// Self-checking testbench for cu_waitcnt (rtl/cu_waitcnt.sv).
//
// Random issues and out-of-order returns across NumWaves waves and all four counters, deliberate
// underflows, increments at the maximum, random queries and registered waits, checked every
// cycle against a reference model written here from the module's specification (integers per
// wave and counter, not the RTL's structure). Checked each cycle: every counter of every wave
// (cnt_o), full_o, underflow_o, query_ok_o and stall_o. At the end it also fails if the run did
// not reach the corner cases it exists for (saturation, cancellation, underflow, stall rise and
// fall) for every counter, so a change to the stimulus cannot quietly make it test nothing.
//
// Driven by tb_cu_waitcnt.cpp, which toggles clk_i and holds rst_ni low for a few cycles; there
// are no timing constructs, so it builds with Verilator 5.006 without --timing.
// Plusargs: +seed=N (default 1), +cycles=N (default 200000).
// On the first mismatches (up to MaxErrors) it prints cycle, wave, counter, expected and actual,
// then raises fail_o and done_o; otherwise it prints one PASS line and raises done_o.
//
// The four counters (vm, vs, lgkm, exp, in cu_pkg::cnt_t's order) are named here: if the ISA
// table's counters change, this file stops compiling rather than testing a subset.
module tb_cu_waitcnt
  import cu_pkg::*;
#(
  parameter int unsigned NumWaves = 4
) (
  input  logic clk_i,
  input  logic rst_ni,
  output logic done_o,
  output logic fail_o
);

  localparam int unsigned WaveW = (NumWaves > 1) ? $clog2(NumWaves) : 1;
  localparam int NumCnt = 4;
  localparam int NW = int'(NumWaves);
  localparam int MaxErrors = 10;

  // ------------------------------------------------------------------------------------------
  // Counter c of the package's types, by number.
  function automatic string cname(int c);
    case (c)
      0: return "vm";
      1: return "vs";
      2: return "lgkm";
      default: return "exp";
    endcase
  endfunction

  function automatic int cmax(int c);
    case (c)
      0: return (1 << VmCntW) - 1;
      1: return (1 << VsCntW) - 1;
      2: return (1 << LgkmCntW) - 1;
      default: return (1 << ExpCntW) - 1;
    endcase
  endfunction

  function automatic int cget(cnt_t x, int c);
    case (c)
      0: return int'(x.vm);
      1: return int'(x.vs);
      2: return int'(x.lgkm);
      default: return int'(x.exp);
    endcase
  endfunction

  function automatic cnt_t cset(cnt_t x, int c, int v);
    cnt_t r = x;
    case (c)
      0: r.vm = VmCntW'(v);
      1: r.vs = VsCntW'(v);
      2: r.lgkm = LgkmCntW'(v);
      default: r.exp = ExpCntW'(v);
    endcase
    return r;
  endfunction

  function automatic bit fget(cnt_flags_t f, int c);
    case (c)
      0: return f.vm;
      1: return f.vs;
      2: return f.lgkm;
      default: return f.exp;
    endcase
  endfunction

  function automatic cnt_flags_t fset(cnt_flags_t f, int c, bit v);
    cnt_flags_t r = f;
    case (c)
      0: r.vm = v;
      1: r.vs = v;
      2: r.lgkm = v;
      default: r.exp = v;
    endcase
    return r;
  endfunction

  // ------------------------------------------------------------------------------------------
  // Stimulus (flops of the testbench, changed at the clock edge) and the device under test.
  logic                         inc_valid;
  logic [WaveW-1:0]             inc_wave;
  cnt_flags_t                   inc;
  logic [NumCnt-1:0]            ret_valid;
  logic [NumCnt-1:0][WaveW-1:0] ret_wave;
  logic [WaveW-1:0]             query_wave;
  cnt_t                         query_thr;
  logic                         wait_valid;
  logic [WaveW-1:0]             wait_wave;
  cnt_t                         wait_thr;

  logic                         query_ok;
  logic [NumWaves-1:0]          stall;
  logic [NumWaves-1:0]          full;
  cnt_t [NumWaves-1:0]          cnt;
  logic                         underflow;

  cu_waitcnt #(
    .NumWaves(NumWaves)
  ) u_dut (
    .clk_i,
    .rst_ni,
    .inc_valid_i     (inc_valid),
    .inc_wave_i      (inc_wave),
    .inc_i           (inc),
    .ret_vm_valid_i  (ret_valid[0]),
    .ret_vm_wave_i   (ret_wave[0]),
    .ret_vs_valid_i  (ret_valid[1]),
    .ret_vs_wave_i   (ret_wave[1]),
    .ret_lgkm_valid_i(ret_valid[2]),
    .ret_lgkm_wave_i (ret_wave[2]),
    .ret_exp_valid_i (ret_valid[3]),
    .ret_exp_wave_i  (ret_wave[3]),
    .query_wave_i    (query_wave),
    .query_thr_i     (query_thr),
    .query_ok_o      (query_ok),
    .wait_valid_i    (wait_valid),
    .wait_wave_i     (wait_wave),
    .wait_thr_i      (wait_thr),
    .stall_o         (stall),
    .full_o          (full),
    .cnt_o           (cnt),
    .underflow_o     (underflow)
  );

  // ------------------------------------------------------------------------------------------
  // Random numbers: xorshift64*, seeded from +seed, so a failing run is reproducible.
  longint unsigned rng;
  int unsigned seed;
  int unsigned num_cycles;

  initial begin
    if (!$value$plusargs("seed=%d", seed)) seed = 1;
    if (!$value$plusargs("cycles=%d", num_cycles)) num_cycles = 200000;
    rng = 64'h9e3779b97f4a7c15 ^ {32'd0, seed};
    if (rng == 0) rng = 1;
  end

  // A number in [0, n).
  function automatic int rnd(int n);
    longint unsigned r;
    rng = rng ^ (rng >> 12);
    rng = rng ^ (rng << 25);
    rng = rng ^ (rng >> 27);
    r = rng * 64'h2545f4914f6cdd1d;
    return int'((r >> 32) % longint'(n));
  endfunction

  // True with probability pct/100.
  function automatic bit chance(int pct);
    return rnd(100) < pct;
  endfunction

  // ------------------------------------------------------------------------------------------
  // Reference model.
  int m_cnt [NumWaves][NumCnt];
  bit m_wait [NumWaves];
  int m_thr [NumWaves][NumCnt];
  bit m_underflow;

  function automatic bit m_met(int w);
    for (int c = 0; c < NumCnt; c++) begin
      if (m_cnt[w][c] > m_thr[w][c]) return 1'b0;
    end
    return 1'b1;
  endfunction

  function automatic bit m_stall(int w);
    return m_wait[w] && !m_met(w);
  endfunction

  function automatic bit m_full(int w);
    for (int c = 0; c < NumCnt; c++) begin
      if (m_cnt[w][c] == cmax(c)) return 1'b1;
    end
    return 1'b0;
  endfunction

  // Every counter of wave w is at or below its threshold in thr (a wave beyond NumWaves has
  // no counters).
  function automatic bit m_met_thr(int w, cnt_t thr);
    if (w >= NW) return 1'b1;
    for (int c = 0; c < NumCnt; c++) begin
      if (m_cnt[w][c] > cget(thr, c)) return 1'b0;
    end
    return 1'b1;
  endfunction

  // ------------------------------------------------------------------------------------------
  // Statistics: what was checked and which events happened.
  int unsigned     cycle;
  int unsigned     errors;
  longint unsigned n_cnt_chk, n_full_chk, n_uf_chk, n_query_chk, n_stall_chk;
  longint unsigned n_query_ok, n_query_nok, n_full_seen;
  longint unsigned n_issue, n_ret, n_wait, n_wait_met_at_once, n_stall_rise, n_stall_fall;
  longint unsigned n_sat [NumCnt];
  longint unsigned n_cancel [NumCnt];
  longint unsigned n_underflow [NumCnt];
  longint unsigned n_top [NumCnt];
  bit              prev_stall [NumWaves];

  // Stimulus phases, so that counters both fill to their maximum and drain to zero.
  typedef enum int {
    PhFill,
    PhDrain,
    PhMix,
    PhQuiet
  } phase_e;
  phase_e phase;
  int     phase_left;
  int     focus;  // the wave most issues go to during a fill phase

  task automatic fail_msg(string what, string where, int exp_v, int act_v, string why);
    errors++;
    if (errors <= MaxErrors) begin
      $display("FAIL cycle %0d %s: %s expected %0d, actual %0d%s (seed %0d)",
               cycle, where, what, exp_v, act_v, why, seed);
    end
  endtask

  // Wave w's counts against limits lim (thresholds, or the maxima), counter by counter.
  function automatic string explain(int w, cnt_t lim, string what);
    string s = "";
    string rel;
    if (w >= NW) return " [no such wave]";
    for (int c = 0; c < NumCnt; c++) begin
      rel = "<=";
      if (m_cnt[w][c] > cget(lim, c)) rel = ">";
      s = {s, $sformatf(" %s %0d%s%0d", cname(c), m_cnt[w][c], rel, cget(lim, c))};
    end
    return {" [expected counts vs ", what, ":", s, "]"};
  endfunction

  function automatic cnt_t m_thr_of(int w);
    cnt_t r = '0;
    for (int c = 0; c < NumCnt; c++) r = cset(r, c, m_thr[w][c]);
    return r;
  endfunction

  // Compare the outputs of the device with the model, before the clock edge.
  task automatic check();
    for (int w = 0; w < NW; w++) begin
      for (int c = 0; c < NumCnt; c++) begin
        n_cnt_chk++;
        if (cget(cnt[w], c) != m_cnt[w][c]) begin
          fail_msg("cnt_o", $sformatf("wave %0d counter %s", w, cname(c)), m_cnt[w][c],
                   cget(cnt[w], c), "");
        end
      end
      n_full_chk++;
      if (full[w] != m_full(w)) begin
        fail_msg("full_o", $sformatf("wave %0d", w), int'(m_full(w)), int'(full[w]),
                 explain(w, cnt_t'('1), "maxima"));
      end
      if (full[w]) n_full_seen++;
      n_stall_chk++;
      if (stall[w] != m_stall(w)) begin
        fail_msg(m_stall(w) ? (prev_stall[w] ? "stall_o fell early:" : "stall_o did not rise:")
                            : (prev_stall[w] ? "stall_o did not fall:" : "stall_o rose wrongly:"),
                 $sformatf("wave %0d", w), int'(m_stall(w)), int'(stall[w]),
                 m_wait[w] ? explain(w, m_thr_of(w), "registered thresholds")
                           : " [no wait registered]");
      end
      if (m_stall(w) && !prev_stall[w]) n_stall_rise++;
      if (!m_stall(w) && prev_stall[w]) n_stall_fall++;
      prev_stall[w] = m_stall(w);
    end
    n_uf_chk++;
    if (underflow != m_underflow) begin
      fail_msg("underflow_o", "(any wave)", int'(m_underflow), int'(underflow),
               m_underflow ? " [a return hit a zero counter at the last edge]"
                           : " [no return hit a zero counter at the last edge]");
    end
    n_query_chk++;
    if (query_ok != m_met_thr(int'(query_wave), query_thr)) begin
      fail_msg("query_ok_o", $sformatf("wave %0d", query_wave),
               int'(m_met_thr(int'(query_wave), query_thr)), int'(query_ok),
               explain(int'(query_wave), query_thr, "query thresholds"));
    end
    if (m_met_thr(int'(query_wave), query_thr)) n_query_ok++;
    else n_query_nok++;
  endtask

  // Advance the model by the clock edge that applies the current stimulus.
  task automatic step_model();
    // A wait clears on the counts before the edge; a new registration wins over the clearing.
    for (int w = 0; w < NW; w++) begin
      if (m_wait[w] && m_met(w)) m_wait[w] = 1'b0;
    end
    if (wait_valid) begin
      n_wait++;
      if (int'(wait_wave) < NW) begin
        m_wait[wait_wave] = 1'b1;
        for (int c = 0; c < NumCnt; c++) m_thr[wait_wave][c] = cget(wait_thr, c);
        if (m_met(int'(wait_wave))) n_wait_met_at_once++;
      end
    end
    m_underflow = 1'b0;
    if (inc_valid) n_issue++;
    for (int c = 0; c < NumCnt; c++) begin
      if (ret_valid[c]) n_ret++;
      for (int w = 0; w < NW; w++) begin
        bit i = inc_valid && fget(inc, c) && (int'(inc_wave) == w);
        bit r = ret_valid[c] && (int'(ret_wave[c]) == w);
        if (i && r) begin
          n_cancel[c]++;
        end else if (i) begin
          if (m_cnt[w][c] == cmax(c)) n_sat[c]++;
          else m_cnt[w][c]++;
          if (m_cnt[w][c] == cmax(c)) n_top[c]++;
        end else if (r) begin
          if (m_cnt[w][c] == 0) begin
            m_underflow = 1'b1;
            n_underflow[c]++;
          end else begin
            m_cnt[w][c]--;
          end
        end
      end
    end
  endtask

  // Stimulus for the next cycle, from the model's state after the edge.
  logic                         inc_valid_n;
  logic [WaveW-1:0]             inc_wave_n;
  cnt_flags_t                   inc_n;
  logic [NumCnt-1:0]            ret_valid_n;
  logic [NumCnt-1:0][WaveW-1:0] ret_wave_n;
  logic [WaveW-1:0]             query_wave_n;
  cnt_t                         query_thr_n;
  logic                         wait_valid_n;
  logic [WaveW-1:0]             wait_wave_n;
  cnt_t                         wait_thr_n;

  task automatic gen_stimulus();
    int p_issue, p_ret, p_wait, w, c, start;
    if (phase_left == 0) begin
      phase = phase_e'(rnd(4));
      phase_left = 200 + rnd(1800);
      focus = rnd(NW);
    end
    phase_left--;
    unique case (phase)
      PhFill: begin p_issue = 95; p_ret = 3; p_wait = 1; end
      PhDrain: begin p_issue = 10; p_ret = 85; p_wait = 5; end
      PhMix: begin p_issue = 50; p_ret = 40; p_wait = 5; end
      default: begin p_issue = 10; p_ret = 10; p_wait = 5; end
    endcase

    // Issue. Inputs other than valid carry junk when valid is low. A stalled or full wave
    // would not issue in the compute unit; it mostly does not here either, but sometimes does,
    // to check the counters hold at the maximum and a wait sees the current counts.
    inc_valid_n = 1'b0;
    inc_wave_n = WaveW'(rnd(1 << WaveW));
    inc_n = cnt_flags_t'($bits(cnt_flags_t)'(rnd(1 << $bits(cnt_flags_t))));
    if (chance(p_issue)) begin
      w = (phase == PhFill && chance(70)) ? focus : rnd(NW);
      inc_wave_n = WaveW'(w);
      if (chance(60)) inc_n = fset('0, rnd(NumCnt), 1'b1);
      inc_valid_n = 1'b1;
      if (m_stall(w) && !chance(5)) inc_valid_n = 1'b0;
      if (m_full(w) && phase != PhFill && !chance(5)) inc_valid_n = 1'b0;
    end

    // Returns: any wave with something outstanding, in any order; rarely a deliberate one to
    // a counter at zero (underflow).
    for (c = 0; c < NumCnt; c++) begin
      ret_valid_n[c] = 1'b0;
      ret_wave_n[c] = WaveW'(rnd(1 << WaveW));
      if (rnd(4000) == 0) begin
        start = rnd(NW);
        for (int k = 0; k < NW; k++) begin
          w = (start + k) % NW;
          if (m_cnt[w][c] == 0 && !ret_valid_n[c]) begin
            ret_valid_n[c] = 1'b1;
            ret_wave_n[c] = WaveW'(w);
          end
        end
      end else if (chance(p_ret)) begin
        start = rnd(NW);
        for (int k = 0; k < NW; k++) begin
          w = (start + k) % NW;
          if (m_cnt[w][c] != 0 && !ret_valid_n[c]) begin
            ret_valid_n[c] = 1'b1;
            ret_wave_n[c] = WaveW'(w);
          end
        end
      end
    end

    // Query: thresholds near the current counts, so both answers are common.
    w = rnd(NW);
    query_wave_n = WaveW'(w);
    query_thr_n = '0;
    for (c = 0; c < NumCnt; c++) begin
      int t = chance(10) ? rnd(cmax(c) + 1) : m_cnt[w][c] - 1 + rnd(3);
      if (t < 0) t = 0;
      if (t > cmax(c)) t = cmax(c);
      query_thr_n = cset(query_thr_n, c, t);
    end

    // Wait: mostly for a wave that is not waiting and has something outstanding, with
    // thresholds at or below its counts (it stalls); sometimes for any wave, sometimes with
    // thresholds at the maximum (met at once), sometimes replacing a pending wait.
    wait_valid_n = 1'b0;
    wait_wave_n = WaveW'(rnd(1 << WaveW));
    wait_thr_n = cnt_t'($bits(cnt_t)'(rnd(1 << $bits(cnt_t))));
    if (chance(p_wait)) begin
      w = rnd(NW);
      if (chance(80)) begin
        start = w;
        for (int k = NW - 1; k >= 0; k--) begin
          int v = (start + k) % NW;
          if (!m_wait[v] && !m_met_thr(v, '0)) w = v;
        end
      end
      if (!m_wait[w] || chance(10)) begin
        wait_valid_n = 1'b1;
        wait_wave_n = WaveW'(w);
        for (c = 0; c < NumCnt; c++) begin
          int t = chance(10) ? cmax(c) : rnd(m_cnt[w][c] + 1);
          wait_thr_n = cset(wait_thr_n, c, t);
        end
      end
    end
  endtask

  // The run is good only if it reached every corner case it is meant to check.
  task automatic check_coverage();
    for (int c = 0; c < NumCnt; c++) begin
      if (n_top[c] == 0) begin
        errors++;
        $display("FAIL coverage: counter %s never reached its maximum %0d", cname(c), cmax(c));
      end
      if (n_sat[c] == 0) begin
        errors++;
        $display("FAIL coverage: counter %s never saw an increment at its maximum", cname(c));
      end
      if (n_cancel[c] == 0) begin
        errors++;
        $display("FAIL coverage: counter %s never saw an increment and a return cancel",
                 cname(c));
      end
      if (n_underflow[c] == 0) begin
        errors++;
        $display("FAIL coverage: counter %s never saw a return at zero", cname(c));
      end
    end
    if (n_stall_rise < 10 || n_stall_fall < 10 || n_wait_met_at_once == 0) begin
      errors++;
      $display("FAIL coverage: stall rose %0d and fell %0d times, %0d waits met at once",
               n_stall_rise, n_stall_fall, n_wait_met_at_once);
    end
    if (n_query_ok < 100 || n_query_nok < 100) begin
      errors++;
      $display("FAIL coverage: query_ok_o was 1 %0d times and 0 %0d times",
               n_query_ok, n_query_nok);
    end
  endtask

  always @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      for (int w = 0; w < NW; w++) begin
        m_wait[w] = 1'b0;
        prev_stall[w] = 1'b0;
        for (int c = 0; c < NumCnt; c++) begin
          m_cnt[w][c] = 0;
          m_thr[w][c] = 0;
        end
      end
      m_underflow = 1'b0;
      phase_left = 0;
      cycle = 0;
      inc_valid <= 1'b0;
      inc_wave <= '0;
      inc <= '0;
      ret_valid <= '0;
      ret_wave <= '0;
      query_wave <= '0;
      query_thr <= '0;
      wait_valid <= 1'b0;
      wait_wave <= '0;
      wait_thr <= '0;
      done_o <= 1'b0;
      fail_o <= 1'b0;
    end else if (!done_o) begin
      check();
      step_model();
      gen_stimulus();
      inc_valid <= inc_valid_n;
      inc_wave <= inc_wave_n;
      inc <= inc_n;
      ret_valid <= ret_valid_n;
      ret_wave <= ret_wave_n;
      query_wave <= query_wave_n;
      query_thr <= query_thr_n;
      wait_valid <= wait_valid_n;
      wait_wave <= wait_wave_n;
      wait_thr <= wait_thr_n;
      cycle++;
      if (errors == 0 && cycle == num_cycles) check_coverage();
      if (errors != 0 || cycle == num_cycles) begin
        done_o <= 1'b1;
        fail_o <= errors != 0;
        if (errors == 0) begin
          // One line, written in pieces: Verilator takes minutes to fold one long
          // concatenated format string.
          $write("PASS tb_cu_waitcnt: seed %0d, %0d cycles, %0d waves; checked %0d counts, ",
                 seed, cycle, NW, n_cnt_chk);
          $write("%0d full_o (%0d high), %0d underflow_o, %0d query_ok_o (%0d ok, %0d not), ",
                 n_full_chk, n_full_seen, n_uf_chk, n_query_chk, n_query_ok, n_query_nok);
          $write("%0d stall_o; events: %0d issues, %0d returns, ", n_stall_chk, n_issue, n_ret);
          $write("%0d/%0d/%0d/%0d vm/vs/lgkm/exp increments held at max, ",
                 n_sat[0], n_sat[1], n_sat[2], n_sat[3]);
          $write("%0d/%0d/%0d/%0d cancels, ", n_cancel[0], n_cancel[1], n_cancel[2], n_cancel[3]);
          $write("%0d/%0d/%0d/%0d underflows provoked and reported, ",
                 n_underflow[0], n_underflow[1], n_underflow[2], n_underflow[3]);
          $write("%0d waits registered (%0d met at once), %0d stall rises, %0d stall falls\n",
                 n_wait, n_wait_met_at_once, n_stall_rise, n_stall_fall);
        end else begin
          $display("FAIL tb_cu_waitcnt: %0d error(s) in %0d cycles (seed %0d)",
                   errors, cycle, seed);
        end
      end
    end
  end

endmodule
