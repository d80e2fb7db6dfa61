// An mm with a long inner dimension (K = 4096) on the CPU JIT passes ind-run's default tolerance
// (atol 1e-5 + rtol 1e-4 * |ref|) against the float64 reference: the extern matmul accumulates in f64
// and rounds once. An f32 running sum over k drifted by ~sqrt(K) roundings: elements near zero after
// cancellation were off by ~1e-4 (examples/mm_epilogue failed the default check at K = 1024).
// RUN: %ind-run %s | %filecheck %s
// CHECK: check out0: 16x16xf32 {{.*}} PASS
func.func @long_k(%a: tensor<16x4096xf32>, %b: tensor<4096x16xf32>) -> tensor<16x16xf32> {
  %mm = "graph.mm"(%a, %b) : (tensor<16x4096xf32>, tensor<4096x16xf32>) -> tensor<16x16xf32>
  return %mm : tensor<16x16xf32>
}
