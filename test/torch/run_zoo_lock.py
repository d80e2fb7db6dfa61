"""The zoo runner's lock (bench/zoo/run.py, _zoo_lock): rows compile side by side (shared) but a row times
alone (exclusive), and a waiting timer is not starved by rows that start compiling after it asked. Threads
stand in for the row processes (flock locks of separate open() calls conflict within one process too)."""
import os
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "bench", "zoo"))
import run as zoo  # noqa: E402

events = []


def row(name, exclusive, start, hold):
    time.sleep(start)
    with zoo._zoo_lock(exclusive):
        events.append((time.monotonic(), name, "in"))
        time.sleep(hold)
        events.append((time.monotonic(), name, "out"))


with tempfile.TemporaryDirectory() as d:
    os.environ["IND_ZOO_TIME_LOCK"] = os.path.join(d, "lock")
    rows = [("compile-a", False, 0.0, 0.8), ("compile-b", False, 0.1, 0.3), ("time-t", True, 0.3, 0.3),
            ("compile-c", False, 0.5, 0.1)]
    ts = [threading.Thread(target=row, args=r) for r in rows]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
order = [f"{n} {what}" for _, n, what in sorted(events)]
print("\n".join(order))
