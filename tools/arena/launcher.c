/* launcher.c - launcher words and hosts files (see launcher.h). */
#include "arena/launcher.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

static bool is_blank(char c) { return c == ' ' || c == '\t'; }

bool launcher_is_empty(const char *words)
{
    for (const char *p = words; *p; p++)
        if (!is_blank(*p))
            return false;
    return true;
}

bool launcher_uses_host(const char *words) { return strstr(words, LAUNCHER_PLACEHOLDER) != NULL; }

const char *launcher_host(const LauncherHosts *hosts, int slot)
{
    if (!hosts || hosts->count <= 0)
        return NULL;
    return hosts->names[(slot < 0 ? 0 : slot) % hosts->count];
}

/* Appends text to out (size out_size, *used so far); false when full. */
static bool append(char *out, size_t out_size, size_t *used, const char *text, size_t len)
{
    if (*used + len + 1 > out_size)
        return false;
    memcpy(out + *used, text, len);
    *used += len;
    out[*used] = '\0';
    return true;
}

/* Copies one word (len characters at word) into out with {host}
 * replaced; a NULL host leaves the placeholder.  False when full. */
static bool put_word(const char *word, size_t len, const char *host, char *out, size_t out_size, size_t *used)
{
    size_t mark = strlen(LAUNCHER_PLACEHOLDER);
    for (size_t i = 0; i < len;) {
        if (host && len - i >= mark && memcmp(word + i, LAUNCHER_PLACEHOLDER, mark) == 0) {
            if (!append(out, out_size, used, host, strlen(host)))
                return false;
            i += mark;
        } else {
            if (!append(out, out_size, used, word + i, 1))
                return false;
            i++;
        }
    }
    return true;
}

int launcher_split(const char *words, const char *host, char *storage, size_t storage_size, char **argv,
                   int max_args, char *err, size_t err_size)
{
    if (!host && launcher_uses_host(words)) {
        snprintf(err, err_size, "launcher '%s' names %s, but there are no hosts (-launcher-hosts FILE)", words,
                 LAUNCHER_PLACEHOLDER);
        return -1;
    }
    int argc = 0;
    size_t used = 0;
    if (storage_size)
        storage[0] = '\0';
    for (const char *p = words;;) {
        while (is_blank(*p))
            p++;
        if (!*p)
            return argc;
        size_t len = 0;
        while (p[len] && !is_blank(p[len]))
            len++;
        size_t start = used;
        if (argc == max_args || !put_word(p, len, host, storage, storage_size, &used) ||
            used + 1 >= storage_size) {
            snprintf(err, err_size, "launcher '%s': too long", words);
            return -1;
        }
        argv[argc++] = storage + start;
        used++; /* keep the word's terminating NUL */
        storage[used] = '\0';
        p += len;
    }
}

void launcher_expand(const char *words, const char *host, char *out, size_t out_size)
{
    size_t used = 0;
    if (out_size == 0)
        return;
    out[0] = '\0';
    for (const char *p = words;;) {
        while (is_blank(*p))
            p++;
        if (!*p)
            return;
        size_t len = 0;
        while (p[len] && !is_blank(p[len]))
            len++;
        if ((used && !append(out, out_size, &used, " ", 1)) || !put_word(p, len, host, out, out_size, &used))
            return;
        p += len;
    }
}

void launcher_target(const char *words, const char *host, char *out, size_t out_size)
{
    if (host && launcher_uses_host(words))
        snprintf(out, out_size, "%s", host);
    else
        launcher_expand(words, host, out, out_size);
}

/* Whether the launcher's first word names program (a path's last part). */
static bool launcher_is(const char *words, const char *program)
{
    while (is_blank(*words))
        words++;
    size_t len = 0;
    while (words[len] && !is_blank(words[len]))
        len++;
    const char *name = words;
    for (size_t i = 0; i < len; i++)
        if (words[i] == '/')
            name = words + i + 1;
    size_t name_len = (size_t)(words + len - name);
    return name_len == strlen(program) && memcmp(name, program, name_len) == 0;
}

bool launcher_srun_outside_allocation(const char *words)
{
    if (!launcher_is(words, "srun"))
        return false;
    const char *job = getenv("SLURM_JOB_ID");
    return !job || !*job;
}

/* srun's report of a task's own end ("srun: error: node1: task 0: Exited
 * with exit code 3", "... tasks 0-1: Killed"): the engine's, not srun's. */
static bool is_task_report(const char *rest)
{
    size_t host = strcspn(rest, " :");
    return rest[host] == ':' && (strncmp(rest + host, ": task ", 7) == 0 || strncmp(rest + host, ": tasks ", 8) == 0);
}

