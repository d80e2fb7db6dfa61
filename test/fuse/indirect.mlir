// An indirect read (ind.load with an offset) is a StarDep of the whole buffer (Inductor's indirect
// reads): the producer of a buffer read indirectly never fuses with its reader, under every strategy,
// even when the reader also reads it at the index it is written; examples/embedding_layer_norm.mlir
// (the table is an input) and examples/nll_loss.mlir fuse as Inductor does.
// RUN: %ind-opt %S/Inputs/indirect_of_buffer.mlir --lower --pass-pipeline='builtin.module(ind-schedule)' | %filecheck %s --check-prefix=DEPS
// RUN: env IND_LOGS=fusion %ind-opt %S/Inputs/indirect_of_buffer.mlir --lower --fuse -o /dev/null 2>&1 | %filecheck %s --check-prefix=LOG
// RUN: %ind-opt %S/Inputs/indirect_of_buffer.mlir --lower --fuse=inductor --codegen | %filecheck %s --check-prefix=TWO
// RUN: %ind-opt %S/Inputs/indirect_of_buffer.mlir --lower --fuse=vertical --codegen | %filecheck %s --check-prefix=TWO
// RUN: %ind-opt %S/Inputs/indirect_of_buffer.mlir --lower --fuse=tvm --codegen | %filecheck %s --check-prefix=TWO
// RUN: %ind-opt %S/Inputs/indirect_of_buffer.mlir --lower --fuse=search --codegen | %filecheck %s --check-prefix=TWO
// RUN: %ind-opt %examples/embedding_layer_norm.mlir --codegen | %filecheck %s --check-prefix=EMB
// RUN: %ind-opt %examples/nll_loss.mlir --codegen | %filecheck %s --check-prefix=NLL

// DEPS: name = "op0"
// DEPS-SAME: writes = {{\[\["buf0"}}
// DEPS: met_dependencies = {{\[\["arg1_1"}}
// DEPS-SAME: name = "op1"
// DEPS-SAME: reads = {{\[\["arg1_1", #map[0-9]*, array<i64: 4>\], \["buf0"\], \["buf0", #map, array<i64: 4, 8>\]\]}}
// DEPS-SAME: unmet_dependencies = {{\[\["buf0"\], \["buf0", #map, array<i64: 4, 8>\]\]}}

// LOG: cannot fuse op0 with op1: memory deps did not match
// LOG: fused 2 nodes into 2 nodes

// TWO-COUNT-2: "kernel.def"
// TWO-NOT: "kernel.def"

// EMB: sym_name = "triton_per_fused_add_embedding_mean_mul_rsqrt_sub_0"
// EMB-NOT: "kernel.def"
// EMB: "kernel.launch"
// EMB-NOT: "kernel.launch"

// NLL: sym_name = "triton_per_fused_amax_sum_0"
// NLL: sym_name = "triton_per_fused_gather_log_mean_neg_sub_unsqueeze_1"
// NLL-NOT: "kernel.def"
