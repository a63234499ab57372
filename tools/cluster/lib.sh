# lib.sh - what the cluster front-ends (parallel.sh and slurm.sh for the
# arena, datagen.sh for self-play data) share: their command lines (the
# common options, the schedulers' options, the arena's or datagen's
# arguments), the run folder, and running the slices on GNU parallel or
# submitting them to Slurm.  Sourced, never run.
#
# A run folder (--dir) holds run.conf, the run's one description (written
# here, read by slice.sh and merge.sh on whichever host runs them), and per
# slice K: part-K.pgn (its games; part-K.txt, its data, for datagen) and
# slice-K.log (its output); at the end report.txt (merge's output, and
# data.txt for datagen).  Who plays it: jobs (the Slurm jobs of each
# submission) and parallel.lock (the pid and host of a parallel.sh playing
# it); a run is resumed or submitted again only when neither plays it.
# run.conf names the folder the run was started in (where relative paths
# are taken from) and the run folder by absolute paths, so both must be at
# the same path on every host: a shared filesystem.  A run.conf without
# tool= is an arena run.

CLUSTER_TOOLS=$(cd "$(dirname "$0")" && pwd)

# Defaults of the common options; the front-end's own options are its own.
# tool: what the slices run, arena or datagen (datagen.sh sets it before
# reading its options).
tool=arena
run_dir=""
arena_program=build/tessera-arena
datagen_program=build/tessera-datagen
slices=""
slice_games=""
resume=false
dry_run=false
force=false
games_at_once=1
DEFAULT_SLICES=16

die_usage() { # message
    echo "$PROGRAM: $1" >&2
    echo "$PROGRAM: see $PROGRAM --help" >&2
    exit 2
}

die() { # message
    echo "$PROGRAM: $1" >&2
    exit 1
}

# --help / -h as the first argument (slice.sh, merge.sh): the usage, exit
# status 0.
answer_help() { # arguments...
    case ${1:-} in
    --help | -h)
        usage
        exit 0
        ;;
    esac
}

# A word as sh reads it back: as it is when it is plain, else quoted
# ('it'\''s').
quote() {
    case $1 in
    '' | *[!A-Za-z0-9_./=:,+@%-]*) printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")" ;;
    *) printf '%s' "$1" ;;
    esac
}

# Fails unless VALUE is a whole decimal number from 1 to 999999999 (no
# leading zero: sh arithmetic would read 010 as octal).
check_count() { # name value
    case $2 in
    [1-9] | [1-9][0-9] | [1-9][0-9][0-9] | [1-9][0-9][0-9][0-9] | [1-9][0-9][0-9][0-9][0-9] | \
        [1-9][0-9][0-9][0-9][0-9][0-9] | [1-9][0-9][0-9][0-9][0-9][0-9][0-9] | \
        [1-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9] | [1-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]) return 0 ;;
    esac
    die_usage "$1 '$2': expected a whole number from 1 to 999999999 (decimal, no leading zero)"
}

COMMON_HELP='Options both front-ends take:
  --dir DIR            the run folder (required): part-K.pgn and slice-K.log per
                       slice, run.conf, and report.txt at the end; it must be at
                       the same path on every host (a shared filesystem)
  --slices K           split the games into K slices of equal size (default 16,
                       at most one per game)
  --slice-games G      or: G games per slice (the last may have fewer)
  --arena PATH         the arena program (default build/tessera-arena); relative
                       paths, here and in the arena arguments, are taken from
                       the folder the script was started in
  --resume             continue the run in DIR: the same arguments are required;
                       each slice keeps its finished games and plays the rest
  --force              go on when it cannot be told whether a job of the run in
                       DIR still runs (squeue missing or failing, a parallel.sh
                       on another host): only when you know that none does
  --dry-run            write DIR/run.conf and print what would run; run nothing
  --help / -h          this text

A run that is still played (a Slurm job of it queued or running, as squeue
says, or a parallel.sh playing it) is refused, with --resume or without: two
writers on one slice would play its games twice.

The arena arguments after -- reach every slice unchanged, except these.  The
games, -games N (or A..B), are required and split into slices, each run with
"-games A..B -pgnout DIR/part-K.pgn -resume" (so a slice that is run again,
e.g. requeued, keeps its finished games).  An -sprt moves to the merge: a
slice cannot stop on the whole run'"'"'s LLR, so every game is played and the
LLR is computed over all of them (its values, and two engines, are checked
before any slice starts).  The arena flags -rounds, -pgnout and -resume are
refused: give -games, --dir and --resume instead.'

