"""Imports PyTorch functions with ind.fx, runs them compiled on the CPU (the ind.core bindings, libind) and
compares them with PyTorch eager. One process for many functions (torch's import is
the slow part). Prints one line per case and exits 1 on any failure.

  run_cases.py small                    # the small functions of cases.py
  run_cases.py examples N               # the examples at N x N
  run_cases.py example-ops DIR          # the examples at 1024: the imported op sequence is DIR/<name>.mlir's
  run_cases.py compare-self-test        # the comparison rejects an error just above the tolerance
"""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "..", "python"))

import numpy as np  # noqa: E402
import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402

import cases  # noqa: E402
from ind import core, fx  # noqa: E402

RTOL = 1e-5  # max |got - want| / max |want|, per output (f32); f16 outputs: 1e-3


def rel_err(got, want):
    """max |got - want| / max |want| over the finite values; inf where the shapes, the NaN positions or
    the infinities differ, or (integer and bool outputs: exact) where any value differs."""
    if not np.issubdtype(np.asarray(want).dtype, np.floating):
        return 0.0 if np.array_equal(np.asarray(got), np.asarray(want)) else float("inf")
    got = np.asarray(got, dtype=np.float64)
    want = np.asarray(want, dtype=np.float64)
    if got.shape != want.shape:
        return float("inf")
    if want.size == 0:
        return 0.0
    nan = np.isnan(want)
    if not np.array_equal(np.isnan(got), nan):
        return float("inf")
    inf = np.isinf(want)
    if not np.array_equal(got[inf], want[inf]):
        return float("inf")
    fin = ~(nan | inf)
    if not fin.any():
        return 0.0
    got, want = got[fin], want[fin]
    scale = np.max(np.abs(want))
    err = np.max(np.abs(got - want))
    return float(err / scale) if scale > 0 else float(err)


def tolerance(t):
    return 1e-3 if t.dtype in (torch.float16, torch.bfloat16) else RTOL


def flat(out):
    return list(out) if isinstance(out, (tuple, list)) else [out]


def trace(fn, args):
    if getattr(fn, "symbolic", False):
        gm = torch.fx.symbolic_trace(fn)
        from torch.fx.passes.shape_prop import ShapeProp
        ShapeProp(gm).propagate(*args)
        return gm
    return fx.trace(fn, args, extra_decompositions=getattr(fn, "decompositions", ()))


# Table entries for overloads torch 1.13 does not have (torch 2.x's AOTAutograd / export produce them).
NOT_IN_TORCH_1_13 = {"aten.rms_norm.default", "aten.squeeze.dims", "prims.iota.default"}


def run_case(name, fn, args):
    with torch.no_grad():
        want = flat(fn(*args))
    gm = trace(fn, args)
    g = fx.import_graph(gm, name=name, prefer_file=cases.__file__, example_inputs=args)
    inputs = [a.numpy() for a in args] + [c.numpy() for c in g.constants]
    prog = core.compile(g.text, device="cpu")
    got = prog(*inputs)
    if len(got) != len(want):
        return False, f"{len(got)} outputs, eager has {len(want)}"
    worst, where = 0.0, 0
    for k, (o, w) in enumerate(zip(got, want)):
        e = rel_err(o, w.numpy())
        if str(o.dtype) != str(w.numpy().dtype):
            return False, f"out{k}: dtype {o.dtype}, eager {w.dtype}"
        if e > tolerance(w):
            return False, f"out{k}: rel_err {e:.2e} > {tolerance(w):g}"
        if e >= worst:
            worst, where = e, k
    return True, f"{len(got)} outputs, max rel_err {worst:.1e} (out{where})"


def main_run(cs):
    failed = 0
    seen = set()
    for name, (fn, args) in cs.items():
        try:
            ok, msg = run_case(name, fn, args)
            gm = trace(fn, args)
            seen |= {str(n.target) for n in gm.graph.nodes if n.op == "call_function"}
        except Exception as e:  # a case that cannot import or run is a failure, with its message
            ok, msg = False, f"{type(e).__name__}: {e}"
        print(f"{'PASS' if ok else 'FAIL'} {name}: {msg}", flush=True)
        failed += not ok
    return failed, seen


