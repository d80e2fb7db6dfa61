"""ind.core - Python bindings of libind (include/ind/ind.h) through ctypes; standard library only, numpy optional.

    from ind.core import compile, load
    prog = compile(mlir_text, device="cpu", fuse="inductor")      # or device="cuda" (PTX)
    prog.inputs, prog.outputs      # [(shape tuple, dtype str such as "f32"), ...]
    outs = prog(*numpy_arrays)     # CPU JIT: a tuple of new numpy arrays
    prog.run(inputs, outputs, stream=None)   # caller-owned buffers: numpy arrays on the CPU; on the GPU objects
                                             # with data_ptr(), __cuda_array_interface__ or __dlpack__ (torch
                                             # tensors work without ind importing torch); stream: an int CUstream
    prog.ptx, prog.kernels, prog.launch_plan, prog.kernel_ir, prog.save(path); ind.core.load(path)
    prog.reference(*numpy_arrays)  # the reference interpreter on the same inputs

Options: device, fuse, target (sm_XX), opt_level, func, and pass options either as
options={"fuse-inductor.max-fusion-size": 8} or as keywords with "__" between pass and option and "_" for "-"
(fuse_inductor__max_fusion_size=8). Fusion plugins (include/ind/fusion.h, as `ind-opt --load-pass-plugin`):
load_plugin(path), or compile(..., plugins=[path, ...]); then fuse=NAME names their strategies.

The library is the one packaged in the wheel (ind/_lib/libind.so, docs/packaging.md), else $IND_LIBRARY,
else libind.so next to this package, in ../lib (an install), or in the source tree's build/lib. Where libind
cannot be loaded (a GPU machine without MLIR), the runtime alone is used ($IND_RUNTIME_LIBRARY or libindrt.so
in the same places): load() of a saved program, inspection and run() on the GPU work; compile(), __call__ and
reference() raise IndError. PTX math links libdevice: $IND_LIBDEVICE, else under $CUDA_HOME, ...; where there
is none, Triton's copy (libdevice_from_triton). Errors are IndError with libind's message (located
diagnostics for compile errors).
One compiler (an MLIR context) serves the process; it is not thread-safe: compile from one thread.
"""

import ctypes
import functools
import os
import threading

__all__ = ["compile", "load", "load_plugin", "Program", "IndError", "library_path", "cuda_available",
           "version", "libdevice_from_triton"]


class IndError(RuntimeError):
    """A failure reported by libind (its IndStatus message)."""


# --- the library --------------------------------------------------------------------------------------------

MAX_RANK = 8
DTYPES = ["f32", "f16", "bf16", "f64", "i1", "i8", "i32", "i64"]
_NUMPY_NAMES = {"f32": "float32", "f16": "float16", "bf16": "uint16", "f64": "float64", "i1": "bool",
                "i8": "int8", "i32": "int32", "i64": "int64"}
_ITEMSIZE = {"f32": 4, "f16": 2, "bf16": 2, "f64": 8, "i1": 1, "i8": 1, "i32": 4, "i64": 8}


class _TensorInfo(ctypes.Structure):
    _fields_ = [("name", ctypes.c_char_p), ("type", ctypes.c_int), ("rank", ctypes.c_int),
                ("shape", ctypes.c_int64 * MAX_RANK), ("numel", ctypes.c_int64), ("bytes", ctypes.c_int64)]


class _StepInfo(ctypes.Structure):
    _fields_ = [("is_extern", ctypes.c_bool), ("kernel", ctypes.c_char_p), ("grid", ctypes.c_uint * 3),
                ("block", ctypes.c_uint * 3), ("shared", ctypes.c_uint), ("num_args", ctypes.c_int)]


def library_path(name="libind.so", env="IND_LIBRARY"):
    """Where libind is looked for: the library packaged with this package (_lib/, an installed wheel:
    scripts/wheel.sh; it wins over $IND_LIBRARY, since ctypes declarations and library must match), then
    $IND_LIBRARY, next to the package, ../lib, the source tree's build/lib."""
    here = os.path.dirname(os.path.abspath(__file__))
    packaged = os.path.join(here, "_lib", name)
    if os.path.exists(packaged):
        return packaged
    if os.environ.get(env):
        return os.environ[env]
    for cand in (os.path.join(here, name),
                 os.path.join(here, "..", "..", name),  # <prefix>/lib/python/ind -> <prefix>/lib
                 os.path.join(here, "..", "..", "build", "lib", name)):
        if os.path.exists(cand):
            return os.path.normpath(cand)
    return name


