#!/usr/bin/env bash
# Runs THERE (the GPU machine, no MLIR), with out/torch made HERE by scripts/gpu/standalone_prepare.sh: the model
# zoo (bench/zoo/run.py) on the GPU through libind-standalone.so, a subprocess per row so that a fault costs
# one row. Arguments go to run.py (default: full sizes, ind only, inference and training in f32).
#   scripts/gpu/zoo.sh --models gpt2,bert --modes infer_bf16 --backends ind,eager,inductor --iters 20
# Results: $OUT/zoo.jsonl (one JSON row each) and $OUT/zoo.log.
set -uo pipefail
cd "$(dirname "$0")/../.."
OUT="${OUT:-/tmp/ind_gpu_out}"
mkdir -p "$OUT"
T=out/torch
[ -f $T/libind-standalone.so ] || xz -d -k -T0 $T/libind-standalone.so.xz || exit 1
export IND_LIBRARY=$PWD/$T/libind-standalone.so PYTHONUNBUFFERED=1
python3 -c 'import torch, transformers, timm; print("torch", torch.__version__, "transformers", transformers.__version__, "timm", timm.__version__, torch.cuda.get_device_name())'
python3 bench/zoo/run.py --size full --device cuda --out "$OUT/zoo.jsonl" "$@" 2>&1 | tee "$OUT/zoo.log"
