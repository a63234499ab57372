# daemons.sh - a one-node Slurm and an sshd on 127.0.0.1 in a scratch
# folder, for `make test-cluster` (tools/cluster/test-cluster.sh) and for
# measuring launchers by hand.  Sourced, never run:
#
#   . tools/cluster/daemons.sh
#   start_cluster SCRATCH     munged, slurmctld, slurmd and sshd, each with
#                             its files under SCRATCH; exports SLURM_CONF
#                             and puts an ssh that reaches them first on PATH
#                             (SSH_PORT, SSHD_PID: the listening sshd)
#   stop_cluster              stops every daemon start_cluster started
#
# Every file is under SCRATCH but /run/sshd, the empty folder sshd
# requires (Debian's /etc/slurm, /etc/munge and /etc/ssh are left alone), and the
# ports are free ones, so that it runs beside a real Slurm or another
# copy of itself.  It runs as root (slurmd starts job steps as their
# user), with slurm-wlm, munge and openssh-server installed.

cluster_pids=""

# A TCP port nothing listens on, from 20000 + (the shell's pid mod 20000)
# up: /proc/net/tcp lists the listening sockets (state 0A) in hex.
free_port() {
    port=$((20000 + ($$ * 7 + ${1:-0} * 131) % 20000))
    while grep -qi ":$(printf '%04X' "$port") [0-9A-F:]* 0A " /proc/net/tcp /proc/net/tcp6 2>/dev/null; do
        port=$((port + 1))
    done
    echo "$port"
}

# Waits up to SECONDS for COMMAND to succeed.
wait_for() { # seconds command...
    tries=$(($1 * 5))
    shift
    while ! "$@" >/dev/null 2>&1; do
        tries=$((tries - 1))
        [ "$tries" -gt 0 ] || return 1
        sleep 0.2
    done
}

start_munge() {
    mkdir -p "$CLUSTER/munge" && chmod 700 "$CLUSTER/munge" || return 1
    dd if=/dev/urandom of="$CLUSTER/munge/munge.key" bs=1024 count=1 2>/dev/null && chmod 400 "$CLUSTER/munge/munge.key" || return 1
    MUNGE_SOCKET=$CLUSTER/munge/munge.socket
    munged --foreground --force --key-file="$CLUSTER/munge/munge.key" --socket="$MUNGE_SOCKET" \
        --pid-file="$CLUSTER/munge/munged.pid" --log-file="$CLUSTER/munge/munged.log" \
        --seed-file="$CLUSTER/munge/munged.seed" >>"$CLUSTER/munge/munged.out" 2>&1 &
    cluster_pids="$cluster_pids $!"
    wait_for 10 test -S "$MUNGE_SOCKET"
}

# Slurm's process tracking: pgid (the default here) signals a job's process
# group, so an arena is told to stop and stops its engines itself;
# linuxproc (CLUSTER_PROCTRACK=linuxproc), like the cgroup tracking of real
# clusters, signals every process of the job at once, engines included.
CLUSTER_PROCTRACK=${CLUSTER_PROCTRACK:-pgid}

write_slurm_conf() {
    mkdir -p "$CLUSTER/slurm/state" "$CLUSTER/slurm/spool" || return 1
    memory=$(awk '/^MemTotal:/ { print int($2 / 1024 / 2) }' /proc/meminfo)
    cat >"$CLUSTER/slurm/slurm.conf" <<EOF
# A one-node Slurm for tools/cluster/test-cluster.sh: no cgroups, several
# steps share the node (cons_tres, CR_Core), every file in this folder.
ClusterName=tessera-test
SlurmctldHost=localhost
SlurmctldPort=$(free_port 1)
SlurmdPort=$(free_port 2)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$MUNGE_SOCKET
StateSaveLocation=$CLUSTER/slurm/state
SlurmdSpoolDir=$CLUSTER/slurm/spool/%n
SlurmctldPidFile=$CLUSTER/slurm/slurmctld.pid
SlurmdPidFile=$CLUSTER/slurm/slurmd.pid
SlurmctldLogFile=$CLUSTER/slurm/slurmctld.log
SlurmdLogFile=$CLUSTER/slurm/slurmd.log
ProctrackType=proctrack/$CLUSTER_PROCTRACK
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
MpiDefault=none
ReturnToService=2
SchedulerParameters=sched_interval=1
MinJobAge=600
KillWait=2
InactiveLimit=0
NodeName=localhost CPUs=$(nproc) RealMemory=$memory State=UNKNOWN
PartitionName=debug Nodes=localhost Default=YES MaxTime=INFINITE State=UP OverSubscribe=NO
EOF
    SLURM_CONF=$CLUSTER/slurm/slurm.conf
    export SLURM_CONF
}

