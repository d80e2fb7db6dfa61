// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(convert-graph-to-ind{unroll-reductions-threshold=0})' | %filecheck %s
//
// Each graph op's body ops: composites of arith/math as in docs/ir-contract.md (relu is
// maximumf(x, 0), sigmoid (x >= 0 ? 1 : t) / (1 + t) with t = exp(-|x|), gelu Inductor's erf
// decomposition), constants as
// arith.constant in the body, comparisons give i1, where is a select, convert rounds the value.

/// Elementwise chain: constant operand, broadcast row vector, relu; one buffer, nothing else.
// CHECK-LABEL: sym_name = "chain"
// CHECK: ^bb0(%[[X:.*]]: memref<4x8xf32>, %[[B:.*]]: memref<8xf32>):
// CHECK: "ind.pointwise"() ({
// CHECK-NEXT: %[[L:.*]] = "ind.load"(%[[X]])
// CHECK-NEXT: %[[C:.*]] = "arith.constant"() <{value = 1.100000e+00 : f32}>
// CHECK-NEXT: %[[M:.*]] = "arith.mulf"(%[[L]], %[[C]])
// CHECK-NEXT: %[[LB:.*]] = "ind.load"(%[[B]])
// CHECK-NEXT: %[[A:.*]] = "arith.addf"(%[[M]], %[[LB]])
// CHECK-NEXT: %[[Z:.*]] = "arith.constant"() <{value = 0.000000e+00 : f32}>
// CHECK-NEXT: %[[R:.*]] = "arith.maximumf"(%[[A]], %[[Z]])
// CHECK-NEXT: "gpu.yield"(%[[R]]) : (f32) -> ()
// CHECK-NEXT: }) {name = "buf0", origins = ["mul", "add", "relu"], ranges = array<i64: 4, 8>} : () -> memref<4x8xf32>
// CHECK-NOT: "ind.pointwise"
func.func @chain(%x: tensor<4x8xf32>, %b: tensor<8xf32>) -> tensor<4x8xf32> {
  %c = "graph.constant"() {value = 1.1 : f64} : () -> tensor<f32>
  %0 = "graph.mul"(%x, %c) : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  %1 = "graph.add"(%0, %b) : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4x8xf32>
  %2 = "graph.relu"(%1) : (tensor<4x8xf32>) -> tensor<4x8xf32>
  return %2 : tensor<4x8xf32>
}

// -----

/// sigmoid = (x >= 0 ? 1 : t) / (1 + t) with t = exp(-|x|): exp only of a non-positive value, so it
/// cannot overflow where sigmoid is a nonzero subnormal (x in (-103.97, -88.72)); NaN takes t.
// CHECK-LABEL: sym_name = "sigmoid"
// CHECK: %[[L:.*]] = "ind.load"
// CHECK-NEXT: %[[ONE:.*]] = "arith.constant"() <{value = 1.000000e+00 : f32}>
// CHECK-NEXT: %[[A:.*]] = "math.absf"(%[[L]])
// CHECK-NEXT: %[[N:.*]] = "arith.negf"(%[[A]])
// CHECK-NEXT: %[[T:.*]] = "math.exp"(%[[N]])
// CHECK-NEXT: %[[Z:.*]] = "arith.constant"() <{value = 0.000000e+00 : f32}>
// CHECK-NEXT: %[[GE:.*]] = "arith.cmpf"(%[[L]], %[[Z]]) <{{.*}}predicate = 3 : i64}>
// CHECK-NEXT: %[[NUM:.*]] = "arith.select"(%[[GE]], %[[ONE]], %[[T]])
// CHECK-NEXT: %[[D:.*]] = "arith.addf"(%[[ONE]], %[[T]])
// CHECK-NEXT: %[[R:.*]] = "arith.divf"(%[[NUM]], %[[D]])
// CHECK-NEXT: "gpu.yield"(%[[R]])
func.func @sigmoid(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = "graph.sigmoid"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %a : tensor<4xf32>
}

// -----

