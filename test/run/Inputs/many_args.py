#!/usr/bin/env python3
"""many_args.py: a graph function of N arguments and M results, out_j = x_j + x_(N-1-j) (tensor<4x3xf32>), for
test/run/many-args.test.

  many_args.py gen DIR N M            writes DIR/many.mlir
  many_args.py check DIR N M          checks DIR/outJ.npy against DIR/inK.npy (ind-run --save-inputs) in NumPy
  many_args.py run IND_RUN DIR N M    ind-run --reference DIR/many.mlir with N --input files DIR/ref/inK.npy and
                                      --compare-dir DIR/ref: prints its output, exits with its status
"""
import subprocess
import sys

T = "tensor<4x3xf32>"


def gen(d, n, m):
    args = ", ".join("%%a%d: %s" % (k, T) for k in range(n))
    res = ", ".join([T] * m)
    lines = ["func.func @many(%s) -> (%s) {" % (args, res)]
    for j in range(m):
        lines.append('  %%r%d = "graph.add"(%%a%d, %%a%d) : (%s, %s) -> %s' % (j, j, n - 1 - j, T, T, T))
    lines.append("  return %s : %s" % (", ".join("%%r%d" % j for j in range(m)), res))
    lines.append("}")
    open("%s/many.mlir" % d, "w").write("\n".join(lines) + "\n")


def check(d, n, m):
    import numpy as np
    x = [np.load("%s/in%d.npy" % (d, k)) for k in range(n)]
    bad = [j for j in range(m) if not (np.load("%s/out%d.npy" % (d, j)) == x[j] + x[n - 1 - j]).all()]
    print("%d outputs of %d inputs: %s" % (m, n, "every element equal" if not bad else "differ at %s" % bad))


def run(ind_run, d, n, m):
    cmd = [ind_run, "--reference", "%s/many.mlir" % d, "--compare-dir", "%s/ref" % d]
    for k in range(n):
        cmd += ["--input", "%s/ref/in%d.npy" % (d, k)]
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, universal_newlines=True)
    sys.stdout.write(p.stdout)
    sys.exit(p.returncode)


if __name__ == "__main__":
    mode = sys.argv[1]
    if mode == "run":
        run(sys.argv[2], sys.argv[3], int(sys.argv[4]), int(sys.argv[5]))
    else:
        {"gen": gen, "check": check}[mode](sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
