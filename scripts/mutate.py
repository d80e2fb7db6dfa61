#!/usr/bin/env python3
"""mutate.py - the project's mutation tester (docs/testing.md, "Mutation testing").

Makes single-point changes (mutants) to the C sources of the compiler, rebuilds incrementally and runs
the lit suite (or a per-file subset of it) against each one. A mutant is *killed* when a test fails,
*survived* when every selected test passes, *uncompilable* when the build fails (-Werror counts),
*equivalent-binary* when the mutated file compiles to the same object file as the original (trivial
compiler equivalence: no test can ever tell them apart), *timeout* when the build or tests run past
their limit. Every mutant is one JSON line in the record; a summary is printed (and written with
--summary).

    scripts/mutate.py list  [--seed N] [--max N] [--files GLOB ...]     # the sample, nothing built
    scripts/mutate.py run   [--seed N] [--max N] [--budget-s S] [--resume] [--out R.jsonl] [--jobs J]
    scripts/mutate.py summary --out R.jsonl [--md F.md] [--equivalent E.json]

--phase-limit 1 triages (a survivor of the first phase is recorded with tests = "phase1"); a later
`run --resume --rerun-survivors` without it runs those survivors through every phase. --equivalent
E.json ({mutant id: the argument}) counts argued-equivalent survivors apart from the score (and
--rerun-survivors leaves them alone).

The tree is never modified: the sources are copied into --work (default build-mutate/, ignored by
git) and mutated there; the copy is restored after each mutant (in a finally block, and on SIGINT /
SIGTERM / SIGHUP), and re-synchronized from the tree when a run starts. A run stops starting mutants
once --budget-s is spent; --resume skips the ids already in the record, so a long campaign runs in
parts. The sample is a function of --seed, --max and the source files only.

Generic mode (the tester's own lit test uses it on a tiny fixture): --src DIR --build-cmd CMD
--test-cmd CMD; the commands run in the copy (build-cmd with $MUTANT_FILE set); test-cmd exit 0 means
the mutant survived.
"""
import argparse
import fnmatch
import glob
import hashlib
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_FILES = ["passes/**/*.c", "lib/**/*.c", "dialects/**/*.c", "interp/**/*.c", "runtime/jit.c"]
LIT = "/usr/lib/llvm-22/bin/lit"
# tests of the tree, not of the compiler's behaviour: never run against a mutant. doc-blocks lists the
# docs' code blocks with git (the work copy is not a checkout) and startup-prefault reads how the loader
# mapped ind-opt's pages: both fail in the work copy without any mutant, so with --no-check-baseline they
# would count as kills
TREE_TESTS = r"tools/(format|headers-cxx|doc-paths|doc-blocks|startup-prefault)\.test"
# growth-ratio tests (time at 4k vs 64k ops): on a machine busy with the campaign's own builds they can
# fail without any mutant, which stops a run at its baseline; the complexity they guard is not what a
# one-point mutant changes
TIMED_TESTS = r"regress/(pass_growth_linear|long_chain_linear)\.test"

# --------------------------------------------------------------------------------------------- lexer

TOKEN_RE = re.compile(
    r"""(?P<ws>[ \t\r\n]+)
      | (?P<comment>//[^\n]*|/\*.*?\*/)
      | (?P<string>"(?:\\.|[^"\\\n])*")
      | (?P<char>'(?:\\.|[^'\\\n])*')
      | (?P<number>(?:0[xX][0-9a-fA-F]+|(?:\d+\.\d*|\.\d+|\d+)(?:[eE][+-]?\d+)?)[uUlLfF]*)
      | (?P<ident>[A-Za-z_]\w*)
      | (?P<punct>\.\.\.|<<=|>>=|->|\+\+|--|<<|>>|<=|>=|==|!=|&&|\|\||[-+*/%&|^!=<>]=|[{}()\[\];,.?:~!<>=+\-*/%&|^#])
      | (?P<other>.)""",
    re.S | re.X)


class Tok:
    __slots__ = ("kind", "text", "start", "end", "line", "paren", "brace")

    def __init__(self, kind, text, start, end, line):
        self.kind, self.text, self.start, self.end, self.line = kind, text, start, end, line
        self.paren = self.brace = 0


def tokenize(src):
    """Tokens of C source, comments and preprocessor lines dropped; paren/brace depth on each token."""
    toks, pos, line, at_bol = [], 0, 1, True
    while pos < len(src):
        if at_bol:
            m = re.match(r"[ \t]*#", src[pos:pos + 200])
            if m:  # a preprocessor line, with its continuations
                end = pos
                while True:
                    nl = src.find("\n", end)
                    if nl < 0:
                        end = len(src)
                        break
                    if src[nl - 1] == "\\":
                        end = nl + 1
                        continue
                    end = nl
                    break
                line += src.count("\n", pos, end)
                pos = end
                continue
        m = TOKEN_RE.match(src, pos)
        kind = m.lastgroup
        text = m.group(kind)
        if kind not in ("ws", "comment"):
            toks.append(Tok(kind, text, pos, m.end(), line))
        nls = text.count("\n")
        line += nls
        if kind == "ws":
            at_bol = at_bol or nls > 0
        elif kind != "comment":
            at_bol = False
        pos = m.end()
    paren = brace = 0
    for t in toks:
        if t.text in (")", "]"):
            paren -= 1
        if t.text == "}":
            brace -= 1
        t.paren, t.brace = paren, brace
        if t.text in ("(", "["):
            paren += 1
        if t.text == "{":
            brace += 1
    return toks


