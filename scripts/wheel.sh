#!/usr/bin/env bash
# Builds ind's wheel: the CMake target ind_standalone (libind with LLVM/MLIR linked in; a link of ~12 s here)
# in $IND_BUILD_DIR (default build/, configured by scripts/setup.sh), then python/ind and that library as
# ind/_lib/libind.so into OUT_DIR/ind-<version>-py3-none-<platform>.whl (scripts/ind_wheel.py).
# Usage: scripts/wheel.sh [OUT_DIR]   (default $IND_BUILD_DIR/dist). The last line printed is the wheel's path.
# Then, on any x86-64 Linux with glibc >= 2.36 and no MLIR: pip install ind-*.whl  (docs/packaging.md).
set -euo pipefail
cd "$(dirname "$0")/.."
BUILD="${IND_BUILD_DIR:-build}"
OUT="${1:-$BUILD/dist}"
if [ ! -f "$BUILD/CMakeCache.txt" ]; then
  echo "wheel: $BUILD is not configured (run scripts/setup.sh)" >&2
  exit 1
fi
if grep -q '^IND_SANITIZE:BOOL=ON' "$BUILD/CMakeCache.txt"; then
  echo "wheel: $BUILD is a sanitizer build; its library would need the ASan runtime in python: use a plain build" >&2
  exit 1
fi
log="$BUILD/wheel.log"
if ! cmake --build "$BUILD" --target ind_standalone -j"$(nproc)" > "$log" 2>&1; then
  cat "$log" >&2
  echo "wheel: building ind_standalone failed (log: $log)" >&2
  exit 1
fi
"${IND_WHEEL_PYTHON:-python3}" scripts/ind_wheel.py --library "$BUILD/lib/libind-standalone.so" --out-dir "$OUT"