# The fixed places passes/codegen/ptx.c (ind_ptx_libdevice_path) looks in for nvvm/libdevice/libdevice.10.bc.
_CUDA_ROOTS = ("/usr/local/cuda", "/usr/lib/cuda")
# Triton's copy of libdevice, by Triton release (3.x, 2.x), under its package folder.
_TRITON_LIBDEVICE = (("backends", "nvidia", "lib", "libdevice.10.bc"), ("third_party", "cuda", "lib", "libdevice.10.bc"))


def libdevice_from_triton():
    """Where libind would find no libdevice for PTX math ($IND_LIBDEVICE, $CUDA_HOME, $CUDA_PATH, $CUDA_ROOT
    unset, none in /usr/local/cuda or /usr/lib/cuda: a pip-installed PyTorch without a CUDA toolkit), sets
    $IND_LIBDEVICE to Triton's copy, which PyTorch's CUDA wheels bring along (Triton is located, not imported).
    Runs when libind is loaded. Returns the path it set, or None."""
    if any(os.environ.get(v) for v in ("IND_LIBDEVICE", "CUDA_HOME", "CUDA_PATH", "CUDA_ROOT")):
        return None
    if any(os.path.isfile(os.path.join(r, "nvvm", "libdevice", "libdevice.10.bc")) for r in _CUDA_ROOTS):
        return None
    import importlib.util
    try:
        spec = importlib.util.find_spec("triton")
    except (ImportError, ValueError):
        return None
    for d in (spec.submodule_search_locations or []) if spec else []:
        for rel in _TRITON_LIBDEVICE:
            cand = os.path.join(d, *rel)
            if os.path.isfile(cand):
                os.environ["IND_LIBDEVICE"] = cand  # putenv: libind's getenv sees it
                return cand
    return None


@functools.lru_cache(maxsize=None)
def find_ptxas(setting):
    """The ptxas to compile programs ahead with, for a setting: None, "", "off", "0": none; "auto": Triton's
    bundled ptxas (what Inductor's kernels are compiled with; located, not imported), else one on PATH or
    under a CUDA root; else a path, which must exist. Raises IndError for a path that is not there."""
    if setting in (None, "", "off", "0", False):
        return None
    if setting != "auto":
        if not os.path.isfile(setting):
            raise IndError(f"ptxas {setting!r} does not exist")
        return setting
    import importlib.util
    import shutil
    try:
        spec = importlib.util.find_spec("triton")
    except (ImportError, ValueError):
        spec = None
    for d in (spec.submodule_search_locations or []) if spec else []:
        cand = os.path.join(d, "backends", "nvidia", "bin", "ptxas")
        if os.path.isfile(cand):
            return cand
    found = shutil.which("ptxas")
    if found:
        return found
    return next((c for r in _CUDA_ROOTS if os.path.isfile(c := os.path.join(r, "bin", "ptxas"))), None)


def compile_cubin(ptx, arch, ptxas):
    """The PTX text compiled by ptxas for arch ("sm_90"): the cubin's bytes (ptxas -O3, as Triton runs it).
    Raises IndError with ptxas's message when it fails."""
    import subprocess
    import tempfile
    with tempfile.TemporaryDirectory(prefix="ind-ptxas-") as d:
        src, out = os.path.join(d, "k.ptx"), os.path.join(d, "k.cubin")
        with open(src, "w") as f:
            f.write(ptx)
        r = subprocess.run([ptxas, f"--gpu-name={arch}", "-O3", src, "-o", out], capture_output=True, text=True)
        if r.returncode != 0:
            raise IndError(f"ptxas ({ptxas}) failed for {arch}: {(r.stderr or r.stdout).strip()[:2000]}")
        with open(out, "rb") as f:
            return f.read()


