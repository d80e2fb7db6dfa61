// Round trip of the ops of issue 11 (sources, more pointwise ops, index reductions, index remaps):
// parse, print (generic form), parse again; operands, attributes and types survive unchanged.
// RUN: %ind-opt %s | %ind-opt | %filecheck %s

// CHECK-LABEL: sym_name = "sources"
// CHECK: "graph.full"() {shape = array<i64: 2, 3>, value = 2.500000e+00 : f64} : () -> tensor<2x3xf32>
// CHECK: "graph.zeros"() {shape = array<i64: 3>} : () -> tensor<3xf16>
// CHECK: "graph.ones"() {shape = array<i64>} : () -> tensor<i32>
// CHECK: "graph.full_like"(%{{.*}}) {value = -1.000000e+00 : f64} : (tensor<2x3xf32>) -> tensor<2x3xi64>
// CHECK: "graph.iota"() {length = 5 : i64, start = 2 : i64, step = 3 : i64} : () -> tensor<5xi64>
// CHECK: "graph.arange"() {end = 1.000000e+00 : f64, start = 0.000000e+00 : f64, step = 2.500000e-01 : f64} : () -> tensor<4xf32>
func.func @sources(%x: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<3xf16>, tensor<i32>, tensor<2x3xi64>, tensor<5xi64>, tensor<4xf32>) {
  %a = "graph.full"() {value = 2.5 : f64, shape = array<i64: 2, 3>} : () -> tensor<2x3xf32>
  %b = "graph.zeros"() {shape = array<i64: 3>} : () -> tensor<3xf16>
  %c = "graph.ones"() {shape = array<i64>} : () -> tensor<i32>
  %d = "graph.full_like"(%x) {value = -1.0 : f64} : (tensor<2x3xf32>) -> tensor<2x3xi64>
  %e = "graph.iota"() {length = 5 : i64, start = 2 : i64, step = 3 : i64} : () -> tensor<5xi64>
  %f = "graph.arange"() {start = 0.0 : f64, end = 1.0 : f64, step = 0.25 : f64} : () -> tensor<4xf32>
  return %a, %b, %c, %d, %e, %f : tensor<2x3xf32>, tensor<3xf16>, tensor<i32>, tensor<2x3xi64>, tensor<5xi64>, tensor<4xf32>
}

