/* info_line.h - the one place that writes `info` lines and formats scores
 * and lines of moves, so every backend speaks the same dialect (backends
 * only fill SearchInfo). */
#ifndef TESSERA_INFO_LINE_H
#define TESSERA_INFO_LINE_H

#include "search/search.h"

/* UCI_ShowWDL: whether info lines carry `wdl W D L` after the score. */
void info_line_show_wdl(bool on);

/* Writes one `info depth ...` line for job (time and nps from job->start_ms). */
void print_info(const SearchJob *job, const SearchInfo *info);

/* A SearchProgress callback: context is the SearchJob. */
void print_info_of_job(void *job, const SearchInfo *info);

/* Appends the legal prefix of pv (as move texts) to out. */
void format_pv(const Game *game, const Position *root, const Move *pv, int length,
               char *out, size_t out_size);

#endif
