#!@IND_PYTHON@
"""ind-import - a PyTorch function or nn.Module -> ind's graph dialect (.mlir).

  ind-import model.py fn --input x.npy --input 4x8xf32 [-o fn.mlir] [--expected-dir DIR]

See docs/tools/ind-import.md. The build copies this file to build/bin/ind-import with the path of
ind's Python package filled in."""
import os
import sys

IND_PYTHON_DIR = "@IND_PYTHON_DIR@"  # absolute (build tree) or relative to this script (install tree)


def _setup_path():
    d = IND_PYTHON_DIR
    if d.startswith("@"):
        d = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python")
    elif not os.path.isabs(d):
        d = os.path.join(os.path.dirname(os.path.realpath(__file__)), d)
    sys.path.insert(0, os.path.normpath(d))


USAGE = """usage: ind-import MODEL.py NAME [--input FILE.npy | --input SHAPExDTYPE]... [-o OUT.mlir]
                  [--func-name NAME] [--seed N] [--expected-dir DIR] [--no-decompose] [--export]
NAME is a function or an nn.Module class (constructed without arguments) defined in MODEL.py.
One --input per argument: an example .npy file, or a shape and dtype such as 4x8xf32 (random values).
Parameters of a module become function arguments after the inputs; their values are written as
OUT.mlir.argK.npy next to the output. --expected-dir DIR writes the inputs (inK.npy, parameters
included) and PyTorch eager's outputs (outK.npy) for `ind-run --input ... --compare-dir DIR`.
--export traces with torch.export (torch >= 2.1) instead of make_fx; then the parameters come
first, as the export's placeholders do."""


def fail(msg, code=1):
    print(f"ind-import: error: {msg}", file=sys.stderr)
    sys.exit(code)


def parse_args(argv):
    opts = {"inputs": [], "out": None, "seed": 0, "expected": None, "func_name": None, "decompose": True,
            "export": False}
    pos = []
    i = 0
    while i < len(argv):
        a = argv[i]
        if a in ("-h", "--help"):
            print(USAGE)
            sys.exit(0)
        key, eq, val = a.partition("=")
        takes = {"--input": "inputs", "-o": "out", "--seed": "seed", "--expected-dir": "expected",
                 "--func-name": "func_name"}
        if key in takes:
            if not eq:
                i += 1
                if i >= len(argv):
                    fail(f"{key} needs a value\n{USAGE}")
                val = argv[i]
            k = takes[key]
            if k == "inputs":
                opts[k].append(val)
            elif k == "seed":
                try:
                    opts[k] = int(val)
                except ValueError:
                    fail(f"--seed: '{val}' is not an integer")
            else:
                opts[k] = val
        elif a == "--no-decompose":
            opts["decompose"] = False
        elif a == "--export":
            opts["export"] = True
        elif a.startswith("-") and a != "-":
            fail(f"unknown option '{a}'\n{USAGE}")
        else:
            pos.append(a)
        i += 1
    if len(pos) != 2:
        fail(f"expected MODEL.py and NAME, got {len(pos)} positional argument(s)\n{USAGE}")
    return pos[0], pos[1], opts


def load_callable(path, name, torch):
    import importlib.util
    if not os.path.exists(path):
        fail(f"cannot open '{path}'")
    spec = importlib.util.spec_from_file_location(os.path.splitext(os.path.basename(path))[0], path)
    mod = importlib.util.module_from_spec(spec)
    sys.path.insert(0, os.path.dirname(os.path.abspath(path)))
    try:
        spec.loader.exec_module(mod)
    except Exception as e:
        fail(f"importing '{path}' failed: {type(e).__name__}: {e}")
    if not hasattr(mod, name):
        names = sorted(k for k, v in vars(mod).items() if callable(v) and not k.startswith("_")
                       and getattr(v, "__module__", None) == mod.__name__)
        fail(f"'{path}' defines no '{name}' (it defines: {', '.join(names) or 'nothing callable'})")
    obj = getattr(mod, name)
    if isinstance(obj, type) and issubclass(obj, torch.nn.Module):
        try:
            obj = obj()
        except TypeError as e:
            fail(f"cannot construct {name}() without arguments: {e}")
        obj.eval()
    elif not callable(obj):
        fail(f"'{name}' in '{path}' is a {type(obj).__name__}, not a function or nn.Module class")
    return obj