_lib = None
_runtime_only = False  # libind could not be loaded: the runtime alone (libindrt.so)
_P = ctypes.c_void_p

_RT_SIG = {
    "ind_status_message": (ctypes.c_char_p, [_P]),
    "ind_status_destroy": (None, [_P]),
    "ind_rt_program_load_file": (_P, [ctypes.c_char_p, ctypes.POINTER(_P)]),
    "ind_rt_program_save": (_P, [_P, ctypes.c_char_p]),
    "ind_rt_program_destroy": (None, [_P]),
    "ind_rt_program_num_inputs": (ctypes.c_int, [_P]),
    "ind_rt_program_num_outputs": (ctypes.c_int, [_P]),
    "ind_rt_program_input": (_TensorInfo, [_P, ctypes.c_int]),
    "ind_rt_program_output": (_TensorInfo, [_P, ctypes.c_int]),
    "ind_rt_program_num_steps": (ctypes.c_int, [_P]),
    "ind_rt_program_step": (_StepInfo, [_P, ctypes.c_int]),
    "ind_rt_program_plan": (_P, [_P, ctypes.POINTER(ctypes.c_size_t)]),
    "ind_rt_program_ptx": (_P, [_P, ctypes.POINTER(ctypes.c_size_t)]),
    "ind_rt_program_text": (_P, [_P, ctypes.c_char_p, ctypes.POINTER(ctypes.c_size_t)]),
    "ind_rt_program_set_text": (_P, [_P, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_size_t]),
    "ind_cuda_module_load": (_P, [_P, _P, ctypes.POINTER(_P)]),
    "ind_cuda_module_run": (_P, [_P, _P, _P, _P]),
    "ind_cuda_module_run_scratch": (_P, [_P, _P, _P, ctypes.c_uint64, _P]),
    "ind_cuda_module_scratch_bytes": (ctypes.c_size_t, [_P]),
    "ind_cuda_module_run_steps": (_P, [_P, _P, _P, ctypes.c_uint64, _P, ctypes.c_int, ctypes.c_int]),
    "ind_cuda_module_step_span": (ctypes.c_int, [_P, ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_int)]),
    "ind_cuda_module_destroy": (None, [_P]),
    "ind_cuda_available": (ctypes.c_bool, [ctypes.c_char_p, ctypes.c_size_t]),
    "ind_cuda_runtime_bytes": (ctypes.c_int64, []),
}


def _declare(lib, sig):
    for name, (res, args) in sig.items():
        f = getattr(lib, name)
        f.restype = res
        f.argtypes = args


