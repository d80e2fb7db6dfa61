"""What calls in parts (ind.backend.call_parts) would hold, computed on the CPU from programs' CUDA plans: each
graph text (IND_DUMP_GRAPHS=DIR of a zoo row run on the CPU) compiled for CUDA and loaded on the mock driver
(test/runtime/Inputs/mock_cuda.c, built here with gcc), its step_span read, and plan_parts applied with
every input donated (a backward program's inputs, which AOTAutograd hands over; a forward's parameters are
the caller's, so its numbers overstate the gain). Prints per program: steps, the bytes one whole call holds
(inputs, outputs, intermediates' block), the parts at --ratio and the most one part holds.

    IND_DUMP_GRAPHS=DIR .venv/bin/python bench/zoo/run.py --models swin --modes train_amp --size full
    .venv/bin/python bench/zoo/parts_plan.py DIR/*.mlir --ratio 1.05
"""
import argparse
import os
import subprocess
import sys
import tempfile

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
sys.path.insert(0, os.path.join(ROOT, "python"))


def mock_driver(dest):
    """Builds the mock CUDA driver and cuBLAS (test/runtime/Inputs/mock_cuda.c) into dest; their paths."""
    src = os.path.join(ROOT, "test", "runtime", "Inputs", "mock_cuda.c")
    libs = []
    for name, flags in (("libmockcuda.so", []), ("libmockcublas.so", ["-DMOCK_CUBLAS"])):
        out = os.path.join(dest, name)
        subprocess.run(["gcc", "-std=c11", "-shared", "-fPIC", "-I/usr/local/cuda/include", *flags, src, "-o", out],
                       check=True)
        libs.append(out)
    return libs


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("graphs", nargs="+", help="graph texts (IND_DUMP_GRAPHS)")
    ap.add_argument("--ratio", type=float, default=1.05)
    a = ap.parse_args()
    if "IND_LIBCUDA" not in os.environ:  # the driver is looked up when libind loads a module: set it first
        os.environ["IND_LIBCUDA"], os.environ["IND_LIBCUBLAS"] = mock_driver(tempfile.mkdtemp(prefix="ind-mock-"))
    from ind import backend, core
    mib = 2 ** 20
    for path in a.graphs:
        prog = core.compile(open(path).read(), device="cuda")
        in_last, out_first, n = prog.step_span()
        in_b = [backend._spec_bytes(s, d) for s, d in prog.inputs]
        out_b = [backend._spec_bytes(s, d) for s, d in prog.outputs]
        scratch = prog.scratch_bytes()
        donated = [True] * len(in_b)
        cuts = backend.plan_parts(in_b, in_last, donated, out_b, out_first, n, scratch, a.ratio)
        live_in, made, most = sum(in_b), 0, 0
        for _, _, alloc, drop in backend.part_lists(cuts, in_last, donated, out_first, n):
            made += sum(out_b[k] for k in alloc)
            most = max(most, scratch + live_in + made)
            live_in -= sum(in_b[j] for j in drop)
        print(f"{os.path.basename(path)}: {n} steps; one call holds {(scratch + sum(in_b) + sum(out_b)) / mib:.1f} MiB "
              f"(inputs {sum(in_b) / mib:.1f}, outputs {sum(out_b) / mib:.1f}, intermediates {scratch / mib:.1f}); "
              f"{len(cuts)} parts at {a.ratio}: {most / mib:.1f} MiB at most {cuts if len(cuts) > 1 else ''}")


if __name__ == "__main__":
    main()
