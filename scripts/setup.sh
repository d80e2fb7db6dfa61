#!/usr/bin/env bash
# Installs what ind needs on Debian 12 (as root) and builds it into build/ (or $IND_BUILD_DIR).
# Safe to run again: installs only what is missing, rebuilds only what changed.
set -euo pipefail
cd "$(dirname "$0")/.."
PKGS="cmake make gcc g++ git clang-format zlib1g-dev libzstd-dev libffi-dev libncurses-dev llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools python3 python3-numpy python3-torch graphviz"
missing=""
for p in $PKGS; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done
if [ -n "$missing" ]; then
  echo "setup: installing$missing"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends $missing >/dev/null
fi
BUILD="${IND_BUILD_DIR:-build}"
log="$BUILD.log"
mkdir -p "$BUILD"
if ! { cmake -S . -B "$BUILD" -DCMAKE_BUILD_TYPE=${IND_BUILD_TYPE:-RelWithDebInfo} ${IND_CMAKE_ARGS:-} &&
       cmake --build "$BUILD" -j"$(nproc)"; } > "$log" 2>&1; then
  cat "$log"
  echo "setup: the build failed (log: $log)"
  exit 1
fi
echo "setup: built ind into $BUILD/ (log: $log)"
