#!/bin/sh
# page.sh - what a normal page load fetches from tessera-web: index.html
# and the modules it imports (followed from main.js through every static
# `import ... from './X.js'`), each served as text/javascript; none of
# them a self-test (selftest*.js: main.js imports those only for
# ?selftest=, which test-browser.sh serves with --assets: the binary
# holds none); no inline script or style in
# the page, and a Content-Security-Policy without 'unsafe-inline'.
. "$(dirname "$0")/../protocol/lib.sh"
. "$(dirname "$0")/lib.sh"

WEB=$BUILD/tessera-web
web_scratch

# get PATH: the answer's head in $TMP/head, its body in $TMP/body.
get() {
    "$WEB" --client --port "$PORT" GET "$1" 2>&1 | tr -d '\r' >"$TMP/answer"
    sed '/^$/q' "$TMP/answer" >"$TMP/head"
    sed '1,/^$/d' "$TMP/answer" >"$TMP/body"
}

if ! start_web "$WEB" "$TMP/server.log"; then
    not_ok server_starts "$(cat "$TMP/server.log")"
    finish
    exit 1
fi

get /
cp "$TMP/body" "$TMP/index.html"
csp=$(grep -i '^Content-Security-Policy:' "$TMP/head")
case "$csp" in
*"'unsafe-inline'"* | "") not_ok csp_without_unsafe_inline "$csp" ;;
*"default-src 'self'"*) ok csp_without_unsafe_inline ;;
*) not_ok csp_without_unsafe_inline "$csp" ;;
esac

# Every <script> has a src; no style attribute nor <style> element.
if grep -Eiq '<script( [^>]*)?>' "$TMP/index.html" && ! grep -Ei '<script[^>]*>' "$TMP/index.html" | grep -qv ' src='; then
    ok page_has_no_inline_script
else
    not_ok page_has_no_inline_script "$(grep -Ei '<script' "$TMP/index.html")"
fi
if grep -Eiq ' style=|<style' "$TMP/index.html"; then
    not_ok page_has_no_inline_style "$(grep -Ei ' style=|<style' "$TMP/index.html" | head -n 3)"
else
    ok page_has_no_inline_style
fi

# The static import graph from the page's scripts.
sed -n 's/.*<script type="module" src="\([^"]*\)".*/\1/p' "$TMP/index.html" >"$TMP/todo"
: >"$TMP/seen"
bad_type=
while [ -s "$TMP/todo" ]; do
    module=$(head -n 1 "$TMP/todo")
    sed -i '1d' "$TMP/todo"
    grep -qx "$module" "$TMP/seen" && continue
    echo "$module" >>"$TMP/seen"
    get "/$module"
    grep -qi '^Content-Type: text/javascript' "$TMP/head" || bad_type="$bad_type $module"
    # Static imports only: `import('./x.js')` (dynamic) is not followed.
    sed -n "s/^import .* from '\.\/\([^']*\)';$/\1/p" "$TMP/body" >>"$TMP/todo"
done
count=$(wc -l <"$TMP/seen" | tr -d ' ')
if [ "$count" -ge 10 ] && grep -qx main.js "$TMP/seen" && grep -qx board.js "$TMP/seen" && [ -z "$bad_type" ]; then
    ok "modules_served_as_javascript ($count modules)"
else
    not_ok modules_served_as_javascript "$count modules: $(tr '\n' ' ' <"$TMP/seen"); wrong type:$bad_type"
fi
if grep -q '^selftest' "$TMP/seen"; then
    not_ok page_loads_no_selftest "$(grep '^selftest' "$TMP/seen" | tr '\n' ' ')"
else
    ok page_loads_no_selftest
fi
# The self-tests are not in the binary: test-browser.sh serves them from
# the folder (--assets); main.js names them only in a dynamic import
# behind ?selftest=.
get /selftest.js
if grep -q '^HTTP/1.1 404' "$TMP/head"; then
    ok selftest_module_not_in_the_binary
else
    not_ok selftest_module_not_in_the_binary "$(head -n 1 "$TMP/head")"
fi
get /main.js
if grep -q "^if (mode !== null) import('./selftest.js')" "$TMP/body"; then
    ok selftest_imported_only_for_selftest_addresses
else
    not_ok selftest_imported_only_for_selftest_addresses "$(grep -n selftest "$TMP/body")"
fi

kill -INT "$SERVER"
wait "$SERVER"
SERVER=
finish
