#!/usr/bin/env python3
"""Seeded random PyTorch programs for torch.compile(backend="ind") (docs/testing.md, "PyTorch-level fuzzing").

    python scripts/fuzz/torch_gen.py SEED [--stmts N]      # prints the program's Python source

A program is a `def f(a0, a1, ...)` of a few statements over ATen-level torch ops that ind's importer
(python/ind/fx.py, ATEN_TO_GRAPH) or the backend's decompositions know: elementwise unary/binary ops with
broadcasting, scalar ops, views (reshape, permute, transpose, slices, select, expand, unsqueeze, cat),
masks (arange, tril, comparisons) with where / masked_fill / masked softmax, reductions over any dims
with keepdim (sum, mean, amax, amin, var, softmax, log_softmax, logsumexp), cumsum, index_select / gather
/ embedding with valid indices, advanced indexing (x[i], x[:, i, j]), as_strided windows, matmul / bmm /
addmm / linear with epilogues, layer_norm, the models' ops (group / batch norm, upsampling, average pooling,
padding, flip, roll, tril/triu, vector norms, losses, einsum, repeat, index_add), dtype casts
(f32, f16, bf16, i32, i64, bool), several outputs; a quarter of them also write an input in place (STATE,
Gen.write_state). Inputs may be non-contiguous (transposed, strided, offset, expanded), have size-1 dims and
large magnitudes.

The source comes with `make_inputs(g)` (the base tensors, from a torch.Generator) and `views(*bases)`
(the arguments of f: views of the bases, so the backward variant's leaves are the bases), so a printed
program reruns as it is. Deterministic: random.Random only, the same seed gives the same text.

Each statement draws from its own random.Random(seed, i), and every size comes from a pool of a few
dims drawn first: the shrinker (torch_shrink.py) regenerates with fewer statements or smaller pool
dims and gets the same program, truncated or smaller.
"""
import math
import random
import re
import sys

FLOAT = ("f32", "f16", "bf16")
TORCH_DT = {"f32": "torch.float32", "f16": "torch.float16", "bf16": "torch.bfloat16", "i32": "torch.int32",
            "i64": "torch.int64", "bool": "torch.bool"}
POOL_SIZES = (1, 2, 3, 4, 5, 7, 8, 16, 17, 32, 33, 64)
MAX_NUMEL = 8192


numel = math.prod  # the elements of a shape


def bcast(a, b):
    r = max(len(a), len(b))
    a, b = (1,) * (r - len(a)) + tuple(a), (1,) * (r - len(b)) + tuple(b)
    out = []
    for x, y in zip(a, b):
        if x != y and x != 1 and y != 1:
            return None
        out.append(max(x, y) if 1 in (x, y) else x)
    return tuple(out)


def promote(x, y):
    """The result dtype of a float binary op of x and y (PyTorch's rule: a 0-d tensor does not widen)."""
    if x.dtype == y.dtype:
        return x.dtype
    if bool(x.shape) != bool(y.shape):
        return (x if x.shape else y).dtype
    return "f32"


def shp(s):
    """A shape as Python source: (4, 8) -> '(4, 8)', (3,) -> '(3,)'."""
    return "(" + ", ".join(str(d) for d in s) + ("," if len(s) == 1 else "") + ")"


class Val:
    __slots__ = ("name", "shape", "dtype", "hi")

    def __init__(self, name, shape, dtype, hi=None):
        self.name, self.shape, self.dtype, self.hi = name, tuple(shape), dtype, hi


