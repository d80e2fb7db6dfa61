"""A graph on one device with tensors of another in it (ind.backend.partition, IndKernel): what runs on ind.
The GPU faults of the model zoo on the H200 (OPT: a fused mask kernel read a CPU tensor's host address; then
cuBLAS status 13) came from a CPU tensor inside a CUDA partition. Here the graphs are traced with fake CUDA
tensors (no GPU needed): a CPU scalar may join a CUDA partition (the call moves it), a CPU tensor's ops and a
copy between devices stay eager, and a CUDA partition called with another CPU argument is a named error.
Then the arguments of a CUDA call (IndKernel._fit_for_call, IndKernel.forward with a stand-in program): what is
passed as is, copied or moved, and each argument's data_ptr() read once."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "python"))

import torch  # noqa: E402
from torch._subclasses.fake_tensor import FakeTensor, FakeTensorMode  # noqa: E402
from torch.fx.experimental.proxy_tensor import make_fx  # noqa: E402

from ind import backend  # noqa: E402


def mixed(x, idx, s):
    """x: CUDA [4, 8]; idx: CPU int64 [4]; s: CPU scalar."""
    y = torch.exp(x * s)  # a CPU scalar in a CUDA op: PyTorch allows it
    z = (idx * 2 + 1).to(torch.float32)  # ops on a CPU tensor: CPU
    w = z.to("cuda")  # the copy between devices
    return torch.relu(y + w[:, None])


def describe(gm, device):
    fused, names = backend.partition(gm, device)
    for n in names:
        sub = fused.get_submodule(n)
        print(f"{n}: {', '.join(str(m.target).replace('aten.', '') for m in sub.graph.nodes if m.op == 'call_function')}")
    for m in fused.graph.nodes:
        if m.op == "call_function":
            print(f"eager {str(m.target).replace('aten.', '')}")


def trace():
    with FakeTensorMode(allow_non_fake_inputs=True):
        # the CPU scalar first: the graph's device is still the accelerator's
        args = (torch.tensor(2.0), torch.empty(4, 8, device="cuda"), torch.empty(4, dtype=torch.int64))
        return make_fx(lambda s, x, idx: mixed(x, idx, s), tracing_mode="fake")(*args), args


class DataPtrCalls:
    """Counts Tensor.data_ptr() calls per tensor (a fake tensor's address reads as 0: it has none)."""

    def __enter__(self):
        self.calls, self.real = [], torch.Tensor.data_ptr
        torch.Tensor.data_ptr = lambda t: self.calls.append(t) or self.address(t)
        return self

    def address(self, t):
        return 0 if isinstance(t, FakeTensor) else self.real(t)

    def __exit__(self, *exc):
        torch.Tensor.data_ptr = self.real

    def of(self, t):
        return sum(c is t for c in self.calls)


class StandInProgram:
    """A compiled program's place: records the addresses a CUDA call passes, and whether it was asked for its
    scratch size (4096 bytes of intermediates)."""

    asked = 0

    def scratch_bytes(self):
        self.asked += 1
        return 4096

    def run(self, ins, outs, stream=None, scratch=None):
        self.ins, self.outs, self.stream, self.scratch = ins, outs, stream, scratch


def bare_kernel():
    k = backend.IndKernel.__new__(backend.IndKernel)
    torch.nn.Module.__init__(k)
    k.name, k.device_type = "fused_0", "cuda"
    return k


def fit(k, what, a, dev):
    """One argument through _fit_for_call: passed as is or copied, its address's alignment, data_ptr() reads."""
    with DataPtrCalls() as ptrs:
        t, p = k._fit_for_call(a, dev)
    kind = "as is" if t is a else f"copied to {t.device.type}" + (", equal" if t.device == a.device and
                                                                   torch.equal(t, a) else "")
    print(f"{what}: {kind}, contiguous {t.is_contiguous()}, address % 16 = {p % 16}, "
          f"address read {'right' if p == ptrs.address(t) else 'WRONG'}, data_ptr calls: argument {ptrs.of(a)}, "
          f"copy {ptrs.of(t) if t is not a else '-'}")


def call_args(k):
    """The argument rules on real tensors: they hold for any device, and CPU tensors have addresses. Then a
    CPU scalar and a CPU tensor given to a CUDA call (fake CUDA tensors)."""
    cpu = torch.device("cpu")
    x = torch.arange(64, dtype=torch.float32)
    fit(k, "contiguous, aligned", x, cpu)
    fit(k, "a view 16 bytes in", x[4:], cpu)
    fit(k, "a view 4 bytes in (x[1:])", x[1:], cpu)
    fit(k, "non-contiguous", x.view(8, 8).t(), cpu)
    fit(k, "non-contiguous at a misaligned address", x[1:57].view(7, 8).t(), cpu)
    with FakeTensorMode(allow_non_fake_inputs=True):
        fit(k, "a CPU scalar to a CUDA call", torch.tensor(2.0), torch.device("cuda", 0))
    try:
        k._fit_for_call(torch.ones(3), torch.device("cuda", 0))
        print("a CPU tensor argument of a CUDA call: accepted")
    except RuntimeError as e:
        print("a CPU tensor argument of a CUDA call:", e)


def cuda_call(k, scratch=True):
    """IndKernel.forward's CUDA path with a stand-in program, on fake CUDA tensors: the addresses it passes,
    and data_ptr() read once per argument (no copy) or not at all (copied: the copy's is read); with scratch
    intermediates (the default) a block of the program's scratch size taken per call, its address passed."""
    k._scratch = scratch
    empties, real_empty = [], torch.empty
    torch.empty = lambda *a, **kw: empties.append((a, kw.get("dtype"))) or real_empty(*a, **kw)
    k._progs, k._out_specs, k._out_strides, k.tuple_out = {"cuda": StandInProgram()}, [((8, 8), torch.float32)], [None], False
    k._out_inv, k._in_perms, k._any_in_perm = [None], [None] * 4, False  # as traced: contiguous, no permutes
    raw_stream, backend._raw_stream = backend._raw_stream, lambda dev: 7
    try:
        with FakeTensorMode(allow_non_fake_inputs=True):
            x, y = torch.empty(8, 8, device="cuda"), torch.empty(8, 8, device="cuda")
            args = (torch.tensor(2.0), x, y.t(), y)
            with DataPtrCalls() as ptrs:
                out = k(*args)
    finally:
        backend._raw_stream = raw_stream
        torch.empty = real_empty
    prog = k._progs["cuda"]
    print(f"CUDA call: {len(prog.ins)} input addresses, {len(prog.outs)} output address, stream {prog.stream}, "
          f"output on {out.device}; data_ptr calls per argument: {[ptrs.of(a) for a in args]}, "
          f"in all {len(ptrs.calls)}")
    blocks = [a for a, d in empties if d == torch.uint8]
    print(f"  intermediates {'scratch' if scratch else 'held'}: scratch size asked {prog.asked} time(s), uint8 blocks "
          f"taken {blocks}, scratch passed {prog.scratch is not None}")


def preload():
    """_compile_all on CUDA loads each program on the graph's device on the compiling thread (stand-in
    kernels and programs; the device context recorded per thread): a load that fails is that partition's
    compile error; on the CPU nothing is loaded."""
    import contextlib
    import threading
    state, seen = threading.local(), []

    class Prog:
        def __init__(self, fail):
            self.fail = fail

        def scratch_bytes(self):
            if self.fail:
                raise RuntimeError("cuModuleLoadDataEx (PTX JIT) failed: mock")
            seen.append(getattr(state, "index", None))
            return 0

    class Kernel:
        def __init__(self, name, fail=False):
            self.name, self.prog = name, Prog(fail)

        def program(self, device):
            return self.prog

    @contextlib.contextmanager
    def on(index):
        state.index = index
        yield
        state.index = None
    real, backend._on_device = backend._on_device, on
    try:
        bad = backend._compile_all([Kernel("fused_0"), Kernel("fused_1"), Kernel("fused_2", True), Kernel("fused_3")],
                                   "cuda", 3)
        cpu = backend._compile_all([Kernel("fused_0", True)], "cpu")
    finally:
        backend._on_device = real
    print(f"preload: loaded on devices {sorted(seen)}; failed {[(n, str(e)) for n, e in bad]}; on the CPU {cpu}")


def main():
    gm, args = trace()
    print("== cuda graph")
    print("device of the graph:", backend._device_of(gm, args))
    describe(gm, "cuda")
    with FakeTensorMode(allow_non_fake_inputs=True):  # a mask made on the GPU from sizes alone: no tensor input
        mask = make_fx(lambda n: (torch.arange(8, device="cuda") < n).float(), tracing_mode="fake")(5)
    print("device of a graph of factory ops:", backend._device_of(mask, [5]))
    print("== the same graph without a device (every node counted on it)")
    describe(trace()[0], None)
    # the call: the device a CUDA partition runs on, and its arguments
    k = bare_kernel()
    with FakeTensorMode(allow_non_fake_inputs=True):
        cu = torch.empty(2, device="cuda")
    print("runs on:", k._device([torch.tensor(1.0), cu]))
    print("== the arguments of a CUDA call")
    call_args(k)
    cuda_call(k)
    cuda_call(bare_kernel(), scratch=False)
    preload()


if __name__ == "__main__":
    main()
