/* fake_hang.c - fake_engine.c with --mode hang by default (see there). */
#define FAKE_DEFAULT_MODE "hang"
#include "fake_engine.c"
