#!/bin/sh
# exact_resume.sh - a tuning run resumed from its CSV is the uninterrupted
# run, byte for byte: the CSV holds every bit of theta, so the resumed run
# goes on from the very doubles the uninterrupted one had (written with 6
# decimals, theta was reloaded 1e-6 off, and the rows drifted apart from
# about iteration 37 on).  A real engine on Columna's evaluation weights,
# at a node limit, 48 iterations, cut after row 19 and after row 40.
. "$(dirname "$0")/lib.sh"

# tune FLAGS...: the run, with -csv FILE or -resume FILE.
tune() {
    run "$TUNE" -engine cmd="$BUILD/tessera" option.Backend=alphabeta option.Eval=classic option.Hash=1 \
        -each nodes=200 -game columna -openings random plies=2 -seed 7 -params tools/tune/params/columna.txt \
        -iterations 48 -concurrency 2 -progress 1000 "$@"
}

tune -csv "$WORK/full.csv"
check exact_resume_the_uninterrupted_run_completes [ "$STATUS" -eq 0 -a "$(wc -l <"$WORK/full.csv")" -eq 50 ]
check exact_resume_rows_hold_more_than_6_decimals \
    [ "$(tail -n 1 "$WORK/full.csv" | tr ',' '\n' | grep -c '\.[0-9]\{7,\}')" -gt 0 ]

# resumed_from ROWS: the run cut after its rows 0..ROWS-1, then resumed.
resumed_from() {
    head -n $(($1 + 1)) "$WORK/full.csv" >"$WORK/part$1.csv"
    cp "$WORK/full.csv.run" "$WORK/part$1.csv.run"
    tune -resume "$WORK/part$1.csv"
    check "exact_resume_after_row_$(($1 - 1))_completes" [ "$STATUS" -eq 0 ]
    if cmp "$WORK/part$1.csv" "$WORK/full.csv" >"$WORK/cmp" 2>&1; then
        ok "exact_resume_after_row_$(($1 - 1))_is_the_uninterrupted_csv"
    else
        not_ok "exact_resume_after_row_$(($1 - 1))_is_the_uninterrupted_csv" "$(cat "$WORK/cmp")"
    fi
}
resumed_from 20
resumed_from 41

# A CSV of an older version (6 decimals) is still read: it resumes.
awk -F, 'BEGIN { OFS = "," } NR == 1 { print; next } { for (i = 2; i <= NF; i++) $i = sprintf("%.6f", $i); print }' \
    "$WORK/full.csv" | head -n 30 >"$WORK/old.csv"
cp "$WORK/full.csv.run" "$WORK/old.csv.run"
tune -resume "$WORK/old.csv"
check exact_resume_reads_a_csv_of_6_decimals [ "$STATUS" -eq 0 -a "$(wc -l <"$WORK/old.csv")" -eq 50 ]

finish
