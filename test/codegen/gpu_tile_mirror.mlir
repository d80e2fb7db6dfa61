// Tiled pointwise kernels (a transposed read) where one buffer is read both directly and transposed, the
// two reads mirror images (x + x.T): the blocks visit tile (i, j) and tile (j, i) back to back, so the
// transposed read finds in L2 what the mirror block read directly (gpu_thread_geometry.c, mirror_tile;
// docs/passes/codegen.md "Tiles"). Tiles of 8 x 128 (transposed-block=256, vector width 4) group into 128 x 128
// super-tiles of 16 blocks; u = the super-tile index within the plane: u < n(n-1) are mirror pairs (u / 2
// the pair, u odd the mirror), the n diagonal super-tiles last. Left alone: two different buffers (raster
// order), sched-to-kernel{tile-order=raster} (kernel.def tile_order = "raster"). Bad values are located
// errors.
// RUN: %ind-opt %s --split-input-file --lower --fuse --codegen=transposed-block=256 | %filecheck %s --check-prefix=KDEF
// RUN: %ind-opt %s --split-input-file --lower --fuse --codegen=transposed-block=256 | %ind-opt --split-input-file --pass-pipeline='builtin.module(convert-kernel-to-gpu)' | %filecheck %s
// RUN: %ind-opt %s --split-input-file --lower --fuse --codegen=tile-order=raster,transposed-block=256 | %filecheck %s --check-prefix=KRASTER
// RUN: %ind-opt %s --split-input-file --lower --fuse --codegen=tile-order=raster,transposed-block=256 | %ind-opt --split-input-file --pass-pipeline='builtin.module(convert-kernel-to-gpu)' | %filecheck %s --check-prefix=RASTER
// RUN: %not %ind-opt %s --split-input-file --lower --fuse --codegen=tile-order=zigzag 2>&1 | %filecheck %s --check-prefix=BAD
// RUN: %ind-opt %s --split-input-file --lower --fuse --codegen=tile-order=raster,transposed-block=256 | sed 's/tile_order = "raster"/tile_order = "diagonal"/' | %not %ind-opt --split-input-file --pass-pipeline='builtin.module(convert-kernel-to-gpu)' 2>&1 | %filecheck %s --check-prefix=BADATTR
// BAD: error: bad value 'zigzag' for option 'tile-order' of pass 'sched-to-kernel' (expected one of mirror, raster)
// BADATTR: error: convert-kernel-to-gpu: kernel.def's tile_order must be "mirror" or "raster"

/// x + x.T, 384 x 384: n = 3 super-tiles a side (odd), 9 per plane, 6 in mirror pairs.
// KDEF-NOT: tile_order
// KDEF: sym_name = "triton_poi_fused_add_permute_0"
// KRASTER: sym_name = "triton_poi_fused_add_permute_0", tile_order = "raster"
// CHECK-LABEL: "gpu.func"
// CHECK: [[BID:%[0-9]+]] = "gpu.block_id"
// CHECK: [[PER:%[0-9]+]] = "arith.constant"() <{value = 16 : index}>
// CHECK-NEXT: "arith.remui"([[BID]], [[PER]])
// CHECK: [[PER2:%[0-9]+]] = "arith.constant"() <{value = 16 : index}>
// CHECK-NEXT: [[ALL:%[0-9]+]] = "arith.divui"([[BID]], [[PER2]])
// CHECK-NEXT: [[NN:%[0-9]+]] = "arith.constant"() <{value = 9 : index}>
// CHECK-NEXT: [[U:%[0-9]+]] = "arith.remui"([[ALL]], [[NN]])
// CHECK: [[TWO:%[0-9]+]] = "arith.constant"() <{value = 2 : index}>
// CHECK-NEXT: [[P:%[0-9]+]] = "arith.divui"([[U]], [[TWO]])
// CHECK: [[N:%[0-9]+]] = "arith.constant"() <{value = 3 : index}>
// CHECK-NEXT: [[Q:%[0-9]+]] = "arith.divui"([[P]], [[N]])
// CHECK: [[NM1:%[0-9]+]] = "arith.constant"() <{value = 2 : index}>
// CHECK-NEXT: [[LEN:%[0-9]+]] = "arith.subi"([[NM1]], [[Q]])
// CHECK-NEXT: [[FIRST:%[0-9]+]] = "arith.cmpi"({{%[0-9]+}}, [[LEN]]) <{predicate = 6 : i64}>
// CHECK: "arith.subi"([[U]], {{%[0-9]+}})
// CHECK-NEXT: [[NPAIRS:%[0-9]+]] = "arith.constant"() <{value = 6 : index}>
// CHECK-NEXT: "arith.cmpi"([[U]], [[NPAIRS]]) <{predicate = 6 : i64}>
// CHECK: "vector.load"
// CHECK: "gpu.return"
// RASTER-LABEL: "gpu.func"
// RASTER: [[BID:%[0-9]+]] = "gpu.block_id"
// RASTER-NOT: "arith.remui"([[BID]],
// RASTER: [[TC:%[0-9]+]] = "arith.constant"() <{value = 3 : index}>
// RASTER-NEXT: "arith.remui"([[BID]], [[TC]])
// RASTER: "gpu.return"
func.func @mirror(%x: tensor<384x384xf32>) -> tensor<384x384xf32> {
  %p = "graph.permute"(%x) {dims = array<i64: 1, 0>} : (tensor<384x384xf32>) -> tensor<384x384xf32>
  %s = "graph.add"(%x, %p) : (tensor<384x384xf32>, tensor<384x384xf32>) -> tensor<384x384xf32>
  return %s : tensor<384x384xf32>
}

