"""Runs a kernel-level test module through the CPU JIT driver (unit-cpujit) and checks its outputs
against NumPy. The test file declares, in comments:

    // INPUT: name 8x16 f32 [uniform|positive|near1]   one per @call argument, in order
                                              (near1: 1 + 0.01 * uniform)
    // OUTPUT: 8x16 f32                          one per @call result, in order
    // NUMPY: out = ...                          Python lines computing `outs` (a list) from the inputs

Inputs are seeded random values rounded to their dtype; NumPy computes in float64 from the same
values. An output passes when |got - want| <= atol + rtol * |want| everywhere (rtol = atol = 1e-5
for f32 outputs, 1e-2 for f16/bf16). Prints one line per output and exits 1 on any mismatch.

usage: jit_check.py TOOL TEST.mlir WORKDIR [PROGRAM.mlir]

PROGRAM (default TEST) is the module the tool runs, e.g. TEST compiled to the kernel level by ind-opt
(the comments are read from TEST).

TOOL is unit-cpujit (raw input/output files) or ind-run (the compiled path of ind-run, through
.npy files: `ind-run TEST.mlir --input in0.npy ... --output-dir WORKDIR`).
"""
import os
import subprocess
import sys

import numpy as np

DTYPES = {"bool": np.bool_, "f32": np.float32, "f16": np.float16, "f64": np.float64, "i64": np.int64, "i32": np.int32}


def parse_shape(s):
    return tuple(int(d) for d in s.split("x")) if s not in ("", "scalar") else ()


def main():
    tool, test, work = sys.argv[1:4]
    program = sys.argv[4] if len(sys.argv) > 4 else test
    os.makedirs(work, exist_ok=True)
    use_npy = os.path.basename(tool) == "ind-run"
    inputs, outputs, code = [], [], []
    for line in open(test):
        line = line.strip()
        if line.startswith("// INPUT:"):
            f = line[len("// INPUT:"):].split()
            inputs.append((f[0], parse_shape(f[1]), f[2], f[3] if len(f) > 3 else "uniform"))
        elif line.startswith("// OUTPUT:"):
            f = line[len("// OUTPUT:"):].split()
            outputs.append((parse_shape(f[0]), f[1]))
        elif line.startswith("// NUMPY:"):
            code.append(line[len("// NUMPY:"):][1:])
    rng = np.random.default_rng(1234)
    env = {"np": np}
    files = []
    for k, (name, shape, dt, dist) in enumerate(inputs):
        if dt == "bool":
            v = rng.integers(0, 2, size=shape).astype(np.bool_)
        elif dt.startswith("i"):
            v = rng.integers(0, 10, size=shape).astype(DTYPES[dt])
        else:
            v = rng.uniform(-1.0, 1.0, size=shape)
            if dist == "positive":
                v = np.abs(v) + 0.1
            elif dist == "near1":
                v = 1.0 + 0.01 * v
            v = v.astype(DTYPES[dt])
        path = os.path.join(work, "in%d.%s" % (k, "npy" if use_npy else "bin"))
        if use_npy:
            np.save(path, v)
        else:
            v.tofile(path)
        files.append(path)
        env[name] = v.astype(np.float64)
    prefix = os.path.join(work, "out")
    if use_npy:
        cmd = [tool, program, "--output-dir", work] + sum([["--input", f] for f in files], [])
    else:
        cmd = [tool, program, prefix] + files
    r = subprocess.run(cmd, capture_output=True, text=True)
    sys.stdout.write(r.stdout)
    sys.stderr.write(r.stderr)
    if r.returncode != 0:
        print("FAIL: %s exited with %d" % (os.path.basename(tool), r.returncode))
        return 1
    exec("\n".join(code), env)
    want_all = env["outs"]
    ok = True
    for k, (shape, dt) in enumerate(outputs):
        if use_npy:
            got = np.load(prefix + "%d.npy" % k).astype(np.float64).reshape(shape)
        else:
            got = np.fromfile(prefix + "%d.bin" % k, dtype=DTYPES[dt]).astype(np.float64).reshape(shape)
        want = np.asarray(want_all[k], dtype=np.float64).reshape(shape)
        tol = 1e-5 if dt in ("f32", "f64") else 1e-2
        err = np.abs(got - want)
        rel = err / np.maximum(np.abs(want), 1e-30)
        good = bool(np.all(err <= tol + tol * np.abs(want)))
        print("output %d %s %s: max_abs=%.3g max_rel=%.3g %s" % (
            k, "x".join(map(str, shape)) or "scalar", dt, err.max(initial=0), rel.max(initial=0),
            "PASS" if good else "FAIL"))
        ok &= good
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
