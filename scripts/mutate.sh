#!/usr/bin/env bash
# Mutation check of the generated RTL: the three hand-picked scalar mutants, then random
# mutants (an operator, a constant or bit index by one, a negated condition) planted one at a
# time in every template; each is regenerated, rebuilt with Verilator and run against the
# co-simulation properties, the directed vector programs, the examples and the waitcnt
# testbench. Prints the share killed and every survivor as a diff. One Verilator build per
# mutant: about three minutes each on a 2-core machine. Options go to scripts/mutate.py
# (--count N, --seed S, --files a.sv,b.sv, --cases N).
set -euo pipefail
cd "$(dirname "$0")/.."
exec python3 scripts/mutate.py --directed "$@"
