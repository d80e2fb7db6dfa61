#!/usr/bin/env bash
# check_layers.sh ROOT PASS_NAMES - the layering rule of docs/architecture.md ("Layers"), checked by
# test/tools/layering.test:
#   1. every #include "..." in a layer folder names a file of the same folder or of a lower floor;
#   2. no folder other than passes/ and tools/ names a registered pass in a string literal (a pass
#      run by its name through the pipeline parser is an arrow up that no include shows), and none
#      below passes/ except lib/pipeline.c (the parser itself) builds a pipeline from text;
#   3. every header has extern "C" guards.
# PASS_NAMES holds one registered pass name a line (`ind-opt --list-passes`). Prints one
# `file:line: ...` per violation and exits 1 when there is any.
set -u
root=${1:?usage: check_layers.sh ROOT PASS_NAMES}
names=${2:?usage: check_layers.sh ROOT PASS_NAMES}
cd "$root" || exit 2
if [ "$(grep -c . "$names")" -lt 10 ]; then
  echo "check_layers: fewer than 10 pass names in $names: the pass-name check would be vacuous" >&2
  exit 2
fi
files=$(find include lib dialects passes interp runtime tools libind -name '*.[ch]' 2>/dev/null | sort)

# 1. includes. Floors: include/ (public headers: plain C, over nothing of ours) 0, lib 1,
#    dialects 2, passes 3, interp and runtime 4 (siblings: neither includes the other), libind 5
#    (the public API and the compile session over everything below), tools 6 (ind-opt's and
#    ind-run's drivers: clients of libind).
up=$(echo "$files" | xargs awk '
  function floor(t) {
    if (t == "include" || t == "ind") return 0
    if (t == "lib") return 1
    if (t == "dialects") return 2
    if (t == "passes") return 3
    if (t == "interp" || t == "runtime") return 4
    if (t == "libind") return 5
    if (t == "tools") return 6
    return -1
  }
  FNR == 1 { top = FILENAME; sub(/\/.*/, "", top) }
  /^[ \t]*#[ \t]*include[ \t]*"/ {
    match($0, /"[^"]*"/)
    inc = substr($0, RSTART + 1, RLENGTH - 2)
    itop = inc
    if (index(inc, "/") == 0) itop = top; else sub(/\/.*/, "", itop)
    if (itop == "ind") itop = "include" # public headers are included as "ind/x.h"
    if (itop == top) next
    if (floor(itop) < 0)
      printf "%s:%d: includes \"%s\", which is in no layer folder\n", FILENAME, FNR, inc
    else if (floor(itop) >= floor(top))
      printf "%s:%d: %s/ (floor %d) includes \"%s\" (floor %d): an arrow up\n", FILENAME, FNR, top, floor(top), inc, floor(itop)
  }')

# 2. passes run by name: string literals (comments stripped) that hold a registered pass name as a
#    pipeline element, and calls that build a pipeline from text.
byname=""
low=$(echo "$files" | grep -v '^passes/' | grep -v '^tools/' | grep -v '^libind/')
if [ -n "$low" ]; then
  byname=$(echo "$low" | xargs awk -v names="$names" '
    BEGIN { while ((getline n < names) > 0) if (n != "") pass[n] = 1 }
    FNR == 1 { incomment = 0 }
    {
      line = $0
      if (incomment) { if (!sub(/^.*\*\//, "", line)) next; incomment = 0 }
      gsub(/\/\*([^*]|\*+[^*\/])*\*+\//, "", line)
      if (match(line, /\/\*/)) { line = substr(line, 1, RSTART - 1); incomment = 1 }
      sub(/\/\/.*$/, "", line)
      rest = line
      while (match(rest, /"([^"\\]|\\.)*"/)) {
        lit = substr(rest, RSTART + 1, RLENGTH - 2)
        rest = substr(rest, RSTART + RLENGTH)
        for (n in pass)
          if (match(lit, "(^|[,( ])" n "([{,) ]|$)"))
            printf "%s:%d: names the pass %s in a string below passes/ (run it from a higher floor)\n", FILENAME, FNR, n
      }
      if (FILENAME !~ /^lib\/pipeline\.[ch]$/ && match(line, /(^|[^A-Za-z0-9_])(ind_pipeline_add|mlirParsePassPipeline|mlirOpPassManagerAddPipeline)[ \t]*\(/))
        printf "%s:%d: builds a pass pipeline from text below passes/\n", FILENAME, FNR
    }')
fi

# 3. extern "C" guards.
guards=$(echo "$files" | grep '\.h$' | while IFS= read -r h; do
  grep -q 'extern "C"' "$h" || echo "$h:1: has no extern \"C\" guard (#ifdef __cplusplus extern \"C\" { ...)"
done)

out="$up${up:+
}$byname${byname:+
}$guards"
out=$(echo "$out" | grep .)
if [ -n "$out" ]; then
  echo "$out"
  echo "check_layers: $(echo "$out" | wc -l) violation(s) of the layering rule (docs/architecture.md)"
  exit 1
fi
echo "check_layers: $(echo "$files" | wc -l) files, every include points down, no pass run by name below passes/, every header has extern \"C\" guards"
