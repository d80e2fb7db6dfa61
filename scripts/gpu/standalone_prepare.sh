#!/usr/bin/env bash
# Runs HERE (MLIR installed): builds libind-standalone.so (CMake target ind_standalone: libind with LLVM/MLIR
# linked in statically, symbols hidden; ~136 MB, ~26 MB as .xz) and links ind-run, ind-opt and seed_host
# against it, into out/torch/ with a copy of the shared benchmark suite; then scripts/gpu/standalone.sh runs
# there with carry ["out/torch"] (about 32 MiB).
set -euo pipefail
cd "$(dirname "$0")/../.."
B="${IND_BUILD_DIR:-build}"
T=out/torch
cmake --build "$B" --target ind_standalone -j"$(nproc)" > /dev/null
mkdir -p $T
rm -f $T/libind-standalone.so
xz -T0 -6 -c "$B/lib/libind-standalone.so" > $T/libind-standalone.so.xz
suite="${IND_SUITE:-../shared/bench/inductor_suite.py}"
cp "$suite" $T/inductor_suite.py
LLVM_INC=$(llvm-config-22 --includedir 2>/dev/null || echo /usr/lib/llvm-22/include)
for src in tools/ind-run.c tools/ind-opt.c examples/host/seed_host.c; do
  gcc -std=c11 -O2 -Wall -Wextra -Werror -I. -Iinclude -I"$LLVM_INC" "$src" -L"$B/lib" -l:libind-standalone.so \
    -Wl,-rpath,'$ORIGIN' -lm -o $T/"$(basename "$src" .c)"
done
du -sh $T
