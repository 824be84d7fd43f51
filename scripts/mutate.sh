#!/usr/bin/env bash
# Mutation check: plants one bug at a time in the scalar ALU template (a wrong carry, a
# swapped shift, an off-by-one in a bit field), regenerates the RTL, and runs the
# co-simulation property tests, which must fail with a readable report. Restores the
# template and rtl/ afterwards. Takes a few minutes (one Verilator rebuild per mutation).
set -euo pipefail
cd "$(dirname "$0")/.."
tmpl=templates/cu_salu.sv
cp "$tmpl" "$tmpl.orig"
restore() {
  mv "$tmpl.orig" "$tmpl"
  touch "$tmpl"  # older than the last build otherwise, and cargo would not rebuild
  cargo run -q --release -p hdl-gen -- generate --out rtl/ 2>/dev/null
}
trap restore EXIT

mutations=(
  "wrong carry|scc_o = sum33[32];|scc_o = sum33[31];"
  "swapped shift|d_o[31:0] = a >> b[4:0];|d_o[31:0] = a << b[4:0];"
  "bit-field off by one|mask64 = (width >= 7'd32) ? 64'hffff_ffff : ((64'd1 << width) - 64'd1);\n        r32 = (a >> b[4:0])|mask64 = (width >= 7'd32) ? 64'hffff_ffff : ((64'd1 << (width + 7'd1)) - 64'd1);\n        r32 = (a >> b[4:0])"
)
failed=0
for m in "${mutations[@]}"; do
  IFS='|' read -r name from to <<<"$m"
  python3 - "$tmpl.orig" "$tmpl" "$from" "$to" <<'PY'
import sys
src, dst, a, b = sys.argv[1:5]
a, b = a.replace('\\n', '\n'), b.replace('\\n', '\n')
s = open(src).read()
assert s.count(a) >= 1, f"mutation site not found: {a!r}"
open(dst, 'w').write(s.replace(a, b, 1))
PY
  cargo run -q --release -p hdl-gen -- generate --out rtl/ 2>/dev/null
  echo "=== mutation: $name"
  if out=$(cargo test -q --release -p conformance --test salu_cosim 2>&1); then
    echo "NOT DETECTED"
    failed=1
  else
    echo "$out" | grep -E -A4 'co-simulation mismatch' | head -6
    echo "$out" | grep -E 'minimal failing input' | head -1
  fi
done
exit $failed
