#include "arena/interrupt.h"

#include <signal.h>

#include "arena/tournament.h"

static atomic_int interrupted;

static void on_interrupt(int signal_number)
{
    (void)signal_number;
    atomic_store(&interrupted, TOURNAMENT_ABORT_INTERRUPT);
    signal(SIGINT, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
}

atomic_int *catch_interrupts(void)
{
    struct sigaction action = {0};
    action.sa_handler = on_interrupt;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGTERM, &action, NULL);
    return &interrupted;
}
