/* data_record.c - a labelled position as one line of text, and the header. */
#include "data/data_record.h"

#include "util/parse_number.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#define SEPARATOR " | "
#define FIELD_COUNT 6
#define VISITS_PREFIX "visits"

static const char *const result_names[] = {"loss", "draw", "win"};

/* A text field survives the round trip when it has no separator character
 * and no line break, and is not empty. */
static bool field_ok(const char *text)
{
    return text[0] != '\0' && strpbrk(text, "|\n\r") == NULL;
}

/* " | visits E:N ..." where the record has visits, else nothing. */
static bool format_visits(const DataRecord *r, char *out, size_t out_size)
{
    out[0] = '\0';
    if (r->visit_count <= 0)
        return true;
    if (r->visit_count > DATA_VISITS_MAX)
        return false;
    size_t used = (size_t)snprintf(out, out_size, SEPARATOR VISITS_PREFIX);
    for (int i = 0; i < r->visit_count && used < out_size; i++) {
        if (r->visits[i] == 0)
            return false;
        used += (size_t)snprintf(out + used, out_size - used, " %u:%" PRIu32, (unsigned)r->visit_entry[i],
                                 r->visits[i]);
    }
    return used < out_size;
}

bool data_record_format(const DataRecord *r, char *out, size_t out_size)
{
    char visits[DATA_VISITS_MAX * 18 + 16];
    if (!field_ok(r->position) || !field_ok(r->move) || r->ply < 0 || r->result < DATA_LOSS ||
        r->result > DATA_WIN || !format_visits(r, visits, sizeof visits))
        return false;
    int n = snprintf(out, out_size, "%s" SEPARATOR "%s %d" SEPARATOR "%s" SEPARATOR "%d" SEPARATOR
                     "%s" SEPARATOR "%" PRIu64 "%s\n",
                     r->position, r->proven ? "mate" : "cp", r->score, r->move, r->ply,
                     result_names[r->result], r->game_number, visits);
    return n > 0 && (size_t)n < out_size;
}

/* "visits E:N E:N ...": at least one pair, at most DATA_VISITS_MAX,
 * entries distinct, visits from 1. */
static bool parse_visits(char *text, DataRecord *out, char *err, size_t err_size)
{
    const size_t prefix = strlen(VISITS_PREFIX);
    if (strncmp(text, VISITS_PREFIX, prefix) != 0 || text[prefix] != ' ') {
        snprintf(err, err_size, "a seventh field must be 'visits E:N ...', not '%.40s'", text);
        return false;
    }
    out->visit_count = 0;
    for (char *save = NULL, *pair = strtok_r(text + prefix, " ", &save); pair; pair = strtok_r(NULL, " ", &save)) {
        char *colon = strchr(pair, ':');
        int64_t entry, visits;
        if (out->visit_count == DATA_VISITS_MAX) {
            snprintf(err, err_size, "more than %d visit pairs", DATA_VISITS_MAX);
            return false;
        }
        if (colon)
            *colon = '\0';
        if (!colon || parse_int64(pair, 0, UINT16_MAX, &entry) != NUMBER_OK ||
            parse_int64(colon + 1, 1, UINT32_MAX, &visits) != NUMBER_OK) {
            snprintf(err, err_size, "visit pair '%s%s' is not ENTRY:VISITS (entry 0..65535, visits from 1)", pair,
                     colon ? ":..." : "");
            return false;
        }
        for (int i = 0; i < out->visit_count; i++)
            if (out->visit_entry[i] == entry) {
                snprintf(err, err_size, "entry %" PRId64 " is listed twice in the visits", entry);
                return false;
            }
        out->visit_entry[out->visit_count] = (uint16_t)entry;
        out->visits[out->visit_count++] = (uint32_t)visits;
    }
    if (out->visit_count == 0) {
        snprintf(err, err_size, "the visits field lists no pair");
        return false;
    }
    return true;
}

static bool parse_score(const char *text, DataRecord *out)
{
    int64_t value;
    if (strncmp(text, "cp ", 3) == 0 && parse_int64(text + 3, -EVAL_BOUND * 2, EVAL_BOUND * 2, &value) == NUMBER_OK) {
        out->proven = false;
    } else if (strncmp(text, "mate ", 5) == 0 && parse_int64(text + 5, -100000, 100000, &value) == NUMBER_OK &&
               value != 0) {
        out->proven = true;
    } else {
        return false;
    }
    out->score = (int)value;
    return true;
}

static bool parse_result(const char *text, DataResult *out)
{
    for (int i = DATA_LOSS; i <= DATA_WIN; i++)
        if (strcmp(text, result_names[i]) == 0) {
            *out = (DataResult)i;
            return true;
        }
    return false;
}