/// silu = x * sigmoid(x), the same overflow-free sigmoid.
// CHECK-LABEL: sym_name = "silu"
// CHECK: %[[L:.*]] = "ind.load"
// CHECK-NEXT: %[[ONE:.*]] = "arith.constant"() <{value = 1.000000e+00 : f32}>
// CHECK-NEXT: %[[A:.*]] = "math.absf"(%[[L]])
// CHECK-NEXT: %[[N:.*]] = "arith.negf"(%[[A]])
// CHECK-NEXT: %[[T:.*]] = "math.exp"(%[[N]])
// CHECK-NEXT: %[[Z:.*]] = "arith.constant"() <{value = 0.000000e+00 : f32}>
// CHECK-NEXT: %[[GE:.*]] = "arith.cmpf"(%[[L]], %[[Z]]) <{{.*}}predicate = 3 : i64}>
// CHECK-NEXT: %[[NUM:.*]] = "arith.select"(%[[GE]], %[[ONE]], %[[T]])
// CHECK-NEXT: %[[D:.*]] = "arith.addf"(%[[ONE]], %[[T]])
// CHECK-NEXT: %[[S:.*]] = "arith.divf"(%[[NUM]], %[[D]])
// CHECK-NEXT: %[[R:.*]] = "arith.mulf"(%[[L]], %[[S]])
// CHECK-NEXT: "gpu.yield"(%[[R]])
func.func @silu(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = "graph.silu"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %a : tensor<4xf32>
}

// -----

/// exp itself is left alone: one math.exp of x, nothing around it.
// CHECK-LABEL: sym_name = "exp"
// CHECK: %[[L:.*]] = "ind.load"
// CHECK-NEXT: %[[R:.*]] = "math.exp"(%[[L]])
// CHECK-NEXT: "gpu.yield"(%[[R]])
// CHECK-NEXT: origins = ["exp"]
func.func @exp(%x: tensor<4xf32>) -> tensor<4xf32> {
  %a = "graph.exp"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %a : tensor<4xf32>
}

// -----

/// gelu (exact) = x * 0.5 * (1 + erf(x * 0.7071067811865476)); the tanh form uses math.tanh.
// CHECK-LABEL: sym_name = "gelu"
// CHECK: %[[L:.*]] = "ind.load"
// CHECK-NEXT: %[[H:.*]] = "arith.constant"() <{value = 5.000000e-01 : f32}>
// CHECK-NEXT: %[[HX:.*]] = "arith.mulf"(%[[L]], %[[H]])
// CHECK-NEXT: %[[S:.*]] = "arith.constant"() <{value = 0.707106769 : f32}>
// CHECK-NEXT: %[[XS:.*]] = "arith.mulf"(%[[L]], %[[S]])
// CHECK-NEXT: %[[E:.*]] = "math.erf"(%[[XS]])
// CHECK-NEXT: %[[ONE:.*]] = "arith.constant"() <{value = 1.000000e+00 : f32}>
// CHECK-NEXT: %[[P:.*]] = "arith.addf"(%[[E]], %[[ONE]])
// CHECK-NEXT: %[[R:.*]] = "arith.mulf"(%[[HX]], %[[P]])
// CHECK-NEXT: "gpu.yield"(%[[R]])
// CHECK: origins = ["gelu"]
// CHECK: "math.tanh"
// CHECK-NOT: "math.erf"
// CHECK: origins = ["gelu_1"]
func.func @gelu(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %a = "graph.gelu"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %b = "graph.gelu"(%x) {approximate = "tanh"} : (tensor<4xf32>) -> tensor<4xf32>
  return %a, %b : tensor<4xf32>, tensor<4xf32>
}

// -----

