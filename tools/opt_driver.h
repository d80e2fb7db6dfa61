/* opt_driver.h - the whole of ind-opt, callable from a thin main (tools/ind-opt.c). */
#ifndef IND_TOOLS_OPT_DRIVER_H
#define IND_TOOLS_OPT_DRIVER_H

#ifdef __cplusplus
extern "C" {
#endif
int ind_opt_main(int argc, char **argv);
#ifdef __cplusplus
}
#endif

#endif
