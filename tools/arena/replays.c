/* replays.c - games whose launcher failed: counted, played again, or the
 * run stopped (see replays.h). */
#include "arena/replays.h"

#include <string.h>
#include <time.h>

void replays_init(Replays *replays, int per_game, int total)
{
    memset(replays, 0, sizeof *replays);
    replays->per_game = per_game;
    replays->total = total;
}

/* The host's row, added while there is room; NULL past the table. */
static ReplayHost *host_row(Replays *replays, const char *target)
{
    for (int i = 0; i < replays->host_count; i++)
        if (strcmp(replays->hosts[i].target, target) == 0)
            return &replays->hosts[i];
    if (replays->host_count == REPLAYS_HOSTS_SHOWN)
        return NULL;
    ReplayHost *row = &replays->hosts[replays->host_count++];
    snprintf(row->target, sizeof row->target, "%s", target);
    return row;
}

ReplayVerdict replays_note(Replays *replays, const char *what, int replayed, const MatchResult *game, char *err,
                           size_t err_size)
{
    if (replays->stopped)
        return REPLAY_STOPPED;
    replays->failures++;
    ReplayHost *row = host_row(replays, game->launcher_target);
    if (row) {
        row->count++;
        snprintf(row->last_reason, sizeof row->last_reason, "%s", game->launcher_reason);
    } else {
        replays->other_hosts++;
    }
    bool game_bound = replayed >= replays->per_game;
    if (!game_bound && replays->failures <= replays->total)
        return REPLAY_AGAIN;
    replays->stopped = true;
    const char *bound = game_bound ? "-launcher-retries" : "-launcher-retries-total";
    snprintf(err, err_size,
             "launcher failure on %s: %s; %s failed so %d %s (%s %d), %lld %s in the run, none scored; the run "
             "stops",
             game->launcher_target, game->launcher_reason, what, replayed + 1, replayed ? "times" : "time", bound,
             game_bound ? replays->per_game : replays->total, (long long)replays->failures,
             replays->failures == 1 ? "failure" : "failures");
    return REPLAY_STOP;
}

void replays_print(FILE *out, const Replays *replays)
{
    if (replays->failures == 0)
        return;
    fprintf(out, "Launcher failures: %lld (not scored, games played again):", (long long)replays->failures);
    for (int i = 0; i < replays->host_count; i++)
        fprintf(out, "%s %s %lld, the last: %s", i ? ";" : "", replays->hosts[i].target,
                (long long)replays->hosts[i].count, replays->hosts[i].last_reason);
    if (replays->other_hosts)
        fprintf(out, "; other hosts %lld", (long long)replays->other_hosts);
    fputc('\n', out);
    fflush(out);
}

void replays_pause(int replayed, const atomic_int *abort)
{
    int quarters = replayed + 1 < 4 ? replayed + 1 : 4;
    for (int slice = 0; slice < quarters * 5; slice++) {
        if (abort && atomic_load(abort))
            return;
        struct timespec pause = {0, 50 * 1000000};
        nanosleep(&pause, NULL);
    }
}

EngineStatus replays_start(Engine *engine, const char *game_id, const atomic_int *abort, char *why,
                           size_t why_size)
{
    EngineStatus status = engine_start(engine, game_id, why, why_size);
    int retries = engine->spec->launcher_retries;
    for (int tried = 0; status != ENGINE_OK && engine->launcher_failed && tried < retries; tried++) {
        replays_pause(tried, abort);
        status = engine_start(engine, game_id, why, why_size);
    }
    return status;
}
