/* report.h - the one place that prints `info` lines and formats scores,
 * so every backend speaks the same dialect. */
#ifndef TESSERA_REPORT_H
#define TESSERA_REPORT_H

#include "search/search.h"

void search_report(const SearchJob *job, const SearchInfo *info);

/* Appends the legal prefix of pv (as move texts) to out. */
void format_pv(const Game *game, const Position *root, const Move *pv, int length,
               char *out, size_t out_size);

#endif
