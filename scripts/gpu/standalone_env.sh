# Sourced THERE by the scripts that run out/torch (made HERE by scripts/gpu/standalone_prepare.sh): the repo root
# as the working directory, $OUT (the device tool's, else /tmp/ind_gpu_out), T=out/torch with
# libind-standalone.so unpacked, and IND_LIBRARY pointing at it.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
OUT="${OUT:-/tmp/ind_gpu_out}"
mkdir -p "$OUT"
T=out/torch
[ -f $T/libind-standalone.so ] || xz -d -k -T0 $T/libind-standalone.so.xz || exit 1
export IND_LIBRARY=$PWD/$T/libind-standalone.so PYTHONUNBUFFERED=1
