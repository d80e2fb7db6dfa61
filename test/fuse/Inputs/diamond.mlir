// Diamonds for fuse-tvm (test/fuse/tvm.mlir): a = relu(x) feeds two branches that meet again.
//   @elementwise: b = a * 2, c = sigmoid(a), d = b + c            (every op kElemWise)
//   @injective:   b = a.t() (an injective branch), d = a + b      (kInjective fuses in phase 1)
func.func @elementwise(%x: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %a = "graph.relu"(%x) : (tensor<64x64xf32>) -> tensor<64x64xf32>
  %two = "graph.constant"() {value = 2.0 : f64} : () -> tensor<f32>
  %b = "graph.mul"(%a, %two) : (tensor<64x64xf32>, tensor<f32>) -> tensor<64x64xf32>
  %c = "graph.sigmoid"(%a) : (tensor<64x64xf32>) -> tensor<64x64xf32>
  %d = "graph.add"(%b, %c) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  return %d : tensor<64x64xf32>
}
func.func @injective(%x: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %a = "graph.relu"(%x) : (tensor<64x64xf32>) -> tensor<64x64xf32>
  %b = "graph.transpose"(%a) {dim0 = 0 : i64, dim1 = 1 : i64} : (tensor<64x64xf32>) -> tensor<64x64xf32>
  %d = "graph.add"(%a, %b) : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  return %d : tensor<64x64xf32>
}
