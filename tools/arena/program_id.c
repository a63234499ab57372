/* program_id.c - an engine program named by its contents (program_id.h). */
#include "arena/program_id.h"

#include <stdint.h>
#include <stdio.h>

#include "process/program_path.h"

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
