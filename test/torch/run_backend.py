"""The partitioning backend below AOTAutograd (ind.backend.compile_aten_graph) on make_fx graphs:
supported subgraphs run on ind, unsupported ops eagerly between them, results equal to eager, the
compile cache hit on a second call. Also: `import ind` registers no backend on torch < 2."""
import os
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
    return t, x  # side by side {exp, sin} and {tanh, cos} would each feed the other: one-by-one partitions


def logs():
    """IND_LOGS=fusion: the partitions and ind's fusion log of each program, on stderr."""
    os.environ["IND_LOGS"] = "fusion"
    x = torch.randn(4, 8)
    cg = backend.compile_aten_graph(fx.trace(all_supported, [x, x[0]]))
    cg(x, x[0])
    sys.exit(0)


def main():
    if sys.argv[1:] == ["logs"]:
        logs()
    g = torch.Generator().manual_seed(0)
    f = lambda *s: torch.randn(*s, generator=g)
    cases = {"one_unsupported": (one_unsupported, [f(6, 8), f(8, 8)]),
             "all_supported": (all_supported, [f(6, 8), f(8)]),
             "two_breaks": (two_breaks, [f(5, 7)]),
             "siblings": (siblings, [f(4, 6)]),
             "blocked": (blocked, [f(4, 6)]),
             "side_by_side": (side_by_side, [f(4, 6), f(3, 5)]),
             "two_way": (two_way, [f(4, 6), f(3, 5)])}
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
    print(f"compiles {backend.STATS['compiles']} cache hits {backend.STATS['cache_hits']} "
          f"partitioner retries {backend.STATS['partitioner_retries']}")
    major = int(torch.__version__.split(".")[0])
    print("ind.compile from ind.core:", hasattr(ind, "compile"))
    if major < 2:
        print("torch", major, "backend registered:", "ind" in getattr(getattr(torch, "_dynamo", None), "list_backends", lambda: [])())
    print(f"{'FAILED' if failed else 'ALL PASSED'} ({failed} failed)")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
