#!/usr/bin/env bash
# The differential soak: scripts/soak.sh N [--seed S] [soak.py options] (docs/testing.md).
exec /usr/bin/python3 "$(dirname "$0")/fuzz/soak.py" "$@"
