#!/bin/sh
# test-browser.sh - `make test-browser`: the page in a real browser.
# Headless Chromium (Debian's chromium package, installed with apt-get when
# absent and this runs as root) loads the page in its self-test mode, which
# plays a whole game of each of the four games by clicking the board (only
# steps drawn as clickable can be clicked) and writes its verdict into the
# DOM, read back with --dump-dom; then the Watch tab follows an arena PGN
# and a tuner CSV.  Screenshots of each board go to build/browser/.
# Not part of `make test` (it needs Chromium).
cd "$(dirname "$0")/../.." || exit 1
OUT=build/browser
WEB=build/tessera-web
mkdir -p "$OUT"
passed=0
failed=0

if ! command -v chromium >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "test-browser: installing chromium with apt-get"
        apt-get update -q >/dev/null && apt-get install -y -q chromium >/dev/null || exit 1
    else
        echo "test-browser: chromium is missing; install it (Debian: sudo apt-get install chromium)" >&2
        exit 1
    fi
fi
# Root (a container) needs --no-sandbox; dbus warnings are noise.
browse() { timeout 180 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars "$@" 2>/dev/null; }

# Something to watch: a short arena run and a tuner CSV.
rm -f "$OUT/run.pgn"
build/tessera-arena -game columna -games 6 -seed 3 -openings random plies=2 \
    -engine cmd=build/tessera name=random1 option.Backend=random option.Seed=1 \
    -engine cmd=build/tessera name=random2 option.Backend=random option.Seed=2 \
    -each tc=1+0.02 -pgnout "$OUT/run.pgn" >/dev/null || exit 1
# Over the server's 1 MB piece: read in pieces, every game counted.
{
    sed -n '/^%/p' "$OUT/run.pgn"
    i=0
    while [ "$i" -lt 400 ]; do
        sed '/^%/d' "$OUT/run.pgn"
        i=$((i + 1))
    done
} >"$OUT/long.pgn"
awk 'BEGIN { print "iteration,ColumnaHeight5,ColumnaReach"; for (i = 0; i <= 30; i++) printf "%d,%.3f,%.3f\n", i, 133 + i * 0.7, 45 - i * 0.3 }' >"$OUT/tune.csv"

. tests/web/lib.sh
start_web "$WEB" "$OUT/server.log" --watch "$OUT/run.pgn" --watch "$OUT/tune.csv" --watch "$OUT/long.pgn" || {
    cat "$OUT/server.log"
    exit 1
}
server=$SERVER
url=$URL
trap 'kill $server 2>/dev/null' EXIT

verdict() { # name dump-file
    sed -n '/<pre id="selftest"/,/<\/pre>/p' "$2" | sed 's/<[^>]*>//g' | sed '/^$/d'
    if grep -q 'SELFTEST PASS' "$2"; then
        passed=$((passed + 1))
        echo "ok   $1"
    else
        failed=$((failed + 1))
        echo "FAIL $1"
    fi
}

browse --virtual-time-budget=600000 --dump-dom "${url}?selftest=1" >"$OUT/selftest.html"
verdict play_a_game_of_each_kind_by_clicking "$OUT/selftest.html"
browse --virtual-time-budget=120000 --dump-dom "${url}?selftest=watch" >"$OUT/watch.html"
verdict watch_an_arena_pgn_and_a_tuner_csv "$OUT/watch.html"

# An engine that declares a strength option and reports win/draw/loss
# (the real engine reports wdl once tessera-web turns UCI_ShowWDL on):
# the page must show both; with the real engine the selftest above checks
# that the bar follows its info lines.
# (A shell loop, not awk: mawk would hold lines back in its input buffer.)
cat >"$OUT/wdl-engine.sh" <<EOS
#!/bin/sh
"$PWD/build/tessera" | while IFS= read -r line; do
    case "\$line" in
    uciok) echo "option name Skill Level type spin default 20 min 0 max 20" ;;
    "info depth"*) line=\$(printf '%s\\n' "\$line" | sed 's/ pv / wdl 600 300 100 pv /') ;;
    esac
    printf '%s\\n' "\$line"
done
EOS
chmod +x "$OUT/wdl-engine.sh"
kill -INT "$server"
wait "$server"
start_web "$WEB" "$OUT/server.log" --engine "$OUT/wdl-engine.sh" || exit 1
server=$SERVER
url=$URL
browse --virtual-time-budget=120000 --dump-dom "${url}?selftest=1&games=columna&analyse=columna" >"$OUT/strength.html"
verdict strength_and_wdl_shown_when_the_engine_has_them "$OUT/strength.html"

for game in roomandpillar columna qawale territoire; do
    browse --virtual-time-budget=60000 --window-size=560,590 --screenshot="$OUT/board-$game.png" \
        "${url}?show=$game&plies=9&board=1" >/dev/null
done
browse --virtual-time-budget=60000 --window-size=1280,1000 --screenshot="$OUT/watch.png" "${url}?tab=watch&once=1" >/dev/null
browse --virtual-time-budget=60000 --window-size=1280,900 --screenshot="$OUT/play.png" "${url}?show=columna&plies=6" >/dev/null
for png in "$OUT"/*.png; do
    if [ -s "$png" ]; then passed=$((passed + 1)); echo "ok   screenshot $png"; else failed=$((failed + 1)); echo "FAIL screenshot $png"; fi
done

kill -INT "$server"
wait "$server"
trap - EXIT
echo "harness: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
