#!/usr/bin/env bash
# The test command: formatting, lints, and every test of the workspace (unit tests, the LLVM
# corpus, the waitcnt scoreboard testbench, RTL lint and drift, and the co-simulation
# property tests). Verilator tests fail, never skip, when Verilator is missing.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh

cargo fmt --all --check
cargo clippy --release --workspace --all-targets -- -D warnings
cargo test --release --workspace
