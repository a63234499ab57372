/* output.h - whole lines to stdout, safe from any thread.  The reader and
 * the search thread both talk; a lock keeps their lines from interleaving. */
#ifndef TESSERA_OUTPUT_H
#define TESSERA_OUTPUT_H

#include <stdio.h>

void out_line(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* For long streamed lines (`moves` on a tall Qawale stack): hold the lock,
 * write pieces with out_piece, then out_end_line. */
void out_begin_line(void);
void out_piece(const char *text);
void out_end_line(void);

#endif
