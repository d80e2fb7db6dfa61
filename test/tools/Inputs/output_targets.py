"""Checks where `ind-opt -o PATH` writes, for each kind of PATH (tools/output-targets.test).

usage: output_targets.py IND_OPT INPUT.mlir WORKDIR
A regular file is replaced whole; a symbolic link stays a link and its target gets the output; a FIFO
is written through (a reader sees the output), never replaced by a regular file; sixteen runs writing
one path at once all succeed and leave one whole output and no temporaries."""
import os
import stat
import subprocess
import sys
import threading

ind_opt, src, work = sys.argv[1:4]
expected = subprocess.run([ind_opt, src], check=True, capture_output=True).stdout


def run(out):
    return subprocess.run([ind_opt, src, "-o", out], capture_output=True)


def leftovers():
    return sorted(n for n in os.listdir(work) if n.endswith("~"))


# A regular file: replaced whole.
regular = os.path.join(work, "regular.mlir")
with open(regular, "wb") as f:
    f.write(b"old contents, longer than nothing\n" * 1000)
r = run(regular)
print("regular:", r.returncode, open(regular, "rb").read() == expected)

# A symbolic link: still a link afterwards, its target holds the output.
target = os.path.join(work, "target.mlir")
link = os.path.join(work, "link.mlir")
open(target, "wb").close()
os.symlink(target, link)
r = run(link)
print("symlink:", r.returncode, "link" if os.path.islink(link) else "replaced",
      open(target, "rb").read() == expected)

# A FIFO: a reader gets the output, and the FIFO is still a FIFO.
fifo = os.path.join(work, "fifo")
os.mkfifo(fifo)
got = []
reader = threading.Thread(target=lambda: got.append(open(fifo, "rb").read()), daemon=True)
reader.start()
r = run(fifo)
reader.join(timeout=10)  # a replaced FIFO never gets a writer: the reader would wait forever
print("fifo:", r.returncode, "fifo" if stat.S_ISFIFO(os.lstat(fifo).st_mode) else "replaced",
      bool(got) and got[0] == expected)

# Sixteen writers of one path at once, with an output of ~2 MB so that their writes overlap (with
# one temporary name shared by all, most of them fail: "cannot write ...: No such file").
big = os.path.join(work, "big.mlir")
with open(big, "w") as f:
    f.write("func.func @f(%a: f32) -> f32 {\n  %v0 = arith.addf %a, %a : f32\n")
    f.writelines(f"  %v{i} = arith.addf %v{i - 1}, %a : f32\n" for i in range(1, 20000))
    f.write("  return %v19999 : f32\n}\n")
big_expected = subprocess.run([ind_opt, big], check=True, capture_output=True).stdout
shared = os.path.join(work, "shared.mlir")
procs = [subprocess.Popen([ind_opt, big, "-o", shared], stderr=subprocess.PIPE) for _ in range(16)]
codes = [p.wait() for p in procs]
errs = sorted(set(p.stderr.read().decode().strip() for p in procs))
print("concurrent: failed", sum(c != 0 for c in codes), "whole",
      open(shared, "rb").read() == big_expected)
for e in errs:
    if e:
        print("  ", e)
print("temporaries left:", leftovers())
sys.stdout.flush()
os._exit(0)  # do not wait for a reader stuck on a replaced FIFO
