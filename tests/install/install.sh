#!/bin/sh
# install.sh - `make install DESTDIR=... PREFIX=/usr` puts every program,
# its man page and the manuals in place; the installed programs work from
# another folder (tessera-web starts the tessera installed beside it);
# each man page lists the flags its program's --help lists; `make
# uninstall` leaves no file behind.  Run against the release build only:
# it installs the programs at the top of build/.  It builds nothing:
# `make test` has built everything before it runs (make -n checks that
# install would compile nothing, then install runs with `all` taken as
# done, so a make beside it is never raced).
. "$(dirname "$0")/../protocol/lib.sh"
. "$(dirname "$0")/../../tools/man/flags.sh"
. "$(dirname "$0")/../web/lib.sh"

case "$BUILD" in
*release*) ;;
*)
    echo "(make install is checked with the release build)"
    finish
    exit 0
    ;;
esac

PROGRAMS="tessera tessera-arena tessera-tune tessera-web tessera-datagen tessera-proof-check tessera-train tessera-mates"
ROOT=$(pwd)
TMP=$(mktemp -d)
DEST=$TMP/dest
ELSEWHERE=$TMP/elsewhere
SERVER=
trap '[ -z "$SERVER" ] || kill "$SERVER" 2>/dev/null; rm -rf "$TMP"' EXIT
mkdir -p "$DEST" "$ELSEWHERE"

# make in this tree, without the make test that may have started us.
run_make() { (unset MAKEFLAGS MFLAGS MAKELEVEL && make -s "$@" DESTDIR="$DEST" PREFIX=/usr) >"$TMP/make.log" 2>&1; }

run_make -n install
builds=$(grep -E '(^|[ /])(cc|gcc|clang)[ ]|man\.sh|embed\.sh' "$TMP/make.log" | head -n 3)
if [ -z "$builds" ]; then ok install_would_build_nothing; else not_ok install_would_build_nothing "$builds"; fi

run_make -o all install
STATUS=$?
REPLY=$(cat "$TMP/make.log")
expect_status make_install_into_destdir 0

BIN=$DEST/usr/bin
MAN1=$DEST/usr/share/man/man1
DOC=$DEST/usr/share/doc/tessera
missing=
for p in $PROGRAMS; do
    [ -x "$BIN/$p" ] || missing="$missing bin/$p"
    [ -f "$MAN1/$p.1" ] || missing="$missing man1/$p.1"
done
for d in README.md protocol.md RULES.md arena.md tune.md web.md datagen.md train.md proof.md mates.md loop.md; do
    [ -f "$DOC/$d" ] || missing="$missing doc/$d"
