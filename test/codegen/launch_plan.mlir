/// The launch plan of the mm + epilogue case and of the reuse chain: inputs, allocations (with reuse),
/// steps in order with grid/block and argument buffer names, outputs.
// RUN: %ind-opt %S/Inputs/mm_epilogue.sched.mlir --pass-pipeline='builtin.module(sched-to-kernel,kernel-cse,kernel-reuse-buffers)' --emit=launch-plan | %filecheck %s --check-prefix=MM
// RUN: %ind-opt %S/Inputs/chain.sched.mlir --pass-pipeline='builtin.module(sched-to-kernel,kernel-cse,kernel-reuse-buffers)' --emit=launch-plan | %filecheck %s --check-prefix=CHAIN
// RUN: %ind-opt %S/Inputs/mm_epilogue.sched.mlir --pass-pipeline='builtin.module(sched-to-kernel,kernel-cse,kernel-reuse-buffers)' --emit=launch-plan | %python -c "import json,sys; p=json.load(sys.stdin); print(len(p['steps']), p['outputs'])" | %filecheck %s --check-prefix=JSON

// MM: {"version": 1, "module": "ind_kernels",
// MM: "inputs": [
// MM-NEXT: {"name": "arg0_1", "dtype": "f32", "shape": [256, 256], "bytes": 262144},
// MM-NEXT: {"name": "arg1_1", "dtype": "f32", "shape": [256, 256], "bytes": 262144},
// MM-NEXT: {"name": "arg2_1", "dtype": "f32", "shape": [256], "bytes": 1024}],
// MM: "allocations": [
// MM-NEXT: {"name": "buf0", "dtype": "f32", "shape": [256, 256], "bytes": 262144, "reuse": null},
// MM-NEXT: {"name": "buf1", "dtype": "f32", "shape": [256, 256], "bytes": 262144, "reuse": null}],
// MM: "steps": [
// MM-NEXT: {"op": "extern", "kernel": "mm", "args": ["arg0_1", "arg1_1", "buf0"]},
// MM-NEXT: {"op": "launch", "kernel": "triton_poi_fused_add_relu_0", "grid": [64, 1, 1], "block": [256, 1, 1], "args": ["buf0", "arg2_1", "buf1"]}],
// MM: "outputs": ["buf1"]}

// CHAIN: {"name": "buf2", "dtype": "f32", "shape": [1024], "bytes": 4096, "reuse": "buf0"}
// CHAIN: "kernel": "triton_poi_fused_add_0"
// CHAIN: "kernel": "triton_poi_fused_mul_1"
// CHAIN: "kernel": "triton_poi_fused_add_2"

// JSON: 2 ['buf1']
