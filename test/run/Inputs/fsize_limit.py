import resource, signal, subprocess, sys
# fsize.py BYTES CMD...: runs CMD with files limited to BYTES (RLIMIT_FSIZE) and SIGXFSZ ignored, so a
# write past the limit fails with EFBIG instead of killing the process; exits with CMD's status
lim = int(sys.argv[1])
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
resource.setrlimit(resource.RLIMIT_FSIZE, (lim, lim))
sys.exit(subprocess.run(sys.argv[2:], restore_signals=False).returncode)
