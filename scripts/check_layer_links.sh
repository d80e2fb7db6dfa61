#!/usr/bin/env bash
# check_layer_links.sh BUILD_DIR - the link half of the layering rule (docs/architecture.md
# "Layers"): every symbol a layer's archive uses and does not define itself must come from a layer
# below it (or from outside ind: MLIR, libc). A static archive does not notice a call that points up
# (the executables link every layer), so this reads the archives with nm. Prints one line per
# violation and exits 1 when there is any.
set -u
build=${1:?usage: check_layer_links.sh BUILD_DIR}
# layer: the layers it may use (CMakeLists.txt ind_layer DEPS, transitively).
deps_support=""
deps_dialects="support"
deps_passes="dialects support"
deps_interp="dialects support"
deps_runtime="support"
deps_api="passes interp runtime dialects support"
deps_tools="api passes interp runtime dialects support"
layers="support dialects passes interp runtime api tools"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for l in $layers; do
  a="$build/libind_$l.a"
  [ -f "$a" ] || { echo "check_layer_links: $a is missing (build first)" >&2; exit 2; }
  nm --defined-only -g "$a" 2>/dev/null | awk 'NF == 3 && $2 ~ /[A-TV-Z]/ {print $3}' | sort -u > "$tmp/$l.def"
  nm -u "$a" 2>/dev/null | awk '$1 == "U" {print $2}' | sort -u > "$tmp/$l.und"
done
bad=0
for l in $layers; do
  eval "allowed=\"$l \$deps_$l\""
  for o in $layers; do
    case " $allowed " in *" $o "*) continue ;; esac
    for s in $(comm -12 "$tmp/$l.und" "$tmp/$o.def"); do
      echo "ind_$l uses $s, defined in ind_$o: a link arrow that is not down"
      bad=$((bad + 1))
    done
  done
done
if [ "$bad" -ne 0 ]; then
  echo "check_layer_links: $bad violation(s)"
  exit 1
fi
echo "check_layer_links: $(echo $layers | wc -w) layers, every symbol comes from the same layer or one below"
