"""Checks ind-opt's compile server (tools/opt_server.c, docs/tools/compile-server.md) against ind-opt run
alone: the same stdout, stderr and exit status for each run, through the server and without it, and what
the server does with its socket, its idle time, a signal and bad flags. Prints one line per check
("ok NAME" or "FAIL NAME: why"); the lit test FileChecks them.

    serve_check.py IND_OPT EXAMPLES_DIR INPUTS_DIR WORK_DIR
"""
import os
import shutil
import signal
import socket
import stat
import subprocess
import sys
import tempfile
import time

OPT, EXAMPLES, INPUTS, WORK = (os.path.abspath(a) for a in sys.argv[1:5])
TIMEOUT = 300  # an ASan build starts and compiles slowly


def env_without_server(**extra):
    env = {k: v for k, v in os.environ.items() if not k.startswith("IND_")}
    env.update(extra)
    return env


def run(args, cwd=None, stdin=None, env=None):
    p = subprocess.run([OPT] + args, cwd=cwd, input=stdin, capture_output=True, env=env or env_without_server(),
                       timeout=TIMEOUT)
    return p.returncode, p.stdout, p.stderr


def report(name, ok, why=""):
    print("ok %s" % name if ok else "FAIL %s: %s" % (name, why))
    sys.stdout.flush()


def start_server(sock, *extra):
    p = subprocess.Popen([OPT, "--serve=" + sock] + list(extra), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                         env=env_without_server(IND_CACHE_DIR="/nonexistent/server-own"))
    line = p.stderr.readline().decode()  # "ind-opt: serving on SOCK (pid N)" once it listens
    return p, line


def pipeline(args, sock):
    """ind-opt ARGS0 | ind-opt ARGS1, through the server at sock (None: alone): (statuses, output, errors)."""
    pre = ["--server=" + sock] if sock else []
    a = subprocess.Popen([OPT] + pre + args[0], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env_without_server())
    b = subprocess.Popen([OPT] + pre + args[1], stdin=a.stdout, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         env=env_without_server())
    a.stdout.close()
    out, err_b = b.communicate(timeout=TIMEOUT)
    err_a = a.stderr.read()
    return a.wait(timeout=TIMEOUT), b.returncode, out, err_a, err_b


def same(name, args, cwd=None, stdin=None, env_extra=None):
    """The run through the server (--server=) and alone: equal status, stdout and stderr."""
    env_extra = env_extra or {}
    alone = run(args, cwd, stdin, env_without_server(**env_extra))
    served = run(["--server=" + SOCK] + args, cwd, stdin, env_without_server(**env_extra))
    report(name, alone == served, "alone %r, served %r" % (alone[0:1] + (alone[2][:300],), served[0:1] + (served[2][:300],)))
    return served