// -----
/// A batch of three 256 x 256 planes, x - x.transpose(1, 2): 4 super-tiles per plane (n = 2, one pair),
/// the plane = (bid / 16) / 4.
// KDEF-NOT: tile_order
// KDEF: sym_name = "triton_poi_fused_permute_sub_0"
// CHECK-LABEL: "gpu.func"
// CHECK: [[BID:%[0-9]+]] = "gpu.block_id"
// CHECK: "arith.remui"([[BID]], {{%[0-9]+}})
// CHECK-NEXT: [[PER:%[0-9]+]] = "arith.constant"() <{value = 16 : index}>
// CHECK-NEXT: [[ALL:%[0-9]+]] = "arith.divui"([[BID]], [[PER]])
// CHECK-NEXT: [[NN:%[0-9]+]] = "arith.constant"() <{value = 4 : index}>
// CHECK-NEXT: "arith.remui"([[ALL]], [[NN]])
// CHECK-NEXT: [[NN2:%[0-9]+]] = "arith.constant"() <{value = 4 : index}>
// CHECK-NEXT: "arith.divui"([[ALL]], [[NN2]])
// CHECK: "gpu.return"
func.func @batch(%x: tensor<3x256x256xf32>) -> tensor<3x256x256xf32> {
  %p = "graph.permute"(%x) {dims = array<i64: 0, 2, 1>} : (tensor<3x256x256xf32>) -> tensor<3x256x256xf32>
  %s = "graph.sub"(%x, %p) : (tensor<3x256x256xf32>, tensor<3x256x256xf32>) -> tensor<3x256x256xf32>
  return %s : tensor<3x256x256xf32>
}

// -----
/// x + y.T, two buffers: tiled, raster order (nothing to share through L2).
// CHECK-LABEL: "gpu.func"
// CHECK: [[BID:%[0-9]+]] = "gpu.block_id"
// CHECK-NOT: "arith.remui"([[BID]],
// CHECK: [[TC:%[0-9]+]] = "arith.constant"() <{value = 3 : index}>
// CHECK-NEXT: "arith.remui"([[BID]], [[TC]])
// CHECK: "gpu.return"
func.func @two(%x: tensor<384x384xf32>, %y: tensor<384x384xf32>) -> tensor<384x384xf32> {
  %p = "graph.permute"(%y) {dims = array<i64: 1, 0>} : (tensor<384x384xf32>) -> tensor<384x384xf32>
  %s = "graph.add"(%x, %p) : (tensor<384x384xf32>, tensor<384x384xf32>) -> tensor<384x384xf32>
  return %s : tensor<384x384xf32>
}
