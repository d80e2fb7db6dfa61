# torch_fuzz seed 4267: an eager as_strided of a view ind computed (storage_bound): a wrong answer, fixed
import torch
import torch.nn.functional as F

DEV = torch.get_default_device()


def make_inputs(g):
    return [
        torch.randn((2, 2), generator=g, dtype=torch.float32),
    ]


def views(b0):
    return [b0]


def f(a0):
    v0 = a0 + 2.0
    v1 = v0 > 0.5
    v2 = a0 * 1e-3
    v3 = v2.to(torch.float16)
    v4 = v3[1:2]
    v5 = torch.as_strided(v4.contiguous(), (2,), (1,), 0)
    v6 = v4.mean(dim=0, keepdim=True)
    return v6, v5, v1
