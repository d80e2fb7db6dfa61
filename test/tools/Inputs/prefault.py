"""The start-up prefault of ind's tools (tools/startup.c), seen from outside: ind-opt reads its input from a
FIFO, so it waits in read() after its start (and before any MLIR work); at that point the share of its code
mapped into the process (Rss / Size of its executable mapping in /proc/PID/smaps) is ~all of it with the
prefault and a small part without (IND_PREFAULT=0: only the pages the static initialisers touched), and
its heap holds the populated 4 MiB slice only with the prefault. Then
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


def mapped(pid):
    """(share of the executable's code resident, the smallest share of its other mappings (read-only data,
    RELRO, .data), KiB of heap resident)"""
    maps = []  # [kind, size, rss]
    for line in open("/proc/%d/smaps" % pid):
        parts = line.split()
        if "-" in parts[0] and len(parts) >= 5:  # a mapping's header line
            name = parts[5] if len(parts) >= 6 else ""
            kind = ("code" if parts[1] == "r-xp" else "data") if os.path.realpath(name) == exe else \
                "heap" if name == "[heap]" else None
            maps.append([kind, 0, 0])
        elif parts[0] in ("Size:", "Rss:") and maps and maps[-1][0]:
            maps[-1][1 if parts[0] == "Size:" else 2] += int(parts[1])
    code = [m for m in maps if m[0] == "code"]
    data = [m[2] / m[1] for m in maps if m[0] == "data" and m[1]]
    return sum(m[2] for m in code) / sum(m[1] for m in code), min(data), sum(m[2] for m in maps if m[0] == "heap")


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
    share = mapped(p.pid)
    os.set_blocking(w, True)
    os.write(w, open(src, "rb").read())
    os.close(w)
    if p.wait() != 0:
        sys.exit("prefault.py: ind-opt failed")
    return share


on, off = run("1", "on"), run("0", "off")
if os.environ.get("PREFAULT_VERBOSE"):
    print("with", on, "without", off)
same = open(os.path.join(out, "on.ptx"), "rb").read() == open(os.path.join(out, "off.ptx"), "rb").read()
print("same output:", same)
major, minor = (int(x) for x in platform.release().split(".")[:2])
if (major, minor) < (5, 14):  # no MADV_POPULATE_*: the advice is refused and nothing changes
    print("code mapped at start: yes (kernel %s has no MADV_POPULATE; not measured)" % platform.release())
    print("data mapped at start: yes (not measured)")
    print("heap slice mapped at start: yes (not measured)")
else:
    ok = on[0] >= 0.9 and off[0] < 0.6
    print("code mapped at start:", "yes" if ok else "no (%.0f %% with the prefault, %.0f %% without)" %
          (100 * on[0], 100 * off[0]))
    ok = on[1] >= 0.9 and off[1] < 0.9
    print("data mapped at start:", "yes" if ok else "no (smallest share %.0f %% with the prefault, %.0f %% without)" %
          (100 * on[1], 100 * off[1]))
    # the 4 MiB heap slice (IND_STARTUP_HEAP_BYTES) is resident with it; without, the heap holds what the
    # static initialisers allocated (~0.4 MiB). (A sanitizer's allocator does not use the heap: the test
    # does not check this line there.)
    heap_ok = on[2] >= 4096 and off[2] < 4096
    print("heap slice mapped at start:", "yes" if heap_ok else "no (%d KiB with, %d KiB without)" % (on[2], off[2]))
