"""CUDA graphs for the backend's compiled graphs (ind.cudagraphs).

Without a GPU (the default, CI): what is decided, on graphs traced with fake CUDA tensors — which graphs may
be recorded and why the others may not (a CPU tensor's op, a mutated input that is not static, an op that
reads a value back to the host, a CPU graph), the option over the environment, and what the recorder hands
PyTorch's CUDA graph trees (cudagraphify_impl, replaced here by a stand-in that keeps its arguments): the
static inputs, forward / backward / inference, and a backward left unrecorded after an unrecorded forward.
Then torch.compile(backend="ind", options={"cudagraphs": True}) on the CPU: nothing recorded, same numbers.

--device cuda (the GPU machine, scripts/gpu/cudagraphs.sh): a small training step and an inference call
through the backend with CUDA graphs, against eager, over several iterations (the trees warm up, record,
then replay), an input mutated in place, an output that aliases an input, and the count of graphs recorded.
"""
import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "python"))

import torch  # noqa: E402
from torch._subclasses.fake_tensor import FakeTensorMode  # noqa: E402
from torch.fx.experimental.proxy_tensor import make_fx  # noqa: E402

import ind  # noqa: E402,F401
from ind import backend, cudagraphs  # noqa: E402


def fake_graph(fn, *shapes_devices):
    with FakeTensorMode(allow_non_fake_inputs=True):
        args = [torch.empty(s, device=d) for s, d in shapes_devices]
        return make_fx(fn, tracing_mode="fake")(*args)


def decisions():
    print("== decisions")
    cuda = fake_graph(lambda x, w: torch.relu(x @ w).sum(0), ((4, 8), "cuda"), ((8, 3), "cuda"))
    print("pointwise + mm on cuda:", cudagraphs.skip_reason(cuda, [], "cuda"))
    print("the same graph on cpu:", cudagraphs.skip_reason(cuda, [], "cpu"))
    mixed = fake_graph(lambda x, i: x * (i * 2).to("cuda"), ((4,), "cuda"), ((4,), "cpu"))
    print("a CPU tensor's op:", cudagraphs.skip_reason(mixed, [], "cuda"))
    mut = fake_graph(lambda x, y: (x.add_(1), y * 2)[1], ((4,), "cuda"), ((4,), "cuda"))
    print("input 0 mutated, not static:", cudagraphs.skip_reason(mut, [1], "cuda"))
    print("input 0 mutated, static:", cudagraphs.skip_reason(mut, [0], "cuda"))
    item = fake_graph(lambda x: x * x.sum(), ((4,), "cuda"))
    s = next(n for n in item.graph.nodes if n.target == torch.ops.aten.sum.default)
    with item.graph.inserting_after(s):  # .item() of the sum (fake tensors cannot trace a value read)
        item.graph.call_function(torch.ops.aten._local_scalar_dense.default, (s,))
    print("a value read back (.item()):", cudagraphs.skip_reason(item, [], "cuda"))
    os.environ["IND_CHECK_PARTITIONS"] = "1"
    print("IND_CHECK_PARTITIONS:", cudagraphs.skip_reason(cuda, [], "cuda"))
    del os.environ["IND_CHECK_PARTITIONS"]


def option():
    print("== option")
    for env, opts in ((None, None), ("1", None), ("0", {"cudagraphs": True}), ("1", {"cudagraphs": False}),
                      ("off", None)):
        if env is None:
            os.environ.pop("IND_CUDAGRAPHS", None)
        else:
            os.environ["IND_CUDAGRAPHS"] = env
        print(f"IND_CUDAGRAPHS={env} options={opts}: {cudagraphs.enabled(opts)}")
    os.environ.pop("IND_CUDAGRAPHS", None)
    print("compile options keep it out of the compiler:", backend.compile_options({"cudagraphs": True}))


