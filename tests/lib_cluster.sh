# lib_cluster.sh - what the tests of tools/cluster share
# (tests/arena/cluster.sh, tests/datagen/slices.sh): sourced after the
# test's own lib.sh ($WORK), not run (a file directly in tests/ is no test
# of tests/run.sh).
#
#   install_parallel   installs GNU parallel from Debian's packages when it
#                      is absent and this is root with apt-get; the apt
#                      output goes to $WORK/apt.log.  One try per build
#                      folder (build/.parallel-install-tried): a machine
#                      without the package mirror pays the apt timeouts
#                      once, not again for the next build variant or test.
#   stand_in_sbatch    writes $WORK/bin/sbatch, a stand-in for Slurm's that
#                      records its arguments in $WORK/sbatch-calls (a line
#                      a call) and answers job 701, 702, ... ("JOB;CLUSTER",
#                      as --parsable does)
#   stand_in_squeue    writes $WORK/bin/squeue, which records its arguments
#                      in $WORK/squeue-calls and prints $WORK/squeue-answer
#                      (lines "JOB STATE", as -h -o '%i %T' does; none
#                      when the file is absent), or, when $WORK/squeue-fails
#                      exists, prints it on stderr and exits 1
#   stand_in_sinfo     writes $WORK/bin/sinfo, which records its arguments
#                      in $WORK/sinfo-calls and prints $WORK/sinfo-answer
install_parallel() {
    install_tried=build/.parallel-install-tried
    if ! command -v parallel >/dev/null 2>&1 && [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1 &&
        [ ! -f "$install_tried" ]; then
        echo "installing GNU parallel: apt-get install -y parallel"
        mkdir -p build && : >"$install_tried"
        export DEBIAN_FRONTEND=noninteractive
        timeout 40 apt-get install -y parallel >"$WORK/apt.log" 2>&1 ||
            { timeout 40 apt-get update && timeout 40 apt-get install -y parallel; } >>"$WORK/apt.log" 2>&1
    fi
}

stand_in_sbatch() {
    mkdir -p "$WORK/bin"
    cat >"$WORK/bin/sbatch" <<EOF
#!/bin/sh
echo "\$*" >>"$WORK/sbatch-calls"
echo "\$((700 + \$(wc -l <"$WORK/sbatch-calls")));cluster1"
EOF
    chmod +x "$WORK/bin/sbatch"
}

stand_in_squeue() {
    mkdir -p "$WORK/bin"
    cat >"$WORK/bin/squeue" <<EOF
#!/bin/sh
echo "\$*" >>"$WORK/squeue-calls"
if [ -f "$WORK/squeue-fails" ]; then
    cat "$WORK/squeue-fails" >&2
    exit 1
fi
cat "$WORK/squeue-answer" 2>/dev/null
exit 0
EOF
    chmod +x "$WORK/bin/squeue"
}

stand_in_sinfo() {
    mkdir -p "$WORK/bin"
    cat >"$WORK/bin/sinfo" <<EOF
#!/bin/sh
echo "\$*" >>"$WORK/sinfo-calls"
cat "$WORK/sinfo-answer"
EOF
    chmod +x "$WORK/bin/sinfo"
}
