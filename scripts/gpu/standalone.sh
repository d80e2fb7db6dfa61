#!/usr/bin/env bash
# Runs THERE (the GPU machine, no MLIR), with out/torch made HERE by scripts/gpu/standalone_prepare.sh: the
# whole compiler on the GPU machine through one self-contained library (libind-standalone.so: libind with
# LLVM/MLIR linked in, CMake target ind_standalone) and three thin programs linked against it here
# (ind-run, ind-opt, seed_host). Runs, each with a time limit:
#   1. seed_host --device=cuda: the C host program over libind compiles the seed there, runs it on the GPU
#      through the runtime and checks it against the reference interpreter;
#   2. ind-run --device=cuda on every example and on test/runtime/Inputs/bmm_graph.mlir (cuBLAS batched
#      sgemm): compiled there, run on the GPU, checked against the reference interpreter;
#   3. scripts/gpu/backend_overhead.py (where a compiled call's host time goes) and scripts/gpu/torch_backend.py: torch.compile(backend="ind") beside Inductor and eager on the shared
#      suite (sizes $IND_TORCH_SIZES, default 8192) and the three model blocks.
# Results: $OUT/standalone.md (1, 2), $OUT/backend_overhead.txt and $OUT/torch_backend.{md,json} (3); logs in $OUT/*.log.
. "$(dirname "$0")/standalone_env.sh"
export LD_LIBRARY_PATH=$PWD/$T${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
fail=0
{
  echo "| program | ind-run --device=cuda (compiled there, checked against the reference interpreter) |"
  echo "|---|---|"
} > "$OUT/standalone.md"
timeout 120 $T/seed_host --device=cuda > "$OUT/seed_host.log" 2>&1
rc=$?
echo "| seed_host --device=cuda | rc=$rc: $(grep -E '^output|error' "$OUT/seed_host.log" | tr '\n' ' ') |" >> "$OUT/standalone.md"
[ $rc = 0 ] || fail=1
for p in examples/*.mlir test/runtime/Inputs/bmm_graph.mlir; do
  c=$(basename "$p" .mlir)
  atol=1e-5; [ "$c" = mm_epilogue ] && atol=1e-3 # a 1024-long f32 dot product against the f64 reference
  timeout 120 $T/ind-run "$p" --device=cuda --atol $atol > "$OUT/run_$c.log" 2>&1
  rc=$?
  res=$(grep -E '^output|error|PASS|FAIL' "$OUT/run_$c.log" | tr '\n' ' ' | cut -c1-300)
  echo "| $c | rc=$rc: $res |" >> "$OUT/standalone.md"
  [ $rc = 0 ] || fail=1
done
cat "$OUT/standalone.md"
# Few files come back from $OUT: fold the per-program logs into one.
tail -n +1 "$OUT"/run_*.log "$OUT/seed_host.log" > "$OUT/programs.log" 2>&1
rm -f "$OUT"/run_*.log "$OUT/seed_host.log"
PYTHONUNBUFFERED=1 timeout 120 python3 scripts/gpu/backend_overhead.py > "$OUT/backend_overhead.txt" 2>&1 || fail=1
cat "$OUT/backend_overhead.txt"
PYTHONUNBUFFERED=1 timeout "${IND_TORCH_TIMEOUT_S:-400}" python3 scripts/gpu/torch_backend.py --suite $T/inductor_suite.py \
  --sizes "${IND_TORCH_SIZES:-8192}" --out "$OUT" > "$OUT/torch_backend.log" 2>&1 || fail=1
tail -n 40 "$OUT/torch_backend.log"
exit $fail