def recorder():
    """Recorder against a stand-in for cudagraphify_impl: what the trees would be handed."""
    print("== recorder")
    import torch._inductor.cudagraph_trees as trees
    calls = []

    def stand_in(model, inputs, static_input_idxs, **kw):
        calls.append((list(static_input_idxs), kw["is_backward"], kw["is_inference"], kw["device_index"],
                      sorted(kw["mutated_input_idxs"])))

        def replay(args):  # the trees' contract (WarmupNode.run: assert len(new_inputs) == 0): the
            out = model(args)  # boxed model consumes its argument list, so the inputs can be freed
            assert len(args) == 0, f"the recorded model left {len(args)} inputs in its argument list"
            return out
        return replay
    real = trees.cudagraphify_impl
    trees.cudagraphify_impl = stand_in
    try:
        fw = fake_graph(lambda a, b, x: torch.tanh(x @ a + b), ((8, 3), "cuda"), ((3,), "cuda"), ((4, 8), "cuda"))
        bw = fake_graph(lambda saved, t: saved * t, ((4, 3), "cuda"), ((4, 3), "cuda"))
        list(bw.graph.nodes)[1].name = "tangents_1"  # AOTAutograd's name: the inputs before it are static
        compiled = []

        def compile_stub(g):
            compiled.append(len(g.graph.nodes))

            def run(args):  # boxed as the backend's compile_boxed: it empties its argument list
                args.clear()
                return ["ran"]
            run._boxed_call = True
            return run
        # one Dynamo input (x); AOTAutograd added the two parameters in front: static without fw_metadata
        rec = cudagraphs.Recorder(num_dynamo_inputs=1)
        f = rec.forward(fw, [None] * 3, "cuda", compile_stub)
        b = rec.backward(bw, [None] * 2, "cuda", compile_stub)
        print("forward recorded:", calls[0], "boxed:", getattr(f, "_boxed_call", False), f([1, 2, 3]))
        print("backward recorded:", calls[1], "boxed:", getattr(b, "_boxed_call", False))
        i = cudagraphs.Recorder(num_dynamo_inputs=1).forward(fw, [None] * 3, "cuda", compile_stub, is_inference=True)
        print("inference recorded:", calls[2], i is not None)
        # a static input written back (a batch-norm buffer): the trees are told of the mutation as the graph
        # was traced, before the compile rewrote its copy_ into a list-taking _foreach_copy_
        wb = fake_graph(lambda buf, x: (lambda y: (buf.copy_(buf * 0.9 + y.mean(0)), y)[1])(torch.relu(x)),
                        ((8,), "cuda"), ((4, 8), "cuda"))

        def compile_batching(g):
            print("copies batched by the compile:", backend.batch_input_copies(g))
            return compile_stub(g)
        cudagraphs.Recorder(num_dynamo_inputs=1).forward(wb, [None] * 2, "cuda", compile_batching)
        print("written-back input recorded:", calls[3])
        # a forward that cannot be recorded: its backward is not either (the trees never saw the forward)
        cudagraphs.SKIPS.clear()
        mixed = fake_graph(lambda x, i: x * (i * 2).to("cuda"), ((4,), "cuda"), ((4,), "cpu"))
        rec = cudagraphs.Recorder(num_dynamo_inputs=2)
        before, nc = len(calls), len(compiled)
        f = rec.forward(mixed, [None] * 2, "cuda", compile_stub)
        b = rec.backward(bw, [None] * 2, "cuda", compile_stub)
        print("skipped forward, then backward: recorded", len(calls) - before, "graphs; compiled", len(compiled) - nc,
              "graphs; skips:", [s.split(" (")[0] for s in cudagraphs.SKIPS])
    finally:
        trees.cudagraphify_impl = real


def on_cpu():
    print("== torch.compile on the CPU with cudagraphs on")
    cudagraphs.SKIPS.clear()
    torch.manual_seed(0)
    m = torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.GELU(), torch.nn.Linear(16, 4))
    x = torch.randn(5, 8)
    c = torch.compile(m, backend="ind", options={"cudagraphs": True})
    with torch.no_grad():
        same = torch.allclose(c(x), m(x), atol=1e-5)
    print("inference matches eager:", same)
    c(x).sum().backward()
    print("training step ran; skips:", sorted(set(cudagraphs.SKIPS)))


