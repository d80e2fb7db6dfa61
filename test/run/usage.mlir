// ind-run usage errors, and the compiled path on an identity function.
// RUN: %not %ind-run 2>&1 | %filecheck %s --check-prefix=NOPROG
// NOPROG: ind-run: error: no program given
// RUN: %not %ind-run --reference %s --bogus 2>&1 | %filecheck %s --check-prefix=UNKNOWN
// UNKNOWN: ind-run: error: unknown option '--bogus'
// RUN: %not %ind-run --reference %s --seed -3 2>&1 | %filecheck %s --check-prefix=SEED
// SEED: ind-run: error: --seed expects a non-negative integer, got '-3'
// RUN: %not %ind-run --reference %s --rtol abc 2>&1 | %filecheck %s --check-prefix=RTOL
// RTOL: ind-run: error: --rtol expects a number, got 'abc'
// RUN: %not %ind-run --reference %s --input 2>&1 | %filecheck %s --check-prefix=NOVALUE
// NOVALUE: ind-run: error: --input needs a value
// RUN: %not %ind-run --reference %s --save-inputs 2>&1 | %filecheck %s --check-prefix=SAVE
// SAVE: ind-run: error: --save-inputs needs --output-dir
// RUN: %not %ind-run --reference %s 2>&1 | %filecheck %s --check-prefix=TWO
// TWO: error: the program has 2 functions: choose one with --func NAME
// RUN: %not %ind-run --reference %s --func nope 2>&1 | %filecheck %s --check-prefix=NOFUNC
// NOFUNC: error: no func.func named 'nope'
/// Without --reference, the program is compiled, run on the CPU and checked against the reference.
// RUN: %ind-run %s --func f 2>&1 | %filecheck %s --check-prefix=COMPILED
// COMPILED: check out0: 2xf32 {{.*}} PASS
// RUN: %ind-run %s --func f --check 2>&1 | %filecheck %s --check-prefix=COMPILED
// RUN: %not %ind-run --reference --check %s --func f 2>&1 | %filecheck %s --check-prefix=CHECKREF
// CHECKREF: ind-run: error: --check compares a compiled run with the reference interpreter: not with --reference
// RUN: %not %ind-run --reference %S/does-not-exist.mlir 2>&1 | %filecheck %s --check-prefix=NOFILE
func.func @f(%x: tensor<2xf32>) -> tensor<2xf32> {
  return %x : tensor<2xf32>
}
func.func @g(%x: tensor<2xf32>) -> tensor<2xf32> {
  return %x : tensor<2xf32>
}
// NOFILE: ind-run: error: {{.*}}does-not-exist.mlir
