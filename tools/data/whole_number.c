/* whole_number.c - strict decimal whole numbers within bounds. */
#include "data/whole_number.h"

#include <errno.h>
#include <stdlib.h>

bool whole_number(const char *text, long long min, long long max, long long *out)
{
    if (!text)
        return false;
    const char *digits = text[0] == '-' && min < 0 ? text + 1 : text;
    if (digits[0] < '0' || digits[0] > '9')
        return false;
    char *end;
    errno = 0;
    long long value = strtoll(text, &end, 10);
    if (errno || *end != '\0' || value < min || value > max)
        return false;
    *out = value;
    return true;
}
