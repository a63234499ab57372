/* fake_mute.c - fake_engine.c with --mode mute by default (see there). */
#define FAKE_DEFAULT_MODE "mute"
#include "fake_engine.c"
