// The mm / bmm inputs of test/lower/extern_views.mlir as one program per function, for
// test/run_compiled/extern_views.test: reshapes and transposes read through their storage, and the
// views that keep their copies.
func.func @reshape_computed(%x: tensor<2x4x16xf32>, %w: tensor<16x5xf32>) -> (tensor<8x5xf32>, tensor<8x16xf32>) {
  %r = "graph.relu"(%x) : (tensor<2x4x16xf32>) -> tensor<2x4x16xf32>
  %v = "graph.reshape"(%r) {shape = array<i64: 8, 16>} : (tensor<2x4x16xf32>) -> tensor<8x16xf32>
  %mm = "graph.mm"(%v, %w) : (tensor<8x16xf32>, tensor<16x5xf32>) -> tensor<8x5xf32>
  %n = "graph.neg"(%v) : (tensor<8x16xf32>) -> tensor<8x16xf32>
  return %mm, %n : tensor<8x5xf32>, tensor<8x16xf32>
}

// -----

func.func @bmm_reshape(%q: tensor<2x3x4x8xf32>, %k: tensor<6x8x4xf32>) -> tensor<6x4x4xf32> {
  %v = "graph.reshape"(%q) {shape = array<i64: 6, 4, 8>} : (tensor<2x3x4x8xf32>) -> tensor<6x4x8xf32>
  %b = "graph.bmm"(%v, %k) : (tensor<6x4x8xf32>, tensor<6x8x4xf32>) -> tensor<6x4x4xf32>
  return %b : tensor<6x4x4xf32>
}

// -----

func.func @transpose_lhs(%x: tensor<8x16xf32>, %g: tensor<8x5xf32>) -> tensor<16x5xf32> {
  %t = "graph.permute"(%x) {dims = array<i64: 1, 0>} : (tensor<8x16xf32>) -> tensor<16x8xf32>
  %mm = "graph.mm"(%t, %g) : (tensor<16x8xf32>, tensor<8x5xf32>) -> tensor<16x5xf32>
  return %mm : tensor<16x5xf32>
}

// -----

func.func @transpose_rhs(%g: tensor<8x16xf32>, %w: tensor<5x16xf32>) -> tensor<8x5xf32> {
  %t = "graph.transpose"(%w) {dim0 = 0 : i64, dim1 = 1 : i64} : (tensor<5x16xf32>) -> tensor<16x5xf32>
  %mm = "graph.mm"(%g, %t) : (tensor<8x16xf32>, tensor<16x5xf32>) -> tensor<8x5xf32>
  return %mm : tensor<8x5xf32>
}

// -----

func.func @transpose_both_reshaped(%x: tensor<2x4x16xf32>, %g: tensor<5x8xf32>) -> tensor<16x5xf32> {
  %v = "graph.reshape"(%x) {shape = array<i64: 8, 16>} : (tensor<2x4x16xf32>) -> tensor<8x16xf32>
  %t = "graph.permute"(%v) {dims = array<i64: 1, 0>} : (tensor<8x16xf32>) -> tensor<16x8xf32>
  %gt = "graph.permute"(%g) {dims = array<i64: 1, 0>} : (tensor<5x8xf32>) -> tensor<8x5xf32>
  %mm = "graph.mm"(%t, %gt) : (tensor<16x8xf32>, tensor<8x5xf32>) -> tensor<16x5xf32>
  return %mm : tensor<16x5xf32>
}

// -----

func.func @bmm_transposed(%a: tensor<3x8x4xf32>, %b: tensor<3x6x8xf32>) -> tensor<3x4x6xf32> {
  %at = "graph.permute"(%a) {dims = array<i64: 0, 2, 1>} : (tensor<3x8x4xf32>) -> tensor<3x4x8xf32>
  %bt = "graph.transpose"(%b) {dim0 = 1 : i64, dim1 = 2 : i64} : (tensor<3x6x8xf32>) -> tensor<3x8x6xf32>
  %c = "graph.bmm"(%at, %bt) : (tensor<3x4x8xf32>, tensor<3x8x6xf32>) -> tensor<3x4x6xf32>
  return %c : tensor<3x4x6xf32>
}

// -----

func.func @bmm_transposed_reshaped(%a: tensor<2x3x8x4xf32>, %b: tensor<3x4x6xf32>) -> tensor<3x8x6xf32> {
  %v = "graph.reshape"(%a) {shape = array<i64: 6, 8, 4>} : (tensor<2x3x8x4xf32>) -> tensor<6x8x4xf32>
  %s = "graph.slice"(%v) {dim = 0 : i64, start = 0 : i64, end = 3 : i64, step = 1 : i64} : (tensor<6x8x4xf32>) -> tensor<3x8x4xf32>
  %bt = "graph.permute"(%b) {dims = array<i64: 0, 2, 1>} : (tensor<3x4x6xf32>) -> tensor<3x6x4xf32>
  %btt = "graph.permute"(%bt) {dims = array<i64: 0, 2, 1>} : (tensor<3x6x4xf32>) -> tensor<3x4x6xf32>
  %c = "graph.bmm"(%s, %btt) : (tensor<3x8x4xf32>, tensor<3x4x6xf32>) -> tensor<3x8x6xf32>
  return %c : tensor<3x8x6xf32>
}

