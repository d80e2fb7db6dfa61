/* rt_api.c - the runtime's C API (include/ind/runtime.h) against the mock driver (test/runtime/rt-api.test):
 * a caller-supplied allocator for the intermediates, caller pointers, graph capture and replay, a failing
 * launch named by call and step, the program file round trip.
 *   rt_api PLAN.json PTX TMPDIR */
#define _POSIX_C_SOURCE 200809L
#include "ind/runtime.h"
#include "slurp.h"

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int allocs, frees;
static IndStatus my_alloc(void *user, size_t bytes, void *stream, uint64_t *ptr) {
  (void)stream;
  if (*(int *)user) /* refuse: the error reaches the caller */
    return ind_status_create("my allocator refuses %zu bytes", bytes);
  ++allocs;
  printf("alloc %zu bytes\n", bytes);
  return ind_cuda_malloc(bytes, ptr);
}
static void my_free(void *user, uint64_t ptr, void *stream) {
  (void)user;
  (void)stream;
  ++frees;
  ind_cuda_free(ptr);
}

static void show(const char *what, IndStatus st) {
  printf("%s: %s\n", what, st ? ind_status_message(st) : "ok");
  ind_status_destroy(st);
}

/* A plan of one f32 input x[32], the f32 allocations "NAME:BYTES ...", the launches "KERNEL A B; ..." (grid 1,
 * block 32) and the outputs "NAME NAME ..." (a name twice: the second a copy of it made at the end), as JSON
 * into out: the scratch cases, written compactly. */
static size_t small_plan(char *out, size_t cap, const char *allocs, const char *steps, const char *outputs) {
  int n = snprintf(out, cap,
                   "{\"version\": 1, \"module\": \"ind_kernels\", \"inputs\": [{\"name\": \"x\", \"dtype\": \"f32\", "
                   "\"shape\": [32], \"bytes\": 128}], \"allocations\": [");
  char name[16], k[16], a[16], b[16];
  int bytes = 0, used = 0;
  for (int i = 0; sscanf(allocs, " %15[^:]:%d%n", name, &bytes, &used) == 2; ++i, allocs += used)
    n += snprintf(out + n, cap - (size_t)n,
                  "%s{\"name\": \"%s\", \"dtype\": \"f32\", \"shape\": [%d], \"bytes\": %d, \"reuse\": null}",
                  i ? ", " : "", name, bytes / 4, bytes);
  n += snprintf(out + n, cap - (size_t)n, "], \"steps\": [");
  for (int i = 0; sscanf(steps, " %15s %15s %15[^;]%n", k, a, b, &used) == 3; ++i) {
    n += snprintf(out + n, cap - (size_t)n,
                  "%s{\"op\": \"launch\", \"kernel\": \"%s\", \"grid\": [1, 1, 1], \"block\": [32, 1, 1], "
                  "\"args\": [\"%s\", \"%s\"]}",
                  i ? ", " : "", k, a, b);
    steps += used;
    steps += *steps == ';';
  }
  n += snprintf(out + n, cap - (size_t)n, "], \"outputs\": [");
  for (int i = 0; sscanf(outputs, "%15s%n", name, &used) == 1; ++i, outputs += used)
    n += snprintf(out + n, cap - (size_t)n, "%s\"%s\"", i ? ", " : "", name);
  n += snprintf(out + n, cap - (size_t)n, "]}");
  return (size_t)n;
}

/* A plan's scratch case: "<label> program", "load module (<label>)", "scratch bytes (<label>)", then one run
 * in a scratch of that size ("run (<label>)"; none given where it needs none) into outputs of the plan's
 * sizes, allocated before the scratch; with own, a run on the module's own intermediates after it. */
