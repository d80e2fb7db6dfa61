#!/usr/bin/env bash
# check_exports.sh LIB.so INCLUDE_DIR - libind.so exports its public API and nothing else: the dynamic symbols
# it defines (`nm -D --defined-only`) must be exactly the functions declared in INCLUDE_DIR/*.h (a declaration
# is a line `TYPE name(` at the start of a line, as every public header writes them). Prints one line per
# difference and exits 1 when there is any (test/tools/exports.test).
set -u
lib=${1:?usage: check_exports.sh LIB.so INCLUDE_DIR}
inc=${2:?usage: check_exports.sh LIB.so INCLUDE_DIR}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
nm -D --defined-only "$lib" | awk 'NF == 3 {sub(/@.*/, "", $3); print $3}' | sort -u > "$tmp/exported" || exit 2
cat "$inc"/*.h | grep -oE '^[A-Za-z_][A-Za-z0-9_ *]*[ *]([A-Za-z_][A-Za-z0-9_]*)\(' |
  grep -oE '[A-Za-z_][A-Za-z0-9_]*\($' | tr -d '(' | sort -u > "$tmp/declared"
if [ "$(wc -l < "$tmp/declared")" -lt 10 ]; then
  echo "check_exports: fewer than 10 declarations in $inc/*.h: the check would be vacuous" >&2
  exit 2
fi
bad=0
for s in $(comm -23 "$tmp/exported" "$tmp/declared"); do
  echo "exported, not declared: $s"
  bad=$((bad + 1))
done
for s in $(comm -13 "$tmp/exported" "$tmp/declared"); do
  echo "declared, not exported: $s"
  bad=$((bad + 1))
done
if [ "$bad" -ne 0 ]; then
  echo "check_exports: $bad difference(s) between $(basename "$lib")'s exports and $inc/*.h"
  exit 1
fi
echo "check_exports: $(basename "$lib") exports $(wc -l < "$tmp/exported") symbols, exactly the functions of $inc/*.h"