# ----------------------------------------------------------------------------------------- operators

REL = {"<": "<=", "<=": "<", ">": ">=", ">=": ">"}
EQ = {"==": "!=", "!=": "=="}
SWAP_IDENT = {}
for a, b in [("fmax", "fmin"), ("fmaxf", "fminf"), ("MAX", "MIN"), ("max", "min"), ("imax", "imin"),
             ("KERNEL_RED_MAX", "KERNEL_RED_MIN"), ("KERNEL_RED_SUM", "KERNEL_RED_PROD"), ("R_AMAX", "R_AMIN"),
             ("R_SUM", "R_PROD"), ("CMP_ULT", "CMP_ULE"), ("CMP_SLT", "CMP_SLE"), ("true", "false"),
             ("INT64_MAX", "INT64_MIN")]:
    SWAP_IDENT[a], SWAP_IDENT[b] = b, a
SWAP_STRING = {}
for a, b in [("arith.maximumf", "arith.minimumf"), ("arith.maxnumf", "arith.minnumf"), ("arith.addf", "arith.mulf"),
             ("arith.addi", "arith.muli"), ("arith.subf", "arith.addf"), ("arith.divf", "arith.mulf"),
             ("max", "min"), ("sum", "prod"), ("olt", "ole"), ("ogt", "oge"), ("slt", "sle"), ("ult", "ule"),
             ("sgt", "sge")]:
    SWAP_STRING.setdefault(a, b)
    SWAP_STRING.setdefault(b, a)
DECL_START = {"int", "char", "double", "float", "long", "short", "unsigned", "signed", "bool", "const", "static",
              "struct", "enum", "union", "void", "size_t", "int64_t", "int32_t", "uint64_t", "uint32_t", "uint8_t",
              "intptr_t", "uintptr_t", "typedef", "register", "volatile", "extern"}
STMT_KEYWORDS = {"if", "for", "while", "do", "switch", "case", "default", "else", "goto", "return", "break",
                 "continue"}


def operand_extent(toks, i, direction):
    """Token range [a, b) of the operand of the && / || at toks[i] on one side, at its precedence level."""
    depth = 0
    j = i + direction
    stop_ops = {"&&", "||", "?", ":", ",", ";", "=", "+=", "-=", "*=", "/=", "|=", "&=", "return"}
    if toks[i].text == "||":
        stop_ops.discard("&&")
    edge = j
    while 0 <= j < len(toks):
        t = toks[j].text
        if direction > 0:
            if t in ("(", "["):
                depth += 1
            elif t in (")", "]", "}", "{"):
                if depth == 0:
                    break
                depth -= 1
        else:
            if t in (")", "]"):
                depth += 1
            elif t in ("(", "[", "{", "}"):
                if depth == 0:
                    break
                depth -= 1
        if depth == 0 and t in stop_ops:
            break
        if depth == 0 and direction < 0 and t in ("if", "while"):
            break
        edge = j
        j += direction
    if direction > 0:
        return (i + 1, edge + 1) if edge >= i + 1 else None
    return (edge, i) if edge <= i - 1 else None


def functions(toks):
    """(name, return-type text, index of the body's '{') of every top-level function definition."""
    out = []
    for k, t in enumerate(toks):
        if t.text != "{" or t.brace != 0 or k == 0 or toks[k - 1].text != ")":
            continue
        # walk back over the parameter list
        j, depth = k - 1, 0
        while j >= 0:
            if toks[j].text == ")":
                depth += 1
            elif toks[j].text == "(":
                depth -= 1
                if depth == 0:
                    break
            j -= 1
        if j < 1 or toks[j - 1].kind != "ident":
            continue
        name = toks[j - 1].text
        r = j - 2
        while r >= 0 and toks[r].brace == 0 and toks[r].text not in (";", "}", ")") and toks[r].kind != "string":
            r -= 1
        rtype = " ".join(x.text for x in toks[r + 1:j - 1] if x.text not in ("static", "inline", "extern"))
        out.append((name, rtype, k))
    return out


def early_return_values(rtype):
    if rtype == "void":
        return ["return;"]
    if rtype == "bool":
        return ["return true;", "return false;"]
    if rtype.endswith("*"):
        return ["return NULL;"]
    if rtype in ("int", "int64_t", "size_t", "long", "double", "float", "intptr_t", "unsigned", "int32_t"):
        return ["return 0;"]
    if rtype == "MlirLogicalResult":
        return ["return mlirLogicalResultSuccess();", "return mlirLogicalResultFailure();"]
    return []


