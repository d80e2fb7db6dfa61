#!/usr/bin/env bash
# Runs HERE (where MLIR is): the first half of ind-tune (docs/tools/ind-tune.md). For every example (or the
# ones named) at each size, lists each kernel's candidate configs (ind-opt --emit=tuning-candidates) and
# compiles one build per candidate index i: candidate i for every kernel that has one, through a tuning
# cache (--codegen=tuning-cache=...), to PTX + launch plan + the configs actually applied.
#
#   scripts/gpu/tune_prepare.sh [example ...]      # e.g. seed softmax; default: every examples/*.mlir
#   scripts/gpu/tune_prepare.sh path/to/graph.mlir # a graph of one's own (IND_DUMP_GRAPHS'), at its size
#   env: IND_TUNE_SIZES ("1024 8192"), IND_BUILD_DIR (build), IND_TUNE_DEST (out/tune)
# Writes DEST/<case>_<n>/{src.mlir, candidates.json, cand<i>.{cache.json,ptx,plan.json,kernels.json}}.
# Then carry DEST to the GPU machine and run scripts/gpu/tune.py run DEST there; it writes the cache.
set -euo pipefail
cd "$(dirname "$0")/../.."
OPT="${IND_BUILD_DIR:-build}/bin/ind-opt"
PY=/usr/bin/python3
SIZES="${IND_TUNE_SIZES:-1024 8192}"
DEST="${IND_TUNE_DEST:-out/tune}"
[ -x "$OPT" ] || { echo "tune_prepare.sh: $OPT not built (cmake --build build)" >&2; exit 1; }
names=("$@")
[ ${#names[@]} -gt 0 ] || for ex in examples/*.mlir; do names+=("$(basename "$ex" .mlir)"); done
rm -rf "$DEST"
mkdir -p "$DEST"
# the stages of scripts/gpu/prepare.sh, so that the keys are those of the benchmark's kernels
stages=(--lower --fuse)
fail=0
for name in "${names[@]}"; do
  ex=examples/$name.mlir
  if [[ "$name" == *.mlir ]]; then ex=$name; name=$(basename "$name" .mlir); fi  # a graph file of one's own
  [ -f "$ex" ] || { echo "tune_prepare.sh: no $ex" >&2; fail=1; continue; }
  for n in $SIZES; do
    d="$DEST/${name}_${n}"
    mkdir -p "$d"
    if [ "$n" = 1024 ]; then
      cp "$ex" "$d/src.mlir"
    elif ! "$PY" scripts/gpu/resize_example.py "$ex" 1024 "$n" > "$d/src.mlir"; then
      echo "tune_prepare.sh: cannot resize $ex to $n; skipped" >&2; rm -rf "$d"; fail=1; continue
    fi
    if ! "$OPT" "$d/src.mlir" "${stages[@]}" --codegen --emit=tuning-candidates -o "$d/candidates.json"; then
      echo "tune_prepare.sh: --emit=tuning-candidates failed on $d/src.mlir; skipped" >&2; rm -rf "$d"; fail=1; continue
    fi
    ncand=$("$PY" scripts/gpu/tune.py count "$d/candidates.json")
    for ((i = 0; i < ncand; i++)); do
      c="$d/cand$i"
      "$PY" scripts/gpu/tune.py cache-for "$d/candidates.json" "$i" > "$c.cache.json"
      for emit in ptx:ptx launch-plan:plan.json tuning-candidates:kernels.json; do
        if ! "$OPT" "$d/src.mlir" "${stages[@]}" --codegen=tuning-cache="$c.cache.json" --emit="${emit%%:*}" \
            -o "$c.${emit#*:}"; then
          echo "tune_prepare.sh: candidate $i of $d does not compile (--emit=${emit%%:*})" >&2; fail=1
        fi
      done
    done
    echo "tune_prepare.sh: ${name}_${n}: $ncand candidate build(s)"
  done
done
size=$(du -sk "$DEST" | cut -f1)
echo "tune_prepare.sh: $DEST is ${size} KiB"
if [ "$size" -gt 61440 ]; then echo "tune_prepare.sh: $DEST is over 60 MiB (the device tool carries 64)" >&2; exit 1; fi
exit $fail
