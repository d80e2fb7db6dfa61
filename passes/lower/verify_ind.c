/* verify_ind.c - `ind-verify`: checks the ind-level facts that IRDL cannot express.
 *
 * What it does: runs ind_verify_op (dialects/ind/ind.h) on every ind op of the module: attribute
 * values (reduction_type, ranges >= 1, origins), buffer results (static memrefs holding
 * product(ranges) elements), bodies (one block, no arguments, `gpu.yield` of one f32/i1 value),
 * index maps (one result, no symbols, as many dims as the buffer has iteration variables), loads
 * of memref values. Requires: nothing. Preserves: everything (it changes nothing).
 * Failure: the first violation, reported at the offending op. */
#include "dialects/ind/ind.h"
#include "lib/pass_registry.h"

void ind_register_verify_ind_pass(void);

static MlirLogicalResult run(MlirOperation module, const IndPassOptions *opts) {
  (void)opts;
  return ind_verify(module);
}

static const IndPassDef k_verify_ind = {
    "ind-verify",
    "check the ind-level invariants of docs/ir-contract.md that IRDL cannot express",
    NULL,
    run,
};

void ind_register_verify_ind_pass(void) { ind_pass_register(&k_verify_ind); }
