"""test/tools/python-libdevice.test: ind.core sets $IND_LIBDEVICE to Triton's libdevice where libind would
find none, and libind links it. argv: SOFTMAX_MLIR. The machine's fixed places
(/usr/local/cuda, ...) are emptied (ind.core._CUDA_ROOTS) so that the result does not depend on them."""
import os
import sys

import ind.core

ind.core._CUDA_ROOTS = ()
try:
    ind.core.compile(open(sys.argv[1]).read(), device="cuda")  # loads libind, then emits PTX (math: expf)
    print("compiled")
except ind.core.IndError as e:
    print("IndError: " + " | ".join(ln for ln in str(e).splitlines() if "Failed loading" in ln or "libdevice" in ln))
print("IND_LIBDEVICE=%s" % os.environ.get("IND_LIBDEVICE", "(unset)"))
print("triton imported: %s" % ("triton" in sys.modules))  # located, never imported (the fake's import raises)