# One common option at $1 (its value at $2); sets `consumed` to the number
# of words it took, or returns 1 when $1 is not a common option.
common_option() {
    consumed=2
    case $tool:$1 in
    *:--dir | *:--slices | *:--slice-games | arena:--arena | datagen:--datagen)
        [ $# -ge 2 ] || die_usage "$1 needs a value"
        ;;
    esac
    case $tool:$1 in
    *:--dir) run_dir=$2 ;;
    *:--slices) check_count "$1" "$2" && slices=$2 ;;
    *:--slice-games) check_count "$1" "$2" && slice_games=$2 ;;
    arena:--arena) arena_program=$2 ;;
    datagen:--datagen) datagen_program=$2 ;;
    *:--resume) resume=true consumed=1 ;;
    *:--force) force=true consumed=1 ;;
    *:--dry-run) dry_run=true consumed=1 ;;
    *) return 1 ;;
    esac
}

# A front-end's command line ("$@" after OWN_OPTION): options up to --,
# each read by OWN_OPTION (the function of the front-end's own options,
# which sets consumed or returns 1) or common_option, then the $tool
# arguments after --, read by READ_ARGUMENTS.  --help / -h prints the
# usage and exits 0.
read_command_line() { # own_option read_arguments arguments...
    own_option=$1 read_tool_arguments=$2
    shift 2
    while [ $# -gt 0 ]; do
        case $1 in
        --help | -h)
            usage
            exit 0
            ;;
        --)
            shift
            break
            ;;
        *)
            "$own_option" "$@" || common_option "$@" ||
                die_usage "unknown option '$1' (the $tool arguments go after --)"
            shift "$consumed"
            ;;
        esac
        [ $# -gt 0 ] || die_usage "no $tool arguments: give them after --"
    done
    "$read_tool_arguments" "$@"
}

# The program the slices run (--arena or --datagen).
tool_program() {
    if [ "$tool" = datagen ]; then printf '%s' "$datagen_program"; else printf '%s' "$arena_program"; fi
}

# Reads the $tool arguments ("$@"): sets games_first, games_last, the
# quoted words every slice gets (slice_words) and, for the arena, the -sprt
# words (sprt_words).  The refused words are each tool's own.
read_arguments() {
    games_first="" games_last="" slice_words="" sprt_words=""
    [ $# -gt 0 ] || die_usage "no $tool arguments: give them after --"
    case $tool:$1 in
    arena:merge) die_usage "the arena arguments must describe a run, not a merge" ;;
    datagen:book | datagen:merge) die_usage "the datagen arguments must describe a self-play run, not '$1'" ;;
    esac
    while [ $# -gt 0 ]; do
        case $tool:$1 in
        arena:-games | datagen:-games)
            [ $# -ge 2 ] || die_usage "-games needs a value"
            read_games "$2"
            shift 2
            ;;
        arena:-concurrency | datagen:-threads)
            # The games a slice plays at once: the CPUs it asks Slurm for.
            [ $# -ge 2 ] || die_usage "$1 needs a value"
            check_count "$1" "$2" && games_at_once=$2
            slice_words="$slice_words $1 $(quote "$2")"
            shift 2
            ;;
        arena:-sprt)
            shift
            # The arena's own rule: KEY=VALUE words up to the next flag.
            while [ $# -gt 0 ]; do
                case $1 in
                -*) break ;;
                *=*) sprt_words="$sprt_words $(quote "$1")" && shift ;;
                *) break ;;
                esac
            done
            ;;
        arena:-rounds) die_usage "-rounds: give -games N instead (the slices are ranges of game numbers)" ;;
        arena:-pgnout) die_usage "-pgnout: the slices write DIR/part-K.pgn; give --dir DIR instead" ;;
        arena:-resume) die_usage "-resume: give --resume (with the same arguments) instead" ;;
        datagen:-out) die_usage "-out: the slices write DIR/part-K.txt and the merge DIR/data.txt; give --dir DIR instead" ;;
        datagen:-positions) die_usage "-positions: a slice cannot count the whole run's positions; give -games N instead" ;;
        arena:-help | arena:--help | datagen:-help | datagen:--help)
            die_usage "$1 among the $tool arguments: see tessera-$tool -help"
            ;;
        *)
            slice_words="$slice_words $(quote "$1")"
            shift
            ;;
        esac
    done
    if [ -z "$games_first" ]; then
        case $tool in
        arena) die_usage "the arena arguments need -games N or -games A..B: the games to split" ;;
        datagen) die_usage "the datagen arguments need -games N: the games to split" ;;
        esac
    fi
}

