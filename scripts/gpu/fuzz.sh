#!/usr/bin/env bash
# Runs THERE (the GPU machine, no MLIR), with out/torch made HERE by scripts/gpu/standalone_prepare.sh: the
# PyTorch-level fuzzer (scripts/fuzz/torch_fuzz.py, docs/testing.md) on CUDA, forward and backward, time-boxed,
# a subprocess per batch so that a fault costs one batch (its programs then rerun one by one).
#   scripts/gpu/fuzz.sh SEEDS BUDGET_S JOBS        e.g. scripts/gpu/fuzz.sh 0:20000 400 14
# Results: $OUT/fuzz.json (every program's class), $OUT/fuzz.log (one line per failure, the totals).
. "$(dirname "$0")/standalone_env.sh"
export IND_FUZZ_TMP=/tmp/ind_fuzz
python3 scripts/fuzz/torch_fuzz.py --device cuda --both --seeds "${1:-0:20000}" --budget "${2:-400}" \
  --jobs "${3:-14}" --batch 25 --json "$OUT/fuzz.json" > "$OUT/fuzz.log" 2>&1
rc=$?
tail -n 30 "$OUT/fuzz.log"
exit $rc
