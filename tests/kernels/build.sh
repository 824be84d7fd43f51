#!/usr/bin/env bash
# Compiles the kernel suite (src/*.cl, and src/*.ll) into gfx1100 code objects (bin/*.hsaco) with Debian's
# clang-19 (apt-get install -y clang-19 lld-19). The objects are committed, so tests need no
# compiler; run this after changing a kernel, and commit both. A source may ask for extra
# options in a first-line comment `// clang-flags: ...` (correctly_rounded.cl does).
set -euo pipefail
cd "$(dirname "$0")"
clang=${CLANG:-clang-19}
for src in src/*.cl; do
  name=$(basename "$src" .cl)
  read -r -a extra < <(sed -n '1s|^// clang-flags: ||p' "$src") || true
  "$clang" -target amdgcn-amd-amdhsa -mcpu=gfx1100 -nogpulib -O2 -x cl -cl-std=CL2.0 \
    "${extra[@]}" -Isrc "$src" -o "bin/$name.hsaco"
  echo "bin/$name.hsaco"
done
# LLVM IR sources, for what OpenCL C cannot say (clang-19 has no builtins for the buffer
# format loads and stores): the same compiler and options, from IR.
for src in src/*.ll; do
  name=$(basename "$src" .ll)
  "$clang" -target amdgcn-amd-amdhsa -mcpu=gfx1100 -nogpulib -O2 -x ir "$src" -o "bin/$name.hsaco"
  echo "bin/$name.hsaco"
done
# An unlinked object, for the loader's test that refuses it.
"$clang" -target amdgcn-amd-amdhsa -mcpu=gfx1100 -nogpulib -O2 -x cl -cl-std=CL2.0 -Isrc -c src/vadd.cl -o bin/vadd.o
echo "bin/vadd.o"
