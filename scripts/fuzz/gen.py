#!/usr/bin/python3
"""Seeded random generator of valid graph-dialect programs (docs/testing.md, "Random programs").

    scripts/fuzz/gen.py SEED [--ops N] [--max-numel N] [--dtypes f32,f16,...] [--json]

Writes one `func.func @prog` to stdout: a program that is valid by construction (every shape,
dtype and attribute follows docs/dialects/graph.md), so any rejection by ind-opt / ind-run is a
defect. The same SEED and options give the same program, byte for byte, on any machine
(random.Random(seed) only; no hash ordering, no time).

The op table OPS below is the one place that lists the dialect's ops: an op added to the dialect
is added to the generator by one line there (its name, its kind and, where the kind has them,
a dtype rule). The kinds are the shape/dtype families of docs/dialects/graph.md; each has one
builder method (`_build_<kind>`).

A header comment records the seed, options and the ops used, plus, per output, a tolerance
class (`// tol outK: eps=E disc=D`): E is the largest unit roundoff of any dtype in the output's
cone (f32 2^-24, f16 2^-11, bf16 2^-8), D is 1 when a discontinuous op (comparison, float->int
convert, where on a computed condition) is in the cone. scripts/fuzz/soak.py derives its
comparison tolerances from these lines.
"""
import argparse
import json
import random
import sys

FLOATS = ("f32", "f16", "bf16")
INTS = ("i32", "i64")
ALL_DTYPES = FLOATS + INTS + ("i1",)
EPS = {"f32": 2.0**-24, "f16": 2.0**-11, "bf16": 2.0**-8, "i32": 0.0, "i64": 0.0, "i1": 0.0}
# Ops whose result may be NaN or +-inf on the random inputs: converting such a value to an integer is
# undefined (C, LLVM's fptosi; ATen gives platform-specific values), so the generator never does.
NONFINITE = {"log", "sqrt", "rsqrt", "reciprocal", "div", "pow", "exp", "var", "log_softmax", "layer_norm", "rms_norm"}
SIZES = (1, 1, 2, 3, 4, 5, 7, 8, 16, 17, 32, 33, 64, 1023, 4097)

# ---- The op table: name -> (kind, rule). One line per op of dialects/graph/graph.irdl.mlir.
#   unary rule: "keep" (result dtype = input dtype) or "float" (integer inputs give f32)
#   binary rule: "arith" (promoted dtype), "div" (integers give f32), "cmp" (i1), "pow"
OPS = {
    "relu": ("unary", "keep"), "neg": ("unary", "keep"), "abs": ("unary", "keep"),
    "exp": ("unary", "float"), "log": ("unary", "float"), "sqrt": ("unary", "float"),
    "rsqrt": ("unary", "float"), "reciprocal": ("unary", "float"), "tanh": ("unary", "float"),
    "sigmoid": ("unary", "float"), "erf": ("unary", "float"), "gelu": ("gelu", "float"),
    "convert": ("convert", None),
    "add": ("binary", "arith"), "sub": ("binary", "arith"), "mul": ("binary", "arith"),
    "div": ("binary", "div"), "maximum": ("binary", "arith"), "minimum": ("binary", "arith"),
    "pow": ("binary", "pow"),
    "eq": ("binary", "cmp"), "ne": ("binary", "cmp"), "lt": ("binary", "cmp"),
    "le": ("binary", "cmp"), "gt": ("binary", "cmp"), "ge": ("binary", "cmp"),
    "where": ("where", None),
    "constant": ("constant", None),
    "sum": ("reduction", "any"), "prod": ("reduction", "any"), "amax": ("reduction", "any"),
    "amin": ("reduction", "any"), "mean": ("reduction", "float"), "var": ("reduction", "float"),
    "view": ("view", None), "reshape": ("reshape", None), "permute": ("permute", None),
    "transpose": ("transpose", None), "expand": ("expand", None), "squeeze": ("squeeze", None),
    "unsqueeze": ("unsqueeze", None), "slice": ("slice", None),
    "cat": ("cat", None), "contiguous": ("copy", None), "clone": ("copy", None),
    "softmax": ("softmax", None), "log_softmax": ("softmax", None),
    "layer_norm": ("norm", "layer"), "rms_norm": ("norm", "rms"), "linear": ("linear", None),
    "mm": ("mm", None), "bmm": ("bmm", None), "addmm": ("addmm", None),
}
# Relative weights of the kinds (ops of one kind share its weight).
KIND_WEIGHT = {
    "unary": 8, "gelu": 1, "convert": 2, "binary": 14, "where": 2, "constant": 1, "reduction": 6,
    "view": 1, "reshape": 1, "permute": 1, "transpose": 1, "expand": 1, "squeeze": 1, "unsqueeze": 1,
    "slice": 2, "cat": 1, "copy": 1, "softmax": 1, "norm": 1, "linear": 1, "mm": 1, "bmm": 1, "addmm": 1,
}


