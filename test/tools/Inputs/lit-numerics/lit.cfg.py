# A suite of lit_numerics tests over a stand-in table (scripts/gpu/numerics.py here) for
# test/tools/lit-numerics-format.test. Params: test_dir (where lit_numerics.py is), src (the folder whose
# scripts/gpu/numerics.py is the table), out (exec root), mode (cpu|gpu), python, features (comma-separated).
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, lit_config.params["test_dir"])
import lit_numerics

config.name = "fixture"
config.suffixes = [".test"]
config.test_source_root = os.path.dirname(os.path.abspath(__file__))
config.test_exec_root = lit_config.params["out"]
config.ind_src_dir = lit_config.params["src"]
config.substitutions = [("%python", lit_config.params["python"]), ("%ind-run", "IND-RUN"), ("%ind-opt", "IND-OPT")]
for f in lit_config.params.get("features", "").split(","):
    if f:
        config.available_features.add(f)
config.test_format = lit_numerics.NumericsFormat(lit_config.params["mode"], config.test_source_root)
