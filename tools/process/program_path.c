/* program_path.c - where a command's program is (program_path.h). */
#include "process/program_path.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static bool is_executable_file(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode) && access(path, X_OK) == 0;
}

bool program_path(const char *cmd, char *out, size_t out_size)
{
    if (!cmd[0])
        return false;
    if (strchr(cmd, '/')) {
        int n = snprintf(out, out_size, "%s", cmd);
        return n > 0 && (size_t)n < out_size;
    }
    const char *path = getenv("PATH");
    if (!path)
        path = "/usr/local/bin:/usr/bin:/bin";
    for (const char *dir = path;;) {
        const char *end = strchr(dir, ':');
        size_t len = end ? (size_t)(end - dir) : strlen(dir);
        /* An empty entry is the current folder. */
        int n = len ? snprintf(out, out_size, "%.*s/%s", (int)len, dir, cmd) : snprintf(out, out_size, "%s", cmd);
        if (n > 0 && (size_t)n < out_size && is_executable_file(out))
            return true;
        if (!end)
            return false;
        dir = end + 1;
    }
}

/* name in the folder of the file at path (which holds a slash). */
static bool beside(const char *path, const char *name, char *out, size_t out_size)
{
    const char *slash = strrchr(path, '/');
    int n = snprintf(out, out_size, "%.*s%s", (int)(slash - path + 1), path, name);
    return n > 0 && (size_t)n < out_size && is_executable_file(out);
}

bool sibling_program(const char *argv0, const char *name, char *out, size_t out_size)
{
    char self[4096];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n > 0) {
        self[n] = '\0';
        if (strchr(self, '/') && beside(self, name, out, out_size))
            return true;
    }
    if (strchr(argv0, '/') && beside(argv0, name, out, out_size))
        return true;
    if (program_path(name, out, out_size))
        return true;
    snprintf(out, out_size, "%s", name);
    return false;
}