# -games VALUE: the arena's N or A..B (games numbered from 1); datagen's N
# only, the whole run's games (numbered from 0).
read_games() { # value
    case $tool:$1 in
    datagen:*..*) die_usage "-games $1: give -games N, the whole run's games (the slices are ranges of 0..N-1)" ;;
    datagen:*)
        check_count "-games" "$1"
        games_first=0 games_last=$(($1 - 1))
        ;;
    arena:*..*)
        check_count "-games A" "${1%%..*}"
        check_count "-games B" "${1#*..}"
        games_first=${1%%..*} games_last=${1#*..}
        [ "$games_first" -le "$games_last" ] || die_usage "-games $1: expected A..B with A <= B"
        ;;
    arena:*)
        check_count "-games" "$1"
        games_first=1 games_last=$1
        ;;
    esac
}

# Slice sizes from --slices or --slice-games (not both); sets slices and
# slice_games consistently.
plan_slices() {
    total=$((games_last - games_first + 1))
    if [ -n "$slices" ] && [ -n "$slice_games" ]; then
        die_usage "give --slices or --slice-games, not both"
    fi
    if [ -z "$slice_games" ]; then
        wanted=${slices:-$DEFAULT_SLICES}
        [ "$wanted" -le "$total" ] || wanted=$total
        slice_games=$(((total + wanted - 1) / wanted))
    fi
    slices=$(((total + slice_games - 1) / slice_games))
}

# The run.conf text of this run, on stdout: the same lines for both tools
# but tool= (datagen's only: a run.conf without it is an arena run) and
# sprt_words= (the arena's only).  Fails when a line cannot be written.
run_conf() {
    printf '%s\n' "# A run of tessera-$tool in slices, written by tools/cluster ($PROGRAM)." \
        "# Read by slice.sh and merge.sh; --resume requires it unchanged." &&
        { [ "$tool" = arena ] || printf 'tool=%s\n' "$tool"; } &&
        cat <<EOF &&
workdir=$(quote "$start_dir")
$tool=$(quote "$(tool_program)")
first=$games_first
last=$games_last
slice_games=$slice_games
slices=$slices
${tool}_words=$(quote "$slice_words")
EOF
        { [ "$tool" = datagen ] || printf 'sprt_words=%s\n' "$(quote "$sprt_words")"; }
}

# Checks the arguments against the run folder (a new run needs a folder
# that is absent or empty, --resume the same run.conf); write_run then
# writes run.conf.
check_run() {
    [ -n "$run_dir" ] || die_usage "--dir DIR is required"
    start_dir=$(pwd)
    plan_slices
    program=$(tool_program)
    (cd "$start_dir" && [ -f "$program" ] && [ -x "$program" ]) ||
        die_usage "--$tool $program: no executable file there (build it with make, or give --$tool PATH)"
    check_sprt
    mkdir -p "$run_dir" || die "cannot create $run_dir"
    run_dir=$(cd "$run_dir" && pwd) || die "cannot enter $run_dir"
    conf=$run_dir/run.conf
    check_nothing_plays
    if [ "$resume" = true ]; then
        [ -f "$conf" ] || die_usage "--resume: $run_dir holds no run (no run.conf)"
        run_conf >"$run_dir/run.conf.new" || die "cannot write in $run_dir"
        difference=$(conf_difference "$conf" "$run_dir/run.conf.new")
        rm -f "$run_dir/run.conf.new"
        [ -z "$difference" ] || die_usage "--resume: the arguments differ from the run in $run_dir: $difference"
        return 0
    fi
    # What --dry-run leaves (this run's run.conf, the sbatch scripts) is no run yet.
    if ! holds_only_dry_run_files || { [ -f "$conf" ] && ! run_conf | cmp -s "$conf" -; }; then
        die_usage "$run_dir is not empty: give --resume to continue the run there, or another --dir"
    fi
}

# The first difference between two run.conf files (the run's, this
# command's), in words; nothing when they describe the same run.  Their
# settings are compared, not their comments, which name the script that
# wrote them: either script may finish the other's run.
conf_difference() { # old new
    for key in $(sed -n 's/^\([a-z_]*\)=.*/\1/p' "$1" "$2" | awk '!seen[$0]++'); do
        was=$(sed -n "s/^$key=//p" "$1")
        now=$(sed -n "s/^$key=//p" "$2")
        [ "$was" != "$now" ] || continue
        case $key in
        *_words) # the words, quoted once more as one value
            eval "words_difference \"\$key\" $was $now" ;;
        *) echo "$(setting_name "$key"): the run has ${was:-nothing}, this command ${now:-nothing}" ;;
        esac
        return 0
    done
}

