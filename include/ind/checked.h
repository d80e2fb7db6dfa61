/* ind/checked.h - the contract of checked mode between the code generators and the hosts that run
 * their code (docs/gpu.md, "Checked mode").
 *
 * A lowered module with checks holds:
 *   - a global IND_CHECK_RECORD of two 64-bit integers, zero at load: [0] the site of the first
 *     violation plus one (0: none), [1] the offending index. The first violation wins (the GPU writes
 *     [0] with a compare-and-swap from 0, then [1]); the host reads it after a run, reports and zeroes it;
 *   - a module attribute IND_CHECK_SITES_ATTR, an array with one entry per site (a compare emitted by
 *     the code generator), [lower : i64, upper : i64, what : string, location], `what` naming the kernel
 *     and the buffer ("kernel 'k' read buffer 'arg0_1' (argument 1, f32[17x33])"), the location that of
 *     the kernel op (a loc attribute).
 * The host's message: "<loc>: error: checked mode: <what> at index <i>, outside [<lower>, <upper>)"; its
 * text after "error: " is ind_checked_message's, which every host calls (the CPU JIT, runtime/jit.c, and
 * the GPU runtime, runtime/ind_runtime.c, which gets the site table from the launch plan's "checks").
 *
 * IND_CHECKED_ENV is the environment variable that chooses the level when --codegen has no
 * `checked=` (sched-to-kernel's option): off (0), indirect (the default: data-dependent indices only,
 * Inductor's assert_indirect_indexing) or all (1: every load and store address too). */
#ifndef IND_CHECKED_H
#define IND_CHECKED_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define IND_CHECK_RECORD "__ind_check"
#define IND_CHECK_RECORD_WORDS 2
#define IND_CHECK_SITES_ATTR "ind.check_sites"
#define IND_CHECKED_ENV "IND_CHECKED"

/* The message of a recorded violation, without its location, into out[0..n) (snprintf's contract and
 * return): "checked mode: <what> at index <index>, outside [<lower>, <upper>)" with what[0..what_len), or,
 * when `what` is NULL (a record whose site the table does not hold), "checked mode: site <site> (unknown)
 * at index <index>". Defined in runtime/ind_runtime.c (the GPU runtime, which the CPU JIT links). */
int ind_checked_message(char *out, size_t n, const char *what, size_t what_len, int64_t site, int64_t index,
                        int64_t lower, int64_t upper);

#ifdef __cplusplus
}
#endif

#endif
