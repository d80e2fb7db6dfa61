// RUN: %ind-opt --help | %filecheck %s --check-prefix=HELP
// RUN: %ind-opt --list-passes | %filecheck %s --check-prefix=LIST
// HELP: USAGE: ind-opt [options]
// HELP: --pass-pipeline=TEXT
// HELP: --verify-diagnostics
// LIST: Passes
/// --help and --list-passes read the strategy registry (no closed list): every strategy, the flags.
// RUN: %ind-opt --help | %filecheck %s --check-prefix=FHELP
// FHELP: --fuse[=inductor|vertical|none|tvm|search] {{.*}}--fuse=NAME{opt=value ...}
// FHELP: --emit=mlir|fusion-report|
// FHELP: --fusion-report[=DIR]
// FHELP: --load-pass-plugin=LIB.so
// LIST: fuse-tvm
// LIST: max-depth=<integer> (default 256)
// LIST: fuse-search
// LIST: Fusion strategies
// LIST-NEXT: inductor: fuse-inductor (default)
// LIST-NEXT: vertical: fuse-vertical
// LIST-NEXT: none: fuse-none
// LIST-NEXT: tvm: fuse-tvm (op-level lowering)
// LIST-NEXT: search: fuse-search
// LIST: --lower: {{.*}}op-level
// LIST: Upstream MLIR passes
