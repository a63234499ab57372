# lib_launcher.sh - what the tests of engines started through a launcher
# share (tests/arena/launcher.sh, tests/tune/launcher.sh): sourced after the
# test's own lib.sh (check, $WORK), not run (a file directly in tests/ is
# no test of tests/run.sh).
#
# Sourcing it puts the stand-ins for srun and ssh (tests/fakes/srun,
# tests/fakes/ssh: they record their arguments to $LAUNCHER_RECORD, run
# the engine here, and inject the faults of tests/fakes/launcher_faults.sh)
# first on PATH, and sets SLURM_JOB_ID, as inside a Slurm allocation (srun
# is refused outside one).
#
#   started LOG [WHO]   the "started ... through ..." lines of a log (of
#                       the engines named WHO, e.g. "t2:", when given)
#   expect_threads_on_hosts LOG MIN NAME THREAD:HOST...
#                       for each THREAD:HOST, the engines thread THREAD
#                       started in LOG, MIN or more, all went through
#                       'ssh -o BatchMode=yes HOST'; NAME, the check's name,
#                       is a printf format of THREAD and HOST
mkdir -p "$WORK/bin"
cp tests/fakes/srun tests/fakes/ssh tests/fakes/launcher_faults.sh "$WORK/bin/"
chmod +x "$WORK/bin/srun" "$WORK/bin/ssh"
PATH="$WORK/bin:$PATH"
SLURM_JOB_ID=4242
export PATH SLURM_JOB_ID

started() { grep " ${2:-}[^ ]* # started " "$1"; }

# (Its variables are named apart from check's, which sets name.)
expect_threads_on_hosts() {
    threads_log=$1 threads_min=$2 threads_name=$3
    shift 3
    for pair in "$@"; do
        thread=${pair%%:*}
        host=${pair#*:}
        mine=$(started "$threads_log" "$thread:" | wc -l)
        right=$(started "$threads_log" "$thread:" | grep -c "through 'ssh -o BatchMode=yes $host'")
        # shellcheck disable=SC2059 # the name is a format
        check "$(printf "$threads_name" "$thread" "$host") ($right of $mine)" \
            [ "$mine" -ge "$threads_min" -a "$right" -eq "$mine" ]
    done
}
