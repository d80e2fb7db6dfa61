// Fusion of ind.scan nodes (kind "scan", a reduction-kind node of group (numel, scan length), as
// Inductor's Scan): a pointwise producer is inlined into the scan's body by the lowering; a consumer that
// reads the scan at the position it is written (exp(cumsum)) fuses into the scan's kernel; a consumer that
// reads it at another position (the last element of each row) does not (its MemoryDep differs from the
// write: "no shared data", and can_fuse_vertical would say "memory deps did not match"),
// nor does a reduction-kind node of another group.
// RUN: %ind-opt %s --lower | %filecheck %s --check-prefix=LOWER
// RUN: %ind-opt %s --lower --fuse=inductor{debug-fusion=true} 2>&1 | %filecheck %s --check-prefix=LOG
// RUN: %ind-opt %s --lower --fuse --codegen | %filecheck %s --check-prefix=KERNEL
// RUN: %ind-run %s | %filecheck %s --check-prefix=JIT

/// The producer x * 2 + 1 is inside the scan's body (no buffer of its own).
// LOWER: "ind.scan"() ({
// LOWER-NEXT: "ind.load"(%arg0)
// LOWER: "arith.mulf"
// LOWER: "arith.addf"
// LOWER: "gpu.yield"
// LOWER: scan_type = "sum"
// LOWER-COUNT-2: "ind.pointwise"
// LOWER-NOT: "ind.pointwise"

// LOG: cannot fuse op0 with op2: no shared data
// LOG-NOT: cannot fuse op0 with op1

/// Two kernels: the scan with its exp epilogue (kernel.scan, then math.exp, stored), and the last
/// elements, read from the scan's buffer.
// KERNEL: "kernel.def"
// KERNEL: "kernel.scan"({{.*}}) {scan_type = "sum"}
// KERNEL: "math.exp"
// KERNEL: sym_name = "triton_per_fused_add_cumsum_exp_mul_0"
// KERNEL: "kernel.def"
// KERNEL-NOT: "kernel.scan"
// KERNEL: sym_name = "triton_poi_fused_mul_select_1"
// JIT: check out0: 5x13xf32 {{.*}} PASS
// JIT: check out1: 5xf32 {{.*}} PASS
func.func @scan_fusion(%x: tensor<5x13xf32>) -> (tensor<5x13xf32>, tensor<5xf32>) {
  %two = "graph.constant"() {value = 2.0 : f64} : () -> tensor<f32>
  %one = "graph.constant"() {value = 1.0 : f64} : () -> tensor<f32>
  %m = "graph.mul"(%x, %two) : (tensor<5x13xf32>, tensor<f32>) -> tensor<5x13xf32>
  %p = "graph.add"(%m, %one) : (tensor<5x13xf32>, tensor<f32>) -> tensor<5x13xf32>
  %c = "graph.cumsum"(%p) {dim = 1 : i64} : (tensor<5x13xf32>) -> tensor<5x13xf32>
  %e = "graph.exp"(%c) : (tensor<5x13xf32>) -> tensor<5x13xf32>
  %l = "graph.select"(%c) {dim = 1 : i64, index = 12 : i64} : (tensor<5x13xf32>) -> tensor<5xf32>
  %l2 = "graph.mul"(%l, %l) : (tensor<5xf32>, tensor<5xf32>) -> tensor<5xf32>
  return %e, %l2 : tensor<5x13xf32>, tensor<5xf32>
}
