# torch_fuzz seed 11801: layer norm of one constant row of 7 (welford over one row, its mean the welford_mean sibling, not an unrolled sum / 7): off by 4e-3, fixed; on CUDA also the corrected two-pass persistent Welford and, backward, the saved mean as the welford_mean sibling
import torch
import torch.nn.functional as F

DEV = torch.get_default_device()


def make_inputs(g):
    return [
        torch.randn((1,), generator=g, dtype=torch.float32),
        torch.rand((7,), generator=g) > 0.5,
        torch.randn((14,), generator=g, dtype=torch.float32) * 100.0,
        torch.randn((7,), generator=g, dtype=torch.float32),
        torch.randn((14,), generator=g, dtype=torch.float32),
        torch.randn((7, 7), generator=g, dtype=torch.float32),
        torch.randint(0, 7, (7, 7), generator=g),
    ]


def views(b0, b1, b2, b3, b4, b5, b6):
    return [b0.expand(7,), b1, b2[..., ::2], b3, b4[..., ::2], b5.transpose(-1, -2), b6]


def f(a0, a1, a2, a3, a4, a5, a6):
    v0 = a0.masked_fill(a1, -1e4)
    v1 = F.layer_norm(a0, (7,), a2, a3)
    v2 = v1.amax(dim=(-1,))
    v3 = torch.where(a1, v1, a4)
    v4 = torch.flip(a5, dims=(1,))
    v5 = v3.mean(dim=(0,))
    v6 = torch.gather(v4, 1, a6)
    return v6, v0, v5, v2

