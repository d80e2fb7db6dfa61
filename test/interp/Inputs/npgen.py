# Writes .npy inputs for interpreter tests: npgen.py DIR SPEC... where SPEC is SHAPExDTYPE
# ("2x3xf32", "f32" for 0-d), optionally prefixed by "pos:" (values in [0.5, 2.5)) or "int:"
# (integers in [0, 5)). Files are DIR/a0.npy, DIR/a1.npy, ... from a fixed seed, so tests are
# reproducible. Float values are uniform in [-2, 2).
import os
import sys

import numpy as np

DTYPES = {"f32": np.float32, "f16": np.float16, "f64": np.float64, "i64": np.int64, "i32": np.int32,
          "i1": np.bool_}


def make(spec, rng):
    kind = "float"
    if ":" in spec:
        kind, spec = spec.split(":", 1)
    parts = spec.split("x")
    shape = tuple(int(p) for p in parts[:-1])
    dtype = DTYPES[parts[-1]]
    if dtype is np.bool_:
        return rng.integers(0, 2, size=shape).astype(np.bool_)
    if kind == "int" or np.issubdtype(dtype, np.integer):
        return rng.integers(0, 5, size=shape).astype(dtype)
    lo, hi = (0.5, 2.5) if kind == "pos" else (-2.0, 2.0)
    return rng.uniform(lo, hi, size=shape).astype(dtype)


def main():
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    rng = np.random.default_rng(1234)
    for i, spec in enumerate(sys.argv[2:]):
        np.save(os.path.join(out, "a%d.npy" % i), make(spec, rng))


main()
