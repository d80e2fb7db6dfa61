/* An out-of-tree user of an installed libind (test/tools/install.test): compiles a program, or loads a saved one
 * with the runtime alone (-DRT_ONLY, target ind::runtime). */
#include <ind/runtime.h>
#ifndef RT_ONLY
#include <ind/ind.h>
#endif
#include <stdio.h>
int main(int argc, char **argv) {
  (void)argc;
#ifndef RT_ONLY
  IndCompiler *c;
  IndProgram *p;
  IndStatus st = ind_compiler_create(&c);
  if (!st)
    st = ind_compile_file(c, argv[1], NULL, &p);
  if (st) {
    printf("error: %s\n", ind_status_message(st));
    return 1;
  }
  printf("ind %s: %d kernels\n", ind_version(), ind_program_num_steps(p));
  ind_program_destroy(p);
  ind_compiler_destroy(c);
#else
  IndRtProgram *p;
  IndStatus st = ind_rt_program_load_file(argv[1], &p);
  printf("%s\n", st ? ind_status_message(st) : "loaded");
  ind_status_destroy(st);
#endif
  return 0;
}
