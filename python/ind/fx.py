"""ATen-level torch.fx graphs -> ind's graph dialect (MLIR text).

    from ind.fx import import_graph, trace
    gm = trace(fn, example_inputs)                 # make_fx with ind's decompositions, stack traces on
    mlir = import_graph(gm, name="fn").text         # graph-dialect text, one func.func

Every ATen overload ind understands is one line of ``ATEN_TO_GRAPH`` below (keyed by the overload's
name, ``aten.add.Tensor``); arguments are bound by the overload's schema, so positional and keyword
spellings of torch 1.13 (make_fx) and torch 2.x (AOTAutograd, torch.export) read the same. An op that
is not in the table, or one whose arguments ind cannot express (``div`` with a rounding mode, an f64
tensor, ...), raises ``UnsupportedOpError`` naming the op and the user's source line; nothing is
skipped silently. Each emitted op carries ``loc("file.py":line:col)`` from the FX node's stack trace,
so a diagnostic of ind-opt / ind-run points at the user's Python line.

Standard library and torch only (numpy is not needed here).
"""
import functools
import linecache
import math
import operator
import os
import re

import torch
import torch.fx

__all__ = ["IndImportError", "UnsupportedOpError", "ImportedGraph", "import_graph", "trace", "is_node_supported",
           "ATEN_TO_GRAPH", "DECOMPOSITIONS", "DTYPES", "parse_type", "type_str"]


class IndImportError(Exception):
    """A graph ind cannot import. ``location`` is "file.py:line" of the user's code (or None)."""

    def __init__(self, message, location=None):
        self.location = location
        code = getattr(location, "code", None)
        super().__init__((f"{location}: {message}" if location else message) + (f"\n    {code}" if code else ""))


class UnsupportedOpError(IndImportError):
    """An ATen op (or an argument of one) with no graph-dialect mapping. ``op`` is its ATen name."""

    def __init__(self, op, message, location=None):
        self.op = op
        super().__init__(message, location)


# torch dtype <-> graph dialect element type (docs/dialects/graph.md, "Types").
DTYPES = {
    torch.float32: "f32",
    torch.float16: "f16",
    torch.bfloat16: "bf16",
    torch.bool: "i1",
    torch.int32: "i32",
    torch.int64: "i64",
}
_TORCH_DTYPE = {v: k for k, v in DTYPES.items()}
_FLOAT = ("f32", "f16", "bf16")


def type_str(shape, dtype):
    """MLIR tensor type: (4, 8), "f32" -> tensor<4x8xf32>; (), "f32" -> tensor<f32>."""
    return "tensor<" + "".join(f"{d}x" for d in shape) + dtype + ">"


def parse_type(text):
    """'4x8xf32' (or 'f32' for a 0-d tensor) -> ((4, 8), "f32"). Raises ValueError."""
    parts = text.strip().split("x")
    dtype = parts[-1]
    if dtype not in _TORCH_DTYPE:
        raise ValueError(f"'{text}': element type '{dtype}' is not one of {', '.join(_TORCH_DTYPE)}")
    try:
        shape = tuple(int(p) for p in parts[:-1])
    except ValueError:
        raise ValueError(f"'{text}': expected sizes like 4x8xf32") from None
    if any(d < 0 for d in shape):
        raise ValueError(f"'{text}': negative size")
    return shape, dtype


def _fmt_float(v):
    """An f64 attribute value MLIR parses back exactly (MLIR wants a '.' in a decimal literal)."""
    v = float(v)
    if math.isnan(v):
        return "0x7FF8000000000000 : f64"
    if math.isinf(v):
        return ("0xFFF0000000000000" if v < 0 else "0x7FF0000000000000") + " : f64"
    r = repr(v)
    mant, _, exp = r.partition("e")
    if "." not in mant:
        mant += ".0"
    return mant + ("e" + exp if exp else "") + " : f64"


def _fmt_attr(v):
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int):
        return f"{v} : i64"
    if isinstance(v, float):
        return _fmt_float(v)
    if isinstance(v, str):
        return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(v, (list, tuple)):
        return "array<i64" + (": " + ", ".join(str(int(x)) for x in v) if len(v) else "") + ">"
    raise TypeError(f"attribute value {v!r}")


class Value:
    """An SSA value of the emitted function: name ("%add"), static shape, element type."""

    __slots__ = ("name", "shape", "dtype")

    def __init__(self, name, shape, dtype):
        self.name, self.shape, self.dtype = name, tuple(shape), dtype

    @property
    def type(self):
        return type_str(self.shape, self.dtype)

    def __repr__(self):
        return f"{self.name}: {self.type}"


# ---------------------------------------------------------------------------------------------------
# Source locations from FX stack traces.

# a frame line and its code line, if any (a frame without source, as the trace wrapper's, has none: the next
# frame's line is not its code)
_FRAME_RE = re.compile(r'^\s*File "([^"]+)", line (\d+), in (\S+)\s*\n(?:([ \t]*)(?!File ")(\S.*)\n?)?', re.M)
_TORCH_DIR = os.path.dirname(os.path.abspath(torch.__file__))
_IND_DIR = os.path.dirname(os.path.abspath(__file__))


_STDLIB_DIR = os.path.dirname(os.path.abspath(os.__file__))
_WRAPPER_FILE = "<ind.fx.trace>"  # the function trace() calls the user's through: never a location


def _internal(path):
    """A frame of torch, of ind or of the standard library (not the user's code)."""
    if path.startswith("<"):
        return True
    p = os.path.abspath(path)
    return any(p.startswith(d + os.sep) for d in (_TORCH_DIR, _IND_DIR, _STDLIB_DIR))


class Location:
    """A user source position: file, line, column (1-based, the statement's first character)."""

    __slots__ = ("file", "line", "col", "func", "code")

    def __init__(self, file, line, col=1, func=None, code=None):
        self.file, self.line, self.col, self.func, self.code = file, int(line), int(col), func, code

    def mlir(self):
        f = self.file.replace("\\", "\\\\").replace('"', '\\"')
        return f'loc("{f}":{self.line}:{self.col})'

    def __str__(self):
        return f"{self.file}:{self.line}"


def user_location(stack_trace, prefer_file=None):
    """The innermost user frame of an FX node's stack_trace (None when there is none).

    torch 1.13's make_fx records the stack innermost frame first (traceback.walk_stack); dynamo and
    torch 2.x record it in traceback order, innermost last. Frames inside torch and ind are skipped;
    with prefer_file, a frame of that file wins."""
    if not stack_trace:
        return None
    frames = []
    for m in _FRAME_RE.finditer(stack_trace):
        # tracebacks print the code stripped: the column (the statement's first character) is read
        # from the file itself when it can be
        src = linecache.getline(m.group(1), int(m.group(2)))
        col = len(src) - len(src.lstrip()) + 1 if src.strip() else 1
        frames.append(Location(m.group(1), m.group(2), col, m.group(3), m.group(5)))
    if not frames:
        return None
    innermost_first = frames[-1].func == "<module>" and frames[0].func != "<module>"
    if not innermost_first:
        frames.reverse()
    frames = [f for f in frames if f.file != _WRAPPER_FILE]
    if not frames:
        return None
    user = [f for f in frames if not _internal(f.file)] or frames
    if prefer_file:
        want = os.path.abspath(prefer_file)
        mine = [f for f in user if os.path.abspath(f.file) == want]
        if mine:
            return mine[0]
    return user[0]


# ---------------------------------------------------------------------------------------------------
# The emitter: SSA names, ops, constants.


class _Emitter:
    def __init__(self, reserved=()):
        self.lines = []
        self.used = set()
        self.reserved = set(reserved)  # FX node names: each node's result takes its own name
        self.loc = None  # Location of the node being converted

    def fresh(self, base, own=False):
        base = re.sub(r"[^A-Za-z0-9_]", "_", base) or "v"
        if base[0].isdigit():
            base = "v" + base
        name, i = base, 0
        while name in self.used or (name in self.reserved and not (own and name == base)):
            name = f"{base}_{i}"
            i += 1
        self.used.add(name)
        return "%" + name

    def op(self, opname, operands, shape, dtype, attrs=None, name=None, own=False):
        v = Value(self.fresh(name or opname, own), shape, dtype)
        self._emit(opname, operands, [v], attrs)
        return v

    def op_multi(self, opname, operands, results, attrs=None, names=None):
        """An op of several results: results is [(shape, dtype)], names their base names."""
        vals = [Value(self.fresh(n, True), sh, dt) for (sh, dt), n in zip(results, names)]
        self._emit(opname, operands, vals, attrs)
        return vals

    def _emit(self, opname, operands, results, attrs):
        """One line of generic-form MLIR: `%r = "graph.op"(%a, ...) {attrs} : (types) -> type(s) loc`."""
        attr = ""
        if attrs:
            attr = " {" + ", ".join(f"{k} = {_fmt_attr(a)}" for k, a in sorted(attrs.items())) + "}"
        ins = ", ".join(o.name for o in operands)
        tys = ", ".join(o.type for o in operands)
        loc = " " + self.loc.mlir() if self.loc else ""
        outs = ", ".join(v.name for v in results)
        rtys = results[0].type if len(results) == 1 else "(" + ", ".join(v.type for v in results) + ")"
        self.lines.append(f'  {outs} = "graph.{opname}"({ins}){attr} : ({tys}) -> {rtys}{loc}')



# ---------------------------------------------------------------------------------------------------
# Shape and dtype helpers for the values a handler builds between its inputs and its result.


def _broadcast(*shapes):
    rank = max((len(s) for s in shapes), default=0)
    out = []
    for i in range(rank):
        d = 1
        for s in shapes:
            k = i - (rank - len(s))
            if k >= 0 and s[k] != 1:
                d = s[k]
        out.append(d)
    return tuple(out)


def _category(dt):
    return 0 if dt == "i1" else 1 if dt in ("i32", "i64") else 2


def _promote(a, b):
    """The graph dialect's result_type (docs/dialects/graph.md, "Dtype promotion")."""
    dims_a, dims_b = len(a.shape) > 0, len(b.shape) > 0
    if dims_a != dims_b:
        dim, zero = (a, b) if dims_a else (b, a)
        return zero.dtype if _category(zero.dtype) > _category(dim.dtype) else dim.dtype
    if a.dtype == b.dtype:
        return a.dtype
    ca, cb = _category(a.dtype), _category(b.dtype)
    if ca != cb:
        return a.dtype if ca > cb else b.dtype
    return "f32" if ca == 2 else "i64"


_COMPARISONS = ("eq", "ne", "lt", "le", "gt", "ge")


