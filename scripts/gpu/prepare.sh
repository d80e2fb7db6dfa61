#!/usr/bin/env bash
# Runs HERE (where MLIR is): compiles every examples/*.mlir at 1024 (as written) and 8192 (shapes rewritten
# by resize_example.py) to PTX + a JSON launch plan for the GPU machine, which has no MLIR.
#
#   scripts/gpu/prepare.sh            # writes out/gpu/<case>_<n>.{ptx,json}, out/gpu/compile_times.tsv
#   IND_GPU_SIZES="1024" scripts/gpu/prepare.sh
#   IND_TUNING_CACHE=out/tune/cache.json scripts/gpu/prepare.sh   # kernels in the configs of a tuning cache
#                                     (scripts/gpu/tune.py, docs/tools/ind-tune.md)
#   IND_CODEGEN_OPTS=div-precision=ieee scripts/gpu/prepare.sh   # sched-to-kernel options (--codegen=KEY=VALUE,...)
#   IND_GPU_VARIANTS="lock_in:search" (the default): also compile examples/lock_in.mlir with --fuse=search,
#   as the case lock_in_search, so that the GPU run measures both groupings (docs/passes/fuse.md)
#
# Then carry out/gpu (ignored by git) to the GPU machine and run scripts/gpu/run.sh there (docs/gpu.md).
set -euo pipefail
cd "$(dirname "$0")/../.."
OPT="${IND_BUILD_DIR:-build}/bin/ind-opt"
PY=/usr/bin/python3
SIZES="${IND_GPU_SIZES:-1024 8192}"
VARIANTS="${IND_GPU_VARIANTS-lock_in:search}"
DEST=out/gpu
[ -x "$OPT" ] || { echo "prepare.sh: $OPT not built (cmake --build build)" >&2; exit 1; }
rm -rf "$DEST"
mkdir -p "$DEST/src"
printf 'case\tn\tptx_ms\tplan_ms\tkernels\n' > "$DEST/compile_times.tsv"
now_ms() { date +%s%3N; }
cg_opts="${IND_CODEGEN_OPTS:-}${IND_TUNING_CACHE:+${IND_CODEGEN_OPTS:+,}tuning-cache=$IND_TUNING_CACHE}"
codegen=--codegen${cg_opts:+=$cg_opts}
fail=0
# every example with the default strategy, then each variant EXAMPLE:STRATEGY as the case EXAMPLE_STRATEGY
jobs=""
for ex in examples/*.mlir; do jobs="$jobs $ex:"; done
for v in $VARIANTS; do jobs="$jobs examples/${v%%:*}.mlir:${v#*:}"; done
for job in $jobs; do
  ex=${job%%:*}
  strategy=${job#*:}
  case_name=$(basename "$ex" .mlir)${strategy:+_$strategy}
  fuse=--fuse${strategy:+=$strategy}
  for n in $SIZES; do
    src="$DEST/src/${case_name}_${n}.mlir"
    if [ "$n" = 1024 ]; then
      cp "$ex" "$src"
    elif ! "$PY" scripts/gpu/resize_example.py "$ex" 1024 "$n" > "$src"; then
      echo "prepare.sh: cannot resize $ex to $n; skipped" >&2; rm -f "$src"; fail=1; continue
    fi
    base="$DEST/${case_name}_${n}"
    t0=$(now_ms)
    if ! "$OPT" "$src" --lower "$fuse" "$codegen" --emit=ptx -o "$base.ptx"; then
      echo "prepare.sh: ind-opt --emit=ptx failed on $src; skipped" >&2; rm -f "$base.ptx"; fail=1; continue
    fi
    t1=$(now_ms)
    if ! "$OPT" "$src" --lower "$fuse" "$codegen" --emit=launch-plan -o "$base.json"; then
      echo "prepare.sh: ind-opt --emit=launch-plan failed on $src; skipped" >&2; rm -f "$base.ptx" "$base.json"; fail=1; continue
    fi
    t2=$(now_ms)
    kernels=$(grep -c '^\.visible \.entry' "$base.ptx" || true)
    printf '%s\t%s\t%s\t%s\t%s\n' "$case_name" "$n" "$((t1 - t0))" "$((t2 - t1))" "$kernels" >> "$DEST/compile_times.tsv"
    echo "prepare.sh: ${case_name}_${n}: ptx $((t1 - t0)) ms, plan $((t2 - t1)) ms, $kernels kernel(s)"
  done
done
# A fallback runner for the GPU machine, in case building it there fails (run.sh builds its own first).
if ! gcc -std=c11 -O2 -Wall -Wextra -Werror -I. -Iinclude -I/usr/local/cuda/include runtime/ind_cuda_run.c \
    runtime/ind_runtime.c lib/npy_raw.c -ldl -lm -o "$DEST/ind_cuda_run"; then
  echo "prepare.sh: could not build the fallback runner (run.sh builds it there anyway)" >&2
fi
# A record of what was compiled, for the results page.
{ echo "commit $(git rev-parse --short HEAD 2>/dev/null || echo '?')$(git diff --quiet 2>/dev/null || echo ' (dirty)')";
  date -u +"prepared %Y-%m-%dT%H:%M:%SZ"; } > "$DEST/PREPARED"
size=$(du -sk "$DEST" | cut -f1)
echo "prepare.sh: $DEST is ${size} KiB"
if [ "$size" -gt 20480 ]; then echo "prepare.sh: $DEST is over 20 MiB" >&2; exit 1; fi
exit $fail
