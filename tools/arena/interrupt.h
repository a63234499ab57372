/* interrupt.h - Ctrl-C for the command-line tools: the first SIGINT or
 * SIGTERM raises a flag the game threads watch (finished games are kept),
 * a second one ends the process at once. */
#ifndef TESSERA_INTERRUPT_H
#define TESSERA_INTERRUPT_H

#include <stdatomic.h>

/* Installs the handlers; returns the abort flag to hand to tournament_run
 * (0, or TOURNAMENT_ABORT_INTERRUPT once interrupted). */
atomic_int *catch_interrupts(void);

#endif
