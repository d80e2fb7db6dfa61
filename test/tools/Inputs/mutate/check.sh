#!/bin/sh
# The fixture's test: clamp(-3) = 0; clamp(-2) + clamp(5) + clamp(12) = 0 + 5 + 9 = 14; name(1) = "one".
# MUTATE_STOP=1: interrupt the tester (its pid is in MUTATE_PID) in the middle of a mutant.
if [ "${MUTATE_STOP:-0}" = 1 ]; then kill -INT "$MUTATE_PID"; sleep 5; fi
./prog | grep -qx "0 14 one"
