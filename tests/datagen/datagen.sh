#!/bin/sh
# datagen.sh - tessera-datagen end to end: the file it writes (header,
# records the reader accepts), the same command again playing nothing,
# resuming without duplicate positions and with new game numbers, a
# cut-short last line removed on resume, another configuration refused,
# bad flags refused, Room and Pillar on a bigger board.  Its threads:
# threads.sh.
# datagen, records, duplicates, and the tools' command-line test library.
. "$(dirname "$0")/lib.sh"

games_of() { grep -v '^#' "$1" | awk -F' [|] ' '{ print $6 }' | sort -un; }

DATA=$WORK/columna.txt
FLAGS="-game columna -nodes 200 -plies 4 -out $DATA"
datagen $FLAGS -games 3
check datagen_writes_a_header_and_records \
    [ "$STATUS" -eq 0 -a "$(head -n 1 "$DATA")" = "# tessera-data 1 game=columna backend=alphabeta nodes=200 depth=0 plies=4 seed=1 board=default hash=16" ]
first=$(records "$DATA")
check datagen_records_have_six_fields \
    [ "$first" -gt 10 -a "$(grep -v '^#' "$DATA" | awk -F' [|] ' 'NF != 6' | wc -l)" -eq 0 ]
check datagen_progress_line_counts_positions_and_results \
    sh -c "printf '%s\n' \"\$1\" | grep -Eq '^datagen: $first positions in file .* positions/s .* 3 games: white'" _ "$REPLY"
first_games=$(games_of "$DATA" | tr '\n' ' ')
check datagen_numbers_the_games [ "$first_games" = "0 1 2 " ]

# -games N asks for the games 0..N-1: a file that has them ends with
# their completion line, and the same command again leaves it as it is.
check datagen_a_finished_file_ends_with_its_completion_line [ "$(tail -n 1 "$DATA")" = "# complete: games 0..2" ]
before=$(cksum <"$DATA")
datagen $FLAGS -games 3
check datagen_run_again_plays_nothing [ "$STATUS" -eq 0 -a "$(cksum <"$DATA")" = "$before" ]
check datagen_run_again_says_the_file_has_every_game \
    sh -c "printf '%s\n' \"\$1\" | grep -q 'already holds every game of 0\.\.2 ($first positions): nothing to play'" _ "$REPLY"
datagen $FLAGS -games 2
check datagen_fewer_games_than_the_file_holds_play_nothing [ "$STATUS" -eq 0 -a "$(cksum <"$DATA")" = "$before" ]

# An interrupted writer leaves a cut-short line: the resume removes it,
# and a bigger -games goes on from the file's last game.
printf 'cut short | cp' >>"$DATA"
datagen $FLAGS -games 6
check datagen_resume_appends [ "$STATUS" -eq 0 -a "$(records "$DATA")" -gt "$first" ]
check datagen_resume_removes_a_cut_short_line [ "$(grep -c 'cut short' "$DATA")" -eq 0 ]
check datagen_resume_writes_no_duplicate_position [ "$(duplicates "$DATA")" -eq 0 ]
check datagen_resume_plays_new_games [ "$(games_of "$DATA" | tr '\n' ' ')" = "0 1 2 3 4 5 " ]
datagen -game columna -nodes 200 -plies 4 -out "$WORK/six.txt" -games 6
check datagen_grown_file_is_the_file_of_one_run cmp "$DATA" "$WORK/six.txt"

# Without random plies every game starts from the same position: it is
# written once, in the first run and in a resumed one.
START=$WORK/start.txt
datagen -game columna -nodes 200 -plies 0 -out "$START" -games 2
datagen -game columna -nodes 200 -plies 0 -out "$START" -games 4
check datagen_writes_a_position_once_across_games_and_resumes \
    [ "$STATUS" -eq 0 -a "$(grep -v '^#' "$START" | awk -F' [|] ' '$4 == 0' | wc -l)" -eq 1 -a "$(duplicates "$START")" -eq 0 ]
check datagen_counts_the_positions_it_skipped \
    sh -c "printf '%s\n' \"\$1\" | grep -Eq '[(][+][0-9]+ new, [1-9][0-9]* duplicates skipped'" _ "$REPLY"

# A book: positions of the data with a small edge, one per game, that
# the arena plays as openings.
BOOK=$WORK/book.txt
datagen book -data "$DATA" -out "$BOOK" -min-cp 5 -max-cp 400 -max-ply 10
book_lines=$(grep -vc '^#' "$BOOK")
check book_is_written [ "$STATUS" -eq 0 -a "$book_lines" -gt 0 -a "$book_lines" -le 6 ]
outside=$(grep -v '^#' "$BOOK" | while read -r line; do
    grep -F -- "$line | " "$DATA" | awk -F' [|] ' '{ split($2, s, " "); e = s[2] < 0 ? -s[2] : s[2]
        if (s[1] != "cp" || e < 5 || e > 400 || $4 > 10) print }'