def fmt_float(x):
    """An MLIR float literal (MLIR wants a '.' before an exponent: 1.0e-05, not 1e-05)."""
    s = repr(float(x))
    if "e" in s and "." not in s.split("e")[0]:
        s = s.replace("e", ".0e")
    return s


def numel(shape):
    n = 1
    for d in shape:
        n *= d
    return n


def ttype(shape, dtype):
    return "tensor<" + "".join("%dx" % d for d in shape) + dtype + ">"


def category(dt):
    return 0 if dt == "i1" else 1 if dt in INTS else 2


def promote(a, b):
    """ATen result_type over dimensioned operands (both dimensioned, or both 0-d)."""
    ca, cb = category(a), category(b)
    if ca != cb:
        return a if ca > cb else b
    if a == b:
        return a
    if ca == 1:
        return "i64"
    return "f32"  # f16 with bf16, or anything with f32


def promote_vals(a, b):
    """Promotion with the 0-d rule: a 0-d operand only matters when its category is higher."""
    ra, rb = len(a.shape) == 0, len(b.shape) == 0
    if ra == rb:
        return promote(a.dtype, b.dtype)
    dim, zero = (b, a) if ra else (a, b)
    if category(zero.dtype) > category(dim.dtype):
        return zero.dtype  # docs/dialects/graph.md: its own dtype (a 0-d bf16 beside an i64 tensor gives bf16)
    return dim.dtype


def broadcast(a, b):
    r = max(len(a), len(b))
    a = (1,) * (r - len(a)) + tuple(a)
    b = (1,) * (r - len(b)) + tuple(b)
    out = []
    for x, y in zip(a, b):
        if x != y and x != 1 and y != 1:
            return None
        out.append(max(x, y))
    return tuple(out)


class Val:
    def __init__(self, name, shape, dtype, contig=True, eps=0.0, disc=False, is_arg=False, const=False):
        self.name, self.shape, self.dtype, self.contig = name, tuple(shape), dtype, contig
        self.eps = max(eps, EPS[dtype])
        self.disc, self.is_arg, self.const, self.uses = disc, is_arg, const, 0
        self.nf = False  # may hold NaN / inf (log, sqrt, div, ...): never converted to an integer