def _load_library():
    global _lib, _runtime_only
    if _lib is not None:
        return _lib
    path = library_path()
    try:
        lib = ctypes.CDLL(path)
    except OSError as e:
        rpath = library_path("libindrt.so", "IND_RUNTIME_LIBRARY")
        try:
            lib = ctypes.CDLL(rpath)
        except OSError as e2:
            raise IndError("cannot load libind (%s): %s; nor the runtime (%s): %s; set IND_LIBRARY" % (
                path, e, rpath, e2)) from None
        _declare(lib, _RT_SIG)
        _lib, _runtime_only = lib, True
        return lib
    _declare(lib, _RT_SIG)
    sig = {
        "ind_status_message": (ctypes.c_char_p, [_P]),
        "ind_status_destroy": (None, [_P]),
        "ind_version": (ctypes.c_char_p, []),
        "ind_compiler_create": (_P, [ctypes.POINTER(_P)]),
        "ind_compiler_destroy": (None, [_P]),
        "ind_compiler_load_plugin": (_P, [_P, ctypes.c_char_p]),
        "ind_compile_options_create": (_P, [ctypes.POINTER(_P)]),
        "ind_compile_options_set": (_P, [_P, ctypes.c_char_p, ctypes.c_char_p]),
        "ind_compile_options_destroy": (None, [_P]),
        "ind_compile": (_P, [_P, ctypes.c_char_p, ctypes.c_size_t, ctypes.c_char_p, _P, ctypes.POINTER(_P)]),
        "ind_program_destroy": (None, [_P]),
        "ind_program_save": (_P, [_P, ctypes.c_char_p]),
        "ind_program_load": (_P, [_P, ctypes.c_char_p, ctypes.POINTER(_P)]),
        "ind_program_device": (ctypes.c_int, [_P]),
        "ind_program_diagnostics": (ctypes.c_char_p, [_P]),
        "ind_program_num_inputs": (ctypes.c_int, [_P]),
        "ind_program_num_outputs": (ctypes.c_int, [_P]),
        "ind_program_input": (_TensorInfo, [_P, ctypes.c_int]),
        "ind_program_output": (_TensorInfo, [_P, ctypes.c_int]),
        "ind_program_num_steps": (ctypes.c_int, [_P]),
        "ind_program_step": (_StepInfo, [_P, ctypes.c_int]),
        "ind_program_launch_plan": (_P, [_P, ctypes.POINTER(ctypes.c_size_t)]),
        "ind_program_ptx": (_P, [_P, ctypes.POINTER(ctypes.c_size_t)]),
        "ind_program_kernel_ir": (_P, [_P, ctypes.POINTER(ctypes.c_size_t)]),
        "ind_program_run_cpu": (_P, [_P, _P, _P]),
        "ind_program_run_reference": (_P, [_P, _P, _P]),
        "ind_program_run_cuda": (_P, [_P, _P, _P, _P]),
        "ind_program_run_cuda_scratch": (_P, [_P, _P, _P, ctypes.c_uint64, _P]),
        "ind_program_cuda_scratch_bytes": (_P, [_P, ctypes.POINTER(ctypes.c_size_t)]),
        "ind_program_cuda_module": (_P, [_P, ctypes.POINTER(_P)]),
        "ind_program_runtime": (_P, [_P]),
    }
    _declare(lib, sig)
    _lib = lib
    libdevice_from_triton()
    return lib


def _check(status):
    if status:
        lib = _lib
        msg = lib.ind_status_message(status).decode("utf-8", "replace")
        lib.ind_status_destroy(status)
        raise IndError(msg)


class _Compiler:
    """A thread's IndCompiler (an MLIR context with ind's dialects and stages; one per thread, libind's rule:
    a compiler is not thread-safe, compilers in different threads are independent). Never destroyed while a
    program holds it: programs must not outlive it, and at interpreter exit finalizers run in no particular order."""

    def __init__(self):
        lib = _load_library()
        h = _P()
        _check(lib.ind_compiler_create(ctypes.byref(h)))
        self.handle = h
        self._lib = lib


_compilers = threading.local()


def _get_compiler():
    c = getattr(_compilers, "c", None)
    if c is None:
        c = _compilers.c = _Compiler()
    return c


def cuda_available():
    """(bool, reason): whether libind finds a CUDA driver and a device."""
    lib = _load_library()
    why = ctypes.create_string_buffer(512)
    ok = lib.ind_cuda_available(why, len(why))
    return bool(ok), why.value.decode("utf-8", "replace")


def cuda_runtime_bytes():
    """Device bytes libind's CUDA runtime holds now from cuMemAlloc itself (ind_cuda_runtime_bytes): the
    intermediates of every program run on CUDA, held while it lives, and cuBLASLt workspaces; PyTorch's
    allocator does not see them (the model zoo adds them to ind's peak memory)."""
    return int(_load_library().ind_cuda_runtime_bytes())


# --- buffers ------------------------------------------------------------------------------------------------

