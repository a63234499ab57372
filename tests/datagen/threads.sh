#!/bin/sh
# threads.sh - tessera-datagen with several threads: -positions stops at
# its target, and the file holds the bytes one thread writes, whether
# run at once or resumed.  The part of datagen's conversations that the
# thread sanitizer runs (datagen.sh checks the rest, single-threaded).
. "$(dirname "$0")/lib.sh"

datagen -game columna -nodes 200 -out "$WORK/target.txt" -positions 50 -threads 2
check datagen_positions_stops_at_the_target_with_threads \
    [ "$STATUS" -eq 0 -a "$(records "$WORK/target.txt")" -ge 50 -a "$(duplicates "$WORK/target.txt")" -eq 0 ]

# Games are written in their numbers' order, whatever the threads' timing:
# one thread or three, one run or a run resumed, the same bytes (before,
# each thread wrote its games as they finished).
datagen -game columna -nodes 200 -out "$WORK/one.txt" -positions 300 -threads 1
datagen -game columna -nodes 200 -out "$WORK/three.txt" -positions 300 -threads 3
check datagen_gives_the_same_bytes_with_any_thread_count cmp "$WORK/one.txt" "$WORK/three.txt"
datagen -game columna -nodes 200 -out "$WORK/resumed.txt" -positions 100 -threads 2
datagen -game columna -nodes 200 -out "$WORK/resumed.txt" -positions 300 -threads 2
check datagen_resumed_gives_the_bytes_of_one_run cmp "$WORK/one.txt" "$WORK/resumed.txt"

finish
