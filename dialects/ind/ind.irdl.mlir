// The ind dialect: Inductor IR. Buffers are SSA values of memref type (the memref's shape, strides and
// offset are the buffer's FixedLayout); ComputedBuffers are ind.pointwise / ind.reduction ops whose body
// region computes one element from ind.load ops at affine indices. docs/dialects/ind.md has the details.
irdl.dialect @ind {
  // A ComputedBuffer whose data is a Pointwise: `ranges` are the iteration sizes (d0..d{n-1} in index maps).
  irdl.operation @pointwise {
    %res = irdl.any
    %body = irdl.region
    %name = irdl.base "#builtin.string"
    %ranges = irdl.base "#builtin.dense_array"
    irdl.results(res: %res)
    irdl.regions(body: %body)
    irdl.attributes { "name" = %name, "ranges" = %ranges }
  }
  // A ComputedBuffer whose data is a Reduction over `reduction_ranges` (index-map dims after the ranges).
  irdl.operation @reduction {
    %res = irdl.any
    %body = irdl.region
    %name = irdl.base "#builtin.string"
    %ranges = irdl.base "#builtin.dense_array"
    %rranges = irdl.base "#builtin.dense_array"
    %rtype = irdl.base "#builtin.string"
    irdl.results(res: %res)
    irdl.regions(body: %body)
    irdl.attributes { "name" = %name, "ranges" = %ranges, "reduction_ranges" = %rranges, "reduction_type" = %rtype }
  }
  // A ComputedBuffer whose data is a Scan (Inductor's ir.Scan): for each point of `ranges`, the running
  // combine (`scan_type`) of the body's values along `scan_ranges` (one dim, the index maps' last).
  irdl.operation @scan {
    %res = irdl.any
    %body = irdl.region
    %name = irdl.base "#builtin.string"
    %ranges = irdl.base "#builtin.dense_array"
    %sranges = irdl.base "#builtin.dense_array"
    %stype = irdl.base "#builtin.string"
    irdl.results(res: %res)
    irdl.regions(body: %body)
    irdl.attributes { "name" = %name, "ranges" = %ranges, "scan_ranges" = %sranges, "scan_type" = %stype }
  }
  // An extern kernel (mm, bmm): an opaque buffer whose inputs are realized buffers. A fusion barrier.
  // Operands with their own constraints (one variadic constraint would force equal types); mm's
  // optional bias is added to every row of the product (the matmul's epilogue).
  irdl.operation @extern {
    %lhs = irdl.any
    %rhs = irdl.any
    %bias = irdl.any
    %res = irdl.any
    %name = irdl.base "#builtin.string"
    %kernel = irdl.base "#builtin.string"
    irdl.operands(lhs: %lhs, rhs: %rhs, bias: optional %bias)
    irdl.results(res: %res)
    irdl.attributes { "name" = %name, "kernel" = %kernel }
  }
  // Body op: load one element of `buffer` at the flat storage offset `index` (an affine map of the
  // iteration variables) plus the optional `offset` (an index value: an indirect load), converted to
  // the compute type (f32).
  irdl.operation @load {
    %buffer = irdl.any
    %offset = irdl.is index
    %res = irdl.any
    %index = irdl.base "#builtin.affine_map"
    irdl.operands(buffer: %buffer, offset: optional %offset)
    irdl.results(res: %res)
    irdl.attributes { "index" = %index }
  }
  // Body op: Inductor's ops.indirect_indexing: a tensor's value (f32, an integer or index) used as a
  // position in a dim of `size`: negative values count from the end; the result (index) is in [0, size).
  irdl.operation @indirect_indexing {
    %value = irdl.any
    %res = irdl.is index
    %size = irdl.base "#builtin.integer"
    irdl.operands(value: %value)
    irdl.results(res: %res)
    irdl.attributes { "size" = %size }
  }
  // Body op: the value of an affine expression of the iteration variables (Inductor's ops.index_expr).
  irdl.operation @index_expr {
    %res = irdl.any
    %index = irdl.base "#builtin.affine_map"
    irdl.results(res: %res)
    irdl.attributes { "index" = %index }
  }
}
