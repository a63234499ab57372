#!/bin/sh
# loop.sh - the learning loop as one command: each generation plays
# self-play data with the current net, trains a new net on it, and gates
# the new net against the current one with the arena (SPRT); the new net
# becomes the current one only if it passes.  See --help.
set -u
PROGRAM=loop.sh
TOOLS=$(cd "$(dirname "$0")/.." && pwd)

usage() {
    cat <<'EOF'
loop.sh - the learning loop: self-play data, training, an arena gate, per generation

Usage:
  tools/loop/loop.sh --dir DIR --game ID [OPTIONS]
  tools/loop/loop.sh --dir DIR --step data|train|gate --generation K [OPTIONS]

Each generation K (1, 2, ...) in DIR/gen-K/:
  data   tessera-datagen plays --games games with the current net (the
         classic evaluation until a net has passed; --start NET to begin
         from one): data.txt
  train  tessera-train on this generation's data and the --history - 1
         generations before it: net.nn (train.log)
  gate   tessera-arena, the new net against the current one at --gate-tc,
         paired openings, SPRT elo0 0 elo1 --elo1, at most --gate-games
         games: gate.pgn, gate.txt; verdict is 'kept' when H1 is accepted
         (DIR/current.nn becomes this net), else 'rejected'
Every step's output is kept: a run that is started again goes on from the
first step not finished, and --step reruns one step of one generation alone
(its later steps are then run again too).  DIR/loop.conf holds the options
that decide the results; a rerun with other values is refused.

Options:
  --dir DIR            the run folder (required; created)
  --game ID            the game (required on the first run)
  --generations N      generations to reach (default 2)
  --games N            self-play games per generation (default 2000)
  --nodes N            nodes per self-play move (default 5000)
  --plies N            random opening plies of self-play (default 4)
  --epochs N           training epochs (default 20)
  --hidden N           the net's first layer (default 64)
  --history N          generations of data a net trains on (default 2)
  --backend ID         the backend of self-play and of the gate's engines:
                       alphabeta (default) or mcts (whose data carries the
                       search's visits, a policy head's targets)
  --policy N           0 (default): value nets; 1 or 2: nets with a policy
                       head (tessera-train -policy), and the gate's engines
                       read it: with mcts, MctsPolicy N (1: children valued
                       lazily, 2: every child evaluated); with alphabeta,
                       AbPolicyOrder 1
  --gate-games N       at most N gate games (default 1000, even: pairs)
  --gate-tc TC         the gate's limit, as the arena's -each (default st=0.1)
  --elo1 E             the SPRT's H1 (default 10; H0 is 0)
  --openings FILE      the gate's openings (default tools/books/GAME.txt when
                       there is one, else random plies=4)
  --start NET          the first current net (default: classic evaluation)
  --seed S             the base seed (default 1): generation K plays seed S*1000+K
  --slots N            CPUs to use (default: the cores here): datagen threads
                       or slices, training threads, and the gate's concurrency
                       (half of N through a launcher: each engine of a game
                       then holds a CPU of its own)
  --launcher WORDS     play data slices and gate engines through WORDS (e.g.
                       'srun --exclusive -n1 -c1' inside a Slurm allocation,
                       'ssh -o BatchMode=yes {host}' with --launcher-hosts):
                       the data in --slots slices (tools/cluster/slice.sh),
                       merged byte for byte into the one-machine file
  --launcher-hosts F   the hosts for {host}, one a line: slot k uses host k mod N
  --bin DIR            the programs' folder (default build)
  --step STEP          rerun one step (data, train or gate) of --generation K
  --generation K       with --step
  --help / -h          this text

Exit status: 0 done, 1 a step failed (its log names why), 2 bad arguments or
a rerun with other result-deciding options than DIR/loop.conf.
EOF
}

die_usage() {
    echo "$PROGRAM: $1" >&2
    echo "$PROGRAM: see $PROGRAM --help" >&2
    exit 2
}
die() {
    echo "$PROGRAM: $1" >&2
    exit 1
}
say() { echo "loop: $*"; }

whole_number() { # NAME VALUE [MIN]
    case "$2" in
    '' | *[!0-9]*) die_usage "$1 '$2' is not a whole number" ;;
    esac
    [ "$2" -ge "${3:-0}" ] || die_usage "$1 must be at least ${3:-0}"
}

