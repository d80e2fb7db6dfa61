# torch_fuzz seed 3855: a two-step variance of 5-element constant rows (as Inductor; eager's Welford is exact): as-inductor
import torch
import torch.nn.functional as F

DEV = torch.get_default_device()


def make_inputs(g):
    return [
        torch.randn((4, 5, 5, 1), generator=g, dtype=torch.float32) * 100.0,
        torch.randn((4, 5, 5, 2), generator=g, dtype=torch.float32),
        torch.randn((2,), generator=g, dtype=torch.float32),
        torch.randn((1,), generator=g, dtype=torch.float32),
        torch.randn((1, 5), generator=g, dtype=torch.float32) * 1000.0,
        torch.randn((5, 1), generator=g, dtype=torch.float32) * 1000.0,
        torch.randn((1, 1), generator=g, dtype=torch.float32) * 100.0,
        torch.randn((1, 4), generator=g, dtype=torch.float32) * 100.0,
    ]


def views(b0, b1, b2, b3, b4, b5, b6, b7):
    return [b0, b1[..., ::2], b2[..., ::2], b3, b4.transpose(-1, -2), b5, b6, b7]


def f(a0, a1, a2, a3, a4, a5, a6, a7):
    v0 = torch.minimum(a1, a0)
    v1 = F.layer_norm(v0, (1,), a2, a3)
    v2 = F.layer_norm(v1, (5, 1), a4, a5)
    v3 = F.gelu(v2 @ a6)
    v4 = v3 @ a7 * 0.5
    v5 = -1 - a4
    v6 = torch.relu(v5)
    v7 = v6 / 3
    v8 = v7.unsqueeze(0)
    return v8, v4
