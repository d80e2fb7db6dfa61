"""The model zoo benchmark: every model of bench/zoo/models.py through torch.compile(backend="ind"), beside
eager and Inductor, in inference (f32, bf16) and a training step (f32, AMP bf16).

    python bench/zoo/run.py                                   # tiny configs, CPU, ind only: CI's check
    python bench/zoo/run.py --size full --device cuda --backends ind,eager,inductor --out zoo.json

Each row (model x mode) runs in a subprocess of its own, so a crash or a GPU fault costs that row only.
Per row: the accuracy status by PyTorch's benchmark rule (torch._dynamo.utils.same against a float64
reference: allclose at tol, else RMSE(compiled, fp64) <= m * RMSE(eager, fp64) + tol/10; tol 1e-3 for
inference, 1e-2 for training; outputs and every parameter gradient, and in training the buffers the first
step wrote: batch norm's running statistics), time per iteration of each backend
(medians of interleaved iterations), first-call time, kernels per call and peak memory (CUDA), and ind's
partitions with every op that ran eagerly. docs/zoo.md explains the columns and holds the current table.
"""
import argparse
import contextlib
import copy
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
MODES = ("infer_f32", "infer_bf16", "train_f32", "train_amp")
ZOOS = ("main", "heldout")


def models_of(zoo):
    """The model table named zoo: "main" (models.py's ZOO, what ind is developed against) or "heldout"
    (heldout.py's HELDOUT, architectures ind is judged on without having seen them)."""
    sys.path.insert(0, HERE)
    if zoo == "heldout":
        from heldout import HELDOUT
        return HELDOUT
    from models import ZOO
    return ZOO


def _flat(x):
    import torch
    if isinstance(x, torch.Tensor):
        return [x]
    if isinstance(x, (tuple, list)):
        return [t for v in x for t in _flat(v)]
    if isinstance(x, dict):
        return [t for v in x.values() for t in _flat(v)]
    return []


def _no_dropout(model):
    """Dropout off (p = 0) everywhere, so a training step is deterministic and comparable with eager;
    the model stays in train mode (batch norm computes batch statistics and updates running ones)."""
    import torch
    for m in model.modules():
        if isinstance(m, torch.nn.Dropout):
            m.p = 0.0
        for k, v in list(vars(m).items()):
            if "drop" in k and isinstance(v, float):
                setattr(m, k, 0.0)
    for cfg in {id(m.config): m.config for m in model.modules() if hasattr(m, "config")}.values():
        for k, v in list(vars(cfg).items()):
            if "drop" in k and isinstance(v, float):
                setattr(cfg, k, 0.0)


class Row:
    """One model in one mode: builds the model, its inputs and the float64 reference."""

    def __init__(self, name, mode, size, device, batch, zoo="main"):
        import torch
        self.name, self.mode, self.device = name, mode, torch.device(device)
        self.train = mode.startswith("train")
        self.dtype = torch.bfloat16 if mode == "infer_bf16" else torch.float32
        self.amp = mode == "train_amp"
        self.tol = 1e-2 if self.train else 1e-3
        torch.manual_seed(0)
        spec = models_of(zoo)[name]
        model = spec.build(size)
        _no_dropout(model)
        model.train(self.train)
        self.base = model  # f32 weights: the float64 reference is made from these
        self.inputs = spec.inputs(size, batch)
        self.model = copy.deepcopy(model).to(device=self.device, dtype=self.dtype)

    def args(self, dtype=None):
        dtype = dtype or self.dtype
        return tuple(a.to(self.device, dtype=dtype) if a.is_floating_point() else a.to(self.device) for a in self.inputs)

    def step(self, fn, model, dtype=None):
        """One call (inference) or forward + backward (training): the outputs then the parameter grads."""
        import torch
        args = self.args(dtype)
        if not self.train:
            with torch.no_grad():
                return _flat(fn(*args))
        for p in model.parameters():
            p.grad = None
        with torch.autocast(self.device.type, dtype=torch.bfloat16, enabled=self.amp):
            outs = _flat(fn(*args))
        loss = sum(o.float().sum() for o in outs if o.is_floating_point())
        loss.backward()
        return [o.detach() for o in outs] + [p.grad for p in model.parameters() if p.grad is not None]

    def buffers(self, model):
        """A training step's buffers after it (batch norm's running statistics and counters): values the
        step writes back, compared as its outputs are (none in inference, which writes none)."""
        return [b.detach().clone() for b in model.buffers()] if self.train else []

    def reference(self):
        """The float64 step's outputs and gradients; its buffers after it in self.ref_buffers."""
        import torch
        m64 = copy.deepcopy(self.base).to(device=self.device, dtype=torch.float64)
        if self.dtype != torch.float32:  # the weights the compiled model has, in float64
            sd = self.base.state_dict()
            low = type(sd)((k, v.to(self.dtype).to(torch.float64)) for k, v in sd.items() if v.is_floating_point())
            low._metadata = getattr(sd, "_metadata", None)  # the modules' versions (MNASNet's loader demands its own)
            m64.load_state_dict(low, strict=False)
        amp, self.amp = self.amp, False
        try:
            if self.dtype != torch.float32:
                args64 = tuple(a.to(self.device, dtype=self.dtype).double() if a.is_floating_point()
                               else a.to(self.device) for a in self.inputs)
                saved, self.inputs = self.inputs, args64
                try:
                    out = self.step(m64, m64, torch.float64)
                finally:
                    self.inputs = saved
            else:
                out = self.step(m64, m64, torch.float64)
            self.ref_buffers = self.buffers(m64)
            return out
        finally:
            self.amp = amp


