"""index_put with accumulation as index_add_ (ind.backend.atomic_index_put, test/torch/index-put-index-add.test):
functions whose graphs hold aten.index_put(accumulate=True) through the backend with each `index_put`
setting, outputs and gradients against eager's in float64; which op ran, from the partition listing."""
import functools
import os
import sys

import torch

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "python"))
import ind  # noqa: E402,F401
from ind import backend  # noqa: E402

torch.manual_seed(0)
IDX = torch.randint(-20, 20, (7, 9))  # negative entries, each row of the table hit several times
IDX[0, :5] = -1  # one row hit five times through a negative index


SEEN = []  # per call of the replacement: whether it made its zeros (the graph's fill gone) or copied a base
_real = backend.index_put_index_add


@functools.wraps(_real)  # listed under the replacement's name
def _recording(self, index, values, dim, shape=None):
    SEEN.append("zeros" if self is None else "copy")
    return _real(self, index, values, dim, shape)


_recording.ind_extern = True
backend.index_put_index_add = _recording


def gather_rows(t, i, w):  # x[idx]'s backward: index_put(new_zeros, [idx], grad, True)
    return (t[i] * w).sum()


def gather_columns(t, i, w):  # x[:, idx]'s backward: indices [None, idx]
    return (t[:, i].sum(-1) * w[:, 0, 0]).sum()


def accumulate_into(t, i, w):  # a base that is not a fill of zeros; a value broadcast over the index
    return (torch.index_put(t * 2, (i,), w[0, 0, :3].sum() * torch.ones(()), accumulate=True) ** 2).sum()


def strided_zeros(t, i, w):  # a fill of zeros laid out as t.t() (column-major): copied, not made contiguous
    return (torch.index_put(torch.zeros_like(t.t()), (i,), w, accumulate=True) * t.t()).sum()


def overwrite(t, i, w):  # accumulate=False (each index once): PyTorch's op
    return (torch.index_put(t * 2, (torch.arange(5) - 8,), w[0, :5, :3], accumulate=False) ** 2).sum()


def masked(t, i, w):  # a boolean mask indexes: PyTorch's op
    return (torch.index_put(t * 2, (t > 0,), w[0, 0, 0] * torch.ones(()), accumulate=True) ** 2).sum()


CASES = {"gather_rows": (gather_rows, (20, 3)), "gather_columns": (gather_columns, (4, 20)),
         "accumulate_into": (accumulate_into, (20, 3)), "overwrite": (overwrite, (20, 3)),
         "strided_zeros": (strided_zeros, (3, 20)),
         "masked": (masked, (20, 3))}


def run(name, how, deterministic=False):
    f, shape = CASES[name]
    torch.manual_seed(1)
    t = torch.randn(shape, dtype=torch.float64, requires_grad=True)
    w = torch.randn(7, 9, 3, dtype=torch.float64)
    want = f(t, IDX, w)
    want.backward()
    want_grad = t.grad.clone()
    SEEN.clear()
    t32 = t.detach().float().requires_grad_()
    torch._dynamo.reset()
    torch.use_deterministic_algorithms(deterministic)
    try:
        got = torch.compile(f, backend="ind", options={} if how is None else {"index_put": how})(t32, IDX, w.float())
        got.backward()
    finally:
        torch.use_deterministic_algorithms(False)
    ran = sorted({line.split()[1] for p in backend.STATS["partitions"][-2:] for line in p.splitlines()
                  if "index_put" in line and line.startswith("eager")})
    err = max(abs(got.item() - want.item()) / max(abs(want.item()), 1e-30),
              ((t32.grad.double() - want_grad).abs().max() / want_grad.abs().max()).item())
    print(f"{name} {how} deterministic={deterministic}: {ran} {sorted(set(SEEN))} err {'ok' if err < 1e-4 else err}")


for case in ("gather_rows", "gather_columns", "accumulate_into", "strided_zeros", "overwrite", "masked"):
    run(case, "index_add")
run("gather_rows", "index_add", deterministic=True)  # asked for by name: taken even then
run("gather_rows", "sort")
run("gather_rows", None)  # auto on the CPU: PyTorch's op
try:
    run("gather_rows", "atomics")
except Exception as e:
    print("bad setting:", [line for line in str(e).splitlines() if "is not one of" in line][0].strip())