def candidates(path, src):
    """Every mutant of one file: dicts with op, start, end (byte offsets), original, mutated, line."""
    toks = tokenize(src)
    out = []

    def add(op, a, b, new):
        old = src[a:b]
        if old == new:
            return
        # keep the line count (debug info, and the lines of later code) unchanged
        new = new + "\n" * (old.count("\n") - new.count("\n")) if old.count("\n") > new.count("\n") else new
        out.append({"op": op, "start": a, "end": b, "original": old, "mutated": new,
                    "line": src.count("\n", 0, a) + 1})

    for i, t in enumerate(toks):
        if t.brace == 0:
            continue  # only code inside functions (initializers of tables excepted: not behaviour)
        prev = toks[i - 1] if i else None
        nxt = toks[i + 1] if i + 1 < len(toks) else None
        if t.kind == "punct":
            if t.text in REL:
                add("rel-boundary", t.start, t.end, REL[t.text])
            elif t.text in EQ:
                add("negate-eq", t.start, t.end, EQ[t.text])
            elif t.text in ("&&", "||"):
                add("swap-logic", t.start, t.end, "||" if t.text == "&&" else "&&")
                for side in (-1, 1):
                    ext = operand_extent(toks, i, side)
                    if not ext:
                        continue
                    a, b = toks[ext[0]].start, toks[ext[1] - 1].end
                    neutral = "1" if t.text == "&&" else "0"
                    add("drop-conjunct", a, b, neutral)
                    add("negate-conjunct", a, b, "!(" + src[a:b] + ")")
            elif t.text in ("+", "-") and prev is not None and (prev.kind in ("ident", "number")
                                                               or prev.text in (")", "]")):
                if not (nxt and nxt.text == "INFINITY"):
                    add("swap-arith", t.start, t.end, "-" if t.text == "+" else "+")
        elif t.kind == "number":
            text = t.text
            if re.fullmatch(r"\d+[uUlL]*", text):
                n = int(re.match(r"\d+", text).group(0))
                suffix = text[len(str(n)):] if text.startswith(str(n)) else ""
                if prev is not None and prev.text == "[" and toks[i - 2].kind == "ident" and i >= 2 and \
                        toks[i - 2].brace > 0 and (i < 3 or toks[i - 3].kind == "ident" and
                                                   toks[i - 3].text in DECL_START | {"MlirValue", "MlirType"}):
                    continue  # an array declarator
                add("const+1", t.start, t.end, str(n + 1) + suffix)
                if n > 0:
                    add("const-1", t.start, t.end, str(n - 1) + suffix)
            elif re.fullmatch(r"(\d+\.\d*|\.\d+)[fF]?", text):
                v = float(text.rstrip("fF"))
                if v == 0.0:
                    add("neutral", t.start, t.end, "1.0")
                elif v == 1.0:
                    add("neutral", t.start, t.end, "0.0")
        elif t.kind == "ident":
            if t.text == "INFINITY":
                if prev is not None and prev.text == "-":
                    add("neutral", prev.start, t.end, "INFINITY")
                    add("neutral", prev.start, t.end, "0.0")
                else:
                    add("neutral", t.start, t.end, "-INFINITY")
                    add("neutral", t.start, t.end, "0.0")
            elif t.text in SWAP_IDENT and not (nxt and nxt.text == "(" and t.text in ("max", "min")):
                add("swap-minmax" if t.text not in ("true", "false") else "swap-bool", t.start, t.end,
                    SWAP_IDENT[t.text])
        elif t.kind == "string":
            inner = t.text[1:-1]
            if inner in SWAP_STRING:
                add("swap-combiner", t.start, t.end, '"' + SWAP_STRING[inner] + '"')

    # deleted statements: expression statements (calls, assignments, ++/--) at paren depth 0
    for i, t in enumerate(toks):
        if t.brace == 0 or t.paren != 0 or i == 0:
            continue
        if toks[i - 1].text not in (";", "{", "}") or t.kind != "ident":
            continue
        if t.text in STMT_KEYWORDS or t.text in DECL_START:
            continue
        if i + 1 < len(toks) and toks[i + 1].kind == "ident":
            continue  # `Type name ...`: a declaration
        if i + 2 < len(toks) and toks[i + 1].text == "*" and toks[i + 2].kind == "ident" and \
                i + 3 < len(toks) and toks[i + 3].text in ("=", ";", ",", "["):
            continue  # `Type *name = ...`
        j = i
        while j < len(toks) and not (toks[j].text == ";" and toks[j].paren == 0):
            if toks[j].text in ("{", "}"):
                break
            j += 1
        if j >= len(toks) or toks[j].text != ";":
            continue
        body = [x.text for x in toks[i:j]]
        if re.search(r"free|[Dd]estroy|close|release|detach", t.text):
            continue  # only a leak (ASan's business, not the suite's)
        if not any(x in ("(", "=", "+=", "-=", "*=", "|=", "&=", "++", "--") for x in body):
            continue
        add("delete-stmt", t.start, toks[j].end, ";")

    # early returns at the start of a function body
    for name, rtype, k in functions(toks):
        if re.search(r"free|[Dd]estroy|fini|release|detach", name):
            continue  # skipping a cleanup only leaks (ASan's business, not the suite's)
        for val in early_return_values(rtype):
            brace = toks[k]
            add("early-return", brace.end, brace.end, " " + val)
    for c in out:
        c["file"] = path
    return out


