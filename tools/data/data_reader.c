/* data_reader.c - the header and the records of a data file, in order. */
#include "data/data_reader.h"

#include <stdlib.h>
#include <string.h>

/* One line into buf (with its newline when it has one).  Returns its
 * length, 0 at the end, -1 when longer than the buffer. */
static long read_line(FILE *file, char *buf, size_t size)
{
    if (!fgets(buf, (int)size, file))
        return 0;
    size_t len = strlen(buf);
    if (len == size - 1 && buf[len - 1] != '\n' && !feof(file))
        return -1;
    return (long)len;
}

static bool skippable(const char *line) { return line[0] == '#' || line[0] == '\n'; }

bool data_read(FILE *file, DataHeader *header, DataRecordVisitor visit, void *context,
               long *kept_bytes, char *err, size_t err_size)
{
    const DataVisitors visitors = {visit, NULL, NULL};
    return data_read_visiting(file, header, &visitors, context, kept_bytes, err, err_size);
}

bool data_read_visiting(FILE *file, DataHeader *header, const DataVisitors *visitors, void *context,
                        long *kept_bytes, char *err, size_t err_size)
{
    char line[DATA_LINE_MAX + 2], why[ERROR_TEXT_MAX * 4];
    long offset = 0;
    *kept_bytes = 0;
    long len = read_line(file, line, sizeof line);
    if (len <= 0 || line[len - 1] != '\n') {
        snprintf(err, err_size, "no complete header line");
        return false;
    }
    if (!data_header_parse(line, header->configuration, sizeof header->configuration,
                           header->game_id, sizeof header->game_id, err, err_size))
        return false;
    offset = *kept_bytes = len;
    for (long number = 2;; number++) {
        len = read_line(file, line, sizeof line);
        if (len == 0)
            return true;
        if (len < 0) {
            snprintf(err, err_size, "line %ld: longer than %d characters", number, DATA_LINE_MAX);
            return false;
        }
        if (line[len - 1] != '\n')
            return true; /* cut short: dropped */
        DataRecord record;
        if (visitors->line_offset)
            *visitors->line_offset = offset;
        bool ok = true;
        if (line[0] == '#' && visitors->comment) {
            line[len - 1] = '\0';
            ok = visitors->comment(context, line, why, sizeof why);
        } else if (!skippable(line)) {
            if (!data_record_parse(line, &record, why, sizeof why)) {
                snprintf(err, err_size, "line %ld: %s", number, why);
                return false;
            }
            ok = !visitors->record || visitors->record(context, &record, why, sizeof why);
        }
        if (!ok) {
            snprintf(err, err_size, "line %ld: %s", number, why);
            return false;
        }
        offset += len;
        *kept_bytes = offset;
    }
}

/* Is the header's game another than game_id?  Then err says so. */
static bool of_another_game(const DataHeader *header, const char *game_id, char *err, size_t err_size)
{
    if (strcmp(header->game_id, game_id) == 0)
        return false;
    snprintf(err, err_size, "the data is of game %s, not %s", header->game_id, game_id);
    return true;
}

/* data_read_of_game's visitor: the game checked before the caller's. */
typedef struct {
    const char *game_id;
    const DataHeader *header; /* read before the first record */
    DataRecordVisitor visit;
    void *context;
} GameVisitor;

static bool visit_of_game(void *context, const DataRecord *record, char *err, size_t err_size)
{
    const GameVisitor *of_game = context;
    return !of_another_game(of_game->header, of_game->game_id, err, err_size) &&
           of_game->visit(of_game->context, record, err, err_size);
}

bool data_read_of_game(FILE *file, const char *game_id, DataHeader *header, DataRecordVisitor visit,
                       void *context, long *kept_bytes, char *err, size_t err_size)
{
    GameVisitor of_game = {game_id, header, visit, context};
    /* A file without records has no first record to refuse it at. */
    return data_read(file, header, visit_of_game, &of_game, kept_bytes, err, err_size) &&
           !of_another_game(header, game_id, err, err_size);
}
