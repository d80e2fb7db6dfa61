#!/usr/bin/env bash
# Runs THERE (the GPU machine): an A/B comparison of two builds of the same cases, without torch: for each
# case and size, runs DIR_A's and DIR_B's PTX + launch plan (scripts/gpu/prepare.sh output of two commits)
# through runtime/ind_cuda_run on the same seeded inputs, ROUNDS times alternating A and B, and prints the
# CUDA-graph replay time of each (median over rounds) and B/A. B's outputs are compared with A's
# (rtol 1e-4, atol 1e-5): a codegen change that moves numbers shows up as FAIL.
#
#   scripts/gpu/ab.sh DIR_A DIR_B case ...      env: IND_GPU_SIZES ("1024 8192"), IND_AB_ROUNDS (3), OUT
# Example (docs/gpu.md): prepare.sh on the old commit, mv out/gpu out/gpu-old; prepare.sh on the new one; carry both.
set -uo pipefail
cd "$(dirname "$0")/../.."
A=$1 B=$2
shift 2
OUT="${OUT:-/tmp/ind_ab_out}"
SIZES="${IND_GPU_SIZES:-1024 8192}"
ROUNDS="${IND_AB_ROUNDS:-3}"
W=$(mktemp -d)
inc=${CUDA_HOME:-/usr/local/cuda}/include
gcc -std=c11 -O2 -I. -Iinclude -I"$inc" runtime/ind_cuda_run.c runtime/ind_runtime.c lib/npy_raw.c -ldl -lm \
  -o "$W/run" || { echo "ab.sh: cannot build the runner" >&2; exit 1; }
mkdir -p "$OUT"
printf '| case | n | A graph us | B graph us | B/A | B vs A outputs |\n|---|---|---|---|---|---|\n' > "$OUT/ab.md"
med() { sort -g | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
for c in "$@"; do
  for n in $SIZES; do
    name=${c}_$n
    [ -f "$A/$name.ptx" ] && [ -f "$B/$name.ptx" ] || { echo "ab.sh: $name missing in $A or $B" >&2; continue; }
    rm -rf "$W/a" "$W/b" && mkdir -p "$W/a" "$W/b"
    : > "$W/ta"; : > "$W/tb"; cmp=PASS
    for r in $(seq "$ROUNDS"); do
      "$W/run" --plan "$A/$name.json" --ptx "$A/$name.ptx" --outputs-dir "$W/a" --graph --name "$name" > "$W/la" 2>&1 ||
        { echo "ab.sh: A $name failed"; cat "$W/la"; }
      "$W/run" --plan "$B/$name.json" --ptx "$B/$name.ptx" --outputs-dir "$W/b" --compare-dir "$W/a" \
        --rtol 1e-4 --atol 1e-5 --graph --name "$name" > "$W/lb" 2>&1 || { cmp=FAIL; tail -3 "$W/lb"; }
      sed -n 's/.*graph_us=\([0-9.]*\).*/\1/p' "$W/la" >> "$W/ta"
      sed -n 's/.*graph_us=\([0-9.]*\).*/\1/p' "$W/lb" >> "$W/tb"
    done
    ta=$(med < "$W/ta") tb=$(med < "$W/tb")
    ratio=$(awk -v a="$ta" -v b="$tb" 'BEGIN {if (a > 0) printf "%.3f", b / a; else print "-"}')
    printf '| %s | %s | %s | %s | %s | %s |\n' "$c" "$n" "$ta" "$tb" "$ratio" "$cmp" | tee -a "$OUT/ab.md"
  done
done
rm -rf "$W"