def make_input(spec, k, torch, np, fx, gen):
    if spec.endswith(".npy"):
        if not os.path.exists(spec):
            fail(f"--input {k}: cannot open '{spec}'")
        try:
            a = np.load(spec)
        except Exception as e:
            fail(f"--input {k}: '{spec}' is not a readable .npy file: {e}")
        t = torch.from_numpy(np.ascontiguousarray(a))
        if t.dtype not in fx.DTYPES:
            fail(f"--input {k}: '{spec}' has dtype {a.dtype}; ind takes {', '.join(fx.DTYPES.values())}")
        return t
    try:
        shape, dtype = fx.parse_type(spec)
    except ValueError as e:
        fail(f"--input {k}: {e} (or give a .npy file)")
    tdt = {v: key for key, v in fx.DTYPES.items()}[dtype]
    if dtype == "i1":
        return torch.rand(shape, generator=gen) > 0.5
    if dtype in ("i32", "i64"):
        return torch.randint(0, 10, shape, generator=gen, dtype=tdt)
    return torch.randn(shape, generator=gen).to(tdt)


def main(argv):
    model, name, opts = parse_args(argv)
    _setup_path()
    try:
        import numpy as np
        import torch
    except ImportError as e:
        fail(f"ind-import needs PyTorch and numpy: {e}")
    from ind import fx
    torch.manual_seed(opts["seed"])
    fn = load_callable(model, name, torch)
    gen = torch.Generator().manual_seed(opts["seed"])
    args = [make_input(s, k, torch, np, fx, gen) for k, s in enumerate(opts["inputs"])]
    import inspect
    try:
        sig = inspect.signature(fn.forward if isinstance(fn, torch.nn.Module) else fn)
        params = [p for p in sig.parameters.values() if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
        required = [p for p in params if p.default is p.empty]
        if not (len(required) <= len(args) <= len(params)) and not any(
                p.kind == p.VAR_POSITIONAL for p in sig.parameters.values()):
            fail(f"{name} takes {len(required)}" + (f" to {len(params)}" if len(params) != len(required) else "")
                 + f" argument(s) ({', '.join(p.name for p in params)}); {len(args)} --input given")
    except (TypeError, ValueError):
        pass
    arg_values = list(args)  # the values of the function's arguments, in order (lifted ones after)
    try:
        if opts["export"]:
            gm, lifted = fx.trace_export(fn, args)
            it = iter(args)
            arg_values = [next(it) if v is None else v for v in lifted]
        else:
            gm = fx.trace(fn, args, decompositions=opts["decompose"])
    except fx.IndImportError as e:
        fail(str(e))
    except Exception as e:
        fail(f"tracing {name} failed: {type(e).__name__}: {e}")
    func_name = opts["func_name"] or name
    try:
        g = fx.import_graph(gm, name=func_name, prefer_file=model,
                            header=f"imported by ind-import from {os.path.basename(model)}:{name}")
    except fx.IndImportError as e:
        print(f"ind-import: error: {e}", file=sys.stderr)
        sys.exit(1)
    out = opts["out"]
    if out in (None, "-"):
        sys.stdout.write(g.text)
    else:
        with open(out, "w") as f:
            f.write(g.text)
        n = len(arg_values)
        for k, v in enumerate(arg_values):
            if not any(v is a for a in args):
                np.save(f"{out}.arg{k}.npy", v.detach().numpy())
        for k, c in enumerate(g.constants):
            np.save(f"{out}.arg{n + k}.npy", c.numpy())
    if opts["expected"]:
        d = opts["expected"]
        os.makedirs(d, exist_ok=True)
        with torch.no_grad():
            res = fn(*args)
        res = list(res) if isinstance(res, (tuple, list)) else [res]
        for k, a in enumerate(list(arg_values) + list(g.constants)):
            np.save(os.path.join(d, f"in{k}.npy"), a.detach().numpy())
        for k, r in enumerate(res):
            np.save(os.path.join(d, f"out{k}.npy"), r.detach().numpy())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