def _has_overload(name):
    ns, op, ov = name.split(".")
    return hasattr(getattr(torch.ops, ns), op) and hasattr(getattr(getattr(torch.ops, ns), op), ov)


_OP_RE = re.compile(r'"graph\.(\w+)"\(.*\)\s*(\{.*\})?\s*:\s*\(.*\)\s*->\s*(tensor<[^>]*>)')


def op_sequence(text):
    return [(m.group(1), m.group(3)) for m in map(_OP_RE.search, text.splitlines()) if m]


def main_example_ops(d):
    failed = 0
    for name, (fn, args) in cases.example_cases(1024).items():
        # Inductor's graphs decompose gelu into its erf form; so does this trace
        gm = fx.trace(fn, args, extra_decompositions=["aten.gelu.default"])
        got = op_sequence(fx.import_graph(gm, name=name).text)
        want = op_sequence(open(os.path.join(d, name + ".mlir")).read())
        ok = got == want
        print(f"{'PASS' if ok else 'FAIL'} {name}: {len(got)} ops" + ("" if ok else f"\n  got  {got}\n  want {want}"))
        failed += not ok
    return failed


def api_errors():
    """The importer's exceptions: their type, the op, the user's line."""
    def cumprod(x):
        y = x * 2
        return torch.cumprod(y, 0)  # line A

    def float64(x):
        return x.double() * 2

    def cummax(x, y):  # (div with rounding_mode, refused here before, is imported now: cases.rounding_divs)
        return torch.cummax(x * y, 0).values

    def const64(x):
        return x * torch.tensor(2.0, dtype=torch.float64)

    def int_arange(x):
        return x + torch.arange(0, 3.5, dtype=torch.int64)  # 3 or 4 values by the torch version: ind refuses

    def nll_2d(x, t):
        return F.cross_entropy(x, t)  # a [N, C, H, W] input: nll_loss2d_forward

    def adv_index(x, i):
        return x[x > i[1]]  # aten.index.Tensor with a bool mask: the result's shape depends on the values

    def renorm(x, i):
        return F.embedding(i, x, max_norm=1.0)  # embedding_renorm_ writes the weight

    def strided_t(x):
        return torch.as_strided(x.t() * 2, (2, 2), (1, 3))  # reads a transposed input's storage

    def strided_past(x):
        return torch.as_strided((x * 2)[:2], (3, 4), (4, 1))  # past the 8-element input, in its storage

    x = torch.randn(3, 4)
    i = torch.tensor([0, 2])
    checks = [("const64", lambda: fx.import_graph(fx.trace(const64, [x]))),
              ("cumprod", lambda: fx.import_graph(fx.trace(cumprod, [x]))),
              ("float64", lambda: fx.import_graph(fx.trace(float64, [x]))),
              ("cummax", lambda: fx.import_graph(fx.trace(cummax, [x, x]))),
              ("not_aten", lambda: fx.import_graph(torch.fx.symbolic_trace(lambda a: torch.relu(a)), example_inputs=[x])),
              ("no_meta", lambda: fx.import_graph(torch.fx.symbolic_trace(lambda a: a + 1))),
              ("int_arange", lambda: fx.import_graph(fx.trace(int_arange, [x]))),
              ("nll_2d", lambda: fx.import_graph(fx.trace(nll_2d, [torch.randn(2, 3, 4, 4),
                                                                    torch.zeros(2, 4, 4).long()]))),
              ("adv_index", lambda: fx.import_graph(fx.trace(adv_index, [x, i]))),
              ("renorm", lambda: fx.import_graph(fx.trace(renorm, [x, i]))),
              ("strided_t", lambda: fx.import_graph(fx.trace(strided_t, [x]))),
              ("strided_past", lambda: fx.import_graph(fx.trace(strided_past, [x])))]
    for name, f in checks:
        try:
            f()
            print(f"{name}: no error")
        except fx.IndImportError as e:
            loc = e.location
            where = f"{os.path.basename(loc.file)}:{loc.line}:{loc.col}" if loc else "no location"
            print(f"{name}: {type(e).__name__} op={getattr(e, 'op', None)} at {where}: {str(e).splitlines()[0]}")
    # is_node_supported agrees with import_graph, node by node
    gm = fx.trace(cumprod, [x])
    print("supported:", " ".join(f"{n.name}={int(fx.is_node_supported(n))}" for n in gm.graph.nodes if n.op == "call_function"))
    gm = fx.trace(int_arange, [x])
    print("supported:", " ".join(f"{n.name}={int(fx.is_node_supported(n))}" for n in gm.graph.nodes
                                 if n.op == "call_function"))
    return negative_indices()


