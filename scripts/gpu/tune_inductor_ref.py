# THERE: Inductor's time (torch.compile, do_bench_cudagraph, us) for the functions of scripts/gpu/tune_src/*.mlir,
# beside scripts/gpu/tune.py's numbers for ind's kernels (docs/results/gpu-2026-12-08-run37-tune-warp-rows-bart.md).
import torch
import torch.nn.functional as F
from triton.testing import do_bench_cudagraph
bf = torch.bfloat16
def sm_fwd(x, mask): return torch.softmax((x / 8.0 + mask).float(), -1).to(bf)
def sm_bwd(g, p):
    gp = g.float() * p.float(); return (gp - p.float() * gp.sum(-1, keepdim=True)).to(bf)
def ln_fwd(x, r, w, b):
    a = x.float() + r; y, m, rs = torch.ops.aten.native_layer_norm(a, [768], w, b, 1e-12); return y.to(bf), a, m, rs
def ln_inf(x, r, w, b): return F.layer_norm(x + r, [768], w, b, 1e-12)
d = "cuda"
cases = {"bert_sm_fwd": (sm_fwd, [torch.randn(2, 12, 512, 512, device=d, dtype=bf), torch.zeros(2, 1, 1, 512, device=d, dtype=bf)]),
         "bert_sm_bwd": (sm_bwd, [torch.randn(24, 512, 512, device=d, dtype=bf), torch.rand(24, 512, 512, device=d, dtype=bf)]),
         "bert_ln_fwd": (ln_fwd, [torch.randn(1024, 768, device=d, dtype=bf), torch.randn(1024, 768, device=d), torch.randn(768, device=d), torch.randn(768, device=d)]),
         "bert_ln_inf": (ln_inf, [torch.randn(1024, 768, device=d, dtype=bf), torch.randn(1024, 768, device=d, dtype=bf), torch.randn(768, device=d, dtype=bf), torch.randn(768, device=d, dtype=bf)])}
for name, (f, args) in cases.items():
    c = torch.compile(f)
    c(*args); torch.cuda.synchronize()
    us = do_bench_cudagraph(lambda: c(*args), rep=200) * 1000
    print(f"inductor {name} {us:.2f} us", flush=True)
