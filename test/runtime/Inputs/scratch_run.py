"""Program.run(scratch=...) on the mock driver, whose cuBLAS computes on host memory (test/runtime/python-scratch.test):
two linears (test/runtime/Inputs/two_linears.mlir), the first's result an intermediate read by the second, run
with the intermediates in a caller's scratch and with the program's own, against numpy.
  scratch_run.py (compile MLIR | load PROGRAM)"""
import sys

import numpy as np

import ind.core as c

how, path = sys.argv[1], sys.argv[2]
rng = np.random.default_rng(0)
if how == "span":  # three_linears.mlir: step_span where an intermediate lies in an output, and a run in parts
    p = c.compile(open(path).read(), device="cuda")
    print("three linears:", p.step_span())
    b, x, w = (rng.standard_normal(s).astype(np.float32) for s in ((8,), (8, 8), (8, 8)))
    want = x
    for _ in range(3):
        want = want @ w.T + b
    raw = np.full(p.scratch_bytes() // 4 + 128, np.nan, dtype=np.float32)
    base = (raw.ctypes.data + 255) // 256 * 256
    outs = [np.full((8, 8), np.nan, dtype=np.float32) for _ in range(2)]
    ins = [a.ctypes.data for a in (b, x, w)]
    for first, end, given in ((0, 1, (0,)), (1, 3, (0, 1)), (3, 4, (0, 1))):
        p.run_steps(ins, [outs[k].ctypes.data if k in given else 0 for k in range(2)], first, end, 0, scratch=base)
    print("three linears in parts: max err %.1e" % np.abs(outs[0] - want).max())
    sys.exit(0)
p = c.compile(open(path).read(), device="cuda") if how == "compile" else c.load(path)
b, x, w, w2 = (rng.standard_normal(s).astype(np.float32) for s in ((7,), (9, 5), (7, 5), (7, 7)))
want = (x @ w.T + b) @ w2.T + b
n = p.scratch_bytes()
print("scratch bytes", n)
raw = np.full(n + 256 + 16, np.nan, dtype=np.float32)  # a 256-byte aligned window of NaN (poison)
base = (raw.ctypes.data + 255) // 256 * 256


def run(**kw):
    out = np.full((9, 7), np.nan, dtype=np.float32)
    p.run([a.ctypes.data for a in (b, x, w, w2)], [out.ctypes.data], 0, **kw)
    return out


before = c.cuda_runtime_bytes()
out = run(scratch=base)
print("scratch run: max err %.1e" % np.abs(out - want).max(), "runtime bytes +%d" % (c.cuda_runtime_bytes() - before))
print("scratch written:", not np.isnan(raw).all())
out = run()
print("own run: max err %.1e" % np.abs(out - want).max(), "runtime bytes +%d" % (c.cuda_runtime_bytes() - before))
try:
    run(scratch=base + 16)
except c.IndError as e:
    print("misaligned:", e)

# a run in parts (Program.run_steps over ind_cuda_module_run_steps): the first linear alone (the output given,
# and left alone: step 1 writes it), then the second with the output alone given (0 for every input only step
# 0 reads); what step_span tells the caller (x and w read last by step 0, the output first touched by step 1)
print("step span:", p.step_span())
out = np.full((9, 7), np.nan, dtype=np.float32)
ins = [a.ctypes.data for a in (b, x, w, w2)]
p.run_steps(ins, [out.ctypes.data], 0, 1, 0, scratch=base)
print("after part 1, output untouched:", bool(np.isnan(out).all()))
p.run_steps([ins[0], 0, 0, ins[3]], [out.ctypes.data], 1, 2, 0, scratch=base)
print("parts run: max err %.1e" % np.abs(out - want).max())
for first, end in ((1, 3), (2, 1), (-1, 1)):
    try:
        p.run_steps(ins, [out.ctypes.data], first, end, 0, scratch=base)
    except c.IndError as e:
        print("range:", e)
