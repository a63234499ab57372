#!/bin/sh
# files.sh - tessera-train on many data files (several -data words, a
# repeated -data, a folder) reads them one after the other, says how much
# it has read, and trains the very net that their concatenation trains
# (same seed, same order: the files compared byte for byte), skipping a
# folder's empty files; a list with a file of another game or a missing
# file, or a folder of empty files only, is refused with exit 2.
# check, $TRAIN, $DATAGEN and $tmp: tests/train/lib.sh.
. "$(dirname "$0")/lib.sh"

# train NAME EXPECTED-STATUS ARGS...: one run, its output in $tmp/out.
train() {
    name=$1 expected=$2
    shift 2
    check "$name" "$expected" timeout $((120 * LOAD_FACTOR)) "$TRAIN" "$@"
}
# same NAME A B: two nets, byte for byte.
same() {
    if cmp "$2" "$3" >"$tmp/cmp" 2>&1; then ok "$1"; else not_ok "$1" "$(cat "$tmp/cmp")"; fi
}
said() { # name regex: a line of the last run's output
    if grep -Eq -- "$2" "$tmp/out"; then ok "$1"; else not_ok "$1" "no line matches /$2/ in:" "$(tail -n 5 "$tmp/out")"; fi
}

# Three files of Columna (turns of steps, for -steps): two seeds, and a
# slice of a run (its header's games=, its completion line at the end).
"$DATAGEN" -game columna -nodes 100 -plies 4 -seed 1 -games 12 -out "$tmp/a.txt" >/dev/null 2>&1
"$DATAGEN" -game columna -nodes 100 -plies 4 -seed 2 -games 12 -out "$tmp/b.txt" >/dev/null 2>&1
"$DATAGEN" -game columna -nodes 100 -plies 4 -seed 3 -games 20..31 -out "$tmp/c.txt" >/dev/null 2>&1
cat "$tmp/a.txt" "$tmp/b.txt" "$tmp/c.txt" >"$tmp/all.txt"
positions=$(grep -vc '^#' "$tmp/all.txt")
bytes=$(wc -c <"$tmp/all.txt")
FLAGS="-game columna -hidden 8 -k 400 -epochs 2 -batch 64 -seed 5"

train "the concatenated file trains" 0 $FLAGS -data "$tmp/all.txt" -out "$tmp/joined.nn"
train "three files after one -data train" 0 $FLAGS -data "$tmp/a.txt" "$tmp/b.txt" "$tmp/c.txt" -out "$tmp/list.nn"
same "three files train the concatenated file's net" "$tmp/joined.nn" "$tmp/list.nn"
said "the last progress line counts every file and position" \
    "^train: read 3/3 files, $positions positions \(100% of [0-9.]+ MB\)$"
said "the summary names the files" "^train: $positions positions of columna from $tmp/a\.txt,$tmp/b\.txt,$tmp/c\.txt "
train "a repeated -data trains" 0 $FLAGS -data "$tmp/a.txt" -data "$tmp/b.txt" "$tmp/c.txt" -out "$tmp/repeated.nn"
same "a repeated -data trains the same net" "$tmp/joined.nn" "$tmp/repeated.nn"

# A folder: its data files in name order; other files (a log) left out.
mkdir "$tmp/folder"
cp "$tmp/a.txt" "$tmp/folder/gen1-a.txt"
cp "$tmp/b.txt" "$tmp/folder/gen1-b.txt"
cp "$tmp/c.txt" "$tmp/folder/gen2.data"
echo "not data" >"$tmp/folder/notes.log"
echo "# tessera-data 1 game=qawale" >"$tmp/folder/.hidden.txt"
train "a folder trains" 0 $FLAGS -data "$tmp/folder" -out "$tmp/folder.nn"
same "a folder trains the same net (its data files in name order)" "$tmp/joined.nn" "$tmp/folder.nn"
said "the folder's three data files are read" "^train: read 3/3 files, $positions positions"
total=$(awk -v b="$bytes" 'BEGIN { printf "%.2f", b / 1e6 }')
said "the progress names the data's size ($total MB)" "of $total MB\)$"