def _check(row, ref, res, fp64):
    """[(index, ok, max abs error)] by torch._dynamo.utils.same, one per output and parameter gradient."""
    from torch._dynamo.utils import same
    out = []
    if len(ref) != len(res):
        return [(-1, False, float("inf"))]
    for i, (a, b, c) in enumerate(zip(ref, res, fp64)):
        # the float64 model's output as float64: a model that casts its own output (CodeGen's
        # `lm_logits.to(torch.float32)`) hands back f32 even from float64 weights, and same() takes its RMSE
        # branch only for a float64 reference (else allclose alone, which a bf16 row cannot meet)
        c = c.double() if c.is_floating_point() else c
        ok = same(a, b, c, tol=row.tol, equal_nan=True, log_error=lambda *a, **k: None)
        err = (a.double() - b.double()).abs().max().item() if a.numel() else 0.0
        if not ok:  # what the rule compared: each side's RMSE against the float64 reference
            rmse = lambda x: (x.double() - c.double()).pow(2).mean().sqrt().item() if a.numel() else 0.0  # noqa: E731
            err = f"{err:.3g} (shape {list(a.shape)}, rmse {rmse(b):.3g} vs eager's {rmse(a):.3g})"
        out.append((i, bool(ok), err))
    return out


def _sync(dev):
    import torch
    if dev.type == "cuda":
        torch.cuda.synchronize(dev)


def _launch_us(dev, n=200):
    """Microseconds per eager launch of a one-element add, synchronized at the end: the machine's state
    before and after a row's timed iterations (res launch_us_before / _after), so that a row whose every
    column is several times another run's (run 27) can be told apart: a slow machine launches slowly, a
    slow model does not (run 28: resnet18 in bf16 at 8 ms in every column, launches at 6 us as in every
    other row)."""
    import torch
    x = torch.zeros(1, device=dev)
    for _ in range(10):
        x.add_(1)
    _sync(dev)
    t0 = time.perf_counter()
    for _ in range(n):
        x.add_(1)
    _sync(dev)
    return round(1e6 * (time.perf_counter() - t0) / n, 2)


def _kernels_per_call(row, fn, model):
    import torch
    if row.device.type != "cuda":
        return None
    from torch.profiler import ProfilerActivity, profile
    with profile(activities=[ProfilerActivity.CUDA]) as prof:
        row.step(fn, model)
        _sync(row.device)
    return sum(1 for e in prof.events() if e.device_type == torch.autograd.DeviceType.CUDA)


