// RUN: %ind-opt --help | %filecheck %s --check-prefix=HELP
// RUN: %ind-opt --list-passes | %filecheck %s --check-prefix=LIST
// HELP: USAGE: ind-opt [options]
// HELP: --pass-pipeline=TEXT
// HELP: --verify-diagnostics
// LIST: Passes
// LIST: Upstream MLIR passes
