# torch_fuzz seed 3149: softmax rows constant by construction (an expanded input): the gradient is 0 in exact arithmetic and every float32 result is rounding noise scaled by 1e6; on the GPU ind's noise was 4x eager's (passes on the CPU). Listed ill-conditioned there when eager on the CPU fails the rule against eager on the GPU too
import torch
import torch.nn.functional as F

DEV = torch.get_default_device()


def make_inputs(g):
    return [
        torch.randn((1, 7), generator=g, dtype=torch.float32) * 1000.0,
        torch.randn((33, 7), generator=g, dtype=torch.float32),
    ]


def views(b0, b1):
    return [b0.expand(7, 7), b1.transpose(-1, -2)]


def f(a0, a1):
    v0 = torch.tanh(a0)
    v1 = a0.unsqueeze(0)
    v2 = F.gelu(v1 @ a1)
    v3 = v2.transpose(1, 2)
    v4 = torch.roll(v3, shifts=3, dims=1)
    v5 = v4 * v3
    v6 = torch.softmax(v5, dim=-1)
    return v6, v0