start_slurm() {
    write_slurm_conf || return 1
    slurmctld -D -i -f "$SLURM_CONF" >>"$CLUSTER/slurm/slurmctld.out" 2>&1 &
    cluster_pids="$cluster_pids $!"
    wait_for 30 scontrol ping || return 1
    slurmd -D -N localhost -f "$SLURM_CONF" >>"$CLUSTER/slurm/slurmd.out" 2>&1 &
    cluster_pids="$cluster_pids $!"
    wait_for 60 sh -c 'sinfo -h -o %t | grep -Eq "^(idle|mix|alloc)"'
}

# sshd on 127.0.0.1 with host keys and root's authorized key made here;
# an `ssh` first on PATH adds what reaches it (port, key, no known hosts
# file), as a user's ~/.ssh/config would.
start_sshd() {
    mkdir -p "$CLUSTER/ssh/bin" && chmod 700 "$CLUSTER/ssh" || return 1
    ssh-keygen -q -t ed25519 -N '' -f "$CLUSTER/ssh/host_key" && ssh-keygen -q -t ed25519 -N '' -f "$CLUSTER/ssh/user_key" &&
        cp "$CLUSTER/ssh/user_key.pub" "$CLUSTER/ssh/authorized_keys" || return 1
    SSH_PORT=$(free_port 3)
    cat >"$CLUSTER/ssh/sshd_config" <<EOF
ListenAddress 127.0.0.1
Port $SSH_PORT
HostKey $CLUSTER/ssh/host_key
PidFile $CLUSTER/ssh/sshd.pid
AuthorizedKeysFile $CLUSTER/ssh/authorized_keys
PermitRootLogin prohibit-password
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
MaxStartups 100:30:200
MaxSessions 100
SetEnv SLURM_CONF=$SLURM_CONF
EOF
    mkdir -p /run/sshd
    # -D: in the foreground, so that its pid is ours to stop; -e: its log
    # to stderr, which goes to a file.
    "$(command -v sshd)" -D -e -f "$CLUSTER/ssh/sshd_config" >>"$CLUSTER/ssh/sshd.log" 2>&1 &
    SSHD_PID=$!
    cluster_pids="$cluster_pids $SSHD_PID"
    real_ssh=$(command -v ssh)
    cat >"$CLUSTER/ssh/bin/ssh" <<EOF
#!/bin/sh
exec $real_ssh -p $SSH_PORT -i $CLUSTER/ssh/user_key -o IdentitiesOnly=yes -o UserKnownHostsFile=/dev/null \\
    -o StrictHostKeyChecking=no -o LogLevel=ERROR "\$@"
EOF
    chmod +x "$CLUSTER/ssh/bin/ssh"
    PATH=$CLUSTER/ssh/bin:$PATH
    export PATH
    wait_for 20 ssh -o BatchMode=yes 127.0.0.1 true
}

start_cluster() { # scratch
    CLUSTER=$1
    mkdir -p "$CLUSTER" || return 1
    CLUSTER=$(cd "$CLUSTER" && pwd)
    start_munge || { echo "munged did not start: $(cat "$CLUSTER/munge/"*.log 2>/dev/null | tail -n 3)" >&2; return 1; }
    start_slurm || { echo "Slurm did not start: $(tail -n 5 "$CLUSTER/slurm/"*.log 2>/dev/null)" >&2; return 1; }
    start_sshd || { echo "sshd did not start: $(tail -n 5 "$CLUSTER/ssh/sshd.log" 2>/dev/null)" >&2; return 1; }
}

# Stops the daemons (jobs first, so that no step is left), newest first.
stop_cluster() {
    [ -n "$cluster_pids" ] || return 0
    scancel --full --quiet --user=root 2>/dev/null
    sleep 1
    for pid in $(echo "$cluster_pids" | tr ' ' '\n' | sed '1!G;h;$!d'); do
        kill "$pid" 2>/dev/null
    done
    for pid in $cluster_pids; do
        wait "$pid" 2>/dev/null
    done
    cluster_pids=""
}
