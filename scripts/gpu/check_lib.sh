#!/usr/bin/env bash
# Runs THERE (the GPU machine, no MLIR), with out/gpu-lib made HERE by scripts/gpu/prepare_lib.sh: builds the
# runner over the runtime library with one gcc command and, for every example, runs the saved program on the
# GPU (--seed 1 inputs), compares each output with the reference interpreter's (computed here on the same
# inputs; atol 1e-5 + rtol 1e-4, mm_epilogue atol 1e-3), requires two runs to agree bit for bit and no NaN
# (--check), and times launches and a CUDA-graph replay (--graph). This is `ind-run --device=cuda --check`
# on every example with the compile step done here. Summary in $OUT/check_lib.md.
set -uo pipefail
cd "$(dirname "$0")/../.."
OUT="${OUT:-/tmp/ind_gpu_out}"
mkdir -p "$OUT"
inc=${CUDA_HOME:-/usr/local/cuda}/include
RUN=/tmp/ind_cuda_run_lib
gcc -std=c11 -O2 -Wall -Wextra -Werror -I. -Iinclude -I"$inc" runtime/ind_cuda_run.c runtime/ind_runtime.c \
  lib/npy_raw.c -ldl -lm -o "$RUN" || exit 1
fail=0
echo "| case | result |" > "$OUT/check_lib.md"; echo "|---|---|" >> "$OUT/check_lib.md"
for p in out/gpu-lib/*.indprog; do
  c=$(basename "$p" .indprog)
  atol=1e-5; [ "$c" = mm_epilogue ] && atol=1e-3
  line=$(timeout 120 "$RUN" --program "$p" --seed 1 --compare-dir "out/gpu-lib/ref/$c" --atol $atol --check \
         --graph --name "$c" 2>"$OUT/check_lib_$c.err" | tee "$OUT/check_lib_$c.out" | grep -E '^(RESULT|SKIP)')
  rc=$?
  grep '^check out' "$OUT/check_lib_$c.out"
  echo "${line:-$c: no RESULT (see $OUT/check_lib_$c.err)}"
  case "$line" in *check=ok*) echo "| $c | PASS: $line |" >> "$OUT/check_lib.md" ;;
    *) fail=1; echo "| $c | FAIL: ${line:-$(tail -n 2 "$OUT/check_lib_$c.err" | tr '\n' ' ')} |" >> "$OUT/check_lib.md" ;; esac
done
cat "$OUT/check_lib.md"
exit $fail
