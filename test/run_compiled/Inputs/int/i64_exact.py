# Inputs and exact expected outputs of i64_exact.mlir (numpy int64 arithmetic wraps modulo 2^64, as torch's).
import sys

import numpy as np

d = sys.argv[1]
x = np.array([[2**53 + 1, 2**62 + 3, -(2**60) - 7, 9007199254740993, 3, 2**40 + 1],
              [1, 2, 3, 4, 5, 6],
              [2**63 - 1, -(2**63), 2**31 + 5, 2**32 - 1, 2**53 + 3, -1],
              [123456789012345678, 987654321098765432, 7, 2**61 + 1, -5, 11]], np.int64)
y = np.array([2**31 - 1, -(2**31), 5, -7, 1, 0], np.int32)
np.save(d + '/x.npy', x)
np.save(d + '/y.npy', y)
with np.errstate(over='ignore'):
    p = x * np.int64(1000000007)
    q = p * p
    outs = [q % 1000, x + y.astype(np.int64), np.prod(x, axis=1), x.sum(axis=0), np.cumsum(x, axis=1),
            x.max(axis=0), x.argmax(axis=1), (x.T + np.int64(1000000007)) == x.T]
for k, o in enumerate(outs):
    np.save('%s/want/out%d.npy' % (d, k), np.ascontiguousarray(o))
