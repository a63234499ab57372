#!/bin/sh
# reproducible.sh - the checkout's folder is not in the programs (the
# Makefile maps it away with -ffile-prefix-map), so that one commit builds
# the same engine file in any folder: a tuning run's -resume compares the
# engine file's contents, and a run started in one checkout goes on from
# another checkout of the same commit, or another machine's.
. "$(dirname "$0")/../protocol/lib.sh"

ROOT=$(pwd)
for program in tessera tessera-tune tessera-arena; do
    file=$BUILD/$program
    if [ ! -x "$file" ]; then
        continue
    fi
    if grep -qF -- "$ROOT" "$file"; then
        not_ok "$program holds the checkout's folder $ROOT (its contents change with the folder it is built in)"
    else
        ok "$program does not hold the checkout's folder"
    fi
done
finish
