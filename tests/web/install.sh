#!/bin/sh
# install.sh - `make` installs the programs at the top of build/ while one
# of them runs (a user's own tessera-web runs build/tessera): each is
# written beside its place and renamed into it, never copied over a
# running file ("Text file busy").  Run against the release build only:
# it runs make in this tree.
. "$(dirname "$0")/../protocol/lib.sh"

case "$BUILD" in
*release*) ;;
*)
    echo "(make's install is checked with the release build)"
    finish
    exit 0
    ;;
esac

# A running build/tessera, waiting for input on a fifo held open here.
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
mkfifo "$TMP/input"
build/tessera <"$TMP/input" >/dev/null 2>&1 &
running=$!
exec 3>"$TMP/input"
before=$(ls -i build/tessera | cut -d' ' -f1)
out=$(env -u MAKEFLAGS -u MAKELEVEL make -s all 2>&1)
STATUS=$?
REPLY=$out
expect_status make_installs_beside_a_running_engine 0
expect_no_line no_text_file_busy 'Text file busy'
after=$(ls -i build/tessera | cut -d' ' -f1)
if [ "$before" != "$after" ] && cmp -s build/tessera build/release/tessera; then
    ok the_engine_was_renamed_into_place
else
    not_ok the_engine_was_renamed_into_place "inode $before -> $after"
fi
if ls build/.tessera*.new.* >/dev/null 2>&1; then
    not_ok no_temporary_file_is_left "$(ls build/.tessera*.new.*)"
else
    ok no_temporary_file_is_left
fi
if kill -0 "$running" 2>/dev/null; then ok the_engine_ran_throughout; else not_ok the_engine_ran_throughout; fi
exec 3>&-
wait "$running"
finish
