"""Training under PyTorch's distributed engines with torch.compile(backend="ind"): DDP (Dynamo's DDPOptimizer
splits the graph at bucket boundaries, each piece compiled by the backend) and FSDP2 (fully_shard: its
all-gathers and reduce-scatters run in PyTorch's hooks, outside every ind partition). Each rank trains a
few SGD steps with the compiled model and with the same model eagerly, under the same engine; the losses
and the parameters after the steps must match by the zoo's rule (torch._dynamo.utils.same, tol 1e-2).

    python bench/dist/train.py --engine ddp --model gpt2 --world 2          # CPU, gloo (CI)
    python bench/dist/train.py --engine fsdp2 --model resnet18 --world 2 --device cuda   # GPUs, nccl

Prints per rank the losses, where Dynamo split the graph (IND_LOGS shows each graph's partitions) and
"rank R: PASS" or "FAIL"; exits 1 if any rank fails.
"""
import argparse
import copy
import os
import sys

import torch
import torch.distributed as dist
import torch.multiprocessing as mp

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))


def _train(model, fn, batches, steps, lr=0.01):
    opt = torch.optim.SGD(model.parameters(), lr=lr)
    losses = []
    for i in range(steps):
        opt.zero_grad(set_to_none=True)
        out = fn(*batches[i % len(batches)])
        loss = (out.float() ** 2).mean()
        loss.backward()
        opt.step()
        losses.append(loss.detach())
    return losses


def _wrap(engine, model, device):
    if engine == "ddp":
        from torch.nn.parallel import DistributedDataParallel as DDP
        # small buckets (the first one too: DDPOptimizer wants it no larger), so that the tiny model's graph is
        # split into several pieces, as a full-size model's is
        dist._DEFAULT_FIRST_BUCKET_BYTES = 20_000
        return DDP(model, device_ids=[device.index] if device.type == "cuda" else None, bucket_cap_mb=0.05)
    from torch.distributed.fsdp import fully_shard
    # each repeated block (the children of a ModuleList: transformer layers, CNN stages' blocks) its own group,
    # the rest (embeddings and their tied heads) the root's
    for blocks in [m for m in model.modules() if isinstance(m, torch.nn.ModuleList)]:
        for b in blocks:
            fully_shard(b)
    fully_shard(model)
    return model


def worker(rank, a):
    os.environ.setdefault("MASTER_ADDR", "127.0.0.1")
    os.environ.setdefault("MASTER_PORT", str(a.port))
    device = torch.device(a.device, rank) if a.device == "cuda" else torch.device("cpu")
    if device.type == "cuda":
        torch.cuda.set_device(device)
    dist.init_process_group("nccl" if device.type == "cuda" else "gloo", rank=rank, world_size=a.world)
    sys.path.insert(0, os.path.join(ROOT, "python"))
    sys.path.insert(0, os.path.join(ROOT, "bench", "zoo"))
    import ind  # noqa: F401
    from ind import backend
    from models import ZOO
    from run import _no_dropout
    from torch._dynamo.utils import same
    torch.manual_seed(0)
    base = ZOO[a.model].build("tiny")
    _no_dropout(base)
    base.train()
    # each rank its own data (batch 2), the same on both runs
    batches = [tuple(t.to(device) for t in ZOO[a.model].inputs("tiny", 2)) for _ in range(1)]
    g = torch.Generator().manual_seed(100 + rank)
    batches = [tuple(t.roll(rank, dims=-1) if not t.is_floating_point()
                     else t + 0.1 * torch.randn(t.shape, generator=g).to(device) for t in b) for b in batches] * a.steps
    runs = {}
    for label in ("eager", "ind"):
        torch._dynamo.reset()
        backend.reset_stats()
        m = _wrap(a.engine, copy.deepcopy(base).to(device), device)
        fn = torch.compile(m, backend=a.backend) if label == "ind" else m
        losses = _train(m, fn, batches, a.steps)
        params = [p.full_tensor() if hasattr(p, "full_tensor") else p for p in m.parameters()]
        runs[label] = (losses, [p.detach().clone() for p in params])
        if label == "ind":
            graphs = backend.STATS["partitions"]
            print(f"rank {rank}: ind compiled {len(graphs)} graphs, {sum(g.count('ind  ') for g in graphs)} "
                  f"partitions, fallbacks {len(backend.STATS['fallbacks'])}", flush=True)
            if os.environ.get("IND_LOGS"):
                for i, gtext in enumerate(graphs):
                    print(f"rank {rank}: graph {i}:\n{gtext}", flush=True)
    le, pe = runs["eager"]
    li, pi = runs["ind"]
    print(f"rank {rank}: losses eager {[round(x.item(), 5) for x in le]} ind {[round(x.item(), 5) for x in li]}",
          flush=True)
    ok = all(same(x, y, tol=1e-2) for x, y in zip(le, li)) and \
        all(same(x, y, tol=1e-2, log_error=lambda *k, **kw: None) for x, y in zip(pe, pi))
    print(f"rank {rank}: {'PASS' if ok else 'FAIL'}", flush=True)
    # every rank done before any tears its connections down (one CI run of 2026-12-07: rank 0 aborted after
    # its PASS, "terminate called without an active exception", in the FSDP2 run on a loaded machine; 0 of 8
    # runs alone)
    dist.barrier()
    dist.destroy_process_group()
    if not ok:
        sys.exit(1)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", choices=("ddp", "fsdp2"), default="ddp")
    ap.add_argument("--model", default="gpt2")
    ap.add_argument("--world", type=int, default=2)
    ap.add_argument("--steps", type=int, default=3)
    ap.add_argument("--device", default="cpu")
    ap.add_argument("--port", type=int, default=29511)
    ap.add_argument("--backend", default="ind", help="the compiled run's torch.compile backend (aot_eager: a baseline)")
    a = ap.parse_args()
    os.environ.setdefault("IND_STRICT", "1")
    ctx = mp.start_processes(worker, args=(a,), nprocs=a.world, join=False, start_method="spawn")
    try:
        while not ctx.join():
            pass
    except Exception as e:  # a rank failed: its output says why
        print(f"train.py: {type(e).__name__}: {str(e).strip()}")
        return 1
    print("train.py: all ranks PASS")
    return 0


if __name__ == "__main__":
    sys.exit(main())
