"""cache_for.py CANDIDATES.json K KIND BLOCK XBLOCK VECTOR_WIDTH: prints a tuning cache whose only entry
gives kernel K of the candidates file (ind-opt --emit=tuning-candidates) that config (KIND "-": no kind)."""
import json
import sys

cands, k, kind, block, xblock, vw = sys.argv[1:7]
key = json.load(open(cands))["kernels"][int(k)]["key"]
entry = {"block": int(block), "xblock": int(xblock), "vector_width": int(vw)}
if kind != "-":
    entry["kind"] = kind
print(json.dumps({"version": 1, "kernels": {key: entry}}))
