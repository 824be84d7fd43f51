#!/usr/bin/env python3
"""Random mutants of the generated RTL, and the share the project's tests kill.

Each mutant changes one thing in a template: an operator (+ and -, & and |, ^, < and <=,
== and !=, && and ||, << and >>), a constant (a sized number or a bit index, by one), or a
condition (negated). The template is mutated, rtl/ regenerated, the Verilator model rebuilt,
and every test that runs the RTL is run until one fails: the mutated unit's own testbench
first (decode_rtl, ds_rtl, lds_rtl, fp_rtl, fp64_rtl, waitcnt_rtl), then the directed vector programs,
the examples, the memory, scalar and vector co-simulation properties (32 lanes) and the other
testbenches; only the clang kernels on the RTL (twenty minutes) are left out. A mutant is
killed when a test fails; a mutant that does not lint (a width mismatch, an index out of
range) is not counted. Each mutant is undone before the next is planted.

    scripts/mutate.py [--count N] [--seed S] [--files cu_valu.sv,cu_top.sv] [--cases N] [--directed]
    scripts/mutate.py --fp [--count N] [--seed S]
    scripts/mutate.py --decode [--count N] [--seed S]
    scripts/mutate.py --buf [--count N] [--seed S]
    scripts/mutate.py --sequencing
    scripts/mutate.py --format-pass [--only 3,4,5]
    scripts/mutate.py --dispatch [--only 1,2]

--fp mutates the floating-point units' templates only (cu_fp32.sv, cu_fp64.sv, and the
rounding and format helpers cu_fp_round.sv and cu_fp_fmt.sv, which cu_pkg holds for both) and
kills with their own Verilator testbenches (tests/fp_rtl.rs, then tests/fp64_rtl.rs; the F64
unit's first for cu_fp64.sv), run as built test binaries, so no compute-unit model is
rebuilt: about a minute per mutant.

--buf mutates the buffer-format converter (cu_buf_fmt.sv, the conversion functions cu_pkg holds
for cu_top's format pass) and kills with its own testbench (tests/buf_fmt_rtl.rs: every
component width and numeric format, loads and D16 stores exhaustively, against the golden
model's conversions): well under a minute per mutant.

--decode mutates the generated decoder itself (rtl/cu_decode.sv, whose legality rules are
emitted by hdl-gen rather than written in the template) and kills with the decoder's own
testbench (tests/decode_rtl.rs: acceptance and length against the Rust decoder on random words
of every family): about a minute per mutant.

The random mutants are drawn from every template (--files narrows that). --directed first runs
the hand-picked mutants, which must all be killed: three of the scalar ALU (a wrong carry, a
swapped shift, an off-by-one bit field) and six of the sequencing (sleeps, wakeups, s_nop,
barriers); --sequencing runs only the six sequencing ones, against salu_cosim's sequencing test
alone.

--format-pass runs only the five hand-picked mutants of cu_top's format pass (dst_sel's SEL_1
for a lane out of range, MTBUF's missing fourth component, D16's odd last half, D16_HI
stores, components past the format's count), against mem_cosim's format test and the random
buffer programs. --dispatch runs only the hand-picked mutants of the dispatcher port (a
register write taken while WB holds its port, a relaunched slot that keeps its last wave's
SCC, stale fetch or VGPR release, a VGPR count ignored at launch, by the reads or by the
writes), against the kernels whose workgroups are launched
while others run (the dispatcher test, then grid3d, float_div and the private arrays), the
directed program with waves of 8 to 256 VGPRs (valu_directed) and random programs launched into the slots earlier ones left (valu_cosim), on the 32-lane model. --only picks hand-picked mutants by their place in the list (from 1), so a
campaign cut short can be finished without running the first ones again.

Prints every mutant with its outcome and, at the end, the share killed and the survivors
as diffs, to be read: a survivor is either equivalent (it changes nothing observable) or a
hole in the tests. Restores the templates and rtl/ afterwards. One mutant takes a Verilator
build of the default model and a test run: a few minutes each. A mutant of a unit with its own
testbench (decode, DS, LDS, F32, F64, waitcnt) is first run against that testbench, built before any
mutant is planted, and costs a compute-unit rebuild only if it survives it.
"""