def _host_pointer(x, shape, dtype, what, writable):
    """The address of a dense C-order host buffer matching (shape, dtype): numpy arrays (checked) or any
    writable buffer-protocol object of the right size."""
    if hasattr(x, "__array_interface__") and hasattr(x, "ctypes"):
        if tuple(x.shape) != tuple(shape):
            raise IndError("%s: shape %s, the program expects %s" % (what, tuple(x.shape), tuple(shape)))
        if x.dtype.name != _NUMPY_NAMES[dtype]:
            raise IndError("%s: dtype %s, the program expects %s (%s)" % (what, x.dtype.name, dtype,
                                                                           _NUMPY_NAMES[dtype]))
        if not x.flags["C_CONTIGUOUS"]:
            raise IndError("%s: not C-contiguous (use numpy.ascontiguousarray)" % what)
        if writable and not x.flags["WRITEABLE"]:
            raise IndError("%s: read-only array" % what)
        return x.ctypes.data
    mv = memoryview(x)
    n = 1
    for d in shape:
        n *= d
    if mv.nbytes != n * _ITEMSIZE[dtype] or not mv.c_contiguous:
        raise IndError("%s: a buffer of %d bytes, the program expects %d contiguous bytes" % (what, mv.nbytes,
                                                                                            n * _ITEMSIZE[dtype]))
    if mv.readonly:
        if writable:
            raise IndError("%s: read-only buffer" % what)
        return ctypes.addressof((ctypes.c_char * mv.nbytes).from_buffer_copy(mv))
    return ctypes.addressof((ctypes.c_char * mv.nbytes).from_buffer(mv))


class _DLDevice(ctypes.Structure):
    _fields_ = [("device_type", ctypes.c_int), ("device_id", ctypes.c_int)]


class _DLTensor(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("device", _DLDevice), ("ndim", ctypes.c_int),
                ("dtype", ctypes.c_uint8 * 4), ("shape", ctypes.POINTER(ctypes.c_int64)),
                ("strides", ctypes.POINTER(ctypes.c_int64)), ("byte_offset", ctypes.c_uint64)]


_capsule_get = ctypes.pythonapi.PyCapsule_GetPointer
_capsule_get.restype = ctypes.c_void_p
_capsule_get.argtypes = [ctypes.py_object, ctypes.c_char_p]


def _device_pointer(x):
    """A device address: an int as is, x.data_ptr() (torch), __cuda_array_interface__, or __dlpack__."""
    if type(x) is int:
        return x
    f = getattr(x, "data_ptr", None)
    if f is not None:
        return f()
    cai = getattr(x, "__cuda_array_interface__", None)
    if cai is not None:
        return cai["data"][0]
    if hasattr(x, "__dlpack__"):
        cap = x.__dlpack__()
        t = _DLTensor.from_address(_capsule_get(cap, b"dltensor"))  # DLManagedTensor starts with its DLTensor
        return (t.data or 0) + t.byte_offset  # the producer keeps x's storage alive
    if isinstance(x, int):
        return x
    raise IndError("a GPU buffer must have data_ptr(), __cuda_array_interface__ or __dlpack__ (or be an int)")


# --- programs -----------------------------------------------------------------------------------------------

