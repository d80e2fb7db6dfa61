// Pointwise kernels that read with a short stride along the vector dim (a coefficient of 2..16 there, not
// a transposed read) get at most strided-vector-width (2) elements per thread (launch_geometry.c,
// launch_choose_strided_geometry; docs/passes/codegen.md "Heuristic"): such a load is scalar whatever the
// width, and a wider vector spreads each warp instruction over more cache lines. Both edges of the stride
// (16 capped, 17 not), a transposed read and a contiguous kernel left alone, the option at 0 (off) and 1.
// RUN: %ind-opt %s --split-input-file --lower --fuse --codegen | %filecheck %s --check-prefix=AUTO
// RUN: %ind-opt %s --split-input-file --lower --fuse | %ind-opt --split-input-file --codegen=strided-vector-width=0 | %filecheck %s --check-prefix=OFF
// RUN: %ind-opt %s --split-input-file --lower --fuse | %ind-opt --split-input-file --codegen=strided-vector-width=1 | %filecheck %s --check-prefix=ONE

/// x.sum(2) over a last dim of 3 (unrolled: out[i, j] = x[3 * (1000 i + j) + k]): stride 3.
// AUTO: block = 256 : i64, kind = "pointwise"{{.*}}vector_width = 2 : i64, xblock = 512 : i64
// OFF: block = 256 : i64, kind = "pointwise"{{.*}}vector_width = 4 : i64, xblock = 1024 : i64
// ONE: block = 256 : i64, kind = "pointwise"{{.*}}vector_width = 1 : i64, xblock = 256 : i64
func.func @sum3(%x: tensor<64x1000x3xf32>) -> tensor<64x1000xf32> {
  %s = "graph.sum"(%x) {dims = array<i64: 2>, keepdim = false} : (tensor<64x1000x3xf32>) -> tensor<64x1000xf32>
  return %s : tensor<64x1000xf32>
}

// -----
/// x.sum(1) over a last dim of 2: stride 2, the lower edge.
// AUTO: kind = "pointwise"{{.*}}vector_width = 2 : i64
// OFF: kind = "pointwise"{{.*}}vector_width = 4 : i64
func.func @sum2(%x: tensor<1000x2xf32>) -> tensor<1000xf32> {
  %s = "graph.sum"(%x) {dims = array<i64: 1>, keepdim = false} : (tensor<1000x2xf32>) -> tensor<1000xf32>
  return %s : tensor<1000xf32>
}

// -----
/// every 16th column: stride 16, capped; the block is chosen again for the new width (numel 136: 64
/// threads x 4 cover it, 128 x 2 and 256 x 1 are the halvings that still do).
// AUTO: block = 128 : i64, kind = "pointwise"{{.*}}vector_width = 2 : i64, xblock = 256 : i64
// OFF: block = 64 : i64, kind = "pointwise"{{.*}}vector_width = 4 : i64, xblock = 256 : i64
// ONE: block = 256 : i64, kind = "pointwise"{{.*}}vector_width = 1 : i64, xblock = 256 : i64
func.func @step16(%x: tensor<2x1088xf32>) -> tensor<2x68xf32> {
  %s = "graph.slice"(%x) {dim = 1 : i64, start = 0 : i64, end = 1088 : i64, step = 16 : i64} : (tensor<2x1088xf32>) -> tensor<2x68xf32>
  %e = "graph.exp"(%s) : (tensor<2x68xf32>) -> tensor<2x68xf32>
  return %e : tensor<2x68xf32>
}

// -----
/// every 17th column: stride 17, left at 4.
// AUTO: kind = "pointwise"{{.*}}vector_width = 4 : i64
// ONE: kind = "pointwise"{{.*}}vector_width = 4 : i64
func.func @step17(%x: tensor<64x1088xf32>) -> tensor<64x64xf32> {
  %s = "graph.slice"(%x) {dim = 1 : i64, start = 0 : i64, end = 1088 : i64, step = 17 : i64} : (tensor<64x1088xf32>) -> tensor<64x64xf32>
  %e = "graph.exp"(%s) : (tensor<64x64xf32>) -> tensor<64x64xf32>
  return %e : tensor<64x64xf32>
}

// -----
/// x + x^T over 16 x 16: the transposed read has stride 16 along the vector dim, but it is the tiled
/// form's case, so the width stays.
// AUTO: kind = "pointwise"{{.*}}vector_width = 4 : i64
// ONE: kind = "pointwise"{{.*}}vector_width = 4 : i64
func.func @transposed(%x: tensor<16x16xf32>) -> tensor<16x16xf32> {
  %t = "graph.permute"(%x) {dims = array<i64: 1, 0>} : (tensor<16x16xf32>) -> tensor<16x16xf32>
  %s = "graph.add"(%x, %t) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
  return %s : tensor<16x16xf32>
}

// -----
/// a contiguous read: untouched.
// AUTO: kind = "pointwise"{{.*}}vector_width = 4 : i64
// ONE: kind = "pointwise"{{.*}}vector_width = 4 : i64
func.func @contiguous(%x: tensor<64x1000xf32>) -> tensor<64x1000xf32> {
  %e = "graph.exp"(%x) : (tensor<64x1000xf32>) -> tensor<64x1000xf32>
  return %e : tensor<64x1000xf32>
}