setting_name() { # run.conf key
    case $1 in
    workdir) echo "the folder it is started in" ;;
    first) echo "the first game (-games)" ;;
    last) echo "the last game (-games)" ;;
    slice_games) echo "the games per slice (--slices, --slice-games)" ;;
    slices) echo "the slices (--slices, --slice-games)" ;;
    arena | datagen) echo "--$1" ;;
    *) echo "$1" ;;
    esac
}

# The first word where two lists of quoted words differ.
words_difference() { # key was now
    case $1 in
    sprt_words) what="the -sprt values" ;;
    *) what="the ${1%_words} arguments" ;;
    esac
    was_count=$(eval "set -- $2" && echo $#)
    now_count=$(eval "set -- $3" && echo $#)
    i=1
    while :; do
        was_word=$(eval "set -- $2" && [ "$i" -le $# ] && eval "quote \"\${$i}\"")
        now_word=$(eval "set -- $3" && [ "$i" -le $# ] && eval "quote \"\${$i}\"")
        if [ "$i" -gt "$was_count" ] || [ "$i" -gt "$now_count" ] || [ "$was_word" != "$now_word" ]; then
            after=""
            [ "$i" -eq 1 ] || after=" (after $(eval "set -- $3" && eval "quote \"\${$((i - 1))}\""))"
            echo "$what, word $i$after: the run has ${was_word:-nothing}, this command ${now_word:-nothing}"
            return
        fi
        i=$((i + 1))
    done
}

# The merge computes the LLR after every game is played: bad -sprt values,
# or a run that is not of two engines, must be refused before, as the arena
# refuses them before its first game.  The arena itself checks the values
# (exit status 3), on no games.
check_sprt() {
    [ -n "$sprt_words" ] || return 0
    complaint=$(cd "$start_dir" && eval "set -- $sprt_words" &&
        "$arena_program" merge -sprt "$@" /dev/null 2>&1 >/dev/null)
    [ $? -ne 3 ] || die_usage "$(printf '%s\n' "$complaint" | head -n 1)"
    engines=$(eval "set -- $slice_words" && for word in "$@"; do [ "$word" != -engine ] || echo; done | wc -l)
    [ "$engines" -eq 2 ] || die_usage "-sprt needs exactly two engines, not $((engines))"
}

holds_only_dry_run_files() {
    for entry in "$run_dir"/* "$run_dir"/.[!.]* "$run_dir"/..?*; do
        [ -e "$entry" ] || continue
        case ${entry##*/} in
        run.conf | slices.sbatch | merge.sbatch) ;;
        *) return 1 ;;
        esac
    done
}

write_run() {
    [ "$resume" = true ] || run_conf >"$conf" || die "cannot write $conf"
}

# What the run will do, for the user, before it starts.
describe_run() {
    echo "$PROGRAM: games $games_first..$games_last in $slices slices of $slice_games in $run_dir"
    [ -z "$sprt_words" ] || echo "$PROGRAM: -sprt$sprt_words is computed at the merge; the slices play every game"
}

# Loads DIR's run.conf; sets run_dir (absolute) and the run's variables.
load_run() { # dir
    run_dir=$(cd "$1" 2>/dev/null && pwd) || die_usage "no run folder $1"
    [ -f "$run_dir/run.conf" ] || die_usage "$run_dir holds no run (no run.conf)"
    . "$run_dir/run.conf"
}

# --- Who plays the run: its Slurm jobs (DIR/jobs, a line per submission)
# and a parallel.sh playing it (DIR/parallel.lock: its pid and host).  Two
# writers on one slice would play its games twice into one file, which no
# later --resume can finish: a run is resumed, or submitted again, only
# when neither plays it.

check_nothing_plays() {
    check_slurm_jobs
    check_parallel_lock
}

# What cannot be told is refused too, unless --force.
unsure() { # what cannot be told
    if [ "$force" = true ]; then
        echo "$PROGRAM: $1; going on (--force)" >&2
    else
        die "$1: nothing started; give --force if you know that nothing plays the run"
    fi
}

# The job ids of DIR/jobs, comma-separated (nothing when there are none).
recorded_jobs() {
    [ ! -f "$run_dir/jobs" ] ||
        awk '!/^#/ { for (i = 1; i <= 2; i++) if ($i ~ /^[0-9]+$/) print $i }' "$run_dir/jobs" | paste -sd, -
}

