#!/usr/bin/env bash
# The main job: generate the RTL from the ISA table, build the Verilator model, co-simulate
# real scalar programs on four waves against the golden model, and write VCD traces of the
# RTL and of the golden model's architectural state into out/.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh

cargo run --release -p hdl-gen -- generate --out rtl/
git diff --quiet -- rtl/ 2>/dev/null || echo "note: rtl/ differs from the committed version" >&2
cargo build --release -p sim

mkdir -p out
sim=target/release/sim
$sim cosim examples/sort.s --waves 4 --vcd out/sort.vcd --golden-vcd out/sort-golden.vcd
$sim cosim examples/crc32.s --waves 4
echo "traces: out/sort.vcd (RTL) and out/sort-golden.vcd (golden model); open both in gtkwave"
