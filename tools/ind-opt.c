/* ind-opt - the project's mlir-opt; all of it lives in tools/opt_driver.c. */
#include "tools/opt_driver.h"
#include "tools/startup.h"

#include <stdlib.h> /* __GLIBC__ */

/* Before LLVM's and MLIR's static initialisers run: the cache lookup and the prefault (ind_opt_early).
 * glibc passes a constructor main's arguments; elsewhere only the prefault runs here. */
#ifdef __GLIBC__
__attribute__((constructor(101))) static void early(int argc, char **argv) { ind_opt_early(argc, argv); }
#else
__attribute__((constructor(101))) static void early(void) { ind_tool_startup(); }
#endif

int main(int argc, char **argv) { return ind_opt_main(argc, argv); }
