#!/usr/bin/env bash
# Runs THERE (the GPU machine), with out/gpu made HERE by scripts/gpu/prepare.sh and carried along.
# Nsight Compute (ncu, --clock-control none) on ind's kernels (through the runner) and on Inductor's Triton
# kernels for the same case, one CSV row per kernel: time, DRAM bytes and throughput, achieved and
# theoretical occupancy, waves per SM, registers, grid/block, instructions. Also Inductor's generated code
# for each case (TORCH_LOGS=output_code) so the kernels can be compared side by side. docs/perf-analysis.md
# reads these files.
#
#   scripts/gpu/profile.sh [case ...]      env: OUT, IND_GPU_SIZES ("8192 1024"), IND_PROF_PLANS (out/gpu:
#                                          another prepare.sh output), IND_PROF_INDUCTOR (1; 0: ind only)
set -uo pipefail
export PYTHONUNBUFFERED=1
export PATH="$PATH:${CUDA_HOME:-/usr/local/cuda}/bin"
cd "$(dirname "$0")/../.."
OUT="${OUT:-/tmp/ind_prof_out}"
SIZES="${IND_GPU_SIZES:-8192 1024}"
PLANS="${IND_PROF_PLANS:-out/gpu}"
DATA=/tmp/ind_prof_data
mkdir -p "$OUT" "$DATA"
METRICS=gpu__time_duration.sum,dram__bytes_read.sum,dram__bytes_write.sum,dram__throughput.avg.pct_of_peak_sustained_elapsed,sm__warps_active.avg.pct_of_peak_sustained_active,sm__maximum_warps_per_active_cycle_pct,launch__waves_per_multiprocessor,launch__registers_per_thread,launch__block_size,launch__grid_size,smsp__inst_executed.sum,launch__shared_mem_per_block_static,sm__throughput.avg.pct_of_peak_sustained_elapsed,l1tex__t_bytes_pipe_lsu_mem_global_op_ld.sum,lts__t_sector_hit_rate.pct,l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum
inc=/usr/local/cuda/include
[ -f "$inc/cuda.h" ] || inc=$(dirname "$(find / -name cuda.h -path '*include*' 2>/dev/null | head -n 1)")
RUNNER=$DATA/ind_cuda_run
gcc -std=c11 -O2 -I"$inc" -I. -Iinclude runtime/ind_cuda_run.c runtime/ind_runtime.c lib/npy_raw.c -ldl -lm -o "$RUNNER" || { echo "profile.sh: no runner"; exit 1; }
cases="$*"
[ -n "$cases" ] || cases=$(cd "$PLANS" && ls *_1024.json | sed 's/_1024\.json$//')
for n in $SIZES; do
  for c in $cases; do
    name=${c}_$n
    [ -f "$PLANS/$name.json" ] || continue
    [ "$SECONDS" -lt "${IND_PROF_BUDGET_S:-480}" ] || { echo "profile.sh: budget spent, $name skipped"; continue; }
    echo "== $name (t=${SECONDS}s)"
    # ind: the runner's first (correctness) launch sequence only
    timeout 60 ncu --clock-control none --csv --page raw --metrics "$METRICS" --launch-count 4 \
      "$RUNNER" --plan "$PLANS/$name.json" --ptx "$PLANS/$name.ptx" --iters 1 --flush-reps 1 --name "$name" \
      > "$OUT/ind_$name.csv" 2> "$OUT/ind_$name.err" || echo "profile.sh: ncu on ind $name failed"
    # Inductor: its kernels inside the NVTX range of one call after warm-up
    [ "${IND_PROF_INDUCTOR:-1}" = 1 ] || continue
    timeout 150 ncu --clock-control none --csv --page raw --metrics "$METRICS" --nvtx --nvtx-include "prof/" \
      python3 scripts/gpu/profile_inductor.py "$c" "$n" "$OUT" \
      > "$OUT/inductor_$name.csv" 2> "$OUT/inductor_$name.err" || echo "profile.sh: ncu on inductor $name failed"
  done
done
python3 scripts/gpu/profile_inductor.py --summarize "$OUT" | tee "$OUT/summary.md"
# at most 8 files come back from the device machine: one archive + the summary
(cd "$OUT" && tar czf prof.tgz --remove-files ./*.csv ./*.err ./*.py 2>/dev/null; ls -la)
