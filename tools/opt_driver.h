/* opt_driver.h - the whole of ind-opt, callable from a thin main (tools/ind-opt.c). */
#ifndef IND_TOOLS_OPT_DRIVER_H
#define IND_TOOLS_OPT_DRIVER_H

#ifdef __cplusplus
extern "C" {
#endif
int ind_opt_main(int argc, char **argv);
/* ind-opt's start, called from a constructor before the static initialisers of LLVM and MLIR (tools/ind-opt.c):
 * when the run asks for the compiled-output cache, looks it up and on a hit writes the output and exits
 * (_exit: a hit then costs the process and a hash, not the start of a 190 MB static executable); on a miss
 * keeps the key and input for ind_opt_main. Unless the run is --help or --list-passes, then runs
 * ind_tool_startup (tools/startup.h). Without it (other C libraries) ind_opt_main does the lookup. */
void ind_opt_early(int argc, char **argv);
#ifdef __cplusplus
}
#endif

#endif
