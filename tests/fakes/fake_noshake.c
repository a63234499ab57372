/* fake_noshake.c - fake_engine.c with --mode noshake by default (see there). */
#define FAKE_DEFAULT_MODE "noshake"
#include "fake_engine.c"
