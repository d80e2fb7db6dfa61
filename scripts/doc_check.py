#!/usr/bin/env python3
"""doc_check.py - checks of the documentation (test/tools/doc-blocks.test, test/tools/doc-paths.test).

  doc_check.py blocks [--src DIR] [--ind-opt BIN] [--cc CC] [--llvm-include DIR] [FILE.md ...]
      Every fenced code block marked as a whole file compiles or parses. The marker is an HTML comment on
      the line just before the opening fence:
          <!-- file: passes/fuse/vertical.c -->
      The name's extension picks the check: .c: `CC -std=c11 -fsyntax-only -Wall -Wextra -Werror` with the
      project's include directories (DIR, DIR/include, LLVM's include); .mlir: `ind-opt FILE -o /dev/null`
      (parse and verify); .py: Python's compile(); .json: json.loads. A ```c block without a marker must
      say `<!-- excerpt -->` instead (a C block is either a whole file or says it is not).
      One line per block, `OK FILE:LINE NAME` or `FAIL FILE:LINE NAME` followed by the tool's messages;
      exit 1 if any failed. Without FILEs: every tracked *.md of DIR outside test/ (git ls-files).

  doc_check.py links [--src DIR] [FILE ...]
      In every tracked Markdown file (or the FILEs): (1) each relative Markdown link [text](target)
      names an existing file, and its #anchor (if any) a heading of that file (GitHub's slug rule);
      (2) each repository path written in the text (`docs/....md`, `docs/results/...`) exists; (3) each
      section cited as `docs/<X>.md, "Heading"` or `docs/<X>.md "Heading"` is part of a heading of X or of a
      paragraph's bold lead (`**Packed rows** ...`); not checked inside docs/results/, whose records cite
      the documents as they were then. With --code, the tracked sources, scripts and tests are read
      too, for (2) only: a path a comment names exists.
      One `BROKEN FILE:LINE: ...` line per problem; exit 1 if any.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

FENCE = re.compile(r"^(\s*)(`{3,}|~{3,})(.*)$")
MARK_FILE = re.compile(r"^\s*<!--\s*file:\s*(\S+)\s*-->\s*$")
MARK_EXCERPT = re.compile(r"^\s*<!--\s*excerpt\s*-->\s*$")


def tracked_md(src):
    out = subprocess.run(["git", "-C", src, "ls-files", "--", "*.md", ":!test/"], capture_output=True, text=True,
                         check=True)
    return [os.path.join(src, p) for p in out.stdout.split()]


def fenced_blocks(path):
    """Yields (line of the opening fence, info string, marker line or '', body text)."""
    lines = open(path, encoding="utf-8").read().split("\n")
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        indent, fence, info = m.group(1), m.group(2), m.group(3).strip()
        j = i + 1
        body = []
        while j < len(lines) and not (lines[j].strip().startswith(fence) and lines[j].strip().strip(fence[0]) == ""):
            body.append(lines[j][len(indent):] if lines[j].startswith(indent) else lines[j])
            j += 1
        prev = lines[i - 1] if i > 0 else ""
        yield i + 1, info, prev, "\n".join(body) + "\n"
        i = j + 1


def check_block(name, text, a):
    """Returns (ok, messages)."""
    ext = os.path.splitext(name)[1]
    if ext == ".py":
        try:
            compile(text, name, "exec")
            return True, ""
        except SyntaxError as e:
            return False, "%s:%s: %s" % (name, e.lineno, e.msg)
    if ext == ".json":
        try:
            json.loads(text)
            return True, ""
        except ValueError as e:
            return False, "%s: %s" % (name, e)
    with tempfile.TemporaryDirectory() as d:
        f = os.path.join(d, os.path.basename(name))
        open(f, "w", encoding="utf-8").write(text)
        if ext == ".c":
            cmd = [a.cc, "-std=c11", "-fsyntax-only", "-Wall", "-Wextra", "-Werror", "-D_POSIX_C_SOURCE=200809L",
                   "-I", a.src, "-I", os.path.join(a.src, "include")]
            if a.llvm_include:
                cmd += ["-I", a.llvm_include]
            cmd.append(f)
        elif ext == ".mlir":
            if not a.ind_opt:
                return False, "%s: no --ind-opt to parse it with" % name
            cmd = [a.ind_opt, f, "-o", os.devnull]
        else:
            return False, "%s: no check for files named *%s (known: .c .mlir .py .json)" % (name, ext)
        r = subprocess.run(cmd, capture_output=True, text=True)
        return r.returncode == 0, (r.stdout + r.stderr).replace(f, name).strip()


def cmd_blocks(a):
    files = a.files or tracked_md(a.src)
    failed = 0
    for path in files:
        rel = os.path.relpath(path, a.src)
        for line, info, prev, body in fenced_blocks(path):
            m = MARK_FILE.match(prev)
            if not m:
                if info.split()[:1] == ["c"] and not MARK_EXCERPT.match(prev):
                    print("FAIL %s:%d: a ```c block needs <!-- file: NAME.c --> or <!-- excerpt --> on the line before"
                          % (rel, line))
                    failed += 1
                continue
            ok, msg = check_block(m.group(1), body, a)
            print("%s %s:%d %s" % ("OK" if ok else "FAIL", rel, line, m.group(1)))
            if not ok:
                failed += 1
                print("\n".join("  " + s for s in msg.split("\n")))
    return 1 if failed else 0


LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
PATH = re.compile(r"(?<![\w./-])(docs/[\w./-]*\w\.(?:md|jsonl|json))")
CITE = re.compile(r"(?<![\w./-])(docs/[\w./-]*\w\.md),?\s+\"([^\"]+)\"")
HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$")
BOLD_LEAD = re.compile(r"^\s*(?:[-*]\s+)?\*\*([^*]+)\*\*")


def headings(path, cache={}):
    if path not in cache:
        hs = []
        infence = False
        for ln in open(path, encoding="utf-8"):
            if FENCE.match(ln):
                infence = not infence
            m = None if infence else HEADING.match(ln)
            if m:
                hs.append(m.group(2))
            m = None if infence else BOLD_LEAD.match(ln)
            if m:
                hs.append(m.group(1))
        cache[path] = hs
    return cache[path]


def slug(h):
    h = re.sub(r"[`*_]", "", h.strip().lower())
    h = re.sub(r"[^\w\- ]", "", h)
    return h.replace(" ", "-")


def norm(s):
    return re.sub(r"[`*]", "", s).strip().lower()


def cmd_links(a):
    files = a.files or tracked_md(a.src)
    code = []
    if a.code:
        out = subprocess.run(["git", "-C", a.src, "ls-files", "*.c", "*.h", "*.py", "*.sh", "*.test", "*.mlir",
                              "*.txt", "*.cmake", "*.in"], capture_output=True, text=True, check=True)
        code = [os.path.join(a.src, p) for p in out.stdout.split()]
    broken = 0

    def bad(rel, n, msg):
        nonlocal broken
        broken += 1
        print("BROKEN %s:%d: %s" % (rel, n, msg))

    for path in files:
        rel = os.path.relpath(path, a.src)
        history = rel.startswith("docs/results/")
        infence = False
        for n, ln in enumerate(open(path, encoding="utf-8"), 1):
            if FENCE.match(ln):
                infence = not infence
            for target in LINK.findall(ln):
                if re.match(r"^[a-z][a-z0-9+.-]*:", target):
                    continue  # http:, https:, mailto:
                file_part, _, anchor = target.partition("#")
                dest = os.path.normpath(os.path.join(os.path.dirname(path), file_part)) if file_part else path
                if not os.path.exists(dest):
                    bad(rel, n, "link to %s: no such file" % target)
                    continue
                if anchor and dest.endswith(".md") and anchor not in [slug(h) for h in headings(dest)]:
                    bad(rel, n, "link to %s: no heading with that anchor in %s" % (target, os.path.relpath(dest, a.src)))
            for p in PATH.findall(ln):
                if not os.path.exists(os.path.join(a.src, p)):
                    bad(rel, n, "path %s: no such file" % p)
            if history or infence:
                continue
            for p, sec in CITE.findall(ln):
                dest = os.path.join(a.src, p)
                if os.path.exists(dest) and not any(norm(sec) in norm(h) for h in headings(dest)):
                    bad(rel, n, "section \"%s\" of %s: no heading or bold paragraph lead holds it" % (sec, p))
    for path in code:
        rel = os.path.relpath(path, a.src)
        try:
            text = open(path, encoding="utf-8").read()
        except (UnicodeDecodeError, OSError):
            continue
        for n, ln in enumerate(text.split("\n"), 1):
            for p in PATH.findall(ln):
                if not os.path.exists(os.path.join(a.src, p)):
                    bad(rel, n, "path %s: no such file" % p)
    return 1 if broken else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("blocks")
    b.add_argument("--src", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    b.add_argument("--ind-opt")
    b.add_argument("--cc", default=os.environ.get("CC", "cc"))
    b.add_argument("--llvm-include")
    b.add_argument("files", nargs="*")
    l = sub.add_parser("links")
    l.add_argument("--src", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    l.add_argument("--code", action="store_true")
    l.add_argument("files", nargs="*")
    a = ap.parse_args()
    a.src = os.path.abspath(a.src)
    a.files = [os.path.abspath(f) for f in a.files]
    sys.exit(cmd_blocks(a) if a.cmd == "blocks" else cmd_links(a))


if __name__ == "__main__":
    main()
