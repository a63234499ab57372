/*
 * asset_dir.h - the page's files read from a folder (--assets DIR), for
 * whoever edits the page: a reload shows the change, with no rebuild.
 *
 * Safe by construction: a name is served only when it is a plain file
 * name (letters, digits, '.', '_', '-'; no '/', not starting with '.')
 * with one of the page's extensions (.html .js .css .svg .png), and only
 * a regular file directly in DIR, opened without following a link.  So
 * no request reaches a file outside DIR, nor a hidden or other file in it.
 */
#ifndef TESSERA_WEB_ASSET_DIR_H
#define TESSERA_WEB_ASSET_DIR_H

#include <stdbool.h>
#include <stddef.h>

/* The largest file served from DIR (axe.min.js is about 0.6 MB). */
#define ASSET_DIR_FILE_MAX (8 << 20)

/* Whether name may be served from a folder (the rule above). */
bool asset_dir_name_ok(const char *name);

/* Reads dir/name into a new buffer (free it) of *size bytes; NULL when
 * the name is refused, or the file is missing, not regular, a link, or
 * over ASSET_DIR_FILE_MAX. */
char *asset_dir_read(const char *dir, const char *name, size_t *size);

/* Whether dir is a folder that can be read (checked at start). */
bool asset_dir_usable(const char *dir);

#endif