static void scratch_case(const char *label, const char *plan, size_t len, const char *ptx_path, const char *ptx,
                         size_t ptx_len, uint64_t *in, bool own, void *stream) {
  char what[96], file[64];
  IndRtProgram *p = NULL;
  IndCudaModule *m = NULL;
  snprintf(file, sizeof file, "%s.json", label);
  snprintf(what, sizeof what, "%s program", label);
  show(what, ind_rt_program_create(file, plan, len, ptx_path, ptx, ptx_len, &p));
  snprintf(what, sizeof what, "load module (%s)", label);
  show(what, ind_cuda_module_load(p, NULL, &m));
  size_t need = ind_cuda_module_scratch_bytes(m);
  printf("scratch bytes (%s): %zu\n", label, need);
  uint64_t scratch = 0, y[4] = {0, 0, 0, 0};
  int nout = ind_rt_program_num_outputs(p);
  for (int k = 0; k < nout && k < 4; ++k)
    show("malloc output", ind_cuda_malloc((size_t)ind_rt_program_output(p, k).bytes, &y[k]));
  if (need)
    show("malloc", ind_cuda_malloc(need, &scratch));
  snprintf(what, sizeof what, "run (%s)", label);
  show(what, ind_cuda_module_run_scratch(m, in, y, scratch, stream));
  if (!strcmp(label, "spans")) { /* a run in parts: steps [1, 3) alone, an empty part, two ranges refused */
    show("steps [1, 3) (spans)", ind_cuda_module_run_steps(m, in, y, scratch, stream, 1, 3));
    show("steps [2, 2) (spans)", ind_cuda_module_run_steps(m, in, y, scratch, stream, 2, 2));
    show("steps [3, 2) (spans)", ind_cuda_module_run_steps(m, in, y, scratch, stream, 3, 2));
    show("steps [0, 5) (spans)", ind_cuda_module_run_steps(m, in, y, scratch, stream, 0, 5));
    show("steps [-1, 2) (spans)", ind_cuda_module_run_steps(m, in, y, scratch, stream, -1, 2));
  }
  if (own) {
    snprintf(what, sizeof what, "run own (%s)", label);
    show(what, ind_cuda_module_run(m, in, y, stream));
  }
  /* exactly as many as the program has (ASan: a write past them is an error) */
  int *last = malloc(sizeof *last * (size_t)ind_rt_program_num_inputs(p)),
      *first = malloc(sizeof *first * (size_t)nout);
  int nsteps = ind_cuda_module_step_span(m, last, first);
  printf("span (%s): %d steps; x read last at %d; outputs first at", label, nsteps, last[0]);
  for (int k = 0; k < nout; ++k)
    printf(" %d", first[k]);
  printf("\n");
  free(last);
  free(first);
  if (scratch)
    ind_cuda_free(scratch);
  for (int k = 0; k < nout && k < 4; ++k)
    ind_cuda_free(y[k]);
  ind_cuda_module_destroy(m);
  ind_rt_program_destroy(p);
}

