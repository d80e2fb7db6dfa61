#!/usr/bin/env bash
# Runs the differential soak in chunks until TOTAL programs are done or BUDGET_S seconds have passed,
# one table per chunk (so that a run cut short by a time limit keeps what it finished, and a second
# run continues from the next seed): docs/testing.md, "Differential soak".
#   scripts/fuzz/soak_chunks.sh BIN_DIR FIRST_SEED TOTAL CHUNK BUDGET_S OUT_DIR [soak.py options]
# writes OUT_DIR/soak_<seed>.txt per chunk (soak.py's table and its failures, --keep OUT_DIR/keep) and
# prints the next seed to run from. Merge the tables with scripts/fuzz/soak_merge.py OUT_DIR/soak_*.txt.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
[ $# -ge 6 ] || { sed -n 2,7p "$0"; exit 2; }
bin=$1 seed=$2 total=$3 chunk=$4 budget=$5 out=$6
shift 6
py=${IND_PYTHON:-python3}
mkdir -p "$out"
start=$SECONDS
end=$((seed + total))
while [ "$seed" -lt "$end" ]; do
  el=$((SECONDS - start))
  # Stop before a chunk that would not end inside the budget (the last chunk's time as the estimate).
  [ "$el" -lt "$budget" ] || break
  [ -z "${last:-}" ] || [ $((el + last)) -le "$budget" ] || break
  n=$chunk
  [ $((seed + n)) -le "$end" ] || n=$((end - seed))
  t0=$SECONDS
  "$py" "$here/soak.py" "$n" --seed "$seed" --bin "$bin" --quiet --keep "$out/keep" "$@" >"$out/soak_$seed.txt" 2>&1
  last=$((SECONDS - t0))
  echo "soak_chunks: seeds $seed..$((seed + n - 1)): $(tail -1 "$out/soak_$seed.txt") ($last s)"
  seed=$((seed + n))
done
echo "soak_chunks: next seed $seed"
