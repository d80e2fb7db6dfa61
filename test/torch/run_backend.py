"""The partitioning backend below AOTAutograd (ind.backend.compile_aten_graph) on make_fx graphs:
supported subgraphs run on ind, unsupported ops eagerly between them, results equal to eager, the
compile cache hit on a second call; the partitioner's merges keep the graph a DAG with each partition
contracted (cases, and random graphs), and a planted cycle falls back to PyTorch's partitioner. Also:
`import ind` registers no backend on torch < 2."""
import json
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "python"))

import torch  # noqa: E402

import ind  # noqa: E402
from ind import backend, fx  # noqa: E402
from run_cases import rel_err, flat  # noqa: E402


def one_unsupported(x, w):
    h = torch.relu(x @ w + 1.0)  # ind
    c = torch.cumprod(h, dim=1)  # eager: ind has no cumprod
    return torch.softmax(c * 0.01, -1) + h.mean(-1, keepdim=True)  # ind


def all_supported(x, b):
    return torch.tanh(x + b) * x


def two_breaks(x):
    a = (x * 2).sort(dim=-1).values
    b = torch.exp(a - 1).roll(1, 0)
    return b.sum(0) + 1


def siblings(x):
    a = torch.cumprod(x, 1)  # eager
    b = x.sort(dim=-1).values  # eager
    return torch.exp(a) * torch.tanh(b)  # two producers' partitions merge at their consumer: one program


def blocked(x):
    p = torch.exp(x)  # ind
    s = p.sort(dim=-1).values  # eager, reads p
    q = torch.tanh(s)  # ind, after the eager sort
    return p * 2 + q  # joining p's partition would put the sort inside it: the add joins q's


def side_by_side(x, y):
    a = torch.exp(x)  # ind
    s = torch.cumprod(a, 1)  # eager, reads a
    return s, torch.tanh(y) * 2  # ind, unrelated to a and s: one program with exp, side by side


def two_way(a, b):
    t = torch.tanh(torch.exp(a).sort(dim=-1).values)  # ind, eager, ind
    x = torch.sin(torch.cos(b).sort(dim=-1).values)  # the same, unrelated to the first
    return t, x  # side by side {exp, sin} and {tanh, cos} would each feed the other: one of them is refused


def crossed(a, b):
    p = torch.exp(a)  # ind
    t = torch.tanh(p.sort(dim=-1).values)  # eager, ind
    c = torch.cos(b)  # ind
    u = torch.sin(c.sort(dim=-1).values)  # eager, ind
    # each add merges with its producers' partitions: {tanh, cos, add} is convex, and so would {exp, sin, add_1}
    # be, but exp feeds the first through a sort, which feeds the second through the other: p's is refused
    return t + c, u + p


def planted_cycle():
    """partition() given a proposal that is not a DAG contracted (two_way's {exp, sin} and {tanh, cos}, as the
    side-by-side merges made them before each merge was checked): PyTorch's partitioner instead, counted."""
    args = [torch.randn(4, 6), torch.randn(3, 5)]
    gm = fx.trace(two_way, args)
    by_name = {n.name: n for n in gm.graph.nodes}
    propose = backend.propose_partitions
    backend.propose_partitions = lambda gm, supported: [[by_name["exp"], by_name["sin"]],
                                                        [by_name["tanh"], by_name["cos"]]]
    try:
        before = backend.STATS["partitioner_fallbacks"]
        fused, names = backend.partition(gm)
    finally:
        backend.propose_partitions = propose
    print("== planted_cycle")
    for name in names:
        ops = [str(n.target).replace("aten.", "") for n in fused.get_submodule(name).graph.nodes if n.op == "call_function"]
        print(f"{name}: {', '.join(ops)}")
    print("partitioner fallbacks:", backend.STATS["partitioner_fallbacks"] - before)


def random_graphs(count=400, size=30, seed=0):
    """propose_partitions on random DAGs (3 inputs, `size` nodes of 1 to 3 operands, recent ones likelier,
    about 70% supported): every proposal a DAG contracted (_acyclic), and the partitions it made."""
    rng = random.Random(seed)
    cyclic = parts = 0
    for _ in range(count):
        g = torch.fx.Graph()
        vals = [g.placeholder(f"x{i}") for i in range(3)]
        supported = set()
        for _ in range(size):
            ins = dict.fromkeys(vals[max(0, len(vals) - 1 - int(rng.expovariate(0.25)))] for _ in range(rng.randint(1, 3)))
            vals.append(g.call_function(max, tuple(ins)))  # the target is never called
            if rng.random() < 0.7:
                supported.add(vals[-1])
        g.output(tuple(vals[-3:]))
        gm = torch.fx.GraphModule(torch.nn.Module(), g)
        proposal = backend.propose_partitions(gm, supported.__contains__)
        cyclic += not backend._acyclic(gm, proposal)
        parts += len(proposal)
    print(f"== random graphs: {count} graphs, {parts} partitions, {cyclic} not a DAG contracted")
    return cyclic


