"""Writes a program whose relu carries an attribute nested K arrays deep (bracket depth K + 2:
the function body's { and the attribute dictionary's {). Usage: nested_attr.py K"""
import sys

k = int(sys.argv[1])
print("func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {")
print('  %0 = "graph.relu"(%a) {note = ' + "[" * k + "]" * k + "} : (tensor<4xf32>) -> tensor<4xf32>")
print("  return %0 : tensor<4xf32>")
print("}")
