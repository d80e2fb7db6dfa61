#!/usr/bin/env bash
# Runs THERE (the GPU machine), with out/gpu-lib from scripts/gpu/prepare_lib.sh: the host overhead per call of
# ind's runtime from C (ind_cuda_module_run and a CUDA-graph replay) and from Python (ctypes, as core.py),
# against a torch.compile'd seed model's per-call overhead, on the seed program (one kernel). Targets
# (issue 12): C <= 5 us per call, <= 2 us with graph replay, Python <= 15 us. Lines OVERHEAD ... in $OUT/overhead.txt.
set -uo pipefail
cd "$(dirname "$0")/../.."
OUT="${OUT:-/tmp/ind_gpu_out}"
mkdir -p "$OUT"
inc=${CUDA_HOME:-/usr/local/cuda}/include
SRC="runtime/ind_runtime.c lib/npy_raw.c"
gcc -std=c11 -O2 -Wall -Wextra -Werror -I. -Iinclude -I"$inc" scripts/gpu/overhead_c.c $SRC -ldl -lm \
  -o /tmp/ind_overhead_c || exit 1
gcc -std=c11 -O2 -shared -fPIC -Wall -Wextra -Werror -I. -Iinclude -I"$inc" $SRC -ldl -lm -o /tmp/libindrt.so || exit 1
{
  /tmp/ind_overhead_c out/gpu-lib/seed.indprog
  timeout 300 python3 scripts/gpu/overhead.py /tmp/libindrt.so out/gpu-lib/seed.indprog
} 2>&1 | tee "$OUT/overhead.txt"