def logs():
    """IND_LOGS=fusion: the partitions and ind's fusion log of each program, on stderr."""
    os.environ["IND_LOGS"] = "fusion"
    x = torch.randn(4, 8)
    cg = backend.compile_aten_graph(fx.trace(all_supported, [x, x[0]]))
    cg(x, x[0])
    sys.exit(0)


def storage_offset(x):
    f = (x * 2)[1:2]  # a view of f's storage at offset 6 (ind computes the mul: a new storage of its own)
    w = torch.as_strided(f, (2, 3), (3, 1), 0)  # storage positions 0..5: before the view, eager (as_strided
    # reads absolute storage positions): the slice that made f stays eager with it, else f would be a new
    # tensor holding row 1 at position 0 and w would read row 1 instead of row 0
    c = torch.chunk(x * 3, 2)[1]  # an element of a list of views (split): storage offset 12 of x * 3
    return (w + 1, torch.as_strided(f, (2,), (1,), 7) * 3,  # inside the view: compiled
            torch.as_strided(c, (4,), (1,), 0) - 1)  # before it: the split and its getitem stay eager too


def views_only(x):
    s = torch.cumprod(x, 1)  # eager
    return s.view(-1), s.t()  # views alone: free in PyTorch, a copy in ind: left eager, marked (view)


def view_outputs(x):
    y = torch.tanh(x) * 2
    z = y.t().unsqueeze(0)  # read only by the graph's outputs: views of y made by PyTorch after the partition
    w = (y + 1).view(-1)  # a view of a value computed for it alone: the partition returns that value
    u = y.unsqueeze(0)  # read inside (the sum) and outside: stays, a copy
    return z, w, u, u.sum()


def mm_view_outputs(x, k):
    y = torch.tanh(x) * 2
    v = y.view(24).view(2, 12)  # read by an mm (it reads y's storage, no copy) and by the outputs: both
    # views made twice, the outside pair from y
    t = y.t()  # the same for a transpose (the mm's transpose flag)
    c = y.t()  # read by a reshape that copies (clone) before its mm: stays, the copy it is handed on as
    return v, v @ k, t, t @ k[:4], c, c.reshape(3, 8) @ k[:8]


def strided_layouts():
    """Permuted inputs and outputs of a partition stay in their memory order (backend.physical_layouts): the
    program's arguments and results have the memory order's shapes, the outputs keep the traced strides, and
    a call whose arguments come in another layout (contiguous) is still right (permute, then a copy)."""
    def fn(x, w):
        y = torch.tanh(x) * 2  # strided like x (TensorIterator keeps the input's layout)
        return y, y.sum(1), x[0] @ w  # w: a transposed weight read by the mm as it lies
    g = torch.Generator().manual_seed(1)
    x = torch.randn(2, 5, 3, generator=g).permute(0, 2, 1)
    w = torch.randn(4, 5, generator=g).t()
    cg = backend.compile_aten_graph(fx.trace(fn, [x, w]), [x, w])
    k = cg.fused_0
    print("== strided_layouts")
    print("perms in", k._in_perms, "out", k._out_inv)
    print("arguments", k.graph.inputs, "results", k.graph.outputs)
    want = fn(x, w)
    failed = 0
    for args in ([x, w], [x.contiguous(), w.contiguous()]):
        got = cg(*args)
        ok = all(a.stride() == b.stride() and torch.allclose(a, b, atol=1e-5) for a, b in zip(got, want))
        failed += not ok
        print("PASS" if ok else "FAIL", "strides", [a.stride() for a in got],
              "contiguous" if args[0].is_contiguous() else "as traced")
    return failed


def held_base_views(x, a, w):
    u = x.view(-1)  # a view of an argument, read inside (exp) and outside: made twice
    h = torch.addmm(x[0, :3], a, w)
    g = h.view(-1)  # a view of an addmm result, read inside (gelu) and outside: made twice
    y = torch.tanh(x)
    t = y.view(-1)  # a view of a value handed on anyway (y), read inside and outside: made twice
    z = torch.sin(x) * 2
    k = z.view(-1)  # a view of a value only it hands on, read inside: stays (its copy is the one handed on)
    q = (torch.cos(x) * 2).view(8, 3)  # read inside by an addmm as its mat1 only: made twice
    return u, u.exp(), g, torch.nn.functional.gelu(g), y, t, t + 1, k, k.exp(), q, torch.addmm(w[:, 0], q, w.t())


def split_outputs(x, w):
    h = torch.tanh(x) * 2
    a, b, c = h.unbind(0)  # a list of views, every element used outside only: the unbind leaves whole
    p, q = (h + 1).split(3, dim=1)  # p read inside (exp): the split stays, q is handed on as a copy
    m = x @ w
    s0, s1 = m.split(1, dim=1)  # s0 read inside (sin), s1 outside only: a second split from m, a buffer anyway
    return a, b, c, p.exp(), q, s0.sin(), s1


