#!/usr/bin/env bash
# The test command: formatting, lints, every test of the workspace (unit tests, the LLVM
# corpus, the waitcnt scoreboard testbench, RTL lint and drift, the co-simulation property
# tests), and synthesis of the RTL. Verilator tests fail, never skip, when Verilator is missing.
#
# The synthesis check (`scripts/synth.sh --check`: Yosys with the slang front end, through the
# coarse optimisation and the block RAM and multiplier mapping) must succeed with the register
# files in block RAM and no latch. The flow up to the LUT mapping, which gives the README's
# figures, had grown to 70 minutes beside the tests and past CI's 90 on a slower machine: it is
# a benchmark now, not part of this command. The check runs beside the lints and tests, which
# leave a core idle for much of their time, in a process group of its own that is stopped if
# anything else fails; its output is printed when it ends.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh

mkdir -p target
synth_log=target/synth-ci.log
set -m
scripts/synth.sh --check >"$synth_log" 2>&1 &
synth=$!
set +m
trap 'kill -- "-$synth" 2>/dev/null || true' EXIT

cargo fmt --all --check
cargo clippy --release --workspace --all-targets -- -D warnings
# cargo-nextest (setup.sh installs it where it is missing) runs the tests of every binary in one
# pool of two threads: `cargo test` runs the binaries one after another, so a binary with one
# long test (the DS testbench, 5 minutes) left a core idle. The workspace has no doctests.
cargo nextest run --release --workspace --no-fail-fast

echo "test: waiting for the synthesis check (scripts/synth.sh --check, started with the tests)"
status=0
wait "$synth" || status=$?
cat "$synth_log"
if [ "$status" != 0 ]; then
  echo "test: the synthesis failed (exit status $status)" >&2
  exit "$status"
fi
