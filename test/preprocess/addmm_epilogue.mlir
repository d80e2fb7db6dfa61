// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(graph-decompose)' | %filecheck %s
// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(graph-decompose{addmm-epilogue=false})' | %filecheck %s --check-prefix=OFF
// RUN: %ind-opt %s --split-input-file --preprocess=addmm-epilogue=false | %filecheck %s --check-prefix=OFF
// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(graph-decompose{addmm-epilogue-half=false})' | %filecheck %s --check-prefix=NOHALF
// RUN: env IND_LOGS=fusion %ind-opt %s --split-input-file --pass-pipeline='builtin.module(graph-decompose)' -o /dev/null 2>&1 | %filecheck %s --check-prefix=LOG
//
// graph-decompose's choice for addmm (Inductor's should_prefer_unfused_addmm): mm + add where every use of
// the result is pointwise, through views (the add fuses into them); else addmm stays whole and the lowering
// makes it an extern mm adding the bias in its epilogue (cuBLASLt's BIAS on the GPU), when alpha = beta = 1
// and the bias is a vector of the result's columns in the result's float type that needs no kernel of its
// own (an argument, or a reshape of one: not AMP's cast of an f32 bias). addmm-epilogue=false: always
// mm + add (the OFF prefix: no addmm is left). A bf16 or f16 one stays whole whatever its uses
// (addmm-epilogue-half, Inductor's keep_addmm_fused_for_half_dtypes: one rounding of the product plus the
// bias); addmm-epilogue-half=false: the use rule alone (the NOHALF prefix).
// OFF-NOT: graph.addmm

/// Returned: kept whole.
// CHECK-LABEL: sym_name = "returned"
// CHECK: "graph.addmm"(%arg0, %arg1, %arg2)
// CHECK-NOT: graph.mm
// LOG: addmm {{.*}}:[[@LINE+3]]:8: bias in the matmul's epilogue (a use is not pointwise)
// LOG-NEXT: the use: func.return
func.func @returned(%b: tensor<5xf32>, %x: tensor<6x3xf32>, %w: tensor<3x5xf32>) -> tensor<6x5xf32> {
  %0 = "graph.addmm"(%b, %x, %w) : (tensor<5xf32>, tensor<6x3xf32>, tensor<3x5xf32>) -> tensor<6x5xf32>
  return %0 : tensor<6x5xf32>
}

// -----

/// Every use pointwise (relu, a mul, a where): mm + add.
// CHECK-LABEL: sym_name = "pointwise_uses"
// CHECK-NOT: graph.addmm
// CHECK: %[[MM:.*]] = "graph.mm"(%arg1, %arg2)
// CHECK: "graph.add"(%[[MM]], %arg0)
// LOG: addmm {{.*}}:[[@LINE+2]]:8: mm + add (every use is pointwise: the add fuses into them)
func.func @pointwise_uses(%b: tensor<5xf32>, %x: tensor<6x3xf32>, %w: tensor<3x5xf32>, %m: tensor<6x5xi1>) -> (tensor<6x5xf32>, tensor<6x5xf32>, tensor<6x5xf32>) {
  %0 = "graph.addmm"(%b, %x, %w) : (tensor<5xf32>, tensor<6x3xf32>, tensor<3x5xf32>) -> tensor<6x5xf32>
  %1 = "graph.relu"(%0) : (tensor<6x5xf32>) -> tensor<6x5xf32>
  %2 = "graph.mul"(%0, %0) : (tensor<6x5xf32>, tensor<6x5xf32>) -> tensor<6x5xf32>
  %3 = "graph.where"(%m, %0, %2) : (tensor<6x5xi1>, tensor<6x5xf32>, tensor<6x5xf32>) -> tensor<6x5xf32>
  return %1, %2, %3 : tensor<6x5xf32>, tensor<6x5xf32>, tensor<6x5xf32>
}

// -----

