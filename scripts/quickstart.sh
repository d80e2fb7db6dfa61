#!/usr/bin/env bash
# Sets everything up (scripts/setup.sh) and runs the main job on the seed example end to end:
# graph -> preprocess -> lower -> fuse -> codegen -> PTX, then compiles and runs it on the CPU and
# checks it against the reference interpreter. Output goes to out/seed/.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
BIN="${IND_BUILD_DIR:-build}/bin"
OUT=out/seed
mkdir -p "$OUT"
EX=examples/seed.mlir
echo "== ind-opt $EX --lower --fuse --codegen   (each stage flag runs what its stage needs first)"
"$BIN/ind-opt" "$EX" --preprocess -o "$OUT/seed.graph.mlir"
"$BIN/ind-opt" "$EX" --lower -o "$OUT/seed.ind.mlir"
IND_LOGS=fusion "$BIN/ind-opt" "$EX" --lower --fuse -o "$OUT/seed.sched.mlir" 2> "$OUT/fusion_log.txt"
"$BIN/ind-opt" "$EX" --lower --fuse --codegen -o "$OUT/seed.kernel.mlir"
"$BIN/ind-opt" "$EX" --lower --fuse --codegen --emit=ptx -o "$OUT/seed.ptx"
echo "   stage outputs: $OUT/seed.{graph,ind,sched,kernel}.mlir, fusion log: $OUT/fusion_log.txt"
echo "   kernels: $(grep -c '^.visible .entry' "$OUT/seed.ptx") PTX entry in $OUT/seed.ptx:"
grep '^.visible .entry' "$OUT/seed.ptx" | sed 's/^/     /'
echo "== ind-run $EX   (CPU JIT vs the reference interpreter)"
"$BIN/ind-run" "$EX" --output-dir "$OUT"