class Program:
    """inputs: dicts (name, shape, dtype, kind, layout, scale, hi); stmts: dicts (name, src, shape, dtype);
    outputs: names. source() is the runnable text."""

    def __init__(self, seed, inputs, stmts, outputs, note=""):
        self.seed, self.inputs, self.stmts, self.outputs, self.note = seed, inputs, stmts, outputs, note

    def copy(self):
        return Program(self.seed, [dict(i) for i in self.inputs], [dict(s) for s in self.stmts],
                       list(self.outputs), self.note)

    def _base(self, i):
        s, lay = list(i["shape"]), i["layout"]
        if lay == "t":
            s[-1], s[-2] = s[-2], s[-1]
        elif lay == "stride":
            s[-1] *= 2
        elif lay == "offset":
            s[0] += 1
        elif lay.startswith("expand"):
            s[int(lay[6:])] = 1
        return tuple(s)

    def _view(self, i, b):
        lay = i["layout"]
        if lay == "t":
            return f"{b}.transpose(-1, -2)"
        if lay == "stride":
            return f"{b}[..., ::2]"
        if lay == "offset":
            return f"{b}[1:]"
        if lay.startswith("expand"):
            return f"{b}.expand{shp(i['shape'])}"
        return b

    def _make(self, i):
        s, dt, k = shp(self._base(i)), i["dtype"], i["kind"]
        if k == "float":
            t = f"torch.randn({s}, generator=g, dtype={TORCH_DT[dt]})"
            return t + (f" * {i['scale']!r}" if i["scale"] != 1 else "")
        if k == "index":
            return f"torch.randint(0, {i['hi']}, {s}, generator=g)"
        if k == "int":
            return f"torch.randint(-8, 9, {s}, generator=g, dtype={TORCH_DT[dt]})"
        if k == "zeros":
            return f"torch.zeros({s}, dtype={TORCH_DT[dt]})"
        return f"torch.rand({s}, generator=g) > 0.5"  # bool

    def source(self):
        names = [i["name"] for i in self.inputs]
        bases = ["b" + n[1:] for n in names]
        # DEV: where f's own tensors (masks from arange/ones) are made, the inputs' device (the runner sets the
        # default device before it loads the program); Dynamo sees it as a constant
        L = ["import torch", "import torch.nn.functional as F", "", "DEV = torch.get_default_device()", "", ""]
        if self.note:
            L[2:2] = [f"# {ln}" for ln in self.note.splitlines()]
        L.append("def make_inputs(g):")
        L.append("    return [")
        for i in self.inputs:
            L.append(f"        {self._make(i)},")
        L.append("    ]")
        state = [k for k, i in enumerate(self.inputs) if i.get("state")]
        if state:  # inputs the program writes in place (a module's buffers): the runner never makes them
            L += ["", "", f"STATE = {state}"]  # require grad and compares their values after the call too
        if any("_mask(" in st["src"] for st in self.stmts):  # Gen.factory_graph's mask: a graph of its own
            L += ["", "", "def _mask(n, m):", "    torch._dynamo.graph_break()",
                  "    return torch.arange(m, device=DEV)[None, :] <= torch.arange(n, device=DEV)[:, None]"]
        L += ["", "", f"def views({', '.join(bases)}):"]
        L.append(f"    return [{', '.join(self._view(i, b) for i, b in zip(self.inputs, bases))}]")
        L += ["", "", f"def f({', '.join(names)}):"]
        for s in self.stmts:
            L.append(f"    {s['name']} = {s['src']}")
        outs = ", ".join(self.outputs)
        L.append(f"    return {outs}{',' if len(self.outputs) == 1 else ''}")
        return "\n".join(L) + "\n"

    def dce(self):
        """Drops statements nothing reads and inputs nothing reads."""
        live = set(self.outputs)
        keep = []
        for s in reversed(self.stmts):
            if s["name"] in live or s.get("writes"):  # a write of a state input is an effect
                keep.append(s)
                live |= set(re.findall(r"\b[av]\d+\b", s["src"]))
        self.stmts = keep[::-1]
        self.inputs = [i for i in self.inputs if i["name"] in live]


