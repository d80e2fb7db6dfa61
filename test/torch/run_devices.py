"""A graph on one device with tensors of another in it (ind.backend.partition, IndKernel): what runs on ind.
The GPU faults of the model zoo on the H200 (OPT: a fused mask kernel read a CPU tensor's host address; then
cuBLAS status 13) came from a CPU tensor inside a CUDA partition. Here the graphs are traced with fake CUDA
tensors (no GPU needed): a CPU scalar may join a CUDA partition (the call moves it), a CPU tensor's ops and a
copy between devices stay eager, and a CUDA partition called with another CPU argument is a named error."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "python"))

import torch  # noqa: E402
from torch._subclasses.fake_tensor import FakeTensorMode  # noqa: E402
from torch.fx.experimental.proxy_tensor import make_fx  # noqa: E402

from ind import backend  # noqa: E402


def mixed(x, idx, s):
    """x: CUDA [4, 8]; idx: CPU int64 [4]; s: CPU scalar."""
    y = torch.exp(x * s)  # a CPU scalar in a CUDA op: PyTorch allows it
    z = (idx * 2 + 1).to(torch.float32)  # ops on a CPU tensor: CPU
    w = z.to("cuda")  # the copy between devices
    return torch.relu(y + w[:, None])


def describe(gm, device):
    fused, names = backend.partition(gm, device)
    for n in names:
        sub = fused.get_submodule(n)
        print(f"{n}: {', '.join(str(m.target).replace('aten.', '') for m in sub.graph.nodes if m.op == 'call_function')}")
    for m in fused.graph.nodes:
        if m.op == "call_function":
            print(f"eager {str(m.target).replace('aten.', '')}")


def trace():
    with FakeTensorMode(allow_non_fake_inputs=True):
        # the CPU scalar first: the graph's device is still the accelerator's
        args = (torch.tensor(2.0), torch.empty(4, 8, device="cuda"), torch.empty(4, dtype=torch.int64))
        return make_fx(lambda s, x, idx: mixed(x, idx, s), tracing_mode="fake")(*args), args


def main():
    gm, args = trace()
    print("== cuda graph")
    print("device of the graph:", backend._device_of(gm, args))
    describe(gm, "cuda")
    print("== the same graph without a device (every node counted on it)")
    describe(trace()[0], None)
    # the call: the device a CUDA partition runs on, and its arguments
    k = backend.IndKernel.__new__(backend.IndKernel)
    torch.nn.Module.__init__(k)
    k.name, k.device_type = "fused_0", "cuda"
    with FakeTensorMode(allow_non_fake_inputs=True):
        cu = torch.empty(2, device="cuda")
    print("runs on:", k._device([torch.tensor(1.0), cu]))
    try:
        k._to_device(torch.ones(3), torch.device("cuda"))
        print("a CPU tensor argument of a CUDA call: accepted")
    except RuntimeError as e:
        print("a CPU tensor argument of a CUDA call:", e)


if __name__ == "__main__":
    main()
