/*
 * launcher.h - engines started through a launcher: `srun -n1 -c1`,
 * `ssh {host}`, ...  The engine's process is then the launcher's words
 * followed by the engine's command and arguments:
 *
 *     -launcher 'ssh -o BatchMode=yes {host}'    cmd=/opt/tessera args="-x 1"
 *     execs  ssh -o BatchMode=yes node2 /opt/tessera -x 1
 *
 * The words are split at blanks (spaces and tabs) and nothing else: no
 * quotes, no backslashes, no shell.  {host} in a word (anywhere in it:
 * user@{host} too) is replaced by the host of the engine's slot: slot k
 * (the k-th game thread of the arena, the k-th pair thread of the tuner,
 * counted from 0) gets line k mod N of the hosts file (N hosts).
 *
 * The hosts file: one host a line, blanks around it ignored, '#' starts a
 * comment, empty lines skipped.  A host is one word of printable
 * characters that does not start with '-' (ssh would read it as an
 * option).
 */
#ifndef TESSERA_ARENA_LAUNCHER_H
#define TESSERA_ARENA_LAUNCHER_H

#include <stdbool.h>
#include <stddef.h>

#define LAUNCHER_PLACEHOLDER "{host}"
#define LAUNCHER_HOSTS_MAX 4096
#define LAUNCHER_HOST_MAX 256
/* How long a launched engine (its launcher) gets to end after SIGTERM,
 * which srun passes on to the engine, before SIGKILL (process/child.h). */
#define LAUNCHER_TERM_GRACE_MS 2000
/* -launcher-retries and -launcher-retries-total (replays.h): how often one
 * game, and all of a run's games together, are played again after their
 * launcher failed. */
#define LAUNCHER_RETRIES_DEFAULT 3
#define LAUNCHER_RETRIES_TOTAL_DEFAULT 30
#define LAUNCHER_RETRIES_MAX 1000000

typedef struct {
    char *path;   /* the file, for messages */
    char **names; /* count hosts, in the file's order */
    int count;
} LauncherHosts;

/* Reads a hosts file.  False (err: one line naming the file, and the line
 * when one is wrong) when it cannot be read, holds no host, or holds a
 * line that is not one host. */
bool launcher_hosts_load(const char *path, LauncherHosts *hosts, char *err, size_t err_size);
void launcher_hosts_free(LauncherHosts *hosts);

/* The host of slot k (k mod count); NULL without hosts. */
const char *launcher_host(const LauncherHosts *hosts, int slot);

/* Whether words hold no word (only blanks, or nothing). */
bool launcher_is_empty(const char *words);

/* Whether words name {host}. */
bool launcher_uses_host(const char *words);

/* Splits words into argv (pointers into storage), {host} replaced by host.
 * Returns the count, or -1 (err filled) when they do not fit, or name
 * {host} and host is NULL. */
int launcher_split(const char *words, const char *host, char *storage, size_t storage_size, char **argv,
                   int max_args, char *err, size_t err_size);

/* The words as they run: blanks reduced to one space, {host} replaced by
 * host (left as it is when host is NULL). */
void launcher_expand(const char *words, const char *host, char *out, size_t out_size);

/* Whether words run srun (its first word is srun, or a path to it) where
 * no Slurm allocation is (SLURM_JOB_ID unset): srun then makes each engine
 * a job of its own, queued apart, rather than a step of the allocation. */
bool launcher_srun_outside_allocation(const char *words);
/* Where a launched engine runs, for messages: its host when the words name
 * {host}, else the words as they run ("srun --exclusive -n1 -c1"). */
void launcher_target(const char *words, const char *host, char *out, size_t out_size);

/* How a launched engine's process (the launcher's) failed. */
typedef struct {
    bool started;    /* the engine had completed its handshake */
    bool ended;      /* the process ended by itself (not killed here) */
    int wait_status; /* how, when ended (waitpid's status) */
    const char *const *stderr_lines; /* its last stderr lines, oldest first */
    int stderr_count;
} LauncherEnd;

/* Whether a failure of a launched engine is the launcher's, not the
 * engine's: a lost connection, a step that never started, which must never
 * be scored as a game.  Through any launcher, a failure before the end of
 * the handshake (the process ended, or stayed silent past the timeout):
 * nothing the engine did can be told apart from the launcher then.  After
 * it, only what the launcher says is its own: ssh's exit status 255 (its
 * own errors; OpenSSH exits so too when the remote engine is killed by a
 * signal, which it does not report), srun's own error lines (`srun:
 * error:` or `srun: fatal:` other than a task's exit report, `slurmstepd:
 * error: ***` for a cancelled step), and ssh or srun itself killed by a
 * signal (a remote engine's signal comes back as an exit status).  Other
 * launchers, and an engine that answers wrongly or too late after its
 * handshake, are the engine's. */
bool launcher_failed(const char *words, const LauncherEnd *end);

#endif