dir="" game="" generations=2 games=2000 nodes=5000 plies=4 epochs=20 hidden=64 history=2 backend=alphabeta policy=0
gate_games=1000 gate_tc=st=0.1 elo1=10 openings="" start=classic seed=1
slots=$(nproc 2>/dev/null || echo 2) launcher="" launcher_hosts="" bin=build step="" generation=""
while [ $# -gt 0 ]; do
    case "$1" in
    -h | --help) usage; exit 0 ;;
    --dir | --game | --generations | --games | --nodes | --plies | --epochs | --hidden | --history | \
        --backend | --policy | --gate-games | --gate-tc | --elo1 | --openings | --start | --seed | --slots | --launcher | \
        --launcher-hosts | --bin | --step | --generation)
        [ $# -ge 2 ] || die_usage "$1 needs a value"
        name=$(echo "${1#--}" | tr - _)
        eval "$name=\$2"
        shift 2
        ;;
    *) die_usage "unknown argument '$1'" ;;
    esac
done

[ -n "$dir" ] || die_usage "--dir is required"
for pair in "--generations $generations 1" "--games $games 2" "--nodes $nodes 1" "--plies $plies 0" \
    "--epochs $epochs 1" "--hidden $hidden 1" "--history $history 1" "--gate-games $gate_games 2" \
    "--seed $seed 0" "--slots $slots 1"; do
    set -- $pair
    whole_number "$@"
done
[ $((gate_games % 2)) -eq 0 ] || die_usage "--gate-games must be even (openings are played in pairs)"
case "$backend" in alphabeta | mcts) ;; *) die_usage "--backend must be alphabeta or mcts, not '$backend'" ;; esac
case "$policy" in 0 | 1 | 2) ;; *) die_usage "--policy must be 0, 1 or 2, not '$policy'" ;; esac
case "$elo1" in '' | *[!0-9.]*) die_usage "--elo1 '$elo1' is not a positive number" ;; esac
case "$step" in
'') [ -z "$generation" ] || die_usage "--generation goes with --step" ;;
data | train | gate) whole_number --generation "$generation" 1 ;;
*) die_usage "--step must be data, train or gate" ;;
esac
if [ -n "$launcher_hosts" ]; then
    case "$launcher" in *'{host}'*) ;; *) die_usage "--launcher-hosts needs a --launcher with {host}" ;; esac
    [ -r "$launcher_hosts" ] || die_usage "cannot read --launcher-hosts $launcher_hosts"
else
    case "$launcher" in *'{host}'*) die_usage "--launcher has {host} but no --launcher-hosts" ;; esac
fi
# As the arena refuses it, before any step: srun where no allocation is
# would make each slice and engine a job of its own.
launcher_program=$(echo $launcher | cut -d' ' -f1)
if [ "${launcher_program##*/}" = srun ] && [ -z "${SLURM_JOB_ID:-}" ]; then
    die_usage "--launcher '$launcher': srun outside a Slurm allocation (SLURM_JOB_ID is not set): start the loop inside one (salloc, or an sbatch script)"
fi
for program in tessera-datagen tessera-train tessera-arena tessera; do
    [ -x "$bin/$program" ] || die_usage "no $bin/$program (make, or give --bin)"
done

# --- the configuration: what decides the results, kept in DIR/loop.conf

mkdir -p "$dir" || die "cannot make $dir"
conf="$dir/loop.conf"
if [ -f "$conf" ]; then
    [ -n "$game" ] || game=$(sed -n 's/^game=//p' "$conf")
fi
[ -n "$game" ] || die_usage "--game is required"
if [ -z "$openings" ]; then
    [ -f "$TOOLS/books/$game.txt" ] && openings="file=$TOOLS/books/$game.txt order=sequential" || openings="random plies=4"
else
    [ -r "$openings" ] || die_usage "cannot read --openings $openings"
    openings="file=$(cd "$(dirname "$openings")" && pwd)/$(basename "$openings") order=sequential"
fi
if [ "$start" != classic ]; then
    [ -r "$start" ] || die_usage "cannot read --start $start"
    start=$(cd "$(dirname "$start")" && pwd)/$(basename "$start")
fi

