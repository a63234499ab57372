/* asset_dir.c - the page's files from a folder (asset_dir.h). */
#include "web/asset_dir.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define NAME_MAX_LEN 100

static const char *const EXTENSIONS[] = {".html", ".js", ".css", ".svg", ".png"};

bool asset_dir_name_ok(const char *name)
{
    size_t len = strlen(name);
    if (len == 0 || len > NAME_MAX_LEN || name[0] == '.')
        return false;
    for (size_t i = 0; i < len; i++) {
        char c = name[i];
        bool plain = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' ||
                     c == '_' || c == '-';
        if (!plain)
            return false;
    }
    const char *dot = strrchr(name, '.');
    if (!dot)
        return false;
    for (size_t i = 0; i < sizeof EXTENSIONS / sizeof EXTENSIONS[0]; i++)
        if (strcmp(dot, EXTENSIONS[i]) == 0)
            return true;
    return false;
}

/* All of a regular file's bytes from fd, or NULL. */
static char *read_regular(int fd, size_t *size)
{
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size > ASSET_DIR_FILE_MAX)
        return NULL;
    size_t want = (size_t)st.st_size;
    char *data = malloc(want + 1);
    size_t got = 0;
    while (data && got < want) {
        ssize_t n = read(fd, data + got, want - got);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        got += (size_t)n;
    }
    if (data && got != want) {
        free(data);
        return NULL;
    }
    *size = got;
    return data;
}

char *asset_dir_read(const char *dir, const char *name, size_t *size)
{
    if (!asset_dir_name_ok(name))
        return NULL;
    char path[4200];
    if (snprintf(path, sizeof path, "%s/%s", dir, name) >= (int)sizeof path)
        return NULL;
    /* O_NONBLOCK: a FIFO put there must not hang the worker. */
    int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return NULL;
    char *data = read_regular(fd, size);
    close(fd);
    return data;
}

bool asset_dir_usable(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d)
        return false;
    closedir(d);
    return true;
}