# Backends with CUDA graphs: ind's (ind.cudagraphs, PyTorch's CUDA graph trees) and Inductor's
# mode="reduce-overhead" (the same trees). Each call starts a new step of the trees
# (torch.compiler.cudagraph_mark_step_begin): a replay reuses the last one's output buffers.
CUDAGRAPH_BACKENDS = {"ind-cg": ("ind", {"options": {"cudagraphs": True}}),
                      # with channels-last activations around convolutions where ind.layout decides so (its
                      # default since device run 29) and without them (NCHW throughout): the A/B columns
                      "ind-cg-cl": ("ind", {"options": {"cudagraphs": True, "layout_opt": True}}),
                      "ind-cg-nchw": ("ind", {"options": {"cudagraphs": True, "layout_opt": False}}),
                      # with AOTAutograd's default partitioner of training graphs instead of Inductor's min-cut
                      # (ind.backend.partition_fn)
                      "ind-cg-defaultpart": ("ind", {"options": {"cudagraphs": True, "partitioner": "default"}}),
                      # with every partition holding its intermediates (the runtime's own memory, as before
                      # device run 30) instead of a block of PyTorch's caching allocator per call
                      "ind-cg-held": ("ind", {"options": {"cudagraphs": True, "intermediates": "held"}}),
                      # with every program compiled ahead by ptxas (Triton's, as Inductor's kernels) instead of
                      # by the driver's JIT when it loads (ind.backend.ptxas_setting)
                      "ind-cg-ptxas": ("ind", {"options": {"cudagraphs": True, "ptxas": "auto"}}),
                      # and with addmm's bias kept out of the matmul (graph-decompose's addmm-epilogue off):
                      # the A/B column of the cuBLASLt bias epilogue
                      "ind-cg-noepi": ("ind", {"options": {"cudagraphs": True,
                                                           "graph-decompose.addmm-epilogue": "false"}}),
                      # with partitions cut where one call would hold more than 1.25x what the graph needs
                      # at one node (ind.backend.memory_split; off by default): the memory A/B column
                      "ind-cg-memsplit": ("ind", {"options": {"cudagraphs": True, "memory_split": 1.25}}),
                      # with calls in parts (ind.backend.call_parts 1.05: outputs allocated before their first
                      # step, donated inputs dropped after their last; off by default) and with every call
                      # whole (call_parts off, whatever the default): the A/B pair
                      "ind-cg-parts": ("ind", {"options": {"cudagraphs": True, "call_parts": 1.05}}),
                      "ind-cg-whole": ("ind", {"options": {"cudagraphs": True, "call_parts": "off"}}),
                      "inductor-cg": ("inductor", {"mode": "reduce-overhead"})}


def _compile(m, b):
    """torch.compile of m for the backend name b (any torch.compile backend, or one of CUDAGRAPH_BACKENDS)."""
    import torch
    if b == "ind":  # the column without CUDA graphs (on by default in the backend: ind-cg)
        return torch.compile(m, backend="ind", options={"cudagraphs": False})
    if b not in CUDAGRAPH_BACKENDS:
        return torch.compile(m, backend=b)
    name, kw = CUDAGRAPH_BACKENDS[b]
    fn = torch.compile(m, backend=name, **kw)

    def step(*args):
        torch.compiler.cudagraph_mark_step_begin()
        return fn(*args)
    return step


def _no_tf32():
    """TF32 off in cuDNN and cuBLAS, as PyTorch's benchmark runner (benchmarks/dynamo/common.py) sets it for
    --accuracy: cuDNN's default allows TF32, whose 10-bit mantissa an f32 row's rule cannot tell from an
    error, and which algorithm it takes depends on the layout (device run 31: ViT's patch convolution in
    channels-last, ind's and Inductor's layout, took a TF32 kernel, eager's NCHW one did not: RMSE 3e-4
    against eager's 1e-6, both compilers failing the row alike). bf16 and AMP rows are unaffected."""
    import torch
    torch.backends.cudnn.allow_tf32 = False
    torch.backends.cuda.matmul.allow_tf32 = False


def run_row(name, mode, size, device, backends, iters, batch, zoo="main"):
    """Runs one row in this process; returns its result dict."""
    _no_tf32()
    with _zoo_lock(False):
        row, res, compiled, eager, fp64 = _build_row(name, mode, size, device, backends, batch, zoo)
    import torch
    res["tf32"] = torch.backends.cudnn.allow_tf32 or torch.backends.cuda.matmul.allow_tf32
    if iters > 0:
        with _zoo_lock(True):
            _time_row(row, res, compiled, eager, fp64, iters)
        res["machine"] = _machine(row.device)
    return res


def _machine(dev):
    """What a timed row ran on, to compare runs across machines: the device's name, the CUDA driver's
    version (ind's PTX is compiled by its JIT unless compiled ahead), torch's and Triton's versions."""
    import torch
    m = {"torch": torch.__version__}
    try:
        import triton
        m["triton"] = triton.__version__
    except ImportError:
        pass
    if dev.type == "cuda":
        m["gpu"] = torch.cuda.get_device_name(dev)
        try:
            import ctypes
            v = ctypes.c_int()
            if ctypes.CDLL("libcuda.so.1").cuDriverGetVersion(ctypes.byref(v)) == 0:
                m["cuda_driver"] = f"{v.value // 1000}.{v.value % 1000 // 10}"
        except OSError:
            pass
        try:
            import subprocess
            r = subprocess.run(["nvidia-smi", "--query-gpu=driver_version", "--format=csv,noheader", "-i",
                                str(dev.index or 0)], capture_output=True, text=True, timeout=10)
            if r.returncode == 0 and r.stdout.strip():
                m["driver"] = r.stdout.strip()
        except (OSError, subprocess.SubprocessError):
            pass
    return m