/// pow with a constant integer exponent multiplies (Inductor's pow_recursive: x*x, (x*x)*x),
/// 0.5 is sqrt, other exponents are math.powf.
// CHECK-LABEL: sym_name = "pow"
// CHECK: %[[L:.*]] = "ind.load"
// CHECK-NEXT: %[[SQ:.*]] = "arith.mulf"(%[[L]], %[[L]])
// CHECK-NEXT: "gpu.yield"(%[[SQ]])
// CHECK: %[[L3:.*]] = "ind.load"
// CHECK-NEXT: %[[SQ3:.*]] = "arith.mulf"(%[[L3]], %[[L3]])
// CHECK-NEXT: %[[CU:.*]] = "arith.mulf"(%[[SQ3]], %[[L3]])
// CHECK-NEXT: "gpu.yield"(%[[CU]])
// CHECK: "math.sqrt"
// CHECK-NOT: "math.powf"
// CHECK: origins = ["pow_3"]
// CHECK: "arith.constant"() <{value = 1.500000e+00 : f32}>
// CHECK-NEXT: "math.powf"
// CHECK: origins = ["pow_4"]
func.func @pow(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %c2 = "graph.constant"() {value = 2.0 : f64} : () -> tensor<f32>
  %c3 = "graph.constant"() {value = 3.0 : f64} : () -> tensor<f32>
  %ch = "graph.constant"() {value = 0.5 : f64} : () -> tensor<f32>
  %c15 = "graph.constant"() {value = 1.5 : f64} : () -> tensor<f32>
  %a = "graph.pow"(%x, %c2) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %b = "graph.pow"(%x, %c3) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %c = "graph.pow"(%x, %ch) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %d = "graph.pow"(%x, %c15) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  return %a, %b, %c, %d : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

/// Comparisons give i1 buffers (cmpf, ogt = 2); where is a select on the i1 load; the other unary
/// ops map to one math/arith op each.
// CHECK-LABEL: sym_name = "compare_where"
// CHECK: %[[GT:.*]] = "arith.cmpf"(%{{.*}}, %{{.*}}) <{{.*}}predicate = 2 : i64}> : (f32, f32) -> i1
// CHECK-NEXT: "gpu.yield"(%[[GT]]) : (i1) -> ()
// CHECK: name = "buf0"{{.*}} -> memref<4xi1>
// CHECK: %[[M:.*]] = "ind.load"(%{{.*}}) {{.*}} : (memref<4xi1>) -> i1
// CHECK: "arith.select"(%[[M]]
// CHECK: "math.absf"
// CHECK: "arith.negf"
// CHECK: "math.log"
// CHECK: "math.sqrt"
// CHECK: "math.rsqrt"
// CHECK: "math.tanh"
// CHECK: "arith.divf"
// CHECK: "arith.maximumf"
// CHECK: "arith.minimumf"
// CHECK: "arith.subf"
// CHECK: "arith.cmpf"(%{{.*}}, %{{.*}}) <{{.*}}predicate = 13 : i64}>
func.func @compare_where(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xi1>, tensor<4xf32>, tensor<4xi1>) {
  %m = "graph.gt"(%x, %y) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %w = "graph.where"(%m, %x, %y) : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %a = "graph.abs"(%w) : (tensor<4xf32>) -> tensor<4xf32>
  %n = "graph.neg"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  %l = "graph.log"(%n) : (tensor<4xf32>) -> tensor<4xf32>
  %s = "graph.sqrt"(%l) : (tensor<4xf32>) -> tensor<4xf32>
  %r = "graph.rsqrt"(%s) : (tensor<4xf32>) -> tensor<4xf32>
  %t = "graph.tanh"(%r) : (tensor<4xf32>) -> tensor<4xf32>
  %d = "graph.div"(%t, %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %mx = "graph.maximum"(%d, %y) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %mn = "graph.minimum"(%mx, %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %sb = "graph.sub"(%mn, %y) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %ne = "graph.ne"(%sb, %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %m, %w, %ne : tensor<4xi1>, tensor<4xf32>, tensor<4xi1>
}

// -----

/// convert rounds through the target type (truncf + extf) and computes on in f32; an f16 input
/// is loaded as f32 (ind.load converts) and stored as f16 by the buffer's memref type.
// CHECK-LABEL: sym_name = "convert"
// CHECK: %[[L:.*]] = "ind.load"(%{{.*}}) {{.*}} : (memref<4xf32>) -> f32
// CHECK-NEXT: %[[T:.*]] = "arith.truncf"(%[[L]]) : (f32) -> f16
// CHECK-NEXT: %[[E:.*]] = "arith.extf"(%[[T]]) : (f16) -> f32
// CHECK-NEXT: "gpu.yield"(%[[E]]) : (f32) -> ()
// CHECK-NEXT: name = "buf0", origins = ["convert_element_type"]{{.*}} -> memref<4xf16>
// CHECK: "ind.load"(%{{.*}}) {{.*}} : (memref<4xf16>) -> f32
// CHECK-NOT: "arith.truncf"
// CHECK: origins = ["convert_element_type_1", "add"]
func.func @convert(%x: tensor<4xf32>, %h: tensor<4xf16>) -> (tensor<4xf16>, tensor<4xf32>) {
  %a = "graph.convert"(%x) : (tensor<4xf32>) -> tensor<4xf16>
  %b = "graph.convert"(%h) : (tensor<4xf16>) -> tensor<4xf32>
  %c = "graph.add"(%b, %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %a, %c : tensor<4xf16>, tensor<4xf32>
}

// -----

/// Reductions: amax/amin/prod map to max/min/prod; the size-1 (keepdim) dims are dropped from
/// ranges; a full reduction has empty ranges; mean is a sum plus a division in the consumer's body.
// CHECK-DAG: #[[ROWMAJ:.*]] = affine_map<(d0, d1) -> (d0 * 8 + d1)>
// CHECK-DAG: #[[COLMAJ:.*]] = affine_map<(d0, d1) -> (d1 * 8 + d0)>
// CHECK-LABEL: sym_name = "reductions"
// CHECK: "ind.load"(%{{.*}}) {index = #[[ROWMAJ]]}
// CHECK: name = "buf0", origins = ["amax"], ranges = array<i64: 4>, reduction_ranges = array<i64: 8>, reduction_type = "max"} : () -> memref<4xf32>
// CHECK: "ind.load"(%{{.*}}) {index = #[[COLMAJ]]}
// CHECK: name = "buf1", origins = ["amin"], ranges = array<i64: 8>, reduction_ranges = array<i64: 4>, reduction_type = "min"} : () -> memref<1x8xf32>
// CHECK: name = "buf2", origins = ["prod"], ranges = array<i64>, reduction_ranges = array<i64: 4, 8>, reduction_type = "prod"} : () -> memref<f32>
// CHECK: %[[SUM:.*]] = "ind.reduction"
// CHECK: name = "buf3", origins = ["mean"], ranges = array<i64: 4>, reduction_ranges = array<i64: 8>, reduction_type = "sum"} : () -> memref<4x1xf32>
// CHECK: %[[S:.*]] = "ind.load"(%[[SUM]])
// CHECK-NEXT: %[[N:.*]] = "arith.constant"() <{value = 8.000000e+00 : f32}>
// CHECK-NEXT: "arith.divf"(%[[S]], %[[N]])
// CHECK: name = "buf4", origins = ["mean"]
func.func @reductions(%x: tensor<4x8xf32>) -> (tensor<4xf32>, tensor<1x8xf32>, tensor<f32>, tensor<4x1xf32>) {
  %a = "graph.amax"(%x) {dims = array<i64: 1>, keepdim = false} : (tensor<4x8xf32>) -> tensor<4xf32>
  %b = "graph.amin"(%x) {dims = array<i64: 0>, keepdim = true} : (tensor<4x8xf32>) -> tensor<1x8xf32>
  %c = "graph.prod"(%x) {dims = array<i64: 0, 1>, keepdim = false} : (tensor<4x8xf32>) -> tensor<f32>
  %d = "graph.mean"(%x) {dims = array<i64: -1>, keepdim = true} : (tensor<4x8xf32>) -> tensor<4x1xf32>
  return %a, %b, %c, %d : tensor<4xf32>, tensor<1x8xf32>, tensor<f32>, tensor<4x1xf32>
}