def mutant_id(c):
    h = hashlib.sha1(("%s|%d|%d|%s|%s" % (c["file"], c["start"], c["end"], c["op"], c["mutated"])).encode())
    return "%s:%d:%s:%s" % (c["file"], c["line"], c["op"], h.hexdigest()[:8])


def discover(src_root, patterns, excludes):
    files = set()
    for p in patterns:
        for f in glob.glob(os.path.join(src_root, p), recursive=True):
            rel = os.path.relpath(f, src_root)
            if not any(fnmatch.fnmatch(rel, e) for e in excludes):
                files.add(rel)
    return sorted(files)


def sample(src_root, files, seed, maxn):
    """Round-robin over files (and, within a file, over operators) of seeded shuffles: spread, reproducible."""
    per_file = []
    for f in files:
        with open(os.path.join(src_root, f), encoding="utf-8", errors="surrogateescape") as fh:
            cands = candidates(f, fh.read())
        rng = random.Random("%d:%s" % (seed, f))
        by_op = {}
        for c in cands:
            c["id"] = mutant_id(c)
            by_op.setdefault(c["op"], []).append(c)
        ops = sorted(by_op)
        rng.shuffle(ops)
        for o in ops:
            rng.shuffle(by_op[o])
        order = []
        while any(by_op[o] for o in ops):
            for o in ops:
                if by_op[o]:
                    order.append(by_op[o].pop())
        per_file.append(order)
    rng = random.Random(seed)
    rng.shuffle(per_file)
    picked = []
    while any(per_file) and (maxn is None or len(picked) < maxn):
        for lst in per_file:
            if lst and (maxn is None or len(picked) < maxn):
                picked.append(lst.pop(0))
    return picked


# ------------------------------------------------------------------------------------ test selection

# Per-file subsets for the ind project: which lit folders exercise a source file, in two phases: the
# layer's own (fast, FileCheck) folders first, then the end-to-end ones. A mutant is killed by the first
# failing test (lit --max-failures 1), so most never reach phase 2. With --confirm a survivor of its
# subset is also run against the rest of the suite (every binary rebuilt) before it is recorded.
E2E = ["run_compiled", "jit"]
# test/regress: one test per bug fixed, across every layer; every file's phase 2 ends with it
REGRESS = ["regress"]
SUBSETS = [
    (r"passes/preprocess/", ["preprocess"], ["lower", "interp", "tools"] + E2E),
    (r"passes/lower/", ["lower"], ["fuse", "interp"] + E2E),
    (r"passes/schedule/", ["schedule", "sched"], ["fuse"] + E2E),
    (r"passes/fuse/|memdep|sched_graph|sched_dump", ["fuse", "sched"], ["schedule", "codegen"] + E2E),
    (r"passes/codegen/(convert_kernel_to_gpu|ptx)|/ptx\.c", ["codegen"], ["runtime", "gpu"]),
    (r"passes/codegen/kernel_to_cpu|runtime/jit|run_compiled|run_driver", ["jit", "run"], ["numerics"] + E2E),
    # the CUDA runtime: its tests run it against the mock driver (test/runtime), then the GPU-plan ones
    (r"runtime/ind_runtime|tools/run_cuda", ["runtime"], ["gpu", "tools"]),
    (r"passes/codegen/", ["codegen", "kernel"], ["runtime"] + E2E),
    (r"interp", ["interp"], ["run", "lower", "fuse", "preprocess", "numerics"] + E2E),
    (r"npy|tensor|/io\.c", ["run", "interp"], ["run_compiled", "runtime"]),
    (r"passes/common/", ["tools"], []),
    (r"lib/(pass_registry|pipeline|diag|ir|ptrmap)\.c", ["tools", "preprocess"], ["lower", "fuse", "codegen", "jit"]),
    (r"dialects/graph/", ["graph"], ["preprocess", "lower"]),
    (r"dialects/ind/", ["ind"], ["lower", "fuse"]),
    (r"dialects/sched/", ["sched"], ["fuse", "schedule"]),
    (r"dialects/kernel/", ["kernel"], ["codegen", "jit"]),
]


def subset_for(rel, test_root):
    """[phase1 dirs, phase2 dirs], or None for the whole suite."""
    present = set(os.listdir(test_root)) if os.path.isdir(test_root) else set()
    for pat, first, second in SUBSETS:
        if re.search(pat, rel):
            p1 = [d for d in first if d in present]
            p2 = [d for d in dict.fromkeys(second + REGRESS) if d in present and d not in p1]
            return [p1, p2] if p1 or p2 else None
    # lib/ (support code every tool runs): the drivers' own tests, then the first stages end to end
    return [[d for d in ("tools", "run") if d in present],
            [d for d in ("interp", "lower", "fuse", *REGRESS) if d in present]]