import argparse
import os
import random
import re
import signal
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEMPLATES = ROOT / "templates"

SWAPS = [
    (" + ", " - "), (" - ", " + "),
    (" & ", " | "), (" | ", " & "), (" ^ ", " | "),
    (" < ", " <= "), (" <= ", " < "), (" > ", " >= "), (" >= ", " > "),
    (" == ", " != "), (" != ", " == "),
    (" && ", " || "), (" || ", " && "),
    (" << ", " >> "), (" >> ", " << "),
]
SIZED = re.compile(r"\b(\d+)'([dh])([0-9a-fA-F_]+)\b")
INDEX = re.compile(r"\[(\d+)\]")
COND = re.compile(r"\bif \((.+)\) ")


def nonblocking(before):
    """Whether a `<=` after `before` (code on its line) assigns rather than compares: outside
    parentheses, with no `=` of an assignment before it in its statement."""
    depth, stmt = 0, 0
    for k, ch in enumerate(before):
        depth += (ch == "(") - (ch == ")")
        if depth == 0 and ch in ";)":
            stmt = k + 1
    rest = re.sub(r"[<>=!]=", "", before[stmt:])
    return depth == 0 and "=" not in rest


def sites(path):
    """Every place a mutation can go: (line number, description, new line)."""
    out = []
    in_comment = False
    for n, line in enumerate(path.read_text().splitlines()):
        code = line.split("//")[0]
        if "{{" in code or "{%" in code or not code.strip():
            continue
        # Declarations and instance port lists change nothing the tests can see.
        if re.match(r"\s*(logic|localparam|parameter|input|output|typedef|\.)", code):
            continue
        for a, b in SWAPS:
            start = 0
            while (i := code.find(a, start)) >= 0:
                # A nonblocking assignment's `<=` is no comparison.
                if a == " <= " and nonblocking(code[:i]):
                    start = i + 1
                    continue
                out.append((n, f"`{a.strip()}` -> `{b.strip()}`", line[:i] + b + line[i + len(a):]))
                start = i + 1
        for m in SIZED.finditer(code):
            width, base, digits = m.groups()
            value = int(digits.replace("_", ""), 16 if base == "h" else 10)
            for v in {value + 1, max(value - 1, 0)} - {value}:
                text = f"{width}'{base}{v:x}" if base == "h" else f"{width}'d{v}"
                if v < 1 << int(width):
                    out.append((n, f"{m.group(0)} -> {text}", line[:m.start()] + text + line[m.end():]))
        for m in INDEX.finditer(code):
            k = int(m.group(1))
            for v in {k + 1, max(k - 1, 0)} - {k}:
                out.append((n, f"[{k}] -> [{v}]", line[:m.start()] + f"[{v}]" + line[m.end():]))
        m = COND.search(code)
        if m:
            out.append((n, "condition negated", line[:m.start(1)] + f"!({m.group(1)})" + line[m.end(1):]))
    return out


def run(cmd, env=None, timeout=3600):
    e = dict(os.environ)
    e.update(env or {})
    r = subprocess.run(cmd, cwd=ROOT, env=e, capture_output=True, text=True, timeout=timeout)
    return r.returncode, r.stdout + r.stderr


def regenerate():
    return run(["cargo", "run", "-q", "--release", "-p", "hdl-gen", "--", "generate", "--out", "rtl/"])


