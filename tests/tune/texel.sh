#!/bin/sh
# texel.sh - `tessera-tune texel` end to end on data from tessera-datagen:
# losses before and after on both sets, the setoption block, a CSV that
# verify plays; data of another game, a malformed line, an existing CSV
# and bad flags are refused.
. "$(dirname "$0")/lib.sh"

DATA=$WORK/columna.txt
run "$BUILD/tessera-datagen" -game columna -nodes 300 -out "$DATA" -games 60 -progress 100
check texel_data_is_made [ "$STATUS" -eq 0 ]

CSV=$WORK/texel.csv
run "$TUNE" texel -game columna -data "$DATA" -out "$CSV" -threads 2 -passes 3
check texel_fits [ "$STATUS" -eq 0 ]
check texel_reports_the_split has '^texel: [0-9]+ positions of columna \([0-9]+ training, [1-9][0-9]* validation\)'
check texel_reports_k has '^texel: K = [0-9.]+ \(fitted first'
check texel_reports_losses_before has '^texel: loss before: training 0\.[0-9]+, validation 0\.[0-9]+$'
check texel_reports_losses_after has '^texel: loss after: training 0\.[0-9]+, validation 0\.[0-9]+$'
check texel_prints_every_weight_as_setoption [ "$(printf '%s\n' "$REPLY" | grep -c '^setoption name Columna[A-Za-z0-9]* value -\{0,1\}[0-9]*$')" -eq 7 ]
check texel_writes_start_and_fit_rows \
    [ "$(sed -n 1p "$CSV" | cut -d, -f1-2)" = "iteration,ColumnaHeight1" -a "$(wc -l <"$CSV")" -eq 3 ]
# The fit never does worse than the start on the data it fits.
before=$(printf '%s\n' "$REPLY" | sed -n 's/^texel: loss before: training \([0-9.]*\),.*/\1/p')
after=$(printf '%s\n' "$REPLY" | sed -n 's/^texel: loss after: training \([0-9.]*\),.*/\1/p')
check texel_training_loss_does_not_rise awk -v a="$after" -v b="$before" 'BEGIN { exit !(a <= b) }'

run "$TUNE" verify -engine cmd="$ENGINE" option.Backend=alphabeta -game columna -each nodes=200 \
    -games 2 -csv "$CSV"
check texel_csv_is_played_by_verify [ "$STATUS" -eq 0 ]
check texel_csv_verify_line has '^verify: tuned - default'

run "$TUNE" texel -game columna -data "$DATA" -out "$CSV" -passes 1
check texel_refuses_an_existing_csv [ "$STATUS" -eq 2 ]
check texel_existing_csv_names_texels_own_flags \
    has "^tessera-tune: texel: -out .*texel\.csv exists already: -force overwrites it, or give another -out$"
check texel_existing_csv_names_no_flag_texel_lacks lacks '-resume|-csv '
# Refused before the data is read: a missing data file is never reached.
run "$TUNE" texel -game columna -data "$WORK/no-such-data.txt" -out "$CSV" -passes 1
check texel_refuses_an_existing_csv_before_reading_data [ "$STATUS" -eq 2 ]
check texel_refuses_an_existing_csv_before_fitting lacks 'no-such-data|^texel: '
run "$TUNE" texel -game columna -data "$DATA" -out "$CSV" -passes 1 -force
check texel_force_overwrites [ "$STATUS" -eq 0 ]

run "$TUNE" texel -game qawale -data "$DATA" -out "$WORK/q.csv"
check texel_refuses_data_of_another_game [ "$STATUS" -eq 2 -a ! -e "$WORK/q.csv" ]
check texel_names_the_games has 'of game columna, not qawale'

sed '5s/ | win | / | won | /; 5s/ | loss | / | won | /; 5s/ | draw | / | won | /' "$DATA" >"$WORK/bad.txt"
run "$TUNE" texel -game columna -data "$WORK/bad.txt" -out "$WORK/bad.csv"
check texel_refuses_a_malformed_line [ "$STATUS" -eq 2 -a ! -e "$WORK/bad.csv" ]
check texel_names_the_line has 'line 5: result'

for bad in "-lambda 2" "-threads 0" "-passes x" "-frobnicate 1" "-game"; do
    run "$TUNE" texel -game columna -data "$DATA" -out "$WORK/x.csv" $bad
    check "texel_refuses '$bad'" [ "$STATUS" -eq 2 -a ! -e "$WORK/x.csv" ]
done

# Data that cannot inform a fit (all positions from one short game) is
# refused rather than fitted to nonsense.
head -n 4 "$DATA" >"$WORK/tiny.txt"
run "$TUNE" texel -game columna -data "$WORK/tiny.txt" -out "$WORK/tiny.csv"
check texel_refuses_data_that_cannot_fit_k [ "$STATUS" -eq 1 -a ! -e "$WORK/tiny.csv" ]


for flag in -help --help; do
    run "$TUNE" texel $flag
    check "texel_${flag}_exits_zero_and_lists_the_flags" [ "$STATUS" -eq 0 ] && check "texel_${flag}_lists_-passes" has '^  -passes N '
done

finish