def _build_row(name, mode, size, device, backends, batch, zoo):
    """The row's model, references and each backend's compiled model, first call and accuracy status."""
    import torch
    sys.path.insert(0, os.path.join(ROOT, "python"))
    import ind  # noqa: F401  (registers backend="ind")
    from ind import backend as ind_backend
    row = Row(name, mode, size, device, batch, zoo)
    res = {"model": name, "mode": mode, "size": size, "device": device}
    fp64 = row.reference() + row.ref_buffers
    eager_model = row.model
    pristine = copy.deepcopy(row.model)  # the compiled copies start from the buffers eager's step started from
    with _peak(row, res, "eager_peak_mb" if "eager" in backends else None):
        eager = row.step(eager_model, eager_model)
    first = eager + row.buffers(eager_model)  # the first step's outputs, gradients and buffers after it
    if "eager" in backends:
        _cpu_peak(row, res, "eager", eager_model, eager_model)
    compiled = {}
    for b in backends:
        if b == "eager":
            compiled[b] = (eager_model, eager_model)
            continue
        if b == "perturbed":  # the runner's own check (test/torch/zoo-rule.test): eager, outputs off by 5 tol
            m = copy.deepcopy(pristine)
            fn = lambda *a, m=m: [t * (1 + 5 * row.tol) if t.is_floating_point() else t for t in _flat(m(*a))]  # noqa: E731
            out = row.step(fn, m)
            bad = [c for c in _check(row, eager, out, fp64) if not c[1]]
            res[f"{b}_status"] = "fail" if bad else "pass"
            continue
        if b == "stale":  # the check of the buffers (zoo-rule.test): eager, its buffers put back after the step
            m = copy.deepcopy(pristine)
            out = row.step(m, m)
            with torch.no_grad():
                for mine, before in zip(m.buffers(), pristine.buffers()):
                    mine.copy_(before)
            bad = [c for c in _check(row, first, out + row.buffers(m), fp64) if not c[1]]
            res[f"{b}_status"] = "fail" if bad else "pass"
            continue
        m = copy.deepcopy(pristine)
        torch._dynamo.reset()
        ind_backend.reset_stats()
        ind_backend.clear_cache()  # each ind column compiles (and holds device memory for) its own programs
        fn = None
        try:  # one backend's exception is its cell, not the row's: the other backends still run
            fn = _compile(m, b)
            _sync(row.device)
            t0 = time.perf_counter()
            with _peak(row, res, f"{b}_peak_mb"):
                out = row.step(fn, m)
            _sync(row.device)
        except Exception as e:
            traceback.print_exc()
            res[f"{b}_status"] = "error"
            res[f"{b}_error"] = _exception_line(e)
            # the traceback's end kept in the row (the subprocess's stderr is not): where the error came from
            res[f"{b}_traceback"] = traceback.format_exc().splitlines()[-40:]
            continue
        res[f"{b}_first_s"] = round(time.perf_counter() - t0, 3)
        # outputs, gradients and (training) the buffers the step wrote: later steps move the buffers on, so
        # they are compared after this first one only (the replay check below takes outputs and gradients)
        checks = _check(row, first, out + row.buffers(m), fp64)
        bad = [c for c in checks if not c[1]]
        res[f"{b}_status"] = "pass" if not bad else "fail"
        if bad:
            res[f"{b}_failed"] = [f"#{i} err {e}" for i, _, e in bad[:5]] + (["..."] if len(bad) > 5 else [])
        _cpu_peak(row, res, b, fn, m)  # a second step: after the first step's buffers were compared
        if b.startswith("ind") and "ind_graphs" not in res:  # ind's books: of ind, else of ind-cg
            parts = ind_backend.STATS["partitions"]
            res["ind_graphs"] = len(parts)
            res["ind_partitions"] = sum(p.count("\nind ") + p.startswith("ind ") for p in parts)
            ran = [ln.split(None, 1)[1] for p in parts for ln in p.splitlines() if ln.startswith("eager ")]
            res["ind_externs"] = sorted({e.split()[0] for e in ran if e.endswith("(extern)")})
            # every other op that ran eagerly: a gap in ind's coverage (an empty tensor says so); a view ind
            # left to PyTorch because its partition held only views (free there, a copy in ind) is listed apart
            res["ind_eager_ops"] = sorted({e for e in ran if not e.endswith(("(extern)", "(view)"))})
            res["ind_eager_views"] = sorted({e.split()[0] for e in ran if e.endswith("(view)")})
            res["ind_fallbacks"] = list(ind_backend.STATS["fallbacks"])
            if ind_backend.STATS.get("layout_skipped"):  # channels-last rewrites not taken (ind.layout)
                res["ind_layout_skipped"] = list(ind_backend.STATS["layout_skipped"])
        compiled[b] = (fn, m)
    return row, res, compiled, eager, fp64


