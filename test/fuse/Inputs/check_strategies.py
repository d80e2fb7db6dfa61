"""For every example (shapes resized 1024 -> 128 to keep the test short): each fusion strategy's
grouping, compiled and run on the CPU JIT, must reproduce the graph-level reference interpreter's
outputs; and fuse-search's cost must be at most the greedy's by its own model (the log line
`search (...): greedy K kernels, cost X bytes; best K kernels, cost Y bytes`).

usage: check_strategies.py IND_OPT SRC_DIR TMP_DIR STRATEGY... (eager = --lower=op-level --fuse=none)"""
import glob, os, re, subprocess, sys

opt, src, tmp, strategies = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
sys.path.insert(0, os.path.join(src, "scripts", "gpu"))
from resize_example import resize

run = os.path.join(os.path.dirname(opt), "ind-run")
os.makedirs(tmp, exist_ok=True)
bad = 0
for ex in sorted(glob.glob(os.path.join(src, "examples", "*.mlir"))):
    name = os.path.basename(ex)[:-5]
    text, problems = resize(open(ex).read(), 1024, 128)
    if problems:
        print(name, "cannot resize:", problems)
        bad += 1
        continue
    prog = os.path.join(tmp, name + ".mlir")
    open(prog, "w").write(text)
    ref = os.path.join(tmp, name + ".ref")
    subprocess.run([run, "--reference", prog, "--output-dir", ref], check=True, stdout=subprocess.DEVNULL)
    tol = ["--atol", "1e-3"] if name == "mm_epilogue" else []
    if "xbf16>" in text:  # bf16 outputs: ind-run's bf16 tolerances (the reference rounds every op to bf16)
        tol = ["--rtol", str(2.0 ** -6), "--atol", str(2.0 ** -7)]
    for s in strategies:
        flags = ["--lower=op-level", "--fuse=none"] if s == "eager" else ["--fuse=" + s]
        fused = os.path.join(tmp, "%s.%s.mlir" % (name, s))
        env = dict(os.environ, IND_LOGS="fusion")
        p = subprocess.run([opt, prog, *flags, "-o", fused], env=env, capture_output=True, text=True)
        if p.returncode:
            print(name, s, "ind-opt failed:", p.stderr[-300:])
            bad += 1
            continue
        note = ""
        if s == "search":
            m = re.search(r"greedy (\d+) kernels, cost (\d+) bytes; best (\d+) kernels, cost (\d+) bytes", p.stderr)
            if not m or int(m.group(4)) > int(m.group(2)):
                print(name, s, "search worse than greedy:", m and m.group(0))
                bad += 1
            note = " search %s <= greedy %s%s" % (m.group(4), m.group(2), " (better)" if int(m.group(4)) < int(
                m.group(2)) else "")
        r = subprocess.run([run, fused, "--compare-dir", ref, *tol], capture_output=True, text=True)
        ok = r.returncode == 0 and "FAIL" not in r.stdout
        print(name, s, ("OK" if ok else "MISMATCH " + r.stdout[-300:] + r.stderr[-300:]) + note)
        bad += not ok
print("bad:", bad)
sys.exit(1 if bad else 0)
