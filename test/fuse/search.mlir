// fuse-search (passes/fuse/search.c): the grouping of least cost (HBM bytes + spills + launches)
// under the shared legality checks. examples/lock_in.mlir is a program where Inductor's greedy
// order locks in a worse grouping (docs/passes/fuse.md explains it).

/// Greedy: the reductions fuse first (same kind), then x takes y; y is written and read back.
// RUN: %ind-opt %examples/lock_in.mlir --fuse=inductor | %filecheck %s --check-prefix=GREEDY
// GREEDY: name = "op0_op1"
// GREEDY: name = "op2_op3"
/// Search: x alone (read back once), y inside the reductions' loop: 4 MiB less.
// RUN: %ind-opt %examples/lock_in.mlir --fuse=search | %filecheck %s --check-prefix=SEARCH
// SEARCH: kind = "reduction"
// SEARCH-SAME: name = "op0"
// SEARCH: "sched.fused"
// SEARCH: name = "op1_op2_op3"
// RUN: env IND_LOGS=fusion %ind-opt %examples/lock_in.mlir --fuse=search 2>&1 >/dev/null | %filecheck %s --check-prefix=LOG
// LOG: fusing op1 with op2
// LOG: fusing op1_op2 with op3
// LOG: search (exact search, {{[0-9]+}} states): greedy 2 kernels, cost 48259072 bytes; best 2 kernels, cost 44064768 bytes
/// The report shows the bytes: 44 MiB for the greedy, 40 for the search.
// RUN: %ind-opt %examples/lock_in.mlir --fusion-report | %filecheck %s --check-prefix=REP
// REP: inductor   inductor      4       2        2       37765120        8396800      44.02
// REP: search     inductor      4       2        2       37765120        4202496      40.02

/// Local search (exact-limit=0) starts from the greedy grouping and only merges: it cannot undo
/// y's place, so it keeps the greedy's cost; a search cut by max-states keeps the best seen.
// RUN: env IND_LOGS=fusion %ind-opt %examples/lock_in.mlir --fuse='search{exact-limit=0}' 2>&1 >/dev/null | %filecheck %s --check-prefix=LOCAL
// LOCAL: search (local search from the greedy grouping, 0 states): greedy 2 kernels, cost 48259072 bytes; best 2 kernels, cost 48259072 bytes
// RUN: env IND_LOGS=fusion %ind-opt %examples/lock_in.mlir --fuse='search{max-states=3}' 2>&1 >/dev/null | %filecheck %s --check-prefix=CUT
// CUT: search (exact search, cut at max-states, 4 states): greedy 2 kernels, cost 48259072 bytes; best 2 kernels, cost 48259072 bytes

/// The cost model's other terms on the seed (one kernel either way): the launch (launch-bytes), and
/// the register estimate (5 live values: x, bias, gamma, beta, the result): with reg-limit=1 the 4
/// extra values spill, 4 x 8 bytes x 1024 x 1024 more.
// RUN: env IND_LOGS=fusion %ind-opt %S/Inputs/seed.ind.mlir --fuse=search 2>&1 >/dev/null | %filecheck %s --check-prefix=COST
// RUN: env IND_LOGS=fusion %ind-opt %S/Inputs/seed.ind.mlir --fuse='search{launch-bytes=0}' 2>&1 >/dev/null | %filecheck %s --check-prefix=NOLAUNCH
// RUN: env IND_LOGS=fusion %ind-opt %S/Inputs/seed.ind.mlir --fuse='search{reg-limit=1}' 2>&1 >/dev/null | %filecheck %s --check-prefix=SPILL
// RUN: env IND_LOGS=fusion %ind-opt %S/Inputs/seed.ind.mlir --fuse='search{reg-limit=5}' 2>&1 >/dev/null | %filecheck %s --check-prefix=COST
// COST: best 1 kernels, cost 9449472 bytes
// NOLAUNCH: best 1 kernels, cost 8400896 bytes
// SPILL: best 1 kernels, cost 43003904 bytes

/// Large graphs: local search, under a second for 1,000 nodes (bench/fuse_scaling.py's chain and DAG;
/// not timed under the sanitizers). The grouping is never worse than the greedy's.
// RUN: %python %S/../../bench/fuse_scaling.py --ind-opt %ind-opt --sizes 1000 --strategy search --graph dag | %filecheck %s --check-prefix=BIG
// RUN: %python %S/../../bench/fuse_scaling.py --ind-opt %ind-opt --sizes 1000 --strategy search --graph chain | %filecheck %s --check-prefix=BIG
// BIG: nodes kernels
// BIG-NEXT: {{^ *}}1000 {{ *}}16

/// On already fused input the search keeps the groups it is given and adds to them.
// RUN: %ind-opt %examples/lock_in.mlir --fuse=search | %ind-opt --fuse=search | %filecheck %s --check-prefix=SEARCH
// RUN: %ind-opt %examples/seed.mlir --fuse=tvm | %ind-opt --fuse=search | %filecheck %s --check-prefix=ONTVM
// ONTVM: "sched.fused"
// ONTVM: name = "op0_op1_op2_op3_op4_op5_op6_op7_op8_op9"