def linear_epilogue():
    """addmm whose result is returned or reduced keeps its bias in the matmul's epilogue (graph-decompose's
    addmm-epilogue: an extern mm step with "epilogue": "bias", no add kernel); one whose every use is
    pointwise is mm + add, the add fused into the relu. The numbers are eager's either way. Three inputs: one
    addmm written three times would be one op (graph-cse)."""
    def fn(x, w, b, x2, x3):
        return torch.addmm(b, x, w.t()), torch.relu(torch.addmm(b, x2, w.t())), torch.addmm(b, x3, w.t()).sum(1)
    g = torch.Generator().manual_seed(2)
    args = [torch.randn(6, 3, generator=g), torch.randn(5, 3, generator=g), torch.randn(5, generator=g),
            torch.randn(6, 3, generator=g), torch.randn(6, 3, generator=g)]
    cg = backend.compile_aten_graph(fx.trace(fn, args), args)
    plan = json.loads(cg.fused_0.program("cpu").launch_plan)
    print("== linear_epilogue")
    print("steps", [s["op"] + (":" + s["epilogue"] if "epilogue" in s else "") for s in plan["steps"]])
    ok = all(torch.allclose(a, b, atol=1e-5) for a, b in zip(cg(*args), fn(*args)))
    print("PASS" if ok else "FAIL", "linear_epilogue")
    return not ok


def vector_norm_dims():
    """The decomposition ind takes for linalg_vector_norm gets non-negative dims (torch 2.11's kept a reduced
    size-1 dim given as -1): what the wrapper hands on, and the real decomposition's shape."""
    seen = []
    stub = fx.canonical_dims(lambda x, *a, **k: seen.append((a, k)))
    x = torch.randn(3, 17, 1)
    stub(x, 1, -1)
    stub(x, 2, [-1, 0], True)
    stub(x, ord=1, dim=-2)
    stub(torch.randn(()), 1, -1)  # a 0-d tensor: left as it is
    table = fx.backend_decompositions()
    norm = table[torch.ops.aten.linalg_vector_norm.default]
    print("== vector_norm dims:", seen, "wrapped:", hasattr(norm, "wrapped"),
          "shape:", tuple(norm(x, 1, -1).shape))


def main():
    vector_norm_dims()
    if sys.argv[1:] == ["logs"]:
        logs()
    if sys.argv[1:] == ["epilogue"]:  # under $IND_COMPILE_OPTIONS (backend.test)
        sys.exit(linear_epilogue())
    g = torch.Generator().manual_seed(0)
    f = lambda *s: torch.randn(*s, generator=g)
    cases = {"one_unsupported": (one_unsupported, [f(6, 8), f(8, 8)]),
             "all_supported": (all_supported, [f(6, 8), f(8)]),
             "two_breaks": (two_breaks, [f(5, 7)]),
             "siblings": (siblings, [f(4, 6)]),
             "blocked": (blocked, [f(4, 6)]),
             "side_by_side": (side_by_side, [f(4, 6), f(3, 5)]),
             "two_way": (two_way, [f(4, 6), f(3, 5)]),
             "crossed": (crossed, [f(4, 6), f(4, 6)]),
             "storage_offset": (storage_offset, [f(4, 6)]),
             "views_only": (views_only, [f(4, 6)]),
             "view_outputs": (view_outputs, [f(4, 6)]),
             "mm_view_outputs": (mm_view_outputs, [f(4, 6), f(12, 3)]),
             "held_base_views": (held_base_views, [f(4, 6), f(5, 2), f(2, 3)]),
             "split_outputs": (split_outputs, [f(3, 6), f(6, 2)])}
    failed = 0
    for name, (fn, args) in cases.items():
        gm = fx.trace(fn, args)
        cg = backend.compile_aten_graph(gm, args)
        print(f"== {name}")
        print(backend.describe(cg))
        want = flat(fn(*args))
        for call in range(2):
            got = flat(cg(*args))
            errs = [rel_err(o.numpy(), w.numpy()) for o, w in zip(got, want)]
            ok = len(got) == len(want) and max(errs) <= 1e-5
            failed += not ok
            print(f"{'PASS' if ok else 'FAIL'} {name} call {call}: max rel_err {max(errs):.1e}")
    failed += strided_layouts()
    failed += linear_epilogue()
    failed += random_graphs() > 0
    planted_cycle()
    print(f"compiles {backend.STATS['compiles']} cache hits {backend.STATS['cache_hits']} "
          f"partitioner fallbacks {backend.STATS['partitioner_fallbacks']}")
    major = int(torch.__version__.split(".")[0])
    print("ind.compile from ind.core:", hasattr(ind, "compile"))
    if major < 2:
        print("torch", major, "backend registered:", "ind" in getattr(getattr(torch, "_dynamo", None), "list_backends", lambda: [])())
    print(f"{'FAILED' if failed else 'ALL PASSED'} ({failed} failed)")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