// -----

func.func @transpose_computed(%g: tensor<8x16xf32>, %w: tensor<5x16xf32>) -> tensor<8x5xf32> {
  %r = "graph.relu"(%w) : (tensor<5x16xf32>) -> tensor<5x16xf32>
  %t = "graph.permute"(%r) {dims = array<i64: 1, 0>} : (tensor<5x16xf32>) -> tensor<16x5xf32>
  %mm = "graph.mm"(%g, %t) : (tensor<8x16xf32>, tensor<16x5xf32>) -> tensor<8x5xf32>
  return %mm : tensor<8x5xf32>
}

// -----

func.func @bmm_batch_permute(%a: tensor<4x3x8xf32>, %b: tensor<3x8x2xf32>) -> tensor<3x4x2xf32> {
  %p = "graph.permute"(%a) {dims = array<i64: 1, 0, 2>} : (tensor<4x3x8xf32>) -> tensor<3x4x8xf32>
  %c = "graph.bmm"(%p, %b) : (tensor<3x4x8xf32>, tensor<3x8x2xf32>) -> tensor<3x4x2xf32>
  return %c : tensor<3x4x2xf32>
}

// -----

func.func @bmm_expand(%a: tensor<1x4x8xf32>, %b: tensor<3x8x2xf32>) -> tensor<3x4x2xf32> {
  %e = "graph.expand"(%a) {shape = array<i64: 3, 4, 8>} : (tensor<1x4x8xf32>) -> tensor<3x4x8xf32>
  %c = "graph.bmm"(%e, %b) : (tensor<3x4x8xf32>, tensor<3x8x2xf32>) -> tensor<3x4x2xf32>
  return %c : tensor<3x4x2xf32>
}

// -----

func.func @sliced(%x: tensor<16x16xf32>, %w: tensor<16x5xf32>, %g: tensor<5x16xf32>) -> (tensor<8x5xf32>, tensor<5x8xf32>) {
  %s = "graph.slice"(%x) {dim = 0 : i64, start = 4 : i64, end = 12 : i64, step = 1 : i64} : (tensor<16x16xf32>) -> tensor<8x16xf32>
  %mm = "graph.mm"(%s, %w) : (tensor<8x16xf32>, tensor<16x5xf32>) -> tensor<8x5xf32>
  %t = "graph.permute"(%s) {dims = array<i64: 1, 0>} : (tensor<8x16xf32>) -> tensor<16x8xf32>
  %mm2 = "graph.mm"(%g, %t) : (tensor<5x16xf32>, tensor<16x8xf32>) -> tensor<5x8xf32>
  return %mm, %mm2 : tensor<8x5xf32>, tensor<5x8xf32>
}

// -----

func.func @transpose_bf16(%x: tensor<8x16xbf16>, %g: tensor<8x5xbf16>) -> tensor<16x5xbf16> {
  %t = "graph.permute"(%x) {dims = array<i64: 1, 0>} : (tensor<8x16xbf16>) -> tensor<16x8xbf16>
  %mm = "graph.mm"(%t, %g) : (tensor<16x8xbf16>, tensor<8x5xbf16>) -> tensor<16x5xbf16>
  return %mm : tensor<16x5xbf16>
}

// -----

func.func @convert_of_transpose(%y: tensor<2x4x8xf32>, %v: tensor<2x4x3xbf16>) -> tensor<2x8x3xbf16> {
  %t = "graph.transpose"(%y) {dim0 = 1 : i64, dim1 = 2 : i64} : (tensor<2x4x8xf32>) -> tensor<2x8x4xf32>
  %c = "graph.convert"(%t) : (tensor<2x8x4xf32>) -> tensor<2x8x4xbf16>
  %b = "graph.bmm"(%c, %v) : (tensor<2x8x4xbf16>, tensor<2x4x3xbf16>) -> tensor<2x8x3xbf16>
  return %b : tensor<2x8x3xbf16>
}

// -----

// math attention's scores: q @ (k.float().transpose(-2, -1) * scale) viewed [B*H, D, S]
func.func @scaled_key_transpose(%q: tensor<6x5x4xf32>, %k: tensor<2x3x8x4xbf16>) -> tensor<6x5x8xf32> {
  %c = "graph.convert"(%k) : (tensor<2x3x8x4xbf16>) -> tensor<2x3x8x4xf32>
  %t = "graph.transpose"(%c) {dim0 = 2 : i64, dim1 = 3 : i64} : (tensor<2x3x8x4xf32>) -> tensor<2x3x4x8xf32>
  %s = "graph.constant"() {value = 0.125 : f64} : () -> tensor<f32>
  %m = "graph.mul"(%t, %s) : (tensor<2x3x4x8xf32>, tensor<f32>) -> tensor<2x3x4x8xf32>
  %r = "graph.reshape"(%m) {shape = array<i64: 6, 4, 8>} : (tensor<2x3x4x8xf32>) -> tensor<6x4x8xf32>
  %b = "graph.bmm"(%q, %r) : (tensor<6x5x4xf32>, tensor<6x4x8xf32>) -> tensor<6x5x8xf32>
  return %b : tensor<6x5x8xf32>
}
