# torch_fuzz seed 10057: as_strided at offset 0 of chunk(y)[1] (a list of views, storage_bound): wrong in ind and Inductor, fixed
import torch
import torch.nn.functional as F

DEV = torch.get_default_device()


def make_inputs(g):
    return [
        torch.randn((32,), generator=g, dtype=torch.float32) * 3.0,
        torch.randn((1,), generator=g, dtype=torch.float32),
        torch.randn((2, 2, 32, 1), generator=g, dtype=torch.float32),
    ]


def views(b0, b1, b2):
    return [b0, b1.expand(32,), b2.expand(2, 2, 32, 2)]


def f(a0, a1, a2):
    v0 = torch.minimum(a1, a0)
    v1 = v0 < 0
    v2 = torch.flip(a2, dims=(0,))
    v3 = v2 > 0
    v4 = torch.sin(v2)
    v5 = torch.sqrt(torch.abs(v4))
    v6 = torch.chunk(v2, 2)[1]
    v7 = torch.as_strided(v6.contiguous(), (32, 2, 2), (4, 2, 1), 0)
    return v7, v3, v5, v1
