/* program_id.c - an engine program named by its contents (program_id.h). */
#include "arena/program_id.h"

#include <stdint.h>
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

bool program_id(const char *cmd, char *out, size_t out_size)
{
    char path[4096];
    FILE *file = program_path(cmd, path, sizeof path) ? fopen(path, "rb") : NULL;
    uint64_t hash = 0xcbf29ce484222325ULL;
    bool ok = file != NULL;
    if (file) {
        unsigned char buffer[1 << 16];
        size_t n;
        while ((n = fread(buffer, 1, sizeof buffer, file)) > 0)
            for (size_t i = 0; i < n; i++)
                hash = (hash ^ buffer[i]) * 0x100000001b3ULL;
        ok = !ferror(file);
        fclose(file);
    }
    if (ok)
        snprintf(out, out_size, "%016llx", (unsigned long long)hash);
    else
        snprintf(out, out_size, "unreadable");
    return ok;
}