// CHECK-LABEL: sym_name = "pointwise"
// CHECK: "graph.silu"
// CHECK: "graph.sin"
// CHECK: "graph.cos"
// CHECK: "graph.floor"
// CHECK: "graph.ceil"
// CHECK: "graph.round"
// CHECK: "graph.trunc"
// CHECK: "graph.sign"
// CHECK: "graph.isnan"(%{{.*}}) : (tensor<2x3xf32>) -> tensor<2x3xi1>
// CHECK: "graph.isinf"
// CHECK: "graph.logical_not"
// CHECK: "graph.clamp"(%{{.*}}) {max = 1.000000e+00 : f64, min = -1.000000e+00 : f64}
// CHECK: "graph.clamp_min"(%{{.*}}) {min = 0.000000e+00 : f64}
// CHECK: "graph.clamp_max"(%{{.*}}) {max = 6.000000e+00 : f64}
// CHECK: "graph.remainder"
// CHECK: "graph.fmod"
// CHECK: "graph.logical_and"
// CHECK: "graph.logical_or"
// CHECK: "graph.masked_fill"(%{{.*}}, %{{.*}}) {value = -3.000000e+00 : f64} : (tensor<2x3xf32>, tensor<2x3xi1>) -> tensor<2x3xf32>
// CHECK: "graph.bitwise_and"
// CHECK: "graph.bitwise_or"
// CHECK: "graph.bitwise_xor"
// CHECK: "graph.bitwise_not"(%{{.*}}) : (tensor<3xi32>) -> tensor<3xi32>
func.func @pointwise(%x: tensor<2x3xf32>, %y: tensor<3xf32>, %i: tensor<3xi32>) -> tensor<3xi32> {
  %0 = "graph.silu"(%x) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = "graph.sin"(%0) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = "graph.cos"(%1) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %3 = "graph.floor"(%2) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %4 = "graph.ceil"(%3) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %5 = "graph.round"(%4) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %6 = "graph.trunc"(%5) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %7 = "graph.sign"(%6) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %8 = "graph.isnan"(%7) : (tensor<2x3xf32>) -> tensor<2x3xi1>
  %9 = "graph.isinf"(%7) : (tensor<2x3xf32>) -> tensor<2x3xi1>
  %10 = "graph.logical_not"(%8) : (tensor<2x3xi1>) -> tensor<2x3xi1>
  %11 = "graph.clamp"(%x) {min = -1.0 : f64, max = 1.0 : f64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %12 = "graph.clamp_min"(%11) {min = 0.0 : f64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %13 = "graph.clamp_max"(%12) {max = 6.0 : f64} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %14 = "graph.remainder"(%13, %y) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %15 = "graph.fmod"(%14, %y) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %16 = "graph.logical_and"(%10, %9) : (tensor<2x3xi1>, tensor<2x3xi1>) -> tensor<2x3xi1>
  %17 = "graph.logical_or"(%16, %15) : (tensor<2x3xi1>, tensor<2x3xf32>) -> tensor<2x3xi1>
  %18 = "graph.masked_fill"(%15, %17) {value = -3.0 : f64} : (tensor<2x3xf32>, tensor<2x3xi1>) -> tensor<2x3xf32>
  %19 = "graph.bitwise_and"(%i, %i) : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
  %20 = "graph.bitwise_or"(%19, %i) : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
  %21 = "graph.bitwise_xor"(%20, %i) : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
  %22 = "graph.bitwise_not"(%21) : (tensor<3xi32>) -> tensor<3xi32>
  return %22 : tensor<3xi32>
}

// CHECK-LABEL: sym_name = "reductions_and_remaps"
// CHECK: "graph.argmax"(%{{.*}}) {dims = array<i64: 1>, keepdim = false} : (tensor<2x3xf32>) -> tensor<2xi64>
// CHECK: "graph.argmin"(%{{.*}}) {dims = array<i64: 0>, keepdim = true} : (tensor<2x3xf32>) -> tensor<1x3xi64>
// CHECK: "graph.any"(%{{.*}}) {dims = array<i64>, keepdim = false} : (tensor<2x3xf32>) -> tensor<i1>
// CHECK: "graph.all"
// CHECK: "graph.select"(%{{.*}}) {dim = 1 : i64, index = -1 : i64} : (tensor<2x3xf32>) -> tensor<2xf32>
// CHECK: "graph.flip"(%{{.*}}) {dims = array<i64: 0>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK: "graph.constant_pad_nd"(%{{.*}}) {pad = array<i64: 1, 1>, value = 0.000000e+00 : f64} : (tensor<2x3xf32>) -> tensor<2x5xf32>
// CHECK: "graph.repeat"(%{{.*}}) {repeats = array<i64: 2, 1, 2>} : (tensor<2x3xf32>) -> tensor<2x2x6xf32>
func.func @reductions_and_remaps(%x: tensor<2x3xf32>) -> (tensor<2xi64>, tensor<1x3xi64>, tensor<i1>, tensor<2xi1>, tensor<2xf32>, tensor<2x3xf32>, tensor<2x5xf32>, tensor<2x2x6xf32>) {
  %0 = "graph.argmax"(%x) {dims = array<i64: 1>, keepdim = false} : (tensor<2x3xf32>) -> tensor<2xi64>
  %1 = "graph.argmin"(%x) {dims = array<i64: 0>, keepdim = true} : (tensor<2x3xf32>) -> tensor<1x3xi64>
  %2 = "graph.any"(%x) {dims = array<i64>, keepdim = false} : (tensor<2x3xf32>) -> tensor<i1>
  %3 = "graph.all"(%x) {dims = array<i64: 1>, keepdim = false} : (tensor<2x3xf32>) -> tensor<2xi1>
  %4 = "graph.select"(%x) {dim = 1 : i64, index = -1 : i64} : (tensor<2x3xf32>) -> tensor<2xf32>
  %5 = "graph.flip"(%x) {dims = array<i64: 0>} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %6 = "graph.constant_pad_nd"(%x) {pad = array<i64: 1, 1>, value = 0.0 : f64} : (tensor<2x3xf32>) -> tensor<2x5xf32>
  %7 = "graph.repeat"(%x) {repeats = array<i64: 2, 1, 2>} : (tensor<2x3xf32>) -> tensor<2x2x6xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<2xi64>, tensor<1x3xi64>, tensor<i1>, tensor<2xi1>, tensor<2xf32>, tensor<2x3xf32>, tensor<2x5xf32>, tensor<2x2x6xf32>
}

// CHECK-LABEL: sym_name = "composites"
// CHECK: "graph.aten_softmax"(%{{.*}}) {dim = 1 : i64, half_to_float = false} : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK: "graph.scaled_dot_product_attention"(%{{.*}}, %{{.*}}, %{{.*}}) {is_causal = true, scale = 5.000000e-01 : f64} : (tensor<2x3xf32>, tensor<4x3xf32>, tensor<4x5xf32>) -> tensor<2x5xf32>
func.func @composites(%x: tensor<2x3xf32>, %k: tensor<4x3xf32>, %v: tensor<4x5xf32>) -> (tensor<2x3xf32>, tensor<2x5xf32>) {
  %0 = "graph.aten_softmax"(%x) {dim = 1 : i64, half_to_float = false} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %1 = "graph.scaled_dot_product_attention"(%x, %k, %v) {is_causal = true, scale = 0.5 : f64} : (tensor<2x3xf32>, tensor<4x3xf32>, tensor<4x5xf32>) -> tensor<2x5xf32>
  return %0, %1 : tensor<2x3xf32>, tensor<2x5xf32>
}

// CHECK-LABEL: sym_name = "two_results"
// CHECK: %[[M:.*]]:2 = "graph.max_dim"(%{{.*}}) {dim = 1 : i64, keepdim = false} : (tensor<2x3xf32>) -> (tensor<2xf32>, tensor<2xi64>)
// CHECK: "graph.min_dim"(%{{.*}}) {dim = 0 : i64, keepdim = true} : (tensor<2x3xf32>) -> (tensor<1x3xf32>, tensor<1x3xi64>)
func.func @two_results(%x: tensor<2x3xf32>) -> (tensor<2xf32>, tensor<2xi64>, tensor<1x3xi64>) {
  %m:2 = "graph.max_dim"(%x) {dim = 1 : i64, keepdim = false} : (tensor<2x3xf32>) -> (tensor<2xf32>, tensor<2xi64>)
  %n:2 = "graph.min_dim"(%x) {dim = 0 : i64, keepdim = true} : (tensor<2x3xf32>) -> (tensor<1x3xf32>, tensor<1x3xi64>)
  return %m#0, %m#1, %n#1 : tensor<2xf32>, tensor<2xi64>, tensor<1x3xi64>
}
