/* printable.c - see printable.h. */
#include "protocol/printable.h"

#include <ctype.h>
#include <string.h>

/* Echoing garbage back must not emit garbage: keep it short and printable. */
const char *printable(const char *text)
{
    static _Thread_local char buf[72];
    size_t i = 0;
    for (; text[i] && i < 64; i++)
        buf[i] = isprint((unsigned char)text[i]) ? text[i] : '?';
    if (text[i] && i == 64) {
        memcpy(buf + 61, "...", 3);
    }
    buf[i] = '\0';
    return buf;
}
