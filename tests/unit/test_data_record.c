/*
 * test_data_record.c - the self-play data format (tools/data/): records
 * round-trip through their text, malformed lines are refused with a
 * reason, the header names the game, and a reader drops a last line cut
 * short by an interrupted writer but refuses any other bad line.
 */
#include "harness.h"

#include "data/data_reader.h"
#include "data/data_record.h"
#include "games/registry.h"

static DataRecord sample_record(const char *position, bool proven, int score, const char *move)
{
    DataRecord r;
    memset(&r, 0, sizeof r);
    snprintf(r.position, sizeof r.position, "%s", position);
    r.proven = proven;
    r.score = score;
    snprintf(r.move, sizeof r.move, "%s", move);
    r.ply = 17;
    r.result = DATA_LOSS;
    r.game_number = 123456789012ULL;
    return r;
}

static bool same_record(const DataRecord *a, const DataRecord *b)
{
    if (a->visit_count != b->visit_count)
        return false;
    for (int i = 0; i < a->visit_count; i++)
        if (a->visit_entry[i] != b->visit_entry[i] || a->visits[i] != b->visits[i])
            return false;
    return strcmp(a->position, b->position) == 0 && a->proven == b->proven &&
           a->score == b->score && strcmp(a->move, b->move) == 0 && a->ply == b->ply &&
           a->result == b->result && a->game_number == b->game_number;
}

static bool round_trips(const DataRecord *record)
{
    char line[DATA_LINE_MAX], err[ERROR_TEXT_MAX];
    DataRecord back;
    return data_record_format(record, line, sizeof line) &&
           data_record_parse(line, &back, err, sizeof err) && same_record(record, &back);
}

/* Every game's start position (with spaces, slashes, commas) survives. */
static void test_data_records_of_every_game_round_trip(void)
{
    for (int i = 0; all_games[i]; i++) {
        DataRecord r = sample_record(all_games[i]->start_fen, false, -35, "17,3,x4");
        CHECK(round_trips(&r));
        r.proven = true;
        r.score = -3;
        r.result = DATA_WIN;
        CHECK(round_trips(&r));
        r.result = DATA_DRAW;
        r.score = 12;
        CHECK(round_trips(&r));
    }
}

/* MCTS's visits: a seventh field, as many pairs as the record has (up
 * to DATA_VISITS_MAX), read back exactly; none without it. */
static void test_data_record_visits_round_trip(void)
{
    DataRecord r = sample_record("nn,.,.,./.,.,.,./.,.,.,./.,.,.,nn w 8 8", false, 35, "a4a3");
    r.visit_count = 3;
    r.visit_entry[0] = 791, r.visits[0] = 72;
    r.visit_entry[1] = 0, r.visits[1] = 4294967295u;
    r.visit_entry[2] = 65535, r.visits[2] = 1;
    char line[DATA_LINE_MAX], err[ERROR_TEXT_MAX] = "";
    CHECK(data_record_format(&r, line, sizeof line));
    CHECK(strstr(line, " | 123456789012 | visits 791:72 0:4294967295 65535:1\n") != NULL);
    CHECK(round_trips(&r));
    r.visit_count = DATA_VISITS_MAX;
    for (int i = 0; i < DATA_VISITS_MAX; i++)
        r.visit_entry[i] = (uint16_t)(1000 + i), r.visits[i] = 4000000000u - (uint32_t)i;
    CHECK(round_trips(&r));
    DataRecord back;
    CHECK(data_record_parse("nn,.,.,./.,.,.,./.,.,.,./.,.,.,nn w 8 8 | cp 3 | a4a3 | 0 | win | 7", &back, err,
                            sizeof err));
    CHECK_EQ_INT(back.visit_count, 0);
}