/// A view whose uses are pointwise (reshape, then gelu: a linear of a 3-D input into its activation):
/// mm + add.
// CHECK-LABEL: sym_name = "view_then_pointwise"
// CHECK-NOT: graph.addmm
// CHECK: "graph.mm"
func.func @view_then_pointwise(%b: tensor<5xf32>, %x: tensor<6x3xf32>, %w: tensor<3x5xf32>) -> tensor<2x3x5xf32> {
  %0 = "graph.addmm"(%b, %x, %w) : (tensor<5xf32>, tensor<6x3xf32>, tensor<3x5xf32>) -> tensor<6x5xf32>
  %1 = "graph.reshape"(%0) {shape = array<i64: 2, 3, 5>} : (tensor<6x5xf32>) -> tensor<2x3x5xf32>
  %2 = "graph.gelu"(%1) : (tensor<2x3x5xf32>) -> tensor<2x3x5xf32>
  return %2 : tensor<2x3x5xf32>
}

// -----

/// A view that is returned (a projection reshaped to heads, handed to attention): kept.
// CHECK-LABEL: sym_name = "view_returned"
// CHECK: "graph.addmm"
// LOG: addmm {{.*}}:[[@LINE+3]]:8: bias in the matmul's epilogue (a use is not pointwise)
// LOG-NEXT: the use: func.return
func.func @view_returned(%b: tensor<4xf32>, %x: tensor<6x3xf32>, %w: tensor<3x4xf32>) -> tensor<6x2x2xf32> {
  %0 = "graph.addmm"(%b, %x, %w) : (tensor<4xf32>, tensor<6x3xf32>, tensor<3x4xf32>) -> tensor<6x4xf32>
  %1 = "graph.reshape"(%0) {shape = array<i64: 6, 2, 2>} : (tensor<6x4xf32>) -> tensor<6x2x2xf32>
  return %1 : tensor<6x2x2xf32>
}

// -----

/// One pointwise use and one reduction (sum): kept (the add would be a kernel of its own for the sum).
// CHECK-LABEL: sym_name = "reduction_use"
// CHECK: "graph.addmm"
// LOG: addmm {{.*}}:[[@LINE+3]]:8: bias in the matmul's epilogue (a use is not pointwise)
// LOG-NEXT: the use: graph.sum
func.func @reduction_use(%b: tensor<5xf32>, %x: tensor<6x3xf32>, %w: tensor<3x5xf32>) -> (tensor<6x5xf32>, tensor<6xf32>) {
  %0 = "graph.addmm"(%b, %x, %w) : (tensor<5xf32>, tensor<6x3xf32>, tensor<3x5xf32>) -> tensor<6x5xf32>
  %1 = "graph.relu"(%0) : (tensor<6x5xf32>) -> tensor<6x5xf32>
  %2 = "graph.sum"(%0) {dims = array<i64: 1>, keepdim = false} : (tensor<6x5xf32>) -> tensor<6xf32>
  return %1, %2 : tensor<6x5xf32>, tensor<6xf32>
}

// -----

/// Another matmul reads it (a bf16 projection feeding mm): kept.
// CHECK-LABEL: sym_name = "matmul_use"
// CHECK: %[[A:.*]] = "graph.addmm"(%arg0, %arg1, %arg2)
// CHECK: "graph.mm"(%[[A]], %arg3)
func.func @matmul_use(%b: tensor<5xbf16>, %x: tensor<6x3xbf16>, %w: tensor<3x5xbf16>, %v: tensor<5x2xbf16>) -> tensor<6x2xbf16> {
  %0 = "graph.addmm"(%b, %x, %w) : (tensor<5xbf16>, tensor<6x3xbf16>, tensor<3x5xbf16>) -> tensor<6x5xbf16>
  %1 = "graph.mm"(%0, %v) : (tensor<6x5xbf16>, tensor<5x2xbf16>) -> tensor<6x2xbf16>
  return %1 : tensor<6x2xbf16>
}

