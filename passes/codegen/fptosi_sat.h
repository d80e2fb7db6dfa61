/* fptosi_sat.h - ind's one definition of float -> signed integer conversion, shared by the CPU lowering
 * (convert-kernel-to-cpu) and the GPU lowering (convert-kernel-to-gpu), both building it with cg_fptosi_sat
 * (builder.h): LLVM's fptosi.sat. The value is truncated toward zero; NaN gives 0; values at or beyond the
 * integer range clamp to INT_MIN / INT_MAX (+-inf included). arith.fptosi alone is poison out of range (x86
 * gives INT_MIN, PTX saturates), so the lowering selects the clamped results around it. The reference
 * interpreter rounds the same way (lib/tensor.c ind_round_to_dtype). docs/dialects/graph.md (convert).
 * Private to passes/codegen. */
#ifndef IND_PASSES_CODEGEN_FPTOSI_SAT_H
#define IND_PASSES_CODEGEN_FPTOSI_SAT_H

#include "lib/ir.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A unit attribute on an arith.fptosi whose operand is known to be in range and not NaN (sched-to-kernel's
 * indirect index, clamped to [-size, size] first): both lowerings keep it as it is. */
#define CODEGEN_FPTOSI_IN_RANGE "ind.in_range"

/* True for an arith.fptosi to an integer wider than i1 without CODEGEN_FPTOSI_IN_RANGE: the lowerings
 * replace it by cg_fptosi_sat (builder.h). */
bool codegen_is_unclamped_fptosi(MlirOperation op);

#ifdef __cplusplus
}
#endif

#endif
