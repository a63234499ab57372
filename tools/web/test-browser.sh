#!/bin/sh
# test-browser.sh - `make test-browser`: the page in a real browser.
# Headless Chromium (Debian's chromium package, installed with apt-get when
# absent and this runs as root) loads the page in its self-test modes,
# which click and type as a player would and write their verdicts into the
# DOM, read back with --dump-dom:
#   ?selftest=1         a whole game of each game by clicking (one by the
#                       keyboard: Tab, arrow keys through the board's grid,
#                       Enter or Space): only steps drawn clickable can be clicked;
#                       every position the page replays for the move list
#                       must be the engine's; the engine's moves are marked;
#                       move 12's number is whole; earlier positions can be
#                       viewed (click, arrow keys, End); the board flips and
#                       stays flipped; each game's PGN is left in the page
#   ?selftest=features  with the real engine: readable option labels, the
#                       rules link, draw offers only where draws exist,
#                       declined with the engine winning and accepted in
#                       a drawn end, the analysis for the human after a
#                       lost game, the evaluation graph (no best line
#                       left after the end), resign, rematch, a copied
#                       link, New game emptying the position box, clocks
#                       that wait for each side's first move, loss on
#                       time on both sides, the flagged clock marked, and
#                       the result over the board (not green for a loss)
#                       with its Rematch and Analyse buttons; a loss on
#                       time and a draw agreed said in the live region
#   ?selftest=reopen    the copied link reopens the same position
#   ?selftest=phone     at 390 px: the board first, full width, nothing
#                       wider than the screen
#   ?selftest=reload    a reload keeps the game (the same session)
#   ?selftest=busy      a tab over the server's cap of sessions: the
#                       reason and a retry, no board nor game buttons;
#                       the retry starts a game once a session is free
#   ?selftest=axe       axe-core (installed from the npm registry with
#                       npm, served beside a copy of the page's files by
#                       tessera-web --assets) on a game in play, its
#                       analysis with the best line drawn, the other
#                       games' boards, the result over the board, the Watch tab's PGN and its tuner CSV:
#                       no serious or critical violation (rule, impact and
#                       target listed), WCAG 2.5.3 label-in-name included;
#                       every visible button named with the text it shows;
#                       the board's grid walked by arrow keys, Home, End;
#                       a resignation said in the live region
#   ?selftest=axe-phone the same at 390 px (and ?selftest=axe in the dark
#                       theme)
#   ?selftest=layout    at 1280x800: the rules link inside its panel; the
#                       Watch tab's Elo chart beside the board, in the
#                       first screen, its axis in whole Elo points; text
#                       at 4.5:1 or more; the board a named group
#   ?selftest=input     a move dragged square to square; a tone for a
#                       move, none when muted or while analysing; a
#                       premove kept, then played (or dropped if illegal)
#   ?selftest=dark      with the system asking for a dark page: dark
#                       backgrounds, text on them at 4.5:1 or more
#   ?selftest=watch     the Watch tab on arena PGNs (old files too: moves
#                       with commas, Territoire moves starting with a
#                       digit, read as the new ones) and a tuner CSV
# The PGNs the page would download must be accepted by
# `tessera-arena merge` and by the strict export-format reader
# build/release/fakes/pgn_strict.  Screenshots go to build/browser/.
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

# axe-core 4 into $OUT/axe-npm/package/ (once) with npm, the registry's
# own client; the test's alone, like Chromium.
install_axe() {
    [ -s "$OUT/axe-npm/package/axe.min.js" ] && return 0
    command -v npm >/dev/null 2>&1 || { echo "test-browser: npm is missing (Debian: apt-get install npm)" >&2; return 1; }
    rm -rf "$OUT/axe-npm"
    mkdir -p "$OUT/axe-npm"
    (cd "$OUT/axe-npm" && timeout 300 npm pack --silent axe-core@4 >npm.log 2>&1 && tar -xzf axe-core-4.*.tgz package/axe.min.js)
}
pass() { passed=$((passed + 1)); echo "ok   $1"; }
fail() { failed=$((failed + 1)); echo "FAIL $1"; }

