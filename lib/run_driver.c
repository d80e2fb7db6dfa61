/* run_driver.c - ind-run. Placeholder until the reference interpreter lands (issue 3). */
#include "lib/run_driver.h"

#include "lib/diag.h"

int ind_run_main(int argc, char **argv) {
  (void)argc;
  (void)argv;
  ind_diag_tool_error("ind-run", "not implemented yet");
  return 1;
}