# ----------------------------------------------------------------------------------------- the runner

class Workspace:
    """The copy of the tree the mutants are applied to; restores the current mutant on exit or signal."""

    def __init__(self, src_root, work):
        self.src_root, self.work = os.path.abspath(src_root), os.path.abspath(work)
        self.copy = os.path.join(self.work, "src")
        self.current = None  # (path in copy, original bytes)
        self.stop = False

    def sync(self):
        """Makes the copy equal to the tree's files (tracked + untracked, not ignored); keeps mtimes of
        unchanged files so the incremental build stays incremental."""
        os.makedirs(self.copy, exist_ok=True)
        digest = hashlib.sha1()
        try:
            out = subprocess.run(["git", "ls-files", "-co", "--exclude-standard", "-z"], cwd=self.src_root,
                                 capture_output=True, check=True).stdout.decode()
            files = [f for f in out.split("\0") if f]
        except (subprocess.CalledProcessError, FileNotFoundError):
            files = []
            for d, dirs, fs in os.walk(self.src_root):
                dirs[:] = [x for x in dirs if not x.startswith(".") and not x.startswith("build")]
                files += [os.path.relpath(os.path.join(d, f), self.src_root) for f in fs]
        for rel in files:
            s = os.path.join(self.src_root, rel)
            if not os.path.isfile(s):
                continue
            d = os.path.join(self.copy, rel)
            with open(s, "rb") as fh:
                data = fh.read()
            digest.update(rel.encode() + b"\0" + hashlib.sha1(data).digest())
            if os.path.exists(d):
                with open(d, "rb") as fh:
                    if fh.read() == data:
                        continue
            os.makedirs(os.path.dirname(d), exist_ok=True)
            with open(d, "wb") as fh:
                fh.write(data)
            shutil.copymode(s, d)
        # files moved or deleted in the tree go from the copy too (CMake globs would still build them)
        keep = set(os.path.normpath(f) for f in files)
        for d, dirs, fs in os.walk(self.copy):
            for f in fs:
                rel = os.path.normpath(os.path.relpath(os.path.join(d, f), self.copy))
                if rel not in keep:
                    os.remove(os.path.join(d, f))
        return digest.hexdigest()

    def apply(self, m):
        path = os.path.join(self.copy, m["file"])
        with open(path, "rb") as fh:
            orig = fh.read()
        text = orig.decode("utf-8", "surrogateescape")
        if text[m["start"]:m["end"]] != m["original"]:
            raise RuntimeError("%s: source changed since sampling" % m["id"])
        self.current = (path, orig)
        new = text[:m["start"]] + m["mutated"] + text[m["end"]:]
        with open(path, "wb") as fh:
            fh.write(new.encode("utf-8", "surrogateescape"))

    def restore(self):
        if self.current:
            path, orig = self.current
            with open(path, "wb") as fh:
                fh.write(orig)
            self.current = None


def run_group(cmd, cwd, timeout, env=None):
    """Runs cmd (list or shell string) in its own process group; kills the group on timeout."""
    p = subprocess.Popen(cmd, cwd=cwd, shell=isinstance(cmd, str), stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, start_new_session=True, env=env)
    try:
        out, _ = p.communicate(timeout=timeout)
        return p.returncode, out.decode("utf-8", "replace"), False
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        out, _ = p.communicate()
        return -9, out.decode("utf-8", "replace"), True
    except BaseException:
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        p.wait()
        raise


def object_digest(build, rel):
    """sha1 of the object file(s) built from source `rel` (None if none is found)."""
    name = os.path.basename(rel) + ".o"
    hits = []
    for d, _, fs in os.walk(build):
        if name in fs and os.path.join(d, name).endswith(rel + ".o"):
            hits.append(os.path.join(d, name))
    if not hits:
        return None
    h = hashlib.sha1()
    for p in sorted(hits):
        with open(p, "rb") as fh:
            h.update(fh.read())
    return h.hexdigest()


