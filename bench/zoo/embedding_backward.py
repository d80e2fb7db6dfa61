"""Embedding's backward, the candidates ind could hand it to, timed at the zoo's shapes (device run 31: in
BERT's AMP training step PyTorch's embedding_dense_backward, ind's extern, took 160 us where Inductor's
atomic adds took about 35; on T5's relative position bias atomics took 1,957 us where PyTorch's sorted
segments took what eager does, run 24).

    python bench/zoo/embedding_backward.py --device cuda            # the zoo's tables, every candidate
    python bench/zoo/embedding_backward.py --device cpu --shapes 50x8x64 --iters 1   # the check alone

Per shape (rows x width x indices, the indices drawn uniformly from the rows, padding index 0): each
candidate's result against embedding_dense_backward's in float64 (max abs error, over the f32 result's
scale), then its median time (wall, synchronised each call) and, on CUDA, its kernels' time per call (the
profiler's):
  segments   aten.embedding_dense_backward (PyTorch's kernel: ind's extern today)
  index_add  zeros, the padding index's gradients masked, then index_add_ (PyTorch's atomic adds on CUDA)
  scatter_add zeros, masked, then scatter_add_ (an atomic add per gradient element, Inductor's form)
  index_put  zeros, masked, then index_put_(accumulate=True) (a sort, then one thread per destination row)
  inductor   torch.compile(backend="inductor") of embedding_dense_backward (its decomposition: atomic adds)
"""
import argparse
import statistics
import time

import torch

aten = torch.ops.aten

# rows x width x indices: BERT's word, position and token-type tables at batch 2 x 512, GPT-2's word
# table, T5's relative position bias (32 buckets x 12 heads, 512 x 512 positions, batch 2)
ZOO_SHAPES = ["30522x768x1024", "512x768x1024", "2x768x1024", "50257x768x1024", "32x12x524288"]


def masked(grad, idx, pad):
    return torch.where((idx == pad).unsqueeze(-1), torch.zeros((), dtype=grad.dtype, device=grad.device), grad)


def segments(grad, idx, rows, pad):
    return aten.embedding_dense_backward(grad, idx, rows, pad, False)


def index_add(grad, idx, rows, pad):
    return grad.new_zeros(rows, grad.shape[-1]).index_add_(0, idx, masked(grad, idx, pad))


def scatter_add(grad, idx, rows, pad):
    g = masked(grad, idx, pad)
    return grad.new_zeros(rows, grad.shape[-1]).scatter_add_(0, idx.unsqueeze(-1).expand(g.shape), g)


def index_put(grad, idx, rows, pad):
    return grad.new_zeros(rows, grad.shape[-1]).index_put_((idx,), masked(grad, idx, pad), accumulate=True)


CANDIDATES = {"segments": segments, "index_add": index_add, "scatter_add": scatter_add, "index_put": index_put}


def _sync(dev):
    if dev.type == "cuda":
        torch.cuda.synchronize(dev)


def timed(fn, args, dev, iters):
    fn(*args)
    _sync(dev)
    ts = []
    for _ in range(iters):
        t = time.perf_counter()
        fn(*args)
        _sync(dev)
        ts.append(time.perf_counter() - t)
    return 1e6 * statistics.median(ts)


def kernel_us(fn, args, iters):
    """The GPU time of fn's kernels per call (torch.profiler, summed over the calls): what a CUDA graph
    replays, without the launches and the synchronisation the wall time above holds."""
    from torch.profiler import ProfilerActivity, profile
    with profile(activities=[ProfilerActivity.CUDA]) as prof:
        for _ in range(iters):
            fn(*args)
        torch.cuda.synchronize()
    return sum(e.self_device_time_total for e in prof.key_averages()) / iters


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--device", default="cuda" if torch.cuda.is_available() else "cpu")
    ap.add_argument("--shapes", default=",".join(ZOO_SHAPES), help="rows x width x indices, comma-separated")
    ap.add_argument("--iters", type=int, default=50)
    ap.add_argument("--inductor", action="store_true", help="time torch.compile(backend='inductor') too")
    a = ap.parse_args()
    dev = torch.device(a.device)
    cands = dict(CANDIDATES)
    if a.inductor:
        cands["inductor"] = torch.compile(segments, backend="inductor")
    bad = 0
    for spec in a.shapes.split(","):
        rows, width, n = (int(v) for v in spec.split("x"))
        g = torch.Generator().manual_seed(0)
        idx = torch.randint(0, rows, (n,), generator=g).to(dev)
        grad = torch.randn(n, width, generator=g).to(dev)
        want = segments(grad.double(), idx, rows, 0)
        scale = want.abs().max().item() or 1.0
        cells = []
        for name, fn in cands.items():
            err = (fn(grad, idx, rows, 0).double() - want).abs().max().item() / scale
            bad += err > 1e-5
            us = timed(fn, (grad, idx, rows, 0), dev, a.iters) if a.iters else 0.0
            ks = f", kernels {kernel_us(fn, (grad, idx, rows, 0), a.iters):.1f} us" if a.iters and dev.type == "cuda" else ""
            cells.append(f"{name} {us:.1f} us{ks} (err {err:.1e})")
        print(f"{spec} ({n / rows:.3g} indices per row): " + "; ".join(cells))
    print(f"embedding_backward: {bad} candidate results off")
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
