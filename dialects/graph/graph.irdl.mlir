// The graph dialect: ATen-level tensor ops (the input language of ind).
// Ops print in MLIR's generic form; docs/dialects/graph.md documents each op.
// Attributes that are optional (gelu's approximate, var's correction, squeeze's dims, slice's step,
// addmm's alpha/beta, a view's recorded strides) are not declared here and are checked by graph-infer-shapes instead.
// Each operand/result gets its own irdl.any: one constraint variable would force equal types.
irdl.dialect @graph {
  irdl.operation @add {
    %lhs = irdl.any
    %rhs = irdl.any
    %res = irdl.any
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(res: %res)
  }
  irdl.operation @sub {
    %lhs = irdl.any
    %rhs = irdl.any
    %res = irdl.any
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(res: %res)
  }
  irdl.operation @mul {
    %lhs = irdl.any
    %rhs = irdl.any
    %res = irdl.any
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(res: %res)
  }
  irdl.operation @div {
    %lhs = irdl.any
    %rhs = irdl.any
    %res = irdl.any
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(res: %res)
  }
  irdl.operation @pow {
    %lhs = irdl.any
    %rhs = irdl.any
    %res = irdl.any
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(res: %res)
  }
  irdl.operation @maximum {
    %lhs = irdl.any
    %rhs = irdl.any
    %res = irdl.any
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(res: %res)
  }
  irdl.operation @minimum {
    %lhs = irdl.any
    %rhs = irdl.any
    %res = irdl.any
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(res: %res)
  }
  irdl.operation @eq {
    %lhs = irdl.any
    %rhs = irdl.any
    %res = irdl.any
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(res: %res)
  }
  irdl.operation @ne {
    %lhs = irdl.any
    %rhs = irdl.any
    %res = irdl.any
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(res: %res)
  }
  irdl.operation @lt {
    %lhs = irdl.any
    %rhs = irdl.any
    %res = irdl.any
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(res: %res)
  }
  irdl.operation @le {
    %lhs = irdl.any
    %rhs = irdl.any
    %res = irdl.any
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(res: %res)
  }
  irdl.operation @gt {
    %lhs = irdl.any
    %rhs = irdl.any
    %res = irdl.any
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(res: %res)
  }
  irdl.operation @ge {
    %lhs = irdl.any
    %rhs = irdl.any
    %res = irdl.any
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(res: %res)
  }
  irdl.operation @where {
    %cond = irdl.any
    %lhs = irdl.any
    %rhs = irdl.any
    %res = irdl.any
    irdl.operands(cond: %cond, lhs: %lhs, rhs: %rhs)
    irdl.results(res: %res)
  }
  irdl.operation @relu {
    %input = irdl.any
    %res = irdl.any
    irdl.operands(input: %input)
    irdl.results(res: %res)
  }
  irdl.operation @neg {
    %input = irdl.any
    %res = irdl.any
    irdl.operands(input: %input)
    irdl.results(res: %res)
  }
  irdl.operation @abs {
    %input = irdl.any
    %res = irdl.any
    irdl.operands(input: %input)
    irdl.results(res: %res)
  }
  irdl.operation @exp {
    %input = irdl.any
    %res = irdl.any
    irdl.operands(input: %input)
    irdl.results(res: %res)
  }
  irdl.operation @log {
    %input = irdl.any
    %res = irdl.any
    irdl.operands(input: %input)
    irdl.results(res: %res)
  }
  irdl.operation @sqrt {
    %input = irdl.any
    %res = irdl.any
    irdl.operands(input: %input)
    irdl.results(res: %res)
  }
  irdl.operation @rsqrt {
    %input = irdl.any
    %res = irdl.any
    irdl.operands(input: %input)
    irdl.results(res: %res)
  }
  irdl.operation @reciprocal {
    %input = irdl.any
    %res = irdl.any
    irdl.operands(input: %input)
    irdl.results(res: %res)
  }
  irdl.operation @tanh {
    %input = irdl.any
    %res = irdl.any
    irdl.operands(input: %input)
    irdl.results(res: %res)
  }
  irdl.operation @sigmoid {
    %input = irdl.any
    %res = irdl.any
    irdl.operands(input: %input)
    irdl.results(res: %res)
  }
  irdl.operation @erf {
    %input = irdl.any
    %res = irdl.any
    irdl.operands(input: %input)
    irdl.results(res: %res)
  }
  irdl.operation @gelu {
    %input = irdl.any
    %res = irdl.any
    irdl.operands(input: %input)
    irdl.results(res: %res)
  }
  irdl.operation @convert {
    %input = irdl.any
    %res = irdl.any
    irdl.operands(input: %input)
    irdl.results(res: %res)
  }
  irdl.operation @contiguous {
    %input = irdl.any
    %res = irdl.any
    irdl.operands(input: %input)
    irdl.results(res: %res)
  }
  irdl.operation @clone {
    %input = irdl.any
    %res = irdl.any
    irdl.operands(input: %input)
    irdl.results(res: %res)
  }
  irdl.operation @view {
    %input = irdl.any
    %res = irdl.any
    %attr_shape = irdl.base "#builtin.dense_array"
    irdl.operands(input: %input)
    irdl.results(res: %res)
    irdl.attributes { "shape" = %attr_shape }
  }
  irdl.operation @reshape {
    %input = irdl.any
    %res = irdl.any
    %attr_shape = irdl.base "#builtin.dense_array"
    irdl.operands(input: %input)
    irdl.results(res: %res)
    irdl.attributes { "shape" = %attr_shape }
  }
  irdl.operation @expand {
    %input = irdl.any
    %res = irdl.any
    %attr_shape = irdl.base "#builtin.dense_array"
    irdl.operands(input: %input)
    irdl.results(res: %res)
    irdl.attributes { "shape" = %attr_shape }
  }
  irdl.operation @constant {
    %res = irdl.any
    %attr_value = irdl.base "#builtin.float"
    irdl.results(res: %res)
    irdl.attributes { "value" = %attr_value }
  }
  irdl.operation @sum {
    %input = irdl.any
    %res = irdl.any
    %attr_dims = irdl.base "#builtin.dense_array"
    %attr_keepdim = irdl.base "#builtin.integer"
    irdl.operands(input: %input)
    irdl.results(res: %res)
    irdl.attributes { "dims" = %attr_dims, "keepdim" = %attr_keepdim }
  }
  irdl.operation @mean {
    %input = irdl.any
    %res = irdl.any
    %attr_dims = irdl.base "#builtin.dense_array"
    %attr_keepdim = irdl.base "#builtin.integer"
    irdl.operands(input: %input)
    irdl.results(res: %res)
    irdl.attributes { "dims" = %attr_dims, "keepdim" = %attr_keepdim }
  }
  irdl.operation @amax {
    %input = irdl.any
    %res = irdl.any
    %attr_dims = irdl.base "#builtin.dense_array"
    %attr_keepdim = irdl.base "#builtin.integer"
    irdl.operands(input: %input)
    irdl.results(res: %res)
    irdl.attributes { "dims" = %attr_dims, "keepdim" = %attr_keepdim }
  }
  irdl.operation @amin {
    %input = irdl.any
    %res = irdl.any
    %attr_dims = irdl.base "#builtin.dense_array"
    %attr_keepdim = irdl.base "#builtin.integer"
    irdl.operands(input: %input)
    irdl.results(res: %res)
    irdl.attributes { "dims" = %attr_dims, "keepdim" = %attr_keepdim }
  }
  irdl.operation @prod {
    %input = irdl.any
    %res = irdl.any
    %attr_dims = irdl.base "#builtin.dense_array"
    %attr_keepdim = irdl.base "#builtin.integer"
    irdl.operands(input: %input)
    irdl.results(res: %res)
    irdl.attributes { "dims" = %attr_dims, "keepdim" = %attr_keepdim }
  }
  irdl.operation @var {
    %input = irdl.any
    %res = irdl.any
    %attr_dims = irdl.base "#builtin.dense_array"
    %attr_keepdim = irdl.base "#builtin.integer"
    irdl.operands(input: %input)
    irdl.results(res: %res)
    irdl.attributes { "dims" = %attr_dims, "keepdim" = %attr_keepdim }
  }
  irdl.operation @permute {
    %input = irdl.any
    %res = irdl.any
    %attr_dims = irdl.base "#builtin.dense_array"
    irdl.operands(input: %input)
    irdl.results(res: %res)
    irdl.attributes { "dims" = %attr_dims }
  }
  irdl.operation @transpose {
    %input = irdl.any
    %res = irdl.any
    %attr_dim0 = irdl.base "#builtin.integer"
    %attr_dim1 = irdl.base "#builtin.integer"
    irdl.operands(input: %input)
    irdl.results(res: %res)
    irdl.attributes { "dim0" = %attr_dim0, "dim1" = %attr_dim1 }
  }
  irdl.operation @squeeze {
    %input = irdl.any
    %res = irdl.any
    irdl.operands(input: %input)
    irdl.results(res: %res)
  }
  irdl.operation @unsqueeze {
    %input = irdl.any
    %res = irdl.any
    %attr_dim = irdl.base "#builtin.integer"
    irdl.operands(input: %input)
    irdl.results(res: %res)
    irdl.attributes { "dim" = %attr_dim }
  }
  irdl.operation @slice {
    %input = irdl.any
    %res = irdl.any
    %attr_dim = irdl.base "#builtin.integer"
    %attr_start = irdl.base "#builtin.integer"
    %attr_end = irdl.base "#builtin.integer"
    irdl.operands(input: %input)
    irdl.results(res: %res)
    irdl.attributes { "dim" = %attr_dim, "start" = %attr_start, "end" = %attr_end }
  }
  // IRDL binds one type per constraint variable, also across the elements of a variadic group:
  // a plain `variadic %inputs` would force every input to one type. So the first input is separate
  // and the rest share a type (nest cats to join more than two differently shaped inputs).
  irdl.operation @cat {
    %first = irdl.any
    %rest = irdl.any
    %res = irdl.any
    %attr_dim = irdl.base "#builtin.integer"
    irdl.operands(first: %first, rest: variadic %rest)
    irdl.results(res: %res)
    irdl.attributes { "dim" = %attr_dim }
  }
  irdl.operation @softmax {
    %input = irdl.any
    %res = irdl.any
    %attr_dim = irdl.base "#builtin.integer"
    irdl.operands(input: %input)
    irdl.results(res: %res)
    irdl.attributes { "dim" = %attr_dim }
  }
  irdl.operation @log_softmax {
    %input = irdl.any
    %res = irdl.any
    %attr_dim = irdl.base "#builtin.integer"
    irdl.operands(input: %input)
    irdl.results(res: %res)
    irdl.attributes { "dim" = %attr_dim }
  }
  irdl.operation @layer_norm {
    %input = irdl.any
    %weight = irdl.any
    %bias = irdl.any
    %res = irdl.any
    %attr_normalized_shape = irdl.base "#builtin.dense_array"
    %attr_eps = irdl.base "#builtin.float"
    irdl.operands(input: %input, weight: %weight, bias: %bias)
    irdl.results(res: %res)
    irdl.attributes { "normalized_shape" = %attr_normalized_shape, "eps" = %attr_eps }
  }
  irdl.operation @rms_norm {
    %input = irdl.any
    %weight = irdl.any
    %res = irdl.any
    %attr_normalized_shape = irdl.base "#builtin.dense_array"
    %attr_eps = irdl.base "#builtin.float"
    irdl.operands(input: %input, weight: %weight)
    irdl.results(res: %res)
    irdl.attributes { "normalized_shape" = %attr_normalized_shape, "eps" = %attr_eps }
  }
  irdl.operation @linear {
    %input = irdl.any
    %weight = irdl.any
    %bias = irdl.any
    %res = irdl.any
    irdl.operands(input: %input, weight: %weight, bias: optional %bias)
    irdl.results(res: %res)
  }
  irdl.operation @mm {
    %lhs = irdl.any
    %rhs = irdl.any
    %res = irdl.any
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(res: %res)
  }
  irdl.operation @bmm {
    %lhs = irdl.any
    %rhs = irdl.any
    %res = irdl.any
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(res: %res)
  }
  irdl.operation @addmm {
    %bias = irdl.any
    %lhs = irdl.any
    %rhs = irdl.any
    %res = irdl.any
    irdl.operands(bias: %bias, lhs: %lhs, rhs: %rhs)
    irdl.results(res: %res)
  }

  // issue 11: the ops of real models (docs/dialects/graph.md)
  irdl.operation @full {
    %res = irdl.any
    %attr_value = irdl.base "#builtin.float"
    %attr_shape = irdl.base "#builtin.dense_array"
    irdl.results(res: %res)
    irdl.attributes { "value" = %attr_value, "shape" = %attr_shape }
  }
  irdl.operation @zeros {
    %res = irdl.any
    %attr_shape = irdl.base "#builtin.dense_array"
    irdl.results(res: %res)
    irdl.attributes { "shape" = %attr_shape }
  }
  irdl.operation @ones {
    %res = irdl.any
    %attr_shape = irdl.base "#builtin.dense_array"
    irdl.results(res: %res)
    irdl.attributes { "shape" = %attr_shape }
  }
  irdl.operation @full_like {
    %input = irdl.any
    %res = irdl.any
    %attr_value = irdl.base "#builtin.float"
    irdl.operands(input: %input)
    irdl.results(res: %res)
    irdl.attributes { "value" = %attr_value }
  }
  irdl.operation @iota {
    %res = irdl.any
    irdl.results(res: %res)
  }
  irdl.operation @arange {
    %res = irdl.any
    %attr_end = irdl.base "#builtin.float"
    irdl.results(res: %res)
    irdl.attributes { "end" = %attr_end }
  }
  irdl.operation @silu {
    %input = irdl.any
    %res = irdl.any
    irdl.operands(input: %input)
    irdl.results(res: %res)
  }
  irdl.operation @sin {
    %input = irdl.any
    %res = irdl.any
    irdl.operands(input: %input)
    irdl.results(res: %res)
  }
  irdl.operation @cos {
    %input = irdl.any
    %res = irdl.any
    irdl.operands(input: %input)
    irdl.results(res: %res)
  }
  irdl.operation @floor {
    %input = irdl.any
    %res = irdl.any
    irdl.operands(input: %input)
    irdl.results(res: %res)
  }
  irdl.operation @ceil {
    %input = irdl.any
    %res = irdl.any
    irdl.operands(input: %input)
    irdl.results(res: %res)
  }
  irdl.operation @round {
    %input = irdl.any
    %res = irdl.any
    irdl.operands(input: %input)
    irdl.results(res: %res)
  }
  irdl.operation @trunc {
    %input = irdl.any
    %res = irdl.any
    irdl.operands(input: %input)
    irdl.results(res: %res)
  }
  irdl.operation @sign {
    %input = irdl.any
    %res = irdl.any
    irdl.operands(input: %input)
    irdl.results(res: %res)
  }
  irdl.operation @logical_not {
    %input = irdl.any
    %res = irdl.any
    irdl.operands(input: %input)
    irdl.results(res: %res)
  }
  irdl.operation @bitwise_not {
    %input = irdl.any
    %res = irdl.any
    irdl.operands(input: %input)
    irdl.results(res: %res)
  }
  irdl.operation @isnan {
    %input = irdl.any
    %res = irdl.any
    irdl.operands(input: %input)
    irdl.results(res: %res)
  }
  irdl.operation @isinf {
    %input = irdl.any
    %res = irdl.any
    irdl.operands(input: %input)
    irdl.results(res: %res)
  }
  irdl.operation @clamp {
    %input = irdl.any
    %res = irdl.any
    irdl.operands(input: %input)
    irdl.results(res: %res)
  }
  irdl.operation @clamp_min {
    %input = irdl.any
    %res = irdl.any
    %attr_min = irdl.base "#builtin.float"
    irdl.operands(input: %input)
    irdl.results(res: %res)
    irdl.attributes { "min" = %attr_min }
  }
  irdl.operation @clamp_max {
    %input = irdl.any
    %res = irdl.any
    %attr_max = irdl.base "#builtin.float"
    irdl.operands(input: %input)
    irdl.results(res: %res)
    irdl.attributes { "max" = %attr_max }
  }
  irdl.operation @remainder {
    %lhs = irdl.any
    %rhs = irdl.any
    %res = irdl.any
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(res: %res)
  }
  irdl.operation @fmod {
    %lhs = irdl.any
    %rhs = irdl.any
    %res = irdl.any
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(res: %res)
  }
  irdl.operation @logical_and {
    %lhs = irdl.any
    %rhs = irdl.any
    %res = irdl.any
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(res: %res)
  }
  irdl.operation @logical_or {
    %lhs = irdl.any
    %rhs = irdl.any
    %res = irdl.any
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(res: %res)
  }
  irdl.operation @bitwise_and {
    %lhs = irdl.any
    %rhs = irdl.any
    %res = irdl.any
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(res: %res)
  }
  irdl.operation @bitwise_or {
    %lhs = irdl.any
    %rhs = irdl.any
    %res = irdl.any
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(res: %res)
  }
  irdl.operation @bitwise_xor {
    %lhs = irdl.any
    %rhs = irdl.any
    %res = irdl.any
    irdl.operands(lhs: %lhs, rhs: %rhs)
    irdl.results(res: %res)
  }
  irdl.operation @masked_fill {
    %input = irdl.any
    %mask = irdl.any
    %res = irdl.any
    %attr_value = irdl.base "#builtin.float"
    irdl.operands(input: %input, mask: %mask)
    irdl.results(res: %res)
    irdl.attributes { "value" = %attr_value }
  }
  irdl.operation @argmax {
    %input = irdl.any
    %res = irdl.any
    %attr_dims = irdl.base "#builtin.dense_array"
    %attr_keepdim = irdl.base "#builtin.integer"
    irdl.operands(input: %input)
    irdl.results(res: %res)
    irdl.attributes { "dims" = %attr_dims, "keepdim" = %attr_keepdim }
  }
  irdl.operation @argmin {
    %input = irdl.any
    %res = irdl.any
    %attr_dims = irdl.base "#builtin.dense_array"
    %attr_keepdim = irdl.base "#builtin.integer"
    irdl.operands(input: %input)
    irdl.results(res: %res)
    irdl.attributes { "dims" = %attr_dims, "keepdim" = %attr_keepdim }
  }
  irdl.operation @any {
    %input = irdl.any
    %res = irdl.any
    %attr_dims = irdl.base "#builtin.dense_array"
    %attr_keepdim = irdl.base "#builtin.integer"
    irdl.operands(input: %input)
    irdl.results(res: %res)
    irdl.attributes { "dims" = %attr_dims, "keepdim" = %attr_keepdim }
  }
  irdl.operation @all {
    %input = irdl.any
    %res = irdl.any
    %attr_dims = irdl.base "#builtin.dense_array"
    %attr_keepdim = irdl.base "#builtin.integer"
    irdl.operands(input: %input)
    irdl.results(res: %res)
    irdl.attributes { "dims" = %attr_dims, "keepdim" = %attr_keepdim }
  }
  irdl.operation @flip {
    %input = irdl.any
    %res = irdl.any
    %attr_dims = irdl.base "#builtin.dense_array"
    irdl.operands(input: %input)
    irdl.results(res: %res)
    irdl.attributes { "dims" = %attr_dims }
  }
  irdl.operation @select {
    %input = irdl.any
    %res = irdl.any
    %attr_dim = irdl.base "#builtin.integer"
    %attr_index = irdl.base "#builtin.integer"
    irdl.operands(input: %input)
    irdl.results(res: %res)
    irdl.attributes { "dim" = %attr_dim, "index" = %attr_index }
  }
  irdl.operation @constant_pad_nd {
    %input = irdl.any
    %res = irdl.any
    %attr_pad = irdl.base "#builtin.dense_array"
    irdl.operands(input: %input)
    irdl.results(res: %res)
    irdl.attributes { "pad" = %attr_pad }
  }
  irdl.operation @repeat {
    %input = irdl.any
    %res = irdl.any
    %attr_repeats = irdl.base "#builtin.dense_array"
    irdl.operands(input: %input)
    irdl.results(res: %res)
    irdl.attributes { "repeats" = %attr_repeats }
  }
  irdl.operation @aten_softmax {
    %input = irdl.any
    %res = irdl.any
    %attr_dim = irdl.base "#builtin.integer"
    irdl.operands(input: %input)
    irdl.results(res: %res)
    irdl.attributes { "dim" = %attr_dim }
  }
  irdl.operation @scaled_dot_product_attention {
    %query = irdl.any
    %key = irdl.any
    %value = irdl.any
    %res = irdl.any
    irdl.operands(query: %query, key: %key, value: %value)
    irdl.results(res: %res)
  }
  irdl.operation @max_dim {
    %input = irdl.any
    %values = irdl.any
    %indices = irdl.any
    %attr_dim = irdl.base "#builtin.integer"
    %attr_keepdim = irdl.base "#builtin.integer"
    irdl.operands(input: %input)
    irdl.results(values: %values, indices: %indices)
    irdl.attributes { "dim" = %attr_dim, "keepdim" = %attr_keepdim }
  }
  irdl.operation @min_dim {
    %input = irdl.any
    %values = irdl.any
    %indices = irdl.any
    %attr_dim = irdl.base "#builtin.integer"
    %attr_keepdim = irdl.base "#builtin.integer"
    irdl.operands(input: %input)
    irdl.results(values: %values, indices: %indices)
    irdl.attributes { "dim" = %attr_dim, "keepdim" = %attr_keepdim }
  }
  // split.Tensor: every piece but the last has one type (IRDL binds one type per variable, also
  // across a variadic group), the last piece holds the rest.
  irdl.operation @split {
    %input = irdl.any
    %piece = irdl.any
    %last = irdl.any
    %attr_dim = irdl.base "#builtin.integer"
    %attr_split_size = irdl.base "#builtin.integer"
    irdl.operands(input: %input)
    irdl.results(pieces: variadic %piece, last: %last)
    irdl.attributes { "dim" = %attr_dim, "split_size" = %attr_split_size }
  }
  irdl.operation @native_layer_norm {
    %input = irdl.any
    %weight = irdl.any
    %bias = irdl.any
    %out = irdl.any
    %mean = irdl.any
    %rstd = irdl.any
    %attr_normalized_shape = irdl.base "#builtin.dense_array"
    %attr_eps = irdl.base "#builtin.float"
    irdl.operands(input: %input, weight: %weight, bias: %bias)
    irdl.results(out: %out, mean: %mean, rstd: %rstd)
    irdl.attributes { "normalized_shape" = %attr_normalized_shape, "eps" = %attr_eps }
  }
  irdl.operation @native_group_norm {
    %input = irdl.any
    %weight = irdl.any
    %bias = irdl.any
    %out = irdl.any
    %mean = irdl.any
    %rstd = irdl.any
    %attr_group = irdl.base "#builtin.integer"
    %attr_eps = irdl.base "#builtin.float"
    irdl.operands(input: %input, weight: %weight, bias: %bias)
    irdl.results(out: %out, mean: %mean, rstd: %rstd)
    irdl.attributes { "group" = %attr_group, "eps" = %attr_eps }
  }
  irdl.operation @cumsum {
    %input = irdl.any
    %res = irdl.any
    %attr_dim = irdl.base "#builtin.integer"
    irdl.operands(input: %input)
    irdl.results(res: %res)
    irdl.attributes { "dim" = %attr_dim }
  }
  // Indirect indexing (Inductor's ops.indirect_indexing): the index tensor's values pick elements.
  // index_select(input, index) {dim}: input with dim replaced by the 1-D index's entries.
  irdl.operation @index_select {
    %input = irdl.any
    %index = irdl.any
    %res = irdl.any
    %attr_dim = irdl.base "#builtin.integer"
    irdl.operands(input: %input, index: %index)
    irdl.results(res: %res)
    irdl.attributes { "dim" = %attr_dim }
  }
  // gather(input, index) {dim}: out[..i..] = input[..index[..i..]..] at dim; the index's shape.
  irdl.operation @gather {
    %input = irdl.any
    %index = irdl.any
    %res = irdl.any
    %attr_dim = irdl.base "#builtin.integer"
    irdl.operands(input: %input, index: %index)
    irdl.results(res: %res)
    irdl.attributes { "dim" = %attr_dim }
  }
  // embedding(weight, indices): rows of the 2-D weight, shape indices.shape + [weight.shape[1]].
  irdl.operation @embedding {
    %weight = irdl.any
    %indices = irdl.any
    %res = irdl.any
    irdl.operands(weight: %weight, indices: %indices)
    irdl.results(res: %res)
  }
}
