/* termination.c - a game's ending in PGN's words. */
#include "web/termination.h"

#include <stdio.h>
#include <string.h>

/* The PGN's name of a side ("p1" is White). */
static const char *pgn_colour(const char *side) { return strcmp(side, "p1") == 0 ? "White" : "Black"; }

void termination_state_members(const Session *s, TextBuf *out)
{
    const char *termination = "unterminated";
    char comment[200] = "";
    const char *result = s->adjudicated;
    const char *loser = strcmp(result, "p1win") == 0 ? "p2" : "p1";
    if (!result[0] && strncmp(s->status, "over", 4) == 0) {
        /* Over by the game's rules. */
        termination = "normal";
        const char *winner = strstr(s->status, "p1win") ? "p1" : strstr(s->status, "p2win") ? "p2" : NULL;
        snprintf(comment, sizeof comment, "%s%s", winner ? pgn_colour(winner) : "Draw", winner ? " wins" : "");
    } else if (strcmp(result, "draw") == 0 && strstr(s->reason, "draw agreed")) {
        termination = "normal";
        snprintf(comment, sizeof comment, "Draw agreed");
    } else if (result[0] && strcmp(result, "draw") != 0 && strstr(s->reason, "resigns")) {
        termination = "normal";
        snprintf(comment, sizeof comment, "%s resigns", pgn_colour(loser));
    } else if (result[0] && strcmp(result, "draw") != 0 && strstr(s->reason, "time")) {
        termination = "time forfeit";
        snprintf(comment, sizeof comment, "%s forfeits on time", pgn_colour(loser));
    } else if (result[0]) {
        termination = "adjudication";
        snprintf(comment, sizeof comment, "%s", s->reason[0] ? s->reason : "adjudicated");
    }
    text_json_member(out, "termination", termination);
    text_json_member(out, "ending", comment);
}
