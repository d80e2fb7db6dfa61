# Turns the file IN into a C source OUT defining `const char NAME[]` (NUL-terminated) and `NAME_len`.
file(READ "${IN}" hex HEX)
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," body "${hex}")
file(WRITE "${OUT}" "/* Generated from ${IN}. Do not edit. */\n#include <stddef.h>\nconst char ${NAME}[] = {${body}0x00};\nconst size_t ${NAME}_len = sizeof(${NAME}) - 1;\n")