# squeue -h -j IDS -o '%i %T': a line per job (an array's tasks: 701_3, or
# 701_[4-9] when pending) that Slurm still knows.  A job it no longer
# knows, or in a final state, has ended; a single unknown id makes squeue
# fail with "Invalid job id", which is that answer too.  Any other failure
# (no controller reachable) says nothing: unsure.
check_slurm_jobs() {
    ids=$(recorded_jobs)
    [ -n "$ids" ] || return 0
    if ! command -v squeue >/dev/null 2>&1; then
        unsure "squeue is not here: whether the run's Slurm jobs ($ids, in $run_dir/jobs) still run cannot be told"
        return 0
    fi
    complaints=$(mktemp) || die "cannot make a temporary file"
    answer=$(squeue -h -j "$ids" -o '%i %T' 2>"$complaints")
    squeue_status=$?
    complaint=$(head -n 1 "$complaints")
    rm -f "$complaints"
    if [ "$squeue_status" -ne 0 ]; then
        case $complaint in
        *'Invalid job id'*) return 0 ;;
        esac
        unsure "squeue failed (exit status $squeue_status${complaint:+: $complaint}): whether the run's Slurm jobs ($ids) still run cannot be told"
        return 0
    fi
    playing=$(printf '%s\n' "$answer" | awk 'NF >= 2 && $2 !~ /^(COMPLETED|CANCELLED|FAILED|TIMEOUT|NODE_FAIL|PREEMPTED|BOOT_FAIL|DEADLINE|OUT_OF_MEMORY|REVOKED)/ {
        printf "%s%s %s", sep, $1, $2; sep = ", " }')
    [ -z "$playing" ] ||
        die "the run in $run_dir still has Slurm jobs queued or running ($playing): wait until they end, or scancel $(echo "$ids" | tr , ' '), then run this again"
}

# A parallel.sh playing the run: on this host its pid tells (a lock left
# by one that was killed is removed); on another host nothing can be
# checked from here: unsure.
check_parallel_lock() {
    lock=$run_dir/parallel.lock
    [ -f "$lock" ] || return 0
    read -r lock_pid lock_host <"$lock"
    if [ "${lock_host:-}" = "$(uname -n)" ]; then
        ps -p "${lock_pid:-0}" >/dev/null 2>&1 ||
            { rm -f "$lock"; return 0; }
        die "parallel.sh (pid $lock_pid) is playing the run in $run_dir: wait until it ends, or stop it (kill $lock_pid), then run this again"
    fi
    unsure "parallel.sh (pid ${lock_pid:-?} on ${lock_host:-?}) may be playing the run in $run_dir: $lock says so, and it cannot be checked from $(uname -n)"
    rm -f "$lock"
}

# parallel.sh holds DIR/parallel.lock while it plays the run, and removes
# it when it ends (an interrupt too).
take_parallel_lock() {
    lock=$run_dir/parallel.lock
    (set -C && echo "$$ $(uname -n)" >"$lock") 2>/dev/null ||
        die "another parallel.sh has just started playing the run in $run_dir ($(cat "$lock" 2>/dev/null))"
    trap 'rm -f "$lock"' EXIT
    trap 'exit 130' INT
    trap 'exit 143' TERM
}

# Slice K's part: sets slice_first and slice_last (slice_range), part (its
# file), part_problem (what is wrong with it; empty when it holds all its
# games: for the arena each of A..B once, for datagen what the merge's own
# check, tessera-datagen merge -check, accepts, so that this check and the
# merge never disagree on a file) and part_repair (yes when two runs wrote
# the file: no --resume finishes it until it is repaired).
check_part() { # k
    slice_range "$1"
    part=$(part_file "$1")
    part_problem=""
    part_repair=""
    if [ "$tool" = arena ]; then
        check_arena_part
    elif [ ! -f "$part" ]; then
        part_problem="is missing: no $part"
    elif ! why=$(cd "${workdir:-.}" && "${datagen:-$(tool_program)}" merge -check "$part" 2>&1); then
        part_problem="is incomplete or damaged: ${why#tessera-datagen: merge: }"
    elif [ "$why" != "$part: games $slice_first..$slice_last, complete" ]; then
        part_problem="is not this slice's file: ${why#"$part: "}"
    fi
}

# check_part for an arena slice: its PGN holds each of A..B once.
check_arena_part() {
    twice=$(rounds_in "$part" | uniq -d)
    if [ -n "$twice" ]; then
        # The arena's repair keeps the first copy of each game.
        part_problem="holds $(printf '%s\n' "$twice" | wc -l | tr -d ' ') games twice (the first: game $(printf '%s\n' "$twice" | head -n 1)):"
        part_problem="$part_problem two runs wrote $part; '$arena repair $part' (in $workdir) keeps the first copy of each game"
        part_repair=yes
    elif [ "$(rounds_in "$part")" != "$(seq "$slice_first" "$slice_last")" ]; then
        part_problem="is incomplete: $(rounds_in "$part" | wc -l | tr -d ' ') games in $part"
    fi
}

