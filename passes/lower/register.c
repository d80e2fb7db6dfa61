/* register.c - registers the passes and the stage of passes/lower/ (called by ind_register_all). */
#include "lib/pass_registry.h"
#include "lib/pipeline.h"

void ind_register_lower_passes(void);
void ind_register_verify_ind_pass(void);

void ind_register_lower_passes(void) { ind_register_verify_ind_pass(); }
