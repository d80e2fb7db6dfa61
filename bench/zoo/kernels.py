"""Where a zoo row's time goes: one model in one mode, per backend, the GPU kernels of a few steps under
torch.profiler, summed by kernel name and sorted by time (what the zoo's time-per-iteration column hides).

    python bench/zoo/kernels.py --model t5_encoder --mode train_amp --backends ind,inductor --steps 3

Per backend: total kernel time per step, kernels per step, then the top --top kernels by time (name, calls
per step, us per step, share). With --out, the same as JSON (one object per backend).
"""
import collections
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import run  # noqa: E402  (the zoo's Row, _compile, models)


def profile_backend(row, b, steps):
    import torch
    from torch.profiler import ProfilerActivity, profile
    fn, m = run.warmed(row, b, 3)
    with profile(activities=[ProfilerActivity.CUDA]) as prof:
        for _ in range(steps):
            row.step(fn, m)
        run._sync(row.device)
    by = collections.defaultdict(lambda: [0, 0.0])
    for e in prof.events():
        if e.device_type == torch.autograd.DeviceType.CUDA:
            k = by[e.name]
            k[0] += 1
            k[1] += e.device_time_total if hasattr(e, "device_time_total") else e.cuda_time_total
    total = sum(v[1] for v in by.values()) / steps
    kernels = sum(v[0] for v in by.values()) / steps
    top = sorted(by.items(), key=lambda kv: -kv[1][1])
    return {"backend": b, "us_per_step": round(total, 1), "kernels_per_step": kernels,
            "kernels": [{"name": n[:160], "calls": c / steps, "us": round(t / steps, 1),
                         "share": round(t / steps / total, 4) if total else 0.0} for n, (c, t) in top]}


def main():
    def report(row, b, a):
        r = profile_backend(row, b, a.steps)
        print(f"== {a.model} {a.mode} {b}: {r['us_per_step']:.0f} us of kernels per step, "
              f"{r['kernels_per_step']:.0f} kernels")
        for k in r["kernels"][:a.top]:
            print(f"  {k['us']:9.1f} us {100 * k['share']:5.1f}% {k['calls']:5.1f}x  {k['name']}")
        return r
    run.one_row_tool(__doc__, "train_amp", "ind,inductor", 3, 25, report)


if __name__ == "__main__":
    main()
