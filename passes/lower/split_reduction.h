/* split_reduction.h - Inductor's split-reduction policy (ir.py Reduction.num_splits and
 * choices.py reduction_split_factor): when a reduction has too few outputs to fill the GPU, or is long,
 * lowering splits it into a first reduction writing `split` partials per output and a second one
 * combining them (create_multilayer). Every constant of the heuristic is an option of
 * convert-graph-to-ind (docs/passes/lower.md, "Split reductions"). */
#ifndef IND_PASSES_LOWER_SPLIT_REDUCTION_H
#define IND_PASSES_LOWER_SPLIT_REDUCTION_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum SplitHint { SPLIT_HINT_DEFAULT, SPLIT_HINT_INNER, SPLIT_HINT_OUTER } SplitHint;

typedef struct SplitPolicy {
  bool enabled;                    /* split-reductions (config.split_reductions) */
  int64_t num_sm;                  /* split-num-sm: multiprocessors of the target (H200: 132) */
  int64_t min_elements_per_thread; /* split-min-elements-per-thread (32) */
  int64_t max_elements_per_thread; /* split-max-elements-per-thread (512) */
  int64_t threads_per_sm;          /* split-threads-per-sm (2048) */
  int64_t inner_min_rnumel;        /* split-inner-min-rnumel: inner reductions up to this stay whole (8192) */
} SplitPolicy;

const char *split_hint_name(SplitHint h); /* "DEFAULT" | "INNER" | "OUTER" */

/* Reduction.num_splits for a reduction of `numel` outputs over `rnumel` elements. num_inner /
 * num_outer count the full-size reads (every iteration variable used) that are contiguous along r
 * (some r stride <= 1) or not (every r stride > 1); nreads the full-size reads. Returns the split
 * (1: none) and the hint. */
int64_t split_num_splits(const SplitPolicy *p, int64_t numel, int64_t rnumel, int nreads, int num_inner, int num_outer,
                         SplitHint *hint);

/* The split of a welford reduction (Welford partials carry no mask: a masked element has no identity in
 * (mean, m2, weight), and the stage-2 combine takes equal weights): the divisor d of rnumel, 1 < d <
 * rnumel, closest to `split` by ratio; 1 when rnumel is prime. (No two divisors tie: c1 * c2 = split^2 makes
 * split divide lcm(c1, c2), so split itself is the divisor, at ratio 1.) */
int64_t split_welford_splits(int64_t rnumel, int64_t split);

#ifdef __cplusplus
}
#endif

#endif