def lint(buf=False):
    """Verilator's lint of the compute unit, or (buf) of the converter's testbench alone: the
    converter is functions of cu_pkg, which that wrapper calls with every argument, and its
    lint takes seconds where the compute unit's takes a minute."""
    if buf:
        files = [ROOT / "rtl/cu_pkg.sv", ROOT / "tests/rtl/tb_cu_buf_fmt.sv"]
        return run(["verilator", "--lint-only", "-Wall", "-Wno-UNUSEDPARAM", "--top-module", "tb_cu_buf_fmt"] + [str(f) for f in files])
    files = sorted((ROOT / "rtl").glob("*.sv"), key=lambda p: (p.name != "cu_pkg.sv", p.name))
    return run(["verilator", "--lint-only", "-Wall", "--top-module", "cu_top"] + [str(f) for f in files])


# Hand-picked mutants of the scalar ALU: (template, what, text, replacement).
DIRECTED = [
    ("cu_salu.sv", "wrong carry", "scc_o = sum33[32];", "scc_o = sum33[31];"),
    ("cu_salu.sv", "swapped shift", "d_o[31:0] = a >> b[4:0];", "d_o[31:0] = a << b[4:0];"),
    ("cu_salu.sv", "bit-field width off by one",
     "((64'd1 << width) - 64'd1)", "((64'd1 << (width + 7'd1)) - 64'd1)"),
    # Sequencing (cu_top), caught by the issue-timing reference (sim/src/issue_timing.rs)
    # through salu_cosim's sequencing test: an s_nop's wait made wakeable (so that an s_wakeup
    # cuts it short: what issue 13's surviving mutant was feared to allow), an s_wakeup that
    # also ends s_nops, an s_nop one cycle short, sleeps of 32 and of 128 cycles a unit, and a
    # barrier that ignores one wave. (Issue 13's mutant itself, the "wakeable" flag kept after
    # a sleep ends, is equivalent: every sleep that starts sets the flag anew, and a wakeup of
    # a wave that does not sleep changes nothing.)
    ("cu_top.sv", "an s_nop's wait made wakeable",
     "slp_d[ex_wave_q] = ex_sleep_wakeable;", "slp_d[ex_wave_q] = 1'b1;"),
    ("cu_top.sv", "s_wakeup ends s_nops too", "if (wg_q[v] == ex_wg && slp_q[v]) begin",
     "if (wg_q[v] == ex_wg) begin"),
    ("cu_top.sv", "s_nop one cycle short", "OP_S_NOP: ex_sleep = {9'd0, ex_dec_q.simm16[3:0]};",
     "OP_S_NOP: ex_sleep = {9'd0, ex_dec_q.simm16[3:0] - 4'd1};"),
    ("cu_top.sv", "s_sleep of 32 cycles a unit", "ex_sleep = {ex_dec_q.simm16[6:0], 6'd0};",
     "ex_sleep = {1'b0, ex_dec_q.simm16[6:0], 5'd0};"),
    ("cu_top.sv", "s_sleep of 128 cycles a unit", "ex_sleep = {ex_dec_q.simm16[6:0], 6'd0};",
     "ex_sleep = {ex_dec_q.simm16[5:0], 7'd0};"),
    ("cu_top.sv", "a barrier that ignores the last wave",
     "if (st_q[v] == WsRun && wg_q[v] == wg_q[w] && !bar_q[v]) bar_release[w] = 1'b0;",
     "if (st_q[v] == WsRun && wg_q[v] == wg_q[w] && !bar_q[v] && v != int'(NumWaves) - 1) bar_release[w] = 1'b0;"),
]

