#!/usr/bin/env bash
# Runs THERE (the GPU machine), with out/torch made HERE by scripts/gpu/standalone_prepare.sh: CUDA graphs for
# the backend's compiled graphs on a real GPU (test/torch/run_cudagraphs.py --device cuda: a training step and
# inference against eager over several iterations, an input mutated in place, an output aliasing an input).
# Results: $OUT/cudagraphs.log.
. "$(dirname "$0")/standalone_env.sh"
python3 test/torch/run_cudagraphs.py --device cuda --iters "${1:-4}" 2>&1 | tee "$OUT/cudagraphs.log"
