/*
 * watch_writes.c - runs a command and says whether it wrote to a file: for
 * tests that must show a program leaves a file alone (a finished run's
 * read-only PGN), also when they run as root, whom chmod does not stop.
 *
 *     watch_writes FILE COMMAND [ARG...]
 *
 * Runs COMMAND (its output passes through), then prints one line,
 * "watch_writes: FILE was not written" or "watch_writes: FILE was written
 * (...)": any write or truncation (IN_MODIFY), any open for writing
 * (IN_CLOSE_WRITE: it was closed after), a change of its attributes
 * (IN_ATTRIB).  Exit status: the command's, or 3 when FILE was written,
 * 2 when it cannot watch (no inotify: not Linux).
 */
#include <stdio.h>

#ifdef __linux__
#include <errno.h>
#include <stdbool.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: watch_writes FILE COMMAND [ARG...]\n");
        return 2;
    }
    int watcher = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
    if (watcher < 0 || inotify_add_watch(watcher, argv[1], IN_MODIFY | IN_CLOSE_WRITE | IN_ATTRIB) < 0) {
        printf("watch_writes: cannot watch %s: %s\n", argv[1], strerror(errno));
        return 2;
    }
    fflush(stdout);
    pid_t pid = fork();
    if (pid == 0) {
        execv(argv[2], argv + 2);
        perror("watch_writes: exec");
        _exit(127);
    }
    int status = 0;
    while (pid > 0 && waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
    _Alignas(struct inotify_event) char events[4096];
    bool modified = false, opened_for_writing = false, attributes = false;
    ssize_t got;
    while ((got = read(watcher, events, sizeof events)) > 0)
        for (char *p = events; p < events + got;) {
            const struct inotify_event *event = (const struct inotify_event *)p;
            modified |= (event->mask & IN_MODIFY) != 0;
            opened_for_writing |= (event->mask & IN_CLOSE_WRITE) != 0;
            attributes |= (event->mask & IN_ATTRIB) != 0;
            p += sizeof *event + event->len;
        }
    if (!modified && !opened_for_writing && !attributes) {
        printf("watch_writes: %s was not written\n", argv[1]);
        return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    }
    printf("watch_writes: %s was written (%s%s%s)\n", argv[1], modified ? "modified or truncated " : "",
           opened_for_writing ? "opened for writing " : "", attributes ? "attributes changed" : "");
    return 3;
}
#else
int main(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    printf("watch_writes: cannot watch a file here (no inotify)\n");
    return 2;
}
#endif
