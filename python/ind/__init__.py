"""ind: a TorchInductor-style fusion compiler. Python side:

- ind.fx: ATen-level torch.fx graphs -> graph-dialect MLIR (torch needed only for this and backend);
- ind.backend: torch.compile(model, backend="ind") (registered on `import ind` when torch >= 2.0);
- ind.compile: the bindings' compile (ind.core) when they are built.
"""
__version__ = "0.1"  # = ind_version() (libind/ind.c) and the wheel's version; test/tools/wheel.test

try:  # the ctypes bindings (issue 12); absent until libind is built
    from .core import compile  # noqa: F401
except (ImportError, OSError):  # no libind built: ind.fx and ind-import still work
    pass


def _register_backend():
    import sys
    torch = sys.modules.get("torch")
    if torch is None:
        import importlib.util
        if importlib.util.find_spec("torch") is None:
            return
        import torch
    try:
        major = int(torch.__version__.split(".")[0])
    except ValueError:
        return
    if major >= 2:
        from . import backend
        backend.register()


_register_backend()
