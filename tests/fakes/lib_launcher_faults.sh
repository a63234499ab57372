# lib_launcher_faults.sh - the faults the stand-ins for ssh and srun
# (tests/fakes/ssh, tests/fakes/srun) inject, sourced by them from the
# folder they were copied to (tests/lib_launcher.sh copies it beside them;
# a stand-in copied without it injects nothing).
# Starts are counted per launcher in $LAUNCHER_RECORD, from 1, the one
# being made included (run one game at a time for exact counts):
#
#   LAUNCHER_FAIL_STARTS="3 4"  these starts fail before the engine runs
#                               (ssh: a refused connection, exit 255;
#                               srun: a step that cannot be created, exit 1)
#   LAUNCHER_FAIL_FROM=K        every start from the K'th on fails so
#   LAUNCHER_DROP_STARTS="5"    these starts lose their connection once
#                               LAUNCHER_DROP_AFTER lines (default 5; empty
#                               lines, the arena's nudges, not counted) have
#                               reached the engine (ssh: exit 255)
#   LAUNCHER_PEND_STARTS="5"    these starts never start the engine (srun:
#                               a step waiting for resources, until killed)
#
# launcher_fault NAME prints "fail", "drop", "pend" or nothing for this
# start of the launcher NAME.
launcher_fault() {
    start=$(grep -c "^$1 " "${LAUNCHER_RECORD:-/dev/null}")
    for k in ${LAUNCHER_FAIL_STARTS:-}; do
        [ "$k" != "$start" ] || { echo fail; return; }
    done
    if [ -n "${LAUNCHER_FAIL_FROM:-}" ] && [ "$start" -ge "$LAUNCHER_FAIL_FROM" ]; then
        echo fail
        return
    fi
    for k in ${LAUNCHER_DROP_STARTS:-}; do
        [ "$k" != "$start" ] || { echo drop; return; }
    done
    for k in ${LAUNCHER_PEND_STARTS:-}; do
        [ "$k" != "$start" ] || { echo pend; return; }
    done
}