def on_cuda(iters):
    """The real thing: records, replays, matches eager."""
    from torch._dynamo.utils import counters
    from torch._inductor import cudagraph_trees
    torch.manual_seed(0)
    dev = "cuda"
    m = torch.nn.Sequential(torch.nn.Linear(64, 256), torch.nn.GELU(), torch.nn.LayerNorm(256),
                            torch.nn.Linear(256, 32)).to(dev)
    x = torch.randn(128, 64, device=dev)
    c = torch.compile(m, backend="ind", options={"cudagraphs": True})
    print("== training steps (forward + backward), cuda")
    for it in range(iters):
        torch.compiler.cudagraph_mark_step_begin()
        m.zero_grad(set_to_none=True)
        out = c(x)
        out.square().mean().backward()
        g = [p.grad.clone() for p in m.parameters()]
        m.zero_grad(set_to_none=True)
        eo = m(x)
        eo.square().mean().backward()
        ok = torch.allclose(out, eo, atol=1e-4, rtol=1e-4) and all(
            torch.allclose(a, p.grad, atol=1e-4, rtol=1e-4) for a, p in zip(g, m.parameters()))
        print(f"iteration {it}: matches eager {ok}")
    print("== inference, cuda")
    with torch.no_grad():
        for it in range(iters):
            torch.compiler.cudagraph_mark_step_begin()
            y = torch.randn(128, 64, device=dev)
            print(f"iteration {it}: matches eager {torch.allclose(c(y), m(y), atol=1e-4, rtol=1e-4)}")

    def bump(a, b):
        a.add_(1)  # an input mutated in place
        return a * b, a  # an output that aliases an input
    cb = torch.compile(bump, backend="ind", options={"cudagraphs": True})
    print("== mutation and aliasing, cuda")
    a0, b0 = torch.zeros(1000, device=dev), torch.full((1000,), 2.0, device=dev)
    for it in range(iters):
        torch.compiler.cudagraph_mark_step_begin()
        p, q = cb(a0, b0)
        print(f"iteration {it}: a = {a0[0].item()}, product {p[0].item()}, alias is the input {q.data_ptr() == a0.data_ptr()}")
    print("== a user's loops without cudagraph_mark_step_begin, cuda")
    torch.manual_seed(1)
    m2 = torch.nn.Sequential(torch.nn.Linear(64, 64), torch.nn.ReLU(), torch.nn.Linear(64, 8)).to(dev)
    ref = [p.detach().clone() for p in m2.parameters()]
    c2 = torch.compile(m2, backend="ind", options={"cudagraphs": True})
    opt = torch.optim.SGD(m2.parameters(), lr=0.1)
    for it in range(iters):  # a training loop with an optimizer: parameters change in place between steps
        opt.zero_grad(set_to_none=True)
        c2(x).square().mean().backward()
        opt.step()
    m3 = torch.nn.Sequential(torch.nn.Linear(64, 64), torch.nn.ReLU(), torch.nn.Linear(64, 8)).to(dev)
    with torch.no_grad():
        for p, r in zip(m3.parameters(), ref):
            p.copy_(r)
    opt3 = torch.optim.SGD(m3.parameters(), lr=0.1)
    for it in range(iters):
        opt3.zero_grad(set_to_none=True)
        m3(x).square().mean().backward()
        opt3.step()
    print("training loop with SGD matches eager:",
          all(torch.allclose(p, q, atol=1e-4, rtol=1e-4) for p, q in zip(m2.parameters(), m3.parameters())))
    with torch.no_grad():  # inference, an earlier output kept across calls
        y1, y2 = torch.randn(128, 64, device=dev), torch.randn(128, 64, device=dev)
        try:
            outs = [c(y1) for _ in range(3)]
            last = c(y2)
            print("kept outputs:", "earlier", torch.allclose(outs[0], m(y1), atol=1e-4, rtol=1e-4),
                  "last", torch.allclose(last, m(y2), atol=1e-4, rtol=1e-4))
        except Exception as e:  # PyTorch's trees refuse to hand out an overwritten output
            print("kept outputs: error", type(e).__name__, str(e).splitlines()[0][:200])
    print("skips:", cudagraphs.SKIPS, dict(counters["inductor"]).get("cudagraph_skips", 0))
    mgr = cudagraph_trees.get_manager(torch.cuda.current_device(), create_if_none_exists=False)
    print("graphs recorded:", 0 if mgr is None else len(list(mgr.get_roots())) > 0)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--device", default="cpu")
    ap.add_argument("--iters", type=int, default=4)
    a = ap.parse_args()
    if a.device == "cuda":
        on_cuda(a.iters)
        return
    decisions()
    option()
    recorder()
    on_cpu()


if __name__ == "__main__":
    main()
