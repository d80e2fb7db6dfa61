// A column sum (reduction over the outer dim), from
// the col_sum case's fx_graph_readable.py (Inductor debug dump):
//   return (x * 2.0 + 1.0).sum(dim=0)
func.func @col_sum(%arg0_1: tensor<1024x1024xf32>) -> tensor<1024xf32> {
  %cst = "graph.constant"() {value = 2.0 : f64} : () -> tensor<f32>
  %mul = "graph.mul"(%arg0_1, %cst) : (tensor<1024x1024xf32>, tensor<f32>) -> tensor<1024x1024xf32>
  %cst_0 = "graph.constant"() {value = 1.0 : f64} : () -> tensor<f32>
  %add = "graph.add"(%mul, %cst_0) : (tensor<1024x1024xf32>, tensor<f32>) -> tensor<1024x1024xf32>
  %sum_1 = "graph.sum"(%add) {dims = array<i64: 0>, keepdim = false} : (tensor<1024x1024xf32>) -> tensor<1024xf32>
  return %sum_1 : tensor<1024xf32>
}
