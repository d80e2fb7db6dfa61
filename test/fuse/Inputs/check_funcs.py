"""Every function of an ind program, fused and compiled for the CPU JIT, gives the reference
interpreter's outputs on the same seeded inputs (a wrong fusion either fails in sched-to-kernel or
changes numbers). Prints `NAME OK` or `NAME MISMATCH ...` per function and `bad: N`.

usage: check_funcs.py IND_OPT PROGRAM TMP_DIR [IND-OPT FLAGS...] (default: --fuse)"""
import os, re, subprocess, sys

opt, prog, tmp, flags = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:] or ["--fuse"]
run = os.path.join(os.path.dirname(opt), "ind-run")
os.makedirs(tmp, exist_ok=True)
fused = os.path.join(tmp, "fused.mlir")
subprocess.run([opt, prog, *flags, "-o", fused], check=True)
bad = 0
for name in re.findall(r"^func\.func @(\w+)", open(prog).read(), re.M):
    ref = os.path.join(tmp, name + ".ref")
    subprocess.run([run, "--reference", prog, "--func", name, "--output-dir", ref], check=True,
                   stdout=subprocess.DEVNULL)
    r = subprocess.run([run, fused, "--func", name, "--compare-dir", ref, "--rtol", "1e-6", "--atol", "1e-6"],
                       capture_output=True, text=True)
    ok = r.returncode == 0 and "FAIL" not in r.stdout
    print(name, "OK" if ok else "MISMATCH " + (r.stdout[-300:] + r.stderr[-300:]).replace("\n", " | "))
    bad += not ok
print("bad:", bad)
sys.exit(1 if bad else 0)