# Slice K's part: DIR/part-K.pgn, or DIR/part-K.txt for datagen.
part_file() { # k
    if [ "$tool" = datagen ]; then echo "$run_dir/part-$1.txt"; else echo "$run_dir/part-$1.pgn"; fi
}

# The game numbers in a PGN file, sorted, one a line.
rounds_in() { sed -n 's/^\[Round "\([0-9]*\)"\]\r*$/\1/p' "$1" 2>/dev/null | sort -n; }

# The slices whose part is not complete, as ranges: 1-3,7.
incomplete_slices() {
    slice=1
    while [ "$slice" -le "$slices" ]; do
        check_part "$slice"
        [ -z "$part_problem" ] || echo "$slice"
        slice=$((slice + 1))
    done | awk 'NR == 1 { start = $1 } NR > 1 && $1 != end + 1 { printf "%s%s,", start, (end > start ? "-" end : ""); start = $1 }
        { end = $1 } END { if (NR) printf "%s%s\n", start, (end > start ? "-" end : "") }'
}

# Slice K's games: sets slice_first and slice_last.
slice_range() { # k
    check_count "slice" "$1"
    [ "$1" -le "$slices" ] || die_usage "slice $1: the run has $slices slices"
    slice_first=$((first + ($1 - 1) * slice_games))
    slice_last=$((slice_first + slice_games - 1))
    [ "$slice_last" -le "$last" ] || slice_last=$last
}

# For --dry-run: each slice's arena command and the merge command, as
# comments after the front-end's own.
print_slice_commands() {
    slice=1
    while [ "$slice" -le "$slices" ]; do
        printf '# slice %s: ' "$slice"
        sh "$CLUSTER_TOOLS/slice.sh" --print "$run_dir" "$slice" || exit 1
        slice=$((slice + 1))
    done
    printf '# then: sh %s %s\n' "$(quote "$CLUSTER_TOOLS/merge.sh")" "$(quote "$run_dir")"
}

# --- The schedulers' options (parallel.sh, slurm.sh; datagen.sh takes both)

# One option of SCHEDULER (parallel: GNU parallel's, slurm: Slurm's) at
# $2 (its value at $3): sets login_file, jobs, sbatch_words,
# merge_sbatch_words, max_running, cpus, time_limit or memory, and
# consumed, or returns 1.
login_file=""
jobs=""
sbatch_words=""
merge_sbatch_words=""
max_running=""
cpus=""
time_limit=""
memory=""
scheduler_option() { # scheduler option [value]
    case $1:$2 in
    parallel:--sshloginfile | parallel:--jobs) shift ;;
    slurm:--sbatch | slurm:--merge-sbatch | slurm:--max-running | slurm:--cpus-per-task | slurm:--time | slurm:--mem) shift ;;
    *) return 1 ;;
    esac
    [ $# -ge 2 ] || die_usage "$1 needs a value"
    case $1 in
    --sshloginfile)
        [ -f "$2" ] && [ -r "$2" ] || die_usage "--sshloginfile $2: no readable file there"
        login_file=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
        ;;
    --jobs) check_count "$1" "$2" && jobs=$2 ;;
    --sbatch)
        case $2 in
        -c | -c[0-9]* | --cpus-per-task*) die_usage "--sbatch $2: give --cpus-per-task N (the slices' CPUs; the merge needs one)" ;;
        esac
        sbatch_words="$sbatch_words $(quote "$2")"
        ;;
    --merge-sbatch) merge_sbatch_words="$merge_sbatch_words $(quote "$2")" ;;
    --max-running) check_count "$1" "$2" && max_running=$2 ;;
    --cpus-per-task) check_count "$1" "$2" && cpus=$2 ;;
    --time)
        case $2 in
        '' | *[!0-9:-]*) [ "$2" = UNLIMITED ] || die_usage "--time '$2': expected Slurm's form, minutes or [D-]HH:MM:SS (e.g. 90, 2:00:00, 1-12:00:00)" ;;
        esac
        time_limit=$2
        ;;
    --mem)
        case $2 in
        [1-9]*[KMGT] | [1-9]*) ;;
        *) die_usage "--mem '$2': expected a size, e.g. 4G or 500M" ;;
        esac
        case ${2%[KMGT]} in *[!0-9]*) die_usage "--mem '$2': expected a size, e.g. 4G or 500M" ;; esac
        memory=$2
        ;;
    esac
    consumed=2
}
parallel_option() { scheduler_option parallel "$@"; }
slurm_option() { scheduler_option slurm "$@"; }