class _Ctx:
    """What a table handler sees: the node, its bound arguments, and ways to emit."""

    def __init__(self, imp, node, args):
        self.imp, self.node, self.a = imp, node, args
        self.em = imp.em
        self.wrapped = False  # a Python number beside a 0-d tensor (operands)
        self.op_name = str(node.target)

    # --- errors
    def unsupported(self, why):
        raise UnsupportedOpError(self.op_name, f"'{self.op_name}': {why}", self.imp.where(self.node))

    # --- values
    def t(self, x):
        """The Value of a tensor argument."""
        if isinstance(x, torch.fx.Node):
            v = self.imp.values.get(x)
            if isinstance(v, Value):
                return v
            self.unsupported(f"argument '{x.name}' is not a tensor ind imported")
        self.unsupported(f"expected a tensor argument, got {x!r}")

    def scalar(self, x, like=None):
        """A 0-d constant for a Python number (f32 for floats and for ints beside a float tensor)."""
        if isinstance(x, torch.fx.Node):
            return self.t(x)
        if isinstance(x, bool):
            dtype = "i1"
        elif isinstance(x, int):
            dtype = "f32" if like is not None and like.dtype in _FLOAT else "i64"
        elif isinstance(x, float):
            dtype = "f32"
        else:
            self.unsupported(f"scalar argument {x!r} of type {type(x).__name__}")
        return self.constant(x, (), dtype)

    def constant(self, value, shape, dtype):
        c = self.em.op("constant", [], (), dtype, {"value": float(value)}, name="cst")
        if shape:
            c = self.em.op("expand", [c], shape, dtype, {"shape": list(shape)}, name="full")
        return c

    def operands(self, x, y):
        """Two operands of a binary op, either of which may be a Python scalar."""
        vx = self.t(x) if isinstance(x, torch.fx.Node) else None
        vy = self.t(y) if isinstance(y, torch.fx.Node) else None
        if vx is None and vy is None:
            self.unsupported("two scalar operands")
        if vx is None:
            vx = self.scalar(x, vy)
        if vy is None:
            vy = self.scalar(y, vx)
        # A Python number beside a 0-d tensor: PyTorch's wrapped-number rule gives the tensor's dtype (a bf16
        # 0-d tensor times 2.0 is bf16), the graph dialect's 0-d with 0-d rule f32; emit() computes in the
        # dialect's type and converts to the node's (eager computes in f32 too, and rounds once)
        self.wrapped = not (isinstance(x, torch.fx.Node) and isinstance(y, torch.fx.Node)) and \
            not (vx.shape if isinstance(x, torch.fx.Node) else vy.shape)
        return vx, vy

    # --- results
    def out(self, i=None):
        """(shape, dtype) of the node's result (its i-th for a tuple result)."""
        return self.imp.meta(self.node, i)

    def emit(self, opname, operands, attrs=None, shape=None, dtype=None, name=None):
        """Emits graph.<opname>; the result type is the node's unless shape/dtype are given."""
        if shape is None or dtype is None:
            s, d = self.out()
            shape = s if shape is None else shape
            dtype = d if dtype is None else dtype
        if self.wrapped and len(operands) == 2 and opname not in _COMPARISONS:
            inferred = _promote(*operands)  # the dialect's type for a number beside a 0-d tensor (operands)
            if inferred != dtype:
                v = self.tmp(opname, operands, shape, inferred, attrs)
                return self.em.op("convert", [v], shape, dtype, None, name=name or self.node.name, own=name is None)
        return self.em.op(opname, operands, shape, dtype, attrs, name=name or self.node.name, own=name is None)

    def tmp(self, opname, operands, shape, dtype, attrs=None):
        return self.em.op(opname, operands, shape, dtype, attrs, name=opname)

    def binary_tmp(self, opname, x, y):
        dtype = "i1" if opname in _COMPARISONS else _promote(x, y)
        return self.tmp(opname, [x, y], _broadcast(x.shape, y.shape), dtype)

    def convert(self, v, dtype):
        return v if v.dtype == dtype else self.tmp("convert", [v], v.shape, dtype)

    def dims(self, d, rank):
        if d is None:
            return []
        d = [d] if isinstance(d, int) else list(d)
        return [int(x) for x in d]

    def dtype_arg(self, dt):
        if dt is None:
            return None
        if dt not in DTYPES:
            self.unsupported(f"dtype {dt} (ind computes {', '.join(DTYPES.values())})")
        return DTYPES[dt]


# ---------------------------------------------------------------------------------------------------
# Handlers. Each takes a _Ctx and returns a Value (or a list of Values for a tuple result).


def _binary(op):
    def h(c):
        a, b = c.operands(c.a["self"], c.a["other"])
        alpha = c.a.get("alpha", 1)
        if alpha is not None and alpha != 1:
            b = c.binary_tmp("mul", b, c.scalar(alpha, b))
        return c.emit(op, [a, b])
    return h


def _rsub(c):  # other - alpha * self
    a, b = c.operands(c.a["self"], c.a["other"])
    alpha = c.a.get("alpha", 1)
    if alpha != 1:
        a = c.binary_tmp("mul", a, c.scalar(alpha, a))
    return c.emit("sub", [b, a])


def _div(c):
    """div, and div with rounding_mode "trunc" / "floor" (floor_divide, torch._decomp's index arithmetic:
    adaptive pooling's window bounds). Floats as Inductor lowers them: trunc / floor of the true quotient.
    Integers exactly (graph.div of integers is f32, exact only below 2^24): _int_floor_div, then trunc from
    floor where the remainder is nonzero and the signs differ."""
    mode = c.a.get("rounding_mode")
    a, b = c.operands(c.a["self"], c.a["other"])
    if mode is None:
        return c.emit("div", [a, b])
    if mode not in ("trunc", "floor"):
        c.unsupported(f"rounding_mode={mode!r}")
    shape, dtype = c.out()
    if dtype in _FLOAT:
        q = c.tmp("div", [c.convert(a, dtype), c.convert(b, dtype)], shape, dtype)
        return c.emit(mode, [q])
    if dtype not in ("i32", "i64"):
        c.unsupported(f"rounding_mode={mode!r} with a result of {dtype}")
    a, b = c.convert(a, dtype), c.convert(b, dtype)
    q = _int_floor_div(c, a, b, shape, dtype)
    if mode == "floor":
        return q
    zero = c.convert(c.scalar(0, a), dtype)  # a Python int is i64 beside any integer tensor
    inexact = c.binary_tmp("ne", c.binary_tmp("remainder", a, b), zero)
    signs = c.binary_tmp("ne", c.binary_tmp("lt", a, zero), c.binary_tmp("lt", b, zero))
    up = c.convert(c.binary_tmp("logical_and", inexact, signs), dtype)
    return c.emit("add", [q, up])


def _int_floor_div(c, a, b, shape, dtype):
    """floor(a / b) of integers, exact for quotients below 2^44: an f32 estimate q0, one refinement by the
    exact remainder r = a - q0 * b (q1 = q0 + floor(r / b), again in f32: r is within about |q| 2^-22 of
    a multiple of b), then the last step of +-1 from Python's remainder (graph.remainder, exact on integers):
    a - q1 * b - remainder(a, b) is (floor(a / b) - q1) * b."""
    fb = c.convert(b, "f32")

    def fdiv(num):  # floor(num / b) estimated in f32, as dtype
        q = c.tmp("div", [c.convert(num, "f32"), fb], _broadcast(num.shape, fb.shape), "f32")
        return c.convert(c.tmp("floor", [q], q.shape, "f32"), dtype)

    q = fdiv(a)
    r = c.binary_tmp("sub", a, c.binary_tmp("mul", q, b))
    q = c.binary_tmp("add", q, fdiv(r))
    d = c.binary_tmp("sub", c.binary_tmp("sub", a, c.binary_tmp("mul", q, b)), c.binary_tmp("remainder", a, b))
    zero, one, minus = (c.convert(c.scalar(k, q), dtype) for k in (0, 1, -1))  # i64 beside any integer tensor
    step = c.tmp("where", [c.binary_tmp("eq", d, b), one, minus], _broadcast(d.shape, b.shape), dtype)
    step = c.tmp("where", [c.binary_tmp("eq", d, zero), zero, step], step.shape, dtype)
    q = c.binary_tmp("add", q, step)
    if tuple(q.shape) != tuple(shape):
        q = c.tmp("expand", [q], shape, dtype, {"shape": list(shape)})
    return q


def _pow(c):
    base = c.a["self"]
    exp = c.a["exponent"]
    return c.emit("pow", list(c.operands(base, exp)))


def _unary(op):
    return lambda c: c.emit(op, [c.t(c.a["self"])])


def _expm1(c):  # exp(x) - 1 (an absolute error of f32's epsilon near 0, where expm1 keeps the relative one)
    x = c.t(c.a["self"])
    return c.emit("sub", [c.tmp("exp", [x], x.shape, x.dtype), c.scalar(1.0, x)])


def _gelu(c):
    approx = c.a.get("approximate", "none")
    return c.emit("gelu", [c.t(c.a["self"])], {"approximate": approx} if approx != "none" else None)


def _silu(c):  # x * sigmoid(x)
    x = c.t(c.a["self"])
    return c.emit("mul", [x, c.tmp("sigmoid", [x], x.shape, x.dtype)])


def _clamp(lo_key, hi_key):
    def h(c):
        x = c.t(c.a["self"])
        lo = c.a.get(lo_key) if lo_key else None
        hi = c.a.get(hi_key) if hi_key else None
        if lo is None and hi is None:
            c.unsupported("neither min nor max given")
        s, d = c.out()
        if lo is not None and hi is not None:
            x = c.tmp("maximum", [x, c.scalar(lo, x)], x.shape, d)
            return c.emit("minimum", [x, c.scalar(hi, x)])
        if lo is not None:
            return c.emit("maximum", [x, c.scalar(lo, x)])
        return c.emit("minimum", [x, c.scalar(hi, x)])
    return h


def _where(c):
    cond = c.t(c.a["condition"])
    x, y = c.a["self"], c.a["other"]
    vx = c.t(x) if isinstance(x, torch.fx.Node) else None
    vy = c.t(y) if isinstance(y, torch.fx.Node) else None
    if vx is None:
        vx = c.scalar(x, vy)
    if vy is None:
        vy = c.scalar(y, vx)
    return c.emit("where", [cond, vx, vy])


def _masked_fill(c):  # where(mask, value, self)
    x = c.t(c.a["self"])
    mask = c.t(c.a["mask"])
    v = c.a["value"]
    vv = c.t(v) if isinstance(v, torch.fx.Node) else c.scalar(v, x)
    return c.emit("where", [mask, c.convert(vv, x.dtype), x])


def _convert(key):
    def h(c):
        x = c.t(c.a["self"] if "self" in c.a else c.a["a"])
        _, d = c.out()
        if key and c.a.get(key) is not None:
            d = c.dtype_arg(c.a[key])
        return c.emit("convert", [x]) if d != x.dtype else c.emit("clone", [x])
    return h


def _to_copy(c):  # the device/layout of an import are the caller's business; the dtype is the op
    x = c.t(c.a["self"])
    _, d = c.out()
    return c.emit("convert", [x]) if d != x.dtype else c.emit("clone", [x])


def _identity(c):
    return c.t(c.a["self"])


def _reduction(op, dims_key="dim", dtype_key="dtype"):
    def h(c):
        x = c.t(c.a["self"])
        dims = c.dims(c.a.get(dims_key), len(x.shape)) if dims_key else []
        if dtype_key and c.a.get(dtype_key) is not None:
            x = c.convert(x, c.dtype_arg(c.a[dtype_key]))
        return c.emit(op, [x], {"dims": dims, "keepdim": bool(c.a.get("keepdim", False))})
    return h


