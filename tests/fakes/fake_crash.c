/* fake_crash.c - fake_engine.c with --mode crash by default (see there). */
#define FAKE_DEFAULT_MODE "crash"
#include "fake_engine.c"
