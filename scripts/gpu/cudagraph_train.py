"""Training steps of tiny zoo models as a user writes them (train mode: dropout on; no
cudagraph_mark_step_begin; the optimizer's step between calls) through torch.compile(backend="ind") with its
defaults on CUDA (CUDA graphs on). Each step must run; its losses and the graphs the backend
did not record are printed.
    python3 scripts/gpu/cudagraph_train.py [--no-dropout] [--history] MODEL...
--history: PyTorch's allocation history for the CUDA graph trees (their error then names where each
untracked block of the graph's pool was allocated)."""
import argparse
import os
import sys
import traceback

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "python"))
sys.path.insert(0, os.path.join(HERE, "..", "..", "bench", "zoo"))
import ind  # noqa: E402,F401
from ind import cudagraphs  # noqa: E402


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("models", nargs="+")
    ap.add_argument("--no-dropout", action="store_true")
    ap.add_argument("--history", action="store_true")
    ap.add_argument("--steps", type=int, default=4)
    ap.add_argument("--device", default="cuda")
    a = ap.parse_args()
    if a.history:
        torch._inductor.config.triton.cudagraph_trees_history_recording = True
    from models import ZOO
    bad = 0
    for name in a.models:
        torch.manual_seed(0)
        m = ZOO[name].build("tiny").to(a.device).train()
        if a.no_dropout:
            for mod in m.modules():
                if isinstance(mod, torch.nn.Dropout):
                    mod.p = 0.0
                for attr in ("attention_dropout", "dropout", "attn_pdrop"):
                    if isinstance(getattr(getattr(mod, "config", None), attr, None), float):
                        setattr(mod.config, attr, 0.0)
        ins = tuple(t.to(a.device) for t in ZOO[name].inputs("tiny", 2))
        opt = torch.optim.SGD(m.parameters(), lr=1e-3)
        cm = torch.compile(m, backend="ind")
        try:
            losses = []
            for _ in range(a.steps):
                out = cm(*ins)
                loss = out.float().pow(2).mean()
                loss.backward()
                opt.step()
                opt.zero_grad()
                losses.append(round(loss.item(), 5))
            print(f"{name}: ok, losses {losses}, graphs skipped {cudagraphs.SKIPS[:2]}", flush=True)
        except Exception as e:  # noqa: BLE001
            bad += 1
            lines = traceback.format_exception(e)
            print(f"{name}: FAILED {type(e).__name__}: {str(e)[:3000]}", flush=True)
            print("".join(lines[-6:])[:3000], flush=True)
        torch._dynamo.reset()
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
