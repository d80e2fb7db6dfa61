// What the variance pattern (M = mean(X, D, keepdim); c = X - M; sum or mean of c * c over D, the last
// tagged var_m2 by graph-decompose) must not match when a var_m2-tagged reduction is written by hand: each
// function breaks one condition, over one row of 7 so that both try_welford (the m2 becomes welford_m2
// of X) and welford_row_mean (the mean is realized instead of unrolled) would act on a wrong match. Left
// alone, every reduction here is below the unroll threshold and unrolled: no ind.reduction at all.
// RUN: %ind-opt %s --lower | %filecheck %s

// a tagged reduction of no product at all
// CHECK-LABEL: sym_name = "not_a_product"
// CHECK-NOT: "ind.reduction"
func.func @not_a_product(%x: tensor<1x7xf32>) -> tensor<1xf32> {
  %s = "graph.sum"(%x) {dims = array<i64: 1>, keepdim = false, var_m2} : (tensor<1x7xf32>) -> tensor<1xf32>
  return %s : tensor<1xf32>
}

// c = x - y, y no mean
// CHECK-LABEL: sym_name = "not_a_mean"
// CHECK-NOT: "ind.reduction"
func.func @not_a_mean(%x: tensor<1x7xf32>, %y: tensor<1x1xf32>) -> tensor<1xf32> {
  %c = "graph.sub"(%x, %y) : (tensor<1x7xf32>, tensor<1x1xf32>) -> tensor<1x7xf32>
  %q = "graph.mul"(%c, %c) : (tensor<1x7xf32>, tensor<1x7xf32>) -> tensor<1x7xf32>
  %s = "graph.sum"(%q) {dims = array<i64: 1>, keepdim = false, var_m2} : (tensor<1x7xf32>) -> tensor<1xf32>
  return %s : tensor<1xf32>
}

// c * d, not c * c
// CHECK-LABEL: sym_name = "not_a_square"
// CHECK-NOT: "ind.reduction"
func.func @not_a_square(%x: tensor<1x7xf32>, %y: tensor<1x7xf32>) -> tensor<1xf32> {
  %m = "graph.mean"(%x) {dims = array<i64: 1>, keepdim = true} : (tensor<1x7xf32>) -> tensor<1x1xf32>
  %c = "graph.sub"(%x, %m) : (tensor<1x7xf32>, tensor<1x1xf32>) -> tensor<1x7xf32>
  %d = "graph.sub"(%y, %m) : (tensor<1x7xf32>, tensor<1x1xf32>) -> tensor<1x7xf32>
  %q = "graph.mul"(%c, %d) : (tensor<1x7xf32>, tensor<1x7xf32>) -> tensor<1x7xf32>
  %s = "graph.sum"(%q) {dims = array<i64: 1>, keepdim = false, var_m2} : (tensor<1x7xf32>) -> tensor<1xf32>
  return %s : tensor<1xf32>
}

// M is the mean of y, not of the x that c subtracts it from
// CHECK-LABEL: sym_name = "mean_of_another"
// CHECK-NOT: "ind.reduction"
func.func @mean_of_another(%x: tensor<1x7xf32>, %y: tensor<1x7xf32>) -> tensor<1xf32> {
  %m = "graph.mean"(%y) {dims = array<i64: 1>, keepdim = true} : (tensor<1x7xf32>) -> tensor<1x1xf32>
  %c = "graph.sub"(%x, %m) : (tensor<1x7xf32>, tensor<1x1xf32>) -> tensor<1x7xf32>
  %q = "graph.mul"(%c, %c) : (tensor<1x7xf32>, tensor<1x7xf32>) -> tensor<1x7xf32>
  %s = "graph.sum"(%q) {dims = array<i64: 1>, keepdim = false, var_m2} : (tensor<1x7xf32>) -> tensor<1xf32>
  return %s : tensor<1xf32>
}

// M without keepdim ([1] broadcast along the row)
// CHECK-LABEL: sym_name = "mean_not_keepdim"
// CHECK-NOT: "ind.reduction"
func.func @mean_not_keepdim(%x: tensor<1x7xf32>) -> tensor<1xf32> {
  %m = "graph.mean"(%x) {dims = array<i64: 1>, keepdim = false} : (tensor<1x7xf32>) -> tensor<1xf32>
  %c = "graph.sub"(%x, %m) : (tensor<1x7xf32>, tensor<1xf32>) -> tensor<1x7xf32>
  %q = "graph.mul"(%c, %c) : (tensor<1x7xf32>, tensor<1x7xf32>) -> tensor<1x7xf32>
  %s = "graph.sum"(%q) {dims = array<i64: 1>, keepdim = false, var_m2} : (tensor<1x7xf32>) -> tensor<1xf32>
  return %s : tensor<1xf32>
}

// the m2 reduces another dim than M (dim 0, of size 1)
// CHECK-LABEL: sym_name = "other_dims"
// CHECK-NOT: "ind.reduction"
// CHECK-LABEL: sym_name = "welford_row"
// The pattern itself, for contrast: the mean and m2 of one Welford state.
// CHECK: reduction_type = "welford_mean"
// CHECK: reduction_type = "welford_m2"
func.func @other_dims(%x: tensor<1x7xf32>) -> tensor<7xf32> {
  %m = "graph.mean"(%x) {dims = array<i64: 1>, keepdim = true} : (tensor<1x7xf32>) -> tensor<1x1xf32>
  %c = "graph.sub"(%x, %m) : (tensor<1x7xf32>, tensor<1x1xf32>) -> tensor<1x7xf32>
  %q = "graph.mul"(%c, %c) : (tensor<1x7xf32>, tensor<1x7xf32>) -> tensor<1x7xf32>
  %s = "graph.sum"(%q) {dims = array<i64: 0>, keepdim = false, var_m2} : (tensor<1x7xf32>) -> tensor<7xf32>
  return %s : tensor<7xf32>
}

func.func @welford_row(%x: tensor<1x7xf32>) -> tensor<1xf32> {
  %m = "graph.mean"(%x) {dims = array<i64: 1>, keepdim = true} : (tensor<1x7xf32>) -> tensor<1x1xf32>
  %c = "graph.sub"(%x, %m) : (tensor<1x7xf32>, tensor<1x1xf32>) -> tensor<1x7xf32>
  %q = "graph.mul"(%c, %c) : (tensor<1x7xf32>, tensor<1x7xf32>) -> tensor<1x7xf32>
  %s = "graph.sum"(%q) {dims = array<i64: 1>, keepdim = false, var_m2} : (tensor<1x7xf32>) -> tensor<1xf32>
  return %s : tensor<1xf32>
}