def _var_attrs(c, x):
    dims = c.dims(c.a.get("dim"), len(x.shape))
    if "correction" in c.a:
        corr = c.a.get("correction")
        corr = 1 if corr is None else corr
    else:
        corr = 1 if c.a.get("unbiased", True) else 0
    if float(corr) != int(corr):
        c.unsupported(f"a non-integer correction {corr}")
    return {"dims": dims, "keepdim": bool(c.a.get("keepdim", False)), "correction": int(corr)}


def _var(c):
    x = c.t(c.a["self"])
    return c.emit("var", [x], _var_attrs(c, x))


def _std(c):
    """sqrt(var(x)), in f32 for an f16/bf16 x and converted at the end, as torch._refs.std computes in the
    opmath dtype: a variance past f16's range (a std of 1000: 1e6) has a representable square root."""
    x = c.t(c.a["self"])
    s, d = c.out()
    if d not in ("f16", "bf16"):
        return c.emit("sqrt", [c.tmp("var", [x], s, d, _var_attrs(c, x))])
    v = c.tmp("var", [c.convert(x, "f32")], s, "f32", _var_attrs(c, x))
    return c.emit("convert", [c.tmp("sqrt", [v], s, "f32")])


def _var_mean(c):
    x = c.t(c.a["self"])
    attrs = _var_attrs(c, x)
    s, d = c.out(0)
    v = c.emit("var", [x], attrs, shape=s, dtype=d)
    m = c.emit("mean", [x], {"dims": attrs["dims"], "keepdim": attrs["keepdim"]}, shape=s, dtype=d,
               name=c.node.name + "_mean")
    return [v, m]


def _view(op):
    return lambda c: c.emit(op, [c.t(c.a["self"])], {"shape": [int(s) for s in c.a.get("size", c.a.get("shape"))]})


def _permute(c):
    return c.emit("permute", [c.t(c.a["self"])], {"dims": [int(d) for d in c.a["dims"]]})


def _transpose(c):
    return c.emit("transpose", [c.t(c.a["self"])], {"dim0": int(c.a["dim0"]), "dim1": int(c.a["dim1"])})


def _t(c):
    x = c.t(c.a["self"])
    if len(x.shape) < 2:
        return x
    return c.emit("permute", [x], {"dims": [1, 0]})  # as torch 2.x's decomposition of t


def _expand(c):
    return c.emit("expand", [c.t(c.a["self"])], {"shape": [int(s) for s in c.a["size"]]})


def _squeeze(c):
    x = c.t(c.a["self"])
    d = c.a.get("dim")
    if d is None:
        return c.emit("squeeze", [x])
    return c.emit("squeeze", [x], {"dims": c.dims(d, len(x.shape))})


def _unsqueeze(c):
    return c.emit("unsqueeze", [c.t(c.a["self"])], {"dim": int(c.a["dim"])})


def _slice_bounds(size, start, end):
    start = 0 if start is None else int(start)
    end = size if end is None else int(end)
    if start < 0:
        start += size
    if end < 0:
        end += size
    return max(0, min(start, size)), max(0, min(end, size))


def _slice(c):
    x = c.t(c.a["self"])
    dim = int(c.a.get("dim", 0))
    size = x.shape[dim]
    start, end = _slice_bounds(size, c.a.get("start"), c.a.get("end"))
    step = int(c.a.get("step", 1) or 1)
    attrs = {"dim": dim, "start": start, "end": max(start, end)}
    if step != 1:
        attrs["step"] = step
    return c.emit("slice", [x], attrs)


def _row_major(size, stride):
    """Whether strides lay a tensor of these sizes out row-major (size-1 dims take any stride)."""
    acc, ok = 1, True
    for n, st in zip(reversed(size), reversed(stride)):
        ok = ok and (n == 1 or st == acc)
        acc *= n
    return ok


def _strided_view(c):
    """What as_strided and as_strided_scatter share: (x flattened, the view's sizes, its strides, the flat
    element of x at the view's first index). x must lie in its storage row-major in its traced strides
    (storage position q + its offset is its flat element q: a transposed or expanded input is refused, as
    as_strided reads storage), and every element the view reads must be one of x's (not storage past it)."""
    x = c.t(c.a["self"])
    v = c.a["self"].meta.get("val") if isinstance(c.a["self"], torch.fx.Node) else None
    if not isinstance(v, torch.Tensor):
        c.unsupported("an input without traced strides")
    if c.node.meta.get("ind_view_offset_unknown") and c.a["self"].op == "call_function":
        c.unsupported("an input whose storage offset the trace did not record (as_strided's offset is absolute)")
    if not _row_major([int(n) for n in v.shape], [int(st) for st in v.stride()]):
        c.unsupported(f"an input of strides {tuple(v.stride())} (as_strided reads storage; ind takes a row-major one)")
    base, numel = int(v.storage_offset()), math.prod(x.shape)
    size = [int(n) for n in c.a["size"]]
    stride = [int(st) for st in c.a["stride"]]
    off = c.a.get("storage_offset")
    start = (base if off is None else int(off)) - base
    lo = start + sum(st * (n - 1) for n, st in zip(size, stride) if st < 0)
    hi = start + sum(st * (n - 1) for n, st in zip(size, stride) if st > 0)
    if lo < 0 or hi >= numel:
        c.unsupported(f"a view of storage [{lo + base}, {hi + base}] outside its input's [{base}, {base + numel})")
    flat = c.tmp("reshape", [x], (numel,), x.dtype, {"shape": [numel]}) if x.shape != (numel,) else x
    return flat, size, stride, start


def _as_strided(c):
    """as_strided(x, size, stride, offset) over an input laid out row-major (_strided_view): a slice and a
    reshape of the flattened input where the view is itself row-major (functionalization's views of a
    flattened buffer), else an index_select at each index's storage position."""
    flat, size, stride, start = _strided_view(c)
    count = math.prod(size)
    if _row_major(size, stride):
        part = c.tmp("slice", [flat], (count,), flat.dtype, {"dim": 0, "start": start, "end": start + count})
        return c.emit("reshape", [part], {"shape": size})
    pos = None
    for k, (n, st) in enumerate(zip(size, stride)):
        if n == 1 or st == 0:
            continue
        shape = [1] * len(size)
        shape[k] = n
        i = c.tmp("iota", [], (n,), "i64", {"length": n})
        i = c.binary_tmp("mul", i, c.scalar(st, i)) if st != 1 else i
        i = c.tmp("reshape", [i], tuple(shape), "i64", {"shape": shape})
        pos = i if pos is None else c.binary_tmp("add", pos, i)
    if pos is None:
        pos = c.constant(0, (), "i64")
    if start:
        pos = c.binary_tmp("add", pos, c.scalar(start, pos))
    if pos.shape != tuple(size):
        pos = c.tmp("expand", [pos], tuple(size), "i64", {"shape": size})
    pos = c.tmp("reshape", [pos], (count,), "i64", {"shape": [count]})
    sel = c.tmp("index_select", [flat, pos], (count,), flat.dtype, {"dim": 0})
    return c.emit("reshape", [sel], {"shape": size})


def _as_strided_scatter(c):
    """as_strided_scatter(x, src, size, stride, offset): x with the elements an as_strided view of it reads
    replaced by src (functionalization's write through a view), for a row-major x and a row-major view:
    the view is a run of x's flat elements, where src is put as slice_scatter puts it."""
    flat, size, stride, start = _strided_view(c)
    x, src = c.t(c.a["self"]), c.t(c.a["src"])
    if not _row_major(size, stride):
        c.unsupported(f"a scatter through a view of strides {tuple(stride)} (ind takes a row-major one)")
    if list(src.shape) != size:
        c.unsupported(f"src of shape {src.shape} for a view of size {tuple(size)}")
    count = math.prod(size)
    s = c.tmp("reshape", [c.convert(src, x.dtype)], (count,), x.dtype, {"shape": [count]})
    if count != flat.shape[0]:
        s = c.tmp("where", _run_scatter_operands(c, flat, s, 0, start, start + count), flat.shape, x.dtype)
    return c.emit("reshape", [s], {"shape": list(x.shape)})


def _copy(c):  # aten.copy(self, src): src broadcast to self's shape, in self's dtype (self's values unused)
    x, src = c.t(c.a["self"]), c.t(c.a["src"])
    v = c.convert(src, x.dtype)
    if tuple(v.shape) != tuple(x.shape):
        v = c.tmp("expand", [v], x.shape, x.dtype, {"shape": list(x.shape)})
    return v


