# Checked mode through the Python bindings (python/ind/core.py): an out-of-range index_select row is an
# IndError (a RuntimeError) carrying the located message; with IND_CHECKED=0 the call returns (clamped rows).
import sys, numpy as np
sys.path.insert(0, sys.argv[1])
from ind.core import compile, IndError
src = open(sys.argv[2]).read()
p = compile(src, device="cpu")
x = np.load(sys.argv[3]); r = np.load(sys.argv[4]); c = np.load(sys.argv[5])
try:
    p(x, r, c)
    print("no error")
except IndError as e:
    print("IndError:", e)