def negative_indices():
    """Eager refuses a negative index of index_select / gather / embedding (so tracing with one fails); the
    index is data, which the importer cannot check: ind counts a negative one from the end
    (docs/dialects/graph.md, "Indirect indexing")."""
    def fn(x, idx, t, ids):
        return torch.index_select(x, 1, idx), torch.gather(x, 1, t), F.embedding(ids, x)

    x = torch.randn(4, 8)
    ok = [x, torch.tensor([0, 3, 7]), torch.tensor([[1], [2], [3], [4]]), torch.tensor([0, 3])]
    neg = [x, torch.tensor([-1, -8, 2]), torch.tensor([[-1], [-2], [0], [-8]]), torch.tensor([-1, -4])]
    for k, name in enumerate(["index_select", "gather", "embedding"], 1):
        args = list(ok)
        args[k] = neg[k]
        try:
            fn(*args)
            print(f"negative {name}: eager accepts")
        except (RuntimeError, IndexError) as e:
            print(f"negative {name}: eager {type(e).__name__}: {str(e).splitlines()[0]}")
    g = fx.import_graph(fx.trace(fn, ok), example_inputs=ok)
    got = core.compile(g.text, device="cpu")(*[a.numpy() for a in neg])
    want = fn(x, neg[1] % 8, neg[2] % 8, neg[3] % 4)
    names = ["index_select", "gather", "embedding"]
    print("negative indices in ind count from the end:",
          " ".join(f"{n}={int(np.array_equal(a, b.numpy()))}" for n, a, b in zip(names, got, want)))
    return 0


def main():
    what = sys.argv[1]
    if what == "small":
        failed, seen = main_run(cases.small_cases())
        table = set(fx.ATEN_TO_GRAPH)
        print("ops traced but not in the table:", " ".join(sorted(seen - table - {"<built-in function getitem>"})) or "none")
        missing = {k for k in table - seen if not (k in NOT_IN_TORCH_1_13 and not _has_overload(k))}
        print("table ops no case reaches:", " ".join(sorted(missing)) or "none")
    elif what == "examples":
        failed, _ = main_run(cases.example_cases(int(sys.argv[2])))
    elif what == "example-ops":
        failed = main_example_ops(sys.argv[2])
    elif what == "api-errors":
        failed = api_errors()
    elif what == "compare-self-test":
        w = np.linspace(-2, 2, 64).astype(np.float32)
        over, under = w.copy(), w.copy()
        over[7] += 2 * 1.2e-5
        under[7] += 2 * 0.8e-5
        failed = int(not (rel_err(over, w) > RTOL)) + int(not (rel_err(under, w) <= RTOL))
        print(f"over {rel_err(over, w):.2e} under {rel_err(under, w):.2e}: {'ok' if not failed else 'BROKEN'}")
        # integer and bool outputs exact; NaN where eager has NaN, infinities equal
        big = np.arange(64, dtype=np.int64) * 10**6
        nan = w.copy()
        nan[3], nan[9] = np.nan, np.inf
        moved, ninf = nan.copy(), nan.copy()
        moved[3], moved[4] = nan[4], np.nan
        ninf[9] = -np.inf
        checks = [rel_err(big + (np.arange(64) == 5), big) == float("inf"), rel_err(big, big) == 0.0,
                  rel_err(w > 0.5, w > 0) == float("inf"), rel_err(nan.copy(), nan) == 0.0,
                  rel_err(moved, nan) == float("inf"), rel_err(ninf, nan) == float("inf"),
                  rel_err(np.full(4, np.nan), np.full(4, np.nan)) == 0.0]
        failed += checks.count(False)
        print(f"exact ints and bools, NaN and inf positions: {'ok' if all(checks) else 'BROKEN ' + str(checks)}")
    else:
        sys.exit(f"unknown mode {what}")
    print(f"{'FAILED' if failed else 'ALL PASSED'} ({failed} failed)")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
