/* run_driver.h - the whole of ind-run, callable from a thin main (tools/ind-run.c). */
#ifndef IND_TOOLS_RUN_DRIVER_H
#define IND_TOOLS_RUN_DRIVER_H

#ifdef __cplusplus
extern "C" {
#endif
int ind_run_main(int argc, char **argv);
#ifdef __cplusplus
}
#endif

#endif