def _slice_scatter(c):
    """slice_scatter(self, src, dim, start, end, step): self with self[start:end:step] along dim replaced by
    src (the backward of slice): src padded to self's size along dim, selected where start <= i < end (and
    (i - start) % step == 0). A step spreads src first: each element followed by step - 1 zeros (a pad of a
    new dim after dim, merged into it), so that src's k-th element lands on start + k * step (the backward of
    x[..., ::2], GPT-J's and CodeGen's interleaved rotary)."""
    x, src = c.t(c.a["self"]), c.t(c.a["src"])
    dim = int(c.a.get("dim", 0)) % len(x.shape)
    size = x.shape[dim]
    start, end = _slice_bounds(size, c.a.get("start"), c.a.get("end"))
    step = int(c.a.get("step", 1) or 1)
    if step < 1:
        c.unsupported(f"a step of {step}")
    end = max(start, end)
    n = -(-(end - start) // step)
    if src.shape[dim] != n:
        c.unsupported(f"src of {src.shape[dim]} along dim {dim} for the slice {start}:{end}:{step}")
    if step != 1 and n > 0:
        src = c.convert(src, x.dtype)
        wide = src.shape[:dim + 1] + (1,) + src.shape[dim + 1:]
        src = c.tmp("reshape", [src], wide, x.dtype, {"shape": list(wide)})
        wide = src.shape[:dim + 1] + (step,) + src.shape[dim + 2:]
        pad = [0, 0] * (len(wide) - 2 - dim) + [0, step - 1]
        src = c.tmp("constant_pad_nd", [src], wide, x.dtype, {"pad": pad})
        spread = src.shape[:dim] + (n * step,) + src.shape[dim + 2:]
        src = c.tmp("reshape", [src], spread, x.dtype, {"shape": list(spread)})
        end = min(size, start + n * step)
        if end - start != n * step:  # the zeros after the last element that would pass self's end
            src = c.tmp("slice", [src], spread[:dim] + (end - start,) + spread[dim + 1:], x.dtype,
                        {"dim": dim, "start": 0, "end": end - start})
    return c.emit("where", _run_scatter_operands(c, x, src, dim, start, end, step))


def _run_scatter_operands(c, x, src, dim, start, end, step=1):
    """The operands of a where that is x with x[start:end] along dim replaced by src (src's size along dim
    end - start): a mask of start <= i < end (and (i - start) % step == 0: the other elements of the run
    keep x's values), src padded to x's size along dim, x."""
    size = x.shape[dim]
    pad = [0, 0] * (len(x.shape) - 1 - dim) + [start, size - end]
    padded = c.tmp("constant_pad_nd", [c.convert(src, x.dtype)], x.shape, x.dtype, {"pad": pad})
    idx = c.tmp("iota", [], (size,), "i64", {"length": size})
    keep = c.binary_tmp("ge", idx, c.scalar(start, idx))
    keep = c.binary_tmp("logical_and", keep, c.binary_tmp("lt", idx, c.scalar(end, idx)))
    if step != 1:
        phase = c.binary_tmp("remainder", c.binary_tmp("sub", idx, c.scalar(start, idx)), c.scalar(step, idx))
        keep = c.binary_tmp("logical_and", keep, c.binary_tmp("eq", phase, c.scalar(0, idx)))
    shape = [1] * len(x.shape)
    shape[dim] = size
    keep = c.tmp("reshape", [keep], tuple(shape), "i1", {"shape": shape})
    return [keep, padded, x]


def _select(c):
    x = c.t(c.a["self"])
    dim = int(c.a["dim"]) % len(x.shape)
    idx = int(c.a["index"])
    if idx < 0:
        idx += x.shape[dim]
    shape = x.shape[:dim] + (1,) + x.shape[dim + 1:]
    s = c.tmp("slice", [x], shape, x.dtype, {"dim": dim, "start": idx, "end": idx + 1})
    return c.emit("squeeze", [s], {"dims": [dim]})


_MAX_SPLIT = 64  # GRAPH_MAX_SPLIT


def _split(c):
    x = c.t(c.a["self"])
    dim = int(c.a.get("dim", 0)) % len(x.shape)
    size = x.shape[dim]
    if "split_sizes" in c.a:
        # split_with_sizes: pieces of any sizes are slices (graph.split's pieces share one size)
        sizes = [int(s) for s in c.a["split_sizes"]]
    else:
        step = int(c.a["split_size"])
        sizes = [min(step, size - s) for s in range(0, size, step)] or [0]
        if size >= 1 and step >= 1 and len(sizes) <= _MAX_SPLIT:  # aten.split.Tensor -> graph.split
            results = [(x.shape[:dim] + (n,) + x.shape[dim + 1:], x.dtype) for n in sizes]
            names = [f"{c.node.name}_{i}" for i in range(len(sizes))]
            return c.em.op_multi("split", [x], results, {"dim": dim, "split_size": step}, names)
    outs, start = [], 0
    for i, n in enumerate(sizes):
        shape = x.shape[:dim] + (n,) + x.shape[dim + 1:]
        outs.append(c.emit("slice", [x], {"dim": dim, "start": start, "end": start + n}, shape=shape,
                           dtype=x.dtype, name=f"{c.node.name}_{i}"))
        start += n
    return outs


def _unbind(c):  # a select per index
    x = c.t(c.a["self"])
    dim = int(c.a.get("dim", 0)) % len(x.shape)
    shape = x.shape[:dim] + (1,) + x.shape[dim + 1:]
    outs = []
    for i in range(x.shape[dim]):
        s = c.tmp("slice", [x], shape, x.dtype, {"dim": dim, "start": i, "end": i + 1})
        outs.append(c.emit("squeeze", [s], {"dims": [dim]}, shape=x.shape[:dim] + x.shape[dim + 1:], dtype=x.dtype,
                           name=f"{c.node.name}_{i}"))
    return outs


def _cat(c):
    ts = [c.t(t) for t in c.a["tensors"]]
    dim = int(c.a.get("dim", 0))
    _, d = c.out()
    ts = [c.convert(t, d) for t in ts]
    if len(ts) == 1:
        return c.emit("clone", ts)
    return _nest_cat(c, ts, dim, d)


def _nest_cat(c, ts, dim, d):
    # IRDL binds one type to the inputs after the first: nest cats over runs of differing types.
    acc = ts[0]
    i = 1
    while i < len(ts):
        j = i
        while j < len(ts) and ts[j].type == ts[i].type:
            j += 1
        group = ts[i:j]
        rank = len(acc.shape)
        k = dim % rank
        shape = list(acc.shape)
        shape[k] += sum(g.shape[k] for g in group)
        if j == len(ts):
            acc = c.emit("cat", [acc] + group, {"dim": dim})
        else:
            acc = c.tmp("cat", [acc] + group, tuple(shape), d, {"dim": dim})
        i = j
    return acc


def _stack(c):  # unsqueeze each, then cat
    ts = [c.t(t) for t in c.a["tensors"]]
    s, d = c.out()
    dim = int(c.a.get("dim", 0)) % len(s)
    ups = [c.tmp("unsqueeze", [t], t.shape[:dim] + (1,) + t.shape[dim:], t.dtype, {"dim": dim}) for t in ts]
    if len(ups) == 1:
        return c.emit("clone", ups)
    ups = [c.convert(u, d) for u in ups]
    return c.emit("cat", ups, {"dim": dim}) if all(u.type == ups[1].type for u in ups[1:]) else _nest_cat(c, ups, dim, d)


def _clone(c):
    return c.emit("clone", [c.t(c.a["self"])])


def _softmax(op, half_key="half_to_float"):
    def h(c):
        x = c.t(c.a["self"])
        _, d = c.out()
        if c.a.get(half_key) or c.a.get("dtype") is not None:
            x = c.convert(x, d)
        return c.emit(op, [x], {"dim": int(c.a["dim"])})
    return h


def _native_layer_norm(c):
    x = c.t(c.a["input"])
    ns = [int(s) for s in c.a["normalized_shape"]]
    eps = float(c.a["eps"])
    w, b = c.a.get("weight"), c.a.get("bias")
    s, d = c.out(0)
    wv = c.t(w) if w is not None else c.constant(1.0, tuple(ns), x.dtype)
    bv = c.t(b) if b is not None else c.constant(0.0, tuple(ns), x.dtype)
    used = {u.args[1] for u in c.node.users if u.target is operator.getitem and u.users}
    if not (used - {0}):
        out = c.emit("layer_norm", [x, wv, bv], {"normalized_shape": ns, "eps": eps}, shape=s, dtype=d)
        return [out, None, None]
    # mean and rstd read: graph.native_layer_norm's stats (x's leading dims, then 1s; x's dtype; unused
    # ones are dead after graph-decompose)
    stat = (tuple(x.shape[:len(x.shape) - len(ns)]) + (1,) * len(ns), x.dtype)
    names = [c.node.name, c.node.name + "_mean", c.node.name + "_rstd"]
    return c.em.op_multi("native_layer_norm", [x, wv, bv], [(s, d), stat, stat],
                         {"normalized_shape": ns, "eps": eps}, names)


def _native_group_norm(c):
    x = c.t(c.a["input"])
    if len(x.shape) < 2:
        c.unsupported("group norm of a tensor of rank < 2")
    C, g = x.shape[1], int(c.a["group"])
    w, b = c.a.get("weight"), c.a.get("bias")
    wv = c.t(w) if w is not None else c.constant(1.0, (C,), x.dtype)
    bv = c.t(b) if b is not None else c.constant(0.0, (C,), x.dtype)
    stat = ((x.shape[0], g), x.dtype)
    names = [c.node.name, c.node.name + "_mean", c.node.name + "_rstd"]
    return c.em.op_multi("native_group_norm", [x, wv, bv], [(x.shape, x.dtype), stat, stat],
                         {"group": g, "eps": float(c.a["eps"])}, names)


def _cumsum(c):
    x = c.t(c.a["self"])
    _, d = c.out()
    if d not in _FLOAT and d != "i64":
        c.unsupported(f"cumsum with a {d} result: ind scans into floating-point tensors or i64")
    # an integer or bool input scans into i64 as it is (the lowering loads it exactly and extends it)
    src = x if d == "i64" and x.dtype in ("i1", "i32", "i64") else c.convert(x, d)
    return c.emit("cumsum", [src], {"dim": int(c.a["dim"]) % max(len(x.shape), 1)})


def _round(c):  # round.decimals: ATen's round(x * 10^d) / 10^d (d < 0: round(x / 10^-d) * 10^-d)
    x = c.t(c.a["self"])
    d = int(c.a.get("decimals", 0) or 0)
    if d == 0:
        return c.emit("round", [x])
    if x.dtype not in _FLOAT:
        c.unsupported(f"round with decimals of a {x.dtype} tensor")
    xf = c.convert(x, "f32")  # ATen computes f16/bf16 in f32 (opmath) too
    scale = c.constant(10.0 ** abs(d), (), "f32")
    y = c.tmp("round", [c.binary_tmp("mul" if d > 0 else "div", xf, scale)], x.shape, "f32")
    if x.dtype == "f32":
        return c.emit("div" if d > 0 else "mul", [y, scale])
    return c.emit("convert", [c.binary_tmp("div" if d > 0 else "mul", y, scale)])


def _arg_reduction(op):  # argmax / argmin / any / all: dims (one or every dim) + keepdim
    def h(c):
        x = c.t(c.a["self"])
        dims = c.dims(c.a.get("dim"), len(x.shape))
        return c.emit(op, [x], {"dims": dims, "keepdim": bool(c.a.get("keepdim", False))})
    return h


def _minmax_dim(op):  # max.dim / min.dim -> graph.max_dim / graph.min_dim: (values, i64 indices)
    def h(c):
        x = c.t(c.a["self"])
        keep = bool(c.a.get("keepdim", False))
        names = [c.node.name, c.node.name + "_indices"]
        if not x.shape:  # a 0-d input (dim 0 or -1): itself, index 0
            return [c.emit("clone", [x], shape=(), dtype=x.dtype, name=names[0]), c.constant(0, (), "i64")]
        dim = int(c.a["dim"])
        k = dim % len(x.shape)
        shape = x.shape[:k] + ((1,) if keep else ()) + x.shape[k + 1:]
        return c.em.op_multi(op, [x], [(shape, x.dtype), (shape, "i64")], {"dim": dim, "keepdim": keep}, names)
    return h


def _arange(c):
    s, d = c.out()
    start, end, step = c.a.get("start", 0), c.a["end"], c.a.get("step", 1)
    for v in (start, end, step):
        if not isinstance(v, (int, float)) or isinstance(v, bool):
            c.unsupported(f"a bound {v!r} that is not a Python number (ind's arange takes static bounds)")
    if d not in _FLOAT and any(float(v) != int(v) for v in (start, end, step)):
        c.unsupported(f"an integer ({d}) arange with non-integer bounds start={start}, end={end}, step={step} "
                      "(ATen truncates them first: write integer bounds)")
    attrs = {"end": float(end)}
    if start != 0:
        attrs["start"] = float(start)
    if step != 1:
        attrs["step"] = float(step)
    return c.emit("arange", [], attrs)


def _iota(c):  # prims.iota(length, *, start, step, dtype, ...): start + i * step
    attrs = {"length": int(c.a["length"])}
    for k in ("start", "step"):
        v = c.a.get(k)
        if not isinstance(v, int) or isinstance(v, bool):
            c.unsupported(f"'{k}' {v!r} is not a Python int")
        if v != (0 if k == "start" else 1):
            attrs[k] = v
    return c.emit("iota", [], attrs)


def _flip(c):
    return c.emit("flip", [c.t(c.a["self"])], {"dims": [int(d) for d in c.a["dims"]]})


def _constant_pad_nd(c):
    x = c.t(c.a["self"])
    v = c.a.get("value", 0)
    if isinstance(v, torch.fx.Node):
        c.unsupported("a pad value computed in the graph")
    v = 0 if v is None else v
    # ATen fills with the value cast to the tensor's dtype: truncated for integers, nonzero for bool
    v = float(bool(v)) if x.dtype == "i1" else float(int(v)) if x.dtype not in _FLOAT else float(v)
    attrs = {"pad": [int(p) for p in c.a["pad"]]}
    if v != 0.0 or math.copysign(1.0, v) < 0:
        attrs["value"] = v
    return c.emit("constant_pad_nd", [x], attrs)


def _repeat(c):
    return c.emit("repeat", [c.t(c.a["self"])], {"repeats": [int(r) for r in c.a["repeats"]]})


def _index(c, v, what):
    if v.dtype not in ("i32", "i64"):
        c.unsupported(f"{what} of dtype {v.dtype} (ind indexes with i32 or i64 tensors)")
    return v


def _index_select(c):
    x = c.t(c.a["self"])
    if not x.shape:
        c.unsupported("index_select of a 0-d tensor")
    idx = _index(c, c.t(c.a["index"]), "an index")
    if len(idx.shape) > 1:
        c.unsupported(f"an index of rank {len(idx.shape)} (index_select takes a 1-d or 0-d index)")
    return c.emit("index_select", [x, idx], {"dim": int(c.a["dim"])})


def _index_tensor(c):
    """aten.index.Tensor (x[i, j], x[:, i], a mask built from two broadcast index tensors): indexing by integer
    tensors, as one index_select of x with its indexed dims flattened into one, at the row-major linear
    index sum_k i_k * stride_k (a negative index wrapped, as ATen wraps it). The broadcast shape of the
    indices takes the indexed dims' place where they are adjacent, else the front (ATen's rule: the indexed
    dims are permuted to the front first). A bool mask index (its result's shape depends on the values)
    stays eager."""
    x = c.t(c.a["self"])
    idxs = list(c.a["indices"])
    if not x.shape:
        c.unsupported("indexing a 0-d tensor")
    if len(idxs) > len(x.shape):
        c.unsupported(f"{len(idxs)} indices for a tensor of rank {len(x.shape)}")
    dims = [d for d, i in enumerate(idxs) if i is not None]
    if not dims:
        c.unsupported("no index tensor")
    vals = []
    for d in dims:
        v = c.t(idxs[d])
        if v.dtype == "i1":
            c.unsupported("a bool mask index (the result's shape depends on the mask's values)")
        vals.append(c.convert(_index(c, v, "an index"), "i64"))
    if dims != list(range(dims[0], dims[-1] + 1)):  # not adjacent: the indexed dims go to the front
        perm = dims + [d for d in range(len(x.shape)) if d not in dims]
        x = c.tmp("permute", [x], tuple(x.shape[p] for p in perm), x.dtype, {"dims": perm})
        dims = list(range(len(dims)))
    first, last = dims[0], dims[-1]
    shape = ()
    for v in vals:
        shape = _broadcast(shape, v.shape)
    lin, stride = None, 1
    for d, i in reversed(list(zip(dims, vals))):
        wrapped = c.tmp("where", [c.binary_tmp("lt", i, c.scalar(0, i)), c.binary_tmp("add", i, c.scalar(x.shape[d], i)),
                                  i], i.shape, "i64")
        term = wrapped if stride == 1 else c.binary_tmp("mul", wrapped, c.scalar(stride, i))
        lin = term if lin is None else c.binary_tmp("add", lin, term)
        stride *= x.shape[d]
    if lin.shape != shape:
        lin = c.tmp("expand", [lin], shape, "i64", {"shape": list(shape)})
    n = math.prod(shape)
    if len(shape) != 1:
        lin = c.tmp("reshape", [lin], (n,), "i64", {"shape": [n]})
    flat = x.shape[:first] + (stride,) + x.shape[last + 1:]
    if flat != x.shape:
        x = c.tmp("reshape", [x], flat, x.dtype, {"shape": list(flat)})
    picked = x.shape[:first] + (n,) + x.shape[first + 1:]
    sel = c.tmp("index_select", [x, lin], picked, x.dtype, {"dim": first})
    return c.emit("reshape", [sel], {"shape": list(c.out()[0])})


def _gather(c):  # sparse_grad changes only the backward
    x = c.t(c.a["self"])
    if not x.shape:
        c.unsupported("gather of a 0-d tensor")
    idx = _index(c, c.t(c.a["index"]), "an index")
    return c.emit("gather", [x, idx], {"dim": int(c.a["dim"])})


def _embedding(c):  # padding_idx, scale_grad_by_freq and sparse change only the backward
    w = c.t(c.a["weight"])
    if len(w.shape) != 2:
        c.unsupported(f"an embedding weight of rank {len(w.shape)} (ATen's is 2-d)")
    return c.emit("embedding", [w, _index(c, c.t(c.a["indices"]), "indices")])


def _nll_loss_forward(c):
    """(output, total_weight) as ATen computes them: a target equal to ignore_index (also a negative one, the
    default -100) counts neither in the loss nor in the total weight. torch 1.13's decomposition masks only
    for ignore_index >= 0 and would gather at -100: this handler is used instead."""
    x = c.t(c.a["self"])
    t = _index(c, c.t(c.a["target"]), "a target")
    w = c.t(c.a["weight"]) if c.a.get("weight") is not None else None
    red, ignore = int(c.a["reduction"]), int(c.a["ignore_index"])
    if x.dtype not in _FLOAT:
        c.unsupported(f"nll_loss of a {x.dtype} input")
    if len(x.shape) not in (1, 2) or len(t.shape) != len(x.shape) - 1:
        c.unsupported(f"input {x.shape} with target {t.shape} (ind takes [N, C] with [N], or [C] with [])")
    if red not in (0, 1, 2):
        c.unsupported(f"reduction {red}")
    cd = len(x.shape) - 1
    keep = t.shape + (1,)  # the target with a size-1 class dim: [N, 1] or [1]
    mask = c.binary_tmp("ne", t, c.constant(ignore, (), t.dtype))
    safe = c.tmp("where", [mask, t, c.constant(0, (), t.dtype)], t.shape, t.dtype)
    idx = c.tmp("unsqueeze", [safe], keep, t.dtype, {"dim": cd})
    g = c.tmp("gather", [x, idx], keep, x.dtype, {"dim": cd})
    g = c.tmp("squeeze", [g], t.shape, x.dtype, {"dims": [cd]})
    if w is not None:
        wt = c.tmp("index_select", [w, safe if t.shape else idx], t.shape or (1,), w.dtype, {"dim": 0})
        if not t.shape:
            wt = c.tmp("squeeze", [wt], (), w.dtype, {"dims": [0]})
        g = c.binary_tmp("mul", g, wt)
    zero = c.constant(0.0, (), x.dtype)
    loss = c.tmp("where", [mask, c.tmp("neg", [g], g.shape, g.dtype), zero], g.shape, g.dtype)
    s0, d0 = c.out(0)
    names = (c.node.name, c.node.name + "_total_weight")
    if red == 0 and cd == 1:
        out = c.emit("clone", [loss], shape=s0, dtype=d0, name=names[0])
        return [out, c.emit("constant", [], {"value": 0.0}, shape=(), dtype=x.dtype, name=names[1])]
    if w is not None:
        tw = c.emit("sum", [c.tmp("where", [mask, wt, zero], t.shape, x.dtype)], {"dims": [], "keepdim": False},
                    shape=(), dtype=x.dtype, name=names[1])
    else:
        n = c.tmp("sum", [mask], (), "i64", {"dims": [], "keepdim": False})
        tw = c.emit("convert", [n], shape=(), dtype=x.dtype, name=names[1])
    if red == 0:
        out = c.emit("clone", [loss], shape=s0, dtype=d0, name=names[0])
    elif red == 2:
        out = c.emit("sum", [loss], {"dims": [], "keepdim": False}, shape=s0, dtype=d0, name=names[0])
    else:
        total = c.tmp("sum", [loss], (), x.dtype, {"dims": [], "keepdim": False})
        out = c.emit("div", [total, tw], shape=s0, dtype=d0, name=names[0])
    return [out, tw]


def _layer_norm(c):  # aten.layer_norm (torch.export keeps it)
    x = c.t(c.a["input"])
    ns = [int(s) for s in c.a["normalized_shape"]]
    w, b = c.a.get("weight"), c.a.get("bias")
    wv = c.t(w) if w is not None else c.constant(1.0, tuple(ns), x.dtype)
    bv = c.t(b) if b is not None else c.constant(0.0, tuple(ns), x.dtype)
    return c.emit("layer_norm", [x, wv, bv], {"normalized_shape": ns, "eps": float(c.a.get("eps", 1e-5))})


def _rms_norm(c):  # aten.rms_norm (torch >= 2.4)
    x = c.t(c.a["input"])
    ns = [int(s) for s in c.a["normalized_shape"]]
    w = c.a.get("weight")
    eps = c.a.get("eps")
    if eps is None:
        eps = torch.finfo(_TORCH_DTYPE[x.dtype]).eps
    wv = c.t(w) if w is not None else c.constant(1.0, tuple(ns), x.dtype)
    return c.emit("rms_norm", [x, wv], {"normalized_shape": ns, "eps": float(eps)})


def _linear(c):
    ops = [c.t(c.a["input"]), c.t(c.a["weight"])]
    if c.a.get("bias") is not None:
        ops.append(c.t(c.a["bias"]))
    return c.emit("linear", ops)


def _matmul(op):
    return lambda c: c.emit(op, [c.t(c.a["self"]), c.t(c.a["mat2"])])


def _addmm(c):
    attrs = {}
    for k in ("alpha", "beta"):
        v = c.a.get(k, 1)
        if v != 1:
            attrs[k] = float(v)
    return c.emit("addmm", [c.t(c.a["self"]), c.t(c.a["mat1"]), c.t(c.a["mat2"])], attrs or None)


def _full(value_key=None, value=None):
    def h(c):
        s, d = c.out()
        v = c.a[value_key] if value_key else value
        if isinstance(v, torch.fx.Node):
            c.unsupported("a fill value computed in the graph")
        return c.constant(v, s, d)
    return h


# The table: ATen overload -> graph op. Arguments are the overload's schema names.
ATEN_TO_GRAPH = {
    # pointwise binary
    "aten.add.Tensor": _binary("add"),
    "aten.add.Scalar": _binary("add"),
    "aten.sub.Tensor": _binary("sub"),
    "aten.sub.Scalar": _binary("sub"),
    "aten.rsub.Scalar": _rsub,
    "aten.rsub.Tensor": _rsub,
    "aten.mul.Tensor": _binary("mul"),
    "aten.mul.Scalar": _binary("mul"),
    "aten.div.Tensor": _div,
    "aten.div.Scalar": _div,
    "aten.div.Tensor_mode": _div,
    "aten.pow.Tensor_Scalar": _pow,
    "aten.pow.Tensor_Tensor": _pow,
    "aten.maximum.default": _binary("maximum"),
    "aten.minimum.default": _binary("minimum"),
    "aten.eq.Tensor": _binary("eq"),
    "aten.eq.Scalar": _binary("eq"),
    "aten.ne.Tensor": _binary("ne"),
    "aten.ne.Scalar": _binary("ne"),
    "aten.lt.Tensor": _binary("lt"),
    "aten.lt.Scalar": _binary("lt"),
    "aten.le.Tensor": _binary("le"),
    "aten.le.Scalar": _binary("le"),
    "aten.gt.Tensor": _binary("gt"),
    "aten.gt.Scalar": _binary("gt"),
    "aten.ge.Tensor": _binary("ge"),
    "aten.ge.Scalar": _binary("ge"),
    "aten.remainder.Tensor": _binary("remainder"),
    "aten.remainder.Scalar": _binary("remainder"),
    "aten.remainder.Scalar_Tensor": _binary("remainder"),
    "aten.fmod.Tensor": _binary("fmod"),
    "aten.fmod.Scalar": _binary("fmod"),
    "aten.logical_and.default": _binary("logical_and"),
    "aten.logical_or.default": _binary("logical_or"),
    "aten.bitwise_and.Tensor": _binary("bitwise_and"),
    "aten.bitwise_and.Scalar": _binary("bitwise_and"),
    "aten.bitwise_or.Tensor": _binary("bitwise_or"),
    "aten.bitwise_or.Scalar": _binary("bitwise_or"),
    "aten.bitwise_xor.Tensor": _binary("bitwise_xor"),
    "aten.bitwise_xor.Scalar": _binary("bitwise_xor"),
    "aten.where.self": _where,
    "aten.where.ScalarSelf": _where,
    "aten.where.ScalarOther": _where,
    "aten.where.Scalar": _where,
    "aten.masked_fill.Scalar": _masked_fill,
    "aten.masked_fill.Tensor": _masked_fill,
    "aten.clamp.default": _clamp("min", "max"),
    "aten.clamp_min.default": _clamp("min", None),
    "aten.clamp_max.default": _clamp(None, "max"),
    # pointwise unary
    "aten.relu.default": _unary("relu"),
    "aten.neg.default": _unary("neg"),
    "aten.abs.default": _unary("abs"),
    "aten.exp.default": _unary("exp"),
    "aten.expm1.default": _expm1,
    "aten.log.default": _unary("log"),
    "aten.sqrt.default": _unary("sqrt"),
    "aten.rsqrt.default": _unary("rsqrt"),
    "aten.reciprocal.default": _unary("reciprocal"),
    "aten.tanh.default": _unary("tanh"),
    "aten.sigmoid.default": _unary("sigmoid"),
    "aten.erf.default": _unary("erf"),
    "aten.gelu.default": _gelu,
    "aten.silu.default": _silu,
    "aten.sin.default": _unary("sin"),
    "aten.cos.default": _unary("cos"),
    "aten.floor.default": _unary("floor"),
    "aten.ceil.default": _unary("ceil"),
    "aten.round.default": _unary("round"),
    "aten.round.decimals": _round,
    "aten.trunc.default": _unary("trunc"),
    "aten.sign.default": _unary("sign"),
    "aten.logical_not.default": _unary("logical_not"),
    "aten.bitwise_not.default": _unary("bitwise_not"),
    "aten.isnan.default": _unary("isnan"),
    "aten.isinf.default": _unary("isinf"),
    "aten._to_copy.default": _to_copy,
    "prims.convert_element_type.default": _convert("dtype"),
    "aten.clone.default": _clone,
    "aten.alias.default": _identity,
    "aten.copy.default": _copy,
    "aten.slice_scatter.default": _slice_scatter,
    "aten.detach.default": _identity,
    "aten.lift_fresh_copy.default": _identity,
    "aten.lift_fresh.default": _identity,
    # constants
    "aten.full.default": _full("fill_value"),
    "aten.full_like.default": _full("fill_value"),
    "aten.new_full.default": _full("fill_value"),
    "aten.scalar_tensor.default": _full("s"),
    "aten.zeros.default": _full(value=0),
    "aten.ones.default": _full(value=1),
    "aten.zeros_like.default": _full(value=0),
    "aten.ones_like.default": _full(value=1),
    "aten.new_zeros.default": _full(value=0),
    "aten.new_ones.default": _full(value=1),
    "aten.arange.default": _arange,
    "aten.arange.start": _arange,
    "aten.arange.start_step": _arange,
    "prims.iota.default": _iota,
    # reductions
    "aten.sum.default": _reduction("sum", None),
    "aten.sum.dim_IntList": _reduction("sum"),
    "aten.mean.default": _reduction("mean", None),
    "aten.mean.dim": _reduction("mean"),
    "aten.amax.default": _reduction("amax", "dim", None),
    "aten.amin.default": _reduction("amin", "dim", None),
    "aten.max.default": _reduction("amax", None, None),
    "aten.min.default": _reduction("amin", None, None),
    "aten.prod.default": _reduction("prod", None),
    "aten.prod.dim_int": _reduction("prod"),
    "aten.argmax.default": _arg_reduction("argmax"),
    "aten.argmin.default": _arg_reduction("argmin"),
    "aten.any.default": _arg_reduction("any"),
    "aten.any.dim": _arg_reduction("any"),
    "aten.all.default": _arg_reduction("all"),
    "aten.all.dim": _arg_reduction("all"),
    "aten.max.dim": _minmax_dim("max_dim"),
    "aten.min.dim": _minmax_dim("min_dim"),
    "aten.var.default": _var,
    "aten.var.dim": _var,
    "aten.var.correction": _var,
    "aten.std.default": _std,
    "aten.std.dim": _std,
    "aten.std.correction": _std,
    "aten.var_mean.correction": _var_mean,
    "aten.var_mean.dim": _var_mean,
    # views and layout
    # a view is a reshape of the values, as Inductor's post-grad view_to_reshape has it: PyTorch checked the
    # view against the real strides when it traced it, and ind's program sees its inputs as values (made
    # contiguous at the call), where graph.view's stride rule would judge layouts the program never has
    "aten.view.default": _view("reshape"),
    "aten._unsafe_view.default": _view("reshape"),
    "aten._reshape_alias.default": _view("reshape"),
    "aten.reshape.default": _view("reshape"),
    "aten.permute.default": _permute,
    "aten.transpose.int": _transpose,
    "aten.t.default": _t,
    "aten.expand.default": _expand,
    "aten.squeeze.default": _squeeze,
    "aten.squeeze.dim": _squeeze,
    "aten.squeeze.dims": _squeeze,
    "aten.unsqueeze.default": _unsqueeze,
    "aten.slice.Tensor": _slice,
    "aten.select.int": _select,
    "aten.split.Tensor": _split,
    "aten.split_with_sizes.default": _split,
    "aten.unbind.int": _unbind,
    "aten.cat.default": _cat,
    "aten.stack.default": _stack,
    "aten.flip.default": _flip,
    "aten.constant_pad_nd.default": _constant_pad_nd,
    "aten.repeat.default": _repeat,
    # indirect indexing
    "aten.index_select.default": _index_select,
    "aten.index.Tensor": _index_tensor,
    "aten.as_strided.default": _as_strided,
    "aten.as_strided_scatter.default": _as_strided_scatter,
    "aten.gather.default": _gather,
    "aten.embedding.default": _embedding,
    "aten.nll_loss_forward.default": _nll_loss_forward,
    # composites
    "aten._softmax.default": _softmax("softmax"),
    "aten.softmax.int": _softmax("softmax"),
    "aten._log_softmax.default": _softmax("log_softmax"),
    "aten.log_softmax.int": _softmax("log_softmax"),
    "aten.native_layer_norm.default": _native_layer_norm,
    "aten.native_group_norm.default": _native_group_norm,
    "aten.cumsum.default": _cumsum,
    "aten.layer_norm.default": _layer_norm,
    "aten.rms_norm.default": _rms_norm,
    "aten.linear.default": _linear,
    # matmuls
    "aten.mm.default": _matmul("mm"),
    "aten.bmm.default": _matmul("bmm"),
    "aten.addmm.default": _addmm,
}

# Ops traced through torch._decomp into ops of the table above (make_fx's decomposition_table).
# Composite ops ind has itself (softmax, layer_norm, gelu) are kept whole.
DECOMPOSITIONS = [
    "aten.hardtanh.default", "aten.leaky_relu.default", "aten.elu.default", "aten.hardsigmoid.default",
    "aten.hardswish.default", "aten.relu6.default", "aten.addcmul.default", "aten.addcdiv.default",
    "aten.std_mean.correction", "aten.mv.default", "aten.glu.default",
    "aten.threshold.default", "aten.logsumexp.default", "aten.native_batch_norm.default",
    "aten._native_batch_norm_legit_no_training.default", "aten.mish.default", "aten.softplus.default",
    # adaptive average pooling (GoogLeNet's auxiliary heads; Inductor lowers it): windows of equal size are
    # avg_pool2d, others a gather of each window's elements (index) and their mean
    "aten._adaptive_avg_pool2d.default",
    "aten.floor_divide.default",  # div(rounding_mode="floor")
]


def _decomposition_table(extra=()):
    from torch._decomp import decomposition_table
    by_name = {str(k): k for k in decomposition_table}
    return {by_name[n]: decomposition_table[by_name[n]] for n in DECOMPOSITIONS + list(extra) if n in by_name}


# Ops of Inductor's own table (torch/_inductor/decomposition.py) that PyTorch's core table leaves whole: the
# batch-norm family (every variant, so no decomposition emits the mutable _native_batch_norm_legit that
# AOTAutograd rejects; reference/torch-door.md §2) and a few composites.
_INDUCTOR_EXTRA = [
    "aten._native_batch_norm_legit", "aten._native_batch_norm_legit_no_training",
    "aten._native_batch_norm_legit_functional", "aten.native_batch_norm", "aten._batch_norm_with_update",
    "aten._batch_norm_with_update_functional", "aten._batch_norm_no_update", "aten.batch_norm_backward",
    "aten.native_group_norm", "aten.native_layer_norm", "aten.gelu", "aten._softmax", "aten._log_softmax",
    "aten.hardtanh", "aten.leaky_relu", "aten.elu", "aten.addmv", "aten.linalg_vector_norm", "aten.flip",
    "aten.index_select", "aten.upsample_bilinear2d", "aten.native_dropout",
]


def _peel_conv_bias(x, weight, bias, stride, padding, dilation, transposed, output_padding, groups):
    """A convolution's bias peeled off on a GPU, as Inductor's convolution lowering does ("cudnn is slower
    with it", torch/_inductor/kernel/conv.py): the convolution without bias (the extern), then an add of the
    bias viewed over the channels, which ind fuses into the convolution's consumers (a batch norm, an
    activation) where PyTorch would launch an add kernel of its own per convolution. The table acts below
    autograd: the backward is still the convolution's formula, whose bias gradient _gpu_decompositions turns
    into a sum ind compiles."""
    if x.device.type == "cpu":
        return NotImplemented
    return conv_without_bias(x, weight, bias, stride, padding, dilation, transposed, output_padding, groups)


def conv_without_bias(x, weight, bias, stride, padding, dilation, transposed, output_padding, groups):
    """_peel_conv_bias on any device (the CPU tests trace whole models with it)."""
    aten = torch.ops.aten
    if bias is None or x.dim() < 3:
        return NotImplemented
    out = aten.convolution.default(x, weight, None, stride, padding, dilation, transposed, output_padding, groups)
    if out.size(1) == 0:
        return aten.convolution.default(x, weight, bias, stride, padding, dilation, transposed, output_padding,
                                        groups)
    return aten.add.Tensor(out, aten.view.default(bias, [out.size(1)] + [1] * (out.dim() - 2)))


def _gpu_decompositions():
    """The decompositions a graph on a GPU takes besides the table's, as Inductor's: the convolution's bias
    peeled off (_peel_conv_bias, Inductor's lowering) and convolution_backward's bias gradient computed as a
    sum (Inductor's own table, torch/_inductor/decomposition.py; it leaves the CPU alone): autograd's formula
    of the convolution asks convolution_backward for the bias gradient even where the forward was peeled
    (test/torch/conv-bias.test: its masks)."""
    aten = torch.ops.aten
    table = {aten.convolution.default: _peel_conv_bias}
    try:
        from torch._inductor.decomposition import decompositions as inductor_table
        if aten.convolution_backward.default in inductor_table:
            table[aten.convolution_backward.default] = inductor_table[aten.convolution_backward.default]
    except ImportError:  # a torch without Inductor's table: convolution_backward computes the bias gradient
        pass
    return table


@functools.lru_cache(maxsize=None)
def backend_decompositions(device=None):
    """(Made once per process and device type: Dynamo calls the backend per graph, DDPOptimizer per bucket;
    AOTAutograd copies the table before it adds its own entries, so the one dict is never changed.) The
    table AOTAutograd decomposes with under torch.compile(backend="ind"): PyTorch's core ATen table
    plus Inductor's extras (_INDUCTOR_EXTRA) and DECOMPOSITIONS, less every op ind lowers whole (a key of
    ATEN_TO_GRAPH): an op is decomposed exactly when ind has no lowering of its own for it. On a GPU (device
    "cuda", the graph's device type) also _gpu_decompositions. torch >= 2.1."""
    from torch._decomp import core_aten_decompositions, get_decompositions
    aten = torch.ops.aten
    table = dict(core_aten_decompositions().items())
    table.update(get_decompositions([getattr(aten, n.split(".")[1]) for n in _INDUCTOR_EXTRA
                                     if hasattr(aten, n.split(".")[1])]))
    table.update(_decomposition_table())
    for op in [op for op in table if str(op).startswith("aten.linalg_vector_norm")]:
        table[op] = canonical_dims(table[op])
    table = {op: fn for op, fn in table.items()
             if (str(op) not in ATEN_TO_GRAPH or str(op) in PARTITIONER_DECOMPOSED) and not _extern(op)}
    if device is not None and device != "cpu":
        table.update(_gpu_decompositions())
    return table


# Ops ind lowers whole (keys of ATEN_TO_GRAPH) but decomposes anyway under torch.compile, because the
# min-cut partitioner (torch._functorch.partitioners, get_default_op_list) does not list them: an op it does
# not list is not fusible, and a value whose backward user is not fusible counts as "materialized in the
# backward", so its producer is never recomputed but saved. detach is the costly one: AOTAutograd's joint
# graph reads an op's saved result through a detach (tanh, sigmoid, exp: backward formulas of the result),
# so every such result was saved whole; ALBERT's AMP training step saved its GELU's tanh, 6 MiB a layer
# (82.0 MiB saved, 70.0 with these, Inductor's 67.0). Decomposed, they are alias, permute, select and full, which the partitioner lists (and
# ind lowers alike). Inductor decomposes them too (core_aten_decompositions).
PARTITIONER_DECOMPOSED = frozenset([
    "aten.detach.default", "aten.transpose.int", "aten.unbind.int", "aten._reshape_alias.default",
    "aten.new_full.default", "aten.new_ones.default", "aten.ones_like.default",
])


def canonical_dims(decomposition):
    """vector_norm's decomposition with its `dim` made non-negative first. torch 2.11's (torch/_refs/linalg,
    the path for reduced dims of size 1) compares negative dims with enumerate's indices and keeps the dim:
    vector_norm(x[..., 1], dim=-1) had shape [..., 1] under compile (pytorch#182181, fixed in later torch:
    a wrong shape, a failed backward or a failed trace in eight fuzz programs on the GPU machine)."""
    def vector_norm(x, *args, **kwargs):
        args = list(args)
        dim = args[1] if len(args) > 1 else kwargs.get("dim")
        if dim is not None and x.dim() > 0:
            dim = [d % x.dim() for d in ([dim] if isinstance(dim, int) else dim)]
            if len(args) > 1:
                args[1] = dim
            else:
                kwargs["dim"] = dim
        return decomposition(x, *args, **kwargs)
    vector_norm.wrapped = decomposition
    return vector_norm


def _extern(op):
    """Ops left whole to PyTorch as externs: the fused attention kernels (SDPA) and embedding's backward.
    SDPA's decompositions do not match their backward ops: the CPU flash forward's decomposition computes a
    logsumexp its (undecomposed) backward does not read as it would its own (a GPT-2 training step's
    gradients were off by 100s); Inductor excludes it too (torch/_inductor/decomposition.py,
    decomps_to_exclude). embedding_dense_backward decomposes to index_put(accumulate=True), which ind leaves to
    PyTorch too, where CUDA runs it as a sort and one thread per destination row: T5's relative position bias
    (262,144 indices into 32 rows of 12) took 23 ms of a 25 ms training step on an H100; PyTorch's own
    embedding backward (sorted segments) takes what eager does (docs/results run 24)."""
    return "scaled_dot_product" in str(op) or str(op).startswith("aten.embedding_dense_backward")


def _bind(node):
    """The node's arguments by schema name, defaults filled in."""
    schema = getattr(node.target, "_schema", None)
    if schema is None:
        return {}
    out = {}
    pos = list(node.args)
    i = 0
    for arg in schema.arguments:
        if not arg.kwarg_only and i < len(pos):
            out[arg.name] = pos[i]
            i += 1
        elif arg.name in node.kwargs:
            out[arg.name] = node.kwargs[arg.name]
        else:
            out[arg.name] = arg.default_value
    for k, v in node.kwargs.items():
        out.setdefault(k, v)
    return out


# ---------------------------------------------------------------------------------------------------
# The importer.


class ImportedGraph:
    """The result of import_graph.

    text: the MLIR module text. name: the function's name. inputs: [(shape, dtype)] of the function's
    arguments: the graph's placeholders in order, then one per lifted constant. constants: the tensors
    of the lifted constants (parameters a traced nn.Module captured), in argument order after the
    placeholders. outputs: [(shape, dtype)]."""

    def __init__(self, text, name, inputs, constants, outputs, arg_names):
        self.text, self.name, self.inputs, self.constants, self.outputs = text, name, inputs, constants, outputs
        self.arg_names = arg_names

    def __str__(self):
        return self.text


def _meta_of(node):
    """[(shape, dtype)] for a node's result (a list for tuple results; None entries for non-tensors)."""
    m = node.meta.get("val", None)
    if m is None:
        m = node.meta.get("tensor_meta", None)
    if m is None:
        return None

    def one(t):
        if t is None or not hasattr(t, "shape") or not hasattr(t, "dtype"):
            return None
        shape = []
        for s in t.shape:
            if not isinstance(s, int):
                try:
                    s = int(s)
                except Exception:
                    return ("dynamic", t.shape)
            shape.append(s)
        return (tuple(shape), t.dtype)

    if isinstance(m, (list, tuple)) and not hasattr(m, "shape"):
        return [one(t) for t in m]
    return one(m)


class _Importer:
    def __init__(self, gm, name, prefer_file):
        self.gm, self.name, self.prefer_file = gm, name, prefer_file
        self.em = _Emitter([n.name for n in gm.graph.nodes] if gm is not None else ())
        self.values = {}
        self.args = []  # (Value, Location or None)
        self.arg_names = []
        self.constants = []

    def where(self, node):
        if node is None:
            return None
        loc = user_location(node.stack_trace, self.prefer_file)
        if loc is None and node.op == "get_attr":  # constants have no stack: their first user's line
            for u in node.users:
                loc = user_location(u.stack_trace, self.prefer_file)
                if loc:
                    break
        return loc

    def fail(self, node, msg):
        raise IndImportError(msg, self.where(node))

    def meta(self, node, i=None):
        m = _meta_of(node)
        if isinstance(m, list):
            m = m[i or 0]
        elif i:
            m = None
        if m is None and i is not None:
            # a tuple result without metadata (torch 1.13): the getitem user carries it
            for u in node.users:
                if u.target is operator.getitem and u.args[1] == i:
                    m = _meta_of(u)
        if m is None:
            self.fail(node, f"no shape/dtype for '{node.name}' ({node.format_node()}): trace with make_fx "
                      "or pass example inputs to import_graph")
        if m[0] == "dynamic":
            self.fail(node, f"'{node.name}' has a dynamic shape {tuple(m[1])}: ind compiles static shapes")
        shape, dt = m
        if dt not in DTYPES:
            raise UnsupportedOpError(str(node.target), f"'{node.name}' ({node.target}) has dtype {dt}: ind "
                                     f"computes {', '.join(DTYPES.values())}", self.where(node))
        return shape, DTYPES[dt]

    def add_arg(self, base, shape, dtype, loc=None):
        v = Value(self.em.fresh(base, own=True), shape, dtype)
        self.args.append((v, loc))
        self.arg_names.append(v.name[1:])
        return v

    def placeholder(self, node):
        shape, dtype = self.meta(node)
        self.values[node] = self.add_arg(node.name, shape, dtype)

    def get_attr(self, node):
        """A one-element tensor constant: a graph constant (expanded to its shape)."""
        obj = _attr(self.gm, node)
        if obj.dtype not in DTYPES:
            raise UnsupportedOpError("get_attr", f"constant '{node.target}' has dtype {obj.dtype}: ind computes "
                                     f"{', '.join(DTYPES.values())}", self.where(node))
        self.em.loc = self.where(node)
        shape, dtype = tuple(obj.shape), DTYPES[obj.dtype]
        c = self.em.op("constant", [], (), dtype, {"value": _scalar_value(obj)}, name="cst")
        if shape:
            c = self.em.op("expand", [c], shape, dtype, {"shape": list(shape)}, name=node.name)
        self.values[node] = c

    def lift(self, node):
        """A larger tensor constant (a parameter make_fx captured): an argument after the placeholders."""
        obj = _attr(self.gm, node)
        if not isinstance(obj, torch.Tensor):
            self.fail(node, f"get_attr '{node.target}' is a {type(obj).__name__}, not a tensor")
        if obj.dtype not in DTYPES:
            raise UnsupportedOpError("get_attr", f"constant '{node.target}' has dtype {obj.dtype}: ind computes "
                                     f"{', '.join(DTYPES.values())}", self.where(node))
        self.constants.append(obj.detach())
        self.values[node] = self.add_arg(node.name, tuple(obj.shape), DTYPES[obj.dtype])

    def call(self, node):
        self.em.loc = self.where(node)
        if node.target is operator.getitem:
            src, idx = node.args
            vals = self.values.get(src)
            if isinstance(vals, list) and isinstance(idx, int) and vals[idx] is None and not node.users:
                self.values[node] = None  # an unused output (native_layer_norm's mean, ...)
                return
            if not isinstance(vals, list) or not isinstance(idx, int) or vals[idx] is None:
                self.fail(node, f"getitem {idx} of '{src.name}' is not a tensor ind imported")
            self.values[node] = vals[idx]
            return
        key = str(node.target)
        h = ATEN_TO_GRAPH.get(key)
        if h is None:
            if not isinstance(node.target, torch._ops.OpOverload) and node.op == "call_function":
                try:
                    key = torch.fx.node._get_qualified_name(node.target)
                except Exception:
                    pass
                hint = " (not an ATen overload: trace the function with ind.fx.trace / make_fx first)"
            else:
                hint = ""
            raise UnsupportedOpError(key, f"unsupported op '{key}'{hint}", self.where(node))
        res = h(_Ctx(self, node, _bind(node)))
        self.values[node] = res

    def run(self):
        nodes = list(self.gm.graph.nodes)
        for n in nodes:  # placeholders in order, then the lifted constants
            if n.op == "placeholder":
                self.placeholder(n)
        for n in nodes:
            if n.op == "get_attr" and _attr_numel(self.gm, n) != 1:
                self.lift(n)
        out_node = None
        for n in nodes:
            if n.op == "placeholder" or n in self.values:
                continue
            if n.op == "get_attr":
                self.get_attr(n)
            elif n.op == "call_function":
                self.call(n)
            elif n.op == "output":
                out_node = n
            else:
                raise UnsupportedOpError(f"{n.op} {n.target}", f"unsupported node '{n.format_node()}': "
                                         "import an ATen-level graph (ind.fx.trace, make_fx or AOTAutograd)",
                                         self.where(n))
        flat = []

        def collect(a):
            if isinstance(a, (list, tuple)):
                for x in a:
                    collect(x)
            else:
                flat.append(a)
        collect(out_node.args[0] if out_node is not None else [])
        outs = []
        for a in flat:
            v = self.values.get(a) if isinstance(a, torch.fx.Node) else None
            if not isinstance(v, Value):
                self.fail(out_node, f"output {a!r} is not a tensor ind computes")
            outs.append(v)
        self.em.loc = None
        return self.finish(outs)

    def finish(self, outs):
        args = ", ".join(f"{v.name}: {v.type}" for v, _ in self.args)
        res = ", ".join(v.type for v in outs)
        if len(outs) != 1:
            res = f"({res})"
        lines = [f"func.func @{self.name}({args}) -> {res} {{"]
        lines += self.em.lines
        lines.append("  return " + ", ".join(v.name for v in outs) + " : " + ", ".join(v.type for v in outs))
        lines.append("}")
        text = "\n".join(lines) + "\n"
        return ImportedGraph(text, self.name, [(v.shape, v.dtype) for v, _ in self.args], self.constants,
                             [(v.shape, v.dtype) for v in outs], self.arg_names)


def _sanitize_name(name):
    name = re.sub(r"[^A-Za-z0-9_]", "_", name or "forward")
    return name if name[0].isalpha() or name[0] == "_" else "f_" + name


def import_graph(gm, name="forward", example_inputs=None, prefer_file=None, header=None):
    """Imports an ATen-level GraphModule; returns an ImportedGraph (its .text is the MLIR).

    Placeholders need shape/dtype metadata (node.meta 'val' or 'tensor_meta', as make_fx and
    AOTAutograd leave it); with example_inputs, missing metadata is computed by shape propagation.
    Tensor constants of one element become graph constants; larger ones become function arguments
    after the placeholders (their values in .constants)."""
    if example_inputs is not None and any(
            _meta_of(n) is None for n in gm.graph.nodes if n.op in ("placeholder", "call_function")):
        from torch.fx.passes.shape_prop import ShapeProp
        ShapeProp(gm).propagate(*example_inputs)
    g = _Importer(gm, _sanitize_name(name), prefer_file).run()
    if header:
        g.text = "".join(f"// {h}\n" for h in header.splitlines()) + g.text
    return g


def scalar_item(obj):
    """The value of a one-element real tensor as a Python number (exact: an int stays an int), also while a
    fake mode is active (AOTAutograd compiles a graph under one: an op on a real tensor there is an error)."""
    try:
        from torch._subclasses.fake_tensor import unset_fake_temporarily
    except ImportError:  # torch < 2.1
        import contextlib
        unset_fake_temporarily = contextlib.nullcontext
    with unset_fake_temporarily():
        return obj.reshape(-1)[0].item()


def _scalar_value(obj):
    """A one-element constant's value as the graph constant's float attribute."""
    return float(scalar_item(obj))


def _attr(gm, node):
    obj = gm
    for part in node.target.split("."):
        obj = getattr(obj, part)
    return obj


def _attr_numel(gm, node):
    obj = _attr(gm, node)
    return obj.numel() if isinstance(obj, torch.Tensor) else 0


def is_node_supported(node, prefer_file=None):
    """Whether import_graph can convert this call_function node (the partitioner's support test):
    the node is converted alone, its tensor inputs standing in as arguments of their recorded types."""
    if node.op != "call_function":
        return False
    if node.target is operator.getitem:
        src = node.args[0]
        return isinstance(src, torch.fx.Node) and is_node_supported(src, prefer_file)
    if str(node.target) not in ATEN_TO_GRAPH:
        return False
    own = _meta_of(node)
    if any(m is not None and m[0] != "dynamic" and 0 in m[0] for m in (own if isinstance(own, list) else [own])):
        return False  # an empty result (a zero-length cache, ...): ind compiles no empty tensors
    imp = _Importer(None, "probe", prefer_file)
    try:
        for a in node.all_input_nodes:
            m = _meta_of(a)
            if m is None or isinstance(m, list) or m[0] == "dynamic" or m[1] not in DTYPES or 0 in m[0]:
                return False
            imp.values[a] = imp.add_arg(a.name, m[0], DTYPES[m[1]])
        imp.call(node)
        vals = imp.values[node]
        for i, v in enumerate(vals if isinstance(vals, list) else [vals]):
            if v is None and any(u.target is operator.getitem and u.args[1] == i for u in node.users):
                return False
        return True
    except IndImportError:
        return False


# ---------------------------------------------------------------------------------------------------
# Tracing.


def trace(fn, example_inputs, decompositions=True, extra_decompositions=()):
    """fn (a function or nn.Module) traced to an ATen-level GraphModule with make_fx (real tensors,
    so parameters are captured as constants), ind's decompositions (plus extra_decompositions, ATen
    overload names), and stack traces recorded."""
    from torch.fx.experimental import proxy_tensor
    table = _decomposition_table(list(extra_decompositions)) if decompositions else {}
    tracer_cls = proxy_tensor.PythonKeyTracer
    old = tracer_cls.__dict__.get("record_stack_traces", None)
    tracer_cls.record_stack_traces = True
    # torch >= 2.6 keeps only frames named "forward" when make_fx records stack traces; every frame from the
    # wrapper's forward inward is wanted here (the user's own function is the location): the flag reads
    # False for the tracer make_fx makes during this call
    old_only = tracer_cls.__dict__.get("_record_forward_stack_traces_only", None)
    tracer_cls._record_forward_stack_traces_only = property(lambda self: False, lambda self, v: None)
    try:
        import inspect
        kw = {}
        try:
            if "record_stack_traces" in inspect.signature(proxy_tensor.make_fx).parameters:
                kw["record_stack_traces"] = True
        except (TypeError, ValueError):
            pass
        # make_fx wants one parameter per input: call fn through a function of exactly that many
        # (optional parameters left out, nn.Modules, callables of any kind)
        names = ", ".join(f"arg{i}" for i in range(len(example_inputs)))
        ns = {"_fn": fn}
        exec(compile(f"def forward({names}):\n    return _fn({names})\n", _WRAPPER_FILE, "exec"), ns)
        with torch.no_grad():
            gm = proxy_tensor.make_fx(ns["forward"], decomposition_table=table, **kw)(*example_inputs)
            _view_metas(gm, example_inputs)
    finally:
        if old is None:
            del tracer_cls.record_stack_traces
        else:
            tracer_cls.record_stack_traces = old
        if old_only is None:
            del tracer_cls._record_forward_stack_traces_only
        else:
            tracer_cls._record_forward_stack_traces_only = old_only
    return gm


# Ops whose result depends on where their input lies in its storage (as_strided's storage offset is
# absolute), not only on its values: _view_metas here, ind.backend.storage_bound.
READS_STORAGE = {"aten.as_strided.default", "aten.as_strided_.default", "aten.as_strided_scatter.default",
                 "aten.as_strided_copy.default"}


def _view_metas(gm, example_inputs):
    """make_fx with real tensors records every value's meta as a tensor of its own, a view's too (storage
    offset 0); as_strided's storage offset is absolute, so the importer reads its input's (_strided_view).
    Where the graph has an as_strided, the metas are computed again through fake tensors (FakeTensorProp),
    whose views keep their storage offsets, as Dynamo's graphs have them. Where that fails, the traced
    metas stay and an as_strided of a view is refused (not read from the wrong place)."""
    if not any(n.op == "call_function" and str(n.target) in READS_STORAGE for n in gm.graph.nodes):
        return
    from torch._subclasses.fake_tensor import FakeTensorMode
    from torch.fx.passes.fake_tensor_prop import FakeTensorProp
    mode = FakeTensorMode(allow_non_fake_inputs=True)
    try:
        fakes = [mode.from_tensor(t) if isinstance(t, torch.Tensor) else t for t in example_inputs]
        FakeTensorProp(gm, mode).propagate_dont_convert_inputs(*fakes)
        return
    except Exception:  # noqa: BLE001 (an op fake tensors cannot run: the metas make_fx recorded stay)
        pass
    for n in gm.graph.nodes:  # then a view's offset is unknown: make the importer refuse as_strided of it
        if n.op == "call_function" and str(n.target) in READS_STORAGE:
            n.meta["ind_view_offset_unknown"] = True


def trace_export(fn, example_inputs):
    """torch >= 2.1: fn traced by torch.export (strict=False), ATen-level after run_decompositions
    with ind's table. Returns (gm, extra): the placeholders are the export's lifted parameters,
    buffers and constants first, then the user inputs; ``extra`` lists, per placeholder, the tensor
    to pass (None for a user input, in order). Raises IndImportError where torch.export is absent."""
    export = getattr(torch, "export", None)
    if export is None or not hasattr(export, "export"):
        raise IndImportError(f"torch {torch.__version__} has no torch.export (torch >= 2.1): trace with make_fx")
    mod = fn if isinstance(fn, torch.nn.Module) else _FnModule(fn)
    ep = export.export(mod, tuple(example_inputs), strict=False)
    ep = ep.run_decompositions(_decomposition_table())
    values = []
    consts = getattr(ep, "constants", {})
    for spec in ep.graph_signature.input_specs:
        kind = spec.kind.name
        if kind == "USER_INPUT":
            values.append(None)
        elif kind in ("PARAMETER", "BUFFER"):
            values.append(ep.state_dict[spec.target] if spec.target in ep.state_dict else consts[spec.target])
        elif kind in ("CONSTANT_TENSOR", "CUSTOM_OBJ"):
            values.append(consts[spec.target])
        else:
            raise IndImportError(f"torch.export input of kind {kind} ({spec.arg}) is not supported")
    return ep.graph_module, values


class _FnModule(torch.nn.Module):
    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def forward(self, *args):
        return self.fn(*args)