# An empty file in the folder (a run that has not written its header
# yet) is skipped, in one line, and the others train as before.
: >"$tmp/folder/gen1-c.txt"
train "a folder with an empty file trains" 0 $FLAGS -data "$tmp/folder" -out "$tmp/skipped.nn"
same "the empty file skipped, the folder trains the same net" "$tmp/joined.nn" "$tmp/skipped.nn"
said "the skip is said in one line naming the file" "^train: -data $tmp/folder/gen1-c\.txt: empty, skipped$"
said "the three data files are read" "^train: read 3/3 files, $positions positions"
rm "$tmp/folder/gen1-c.txt"

# -steps reads the moves in the same pass: the same net too.
train "-steps on the concatenated file" 0 $FLAGS -steps -data "$tmp/all.txt" -out "$tmp/joined-steps.nn"
train "-steps on the three files" 0 $FLAGS -steps -data "$tmp/a.txt" "$tmp/b.txt" "$tmp/c.txt" -out "$tmp/list-steps.nn"
same "-steps: the three files train the concatenated file's net" "$tmp/joined-steps.nn" "$tmp/list-steps.nn"

# The order is the list's: another order is other data.
train "the files in another order" 0 $FLAGS -data "$tmp/c.txt" "$tmp/b.txt" "$tmp/a.txt" -out "$tmp/reversed.nn"
if cmp -s "$tmp/joined.nn" "$tmp/reversed.nn"; then not_ok "the files are read in the order given"; else ok "the files are read in the order given"; fi

# Refusals: exit 2, a message naming the file, no net and no checkpoint.
"$DATAGEN" -game qawale -nodes 100 -games 2 -out "$tmp/qawale.txt" >/dev/null 2>&1
train "a file of another game among the list is refused" 2 \
    $FLAGS -data "$tmp/a.txt" "$tmp/qawale.txt" "$tmp/c.txt" -out "$tmp/refused.nn"
said "the refusal names the file and its game" "^tessera-train: -data $tmp/qawale\.txt: the data is of game qawale, not columna$"
train "a missing file among the list is refused" 2 $FLAGS -data "$tmp/a.txt" "$tmp/none.txt" -out "$tmp/refused.nn"
said "the refusal names the missing file" "^tessera-train: -data $tmp/none\.txt: No such file or directory$"
cp "$tmp/qawale.txt" "$tmp/folder/gen3.txt"
train "a folder holding another game's file is refused" 2 $FLAGS -data "$tmp/folder" -out "$tmp/refused.nn"
said "the refusal names the file in the folder" "gen3\.txt: the data is of game qawale, not columna$"
mkdir "$tmp/empty"
train "a folder without data files is refused" 2 $FLAGS -data "$tmp/empty" -out "$tmp/refused.nn"
said "the refusal says the folder holds no data file" "empty: the folder holds no data file"
mkdir "$tmp/empties"
: >"$tmp/empties/a.txt"
: >"$tmp/empties/b.txt"
train "a folder of empty files only is refused" 2 $FLAGS -data "$tmp/empties" -out "$tmp/refused.nn"
said "the refusal says its files are all empty" \
    "^tessera-train: -data $tmp/empties: the folder holds no data file, only 2 empty files$"
printf 'not a data file\n' >"$tmp/plain.txt"
train "a file that is no data file is refused" 2 $FLAGS -data "$tmp/a.txt" "$tmp/plain.txt" -out "$tmp/refused.nn"
said "the refusal names it" "plain\.txt: the first line is not a header"
train "-data followed by a flag is refused" 2 $FLAGS -data -out "$tmp/refused.nn"
said "the refusal names -data" "-data needs a file or folder, not the flag -out"
if [ -e "$tmp/refused.nn" ] || [ -e "$tmp/refused.nn.ckpt" ]; then not_ok "a refused run writes nothing"; else ok "a refused run writes nothing"; fi

finish
