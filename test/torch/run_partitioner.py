"""The partitioner of training graphs (ind.backend.partition_fn, test/torch/partitioner.test): Inductor's
min_cut_rematerialization_partition (cheap ops recomputed in the backward; the default) or AOTAutograd's
default (the forward saves what the backward reads), by options={"partitioner": ...} or $IND_PARTITIONER. A net of linear,
GELU, layer norm and a residual trained one step each way: gradients equal eager's, and how many tensors
the forward saves (min-cut fewer); a name it does not know is the user's error."""
import os
import sys

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "python"))
os.environ["IND_STRICT"] = "1"
import ind  # noqa: E402,F401
from ind import backend  # noqa: E402
from ind.backend import PARTITIONERS  # noqa: E402


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.a, self.b, self.n = torch.nn.Linear(16, 64), torch.nn.Linear(64, 16), torch.nn.LayerNorm(16)

    def forward(self, x):
        h = torch.nn.functional.gelu(self.a(x))
        return self.n(x + self.b(h * torch.sigmoid(h))).tanh()


def step(fn, net, x):
    net.zero_grad()
    fn(x).square().sum().backward()
    return [p.grad.clone() for p in net.parameters()]


torch.manual_seed(0)
net, x = Net(), torch.randn(8, 16)
ref = step(net, net, x)
real = backend.compile_aten_graph
for how, kw, env in (("unset", {}, None), ("options default", {"options": {"partitioner": "default"}}, None),
                     ("IND_PARTITIONER=default", {}, "default"), ("options win", {"options": {"partitioner": "min_cut"}},
                                                                  "default")):
    saved = []

    def spy(gm, example_inputs=None, options=None, **kw):
        if not saved:  # the forward graph comes first: its outputs beyond the user's one are the saved tensors
            out = next(n for n in gm.graph.nodes if n.op == "output")
            saved.append(len(out.args[0]) - 1)
            saved.append(sorted(v.target.__name__.split(".")[0] if v.op == "call_function" else v.op
                                for v in out.args[0][1:]))
        return real(gm, example_inputs, options, **kw)
    backend.compile_aten_graph = spy
    if env:
        os.environ["IND_PARTITIONER"] = env
    torch._dynamo.reset()
    try:
        grads = step(torch.compile(net, backend="ind", **kw), net, x)
    finally:
        os.environ.pop("IND_PARTITIONER", None)
        backend.compile_aten_graph = real
    same = all(torch.allclose(g, r, rtol=1e-4, atol=1e-5) for g, r in zip(grads, ref))
    print(f"{how}: grads as eager: {same}; the forward saves {saved[0]} tensors")
    print(f"  {how}: saved: {' '.join(saved[1])}")
torch._dynamo.reset()
try:
    step(torch.compile(net, backend="ind", options={"partitioner": "greedy"}), net, x)
    print("an unknown partitioner: no error")
except Exception as e:
    print("an unknown partitioner:", next((ln.strip() for ln in str(e).splitlines() if "ind: partitioner" in ln),
                                          f"another error: {type(e).__name__}"))


def mutates(a, b):
    """b's gradient needs a's value from before the in-place mul_ (autograd's clone of it in the joint
    graph), which min-cut would recompute from a itself, mutated by then (_min_cut_saving_input_clones)."""
    a.mul_(b)
    return a.sin().sum()


def mutates_grads(fn):
    torch.manual_seed(1)
    leaves = [torch.randn(5, requires_grad=True) for _ in range(2)]
    xs = [t.clone() for t in leaves]
    fn(*xs).backward()
    return [t.grad for t in leaves] + xs


ref = mutates_grads(mutates)
for p in PARTITIONERS:
    torch._dynamo.reset()
    try:
        got = mutates_grads(torch.compile(mutates, backend="ind", options={"partitioner": p}))
        same = all(torch.allclose(g, r, rtol=1e-5, atol=1e-6) for g, r in zip(got, ref))
        print(f"an input mutated in place, {p}: grads and the input as eager: {same}")
    except RuntimeError as e:
        print(f"an input mutated in place, {p}: {str(e).splitlines()[0][:70]}")


def attention(x, w, v):
    """Scores of transposed heads (q @ k^T) over transposed values: the backward's bmm reads the forward's
    transposes, which the partitioner saves as what it sees, permute (a view it lists) since ind decomposes
    transpose.int for it (ind.fx.PARTITIONER_DECOMPOSED), not transpose."""
    k = torch.nn.functional.gelu(x @ w).view(2, 16, 4, 8).transpose(1, 2)
    s = (k @ k.transpose(-1, -2)).softmax(-1)
    return (s @ (x @ v).view(2, 16, 4, 8).transpose(1, 2)).transpose(1, 2).reshape(2, 16, 32)


torch.manual_seed(2)
xs = [torch.randn(2, 16, 32, requires_grad=True), torch.randn(32, 32, requires_grad=True),
      torch.randn(32, 32, requires_grad=True)]
saved = []
backend.compile_aten_graph = spy
torch._dynamo.reset()
try:
    torch.compile(attention, backend="ind")(*xs).sum().backward()
finally:
    backend.compile_aten_graph = real
print("attention, min_cut: saved:", " ".join(saved[1]))


def shifted(x, w):
    """Swin's shifted windows: torch.roll there and back (index_select by fmod(arange + shift)); the joint
    graph's backward roll is the forward's index vector again. min-cut saved those vectors (one forward
    kernel each, as Inductor's); they read no input, so ind marks them recomputed in the backward."""
    y = torch.relu(torch.roll(x, shifts=(-3, -3), dims=(1, 2)) @ w)
    return torch.roll(y, shifts=(3, 3), dims=(1, 2)) * x


torch.manual_seed(3)
xs = [torch.randn(2, 8, 8, 4, dtype=torch.float64, requires_grad=True),
      torch.randn(4, 4, dtype=torch.float64, requires_grad=True)]
want = torch.autograd.grad(shifted(*xs).square().sum(), xs)
for how in ("min_cut", "default"):
    saved = []
    backend.compile_aten_graph = spy
    torch._dynamo.reset()
    try:
        got = torch.autograd.grad(torch.compile(shifted, backend="ind", options={"partitioner": how})(*xs)
                                  .square().sum(), xs)
    finally:
        backend.compile_aten_graph = real
    same = all(torch.allclose(g, r, rtol=1e-9, atol=1e-12) for g, r in zip(got, want))
    print(f"shifted windows, {how}: grads as eager: {same}; saved: {' '.join(saved[1])}")
