// ind-opt --fusion-report: every strategy on one program (passes/fuse/report.c). On the seed it is
// the note's table: eager 10 kernels and about 80 MiB; inductor 1 kernel and about 8 MiB; TVM 3
// groups (everything up to s, the mean, the epilogue), 20 MiB: s is written once and read twice.

// RUN: %ind-opt %examples/seed.mlir --fusion-report | %filecheck %s --check-prefix=SEED --match-full-lines
// SEED: fusion report: @seed
// SEED-NEXT: strategy   lowering  nodes kernels launches     read_bytes  written_bytes  total_MiB regs  kernels (sub-nodes joined by _)
/// eager: x read once per op, every intermediate written and read: 20 x 4 MiB (+ 16 KiB of vectors).
// SEED-NEXT: eager      op-level     10      10       10       46153728       37752832      80.02    3  op0 op1 op2 op3 op4 op5 op6 op7 op8 op9
/// inductor: x and the three vectors read, y written: 8 MiB + 12 KiB.
// SEED-NEXT: inductor   inductor      2       1        1        4206592        4194304       8.01    5  op0_op1
// SEED-NEXT: vertical   inductor      2       1        1        4206592        4194304       8.01    5  op0_op1
// SEED-NEXT: none       inductor      2       2        2        8409088        4198400      12.02    6  op0 op1
// SEED-NEXT: tvm        op-level     10       3        3       12599296        8392704      20.02    5  op0_op1_op2_op3_op4_op5 op6 op7_op8_op9
// SEED-NEXT: search     inductor      2       1        1        4206592        4194304       8.01    5  op0_op1
// SEED-NOT: {{.}}

/// The pictures: one DOT file per strategy and function, one colour and cluster per kernel; SVG
/// through Graphviz where `dot` is installed.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %ind-opt %examples/seed.mlir --fusion-report=%t > /dev/null
// RUN: %filecheck %s --check-prefix=DOT < %t/seed.tvm.dot
// DOT: digraph "seed.tvm" {
// DOT: label="seed: tvm, 3 kernels";
// DOT: subgraph cluster_0 {
// DOT: "op0" [label="op0: mul\npointwise [1048576, 1]", fillcolor="[[C0:#[0-9a-f]+]]"];
// DOT: "op5" [label="op5: add_1\npointwise [1048576, 1]", fillcolor="[[C0]]"];
// DOT: subgraph cluster_1 {
// DOT-NOT: fillcolor="[[C0]]"
// DOT: "op6" [label="op6: mean\nreduction [1024, 1024]", fillcolor="[[C1:#[0-9a-f]+]]"];
// DOT: subgraph cluster_2 {
// DOT: "op5" -> "op6" [label="buf5"];
// RUN: %filecheck %s --check-prefix=EAGER < %t/seed.eager.dot
// RUN: %filecheck %s --check-prefix=IND < %t/seed.inductor.dot
/// a node lists the graph ops it computes (the ind op's origins)
// IND: "op0" [label="op0: mul, add, relu, mul_1, mul_2, add_1, mean\nreduction [1024, 1024]"
// EAGER: label="seed: eager, 10 kernels";
// EAGER: subgraph cluster_9 {
// RUN: %python -c "import os, shutil, sys; d = sys.argv[1]; need = shutil.which('dot') is not None; print('svg ok' if not need or open(os.path.join(d, 'seed.tvm.svg')).read().find('<svg') >= 0 else 'svg missing')" %t | %filecheck %s --check-prefix=SVG
// SVG: svg ok

/// A program with two functions gets a table each; a multi-output program counts every output.
// RUN: %ind-opt %S/Inputs/diamond.mlir --fusion-report | %filecheck %s --check-prefix=TWO
// TWO: fusion report: @elementwise
// TWO: tvm        op-level      4       1        1
// TWO: fusion report: @injective
// TWO: tvm        op-level      3       2        2
// RUN: %ind-opt %examples/rmsnorm_residual.mlir --fusion-report | %filecheck %s --check-prefix=RMS
/// inductor: x and r read, h and the output written: 16 MiB.
// RMS: inductor   inductor      3       1        1        8392704        8388608      16.00

/// An unwritable picture directory is an error.
// RUN: %not %ind-opt %examples/seed.mlir --fusion-report=%t/no/such/dir 2>&1 | %filecheck %s --check-prefix=BAD
// BAD: error: --fusion-report: cannot write '{{.*}}/no/such/dir/seed.eager.dot'
