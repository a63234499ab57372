#!/bin/sh
# architecture.sh - the map of the code (src/README.md) stays true:
#
#   - layers: a file under src/ includes only its own layer and those below
#     it (util <- games <- nn <- search <- protocol, bench, prove), and
#     never tools/;
#   - rooms: the shared files of src/games/ and src/search/ include none of
#     their rooms (the registry excepted: it lists the games), the two
#     backends (search/alphabeta/, search/mcts/) never include each other,
#     and proof/ and strength/ include no backend;
#   - the certificate checker (tools/proof/) trusts the rules and the
#     format only: of src/ it includes games/, util/ and
#     prove/certificate_format.h;
#   - no circle: no two files of src/ or tools/ call each other, directly
#     or round a longer loop (read from the built objects with nm: the
#     symbols each defines and those it uses);
#   - no folder under src/ holds more than 18 source files (.c and .h).
#
# Run against the release build only (its objects are read).
. "$(dirname "$0")/../protocol/lib.sh"

case "$BUILD" in
*release*) ;;
*)
    echo "(the architecture is read from the release build)"
    finish
    exit 0
    ;;
esac

TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT

# includes FILE...: "FILE INCLUDED" lines, the project's own includes.
includes() {
    for f in "$@"; do
        sed -n 's/^#include "\([^"]*\)".*/\1/p' "$f" | sed "s#^#$f #"
    done
}

# layer FOLDER: the layer number of a folder under src/.
layer_of() {
    case "$1" in
    util*) echo 0 ;;
    games*) echo 1 ;;
    nn*) echo 2 ;;
    search*) echo 3 ;;
    *) echo 4 ;;
    esac
}

SRC_FILES=$(find src -name '*.[ch]' | sort)
includes $SRC_FILES > "$TMP/src_includes"
[ -s "$TMP/src_includes" ] && ok "includes read from src/" || not_ok "includes read from src/"

bad=""
while read -r file included; do
    case "$included" in
    tools/* | arena/* | tune/* | web/* | process/* | cli/* | data/*)
        [ -f "src/$included" ] || { bad="$bad $file->$included"; continue; } ;;
    esac
    [ -f "src/$included" ] || continue # a generated header (build/gen)
    from=$(layer_of "${file#src/}")
    to=$(layer_of "$included")
    [ "$to" -le "$from" ] || bad="$bad $file->$included"
done < "$TMP/src_includes"
[ -z "$bad" ] && ok "each src/ file includes its layer and those below, never tools/" ||
    not_ok "includes against the layers:$bad"

# rooms
bad=$(awk '
    { split($1, f, "/"); dir = $1; sub(/\/[^\/]*$/, "", dir) }
    # shared files of search/ and games/: no room
    (dir == "src/search" && $2 ~ /^search\/[^\/]+\//) { print $1 "->" $2 }
    (dir == "src/games" && $1 != "src/games/registry.c" && $2 ~ /^games\/[^\/]+\//) { print $1 "->" $2 }
    (dir == "src/search/alphabeta" && $2 ~ /^search\/mcts\//) { print $1 "->" $2 }
    (dir == "src/search/mcts" && $2 ~ /^search\/alphabeta\//) { print $1 "->" $2 }
    ((dir == "src/search/proof" || dir == "src/search/strength") && $2 ~ /^search\/(alphabeta|mcts)\//) { print $1 "->" $2 }
' "$TMP/src_includes" | tr '\n' ' ')
[ -z "$bad" ] && ok "shared files include no room; the backends include each other nowhere" ||
    not_ok "rooms: $bad"

# a game's room includes no other game's
bad=$(awk '$1 ~ /^src\/games\/[^\/]+\// { split($1, f, "/"); if ($2 ~ /^games\/[^\/]+\// && index($2, "games/" f[3] "/") != 1) print $1 "->" $2 }' \
    "$TMP/src_includes" | tr '\n' ' ')
[ -z "$bad" ] && ok "no game includes another game's files" || not_ok "games: $bad"

bad=$(includes tools/proof/*.c tools/proof/*.h | awk '
    $2 ~ /^proof\// { next }
    $2 ~ /^(games|util)\// || $2 == "prove/certificate_format.h" { next }
    { print $1 "->" $2 }' | tr '\n' ' ')
[ -z "$bad" ] && ok "the certificate checker includes the rules, util and the format only" ||
    not_ok "checker includes: $bad"

# circles, from the objects of every source file of src/ and tools/
OBJ=$BUILD/obj
missing=""
: >"$TMP/objects"
for source in $(find src tools -name '*.c' | sort); do
    object=$OBJ/${source%.c}.o
    if [ -f "$object" ]; then echo "$object" >>"$TMP/objects"; else missing="$missing $object"; fi
done
# One nm for every object: its lines name their object (nm -A).
xargs nm -A <"$TMP/objects" 2>/dev/null | awk -v obj="$OBJ/" '
    { split($1, where, ":"); f = where[1]; sub("^" obj, "", f); sub(/\.o$/, "", f) }
    NF == 3 && $2 == "U" { print f, $3, "U"; next }
    NF == 3 && $2 ~ /^[TDBR]$/ { print f, $3, "D" }' >"$TMP/symbols"
[ "$(grep -c ' D$' "$TMP/symbols")" -gt 300 ] && [ "$(grep -c ' U$' "$TMP/symbols")" -gt 1000 ] &&
    ok "the objects' symbols read (defined and used)" || not_ok "the objects' symbols read: too few"
[ -z "$missing" ] && ok "every source file of src/ and tools/ has its object" ||
    not_ok "objects missing (build first):$missing"
circle=$(awk -f "$(dirname "$0")/circles.awk" "$TMP/symbols")
[ -z "$circle" ] && ok "no files call each other, round any loop" || not_ok "files on a circle: $circle"

# the checker of circles finds one where there is one
printf 'a f D\na g U\nb g D\nb h U\nc h D\nc f U\nd f U\n' > "$TMP/loop"
loop=$(awk -f "$(dirname "$0")/circles.awk" "$TMP/loop" | tr ' ' '\n' | sort | tr '\n' ' ')
[ "$loop" = "a b c " ] && ok "the circle finder sees a three-file loop (and not the file that only leads to it)" ||
    not_ok "the circle finder on a three-file loop said '$loop'"

# folder sizes
big=""
for dir in $(find src -type d); do
    count=$(find "$dir" -maxdepth 1 -name '*.[ch]' | wc -l)
    [ "$count" -le 18 ] || big="$big $dir($count)"
done
[ -z "$big" ] && ok "no folder under src/ holds more than 18 source files" || not_ok "folders too big:$big"

finish
