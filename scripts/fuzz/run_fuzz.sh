#!/usr/bin/env bash
# Builds the libFuzzer targets (build-fuzz/, clang-14, -DIND_FUZZ=ON) and runs each in the background
# at nice 19 for SECONDS (default 3600), seeded with the lit inputs (fuzz-parse, fuzz-pipeline) and
# with generator output (fuzz-structured, fuzz-pipeline). Everything goes under out/fuzz/:
#   out/fuzz/<target>.log            libFuzzer's log (the last lines: "Done N runs in S second(s)")
#   out/fuzz/<target>/crash-*        inputs that crashed or hit a sanitizer (none = clean)
#   out/fuzz/<target>.asan.*         sanitizer reports (ASAN/UBSAN log_path)
#   out/fuzz/corpus-<target>/        the corpus (seeds + what libFuzzer added)
# Usage: scripts/fuzz/run_fuzz.sh [SECONDS] [--no-build]
set -uo pipefail
cd "$(dirname "$0")/../.."
secs="${1:-3600}"
if [ "${2:-}" != "--no-build" ]; then
  cmake -S . -B build-fuzz -DIND_FUZZ=ON -DCMAKE_C_COMPILER=clang-14 -DCMAKE_CXX_COMPILER=clang++-14 \
    -DIND_STATIC_TOOLS=OFF >/dev/null || exit 1
  cmake --build build-fuzz -j"$(nproc)" --target fuzz-parse fuzz-pipeline fuzz-structured >/dev/null || exit 1
fi
mkdir -p out/fuzz
for t in parse pipeline structured; do
  c="out/fuzz/corpus-$t"
  mkdir -p "$c" "out/fuzz/$t"
  if [ "$t" != structured ]; then
    find test examples -name '*.mlir' -size -16k | while read -r f; do cp "$f" "$c/$(echo "$f" | tr / _)"; done
  fi
  if [ "$t" != parse ]; then
    for s in $(seq 1 200); do /usr/bin/python3 scripts/fuzz/gen.py "$s" --ops 8 --max-numel 1024 >"$c/gen$s.mlir"; done
  fi
  ASAN_OPTIONS="detect_leaks=0:log_path=out/fuzz/$t.asan" UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1:log_path=out/fuzz/$t.asan" \
    nohup nice -n 19 "build-fuzz/bin/fuzz-$t" -close_fd_mask=2 -max_total_time="$secs" -timeout=60 -rss_limit_mb=4096 \
    -max_len=16384 -artifact_prefix="out/fuzz/$t/" "$c" >"out/fuzz/$t.log" 2>&1 &
  echo "fuzz-$t: pid $! log out/fuzz/$t.log"
done
