/* register_all.c - the one place that knows every stage folder. */
#include "libind/register_all.h"

#include "lib/pass_registry.h"

void ind_register_preprocess_passes(void);
void ind_register_lower_passes(void);
void ind_register_schedule_passes(void);
void ind_register_fuse_passes(void);
void ind_register_codegen_passes(void);

extern const IndPassDef ind_check_level_pass;

void ind_register_all(void) {
  static int done;
  if (done)
    return;
  done = 1;
  ind_pass_register(&ind_check_level_pass);
  ind_register_preprocess_passes();
  ind_register_lower_passes();
  ind_register_schedule_passes();
  ind_register_fuse_passes();
  ind_register_codegen_passes();
}