# --- GNU parallel (parallel.sh, datagen.sh --parallel)

require_parallel() {
    if [ "$dry_run" = false ] && ! command -v parallel >/dev/null 2>&1; then
        die "GNU parallel is not installed (Debian, Ubuntu: apt-get install parallel)"
    fi
}

# Plays every slice of the prepared run on GNU parallel, then merges (the
# script ends here); with --dry-run prints the commands instead.
run_on_parallel() {
    # The GNU parallel command, as words: one job per slice number on stdin.
    set -- parallel --halt never --joblog "$run_dir/joblog"
    [ -z "$login_file" ] || set -- "$@" --sshloginfile "$login_file"
    [ -z "$jobs" ] || set -- "$@" --jobs "$jobs"
    set -- "$@" "sh $(quote "$CLUSTER_TOOLS/slice.sh") $(quote "$run_dir") {}"

    if [ "$dry_run" = true ]; then
        line="seq 1 $slices |"
        for word in "$@"; do line="$line $(quote "$word")"; done
        printf '%s\n' "$line"
        print_slice_commands
        exit 0
    fi

    # A second run in the same folder (--resume) starts a fresh job log.
    rm -f "$run_dir/joblog"
    seq 1 "$slices" | "$@"
    failed=$?
    if [ "$failed" -ne 0 ]; then
        echo "$PROGRAM: GNU parallel exit status $failed; the slices that failed (output in $run_dir/slice-K.log):" >&2
        # joblog columns: Seq Host Starttime JobRuntime Send Receive Exitval Signal Command...
        [ ! -f "$run_dir/joblog" ] ||
            awk 'NR > 1 && ($7 != 0 || $8 != 0) { print "  slice " $NF ": exit status " $7 ", signal " $8 }' \
                "$run_dir/joblog" >&2
        die "nothing merged; run the same command with --resume to finish the run"
    fi
    # Not exec: the lock is removed when the merge has ended.
    sh "$CLUSTER_TOOLS/merge.sh" "$run_dir"
    exit
}

# The whole --parallel run, once its command line is read: checks the run
# and writes run.conf, then plays it and merges (the script ends here).
play_on_parallel() {
    check_run
    require_parallel
    write_run
    [ "$dry_run" = true ] || take_parallel_lock
    describe_run
    run_on_parallel
}

# --- Slurm (slurm.sh, datagen.sh --slurm)

