# torch_fuzz seed 1253: the backward of overlapping as_strided windows: PyTorch's own graph differs (as-aot-eager)
import torch
import torch.nn.functional as F

DEV = torch.get_default_device()


def make_inputs(g):
    return [
        torch.randn((1,), generator=g, dtype=torch.float32),
        torch.randn((4, 64, 4), generator=g, dtype=torch.float32),
        torch.randn((64, 4), generator=g, dtype=torch.float32) * 3.0,
        torch.randn((4, 33), generator=g, dtype=torch.float32) * 3.0,
    ]


def views(b0, b1, b2, b3):
    return [b0.expand(3,), b1[1:], b2.transpose(-1, -2), b3.transpose(-1, -2)]


def f(a0, a1, a2, a3):
    v0 = a0.amax()
    v1 = a0 * -3.0
    v2 = v1 + 2.0
    v3 = v2.select(0, 2)
    v4 = torch.sqrt(torch.abs(v2))
    v5 = torch.einsum('abk,kn->abn', a1, a2)
    v6 = F.linear(a1, a3) * 0.5
    v7 = torch.as_strided(v6.contiguous(), (33, 33, 4), (3, 3, 3), 1605)
    return v7, v3, v4, v5, v2