# Something to watch: a short arena run, the same games all drawn, a long
# file and a tuner CSV.
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
# No decisive game: the page must say so rather than show an Elo of 0.
sed -e 's/^\[Result "[^"]*"\]/[Result "1\/2-1\/2"]/' -e 's/^\(.* \)*\(1-0\|0-1\)$/\11\/2-1\/2/' \
    "$OUT/run.pgn" >"$OUT/draws.pgn"
# 42 draws, then the run's wins and losses: an Elo that stays within
# +-100, whose chart's axis must still read in whole points.
{
    sed -n '/^%/p' "$OUT/run.pgn"
    for i in 1 2 3 4 5 6 7; do sed '/^%/d' "$OUT/draws.pgn"; done
    sed '/^%/d' "$OUT/run.pgn"
} >"$OUT/level.pgn"
# The arena's moves are PGN symbols (tools/arena/pgn_move.h: b2b3:c4c5,
# M17:3:x4); files written before that have the games' own notation
# (b2b3,c4c5, 17,3,x4) and no "N..." before p2's moves: NAME-old.pgn, made
# from NAME.pgn, must show the same games and positions.
old_pgn() { # new-format file, old-format file
    sed -e '/^[[%]/b' -e ':a' -e 's/\([0-9a-z]\):\([0-9a-z]\)/\1,\2/' -e 'ta' \
        -e 's/\(^\| \)M\([0-9]\)/\1\2/g' -e 's/\(^\| \)[0-9][0-9]*\.\.\.\( \|$\)/\1/g' "$1" >"$2"
}
rm -f "$OUT/territoire.pgn"
build/tessera-arena -game territoire -games 2 -seed 3 \
    -engine cmd=build/tessera name=random1 option.Backend=random option.Seed=1 \
    -engine cmd=build/tessera name=random2 option.Backend=random option.Seed=2 \
    -each tc=1+0.02 -pgnout "$OUT/territoire.pgn" >/dev/null || exit 1
old_pgn "$OUT/territoire.pgn" "$OUT/territoire-old.pgn"
old_pgn "$OUT/run.pgn" "$OUT/run-old.pgn"
# The files are what they stand for: symbols (M and ':') in the new ones,
# commas, digit-first moves and no "N..." in the old ones.
if grep -Eq '^(.* )?M[0-9]+:[0-9]+' "$OUT/territoire.pgn" && grep -Eq '^(.* )?[a-h][1-8][a-h][1-8]:' "$OUT/run.pgn" &&
    grep -Eq '^(.* )?[0-9]+,[0-9]+' "$OUT/territoire-old.pgn" && grep -Eq '^(.* )?[a-h][1-8][a-h][1-8],' "$OUT/run-old.pgn" &&
    ! cat "$OUT/territoire-old.pgn" "$OUT/run-old.pgn" | grep -v '^[[%]' | grep -Eq ':[0-9a-z]|[0-9]\.\.\.|(^| )M[0-9]' &&
    build/release/fakes/pgn_strict "$OUT/territoire.pgn" "$OUT/run.pgn" >/dev/null; then
    pass "arena_pgns_new_and_old_format_to_watch"
else
    fail "arena_pgns_new_and_old_format_to_watch"
fi
awk 'BEGIN { print "iteration,ColumnaHeight5,ColumnaReach"; for (i = 0; i <= 30; i++) printf "%d,%.3f,%.3f\n", i, 133 + i * 0.7, 45 - i * 0.3 }' >"$OUT/tune.csv"

. tests/web/lib.sh
start_web "$WEB" "$OUT/server.log" --assets tools/web/assets --watch "$OUT/run.pgn" --watch "$OUT/tune.csv" --watch "$OUT/long.pgn" \
    --watch "$OUT/draws.pgn" --watch "$OUT/level.pgn" --watch "$OUT/territoire.pgn" --watch "$OUT/territoire-old.pgn" --watch "$OUT/run-old.pgn" || {
    cat "$OUT/server.log"
    exit 1
}
server=$SERVER
url=$URL
trap 'kill $server 2>/dev/null' EXIT

# The text of <pre id="ID"> in a dumped page, unescaped.
extract() { # id dump-file
    sed -n "/<pre id=\"$1\"/,/<\/pre>/p" "$2" | sed -e "s/.*<pre id=\"$1\"[^>]*>//" -e 's/<\/pre>.*//' |
        sed -e 's/&lt;/</g' -e 's/&gt;/>/g' -e 's/&quot;/"/g' -e 's/&amp;/\&/g'
}

