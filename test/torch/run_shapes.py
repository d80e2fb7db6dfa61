"""Shapes that change: a function and a tiny GPT-2 called at several batch sizes and sequence lengths through
torch.compile(backend="ind"), with dynamic=None (Dynamo's default: static, then automatic dynamic) and
dynamic=True, under IND_STRICT=1. ind compiles one program per shape (a symbolic size is specialized where
the importer reads it: Dynamo guards on it and compiles again for the next shape); each call matches eager.
Sizes computed in the graph (a view's shape from x.shape) are read as values too and scalars computed from
constants are folded (ind.backend.specialize_sizes, fold_scalars), and empty tensors are dropped from a cat
or allocated (drop_empty): nothing of them runs eagerly between partitions."""
import os
import sys

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "python"))
sys.path.insert(0, os.path.join(HERE, "..", "..", "bench", "zoo"))
os.environ["IND_STRICT"] = "1"
import ind  # noqa: E402,F401
from ind import backend  # noqa: E402
from models import ZOO  # noqa: E402


def f(x, w):
    return torch.softmax(torch.relu(x @ w) * 0.5, dim=-1) + x.sum(-1, keepdim=True)


def g(x, w):
    """views whose shapes are computed from the input's sizes (sym_size and its arithmetic when dynamic)"""
    y = x.view(-1, x.shape[-1]) @ w
    return torch.softmax(torch.relu(y) * 0.5, dim=-1).view(x.shape[0], -1, 16) + x.sum(-1, keepdim=True)


def h(x):
    """a scale computed in float64 from a size (attention's 1 / sqrt(d)): folded to a constant"""
    s = torch.full((), x.shape[-1], dtype=torch.float64).sqrt().float()
    return torch.softmax(x / s, -1) + 1.0


def e(x, cache):
    """an empty key/value cache: cat with an empty tensor, ops on an empty tensor, an empty output"""
    k = torch.cat([cache * 2, x], 1)
    return torch.softmax(k, -1) + 1, cache[:, :, :4] + 1


def m(x, cache):
    """an empty float32 cache before bfloat16 values (a decoder's cache under autocast): the empty input takes
    part in the type promotion, so the cat's result is float32 (one input kept: converted, not cloned)"""
    y = x.to(torch.bfloat16) * 2
    return torch.cat([cache, y], 1) + 1, torch.cat([cache, y, y * 3], 1).sum(-1)


def main():
    torch.manual_seed(0)
    failed = 0
    w = torch.randn(16, 16)
    gpt2 = ZOO["gpt2"].build("tiny").eval()
    cases = [("f", f, [((b, 7, 16),) for b in (2, 3, 5, 8)], lambda s: (torch.randn(*s[0]), w)),
             ("g", g, [((b, 7, 16),) for b in (2, 3)], lambda s: (torch.randn(*s[0]), w)),
             ("h", h, [((3, d),) for d in (4, 8)], lambda s: (torch.randn(*s[0]),)),
             ("e", e, [(2, 5), (3, 5)], lambda s: (torch.randn(s[0], s[1], 16), torch.randn(s[0], 0, 16))),
             ("m", m, [(2, 5), (3, 5)], lambda s: (torch.randn(s[0], s[1], 16), torch.randn(s[0], 0, 16))),
             ("gpt2", gpt2, [(2, 16), (3, 16), (2, 9), (4, 12)], lambda s: (torch.randint(0, 256, s),))]
    for dyn in (None, True):
        for name, fn, shapes, make in cases:
            torch._dynamo.reset()
            backend.reset_stats()
            cf = torch.compile(fn, backend="ind", dynamic=dyn)
            for s in shapes:
                args = make(s)
                with torch.no_grad():
                    got, want = cf(*args), fn(*args)
                    pairs = list(zip(got, want)) if isinstance(want, tuple) else [(got, want)]
                    err = max((a - b).abs().max().item() if b.numel() else float(a.shape != b.shape)
                              for a, b in pairs)
                ok = err <= 1e-4
                failed += not ok
                print(f"{'PASS' if ok else 'FAIL'} {name} dynamic={dyn} {s}: max abs err {err:.1e}")
            eager = sorted({ln for p in backend.STATS["partitions"] for ln in p.splitlines()
                            if ln.startswith("eager") and "(extern)" not in ln and "(view)" not in ln})
            parts = sum(p.count("\nind ") + p.startswith("ind ") for p in backend.STATS["partitions"])
            print(f"{name} dynamic={dyn}: {len(backend.STATS['partitions'])} graphs compiled, {parts} partitions, "
                  f"{len(backend.STATS['fallbacks'])} fallbacks, eager ops {eager or 'none'}")
    print(f"{'FAILED' if failed else 'ALL PASSED'} ({failed} failed)")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
