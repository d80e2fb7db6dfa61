/* register_all.h - registers every stage's passes, strategies and stage flags (idempotent). It
 * knows every folder of passes/, so it sits on libind's floor, above them (the tools call it through
 * libind). */
#ifndef IND_LIBIND_REGISTER_ALL_H
#define IND_LIBIND_REGISTER_ALL_H

#ifdef __cplusplus
extern "C" {
#endif

void ind_register_all(void);

#ifdef __cplusplus
}
#endif

#endif