@contextlib.contextmanager
def _zoo_lock(exclusive):
    """Rows run side by side (--jobs) compile concurrently but take their times alone: the parent names a lock
    file in $IND_ZOO_TIME_LOCK; a row holds it shared while it builds and compiles (_zoo_lock(False)) and
    exclusively while it times (_zoo_lock(True)), so no compile runs beside a timed row (run 25: rows timed
    beside other rows' compiles came out up to 1.7x slower, ind's and Inductor's alike but not equally). A
    turnstile (the file + ".turn") keeps a waiting timer from being starved by rows that start compiling:
    every row passes it before taking the room, and a timer holds it until the room is empty."""
    path = os.environ.get("IND_ZOO_TIME_LOCK")
    if not path:
        yield
        return
    import fcntl
    with open(path + ".turn", "a") as turn, open(path, "a") as room:
        fcntl.flock(turn, fcntl.LOCK_EX)
        try:
            fcntl.flock(room, fcntl.LOCK_EX if exclusive else fcntl.LOCK_SH)
        finally:
            fcntl.flock(turn, fcntl.LOCK_UN)
        try:
            yield
        finally:
            fcntl.flock(room, fcntl.LOCK_UN)


def _time_row(row, res, compiled, eager, fp64, iters):
    """Medians of interleaved iterations per backend; on CUDA also kernels per call and peak memory. A CUDA
    graph backend's first call (checked above) is its warm-up, not a replay: its last timed step, a
    replay, is checked against eager by the same rule ({b}_replay_status)."""
    import torch
    times = {b: [] for b in compiled}

    def step(b):  # False, the error recorded, when a later call fails (a recording, a replay): b leaves
        fn, m = compiled[b]
        try:
            row.step(fn, m)
            _sync(row.device)
            return True
        except Exception as e:
            traceback.print_exc()
            res[f"{b}_timing_error"] = _exception_line(e)
            del compiled[b], times[b]
            return False
    for _ in range(2):  # warm-up
        for b in list(compiled):
            step(b)
    res["launch_us_before"] = _launch_us(row.device)
    for _ in range(iters):  # interleaved, so a slow spell of the machine hits every backend alike
        for b in list(compiled):
            _sync(row.device)
            t0 = time.perf_counter()
            if step(b):
                times[b].append(time.perf_counter() - t0)
    res["launch_us_after"] = _launch_us(row.device)
    for b, ts in times.items():
        res[f"{b}_ms"] = round(1e3 * statistics.median(ts), 3)
    for b in compiled:
        if b in CUDAGRAPH_BACKENDS:
            fn, m = compiled[b]
            bad = [c for c in _check(row, eager, row.step(fn, m), fp64) if not c[1]]
            res[f"{b}_replay_status"] = "fail" if bad else "pass"
            if bad:
                res[f"{b}_replay_failed"] = [f"#{i} err {e}" for i, _, e in bad[:5]]
    if row.device.type == "cuda":
        for b, (fn, m) in compiled.items():
            res[f"{b}_kernels"] = _kernels_per_call(row, fn, m)


@contextlib.contextmanager
def _peak(row, res, key):
    """res[key]: the CUDA memory a call allocated at its peak above what was allocated before it, in MiB (a
    backend's first call: its activations, gradients, workspaces and outputs; for a CUDA graph backend the
    trees' warm-up call, the recorded graph's pool not in it). Measured there because after the timed
    iterations every backend's memory is allocated at once (the CUDA graph backends' pools among it), which
    made every backend's peak the same number (run 25). ind's backends also hold device memory PyTorch's
    allocator does not see (the runtime's cuMemAlloc of each program's intermediates and cuBLASLt
    workspaces, ind.core.cuda_runtime_bytes): what the call added to it is res[<backend>_held_mb] and part
    of the peak."""
    if key is None or row.device.type != "cuda":
        yield
        return
    import gc
    import torch
    gc.collect()  # the programs of the column before, if nothing holds them any more
    held = None
    name = key[:-len("_peak_mb")]
    if name == "ind" or name.startswith("ind-"):  # ind's columns, not inductor's
        from ind import core
        held = core.cuda_runtime_bytes()
    # cuBLAS's workspaces (allocated by eager's matmuls, held per handle and stream) are released by the
    # CUDA graph trees as their warm-up starts (cudagraph_trees.clear_cublas_manager): left in the base, the
    # column that came first had its call's allocations fit into the space they freed (run 28: resnet18's
    # first column read 0.6 MB, the same backend as the second column 7.5 MB). Released before the base, every
    # column's call allocates the workspaces it uses, and they are part of its peak.
    if hasattr(torch._C, "_cuda_clearCublasWorkspaces"):
        torch._C._cuda_clearCublasWorkspaces()
    _sync(row.device)
    base = torch.cuda.memory_allocated(row.device)
    torch.cuda.reset_peak_memory_stats(row.device)
    yield
    _sync(row.device)
    peak = torch.cuda.max_memory_allocated(row.device) - base
    if held is not None:
        held = core.cuda_runtime_bytes() - held
        res[key.replace("_peak_mb", "_held_mb")] = round(held / 2**20, 1)
        peak += held
    res[key] = round(peak / 2**20, 1)


