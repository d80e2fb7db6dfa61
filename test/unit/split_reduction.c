// clang-format off
// Unit test of passes/lower/split_reduction.h's split_welford_splits: the divisor of rnumel closest to the
// heuristic's split by ratio (a welford's partials carry no mask), 1 for a prime rnumel. The cases sit on
// each side of the choices: a divisor below the target (4620 at 37: 35, not 42), one above it (100 at 40:
// 50 at ratio 1.25, not 25 at 1.6 nor the smaller 20 or 10 found later), the target itself, a prime.
// RUN: %unit/unit-split_reduction | %filecheck %s
// CHECK: 4620 37 -> 35
// CHECK-NEXT: 100 40 -> 50
// CHECK-NEXT: 65536 8 -> 8
// CHECK-NEXT: 384 3 -> 3
// CHECK-NEXT: 65521 8 -> 1
// CHECK-NEXT: 6 4 -> 3
// clang-format on
#include "passes/lower/split_reduction.h"

#include <stdio.h>

int main(void) {
  static const long long cases[][2] = {{4620, 37}, {100, 40}, {65536, 8}, {384, 3}, {65521, 8}, {6, 4}};
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i)
    printf("%lld %lld -> %lld\n", cases[i][0], cases[i][1], (long long)split_welford_splits(cases[i][0], cases[i][1]));
  return 0;
}