verdict() { # name dump-file
    extract selftest "$2" | sed '/^$/d'
    if grep -q 'SELFTEST PASS' "$2"; then pass "$1"; else fail "$1"; fi
}

browse --virtual-time-budget=600000 --dump-dom "${url}?selftest=1" >"$OUT/selftest.html"
verdict play_a_game_of_each_kind_by_clicking "$OUT/selftest.html"

# The PGN each game would download: tessera-arena merge must read it and
# count its game, and the strict reader of PGN export format
# (tests/fakes/pgn_strict.c) must read it and replay its moves.
for game in roomandpillar columna qawale territoire; do
    extract "pgn-$game" "$OUT/selftest.html" >"$OUT/web-$game.pgn"
    if build/release/fakes/pgn_strict "$OUT/web-$game.pgn" >"$OUT/strict-$game.txt" 2>&1 &&
        grep -q '^pgn_strict: 1 games$' "$OUT/strict-$game.txt"; then
        pass "downloaded_pgn_in_export_format ($game)"
    else
        sed 's/^/    /' "$OUT/strict-$game.txt"
        fail "downloaded_pgn_in_export_format ($game)"
    fi
    if build/tessera-arena merge "$OUT/web-$game.pgn" >"$OUT/merge-$game.txt" 2>&1 &&
        grep -q '^Merged 1 games from 1 file' "$OUT/merge-$game.txt" &&
        grep -q "^\[Game \"$game\"\]" "$OUT/web-$game.pgn" &&
        grep -Eq '^Results of .* \(1 games?\)' "$OUT/merge-$game.txt"; then
        pass "downloaded_pgn_accepted_by_arena_merge ($game)"
    else
        sed 's/^/    /' "$OUT/merge-$game.txt"
        fail "downloaded_pgn_accepted_by_arena_merge ($game)"
    fi
done

browse --virtual-time-budget=900000 --dump-dom "${url}?selftest=features" >"$OUT/features.html"
verdict game_actions_clocks_and_analysis_with_the_real_engine "$OUT/features.html"

# The link the page copied, opened in a new browser.
reopen=$(extract reopen-url "$OUT/features.html")
case "$reopen" in
http://*'#game='*)
    browse --virtual-time-budget=60000 --dump-dom "$reopen" >"$OUT/reopen.html"
    verdict copied_link_reopens_the_position "$OUT/reopen.html"
    ;;
*) fail "copied_link_reopens_the_position (no link copied: '$reopen')" ;;
esac

browse --virtual-time-budget=60000 --window-size=390,844 --disable-popup-blocking \
    --dump-dom "${url}?selftest=phone" >"$OUT/phone.html"
verdict phone_layout_at_390_px "$OUT/phone.html"

browse --virtual-time-budget=60000 --dump-dom "${url}?selftest=reload" >"$OUT/reload.html"
verdict a_reload_keeps_the_game "$OUT/reload.html"

browse --virtual-time-budget=60000 --dump-dom "${url}?selftest=busy" >"$OUT/busy.html"
verdict a_tab_over_the_session_cap "$OUT/busy.html"

browse --virtual-time-budget=60000 --window-size=1280,800 --dump-dom "${url}?selftest=layout" >"$OUT/layout.html"
verdict layout_at_1280_px "$OUT/layout.html"

browse --virtual-time-budget=60000 --dump-dom "${url}?selftest=input" >"$OUT/input.html"
verdict drag_and_drop_and_move_tones "$OUT/input.html"

# The system asking for a dark page (Chromium's own setting: 0 is dark).
DARK=--blink-settings=preferredColorScheme=0
browse --virtual-time-budget=30000 "$DARK" --dump-dom "${url}?selftest=dark" >"$OUT/dark.html"
verdict dark_theme "$OUT/dark.html"

# The tab is in the address: #watch opens (and a reload keeps) Watch.
browse --virtual-time-budget=5000 --dump-dom "${url}#watch" >"$OUT/tab.html"
if grep -q '<main id="view-watch" class="view">' "$OUT/tab.html" && grep -q '<main id="view-play" class="view" hidden' "$OUT/tab.html"; then
    pass "watch_tab_from_the_address"
else
    fail "watch_tab_from_the_address ($(grep -o '<main id="view-[a-z]*"[^>]*>' "$OUT/tab.html" | tr '\n' ' '))"