# Hand-picked mutants of cu_top's format pass (MUBUF's format rows, MTBUF), each a rule the
# golden model's buffer.rs states: --format-pass runs them against mem_cosim's format test
# and then the random buffer programs of valu_cosim (32 lanes).
FORMAT_PASS = [
    ("cu_top.sv", "an out-of-range lane's SEL_1 component reads 0",
     "fc_val = (!xm_typed_q && fc_sel == 3'd1) ? fc_one : '0;", "fc_val = '0;"),
    ("cu_top.sv", "MTBUF's missing fourth component reads 1 as MUBUF's does",
     "(fc_c == 2'd3 && !xm_typed_q) ? fc_one : '0;", "(fc_c == 2'd3) ? fc_one : '0;"),
    ("cu_top.sv", "a D16 load's odd last half not copied to the high half",
     "fc_dw[fc_k_q[1]] = {2{fc_val[15:0]}};", "fc_dw[fc_k_q[1]] = {16'd0, fc_val[15:0]};"),
    ("cu_top.sv", "a D16_HI format store takes the low half",
     "(xm_hi_q || fc_k_q[0]) ?", "(fc_k_q[0]) ?"),
    ("cu_top.sv", "components past the format's count stored too",
     "if (3'(fc_k_q) < xm_bf_q.n) begin", "if (3'(fc_k_q) <= xm_bf_q.n) begin"),
]

