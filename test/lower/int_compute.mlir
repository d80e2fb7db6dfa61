// Integer values compute in their own type (docs/passes/lower.md, "Compute type"): i64 and i32 loads stay
// integers, integer add/mul/bitwise/remainder are arith integer ops, iota and argmax indices are index_cast
// index values, sum of i32 accumulates in i64; only a dtype change of the graph converts (i64 + f32: sitofp).
// Before, every integer was computed in f32 (sitofp at loads, addf/mulf, fptosi at stores).
// RUN: %ind-opt %s --split-input-file --lower | %filecheck %s

/// i64 iota + 1 (the reproducer): index_cast of the index, addi; no float on the way.
// CHECK-LABEL: sym_name = "add_i64"
// CHECK: %[[I:.*]] = "ind.index_expr"() {{.*}} : () -> index
// CHECK-NEXT: %[[X:.*]] = "arith.index_cast"(%[[I]]) : (index) -> i64
// CHECK-NEXT: %[[C:.*]] = "arith.constant"() <{value = 1 : i64}> : () -> i64
// CHECK-NEXT: %[[S:.*]] = "arith.addi"(%[[X]], %[[C]]) {{.*}} : (i64, i64) -> i64
// CHECK-NEXT: "gpu.yield"(%[[S]]) : (i64) -> ()
// CHECK-NOT: sitofp
// CHECK-NOT: fptosi
func.func @add_i64(%x: tensor<16777219xf32>) -> tensor<16777219xi64> {
  %iota = "graph.iota"() {start = 0 : i64, step = 1 : i64} : () -> tensor<16777219xi64>
  %one = "graph.constant"() {value = 1.0 : f64} : () -> tensor<i64>
  %a = "graph.add"(%iota, %one) : (tensor<16777219xi64>, tensor<i64>) -> tensor<16777219xi64>
  return %a : tensor<16777219xi64>
}

// -----

/// i32 * i32 is muli in i32 (it wraps as torch's); the i64 scalar is truncated to the tensor's i32.
// CHECK-LABEL: sym_name = "mul_i32"
// CHECK: %[[A:.*]] = "ind.load"(%arg0) {{.*}} : (memref<8xi32>) -> i32
// CHECK-NEXT: %[[B:.*]] = "ind.load"(%arg1) {{.*}} : (memref<8xi32>) -> i32
// CHECK-NEXT: %[[M:.*]] = "arith.muli"(%[[A]], %[[B]]) {{.*}} : (i32, i32) -> i32
// CHECK-NEXT: %[[C:.*]] = "arith.constant"() <{value = 3 : i64}> : () -> i64
// CHECK-NEXT: %[[T:.*]] = "arith.trunci"(%[[C]]) {{.*}}: (i64) -> i32
// CHECK-NEXT: %[[S:.*]] = "arith.subi"(%[[M]], %[[T]]) {{.*}} : (i32, i32) -> i32
// CHECK-NEXT: "gpu.yield"(%[[S]]) : (i32) -> ()
func.func @mul_i32(%a: tensor<8xi32>, %b: tensor<8xi32>) -> tensor<8xi32> {
  %m = "graph.mul"(%a, %b) : (tensor<8xi32>, tensor<8xi32>) -> tensor<8xi32>
  %c = "graph.constant"() {value = 3.0 : f64} : () -> tensor<i64>
  %s = "graph.sub"(%m, %c) : (tensor<8xi32>, tensor<i64>) -> tensor<8xi32>
  return %s : tensor<8xi32>
}

// -----

/// i64 + f32 is f32 (type promotion): the i64 operand alone converts, with sitofp.
// CHECK-LABEL: sym_name = "promote"
// CHECK: %[[A:.*]] = "ind.load"(%arg0) {{.*}} : (memref<8xi64>) -> i64
// CHECK-NEXT: %[[B:.*]] = "ind.load"(%arg1) {{.*}} : (memref<8xf32>) -> f32
// CHECK-NEXT: %[[F:.*]] = "arith.sitofp"(%[[A]]) : (i64) -> f32
// CHECK-NEXT: %[[S:.*]] = "arith.addf"(%[[F]], %[[B]]) {{.*}} : (f32, f32) -> f32
// CHECK-NEXT: "gpu.yield"(%[[S]]) : (f32) -> ()
func.func @promote(%a: tensor<8xi64>, %b: tensor<8xf32>) -> tensor<8xf32> {
  %s = "graph.add"(%a, %b) : (tensor<8xi64>, tensor<8xf32>) -> tensor<8xf32>
  return %s : tensor<8xf32>
}

// -----

