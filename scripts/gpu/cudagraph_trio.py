"""Runs THERE: one zoo row compiled under several backends in one process (repeats allowed: the same
backend twice), stepped interleaved as bench/zoo/run.py's timing loop steps them, so that the compiled
models share the process's CUDA graph trees (their pool and checkpoints). Prints PASS, or FAIL naming the
iteration and the column whose step raised. Made for bart's AMP training row, which raises a device-side
assert with ind-cg, ind-cg-memsplit and inductor-cg in one process and passes with any one alone or ind-cg
with inductor-cg (docs/results/gpu-2026-12-07-run34-zoo-hosted-scratch.md, section 2). --slow-asserts turns
on the trees' own consistency checks (torch._inductor.config.triton.slow_path_cudagraph_asserts: the pool's
live blocks against the storages the trees know of), which name memory the trees do not account for.

    python3 scripts/gpu/cudagraph_trio.py --model bart --backends ind-cg,ind-cg-memsplit,inductor-cg
"""
import argparse
import copy
import os
import sys
import traceback

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
sys.path.insert(0, os.path.join(ROOT, "bench", "zoo"))
sys.path.insert(0, os.path.join(ROOT, "python"))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--model", default="bart")
    ap.add_argument("--mode", default="train_amp")
    ap.add_argument("--size", default="full", choices=("tiny", "full"))
    ap.add_argument("--backends", default="ind-cg,ind-cg-memsplit,inductor-cg")
    ap.add_argument("--iters", type=int, default=6)
    ap.add_argument("--device", default="cuda")
    ap.add_argument("--slow-asserts", action="store_true")
    ap.add_argument("--no-shared-programs", action="store_true",
                    help="forget ind's compiled programs before every step, so that a recompile of one column "
                         "never finds a program compiled for another (bart's layers may recompile mid-run on the GPU; not seen on the "
                         "CPU)")
    ap.add_argument("--recompile-limit", type=int, default=None,
                    help="Dynamo's recompile_limit (8 by default): bart's decoder layers hit it in the two-column "
                         "run (run 37: 'hit config.recompile_limit (8)', last reason len(args) == 3), after which "
                         "Dynamo runs the frames it would recompile eagerly between the columns' CUDA graphs")
    a = ap.parse_args()
    import torch
    if a.recompile_limit is not None:
        torch._dynamo.config.recompile_limit = a.recompile_limit

    import ind
    import run
    run._no_tf32()
    if a.slow_asserts:
        torch._inductor.config.triton.slow_path_cudagraph_asserts = True
        torch._inductor.config.triton.fast_path_cudagraph_asserts = True
    row = run.Row(a.model, a.mode, a.size, a.device, 2)
    cols = []
    for it in range(-1, a.iters):
        names = a.backends.split(",") if it < 0 else [c[0] for c in cols]
        for i, b in enumerate(names):
            try:
                if it < 0:  # compile and first call, one column after the other (as run.py's _build_row)
                    ind.backend.clear_cache()
                    m = copy.deepcopy(row.model)
                    cols.append((b, run._compile(m, b), m))
                _, fn, m = cols[i]
                if a.no_shared_programs:
                    ind.backend.clear_cache()
                row.step(fn, m)
                run._sync(row.device)
            except Exception as e:
                print(f"FAIL iteration {it} column {i} ({b}): {type(e).__name__}: {str(e).splitlines()[0][:200]}")
                traceback.print_exc()
                return 1
    print(f"PASS {a.model} {a.mode} {a.size}: {a.backends}, {a.iters} iterations")
    return 0


if __name__ == "__main__":
    sys.exit(main())
