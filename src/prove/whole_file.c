/*
 * whole_file.c - the certificate written under a temporary name and renamed
 * once whole (whole_file.h).  The signal handler only calls unlink on the
 * path made before the file was created, then dies of the same signal
 * (async-signal-safe calls only), so a shell sees the usual 130, 143 or 129.
 */
#include "prove/whole_file.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char temp_path[PATH_MAX + 32];
/* Ctrl-C, kill's default, a closed terminal. */
static const int caught[] = {SIGINT, SIGTERM, SIGHUP};
#define CAUGHT (int)(sizeof caught / sizeof caught[0])
static volatile sig_atomic_t temp_exists;

static void remove_and_die(int sig)
{
    if (temp_exists)
        unlink(temp_path);
    signal(sig, SIG_DFL);
    raise(sig); /* blocked in the handler: delivered, fatal, as it returns */
}

static void caught_set(sigset_t *set)
{
    sigemptyset(set);
    for (int i = 0; i < CAUGHT; i++)
        sigaddset(set, caught[i]);
}

static void arm(void (*handler)(int))
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = handler;
    caught_set(&sa.sa_mask);
    for (int i = 0; i < CAUGHT; i++)
        sigaction(caught[i], &sa, NULL);
}

/* `.NAME.tmp.PID` beside path: a hidden name no other prove shares. */
static bool make_temp_path(const char *path)
{
    const char *slash = strrchr(path, '/');
    int folder = slash ? (int)(slash - path + 1) : 0;
    int n = snprintf(temp_path, sizeof temp_path, "%.*s.%s.tmp.%ld", folder, path, path + folder, (long)getpid());
    return n > 0 && (size_t)n < sizeof temp_path;
}

bool whole_file_open(WholeFile *f, const char *path, char *err, size_t err_size)
{
    *f = (WholeFile){.path = path, .to_stdout = strcmp(path, "-") == 0};
    if (f->to_stdout) {
        f->file = stdout;
        return true;
    }
    struct stat st;
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) { /* said now, not after the proof */
        snprintf(err, err_size, "cannot write %s: %s", path, strerror(EISDIR));
        return false;
    }
    if (!make_temp_path(path)) {
        snprintf(err, err_size, "cannot write %s: the name is too long", path);
        return false;
    }
    /* Armed before the file exists, and the signals held while it is made
     * and marked: no moment leaves it behind. */
    arm(remove_and_die);
    sigset_t held, before;
    caught_set(&held);
    sigprocmask(SIG_BLOCK, &held, &before);
    int fd = open(temp_path, O_WRONLY | O_CREAT | O_EXCL, 0666);
    int open_errno = errno;
    temp_exists = fd >= 0;
    sigprocmask(SIG_SETMASK, &before, NULL);
    errno = open_errno;
    f->file = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (!f->file) {
        snprintf(err, err_size, "cannot write %s: %s", path, strerror(errno));
        if (fd >= 0)
            close(fd);
        whole_file_discard(f);
        return false;
    }
    return true;
}

void whole_file_discard(WholeFile *f)
{
    if (f->to_stdout)
        return;
    if (f->file)
        fclose(f->file);
    f->file = NULL;
    if (temp_exists)
        unlink(temp_path);
    temp_exists = 0;
    arm(SIG_DFL);
}

bool whole_file_commit(WholeFile *f, char *err, size_t err_size)
{
    if (f->to_stdout)
        return fflush(stdout) == 0 || (snprintf(err, err_size, "cannot write to standard output"), false);
    bool written = fclose(f->file) == 0;
    f->file = NULL;
    if (written && rename(temp_path, f->path) == 0) {
        temp_exists = 0;
        arm(SIG_DFL);
        return true;
    }
    snprintf(err, err_size, "cannot write %s: %s", f->path, strerror(errno));
    whole_file_discard(f);
    return false;
}
