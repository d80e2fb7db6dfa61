/* ind-run - runs a program: the reference interpreter (--reference) or compiled kernels.
 * All of it lives in tools/run_driver.c. */
#include "tools/run_driver.h"

int main(int argc, char **argv) { return ind_run_main(argc, argv); }