os.makedirs(WORK, exist_ok=True)
tmp = tempfile.mkdtemp(prefix="ind-serve-")  # a short folder: a socket path has at most 107 bytes
SOCK = os.path.join(tmp, "s")
try:
    server, line = start_server(SOCK)
    report("listening", "serving on " + SOCK in line and stat.S_ISSOCK(os.stat(SOCK).st_mode), line)
    report("socket mode 0600", stat.S_IMODE(os.stat(SOCK).st_mode) == 0o600, oct(os.stat(SOCK).st_mode))

    seed = os.path.join(EXAMPLES, "seed.mlir")
    ptx = ["--lower", "--fuse", "--codegen", "--emit=ptx"]
    rc, out, _ = same("seed ptx", [seed] + ptx)
    report("seed ptx compiled", rc == 0 and b".entry" in out)
    # a second program after the first: the kept context holds nothing of the first that shows
    same("softmax after seed", [os.path.join(EXAMPLES, "softmax.mlir"), "--lower", "--fuse", "--codegen"])
    same("seed again", [seed] + ptx)
    # standard input travels as a descriptor
    with open(seed, "rb") as f:
        text = f.read()
    same("stdin", ["-", "--lower"], stdin=text)
    with open(os.path.join(EXAMPLES, "softmax.mlir"), "rb") as f:
        same("stdin again", ["-", "--lower"], stdin=f.read())  # nothing of the last request's input is left
    # errors: the client's stderr gets the diagnostics, located; the status is the compile's
    rc, _, err = same("unknown option", [seed, "--bogus"])
    report("unknown option status", rc == 1 and b"unknown option '--bogus'" in err, err[:200])
    rc, _, err = same("malformed input", [os.path.join(INPUTS, "malformed.mlir"), "--lower"])
    report("malformed input status", rc == 1 and b"malformed.mlir:" in err, err[:200])
    same("unknown op", [os.path.join(INPUTS, "unknown-op.mlir"), "--lower"])
    same("missing file", [os.path.join(WORK, "no-such.mlir"), "--lower"])
    same("split and verify", [os.path.join(INPUTS, "missing-diag.mlir"), "--split-input-file", "--verify-diagnostics"])
    # a run right after a failed one compiles as usual
    same("seed after errors", [seed] + ptx)
    # the client's folder: a relative input and -o are the client's
    sub = os.path.join(WORK, "cwd")
    shutil.rmtree(sub, ignore_errors=True)
    os.makedirs(sub)
    shutil.copy(seed, os.path.join(sub, "in.mlir"))
    rc, _, _ = run(["--server=" + SOCK, "in.mlir", "--lower", "-o", "out.mlir"], cwd=sub)
    rc2, ref, _ = run(["in.mlir", "--lower"], cwd=sub)
    with open(os.path.join(sub, "out.mlir"), "rb") as f:
        got = f.read()
    report("client folder", rc == 0 and rc2 == 0 and got == ref)
    # the client's umask for the files the compile creates
    os.remove(os.path.join(sub, "out.mlir"))
    old = os.umask(0o077)
    try:
        run(["--server=" + SOCK, "in.mlir", "--lower", "-o", "out.mlir"], cwd=sub)
    finally:
        os.umask(old)
    mode = stat.S_IMODE(os.stat(os.path.join(sub, "out.mlir")).st_mode)
    report("client umask", mode == 0o600, oct(mode))
    # the client's IND_* environment, not the server's (its IND_CACHE_DIR points nowhere): the cache entry
    # lands in the client's folder
    cache = os.path.join(WORK, "cache")
    shutil.rmtree(cache, ignore_errors=True)
    rc, out, err = run(["--server=" + SOCK, seed] + ptx, env=env_without_server(IND_CACHE_DIR=cache))
    report("client environment", rc == 0 and len(os.listdir(cache)) == 1, "%d %r" % (rc, err[:200]))
    # a later request without it does not see it
    rc, out, err = run(["--server=" + SOCK, seed] + ptx)
    report("environment per request", rc == 0 and len(os.listdir(cache)) == 1)
    # $IND_OPT_SERVER names the server as --server= does; --no-server compiles here
    rc, out, err = run([seed] + ptx, env=env_without_server(IND_OPT_SERVER=SOCK))
    report("IND_OPT_SERVER", rc == 0 and b".entry" in out and err == b"", err[:200])
    rc, out, err = run([seed, "--lower", "--no-server"], env=env_without_server(IND_OPT_SERVER=os.path.join(tmp, "none")))
    report("--no-server", rc == 0 and err == b"", err[:200])
    # no server there: a note, then the compile here
    rc, out, err = run(["--server=" + os.path.join(tmp, "none"), seed] + ptx)
    report("no server: compiles here", rc == 0 and b".entry" in out and b"no compile server at" in err, err[:200])
    # the client's whole environment: CUDA_HOME names the libdevice that --emit=ptx links (a fake one here
    # fails the compile, through the server as alone)
    fake = os.path.join(WORK, "cuda")
    os.makedirs(os.path.join(fake, "nvvm", "libdevice"), exist_ok=True)
    with open(os.path.join(fake, "nvvm", "libdevice", "libdevice.10.bc"), "wb") as f:
        f.write(b"not bitcode")
    rc, _, err = same("client CUDA_HOME", [os.path.join(EXAMPLES, "softmax.mlir")] + ptx, env_extra={"CUDA_HOME": fake})
    report("client CUDA_HOME used", rc == 1, err[:200])
    # another build of ind-opt (a copy: another inode) is told so and compiles itself
    copy = os.path.join(WORK, "ind-opt-copy")
    shutil.copy(OPT, copy)
    p = subprocess.run([copy, "--server=" + SOCK, seed, "--lower"], capture_output=True, timeout=TIMEOUT,
                       env=env_without_server())
    rc, ref, _ = run([seed, "--lower"])
    report("another build", p.returncode == 0 and p.stdout == ref and b"another build of ind-opt" in p.stderr,
           p.stderr[:200])
    os.remove(copy)
    # --fusion-report=DIR in one request leaves nothing behind for the next
    rep = os.path.join(WORK, "report")
    shutil.rmtree(rep, ignore_errors=True)
    same("fusion report", [seed, "--fusion-report=" + rep])
    same("after fusion report", [seed, "--lower", "--fuse"])
    # a pipeline of two ind-opts (the second reads what the first writes): both served at once by two workers
    pipe_args = ([seed, "--lower"], ["-", "--fuse"])
    report("pipeline", pipeline(pipe_args, SOCK) == pipeline(pipe_args, None), "differs from the pipeline alone")
    # a second server on a live socket is refused; the first keeps serving
    p2 = subprocess.run([OPT, "--serve=" + SOCK], capture_output=True, timeout=TIMEOUT, env=env_without_server())
    report("second server refused", p2.returncode == 1 and b"already listens" in p2.stderr, p2.stderr[:200])
    same("first server still serves", [seed, "--lower"])
    # SIGTERM: the server leaves with 0 and removes its socket
    server.send_signal(signal.SIGTERM)
    rc = server.wait(timeout=TIMEOUT)
    report("SIGTERM", rc == 0 and not os.path.exists(SOCK), "rc %d" % rc)
    # one worker: the pipeline's second ind-opt finds it busy and compiles itself, no request waits for another
    server, line = start_server(SOCK, "--serve-workers=1")
    report("pipeline, one worker", pipeline(pipe_args, SOCK) == pipeline(pipe_args, None), line)
    server.send_signal(signal.SIGTERM)
    server.wait(timeout=TIMEOUT)
    # --serve-recycle: one worker that leaves after every 2 requests; 6 requests in a row each get a worker
    # (the server never hands a request to a worker on its way out) and the output of the run alone
    server, line = start_server(SOCK, "--serve-workers=1", "--serve-recycle=2")
    _, ref, _ = run([seed, "--lower"])
    got = [run(["--server=" + SOCK, seed, "--lower"]) for _ in range(6)]
    report("recycled workers", all(g == (0, ref, b"") for g in got), [g[2][:120] for g in got])
    server.send_signal(signal.SIGTERM)
    server.wait(timeout=TIMEOUT)
    # a stale socket (no one listens) is taken over
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.bind(SOCK)
    s.close()
    server, line = start_server(SOCK, "--serve-idle=1")
    report("stale socket taken over", "serving on" in line, line)
    # --serve-idle: it leaves by itself after a second without a request
    rc = server.wait(timeout=TIMEOUT)
    report("idle exit", rc == 0 and not os.path.exists(SOCK), "rc %d" % rc)
    # bad --serve flags
    for name, args, want in [("empty path", ["--serve="], b"needs a socket path"),
                             ("other option", ["--serve=" + SOCK, "--lower"], b"takes no other option"),
                             ("idle not a number", ["--serve=" + SOCK, "--serve-idle=x"], b"needs a number"),
                             ("long path", ["--serve=" + "/tmp/" + "x" * 120], b"socket path too long"),
                             ("idle without serve", ["--serve-idle=5", seed, "--lower"], b"goes with --serve"),
                             ("no workers", ["--serve=" + SOCK, "--serve-workers=0"], b"needs a number of workers"),
                             ("workers without serve", ["--serve-workers=2", seed], b"goes with --serve"),
                             ("no recycle", ["--serve=" + SOCK, "--serve-recycle=0"], b"needs a number of requests")]:
        p = subprocess.run([OPT] + args, capture_output=True, timeout=TIMEOUT, env=env_without_server())
        report("bad flag: " + name, p.returncode == 1 and want in p.stderr, p.stderr[:200])
finally:
    try:
        server.kill()
    except Exception:
        pass
    shutil.rmtree(tmp, ignore_errors=True)
