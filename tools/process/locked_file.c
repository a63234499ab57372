/* locked_file.c - a run's output file under a POSIX record lock (see
 * locked_file.h for why fcntl and not flock). */
#include "process/locked_file.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

/* Who holds a lock that keeps this process from taking one of type:
 * " (process N)", or "" when the system does not say (or it just ended). */
static void holder(int fd, short type, char *text, size_t size)
{
    struct flock lock = {.l_type = type, .l_whence = SEEK_SET, .l_start = 0, .l_len = 0};
    text[0] = '\0';
    if (fcntl(fd, F_GETLK, &lock) == 0 && lock.l_type != F_UNLCK && lock.l_pid > 0)
        snprintf(text, size, " (process %ld)", (long)lock.l_pid);
}

/* Locks the whole file without waiting; false with err filled (the fd
 * is closed) when another process holds it or locks are unavailable. */
static bool lock_whole(int fd, short type, const char *flag, const char *path, char *err, size_t err_size)
{
    struct flock lock = {.l_type = type, .l_whence = SEEK_SET, .l_start = 0, .l_len = 0};
    if (fcntl(fd, F_SETLK, &lock) == 0)
        return true;
    int error = errno;
    char who[48];
    if (error == EACCES || error == EAGAIN) {
        holder(fd, type, who, sizeof who);
        snprintf(err, err_size,
                 "%s %s is in use by another run%s: one run at a time writes a file (wait for that run to end "
                 "or stop it, or give another file)",
                 flag, path, who);
    } else {
        snprintf(err, err_size, "%s %s: cannot lock it against a second writer: %s", flag, path, strerror(error));
    }
    close(fd);
    return false;
}

/* Opens path with these open flags (O_CLOEXEC added: the engines a run
 * starts must not hold the file open), locked with type, as a stream of
 * this mode; *missing tells a missing file apart. */
static FILE *open_locked(const char *flag, const char *path, int flags, short type, const char *mode,
                         bool *missing, char *err, size_t err_size)
{
    int fd = open(path, flags | O_CLOEXEC, 0666);
    *missing = fd < 0 && errno == ENOENT;
    if (fd < 0) {
        snprintf(err, err_size, "%s %s: %s", flag, path, strerror(errno));
        return NULL;
    }
    if (!lock_whole(fd, type, flag, path, err, err_size))
        return NULL;
    FILE *file = fdopen(fd, mode);
    if (!file) {
        snprintf(err, err_size, "%s %s: %s", flag, path, strerror(errno));
        close(fd);
    }
    return file;
}

FILE *locked_file_read(const char *flag, const char *path, bool *missing, char *err, size_t err_size)
{
    return open_locked(flag, path, O_RDONLY, F_RDLCK, "r", missing, err, err_size);
}

FILE *locked_file_append(const char *flag, const char *path, char *err, size_t err_size)
{
    bool missing;
    return open_locked(flag, path, O_RDWR | O_APPEND | O_CREAT, F_WRLCK, "a+", &missing, err, err_size);
}

FILE *locked_file_update(const char *flag, const char *path, char *err, size_t err_size)
{
    bool missing;
    return open_locked(flag, path, O_RDWR | O_APPEND, F_WRLCK, "a+", &missing, err, err_size);
}

bool locked_file_cut(FILE *file, long length)
{
    return fflush(file) == 0 && ftruncate(fileno(file), (off_t)length) == 0;
}