int main(int argc, char **argv) {
  if (argc != 4)
    return 2;
  setvbuf(stdout, NULL, _IONBF, 0);     /* interleaved with the mock's stderr trace */
  if (getenv("RT_API_HELPERS_FIRST")) { /* a host's first calls, before any program: no context is current */
    void *s = NULL;
    uint64_t buf = 0;
    show("stream before any program", ind_cuda_stream_create(&s));
    show("malloc before any program", ind_cuda_malloc(64, &buf));
    ind_cuda_free(buf);
    ind_cuda_stream_destroy(s);
    return 0;
  }
  size_t plan_len, ptx_len;
  char *plan = slurp(argv[1], &plan_len), *ptx = slurp(argv[2], &ptx_len);
  IndRtProgram *p = NULL;
  show("create", ind_rt_program_create(argv[1], plan, plan_len, argv[2], ptx, ptx_len, &p));
  if (!p)
    return 1;
  printf("inputs %d outputs %d steps %d kernels %d min_bytes %lld\n", ind_rt_program_num_inputs(p),
         ind_rt_program_num_outputs(p), ind_rt_program_num_steps(p), ind_rt_program_num_kernels(p),
         (long long)ind_rt_program_min_bytes(p));
  char path[4096];
  snprintf(path, sizeof path, "%s/p.indprog", argv[3]);
  show("save", ind_rt_program_save(p, path));
  IndRtProgram *q = NULL;
  show("load", ind_rt_program_load_file(path, &q));
  size_t a, b;
  printf("round trip: plan %s, ptx %s\n",
         strcmp(ind_rt_program_plan(p, &a), ind_rt_program_plan(q, &b)) ? "differs" : "same",
         strcmp(ind_rt_program_ptx(p, &a), ind_rt_program_ptx(q, &b)) ? "differs" : "same");
  ind_rt_program_destroy(q);

  int refuse = 1;
  IndDeviceAllocator al = {my_alloc, my_free, &refuse};
  IndCudaOptions o = {0, &al, false};
  IndCudaModule *m = NULL;
  /* no context is current yet, so the ordinal is checked against the device count (the mock has one) */
  IndCudaOptions bad = {1, NULL, false};
  show("load module on device 1", ind_cuda_module_load(p, &bad, &m));
  bad.device = -1;
  show("load module on device -1", ind_cuda_module_load(p, &bad, &m));
  show("load module", ind_cuda_module_load(p, &o, &m));
  void *stream = NULL;
  show("stream", ind_cuda_stream_create(&stream));
  uint64_t in[1], out[2];
  show("malloc", ind_cuda_malloc(128, &in[0]));
  show("malloc", ind_cuda_malloc(128, &out[0]));
  show("malloc", ind_cuda_malloc(128, &out[1]));
  show("run (allocator refuses)", ind_cuda_module_run(m, in, out, stream));
  refuse = 0;
  show("run", ind_cuda_module_run(m, in, out, stream));
  show("run again", ind_cuda_module_run(m, in, out, stream));
  printf("allocator: %d allocation(s)\n", allocs);
  printf("runtime bytes (the caller's allocator): %lld\n", (long long)ind_cuda_runtime_bytes());
  { /* a module without an allocator: its intermediates are the runtime's own from its first run to destroy */
    IndCudaModule *m2 = NULL;
    show("load module (no allocator)", ind_cuda_module_load(p, NULL, &m2));
    printf("runtime bytes before a run: %lld\n", (long long)ind_cuda_runtime_bytes());
    show("run (no allocator)", ind_cuda_module_run(m2, in, out, stream));
    show("run again (no allocator)", ind_cuda_module_run(m2, in, out, stream));
    printf("runtime bytes after runs: %lld\n", (long long)ind_cuda_runtime_bytes());
    ind_cuda_module_destroy(m2);
    printf("runtime bytes after destroy: %lld\n", (long long)ind_cuda_runtime_bytes());
  }
  { /* intermediates in the caller's scratch, per run: two slots, each rounded up to 256 bytes (257 -> 512,
     * 256 -> 256) at a 256-byte offset */
    static const char scratch_plan[] =
        "{\"version\": 1, \"module\": \"ind_kernels\", \"inputs\": [{\"name\": \"x\", \"dtype\": \"f32\", "
        "\"shape\": [32], \"bytes\": 128}], \"allocations\": ["
        "{\"name\": \"t0\", \"dtype\": \"i8\", \"shape\": [257], \"bytes\": 257, \"reuse\": null},"
        "{\"name\": \"t1\", \"dtype\": \"f32\", \"shape\": [64], \"bytes\": 256, \"reuse\": null},"
        "{\"name\": \"y\", \"dtype\": \"f32\", \"shape\": [32], \"bytes\": 128, \"reuse\": null}],"
        "\"steps\": [{\"op\": \"launch\", \"kernel\": \"k0\", \"grid\": [1, 1, 1], \"block\": [32, 1, 1], "
        "\"args\": [\"x\", \"t0\"]}, {\"op\": \"launch\", \"kernel\": \"k1\", \"grid\": [1, 1, 1], \"block\": "
        "[32, 1, 1], \"args\": [\"t0\", \"t1\"]}, {\"op\": \"launch\", \"kernel\": \"k0\", \"grid\": [1, 1, 1], "
        "\"block\": [32, 1, 1], \"args\": [\"t1\", \"y\"]}], \"outputs\": [\"y\"]}";
    IndRtProgram *sp = NULL;
    IndCudaModule *sm = NULL, *om = NULL;
    show("scratch program",
         ind_rt_program_create("scratch.json", scratch_plan, sizeof scratch_plan - 1, argv[2], ptx, ptx_len, &sp));
    show("load module (scratch)", ind_cuda_module_load(sp, NULL, &sm));
    size_t need = ind_cuda_module_scratch_bytes(sm);
    printf("scratch bytes: %zu\n", need);
    uint64_t scratch = 0, y = 0;
    show("malloc", ind_cuda_malloc(need, &scratch));
    show("malloc", ind_cuda_malloc(128, &y));
    show("run (no scratch given)", ind_cuda_module_run_scratch(sm, in, &y, 0, stream));
    show("run (scratch 16 bytes in)", ind_cuda_module_run_scratch(sm, in, &y, scratch + 16, stream));
    show("run (scratch)", ind_cuda_module_run_scratch(sm, in, &y, scratch, stream));
    printf("runtime bytes after scratch runs: %lld\n", (long long)ind_cuda_runtime_bytes());
    /* the scratch cases: {label, allocations, launches, outputs, a run on the module's own intermediates too,
     * $IND_SCRATCH_IN_OUTPUTS=0} */
    static const struct {
      const char *label, *allocs, *steps, *outputs;
      bool own, off;
    } cases[] = {
        /* a program with no intermediates needs no scratch: 0 bytes, and 0 is a scratch it runs with */
        {"plain", "y:128", "k0 x y", "y", false, false},
        /* slots share the scratch where their lifetimes do not overlap: t0 (1024 bytes, steps 0-1) and t2
         * (512, steps 2-3) take the same bytes, t1 (256, steps 1-2) lives beside both: 1280, not 1792 */
        {"spans", "t0:1024 t1:256 t2:512 y:128", "k0 x t0; k1 t0 t1; k0 t1 t2; k0 t2 y", "y", false, false},
        /* a slot placed before (larger) that lives only after another does not hold it off (B shares A's
         * bytes); one step's slot (E: written at step 3, never read) is alive at that step (beside A) */
        {"gaps", "A:1024 B:512 C:256 E:256 y:128", "k0 x B; k1 B C; k0 C A; k1 A E; k0 A y", "y", false, false},
        /* a slot takes a hole between two live ones: W goes to Z's bytes (Z dead by then), between X and Y */
        {"hole", "X:256 Z:256 Y:256 W:256 y:128", "k0 x X; k0 X Z; k1 Z Y; k0 Y W; k1 W Y; k0 Y X; k1 X y", "y", false,
         false},
        /* the outputs host slots that die before their first step: T (steps 0-1) and V (1-2) lie in y (first
         * written at step 3), side by side; U (steps 2-3) lives at y's step, so in the block: 256 bytes, not
         * 1024. On the module's own intermediates (no scratch) each slot has its own allocation, as before;
         * with $IND_SCRATCH_IN_OUTPUTS=0 every slot in the block. */
        {"hosted", "T:512 V:256 U:256 y:1024", "k0 x T; k1 T V; k0 V U; k1 U y", "y", true, false},
        {"hosted, off", "T:512 V:256 U:256 y:1024", "k0 x T; k1 T V; k0 V U; k1 U y", "y", false, true},
        /* a slot alive at step 0 only lies in an output first written at step 1 */
        {"step 0", "A:256 y:256", "k0 x A; k1 x y", "y", false, false},
        /* a slot as large as the output fits it (B: 1024 in y's 1024), a larger one does not (A: 1280); C
         * lives at y's first step (3): in the block, at A's bytes */
        {"fit", "A:1280 B:1024 C:256 y:1024", "k0 x A; k1 A B; k0 B C; k1 C y", "y", false, false},
        /* slots alive together in one output lie side by side (P at y, Q at y+512); R (steps 2-3) in the block */
        {"side", "P:512 Q:512 R:256 y:1024", "k0 x P; k1 P Q; k0 Q R; k1 R y", "y", false, false},
        /* y returned twice: the second output is y's copy, made after the last step, so free at every step: A
         * (steps 1-2, after y's first) lies in it */
        {"copy", "A:512 y:512", "k0 x y; k1 y A; k0 A y", "y y", false, false},
        /* two outputs free long enough: the larger hosts first (A in y's 1024, not Z's 512, listed first) */
        {"order", "A:512 Z:512 y:1024", "k0 x A; k1 A A; k0 x Z; k1 x y", "Z y", false, false},
        /* x returned: copied at the end, so read last by the end (step 2 of 2); its copy touched by no step */
        {"copy input", "A:256 y:256", "k0 x A; k1 A y", "y x", false, false},
        /* y, the first buffer after the inputs, returned twice: its copy is an output's, not an input's */
        {"copy first", "y:512 A:512", "k0 x y; k1 y A; k0 A y", "y y", false, false},
        /* x read by no step: read last at -1 */
        {"unread", "y:128", "k0 y y", "y", false, false},
    };
    char plan[4096];
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; ++c) {
      size_t len = small_plan(plan, sizeof plan, cases[c].allocs, cases[c].steps, cases[c].outputs);
      if (cases[c].off)
        setenv("IND_SCRATCH_IN_OUTPUTS", "0", 1);
      scratch_case(cases[c].label, plan, len, argv[2], ptx, ptx_len, in, cases[c].own, stream);
      unsetenv("IND_SCRATCH_IN_OUTPUTS");
    }
    /* reuse.json: buf2 reuses buf0 (buf1 is an output): one slot of 128 bytes */
    show("load module (reuse.json)", ind_cuda_module_load(p, NULL, &om));
    printf("scratch bytes (reuse.json): %zu\n", ind_cuda_module_scratch_bytes(om));
    ind_cuda_module_destroy(om);
    ind_cuda_module_destroy(sm);
    ind_cuda_free(scratch);
    ind_cuda_free(y);
    ind_rt_program_destroy(sp);
  }
  IndCudaGraph *g = NULL;
  show("capture (legacy stream)", ind_cuda_module_capture(m, in, out, NULL, &g));
  show("capture", ind_cuda_module_capture(m, in, out, stream, &g));
  show("replay", ind_cuda_graph_launch(g, stream));
  ind_cuda_graph_destroy(g);
  g = NULL;
  show("capture 0 calls", ind_cuda_module_capture_n(m, in, out, stream, 0, &g));
  show("capture 2 calls", ind_cuda_module_capture_n(m, in, out, stream, 2, &g));
  show("replay 2 calls", ind_cuda_graph_launch(g, stream));
  ind_cuda_graph_destroy(g);
  setenv("MOCK_LAUNCH_FAIL", "k1", 1);
  show("run (k1 fails)", ind_cuda_module_run(m, in, out, stream));
  show("checked run (k1 fails)", ind_cuda_module_run_checked(m, in, out, stream));
  ind_cuda_module_destroy(m);
  printf("allocator: %d free(s)\n", frees);
  for (int k = 0; k < 1; ++k)
    ind_cuda_free(in[k]);
  for (int k = 0; k < 2; ++k)
    ind_cuda_free(out[k]);
  ind_cuda_stream_destroy(stream);
  ind_rt_program_destroy(p);
  free(plan);
  free(ptx);
  return 0;
}
