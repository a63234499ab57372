/* backends.h - the list of search backends (the Backend option). */
#ifndef TESSERA_BACKENDS_H
#define TESSERA_BACKENDS_H

#include "search/search.h"

extern const Backend random_backend;
extern const Backend alphabeta_backend;
extern const Backend mcts_backend;

extern const Backend *const all_backends[]; /* NULL-terminated */

const Backend *backend_by_id(const char *id);
const Backend *default_backend(void);

#endif
