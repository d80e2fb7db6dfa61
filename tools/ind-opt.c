/* ind-opt - the project's mlir-opt; all of it lives in tools/opt_driver.c. */
#include "tools/opt_driver.h"
#include "tools/startup.h"

/* Before LLVM's and MLIR's static initialisers run (tools/startup.h). */
__attribute__((constructor(101))) static void startup(void) { ind_tool_startup(); }

int main(int argc, char **argv) { return ind_opt_main(argc, argv); }
