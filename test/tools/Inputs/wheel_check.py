"""test/tools/wheel.test's checks of ind's wheel (scripts/wheel.sh):

  wheel_check.py contents WHEEL      the entries, each checked against RECORD (sha256, size); WHEEL and entry points
  wheel_check.py link-torch PYTHON   makes this interpreter's torch and numpy importable in PYTHON's venv (a .pth)
  wheel_check.py run SEED_MLIR [--cuda]
                                     inside the fresh venv, in a clean environment: the installed ind only;
                                     --cuda (scripts/gpu/wheel.sh, on the GPU machine): also the seed and
                                     torch.compile on the GPU
"""
import base64
import hashlib
import os
import sys


def contents(wheel):
    import zipfile
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        record = next(n for n in names if n.endswith(".dist-info/RECORD"))
        rows = {}
        for line in z.read(record).decode().splitlines():
            n, h, size = line.rsplit(",", 2)
            rows[n] = (h, size)
        for n in names:
            info = z.getinfo(n)
            h, size = rows.pop(n)
            if n == record:
                continue
            data = z.read(n)
            want = "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            assert (h, size) == (want, str(len(data))), "RECORD does not match %s" % n
            mode = (info.external_attr >> 16) & 0o777
            print("entry %s mode %o%s" % (n, mode, " (%d MB)" % (len(data) >> 20) if len(data) > 1 << 20 else ""))
        assert not rows, "RECORD names files the wheel lacks: %s" % sorted(rows)
        print("RECORD ok: %d entries" % len(names))
        dist = record.rsplit("/", 1)[0]
        sys.stdout.write(z.read(dist + "/WHEEL").decode())
        sys.stdout.write(z.read(dist + "/entry_points.txt").decode())


def link_torch(python):
    """A .pth in the fresh venv's site-packages naming the folders torch and numpy live in (this
    interpreter's), appended to sys.path after the venv's own site-packages: torch is not installed again."""
    import subprocess
    import numpy
    import torch
    site = subprocess.run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          capture_output=True, text=True, check=True).stdout.strip()
    dirs = sorted({os.path.dirname(os.path.dirname(m.__file__)) for m in (torch, numpy)})
    with open(os.path.join(site, "ind-test-torch.pth"), "w") as f:
        f.write("".join(d + "\n" for d in dirs))
    print("linked torch into %s" % os.path.basename(site))


def run(seed, *flags):
    cuda = "--cuda" in flags
    venv = sys.prefix
    assert sys.prefix != sys.base_prefix, "not in a venv"
    import torch

    # 1. torch.compile(backend="ind") before anything imported ind: Dynamo finds ind through the wheel's
    # torch_dynamo_backends entry point.
    assert "ind" not in sys.modules

    def fn(x, w):
        return torch.softmax(torch.relu(x @ w) * 0.5, dim=-1) + x.sum()

    torch.manual_seed(0)
    x, w = torch.randn(16, 8), torch.randn(8, 12)
    got = torch.compile(fn, backend="ind")(x, w)
    import ind
    import ind.backend
    assert ind.backend.STATS["compiles"] >= 1 and not ind.backend.STATS["fallbacks"], ind.backend.STATS
    err = (got - fn(x, w)).abs().max().item()
    assert torch.allclose(got, fn(x, w), rtol=1e-5, atol=1e-5), err
    print("torch.compile(backend=\"ind\") == eager: %d compiles, max abs err %.1e" % (ind.backend.STATS["compiles"],
                                                                                  err))

    # 2. The package and library are the wheel's: under the venv, the library from ind/_lib.
    import ind.core
    pkg = os.path.dirname(ind.__file__)
    assert pkg.startswith(venv + os.sep), pkg
    lib = ind.core.library_path()
    assert lib == os.path.join(pkg, "_lib", "libind.so"), lib
    print("ind from the venv: %s" % os.path.relpath(pkg, venv))
    print("library: %s" % os.path.relpath(lib, venv))
    print("versions: package %s, library %s" % (ind.__version__, ind.core.version()))
    from importlib.metadata import version
    assert ind.__version__ == ind.core.version() == version("ind")

    # 3. The seed example through ind.core on the CPU against the reference interpreter.
    import numpy as np
    with open(seed) as f:
        prog = ind.core.compile(f.read(), device="cpu")
    rng = np.random.default_rng(0)
    ins = [rng.standard_normal(shape).astype(np.float32) for shape, _ in prog.inputs]
    outs, refs = prog(*ins), prog.reference(*ins)
    for o, r in zip(outs, refs):
        np.testing.assert_allclose(o, r, rtol=1e-4, atol=1e-5)
    print("seed: %d kernels, %d outputs equal to the reference" % (len(prog.kernels), len(outs)))

    # 4. What the process mapped: our library from the venv, no MLIR/LLVM shared library, no build tree.
    with open("/proc/self/maps") as f:
        maps = {line.split()[-1] for line in f if "/" in line}
    ours = sorted(m for m in maps if "libind" in os.path.basename(m))
    assert ours == [os.path.realpath(lib)], ours
    bad = sorted(m for m in maps if "libMLIR" in m or "libLLVM" in m or "/build/lib/" in m)
    assert not bad, bad
    print("mapped: %s only; no libMLIR, libLLVM or build tree" % os.path.basename(ours[0]))
    if cuda:
        run_cuda(fn, x, w, prog, ins, refs, seed)
    print("WHEEL PASS")


def run_cuda(fn, x, w, prog, ins, refs, seed):
    """On the GPU: torch.compile(backend="ind") on CUDA tensors equal to eager, compiled by ind; the seed
    compiled to PTX by the wheel's library, run on torch's tensors, equal to the reference interpreter."""
    import numpy as np
    import torch
    import ind.backend
    import ind.core
    ok, why = ind.core.cuda_available()
    assert ok and torch.cuda.is_available(), why
    print("cuda: %s; IND_LIBDEVICE=%s CUDA_HOME=%s" % (why, os.environ.get("IND_LIBDEVICE", "(unset)"),
                                                       os.environ.get("CUDA_HOME", "(unset)")))
    before = ind.backend.STATS["compiles"]
    xc, wc = x.cuda(), w.cuda()
    got = torch.compile(fn, backend="ind")(xc, wc)
    want = fn(xc, wc)
    err = (got - want).abs().max().item()
    assert ind.backend.STATS["compiles"] > before and not ind.backend.STATS["fallbacks"], ind.backend.STATS
    assert got.device.type == "cuda" and torch.allclose(got, want, rtol=1e-5, atol=1e-5), err
    print("cuda: torch.compile(backend=\"ind\") == eager, max abs err %.1e" % err)
    with open(seed) as f:
        progc = ind.core.compile(f.read(), device="cuda")
    dtypes = {"f32": torch.float32, "f16": torch.float16, "bf16": torch.bfloat16, "f64": torch.float64}
    tins = [torch.from_numpy(a).cuda() for a in ins]
    touts = [torch.empty(shape, dtype=dtypes[dt], device="cuda") for shape, dt in progc.outputs]
    progc.run(tins, touts)
    torch.cuda.synchronize()
    for o, r in zip(touts, refs):
        np.testing.assert_allclose(o.cpu().numpy(), r, rtol=1e-4, atol=1e-5)
    print("cuda: seed %d kernels (PTX), %d outputs equal to the reference" % (len(progc.kernels), len(touts)))


if __name__ == "__main__":
    {"contents": contents, "link-torch": link_torch, "run": run}[sys.argv[1]](*sys.argv[2:])
