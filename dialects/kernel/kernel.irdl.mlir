// The kernel dialect: one kernel per fused scheduler node plus the host wrapper.
// docs/dialects/kernel.md has the details (ops, attributes, the tile-over-r semantics).
irdl.dialect @kernel {
  // A kernel: the body block's arguments are the flat 1-D memrefs it reads (in_ptr*) then writes
  // (out_ptr*); the body computes one program (one x point) and ends in "gpu.yield"().
  // kind: "pointwise" | "persistent_reduction" | "reduction"; xranges / rranges: the iteration
  // sizes (d0.. then the r dims); block / xblock / vector_width: launch geometry.
  irdl.operation @def {
    %body = irdl.region
    %name = irdl.base "#builtin.string"
    %kind = irdl.base "#builtin.string"
    %xranges = irdl.base "#builtin.dense_array"
    %rranges = irdl.base "#builtin.dense_array"
    %block = irdl.base "#builtin.integer"
    %xblock = irdl.base "#builtin.integer"
    %vw = irdl.base "#builtin.integer"
    irdl.regions(body: %body)
    irdl.attributes { "sym_name" = %name, "kind" = %kind, "xranges" = %xranges, "rranges" = %rranges,
                      "block" = %block, "xblock" = %xblock, "vector_width" = %vw }
  }
  // Body op: element `index` (affine map of the kernel's dims -> flat offset) + `offset` (optional
  // index value: an indirect load) of `buffer`, as f32.
  irdl.operation @load {
    %buffer = irdl.any
    %offset = irdl.is index
    %res = irdl.any
    %index = irdl.base "#builtin.affine_map"
    irdl.operands(buffer: %buffer, offset: optional %offset)
    irdl.results(res: %res)
    irdl.attributes { "index" = %index }
  }
  // Body op: stores `value` (converted to the storage type) at element `index` of `buffer`.
  irdl.operation @store {
    %buffer = irdl.any
    %value = irdl.any
    %index = irdl.base "#builtin.affine_map"
    irdl.operands(buffer: %buffer, value: %value)
    irdl.attributes { "index" = %index }
  }
  // Body op: the value of the affine expression `index` of the kernel's dims (index or f32).
  irdl.operation @index_expr {
    %res = irdl.any
    %index = irdl.base "#builtin.affine_map"
    irdl.results(res: %res)
    irdl.attributes { "index" = %index }
  }
  // Body op: reduces a tile over r (an r-varying value) to one value per x point.
  // reduction_type: "sum" | "max" | "min" | "prod" | "welford_mean" | "welford_m2" | "online_softmax_max" |
  // "online_softmax_sum".
  irdl.operation @reduce {
    %value = irdl.any
    %res = irdl.any
    %rtype = irdl.base "#builtin.string"
    irdl.operands(value: %value)
    irdl.results(res: %res)
    irdl.attributes { "reduction_type" = %rtype }
  }
  // Body op: the inclusive scan of a tile over r (an r-varying value) along the r space in row-major
  // order (Inductor's ops.scan / tl.associative_scan): its result is r-varying, at r the combine of the
  // tile's values at 0..r. scan_type: "sum" | "max" | "min" | "prod".
  irdl.operation @scan {
    %value = irdl.any
    %res = irdl.any
    %stype = irdl.base "#builtin.string"
    irdl.operands(value: %value)
    irdl.results(res: %res)
    irdl.attributes { "scan_type" = %stype }
  }
  // Body op: the index `index` (an index value: an indirect index, data-dependent), unchanged, after a
  // device check that lower <= index < upper; a violation is recorded in the module's check record
  // (include/ind/checked.h) and reported by the host after the run (checked mode, docs/gpu.md).
  irdl.operation @check_index {
    %index = irdl.is index
    %lower = irdl.base "#builtin.integer"
    %upper = irdl.base "#builtin.integer"
    irdl.operands(index: %index)
    irdl.results(res: %index)
    irdl.attributes { "lower" = %lower, "upper" = %upper }
  }
  // Host wrapper: allocates computed buffer `name` (a memref of the ind level); optional attribute
  // `reuse = "bufK"` when it takes over the storage of dead buffer bufK (same byte size).
  irdl.operation @alloc {
    %res = irdl.any
    %name = irdl.base "#builtin.string"
    irdl.results(res: %res)
    irdl.attributes { "name" = %name }
  }
  // Host wrapper: launches kernel `kernel` with `grid` blocks of `block` threads. The arguments (in
  // the order of the kernel's body arguments) are the operands of the terminator of its one-block
  // region, `"gpu.yield"(%a, %b, ...)`: IRDL forces all elements of a variadic operand to one type,
  // and buffers have different memref types. Use kernel_launch_arg() (kernel.h) to read them.
  irdl.operation @launch {
    %args = irdl.region
    %kernel = irdl.base "#builtin.symbol_ref"
    %grid = irdl.base "#builtin.dense_array"
    %block = irdl.base "#builtin.dense_array"
    irdl.regions(args: %args)
    irdl.attributes { "kernel" = %kernel, "grid" = %grid, "block" = %block }
  }
  // Host wrapper: calls extern kernel `kernel` ("mm" | "bmm"). Arguments as for launch (the region's
  // "gpu.yield" operands): the inputs, then the output buffer (last), which the wrapper allocated;
  // `name` is the output buffer's name.
  irdl.operation @extern_call {
    %args = irdl.region
    %kernel = irdl.base "#builtin.string"
    %name = irdl.base "#builtin.string"
    irdl.regions(args: %args)
    irdl.attributes { "kernel" = %kernel, "name" = %name }
  }
}
