#!/usr/bin/python3
"""Adds up soak.py tables (scripts/fuzz/soak_chunks.sh's OUT_DIR/soak_*.txt) into one:
    scripts/fuzz/soak_merge.py FILE...
Prints the programs, seconds and the summed stage table; exits 1 if a file has no table or any
stage has a failure."""
import re
import sys


def main():
    stages, order, programs, full, secs, bad = {}, [], 0, 0, 0.0, 0
    for path in sys.argv[1:]:
        text = open(path).read()
        m = re.search(r"^soak: (\d+) programs .*?, (\d+) through every stage, .*?, ([\d.]+) s$", text, re.M)
        if not m:
            print("%s: no soak table" % path)
            bad += 1
            continue
        programs, full, secs = programs + int(m.group(1)), full + int(m.group(2)), secs + float(m.group(3))
        for mm in re.finditer(r"^(\S+/?\S*)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)$", text, re.M):
            row = stages.setdefault(mm.group(1), [0] * 5)
            if mm.group(1) not in order:
                order.append(mm.group(1))
            for i in range(5):
                row[i] += int(mm.group(2 + i))
    print("soak_merge: %d files, %d programs, %d through every stage, %.0f s of soak time" % (
        len(sys.argv) - 1, programs, full, secs))
    print("%-18s %8s %8s %8s %8s %8s" % ("stage", "ok", "reject", "crash", "mismatch", "timeout"))
    for st in order:
        print("%-18s %8d %8d %8d %8d %8d" % ((st,) + tuple(stages[st])))
        bad += sum(stages[st][1:])
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
