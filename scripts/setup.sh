#!/usr/bin/env bash
# Installs what ind needs on Debian 12 (as root) and builds it into build/ (or $IND_BUILD_DIR).
# Safe to run again: installs only what is missing, rebuilds only what changed.
set -euo pipefail
cd "$(dirname "$0")/.."
PKGS="cmake make gcc g++ git clang-format zlib1g-dev libzstd-dev libffi-dev libncurses-dev llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools python3 python3-numpy python3-venv graphviz"
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
# The Python environment of the PyTorch tests and the model zoo: a venv (.venv, or $IND_VENV) with the pinned
# torch 2.x, torchvision, transformers and timm of scripts/requirements.txt; remade when that file changes.
VENV="${IND_VENV:-.venv}"
if [ "${IND_NO_VENV:-0}" = 0 ] && ! cmp -s scripts/requirements.txt "$VENV/ind-requirements.txt" 2>/dev/null; then
  echo "setup: installing the Python environment into $VENV (scripts/requirements.txt)"
  rm -rf "$VENV"
  if ! { /usr/bin/python3 -m venv "$VENV" &&
         "$VENV/bin/python" -m pip install -q --disable-pip-version-check -r scripts/requirements.txt; } > "$VENV.log" 2>&1; then
    cat "$VENV.log"
    echo "setup: the Python environment failed (log: $VENV.log)"
    exit 1
  fi
  cp scripts/requirements.txt "$VENV/ind-requirements.txt"
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