/// Bitwise ops of i64 are andi/xori on the i64 values (before: fptosi of f32 values, then sitofp back);
/// an i64 compared with an i32 is a cmpi in i64 (the i32 sign-extended).
// CHECK-LABEL: sym_name = "bitwise"
// CHECK: %[[A:.*]] = "ind.load"(%arg0) {{.*}} -> i64
// CHECK-NEXT: %[[B:.*]] = "ind.load"(%arg1) {{.*}} -> i64
// CHECK-NEXT: %[[X:.*]] = "arith.xori"(%[[A]], %[[B]]) : (i64, i64) -> i64
// CHECK: %[[N:.*]] = "arith.andi"(%[[X]], %{{.*}}) : (i64, i64) -> i64
// CHECK: "gpu.yield"(%[[N]]) : (i64) -> ()
// CHECK: %[[L:.*]] = "ind.load"(%arg2) {{.*}} -> i32
// CHECK-NEXT: %[[E:.*]] = "arith.extsi"(%[[L]]) : (i32) -> i64
// CHECK-NEXT: "arith.cmpi"(%{{.*}}, %[[E]]) <{predicate = 4 : i64}> : (i64, i64) -> i1
// CHECK-NOT: fptosi
// CHECK-NOT: sitofp
func.func @bitwise(%a: tensor<8xi64>, %b: tensor<8xi64>, %c: tensor<8xi32>) -> (tensor<8xi64>, tensor<8xi1>) {
  %x = "graph.bitwise_xor"(%a, %b) : (tensor<8xi64>, tensor<8xi64>) -> tensor<8xi64>
  %n = "graph.bitwise_and"(%x, %a) : (tensor<8xi64>, tensor<8xi64>) -> tensor<8xi64>
  %g = "graph.gt"(%n, %c) : (tensor<8xi64>, tensor<8xi32>) -> tensor<8xi1>
  return %n, %g : tensor<8xi64>, tensor<8xi1>
}

// -----

/// remainder of integers: remsi by a divisor made 1 where it is 0 or -1 (no trap), plus b where the
/// remainder's sign differs from the divisor's (Python / torch semantics).
// CHECK-LABEL: sym_name = "remainder"
// CHECK: %[[R:.*]] = "arith.remsi"(%{{.*}}, %{{.*}}) : (i64, i64) -> i64
// CHECK: %[[P:.*]] = "arith.addi"(%[[R]], %{{.*}}) {{.*}} : (i64, i64) -> i64
// CHECK-NEXT: "arith.select"(%{{.*}}, %[[P]], %[[R]]) : (i1, i64, i64) -> i64
func.func @remainder(%a: tensor<8xi64>, %b: tensor<8xi64>) -> tensor<8xi64> {
  %r = "graph.remainder"(%a, %b) : (tensor<8xi64>, tensor<8xi64>) -> tensor<8xi64>
  return %r : tensor<8xi64>
}

// -----

/// sum of i32 is i64 (torch): the i32 load is sign-extended and reduced in i64.
// CHECK-LABEL: sym_name = "sum_i32"
// CHECK: "ind.reduction"() ({
// CHECK-NEXT: %[[L:.*]] = "ind.load"(%arg0) {{.*}} -> i32
// CHECK-NEXT: %[[E:.*]] = "arith.extsi"(%[[L]]) : (i32) -> i64
// CHECK-NEXT: "gpu.yield"(%[[E]]) : (i64) -> ()
// CHECK: reduction_type = "sum"} : () -> memref<4xi64>
func.func @sum_i32(%x: tensor<4x64xi32>) -> tensor<4xi64> {
  %s = "graph.sum"(%x) {dims = array<i64: 1>, keepdim = false} : (tensor<4x64xi32>) -> tensor<4xi64>
  return %s : tensor<4xi64>
}

// -----

/// argmax: the index is an i64 (index_cast of the flat reduced index; numel an i64 constant) and its min
/// reduction is into i64; the extreme of an i64 input is an i64 max reduction (cmpi, no NaN test).
// CHECK-LABEL: sym_name = "argmax_i64"
// CHECK: "ind.reduction"() ({
// CHECK-NEXT: %[[L:.*]] = "ind.load"(%arg0) {{.*}} -> i64
// CHECK-NEXT: "gpu.yield"(%[[L]]) : (i64) -> ()
// CHECK: reduction_type = "max"} : () -> memref<4x1xi64>
// CHECK: "ind.reduction"() ({
// CHECK: %[[H:.*]] = "arith.cmpi"(%{{.*}}, %{{.*}}) <{predicate = 0 : i64}> : (i64, i64) -> i1
// CHECK-NEXT: %[[N:.*]] = "arith.constant"() <{value = 64 : i64}> : () -> i64
// CHECK-NEXT: %[[I:.*]] = "ind.index_expr"() {{.*}} : () -> index
// CHECK-NEXT: %[[C:.*]] = "arith.index_cast"(%[[I]]) : (index) -> i64
// CHECK-NEXT: %[[S:.*]] = "arith.select"(%[[H]], %[[C]], %[[N]]) : (i1, i64, i64) -> i64
// CHECK-NEXT: "gpu.yield"(%[[S]]) : (i64) -> ()
// CHECK: reduction_type = "min"} : () -> memref<4xi64>
func.func @argmax_i64(%x: tensor<4x64xi64>) -> tensor<4xi64> {
  %a = "graph.argmax"(%x) {dims = array<i64: 1>, keepdim = false} : (tensor<4x64xi64>) -> tensor<4xi64>
  return %a : tensor<4xi64>
}