described() {
    printf 'game=%s\ngames=%s\nnodes=%s\nplies=%s\nepochs=%s\nhidden=%s\nhistory=%s\n' \
        "$game" "$games" "$nodes" "$plies" "$epochs" "$hidden" "$history"
    printf 'gate_games=%s\ngate_tc=%s\nelo1=%s\nopenings=%s\nstart=%s\nseed=%s\n' \
        "$gate_games" "$gate_tc" "$elo1" "$openings" "$start" "$seed"
    # Only where not the default: runs begun before these options resume.
    [ "$backend" = alphabeta ] || printf 'backend=%s\n' "$backend"
    [ "$policy" = 0 ] || printf 'policy=%s\n' "$policy"
}
if [ -f "$conf" ]; then
    now="$dir/.loop.conf.now"
    described >"$now"
    # A line on either side: an option at its default has none.
    difference=$(diff "$conf" "$now" | sed -n 's/^[<>] //p' | head -n 1)
    key=${difference%%=*}
    now_value=$(grep "^$key=" "$now" || echo "$key at its default")
    rm -f "$now"
    [ -z "$difference" ] ||
        die_usage "$dir was started with other options: now $now_value, then $(grep "^$key=" "$conf" || echo "$key at its default")"
else
    described >"$conf"
fi

# --- the steps

gen_dir() { echo "$dir/gen-$1"; }

# The net generation K plays and is gated against: the last kept before K.
current_before() {
    net=$start
    k=1
    while [ "$k" -lt "$1" ]; do
        [ "$(cat "$(gen_dir "$k")/verdict" 2>/dev/null)" = kept ] && net=$(cd "$(gen_dir "$k")" && pwd)/net.nn
        k=$((k + 1))
    done
    echo "$net"
}

# launcher_for SLOT: the launcher's words for that slot.
launcher_for() {
    if [ -z "$launcher_hosts" ]; then
        echo "$launcher"
        return
    fi
    host=$(sed -e 's/#.*//' -e 's/^[ \t]*//' -e 's/[ \t]*$//' "$launcher_hosts" | grep -v '^$' |
        awk -v k="$1" '{ h[NR] = $0 } END { print h[k % NR + 1] }')
    echo "$launcher" | sed "s/{host}/$host/g"
}

run_data() { # K
    gen=$1
    g=$(gen_dir "$gen")
    net=$(current_before "$gen")
    set -- -game "$game" -games "$games" -nodes "$nodes" -plies "$plies" -seed $((seed * 1000 + gen)) -eval "$net" \
        -backend "$backend"
    if [ -z "$launcher" ]; then
        "$bin/tessera-datagen" "$@" -threads "$slots" -out "$g/data.txt" >"$g/data.log" 2>&1 ||
            die "generation $gen: data failed: $g/data.log"
    else
        slices=$((slots < games ? slots : games))
        resume=""
        [ -f "$g/slices/run.conf" ] && resume=--resume
        # datagen.sh --dry-run prepares the slices and prints the GNU
        # parallel command it would run, which the loop does not run:
        # data.log keeps datagen.sh's own lines, then each command the
        # loop runs, with its output.
        sh "$TOOLS/cluster/datagen.sh" --parallel --dry-run --dir "$g/slices" --slices "$slices" \
            --datagen "$bin/tessera-datagen" $resume -- "$@" >"$g/prepare.out" 2>&1
        prepared=$?
        grep "^datagen.sh: " "$g/prepare.out" >"$g/data.log"
        rm -f "$g/prepare.out"
        [ "$prepared" -eq 0 ] || die "generation $gen: the data's slices cannot be set up: $g/data.log"
        slice=1
        while [ "$slice" -le "$slices" ]; do
            set -- $(launcher_for $((slice - 1))) sh "$TOOLS/cluster/slice.sh" "$g/slices" "$slice"
            echo "loop: $*" >>"$g/data.log"
            "$@" >>"$g/data.log" 2>&1 &
            slice=$((slice + 1))
        done
        wait
        echo "loop: sh $TOOLS/cluster/merge.sh $g/slices" >>"$g/data.log"
        sh "$TOOLS/cluster/merge.sh" "$g/slices" >>"$g/data.log" 2>&1 ||
            die "generation $gen: the data's slices failed: $g/data.log"
        cp "$g/slices/data.txt" "$g/data.txt" || die "cannot copy $g/slices/data.txt"
    fi
    : >"$g/data.done"
    say "generation $gen: $(grep -vc '^#' "$g/data.txt") positions played by $net"
}

