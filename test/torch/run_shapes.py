"""Shapes that change: a function and a tiny GPT-2 called at several batch sizes and sequence lengths through
torch.compile(backend="ind"), with dynamic=None (Dynamo's default: static, then automatic dynamic) and
dynamic=True, under IND_STRICT=1. ind compiles one program per shape (a symbolic size is specialized where
the importer reads it: Dynamo guards on it and compiles again for the next shape); each call matches eager."""
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


def main():
    torch.manual_seed(0)
    failed = 0
    w = torch.randn(16, 16)
    gpt2 = ZOO["gpt2"].build("tiny").eval()
    cases = [("f", f, [((b, 7, 16),) for b in (2, 3, 5, 8)], lambda s: (torch.randn(*s[0]), w)),
             ("gpt2", gpt2, [(2, 16), (3, 16), (2, 9), (4, 12)], lambda s: (torch.randint(0, 256, s),))]
    for dyn in (None, True):
        for name, fn, shapes, make in cases:
            torch._dynamo.reset()
            backend.reset_stats()
            cf = torch.compile(fn, backend="ind", dynamic=dyn)
            for s in shapes:
                args = make(s)
                with torch.no_grad():
                    err = (cf(*args) - fn(*args)).abs().max().item()
                ok = err <= 1e-4
                failed += not ok
                print(f"{'PASS' if ok else 'FAIL'} {name} dynamic={dyn} {s}: max abs err {err:.1e}")
            print(f"{name} dynamic={dyn}: {len(backend.STATS['partitions'])} graphs compiled, "
                  f"{len(backend.STATS['fallbacks'])} fallbacks")
    print(f"{'FAILED' if failed else 'ALL PASSED'} ({failed} failed)")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
