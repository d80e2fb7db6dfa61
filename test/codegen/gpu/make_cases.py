#!/usr/bin/python3
"""Prepares GPU checks of ind's PTX (run here, where MLIR is): for each example, the PTX, the launch plan
and the expected outputs of the reference interpreter, summarized (sum, sum of squares, 4096 sampled
values) so that the files stay small. Inputs are a formula both sides compute bit-identically (inputs()).

    /usr/bin/python3 test/codegen/gpu/make_cases.py BUILD_DIR OUT_DIR [--opts 'k=v ...'] [example | path.mlir ...]

--opts runs sched-to-kernel{k=v ...},kernel-cse,kernel-reuse-buffers instead of --codegen.

OUT_DIR/<case>/{kernels.ptx, plan.json, expect.json}; run_ptx.py runs them on the GPU machine."""
import json, os, subprocess, sys, tempfile
import numpy as np

NSAMPLE = 4096


def inputs(plan):
    out = []
    for k, inp in enumerate(plan["inputs"]):
        n = int(np.prod(inp["shape"])) if inp["shape"] else 1
        i = np.arange(n, dtype=np.int64)
        x = (((i * 2654435761 + k * 97531) % 1000003) / 1000003.0 - 0.5).astype(np.float32)
        out.append(x.reshape(inp["shape"]))
    return out


def summary(a):
    f = a.astype(np.float64).ravel()
    idx = np.linspace(0, f.size - 1, min(NSAMPLE, f.size)).astype(np.int64)
    return {"shape": list(a.shape), "sum": float(f.sum()), "sumsq": float((f * f).sum()),
            "idx": idx.tolist(), "val": f[idx].tolist()}


def main():
    build, outdir, names = sys.argv[1], sys.argv[2], sys.argv[3:]
    opts = None
    if names[:1] == ["--opts"]:
        opts, names = names[1], names[2:]
    src = os.path.dirname(os.path.abspath(__file__)) + "/../../.."
    if not names:
        names = sorted(f[:-5] for f in os.listdir(src + "/examples") if f.endswith(".mlir"))
    opt, run = build + "/bin/ind-opt", build + "/bin/ind-run"
    for name in names:
        ex = name if name.endswith(".mlir") else f"{src}/examples/{name}.mlir"
        name = os.path.basename(ex)[:-5]
        d = f"{outdir}/{name}"
        os.makedirs(d, exist_ok=True)
        stages = ["--preprocess", "--lower", "--fuse", "--codegen"]
        if opts is None:
            kernel = subprocess.run([opt, ex, *stages], check=True, capture_output=True, text=True).stdout
        else:
            sched = subprocess.run([opt, ex, *stages[:3]], check=True, capture_output=True, text=True).stdout
            pipe = f"builtin.module(sched-to-kernel{{{opts}}},kernel-cse,kernel-reuse-buffers)"
            kernel = subprocess.run([opt, "-", "--pass-pipeline=" + pipe], input=sched, check=True,
                                    capture_output=True, text=True).stdout
        emit = lambda kind: subprocess.run([opt, "-", "--emit=" + kind], input=kernel, check=True,
                                           capture_output=True, text=True).stdout
        open(d + "/kernels.ptx", "w").write(emit("ptx"))
        plan = json.loads(emit("launch-plan"))
        json.dump(plan, open(d + "/plan.json", "w"))
        with tempfile.TemporaryDirectory() as t:
            args = []
            for k, x in enumerate(inputs(plan)):
                np.save(f"{t}/in{k}.npy", x)
                args += ["--input", f"{t}/in{k}.npy"]
            subprocess.run([run, "--reference", ex, *args, "--output-dir", t], check=True)
            outs = [np.load(f"{t}/out{k}.npy") for k in range(len(plan["outputs"]))]
        json.dump({"outputs": [summary(o) for o in outs]}, open(d + "/expect.json", "w"))
        print(name, "ok", [o.shape for o in outs])


if __name__ == "__main__":
    main()
