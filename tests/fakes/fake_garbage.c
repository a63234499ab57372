/* fake_garbage.c - fake_engine.c with --mode garbage by default (see there). */
#define FAKE_DEFAULT_MODE "garbage"
#include "fake_engine.c"
