"""Small programs through torch.compile(backend="ind") on CUDA, for compute-sanitizer (memcheck/racecheck):
the masked softmax of issue 34 (a causal mask from ones().tril() > 0, where, row softmax: one partition that
faulted with a 16-byte read far below any allocation) and tiny zoo models forward and backward.
    compute-sanitizer --tool memcheck python3 scripts/gpu/sanitize_small.py"""
import os
import sys

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "python"))
sys.path.insert(0, os.path.join(HERE, "..", "..", "bench", "zoo"))
import ind  # noqa: E402,F401


def masked_softmax(x):
    mask = torch.ones(x.shape[-2], x.shape[-1], device=x.device).tril() > 0
    return torch.softmax(torch.where(mask, x, float("-inf")), -1)


def main():
    torch.manual_seed(0)
    dev = "cuda"
    bad = 0
    for shape in [(2, 4, 16, 16), (1, 12, 128, 128), (3, 5, 7, 33)]:
        x = torch.randn(*shape, device=dev)
        got = torch.compile(masked_softmax, backend="ind")(x)
        err = (got - masked_softmax(x)).abs().max().item()
        bad += err > 1e-5
        print(f"masked_softmax {shape}: max abs err {err:.2e}", flush=True)
        torch._dynamo.reset()
    from models import ZOO
    from run import _no_dropout  # the zoo's rule: dropout off, so the compiled and eager calls draw no masks
    for name in (sys.argv[1:] or ["gpt2", "llama", "bert", "resnet18"]):
        m = ZOO[name].build("tiny").to(dev)
        _no_dropout(m)
        ins = tuple(a.to(dev) for a in ZOO[name].inputs("tiny", 2))
        cm = torch.compile(m, backend="ind")
        out = cm(*ins)
        ref = m(*ins)
        out.float().sum().backward()
        err = (out - ref).abs().max().item()
        print(f"{name}: forward max abs err {err:.2e}, backward ran", flush=True)
        torch._dynamo.reset()
    torch.cuda.synchronize()
    print("sanitize_small: done", "BAD" if bad else "ok")


if __name__ == "__main__":
    main()
