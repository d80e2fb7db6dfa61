/* clamp.c - the mutation tester's fixture (test/tools/mutate.test). */
#include <stdio.h>

static int clamp(int v, int lo, int hi) {
  if (v < lo)
    return lo;
  if (v > hi && hi >= lo)
    return hi;
  return v;
}

static const char *name(int v) {
  switch (v) {
  case 0:
    return "zero";
  case 1:
    return "one";
  default:
    return "many";
  }
}

int main(void) {
  int total = 0;
  for (int i = -2; i <= 12; i += 7)
    total += clamp(i, 0, 9);
  printf("%d %d %s\n", clamp(-3, 0, 9), total, name(total > 9));
  return 0;
}
