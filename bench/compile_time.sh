#!/bin/sh
# compile_time.sh - wall time of the whole pipeline per example:
#   ind-opt examples/X.mlir --preprocess --lower --fuse --codegen --emit=ptx
# median of N runs (default 7; hyperfine when installed) of the wall time, and the median CPU time
# (perf's task-clock, mean of N; else user + sys from /usr/bin/time: on a loaded shared machine the wall time mostly measures the wait).
# When ind-opt has --cache-dir (docs/tools/compile-cache.md), a third column: the median wall time of a
# cache hit (the same command with --cache-dir in a fresh temporary folder, after one priming run).
# Numbers go to docs/passes/codegen.md.
#   bench/compile_time.sh [BUILD_DIR] [N]     (BUILD_DIR default build-rel: a Release build)
set -eu
build=${1:-build-rel}
n=${2:-7}
opt="$build/bin/ind-opt"
[ -x "$opt" ] || { echo "no $opt: cmake -S . -B $build -DCMAKE_BUILD_TYPE=Release && cmake --build $build --target ind-opt" >&2; exit 1; }
cache=""
if "$opt" --help | grep -q -- '--cache-dir='; then
  cache=$(mktemp -d)
  trap 'rm -rf "$cache"' EXIT
fi
unset IND_CACHE_DIR  # the first two columns are uncached compiles

# median_ms CMD...: the median wall time of N runs of CMD, in ms.
median_ms() {
  if command -v hyperfine >/dev/null 2>&1; then
    hyperfine -N -w 2 -r "$n" --export-json /dev/stdout "$*" 2>/dev/null |
      python3 -c 'import json,sys; print("%.1f" % (json.load(sys.stdin)["results"][0]["median"]*1000))'
  else
    "$@"  # warm-up (page cache)
    for i in $(seq "$n"); do
      s=$(date +%s%N); "$@"; e=$(date +%s%N); echo $(( (e - s) / 1000 ))
    done | sort -n | awk '{a[NR]=$1} END {m=(NR%2)?a[(NR+1)/2]:(a[NR/2]+a[NR/2+1])/2; printf "%.1f", m/1000}'
  fi
}

echo "# $(date -u '+%Y-%m-%d %H:%M UTC'), $opt, median of $n runs, $(nproc) cores${cache:+; hit: --cache-dir, warm}"
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
    hit=$(printf '   hit %8s ms' "$(median_ms $cmd --cache-dir="$cache")")
  fi
  printf '%-20s wall %8s ms   cpu %5s ms%s\n' "$name" "$ms" "$cpu" "$hit"
done