static bool is_srun_error(const char *line)
{
    static const char *const own[] = {"srun: error: ", "srun: fatal: "};
    for (int i = 0; i < 2; i++)
        if (strncmp(line, own[i], strlen(own[i])) == 0)
            return !is_task_report(line + strlen(own[i]));
    return strncmp(line, "slurmstepd: error: *** ", 23) == 0;
}

bool launcher_failed(const char *words, const LauncherEnd *end)
{
    if (launcher_is_empty(words))
        return false;
    if (!end->started)
        return true;
    bool ssh = launcher_is(words, "ssh"), srun = launcher_is(words, "srun");
    if (!end->ended || !(ssh || srun))
        return false;
    if (WIFSIGNALED(end->wait_status))
        return true;
    if (ssh)
        return WIFEXITED(end->wait_status) && WEXITSTATUS(end->wait_status) == 255;
    for (int i = 0; i < end->stderr_count; i++)
        if (is_srun_error(end->stderr_lines[i]))
            return true;
    return false;
}

void launcher_hosts_free(LauncherHosts *hosts)
{
    for (int i = 0; i < hosts->count; i++)
        free(hosts->names[i]);
    free(hosts->names);
    free(hosts->path);
    hosts->names = NULL;
    hosts->path = NULL;
    hosts->count = 0;
}

/* Checks one host (trimmed, non-empty); false with err filled. */
static bool check_host(const char *path, int line_number, const char *host, char *err, size_t err_size)
{
    const char *problem = NULL;
    if (strlen(host) >= LAUNCHER_HOST_MAX)
        problem = "longer than 255 characters";
    else if (host[0] == '-')
        problem = "starts with '-' (ssh would read it as an option)";
    for (const char *p = host; !problem && *p; p++) {
        if (is_blank(*p))
            problem = "more than one word (one host a line)";
        else if ((unsigned char)*p < 0x20 || *p == 0x7f)
            problem = "a control character";
    }
    if (problem)
        snprintf(err, err_size, "-launcher-hosts %s: line %d: '%.60s': %s", path, line_number, host, problem);
    return problem == NULL;
}

static bool add_host(LauncherHosts *hosts, const char *host, char *err, size_t err_size)
{
    if (hosts->count == LAUNCHER_HOSTS_MAX) {
        snprintf(err, err_size, "-launcher-hosts %s: more than %d hosts", hosts->path, LAUNCHER_HOSTS_MAX);
        return false;
    }
    char **grown = realloc(hosts->names, (size_t)(hosts->count + 1) * sizeof *grown);
    char *copy = strdup(host);
    if (!grown || !copy) {
        free(copy);
        if (grown)
            hosts->names = grown;
        snprintf(err, err_size, "out of memory");
        return false;
    }
    hosts->names = grown;
    hosts->names[hosts->count++] = copy;
    return true;
}

/* One line of the file: comment cut, blanks trimmed, checked, kept. */
static bool read_line(LauncherHosts *hosts, char *line, int line_number, char *err, size_t err_size)
{
    line[strcspn(line, "#\r\n")] = '\0';
    char *start = line, *end = line + strlen(line);
    while (is_blank(*start))
        start++;
    while (end > start && is_blank(end[-1]))
        *--end = '\0';
    if (!*start)
        return true;
    return check_host(hosts->path, line_number, start, err, err_size) && add_host(hosts, start, err, err_size);
}

bool launcher_hosts_load(const char *path, LauncherHosts *hosts, char *err, size_t err_size)
{
    memset(hosts, 0, sizeof *hosts);
    hosts->path = strdup(path);
    if (!hosts->path) {
        snprintf(err, err_size, "out of memory");
        return false;
    }
    FILE *file = fopen(path, "r");
    if (!file) {
        snprintf(err, err_size, "-launcher-hosts %s: %s", path, strerror(errno));
        launcher_hosts_free(hosts);
        return false;
    }
    char line[LAUNCHER_HOST_MAX * 4];
    int line_number = 0;
    bool ok = true;
    while (ok && fgets(line, sizeof line, file)) {
        line_number++;
        size_t len = strlen(line);
        if (len == sizeof line - 1 && line[len - 1] != '\n') {
            snprintf(err, err_size, "-launcher-hosts %s: line %d is too long", path, line_number);
            ok = false;
        } else {
            ok = read_line(hosts, line, line_number, err, err_size);
        }
    }
    if (ok && ferror(file)) {
        snprintf(err, err_size, "-launcher-hosts %s: cannot be read", path);
        ok = false;
    }
    fclose(file);
    if (ok && hosts->count == 0) {
        snprintf(err, err_size, "-launcher-hosts %s: no host in it (one host a line, '#' comments)", path);
        ok = false;
    }
    if (!ok)
        launcher_hosts_free(hosts);
    return ok;
}
