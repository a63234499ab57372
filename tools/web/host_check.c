/* host_check.c - Host and Origin headers against the names of this server. */
#include "web/host_check.h"

#include <arpa/inet.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "util/parse_number.h"

/* An IPv4 address written as four decimal numbers. */
static bool ipv4_literal(const char *name)
{
    struct in_addr addr;
    return inet_pton(AF_INET, name, &addr) == 1;
}

static bool name_allowed(const HostRules *rules, const char *name)
{
    if (strcasecmp(name, "localhost") == 0 || strcmp(name, "127.0.0.1") == 0 || strcmp(name, "[::1]") == 0)
        return true;
    if (strcmp(rules->listen_host, "0.0.0.0") == 0)
        return ipv4_literal(name);
    return strcasecmp(name, rules->listen_host) == 0;
}

/* Splits "name[:port]" (name may be "[v6]"); false when malformed. */
static bool split_host(const char *host, char *name, size_t name_size, int *port)
{
    size_t name_len = host[0] == '[' ? strcspn(host, "]") + 1 : strcspn(host, ":");
    if (name_len == 0 || name_len >= name_size || (host[0] == '[' && host[name_len - 1] != ']'))
        return false;
    memcpy(name, host, name_len);
    name[name_len] = '\0';
    const char *rest = host + name_len;
    if (rest[0] == '\0') {
        *port = 80;
        return true;
    }
    return rest[0] == ':' && parse_int_range(rest + 1, 1, 65535, port);
}

bool host_allowed(const HostRules *rules, const char *host_header)
{
    if (host_header[0] == '\0')
        return true;
    char name[256];
    int port;
    return split_host(host_header, name, sizeof name, &port) && port == rules->port && name_allowed(rules, name);
}

bool origin_allowed(const HostRules *rules, const char *origin, bool changes)
{
    if (origin[0] == '\0')
        return true;
    if (strcmp(origin, "null") == 0)
        return !changes;
    return strncmp(origin, "http://", 7) == 0 && origin[7] != '\0' && host_allowed(rules, origin + 7);
}
