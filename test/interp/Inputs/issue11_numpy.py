"""The reference interpreter against numpy on the ops of issue 11: runs `ind-run --reference` on each
program of test/run_compiled/Inputs/ops (seeded inputs saved), recomputes the outputs with numpy's
semantics (Python remainder, C fmod, half-to-even round, the first NaN for argmax, ...) and prints one
line per program: OK, or MISMATCH with the largest difference. Exits 1 on any mismatch.

usage: issue11_numpy.py IND_RUN OPS_DIR TMP_DIR"""
import os
import subprocess
import sys

import numpy as np


def run(ind_run, path, out):
    subprocess.run([ind_run, "--reference", path, "--output-dir", out, "--save-inputs"], check=True,
                   stdout=subprocess.DEVNULL)
    ins, outs, k = [], [], 0
    while os.path.exists(os.path.join(out, "in%d.npy" % k)):
        ins.append(np.load(os.path.join(out, "in%d.npy" % k)).astype(np.float64))
        k += 1
    k = 0
    while os.path.exists(os.path.join(out, "out%d.npy" % k)):
        outs.append(np.load(os.path.join(out, "out%d.npy" % k)))
        k += 1
    return ins, outs


def pad(x):  # constant_pad_nd pad = [1, -2, 2, 1], value 0.5: dim 1 (1, -2), dim 0 (2, 1)
    y = np.pad(x, ((2, 1), (1, 0)), constant_values=0.5)
    return y[:, :-2]


with np.errstate(all="ignore"):
    CASES = {
        "remainder_f32": lambda x, y: [np.remainder(x, y)],
        "fmod_f32": lambda x, y: [np.fmod(x, y)],
        "round": lambda x: [np.round(x)],
        "sign": lambda x: [np.sign(x)],
        "clamp_a": lambda x: [np.clip(x, -0.5, 0.25)],
        "nan_argmax": lambda x: [np.isnan(np.log(x)), np.argmax(np.log(x), 1), np.argmin(x, -1)],
        "pad": lambda x: [pad(x)],
        "repeat": lambda x: [np.tile(x, (2, 2, 3))],
        "flip": lambda x: [np.flip(x, (0, 1))],
        "select": lambda x: [x[:, -3]],
        "masked_fill_f32": lambda x, m: [np.where(m != 0, -3.5, x)],
        "bitwise_not": lambda x: [~x.astype(np.int64)],
        "max_dim": lambda x: [x.max(1), x.argmax(1), x.min(-1, keepdims=True), x.argmin(-1)[..., None]],
        "argmin_d0": lambda x: [x.argmin(0)[None, :]],
        "any_i": lambda x: [(x > 8).any(0)],
        "arange": lambda x: [x + np.arange(-1.0, 1.0, 0.125), 3 - 2 * np.arange(7)],
    }


def main():
    ind_run, ops_dir, tmp = sys.argv[1:4]
    bad = 0
    for name, fn in CASES.items():
        with np.errstate(all="ignore"):
            ins, outs = run(ind_run, os.path.join(ops_dir, name + ".mlir"), os.path.join(tmp, name))
            want = fn(*ins)
        diffs = []
        for got, w in zip(outs, want):
            w = np.asarray(w, dtype=np.float64).reshape(got.shape)
            g = got.astype(np.float64)
            both_nan = np.isnan(g) & np.isnan(w)
            diffs.append(float(np.nan_to_num(np.where(both_nan, 0.0, np.abs(g - w)), nan=np.inf).max()))
        ok = len(outs) == len(want) and max(diffs) <= 1e-6
        bad += not ok
        print("%s: %s %g" % (name, "OK" if ok else "MISMATCH", max(diffs) if diffs else -1))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