def _cpu_peak(row, res, b, fn, model):
    """On the CPU, res[<b>_peak_mb]: the host memory one later step of backend b allocated at its peak above
    what was allocated before it, in MiB, from the profiler's memory events (PyTorch's CPU allocator reports
    each allocation and free to it; the CPU has no peak counter of its own). A step after the first, so no
    compile is profiled; memory ind's runtime takes itself (a program's scratch on the host) is not in it."""
    if row.device.type != "cpu":
        return
    import gc
    from torch._C._autograd import DeviceType
    from torch.profiler import ProfilerActivity, profile
    gc.collect()
    with profile(activities=[ProfilerActivity.CPU], profile_memory=True) as prof:
        row.step(fn, model)
    events = sorted((e.start_ns(), e.nbytes()) for e in prof.profiler.kineto_results.events()
                    if e.name() == "[memory]" and e.device_type() == DeviceType.CPU)
    now = peak = 0
    for _, n in events:
        now += n
        peak = max(peak, now)
    res[f"{b}_peak_mb"] = round(peak / 2**20, 3)


def warmed(row, b, calls):
    """(compiled callable, its model copy) of backend b for the row (b "eager": the copy itself), after
    `calls` steps and a synchronize: compiled, warmed up, CUDA graphs recorded (the trees record on the
    second call). What a one-row tool measures after (kernels.py, hostprof.py)."""
    import torch
    m = copy.deepcopy(row.model)
    torch._dynamo.reset()
    fn = m if b == "eager" else _compile(m, b)
    for _ in range(calls):
        row.step(fn, m)
    _sync(row.device)
    return fn, m


def one_row_tool(doc, mode, backends, steps, top, profile):
    """The command line and loop of a tool that looks at one row per backend (kernels.py, hostprof.py):
    parses --model --mode --zoo --size --device --backends --batch --steps --top --out (doc: the tool's help;
    the rest: defaults), makes the row as the zoo does (TF32 off), and returns [profile(row, backend, args)
    for each backend], a backend that raises printed as one line and left out."""
    ap = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--model", required=True)
    ap.add_argument("--mode", default=mode, choices=MODES)
    ap.add_argument("--zoo", default="main", choices=ZOOS)
    ap.add_argument("--size", default="full", choices=("tiny", "full"))
    ap.add_argument("--device", default="cuda")
    ap.add_argument("--backends", default=backends)
    ap.add_argument("--batch", type=int, default=2)
    ap.add_argument("--steps", type=int, default=steps)
    ap.add_argument("--top", type=int, default=top)
    ap.add_argument("--out")
    a = ap.parse_args()
    sys.path.insert(0, os.path.join(ROOT, "python"))
    import ind  # noqa: F401  (registers backend="ind")
    _no_tf32()  # as the zoo's rows
    row = Row(a.model, a.mode, a.size, a.device, a.batch, a.zoo)
    results = []
    for b in a.backends.split(","):
        try:
            results.append(profile(row, b, a))
        except Exception as e:
            print(f"== {b}: {_exception_line(e)}")
    if a.out:
        with open(a.out, "w") as f:
            json.dump(results, f, indent=1)
    return results


def _exception_line(e):
    """An exception as one line: its type and the first line of its message, and of the exception it wraps
    (Dynamo's BackendCompilerFailed says only "backend='ind' raised:" on its first line)."""
    parts = []
    while e is not None and len(parts) < 4:
        msg = str(e).strip().splitlines()
        parts.append(f"{type(e).__name__}: {msg[0][:300]}" if msg else type(e).__name__)
        e = getattr(e, "inner_exception", None) or e.__cause__
    return " <- ".join(parts)


def _error_line(stderr):
    """The line of a row's stderr that says what failed: the last exception line (Dynamo ends its report with
    advice lines), else the last line."""
    lines = [ln.strip() for ln in stderr.strip().splitlines() if ln.strip()]
    for ln in reversed(lines):
        if re.match(r"^[\w.]+(Error|Exception|Failed|Interrupt)\b.*:", ln):
            return ln
    return lines[-1] if lines else "(no output)"


