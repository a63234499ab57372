/*
 * assets.h - the page's files, embedded in the binary at build time from
 * tools/web/assets/ (tools/embed.sh writes build/gen/web_assets.c).
 * Only these are ever served: no request reaches the file system.
 */
#ifndef TESSERA_WEB_ASSETS_H
#define TESSERA_WEB_ASSETS_H

#include <stddef.h>

typedef struct {
    const char *name; /* "index.html", "main.js", ... */
    const unsigned char *data;
    size_t size;
} WebAsset;

extern const WebAsset web_assets[];
extern const size_t web_asset_count;

#endif
