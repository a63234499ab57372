/* printable.h - echoing a client's words back without echoing garbage. */
#ifndef TESSERA_PRINTABLE_H
#define TESSERA_PRINTABLE_H

/* text cut to 64 characters, each unprintable byte as '?'; the buffer is
 * the calling thread's and is reused by its next call. */
const char *printable(const char *text);

#endif
