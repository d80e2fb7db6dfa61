# lit configuration for ind. Run through the build tree: `lit build/test` (see README).
import os
import lit.formats

config.name = "ind"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".mlir", ".test", ".c"]
config.excludes = ["lit.cfg.py", "lit.site.cfg.py", "Inputs", "CMakeLists.txt"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.ind_bin_dir, "..", "test")

for tool in ["FileCheck", "not", "count", "split-file"]:
    config.substitutions.append(("%" + tool.lower() if tool != "FileCheck" else "%filecheck",
                                 os.path.join(config.llvm_bin_dir, tool)))
config.substitutions.append(("%ind-opt", os.path.join(config.ind_bin_dir, "ind-opt")))
config.substitutions.append(("%ind-run", os.path.join(config.ind_bin_dir, "ind-run")))
config.substitutions.append(("%ind-bin", config.ind_bin_dir))
config.substitutions.append(("%unit", os.path.join(config.ind_bin_dir, "unit")))
config.substitutions.append(("%ind-build", os.path.dirname(config.ind_bin_dir)))
config.substitutions.append(("%llvm-include", os.path.join(os.path.dirname(config.llvm_bin_dir), "include")))
config.substitutions.append(("%examples", os.path.join(config.ind_src_dir, "examples")))
# %python: the project's Python environment (scripts/setup.sh makes .venv with torch 2.x, transformers, timm;
# $IND_PYTHON overrides), else the system's python3.
_python = os.environ.get("IND_PYTHON") or os.path.join(config.ind_src_dir, ".venv", "bin", "python")
if not os.path.exists(_python):
    _python = "/usr/bin/python3"
config.substitutions.append(("%python", _python))
# ind-import through the same python (its #! line names the system's, which may have no torch)
config.substitutions.append(("%ind-import", _python + " " + os.path.join(config.ind_bin_dir, "ind-import")))
config.substitutions.append(("%seed_host", os.path.join(config.ind_bin_dir, "seed_host")))
config.substitutions.append(("%pysrc", os.path.join(config.ind_src_dir, "python")))
config.substitutions.append(("%ind_lib_dir", os.path.join(config.ind_bin_dir, "..", "lib")))
config.substitutions.append(("%ind_build_dir", os.path.join(config.ind_bin_dir, "..")))
config.substitutions.append(("%src", config.ind_src_dir))
# --param ind_opt_server=SOCKET: every ind-opt of the suite compiles through the compile server at SOCKET
# (`ind-opt --serve=SOCKET`; docs/tools/compile-server.md: the suite as the server's conformance check).
if lit_config.params.get("ind_opt_server"):
    config.environment["IND_OPT_SERVER"] = lit_config.params["ind_opt_server"]

# libind for the Python bindings (python/ind/core.py finds it through $IND_LIBRARY).
config.environment["IND_LIBRARY"] = os.path.join(config.ind_bin_dir, "..", "lib", "libind.so")


# Plain tool names in RUN lines resolve to ours and LLVM's.
config.environment["PATH"] = os.pathsep.join([config.ind_bin_dir, config.llvm_bin_dir,
                                              config.environment.get("PATH", os.environ.get("PATH", ""))])
if config.ind_sanitize:
    # LLVM's libraries are not built with ASan; leaks inside them are not ours to fix.
    # allocator_may_return_null: a huge allocation returns NULL (the code reports it) instead of ASan
    # aborting, as the allocator of a release build does.
    config.environment["ASAN_OPTIONS"] = "detect_leaks=1:abort_on_error=0:allocator_may_return_null=1"
    # The Python bindings cannot load an ASan-built libind into an uninstrumented python3 (the ASan
    # runtime must come first): under the sanitizers the Python front end runs the (sanitized) tools.
    config.environment["IND_LIBRARY"] = os.path.join(config.ind_bin_dir, "no-libind-under-asan.so")
    config.environment["LSAN_OPTIONS"] = "suppressions=" + os.path.join(config.ind_src_dir, "test", "lsan.supp")
    config.environment["UBSAN_OPTIONS"] = "print_stacktrace=1:halt_on_error=1"
    config.available_features.add("sanitize")

# "gpu": IND_HAVE_GPU=1 forces it on (=0 off); otherwise a GPU device node and a loadable libcuda.so.1
# (the driver the runner dlopens). The tests of test/gpu (test/lit_numerics.py) and test/runtime/runner-gpu.test
# need it.
def _have_gpu():
    env = os.environ.get("IND_HAVE_GPU")
    if env is not None:
        return env not in ("", "0")
    if not os.path.exists("/dev/nvidiactl"):
        return False
    try:
        import ctypes
        ctypes.CDLL(os.environ.get("IND_LIBCUDA", "libcuda.so.1"))
        return True
    except OSError:
        return False

if _have_gpu():
    config.available_features.add("gpu")

# The style gate (test/tools/format.test) runs where clang-format is installed.
import shutil
if shutil.which("clang-format"):
    config.available_features.add("clang-format")
# ptxas (a CUDA toolkit's, or Triton's in the venv): compiling programs ahead (test/runtime/python-cubin.test)
if shutil.which("ptxas") or os.path.isfile("/usr/local/cuda/bin/ptxas") or \
        any(os.path.isfile(p) for p in __import__("glob").glob(os.path.join(config.ind_src_dir, ".venv", "lib", "python3*",
                                                                             "site-packages", "triton", "backends",
                                                                             "nvidia", "bin", "ptxas"))):
    config.available_features.add("ptxas")

# PyTorch tests (test/torch) need %python with torch and numpy: "torch" for any torch, "torch2" for torch >= 2
# (torch.compile, AOTAutograd), "zoo" where transformers and timm import too (bench/zoo).
import subprocess
try:
    r = subprocess.run([_python, "-c", "import torch, numpy; print(torch.__version__.split('.')[0])\n"
                        "try:\n import transformers, timm, torchvision; print('zoo')\nexcept Exception: pass"],
                       capture_output=True, text=True, timeout=300)
    if r.returncode == 0:
        config.available_features.add("torch")
        lines = r.stdout.split()
        if lines and lines[0].isdigit() and int(lines[0]) >= 2:
            config.available_features.add("torch2")
        if "zoo" in lines:
            config.available_features.add("zoo")
except (OSError, subprocess.TimeoutExpired):
    pass
config.environment["IND_BIN_DIR"] = config.ind_bin_dir
config.environment["PYTHONPATH"] = os.path.join(config.ind_src_dir, "python")
