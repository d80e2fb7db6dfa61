// Integer and boolean buffers through PTX (shared repros i32_add_ptx, i64_load_ptx, i64_store_ptx: each
// failed with "unsupported load/store conversion" naming no type). An integer value is computed in its own
// type (i32 + i32 is add.s32, no conversion); an integer read into f32 compute converts with sitofp (i1:
// uitofp), an f32 stored to an integer with fptosi (i1: x != 0); an unsupported pair is a located error
// naming both types.
// RUN: %ind-opt %S/Inputs/i32_add_ptx.mlir --preprocess --lower --fuse --codegen --emit=ptx | %filecheck %s --check-prefix=I32
// RUN: %ind-opt %S/Inputs/i64_load_ptx.mlir --preprocess --lower --fuse --codegen --emit=ptx | %filecheck %s --check-prefix=I64LOAD
// RUN: %ind-opt %S/Inputs/i64_store_ptx.mlir --preprocess --lower --fuse --codegen --emit=ptx | %filecheck %s --check-prefix=I64STORE
// RUN: %ind-opt %s --emit=ptx --verify-diagnostics -o /dev/null
// I32-NOT: cvt.rn.f32.s32
// I32: add.s32
// I32-NOT: cvt.rzi.s32.f32
// I32: st.global
// I64LOAD: cvt.rn.f32.s64
// I64LOAD: mul.rn.f32
// I64STORE: cvt.rzi.s64.f32
// I64STORE: st.global
"kernel.def"() ({
^bb0(%in_ptr0: memref<4xindex>, %out_ptr0: memref<4xf32>):
  // expected-error @+1 {{convert-kernel-to-gpu: unsupported load (storage type to compute type) conversion from index to f32}}
  %0 = "kernel.load"(%in_ptr0) {index = affine_map<(d0) -> (d0)>} : (memref<4xindex>) -> f32
  "kernel.store"(%out_ptr0, %0) {index = affine_map<(d0) -> (d0)>} : (memref<4xf32>, f32) -> ()
  "gpu.yield"() : () -> ()
}) {sym_name = "k", kind = "pointwise", xranges = array<i64: 4>, rranges = array<i64>, block = 32 : i64, xblock = 32 : i64, vector_width = 1 : i64} : () -> ()
