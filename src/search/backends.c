/* backends.c - adding a backend is one extern in backends.h and one line here. */
#include "search/backends.h"

#include <string.h>

const Backend *const all_backends[] = {
    &alphabeta_backend, /* the first is the default */
    &mcts_backend,
    &random_backend,
    NULL,
};

const Backend *backend_by_id(const char *id)
{
    for (int i = 0; all_backends[i]; i++)
        if (strcmp(all_backends[i]->id, id) == 0)
            return all_backends[i];
    return NULL;
}

const Backend *default_backend(void) { return all_backends[0]; }