// -----

/// Not a vector of the columns: a [1, 5] bias, a full [6, 5] one, a full square [5, 5] one (its first dim is
/// n), a [1] one broadcast along the columns: mm + add although returned.
// CHECK-LABEL: sym_name = "bias_not_a_vector"
// CHECK-NOT: graph.addmm
// CHECK: "graph.mm"
// CHECK: "graph.mm"
// CHECK: "graph.mm"
// CHECK: "graph.mm"
func.func @bias_not_a_vector(%b: tensor<1x5xf32>, %c: tensor<6x5xf32>, %s: tensor<5x5xf32>, %one: tensor<1xf32>, %x: tensor<6x3xf32>, %w: tensor<3x5xf32>, %x5: tensor<5x3xf32>) -> (tensor<6x5xf32>, tensor<6x5xf32>, tensor<5x5xf32>, tensor<6x5xf32>) {
  %0 = "graph.addmm"(%b, %x, %w) : (tensor<1x5xf32>, tensor<6x3xf32>, tensor<3x5xf32>) -> tensor<6x5xf32>
  %1 = "graph.addmm"(%c, %x, %w) : (tensor<6x5xf32>, tensor<6x3xf32>, tensor<3x5xf32>) -> tensor<6x5xf32>
  %2 = "graph.addmm"(%s, %x5, %w) : (tensor<5x5xf32>, tensor<5x3xf32>, tensor<3x5xf32>) -> tensor<5x5xf32>
  %3 = "graph.addmm"(%one, %x, %w) : (tensor<1xf32>, tensor<6x3xf32>, tensor<3x5xf32>) -> tensor<6x5xf32>
  return %0, %1, %2, %3 : tensor<6x5xf32>, tensor<6x5xf32>, tensor<5x5xf32>, tensor<6x5xf32>
}

// -----

/// The bias in another type than the result (f32 beside a bf16 product): mm + add.
// CHECK-LABEL: sym_name = "bias_other_type"
// CHECK-NOT: graph.addmm
// CHECK: "graph.mm"
func.func @bias_other_type(%b: tensor<5xf32>, %x: tensor<6x3xbf16>, %w: tensor<3x5xbf16>) -> tensor<6x5xbf16> {
  %0 = "graph.addmm"(%b, %x, %w) : (tensor<5xf32>, tensor<6x3xbf16>, tensor<3x5xbf16>) -> tensor<6x5xbf16>
  return %0 : tensor<6x5xbf16>
}

// -----

/// alpha or beta not 1: mm + add (the scales are pointwise ops of their own).
// CHECK-LABEL: sym_name = "scaled"
// CHECK-NOT: graph.addmm
// CHECK: "graph.mm"
// CHECK: "graph.mm"
func.func @scaled(%b: tensor<5xf32>, %x: tensor<6x3xf32>, %w: tensor<3x5xf32>) -> (tensor<6x5xf32>, tensor<6x5xf32>) {
  %0 = "graph.addmm"(%b, %x, %w) {alpha = 2.0 : f64} : (tensor<5xf32>, tensor<6x3xf32>, tensor<3x5xf32>) -> tensor<6x5xf32>
  %1 = "graph.addmm"(%b, %x, %w) {beta = 0.5 : f64} : (tensor<5xf32>, tensor<6x3xf32>, tensor<3x5xf32>) -> tensor<6x5xf32>
  return %0, %1 : tensor<6x5xf32>, tensor<6x5xf32>
}

// -----

