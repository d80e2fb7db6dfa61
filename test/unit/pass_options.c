// clang-format off
// Unit test of lib/pass_registry's option accessors: a pass that reads an option it does not declare
// fails with a located "internal error" in every build (it used to be an assert only: release builds
// read past the option table), and a pass definition with a bad default is rejected when the
// pipeline is built.
// RUN: %unit/unit-pass_options good "" | %filecheck %s --check-prefix=GOOD
// RUN: %unit/unit-pass_options good "threshold=7" | %filecheck %s --check-prefix=SET
// RUN: %not %unit/unit-pass_options misspelled "" 2>&1 | %filecheck %s --check-prefix=MISSPELLED
// RUN: %not %unit/unit-pass_options bad-default "" 2>&1 | %filecheck %s --check-prefix=DEFAULT
// The second of two runs in one process is caught as well (the first message is cleared, not kept):
// RUN: %not %unit/unit-pass_options misspelled "" 2 2>&1 | %filecheck %s --check-prefix=TWICE
// GOOD: threshold=3 log=0 name=abc order=mirror
// GOOD-NEXT: pipeline: ok
// SET: threshold=7 log=0 name=abc order=mirror
// MISSPELLED: threshold=0 log=0
// MISSPELLED-NEXT: <unit>:1:1: error: internal error: pass 'test-misspelled-option' reads option 'threshhold', which it does not declare
// MISSPELLED-NEXT: pipeline: failed
// DEFAULT: pipeline text: internal error: bad default value 'many' for option 'threshold' of pass 'test-bad-default' (expected integer)
// DEFAULT-NOT: pipeline: ok
// TWICE-COUNT-2: pipeline: failed
// TWICE-NOT: pipeline: ok
// An enum option: its first choice is the default, any listed value is taken, anything else (a prefix,
// a longer word, the empty value, another case) is refused with the list; a bad default list too.
// RUN: %unit/unit-pass_options good "order=raster" | %filecheck %s --check-prefix=ENUMSET
// RUN: %unit/unit-pass_options good "order=tiled" | %filecheck %s --check-prefix=ENUMLAST
// RUN: %not %unit/unit-pass_options good "order=rast" 2>&1 | %filecheck %s --check-prefix=ENUMBAD
// RUN: %not %unit/unit-pass_options good "order=rasterx" 2>&1 | %filecheck %s --check-prefix=ENUMBAD
// RUN: %not %unit/unit-pass_options good "order=" 2>&1 | %filecheck %s --check-prefix=ENUMBAD
// RUN: %not %unit/unit-pass_options good "order=Mirror" 2>&1 | %filecheck %s --check-prefix=ENUMBAD
// RUN: %not %unit/unit-pass_options bad-enum "" 2>&1 | %filecheck %s --check-prefix=ENUMDEFAULT
// ENUMSET: threshold=3 log=0 name=abc order=raster
// ENUMLAST: order=tiled
// ENUMBAD: pipeline text: bad value '{{.*}}' for option 'order' of pass 'test-good-option' (expected one of mirror, raster, tiled)
// ENUMBAD-NOT: pipeline: ok
// ENUMDEFAULT: pipeline text: internal error: bad default value '' for option 'order' of pass 'test-bad-enum' (expected one of )
// clang-format on
#include "dialects/dialects.h"
#include "lib/diag.h"
#include "lib/ir.h"
#include "lib/pass_registry.h"
#include "lib/pipeline.h"

#include <mlir-c/Pass.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const IndPassOptionDef kOptions[] = {
    {"threshold", IND_OPT_INT, "3", "a number"},
    {"log", IND_OPT_BOOL, "false", "a flag"},
    {"name", IND_OPT_STRING, "abc", "a string"},
    {"order", IND_OPT_ENUM, "mirror|raster|tiled", "one of three words, the first the default"},
    {NULL, 0, NULL, NULL},
};

static MlirLogicalResult run_good(MlirOperation module, const IndPassOptions *o) {
  (void)module;
  printf("threshold=%lld log=%d name=%s order=%s\n", (long long)ind_opt_int(o, "threshold"), ind_opt_bool(o, "log"),
         ind_opt_string(o, "name"), ind_opt_string(o, "order"));
  return mlirLogicalResultSuccess();
}

/* Misspells "threshold": the read returns 0 and the pass fails after its run. */
static MlirLogicalResult run_misspelled(MlirOperation module, const IndPassOptions *o) {
  (void)module;
  printf("threshold=%lld log=%d\n", (long long)ind_opt_int(o, "threshhold"), ind_opt_bool(o, "log"));
  fflush(stdout);
  return mlirLogicalResultSuccess();
}

static const IndPassOptionDef kBadDefault[] = {
    {"threshold", IND_OPT_INT, "many", "a number with a default that is not one"},
    {NULL, 0, NULL, NULL},
};

static const IndPassDef kGood = {"test-good-option", "reads its options", kOptions, run_good};
static const IndPassDef kMisspelled = {"test-misspelled-option", "reads an option it lacks", kOptions, run_misspelled};
static const IndPassDef kBad = {"test-bad-default", "has a bad default", kBadDefault, run_good};

static const IndPassOptionDef kBadEnum[] = {
    {"order", IND_OPT_ENUM, NULL, "an enum without choices"},
    {NULL, 0, NULL, NULL},
};
static const IndPassDef kBadEnumDef = {"test-bad-enum", "has an enum without choices", kBadEnum, run_good};

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: unit-pass_options good|misspelled|bad-default|bad-enum OPTIONS [RUNS]\n");
    return 1;
  }
  ind_pass_register(&kGood);
  ind_pass_register(&kMisspelled);
  ind_pass_register(&kBad);
  ind_pass_register(&kBadEnumDef);
  const char *pass = !strcmp(argv[1], "good")         ? "test-good-option"
                     : !strcmp(argv[1], "misspelled") ? "test-misspelled-option"
                     : !strcmp(argv[1], "bad-enum")   ? "test-bad-enum"
                                                      : "test-bad-default";
  IndContext ic;
  if (!ind_context_create(&ic)) {
    ind_context_destroy(&ic);
    return 1;
  }
  IndDiagEngine diag;
  ind_diag_attach(&diag, ic.ctx, "<unit>", false);
  MlirModule m = mlirModuleCreateParse(ic.ctx, ind_str("module {}"));
  char text[256], err[512] = "";
  snprintf(text, sizeof text, "%s{%s}", pass, argv[2]);
  MlirPassManager pm = mlirPassManagerCreateOnOperation(ic.ctx, ind_str("builtin.module"));
  int rc = 1;
  if (!ind_pipeline_add(mlirPassManagerGetAsOpPassManager(pm), text, err, sizeof err)) {
    fprintf(stderr, "pipeline text: %s\n", err);
  } else {
    rc = 0;
    for (int run = 0; run < (argc > 3 ? atoi(argv[3]) : 1); ++run) {
      if (mlirLogicalResultIsSuccess(mlirPassManagerRunOnOp(pm, mlirModuleGetOperation(m)))) {
        printf("pipeline: ok\n");
      } else {
        fflush(stdout);
        fprintf(stderr, "pipeline: failed\n");
        rc = 1;
      }
      fflush(stdout);
    }
  }
  mlirPassManagerDestroy(pm);
  mlirModuleDestroy(m);
  ind_diag_detach(&diag);
  ind_context_destroy(&ic);
  return rc;
}
