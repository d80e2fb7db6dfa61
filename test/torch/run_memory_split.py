"""Partitions cut where one call would hold much more memory than the graph needs (ind.backend._split_by_bytes,
memory_split; test/torch/memory-split.test). The graph stands for a backward: four saved inputs read one
after another by a chain whose four values are returned. One call of it holds the five inputs and the four
outputs (36 KiB); the graph needs at most 24 KiB at one node (at the first: the five inputs and its own
value): 1.5x."""
import os
import sys

import torch
from torch.fx.experimental.proxy_tensor import make_fx

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "python"))
from ind import backend  # noqa: E402


def bwd(s1, s2, s3, s4, t):
    g1 = t * s1
    g2 = g1 * s2
    g3 = g2 * s3
    g4 = g3 * s4
    return g1 * 2, g2 * 2, g3 * 2, g4 * 2


args = [torch.randn(1024) for _ in range(5)]
for r in (2.0, 1.5, 1.49, 1.25, 1.0):
    gm = make_fx(bwd)(*args)
    order = {n: i for i, n in enumerate(gm.graph.nodes)}
    runs = backend._split_by_bytes([n for n in gm.graph.nodes if n.op == "call_function"], order, r, True)
    print(f"ratio {r}: {len(runs)} runs {[[n.name for n in run] for run in runs]}")
# the same graph as a forward: its inputs are the caller's (parameters, a batch), held whatever ind does
print("inputs not freed:", len(backend._split_by_bytes([n for n in gm.graph.nodes if n.op == "call_function"],
                                                          order, 1.0)), "run")

# an input the graph reads again after the partition is held either way: one call holds 32 KiB (four
# inputs, four outputs), the graph needs 20 KiB at the first node (four inputs and its own value): 1.6x
gm = make_fx(lambda *a: bwd(*a) + (a[0] + 1,))(*args)
order = {n: i for i, n in enumerate(gm.graph.nodes)}
nodes = [n for n in gm.graph.nodes if n.op == "call_function"][:-1]  # the partition: all but the last add
print("s1 read after:", [len(backend._split_by_bytes(nodes, order, r, True)) for r in (1.6, 1.59)])

# a getitem stays with the node it reads: var_mean's two values, each read after; a ratio below 1 (not a
# setting memory_split takes) cuts before every node it may
def tup(s1, s2, s3, t):
    v, m = torch.var_mean(t * s1, 0, keepdim=True)
    return (v * s2).exp(), (m * s3).exp(), v + 1, m + 1


gm = make_fx(tup)(*args[:4])
order = {n: i for i, n in enumerate(gm.graph.nodes)}
runs = backend._split_by_bytes([n for n in gm.graph.nodes if n.op == "call_function"], order, 0.01, True)
print("tuple:", [[n.name for n in run] for run in runs])

# through the backend: the runs are programs of their own, the values eager's; a forward is not cut
for opts, backward in (({"memory_split": 1.25}, True), ({"memory_split": "off"}, True), (None, True),
                       (None, False)):
    fused = backend.compile_aten_graph(make_fx(bwd)(*args), args, opts, backward=backward)
    same = all(torch.equal(a, b) for a, b in zip(fused(*args), bwd(*args)))
    print(f"{opts} backward={backward}: {backend.describe(fused).count('ind ')} programs, matches eager: {same}")

for env, opts in (("off", None), ("2", None), ("off", {"memory_split": 1.5}), (None, {"memory_split": 0}),
                  (None, {"memory_split": 0.5}), (None, {"memory_split": "x"}), ("nan", None)):
    if env is None:
        os.environ.pop("IND_MEMORY_SPLIT", None)
    else:
        os.environ["IND_MEMORY_SPLIT"] = env
    try:
        print(f"IND_MEMORY_SPLIT={env} options={opts}: {backend.memory_split(opts)}")
    except ValueError as e:
        print(f"IND_MEMORY_SPLIT={env} options={opts}: ValueError: {e}")
