"""Program.run_host (python/ind/core.py): the CPU JIT on raw host addresses, as the torch backend calls it,
gives what run() gives on the same buffers (checked numpy arrays); a wrong buffer count is an IndError.
argv: the python/ source dir, an example (graph-dialect text)."""
import sys

sys.path.insert(0, sys.argv[1])
import numpy as np  # noqa: E402

import ind.core as c  # noqa: E402

p = c.compile(open(sys.argv[2]).read(), device="cpu")
rng = np.random.default_rng(0)
ins = [rng.standard_normal(s).astype(np.float32) for s, _ in p.inputs]
a, b = ([np.full(s, np.nan, dtype=np.float32) for s, _ in p.outputs] for _ in range(2))
p.run(ins, a)
p.run_host([x.ctypes.data for x in ins], [o.ctypes.data for o in b])
print("run_host as run:", all(np.array_equal(x, y) for x, y in zip(a, b)),
      "finite:", all(np.isfinite(x).all() for x in b))
try:
    p.run_host([x.ctypes.data for x in ins[:-1]], [o.ctypes.data for o in b])
except c.IndError as e:
    print("run_host short:", e)