fi

browse --virtual-time-budget=120000 --dump-dom "${url}?selftest=watch" >"$OUT/watch.html"
verdict watch_arena_pgns_and_a_tuner_csv "$OUT/watch.html"

# axe-core, from the npm registry (never part of the page nor of `make
# test`), on a copy of the page's files served with --assets: the page
# in each state (?selftest=axe), then at 390 px, then dark.
if install_axe; then
    rm -rf "$OUT/axe-assets"
    mkdir -p "$OUT/axe-assets"
    cp tools/web/assets/* "$OUT/axe-npm/package/axe.min.js" "$OUT/axe-assets/"
    if start_web "$WEB" "$OUT/axe-server.log" --assets "$OUT/axe-assets" --watch "$OUT/run.pgn" --watch "$OUT/tune.csv"; then
        axe_server=$SERVER
        browse --virtual-time-budget=120000 --window-size=1280,900 --dump-dom "${URL}?selftest=axe" >"$OUT/axe.html"
        verdict axe_core_on_play_analysis_result_and_watch "$OUT/axe.html"
        browse --virtual-time-budget=120000 --window-size=390,844 --disable-popup-blocking \
            --dump-dom "${URL}?selftest=axe-phone" >"$OUT/axe-phone.html"
        verdict axe_core_at_390_px "$OUT/axe-phone.html"
        browse --virtual-time-budget=120000 --window-size=1280,900 "$DARK" --dump-dom "${URL}?selftest=axe" >"$OUT/axe-dark.html"
        verdict axe_core_in_the_dark_theme "$OUT/axe-dark.html"
        kill -INT "$axe_server"
        wait "$axe_server"
    else
        fail "axe_core_server ($(cat "$OUT/axe-server.log"))"
    fi
else
    fail "axe_core_installed (npm pack axe-core@4 failed: see $OUT/axe-npm/npm.log)"
fi
rm -f "$OUT"/*.png
browse --virtual-time-budget=60000 --window-size=1280,1000 --screenshot="$OUT/watch.png" "${url}?tab=watch&once=1" >/dev/null
for game in roomandpillar columna qawale territoire; do
    browse --virtual-time-budget=60000 --window-size=560,590 --screenshot="$OUT/board-$game.png" \
        "${url}?show=$game&plies=9&board=1" >/dev/null
done
# A game to its end, seen by the first player: the result over the board.
browse --virtual-time-budget=60000 --window-size=560,640 --screenshot="$OUT/result.png" \
    "${url}?show=qawale&plies=100&board=1&human=p1" >/dev/null
browse --virtual-time-budget=60000 --window-size=1280,900 --screenshot="$OUT/play.png" "${url}?show=columna&plies=6&tc=300%2B3&pv=1" >/dev/null
browse --virtual-time-budget=60000 --window-size=1280,900 "$DARK" --screenshot="$OUT/dark.png" "${url}?show=columna&plies=6&tc=300%2B3&pv=1" >/dev/null
browse --virtual-time-budget=60000 --window-size=390,844 --screenshot="$OUT/phone.png" "${url}?show=columna&plies=6&tc=300%2B3&pv=1" >/dev/null

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
start_web "$WEB" "$OUT/server.log" --assets tools/web/assets --engine "$OUT/wdl-engine.sh" || exit 1
server=$SERVER
url=$URL
browse --virtual-time-budget=120000 --dump-dom "${url}?selftest=1&games=columna&analyse=columna" >"$OUT/strength.html"
verdict strength_and_wdl_shown_when_the_engine_has_them "$OUT/strength.html"

for png in "$OUT"/*.png; do
    if [ -s "$png" ]; then pass "screenshot $png"; else fail "screenshot $png"; fi
done
# The phone screenshot is 390 px wide (a PNG's width: bytes 16-19).
width=$(od -An -tu1 -j16 -N4 "$OUT/phone.png" 2>/dev/null | awk '{ print (($1 * 256 + $2) * 256 + $3) * 256 + $4 }')
if [ "$width" = 390 ]; then pass "phone screenshot 390 px wide"; else fail "phone screenshot 390 px wide (it is '$width')"; fi

kill -INT "$server"
wait "$server"
trap - EXIT
echo "harness: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
