"""Embedding's backward as atomic adds (ind.backend.atomic_embedding_backward, test/torch/embedding-index-add.test):
an embedding with a padding index under a layer norm, forward and backward through the backend with each
`embedding_backward` setting, the table's gradient against eager's in float64; which op ran, from the
partition listing."""
import os
import sys

import torch

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "python"))
import ind  # noqa: E402,F401
from ind import backend  # noqa: E402


def run(how, scale=False, deterministic=False):
    torch.manual_seed(0)
    emb = torch.nn.Embedding(50, 8, padding_idx=3, scale_grad_by_freq=scale)
    ln = torch.nn.LayerNorm(8)
    idx = torch.randint(0, 50, (4, 16))
    idx[0, :4] = 3  # the padding row, hit four times
    idx[1, :6] = 7  # one row hit six times
    f = lambda i: (ln(emb(i)) * torch.arange(8.0)).sum()  # noqa: E731
    emb.double(), ln.double()
    f(idx).backward()  # the reference: eager in float64
    want = emb.weight.grad.clone()
    emb.float(), ln.float()
    emb.zero_grad()
    torch._dynamo.reset()
    torch.use_deterministic_algorithms(deterministic)
    try:
        torch.compile(f, backend="ind", options={} if how is None else {"embedding_backward": how})(idx).backward()
    finally:
        torch.use_deterministic_algorithms(False)
    got = emb.weight.grad.double()
    ran = [line.split()[1] for p in backend.STATS["partitions"][-2:] for line in p.splitlines()
           if "embedding" in line and line.startswith("eager")]
    err = (got - want).abs().max().item() / want.abs().max().item()
    print(f"{how} scale={scale} deterministic={deterministic}: {ran} err {'ok' if err < 1e-5 else err} "
          f"padding row {got[3].abs().max().item()}")


run("index_add")
run("index_add", deterministic=True)  # "index_add" is asked for: taken even then
run("index_add", scale=True)  # scale_grad_by_freq needs the counts: PyTorch's op
run("scatter_add")
run("segments")
run(None)  # auto on the CPU: PyTorch's op
try:
    run("atomics")
except Exception as e:
    print("bad setting:", [line for line in str(e).splitlines() if "is not one of" in line][0].strip())