static void test_data_record_bad_visits_are_refused(void)
{
    static const char *const bad[] = {
        "visits",            /* no pair */
        "visits ",           /* no pair */
        "visit 1:2",         /* not the field's word */
        "visits 1:0",        /* a pair without a visit */
        "visits 1:2 1:3",    /* an entry twice */
        "visits 65536:1",    /* an entry out of range */
        "visits 1:4294967296", /* visits out of range */
        "visits 1-2",        /* not ENTRY:VISITS */
        "visits 1:2:3",      /* not ENTRY:VISITS */
        "visits x:2",        /* not a number */
    };
    char line[DATA_LINE_MAX], err[ERROR_TEXT_MAX];
    DataRecord back;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        snprintf(line, sizeof line, "nn,.,.,./.,.,.,./.,.,.,./.,.,.,nn w 8 8 | cp 3 | a4a3 | 0 | win | 7 | %s", bad[i]);
        err[0] = '\0';
        CHECK(!data_record_parse(line, &back, err, sizeof err));
        CHECK(err[0] != '\0');
    }
    /* One pair more than a record keeps. */
    int used = snprintf(line, sizeof line, "nn,.,.,./.,.,.,./.,.,.,./.,.,.,nn w 8 8 | cp 3 | a4a3 | 0 | win | 7 | visits");
    for (int i = 0; i <= DATA_VISITS_MAX; i++)
        used += snprintf(line + used, sizeof line - (size_t)used, " %d:1", i);
    CHECK(!data_record_parse(line, &back, err, sizeof err));
    CHECK(strstr(err, "more than") != NULL);
    /* An eighth field. */
    CHECK(!data_record_parse("nn,.,.,./.,.,.,./.,.,.,./.,.,.,nn w 8 8 | cp 3 | a4a3 | 0 | win | 7 | visits 1:2 | x",
                             &back, err, sizeof err));
}

static void test_data_record_text_is_the_documented_line(void)
{
    DataRecord r = sample_record("nn,.,.,./.,.,.,./.,.,.,./.,.,.,nn w 8 8", true, 2, "a4a3");
    r.result = DATA_WIN;
    r.game_number = 7;
    r.ply = 0;
    char line[DATA_LINE_MAX];
    CHECK(data_record_format(&r, line, sizeof line));
    CHECK(strcmp(line, "nn,.,.,./.,.,.,./.,.,.,./.,.,.,nn w 8 8 | mate 2 | a4a3 | 0 | win | 7\n") == 0);
}

static void test_data_record_with_a_separator_in_a_field_is_not_written(void)
{
    char line[DATA_LINE_MAX];
    DataRecord r = sample_record("a|b", false, 0, "d4");
    CHECK(!data_record_format(&r, line, sizeof line));
    r = sample_record("x w", false, 0, "d4\n");
    CHECK(!data_record_format(&r, line, sizeof line));
    r = sample_record("x w", false, 0, "");
    CHECK(!data_record_format(&r, line, sizeof line));
}

static void test_data_malformed_records_are_refused(void)
{
    static const char *const bad[] = {
        "x w | cp 1 | d4 | 3 | win",              /* a field missing */
        "x w | cp 1 | d4 | 3 | win | 1 | 2",      /* one too many */
        "x w | cp | d4 | 3 | win | 1",            /* no score value */
        "x w | mate 0 | d4 | 3 | win | 1",        /* a proof in 0 turns */
        "x w | cp 1.5 | d4 | 3 | win | 1",        /* not whole */
        "x w | eval 1 | d4 | 3 | win | 1",        /* unknown score kind */
        "x w | cp 1 | d4 | -3 | win | 1",         /* negative ply */
        "x w | cp 1 | d4 | 3 | won | 1",          /* unknown result */
        "x w | cp 1 | d4 | 3 | win | 1x",         /* bad game number */
        " | cp 1 | d4 | 3 | win | 1",             /* empty position */
        "x w | cp 99999 | d4 | 3 | win | 1",      /* beyond any evaluation */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        DataRecord r;
        char err[ERROR_TEXT_MAX] = "";
        bool parsed = data_record_parse(bad[i], &r, err, sizeof err);
        CHECK(!parsed);
        CHECK(err[0] != '\0');
        if (parsed)
            printf("\n    accepted: %s", bad[i]);
    }
}

