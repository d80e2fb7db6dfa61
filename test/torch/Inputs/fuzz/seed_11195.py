# torch_fuzz seed 11195: sigmoid(-97.4) > 0: a denormal, True in ind and float64, False in eager's f32 (as-fp64)
import torch
import torch.nn.functional as F

DEV = torch.get_default_device()


def make_inputs(g):
    return [
        torch.randn((18,), generator=g, dtype=torch.float32) * 100.0,
        torch.randint(-8, 9, (33, 33), generator=g, dtype=torch.int32),
        torch.randint(-8, 9, (33, 33), generator=g, dtype=torch.int32),
        torch.rand((1,), generator=g) > 0.5,
        torch.randn((18,), generator=g, dtype=torch.float32),
    ]


def views(b0, b2, b3, b4, b5):
    return [b0[1:], b2, b3, b4, b5[1:]]


def f(a0, a2, a3, a4, a5):
    v0 = a0.mean()
    v1 = a2 - a3
    v2 = torch.sigmoid(a0)
    v3 = torch.where(a4, v2, -1e4)
    v4 = ~a4
    v5 = v3 > 0
    v6 = v3.amin(dim=0, keepdim=True)
    v7 = F.rms_norm(v3, (17,), a5, eps=1e-6)
    return v7, v5, v0, v6
