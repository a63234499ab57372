#!/bin/sh
# evalfile_size.sh - EvalFile refuses a network file longer than its
# layers need (the shipped net with one more weight, 4 bytes, after it;
# the net twice in one file) as it refuses a truncated one: one `info
# string error` line naming the file and the trailing bytes, no "loaded"
# line, and the previous network stays in use (the eval is unchanged).
cd "$(dirname "$0")/../.." || exit 1
. tests/protocol/lib.sh

NET=tools/nets/qawale.nn
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

{ cat "$NET"; printf '\000\000\000\000'; } >"$tmp/longer.nn"
cat "$NET" "$NET" >"$tmp/twice.nn"
size=$(wc -c <"$NET" | tr -d ' ')

for bad in longer twice; do
    file=$tmp/$bad.nn
    bytes=$(wc -c <"$file" | tr -d ' ')
    talk 'setoption name Game value qawale' 'setoption name Eval value nn' "setoption name EvalFile value $NET" \
        'position startpos moves a1a2a3a4' eval "setoption name EvalFile value $file" eval
    expect_count "$bad: the good file loads once" '^info string EvalFile: .* loaded for qawale$' 1
    expect_count "$bad: one error line" '^info string error' 1
    expect_line "$bad: the error names the file and the trailing bytes" \
        "^info string error .*$bad\\.nn: network file of $bytes bytes, its [0-9]+-[0-9]+-[0-9]+ layers need $size \\(trailing bytes\\)"
    expect_no_line "$bad: the oversized file is not loaded" "^info string EvalFile: .*$bad\\.nn"
    evals=$(printf '%s\n' "$REPLY" | sed -n 's/^info string eval \(-*[0-9]*\) .*/\1/p' | tr '\n' ' ')
    set -- $evals
    if [ $# -eq 2 ] && [ "$1" = "$2" ]; then
        ok "$bad: the previous net stays"
    else
        not_ok "$bad: the previous net stays" "evals: $evals"
    fi
done

# Alone, as the first file: refused, and the net of the build (Eval nn
# with no file: the shipped one) still answers.
talk 'setoption name Game value qawale' 'setoption name Eval value nn' 'position startpos moves a1a2a3a4' eval \
    "setoption name EvalFile value $tmp/longer.nn" eval
expect_count "first file oversized: one error line" '^info string error' 1
evals=$(printf '%s\n' "$REPLY" | sed -n 's/^info string eval \(-*[0-9]*\) .*/\1/p' | tr '\n' ' ')
set -- $evals
if [ $# -eq 2 ] && [ "$1" = "$2" ]; then ok "first file oversized: the eval is unchanged"; else not_ok "first file oversized: the eval is unchanged" "evals: $evals"; fi

finish
