"""The first call of a compiled graph checks its outputs' devices against the traced ones
(ind.backend.first_call_checked, test/torch/output-devices.test). Without a GPU: the graph traced on the
`meta` device, run on the CPU, stands for a partition that made on the host what the model makes on the GPU; the outputs of ops PyTorch
runs are not checked."""
import os
import sys
import warnings

import torch
from torch.fx.experimental.proxy_tensor import make_fx

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "python"))
from ind import backend  # noqa: E402


def f(x):
    return x * 2, x.sum(), x.shape[0]


traced = make_fx(f)(torch.empty(3, device="meta"))  # outputs traced on meta (the int output: no device)
compiled = make_fx(f)(torch.ones(3))  # the same graph on the CPU
devices = backend.output_devices(traced)
print("traced devices:", devices)
print("as traced: nothing to say:", backend.check_outputs(backend.output_devices(compiled), ["a"] * 3,
                                                             compiled(torch.ones(3))))

# the outputs of ops PyTorch runs are PyTorch's (SDPA's philox seed and offset live on the host where the
# trace has them on the GPU): not checked, even under IND_STRICT
os.environ["IND_STRICT"] = "1"
outs = backend.first_call_checked(compiled, devices)(torch.ones(3))
print("eager ops' outputs, strict: not checked:", [getattr(o, "device", o) for o in outs])

# a partition's output: named by its partition; an error under IND_STRICT
g = lambda x: (torch.relu(x) + 1, x * 3)  # noqa: E731
fused = backend.compile_aten_graph(make_fx(g)(torch.ones(4)), [torch.ones(4)])
meta = backend.output_devices(make_fx(g)(torch.empty(4, device="meta")))
try:
    backend.first_call_checked(fused, meta)(torch.ones(4))
except RuntimeError as e:
    print("strict, a partition's output:", e)

# else one warning, a fallback recorded, and the output moved there on every call
del os.environ["IND_STRICT"]
backend.reset_stats() if hasattr(backend, "reset_stats") else None
call = backend.first_call_checked(fused, meta)
for k in range(2):
    with warnings.catch_warnings(record=True) as w:
        warnings.simplefilter("always")
        outs = call(torch.ones(4))
    print(f"call {k}: warnings {[str(x.message) for x in w]}; devices {[getattr(o, 'device', o) for o in outs]}")
print("fallbacks recorded:", len(backend.STATS["fallbacks"]))
