/* fake_illegal.c - fake_engine.c with --mode illegal by default (see there). */
#define FAKE_DEFAULT_MODE "illegal"
#include "fake_engine.c"
