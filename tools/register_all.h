/* register_all.h - registers every stage's passes, strategies and stage flags (idempotent). It
 * knows every folder of passes/, so it sits on the tools floor. */
#ifndef IND_TOOLS_REGISTER_ALL_H
#define IND_TOOLS_REGISTER_ALL_H

#ifdef __cplusplus
extern "C" {
#endif

void ind_register_all(void);

#ifdef __cplusplus
}
#endif

#endif