/// A bias that needs a kernel of its own (AMP's cast of an f32 bias; a slice at an offset): mm + add, the
/// cast or the slice inside the add's kernel; a reshape of a [1, 5] argument is free: kept.
// CHECK-LABEL: sym_name = "bias_computed"
// CHECK: %[[C:.*]] = "graph.convert"(%arg0)
// CHECK: %[[MM:.*]] = "graph.mm"(%arg3, %arg4)
// CHECK: "graph.add"(%[[MM]], %[[C]])
// CHECK: %[[S:.*]] = "graph.slice"(%arg1)
// CHECK: %[[MM2:.*]] = "graph.mm"(%arg5, %arg6)
// CHECK: "graph.add"(%[[MM2]], %[[S]])
// CHECK: %[[R:.*]] = "graph.reshape"(%arg2)
// CHECK: "graph.addmm"(%[[R]], %arg5, %arg6)
func.func @bias_computed(%b: tensor<5xf32>, %big: tensor<8xf32>, %row: tensor<1x5xf32>, %x: tensor<6x3xbf16>, %w: tensor<3x5xbf16>, %xf: tensor<6x3xf32>, %wf: tensor<3x5xf32>) -> (tensor<6x5xbf16>, tensor<6x5xf32>, tensor<6x5xf32>) {
  %bb = "graph.convert"(%b) : (tensor<5xf32>) -> tensor<5xbf16>
  %0 = "graph.addmm"(%bb, %x, %w) : (tensor<5xbf16>, tensor<6x3xbf16>, tensor<3x5xbf16>) -> tensor<6x5xbf16>
  %s = "graph.slice"(%big) {dim = 0 : i64, start = 2 : i64, end = 7 : i64} : (tensor<8xf32>) -> tensor<5xf32>
  %1 = "graph.addmm"(%s, %xf, %wf) : (tensor<5xf32>, tensor<6x3xf32>, tensor<3x5xf32>) -> tensor<6x5xf32>
  %r = "graph.reshape"(%row) {shape = array<i64: 5>} : (tensor<1x5xf32>) -> tensor<5xf32>
  %2 = "graph.addmm"(%r, %xf, %wf) : (tensor<5xf32>, tensor<6x3xf32>, tensor<3x5xf32>) -> tensor<6x5xf32>
  return %0, %1, %2 : tensor<6x5xbf16>, tensor<6x5xf32>, tensor<6x5xf32>
}

// -----

/// Reshapes of arguments are free whatever op spells them: a squeeze, a view, an unsqueeze then a reshape:
/// kept. A bias under a permute of a [1, 5] argument is not (the lowering may copy a permute): mm + add.
// CHECK-LABEL: sym_name = "bias_reshaped"
// CHECK-COUNT-3: "graph.addmm"
// CHECK-NOT: "graph.addmm"
// CHECK: "graph.permute"
// CHECK: "graph.mm"
func.func @bias_reshaped(%row: tensor<1x5xf32>, %v: tensor<5xf32>, %x: tensor<6x3xf32>, %w: tensor<3x5xf32>) -> (tensor<6x5xf32>, tensor<6x5xf32>, tensor<6x5xf32>, tensor<6x5xf32>) {
  %s = "graph.squeeze"(%row) {dims = array<i64: 0>} : (tensor<1x5xf32>) -> tensor<5xf32>
  %0 = "graph.addmm"(%s, %x, %w) : (tensor<5xf32>, tensor<6x3xf32>, tensor<3x5xf32>) -> tensor<6x5xf32>
  %vv = "graph.view"(%row) {shape = array<i64: 5>} : (tensor<1x5xf32>) -> tensor<5xf32>
  %1 = "graph.addmm"(%vv, %x, %w) : (tensor<5xf32>, tensor<6x3xf32>, tensor<3x5xf32>) -> tensor<6x5xf32>
  %u = "graph.unsqueeze"(%v) {dim = 0 : i64} : (tensor<5xf32>) -> tensor<1x5xf32>
  %ur = "graph.reshape"(%u) {shape = array<i64: 5>} : (tensor<1x5xf32>) -> tensor<5xf32>
  %2 = "graph.addmm"(%ur, %x, %w) : (tensor<5xf32>, tensor<6x3xf32>, tensor<3x5xf32>) -> tensor<6x5xf32>
  %p = "graph.permute"(%row) {dims = array<i64: 1, 0>} : (tensor<1x5xf32>) -> tensor<5x1xf32>
  %pr = "graph.reshape"(%p) {shape = array<i64: 5>} : (tensor<5x1xf32>) -> tensor<5xf32>
  %3 = "graph.addmm"(%pr, %x, %w) : (tensor<5xf32>, tensor<6x3xf32>, tensor<3x5xf32>) -> tensor<6x5xf32>
  return %0, %1, %2, %3 : tensor<6x5xf32>, tensor<6x5xf32>, tensor<6x5xf32>, tensor<6x5xf32>
}