run_train() { # K
    gen=$1
    g=$(gen_dir "$gen")
    rm -f "$g/net.nn" "$g/net.nn.ckpt"
    first=$((gen - history + 1))
    [ "$first" -ge 1 ] || first=1
    set --
    data_gen=$first
    while [ "$data_gen" -le "$gen" ]; do
        set -- "$@" "$(gen_dir "$data_gen")/data.txt"
        data_gen=$((data_gen + 1))
    done
    [ "$policy" = 0 ] || set -- "$@" -policy
    "$bin/tessera-train" -game "$game" -data "$@" -out "$g/net.nn" -epochs "$epochs" -hidden "$hidden" \
        -seed "$seed" -threads "$slots" >"$g/train.log" 2>&1 || die "generation $gen: training failed: $g/train.log"
    : >"$g/train.done"
    say "generation $gen: net.nn trained on the data of generations $first to $gen"
}

# The arena's words for a net: a name and its options (the backend's, and
# with --policy the head's use: a net without a head plays as before).
engine_of() { # NAME NET
    searching="option.Backend=$backend"
    if [ "$policy" != 0 ]; then
        [ "$backend" = mcts ] && searching="$searching option.MctsPolicy=$policy" ||
            searching="$searching option.AbPolicyOrder=1"
    fi
    if [ "$2" = classic ]; then
        echo "name=$1 option.Eval=classic $searching"
    else
        echo "name=$1 option.Eval=nn option.EvalFile=$2 $searching"
    fi
}

run_gate() { # K
    gen=$1
    g=$(gen_dir "$gen")
    current=$(current_before "$gen")
    rm -f "$g/gate.pgn" "$g/gate.txt"
    games_at_once=$slots
    [ -z "$launcher" ] || games_at_once=$((slots / 2 > 0 ? slots / 2 : 1))
    set -- -game "$game" -engine cmd="$bin/tessera" $(engine_of new "$(cd "$g" && pwd)/net.nn") \
        -engine cmd="$bin/tessera" $(engine_of current "$current") -each "$gate_tc" option.Hash=16 \
        -openings $openings -repeat -games "$gate_games" -concurrency "$games_at_once" -seed $((seed * 1000 + gen)) \
        -sprt elo0=0 elo1="$elo1" -pgnout "$g/gate.pgn"
    [ -z "$launcher" ] || set -- "$@" -launcher "$launcher"
    [ -z "$launcher_hosts" ] || set -- "$@" -launcher-hosts "$launcher_hosts"
    "$bin/tessera-arena" "$@" >"$g/gate.txt" 2>&1
    status=$?
    [ "$status" -eq 0 ] || die "generation $gen: the gate failed (exit $status): $g/gate.txt"
    if grep -q -- ' - H1 accepted' "$g/gate.txt"; then echo kept; else echo rejected; fi >"$g/verdict"
    say "generation $gen: $(cat "$g/verdict") ($(grep -m1 '^Elo' "$g/gate.txt" || echo 'no Elo line'))"
}

done_marker() { # K STEP
    case "$2" in
    data) echo "$(gen_dir "$1")/data.done" ;;
    train) echo "$(gen_dir "$1")/train.done" ;;
    gate) echo "$(gen_dir "$1")/verdict" ;;
    esac
}

step_order() { # STEP
    case "$1" in data) echo 0 ;; train) echo 1 ;; gate) echo 2 ;; esac
}

# A step rerun alone forgets itself and every step after it: the later
# steps of its generation and every step of the later generations (their
# data is played by the net its gate keeps, their nets train on its data).
forget_from() { # K STEP
    k=$1
    while [ -d "$(gen_dir "$k")" ]; do
        for s in data train gate; do
            if [ "$k" -gt "$1" ] || [ "$(step_order "$s")" -ge "$(step_order "$2")" ]; then
                rm -f "$(done_marker "$k" "$s")"
            fi
        done
        k=$((k + 1))
    done
}

if [ -n "$step" ]; then
    [ -d "$(gen_dir "$generation")" ] || die_usage "no generation $generation in $dir yet"
    forget_from "$generation" "$step"
fi

now=1
while [ "$now" -le "$generations" ]; do
    mkdir -p "$(gen_dir "$now")"
    for now_step in data train gate; do
        [ -f "$(done_marker "$now" "$now_step")" ] && continue
        "run_$now_step" "$now"
    done
    now=$((now + 1))
done
# DIR/current.nn: the last net kept, the one the next generation would play.
current=$(current_before $((generations + 1)))
if [ "$current" = "$start" ]; then
    rm -f "$dir/current.nn"
    say "no net passed its gate: the current one stays $start"
else
    cp "$current" "$dir/current.nn" || die "cannot write $dir/current.nn"
    say "current net: $dir/current.nn (from $current)"
fi
