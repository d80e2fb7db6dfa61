/* ind-opt - the project's mlir-opt; all of it lives in tools/opt_driver.c. */
#include "tools/opt_driver.h"

int main(int argc, char **argv) { return ind_opt_main(argc, argv); }
