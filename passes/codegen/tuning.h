/* tuning.h - kernel configs for autotuning (Inductor's autotuned Triton configs: XBLOCK, RBLOCK,
 * num_warps; docs/passes/codegen.md, "Tuning").
 *
 * A config is what the code generator can vary for one kernel without changing what it computes: the
 * kind of a reduction (persistent or looped), threads per block, x points per block and vector width.
 * A kernel's tuning key is a hash of its kernel-dialect body and shapes (the def printed in generic
 * form with its name, kind and geometry left out: argument types, xranges, rranges, every body op),
 * so the same kernel has the same key in any program and at any position, and a kernel of other
 * shapes has another. tuning_candidates() lists a few configs per kernel for the tuner
 * (`--emit=tuning-candidates`); kernel-apply-tuning reads a cache of chosen configs. */
#ifndef IND_PASSES_CODEGEN_TUNING_H
#define IND_PASSES_CODEGEN_TUNING_H

#include "dialects/kernel/kernel.h"

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct TuneConfig {
  KernelKind kind;
  KernelGeometry geom;
} TuneConfig;

#define TUNING_KEY_LEN 16 /* hex digits */
#define TUNING_MAX_CANDIDATES 12

/* The kernel's tuning key: TUNING_KEY_LEN hex digits and a NUL. */
void tuning_kernel_key(MlirOperation def, char key[TUNING_KEY_LEN + 1]);

/* The def's current config (kind and geometry attributes); false when they are missing. */
bool tuning_current_config(MlirOperation def, TuneConfig *out);

/* True when the GPU lowering can take `c` for this kernel; else false with the reason in `why`. */
bool tuning_config_check(MlirOperation def, const TuneConfig *c, char *why, size_t whylen);

/* Up to `max` distinct valid configs for the kernel, its current config first; returns the count. */
int tuning_candidates(MlirOperation def, TuneConfig *out, int max);

/* Gives `def` config `c` (checked by the caller): kind and geometry attributes, the kind letters of
 * its name (`_per_` / `_red_`) when the kind changes, and grid, block and kernel name of every
 * kernel.launch of it in `module`. */
void tuning_apply(MlirOperation module, MlirOperation def, const TuneConfig *c);

#ifdef __cplusplus
}
#endif

#endif
