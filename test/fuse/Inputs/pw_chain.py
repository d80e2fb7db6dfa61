#!/usr/bin/env python3
"""Writes a graph program: a chain of N pointwise ops on one input (x * c, + c, tanh, - c, repeated),
N scheduler nodes when lowered op by op (--lower=op-level).

    pw_chain.py N
"""
import sys

n = int(sys.argv[1])
ops = ["mul", "add", "tanh", "sub"]
t = "tensor<16x32xf32>"
print(f"func.func @chain(%x: {t}) -> {t} {{")
print('  %c = "graph.constant"() {value = 0.5 : f64} : () -> tensor<f32>')
prev = "%x"
for i in range(n):
    op = ops[i % 4]
    if op == "tanh":
        print(f'  %v{i} = "graph.tanh"({prev}) : ({t}) -> {t}')
    else:
        print(f'  %v{i} = "graph.{op}"({prev}, %c) : ({t}, tensor<f32>) -> {t}')
    prev = f"%v{i}"
print(f"  return {prev} : {t}")
print("}")
