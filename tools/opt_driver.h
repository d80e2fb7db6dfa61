/* opt_driver.h - the whole of ind-opt, callable from a thin main (tools/ind-opt.c). */
#ifndef IND_TOOLS_OPT_DRIVER_H
#define IND_TOOLS_OPT_DRIVER_H
int ind_opt_main(int argc, char **argv);
#endif
