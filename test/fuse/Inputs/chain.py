#!/usr/bin/env python3
# chain.py N: an ind program of N pointwise nodes in a chain (buf{i} reads buf{i-1}), one output
import sys
n = int(sys.argv[1])
print("func.func @chain(%arg0_1: memref<1024xf32>) -> memref<1024xf32> {")
src = "%arg0_1"
for i in range(n):
    print('  %%buf%d = "ind.pointwise"() ({' % i)
    print('    %%0 = "ind.load"(%s) {index = affine_map<(d0) -> (d0)>} : (memref<1024xf32>) -> f32' % src)
    print('    %1 = "math.exp"(%0) : (f32) -> f32')
    print('    "gpu.yield"(%1) : (f32) -> ()')
    print('  }) {name = "buf%d", ranges = array<i64: 1024>} : () -> memref<1024xf32>' % i)
    src = "%%buf%d" % i
print('  "func.return"(%s) : (memref<1024xf32>) -> ()' % src)
print("}")
