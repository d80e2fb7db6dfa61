"""Inputs a compiled graph writes (test/torch/mutation.test): AOTAutograd keeps the mutations of inputs in the
graph (the backend asks for keep_inference_input_mutations, as Inductor does) and the trailing copy_ nodes
become one aten._foreach_copy_ per device and dtype (ind.backend.batch_input_copies). Checked: models whose
buffers change (batch-norm running statistics and counters in training, a buffer mutated in place by the
model, a user's input mutated in inference, through a transposed view too) against eager after several
steps, buffers and outputs; the graph's eager ops (the write-back is the one extern, no copy_ left); and
the rewrite on hand-made graphs at each edge of its rule (read after its copy, directly or through a view;
other work after the copies; written twice; another dtype; its result returned or read; not a
placeholder)."""
import copy
import os
import sys

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "python"))
os.environ["IND_STRICT"] = "1"
import ind  # noqa: E402,F401
from ind import backend  # noqa: E402

FAILED = []


def check(name, ok, detail=""):
    print(f"{'PASS' if ok else 'FAIL'} {name}{': ' + detail if detail else ''}")
    if not ok:
        FAILED.append(name)


def eager_lines():
    return [line for d in backend.STATS["partitions"] for line in d.splitlines() if line.startswith("eager")
            and "(view)" not in line]


class Counter(torch.nn.Module):
    """a buffer mutated in place by the model (read before and after), a float32 and an int64 one"""
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(8, 8)
        self.register_buffer("ema", torch.zeros(8))
        self.register_buffer("steps", torch.zeros((), dtype=torch.int64))

    def forward(self, x):
        y = torch.relu(self.lin(x))
        old = self.ema * 1.0
        self.ema.mul_(0.9).add_(y.mean(0).detach(), alpha=0.1)
        self.steps.add_(1)
        return y + old


def train(model, steps, x):
    outs = []
    opt = torch.optim.SGD(model.parameters(), lr=0.1)
    for _ in range(steps):
        opt.zero_grad()
        y = model(x)
        y.square().mean().backward()
        opt.step()
        outs.append(y.detach())
    return outs


def same(a, b, tol=1e-5):
    return a.dtype == b.dtype and a.shape == b.shape and torch.allclose(a.double(), b.double(), rtol=tol, atol=tol)


def models():
    torch.manual_seed(0)
    bn = torch.nn.Sequential(torch.nn.Conv2d(3, 4, 3), torch.nn.BatchNorm2d(4), torch.nn.ReLU(),
                             torch.nn.Conv2d(4, 4, 3), torch.nn.BatchNorm2d(4))
    for name, model, x in (("batchnorm", bn, torch.randn(2, 3, 10, 10)), ("counter", Counter(), torch.randn(4, 8))):
        ref = copy.deepcopy(model)
        backend.reset_stats()
        torch._dynamo.reset()
        got = train(torch.compile(model, backend="ind"), 3, x)
        want = train(ref, 3, x)
        bufs = [(k, a, b) for (k, a), (_, b) in zip(model.named_buffers(), ref.named_buffers())]
        bad = [k for k, a, b in bufs if not same(a, b)]
        check(f"{name}: buffers after 3 steps equal eager's", not bad and bool(bufs), ", ".join(bad))
        check(f"{name}: outputs equal eager's", all(same(a, b) for a, b in zip(got, want)))
        print(f"{name} eager ops: {sorted(set(eager_lines()))}")


def inference():
    """a user's input written by the model, plain and transposed (a view AOTAutograd writes back)"""
    def f(x, cache):
        y = torch.tanh(x @ x.t()) + cache
        cache.mul_(0.5).add_(1.0)
        return y * 2
    for name, make in (("contiguous", lambda: torch.randn(6, 6)), ("transposed", lambda: torch.randn(6, 6).t())):
        torch.manual_seed(1)
        x, cache = torch.randn(6, 6), make()
        c2 = cache.clone()
        torch._dynamo.reset()
        backend.reset_stats()
        with torch.no_grad():
            got = [torch.compile(f, backend="ind")(x, cache) for _ in range(2)]
            want = [f(x, c2) for _ in range(2)]
        check(f"inference, {name} input written: equal to eager",
              all(same(a, b) for a, b in zip(got, want)) and same(cache, c2))
        print(f"inference {name} eager ops: {sorted(set(eager_lines()))}")


def graph(build):
    """a GraphModule of build(graph, placeholders x (f32 [4]), y (f32 [4]), n (i64 [])) with meta values"""
    g = torch.fx.Graph()
    ph = {}
    for name, v in (("x", torch.zeros(4)), ("y", torch.zeros(4)), ("n", torch.zeros((), dtype=torch.int64))):
        ph[name] = g.placeholder(name)
        ph[name].meta["val"] = v
    aten = torch.ops.aten

    def op(target, *args, **kw):
        n = g.call_function(target, args, kw)
        vals = [a.meta["val"] if isinstance(a, torch.fx.Node) else a for a in args]
        n.meta["val"] = target(*[v.clone() if isinstance(v, torch.Tensor) else v for v in vals], **kw)
        return n
    out = build(g, ph, op, aten)
    g.output(out)
    return torch.fx.GraphModule(torch.nn.Module(), g)


