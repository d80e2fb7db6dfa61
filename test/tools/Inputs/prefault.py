"""The start-up prefault of ind's tools (tools/startup.c), seen from outside: ind-opt reads its input from a
FIFO, so it waits in read() after its start (and before any MLIR work); at that point the share of its code
mapped into the process (Rss / Size of its executable mapping in /proc/PID/smaps) is ~all of it with the
prefault and a small part without (IND_PREFAULT=0: only the pages the static initialisers touched). Then
the same compile's output must be the same bytes either way.

    prefault.py IND_OPT INPUT OUT_DIR"""
import os
import platform
import subprocess
import sys
import time

ind_opt, src, out = sys.argv[1:4]
os.makedirs(out, exist_ok=True)
exe = os.path.realpath(ind_opt)
with open(exe, "rb") as f:  # the executable in the page cache (the prefault skips a cold file)
    while f.read(1 << 24):
        pass


def text_share(pid):
    size = rss = 0
    inside = False
    for line in open("/proc/%d/smaps" % pid):
        parts = line.split()
        if "-" in parts[0] and len(parts) >= 5:  # a mapping's header line
            inside = len(parts) >= 6 and parts[1] == "r-xp" and os.path.realpath(parts[5]) == exe
        elif inside and parts[0] == "Size:":
            size += int(parts[1])
        elif inside and parts[0] == "Rss:":
            rss += int(parts[1])
    return rss / size


def run(flag, name):
    env = dict(os.environ)
    env["IND_PREFAULT"] = flag
    env.pop("IND_CACHE_DIR", None)
    fifo = os.path.join(out, name + ".fifo")
    os.mkfifo(fifo)
    p = subprocess.Popen([ind_opt, fifo, "--lower", "--fuse", "--codegen", "--emit=ptx", "-o",
                          os.path.join(out, name + ".ptx")], env=env)
    deadline = time.time() + 60
    while True:  # succeeds once ind-opt has the FIFO open for reading; it then waits in read()
        try:
            w = os.open(fifo, os.O_WRONLY | os.O_NONBLOCK)
            break
        except OSError:
            if time.time() > deadline or p.poll() is not None:
                sys.exit("prefault.py: ind-opt did not open its input")
            time.sleep(0.005)
    time.sleep(0.2)
    share = text_share(p.pid)
    os.set_blocking(w, True)
    os.write(w, open(src, "rb").read())
    os.close(w)
    if p.wait() != 0:
        sys.exit("prefault.py: ind-opt failed")
    return share


on, off = run("1", "on"), run("0", "off")
same = open(os.path.join(out, "on.ptx"), "rb").read() == open(os.path.join(out, "off.ptx"), "rb").read()
print("same output:", same)
major, minor = (int(x) for x in platform.release().split(".")[:2])
if (major, minor) < (5, 14):  # no MADV_POPULATE_*: the advice is refused and nothing changes
    print("code mapped at start: yes (kernel %s has no MADV_POPULATE; not measured)" % platform.release())
elif on >= 0.9 and off < 0.6:
    print("code mapped at start: yes")
else:
    print("code mapped at start: no (%.0f %% with the prefault, %.0f %% without)" % (100 * on, 100 * off))
