#!/usr/bin/env python3
"""Writes a graph program with one graph.cat of N inputs (tests of cats past the old 16-operand edge).

    cat_many.py split N    torch.cat([p * (i + 1) for i, p in enumerate(x.split(1, 1))], 1): N views of
                           one input, inlined into one pointwise body
    cat_many.py sums N     torch.cat([x[:, i].sum(-1) for i in range(N)], 1): N realized reductions, so
                           the cat's kernel reads N input buffers
"""
import sys

mode, n = sys.argv[1], int(sys.argv[2])
if mode == "split":
    print(f"func.func @cat_split(%x: tensor<8x{n}xf32>) -> tensor<8x{n}xf32> {{")
    pieces = ", ".join(f"%p{i}" for i in range(n))
    types = ", ".join(["tensor<8x1xf32>"] * n)
    print(f'  {pieces} = "graph.split"(%x) {{dim = 1 : i64, split_size = 1 : i64}} : (tensor<8x{n}xf32>) -> ({types})')
    for i in range(n):
        print(f'  %k{i} = "graph.constant"() {{value = {i + 1}.0 : f64}} : () -> tensor<f32>')
        print(f'  %q{i} = "graph.mul"(%p{i}, %k{i}) : (tensor<8x1xf32>, tensor<f32>) -> tensor<8x1xf32>')
    names = ", ".join(f"%q{i}" for i in range(n))
else:
    print(f"func.func @cat_sums(%x: tensor<8x{n}x16xf32>) -> tensor<8x{n}xf32> {{")
    for i in range(n):
        print(f'  %s{i} = "graph.slice"(%x) {{dim = 1 : i64, start = {i} : i64, end = {i + 1} : i64, step = 1 : i64}}'
              f" : (tensor<8x{n}x16xf32>) -> tensor<8x1x16xf32>")
        print(f'  %q{i} = "graph.sum"(%s{i}) {{dims = array<i64: 2>, keepdim = false}}'
              " : (tensor<8x1x16xf32>) -> tensor<8x1xf32>")
    names = ", ".join(f"%q{i}" for i in range(n))
    types = ", ".join(["tensor<8x1xf32>"] * n)
print(f'  %c = "graph.cat"({names}) {{dim = 1 : i64}} : ({types}) -> tensor<8x{n}xf32>')
print(f"  return %c : tensor<8x{n}xf32>")
print("}")