def run(gm, x, y, n):
    r = gm(x, y, n)
    return r, x, y, n


def rewrite():
    """batch_input_copies on hand-made graphs: how many copies it takes, and the graph's results unchanged"""
    def trailing(g, ph, op, aten):  # two f32 inputs and one i64 written back at the end: two groups
        a = op(aten.add.Tensor, ph["x"], 1.0)
        b = op(aten.mul.Tensor, ph["y"], 2.0)
        c = op(aten.add.Tensor, ph["n"], 1)
        s = op(aten.add.Tensor, a, b)
        for dst, src in ((ph["x"], a), (ph["y"], b), (ph["n"], c)):
            op(aten.copy_.default, dst, src)
        return s

    def read_after(g, ph, op, aten):  # x is read after its copy: that copy is not trailing (y's is)
        a = op(aten.add.Tensor, ph["x"], 1.0)
        b = op(aten.mul.Tensor, ph["y"], 2.0)
        op(aten.copy_.default, ph["x"], a)
        m = op(aten.mul.Tensor, ph["x"], 3.0)
        op(aten.copy_.default, ph["y"], b)
        return m

    def after_copies(g, ph, op, aten):  # the copies followed by other work (the layout rewrite's clones
        a = op(aten.add.Tensor, ph["x"], 1.0)  # of the outputs): moved past it
        op(aten.copy_.default, ph["x"], a)
        op(aten.copy_.default, ph["n"], op(aten.add.Tensor, ph["n"], 1))
        return op(aten.clone.default, a)

    def view_read_after(g, ph, op, aten):  # a view of x, taken before x's copy and read after it: kept
        v = op(aten.view.default, ph["x"], [2, 2])
        a = op(aten.add.Tensor, ph["x"], 1.0)
        op(aten.copy_.default, ph["x"], a)
        return op(aten.mul.Tensor, v, 3.0)

    def twice(g, ph, op, aten):  # x written twice, last by a converting copy: both left in order (taking
        a = op(aten.add.Tensor, ph["x"], 1.0)  # the first to the end would leave x = a); y's taken
        d = op(aten.add.Tensor, op(aten._to_copy.default, ph["x"], dtype=torch.float64), 0.5)
        op(aten.copy_.default, ph["x"], a)
        op(aten.copy_.default, ph["y"], a)
        op(aten.copy_.default, ph["x"], d)
        return a

    def other_dtype(g, ph, op, aten):  # an f64 value into an f32 input: a converting copy, kept; y's taken
        a = op(aten.mul.Tensor, ph["y"], 2.0)
        d = op(aten.add.Tensor, op(aten._to_copy.default, ph["x"], dtype=torch.float64), 0.5)
        op(aten.copy_.default, ph["y"], a)
        op(aten.copy_.default, ph["x"], d)
        return a

    def result_returned(g, ph, op, aten):  # the copy's result returned (the input itself): taken, the
        a = op(aten.add.Tensor, ph["x"], 1.0)  # output then returns x
        return op(aten.copy_.default, ph["x"], a)

    def result_read(g, ph, op, aten):  # the copy's result read by an op: kept
        a = op(aten.add.Tensor, ph["x"], 1.0)
        return op(aten.mul.Tensor, op(aten.copy_.default, ph["x"], a), 2.0)

    def not_input(g, ph, op, aten):  # a copy into an intermediate: not a write-back
        a = op(aten.add.Tensor, ph["x"], 1.0)
        op(aten.copy_.default, a, ph["y"])
        return a

    for name, build, want in (("trailing", trailing, 3), ("read after", read_after, 1),
                              ("after copies", after_copies, 2), ("view read after", view_read_after, 0),
                              ("twice", twice, 1),
                              ("other dtype", other_dtype, 1), ("result returned", result_returned, 1),
                              ("result read", result_read, 0),
                              ("not an input", not_input, 0)):
        gm = graph(build)
        ref = copy.deepcopy(gm)
        args = lambda: (torch.arange(4.0), torch.arange(4.0) + 10, torch.tensor(5))  # noqa: E731
        want_vals = run(ref, *args())
        done = backend.batch_input_copies(gm)
        gm.recompile()
        got_vals = run(gm, *args())
        foreach = [n for n in gm.graph.nodes if n.target == torch.ops.aten._foreach_copy_.default]
        ok = all(torch.equal(a, b) for a, b in zip(got_vals, want_vals))
        check(f"rewrite {name}: {done} copies batched (want {want}), results unchanged", done == want and ok,
              f"{len(foreach)} foreach nodes")
        if name == "trailing":
            check("rewrite trailing: one copy per dtype", len(foreach) == 2 and
                  not any(n.target == torch.ops.aten.copy_.default for n in gm.graph.nodes))


models()
inference()
rewrite()
print(f"ALL PASSED ({len(FAILED)} failed)" if not FAILED else f"FAILED: {FAILED}")
