/* test_arena_log.c - the conversation log's limit on each engine's output. */
#include <unistd.h>

#include "harness.h"
#include "filetest.h"

#include "arena/arena_log.h"

static char path[64];

/* Opens the log at path, emptied first so that each test reads only what
 * it wrote itself, with limit_bytes of output for each engine. */
static void open_empty_log(ArenaLog *log, int64_t limit_bytes)
{
    char err[256] = "";
    memset(log, 0, sizeof *log);
    unlink(path);
    CHECK(arena_log_open(log, path, limit_bytes, err, sizeof err));
}

/* Closes log (flushing it) and reads what it wrote into text. */
static void close_and_read_log(ArenaLog *log, char *text, size_t size)
{
    arena_log_close(log);
    file_read_text(path, text, size);
}

static int count_of(const char *text, const char *needle)
{
    int count = 0;
    for (const char *p = strstr(text, needle); p; p = strstr(p + 1, needle))
        count++;
    return count;
}

/* 100 bytes of output a line (99 and the newline the limit counts). */
static const char line99[] = "chatter chatter chatter chatter chatter chatter chatter chatter chatter chatter "
                             "chatter chatter ...";

/* An engine's output is logged until it passes the limit, then one line
 * says so and the rest is dropped; another engine keeps its own budget,
 * and what the arena sends or remarks is logged whatever the limit. */
static void test_engine_output_stops_at_its_limit_and_says_so_once(void)
{
    static char text[65536];
    ArenaLog log;
    open_empty_log(&log, 1000);
    CHECK_EQ_INT((int)strlen(line99), 99);
    for (int i = 0; i < 30; i++)
        arena_log_line(&log, "Loud", "t1:Loud", '!', line99);
    arena_log_line(&log, "Loud", "t2:Loud", '<', "bestmove d4");
    arena_log_line(&log, "Loud", "t1:Loud", '>', "go wtime 1000 btime 1000");
    arena_log_line(&log, "Loud", "t1:Loud", '#', "process killed");
    for (int i = 0; i < 5; i++)
        arena_log_line(&log, "Quiet", "t1:Quiet", '<', line99);
    close_and_read_log(&log, text, sizeof text);
    CHECK_EQ_INT(count_of(text, "t1:Loud ! chatter"), 10); /* 10 lines of 100 bytes fit 1000 */
    CHECK_EQ_INT(count_of(text, "log limit reached: Loud printed more than 1000 bytes"), 1);
    CHECK_EQ_INT(count_of(text, "bestmove d4"), 0); /* every process of Loud counts together */
    CHECK_EQ_INT(count_of(text, "t1:Loud > go wtime 1000 btime 1000"), 1);
    CHECK_EQ_INT(count_of(text, "t1:Loud # process killed"), 1);
    CHECK_EQ_INT(count_of(text, "t1:Quiet < chatter"), 5);
}

static void test_limit_zero_logs_everything(void)
{
    static char text[65536];
    ArenaLog log;
    open_empty_log(&log, 0);
    for (int i = 0; i < 100; i++)
        arena_log_line(&log, "Loud", "t1:Loud", '!', line99);
    close_and_read_log(&log, text, sizeof text);
    CHECK_EQ_INT(count_of(text, "t1:Loud ! chatter"), 100);
    CHECK_EQ_INT(count_of(text, "log limit reached"), 0);
}

int main(int argc, char **argv)
{
    harness_begin(argc, argv);
    snprintf(path, sizeof path, "/tmp/tessera_arena_log_%ld.log", (long)getpid());
    RUN(test_engine_output_stops_at_its_limit_and_says_so_once);
    RUN(test_limit_zero_logs_everything);
    unlink(path);
    return harness_end();
}
