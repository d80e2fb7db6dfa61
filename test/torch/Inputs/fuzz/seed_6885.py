# torch_fuzz seed 6885: the sign of a sum that is 0 in exact arithmetic: ill-conditioned
import torch
import torch.nn.functional as F

DEV = torch.get_default_device()


def make_inputs(g):
    return [
        torch.randn((8,), generator=g, dtype=torch.float32),
    ]


def views(b0):
    return [b0[1:]]


def f(a0):
    v0 = torch.cumsum(a0, dim=0)
    v1 = F.layer_norm(v0, (7,))
    v2 = v0 >= a0
    v3 = v1.sum(dim=-1, keepdim=True)
    v4 = torch.sign(v3)
    v5 = torch.sign(v4)
    v6 = a0.mean(dim=(0,))
    v7 = v5 / 2.0
    v8 = v1.sum(dim=-1, keepdim=True)
    return v8, v7, v6, v2
