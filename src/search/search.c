/* search.c - the two helpers every backend's caller or backend shares:
 * reaching an engine's setting by its table row, and reporting progress
 * only to a job that asked for it. */
#include "search/search.h"

int *backend_setting(const Backend *backend, BackendEngine *engine, int index)
{
    return (int *)((char *)backend->settings(engine) + backend->params[index].offset);
}

void search_progress(const SearchJob *job, const SearchInfo *info)
{
    if (job->progress.on_info)
        job->progress.on_info(job->progress.context, info);
}
