// The pre-fusion dump names each buffer's element type as torch does (sched_dump.c, torch_dtype):
// i1 is torch.bool, i8 / i32 / i64 the signed ints, f16 / bf16 / f64 / f32 the floats.
// RUN: %ind-opt %s --pass-pipeline='builtin.module(ind-schedule,fuse-none{ir-pre-fusion=%t.pre})' -o /dev/null
// RUN: %filecheck %s < %t.pre
// CHECK: buf0.layout = FixedLayout('cuda:0', torch.bool, size=[8], stride=[1])
// CHECK: buf1.layout = FixedLayout('cuda:0', torch.int8, size=[8], stride=[1])
// CHECK: buf2.layout = FixedLayout('cuda:0', torch.int32, size=[8], stride=[1])
// CHECK: buf3.layout = FixedLayout('cuda:0', torch.int64, size=[8], stride=[1])
// CHECK: buf4.layout = FixedLayout('cuda:0', torch.float16, size=[8], stride=[1])
// CHECK: buf5.layout = FixedLayout('cuda:0', torch.bfloat16, size=[8], stride=[1])
// CHECK: buf6.layout = FixedLayout('cuda:0', torch.float64, size=[8], stride=[1])
// CHECK: buf7.layout = FixedLayout('cuda:0', torch.float32, size=[8], stride=[1])
func.func @dtypes(%a0: memref<8xi1>, %a1: memref<8xi8>, %a2: memref<8xi32>, %a3: memref<8xi64>, %a4: memref<8xf16>, %a5: memref<8xbf16>, %a6: memref<8xf64>, %a7: memref<8xf32>) -> (memref<8xi1>, memref<8xi8>, memref<8xi32>, memref<8xi64>, memref<8xf16>, memref<8xbf16>, memref<8xf64>, memref<8xf32>) {
  %buf0 = "ind.pointwise"() ({
    %0 = "ind.load"(%a0) {index = affine_map<(d0) -> (d0)>} : (memref<8xi1>) -> i1
    "gpu.yield"(%0) : (i1) -> ()
  }) {name = "buf0", ranges = array<i64: 8>} : () -> memref<8xi1>
  %buf1 = "ind.pointwise"() ({
    %0 = "ind.load"(%a1) {index = affine_map<(d0) -> (d0)>} : (memref<8xi8>) -> i8
    "gpu.yield"(%0) : (i8) -> ()
  }) {name = "buf1", ranges = array<i64: 8>} : () -> memref<8xi8>
  %buf2 = "ind.pointwise"() ({
    %0 = "ind.load"(%a2) {index = affine_map<(d0) -> (d0)>} : (memref<8xi32>) -> i32
    "gpu.yield"(%0) : (i32) -> ()
  }) {name = "buf2", ranges = array<i64: 8>} : () -> memref<8xi32>
  %buf3 = "ind.pointwise"() ({
    %0 = "ind.load"(%a3) {index = affine_map<(d0) -> (d0)>} : (memref<8xi64>) -> i64
    "gpu.yield"(%0) : (i64) -> ()
  }) {name = "buf3", ranges = array<i64: 8>} : () -> memref<8xi64>
  %buf4 = "ind.pointwise"() ({
    %0 = "ind.load"(%a4) {index = affine_map<(d0) -> (d0)>} : (memref<8xf16>) -> f16
    "gpu.yield"(%0) : (f16) -> ()
  }) {name = "buf4", ranges = array<i64: 8>} : () -> memref<8xf16>
  %buf5 = "ind.pointwise"() ({
    %0 = "ind.load"(%a5) {index = affine_map<(d0) -> (d0)>} : (memref<8xbf16>) -> bf16
    "gpu.yield"(%0) : (bf16) -> ()
  }) {name = "buf5", ranges = array<i64: 8>} : () -> memref<8xbf16>
  %buf6 = "ind.pointwise"() ({
    %0 = "ind.load"(%a6) {index = affine_map<(d0) -> (d0)>} : (memref<8xf64>) -> f64
    "gpu.yield"(%0) : (f64) -> ()
  }) {name = "buf6", ranges = array<i64: 8>} : () -> memref<8xf64>
  %buf7 = "ind.pointwise"() ({
    %0 = "ind.load"(%a7) {index = affine_map<(d0) -> (d0)>} : (memref<8xf32>) -> f32
    "gpu.yield"(%0) : (f32) -> ()
  }) {name = "buf7", ranges = array<i64: 8>} : () -> memref<8xf32>
  "func.return"(%buf0, %buf1, %buf2, %buf3, %buf4, %buf5, %buf6, %buf7) : (memref<8xi1>, memref<8xi8>, memref<8xi32>, memref<8xi64>, memref<8xf16>, memref<8xbf16>, memref<8xf64>, memref<8xf32>) -> ()
}
