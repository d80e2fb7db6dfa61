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
config.substitutions.append(("%unit", os.path.join(config.ind_bin_dir, "unit")))
config.substitutions.append(("%ind-build", os.path.dirname(config.ind_bin_dir)))
config.substitutions.append(("%llvm-include", os.path.join(os.path.dirname(config.llvm_bin_dir), "include")))
config.substitutions.append(("%examples", os.path.join(config.ind_src_dir, "examples")))
config.substitutions.append(("%python", "/usr/bin/python3"))

# Plain tool names in RUN lines resolve to ours and LLVM's.
config.environment["PATH"] = os.pathsep.join([config.ind_bin_dir, config.llvm_bin_dir,
                                              config.environment.get("PATH", os.environ.get("PATH", ""))])
if config.ind_sanitize:
    # LLVM's libraries are not built with ASan; leaks inside them are not ours to fix.
    config.environment["ASAN_OPTIONS"] = "detect_leaks=1:abort_on_error=0"
    config.environment["LSAN_OPTIONS"] = "suppressions=" + os.path.join(config.ind_src_dir, "test", "lsan.supp")
    config.environment["UBSAN_OPTIONS"] = "print_stacktrace=1:halt_on_error=1"
    config.available_features.add("sanitize")

if os.path.exists("/dev/nvidiactl") or os.environ.get("IND_HAVE_GPU"):
    config.available_features.add("gpu")

# The style gate (test/tools/format.test) runs where clang-format is installed.
import shutil
if shutil.which("clang-format"):
    config.available_features.add("clang-format")
