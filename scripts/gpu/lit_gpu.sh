#!/usr/bin/env bash
# The GPU lit set (test/gpu: one test gpu/<case> per case of scripts/gpu/numerics.py, needing the `gpu` lit
# feature; test/lit_numerics.py) on a GPU machine that has no MLIR, in two steps:
#
#   HERE (MLIR, ind-opt, ind-run built):   scripts/gpu/lit_gpu.sh prepare
#       compiles every case (`numerics.py list`, the table lit's tests come from) to PTX + a launch plan and
#       writes its inputs and the reference interpreter's outputs to out/gpu-lit/<case>/ (ignored by git;
#       carry it along).
#   THERE (gcc, CUDA driver, python3 + numpy): scripts/gpu/lit_gpu.sh run
#       builds runtime/ind_cuda_run.c, runs every prepared case on the GPU, compares with the reference
#       outputs (scripts/gpu/numerics.py device) and prints one PASS/FAIL line per test and a summary;
#       exit 0 iff every test passes. The log is also written to $OUT/gpu-lit.log when OUT is set.
#
# Where MLIR and a GPU are on the same machine, `IND_HAVE_GPU=1 lit build/test/gpu` runs the same tests.
set -uo pipefail
cd "$(dirname "$0")/../.."
DEST=out/gpu-lit
PY=${IND_PYTHON:-/usr/bin/python3}
[ -x "$PY" ] || PY=python3
mode=${1:-run}

# The cases: the first word of each line of `numerics.py list` (no numpy needed). IND_GPU_CASES (an extended
# regex, default: every case) picks the cases of both steps, e.g.
# IND_GPU_CASES='_(f16|bf16)$|^convert_sat$' for the f16/bf16 and conversion cases of issue 11.
cases() { "$PY" scripts/gpu/numerics.py list | cut -d' ' -f1 | grep -E "${IND_GPU_CASES:-.}"; }
# CASES: the cases, or exit 1 when the table cannot be read or IND_GPU_CASES picks none.
list_cases() {
  CASES=$(cases) && [ -n "$CASES" ] ||
    { echo "lit_gpu.sh: no cases (scripts/gpu/numerics.py list, IND_GPU_CASES='${IND_GPU_CASES:-}')" >&2; exit 1; }
}

prepare() {
  local opt="${IND_BUILD_DIR:-build}/bin/ind-opt" run="${IND_BUILD_DIR:-build}/bin/ind-run" fail=0 c
  [ -x "$opt" ] && [ -x "$run" ] || { echo "lit_gpu.sh: $opt / $run not built" >&2; exit 1; }
  list_cases
  rm -rf "$DEST" && mkdir -p "$DEST"
  for c in $CASES; do
    if ! "$PY" scripts/gpu/numerics.py prepare --case "$c" --work "$DEST/$c" --ind-run "$run" --ind-opt "$opt"; then
      echo "lit_gpu.sh: prepare $c FAILED" >&2; fail=1
    fi
    rm -f "$DEST/$c/prog.sched.mlir"
  done
  { echo "commit $(git rev-parse --short HEAD 2>/dev/null || echo '?')$(git diff --quiet 2>/dev/null || echo ' (dirty)')"
    date -u +"prepared %Y-%m-%dT%H:%M:%SZ"; } > "$DEST/PREPARED"
  echo "lit_gpu.sh: $(echo "$CASES" | wc -l) cases in $DEST ($(du -sh "$DEST" | cut -f1)); carry $DEST to the GPU machine"
  exit $fail
}

run_all() {
  local runner inc cand pass=0 fail=0 c log
  [ -d "$DEST" ] || { echo "lit_gpu.sh: no $DEST: run 'scripts/gpu/lit_gpu.sh prepare' where MLIR is and carry it" >&2; exit 1; }
  echo "== lit_gpu.sh $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  cat "$DEST/PREPARED" 2>/dev/null
  nvidia-smi -L 2>/dev/null || echo "lit_gpu.sh: nvidia-smi -L failed"
  inc=""
  for cand in "${CUDA_HOME:-/usr/local/cuda}/include" /usr/local/cuda/include /usr/include; do
    if [ -f "$cand/cuda.h" ]; then inc=$cand; break; fi
  done
  runner=$(mktemp -d)/ind_cuda_run
  gcc -std=c11 -O2 -Wall -Wextra -Werror ${inc:+-I"$inc"} -I. -Iinclude runtime/ind_cuda_run.c runtime/ind_runtime.c lib/npy_raw.c -ldl -lm -o "$runner" ||
    { echo "lit_gpu.sh: cannot build the runner" >&2; exit 1; }
  if ! "$PY" -c "import numpy" 2>/dev/null; then
    for cand in python3 /usr/local/bin/python3 /opt/conda/bin/python3; do
      if command -v "$cand" > /dev/null && "$cand" -c "import numpy" 2>/dev/null; then PY=$cand; break; fi
    done
  fi
  "$PY" -c "import numpy" || { echo "lit_gpu.sh: no python3 with numpy ($PY)" >&2; exit 1; }
  list_cases
  for c in $CASES; do
    if [ ! -f "$DEST/$c/meta.json" ]; then
      echo "FAIL: gpu/$c (not prepared)"; fail=$((fail + 1)); continue
    fi
    log=$("$PY" scripts/gpu/numerics.py device --work "$DEST/$c" --runner "$runner" 2>&1)
    if [ $? -eq 0 ]; then
      echo "PASS: gpu/$c ($(echo "$log" | tail -n 1))"; pass=$((pass + 1))
    else
      echo "FAIL: gpu/$c"; echo "$log" | grep -v '^PASS' | sed 's/^/    /'; fail=$((fail + 1))
    fi
  done
  echo "lit_gpu.sh: $pass passed, $fail failed of $((pass + fail)) GPU tests"
  [ "$fail" -eq 0 ] && [ "$pass" -gt 0 ]
}

case "$mode" in
  prepare) prepare ;;
  run)
    if [ -n "${OUT:-}" ]; then mkdir -p "$OUT"; run_all 2>&1 | tee "$OUT/gpu-lit.log"; exit "${PIPESTATUS[0]}"; fi
    run_all ;;
  *) echo "usage: scripts/gpu/lit_gpu.sh prepare|run" >&2; exit 2 ;;
esac
