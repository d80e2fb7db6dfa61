#!/usr/bin/env bash
# Runs THERE (the GPU machine, no MLIR), with out/torch made HERE by scripts/gpu/standalone_prepare.sh: the model
# zoo (bench/zoo/run.py) on the GPU through libind-standalone.so, a subprocess per row so that a fault costs
# one row. Arguments go to run.py (default: full sizes, ind only, inference and training in f32).
#   scripts/gpu/zoo.sh --models gpt2,bert --modes infer_bf16 --backends ind,eager,inductor --iters 20
# Results: $OUT/zoo.jsonl (one JSON row each) and $OUT/zoo.log.
. "$(dirname "$0")/standalone_env.sh"
python3 -c 'import torch, transformers, timm; print("torch", torch.__version__, "transformers", transformers.__version__, "timm", timm.__version__, torch.cuda.get_device_name())'
python3 bench/zoo/run.py --size full --device cuda --out "$OUT/zoo.jsonl" "$@" 2>&1 | tee "$OUT/zoo.log"
