"""Writes a graph program whose every step realizes a reduction: x_{i+1} = x_i + sum(x_i) over [4],
argv[1] steps, so that --fuse=none makes about two kernels per step (test/regress/many_kernels.test)."""
import sys

n = int(sys.argv[1])
t, s = "tensor<4xf32>", "tensor<1xf32>"
print("func.func @f(%x0: " + t + ") -> " + t + " {")
for i in range(n):
    print('  %%s%d = "graph.sum"(%%x%d) {dims = array<i64: 0>, keepdim = true} : (%s) -> %s' % (i, i, t, s))
    print('  %%x%d = "graph.add"(%%x%d, %%s%d) : (%s, %s) -> %s' % (i + 1, i, i, t, s, t))
print("  return %%x%d : %s" % (n, t))
print("}")
