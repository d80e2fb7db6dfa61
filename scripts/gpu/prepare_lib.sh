#!/usr/bin/env bash
# Runs HERE (where MLIR is): compiles every examples/*.mlir with libind for the GPU (device=cuda, sm_90) and
# saves each as a program file (plan + PTX; docs/tools/libind.md), plus the reference interpreter's outputs
# on the inputs the GPU runner draws (--seed 1), so the GPU machine (no MLIR) can check every example:
#   out/gpu-lib/<case>.indprog, out/gpu-lib/ref/<case>/out<K>.npy
# Then carry out/gpu-lib and run scripts/gpu/check_lib.sh and scripts/gpu/overhead.sh there.
set -euo pipefail
cd "$(dirname "$0")/../.."
export IND_LIBRARY="${IND_LIBRARY:-${IND_BUILD_DIR:-build}/lib/libind.so}"
rm -rf out/gpu-lib && mkdir -p out/gpu-lib/ref
/usr/bin/python3 - <<'PY'
import glob, os, sys
import numpy as np
sys.path.insert(0, "python")
from ind.core import compile

def runner_inputs(shape, seed, k):  # ind_cuda_run's splitmix64 draw, uniform in [-1, 1)
    n = int(np.prod(shape))
    M = (1 << 64) - 1
    s = (seed * 0x9E3779B97F4A7C15 + k * 0xD1B54A32D192ED03 + 1) & M
    z = (np.uint64(s) + np.arange(1, n + 1, dtype=np.uint64) * np.uint64(0x9E3779B97F4A7C15))
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    z ^= z >> np.uint64(31)
    x = (z >> np.uint64(40)).astype(np.float32) * np.float32(2.0 / 16777216.0) - np.float32(1.0)
    return x.reshape(shape)

for f in sorted(glob.glob("examples/*.mlir")):
    case = os.path.basename(f)[:-5]
    p = compile(open(f).read(), device="cuda", name=f)
    p.save("out/gpu-lib/%s.indprog" % case)
    ins = [runner_inputs(s, 1, k) for k, (s, d) in enumerate(p.inputs)]
    d = "out/gpu-lib/ref/%s" % case
    os.makedirs(d, exist_ok=True)
    for k, r in enumerate(p.reference(*ins)):
        np.save("%s/out%d.npy" % (d, k), r)
    print("prepare_lib.sh: %s: %d kernel(s), %d output(s)" % (case, len(p.kernels), len(p.outputs)))
PY
du -sh out/gpu-lib
