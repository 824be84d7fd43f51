#!/usr/bin/env bash
# The test command: formatting, lints, every test of the workspace (unit tests, the LLVM
# corpus, the waitcnt scoreboard testbench, RTL lint and drift, the co-simulation property
# tests), and synthesis of the RTL. Verilator tests fail, never skip, when Verilator is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh

cargo fmt --all --check
cargo clippy --release --workspace --all-targets -- -D warnings
cargo test --release --workspace
# The RTL must synthesise (Yosys, slang front end, up to the LUT mapping: the full flow takes
# longer than CI allows) with the register files in block RAM and no latch.
scripts/synth.sh
