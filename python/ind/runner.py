"""Runs graph-dialect text on numpy arrays: through the bindings (ind.core.compile) when they exist,
otherwise through the `ind-run` tool as a subprocess (`subprocess_program`, the one place to delete
once ind.core is on main)."""
import os
import shutil
import sys
import subprocess
import tempfile

def find_tool(name):
    """$IND_BIN_DIR/<name>, then PATH, then the build tree (python/ind -> build/bin), then the install tree
    (lib/ind/python/ind -> bin)."""
    d = os.environ.get("IND_BIN_DIR")
    if d and os.path.exists(os.path.join(d, name)):
        return os.path.join(d, name)
    p = shutil.which(name)
    if p:
        return p
    here = os.path.dirname(os.path.abspath(__file__))
    for cand in (os.path.join(here, "..", "..", "build", "bin", name), os.path.join(here, "..", "..", "..", "..", "bin", name)):
        if os.path.exists(cand):
            return os.path.abspath(cand)
    raise FileNotFoundError(f"{name} not found: set IND_BIN_DIR or put ind's build/bin on PATH")


class RunError(RuntimeError):
    pass


class subprocess_program:
    """The fallback behind compile(): a program run by `ind-run` (CPU JIT, checked against the
    reference interpreter) on .npy files in a temporary directory. Same call interface as the
    bindings' program: prog.inputs / prog.outputs ([(shape, dtype)]) and prog(*arrays) -> tuple."""

    def __init__(self, text, inputs, outputs, device="cpu", **options):
        if device != "cpu":
            raise RunError(f"device '{device}' needs ind's Python bindings (ind.core); ind-run runs on the CPU")
        self.text, self.inputs, self.outputs, self.options = text, inputs, outputs, options

    def __call__(self, *arrays):
        import numpy as np
        with tempfile.TemporaryDirectory(prefix="ind-") as d:
            path = os.path.join(d, "prog.mlir")
            with open(path, "w") as f:
                f.write(self.text)
            cmd = [find_tool("ind-run"), path, "--output-dir", os.path.join(d, "out")]
            for i, a in enumerate(arrays):
                p = os.path.join(d, f"in{i}.npy")
                np.save(p, np.ascontiguousarray(a))
                cmd += ["--input", p]
            env = dict(os.environ)
            r = subprocess.run(cmd, capture_output=True, text=True, env=env)
            if r.returncode != 0:
                raise RunError(f"ind-run failed (exit {r.returncode}):\n{r.stderr.strip() or r.stdout.strip()}")
            self.log = r.stderr
            if os.environ.get("IND_LOGS"):  # the fusion log (and the rest of ind-run's report) passes through
                sys.stderr.write(r.stderr)
            return tuple(np.load(os.path.join(d, "out", f"out{k}.npy")) for k in range(len(self.outputs)))

    def run(self, inputs, outputs, stream=None):
        res = self(*inputs)
        for o, r in zip(outputs, res):
            o[...] = r


def compile(text, inputs, outputs, device="cpu", **options):
    """A program for graph-dialect text: ind.core.compile when importable, else subprocess_program."""
    try:
        from . import core
    except (ImportError, OSError):
        core = None
    if core is not None and hasattr(core, "compile") and core.can_compile():
        return core.compile(text, device=device, **options)
    return subprocess_program(text, inputs, outputs, device=device, **options)