class IndProject:
    def __init__(self, args, ws):
        self.args, self.ws = args, ws
        self.build = os.path.join(ws.work, "build")
        self.test_root = os.path.join(ws.copy, "test")
        self.cmake_done = os.path.exists(os.path.join(self.build, "CMakeCache.txt"))

    def configure(self):
        if not self.cmake_done:
            # -O1 without debug info: mutants compile and link several times faster than RelWithDebInfo
            # ccache (when installed) answers the rebuild after each mutant's restore from its cache
            launcher = ["-DCMAKE_C_COMPILER_LAUNCHER=ccache"] if shutil.which("ccache") else []
            rc, out, _ = run_group(["cmake", "-S", self.ws.copy, "-B", self.build, "-DIND_STATIC_TOOLS=OFF"] +
                                   launcher + ["-DCMAKE_BUILD_TYPE=Mutate", "-DCMAKE_C_FLAGS_MUTATE=-O1",
                                               "-DCMAKE_CXX_FLAGS_MUTATE=-O1"], self.ws.work, 600)
            if rc != 0:
                sys.exit("mutate.py: cmake failed:\n" + out[-3000:])
            self.cmake_done = True

    def build_cmd(self, m):
        """Only the tools the lit tests run (the unit-test binaries when the whole suite is wanted)."""
        cmd = ["cmake", "--build", self.build, "-j", str(self.args.jobs)]
        if m is not None and self.args.subset and not self.args.confirm:
            cmd += ["--target", "ind-opt", "ind-run"]
        return cmd

    def phases(self, m):
        """[(name, [lit paths])...]: the subset's two phases, then (with --confirm) the rest."""
        base = os.path.join(self.build, "test")
        subset = subset_for(m["file"], self.test_root) if self.args.subset else None
        if subset is None:
            return [("all", [base])]
        out = [("phase%d" % (i + 1), [os.path.join(base, d) for d in ds]) for i, ds in enumerate(subset) if ds]
        if self.args.phase_limit:
            return out[:self.args.phase_limit]  # a quick triage; --rerun-survivors runs the rest later
        if self.args.confirm:
            used = set(subset[0]) | set(subset[1])
            rest = sorted(d for d in os.listdir(self.test_root)
                          if os.path.isdir(os.path.join(self.test_root, d)) and d != "Inputs" and d not in used)
            if rest:
                out.append(("rest", [os.path.join(base, d) for d in rest]))
        return out

    def test_cmd(self, paths):
        # the style gate fails on any unformatted mutant: a mutant is judged by behaviour, not layout; the
        # tree checks (headers-cxx, doc-paths) read `git ls-files`, which the copy (no checkout) cannot answer
        skip = TREE_TESTS + "|" + TIMED_TESTS + ("|" + self.args.skip_tests if self.args.skip_tests else "")
        return [LIT, "-q", "-j", str(self.args.jobs), "--max-failures", "1", "--order", "lexical", "--filter-out",
                skip] + paths


class GenericProject:
    def __init__(self, args, ws):
        self.args, self.ws = args, ws
        self.build = ws.copy

    def configure(self):
        pass

    def build_cmd(self, m):
        return self.args.build_cmd

    def phases(self, m):
        return [("all", ["."])]

    def test_cmd(self, paths):
        return self.args.test_cmd


def parse_killers(out):
    return re.findall(r"^(?:FAIL|XPASS|UNRESOLVED|TIMEOUT): \S+ :: (\S+)", out, re.M)


def evaluate(proj, ws, m, args, baseline_obj):
    env = dict(os.environ, MUTANT_FILE=m["file"], MUTANT_ID=m["id"], MUTATE_PID=str(os.getpid()))
    t0 = time.time()
    ws.apply(m)
    try:
        rc, out, to = run_group(proj.build_cmd(m), ws.copy, args.build_timeout, env)
        rec = {"build_s": round(time.time() - t0, 1)}
        if to:
            return dict(rec, status="timeout", detail="build")
        if rc != 0:
            # paths relative to the copy: the record goes into docs/, and the work folder is this machine's
            err = [l.replace(ws.copy + os.sep, "") for l in out.splitlines() if "error" in l][:2]
            return dict(rec, status="uncompilable", detail=" | ".join(err)[:300])
        if baseline_obj.get(m["file"]):
            if object_digest(proj.build, m["file"]) == baseline_obj[m["file"]]:
                return dict(rec, status="equivalent-binary")
        t1 = time.time()
        phases = proj.phases(m)
        for phase, paths in phases:
            rc, out, to = run_group(proj.test_cmd(paths), ws.copy, args.test_timeout, env)
            rec["test_s"] = round(time.time() - t1, 1)
            if to:
                return dict(rec, status="timeout", detail="tests (%s)" % phase)
            if rc != 0:
                killers = parse_killers(out)
                return dict(rec, status="killed", killed_by=killers[:3] or ["(exit %d)" % rc], phase=phase)
        rec = dict(rec, status="survived", tests="+".join(p for p, _ in phases))
        return dict(rec, skipped=args.skip_tests) if getattr(args, "skip_tests", None) else rec
    finally:
        ws.restore()


def load_record(path):
    done = {}
    if os.path.exists(path):
        with open(path) as fh:
            for l in fh:
                l = l.strip()
                if l:
                    try:
                        r = json.loads(l)
                        done[r["id"]] = r
                    except (json.JSONDecodeError, KeyError):
                        pass
    return done


def load_equivalent(path):
    """{mutant id: the argument why it is equivalent} from a JSON file (docs/results/*-equivalent.json)."""
    if not path:
        return {}
    with open(path) as fh:
        return json.load(fh)