static void test_data_result_is_from_the_side_to_move(void)
{
    CHECK(data_result_for(OUTCOME_WHITE_WINS, WHITE) == DATA_WIN);
    CHECK(data_result_for(OUTCOME_WHITE_WINS, BLACK) == DATA_LOSS);
    CHECK(data_result_for(OUTCOME_BLACK_WINS, BLACK) == DATA_WIN);
    CHECK(data_result_for(OUTCOME_DRAW, WHITE) == DATA_DRAW);
    CHECK(data_result_value(DATA_WIN) == 1.0 && data_result_value(DATA_DRAW) == 0.5 &&
          data_result_value(DATA_LOSS) == 0.0);
}

static void test_data_header_names_the_game_and_configuration(void)
{
    char line[DATA_HEADER_MAX + 32], config[DATA_HEADER_MAX], game[64], err[ERROR_TEXT_MAX];
    CHECK(data_header_format("game=qawale nodes=5000", line, sizeof line));
    CHECK(strcmp(line, "# tessera-data 1 game=qawale nodes=5000\n") == 0);
    CHECK(data_header_parse(line, config, sizeof config, game, sizeof game, err, sizeof err));
    CHECK(strcmp(config, "game=qawale nodes=5000") == 0);
    CHECK(strcmp(game, "qawale") == 0);
    CHECK(!data_header_parse("# tessera-data 2 game=qawale\n", config, sizeof config, game,
                             sizeof game, err, sizeof err));
    CHECK(!data_header_format("nodes=5000", line, sizeof line));
}

typedef struct {
    DataRecord seen[8];
    int count;
} Collected;

static bool collect(void *context, const DataRecord *record, char *err, size_t err_size)
{
    (void)err;
    (void)err_size;
    Collected *c = context;
    if (c->count < 8)
        c->seen[c->count] = *record;
    c->count++;
    return true;
}

/* Reads text as a file; returns data_read's answer. */
static bool read_text(const char *text, Collected *c, long *kept, char *err, size_t err_size)
{
    FILE *file = tmpfile();
    if (!file)
        return false;
    fputs(text, file);
    rewind(file);
    DataHeader header;
    memset(c, 0, sizeof *c);
    bool ok = data_read(file, &header, collect, c, kept, err, err_size);
    fclose(file);
    return ok;
}

static void test_data_reader_drops_a_line_cut_short(void)
{
    const char *header = "# tessera-data 1 game=columna\n";
    const char *one = "a w | cp 3 | d4 | 0 | win | 0\n";
    char text[512];
    snprintf(text, sizeof text, "%s%s# a comment\n\n%sb w | cp", header, one, one);
    Collected c;
    long kept;
    char err[ERROR_TEXT_MAX];
    CHECK(read_text(text, &c, &kept, err, sizeof err));
    CHECK_EQ_INT(c.count, 2);
    CHECK_EQ_INT(kept, (long)(strlen(text) - strlen("b w | cp")));
}

static void test_data_reader_refuses_a_bad_line_with_its_number(void)
{
    Collected c;
    long kept;
    char err[ERROR_TEXT_MAX] = "";
    CHECK(!read_text("# tessera-data 1 game=columna\na w | cp 3 | d4 | 0 | win | 0\n"
                     "a w | cp 3 | d4 | 0 | maybe | 0\na w | cp 3 | d4 | 0 | win | 0\n",
                     &c, &kept, err, sizeof err));
    CHECK(strncmp(err, "line 3: ", 8) == 0);
    CHECK(!read_text("a w | cp 3 | d4 | 0 | win | 0\n", &c, &kept, err, sizeof err));
}

int main(int argc, char **argv)
{
    harness_begin(argc, argv);
    RUN(test_data_records_of_every_game_round_trip);
    RUN(test_data_record_text_is_the_documented_line);
    RUN(test_data_record_visits_round_trip);
    RUN(test_data_record_bad_visits_are_refused);
    RUN(test_data_record_with_a_separator_in_a_field_is_not_written);
    RUN(test_data_malformed_records_are_refused);
    RUN(test_data_result_is_from_the_side_to_move);
    RUN(test_data_header_names_the_game_and_configuration);
    RUN(test_data_reader_drops_a_line_cut_short);
    RUN(test_data_reader_refuses_a_bad_line_with_its_number);
    return harness_end();
}
