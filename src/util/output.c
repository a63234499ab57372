#include "util/output.h"

#include <pthread.h>
#include <stdarg.h>

static pthread_mutex_t output_lock = PTHREAD_MUTEX_INITIALIZER;

void out_line(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    pthread_mutex_lock(&output_lock);
    vfprintf(stdout, fmt, ap);
    fputc('\n', stdout);
    fflush(stdout);
    pthread_mutex_unlock(&output_lock);
    va_end(ap);
}

void out_begin_line(void) { pthread_mutex_lock(&output_lock); }

void out_piece(const char *text) { fputs(text, stdout); }

void out_end_line(void)
{
    fputc('\n', stdout);
    fflush(stdout);
    pthread_mutex_unlock(&output_lock);
}
