#!/bin/sh
# scores.sh - the score field of tessera-datagen's records (format:
# tools/data/data_record.h) in games whose results the searches prove:
# Room and Pillar on 4x4 and 5x4 boards, one game a file (so that a
# game's records are all there, ply 0 to its end), both backends.
#
# Every record's score is `cp N` inside the evaluation's bound (a proven
# score written as centi-units, such as `cp -30997` for a loss, is out of
# it) or `mate N`, N not 0, whose sign is the game's result for the side
# to move and whose distance is never shorter than the full solve's
# (tessera-mates; under a node limit the searches do not shorten a proof,
# so a distance may be longer than the truth, never shorter).  Where the
# game ends: the last record (its move wins at once) is `mate 1`, the one
# before (every move of the loser then loses at once) `mate -1`.  On 4x4,
# whose whole tree is a few thousand positions, every record is proven.
# run, check and $WORK: the tools' command-line test library.
. "$(dirname "$0")/../tune/lib.sh"

DATAGEN=$BUILD/tessera-datagen
MATES=$BUILD/tessera-mates

# problems FILE: one line per record whose score breaks a rule above
# (empty when none); the file holds one game from its ply 0.
problems() {
    grep -v '^#' "$1" | awk -F' [|] ' '
        { n++; position[n] = $1; score[n] = $2; ply[n] = $4; result[n] = $5 }
        END {
            for (i = 1; i <= n; i++) {
                split(score[i], s, " ")
                if (ply[i] != i - 1) print "record " i ": ply " ply[i] ", expected " i - 1
                if (s[1] == "cp") {
                    if (s[2] >= 20000 || s[2] <= -20000) print "record " i ": " score[i] " is a proven score written as cp"
                    continue
                }
                if (s[1] != "mate" || s[2] == 0) { print "record " i ": score " score[i]; continue }
                if ((s[2] > 0) != (result[i] == "win")) print "record " i ": " score[i] " but the game was a " result[i]
            }
            if (score[n] != "mate 1" || result[n] != "win") print "last record: " score[n] " (" result[n] "), expected mate 1 (win)"
            if (n >= 2 && (score[n - 1] != "mate -1" || result[n - 1] != "loss"))
                print "record before the last: " score[n - 1] " (" result[n - 1] "), expected mate -1 (loss)"
        }'
}

# against_solve FILE: the mate records whose distance is shorter than the
# full solve's, or whose sign is not the solve's.
against_solve() {
    grep -v '^#' "$1" | awk -F' [|] ' '$2 ~ /^mate / { print $1 "\t" $2 }' |
        while IFS='	' read -r position score; do
            exact=$("$MATES" -fen "$position" | cut -f3)
            set -- $score $exact
            if [ $# -ne 4 ] || [ "$3" != mate ]; then
                echo "$position: $score, tessera-mates '$exact'"
            elif [ $(($2 > 0)) -ne $(($4 > 0)) ] || [ "${2#-}" -lt "${4#-}" ]; then
                echo "$position: $score, the full solve $exact"
            fi
        done
}

for backend in alphabeta mcts; do
    for board in 4x4 5x4; do
        for seed in 1 2 3; do
            tag=${backend}_${board}_seed_$seed
            data=$WORK/$tag.txt
            run "$DATAGEN" -game roomandpillar -board "$board" -backend "$backend" -nodes 3000 -plies 2 \
                -games 1 -seed "$seed" -out "$data"
            check "${tag}_written" [ "$STATUS" -eq 0 -a -s "$data" ]
            bad=$(problems "$data")
            if [ -z "$bad" ]; then ok "${tag}_scores_agree_with_the_game"; else not_ok "${tag}_scores_agree_with_the_game" "$bad" "$(cat "$data")"; fi
            bad=$(against_solve "$data")
            if [ -z "$bad" ]; then ok "${tag}_mates_never_shorter_than_the_truth"; else not_ok "${tag}_mates_never_shorter_than_the_truth" "$bad"; fi
            if [ "$board" = 4x4 ]; then
                unproven=$(grep -v '^#' "$data" | grep -v ' | mate -*[1-9][0-9]* | ')
                if [ -z "$unproven" ]; then ok "${tag}_every_record_proven"; else not_ok "${tag}_every_record_proven" "$unproven"; fi
            fi
        done
    done
done

finish
