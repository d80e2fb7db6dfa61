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
 * The host's message: "<loc>: error: checked mode: <what> at index <i>, outside [<lower>, <upper>)".
 *
 * IND_CHECKED_ENV is the environment variable that chooses the level when --codegen has no
 * `checked=` (sched-to-kernel's option): off (0), indirect (the default: data-dependent indices only,
 * Inductor's assert_indirect_indexing) or all (1: every load and store address too). */
#ifndef IND_CHECKED_H
#define IND_CHECKED_H

#ifdef __cplusplus
extern "C" {
#endif

#define IND_CHECK_RECORD "__ind_check"
#define IND_CHECK_RECORD_WORDS 2
#define IND_CHECK_SITES_ATTR "ind.check_sites"
#define IND_CHECKED_ENV "IND_CHECKED"

#ifdef __cplusplus
}
#endif

#endif
