/*
 * whole_number.h - strict decimal whole numbers, the one reading that the
 * data format and the flags of datagen, book and texel share: digits only
 * (a leading '-' only where negatives are allowed), no blanks, no '+', no
 * hexadecimal, within min..max.  "1.5", " 3" and "0x10" are refused, never
 * read as something else.
 */
#ifndef TESSERA_DATA_WHOLE_NUMBER_H
#define TESSERA_DATA_WHOLE_NUMBER_H

#include <stdbool.h>

bool whole_number(const char *text, long long min, long long max, long long *out);

#endif
