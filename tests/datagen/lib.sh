# lib.sh - what the datagen conversations share: datagen FLAGS... runs
# tessera-datagen (status in STATUS, output in REPLY), records FILE and
# duplicates FILE count a data file's records and repeated positions, and
# the tools' command-line test library (run, check, $WORK).
. "$(dirname "$0")/../tune/lib.sh"

DATAGEN=$BUILD/tessera-datagen

datagen() { run "$DATAGEN" "$@"; }

records() { grep -v '^#' "$1" | grep -c .; }
duplicates() { grep -v '^#' "$1" | awk -F' [|] ' '{ print $1 }' | sort | uniq -d | wc -l; }
