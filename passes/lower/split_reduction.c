/* split_reduction.c - the split-reduction policy (see split_reduction.h). A port of the decisions of
 * Inductor's Reduction.num_splits and InductorChoices.reduction_split_factor; the constants are the
 * policy's options. */
#include "passes/lower/split_reduction.h"

#include <stdlib.h>

const char *split_hint_name(SplitHint h) {
  return h == SPLIT_HINT_INNER ? "INNER" : h == SPLIT_HINT_OUTER ? "OUTER" : "DEFAULT";
}

/* The divisor of n closest to target (the smaller one on a tie). */
static int64_t closest_divisor(int64_t n, int64_t target) {
  int64_t best = 1;
  for (int64_t d = 1; d * d <= n; ++d) {
    if (n % d)
      continue;
    int64_t c[2] = {d, n / d};
    for (int i = 0; i < 2; ++i)
      if (llabs(c[i] - target) < llabs(best - target) || (llabs(c[i] - target) == llabs(best - target) && c[i] < best))
        best = c[i];
  }
  return best;
}

static int64_t ceil_div(int64_t a, int64_t b) { return (a + b - 1) / b; }

/* reduction_split_factor(inner_reduction = inner). */
static int64_t split_factor(const SplitPolicy *p, int64_t rnumel, int64_t numel, bool inner) {
  const int64_t num_threads = 32 * 8; /* num_warps = 8 */
  int64_t min_dev = p->min_elements_per_thread * p->num_sm * p->threads_per_sm;
  int64_t max_dev = p->max_elements_per_thread * p->num_sm * p->threads_per_sm;
  if (rnumel <= p->min_elements_per_thread || numel >= p->num_sm * 64)
    return 1;
  int64_t split_size, total = rnumel * numel;
  if (inner) {
    if (numel >= 2 * p->num_sm || rnumel <= p->inner_min_rnumel)
      return 1;
    if (total <= min_dev) {
      split_size = p->min_elements_per_thread;
    } else if (total < max_dev) {
      int64_t target_blocks = p->num_sm * p->threads_per_sm / (2 * num_threads);
      int64_t blocks_per_output = ceil_div(target_blocks, numel);
      int64_t tmp = ceil_div(rnumel, num_threads * blocks_per_output);
      int64_t closest = closest_divisor(rnumel, tmp);
      split_size = llabs(closest - tmp) < 30
                       ? (closest > p->min_elements_per_thread ? closest : p->min_elements_per_thread)
                       : tmp;
    } else {
      int64_t closest = closest_divisor(rnumel, p->max_elements_per_thread);
      split_size = llabs(closest - p->max_elements_per_thread) < 50 ? closest : p->max_elements_per_thread;
    }
    return ceil_div(rnumel, split_size * num_threads);
  }
  const int64_t rvals_per_thread = 4, xvals_per_block = 128;
  int64_t xblocks = ceil_div(numel, xvals_per_block);
  if (total < min_dev) {
    split_size = p->min_elements_per_thread;
  } else if (total < max_dev) {
    int64_t target_blocks = ceil_div(p->num_sm * p->threads_per_sm / num_threads, xblocks);
    int64_t tmp = ceil_div(rnumel, rvals_per_thread * target_blocks);
    int64_t closest = closest_divisor(rnumel, tmp);
    split_size =
        llabs(tmp - closest) < 20 ? (closest > p->min_elements_per_thread ? closest : p->min_elements_per_thread) : tmp;
  } else {
    int64_t closest = closest_divisor(rnumel, p->max_elements_per_thread);
    split_size = llabs(closest - p->max_elements_per_thread) < 50 ? closest : p->max_elements_per_thread;
  }
  return ceil_div(rnumel, rvals_per_thread * split_size);
}

int64_t split_num_splits(const SplitPolicy *p, int64_t numel, int64_t rnumel, int nreads, int num_inner, int num_outer,
                         SplitHint *hint) {
  *hint = SPLIT_HINT_DEFAULT;
  if (!p->enabled || rnumel <= 1)
    return 1;
  if (numel == 1) {
    *hint = SPLIT_HINT_INNER;
    return split_factor(p, rnumel, numel, true);
  }
  if (rnumel <= p->min_elements_per_thread || numel >= p->num_sm * 2 * 32)
    return 1;
  if (nreads == 0)
    return 1; /* all inputs broadcast: Inductor does not split */
  bool inner = num_inner > num_outer;
  *hint = inner ? SPLIT_HINT_INNER : SPLIT_HINT_OUTER;
  return split_factor(p, rnumel, numel, inner);
}

int64_t split_welford_splits(int64_t rnumel, int64_t split) {
  int64_t best = 1;
  double best_ratio = 0;
  for (int64_t d = 2; d * d <= rnumel; ++d) {
    if (rnumel % d)
      continue;
    int64_t c[2] = {d, rnumel / d};
    for (int i = 0; i < 2; ++i) {
      double r = c[i] > split ? (double)c[i] / (double)split : (double)split / (double)c[i];
      if (best == 1 || r < best_ratio) {
        best = c[i];
        best_ratio = r;
      }
    }
  }
  return best;
}
