"""FX-level CSE of pure ATen calls (ind.backend.cse_pure, after fold_scalars; test/torch/cse-pure.test), on
the CPU: two masks `where(m, 0, min)` from equal scalars become one value (OPT's per-layer attention masks),
read by two externs; what is never merged: two returned values, a random op, a value written in place."""
import os
import sys

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "python"))
import ind  # noqa: E402,F401
from ind import backend  # noqa: E402
from torch.fx.experimental.proxy_tensor import make_fx  # noqa: E402


def masks(x, m):  # two equal masks, each read by an extern (an eager op between ind's partitions)
    a = torch.where(m, torch.tensor(0.0), torch.tensor(-1e4))
    b = torch.where(m, torch.tensor(0.0), torch.tensor(-1e4))
    return torch.ops.aten.embedding_dense_backward(x + a, torch.zeros(4, dtype=torch.long), 3, -1, False) + \
        torch.ops.aten.embedding_dense_backward(x * b, torch.zeros(4, dtype=torch.long), 3, -1, False)


def returned(x):  # two equal values, both results: separate storages in eager
    return x.exp(), x.exp()


def random(x):
    return torch.rand_like(x) + torch.rand_like(x)


def written(x, y):  # a clone written in place (an input mutation's copy_)
    a, b = x.clone(), x.clone()
    y.copy_(a)
    return b + 1


def count(gm, name):
    return sum(1 for n in gm.graph.nodes if n.op == "call_function" and name in str(n.target))


x, m, y = torch.randn(4, 8), torch.rand(4, 8) > 0.5, torch.zeros(4, 8)
for f, args, op in ((masks, (x, m), "where"), (returned, (x,), "exp"), (random, (x,), "rand"),
                    (written, (x, y), "clone")):
    gm = make_fx(f)(*args)
    before = count(gm, op)
    backend.fold_scalars(gm)
    merged = backend.cse_pure(gm)
    gm.recompile()
    print(f"{f.__name__}: {op} {before} -> {count(gm, op)} (merged {merged})")

# through the backend: the masks' partition returns one value, the result is eager's
torch._dynamo.reset()
got = torch.compile(masks, backend="ind")(x, m)
print("masks through the backend: as eager:", torch.allclose(got, masks(x, m), rtol=1e-6, atol=0))
