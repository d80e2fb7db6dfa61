/* run_driver.h - the whole of ind-run, callable from a thin main (tools/ind-run.c). */
#ifndef IND_TOOLS_RUN_DRIVER_H
#define IND_TOOLS_RUN_DRIVER_H
int ind_run_main(int argc, char **argv);
#endif
