/* info_line.c - `info` lines from a search's progress. */
#include "protocol/info_line.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "games/gameutil.h"
#include "search/wdl.h"
#include "util/clock.h"
#include "util/output.h"

/* UCI_ShowWDL: read by the search thread, set by the protocol's. */
static atomic_bool show_wdl;

void info_line_show_wdl(bool on) { atomic_store(&show_wdl, on); }

/* A pv may come from a shared table that another thread overwrote; print
 * only the prefix that really is legal, checked by a text round trip. */
void format_pv(const Game *game, const Position *root, const Move *pv, int length,
               char *out, size_t out_size)
{
    Position pos = *root;
    size_t used = strlen(out);
    for (int i = 0; i < length && game->outcome(&pos) == OUTCOME_ONGOING; i++) {
        if (!is_legal_move(game, &pos, pv[i]))
            break;
        char text[MOVE_TEXT_MAX];
        game->format_move(&pos, pv[i], text, sizeof text);
        if (used + strlen(text) + 2 >= out_size)
            break;
        used += (size_t)snprintf(out + used, out_size - used, " %s", text);
        game->play(&pos, pv[i]);
    }
}

void print_info(const SearchJob *job, const SearchInfo *info)
{
    char line[8192];
    int64_t elapsed = now_ms() - job->start_ms;
    uint64_t nps = elapsed > 0 ? info->nodes * 1000 / (uint64_t)elapsed : info->nodes * 1000;
    int n = snprintf(line, sizeof line, "info depth %d seldepth %d ", info->depth,
                     info->seldepth > info->depth ? info->seldepth : info->depth);
    /* As Stockfish: the field only when more than one line was asked for. */
    if (job->multipv > 1)
        n += snprintf(line + n, sizeof line - n, "multipv %d ", info->multipv);
    n += snprintf(line + n, sizeof line - n, "score ");
    if (info->mate_turns)
        n += snprintf(line + n, sizeof line - n, "mate %d", info->mate_turns);
    else
        n += snprintf(line + n, sizeof line - n, "cp %d", info->score);
    /* As Stockfish: `wdl W D L` right after the score, when asked for and
     * the game has a model. */
    if (atomic_load(&show_wdl) && wdl_model_known(&job->game->wdl)) {
        WdlContext context = wdl_context_of(job->game, &job->record.current);
        WdlPerMille wdl = wdl_of_info(&job->game->wdl, context, info);
        n += snprintf(line + n, sizeof line - n, " wdl %d %d %d", wdl.win, wdl.draw, wdl.loss);
    }
    n += snprintf(line + n, sizeof line - n, " nodes %" PRIu64 " nps %" PRIu64 " time %" PRId64,
                  info->nodes, nps, elapsed);
    if (info->hashfull >= 0)
        n += snprintf(line + n, sizeof line - n, " hashfull %d", info->hashfull);
    if (info->pv_length > 0) {
        n += snprintf(line + n, sizeof line - n, " pv");
        format_pv(job->game, &job->record.current, info->pv, info->pv_length, line, sizeof line);
    }
    out_line("%s", line);
}

void print_info_of_job(void *job, const SearchInfo *info) { print_info(job, info); }
