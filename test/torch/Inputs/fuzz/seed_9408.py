# torch_fuzz seed 9408: flip of a cat of an index_add's result (its index d0 * 17 - d1 - ((-d1 + 16) floordiv 17) * 17 + 16): output off by 1e4 on the GPU only (unsigned div/rem of a negative dividend); fixed (convert_kernel_to_gpu.c emit_div_mod). Run with --device cuda there
import torch
import torch.nn.functional as F

DEV = torch.get_default_device()


def make_inputs(g):
    return [
        torch.randn((32, 17), generator=g, dtype=torch.float32),
        torch.randn((1, 17), generator=g, dtype=torch.float32) * 1000.0,
        torch.randint(0, 32, (32,), generator=g),
        torch.randn((32, 34), generator=g, dtype=torch.float32) * 1000.0,
    ]


def views(b0, b1, b2, b3):
    return [b0, b1, b2, b3]


def f(a0, a1, a2, a3):
    v0 = torch.minimum(a1, a0)
    v1 = v0.reshape(544,)
    v2 = torch.zeros_like(v0).index_add(0, a2, v0)
    v3 = torch.cat([v2, v2], dim=1)
    v4 = torch.flip(v3, dims=(1,))
    v5 = torch.add(a3, v4, alpha=2)
    return v5, v1