class Gen:
    def __init__(self, seed, stmts=None, pool=None):
        self.seed = seed
        r = random.Random(seed)
        self.pool = list(pool) if pool else [r.choice(POOL_SIZES) for _ in range(4)]
        self.n_stmts = stmts if stmts is not None else r.randint(2, 9)
        self.out_rng = random.Random(seed * 7919 + 17)
        self.inputs, self.stmts, self.vals = [], [], []
        self.n_in = 0
        self.backward_ok = True

    # ---- values
    def dim(self, r):
        return r.choice(self.pool)

    def shape(self, r, rank=None):
        for _ in range(20):
            k = r.randint(1, 4) if rank is None else rank
            s = tuple(self.dim(r) for _ in range(k))
            if numel(s) <= MAX_NUMEL:
                return s
        return tuple(min(self.pool) for _ in range(rank or 2))

    def new_input(self, r, shape, dtype="f32", kind="float", hi=None, layout=None):
        name = f"a{self.n_in}"
        self.n_in += 1
        if layout is None:
            lays = ["contig"] * 5
            if kind == "float":
                if len(shape) >= 2:
                    lays += ["t", "t"]
                if shape:
                    lays += ["stride", "offset"]
                    big = [k for k, d in enumerate(shape) if d > 1]
                    if big:
                        lays.append(f"expand{r.choice(big)}")
            layout = r.choice(lays)
        scale = r.choice((1, 1, 1, 1, 3.0, 100.0, 1000.0)) if kind == "float" else 1
        self.inputs.append(dict(name=name, shape=tuple(shape), dtype=dtype, kind=kind, layout=layout,
                                scale=scale, hi=hi))
        v = Val(name, shape, "i64" if kind == "index" else dtype, hi)
        self.vals.append(v)
        return v

    def pick(self, r, pred=lambda v: True, recent=0.6):
        c = [v for v in self.vals if pred(v)]
        if not c:
            return None
        if r.random() < recent:
            return c[-1]
        return r.choice(c)

    def floatv(self, r):
        v = self.pick(r, lambda v: v.dtype in FLOAT and v.shape)
        if v is None:
            v = self.new_input(r, self.shape(r))
        return v

    def bcast_partner_shape(self, r, s):
        s = list(s)
        if s and r.random() < 0.3:
            s = s[r.randint(1, len(s)):] if len(s) > 1 else s
        return tuple(1 if (d > 1 and r.random() < 0.25) else d for d in s)

    def partner(self, r, x, dtype=None):
        """A value broadcastable with x (an existing one or a new input)."""
        dtype = dtype or x.dtype

        def ok(v):
            b = bcast(v.shape, x.shape)
            return v is not x and v.dtype in (FLOAT if dtype in FLOAT else (dtype,)) and b == x.shape
        if r.random() < 0.5:
            v = self.pick(r, ok, recent=0.3)
            if v is not None:
                return v
        return self.new_input(r, self.bcast_partner_shape(r, x.shape), dtype if dtype in FLOAT else dtype,
                              kind="float" if dtype in FLOAT else ("bool" if dtype == "bool" else "int"))

    def add(self, src, shape, dtype, hi=None):
        name = f"v{len(self.stmts)}"
        self.stmts.append(dict(name=name, src=src, shape=tuple(shape), dtype=dtype))
        self.vals.append(Val(name, shape, dtype, hi))

    # ---- ops: each returns True when it emitted a statement
    UNARY = ["torch.relu({x})", "-{x}", "torch.abs({x})", "torch.exp({x})", "torch.log(torch.abs({x}) + 1)",
             "torch.sqrt(torch.abs({x}))", "torch.rsqrt(torch.abs({x}) + 0.5)", "torch.reciprocal(torch.abs({x}) + 0.5)",
             "torch.tanh({x})", "torch.sigmoid({x})", "torch.erf({x})", "F.gelu({x})", "F.gelu({x}, approximate='tanh')",
             "F.silu({x})", "torch.sin({x})", "torch.cos({x})", "torch.clamp({x}, -0.5, 0.5)", "{x}.clamp(min=0.1)",
             "{x} * {x}", "torch.pow(torch.abs({x}) + 0.1, 1.5)", "F.leaky_relu({x}, 0.1)", "F.hardtanh({x})",
             "F.softplus({x})", "F.elu({x})", "F.hardswish({x})", "torch.sign({x})", "{x} ** 2"]
    SCALARS = ("0.5", "2.0", "-3.0", "1e-3", "100.0", "3", "-1")

    def op_unary(self, r):
        x = self.floatv(r)
        self.add(r.choice(self.UNARY).format(x=x.name), x.shape, x.dtype)
        return True

    def op_discrete(self, r):  # floor/round of an input only: a computed value near a step would be noise
        x = self.pick(r, lambda v: v.name.startswith("a") and v.dtype in FLOAT and v.shape)
        if x is None:
            return False
        self.add(f"torch.{r.choice(('floor', 'ceil', 'round', 'trunc'))}({x.name} * 4)", x.shape, x.dtype)
        return True

    def op_scalar(self, r):
        x = self.floatv(r)
        c = r.choice(self.SCALARS)
        src = r.choice(("{x} * {c}", "{x} + {c}", "{c} - {x}", "{x} / {c}", "{x} - {c}")).format(x=x.name, c=c)
        self.add(src, x.shape, x.dtype)
        return True

    def op_binary(self, r):
        x = self.floatv(r)
        y = self.partner(r, x)
        out = bcast(x.shape, y.shape)
        dt = promote(x, y)
        f = r.choice(("{x} + {y}", "{x} - {y}", "{x} * {y}", "{x} / (torch.abs({y}) + 0.5)", "torch.maximum({x}, {y})",
                      "torch.minimum({x}, {y})", "torch.add({x}, {y}, alpha=2)"))
        if r.random() < 0.5:
            x, y = y, x
        self.add(f.format(x=x.name, y=y.name), out, dt)
        return True

    def op_int(self, r):
        x = self.pick(r, lambda v: v.dtype in ("i32", "i64") and v.shape)
        if x is None:
            x = self.new_input(r, self.shape(r), r.choice(("i32", "i64")), kind="int")
        k = r.randint(0, 4)
        if k == 0:
            y = self.partner(r, x)
            self.add(f"{x.name} {r.choice(('+', '*', '-'))} {y.name}", bcast(x.shape, y.shape),
                     x.dtype if x.dtype == y.dtype else "i64")
        elif k == 1:
            self.add(f"{x.name}.float() * 0.5", x.shape, "f32")
        elif k == 2:
            d = r.randrange(len(x.shape))
            self.add(f"{x.name}.sum({d})", x.shape[:d] + x.shape[d + 1:], "i64")
        elif k == 3:
            self.add(f"torch.cumsum({x.name}, {r.randrange(len(x.shape))})", x.shape, "i64")
        else:
            self.add(f"torch.remainder({x.name}, 3)", x.shape, x.dtype)
        return True

    def mask(self, r, shape):
        """Source of a bool mask broadcastable to shape (an expression; new statements as needed)."""
        k = r.randint(0, 3)
        if len(shape) >= 2 and k <= 1:
            n, m = shape[-2], shape[-1]
            if k == 0:
                return f"torch.ones({n}, {m}, dtype=torch.bool, device=DEV).tril()"
            return f"(torch.arange({m}, device=DEV)[None, :] <= torch.arange({n}, device=DEV)[:, None])"
        if k == 2:
            y = self.partner(r, Val("?", shape, "f32"))
            return f"({y.name} > {r.choice(('0', '0.5', '-0.5'))})"
        y = self.pick(r, lambda v: v.dtype == "bool" and bcast(v.shape, shape) == tuple(shape))
        if y is not None:
            return y.name
        y = self.new_input(r, self.bcast_partner_shape(r, shape), "bool", kind="bool")
        return y.name

    def op_compare(self, r):
        x = self.floatv(r)
        if r.random() < 0.5:
            y = self.partner(r, x)
            self.add(f"{x.name} {r.choice(('>', '<', '>=', '<='))} {y.name}", bcast(x.shape, y.shape), "bool")
        else:
            self.add(f"{x.name} {r.choice(('>', '<'))} {r.choice(('0', '0.5'))}", x.shape, "bool")
        return True

    def op_bool(self, r):
        x = self.pick(r, lambda v: v.dtype == "bool" and v.shape)
        if x is None:
            return False
        k = r.randint(0, 3)
        if k == 0:
            self.add(f"~{x.name}", x.shape, "bool")
        elif k == 1:
            m = self.mask(r, x.shape)
            self.add(f"{x.name} {r.choice(('&', '|'))} {m}", x.shape, "bool")
        elif k == 2:
            meth, dt = r.choice((("float()", "f32"), ("to(torch.int32)", "i32"), ("long()", "i64"), ("half()", "f16")))
            self.add(f"{x.name}.{meth}", x.shape, dt)
        else:
            d = r.randrange(len(x.shape))
            self.add(f"{x.name}.{r.choice(('any', 'all'))}({d})", x.shape[:d] + x.shape[d + 1:], "bool")
        return True

    def op_where(self, r):
        x = self.floatv(r)
        m = self.mask(r, x.shape)
        if r.random() < 0.5:
            y = self.partner(r, x)
            self.add(f"torch.where({m}, {x.name}, {y.name})", bcast(x.shape, y.shape), promote(x, y))
        else:
            c = r.choice(("0.0", "-1e4", "1.0"))
            self.add(f"torch.where({m}, {x.name}, {c})", x.shape, x.dtype)
        return True

    def op_masked_fill(self, r):
        x = self.floatv(r)
        m = self.mask(r, x.shape)
        c = r.choice(("0.0", "-1e4", "-1e9", "3.5"))
        self.add(f"{x.name}.masked_fill({m}, {c if x.dtype == 'f32' else '-1e4'})", x.shape, x.dtype)
        return True

    def op_masked_softmax(self, r):  # the attention pattern: causal mask, -inf, softmax over the last dim
        x = self.pick(r, lambda v: v.dtype in FLOAT and len(v.shape) >= 2)
        if x is None:
            x = self.new_input(r, self.shape(r, r.randint(2, 4)))
        n, m = x.shape[-2], x.shape[-1]
        mk = (f"torch.ones({n}, {m}, dtype=torch.bool, device=DEV).tril()" if r.random() < 0.5
              else f"(torch.arange({m}, device=DEV)[None, :] <= torch.arange({n}, device=DEV)[:, None])")
        sc = r.choice(("", " * 0.125"))
        self.add(f"torch.softmax(({x.name}{sc}).masked_fill(~{mk}, float('-inf')), dim=-1)", x.shape, x.dtype)
        return True

    def dims_subset(self, r, rank):
        k = r.randint(1, rank)
        ds = sorted(r.sample(range(rank), k))
        return [d - rank if r.random() < 0.3 else d for d in ds]

    def op_reduce(self, r):
        x = self.floatv(r)
        rank = len(x.shape)
        op = r.choice(("sum", "mean", "amax", "amin", "var", "sum", "mean", "std", "all"))
        keep = r.random() < 0.5
        if op == "all":
            op = r.choice(("sum", "mean", "amax"))
            self.add(f"{x.name}.{op}()", (), x.dtype)
            return True
        ds = self.dims_subset(r, rank)
        pos = {d % rank for d in ds}
        out = tuple((1 if i in pos else d) for i, d in enumerate(x.shape) if keep or i not in pos)
        dimsrc = str(ds[0]) if len(ds) == 1 and r.random() < 0.5 else "(" + ", ".join(map(str, ds)) + ("," if len(ds) == 1 else "") + ")"
        kw = ", keepdim=True" if keep else ""
        if op in ("var", "std"):
            kw += r.choice(("", ", correction=0", ", unbiased=False"))
        self.add(f"{x.name}.{op}({'dim=' + dimsrc}{kw})", out, x.dtype)
        return True

    def op_softmax(self, r):
        x = self.floatv(r)
        rank = len(x.shape)
        d = r.randrange(-rank, rank)
        op = r.choice(("torch.softmax", "torch.log_softmax", "F.softmax", "logsumexp"))
        if op == "logsumexp":
            ds = self.dims_subset(r, rank)
            keep = r.random() < 0.5
            pos = {k % rank for k in ds}
            out = tuple((1 if i in pos else s) for i, s in enumerate(x.shape) if keep or i not in pos)
            self.add(f"torch.logsumexp({x.name}, dim={tuple(ds) if len(ds) > 1 else ds[0]}, keepdim={keep})",
                     out, x.dtype)
        else:
            self.add(f"{op}({x.name}, dim={d})", x.shape, x.dtype)
        return True

    def op_cumsum(self, r):
        x = self.floatv(r)
        self.add(f"torch.cumsum({x.name}, dim={r.randrange(-len(x.shape), len(x.shape))})", x.shape, x.dtype)
        return True

    def op_maxdim(self, r):
        x = self.floatv(r)
        d = r.randrange(len(x.shape))
        keep = r.random() < 0.5
        out = tuple((1 if i == d else s) for i, s in enumerate(x.shape) if keep or i != d)
        if r.random() < 0.7:
            self.add(f"{x.name}.{r.choice(('max', 'min'))}(dim={d}, keepdim={keep}).values", out, x.dtype)
        else:
            x = self.pick(r, lambda v: v.name.startswith("a") and v.dtype in FLOAT and v.shape) or x
            d = r.randrange(len(x.shape))
            out = tuple((1 if i == d else s) for i, s in enumerate(x.shape) if keep or i != d)
            self.add(f"{x.name}.argmax(dim={d}, keepdim={keep})", out, "i64")
        return True

    def op_view(self, r):
        x = self.pick(r, lambda v: v.shape)
        if x is None:
            return False
        s, rank = list(x.shape), len(x.shape)
        k = r.randint(0, 10)
        n = x.name
        if k == 0 and rank >= 2:
            p = list(range(rank))
            r.shuffle(p)
            self.add(f"{n}.permute{shp(p)}", [s[i] for i in p], x.dtype)
        elif k == 1 and rank >= 2:
            a, b = r.sample(range(rank), 2)
            s[a], s[b] = s[b], s[a]
            self.add(f"{n}.transpose({a}, {b})", s, x.dtype)
        elif k == 2:
            self.add(f"{n}.reshape(-1)", (numel(s),), x.dtype)
        elif k == 3 and rank >= 2:
            i = r.randrange(rank - 1)
            self.add(f"{n}.reshape{shp(s[:i] + [s[i] * s[i + 1]] + s[i + 2:])}", s[:i] + [s[i] * s[i + 1]] + s[i + 2:], x.dtype)
        elif k == 4:
            ds = [i for i, d in enumerate(s) if d % 2 == 0 or d % 3 == 0]
            if not ds:
                return False
            i = r.choice(ds)
            f = 2 if s[i] % 2 == 0 else 3
            ns = s[:i] + [f, s[i] // f] + s[i + 1:]
            self.add(f"{n}.reshape{shp(ns)}", ns, x.dtype)
        elif k == 5:
            d = r.randint(0, rank)
            self.add(f"{n}.unsqueeze({d})", s[:d] + [1] + s[d:], x.dtype)
        elif k == 6:
            ones = [i for i, d in enumerate(s) if d == 1]
            if ones:
                d = r.choice(ones)
                self.add(f"{n}.squeeze({d})", s[:d] + s[d + 1:], x.dtype)
            else:
                big = [i for i, d in enumerate(s) if d > 1]
                if not big:
                    return False
                d = r.choice(big)
                a = r.randrange(s[d])
                b = r.randint(a + 1, s[d])
                idx = "[" + ":, " * d + f"{a}:{b}]"
                if r.random() < 0.3 and s[d] > 2:
                    idx = "[" + ":, " * d + "::2]"
                    s[d] = (s[d] + 1) // 2
                elif r.random() < 0.3:
                    idx = "[" + "..., " + f"{a - s[d]}:]" if d == rank - 1 else idx
                    s[d] = (s[d] - a) if d == rank - 1 else b - a
                else:
                    s[d] = b - a
                self.add(f"{n}{idx}", s, x.dtype)
        elif k == 7:
            d = r.randrange(rank)
            i = r.randrange(s[d])
            self.add(f"{n}.select({d}, {i})" if r.random() < 0.5 else f"{n}[{':, ' * d}{i}]", s[:d] + s[d + 1:], x.dtype)
        elif k == 8:
            ones = [i for i, d in enumerate(s) if d == 1]
            if not ones:
                ns = [self.dim(r)] + s
                if numel(ns) > MAX_NUMEL:
                    return False
                self.add(f"{n}.unsqueeze(0).expand{shp(ns)}", ns, x.dtype)
            else:
                for i in ones:
                    s[i] = self.dim(r)
                if numel(s) > MAX_NUMEL:
                    return False
                self.add(f"{n}.expand{shp(s)}", s, x.dtype)
        elif k == 9:
            d = r.randrange(rank)
            y = self.pick(r, lambda v: v.dtype == x.dtype and len(v.shape) == rank and
                          all(a == b for j, (a, b) in enumerate(zip(v.shape, s)) if j != d)) or x
            s2 = list(s)
            s2[d] += y.shape[d]
            if numel(s2) > MAX_NUMEL:
                return False
            self.add(f"torch.cat([{n}, {y.name}], dim={d})", s2, x.dtype)
        elif k == 10:
            if rank < 1 or s[0] < 2:
                return False
            c = r.choice((2, 3))
            sz = -(-s[0] // c)
            pieces = [min(sz, s[0] - i) for i in range(0, s[0], sz)]
            j = r.randrange(len(pieces))
            self.add(f"torch.chunk({n}, {c})[{j}]", [pieces[j]] + s[1:], x.dtype)
        else:
            self.add(f"{n}.contiguous()", s, x.dtype)
        return True

    def op_index(self, r):
        k = r.randint(0, 4)
        if k == 3:
            return self.op_advanced_index(r)
        if k == 4:
            return self.op_as_strided(r)
        if k == 0:
            x = self.floatv(r)
            d = r.randrange(len(x.shape))
            n = self.dim(r)
            idx = self.new_input(r, (n,), kind="index", hi=x.shape[d])
            self.add(f"torch.index_select({x.name}, {d}, {idx.name})", x.shape[:d] + (n,) + x.shape[d + 1:], x.dtype)
        elif k == 1:
            x = self.floatv(r)
            d = r.randrange(len(x.shape))
            ishape = tuple(self.dim(r) if i == d else (s if r.random() < 0.8 else max(1, s // 2))
                           for i, s in enumerate(x.shape))
            if numel(ishape) > MAX_NUMEL:
                return False
            idx = self.new_input(r, ishape, kind="index", hi=x.shape[d])
            self.add(f"torch.gather({x.name}, {d}, {idx.name})", ishape, x.dtype)
        else:
            w = self.pick(r, lambda v: v.dtype in FLOAT and len(v.shape) == 2)
            if w is None or r.random() < 0.4:
                w = self.new_input(r, (self.dim(r), self.dim(r)), layout="contig")
            ishape = self.shape(r, r.randint(1, 2))
            idx = self.new_input(r, ishape, kind="index", hi=w.shape[0])
            self.add(f"F.embedding({idx.name}, {w.name})", ishape + (w.shape[1],), w.dtype)
        return True

    def op_advanced_index(self, r):
        """x[i], x[:, i], x[i, :, j] (aten.index.Tensor): one or two index tensors of broadcastable shapes over
        chosen dims; the broadcast shape where the indexed dims are adjacent, else in front."""
        x = self.floatv(r)
        rank = len(x.shape)
        dims = sorted(r.sample(range(rank), r.randint(1, min(2, rank))))
        bshape = self.shape(r, r.randint(1, 2))
        idx = []
        for d in dims:
            ishape = tuple(b if r.random() < 0.7 else 1 for b in bshape)
            idx.append(self.new_input(r, ishape, kind="index", hi=x.shape[d]))
        bshape = tuple(max(sz) for sz in zip(*(i.shape for i in idx)))  # the indices' broadcast shape
        rest = [x.shape[d] for d in range(rank) if d not in dims]
        if dims == list(range(dims[0], dims[-1] + 1)):
            out = x.shape[:dims[0]] + tuple(bshape) + x.shape[dims[-1] + 1:]
        else:
            out = tuple(bshape) + tuple(rest)
        if numel(out) > MAX_NUMEL:
            return False
        sub = [idx[dims.index(d)].name if d in dims else ":" for d in range(dims[-1] + 1)]
        self.add(f"{x.name}[{', '.join(sub)}]", out, x.dtype)
        return True

    def op_as_strided(self, r):
        """torch.as_strided over a contiguous value (storage = its elements): row-major windows, steps,
        overlaps, 0 strides, an offset, all inside the value."""
        x = self.floatv(r)
        n = numel(x.shape)
        for _ in range(10):
            size = self.shape(r, r.randint(1, 3))
            if r.random() < 0.5:
                stride, acc = [], 1
                for d in reversed(size):
                    stride.append(acc)
                    acc *= d
                stride.reverse()
            else:
                stride = [r.randint(0, 3) for _ in size]
            span = sum((d - 1) * st for d, st in zip(size, stride))
            if span < n:
                off = r.randint(0, n - 1 - span)
                self.add(f"torch.as_strided({x.name}.contiguous(), {shp(size)}, {shp(stride)}, {off})", size, x.dtype)
                return True
        return False

    def op_matmul(self, r):
        x = self.pick(r, lambda v: v.dtype == "f32" and v.shape)
        if x is None:
            x = self.new_input(r, self.shape(r, r.randint(1, 3)))
        K, N = x.shape[-1], self.dim(r)
        k = r.randint(0, 4)
        epi = r.choice(("{}", "{}", "torch.relu({})", "F.gelu({})", "{} * 0.5"))
        if k == 0 and len(x.shape) == 3 and numel(x.shape[:2] + (N,)) <= MAX_NUMEL:
            w = self.new_input(r, (x.shape[0], K, N))
            self.add(epi.format(f"torch.bmm({x.name}, {w.name})"), x.shape[:2] + (N,), "f32")
        elif k == 1 and len(x.shape) == 2:
            w = self.new_input(r, (K, N))
            b = self.new_input(r, r.choice(((N,), (x.shape[0], N), (1, N))))
            self.add(epi.format(f"torch.addmm({b.name}, {x.name}, {w.name})"), (x.shape[0], N), "f32")
        elif k == 2:
            w = self.new_input(r, (N, K))
            b = self.new_input(r, (N,)) if r.random() < 0.7 else None
            self.add(epi.format(f"F.linear({x.name}, {w.name}{', ' + b.name if b else ''})"), x.shape[:-1] + (N,), "f32")
        elif k == 3 and len(x.shape) >= 2:  # x @ x^T (attention scores)
            M = x.shape[-2]
            if numel(x.shape[:-1] + (M,)) > MAX_NUMEL:
                return False
            self.add(epi.format(f"{x.name} @ {x.name}.transpose(-1, -2)"), x.shape[:-1] + (M,), "f32")
        else:
            w = self.new_input(r, (K, N) if r.random() < 0.8 else (K,))
            out = x.shape[:-1] + ((N,) if len(w.shape) == 2 else ())
            if len(x.shape) == 1 and len(w.shape) == 1:
                out = ()
            if numel(out) > MAX_NUMEL:
                return False
            src = f"{x.name} @ {w.name}"
            if out and len(w.shape) == 2 and r.random() < 0.5:
                b = self.new_input(r, (N,))
                src = f"({src} + {b.name})"
            self.add(epi.format(src), out, "f32")
        return True

    def op_norm(self, r):
        x = self.pick(r, lambda v: v.dtype == "f32" and v.shape)
        if x is None:
            x = self.new_input(r, self.shape(r))
        k = 2 if len(x.shape) >= 2 and r.random() < 0.2 else 1
        ns = x.shape[-k:]
        if r.random() < 0.7:
            w, b = self.new_input(r, ns), self.new_input(r, ns)
            self.add(f"F.layer_norm({x.name}, {shp(ns)}, {w.name}, {b.name})", x.shape, "f32")
        elif r.random() < 0.5:
            self.add(f"F.layer_norm({x.name}, {shp(ns)})", x.shape, "f32")
        else:
            w = self.new_input(r, ns)
            self.add(f"F.rms_norm({x.name}, {shp(ns)}, {w.name}, eps=1e-6)", x.shape, "f32")
        return True

    def op_model(self, r):
        """Ops of the vision and sequence models' graphs: group / batch norm (training statistics, the
        running ones updated in place, and inference), nearest / bilinear upsampling, average pooling,
        constant padding, flip, roll, triangular masks of values, vector norms, losses, einsum, repeat."""
        x = self.pick(r, lambda v: v.dtype == "f32" and len(v.shape) >= 2)
        if x is None:
            x = self.new_input(r, self.shape(r, r.randint(2, 4)))
        s, rank = x.shape, len(x.shape)
        k = r.randrange(13)
        if k == 0 and rank >= 3:  # group norm over (N, C, *): C split into groups of more than one value
            c = s[1]
            gs = [d for d in (1, 2, 4, c) if c % d == 0 and numel(s[1:]) // d > 1]
            if not gs:
                return False
            g = r.choice(gs)
            w, b = self.new_input(r, (c,)), self.new_input(r, (c,))
            self.add(f"F.group_norm({x.name}, {g}, {w.name}, {b.name})", s, "f32")
        elif k == 1 and rank >= 2 and numel(s) > s[1]:  # batch norm: training statistics or running ones
            c = s[1]
            rm, rv = self.new_input(r, (c,), layout="contig"), self.new_input(r, (c,), layout="contig")
            train = r.random() < 0.6
            rv_src = f"{rv.name}.abs() + 0.5"
            self.add(f"F.batch_norm({x.name}, {rm.name}.detach().clone(), ({rv_src}).detach(), training={train})",
                     s, "f32")
        elif k == 2 and rank == 4:  # upsampling
            mode = r.choice(("nearest", "bilinear"))
            extra = ", align_corners=False" if mode == "bilinear" else ""
            self.add(f"F.interpolate({x.name}, scale_factor=2, mode='{mode}'{extra})",
                     s[:2] + (s[2] * 2, s[3] * 2), "f32")
        elif k == 3 and rank == 4:  # pooling: 2x2 windows (floor), or to 1x1
            if r.random() < 0.5 and s[2] >= 2 and s[3] >= 2:
                self.add(f"F.avg_pool2d({x.name}, 2)", s[:2] + (s[2] // 2, s[3] // 2), "f32")
            else:
                self.add(f"F.adaptive_avg_pool2d({x.name}, 1)", s[:2] + (1, 1), "f32")
        elif k == 4:  # constant padding of the last dim (both sides)
            lo, hi = r.randint(0, 2), r.randint(1, 3)
            self.add(f"F.pad({x.name}, ({lo}, {hi}), value={r.choice(('0.0', '-1.0'))})", s[:-1] + (s[-1] + lo + hi,), "f32")
        elif k == 5:
            d = r.randrange(rank)
            self.add(f"torch.flip({x.name}, dims=({d},))", s, "f32")
        elif k == 6:
            d = r.randrange(rank)
            self.add(f"torch.roll({x.name}, shifts={r.randint(1, 3)}, dims={d})", s, "f32")
        elif k == 7:
            self.add(f"torch.{r.choice(('tril', 'triu'))}({x.name}, diagonal={r.randint(-1, 1)})", s, "f32")
        elif k == 8:  # vector norms over the last dim or all
            ordv = r.choice(("2", "1", "float('inf')"))
            if r.random() < 0.5:
                self.add(f"torch.linalg.vector_norm({x.name}, ord={ordv}, dim=-1)", s[:-1], "f32")
            else:
                self.add(f"torch.linalg.vector_norm({x.name}, ord={ordv})", (), "f32")
        elif k == 9:  # losses: mse against a partner, cross entropy of rows against valid classes
            if r.random() < 0.5:
                y = self.partner(r, x, "f32")
                if bcast(x.shape, y.shape) != x.shape or tuple(y.shape) != tuple(x.shape):
                    y = self.new_input(r, s)
                self.add(f"F.mse_loss({x.name}, {y.name})", (), "f32")
            else:
                n, c = numel(s[:-1]), s[-1]
                t = self.new_input(r, (n,), "i64", kind="index", hi=c)
                red = r.choice(("mean", "sum", "none"))
                self.add(f"F.cross_entropy({x.name}.reshape({n}, {c}), {t.name}, reduction='{red}')",
                         (n,) if red == "none" else (), "f32")
        elif k == 10 and rank >= 2:  # einsum: a batched contraction of the last dim with a new weight
            m = self.dim(r)
            w = self.new_input(r, (s[-1], m))
            letters = "abcd"[:rank - 1]
            self.add(f"torch.einsum('{letters}k,kn->{letters}n', {x.name}, {w.name})", s[:-1] + (m,), "f32")
        elif k == 11:  # repeat along the first dim
            n = r.randint(2, 3)
            if numel(s) * n > MAX_NUMEL:
                return False
            self.add(f"{x.name}.repeat({n}{', 1' * (rank - 1)})", (s[0] * n,) + s[1:], "f32")
        elif k == 12 and rank >= 2:  # a scatter-add of rows at valid indices (index_add)
            i = self.new_input(r, (s[0],), "i64", kind="index", hi=s[0])
            self.add(f"torch.zeros_like({x.name}).index_add(0, {i.name}, {x.name})", s, "f32")
        else:
            return False
        return True

    def op_cast(self, r):
        x = self.pick(r, lambda v: v.shape and v.dtype in FLOAT)
        if x is None:
            return False
        if x.dtype == "f32":
            t = r.choice(("f16", "f16", "bf16"))
            name = {"f16": "half", "bf16": "bfloat16"}[t]
            if r.random() < 0.5:  # a round trip: computed in the low precision, back to f32
                op = r.choice(("torch.relu({})", "({} * 2)", "({} + 1)", "torch.sigmoid({})", "{}.sum(-1, keepdim=True)"))
                s = x.shape[:-1] + (1,) if "sum" in op else x.shape
                self.add(op.format(f"{x.name}.{name}()") + ".float()", s, "f32")
            else:
                self.add(f"{x.name}.to({TORCH_DT[t]})", x.shape, t)
        else:
            self.add(f"{x.name}.float()", x.shape, "f32")
        return True

    OPS = [("unary", 14), ("scalar", 8), ("binary", 14), ("compare", 3), ("bool", 3), ("where", 4),
           ("masked_fill", 3), ("masked_softmax", 3), ("reduce", 10), ("softmax", 6), ("cumsum", 2), ("maxdim", 2),
           ("view", 14), ("index", 4), ("matmul", 6), ("norm", 3), ("cast", 4), ("int", 2), ("discrete", 1),
           ("model", 6)]

    WRITES = ("{a}.copy_({x})", "{a}.add_({x})", "{a}.mul_(0.9).add_({x}, alpha=0.1)", "{a}.mul_({x})",
              "{a}.clamp_(min=-0.5)", "{a}.add_(1)")
    INT_WRITES = ("{a}.copy_({x})", "{a}.add_({x})", "{a}.add_(1)")  # an int64 input: no float factor, no clamp

    def write_state(self, r):
        """A quarter of the programs also write an input in place, as a module writes its buffers (batch
        norm's running statistics, a counter, a cache): a new input marked state (STATE in the source: it
        never requires grad; the runner compares its value after the call too), float or int64, plain,
        transposed, strided or offset (never expanded: a write to it is an error), written from a value of
        the program (detached half the time, so that AOTAutograd keeps the write in the graph in the
        backward variant too) or a constant, and read again after the write half the time. Drawn from its
        own generator after the statements: every other statement of a seed is the same as without it."""
        if r.random() >= 0.25 or not self.stmts:
            return
        x = self.pick(r, lambda v: v.shape and v.dtype in FLOAT + ("i64",) and v.name.startswith("v"))
        if x is None:
            return
        form = r.choice(self.WRITES if x.dtype in FLOAT else self.INT_WRITES)
        lays = ["contig", "contig"] + (["t"] if len(x.shape) >= 2 else []) + ["stride", "offset"]
        a = self.new_input(r, x.shape, x.dtype, kind="float" if x.dtype in FLOAT else "int", layout=r.choice(lays))
        self.inputs[-1]["state"] = True
        xs = f"{x.name}.detach()" if x.dtype in FLOAT and r.random() < 0.5 else x.name
        self.add(form.format(a=a.name, x=xs), x.shape, a.dtype)
        self.stmts[-1]["writes"] = a.name
        if r.random() < 0.5:  # read after the write: the new value
            w = self.stmts[-1]["name"]
            self.add(f"{w} * 2 + {a.name}" if a.dtype in FLOAT else f"{w} + {a.name}", x.shape, a.dtype)

    def factory_graph(self, r):
        """A tenth of the programs also mask their last value (rank >= 2) with a causal mask made by `_mask`, a
        function that breaks the graph first: Dynamo compiles the mask as a graph of its own with no tensor
        input at all, made on DEV from sizes alone (BART's attention mask under transformers 5: such a graph
        ran on the host under ind, device run 30). Drawn from its own generator after the statements: every
        other statement of a seed is the same as without it."""
        if r.random() >= 0.1 or not self.stmts:
            return
        x = self.vals[-1]
        if len(x.shape) < 2 or x.dtype not in FLOAT:
            return
        n, m = x.shape[-2], x.shape[-1]
        self.add(f"torch.where(_mask({n}, {m}), {x.name}, 0.0)", x.shape, x.dtype)

    def gen(self):
        r0 = random.Random(self.seed * 1000003 + 999)
        self.new_input(r0, self.shape(r0))
        for i in range(self.n_stmts):
            r = random.Random(self.seed * 1000003 + i)
            names, weights = zip(*self.OPS)
            for _ in range(20):
                op = r.choices(names, weights)[0]
                n_stmts, n_in, n_vals = len(self.stmts), len(self.inputs), len(self.vals)
                if getattr(self, "op_" + op)(r):
                    break
                del self.stmts[n_stmts:], self.inputs[n_in:], self.vals[n_vals:]
        self.write_state(random.Random(self.seed * 1000003 + 777))
        self.factory_graph(random.Random(self.seed * 1000003 + 555))
        # outputs: the last value and the other sinks (values no later statement reads), up to four, so that
        # little of the program is dead
        r = self.out_rng
        cands = [s["name"] for s in self.stmts]
        read = set()
        for s in self.stmts:
            read |= set(re.findall(r"\bv\d+\b", s["src"]))
        sinks = [c for c in cands[:-1] if c not in read]
        r.shuffle(sinks)
        outs = ([cands[-1]] if cands else [self.inputs[0]["name"]]) + sinks[:3]
        if cands and r.random() < 0.2:
            c = r.choice(cands)
            if c not in outs:
                outs.append(c)
        return Program(self.seed, self.inputs, self.stmts, outs)


def generate(seed, stmts=None, pool=None):
    """The program of seed (a Program). stmts / pool override the statement count and the dim pool."""
    return Gen(seed, stmts, pool).gen()


def main():
    import argparse
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("seed", type=int)
    ap.add_argument("--stmts", type=int)
    a = ap.parse_args()
    sys.stdout.write(generate(a.seed, a.stmts).source())


if __name__ == "__main__":
    main()
