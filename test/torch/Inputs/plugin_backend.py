"""plugin_backend.py MODE [PLUGIN.so]: torch.compile(backend="ind") with a fusion plugin's strategy.
MODE env: the plugin and strategy from $IND_PLUGINS / $IND_FUSE; options: from torch.compile's options
({"plugins": [...], "fuse": "producer", "fuse-producer.max-size": N}); none: neither. Prints whether the
result equals eager and the kernels of each compiled program."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "..", "python"))

import torch  # noqa: E402

import ind  # noqa: E402,F401
from ind import backend  # noqa: E402


def f(x, b):  # the seed's shape: two reductions' worth of scheduler nodes
    a = torch.relu(x * 1.1 + b)
    s = a * a + a * 0.1
    return s - s.mean(1, keepdim=True)


mode = sys.argv[1]
options = None
if mode == "options":
    options = {"plugins": [sys.argv[2]], "fuse": "producer", "fuse-producer.max-size": int(sys.argv[3])}
torch._dynamo.reset()
g = torch.compile(f, backend="ind", options=options)
x, b = torch.randn(64, 32), torch.randn(32)
print("equal to eager:", torch.allclose(g(x, b), f(x, b), rtol=1e-5, atol=1e-6))
for key, prog in backend._CACHE.items():
    print("program: fuse", dict(key[3]).get("fuse", "(default)"), "kernels", len(prog.kernels))