class Program:
    """A compiled ind program (owns its IndProgram; or, runtime-only, its IndRtProgram)."""

    def __init__(self, handle, compiler, runtime_only=False):
        self._lib = _lib
        self._h = handle
        self._compiler = compiler  # keeps the context alive
        self._rt_only = runtime_only
        self._module = None  # runtime-only: the IndCudaModule, loaded on the first run
        lib = self._lib
        if runtime_only:
            self._rt = handle
            pre = "ind_rt_program_"
        else:
            self._rt = lib.ind_program_runtime(handle)
            pre = "ind_program_"
        f = lambda n: getattr(lib, pre + n)  # noqa: E731
        ins = [f("input")(handle, i) for i in range(f("num_inputs")(handle))]
        outs = [f("output")(handle, i) for i in range(f("num_outputs")(handle))]
        self.inputs = [(tuple(t.shape[:t.rank]), DTYPES[t.type]) for t in ins]
        self.outputs = [(tuple(t.shape[:t.rank]), DTYPES[t.type]) for t in outs]
        self.input_names = [t.name.decode() for t in ins]
        self.output_names = [t.name.decode() for t in outs]
        self.steps = []
        for i in range(f("num_steps")(handle)):
            s = f("step")(handle, i)
            self.steps.append({"op": "extern" if s.is_extern else "launch", "kernel": s.kernel.decode(),
                               "grid": tuple(s.grid), "block": tuple(s.block), "shared": s.shared})
        self.kernels = [s["kernel"] for s in self.steps if s["op"] == "launch"]
        if runtime_only:
            self.device = "cuda" if lib.ind_rt_program_ptx(handle, None) else "cpu"
            self.diagnostics = ""
        else:
            self.device = "cuda" if lib.ind_program_device(handle) == 1 else "cpu"
            self.diagnostics = lib.ind_program_diagnostics(handle).decode()
        n_in, n_out = len(self.inputs), len(self.outputs)
        self._in_t = ctypes.c_void_p * max(n_in, 1)
        self._out_t = ctypes.c_void_p * max(n_out, 1)
        self._din_t = ctypes.c_uint64 * max(n_in, 1)
        self._dout_t = ctypes.c_uint64 * max(n_out, 1)
        self._run_cuda = self._run_rt if runtime_only else lib.ind_program_run_cuda
        self._scratch_bytes = None
        self._step_span = None
        self._cmod = None

    def _load_rt(self):
        if self._module is None:
            m = _P()
            _check(self._lib.ind_cuda_module_load(self._rt, None, ctypes.byref(m)))
            self._module = m
            self._run_cuda = lambda h, i, o, s: self._lib.ind_cuda_module_run(self._module, i, o, s)

    def _run_rt(self, handle, ins, outs, stream):
        self._load_rt()
        return self._lib.ind_cuda_module_run(self._module, ins, outs, stream)

    def scratch_bytes(self):
        """Bytes of GPU memory a run needs for the program's intermediates (0: none), for run(scratch=...):
        the caller's memory per run (a tensor of PyTorch's caching allocator, given back after the call), in
        place of the intermediates the program would otherwise allocate on its first run and hold. Loads the
        PTX on the current context first, as the first run would."""
        if self._scratch_bytes is None:
            if self._rt_only:
                self._load_rt()
                self._scratch_bytes = int(self._lib.ind_cuda_module_scratch_bytes(self._module))
            else:
                n = ctypes.c_size_t()
                _check(self._lib.ind_program_cuda_scratch_bytes(self._h, ctypes.byref(n)))
                self._scratch_bytes = n.value
        return self._scratch_bytes

    def _check_counts(self, inputs, outputs):
        if len(inputs) != len(self.inputs) or len(outputs) != len(self.outputs):
            raise IndError("the program takes %d inputs and %d outputs, got %d and %d" % (
                len(self.inputs), len(self.outputs), len(inputs), len(outputs)))

    def _cuda_module(self):
        """The loaded CUDA module (loads the PTX on the current context first, as the first run would)."""
        if self._rt_only:
            self._load_rt()
            return self._module
        if self._cmod is None:
            m = _P()
            _check(self._lib.ind_program_cuda_module(self._h, ctypes.byref(m)))
            self._cmod = m  # owned by the program
        return self._cmod

    def step_span(self):
        """(input_last, output_first, num_steps) of a scratch run on the GPU (ind_cuda_module_step_span): each
        input's last reading step (-1: none; num_steps: copied at the end), each output's first step (one
        writing it or an intermediate in its bytes; num_steps: none before the end). What run_steps' caller
        needs to allocate an output just before the part that touches it first and to free an input after
        the part that reads it last."""
        if self._step_span is None:
            ins = (ctypes.c_int * max(len(self.inputs), 1))()
            outs = (ctypes.c_int * max(len(self.outputs), 1))()
            n = int(self._lib.ind_cuda_module_step_span(self._cuda_module(), ins, outs))
            self._step_span = (list(ins)[:len(self.inputs)], list(outs)[:len(self.outputs)], n)
        return self._step_span

    def run_steps(self, inputs, outputs, first, end, stream=None, scratch=None):
        """Steps [first, end) of a scratch run on the GPU (ind_cuda_module_run_steps): raw device addresses
        (ints) as run() takes them, 0 for an output no step of the range touches; the part with end =
        num_steps also copies aliased outputs and reads the checked-mode record. Parts run in order compute
        what one run() does."""
        self._check_counts(inputs, outputs)
        if stream is not None and not isinstance(stream, int):
            stream = getattr(stream, "cuda_stream", stream)
        st = self._lib.ind_cuda_module_run_steps(self._cuda_module(), self._din_t(*inputs), self._dout_t(*outputs),
                                                 scratch or 0, stream, first, end)
        if st:
            _check(st)

    def __del__(self):
        if getattr(self, "_h", None):
            if self._rt_only:
                if self._module:
                    self._lib.ind_cuda_module_destroy(self._module)
                self._lib.ind_rt_program_destroy(self._h)
            else:
                self._lib.ind_program_destroy(self._h)
            self._h = None

    def _bytes(self, fn, *args):
        n = ctypes.c_size_t()
        p = fn(self._rt, *args, ctypes.byref(n))
        return None if not p else ctypes.string_at(p, n.value)

    def _text(self, fn, *args):
        b = self._bytes(fn, *args)
        return None if b is None else b.decode()

    def section(self, name):
        """The bytes of an optional section of the program ("kernel-mlir", "source-mlir", "cubin"), or None."""
        return self._bytes(self._lib.ind_rt_program_text, name.encode())

    def set_section(self, name, data):
        """Sets an optional section (bytes; saved with the program). "cubin": the PTX compiled ahead for one
        GPU (ptxas), which the program loads instead of having the driver JIT-compile the PTX; set it before
        the first CUDA run."""
        _check(self._lib.ind_rt_program_set_text(self._rt, name.encode(), bytes(data), len(data)))

    @property
    def ptx(self):
        """The PTX text (None unless compiled with device="cuda")."""
        return self._text(self._lib.ind_rt_program_ptx)

    @property
    def launch_plan(self):
        return self._text(self._lib.ind_rt_program_plan)

    @property
    def kernel_ir(self):
        return self._text(self._lib.ind_rt_program_text, b"kernel-mlir")

    def save(self, path):
        _check(self._lib.ind_rt_program_save(self._rt, os.fsencode(path)))

    def _host_call(self, name, arrays):
        if self._rt_only:
            raise IndError("libind is not available (runtime only): this program runs on the GPU only (run())")
        fn = getattr(self._lib, name)
        import numpy as np
        if len(arrays) != len(self.inputs):
            raise IndError("the program takes %d inputs, got %d" % (len(self.inputs), len(arrays)))
        # C order (ascontiguousarray alone turns a 0-d array into shape (1,): the shape is put back)
        arrays = [np.ascontiguousarray(a).reshape(np.shape(a)) for a in arrays]
        ins = self._in_t(*[_host_pointer(a, s, d, "input %d" % k, False)
                           for k, (a, (s, d)) in enumerate(zip(arrays, self.inputs))])
        outs = [np.empty(s, dtype=_NUMPY_NAMES[d]) for s, d in self.outputs]
        optr = self._out_t(*[o.ctypes.data for o in outs])
        _check(fn(self._h, ins, optr))
        return tuple(outs)

    def __call__(self, *arrays):
        """Runs on the CPU JIT on numpy arrays (converted to C order); returns a tuple of new arrays."""
        return self._host_call("ind_program_run_cpu", arrays)

    def reference(self, *arrays):
        """The reference interpreter on the same inputs (a tuple of new arrays)."""
        return self._host_call("ind_program_run_reference", arrays)

    def run_host(self, inputs, outputs):
        """Runs on the CPU JIT on raw host addresses (ints), unchecked: the caller vouches for each buffer's
        shape, dtype and C order (the torch backend's tensors, made from the program's own specs). What
        run() does for host buffers less the per-buffer checks (about 12 us a buffer in Python)."""
        if self._rt_only:
            raise IndError("libind is not available (runtime only): host buffers cannot run; pass GPU buffers")
        self._check_counts(inputs, outputs)
        _check(self._lib.ind_program_run_cpu(self._h, self._in_t(*inputs), self._out_t(*outputs)))

    def run(self, inputs, outputs, stream=None, scratch=None):
        """Runs with caller-owned buffers. Host buffers (numpy arrays, buffer objects) run on the CPU JIT;
        GPU buffers (data_ptr(), __cuda_array_interface__, __dlpack__) are enqueued on `stream` (an int
        CUstream, an object with .cuda_stream such as torch.cuda.Stream, or None for the default stream).
        scratch (GPU only): a buffer of scratch_bytes() bytes, 256-byte aligned, for the intermediates of
        this run; it must stay the caller's until the run's work on the stream is done."""
        self._check_counts(inputs, outputs)
        first = inputs[0] if inputs else outputs[0] if outputs else None
        on_gpu = first is not None and (isinstance(first, int) or hasattr(first, "data_ptr") or hasattr(first, "__cuda_array_interface__")
                                        or (hasattr(first, "__dlpack__") and not hasattr(first, "ctypes")))
        if not on_gpu:
            if self._rt_only:
                raise IndError("libind is not available (runtime only): host buffers cannot run; pass GPU buffers")
            ins = self._in_t(*[_host_pointer(a, s, d, "input %d" % k, False)
                               for k, (a, (s, d)) in enumerate(zip(inputs, self.inputs))])
            outs = self._out_t(*[_host_pointer(a, s, d, "output %d" % k, True)
                                 for k, (a, (s, d)) in enumerate(zip(outputs, self.outputs))])
            _check(self._lib.ind_program_run_cpu(self._h, ins, outs))
            return
        if stream is not None and not isinstance(stream, int):
            stream = getattr(stream, "cuda_stream", stream)
        ins = self._din_t(*[_device_pointer(x) for x in inputs])
        outs = self._dout_t(*[_device_pointer(x) for x in outputs])
        if scratch is None:
            st = self._run_cuda(self._h, ins, outs, stream)
        elif self._rt_only:
            self._load_rt()
            st = self._lib.ind_cuda_module_run_scratch(self._module, ins, outs, _device_pointer(scratch), stream)
        else:
            st = self._lib.ind_program_run_cuda_scratch(self._h, ins, outs, _device_pointer(scratch), stream)
        if st:
            _check(st)


