"""A widening conversion a partition hands on to one later partition is made in that partition, from the
narrower value (ind.backend.sink_widening; test/torch/sink-widening.test), on the CPU: GPT-2's tied
embedding, where an extern (the embedding's backward) sits between an mm's bf16 result and the sum that
reads it converted to f32. Prints each graph's partitions (describe) and whether the result is eager's."""
import os
import sys

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "python"))
os.environ["IND_STRICT"] = "1"
import ind  # noqa: E402,F401
from ind import backend  # noqa: E402

bf = torch.bfloat16


def tied(a, b, idx):  # the f32 copy of mm's result is read only after the extern
    m = torch.mm(a, b)
    g = (m[:8] * 2).float()
    e = torch.ops.aten.embedding_dense_backward(g, idx, 64, -1, False)
    return m.t().t().to(torch.float32) + e


def read_twice(a, b, idx):  # read before the extern too: it stays where it is made
    m = torch.mm(a, b)
    c = m.to(torch.float32)
    g = (c[:8] * 2)
    e = torch.ops.aten.embedding_dense_backward(g, idx, 64, -1, False)
    return c + e


def narrowing(a, b, idx):  # f32 -> bf16 halves the bytes: the f32 value would cross instead
    m = torch.mm(a.float(), b.float())
    g = m[:8] * 2
    e = torch.ops.aten.embedding_dense_backward(g, idx, 64, -1, False)
    return m.to(bf) + e.to(bf)


def returned(a, b, idx):  # also a result of the graph: made where it is
    m = torch.mm(a, b)
    c = m.to(torch.float32)
    g = (m[:8] * 2).float()
    e = torch.ops.aten.embedding_dense_backward(g, idx, 64, -1, False)
    return c + e, c


torch.manual_seed(0)
a, b, idx = torch.randn(64, 16, dtype=bf), torch.randn(16, 32, dtype=bf), torch.randint(0, 64, (8,))
for f in (tied, read_twice, narrowing, returned):
    lines = []
    real = backend.describe

    def spy(gm):
        out = real(gm)
        lines.extend(out if isinstance(out, list) else str(out).splitlines())
        return out
    backend.describe = spy
    torch._dynamo.reset()
    try:
        got = torch.compile(f, backend="ind")(a, b, idx)
    finally:
        backend.describe = real
    want = f(a, b, idx)
    got, want = (got, want) if isinstance(got, tuple) else ((got,), (want,))
    same = all(torch.equal(x, y) for x, y in zip(got, want))
    print(f"{f.__name__}: as eager: {same}")
    for ln in lines:
        print(f"  {ln}")