done)
check book_positions_have_the_asked_edge [ -z "$outside" ]
timeout $((60 * LOAD_FACTOR)) "$BUILD/tessera-arena" -game columna -games 2 -engine cmd="$ENGINE" name=a \
    -engine cmd="$ENGINE" name=b -each nodes=100 -openings file="$BOOK" >"$WORK/arena" 2>&1
check book_is_an_arena_opening_file [ $? -eq 0 ]
# The shipped books (tools/books/GAME[_WHAT].txt) are opening files of their game.
for shipped in tools/books/*.txt; do
    book=$(basename "$shipped" .txt)
    game=${book%%_*} # roomandpillar_12x12.txt, territoire_deals.txt
    timeout $((60 * LOAD_FACTOR)) "$BUILD/tessera-arena" -game "$game" -games 2 -engine cmd="$ENGINE" name=a \
        -engine cmd="$ENGINE" name=b -each nodes=100 -openings file="$shipped" >"$WORK/arena" 2>&1
    check "shipped_book_${book}_is_an_arena_opening_file" [ $? -eq 0 ]
done
# A ply window and decisive games only (Qawale: weak searches draw about
# half their games): one position per game not drawn, its ply inside the
# window.
QAWALE=$WORK/qawale.txt
datagen -game qawale -nodes 100 -plies 4 -out "$QAWALE" -games 8
datagen book -data "$QAWALE" -out "$WORK/window.txt" -min-cp 0 -max-cp 10000 -min-ply 2 -max-ply 3 -decisive
window_lines=$(grep -vc '^#' "$WORK/window.txt")
outside=$(grep -v '^#' "$WORK/window.txt" | while read -r line; do
    grep -F -- "$line | " "$QAWALE" | awk -F' [|] ' '$4 < 2 || $4 > 3 || $5 == "draw" { print }'
done)
decided_games=$(grep -v '^#' "$QAWALE" |
    awk -F' [|] ' '$4 >= 2 && $4 <= 3 && $5 != "draw" && $2 ~ /^cp/ { print $6 }' | sort -u | wc -l)
drawn_games=$(grep -v '^#' "$QAWALE" | awk -F' [|] ' '$5 == "draw" { print $6 }' | sort -u | wc -l)
check book_keeps_the_ply_window_of_decisive_games \
    [ "$STATUS" -eq 0 -a "$window_lines" -gt 0 -a "$window_lines" -eq "$decided_games" -a -z "$outside" \
      -a "$drawn_games" -gt 0 ]
datagen book -data "$DATA" -out "$WORK/window2.txt" -min-ply 5 -max-ply 4
check book_refuses_an_empty_ply_window [ "$STATUS" -eq 2 -a ! -e "$WORK/window2.txt" ]
datagen book -data "$DATA" -out "$BOOK"
check book_refuses_an_existing_file [ "$STATUS" -eq 2 ]
datagen book -data "$DATA" -out "$WORK/book2.txt" -min-cp 50 -max-cp 10
check book_refuses_an_empty_range [ "$STATUS" -eq 2 -a ! -e "$WORK/book2.txt" ]

# tools/books/unsplit.sh keeps the openings one engine won with both
# colours: pair 1 (games 1 and 2, written out of order as with
# -concurrency) won twice by a, pair 2 split, pair 3 with a draw.
pgn_game() { # round white black result fen
    printf '[Round "%s"]\n[White "%s"]\n[Black "%s"]\n[Result "%s"]\n[FEN "%s"]\n\n1. x *\n\n' "$@"
}
{
    pgn_game 2 b a 0-1 "pos one b -"
    pgn_game 3 a b 1-0 "pos two w -"
    pgn_game 1 a b 1-0 "pos one b -"
    pgn_game 4 b a 1-0 "pos two w -"
    pgn_game 5 a b 1/2-1/2 "pos three w -"
    pgn_game 6 b a 0-1 "pos three w -"
} >"$WORK/pairs.pgn"
run sh tools/books/unsplit.sh "$WORK/pairs.pgn"
check unsplit_keeps_the_openings_one_engine_won_twice [ "$STATUS" -eq 0 -a "$REPLY" = "pos one b -" ]
run sh tools/books/unsplit.sh "$WORK/none.pgn"
check unsplit_refuses_a_missing_file [ "$STATUS" -eq 2 ]

# SIGTERM (as Ctrl-C) stops a run: exit 130, finished games kept, and the
# file resumes.
INT=$WORK/interrupted.txt
"$DATAGEN" -game columna -nodes 200 -out "$INT" -games 1000000 >"$WORK/int.out" 2>&1 &
pid=$!
sleep "$(scaled 1)"
kill -TERM "$pid"
wait "$pid"
STATUS=$?
REPLY=$(cat "$WORK/int.out")
check datagen_stops_on_a_signal_with_130 [ "$STATUS" -eq 130 -a "$(records "$INT")" -gt 0 ]
datagen -game columna -nodes 200 -out "$INT" -games $(($(games_of "$INT" | tail -n 1) + 2))
check datagen_resumes_after_a_signal [ "$STATUS" -eq 0 -a "$(duplicates "$INT")" -eq 0 ]

before=$(cksum <"$DATA")
datagen -game columna -nodes 300 -plies 4 -out "$DATA" -games 1
check datagen_refuses_to_resume_another_configuration \
    [ "$STATUS" -eq 2 -a "$(cksum <"$DATA")" = "$before" ]
datagen -game qawale -nodes 200 -plies 4 -out "$DATA" -games 1
check datagen_refuses_to_resume_another_game [ "$STATUS" -eq 2 -a "$(cksum <"$DATA")" = "$before" ]

for bad in "-game chess" "-games 0" "-threads 0" "-nodes x" "-board 12x12" "-frobnicate 1" "-games"; do
    datagen -game columna -out "$WORK/bad.txt" -games 1 $bad
    check "datagen_refuses '$bad'" [ "$STATUS" -eq 2 -a ! -s "$WORK/bad.txt" ]
done
datagen -game columna -out "$WORK/none.txt"
check datagen_needs_an_amount [ "$STATUS" -eq 2 ]

datagen -game roomandpillar -board 10x10 -nodes 200 -out "$WORK/rp.txt" -games 1
check datagen_plays_room_and_pillar_on_a_bigger_board \
    [ "$STATUS" -eq 0 -a "$(grep -v '^#' "$WORK/rp.txt" | head -n 1 | cut -d' ' -f1 | tr '/' '\n' | wc -l)" -eq 10 ]

# -eval classic: the hand-written evaluation where Eval=auto would play a
# net (12x12 Room and Pillar), so a loop's first generation does not
# depend on the nets shipped; on 8x8, which no net covers, the same games
# as without -eval.
datagen -game roomandpillar -board 12x12 -nodes 200 -out "$WORK/rp12_auto.txt" -games 1
datagen -game roomandpillar -board 12x12 -nodes 200 -out "$WORK/rp12_classic.txt" -games 1 -eval classic
scores() { grep -v '^#' "$1" | cut -d'|' -f2 | head -n 20; }
check datagen_eval_classic_is_recorded_and_leaves_the_net \
    [ "$STATUS" -eq 0 -a "$(head -n 1 "$WORK/rp12_classic.txt" | grep -c ' eval=classic$')" -eq 1 \
      -a "$(scores "$WORK/rp12_auto.txt")" != "$(scores "$WORK/rp12_classic.txt")" ]
datagen -game roomandpillar -nodes 200 -out "$WORK/rp8_auto.txt" -games 2
datagen -game roomandpillar -nodes 200 -out "$WORK/rp8_classic.txt" -games 2 -eval classic
check datagen_eval_classic_plays_what_auto_plays_without_a_net \
    [ "$(grep -v '^#' "$WORK/rp8_auto.txt" | cksum)" = "$(grep -v '^#' "$WORK/rp8_classic.txt" | cksum)" ]

# A deterministic engine replays the game of an opening: once every
# opening has been played, the run stops instead of spinning.
datagen -game roomandpillar -board 4x2 -plies 0 -nodes 100 -out "$WORK/tiny.txt" -games 100000
check datagen_stops_when_the_openings_are_exhausted \
    sh -c '[ "$1" -eq 1 ] && printf "%s\n" "$2" | grep -q "openings are exhausted"' _ "$STATUS" "$REPLY"

datagen -game territoire -nodes 200 -out "$WORK/terr.txt" -games 4
check datagen_deals_territoire_at_random \
    [ "$STATUS" -eq 0 -a "$(grep -v '^#' "$WORK/terr.txt" | awk -F' [|] ' '$4 == 0 { print $1 }' | sort -u | wc -l)" -eq 4 ]


# Help: the main one, and book's own (book once took --help for a flag it
# did not know).
for flag in -help --help; do
    datagen $flag
    check "datagen_${flag}_exits_zero" [ "$STATUS" -eq 0 ] && check "datagen_${flag}_lists_-eval" has '^  -eval NET '
    run "$DATAGEN" book $flag
    check "datagen_book_${flag}_exits_zero" [ "$STATUS" -eq 0 ] &&
        check "datagen_book_${flag}_lists_-min-cp" has '^  -min-cp N '
done
run "$DATAGEN" book -bogus
check datagen_book_refuses_an_unknown_flag [ "$STATUS" -eq 2 ] && check datagen_book_points_to_its_help has 'tessera-datagen book -help'

finish
