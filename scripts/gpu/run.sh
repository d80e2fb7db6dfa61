#!/usr/bin/env bash
# Runs THERE (the GPU machine: CUDA 13, gcc, torch 2.11 + triton 3.6, no MLIR), in the repository root, with
# out/gpu made HERE by scripts/gpu/prepare.sh and carried along. Builds the runner, then for every case and
# size runs ind's kernels (runtime/ind_cuda_run) and scripts/gpu/check.py (float64 reference, torch.compile
# and eager timings in one process), and ends with the table (also $OUT/results.md). See docs/gpu.md.
#
#   scripts/gpu/run.sh [case ...]
# env: OUT (default /tmp/ind_gpu_out), IND_GPU_SIZES ("8192 1024"), IND_GPU_SEED (1),
#      IND_GPU_BUDGET_S (420: no case starts after that), IND_GPU_SANITIZE (1: compute-sanitizer memcheck on
#      each 1024 case at the end, if the budget allows).
# One failing case never stops the others. Large .npy files go to $IND_GPU_DATA (/tmp/ind_gpu_data), deleted
# after each case; $OUT gets run.log, logs/, results.jsonl, results.md.
set -uo pipefail
export PYTHONUNBUFFERED=1
export PATH="$PATH:${CUDA_HOME:-/usr/local/cuda}/bin"  # compute-sanitizer, nvcc
cd "$(dirname "$0")/../.."
OUT="${OUT:-/tmp/ind_gpu_out}"
DATA="${IND_GPU_DATA:-/tmp/ind_gpu_data}"
SIZES="${IND_GPU_SIZES:-8192 1024}"
SEED="${IND_GPU_SEED:-1}"
BUDGET="${IND_GPU_BUDGET_S:-420}"
SANITIZE="${IND_GPU_SANITIZE:-1}"
PLANS=out/gpu
RUNNER="$DATA/ind_cuda_run"
RESULTS="$OUT/results.jsonl"
mkdir -p "$OUT/logs" "$DATA"

build_runner() {
  echo "== building the runner"
  local inc="" cand
  for cand in "${CUDA_HOME:-/usr/local/cuda}/include" /usr/local/cuda/include /usr/local/cuda-13.0/include \
      "$(dirname "$(command -v nvcc 2>/dev/null || echo /nonexistent/bin/nvcc)")/../include" /usr/include; do
    if [ -f "$cand/cuda.h" ]; then inc=$cand; break; fi
  done
  [ -n "$inc" ] || inc=$(timeout 20 find / -name cuda.h -path '*include*' 2>/dev/null | head -n 1 | xargs -r dirname)
  echo "run.sh: cuda.h from ${inc:-nowhere}"
  local src="runtime/ind_cuda_run.c runtime/ind_runtime.c lib/npy_raw.c"
  if gcc -std=c11 -O2 -Wall -Wextra -Werror -I. -Iinclude -I"$inc" $src -ldl -lm -o "$RUNNER"; then
    return 0
  fi
  echo "run.sh: building with -Werror failed; retrying without it"
  gcc -std=c11 -O2 -I. -Iinclude -I"$inc" $src -ldl -lm -o "$RUNNER" && return 0
  if [ -x "$PLANS/ind_cuda_run" ] && "$PLANS/ind_cuda_run" --help > /dev/null 2>&1; then
    echo "run.sh: using the runner prepare.sh built on the compile machine ($PLANS/ind_cuda_run)"
    RUNNER="$PLANS/ind_cuda_run"
    return 0
  fi
  echo "run.sh: NO RUNNER: ind columns will be empty; Inductor/eager still measured"
  RUNNER=""
}

run_case() { # case n
  local c=$1 n=$2 name="$1_$2" d="$DATA/$1_$2" rc=1 crc
  # stay inside the device call's 600 s even if a step hangs: at most 120 s/240 s, less near the end
  local left=$((570 - SECONDS)) t_run t_check
  t_run=$(( left < 120 ? left : 120 )); t_run=$(( t_run < 30 ? 30 : t_run ))
  t_check=$(( left < 240 ? left : 240 )); t_check=$(( t_check < 30 ? 30 : t_check ))
  echo "== $name  (t=${SECONDS}s)"
  rm -rf "$d" && mkdir -p "$d"
  if [ -n "$RUNNER" ] && [ -f "$PLANS/$name.json" ] && [ -f "$PLANS/$name.ptx" ]; then
    timeout "$t_run" "$RUNNER" --plan "$PLANS/$name.json" --ptx "$PLANS/$name.ptx" --outputs-dir "$d" \
      --seed "$SEED" --int-high "$n" --check --graph --name "$name" > "$OUT/logs/$name.runner.log" 2>&1
    rc=$?
    cat "$OUT/logs/$name.runner.log"
    echo "run.sh: runner exit $rc"
  else
    echo "run.sh: no runner or no $PLANS/$name.{json,ptx}"
  fi
  timeout "$t_check" python3 scripts/gpu/check.py case --case "$c" --n "$n" --data "$d" --runner-rc "$rc" \
    --results "$RESULTS" --copy-bw "$OUT/copy_bw.json" --compile-times "$PLANS/compile_times.tsv" \
    > "$OUT/logs/$name.check.log" 2>&1
  crc=$?
  grep -E '^check.py: (benchmark failed|copy)|Error|error' "$OUT/logs/$name.check.log" | grep -v '^check.py: {' | tail -n 4
  grep '^check.py: {' "$OUT/logs/$name.check.log" | python3 -c "
import json, sys
for l in sys.stdin:
    r = json.loads(l[len('check.py: '):])
    f = lambda k, spec='.1f': 'n/a' if r.get(k) is None else format(r[k], spec)
    print('run.sh: %s_%s %s rel_err=%s | us: ind %s, ind(graph) %s, inductor(graph) %s, inductor(do_bench) %s, eager(graph) %s | compile %s s' % (
        r['case'], r['n'], r.get('result'), f('rel_err', '.1e'), f('ind_us'), f('ind_graph_us'), f('inductor_graph_us'), f('inductor_us'),
        f('eager_graph_us'), f('inductor_compile_s', '.2f')))" 2>/dev/null
  if [ "$crc" -ne 0 ] && ! grep -q "\"case\": \"$c\", \"n\": $n," "$RESULTS"; then
    echo "run.sh: check.py died (exit $crc) before recording $name; tail of its log:"
    tail -n 8 "$OUT/logs/$name.check.log"
    echo "{\"case\": \"$c\", \"n\": $n, \"runner_rc\": $rc, \"result\": \"FAIL\", \"notes\": [\"check.py exit $crc, see logs/$name.check.log\"]}" >> "$RESULTS"
  fi
  rm -rf "$d"
  # keep results.md current, so a run cut short still leaves a table
  python3 scripts/gpu/check.py table --results "$RESULTS" --md "$OUT/results.md" > /dev/null 2>&1
}

