// A running mean along each row (a scan), as AOTAutograd hands it to Inductor for
//   x.cumsum(dim=1) / torch.arange(1, 129)                                   (x: [n, 128])
// cumsum is one ind.scan (Inductor's ir.Scan: O(128) per row, docs/passes/lower.md); the division by the
// arange reads the scan at the position it writes and is fused into its kernel. (The masked-sum
// decomposition of before is graph-decompose{cumsum-scan=false}.)
func.func @running_mean(%arg0_1: tensor<1024x128xf32>) -> tensor<1024x128xf32> {
  %cumsum = "graph.cumsum"(%arg0_1) {dim = 1 : i64} : (tensor<1024x128xf32>) -> tensor<1024x128xf32>
  %arange = "graph.arange"() {start = 1.0 : f64, end = 129.0 : f64, step = 1.0 : f64} : () -> tensor<128xf32>
  %div = "graph.div"(%cumsum, %arange) : (tensor<1024x128xf32>, tensor<128xf32>) -> tensor<1024x128xf32>
  return %div : tensor<1024x128xf32>
}
