"""cli_vs_bindings.py PYSRC IND_OPT EXAMPLES_DIR [--bind-option KEY=VALUE] [--plugin LIB.so]

The two front doors on one program must agree: for every example (EXAMPLES_DIR/*.mlir) and every fusion
strategy `IND_OPT --list-passes` lists, and with none named ("default"), compiles it with
  - the command line: `IND_OPT EX [--fuse=S] --codegen` (kernel IR) and `IND_OPT EX [--fuse=S] --codegen --emit=ptx`,
  - the bindings: ind.core.compile(text, device="cuda"[, fuse=S]) (libind in this process),
both with IND_LOGS=fusion, and compares the number of kernels, the kernel IR, the PTX and the fusion
log (the stderr of each). One line per pair; `differ` with what differs. Exits 1 when any pair differs.
--bind-option adds a compile option on the bindings' side only (to show that the comparison can fail);
--plugin loads a fusion plugin on both sides (--load-pass-plugin / the compile's plugins)."""
import argparse
import glob
import os
import re
import subprocess
import sys
import tempfile

ap = argparse.ArgumentParser()
ap.add_argument("pysrc")
ap.add_argument("ind_opt")
ap.add_argument("examples")
ap.add_argument("--bind-option", action="append", default=[])
ap.add_argument("--plugin")
args = ap.parse_args()

os.environ["IND_LOGS"] = "fusion"  # before libind reads it
sys.path.insert(0, args.pysrc)
from ind import core  # noqa: E402

plugin_args = ["--load-pass-plugin=" + args.plugin] if args.plugin else []
listing = subprocess.run([args.ind_opt, *plugin_args, "--list-passes"], capture_output=True, text=True,
                         check=True).stdout
section = listing.split("Fusion strategies", 1)[1].split("Stages:", 1)[0]
strategies = re.findall(r"^  ([A-Za-z0-9_-]+): ", section, re.M)
if len(strategies) < 5:
    sys.exit(f"cli_vs_bindings: only {len(strategies)} strategies in --list-passes: {strategies}")
print("strategies:", " ".join(strategies))
strategies.insert(0, None)  # no strategy named: `--codegen` alone, a compile without fuse=

bind_options = dict(kv.split("=", 1) for kv in args.bind_option)


def bindings(text, name, strategy):
    """(error or None, number of kernels (the launch plan's), kernel IR, PTX, stderr) of one compile through
    libind."""
    with tempfile.TemporaryFile() as cap:
        sys.stderr.flush()
        saved = os.dup(2)
        os.dup2(cap.fileno(), 2)
        try:
            extra = {"plugins": [args.plugin]} if args.plugin else {}
            if strategy:
                extra["fuse"] = strategy
            prog = core.compile(text, device="cuda", name=name, options=bind_options, **extra)
            out = (None, len(prog.kernels), prog.kernel_ir, prog.ptx)
        except core.IndError as e:
            out = (str(e), 0, "", "")
        finally:
            os.dup2(saved, 2)
            os.close(saved)
        cap.seek(0)
        return out + (cap.read().decode(),)


def cli(path, strategy):
    """The same from ind-opt (the kernels: the kernel.def ops of its output)."""
    env = dict(os.environ, IND_LOGS="fusion")
    base = [args.ind_opt, *plugin_args, path, *(["--fuse=" + strategy] if strategy else []), "--codegen"]
    ir = subprocess.run(base, capture_output=True, text=True, env=env)
    if ir.returncode != 0:
        return (ir.stderr, [], "", "", ir.stderr)
    ptx = subprocess.run(base + ["--emit=ptx"], capture_output=True, text=True, env=env)
    return (ptx.stderr if ptx.returncode else None, ir.stdout.count('"kernel.def"'), ir.stdout, ptx.stdout, ir.stderr)


pairs = differ = 0
for path in sorted(glob.glob(os.path.join(args.examples, "*.mlir"))):
    ex = os.path.basename(path)
    text = open(path).read()
    for s in strategies:
        label = s or "default"
        b = bindings(text, path, s)
        c = cli(path, s)
        what = []
        if (b[0] is None) != (c[0] is None):
            what.append("bindings %s, command line %s" % ("fail" if b[0] else "compile", "fail" if c[0] else "compile"))
        else:
            if b[1] != c[1]:
                what.append(f"kernels {b[1]} vs {c[1]}")
            if b[2].strip() != c[2].strip():
                what.append("kernel IR")
            if (b[3] or "") != c[3]:
                what.append("PTX")
            if b[4] != c[4]:
                what.append("fusion log (%d vs %d lines)" % (b[4].count("\n"), c[4].count("\n")))
        pairs += 1
        state = "error" if b[0] else f"kernels {b[1]}, ptx {len(b[3] or '')} bytes, log {b[4].count(chr(10))} lines"
        if what:
            differ += 1
            print(f"{ex} {label}: differ: {'; '.join(what)}")
        else:
            print(f"{ex} {label}: same ({state})")
print(f"cli_vs_bindings: {pairs} pairs, {differ} differ")
sys.exit(1 if differ else 0)
