#!/usr/bin/env bash
# Sets everything up (scripts/setup.sh) and runs the whole lit suite. Ends with "N passed, N failed".
set -uo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh || exit 1
BUILD="${IND_BUILD_DIR:-build}"
cmake --build "$BUILD" -j"$(nproc)" --target all >/dev/null || exit 1
out=$(mktemp)
/usr/lib/llvm-22/bin/lit -v "$BUILD/test" 2>&1 | tee "$out"
rc=${PIPESTATUS[0]}
passed=$(grep -cE '^PASS: |^XFAIL: ' "$out")
failed=$(grep -cE '^(FAIL|XPASS|UNRESOLVED|TIMEOUT): ' "$out")
rm -f "$out"
echo "$passed passed, $failed failed"
[ "$rc" -eq 0 ] && [ "$failed" -eq 0 ]
