/* register.c - registers the passes and the stage of passes/schedule/ (called by ind_register_all). */
#include "lib/pass_registry.h"
#include "lib/pipeline.h"

void ind_register_schedule_passes(void);

void ind_register_schedule_passes(void) {}