done
if [ -z "$missing" ]; then ok every_file_is_installed; else not_ok every_file_is_installed "missing:$missing"; fi
# The pages' SEE ALSO names the manuals where this install put them.
stale=$(grep -l /usr/local/share/doc "$MAN1"/*.1; grep -L /usr/share/doc/tessera/ "$MAN1"/*.1)
if [ -z "$stale" ]; then ok man_pages_name_the_installed_manuals; else not_ok man_pages_name_the_installed_manuals "$stale"; fi

# --- the installed programs, from another folder
cd "$ELSEWHERE" || exit 1
versions=
for p in $PROGRAMS; do
    line=$("$BIN/$p" --version 2>&1) || versions="$versions $p:status"
    [ "$line" = "$p $(sed -n 's/^#define TESSERA_VERSION "\(.*\)"$/\1/p' "$ROOT/src/util/version.h")" ] ||
        versions="$versions $p:'$line'"
done
if [ -z "$versions" ]; then ok every_program_answers_version; else not_ok every_program_answers_version "$versions"; fi

REPLY=$(printf 'uci\nsetoption name Game value columna\nposition startpos\ngo depth 2\n' | "$BIN/tessera" 2>&1)
expect_line installed_engine_searches '^bestmove '
REPLY=$("$BIN/tessera-web" --help 2>&1)
expect_line installed_web_helps '^usage: tessera-web'

# The web server on a free port, from this folder, with no --engine: it
# serves its page (embedded) and starts the tessera installed beside it.
if start_web "$BIN/tessera-web" "$TMP/web.log"; then
    REPLY=$("$BIN/tessera-web" --client --port "$PORT" GET / 2>&1)
    expect_line installed_web_serves_its_page 'main\.js'
    REPLY=$("$BIN/tessera-web" --client --port "$PORT" POST /api/sessions '{"game":"columna","backend":"random"}' 2>&1)
    pid=$(printf '%s' "$REPLY" | sed -n 's/.*"engine_pid":\([0-9]*\).*/\1/p')
    engine=$([ -n "$pid" ] && readlink "/proc/$pid/exe")
    if [ "$engine" = "$BIN/tessera" ]; then
        ok installed_web_runs_the_installed_engine
    else
        not_ok installed_web_runs_the_installed_engine "engine pid '$pid' runs '$engine'; the reply:" "$REPLY"
    fi
    kill "$SERVER" 2>/dev/null
    wait "$SERVER" 2>/dev/null
    SERVER=
else
    not_ok installed_web_starts "$(cat "$TMP/web.log")"
fi
cd "$ROOT" || exit 1

# --- each man page's flags are its program's (and subcommands') --help's

# The flags of a man page's OPTIONS (its own) or of its subsection
# .SS "COMMAND": the tag lines after .TP, as the page shows them.
page_flags() { # page command
    awk -v program="$(basename "$1" .1)" -v command="$2" '
        /^\.SH / { in_options = ($0 == ".SH OPTIONS"); current = program; next }
        /^\.SS / { current = $0; sub(/^\.SS "?/, "", current); sub(/"$/, "", current); next }
        tag { tag = 0; if (in_options && current == command) print; next }
        /^\.TP/ { tag = 1 }' "$1" | sed 's/\\f[BIRP]//g; s/\\-/-/g'
}
for page in "$MAN1"/*.1; do
    program=$(basename "$page" .1)
    commands=$(sed -n 's/^\.SS "\(.*\)"$/\1/p' "$page")
    for command in "$program" $(printf '%s\n' "$commands" | sed 's/ /:/g'); do
        command=$(printf '%s' "$command" | tr ':' ' ')
        # shellcheck disable=SC2086 # a subcommand is its own word
        "$BIN"/$command --help >"$TMP/help" 2>&1
        if takes_keywords "$command"; then keywords=keywords; else keywords=; fi
        help_flags $keywords <"$TMP/help" >"$TMP/from_help"
        page_flags "$page" "$command" | help_flags $keywords >"$TMP/from_page"
        name="man_page_flags_$(printf '%s' "$command" | tr ' ' '_')"
        if [ ! -s "$TMP/from_help" ]; then
            not_ok "$name" "'$command --help' lists no flag"
        elif cmp -s "$TMP/from_help" "$TMP/from_page"; then
            ok "$name ($(wc -l <"$TMP/from_help" | tr -d ' ') flags)"
        else
            not_ok "$name" "in --help, not on the page: $(comm -23 "$TMP/from_help" "$TMP/from_page" | tr '\n' ' ')" \
                "on the page, not in --help: $(comm -13 "$TMP/from_help" "$TMP/from_page" | tr '\n' ' ')"
        fi
    done
done
if command -v man >/dev/null 2>&1; then
    warnings=$(for page in "$MAN1"/*.1; do MANWIDTH=80 man --warnings -l "$page" 2>&1 >/dev/null; done)
    if [ -z "$warnings" ]; then ok man_renders_every_page_without_warnings; else not_ok man_renders_every_page_without_warnings "$warnings"; fi
fi

# --- uninstall
run_make uninstall
STATUS=$?
REPLY=$(cat "$TMP/make.log")
expect_status make_uninstall 0
left=$(find "$DEST" ! -type d)
if [ -z "$left" ]; then ok uninstall_leaves_no_file; else not_ok uninstall_leaves_no_file "$left"; fi
finish
