"""Helper of scripts/gpu/profile.sh (runs on the GPU machine).

  profile_inductor.py CASE N OUTDIR     compile CASE with torch.compile, warm up, run one call inside an
                                         NVTX range "prof" (ncu profiles only that), save Inductor's code
  profile_inductor.py --summarize OUT   one markdown table from the ncu CSVs: ind vs Inductor per kernel
"""
import csv
import glob
import io
import os
import sys


def run_case(case, n, outdir):
    import torch
    import torch._inductor.config as cfg
    sys.path.insert(0, os.path.dirname(__file__))
    from models import CASES
    fn, _, shapes_of = CASES[case]
    g = torch.Generator(device="cuda").manual_seed(1)
    xs = [torch.rand(s, device="cuda", generator=g) * 2 - 1 for s in shapes_of(n)]
    cfg.debug = False
    cf = torch.compile(fn, dynamic=False)
    for _ in range(3):
        cf(*xs)
    torch.cuda.synchronize()
    torch.cuda.nvtx.range_push("prof")
    cf(*xs)
    torch.cuda.synchronize()
    torch.cuda.nvtx.range_pop()
    # Inductor's generated module for this function: the newest file in its cache
    try:  # torch >= 2.5 moved it
        from torch._inductor.runtime.cache_dir_utils import cache_dir
    except ImportError:
        from torch._inductor.utils import cache_dir
    files = sorted(glob.glob(os.path.join(cache_dir(), "**", "*.py"), recursive=True), key=os.path.getmtime)
    code = [f for f in files if "triton" in open(f, errors="replace").read()[:200000] and "def call" in open(f, errors="replace").read()]
    if code:
        with open(os.path.join(outdir, "inductor_code_%s_%d.py" % (case, n)), "w") as f:
            f.write(open(code[-1]).read())


def rows(path):
    text = open(path, errors="replace").read()
    start = text.find('"ID"')
    if start < 0:
        return []
    rd = list(csv.DictReader(io.StringIO(text[start:])))
    return [r for r in rd[1:] if r.get("Kernel Name")]  # row 0 holds the units


def f(r, k, scale=1.0, spec=".1f"):
    try:
        return format(float(r[k].replace(",", "")) * scale, spec)
    except (KeyError, ValueError):
        return "?"


def summarize(out):
    print("| case | who | kernel | us | DRAM MB r/w | DRAM % peak | occ % (theor.) | waves/SM | regs | grid x block | inst (M) | L2 hit % | smem conflicts |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for p in sorted(glob.glob(os.path.join(out, "ind_*.csv"))):
        name = os.path.basename(p)[4:-4]
        for who, path in (("ind", p), ("inductor", os.path.join(out, "inductor_%s.csv" % name))):
            if not os.path.exists(path):
                continue
            seen = set()
            for r in rows(path):
                k = r["Kernel Name"]
                if who == "ind" and k in seen:
                    continue  # the runner's later launches repeat the same kernels
                seen.add(k)
                print("| %s | %s | %s | %s | %s/%s | %s | %s (%s) | %s | %s | %s x %s | %s | %s | %s |" % (
                    name, who, k[:48], f(r, "gpu__time_duration.sum", 1e-3),
                    f(r, "dram__bytes_read.sum", 1e-6), f(r, "dram__bytes_write.sum", 1e-6),
                    f(r, "dram__throughput.avg.pct_of_peak_sustained_elapsed"),
                    f(r, "sm__warps_active.avg.pct_of_peak_sustained_active"),
                    f(r, "sm__maximum_warps_per_active_cycle_pct"), f(r, "launch__waves_per_multiprocessor", 1, ".2f"),
                    f(r, "launch__registers_per_thread", 1, ".0f"), f(r, "launch__grid_size", 1, ".0f"),
                    f(r, "launch__block_size", 1, ".0f"), f(r, "smsp__inst_executed.sum", 1e-6, ".2f"),
                    f(r, "lts__t_sector_hit_rate.pct"), f(r, "l1tex__data_bank_conflicts_pipe_lsu_mem_shared.sum", 1, ".0f")))


if __name__ == "__main__":
    if sys.argv[1] == "--summarize":
        summarize(sys.argv[2])
    else:
        run_case(sys.argv[1], int(sys.argv[2]), sys.argv[3])
