"""A program compiled ahead by ptxas (ind.core.find_ptxas, compile_cubin, Program.set_section("cubin")), run on
the mock driver, which says whether it was given a cubin or PTX (test/runtime/python-cubin.test).
  cubin_run.py SEED.mlir TMPDIR"""
import os
import sys

import ind.core as c

src, tmp = sys.argv[1], sys.argv[2]
p = c.compile(open(src).read(), device="cuda")
ptxas = c.find_ptxas("auto")
print("ptxas found:", ptxas is not None)
try:
    c.find_ptxas(os.path.join(tmp, "no-ptxas"))
except c.IndError as e:
    print("a path that is not there:", str(e).replace(tmp, "TMP"))
print("off:", c.find_ptxas("off"), c.find_ptxas(None))
try:
    c.compile_cubin(p.ptx, "sm_50", ptxas)  # the PTX targets sm_90 (ISA 8.0)
except c.IndError as e:
    print("ptxas refuses:", str(e).replace(ptxas, "PTXAS").splitlines()[0][:80])
cubin = c.compile_cubin(p.ptx, "sm_90", ptxas)
print("cubin:", cubin[:4] == b"\x7fELF", "kernel in it:", p.kernels[0].encode() in cubin)
p.set_section("cubin", cubin)
print("section kept:", p.section("cubin") == cubin, "other sections:", p.section("source-mlir") is not None)
p.run([256, 512, 768, 1024], [1280], 0)
path = os.path.join(tmp, "seed.indprog")
p.save(path)
q = c.load(path)
print("saved and loaded:", q.section("cubin") == cubin)
q.run([256, 512, 768, 1024], [1280], 0)