sanitize_case() { # name
  local name=$1
  echo "== compute-sanitizer memcheck $name  (t=${SECONDS}s)"
  timeout 90 compute-sanitizer --tool memcheck --print-limit 5 "$RUNNER" --plan "$PLANS/$name.json" \
    --ptx "$PLANS/$name.ptx" --iters 1 --flush-reps 1 --int-high "${name##*_}" --name "$name" \
    > "$OUT/logs/$name.memcheck.log" 2>&1
  local rc=$?
  local summary
  summary=$(grep -m1 'ERROR SUMMARY' "$OUT/logs/$name.memcheck.log" || echo "no summary (exit $rc)")
  echo "run.sh: memcheck $name: $summary"
  echo "| $name | $summary |" >> "$OUT/memcheck.md"
}

main() {
  echo "== run.sh $(date -u +%Y-%m-%dT%H:%M:%SZ) in $(pwd)"
  [ -f "$PLANS/PREPARED" ] && cat "$PLANS/PREPARED"
  nvidia-smi -L || echo "run.sh: nvidia-smi -L failed"
  nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem,temperature.gpu,power.draw \
    --format=csv 2>&1 | tee "$OUT/nvidia-smi.csv"
  python3 -c "import torch, triton; print('torch', torch.__version__, 'triton', triton.__version__, 'cuda', torch.version.cuda)"
  build_runner
  echo "== libraries the runner dlopens"
  ldconfig -p 2>/dev/null | grep -E 'libcuda\.so\.1|libcublas\.so' || echo "run.sh: ldconfig lists no libcuda.so.1/libcublas"
  if [ -z "${IND_LIBCUBLAS:-}" ] && ! ldconfig -p 2>/dev/null | grep -q 'libcublas\.so' && ! ls /usr/local/cuda/lib64/libcublas.so* > /dev/null 2>&1; then
    # torch's own cuBLAS (pip nvidia-cublas), if that is the only one on the machine
    IND_LIBCUBLAS=$(python3 -c "import glob, os, nvidia.cublas as m; print(sorted(glob.glob(os.path.join(list(m.__path__)[0], 'lib', 'libcublas.so*')))[0])" 2>/dev/null)
    [ -n "$IND_LIBCUBLAS" ] && export IND_LIBCUBLAS && echo "run.sh: using torch's cuBLAS $IND_LIBCUBLAS"
  fi
  echo "== copy bandwidth"
  timeout 120 python3 scripts/gpu/check.py copy-bw --out "$OUT/copy_bw.json" || echo "run.sh: copy-bw failed"

  local cases
  if [ $# -gt 0 ]; then cases="$*"; else cases=$(cd "$PLANS" 2>/dev/null && ls *_1024.json 2>/dev/null | sed 's/_1024\.json$//'); fi
  [ -n "$cases" ] || echo "run.sh: no plans in $PLANS (run scripts/gpu/prepare.sh here first and carry out/gpu)"
  : > "$RESULTS"
  for n in $SIZES; do
    for c in $cases; do
      if [ "$SECONDS" -gt "$BUDGET" ]; then
        echo "run.sh: ${c}_$n skipped: time budget of ${BUDGET}s spent"
        echo "{\"case\": \"$c\", \"n\": $n, \"result\": \"SKIP\", \"notes\": [\"time budget spent\"]}" >> "$RESULTS"
        continue
      fi
      run_case "$c" "$n"
    done
  done
  echo "== results (t=${SECONDS}s)"
  python3 scripts/gpu/check.py table --results "$RESULTS" --md "$OUT/results.md"

  if [ "$SANITIZE" = 1 ] && [ -n "$RUNNER" ] && command -v compute-sanitizer > /dev/null; then
    printf '\n| case | compute-sanitizer memcheck |\n|---|---|\n' > "$OUT/memcheck.md"
    for c in $cases; do
      if [ "$SECONDS" -gt $((BUDGET + 60)) ]; then echo "run.sh: memcheck of ${c}_1024 skipped (time)"; continue; fi
      [ -f "$PLANS/${c}_1024.json" ] && sanitize_case "${c}_1024"
    done
    cat "$OUT/memcheck.md" >> "$OUT/results.md"
    cat "$OUT/memcheck.md"
  fi
  echo "== done (t=${SECONDS}s); results in $OUT/results.md"
}

main "$@" 2>&1 | tee -a "$OUT/run.log"
exit "${PIPESTATUS[0]}"
