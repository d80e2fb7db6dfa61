/* register.c - registers the passes and the stage of passes/schedule/ (called by ind_register_all). */
#include "lib/pass_registry.h"
#include "lib/pipeline.h"

void ind_register_schedule_passes(void);

extern const IndPassDef ind_schedule_pass;

void ind_register_schedule_passes(void) { ind_pass_register(&ind_schedule_pass); }
