"""plugin_core.py PYSRC PROGRAM.mlir PLUGIN.so MISSING.so: a fusion plugin through the Python bindings."""
import sys

sys.path.insert(0, sys.argv[1])
import numpy as np  # noqa: E402

from ind import core  # noqa: E402

text = open(sys.argv[2]).read()
try:
    core.compile(text, fuse="producer")
except core.IndError as e:
    print("before loading:", str(e).splitlines()[0])
p = core.compile(text, fuse="producer", plugins=[sys.argv[3]], options={"fuse-producer.max-size": 1})
print("compile(plugins=...), max-size=1: kernels", len(p.kernels))
core.load_plugin(sys.argv[3])  # loaded already: nothing happens
p = core.compile(text, fuse="producer")
print("load_plugin, again: kernels", len(p.kernels))
rng = np.random.default_rng(0)
ins = [rng.standard_normal(shape).astype(np.float32) for shape, _ in p.inputs]
print("CPU run equals the reference:", np.allclose(p(*ins)[0], p.reference(*ins)[0], rtol=1e-4, atol=1e-5))
try:
    core.load_plugin(sys.argv[4])
except core.IndError as e:
    print("missing plugin:", e)
