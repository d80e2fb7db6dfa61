/* ind-opt - the project's mlir-opt; all of it lives in lib/opt_driver.c. */
#include "lib/opt_driver.h"

int main(int argc, char **argv) { return ind_opt_main(argc, argv); }