class Gen:
    def __init__(self, seed, n_ops=12, max_numel=1 << 15, dtypes=ALL_DTYPES, ops=None):
        self.r = random.Random(seed)
        self.seed, self.n_ops, self.max_numel = seed, n_ops, max_numel
        self.dtypes = tuple(d for d in dtypes if d in ALL_DTYPES) or ("f32",)
        self.float_dtypes = tuple(d for d in self.dtypes if d in FLOATS) or ("f32",)
        names = ops if ops else list(OPS)
        self.ops = [o for o in names if o in OPS]
        self.args, self.vals, self.lines, self.used_ops = [], [], [], set()
        self.counter = 0

    # ---- helpers
    def pick_dtype(self, floats_only=False):
        pool = self.float_dtypes if floats_only else tuple(d for d in self.dtypes if d != "i1") or ("f32",)
        # f32 most of the time: low precision everywhere makes every comparison loose.
        if "f32" in pool and self.r.random() < 0.6:
            return "f32"
        return self.r.choice(pool)

    def rand_shape(self, rank=None, budget=None):
        budget = budget or self.max_numel
        rank = self.r.choice((0, 1, 1, 2, 2, 2, 3, 3, 4)) if rank is None else rank
        shape = []
        for _ in range(rank):
            left = budget // max(1, numel(shape))
            cands = [s for s in SIZES if s <= left] or [1]
            shape.append(self.r.choice(cands))
        return tuple(shape)

    def new_arg(self, shape, dtype):
        v = Val("%%arg%d_1" % len(self.args), shape, dtype, is_arg=True)
        self.args.append(v)
        self.vals.append(v)
        return v

    def fresh(self):
        self.counter += 1
        return "%%v%d" % self.counter

    def emit(self, op, operands, attrs, shape, dtype, **kw):
        name = self.fresh()
        eps = max([o.eps for o in operands] + [0.0])
        disc = kw.pop("disc", False) or any(o.disc for o in operands)
        v = Val(name, shape, dtype, eps=eps, disc=disc, **kw)
        v.nf = op in NONFINITE or any(o.nf for o in operands)
        for o in operands:
            o.uses += 1
        a = (" {" + ", ".join(attrs) + "}") if attrs else ""
        self.lines.append('  %s = "graph.%s"(%s)%s : (%s) -> %s' % (
            name, op, ", ".join(o.name for o in operands), a, ", ".join(ttype(o.shape, o.dtype) for o in operands),
            ttype(shape, dtype)))
        self.vals.append(v)
        self.used_ops.add(op)
        return v

    def pick(self, pred=lambda v: True):
        """An existing value, biased to recent ones (chains) but reaching back (diamonds, multi-use)."""
        cands = [v for v in self.vals if pred(v)]
        if not cands:
            return None
        if self.r.random() < 0.55:
            return cands[-1] if self.r.random() < 0.5 else cands[max(0, len(cands) - 1 - self.r.randrange(3))]
        return self.r.choice(cands)

    def operand(self, pred=lambda v: True, rank=None, dtype=None, floats=False):
        v = self.pick(lambda v: pred(v) and (rank is None or len(v.shape) == rank) and
                      (dtype is None or v.dtype == dtype) and (not floats or v.dtype in FLOATS) and
                      v.dtype != "i1" and not v.const)
        if v is None or self.r.random() < 0.1:
            v = self.new_arg(self.rand_shape(rank), dtype or self.pick_dtype(floats))
        return v

    def constant(self, dtype, value=None, shape=()):
        if value is None:
            value = self.r.choice((0.5, 1.0, 2.0, -1.5, 0.1, 3.0, 1e-05, 0.0))
        return self.emit("constant", [], ["value = %s : f64" % fmt_float(value)], shape, dtype, const=True)

    def compatible_shape(self, shape):
        """A shape that broadcasts with `shape`: some dims set to 1, some leading dims dropped."""
        s = list(shape)
        if s and self.r.random() < 0.4:
            s = s[self.r.randrange(len(s) + 1):]
        s = [1 if self.r.random() < 0.35 else d for d in s]
        return tuple(s)

    # ---- builders, one per kind; return a Val or None (no suitable operand: try another op)
    def _build_unary(self, op, rule):
        x = self.operand()
        dt = x.dtype if rule == "keep" or x.dtype in FLOATS else "f32"
        return self.emit(op, [x], [], x.shape, dt)

    def _build_gelu(self, op, rule):
        x = self.operand(floats=True)
        appr = self.r.choice(("none", "tanh"))
        return self.emit(op, [x], ['approximate = "%s"' % appr], x.shape, x.dtype)

    def _build_convert(self, op, rule):
        x = self.pick(lambda v: not v.const) or self.operand()
        dt = self.r.choice(self.dtypes)
        if x.nf and x.dtype in FLOATS:
            dt = self.r.choice(self.float_dtypes)
        disc = dt not in FLOATS and x.dtype in FLOATS
        return self.emit(op, [x], [], x.shape, dt, disc=disc)

    def _binary_operands(self):
        a = self.operand()
        roll = self.r.random()
        if roll < 0.15:
            b = self.constant(self.r.choice(self.float_dtypes if a.dtype in FLOATS else (a.dtype, "f32")))
        else:
            b = self.pick(lambda v: v is not a and v.dtype != "i1" and not v.const and
                          broadcast(a.shape, v.shape) is not None and
                          numel(broadcast(a.shape, v.shape)) <= self.max_numel)
            if b is None or roll > 0.8:
                b = self.new_arg(self.compatible_shape(a.shape), self.pick_dtype())
            elif roll < 0.25:
                b = a  # x op x: a multi-use value
        if self.r.random() < 0.5:
            a, b = b, a
        return a, b

    def _build_binary(self, op, rule):
        if rule == "pow":
            a = self.operand(floats=True)
            b = self.constant(self.r.choice(self.float_dtypes), self.r.choice((2.0, 3.0, 0.0, 1.0)))
            # pow.Tensor_Scalar keeps a dimensioned base's dtype; a 0-d base with a 0-d float
            # constant of another dtype promotes like any two 0-d operands (docs/dialects/graph.md)
            return self.emit(op, [a, b], [], a.shape, promote_vals(a, b))
        a, b = self._binary_operands()
        shape = broadcast(a.shape, b.shape)
        dt = promote_vals(a, b)
        if rule == "cmp":
            return self.emit(op, [a, b], [], shape, "i1", disc=dt in FLOATS or a.disc or b.disc)
        if rule == "div" and dt not in FLOATS:
            dt = "f32"
        return self.emit(op, [a, b], [], shape, dt)

    def _build_where(self, op, rule):
        c = self.pick(lambda v: v.dtype == "i1")
        if c is None:
            x = self.operand()
            c = self.emit(self.r.choice(("gt", "lt", "ge")), [x, self.constant(x.dtype if x.dtype in FLOATS else "f32", 0.0)],
                          [], x.shape, "i1", disc=x.dtype in FLOATS)
        a = self.operand(lambda v: broadcast(c.shape, v.shape) is not None)
        ca = broadcast(c.shape, a.shape)
        if ca is None:
            return None
        b = self.operand(lambda v: broadcast(ca, v.shape) is not None and v is not a)
        if broadcast(ca, b.shape) is None:
            return None
        shape = broadcast(broadcast(c.shape, a.shape), b.shape)
        if shape is None or numel(shape) > self.max_numel:
            return None
        return self.emit(op, [c, a, b], [], shape, promote_vals(a, b), disc=c.disc)

    def _build_constant(self, op, rule):
        # A 0-d constant used by a binary op (constants on their own are dead code).
        a = self.operand()
        c = self.constant(a.dtype if a.dtype in FLOATS else "f32")
        return self.emit(self.r.choice(("add", "mul", "sub")), [a, c], [], a.shape, promote_vals(a, c))

    def _build_reduction(self, op, rule):
        x = self.operand(floats=(rule == "float"))
        r = len(x.shape)
        if r == 0:
            dims = []
        else:
            k = self.r.randrange(1, r + 1) if self.r.random() < 0.8 else r
            dims = sorted(self.r.sample(range(r), k))
            if self.r.random() < 0.15:
                dims = []  # every dim
        keep = self.r.random() < 0.4
        red = set(dims) if dims else set(range(r))
        shape = tuple((1 if i in red else d) for i, d in enumerate(x.shape) if keep or i not in red)
        wdims = [d - r if self.r.random() < 0.3 else d for d in dims]
        attrs = ["dims = array<i64%s>" % ("".join(": " + ", ".join(str(d) for d in wdims)) if wdims else ""),
                 "keepdim = %s" % ("true" if keep else "false")]
        n = numel([x.shape[i] for i in red])
        if op == "var":
            corr = self.r.choice((0, 1))
            if n - corr <= 0:
                corr = 0
            attrs.append("correction = %d : i64" % corr)
        dt = x.dtype
        if op in ("sum", "prod") and dt in ("i1", "i32"):
            dt = "i64"  # torch: the sum / prod of a bool or integer tensor is int64
        v = self.emit(op, [x], attrs, shape, dt)
        if op in ("sum", "mean", "var", "prod"):
            v.eps = max(v.eps, 2.0**-24 * max(1, n) ** 0.5 if x.dtype in FLOATS else 0.0)
        return v

    def _build_view(self, op, rule):
        x = self.pick(lambda v: v.contig and not v.const and v.dtype != "i1")
        if x is None:
            return None
        return self._reshape_like(op, x)

    def _build_reshape(self, op, rule):
        x = self.operand()
        return self._reshape_like(op, x)

    def _reshape_like(self, op, x):
        n = numel(x.shape)
        # factor n into a random shape
        shape, left = [], n
        for _ in range(self.r.randrange(0, 4)):
            divs = [d for d in range(1, min(left, 64) + 1) if left % d == 0]
            d = self.r.choice(divs)
            shape.append(d)
            left //= d
        shape.append(left)
        self.r.shuffle(shape)
        w = list(shape)
        if w and self.r.random() < 0.3:
            w[self.r.randrange(len(w))] = -1
        return self.emit(op, [x], ["shape = array<i64: %s>" % ", ".join(str(d) for d in w)], tuple(shape), x.dtype,
                         contig=True if op == "view" else x.contig)

    def _build_permute(self, op, rule):
        x = self.operand(lambda v: len(v.shape) >= 2)
        if len(x.shape) < 2:
            return None
        p = list(range(len(x.shape)))
        self.r.shuffle(p)
        return self.emit(op, [x], ["dims = array<i64: %s>" % ", ".join(str(d) for d in p)],
                         tuple(x.shape[i] for i in p), x.dtype, contig=False)

    def _build_transpose(self, op, rule):
        x = self.operand(lambda v: len(v.shape) >= 2)
        if len(x.shape) < 2:
            return None
        r = len(x.shape)
        d0, d1 = self.r.sample(range(r), 2)
        s = list(x.shape)
        s[d0], s[d1] = s[d1], s[d0]
        w0 = d0 - r if self.r.random() < 0.3 else d0
        return self.emit(op, [x], ["dim0 = %d : i64" % w0, "dim1 = %d : i64" % d1], s, x.dtype, contig=False)

    def _build_expand(self, op, rule):
        x = self.operand(lambda v: 1 in v.shape or len(v.shape) < 3)
        shape = [self.r.choice((2, 3, 4, 17)) if d == 1 and self.r.random() < 0.7 else d for d in x.shape]
        lead = [self.r.choice((2, 3)) for _ in range(self.r.choice((0, 0, 1)))]
        shape = lead + shape
        if numel(shape) > self.max_numel:
            return None
        w = lead + [(-1 if (d == o and self.r.random() < 0.5) else d) for d, o in zip(shape[len(lead):], x.shape)]
        return self.emit(op, [x], ["shape = array<i64: %s>" % ", ".join(str(d) for d in w)] if w else
                         ["shape = array<i64>"], shape, x.dtype, contig=False)

    def _build_squeeze(self, op, rule):
        x = self.operand(lambda v: 1 in v.shape)
        ones = [i for i, d in enumerate(x.shape) if d == 1]
        if not ones or self.r.random() < 0.3:
            shape = tuple(d for d in x.shape if d != 1)
            return self.emit(op, [x], [], shape, x.dtype, contig=x.contig)
        dims = sorted(self.r.sample(ones, self.r.randrange(1, len(ones) + 1)))
        shape = tuple(d for i, d in enumerate(x.shape) if i not in dims)
        return self.emit(op, [x], ["dims = array<i64: %s>" % ", ".join(str(d) for d in dims)], shape, x.dtype,
                         contig=x.contig)

    def _build_unsqueeze(self, op, rule):
        x = self.operand(lambda v: len(v.shape) < 6)
        r = len(x.shape)
        d = self.r.randrange(0, r + 1)
        shape = x.shape[:d] + (1,) + x.shape[d:]
        w = d - r - 1 if self.r.random() < 0.3 else d
        return self.emit(op, [x], ["dim = %d : i64" % w], shape, x.dtype, contig=x.contig)

    def _build_slice(self, op, rule):
        x = self.operand(lambda v: any(d > 1 for d in v.shape))
        big = [i for i, d in enumerate(x.shape) if d > 1]
        if not big:
            return None
        dim = self.r.choice(big)
        n = x.shape[dim]
        start = self.r.randrange(0, n)
        end = self.r.randrange(start + 1, n + 1)
        step = self.r.choice((1, 1, 2, 3))
        size = -(-(end - start) // step)
        ws = start - n if self.r.random() < 0.2 else start
        we = end + 5 if end == n and self.r.random() < 0.3 else end
        attrs = ["dim = %d : i64" % dim, "start = %d : i64" % ws, "end = %d : i64" % we]
        if step != 1 or self.r.random() < 0.2:
            attrs.append("step = %d : i64" % step)
        shape = list(x.shape)
        shape[dim] = size
        return self.emit(op, [x], attrs, shape, x.dtype, contig=False)

    def _build_cat(self, op, rule):
        a = self.operand(lambda v: len(v.shape) >= 1)
        if not a.shape:
            return None
        dim = self.r.randrange(len(a.shape))
        n = self.r.choice((1, 1, 2))
        sh = list(a.shape)
        sh[dim] = self.r.choice((1, 3, a.shape[dim]))
        rest_t = tuple(sh)
        b = self.pick(lambda v: v is not a and v.shape == rest_t and v.dtype != "i1" and not v.const)
        if b is None:
            b = self.new_arg(rest_t, self.pick_dtype())
        rest = [b] * n
        out = list(a.shape)
        out[dim] = a.shape[dim] + n * rest_t[dim]
        if numel(out) > self.max_numel:
            return None
        wdim = dim - len(a.shape) if self.r.random() < 0.3 else dim
        return self.emit(op, [a] + rest, ["dim = %d : i64" % wdim], out, promote(a.dtype, b.dtype))

    def _build_copy(self, op, rule):
        x = self.operand()
        return self.emit(op, [x], [], x.shape, x.dtype)

    def _build_softmax(self, op, rule):
        x = self.operand(lambda v: len(v.shape) >= 1, floats=True)
        if not x.shape:
            return None
        d = self.r.randrange(len(x.shape))
        return self.emit(op, [x], ["dim = %d : i64" % (d - len(x.shape) if self.r.random() < 0.5 else d)],
                         x.shape, x.dtype)

    def _build_norm(self, op, rule):
        x = self.operand(lambda v: len(v.shape) >= 1, floats=True)
        if not x.shape:
            return None
        k = self.r.randrange(1, min(2, len(x.shape)) + 1)
        ns = x.shape[len(x.shape) - k:]
        w = self.new_arg(ns, x.dtype)
        attrs = ["normalized_shape = array<i64: %s>" % ", ".join(str(d) for d in ns),
                 "eps = %s : f64" % fmt_float(self.r.choice((1e-05, 1e-06)))]
        if rule == "layer":
            b = self.new_arg(ns, x.dtype)
            return self.emit(op, [x, w, b], attrs, x.shape, x.dtype)
        return self.emit(op, [x, w], attrs, x.shape, x.dtype)

    def _build_linear(self, op, rule):
        x = self.operand(lambda v: 2 <= len(v.shape) <= 3 and numel(v.shape) <= 4096, floats=True)
        if len(x.shape) < 2:
            return None
        k = x.shape[-1]
        n = self.r.choice((1, 3, 8, 17))
        w = self.new_arg((n, k), x.dtype)
        ops = [x, w]
        if self.r.random() < 0.5:
            ops.append(self.new_arg((n,), x.dtype))
        return self.emit(op, ops, [], x.shape[:-1] + (n,), x.dtype)

    def _mm_dims(self, x):
        return x.shape[0], x.shape[1]

    def _build_mm(self, op, rule):
        a = self.operand(lambda v: numel(v.shape) <= 4096, rank=2, floats=True)
        m, k = a.shape
        n = self.r.choice((1, 3, 8, 17, 33))
        b = self.pick(lambda v: v.shape == (k, n) and v.dtype == a.dtype and not v.const) or self.new_arg((k, n), a.dtype)
        if self.r.random() < 0.5:
            a, b = self.emit("transpose", [b], ["dim0 = 0 : i64", "dim1 = 1 : i64"], (n, k), b.dtype, contig=False), \
                self.emit("transpose", [a], ["dim0 = 0 : i64", "dim1 = 1 : i64"], (k, m), a.dtype, contig=False)
            m, n = n, m
        v = self.emit(op, [a, b], [], (m, n), a.dtype)
        v.eps = max(v.eps, 2.0**-24 * max(1, k) ** 0.5)
        return v

    def _build_bmm(self, op, rule):
        a = self.operand(lambda v: numel(v.shape) <= 4096, rank=3, floats=True)
        bb, m, k = a.shape
        n = self.r.choice((1, 3, 8))
        b = self.new_arg((bb, k, n), a.dtype)
        return self.emit(op, [a, b], [], (bb, m, n), a.dtype)

    def _build_addmm(self, op, rule):
        a = self.operand(lambda v: numel(v.shape) <= 4096, rank=2, floats=True)
        m, k = a.shape
        n = self.r.choice((1, 3, 8, 17))
        b = self.new_arg((k, n), a.dtype)
        bias = self.new_arg(self.r.choice(((n,), (1, n), (m, n), (m, 1))), a.dtype)
        attrs = ["alpha = %s : f64" % self.r.choice(("1.0", "0.5")), "beta = %s : f64" % self.r.choice(("1.0", "2.0"))]
        return self.emit(op, [bias, a, b], attrs, (m, n), a.dtype)

    # ---- the program
    def generate(self):
        self.new_arg(self.rand_shape(self.r.choice((1, 2, 2, 3))), self.pick_dtype())
        if self.r.random() < 0.5:
            self.new_arg(self.compatible_shape(self.args[0].shape), self.pick_dtype())
        weights = [KIND_WEIGHT.get(OPS[o][0], 1) / sum(1 for p in self.ops if OPS[p][0] == OPS[o][0])
                   for o in self.ops]
        made, tries = 0, 0
        while made < self.n_ops and tries < self.n_ops * 10:
            tries += 1
            op = self.r.choices(self.ops, weights)[0]
            kind, rule = OPS[op]
            if getattr(self, "_build_" + kind)(op, rule) is not None:
                made += 1
        results = [v for v in self.vals if not v.is_arg and not v.const]
        if not results:
            results = [self.emit("relu", [self.args[0]], [], self.args[0].shape, self.args[0].dtype)]
        outs = [results[-1]]
        unused = [v for v in results[:-1] if v.uses == 0]
        for v in self.r.sample(unused, min(len(unused), self.r.choice((0, 1, 2)))):
            outs.append(v)
        if self.r.random() < 0.1 and len(results) > 1:
            outs.append(self.r.choice(results[:-1]))  # an output also used inside
        return outs

    def render(self, outs, opts):
        head = ["// gen.py seed=%d %s" % (self.seed, opts),
                "// ops: " + " ".join(sorted(self.used_ops))]
        for i, o in enumerate(outs):
            head.append("// tol out%d: eps=%.3g disc=%d dtype=%s" % (i, o.eps, int(o.disc), o.dtype))
        sig = ", ".join("%s: %s" % (a.name, ttype(a.shape, a.dtype)) for a in self.args)
        res = ", ".join(ttype(o.shape, o.dtype) for o in outs)
        if len(outs) > 1:
            res = "(" + res + ")"
        body = ["func.func @prog(%s) -> %s {" % (sig, res)] + self.lines
        body.append("  return %s : %s" % (", ".join(o.name for o in outs), ", ".join(ttype(o.shape, o.dtype) for o in outs)))
        body.append("}")
        return "\n".join(head + body) + "\n"


def generate(seed, n_ops=12, max_numel=1 << 15, dtypes=ALL_DTYPES, ops=None):
    g = Gen(seed, n_ops, max_numel, dtypes, ops)
    outs = g.generate()
    opts = "ops=%d max-numel=%d dtypes=%s" % (n_ops, max_numel, ",".join(dtypes))
    return g.render(outs, opts)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("seed", type=int)
    ap.add_argument("--ops", type=int, default=12, help="number of ops to generate (default 12)")
    ap.add_argument("--max-numel", type=int, default=1 << 15, help="max elements of any tensor")
    ap.add_argument("--dtypes", default=",".join(ALL_DTYPES), help="comma-separated dtypes to use")
    ap.add_argument("--only", default="", help="comma-separated op names to draw from (default: all)")
    ap.add_argument("--count", type=int, default=1, help="write COUNT programs (seeds SEED..) separated by // -----")
    a = ap.parse_args()
    dts = tuple(a.dtypes.split(","))
    ops = [o for o in a.only.split(",") if o] or None
    progs = [generate(a.seed + i, a.ops, a.max_numel, dts, ops) for i in range(a.count)]
    sys.stdout.write("// -----\n".join(progs))


if __name__ == "__main__":
    main()