def table(path):
    """The rows of a --out file as a markdown table (docs/zoo.md)."""
    rows = [json.loads(ln) for ln in open(path) if ln.strip()]
    backends = columns(rows)
    head = ["model", "mode"] + [f"{b} status" for b in backends if b != "eager"] + \
           [f"{b} ms" for b in backends if any(f"{b}_ms" in r for r in rows)] + \
           ["ind first call s", "graphs", "partitions", "externs", "other eager ops"]
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for r in rows:
        if "error" in r:
            out.append(f"| {r['model']} | {r['mode']} | error: {r['error'][:120]} |" + " |" * (len(head) - 3))
            continue
        status = lambda b: r.get(f"{b}_status", "") + (f" (replay {r[b + '_replay_status']})"  # noqa: E731
                                                        if r.get(f"{b}_replay_status", "pass") != "pass" else "")
        cells = [r["model"], r["mode"]] + [status(b) for b in backends if b != "eager"]
        cells += [str(r.get(f"{b}_ms", "")) for b in backends if any(f"{b}_ms" in x for x in rows)]
        short = lambda ops: ", ".join(o.replace("aten.", "").replace(".default", "") for o in ops)  # noqa: E731
        cells += [str(r.get("ind_first_s", r.get("ind-cg_first_s", ""))), str(r.get("ind_graphs", "")), str(r.get("ind_partitions", "")),
                  short(r.get("ind_externs", [])), short(r.get("ind_eager_ops", [])) or "none"]
        out.append("| " + " | ".join(cells) + " |")
    return "\n".join(out + [""] + summary(rows))


def columns(rows):
    """The backends the rows hold (a `<backend>_status` or `<backend>_ms` key): ind, ind-cg, inductor,
    inductor-cg, eager in that order, then any other (ind-cg-parts, ind-cg-whole, ...) by name."""
    names = {k[:-len(suffix)] for r in rows for k in r for suffix in ("_status", "_ms")
             if k.endswith(suffix) and not k.endswith("_replay_status")}
    known = [b for b in ("ind", "ind-cg", "inductor", "inductor-cg", "eager") if b in names]
    return known + sorted(names - set(known))


HOST_NOISE = 1.3  # a row whose launch probe took over this times the call's fastest row's: the host was loaded


