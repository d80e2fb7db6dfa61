"""NumPy's native_group_norm and native_layer_norm (ATen's definitions: biased variance, rstd = 1/sqrt(var + eps))
of the inputs ind-run --reference saved, against its outputs (test/interp/native-norms.test)."""
import os
import sys

import numpy as np

d = sys.argv[1]
x, w, b, lw, lb = (np.load(os.path.join(d, f"in{i}.npy")).astype(np.float64) for i in range(5))
got = [np.load(os.path.join(d, f"out{i}.npy")).astype(np.float64) for i in range(6)]
n, c, h = x.shape
g = x.reshape(n, 3, -1)
gm, gv = g.mean(-1), g.var(-1)
grs = 1 / np.sqrt(gv + 1e-5)
gout = ((g - gm[..., None]) * grs[..., None]).reshape(n, c, h) * w[None, :, None] + b[None, :, None]
lm, lv = x.mean(-1, keepdims=True), x.var(-1, keepdims=True)
lrs = 1 / np.sqrt(lv + 1e-5)
lout = (x - lm) * lrs * lw + lb
names = ["group_norm out", "group_norm mean", "group_norm rstd", "layer_norm out", "layer_norm mean",
         "layer_norm rstd"]
for name, want, have in zip(names, [gout, gm, grs, lout, lm, lrs], got):
    ok = want.shape == have.shape and np.allclose(have, want, rtol=1e-5, atol=1e-5)
    print(f"{name}: {'OK' if ok else 'WRONG'} {have.shape}")
