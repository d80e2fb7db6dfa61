/* check_sites.h - checked mode's bookkeeping, shared by convert-kernel-to-cpu and convert-kernel-to-gpu:
 * the table of check sites (what each device compare guards, for the host's message) and the record
 * global the compares write (include/ind/checked.h has the contract). Private to passes/codegen. */
#ifndef IND_PASSES_CODEGEN_CHECK_SITES_H
#define IND_PASSES_CODEGEN_CHECK_SITES_H

#include "lib/ir.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The sites of one module, in the order the lowering emits them (site i is recorded as i + 1). */
typedef struct CheckSites {
  MlirOperation module;
  MlirAttribute *sites;
  MlirOperation *ops; /* the kernel op each site checks */
  int n, cap;
} CheckSites;

/* The site of kernel op `op`: an earlier one for the same op, else a new one (bounds [lower, upper),
 * `what` naming kernel and buffer, the op's location). */
int check_sites_add(CheckSites *s, MlirOperation op, int64_t lower, int64_t upper, const char *what);

/* What a check of argument `arg` of kernel.def `def` guards, into out[0..n): "kernel 'K' <verb>
 * buffer 'B' (argument <arg>, f32[17x33])", B and the type those of the buffer the host wrapper passes
 * when the kernel is launched once (a function argument's arg<i>_1 name or the kernel.alloc's name),
 * else "buffer 'arg<arg>' (f32[561])" with the kernel's flat type. */
void check_sites_describe(const CheckSites *s, MlirOperation def, intptr_t arg, const char *verb, char *out, size_t n);

/* The argument of `def` whose kernel.load takes `check`'s result (directly or through index arithmetic)
 * as its offset; -1 when none does. */
intptr_t check_sites_indirect_arg(MlirOperation def, MlirOperation check);

/* The site of body op `op` of kernel.def `def`: every kernel.check_index has one, and every kernel.load and
 * kernel.store of a def marked checked (KERNEL_ATTR_CHECKED, bounds [0, the flat buffer's size)); -1 for
 * any other op. */
int check_sites_of(CheckSites *s, MlirOperation def, MlirOperation op);

/* Numbers the sites of kernel.def `def` in body order (check_sites_of on each op of its body): the one
 * numbering that convert-kernel-to-cpu, convert-kernel-to-gpu and the launch plan share, so that the plan's
 * table (read by the GPU runtime) names the sites the PTX records. */
void check_sites_number_def(CheckSites *s, MlirOperation def);

/* The table of a whole kernel-level module: every kernel.def's sites, the defs in module order. Release it
 * with check_sites_free. */
void check_sites_collect(CheckSites *s, MlirOperation module);
void check_sites_free(CheckSites *s);

/* When there are sites: sets the module's IND_CHECK_SITES_ATTR and appends the record global
 * (`memref.global @__ind_check : memref<2xi64> = dense<0>`) to `block` (the module's body for the CPU,
 * the gpu.module's for the GPU). Frees the table either way. */
void check_sites_finish(CheckSites *s, MlirBlock block);

/* The record global's type, memref<2xi64>. */
MlirType check_record_type(MlirContext ctx);

#ifdef __cplusplus
}
#endif

#endif
