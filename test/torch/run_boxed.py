"""The backend's compiled graph in AOTAutograd's boxed convention (ind.backend.compile_boxed, BoxedCode;
test/torch/boxed.test): it takes the argument list and empties it, and each input is dropped after its last
use, so that a backward's saved activations go back to the allocator as the backward passes them. A probe
(a custom op the partitioner leaves eager) records, when it runs, which inputs are still alive."""
import gc
import os
import sys
import weakref

import torch
from torch.fx.experimental.proxy_tensor import make_fx

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "python"))
from ind import backend  # noqa: E402

WATCH = {}  # name -> weakref of an input
SEEN = []


@torch.library.custom_op("indtest::probe", mutates_args=())
def probe(x: torch.Tensor) -> torch.Tensor:
    gc.collect()
    SEEN.append(sorted(k for k, r in WATCH.items() if r() is not None))
    return x.clone()


@probe.register_fake
def _(x):
    return torch.empty_like(x)


def f(a, b, c):
    # a's last use is the partition before the probe; b's is the add after it; c is returned as it is
    return probe(a.sin() * 2) + b, c


def run(call, boxed):
    a, b, c = torch.randn(64), torch.randn(64), torch.randn(8)
    want = f(a, b, c)
    WATCH.clear()
    WATCH.update(a=weakref.ref(a), b=weakref.ref(b), c=weakref.ref(c))
    args = [a, b, c]
    del a, b
    SEEN.clear()
    out = call(args) if boxed else call(*args)
    same = all(torch.allclose(o, w) for o, w in zip(out, want))
    return f"alive at the probe {SEEN}, argument list {'emptied' if not args else 'kept'}, matches eager: {same}"


gm = make_fx(f)(torch.randn(64), torch.randn(64), torch.randn(8))
code = backend.boxed(backend.compile_aten_graph(make_fx(f)(torch.randn(64), torch.randn(64), torch.randn(8)))).code
print("code:", " | ".join(line.strip() for line in code.strip().splitlines()[:3]))
call = backend.compile_boxed(gm)
print("boxed:", getattr(call, "_boxed_call", False), run(call, True))
print("again:", run(call, True))
# the graph as compile_aten_graph makes it, called with the arguments spread: the caller's list holds them
print("unboxed:", run(backend.compile_aten_graph(make_fx(f)(torch.randn(64), torch.randn(64), torch.randn(8))),
                      False))

# a graph without inputs: nothing to unpack, the empty list stays empty
g0 = backend.compile_boxed(make_fx(lambda: torch.ones(3) * 2)())
print("no inputs:", g0([])[0].tolist() if isinstance(g0([]), (list, tuple)) else g0([]).tolist())
