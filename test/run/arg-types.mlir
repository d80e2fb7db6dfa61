// ind-run checks the argument types with the compiler's own rules before it makes random inputs or reads
// --input files: the error is ind-opt's (graph-infer-shapes'), located at the graph op using the argument.
// Before, every case said "1:1: error: ... unsupported type for random inputs", listing f64 as allowed.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %not %ind-run --reference %s --func i8 2>&1 | %filecheck %s --check-prefix=I8
// RUN: %not %ind-run %s --func i8 2>&1 | %filecheck %s --check-prefix=I8
// I8: arg-types.mlir:[[@LINE+16]]:8: error: unsupported dtype i8 (graph tensors are f32, f16, bf16, i1, i32 or i64)
// RUN: %not %ind-run --reference %s --func rank9 2>&1 | %filecheck %s --check-prefix=RANK9
// RANK9: arg-types.mlir:[[@LINE+19]]:8: error: operand #0 has rank 9, more than the supported 8
// RUN: %not %ind-run --reference %s --func dynamic 2>&1 | %filecheck %s --check-prefix=DYN
// DYN: arg-types.mlir:[[@LINE+22]]:8: error: operand #0 must be a tensor with a static shape, got tensor<?x4xf32>
/// --input files too: the argument's type is checked before any file is read.
// RUN: %python -c "import numpy as np; np.save('%t/x.npy', np.zeros((3, 4), np.int32))"
// RUN: %not %ind-run --reference %s --func i8 --input %t/x.npy 2>&1 | %filecheck %s --check-prefix=I8
/// An argument no graph op uses (a memref at the ind level) is reported at the argument, with the reason.
// RUN: %not %ind-run --reference %s --func memref_i8 2>&1 | %filecheck %s --check-prefix=MEMREF
// MEMREF: arg-types.mlir:[[@LINE+20]]:22: error: interpreter: argument 0 has type memref<4xi8>: unsupported element type
// I8-NOT: 1:1:
// RANK9-NOT: 1:1:
// DYN-NOT: 1:1:

func.func @i8(%a: tensor<3x4xi8>) -> tensor<3x4xi8> {
  %r = "graph.relu"(%a) : (tensor<3x4xi8>) -> tensor<3x4xi8>
  return %r : tensor<3x4xi8>
}

func.func @rank9(%a: tensor<1x2x1x2x1x2x1x2x1xf32>) -> tensor<1x2x1x2x1x2x1x2x1xf32> {
  %r = "graph.exp"(%a) : (tensor<1x2x1x2x1x2x1x2x1xf32>) -> tensor<1x2x1x2x1x2x1x2x1xf32>
  return %r : tensor<1x2x1x2x1x2x1x2x1xf32>
}

func.func @dynamic(%a: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %r = "graph.exp"(%a) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  return %r : tensor<?x4xf32>
}

func.func @memref_i8(%a: memref<4xi8>) -> memref<4xi8> {
  return %a : memref<4xi8>
}
