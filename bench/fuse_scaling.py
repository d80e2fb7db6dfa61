#!/usr/bin/env python3
"""Scheduling + fusion time on an N-node pointwise chain (ind level), for docs/passes/fuse.md.

Usage: bench/fuse_scaling.py [--ind-opt build/bin/ind-opt] [--sizes 1000,2000,5000,10000] [--strategy inductor]
                             [--graph chain|dag]

For each N it writes a chain buf0 = x + 1, buf_k = buf_{k-1} * 1.0001 (k < N), returns buf_{N-1}, and
times `ind-opt --fuse=STRATEGY --mlir-timing` (best of 3 wall-clock runs, parsing excluded from the
pass time printed by --mlir-timing). Every node is 1024 elements, so Inductor's rules fuse the chain
into groups of max_fusion_size = 64 nodes. `--graph dag`: node k also reads node k-1-(k mod 7) (a DAG
with many shared buffers: more candidate pairs, longer cycle checks)."""
import argparse, os, re, subprocess, sys, tempfile, time


def chain(n, dag=False):
    out = ["func.func @chain(%arg0_1: memref<1024xf32>) -> memref<1024xf32> {"]
    prev = "%arg0_1"
    for k in range(n):
        other = f"%buf{k - 1 - k % 7}" if dag and k - 1 - k % 7 >= 0 else prev
        out.append(f'  %buf{k} = "ind.pointwise"() ({{')
        out.append(f'    %0 = "ind.load"({prev}) {{index = affine_map<(d0) -> (d0)>}} : (memref<1024xf32>) -> f32')
        out.append(f'    %3 = "ind.load"({other}) {{index = affine_map<(d0) -> (d0)>}} : (memref<1024xf32>) -> f32')
        out.append('    %1 = "arith.constant"() <{value = 1.0001 : f32}> : () -> f32')
        out.append('    %4 = "arith.mulf"(%0, %1) : (f32, f32) -> f32')
        out.append('    %2 = "arith.addf"(%4, %3) : (f32, f32) -> f32')
        out.append('    "gpu.yield"(%2) : (f32) -> ()')
        out.append(f'  }}) {{name = "buf{k}", ranges = array<i64: 1024>}} : () -> memref<1024xf32>')
        prev = f"%buf{k}"
    out.append(f'  "func.return"({prev}) : (memref<1024xf32>) -> ()')
    out.append("}")
    return "\n".join(out) + "\n"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--ind-opt", default="build/bin/ind-opt")
    ap.add_argument("--sizes", default="1000,2000,5000,10000")
    ap.add_argument("--strategy", default="inductor")
    ap.add_argument("--graph", default="chain", choices=["chain", "dag"])
    ap.add_argument("--max-fuse-s", type=float, default=None, help="exit 1 when the fuse pass takes longer")
    a = ap.parse_args()
    print(f"{'nodes':>6} {'kernels':>8} {'total s':>8} {'schedule s':>10} {'fuse s':>8}")
    for n in [int(s) for s in a.sizes.split(",")]:
        with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as f:
            f.write(chain(n, a.graph == "dag"))
        best = None
        for _ in range(3):
            t0 = time.perf_counter()
            p = subprocess.run([a.ind_opt, f.name, f"--fuse={a.strategy}", "--mlir-timing"],
                               capture_output=True, text=True)
            dt = time.perf_counter() - t0
            if p.returncode != 0:
                sys.exit(p.stderr)
            if best is None or dt < best[0]:
                best = (dt, p)
        os.unlink(f.name)
        dt, p = best
        kernels = p.stdout.count('"sched.fused"') + len(re.findall(r'^    %\S+ = "sched.node"', p.stdout, re.M))
        def pass_time(name):
            m = re.search(r"([0-9.]+) \(\s*[0-9.]+%\)\s+" + re.escape(name), p.stderr)
            return float(m.group(1)) if m else float("nan")
        fuse_s = pass_time('fuse-' + a.strategy)
        print(f"{n:>6} {kernels:>8} {dt:>8.3f} {pass_time('ind-schedule'):>10.3f} {fuse_s:>8.3f}")
        if a.max_fuse_s is not None and not fuse_s <= a.max_fuse_s:
            sys.exit(f"fuse-{a.strategy} took {fuse_s:.3f} s on {n} nodes (more than {a.max_fuse_s} s)")


if __name__ == "__main__":
    main()
