# torch_fuzz seed 3416: a Python number beside a 0-d bf16 gradient (wrapped number): failed to compile, fixed
import torch
import torch.nn.functional as F

DEV = torch.get_default_device()


def make_inputs(g):
    return [
        torch.randn((2,), generator=g, dtype=torch.float32) * 1000.0,
        torch.rand((1,), generator=g) > 0.5,
        torch.randint(-8, 9, (1, 32, 1, 1), generator=g, dtype=torch.int64),
        torch.randn((2,), generator=g, dtype=torch.float32) * 1000.0,
        torch.randn((1,), generator=g, dtype=torch.float32),
    ]


def views(b0, b1, b2, b3, b4):
    return [b0[1:], b1, b2, b3[..., ::2], b4]


def f(a0, a1, a2, a3, a4):
    v0 = a0.to(torch.float16)
    v1 = a0.to(torch.bfloat16)
    v2 = v1.masked_fill(a1, -1e4)
    v3 = torch.remainder(a2, 3)
    v4 = torch.relu(v2)
    v5 = v4.var(dim=0, unbiased=False)
    v6 = v4 * -3.0
    v7 = F.layer_norm(a0, (1,), a3, a4)
    v8 = torch.minimum(v2, v4)
    return v8, v6, v5, v3
