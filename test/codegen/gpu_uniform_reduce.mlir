// A reduction of an r-invariant value (convert_kernel_to_gpu.c, reduce_uniform): sum is the value times
// rnumel (48), max and min are the value itself (no combiner, no shuffle); prod is the value to the
// rnumel by repeated squaring; welford_m2 stores m2 = 0.
// RUN: %ind-opt %s --split-input-file --pass-pipeline='builtin.module(convert-kernel-to-gpu)' | %filecheck %s
// CHECK-LABEL: "gpu.module"
// CHECK: [[X:%[0-9]+]] = "memref.load"(%arg0,
// CHECK-NEXT: [[N:%[0-9]+]] = "arith.constant"() <{value = 4.800000e+01 : f32}>
// CHECK-NEXT: [[S:%[0-9]+]] = "arith.mulf"([[X]], [[N]])
// CHECK: "memref.store"([[S]], %arg1,
// CHECK-LABEL: "gpu.module"
// CHECK: [[X:%[0-9]+]] = "memref.load"(%arg0,
// CHECK-NOT: "arith.maximumf"
// CHECK-NOT: "gpu.shuffle"
// CHECK: "memref.store"([[X]], %arg1,
// CHECK-LABEL: "gpu.module"
// CHECK: [[X:%[0-9]+]] = "memref.load"(%arg0,
// CHECK-NOT: "arith.minimumf"
// CHECK-NOT: "gpu.shuffle"
// CHECK: "memref.store"([[X]], %arg1,
"kernel.def"() ({
^bb0(%a: memref<64xf32>, %o: memref<64xf32>):
  %0 = "kernel.load"(%a) {index = affine_map<(d0, d1) -> (d0)>} : (memref<64xf32>) -> f32
  %1 = "kernel.reduce"(%0) {reduction_type = "sum"} : (f32) -> f32
  "kernel.store"(%o, %1) {index = affine_map<(d0, d1) -> (d0)>} : (memref<64xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "k", kind = "persistent_reduction", xranges = array<i64: 64>, rranges = array<i64: 48>,
    block = 32 : i64, xblock = 1 : i64, vector_width = 1 : i64} : () -> ()
// -----
"kernel.def"() ({
^bb0(%a: memref<64xf32>, %o: memref<64xf32>):
  %0 = "kernel.load"(%a) {index = affine_map<(d0, d1) -> (d0)>} : (memref<64xf32>) -> f32
  %1 = "kernel.reduce"(%0) {reduction_type = "max"} : (f32) -> f32
  "kernel.store"(%o, %1) {index = affine_map<(d0, d1) -> (d0)>} : (memref<64xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "k", kind = "persistent_reduction", xranges = array<i64: 64>, rranges = array<i64: 48>,
    block = 32 : i64, xblock = 1 : i64, vector_width = 1 : i64} : () -> ()
// -----
"kernel.def"() ({
^bb0(%a: memref<64xf32>, %o: memref<64xf32>):
  %0 = "kernel.load"(%a) {index = affine_map<(d0, d1) -> (d0)>} : (memref<64xf32>) -> f32
  %1 = "kernel.reduce"(%0) {reduction_type = "min"} : (f32) -> f32
  "kernel.store"(%o, %1) {index = affine_map<(d0, d1) -> (d0)>} : (memref<64xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "k", kind = "persistent_reduction", xranges = array<i64: 64>, rranges = array<i64: 48>,
    block = 32 : i64, xblock = 1 : i64, vector_width = 1 : i64} : () -> ()
// -----
/// welford_m2 of a uniform value: the state is (value, 0, rnumel), so the stored m2 is 0 (a variance of
/// rnumel equal values) and no step or shuffle runs.
// CHECK-LABEL: "gpu.module"
// CHECK: "memref.load"(%arg0,
// CHECK-NOT: "gpu.shuffle"
// CHECK: [[Z:%[0-9]+]] = "arith.constant"() <{value = 0.000000e+00 : f32}>
// CHECK-NOT: "gpu.shuffle"
// CHECK: "memref.store"([[Z]], %arg1,
"kernel.def"() ({
^bb0(%a: memref<64xf32>, %o: memref<64xf32>):
  %0 = "kernel.load"(%a) {index = affine_map<(d0, d1) -> (d0)>} : (memref<64xf32>) -> f32
  %1 = "kernel.reduce"(%0) {reduction_type = "welford_m2"} : (f32) -> f32
  "kernel.store"(%o, %1) {index = affine_map<(d0, d1) -> (d0)>} : (memref<64xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "k", kind = "persistent_reduction", xranges = array<i64: 64>, rranges = array<i64: 48>,
    block = 32 : i64, xblock = 1 : i64, vector_width = 1 : i64} : () -> ()
// -----
/// prod of a uniform value: value ** 48 by repeated squaring (x^2, x^4, x^8, x^16, x^32, then
/// x^16 * x^32: 48 = 0b110000), six multiplications and no shuffle.
// CHECK-LABEL: "gpu.module"
// CHECK: [[X:%[0-9]+]] = "memref.load"(%arg0,
// CHECK-NOT: "gpu.shuffle"
// CHECK: [[P2:%[0-9]+]] = "arith.mulf"([[X]], [[X]])
// CHECK-NEXT: [[P4:%[0-9]+]] = "arith.mulf"([[P2]], [[P2]])
// CHECK-NEXT: [[P8:%[0-9]+]] = "arith.mulf"([[P4]], [[P4]])
// CHECK-NEXT: [[P16:%[0-9]+]] = "arith.mulf"([[P8]], [[P8]])
// CHECK-NEXT: [[P32:%[0-9]+]] = "arith.mulf"([[P16]], [[P16]])
// CHECK-NEXT: [[R:%[0-9]+]] = "arith.mulf"([[P16]], [[P32]])
// CHECK-NOT: "gpu.shuffle"
// CHECK: "memref.store"([[R]], %arg1,
"kernel.def"() ({
^bb0(%a: memref<64xf32>, %o: memref<64xf32>):
  %0 = "kernel.load"(%a) {index = affine_map<(d0, d1) -> (d0)>} : (memref<64xf32>) -> f32
  %1 = "kernel.reduce"(%0) {reduction_type = "prod"} : (f32) -> f32
  "kernel.store"(%o, %1) {index = affine_map<(d0, d1) -> (d0)>} : (memref<64xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "k", kind = "persistent_reduction", xranges = array<i64: 64>, rranges = array<i64: 48>,
    block = 32 : i64, xblock = 1 : i64, vector_width = 1 : i64} : () -> ()
