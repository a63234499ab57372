#!/bin/sh
# parallel.sh - one tessera-arena run split into slices (-games A..B) and
# played by GNU parallel, here or on the hosts of an --sshloginfile, then
# merged.  See --help; the run folder is described in lib.sh.
PROGRAM=parallel.sh
. "$(dirname "$0")/lib.sh"

usage() {
    cat <<EOF
parallel.sh - plays one tessera-arena run as slices on GNU parallel, then merges

Usage:
  tools/cluster/parallel.sh --dir DIR [OPTIONS] -- ARENA ARGUMENTS...

Example (200 games in 20 slices, on the hosts listed in hosts.txt):
  tools/cluster/parallel.sh --dir runs/ab-mcts --slices 20 --sshloginfile hosts.txt -- \\
      -game columna -games 200 -engine cmd=build/tessera name=ab option.Backend=alphabeta \\
      -engine cmd=build/tessera name=mcts option.Backend=mcts -each tc=8+0.08 \\
      -openings random plies=4 -sprt elo0=0 elo1=10

Each slice runs 'sh tools/cluster/slice.sh DIR K' (one GNU parallel job);
when all have finished, 'sh tools/cluster/merge.sh DIR' checks and merges
their PGN files and prints the report (also in DIR/report.txt).

Self-play data (tessera-datagen) is played in slices the same way, and
merged into the file one machine writes, by tools/cluster/datagen.sh
(--parallel; see its --help).

GNU parallel options:
  --sshloginfile FILE  hosts to run the slices on, in GNU parallel's format
                       (one a line, e.g. '8/user@host', ':' for this machine);
                       default: this machine only.  Every host needs the same
                       paths (this folder, the engines, DIR): a shared filesystem
  --jobs N             slices at once per host (default: GNU parallel's, one
                       per CPU core); with -concurrency C in the arena
                       arguments each slice plays C games at once
  Other GNU parallel options can be given in the PARALLEL environment variable.
  Each slice's exit status and time are in DIR/joblog.

$COMMON_HELP

While it plays, DIR/parallel.lock holds its pid and host: a second run of
either script on DIR is refused until it ends.

Exit status: 0 every slice finished and the report is printed; 1 a slice or
the merge failed (nothing merged: --resume continues), GNU parallel is
missing, or the run is still played (or that cannot be told: see --force);
2 bad arguments.
EOF
}

# The command line (lib.sh reads the options and the arena arguments),
# then the run: sliced, played on GNU parallel and merged.
read_command_line parallel_option read_arguments "$@"
play_on_parallel