# The run folder is written into #SBATCH lines: a plain path only.
check_slurm_dir() {
    case $run_dir in
    /*) where=$run_dir ;;
    *) where=$(pwd)/$run_dir ;;
    esac
    case $where in
    *[!A-Za-z0-9_./+-]*) die_usage "--dir $where: #SBATCH lines need a plain path (letters, digits, _ . / + -)" ;;
    esac
}

require_sbatch() {
    if [ "$dry_run" = false ] && ! command -v sbatch >/dev/null 2>&1; then
        die "sbatch is not here: run this on a Slurm login node (or give --dry-run to see what it submits)"
    fi
}

# The CPUs a slice asks for: one per engine process.  An arena game holds
# two engines, both running the whole game (the one not to move waits,
# or ponders), and a CPU of its own keeps one engine's search from
# running on the other's clock: 2 per game at once (-concurrency);
# datagen's game is one search: 1 per game at once (-threads).
slice_cpus() {
    per_game=2
    [ "$tool" = arena ] || per_game=1
    needed=$((per_game * games_at_once))
    if [ -z "$cpus" ]; then
        cpus=$needed
    elif [ "$cpus" -lt "$needed" ]; then
        case $tool in
        arena) die_usage "--cpus-per-task $cpus: a slice plays $games_at_once games at once (-concurrency), each between two engine processes: give at least $needed" ;;
        *) die_usage "--cpus-per-task $cpus: a slice plays $games_at_once games at once (-threads): give at least $needed" ;;
        esac
    fi
}

# Writes DIR/slices.sbatch (an array job of the slices ARRAY, task K plays
# slice K; none when ARRAY is empty) and DIR/merge.sbatch.  Slurm names
# the output files by job and task (%A_%a, %j), so that a later
# submission keeps the earlier ones'.
write_sbatch_scripts() { # array
    [ -z "$1" ] || cat >"$run_dir/slices.sbatch" <<EOF || die "cannot write $run_dir/slices.sbatch"
#!/bin/sh
# Slices of the tessera-$tool run in $run_dir ($PROGRAM): task K plays slice K.
#SBATCH --job-name=tessera-slices
#SBATCH --array=$1
#SBATCH --cpus-per-task=$cpus
${time_limit:+#SBATCH --time=$time_limit
}${memory:+#SBATCH --mem=$memory
}#SBATCH --output=$run_dir/slurm-slice-%A_%a.out
exec sh $(quote "$CLUSTER_TOOLS/slice.sh") $run_dir "\$SLURM_ARRAY_TASK_ID"
EOF
    cat >"$run_dir/merge.sbatch" <<EOF || die "cannot write $run_dir/merge.sbatch"
#!/bin/sh
# Merge of the tessera-$tool run in $run_dir ($PROGRAM), after every slice.
#SBATCH --job-name=tessera-merge
#SBATCH --output=$run_dir/slurm-merge-%j.out
exec sh $(quote "$CLUSTER_TOOLS/merge.sh") $run_dir
EOF
}

# One line of DIR/jobs per submission: the slices' job (- when every slice
# was complete), the merge job (- when sbatch refused it), the time, the
# first sbatch command.
record_jobs() { # slices_job merge_job command
    jobs_file=$run_dir/jobs
    header=""
    [ -f "$jobs_file" ] ||
        header="# The Slurm jobs of this run, a line per submission: the slices' array job, the merge job, when (UTC), the sbatch command
"
    printf '%s%s\n' "$header" "$1 $2 $(date -u '+%Y-%m-%dT%H:%M:%SZ') $3" >>"$jobs_file" ||
        echo "$PROGRAM: cannot write $jobs_file: a --resume cannot check these jobs" >&2
}

# Submits the slices not yet complete (all of a new run; a --resume's
# incomplete ones only) as an array job, and the merge job after every one
# of them succeeded (alone when none is left); with --dry-run prints the
# submissions instead.
submit_to_slurm() {
    slice_cpus
    first=$games_first last=$games_last
    array=$(incomplete_slices)
    [ -z "$array" ] || [ -z "$max_running" ] || array=$array%$max_running
    write_sbatch_scripts "$array"
    # The first submission, recorded in DIR/jobs: the slices', or the
    # merge's alone.
    first_command="sbatch --parsable$sbatch_words $run_dir/slices.sbatch"
    merge_after=" --dependency=afterok:\$SLICES_JOB --kill-on-invalid-dep=yes"
    if [ -z "$array" ]; then
        first_command="sbatch --parsable$sbatch_words$merge_sbatch_words $run_dir/merge.sbatch"
        merge_after=""
    fi
    if [ "$dry_run" = true ]; then
        [ -z "$array" ] || echo "$first_command"
        echo "sbatch --parsable$merge_after$sbatch_words$merge_sbatch_words $run_dir/merge.sbatch"
        print_slice_commands
        exit 0
    fi

    eval "set -- $sbatch_words"
    slices_job=-
    if [ -n "$array" ]; then
        slices_job=$(sbatch --parsable "$@" "$run_dir/slices.sbatch") || die "sbatch refused the slices ($run_dir/slices.sbatch)"
        slices_job=${slices_job%%;*} # --parsable prints JOB or JOB;CLUSTER
        case $slices_job in
        '' | *[!0-9]*) die "sbatch answered '$slices_job', not a job id" ;;
        esac
        set -- --dependency="afterok:$slices_job" --kill-on-invalid-dep=yes "$@"
    fi
    eval "set -- \"\$@\" $merge_sbatch_words"
    if ! merge_job=$(sbatch --parsable "$@" "$run_dir/merge.sbatch"); then
        record_jobs "$slices_job" - "$first_command"
        die "sbatch refused the merge job; the slices run as job $slices_job: run 'sh $CLUSTER_TOOLS/merge.sh $run_dir' when they are done"
    fi
    merge_job=${merge_job%%;*}
    record_jobs "$slices_job" "$merge_job" "$first_command"
    if [ -n "$array" ]; then
        echo "$PROGRAM: slices: job $slices_job (array $array, $cpus CPUs each); merge: job $merge_job, after every slice succeeded"
    else
        echo "$PROGRAM: every slice is complete; merge: job $merge_job"
    fi
}

# The whole --slurm run, once its command line is read: checks the run and
# writes run.conf, then submits it (the front-end says where the output
# will be).
submit_run_to_slurm() {
    check_slurm_dir
    check_run
    require_sbatch
    write_run
    describe_run
    submit_to_slurm
}
