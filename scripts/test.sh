#!/usr/bin/env bash
# The test command: formatting, lints, every test of the workspace (unit tests, the LLVM
# corpus, the waitcnt scoreboard testbench, RTL lint and drift, the co-simulation property
# tests), and synthesis of the RTL. Verilator tests fail, never skip, when Verilator is missing.
#
# The synthesis (Yosys, slang front end, up to the LUT mapping: the full flow takes longer than
# CI allows) must succeed with the register files in block RAM and no latch. It is one Yosys
# thread for half an hour, so it runs beside the lints and tests, which leave a core idle for
# much of their time, in a process group of its own that is stopped if anything else fails;
# its output is printed when it ends.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh

mkdir -p target
synth_log=target/synth-ci.log
set -m
scripts/synth.sh >"$synth_log" 2>&1 &
synth=$!
set +m
trap 'kill -- "-$synth" 2>/dev/null || true' EXIT

cargo fmt --all --check
cargo clippy --release --workspace --all-targets -- -D warnings
cargo test --release --workspace

echo "test: waiting for the synthesis (scripts/synth.sh, started with the tests)"
status=0
wait "$synth" || status=$?
cat "$synth_log"
if [ "$status" != 0 ]; then
  echo "test: the synthesis failed (exit status $status)" >&2
  exit "$status"
fi