def summary(rows):
    """Geomean ratios of the timed rows of one call: ind's column against Inductor's (with CUDA graphs
    against with CUDA graphs) and against eager, in time, peak memory and kernels per call. A batch-2 step
    is bound by the host (bert's bf16 inference: kernels half of its wall time, device run 34), so a row
    timed while the host was loaded is slow in every column but not alike: the time ratio is given again
    over the rows whose launch probe (launch_us_before/after, _launch_us) stayed within HOST_NOISE x the
    fastest row's, the others named."""
    import math

    def gm(xs):
        return math.exp(sum(math.log(x) for x in xs) / len(xs))
    rows = [r for r in rows if "error" not in r]
    probe = {r["model"] + "/" + r["mode"]: max(r.get("launch_us_before", 0), r.get("launch_us_after", 0))
             for r in rows if r.get("launch_us_before")}
    floor = min(probe.values()) if probe else 0
    loaded = {k: v for k, v in probe.items() if v > HOST_NOISE * floor}
    out = []
    if loaded:
        out.append(f"host launch probe: fastest row {floor:.2f} us; loaded (over {HOST_NOISE}x): " +
                   ", ".join(f"{k.split('/')[0]} {v:.1f}" for k, v in loaded.items()))
    variants = [(v, "inductor-cg") for v in columns(rows) if v.startswith("ind-cg-")]
    for a, b in [("ind-cg", "inductor-cg"), ("ind", "inductor"), ("ind-cg", "eager"), ("ind", "eager")] + variants:
        pair = [r for r in rows if r.get(f"{a}_ms") and r.get(f"{b}_ms")]
        if not pair:
            continue
        t = sorted((r[f"{a}_ms"] / r[f"{b}_ms"], r["model"]) for r in pair)
        line = f"{a} / {b} time: {gm([x for x, _ in t]):.3f} over {len(t)} rows ({t[0][0]:.3f} {t[0][1]} .. " \
               f"{t[-1][0]:.3f} {t[-1][1]})"
        steady = [r[f"{a}_ms"] / r[f"{b}_ms"] for r in pair if r["model"] + "/" + r["mode"] not in loaded]
        if loaded and steady:
            line += f"; {gm(steady):.3f} over the {len(steady)} rows of a steady host"
        out.append(line)
        def ratios(key):
            return [r[f"{a}_{key}"] / r[f"{b}_{key}"] for r in pair if r.get(f"{a}_{key}") and r.get(f"{b}_{key}")]
        peak, kern = ratios("peak_mb"), ratios("kernels")
        if peak:
            under = sum(x <= 1 for x in peak)
            out.append(f"{a} / {b} peak memory: {gm(peak):.3f}, at or under on {under} of {len(peak)}")
        if kern:
            out.append(f"{a} / {b} kernels per call: {gm(kern):.3f}")
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--models", default="all", help="comma-separated names of the --zoo table, or all")
    ap.add_argument("--zoo", default="main", choices=ZOOS,
                    help="main: bench/zoo/models.py; heldout: bench/zoo/heldout.py (models ind was not developed on)")
    ap.add_argument("--modes", default="infer_f32,train_f32", help=f"comma-separated, of {', '.join(MODES)}")
    ap.add_argument("--size", default="tiny", choices=("tiny", "full"))
    ap.add_argument("--device", default="cpu")
    ap.add_argument("--backends", default="ind",
                    help="comma-separated: ind, eager, inductor (any torch.compile backend), ind-cg and "
                         "inductor-cg (with CUDA graphs: ind's cudagraphs option, Inductor's "
                         "mode=reduce-overhead), perturbed (the runner's self-check: eager with its outputs "
                         "scaled by 1 + 5 tol, which must fail), stale (eager that writes no buffer back: "
                         "must fail a training row of a batch-norm net)")
    ap.add_argument("--iters", type=int, default=0, help="timed iterations per backend (0: accuracy only)")
    ap.add_argument("--batch", type=int, default=2)
    ap.add_argument("--timeout", type=int, default=900, help="seconds per row")
    ap.add_argument("--jobs", type=int, default=1,
                    help="rows run side by side; with --iters they compile side by side and time one at a time")
    ap.add_argument("--budget", type=float, help="seconds: start no row after this (a time-boxed run)")
    ap.add_argument("--out", help="write the rows as JSON lines here")
    ap.add_argument("--row", help=argparse.SUPPRESS)  # model:mode, run in this process (the subprocess side)
    ap.add_argument("--table", metavar="ROWS.jsonl", help="print the rows of an --out file as a markdown table")
    a = ap.parse_args()
    if a.table:
        print(table(a.table))
        return 0
    backends = [b for b in a.backends.split(",") if b]
    if a.row:
        name, mode = a.row.split(":")
        print("ZOO-ROW " + json.dumps(run_row(name, mode, a.size, a.device, backends, a.iters, a.batch, a.zoo)), flush=True)
        return 0
    names = list(models_of(a.zoo)) if a.models == "all" else a.models.split(",")
    modes = a.modes.split(",")
    rows, failed, skipped = [], 0, 0

    until = time.time() + a.budget if a.budget else None
    lockdir = tempfile.TemporaryDirectory(prefix="ind_zoo_")  # removed when main returns
    lock = os.path.join(lockdir.name, "timing.lock")

    def one(name, mode):
        if until is not None and time.time() > until:
            return None
        cmd = [sys.executable, os.path.abspath(__file__), "--row", f"{name}:{mode}", "--zoo", a.zoo, "--size", a.size,
               "--device", a.device, "--backends", ",".join(backends), "--iters", str(a.iters),
               "--batch", str(a.batch)]
        env = dict(os.environ, IND_STRICT=os.environ.get("IND_STRICT", "1"))
        if a.jobs > 1 and a.iters > 0:  # compile side by side, time one row at a time
            env["IND_ZOO_TIME_LOCK"] = lock
        try:
            p = subprocess.run(cmd, capture_output=True, text=True, timeout=a.timeout, env=env)
            line = [ln for ln in p.stdout.splitlines() if ln.startswith("ZOO-ROW ")]
            if line:
                return json.loads(line[-1][8:])
            return {"model": name, "mode": mode, "error": f"exit {p.returncode}: {_error_line(p.stderr)[:300]}",
                    "stderr_tail": p.stderr[-4000:]}
        except subprocess.TimeoutExpired:
            return {"model": name, "mode": mode, "error": f"timeout after {a.timeout} s"}

    # --jobs > 1 runs rows side by side (with --iters, the timed part of each row holds the lock)
    from concurrent.futures import ThreadPoolExecutor, as_completed
    with ThreadPoolExecutor(max(1, a.jobs)) as ex:
        futs = [ex.submit(one, name, mode) for name in names for mode in modes]
        for fu in as_completed(futs):
            r = fu.result()
            if r is None:
                skipped += 1
                continue
            ok = "error" not in r and all(r.get(f"{b}_status") in ("pass", None) for b in backends)
            failed += not ok
            rows.append(r)
            print(("PASS " if ok else "FAIL ") + json.dumps(r), flush=True)
            if a.out:
                with open(a.out, "a") as f:
                    f.write(json.dumps(r) + "\n")
    lockdir.cleanup()
    print(f"zoo: {len(rows) - failed} passed, {failed} failed" + (f", {skipped} not started within --budget" if skipped else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
