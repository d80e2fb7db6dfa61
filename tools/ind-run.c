/* ind-run - runs a program: the reference interpreter (--reference) or compiled kernels.
 * All of it lives in tools/run_driver.c. */
#include "tools/run_driver.h"
#include "tools/startup.h"

/* Before LLVM's and MLIR's static initialisers run (tools/startup.h). */
__attribute__((constructor(101))) static void startup(void) { ind_tool_startup(); }

int main(int argc, char **argv) { return ind_run_main(argc, argv); }
