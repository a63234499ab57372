# lib.sh - what the protocol benchmarks of tools/bench/ share.  Sourced,
# never run.

# wait_for_line FILE PATTERN TICKS: waits, a twentieth of a second a tick,
# until FILE (an engine's output as it comes) has a line matching PATTERN
# or TICKS ticks have passed.  Feeding an engine the next command only
# then keeps a benchmark's commands in the order a GUI would send them.
wait_for_line() {
    waited=0
    while ! grep -q "$2" "$1" && [ "$waited" -lt "$3" ]; do
        sleep 0.05
        waited=$((waited + 1))
    done
}
