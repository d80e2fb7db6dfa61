"""cache_for.py CANDIDATES.json K KIND BLOCK XBLOCK VECTOR_WIDTH [ROWS]: prints a tuning cache whose only
entry gives kernel K of the candidates file (ind-opt --emit=tuning-candidates) that config (KIND "-": no
kind; ROWS "rows": "row_threads": true, "norows": false, anything else: that JSON value as written)."""
import json
import sys

cands, k, kind, block, xblock, vw = sys.argv[1:7]
key = json.load(open(cands))["kernels"][int(k)]["key"]
entry = {"block": int(block), "xblock": int(xblock), "vector_width": int(vw)}
if kind != "-":
    entry["kind"] = kind
if len(sys.argv) > 7:
    entry["row_threads"] = {"rows": True, "norows": False}.get(sys.argv[7], None)
    if entry["row_threads"] is None:
        entry["row_threads"] = json.loads(sys.argv[7])
print(json.dumps({"version": 1, "kernels": {key: entry}}))