def summarize(records, out=sys.stdout, md=None, equivalent=None):
    """Counts, score, per file/operator, survivors. A survivor whose id has an argument in `equivalent`
    is counted as `equivalent` (out of the score) and listed with its argument."""
    equivalent = equivalent or {}
    recs = [dict(r, status="equivalent", why=equivalent[r["id"]]) if r["status"] == "survived" and
            r["id"] in equivalent else r for r in records]
    by = {}
    for r in recs:
        by[r["status"]] = by.get(r["status"], 0) + 1
    killed, surv = by.get("killed", 0), by.get("survived", 0)
    tout = by.get("timeout", 0)
    judged = killed + surv + tout
    score = 100.0 * (killed + tout) / judged if judged else 0.0
    lines = ["mutants: %d" % len(recs)]
    lines += ["  %-18s %d" % (k, v) for k, v in sorted(by.items())]
    lines.append("mutation score (killed+timeout)/(killed+timeout+survived): %.1f %%" % score)
    files, ops = {}, {}
    for r in recs:
        f = files.setdefault(r["file"], [0, 0, 0])
        o = ops.setdefault(r["op"], [0, 0, 0])
        for acc in (f, o):
            acc[0] += 1
            acc[1] += r["status"] in ("killed", "timeout")
            acc[2] += r["status"] == "survived"
    lines.append("per file (mutants, killed, survived):")
    lines += ["  %-45s %3d %3d %3d" % (k, *v) for k, v in sorted(files.items())]
    lines.append("per operator (mutants, killed, survived):")
    lines += ["  %-18s %3d %3d %3d" % (k, *v) for k, v in sorted(ops.items())]
    surv_l = [r for r in recs if r["status"] == "survived"]
    if surv_l:
        lines.append("survivors:")
        lines += ["  %s  %r -> %r" % (r["id"], r["original"], r["mutated"]) for r in surv_l]
    eq_l = [r for r in recs if r["status"] == "equivalent"]
    if eq_l:
        lines.append("equivalent (argued):")
        lines += ["  %s  %r -> %r: %s" % (r["id"], r["original"], r["mutated"], r["why"]) for r in eq_l]
    print("\n".join(lines), file=out)
    if md:
        with open(md, "w") as fh:
            fh.write("```\n" + "\n".join(lines) + "\n```\n")
    return score


def parse_lines(specs):
    """--lines PATH:A-B ...: {path: [(a, b)...]}, inclusive line ranges."""
    out = {}
    for spec in specs or []:
        m = re.fullmatch(r"(.+):(\d+)-(\d+)", spec)
        if not m:
            sys.exit("mutate.py: --lines wants PATH:A-B, got %r" % spec)
        out.setdefault(m.group(1), []).append((int(m.group(2)), int(m.group(3))))
    return out


def in_lines(m, ranges):
    """The mutant lies in one of the --lines ranges of its file (every mutant when none are given)."""
    return not ranges or any(a <= m["line"] <= b for a, b in ranges.get(m["file"], []))


def cmd_list(args):
    src = os.path.abspath(args.src)
    files = discover(src, args.files, args.exclude)
    lines = parse_lines(args.lines)
    for m in (m for m in sample(src, files, args.seed, args.max) if in_lines(m, lines)):
        print(json.dumps({"id": m["id"], "file": m["file"], "line": m["line"], "op": m["op"],
                          "original": m["original"], "mutated": m["mutated"]}))
    return 0


def cmd_run(args):
    src = os.path.abspath(args.src)
    ws = Workspace(src, args.work)
    proj = GenericProject(args, ws) if args.build_cmd else IndProject(args, ws)

    def on_signal(signum, frame):
        ws.restore()
        raise KeyboardInterrupt("signal %d" % signum)

    for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(s, on_signal)
    started = time.time()
    done = load_record(args.out) if args.resume else {}
    if args.rerun_survivors:
        eq = load_equivalent(args.equivalent)  # argued equivalent: re-running cannot kill them
        done = {k: r for k, r in done.items() if r["status"] != "survived" or k in eq}
    if not args.resume and os.path.exists(args.out):
        os.remove(args.out)
    try:
        tree_digest = ws.sync()
        files = discover(ws.copy, args.files, args.exclude)
        mutants = sample(ws.copy, files, args.seed, args.max)
        if args.only:
            mutants = [m for m in mutants if any(fnmatch.fnmatch(m["file"], g) for g in args.only)]
        lines = parse_lines(args.lines)
        mutants = [m for m in mutants if in_lines(m, lines)]
        todo = [m for m in mutants if m["id"] not in done]
        print("mutate.py: %d files, %d mutants sampled, %d to run" % (len(files), len(mutants), len(todo)),
              flush=True)
        proj.configure()
        rc, out, _ = run_group(proj.build_cmd(None), ws.copy, args.build_timeout * 4)
        if rc != 0:
            print("mutate.py: the unmutated copy does not build:\n" + out[-3000:], file=sys.stderr)
            return 2
        marker = os.path.join(ws.work, "baseline.ok")
        if args.check_baseline and (not os.path.exists(marker) or open(marker).read().strip() != tree_digest):
            print("mutate.py: running the whole suite on the unmutated copy first", flush=True)
            rc, out, _ = run_group(proj.test_cmd([os.path.join(proj.build, "test")]), ws.copy, 3600)
            if rc != 0:
                print("mutate.py: the unmutated copy fails its tests; fix that first:\n" + out[-3000:],
                      file=sys.stderr)
                return 2
            with open(marker, "w") as fh:
                fh.write(tree_digest + "\n")
        baseline = {f: object_digest(proj.build, f) for f in sorted({m["file"] for m in todo})}
        with open(args.out, "a") as rec_f:
            for k, m in enumerate(todo):
                if args.budget_s and time.time() - started > args.budget_s:
                    print("mutate.py: time budget of %ds spent; %d mutants left (--resume continues)" %
                          (args.budget_s, len(todo) - k), flush=True)
                    break
                res = evaluate(proj, ws, m, args, baseline)
                r = {"id": m["id"], "file": m["file"], "line": m["line"], "loc": "%s:%d" % (m["file"], m["line"]),
                     "op": m["op"], "original": m["original"], "mutated": m["mutated"]}
                r.update(res)
                r["killed_by"] = res.get("killed_by", [])
                rec_f.write(json.dumps(r) + "\n")
                rec_f.flush()
                print("mutate.py: [%d/%d] %-12s %s %r -> %r %s" % (
                    k + 1, len(todo), r["status"], r["loc"], m["original"][:40], m["mutated"][:40],
                    ",".join(r["killed_by"])), flush=True)
    except KeyboardInterrupt as e:
        print("mutate.py: interrupted (%s); the copy is restored, the record kept" % e, file=sys.stderr)
        return 130
    finally:
        ws.restore()
    recs = load_record(args.out).values()
    summarize(recs, md=args.summary, equivalent=load_equivalent(args.equivalent))
    return 0


