"""A convolution's bias on a GPU (ind.fx._gpu_decompositions, as Inductor): traced with fake CUDA tensors, the
forward is a convolution without bias and an add of the bias viewed over the channels, and the backward's
bias gradient is a sum with a convolution_backward that computes none (Inductor's own decomposition); on
the CPU both stay whole. The traced CUDA graphs, run on CPU tensors, give eager's values: 2-d and 1-d
convolutions, a transposed one, a grouped one."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "python"))

import torch  # noqa: E402
from torch._subclasses.fake_tensor import FakeTensorMode  # noqa: E402
from torch.fx.experimental.proxy_tensor import make_fx  # noqa: E402

from ind import fx as ind_fx  # noqa: E402

aten = torch.ops.aten
CASES = {  # name: input shape, weight shape, convolution arguments after the bias
    "conv2d": ((2, 4, 6, 6), (8, 4, 3, 3), ([1, 1], [1, 1], [1, 1], False, [0, 0], 1)),
    "conv1d stride 2": ((2, 4, 9), (6, 4, 3), ([2], [0], [1], False, [0], 1)),
    "transposed": ((2, 4, 5, 5), (4, 3, 3, 3), ([2, 2], [1, 1], [1, 1], True, [1, 1], 1)),
    "grouped": ((2, 4, 6, 6), (8, 2, 3, 3), ([1, 1], [1, 1], [1, 1], False, [0, 0], 2)),
}


def ops(gm):
    return [str(n.target).replace("aten.", "").replace(".default", "") for n in gm.graph.nodes
            if n.op == "call_function" and "getitem" not in str(n.target)]


def masks(gm):
    return [list(n.args[-1]) for n in gm.graph.nodes if n.target is aten.convolution_backward.default]


torch.manual_seed(0)
for name, (xs, ws, conv) in CASES.items():
    x, w = torch.randn(xs, dtype=torch.float64), torch.randn(ws, dtype=torch.float64)
    c = ws[1] * conv[-1] if conv[3] else ws[0]  # output channels
    b = torch.randn(c, dtype=torch.float64)
    y = aten.convolution.default(x, w, b, *conv)
    g = torch.randn(y.shape, dtype=torch.float64)
    bias_sizes = [c]

    def fwd(x, w, b):
        return aten.convolution.default(x, w, b, *conv)

    def bwd(g, x, w):
        return aten.convolution_backward.default(g, x, w, bias_sizes, *conv, [True, True, True])
    want = bwd(g, x, w)
    for dev in ("cuda", "cpu"):
        table = ind_fx.backend_decompositions(dev)
        with FakeTensorMode(allow_non_fake_inputs=True):
            f = [torch.empty(t.shape, dtype=t.dtype, device=dev) for t in (x, w, b, g)]
            gf = make_fx(fwd, decomposition_table=table)(*f[:3])
            gb = make_fx(bwd, decomposition_table=table)(f[3], f[0], f[1])
        same = torch.allclose(gf(x, w, b), y) and all(torch.allclose(a, e) for a, e in zip(gb(g, x, w), want))
        print(f"{name} {dev}: forward {ops(gf)} backward {ops(gb)} masks {masks(gb)} as eager: {same}")
with FakeTensorMode(allow_non_fake_inputs=True):
    x, w = torch.empty(2, 4, 6, 6, device="cuda"), torch.empty(8, 4, 3, 3, device="cuda")
    gn = make_fx(lambda x, w: aten.convolution.default(x, w, None, *CASES["conv2d"][2]),
                 decomposition_table=ind_fx.backend_decompositions("cuda"))(x, w)
print(f"no bias cuda: forward {ops(gn)}")

# Through torch.compile(backend="ind") on the CPU with the GPU's decompositions forced (the peel on any device,
# Inductor's convolution_backward told the CPU is a GPU): a conv net's values and every gradient as eager's;
# the convolutions the backend compiles around have no bias (their adds are in ind's partitions) and the
# backward's compute no bias gradient (autograd's formula of the traced convolution asks for one: the split
# turns it into a sum ind compiles).
import torch._inductor.decomposition as inductor_decomposition  # noqa: E402
from ind import backend  # noqa: E402

orig = ind_fx.backend_decompositions


def forced(device=None):
    t = dict(orig(device))
    t.update(ind_fx._gpu_decompositions())
    t[aten.convolution.default] = ind_fx.conv_without_bias
    return t


biases = []
compile_aten_graph = backend.compile_aten_graph


def record(gm, *a, **k):
    biases.extend(n.args[2] is not None for n in gm.graph.nodes if n.target is aten.convolution.default)
    masks_seen.extend(masks(gm))
    return compile_aten_graph(gm, *a, **k)


masks_seen = []
ind_fx.backend_decompositions, backend.compile_aten_graph = forced, record
is_gpu, inductor_decomposition.is_gpu = inductor_decomposition.is_gpu, lambda device: True
net = torch.nn.Sequential(torch.nn.Conv2d(3, 8, 3, padding=1), torch.nn.BatchNorm2d(8), torch.nn.ReLU(),
                          torch.nn.Conv2d(8, 4, 1), torch.nn.Hardswish())
x = torch.randn(2, 3, 6, 6)
ref = net(x)
ref.square().sum().backward()
want = [p.grad.clone() for p in net.parameters()]
net.zero_grad()
got = torch.compile(net, backend="ind")(x)
got.square().sum().backward()
same = torch.allclose(got, ref, atol=1e-5) and all(torch.allclose(p.grad, w, atol=1e-4)
                                                    for p, w in zip(net.parameters(), want))
ind_fx.backend_decompositions, backend.compile_aten_graph = orig, compile_aten_graph
inductor_decomposition.is_gpu = is_gpu
print(f"net through the backend, peel forced: as eager: {same}; convolutions with a bias: {sum(biases)} of "
      f"{len(biases)}; convolution_backward masks {masks_seen}")