# Hand-picked mutants of the dispatcher port (cu_top's spi_* inputs), each what a wave launched
# into a slot while other waves run relies on: --dispatch runs them against the kernels whose
# workgroups start mid-run.
DISPATCH = [
    ("cu_top.sv", "a VGPR write taken while WB writes its bank",
     "spi_vgpr_ready_o[b] = wb_ven_q[b] == '0;", "spi_vgpr_ready_o[b] = 1'b1;"),
    ("cu_top.sv", "an SGPR write taken while WB writes the SGPR RAM",
     "spi_sgpr_ready_o = !wb_ram_q && !sw_we;", "spi_sgpr_ready_o = !sw_we;"),
    ("cu_top.sv", "a relaunched slot keeps its last wave's SCC",
     "scc_d[spi_wave_i] = 1'b0;", "scc_d[spi_wave_i] = scc_q[spi_wave_i];"),
    ("cu_top.sv", "a relaunched slot takes its last wave's outstanding fetch",
     "fstale_d[spi_wave_i] = fpend_d[spi_wave_i];", "fstale_d[spi_wave_i] = 1'b0;"),
    ("cu_top.sv", "a relaunched slot keeps its last wave's VGPR release (MSG_DEALLOC_VGPRS)",
     "if (spi_launch_i) vrel_q[spi_wave_i] <= 1'b0;", "if (1'b0) vrel_q[spi_wave_i] <= 1'b0;"),
    ("cu_top.sv", "a launch gives a wave of fewer VGPRs than the model's all of them",
     "vcnt_q[spi_wave_i] <= (spi_vgprs_i < 9'(Vgprs)) ? spi_vgprs_i : 9'(Vgprs);",
     "vcnt_q[spi_wave_i] <= (spi_vgprs_i < 9'(Vgprs)) ? 9'(Vgprs) : spi_vgprs_i;"),
    ("cu_top.sv", "a wave's VGPR reads ignore its count",
     "assign ra_vcnt = vcnt_q[ra_wave_q];", "assign ra_vcnt = 9'(Vgprs);"),
    ("cu_top.sv", "a wave's VGPR writes ignore its count",
     "assign ex_vcnt = vcnt_q[ex_wave_q];", "assign ex_vcnt = 9'(Vgprs);"),
]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--files", default=",".join(sorted(p.name for p in TEMPLATES.glob("*.sv"))))
    ap.add_argument("--directed", action="store_true", help="run the hand-picked mutants first")
    ap.add_argument("--cases", type=int, default=64, help="proptest cases per property")
    ap.add_argument("--fp", action="store_true", help="the FP units, against their own testbenches")
    ap.add_argument("--decode", action="store_true", help="the generated decoder, against its testbench")
    ap.add_argument("--buf", action="store_true", help="the buffer-format converter, against its testbench")
    ap.add_argument("--format-pass", action="store_true",
                    help="only the hand-picked mutants of cu_top's format pass, against the buffer format tests")
    ap.add_argument("--dispatch", action="store_true",
                    help="only the hand-picked mutants of the dispatcher port, against the kernels launched mid-run")
    ap.add_argument("--sequencing", action="store_true",
                    help="only the hand-picked sequencing mutants, against salu_cosim's sequencing test")
    ap.add_argument("--only", default="",
                    help="with --directed, --sequencing, --format-pass or --dispatch: only these hand-picked mutants (1-based, e.g. 3,4,5)")
    args = ap.parse_args()
    src = TEMPLATES
    if args.fp:
        args.files = "cu_fp32.sv,cu_fp_round.sv,cu_fp_fmt.sv,cu_fp64.sv"
        args.directed = False
    if args.buf:
        args.files = "cu_buf_fmt.sv"
        args.directed = False
    if args.decode:
        args.files = "cu_decode.sv"
        args.directed = False
        src = ROOT / "rtl"
    if args.sequencing or args.format_pass or args.dispatch:
        args.directed = True
        args.count = 0
    rng = random.Random(args.seed)
    names = args.files.split(",")
    originals = {n: (src / n).read_text() for n in set(names) | {d[0] for d in DIRECTED}}
    directed = [d for d in DIRECTED if not args.sequencing or d[0] == "cu_top.sv"]
    if args.format_pass:
        directed = FORMAT_PASS
    if args.dispatch:
        directed = DISPATCH
    if args.only:
        try:
            picks = [int(i) for i in args.only.split(",")]
        except ValueError:
            ap.error(f"--only: {args.only!r} is not a comma-separated list of numbers")
        bad = [i for i in picks if not 1 <= i <= len(directed)]
        if bad:
            ap.error(f"--only: {bad} out of range: the list has {len(directed)} hand-picked mutants")
        directed = [directed[i - 1] for i in picks]
    pool = [] if args.sequencing or args.format_pass or args.dispatch else [(n, s) for n in names for s in sites(src / n)]
    rng.shuffle(pool)
    if args.directed:
        # As whole-line sites, first in the pool.
        front = []
        for name, what, a, b in directed:
            lines = originals[name].splitlines()
            n = next(i for i, line in enumerate(lines) if a in line)
            front.append((name, (n, what, lines[n].replace(a, b, 1))))
        pool = front + pool
        args.count += len(front)
    env = {"RDNA3_MODELS": "cu", "RDNA3_PROPTEST_CASES": str(args.cases)}
    # Every test that runs the RTL, short of the clang kernels (twenty minutes): those of the
    # mutated template's own unit first (its testbench), then the rest, quickest first.
    def t(name, *filt):
        return (name, ["cargo", "test", "-q", "--release", "-p", "conformance", "--test", name, *filt])

    suite = [t("valu_directed"), t("examples"), t("mem_cosim"), t("waitcnt_rtl"), t("lds_rtl"),
             t("valu_cosim", "32_lanes"), t("salu_cosim"), t("fp_rtl"), t("fp64_rtl"), t("decode_rtl"),
             t("ds_rtl"), t("buf_fmt_rtl")]
    own = {"cu_decode.sv": "decode_rtl", "cu_ds.sv": "ds_rtl", "cu_lds.sv": "lds_rtl",
           "cu_fp32.sv": "fp_rtl", "cu_fp_round.sv": "fp_rtl", "cu_fp64.sv": "fp64_rtl",
           "cu_waitcnt.sv": "waitcnt_rtl", "cu_buf_fmt.sv": "buf_fmt_rtl"}

    def tests_for(name):
        first = [c for c in suite if c[0] == own.get(name)]
        return first + [c for c in suite if c not in first]

    if args.sequencing:
        suite = [t("salu_cosim", "sequencing")]
        own = {}
    if args.format_pass:
        suite = [t("mem_cosim", "buffer_formats"), t("valu_cosim", "buffers_32_lanes")]
        own = {}
    if args.dispatch:
        suite = [t("kernels", "workgroups_run_at_once"), t("kernels", "grid_3d"),
                 t("kernels", "float_div_within"), t("kernels", "private_arrays"),
                 t("valu_directed", "each_wave_has_the_vgprs_its_launch_gives_it"),
                 t("valu_cosim", "waves_launched_into_used_slots_32_lanes")]
        own = {}
    # The units' own testbenches build their Verilator models from rtl/ when they run, so their
    # test binaries are built once, before anything is mutated: a mutant of a unit is first run
    # against its prebuilt testbench, and only one that survives it costs a compute-unit rebuild.
    prebuilt = {}
    if not (args.fp or args.decode or args.buf or args.sequencing or args.dispatch):
        for test in sorted(set(own.values()) & {own.get(n) for n in names}):
            rc, out = run(["cargo", "test", "--release", "-p", "conformance", "--test", test, "--no-run"], env)
            exe = re.search(rf"Executable .*\((.*{test}-[0-9a-f]+)\)", out)
            if rc != 0 or not exe:
                print(out)
                return 1
            prebuilt[test] = [str(ROOT / exe.group(1))]
    if args.fp or args.decode or args.buf:
        # The test binaries, built before anything is mutated (the tests read rtl/ when they
        # run): the F64 unit's testbench first for its own template, the F32 unit's first for
        # the others (the format and rounding helpers, in cu_pkg, serve both units).
        suite = []
        for test in ["fp_rtl", "fp64_rtl"] if args.fp else ["buf_fmt_rtl"] if args.buf else ["decode_rtl"]:
            rc, out = run(["cargo", "test", "--release", "-p", "conformance", "--test", test, "--no-run"], env)
            exe = re.search(rf"Executable .*\((.*{test}-[0-9a-f]+)\)", out)
            if rc != 0 or not exe:
                print(out)
                return 1
            suite.append((test, [str(ROOT / exe.group(1))]))
        own = {"cu_fp64.sv": "fp64_rtl"} if args.fp else {}
    killed, survived, invalid = [], [], 0
    # A kill (SIGTERM) restores the templates too.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))
    try:
        for name, (n, what, new) in pool:
            # One mutant at a time: the last one's template back as it was, whatever its fate.
            for other, text in originals.items():
                if (src / other).read_text() != text:
                    (src / other).write_text(text)
            if len(killed) + len(survived) >= args.count:
                break
            lines = originals[name].splitlines(keepends=True)
            old = lines[n]
            lines[n] = new + ("\n" if old.endswith("\n") else "")
            (src / name).write_text("".join(lines))
            label = f"{name}:{n + 1}: {what}"
            rc, _ = (0, "") if args.decode else regenerate()
            if rc != 0 or lint(args.buf)[0] != 0:
                invalid += 1
                print(f"invalid  {label}", flush=True)
                continue
            unit = own.get(name)
            if unit in prebuilt and run(prebuilt[unit], env)[0] != 0:
                killed.append(label)
                print(f"killed   {label} (by {unit}, no rebuild)", flush=True)
                continue
            rc, out = (0, "") if args.fp or args.decode or args.buf else run(["cargo", "build", "-q", "--release", "-p", "sim"], env)
            if rc != 0:
                invalid += 1
                print(f"invalid  {label} (does not build)", flush=True)
                continue
            by = next((test for test, cmd in tests_for(name)
                       if (test != unit or unit not in prebuilt) and run(cmd, env)[0] != 0), None)
            if by:
                killed.append(label)
                print(f"killed   {label} (by {by})", flush=True)
            else:
                survived.append((label, old.rstrip(), new.rstrip()))
                print(f"SURVIVED {label}", flush=True)
    finally:
        for name, text in originals.items():
            (src / name).write_text(text)
        if not args.decode:
            regenerate()
    total = len(killed) + len(survived)
    print(f"\n{len(killed)} of {total} mutants killed ({100 * len(killed) / max(total, 1):.0f}%); "
          f"{invalid} did not lint or build and are not counted")
    for label, old, new in survived:
        print(f"\nsurvivor {label}\n  - {old.strip()}\n  + {new.strip()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
