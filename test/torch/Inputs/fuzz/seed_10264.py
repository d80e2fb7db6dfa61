# torch_fuzz seed 10264: backward of a cumsum of a chunk (flip, cat of zeros, cumsum, flip: (-d0 + 9) floordiv 22): a gradient of the wrong sign on the GPU only (unsigned div/rem of a negative dividend); fixed (convert_kernel_to_gpu.c emit_div_mod). Run with --device cuda there
import torch
import torch.nn.functional as F

DEV = torch.get_default_device()


def make_inputs(g):
    return [
        torch.randn((3, 32), generator=g, dtype=torch.float32) * 1000.0,
        torch.randn((1,), generator=g, dtype=torch.float32),
    ]


def views(b0, b1):
    return [b0, b1]


def f(a0, a1):
    v0 = a0.mean(dim=0)
    v1 = a1 * v0
    v2 = v0 + v1
    v3 = torch.cumsum(v2, dim=0)
    v4 = torch.chunk(v3, 3)[1]
    v5 = torch.log(torch.abs(v4) + 1)
    v6 = torch.roll(a0, shifts=3, dims=0)
    v7 = v6.sum(dim=(1,), keepdim=True)
    return v7, v5

