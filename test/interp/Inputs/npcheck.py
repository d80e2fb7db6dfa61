# Checks ind-run's outputs against NumPy: npcheck.py DIR EXPR [--rtol R] [--atol A] [--exact]
# EXPR is a Python expression over in0, in1, ... (DIR/in*.npy, the inputs ind-run used, as float64
# arrays) and the helpers below; it gives the expected output (or a tuple of outputs), computed in
# float64. Each DIR/outK.npy must have the expected shape, and match within rtol/atol after the
# expected value is rounded to the output's dtype (--exact: bit-equal after that rounding).
# Prints "ok outK SHAPE DTYPE" per output, or "MISMATCH ..." and exits 1.
import glob
import math
import os
import sys

import numpy as np

erf = np.vectorize(math.erf, otypes=[np.float64])


def softmax(x, d):
    e = np.exp(x - x.max(axis=d, keepdims=True))
    return e / e.sum(axis=d, keepdims=True)


def log_softmax(x, d):
    m = x.max(axis=d, keepdims=True)
    return x - m - np.log(np.exp(x - m).sum(axis=d, keepdims=True))


def layer_norm(x, w, b, n, eps):
    ax = tuple(range(x.ndim - n, x.ndim))
    mu = x.mean(axis=ax, keepdims=True)
    var = ((x - mu) ** 2).mean(axis=ax, keepdims=True)
    return (x - mu) / np.sqrt(var + eps) * w + b


def rms_norm(x, w, n, eps):
    ax = tuple(range(x.ndim - n, x.ndim))
    return x / np.sqrt((x * x).mean(axis=ax, keepdims=True) + eps) * w


def gelu(x):
    return 0.5 * x * (1.0 + erf(x / math.sqrt(2.0)))


def gelu_tanh(x):
    return 0.5 * x * (1.0 + np.tanh(math.sqrt(2.0 / math.pi) * (x + 0.044715 * x ** 3)))


def sigmoid(x):
    return 1.0 / (1.0 + np.exp(-x))


def main():
    d, expr = sys.argv[1], sys.argv[2]
    rtol, atol, exact = 1e-6, 1e-6, False
    args = sys.argv[3:]
    while args:
        a = args.pop(0)
        if a == "--rtol":
            rtol = float(args.pop(0))
        elif a == "--atol":
            atol = float(args.pop(0))
        elif a == "--exact":
            exact = True
    env = {"np": np, "math": math, "erf": erf, "softmax": softmax, "log_softmax": log_softmax,
           "layer_norm": layer_norm, "rms_norm": rms_norm, "gelu": gelu, "gelu_tanh": gelu_tanh,
           "sigmoid": sigmoid}
    for f in sorted(glob.glob(os.path.join(d, "in*.npy"))):
        env[os.path.basename(f)[:-4]] = np.load(f).astype(np.float64)
    want = eval(expr, env)
    if not isinstance(want, tuple):
        want = (want,)
    ok = True
    for k, w in enumerate(want):
        got = np.load(os.path.join(d, "out%d.npy" % k))
        w = np.asarray(w, dtype=np.float64)
        if got.shape != w.shape:
            print("MISMATCH out%d: shape %s, expected %s" % (k, got.shape, w.shape))
            ok = False
            continue
        w = w.astype(got.dtype).astype(np.float64)
        g = got.astype(np.float64)
        if exact:
            good = np.array_equal(g, w, equal_nan=True)
        else:
            good = np.allclose(g, w, rtol=rtol, atol=atol, equal_nan=True)
        if not good:
            err = np.abs(g - w)
            print("MISMATCH out%d: max_abs_err %g\n got %s\n want %s" % (k, np.nanmax(err), g, w))
            ok = False
        else:
            print("ok out%d %s %s" % (k, "x".join(str(s) for s in got.shape) or "0-d", got.dtype))
    sys.exit(0 if ok else 1)


main()
