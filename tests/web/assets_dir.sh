#!/bin/sh
# assets_dir.sh - tessera-web --assets DIR: the page's files read from a
# folder (an edit shows on reload, no rebuild), with the same headers as
# the embedded ones, and nothing else: no path out of DIR (.., %2e%2e,
# an absolute path, a link), no hidden file, no other extension, no
# folder, FIFO or link; a bad DIR is refused at start.
. "$(dirname "$0")/../protocol/lib.sh"
. "$(dirname "$0")/lib.sh"

WEB=$BUILD/tessera-web
web_scratch

# get PATH: STATUS, the answer's head in $TMP/head, its body in $TMP/body.
get() {
    printf 'GET %s HTTP/1.1\r\nHost: 127.0.0.1:%s\r\n\r\n' "$1" "$PORT" >"$TMP/request"
    "$WEB" --client --port "$PORT" --raw <"$TMP/request" 2>&1 | tr -d '\r' >"$TMP/answer"
    sed '/^$/q' "$TMP/answer" >"$TMP/head"
    sed '1,/^$/d' "$TMP/answer" >"$TMP/body"
    STATUS=$(head -n 1 "$TMP/head" | cut -d' ' -f2)
}

# The served folder, and what lies around and inside it that must not be served.
mkdir -p "$TMP/page/sub"
cp tools/web/assets/* "$TMP/page/"
echo 'export const edited = 1;' >"$TMP/page/extra.js"
echo '<svg xmlns="http://www.w3.org/2000/svg"/>' >"$TMP/page/icon.svg"
echo secret >"$TMP/secret.js"
echo secret >"$TMP/page/.hidden.js"
echo secret >"$TMP/page/notes.txt"
echo secret >"$TMP/page/sub/inner.js"
ln -s "$TMP/secret.js" "$TMP/page/alias.js"
mkfifo "$TMP/page/fifo.js"

if "$WEB" --port 0 --assets "$TMP/none" >"$TMP/bad.log" 2>&1; then code=0; else code=$?; fi
if [ "$code" = 2 ] && grep -q "^tessera-web: --assets $TMP/none: not a folder that can be read$" "$TMP/bad.log"; then
    ok missing_folder_refused_at_start
else
    not_ok missing_folder_refused_at_start "exit $code: $(cat "$TMP/bad.log")"
fi

if ! start_web "$WEB" "$TMP/server.log" --assets "$TMP/page"; then
    not_ok server_starts "$(cat "$TMP/server.log")"
    finish
    exit 1
fi

get /
if [ "$STATUS" = 200 ] && cmp -s "$TMP/body" tools/web/assets/index.html && grep -qi '^Content-Type: text/html' "$TMP/head" &&
    grep -qi "^Content-Security-Policy: default-src 'self'" "$TMP/head" && grep -qi '^X-Content-Type-Options: nosniff' "$TMP/head"; then
    ok index_from_the_folder_with_the_same_headers
else
    not_ok index_from_the_folder_with_the_same_headers "$(cat "$TMP/head")"
fi

# A file the binary does not hold: read from the folder as it is now.
get /extra.js
if [ "$STATUS" = 200 ] && grep -q edited "$TMP/body" && grep -qi '^Content-Type: text/javascript' "$TMP/head"; then
    ok an_edit_is_served_without_a_rebuild
else
    not_ok an_edit_is_served_without_a_rebuild "$(head -n 1 "$TMP/head")"
fi
get /icon.svg
if [ "$STATUS" = 200 ] && grep -qi '^Content-Type: image/svg+xml' "$TMP/head"; then
    ok svg_served_as_svg
else
    not_ok svg_served_as_svg "$(cat "$TMP/head")"
fi

refused=
for path in /../secret.js /..%2fsecret.js /%2e%2e/secret.js "/$TMP/secret.js" //secret.js /sub/inner.js /sub /.hidden.js \
    /notes.txt /alias.js /fifo.js /page/../secret.js /index.html%00.js /missing.js; do
    get "$path"
    if [ "$STATUS" != 404 ] || grep -q secret "$TMP/body"; then refused="$refused $path:$STATUS"; fi
done
if [ -z "$refused" ]; then
    ok nothing_outside_the_folder_nor_other_files
else
    not_ok nothing_outside_the_folder_nor_other_files "served:$refused"
fi

get /api/watch
if [ "$STATUS" = 200 ]; then ok api_unchanged; else not_ok api_unchanged "status $STATUS"; fi
finish
