"""ind.layout: channels-last activations around convolutions (Inductor's layout_opt). decide's rules, each
refusal at its edge; then a small conv net through torch.compile(backend="ind") with the rewrite forced on the
CPU: the values and gradients of eager, the layouts eager gives the user (a 4-d output, the weights' grads),
and the activations in between channels-last without a copy (partitions read them permuted)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "python"))
import torch  # noqa: E402
import ind  # noqa: E402,F401
from ind import backend, fx, layout  # noqa: E402


def decide(name, convs, is_inference=False):
    def f(x, *ws):
        for w, groups in zip(ws, [g for _, g in convs]):
            x = torch.nn.functional.conv2d(x, w, groups=groups, padding=1)
        return x
    ws = [torch.randn(*s) for s, _ in convs]
    x = torch.randn(1, convs[0][0][1] * convs[0][1], 8, 8) if convs else torch.randn(1, 4, 8, 8)
    gm = fx.trace(f if convs else (lambda x: x.relu()), [x] + ws)
    print(f"{name}: {layout.decide(gm, is_inference) or 'channels-last'}")
    return gm


decide("no conv", [])
decide("3->64 and 64->64 (all <= 64 channels)", [((64, 3, 3, 3), 1), ((64, 64, 3, 3), 1)])
decide("64->65 (one above 64)", [((65, 64, 3, 3), 1)])
decide("128->64 k3 (in >= 2 out)", [((64, 128, 3, 3), 1)])
decide("127->64 k3 (in < 2 out)", [((64, 127, 3, 3), 1)])
decide("128->64 k1 (in >= 2 out, 1x1)", [((64, 128, 1, 1), 1)])
decide("64->128 groups 2 (32 in per group)", [((128, 32, 3, 3), 2)])
decide("128 depthwise (1 in per group)", [((128, 1, 3, 3), 128)])
grouped = decide("inference: 64->128 groups 2", [((128, 32, 3, 3), 2)], is_inference=True)
decide("inference: 64->128", [((128, 64, 3, 3), 1)], is_inference=True)
print("modes:", layout.mode({"layout_opt": True}), layout.mode({"layout_opt": "force"}), layout.mode({}),
      layout.mode({"layout_opt": False}))
for env in ("0", "1", "inference"):  # the environment when the options say nothing; the options win over it
    os.environ["IND_LAYOUT_OPT"] = env
    print(f"IND_LAYOUT_OPT={env}:", layout.mode({}), layout.mode({"layout_opt": True}),
          layout.mode({"layout_opt": False}))
del os.environ["IND_LAYOUT_OPT"]
for m in ("force", "on", "inference", "off"):  # which graphs each mode considers (decide then has its say)
    print(f"wanted {m}:", [layout.wanted(m, d, i) for d, i in (("cuda", True), ("cuda", False), ("cpu", True))])
# then decide has its say under every mode but "force" (the default "inference" too)
print("refusal of the grouped inference graph:",
      {m: layout.refusal(m, grouped, True, True) for m in ("force", "on", "inference")})


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.c1 = torch.nn.Conv2d(3, 96, 3, padding=1)
        self.bn = torch.nn.BatchNorm2d(96)
        self.c2 = torch.nn.Conv2d(96, 96, 3, padding=1)

    def forward(self, x):
        y = torch.relu(self.bn(self.c1(x)))
        return (self.c2(y) + y) * 2  # a 4-d output: the user gets eager's layout


torch.manual_seed(0)
net, x = Net(), torch.randn(2, 3, 10, 10)
ref_out = net(x)
ref_out.sum().backward()
ref_grads = [p.grad.clone() for p in net.parameters()]
net.zero_grad()
seen = []
forward = backend.IndKernel.forward


def watch(self, *args):  # which partitions read an argument permuted (channels-last, no copy); results
    seen.append((any(p is not None for p in self._in_perms), len(self._out_specs)))
    return forward(self, *args)


propagate, props = layout._propagate, []


def both(gm, phs, changed=None):  # the propagation from what changed, beside a full one on a copy of the graph
    g2, m = torch.fx.Graph(), {}
    g2.output(g2.graph_copy(gm.graph, m))
    for a, b in m.items():
        b.meta = dict(a.meta)
    propagate(torch.fx.GraphModule(gm, g2), [n for n in g2.nodes if n.op == "placeholder"], None)
    k0, c0 = layout.STATS["kept"], layout.STATS["propagated"]
    propagate(gm, phs, changed)
    differ = sum(not layout._same_layout(a.meta.get("val"), b.meta.get("val"))
                 for a, b in zip(gm.graph.nodes, g2.nodes) if a.op != "output")
    props.append((layout.STATS["kept"] - k0, layout.STATS["propagated"] - c0, differ))


backend.IndKernel.forward, layout._propagate = watch, both
out = torch.compile(net, backend="ind", options={"layout_opt": "force"})(x)
out.sum().backward()
backend.IndKernel.forward, layout._propagate = forward, propagate
print(f"propagation over {len(props)} graphs: {sum(p[0] for p in props)} nodes kept, {sum(p[1] for p in props)} "
      f"computed, {sum(p[2] for p in props)} differing from a full propagation")
ok = torch.allclose(out, ref_out, atol=1e-4) and all(
    torch.allclose(p.grad, g, atol=1e-3) for p, g in zip(net.parameters(), ref_grads))
print("values and grads as eager:", ok)
print("output strides as eager:", out.stride() == ref_out.stride(), out.stride())
print("grads in their parameters' strides:", all(p.grad.stride() == p.stride() for p in net.parameters()))
print(f"partitions reading a channels-last argument: {sum(a for a, _ in seen)} of {len(seen)}; "
      f"results {sum(n for _, n in seen)}")
print("eager ops:", sorted({ln.split()[1] for p in backend.STATS["partitions"] for ln in p.splitlines()
                            if ln.startswith("eager ") and "(extern)" not in ln}))


class Flat(torch.nn.Module):  # a view of an activation that channels-last strides do not allow: a copy first
    def __init__(self):
        super().__init__()
        self.c = torch.nn.Conv2d(3, 96, 3)
        self.bn = torch.nn.BatchNorm2d(96)

    def forward(self, x):
        return torch.relu(self.bn(self.c(x))).view(x.shape[0], -1).sum(1)


torch.manual_seed(0)
flat, x = Flat(), torch.randn(2, 3, 6, 6)
ref = flat(x)
ref.sum().backward()
torch._dynamo.reset()
backend.reset_stats()
seen.clear()
backend.IndKernel.forward = watch
got = torch.compile(flat, backend="ind", options={"layout_opt": "force"})(x)
backend.IndKernel.forward = forward
print("a view channels-last forbids:", torch.allclose(got, ref, atol=1e-4), "skipped:", backend.STATS["layout_skipped"],
      f"partitions reading a channels-last argument: {sum(a for a, _ in seen)} of {len(seen)}")


def planted(gm, phs, changed=None):
    raise RuntimeError("planted")


propagate, layout._propagate = layout._propagate, planted  # a rewrite that fails: the graph as it was
torch._dynamo.reset()
backend.reset_stats()
seen.clear()
backend.IndKernel.forward = watch
got = torch.compile(flat, backend="ind", options={"layout_opt": "force"})(x)
backend.IndKernel.forward, layout._propagate = forward, propagate
print("a failed rewrite:", torch.allclose(got, ref, atol=1e-4), "skipped:", backend.STATS["layout_skipped"],
      f"partitions reading a channels-last argument: {sum(a for a, _ in seen)} of {len(seen)}")

# "on" (options={"layout_opt": True}) applies to CUDA graphs only: on the CPU the graph compiles as it is
# (run 28: the check read the device type of a string and every "on" compile failed)
torch._dynamo.reset()
backend.reset_stats()
seen.clear()
backend.IndKernel.forward = watch
got = torch.compile(flat, backend="ind", options={"layout_opt": True})(x)
backend.IndKernel.forward = forward
print("on, on the CPU:", torch.allclose(got, ref, atol=1e-4), "skipped:", backend.STATS["layout_skipped"],
      f"partitions reading a channels-last argument: {sum(a for a, _ in seen)} of {len(seen)}")
