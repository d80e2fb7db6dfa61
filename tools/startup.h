/* startup.h - what a tool does before anything else runs: map its own executable's pages and a first
 * slice of heap in a few system calls instead of a few thousand page faults.
 *
 * ind-opt and ind-run are ~190 MB static executables: a compile touches ~1 000 pages of code and
 * read-only data and ~750 pages of heap, and on a virtual machine each first touch is a fault of
 * several microseconds (10-15 ms of a 60 ms compile on the development machine). ind_tool_startup,
 * called from a constructor that runs before the static initialisers of LLVM and MLIR (priority 101),
 *   - populates the executable's read-only segments (MADV_POPULATE_READ) when they are mostly in the page
 *     cache already (else it only asks for read-ahead: a cold start must not read 190 MB for 10 ms),
 *   - populates its writable segment (read for the RELRO part, write for the rest),
 *   - grows the heap once by IND_STARTUP_HEAP_BYTES and populates it, keeping it (no trim, no mmap below
 *     IND_STARTUP_MMAP_THRESHOLD).
 * Every step is an advice: on a kernel without MADV_POPULATE_* (before Linux 5.14) or under a sanitizer's
 * allocator it does nothing. It pays only for a run that compiles: ind-opt does not call it for --help
 * or --list-passes, and calls it only after a cache miss (ind_opt_early). A second call does nothing.
 * IND_PREFAULT=0 in the environment turns it off (for measuring). Measured in docs/passes/codegen.md,
 * "Compile time". */
#ifndef IND_TOOLS_STARTUP_H
#define IND_TOOLS_STARTUP_H

#ifdef __cplusplus
extern "C" {
#endif

#define IND_STARTUP_HEAP_BYTES (4u << 20)
#define IND_STARTUP_MMAP_THRESHOLD (8u << 20)

void ind_tool_startup(void);

#ifdef __cplusplus
}
#endif

#endif
