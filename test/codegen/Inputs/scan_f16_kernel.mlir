"kernel.def"() ({
^bb0(%a: memref<5115xf16>, %o: memref<5115xf16>):
  %1 = "kernel.load"(%a) {index = affine_map<(d0, d1) -> (d0 * 1023 + d1)>} : (memref<5115xf16>) -> f16
  %3 = "kernel.scan"(%1) {scan_type = "sum"} : (f16) -> f16
  "kernel.store"(%o, %3) {index = affine_map<(d0, d1) -> (d0 * 1023 + d1)>} : (memref<5115xf16>, f16) -> ()
  "gpu.yield"() : () -> ()
}) {block = 128 : i64, kind = "persistent_reduction", rranges = array<i64: 1023>, sym_name = "k", vector_width = 1 : i64, xblock = 1 : i64, xranges = array<i64: 5>} : () -> ()
