/*
 * schedule.h - which engines play game k, with which colours and opening.
 *
 * Everything is a pure function of k (0-based) so that any slice of a run
 * can be played anywhere and merged.  Games come in units: with -repeat a
 * unit is a pair (same opening, first the pairing's first engine is p1,
 * then the second); without, a unit is one game.  Units cycle through the
 * pairings; a round is one unit of every pairing, and all units of a round
 * share one opening, so every pairing meets the same openings.
 */
#ifndef TESSERA_ARENA_SCHEDULE_H
#define TESSERA_ARENA_SCHEDULE_H

#include <stdbool.h>
#include <stdint.h>

typedef enum { TOURNAMENT_ROUNDROBIN, TOURNAMENT_GAUNTLET } TournamentKind;

typedef struct {
    int engine_count;
    TournamentKind kind; /* gauntlet: engine 0 against each other engine */
    bool repeat;         /* each opening twice, colours reversed */
} Schedule;

typedef struct {
    int p1, p2;              /* engine indices */
    int pairing;             /* which pairing (see schedule_pairing) */
    uint64_t opening_index;  /* which opening (the round) */
} ScheduledGame;

int schedule_pairings(const Schedule *schedule);

/* The two engines of a pairing, first < second. */
void schedule_pairing(const Schedule *schedule, int pairing, int *first, int *second);

/* Games in one round: every pairing once (twice with repeat). */
uint64_t schedule_round_games(const Schedule *schedule);

void schedule_game(const Schedule *schedule, uint64_t k, ScheduledGame *out);

const char *tournament_kind_name(TournamentKind kind);

#endif
