#!/usr/bin/env bash
# Runs THERE (the GPU machine: CUDA 13, gcc, torch 2.11 + triton 3.6, no MLIR), in the repository root, with
# out/gpu made HERE by scripts/gpu/prepare.sh and carried along. Builds the runner, then for every case and
# size runs ind's kernels (runtime/ind_cuda_run) and scripts/gpu/check.py (float64 reference, torch.compile
# and eager timings in one process), and ends with the table (also $OUT/results.md). See docs/gpu.md.
#
#   scripts/gpu/run.sh [case ...]          env: OUT (default /tmp/ind_gpu_out), IND_GPU_SIZES ("8192 1024"),
#                                               IND_GPU_SEED (1), IND_GPU_BUDGET_S (450: cases after that are skipped)
# One failing case never stops the others. Large .npy files go to $IND_GPU_DATA (/tmp/ind_gpu_data), deleted
# after each case; $OUT gets logs, results.jsonl, results.md.
set -uo pipefail
export PYTHONUNBUFFERED=1
cd "$(dirname "$0")/../.."
OUT="${OUT:-/tmp/ind_gpu_out}"
DATA="${IND_GPU_DATA:-/tmp/ind_gpu_data}"
SIZES="${IND_GPU_SIZES:-8192 1024}"
SEED="${IND_GPU_SEED:-1}"
BUDGET="${IND_GPU_BUDGET_S:-450}"
PLANS=out/gpu
mkdir -p "$OUT/logs" "$DATA"
exec > >(tee -a "$OUT/run.log") 2>&1
echo "== run.sh $(date -u +%Y-%m-%dT%H:%M:%SZ) in $(pwd)"
[ -f "$PLANS/PREPARED" ] && cat "$PLANS/PREPARED"
nvidia-smi -L || echo "run.sh: nvidia-smi -L failed"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem,temperature.gpu,power.draw \
  --format=csv 2>&1 | tee "$OUT/nvidia-smi.csv"
python3 -c "import torch, triton; print('torch', torch.__version__, 'triton', triton.__version__, 'cuda', torch.version.cuda)"

RUNNER="$DATA/ind_cuda_run"
echo "== building the runner"
if ! gcc -std=c11 -O2 -Wall -Wextra -Werror -I/usr/local/cuda/include runtime/ind_cuda_run.c -ldl -lm -o "$RUNNER"; then
  echo "run.sh: building with -Werror failed; retrying without it"
  gcc -std=c11 -O2 -I/usr/local/cuda/include runtime/ind_cuda_run.c -ldl -lm -o "$RUNNER" || RUNNER=""
fi
[ -n "$RUNNER" ] || echo "run.sh: NO RUNNER: ind columns will be empty; Inductor/eager still measured"

echo "== copy bandwidth"
timeout 120 python3 scripts/gpu/check.py copy-bw --out "$OUT/copy_bw.json" || echo "run.sh: copy-bw failed"

if [ $# -gt 0 ]; then CASES="$*"; else CASES=$(cd "$PLANS" && ls *_1024.json 2>/dev/null | sed 's/_1024\.json$//'); fi
[ -n "$CASES" ] || { echo "run.sh: no plans in $PLANS (run scripts/gpu/prepare.sh here first and carry out/gpu)"; }
RESULTS="$OUT/results.jsonl"
: > "$RESULTS"
for n in $SIZES; do
  for c in $CASES; do
    name="${c}_${n}"
    if [ "$SECONDS" -gt "$BUDGET" ]; then
      echo "run.sh: $name skipped: time budget of ${BUDGET}s spent"
      echo "{\"case\": \"$c\", \"n\": $n, \"result\": \"SKIP\", \"notes\": [\"time budget spent\"]}" >> "$RESULTS"
      continue
    fi
    echo "== $name  (t=${SECONDS}s)"
    d="$DATA/$name"
    rm -rf "$d" && mkdir -p "$d"
    rc=1
    if [ -n "$RUNNER" ] && [ -f "$PLANS/$name.json" ] && [ -f "$PLANS/$name.ptx" ]; then
      timeout 180 "$RUNNER" --plan "$PLANS/$name.json" --ptx "$PLANS/$name.ptx" --outputs-dir "$d" \
        --seed "$SEED" --check --name "$name" 2>&1 | tee "$OUT/logs/$name.runner.log"
      rc=${PIPESTATUS[0]}
      echo "run.sh: runner exit $rc"
    else
      echo "run.sh: no runner or no $PLANS/$name.{json,ptx}"
    fi
    timeout 300 python3 scripts/gpu/check.py case --case "$c" --n "$n" --data "$d" --runner-rc "$rc" \
      --results "$RESULTS" --copy-bw "$OUT/copy_bw.json" --compile-times "$PLANS/compile_times.tsv" \
      > "$OUT/logs/$name.check.log" 2>&1
    crc=$?
    tail -n 5 "$OUT/logs/$name.check.log"
    if [ "$crc" -ne 0 ] && ! grep -q "\"case\": \"$c\", \"n\": $n," "$RESULTS"; then
      echo "run.sh: check.py died (exit $crc) before recording $name"
      echo "{\"case\": \"$c\", \"n\": $n, \"runner_rc\": $rc, \"result\": \"FAIL\", \"notes\": [\"check.py exit $crc, see logs/$name.check.log\"]}" >> "$RESULTS"
    fi
    rm -rf "$d"
  done
done
echo "== results (t=${SECONDS}s)"
python3 scripts/gpu/check.py table --results "$RESULTS" --md "$OUT/results.md"