// -----

/// bf16 and f16 results whose every use is pointwise (gelu through a reshape; a residual add): kept whole
/// (one rounding); with addmm-epilogue-half=false, mm + add as f32's. An f32 one beside them: mm + add.
// CHECK-LABEL: sym_name = "half_pointwise_uses"
// CHECK: %[[A:.*]] = "graph.addmm"(%arg0, %arg2, %arg3)
// CHECK: "graph.reshape"(%[[A]])
// CHECK: %[[H:.*]] = "graph.addmm"(%arg1, %arg4, %arg5)
// CHECK: "graph.add"(%[[H]], %arg6)
// CHECK: %[[F:.*]] = "graph.mm"(%arg7, %arg8)
// CHECK: "graph.add"(%[[F]], %arg9)
// NOHALF-LABEL: sym_name = "half_pointwise_uses"
// NOHALF-NOT: graph.addmm
// NOHALF-COUNT-3: "graph.mm"
// LOG: addmm {{.*}}:[[@LINE+6]]:8: bias in the matmul's epilogue (a half-precision result: one rounding)
// LOG-NOT: the use
// LOG: addmm {{.*}}:[[@LINE+7]]:8: bias in the matmul's epilogue (a half-precision result: one rounding)
// LOG-NOT: the use
// LOG: addmm {{.*}}:[[@LINE+7]]:8: mm + add (every use is pointwise: the add fuses into them)
func.func @half_pointwise_uses(%b: tensor<5xbf16>, %bh: tensor<5xf16>, %x: tensor<6x3xbf16>, %w: tensor<3x5xbf16>, %xh: tensor<6x3xf16>, %wh: tensor<3x5xf16>, %r: tensor<6x5xf16>, %xf: tensor<6x3xf32>, %wf: tensor<3x5xf32>, %bf: tensor<5xf32>) -> (tensor<2x3x5xbf16>, tensor<6x5xf16>, tensor<6x5xf32>) {
  %0 = "graph.addmm"(%b, %x, %w) : (tensor<5xbf16>, tensor<6x3xbf16>, tensor<3x5xbf16>) -> tensor<6x5xbf16>
  %1 = "graph.reshape"(%0) {shape = array<i64: 2, 3, 5>} : (tensor<6x5xbf16>) -> tensor<2x3x5xbf16>
  %2 = "graph.gelu"(%1) : (tensor<2x3x5xbf16>) -> tensor<2x3x5xbf16>
  %3 = "graph.addmm"(%bh, %xh, %wh) : (tensor<5xf16>, tensor<6x3xf16>, tensor<3x5xf16>) -> tensor<6x5xf16>
  %4 = "graph.add"(%3, %r) : (tensor<6x5xf16>, tensor<6x5xf16>) -> tensor<6x5xf16>
  %5 = "graph.addmm"(%bf, %xf, %wf) : (tensor<5xf32>, tensor<6x3xf32>, tensor<3x5xf32>) -> tensor<6x5xf32>
  %6 = "graph.relu"(%5) : (tensor<6x5xf32>) -> tensor<6x5xf32>
  return %2, %4, %6 : tensor<2x3x5xbf16>, tensor<6x5xf16>, tensor<6x5xf32>
}
