// mm with a single-element constant operand (a 1x1 splat, accepted as a scalar by the lowering):
// convert-graph-to-ind passed a null value to ind.extern (SIGSEGV). The constant is now realized
// into a buffer first. Shared repro mm_const_operand (random generator, seed 101142).
// RUN: %ind-opt %s --lower | %filecheck %s
// RUN: %ind-run %s | %filecheck %s --check-prefix=DRIVER
// CHECK: %[[C:.*]] = "ind.pointwise"()
// CHECK: arith.constant
// CHECK: ranges = array<i64>} : () -> memref<1x1xf32>
// CHECK: "ind.extern"(%[[C]], %arg0)
// DRIVER: check out0: 1x2xf32 {{.*}} PASS
func.func @f(%arg0_1: tensor<1x2xf32>) -> tensor<1x2xf32> {
  %c = "graph.constant"() {value = 0.5 : f64} : () -> tensor<1x1xf32>
  %0 = "graph.mm"(%c, %arg0_1) : (tensor<1x1xf32>, tensor<1x2xf32>) -> tensor<1x2xf32>
  return %0 : tensor<1x2xf32>
}
