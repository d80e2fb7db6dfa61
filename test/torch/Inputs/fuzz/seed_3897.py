# torch_fuzz seed 3897: a 0-d f16 gradient divided by an i64 count (0-d of a higher category): failed to compile, fixed
import torch
import torch.nn.functional as F

DEV = torch.get_default_device()


def make_inputs(g):
    return [
        torch.randn((16, 1), generator=g, dtype=torch.float32),
        torch.randint(0, 16, (16,), generator=g),
        torch.randint(0, 16, (16,), generator=g),
        torch.randint(0, 33, (1,), generator=g),
        torch.randint(0, 16, (33, 33), generator=g),
        torch.randint(0, 16, (16,), generator=g),
    ]


def views(b0, b1, b2, b3, b4, b5):
    return [b0.expand(16, 33), b1, b2, b3, b4, b5]


def f(a0, a1, a2, a3, a4, a5):
    v0 = F.leaky_relu(a0, 0.1)
    v1 = F.embedding(a1, v0)
    v2 = torch.exp(v1)
    v3 = v1[a2, a3]
    v4 = v2.to(torch.float16)
    v5 = torch.softmax((v2 * 0.125).masked_fill(~torch.ones(16, 33, dtype=torch.bool, device=DEV).tril(), float('-inf')), dim=-1)
    v6 = torch.gather(a0, 0, a4)
    v7 = v4.amax()
    v8 = torch.index_select(v0, 0, a5)
    return v8, v7, v5, v3
