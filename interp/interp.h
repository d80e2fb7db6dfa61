/* interp.h - the reference interpreter: the ground truth every stage is checked against.
 *
 * ind_interp_func() executes one func.func at any level of the pipeline:
 *   - graph: ATen-level ops on tensors (numpy broadcasting, reductions, views, composites);
 *   - ind:   buffers (memrefs, strided layouts allowed) computed by ind.pointwise / ind.reduction
 *            bodies element by element, and ind.extern (mm, bmm);
 *   - sched: sched.node / sched.fused regions run their inner ops in order.
 * Inputs and outputs are logical tensors (IndTensor, C order) whatever the layout of the
 * memrefs: an input is scattered into its memref's storage through the memref's strides and
 * offset, an output is gathered back through them.
 *
 * Precision rule: every value is computed in double. A value is rounded to its storage dtype
 * (ind_round_to_dtype) exactly where the program stores it:
 *   - graph: the result of every graph op, to the element type of its result type (composites
 *     such as softmax/layer_norm/linear are one op: rounded once, at the end);
 *   - ind/sched: each element written to a computed buffer (pointwise, reduction after the full
 *     reduction, extern after the full dot product), to the buffer's element type; inside bodies,
 *     a float arith/math op of f32 result is rounded to f32 (as the compiled code computes it: a
 *     value both stored and recomputed inline then agrees with itself, so x*x - mean(x*x) over one
 *     element is 0, not a double rounding error that a comparison turns into a wrong branch);
 *     others (f16/bf16 results, the reductions' running combine) are not rounded;
 *   - inputs are rounded to their dtype when they enter (so .npy f32 data is exact).
 * Integer results truncate toward zero; i1 values are 0 or 1.
 * Integers (graph level): every op whose operands are integer tensors and whose result is an integer or
 * bool (elementwise, sum/prod/amax/amin/argmax/argmin, cumsum, views, cat, split, gathers, max_dim) computes
 * in int64 on the exact values (IndTensor.ival), wrapping modulo 2^64 and then to the result's bits, as
 * torch: i64 values above 2^53 are exact. The ind/sched bodies still compute integers in double (exact to
 * 2^53); their stored integers are kept in ival too.
 *
 * Failures (unsupported op, shape mismatch, bad attributes, input count/dtype/shape mismatch)
 * are reported as located diagnostics through the op's context ("interpreter: unsupported op
 * 'x'") and return failure; outputs are then left empty (zeroed). Never aborts on bad IR. */
#ifndef IND_INTERP_INTERP_H
#define IND_INTERP_INTERP_H

#include "lib/tensor.h"

#include <mlir-c/IR.h>
#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Runs `func` (a func.func) on n_inputs tensors in argument order. On success, fills
 * outputs[0 .. *n_outputs) (the func.return operands, allocated: free each with ind_tensor_free);
 * fails (with a diagnostic) when the func returns more than max_outputs values. */
MlirLogicalResult ind_interp_func(MlirOperation func, const IndTensor *inputs, int n_inputs, IndTensor *outputs,
                                  int max_outputs, int *n_outputs);

/* As ind_interp_func, but the f16/bf16 results of graph ops (other than `convert`) are not rounded:
 * every intermediate stays in double and only the outputs are rounded to their dtype. The other
 * end of the precision range a compiled program may have (a fused kernel keeps intermediates in
 * f32 and rounds only what it stores): ind-run's check accepts an element matching either end
 * (docs/tools/ind-run.md, "Checking low-precision programs"). */
MlirLogicalResult ind_interp_func_unrounded(MlirOperation func, const IndTensor *inputs, int n_inputs,
                                            IndTensor *outputs, int max_outputs, int *n_outputs);

/* The number of arguments of `func` (what ind_interp_random_inputs fills). */
int ind_interp_num_inputs(MlirOperation func);
/* The number of values `func` returns (its entry block's terminator's operands; 0 without one): room for this
 * many outputs is room for all of them. */
int ind_interp_num_outputs(MlirOperation func);

/* Seeded random inputs for the func's signature: argument k gets element i (row-major logical
 * order) = f(seed, k, i, dtype) only, so that a graph program and its lowered ind/sched versions
 * (tensor<4x4xf32> vs memref<4x4xf32, strided<...>>) get identical values. Floats: uniform in
 * [-1, 1) rounded to the dtype; integers: uniform in [0, 10); bool: 0/1.
 * Fills inputs[0 .. *n_inputs) (allocated); fails (with a diagnostic at the func) if an argument
 * is not a static tensor/memref of a supported dtype or there are more than max_inputs. */
MlirLogicalResult ind_interp_random_inputs(MlirOperation func, uint64_t seed, IndTensor *inputs, int max_inputs,
                                           int *n_inputs);

/* Fails with a located error when an argument's type holds no IndTensor (a static tensor or memref of rank
 * <= 8 and dtype f32 f16 bf16 f64 i64 i32 i1). An argument a graph op uses is reported by that op with the
 * compiler's rule (graph_verify_result_types, what graph-infer-shapes and so ind-opt report: "unsupported
 * dtype i8 ...", "operand #0 has rank 9, ...", "... must be a tensor with a static shape"); another one at
 * the argument. ind_interp_random_inputs runs it first; ind-run runs it before reading --input files. */
MlirLogicalResult ind_interp_check_arguments(MlirOperation func);

/* Checks that `t` fits argument `k` of `func` (dtype, rank, sizes). On mismatch writes a message
 * naming the argument ("argument 1 (%arg1_1): expected 4xf32, got 2x3xf32") into err. */
bool ind_interp_check_input(MlirOperation func, int k, const IndTensor *t, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif

#endif
