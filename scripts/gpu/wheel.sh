#!/usr/bin/env bash
# Runs THERE (the GPU machine: no MLIR; python3 with torch), with out/wheel made HERE by
# `scripts/wheel.sh out/wheel` and carried along (carry ["out/wheel"]: the 40 MB wheel): issue 36's check of
# the wheel on the GPU machine, as test/tools/wheel.test does it here. A fresh venv in a temporary folder,
# the wheel pip-installed into it offline (--no-deps --no-index), python3's torch made importable there by a
# .pth (test/tools/Inputs/wheel_check.py link-torch), then, without IND_LIBRARY, IND_RUNTIME_LIBRARY or
# PYTHONPATH, under `python -I`, from an empty folder: `wheel_check.py run --cuda`: torch.compile(backend="ind")
# through the entry point on the CPU and on CUDA tensors (IND_STRICT: compiled by ind, equal to eager), the
# seed through ind.core on the CPU and as PTX on the GPU against the reference interpreter, the library the
# venv's. LD_LIBRARY_PATH is kept (the driver's libcuda may be found through it); CUDA_HOME names libdevice.
# Results: $OUT/wheel.log (ends "WHEEL PASS"), $OUT/wheel_ldd.txt. Exit status: the check's.
set -uo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
OUT="${OUT:-/tmp/ind_gpu_out}"
PY="${IND_PYTHON:-python3}"
mkdir -p "$OUT"
W=$(ls out/wheel/ind-*.whl 2>/dev/null | head -n 1)
[ -n "$W" ] || { echo "wheel: no out/wheel/ind-*.whl (HERE: scripts/wheel.sh out/wheel; carry out/wheel)"; exit 1; }
TMP=$(mktemp -d)
V=$TMP/venv
# A base Python without ensurepip (python3-venv missing) still makes a venv without pip; the outer pip
# installs into it then (pip >= 22.3: --python).
if "$PY" -m venv "$V" > "$OUT/wheel_venv.log" 2>&1; then
  "$V/bin/python" -m pip install -q --no-deps --no-index --disable-pip-version-check "$W" >> "$OUT/wheel_venv.log" 2>&1
else
  "$PY" -m venv --without-pip "$V" >> "$OUT/wheel_venv.log" 2>&1 &&
    "$PY" -m pip --python "$V/bin/python" install -q --no-deps --no-index --disable-pip-version-check "$W" \
      >> "$OUT/wheel_venv.log" 2>&1
fi || { cat "$OUT/wheel_venv.log"; echo "wheel: installing $W into a fresh venv failed"; exit 1; }
"$PY" test/tools/Inputs/wheel_check.py link-torch "$V/bin/python" || exit 1
ldd "$V"/lib/python3*/site-packages/ind/_lib/libind.so > "$OUT/wheel_ldd.txt" 2>&1
cat "$OUT/wheel_ldd.txt"
mkdir -p "$TMP/cwd" && cd "$TMP/cwd" || exit 1
env -u IND_LIBRARY -u IND_RUNTIME_LIBRARY -u PYTHONPATH IND_STRICT=1 PYTHONUNBUFFERED=1 \
  timeout 600 "$V/bin/python" -I "$ROOT/test/tools/Inputs/wheel_check.py" run "$ROOT/examples/seed.mlir" --cuda \
  > "$OUT/wheel.log" 2>&1
rc=$?
cat "$OUT/wheel.log"
exit $rc
