// embedding with a computed index (i + 1, f32) and index_select with an i32 index.
func.func @f(%w: tensor<16x8xf32>, %i: tensor<3xi64>, %x: tensor<32x20xf32>, %sel: tensor<6xi32>) -> (tensor<3x8xf32>, tensor<32x6xf32>) {
  %one = "graph.constant"() {value = 1.0 : f64} : () -> tensor<i64>
  %j = "graph.add"(%i, %one) : (tensor<3xi64>, tensor<i64>) -> tensor<3xi64>
  %r = "graph.embedding"(%w, %j) : (tensor<16x8xf32>, tensor<3xi64>) -> tensor<3x8xf32>
  %s = "graph.index_select"(%x, %sel) {dim = 1 : i64} : (tensor<32x20xf32>, tensor<6xi32>) -> tensor<32x6xf32>
  return %r, %s : tensor<3x8xf32>, tensor<32x6xf32>
}