def _options(device, options, kwargs):
    opts = {"device": device}
    opts.update(options or {})
    for k, v in kwargs.items():
        key = ".".join(part.replace("_", "-") for part in k.split("__"))
        opts[key] = v
    return opts


def can_compile():
    """True when libind itself (with MLIR) loads here, so compile() can work; False with the runtime alone."""
    try:
        _load_library()
    except IndError:
        return False
    return not _runtime_only


def version():
    """libind's version (ind_version(); the version of the wheel that packs it: scripts/wheel.py)."""
    _load_library()
    if _runtime_only:
        raise IndError("libind is not available (only the runtime, libindrt.so): no ind_version")
    return _lib.ind_version().decode()


def _need_compiler():
    _load_library()
    if _runtime_only:
        raise IndError("libind is not available (only the runtime, libindrt.so): compile here needs MLIR; "
                       "compile where MLIR is, save(), and load() the program file")
    return _get_compiler()


def load_plugin(path):
    """Loads a fusion plugin (a shared library over include/ind/fusion.h) for the process: its strategies
    become fuse=NAME values. Loading one again does nothing."""
    c = _need_compiler()
    _check(_lib.ind_compiler_load_plugin(c.handle, os.fsencode(path)))


def compile(text, device="cpu", options=None, name="<python>", plugins=None, **kwargs):
    """Compiles graph-dialect text (str or bytes) to a Program (see the module docstring for options);
    plugins: fusion plugins to load first (load_plugin)."""
    c = _need_compiler()
    for p in plugins or ():
        load_plugin(p)
    lib = _lib
    o = _P()
    _check(lib.ind_compile_options_create(ctypes.byref(o)))
    try:
        for k, v in _options(device, options, kwargs).items():
            if isinstance(v, bool):
                v = "true" if v else "false"
            _check(lib.ind_compile_options_set(o, str(k).encode(), str(v).encode()))
        data = text.encode() if isinstance(text, str) else bytes(text)
        h = _P()
        _check(lib.ind_compile(c.handle, data, len(data), name.encode(), o, ctypes.byref(h)))
    finally:
        lib.ind_compile_options_destroy(o)
    return Program(h, c)


def load(path):
    """Loads a saved program (Program.save, libind's program file)."""
    _load_library()
    if _runtime_only:
        h = _P()
        _check(_lib.ind_rt_program_load_file(os.fsencode(path), ctypes.byref(h)))
        return Program(h, None, runtime_only=True)
    c = _get_compiler()
    h = _P()
    _check(_lib.ind_program_load(c.handle, os.fsencode(path), ctypes.byref(h)))
    return Program(h, c)
