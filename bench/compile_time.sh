#!/bin/sh
# compile_time.sh - graph -> PTX time per example, four ways:
#   wall   the whole process, `ind-opt examples/X.mlir --preprocess --lower --fuse --codegen --emit=ptx`:
#          the median wall time of N runs after a warm-up, timed from the spawn to the exit by python's
#          subprocess (no shell in between; the first line gives the floor: the same for /bin/true);
#   cpu    that command's CPU time (perf's task-clock, mean of N; else user + sys from /usr/bin/time);
#   hit    the same command answered by the compiled-program cache (--cache-dir in a fresh folder after
#          one priming run; docs/tools/compile-cache.md), when ind-opt has --cache-dir;
#   server the same command through a compile server started once for the run (ind-opt --serve; the
#          client's process start, the request, and the compile in the warm server;
#          docs/tools/compile-server.md), when ind-opt has --serve=;
#   first / again   inside one process through libind (bench/compile_inproc.c, when built): the first
#          compile of the example in a new process after its compiler was created (with LLVM's one-time
#          NVPTX set-up), and the median of N more: what a program that compiles several graphs (a
#          torch.compile backend) pays per graph once it runs.
# Numbers go to docs/passes/codegen.md, "Compile time". Compare columns of one run only: the machines
# are shared and noisy.
#   bench/compile_time.sh [BUILD_DIR] [N]     (BUILD_DIR default build-rel: a Release build)
set -eu
build=${1:-build-rel}
n=${2:-7}
opt="$build/bin/ind-opt"
inproc="$build/bin/compile_inproc"
[ -x "$opt" ] || { echo "no $opt: cmake -S . -B $build -DCMAKE_BUILD_TYPE=Release && cmake --build $build --target ind-opt compile_inproc" >&2; exit 1; }
cache=""
if "$opt" --help | grep -q -- '--cache-dir='; then
  cache=$(mktemp -d)
  trap 'rm -rf "$cache"' EXIT
fi
unset IND_CACHE_DIR IND_OPT_SERVER  # the first two columns are uncached compiles, here
sock=""
if "$opt" --help | grep -q -- '--serve='; then
  sockdir=$(mktemp -d)
  sock="$sockdir/s"
  "$opt" --serve="$sock" --serve-idle=600 2>/dev/null &
  server=$!
  trap 'kill $server 2>/dev/null; rm -rf "$cache" "$sockdir"' EXIT
  i=0
  while [ ! -S "$sock" ] && [ $i -lt 300 ]; do sleep 0.1; i=$((i + 1)); done
fi

# median_ms CMD...: the median wall time of N runs of CMD after one warm-up, in ms.
median_ms() {
  python3 - "$n" "$@" <<'EOF'
import statistics, subprocess, sys, time
n, cmd = int(sys.argv[1]), sys.argv[2:]
def once():
    t = time.perf_counter()
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return (time.perf_counter() - t) * 1e3
once()
print("%.1f" % statistics.median(once() for _ in range(n)))
EOF
}

echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $opt, median of $n runs, $(nproc) cores; a process that does nothing: $(median_ms /bin/true) ms"
for ex in examples/*.mlir; do
  name=$(basename "$ex" .mlir)
  cmd="$opt $ex --preprocess --lower --fuse --codegen --emit=ptx -o /dev/null"
  ms=$(median_ms $cmd)
  if command -v perf >/dev/null 2>&1; then  # mean task-clock (CPU ms of the process)
    cpu=$(perf stat -x, -e task-clock -r "$n" $cmd 2>&1 >/dev/null | awk -F, '/task-clock/ {printf "%.1f", $1}')
  elif [ ! -x /usr/bin/time ]; then
    cpu=n/a
  else
    cpu=$(for i in $(seq "$n"); do /usr/bin/time -f '%U %S' $cmd 2>&1 | tail -1; done |
          awk '{print ($1 + $2) * 1000}' | sort -n | awk '{a[NR]=$1} END {m=(NR%2)?a[(NR+1)/2]:(a[NR/2]+a[NR/2+1])/2; printf "%.0f", m}')
  fi
  hit=""
  if [ -n "$cache" ]; then
    $cmd --cache-dir="$cache"  # the priming run: a miss that stores the entry
    hit=$(printf '   hit %6s ms' "$(median_ms $cmd --cache-dir="$cache")")
  fi
  srv=""
  if [ -n "$sock" ]; then
    srv=$(printf '   server %6s ms' "$(median_ms $cmd --server="$sock")")
  fi
  lib=""
  if [ -x "$inproc" ]; then
    lib=$("$inproc" "$n" "$ex" | awk '{printf "   in-process first %6s ms again %6s ms", $3, $6}')
  fi
  printf '%-20s wall %6s ms   cpu %5s ms%s%s%s\n' "$name" "$ms" "$cpu" "$hit" "$srv" "$lib"
done