def cmd_summary(args):
    summarize(load_record(args.out).values(), md=args.md, equivalent=load_equivalent(args.equivalent))
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    for name in ("list", "run"):
        p = sub.add_parser(name)
        p.add_argument("--src", default=ROOT, help="the tree to mutate (default: this repository)")
        p.add_argument("--files", nargs="+", default=DEFAULT_FILES, help="globs of files to mutate")
        p.add_argument("--exclude", nargs="*", default=[], help="globs of files to leave alone")
        p.add_argument("--seed", type=int, default=1)
        p.add_argument("--max", type=int, default=None, help="most mutants in the sample")
        p.add_argument("--lines", nargs="*", default=[],
                       help="PATH:A-B ...: only the mutants on these lines (inclusive) of these files")
    r = sub.choices["run"]
    r.add_argument("--only", nargs="*", help="run only the sampled mutants of these files (globs)")
    r.add_argument("--work", default=os.path.join(ROOT, "build-mutate"), help="copy + build folder")
    r.add_argument("--out", default=None, help="JSONL record (default WORK/results.jsonl)")
    r.add_argument("--summary", default=None, help="also write the summary here")
    r.add_argument("--resume", action="store_true", help="skip mutants already in the record")
    r.add_argument("--rerun-survivors", action="store_true",
                   help="with --resume: run the recorded survivors again (after adding tests)")
    r.add_argument("--equivalent", default=None,
                   help="JSON {mutant id: why}: --rerun-survivors leaves these argued equivalents alone")
    r.add_argument("--budget-s", type=float, default=0, help="start no mutant after this many seconds")
    r.add_argument("--jobs", type=int, default=2)
    r.add_argument("--no-subset", dest="subset", action="store_false", help="run the whole suite per mutant")
    r.add_argument("--confirm", action="store_true",
                   help="a survivor of its subset also runs the rest of the suite")
    r.add_argument("--phase-limit", type=int, default=0,
                   help="run only the first N phases of a subset (triage: a survivor is recorded with the "
                        "phases it ran, `tests`; --resume --rerun-survivors without it runs them all)")
    r.add_argument("--no-check-baseline", dest="check_baseline", action="store_false",
                   help="do not run the whole suite on the unmutated copy first (it must pass)")
    r.add_argument("--skip-tests", default=None,
                   help="REGEX of lit tests to leave out too (a quick triage; a survivor is recorded with "
                        "skipped = REGEX, and --resume --rerun-survivors without it runs them all)")
    r.add_argument("--build-timeout", type=float, default=300)
    r.add_argument("--test-timeout", type=float, default=600)
    r.add_argument("--build-cmd", default=None, help="generic mode: shell command building the copy")
    r.add_argument("--test-cmd", default=None, help="generic mode: shell command testing the copy")
    s = sub.add_parser("summary")
    s.add_argument("--out", required=True)
    s.add_argument("--md", default=None)
    s.add_argument("--equivalent", default=None,
                   help="JSON {mutant id: why it is equivalent}: those survivors are counted apart")
    args = ap.parse_args()
    if args.cmd == "run":
        if args.out is None:
            args.out = os.path.join(args.work, "results.jsonl")
        if bool(args.build_cmd) != bool(args.test_cmd):
            ap.error("--build-cmd and --test-cmd go together")
        os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    return {"list": cmd_list, "run": cmd_run, "summary": cmd_summary}[args.cmd](args)


if __name__ == "__main__":
    sys.exit(main())