static bool copy_field(char *dst, size_t dst_size, const char *src)
{
    size_t len = strlen(src);
    if (len == 0 || len >= dst_size)
        return false;
    memcpy(dst, src, len + 1);
    return true;
}

/* Splits line at every separator in place; returns the field count (more
 * than max means too many). */
static int split_fields(char *line, char **field, int max)
{
    int n = 0;
    for (char *p = line;;) {
        if (n == max)
            return max + 1;
        field[n++] = p;
        p = strstr(p, SEPARATOR);
        if (!p)
            return n;
        *p = '\0';
        p += strlen(SEPARATOR);
    }
}

bool data_record_parse(const char *line, DataRecord *out, char *err, size_t err_size)
{
    char copy[DATA_LINE_MAX];
    size_t len = strcspn(line, "\n");
    if (len >= sizeof copy) {
        snprintf(err, err_size, "record longer than %zu characters", sizeof copy - 1);
        return false;
    }
    memcpy(copy, line, len);
    copy[len] = '\0';
    char *field[FIELD_COUNT + 1];
    int n = split_fields(copy, field, FIELD_COUNT + 1);
    if (n != FIELD_COUNT && n != FIELD_COUNT + 1) {
        snprintf(err, err_size, "a record has %d fields separated by '%s' (a seventh with visits), not %s",
                 FIELD_COUNT, SEPARATOR, n > FIELD_COUNT ? "more" : "fewer");
        return false;
    }
    out->visit_count = 0;
    int64_t ply, game_number;
    if (!copy_field(out->position, sizeof out->position, field[0]))
        snprintf(err, err_size, "empty or overlong position");
    else if (!parse_score(field[1], out))
        snprintf(err, err_size, "score '%s' is neither 'cp N' nor 'mate N' (N not 0)", field[1]);
    else if (!copy_field(out->move, sizeof out->move, field[2]))
        snprintf(err, err_size, "empty or overlong move");
    else if (parse_int64(field[3], 0, DATA_PLY_MAX, &ply) != NUMBER_OK)
        snprintf(err, err_size, "ply '%s' is not a whole number from 0 to %d", field[3],
                 DATA_PLY_MAX);
    else if (!parse_result(field[4], &out->result))
        snprintf(err, err_size, "result '%s' is not win, draw or loss", field[4]);
    else if (parse_int64(field[5], 0, INT64_MAX, &game_number) != NUMBER_OK)
        snprintf(err, err_size, "game number '%s' is not a whole number", field[5]);
    else if (n == FIELD_COUNT + 1 && !parse_visits(field[6], out, err, err_size))
        return false;
    else {
        out->ply = (int)ply;
        out->game_number = (uint64_t)game_number;
        return true;
    }
    return false;
}

DataResult data_result_for(Outcome outcome, int side_to_move)
{
    if (outcome == OUTCOME_DRAW)
        return DATA_DRAW;
    int winner = outcome == OUTCOME_WHITE_WINS ? WHITE : BLACK;
    return winner == side_to_move ? DATA_WIN : DATA_LOSS;
}

double data_result_value(DataResult result) { return result * 0.5; }

bool data_header_format(const char *configuration, char *out, size_t out_size)
{
    if (strncmp(configuration, "game=", 5) != 0 || strpbrk(configuration, "\n\r"))
        return false;
    int n = snprintf(out, out_size, DATA_HEADER_PREFIX "%s\n", configuration);
    return n > 0 && (size_t)n < out_size;
}

bool data_header_parse(const char *line, char *configuration, size_t configuration_size,
                       char *game_id, size_t game_id_size, char *err, size_t err_size)
{
    size_t prefix = strlen(DATA_HEADER_PREFIX);
    if (strncmp(line, DATA_HEADER_PREFIX, prefix) != 0 || strncmp(line + prefix, "game=", 5) != 0) {
        snprintf(err, err_size, "the first line is not a header '%sgame=ID ...' (tessera-data "
                 "format %d)", DATA_HEADER_PREFIX, DATA_FORMAT_VERSION);
        return false;
    }
    const char *config = line + prefix;
    size_t len = strcspn(config, "\n");
    size_t id_len = strcspn(config + 5, " \n");
    if (len >= configuration_size || id_len == 0 || id_len >= game_id_size) {
        snprintf(err, err_size, "the header's configuration is empty or too long");
        return false;
    }
    memcpy(configuration, config, len);
    configuration[len] = '\0';
    memcpy(game_id, config + 5, id_len);
    game_id[id_len] = '\0';
    return true;
}
