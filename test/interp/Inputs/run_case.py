# One interpreter test case in one RUN line:
#   run_case.py IND_RUN PROGRAM FUNC DIR SPECS EXPR [npcheck options]
# writes NumPy inputs (SPECS: comma-separated npgen.py specs, "" for none, "random" for ind-run's
# own seeded random inputs) to DIR, runs
#   IND_RUN --reference PROGRAM --func FUNC --input DIR/a0.npy ... --output-dir DIR --save-inputs
# and checks DIR/out*.npy against EXPR with npcheck.py. Prints npcheck's lines; exits non-zero on
# any failure (ind-run's own output and errors are shown too).
import os
import subprocess
import sys

here = os.path.dirname(os.path.abspath(__file__))
ind_run, program, func, d, specs, expr = sys.argv[1:7]
use_random = specs == "random"
specs = [] if use_random else [s for s in specs.split(",") if s]
if not use_random:
    subprocess.run([sys.executable, os.path.join(here, "npgen.py"), d] + specs, check=True)
cmd = [ind_run, "--reference", program, "--func", func, "--output-dir", d, "--save-inputs"]
for i in range(len(specs)):
    cmd += ["--input", os.path.join(d, "a%d.npy" % i)]
r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
if r.returncode != 0:
    print("ind-run failed (%d):\n%s" % (r.returncode, r.stdout))
    sys.exit(1)
r = subprocess.run([sys.executable, os.path.join(here, "npcheck.py"), d, expr] + sys.argv[7:])
sys.exit(r.returncode)
